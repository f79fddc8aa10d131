/* seat_stats.h — outcomes beyond win/loss: per-seat summaries of a set of
 * games' score vectors, for `records stats` (and later match, tune, bias).
 *
 * Each seat's mean score with a 95% interval: Wilson's when every score
 * seen is 0 or 1 (win/loss games: the mean is a proportion), else a
 * Student t interval on the scores (points games).  Ranks come from the
 * scores: a seat's rank is the number of seats that scored more, so seats
 * that tie share a rank.  A tie is a game whose first place is shared. */
#ifndef TRIAD_SEAT_STATS_H
#define TRIAD_SEAT_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include "games/game.h"
#include "stats.h"

typedef struct seat_stats {
    int players;
    uint64_t games;
    double sum[GAME_MAX_PLAYERS], sumsq[GAME_MAX_PLAYERS];
    uint64_t ranks[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS]; /* [seat][rank] */
    uint64_t ties;
    bool points;          /* a score other than 0 or 1 was seen */
} seat_stats;

void seat_stats_init(seat_stats *s, int players);
void seat_stats_add(seat_stats *s, const double scores[GAME_MAX_PLAYERS]);
double seat_stats_mean(const seat_stats *s, int seat);
/* The 95% interval of seat's mean score; [mean, mean] with fewer than 2
 * games of points. */
interval seat_stats_ci95(const seat_stats *s, int seat);

#endif
