/* solve.c — df-pn for TZAAR endgames (see solve.h and docs/solver.md).
 *
 * Depth-first proof-number search (Nagai 2002) in its one-sided form: each
 * node keeps a proof number pn (how many leaves must still be proven for
 * the side to act to win) and a disproof number dn, both from the view of
 * its own side to act.  A child in which the same side acts again (the
 * second action of a turn) counts as it is; a child in which the other
 * side acts counts with pn and dn exchanged.  Then
 *   pn(n) = min over children of pn'(c),  dn(n) = sum over children of dn'(c),
 * and mid() descends into the child of least pn' with thresholds that make
 * it return as soon as another child would be better (Nagai's thresholds,
 * with the 1 + 1/4 trick of Pawlewicz and Lew against thrashing).
 *
 * Children are made once per expansion to get their hash and to see which
 * of them end the game (a one-ply look-ahead: a capture of a last stack of
 * a type, a self-burial, a pass that leaves the opponent no capture), so a
 * node with an immediate win is proven without a deeper search.  Ends are
 * never stored; everything else is, in a table of 4-entry buckets that
 * keeps the entries with the most work below them.
 *
 * When a node is proven it also records how the proof ends: the winner's
 * action (the proven child with the shortest proof), the length of the
 * proof's longest line (distance) and the proof's size as a tree. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "movegen.h"
#include "solve.h"

#define PN_INF UINT32_MAX       /* proven (dn) or disproven (pn) */
#define PN_MAX (UINT32_MAX - 1) /* sums saturate here, below "proven" */
#define BUCKET 4
/* A game lasts at most 61 turns (every turn removes an enemy stack), two
 * actions each: the recursion never goes deeper than this. */
#define MAX_PLY 130

typedef struct entry {
    uint64_t key;
    uint32_t pn, dn;
    uint32_t work;  /* nodes expanded below it, saturating: what replacement keeps */
    uint32_t size;  /* proof tree size, once proven */
    uint16_t best;  /* action, once proven */
    uint16_t dist;  /* the proof's longest line in plies, once proven */
    uint8_t gen;
    uint8_t pad[3];
} entry;
_Static_assert(sizeof(entry) == 32, "two entries per 64-byte line");

/* A child as its parent sees it. */
enum { C_SAME = 0, C_OTHER = 1, C_WIN = 2, C_LOSS = 3 };
typedef struct child {
    uint64_t key;
    action a;
    uint8_t kind;
} child;

typedef struct frame {
    child c[MAX_ACTIONS];
} frame;

struct tz_solver {
    entry *table;
    uint64_t mask;     /* buckets - 1 */
    uint8_t gen;
    frame *frames;     /* one per ply of the recursion */
    position *p;
    uint64_t nodes, limit;
    bool stop;
};

/* What mid() leaves for its caller: the node's numbers and, once proven,
 * its proof. */
typedef struct nodeval {
    uint32_t pn, dn, size;
    uint16_t dist;
    action best;
} nodeval;

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint64_t s = (uint64_t)a + b;
    return s > PN_MAX ? PN_MAX : (uint32_t)s;
}

static uint32_t clamp_inf(uint64_t x)
{
    return x > PN_INF ? PN_INF : (uint32_t)x;
}

tz_solver *tz_solve_new(size_t memory)
{
    tz_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    uint64_t buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(entry) <= memory)
        buckets *= 2;
    s->table = calloc(buckets * BUCKET, sizeof(entry));
    s->frames = malloc(MAX_PLY * sizeof *s->frames);
    if (!s->table || !s->frames) {
        tz_solve_free(s);
        return NULL;
    }
    s->mask = buckets - 1;
    s->gen = 1; /* calloc's zeros read as empty */
    return s;
}

void tz_solve_free(tz_solver *s)
{
    if (!s)
        return;
    free(s->table);
    free(s->frames);
    free(s);
}

void tz_solve_clear(tz_solver *s)
{
    if (++s->gen == 0) { /* wrapped: an entry 256 clears old would come back */
        memset(s->table, 0, (s->mask + 1) * BUCKET * sizeof(entry));
        s->gen = 1;
    }
}

uint64_t tz_solve_capacity(const tz_solver *s)
{
    return (s->mask + 1) * BUCKET;
}

static entry *probe(const tz_solver *s, uint64_t key)
{
    entry *b = &s->table[(key & s->mask) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key && b[i].gen == s->gen)
            return &b[i];
    return NULL;
}

/* Stores v for key: over the same position, else over an entry of an older
 * generation, else over the one with the least work below it. */
static void store(tz_solver *s, uint64_t key, const nodeval *v, uint64_t work)
{
    entry *b = &s->table[(key & s->mask) * BUCKET], *e = NULL;
    uint32_t w = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work;
    for (int i = 0; i < BUCKET && !e; i++)
        if (b[i].key == key && b[i].gen == s->gen) {
            e = &b[i];
            w = (uint32_t)clamp_inf((uint64_t)w + e->work);
        }
    for (int i = 0; i < BUCKET && !e; i++)
        if (b[i].gen != s->gen)
            e = &b[i];
    if (!e) {
        e = &b[0];
        for (int i = 1; i < BUCKET; i++)
            if (b[i].work < e->work)
                e = &b[i];
    }
    e->key = key;
    e->pn = v->pn;
    e->dn = v->dn;
    e->work = w;
    e->size = v->size;
    e->best = v->best;
    e->dist = v->dist;
    e->gen = s->gen;
}

/* A child's numbers from its parent's view, and its proof when it has one
 * (an end of the game: distance 0, size 1). */
static void child_value(const tz_solver *s, const child *c, uint32_t *pn, uint32_t *dn, uint32_t *dist,
                        uint32_t *size)
{
    *dist = 0;
    *size = 1;
    if (c->kind == C_WIN) {
        *pn = 0;
        *dn = PN_INF;
        return;
    }
    if (c->kind == C_LOSS) {
        *pn = PN_INF;
        *dn = 0;
        return;
    }
    uint32_t cp = 1, cd = 1;
    const entry *e = probe(s, c->key);
    if (e) {
        cp = e->pn;
        cd = e->dn;
        *dist = e->dist;
        *size = e->size;
    }
    *pn = c->kind == C_SAME ? cp : cd;
    *dn = c->kind == C_SAME ? cd : cp;
}

/* Makes every legal action of the position to classify its children.  An
 * immediate win is returned at once (its index), else -1. */
static int expand(tz_solver *s, frame *f, int *count)
{
    position *p = s->p;
    action list[MAX_ACTIONS];
    int us = p->side, n = tz_gen_actions(p, list);
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(p, list[i], &u);
        int w = tz_game_winner(p, NULL);
        f->c[i].key = p->hash;
        f->c[i].a = list[i];
        f->c[i].kind = (uint8_t)(w < 0 ? (p->side == us ? C_SAME : C_OTHER) : w == us ? C_WIN : C_LOSS);
        pos_unmake(p, list[i], &u);
        if (f->c[i].kind == C_WIN) {
            *count = i + 1;
            return i;
        }
    }
    *count = n;
    return -1;
}

/* Searches the position s->p (not over) until its pn reaches thpn or its
 * dn reaches thdn, it is proven either way, or the node budget is spent. */
static void mid(tz_solver *s, int ply, uint32_t thpn, uint32_t thdn, nodeval *out)
{
    position *p = s->p;
    uint64_t key = p->hash, nodes0 = s->nodes;
    s->nodes++;
    out->best = ACTION_NONE;
    out->dist = 0;
    out->size = 0;
    if (ply >= MAX_PLY) { /* cannot happen in a legal game; leave it open */
        out->pn = out->dn = 1;
        return;
    }
    frame *f = &s->frames[ply];
    int n, win = expand(s, f, &n);
    if (win >= 0) {
        *out = (nodeval){ .pn = 0, .dn = PN_INF, .size = 2, .dist = 1, .best = f->c[win].a };
        store(s, key, out, s->nodes - nodes0);
        return;
    }
    for (;;) {
        uint32_t pn = PN_INF, pn2 = PN_INF, dn = 0, dn_best = 0;
        uint32_t proof_dist = UINT32_MAX, proof_size = 0, long_dist = 0, sum_size = 0;
        int b = -1, proof = -1, longest = -1;
        for (int i = 0; i < n; i++) {
            uint32_t cp, cd, cdist, csize;
            child_value(s, &f->c[i], &cp, &cd, &cdist, &csize);
            if (cp < pn || b < 0) {
                pn2 = pn;
                pn = cp;
                b = i;
                dn_best = cd;
            } else if (cp < pn2)
                pn2 = cp;
            dn = sat_add(dn, cd);
            if (cp == 0 && cdist < proof_dist) {
                proof = i;
                proof_dist = cdist;
                proof_size = csize;
            }
            if (cd == 0) {
                if (longest < 0 || cdist > long_dist) {
                    longest = i;
                    long_dist = cdist;
                }
                sum_size = (uint32_t)clamp_inf((uint64_t)sum_size + csize);
            }
        }
        out->pn = pn;
        out->dn = dn;
        if (pn == 0) {
            out->dn = PN_INF;
            out->best = f->c[proof].a;
            out->dist = (uint16_t)(proof_dist + 1);
            out->size = (uint32_t)clamp_inf((uint64_t)proof_size + 1);
            break;
        }
        if (dn == 0) {
            out->pn = PN_INF;
            out->best = longest >= 0 ? f->c[longest].a : ACTION_NONE;
            out->dist = (uint16_t)(long_dist + 1);
            out->size = (uint32_t)clamp_inf((uint64_t)sum_size + 1);
            break;
        }
        if (pn >= thpn || dn >= thdn || s->stop)
            break;
        if (s->limit && s->nodes >= s->limit) {
            s->stop = true;
            break;
        }
        /* The child may go on until it stops being the best (its pn passes
         * the second best's, widened by a quarter) or the node's dn would
         * reach its threshold. */
        uint64_t widened = (uint64_t)pn2 + (pn2 >= 4 ? pn2 / 4 : 1);
        uint32_t cth_pn = pn2 == PN_INF ? thpn : clamp_inf(widened < thpn ? widened : thpn);
        uint32_t cth_dn = thdn == PN_INF ? PN_INF : clamp_inf((uint64_t)thdn - dn + dn_best);
        const child *c = &f->c[b];
        nodeval sub;
        undo u;
        pos_make(p, c->a, &u);
        if (c->kind == C_SAME)
            mid(s, ply + 1, cth_pn, cth_dn, &sub);
        else
            mid(s, ply + 1, cth_dn, cth_pn, &sub);
        pos_unmake(p, c->a, &u);
    }
    store(s, key, out, s->nodes - nodes0);
}

int tz_solve(tz_solver *s, position *p, uint64_t nodes, tz_solve_result *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    out->best = ACTION_NONE;
    out->distance = -1;
    if (p->phase == PHASE_PLACE) {
        snprintf(err, n, "the solver takes positions in play, not the placement phase");
        return -1;
    }
    int w = tz_game_winner(p, NULL);
    if (w >= 0) {
        out->value = w == p->side ? TZ_SOLVE_WIN : TZ_SOLVE_LOSS;
        out->distance = 0;
        out->proof_size = 1;
        return 0;
    }
    nodeval v;
    const entry *e = probe(s, p->hash);
    if (e && (e->pn == 0 || e->dn == 0)) {
        v = (nodeval){ .pn = e->pn, .dn = e->dn, .size = e->size, .dist = e->dist, .best = e->best };
    } else {
        s->p = p;
        s->nodes = 0;
        s->limit = nodes;
        s->stop = false;
        mid(s, 0, PN_INF, PN_INF, &v);
        out->nodes = s->nodes;
        s->p = NULL;
    }
    if (v.pn == 0 || v.dn == 0) {
        out->value = v.pn == 0 ? TZ_SOLVE_WIN : TZ_SOLVE_LOSS;
        out->best = v.best;
        out->distance = v.dist;
        out->proof_size = v.size;
    }
    return 0;
}
