/* tt.h — the search's transposition table.
 *
 * Keyed by the position's Zobrist hash, which already covers the side to act
 * and which action of the turn comes next.  One entry per slot, indexed by
 * the hash's low bits and verified with the full 64-bit key.
 *
 * Every entry carries the generation that wrote it, and entries of any other
 * generation read as empty.  tz_tt_new_search() starts a new generation, so a
 * search never sees what an earlier one stored: the chosen action depends on
 * (spec, position, seed) alone, at the cost of one byte per entry instead of
 * a clear of the whole table.  When the 8-bit counter wraps the table is
 * cleared for real, so an old entry can never come back to life. */
#ifndef TRIAD_TT_H
#define TRIAD_TT_H

#include <stddef.h>
#include <stdint.h>
#include "position.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct tt_entry {
    uint64_t key;
    int16_t score;
    action move;
    int8_t depth;
    uint8_t bound;
    uint8_t generation;
} tt_entry;

typedef struct tt {
    tt_entry *slots;
    uint64_t mask;
    uint8_t generation;
} tt;

/* Allocates the largest power of two entries fitting in mb MiB (at least
 * 1024).  Returns 0, or -1 when out of memory. */
int tz_tt_init(tt *t, size_t mb);
void tz_tt_free(tt *t);
void tz_tt_new_search(tt *t);

/* The entry for key, or NULL when none of this generation is stored. */
static inline const tt_entry *tt_probe(const tt *t, uint64_t key)
{
    const tt_entry *e = &t->slots[key & t->mask];
    return e->generation == t->generation && e->key == key ? e : NULL;
}

/* Stores unless the slot holds a deeper entry of this generation for the same
 * position (a shallower result would lose information). */
static inline void tt_store(tt *t, uint64_t key, int depth, int score, int bound, action move)
{
    tt_entry *e = &t->slots[key & t->mask];
    if (e->generation == t->generation && e->key == key) {
        if (depth < e->depth && bound != BOUND_EXACT)
            return;
        if (move == ACTION_NONE)
            move = e->move;
    }
    e->key = key;
    e->score = (int16_t)score;
    e->move = move;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->generation = t->generation;
}

#endif
