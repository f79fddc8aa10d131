/* seat_stats.h — outcomes beyond win/loss: per-seat summaries of a set of
 * games' score vectors, for `records stats` and the bias study.
 *
 * Each seat's mean score with a 95% interval: Wilson's when every score
 * seen is 0 or 1 (win/loss games: the mean is a proportion), else a
 * Student t interval on the scores (points games).  Games that share a
 * setup (a rotation group, a pair, replicates: the cluster key given with
 * each game) are not independent, so the interval is clustered by setup:
 * the variance of the mean is the cluster-robust one (the clusters' sums
 * about the mean), the t interval has clusters - 1 degrees of freedom, and
 * Wilson's is taken at the effective number of games that variance implies
 * (the design effect; never fewer than the clusters, which is what a
 * proportion of 0 or 1 gets).  When every game is its own cluster these
 * are the plain intervals over games, and so they are when the clustered
 * variance is 0 while the games differ (every setup's games summing alike,
 * as rotations can make them), rather than a point.  With fewer
 * than two observations (games, or clusters) there is no interval: both
 * bounds are NaN (interval_ok() is false), printed "n/a" or null.
 *
 * Ranks are the game's own (game_def.rank: its tie-breaks applied, a
 * shared place only when they cannot decide), or, when the caller has
 * none, from the scores (a seat's rank is the number of seats that scored
 * more).  ties counts games whose first place is shared after the
 * tie-breaks; point_ties those whose first place is shared on points. */
#ifndef TRIAD_SEAT_STATS_H
#define TRIAD_SEAT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"
#include "stats.h"

/* The games of one cluster (setup): their number and per-seat sums. */
typedef struct seat_cluster {
    uint64_t key;
    uint32_t n;
    double sum[GAME_MAX_PLAYERS];
} seat_cluster;

typedef struct seat_stats {
    int players;
    uint64_t games;
    double sum[GAME_MAX_PLAYERS], sumsq[GAME_MAX_PLAYERS];
    uint64_t ranks[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS]; /* [seat][rank] */
    uint64_t shared_firsts[GAME_MAX_PLAYERS]; /* games in which the seat shares first place */
    uint64_t ties;        /* first place shared after the game's tie-breaks */
    uint64_t point_ties;  /* first place shared on points */
    bool points;          /* a score other than 0 or 1 was seen */
    /* clusters, open addressing on key (slot index + 1 in table; 0 empty) */
    seat_cluster *cl;
    size_t ncl, capcl;
    uint32_t *table;
    size_t captable;
    bool oom;             /* a cluster could not be kept: intervals are over games */
} seat_stats;

void seat_stats_init(seat_stats *s, int players);
void seat_stats_free(seat_stats *s);
/* One game: its scores, its ranks (NULL: from the scores) and the key of
 * its setup (its cluster).  0, or -1 out of memory (the game is counted,
 * its cluster not: the intervals then treat games as independent). */
int seat_stats_add_game(seat_stats *s, const double scores[GAME_MAX_PLAYERS], const int *ranks, uint64_t cluster);
/* A game of its own cluster, ranked by its scores. */
void seat_stats_add(seat_stats *s, const double scores[GAME_MAX_PLAYERS]);
double seat_stats_mean(const seat_stats *s, int seat);
/* The 95% interval of seat's mean score (above); NaN bounds with fewer
 * than two observations. */
interval seat_stats_ci95(const seat_stats *s, int seat);
/* The clusters, and whether some cluster holds more than one game (the
 * intervals are then clustered). */
size_t seat_stats_clusters(const seat_stats *s);
bool seat_stats_clustered(const seat_stats *s);
/* The variance of seat's mean (cluster-robust when clustered) and the
 * effective number of games it amounts to for a proportion (the games when
 * not clustered); for differences between two sets of games. */
double seat_stats_var_mean(const seat_stats *s, int seat);
double seat_stats_effective_n(const seat_stats *s, int seat);

#endif
