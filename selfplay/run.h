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
#include "records/record.h"

typedef struct run_opts {
    rec_run run;          /* canonical player specs, shard, ... */
    const char *out;      /* records file */
    int threads;          /* >= 1 */
    int block_games;      /* games per block, 0 = the writer's default */
    double flush_seconds; /* write a partial block after this long */
    bool resume, force, quiet;
    bool no_resume;       /* the command has no --resume (match): messages offer only --force */
    /* Called on the main thread for every game as it is written (may be
     * NULL), and with --resume for every game the file already holds,
     * before any is played; a nonzero return ends the run once the games in
     * flight are written (or, for a game already held, before any is
     * played).  triad match stops on its SPRT this way. */
    int (*on_game)(const rec_game *g, void *ctx);
    void *on_game_ctx;
    /* The progress report: the command its lines name (NULL: "selfplay"),
     * what they show after the counts (NULL: each seat's mean score), and
     * whether the final line leaves the file unnamed (a temporary one). */
    const char *name;
    void (*status)(void *ctx, char *buf, size_t n);
    void *status_ctx;
    bool hide_path;
} run_opts;

/* Plays the run.  Returns 0; 2 when the request is refused (the file exists,
 * another process is writing it, --resume against another run's file, ...);
 * 1 when playing or writing failed; RUN_STOPPED when a signal stopped it
 * (fio_stop_requested() says which) after every finished game was written
 * and synced.  Any message (one line) goes to err. */
#define RUN_STOPPED 3
int run_selfplay(const run_opts *o, char *err, size_t n);

#endif
