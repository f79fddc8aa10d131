/* bench.h — TZAAR's benchmark suite and signatures behind `triad bench`.
 *
 * A fixed list of positions, each with a perft depth and a search depth
 * (game.h's game_bench_pos).  Two sums over it are signatures: the perft
 * leaf count changes only when move generation changes, and the node count
 * of a fixed-depth alpha-beta search (tz_game_search_nodes) changes when move
 * generation, evaluation or search change.  Either changing means the games
 * played change, which is why the tests pin both (docs/performance.md). */
#ifndef TRIAD_BENCH_H
#define TRIAD_BENCH_H

#include <stdint.h>
#include "engine/game.h"

/* The search signature's fixed parameters: the default weights, a table of
 * the default "ab" player's size (player.c; fixed here so that changing that
 * default does not move the signature), and this seed for the root order. */
#define TZAAR_BENCH_TT_MB 16
#define TZAAR_BENCH_SEED 1

extern const game_bench_pos tz_bench_positions[]; /* terminated by a NULL name */

/* game.h's perft hook: tz_perft() with make/unmake at every node. */
uint64_t tz_game_perft(void *state, int depth);
/* The same with the last ply counted, not made (perft_bulk). */
uint64_t tz_game_perft_bulk(void *state, int depth);

/* game.h's search_nodes hook: the nodes of a depth-limited search of the
 * position (default weights, TZAAR_BENCH_TT_MB, TZAAR_BENCH_SEED); 0 for a
 * position that is over or still in placement, where the searcher does not
 * run, and UINT64_MAX when out of memory for the table.  scratch: as in
 * game.h; a kept searcher starts each search afresh (its table's new
 * generation reads as empty, tt.h), so the count does not depend on it. */
uint64_t tz_game_search_nodes(void **scratch, const void *state, int depth);
/* search_scratch_free: frees what tz_game_search_nodes kept. */
void tz_game_search_scratch_free(void *scratch);

#endif
