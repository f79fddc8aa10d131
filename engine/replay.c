/* replay.c — see replay.h. */
#include "replay.h"

static int is_legal(const game_def *g, const void *state, game_action a, game_action *legal)
{
    int m = g->legal(state, legal);
    for (int j = 0; j < m; j++)
        if (legal[j] == a)
            return 1;
    return 0;
}

int game_replay(const game_def *g, void *state, const game_action *actions, int n, game_action *legal,
                game_replay_fn visit, void *ctx)
{
    for (int i = 0;; i++) {
        if (visit && visit(ctx, state, i))
            return i;
        if (i == n || (legal && !is_legal(g, state, actions[i], legal)))
            return i;
        g->apply(state, actions[i]);
    }
}
