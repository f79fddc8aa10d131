/* formats.h — TZAAR's records in formats of its own, behind game_def's
 * optional hooks for them (engine/game.h): LittleGolem's records
 * (littlegolem.c, game_def.formats) and triad's records format 1, which
 * named no game because TZAAR was the only one (records_v1.c,
 * game_def.records_v1). */
#ifndef TRIAD_TZ_FORMATS_H
#define TRIAD_TZ_FORMATS_H

#include "engine/game.h"
#include "position.h"

extern const game_format tz_format_littlegolem;
extern const game_records_v1 tz_records_v1;

/* Exchanges the colours of every piece; White still moves first: how
 * format 1 derived the second game of a pair (the same start as
 * game_def.permute's seat swap gives). */
void tz_recolour(position *p);

#endif
