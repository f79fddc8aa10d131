/* tune.h — fitting the evaluation's weights to game outcomes (Texel's
 * method).
 *
 * Positions at turn boundaries are sampled from records by replaying the
 * games, each labelled with the game's result (1 when White won; the
 * features and the evaluation are from White's side, which is the same model
 * as labelling by the player to move).  The model is
 * P(White wins) = sigmoid(K * weights . features).  K is fitted first with
 * the starting weights (GSL Brent), then every weight with GSL's vector_bfgs2
 * and the analytic gradient, minimising cross-entropy plus an L2 penalty
 * that pulls the weights towards where they started.  Games, never
 * positions, are split between training and validation. */
#ifndef TRIAD_TUNE_H
#define TRIAD_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "games/tzaar/eval.h"
#include "logistic.h"

typedef struct tune_opts {
    const char *const *files;
    int nfiles;
    size_t positions;  /* sampled positions, training and validation together */
    double validation; /* share of games held out */
    double l2;         /* penalty on the scaled weights K * w (see docs/tuning.md) */
    uint64_t seed;     /* sampling and the split */
    void (*warn)(const char *msg);
    void (*progress)(uint64_t games, uint64_t positions, void *ctx);
    void *progress_ctx;
} tune_opts;

typedef struct tune_result {
    uint64_t games, candidates; /* games read, turn-boundary positions seen */
    uint64_t duplicates;        /* games read twice (the same run and id), dropped */
    size_t train_positions, validation_positions;
    double k;                   /* the scale of the returned weights: P = sigmoid(k w . f) */
    double train_before, train_after, validation_before, validation_after;
    eval_weights before, after;
    double se[EVAL_FEATURES];   /* standard errors of the fitted weights */
    double extract_seconds, fit_seconds;
} tune_result;

/* Returns 0, or -1 with one line in err (unreadable file, no positions). */
int tune_run(const tune_opts *o, const eval_weights *start, tune_result *r, char *err, size_t n);

/* The fitting half on rows already extracted (EVAL_FEATURES columns): K,
 * then the weights; fills everything in r but the counts of games and
 * positions. */
int tune_fit(const logit_data *train, const logit_data *val, const eval_weights *start, double l2,
             tune_result *r, char *err, size_t n);

#endif
