/* clock.h — timing for speed figures: a monotonic clock in seconds and the
 * median of a few timings (the benches report medians of their runs). */
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
