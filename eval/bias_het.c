/* bias_het.c — the players' own first-mover edges and whether one edge
 * fits them all (bias_players.h, bias_players_het; issue 39: over the deep
 * engine's players the joint model's single edge did not fit). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "bias_players.h"

#define ELO_PER_LOGIT (400.0 / 2.302585092994045684) /* 400 / ln 10 */

typedef struct keyed_row {
    uint64_t key;
    size_t row;
} keyed_row;

static int cmp_key(const void *a, const void *b)
{
    const keyed_row *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->row > y->row) - (x->row < y->row);
}

static double logistic(double x)
{
    return 1 / (1 + exp(-x));
}

/* The own edges' clustered covariance (n x n into v, log-odds squared):
 * the cluster-robust covariance of the players' mean shares, the sum over
 * setups of the residual sums' products over n_p n_q, carried to log-odds
 * by the delta method (1 / m (1 - m)), with each player's small-sample
 * factor G_p / (G_p - 1) (its own setups, so that a player's error is the
 * one its figure alone has; sqrt(f_p f_q) off the diagonal keeps V
 * positive semi-definite).  rows: the kind's self-play rows sorted by
 * setup; slot[p]: the player's index in own[], or -1. */
static void own_covariance(const bias_players_data *d, const keyed_row *rows, size_t nr, const int *slot,
                           bias_players_het *h, double *v)
{
    int n = h->n;
    double res[BIAS_PLAYERS_MAX] = { 0 };
    bool in[BIAS_PLAYERS_MAX] = { false };
    long groups[BIAS_PLAYERS_MAX] = { 0 };
    memset(v, 0, sizeof *v * (size_t)n * (size_t)n);
    for (size_t i = 0; i < nr; i++) {
        const bias_players_row *w = &d->rows[rows[i].row];
        int j = slot[w->a];
        res[j] += w->y - h->own[j].score;
        in[j] = true;
        if (i + 1 < nr && rows[i + 1].key == rows[i].key)
            continue;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                v[a * n + b] += res[a] * res[b];
        for (int a = 0; a < n; a++)
            groups[a] += in[a];
        memset(res, 0, sizeof res);
        memset(in, 0, sizeof in);
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            const bias_players_own *p = &h->own[a], *q = &h->own[b];
            double da = (double)p->games * p->score * (1 - p->score), db = (double)q->games * q->score * (1 - q->score);
            double fa = groups[a] > 1 ? (double)groups[a] / (double)(groups[a] - 1) : NAN;
            double fb = groups[b] > 1 ? (double)groups[b] / (double)(groups[b] - 1) : NAN;
            v[a * n + b] *= sqrt(fa * fb) / (da * db);
        }
}

/* The Wald statistic of the hypothesis that every edge is the same:
 * (e - e*)' V^-1 (e - e*), e* the generalised least-squares mean.  NaN when
 * V is singular. */
static double wald_equal(const bias_players_het *h, const double *v)
{
    int n = h->n;
    gsl_matrix *m = gsl_matrix_alloc((size_t)n, (size_t)n);
    gsl_vector *e = gsl_vector_alloc((size_t)n), *one = gsl_vector_alloc((size_t)n);
    double w = NAN;
    if (!m || !e || !one)
        goto done;
    memcpy(m->data, v, sizeof *v * (size_t)n * (size_t)n);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int rc = gsl_linalg_cholesky_decomp1(m);
    gsl_set_error_handler(old);
    if (rc)
        goto done;
    for (int i = 0; i < n; i++)
        gsl_vector_set(e, (size_t)i, h->own[i].edge), gsl_vector_set(one, (size_t)i, 1);
    gsl_vector *ve = gsl_vector_alloc((size_t)n), *v1 = gsl_vector_alloc((size_t)n);
    if (ve && v1 && !gsl_linalg_cholesky_solve(m, e, ve) && !gsl_linalg_cholesky_solve(m, one, v1)) {
        double ee = 0, e1 = 0, s11 = 0; /* e'V^-1 e, 1'V^-1 e, 1'V^-1 1 */
        for (int i = 0; i < n; i++) {
            ee += h->own[i].edge * ve->data[i];
            e1 += ve->data[i];
            s11 += v1->data[i];
        }
        w = ee - e1 * e1 / s11;
    }
    gsl_vector_free(ve);
    gsl_vector_free(v1);
done:
    gsl_matrix_free(m);
    gsl_vector_free(e);
    gsl_vector_free(one);
    return w;
}

/* Cochran's Q, DerSimonian and Laird's tau^2 and the random-effects pool. */
static void pool(bias_players_het *h)
{
    double sw = 0, sw2 = 0, swe = 0;
    for (int i = 0; i < h->n; i++) {
        double w = 1 / (h->own[i].se * h->own[i].se);
        sw += w, sw2 += w * w, swe += w * h->own[i].edge;
    }
    double fixed = swe / sw, q = 0;
    for (int i = 0; i < h->n; i++)
        q += (h->own[i].edge - fixed) * (h->own[i].edge - fixed) / (h->own[i].se * h->own[i].se);
    h->q = q;
    h->q_p = gsl_cdf_chisq_Q(q, h->df);
    h->tau2 = fmax(0, (q - h->df) / (sw - sw2 / sw));
    h->i2 = q > 0 ? fmax(0, (q - h->df) / q) : 0;
    double rw = 0, rwe = 0;
    for (int i = 0; i < h->n; i++) {
        double w = 1 / (h->own[i].se * h->own[i].se + h->tau2);
        rw += w, rwe += w * h->own[i].edge;
    }
    h->pooled = rwe / rw;
    h->pooled_se = 1 / sqrt(rw);
    h->score = logistic(h->pooled);
    h->score_ci = (interval){ logistic(h->pooled - Z95 * h->pooled_se), logistic(h->pooled + Z95 * h->pooled_se) };
    h->elo = ELO_PER_LOGIT * h->pooled;
    h->elo_ci = (interval){ ELO_PER_LOGIT * (h->pooled - Z95 * h->pooled_se),
                            ELO_PER_LOGIT * (h->pooled + Z95 * h->pooled_se) };
}

/* Each self-play player's games, share and edge; slot[p] its place in own[]. */
static void own_edges(const bias_players_data *d, const keyed_row *rows, size_t nr, int *slot, bias_players_het *h)
{
    double sum[BIAS_PLAYERS_MAX] = { 0 };
    for (int p = 0; p < BIAS_PLAYERS_MAX; p++)
        slot[p] = -1;
    for (int p = 0; p < d->n; p++) /* in the players' order, as the joint model lists them */
        for (size_t i = 0; i < nr; i++)
            if (d->rows[rows[i].row].a == p) {
                slot[p] = h->n;
                h->own[h->n++].player = p;
                break;
            }
    for (size_t i = 0; i < nr; i++) {
        const bias_players_row *w = &d->rows[rows[i].row];
        h->own[slot[w->a]].games++;
        sum[slot[w->a]] += w->y;
    }
    for (int j = 0; j < h->n; j++) {
        bias_players_own *o = &h->own[j];
        o->score = sum[j] / (double)o->games;
        o->edge = o->score > 0 && o->score < 1 ? log(o->score / (1 - o->score)) : o->score > 0 ? INFINITY : -INFINITY;
        o->elo = ELO_PER_LOGIT * o->edge;
        o->se = NAN;
        o->score_ci = o->elo_ci = interval_none();
    }
}

int bias_players_heterogeneity(const bias_players_data *d, int kind, bias_players_het *h)
{
    memset(h, 0, sizeof *h);
    h->q = h->q_p = h->wald = h->wald_p = h->tau2 = h->i2 = h->pooled = h->pooled_se = h->score = h->elo = NAN;
    h->score_ci = h->elo_ci = interval_none();
    keyed_row *rows = malloc((d->nrows ? d->nrows : 1) * sizeof *rows);
    double *v = malloc(sizeof *v * BIAS_PLAYERS_MAX * BIAS_PLAYERS_MAX);
    if (!rows || !v) {
        free(rows), free(v);
        return -1;
    }
    size_t nr = 0;
    for (size_t i = 0; i < d->nrows; i++)
        if (d->rows[i].kind == kind && d->rows[i].a == d->rows[i].b)
            rows[nr++] = (keyed_row){ d->rows[i].setup, i };
    qsort(rows, nr, sizeof *rows, cmp_key);
    int slot[BIAS_PLAYERS_MAX];
    own_edges(d, rows, nr, slot, h);
    own_covariance(d, rows, nr, slot, h, v);
    bool finite = h->n >= 2;
    for (int j = 0; j < h->n; j++) {
        bias_players_own *o = &h->own[j];
        double se = sqrt(v[j * h->n + j]);
        if (isfinite(o->edge) && se > 0 && isfinite(se)) {
            o->se = se;
            o->score_ci = (interval){ logistic(o->edge - Z95 * se), logistic(o->edge + Z95 * se) };
            o->elo_ci = (interval){ ELO_PER_LOGIT * (o->edge - Z95 * se), ELO_PER_LOGIT * (o->edge + Z95 * se) };
        } else
            finite = false;
    }
    if (finite) { /* every edge with an error: else no test (a share of 0 or 1 has no finite edge) */
        h->ok = true;
        h->df = h->n - 1;
        pool(h);
        h->wald = wald_equal(h, v);
        h->wald_p = isfinite(h->wald) ? gsl_cdf_chisq_Q(h->wald, h->df) : NAN;
    }
    free(rows), free(v);
    return 0;
}
