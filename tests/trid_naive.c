/* trid_naive.c — the naive TRID engine (trid_naive.h).  Everything is
 * recomputed from scratch at every call, straight from the rules page. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trid_naive.h"

/* ---- the board ---- */

static void board_extents(tn_board *b);

int tn_board_read(tn_board *b, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    memset(b, 0, sizeof *b);
    char line[256];
    int grid_left = -1, row = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (grid_left > 0) {
            int r = b->rows - 1 - row++;
            for (int i = 0; line[i] && i + 1 < TN_COLS; i++) {
                b->cell[r][i + 1] = line[i] == ' ' ? 0 : line[i];
                b->cols = i + 2 > b->cols ? i + 2 : b->cols;
            }
            grid_left--;
        } else if (!strncmp(line, "name ", 5)) {
            snprintf(b->name, sizeof b->name, "%.31s", line + 5);
        } else if (!strncmp(line, "grid ", 5)) {
            b->rows = grid_left = atoi(line + 5);
            if (b->rows < 1 || b->rows > TN_ROWS)
                break;
        } else if (!strncmp(line, "seat ", 5)) {
            int pl, k;
            char fwd[8], c[5][8];
            if (sscanf(line + 5, "%d %d %7s %7s %7s %7s %7s %7s", &pl, &k, fwd, c[0], c[1], c[2], c[3], c[4]) != 8) {
                fclose(f);
                return -1;
            }
            b->seat[pl][k].defined = 1;
            b->seat[pl][k].coord = fwd[0];
            b->seat[pl][k].sign = fwd[1];
            for (int i = 0; i < 5; i++) {
                b->seat[pl][k].start[i][0] = c[i][0] - 'a';
                b->seat[pl][k].start[i][1] = atoi(c[i] + 1);
            }
        }
    }
    fclose(f);
    board_extents(b);
    return b->rows > 0 && b->rows <= TN_ROWS ? 0 : -1;
}

static int coord(char which, int r, int q);
static void extent(const tn_board *b, char which, int *lo, int *hi);

/* The strip coordinates' extents, once the grid is read. */
static void board_extents(tn_board *b)
{
    extent(b, 'h', &b->lo[0], &b->hi[0]);
    extent(b, 's', &b->lo[1], &b->hi[1]);
    extent(b, 'k', &b->lo[2], &b->hi[2]);
}

static int on_board(const tn_board *b, int r, int q)
{
    return r >= 0 && r < b->rows && q >= 1 && q < TN_COLS && b->cell[r][q];
}

static int is_up(int r, int q)
{
    return (r + q) % 2 == 0;
}

/* The seat's strip coordinate of (r, q), and its row. */
static int coord(char which, int r, int q)
{
    if (which == 'h')
        return r;
    if (which == 's')
        return (int)floor((q - r) / 2.0);
    return (int)ceil((q + r) / 2.0);
}

/* The extent of each strip coordinate over the board. */
static void extent(const tn_board *b, char which, int *lo, int *hi)
{
    *lo = 1000, *hi = -1000;
    for (int y = 0; y < b->rows; y++)
        for (int x = 1; x < b->cols; x++)
            if (b->cell[y][x]) {
                int v = coord(which, y, x);
                *lo = v < *lo ? v : *lo;
                *hi = v > *hi ? v : *hi;
            }
}

static int row_of(const tn_pos *p, int seat, int r, int q)
{
    const tn_board *b = p->b;
    char which = b->seat[p->players][seat].coord;
    int i = which == 'h' ? 0 : which == 's' ? 1 : 2, v = coord(which, r, q);
    return b->seat[p->players][seat].sign == '+' ? v - b->lo[i] : b->hi[i] - v;
}

static int last_row(const tn_pos *p, int seat)
{
    int i = p->b->seat[p->players][seat].coord;
    i = i == 'h' ? 0 : i == 's' ? 1 : 2;
    return p->b->hi[i] - p->b->lo[i];
}

/* ---- triangles, by geometry ---- */

static void centre(int r, int q, double *x, double *y)
{
    double h = sqrt(3.0) / 2;
    *x = q * 0.5;
    *y = r * h + (is_up(r, q) ? h / 3 : 2 * h / 3);
}

/* Whether the three cells are the corners of a grid triangle: their
 * centres make an equilateral triangle with a level side, pointing up when
 * the corners point up and down when they point down. */
static int is_triangle(const int c[3][2])
{
    double x[3], y[3];
    for (int i = 0; i < 3; i++)
        centre(c[i][0], c[i][1], &x[i], &y[i]);
    if (is_up(c[0][0], c[0][1]) != is_up(c[1][0], c[1][1]) || is_up(c[0][0], c[0][1]) != is_up(c[2][0], c[2][1]))
        return 0;
    double d01 = hypot(x[0] - x[1], y[0] - y[1]), d02 = hypot(x[0] - x[2], y[0] - y[2]),
           d12 = hypot(x[1] - x[2], y[1] - y[2]);
    if (d01 < 0.5 || fabs(d01 - d02) > 1e-6 || fabs(d01 - d12) > 1e-6)
        return 0;
    for (int apex = 0; apex < 3; apex++) {
        int a = (apex + 1) % 3, b = (apex + 2) % 3;
        if (fabs(y[a] - y[b]) < 1e-6)
            return is_up(c[0][0], c[0][1]) ? y[apex] > y[a] : y[apex] < y[a];
    }
    return 0;
}

/* Whether cell (r, q)'s centre lies in the triangle of the corners' centres
 * (its edges included): the grid triangle's cells are exactly those. */
static int inside(const int c[3][2], int r, int q)
{
    double x[3], y[3], px, py;
    for (int i = 0; i < 3; i++)
        centre(c[i][0], c[i][1], &x[i], &y[i]);
    centre(r, q, &px, &py);
    double s[3];
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        s[i] = (x[j] - x[i]) * (py - y[i]) - (y[j] - y[i]) * (px - x[i]);
    }
    int neg = s[0] < -1e-9 || s[1] < -1e-9 || s[2] < -1e-9, pos = s[0] > 1e-9 || s[1] > 1e-9 || s[2] > 1e-9;
    return !(neg && pos);
}

static int is_corner(const int c[3][2], int r, int q)
{
    for (int i = 0; i < 3; i++)
        if (c[i][0] == r && c[i][1] == q)
            return 1;
    return 0;
}

/* The cells of seat k (row-major), count returned. */
static int pieces_of(const tn_pos *p, int k, int out[5][2])
{
    int n = 0;
    for (int r = 0; r < p->b->rows; r++)
        for (int q = 1; q < p->b->cols; q++)
            if (p->owner[r][q] == k && n < 5) {
                out[n][0] = r;
                out[n][1] = q;
                n++;
            }
    return n;
}

/* Marks the cells inside triangles held by seats other than k. */
static void mark_controlled(const tn_pos *p, int k, char against[TN_ROWS][TN_COLS])
{
    for (int o = 0; o < p->players; o++) {
        if (o == k)
            continue;
        int pc[5][2], n = pieces_of(p, o, pc);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                for (int l = j + 1; l < n; l++) {
                    int t[3][2] = { { pc[i][0], pc[i][1] }, { pc[j][0], pc[j][1] }, { pc[l][0], pc[l][1] } };
                    if (!is_triangle(t))
                        continue;
                    for (int r = 0; r < p->b->rows; r++)
                        for (int q = 1; q < p->b->cols; q++)
                            if (p->b->cell[r][q] && inside(t, r, q) && !is_corner(t, r, q))
                                against[r][q] = 1;
                }
    }
}

/* ---- moves ---- */

typedef struct move_list {
    char (*out)[TN_ACTION_LEN];
    int n;
    char against[TN_ROWS][TN_COLS]; /* controlled by another seat than the mover */
    int mine[5][2], nmine;          /* the mover's pieces */
} move_list;

static void cell_text(int r, int q, char *out)
{
    *out++ = (char)('a' + r);
    if (q >= 10)
        *out++ = (char)('0' + q / 10);
    *out++ = (char)('0' + q % 10);
    *out = 0;
}

/* Whether P may end a move on (r, q). */
static int can_end(const tn_pos *p, const move_list *m, int r, int q)
{
    return on_board(p->b, r, q) && p->b->cell[r][q] != '#' && p->owner[r][q] != p->side && !m->against[r][q];
}

static void add(move_list *m, const char *text)
{
    for (int i = 0; i < m->n; i++)
        if (!strcmp(m->out[i], text))
            return;
    snprintf(m->out[m->n++], TN_ACTION_LEN, "%.31s", text);
}

/* The move (fr, fq) -> (tr, tq), with each swap of the triangles it forms. */
static void add_move(const tn_pos *p, move_list *m, int fr, int fq, int tr, int tq)
{
    char a[8], b[8], base[TN_ACTION_LEN], full[TN_ACTION_LEN * 2];
    cell_text(fr, fq, a);
    cell_text(tr, tq, b);
    snprintf(base, sizeof base, "%s%c%s", a, p->owner[tr][tq] >= 0 ? 'x' : '-', b);
    add(m, base);
    /* The mover's other pieces, and the kinds after the move. */
    int pc[5][2], n = 0;
    for (int i = 0; i < m->nmine; i++)
        if (m->mine[i][0] != fr || m->mine[i][1] != fq) {
            pc[n][0] = m->mine[i][0];
            pc[n][1] = m->mine[i][1];
            n++;
        }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int t[3][2] = { { tr, tq }, { pc[i][0], pc[i][1] }, { pc[j][0], pc[j][1] } };
            if (!is_triangle(t))
                continue;
            for (int x = 0; x < 3; x++)
                for (int y = 0; y < 3; y++) {
                    int (*u)[2] = t;
                    int kx = x ? p->kind[u[x][0]][u[x][1]] : p->kind[fr][fq];
                    int ky = y ? p->kind[u[y][0]][u[y][1]] : p->kind[fr][fq];
                    if (kx == ky)
                        continue;
                    /* the first cell in (row, column) order first */
                    if (u[x][0] > u[y][0] || (u[x][0] == u[y][0] && u[x][1] > u[y][1]))
                        continue;
                    cell_text(u[x][0], u[x][1], a);
                    cell_text(u[y][0], u[y][1], b);
                    snprintf(full, sizeof full, "%s(%s:%s)", base, a, b);
                    add(m, full);
                }
        }
}

static const int line_dir[6][2][2] = {
    /* {up cell's step, down cell's step} as (dr, dq): E W NE SW NW SE */
    { { 0, 1 }, { 0, 1 } },  { { 0, -1 }, { 0, -1 } }, { { 0, 1 }, { 1, 0 } },
    { { -1, 0 }, { 0, -1 } }, { { 0, -1 }, { 1, 0 } }, { { -1, 0 }, { 0, 1 } },
};

static void step(int d, int *r, int *q)
{
    const int *s = line_dir[d][is_up(*r, *q) ? 0 : 1];
    *r += s[0];
    *q += s[1];
}

static void slider_moves(const tn_pos *p, move_list *m, int r0, int q0)
{
    for (int d = 0; d < 6; d++) {
        int r = r0, q = q0, lr = -1, lq = -1;
        for (;;) {
            step(d, &r, &q);
            if (!on_board(p->b, r, q) || p->b->cell[r][q] == '#' || m->against[r][q])
                break;
            if (p->owner[r][q] >= 0) {
                if (p->owner[r][q] != p->side)
                    add_move(p, m, r0, q0, r, q);
                break;
            }
            lr = r, lq = q;
            if (p->b->cell[r][q] == '*')
                break;
        }
        if (lr >= 0)
            add_move(p, m, r0, q0, lr, lq);
    }
}

static void chief_moves(const tn_pos *p, move_list *m, int r0, int q0)
{
    int here = row_of(p, p->side, r0, q0);
    int nb[3][2] = { { r0, q0 - 1 }, { r0, q0 + 1 }, { is_up(r0, q0) ? r0 - 1 : r0 + 1, q0 } };
    for (int i = 0; i < 3; i++)
        if (can_end(p, m, nb[i][0], nb[i][1]) && row_of(p, p->side, nb[i][0], nb[i][1]) >= here)
            add_move(p, m, r0, q0, nb[i][0], nb[i][1]);
    for (int d = 0; d < 6; d++) {
        int r = r0, q = q0, over = 0;
        step(d, &r, &q);
        while (on_board(p->b, r, q) && p->owner[r][q] == p->side) {
            over++;
            step(d, &r, &q);
        }
        if (over && can_end(p, m, r, q) && row_of(p, p->side, r, q) >= here)
            add_move(p, m, r0, q0, r, q);
    }
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

int tn_actions(const tn_pos *p, char out[][TN_ACTION_LEN])
{
    if (p->ending)
        return 0;
    static move_list m; /* large: kept off the stack */
    m.out = out;
    m.n = 0;
    m.nmine = pieces_of(p, p->side, m.mine);
    memset(m.against, 0, sizeof m.against);
    mark_controlled(p, p->side, m.against);
    static const int jump[6][2] = { { 0, 2 }, { 0, -2 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
    for (int r = 0; r < p->b->rows; r++)
        for (int q = 1; q < p->b->cols; q++) {
            if (p->owner[r][q] != p->side)
                continue;
            if (p->kind[r][q] == 'J') {
                for (int i = 0; i < 6; i++)
                    if (can_end(p, &m, r + jump[i][0], q + jump[i][1]))
                        add_move(p, &m, r, q, r + jump[i][0], q + jump[i][1]);
            } else if (p->kind[r][q] == 'S') {
                slider_moves(p, &m, r, q);
            } else {
                chief_moves(p, &m, r, q);
            }
        }
    if (!m.n)
        add(&m, "pass");
    qsort(out, (size_t)m.n, TN_ACTION_LEN, by_text);
    return m.n;
}

/* ---- playing ---- */

static void parse_cell(const char **s, int *r, int *q)
{
    *r = **s - 'a';
    *q = (int)strtol(*s + 1, (char **)s, 10);
}

static void remove_seat(tn_pos *p, int k)
{
    for (int r = 0; r < p->b->rows; r++)
        for (int q = 1; q < p->b->cols; q++)
            if (p->owner[r][q] == k)
                p->owner[r][q] = p->kind[r][q] = -1;
}

void tn_play(tn_pos *p, const char *action, int *tri_captures, int *eliminated)
{
    int me = p->side, captured = 0, chief_lost[4] = { 0, 0, 0, 0 };
    if (strcmp(action, "pass")) {
        const char *s = action;
        int fr, fq, tr, tq;
        parse_cell(&s, &fr, &fq);
        s++;
        parse_cell(&s, &tr, &tq);
        if (p->owner[tr][tq] >= 0) {
            captured++;
            if (p->kind[tr][tq] == 'C')
                chief_lost[p->owner[tr][tq]] = 1;
        }
        p->owner[tr][tq] = (signed char)me;
        p->kind[tr][tq] = p->kind[fr][fq];
        p->owner[fr][fq] = p->kind[fr][fq] = -1;
        int pc[5][2], n = pieces_of(p, me, pc);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int t[3][2] = { { tr, tq }, { pc[i][0], pc[i][1] }, { pc[j][0], pc[j][1] } };
                if ((pc[i][0] == tr && pc[i][1] == tq) || (pc[j][0] == tr && pc[j][1] == tq) || !is_triangle(t))
                    continue;
                for (int r = 0; r < p->b->rows; r++)
                    for (int q = 1; q < p->b->cols; q++)
                        if (p->owner[r][q] >= 0 && p->owner[r][q] != me && inside(t, r, q) && !is_corner(t, r, q)) {
                            if (p->kind[r][q] == 'C')
                                chief_lost[p->owner[r][q]] = 1;
                            p->owner[r][q] = p->kind[r][q] = -1;
                            captured++;
                            (*tri_captures)++;
                        }
            }
        if (*s == '(') {
            int ar, aq, br, bq;
            s++;
            parse_cell(&s, &ar, &aq);
            s++;
            parse_cell(&s, &br, &bq);
            signed char k = p->kind[ar][aq];
            p->kind[ar][aq] = p->kind[br][bq];
            p->kind[br][bq] = k;
        }
    }
    int order = 0;
    for (int k = 0; k < p->players; k++)
        order = p->elim[k] > order ? p->elim[k] : order;
    for (int k = 0; k < p->players; k++)
        if (chief_lost[k]) {
            remove_seat(p, k);
            p->elim[k] = order + 1;
            (*eliminated)++;
        }
    p->quiet = captured ? 0 : p->quiet + 1;
    do
        p->side = (p->side + 1) % p->players;
    while (p->elim[p->side]);
    int alive = 0, last = -1;
    for (int k = 0; k < p->players; k++)
        if (!p->elim[k])
            alive++, last = k;
    int cr = -1, cq = -1;
    for (int r = 0; r < p->b->rows; r++)
        for (int q = 1; q < p->b->cols; q++)
            if (p->owner[r][q] == me && p->kind[r][q] == 'C')
                cr = r, cq = q;
    if (row_of(p, me, cr, cq) == last_row(p, me))
        p->ending = 1, p->winner = me;
    else if (alive == 1)
        p->ending = 2, p->winner = last;
    else if (p->quiet >= 200)
        p->ending = 3;
}

/* ---- text ---- */

int tn_from_text(tn_pos *p, const tn_board *b, const char *text)
{
    memset(p, 0, sizeof *p);
    memset(p->owner, -1, sizeof p->owner);
    memset(p->kind, -1, sizeof p->kind);
    p->b = b;
    p->winner = -1;
    const char *s = text + strlen(b->name) + 1;
    p->players = (int)strtol(s, (char **)&s, 10);
    s++;
    for (int k = 0; k < p->players; k++) {
        if (k)
            s++; /* '/' */
        if (*s == 'x') {
            p->elim[k] = 1;
            s++;
            continue;
        }
        for (;;) {
            char kind = *s++;
            int r, q;
            parse_cell(&s, &r, &q);
            p->owner[r][q] = (signed char)k;
            p->kind[r][q] = kind;
            if (*s != ',')
                break;
            s++;
        }
    }
    p->side = (int)strtol(s, (char **)&s, 10);
    p->quiet = (int)strtol(s, (char **)&s, 10);
    return 0;
}

void tn_to_text(const tn_pos *p, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "%s %d ", p->b->name, p->players);
    for (int k = 0; k < p->players; k++) {
        if (k)
            len += (size_t)snprintf(out + len, n - len, "/");
        if (p->elim[k]) {
            len += (size_t)snprintf(out + len, n - len, "x");
            continue;
        }
        const char *kinds = "CSJ";
        int first = 1;
        for (int i = 0; i < 3; i++)
            for (int r = 0; r < p->b->rows; r++)
                for (int q = 1; q < p->b->cols; q++)
                    if (p->owner[r][q] == k && p->kind[r][q] == kinds[i]) {
                        len += (size_t)snprintf(out + len, n - len, "%s%c%c%d", first ? "" : ",", kinds[i], 'a' + r, q);
                        first = 0;
                    }
    }
    snprintf(out + len, n - len, " %d %d", p->side, p->quiet);
}

void tn_scores(const tn_pos *p, double *scores)
{
    int alive = 0;
    for (int k = 0; k < p->players; k++)
        alive += !p->elim[k];
    for (int k = 0; k < p->players; k++)
        scores[k] = p->ending == 3 ? (p->elim[k] ? 0 : 1.0 / alive) : (k == p->winner ? 1 : 0);
}

void tn_ranks(const tn_pos *p, int *ranks)
{
    /* Place: 0 the winner (every survivor in a draw), then survivors, then
     * the eliminated, the later eliminated first. */
    int place[4];
    for (int k = 0; k < p->players; k++)
        place[k] = (p->ending == 3 && !p->elim[k]) || k == p->winner ? 0 : !p->elim[k] ? 1 : 100 - p->elim[k];
    for (int k = 0; k < p->players; k++) {
        ranks[k] = 0;
        for (int j = 0; j < p->players; j++)
            ranks[k] += place[j] < place[k];
    }
}
