/* position.c — incremental make/unmake of TZAAR actions (see position.h). */
#include <pthread.h>
#include <string.h>
#include "position.h"
#include "symmetry.h"
#include "core/prng.h"

const int tz_piece_supply[PIECE_TYPES] = { 6, 9, 15 };

uint64_t tz_z_top[2][PIECE_TYPES][64];
uint64_t tz_z_height[64][32];
uint64_t tz_z_state[2][PHASES];
uint64_t tz_z_step[2][PHASES]; /* [side][phase]; the placement column stays 0 */

/* Who acts after a capture, stack or pass in each phase, and in which
 * phase (a swap goes elsewhere: tz_pos_make_swap).  The rulebook's three
 * columns are as they always were (Black never acts in phase 0, so its
 * entry there is never read); the variants' (docs/tzaar-variants.md) follow
 * the placement column. */
#define W WHITE
#define B BLACK
const uint8_t tz_next_side[2][PHASES] = {
    /* 0  1  2  p  f  d  r  0s fs 2s ds x1 xr */
    { B, W, B, W, W, B, B, B, W, B, B, W, B },
    { B, B, W, B, B, W, W, W, B, W, W, B, W },
};
#undef W
#undef B
const uint8_t tz_next_phase[2][PHASES] = {
#define ROW                                                                                                           \
    { PHASE_FIRST, PHASE_SECOND, PHASE_FIRST, PHASE_PLACE, PHASE_SECOND, PHASE_REPLY, PHASE_FIRST, PHASE_SWAP,       \
      PHASE_SECOND_PIE, PHASE_SWAP, PHASE_SWAP_REPLY, PHASE_SECOND, PHASE_FIRST }
    ROW,
    ROW,
#undef ROW
};

const uint8_t tz_phase_kinds[PHASES] = {
    PHASE_OPENING, PHASE_FIRST,   PHASE_SECOND, PHASE_PLACE, PHASE_FIRST,  PHASE_OPENING, PHASE_OPENING,
    PHASE_OPENING, PHASE_FIRST,   PHASE_SECOND, PHASE_OPENING, PHASE_FIRST, PHASE_OPENING,
};

static void build_keys(void)
{
    uint64_t s = 0x7472696164ULL; /* "triad": fixed, so hashes are stable across runs */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            for (int p = 0; p < 64; p++)
                tz_z_top[c][t][p] = splitmix64(&s);
    for (int p = 0; p < 64; p++)
        for (int h = 0; h < 32; h++)
            tz_z_height[p][h] = splitmix64(&s);
    for (int c = 0; c < 2; c++)
        for (int ph = 0; ph < 4; ph++)
            tz_z_state[c][ph] = splitmix64(&s);
    /* The variants' phases draw after every key the rulebook's positions
     * use, so those keys, and every hash and search, stay as they were. */
    for (int c = 0; c < 2; c++)
        for (int ph = 4; ph < PHASES; ph++)
            tz_z_state[c][ph] = splitmix64(&s);
    for (int c = 0; c < 2; c++)
        for (int ph = 0; ph < PHASES; ph++)
            if (ph != PHASE_PLACE)
                tz_z_step[c][ph] = tz_z_state[c][ph] ^ tz_z_state[tz_next_side[c][ph]][tz_next_phase[c][ph]];
}

void tz_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    tz_geo_init();
    tz_sym_init();
    pthread_once(&once, build_keys);
}

void tz_pos_clear(position *p)
{
    memset(p, 0, sizeof *p);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            p->reserve[c][t] = (uint8_t)tz_piece_supply[t];
    p->winner = -1;
}

void tz_pos_put(position *p, int point, int colour, int type, int height)
{
    bitboard b = 1ULL << point;
    p->occ[colour] |= b;
    p->tops[type] |= b;
    p->height[point] = (uint8_t)height;
    p->type[point] = (uint8_t)type;
}

uint64_t tz_pos_hash_full(const position *p)
{
    uint64_t h = tz_z_state[p->side][p->phase];
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            h ^= stack_key(c, p->type[pt], pt, p->height[pt]);
        }
    return h;
}

void tz_pos_finish(position *p, int side, int phase)
{
    p->side = (uint8_t)side;
    p->phase = (uint8_t)phase;
    p->winner = -1;
    p->ending = END_NONE;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            p->count[c][t] = (uint8_t)__builtin_popcountll(p->occ[c] & p->tops[t]);
    if (phase == PHASE_PLACE) {
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < PIECE_TYPES; t++)
                p->reserve[c][t] = (uint8_t)(tz_piece_supply[t] - p->count[c][t]);
    } else {
        memset(p->reserve, 0, sizeof p->reserve);
        /* A position in play in which a colour lacks a type on top is a game
         * already lost by that colour (trinity rule). */
        for (int c = 0; c < 2 && p->winner < 0; c++)
            if (!p->count[c][TZAAR] || !p->count[c][TZARRA] || !p->count[c][TOTT]) {
                p->winner = (int8_t)(c ^ 1);
                p->ending = END_TRINITY;
            }
    }
    p->hash = tz_pos_hash_full(p);
}

#ifdef TRIAD_DEBUG
#include <stdio.h>
#include <stdlib.h>
#include "core/debug.h"
void pos_debug_check(const position *p, const char *where)
{
    if (!dbg_due())
        return;
    const char *why = tz_pos_check(p);
    if (why) {
        fprintf(stderr, "triad: internal error after %s: %s\n", where, why);
        abort();
    }
}
#endif

void tz_pos_make_place(position *p, action a)
{
    int us = p->side, t = act_from(a), to = act_to(a);
    uint64_t h = p->hash ^ tz_z_state[us][PHASE_PLACE] ^ stack_key(us, t, to, 1);
    p->occ[us] |= 1ULL << to;
    p->tops[t] |= 1ULL << to;
    p->height[to] = 1;
    p->type[to] = (uint8_t)t;
    p->count[us][t]++;
    p->reserve[us][t]--;
    /* The players alternate; after the 60th piece White opens the game,
     * whoever placed first (60 is even, so alternation alone would give
     * the turn back to the first placer: Black, in tournament-black). */
    p->side ^= 1;
    if (!(p->reserve[0][0] | p->reserve[0][1] | p->reserve[0][2] |
          p->reserve[1][0] | p->reserve[1][1] | p->reserve[1][2])) {
        p->phase = p->opening; /* the variant's first turn: PHASE_OPENING in the rulebook */
        p->side = WHITE;
    }
    p->hash = h ^ tz_z_state[p->side][p->phase];
    pos_debug_check(p, "placement");
}

void tz_pos_recolour(position *p)
{
    bitboard b = p->occ[WHITE];
    p->occ[WHITE] = p->occ[BLACK];
    p->occ[BLACK] = b;
    for (int t = 0; t < PIECE_TYPES; t++) {
        uint8_t c = p->count[WHITE][t], r = p->reserve[WHITE][t];
        p->count[WHITE][t] = p->count[BLACK][t];
        p->count[BLACK][t] = c;
        p->reserve[WHITE][t] = p->reserve[BLACK][t];
        p->reserve[BLACK][t] = r;
    }
}

/* The board the side to act took over, and its turn: the other side plays
 * next, the turn it would have played (a whole one, or after a single
 * capture a single one).  The hash from scratch: it is one action a game. */
void tz_pos_make_swap(position *p)
{
    tz_pos_recolour(p);
    p->phase = p->phase == PHASE_SWAP_REPLY ? PHASE_REPLY : PHASE_FIRST;
    p->side ^= 1;
    p->hash = tz_pos_hash_full(p);
    pos_debug_check(p, "swap");
}

const char *tz_pos_check(const position *p)
{
    if (p->occ[WHITE] & p->occ[BLACK])
        return "a point holds both colours";
    bitboard all = p->occ[WHITE] | p->occ[BLACK];
    if (all >> GEO_POINTS)
        return "a stack beyond the 60 points";
    if ((p->tops[0] | p->tops[1] | p->tops[2]) != all)
        return "top-type bitboards disagree with the colour bitboards";
    if ((p->tops[0] & p->tops[1]) | (p->tops[0] & p->tops[2]) | (p->tops[1] & p->tops[2]))
        return "a point has two top types";
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int on = (int)(all >> pt & 1);
        if (on != (p->height[pt] > 0))
            return "heights disagree with the bitboards";
        if (on && !(p->tops[p->type[pt]] >> pt & 1))
            return "type array disagrees with the top-type bitboards";
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            if (p->count[c][t] != __builtin_popcountll(p->occ[c] & p->tops[t]))
                return "incremental type counts are wrong";
    if (p->hash != tz_pos_hash_full(p))
        return "incremental hash is wrong";
    return NULL;
}
