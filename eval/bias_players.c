/* bias_players.c — the first mover's edge with the players' strengths
 * (the model is in bias_players.h; docs/bias.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "logistic.h"
#include "bias_players.h"

#define ELO_PER_LOGIT (400.0 / 2.302585092994045684) /* 400 / ln 10 */
#define RIDGE 1e-6

/* The index of a player, added when new; -1 when the study is full. */
static int player_index(bias_players_data *d, const char *spec, uint64_t sig)
{
    for (int i = 0; i < d->n; i++)
        if (d->player[i].sig == sig && !strcmp(d->player[i].spec, spec))
            return i;
    if (d->n == BIAS_PLAYERS_MAX)
        return -1;
    bias_player *p = &d->player[d->n];
    snprintf(p->spec, sizeof p->spec, "%s", spec);
    p->sig = sig;
    return d->n++;
}

int bias_players_add(bias_players_data *d, int kind, int first_seat, const char *first, const char *second,
                     uint64_t sig, double first_share, uint64_t setup)
{
    int a = player_index(d, first, sig), b = a < 0 ? -1 : player_index(d, second, sig);
    if (a < 0 || b < 0 || kind < 0 || kind >= BIAS_PLAYERS_KINDS_MAX) {
        d->left_out++;
        return 0;
    }
    if (d->nrows == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 1024;
        bias_players_row *rows = realloc(d->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        d->rows = rows;
        d->cap = cap;
    }
    d->rows[d->nrows++] =
        (bias_players_row){ setup, first_share, (int16_t)kind, (int16_t)a, (int16_t)b, (int8_t)first_seat };
    return 0;
}

void bias_players_free(bias_players_data *d)
{
    free(d->rows);
    memset(d, 0, sizeof *d);
}

static int find(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* A before b as a component's reference: more games, then spec, then signature. */
static bool better_reference(const bias_players_strength *a, const bias_players_strength *b)
{
    if (a->games != b->games)
        return a->games > b->games;
    int c = strcmp(a->who.spec, b->who.spec);
    return c ? c < 0 : a->who.sig < b->who.sig;
}

/* Counts, the players who won or lost every game against the others (their
 * games against others then leave the fit, which may make another player's
 * record one-sided: repeated until none is new), the components and their
 * references.  used[i]: row i is in the fit. */
static void describe_players(const bias_players_data *d, bias_players_result *r, unsigned char *used)
{
    for (size_t i = 0; i < d->nrows; i++) {
        const bias_players_row *w = &d->rows[i];
        r->player[w->a].games++;
        if (w->a == w->b)
            continue;
        r->player[w->b].games++;
        r->player[w->a].against_others++;
        r->player[w->b].against_others++;
    }
    for (;;) {
        double met[BIAS_PLAYERS_MAX] = { 0 }, won[BIAS_PLAYERS_MAX] = { 0 }; /* over the rows still used */
        for (size_t i = 0; i < d->nrows; i++) {
            const bias_players_row *w = &d->rows[i];
            if (w->a == w->b || !used[i])
                continue;
            met[w->a]++, won[w->a] += w->y;
            met[w->b]++, won[w->b] += 1 - w->y;
        }
        bool changed = false;
        for (int p = 0; p < d->n; p++) {
            bias_players_strength *s = &r->player[p];
            if (s->unbounded || !met[p] || (won[p] > 0 && won[p] < met[p]))
                continue;
            s->unbounded = won[p] > 0 ? 1 : -1;
            changed = true;
        }
        if (!changed)
            break;
        for (size_t i = 0; i < d->nrows; i++) {
            const bias_players_row *w = &d->rows[i];
            if (w->a != w->b && (r->player[w->a].unbounded || r->player[w->b].unbounded))
                used[i] = 0;
        }
    }
    int parent[BIAS_PLAYERS_MAX];
    for (int p = 0; p < d->n; p++)
        parent[p] = p;
    for (size_t i = 0; i < d->nrows; i++)
        if (used[i] && d->rows[i].a != d->rows[i].b)
            parent[find(parent, d->rows[i].a)] = find(parent, d->rows[i].b);
    int ref[BIAS_PLAYERS_MAX]; /* by root: the component's reference */
    for (int p = 0; p < d->n; p++)
        ref[p] = -1;
    for (int p = 0; p < d->n; p++) {
        int root = find(parent, p);
        if (ref[root] < 0 || better_reference(&r->player[p], &r->player[ref[root]]))
            ref[root] = p;
    }
    int number[BIAS_PLAYERS_MAX]; /* components numbered in the order of their first player */
    for (int p = 0; p < d->n; p++)
        number[p] = -1;
    for (int p = 0; p < d->n; p++) {
        int root = find(parent, p);
        if (number[root] < 0)
            number[root] = r->components++;
        r->player[p].component = number[root];
        r->player[p].reference = ref[root] == p;
    }
}

/* Dense cluster ids of the used rows' setup keys (sorted keys, then ids in
 * that order).  Returns the array, or NULL when out of memory. */
typedef struct keyed {
    uint64_t key;
    size_t row;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->row > y->row) - (x->row < y->row);
}

static uint32_t *cluster_ids(const bias_players_data *d, const unsigned char *used, size_t n)
{
    keyed *k = malloc((n ? n : 1) * sizeof *k);
    uint32_t *id = malloc((n ? n : 1) * sizeof *id);
    if (!k || !id) {
        free(k);
        free(id);
        return NULL;
    }
    size_t m = 0;
    for (size_t i = 0; i < d->nrows; i++)
        if (used[i])
            k[m] = (keyed){ d->rows[i].setup, m }, m++;
    qsort(k, m, sizeof *k, cmp_keyed);
    uint32_t next = 0;
    for (size_t i = 0; i < m; i++) {
        if (i && k[i].key != k[i - 1].key)
            next++;
        id[k[i].row] = next;
    }
    free(k);
    return id;
}

static interval around(double x, double se, double scale)
{
    if (!isfinite(se))
        return interval_none();
    return (interval){ scale * (x - Z95 * se), scale * (x + Z95 * se) };
}

static double logistic(double x)
{
    return 1 / (1 + exp(-x));
}

/* The strengths' covariance in Elo^2 from the fit's (k columns): 0 for a
 * reference, NaN for a player not estimated or across components. */
static void strength_cov(const bias_players_data *d, const int *pcol, const double *cov, int k,
                         bias_players_result *r)
{
    for (int a = 0; a < d->n; a++)
        for (int b = 0; b < d->n; b++) {
            const bias_players_strength *p = &r->player[a], *q = &r->player[b];
            double v = NAN;
            if (p->component == q->component && !p->unbounded && !q->unbounded) {
                if (pcol[a] >= 0 && pcol[b] >= 0)
                    v = ELO_PER_LOGIT * ELO_PER_LOGIT * cov[pcol[a] * k + pcol[b]];
                else if ((pcol[a] >= 0 || p->reference) && (pcol[b] >= 0 || q->reference))
                    v = 0; /* a reference's strength is 0 by definition: no variance, no covariance */
            }
            r->cov[a * BIAS_PLAYERS_MAX + b] = v;
        }
}

double bias_players_span(const bias_players_result *r, int a, int b, double *se)
{
    *se = NAN;
    if (a < 0 || b < 0 || a >= r->nplayers || b >= r->nplayers)
        return NAN;
    double vaa = r->cov[a * BIAS_PLAYERS_MAX + a], vbb = r->cov[b * BIAS_PLAYERS_MAX + b];
    double vab = r->cov[a * BIAS_PLAYERS_MAX + b], diff = r->player[b].elo - r->player[a].elo;
    if (!isfinite(diff) || !isfinite(vaa + vbb + vab))
        return NAN;
    *se = sqrt(fmax(0, vaa + vbb - 2 * vab));
    return diff;
}

int bias_players_component_span(const bias_players_result *r, int c, int *lo, int *hi, double *span, double *se)
{
    *lo = *hi = -1;
    for (int i = 0; i < r->nplayers; i++) {
        const bias_players_strength *s = &r->player[i];
        if (s->component != c || !isfinite(s->elo) || s->unbounded)
            continue;
        if (*lo < 0 || s->elo < r->player[*lo].elo)
            *lo = i;
        if (*hi < 0 || s->elo > r->player[*hi].elo)
            *hi = i;
    }
    *span = *lo >= 0 && *hi != *lo ? bias_players_span(r, *lo, *hi, se) : NAN;
    return isfinite(*span);
}

/* The fit itself, over the used rows: columns are the kinds with games,
 * then the players that are not their component's reference and met
 * others.  -1 when out of memory. */
static int fit(const bias_players_data *d, int kinds, const unsigned char *used, bias_players_result *r)
{
    int kcol[BIAS_PLAYERS_KINDS_MAX], pcol[BIAS_PLAYERS_MAX], k = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->nrows; i++)
        if (used[i])
            n++, r->kind[d->rows[i].kind].games++;
    for (int j = 0; j < kinds; j++)
        kcol[j] = r->kind[j].games ? k++ : -1;
    for (int p = 0; p < d->n; p++) {
        const bias_players_strength *s = &r->player[p];
        pcol[p] = !s->reference && !s->unbounded && s->against_others ? k++ : -1;
    }
    r->games = n;
    if (!n || !k)
        return 0;
    double *x = calloc(n * (size_t)k, sizeof *x), *y = malloc(n * sizeof *y);
    uint32_t *cl = cluster_ids(d, used, n);
    if (!x || !y || !cl) {
        free(x), free(y), free(cl);
        return -1;
    }
    for (size_t i = 0, m = 0; i < d->nrows; i++) {
        const bias_players_row *w = &d->rows[i];
        if (!used[i])
            continue;
        double *row = x + m * (size_t)k;
        row[kcol[w->kind]] = 1;
        if (w->a != w->b) {
            if (pcol[w->a] >= 0)
                row[pcol[w->a]] += 1;
            if (pcol[w->b] >= 0)
                row[pcol[w->b]] -= 1;
        }
        y[m++] = w->y;
    }
    logit_data data = { .n = n, .k = (size_t)k, .x = x, .y = y, .cluster = cl };
    logit_opts o = { .scale = 1, .l2 = RIDGE };
    double beta[LOGIT_MAX_K] = { 0 }, robust[LOGIT_MAX_K];
    if (logit_fit(&data, &o, beta, NULL, r->err, sizeof r->err) == 0) {
        r->clusters = logit_se(&data, &o, beta, NULL, robust);
        double *cov = r->clusters < 0 ? NULL : malloc(sizeof *cov * (size_t)k * (size_t)k);
        if (!cov || logit_cov(&data, &o, beta, cov) < 0) {
            free(x), free(y), free(cl), free(cov);
            return -1;
        }
        strength_cov(d, pcol, cov, k, r);
        free(cov);
        r->fitted = true;
        for (int j = 0; j < kinds; j++) {
            bias_players_kind *q = &r->kind[j];
            if (kcol[j] < 0)
                continue;
            q->edge = beta[kcol[j]], q->se = robust[kcol[j]];
            q->ok = isfinite(q->se);
            q->score = logistic(q->edge);
            interval e = around(q->edge, q->se, 1);
            q->score_ci = q->ok ? (interval){ logistic(e.lo), logistic(e.hi) } : interval_none();
            q->elo = ELO_PER_LOGIT * q->edge;
            q->elo_ci = around(q->edge, q->se, ELO_PER_LOGIT);
        }
        for (int p = 0; p < d->n; p++) {
            bias_players_strength *s = &r->player[p];
            if (pcol[p] < 0) {
                s->elo = s->reference && !s->unbounded ? 0 : NAN, s->se = NAN, s->elo_ci = interval_none();
                continue;
            }
            s->elo = ELO_PER_LOGIT * beta[pcol[p]];
            s->se = ELO_PER_LOGIT * robust[pcol[p]];
            s->elo_ci = around(beta[pcol[p]], robust[pcol[p]], ELO_PER_LOGIT);
        }
    }
    free(x), free(y), free(cl);
    return 0;
}

/* Each kind's first mover's seat, the same in every game of the kind, or -1
 * where the games differ in it (or the kind has none). */
static void first_seats(const bias_players_data *d, bias_players_result *r)
{
    bool seen[BIAS_PLAYERS_KINDS_MAX] = { false };
    for (int k = 0; k < BIAS_PLAYERS_KINDS_MAX; k++)
        r->kind[k].first_seat = -1;
    for (size_t i = 0; i < d->nrows; i++) {
        const bias_players_row *w = &d->rows[i];
        bias_players_kind *q = &r->kind[w->kind];
        if (!seen[w->kind])
            q->first_seat = w->seat;
        else if (q->first_seat != w->seat)
            q->first_seat = -1;
        seen[w->kind] = true;
    }
}

int bias_players_analyse(const bias_players_data *d, int kinds, bias_players_result *r)
{
    memset(r, 0, sizeof *r);
    r->nplayers = d->n;
    r->left_out = d->left_out;
    r->kinds = kinds < BIAS_PLAYERS_KINDS_MAX ? kinds : BIAS_PLAYERS_KINDS_MAX;
    /* no estimate until the fit gives one (a reference's 0 is set there) */
    for (int p = 0; p < d->n; p++) {
        r->player[p].who = d->player[p];
        r->player[p].elo = r->player[p].se = NAN;
        r->player[p].elo_ci = interval_none();
    }
    for (int k = 0; k < BIAS_PLAYERS_KINDS_MAX; k++)
        r->kind[k].score_ci = r->kind[k].elo_ci = interval_none();
    first_seats(d, r);
    unsigned char *used = malloc(d->nrows ? d->nrows : 1);
    if (!used)
        return -1;
    memset(used, 1, d->nrows);
    describe_players(d, r, used);
    for (size_t i = 0; i < d->nrows; i++)
        if (!used[i])
            r->separated++;
    for (int i = 0; i < BIAS_PLAYERS_MAX * BIAS_PLAYERS_MAX; i++)
        r->cov[i] = NAN;
    int rc = fit(d, r->kinds, used, r);
    free(used);
    for (int k = 0; !rc && k < r->kinds; k++)
        rc = bias_players_heterogeneity(d, k, &r->het[k]);
    if (!rc && !r->fitted && !*r->err)
        snprintf(r->err, sizeof r->err, "%s",
                 !d->nrows ? "no games"
                 : r->separated ? "no game left to fit: every game between two players has one who won (or "
                                  "lost) every game against the others"
                                : "nothing to fit");
    return rc;
}
