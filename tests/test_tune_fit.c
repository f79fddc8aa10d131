/* test_tune_fit.c — the tuner's fit on data built to show each of its
 * safeguards (issue 10, finding 7): the signed scale of an anti-predictive
 * start, constant and collinear features, the VIFs and condition number
 * worked out by hand, decided and last positions left out, cluster-robust
 * standard errors, and the penalty chosen by cross-validation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/prng.h"
#include "eval/tune.h"
#include "engine/toy/race3.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/geometry.h"
#include "check.h"

static double uniform(xoshiro256 *r)
{
    return (double)(xoshiro_next(r) >> 11) / 9007199254740992.0;
}

static double sigmoid(double z)
{
    return 1 / (1 + exp(-z));
}

/* n rows of k features uniform in [-2, 2], labels drawn from
 * sigmoid(truth . x). */
static void draw(double *x, double *y, size_t n, int k, const double *truth, uint64_t seed)
{
    xoshiro256 r;
    xoshiro_seed(&r, seed);
    for (size_t i = 0; i < n; i++) {
        double z = 0;
        for (int j = 0; j < k; j++) {
            x[i * (size_t)k + (size_t)j] = uniform(&r) * 4 - 2;
            z += truth[j] * x[i * (size_t)k + (size_t)j];
        }
        y[i] = uniform(&r) < sigmoid(z) ? 1 : 0;
    }
}

/* Starting weights that predict the outcome the wrong way round: the
 * labels come from sigmoid(-0.5 * w . x).  The scale of the start is found
 * negative (the old search kept it in [1e-6, 0.05]), a warning flag is
 * set, and the penalty still pulls towards the start as given: a positive
 * prior scale near 0.5, not 0, and under a strong penalty the weights stay
 * the starting ones. */
static void anti_predictive_start_gives_negative_k(void)
{
    enum { N = 6000, V = 1000, K = 4 };
    const double start[K] = { 3, -2, 1, 4 };
    double truth[K], *x = malloc(sizeof(double) * (N + V) * K), *y = malloc(sizeof(double) * (N + V));
    REQUIRE(x && y);
    for (int j = 0; j < K; j++)
        truth[j] = -0.5 * start[j];
    draw(x, y, N + V, K, truth, 7);
    logit_data tr = { .n = N, .k = K, .x = x, .y = y };
    logit_data va = { .n = V, .k = K, .x = x + (size_t)N * K, .y = y + N };
    tune_result r;
    char err[128];
    tune_fit_opts fo = { .l2 = 1e-6, .max_vif = 100 };
    REQUIRE(tune_fit(&tr, &va, start, &fo, &r, err, sizeof err) == 0);
    CHECKF(r.k_start < 0 && fabs(r.k_start + 0.5) < 0.05, "K of the start = %g, want about -0.5", r.k_start);
    CHECK(r.anti_predictive);
    CHECKF(r.k > 0.4 && r.k < 0.6, "prior scale %g, want about 0.5", r.k);
    /* The fit follows the data: every weight's sign flips. */
    for (int j = 0; j < K; j++)
        CHECKF(r.after[j] * start[j] < 0, "weight %d: %g from %g", j, r.after[j], start[j]);
    CHECK(r.train_after < r.train_prior);
    /* A strong penalty keeps the start as given (not reversed, not 0). */
    fo.l2 = 1e3;
    REQUIRE(tune_fit(&tr, &va, start, &fo, &r, err, sizeof err) == 0);
    for (int j = 0; j < K; j++)
        CHECKF(fabs(r.after[j] - start[j]) < 0.01 * fabs(start[j]), "weight %d: %g, start %g", j, r.after[j],
               start[j]);
    free(x);
    free(y);
}

/* Columns 0 and 1 vary; 2 is 0 everywhere, 3 is 1 everywhere (the
 * intercept: its start moves the logit most), 4 is 2 everywhere (a second
 * constant).  The constants that are dropped keep their weights exactly
 * (before, the rescaling at the end moved them: secure_types, 0 in every
 * row, went from 60 to 0.01) and have no standard error. */
static void constant_feature_keeps_its_weight(void)
{
    enum { N = 3000, V = 300, K = 5 };
    const double start[K] = { 1, -1, 60, 0.5, 0.1 }, truth[2] = { 0.8, -1.3 };
    double *x = malloc(sizeof(double) * (N + V) * K), *y = malloc(sizeof(double) * (N + V)), two[2];
    REQUIRE(x && y);
    xoshiro256 r0;
    xoshiro_seed(&r0, 3);
    for (size_t i = 0; i < N + V; i++) {
        two[0] = uniform(&r0) * 4 - 2;
        two[1] = uniform(&r0) * 4 - 2;
        double row[K] = { two[0], two[1], 0, 1, 2 };
        memcpy(x + i * K, row, sizeof row);
        y[i] = uniform(&r0) < sigmoid(0.3 + truth[0] * two[0] + truth[1] * two[1]) ? 1 : 0;
    }
    logit_data tr = { .n = N, .k = K, .x = x, .y = y };
    logit_data va = { .n = V, .k = K, .x = x + (size_t)N * K, .y = y + N };
    tune_result r;
    char err[128];
    tune_fit_opts fo = { .l2 = 1e-4, .max_vif = 100 };
    REQUIRE(tune_fit(&tr, &va, start, &fo, &r, err, sizeof err) == 0);
    CHECK(r.design.status[0] == TUNE_FITTED && r.design.status[1] == TUNE_FITTED);
    CHECK(r.design.status[2] == TUNE_CONSTANT && r.design.status[3] == TUNE_INTERCEPT);
    CHECK(r.design.status[4] == TUNE_CONSTANT && r.design.constant == 2);
    CHECKF(r.after[2] == 60 && r.after[4] == 0.1, "constants moved: %.17g, %.17g", r.after[2], r.after[4]);
    CHECK(isnan(r.se[2]) && isnan(r.se_model[2]) && isnan(r.design.vif[2]));
    CHECK(isfinite(r.se[3]) && r.after[3] != 0.5); /* the intercept is fitted */
    CHECKF(fabs(r.k * r.after[0] - truth[0]) < 0.15, "K w0 = %g, truth %g", r.k * r.after[0], truth[0]);
    free(x);
    free(y);
}

/* The VIFs and condition number worked out by hand.  Two columns with
 * correlation r: eigenvalues 1 +- r, so the condition number is
 * sqrt((1 + r) / (1 - r)) and each VIF 1 / (1 - r^2).  Three with equal
 * correlations r: eigenvalues 1 + 2r, 1 - r, 1 - r, so sqrt((1 + 2r) /
 * (1 - r)), and VIF (1 + r) / ((1 - r)(1 + 2r)).  And from data: x1 =
 * (1, 2, 3, 4), x2 = (2, 1, 4, 3), centred (-1.5, -0.5, 0.5, 1.5) and
 * (-0.5, -1.5, 1.5, 0.5): cross-product 3, squares 5, so r = 0.6,
 * condition number 2 and VIFs 1.5625. */
static void vif_and_condition_number_by_hand(void)
{
    double c2[4] = { 1, 0.6, 0.6, 1 }, vif[3], cond;
    REQUIRE(tune_vif(c2, 2, vif, &cond) == 0);
    CHECKF(fabs(cond - 2) < 1e-12 && fabs(vif[0] - 1.5625) < 1e-12 && fabs(vif[1] - 1.5625) < 1e-12,
           "cond %.15g, vif %.15g %.15g", cond, vif[0], vif[1]);
    double c3[9] = { 1, 0.5, 0.5, 0.5, 1, 0.5, 0.5, 0.5, 1 };
    REQUIRE(tune_vif(c3, 3, vif, &cond) == 0);
    CHECKF(fabs(cond - 2) < 1e-12 && fabs(vif[2] - 1.5) < 1e-12, "cond %.15g, vif %.15g", cond, vif[2]);
    const double x[8] = { 1, 2, 2, 1, 3, 4, 4, 3 }, start[2] = { 1, 1 };
    tune_design d;
    char err[128];
    REQUIRE(tune_design_check(x, 4, 2, 2, start, 100, &d, err, sizeof err) == 0);
    CHECKF(fabs(d.cond - 2) < 1e-12 && fabs(d.vif[0] - 1.5625) < 1e-12 && fabs(d.vif_kept[1] - 1.5625) < 1e-12,
           "cond %.15g, vif %.15g", d.cond, d.vif[0]);
}

/* Two nearly identical columns (0 and 1 differ by noise of 1e-3): both have
 * a VIF near 1e6 and one is dropped, keeping its weight; the third column
 * is fitted; the kept design is well conditioned. */
static void near_duplicate_column_is_dropped(void)
{
    enum { N = 3000, V = 300, K = 3 };
    const double start[K] = { 1, 1, -1 };
    double *x = malloc(sizeof(double) * (N + V) * K), *y = malloc(sizeof(double) * (N + V));
    REQUIRE(x && y);
    xoshiro256 r0;
    xoshiro_seed(&r0, 5);
    for (size_t i = 0; i < N + V; i++) {
        double a = uniform(&r0) * 4 - 2, b = uniform(&r0) * 4 - 2;
        x[i * K] = a;
        x[i * K + 1] = a + (uniform(&r0) - 0.5) * 2e-3;
        x[i * K + 2] = b;
        y[i] = uniform(&r0) < sigmoid(1.5 * a - b) ? 1 : 0;
    }
    logit_data tr = { .n = N, .k = K, .x = x, .y = y };
    logit_data va = { .n = V, .k = K, .x = x + (size_t)N * K, .y = y + N };
    tune_result r;
    char err[128];
    tune_fit_opts fo = { .l2 = 1e-6, .max_vif = 100 };
    REQUIRE(tune_fit(&tr, &va, start, &fo, &r, err, sizeof err) == 0);
    CHECKF(r.design.vif[0] > 1e5 && r.design.vif[1] > 1e5 && r.design.vif[2] < 1.1, "VIFs %g %g %g",
           r.design.vif[0], r.design.vif[1], r.design.vif[2]);
    CHECK(r.design.cond > 1e2 && r.design.cond_kept < 1.2);
    CHECK(r.design.collinear == 1 && r.design.status[2] == TUNE_FITTED);
    int gone = r.design.status[0] == TUNE_COLLINEAR ? 0 : 1;
    CHECK(r.design.status[gone] == TUNE_COLLINEAR && r.design.status[1 - gone] == TUNE_FITTED);
    CHECK(r.after[gone] == start[gone] && isnan(r.se[gone]) && isnan(r.design.vif_kept[gone]));
    /* The kept twin carries the pair's effect: 1.5 in all, less the
     * dropped one's share k * 1. */
    double pair = r.k * (r.after[0] + r.after[1]);
    CHECKF(fabs(pair - 1.5) < 0.2, "the pair's effect %g, want 1.5", pair);
    free(x);
    free(y);
}

/* Exact duplicates have infinite VIFs: the tie is broken by the starting
 * weights (the one weighed least goes), whatever the column order. */
static void exact_duplicate_choice_ignores_order(void)
{
    enum { N = 500 };
    double x[N * 3], xs[N * 3];
    xoshiro256 r0;
    xoshiro_seed(&r0, 9);
    for (size_t i = 0; i < N; i++) {
        double a = uniform(&r0), b = uniform(&r0);
        double row[3] = { a, a, b }, swapped[3] = { b, a, a };
        memcpy(x + i * 3, row, sizeof row);
        memcpy(xs + i * 3, swapped, sizeof swapped);
    }
    const double start[3] = { 2, 1, 5 }, start_swapped[3] = { 5, 2, 1 };
    tune_design d, ds;
    char err[128];
    REQUIRE(tune_design_check(x, N, 3, 3, start, 100, &d, err, sizeof err) == 0);
    REQUIRE(tune_design_check(xs, N, 3, 3, start_swapped, 100, &ds, err, sizeof err) == 0);
    CHECK(isinf(d.vif[0]) && isinf(d.vif[1]) && isinf(d.cond));
    CHECK(d.status[1] == TUNE_COLLINEAR && d.status[0] == TUNE_FITTED && d.status[2] == TUNE_FITTED);
    CHECK(ds.status[2] == TUNE_COLLINEAR && ds.status[1] == TUNE_FITTED && ds.status[0] == TUNE_FITTED);
    CHECK(isfinite(d.cond_kept) && d.cond_kept < 1.5);
}

typedef struct rows {
    int n;
    double f[8][GAME_MAX_FEATURES];
} rows;

static void keep_row(const void *state, int seat, double label, void *ctx)
{
    rows *r = ctx;
    (void)label;
    if (r->n < 8)
        game_tzaar.tuning->features(state, seat, r->f[r->n]);
    r->n++;
}

/* TZAAR, White to act: a White Tzaar on B2 touches Black's only Tzaar on
 * B3, which White can capture and so win at once.  The position is left
 * out (its hanging_last feature would separate the outcomes); with a
 * second Black Tzaar far away it is quiet and kept. */
static void tzaar_decided_position_is_left_out(void)
{
    tz_state st;
    memset(&st, 0, sizeof st);
    tz_pos_clear(&st.pos);
    tz_pos_put(&st.pos, tz_geo_from_label(1, 2), WHITE, TZAAR, 1);
    tz_pos_put(&st.pos, tz_geo_from_label(1, 4), WHITE, TZARRA, 1);
    tz_pos_put(&st.pos, tz_geo_from_label(3, 2), WHITE, TOTT, 2);
    tz_pos_put(&st.pos, tz_geo_from_label(1, 3), BLACK, TZAAR, 1);
    tz_pos_put(&st.pos, tz_geo_from_label(7, 5), BLACK, TZARRA, 1);
    tz_pos_put(&st.pos, tz_geo_from_label(7, 6), BLACK, TOTT, 1);
    tz_pos_finish(&st.pos, WHITE, PHASE_FIRST);
    double scores[GAME_MAX_PLAYERS] = { 1, 0 };
    REQUIRE(game_tzaar.tuning->tune_sample(&st) && !game_tzaar.over(&st));
    CHECK(!game_tzaar.tuning->tune_quiet(&st));
    rows got = { 0 };
    tune_filter f = { 0 };
    CHECK(tune_game(&game_tzaar, &st, NULL, 0, scores, &f, keep_row, &got) == 0 && got.n == 0 && f.decided == 1);
    f.keep_decided = true;
    CHECK(tune_game(&game_tzaar, &st, NULL, 0, scores, &f, keep_row, &got) == 1 && f.decided == 1);
    CHECKF(got.f[0][F_HANGING_LAST] == -1, "hanging_last %g", got.f[0][F_HANGING_LAST]);

    tz_pos_put(&st.pos, tz_geo_from_label(8, 4), BLACK, TZAAR, 1);
    tz_pos_finish(&st.pos, WHITE, PHASE_FIRST);
    CHECK(game_tzaar.tuning->tune_quiet(&st));
    memset(&got, 0, sizeof got);
    tune_filter q = { 0 };
    CHECK(tune_game(&game_tzaar, &st, NULL, 0, scores, &q, keep_row, &got) == 1 && q.decided == 0);
    CHECK(got.f[0][F_HANGING_LAST] == 0);
}

static void count_row(const void *state, int seat, double label, void *ctx)
{
    (void)state, (void)seat, (void)label;
    ++*(int *)ctx;
}

/* --skip-last 3 on a race3 game of 12 actions: the first 9 positions. */
static void skip_last_leaves_out_the_end(void)
{
    unsigned char start[64];
    char err[128];
    REQUIRE(game_race3.state_size <= sizeof start);
    REQUIRE(game_race3.setup(start, "fixed", 3, 0, err, sizeof err) == 0);
    game_action acts[12];
    for (int i = 0; i < 12; i++)
        acts[i] = (game_action)(1 + i % 3);
    double scores[GAME_MAX_PLAYERS] = { 4, 2, 2, 0 };
    int got = 0;
    tune_filter f = { .skip_last = 3 };
    CHECK(tune_game(&game_race3, start, acts, 12, scores, &f, count_row, &got) == 9 && got == 9 && f.last == 3);
    f = (tune_filter){ 0 };
    CHECK(tune_game(&game_race3, start, acts, 12, scores, &f, count_row, &got) == 12 && f.last == 0);
}

/* The sandwich by hand, one feature: rows x = (1, 2, -1, 0.5), y = (1, 0,
 * 0, 1) in clusters (0, 0, 1, 1), at beta = 0.3 without penalty.  H = sum
 * p (1 - p) x^2; s_g = sum over g of (p - y) x; V = (s_0^2 + s_1^2) / H^2
 * times G / (G - 1) = 2. */
static void robust_se_by_hand(void)
{
    const double x[4] = { 1, 2, -1, 0.5 }, y[4] = { 1, 0, 0, 1 }, beta = 0.3;
    const uint32_t cl[4] = { 0, 0, 1, 1 };
    double h = 0, s[2] = { 0, 0 };
    for (int i = 0; i < 4; i++) {
        double p = sigmoid(beta * x[i]);
        h += p * (1 - p) * x[i] * x[i];
        s[cl[i]] += (p - y[i]) * x[i];
    }
    double want = sqrt((s[0] * s[0] + s[1] * s[1]) / (h * h) * 2), se, rse;
    logit_data d = { .n = 4, .k = 1, .x = x, .y = y, .cluster = cl };
    logit_opts o = { .scale = 1 };
    CHECK(logit_se(&d, &o, &beta, &se, &rse) == 2);
    CHECKF(fabs(se - 1 / sqrt(h)) < 1e-12 && fabs(rse - want) < 1e-12, "se %.15g (%.15g), robust %.15g (%.15g)", se,
           1 / sqrt(h), rse, want);
    /* One row per cluster: a cluster each. */
    d.cluster = NULL;
    CHECK(logit_se(&d, &o, &beta, &se, &rse) == 4);
}

/* One row per game: the robust and model-based errors agree (the model
 * holds; within 10%).  Every row written four times in its own game: the
 * fit is the same, the model-based errors halve (they take the copies for
 * new evidence), the robust ones do not move. */
static void robust_se_sees_repeated_rows(void)
{
    enum { N = 4000, K = 2, C = 4 };
    const double truth[K] = { 0.7, -0.4 };
    double *x = malloc(sizeof(double) * N * C * K), *y = malloc(sizeof(double) * N * C);
    uint32_t *cl = malloc(sizeof(uint32_t) * N * C);
    REQUIRE(x && y && cl);
    draw(x, y, N, K, truth, 21);
    for (size_t i = 0; i < N; i++)
        cl[i] = (uint32_t)i;
    logit_data one = { .n = N, .k = K, .x = x, .y = y, .cluster = cl };
    logit_opts o = { .scale = 1, .l2 = 1e-4 };
    double b1[K] = { 0 }, b4[K] = { 0 }, se1[K], r1[K], se4[K], r4[K];
    char err[128];
    REQUIRE(logit_fit(&one, &o, b1, NULL, err, sizeof err) == 0);
    CHECK(logit_se(&one, &o, b1, se1, r1) == N);
    for (int c = 1; c < C; c++) {
        memcpy(x + (size_t)c * N * K, x, sizeof(double) * N * K);
        memcpy(y + (size_t)c * N, y, sizeof(double) * N);
        memcpy(cl + (size_t)c * N, cl, sizeof(uint32_t) * N);
    }
    logit_data four = { .n = N * C, .k = K, .x = x, .y = y, .cluster = cl };
    REQUIRE(logit_fit(&four, &o, b4, NULL, err, sizeof err) == 0);
    CHECK(logit_se(&four, &o, b4, se4, r4) == N);
    for (int j = 0; j < K; j++) {
        CHECKF(fabs(r1[j] / se1[j] - 1) < 0.1, "one row a game: robust %g, model %g", r1[j], se1[j]);
        CHECKF(fabs(b4[j] - b1[j]) < 1e-9, "beta %g vs %g", b4[j], b1[j]);
        CHECKF(fabs(se4[j] / se1[j] - 0.5) < 1e-6, "model se %g, was %g", se4[j], se1[j]);
        CHECKF(fabs(r4[j] / r1[j] - 1) < 1e-6 && r4[j] > 1.9 * se4[j], "robust se %g, was %g, model %g", r4[j],
               r1[j], se4[j]);
    }
    free(x);
    free(y);
    free(cl);
}

/* Cross-validation: starting weights near the truth but not at it.  With
 * 20,000 rows the data settle the difference and a small penalty wins;
 * with 60 noisy rows (a weaker signal) the start is worth more than the
 * data and a larger one wins.  The grid and each value's loss are kept. */
static void cv_choice(size_t n, double strength, uint64_t seed, tune_result *r)
{
    enum { K = 6 };
    const double start[K] = { 1, -1, 0.5, 2, -0.5, 1.5 };
    const double shift[K] = { 0.3, 0.2, -0.4, -0.3, 0.3, -0.2 };
    double truth[K];
    for (int j = 0; j < K; j++)
        truth[j] = strength * (start[j] + shift[j]);
    double *x = malloc(sizeof(double) * (n + 100) * K), *y = malloc(sizeof(double) * (n + 100));
    if (!x || !y)
        abort();
    draw(x, y, n + 100, K, truth, seed);
    logit_data tr = { .n = n, .k = K, .x = x, .y = y };
    logit_data va = { .n = 100, .k = K, .x = x + n * K, .y = y + n };
    tune_fit_opts fo = { .cv_folds = 5, .max_vif = 100, .seed = 1 };
    char err[128];
    CHECK(tune_fit(&tr, &va, start, &fo, r, err, sizeof err) == 0);
    free(x);
    free(y);
}

static void cv_penalises_little_noisy_data_more(void)
{
    tune_result big, small;
    cv_choice(20000, 1, 31, &big);
    cv_choice(60, 0.3, 32, &small);
    CHECKF(small.l2 > big.l2, "L2 chosen: %g on 60 rows, %g on 20,000", small.l2, big.l2);
    CHECK(big.cv_folds == 5 && big.ngrid == 8 && big.grid[0] == 1e-7 && big.grid[7] == 1);
    int at = -1;
    for (int i = 0; i < big.ngrid; i++) {
        at = big.grid[i] == big.l2 ? i : at;
        CHECK(isfinite(big.cv_loss[i]));
    }
    REQUIRE(at >= 0);
    /* the default rule: the chosen loss is within one standard error of the least */
    int least = 0;
    for (int i = 0; i < big.ngrid; i++)
        least = big.cv_loss[i] < big.cv_loss[least] ? i : least;
    CHECK(big.cv_loss[at] <= big.cv_loss[least] + big.cv_se[least] && big.cv_min_l2 == big.grid[least]);
}

/* Issue 18 item 7: a curve flat below some penalty picks that penalty (the
 * largest within one standard error of the least held-out loss), not the
 * least loss's "no penalty"; --cv-rule min still picks the least. */
static void cv_one_standard_error_rule(void)
{
    tune_result r;
    cv_choice(20000, 1, 31, &r);
    REQUIRE(r.ngrid == 8);
    int least = 0, at = -1;
    for (int i = 0; i < r.ngrid; i++) {
        least = r.cv_loss[i] < r.cv_loss[least] ? i : least;
        at = r.grid[i] == r.l2 ? i : at;
        CHECKF(r.cv_se[i] > 0 && isfinite(r.cv_se[i]), "se %g", r.cv_se[i]);
    }
    REQUIRE(at >= 0);
    double limit = r.cv_loss[least] + r.cv_se[least];
    CHECKF(r.cv_rule == TUNE_CV_ONE_SE && r.cv_loss[at] <= limit, "chosen %g: %g > %g", r.l2, r.cv_loss[at], limit);
    for (int i = 0; i < r.ngrid; i++) /* no larger penalty qualifies */
        CHECKF(!(r.grid[i] > r.l2 && r.cv_loss[i] <= limit), "%g qualifies too", r.grid[i]);
    CHECKF(r.l2 > r.cv_min_l2, "the curve is flat below the least: 1se should pick more than %g (picked %g)",
           r.cv_min_l2, r.l2);
}

/* Issue 18 item 7: a fit that predicts the held-out games worse than the
 * starting weights is not written: the result keeps the start and says so;
 * a fit that predicts them better is kept. */
static void keeps_the_start_when_the_fit_is_no_better(void)
{
    enum { K = 6, N = 150, V = 4000 };
    const double truth[K] = { 1, -1, 0.5, 2, -0.5, 1.5 };
    double *x = malloc(sizeof(double) * (N + V) * K), *y = malloc(sizeof(double) * (N + V));
    REQUIRE(x && y);
    draw(x, y, N + V, K, truth, 77);
    logit_data tr = { .n = N, .k = K, .x = x, .y = y };
    logit_data va = { .n = V, .k = K, .x = x + N * K, .y = y + N };
    tune_fit_opts fo = { .l2 = 1e-9, .max_vif = 100 }; /* an expert's tiny penalty on 150 rows: noise */
    tune_result r;
    char err[128];
    REQUIRE(tune_fit(&tr, &va, truth, &fo, &r, err, sizeof err) == 0);
    CHECKF(r.validation_after > r.validation_start && r.validation_start == r.validation_before, "%f vs %f",
           r.validation_after, r.validation_start);
    CHECK(r.kept_start);
    bool same = true, moved = false;
    for (int j = 0; j < K; j++)
        same &= r.after[j] == truth[j], moved |= fabs(r.fitted[j] - truth[j]) > 1e-6;
    CHECK(same && moved);
    /* a start far from the truth, and plenty of rows: the fit wins and is kept */
    const double off[K] = { 2, 1, -1, 0.5, 1, 0.2 };
    draw(x, y, N + V, K, truth, 78);
    tr.n = V, tr.x = x, tr.y = y;
    va.n = N, va.x = x + V * K, va.y = y + V;
    REQUIRE(tune_fit(&tr, &va, off, &fo, &r, err, sizeof err) == 0);
    CHECKF(!r.kept_start && r.validation_after < r.validation_before, "%f vs %f", r.validation_after,
           r.validation_before);
    CHECK(r.after[0] != off[0] && r.after[0] == r.fitted[0]);
    free(x);
    free(y);
}

const test_case tests_tune_fit[] = {
    { "tune_fit_anti_predictive_start_negative_k", anti_predictive_start_gives_negative_k },
    { "tune_fit_constant_feature_keeps_its_weight", constant_feature_keeps_its_weight },
    { "tune_fit_vif_condition_by_hand", vif_and_condition_number_by_hand },
    { "tune_fit_near_duplicate_dropped", near_duplicate_column_is_dropped },
    { "tune_fit_exact_duplicate_order_free", exact_duplicate_choice_ignores_order },
    { "tune_fit_tzaar_decided_left_out", tzaar_decided_position_is_left_out },
    { "tune_fit_skip_last", skip_last_leaves_out_the_end },
    { "tune_fit_robust_se_by_hand", robust_se_by_hand },
    { "tune_fit_robust_se_repeated_rows", robust_se_sees_repeated_rows },
    { "tune_fit_cv_more_penalty_on_little_data", cv_penalises_little_noisy_data_more },
    { "tune_fit_cv_one_standard_error_rule", cv_one_standard_error_rule },
    { "tune_fit_keeps_the_start_when_the_fit_is_no_better", keeps_the_start_when_the_fit_is_no_better },
    { NULL, NULL },
};
