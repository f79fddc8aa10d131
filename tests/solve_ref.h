/* solve_ref.h — what the solver's tests (test_solve.c) share with the
 * oracle's (test_oracle.c): a plain exhaustive minimax as the reference, and
 * random small TZAAR positions in play. */
#ifndef TRIAD_TEST_SOLVE_REF_H
#define TRIAD_TEST_SOLVE_REF_H

#include <stdbool.h>
#include <stdint.h>
#include "core/prng.h"
#include "engine/tzaar/position.h"

typedef struct ref {
    uint64_t nodes, budget; /* positions expanded so far, and at most */
} ref;

/* The winner of p with perfect play (WHITE or BLACK), and in *dist the
 * plies to the end when the winner plays the fastest win and the loser the
 * slowest loss; -1 when more than r->budget positions would be expanded.
 * Every action tried, no table, no pruning; p is left as it was. */
int ref_solve(ref *r, position *p, int *dist);

/* A random small position: 3 to max_stacks stacks a side, every type on
 * top for both (so it is not over by the trinity rule), the types taken in
 * turn (spread_types: a second stack of each before a third, fewer
 * one-action wins) or at random, heights 1 to 3; the points anywhere, or
 * half the time packed within two steps of one point, where captures
 * abound.  side to act, phase PHASE_FIRST or PHASE_SECOND. */
void random_small(xoshiro256 *r, position *p, int max_stacks, bool spread_types, int side, int phase);

#endif
