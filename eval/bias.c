/* bias.c — reading records into the bias study and analysing them (see
 * bias.h; the models are in docs/bias.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/prng.h"
#include "selfplay/record.h"
#include "core/msg.h"
#include "games/tzaar/game_tzaar.h"
#include "bias.h"
#include "logistic.h"

const int bias_diff_kinds[3][2] = {
    { SETUP_RANDOM, SETUP_FIXED }, { SETUP_RANDOM, SETUP_TOURNAMENT }, { SETUP_FIXED, SETUP_TOURNAMENT },
};

/* Grows *p (of *cap elements of size sz) to hold need elements. */
static int grow(void *p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap * 2 : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(*(void **)p, n * sz);
    if (!q)
        return -1;
    *(void **)p = q;
    *cap = n;
    return 0;
}

void bias_init(bias_data *d)
{
    memset(d, 0, sizeof *d);
}

void bias_free(bias_data *d)
{
    for (int k = 0; k < SETUP_KINDS; k++) {
        free(d->kind[k].pending);
        free(d->kind[k].pairs);
    }
    free(d->x);
    free(d->y);
    rec_dedup_free(&d->seen);
    memset(d, 0, sizeof *d);
}

static int cmp_pair_game(const void *a, const void *b)
{
    uint64_t x = ((const bias_pair_game *)a)->id, y = ((const bias_pair_game *)b)->id;
    return (x > y) - (x < y);
}

/* Pairs up ids 2k and 2k+1 of the file just read; lone games stay out of the
 * paired analysis. */
static int close_pairs(bias_kind_data *k)
{
    if (!k->npending)
        return 0;
    qsort(k->pending, k->npending, sizeof *k->pending, cmp_pair_game);
    for (size_t i = 0; i + 1 < k->npending; i++) {
        bias_pair_game *a = &k->pending[i], *b = &k->pending[i + 1];
        if ((a->id & 1) || b->id != a->id + 1 || a->swapped || !b->swapped)
            continue;
        if (grow(&k->pairs, &k->cap_pairs, k->npairs + 1, 2))
            return -1;
        k->pairs[2 * k->npairs] = (uint8_t)a->white_won;
        k->pairs[2 * k->npairs + 1] = (uint8_t)b->white_won;
        k->npairs++;
        i++;
    }
    k->npending = 0;
    return 0;
}

int bias_add_game(bias_data *d, const rec_game *g, bool paired)
{
    bias_kind_data *k = &d->kind[g->setup];
    int white_won = rec_game_winner(g) == WHITE;
    k->games++;
    k->white_wins += (uint64_t)white_won;
    k->endings[g->ending]++;
    k->turns_sum += g->turns;
    k->turns_sq += (double)g->turns * g->turns;
    k->turns_hist[g->turns < BIAS_TURNS_MAX ? g->turns : BIAS_TURNS_MAX - 1]++;
    if (paired) {
        if (grow(&k->pending, &k->cap_pending, k->npending + 1, sizeof *k->pending))
            return -1;
        k->pending[k->npending++] = (bias_pair_game){ g->id, (int8_t)white_won, g->rotation != 0 };
    }
    if (g->setup == SETUP_RANDOM) {
        if (d->rows == d->cap_rows) {
            size_t cap = d->cap_rows ? 2 * d->cap_rows : 1024;
            double *x = realloc(d->x, cap * (START_FEATURES + 1) * sizeof(double));
            if (!x)
                return -1;
            d->x = x;
            double *y = realloc(d->y, cap * sizeof(double));
            if (!y)
                return -1;
            d->y = y;
            d->cap_rows = cap;
        }
        double *row = d->x + d->rows * (START_FEATURES + 1);
        row[0] = 1;
        start_features(rec_tz_start(g), row + 1);
        d->y[d->rows++] = white_won;
    }
    return 0;
}

int bias_add_file(bias_data *d, const char *path, void (*warn)(const char *msg), char *err, size_t n)
{
    rec_reader *r = rec_reader_open(path, err, n);
    if (!r)
        return -1;
    rec_game g;
    int rc, runs = 1;
    while ((rc = rec_reader_next(r, &g)) != REC_END) {
        if (rc == REC_BAD) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s: %s (skipped)", MSG_PATH(path), rec_reader_error(r));
            if (warn)
                warn(msg);
            continue;
        }
        if (rec_reader_run(r)->game != &game_tzaar) {
            snprintf(err, n, "only tzaar runs are analysed yet (%s holds a %s run)", MSG_PATH(path),
                     rec_reader_run(r)->game->name);
            rec_reader_close(r);
            return -1;
        }
        if (rec_game_winner(&g) < 0 || g.setup < 0 || g.setup >= SETUP_KINDS) {
            d->skipped++; /* an unfinished import */
            continue;
        }
        int added = rec_dedup_add(&d->seen, rec_reader_run(r), &g);
        if (added == 0)
            continue;
        if (rec_reader_runs(r) != runs) { /* a concatenated file's next run: its ids start again */
            runs = rec_reader_runs(r);
            for (int k = 0; k < SETUP_KINDS && added > 0; k++)
                if (close_pairs(&d->kind[k]))
                    added = -1;
        }
        if (added < 0 || bias_add_game(d, &g, rec_reader_run(r)->rotations == 2)) {
            rec_reader_close(r);
            snprintf(err, n, "out of memory reading %s", MSG_PATH(path));
            return -1;
        }
    }
    rec_reader_close(r);
    if (bias_end_file(d)) {
        snprintf(err, n, "out of memory reading %s", MSG_PATH(path));
        return -1;
    }
    return 0;
}

int bias_end_file(bias_data *d)
{
    for (int k = 0; k < SETUP_KINDS; k++)
        if (close_pairs(&d->kind[k]))
            return -1;
    d->files++;
    return 0;
}

/* The paired-game estimates from pair results w1, w2 (White's wins in game 1
 * and game 2 of each pair), for the pairs listed in idx (a bootstrap draw) or
 * all pairs when idx is NULL. */
typedef struct pair_estimate {
    double white, setup_var, one_sided, observed, expected; /* white: White's score p */
} pair_estimate;

static pair_estimate estimate_pairs(const uint8_t *pairs, size_t npairs, const size_t *idx)
{
    double white = 0, sum_a = 0, sum_a2 = 0, one_sided = 0;
    for (size_t i = 0; i < npairs; i++) {
        size_t j = idx ? idx[i] : i;
        int w1 = pairs[2 * j], w2 = pairs[2 * j + 1];
        double a = (w1 + 1 - w2) / 2.0; /* score of game 1's White arrangement */
        white += w1 + w2;
        sum_a += a;
        sum_a2 += a * a;
        one_sided += a == 0 || a == 1;
    }
    double n = (double)npairs, p = white / (2 * n);
    double var_a = n > 1 ? (sum_a2 - sum_a * sum_a / n) / (n - 1) : 0;
    pair_estimate e;
    e.white = p;
    e.setup_var = 2 * var_a - p * (1 - p);
    e.observed = one_sided / n;
    e.expected = 2 * p * (1 - p);
    e.one_sided = e.expected < 1 ? (e.observed - e.expected) / (1 - e.expected) : 0;
    return e;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int analyse_pairs(const bias_kind_data *k, bias_kind_result *r, int resamples, uint64_t seed)
{
    r->pairs = k->npairs;
    for (size_t i = 0; i < k->npairs; i++) {
        int w1 = k->pairs[2 * i], w2 = k->pairs[2 * i + 1];
        r->white_penta[2 * (w1 + w2)]++;
        r->holder_penta[2 * (w1 + 1 - w2)]++;
    }
    if (k->npairs < 2)
        return 0;
    pair_estimate e = estimate_pairs(k->pairs, k->npairs, NULL);
    r->setup_var = e.setup_var;
    r->setup_share = e.white > 0 && e.white < 1 ? e.setup_var / (e.white * (1 - e.white)) : 0;
    r->one_sided = e.one_sided;
    r->one_sided_observed = e.observed;
    r->one_sided_expected = e.expected;

    /* Percentile bootstrap over pairs. */
    size_t *idx = malloc(sizeof *idx * k->npairs);
    double *var = malloc(sizeof *var * (size_t)resamples), *os = malloc(sizeof *os * (size_t)resamples);
    if (!idx || !var || !os) {
        free(idx), free(var), free(os);
        return -1;
    }
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int b = 0; b < resamples; b++) {
        for (size_t i = 0; i < k->npairs; i++)
            idx[i] = (size_t)xoshiro_below(&rng, k->npairs);
        pair_estimate eb = estimate_pairs(k->pairs, k->npairs, idx);
        var[b] = eb.setup_var;
        os[b] = eb.one_sided;
    }
    qsort(var, (size_t)resamples, sizeof *var, cmp_double);
    qsort(os, (size_t)resamples, sizeof *os, cmp_double);
    int lo = (int)(0.025 * resamples), hi = (int)(0.975 * resamples);
    if (hi >= resamples)
        hi = resamples - 1;
    r->setup_var_ci = (interval){ var[lo], var[hi] };
    r->one_sided_ci = (interval){ os[lo], os[hi] };
    free(idx), free(var), free(os);
    return 0;
}

static void analyse_kind(const bias_kind_data *k, bias_kind_result *r)
{
    r->games = k->games;
    if (!k->games)
        return;
    double n = (double)k->games;
    r->white_score = (double)k->white_wins / n;
    r->ci = wilson((double)k->white_wins, n, Z95);
    r->mean_turns = k->turns_sum / n;
    r->sd_turns = n > 1 ? sqrt(fmax(0, (k->turns_sq - k->turns_sum * k->turns_sum / n) / (n - 1))) : 0;
    memcpy(r->endings, k->endings, sizeof r->endings);
    memcpy(r->turns_hist, k->turns_hist, sizeof r->turns_hist);
}

static void regress(const bias_data *d, bias_result *r)
{
    size_t k = START_FEATURES + 1;
    r->reg_rows = d->rows;
    double wins = 0;
    for (size_t i = 0; i < d->rows; i++)
        wins += d->y[i];
    if (d->rows < 10 * k || wins == 0 || wins == (double)d->rows)
        return; /* too little data, or one outcome only: no finite fit */
    logit_data data = { d->rows, k, d->x, d->y };
    logit_opts o = { .scale = 1 };
    char err[128];
    memset(r->beta, 0, sizeof r->beta);
    r->reg_ok = logit_fit(&data, &o, r->beta, r->se, err, sizeof err) == 0;
}

int bias_analyse(const bias_data *d, int resamples, uint64_t seed, bias_result *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->duplicates = d->seen.dropped;
    uint64_t total = 0;
    for (int k = 0; k < SETUP_KINDS; k++) {
        analyse_kind(&d->kind[k], &r->kind[k]);
        if (analyse_pairs(&d->kind[k], &r->kind[k], resamples, seed_mix(seed, (uint64_t)k))) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        total += d->kind[k].games;
    }
    if (!total) {
        snprintf(err, n, "no finished games in the records");
        return -1;
    }
    for (int i = 0; i < 3; i++) {
        const bias_kind_data *a = &d->kind[bias_diff_kinds[i][0]], *b = &d->kind[bias_diff_kinds[i][1]];
        r->has_diff[i] = a->games && b->games;
        if (r->has_diff[i])
            r->diff[i] = proportion_difference((double)a->white_wins, (double)a->games, (double)b->white_wins,
                                               (double)b->games, Z95);
    }
    regress(d, r);
    return 0;
}

