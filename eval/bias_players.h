/* bias_players.h — the first mover's edge estimated jointly with the
 * players' strengths, so that every committed game counts: self-play at
 * every strength and the matches between players.
 *
 * The model (two seats; Bradley–Terry with a first-move term): the first
 * mover's share of the points in a game of setup kind k between player a
 * (moving first) and player b is
 *
 *     logistic(e_k + s_a - s_b),
 *
 * e_k the kind's first-move edge between equal players, s_p a player's
 * strength (log-odds; Elo = 400 / ln 10 x s).  A player is a canonical spec
 * together with the engine signature of its run: the same spec built from
 * other code or weights is another player.  Self-play games inform e_k
 * alone; games between different players inform both.  Strengths are
 * identified only against players met: the players fall into components
 * joined by games between them, and in each the player with the most games
 * (then the first in byte order of spec and signature) is the reference,
 * s = 0.  A player who won (or lost) every game against the others has no
 * finite strength: its games against others are left out of the fit and it
 * is reported as such.  Standard errors are cluster-robust by setup (the
 * key the caller gives: games that share a start are one cluster).  The
 * fit is eval/logistic.h's, with a ridge of 1e-6 so that a separation the
 * check above misses still ends finite: the ridge is on the mean loss
 * (logistic.h), n x 1e-6 on the summed log-likelihood over n games.
 * Beside the joint fit: each player's own edge from its self-play, a test
 * that they agree and their random-effects pool (bias_players_het), and
 * the strengths' covariance (bias_players_span).  docs/bias.md explains
 * the model. */
#ifndef TRIAD_BIAS_PLAYERS_H
#define TRIAD_BIAS_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "records/record.h"
#include "stats.h"

#define BIAS_PLAYERS_MAX 64      /* players of one study; games of more are left out */
#define BIAS_PLAYERS_KINDS_MAX 8 /* setup kinds (bias.h's BIAS_KINDS_MAX) */

typedef struct bias_player {
    char spec[REC_SPEC_MAX];
    uint64_t sig;              /* the engine signature of its run (0: unknown, v1 files) */
} bias_player;

typedef struct bias_players_row {
    uint64_t setup;            /* the cluster */
    double y;                  /* the first mover's share of the points */
    int16_t kind, a, b;        /* a moves first, b second */
    int8_t seat;               /* a's seat: the model's first mover is whoever acts first, White in one
                                  kind and Black in another (TZAAR's tournament-black), and a report says which */
} bias_players_row;

typedef struct bias_players_data {
    int n;
    bias_player player[BIAS_PLAYERS_MAX];
    bias_players_row *rows;
    size_t nrows, cap;
    uint64_t left_out;         /* games past BIAS_PLAYERS_MAX players, or of more than two seats */
} bias_players_data;

/* One game: its kind, the first mover's seat, the first mover's and the
 * other's specs, the engine signature of the run, the first mover's share
 * and the setup key.  Returns 0, or -1 when out of memory. */
int bias_players_add(bias_players_data *d, int kind, int first_seat, const char *first, const char *second,
                     uint64_t sig, double first_share, uint64_t setup);
void bias_players_free(bias_players_data *d);

typedef struct bias_players_kind {
    uint64_t games;
    bool ok;                   /* fitted, with a robust standard error */
    double edge, se;           /* e_k and its robust standard error (log-odds) */
    double score;              /* logistic(e_k): the first mover's expected score between equal players */
    interval score_ci;
    double elo;                /* e_k in Elo */
    interval elo_ci;
    int first_seat;            /* the seat moving first in every game of the kind in the model; -1: it varies or none */
} bias_players_kind;

typedef struct bias_players_strength {
    bias_player who;
    uint64_t games, against_others; /* all its games, and those against another player (fitted or not) */
    int component;             /* 0 .. components-1 */
    bool reference;            /* s = 0 by definition */
    int unbounded;             /* +1: won every game against others, -1: lost every one; 0: estimated */
    double elo, se;            /* against its component's reference; se in Elo */
    interval elo_ci;
} bias_players_strength;

/* One player's own first-mover edge in a kind: from its self-play games of
 * the kind alone (the logit of the first mover's mean share), its error
 * clustered by setup. */
typedef struct bias_players_own {
    int player;                /* index into the result's player[] */
    uint64_t games;
    double edge, se;           /* log-odds; se NaN when the share is 0 or 1 */
    double score;              /* the first mover's mean share */
    interval score_ci;         /* logistic(edge -/+ 1.96 se) */
    double elo;
    interval elo_ci;
} bias_players_own;

/* Do the players' own edges differ?  The joint model assumes one edge per
 * kind for every player; where several players have self-play of a kind
 * their own edges test that.  Cochran's Q treats the edges as independent;
 * the Wald test of their equality uses their clustered covariance (the
 * same setups played by several players are one cluster, so their edges
 * are correlated).  The DerSimonian–Laird random-effects pool (the edges as
 * independent, weights 1 / (se^2 + tau^2)) is the edge of a typical player
 * when they differ; with tau^2 = 0 it is the fixed-effect mean. */
typedef struct bias_players_het {
    int n;                     /* players with self-play games of the kind */
    bias_players_own own[BIAS_PLAYERS_MAX];
    bool ok;                   /* two or more own edges with finite errors */
    int df;                    /* of them, minus 1 */
    double q, q_p;             /* Cochran's Q and its chi-square p-value */
    double wald, wald_p;       /* the clustered Wald statistic and its p (NaN: singular covariance) */
    double tau2, i2;           /* the between-player variance (log-odds squared) and I^2 */
    double pooled, pooled_se;  /* the random-effects pool (log-odds) */
    double score;              /* logistic(pooled) */
    interval score_ci;
    double elo;
    interval elo_ci;
} bias_players_het;

typedef struct bias_players_result {
    bool fitted;               /* the model was fitted (some game has been read) */
    int nplayers, components;
    uint64_t games, left_out, separated; /* games fitted; left out (bias_players_data); of unbounded players */
    long clusters;
    int kinds;
    bias_players_kind kind[BIAS_PLAYERS_KINDS_MAX];
    bias_players_strength player[BIAS_PLAYERS_MAX];
    bias_players_het het[BIAS_PLAYERS_KINDS_MAX];
    /* the strengths' clustered covariance in Elo^2, [a * BIAS_PLAYERS_MAX + b]: a span's error needs it (two
       strengths measured through the same games are correlated); 0 for a reference, NaN when not estimated */
    double cov[BIAS_PLAYERS_MAX * BIAS_PLAYERS_MAX];
    char err[128];             /* why the fit failed, when it did (fitted false with games) */
} bias_players_result;

/* Player b's strength minus player a's, in Elo, with its standard error
 * from the covariance (NaN when either is not estimated or they lie in
 * different components).  Returns the difference. */
double bias_players_span(const bias_players_result *r, int a, int b, double *se);
/* Component c's span: its weakest estimated player *lo to its strongest *hi
 * (the first of equals; unbounded players left out) and *span, *se from
 * bias_players_span.  1 when the span is finite, else 0. */
int bias_players_component_span(const bias_players_result *r, int c, int *lo, int *hi, double *span, double *se);

/* The players' own edges of one kind and whether they differ
 * (eval/bias_het.c); bias_players_analyse calls it for every kind.  0, or
 * -1 when out of memory. */
int bias_players_heterogeneity(const bias_players_data *d, int kind, bias_players_het *h);

/* Fits the model over kinds 0 .. kinds-1.  0, or -1 when out of memory;
 * a fit that fails leaves r->fitted false with the reason in r->err. */
int bias_players_analyse(const bias_players_data *d, int kinds, bias_players_result *r);

#endif
