/* tune_diag.h — what the training rows of a tuning run can tell apart,
 * checked before the fit: features constant over the rows, and features
 * so nearly collinear that their weights are not determined one by one
 * (variance inflation factors and the condition number of the
 * standardized design).  docs/tuning.md, "Constant and collinear features". */
#ifndef TRIAD_TUNE_DIAG_H
#define TRIAD_TUNE_DIAG_H

#include <stddef.h>
#include "engine/game.h"

/* What the fit does with a feature. */
enum {
    TUNE_FITTED = 0,    /* varies over the rows: fitted */
    TUNE_INTERCEPT = 1, /* the same non-zero value in every row: fitted, as the model's intercept */
    TUNE_CONSTANT = 2,  /* constant (zero, or a second constant): dropped, keeps its weight */
    TUNE_COLLINEAR = 3, /* dropped to bring every VIF to the limit or below, keeps its weight */
};

typedef struct tune_design {
    int k;
    int status[GAME_MAX_FEATURES];
    /* Among all the features that vary (vif) and among those kept
     * (vif_kept): 1 / (1 - R^2) of the feature on the others, from the
     * inverse of their correlation matrix.  NaN where not defined (a
     * constant, or dropped for vif_kept); infinity when exactly collinear. */
    double vif[GAME_MAX_FEATURES], vif_kept[GAME_MAX_FEATURES];
    /* The condition number (largest over smallest singular value) of the
     * standardized design of the same two sets; NaN with no feature that varies. */
    double cond, cond_kept;
    int constant, collinear; /* how many were dropped for each reason */
} tune_design;

/* Checks the n rows of x (row i at x + i * stride, k features) and decides
 * which features to fit: every constant one is dropped but one non-zero
 * constant (the intercept: the one whose starting weight moves the logit
 * most, then the lowest index); then, while the largest VIF among the
 * kept features that vary exceeds max_vif (no dropping when max_vif <= 0),
 * the feature with the largest VIF is dropped (ties within 1e-9: the one
 * the starting evaluation weighs least, |start| times its standard
 * deviation; then the higher index).  Returns 0, or -1 with a message. */
int tune_design_check(const double *x, size_t n, size_t stride, int k, const double *start, double max_vif,
                      tune_design *out, char *err, size_t errlen);

/* VIFs (m values) and condition number of an m x m correlation matrix
 * (row-major), by its eigen decomposition (GSL).  Returns 0, or -1 when
 * out of memory. */
int tune_vif(const double *corr, int m, double *vif, double *cond);

#endif
