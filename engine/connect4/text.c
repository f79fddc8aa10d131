/* text.c — Connect Four's position string, actions and board drawing
 * (docs/connect4.md).
 *
 * A position: the six rows from the top down, each seven cells from column
 * a to g ('.' empty, 'r' Red, 'y' Yellow), '/' between rows, then a space
 * and the seat to act ('r' or 'y').  The start: "......./......./......./
 * ......./......./....... r" (without the spaces).  Either seat may be to
 * act in a start (a rotated start has Yellow first: game_def.permute), so
 * the parser accepts any position that play can reach from an empty board
 * with either seat first.  An action is the column's letter, a to g. */
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "connect4.h"

#define H 7
#define BIT(c, r) (UINT64_C(1) << ((c) * H + (r)))

static const char seat_char[] = "ry";

int c4_to_text(const void *s, char *out, size_t n)
{
    const c4_state *p = s;
    char t[C4_ROWS * (C4_COLS + 1) + 2];
    size_t k = 0;
    for (int r = C4_ROWS - 1; r >= 0; r--) {
        for (int c = 0; c < C4_COLS; c++)
            t[k++] = p->stones[0] & BIT(c, r) ? 'r' : p->stones[1] & BIT(c, r) ? 'y' : '.';
        t[k++] = r ? '/' : ' ';
    }
    t[k++] = seat_char[p->to_act];
    t[k] = 0;
    if (k >= n)
        return -1;
    memcpy(out, t, k + 1);
    return (int)k;
}

/* The rows into the two bitboards; -1 with a message naming the offset. */
static int read_rows(const char *text, uint64_t st[2], char *err, size_t n)
{
    const char *at = text;
    for (int r = C4_ROWS - 1; r >= 0; r--) {
        for (int c = 0; c < C4_COLS; c++, at++) {
            if (*at == 'r' || *at == 'y')
                st[*at == 'y'] |= BIT(c, r);
            else if (*at != '.') {
                snprintf(err, n, "offset %d: expected '.', 'r' or 'y' (row %d, column %c), got %s",
                         (int)(at - text), r + 1, 'a' + c, *at ? "the end" : "another character");
                return -1;
            }
        }
        if (*at != (r ? '/' : ' ')) {
            snprintf(err, n, "offset %d: expected %s after row %d", (int)(at - text), r ? "'/'" : "a space", r + 1);
            return -1;
        }
        at++;
    }
    return (int)(at - text);
}

int c4_from_text(void *s, const char *text, char *err, size_t n)
{
    uint64_t st[2] = { 0, 0 };
    int at = read_rows(text, st, err, n);
    if (at < 0)
        return -1;
    const char *side = text[at] ? strchr(seat_char, text[at]) : NULL;
    if (!side || text[at + 1]) {
        snprintf(err, n, "offset %d: expected the seat to act, r or y, and the end", at);
        return -1;
    }
    int to_act = (int)(side - seat_char);
    for (int c = 0; c < C4_COLS; c++) { /* stones lie on stones */
        uint64_t col = (st[0] | st[1]) >> (c * H) & 0x7f;
        if (col & (col + 1)) {
            snprintf(err, n, "column %c: a stone above an empty cell", 'a' + c);
            return -1;
        }
    }
    int red = __builtin_popcountll(st[0]), yellow = __builtin_popcountll(st[1]);
    int mine = to_act ? yellow : red, theirs = to_act ? red : yellow;
    if (mine != theirs && mine + 1 != theirs) {
        snprintf(err, n, "%d red and %d yellow stones with %c to act: no game reaches that", red, yellow,
                 seat_char[to_act]);
        return -1;
    }
    if (c4_four(st[to_act])) {
        snprintf(err, n, "%c has four in a row and is to act: the game ended before its opponent's move",
                 seat_char[to_act]);
        return -1;
    }
    c4_set(s, st[0], st[1], to_act);
    return 0;
}

void c4_action_to_text(const void *s, game_action a, char *out, size_t n)
{
    (void)s;
    snprintf(out, n, "%c", a < C4_COLS ? 'a' + (int)a : '?');
}

int c4_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n)
{
    const c4_state *p = s;
    if (text[0] < 'a' || text[0] >= 'a' + C4_COLS || text[1]) {
        snprintf(err, n, "expected a column, a to g, got '%s'", MSG_PATH(text));
        return -1;
    }
    int c = text[0] - 'a';
    if (c4_over(p)) {
        snprintf(err, n, "the game is over");
        return -1;
    }
    if (p->height[c] >= C4_ROWS) {
        snprintf(err, n, "column %c is full", text[0]);
        return -1;
    }
    *a = (game_action)c;
    return 0;
}

/* The rows top down with their numbers, the column letters below. */
int c4_board_text(const void *s, char *out, size_t n)
{
    const c4_state *p = s;
    size_t k = 0;
    for (int r = C4_ROWS - 1; r >= 0 && k < n; r--) {
        k += (size_t)snprintf(out + k, n - k, "%d ", r + 1);
        for (int c = 0; c < C4_COLS && k < n; c++)
            k += (size_t)snprintf(out + k, n - k, " %c", p->stones[0] & BIT(c, r) ? 'r'
                                                        : p->stones[1] & BIT(c, r) ? 'y' : '.');
        if (k < n)
            k += (size_t)snprintf(out + k, n - k, "\n");
    }
    if (k < n)
        k += (size_t)snprintf(out + k, n - k, "   a b c d e f g\n");
    return k < n ? (int)k : -1;
}
