/* test_tune.c — the tuner recovers known weights: outcomes drawn from a known
 * logistic model over the features of real positions are fitted back. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "engine/toy/race3.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"
#include "eval/tune.h"
#include "check.h"

#define NEAR_EQ(a, b) (fabs((a) - (b)) < 1e-12)

static double uniform(xoshiro256 *r)
{
    return (double)(xoshiro_next(r) >> 11) / 9007199254740992.0;
}

/* Turn-boundary positions of random games, as the tuner samples them. */
static size_t real_positions(double *x, size_t want, uint64_t seed)
{
    xoshiro256 r;
    xoshiro_seed(&r, seed);
    size_t n = 0;
    for (uint64_t g = 0; n < want; g++) {
        position p;
        tz_setup_random(&p, seed * 1000 + g);
        action list[MAX_ACTIONS];
        int k;
        while (n < want && (k = tz_gen_actions(&p, list)) > 0) {
            if (p.phase != PHASE_SECOND)
                tz_eval_features(&p, x + n++ * EVAL_FEATURES);
            undo u;
            pos_make(&p, list[xoshiro_below(&r, (uint64_t)k)], &u);
        }
    }
    return n;
}

static void tuner_recovers_known_weights(void)
{
    enum { N = 30000, V = 5000 };
    double *x = malloc(sizeof(double) * EVAL_FEATURES * (N + V)), *y = malloc(sizeof(double) * (N + V));
    REQUIRE(x && y);
    real_positions(x, N + V, 3);

    /* The truth: the default weights, perturbed, at a known scale K. */
    eval_weights start, truth;
    tz_eval_weights_default(&start);
    xoshiro256 r;
    xoshiro_seed(&r, 11);
    const double k_true = 0.004;
    for (int i = 0; i < EVAL_FEATURES; i++)
        truth.w[i] = start.w[i] * (0.5 + uniform(&r)) + (uniform(&r) - 0.5) * 20;
    for (size_t i = 0; i < N + V; i++) {
        double z = 0;
        for (int j = 0; j < EVAL_FEATURES; j++)
            z += truth.w[j] * x[i * EVAL_FEATURES + j];
        y[i] = uniform(&r) < 1 / (1 + exp(-k_true * z)) ? 1 : 0;
    }
    logit_data train = { .n = N, .k = EVAL_FEATURES, .x = x, .y = y };
    logit_data val = { .n = V, .k = EVAL_FEATURES, .x = x + (size_t)N * EVAL_FEATURES, .y = y + N };
    tune_result res;
    char err[128];
    tune_fit_opts fo = { .l2 = 1e-9 }; /* no feature dropped: every one is compared */
    REQUIRE(tune_fit(&train, &val, start.w, &fo, &res, err, sizeof err) == 0);

    /* Only K * w is identifiable; compare it, feature by feature, within four
     * standard errors, for every feature that is not 0 in 100 rows or more.
     * One seen in a few rows (secure_types: one row in 30,000) is fitted to
     * those rows' coin flips: its estimate is off by far more than its
     * standard error says (the likelihood is nearly flat to one side). */
    int compared = 0;
    for (int j = 0; j < EVAL_FEATURES; j++) {
        int nonzero = 0;
        for (size_t i = 0; i < N; i++)
            nonzero += x[i * EVAL_FEATURES + j] != 0;
        if (nonzero < 100 || !isfinite(res.se[j]))
            continue;
        double fit = res.k * res.after[j], want = k_true * truth.w[j], se = res.k * res.se[j];
        CHECKF(fabs(fit - want) <= 4 * se + 1e-4, "%s: K*w = %.5f, truth %.5f, se %.5f", tz_eval_feature_name(j), fit,
               want, se);
        compared++;
    }
    CHECKF(compared >= 12, "only %d features vary", compared);
    CHECK(res.train_after < res.train_before);
    CHECK(res.validation_after < res.validation_before);
    free(x);
    free(y);
}

/* The label: a seat's share of the points, 1/players when none were
 * scored; 1 or 0 in a win/loss game. */
static void label_is_the_share_of_the_points(void)
{
    double pts[GAME_MAX_PLAYERS] = { 6, 3, 3, 0 }, none[GAME_MAX_PLAYERS] = { 0 }, won[GAME_MAX_PLAYERS] = { 0, 1 };
    CHECK(tune_label(pts, 3, 0) == 0.5 && tune_label(pts, 3, 2) == 0.25);
    CHECK(NEAR_EQ(tune_label(none, 3, 1), 1.0 / 3));
    CHECK(tune_label(won, 2, 0) == 0 && tune_label(won, 2, 1) == 1);
}

typedef struct seen_rows {
    const game_def *g;
    int n, seats[64];
    double labels[64], f[64][GAME_MAX_FEATURES];
} seen_rows;

static void keep_row(const void *state, int seat, double label, void *ctx)
{
    seen_rows *s = ctx;
    if (s->n < 64) {
        s->seats[s->n] = seat;
        s->labels[s->n] = label;
        s->g->tuning->features(state, seat, s->f[s->n]);
    }
    s->n++;
}

/* race3: every position before the end is a turn, seen from the seat to act
 * (0, 1, 2, 0, ...), labelled with that seat's share. */
static void race3_positions_from_the_seat_to_act(void)
{
    unsigned char start[64];
    char err[128];
    REQUIRE(game_race3.state_size <= sizeof start);
    REQUIRE(game_race3.setup(start, "fixed", 3, 0, err, sizeof err) == 0);
    game_action acts[12];
    for (int i = 0; i < 12; i++)
        acts[i] = (game_action)(1 + i % 3);
    double scores[GAME_MAX_PLAYERS] = { 4, 2, 2, 0 };
    seen_rows rows = { .g = &game_race3 };
    CHECK(tune_game(&game_race3, start, acts, 12, scores, NULL, keep_row, &rows) == 12 && rows.n == 12);
    for (int i = 0; i < 12; i++)
        CHECKF(rows.seats[i] == i % 3 && rows.labels[i] == (i % 3 ? 0.25 : 0.5), "row %d: seat %d label %f", i,
               rows.seats[i], rows.labels[i]);
    CHECK(rows.f[0][2] == 4 && rows.f[11][2] == 1); /* rounds_left */
}

/* TZAAR: the rows are White's rows of the old tuner, negated (features and
 * label) where Black is to act, which the logistic model cannot tell
 * apart; placement, second actions and the end are never sampled. */
static void tzaar_rows_are_white_rows_mirrored(void)
{
    tz_state st;
    memset(&st, 0, sizeof st);
    tz_setup_random(&st.pos, 5);
    tz_state start = st;
    game_action acts[40];
    int n = 0;
    xoshiro256 r;
    xoshiro_seed(&r, 2);
    int firsts = 0;
    for (; n < 40 && !game_tzaar.over(&st); n++) {
        firsts += st.pos.phase != PHASE_SECOND;
        game_action legal[MAX_ACTIONS];
        int k = game_tzaar.legal(&st, legal);
        acts[n] = legal[xoshiro_below(&r, (uint64_t)k)];
        game_tzaar.apply(&st, acts[n]);
    }
    firsts += !game_tzaar.over(&st) && st.pos.phase != PHASE_SECOND; /* the last position */
    double scores[GAME_MAX_PLAYERS] = { 0, 1, 0, 0 }; /* say Black won */
    seen_rows rows = { .g = &game_tzaar };
    tune_filter all = { .keep_decided = true };
    CHECK(tune_game(&game_tzaar, &start, acts, n, scores, &all, keep_row, &rows) == (uint64_t)firsts);
    position p = start.pos;
    for (int i = 0, row = 0; i < n && row < 64; i++) {
        if (p.phase != PHASE_SECOND) {
            double white[EVAL_FEATURES], sign = p.side == WHITE ? 1 : -1;
            tz_eval_features(&p, white);
            CHECK(rows.seats[row] == p.side && rows.labels[row] == (p.side == WHITE ? 0 : 1));
            for (int j = 0; j < EVAL_FEATURES; j++)
                CHECK(rows.f[row][j] == sign * white[j]);
            row++;
        }
        undo u;
        pos_make(&p, acts[i], &u);
    }
}

const test_case tests_tune[] = {
    { "tune_recovers_known_weights", tuner_recovers_known_weights },
    { "tune_label_share_of_points", label_is_the_share_of_the_points },
    { "tune_race3_seat_to_act", race3_positions_from_the_seat_to_act },
    { "tune_tzaar_rows_mirrored", tzaar_rows_are_white_rows_mirrored },
    { NULL, NULL },
};
