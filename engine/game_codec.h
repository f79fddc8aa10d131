/* game_codec.h — a game's record codec with game.h's generic fallbacks,
 * for the drivers that store games (records) and the conformance tests.
 *
 * An action's code is the game's encode_action() when it has one, else its
 * index in the ascending legal() list.  A start is the game's encode_start()
 * when it has one, else its position string. */
#ifndef TRIAD_GAME_CODEC_H
#define TRIAD_GAME_CODEC_H

#include "engine/game.h"

/* The generic code: a's index among legal(s), or UINT32_MAX when a is not
 * legal in s. */
uint32_t game_index_encode(const game_def *g, const void *s, game_action a);
/* The legal action with that index: 0, or -1 when there is none. */
int game_index_decode(const game_def *g, const void *s, uint32_t code, game_action *a);

/* The game's codec, or the generic one. */
uint32_t game_encode_action(const game_def *g, const void *s, game_action a);
int game_decode_action(const game_def *g, const void *s, uint32_t code, game_action *a);
void game_encode_start(const game_def *g, const void *s, buf *out);
/* 0, or -1 with one line in err. */
int game_decode_start(const game_def *g, void *s, cursor *in, char *err, size_t n);

#endif
