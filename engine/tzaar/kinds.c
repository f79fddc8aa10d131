/* kinds.c — TZAAR's players (player.h) as the game interface's player
 * kinds.  Each kind hands "NAME[:OPTIONS]" to tz_player_new(), so the options,
 * their canonical form and every choice are exactly player.h's: the same
 * seed gives the same game through either door. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/players.h"
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

/* The option tables (engine/players.h, GPLAYER_OPTION): player.c parses
 * them; the defaults are player.c's DEFAULT_DEPTH, DEFAULT_TT_MB and
 * placement.h's PLACE_TEMP_DEFAULT (tests/test_player.c checks that each
 * default gives the player its key's absence gives). */
#define TZ_WEIGHT_OPTIONS                                                                                      \
    GPLAYER_OPTION("weights", "", "evaluation weights file (docs/players.md); built in when absent, the same as " \
                   "weights=default, the data folder's data/weights/default.txt")                               \
    GPLAYER_OPTION("wcrc", "", "the CRC-32 the weights file must have (8 hex digits); added to the canonical "  \
                   "spec of a player with weights=, so a changed file is refused")                               \
    GPLAYER_OPTION("wsum", "", "what records made before wcrc= store instead (an FNV-1a of the values): read, "  \
                   "checked, then written as wcrc=")                                                              \
    GPLAYER_OPTION("place", "eval", "how to place pieces in the tournament setup: eval, search, soft or random") \
    GPLAYER_OPTION("ptemp", "50", "place=soft's temperature in evaluation units, above 0, at most 1e6 (with "   \
                   "place=soft only)")

static const game_player_kind kind_random = {
    "random", "a legal action drawn uniformly (TZAAR's own draw, as in every TZAAR record)",
    make_random, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_random,
};
static const game_player_kind kind_greedy = {
    "greedy", "the turn (both actions) whose result the evaluation likes best; a won game beats everything"
    TZ_WEIGHT_OPTIONS,
    make_greedy, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_greedy,
};
static const game_player_kind kind_ab = {
    "ab", "alpha-beta search with iterative deepening (docs/players.md); the first limit reached stops it"
    GPLAYER_OPTION("depth", "4", "plies to search, 0 to 60 (one per action; 0: no depth limit); 4 when no "
                   "limit is given")
    GPLAYER_OPTION("nodes", "0", "stop after exactly N nodes (0: no node limit)")
    GPLAYER_OPTION("ms", "0", "stop after about N milliseconds (0: none; not reproducible)")
    GPLAYER_OPTION("noise", "0", "a seeded bonus in [0, N] added to each root action's score, 0 to 1000")
    GPLAYER_OPTION("ties", "0", "1: find every root action tied for the best and let the seed pick (costs nodes)")
    GPLAYER_OPTION("tt", "16", "transposition table size in MiB, 1 to 4096")
    GPLAYER_OPTION("eval", "linear", "the evaluation: linear (the weighted features, weights=) or net (a network, "
                   "net=; docs/network.md)")
    GPLAYER_OPTION("net", "", "evaluate with this network file (docs/network.md; default: the game's shipped one, "
                   "data/nets/tzaar.nn); eval=net without net= is net=default")
    GPLAYER_OPTION("ncrc", "", "the CRC-32 the network file must have (8 hex digits); added to the canonical spec "
                   "with net=, so a changed file is refused")
    TZ_WEIGHT_OPTIONS,
    make_ab, choose, destroy, report, set_progress, NULL, NULL, NULL, /* begin, forfeit, overruns: none */
    canonical_ab,
};

const game_player_kind *const tz_player_kinds[] = { &kind_random, &kind_greedy, &kind_ab, NULL };
