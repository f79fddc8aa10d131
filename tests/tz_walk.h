/* tz_walk.h — TZAAR positions for the tests that check a property on many
 * of them: random games walked to their end, and a position's stacks copied
 * onto a fresh board (to change the side to act, or swap the colours). */
#ifndef TRIAD_TESTS_TZ_WALK_H
#define TRIAD_TESTS_TZ_WALK_H

#include <stdint.h>
#include "engine/tzaar/position.h"

/* Calls fn on every position of `games` random games (setups seeded
 * setup_seed0, setup_seed0 + 1, ...; game g's actions drawn with seed g),
 * from the setup to the end. */
void tz_walk_games(int games, uint64_t setup_seed0, void (*fn)(const position *));

/* q gets p's stacks, each colour XORed with colour_xor (1 swaps them),
 * on a board left for tz_pos_finish(). */
void tz_copy_stacks(const position *p, position *q, int colour_xor);

#endif
