/* bench.h — the benchmark suite behind `triad bench`.
 *
 * A fixed list of positions and depths.  The sum of their perft counts is the
 * signature: it changes only when move generation changes, so a refactoring
 * that alters it has altered the rules. */
#ifndef TRIAD_BENCH_H
#define TRIAD_BENCH_H

#include <stdint.h>

typedef struct bench_entry {
    const char *name;
    const char *position; /* position string */
    int depth;
} bench_entry;

extern const bench_entry bench_suite[]; /* terminated by a NULL name */

#endif
