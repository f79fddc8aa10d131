/* tune.h — fitting a game's evaluation weights to game outcomes (Texel's
 * method), for any game of engine/game.h.
 *
 * Games are replayed from records through the game interface; every
 * position the game's tune_sample() accepts (a turn boundary) and its
 * tune_quiet() calls undecided is a candidate, seen from the seat to act:
 * its features are g->tuning->features(s, seat) and its label is that seat's share
 * of the points scored in the game (scores[seat] / sum of scores;
 * 1/players when nobody scored): 1 or 0 in TZAAR.  The model is
 * P(label) = sigmoid(K * weights . features).  Constant and collinear
 * features are set aside first (tune_diag.h); the signed scale of the
 * starting weights is measured, then the weights are fitted by Newton's
 * method (logistic.h), minimising cross-entropy plus an L2 penalty that pulls
 * them towards the starting weights (the penalty given, or chosen by
 * cross-validation split by game with the one-standard-error rule: the
 * largest penalty whose held-out loss is within one standard error of the
 * best).  When the fit does not beat the starting weights on the held-out
 * games, the result keeps the starting weights and says so (kept_start).
 * Standard errors are reported both model-based and cluster-robust by
 * game.  Games, never positions, are split between training and validation
 * (docs/tuning.md). */
#ifndef TRIAD_TUNE_H
#define TRIAD_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"
#include "logistic.h"
#include "tune_diag.h"

#define TUNE_GRID_MAX 32 /* L2 values tried by cross-validation at most */

/* How cross-validation picks the penalty: the largest whose mean held-out
 * loss is within one standard error (over the folds) of the least (the
 * default: a flat curve then picks the penalty, not "none"), or the least. */
enum { TUNE_CV_ONE_SE = 0, TUNE_CV_MIN = 1 };

/* How the weights are fitted to the extracted rows. */
typedef struct tune_fit_opts {
    double l2;            /* penalty towards the starting weights (when cv_folds < 2) */
    int cv_folds;         /* 2 or more: choose l2 from the grid by cross-validation, split by game */
    int cv_rule;          /* TUNE_CV_* */
    const double *grid;   /* the L2 values tried; NULL: the default grid (tune_default_grid) */
    int ngrid;
    double max_vif;       /* drop collinear features until every VIF is at most this (<= 0: never) */
    uint64_t seed;        /* which fold a game falls in */
} tune_fit_opts;

/* Which sampled positions are left out (tune_game). */
typedef struct tune_filter {
    int skip_last;        /* the positions within this many actions of the end */
    bool keep_decided;    /* true: keep the positions g->tuning->tune_quiet() rejects too */
    uint64_t decided, last; /* out: positions left out for each reason (added to) */
} tune_filter;

typedef struct tune_opts {
    const game_def *game; /* every run read must be of this game */
    const char *const *files;
    int nfiles;
    size_t positions;  /* sampled positions, training and validation together */
    double validation; /* share of games held out */
    tune_fit_opts fit;
    int skip_last;     /* tune_filter's */
    bool keep_decided;
    uint64_t seed;     /* sampling and the split */
    void (*warn)(const char *msg);
    void (*progress)(uint64_t games, uint64_t positions, void *ctx);
    void *progress_ctx;
} tune_opts;

typedef struct tune_result {
    uint64_t games, candidates; /* games read, turn-boundary positions seen */
    uint64_t duplicates;        /* games read twice (the same run and id), dropped */
    uint64_t skipped_decided, skipped_last; /* candidates left out by the filter */
    size_t train_positions, validation_positions;
    long train_games;           /* games with a training position: the clusters */
    /* The scale at which the starting weights fit best, signed: negative
     * when they are anti-predictive (a higher evaluation, a lower share). */
    double k_start;
    bool anti_predictive;       /* k_start <= 0 */
    /* The scale of the prior and of the returned weights: the penalty pulls
     * K * w towards k * start, and P = sigmoid(k w . f) for the output. */
    double k;
    double l2;                  /* the penalty used: given, or chosen by cross-validation */
    /* Losses: before, of the starting weights at k_start (their best);
     * prior, of the starting weights at k (as the penalty has them);
     * after, of the fitted weights. */
    double train_before, train_after, validation_before, validation_after;
    double train_prior, validation_prior;
    int nfeatures;              /* the game's */
    double before[GAME_MAX_FEATURES], after[GAME_MAX_FEATURES];
    /* Standard errors of the fitted weights: cluster-robust by game (se)
     * and model-based (se_model); NaN for a feature that is not fitted. */
    double se[GAME_MAX_FEATURES], se_model[GAME_MAX_FEATURES];
    tune_design design;         /* constant and collinear features, VIFs */
    int cv_folds, ngrid;        /* cross-validation: the grid and each value's mean held-out loss */
    double grid[TUNE_GRID_MAX], cv_loss[TUNE_GRID_MAX];
    double cv_se[TUNE_GRID_MAX]; /* its standard error over the folds */
    int cv_rule;                /* TUNE_CV_* */
    double cv_min_l2;           /* the grid value of the least mean loss */
    /* The fitted weights, and whether the result keeps the starting
     * weights instead (after = before): the fit's validation loss is not
     * below validation_start, the start's at its best positive scale
     * (validation_before when k_start > 0; at scale 0 when the start is
     * anti-predictive: a search cannot use a negative scale), or there are
     * no held-out positions to tell. */
    double fitted[GAME_MAX_FEATURES];
    double validation_start;
    bool kept_start;
    double extract_seconds, fit_seconds;
} tune_result;

/* The share of the points seat scored: scores[seat] over their sum, or
 * 1/players when the sum is 0. */
double tune_label(const double scores[GAME_MAX_PLAYERS], int players, int seat);

/* Replays one finished game (start: g->state_size bytes) and calls
 * offer(state, seat, label, ctx) for every position g->tuning->tune_sample()
 * accepts (every one not over when it is NULL) that f keeps: not within
 * f->skip_last actions of the end, and quiet by g->tuning->tune_quiet() unless
 * f->keep_decided (f NULL: the quiet filter alone).  seat is the seat to
 * act and label its share of scores (tune_label).  offer computes the
 * features itself (g->tuning->features(state, seat, row)), so that positions it
 * drops cost nothing.  Returns the number offered. */
uint64_t tune_game(const game_def *g, const void *start, const game_action *actions, int nactions,
                   const double scores[GAME_MAX_PLAYERS], tune_filter *f,
                   void (*offer)(const void *state, int seat, double label, void *ctx), void *ctx);

/* Reads every file of o; returns 0, or -1 with one line in err
 * (unreadable file, a run of another game, no positions). */
int tune_run(const tune_opts *o, const double *start, tune_result *r, char *err, size_t n);

/* The fitting half on rows already extracted (train->k columns, the
 * game's features; train->cluster the rows' games, NULL: a game each):
 * the design check, the signed scale of the start, the penalty, the
 * weights and their standard errors (eval/tune_fit.c).  Fills everything
 * in r but the counts of games and positions. */
int tune_fit(const logit_data *train, const logit_data *val, const double *start, const tune_fit_opts *o,
             tune_result *r, char *err, size_t n);

/* The default L2 grid of cross-validation: 1e-7, 1e-6, ..., 1 (8 values). */
int tune_default_grid(double *grid);

#endif
