/* movegen.c — legal actions and game-over detection (see movegen.h).
 *
 * For each own stack and direction the target is the first occupied point of
 * the ray: one AND and one bit scan.  The direction loop is unrolled by the
 * compiler because geo_first() branches on a constant. */
#include "movegen.h"

/* Writes the captures of the stack on `from` at o and, when stacks is not
 * NULL, its stacking actions at *stacks. */
static inline action *scan(const position *p, action *o, int from, bitboard all,
                           bitboard theirs, action **stacks)
{
    int h = p->height[from];
    for (int d = 0; d < GEO_DIRS; d++) {
        bitboard r = tz_geo_ray[from][d] & all;
        if (!r)
            continue;
        int to = geo_first(r, d);
        if (theirs >> to & 1) {
            if (p->height[to] <= h)
                *o++ = act_make(from, to, ACT_CAPTURE);
        } else if (stacks) {
            *(*stacks)++ = act_make(from, to, ACT_STACK);
        }
    }
    return o;
}

int tz_gen_captures(const position *p, action *out)
{
    bitboard mine = p->occ[p->side], theirs = p->occ[p->side ^ 1], all = mine | theirs;
    action *o = out;
    for (bitboard b = mine; b; b &= b - 1)
        o = scan(p, o, __builtin_ctzll(b), all, theirs, NULL);
    return (int)(o - out);
}

int tz_gen_stacks(const position *p, action *out)
{
    bitboard mine = p->occ[p->side], all = mine | p->occ[p->side ^ 1];
    action *o = out;
    for (bitboard b = mine; b; b &= b - 1) {
        int from = __builtin_ctzll(b);
        for (int d = 0; d < GEO_DIRS; d++) {
            bitboard r = tz_geo_ray[from][d] & all;
            if (r) {
                int to = geo_first(r, d);
                if (mine >> to & 1)
                    *o++ = act_make(from, to, ACT_STACK);
            }
        }
    }
    return (int)(o - out);
}

static int gen_placements(const position *p, action *out)
{
    bitboard empty = ~(p->occ[WHITE] | p->occ[BLACK]) & ((1ULL << GEO_POINTS) - 1);
    action *o = out;
    for (bitboard b = empty; b; b &= b - 1) {
        int to = __builtin_ctzll(b);
        for (int t = 0; t < PIECE_TYPES; t++)
            if (p->reserve[p->side][t])
                *o++ = act_make(t, to, ACT_PLACE);
    }
    return (int)(o - out);
}

int tz_gen_actions(const position *p, action *out)
{
    if (p->winner >= 0)
        return 0;
    switch (p->phase) {
    case PHASE_SECOND:
    case PHASE_SECOND_PIE: {
        /* Captures first, then stacks, then pass: grouping the kinds keeps
         * the branch on the kind in pos_make predictable. */
        bitboard mine = p->occ[p->side], theirs = p->occ[p->side ^ 1], all = mine | theirs;
        action stacks[MAX_ACTIONS], *s = stacks, *o = out;
        for (bitboard b = mine; b; b &= b - 1)
            o = scan(p, o, __builtin_ctzll(b), all, theirs, &s);
        for (action *t = stacks; t < s; t++)
            *o++ = *t;
        *o++ = ACTION_PASS;
        return (int)(o - out);
    }
    case PHASE_PLACE:
        return gen_placements(p, out);
    case PHASE_SWAP:
    case PHASE_SWAP_REPLY: { /* pie=1: the captures, then the swap */
        int n = tz_gen_captures(p, out);
        out[n] = ACTION_SWAP;
        return n + 1;
    }
    default:
        return tz_gen_captures(p, out);
    }
}

bool tz_has_capture(const position *p)
{
    bitboard mine = p->occ[p->side], theirs = p->occ[p->side ^ 1], all = mine | theirs;
    for (bitboard b = mine; b; b &= b - 1) {
        int from = __builtin_ctzll(b), h = p->height[from];
        for (int d = 0; d < GEO_DIRS; d++) {
            bitboard r = tz_geo_ray[from][d] & all;
            if (r) {
                int to = geo_first(r, d);
                if ((theirs >> to & 1) && p->height[to] <= h)
                    return true;
            }
        }
    }
    return false;
}

int tz_game_winner(const position *p, int *ending)
{
    int w = p->winner, e = p->ending;
    /* Who must capture and cannot has lost; who may swap has not. */
    if (w < 0 && tz_phase_starts_turn(p->phase) && !tz_phase_swaps(p->phase) && !tz_has_capture(p)) {
        w = p->side ^ 1;
        e = END_NO_CAPTURE;
    }
    if (ending)
        *ending = w < 0 ? END_NONE : e;
    return w;
}

bool tz_action_is_legal(const position *p, action a)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return true;
    return false;
}
