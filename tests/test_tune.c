/* test_tune.c — the tuner recovers known weights: outcomes drawn from a known
 * logistic model over the features of real positions are fitted back. */
#include <math.h>
#include <stdlib.h>
#include "games/tzaar/eval.h"
#include "games/tzaar/movegen.h"
#include "core/prng.h"
#include "games/tzaar/setup.h"
#include "eval/tune.h"
#include "check.h"

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
        setup_random(&p, seed * 1000 + g);
        action list[MAX_ACTIONS];
        int k;
        while (n < want && (k = gen_actions(&p, list)) > 0) {
            if (p.phase != PHASE_SECOND)
                eval_features(&p, x + n++ * EVAL_FEATURES);
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
    eval_weights_default(&start);
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
    logit_data train = { N, EVAL_FEATURES, x, y };
    logit_data val = { V, EVAL_FEATURES, x + (size_t)N * EVAL_FEATURES, y + N };
    tune_result res;
    char err[128];
    REQUIRE(tune_fit(&train, &val, start.w, 1e-9, &res, err, sizeof err) == 0);

    /* Only K * w is identifiable; compare it, feature by feature, within four
     * standard errors, for every feature that varies in the sample. */
    int compared = 0;
    for (int j = 0; j < EVAL_FEATURES; j++) {
        double lo = x[j], hi = x[j];
        for (size_t i = 1; i < N; i++) {
            lo = fmin(lo, x[i * EVAL_FEATURES + j]);
            hi = fmax(hi, x[i * EVAL_FEATURES + j]);
        }
        if (lo == hi || !isfinite(res.se[j]))
            continue;
        double fit = res.k * res.after[j], want = k_true * truth.w[j], se = res.k * res.se[j];
        CHECKF(fabs(fit - want) <= 4 * se + 1e-4, "%s: K*w = %.5f, truth %.5f, se %.5f", eval_feature_name(j), fit,
               want, se);
        compared++;
    }
    CHECKF(compared >= 12, "only %d features vary", compared);
    CHECK(res.train_after < res.train_before);
    CHECK(res.validation_after < res.validation_before);
    free(x);
    free(y);
}

const test_case tests_tune[] = {
    { "tune_recovers_known_weights", tuner_recovers_known_weights },
    { NULL, NULL },
};
