/* record_codec.c — runs and games to bytes and back (layout in
 * docs/records.md; framing in record_codec.h).
 *
 * Actions and packed starts use TZAAR's codec (games/tzaar/codec.h): one
 * byte an action that needs no move generation to write, which keeps the
 * writer's share of a fast self-play run small; reading replays the game and
 * checks legality. */
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include "games/tzaar/codec.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/setup.h"
#include "record_codec.h"

enum { POS_DERIVED = 0, POS_PACKED = 1, POS_TEXT = 2 };
enum { SEED_DERIVED = 0, SEED_EXPLICIT = 1 };
/* zlib's default level: level 9 saves 0.5% of the bytes for three times
 * the CPU (random self-play: 44.2 against 44.4 bytes a game). */
#define REC_ZLIB_LEVEL 6

void rec_encode_run(buf *out, const rec_run *run)
{
    buf_byte(out, (uint8_t)run->source);
    buf_varint(out, run->games);
    buf_u64(out, run->seed);
    buf_byte(out, (uint8_t)run->setup);
    buf_byte(out, run->paired);
    buf_varint(out, run->shard);
    buf_varint(out, run->shards);
    buf_string(out, run->white);
    buf_string(out, run->black);
}

int rec_decode_run(cursor *in, rec_run *run)
{
    memset(run, 0, sizeof *run);
    run->source = cur_byte(in);
    run->games = cur_varint(in);
    run->seed = cur_u64(in);
    run->setup = cur_byte(in);
    run->paired = cur_byte(in) != 0;
    run->shard = (uint32_t)cur_varint(in);
    run->shards = (uint32_t)cur_varint(in);
    cur_string(in, run->white, sizeof run->white);
    cur_string(in, run->black, sizeof run->black);
    if (in->bad || run->source > REC_SOURCE_IMPORT || run->setup >= SETUP_KINDS ||
        (run->shards > 1 && run->shard >= run->shards))
        return -1;
    return 0;
}

/* The start a run implies for g, if any: false for the second game of a
 * paired tournament, whose placement only the first game's players know. */
static bool derive_start(const rec_run *run, const rec_game *g, position *p)
{
    switch (g->setup) {
    case SETUP_FIXED:
        setup_fixed(p);
        break;
    case SETUP_TOURNAMENT:
        if (g->swapped)
            return false;
        setup_tournament(p);
        break;
    default:
        setup_random(p, rec_setup_seed(run, rec_setup_index(run, g->id)));
    }
    if (g->swapped)
        rec_recolour(p);
    return true;
}

static bool pos_same(const position *a, const position *b)
{
    return a->hash == b->hash && a->side == b->side && a->phase == b->phase &&
           !memcmp(a->occ, b->occ, sizeof a->occ) && !memcmp(a->tops, b->tops, sizeof a->tops) &&
           !memcmp(a->height, b->height, GEO_POINTS);
}

void rec_encode_game(buf *out, const rec_game *g, const rec_run *run, int ws, int bs, uint64_t *prev_id)
{
    int64_t delta = (int64_t)(g->id - (*prev_id + 1)); /* ids mostly ascend: one byte */
    buf_varint(out, (uint64_t)delta << 1 ^ (uint64_t)(delta >> 63));
    *prev_id = g->id;

    position derived;
    int pm = derive_start(run, g, &derived) && pos_same(&derived, &g->start) ? POS_DERIVED
             : tz_packable(&g->start)                                          ? POS_PACKED
                                                                            : POS_TEXT;
    int sm = g->seed == rec_game_seed(run, g->id) ? SEED_DERIVED : SEED_EXPLICIT;
    buf_byte(out, (uint8_t)(g->setup | g->swapped << 2 | pm << 3 | sm << 5));
    if (sm == SEED_EXPLICIT)
        buf_u64(out, g->seed);
    buf_varint(out, (uint64_t)ws);
    buf_varint(out, (uint64_t)bs);
    if (pm == POS_PACKED) {
        tz_pack(out, &g->start);
    } else if (pm == POS_TEXT) {
        char text[POS_TEXT_MAX];
        pos_to_text(&g->start, text, sizeof text);
        buf_string(out, text);
    }
    buf_byte(out, (uint8_t)((g->winner + 1) | g->ending << 2));
    buf_varint(out, (uint64_t)g->turns);
    buf_varint(out, (uint64_t)g->nactions);
    if (!buf_reserve(out, (size_t)g->nactions))
        return;
    position p = g->start;
    for (int j = 0; j < g->nactions; j++) {
        undo u;
        out->data[out->len++] = (uint8_t)tz_action_code(&p, g->actions[j]);
        pos_make(&p, g->actions[j], &u);
    }
}

static int bad_game(char *err, size_t n, uint64_t id, const char *what, int j)
{
    if (j >= 0)
        snprintf(err, n, "game %llu: action %d: %s", (unsigned long long)id, j + 1, what);
    else
        snprintf(err, n, "game %llu: %s", (unsigned long long)id, what);
    return -1;
}

static int decode_start(cursor *in, rec_game *g, const rec_run *run, int pm)
{
    if (pm == POS_DERIVED)
        return derive_start(run, g, &g->start) ? 0 : -1;
    if (pm == POS_PACKED)
        return tz_unpack(in, &g->start);
    char text[POS_TEXT_MAX], err[160];
    cur_string(in, text, sizeof text);
    return in->bad || pos_from_text(&g->start, text, err, sizeof err) ? -1 : 0;
}

/* Turns codes into actions while replaying, then checks the stored result. */
static int decode_actions(cursor *in, rec_game *g, char *err, size_t n)
{
    int winner = (int)(cur_byte(in) & 15), turns = (int)cur_varint(in);
    uint64_t count = cur_varint(in);
    if (in->bad || count > REC_MAX_ACTIONS)
        return bad_game(err, n, g->id, "truncated or too many actions", -1);
    g->winner = (winner & 3) - 1;
    g->ending = winner >> 2;
    g->nactions = (int)count;
    if ((size_t)(in->end - in->p) < count)
        return bad_game(err, n, g->id, "truncated actions", -1);
    position p = g->start;
    int replay_turns = 0;
    for (int j = 0; j < g->nactions; j++) {
        action a;
        if (tz_code_action(&p, *in->p++, &a) || !action_is_legal(&p, a))
            return bad_game(err, n, g->id, "illegal action", j);
        replay_turns += p.phase == PHASE_OPENING || p.phase == PHASE_FIRST;
        g->actions[j] = a;
        undo u;
        pos_make(&p, a, &u);
    }
    int ending, w = game_winner(&p, &ending);
    if (w != g->winner || ending != g->ending || replay_turns != turns)
        return bad_game(err, n, g->id, "the stored result, ending or turn count is not the replay's", -1);
    g->turns = turns;
    return 0;
}

int rec_decode_game(cursor *in, rec_game *g, const rec_run *run, const char (*specs)[REC_SPEC_MAX],
                    int nspecs, uint64_t *prev_id, char *err, size_t n)
{
    uint64_t z = cur_varint(in);
    g->id = *prev_id + 1 + (uint64_t)((int64_t)(z >> 1) ^ -(int64_t)(z & 1));
    *prev_id = g->id;
    int flags = cur_byte(in), pm = flags >> 3 & 3, sm = flags >> 5 & 3;
    g->setup = flags & 3;
    g->swapped = flags >> 2 & 1;
    if (in->bad || g->setup >= SETUP_KINDS || pm > POS_TEXT || sm > SEED_EXPLICIT || flags & 0x80)
        return bad_game(err, n, g->id, "bad flags", -1);
    g->seed = sm == SEED_EXPLICIT ? cur_u64(in) : rec_game_seed(run, g->id);
    uint64_t ws = cur_varint(in), bs = cur_varint(in);
    if (in->bad || ws >= (uint64_t)nspecs || bs >= (uint64_t)nspecs)
        return bad_game(err, n, g->id, "bad player index", -1);
    memcpy(g->white, specs[ws], REC_SPEC_MAX);
    memcpy(g->black, specs[bs], REC_SPEC_MAX);
    if (decode_start(in, g, run, pm))
        return bad_game(err, n, g->id, "bad starting position", -1);
    return decode_actions(in, g, err, n);
}

int rec_frame_block(buf *out, int kind, const uint8_t *raw, size_t len)
{
    uLong bound = compressBound((uLong)len);
    out->len = 0;
    if (len > REC_BLOCK_RAW_MAX || !buf_reserve(out, REC_FRAME_LEN + bound))
        return -1;
    uLongf stored = bound;
    uint8_t *h = out->data;
    if (compress2(h + REC_FRAME_LEN, &stored, raw, (uLong)len, REC_ZLIB_LEVEL) != Z_OK)
        return -1;
    memcpy(h, "TZB", 3);
    h[3] = (uint8_t)kind;
    put_u32le(h + 4, (uint32_t)stored);
    put_u32le(h + 8, (uint32_t)len);
    put_u32le(h + 12, (uint32_t)crc32(crc32(0, h, 12), h + REC_FRAME_LEN, (uInt)stored));
    out->len = REC_FRAME_LEN + stored;
    return 0;
}
