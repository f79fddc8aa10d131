/* movegen.h — TRID's legal actions (the rules page: jumpers, sliders, the
 * chief, controlled cells, triangles formed and their swaps), and how many
 * there are, for the evaluation. */
#ifndef TRIAD_TRID_MOVEGEN_H
#define TRIAD_TRID_MOVEGEN_H

#include "pos.h"

/* The legal actions of s in ascending order (position.h's encoding), into
 * out (TRID_MAX_ACTIONS); the single TRID_PASS when the side to move has
 * no move; 0 once the game is over. */
int trid_legal(const void *s, uint32_t *out);
/* The same on a position (the search's and perft's hot path). */
int trid_pos_legal(const trid_pos *p, uint32_t *out);
/* Seat me's actions as if it were to move, the game not over. */
int trid_pos_actions(const trid_pos *p, int me, uint32_t *out);
/* How many actions trid_pos_actions(p, me) lists (1 for the lone pass),
 * without listing them; adds to hits[k] how many of them end on the cell
 * of seat k's chief, for every other seat k in the game. */
int trid_pos_count(const trid_pos *p, int me, int hits[TRID_MAX_PLAYERS]);

#endif
