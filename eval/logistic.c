/* logistic.c — see logistic.h.
 *
 * The fit is Newton's method with a backtracking line search: the
 * penalised loss is convex, its Hessian (k x k, k at most a few dozen) is
 * cheap next to a pass over the rows, and Newton converges in a handful of
 * passes where a quasi-Newton method needed hundreds on features of mixed
 * units (TZAAR's: stack counts near 1, heights near 20). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
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

/* Where the fitted columns of a row lie: idx[j] for column j. */
static void col_index(const logit_data *d, int *idx)
{
    for (size_t j = 0; j < d->k; j++)
        idx[j] = d->cols ? d->cols[j] : (int)j;
}

static const double *row_of(const logit_data *d, size_t i)
{
    return d->x + i * (d->stride ? d->stride : d->k);
}

static bool skip(const logit_data *d, size_t i)
{
    return d->use && !d->use[i];
}

static double row_dot(const double *x, const int *idx, const double *beta, size_t k)
{
    double s = 0;
    for (size_t j = 0; j < k; j++)
        s += x[idx[j]] * beta[j];
    return s;
}

static double logit_of(const logit_data *d, const int *idx, size_t i, double scale, const double *beta)
{
    return (d->offset ? d->offset[i] : 0) + scale * row_dot(row_of(d, i), idx, beta, d->k);
}

/* Loss and, when grad is not NULL, its gradient. */
static double loss_grad(const logit_data *d, const logit_opts *o, const double *beta, double *grad)
{
    int idx[LOGIT_MAX_K];
    col_index(d, idx);
    double sum = 0;
    if (grad)
        for (size_t j = 0; j < d->k; j++)
            grad[j] = 0;
    size_t used = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (skip(d, i))
            continue;
        used++;
        const double *x = row_of(d, i);
        double z = logit_of(d, idx, i, o->scale, beta);
        sum += softplus(z) - d->y[i] * z; /* cross-entropy with a logit */
        if (grad) {
            double r = (sigmoid(z) - d->y[i]) * o->scale;
            for (size_t j = 0; j < d->k; j++)
                grad[j] += r * x[idx[j]];
        }
    }
    double n = used ? (double)used : 1, pen = 0;
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

/* The penalised information of the mean loss, its Hessian:
 * (sum_i p_i (1 - p_i) scale^2 x_i x_i^T) / n + 2 l2 I.  Returns n, the rows used. */
static size_t information(const logit_data *d, const logit_opts *o, const int *idx, const double *beta,
                          gsl_matrix *h)
{
    size_t k = d->k, used = 0;
    gsl_matrix_set_zero(h);
    for (size_t i = 0; i < d->n; i++) {
        if (skip(d, i))
            continue;
        used++;
        const double *x = row_of(d, i);
        double p = sigmoid(logit_of(d, idx, i, o->scale, beta));
        double w = p * (1 - p) * o->scale * o->scale;
        for (size_t a = 0; a < k; a++) {
            double wa = w * x[idx[a]];
            for (size_t b = 0; b <= a; b++)
                h->data[a * k + b] += wa * x[idx[b]];
        }
    }
    double n = used ? (double)used : 1;
    for (size_t a = 0; a < k; a++) {
        for (size_t b = 0; b <= a; b++)
            h->data[b * k + a] = h->data[a * k + b] /= n;
        h->data[a * k + a] += 2 * o->l2;
    }
    return used;
}

/* Cholesky factor of h in place; 0, or -1 when it is not positive definite. */
static int cholesky(gsl_matrix *h)
{
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int rc = gsl_linalg_cholesky_decomp1(h);
    gsl_set_error_handler(old);
    return rc ? -1 : 0;
}

int logit_fit(const logit_data *d, const logit_opts *o, double *beta, double *se, char *err, size_t errlen)
{
    size_t k = d->k;
    if (d->n == 0 || k == 0 || k > LOGIT_MAX_K) {
        snprintf(err, errlen, "nothing to fit: %zu rows, %zu columns", d->n, k);
        return -1;
    }
    int idx[LOGIT_MAX_K];
    col_index(d, idx);
    gsl_matrix *h = gsl_matrix_alloc(k, k), *hc = gsl_matrix_alloc(k, k);
    gsl_vector *g = gsl_vector_alloc(k), *step = gsl_vector_alloc(k);
    double *next = malloc(sizeof *next * k);
    int rc = -1;
    if (!h || !hc || !g || !step || !next) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    int max_iter = o->max_iter > 0 ? o->max_iter : 100;
    double f = loss_grad(d, o, beta, g->data);
    for (int it = 0; it < max_iter; it++) {
        information(d, o, idx, beta, h);
        /* A singular Hessian (a feature that never varies, with no
         * penalty): a small ridge, grown until it factorises. */
        double ridge = 0, scale = 0;
        for (size_t a = 0; a < k; a++)
            scale = fmax(scale, gsl_matrix_get(h, a, a));
        for (;;) {
            gsl_matrix_memcpy(hc, h);
            for (size_t a = 0; a < k; a++)
                hc->data[a * k + a] += ridge;
            if (!cholesky(hc))
                break;
            ridge = ridge ? ridge * 10 : fmax(scale, 1e-300) * 1e-12;
            if (!(ridge < 1e300))
                goto diverged;
        }
        gsl_vector_memcpy(step, g);
        gsl_vector_scale(step, -1);
        gsl_linalg_cholesky_svx(hc, step);
        double slope = 0; /* g . step: minus the Newton decrement squared */
        gsl_blas_ddot(g, step, &slope);
        /* Converged when the expected decrease (the Newton decrement
         * squared, halved) is 1e-12 of the loss: near the rounding of a
         * mean over many rows, and far below what the errors resolve. */
        if (!(slope < 0) || -slope / 2 <= 1e-12 * fmax(1, fabs(f)))
            break;
        double t = 1;
        for (; t > 1e-12; t /= 2) {
            for (size_t j = 0; j < k; j++)
                next[j] = beta[j] + t * step->data[j];
            if (loss_grad(d, o, next, NULL) <= f + 1e-4 * t * slope)
                break;
        }
        if (!(t > 1e-12))
            break; /* no decrease along the Newton direction: at the minimum to rounding */
        memcpy(beta, next, sizeof *beta * k);
        f = loss_grad(d, o, beta, g->data);
    }
    for (size_t j = 0; j < k; j++)
        if (!isfinite(beta[j]))
            goto diverged;
    if (se && logit_se(d, o, beta, se, NULL) < 0) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    rc = 0;
    goto done;
diverged:
    snprintf(err, errlen, "the fit diverged (a coefficient is not finite)");
done:
    gsl_matrix_free(h);
    gsl_matrix_free(hc);
    gsl_vector_free(g);
    gsl_vector_free(step);
    free(next);
    return rc;
}

static int by_cluster(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* B = sum over clusters of s_g s_g^T (k x k); returns G, or -1. */
static long cluster_scores(const logit_data *d, const logit_opts *o, const int *idx, const double *beta,
                           gsl_matrix *bm)
{
    size_t k = d->k, used = 0;
    uint64_t *order = malloc(sizeof *order * (d->n ? d->n : 1));
    double *s = calloc(k, sizeof *s);
    if (!order || !s) {
        free(order);
        free(s);
        return -1;
    }
    /* Rows in cluster order (the reservoir leaves a game's rows scattered):
     * the cluster id above the row index, which fits 32 bits. */
    for (size_t i = 0; i < d->n; i++)
        if (!skip(d, i))
            order[used++] = (uint64_t)(d->cluster ? d->cluster[i] : i) << 32 | (uint64_t)i;
    if (d->cluster)
        qsort(order, used, sizeof *order, by_cluster);
    gsl_matrix_set_zero(bm);
    long groups = 0;
    for (size_t r = 0; r < used; r++) {
        size_t i = (size_t)(order[r] & 0xffffffffu);
        const double *x = row_of(d, i);
        double e = (sigmoid(logit_of(d, idx, i, o->scale, beta)) - d->y[i]) * o->scale;
        for (size_t a = 0; a < k; a++)
            s[a] += e * x[idx[a]];
        if (r + 1 == used || order[r + 1] >> 32 != order[r] >> 32) {
            for (size_t a = 0; a < k; a++)
                for (size_t b = 0; b < k; b++)
                    bm->data[a * k + b] += s[a] * s[b];
            memset(s, 0, sizeof *s * k);
            groups++;
        }
    }
    free(order);
    free(s);
    return groups;
}

/* The model-based and cluster-robust errors (logit_se), and the robust
 * covariance itself when cov is not NULL (k x k, row-major). */
static long sandwich(const logit_data *d, const logit_opts *o, const double *beta, double *se_model, double *se_robust,
                     double *cov)
{
    size_t k = d->k;
    int idx[LOGIT_MAX_K];
    col_index(d, idx);
    gsl_matrix *h = gsl_matrix_alloc(k, k), *bm = gsl_matrix_alloc(k, k), *t = gsl_matrix_alloc(k, k);
    long groups = -1;
    if (!h || !bm || !t)
        goto done;
    /* information() is of the mean loss: n H is the information of the sum
     * (and its ridge 2 n l2: the penalty grows with the rows). */
    double n = (double)information(d, o, idx, beta, h);
    gsl_matrix_scale(h, n);
    bool ok = cholesky(h) == 0;
    if (ok) {
        gsl_error_handler_t *old = gsl_set_error_handler_off();
        ok = gsl_linalg_cholesky_invert(h) == 0;
        gsl_set_error_handler(old);
    }
    groups = cluster_scores(d, o, idx, beta, bm);
    if (groups < 0)
        goto done;
    for (size_t a = 0; a < k; a++)
        if (se_model)
            se_model[a] = ok ? sqrt(gsl_matrix_get(h, a, a)) : NAN;
    if (se_robust || cov) {
        /* V = H^-1 B H^-1 G / (G - 1) */
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1, h, bm, 0, t);
        double f = groups > 1 ? (double)groups / (double)(groups - 1) : NAN;
        for (size_t a = 0; a < k; a++)
            for (size_t c = cov ? 0 : a; c < (cov ? k : a + 1); c++) {
                double v = 0;
                for (size_t b = 0; b < k; b++)
                    v += gsl_matrix_get(t, a, b) * gsl_matrix_get(h, b, c);
                v = ok && groups > 1 ? v * f : NAN;
                if (cov)
                    cov[a * k + c] = v;
                if (se_robust && c == a)
                    se_robust[a] = sqrt(v);
            }
    }
done:
    gsl_matrix_free(h);
    gsl_matrix_free(bm);
    gsl_matrix_free(t);
    return groups;
}

long logit_se(const logit_data *d, const logit_opts *o, const double *beta, double *se_model, double *se_robust)
{
    return sandwich(d, o, beta, se_model, se_robust, NULL);
}

long logit_cov(const logit_data *d, const logit_opts *o, const double *beta, double *cov)
{
    return sandwich(d, o, beta, NULL, NULL, cov);
}

/* The loss along beta's direction as a function of the scale: its first
 * (g) and second (h) derivatives at k, both times the rows used. */
static void scale_slope(const logit_data *d, const int *idx, const double *beta, double k, double *g, double *h)
{
    *g = *h = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (skip(d, i))
            continue;
        double u = row_dot(row_of(d, i), idx, beta, d->k);
        double p = sigmoid((d->offset ? d->offset[i] : 0) + k * u);
        *g += (p - d->y[i]) * u;
        *h += p * (1 - p) * u * u;
    }
}

double logit_fit_scale(const logit_data *d, const double *beta, double lo, double hi)
{
    int idx[LOGIT_MAX_K];
    col_index(d, idx);
    double g, h;
    scale_slope(d, idx, beta, lo, &g, &h);
    if (g >= 0)
        return lo;
    scale_slope(d, idx, beta, hi, &g, &h);
    if (g <= 0)
        return hi;
    /* The derivative rises from negative at lo to positive at hi: keep that
     * bracket, take Newton's step inside it, else bisect. */
    double a = lo, b = hi, k = lo < 0 && hi > 0 ? 0 : (lo + hi) / 2;
    for (int it = 0; it < 200; it++) {
        scale_slope(d, idx, beta, k, &g, &h);
        if (g == 0)
            return k;
        if (g < 0)
            a = k;
        else
            b = k;
        double next = h > 0 ? k - g / h : NAN;
        if (!(next > a && next < b))
            next = (a + b) / 2;
        if (fabs(next - k) <= 1e-12 * fmax(1e-300, fabs(k)) || !(b - a > 1e-15 * fmax(fabs(a), fabs(b))))
            return next;
        k = next;
    }
    return k;
}
