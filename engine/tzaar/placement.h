/* placement.h — how greedy and ab place their pieces in the tournament
 * setup: the policies of the player option place=POLICY (docs/players.md,
 * "Placement policies").
 *
 * Placement has no searcher of its own: until issue 10 (finding 3) every
 * tournament game was placed by one one-ply heuristic, so the tournament
 * figures measured that heuristic.  The policies:
 *
 *   eval    the placement whose position the evaluation likes best (one
 *           ply), ties by the seed: the default, exactly the placements
 *           of before the option existed;
 *   search  a two-ply minimax on the evaluation: the placement whose worst
 *           position after the opponent's best reply is best;
 *   soft    drawn from a softmax over the one-ply scores, exp(score / T)
 *           with T = ptemp in evaluation units (about 100 for a stack);
 *   random  uniform over the legal placements.
 *
 * Every policy works on the canonical image of the position (board
 * symmetries only: placement has no colour swap, symmetry.h) and maps its
 * choice back, the seed picking among the images when the position has
 * symmetries of its own; so a position and its images are placed alike,
 * and with the same seed an image of a position without symmetries gets
 * the mapped placement.  The choice is a function of (options, weights,
 * position, seed). */
#ifndef TRIAD_PLACEMENT_H
#define TRIAD_PLACEMENT_H

#include <stdbool.h>
#include <stdint.h>
#include "core/prng.h"
#include "eval.h"
#include "position.h"
#include "search.h" /* search_report */

enum { PLACE_EVAL, PLACE_SEARCH, PLACE_SOFT, PLACE_RANDOM, PLACE_POLICIES };

#define PLACE_TEMP_DEFAULT 50.0 /* half a stack: a few near-best placements share the draws */
#define PLACE_TEMP_MAX 1e6

/* Names as place= spells them, indexed by PLACE_*; NULL-terminated. */
extern const char *const tz_place_policy_names[PLACE_POLICIES + 1];

typedef struct place_options {
    int policy;  /* PLACE_* */
    double temp; /* soft's temperature, > 0 */
} place_options;

/* The PLACE_* called name, or -1. */
int tz_place_policy_index(const char *name);

/* Chooses a placement in p (phase PHASE_PLACE, not over) and fills r:
 * the placement, its score (rounded, from the placer's view: the one-ply
 * score, or search's two-ply value), depth (1, search 2) and positions
 * evaluated. */
action tz_place_choose(const place_options *o, const eval_weights *w, const position *p, uint64_t seed,
                    search_report *r);

/* Shared with greedy's turn choice (player.c). */
/* The evaluation of p for colour us, with decided games at +-1e9. */
double tz_place_value(const eval_weights *w, const position *p, int us);
/* A seeded Fisher-Yates shuffle of list[0..n). */
void tz_place_shuffle(action *list, int n, xoshiro256 *rng);

#endif
