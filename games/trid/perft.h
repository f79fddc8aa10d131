/* perft.h — TRID's perft (leaves at a depth; a turn is one ply, a finished
 * game has none) and its bench positions. */
#ifndef TRIAD_TRID_PERFT_H
#define TRIAD_TRID_PERFT_H

#include "games/game.h"
#include "position.h"

uint64_t trid_perft(const trid_state *s, int depth);
extern const game_bench_pos trid_bench[];

#endif
