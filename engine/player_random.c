/* player_random.c — the generic "random" player: a legal action drawn
 * uniformly with xoshiro256** seeded by the seed alone, so the choice is a
 * function of (state, seed).  It takes no options. */
#include <stdio.h>
#include <stdlib.h>
#include "core/prng.h"
#include "engine/players.h"

typedef struct random_player {
    const game_def *g;
    game_action acts[]; /* g->max_actions */
} random_player;

static void *random_create(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    if (opts) {
        snprintf(err, n, "player 'random' takes no options, got '%.64s'", opts);
        return NULL;
    }
    random_player *r = malloc(sizeof *r + sizeof(game_action) * (size_t)g->max_actions);
    if (!r) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    r->g = g;
    if (cn)
        canon[0] = 0;
    return r;
}

static game_action random_choose(void *impl, const void *s, uint64_t seed)
{
    random_player *r = impl;
    int n = r->g->legal(s, r->acts);
    if (n <= 0)
        return GAME_NO_ACTION;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    return r->acts[xoshiro_below(&rng, (uint64_t)n)];
}

static void random_destroy(void *impl)
{
    free(impl);
}

const game_player_kind gplayer_random = {
    .name = "random",
    .help = "a legal action drawn uniformly (xoshiro256** from the seed)",
    .create = random_create,
    .choose = random_choose,
    .destroy = random_destroy,
};
