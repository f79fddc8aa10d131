/* match.h — scoring a match between players A and B as its games arrive.
 *
 * Two players: a match is a paired self-play run (selfplay/run.h) with A
 * listed first: game 2k puts A in seat 0, game 2k+1 moves the setup's
 * pieces one seat on and exchanges the players, so A holds the same
 * arrangement and B moves first.  A game scores 1, 1/2 or 0 for A by the
 * final ranking (a shared first place is 1/2); the tally pairs the two games
 * of each setup, counts pairs by A's points (the pentanomial counts) and,
 * when asked, runs the SPRT after every pair.
 *
 * N > 2 players: A against N-1 copies of B, every setup played N times with
 * the same start and A moved one seat on each time (rotation r puts A in
 * seat r).  The tally keeps A's share of the points, its rank and its score
 * per setup, so that intervals are clustered by setup (a setup's N games
 * are one observation), as the bias study's are. */
#ifndef TRIAD_MATCH_H
#define TRIAD_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include "engine/game.h"
#include "records/record.h"
#include "sprt.h"
#include "stats.h"

typedef struct match_sprt {
    double elo0, elo1, alpha, beta;
    sprt_model model; /* the Elo the hypotheses are stated in (sprt.h) */
} match_sprt;

/* Per setup of an N-player match: sums over its games so far. */
typedef struct match_setup {
    uint8_t games;
    double share, rank, score;
} match_setup;

typedef struct match_tally {
    int players;
    uint64_t games;
    double a_points;      /* 2 players: A's points, 1 a win, 1/2 a shared first */
    uint64_t a_wins;
    uint64_t penta[5];    /* pairs by A's points x2: 0, 1, 2, 3, 4 */
    uint8_t *half;        /* 2 players, per setup k: 0 no game yet, else 1 + 2 x A's points in it */
    match_setup *setup;   /* N > 2, per setup */
    uint64_t setups;
    uint64_t ranks[GAME_MAX_PLAYERS]; /* A's games by rank (0 = first; ties share) */
    /* Per player, 0 for A and 1 for B (all its seats): games lost by
     * forfeit, by reason (GAME_FORFEIT_*), and answers late but within the
     * time margin (players outside triad only: engine/player_engine.c). */
    uint64_t forfeits[2][GAME_FORFEITS];
    uint64_t overruns[2];
    const match_sprt *sprt; /* NULL: play every game (2 players only) */
    sprt_state last;      /* the test as it stood when it decided, or now */
} match_tally;

/* An N-player match's estimates over its complete setups, with 95%
 * t intervals over setups. */
typedef struct match_nway {
    uint64_t setups;      /* complete ones */
    double share, rank, score; /* means: A's share of the points, rank (1 = first), score */
    interval share_ci, rank_ci, score_ci;
} match_nway;

/* players >= 2; games: the run's (a multiple of 2, or of players).  0, or
 * -1 out of memory. */
int match_tally_init(match_tally *t, int players, uint64_t games, const match_sprt *sprt);
void match_tally_free(match_tally *t);
/* The run's on_game callback: returns 1 once the SPRT has decided. */
int match_on_game(const rec_game *g, void *tally);
/* The N-player estimates (players > 2). */
match_nway match_nway_estimate(const match_tally *t);
/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05,model=normalized" (any
 * subset; those are the defaults; model=logistic states the hypotheses in
 * logistic Elo).  0, or -1 with a message. */
int match_sprt_parse(const char *s, match_sprt *out, char *err, size_t n);

#endif
