/* oracle_summary.c — see oracle_summary.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "oracle_summary.h"

#define SPREAD_FIELDS 4

void oracle_summary_init(oracle_summary *s)
{
    memset(s, 0, sizeof *s);
    seat_stats_init(&s->held[0], 1);
    seat_stats_init(&s->held[1], 1);
}

void oracle_summary_free(oracle_summary *s)
{
    seat_stats_free(&s->held[0]);
    seat_stats_free(&s->held[1]);
    free(s->spread);
    oracle_summary_init(s);
}

static int keep_spread(oracle_summary *s, const oracle_game *og)
{
    if (s->nspread == s->capspread) {
        size_t cap = s->capspread ? 2 * s->capspread : 1024;
        int *more = realloc(s->spread, cap * SPREAD_FIELDS * sizeof *more);
        if (!more) {
            s->oom = true;
            return -1;
        }
        s->spread = more;
        s->capspread = cap;
    }
    int *row = s->spread + s->nspread++ * SPREAD_FIELDS;
    row[0] = og->plies - og->first_ply;
    row[1] = og->first_ply;
    row[2] = og->plies;
    row[3] = og->first_distance;
    return 0;
}

int oracle_summary_add(oracle_summary *s, const oracle_game *og, uint64_t cluster)
{
    s->games++;
    s->nodes += og->nodes;
    if (og->cls == ORACLE_UNFINISHED || og->loser < 0 || og->loser > 1) {
        s->unfinished++;
        return 0;
    }
    s->by_loser[og->loser][og->cls]++;
    if (og->cls == ORACLE_UNSOLVED || og->first_winner < 0 || og->first_winner > 1)
        return 0;
    if (og->first_to_act == og->loser)
        s->loser_first[og->cls]++;
    else if (og->first_to_act == og->winner)
        s->winner_first[og->cls]++;
    double lost[GAME_MAX_PLAYERS] = { og->loser == og->first_winner };
    int rc = seat_stats_add_game(&s->held[og->first_winner], lost, NULL, cluster);
    return s->oom ? rc : keep_spread(s, og) | rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The spread of v[0..n-1] (sorted in place); the median of an even count
 * the mean of the middle two. */
static oracle_spread spread_of(double *v, size_t n)
{
    oracle_spread r = { n, NAN, NAN, NAN };
    if (!n)
        return r;
    qsort(v, n, sizeof *v, cmp_double);
    r.min = v[0], r.max = v[n - 1];
    r.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return r;
}

static oracle_held held_of(const seat_stats *st)
{
    oracle_held h = { st->games, (uint64_t)llround(st->sum[0]), seat_stats_mean(st, 0), seat_stats_ci95(st, 0),
                      seat_stats_effective_n(st, 0) };
    return h;
}

int oracle_summary_report(const oracle_summary *s, oracle_summary_result *r)
{
    memset(r, 0, sizeof *r);
    for (int seat = 0; seat < 2; seat++)
        r->held[seat] = held_of(&s->held[seat]);
    const oracle_held *w = &r->held[0], *b = &r->held[1];
    r->diff_ok = w->games >= 2 && b->games >= 2;
    if (r->diff_ok) /* at the effective numbers of games: the clustering carried into the difference */
        r->held_diff = proportion_difference(w->share * w->effective, w->effective, b->share * b->effective,
                                             b->effective, Z95);
    size_t n = s->nspread;
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    oracle_spread *out[SPREAD_FIELDS] = { &r->from_end, &r->first_ply, &r->plies, &r->distance };
    for (int f = 0; f < SPREAD_FIELDS; f++) {
        for (size_t i = 0; i < n; i++)
            v[i] = s->spread[i * SPREAD_FIELDS + (size_t)f];
        *out[f] = spread_of(v, n);
    }
    for (size_t i = 0; i < n; i++) {
        const int *row = s->spread + i * SPREAD_FIELDS;
        v[i] = row[2] > 0 ? (double)row[1] / row[2] : 0;
    }
    r->fraction = spread_of(v, n);
    free(v);
    return 0;
}
