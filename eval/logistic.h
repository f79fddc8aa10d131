/* logistic.h — logistic regression with an L2 penalty, fitted with GSL.
 *
 * The model is P(y = 1 | x) = sigmoid(scale * x . beta).  Texel tuning fits
 * evaluation weights with it (scale = K, found first with fit_scale), the bias
 * study fits setup features with scale = 1.  The loss is the mean
 * cross-entropy plus l2 * |beta - prior|^2; labels may be fractional. */
#ifndef TRIAD_LOGISTIC_H
#define TRIAD_LOGISTIC_H

#include <stddef.h>

typedef struct logit_data {
    size_t n, k;       /* rows and columns */
    const double *x;   /* n * k, row-major */
    const double *y;   /* n labels in [0, 1] */
} logit_data;

typedef struct logit_opts {
    double scale;        /* K: logit = scale * x . beta */
    double l2;           /* penalty weight; 0 for none */
    const double *prior; /* the penalty pulls towards this (NULL: zero) */
    int max_iter;        /* BFGS iterations (0: 500) */
} logit_opts;

double logit_loss(const logit_data *d, const logit_opts *o, const double *beta);

/* Fits beta (in: the start, out: the fit) with GSL's vector_bfgs2 and the
 * analytic gradient.  se (may be NULL) gets each coefficient's standard error
 * from the inverse of the penalised Fisher information, treating rows as
 * independent.  Returns 0, or -1 with a message in err. */
int logit_fit(const logit_data *d, const logit_opts *o, double *beta, double *se,
              char *err, size_t errlen);

/* The scale K minimising the loss for fixed beta over [lo, hi], 0 < lo < hi
 * (a logarithmic grid, then GSL's Brent minimiser).  Returns K. */
double logit_fit_scale(const logit_data *d, const double *beta, double lo, double hi);

#endif
