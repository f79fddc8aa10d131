/* run.h — a self-play run: worker threads play the run's missing games
 * and one records writer stores them (docs/records.md).
 *
 * Work is handed out by setup index k (a pair's two games together), so a
 * game's moves never depend on the thread count or the order games finish
 * in; only the order of games in the file does. */
#ifndef TRIAD_RUN_H
#define TRIAD_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "records/record.h"

/* A run's counts: what progress sees, and what run_selfplay leaves in *res. */
typedef struct run_counts {
    uint64_t games;                    /* games the file holds now */
    uint64_t at_start;                 /* ... held when play started (--resume) */
    uint64_t total;                    /* games the run (this shard) will hold */
    double points[GAME_MAX_PLAYERS];   /* each seat's points over the held games */
    int signal;                        /* the signal that stopped the run, 0 if none */
    bool refused;                      /* after -1: the request was refused (bad input), not a failure */
} run_counts;

typedef struct run_opts {
    rec_run run;          /* canonical player specs, shard, ... */
    const char *out;      /* records file */
    int threads;          /* >= 1 */
    int block_games;      /* games per block, 0 = the writer's default */
    double flush_seconds; /* write a partial block after this long */
    bool resume, force;
    bool no_resume;       /* the command has no --resume (match): messages offer only --force */
    const char *positions_file; /* --positions FILE (the starts are in run), for run_check_files; or NULL */
    /* Called on the main thread for every game as it is written (may be
     * NULL), and with --resume for every game the file already holds,
     * before any is played; a nonzero return ends the run once the games in
     * flight are written (or, for a game already held, before any is
     * played).  triad match stops on its SPRT this way. */
    int (*on_game)(const rec_game *g, void *ctx);
    void *on_game_ctx;
    /* The library never prints: the caller reports (cli/progress.h).  note
     * gets a line for the user (no newline) on what the run did to the file:
     * a torn tail dropped, a cut-short header started afresh, the run grown.
     * progress gets the counts on the main thread when play starts and after
     * every batch written.  Either may be NULL. */
    void (*note)(void *ctx, const char *msg);
    void (*progress)(void *ctx, const run_counts *c);
    void *report_ctx;
} run_opts;

/* Checks, before anything is played or written, the files a run names
 * against each other: the output (out, may be NULL: none) may not be the
 * --positions file (positions, may be NULL) or a player's weights= file;
 * an engine player's log= (its stderr, appended for as long as it runs)
 * may not be the output, the --positions file, a weights= file, or any
 * records file.  players specs (canonical) of game g.  0, or -1 with the
 * refusal in err.  run_selfplay calls it; play, which writes no records,
 * calls it with no output. */
int run_check_files(const game_def *g, const char (*specs)[REC_SPEC_MAX], int players, const char *out,
                    const char *positions, char *err, size_t n);

/* Plays the run.  Returns 0 when every game is played, or when a signal
 * stopped it (res->signal says which; fio_stop_requested() still says so too)
 * after every finished game was written and synced; -1 with one line in err
 * when the request is refused (res->refused: the file exists, another process
 * is writing it, --resume against another run's file, ...) or when playing
 * or writing failed.  res (may not be NULL) holds the counts either way. */
int run_selfplay(const run_opts *o, run_counts *res, char *err, size_t n);

#endif
