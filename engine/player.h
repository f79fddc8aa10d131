/* player.h — a TZAAR player made from a spec string.
 *
 * Specs: "random", "greedy", "ab:depth=4", "ab:nodes=20000,weights=FILE",
 * "ab:ms=100" (key=value options separated by commas; see docs/players.md).
 * The chosen action is a function of (spec, position, seed) alone when the
 * player has no time limit: no state survives between calls that could
 * change it, so self-play is reproducible on any machine and any thread
 * count.  A player is not shared between threads: each worker makes its own.
 *
 * What the seed does: random draws its action from it; greedy and ab shuffle
 * the actions with it before ordering them, which decides between equally
 * scored actions (and ab's optional root noise), and placements use it the
 * same way.  Different seeds therefore give different games. */
#ifndef TRIAD_PLAYER_H
#define TRIAD_PLAYER_H

#include <stddef.h>
#include <stdint.h>
#include "position.h"
#include "search.h" /* search_report, PV_MAX */

typedef struct player player;

/* NULL on a bad spec, with one line in err naming the bad part. */
player *player_new(const char *spec, char *err, size_t errlen);
void player_free(player *pl);
/* The spec as given (canonical form: what records store). */
const char *player_spec(const player *pl);
/* Chooses a legal action of p, which must not be over.  report may be NULL. */
action player_choose(player *pl, const position *p, uint64_t seed, search_report *report);
/* Per-iteration reports of an "ab" player (ignored by the others). */
void player_set_progress(player *pl, search_progress fn, void *ctx);

#endif
