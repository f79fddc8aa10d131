/* logistic.c — see logistic.h. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_multimin.h>
#include "logistic.h"

/* log(1 + e^z) without overflow. */
static double softplus(double z)
{
    return z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
}

static double sigmoid(double z)
{
    return z >= 0 ? 1 / (1 + exp(-z)) : exp(z) / (1 + exp(z));
}

static double dot(const double *a, const double *b, size_t k)
{
    double s = 0;
    for (size_t j = 0; j < k; j++)
        s += a[j] * b[j];
    return s;
}

/* Loss and, when grad is not NULL, its gradient. */
static double loss_grad(const logit_data *d, const logit_opts *o, const double *beta, double *grad)
{
    double sum = 0;
    if (grad)
        for (size_t j = 0; j < d->k; j++)
            grad[j] = 0;
    for (size_t i = 0; i < d->n; i++) {
        const double *x = d->x + i * d->k;
        double z = o->scale * dot(x, beta, d->k);
        sum += softplus(z) - d->y[i] * z; /* cross-entropy with a logit */
        if (grad) {
            double r = (sigmoid(z) - d->y[i]) * o->scale;
            for (size_t j = 0; j < d->k; j++)
                grad[j] += r * x[j];
        }
    }
    double n = d->n ? (double)d->n : 1, pen = 0;
    for (size_t j = 0; j < d->k; j++) {
        double diff = beta[j] - (o->prior ? o->prior[j] : 0);
        pen += diff * diff;
        if (grad)
            grad[j] = grad[j] / n + 2 * o->l2 * diff;
    }
    return sum / n + o->l2 * pen;
}

double logit_loss(const logit_data *d, const logit_opts *o, const double *beta)
{
    return loss_grad(d, o, beta, NULL);
}

typedef struct fit_ctx {
    const logit_data *d;
    const logit_opts *o;
} fit_ctx;

static double mm_f(const gsl_vector *v, void *ctx)
{
    fit_ctx *c = ctx;
    return loss_grad(c->d, c->o, v->data, NULL);
}

static void mm_df(const gsl_vector *v, void *ctx, gsl_vector *g)
{
    fit_ctx *c = ctx;
    loss_grad(c->d, c->o, v->data, g->data);
}

static void mm_fdf(const gsl_vector *v, void *ctx, double *f, gsl_vector *g)
{
    fit_ctx *c = ctx;
    *f = loss_grad(c->d, c->o, v->data, g->data);
}

/* Standard errors: the inverse of sum p(1-p) scale^2 x x^T + 2 n l2 I. */
static int standard_errors(const logit_data *d, const logit_opts *o, const double *beta, double *se)
{
    size_t k = d->k;
    gsl_matrix *h = gsl_matrix_calloc(k, k);
    if (!h)
        return -1;
    for (size_t i = 0; i < d->n; i++) {
        const double *x = d->x + i * k;
        double p = sigmoid(o->scale * dot(x, beta, k));
        double w = p * (1 - p) * o->scale * o->scale;
        for (size_t a = 0; a < k; a++)
            for (size_t b = 0; b <= a; b++)
                h->data[a * k + b] += w * x[a] * x[b];
    }
    for (size_t a = 0; a < k; a++) {
        h->data[a * k + a] += 2 * (double)d->n * o->l2;
        for (size_t b = 0; b < a; b++)
            h->data[b * k + a] = h->data[a * k + b];
    }
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int rc = gsl_linalg_cholesky_decomp1(h);
    if (!rc)
        rc = gsl_linalg_cholesky_invert(h);
    gsl_set_error_handler(old);
    for (size_t a = 0; a < k; a++)
        se[a] = rc ? NAN : sqrt(gsl_matrix_get(h, a, a));
    gsl_matrix_free(h);
    return 0;
}

int logit_fit(const logit_data *d, const logit_opts *o, double *beta, double *se, char *err, size_t errlen)
{
    if (d->n == 0 || d->k == 0) {
        snprintf(err, errlen, "nothing to fit: %zu rows, %zu columns", d->n, d->k);
        return -1;
    }
    fit_ctx ctx = { d, o };
    gsl_multimin_function_fdf fn = { mm_f, mm_df, mm_fdf, d->k, &ctx };
    gsl_vector *start = gsl_vector_alloc(d->k);
    gsl_multimin_fdfminimizer *m = gsl_multimin_fdfminimizer_alloc(gsl_multimin_fdfminimizer_vector_bfgs2, d->k);
    if (!start || !m) {
        gsl_vector_free(start);
        gsl_multimin_fdfminimizer_free(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t j = 0; j < d->k; j++)
        gsl_vector_set(start, j, beta[j]);
    gsl_multimin_fdfminimizer_set(m, &fn, start, 0.01, 0.1);
    int max_iter = o->max_iter > 0 ? o->max_iter : 500, status = GSL_CONTINUE;
    for (int it = 0; it < max_iter && status == GSL_CONTINUE; it++) {
        if (gsl_multimin_fdfminimizer_iterate(m))
            break; /* no further progress along the line: at the minimum */
        status = gsl_multimin_test_gradient(m->gradient, 1e-7);
    }
    bool finite = true;
    for (size_t j = 0; j < d->k; j++) {
        beta[j] = gsl_vector_get(m->x, j);
        finite &= isfinite(beta[j]);
    }
    gsl_multimin_fdfminimizer_free(m);
    gsl_vector_free(start);
    if (!finite) {
        snprintf(err, errlen, "the fit diverged (a coefficient is not finite)");
        return -1;
    }
    if (se)
        standard_errors(d, o, beta, se);
    return 0;
}

typedef struct scale_ctx {
    const logit_data *d;
    const double *beta;
} scale_ctx;

static double scale_loss(double k, void *ctx)
{
    scale_ctx *c = ctx;
    logit_opts o = { .scale = k };
    return loss_grad(c->d, &o, c->beta, NULL);
}

double logit_fit_scale(const logit_data *d, const double *beta, double lo, double hi)
{
    scale_ctx ctx = { d, beta };
    gsl_function fn = { scale_loss, &ctx };
    /* Brent needs f(mid) below both ends: scan a logarithmic grid (the scale
     * is unknown to within orders of magnitude) for a bracketing triple. */
    double ratio = pow(hi / lo, 1 / 64.0), best = lo, fbest = scale_loss(lo, &ctx);
    for (int i = 1; i <= 64; i++) {
        double k = lo * pow(ratio, i), f = scale_loss(k, &ctx);
        if (f < fbest)
            best = k, fbest = f;
    }
    double a = best / ratio, b = best * ratio;
    if (a < lo || b > hi)
        return best;
    gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    if (!m)
        return best;
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    if (gsl_min_fminimizer_set(m, &fn, best, a, b) == GSL_SUCCESS) {
        for (int it = 0; it < 100; it++) {
            gsl_min_fminimizer_iterate(m);
            if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(m), gsl_min_fminimizer_x_upper(m),
                                      1e-9, 1e-7) == GSL_SUCCESS)
                break;
        }
        best = gsl_min_fminimizer_x_minimum(m);
    }
    gsl_set_error_handler(old);
    gsl_min_fminimizer_free(m);
    return best;
}
