/* codec.c — TZAAR's compact codec (see codec.h), and the game interface's
 * codec hooks built on it. */
#include <stdio.h>
#include <string.h>
#include "codec.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "notation.h"

/* Direction 0..5 of the ray from one point through another (rays in
 * different directions are disjoint), or 0 when none holds it: a legal
 * move always has one. */
static int direction(int from, int to)
{
    for (int d = 0; d < GEO_DIRS; d++)
        if (tz_geo_ray[from][d] >> to & 1)
            return d;
    return 0;
}

int tz_action_code(const position *p, action a)
{
    int from = act_from(a), to = act_to(a);
    switch (act_kind(a)) {
    case ACT_PASS:
        return a == ACTION_SWAP ? TZ_CODE_SWAP : TZ_CODE_PASS;
    case ACT_PLACE:
        return from * GEO_POINTS + to;
    default:
        return __builtin_popcountll(p->occ[p->side] & ((1ULL << from) - 1)) * GEO_DIRS + direction(from, to);
    }
}

int tz_code_action(const position *p, int code, action *a)
{
    if (code == TZ_CODE_PASS || code == TZ_CODE_SWAP) {
        *a = code == TZ_CODE_PASS ? ACTION_PASS : ACTION_SWAP;
        return 0;
    }
    if (p->phase == PHASE_PLACE) {
        if (code >= PIECE_TYPES * GEO_POINTS)
            return -1;
        *a = act_make(code / GEO_POINTS, code % GEO_POINTS, ACT_PLACE);
        return 0;
    }
    bitboard mine = p->occ[p->side];
    for (int rank = code / GEO_DIRS; rank > 0 && mine; rank--)
        mine &= mine - 1;
    if (!mine)
        return -1;
    int from = __builtin_ctzll(mine), d = code % GEO_DIRS;
    bitboard hit = tz_geo_ray[from][d] & (p->occ[0] | p->occ[1]);
    if (!hit)
        return -1;
    int to = geo_first(hit, d);
    *a = act_make(from, to, p->occ[p->side] >> to & 1 ? ACT_STACK : ACT_CAPTURE);
    return 0;
}

bool tz_packable(const position *p)
{
    if (p->phase != PHASE_OPENING || (p->occ[0] | p->occ[1]) != (1ULL << GEO_POINTS) - 1)
        return false;
    for (int pt = 0; pt < GEO_POINTS; pt++)
        if (p->height[pt] != 1)
            return false;
    return true;
}

void tz_pack(buf *out, const position *p)
{
    uint8_t bytes[TZ_PACKED_BYTES] = { 0 };
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int v = pos_colour_at(p, pt) * PIECE_TYPES + p->type[pt], bit = pt * 3;
        bytes[bit / 8] |= (uint8_t)(v << bit % 8);
        if (bit % 8 > 5)
            bytes[bit / 8 + 1] |= (uint8_t)(v >> (8 - bit % 8));
    }
    buf_put(out, bytes, TZ_PACKED_BYTES);
}

int tz_unpack(cursor *in, position *p)
{
    uint8_t bytes[TZ_PACKED_BYTES + 1] = { 0 };
    int seen[2][PIECE_TYPES] = { { 0 } };
    for (int i = 0; i < TZ_PACKED_BYTES; i++)
        bytes[i] = cur_byte(in);
    tz_pos_clear(p);
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int bit = pt * 3, v = (bytes[bit / 8] | bytes[bit / 8 + 1] << 8) >> bit % 8 & 7;
        if (v >= 2 * PIECE_TYPES)
            return -1;
        tz_pos_put(p, pt, v / PIECE_TYPES, v % PIECE_TYPES, 1);
        seen[v / PIECE_TYPES][v % PIECE_TYPES]++;
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            if (seen[c][t] != tz_piece_supply[t])
                return -1;
    tz_pos_finish(p, WHITE, PHASE_OPENING);
    return in->bad ? -1 : 0;
}

/* A start in the interface's codec: a tag byte, then the packed board or
 * the position string. */
enum { START_PACKED = 1, START_TEXT = 2 };

void tz_encode_start(const void *s, buf *out)
{
    const position *p = &((const tz_state *)s)->pos;
    if (tz_packable(p)) {
        buf_byte(out, START_PACKED);
        tz_pack(out, p);
    } else {
        char text[POS_TEXT_MAX];
        tz_pos_to_text(p, text, sizeof text);
        buf_byte(out, START_TEXT);
        buf_string(out, text);
    }
}

int tz_decode_start(void *s, cursor *in, char *err, size_t n)
{
    tz_state *st = s;
    memset(st, 0, sizeof *st);
    int tag = cur_byte(in);
    if (tag == START_PACKED && !tz_unpack(in, &st->pos))
        return 0;
    if (tag == START_TEXT) {
        char text[POS_TEXT_MAX];
        cur_string(in, text, sizeof text);
        if (!in->bad)
            return tz_pos_from_text(&st->pos, text, err, n);
    }
    snprintf(err, n, "bad TZAAR start (tag %d)", tag);
    return -1;
}

uint32_t tz_encode_action(const void *s, game_action a)
{
    return (uint32_t)tz_action_code(&((const tz_state *)s)->pos, (action)a);
}

int tz_decode_action(const void *s, uint32_t code, game_action *a)
{
    const position *p = &((const tz_state *)s)->pos;
    action x;
    if (code > TZ_CODE_PASS || tz_code_action(p, (int)code, &x) || !tz_action_is_legal(p, x))
        return -1;
    *a = x;
    return 0;
}
