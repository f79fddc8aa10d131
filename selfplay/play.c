/* play.c — see play.h. */
#include <stdio.h>
#include <string.h>
#include "games/tzaar/movegen.h"
#include "core/prng.h"
#include "games/tzaar/setup.h"
#include "play.h"

/* The players place all 60 pieces from an empty board, choosing action j
 * with seed_mix(setup seed, j): both games of a pair can then reproduce the
 * same placement on their own.  Placements go into g unless g is NULL. */
static void place(const rec_run *run, uint64_t k, player *pl[2], position *p, rec_game *g)
{
    uint64_t seed = rec_setup_seed(run, k);
    setup_tournament(p);
    for (int j = 0; p->phase == PHASE_PLACE; j++) {
        action a = player_choose(pl[p->side], p, seed_mix(seed, (uint64_t)j), NULL);
        undo u;
        if (g)
            g->actions[g->nactions++] = a;
        pos_make(p, a, &u);
    }
}

/* pl are the pair's players in game 2k's seats, so game 2k+1 can replay the
 * same placement. */
static void start(const rec_run *run, uint64_t id, player *pl[2], rec_game *g, position *p)
{
    uint64_t k = rec_setup_index(run, id);
    if (run->setup == SETUP_TOURNAMENT) {
        setup_tournament(&g->start);
        if (g->swapped) { /* replay the pair's placement, then recolour it */
            place(run, k, pl, p, NULL);
            rec_recolour(p);
            g->start = *p;
        } else {
            place(run, k, pl, p, g);
        }
        return;
    }
    setup_make(&g->start, run->setup, rec_setup_seed(run, k));
    if (g->swapped)
        rec_recolour(&g->start);
    *p = g->start;
}

int play_game(const rec_run *run, uint64_t id, player *white, player *black, rec_game *g,
              char *err, size_t n)
{
    player *seats[2] = { white, black };
    position p;
    g->id = id;
    g->seed = rec_game_seed(run, id);
    g->setup = run->setup;
    g->swapped = run->paired && (id & 1);
    g->nactions = 0;
    g->turns = 0;
    start(run, id, seats, g, &p);
    /* The second game of a pair recolours every piece and exchanges the
     * players: each keeps its arrangement and the other moves first. */
    player *pl[2] = { seats[g->swapped], seats[!g->swapped] };
    snprintf(g->white, sizeof g->white, "%s", player_spec(pl[WHITE]));
    snprintf(g->black, sizeof g->black, "%s", player_spec(pl[BLACK]));
    while ((g->winner = game_winner(&p, &g->ending)) < 0) {
        if (g->nactions == REC_MAX_ACTIONS) {
            snprintf(err, n, "game %llu: more than %d actions", (unsigned long long)id, REC_MAX_ACTIONS);
            return -1;
        }
        action a = player_choose(pl[p.side], &p, seed_mix(g->seed, (uint64_t)g->nactions), NULL);
        undo u;
        g->turns += p.phase == PHASE_OPENING || p.phase == PHASE_FIRST;
        g->actions[g->nactions++] = a;
        pos_make(&p, a, &u);
    }
    return 0;
}
