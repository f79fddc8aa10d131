/* datadir.h — finding triad's data/ folder (weights, boards) from any
 * working directory, so that a command run from elsewhere, or an installed
 * bin/triad, reads the same files.
 *
 * data_find(rel) tries, in order, and returns the first that exists:
 *   1. $TRIAD_DATA/rel, when TRIAD_DATA is set;
 *   2. data/rel in the working directory;
 *   3. next to the executable: ../data/rel (bin/triad in a checkout),
 *      ../../data/rel (build/VARIANT/triad), ../share/triad/data/rel
 *      (make install's PREFIX/bin/triad);
 *   4. the same next to libtriad.so, when a program loaded the library
 *      (build/VARIANT/libtriad.so, python/triad/libtriad.so,
 *      PREFIX/lib/libtriad.so).
 * Returns 0 with the path in out, or -1 with "data/rel" in out (for a
 * message) when none exists. */
#ifndef TRIAD_DATADIR_H
#define TRIAD_DATADIR_H

#include <stddef.h>

#define DATA_PATH_MAX 1200

int data_find(const char *rel, char *out, size_t n);

#endif
