/* seat_stats.c — see seat_stats.h. */
#include <math.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "seat_stats.h"

void seat_stats_init(seat_stats *s, int players)
{
    memset(s, 0, sizeof *s);
    s->players = players;
}

void seat_stats_add(seat_stats *s, const double scores[GAME_MAX_PLAYERS])
{
    int firsts = 0;
    s->games++;
    for (int i = 0; i < s->players; i++) {
        int rank = 0;
        for (int j = 0; j < s->players; j++)
            rank += scores[j] > scores[i];
        s->ranks[i][rank]++;
        firsts += rank == 0;
        s->sum[i] += scores[i];
        s->sumsq[i] += scores[i] * scores[i];
        s->points |= scores[i] != 0 && scores[i] != 1;
    }
    s->ties += firsts > 1;
}

double seat_stats_mean(const seat_stats *s, int seat)
{
    return s->games ? s->sum[seat] / (double)s->games : 0;
}

interval seat_stats_ci95(const seat_stats *s, int seat)
{
    double n = (double)s->games, mean = seat_stats_mean(s, seat);
    if (!s->games)
        return (interval){ 0, 0 };
    if (!s->points)
        return wilson(s->sum[seat], n, Z95);
    if (s->games < 2)
        return (interval){ mean, mean };
    double var = (s->sumsq[seat] - n * mean * mean) / (n - 1);
    double half = gsl_cdf_tdist_Pinv(0.975, n - 1) * sqrt(var > 0 ? var : 0) / sqrt(n);
    return (interval){ mean - half, mean + half };
}
