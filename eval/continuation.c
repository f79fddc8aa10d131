/* continuation.c — see continuation.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "continuation.h"

int cont_init(cont_data *d, int n, const double *played)
{
    memset(d, 0, sizeof *d);
    d->played = malloc(sizeof *d->played * (size_t)(n ? n : 1));
    if (!d->played)
        return -1;
    memcpy(d->played, played, sizeof *played * (size_t)n);
    d->n = n;
    return 0;
}

void cont_free(cont_data *d)
{
    free(d->played);
    for (int c = 0; c < d->nk; c++)
        free(d->sum[c]), free(d->games[c]);
    memset(d, 0, sizeof *d);
}

int cont_column(cont_data *d, int ply)
{
    for (int c = 0; c < d->nk; c++)
        if (d->ply[c] == ply)
            return c;
    if (d->nk == CONT_MAX_K)
        return -1;
    size_t n = (size_t)(d->n ? d->n : 1);
    double *sum = calloc(n, sizeof *sum);
    uint32_t *games = calloc(n, sizeof *games);
    if (!sum || !games) {
        free(sum), free(games);
        return -1;
    }
    d->ply[d->nk] = ply, d->sum[d->nk] = sum, d->games[d->nk] = games;
    return d->nk++;
}

void cont_add(cont_data *d, int c, int i, double white)
{
    d->sum[c][i] += white;
    d->games[c][i]++;
}

/* The mean of x[0..n) with its t interval (none under two). */
static double mean_ci(const double *x, int n, interval *ci)
{
    double m = 0, v = 0;
    for (int i = 0; i < n; i++)
        m += x[i];
    m = n ? m / n : NAN;
    for (int i = 0; i < n; i++)
        v += (x[i] - m) * (x[i] - m);
    if (n < 2) {
        *ci = interval_none();
        return m;
    }
    double half = gsl_cdf_tdist_Pinv(0.975, n - 1) * sqrt(v / (n - 1) / n);
    *ci = (interval){ m - half, m + half };
    return m;
}

/* Column c's mean for game i minus column o's (o < 0: as played), over the
 * games that both hold. */
static cont_diff diff_of(const cont_data *d, int c, int o, double *x)
{
    cont_diff r = { 0, NAN, interval_none() };
    for (int i = 0; i < d->n; i++) {
        if (!d->games[c][i] || (o >= 0 && !d->games[o][i]))
            continue;
        double other = o >= 0 ? d->sum[o][i] / d->games[o][i] : d->played[i];
        x[r.games++] = d->sum[c][i] / d->games[c][i] - other;
    }
    r.diff = mean_ci(x, r.games, &r.ci);
    return r;
}

int cont_analyse(const cont_data *d, cont_row *rows)
{
    int order[CONT_MAX_K];
    for (int c = 0; c < d->nk; c++) { /* by ply: insertion sort of the few columns */
        int j = c;
        for (; j > 0 && d->ply[order[j - 1]] > d->ply[c]; j--)
            order[j] = order[j - 1];
        order[j] = c;
    }
    double *x = malloc(sizeof *x * (size_t)(d->n ? d->n : 1)), *p = malloc(sizeof *p * (size_t)(d->n ? d->n : 1));
    if (!x || !p) {
        free(x), free(p);
        return -1;
    }
    for (int r = 0; r < d->nk; r++) {
        int c = order[r];
        cont_row *row = &rows[r];
        memset(row, 0, sizeof *row);
        row->ply = d->ply[c];
        for (int i = 0; i < d->n; i++)
            if (d->games[c][i]) {
                x[row->games] = d->sum[c][i] / d->games[c][i];
                p[row->games++] = d->played[i];
                row->continued += d->games[c][i];
            }
        row->white = mean_ci(x, row->games, &row->ci);
        interval unused;
        row->played = mean_ci(p, row->games, &unused);
        row->vs_played = diff_of(d, c, -1, x);
        row->vs_first = diff_of(d, c, order[0], x);
        if (!r) /* the first ply against itself: no difference to speak of */
            row->vs_first.ci = interval_none();
    }
    free(x), free(p);
    return 0;
}
