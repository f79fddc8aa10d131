/* train.h — training a game's network (engine/nnue.h) from records files,
 * for any game with network features (docs/network.md).
 *
 * The data (train_data.c): every position of every finished game that the
 * game's sample hook takes (records read as tune reads them: a game read
 * twice counts once, torn blocks are skipped with a warning), seen from
 * the seat to act.  Its label is every seat's share of the points scored
 * (tune_label), or for two seats that share blended with a search score:
 * --label search:nodes=N runs the game's default searching player to N
 * nodes from the position, its score made a probability by the logistic
 * fitted to the results on the training games, and --blend L mixes L of
 * it into the result.  Games, never positions, are held out (a hash of the
 * seed and the game, as tune splits them).  The baseline is the game's
 * linear evaluation on the same positions: its default weights, scaled by
 * the logistic (or, for more seats, softmax) fitted to the training games;
 * its held-out loss is baseline_val_loss.
 *
 * The fit (train_fit.c): minibatch Adam or SGD with momentum, a learning
 * rate that decays by a factor each epoch, early stopping on the held-out
 * loss (the best epoch's network is kept), each position in a random image
 * under the game's symmetries every epoch (augmentation).  Reproducible
 * byte for byte for any thread count: every batch is cut into TRAIN_SHARDS
 * pieces whose gradients are summed in piece order, whichever thread
 * computed them, and every draw comes from a stream named by (seed,
 * epoch, position).  The loss is the mean cross-entropy against the
 * labels (the logistic for two seats, softmax for more). */
#ifndef TRAIN_H
#define TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"
#include "engine/nnue.h"

#define TRAIN_SHARDS 16
#define TRAIN_EPOCHS_MAX 200

enum { TRAIN_ADAM = 0, TRAIN_SGD = 1 };

typedef struct train_opts {
    const game_def *game;
    const char *const *files;
    int nfiles;
    int players;            /* games of this many seats (0: the first game's) */
    int h, l2;              /* the network's accumulator and hidden units */
    /* Labels: search_spec "" for the results alone; else the player that
     * scores each position ("ab:nodes=1000"), blend its weight. */
    char search_spec[256];
    double blend;
    const char *label_cache; /* the search scores kept in this file (train_label.c), or NULL */
    double validation;      /* share of games held out */
    size_t max_positions;   /* a uniform sample of at most this many (0: all) */
    int epochs, patience;   /* at most; stop after patience epochs without a better held-out loss */
    int batch;
    int optimizer;          /* TRAIN_ADAM, TRAIN_SGD */
    double lr, lr_decay, momentum, l2_penalty;
    bool augment;           /* symmetry images (when the game has them) */
    bool residual;          /* learn a correction to the linear evaluation (NN_FLAG_LINEAR) */
    uint64_t seed;
    int threads;
    const nn_model *init;   /* start from this network (NULL: a seeded random start) */
    void (*warn)(void *ctx, const char *msg);
    /* Progress: what is being done ("reading", "labelling", "epoch 3/20"),
     * done of total, and the running loss (NaN when there is none). */
    void (*progress)(void *ctx, const char *stage, uint64_t done, uint64_t total, double loss);
    void *ctx;
} train_opts;

typedef struct train_result {
    uint64_t games, val_games, duplicates, unfinished, other_players;
    size_t positions, train_positions, val_positions;
    int epochs, best_epoch;
    double train_loss, val_loss;         /* the kept network's (train: over its epoch) */
    double baseline_val_loss, baseline_train_loss, baseline_scale; /* NaN without features or weights */
    double search_scale;                 /* the search score's fitted scale (NaN without search labels) */
    bool label_cached;                   /* the scores came from the label cache */
    double epoch_train[TRAIN_EPOCHS_MAX], epoch_val[TRAIN_EPOCHS_MAX];
    double read_seconds, label_seconds, fit_seconds, seconds;
} train_result;

/* The defaults a command starts from. */
void train_opts_default(train_opts *o);

/* Trains a network of o->game into *out (initialised here; nn_model_free
 * it).  0, or -1 with one line in err. */
int train_run(const train_opts *o, nn_model *out, train_result *r, char *err, size_t n);

/* ---- between train.c, train_data.c and train_fit.c ---- */
typedef struct train_set {
    const game_def *g;
    int persp, nout;
    size_t n, cap;
    unsigned char *states;  /* n states of g->state_size bytes */
    float *target;          /* n x nout: the label of seat to_act + k (two seats: to_act's) */
    float *result;          /* n x nout: the result alone (the label before blending) */
    float *linear;          /* n x persp: the linear evaluation of seat to_act + k */
    float *search;          /* n: the search score (search labels only) */
    uint32_t *game;         /* n: the position's game */
    bool *held;             /* n: held out */
} train_set;

int train_data_read(const train_opts *o, train_set *d, train_result *r, char *err, size_t n);
/* train_label.c */
int train_data_label(const train_opts *o, train_set *d, train_result *r, char *err, size_t n);
void train_data_free(train_set *d);
/* The mean cross-entropy of logits z (nout per row) against target rows. */
double train_xent(const float *z, const float *target, int nout);
/* Fits the scale K of the logistic or softmax of v / K (v: stride values
 * per row, the seat to act first) to target (nout per row) on the training
 * rows; writes the training and held-out losses. */
double train_fit_scale(const train_set *d, const float *v, int stride, const float *target, double *train_loss,
                       double *val_loss);

int train_fit(const train_opts *o, const train_set *d, nn_model *m, train_result *r, char *err, size_t n);

#endif
