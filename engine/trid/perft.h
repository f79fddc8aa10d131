/* perft.h — TRID's perft (leaves at a depth; a turn is one ply, a finished
 * game has none) and its bench positions. */
#ifndef TRIAD_TRID_PERFT_H
#define TRIAD_TRID_PERFT_H

#include "engine/game.h"
#include "position.h"

/* Every action made and taken back, the last ply's too (what `triad
 * bench` times); the bulk count lists the last ply without making it. */
uint64_t trid_perft(const trid_state *s, int depth);
uint64_t trid_perft_bulk(const trid_state *s, int depth);
extern const game_bench_pos trid_bench[];

#endif
