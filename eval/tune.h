/* tune.h — fitting a game's evaluation weights to game outcomes (Texel's
 * method), for any game of games/game.h.
 *
 * Games are replayed from records through the game interface; every
 * position the game's tune_sample() accepts (a turn boundary) is a
 * candidate, seen from the seat to act: its features are
 * g->features(s, seat) and its label is that seat's share of the points
 * scored in the game (scores[seat] / sum of scores; 1/players when nobody
 * scored): 1 or 0 in TZAAR.  The model is
 * P(label) = sigmoid(K * weights . features).  K is fitted first with the
 * starting weights (GSL Brent), then every weight with GSL's vector_bfgs2
 * and the analytic gradient, minimising cross-entropy plus an L2 penalty
 * that pulls the weights towards where they started.  Games, never
 * positions, are split between training and validation (docs/tuning.md). */
#ifndef TRIAD_TUNE_H
#define TRIAD_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "games/game.h"
#include "logistic.h"

typedef struct tune_opts {
    const game_def *game; /* every run read must be of this game */
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
    int nfeatures;              /* the game's */
    double before[GAME_MAX_FEATURES], after[GAME_MAX_FEATURES];
    double se[GAME_MAX_FEATURES]; /* standard errors of the fitted weights */
    double extract_seconds, fit_seconds;
} tune_result;

/* The share of the points seat scored: scores[seat] over their sum, or
 * 1/players when the sum is 0. */
double tune_label(const double scores[GAME_MAX_PLAYERS], int players, int seat);

/* Replays one finished game (start: g->state_size bytes) and calls
 * offer(state, seat, label, ctx) for every position g->tune_sample()
 * accepts (every one not over when it is NULL), seat being the seat to
 * act and label its share of scores (tune_label).  offer computes the
 * features itself (g->features(state, seat, row)), so that positions it
 * drops cost nothing.  Returns the number offered. */
uint64_t tune_game(const game_def *g, const void *start, const game_action *actions, int nactions,
                   const double scores[GAME_MAX_PLAYERS],
                   void (*offer)(const void *state, int seat, double label, void *ctx), void *ctx);

/* Reads every file of o; returns 0, or -1 with one line in err
 * (unreadable file, a run of another game, no positions). */
int tune_run(const tune_opts *o, const double *start, tune_result *r, char *err, size_t n);

/* The fitting half on rows already extracted (train->k columns, the
 * game's features): K, then the weights; fills everything in r but the
 * counts of games and positions. */
int tune_fit(const logit_data *train, const logit_data *val, const double *start, double l2, tune_result *r,
             char *err, size_t n);

#endif
