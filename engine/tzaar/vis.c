/* vis.c — the incremental who-sees-whom relation (vis.h).
 *
 * An action from A to B (capture or stack) changes three things: A empties,
 * so the stacks on either side of A along each of its three lines now see
 * each other; the stack on B changes owner or height; and every pair that
 * had A or B as an end is gone or different.  Make therefore takes out the
 * contributions of A's and B's pairs, re-links A's lines, applies the
 * action, and puts in B's pairs and the new pairs across A; unmake does the
 * same backwards.  A and B always see each other (B is the first stack on
 * A's ray), so that pair is counted once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vis.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#ifdef TRIAD_DEBUG
#include "core/debug.h"
static void debug_check(const vis *v, const position *p, const char *where)
{
    if (!dbg_due())
        return;
    const char *why = tz_vis_check(v, p);
    if (why) {
        fprintf(stderr, "triad: internal error after %s: %s\n", where, why);
        abort();
    }
}
#else
#define debug_check(v, p, where) ((void)0)
#endif

/* Adds sign times the contribution of the pair (x, y), which see each other:
 * the captures between them, each way. */
static inline void pair(vis *v, const position *p, int x, int y, int sign)
{
    int cx = (int)(p->occ[BLACK] >> x & 1), cy = (int)(p->occ[BLACK] >> y & 1);
    if (cx == cy)
        return;
    int hx = p->height[x], hy = p->height[y], xy = hx >= hy, yx = hy >= hx;
    v->captures[cx] += sign * xy;
    v->att[cx][y] = (uint8_t)(v->att[cx][y] + sign * xy);
    v->captures[cy] += sign * yx;
    v->att[cy][x] = (uint8_t)(v->att[cy][x] + sign * yx);
}

/* Every pair with pt as an end, except the one with skip. */
static inline void pairs_of(vis *v, const position *p, int pt, int skip, int sign)
{
    for (int d = 0; d < GEO_DIRS; d++) {
        int q = v->nb[pt][d];
        if (q != GEO_NONE && q != skip)
            pair(v, p, pt, q, sign);
    }
}

/* The pairs across the emptied point a along its lines, except those with
 * b as an end (counted among b's own). */
static inline void across(vis *v, const position *p, int a, int b, int sign)
{
    for (int d = 0; d < 3; d++) {
        int x = v->nb[a][d], y = v->nb[a][d + 3];
        if (x != GEO_NONE && y != GEO_NONE && x != b && y != b)
            pair(v, p, x, y, sign);
    }
}

void tz_vis_init(vis *v, const position *p)
{
    memset(v, 0, sizeof *v);
    memset(v->nb, GEO_NONE, sizeof v->nb);
    bitboard all = p->occ[WHITE] | p->occ[BLACK];
    for (bitboard b = all; b; b &= b - 1) {
        int pt = __builtin_ctzll(b);
        for (int d = 0; d < GEO_DIRS; d++) {
            bitboard r = tz_geo_ray[pt][d] & all;
            if (r)
                v->nb[pt][d] = (uint8_t)geo_first(r, d);
        }
        for (int d = 0; d < 3; d++) /* each pair once, from its lower end */
            if (v->nb[pt][d] != GEO_NONE)
                pair(v, p, pt, v->nb[pt][d], 1);
    }
}

/* The swap (pie=1) recolours every stack and moves none: who sees whom
 * stays, and each colour's captures are the other's. */
static void recolour(vis *v)
{
    uint8_t t[64];
    memcpy(t, v->att[0], sizeof t);
    memcpy(v->att[0], v->att[1], sizeof t);
    memcpy(v->att[1], t, sizeof t);
    int c = v->captures[0];
    v->captures[0] = v->captures[1];
    v->captures[1] = c;
}

void tz_vis_make(vis *v, position *p, action a, undo *u)
{
    if (act_kind(a) == ACT_PASS) {
        pos_make(p, a, u);
        if (a == ACTION_SWAP) {
            recolour(v);
            debug_check(v, p, "vis_make (swap)");
        }
        return;
    }
    int from = act_from(a), to = act_to(a);
    pairs_of(v, p, from, GEO_NONE, -1);
    pairs_of(v, p, to, from, -1);
    for (int d = 0; d < 3; d++) { /* unlink the emptied point */
        int x = v->nb[from][d], y = v->nb[from][d + 3];
        if (x != GEO_NONE)
            v->nb[x][d + 3] = (uint8_t)y;
        if (y != GEO_NONE)
            v->nb[y][d] = (uint8_t)x;
    }
    pos_make(p, a, u);
    pairs_of(v, p, to, GEO_NONE, 1);
    across(v, p, from, to, 1);
    debug_check(v, p, "vis_make");
}

void tz_vis_unmake(vis *v, position *p, action a, const undo *u)
{
    if (act_kind(a) == ACT_PASS) {
        pos_unmake(p, a, u);
        if (a == ACTION_SWAP)
            recolour(v);
        return;
    }
    int from = act_from(a), to = act_to(a);
    across(v, p, from, to, -1);
    pairs_of(v, p, to, GEO_NONE, -1);
    pos_unmake(p, a, u);
    for (int d = 0; d < 3; d++) { /* re-link it: its own entries never changed */
        int x = v->nb[from][d], y = v->nb[from][d + 3];
        if (x != GEO_NONE)
            v->nb[x][d + 3] = (uint8_t)from;
        if (y != GEO_NONE)
            v->nb[y][d] = (uint8_t)from;
    }
    pairs_of(v, p, from, GEO_NONE, 1);
    pairs_of(v, p, to, from, 1);
    debug_check(v, p, "vis_unmake");
}

const char *tz_vis_check(const vis *v, const position *p)
{
    vis w;
    tz_vis_init(&w, p);
    bitboard all = p->occ[WHITE] | p->occ[BLACK];
    for (bitboard b = all; b; b &= b - 1) {
        int pt = __builtin_ctzll(b);
        if (memcmp(v->nb[pt], w.nb[pt], GEO_DIRS))
            return "vis: a neighbour along a line is wrong";
    }
    for (int c = 0; c < 2; c++) {
        if (v->captures[c] != w.captures[c])
            return "vis: capture count is wrong";
        for (bitboard b = all; b; b &= b - 1)
            if (v->att[c][__builtin_ctzll(b)] != w.att[c][__builtin_ctzll(b)])
                return "vis: an attacker count is wrong";
    }
    return NULL;
}

bitboard tz_vis_attacks(const vis *v, int c)
{
    const uint8_t *a = v->att[c];
#ifdef __SSE2__
    /* 64 counters, 16 at a time: one compare and one mask per 16. */
    const __m128i zero = _mm_setzero_si128();
    uint64_t m = 0;
    for (int i = 0; i < 4; i++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + 16 * i));
        m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero)) << (16 * i);
    }
    return m;
#else
    bitboard m = 0;
    for (int i = 0; i < 64; i++)
        m |= (bitboard)(a[i] != 0) << i;
    return m;
#endif
}
