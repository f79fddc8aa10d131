/* formats.h — records to and from other programs' formats, through a
 * game's optional format hooks (game_def.formats: TZAAR's LittleGolem
 * records).  The format reads and writes a game's transcript (start,
 * players, actions); this turns it into a record and back: ids, and the
 * result, ranks and turn count found by replaying the game. */
#ifndef TRIAD_REC_FORMATS_H
#define TRIAD_REC_FORMATS_H

#include "core/buf.h"
#include "record.h"

/* Game gd's external format called name, or NULL with one line in err:
 * "talat has no records format 'littlegolem' (it has none)". */
const game_format *rec_format_find(const game_def *gd, const char *name, char *err, size_t n);
/* Whether some registered game has a format called name. */
bool rec_format_known(const char *name);
/* The names of every registered game's formats, ", "-separated ("" when
 * none), for messages. */
void rec_format_names(char *out, size_t n);

/* Called with each imported game; non-zero stops the import. */
typedef int (*rec_sink)(void *ctx, const rec_game *g);

/* Imports every game in text, the len bytes of the file called file (for
 * messages; text[len] is 0, and NUL bytes before it are refused), in format f of game gd: games get ids *next_id, *next_id + 1,
 * ..., seed 0, and the result of their replay (a game that stops before its
 * end, a resignation, is kept unfinished).  The number of games, or -1 with
 * one line in err ("FILE: game 3: turn 7: ..."). */
int rec_import(const game_def *gd, const game_format *f, const char *text, size_t len, const char *file, uint64_t *next_id,
               rec_sink sink, void *ctx, char *err, size_t n);

/* Appends game g of a gd run in format f to out; 0, or -1 with one line in
 * err when the format cannot hold it (out is then as it was). */
int rec_export(const game_def *gd, const game_format *f, const rec_game *g, int players, buf *out, char *err,
               size_t n);

#endif
