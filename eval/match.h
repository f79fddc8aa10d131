/* match.h — scoring a match between players A and B as its games arrive.
 *
 * A match is a paired self-play run (selfplay/run.h) with A as --white and B
 * as --black: game 2k puts A on White, game 2k+1 recolours the setup and
 * exchanges the players, so A holds the same arrangement and B moves first.
 * The tally pairs the two games of each setup, counts pairs by A's points
 * (the pentanomial counts) and, when asked, runs the SPRT after every pair. */
#ifndef TRIAD_MATCH_H
#define TRIAD_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include "selfplay/record.h"
#include "stats.h"

typedef struct match_sprt {
    double elo0, elo1, alpha, beta;
} match_sprt;

typedef struct match_tally {
    uint64_t games, a_wins;
    uint64_t penta[5];    /* pairs by A's points x2: 0, 1 (empty), 2, 3 (empty), 4 */
    uint8_t *half;        /* per setup k: 0 no game yet, else 1 + A's wins in it */
    uint64_t setups;
    const match_sprt *sprt; /* NULL: play every game */
    sprt_state last;      /* the test as it stood when it decided, or now */
} match_tally;

/* 0, or -1 out of memory. */
int match_tally_init(match_tally *t, uint64_t games, const match_sprt *sprt);
void match_tally_free(match_tally *t);
/* The run's on_game callback: returns 1 once the SPRT has decided. */
int match_on_game(const rec_game *g, void *tally);
/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05" (any subset; those are the
 * defaults).  0, or -1 with a message. */
int match_sprt_parse(const char *s, match_sprt *out, char *err, size_t n);

#endif
