/* meter.h — a long command's progress on stderr, for work counted in steps
 * (bench's measurements, perft's subtrees): a bar redrawn in place on a
 * terminal, kept alive by a ticker thread so that the clock moves during a
 * long step; a plain status line at most every few seconds otherwise (logs,
 * Slurm); nothing with quiet.  Self-play has its own report
 * (cli/progress.h), with games and scores. */
#ifndef TRIAD_METER_H
#define TRIAD_METER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct meter meter;

/* Starts a meter for total steps, labelled what ("bench", "perft 6"); on a
 * terminal the bar is drawn at once.  total 0: work of no known size (a
 * game played), shown as its step and its time, without a bar.  Plain
 * status lines come at most every TRIAD_PROGRESS_SECONDS (5 s) at a step.  NULL when quiet (every function takes
 * NULL and does nothing) or out of memory. */
meter *meter_start(const char *what, uint64_t total, bool quiet);
/* done steps of total are finished; label names the step now running
 * ("perft fixed setup, run 2 of 3"). */
void meter_step(meter *m, uint64_t done, const char *label);
/* Around a line written to stdout while the meter runs: the bar is taken
 * off the terminal line, then put back. */
void meter_pause(meter *m);
void meter_resume(meter *m);
/* Takes the bar off the terminal line and frees the meter. */
void meter_stop(meter *m);

/* A duration as "1:07" or "1:02:03" (negative or absurd: 0:00): the
 * elapsed and remaining times of every progress line. */
void meter_clock_text(char *t, size_t n, double seconds);

#endif
