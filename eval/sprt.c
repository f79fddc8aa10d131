/* sprt.c — see sprt.h.
 *
 * The constrained maximum-likelihood distribution.  Maximising
 * sum_i q_i log p_i (q: the observed frequencies) under sum p_i = 1 and one
 * linear constraint sum_i p_i v_i = 0 gives p_i = q_i / (1 + x v_i), where x
 * is the root of f(x) = sum_i q_i v_i / (1 + x v_i), which decreases
 * strictly on the interval where every 1 + x v_i > 0; bisection finds it.
 * A hypothesis on the mean (logistic Elo) is such a linear constraint.  One
 * on normalized Elo, mu - 1/2 - s sigma = 0, is not; it is linearised at the
 * current p (the constraint's gradient gives
 * v_i = a_i - 1/2 - s sigma (1 + ((a_i - mu) / sigma)^2) / 2, which sums
 * under p to the constraint itself) and solved again until p stops moving,
 * walking to the target from the data in steps (see mle()).  Every loop
 * here has a bound on its iterations, so the test ends for any input. */
#include <math.h>
#include <string.h>
#include "sprt.h"
#include "stats.h"

#define EMPTY_CELL 1e-3              /* pairs counted in an empty cell */
#define LN10 2.302585092994045684     /* M_LN10 is not ISO C */
#define SQRT2 1.414213562373095049
#define NELO_PER_T (800 / LN10)      /* normalized Elo per unit of t */
#define MLE_TRIES 10000              /* steps of the walk in mle(), far more than it takes */

/* q: the observed frequencies, empty cells filled; returns the pairs. */
static double frequencies(const uint64_t counts[5], double q[5])
{
    double n = 0, sum = 0;
    for (int i = 0; i < 5; i++) {
        n += (double)counts[i];
        q[i] = counts[i] ? (double)counts[i] : EMPTY_CELL;
        sum += q[i];
    }
    for (int i = 0; i < 5; i++)
        q[i] /= sum;
    return n;
}

/* p maximising sum q log p under sum p v = 0; -1 when no p can meet it. */
static int mle_linear(const double q[5], const double v[5], double p[5])
{
    double lo = -INFINITY, hi = INFINITY;
    for (int i = 0; i < 5; i++) {
        if (v[i] > 0)
            lo = fmax(lo, -1 / v[i]);
        else if (v[i] < 0)
            hi = fmin(hi, -1 / v[i]);
    }
    if (!isfinite(lo) || !isfinite(hi))
        return -1; /* every v of one sign: the constraint is out of reach */
    for (int it = 0; it < 200; it++) {
        double x = (lo + hi) / 2, f = 0;
        for (int i = 0; i < 5; i++)
            f += q[i] * v[i] / (1 + x * v[i]);
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    double x = (lo + hi) / 2, sum = 0;
    for (int i = 0; i < 5; i++)
        sum += p[i] = q[i] / (1 + x * v[i]);
    for (int i = 0; i < 5; i++)
        p[i] /= sum;
    return 0;
}

static void moments(const double p[5], double *mu, double *sigma)
{
    double m = 0, v = 0;
    for (int i = 0; i < 5; i++)
        m += p[i] * i / 4.0;
    for (int i = 0; i < 5; i++)
        v += p[i] * (i / 4.0 - m) * (i / 4.0 - m);
    *mu = m;
    *sigma = sqrt(v);
}

/* The fit under mu - 1/2 = s sigma, from p (which meets it for a nearby s):
 * the linearised problem solved again until p stops moving. */
static int mle_normalized_at(const double q[5], double s, double p[5])
{
    for (int it = 0; it < 200; it++) {
        double mu, sigma, v[5], next[5], moved = 0;
        moments(p, &mu, &sigma);
        for (int i = 0; i < 5; i++) {
            double z = (i / 4.0 - mu) / sigma;
            v[i] = i / 4.0 - 0.5 - s * sigma * (1 + z * z) / 2;
        }
        if (mle_linear(q, v, next))
            return -1;
        for (int i = 0; i < 5; i++) {
            moved = fmax(moved, fabs(next[i] - p[i]));
            p[i] = next[i];
        }
        if (moved < 1e-14)
            return 0;
    }
    return 0;
}

static int mle(const double q[5], sprt_model model, double elo, double p[5])
{
    double v[5];
    if (!(fabs(elo) <= SPRT_ELO_MAX))
        return -1; /* NaN too: the hypotheses sprt.h allows */
    if (model == SPRT_LOGISTIC) {
        double s = score_from_elo(elo);
        for (int i = 0; i < 5; i++)
            v[i] = i / 4.0 - s;
        return mle_linear(q, v, p);
    }
    /* mu - 1/2 = s sigma, with sigma a pair's per-game spread: sqrt(2) of
     * the per-game t of normalized Elo.  Far from the data the linearised
     * constraint can be out of reach, so the fit walks from the data's own
     * s (where the data is its own fit) to the target in steps, each
     * starting from the last fit, and halves a step that fails.  The data's
     * own s can be huge (all pairs won: the empty cells' 1e-3 pairs make
     * sigma tiny, s about 11,000 for a million pairs), so a step is 5% of
     * |s| where that is more than 0.05: a walk of a few hundred steps, not
     * one of |s| / 0.05.  The tries are counted, so that the walk ends for
     * any input (the caller gets -1 if it runs out). */
    double target = SQRT2 * elo / NELO_PER_T, mu, sigma, scale = 1;
    memcpy(p, q, 5 * sizeof *p);
    moments(p, &mu, &sigma);
    double s = (mu - 0.5) / sigma;
    if (!isfinite(s))
        return -1;
    for (int tries = 0; s != target; tries++) {
        double step = scale * fmax(0.05, 0.05 * fabs(s));
        double next = fabs(target - s) <= step ? target : s + (target > s ? step : -step);
        double trial[5];
        if (tries >= MLE_TRIES || next == s)
            return -1;
        memcpy(trial, p, sizeof trial);
        if (mle_normalized_at(q, next, trial)) {
            if ((scale /= 2) < 1e-9)
                return -1;
            continue;
        }
        memcpy(p, trial, sizeof trial);
        s = next;
        scale = fmin(1, scale * 2);
    }
    return 0;
}

int sprt_penta_mle(const uint64_t counts[5], sprt_model model, double elo, double p[5])
{
    double q[5];
    if (frequencies(counts, q) <= 0)
        return -1;
    return mle(q, model, elo, p);
}

double sprt_penta_nelo(const uint64_t counts[5])
{
    double q[5], mu, sigma;
    if (frequencies(counts, q) <= 0)
        return 0;
    double n = 0, p[5];
    for (int i = 0; i < 5; i++)
        n += (double)counts[i];
    for (int i = 0; i < 5; i++)
        p[i] = (double)counts[i] / n;
    moments(p, &mu, &sigma);
    return sigma > 0 ? NELO_PER_T * (mu - 0.5) / (SQRT2 * sigma) : 0;
}

sprt_state sprt_penta(const uint64_t counts[5], sprt_model model, double elo0, double elo1, double alpha,
                      double beta)
{
    sprt_state s = { 0, log(beta / (1 - alpha)), log((1 - beta) / alpha), 0 };
    double q[5], p0[5], p1[5];
    double n = frequencies(counts, q);
    if (!(alpha >= SPRT_ERR_MIN && alpha < SPRT_ERR_MAX && beta >= SPRT_ERR_MIN && beta < SPRT_ERR_MAX))
        return s;
    if (n <= 0 || mle(q, model, elo0, p0) || mle(q, model, elo1, p1))
        return s;
    for (int i = 0; i < 5; i++)
        s.llr += n * q[i] * log(p1[i] / p0[i]);
    s.decision = s.llr >= s.upper ? 1 : s.llr <= s.lower ? -1 : 0;
    return s;
}
