/* records_game.h — which game a set of records files holds, for the
 * drivers that analyse one game at a time (tune, bias).
 *
 * Each file's first header names its game (records/record.h); the files
 * must agree, and agree with the game asked for when one is.  A later run
 * of a concatenated file is checked by the driver as it reads it. */
#ifndef TRIAD_RECORDS_GAME_H
#define TRIAD_RECORDS_GAME_H

#include <stddef.h>
#include "engine/game.h"

/* The game of files[0..nfiles-1] into *g.  want: the --game name asked
 * for, or NULL for the records' own.  0, or -1 with one line in err: an
 * unreadable file, an unknown name, files of different games, or files of
 * another game than want. */
int records_game(const char *const *files, int nfiles, const char *want, const game_def **g, char *err,
                 size_t n);

/* The games of files[0..nfiles-1] when they are variants of one game
 * (engine/game.h, "parameters"): each once, in the order first met, at
 * most max.  The count, or -1 with one line in err: an unreadable file,
 * files of two games, or more than max variants. */
int records_variants(const char *const *files, int nfiles, const game_def **out, int max, char *err, size_t n);

#endif
