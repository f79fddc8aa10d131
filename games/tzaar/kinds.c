/* kinds.c — TZAAR's players (player.h) as the game interface's player
 * kinds.  Each kind hands "NAME[:OPTIONS]" to player_new(), so the options,
 * their canonical form and every choice are exactly player.h's: the same
 * seed gives the same game through either door. */
#include <stdio.h>
#include <string.h>
#include "game_tzaar.h"
#include "player.h"

static void *make(const char *name, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    char spec[300];
    if ((size_t)snprintf(spec, sizeof spec, "%s%s%s", name, opts ? ":" : "", opts ? opts : "") >= sizeof spec) {
        snprintf(err, n, "player spec longer than %zu characters", sizeof spec - 1);
        return NULL;
    }
    player *pl = player_new(spec, err, n);
    if (!pl)
        return NULL;
    /* player_spec() is "NAME" or "NAME:OPTIONS"; canon is the options. */
    const char *full = player_spec(pl), *colon = strchr(full, ':');
    if ((size_t)snprintf(canon, cn, "%s", colon ? colon + 1 : "") >= cn) {
        snprintf(err, n, "player spec longer than %zu characters", cn - 1);
        player_free(pl);
        return NULL;
    }
    return pl;
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

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    return player_choose(impl, &((const tz_state *)s)->pos, seed, NULL);
}

static void destroy(void *impl)
{
    player_free(impl);
}

static const game_player_kind kind_random = {
    "random", "a legal action drawn uniformly (TZAAR's own draw, as in every TZAAR record)",
    make_random, choose, destroy,
};
static const game_player_kind kind_greedy = {
    "greedy", "the turn whose result the evaluation likes best; weights=FILE", make_greedy, choose, destroy,
};
static const game_player_kind kind_ab = {
    "ab", "alpha-beta search: depth=D, nodes=N, ms=T, noise=K, tt=MB, weights=FILE (docs/players.md)",
    make_ab, choose, destroy,
};

const game_player_kind *const tz_player_kinds[] = { &kind_random, &kind_greedy, &kind_ab, NULL };
