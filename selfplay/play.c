/* play.c — see play.h. */
#include <stdio.h>
#include <string.h>
#include "core/prng.h"
#include "games/tzaar/game_tzaar.h"
#include "play.h"

/* TZAAR's tournament setup starts from an empty board: the players place
 * the pieces, action j with seed_mix(setup seed, j), so that every rotation
 * of the setup can reproduce the same placement on its own (format 1's
 * seeds, kept so that the same seeds give the same games). */
static bool placing(const rec_run *run, const void *s)
{
    return run->game == &game_tzaar && ((const tz_state *)s)->pos.phase == PHASE_PLACE;
}

/* The setup of game id, with its placement when it has one: played by the
 * players in rotation 0's seats (listed j in seat j) and recorded into g
 * when g is rotation 0. */
static int start(const rec_run *run, uint64_t k, gplayer *const *listed, rec_game *g, void *s, char *err,
                 size_t n)
{
    const game_def *gd = run->game;
    uint64_t seed = rec_setup_seed(run, k);
    memset(s, 0, gd->state_size);
    if (gd->setup(s, rec_setup_name(run, run->setup), run->players, seed, err, n))
        return -1;
    memcpy(g->start, s, gd->state_size);
    for (int j = 0; placing(run, s); j++) {
        game_action a = gplayer_choose(listed[gd->to_act(s)], s, seed_mix(seed, (uint64_t)j));
        if (g->rotation == 0)
            g->actions[g->nactions++] = a;
        gd->apply(s, a);
    }
    if (g->rotation && run->rotate & REC_ROTATE_PIECES) {
        int perm[GAME_MAX_PLAYERS] = { 0 };
        for (int i = 0; i < run->players; i++)
            perm[i] = (i + g->rotation) % run->players;
        gd->permute(s, perm);
    }
    if (g->rotation)
        memcpy(g->start, s, gd->state_size);
    return 0;
}

int play_game(const rec_run *run, uint64_t id, gplayer *const *listed, rec_game *g, char *err, size_t n)
{
    const game_def *gd = run->game;
    unsigned char s[REC_STATE_MAX];
    gplayer *seat[GAME_MAX_PLAYERS] = { 0 };
    memset(g->start, 0, sizeof g->start);
    memset(g->specs, 0, sizeof g->specs);
    memset(g->scores, 0, sizeof g->scores);
    g->id = id;
    g->seed = rec_game_seed(run, id);
    g->setup = run->setup;
    g->rotation = run->rotations > 1 ? (int)(id % (uint64_t)run->rotations) : 0;
    g->nactions = 0;
    if (start(run, rec_setup_index(run, id), listed, g, s, err, n))
        return -1;
    int shift = run->rotate & REC_ROTATE_PLAYERS ? g->rotation : 0;
    for (int j = 0; j < run->players; j++)
        seat[(j + shift) % run->players] = listed[j];
    for (int i = 0; i < run->players; i++)
        snprintf(g->specs[i], REC_SPEC_MAX, "%s", gplayer_spec(seat[i]));
    int turns0 = gd->turns(s);
    while (!gd->over(s)) {
        if (g->nactions == REC_MAX_ACTIONS) {
            snprintf(err, n, "game %llu: more than %d actions", (unsigned long long)id, REC_MAX_ACTIONS);
            return -1;
        }
        game_action a = gplayer_choose(seat[gd->to_act(s)], s, seed_mix(g->seed, (uint64_t)g->nactions));
        g->actions[g->nactions++] = a;
        gd->apply(s, a);
    }
    gd->outcome(s, g->scores);
    g->ending = gd->ending(s);
    g->turns = gd->turns(s) - turns0;
    return 0;
}
