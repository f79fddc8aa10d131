/* stats.c — see stats.h. */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "stats.h"

interval interval_none(void)
{
    return (interval){ NAN, NAN };
}

bool interval_ok(interval ci)
{
    return !isnan(ci.lo) && !isnan(ci.hi);
}

interval wilson(double x, double n, double z)
{
    if (!(n >= 2))
        return interval_none();
    double p = x / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    interval r = { centre - half, centre + half };
    if (r.lo < 0 || x <= 0) /* rounding at p = 0 or 1: the bound is exact there */
        r.lo = 0;
    if (r.hi > 1 || x >= n)
        r.hi = 1;
    return r;
}

double score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double elo_from_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

/* Mean and variance of the per-pair score (pair points / 2) over counts. */
static void pair_moments(const uint64_t counts[5], double *n, double *mean, double *var)
{
    double c[5], sum = 0, m = 0, v = 0;
    for (int i = 0; i < 5; i++)
        c[i] = (double)counts[i];
    for (int i = 0; i < 5; i++)
        sum += c[i], m += c[i] * i / 4.0;
    m = sum > 0 ? m / sum : 0.5;
    for (int i = 0; i < 5; i++)
        v += c[i] * (i / 4.0 - m) * (i / 4.0 - m);
    *n = sum;
    *mean = m;
    *var = sum > 0 ? v / sum : 0;
}

penta_estimate penta_estimate_from(const uint64_t counts[5], double z)
{
    double n, m, v;
    pair_moments(counts, &n, &m, &v);
    penta_estimate e;
    e.pairs = (uint64_t)n;
    e.score = m;
    e.score_se = n > 0 ? sqrt(v / n) : 0;
    e.elo = elo_from_score(m);
    double lo = m - z * e.score_se, hi = m + z * e.score_se;
    if (n > 0 && v == 0) { /* every pair alike: no spread to go on, so a Wilson interval over pairs */
        interval w = wilson(m * n, n, z);
        lo = w.lo, hi = w.hi;
    }
    if (n < 2) {
        e.elo_ci = interval_none();
        return e;
    }
    /* A bound is infinite exactly when the estimate is: a rounding hair
     * below 1 would otherwise give "+6261 Elo". */
    e.elo_ci.lo = m <= 0 ? -INFINITY : lo <= 0 ? -INFINITY : elo_from_score(lo);
    e.elo_ci.hi = m >= 1 ? INFINITY : hi >= 1 ? INFINITY : elo_from_score(hi);
    return e;
}

proportion_diff proportion_difference(double x1, double n1, double x2, double n2, double z)
{
    double p1 = x1 / n1, p2 = x2 / n2;
    interval w1 = wilson(x1, n1, z), w2 = wilson(x2, n2, z);
    proportion_diff d;
    d.diff = p1 - p2;
    d.ci.lo = d.diff - sqrt((p1 - w1.lo) * (p1 - w1.lo) + (w2.hi - p2) * (w2.hi - p2));
    d.ci.hi = d.diff + sqrt((w1.hi - p1) * (w1.hi - p1) + (p2 - w2.lo) * (p2 - w2.lo));
    double pool = (x1 + x2) / (n1 + n2);
    double se = sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2));
    d.z = se > 0 ? d.diff / se : 0;
    d.p_value = se > 0 ? 2 * gsl_cdf_ugaussian_Q(fabs(d.z)) : 1;
    return d;
}
