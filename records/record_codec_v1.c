/* record_codec_v1.c — reading format 1 (docs/records.md, "Format 1"),
 * mapped into format 2's types: two players, --paired as two rotations
 * that move pieces and players, the winner as scores 1/0, no engine
 * signature.  Nothing writes format 1 any more.
 *
 * Format 1 named no game: its files are the records of the game with the
 * records_v1 hook (TZAAR, the only game then).  This reads the frame — the
 * header, each game's id, flags, seed and players — and the game's hook
 * reads the start and the actions (engine/tzaar/records_v1.c). */
#include <stdio.h>
#include <string.h>
#include "record_codec.h"

enum { POS_TEXT = 2 };
enum { SEED_DERIVED = 0, SEED_EXPLICIT = 1 };

/* The game whose records format 1 holds, or NULL with a message. */
static const game_def *v1_game(char *err, size_t n)
{
    for (const game_def *const *g = game_list(); *g; g++)
        if ((*g)->records_v1)
            return *g;
    snprintf(err, n, "records format 1: no registered game reads it");
    return NULL;
}

static int count_setups(const game_def *g)
{
    int k = 0;
    while (g->setup_names[k])
        k++;
    return k;
}

int rec_decode_run_v1(cursor *in, rec_run *run, char *err, size_t n)
{
    memset(run, 0, sizeof *run);
    run->source = cur_byte(in);
    run->games = cur_varint(in);
    run->seed = cur_u64(in);
    run->setup = cur_byte(in);
    bool paired = cur_byte(in) != 0;
    run->shard = (uint32_t)cur_varint(in);
    run->shards = (uint32_t)cur_varint(in);
    cur_string(in, run->specs[0], REC_SPEC_MAX);
    cur_string(in, run->specs[1], REC_SPEC_MAX);
    run->game = v1_game(err, n);
    if (!run->game)
        return -1;
    if (in->bad || run->source > REC_SOURCE_IMPORT || run->setup >= count_setups(run->game) ||
        (run->shards > 1 && run->shard >= run->shards)) {
        snprintf(err, n, "bad run parameters");
        return -1;
    }
    snprintf(run->rules_version, sizeof run->rules_version, "%s", run->game->rules_version);
    run->players = 2;
    run->rotations = paired ? 2 : 1;
    run->rotate = paired ? REC_ROTATE_PIECES | REC_ROTATE_PLAYERS : 0;
    run->replicates = 1;
    run->score_scale = 2;
    return 0;
}

static int bad_game(char *err, size_t n, uint64_t id, const char *what)
{
    snprintf(err, n, "game %llu: %s", (unsigned long long)id, what);
    return -1;
}

int rec_decode_game_v1(cursor *in, rec_game *g, const rec_run *run, const char (*specs)[REC_SPEC_MAX],
                    int nspecs, uint64_t *prev_id, char *err, size_t n)
{
    uint64_t z = cur_varint(in);
    g->id = *prev_id + 1 + (uint64_t)((int64_t)(z >> 1) ^ -(int64_t)(z & 1));
    *prev_id = g->id;
    int flags = cur_byte(in), pm = flags >> 3 & 3, sm = flags >> 5 & 3;
    g->setup = flags & 3;
    bool swapped = flags >> 2 & 1;
    g->rotation = swapped;
    if (in->bad || g->setup >= count_setups(run->game) || pm > POS_TEXT || sm > SEED_EXPLICIT || flags & 0x80)
        return bad_game(err, n, g->id, "bad flags");
    g->seed = sm == SEED_EXPLICIT ? cur_u64(in) : rec_game_seed(run, g->id);
    uint64_t ws = cur_varint(in), bs = cur_varint(in);
    if (in->bad || ws >= (uint64_t)nspecs || bs >= (uint64_t)nspecs)
        return bad_game(err, n, g->id, "bad player index");
    memset(g->specs, 0, sizeof g->specs);
    memcpy(g->specs[0], specs[ws], REC_SPEC_MAX);
    memcpy(g->specs[1], specs[bs], REC_SPEC_MAX);
    memset(g->start, 0, sizeof g->start);
    game_v1_game v = {
        .start_mode = pm, .setup = g->setup, .swapped = swapped,
        .setup_seed = rec_setup_seed(run, rec_setup_index(run, g->id)),
        .start = g->start, .actions = g->actions, .max_actions = REC_MAX_ACTIONS,
    };
    char what[200];
    if (run->game->records_v1->decode_game(run->game, in, &v, what, sizeof what))
        return bad_game(err, n, g->id, what);
    g->nactions = v.nactions;
    g->turns = v.turns;
    g->ending = v.ending;
    memcpy(g->scores, v.scores, sizeof g->scores);
    rec_game_ranks_from_scores(g, 2);
    return 0;
}
