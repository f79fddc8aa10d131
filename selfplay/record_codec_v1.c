/* record_codec_v1.c — reading format 1 (TZAAR only; docs/records.md,
 * "Format 1"), mapped into format 2's types: game tzaar, two players,
 * --paired as two rotations that move pieces and players, the winner as
 * scores 1/0, no engine signature.  Nothing writes format 1 any more.
 *
 * Actions and packed starts use TZAAR's codec (games/tzaar/codec.h). */
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include "games/tzaar/codec.h"
#include "games/tzaar/game_tzaar.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/setup.h"
#include "record_codec.h"

enum { POS_DERIVED = 0, POS_PACKED = 1, POS_TEXT = 2 };
enum { SEED_DERIVED = 0, SEED_EXPLICIT = 1 };

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
    cur_string(in, run->specs[WHITE], REC_SPEC_MAX);
    cur_string(in, run->specs[BLACK], REC_SPEC_MAX);
    if (in->bad || run->source > REC_SOURCE_IMPORT || run->setup >= SETUP_KINDS ||
        (run->shards > 1 && run->shard >= run->shards)) {
        snprintf(err, n, "bad run parameters");
        return -1;
    }
    run->game = game_find("tzaar", err, n);
    if (!run->game)
        return -1;
    snprintf(run->rules_version, sizeof run->rules_version, "%s", run->game->rules_version);
    run->players = 2;
    run->rotations = paired ? 2 : 1;
    run->rotate = paired ? REC_ROTATE_PIECES | REC_ROTATE_PLAYERS : 0;
    run->replicates = 1;
    run->score_scale = 2;
    return 0;
}

/* The start a run implies for g, if any: false for the second game of a
 * paired tournament, whose placement only the first game's players know. */
static bool derive_start(const rec_run *run, const rec_game *g, bool swapped, position *p)
{
    switch (g->setup) {
    case SETUP_FIXED:
        tz_setup_fixed(p);
        break;
    case SETUP_TOURNAMENT:
        if (swapped)
            return false;
        tz_setup_tournament(p);
        break;
    default:
        tz_setup_random(p, rec_setup_seed(run, rec_setup_index(run, g->id)));
    }
    if (swapped)
        rec_recolour(p);
    return true;
}

static int bad_game(char *err, size_t n, uint64_t id, const char *what, int j)
{
    if (j >= 0)
        snprintf(err, n, "game %llu: action %d: %s", (unsigned long long)id, j + 1, what);
    else
        snprintf(err, n, "game %llu: %s", (unsigned long long)id, what);
    return -1;
}

static int decode_start(cursor *in, const rec_game *g, const rec_run *run, bool swapped, int pm, position *p)
{
    if (pm == POS_DERIVED)
        return derive_start(run, g, swapped, p) ? 0 : -1;
    if (pm == POS_PACKED)
        return tz_unpack(in, p);
    char text[POS_TEXT_MAX], err[160];
    cur_string(in, text, sizeof text);
    return in->bad || tz_pos_from_text(p, text, err, sizeof err) ? -1 : 0;
}

/* Turns codes into actions while replaying, then checks the stored result. */
static int decode_actions(cursor *in, rec_game *g, const position *start, char *err, size_t n)
{
    int winner = (int)(cur_byte(in) & 15), turns = (int)cur_varint(in);
    uint64_t count = cur_varint(in);
    if (in->bad || count > REC_MAX_ACTIONS)
        return bad_game(err, n, g->id, "truncated or too many actions", -1);
    int stored_winner = (winner & 3) - 1;
    g->ending = winner >> 2;
    g->nactions = (int)count;
    if ((size_t)(in->end - in->p) < count)
        return bad_game(err, n, g->id, "truncated actions", -1);
    position p = *start;
    int replay_turns = 0;
    for (int j = 0; j < g->nactions; j++) {
        action a;
        if (tz_code_action(&p, *in->p++, &a) || !tz_action_is_legal(&p, a))
            return bad_game(err, n, g->id, "illegal action", j);
        replay_turns += p.phase == PHASE_OPENING || p.phase == PHASE_FIRST;
        g->actions[j] = a;
        undo u;
        pos_make(&p, a, &u);
    }
    int ending, w = tz_game_winner(&p, &ending);
    if (w != stored_winner || ending != g->ending || replay_turns != turns)
        return bad_game(err, n, g->id, "the stored result, ending or turn count is not the replay's", -1);
    g->turns = turns;
    memset(g->scores, 0, sizeof g->scores);
    if (w >= 0)
        g->scores[w] = 1;
    rec_game_ranks_from_scores(g, 2);
    return 0;
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
    if (in->bad || g->setup >= SETUP_KINDS || pm > POS_TEXT || sm > SEED_EXPLICIT || flags & 0x80)
        return bad_game(err, n, g->id, "bad flags", -1);
    g->seed = sm == SEED_EXPLICIT ? cur_u64(in) : rec_game_seed(run, g->id);
    uint64_t ws = cur_varint(in), bs = cur_varint(in);
    if (in->bad || ws >= (uint64_t)nspecs || bs >= (uint64_t)nspecs)
        return bad_game(err, n, g->id, "bad player index", -1);
    memset(g->specs, 0, sizeof g->specs);
    memcpy(g->specs[WHITE], specs[ws], REC_SPEC_MAX);
    memcpy(g->specs[BLACK], specs[bs], REC_SPEC_MAX);
    tz_state st;
    memset(&st, 0, sizeof st);
    if (decode_start(in, g, run, swapped, pm, &st.pos))
        return bad_game(err, n, g->id, "bad starting position", -1);
    memset(g->start, 0, sizeof g->start);
    memcpy(g->start, &st, sizeof st);
    return decode_actions(in, g, &st.pos, err, n);
}
