/* record_export.h — a records file's games and header as JSON or CSV text,
 * for programs outside triad (pandas, a Python reader, a database): what
 * `triad records export --format jsonl|csv`, `triad records info` and
 * libtriad's records reader write.  The keys, their order and their types
 * are the same for every game (docs/records.md, "Exporting").
 *
 * Everything is text in the game's own notation: the start position
 * string, every action, and optionally the position after each action, so
 * a reader needs no triad code to use them.  Ranks are the game's own
 * (its tie-breaks applied), found by replaying the game. */
#ifndef TRIAD_RECORD_EXPORT_H
#define TRIAD_RECORD_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "core/buf.h"
#include "record.h"

/* The run's fields, as "key":value pairs with no braces (game,
 * rules_version, source, run_seed, setup, players, games, rotations,
 * replicates, rotate, shard, shards, run_specs, engine_signature). */
void rec_run_json_fields(const rec_run *run, buf *out);

/* One game as a JSON object (no line break): the run's fields, then id,
 * setup_index, rotation, replicate, game_seed, specs, start, actions,
 * [positions,] scores, ranks, ending, finished, turns.  0, or -1 with one
 * line in err when the game cannot be replayed (out is then as it was). */
int rec_game_json(const rec_run *run, const rec_game *g, bool positions, buf *out, char *err, size_t n);

/* The CSV header line and one game's line (line break included): the same
 * fields, a list in one field (actions and specs joined by spaces,
 * positions by " | "; scores and ranks in score0..score3 and rank0..rank3,
 * empty past the run's seats). */
void rec_csv_header(bool positions, buf *out);
int rec_game_csv(const rec_run *run, const rec_game *g, bool positions, buf *out, char *err, size_t n);

/* An ending's name: the game's, or "unfinished" for 0 (records cat's word). */
const char *rec_ending_name(const game_def *gd, int ending);

#endif
