/* run.c — see run.h.
 *
 * Workers take setup indices from a shared counter, play the games of each
 * that the file lacks and drop them into a batch.  The main thread is the
 * only one that touches the writer: it swaps the full batch for the empty
 * one and encodes, compresses and writes it while the workers go on, so
 * the writer's cost never stalls them.  It also redraws the progress report
 * and writes a partial block once flush_seconds have passed, so slow
 * players lose little work to a kill.  A SIGINT, SIGTERM or SIGHUP
 * (core/fileio.h, fio_stop_begin) stops the workers between actions (one
 * waiting on a program outside triad at once: core/proc.h) and
 * the run after writing and syncing every finished game.  It prints
 * nothing: notes and progress go to the caller's callbacks. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "core/clock.h"
#include "core/dirs.h"
#include "core/fileio.h"
#include "core/idset.h"
#include "engine/players.h"
#include "engine/weights.h"
#include "play.h"
#include "core/msg.h"
#include "run.h"

#define BATCH 256 /* games handed from the workers to the writer at a time */

typedef struct shared {
    const run_opts *o;
    const idset *done;         /* games the file already holds */
    uint64_t next_unit, units; /* the shard's setup indices, handed out in order */
    pthread_mutex_t lock;      /* guards everything below */
    pthread_cond_t ready;      /* the batch is half full, or a worker ended */
    pthread_cond_t room;       /* the batch was taken */
    rec_writer *w;             /* only the main thread uses it */
    rec_game *batch, *spare;   /* the workers fill batch; the writer drains spare */
    int fill;
    int running;               /* workers still working */
    int failed;                /* 1 once anything went wrong */
    int stop;                  /* 1 once on_game or a signal asked to stop */
    char err[256];
} shared;

static void set_error(shared *s, const char *msg)
{
    if (!s->failed)
        snprintf(s->err, sizeof s->err, "%s", msg);
    s->failed = 1;
}

/* A line for the user, through the caller's note callback. */
static void note(const run_opts *o, const char *fmt, ...)
{
    if (!o->note)
        return;
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    o->note(o->report_ctx, msg);
}

/* Hands a finished game to the writer; waits while the batch is full. */
static int hand_over(shared *s, const rec_game *g)
{
    pthread_mutex_lock(&s->lock);
    while (s->fill == BATCH && !s->failed)
        pthread_cond_wait(&s->room, &s->lock);
    if (!s->failed) {
        s->batch[s->fill++] = *g;
        if (s->fill == BATCH / 2)
            pthread_cond_signal(&s->ready);
    }
    int failed = s->failed;
    pthread_mutex_unlock(&s->lock);
    return failed ? -1 : 0;
}

/* Plays the missing games of setup k. */
static int play_unit(shared *s, uint64_t k, gplayer *const *pl, rec_game *g)
{
    const rec_run *run = &s->o->run;
    uint64_t r = rec_games_per_setup(run), first = r * k, last = first + r - 1;
    char err[200];
    for (uint64_t id = first; id <= last; id++) {
        if (idset_has(s->done, id))
            continue;
        int rc = play_game(run, id, pl, g, err, sizeof err);
        if (rc > 0) /* a signal stops the run: the game in play is dropped */
            return 0;
        if (rc) {
            pthread_mutex_lock(&s->lock);
            set_error(s, err);
            pthread_mutex_unlock(&s->lock);
            return -1;
        }
        if (hand_over(s, g))
            return -1;
    }
    return 0;
}

static void *worker(void *arg)
{
    shared *s = arg;
    char err[200] = "out of memory";
    const rec_run *run = &s->o->run;
    gplayer *pl[GAME_MAX_PLAYERS] = { 0 };
    bool made = true;
    for (int j = 0; j < run->players && made; j++)
        made = (pl[j] = gplayer_new(run->game, run->specs[j], err, sizeof err)) != NULL;
    rec_game *g = malloc(sizeof *g);
    pthread_mutex_lock(&s->lock);
    if (!made || !g)
        set_error(s, err);
    while (!s->failed && !s->stop && !fio_stop_requested() && s->next_unit < s->units) {
        uint64_t k = s->o->run.shard + s->next_unit++ * (s->o->run.shards ? s->o->run.shards : 1);
        pthread_mutex_unlock(&s->lock);
        play_unit(s, k, pl, g);
        pthread_mutex_lock(&s->lock);
    }
    s->running--;
    pthread_cond_signal(&s->ready);
    pthread_mutex_unlock(&s->lock);
    free(g);
    for (int j = 0; j < run->players; j++)
        if (pl[j])
            gplayer_free(pl[j]);
    return NULL;
}

/* Reads what the file holds for --resume: the ids it has (done), where its
 * intact blocks end (keep), each seat's points among them, and whether the
 * command grows the run (*grow: a larger --games).  0 to go on. */
static int load_existing(const run_opts *o, int fd, idset *done, uint64_t *keep, uint64_t *kept,
                         double *points, int *stop, bool *grow, char *err, size_t n)
{
    struct stat st;
    if (rec_header_incomplete(fd)) { /* nothing yet: a plain start, as after a kill before the first write */
        if (!fstat(fd, &st) && st.st_size > 0)
            note(o, "%s holds no complete header (its first write was cut short): starting it afresh", o->out);
        return 0;
    }
    rec_reader *r = rec_reader_open(o->out, err, n);
    if (!r)
        return 2;
    int rc = 0, got;
    char diff[400];
    rec_game *g = malloc(sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        rc = 1;
    } else if (rec_reader_version(r) != REC_FORMAT_VERSION) {
        snprintf(err, n, "cannot resume %s: written in format %d: `triad records upgrade` it first", MSG_PATH(o->out),
                 rec_reader_version(r));
        rc = 2;
    } else if (rec_reader_run(r)->game != o->run.game) { /* before the signature, which differs with the game */
        snprintf(err, n, "cannot resume %s: it holds a %s run, not %s (give --game %s to resume it, or another "
                 "--out)", MSG_PATH(o->out), rec_reader_run(r)->game->name, o->run.game->name,
                 rec_reader_run(r)->game->name);
        rc = 2;
    } else if (rec_reader_run(r)->engine_sig != o->run.engine_sig || !o->run.engine_sig) {
        snprintf(err, n, "%s was written by an engine with signature %016llx; this triad's is %016llx (a change to "
                 "move generation, evaluation or search): start a new run", MSG_PATH(o->out),
                 (unsigned long long)rec_reader_run(r)->engine_sig, (unsigned long long)o->run.engine_sig);
        rc = 2;
    } else if (rec_run_diff(&o->run, rec_reader_run(r), REC_DIFF_SHARD, "this command", o->out, diff,
                            sizeof diff)) {
        snprintf(err, n, "--resume refused, %s holds another run: %s", MSG_PATH(o->out), diff);
        rc = 2;
    } else if (rec_reader_run(r)->games > o->run.games) { /* growing keeps every game; shrinking would not */
        snprintf(err, n, "--resume refused: %s holds a run of %llu games, more than --games %llu (a run can "
                 "grow, not shrink)", MSG_PATH(o->out), (unsigned long long)rec_reader_run(r)->games,
                 (unsigned long long)o->run.games);
        rc = 2;
    }
    *grow = !rc && rec_reader_run(r)->games < o->run.games;
    while (!rc && (got = rec_reader_next(r, g)) != REC_END) {
        if (got == REC_BAD)
            continue;
        if (g->id >= o->run.games || !rec_in_shard(&o->run, g->id)) {
            snprintf(err, n, "cannot resume %s: game %llu is not one of this run's", MSG_PATH(o->out),
                     (unsigned long long)g->id);
            rc = 2;
        } else {
            int added = idset_add(done, g->id);
            if (added < 0) {
                snprintf(err, n, "out of memory reading %s", MSG_PATH(o->out));
                rc = 1;
            } else if (added) {
                ++*kept;
                for (int i = 0; i < GAME_MAX_PLAYERS; i++)
                    points[i] += g->scores[i];
                if (o->on_game && o->on_game(g, o->on_game_ctx))
                    *stop = 1;
            }
        }
    }
    if (!rc && rec_reader_runs(r) > 1) {
        snprintf(err, n, "cannot resume %s: it holds %d runs' headers (a concatenation of records files?)",
                 o->out, rec_reader_runs(r));
        rc = 2;
    }
    if (!rc && rec_reader_bad_before_good(r)) {
        snprintf(err, n, "cannot resume %s: a damaged block lies before intact ones (%s); "
                 "see triad records verify", MSG_PATH(o->out), rec_reader_error(r));
        rc = 2;
    }
    *keep = rec_reader_good_end(r);
    if (!rc && rec_reader_file_size(r) > *keep)
        note(o, "dropping the torn tail of %s (%s)", MSG_PATH(o->out), rec_reader_error(r));
    free(g);
    rec_reader_close(r);
    return rc;
}

/* Sleeps until the batch fills or a quarter second passes. */
static void wait_a_little(shared *s)
{
    struct timespec t = clock_deadline(0.25);
    pthread_cond_timedwait(&s->ready, &s->lock, &t);
}

typedef struct tally {
    run_counts c;     /* games, points: the caller's figures */
    double last_flush;
} tally;

/* Writes a taken batch (outside the lock); returns -1 on a write error.
 * *stop is set when on_game asks to end the run. */
static int write_batch(shared *s, const rec_game *games, int n, tally *t, int *stop)
{
    for (int i = 0; i < n; i++) {
        if (rec_writer_append(s->w, &games[i]))
            return -1;
        t->c.games++;
        for (int j = 0; j < GAME_MAX_PLAYERS; j++)
            t->c.points[j] += games[i].scores[j];
        if (s->o->on_game && s->o->on_game(&games[i], s->o->on_game_ctx))
            *stop = 1;
    }
    double now = clock_seconds();
    if (!rec_writer_pending(s->w))
        t->last_flush = now;
    else if (now - t->last_flush >= s->o->flush_seconds) {
        t->last_flush = now;
        return rec_writer_flush(s->w);
    }
    return 0;
}

/* Runs the workers and writes what they play until they finish. */
static void play_all(shared *s, tally *t)
{
    pthread_t tid[256];
    int started = 0, threads = s->o->threads < 256 ? s->o->threads : 256;
    s->running = threads;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, worker, s))
            break;
    pthread_mutex_lock(&s->lock);
    s->running -= threads - started;
    if (!started)
        set_error(s, "cannot start a worker thread");
    t->last_flush = clock_seconds();
    while (s->running > 0 || (s->fill > 0 && !s->failed)) {
        /* A signal's first sight skips the wait: the finished games go out
         * at once; then the loop waits for the workers to drop their games. */
        int signalled = fio_stop_requested(), first_sight = signalled && !s->stop;
        if (s->fill < BATCH / 2 && s->running > 0 && !first_sight)
            wait_a_little(s);
        s->stop |= signalled != 0;
        rec_game *taken = s->batch;
        int n = s->fill;
        s->batch = s->spare;
        s->spare = taken;
        s->fill = 0;
        pthread_cond_broadcast(&s->room);
        pthread_mutex_unlock(&s->lock);
        int stop = 0, rc = write_batch(s, taken, n, t, &stop);
        if (!rc && signalled) /* what is finished goes to disk now, before the workers end */
            rc = rec_writer_flush(s->w);
        if (s->o->progress)
            s->o->progress(s->o->report_ctx, &t->c);
        pthread_mutex_lock(&s->lock);
        s->stop |= stop;
        if (rc) {
            set_error(s, rec_writer_error(s->w));
            pthread_cond_broadcast(&s->room);
        }
    }
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}

static uint64_t shard_units(const rec_run *run)
{
    uint64_t r = rec_games_per_setup(run), setups = run->games / r;
    uint64_t n = run->shards ? run->shards : 1;
    return setups > run->shard ? (setups - run->shard + n - 1) / n : 0;
}

/* The weights file of a canonical player spec, into out ("" when none;
 * weights=default: the game's file). */
static void weights_of(const game_def *g, const char *spec, char *out, size_t n)
{
    if (gplayer_spec_option(spec, "weights", out, n))
        *out = 0;
    else if (!strcmp(out, GWEIGHTS_DEFAULT))
        gweights_default_path(g, out, n);
}

/* Player c's log= against the run's files; 0, or -1 with the refusal. */
static int check_log(const game_def *g, const char (*specs)[REC_SPEC_MAX], int players, int c, const char *out,
                     const char *positions, char *err, size_t n)
{
    char log[REC_SPEC_MAX], weights[REC_SPEC_MAX];
    if (gplayer_spec_option(specs[c], "log", log, sizeof log) || !*log)
        return 0;
    const char *what = out && fio_same_path(log, out) ? "the run's output (--out)"
                     : positions && fio_same_path(log, positions) ? "the --positions file"
                     : rec_file_is_records(log) ? "a records file" : NULL;
    for (int k = 0; !what && k < players; k++) {
        weights_of(g, specs[k], weights, sizeof weights);
        if (*weights && fio_same_path(log, weights))
            what = "a weights file";
    }
    if (what) {
        snprintf(err, n, "player %s: log=%s is %s: the program's stderr would be appended to it (give another "
                 "log=)", specs[c], MSG_PATH(log), what);
        return -1;
    }
    return 0;
}

int run_check_files(const game_def *g, const char (*specs)[REC_SPEC_MAX], int players, const char *out,
                    const char *positions, char *err, size_t n)
{
    char weights[REC_SPEC_MAX];
    if (out && positions && fio_same_path(out, positions)) {
        snprintf(err, n, "refusing to write %s: it is also an input (--positions %s)", MSG_PATH(out),
                 MSG_PATH(positions));
        return -1;
    }
    for (int c = 0; c < players; c++) {
        weights_of(g, specs[c], weights, sizeof weights);
        if (out && *weights && fio_same_path(weights, out)) {
            snprintf(err, n, "refusing to write %s: it is the weights file of player %s", MSG_PATH(out), specs[c]);
            return -1;
        }
        if (check_log(g, specs, players, c, out, positions, err, n))
            return -1;
    }
    return 0;
}

/* Opens and locks the output, taking the lock before --resume reads the
 * file, so no other writer can come between the scan and the appending.
 * Returns the descriptor, or -1: the request is refused. */
static int open_output(const run_opts *o, char *err, size_t n)
{
    if (run_check_files(o->run.game, (const char (*)[REC_SPEC_MAX])o->run.specs, o->run.players, o->out,
                        o->positions_file, err, n))
        return -1;
    if (!o->resume && !o->force && !access(o->out, F_OK)) {
        snprintf(err, n, "%s exists (give %s--force to overwrite it)", o->out,
                 o->no_resume ? "" : "--resume to continue its run or ");
        return -1;
    }
    return rec_open_locked(o->out, o->resume ? REC_APPEND : o->force ? REC_OVERWRITE : REC_CREATE, err, n);
}

int run_selfplay(const run_opts *o, run_counts *res, char *err, size_t n)
{
    idset done = { 0 };
    uint64_t keep = 0;
    tally t = { 0 };
    int rc, mode = o->resume ? REC_APPEND : o->force ? REC_OVERWRITE : REC_CREATE, stop = 0;
    *res = t.c;
    if (!o->run.engine_sig) { /* a caller's slip: the file would say "unknown engine" */
        snprintf(err, n, "the run has no engine signature (records/record.h: rec_run_sign)");
        res->refused = true;
        return -1;
    }
    int fd = open_output(o, err, n);
    if (fd < 0) {
        res->refused = true;
        return -1;
    }
    bool grow = false;
    if (o->resume && (rc = load_existing(o, fd, &done, &keep, &t.c.games, t.c.points, &stop, &grow, err, n))) {
        close(fd);
        idset_free(&done);
        res->refused = rc == 2;
        return -1;
    }
    if (grow) { /* a larger --games: the same games, and more of them under a new header */
        int nfd = rec_rewrite_header(fd, o->out, &o->run, keep, &keep, err, n);
        if (nfd < 0) {
            close(fd);
            idset_free(&done);
            return -1;
        }
        fd = nfd;
        note(o, "growing the run in %s to %llu games", MSG_PATH(o->out), (unsigned long long)o->run.games);
    }
    shared s = { .o = o, .done = &done, .units = shard_units(&o->run), .stop = stop };
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.ready, NULL);
    pthread_cond_init(&s.room, NULL);
    s.batch = malloc(BATCH * sizeof *s.batch);
    s.spare = malloc(BATCH * sizeof *s.spare);
    t.c.at_start = t.c.games;
    t.c.total = s.units * rec_games_per_setup(&o->run);
    rc = -1;
    if (!s.batch || !s.spare) {
        snprintf(err, n, "out of memory");
        close(fd);
    } else if (!(s.w = rec_writer_open_fd(fd, o->out, &o->run, mode, keep, o->block_games, err, n))) {
        /* The output is open and locked: what failed is its header's write
         * (a full disk), a failure rather than a refusal.  (What it left,
         * an empty file or a header's prefix, --resume starts afresh.) */
    } else {
        if (o->progress)
            o->progress(o->report_ctx, &t.c);
        fio_stop_begin();
        play_all(&s, &t);
        char cerr[256];
        if (rec_writer_close(s.w, cerr, sizeof cerr) && !s.failed)
            set_error(&s, cerr);
        t.c.signal = fio_stop_requested();
        fio_stop_end();
        if (s.failed)
            snprintf(err, n, "%s: %s", MSG_PATH(o->out), s.err);
        rc = s.failed ? -1 : 0;
    }
    *res = t.c;
    free(s.batch);
    free(s.spare);
    pthread_cond_destroy(&s.ready);
    pthread_cond_destroy(&s.room);
    pthread_mutex_destroy(&s.lock);
    idset_free(&done);
    return rc;
}
