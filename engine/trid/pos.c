/* pos.c — make and unmake on a TRID position with its derived sets
 * (pos.h): a move, its capture, the triangles it forms and the pieces
 * inside them, the swap, eliminations, then the turn's bookkeeping
 * (position.c's trid_end_turn). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pos.h"

#ifdef TRIAD_DEBUG
#include "core/debug.h"
static void debug_check(const trid_pos *p, const char *where)
{
    if (!dbg_due())
        return;
    const char *why = trid_pos_check(p);
    if (why) {
        fprintf(stderr, "trid_pos_%s: %s\n", where, why);
        abort();
    }
}
#else
#define debug_check(p, where) ((void)0)
#endif

static inline void cs_del(cellset *s, int c)
{
    s->w[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

/* The cell's bit in the rows of its three lines. */
static inline void line_flip(trid_pos *p, int c)
{
    const trid_board *b = p->b;
    if (b->lines_ok)
        for (int o = 0; o < 3; o++)
            p->line[b->line_of[c][o]] ^= (uint64_t)1 << b->line_at[c][o];
}

/* Adds seat k's pairs of the piece on c with each of its other pieces. */
static void add_pairs(trid_pos *p, int k, int c)
{
    const uint8_t *cell = p->s.cell[k], *third = p->b->pair_third + c * (size_t)p->b->ncells;
    trid_seatset *st = &p->seat[k];
    for (int i = 0; i < TRID_PIECES; i++) {
        int x = cell[i], t;
        if (x == TRID_NONE || x == c || (t = third[x]) == TRID_NONE)
            continue;
        uint8_t *e = st->pair[st->npair++];
        e[0] = (uint8_t)t;
        e[1] = (uint8_t)(x < c ? x : c);
        e[2] = (uint8_t)(x < c ? c : x);
    }
}

/* Forgets seat k's pairs with a piece on c. */
static void drop_pairs(trid_pos *p, int k, int c)
{
    trid_seatset *st = &p->seat[k];
    int m = 0;
    for (int i = 0; i < st->npair; i++)
        if (st->pair[i][1] != c && st->pair[i][2] != c)
            memcpy(st->pair[m++], st->pair[i], 3);
    st->npair = (uint8_t)m;
}

static void seat_ctrl(trid_pos *p, int k)
{
    trid_seatset *st = &p->seat[k];
    memset(&st->ctrl, 0, sizeof st->ctrl);
    for (int i = 0; i < st->ntri; i++)
        cs_or(&st->ctrl, &p->b->tris[st->tri[i]].interior);
}

/* Forgets seat k's triangles with a corner on c; true when there were any. */
static bool drop_tris(trid_pos *p, int k, int c)
{
    trid_seatset *st = &p->seat[k];
    int m = 0;
    for (int i = 0; i < st->ntri; i++) {
        const uint8_t *co = p->b->tris[st->tri[i]].corner;
        if (co[0] != c && co[1] != c && co[2] != c)
            st->tri[m++] = st->tri[i];
    }
    bool dropped = m != st->ntri;
    st->ntri = (uint8_t)m;
    return dropped;
}

void trid_pos_build(trid_pos *p, const trid_state *s)
{
    const trid_board *b = p->b = trid_board_of(s);
    size_t n = (size_t)b->ncells;
    p->s = *s;
    memset(p->occ, 0, n);
    memset(&p->all, 0, sizeof p->all);
    memset(p->seat, 0, sizeof p->seat);
    memset(p->line, 0, sizeof p->line[0] * (size_t)b->nlines);
    for (int k = 0; k < s->players; k++) {
        const uint8_t *c = s->cell[k];
        trid_seatset *st = &p->seat[k];
        for (int i = 0; i < TRID_PIECES; i++)
            if (c[i] != TRID_NONE) {
                p->occ[c[i]] = (uint8_t)(1 + (k << 2 | trid_slot_kind(i)));
                cs_add(&st->own, c[i]);
                cs_add(&p->all, c[i]);
                line_flip(p, c[i]);
            }
        for (int i = 0; i < TRID_PIECES; i++)
            for (int j = i + 1; c[i] != TRID_NONE && j < TRID_PIECES; j++)
                for (int l = j + 1; c[j] != TRID_NONE && l < TRID_PIECES; l++)
                    if (c[l] != TRID_NONE && b->pair_third[c[i] * n + c[j]] == c[l])
                        st->tri[st->ntri++] = b->pair_tri[c[i] * n + c[j]];
        for (int i = 0; i < TRID_PIECES; i++)
            for (int j = i + 1; c[i] != TRID_NONE && j < TRID_PIECES; j++) {
                int t = c[j] == TRID_NONE ? TRID_NONE : b->pair_third[c[i] * n + c[j]];
                if (t == TRID_NONE)
                    continue;
                uint8_t *e = st->pair[st->npair++];
                e[0] = (uint8_t)t;
                e[1] = c[i] < c[j] ? c[i] : c[j];
                e[2] = c[i] < c[j] ? c[j] : c[i];
            }
        seat_ctrl(p, k);
    }
}

/* Keeps seat k's derived sets in u, once per make. */
static inline void save(const trid_pos *p, trid_undo *u, int k)
{
    if (!(u->saved >> k & 1)) {
        u->saved |= (uint8_t)(1 << k);
        u->seat[k] = p->seat[k];
    }
}

/* Takes the piece on c off the board (another seat's: a capture, or an
 * eliminated seat's); when it was a chief, its seat gets bit 1 << seat
 * in *dead. */
static void take(trid_pos *p, trid_undo *u, int c, unsigned *dead)
{
    int code = p->occ[c], k = (code - 1) >> 2;
    save(p, u, k);
    u->removed[u->nremoved][0] = (uint8_t)c;
    u->removed[u->nremoved++][1] = (uint8_t)code;
    p->occ[c] = 0;
    cs_del(&p->seat[k].own, c);
    cs_del(&p->all, c);
    line_flip(p, c);
    uint8_t *cell = p->s.cell[k];
    for (int i = 0; i < TRID_PIECES; i++)
        if (cell[i] == c) {
            cell[i] = TRID_NONE;
            if (i == 0)
                *dead |= 1u << k;
            break;
        }
    trid_sort_slots(&p->s, k);
    if (p->seat[k].ntri && drop_tris(p, k, c))
        seat_ctrl(p, k);
    drop_pairs(p, k, c);
}

/* The triangles of seat me with corner to, all three corners now its own
 * (its pairs with third corner to, the pairs with the moved piece gone):
 * held from now on, and every other seat's piece inside them captured. */
static int form(trid_pos *p, trid_undo *u, int me, int to, unsigned *dead)
{
    const trid_board *b = p->b;
    trid_seatset *st = &p->seat[me];
    int captures = 0, formed = 0;
    for (int e = 0; e < st->npair; e++) {
        if (st->pair[e][0] != to)
            continue;
        int t = b->pair_tri[st->pair[e][1] * b->ncells + st->pair[e][2]];
        st->tri[st->ntri++] = (uint16_t)t;
        formed = 1;
        const cellset *in = &b->tris[t].interior;
        for (int w = 0; w < 4; w++)
            for (uint64_t m = in->w[w] & p->all.w[w] & ~st->own.w[w]; m; m &= m - 1) {
                take(p, u, w * 64 + __builtin_ctzll(m), dead);
                captures++;
            }
    }
    if (formed)
        seat_ctrl(p, me);
    return captures;
}

void trid_pos_make(trid_pos *p, uint32_t a, trid_undo *u)
{
    trid_state *s = &p->s;
    int me = s->side, captures = 0;
    unsigned dead = 0;
    u->s = *s;
    u->all = p->all;
    u->saved = 0;
    u->nremoved = 0;
    if (a != TRID_PASS) {
        int from = act_from(a), to = act_to(a), sa = act_swap_a(a);
        trid_seatset *st = &p->seat[me];
        save(p, u, me);
        if (p->occ[to]) {
            take(p, u, to, &dead);
            captures++;
        }
        p->occ[to] = p->occ[from];
        p->occ[from] = 0;
        cs_del(&st->own, from);
        cs_add(&st->own, to);
        cs_del(&p->all, from);
        cs_add(&p->all, to);
        line_flip(p, from);
        line_flip(p, to);
        uint8_t *cell = s->cell[me];
        for (int i = 0; i < TRID_PIECES; i++)
            if (cell[i] == from) {
                cell[i] = (uint8_t)to;
                break;
            }
        if (st->ntri && drop_tris(p, me, from))
            seat_ctrl(p, me);
        drop_pairs(p, me, from);
        captures += form(p, u, me, to, &dead);
        add_pairs(p, me, to);
        if (sa >= 0) {
            int sb = act_swap_b(a);
            uint8_t t = p->occ[sa];
            p->occ[sa] = p->occ[sb];
            p->occ[sb] = t;
            for (int i = 0; i < TRID_PIECES; i++)
                cell[i] = cell[i] == sa ? (uint8_t)sb : cell[i] == sb ? (uint8_t)sa : cell[i];
        }
        trid_sort_slots(s, me);
    }
    if (dead) {
        uint8_t order = 0;
        for (int k = 0; k < s->players; k++)
            order = s->elim[k] > order ? s->elim[k] : order;
        for (int k = 0; k < s->players; k++)
            if (dead >> k & 1) {
                unsigned ignore = 0;
                uint8_t left[TRID_PIECES];
                memcpy(left, s->cell[k], sizeof left);
                for (int i = 0; i < TRID_PIECES; i++)
                    if (left[i] != TRID_NONE)
                        take(p, u, left[i], &ignore);
                memset(&p->seat[k], 0, sizeof p->seat[k]);
                s->elim[k] = (uint8_t)(order + 1);
            }
    }
    trid_end_turn(s, me, captures);
    debug_check(p, "make");
}

void trid_pos_unmake(trid_pos *p, uint32_t a, const trid_undo *u)
{
    p->s = u->s;
    if (a != TRID_PASS) {
        int from = act_from(a), to = act_to(a), sa = act_swap_a(a);
        if (sa >= 0) {
            int sb = act_swap_b(a);
            uint8_t t = p->occ[sa];
            p->occ[sa] = p->occ[sb];
            p->occ[sb] = t;
        }
        p->occ[from] = p->occ[to];
        p->occ[to] = 0;
        line_flip(p, from);
        line_flip(p, to);
        for (int i = 0; i < u->nremoved; i++) {
            p->occ[u->removed[i][0]] = u->removed[i][1];
            line_flip(p, u->removed[i][0]);
        }
        p->all = u->all;
        for (int k = 0; k < p->s.players; k++)
            if (u->saved >> k & 1)
                p->seat[k] = u->seat[k];
    }
    debug_check(p, "unmake");
}

static int by_value(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static int by_bytes(const void *a, const void *b)
{
    return memcmp(a, b, 3);
}

const char *trid_pos_check(const trid_pos *p)
{
    static _Thread_local char why[128];
    trid_pos *f = malloc(sizeof *f);
    if (!f)
        return NULL;
    trid_pos_build(f, &p->s);
    const char *what = NULL;
    if (memcmp(f->occ, p->occ, (size_t)p->b->ncells))
        what = "occupancy";
    else if (memcmp(&f->all, &p->all, sizeof f->all))
        what = "all pieces";
    else if (memcmp(f->line, p->line, sizeof f->line[0] * (size_t)p->b->nlines))
        what = "lines";
    for (int k = 0; !what && k < p->s.players; k++) {
        trid_seatset a = f->seat[k], b = p->seat[k];
        qsort(a.tri, a.ntri, sizeof a.tri[0], by_value);
        qsort(b.tri, b.ntri, sizeof b.tri[0], by_value);
        qsort(a.pair, a.npair, sizeof a.pair[0], by_bytes);
        qsort(b.pair, b.npair, sizeof b.pair[0], by_bytes);
        if (memcmp(&a.own, &b.own, sizeof a.own) ||
            memcmp(&a.ctrl, &b.ctrl, sizeof a.ctrl) || a.ntri != b.ntri ||
            memcmp(a.tri, b.tri, sizeof a.tri[0] * a.ntri) || a.npair != b.npair ||
            memcmp(a.pair, b.pair, sizeof a.pair[0] * a.npair)) {
            snprintf(why, sizeof why, "seat %d's pieces, pairs or triangles", k);
            what = why;
        }
    }
    free(f);
    return what;
}
