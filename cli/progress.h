/* progress.h — a self-play run's progress report on stderr: a one-line bar
 * redrawn in place on a terminal, a plain status line every few seconds
 * otherwise (logs, Slurm), nothing with quiet; and cli_run_selfplay, which
 * runs selfplay/run.h with that report and its notes and turns the outcome
 * into an exit status (the library itself never prints). */
#ifndef TRIAD_PROGRESS_H
#define TRIAD_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/game.h"
#include "selfplay/run.h"

typedef struct progress {
    FILE *out;
    bool quiet, tty;
    uint64_t total;        /* games the run will hold */
    uint64_t at_start;     /* games already done when it started (resume) */
    double t_start, t_last;
    bool drawn;            /* a bar is on the line: finish it with a newline */
    int seats;             /* players per game */
    const game_def *game;  /* names the seats (TZAAR's White, Black); NULL: "seat 0", ... */
    const char *name;      /* the command the lines name: "selfplay" */
    /* What follows the counts: each seat's mean score unless set (match:
     * A's score, Elo and the LLR). */
    void (*status)(void *ctx, char *buf, size_t n);
    void *status_ctx;
} progress;

/* Reads TRIAD_PROGRESS_SECONDS, the seconds between plain status lines
 * (default 5; a Slurm job's log may want 60), for every later report: 0,
 * or -1 with the message in err when it is not a number from 0.01 to
 * 86400.  Called once, before any command runs (main.c). */
int progress_read_env(char *err, size_t n);
/* That period: every plain status line of every command (cli/meter.h too). */
double progress_log_seconds(void);
void progress_start(progress *pr, FILE *out, bool quiet, int seats, uint64_t total, uint64_t at_start);
/* Reports done games and each seat's mean score ("seat 0 0.512 seat 1
 * 0.488", "White 0.512 Black 0.488" where pr->game names its seats:
 * points[s] is seat s's total over the done games), if it is time to. */
void progress_update(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS]);
/* Ends a bar drawn on the line (a newline), so that another message can follow. */
void progress_end_line(progress *pr);
/* The final line: always written unless quiet; path NULL leaves the file
 * unnamed (a temporary one). */
void progress_finish(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS], const char *path);

/* How cli_run_selfplay reports a run. */
typedef struct run_view {
    const char *name;  /* the command the lines name (NULL: "selfplay") */
    bool quiet;        /* no progress report, no notes */
    bool hide_path;    /* the lines leave the file unnamed (a temporary one) */
    /* What the lines show after the counts (NULL: each seat's mean score). */
    void (*status)(void *ctx, char *buf, size_t n);
    void *status_ctx;
} run_view;

/* Plays o's run (its note and progress callbacks are set here) and returns
 * the exit status: 0; 2 when the request is refused (the file exists,
 * another process is writing it, --resume against another run's file,
 * ...); 1 when playing or writing failed; RUN_STOPPED when a signal stopped
 * it (fio_stop_requested() says which) after every finished game was
 * written and synced.  The message (one line) goes to err: the error, or
 * for RUN_STOPPED the stop line. */
#define RUN_STOPPED 3
int cli_run_selfplay(const run_opts *o, const run_view *v, char *err, size_t n);

#endif
