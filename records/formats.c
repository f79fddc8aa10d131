/* formats.c — see formats.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "formats.h"

const game_format *rec_format_find(const game_def *gd, const char *name, char *err, size_t n)
{
    size_t len = 0;
    for (const game_format *const *f = gd->formats; f && *f; f++)
        if (!strcmp((*f)->name, name))
            return *f;
    len = (size_t)snprintf(err, n, "%s has no records format '%.40s' (it has ", gd->name, name);
    if (!gd->formats && len < n)
        len += (size_t)snprintf(err + len, n - len, "none");
    for (const game_format *const *f = gd->formats; f && *f && len < n; f++)
        len += (size_t)snprintf(err + len, n - len, "%s%s", f == gd->formats ? "" : ", ", (*f)->name);
    if (len < n)
        snprintf(err + len, n - len, ")");
    return NULL;
}

bool rec_format_known(const char *name)
{
    char err[8];
    for (const game_def *const *g = game_list(); *g; g++)
        if (rec_format_find(*g, name, err, sizeof err))
            return true;
    return false;
}

void rec_format_names(char *out, size_t n)
{
    size_t len = 0;
    if (n)
        out[0] = 0;
    for (const game_def *const *g = game_list(); *g; g++)
        for (const game_format *const *f = (*g)->formats; f && *f && len < n; f++) {
            bool seen = false; /* two games may share a format's name: say it once */
            for (const game_def *const *h = game_list(); h < g; h++) {
                char e[8];
                seen |= rec_format_find(*h, (*f)->name, e, sizeof e) != NULL;
            }
            if (!seen)
                len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "", (*f)->name);
        }
}

typedef struct import_ctx {
    const game_def *gd;
    uint64_t *next_id;
    rec_sink sink;
    void *ctx;
    rec_game *g;
    char why[200];                    /* the replay's complaint, if it had one */
} import_ctx;

/* A transcript as a record: its id, and the replay's result. */
static int take(void *p, const game_transcript *t)
{
    import_ctx *c = p;
    rec_game *g = c->g;
    int setups = 0;
    while (c->gd->setup_names[setups])
        setups++;
    if (t->nactions < 0 || t->nactions > REC_MAX_ACTIONS || t->setup < 0 || t->setup >= setups ||
        t->nplayers < c->gd->min_players || t->nplayers > c->gd->max_players) {
        snprintf(c->why, sizeof c->why, "%d actions, setup %d, %d players: out of range", t->nactions, t->setup,
                 t->nplayers);
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->setup = t->setup;
    memcpy(g->start, t->start, c->gd->state_size);
    for (int s = 0; s < t->nplayers && s < GAME_MAX_PLAYERS; s++)
        memcpy(g->specs[s], t->players[s], REC_SPEC_MAX);
    g->nactions = t->nactions;
    memcpy(g->actions, t->actions, (size_t)t->nactions * sizeof *g->actions);
    if (rec_game_replay(c->gd, g, c->why, sizeof c->why))
        return -1;
    g->id = (*c->next_id)++;
    return c->sink(c->ctx, g);
}

int rec_import(const game_def *gd, const game_format *f, const char *text, size_t len, const char *file, uint64_t *next_id,
               rec_sink sink, void *ctx, char *err, size_t n)
{
    import_ctx c = { gd, next_id, sink, ctx, malloc(sizeof(rec_game)), "" };
    if (!c.g) {
        snprintf(err, n, "%s: out of memory", file);
        return -1;
    }
    int got = f->import_text(gd, text, len, file, take, &c, err, n);
    if (got < 0 && c.why[0]) /* the format checks legality and counts, so this is a format's defect */
        snprintf(err, n, "%s: a game the format read cannot be stored: %s", file, c.why);
    free(c.g);
    return got;
}

int rec_export(const game_def *gd, const game_format *f, const rec_game *g, int players, buf *out, char *err,
               size_t n)
{
    game_transcript *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    t->id = g->id;
    t->setup = g->setup;
    t->nplayers = players;
    memcpy(t->start, g->start, gd->state_size);
    for (int s = 0; s < players && s < GAME_MAX_PLAYERS; s++)
        memcpy(t->players[s], g->specs[s], GAME_PLAYER_NAME_MAX);
    t->nactions = g->nactions;
    memcpy(t->actions, g->actions, (size_t)g->nactions * sizeof *t->actions);
    size_t len = out->len;
    int rc = f->export_game(gd, t, out, err, n);
    if (rc)
        out->len = len;
    free(t);
    return rc;
}
