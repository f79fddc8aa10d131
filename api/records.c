/* records.c — libtriad's records reader (include/triad.h): the games of a
 * records file one at a time, as the JSON objects `triad records export
 * --format jsonl` writes (the same code writes both), or as a start state
 * and actions to replay with the state functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/buf.h"
#include "core/jsonw.h"
#include "records/record.h"
#include "records/record_export.h"
#include "api.h"

struct triad_records {
    rec_reader *r;
    rec_game *g;      /* the game just read */
    bool have;        /* g holds a game */
    triad_game game;  /* the current run's */
    buf json;
};

int triad_records_open(triad_records **out, const char *path, char *err, size_t n)
{
    char why[400];
    if (!out || !path)
        return api_fail(err, n, TRIAD_EARG, "triad_records_open: NULL argument");
    *out = NULL;
    triad_records *r = calloc(1, sizeof *r);
    if (!r || !(r->g = malloc(sizeof *r->g))) {
        free(r);
        return api_fail(err, n, TRIAD_ENOMEM, "out of memory");
    }
    if (!(r->r = rec_reader_open(path, why, sizeof why))) {
        free(r->g);
        free(r);
        return api_fail(err, n, TRIAD_EIO, "%s", why);
    }
    r->game.gd = rec_reader_run(r->r)->game;
    r->game.players = rec_reader_run(r->r)->players;
    *out = r;
    return TRIAD_OK;
}

void triad_records_close(triad_records *r)
{
    if (!r)
        return;
    rec_reader_close(r->r);
    buf_free(&r->json);
    free(r->g);
    free(r);
}

int triad_records_next(triad_records *r, char *err, size_t n)
{
    if (!r)
        return api_fail(err, n, TRIAD_EARG, "triad_records_next: NULL reader");
    r->have = false;
    int rc = rec_reader_next(r->r, r->g);
    if (rc == REC_BAD)
        return api_fail(err, n, TRIAD_ECORRUPT, "%s", rec_reader_error(r->r));
    if (rc == REC_END)
        return 0;
    r->game.gd = rec_reader_run(r->r)->game;
    r->game.players = rec_reader_run(r->r)->players;
    r->have = true;
    return 1;
}

/* Ends r->json with a NUL and hands it out. */
static int hand_out(triad_records *r, const char **json, char *err, size_t n)
{
    buf_byte(&r->json, 0);
    if (r->json.failed) {
        buf_free(&r->json);
        return api_fail(err, n, TRIAD_ENOMEM, "out of memory");
    }
    *json = (const char *)r->json.data;
    return TRIAD_OK;
}

int triad_records_json(triad_records *r, int positions, const char **json, char *err, size_t n)
{
    char why[300];
    if (!r || !json)
        return api_fail(err, n, TRIAD_EARG, "triad_records_json: NULL argument");
    if (!r->have)
        return api_fail(err, n, TRIAD_EARG, "no game read (call triad_records_next first)");
    r->json.len = 0;
    if (rec_game_json(rec_reader_run(r->r), r->g, positions != 0, &r->json, why, sizeof why))
        return api_fail(err, n, TRIAD_ECORRUPT, "%s", why);
    return hand_out(r, json, err, n);
}

int triad_records_run_json(triad_records *r, const char **json, char *err, size_t n)
{
    if (!r || !json)
        return api_fail(err, n, TRIAD_EARG, "triad_records_run_json: NULL argument");
    r->json.len = 0;
    buf_byte(&r->json, '{');
    jsonw_printf(&r->json, "\"format\":%d,", rec_reader_version(r->r));
    rec_run_json_fields(rec_reader_run(r->r), &r->json);
    jsonw_printf(&r->json, ",\"score_scale\":%d}", rec_reader_run(r->r)->score_scale);
    return hand_out(r, json, err, n);
}

const triad_game *triad_records_game(const triad_records *r)
{
    return r ? &r->game : NULL;
}

uint64_t triad_records_id(const triad_records *r)
{
    return r && r->have ? r->g->id : 0;
}

int triad_records_start(const triad_records *r, triad_state **out, char *err, size_t n)
{
    if (out)
        *out = NULL;
    if (!r || !out)
        return api_fail(err, n, TRIAD_EARG, "triad_records_start: NULL argument");
    if (!r->have)
        return api_fail(err, n, TRIAD_EARG, "no game read (call triad_records_next first)");
    return api_state_wrap(out, &r->game, r->g->start, err, n);
}

int triad_records_actions(const triad_records *r, triad_action *out, int cap)
{
    if (!r)
        return TRIAD_EARG;
    if (!r->have)
        return 0;
    int k = r->g->nactions;
    if (out && cap > 0)
        memcpy(out, r->g->actions, (size_t)(k < cap ? k : cap) * sizeof *out);
    return k;
}
