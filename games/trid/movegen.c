/* movegen.c — the legal actions of a TRID position (movegen.h): every
 * piece's moves, each with the swaps the triangles it forms allow. */
#include <string.h>
#include "movegen.h"

/* What one generation needs: the view, the mover, and the cells the mover
 * may not end on or pass (walls and other seats' controlled cells). */
typedef struct gen {
    const trid_state *s;
    const trid_board *b;
    trid_view v;
    int me;
    cellset closed;
    uint32_t *out;
    int n;
} gen;

static inline int owner(const gen *g, int c)
{
    return g->v.occ[c] ? (g->v.occ[c] - 1) / TRID_PIECES : -1;
}

static inline int kind_at(const gen *g, int c)
{
    return trid_slot_kind((g->v.occ[c] - 1) % TRID_PIECES);
}

/* A cell a move may end on: open and not the mover's own. */
static inline bool open_for(const gen *g, int c)
{
    return c != TRID_NONE && !cs_has(&g->closed, c) && owner(g, c) != g->me;
}

/* The move from -> to, then one action per distinct swap that the
 * triangles it forms allow: two corner pieces of different kinds. */
static void emit(gen *g, int from, int to)
{
    const trid_board *b = g->b;
    uint16_t pairs[16];
    int np = 0, mover_kind = kind_at(g, from);
    g->out[g->n++] = act_make(from, to, -1, -1);
    for (uint32_t i = b->corner_at[to]; i < b->corner_at[to + 1]; i++) {
        const trid_tri *t = &b->tris[b->by_corner[i]];
        int c[3], kind[3], k = 0;
        for (int j = 0; j < 3; j++) {
            c[j] = t->corner[j];
            if (c[j] == to) {
                kind[j] = mover_kind;
            } else if (c[j] != from && owner(g, c[j]) == g->me) {
                kind[j] = kind_at(g, c[j]);
            } else {
                k = -1;
                break;
            }
        }
        for (int x = 0; k == 0 && x < 3; x++)
            for (int y = x + 1; y < 3; y++) {
                if (kind[x] == kind[y])
                    continue;
                int lo = c[x] < c[y] ? c[x] : c[y], hi = c[x] ^ c[y] ^ lo;
                uint16_t p = (uint16_t)(lo << 8 | hi);
                bool seen = false;
                for (int z = 0; z < np; z++)
                    seen |= pairs[z] == p;
                if (!seen && np < 16) {
                    pairs[np++] = p;
                    g->out[g->n++] = act_make(from, to, lo, hi);
                }
            }
    }
}

static void jumper(gen *g, int c)
{
    const uint8_t *nb = g->b->corner_nb[c];
    for (int i = 0; i < 6 && nb[i] != TRID_NONE; i++)
        if (open_for(g, nb[i]))
            emit(g, c, nb[i]);
}

static void slider(gen *g, int c)
{
    const trid_board *b = g->b;
    for (int d = 0; d < TRID_DIRS; d++) {
        int last = TRID_NONE;
        for (int t = b->step[c][d]; t != TRID_NONE && !cs_has(&g->closed, t); t = b->step[t][d]) {
            if (g->v.occ[t]) {
                if (owner(g, t) != g->me)
                    emit(g, c, t);
                break;
            }
            last = t;
            if (cs_has(&b->stops, t))
                break;
        }
        if (last != TRID_NONE)
            emit(g, c, last);
    }
}

static void chief(gen *g, int c)
{
    const trid_board *b = g->b;
    const uint8_t *row = b->seat[g->s->players][g->me].row;
    for (int i = 0; i < 3 && b->edge[c][i] != TRID_NONE; i++) {
        int t = b->edge[c][i];
        if (open_for(g, t) && row[t] >= row[c])
            emit(g, c, t);
    }
    for (int d = 0; d < TRID_DIRS; d++) {
        int t = b->step[c][d];
        if (t == TRID_NONE || owner(g, t) != g->me)
            continue;
        while (t != TRID_NONE && owner(g, t) == g->me)
            t = b->step[t][d];
        if (open_for(g, t) && row[t] >= row[c])
            emit(g, c, t);
    }
}

int trid_legal(const trid_state *s, uint32_t *out)
{
    if (s->ending != END_NONE)
        return 0;
    gen g = { .s = s, .b = trid_board_of(s), .me = s->side, .out = out };
    trid_view_build(s, &g.v);
    g.closed = g.b->walls;
    for (int k = 0; k < s->players; k++)
        if (k != g.me)
            cs_or(&g.closed, &g.v.ctrl[k]);
    for (int i = 0; i < TRID_PIECES; i++) {
        int c = s->cell[g.me][i];
        if (c == TRID_NONE)
            continue;
        int kind = trid_slot_kind(i);
        if (kind == KIND_JUMPER)
            jumper(&g, c);
        else if (kind == KIND_SLIDER)
            slider(&g, c);
        else
            chief(&g, c);
    }
    if (!g.n) {
        out[0] = TRID_PASS;
        return 1;
    }
    /* Ascending, without the duplicates that two slide directions (or a
     * swap pair reached through two triangles) give. */
    for (int i = 1; i < g.n; i++) {
        uint32_t a = out[i];
        int j = i;
        for (; j > 0 && out[j - 1] > a; j--)
            out[j] = out[j - 1];
        out[j] = a;
    }
    int m = 1;
    for (int i = 1; i < g.n; i++)
        if (out[i] != out[m - 1])
            out[m++] = out[i];
    return m;
}
