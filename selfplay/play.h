/* play.h — plays one game of a self-play run through the game interface:
 * the start, the seating of a rotation, the players' seeds and the
 * recording of every action (docs/records.md, "Seeds" and "Rotations"). */
#ifndef TRIAD_PLAY_H
#define TRIAD_PLAY_H

#include "engine/players.h"
#include "records/record.h"

/* Plays game id of run into g; listed[j] is the player made from the run's
 * spec j.  The game depends on (run, id) alone.  Returns 0; 1 when a
 * signal asked the run to stop (fio_stop_requested(): the game is dropped
 * unfinished); or -1 with a message in err (a setup the game refuses, or a
 * game that outgrows REC_MAX_ACTIONS). */
int play_game(const rec_run *run, uint64_t id, gplayer *const *listed, rec_game *g, char *err, size_t n);

#endif
