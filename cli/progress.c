/* progress.c — see progress.h. */
#include <stdlib.h>
#include <unistd.h>
#include "core/clock.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "core/num.h"
#include "meter.h"
#include "progress.h"

#define BAR_WIDTH 24
#define TTY_PERIOD 0.25  /* seconds between redraws of the bar */
/* Seconds between plain status lines (logs, Slurm): 5 unless
 * TRIAD_PROGRESS_SECONDS says otherwise (progress_read_env, once at start). */
static double log_period = 5.0;

int progress_read_env(char *err, size_t n)
{
    const char *v = getenv("TRIAD_PROGRESS_SECONDS");
    if (!v)
        return 0;
    double x;
    if (num_double(v, 0.01, 86400, &x, NULL, 0)) { /* the toolkit's one number syntax */
        snprintf(err, n, "TRIAD_PROGRESS_SECONDS='%.40s' is not a number of seconds from 0.01 to 86400", v);
        return -1;
    }
    log_period = x;
    return 0;
}

double progress_log_seconds(void)
{
    return log_period;
}

void progress_start(progress *pr, FILE *out, bool quiet, int seats, uint64_t total, uint64_t at_start)
{
    pr->seats = seats;
    pr->out = out;
    pr->quiet = quiet;
    pr->tty = isatty(fileno(out));
    pr->total = total;
    pr->at_start = at_start;
    pr->t_start = pr->t_last = clock_seconds();
    pr->drawn = false;
    pr->name = "selfplay";
    pr->status = NULL;
    pr->status_ctx = NULL;
}

/* Names the lines (default "selfplay") and replaces the seats' means with
 * status's text (either may be NULL: the default). */
static void progress_set_status(progress *pr, const char *name, void (*status)(void *ctx, char *buf, size_t n), void *ctx)
{
    if (name)
        pr->name = name;
    pr->status = status;
    pr->status_ctx = ctx;
}

/* "seat 0 0.512 seat 1 0.488" (TZAAR's "White 0.512 Black 0.488", as
 * every other output names its seats), or the status's text. */
static void seat_scores(const progress *pr, char *text, size_t n, int seats, uint64_t done, const double *points)
{
    size_t at = 0;
    text[0] = 0;
    if (pr->status) {
        pr->status(pr->status_ctx, text, n);
        return;
    }
    for (int s = 0; s < seats && at < n; s++) {
        char own[16];
        const char *name = pr->game ? game_seat_name(pr->game, s, own) : (snprintf(own, sizeof own, "seat %d", s), own);
        int k = snprintf(text + at, n - at, "%s%s %.3f", s ? " " : "", name, done ? points[s] / (double)done : 0);
        if (k < 0)
            break;
        at += (size_t)k;
    }
}

void progress_update(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS])
{
    double now = clock_seconds();
    if (pr->quiet || now - pr->t_last < (pr->tty ? TTY_PERIOD : log_period))
        return;
    pr->t_last = now;
    double rate = (double)(done - pr->at_start) / (now - pr->t_start);
    char eta[32], scores[160];
    seat_scores(pr, scores, sizeof scores, pr->seats, done, points);
    meter_clock_text(eta, sizeof eta, rate > 0 ? (double)(pr->total - done) / rate : 0);
    if (!pr->tty) {
        fprintf(pr->out, "%s: %llu/%llu games, %.1f games/s, ETA %s, %s\n", pr->name, (unsigned long long)done,
                (unsigned long long)pr->total, rate, eta, scores);
        fflush(pr->out);
        return;
    }
    char bar[BAR_WIDTH + 1];
    int fill = pr->total ? (int)(BAR_WIDTH * done / pr->total) : BAR_WIDTH;
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[BAR_WIDTH] = 0;
    fprintf(pr->out, "\r[%s] %llu/%llu games  %.1f games/s  ETA %s  %s \033[K", bar,
            (unsigned long long)done, (unsigned long long)pr->total, rate, eta, scores);
    fflush(pr->out);
    pr->drawn = true;
}

void progress_end_line(progress *pr)
{
    if (pr->drawn)
        fputc('\n', pr->out);
    pr->drawn = false;
}

void progress_finish(progress *pr, uint64_t done, const double points[GAME_MAX_PLAYERS], const char *path)
{
    if (pr->quiet)
        return;
    double secs = clock_seconds() - pr->t_start;
    uint64_t played = done - pr->at_start;
    if (pr->drawn)
        fputc('\n', pr->out);
    char scores[160];
    seat_scores(pr, scores, sizeof scores, pr->seats, done, points);
    fprintf(pr->out, "%s: %llu games%s%s (%llu played now in %.2f s, %.1f games/s), %s\n", pr->name,
            (unsigned long long)done, path ? " in " : "", path ? path : "", (unsigned long long)played, secs,
            secs > 0 ? (double)played / secs : 0, scores);
}

typedef struct reporter {
    const run_opts *o;
    const run_view *v;
    progress pr;
    bool started;
} reporter;

static void on_note(void *ctx, const char *msg)
{
    const reporter *r = ctx;
    if (!r->v->quiet)
        fprintf(stderr, "%s: %s\n", r->v->name ? r->v->name : "selfplay", msg);
}

static void on_progress(void *ctx, const run_counts *c)
{
    reporter *r = ctx;
    if (r->started) {
        progress_update(&r->pr, c->games, c->points);
        return;
    }
    progress_start(&r->pr, stderr, r->v->quiet, r->o->run.players, c->total, c->at_start);
    r->pr.game = r->o->run.game;
    progress_set_status(&r->pr, r->v->name, r->v->status, r->v->status_ctx);
    r->started = true;
}

int cli_run_selfplay(const run_opts *o, const run_view *v, char *err, size_t n)
{
    run_opts ro = *o;
    reporter r = { .o = o, .v = v };
    run_counts c;
    ro.note = on_note;
    ro.progress = on_progress;
    ro.report_ctx = &r;
    /* The engine signature the run's games are played under: the game's
     * perft and search suite, computed here, once, as the run is opened. */
    if (rec_run_sign(&ro.run, err, n))
        return 2;
    if (run_selfplay(&ro, &c, err, n))
        return c.refused ? 2 : 1;
    if (c.signal) {
        if (r.started)
            progress_end_line(&r.pr);
        snprintf(err, n, "stopped by %s: %llu of %llu games%s%s (%llu played now), every finished game "
                 "written%s", fio_signal_name(c.signal), (unsigned long long)c.games,
                 (unsigned long long)c.total, v->hide_path ? "" : " in ", v->hide_path ? "" : MSG_PATH(o->out),
                 (unsigned long long)(c.games - c.at_start), o->no_resume ? "" : "; --resume plays the rest");
        return RUN_STOPPED;
    }
    if (r.started)
        progress_finish(&r.pr, c.games, c.points, v->hide_path ? NULL : o->out);
    return 0;
}
