/* test_formats.c — a game's own records formats (game_def.formats) through
 * the records layer (records/formats.h): any game can add one, not only
 * TZAAR.  A toy format for race3, written here ("SETUP;START;i j k ...":
 * the setup's name, the start's text, then each action's index among the
 * legal ones), is
 * exported and imported back; imports get ids and the replay's result;
 * a game without a format is refused by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "engine/game_codec.h"
#include "records/formats.h"

static int idx_import(const game_def *g, const char *text, size_t len, const char *file, game_transcript_fn sink,
                      void *ctx, char *err, size_t n)
{
    (void)len;
    game_transcript *t = calloc(1, sizeof *t);
    int games = 0;
    for (const char *p = text; t && *p; games++) {
        char setup[32], start[GAME_TEXT_MAX];
        int used;
        memset(t, 0, sizeof *t);
        if (sscanf(p, "%31[^;];%1023[^;];%n", setup, start, &used) != 2 || g->from_text(t->start, start, err, n)) {
            snprintf(err, n, "%s: game %d: bad start", file, games + 1);
            free(t);
            return -1;
        }
        t->nplayers = 3;
        for (int k = 0; g->setup_names[k]; k++)
            if (!strcmp(g->setup_names[k], setup))
                t->setup = k;
        snprintf(t->players[0], sizeof t->players[0], "idx:a");
        snprintf(t->players[1], sizeof t->players[1], "idx:b");
        snprintf(t->players[2], sizeof t->players[2], "idx:c");
        unsigned char s[GAME_STATE_MAX];
        memcpy(s, t->start, g->state_size);
        for (p += used; *p && *p != '\n';) {
            unsigned code;
            if (sscanf(p, " %u%n", &code, &used) != 1 || game_index_decode(g, s, code, &t->actions[t->nactions])) {
                snprintf(err, n, "%s: game %d: bad action", file, games + 1);
                free(t);
                return -1;
            }
            g->apply(s, t->actions[t->nactions++]);
            p += used;
        }
        if (*p == '\n')
            p++;
        if (sink(ctx, t)) {
            snprintf(err, n, "%s: game %d: could not be stored", file, games + 1);
            free(t);
            return -1;
        }
    }
    free(t);
    return games;
}

static int idx_export(const game_def *g, const game_transcript *t, buf *out, char *err, size_t n)
{
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, t->start, g->state_size);
    char start[GAME_TEXT_MAX];
    if (g->to_text(s, start, sizeof start) < 0) {
        snprintf(err, n, "game %llu: no room for the start", (unsigned long long)t->id);
        return -1;
    }
    buf_printf(out, "%s;%s;", g->setup_names[t->setup], start);
    for (int j = 0; j < t->nactions; j++) {
        buf_printf(out, "%s%u", j ? " " : "", (unsigned)game_index_encode(g, s, t->actions[j]));
        g->apply(s, t->actions[j]);
    }
    buf_printf(out, "\n");
    return 0;
}

static const game_format idx_format = { "idx", "action indices, one game a line", idx_import, idx_export };

typedef struct kept {
    rec_game *games;
    int n;
} kept;

static int keep(void *ctx, const rec_game *g)
{
    kept *k = ctx;
    k->games[k->n++] = *g;
    return 0;
}

static void formats_any_game_can_add_one(void)
{
    char err[300];
    const game_def *race3 = game_find("race3", err, sizeof err), *tzaar = game_find("tzaar", err, sizeof err);
    REQUIRE(race3 && tzaar);
    /* The registered race3 has no format: refused by name. */
    CHECK(rec_format_find(race3, "littlegolem", err, sizeof err) == NULL);
    CHECKF(!strcmp(err, "race3 has no records format 'littlegolem' (it has none)"), "%s", err);
    CHECK(rec_format_find(tzaar, "littlegolem", err, sizeof err) != NULL);
    CHECK(rec_format_find(tzaar, "idx", err, sizeof err) == NULL && strstr(err, "(it has littlegolem)"));
    CHECK(rec_format_known("littlegolem") && !rec_format_known("idx"));

    /* race3 with the toy format: played games go out and come back whole. */
    const game_format *const list[] = { &idx_format, NULL };
    game_def g = *race3;
    g.formats = list;
    CHECK(game_check(&g, err, sizeof err) == 0);
    REQUIRE(rec_format_find(&g, "idx", err, sizeof err) == &idx_format);
    rec_game *played = calloc(3, sizeof *played), *back = calloc(4, sizeof *back);
    REQUIRE(played && back);
    buf text = { 0 };
    for (int i = 0; i < 3; i++) {
        rec_game *p = &played[i];
        REQUIRE(g.setup(p->start, i ? "random" : "fixed", 3, (uint64_t)i + 7, err, sizeof err) == 0);
        p->setup = i ? 0 : 1; /* setup_names: random, fixed */
        p->id = 40 + (uint64_t)i;
        unsigned char s[GAME_STATE_MAX];
        memcpy(s, p->start, g.state_size);
        game_action legal[64];
        for (int j = 0; !g.over(s) && j < 5 + i; j++) { /* the last game stops early: unfinished */
            int k = g.legal(s, legal);
            p->actions[p->nactions] = legal[(j * 7 + i) % k];
            g.apply(s, p->actions[p->nactions++]);
        }
        REQUIRE(rec_game_replay(&g, p, err, sizeof err) == 0);
        CHECKF(rec_export(&g, &idx_format, p, 3, &text, err, sizeof err) == 0, "%s", err);
    }
    buf_byte(&text, 0);
    kept k = { back, 0 };
    uint64_t next = 5;
    CHECKF(rec_import(&g, &idx_format, (const char *)text.data, text.len - 1, "t.idx", &next, keep, &k, err, sizeof err) == 3,
           "%s", err);
    CHECK(k.n == 3 && next == 8);
    for (int i = 0; i < k.n && i < 3; i++) {
        const rec_game *a = &played[i], *b = &back[i];
        CHECK(b->id == 5 + (uint64_t)i && b->seed == 0 && b->setup == a->setup);
        CHECK(!memcmp(a->start, b->start, g.state_size) && a->nactions == b->nactions &&
              !memcmp(a->actions, b->actions, (size_t)a->nactions * sizeof *a->actions));
        CHECK(!memcmp(a->scores, b->scores, sizeof a->scores) && !memcmp(a->ranks, b->ranks, sizeof a->ranks));
        CHECK(a->ending == b->ending && a->turns == b->turns && !strcmp(b->specs[2], "idx:c"));
    }
    /* A bad line stops the import with the format's message. */
    CHECK(rec_import(&g, &idx_format, "fixed;3 0 0 10203012 0,2,4 0,0,0;0 9\n", 37, "bad.idx", &next, keep, &k, err,
                     sizeof err) == -1);
    CHECKF(!strcmp(err, "bad.idx: game 1: bad action"), "%s", err);
    buf_free(&text);
    free(played);
    free(back);
}

const test_case tests_formats[] = {
    { "formats_any_game_can_add_one", formats_any_game_can_add_one },
    { NULL, NULL },
};
