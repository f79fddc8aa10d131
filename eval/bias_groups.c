/* bias_groups.c — the rotation-group analysis of the bias study: how much
 * the setup itself decides (bias.h; the model is in docs/bias.md).
 *
 * A run with rotations R > 1 plays every setup R times, game kR + r with
 * rotation r.  Call "arrangement j" what starts in seat j at rotation 0;
 * at rotation r it sits in seat (j + r) mod N when the run rotates the
 * pieces (REC_ROTATE_PIECES), else still in seat j (only the players
 * move).  Its mean share over the group, a_j, varies between setups by
 * the setup's effect plus chance; the chance part is known from the
 * spread of a seat's share over all games, which gives the setup variance
 * (R Var(a) - V) / (R - 1).  TZAAR's paired games are R = 2, where this is
 * 2 Var(a) - p(1 - p). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "core/prng.h"
#include "bias.h"

static int by_id(const void *a, const void *b)
{
    uint64_t x = ((const bias_group_game *)a)->id, y = ((const bias_group_game *)b)->id;
    return (x > y) - (x < y);
}

int bias_close_groups(bias_kind_data *k)
{
    if (!k->npending)
        return 0;
    int rot = k->pending_rotations;
    qsort(k->pending, k->npending, sizeof *k->pending, by_id);
    for (size_t i = 0; i + (size_t)rot <= k->npending; i++) {
        const bias_group_game *a = &k->pending[i];
        int r = 0;
        while (r < rot && k->pending[i + (size_t)r].id == a->id + (uint64_t)r &&
               k->pending[i + (size_t)r].rotation == r)
            r++;
        if (a->id % (uint64_t)rot || r < rot)
            continue; /* not the start of a complete group: a lone game stays out */
        if (!k->ngroups && !k->groups_other) {
            k->rotations = rot;
            k->rotate = k->pending_rotate;
        }
        if (rot != k->rotations || k->pending_rotate != k->rotate) {
            k->groups_other++;
        } else {
            if (!k->cap_groups || k->ngroups == k->cap_groups) {
                size_t cap = k->cap_groups ? 2 * k->cap_groups : 256;
                bias_group *g = realloc(k->groups, cap * sizeof *g);
                if (!g)
                    return -1;
                k->groups = g;
                k->cap_groups = cap;
            }
            bias_group *g = &k->groups[k->ngroups++];
            memset(g, 0, sizeof *g);
            for (int q = 0; q < rot; q++) {
                memcpy(g->share[q], k->pending[i + (size_t)q].share, sizeof g->share[q]);
                g->first[q] = k->pending[i + (size_t)q].first;
            }
        }
        i += (size_t)rot - 1;
    }
    k->npending = 0;
    return 0;
}

/* The seat of arrangement j at rotation r. */
static int seat_of(int j, int r, int players, int rotate)
{
    return rotate & REC_ROTATE_PIECES ? (j + r) % players : j;
}

typedef struct group_estimate {
    double arrangement_var, outcome_var, setup_var, one_sided, observed, expected;
} group_estimate;

/* The estimates from the groups listed in idx (a bootstrap draw), or all
 * groups when idx is NULL. */
static group_estimate estimate(const bias_kind_data *k, int players, const size_t *idx)
{
    int rot = k->rotations, rotate = k->rotate;
    double sum_a[GAME_MAX_PLAYERS] = { 0 }, sum_a2[GAME_MAX_PLAYERS] = { 0 };
    double sum_s[GAME_MAX_PLAYERS] = { 0 }, sum_s2[GAME_MAX_PLAYERS] = { 0 }, firsts[GAME_MAX_PLAYERS] = { 0 };
    double one_sided = 0;
    for (size_t i = 0; i < k->ngroups; i++) {
        const bias_group *g = &k->groups[idx ? idx[i] : i];
        bool decided = false;
        for (int j = 0; j < players; j++) {
            double a = 0;
            bool all_first = true;
            for (int r = 0; r < rot; r++) {
                int s = seat_of(j, r, players, rotate);
                a += g->share[r][s];
                all_first &= g->first[r] == s;
            }
            a /= rot;
            sum_a[j] += a;
            sum_a2[j] += a * a;
            decided |= all_first;
        }
        one_sided += decided;
        for (int r = 0; r < rot; r++)
            for (int s = 0; s < players; s++) {
                sum_s[s] += g->share[r][s];
                sum_s2[s] += g->share[r][s] * g->share[r][s];
                firsts[s] += g->first[r] == s;
            }
    }
    double n = (double)k->ngroups, games = n * rot;
    group_estimate e = { 0 };
    for (int j = 0; j < players; j++) {
        e.arrangement_var += n > 1 ? (sum_a2[j] - sum_a[j] * sum_a[j] / n) / (n - 1) : 0;
        double m = sum_s[j] / games;
        e.outcome_var += sum_s2[j] / games - m * m;
    }
    e.arrangement_var /= players;
    e.outcome_var /= players;
    e.setup_var = (rot * e.arrangement_var - e.outcome_var) / (rot - 1);
    /* One-sided: one arrangement ranked first alone in every game of its
     * group; by chance, with each seat first alone as often as over all
     * games, independently, that has the probability expected. */
    e.observed = one_sided / n;
    for (int j = 0; j < players; j++) {
        double p = 1;
        for (int r = 0; r < rot; r++)
            p *= firsts[seat_of(j, r, players, rotate)] / games;
        e.expected += p;
    }
    e.one_sided = e.expected < 1 ? (e.observed - e.expected) / (1 - e.expected) : 0;
    return e;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* TZAAR's pentanomial counts: two seats, two rotations, win/loss. */
static void pentanomials(const bias_kind_data *k, bias_groups_result *r)
{
    r->pentanomial = true;
    for (size_t i = 0; i < k->ngroups; i++) {
        const bias_group *g = &k->groups[i];
        int w1 = g->share[0][0] > 0.5, w2 = g->share[1][0] > 0.5;
        int held = g->share[1][seat_of(0, 1, 2, k->rotate)] > 0.5; /* game 2's result for game 1's seat 0 pieces */
        r->first_penta[2 * (w1 + w2)]++;
        r->holder_penta[2 * (w1 + held)]++;
    }
}

/* Mean and 95% t interval of n values in [lo, hi] from their sum and sum
 * of squares (none from fewer than two).  Values that all agree (every
 * group ending alike: 20 groups at 100%) give the t interval no width,
 * a certainty n observations cannot give; then the interval is Wilson's
 * for the mean taken as a proportion of the range over n trials, the
 * interval of the most spread-out values with that mean (a variable in
 * [lo, hi] with mean m has a variance of at most (m - lo)(hi - m), a
 * proportion's): 20 groups at 100% give [83.9%, 100%], as the per-seat
 * figures (clustered Wilson) say. */
static interval t_interval(double sum, double sq, double n, double lo, double hi, double *mean)
{
    *mean = n > 0 ? sum / n : 0;
    if (n < 2)
        return interval_none();
    double var = fmax(0, (sq - sum * sum / n) / (n - 1));
    /* "all agree" up to rounding: the sums of squares of equal values */
    if (var <= 1e-12 * (1 + *mean * *mean)) {
        interval w = wilson((*mean - lo) / (hi - lo) * n, n, Z95);
        return (interval){ lo + w.lo * (hi - lo), lo + w.hi * (hi - lo) };
    }
    double half = gsl_cdf_tdist_Pinv(0.975, n - 1) * sqrt(var / n);
    return (interval){ *mean - half, *mean + half };
}

/* The first seat's share with each group's games as one observation: the
 * games of a setup are not independent, its groups are. */
static void first_share(const bias_kind_data *k, bias_groups_result *r)
{
    double sum = 0, sq = 0, n = (double)k->ngroups;
    for (size_t i = 0; i < k->ngroups; i++) {
        double m = 0;
        for (int q = 0; q < k->rotations; q++)
            m += k->groups[i].share[q][0];
        m /= k->rotations;
        sum += m;
        sq += m * m;
    }
    r->first_share_ci = t_interval(sum, sq, n, 0, 1, &r->first_share);
}

/* Seat 0's share by rotation, and rotation 0 minus rotation 1 paired by group. */
static void by_rotation(const bias_kind_data *k, bias_groups_result *r)
{
    double n = (double)k->ngroups, dsum = 0, dsq = 0;
    for (int q = 0; q < k->rotations; q++) {
        double sum = 0, sq = 0;
        for (size_t i = 0; i < k->ngroups; i++) {
            double y = k->groups[i].share[q][0];
            sum += y, sq += y * y;
        }
        r->rot_first_ci[q] = t_interval(sum, sq, n, 0, 1, &r->rot_first[q]);
    }
    for (size_t i = 0; i < k->ngroups; i++) {
        double d = k->groups[i].share[0][0] - k->groups[i].share[1][0];
        dsum += d, dsq += d * d;
    }
    r->rot_diff_ci = t_interval(dsum, dsq, n, -1, 1, &r->rot_diff); /* a difference of shares */
}

int bias_analyse_groups(const bias_kind_data *k, int players, int resamples, uint64_t seed,
                        bias_groups_result *r)
{
    memset(r, 0, sizeof *r);
    r->groups = k->ngroups;
    r->groups_other = k->groups_other;
    r->rotations = k->rotations;
    r->rotate = k->rotate;
    if (!k->ngroups)
        return 0;
    first_share(k, r);
    by_rotation(k, r);
    if (players == 2 && k->rotations == 2 && !k->scores.points)
        pentanomials(k, r);
    if (k->ngroups < 2)
        return 0;
    group_estimate e = estimate(k, players, NULL);
    r->arrangement_var = e.arrangement_var;
    r->outcome_var = e.outcome_var;
    r->setup_var = e.setup_var;
    r->setup_share = e.outcome_var > 0 ? e.setup_var / e.outcome_var : 0;
    r->one_sided = e.one_sided;
    r->one_sided_observed = e.observed;
    r->one_sided_expected = e.expected;

    /* Percentile bootstrap over groups: a setup's games stay together. */
    size_t *idx = malloc(sizeof *idx * k->ngroups);
    double *var = malloc(sizeof *var * (size_t)resamples), *os = malloc(sizeof *os * (size_t)resamples);
    if (!idx || !var || !os) {
        free(idx), free(var), free(os);
        return -1;
    }
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int b = 0; b < resamples; b++) {
        for (size_t i = 0; i < k->ngroups; i++)
            idx[i] = (size_t)xoshiro_below(&rng, k->ngroups);
        group_estimate eb = estimate(k, players, idx);
        var[b] = eb.setup_var;
        os[b] = eb.one_sided;
    }
    qsort(var, (size_t)resamples, sizeof *var, cmp_double);
    qsort(os, (size_t)resamples, sizeof *os, cmp_double);
    int lo = (int)(0.025 * resamples), hi = (int)(0.975 * resamples);
    if (hi >= resamples)
        hi = resamples - 1;
    /* A bootstrap whose draws all agree (every group ending alike) has
     * collapsed to a point, which claims a certainty 20 groups cannot
     * give: the one-sided fraction then takes the closed form, Wilson's
     * interval of the fraction of groups observed one-sided, mapped as
     * the estimate is; the setup variance has none and says n/a. */
    r->setup_var_ci = var[lo] < var[hi] ? (interval){ var[lo], var[hi] } : interval_none();
    r->one_sided_ci = (interval){ os[lo], os[hi] };
    if (!(os[lo] < os[hi])) {
        interval w = wilson(e.observed * (double)k->ngroups, (double)k->ngroups, Z95);
        r->one_sided_ci = e.expected < 1 ? (interval){ (w.lo - e.expected) / (1 - e.expected),
                                                       (w.hi - e.expected) / (1 - e.expected) }
                                         : interval_none();
    }
    free(idx), free(var), free(os);
    return 0;
}
