/* tune_diag.c — constant and collinear features of the training rows
 * (tune_diag.h).
 *
 * The design is standardized (every feature centred and scaled to unit
 * variance), so its condition number and the VIFs do not depend on the
 * features' units, and the centring stands for the intercept (TZAAR's
 * tempo, +1 for the seat to act in every row).  Both come from the
 * eigen decomposition of the correlation matrix R = V diag(l) V^T:
 * VIF_j = (R^-1)_jj = sum_i V_ji^2 / l_i, and the condition number of the
 * standardized design is sqrt(l_max / l_min). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include "tune_diag.h"

/* An eigenvalue below l_max * EIG_TOL counts as zero: exact collinearity. */
#define EIG_TOL 1e-13
#define VIF_INFINITE 1e12

int tune_vif(const double *corr, int m, double *vif, double *cond)
{
    if (m <= 0) {
        *cond = NAN;
        return 0;
    }
    size_t k = (size_t)m;
    gsl_matrix *a = gsl_matrix_alloc(k, k), *v = gsl_matrix_alloc(k, k);
    gsl_vector *l = gsl_vector_alloc(k);
    gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc(k);
    int rc = -1;
    if (!a || !v || !l || !w)
        goto done;
    memcpy(a->data, corr, sizeof *corr * k * k);
    gsl_eigen_symmv(a, l, v, w);
    double lmax = gsl_vector_max(l), lmin = gsl_vector_min(l), tol = lmax * EIG_TOL;
    *cond = lmin > tol ? sqrt(lmax / lmin) : INFINITY;
    for (size_t j = 0; j < k; j++) {
        double s = 0;
        for (size_t i = 0; i < k; i++) {
            double e = gsl_matrix_get(v, j, i);
            s += e * e / fmax(gsl_vector_get(l, i), tol);
        }
        vif[j] = s >= VIF_INFINITE ? INFINITY : s;
    }
    rc = 0;
done:
    gsl_matrix_free(a);
    gsl_matrix_free(v);
    gsl_vector_free(l);
    gsl_eigen_symmv_free(w);
    return rc;
}

/* The correlation matrix of the m features cols[] (two passes: the means,
 * then the centred cross-products); sd gets their standard deviations. */
static void correlations(const double *x, size_t n, size_t stride, const int *cols, int m, double *corr, double *sd)
{
    double mean[GAME_MAX_FEATURES] = { 0 }, d[GAME_MAX_FEATURES];
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < m; a++)
            mean[a] += x[i * stride + (size_t)cols[a]];
    for (int a = 0; a < m; a++)
        mean[a] /= (double)n;
    memset(corr, 0, sizeof *corr * (size_t)(m * m));
    for (size_t i = 0; i < n; i++) {
        for (int a = 0; a < m; a++)
            d[a] = x[i * stride + (size_t)cols[a]] - mean[a];
        for (int a = 0; a < m; a++)
            for (int b = 0; b <= a; b++)
                corr[a * m + b] += d[a] * d[b];
    }
    for (int a = 0; a < m; a++)
        sd[a] = sqrt(corr[a * m + a] / (double)n);
    for (int a = 0; a < m; a++)
        for (int b = 0; b <= a; b++) {
            double r = corr[a * m + b] / (double)n / (sd[a] * sd[b]);
            corr[a * m + b] = corr[b * m + a] = a == b ? 1 : r;
        }
}

/* The submatrix of corr (m x m) over the positions in keep (mk of them). */
static void submatrix(const double *corr, int m, const int *keep, int mk, double *out)
{
    for (int a = 0; a < mk; a++)
        for (int b = 0; b < mk; b++)
            out[a * mk + b] = corr[keep[a] * m + keep[b]];
}

/* Marks the constant features; returns how many features vary, listed in cols. */
static int constants(const double *x, size_t n, size_t stride, int k, const double *start, tune_design *out,
                     int *cols)
{
    int m = 0, intercept = -1;
    for (int j = 0; j < k; j++) {
        double first = x[(size_t)j];
        size_t i = 1;
        while (i < n && x[i * stride + (size_t)j] == first)
            i++;
        if (i < n) {
            cols[m++] = j;
            continue;
        }
        out->status[j] = TUNE_CONSTANT;
        /* One non-zero constant is the intercept: the one the start weighs
         * most in the logit, so the choice does not depend on the order. */
        if (first != 0 && (intercept < 0 || fabs(start[j] * first) > fabs(start[intercept] * x[intercept])))
            intercept = j;
    }
    if (intercept >= 0)
        out->status[intercept] = TUNE_INTERCEPT;
    for (int j = 0; j < k; j++)
        out->constant += out->status[j] == TUNE_CONSTANT;
    return m;
}

int tune_design_check(const double *x, size_t n, size_t stride, int k, const double *start, double max_vif,
                      tune_design *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->k = k;
    if (n == 0 || k <= 0 || k > GAME_MAX_FEATURES) {
        snprintf(err, errlen, "nothing to check: %zu rows, %d features", n, k);
        return -1;
    }
    int cols[GAME_MAX_FEATURES], keep[GAME_MAX_FEATURES];
    for (int j = 0; j < k; j++)
        out->vif[j] = out->vif_kept[j] = NAN;
    int m = constants(x, n, stride, k, start, out, cols);
    double *corr = malloc(sizeof *corr * (size_t)(m * m + 1)), *sub = malloc(sizeof *sub * (size_t)(m * m + 1));
    double sd[GAME_MAX_FEATURES], vif[GAME_MAX_FEATURES];
    int rc = -1;
    if (!corr || !sub) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    correlations(x, n, stride, cols, m, corr, sd);
    if (tune_vif(corr, m, vif, &out->cond))
        goto oom;
    for (int a = 0; a < m; a++) {
        out->vif[cols[a]] = vif[a];
        keep[a] = a;
    }
    int mk = m;
    for (;;) {
        submatrix(corr, m, keep, mk, sub);
        if (tune_vif(sub, mk, vif, &out->cond_kept))
            goto oom;
        if (max_vif <= 0 || mk <= 1)
            break;
        /* The largest VIF; a tie (both infinite, or within 1e-9) drops the
         * feature the start weighs least (its weight times its spread),
         * then the later one. */
        int worst = 0;
        for (int a = 1; a < mk; a++) {
            double va = vif[a], vw = vif[worst];
            bool tie = va >= vw * (1 - 1e-9) && vw >= va * (1 - 1e-9);
            double wa = fabs(start[cols[keep[a]]]) * sd[keep[a]], ww = fabs(start[cols[keep[worst]]]) * sd[keep[worst]];
            if (tie ? wa <= ww : va > vw)
                worst = a;
        }
        if (!(vif[worst] > max_vif))
            break;
        out->status[cols[keep[worst]]] = TUNE_COLLINEAR;
        out->collinear++;
        memmove(keep + worst, keep + worst + 1, sizeof *keep * (size_t)(mk - worst - 1));
        mk--;
    }
    for (int a = 0; a < mk; a++)
        out->vif_kept[cols[keep[a]]] = vif[a];
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "out of memory");
done:
    free(corr);
    free(sub);
    return rc;
}
