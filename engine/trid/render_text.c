/* render_text.c — TRID drawn in characters for a terminal (game.h's
 * board_text: triad show, triad play).  The board file's grid is already
 * the board in characters (docs/trid.md, "Board files": one character a
 * triangle, row a at the bottom, a cell's column its character's place in
 * the line), so the drawing is that grid, as the viewer lays it out
 * (render.c), three characters a cell so that a piece fits: '.' a cell,
 * '#' a wall, '*' a STOP cell, and a piece its kind and seat ("C0" seat 0's
 * chief, "S1" a slider, "J2" a jumper).  Row letters on both sides, column
 * numbers above and below; then each seat's pieces by cell name and who
 * acts. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "position.h"
#include "render.h"

#define CELL_W 3

static const char kind_letter[TRID_PIECES] = { 'C', 'S', 'S', 'J', 'J' };

/* Appends printf-style text at *len (counting on past n, as snprintf does). */
static void add(char *out, size_t n, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void add(char *out, size_t n, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*len < n ? out + *len : NULL, *len < n ? n - *len : 0, fmt, ap);
    va_end(ap);
    *len += (size_t)(k > 0 ? k : 0);
}

/* The seat and slot of the piece on cell c, or -1. */
static int piece_at(const trid_state *s, int c, int *slot)
{
    for (int k = 0; k < s->players; k++)
        for (int i = 0; i < TRID_PIECES; i++)
            if (s->cell[k][i] == c) {
                *slot = i;
                return k;
            }
    return -1;
}

/* The columns the board uses: 1 .. *last. */
static void column_range(const trid_board *b, int *first, int *last)
{
    *first = TRID_MAX_COLS, *last = 0;
    for (int c = 0; c < b->ncells; c++) {
        if (b->q[c] < *first)
            *first = b->q[c];
        if (b->q[c] > *last)
            *last = b->q[c];
    }
}

static void column_numbers(char *out, size_t n, size_t *len, int first, int last)
{
    add(out, n, len, "  ");
    for (int q = first; q <= last; q++)
        add(out, n, len, "%*d", CELL_W, q);
    add(out, n, len, "\n");
}

/* One row of the grid, right end trimmed. */
static void grid_row(const trid_state *s, int r, int first, int last, char *out, size_t n, size_t *len)
{
    const trid_board *b = trid_board_of(s);
    char line[CELL_W * (TRID_MAX_COLS + 2) + 8];
    int at = snprintf(line, sizeof line, "%c ", 'a' + r);
    for (int q = first; q <= last; q++) {
        int c = b->at[r][q], slot = 0, k = c < 0 ? -1 : piece_at(s, c, &slot);
        if (k >= 0)
            at += snprintf(line + at, sizeof line - (size_t)at, " %c%d", kind_letter[slot], k);
        else
            at += snprintf(line + at, sizeof line - (size_t)at, "  %c", c < 0 ? ' '
                           : b->type[c] == TRID_WALL ? '#' : b->type[c] == TRID_STOP ? '*' : '.');
    }
    while (at > 2 && line[at - 1] == ' ')
        at--;
    add(out, n, len, "%.*s%*s %c\n", at, line, CELL_W * (last - first + 1) + 2 - at, "", 'a' + r);
}

/* Each seat's pieces by kind and cell, or that it is out. */
static void seat_lines(const trid_state *s, char *out, size_t n, size_t *len)
{
    const trid_board *b = trid_board_of(s);
    for (int k = 0; k < s->players; k++) {
        add(out, n, len, "seat %d:", k);
        if (!trid_alive(s, k)) {
            add(out, n, len, " out (eliminated %s)\n", s->elim[k] == 1 ? "first" : s->elim[k] == 2 ? "second" : "third");
            continue;
        }
        for (int i = 0; i < TRID_PIECES; i++)
            if (s->cell[k][i] != TRID_NONE) {
                char name[8];
                trid_cell_name(b, s->cell[k][i], name);
                add(out, n, len, " %c%s", kind_letter[i], name);
            }
        add(out, n, len, "\n");
    }
}

int trid_board_text(const void *state, char *out, size_t n)
{
    const trid_state *s = state;
    const trid_board *b = trid_board_of(s);
    size_t len = 0;
    int first, last;
    column_range(b, &first, &last);
    column_numbers(out, n, &len, first, last);
    for (int r = b->nrows - 1; r >= 0; r--)
        grid_row(s, r, first, last, out, n, &len);
    column_numbers(out, n, &len, first, last);
    add(out, n, &len, "C chief, S slider, J jumper, then the seat; # wall, * STOP (board %s)\n", b->name);
    seat_lines(s, out, n, &len);
    if (s->ending != END_NONE)
        add(out, n, &len, "the game is over\n");
    else
        add(out, n, &len, "seat %d to act (%d turns played, %d of %d quiet turns for a draw)\n", s->side, s->turns,
            s->quiet, TRID_DRAW_TURNS);
    return len < n ? (int)len : -1;
}
