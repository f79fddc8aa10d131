/* setup.h — the three ways a TZAAR game starts: random (the rulebook default,
 * an unbiased Fisher-Yates shuffle driven by xoshiro256**), fixed (the
 * rulebook's Figure 4, also in data/setups/fixed.pos) and tournament
 * (an empty board; the placement phase is played as actions). */
#ifndef TRIAD_SETUP_H
#define TRIAD_SETUP_H

#include <stdint.h>
#include "position.h"

enum { SETUP_RANDOM = 0, SETUP_FIXED = 1, SETUP_TOURNAMENT = 2, SETUP_KINDS = 3 };

extern const char *const tz_setup_names[SETUP_KINDS]; /* "random", "fixed", "tournament" */
extern const char TZ_SETUP_FIXED_TEXT[];

/* Returns the kind for a name, or -1. */
int tz_setup_kind(const char *name);
void tz_setup_random(position *p, uint64_t seed);
void tz_setup_fixed(position *p);
void tz_setup_tournament(position *p);
/* Any kind; seed is used by random only. */
void tz_setup_make(position *p, int kind, uint64_t seed);

#endif
