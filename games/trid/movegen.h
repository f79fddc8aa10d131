/* movegen.h — TRID's legal actions (the rules page: jumpers, sliders, the
 * chief, controlled cells, triangles formed and their swaps). */
#ifndef TRIAD_TRID_MOVEGEN_H
#define TRIAD_TRID_MOVEGEN_H

#include "position.h"

/* The legal actions of s in ascending order (position.h's encoding), into
 * out (TRID_MAX_ACTIONS); the single TRID_PASS when the side to move has
 * no move; 0 once the game is over. */
int trid_legal(const trid_state *s, uint32_t *out);

#endif
