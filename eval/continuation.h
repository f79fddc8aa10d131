/* continuation.h — the forward continuation's figures (issue 39): games of
 * one player cut at ply k and played on from there by another, so that
 * White's expected score from the position at ply k, against k, says when
 * in the game the deficit arises (at the opening capture, or later, by
 * play).  A figure that the endgame oracle cannot give: its first proven
 * position lies where its solver's reach ends, late in every game.
 *
 * The unit is the original game (the cluster): its position at ply k is
 * continued one or more times (replicates, with other seeds), and each
 * original game's mean counts once.  Per k: the mean over the original
 * games of White's continued score with a t interval over them; the same
 * games' score as played (the original player to the end); the paired
 * difference from the first k and from the games as played, over the games
 * that both hold.  Pure arithmetic: cli/cmd_continuation.c reads the
 * records and maps each continued game to its original. */
#ifndef TRIAD_CONTINUATION_H
#define TRIAD_CONTINUATION_H

#include <stdbool.h>
#include <stdint.h>
#include "stats.h"

#define CONT_MAX_K 32

typedef struct cont_data {
    int n;              /* original games */
    double *played;     /* n: White's score as played */
    int nk;
    int ply[CONT_MAX_K];
    double *sum[CONT_MAX_K];  /* n each: White's continued scores, summed */
    uint32_t *games[CONT_MAX_K];
} cont_data;

/* n original games with White's scores as played (copied).  0, or -1. */
int cont_init(cont_data *d, int n, const double *played);
void cont_free(cont_data *d);
/* The index of ply k's column, added when new; -1 when CONT_MAX_K are in
 * use or out of memory. */
int cont_column(cont_data *d, int ply);
/* One continued game of original game i from column c: White's score. */
void cont_add(cont_data *d, int c, int i, double white);

typedef struct cont_diff {
    int games;          /* original games in both */
    double diff;        /* mean of the per-game differences */
    interval ci;        /* t, 95%; none under two games */
} cont_diff;

typedef struct cont_row {
    int ply;
    int games;          /* original games continued from this ply */
    uint64_t continued; /* continued games */
    double white;       /* mean over the original games of White's continued score */
    interval ci;        /* t over the original games */
    double played;      /* the same games as played */
    cont_diff vs_played;  /* continued minus as played */
    cont_diff vs_first;   /* this ply minus the first (smallest) ply */
} cont_row;

/* The rows in order of ply into rows (d->nk of them).  0, or -1 when out
 * of memory. */
int cont_analyse(const cont_data *d, cont_row *rows);

#endif
