/* stats.h — the statistics behind match results and the bias study:
 * Wilson intervals, logistic Elo, the pentanomial model of paired games,
 * and the difference of two proportions (the SPRT is in sprt.h).  Pure
 * functions of counts; nothing here reads records. */
#ifndef TRIAD_STATS_H
#define TRIAD_STATS_H

#include <stdbool.h>
#include <stdint.h>

#define Z95 1.959963984540054

typedef struct interval {
    double lo, hi;
} interval;

/* No interval: both bounds NaN.  Every interval here is "none" when it
 * would rest on fewer than two observations (printed "n/a", JSON null). */
interval interval_none(void);
bool interval_ok(interval ci);

/* Wilson score interval for x successes in n trials; none when n < 2.
 * At x = n (x = 0) the upper (lower) bound is exactly 1 (0). */
interval wilson(double x, double n, double z);

/* Logistic Elo: the score expected at a rating difference, and back.  Scores
 * of 0 or 1 map to -/+ infinity; callers print them as such. */
double score_from_elo(double elo);
double elo_from_score(double score);

/* Paired games: counts[i] = pairs in which A scored i/2 points out of 2
 * (i = 0..4: LL, LD, DD or WL, WD, WW). */
typedef struct penta_estimate {
    uint64_t pairs;
    double score;    /* A's mean score per game */
    double score_se; /* its standard error, from the spread of pair scores */
    double elo;
    /* at the z given; a Wilson interval over pairs when all pairs scored
     * alike; none with fewer than two pairs; a bound is infinite exactly
     * when the estimate is (a score of 1 has no finite upper bound) */
    interval elo_ci;
} penta_estimate;
penta_estimate penta_estimate_from(const uint64_t counts[5], double z);

/* p1 - p2 for x1/n1 and x2/n2: Newcombe's hybrid score interval and the
 * two-sided p-value of the pooled z test. */
typedef struct proportion_diff {
    double diff;
    interval ci;
    double z, p_value;
} proportion_diff;
proportion_diff proportion_difference(double x1, double n1, double x2, double n2, double z);

#endif
