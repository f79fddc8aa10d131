/* bias_components.c — see bias_components.h. */
#include <stdlib.h>
#include <string.h>
#include "core/prng.h"
#include "bias_components.h"

int bias_reps_add(bias_reps *r, uint64_t setup, int rotations, int replicates, int rotation, int replicate,
                  double y)
{
    if (!r->n && !r->other)
        r->rotations = rotations, r->replicates = replicates;
    if (rotations != r->rotations || replicates != r->replicates) {
        r->other++;
        return 0;
    }
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 1024;
        bias_rep_game *g = realloc(r->games, cap * sizeof *g);
        if (!g)
            return -1;
        r->games = g;
        r->cap = cap;
    }
    r->games[r->n++] = (bias_rep_game){ setup, rotation, replicate, y };
    return 0;
}

void bias_reps_free(bias_reps *r)
{
    free(r->games);
    memset(r, 0, sizeof *r);
}

static int by_cell(const void *a, const void *b)
{
    const bias_rep_game *x = a, *y = b;
    if (x->setup != y->setup)
        return x->setup < y->setup ? -1 : 1;
    if (x->rotation != y->rotation)
        return x->rotation - y->rotation;
    return x->replicate - y->replicate;
}

/* The three estimates from the complete setups listed in pick (K of them;
 * cell[k * RP + r * P + j] is the game's y). */
static void estimate(const double *cell, const size_t *pick, size_t K, int R, int P, double *game_var,
                     double *setup_var, double *seat_var)
{
    double grand = 0, col[16] = { 0 }; /* R <= GAME_MAX_PLAYERS */
    size_t RP = (size_t)R * (size_t)P;
    for (size_t i = 0; i < K; i++)
        for (int r = 0; r < R; r++)
            for (int j = 0; j < P; j++) {
                double y = cell[pick[i] * RP + (size_t)r * (size_t)P + (size_t)j];
                grand += y;
                col[r] += y;
            }
    grand /= (double)(K * RP);
    for (int r = 0; r < R; r++)
        col[r] /= (double)(K * (size_t)P);
    double ss_a = 0, ss_ab = 0, ss_e = 0;
    for (size_t i = 0; i < K; i++) {
        const double *c = cell + pick[i] * RP;
        double row = 0;
        for (size_t q = 0; q < RP; q++)
            row += c[q];
        row /= (double)RP;
        ss_a += (row - grand) * (row - grand);
        for (int r = 0; r < R; r++) {
            double m = 0;
            for (int j = 0; j < P; j++)
                m += c[r * P + j];
            m /= P;
            double e = m - row - col[r] + grand;
            ss_ab += e * e;
            for (int j = 0; j < P; j++)
                ss_e += (c[r * P + j] - m) * (c[r * P + j] - m);
        }
    }
    double ms_e = ss_e / ((double)(K * (size_t)R) * (P - 1));
    double ms_a = K > 1 ? (double)RP * ss_a / (double)(K - 1) : 0;
    *game_var = ms_e;
    *setup_var = (ms_a - ms_e) / (double)RP;
    *seat_var = 0;
    if (R > 1) {
        double ms_ab = K > 1 ? P * ss_ab / ((double)(K - 1) * (R - 1)) : 0;
        *seat_var = (ms_ab - ms_e) / P * (R - 1) / R;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int bias_reps_analyse(const bias_reps *in, int resamples, uint64_t seed, bias_components *c)
{
    memset(c, 0, sizeof *c);
    c->rotations = in->rotations;
    c->replicates = in->replicates;
    c->other = in->other;
    int R = in->rotations, P = in->replicates;
    size_t RP = (size_t)R * (size_t)P;
    if (!in->n || P < 2)
        return 0;
    bias_rep_game *g = malloc(in->n * sizeof *g);
    double *cell = malloc(in->n * sizeof *cell);
    size_t *pick = malloc((in->n / RP + 1) * sizeof *pick);
    double *boot = malloc(2 * (size_t)resamples * sizeof *boot);
    int rc = -1;
    if (!g || !cell || !pick || !boot)
        goto done;
    memcpy(g, in->games, in->n * sizeof *g);
    qsort(g, in->n, sizeof *g, by_cell);
    size_t K = 0;
    for (size_t i = 0; i + RP <= in->n;) {
        size_t q = 0; /* a complete setup: its R P games in (r, j) order, no duplicate */
        while (q < RP && g[i + q].setup == g[i].setup && g[i + q].rotation == (int)(q / (size_t)P) &&
               g[i + q].replicate == (int)(q % (size_t)P))
            q++;
        if (q == RP && (i + RP == in->n || g[i + RP].setup != g[i].setup)) {
            for (q = 0; q < RP; q++)
                cell[K * RP + q] = g[i + q].y;
            pick[K] = K;
            K++;
            i += RP;
        } else { /* incomplete: skip the setup */
            uint64_t s = g[i].setup;
            while (i < in->n && g[i].setup == s)
                i++;
        }
    }
    c->setups = K;
    if (K < 2) { /* one setup: no spread between setups to go on */
        c->setup_var_ci = c->seat_setup_var_ci = interval_none();
        rc = 0;
        goto done;
    }
    estimate(cell, pick, K, R, P, &c->game_var, &c->setup_var, &c->seat_setup_var);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int b = 0; b < resamples; b++) {
        double gv;
        for (size_t i = 0; i < K; i++)
            pick[i] = (size_t)xoshiro_below(&rng, K);
        estimate(cell, pick, K, R, P, &gv, &boot[b], &boot[resamples + b]);
    }
    qsort(boot, (size_t)resamples, sizeof *boot, cmp_double);
    qsort(boot + resamples, (size_t)resamples, sizeof *boot, cmp_double);
    int lo = (int)(0.025 * resamples), hi = (int)(0.975 * resamples) - 1;
    /* a bootstrap whose draws all agree has collapsed: no interval (bias_groups.c) */
    c->setup_var_ci = boot[lo] < boot[hi] ? (interval){ boot[lo], boot[hi] } : interval_none();
    c->seat_setup_var_ci = boot[resamples + lo] < boot[resamples + hi]
                               ? (interval){ boot[resamples + lo], boot[resamples + hi] } : interval_none();
    rc = 0;
done:
    free(g);
    free(cell);
    free(pick);
    free(boot);
    return rc;
}
