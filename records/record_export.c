/* record_export.c — see record_export.h. */
#include <stdio.h>
#include <string.h>
#include "core/jsonw.h"
#include "engine/replay.h"
#include "record_export.h"

const char *rec_ending_name(const game_def *gd, int ending)
{
    for (int i = 1; ending > 0 && gd->ending_names[i]; i++)
        if (i == ending)
            return gd->ending_names[i];
    return "unfinished";
}

/* A game's ending as the export names it: a forfeit is `forfeit-REASON`,
 * as records cat shows it (the seat to act after the actions forfeited). */
static const char *game_ending(const rec_run *run, const rec_game *g, char *text, size_t n)
{
    if (g->forfeit > 0 && g->forfeit < GAME_FORFEITS) {
        snprintf(text, n, "forfeit-%s", game_forfeit_names[g->forfeit]);
        return text;
    }
    return rec_ending_name(run->game, g->ending);
}

static const char *source_name(int source)
{
    return source == REC_SOURCE_SELFPLAY ? "selfplay" : source == REC_SOURCE_IMPORT ? "import" : "?";
}

/* What a rotation moves, in words (rec_run.rotate): the names bias's JSON
 * and reports use (eval/bias.h's bias_rotate_name), a paired run's
 * "pieces,players" included. */
static const char *rotate_name(int rotate)
{
    switch (rotate & (REC_ROTATE_PIECES | REC_ROTATE_PLAYERS)) {
    case REC_ROTATE_PIECES: return "pieces";
    case REC_ROTATE_PLAYERS: return "players";
    case REC_ROTATE_PIECES | REC_ROTATE_PLAYERS: return "pieces,players";
    default: return "none";
    }
}

void rec_run_json_fields(const rec_run *run, buf *out)
{
    jsonw_key(out, "game", 1);
    jsonw_string(out, run->game->name);
    jsonw_key(out, "rules_version", 0);
    jsonw_string(out, run->rules_version);
    jsonw_key(out, "source", 0);
    jsonw_string(out, source_name(run->source));
    jsonw_printf(out, ",\"run_seed\":%llu", (unsigned long long)run->seed);
    jsonw_key(out, "setup", 0);
    jsonw_string(out, rec_start_name(run, run->setup));
    jsonw_printf(out, ",\"players\":%d,\"games\":%llu,\"rotations\":%d,\"replicates\":%d", run->players,
                 (unsigned long long)run->games, run->rotations, run->replicates);
    jsonw_key(out, "rotate", 0);
    jsonw_string(out, rotate_name(run->rotate));
    jsonw_printf(out, ",\"shard\":%u,\"shards\":%u", run->shard, run->shards ? run->shards : 1);
    jsonw_key(out, "run_specs", 0);
    buf_byte(out, '[');
    for (int i = 0; i < run->players; i++) {
        if (i)
            buf_byte(out, ',');
        jsonw_string(out, run->specs[i]);
    }
    buf_byte(out, ']');
    jsonw_printf(out, ",\"engine_signature\":\"%016llx\"", (unsigned long long)run->engine_sig);
}

/* What a game's export needs beyond the record: its start's text, the
 * text of every action (and of the position after it), and its ranks. */
typedef struct replayed {
    char start[GAME_TEXT_MAX];
    int ranks[GAME_MAX_PLAYERS];
    bool finished;
} replayed;

/* Replays g from its start, calling each(ctx, k, action text, position
 * text after it or NULL) for every action; fills r.  0, or -1 with err. */
typedef void (*each_action_fn)(void *ctx, int k, const char *act, const char *pos);

/* replay()'s walk over the positions (engine/replay.h's visitor): at ply k
 * the text of action k is taken, and at ply k + 1 the position after it
 * goes out with it. */
typedef struct export_walk {
    const game_def *gd;
    const rec_game *g;
    bool positions;
    each_action_fn each;
    void *ctx;
    char act[GAME_ACTION_TEXT_MAX];
    char *err;
    size_t n;
    bool failed;
} export_walk;

static int export_visit(void *ctx, const void *s, int ply)
{
    export_walk *w = ctx;
    unsigned long long id = (unsigned long long)w->g->id;
    if (ply > 0) {
        char text[GAME_TEXT_MAX];
        if (w->positions && w->gd->to_text(s, text, sizeof text) < 0) {
            snprintf(w->err, w->n, "game %llu: position %d has no position string", id, ply);
            w->failed = true;
            return 1;
        }
        w->each(w->ctx, ply - 1, w->act, w->positions ? text : NULL);
    }
    if (ply < w->g->nactions) {
        if (w->gd->over(s)) {
            snprintf(w->err, w->n, "game %llu: action %d comes after the end", id, ply + 1);
            w->failed = true;
            return 1;
        }
        w->gd->action_to_text(s, w->g->actions[ply], w->act, sizeof w->act);
    }
    return 0;
}

static int replay(const rec_run *run, const rec_game *g, bool positions, each_action_fn each, void *ctx,
                  replayed *r, char *err, size_t n)
{
    const game_def *gd = run->game;
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, g->start, gd->state_size);
    if (gd->to_text(s, r->start, sizeof r->start) < 0) {
        snprintf(err, n, "game %llu: its start has no position string", (unsigned long long)g->id);
        return -1;
    }
    export_walk w = { .gd = gd, .g = g, .positions = positions, .each = each, .ctx = ctx, .err = err, .n = n };
    game_replay(gd, s, g->actions, g->nactions, NULL, export_visit, &w);
    if (w.failed)
        return -1;
    /* A forfeit ends the game too (docs/records.md, "Forfeits"): its
     * scores are stored, and the ranks come from them below. */
    r->finished = g->ending != 0 || g->forfeit > 0;
    if (!r->finished)
        return 0;
    if (gd->over(s)) {
        gd->rank(s, r->ranks);
        return 0;
    }
    /* Finished by the record but not by the rules (an imported game that
     * was resigned, a forfeit): ranks from the scores. */
    for (int i = 0; i < run->players; i++) {
        r->ranks[i] = 0;
        for (int k = 0; k < run->players; k++)
            r->ranks[i] += g->scores[k] > g->scores[i];
    }
    return 0;
}

/* The actions' and the positions' texts, each list in a buffer of its
 * own: JSON arrays' items, or CSV's joined lists. */
typedef struct lists {
    buf actions, positions;
    bool json;
    bool bar; /* CSV: a position holds the separator */
} lists;

static void add_action(void *ctx, int k, const char *act, const char *pos)
{
    lists *c = ctx;
    if (k)
        buf_byte(&c->actions, c->json ? ',' : ' ');
    if (c->json)
        jsonw_string(&c->actions, act);
    else
        jsonw_raw(&c->actions, act);
    if (!pos)
        return;
    if (k)
        jsonw_raw(&c->positions, c->json ? "," : " | ");
    if (c->json)
        jsonw_string(&c->positions, pos);
    else
        jsonw_raw(&c->positions, pos);
    c->bar |= strchr(pos, '|') != NULL;
}

static void lists_free(lists *l)
{
    buf_free(&l->actions);
    buf_free(&l->positions);
}

int rec_game_json(const rec_run *run, const rec_game *g, bool positions, buf *out, char *err, size_t n)
{
    lists l = { { 0 }, { 0 }, true, false };
    replayed r;
    if (replay(run, g, positions, add_action, &l, &r, err, n)) {
        lists_free(&l);
        return -1;
    }
    buf_byte(out, '{');
    rec_run_json_fields(run, out);
    jsonw_printf(out, ",\"id\":%llu,\"setup_index\":%llu,\"rotation\":%d,\"replicate\":%d",
                 (unsigned long long)g->id,
                 (unsigned long long)(run->source == REC_SOURCE_SELFPLAY ? rec_setup_index(run, g->id) : g->id),
                 g->rotation, run->source == REC_SOURCE_SELFPLAY ? rec_replicate(run, g->id) : 0);
    jsonw_printf(out, ",\"game_seed\":\"%016llx\",\"specs\":[", (unsigned long long)g->seed);
    for (int i = 0; i < run->players; i++) {
        if (i)
            buf_byte(out, ',');
        jsonw_string(out, g->specs[i]);
    }
    jsonw_raw(out, "],\"start\":");
    jsonw_string(out, r.start);
    jsonw_raw(out, ",\"actions\":[");
    buf_put(out, l.actions.data, l.actions.len);
    buf_byte(out, ']');
    if (positions) {
        jsonw_raw(out, ",\"positions\":[");
        buf_put(out, l.positions.data, l.positions.len);
        buf_byte(out, ']');
    }
    out->failed |= l.actions.failed || l.positions.failed;
    lists_free(&l);
    if (r.finished) {
        jsonw_raw(out, ",\"scores\":[");
        for (int i = 0; i < run->players; i++) {
            if (i)
                buf_byte(out, ',');
            jsonw_double(out, g->scores[i]);
        }
        jsonw_raw(out, "],\"ranks\":[");
        for (int i = 0; i < run->players; i++)
            jsonw_printf(out, "%s%d", i ? "," : "", r.ranks[i]);
        buf_byte(out, ']');
    } else {
        jsonw_raw(out, ",\"scores\":null,\"ranks\":null");
    }
    char ending[48];
    jsonw_key(out, "ending", 0);
    jsonw_string(out, game_ending(run, g, ending, sizeof ending));
    jsonw_printf(out, ",\"finished\":%s,\"turns\":%d}", r.finished ? "true" : "false", g->turns);
    return 0;
}

/* ---- CSV ---- */

static const char *const csv_run_cols[] = { "game", "rules_version", "source", "run_seed", "setup", "players",
                                            "games", "rotations", "replicates", "rotate", "shard", "shards",
                                            NULL };

void rec_csv_header(bool positions, buf *out)
{
    for (int i = 0; csv_run_cols[i]; i++)
        jsonw_printf(out, "%s%s", i ? "," : "", csv_run_cols[i]);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        jsonw_printf(out, ",run_spec%d", i);
    jsonw_raw(out, ",engine_signature,id,setup_index,rotation,replicate,game_seed");
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        jsonw_printf(out, ",spec%d", i);
    jsonw_raw(out, ",start,actions");
    if (positions)
        jsonw_raw(out, ",positions");
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        jsonw_printf(out, ",score%d", i);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        jsonw_printf(out, ",rank%d", i);
    jsonw_raw(out, ",ending,finished,turns\r\n");
}

static void csv_text(buf *out, const buf *text)
{
    buf t = { 0 };
    buf_put(&t, text->data, text->len);
    buf_byte(&t, 0);
    if (!t.failed)
        csvw_field(out, (const char *)t.data);
    out->failed |= t.failed;
    buf_free(&t);
}

int rec_game_csv(const rec_run *run, const rec_game *g, bool positions, buf *out, char *err, size_t n)
{
    lists ctx = { { 0 }, { 0 }, false, false };
    replayed r;
    if (replay(run, g, positions, add_action, &ctx, &r, err, n) ||
        (ctx.bar && (snprintf(err, n, "game %llu: a position string holds '|', the CSV positions' separator",
                              (unsigned long long)g->id), 1))) {
        lists_free(&ctx);
        return -1;
    }
    csvw_field(out, run->game->name);
    buf_byte(out, ',');
    csvw_field(out, run->rules_version);
    jsonw_printf(out, ",%s,%llu,", source_name(run->source), (unsigned long long)run->seed);
    csvw_field(out, rec_start_name(run, run->setup));
    jsonw_printf(out, ",%d,%llu,%d,%d,", run->players, (unsigned long long)run->games, run->rotations,
                 run->replicates);
    csvw_field(out, rotate_name(run->rotate)); /* "pieces,players" is quoted */
    jsonw_printf(out, ",%u,%u", run->shard, run->shards ? run->shards : 1);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++) {
        buf_byte(out, ',');
        if (i < run->players)
            csvw_field(out, run->specs[i]);
    }
    jsonw_printf(out, ",%016llx,%llu,%llu,%d,%d,%016llx", (unsigned long long)run->engine_sig,
                 (unsigned long long)g->id,
                 (unsigned long long)(run->source == REC_SOURCE_SELFPLAY ? rec_setup_index(run, g->id) : g->id),
                 g->rotation, run->source == REC_SOURCE_SELFPLAY ? rec_replicate(run, g->id) : 0,
                 (unsigned long long)g->seed);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++) {
        buf_byte(out, ',');
        if (i < run->players)
            csvw_field(out, g->specs[i]);
    }
    buf_byte(out, ',');
    csvw_field(out, r.start);
    buf_byte(out, ',');
    csv_text(out, &ctx.actions);
    if (positions) {
        buf_byte(out, ',');
        csv_text(out, &ctx.positions);
    }
    for (int i = 0; i < GAME_MAX_PLAYERS; i++) {
        buf_byte(out, ',');
        if (i < run->players && r.finished)
            jsonw_double(out, g->scores[i]);
    }
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        if (i < run->players && r.finished)
            jsonw_printf(out, ",%d", r.ranks[i]);
        else
            buf_byte(out, ',');
    char ending[48];
    buf_byte(out, ',');
    csvw_field(out, game_ending(run, g, ending, sizeof ending));
    jsonw_printf(out, ",%s,%d\r\n", r.finished ? "true" : "false", g->turns);
    lists_free(&ctx);
    return 0;
}
