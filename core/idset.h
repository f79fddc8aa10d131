/* idset.h — a set of game ids, as a bitmap that grows on demand: the ids
 * of a run are dense (0 .. games-1), so one bit each is the compact form. */
#ifndef TRIAD_IDSET_H
#define TRIAD_IDSET_H

#include <stdbool.h>
#include <stdint.h>

#define IDSET_MAX_ID ((uint64_t)1 << 36) /* 8 GiB of bitmap: beyond any run */

typedef struct idset {
    uint64_t *words;
    uint64_t nwords;
} idset;

/* 1 when id was added, 0 when it was already there, -1 when it is too
 * large or memory ran out. */
int idset_add(idset *s, uint64_t id);
bool idset_has(const idset *s, uint64_t id);
void idset_free(idset *s);

#endif
