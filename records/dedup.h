/* dedup.h — dropping games read twice (the same file given twice, a block
 * copied twice, concatenated copies, two runs that differ only in --games)
 * before they are counted.
 *
 * A self-play game is a function of its run and its id (docs/records.md),
 * so its identity is what determines it — game, rules version, seed, setup,
 * rotations, replicates, player specs in canonical form, engine signature —
 * plus the id: never the shard or the run's length (--games).  An import's header says nothing
 * that tells two imports apart and its ids restart at 0 in each, so an
 * imported game's identity is its content: players, start and actions. */
#ifndef TRIAD_DEDUP_H
#define TRIAD_DEDUP_H

#include <stdint.h>
#include "record.h"

typedef struct rec_dedup {
    uint64_t (*keys)[2];  /* open addressing; {0, 0} is an empty slot */
    uint64_t n, cap;
    uint64_t dropped;     /* duplicates seen */
    rec_run last;         /* the run whose identity is cached in run_key */
    uint64_t run_key;
    bool have_last;
} rec_dedup;

/* 1 when g (a game of run) is new, 0 when it was seen before (counted in
 * dropped), -1 when memory ran out. */
int rec_dedup_add(rec_dedup *d, const rec_run *run, const rec_game *g);
void rec_dedup_free(rec_dedup *d);

#endif
