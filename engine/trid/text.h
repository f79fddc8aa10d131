/* text.h — TRID's position string and action notation (docs/trid.md):
 * "hex5 2 Ca10,Sa8,Sa9,Ja11,Ja12/Cj10,Sj11,Sj12,Jj8,Jj9 0 0", "a9-c8",
 * "h10xi11", "c12-d13(d11:e12)", "pass". */
#ifndef TRIAD_TRID_TEXT_H
#define TRIAD_TRID_TEXT_H

#include <stddef.h>
#include "engine/game.h"
#include "position.h"

/* The length written, or -1 when n is too small. */
int trid_to_text(const void *s, char *out, size_t n);
/* 0, or -1 with "bad trid position: what at offset N". */
int trid_from_text(void *s, const char *text, char *err, size_t n);
void trid_action_to_text(const void *s, uint32_t a, char *out, size_t n);
/* Parses and checks legality in s: 0, or -1 with what and the offset. */
int trid_action_from_text(const void *s, const char *text, uint32_t *a, char *err, size_t n);

#endif
