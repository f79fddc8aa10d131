/* meter.c — see meter.h. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/clock.h"
#include "meter.h"
#include "progress.h" /* progress_log_seconds: the period of plain status lines, TRIAD_PROGRESS_SECONDS */

#define BAR_WIDTH 24
#define TICK_SECONDS 0.25  /* the bar's redraw period on a terminal */

struct meter {
    pthread_mutex_t lock;   /* everything below; the ticker takes it to draw */
    pthread_cond_t wake;    /* meter_stop() ends the ticker's wait */
    pthread_t ticker;
    bool tty, ticking, stopping, paused, drawn;
    char what[64], label[160];
    uint64_t done, total;
    double t_start, t_last_log;
};

void meter_clock_text(char *t, size_t n, double seconds)
{
    long s = seconds < 0 || seconds > 1e8 ? 0 : (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(t, n, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(t, n, "%ld:%02ld", s / 60, s % 60);
}

/* "0:42, about 1:30 left" (no estimate before the first step is done). */
static void times_text(const meter *m, char *t, size_t n)
{
    double spent = clock_seconds() - m->t_start;
    char a[32], b[32];
    meter_clock_text(a, sizeof a, spent);
    if (m->done && m->done < m->total) {
        meter_clock_text(b, sizeof b, spent / (double)m->done * (double)(m->total - m->done));
        snprintf(t, n, "%s, about %s left", a, b);
    } else
        snprintf(t, n, "%s", a);
}

/* Draws the bar (under the lock); work of no known size (total 0: a game
 * played) has no bar, only the step and the time. */
static void draw(meter *m)
{
    char bar[BAR_WIDTH + 1], times[80];
    int fill = m->total ? (int)(BAR_WIDTH * m->done / m->total) : 0;
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[BAR_WIDTH] = 0;
    times_text(m, times, sizeof times);
    if (!m->total)
        fprintf(stderr, "\r%s: %s  %s\033[K", m->what, m->label, times);
    else
        fprintf(stderr, "\r%s [%s] %llu/%llu  %s  %s\033[K", m->what, bar, (unsigned long long)m->done,
                (unsigned long long)m->total, m->label, times);
    fflush(stderr);
    m->drawn = true;
}

static void erase(meter *m)
{
    if (m->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    m->drawn = false;
}

/* A plain status line, when the period has passed (under the lock). */
static void log_line(meter *m)
{
    char times[80];
    double now = clock_seconds();
    if (now - m->t_last_log < progress_log_seconds())
        return;
    m->t_last_log = now;
    times_text(m, times, sizeof times);
    if (!m->total)
        fprintf(stderr, "%s: %s, %s\n", m->what, m->label, times);
    else
        fprintf(stderr, "%s: %llu/%llu done, now %s, %s\n", m->what, (unsigned long long)m->done,
                (unsigned long long)m->total, m->label, times);
    fflush(stderr);
}

/* On a terminal: the bar redrawn, so its clock moves during a long step.
 * Elsewhere, for work of no known size (a game, whose one step, a
 * player's choice, may take minutes): a plain line every period. */
static void *tick(void *arg)
{
    meter *m = arg;
    pthread_mutex_lock(&m->lock);
    while (!m->stopping) {
        struct timespec t = clock_deadline(TICK_SECONDS);
        pthread_cond_timedwait(&m->wake, &m->lock, &t);
        if (m->stopping || m->paused)
            continue;
        if (m->tty)
            draw(m);
        else
            log_line(m);
    }
    pthread_mutex_unlock(&m->lock);
    return NULL;
}

meter *meter_start(const char *what, uint64_t total, bool quiet)
{
    if (quiet)
        return NULL;
    meter *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    pthread_mutex_init(&m->lock, NULL);
    pthread_cond_init(&m->wake, NULL);
    snprintf(m->what, sizeof m->what, "%s", what);
    m->total = total;
    m->tty = isatty(STDERR_FILENO);
    m->t_start = m->t_last_log = clock_seconds();
    if (m->tty)
        draw(m);
    if (m->tty || !total)
        m->ticking = pthread_create(&m->ticker, NULL, tick, m) == 0;
    return m;
}

void meter_step(meter *m, uint64_t done, const char *label)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->done = done;
    snprintf(m->label, sizeof m->label, "%s", label ? label : "");
    if (m->tty) {
        if (!m->paused)
            draw(m);
    } else
        log_line(m);
    pthread_mutex_unlock(&m->lock);
}

void meter_pause(meter *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->paused = true;
    erase(m);
    pthread_mutex_unlock(&m->lock);
}

void meter_resume(meter *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->paused = false;
    if (m->tty)
        draw(m);
    pthread_mutex_unlock(&m->lock);
}

void meter_stop(meter *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->stopping = true;
    pthread_cond_signal(&m->wake);
    pthread_mutex_unlock(&m->lock);
    if (m->ticking)
        pthread_join(m->ticker, NULL);
    erase(m);
    pthread_cond_destroy(&m->wake);
    pthread_mutex_destroy(&m->lock);
    free(m);
}
