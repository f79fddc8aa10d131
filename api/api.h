/* api.h — what libtriad's two halves share (api/triad.c: games, states,
 * players; api/records.c: the records reader).  Not installed. */
#ifndef TRIAD_API_INTERNAL_H
#define TRIAD_API_INTERNAL_H

#define TRIAD_BUILDING_LIBRARY 1
#include <stdarg.h>
#include "engine/game.h"
#include "include/triad.h"

struct triad_game {
    const game_def *gd;
    int players;
    char values[GAME_PARAMS_MAX][32]; /* the parameters' values as text (game_param_text) */
};

/* Writes the message into err (when there is room) and returns code. */
int api_fail(char *err, size_t n, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A new state of game g holding the state_size bytes at s. */
int api_state_wrap(triad_state **out, const triad_game *g, const void *s, char *err, size_t n);

#endif
