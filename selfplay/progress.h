/* progress.h — a self-play run's progress report on stderr: a one-line bar
 * redrawn in place on a terminal, a plain status line every few seconds
 * otherwise (logs, Slurm), nothing with quiet. */
#ifndef TRIAD_PROGRESS_H
#define TRIAD_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "games/game.h"

typedef struct progress {
    FILE *out;
    bool quiet, tty;
    uint64_t total;        /* games the run will hold */
    uint64_t at_start;     /* games already done when it started (resume) */
    double t_start, t_last;
    bool drawn;            /* a bar is on the line: finish it with a newline */
    int seats;             /* players per game */
    const char *name;      /* the command the lines name: "selfplay" */
    /* What follows the counts: each seat's mean score unless set (match:
     * A's score, Elo and the LLR). */
    void (*status)(void *ctx, char *buf, size_t n);
    void *status_ctx;
} progress;

/* Seconds on a monotonic clock. */
double progress_clock(void);
void progress_start(progress *pr, FILE *out, bool quiet, int seats, uint64_t total, uint64_t at_start);
/* Names the lines (default "selfplay") and replaces the seats' means with
 * status's text (either may be NULL: the default). */
void progress_set_status(progress *pr, const char *name, void (*status)(void *ctx, char *buf, size_t n), void *ctx);
/* Reports done games and each seat's mean score ("seat 0 0.512 seat 1
 * 0.488": points[s] is seat s's total over the done games), if it is time
 * to. */
void progress_update(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS]);
/* Ends a bar drawn on the line (a newline), so that another message can follow. */
void progress_end_line(progress *pr);
/* The final line: always written unless quiet; path NULL leaves the file
 * unnamed (a temporary one). */
void progress_finish(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS], const char *path);

#endif
