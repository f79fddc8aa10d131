/* bench.c — self-play speed for `triad bench --game trid`
 * (game_def.bench_extra): whole games of the seat study's player,
 * ab:depth=3,noise=10 in every seat (scripts/study-trid.sh; depth 2 before
 * issue 23), from hex5's start for 2, 3 and 4 players, each ply seeded from
 * (game, ply).  The figure is games per second on one thread, the median
 * of the runs: what a self-play worker does. */
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"
#include "core/clock.h"
#include "core/prng.h"
#include "engine/players.h"
#include "movegen.h"

#define BENCH_GAMES 6
#define BENCH_PLAYER "ab:depth=3,noise=10"

/* Seconds for BENCH_GAMES games of `players` seats; -1 on error. */
static double play_games(const game_def *g, gplayer *p, int players)
{
    char err[128];
    double t0 = clock_seconds();
    for (uint64_t game = 0; game < BENCH_GAMES; game++) {
        trid_state s;
        if (g->setup(&s, "hex5", players, 0, err, sizeof err))
            return -1;
        uint64_t seeds = game;
        while (!g->over(&s))
            g->apply(&s, gplayer_choose(p, &s, splitmix64(&seeds)));
    }
    return clock_seconds() - t0;
}

int trid_bench_extra(const game_def *g, int runs, game_bench_figure *out, int max)
{
    static const char *const names[] = { "self-play, 2 players (" BENCH_PLAYER ")",
                                         "self-play, 3 players (" BENCH_PLAYER ")",
                                         "self-play, 4 players (" BENCH_PLAYER ")" };
    char err[256];
    gplayer *p = gplayer_new(g, BENCH_PLAYER, err, sizeof err);
    if (!p)
        return 0;
    runs = runs < 1 ? 1 : runs > 100 ? 100 : runs;
    int k = 0;
    for (int players = 2; players <= 4 && k < max; players++) {
        double t[100];
        int r = 0;
        while (r < runs && (t[r] = play_games(g, p, players)) > 0)
            r++;
        if (r < runs)
            break;
        out[k++] = (game_bench_figure){ names[players - 2], "games/s", BENCH_GAMES / clock_median(t, runs) };
    }
    gplayer_free(p);
    return k;
}
