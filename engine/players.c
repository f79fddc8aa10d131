/* players.c — players of any game from spec strings (players.h): the
 * game's own kinds first, then the generic ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "engine/players.h"

/* The generic kinds, after the game's own: they need nothing but game.h. */
static const game_player_kind *const generic_kinds[] = { &gplayer_random, &gplayer_mcts, &gplayer_engine, NULL };

const char *const game_forfeit_names[GAME_FORFEITS] = { "none", "illegal", "crash", "timeout", "protocol" };

struct gplayer {
    const game_player_kind *kind;
    void *impl;
    char spec[GPLAYER_SPEC_MAX];
};

static const game_player_kind *find_kind(const game_def *g, const char *name)
{
    for (int i = 0; g->player_kinds && g->player_kinds[i]; i++)
        if (!strcmp(g->player_kinds[i]->name, name))
            return g->player_kinds[i];
    for (int i = 0; generic_kinds[i]; i++)
        if (!strcmp(generic_kinds[i]->name, name))
            return generic_kinds[i];
    return NULL;
}

/* "unknown player 'x' for tzaar (expected random, greedy, ab, mcts)"; a
 * generic kind the game overrides is named once. */
static void unknown(const game_def *g, const char *name, char *err, size_t n)
{
    size_t len = (size_t)snprintf(err, n, "unknown player '%.64s' for %s (expected", name, g->name);
    const char *sep = " ";
    for (int pass = 0; pass < 2; pass++) {
        const game_player_kind *const *list = pass ? generic_kinds : g->player_kinds;
        for (int i = 0; list && list[i] && len < n; i++)
            if (!pass || find_kind(g, list[i]->name) == list[i]) {
                len += (size_t)snprintf(err + len, n - len, "%s%s", sep, list[i]->name);
                sep = ", ";
            }
    }
    if (len < n)
        snprintf(err + len, n - len, ")");
}

gplayer *gplayer_new(const game_def *g, const char *spec, char *err, size_t n)
{
    char name[GPLAYER_SPEC_MAX], canon[GPLAYER_SPEC_MAX];
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len >= sizeof name || strlen(spec) >= GPLAYER_SPEC_MAX) {
        snprintf(err, n, "player spec longer than %d characters", GPLAYER_SPEC_MAX - 1);
        return NULL;
    }
    memcpy(name, spec, len);
    name[len] = 0;
    const game_player_kind *kind = find_kind(g, name);
    if (!kind) {
        unknown(g, name, err, n);
        return NULL;
    }
    if (gplayer_check_keys(kind, colon ? colon + 1 : NULL, err, n)) /* the kind's table: players.h */
        return NULL;
    gplayer *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    canon[0] = 0;
    p->kind = kind;
    p->impl = kind->create(g, colon ? colon + 1 : NULL, canon, sizeof canon, err, n);
    if (!p->impl) {
        free(p);
        return NULL;
    }
    if ((size_t)snprintf(p->spec, sizeof p->spec, "%s%s%s", name, canon[0] ? ":" : "", canon) >= sizeof p->spec) {
        snprintf(err, n, "player spec longer than %d characters", GPLAYER_SPEC_MAX - 1);
        gplayer_free(p);
        return NULL;
    }
    return p;
}

void gplayer_free(gplayer *p)
{
    if (p) {
        p->kind->destroy(p->impl);
        free(p);
    }
}

const char *gplayer_spec(const gplayer *p)
{
    return p->spec;
}

game_action gplayer_choose(gplayer *p, const void *s, uint64_t seed)
{
    return p->kind->choose(p->impl, s, seed);
}

void gplayer_begin(gplayer *p, const void *start)
{
    if (p->kind->begin)
        p->kind->begin(p->impl, start);
}

void gplayer_forfeit(gplayer *p, game_forfeit *out)
{
    memset(out, 0, sizeof *out);
    if (p->kind->forfeit)
        p->kind->forfeit(p->impl, out);
    if (!out->reason) { /* a kind that cannot fail returned no action: a bug, called a protocol error */
        out->reason = GAME_FORFEIT_PROTOCOL;
        snprintf(out->text, sizeof out->text, "chose no action");
    }
}

int gplayer_overruns(gplayer *p)
{
    return p->kind->overruns ? p->kind->overruns(p->impl) : 0;
}

bool gplayer_report(const gplayer *p, game_search_report *out)
{
    return p->kind->report && p->kind->report(p->impl, out);
}

void gplayer_set_progress(gplayer *p, game_progress_fn fn, void *ctx)
{
    if (p->kind->set_progress)
        p->kind->set_progress(p->impl, fn, ctx);
}

int gplayer_each_option(const char *kind, const char *opts, gplayer_option_fn set, void *ctx, char *err, size_t n)
{
    char text[GPLAYER_SPEC_MAX];
    if (opts && strlen(opts) >= sizeof text) {
        snprintf(err, n, "player '%s': options longer than %zu characters", kind, sizeof text - 1);
        return -1;
    }
    snprintf(text, sizeof text, "%s", opts ? opts : "");
    for (char *item = opts ? text : NULL, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = 0;
        char *eq = strchr(item, '=');
        if (!eq || eq == item) {
            snprintf(err, n, "player '%s': expected key=value, got '%s'", kind, MSG_PATH(item));
            return -1;
        }
        *eq = 0;
        if (set(ctx, item, eq + 1, err, n))
            return -1;
    }
    return 0;
}

int gplayer_canonical(const game_def *g, const char *spec, bool stored, char *out, size_t n, char *err, size_t en)
{
    char name[GPLAYER_SPEC_MAX], canon[GPLAYER_SPEC_MAX];
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len >= sizeof name || strlen(spec) >= GPLAYER_SPEC_MAX) {
        snprintf(err, en, "player spec longer than %d characters", GPLAYER_SPEC_MAX - 1);
        return -1;
    }
    memcpy(name, spec, len);
    name[len] = 0;
    const game_player_kind *kind = find_kind(g, name);
    if (!kind) {
        unknown(g, name, err, en);
        return -1;
    }
    canon[0] = 0;
    const char *opts = colon ? colon + 1 : NULL;
    if (gplayer_check_keys(kind, opts, err, en))
        return -1;
    if (kind->canonical) {
        if (kind->canonical(g, opts, stored, canon, sizeof canon, err, en))
            return -1;
    } else {
        void *impl = kind->create(g, opts, canon, sizeof canon, err, en);
        if (!impl)
            return -1;
        kind->destroy(impl);
    }
    if ((size_t)snprintf(out, n, "%s%s%s", name, canon[0] ? ":" : "", canon) >= n) {
        snprintf(err, en, "player spec longer than %zu characters", n ? n - 1 : 0);
        return -1;
    }
    return 0;
}

typedef struct option_find {
    const char *key;
    char *out;
    size_t n;
} option_find;

static int find_option(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    option_find *f = ctx;
    (void)err, (void)n;
    if (!strcmp(key, f->key))
        snprintf(f->out, f->n, "%s", value); /* a repeated key: the last one counts */
    return 0;
}

int gplayer_spec_option(const char *spec, const char *key, char *out, size_t n)
{
    char err[8];
    const char *colon = strchr(spec, ':');
    option_find f = { key, out, n };
    if (n)
        out[0] = 0;
    return colon ? gplayer_each_option("", colon + 1, find_option, &f, err, sizeof err) : 0;
}
