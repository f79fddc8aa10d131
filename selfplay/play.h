/* play.h — plays one game of a self-play run: the start, the players'
 * seeds and the recording of every action (docs/records.md, "Seeds"). */
#ifndef TRIAD_PLAY_H
#define TRIAD_PLAY_H

#include "games/tzaar/player.h"
#include "record.h"

/* Plays game id of run between white and black (players made from the
 * run's specs) into g.  The game depends on (run, id) alone.  Returns 0, or
 * -1 with a message in err when a game outgrows REC_MAX_ACTIONS, which the
 * rules make impossible. */
int play_game(const rec_run *run, uint64_t id, player *white, player *black, rec_game *g,
              char *err, size_t n);

#endif
