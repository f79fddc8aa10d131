/* fuzz_net.c — libFuzzer harness for network files (engine/nnue_file.c).
 *
 * Two forms of input:
 *   - one that starts with the file marker "triadnn\x1a" is a file, byte
 *     for byte (cut, corrupt, of any game);
 *   - any other is a recipe the harness turns into a file whose CRC-32 is
 *     right, so that the fuzzer gets past it: byte 0 picks a game with
 *     network features, bytes 1-4 the shape (accumulator 16 or 17 units,
 *     hidden units, perspectives, outputs: in or out of range; small, so
 *     that an input costs little; byte 1's bit 1 makes it a version 2
 *     file, its flags word bits 2-3 of byte 1: 1 is the one valid flag),
 *     bytes 5-8 the scale,
 *     byte 9 the description's length, then the description and the
 *     parameters' bytes, repeated to fill the shape.
 * Checks, each a failed one an abort(): a refusal is one non-empty line
 * that names the file; an accepted file serialises back to the same bytes;
 * its integer form is made or refused with one line; a made one evaluates
 * a game's start and the accumulator kept over a few actions equals the
 * one summed again. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "engine/game.h"
#include "engine/nnue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void one_line(const char *err)
{
    if (!err[0] || strchr(err, '\n') || !strstr(err, "fuzz.nn"))
        abort();
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* The recipe's file (malloc'd), or NULL when it is too short or too large. */
static unsigned char *build(const uint8_t *d, size_t size, const game_def *g, size_t *len)
{
    if (size < 10)
        return NULL;
    nn_shape s = { g->nn->ninputs, 1 + d[3] % 5, d[1] & 1 ? 17 : 16, 1 + d[2] % 20, 1 + d[4] % 5 };
    if (d[4] & 0x80)
        s.nout = nn_outputs(s.persp);
    size_t np = (size_t)s.ninputs * (size_t)s.h + (size_t)s.h + (size_t)s.l2 * (size_t)(s.persp * s.h) +
                (size_t)s.l2 + (size_t)s.nout * (size_t)s.l2 + (size_t)s.nout;
    size_t alen = d[9] % 64 < size - 10 ? d[9] % 64 : size - 10;
    bool v2 = d[1] & 2;
    *len = 8 + 4 + 2 * NN_NAME_MAX + 20 + 4 + (v2 ? 4 : 0) + 4 + alen + 4 + 4 * np + 4;
    unsigned char *f = calloc(1, *len), *p = f;
    if (!f)
        return NULL;
    memcpy(p, "triadnn\x1a", 8), p += 8;
    put32(p, v2 ? 2 : 1), p += 4;
    snprintf((char *)p, NN_NAME_MAX, "%s", g->name), p += NN_NAME_MAX;
    snprintf((char *)p, NN_NAME_MAX, "%s", g->nn->feature_set), p += NN_NAME_MAX;
    const int v[5] = { s.ninputs, s.persp, s.h, s.l2, s.nout };
    for (int i = 0; i < 5; i++)
        put32(p, (uint32_t)v[i]), p += 4;
    memcpy(p, d + 5, 4), p += 4;
    if (v2)
        put32(p, (uint32_t)(d[1] >> 2 & 3)), p += 4;
    put32(p, (uint32_t)alen), p += 4;
    memcpy(p, d + 10, alen), p += alen;
    put32(p, (uint32_t)np), p += 4;
    const uint8_t *src = d + 10 + alen;
    size_t avail = size - 10 - alen;
    for (size_t i = 0; i < 4 * np; i++)
        *p++ = avail ? src[i % avail] : 0;
    put32(p, fio_crc32(0, f, *len - 4));
    return f;
}

/* A made network on a few actions of g's default start. */
static void play(const nn_net *net, const game_def *g)
{
    unsigned char s[GAME_STATE_MAX], t[GAME_STATE_MAX];
    game_action acts[4096];
    char err[200];
    if (g->setup(s, game_default_setup(g), net->shape.persp, 1, err, sizeof err))
        return; /* a network for a seat count the game does not have */
    nn_acc acc, next, fresh;
    nn_acc_from_state(net, g, s, &acc);
    for (int ply = 0; ply < 6 && !g->over(s); ply++) {
        int32_t z[NN_PERSP_MAX];
        nn_eval_acc(net, g, s, &acc, z);
        int n = g->legal(s, acts);
        if (n <= 0)
            break;
        memcpy(t, s, g->state_size);
        g->apply(t, acts[(unsigned)ply * 7 % (unsigned)n]);
        nn_acc_after(net, g, s, acts[(unsigned)ply * 7 % (unsigned)n], t, &acc, &next);
        nn_acc_from_state(net, g, t, &fresh);
        for (int q = 0; q < net->shape.persp; q++)
            if (memcmp(next.v[q], fresh.v[q], sizeof(int16_t) * (size_t)net->shape.h))
                abort();
        acc = next;
        memcpy(s, t, g->state_size);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const game_def *games[8];
    int ng = 0;
    for (const game_def *const *gp = game_list(); *gp && ng < 8; gp++)
        if ((*gp)->nn)
            games[ng++] = *gp;
    if (!ng)
        abort();
    unsigned char *built = NULL;
    const unsigned char *file = data;
    size_t len = size;
    const game_def *want = NULL;
    if (size < 8 || memcmp(data, "triadnn\x1a", 8)) {
        if (size < 1)
            return 0;
        want = games[data[0] % ng];
        if (!(built = build(data, size, want, &len)))
            return 0;
        file = built;
    }
    /* the game it was made for (any, for a file), then another */
    for (int k = 0; k < 2; k++) {
        const game_def *g = k == 0 ? want : games[0];
        if (k == 1)
            for (int i = 0; i < ng; i++)
                if (games[i] != want)
                    g = games[i];
        nn_model m;
        char err[400] = "";
        if (nn_model_parse(&m, file, len, "fuzz.nn", g, err, sizeof err)) {
            one_line(err);
            continue;
        }
        unsigned char *back;
        size_t blen;
        if (nn_model_serialise(&m, &back, &blen, err, sizeof err) || blen != len || memcmp(back, file, len))
            abort();
        free(back);
        const game_def *for_net = g;
        if (!for_net)
            for (int i = 0; i < ng; i++)
                if (!strcmp(games[i]->name, m.game))
                    for_net = games[i];
        nn_net net;
        if (for_net && !nn_net_make(&net, &m, for_net, err, sizeof err)) {
            play(&net, for_net);
            nn_net_free(&net);
        } else if (for_net && (!err[0] || strchr(err, '\n'))) {
            abort();
        }
        nn_model_free(&m);
    }
    free(built);
    return 0;
}
