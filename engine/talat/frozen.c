/* frozen.c — the frozen-board test of the rules page: a board is live when
 * some sequence of non-capturing moves by its two colours, in any order and
 * number, reaches a position with a legal capture; otherwise frozen.
 *
 * The exact answer is a depth-first search over the positions reachable by
 * non-capturing moves, with a visited set.  Three sound shortcuts settle
 * almost every board without it (and the second prunes its nodes):
 *  - frozen if no tower of one side captures a tower type of the other;
 *  - frozen if no capturing pair can meet, when each tower may go anywhere
 *    in its forward cone that avoids only immobile towers (towers that can
 *    never move again: on their far line, or with every forward square off
 *    the board or held by an immobile tower);
 *  - live if moving only the two towers of one such pair reaches a capture.
 * The answer depends on the 25 squares alone, so a caller-owned cache
 * (tl_fcache) keyed by them stays valid across positions and games. */
#include <stdlib.h>
#include <string.h>
#include "talat.h"

#define FILE_A 0x108421u
#define FILE_E (FILE_A << 4)

typedef struct cfg {
    uint32_t o[2];
    uint8_t type[TL_SQ];
} cfg;

typedef unsigned __int128 key128;

/* The squares one forward or diagonally forward step from m. */
static uint32_t step(uint32_t m, int side)
{
    uint32_t l = m & ~FILE_A, r = m & ~FILE_E;
    return side ? (m >> 5) | (l >> 6) | (r >> 4) : ((m << 5) | (l << 4) | (r << 6)) & TL_ALL;
}

static uint32_t sideways(uint32_t m)
{
    return ((m & ~FILE_A) >> 1) | ((m & ~FILE_E) << 1);
}

/* Whether some tower can capture right now. */
static bool capture_now(const cfg *c)
{
    for (int s = 0; s < 2; s++)
        for (uint32_t m = c->o[s]; m; m &= m - 1) {
            int a = __builtin_ctz(m);
            for (uint32_t t = (tl_fwd[s][a] | tl_sideways[a]) & c->o[1 - s]; t; t &= t - 1)
                if (tl_beats[c->type[a]] >> c->type[__builtin_ctz(t)] & 1)
                    return true;
        }
    return false;
}

/* Whether some tower of one side can capture some type on the other side. */
static bool any_pair(const cfg *c)
{
    unsigned have[2] = { 0, 0 };
    for (int s = 0; s < 2; s++)
        for (uint32_t m = c->o[s]; m; m &= m - 1)
            have[s] |= 1u << c->type[__builtin_ctz(m)];
    for (int s = 0; s < 2; s++)
        for (unsigned m = have[s]; m; m &= m - 1)
            if (tl_beats[__builtin_ctz(m)] & have[1 - s])
                return true;
    return false;
}

/* Towers that can never move again. */
static uint32_t immobile(const cfg *c)
{
    uint32_t imm = 0;
    for (;;) {
        uint32_t add = 0;
        for (int s = 0; s < 2; s++)
            for (uint32_t m = c->o[s] & ~imm; m; m &= m - 1) {
                int a = __builtin_ctz(m);
                if (!(tl_fwd[s][a] & ~imm))
                    add |= 1u << a;
            }
        if (!add)
            return imm;
        imm |= add;
    }
}

static uint32_t cone(int sq, int side, uint32_t imm)
{
    uint32_t c = 1u << sq, f = c;
    if (imm & c)
        return c;
    while ((f = step(f, side) & ~imm))
        c |= f;
    return c;
}

/* Whether some capturing pair can still come into capture geometry (the
 * second shortcut: false proves the board frozen). */
static bool can_meet(const cfg *c)
{
    uint32_t imm = immobile(c), cones[TL_SQ], zone[TL_SQ];
    for (int s = 0; s < 2; s++)
        for (uint32_t m = c->o[s]; m; m &= m - 1) {
            int a = __builtin_ctz(m);
            cones[a] = cone(a, s, imm);
            zone[a] = step(cones[a], s) | sideways(cones[a]);
        }
    for (int s = 0; s < 2; s++)
        for (uint32_t m = c->o[s]; m; m &= m - 1) {
            int a = __builtin_ctz(m);
            for (uint32_t d = c->o[1 - s]; d; d &= d - 1) {
                int q = __builtin_ctz(d);
                if ((tl_beats[c->type[a]] >> c->type[q] & 1) && (zone[a] & cones[q]))
                    return true;
            }
        }
    return false;
}

static void move_tower(cfg *c, int s, int from, int to)
{
    c->o[s] ^= (1u << from) | (1u << to);
    c->type[to] = c->type[from];
    c->type[from] = 0;
}

/* Whether the tower of square a (side s), now on pa, and the tower of
 * square d (the other side), now on pd, stand where a capture is possible,
 * the other towers as in start.  Only captures that involve one of the two
 * can be new: start has none (decide() checked), and a capture between two
 * fixed towers needs nothing but the two of them. */
static bool capture_touching(const cfg *start, int s, int a, int d, int pa, int pd)
{
    int ta = start->type[a], td = start->type[d];
    uint32_t mine = (start->o[s] & ~(1u << a)) | 1u << pa, theirs = (start->o[1 - s] & ~(1u << d)) | 1u << pd;
    /* the capture squares are mutual: x is forward of y for one side when
     * y is forward of x for the other, and sideways both ways */
    for (uint32_t t = (tl_fwd[s][pa] | tl_sideways[pa]) & theirs; t; t &= t - 1) {
        int x = __builtin_ctz(t), tx = x == pd ? td : start->type[x];
        if ((tl_beats[ta] >> tx & 1) || (tl_beats[tx] >> ta & 1))
            return true;
    }
    for (uint32_t t = (tl_fwd[1 - s][pd] | tl_sideways[pd]) & mine; t; t &= t - 1) {
        int x = __builtin_ctz(t), tx = x == pa ? ta : start->type[x];
        if ((tl_beats[td] >> tx & 1) || (tl_beats[tx] >> td & 1))
            return true;
    }
    return false;
}

/* The third shortcut: a search moving only the towers on squares a (side
 * s) and d (the other side), the rest fixed.  True when it finds a capture. */
static bool pair_reaches(const cfg *start, int s, int a, int d)
{
    uint64_t seen[10] = { 0 };
    struct { uint8_t a, d; } stack[TL_SQ * TL_SQ];
    int top = 0;
    stack[top].a = (uint8_t)a, stack[top++].d = (uint8_t)d;
    seen[(a * TL_SQ + d) / 64] |= 1ull << ((a * TL_SQ + d) % 64);
    uint32_t fixed = (start->o[0] | start->o[1]) & ~((1u << a) | (1u << d));
    while (top) {
        top--;
        int pa = stack[top].a, pd = stack[top].d;
        if (capture_touching(start, s, a, d, pa, pd))
            return true;
        uint32_t empty = ~(fixed | (1u << pa) | (1u << pd)) & TL_ALL;
        for (int which = 0; which < 2; which++) {
            int from = which ? pd : pa, side = which ? 1 - s : s;
            for (uint32_t t = tl_fwd[side][from] & empty; t; t &= t - 1) {
                int na = which ? pa : __builtin_ctz(t), nd = which ? __builtin_ctz(t) : pd;
                int k = na * TL_SQ + nd;
                if (seen[k / 64] >> (k % 64) & 1)
                    continue;
                seen[k / 64] |= 1ull << (k % 64);
                stack[top].a = (uint8_t)na, stack[top++].d = (uint8_t)nd;
            }
        }
    }
    return false;
}

static bool some_pair_reaches(const cfg *c)
{
    for (int s = 0; s < 2; s++)
        for (uint32_t m = c->o[s]; m; m &= m - 1) {
            int a = __builtin_ctz(m);
            for (uint32_t d = c->o[1 - s]; d; d &= d - 1) {
                int q = __builtin_ctz(d);
                if ((tl_beats[c->type[a]] >> c->type[q] & 1) && pair_reaches(c, s, a, q))
                    return true;
            }
        }
    return false;
}

/* The exact key of a board: both occupancy masks (50 bits), then the type
 * of each occupied square in square order (4 bits each, at most 18). */
static key128 key_of(const cfg *c)
{
    key128 k = (key128)c->o[0] | (key128)c->o[1] << 25;
    int shift = 50;
    for (uint32_t m = c->o[0] | c->o[1]; m; m &= m - 1, shift += 4)
        k |= (key128)c->type[__builtin_ctz(m)] << shift;
    return k;
}

/* A growing open-addressing set of keys (0 never occurs: a searched board
 * holds towers). */
typedef struct keyset {
    key128 *slot;
    size_t cap, used;
} keyset;

static uint64_t mix(key128 k)
{
    uint64_t h = (uint64_t)k * 0x9e3779b97f4a7c15ull ^ (uint64_t)(k >> 64) * 0xc2b2ae3d27d4eb4full;
    return h ^ h >> 29;
}

/* 1 when k was new, 0 when present, -1 when out of memory. */
static int keyset_add(keyset *ks, key128 k)
{
    if (2 * (ks->used + 1) > ks->cap) {
        size_t cap = ks->cap ? 2 * ks->cap : 1024;
        key128 *slot = calloc(cap, sizeof *slot);
        if (!slot)
            return -1;
        for (size_t i = 0; i < ks->cap; i++)
            if (ks->slot[i])
                for (size_t j = mix(ks->slot[i]) & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!slot[j]) {
                        slot[j] = ks->slot[i];
                        break;
                    }
        free(ks->slot);
        ks->slot = slot;
        ks->cap = cap;
    }
    for (size_t j = mix(k) & (ks->cap - 1);; j = (j + 1) & (ks->cap - 1)) {
        if (ks->slot[j] == k)
            return 0;
        if (!ks->slot[j]) {
            ks->slot[j] = k;
            ks->used++;
            return 1;
        }
    }
}

/* The reference search.  Out of memory answers live: the board stays in
 * play, which can only lengthen a game, never end one wrongly early. */
static bool search(const cfg *start, uint64_t *nodes)
{
    keyset ks = { NULL, 0, 0 };
    size_t cap = 256, top = 0;
    cfg *stack = malloc(cap * sizeof *stack);
    bool live = !stack || keyset_add(&ks, key_of(start)) < 0;
    if (!live)
        stack[top++] = *start;
    while (top && !live) {
        cfg c = stack[--top];
        (*nodes)++;
        if (capture_now(&c)) {
            live = true;
            break;
        }
        if (!can_meet(&c))
            continue;
        uint32_t empty = ~(c.o[0] | c.o[1]) & TL_ALL;
        for (int s = 0; s < 2 && !live; s++)
            for (uint32_t m = c.o[s]; m && !live; m &= m - 1) {
                int a = __builtin_ctz(m);
                for (uint32_t t = tl_fwd[s][a] & empty; t; t &= t - 1) {
                    cfg child = c;
                    move_tower(&child, s, a, __builtin_ctz(t));
                    int added = keyset_add(&ks, key_of(&child));
                    if (added > 0 && top == cap) {
                        cfg *more = realloc(stack, 2 * cap * sizeof *stack);
                        added = more ? added : -1;
                        stack = more ? more : stack;
                        cap *= more ? 2 : 1;
                    }
                    if (added < 0) {
                        live = true;
                        break;
                    }
                    if (added)
                        stack[top++] = child;
                }
            }
    }
    free(stack);
    free(ks.slot);
    return live;
}

/* A capture now settles it first: it is the cheapest test, and it answers
 * most boards (the shortcuts that prove a board frozen never contradict
 * it). */
static bool decide(const cfg *c, uint64_t *nodes)
{
    if (capture_now(c))
        return true;
    if (!any_pair(c) || !can_meet(c))
        return false;
    if (some_pair_reaches(c))
        return true;
    return search(c, nodes);
}

bool tl_board_live_searched(uint32_t o0, uint32_t o1, const uint8_t type[TL_SQ])
{
    cfg c = { { o0, o1 }, { 0 } };
    for (uint32_t m = o0 | o1; m; m &= m - 1)
        c.type[__builtin_ctz(m)] = type[__builtin_ctz(m)];
    uint64_t nodes = 0;
    return search(&c, &nodes);
}

bool tl_board_live(uint32_t o0, uint32_t o1, const uint8_t type[TL_SQ], tl_fcache *cache)
{
    cfg c = { { o0, o1 }, { 0 } };
    for (uint32_t m = o0 | o1; m; m &= m - 1)
        c.type[__builtin_ctz(m)] = type[__builtin_ctz(m)];
    uint64_t nodes = 0;
    if (!cache)
        return decide(&c, &nodes);
    key128 k = key_of(&c);
    size_t i = mix(k) & (TL_FCACHE_SIZE - 1);
    if (cache->live[i] && cache->key[i][0] == (uint64_t)k && cache->key[i][1] == (uint64_t)(k >> 64)) {
        cache->hits++;
        return cache->live[i] == 2;
    }
    bool live = decide(&c, &nodes);
    cache->misses++;
    cache->nodes += nodes;
    cache->key[i][0] = (uint64_t)k;
    cache->key[i][1] = (uint64_t)(k >> 64);
    cache->live[i] = live ? 2 : 1;
    return live;
}
