/* movegen.c — the legal actions of a TRID position (movegen.h), and their
 * count for the evaluation.
 *
 * Each piece's destinations are found as a cell set (two slide directions
 * that reach the same cell give it once), then written out in cell order,
 * pieces in cell order: the list comes out sorted without a sort.  A slide
 * reads its line's row of occupied cells (pos.h) against the slide on the
 * empty board (board.h): the first piece on the way cuts it short.  A move
 * can form a triangle only on the third corner of two of the mover's other
 * pieces (pos.h's pairs), so the swaps are looked for there alone. */
#include <string.h>
#include "movegen.h"

/* One seat's generation: the position, the seat, its pieces, the cells
 * other seats control, the cells where none of its moves may end or pass
 * (walls and those), and where no move may end (closed and its own
 * pieces).  walk: the sliders walk cell by cell (another seat controls
 * cells, or the board has no line rows) instead of reading line rows. */
typedef struct gen {
    const trid_pos *p;
    const trid_board *b;
    int me;
    bool walk;
    cellset own, ctrl, closed, block;
} gen;

static inline void gen_init(gen *g, const trid_pos *p, int me)
{
    g->p = p;
    g->b = p->b;
    g->me = me;
    g->own = p->seat[me].own;
    int held = 0; /* other seats' held triangles: rare */
    for (int k = 0; k < p->s.players; k++)
        held |= k != me ? p->seat[k].ntri : 0;
    memset(&g->ctrl, 0, sizeof g->ctrl);
    for (int k = 0; held && k < p->s.players; k++)
        if (k != me)
            cs_or(&g->ctrl, &p->seat[k].ctrl);
    for (int i = 0; i < 4; i++) {
        g->closed.w[i] = p->b->walls.w[i] | g->ctrl.w[i];
        g->block.w[i] = g->closed.w[i] | g->own.w[i];
    }
    g->walk = held || !p->b->lines_ok;
}

/* One slide direction, cell by cell (the rules page's words). */
static void slide_walk(const gen *g, int c, int dir, cellset *d)
{
    const trid_board *b = g->b;
    int last = TRID_NONE;
    for (int t = b->step[c][dir]; t != TRID_NONE && !cs_has(&g->closed, t); t = b->step[t][dir]) {
        if (g->p->occ[t]) {
            if (!cs_has(&g->own, t))
                cs_add(d, t);
            break;
        }
        last = t;
        if (cs_has(&b->stops, t))
            break;
    }
    if (last != TRID_NONE)
        cs_add(d, last);
}

/* One slide direction from the line's row: nothing on the way, the empty
 * board's end; else the first piece (its cell when it is another seat's)
 * and the cell before it (when that is not c).  forward: along the line's
 * order (E, NE, NW). */
static inline void slide_line(const gen *g, int c, int dir, bool forward, cellset *d)
{
    const trid_slide *sl = &g->b->slide[c][dir];
    uint64_t m = g->p->line[sl->line] & sl->pass;
    if (!m) {
        if (sl->end != TRID_NONE)
            cs_add(d, sl->end);
        return;
    }
    const uint8_t *cell = g->b->line_cell[sl->line];
    int j = forward ? __builtin_ctzll(m) : 63 - __builtin_clzll(m);
    int before = cell[forward ? j - 1 : j + 1];
    if (!cs_has(&g->own, cell[j]))
        cs_add(d, cell[j]);
    if (before != c)
        cs_add(d, before);
}

static inline void slider(const gen *g, int c, cellset *d)
{
    memset(d, 0, sizeof *d);
    if (g->walk) {
        for (int dir = 0; dir < TRID_DIRS; dir++)
            slide_walk(g, c, dir, d);
        return;
    }
    for (int dir = 0; dir < TRID_DIRS; dir += 2) {
        slide_line(g, c, dir, true, d);
        slide_line(g, c, dir + 1, false, d);
    }
}

/* A step to an open edge neighbour not in a lower row, or a jump over a
 * run of its own pieces that starts at an edge neighbour: the two line
 * directions whose first step is that neighbour. */
static inline void chief(const gen *g, int c, cellset *d)
{
    const trid_board *b = g->b;
    const uint8_t *row = b->seat[g->p->s.players][g->me].row;
    memset(d, 0, sizeof *d);
    for (int i = 0; i < 3 && b->edge[c][i] != TRID_NONE; i++) {
        int t = b->edge[c][i];
        if (!cs_has(&g->block, t)) {
            if (row[t] >= row[c])
                cs_add(d, t);
            continue;
        }
        if (!cs_has(&g->own, t))
            continue;
        for (int m = 0; m < 2; m++) {
            int dir = b->edge_dir[c][i][m], x = t;
            while (x != TRID_NONE && cs_has(&g->own, x))
                x = b->step[x][dir];
            if (x != TRID_NONE && !cs_has(&g->block, x) && row[x] >= row[c])
                cs_add(d, x);
        }
    }
}

static inline void jumper(const gen *g, int c, cellset *d)
{
    for (int i = 0; i < 4; i++)
        d->w[i] = g->b->corner_set[c].w[i] & ~g->block.w[i];
}

/* The cells the piece in slot i on c may move to (slots fix the kinds). */
static inline void dests(const gen *g, int i, int c, cellset *d)
{
    if (i == 0)
        chief(g, c, d);
    else if (i < 3)
        slider(g, c, d);
    else
        jumper(g, c, d);
}

/* The distinct swaps that the move from -> to by a piece of kind kto
 * allows (two corner pieces of different kinds of a triangle it forms), as
 * lo << 8 | hi, ascending; their number. */
static int swaps(const gen *g, int from, int kto, int to, uint16_t pairs[16])
{
    const trid_seatset *st = &g->p->seat[g->me];
    int np = 0;
    for (int e = 0; e < st->npair; e++) {
        const uint8_t *pe = st->pair[e];
        if (pe[0] != to || pe[1] == from || pe[2] == from)
            continue;
        int cell[3] = { to, pe[1], pe[2] }, kind[3] = { kto, pos_kind(g->p, pe[1]), pos_kind(g->p, pe[2]) };
        for (int x = 0; x < 3; x++)
            for (int y = x + 1; y < 3; y++) {
                if (kind[x] == kind[y])
                    continue;
                int lo = cell[x] < cell[y] ? cell[x] : cell[y], hi = cell[x] ^ cell[y] ^ lo;
                uint16_t p = (uint16_t)(lo << 8 | hi);
                int z = np;
                while (z > 0 && pairs[z - 1] > p)
                    z--;
                if (z > 0 && pairs[z - 1] == p)
                    continue;
                for (int w = np; w > z; w--)
                    pairs[w] = pairs[w - 1];
                pairs[z] = p;
                np++;
            }
    }
    return np;
}

int trid_pos_actions(const trid_pos *p, int me, uint32_t *out)
{
    gen g;
    gen_init(&g, p, me);
    /* the pieces in cell order, with their slots */
    uint8_t cell[TRID_PIECES], slot[TRID_PIECES];
    int np = 0, n = 0;
    for (int i = 0; i < TRID_PIECES; i++) {
        int c = p->s.cell[me][i], j = np;
        if (c == TRID_NONE)
            continue;
        for (; j > 0 && cell[j - 1] > c; j--)
            cell[j] = cell[j - 1], slot[j] = slot[j - 1];
        cell[j] = (uint8_t)c;
        slot[j] = (uint8_t)i;
        np++;
    }
    const trid_seatset *st = &p->seat[me];
    cellset hot = { { 0, 0, 0, 0 } };
    for (int e = 0; e < st->npair; e++)
        cs_add(&hot, st->pair[e][0]);
    for (int i = 0; i < np; i++) {
        cellset d;
        int from = cell[i];
        dests(&g, slot[i], from, &d);
        for (int w = 0; w < 4; w++)
            for (uint64_t m = d.w[w]; m; m &= m - 1) {
                int to = w * 64 + __builtin_ctzll(m);
                out[n++] = act_make(from, to, -1, -1);
                if (cs_has(&hot, to)) {
                    uint16_t pairs[16];
                    int k = swaps(&g, from, trid_slot_kind(slot[i]), to, pairs);
                    for (int j = 0; j < k; j++)
                        out[n++] = act_make(from, to, pairs[j] >> 8, pairs[j] & 0xff);
                }
            }
    }
    if (!n)
        out[n++] = TRID_PASS;
    return n;
}

int trid_pos_legal(const trid_pos *p, uint32_t *out)
{
    return p->s.ending != END_NONE ? 0 : trid_pos_actions(p, p->s.side, out);
}

int trid_pos_count(const trid_pos *p, int me, int hits[TRID_MAX_PLAYERS])
{
    gen g;
    gen_init(&g, p, me);
    const trid_state *s = &p->s;
    const trid_seatset *st = &p->seat[me];
    const uint8_t *cell = s->cell[me];
    cellset d[TRID_PIECES], reach = { { 0, 0, 0, 0 } };
    int n = 0;
    /* slot by slot, so that each kind's code is inlined on its own */
    memset(d + 1, 0, sizeof d - sizeof d[0]);
    chief(&g, cell[0], &d[0]);
    for (int i = 1; i < 3; i++)
        if (cell[i] != TRID_NONE)
            slider(&g, cell[i], &d[i]);
    for (int i = 3; i < TRID_PIECES; i++)
        if (cell[i] != TRID_NONE)
            jumper(&g, cell[i], &d[i]);
    for (int i = 0; i < TRID_PIECES; i++) {
        n += cs_count(&d[i]);
        cs_or(&reach, &d[i]);
    }
    /* The swaps: a move forms a triangle on the third corner of two other
     * pieces.  Each (piece, cell) once: at the first pair that gives it. */
    uint16_t pairs[16];
    for (int e = 0; e < st->npair; e++) {
        const uint8_t *pe = st->pair[e];
        if (!cs_has(&reach, pe[0]))
            continue;
        for (int i = 0; i < TRID_PIECES; i++) {
            if (cell[i] == pe[1] || cell[i] == pe[2] || !cs_has(&d[i], pe[0]))
                continue;
            bool seen = false;
            for (int f = 0; f < e && !seen; f++)
                seen = st->pair[f][0] == pe[0] && st->pair[f][1] != cell[i] && st->pair[f][2] != cell[i];
            if (!seen)
                n += swaps(&g, cell[i], trid_slot_kind(i), pe[0], pairs);
        }
    }
    for (int k = 0; k < s->players; k++) {
        int c = s->cell[k][0];
        if (k == me || !trid_alive(s, k) || !cs_has(&reach, c))
            continue;
        for (int i = 0; i < TRID_PIECES; i++)
            if (cs_has(&d[i], c))
                hits[k] += 1 + swaps(&g, cell[i], trid_slot_kind(i), c, pairs);
    }
    return n ? n : 1;
}

int trid_legal(const void *state, uint32_t *out)
{
    const trid_state *s = state;
    if (s->ending != END_NONE)
        return 0;
    trid_pos p;
    trid_pos_build(&p, s);
    return trid_pos_actions(&p, s->side, out);
}
