/* progress.h — a self-play run's progress report on stderr: a one-line bar
 * redrawn in place on a terminal, a plain status line every few seconds
 * otherwise (logs, Slurm), nothing with quiet. */
#ifndef TRIAD_PROGRESS_H
#define TRIAD_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct progress {
    FILE *out;
    bool quiet, tty;
    uint64_t total;        /* games the run will hold */
    uint64_t at_start;     /* games already done when it started (resume) */
    double t_start, t_last;
    bool drawn;            /* a bar is on the line: finish it with a newline */
} progress;

/* Seconds on a monotonic clock. */
double progress_clock(void);
void progress_start(progress *pr, FILE *out, bool quiet, uint64_t total, uint64_t at_start);
/* Reports done games and White's points among them, if it is time to. */
void progress_update(progress *pr, uint64_t done, uint64_t white_wins);
/* The final line: always written unless quiet. */
void progress_finish(progress *pr, uint64_t done, uint64_t white_wins, const char *path);

#endif
