/* kinds.c — TZAAR's players (player.h) as the game interface's player
 * kinds.  Each kind hands "NAME[:OPTIONS]" to tz_player_new(), so the options,
 * their canonical form and every choice are exactly player.h's: the same
 * seed gives the same game through either door. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game_tzaar.h"
#include "player.h"

/* A kind's state: the player, and what its last choice found. */
typedef struct tz_kind_player {
    player *pl;
    bool has_report; /* a choice was made */
    search_report last;
    game_progress_fn progress;
    void *progress_ctx;
} tz_kind_player;

static void to_game_report(const search_report *r, game_search_report *out)
{
    out->depth = r->depth;
    out->score = r->score;
    out->nodes = r->nodes;
    out->seconds = r->seconds;
    out->pv_len = r->pv_len < GAME_PV_MAX ? r->pv_len : GAME_PV_MAX;
    for (int i = 0; i < out->pv_len; i++)
        out->pv[i] = r->pv[i];
}

static void *make(const char *name, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    char spec[300];
    if ((size_t)snprintf(spec, sizeof spec, "%s%s%s", name, opts ? ":" : "", opts ? opts : "") >= sizeof spec) {
        snprintf(err, n, "player spec longer than %zu characters", sizeof spec - 1);
        return NULL;
    }
    player *pl = tz_player_new(spec, err, n);
    if (!pl)
        return NULL;
    /* tz_player_spec() is "NAME" or "NAME:OPTIONS"; canon is the options. */
    const char *full = tz_player_spec(pl), *colon = strchr(full, ':');
    if ((size_t)snprintf(canon, cn, "%s", colon ? colon + 1 : "") >= cn) {
        snprintf(err, n, "player spec longer than %zu characters", cn - 1);
        tz_player_free(pl);
        return NULL;
    }
    tz_kind_player *k = calloc(1, sizeof *k);
    if (!k) {
        snprintf(err, n, "out of memory");
        tz_player_free(pl);
        return NULL;
    }
    k->pl = pl;
    return k;
}

static void *make_random(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    (void)g;
    return make("random", opts, canon, cn, err, n);
}

static void *make_greedy(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    (void)g;
    return make("greedy", opts, canon, cn, err, n);
}

static void *make_ab(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    (void)g;
    return make("ab", opts, canon, cn, err, n);
}

/* The canonical options of kind name without making the player. */
static int canonical(const char *name, const char *opts, bool stored, char *canon, size_t cn, char *err, size_t n)
{
    char spec[512], full[512];
    if ((size_t)snprintf(spec, sizeof spec, "%s%s%s", name, opts ? ":" : "", opts ? opts : "") >= sizeof spec) {
        snprintf(err, n, "player spec too long");
        return -1;
    }
    if (tz_player_canonical(spec, stored, full, sizeof full, err, n))
        return -1;
    const char *colon = strchr(full, ':');
    if ((size_t)snprintf(canon, cn, "%s", colon ? colon + 1 : "") >= cn) {
        snprintf(err, n, "player spec too long");
        return -1;
    }
    return 0;
}

static int canonical_random(const game_def *g, const char *opts, bool stored, char *canon, size_t cn, char *err,
                            size_t n)
{
    (void)g;
    return canonical("random", opts, stored, canon, cn, err, n);
}

static int canonical_greedy(const game_def *g, const char *opts, bool stored, char *canon, size_t cn, char *err,
                            size_t n)
{
    (void)g;
    return canonical("greedy", opts, stored, canon, cn, err, n);
}

static int canonical_ab(const game_def *g, const char *opts, bool stored, char *canon, size_t cn, char *err, size_t n)
{
    (void)g;
    return canonical("ab", opts, stored, canon, cn, err, n);
}

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    tz_kind_player *k = impl;
    k->has_report = true; /* every TZAAR player reports (random: depth 0) */
    return tz_player_choose(k->pl, &((const tz_state *)s)->pos, seed, &k->last);
}

static void destroy(void *impl)
{
    tz_kind_player *k = impl;
    tz_player_free(k->pl);
    free(k);
}

static bool report(void *impl, game_search_report *out)
{
    tz_kind_player *k = impl;
    if (k->has_report)
        to_game_report(&k->last, out);
    return k->has_report;
}

static void on_iteration(void *ctx, const search_report *r)
{
    tz_kind_player *k = ctx;
    game_search_report g;
    to_game_report(r, &g);
    k->progress(k->progress_ctx, &g);
}

static void set_progress(void *impl, game_progress_fn fn, void *ctx)
{
    tz_kind_player *k = impl;
    k->progress = fn;
    k->progress_ctx = ctx;
    tz_player_set_progress(k->pl, fn ? on_iteration : NULL, k);
}

static const game_player_kind kind_random = {
    "random", "a legal action drawn uniformly (TZAAR's own draw, as in every TZAAR record)",
    make_random, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_random,
};
static const game_player_kind kind_greedy = {
    "greedy", "the turn whose result the evaluation likes best; weights=FILE|default, place=eval|search|soft|random, ptemp=T",
    make_greedy, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_greedy,
};
static const game_player_kind kind_ab = {
    "ab", "alpha-beta search: depth=D, nodes=N, ms=T, noise=K, ties=1, tt=MB, weights=FILE|default, "
          "place=eval|search|soft|random, ptemp=T (docs/players.md)",
    make_ab, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_ab,
};

const game_player_kind *const tz_player_kinds[] = { &kind_random, &kind_greedy, &kind_ab, NULL };
