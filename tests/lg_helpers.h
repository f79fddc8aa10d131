/* lg_helpers.h — TZAAR's LittleGolem records for the tests and fuzzers, as
 * `triad records import/export --format littlegolem` reach them: through
 * the records layer (records/formats.h) and the game's format hook
 * (engine/tzaar/formats.h). */
#ifndef TRIAD_TEST_LG_HELPERS_H
#define TRIAD_TEST_LG_HELPERS_H

#include <stdio.h>
#include "engine/tzaar/formats.h"
#include "engine/tzaar/game_tzaar.h"
#include "records/formats.h"

#include <string.h>

/* text: NUL-terminated, its length taken as strlen's (lg_import_len for
 * text with NUL bytes of its own). */
static inline int lg_import_len(const char *text, size_t len, const char *name, uint64_t *next_id, rec_sink sink,
                                void *ctx, char *err, size_t n)
{
    return rec_import(&game_tzaar, &tz_format_littlegolem, text, len, name, next_id, sink, ctx, err, n);
}
static inline int lg_import(const char *text, const char *name, uint64_t *next_id, rec_sink sink, void *ctx,
                            char *err, size_t n)
{
    return lg_import_len(text, strlen(text), name, next_id, sink, ctx, err, n);
}

/* One line to out; -1 with a message when the game's start cannot be
 * written, or out cannot. */
static inline int lg_export(FILE *out, const rec_game *g, char *err, size_t n)
{
    buf b = { 0 };
    int rc = rec_export(&game_tzaar, &tz_format_littlegolem, g, 2, &b, err, n);
    if (!rc && (b.failed || fwrite(b.data, 1, b.len, out) != b.len || ferror(out))) {
        snprintf(err, n, "cannot write the output");
        rc = -1;
    }
    buf_free(&b);
    return rc;
}

#endif
