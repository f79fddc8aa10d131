/* littlegolem.h — LittleGolem's SGF-like TZAAR records (the rules page,
 * ../shared/rules/tzaar.md) to record games and back. */
#ifndef TRIAD_LITTLEGOLEM_H
#define TRIAD_LITTLEGOLEM_H

#include <stdio.h>
#include "record.h"

/* Called with each imported game; a non-zero return stops the import. */
typedef int (*lg_sink)(void *ctx, const rec_game *g);

/* Imports every game in text, the contents of the file called name (for
 * messages).  Games get ids *next_id, *next_id + 1, ...; setup fixed when
 * POS is the rulebook's, else random; players "lg:NAME".  A game that stops
 * before its end (a resignation) is kept with winner -1.  Returns the number
 * of games, or -1 with one line in err ("NAME: game 3: turn 7: ..."). */
int lg_import(const char *text, const char *name, uint64_t *next_id, lg_sink sink, void *ctx,
              char *err, size_t n);

/* Writes g as one line; -1 with a message when its start is not a full
 * board at White's opening, or reached from an empty one by placement. */
int lg_export(FILE *out, const rec_game *g, char *err, size_t n);

#endif
