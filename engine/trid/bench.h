/* bench.h — TRID's figures of its own for `triad bench` (bench.c):
 * self-play games per second for 2, 3 and 4 players. */
#ifndef TRIAD_TRID_BENCH_H
#define TRIAD_TRID_BENCH_H

#include "engine/game.h"

/* Fills out[0..] with up to max figures, each the median of runs timings;
 * returns how many. */
int trid_bench_extra(const game_def *g, int runs, game_bench_figure *out, int max);

#endif
