/* player.h — a TZAAR player made from a spec string.
 *
 * Specs: "random", "greedy", "ab:depth=4", "ab:nodes=20000,weights=FILE",
 * "ab:ms=100", "ab:depth=2,place=search" (key=value options separated by
 * commas; see docs/players.md).
 * The chosen action is a function of (spec, position, seed) alone when the
 * player has no time limit: no state survives between calls that could
 * change it, so self-play is reproducible on any machine and any thread
 * count.  A player is not shared between threads: each worker makes its own.
 *
 * What the seed does: random draws its action from it; greedy and ab shuffle
 * the actions with it before ordering them, which decides between equally
 * scored actions (and ab's optional root noise; with ab:ties=1 it picks
 * among all the tied actions), and placements use it the same way
 * (place=eval, the default; place=soft and place=random draw from it,
 * placement.h).
 * Different seeds therefore give different games.  greedy and ab play a
 * position and its symmetric images alike (symmetry.h): they decide on
 * the canonical image and map back, the seed choosing among the images
 * of the action when the position has symmetries of its own. */
#ifndef TRIAD_PLAYER_H
#define TRIAD_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "position.h"
#include "search.h" /* search_report, PV_MAX */

typedef struct player player;

/* NULL on a bad spec, with one line in err naming the bad part. */
player *tz_player_new(const char *spec, char *err, size_t errlen);
void tz_player_free(player *pl);
/* The canonical spec (what records store): the name, then every option in
 * key order with its effective value, defaults filled in ("ab:depth=1" and
 * "ab:tt=16,depth=1" are both "ab:depth=1,noise=0,tt=16"), and with a
 * weights file its CRC-32 (wcrc=, as every game's players write it).  It makes the same player again. */
const char *tz_player_spec(const player *pl);
/* The canonical form of spec into out without making the player (no
 * search table).  stored (a spec from a record): a weights= file is not
 * read when the spec gives its wcrc=, and an old record's wsum= becomes
 * the file's wcrc= when the file can be read (else it stays as written);
 * otherwise the file is read and checked as tz_player_new() does.  0, or -1
 * with one line in err (a bad spec, or out too small). */
int tz_player_canonical(const char *spec, bool stored, char *out, size_t n, char *err, size_t errlen);
/* Chooses a legal action of p, which must not be over.  report may be NULL. */
action tz_player_choose(player *pl, const position *p, uint64_t seed, search_report *report);
/* Per-iteration reports of an "ab" player (ignored by the others). */
void tz_player_set_progress(player *pl, search_progress fn, void *ctx);

#endif
