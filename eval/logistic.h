/* logistic.h — logistic regression with an L2 penalty (Newton's method,
 * GSL's Cholesky decomposition).
 *
 * The model is P(y = 1 | x) = sigmoid(offset + scale * x . beta).  Texel
 * tuning fits evaluation weights with it (eval/tune_fit.c), the bias study
 * fits setup features with scale = 1.  The loss is the mean cross-entropy
 * plus l2 * |beta - prior|^2; labels may be fractional.  The penalty is on
 * the mean loss, so on the summed log-likelihood it is n * l2 * |beta|^2:
 * it grows with the rows (a normal prior of variance 1 / (2 n l2)). */
#ifndef TRIAD_LOGISTIC_H
#define TRIAD_LOGISTIC_H

#include <stddef.h>
#include <stdint.h>

#define LOGIT_MAX_K 256 /* columns fitted at most */

/* Rows are read from a row-major array that may hold more columns than are
 * fitted (stride, cols), so that a fit on a subset of the features needs no
 * copy of the data.  The fields after y may be left zero. */
typedef struct logit_data {
    size_t n, k;              /* rows, and columns fitted (k <= LOGIT_MAX_K) */
    const double *x;          /* row i starts at x + i * stride */
    const double *y;          /* n labels in [0, 1] */
    size_t stride;            /* doubles per row; 0: k */
    const int *cols;          /* the k columns of a row that are fitted; NULL: 0..k-1 */
    const double *offset;     /* n fixed logits added to the model's; NULL: none */
    const uint32_t *cluster;  /* n cluster ids (the row's game) for robust errors; NULL: a row each */
    const unsigned char *use; /* NULL: every row; else only the rows i with use[i] != 0 */
} logit_data;

typedef struct logit_opts {
    double scale;        /* K: logit = offset + scale * x . beta */
    double l2;           /* penalty weight; 0 for none */
    const double *prior; /* the penalty pulls towards this (NULL: zero) */
    int max_iter;        /* Newton iterations (0: 100) */
} logit_opts;

double logit_loss(const logit_data *d, const logit_opts *o, const double *beta);

/* Fits beta (in: the start, out: the fit) by Newton's method with a
 * backtracking line search, to where the expected decrease of the loss is
 * 1e-12 of it.  se (may be NULL) gets each coefficient's model-based
 * standard error (logit_se).  Returns 0, or -1 with a message in err. */
int logit_fit(const logit_data *d, const logit_opts *o, double *beta, double *se,
              char *err, size_t errlen);

/* Standard errors of beta, from H, the penalised information
 * sum_i p_i (1 - p_i) scale^2 x_i x_i^T + 2 n l2 I.  Model-based (se_model):
 * sqrt(diag(H^-1)), which treats rows as independent.  Cluster-robust
 * (se_robust, the sandwich): sqrt(diag(H^-1 B H^-1) G / (G - 1)) with
 * B = sum over clusters g of s_g s_g^T, s_g = sum of (p_i - y_i) scale x_i
 * over the rows of cluster g, G the number of clusters.  Either output may
 * be NULL; NaN where undefined (a singular H, fewer than 2 clusters).
 * Returns the number of clusters, or -1 when out of memory. */
long logit_se(const logit_data *d, const logit_opts *o, const double *beta, double *se_model,
              double *se_robust);

/* The cluster-robust covariance of beta itself, H^-1 B H^-1 G / (G - 1)
 * (k x k, row-major, into cov): what a difference of two coefficients
 * needs (its variance is not the sum of theirs when they share games).
 * NaN where undefined, as logit_se.  Returns G, or -1 when out of memory. */
long logit_cov(const logit_data *d, const logit_opts *o, const double *beta, double *cov);

/* The scale K in [lo, hi] (lo < hi, either sign) minimising the loss for
 * fixed beta.  The loss is convex in K, so a safeguarded Newton iteration
 * on its derivative finds it; an end is returned when the minimum lies
 * beyond it. */
double logit_fit_scale(const logit_data *d, const double *beta, double lo, double hi);

#endif
