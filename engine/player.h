/* player.h — a TZAAR player made from a spec string.
 *
 * Specs: "random", "greedy", "ab:depth=4", "ab:nodes=20000,weights=FILE",
 * "ab:ms=100" (key=value options separated by commas).  The chosen action is
 * a function of (spec, position, seed) alone when the player has no time
 * limit: no state survives between calls that could change it, so self-play
 * is reproducible on any machine and any thread count.  A player is not
 * shared between threads: each worker makes its own. */
#ifndef TRIAD_PLAYER_H
#define TRIAD_PLAYER_H

#include <stddef.h>
#include <stdint.h>
#include "position.h"

#define PV_MAX 64

typedef struct player player;

typedef struct search_report {
    action best;
    int score;          /* from the side to act's point of view; see search.h */
    int depth;          /* plies completed */
    uint64_t nodes;
    double seconds;
    int pv_len;
    action pv[PV_MAX];
} search_report;

/* NULL on a bad spec, with one line in err naming the bad part. */
player *player_new(const char *spec, char *err, size_t errlen);
void player_free(player *pl);
/* The spec as given (canonical form: what records store). */
const char *player_spec(const player *pl);
/* Chooses a legal action of p, which must not be over.  report may be NULL. */
action player_choose(player *pl, const position *p, uint64_t seed, search_report *report);

#endif
