/* setup.h — the ways a TZAAR game starts: random (the rulebook default,
 * an unbiased Fisher-Yates shuffle driven by xoshiro256**), fixed (the
 * rulebook's Figure 4, also in data/setups/fixed.pos) and tournament
 * (an empty board; the placement phase is played as actions).  Neither
 * rulebook says who places first; the rules page reads White, and
 * tournament-black is the other reading (Black places first, White still
 * opens the game), kept apart so a study can report both. */
#ifndef TRIAD_SETUP_H
#define TRIAD_SETUP_H

#include <stdint.h>
#include "position.h"

enum { SETUP_RANDOM = 0, SETUP_FIXED = 1, SETUP_TOURNAMENT = 2, SETUP_TOURNAMENT_BLACK = 3, SETUP_KINDS = 4 };
/* The kinds of version-1 records files, written before tournament-black. */
enum { SETUP_KINDS_V1 = 3 };

extern const char *const tz_setup_names[SETUP_KINDS + 1]; /* "random", "fixed", "tournament", "tournament-black", NULL */
extern const char TZ_SETUP_FIXED_TEXT[];

/* Returns the kind for a name, or -1. */
int tz_setup_kind(const char *name);
void tz_setup_random(position *p, uint64_t seed);
void tz_setup_fixed(position *p);
void tz_setup_tournament(position *p);
/* The empty board with Black to place first (the other reading). */
void tz_setup_tournament_black(position *p);
/* Any kind; seed is used by random only. */
void tz_setup_make(position *p, int kind, uint64_t seed);

#endif
