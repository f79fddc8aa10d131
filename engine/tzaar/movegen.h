/* movegen.h — legal actions of a TZAAR position and the end-of-game rules.
 *
 * Generation is staged so a search can ask for captures alone and stop early.
 * A finished game has no legal actions: tz_gen_actions() returns 0 once a
 * trinity loss has happened, and at the start of a turn with no capture. */
#ifndef TRIAD_MOVEGEN_H
#define TRIAD_MOVEGEN_H

#include "position.h"

/* Upper bound on the legal actions of any position: 30 stacks x 6 directions
 * plus pass, or 60 points x 3 types when placing. */
#define MAX_ACTIONS 192

/* Every legal action; returns the count (0 when the game is over). */
int tz_gen_actions(const position *p, action *out);
/* Captures available to the side to act, ignoring phase and winner. */
int tz_gen_captures(const position *p, action *out);
/* Stacking actions available to the side to act. */
int tz_gen_stacks(const position *p, action *out);
bool tz_has_capture(const position *p);

/* The winner (WHITE/BLACK) or -1 while the game goes on; *ending (if not NULL)
 * gets END_TRINITY or END_NO_CAPTURE. */
int tz_game_winner(const position *p, int *ending);

/* True when a is one of tz_gen_actions(p). */
bool tz_action_is_legal(const position *p, action a);

#endif
