/* seat_stats.c — see seat_stats.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "core/prng.h"
#include "seat_stats.h"

void seat_stats_init(seat_stats *s, int players)
{
    memset(s, 0, sizeof *s);
    s->players = players;
}

void seat_stats_free(seat_stats *s)
{
    free(s->cl);
    free(s->table);
    seat_stats_init(s, s->players);
}

/* The cluster of key, added when new; NULL out of memory. */
static seat_cluster *cluster_of(seat_stats *s, uint64_t key)
{
    if (2 * (s->ncl + 1) > s->captable) { /* rebuild the table at twice the size */
        size_t cap = s->captable ? 2 * s->captable : 1024;
        uint32_t *t = calloc(cap, sizeof *t);
        if (!t)
            return NULL;
        for (size_t i = 0; i < s->ncl; i++) {
            size_t j = seed_mix(s->cl[i].key, 0) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = (uint32_t)i + 1;
        }
        free(s->table);
        s->table = t;
        s->captable = cap;
    }
    size_t j = seed_mix(key, 0) & (s->captable - 1);
    for (; s->table[j]; j = (j + 1) & (s->captable - 1))
        if (s->cl[s->table[j] - 1].key == key)
            return &s->cl[s->table[j] - 1];
    if (s->ncl == s->capcl) {
        size_t cap = s->capcl ? 2 * s->capcl : 1024;
        seat_cluster *c = realloc(s->cl, cap * sizeof *c);
        if (!c)
            return NULL;
        s->cl = c;
        s->capcl = cap;
    }
    seat_cluster *c = &s->cl[s->ncl];
    memset(c, 0, sizeof *c);
    c->key = key;
    s->table[j] = (uint32_t)++s->ncl;
    return c;
}

int seat_stats_add_game(seat_stats *s, const double scores[GAME_MAX_PLAYERS], const int *ranks, uint64_t cluster)
{
    int firsts = 0, point_firsts = 0;
    s->games++;
    for (int i = 0; i < s->players; i++) {
        int above = 0;
        for (int j = 0; j < s->players; j++)
            above += scores[j] > scores[i];
        int rank = ranks ? ranks[i] : above;
        if (rank < 0 || rank >= s->players)
            rank = above;
        s->ranks[i][rank]++;
        firsts += rank == 0;
        point_firsts += above == 0;
        s->sum[i] += scores[i];
        s->sumsq[i] += scores[i] * scores[i];
        s->points |= scores[i] != 0 && scores[i] != 1;
    }
    s->ties += firsts > 1;
    s->point_ties += point_firsts > 1;
    for (int i = 0; firsts > 1 && i < s->players; i++) {
        int rank = ranks ? ranks[i] : 0;
        if (!ranks)
            for (int j = 0; j < s->players; j++)
                rank += scores[j] > scores[i];
        s->shared_firsts[i] += rank == 0;
    }
    if (s->oom)
        return 0;
    seat_cluster *c = cluster_of(s, cluster);
    if (!c) {
        s->oom = true;
        return -1;
    }
    c->n++;
    for (int i = 0; i < s->players; i++)
        c->sum[i] += scores[i];
    return 0;
}

void seat_stats_add(seat_stats *s, const double scores[GAME_MAX_PLAYERS])
{
    /* a key no other game gets: every game its own cluster */
    seat_stats_add_game(s, scores, NULL, seed_mix(0x5ea75ea7ULL, s->games));
}

double seat_stats_mean(const seat_stats *s, int seat)
{
    return s->games ? s->sum[seat] / (double)s->games : 0;
}

size_t seat_stats_clusters(const seat_stats *s)
{
    return s->oom ? (size_t)s->games : s->ncl;
}

bool seat_stats_clustered(const seat_stats *s)
{
    return !s->oom && s->ncl < s->games;
}

/* The plain variance of the mean over games. */
static double var_games(const seat_stats *s, int seat)
{
    double n = (double)s->games, mean = seat_stats_mean(s, seat);
    return n > 1 ? fmax(0, (s->sumsq[seat] - n * mean * mean) / (n - 1)) / n : 0;
}

/* The cluster-robust variance of the mean, or -1 when it is 0 while the
 * games differ (every setup's games summing alike, as rotations can make
 * them): a point interval would claim a certainty the games do not give,
 * so the caller treats the games as independent instead. */
static double var_clustered(const seat_stats *s, int seat)
{
    double n = (double)s->games, c = (double)s->ncl, mean = seat_stats_mean(s, seat), ss = 0;
    for (size_t i = 0; i < s->ncl; i++) {
        double d = s->cl[i].sum[seat] - s->cl[i].n * mean;
        ss += d * d;
    }
    double v = c > 1 ? c / (c - 1) * ss / (n * n) : 0;
    return v > 1e-15 * (1 + mean * mean) || var_games(s, seat) == 0 ? v : -1;
}

static bool use_clusters(const seat_stats *s, int seat)
{
    return seat_stats_clustered(s) && var_clustered(s, seat) >= 0;
}

double seat_stats_var_mean(const seat_stats *s, int seat)
{
    return use_clusters(s, seat) ? var_clustered(s, seat) : var_games(s, seat);
}

double seat_stats_effective_n(const seat_stats *s, int seat)
{
    double n = (double)s->games;
    if (!use_clusters(s, seat))
        return n;
    /* every game alike (a proportion of 0 or 1): no spread to measure the
     * design effect by, so each setup counts once */
    double m = seat_stats_mean(s, seat), v = var_clustered(s, seat), c = (double)s->ncl;
    double neff = v > 0 && m > 0 && m < 1 ? m * (1 - m) / v : c;
    return neff < c ? c : neff;
}

interval seat_stats_ci95(const seat_stats *s, int seat)
{
    double n = (double)s->games, mean = seat_stats_mean(s, seat);
    double obs = (double)seat_stats_clusters(s);
    if (s->games < 2 || obs < 2)
        return interval_none();
    if (!s->points) {
        double neff = seat_stats_effective_n(s, seat);
        return wilson(mean * neff, neff, Z95);
    }
    double df = use_clusters(s, seat) ? obs - 1 : n - 1;
    double half = gsl_cdf_tdist_Pinv(0.975, df) * sqrt(seat_stats_var_mean(s, seat));
    return (interval){ mean - half, mean + half };
}
