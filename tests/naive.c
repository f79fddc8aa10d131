/* naive.c — the deliberately simple reference generator of naive.h.
 *
 * Straight from the rules page, with no cleverness: a 9 x 10 array of
 * (owner, top type, height), neighbours computed one step at a time with the
 * column/row formulas of the page, and every action produced and compared as
 * text.  Nothing from engine/ is used. */
#include "naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int supply[3] = {6, 9, 15}; /* Tzaar, Tzarra, Tott */
static const char type_letter[3] = {'a', 'b', 'c'};

/* Points in column col: A..I hold 5, 6, 7, 8, 9, 8, 7, 6, 5. */
static int column_size(int col)
{
    return col <= 4 ? 5 + col : 5 + (8 - col);
}

static int is_hole(int col, int row)
{
    return col == 4 && row == 5;
}

int naive_on_board(int col, int row)
{
    if (col < 0 || col > 8)
        return 0;
    if (row < 1 || row > column_size(col))
        return 0;
    return !is_hole(col, row);
}

/* The rules page: neighbours of (c, r) are (c, r±1); to the right (c+1, r)
 * and (c+1, r+1) when c is A-D, (c+1, r-1) and (c+1, r) when c is E-H; to the
 * left (c-1, r-1) and (c-1, r) when c is B-E, (c-1, r) and (c-1, r+1) when c
 * is F-I.  Of each pair the one with the larger row is the upward one. */
int naive_step(int col, int row, int dir, int *ncol, int *nrow)
{
    int c = col, r = row;
    switch (dir) {
    case NAIVE_UP:
        r = row + 1;
        break;
    case NAIVE_DOWN:
        r = row - 1;
        break;
    case NAIVE_RIGHT_UP:
        if (col >= 8)
            return 0;
        c = col + 1;
        r = col <= 3 ? row + 1 : row;
        break;
    case NAIVE_RIGHT_DOWN:
        if (col >= 8)
            return 0;
        c = col + 1;
        r = col <= 3 ? row : row - 1;
        break;
    case NAIVE_LEFT_UP:
        if (col <= 0)
            return 0;
        c = col - 1;
        r = col <= 4 ? row : row + 1;
        break;
    case NAIVE_LEFT_DOWN:
        if (col <= 0)
            return 0;
        c = col - 1;
        r = col <= 4 ? row - 1 : row;
        break;
    default:
        return 0;
    }
    if (!naive_on_board(c, r)) /* off the board, or the hole: the line is cut */
        return 0;
    *ncol = c;
    *nrow = r;
    return 1;
}

/* ---------------------------------------------------------------- text */

static void clear(naive_pos *p)
{
    for (int c = 0; c < NAIVE_COLS; c++)
        for (int r = 0; r < NAIVE_ROWS; r++) {
            p->owner[c][r] = -1;
            p->kind[c][r] = 0;
            p->height[c][r] = 0;
        }
    p->side = 0;
    p->phase = NAIVE_PHASE_FIRST;
    p->first = p->pie = p->swapped = 0;
    p->turn = 2;
}

/* The phase a turn begins in: one capture for White's first (unless
 * first=full) and, with first=both, for the second turn too. */
static int turn_phase(const naive_pos *p)
{
    if (p->turn == 0)
        return p->first == 1 ? NAIVE_PHASE_FIRST : NAIVE_PHASE_OPENING;
    return p->turn == 1 && p->first == 2 ? NAIVE_PHASE_OPENING : NAIVE_PHASE_FIRST;
}

void naive_set_variant(naive_pos *p, int first, int pie)
{
    p->first = first;
    p->pie = pie;
    p->turn = 0;
    p->swapped = 0;
    if (p->phase != NAIVE_PHASE_PLACE)
        p->phase = turn_phase(p);
}

/* pie=1: Black may swap instead of the first action of its first turn. */
static int may_swap(const naive_pos *p)
{
    return p->pie && p->turn == 1 && !p->swapped && p->phase != NAIVE_PHASE_SECOND && p->phase != NAIVE_PHASE_PLACE;
}

int naive_parse(naive_pos *p, const char *s)
{
    int i = 0;
    int pieces[2] = {0, 0};
    int tops[2][3] = {{0, 0, 0}, {0, 0, 0}};
    int tall = 0;
    if (!s)
        return -1;
    clear(p);
    /* LittleGolem order: columns A to I, each from its highest row down to
     * row 1, E5 skipped. */
    for (int c = 0; c < 9; c++)
        for (int r = column_size(c); r >= 1; r--) {
            if (is_hole(c, r))
                continue;
            char ch = s[i];
            if (ch == '.') {
                i++;
                continue;
            }
            int owner, kind;
            if (ch >= 'a' && ch <= 'c') {
                owner = 0;
                kind = ch - 'a';
            } else if (ch >= 'A' && ch <= 'C') {
                owner = 1;
                kind = ch - 'A';
            } else {
                return -1;
            }
            i++;
            int h = 1;
            if (s[i] >= '0' && s[i] <= '9') {
                if (s[i] == '0') /* no leading zero */
                    return -1;
                h = 0;
                while (s[i] >= '0' && s[i] <= '9') {
                    h = h * 10 + (s[i] - '0');
                    if (h > 30)
                        return -1;
                    i++;
                }
                if (h < 2) /* height 1 is never written */
                    return -1;
            }
            p->owner[c][r] = owner;
            p->kind[c][r] = kind;
            p->height[c][r] = h;
            pieces[owner] += h;
            tops[owner][kind]++;
            if (h > 1)
                tall++;
        }
    if (s[i] != ' ')
        return -1;
    i++;
    if (s[i] == 'w')
        p->side = 0;
    else if (s[i] == 'b')
        p->side = 1;
    else
        return -1;
    i++;
    if (s[i] != ' ')
        return -1;
    i++;
    switch (s[i]) {
    case '0': p->phase = NAIVE_PHASE_OPENING; break;
    case '1': p->phase = NAIVE_PHASE_FIRST; break;
    case '2': p->phase = NAIVE_PHASE_SECOND; break;
    case 'p': p->phase = NAIVE_PHASE_PLACE; break;
    default: return -1;
    }
    i++;
    if (s[i] != '\0')
        return -1;
    /* Sanity: at most 30 pieces a colour, no more tops of a type than pieces
     * of that type, only White opens, and placement has single pieces. */
    for (int col = 0; col < 2; col++) {
        if (pieces[col] > 30)
            return -1;
        for (int k = 0; k < 3; k++)
            if (tops[col][k] > supply[k])
                return -1;
    }
    if (p->phase == NAIVE_PHASE_OPENING && p->side != 0)
        return -1;
    if (p->phase == NAIVE_PHASE_PLACE && tall)
        return -1;
    p->turn = p->phase == NAIVE_PHASE_OPENING || p->phase == NAIVE_PHASE_PLACE ? 0 : 2;
    return 0;
}

void naive_to_text(const naive_pos *p, char *buf)
{
    int n = 0;
    for (int c = 0; c < 9; c++)
        for (int r = column_size(c); r >= 1; r--) {
            if (is_hole(c, r))
                continue;
            if (p->owner[c][r] < 0) {
                buf[n++] = '.';
                continue;
            }
            char letter = type_letter[p->kind[c][r]];
            if (p->owner[c][r] == 1)
                letter = (char)(letter - 'a' + 'A');
            buf[n++] = letter;
            if (p->height[c][r] >= 2)
                n += sprintf(buf + n, "%d", p->height[c][r]);
        }
    static const char phase_char[4] = {'0', '1', '2', 'p'};
    buf[n++] = ' ';
    buf[n++] = p->side == 0 ? 'w' : 'b';
    buf[n++] = ' ';
    buf[n++] = phase_char[p->phase];
    buf[n] = '\0';
}

/* -------------------------------------------------------------- rules */

/* Pieces of colour col and type k not yet on the board (placement phase:
 * every stack is a single piece, so the top is the whole stack). */
static int remaining(const naive_pos *p, int col, int k)
{
    int on_board = 0;
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++)
            if (naive_on_board(c, r) && p->owner[c][r] == col && p->kind[c][r] == k)
                on_board += p->height[c][r];
    return supply[k] - on_board;
}

static int points_filled(const naive_pos *p)
{
    int n = 0;
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++)
            if (naive_on_board(c, r) && p->owner[c][r] >= 0)
                n++;
    return n;
}

/* 1 when colour col has at least one stack of every type on top. */
static int has_trinity(const naive_pos *p, int col)
{
    int seen[3] = {0, 0, 0};
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++)
            if (naive_on_board(c, r) && p->owner[c][r] == col)
                seen[p->kind[c][r]] = 1;
    return seen[0] && seen[1] && seen[2];
}

/* Walks from (c, r) in direction dir over empty points; returns 1 and the
 * first occupied point, or 0 when the edge or the hole comes first. */
static int first_occupied(const naive_pos *p, int c, int r, int dir, int *tc, int *tr)
{
    int nc, nr;
    while (naive_step(c, r, dir, &nc, &nr)) {
        if (p->owner[nc][nr] >= 0) {
            *tc = nc;
            *tr = nr;
            return 1;
        }
        c = nc;
        r = nr;
    }
    return 0;
}

static int side_has_capture(const naive_pos *p, int side)
{
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++) {
            if (!naive_on_board(c, r) || p->owner[c][r] != side)
                continue;
            for (int d = 0; d < NAIVE_DIRS; d++) {
                int tc, tr;
                if (first_occupied(p, c, r, d, &tc, &tr) && p->owner[tc][tr] == 1 - side
                    && p->height[tc][tr] <= p->height[c][r])
                    return 1;
            }
        }
    return 0;
}

int naive_winner(const naive_pos *p)
{
    if (p->phase == NAIVE_PHASE_PLACE)
        return -1;
    int lacks[2] = {!has_trinity(p, 0), !has_trinity(p, 1)};
    if (lacks[0] && lacks[1])
        return 1 - p->side; /* unreachable in play: the side to act loses */
    if (lacks[0])
        return 1;
    if (lacks[1])
        return 0;
    if ((p->phase == NAIVE_PHASE_OPENING || p->phase == NAIVE_PHASE_FIRST)
        && !side_has_capture(p, p->side) && !may_swap(p))
        return 1 - p->side;
    return -1;
}

static void label(char *out, int c, int r)
{
    out[0] = (char)('A' + c);
    out[1] = (char)('0' + r);
}

static int cmp_action(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Every legal action, unsorted; returns the count. */
static int collect(const naive_pos *p, char list[NAIVE_MAX_ACTIONS][8])
{
    int n = 0;
    memset(list, 0, NAIVE_MAX_ACTIONS * 8);
    if (naive_winner(p) != -1)
        return 0;
    if (p->phase == NAIVE_PHASE_PLACE) {
        if (points_filled(p) == 60)
            return 0;
        for (int k = 0; k < 3; k++) {
            if (remaining(p, p->side, k) <= 0)
                continue;
            char letter = type_letter[k];
            if (p->side == 1)
                letter = (char)(letter - 'a' + 'A');
            for (int c = 0; c < 9; c++)
                for (int r = 1; r <= 9; r++)
                    if (naive_on_board(c, r) && p->owner[c][r] < 0) {
                        char *a = list[n++];
                        a[0] = letter;
                        a[1] = '@';
                        label(a + 2, c, r);
                        a[4] = '\0';
                    }
        }
        return n;
    }
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++) {
            if (!naive_on_board(c, r) || p->owner[c][r] != p->side)
                continue;
            for (int d = 0; d < NAIVE_DIRS; d++) {
                int tc, tr;
                if (!first_occupied(p, c, r, d, &tc, &tr))
                    continue;
                char sep;
                if (p->owner[tc][tr] != p->side) {
                    if (p->height[tc][tr] > p->height[c][r])
                        continue;
                    sep = 'x';
                } else {
                    if (p->phase != NAIVE_PHASE_SECOND)
                        continue;
                    sep = '+';
                }
                char *a = list[n++];
                label(a, c, r);
                a[2] = sep;
                label(a + 3, tc, tr);
                a[5] = '\0';
            }
        }
    if (p->phase == NAIVE_PHASE_SECOND)
        strcpy(list[n++], "pass");
    if (may_swap(p))
        strcpy(list[n++], "swap");
    return n;
}

int naive_legal(const naive_pos *p, char out[][8], int max)
{
    char list[NAIVE_MAX_ACTIONS][8];
    int n = collect(p, list);
    qsort(list, (size_t)n, sizeof list[0], cmp_action);
    for (int i = 0; i < n && i < max; i++)
        memcpy(out[i], list[i], 8);
    return n;
}

static char upper(char ch)
{
    return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch;
}

static char lower(char ch)
{
    return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
}

/* Black takes White's pieces: as the engine stores it, the board
 * recoloured and White to play the turn Black was to play. */
static int swap(naive_pos *p)
{
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++)
            if (p->owner[c][r] >= 0)
                p->owner[c][r] = 1 - p->owner[c][r];
    p->side = 1 - p->side;
    p->swapped = 1;
    return 0;
}

int naive_apply(naive_pos *p, const char *text)
{
    char want[8];
    size_t len = strlen(text);
    if (len > 7)
        return -1;
    /* Canonical spelling: uppercase coordinates, lowercase separators and
     * "pass"; a placement letter keeps its case (it is the colour). */
    for (size_t i = 0; i <= len; i++)
        want[i] = text[i];
    if (len == 4 && lower(want[0]) == 'p' && lower(want[1]) == 'a' && lower(want[2]) == 's'
        && lower(want[3]) == 's') {
        strcpy(want, "pass");
    } else if (len == 4 && lower(want[0]) == 's' && lower(want[1]) == 'w' && lower(want[2]) == 'a'
               && lower(want[3]) == 'p') {
        strcpy(want, "swap");
    } else if (len == 4 && want[1] == '@') {
        want[2] = upper(want[2]);
    } else if (len == 5) {
        want[0] = upper(want[0]);
        want[2] = lower(want[2]);
        want[3] = upper(want[3]);
    } else {
        return -1;
    }

    char list[NAIVE_MAX_ACTIONS][8];
    int n = collect(p, list), found = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], want) == 0)
            found = 1;
    if (!found)
        return -1;

    if (p->phase == NAIVE_PHASE_PLACE) {
        int k = lower(want[0]) - 'a';
        int c = want[2] - 'A', r = want[3] - '0';
        p->owner[c][r] = p->side;
        p->kind[c][r] = k;
        p->height[c][r] = 1;
        if (points_filled(p) == 60) {
            p->side = 0;
            p->turn = 0;
            p->phase = turn_phase(p);
        } else {
            p->side = 1 - p->side;
        }
        return 0;
    }

    if (strcmp(want, "swap") == 0)
        return swap(p);
    if (strcmp(want, "pass") != 0) {
        int fc = want[0] - 'A', fr = want[1] - '0';
        int tc = want[3] - 'A', tr = want[4] - '0';
        if (want[2] == 'x') {
            p->owner[tc][tr] = p->owner[fc][fr];
            p->kind[tc][tr] = p->kind[fc][fr];
            p->height[tc][tr] = p->height[fc][fr];
        } else {
            p->kind[tc][tr] = p->kind[fc][fr];
            p->height[tc][tr] += p->height[fc][fr];
        }
        p->owner[fc][fr] = -1;
        p->kind[fc][fr] = 0;
        p->height[fc][fr] = 0;
    }
    if (p->phase == NAIVE_PHASE_FIRST) {
        p->phase = NAIVE_PHASE_SECOND;
        return 0;
    }
    p->side = 1 - p->side; /* the turn is over */
    p->turn++;
    p->phase = turn_phase(p);
    return 0;
}

long naive_perft(const naive_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    char list[NAIVE_MAX_ACTIONS][8];
    int n = naive_legal(p, list, NAIVE_MAX_ACTIONS);
    if (depth == 1)
        return n;
    long total = 0;
    for (int i = 0; i < n; i++) {
        naive_pos q = *p;
        if (naive_apply(&q, list[i]) != 0)
            return -1000000;
        total += naive_perft(&q, depth - 1);
    }
    return total;
}
