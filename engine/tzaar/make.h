/* make.h — pos_make() and pos_unmake(), inline because they are the hot path:
 * perft and search call them at every node, and a call would cost a register
 * save/restore of the same order as the work itself.  Included by position.h;
 * do not include directly. */
#ifndef TRIAD_MAKE_H
#define TRIAD_MAKE_H

#include <stddef.h>
#include <string.h>
#include "position.h"

/* Zobrist keys (position.c).  A stack's key is
 * z_top[colour][type][point] ^ z_height[point][height]; heights never exceed
 * 30, the pieces of one colour. */
extern uint64_t tz_z_top[2][PIECE_TYPES][64];
extern uint64_t tz_z_height[64][32];
extern uint64_t tz_z_state[2][PHASES]; /* [side][phase] */

static inline uint64_t stack_key(int colour, int type, int point, int height)
{
    return tz_z_top[colour][type][point] ^ tz_z_height[point][height];
}

#ifdef TRIAD_DEBUG
void pos_debug_check(const position *p, const char *where);
#else
#define pos_debug_check(p, where) ((void)0)
#endif

/* side, phase, winner and ending are adjacent so one 32-bit copy saves them. */
_Static_assert(offsetof(position, phase) == offsetof(position, side) + 1 &&
               offsetof(position, ending) == offsetof(position, side) + 3, "state bytes must be adjacent");

/* Play phases (all but placement): who acts next and in which phase after
 * a capture, a stack or a pass, and the hash change that goes with it
 * (filled by tz_init).  The tables have a placement column, never used, so
 * pos_make can read them before it knows the kind: the hot path keeps its
 * shape, and the variants' phases are rows like the rulebook's. */
extern const uint8_t tz_next_side[2][PHASES], tz_next_phase[2][PHASES];
extern uint64_t tz_z_step[2][PHASES];

/* Placement is rare and off the hot path. */
void tz_pos_make_place(position *p, action a);

static inline void pos_make(position *p, action a, undo *u)
{
    int us = p->side, them = us ^ 1, ph = p->phase;
    int from = act_from(a), to = act_to(a);

    uint64_t h = p->hash ^ tz_z_step[us][ph];

    u->hash = p->hash;
    memcpy(&u->state, &p->side, 4);
    u->height = p->height[to]; /* the stack a capture or stack covers */
    u->type = p->type[to];
    if (act_kind(a) == ACT_CAPTURE) {
        int mt = p->type[from], mh = p->height[from];
        int vt = p->type[to], vh = p->height[to];
        bitboard fb = 1ULL << from, tb = 1ULL << to;
        p->occ[us] ^= fb | tb;
        p->occ[them] ^= tb;
        p->tops[vt] ^= tb;
        p->tops[mt] ^= fb | tb;
        p->height[to] = (uint8_t)mh;
        p->height[from] = 0;
        p->type[to] = (uint8_t)mt;
        h ^= stack_key(us, mt, from, mh) ^ stack_key(them, vt, to, vh) ^ stack_key(us, mt, to, mh);
        if (--p->count[them][vt] == 0) {
            p->winner = (int8_t)us;
            p->ending = END_TRINITY;
        }
    } else if (act_kind(a) == ACT_STACK) {
        int mt = p->type[from], mh = p->height[from];
        int tt = p->type[to], th = p->height[to];
        bitboard fb = 1ULL << from, tb = 1ULL << to;
        p->occ[us] ^= fb;
        p->tops[tt] ^= tb;
        p->tops[mt] ^= fb | tb;
        p->height[to] = (uint8_t)(mh + th);
        p->height[from] = 0;
        p->type[to] = (uint8_t)mt;
        h ^= stack_key(us, mt, from, mh) ^ stack_key(us, tt, to, th) ^ stack_key(us, mt, to, mh + th);
        /* Burying the last stack of a type loses at once (self-burial). */
        if (--p->count[us][tt] == 0) {
            p->winner = (int8_t)them;
            p->ending = END_TRINITY;
        }
    } else if (act_kind(a) == ACT_PLACE) {
        tz_pos_make_place(p, a);
        return;
    } else if (a == ACTION_SWAP) { /* pie=1, once a game at most */
        tz_pos_make_swap(p);
        return;
    }
    p->hash = h;
    p->side = tz_next_side[us][ph];
    p->phase = tz_next_phase[us][ph];
    pos_debug_check(p, "make");
}

static inline void pos_unmake(position *p, action a, const undo *u)
{
    int us = u->state & 0xff, them = us ^ 1;
    int from = act_from(a), to = act_to(a);

    if (act_kind(a) == ACT_CAPTURE) {
        int mt = p->type[to], vt = u->type;
        bitboard fb = 1ULL << from, tb = 1ULL << to;
        p->occ[us] ^= fb | tb;
        p->occ[them] ^= tb;
        p->tops[mt] ^= fb | tb;
        p->tops[vt] ^= tb;
        p->height[from] = p->height[to];
        p->height[to] = u->height;
        p->type[from] = (uint8_t)mt;
        p->type[to] = (uint8_t)vt;
        p->count[them][vt]++;
    } else if (act_kind(a) == ACT_STACK) {
        int mt = p->type[to], tt = u->type;
        bitboard fb = 1ULL << from, tb = 1ULL << to;
        p->occ[us] ^= fb;
        p->tops[mt] ^= fb | tb;
        p->tops[tt] ^= tb;
        p->height[from] = (uint8_t)(p->height[to] - u->height);
        p->height[to] = u->height;
        p->type[from] = (uint8_t)mt;
        p->type[to] = (uint8_t)tt;
        p->count[us][tt]++;
    } else if (act_kind(a) == ACT_PLACE) {
        int t = from;
        p->occ[us] &= ~(1ULL << to);
        p->tops[t] &= ~(1ULL << to);
        p->height[to] = 0;
        p->type[to] = u->type; /* whatever the empty point held, byte for byte */
        p->count[us][t]--;
        p->reserve[us][t]++;
    } else if (a == ACTION_SWAP) {
        tz_pos_recolour(p);
    }
    p->hash = u->hash;
    memcpy(&p->side, &u->state, 4);
    pos_debug_check(p, "unmake");
}

#endif
