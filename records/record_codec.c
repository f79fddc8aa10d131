/* record_codec.c — runs and games to bytes and back, format 2 (layout in
 * docs/records.md; framing in record_codec.h; format 1 is read by
 * record_codec_v1.c).
 *
 * Everything goes through the game interface: a start is derived from the
 * run when it can be (the setup, its seed and the rotation), else stored
 * with the game's start codec; actions are the game's codes (one byte each
 * for TZAAR).  Reading replays every game, so it checks every action's
 * legality and the stored scores, ending and turn count. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include "core/msg.h"
#include "core/num.h"
#include "engine/game_codec.h"
#include "engine/replay.h"
#include "record_codec.h"

enum { START_DERIVED = 0, START_CODEC = 1, START_TEXT = 2 };
/* An explicit seed; codes as varints; a forfeit (seat, reason, text after
 * the actions); overruns (a count per seat after those). */
enum { FLAG_SEED = 4, FLAG_WIDE = 8, FLAG_FORFEIT = 16, FLAG_OVERRUNS = 32 };
/* zlib's default level: level 9 saves 0.5% of the bytes for three times
 * the CPU (random self-play: 44.2 against 44.4 bytes a game). */
#define REC_ZLIB_LEVEL 6

static uint64_t zigzag(int64_t v)
{
    return (uint64_t)v << 1 ^ (uint64_t)(v >> 63);
}

static int64_t unzigzag(uint64_t z)
{
    return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

void rec_encode_run(buf *out, const rec_run *run)
{
    buf_byte(out, (uint8_t)run->source);
    buf_string(out, run->game->name);
    buf_string(out, run->rules_version);
    buf_varint(out, (uint64_t)run->players);
    buf_varint(out, run->games);
    buf_u64(out, run->seed);
    buf_string(out, rec_setup_name(run, run->setup));
    buf_varint(out, (uint64_t)run->rotations);
    buf_byte(out, (uint8_t)run->rotate);
    buf_varint(out, run->shard);
    buf_varint(out, run->shards);
    for (int s = 0; s < run->players; s++)
        buf_string(out, run->specs[s]);
    buf_u64(out, run->engine_sig);
    /* Run options as (key, value) strings, written only when not the
     * default, so files without them stay byte for byte as before. */
    char rep[24], scale[24], pos[48];
    snprintf(rep, sizeof rep, "%d", run->replicates);
    snprintf(scale, sizeof scale, "%d", run->score_scale);
    snprintf(pos, sizeof pos, "%llu:%016llx", (unsigned long long)run->npositions,
             (unsigned long long)run->positions_sum);
    buf_varint(out, (uint64_t)(run->replicates > 1) + (uint64_t)(run->score_scale != 2) + (uint64_t)(run->npositions > 0));
    if (run->replicates > 1) {
        buf_string(out, "replicates");
        buf_string(out, rep);
    }
    if (run->score_scale != 2) {
        buf_string(out, "score_scale");
        buf_string(out, scale);
    }
    if (run->npositions) {
        buf_string(out, "positions");
        buf_string(out, pos);
    }
}

/* "COUNT:HEX" of the positions option.  0, or -1. */
static int parse_positions(const char *v, rec_run *run)
{
    char count[32], why[80];
    const char *colon = strchr(v, ':');
    uint64_t c, sum;
    if (!colon || (size_t)(colon - v) >= sizeof count || strlen(colon + 1) != 16)
        return -1;
    memcpy(count, v, (size_t)(colon - v));
    count[colon - v] = 0;
    if (num_u64(count, 1, UINT64_MAX, &c, why, sizeof why) || num_hex(colon + 1, UINT64_MAX, &sum, why, sizeof why))
        return -1;
    run->npositions = c;
    run->positions_sum = sum;
    return 0;
}

int rec_decode_run(cursor *in, rec_run *run, char *err, size_t n)
{
    char name[64], setup[64], key[128], value[REC_SPEC_MAX];
    memset(run, 0, sizeof *run);
    run->source = cur_byte(in);
    cur_string(in, name, sizeof name);
    cur_string(in, run->rules_version, sizeof run->rules_version);
    uint64_t players = cur_varint(in);
    run->games = cur_varint(in);
    run->seed = cur_u64(in);
    cur_string(in, setup, sizeof setup);
    uint64_t rotations = cur_varint(in);
    run->rotate = cur_byte(in);
    run->shard = (uint32_t)cur_varint(in);
    run->shards = (uint32_t)cur_varint(in);
    if (in->bad || players < 1 || players > GAME_MAX_PLAYERS || rotations < 1 || rotations > players) {
        snprintf(err, n, "bad run parameters");
        return -1;
    }
    run->players = (int)players;
    run->rotations = (int)rotations;
    for (int s = 0; s < run->players; s++)
        cur_string(in, run->specs[s], REC_SPEC_MAX);
    run->engine_sig = cur_u64(in);
    run->replicates = 1;
    run->score_scale = 2;
    /* Every option changes what the ids or the games mean: one this reader
     * does not know is refused, never skipped. */
    for (uint64_t i = 0, np = cur_varint(in); i < np && !in->bad; i++) {
        cur_string(in, key, sizeof key);
        cur_string(in, value, sizeof value);
        uint64_t r;
        char why[100];
        if (in->bad)
            break;
        bool rep = !strcmp(key, "replicates");
        if (!strcmp(key, "positions")) {
            if (parse_positions(value, run)) {
                snprintf(err, n, "bad run option positions='%s'", MSG_PATH(value));
                return -1;
            }
            continue;
        }
        if (!rep && strcmp(key, "score_scale")) {
            snprintf(err, n, "unknown run option '%s' (a newer triad wrote this file)", MSG_PATH(key));
            return -1;
        }
        if (num_u64(value, rep ? 2 : 1, rep ? REC_REPLICATES_MAX : 1000000, &r, why, sizeof why)) {
            snprintf(err, n, "bad run option %s='%s': %s", key, MSG_PATH(value), why);
            return -1;
        }
        *(rep ? &run->replicates : &run->score_scale) = (int)r;
    }
    if (in->bad || run->source > REC_SOURCE_IMPORT || (run->shards > 1 && run->shard >= run->shards)) {
        snprintf(err, n, "bad run parameters");
        return -1;
    }
    char gerr[200];
    if (!(run->game = game_find(name, gerr, sizeof gerr))) {
        snprintf(err, n, "%s", gerr);
        return -1;
    }
    if (run->game->state_size > GAME_STATE_MAX) {
        snprintf(err, n, "game %s: its state is too large for records", name);
        return -1;
    }
    run->setup = -1;
    for (int i = 0; run->game->setup_names[i]; i++)
        if (!strcmp(run->game->setup_names[i], setup))
            run->setup = i;
    if (run->setup < 0 || players < (uint64_t)run->game->min_players || players > (uint64_t)run->game->max_players) {
        snprintf(err, n, "bad run parameters for %s (setup '%s', %d players)", name, setup, run->players);
        return -1;
    }
    return 0;
}

/* The start the run implies for g, when the game's setup gives one. */
static bool derive_start(const rec_run *run, const rec_game *g, unsigned char *s)
{
    const game_def *gd = run->game;
    char err[160];
    if (g->setup < 0 || !rec_setup_name(run, g->setup)[0] ||
        game_setup(gd, s, rec_setup_name(run, g->setup), run->players,
                  rec_setup_seed(run, rec_setup_index(run, g->id)), err, sizeof err))
        return false;
    if (g->rotation && run->rotate & REC_ROTATE_PIECES) {
        int perm[GAME_MAX_PLAYERS] = { 0 };
        for (int i = 0; i < run->players; i++)
            perm[i] = (i + g->rotation) % run->players;
        gd->permute(s, perm);
    }
    return true;
}

/* The encoder's walk over a game's positions (engine/replay.h's visitor):
 * action k coded where it is played; a code of UINT32_MAX (not legal)
 * stops the walk before it. */
typedef struct encode_walk {
    const game_def *gd;
    const rec_game *g;
    uint32_t *codes;
    int wide;
} encode_walk;

static int encode_visit(void *ctx, const void *s, int ply)
{
    encode_walk *w = ctx;
    if (ply == w->g->nactions)
        return 0;
    w->codes[ply] = game_encode_action(w->gd, s, w->g->actions[ply]);
    w->wide |= w->codes[ply] > 255;
    return w->codes[ply] == UINT32_MAX;
}

int rec_encode_game(buf *out, const rec_game *g, const rec_run *run, const int *spec_idx, uint64_t *prev_id,
                    char *err, size_t n)
{
    const game_def *gd = run->game;
    unsigned char s[GAME_STATE_MAX];
    double scale = run->score_scale;
    for (int i = 0; i < run->players; i++) {
        double v = g->scores[i] * scale; /* 1/3 x 12 may round a hair off 4 */
        if (fabs(v - round(v)) > 1e-9 || fabs(g->scores[i]) > 1e12) {
            snprintf(err, n, "game %llu: score %g is not a multiple of 1/%d", (unsigned long long)g->id,
                     g->scores[i], run->score_scale);
            return -1;
        }
    }
    memset(s, 0, sizeof s);
    bool derived = derive_start(run, g, s) && !memcmp(s, g->start, gd->state_size);
    /* Codes are bytes unless one does not fit. */
    int wide = 0;
    memcpy(s, g->start, gd->state_size);
    uint32_t codes[REC_MAX_ACTIONS];
    encode_walk w = { gd, g, codes, 0 };
    int coded = game_replay(gd, s, g->actions, g->nactions, NULL, encode_visit, &w);
    if (coded < g->nactions) {
        snprintf(err, n, "game %llu: action %d is illegal", (unsigned long long)g->id, coded + 1);
        return -1;
    }
    wide = w.wide;
    buf_varint(out, zigzag((int64_t)(g->id - (*prev_id + 1)))); /* ids mostly ascend: one byte */
    *prev_id = g->id;
    int sm = g->seed == rec_game_seed(run, g->id) ? 0 : FLAG_SEED;
    int overruns = 0;
    for (int i = 0; i < run->players; i++)
        overruns |= g->overruns[i] != 0;
    if (g->forfeit < 0 || g->forfeit >= GAME_FORFEITS || (g->forfeit && (g->forfeit_seat < 0 ||
                                                                          g->forfeit_seat >= run->players))) {
        snprintf(err, n, "game %llu: bad forfeit", (unsigned long long)g->id);
        return -1;
    }
    buf_byte(out, (uint8_t)((derived ? START_DERIVED : START_CODEC) | sm | (wide ? FLAG_WIDE : 0) |
                            (g->forfeit ? FLAG_FORFEIT : 0) | (overruns ? FLAG_OVERRUNS : 0)));
    if (sm)
        buf_u64(out, g->seed);
    buf_varint(out, (uint64_t)g->setup);
    buf_varint(out, (uint64_t)g->rotation);
    for (int i = 0; i < run->players; i++)
        buf_varint(out, (uint64_t)spec_idx[i]);
    if (!derived)
        game_encode_start(gd, g->start, out);
    for (int i = 0; i < run->players; i++)
        buf_varint(out, zigzag((int64_t)round(g->scores[i] * scale)));
    buf_varint(out, (uint64_t)g->ending);
    buf_varint(out, (uint64_t)g->turns);
    buf_varint(out, (uint64_t)g->nactions);
    for (int j = 0; j < g->nactions; j++)
        if (wide)
            buf_varint(out, codes[j]);
        else
            buf_byte(out, (uint8_t)codes[j]);
    if (g->forfeit) {
        char text[GAME_FORFEIT_TEXT_MAX];
        snprintf(text, sizeof text, "%s", g->forfeit_text);
        buf_varint(out, (uint64_t)g->forfeit_seat);
        buf_varint(out, (uint64_t)g->forfeit);
        buf_string(out, text);
    }
    if (overruns)
        for (int i = 0; i < run->players; i++)
            buf_varint(out, (uint64_t)(g->overruns[i] > 0 ? g->overruns[i] : 0));
    return 0;
}

static int bad_game(char *err, size_t n, uint64_t id, const char *what, int j)
{
    if (j >= 0)
        snprintf(err, n, "game %llu: action %d: %s", (unsigned long long)id, j + 1, what);
    else
        snprintf(err, n, "game %llu: %s", (unsigned long long)id, what);
    return -1;
}

int rec_decode_game(cursor *in, rec_game *g, const rec_run *run, const char (*specs)[REC_SPEC_MAX],
                    int nspecs, uint64_t *prev_id, char *err, size_t n)
{
    const game_def *gd = run->game;
    g->id = *prev_id + 1 + (uint64_t)unzigzag(cur_varint(in));
    *prev_id = g->id;
    int flags = cur_byte(in), sm = flags & 3;
    g->seed = flags & FLAG_SEED ? cur_u64(in) : rec_game_seed(run, g->id);
    uint64_t setup = cur_varint(in), rotation = cur_varint(in);
    if (in->bad || sm > START_TEXT || flags & ~63 || setup >= 64 || !rec_setup_name(run, (int)setup)[0] ||
        !strcmp(rec_setup_name(run, (int)setup), "?") || rotation >= (uint64_t)run->players)
        return bad_game(err, n, g->id, "bad flags, setup or rotation", -1);
    g->setup = (int)setup;
    g->rotation = (int)rotation;
    memset(g->specs, 0, sizeof g->specs);
    for (int i = 0; i < run->players; i++) {
        uint64_t k = cur_varint(in);
        if (in->bad || k >= (uint64_t)nspecs)
            return bad_game(err, n, g->id, "bad player index", -1);
        memcpy(g->specs[i], specs[k], REC_SPEC_MAX);
    }
    char serr[160];
    memset(g->start, 0, sizeof g->start);
    if (sm == START_DERIVED ? !derive_start(run, g, g->start)
                            : game_decode_start(gd, g->start, in, serr, sizeof serr))
        return bad_game(err, n, g->id, "bad starting position", -1);
    memset(g->scores, 0, sizeof g->scores);
    for (int i = 0; i < run->players; i++)
        g->scores[i] = (double)unzigzag(cur_varint(in)) / run->score_scale;
    uint64_t ending = cur_varint(in), turns = cur_varint(in), count = cur_varint(in);
    if (in->bad || count > REC_MAX_ACTIONS || ending > 255 || turns > INT32_MAX)
        return bad_game(err, n, g->id, "truncated or too many actions", -1);
    g->ending = (int)ending;
    g->turns = (int)turns;
    g->nactions = (int)count;
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, g->start, gd->state_size);
    int turns0 = gd->turns(s);
    /* Not engine/replay.h's loop: here the actions are not known before the
     * replay, each is decoded from its code in the position it is played in. */
    for (int j = 0; j < g->nactions; j++) {
        uint32_t code = flags & FLAG_WIDE ? (uint32_t)cur_varint(in) : cur_byte(in);
        game_action a;
        if (in->bad)
            return bad_game(err, n, g->id, "truncated actions", -1);
        /* A decoded action is legal: an index code names the code-th of
         * legal(), and a game's own codec refuses a code that names no legal
         * action (engine/game.h; tests/test_conformance.c checks every code).
         * Looking it up in legal() again tripled the cost of a replay. */
        if (gd->over(s) || game_decode_action(gd, s, code, &a))
            return bad_game(err, n, g->id, "illegal action", j);
        g->actions[j] = a;
        gd->apply(s, a);
    }
    g->forfeit = g->forfeit_seat = 0;
    g->forfeit_text[0] = 0;
    memset(g->overruns, 0, sizeof g->overruns);
    if (flags & FLAG_FORFEIT) {
        uint64_t seat = cur_varint(in), reason = cur_varint(in);
        cur_string(in, g->forfeit_text, sizeof g->forfeit_text);
        if (in->bad || reason == 0 || reason >= GAME_FORFEITS || gd->over(s) || seat != (uint64_t)gd->to_act(s))
            return bad_game(err, n, g->id, "bad forfeit (not the seat to act, or the game is over)", -1);
        g->forfeit = (int)reason;
        g->forfeit_seat = (int)seat;
    }
    if (flags & FLAG_OVERRUNS)
        for (int i = 0; i < run->players; i++) {
            uint64_t k = cur_varint(in);
            if (in->bad || k > REC_MAX_ACTIONS)
                return bad_game(err, n, g->id, "bad overrun counts", -1);
            g->overruns[i] = (int)k;
        }
    double sc[GAME_MAX_PLAYERS] = { 0 };
    int end = gd->over(s) ? gd->ending(s) : 0;
    if (end)
        gd->outcome(s, sc);
    else if (g->forfeit)
        rec_forfeit_scores(run, g->forfeit_seat, sc);
    if (end != g->ending || gd->turns(s) - turns0 != g->turns || memcmp(sc, g->scores, sizeof sc))
        return bad_game(err, n, g->id, "the stored result, ending or turn count is not the replay's", -1);
    rec_game_set_ranks(gd, s, g);
    return 0;
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
