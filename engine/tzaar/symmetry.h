/* symmetry.h — the symmetries of TZAAR: the board's 12 (six rotations about
 * the hole, each with or without a reflection) and, in the play phases, the
 * colour swap (every piece changes colour and so does the side to act).
 *
 * A symmetry is a number g in [0, SYM_ALL): board part g % SYM_BOARD, which
 * reflects (x, y) -> (y, x) when it is 6 or more and then turns the board by
 * (g % 6) * 60 degrees, (x, y) -> (x + y, -x) per turn (axial coordinates,
 * geometry.h); colour swap when g >= SYM_BOARD.  The rules treat both
 * colours alike once White's opening capture is made, so the swap applies in
 * PHASE_FIRST and PHASE_SECOND only: an opening or placement position with
 * the colours swapped would have Black starting, which the rules forbid.
 *
 * The searching players use tz_sym_canonical(): they search the one image of a
 * position that every image shares and map the answer back, so a position
 * and all its symmetric images are played alike (docs/players.md,
 * "Symmetry and ties"). */
#ifndef TRIAD_SYMMETRY_H
#define TRIAD_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>
#include "position.h"

#define SYM_BOARD 12
#define SYM_ALL 24

/* sym_point[g][p]: where board symmetry g (< SYM_BOARD) sends point p;
 * sym_dir[g][d]: where it sends direction d.  Filled by tz_init(). */
extern uint8_t tz_sym_point[SYM_BOARD][GEO_POINTS];
extern uint8_t tz_sym_dir[SYM_BOARD][GEO_DIRS];

/* Fills the tables (idempotent, thread-safe; tz_init() calls it). */
void tz_sym_init(void);
/* The symmetry that undoes g. */
int tz_sym_inverse(int g);
/* True when g is a symmetry of p's game: a board symmetry always, a colour
 * swap in the play phases only. */
bool tz_sym_applies(const position *p, int g);
/* out = g(p), hash included; g must apply to p.  out may not alias p. */
void tz_sym_position(const position *p, int g, position *out);
/* The image of action a (played in p) in g(p). */
action tz_sym_action(action a, int g);
/* The canonical image of p: the least, in a fixed order of contents, of the
 * images g(p) over the symmetries that apply, so every image of p has the
 * same one.  Writes it to out (not aliasing p) and the symmetries that
 * produce it to maps[] (at least one; several when p has symmetries of its
 * own) and returns their count. */
int tz_sym_canonical(const position *p, position *out, uint8_t maps[SYM_ALL]);

#endif
