/* game_data.c — one game as the viewer's data file (games/N.js): actions, the
 * position string after every ply, and the SVG of the pieces as interned lines
 * with, per ply, the lines that leave and those that come (see site.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "engine/replay.h"
#include "out.h"
#include "site.h"

#define SVG_MAX 32768

/* The distinct SVG lines of one game, interned so that a ply refers to its
 * lines by number (open addressing; the table only grows). */
typedef struct lines {
    char **text;
    uint32_t n, cap;
    uint32_t *slot; /* index + 1, 0 empty */
    uint32_t nslot;
} lines;

static uint32_t hash_text(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* The number of line s[0..len), added when new; -1 out of memory. */
static long intern(lines *t, const char *s, size_t len)
{
    if (2 * (t->n + 1) > t->nslot) {
        uint32_t nslot = t->nslot ? 2 * t->nslot : 256, *slot = calloc(nslot, sizeof *slot);
        if (!slot)
            return -1;
        for (uint32_t i = 0; i < t->n; i++) {
            uint32_t h = hash_text(t->text[i], strlen(t->text[i])) & (nslot - 1);
            while (slot[h])
                h = (h + 1) & (nslot - 1);
            slot[h] = i + 1;
        }
        free(t->slot);
        t->slot = slot;
        t->nslot = nslot;
    }
    uint32_t h = hash_text(s, len) & (t->nslot - 1);
    for (; t->slot[h]; h = (h + 1) & (t->nslot - 1)) {
        const char *x = t->text[t->slot[h] - 1];
        if (!strncmp(x, s, len) && !x[len])
            return t->slot[h] - 1;
    }
    if (t->n == t->cap) {
        uint32_t cap = t->cap ? 2 * t->cap : 128;
        char **text = realloc(t->text, cap * sizeof *text);
        if (!text)
            return -1;
        t->text = text;
        t->cap = cap;
    }
    if (!(t->text[t->n] = strndup(s, len)))
        return -1;
    t->slot[h] = t->n + 1;
    return t->n++;
}

static void lines_free(lines *t)
{
    for (uint32_t i = 0; i < t->n; i++)
        free(t->text[i]);
    free(t->text);
    free(t->slot);
}

const char *view_seat_name(const game_def *game, int seat, char name[16])
{
    if (game->seat_names)
        return game->seat_names[seat];
    snprintf(name, 16, "seat %d", seat);
    return name;
}

const char *view_setup_name(const game_def *game, int setup)
{
    int kinds = 0;
    while (game->setup_names[kinds])
        kinds++;
    return setup >= 0 && setup < kinds ? game->setup_names[setup] : "?";
}

const char *view_ending_name(const game_def *game, int ending)
{
    for (int e = 1; ending > 0 && game->ending_names[e]; e++)
        if (e == ending)
            return game->ending_names[e];
    return "unfinished";
}

/* A score as the result line writes it: 1, 0, a half as "½", else as few
 * decimals as it needs (Talat's points, TRID's thirds). */
static void put_score(buf *b, double v)
{
    if (v == 0.5)
        out_str(b, "\u00bd");
    else
        out_printf(b, "%.4g", v);
}

void view_result_text(const rec_game *g, int players, buf *b)
{
    if (g->ending == 0 && !g->forfeit) {
        out_str(b, "*");
        return;
    }
    for (int k = 0; k < players; k++) {
        if (k)
            out_str(b, "-");
        put_score(b, g->scores[k]);
    }
}

/* The line above the position: who is to act and at what stage, or how
 * the game ended. */
static void put_status(buf *b, const game_def *game, const void *s, const rec_game *g, int players, bool last)
{
    char name[16], stage[64] = "";
    bool over = game->over(s);
    int seat = over ? -1 : game->to_act(s);
    buf t = { 0 };
    if (!over && last && g->forfeit) {
        out_printf(&t, "game over: %s forfeits (%s", view_seat_name(game, g->forfeit_seat, name),
                   game_forfeit_names[g->forfeit % GAME_FORFEITS]);
        if (g->forfeit_text[0])
            out_printf(&t, ": %s", g->forfeit_text);
        out_str(&t, ")");
    } else if (!over) {
        game->view->stage(s, stage, sizeof stage);
        out_printf(&t, "%s%s to act%s%s", last ? "unfinished: " : "", view_seat_name(game, seat, name),
                   stage[0] && !last ? ": " : "", last ? "" : stage);
    } else {
        int winner = rec_game_winner(g);
        if (winner >= 0)
            out_printf(&t, "game over: %s wins", view_seat_name(game, winner, name));
        else {
            out_str(&t, "game over: first place shared by ");
            for (int k = 0, any = 0; k < players; k++)
                if (g->ranks[k] == 0)
                    out_printf(&t, "%s%s", any++ ? " and " : "", view_seat_name(game, k, name));
        }
        const char *e = view_ending_name(game, g->ending);
        out_str(&t, " (");
        for (; *e; e++)
            buf_byte(&t, *e == '_' ? ' ' : *e);
        if (game->score_max != 1) {
            out_str(&t, ", points ");
            for (int k = 0; k < players; k++)
                out_printf(&t, "%s%.4g", k ? "-" : "", g->scores[k]);
        }
        out_str(&t, ")");
    }
    buf_byte(&t, 0);
    jsonw_script_string(b, t.failed ? "" : (const char *)t.data);
    buf_free(&t);
}

/* One ply's change: the lines of the previous ply that are gone, then the
 * new ones, as [[gone...],[new...]].  mark[] holds, per line number, the
 * ply that last showed it. */
static void put_delta(buf *b, const long *prev, int nprev, const long *cur, int ncur, uint32_t *mark, uint32_t ply)
{
    for (int i = 0; i < ncur; i++)
        mark[cur[i]] = ply + 1;
    out_str(b, "[[");
    for (int i = 0, first = 1; i < nprev; i++)
        if (mark[prev[i]] != ply + 1)
            out_printf(b, "%s%ld", first ? "" : ",", prev[i]), first = 0;
    out_str(b, "],[");
    for (int i = 0, first = 1; i < ncur; i++) {
        bool was = false;
        for (int j = 0; j < nprev && !was; j++)
            was = prev[j] == cur[i];
        if (!was)
            out_printf(b, "%s%ld", first ? "" : ",", cur[i]), first = 0;
    }
    out_str(b, "]]");
}

/* Splits svg into lines and interns them into cur[]; the count, or -1. */
static int split_lines(lines *t, const char *svg, long *cur, int max)
{
    int n = 0;
    for (const char *s = svg; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (len) {
            if (n == max || (cur[n] = intern(t, s, len)) < 0)
                return -1;
            n++;
        }
        s += len + (nl != NULL);
    }
    return n;
}

#define MAX_LINES 1024

/* What view_game_data builds as the game is replayed, ply by ply. */
typedef struct game_pages {
    const game_def *game;
    const rec_game *g;
    int players;
    char text[GAME_TEXT_MAX], *svg;
    long *prev, *cur;
    int nprev;
    uint32_t *mark, nmark;
    lines t;
    buf acts, poss, plies, stat, toact;
    char *err;
    size_t n;
    bool failed;
} game_pages;

/* One ply: the action played from it, its position, status, seat to act
 * and drawing (as the change from the ply before).  1 on failure. */
static int add_ply(void *ctx, const void *s, int ply)
{
    game_pages *p = ctx;
    const game_def *game = p->game;
    const rec_game *g = p->g;
    game_action last = ply ? g->actions[ply - 1] : GAME_NO_ACTION;
    if (ply < g->nactions) {
        char a[64];
        game->action_to_text(s, g->actions[ply], a, sizeof a);
        out_str(&p->acts, ply ? "," : "");
        jsonw_script_string(&p->acts, a);
    }
    if (game->to_text(s, p->text, sizeof p->text) < 0)
        p->text[0] = 0;
    out_str(&p->poss, ply ? "," : "");
    jsonw_script_string(&p->poss, p->text);
    out_str(&p->stat, ply ? "," : "");
    put_status(&p->stat, game, s, g, p->players, ply == g->nactions);
    out_printf(&p->toact, "%s%d", ply ? "," : "", game->over(s) ? -1 : game->to_act(s));
    int ncur;
    if (game->view->pieces(s, last, p->svg, SVG_MAX) < 0 ||
        (ncur = split_lines(&p->t, p->svg, p->cur, MAX_LINES)) < 0) {
        snprintf(p->err, p->n, "game %llu, ply %d: the drawing is too large or memory ran out",
                 (unsigned long long)g->id, ply);
        return p->failed = true;
    }
    if (p->t.n > p->nmark) {
        uint32_t *m = realloc(p->mark, p->t.n * sizeof *m);
        if (!m) {
            snprintf(p->err, p->n, "out of memory");
            return p->failed = true;
        }
        memset(m + p->nmark, 0, (p->t.n - p->nmark) * sizeof *m);
        p->mark = m;
        p->nmark = p->t.n;
    }
    out_str(&p->plies, ply ? "," : "");
    put_delta(&p->plies, p->prev, p->nprev, p->cur, ncur, p->mark, (uint32_t)ply);
    memcpy(p->prev, p->cur, (size_t)ncur * sizeof *p->cur);
    p->nprev = ncur;
    return 0;
}

int view_game_data(const game_def *game, const rec_game *g, uint64_t index, buf *b, char *err, size_t n)
{
    game_pages *p = calloc(1, sizeof *p);
    void *s = malloc(game->state_size);
    int rc = -1, players = 0;
    if (!p || !s || !(p->svg = malloc(SVG_MAX)) || !(p->prev = malloc(2 * MAX_LINES * sizeof *p->prev))) {
        snprintf(err, n, "out of memory");
        goto done;
    }
    p->cur = p->prev + MAX_LINES;
    p->game = game, p->g = g, p->err = err, p->n = n;
    memcpy(s, g->start, game->state_size);
    players = p->players = game->players(s);
    game_replay(game, s, g->actions, g->nactions, NULL, add_ply, p);
    if (p->failed)
        goto done;
    char name[16];
    out_printf(b, "triadGame({\"index\":%llu,\"id\":%llu,\"setup\":", (unsigned long long)index,
               (unsigned long long)g->id);
    jsonw_script_string(b, view_setup_name(game, g->setup));
    out_printf(b, ",\"rotation\":%d,\"seats\":[", g->rotation);
    for (int k = 0; k < players; k++) {
        out_str(b, k ? "," : "");
        jsonw_script_string(b, view_seat_name(game, k, name));
    }
    out_str(b, "],\"specs\":[");
    for (int k = 0; k < players; k++) {
        out_str(b, k ? "," : "");
        jsonw_script_string(b, g->specs[k]);
    }
    out_str(b, "],\"scores\":[");
    for (int k = 0; k < players; k++)
        out_printf(b, "%s%.17g", k ? "," : "", g->scores[k]);
    out_printf(b, "],\"winner\":%d,\"result\":\"", rec_game_winner(g));
    view_result_text(g, players, b);
    out_str(b, "\",\"ending\":");
    jsonw_script_string(b, view_ending_name(game, g->ending));
    out_printf(b, ",\"turns\":%d,\n\"actions\":[", g->turns);
    buf_put(b, p->acts.data, p->acts.len);
    out_str(b, "],\n\"positions\":[");
    buf_put(b, p->poss.data, p->poss.len);
    out_str(b, "],\n\"status\":[");
    buf_put(b, p->stat.data, p->stat.len);
    out_str(b, "],\n\"toact\":[");
    buf_put(b, p->toact.data, p->toact.len);
    out_str(b, "],\n\"lines\":[");
    for (uint32_t i = 0; i < p->t.n; i++) {
        out_str(b, i ? ",\n" : "");
        jsonw_script_string(b, p->t.text[i]);
    }
    out_str(b, "],\n\"plies\":[");
    buf_put(b, p->plies.data, p->plies.len);
    out_str(b, "]});\n");
    rc = 0;
    if (p->acts.failed || p->poss.failed || p->plies.failed || p->stat.failed || p->toact.failed || b->failed) {
        snprintf(err, n, "out of memory");
        rc = -1;
    }
done:
    if (p) {
        lines_free(&p->t);
        buf_free(&p->acts);
        buf_free(&p->poss);
        buf_free(&p->plies);
        buf_free(&p->stat);
        buf_free(&p->toact);
        free(p->mark);
        free(p->prev);
        free(p->svg);
    }
    free(p);
    free(s);
    return rc;
}
