/* race3.h — a toy game for the test suite only (registered testing_only):
 * 2 to 4 players (3 by design) race tokens round a track of 8 squares.
 *
 * Each square holds 0..3 points.  The seats act in turn, 0, 1, 2, ...; an
 * action moves the actor's token 1, 2 or 3 squares on (round the track):
 * the actor collects the points of the square it lands on, whose value then
 * goes up by one (3 wraps to 0).  After 4 rounds the game is over; scores
 * are the points, so ties happen.  Setups: "fixed" (a set board) and
 * "random" (values drawn from the seed); tokens start two squares apart.
 *
 * Position text: "PLAYERS TURN TO_ACT BOARD POSITIONS POINTS", e.g. the
 * fixed start for 3 players "3 0 0 10203012 0,2,4 0,0,0": TURN counts the
 * actions played, BOARD is the 8 square values, then each seat's square and
 * points.  An action is "1", "2" or "3", the squares moved.
 *
 * It exists to prove that the drivers assume nothing of TZAAR (more than
 * two players, points, ties, no codec of its own, no game-specific
 * player) and to run the conformance suite on a second game. */
#ifndef TRIAD_RACE3_H
#define TRIAD_RACE3_H

#include "engine/game.h"

extern const game_def game_race3;

/* How often the registry called race3's init(): the test that init runs
 * exactly once reads it. */
int race3_init_calls(void);

#endif
