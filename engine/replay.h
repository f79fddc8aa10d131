/* replay.h — the one loop that replays a game's actions from its start:
 * what records readers, the viewer, tune, bias, solve --records and match's
 * forfeit lines each did with a loop of their own.  A driver that wants a
 * game's positions (every one, or the last) asks here. */
#ifndef TRIAD_REPLAY_H
#define TRIAD_REPLAY_H

#include "engine/game.h"

/* Called for every position of the replay: ply 0 is the start, ply k the
 * position after k actions (before actions[k] when k < n), ply n the final
 * one.  A nonzero return stops the replay there. */
typedef int (*game_replay_fn)(void *ctx, const void *state, int ply);

/* Replays actions[0..n) on state, which holds the start (g->state_size
 * bytes) and ends at the last position reached.  visit may be NULL.
 * legal: NULL, or a buffer of g->max_actions actions, and then an action
 * that is not legal where it is played stops the replay before it.
 * Returns the number of actions played: n when the replay went to the end,
 * fewer when visit stopped it or an action was not legal (with legal, the
 * caller tells the two apart by its visitor). */
int game_replay(const game_def *g, void *state, const game_action *actions, int n, game_action *legal,
                game_replay_fn visit, void *ctx);

#endif
