/* player.h — TRID's own player kinds for the game interface: "greedy"
 * (one ply) and "ab" (paranoid alpha-beta; alpha-beta for 2 players), both
 * over the evaluation w . features (features.h, data/weights/trid.txt). */
#ifndef TRIAD_TRID_PLAYER_H
#define TRIAD_TRID_PLAYER_H

#include "engine/game.h"

extern const game_player_kind *const trid_player_kinds[];

/* Nodes of a fixed-depth ab search from s (1 <= depth <= 8) with the
 * default weights: the bench's search signature. */
uint64_t trid_search_nodes(const game_def *g, const void *s, int depth);

#endif
