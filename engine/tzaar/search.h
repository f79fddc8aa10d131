/* search.h — the alpha-beta searcher.
 *
 * Negamax over single actions with iterative deepening.  "depth" counts
 * plies, one per action, so a normal turn is two plies; the score is negated
 * only where the player changes, and the evaluation is taken only at turn
 * boundaries.  Below the nominal depth a small quiescence finishes the turn
 * in progress (pass or a capture as the second action); at a turn boundary
 * the evaluation is the horizon.
 *
 * Scores are integers from the side to act's point of view: the evaluation
 * (eval.h, ~100 per ordinary stack) clamped to +-SCORE_EVAL_MAX, or
 * +-(SCORE_WIN - plies to the end) for a game decided inside the tree, so
 * quicker wins and slower losses score better.
 *
 * With a depth or node limit the result is a function of (position,
 * limits, weights, table size, seed): the transposition table starts empty
 * for every search (tt.h) and killers and history are cleared.
 *
 * Symmetry: the searcher works on the canonical image of the position
 * (symmetry.h) and maps its answer back, so every symmetric image of a
 * position (the 12 board symmetries, and the colour swap in the play
 * phases) gets the same score, node count and tied set, mapped, and the
 * same distribution of choices over seeds. */
#ifndef TRIAD_SEARCH_H
#define TRIAD_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval.h"
#include "position.h"

#define PV_MAX 64
#define SEARCH_MAX_DEPTH 60
#define SCORE_WIN 30000
#define SCORE_WIN_MIN (SCORE_WIN - 1000) /* |score| above this: a decided game */
#define SCORE_EVAL_MAX 20000
#define SEARCH_TIES_MAX 192 /* MAX_ACTIONS (movegen.h) */

typedef struct search_report {
    action best;
    int score;          /* from the side to act's point of view */
    int depth;          /* plies completed */
    uint64_t nodes;
    double seconds;
    int pv_len;
    action pv[PV_MAX];
    int ties;                     /* the root actions tying for the best score: */
    action tied[SEARCH_TIES_MAX]; /* best is one of them; sorted by code */
} search_report;

typedef struct search_limits {
    int depth;       /* plies; 0: SEARCH_MAX_DEPTH */
    uint64_t nodes;  /* 0: none.  Exact: a search never visits more */
    double ms;       /* 0: none.  Wall clock, so not reproducible */
    int noise;       /* each root action gets a seeded bonus in [0, noise] */
    bool ties;       /* find every root action that ties for the best (an
                      * all-node search of each: 1.2-6.6x the nodes from
                      * openings) and let the seed pick among them */
} search_limits;

typedef struct searcher searcher;

/* Called after every completed iteration (the engine protocol's info lines). */
typedef void (*search_progress)(void *ctx, const search_report *r);

/* NULL when out of memory.  weights must outlive the searcher. */
searcher *tz_searcher_new(size_t tt_mb, const eval_weights *weights);
void tz_searcher_free(searcher *s);
void tz_searcher_set_progress(searcher *s, search_progress fn, void *ctx);

/* Searches p (not over, not in placement) and fills r.  The seed orders the
 * root actions before the first iteration (among actions that score the
 * same, the first searched is played), draws the root noise, permutes the
 * action codes that break ordering ties inside the tree, and picks which of
 * p's own symmetric images of the action is played.  With lim->ties it also
 * picks the action among all those tying for the best score, each class
 * equally likely over seeds.  r->tied holds the tied set found (with ties
 * off, the action played) with its images under p's own symmetries; the
 * score is exact for every member. */
void tz_search_run(searcher *s, const position *p, const search_limits *lim, uint64_t seed, search_report *r);

#endif
