/* bias_sided.h — the most one-sided setups of rotated runs, for the bias
 * study's web page (bias_html.c): the rotation groups in which one
 * arrangement of pieces ranked first alone in every game. */
#ifndef TRIAD_BIAS_SIDED_H
#define TRIAD_BIAS_SIDED_H

#include <stddef.h>
#include <stdint.h>
#include "records/dedup.h"
#include "records/record.h"

/* A rotation group (the R games of one setup and replicate: ids
 * g0 .. g0 + R - 1) of one file in which the same arrangement of pieces
 * ranked first alone in every game: the setup, not the seat, decided it.
 * TZAAR's paired games are R = 2. */
typedef struct bias_one_sided {
    int file;
    int rotations;                  /* R */
    uint64_t id;                    /* g0 */
    uint64_t seq[GAME_MAX_PLAYERS]; /* every game's place in the file */
    int turns;                      /* the group's games together */
    int holder;                     /* the seat holding the arrangement in game g0 */
    int setup;
} bias_one_sided;

/* The one-sided groups of files (file i is index i), the quickest (fewest
 * turns over the group) first; a game read twice counts once, as the view
 * site counts it.  *out is malloc'd (NULL when none).  0, or -1 with a
 * message in err. */
int bias_one_sided_find(const char *const *files, int nfiles, bias_one_sided **out, size_t *nout, char *err,
                        size_t n);

#endif
