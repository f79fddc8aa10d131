/* solve.h — an exact endgame solver for TZAAR: depth-first proof-number
 * search (df-pn) over positions with few stacks.
 *
 * It proves whether the side to act wins (TZAAR has no draws, and every
 * turn removes an enemy stack, so the game graph has no cycles and a
 * position's value does not depend on how it was reached).  Every action
 * is one node of the proof, as in perft: the first and second action of a
 * turn are separate nodes, and the side to act stays the same from the
 * first to the second.  A transposition table keyed by the Zobrist hash
 * holds proof and disproof numbers; proven entries are exact, the others
 * only steer the search.  docs/solver.md explains the design and its reach.
 *
 * A solver owns its table.  What it proved stays valid for any later
 * position (values are a function of the position alone), so a caller that
 * solves the positions of one game in turn may keep the table;
 * tz_solve_clear() forgets everything, which makes the next result a
 * function of (position, limits) alone. */
#ifndef TRIAD_TZ_SOLVE_H
#define TRIAD_TZ_SOLVE_H

#include <stddef.h>
#include <stdint.h>
#include "position.h"

enum { TZ_SOLVE_UNKNOWN = 0, TZ_SOLVE_WIN = 1, TZ_SOLVE_LOSS = 2 };

typedef struct tz_solve_result {
    int value;          /* TZ_SOLVE_*, for the side to act */
    /* WIN: an action of the proof (the one whose proof is shortest among
     * those proven); LOSS: the one that holds out longest against the
     * proof; ACTION_NONE when unknown or the game is over. */
    action best;
    /* Plies to the end along the proof: the winner's proof strategy ends
     * the game within this many actions whatever the loser does (an upper
     * bound on the distance with perfect play); 0 when the game is over,
     * -1 when unknown. */
    int distance;
    /* The proof as a tree: one action at each of the winner's nodes, every
     * action at the loser's, positions reached twice counted twice;
     * saturates at UINT32_MAX.  0 when unknown. */
    uint64_t proof_size;
    uint64_t nodes;     /* positions expanded by this call */
} tz_solve_result;

typedef struct tz_solver tz_solver;

/* A solver whose table takes at most memory bytes (at least one bucket of
 * four entries, 128 bytes).  NULL when out of memory. */
tz_solver *tz_solve_new(size_t memory);
void tz_solve_free(tz_solver *s);
/* Forgets every stored result (O(1): a generation counter). */
void tz_solve_clear(tz_solver *s);
/* Entries the table holds at most. */
uint64_t tz_solve_capacity(const tz_solver *s);

/* Proves p for its side to act, expanding at most nodes positions (0: no
 * limit).  p is left as it was.  Returns 0, or -1 with a message in err
 * for a position it cannot take (the placement phase). */
int tz_solve(tz_solver *s, position *p, uint64_t nodes, tz_solve_result *out, char *err, size_t n);

#endif
