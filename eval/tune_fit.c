/* tune_fit.c — the fitting half of the tuner (tune.h, docs/tuning.md).
 *
 * On the extracted rows: set aside the constant and collinear features
 * (tune_diag.c); measure the signed scale K at which the starting weights
 * fit best (negative when they are anti-predictive); choose the prior's
 * scale k and fit the scaled weights beta = k w of the kept features,
 * penalised towards k times the starting weights, the dropped ones
 * entering the model as a fixed offset at their starting weights; the
 * penalty given or chosen by cross-validation split by game; standard
 * errors model-based and cluster-robust by game. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/clock.h"
#include "core/prng.h"
#include "tune.h"

/* The prior's scale comes from a fit penalised only this much towards 0:
 * enough to keep a feature that separates the outcomes finite. */
#define PRELIM_L2 1e-6

int tune_default_grid(double *grid)
{
    for (int i = 0; i < 8; i++)
        grid[i] = pow(10, i - 7);
    return 8;
}

static const double *row(const logit_data *d, size_t i)
{
    return d->x + i * (d->stride ? d->stride : d->k);
}

/* The root mean square of the logit x . beta over d's rows (columns cols,
 * or all when NULL). */
static double rms_logit(const logit_data *d, const int *cols, int nc, const double *beta)
{
    double s = 0;
    for (size_t i = 0; i < d->n; i++) {
        double z = 0;
        for (int c = 0; c < nc; c++)
            z += row(d, i)[cols ? cols[c] : c] * beta[c];
        s += z * z;
    }
    return d->n ? sqrt(s / (double)d->n) : 0;
}

/* The dropped features' share of the logit, fixed at their starting weights. */
static double *dropped_offset(const logit_data *d, const tune_design *dg, const double *start, double k)
{
    double *off = malloc(sizeof *off * (d->n ? d->n : 1));
    if (!off)
        return NULL;
    for (size_t i = 0; i < d->n; i++) {
        double z = 0;
        for (int j = 0; j < dg->k; j++)
            if (dg->status[j] >= TUNE_CONSTANT)
                z += start[j] * row(d, i)[j];
        off[i] = k * z;
    }
    return off;
}

/* The L2 of the grid by held-out cross-entropy over o->cv_folds folds of
 * whole games: the least mean loss (TUNE_CV_MIN; ties: the larger L2), or,
 * by default, the largest L2 whose mean loss is within one standard error
 * (over the folds) of the least.  A curve that is flat below some penalty
 * then picks that penalty rather than "none": the data do not tell the
 * smaller ones apart, and the smaller penalty moves the weights further
 * from the start on noise. */
static int cross_validate(const logit_data *d, const double *prior, const tune_fit_opts *o, tune_result *r,
                          char *err, size_t n)
{
    r->cv_folds = o->cv_folds;
    r->cv_rule = o->cv_rule;
    r->ngrid = o->grid ? o->ngrid : tune_default_grid(r->grid);
    if (o->grid)
        memcpy(r->grid, o->grid, sizeof *o->grid * (size_t)o->ngrid);
    unsigned char *fold = malloc(d->n ? d->n : 1), *use = malloc(d->n ? d->n : 1);
    double *beta = malloc(sizeof *beta * d->k);
    if (!fold || !use || !beta) {
        free(fold), free(use), free(beta);
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < d->n; i++)
        fold[i] = (unsigned char)(seed_mix(o->seed ^ 0xc5f01d5ULL, d->cluster ? d->cluster[i] : i) %
                                  (uint64_t)o->cv_folds);
    logit_data fit = *d, held = *d;
    fit.use = held.use = use;
    logit_opts unit = { .scale = 1 };
    int best = 0;
    for (int g = 0; g < r->ngrid; g++) {
        logit_opts pen = { .scale = 1, .l2 = r->grid[g], .prior = prior };
        double sum = 0, fsum = 0, fsq = 0;
        int used = 0;
        for (int f = 0; f < o->cv_folds; f++) {
            size_t rows = 0;
            for (size_t i = 0; i < d->n; i++)
                rows += fold[i] == f;
            if (rows == 0 || rows == d->n)
                continue;
            for (size_t i = 0; i < d->n; i++)
                use[i] = fold[i] != f;
            memcpy(beta, prior, sizeof *beta * d->k);
            char why[128];
            if (logit_fit(&fit, &pen, beta, NULL, why, sizeof why)) {
                sum = INFINITY; /* a fit that diverges predicts nothing */
                break;
            }
            for (size_t i = 0; i < d->n; i++)
                use[i] = fold[i] == f;
            double loss = logit_loss(&held, &unit, beta);
            sum += loss * (double)rows;
            fsum += loss, fsq += loss * loss, used++;
        }
        r->cv_loss[g] = sum / (double)d->n;
        double mean = used ? fsum / used : 0;
        r->cv_se[g] = used > 1 && isfinite(sum) ? sqrt(fmax(0, (fsq - used * mean * mean) / (used - 1)) / used) : 0;
        if (r->cv_loss[g] < r->cv_loss[best] || (r->cv_loss[g] == r->cv_loss[best] && r->grid[g] > r->grid[best]))
            best = g;
    }
    r->cv_min_l2 = r->grid[best];
    r->l2 = r->grid[best];
    if (o->cv_rule == TUNE_CV_ONE_SE) {
        double limit = r->cv_loss[best] + r->cv_se[best];
        for (int g = 0; g < r->ngrid; g++)
            if (r->cv_loss[g] <= limit && r->grid[g] > r->l2)
                r->l2 = r->grid[g];
    }
    free(fold), free(use), free(beta);
    return 0;
}

/* The prior's scale: the one at which the starting weights' logits are as
 * spread (root mean square over the training rows) as those of a lightly
 * penalised fit of the kept features.  Positive whatever the sign of
 * k_start, so the penalty pulls towards the starting weights as they were
 * meant even when they predict the wrong way round. */
static double prior_scale(const logit_data *tk, double start_rms, double k_start)
{
    double *beta = calloc(tk->k, sizeof *beta);
    double k = 0;
    char why[128];
    logit_opts light = { .scale = 1, .l2 = PRELIM_L2 };
    if (beta && logit_fit(tk, &light, beta, NULL, why, sizeof why) == 0)
        k = rms_logit(tk, tk->cols, (int)tk->k, beta) / start_rms;
    free(beta);
    return k > 0 && isfinite(k) ? k : fabs(k_start);
}

/* The signed scale of the start, searched far beyond any sensible value
 * (the loss is convex in K, so its minimum is found wherever it is), and
 * the start's losses at that scale: the figures the fit must beat. */
static int scale_start(const logit_data *train, const logit_data *val, const double *start, tune_result *r,
                       double *start_rms, char *err, size_t n)
{
    int k = (int)train->k;
    *start_rms = rms_logit(train, NULL, k, start);
    if (!(*start_rms > 0)) {
        snprintf(err, n, "the starting weights evaluate every training position as 0: nothing to scale");
        return -1;
    }
    r->k_start = logit_fit_scale(train, start, -1e3 / *start_rms, 1e3 / *start_rms);
    r->anti_predictive = r->k_start <= 0;
    double beta[GAME_MAX_FEATURES];
    logit_opts unit = { .scale = 1 };
    for (int j = 0; j < k; j++)
        beta[j] = r->k_start * start[j];
    r->train_before = logit_loss(train, &unit, beta);
    r->validation_before = logit_loss(val, &unit, beta);
    if (r->k_start > 0) {
        r->validation_start = r->validation_before;
    } else { /* the best a search can make of them: no scale at all */
        double zero[GAME_MAX_FEATURES] = { 0 };
        r->validation_start = logit_loss(val, &unit, zero);
    }
    return 0;
}

/* The fit back in the search's units at the prior's scale: the dropped
 * features keep their weights exactly, and P = sigmoid(k w . f).  A fit that
 * does not predict the held-out games better than the starting weights (each
 * at its own best scale on the training games) is not an improvement: the
 * result keeps the start, and says so (kept_start; the fit stays in fitted). */
static void store_fit(tune_result *r, const double *start, const int *cols, int nc, const double *beta,
                      const double *se, const double *se_model, size_t nval)
{
    for (int c = 0; c < nc; c++) {
        r->after[cols[c]] = beta[c] / r->k;
        r->se[cols[c]] = se[c] / r->k;
        r->se_model[cols[c]] = se_model[c] / r->k;
    }
    memcpy(r->fitted, r->after, sizeof *r->after * (size_t)r->nfeatures);
    r->kept_start = !(nval > 0 && r->validation_after < r->validation_start);
    if (r->kept_start)
        memcpy(r->after, start, sizeof *start * (size_t)r->nfeatures);
}

int tune_fit(const logit_data *train, const logit_data *val, const double *start, const tune_fit_opts *o,
             tune_result *r, char *err, size_t n)
{
    double t0 = clock_seconds();
    int k = (int)train->k;
    r->nfeatures = k;
    memcpy(r->before, start, sizeof *start * (size_t)k);
    memcpy(r->after, start, sizeof *start * (size_t)k);
    for (int j = 0; j < k; j++)
        r->se[j] = r->se_model[j] = NAN;
    size_t stride = train->stride ? train->stride : train->k;
    if (tune_design_check(train->x, train->n, stride, k, start, o->max_vif, &r->design, err, n))
        return -1;

    double start_rms;
    if (scale_start(train, val, start, r, &start_rms, err, n))
        return -1;
    double beta[GAME_MAX_FEATURES], prior[GAME_MAX_FEATURES], se[GAME_MAX_FEATURES], se_model[GAME_MAX_FEATURES];
    logit_opts unit = { .scale = 1 };

    int cols[GAME_MAX_FEATURES], nc = 0;
    for (int j = 0; j < k; j++)
        if (r->design.status[j] <= TUNE_INTERCEPT)
            cols[nc++] = j;
    if (nc == 0) {
        snprintf(err, n, "no feature varies over the %zu training positions", train->n);
        return -1;
    }
    logit_data tk = *train, vk = *val;
    tk.k = vk.k = (size_t)nc;
    tk.cols = vk.cols = cols;
    tk.stride = stride;
    vk.stride = val->stride ? val->stride : val->k;
    r->k = prior_scale(&tk, start_rms, r->k_start);
    if (!(r->k > 0)) {
        snprintf(err, n, "the outcomes do not depend on the features: no scale for the weights");
        return -1;
    }
    double *off_t = dropped_offset(train, &r->design, start, r->k), *off_v = dropped_offset(val, &r->design, start, r->k);
    int rc = -1;
    if (!off_t || !off_v) {
        snprintf(err, n, "out of memory");
        goto done;
    }
    tk.offset = off_t;
    vk.offset = off_v;
    for (int c = 0; c < nc; c++)
        beta[c] = prior[c] = r->k * start[cols[c]];
    r->train_prior = logit_loss(&tk, &unit, beta);
    r->validation_prior = logit_loss(&vk, &unit, beta);

    r->l2 = o->l2;
    if (o->cv_folds >= 2 && cross_validate(&tk, prior, o, r, err, n))
        goto done;
    logit_opts fit = { .scale = 1, .l2 = r->l2, .prior = prior };
    if (logit_fit(&tk, &fit, beta, NULL, err, n))
        goto done;
    r->train_after = logit_loss(&tk, &unit, beta);
    r->validation_after = logit_loss(&vk, &unit, beta);
    r->train_games = logit_se(&tk, &fit, beta, se_model, se);
    if (r->train_games < 0) {
        snprintf(err, n, "out of memory");
        goto done;
    }
    store_fit(r, start, cols, nc, beta, se, se_model, val->n);
    rc = 0;
done:
    free(off_t);
    free(off_v);
    r->fit_seconds = clock_seconds() - t0;
    return rc;
}
