/* run.c — see run.h.
 *
 * Workers take setup indices from a shared counter, play the games of each
 * that the file lacks, and append them to the writer under one mutex.  The
 * main thread only watches: it wakes a few times a second to redraw the
 * progress report and to write a partial block once flush_seconds have
 * passed, so slow players lose little work to a kill. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "idset.h"
#include "play.h"
#include "progress.h"
#include "run.h"

typedef struct shared {
    const run_opts *o;
    const idset *done;         /* games the file already holds */
    uint64_t next_unit, units; /* the shard's setup indices, handed out in order */
    pthread_mutex_t lock;      /* guards everything below */
    pthread_cond_t changed;
    rec_writer *w;
    uint64_t games_done, white_wins;
    int running;               /* workers still working */
    int failed;                /* 1 once a worker hit an error */
    char err[256];
} shared;

static void set_error(shared *s, const char *msg)
{
    if (!s->failed)
        snprintf(s->err, sizeof s->err, "%s", msg);
    s->failed = 1;
}

/* Plays and stores the missing games of setup k. */
static int play_unit(shared *s, uint64_t k, player *pl[2], rec_game *g)
{
    const rec_run *run = &s->o->run;
    uint64_t first = run->paired ? 2 * k : k, last = run->paired ? first + 1 : first;
    char err[200];
    for (uint64_t id = first; id <= last; id++) {
        if (idset_has(s->done, id))
            continue;
        int rc = play_game(run, id, pl[0], pl[1], g, err, sizeof err);
        pthread_mutex_lock(&s->lock);
        if (rc)
            set_error(s, err);
        else if (rec_writer_append(s->w, g))
            set_error(s, rec_writer_error(s->w));
        s->games_done++;
        s->white_wins += g->winner == WHITE;
        rc = s->failed;
        pthread_mutex_unlock(&s->lock);
        if (rc)
            return -1;
    }
    return 0;
}

static void *worker(void *arg)
{
    shared *s = arg;
    char err[200];
    player *pl[2] = { player_new(s->o->run.white, err, sizeof err), NULL };
    pl[1] = pl[0] ? player_new(s->o->run.black, err, sizeof err) : NULL;
    rec_game *g = malloc(sizeof *g);
    pthread_mutex_lock(&s->lock);
    if (!pl[1] || !g)
        set_error(s, g ? err : "out of memory");
    while (!s->failed && s->next_unit < s->units) {
        uint64_t k = s->o->run.shard + s->next_unit++ * (s->o->run.shards ? s->o->run.shards : 1);
        pthread_mutex_unlock(&s->lock);
        play_unit(s, k, pl, g);
        pthread_mutex_lock(&s->lock);
    }
    s->running--;
    pthread_cond_signal(&s->changed);
    pthread_mutex_unlock(&s->lock);
    free(g);
    if (pl[0])
        player_free(pl[0]);
    if (pl[1])
        player_free(pl[1]);
    return NULL;
}

/* Reads what the file holds for --resume: the ids it has (done), where its
 * intact blocks end (keep) and White's wins among them.  0 to go on. */
static int load_existing(const run_opts *o, idset *done, uint64_t *keep, uint64_t *kept,
                         uint64_t *white_wins, char *err, size_t n)
{
    if (access(o->out, F_OK))
        return 0; /* nothing yet: a plain start, as after a kill before the first write */
    rec_reader *r = rec_reader_open(o->out, err, n);
    if (!r)
        return 2;
    int rc = 0, got;
    char diff[400];
    rec_game *g = malloc(sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        rc = 1;
    } else if (rec_run_diff(&o->run, rec_reader_run(r), true, "this command", o->out, diff,
                            sizeof diff)) {
        snprintf(err, n, "--resume refused, %s holds another run: %s", o->out, diff);
        rc = 2;
    }
    while (!rc && (got = rec_reader_next(r, g)) != REC_END) {
        if (got == REC_BAD)
            continue;
        if (g->id >= o->run.games || !rec_in_shard(&o->run, g->id)) {
            snprintf(err, n, "cannot resume %s: game %llu is not one of this run's", o->out,
                     (unsigned long long)g->id);
            rc = 2;
        } else if (idset_add(done, g->id) == 1) {
            ++*kept;
            *white_wins += g->winner == WHITE;
        }
    }
    if (!rc && rec_reader_bad_before_good(r)) {
        snprintf(err, n, "cannot resume %s: a damaged block lies before intact ones (%s); "
                 "see triad records verify", o->out, rec_reader_error(r));
        rc = 2;
    }
    *keep = rec_reader_good_end(r);
    if (!rc && !o->quiet && rec_reader_file_size(r) > *keep)
        fprintf(stderr, "selfplay: dropping the torn tail of %s (%s)\n", o->out, rec_reader_error(r));
    free(g);
    rec_reader_close(r);
    return rc;
}

/* Sleeps on the condition for up to a quarter second. */
static void wait_a_little(shared *s)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += 250000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&s->changed, &s->lock, &t);
}

/* Runs the workers and watches them until they finish. */
static void play_all(shared *s, progress *pr, uint64_t kept, uint64_t kept_white)
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
    double last_flush = progress_clock();
    while (s->running > 0) {
        wait_a_little(s);
        double now = progress_clock();
        if (!rec_writer_pending(s->w))
            last_flush = now;
        else if (now - last_flush >= s->o->flush_seconds) {
            if (rec_writer_flush(s->w))
                set_error(s, rec_writer_error(s->w));
            last_flush = now;
        }
        progress_update(pr, kept + s->games_done, kept_white + s->white_wins);
    }
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}

static uint64_t shard_units(const rec_run *run)
{
    uint64_t setups = run->paired ? run->games / 2 : run->games, n = run->shards ? run->shards : 1;
    return setups > run->shard ? (setups - run->shard + n - 1) / n : 0;
}

int run_selfplay(const run_opts *o, char *err, size_t n)
{
    idset done = { 0 };
    uint64_t keep = 0, kept = 0, kept_white = 0;
    int rc, mode = o->force ? REC_OVERWRITE : REC_CREATE;
    if (o->resume) {
        if ((rc = load_existing(o, &done, &keep, &kept, &kept_white, err, n))) {
            idset_free(&done);
            return rc;
        }
        mode = REC_APPEND;
    } else if (!o->force && !access(o->out, F_OK)) {
        snprintf(err, n, "%s exists (give --resume to continue its run or --force to overwrite it)", o->out);
        return 2;
    }
    shared s = { .o = o, .done = &done, .units = shard_units(&o->run) };
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    s.w = rec_writer_open(o->out, &o->run, mode, keep, o->block_games, err, n);
    rc = 1;
    if (s.w) {
        progress pr;
        progress_start(&pr, stderr, o->quiet, s.units * (o->run.paired ? 2 : 1), kept);
        play_all(&s, &pr, kept, kept_white);
        char cerr[256];
        if (rec_writer_close(s.w, cerr, sizeof cerr) && !s.failed)
            set_error(&s, cerr);
        if (s.failed)
            snprintf(err, n, "%s: %s", o->out, s.err);
        else
            progress_finish(&pr, kept + s.games_done, kept_white + s.white_wins, o->out);
        rc = s.failed;
    }
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    idset_free(&done);
    return rc;
}
