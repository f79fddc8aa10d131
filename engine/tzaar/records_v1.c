/* records_v1.c — reading a game of records format 1 (docs/records.md,
 * "Format 1"), which held TZAAR's games only: game_def.records_v1.  The
 * records layer (records/record_codec_v1.c) reads the frame: the header,
 * each game's id, flags, seed and players; this reads what follows: the
 * start and the actions, in TZAAR's own codes (codec.h), replayed and
 * checked against the stored winner, ending and turn count. */
#include <stdio.h>
#include <string.h>
#include "codec.h"
#include "formats.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "notation.h"
#include "setup.h"

enum { POS_DERIVED = 0, POS_PACKED = 1, POS_TEXT = 2 };

void tz_recolour(position *p)
{
    position q;
    tz_pos_clear(&q);
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            tz_pos_put(&q, pt, c ^ 1, p->type[pt], p->height[pt]);
        }
    tz_pos_finish(&q, p->phase == PHASE_PLACE ? p->side : WHITE, p->phase);
    *p = q;
}

/* The start a run implies for g, if any: false for the second game of a
 * paired tournament, whose placement only the first game's players know. */
static bool derive_start(const game_v1_game *g, position *p)
{
    switch (g->setup) {
    case SETUP_FIXED:
        tz_setup_fixed(p);
        break;
    case SETUP_TOURNAMENT:
        if (g->swapped)
            return false;
        tz_setup_tournament(p);
        break;
    default:
        tz_setup_random(p, g->setup_seed);
    }
    if (g->swapped)
        tz_recolour(p);
    return true;
}

static int decode_start(cursor *in, const game_v1_game *g, position *p)
{
    if (g->start_mode == POS_DERIVED)
        return derive_start(g, p) ? 0 : -1;
    if (g->start_mode == POS_PACKED)
        return tz_unpack(in, p);
    char text[POS_TEXT_MAX], err[160];
    cur_string(in, text, sizeof text);
    return in->bad || tz_pos_from_text(p, text, err, sizeof err) ? -1 : 0;
}

static int bad(char *err, size_t n, const char *what, int j)
{
    if (j >= 0)
        snprintf(err, n, "action %d: %s", j + 1, what);
    else
        snprintf(err, n, "%s", what);
    return -1;
}

/* Turns codes into actions while replaying, then checks the stored result. */
static int decode_actions(cursor *in, game_v1_game *g, const position *start, char *err, size_t n)
{
    int winner = (int)(cur_byte(in) & 15), turns = (int)cur_varint(in);
    uint64_t count = cur_varint(in);
    if (in->bad || count > (uint64_t)g->max_actions)
        return bad(err, n, "truncated or too many actions", -1);
    int stored_winner = (winner & 3) - 1;
    g->ending = winner >> 2;
    g->nactions = (int)count;
    if ((size_t)(in->end - in->p) < count)
        return bad(err, n, "truncated actions", -1);
    position p = *start;
    int replay_turns = 0;
    for (int j = 0; j < g->nactions; j++) {
        action a;
        if (tz_code_action(&p, *in->p++, &a) || !tz_action_is_legal(&p, a))
            return bad(err, n, "illegal action", j);
        replay_turns += p.phase == PHASE_OPENING || p.phase == PHASE_FIRST;
        g->actions[j] = a;
        undo u;
        pos_make(&p, a, &u);
    }
    int ending, w = tz_game_winner(&p, &ending);
    if (w != stored_winner || ending != g->ending || replay_turns != turns)
        return bad(err, n, "the stored result, ending or turn count is not the replay's", -1);
    g->turns = turns;
    memset(g->scores, 0, sizeof g->scores);
    if (w >= 0)
        g->scores[w] = 1;
    return 0;
}

static int decode_game(const game_def *gd, cursor *in, game_v1_game *g, char *err, size_t n)
{
    (void)gd;
    if (g->setup < 0 || g->setup >= SETUP_KINDS_V1 || g->start_mode > POS_TEXT)
        return bad(err, n, "bad flags", -1);
    tz_state st;
    memset(&st, 0, sizeof st);
    if (decode_start(in, g, &st.pos))
        return bad(err, n, "bad starting position", -1);
    memcpy(g->start, &st, sizeof st);
    return decode_actions(in, g, &st.pos, err, n);
}

const game_records_v1 tz_records_v1 = {
    .decode_game = decode_game,
};
