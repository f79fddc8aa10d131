/* oracle.c — see oracle.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/replay.h"
#include "oracle.h"

static const char *const class_names[ORACLE_CLASSES] = { "already_lost", "lost_by_play", "unsolved",
                                                         "unfinished" };

const char *oracle_class_name(int cls)
{
    return cls >= 0 && cls < ORACLE_CLASSES ? class_names[cls] : "?";
}

/* The seat that ranks first alone, or -1. */
static int sole_winner(const game_def *g, const void *s)
{
    int ranks[GAME_MAX_PLAYERS], w = -1;
    if (!g->over(s))
        return -1;
    g->rank(s, ranks);
    for (int i = 0; i < 2; i++)
        if (ranks[i] == 0)
            w = w < 0 ? i : -2;
    return w >= 0 ? w : -1;
}

typedef struct boundaries {
    const game_def *g;
    unsigned char *states;
    int *plies;
    int k, prev;
} boundaries;

/* A copy of the state where the seat to act changes (a turn starts). */
static int at_boundary(void *ctx, const void *state, int ply)
{
    boundaries *b = ctx;
    int seat = b->g->to_act(state);
    if (seat >= 0 && seat != b->prev) {
        memcpy(b->states + (size_t)b->k * b->g->state_size, state, b->g->state_size);
        b->plies[b->k++] = ply;
    }
    b->prev = seat;
    return 0;
}

/* Replays the game, keeping a copy of the state at each turn boundary
 * (states[k], at ply plies[k]) and the final state in last.  Returns the
 * number of boundaries, or -1 with a message. */
static int replay(const game_def *g, const void *start, const game_action *actions, int n, unsigned char *states,
                  int *plies, void *last, char *err, size_t en)
{
    game_action *legal = malloc(sizeof *legal * (size_t)g->max_actions);
    if (!legal)
        return snprintf(err, en, "out of memory"), -1;
    memcpy(last, start, g->state_size);
    boundaries b = { g, states, plies, 0, -1 };
    int played = game_replay(g, last, actions, n, legal, at_boundary, &b);
    free(legal);
    if (played < n)
        return snprintf(err, en, "action %d of the game is not legal", played + 1), -1;
    return b.k;
}

int oracle_classify(const game_def *g, void *solver, const void *start, const game_action *actions, int n,
                    uint64_t budget, oracle_game *out, char *err, size_t en)
{
    memset(out, 0, sizeof *out);
    out->winner = out->loser = out->first_ply = out->first_winner = out->first_distance = out->first_to_act = -1;
    out->blunder_ply = out->blunder_end = -1;
    out->plies = n;
    if (!g->solver)
        return snprintf(err, en, "the game '%s' has no solver", g->name), -1;
    if (g->players(start) != 2)
        return snprintf(err, en, "the oracle takes two-player games, not %d players", g->players(start)), -1;
    unsigned char *states = malloc(((size_t)n + 1) * g->state_size);
    int *plies = malloc(((size_t)n + 2) * sizeof *plies), *proven = malloc(((size_t)n + 2) * sizeof *proven);
    int *dists = malloc(((size_t)n + 2) * sizeof *dists);
    void *last = malloc(g->state_size);
    int rc = -1;
    if (!states || !plies || !proven || !dists || !last) {
        snprintf(err, en, "out of memory");
        goto done;
    }
    int k = replay(g, start, actions, n, states, plies, last, err, en);
    if (k < 0)
        goto done;
    out->boundaries = k;
    out->winner = sole_winner(g, last);
    if (out->winner < 0) {
        out->cls = ORACLE_UNFINISHED;
        rc = 0;
        goto done;
    }
    out->loser = out->winner ^ 1;
    if (k == 0) { /* over at the start: lost there, nothing to solve */
        out->cls = ORACLE_ALREADY_LOST;
        out->first_ply = 0;
        out->first_winner = out->winner;
        out->first_distance = 0;
        rc = 0;
        goto done;
    }
    /* Back from the last boundary: who wins each with perfect play. */
    g->solver->clear(solver);
    int first = k;
    for (int b = k - 1; b >= 0; b--) {
        game_solve_result r;
        const void *s = states + (size_t)b * g->state_size;
        if (g->solver->solve(solver, s, budget, &r, err, en))
            goto done;
        out->nodes += r.nodes;
        if (r.value == GAME_SOLVE_UNKNOWN)
            break;
        int seat = g->to_act(s);
        proven[b] = r.value == GAME_SOLVE_WIN ? seat : seat ^ 1;
        dists[b] = r.distance;
        first = b;
    }
    out->solved = k - first;
    if (first == k) {
        out->cls = ORACLE_UNSOLVED;
        rc = 0;
        goto done;
    }
    out->first_ply = plies[first];
    out->first_winner = proven[first];
    out->first_distance = dists[first];
    out->first_to_act = g->to_act(states + (size_t)first * g->state_size);
    out->cls = ORACLE_ALREADY_LOST;
    for (int b = k - 1; b >= first; b--)
        if (proven[b] == out->loser) {
            out->cls = ORACLE_LOST_BY_PLAY;
            out->blunder_ply = plies[b];
            out->blunder_end = b + 1 < k ? plies[b + 1] : n;
            break;
        }
    rc = 0;
done:
    free(states);
    free(plies);
    free(proven);
    free(dists);
    free(last);
    return rc;
}
