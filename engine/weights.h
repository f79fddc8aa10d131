/* weights.h — evaluation weights of any game, read from a text file.
 *
 * The format is TZAAR's (docs/players.md): one "name value" line per
 * evaluation feature of the game (game_def.feature_names), each exactly
 * once, in any order; '#' starts a comment; the last line is
 * "# end crc32=XXXXXXXX", the CRC-32 (core/fileio.h) of everything before
 * it, so a file cut short or damaged is refused rather than half read.
 * `triad tune` writes it with gweights_write() and gweights_end_line().
 * Generic players (engine/mcts.c) use it; TZAAR's own players keep
 * engine/tzaar/eval.c, which reads the same files. */
#ifndef TRIAD_WEIGHTS_H
#define TRIAD_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/game.h"

/* A player's weights=default: the game's default weights file, wherever
 * core/datadir.h finds it, so that a canonical spec never holds a path
 * that depends on the working directory. */
#define GWEIGHTS_DEFAULT "default"

/* Reads path (or GWEIGHTS_DEFAULT) into w (g->nfeatures values) and the
 * file's checksum (the end line's) into *crc.  0, or -1 with one line in err naming the file
 * and, for a bad line, its number. */
int gweights_load(const game_def *g, const char *path, double *w, uint32_t *crc, char *err, size_t n);

/* A player's weights, pinned (every player kind that reads a weights file:
 * engine/mcts.c and the games' searchers): reads path (NULL or "": the
 * game's default, GWEIGHTS_DEFAULT) into w and the file's checksum into
 * *crc, and when wcrc is not NULL (the spec's wcrc=) refuses a file whose
 * checksum differs, so that a canonical spec's wcrc= always names the
 * content the player was made with.  0, or -1 with one line in err, the
 * same for every kind: "player 'KIND': weights: REASON" when the file
 * cannot be read, "player 'KIND': weights file has changed: FILE has crc32
 * X, wcrc= says Y" when it is not the pinned one. */
int gweights_pin(const game_def *g, const char *kind, const char *path, const uint32_t *wcrc, double *w,
                 uint32_t *crc, char *err, size_t n);

/* A wcrc= value: exactly 8 hexadecimal digits (as canonical specs write
 * it).  0, or -1 with the reason in why (may be NULL). */
int gweights_parse_wcrc(const char *text, uint32_t *crc, char *why, size_t n);

/* The file holding g's default weights (game_def.default_weights: a bare
 * name is looked up under data/weights/, the data folder found by
 * core/datadir.h), or "" when the game has none. */
void gweights_default_path(const game_def *g, char *out, size_t n);

/* Writes w as one "name value" line per feature, in g's order, with
 * enough digits that reading them back gives the same doubles. */
void gweights_write(const game_def *g, const double *w, FILE *out);

/* The end line of a file whose content before it is text (len bytes):
 * "# end crc32=XXXXXXXX\n". */
#define GWEIGHTS_END_LINE_MAX 32
void gweights_end_line(const char *text, size_t len, char out[GWEIGHTS_END_LINE_MAX]);

#endif
