/* perft.c — see perft.h. */
#include "movegen.h"
#include "perft.h"

/* The last ply on its own: with no recursive call inside the loop the
 * compiler keeps make/unmake's working set in registers. */
static uint64_t perft_last(position *p)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    undo u;
    for (int i = 0; i < n; i++) {
        pos_make(p, list[i], &u);
        pos_unmake(p, list[i], &u);
    }
    return (uint64_t)n;
}

uint64_t tz_perft(position *p, int depth)
{
    if (depth <= 1)
        return depth == 1 ? perft_last(p) : 1;
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    uint64_t nodes = 0;
    undo u;
    for (int i = 0; i < n; i++) {
        pos_make(p, list[i], &u);
        nodes += tz_perft(p, depth - 1);
        pos_unmake(p, list[i], &u);
    }
    return nodes;
}

uint64_t tz_perft_bulk(position *p, int depth)
{
    action list[MAX_ACTIONS];
    if (depth == 0)
        return 1;
    int n = tz_gen_actions(p, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t nodes = 0;
    undo u;
    for (int i = 0; i < n; i++) {
        pos_make(p, list[i], &u);
        nodes += tz_perft_bulk(p, depth - 1);
        pos_unmake(p, list[i], &u);
    }
    return nodes;
}
