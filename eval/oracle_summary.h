/* oracle_summary.h — what the endgame oracle's classes of a set of games
 * say, and what they do not (issue 39, "The readings put right").
 *
 * The oracle (oracle.h) proves turn starts from the end back until one is
 * out of its budget's reach; the first solvable position is therefore where
 * the solver's reach ends, not where the game was decided.  At that reach a
 * proof is nearly always a win for the side to act (one winning line is
 * cheaper to find than a refutation of every move), so the class is nearly
 * fixed by who acts there: a game whose first solvable position has the
 * eventual loser to act is "lost by play".  The summary counts this
 * (`loser_first`), and gives what a seat's rate of throwing away a proven
 * win must be divided by: the games in which the seat held the win at the
 * first solvable position (`held`), not its losses (a seat that loses more
 * games has more losses to divide a few blunders by).  Its spreads say
 * where the first solvable position lies: how many plies before the end,
 * at which ply, and the proof's own length bound (`first_distance`), which
 * is not the distance from the end.
 *
 * The held shares' intervals are Wilson's, clustered by the key each game
 * is added with (its setup: the games of one start are not independent;
 * seat_stats.h); the difference between the seats is Newcombe's at the
 * effective numbers of games, with the pooled z test's p-value. */
#ifndef TRIAD_ORACLE_SUMMARY_H
#define TRIAD_ORACLE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include "oracle.h"
#include "seat_stats.h"
#include "stats.h"

typedef struct oracle_summary {
    uint64_t games, unfinished, nodes;
    uint64_t by_loser[2][ORACLE_CLASSES];  /* finished games: the loser's seat x class */
    uint64_t loser_first[ORACLE_CLASSES];  /* solved games whose first solvable position has the loser to act */
    uint64_t winner_first[ORACLE_CLASSES]; /* ... the winner to act */
    seat_stats held[2];                    /* per seat: games it held a proven win at the first solvable
                                              position; a game's score 1 when it lost that game */
    int *spread;                           /* per solved game: plies - first_ply, first_ply, plies,
                                              first_distance (4 ints) */
    size_t nspread, capspread;
    bool oom;                              /* a game's spread could not be kept */
} oracle_summary;

void oracle_summary_init(oracle_summary *s);
void oracle_summary_free(oracle_summary *s);
/* One classified game, with its cluster key (the setup).  0, or -1 out of
 * memory (the game is counted; the spreads or intervals then lack it). */
int oracle_summary_add(oracle_summary *s, const oracle_game *og, uint64_t cluster);

typedef struct oracle_spread {
    uint64_t n;
    double min, median, max;
} oracle_spread;

typedef struct oracle_held {
    uint64_t games, lost;  /* games held at the first solvable position, and of them lost */
    double share;          /* lost / games */
    interval ci;           /* 95%, clustered (none under two games) */
    double effective;      /* the effective number of games behind ci */
} oracle_held;

typedef struct oracle_summary_result {
    oracle_held held[2];
    proportion_diff held_diff; /* seat 0's share minus seat 1's */
    bool diff_ok;
    oracle_spread from_end;    /* plies from the first solvable position to the end */
    oracle_spread first_ply;   /* the first solvable position's ply */
    oracle_spread plies;       /* the solved games' lengths */
    oracle_spread fraction;    /* first_ply / plies: how far into the game it lies */
    oracle_spread distance;    /* first_distance: the proof's length bound there */
} oracle_summary_result;

/* The figures above from what was added.  -1 when out of memory. */
int oracle_summary_report(const oracle_summary *s, oracle_summary_result *r);

#endif
