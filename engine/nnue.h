/* nnue.h — the learned evaluation: a small network over a game's sparse
 * input features, kept up to date action by action (docs/network.md).
 *
 * The shape, for a game of P seats (P perspectives):
 *
 *   for each seat q:  acc_q = b1 + sum of W1[f] over q's active features f
 *                     (H numbers; features seen from q's side: game_nn)
 *   x  = clip(acc_t, acc_t+1, ..., acc_t+P-1)   the seat to act t first
 *   y  = clip(W2 x + b2)                        L2 numbers
 *   z  = W3 y + b3                              1 number for P = 2 (the
 *        log-odds that the seat to act wins), else P (log-shares of the
 *        seats t, t+1, ...: their softmax is each seat's expected share)
 *
 * where clip is min(max(v, 0), 1) (the clipped ReLU).  W1 is shared by the
 * perspectives, since a game's features are already relative to the seat
 * looking.  Sparse inputs make the first layer an accumulator: an action
 * changes a few features, so acc_q moves by a few rows of W1 instead of
 * being summed again (nn_acc_update); that is the trick of Stockfish's
 * NNUE, and what makes the network affordable at every leaf.
 *
 * Two forms of one network.  nn_model holds the float parameters: what
 * training fits, what a network file stores, and the reference forward
 * pass.  nn_net is the integer form the searchers use, made from a model
 * by nn_net_make(): W1 and the accumulators in int16, W2 and W3 in
 * int16, the sums in int32 (the units below), so that every
 * loop is a plain loop over short integers that the compiler vectorises
 * for the portable build and ARCH=native alike.  nn_net_make() refuses a
 * model whose accumulator could overflow int16 for the game's most active
 * features; the test suite bounds the integer output's distance from the
 * float one (NN_QUANT_BOUND).
 *
 * Ownership: nn_model_free() and nn_net_free() release what the module
 * allocated; an accumulator (nn_acc) is caller-owned memory.  Errors: 0 or
 * -1 with one line in the caller's err. */
#ifndef TRIAD_NNUE_H
#define TRIAD_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

#define NN_NAME_MAX 48          /* a game's or feature set's name, NUL included */
#define NN_H_MAX 512            /* accumulator units per perspective */
#define NN_L2_MAX 64            /* hidden units */
#define NN_PERSP_MAX GAME_MAX_PLAYERS
#define NN_INPUTS_MAX 65535
#define NN_ABOUT_MAX 65536      /* the provenance text a file carries */

/* Integer scales: W1, b1 and the accumulators are NN_QACC units to 1,
 * the activations x and y NN_QA, W2 NN_QB, W3 NN_QC; the output z is
 * NN_OUT_ONE units to 1.  Finer than Stockfish's 127 and 64 to the unit:
 * at those, rounding moved z by a tenth on this shape (a first layer of
 * small weights over 60 active features, W2 over 2 x 64 inputs).  Each
 * accumulator unit is bounded so that it cannot leave int16 (nn_net_make
 * checks it against the game's max_active), W2 by NN_W2_MAX so that no sum
 * leaves int32 (2048 inputs of 128 times 2048). */
#define NN_QACC 512
#define NN_QACC_SHIFT 2         /* NN_QACC / NN_QA */
#define NN_QA 128
#define NN_QB 1024
#define NN_QB_SHIFT 10
#define NN_W2_MAX 2.0
#define NN_QC 2048
#define NN_OUT_ONE (NN_QA * NN_QC)

/* How far the integer z may be from the float one, in units of z (the
 * log-odds): the tests check it over every game's positions. */
#define NN_QUANT_BOUND 0.05

typedef struct nn_shape {
    int ninputs;  /* features per perspective: the game's game_nn.ninputs */
    int persp;    /* perspectives: the seats the network was trained for */
    int h, l2;    /* accumulator and hidden units */
    int nout;     /* 1 for two seats, else persp */
} nn_shape;

typedef struct nn_model {
    char game[NN_NAME_MAX];     /* the game's name */
    char features[NN_NAME_MAX]; /* its feature set (game_nn.feature_set) */
    nn_shape shape;
    /* The game's searchers read z in their own units through this: TZAAR's
     * search units per unit of log-odds (docs/network.md, per game). */
    float scale;
    char *about;                /* what made it (a command and records), or NULL */
    size_t nparams;
    float *params;              /* w1, b1, w2, b2, w3, b3, in that order */
    float *w1, *b1, *w2, *b2, *w3, *b3; /* views into params */
} nn_model;

/* The parameter count of a shape; 0 when the shape is out of range. */
size_t nn_shape_params(const nn_shape *s);
/* One line in err when s is out of range (names the field). */
int nn_shape_check(const nn_shape *s, char *err, size_t n);
/* The output count for persp seats: 1 for two, else persp. */
int nn_outputs(int persp);

/* A model of the shape for the game g (its feature set), parameters 0.
 * 0, or -1 (out of memory, a shape out of range, a game without nn). */
int nn_model_init(nn_model *m, const game_def *g, const nn_shape *s, char *err, size_t n);
void nn_model_free(nn_model *m);
/* A copy of src (about included) into dst. */
int nn_model_copy(nn_model *dst, const nn_model *src, char *err, size_t n);

/* The float forward pass: act[k] lists the active features of the seat
 * k places after the seat to act (count[k] of them).  z gets nout values. */
void nn_model_forward(const nn_model *m, const uint16_t *const act[], const int count[], float *z);

/* ---- files (docs/formats.md, "Network files") ---- */
/* Reads a network file; want: the game it must be for (NULL: any).  A
 * file that is truncated, corrupt (its CRC), of another version, game or
 * feature set, or of a shape out of range is refused with one line naming
 * the file.  *crc gets the file's CRC-32, the one it stores of its bytes
 * before it (NULL: not wanted). */
int nn_model_read(nn_model *m, const char *path, const game_def *want, uint32_t *crc, char *err, size_t n);
/* The same from bytes in memory (the fuzzer's entry point); name is for messages. */
int nn_model_parse(nn_model *m, const unsigned char *data, size_t len, const char *name, const game_def *want,
                   char *err, size_t n);
/* The file's bytes, malloc'd, into *out and *len. */
int nn_model_serialise(const nn_model *m, unsigned char **out, size_t *len, char *err, size_t n);

/* ---- the integer network ---- */
typedef struct nn_net {
    char game[NN_NAME_MAX], features[NN_NAME_MAX];
    nn_shape shape;
    float scale;
    uint32_t crc;       /* of the file it came from (0 when made in memory) */
    int16_t *w1;        /* [ninputs][h] */
    int16_t *b1;        /* [h] */
    int16_t *w2;        /* [l2][persp * h], each within NN_W2_MAX */
    int32_t *b2;        /* [l2] */
    int16_t *w3;        /* [nout][l2] */
    int32_t *b3;        /* [nout] */
    void *mem;
} nn_net;

/* The integer form of m, for the game g (its max_active bounds the
 * accumulator).  0, or -1: a model whose parameters the integer form cannot
 * hold (say which), or out of memory. */
int nn_net_make(nn_net *net, const nn_model *m, const game_def *g, char *err, size_t n);
void nn_net_free(nn_net *net);
/* nn_model_read then nn_net_make. */
int nn_net_load(nn_net *net, const char *path, const game_def *g, char *err, size_t n);

/* A player's net=PATH and ncrc= (as gweights_pin is its weights= and
 * wcrc=, engine/weights.h): loads PATH ("default": the game's own file) for
 * g into net, refuses a file whose CRC-32 is not *want (when want is not
 * NULL) or that is for another seat count than players (0: any), and writes
 * the file's CRC into *crc.  Errors name the player kind: "player 'ab':
 * net: FILE: corrupt network file ...".  0, or -1. */
int nn_pin(const game_def *g, const char *kind, const char *path, const uint32_t *want, int players, nn_net *net,
           uint32_t *crc, char *err, size_t n);

/* An accumulator: one row of h int16 per seat, aligned for vector loads. */
typedef struct nn_acc {
    _Alignas(64) int16_t v[NN_PERSP_MAX][NN_H_MAX];
} nn_acc;

/* Seat q's row from scratch: b1 plus W1's rows of the features. */
void nn_acc_refresh(const nn_net *net, int16_t *row, const uint16_t *feat, int count);
/* dst = src plus the rows of add, minus the rows of rem (dst may be src). */
void nn_acc_update(const nn_net *net, int16_t *dst, const int16_t *src, const uint16_t *add, int nadd,
                   const uint16_t *rem, int nrem);
/* The integer z (NN_OUT_ONE to 1) from the rows in seat order starting at
 * the seat to act: row[k] is seat (to_act + k) mod persp's. */
void nn_forward(const nn_net *net, const int16_t *const row[], int32_t *z);

/* ---- through game.h, for any game ---- */
/* Every seat's row of s from scratch (game_nn.active). */
void nn_acc_from_state(const nn_net *net, const game_def *g, const void *s, nn_acc *acc);
/* child's rows from parent's, after = before with a applied (game_nn.changes,
 * or the generic difference of the active sets when the game has none). */
void nn_acc_after(const nn_net *net, const game_def *g, const void *before, game_action a, const void *after,
                  const nn_acc *parent, nn_acc *child);
/* z for s (not over) from its rows. */
void nn_eval_acc(const nn_net *net, const game_def *g, const void *s, const nn_acc *acc, int32_t *z);
/* Each seat's expected share of the outcome, absolute seats, from z of s's
 * seat to act (softmax, or the logistic for two seats), the same bits on
 * every machine (no libm exp). */
void nn_shares(const nn_net *net, const int32_t *z, int to_act, double share[GAME_MAX_PLAYERS]);
/* For searchers of games without a changes hook (Talat's, TRID's): a
 * position's accumulators with its active features as a bit set, so that a
 * child's are made from its parent's by one XOR of the two sets
 * (nn_frame_child) instead of listing and sorting the parent's again.  For
 * games of at most NN_FRAME_INPUTS inputs (larger ones are summed again).
 * Caller-owned; about 6 KB. */
#define NN_FRAME_INPUTS 4096
typedef struct nn_frame {
    nn_acc acc;
    uint64_t bits[NN_PERSP_MAX][NN_FRAME_INPUTS / 64];
} nn_frame;
void nn_frame_root(const nn_net *net, const game_def *g, const void *s, nn_frame *f);
void nn_frame_child(const nn_net *net, const game_def *g, const nn_frame *parent, const void *child, nn_frame *f);
/* The value of s (not over) for seat q in the searcher's units: scale x
 * the log-odds of q winning (two seats), or scale x (q's log-share minus
 * the mean over the seats) for more, which is how the linear evaluations'
 * values (own minus the others' mean) relate to the shares they predict
 * (docs/network.md, "Units"). */
double nn_value(const nn_net *net, const game_def *g, const void *s, const nn_acc *acc, int q);

/* The changes as the generic difference of two active sets (for a game
 * without a changes hook, and for the tests of one that has it). */
int nn_changes_by_diff(const game_def *g, const void *before, const void *after, int persp, game_nn_delta *out);

#endif
