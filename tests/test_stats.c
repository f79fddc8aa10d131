/* test_stats.c — the statistics and the logistic fit against values worked
 * out by hand or from the literature. */
#include <math.h>
#include <stdlib.h>
#include "core/prng.h"
#include "eval/logistic.h"
#include "eval/seat_stats.h"
#include "eval/sprt.h"
#include "eval/stats.h"
#include "check.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

static void wilson_known_values(void)
{
    /* 8 of 10 at 95%: p = .8, centre (.8 + .19208)/1.38415 = .71679,
     * half 1.41603 * sqrt(.016 + .009604) = .22658. */
    interval w = wilson(8, 10, Z95);
    CHECKF(NEAR(w.lo, 0.49016, 1e-4) && NEAR(w.hi, 0.94331, 1e-4), "got [%f, %f]", w.lo, w.hi);
    w = wilson(0, 20, Z95); /* lower end pinned at 0, upper z^2/(n+z^2) */
    CHECKF(w.lo == 0 && NEAR(w.hi, 3.8415 / 23.8415, 1e-4), "got [%f, %f]", w.lo, w.hi);
    w = wilson(500, 1000, Z95);
    CHECKF(NEAR(w.lo, 0.46907, 1e-4) && NEAR(w.hi, 0.53093, 1e-4), "got [%f, %f]", w.lo, w.hi);
}

static void elo_known_values(void)
{
    CHECK(NEAR(elo_from_score(0.5), 0, 1e-12));
    CHECKF(NEAR(elo_from_score(0.75), 400 * log10(3), 1e-9), "%f", elo_from_score(0.75)); /* 190.85 */
    CHECK(NEAR(score_from_elo(400), 10.0 / 11.0, 1e-12));
    CHECK(NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
    CHECK(isinf(elo_from_score(1)) && elo_from_score(1) > 0);
    CHECK(isinf(elo_from_score(0)) && elo_from_score(0) < 0);
}

static void pentanomial_by_hand(void)
{
    /* 10 pairs LL, 30 WL, 60 WW: pair scores 0, .5, 1; mean = (15 + 60)/100
     * = .75; variance = (10*.5625 + 30*.0625 + 60*.0625)/100 = .1125. */
    uint64_t c[5] = { 10, 0, 30, 0, 60 };
    penta_estimate e = penta_estimate_from(c, Z95);
    CHECK(e.pairs == 100);
    CHECKF(NEAR(e.score, 0.75, 1e-12), "%f", e.score);
    CHECKF(NEAR(e.score_se, sqrt(0.1125 / 100), 1e-12), "%f", e.score_se);
    CHECK(NEAR(e.elo, elo_from_score(0.75), 1e-9));
    double half = Z95 * sqrt(0.001125);
    CHECK(NEAR(e.elo_ci.lo, elo_from_score(0.75 - half), 1e-9));
    CHECK(NEAR(e.elo_ci.hi, elo_from_score(0.75 + half), 1e-9));
    CHECK(e.elo_ci.lo < e.elo && e.elo < e.elo_ci.hi);
    /* 20 pairs, all won: no spread, so the Wilson interval over pairs,
     * lower end 20 / (20 + z^2) = .8389. */
    uint64_t all[5] = { 0, 0, 0, 0, 20 };
    e = penta_estimate_from(all, Z95);
    CHECK(isinf(e.elo) && isinf(e.elo_ci.hi));
    CHECKF(NEAR(e.elo_ci.lo, elo_from_score(20 / (20 + Z95 * Z95)), 1e-9), "%f", e.elo_ci.lo);
}

static double loglik(const uint64_t c[5], const double p[5])
{
    double l = 0;
    for (int i = 0; i < 5; i++)
        l += (double)c[i] * log(p[i]);
    return l;
}

static void sprt_by_hand(void)
{
    /* The case: 30 pairs all won, elo0 = 0, elo1 = 10 logistic.
     * The normal approximation said 13.4 and stopped; the exact LLR is
     * about 30 log(s1 / s0), the two hypotheses' best fits being nearly
     * two-point distributions on 0 and 1 with means s0 and s1. */
    uint64_t thirty[5] = { 0, 0, 0, 0, 30 };
    double s1 = score_from_elo(10);
    sprt_state s = sprt_penta(thirty, SPRT_LOGISTIC, 0, 10, 0.05, 0.05);
    CHECKF(NEAR(s.llr, 30 * log(s1 / 0.5), 0.02) && s.decision == 0, "llr %f", s.llr);
    CHECK(NEAR(s.upper, log(19), 1e-12) && NEAR(s.lower, -log(19), 1e-12));
    s = sprt_penta(thirty, SPRT_NORMALIZED, 0, 10, 0.05, 0.05);
    CHECKF(s.llr > 0 && s.llr < 3 && s.decision == 0, "normalized llr %f", s.llr);
    /* One or two pairs that happen to agree decide nothing, even against a
     * wide hypothesis. */
    uint64_t one[5] = { 0, 0, 0, 0, 1 }, two[5] = { 0, 0, 0, 0, 2 };
    CHECK(sprt_penta(one, SPRT_LOGISTIC, 0, 300, 0.05, 0.05).decision == 0);
    CHECK(sprt_penta(two, SPRT_NORMALIZED, 0, 300, 0.05, 0.05).decision == 0);
    /* Clear matches decide, either way, in both models. */
    uint64_t lose[5] = { 400, 0, 200, 0, 100 }, win[5] = { 100, 0, 200, 0, 400 };
    for (int m = 0; m < 2; m++) {
        CHECK(sprt_penta(lose, (sprt_model)m, 0, 10, 0.05, 0.05).decision == -1);
        CHECK(sprt_penta(win, (sprt_model)m, 0, 10, 0.05, 0.05).decision == 1);
    }
    /* Data exactly at H0 (an even match): H0's best fit is the data itself,
     * so the LLR is n sum q log(p1 / q) < 0, and 1,000 such pairs accept H0. */
    uint64_t even[5] = { 50, 0, 900, 0, 50 };
    double p0[5], p1[5];
    REQUIRE(sprt_penta_mle(even, SPRT_LOGISTIC, 0, p0) == 0);
    CHECK(NEAR(p0[0], 0.05, 1e-5) && NEAR(p0[2], 0.9, 1e-5) && NEAR(p0[4], 0.05, 1e-5)); /* empty cells: 1e-3 pairs */
    REQUIRE(sprt_penta_mle(even, SPRT_LOGISTIC, 10, p1) == 0);
    s = sprt_penta(even, SPRT_LOGISTIC, 0, 10, 0.05, 0.05);
    CHECKF(NEAR(s.llr, loglik(even, p1) - loglik(even, p0), 1e-3) && s.llr < 0 && s.decision == -1, "llr %f",
           s.llr);
}

/* The constrained fits meet their constraint and are maxima: moving along
 * any direction that keeps the constraint lowers the likelihood. */
static void sprt_fits_are_constrained_maxima(void)
{
    uint64_t c[5] = { 10, 20, 30, 25, 60 };
    double p[5], mu = 0, var = 0;
    REQUIRE(sprt_penta_mle(c, SPRT_LOGISTIC, 30, p) == 0);
    for (int i = 0; i < 5; i++)
        mu += p[i] * i / 4.0;
    CHECKF(NEAR(mu, score_from_elo(30), 1e-12), "mean %.15f", mu);
    double best = loglik(c, p);
    /* (1, -2, 1, 0, 0) and (0, 1, -2, 1, 0) keep the sum and the mean */
    static const double dirs[2][5] = { { 1, -2, 1, 0, 0 }, { 0, 1, -2, 1, 0 } };
    for (int d = 0; d < 2; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double q[5];
            for (int i = 0; i < 5; i++)
                q[i] = p[i] + sgn * 1e-4 * dirs[d][i];
            CHECK(loglik(c, q) < best);
        }
    REQUIRE(sprt_penta_mle(c, SPRT_NORMALIZED, 25, p) == 0);
    mu = 0;
    for (int i = 0; i < 5; i++)
        mu += p[i] * i / 4.0;
    for (int i = 0; i < 5; i++)
        var += p[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
    double nelo = 800 / log(10) * (mu - 0.5) / sqrt(2 * var);
    CHECKF(NEAR(nelo, 25, 1e-7), "nElo of the fit %.10f", nelo);
    /* Far from the data (an even match against nElo 300, where a single
     * linearised step has no solution) the fit still meets its constraint,
     * and the test accepts H0. */
    uint64_t even[5] = { 242, 0, 493, 0, 265 };
    REQUIRE(sprt_penta_mle(even, SPRT_NORMALIZED, 300, p) == 0);
    mu = var = 0;
    for (int i = 0; i < 5; i++)
        mu += p[i] * i / 4.0;
    for (int i = 0; i < 5; i++)
        var += p[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
    CHECKF(NEAR(800 / log(10) * (mu - 0.5) / sqrt(2 * var), 300, 1e-6), "nElo of the far fit %f",
           800 / log(10) * (mu - 0.5) / sqrt(2 * var));
    CHECK(sprt_penta(even, SPRT_NORMALIZED, 0, 300, 0.05, 0.05).decision == -1);
    /* the data's own nElo: mean .6289..., by hand */
    double m = (20 * 0.25 + 30 * 0.5 + 25 * 0.75 + 60) / 145.0, v = 0;
    double a[5] = { 0, 0.25, 0.5, 0.75, 1 };
    for (int i = 0; i < 5; i++)
        v += (double)c[i] * (a[i] - m) * (a[i] - m) / 145.0;
    CHECK(NEAR(sprt_penta_nelo(c), 800 / log(10) * (m - 0.5) / sqrt(2 * v), 1e-9));
    /* Hypotheses past sprt.h's range, or error rates outside it, test
     * nothing (elo 1e308 used to walk forever), and a million pairs all won
     * (the data's own s about 11,000) still fit and decide. */
    CHECK(sprt_penta_mle(c, SPRT_NORMALIZED, 1e308, p) == -1 && sprt_penta_mle(c, SPRT_LOGISTIC, -1e308, p) == -1);
    CHECK(sprt_penta_mle(c, SPRT_NORMALIZED, NAN, p) == -1);
    sprt_state st = sprt_penta(c, SPRT_NORMALIZED, 0, 10, 1e-310, 0.05);
    CHECK(st.llr == 0 && st.decision == 0);
    uint64_t won[5] = { 0, 0, 0, 0, 1000000 };
    REQUIRE(sprt_penta_mle(won, SPRT_NORMALIZED, 1000, p) == 0);
    mu = var = 0;
    for (int i = 0; i < 5; i++)
        mu += p[i] * i / 4.0;
    for (int i = 0; i < 5; i++)
        var += p[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
    CHECKF(NEAR(800 / log(10) * (mu - 0.5) / sqrt(2 * var), 1000, 1e-6), "nElo of the fit %f",
           800 / log(10) * (mu - 0.5) / sqrt(2 * var));
    CHECK(sprt_penta(won, SPRT_NORMALIZED, 0, 10, 0.05, 0.05).decision == 1);
}

static void proportion_difference_newcombe(void)
{
    /* Newcombe (1998), Statistics in Medicine 17:873, example (a):
     * 56/70 - 48/80 = .2000, method 10 interval .0524 to .3339. */
    proportion_diff d = proportion_difference(56, 70, 48, 80, Z95);
    CHECK(NEAR(d.diff, 0.2, 1e-12));
    CHECKF(NEAR(d.ci.lo, 0.0524, 1e-4) && NEAR(d.ci.hi, 0.3339, 1e-4), "[%f, %f]", d.ci.lo, d.ci.hi);
    /* Pooled z: p = 104/150, se = sqrt(p(1-p)(1/70 + 1/80)). */
    double p = 104.0 / 150, z = 0.2 / sqrt(p * (1 - p) * (1.0 / 70 + 1.0 / 80));
    CHECK(NEAR(d.z, z, 1e-9));
    CHECK(d.p_value > 0.005 && d.p_value < 0.01); /* z = 2.64 */
}

/* Draws labels from a known logistic model and checks the fit recovers it
 * within a few standard errors, and that the standard errors are sane. */
static void logistic_recovers_known_model(void)
{
    enum { N = 20000, K = 4 };
    const double truth[K] = { 0.8, -1.2, 0.3, 0.0 };
    double *x = malloc(sizeof(double) * N * K), *y = malloc(sizeof(double) * N);
    REQUIRE(x && y);
    xoshiro256 r;
    xoshiro_seed(&r, 42);
    for (int i = 0; i < N; i++) {
        double z = 0;
        x[i * K] = 1; /* intercept */
        for (int j = 1; j < K; j++)
            x[i * K + j] = (double)(xoshiro_next(&r) >> 11) / 9007199254740992.0 * 4 - 2;
        for (int j = 0; j < K; j++)
            z += truth[j] * x[i * K + j];
        double u = (double)(xoshiro_next(&r) >> 11) / 9007199254740992.0;
        y[i] = u < 1 / (1 + exp(-z)) ? 1 : 0;
    }
    logit_data d = { .n = N, .k = K, .x = x, .y = y };
    logit_opts o = { .scale = 1 };
    double beta[K] = { 0 }, se[K];
    char err[128];
    REQUIRE(logit_fit(&d, &o, beta, se, err, sizeof err) == 0);
    for (int j = 0; j < K; j++) {
        CHECKF(se[j] > 0.005 && se[j] < 0.1, "se[%d] = %f", j, se[j]);
        CHECKF(fabs(beta[j] - truth[j]) < 4 * se[j], "beta[%d] = %f, truth %f, se %f", j, beta[j], truth[j], se[j]);
    }
    double zero[K] = { 0 };
    CHECK(logit_loss(&d, &o, beta) < logit_loss(&d, &o, zero));
    /* With the weights fixed at truth/2, the best scale is near 2. */
    double half[K];
    for (int j = 0; j < K; j++)
        half[j] = truth[j] / 2;
    double k = logit_fit_scale(&d, half, 0.1, 10);
    CHECKF(fabs(k - 2) < 0.15, "K = %f", k);
    /* A strong L2 penalty pulls the fit towards the prior (zero). */
    logit_opts strong = { .scale = 1, .l2 = 10 };
    double shrunk[K] = { 0 };
    REQUIRE(logit_fit(&d, &strong, shrunk, NULL, err, sizeof err) == 0);
    CHECK(fabs(shrunk[1]) < 0.2 * fabs(beta[1]));
    free(x);
    free(y);
}

static void logistic_rejects_empty(void)
{
    logit_data d = { .n = 0, .k = 3 };
    logit_opts o = { .scale = 1 };
    double beta[3] = { 0 };
    char err[128] = "";
    CHECK(logit_fit(&d, &o, beta, NULL, err, sizeof err) == -1);
    CHECK(err[0] != 0);
}

/* Per-seat summaries worked out by hand: win/loss games take Wilson's
 * interval, points games a t interval; ranks share on ties. */
static void seat_stats_by_hand(void)
{
    seat_stats s;
    seat_stats_init(&s, 2);
    for (int i = 0; i < 10; i++)
        seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ i < 7, i >= 7 });
    interval w = wilson(7, 10, Z95), c = seat_stats_ci95(&s, 0);
    CHECK(!s.points && NEAR(seat_stats_mean(&s, 0), 0.7, 1e-12) && NEAR(c.lo, w.lo, 1e-12) && NEAR(c.hi, w.hi, 1e-12));
    CHECK(s.ranks[0][0] == 7 && s.ranks[0][1] == 3 && s.ranks[1][0] == 3 && s.ties == 0);
    seat_stats_free(&s);

    /* three seats, points: seat 0 scores 2, 4, 6 (mean 4, sd 2), t(0.975, 2) = 4.302653 */
    seat_stats_init(&s, 3);
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 2, 2, 1 });
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 4, 5, 0 });
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 6, 0, 6 });
    c = seat_stats_ci95(&s, 0);
    double half = 4.302653 * 2 / sqrt(3);
    CHECKF(s.points && NEAR(c.lo, 4 - half, 1e-5) && NEAR(c.hi, 4 + half, 1e-5), "[%g, %g]", c.lo, c.hi);
    CHECK(s.ties == 2);                                       /* 2-2-1 and 6-0-6 */
    CHECK(s.ranks[0][0] == 2 && s.ranks[0][1] == 1);          /* first, second, first (shared) */
    CHECK(s.ranks[1][0] == 2 && s.ranks[1][2] == 1);
    CHECK(s.ranks[2][0] == 1 && s.ranks[2][1] == 0 && s.ranks[2][2] == 2);
    seat_stats_free(&s);
}

/* Issue 18 item 3: a bound is infinite exactly when the estimate is.  10
 * pairs all won gave "Elo +inf, 95% interval [+166.2, +6261.4]": Wilson's
 * upper bound a rounding hair below 1. */
static void elo_bound_infinite_with_the_estimate(void)
{
    for (uint64_t n = 2; n <= 300; n++) {
        uint64_t won[5] = { 0, 0, 0, 0, n }, lost[5] = { n, 0, 0, 0, 0 }, mixed[5] = { 1, 0, 0, 0, n };
        penta_estimate w = penta_estimate_from(won, Z95), l = penta_estimate_from(lost, Z95);
        penta_estimate m = penta_estimate_from(mixed, Z95);
        CHECKF(isinf(w.elo) && w.elo > 0 && isinf(w.elo_ci.hi) && w.elo_ci.hi > 0 && isfinite(w.elo_ci.lo),
               "%llu pairs won: [%g, %g]", (unsigned long long)n, w.elo_ci.lo, w.elo_ci.hi);
        CHECKF(isinf(l.elo) && l.elo < 0 && isinf(l.elo_ci.lo) && l.elo_ci.lo < 0 && isfinite(l.elo_ci.hi),
               "%llu pairs lost: [%g, %g]", (unsigned long long)n, l.elo_ci.lo, l.elo_ci.hi);
        CHECKF(isfinite(m.elo) && isfinite(m.elo_ci.lo), "%llu pairs won, one lost", (unsigned long long)n);
    }
    interval w = wilson(10, 10, Z95);
    CHECK(w.hi == 1 && wilson(0, 10, Z95).lo == 0);
}

/* Issue 18 item 2: no interval from fewer than two observations (NaN
 * bounds, printed n/a), whether Wilson's, a t interval or an Elo. */
static void no_interval_from_one_observation(void)
{
    CHECK(!interval_ok(wilson(1, 1, Z95)) && !interval_ok(wilson(0, 1, Z95)) && interval_ok(wilson(1, 2, Z95)));
    seat_stats s;
    seat_stats_init(&s, 3);
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 16, 10, 4 }); /* one Talat game */
    CHECK(!interval_ok(seat_stats_ci95(&s, 0)) && NEAR(seat_stats_mean(&s, 0), 16, 1e-12));
    seat_stats_free(&s);
    seat_stats_init(&s, 2);
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 1, 0 });
    CHECK(!interval_ok(seat_stats_ci95(&s, 0)));
    seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 1, 0 });
    CHECK(interval_ok(seat_stats_ci95(&s, 0)));
    seat_stats_free(&s);
    /* two games of one setup are one observation */
    seat_stats_init(&s, 3);
    seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 16, 10, 4 }, NULL, 7);
    seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 10, 4, 16 }, NULL, 7);
    CHECK(!interval_ok(seat_stats_ci95(&s, 0)));
    seat_stats_free(&s);
    uint64_t one[5] = { 0, 0, 0, 1, 0 };
    CHECK(!interval_ok(penta_estimate_from(one, Z95).elo_ci));
}

/* Issue 18 item 5: games of one setup are one cluster.  Four setups of two
 * games each, seat 0 scoring 1 1, 3 3, 5 5, 7 7: the mean is 4; the
 * cluster-robust variance of the mean is C/(C-1) sum (S_c - n_c m)^2 / N^2
 * = 4/3 (36 + 4 + 4 + 36) / 64 = 5/3, with C - 1 = 3 degrees of freedom
 * (t = 3.182446): half-width 4.1086; as independent games it would be
 * 2.364624 sqrt(40/7/8) = 1.9985. */
static void seat_stats_clustered_by_hand(void)
{
    seat_stats s;
    seat_stats_init(&s, 2);
    for (int c = 0; c < 4; c++)
        for (int g = 0; g < 2; g++)
            CHECK(seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 1 + 2 * c, 9 - 2 * c }, NULL,
                                      (uint64_t)c) == 0);
    interval ci = seat_stats_ci95(&s, 0);
    CHECK(seat_stats_clustered(&s) && seat_stats_clusters(&s) == 4 && s.points);
    CHECKF(NEAR(ci.hi - 4, 3.182446 * sqrt(5.0 / 3), 1e-5) && NEAR(4 - ci.lo, ci.hi - 4, 1e-12), "[%f, %f]", ci.lo,
           ci.hi);
    seat_stats_free(&s);
    /* the same values as eight setups: the plain t interval over games */
    seat_stats_init(&s, 2);
    for (int c = 0; c < 4; c++)
        for (int g = 0; g < 2; g++)
            seat_stats_add(&s, (const double[GAME_MAX_PLAYERS]){ 1 + 2 * c, 9 - 2 * c });
    ci = seat_stats_ci95(&s, 0);
    CHECKF(!seat_stats_clustered(&s) && NEAR(ci.hi - 4, 2.364624 * sqrt(40.0 / 7 / 8), 1e-5), "[%f, %f]", ci.lo,
           ci.hi);
    seat_stats_free(&s);
    /* win/loss: Wilson's at the effective number of games; all alike: one per setup */
    seat_stats_init(&s, 2);
    for (int c = 0; c < 20; c++)
        for (int g = 0; g < 2; g++)
            seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 1, 0 }, NULL, (uint64_t)c);
    ci = seat_stats_ci95(&s, 0);
    interval w = wilson(20, 20, Z95);
    CHECKF(NEAR(ci.lo, w.lo, 1e-12) && ci.hi == 1, "[%f, %f] against Wilson over 20 setups [%f, 1]", ci.lo, ci.hi,
           w.lo);
    seat_stats_free(&s);
}

/* Issue 18 item 6: ranks are the game's (a points tie decided by its
 * tie-break ranks the seats apart), shared firsts counted apart. */
static void seat_stats_ranks_by_the_rules(void)
{
    seat_stats s;
    seat_stats_init(&s, 3);
    /* 20-20-10: the tie-break puts seat 1 first */
    seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 20, 20, 10 }, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2 }, 1);
    /* 15-15-5: undecided, a shared first */
    seat_stats_add_game(&s, (const double[GAME_MAX_PLAYERS]){ 15, 15, 5 }, (const int[GAME_MAX_PLAYERS]){ 0, 0, 2 }, 2);
    CHECK(s.ranks[0][0] == 1 && s.ranks[0][1] == 1 && s.ranks[1][0] == 2 && s.ranks[2][2] == 2);
    CHECK(s.ties == 1 && s.point_ties == 2);
    CHECK(s.shared_firsts[0] == 1 && s.shared_firsts[1] == 1 && s.shared_firsts[2] == 0);
    seat_stats_free(&s);
}

const test_case tests_stats[] = {
    { "stats_seat_stats_by_hand", seat_stats_by_hand },
    { "stats_elo_bound_infinite_with_the_estimate", elo_bound_infinite_with_the_estimate },
    { "stats_no_interval_from_one_observation", no_interval_from_one_observation },
    { "stats_seat_stats_clustered_by_hand", seat_stats_clustered_by_hand },
    { "stats_seat_stats_ranks_by_the_rules", seat_stats_ranks_by_the_rules },
    { "stats_wilson", wilson_known_values },
    { "stats_elo", elo_known_values },
    { "stats_pentanomial", pentanomial_by_hand },
    { "stats_sprt", sprt_by_hand },
    { "stats_sprt_fits_are_constrained_maxima", sprt_fits_are_constrained_maxima },
    { "stats_proportion_difference", proportion_difference_newcombe },
    { "stats_logistic_recovers_model", logistic_recovers_known_model },
    { "stats_logistic_empty", logistic_rejects_empty },
    { NULL, NULL },
};
