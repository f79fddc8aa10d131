/* fuzz_littlegolem.c — libFuzzer harness for the LittleGolem importer.
 *
 * Input: any bytes, read as the text of one file (NUL bytes in it included).  Checks,
 * each a failed one an abort():
 *   - lg_import() never crashes or trips a sanitizer; it returns -1 with a
 *     non-empty message that starts with the file's name, or the number of
 *     games it handed to the sink, with ids 0, 1, 2, ... in order;
 *   - every game handed over is sound: terminated player specs that start
 *     with "lg:", 0..REC_MAX_ACTIONS actions, a start that passes
 *     tz_pos_check(), and a replay (rec_game_replay) that agrees with the
 *     importer's result;
 *   - lg_export() of it fails with a message, or writes one line that
 *     imports again to the same start, actions and result (round trip).
 * Build and run with `make fuzz` (see docs/fuzzing.md). */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/position.h"
#include "engine/tzaar/game_tzaar.h"
#include "../lg_helpers.h"
#include "records/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX 65536
#define NAME "fuzz.txt"

static void fail(const char *what, const char *text, const char *detail)
{
    fprintf(stderr, "fuzz_littlegolem: %s\n  input: '%.300s'\n  %s\n", what, text ? text : "",
            detail ? detail : "");
    abort();
}

typedef struct sink_ctx {
    const char *text;      /* the input, for reports */
    uint64_t games;        /* handed over so far */
    rec_game *copy;        /* scratch: a replayed or re-imported game */
} sink_ctx;

static int same_game(const rec_game *a, const rec_game *b)
{
    return a->nactions == b->nactions && !memcmp(a->actions, b->actions, sizeof a->actions[0] * (size_t)a->nactions) &&
           !memcmp(&a->start, &b->start, sizeof a->start) && !memcmp(a->scores, b->scores, sizeof a->scores) &&
           a->ending == b->ending;
}

static int keep_one(void *ctx, const rec_game *g)
{
    sink_ctx *c = ctx;
    if (c->games++)
        return 0; /* counted; the caller checks there was one */
    *c->copy = *g;
    return 0;
}

static void round_trip(const sink_ctx *c, const rec_game *g)
{
    char err[512] = "", *line = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&line, &len);
    if (!out)
        abort();
    int rc = lg_export(out, g, err, sizeof err);
    fclose(out);
    if (rc) {
        if (!err[0])
            fail("lg_export failed without a message", c->text, NULL);
        free(line);
        return;
    }
    if (!len || line[len - 1] != '\n' || memchr(line, '\n', len - 1))
        fail("lg_export did not write one line", c->text, line);
    static rec_game again;
    sink_ctx back = { line, 0, &again };
    uint64_t id = 0;
    err[0] = '\0';
    if (lg_import(line, "exported", &id, keep_one, &back, err, sizeof err) != 1 || back.games != 1)
        fail("lg_export's output does not import as one game", line, err);
    if (!same_game(g, &again))
        fail("export then import changes the game", c->text, line);
    free(line);
}

static int check_game(void *ctx, const rec_game *g)
{
    sink_ctx *c = ctx;
    char err[256];
    if (g->id != c->games++)
        fail("game ids are not 0, 1, 2, ...", c->text, NULL);
    if (!memchr(g->specs[0], '\0', REC_SPEC_MAX) || !memchr(g->specs[1], '\0', REC_SPEC_MAX))
        fail("a player spec is not terminated", c->text, NULL);
    if (strncmp(g->specs[0], "lg:", 3) || strncmp(g->specs[1], "lg:", 3))
        fail("a player spec does not start with lg:", c->text, g->specs[0]);
    if (g->nactions < 0 || g->nactions > REC_MAX_ACTIONS)
        fail("the action count is out of range", c->text, NULL);
    const char *why = tz_pos_check(tz_pos_of(g->start));
    if (why)
        fail("the start fails pos_check", c->text, why);
    rec_game *again = c->copy;
    *again = *g;
    if (rec_game_replay(&game_tzaar, again, err, sizeof err))
        fail("an imported game does not replay", c->text, err);
    if (memcmp(again->scores, g->scores, sizeof g->scores) || again->ending != g->ending)
        fail("the importer's result is not the replay's", c->text, NULL);
    round_trip(c, g);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    static rec_game scratch;
    if (!ready) {
        tz_init();
        ready = 1;
    }
    if (size > INPUT_MAX)
        return -1;
    char *text = malloc(size + 1); /* exact size, so ASan sees any over-read */
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';

    sink_ctx c = { text, 0, &scratch };
    uint64_t next = 0;
    char err[512] = "";
    int got = lg_import_len(text, size, NAME, &next, check_game, &c, err, sizeof err); /* NUL bytes too */
    if (got < 0) {
        if (!err[0] || strncmp(err, NAME ": ", strlen(NAME) + 2))
            fail("lg_import failed without a message naming the file", text, err);
    } else if (next != c.games) {
        fail("lg_import's ids do not match the games handed over", text, NULL);
    }
    free(text);
    return 0;
}
