/* perft.c — TRID's perft and bench positions (perft.h): make and unmake
 * on one position (pos.h), at every node or (bulk) all but the last ply. */
#include <string.h>
#include "movegen.h"
#include "perft.h"

static uint64_t perft(trid_pos *p, int depth, bool bulk)
{
    uint32_t list[TRID_MAX_ACTIONS];
    int n = trid_pos_legal(p, list);
    if (depth == 1 && bulk)
        return (uint64_t)n;
    uint64_t nodes = 0;
    trid_undo u;
    for (int i = 0; i < n; i++) {
        trid_pos_make(p, list[i], &u);
        nodes += depth == 1 ? 1 : perft(p, depth - 1, bulk);
        trid_pos_unmake(p, list[i], &u);
    }
    return nodes;
}

uint64_t trid_perft(const trid_state *s, int depth)
{
    if (depth == 0)
        return 1;
    trid_pos p;
    trid_pos_build(&p, s);
    return perft(&p, depth, false);
}

uint64_t trid_perft_bulk(const trid_state *s, int depth)
{
    if (depth == 0)
        return 1;
    trid_pos p;
    trid_pos_build(&p, s);
    return perft(&p, depth, true);
}

/* The rules page's positions, with the depths its figures go to (triad
 * bench runs them in full; the suite checks them in tests/test_trid.c). */
const game_bench_pos trid_bench[] = {
    { "start, 2 players", "hex5 2 Ca10,Sa8,Sa9,Ja11,Ja12/Cj10,Sj11,Sj12,Jj8,Jj9 0 0", 4, 5 },
    { "start, 3 players", "hex5 3 Ca10,Sa8,Sa9,Ja11,Ja12/Ch3,Sh4,Si4,Jg2,Jg3/Ch17,Sg17,Sg18,Jh16,Ji16 0 0", 3, 4 },
    { "start, 4 players",
      "hex5 4 Ca10,Sa8,Sa9,Ja11,Ja12/Cc3,Sd2,Sd3,Jb4,Jc4/Cj10,Sj11,Sj12,Jj8,Jj9/Ch17,Sg17,Sg18,Jh16,Ji16 0 0", 3, 4 },
    { "T2 (2 players)", "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7", 3, 4 },
    { "T3 (3 players)", "hex5 3 Ci11,Sa8,Se6,Ja12,Jb10/x/Ch17,Sg17,Sg18,Jh16,Ji16 2 12", 3, 4 },
    { NULL, NULL, 0, 0 },
};
