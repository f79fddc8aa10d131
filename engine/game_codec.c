/* game_codec.c — see game_codec.h. */
#include <stdio.h>
#include <stdlib.h>
#include "engine/game_codec.h"

#define STACK_ACTIONS 1024 /* legal lists up to this size (every game so far: TRID 640) need no allocation */

/* legal(s) into the caller's stack array, or a fresh one when the game's
 * bound is larger; NULL when out of memory.  *count gets the length. */
static game_action *legal_list(const game_def *g, const void *s, game_action *local, int *count)
{
    game_action *acts = g->max_actions <= STACK_ACTIONS ? local : malloc(sizeof *acts * (size_t)g->max_actions);
    if (acts)
        *count = g->legal(s, acts);
    return acts;
}

uint32_t game_index_encode(const game_def *g, const void *s, game_action a)
{
    game_action local[STACK_ACTIONS];
    int n = 0;
    game_action *acts = legal_list(g, s, local, &n);
    uint32_t code = UINT32_MAX;
    int lo = 0, hi = n; /* ascending: binary search */
    while (acts && lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (acts[mid] < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (acts && lo < n && acts[lo] == a)
        code = (uint32_t)lo;
    if (acts != local)
        free(acts);
    return code;
}

int game_index_decode(const game_def *g, const void *s, uint32_t code, game_action *a)
{
    game_action local[STACK_ACTIONS];
    int n = 0;
    game_action *acts = legal_list(g, s, local, &n);
    int rc = acts && code < (uint32_t)n ? 0 : -1;
    if (!rc)
        *a = acts[code];
    if (acts != local)
        free(acts);
    return rc;
}

uint32_t game_encode_action(const game_def *g, const void *s, game_action a)
{
    return g->codec ? g->codec->encode_action(s, a) : game_index_encode(g, s, a);
}

int game_decode_action(const game_def *g, const void *s, uint32_t code, game_action *a)
{
    return g->codec ? g->codec->decode_action(s, code, a) : game_index_decode(g, s, code, a);
}

void game_encode_start(const game_def *g, const void *s, buf *out)
{
    if (g->codec) {
        g->codec->encode_start(s, out);
        return;
    }
    char text[GAME_TEXT_MAX];
    if (g->to_text(s, text, sizeof text) < 0)
        text[0] = 0; /* longer than any game's text: decoding will say so */
    buf_string(out, text);
}

/* A variant's start carries its rules as any state it reads does: the
 * codec stores what the position says, the parameters give the rest. */
int game_decode_start(const game_def *g, void *s, cursor *in, char *err, size_t n)
{
    if (g->codec)
        return g->codec->decode_start(s, in, err, n) ? -1 : game_apply_params(g, s, false, err, n);
    char text[GAME_TEXT_MAX];
    cur_string(in, text, sizeof text);
    if (in->bad) {
        snprintf(err, n, "%s start: truncated or too long", g->name);
        return -1;
    }
    return game_from_text(g, s, text, err, n);
}
