/* setup.h — the three ways a TZAAR game starts: random (the rulebook default,
 * an unbiased Fisher-Yates shuffle driven by xoshiro256**), fixed (the
 * rulebook's Figure 4, also in data/setups/fixed.pos) and tournament
 * (an empty board; the placement phase is played as actions). */
#ifndef TRIAD_SETUP_H
#define TRIAD_SETUP_H

#include <stdint.h>
#include "position.h"

enum { SETUP_RANDOM = 0, SETUP_FIXED = 1, SETUP_TOURNAMENT = 2, SETUP_KINDS = 3 };

extern const char *const setup_names[SETUP_KINDS]; /* "random", "fixed", "tournament" */
extern const char SETUP_FIXED_TEXT[];

/* Returns the kind for a name, or -1. */
int setup_kind(const char *name);
void setup_random(position *p, uint64_t seed);
void setup_fixed(position *p);
void setup_tournament(position *p);
/* Any kind; seed is used by random only. */
void setup_make(position *p, int kind, uint64_t seed);

#endif
