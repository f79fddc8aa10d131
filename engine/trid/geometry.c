/* geometry.c — what the move generator needs, precomputed from a parsed
 * grid (board.h): lines, neighbours, rotations and triangles. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"

int trid_strip(int r, int q, int which)
{
    /* h = r, s = floor((q - r) / 2), k = ceil((q + r) / 2), with q >= 1, r >= 0. */
    int d = q - r;
    int s = d >= 0 ? d / 2 : -((1 - d) / 2);
    return which == 0 ? r : which == 1 ? s : (q + r + 1) / 2;
}

static int cell_at(const trid_board *b, int r, int q)
{
    if (r < 0 || r >= b->nrows || q < 1 || q > TRID_MAX_COLS)
        return TRID_NONE;
    int c = b->at[r][q];
    return c < 0 ? TRID_NONE : c;
}

/* The next cell from c along direction d (the page's "Lines"). */
static int line_step(const trid_board *b, int c, int d)
{
    int r = b->r[c], q = b->q[c], up = b->up[c];
    switch (d) {
    case DIR_E: return cell_at(b, r, q + 1);
    case DIR_W: return cell_at(b, r, q - 1);
    case DIR_NE: return up ? cell_at(b, r, q + 1) : cell_at(b, r + 1, q);
    case DIR_SW: return up ? cell_at(b, r - 1, q) : cell_at(b, r, q - 1);
    case DIR_NW: return up ? cell_at(b, r, q - 1) : cell_at(b, r + 1, q);
    default: return up ? cell_at(b, r - 1, q) : cell_at(b, r, q + 1); /* DIR_SE */
    }
}

static void neighbours(trid_board *b)
{
    static const int corner[6][2] = { { 0, -2 }, { 0, 2 }, { -1, -1 }, { -1, 1 }, { 1, -1 }, { 1, 1 } };
    memset(b->edge, TRID_NONE, sizeof b->edge);
    memset(b->corner_nb, TRID_NONE, sizeof b->corner_nb);
    for (int c = 0; c < b->ncells; c++) {
        int r = b->r[c], q = b->q[c], k = 0;
        for (int d = 0; d < TRID_DIRS; d++)
            b->step[c][d] = (uint8_t)line_step(b, c, d);
        int e[3] = { cell_at(b, r, q - 1), cell_at(b, r, q + 1), cell_at(b, b->up[c] ? r - 1 : r + 1, q) };
        for (int i = 0; i < 3; i++)
            if (e[i] != TRID_NONE) {
                int m = 0;
                for (int d = 0; d < TRID_DIRS; d++)
                    if (b->step[c][d] == e[i] && m < 2)
                        b->edge_dir[c][k][m++] = (uint8_t)d;
                b->edge[c][k++] = (uint8_t)e[i];
            }
        k = 0;
        for (int i = 0; i < 6; i++) {
            int t = cell_at(b, r + corner[i][0], q + corner[i][1]);
            if (t != TRID_NONE)
                b->corner_nb[c][k++] = (uint8_t)t;
        }
        memset(&b->corner_set[c], 0, sizeof b->corner_set[c]);
        for (int i = 0; i < k; i++)
            cs_add(&b->corner_set[c], b->corner_nb[c][i]);
        if (b->type[c] == TRID_WALL)
            cs_add(&b->walls, c);
        if (b->type[c] == TRID_STOP)
            cs_add(&b->stops, c);
    }
}

/* Numbers the lines (board.h): each starts at a cell with no cell before
 * it in the orientation's backward direction (W, SW, SE); then the slides
 * on the empty board. */
static void lines(trid_board *b)
{
    b->nlines = 0;
    b->lines_ok = true;
    for (int o = 0; o < 3; o++)
        for (int c = 0; c < b->ncells; c++) {
            if (b->step[c][2 * o + 1] != TRID_NONE)
                continue;
            int l = b->nlines++, i = 0;
            for (int t = c; t != TRID_NONE; t = b->step[t][2 * o], i++) {
                if (i == 64) {
                    b->lines_ok = false;
                    return;
                }
                b->line_of[t][o] = (uint16_t)l;
                b->line_at[t][o] = (uint8_t)i;
                b->line_cell[l][i] = (uint8_t)t;
            }
        }
    for (int c = 0; c < b->ncells; c++)
        for (int d = 0; d < TRID_DIRS; d++) {
            trid_slide *sl = &b->slide[c][d];
            int last = TRID_NONE;
            sl->line = b->line_of[c][d / 2];
            sl->pass = 0;
            for (int t = b->step[c][d]; t != TRID_NONE && b->type[t] != TRID_WALL; t = b->step[t][d]) {
                sl->pass |= (uint64_t)1 << b->line_at[t][d / 2];
                last = t;
                if (b->type[t] == TRID_STOP)
                    break;
            }
            sl->end = (uint8_t)last;
        }
}

/* A cell's centroid, for triangles of side 1: columns are half a side
 * apart, rows sqrt(3)/2. */
static void centroid(int r, int q, int up, double *x, double *y)
{
    double h = sqrt(3) / 2;
    *x = q / 2.0;
    *y = r * h + (up ? h / 3 : 2 * h / 3);
}

/* The rotations by 60 m degrees about the centroid of all cells that map
 * the board (cells and their types) onto itself. */
static void rotations(trid_board *b)
{
    double cx = 0, cy = 0, h = sqrt(3) / 2;
    for (int c = 0; c < b->ncells; c++) {
        double x, y;
        centroid(b->r[c], b->q[c], b->up[c], &x, &y);
        cx += x / b->ncells;
        cy += y / b->ncells;
    }
    for (int m = 0; m < 6; m++) {
        double a = m * acos(-1.0) / 3, co = cos(a), si = sin(a);
        b->rot_ok[m] = true;
        for (int c = 0; c < b->ncells && b->rot_ok[m]; c++) {
            double x, y, tx, ty;
            centroid(b->r[c], b->q[c], b->up[c], &x, &y);
            double rx = cx + (x - cx) * co - (y - cy) * si, ry = cy + (x - cx) * si + (y - cy) * co;
            int r = (int)floor(ry / h), q = (int)lround(2 * rx);
            int t = cell_at(b, r, q);
            if (t != TRID_NONE)
                centroid(r, q, b->up[t], &tx, &ty);
            if (t == TRID_NONE || fabs(tx - rx) > 1e-6 || fabs(ty - ry) > 1e-6 || b->type[t] != b->type[c])
                b->rot_ok[m] = false;
            else
                b->rotate[m][c] = (uint8_t)t;
        }
    }
}

int trid_seat_rotation(const trid_board *b, int players, int k)
{
    const trid_seat *s0 = &b->seat[players][0], *sk = &b->seat[players][k];
    for (int m = 0; m < 6; m++) {
        bool ok = b->rot_ok[m];
        for (int i = 0; ok && i < TRID_PIECES; i++)
            ok = b->rotate[m][s0->start[i]] == sk->start[i];
        for (int c = 0; ok && c < b->ncells; c++)
            ok = sk->row[b->rotate[m][c]] == s0->row[c];
        if (ok)
            return m;
    }
    return -1;
}

/* Adds the triangle with first corner (r, q) and size d (up or down, as
 * the cell points), when its corners are open cells. */
static void add_triangle(trid_board *b, int c, int d)
{
    int r = b->r[c], q = b->q[c], dir = b->up[c] ? 1 : -1;
    int c2 = cell_at(b, r, q + 2 * d), c3 = cell_at(b, r + dir * d, q + d);
    if (c2 == TRID_NONE || c3 == TRID_NONE || b->type[c2] == TRID_WALL || b->type[c3] == TRID_WALL ||
        b->ntris == TRID_MAX_TRIS)
        return;
    trid_tri *t = &b->tris[b->ntris++];
    t->corner[0] = (uint8_t)c;
    t->corner[1] = (uint8_t)c2;
    t->corner[2] = (uint8_t)c3;
    for (int i = 0; i <= d; i++)
        for (int col = q + i; col <= q + 2 * d - i; col++) {
            int x = cell_at(b, r + dir * i, col);
            if (x != TRID_NONE && x != c && x != c2 && x != c3 && b->type[x] != TRID_WALL)
                cs_add(&t->interior, x);
        }
}

/* The cells triangle t belongs to, by corner or by interior: at most
 * TRID_MAX_CELLS, in any order (each cell's list below is in triangle
 * order whatever this order is). */
static int members(const trid_tri *t, bool inside, int ncells, uint8_t *out)
{
    if (!inside) {
        out[0] = t->corner[0], out[1] = t->corner[1], out[2] = t->corner[2];
        return 3;
    }
    int k = 0;
    for (int w = 0; w < 4; w++)
        for (uint64_t bits = t->interior.w[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            if (c < ncells)
                out[k++] = (uint8_t)c;
        }
    return k;
}

/* Fills one of the per-cell triangle indexes: by corner or by interior.
 * Two passes over each triangle's own cells (count, then place), so the
 * cost is the size of the index, not triangles times cells: this runs in
 * every process that registers the games. */
static int index_triangles(trid_board *b, bool inside, uint32_t *at, uint16_t **list)
{
    uint8_t cells[TRID_MAX_CELLS];
    memset(at, 0, sizeof(uint32_t) * (TRID_MAX_CELLS + 1));
    for (int i = 0; i < b->ntris; i++)
        for (int k = members(&b->tris[i], inside, b->ncells, cells), j = 0; j < k; j++)
            at[cells[j] + 1]++;
    for (int c = 0; c < TRID_MAX_CELLS; c++)
        at[c + 1] += at[c];
    if (!(*list = malloc(sizeof **list * (at[b->ncells] + 1))))
        return -1;
    uint32_t fill[TRID_MAX_CELLS] = { 0 };
    for (int i = 0; i < b->ntris; i++)
        for (int k = members(&b->tris[i], inside, b->ncells, cells), j = 0; j < k; j++)
            (*list)[at[cells[j]] + fill[cells[j]]++] = (uint16_t)i;
    return 0;
}

/* Fills pair_third and pair_tri (board.h).  -1 when memory runs out, or
 * when two triangles share two corners, which the geometry rules out. */
static int index_pairs(trid_board *b)
{
    size_t n = (size_t)b->ncells;
    if (!(b->pair_third = malloc(n * n + 1)) || !(b->pair_tri = malloc(sizeof *b->pair_tri * (n * n + 1))))
        return -1;
    memset(b->pair_third, TRID_NONE, n * n);
    for (int i = 0; i < b->ntris; i++) {
        const uint8_t *c = b->tris[i].corner;
        for (int j = 0; j < 3; j++) {
            int x = c[j], y = c[(j + 1) % 3], z = c[(j + 2) % 3];
            if (b->pair_third[x * n + y] != TRID_NONE)
                return -1;
            b->pair_third[x * n + y] = b->pair_third[y * n + x] = (uint8_t)z;
            b->pair_tri[x * n + y] = b->pair_tri[y * n + x] = (uint16_t)i;
        }
    }
    return 0;
}

int trid_geometry_build(trid_board *b)
{
    neighbours(b);
    lines(b);
    rotations(b);
    b->ntris = 0;
    for (int c = 0; c < b->ncells; c++)
        for (int d = 1; b->type[c] != TRID_WALL && d < 2 * TRID_MAX_ROWS; d++)
            add_triangle(b, c, d);
    return index_triangles(b, false, b->corner_at, &b->by_corner) ||
                   index_triangles(b, true, b->inside_at, &b->by_inside) || index_pairs(b)
               ? -1
               : 0;
}
