/* player.h — Talat's own player kinds, greedy and ab (player.c). */
#ifndef TRIAD_TALAT_PLAYER_H
#define TRIAD_TALAT_PLAYER_H

#include "talat.h"

extern const game_player_kind *const tl_player_kinds[];
uint64_t tl_search_nodes(const game_def *g, const void *s, int depth);

#endif
