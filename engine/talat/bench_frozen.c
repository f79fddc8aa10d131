/* bench_frozen.c — the frozen-board test's cost for `triad bench --game
 * talat` (game_def.bench_extra): the boards met after every move of
 * seeded random 3-player games, each tested exactly (no cache: the search
 * with the page's shortcuts) and through a cache, as the game uses it. */
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/prng.h"
#include "talat.h"

#define BENCH_GAMES 300
#define BENCH_BOARDS 120000

typedef struct board_sample {
    uint32_t o0, o1;
    uint8_t type[TL_SQ];
} board_sample;

/* The boards after every move of BENCH_GAMES random games; their count. */
static size_t collect(board_sample *out)
{
    talat p;
    game_action list[TL_MAX_ACTIONS];
    char err[128];
    size_t k = 0;
    xoshiro256 rng;
    xoshiro_seed(&rng, 1);
    for (int g = 0; g < BENCH_GAMES && k < BENCH_BOARDS; g++) {
        if (tl_setup(&p, "random", 3, (uint64_t)g, err, sizeof err))
            return k;
        for (int n; k < BENCH_BOARDS && (n = tl_legal(&p, list)) > 0;) {
            tl_apply(&p, list[xoshiro_below(&rng, (uint64_t)n)], NULL);
            for (int b = 0; b < TL_BOARDS && k < BENCH_BOARDS; b++) {
                out[k].o0 = p.occ[b][0];
                out[k].o1 = p.occ[b][1];
                memcpy(out[k].type, p.type[b], TL_SQ);
                k++;
            }
        }
    }
    return k;
}

int talat_bench_extra(int runs, game_bench_figure *out, int max)
{
    board_sample *boards = malloc(BENCH_BOARDS * sizeof *boards);
    tl_fcache *cache = malloc(sizeof *cache);
    double t_exact[100], t_cached[100];
    if (!boards || !cache || max < 2) {
        free(boards);
        free(cache);
        return 0;
    }
    size_t k = collect(boards);
    volatile unsigned live = 0; /* keeps the calls from being optimised away */
    runs = runs < 1 ? 1 : runs > 100 ? 100 : runs;
    for (int r = 0; r < runs; r++) {
        double t0 = clock_seconds();
        for (size_t i = 0; i < k; i++)
            live += tl_board_live(boards[i].o0, boards[i].o1, boards[i].type, NULL);
        t_exact[r] = clock_seconds() - t0;
        memset(cache, 0, sizeof *cache);
        t0 = clock_seconds();
        for (size_t i = 0; i < k; i++)
            live += tl_board_live(boards[i].o0, boards[i].o1, boards[i].type, cache);
        t_cached[r] = clock_seconds() - t0;
    }
    double n = k ? (double)k : 1;
    out[0] = (game_bench_figure){ "frozen test, exact", "ns per call", 1e9 * clock_median(t_exact, runs) / n };
    out[1] = (game_bench_figure){ "frozen test, cached", "ns per call", 1e9 * clock_median(t_cached, runs) / n };
    free(boards);
    free(cache);
    (void)live; /* read once: clang warns of a volatile only ever written */
    return 2;
}
