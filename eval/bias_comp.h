/* bias_comp.h — points compensation (komi) for games scored in points
 * (issue 39, item 3): from finished games, the points to add by turn order
 * that would make the seats level, as Go's komi makes its two seats level.
 * `triad bias --compensation` prints them; docs/bias.md, "Points
 * compensation", gives the models and docs/talat.md what a komi parameter
 * must change in Talat's scoring.
 *
 * Two targets, each for every turn position j (0: the seat to act at the
 * start, then the next):
 *
 * - Shares.  Offsets k_j summing to 0 (so a game's total is unchanged)
 *   that make every position's expected share of the points 1/n:
 *   E[(P_j + k_j) / T] = 1/n, T the game's total, so
 *   k_j = (1/n - mean share_j) / mean(1/T), a ratio of two means with a
 *   cluster-robust delta-method interval (t, clusters - 1 degrees of
 *   freedom), clusters the setups (a setup's rotations share its start).
 *   The same as points given to the later movers, the first mover's 0
 *   (k_j - k_0 = (share_0 - share_j) / mean(1/T), its own interval): the
 *   form a rule would take.  Games where nobody scored have no shares and
 *   are left out (counted).
 * - First places (2 or 3 seats).  The komi in half points, the first
 *   mover's 0, that brings every position's rate of first places nearest
 *   1/n (least squares), searched on the half-point grid within
 *   BIAS_COMP_WINDOW points of the share komi; a tie on the adjusted points
 *   shares the first place (1/t each: the game's own tie-break, which a
 *   komi rule would keep, is not in the records' scores), and the games so
 *   tied are counted.  Its intervals are percentiles of a bootstrap over
 *   setups.  This is the target of a rule: a game's result is its ranking.
 *
 * Both take the players' play as it was: players who knew of a komi might
 * play otherwise, which only new self-play under the komi can show. */
#ifndef TRIAD_BIAS_COMP_H
#define TRIAD_BIAS_COMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/game.h"
#include "stats.h"

#define BIAS_COMP_WINDOW 10  /* points either side of the share komi searched for first places */
#define BIAS_COMP_FIRSTS_MAX 3 /* first places are fitted for 2 or 3 seats */

/* The games of one setup kind: each game's points by turn position and
 * whether the game's own ranks put that position first (1/t when t share
 * it), and its setup (the cluster of every interval). */
typedef struct bias_comp_rows {
    int players;
    double *points;   /* rows x players */
    double *first;    /* rows x players */
    uint64_t *setup;
    size_t rows, cap;
} bias_comp_rows;

void bias_comp_init(bias_comp_rows *r, int players);
void bias_comp_free(bias_comp_rows *r);
/* One game: points[j] and ranks[j] of turn position j (ranks by the game's
 * rules, 0 first), and its setup key.  0, or -1 out of memory. */
int bias_comp_add(bias_comp_rows *r, const double *points, const int *ranks, uint64_t setup);

typedef struct bias_comp_result {
    int players;
    uint64_t games, clusters;
    uint64_t no_points;                    /* games nobody scored in: no shares */
    double points[GAME_MAX_PLAYERS];       /* mean points by turn position */
    interval points_ci[GAME_MAX_PLAYERS];
    double share[GAME_MAX_PLAYERS];        /* mean share of the points */
    interval share_ci[GAME_MAX_PLAYERS];
    double firsts[GAME_MAX_PLAYERS];       /* rate of first places, the game's own ranks */
    double inv_total;                      /* mean 1/T */
    double offset[GAME_MAX_PLAYERS];       /* shares level, summing to 0 */
    interval offset_ci[GAME_MAX_PLAYERS];
    double komi[GAME_MAX_PLAYERS];         /* shares level, the first mover's 0 */
    interval komi_ci[GAME_MAX_PLAYERS];
    double komi_half[GAME_MAX_PLAYERS];    /* komi rounded to half points (the first mover's 0) */
    double firsts_at_komi_half[GAME_MAX_PLAYERS]; /* first places under komi_half */
    /* first places level (fitted: 2 or 3 seats, and games) */
    bool fitted;
    double first_komi[GAME_MAX_PLAYERS];
    interval first_komi_ci[GAME_MAX_PLAYERS];
    double firsts_at_first_komi[GAME_MAX_PLAYERS];
    uint64_t tied_at_first_komi;           /* games whose first place is shared under it */
    bool at_edge;                          /* the best lay on the search window's edge */
    int resamples;
} bias_comp_result;

/* The estimates of r's games; bootstrap with `resamples` draws seeded by
 * seed.  0, or -1 out of memory. */
int bias_comp_analyse(const bias_comp_rows *r, int resamples, uint64_t seed, bias_comp_result *out);

/* The estimates of every kind (kinds: the setup names; results[k].games 0:
 * none), as text or as one JSON object (one line). */
void bias_comp_print_text(const game_def *g, int players, const char *const *kinds, const bias_comp_result *res,
                          int nkinds, FILE *f);
void bias_comp_print_json(const game_def *g, int players, const char *const *kinds, const bias_comp_result *res,
                          int nkinds, FILE *f);

#endif
