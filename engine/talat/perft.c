/* perft.c — Talat's perft: leaves of the action tree at a depth, every
 * placement, move, capture and forced pass one ply.  The frozen test's
 * cache is the caller's, shared by the whole tree.  Every action is
 * applied, the last ply's too (what `triad bench` calls make/unmake at
 * every node): the frozen test after a move is part of the cost. */
#include "talat.h"

uint64_t tl_perft(const talat *p, int depth, tl_fcache *cache)
{
    if (depth == 0)
        return 1;
    game_action acts[TL_MAX_ACTIONS];
    int n = tl_legal(p, acts);
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        talat child = *p;
        tl_apply(&child, acts[i], cache);
        leaves += tl_perft(&child, depth - 1, cache);
    }
    return leaves;
}
