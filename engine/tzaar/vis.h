/* vis.h — who sees whom on a TZAAR board, kept up to date action by action.
 *
 * Two stacks see each other when the points between them on a line are
 * empty; every capture in TZAAR is between two such stacks.  The searcher
 * evaluates hundreds of thousands of positions a second, and finding the
 * stacks each stack sees along its six rays was half its time (eval.c's
 * pass over every stack).  Here the relation is maintained instead: each
 * action empties one point and changes the stack on another, so only the
 * pairs through those two points change.
 *
 * Kept per position: for every occupied point, the first occupied point in
 * each direction (nb); for each colour, how many of its stacks can capture
 * the stack on each point (att) and their sum (the capture actions it
 * has); tz_vis_attacks() reads the set of stacks it can capture off att.
 *
 * Points only ever become empty during play (placement is not searched),
 * and make/unmake nest, so an emptied point's own neighbour entries stay as
 * they were and unmaking re-links it exactly.  Builds with -DTRIAD_DEBUG
 * re-derive everything after make and unmake (vis_check; how often:
 * core/debug.h). */
#ifndef TRIAD_TZ_VIS_H
#define TRIAD_TZ_VIS_H

#include <stdbool.h>
#include <stdint.h>
#include "position.h"

typedef struct vis {
    uint8_t nb[GEO_POINTS][GEO_DIRS]; /* occupied points only; GEO_NONE: the edge or the hole */
    uint8_t att[2][64];               /* att[c][p]: c's stacks that can capture the stack on p */
    int captures[2];                  /* capture actions of colour c, phase aside */
} vis;

/* The stacks colour c can capture (att[c] above zero). */
bitboard tz_vis_attacks(const vis *v, int c);

/* From scratch. */
void tz_vis_init(vis *v, const position *p);

/* Applies a (any play-phase action, pass included) to both p and v, and
 * takes it back; u is pos_make's undo record. */
void tz_vis_make(vis *v, position *p, action a, undo *u);
void tz_vis_unmake(vis *v, position *p, action a, const undo *u);

/* NULL when v matches p, else a static description of the mismatch. */
const char *tz_vis_check(const vis *v, const position *p);

/* True when colour c can capture an enemy stack that is the last of its
 * type: the capture wins at once. */
static inline bool vis_wins_now(const vis *v, const position *p, int c)
{
    for (int t = 0; t < PIECE_TYPES; t++)
        if (p->count[c ^ 1][t] == 1 && v->att[c][__builtin_ctzll(p->tops[t] & p->occ[c ^ 1])])
            return true;
    return false;
}

#endif
