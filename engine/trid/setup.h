/* setup.h — TRID's start positions and seat permutation. */
#ifndef TRIAD_TRID_SETUP_H
#define TRIAD_TRID_SETUP_H

#include <stddef.h>
#include "engine/game.h"
#include "position.h"

/* The start for the number of players on the board called name (setup
 * names are board names: "hex5").  0, or -1 with a message. */
int trid_setup(trid_state *s, const char *name, int players, char *err, size_t n);

/* Seat k's pieces, turn and result go to seat perm[k], each piece carried
 * by the board rotation that takes seat k's start edge to seat perm[k]'s:
 * a seat's pieces keep their place relative to its own edge.  A start (or
 * any position, under a permutation that is a symmetry of the seating: a
 * rotation for 2 and 3 players) becomes the same position seen from the
 * other seats; other mid-game permutations may put two pieces on one cell,
 * but perm then its inverse always gives back the state. */
void trid_permute(void *s, const int perm[GAME_MAX_PLAYERS]);

#endif
