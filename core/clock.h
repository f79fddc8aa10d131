/* clock.h — every clock triad reads: a monotonic clock in seconds (speed
 * figures, progress reports, flush and search deadlines), an absolute
 * deadline on the wall clock for pthread_cond_timedwait, and the median of
 * a few timings (the benches report medians of their runs).  Nothing else
 * calls clock_gettime or gettimeofday, so a port or a test clock changes
 * one file. */
#ifndef TRIAD_CLOCK_H
#define TRIAD_CLOCK_H

#include <stdlib.h>
#include <time.h>

static inline double clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The wall-clock time seconds from now, as pthread_cond_timedwait wants it
 * (its default clock is CLOCK_REALTIME). */
static inline struct timespec clock_deadline(double seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    long s = (long)seconds;
    t.tv_sec += s;
    t.tv_nsec += (long)((seconds - (double)s) * 1e9);
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static inline int clock_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of t[0..n) (n >= 1); sorts t. */
static inline double clock_median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, clock_cmp_double);
    return t[n / 2];
}

#endif
