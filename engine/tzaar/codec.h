/* codec.h — TZAAR's compact record codec, shared by the records library
 * (records/record_codec.c) and the game interface (game.h's codec hooks).
 *
 * An action is one byte that needs no move generation to write: a move is
 * rank(from among the mover's stacks) * 6 + direction, because the target
 * is always the first stack along that ray and its colour tells capture from
 * stack; a placement is type * 60 + point; pass is 255, pie=1's swap 254.  A start that is a
 * full board of single pieces with White to open (every random, fixed and
 * placed start) packs into 60 x 3 bits. */
#ifndef TRIAD_TZ_CODEC_H
#define TRIAD_TZ_CODEC_H

#include <stdbool.h>
#include "core/buf.h"
#include "position.h"

#define TZ_CODE_PASS 255
#define TZ_CODE_SWAP 254 /* pie=1's swap (docs/tzaar-variants.md) */
#define TZ_PACKED_BYTES 23 /* 60 points x 3 bits */

/* The code of action a in p (0..255). */
int tz_action_code(const position *p, action a);
/* The action a code stands for in p, or -1 when it names none (legality
 * is not checked: the caller does). */
int tz_code_action(const position *p, int code, action *a);

/* Whether p packs (a full board of single pieces, White to open). */
bool tz_packable(const position *p);
void tz_pack(buf *out, const position *p);
/* Reads TZ_PACKED_BYTES into p: 0, or -1 when they are not a packed start. */
int tz_unpack(cursor *in, position *p);

#endif
