/* timeman.h — time management: a game clock turned into a limit for one
 * action.
 *
 * A seat whose clock shows `remaining` ms, with `inc` ms added after each of
 * its actions, may spend on this action its remaining time spread over the
 * actions it still expects to take, plus the increment, but never more than
 * the remaining time less a reserve for the answer to travel back (and never
 * more than 3/4 of it).  The actions it expects to take come from the game
 * (game_def.actions_left) or, for a game that declares nothing, from a
 * default horizon that shrinks as the game's turns pass.  `triad engine`
 * hands the result to its player as `ms` (docs/protocol.md, "Clocks"); the
 * engine player (engine/player_engine.c) uses it for programs that speak
 * protocol 1 and know no clock. */
#ifndef TRIAD_TIMEMAN_H
#define TRIAD_TIMEMAN_H

#include <stdint.h>
#include "engine/game.h"

/* Actions assumed left for a game that declares none: TIMEMAN_HORIZON less
 * the turns each seat has played, never below TIMEMAN_MIN_LEFT. */
#define TIMEMAN_HORIZON 40
#define TIMEMAN_MIN_LEFT 10

/* The actions the seat to act in s expects to take still, this one
 * included (at least 1). */
double timeman_actions_left(const game_def *g, const void *s);

/* The limit in ms (at least 1) for the seat to act in s. */
uint64_t timeman_budget(const game_def *g, const void *s, uint64_t remaining, uint64_t inc);

#endif
