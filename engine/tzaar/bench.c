/* bench.c — the benchmark positions and the two hooks over them (bench.h).
 * The midgame positions come from random games; they are written out so the
 * suite never depends on anything but the engine. */
#include <stddef.h>
#include <stdlib.h>
#include "bench.h"
#include "eval.h"
#include "movegen.h"
#include "perft.h"
#include "search.h"
#include "setup.h"

/* Perft depths, then search depths (plies).  The perft depths are those of
 * the suite before the search depths came, so the perft signature stays
 * 2285253452; the search depths put a comparable effort on every position
 * (searches from a full board are far wider than from an endgame), about
 * 2 s in all, optimised. */
const game_bench_pos tz_bench_positions[] = {
    { "fixed setup", TZ_SETUP_FIXED_TEXT, 5, 5 }, /* 1,557,472,755 */
    { "random setup 1", "BACCCcBCBCcCAAbacCcBbbBCacbbcaCcCbCbbcccaacCBcABCCcCcabBcAAB w 0", 4, 4 },
    { "random setup 2", "CCaccACcccbaCcCBCaCBBcbBcabBbCACACcccbcaBcCcaCCAcBCAbAbBCbBb w 0", 4, 4 },
    { "random setup 3", "ccBcCbaBCCcCacCcCbbcbcbCCcCCBabBBcAAaBcccCBaaAACACbCCbccAbBB w 0", 4, 4 },
    { "midgame, black", "..B2...C3..c3.aac.b..bcb2.BC2.Bcb..bC.CBb.CC..CcAC.c.cAAaBAccb.CB b 2", 5, 7 },
    { "midgame, white", "c..c3aCC2..C.B...C3cC2CB.CBA.b2..a.B.B.c....cba..B2..Ac.b2bc..a.bc. w 2", 5, 7 },
    { "endgame", "....C5.....c5b...b.c.b2..c2a.c.c...a2c.A2C.....b.BB..c..B.B4BaAA.BC b 2", 6, 9 },
    { NULL, NULL, 0, 0 },
};

uint64_t tz_game_perft(void *state, int depth)
{
    return tz_perft(state, depth);
}

uint64_t tz_game_perft_bulk(void *state, int depth)
{
    return tz_perft_bulk(state, depth);
}

/* What a kept searcher needs beside it: the weights it points at. */
typedef struct bench_scratch {
    eval_weights w;
    searcher *s;
} bench_scratch;

void tz_game_search_scratch_free(void *scratch)
{
    bench_scratch *b = scratch;
    if (b) {
        tz_searcher_free(b->s);
        free(b);
    }
}

uint64_t tz_game_search_nodes(void **scratch, const void *state, int depth)
{
    const position *p = state;
    if (p->phase == PHASE_PLACE || tz_game_winner(p, NULL) >= 0)
        return 0;
    bench_scratch *b = scratch ? *scratch : NULL;
    if (!b) {
        if (!(b = malloc(sizeof *b)))
            return UINT64_MAX;
        tz_eval_weights_default(&b->w);
        if (!(b->s = tz_searcher_new(TZAAR_BENCH_TT_MB, &b->w))) {
            free(b);
            return UINT64_MAX;
        }
    }
    search_limits lim = { .depth = depth };
    search_report r;
    tz_search_run(b->s, p, &lim, TZAAR_BENCH_SEED, &r);
    if (scratch)
        *scratch = b;
    else
        tz_game_search_scratch_free(b);
    return r.nodes;
}
