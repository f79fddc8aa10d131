/* play.c — see play.h. */
#include <stdio.h>
#include <string.h>
#include "core/fileio.h"
#include "core/prng.h"
#include "play.h"

/* The start of game g: the setup of its setup index, its pieces moved
 * g->rotation seats on when the run rotates pieces.  A setup that leaves
 * something to do before the first turn (TZAAR's tournament placement) is
 * played out by the game's own seated players, as the rules say, and
 * recorded with the game's actions: every game of a rotation makes its own
 * placement.  A run with a start list takes setup k's start from it. */
static int start(const rec_run *run, uint64_t k, rec_game *g, void *s, char *err, size_t n)
{
    const game_def *gd = run->game;
    memset(s, 0, gd->state_size);
    if (run->npositions && run->positions) /* a start list (match --positions) */
        memcpy(s, run->positions + (k % run->npositions) * gd->state_size, gd->state_size);
    else if (game_setup(gd, s, rec_setup_name(run, run->setup), run->players, rec_setup_seed(run, k), err, n))
        return -1;
    if (g->rotation && run->rotate & REC_ROTATE_PIECES) {
        int perm[GAME_MAX_PLAYERS] = { 0 };
        for (int i = 0; i < run->players; i++)
            perm[i] = (i + g->rotation) % run->players;
        gd->permute(s, perm);
    }
    memcpy(g->start, s, gd->state_size);
    return 0;
}

int play_game(const rec_run *run, uint64_t id, gplayer *const *listed, rec_game *g, char *err, size_t n)
{
    const game_def *gd = run->game;
    unsigned char s[GAME_STATE_MAX];
    gplayer *seat[GAME_MAX_PLAYERS] = { 0 };
    memset(g->start, 0, sizeof g->start);
    memset(g->specs, 0, sizeof g->specs);
    memset(g->scores, 0, sizeof g->scores);
    g->id = id;
    g->seed = rec_game_seed(run, id);
    g->setup = run->setup;
    g->rotation = run->rotations > 1 ? (int)(id % (uint64_t)run->rotations) : 0;
    g->nactions = 0;
    if (start(run, rec_setup_index(run, id), g, s, err, n))
        return -1;
    int shift = run->rotate & REC_ROTATE_PLAYERS ? g->rotation : 0;
    for (int j = 0; j < run->players; j++)
        seat[(j + shift) % run->players] = listed[j];
    for (int i = 0; i < run->players; i++)
        snprintf(g->specs[i], REC_SPEC_MAX, "%s", gplayer_spec(seat[i]));
    int turns0 = gd->turns(s);
    g->forfeit = g->forfeit_seat = 0;
    g->forfeit_text[0] = 0;
    for (int i = 0; i < run->players; i++)
        gplayer_begin(seat[i], s);
    while (!gd->over(s)) {
        if (fio_stop_requested()) /* a signal stops the run: this game is not finished */
            return 1;
        if (g->nactions == REC_MAX_ACTIONS) {
            snprintf(err, n, "game %llu: more than %d actions", (unsigned long long)id, REC_MAX_ACTIONS);
            return -1;
        }
        int k = gd->to_act(s);
        game_action a = gplayer_choose(seat[k], s, seed_mix(g->seed, (uint64_t)g->nactions));
        if (a == GAME_NO_ACTION && fio_stop_requested()) /* a stop cut the player's wait short */
            return 1;
        if (a == GAME_NO_ACTION) { /* a program outside triad failed: it loses here */
            game_forfeit f;
            gplayer_forfeit(seat[k], &f);
            g->forfeit = f.reason;
            g->forfeit_seat = k;
            snprintf(g->forfeit_text, sizeof g->forfeit_text, "%s", f.text);
            break;
        }
        g->actions[g->nactions++] = a;
        gd->apply(s, a);
    }
    for (int i = 0; i < run->players; i++)
        g->overruns[i] = gplayer_overruns(seat[i]);
    if (g->forfeit) {
        rec_forfeit_scores(run, g->forfeit_seat, g->scores);
        g->ending = 0;
    } else {
        gd->outcome(s, g->scores);
        g->ending = gd->ending(s);
    }
    rec_game_set_ranks(gd, s, g); /* a forfeit's from its scores */
    g->turns = gd->turns(s) - turns0;
    return 0;
}
