/* bias_comp.c — points compensation by turn order (bias_comp.h; docs/bias.md,
 * "Points compensation"): the offsets that level the seats' expected shares
 * (a ratio estimator, clustered delta-method intervals) and the half-point
 * komi that levels their first places (a grid search, a bootstrap over
 * setups). */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "core/prng.h"
#include "bias_comp.h"
#include "interval_json.h"
#include "seat_stats.h"

void bias_comp_init(bias_comp_rows *r, int players)
{
    memset(r, 0, sizeof *r);
    r->players = players;
}

void bias_comp_free(bias_comp_rows *r)
{
    free(r->points);
    free(r->first);
    free(r->setup);
    bias_comp_init(r, r->players);
}

int bias_comp_add(bias_comp_rows *r, const double *points, const int *ranks, uint64_t setup)
{
    int n = r->players;
    if (r->rows == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 1024;
        double *p = realloc(r->points, cap * (size_t)n * sizeof *p);
        if (!p)
            return -1;
        r->points = p;
        double *f = realloc(r->first, cap * (size_t)n * sizeof *f);
        if (!f)
            return -1;
        r->first = f;
        uint64_t *s = realloc(r->setup, cap * sizeof *s);
        if (!s)
            return -1;
        r->setup = s;
        r->cap = cap;
    }
    int firsts = 0;
    for (int j = 0; j < n; j++)
        firsts += ranks[j] == 0;
    for (int j = 0; j < n; j++) {
        r->points[r->rows * (size_t)n + (size_t)j] = points[j];
        r->first[r->rows * (size_t)n + (size_t)j] = ranks[j] == 0 && firsts ? 1.0 / firsts : 0;
    }
    r->setup[r->rows++] = setup;
    return 0;
}

/* ---- the games by setup ---- */

typedef struct comp_clusters {
    size_t *order;  /* the games, a setup's together */
    size_t *start;  /* cluster c is order[start[c] .. start[c + 1]) */
    size_t n;
} comp_clusters;

typedef struct keyed {
    uint64_t key;
    size_t game;
} keyed;

static int by_setup(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key != y->key ? (x->key < y->key ? -1 : 1) : (x->game < y->game ? -1 : x->game > y->game);
}

static int clusters_make(const bias_comp_rows *r, comp_clusters *c)
{
    keyed *k = malloc((r->rows + 1) * sizeof *k);
    c->order = malloc((r->rows + 1) * sizeof *c->order);
    c->start = malloc((r->rows + 1) * sizeof *c->start);
    c->n = 0;
    if (!k || !c->order || !c->start) {
        free(k);
        return -1;
    }
    for (size_t i = 0; i < r->rows; i++)
        k[i] = (keyed){ r->setup[i], i };
    if (r->rows) /* qsort() takes no NULL, even for 0 elements */
        qsort(k, r->rows, sizeof *k, by_setup);
    for (size_t i = 0; i < r->rows; i++) {
        c->order[i] = k[i].game;
        if (i == 0 || k[i].key != k[i - 1].key)
            c->start[c->n++] = i;
    }
    c->start[c->n] = r->rows;
    free(k);
    return 0;
}

static void clusters_free(comp_clusters *c)
{
    free(c->order);
    free(c->start);
}

/* ---- shares level: ratios of two sums ---- */

/* R = sum u / sum v over the games with v > 0, and its 95% interval: the
 * delta method's cluster-robust variance C/(C-1) sum_c (U_c - R V_c)^2 / V^2
 * (U_c, V_c a setup's sums), t with C - 1 degrees of freedom; over games
 * when that variance is 0 while the games differ (as seat_stats.c does). */
static double ratio(const double *u, const double *v, const comp_clusters *c, interval *ci)
{
    double su = 0, sv = 0;
    size_t games = 0, used = 0;
    for (size_t i = 0; i < c->start[c->n]; i++)
        if (v[c->order[i]] > 0)
            su += u[c->order[i]], sv += v[c->order[i]], games++;
    double r = sv > 0 ? su / sv : NAN, ssc = 0, ssg = 0;
    for (size_t k = 0; k < c->n; k++) {
        double uc = 0, vc = 0;
        for (size_t i = c->start[k]; i < c->start[k + 1]; i++) {
            size_t g = c->order[i];
            if (v[g] <= 0)
                continue;
            uc += u[g], vc += v[g];
            ssg += (u[g] - r * v[g]) * (u[g] - r * v[g]);
        }
        ssc += (uc - r * vc) * (uc - r * vc);
        used += vc > 0;
    }
    *ci = interval_none();
    if (!(sv > 0) || games < 2 || used < 2)
        return r;
    double df = (double)used - 1, var = (double)used / (double)(used - 1) * ssc / (sv * sv);
    if (!(var > 1e-15 * (1 + r * r)) && ssg > 0)
        df = (double)games - 1, var = (double)games / (double)(games - 1) * ssg / (sv * sv);
    double half = gsl_cdf_tdist_Pinv(0.975, df) * sqrt(var);
    *ci = (interval){ r - half, r + half };
    return r;
}

/* The offsets summing to 0 (u = 1/n - share_j) and the komi (u = share_0 -
 * share_j), each over v = 1/T. */
static int shares_level(const bias_comp_rows *r, const comp_clusters *c, bias_comp_result *out)
{
    int n = r->players;
    double *u = malloc(2 * r->rows * sizeof *u), *v = u ? u + r->rows : NULL;
    if (!u)
        return -1;
    for (size_t g = 0; g < r->rows; g++) {
        double t = 0;
        for (int j = 0; j < n; j++)
            t += r->points[g * (size_t)n + (size_t)j];
        v[g] = t > 0 ? 1 / t : 0;
        out->no_points += !(t > 0);
        out->inv_total += v[g];
    }
    out->inv_total /= (double)(r->rows - out->no_points ? r->rows - out->no_points : 1);
    for (int j = 0; j < n; j++) {
        for (size_t g = 0; g < r->rows; g++)
            u[g] = (1.0 / n - r->points[g * (size_t)n + (size_t)j] * v[g]);
        out->offset[j] = ratio(u, v, c, &out->offset_ci[j]);
        for (size_t g = 0; g < r->rows; g++)
            u[g] = (r->points[g * (size_t)n] - r->points[g * (size_t)n + (size_t)j]) * v[g];
        out->komi[j] = j ? ratio(u, v, c, &out->komi_ci[j]) : 0;
        if (!j)
            out->komi_ci[j] = interval_none();
        /* the nearest half point, x.5 (two totals then never tie with the
         * first mover's); a whole komi, halfway, goes up, whatever the
         * rounding of its last bit */
        out->komi_half[j] = !j ? 0 : isfinite(out->komi[j]) ? floor(out->komi[j] + 1e-9) + 0.5 : 0.5;
    }
    free(u);
    return 0;
}

/* ---- first places level: a half-point komi on a grid ---- */

/* The games' margins of the first mover over each later one, P_0 - P_j
 * (j = 1 .. dims), as distinct vectors: the search and every bootstrap
 * draw weigh vectors, not games. */
typedef struct comp_diffs {
    int dims;
    double *d;        /* n vectors of dims */
    size_t n;
    size_t *of_game;  /* each game's vector */
} comp_diffs;

typedef struct diff_row {
    double d[BIAS_COMP_FIRSTS_MAX - 1];
    size_t game;
} diff_row;

static int by_diff(const void *a, const void *b)
{
    const diff_row *x = a, *y = b;
    for (int j = 0; j < BIAS_COMP_FIRSTS_MAX - 1; j++)
        if (x->d[j] != y->d[j])
            return x->d[j] < y->d[j] ? -1 : 1;
    return x->game < y->game ? -1 : x->game > y->game;
}

static int diffs_make(const bias_comp_rows *r, comp_diffs *D)
{
    int n = r->players;
    diff_row *row = calloc(r->rows + 1, sizeof *row);
    D->dims = n - 1;
    D->n = 0;
    D->d = malloc((r->rows + 1) * (size_t)D->dims * sizeof *D->d);
    D->of_game = malloc((r->rows + 1) * sizeof *D->of_game);
    if (!row || !D->d || !D->of_game) {
        free(row);
        return -1;
    }
    for (size_t g = 0; g < r->rows; g++) {
        for (int j = 1; j < n; j++)
            row[g].d[j - 1] = r->points[g * (size_t)n] - r->points[g * (size_t)n + (size_t)j];
        row[g].game = g;
    }
    if (r->rows)
        qsort(row, r->rows, sizeof *row, by_diff);
    for (size_t i = 0; i < r->rows; i++) {
        if (i == 0 || memcmp(row[i].d, row[i - 1].d, sizeof row[i].d)) {
            memcpy(D->d + D->n * (size_t)D->dims, row[i].d, (size_t)D->dims * sizeof *D->d);
            D->n++;
        }
        D->of_game[row[i].game] = D->n - 1;
    }
    free(row);
    return 0;
}

/* Every position's rate of first places under komi K (K[0] = 0), the
 * vectors weighed by w (total: their sum), a tie on the adjusted points
 * shared; the sum of squared distances from 1/n, and the weight tied. */
static double rates_at(const comp_diffs *D, const double *w, double total, const double *K, double *rates,
                       double *tied)
{
    int n = D->dims + 1;
    double a[BIAS_COMP_FIRSTS_MAX];
    for (int j = 0; j < n; j++)
        rates[j] = 0;
    *tied = 0;
    for (size_t v = 0; v < D->n; v++) {
        if (!(w[v] > 0))
            continue;
        double top = a[0] = 0; /* the adjusted points less the first mover's */
        for (int j = 1; j < n; j++)
            top = fmax(top, a[j] = K[j] - D->d[v * (size_t)D->dims + (size_t)(j - 1)]);
        int t = 0;
        for (int j = 0; j < n; j++)
            t += a[j] == top;
        for (int j = 0; j < n; j++)
            rates[j] += a[j] == top ? w[v] / t : 0;
        *tied += t > 1 ? w[v] : 0;
    }
    double ss = 0;
    for (int j = 0; j < n; j++) {
        rates[j] /= total;
        ss += (rates[j] - 1.0 / n) * (rates[j] - 1.0 / n);
    }
    return ss;
}

/* The best komi within width points of centre (each later mover's, the
 * first mover's 0) into best: least squares, then the nearest the centre,
 * then the first in the scan.  Whether it lay on the window's edge. */
static bool search(const comp_diffs *D, const double *w, double total, const double *centre, int width,
                   double *best)
{
    double K[BIAS_COMP_FIRSTS_MAX] = { 0 }, rates[BIAS_COMP_FIRSTS_MAX], tied, top = INFINITY;
    int span = 2 * width + 1, cells = D->dims == 1 ? span : span * span, top_dist = 0;
    bool edge = false;
    for (int c = 0; c < cells; c++) {
        int m[2] = { c % span - width, D->dims == 1 ? 0 : c / span - width }, dist = abs(m[0]) + abs(m[1]);
        for (int j = 1; j <= D->dims; j++)
            K[j] = centre[j] + m[j - 1];
        double ss = rates_at(D, w, total, K, rates, &tied);
        if (ss < top - 1e-12 || (ss <= top + 1e-12 && dist < top_dist)) {
            top = ss, top_dist = dist;
            memcpy(best, K, sizeof K);
            edge = abs(m[0]) == width || (D->dims > 1 && abs(m[1]) == width);
        }
    }
    return edge;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The percentile intervals of the komi: each draw takes as many setups as
 * there are, with replacement, and searches near the full sample's best
 * (moving the window while its best lies on the edge). */
static int bootstrap(const comp_diffs *D, const comp_clusters *c, int resamples, uint64_t seed,
                     bias_comp_result *out)
{
    double *w = calloc(D->n + 1, sizeof *w), *draws = malloc(((size_t)resamples * (size_t)D->dims + 1) * sizeof *draws);
    if (!w || !draws) {
        free(w);
        free(draws);
        return -1;
    }
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int b = 0; b < resamples; b++) {
        memset(w, 0, D->n * sizeof *w);
        double drawn = 0; /* setups differ in size: the draw's games */
        for (size_t k = 0; k < c->n; k++) {
            size_t pick = (size_t)xoshiro_below(&rng, c->n);
            for (size_t i = c->start[pick]; i < c->start[pick + 1]; i++)
                w[D->of_game[c->order[i]]] += 1, drawn++;
        }
        double centre[BIAS_COMP_FIRSTS_MAX], best[BIAS_COMP_FIRSTS_MAX];
        memcpy(centre, out->first_komi, sizeof centre);
        for (int tries = 0; tries < 8 && search(D, w, drawn, centre, 3, best); tries++)
            memcpy(centre, best, sizeof centre);
        for (int j = 1; j <= D->dims; j++)
            draws[(size_t)(j - 1) * (size_t)resamples + (size_t)b] = best[j];
    }
    for (int j = 1; j <= D->dims; j++) {
        double *x = draws + (size_t)(j - 1) * (size_t)resamples;
        qsort(x, (size_t)resamples, sizeof *x, cmp_double);
        int lo = (int)(0.025 * resamples), hi = (int)(0.975 * resamples);
        out->first_komi_ci[j] = (interval){ x[lo], x[hi < resamples ? hi : resamples - 1] };
    }
    out->first_komi_ci[0] = interval_none();
    free(w);
    free(draws);
    return 0;
}

/* Every position's rate of first places under komi K, game by game (any
 * number of seats), a tie on the adjusted points shared. */
static void firsts_at(const bias_comp_rows *r, const double *K, double *rates)
{
    int n = r->players;
    for (int j = 0; j < n; j++)
        rates[j] = 0;
    for (size_t g = 0; g < r->rows; g++) {
        const double *p = r->points + g * (size_t)n;
        double top = -INFINITY;
        int t = 0;
        for (int j = 0; j < n; j++)
            top = fmax(top, p[j] + K[j]);
        for (int j = 0; j < n; j++)
            t += p[j] + K[j] == top;
        for (int j = 0; j < n; j++)
            rates[j] += p[j] + K[j] == top ? 1.0 / t / (double)r->rows : 0;
    }
}

static int firsts_level(const bias_comp_rows *r, const comp_clusters *c, int resamples, uint64_t seed,
                        bias_comp_result *out)
{
    comp_diffs D = { 0 };
    int rc = diffs_make(r, &D);
    double *w = rc ? NULL : calloc(D.n + 1, sizeof *w), tied;
    if (!w) {
        free(D.d);
        free(D.of_game);
        return -1;
    }
    for (size_t g = 0; g < r->rows; g++)
        w[D.of_game[g]] += 1;
    double total = (double)r->rows, rates[BIAS_COMP_FIRSTS_MAX];
    out->at_edge = search(&D, w, total, out->komi_half, BIAS_COMP_WINDOW, out->first_komi);
    rates_at(&D, w, total, out->first_komi, rates, &tied);
    memcpy(out->firsts_at_first_komi, rates, (size_t)r->players * sizeof *rates);
    out->tied_at_first_komi = (uint64_t)tied;
    out->fitted = true;
    rc = resamples > 0 && c->n > 1 ? bootstrap(&D, c, resamples, seed, out) : 0;
    if (resamples <= 0 || c->n <= 1)
        for (int j = 0; j < r->players; j++)
            out->first_komi_ci[j] = interval_none();
    free(w);
    free(D.d);
    free(D.of_game);
    return rc;
}

int bias_comp_analyse(const bias_comp_rows *r, int resamples, uint64_t seed, bias_comp_result *out)
{
    int n = r->players;
    memset(out, 0, sizeof *out);
    out->players = n;
    out->games = r->rows;
    out->resamples = resamples;
    if (!r->rows)
        return 0;
    comp_clusters c;
    seat_stats pts, shares;
    seat_stats_init(&pts, n);
    seat_stats_init(&shares, n);
    int rc = clusters_make(r, &c);
    for (size_t g = 0; !rc && g < r->rows; g++) {
        const double *p = r->points + g * (size_t)n;
        double t = 0, s[GAME_MAX_PLAYERS] = { 0 };
        for (int j = 0; j < n; j++)
            t += p[j], out->firsts[j] += r->first[g * (size_t)n + (size_t)j] / (double)r->rows;
        for (int j = 0; j < n; j++)
            s[j] = t > 0 ? p[j] / t : 1.0 / n;
        rc = seat_stats_add_game(&pts, p, NULL, r->setup[g]) | seat_stats_add_game(&shares, s, NULL, r->setup[g]);
    }
    out->clusters = c.n;
    for (int j = 0; !rc && j < n; j++) {
        out->points[j] = seat_stats_mean(&pts, j), out->points_ci[j] = seat_stats_ci95(&pts, j);
        out->share[j] = seat_stats_mean(&shares, j), out->share_ci[j] = seat_stats_ci95(&shares, j);
    }
    rc = rc || shares_level(r, &c, out);
    if (!rc)
        firsts_at(r, out->komi_half, out->firsts_at_komi_half);
    if (!rc && n <= BIAS_COMP_FIRSTS_MAX && n >= 2)
        rc = firsts_level(r, &c, resamples, seed, out);
    seat_stats_free(&pts);
    seat_stats_free(&shares);
    clusters_free(&c);
    return rc ? -1 : 0;
}

/* ---- output ---- */

/* "x [lo, hi]" (or "x [n/a]") in fmt, each figure times scale, into out. */
static const char *text_ci(char *out, size_t n, double x, interval ci, const char *fmt, double scale)
{
    char a[32], b[32], c[32];
    snprintf(a, sizeof a, fmt, scale * x);
    if (!interval_ok(ci)) {
        snprintf(out, n, "%s [n/a]", a);
        return out;
    }
    snprintf(b, sizeof b, fmt, scale * ci.lo);
    snprintf(c, sizeof c, fmt, scale * ci.hi);
    snprintf(out, n, "%s [%s, %s]", a, b, c);
    return out;
}

static void text_row(FILE *f, const char *what, const double *x, const interval *ci, int n, const char *fmt)
{
    char cell[128];
    fprintf(f, "  %s:", what);
    for (int j = 0; j < n; j++)
        fprintf(f, "%s %s", j ? ";" : "", text_ci(cell, sizeof cell, x[j], ci[j], fmt, 1));
    fputc('\n', f);
}

/* "a / b / c" of n figures times scale in fmt. */
static void text_list(FILE *f, const double *x, int n, const char *fmt, double scale)
{
    for (int j = 0; j < n; j++) {
        fputs(j ? " / " : "", f);
        fprintf(f, fmt, scale * x[j]);
    }
}

static void text_kind(FILE *f, const char *kind, const bias_comp_result *r)
{
    int n = r->players;
    char a[128], b[128];
    fprintf(f, "\n%s setups: %llu games in %llu setups (intervals clustered by setup)", kind,
            (unsigned long long)r->games, (unsigned long long)r->clusters);
    if (r->no_points)
        fprintf(f, "; %llu games nobody scored in have no shares", (unsigned long long)r->no_points);
    fprintf(f, "\n  %-20s %-26s %-28s %s\n", "turn position", "points (95%)", "share (95%)", "first places");
    for (int j = 0; j < n; j++)
        fprintf(f, "  %d%-19s %-26s %-28s %.2f%%\n", j + 1, j == 0 ? " (first to act)" : "",
                text_ci(a, sizeof a, r->points[j], r->points_ci[j], "%.2f", 1),
                text_ci(b, sizeof b, r->share[j], r->share_ci[j], "%.2f%%", 100), 100 * r->firsts[j]);
    text_row(f, "shares level, offsets summing to 0 (points)", r->offset, r->offset_ci, n, "%+.2f");
    text_row(f, "shares level, as komi (points each later mover gets)", r->komi, r->komi_ci, n, "%+.2f");
    fprintf(f, "  that komi to the half point (");
    text_list(f, r->komi_half, n, "%+.1f", 1);
    fprintf(f, "): first places ");
    text_list(f, r->firsts_at_komi_half, n, "%.2f%%", 100);
    fputc('\n', f);
    if (!r->fitted) {
        fprintf(f, "  first places level: not fitted (%d seats; 2 or 3 only)\n", n);
        return;
    }
    fprintf(f, "  first places level, half-point komi (a bootstrap over setups, %d draws):", r->resamples);
    for (int j = 0; j < n; j++)
        fprintf(f, "%s %s", j ? ";" : "", text_ci(a, sizeof a, r->first_komi[j], r->first_komi_ci[j], "%+.1f", 1));
    fprintf(f, "\n    first places then ");
    text_list(f, r->firsts_at_first_komi, n, "%.2f%%", 100);
    fprintf(f, " (%llu games with a first place tied on the adjusted points, shared)%s\n",
            (unsigned long long)r->tied_at_first_komi,
            r->at_edge ? "; the best lay on the search window's edge: a komi further out may do better" : "");
}

void bias_comp_print_text(const game_def *g, int players, const char *const *kinds, const bias_comp_result *res,
                          int nkinds, FILE *f)
{
    fprintf(f, "%s, %d players: points compensation by turn order (the seat to act at the start is 1; "
            "docs/bias.md, \"Points compensation\")\n", g->name, players);
    for (int k = 0; k < nkinds; k++)
        if (res[k].games)
            text_kind(f, kinds[k], &res[k]);
}

static void json_nums(FILE *f, const char *key, const double *x, int n)
{
    jsonw_fkey(f, key, 0);
    fputc('[', f);
    for (int j = 0; j < n; j++)
        jsonw_fkv_num(f, NULL, "%.6g", x[j], j == 0);
    fputc(']', f);
}

static void json_kind(FILE *f, const char *kind, const bias_comp_result *r, int first)
{
    int n = r->players;
    jsonw_fkey(f, kind, first);
    fputc('{', f);
    jsonw_fkv_uint(f, "games", r->games, 1);
    jsonw_fkv_uint(f, "setups", r->clusters, 0);
    jsonw_fkv_uint(f, "no_points", r->no_points, 0);
    json_nums(f, "points", r->points, n);
    interval_json_array(f, "points_ci95", r->points_ci, n);
    json_nums(f, "share", r->share, n);
    interval_json_array(f, "share_ci95", r->share_ci, n);
    json_nums(f, "first_places", r->firsts, n);
    jsonw_fkv_num(f, "mean_inverse_total", "%.6g", r->inv_total, 0);
    json_nums(f, "share_offsets", r->offset, n);
    interval_json_array(f, "share_offsets_ci95", r->offset_ci, n);
    json_nums(f, "share_komi", r->komi, n);
    interval_json_array(f, "share_komi_ci95", r->komi_ci, n);
    json_nums(f, "share_komi_half", r->komi_half, n);
    json_nums(f, "first_places_at_share_komi_half", r->firsts_at_komi_half, n);
    jsonw_fkv_bool(f, "first_komi_fitted", r->fitted, 0);
    if (r->fitted) {
        json_nums(f, "first_komi", r->first_komi, n);
        interval_json_array(f, "first_komi_ci95", r->first_komi_ci, n);
        json_nums(f, "first_places_at_first_komi", r->firsts_at_first_komi, n);
        jsonw_fkv_uint(f, "tied_at_first_komi", r->tied_at_first_komi, 0);
        jsonw_fkv_bool(f, "first_komi_at_window_edge", r->at_edge, 0);
        jsonw_fkv_int(f, "resamples", r->resamples, 0);
    }
    fputc('}', f);
}

void bias_comp_print_json(const game_def *g, int players, const char *const *kinds, const bias_comp_result *res,
                          int nkinds, FILE *f)
{
    fputc('{', f);
    jsonw_fkv_str(f, "game", g->name, 1);
    jsonw_fkv_int(f, "players", players, 0);
    jsonw_fkv_str(f, "by", "turn_order", 0);
    jsonw_fkey(f, "compensation", 0);
    fputc('{', f);
    for (int k = 0, first = 1; k < nkinds; k++)
        if (res[k].games) {
            json_kind(f, kinds[k], &res[k], first);
            first = 0;
        }
    fputs("}}\n", f);
}
