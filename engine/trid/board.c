/* board.c — reads a TRID board file (board.h; the format is in
 * docs/trid.md).  Strict: every fault is reported as "line L, column C:
 * what", 1-based, at the first character that is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "core/fileio.h"
#include "core/msg.h"

#define FILE_MAX (1 << 16)

/* The reader's position in the text. */
typedef struct reader {
    const char *text, *line;   /* the whole text, the current line's start */
    int lineno;
    char *err;
    size_t n;
} reader;

static int fail(reader *rd, const char *at, const char *what)
{
    snprintf(rd->err, rd->n, "line %d, column %d: %s", rd->lineno, (int)(at - rd->line) + 1, what);
    return -1;
}

/* The current line's length (up to '\n' or the end). */
static size_t line_len(const reader *rd)
{
    return strcspn(rd->line, "\n");
}

/* Moves to the next line; -1 at the end of the text. */
static int next_line(reader *rd)
{
    const char *e = rd->line + line_len(rd);
    if (!*e)
        return -1;
    rd->line = e + 1;
    rd->lineno++;
    return 0;
}

/* A decimal number without sign or leading zero, in [lo, hi]. */
static int number(reader *rd, const char **p, int lo, int hi, const char *what)
{
    const char *s = *p;
    long v = 0;
    if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
        return fail(rd, s, what), -1;
    while (*s >= '0' && *s <= '9' && v <= hi)
        v = v * 10 + (*s++ - '0');
    if (v < lo || v > hi)
        return fail(rd, *p, what), -1;
    *p = s;
    return (int)v;
}

/* Expects the word w then a space (or the end of the line when last). */
static int word(reader *rd, const char **p, const char *w, bool last, const char *what)
{
    size_t k = strlen(w);
    if (strncmp(*p, w, k) || ((*p)[k] != (last ? '\n' : ' ') && !(last && !(*p)[k])))
        return fail(rd, *p, what);
    *p += k + !last;
    return 0;
}

static int end_of_line(reader *rd, const char *p)
{
    return *p && *p != '\n' ? fail(rd, p, "unexpected text at the end of the line") : 0;
}

static int parse_grid(reader *rd, trid_board *b)
{
    const char *p = rd->line;
    if (word(rd, &p, "grid", false, "expected 'grid <rows>'"))
        return -1;
    int rows = number(rd, &p, 1, TRID_MAX_ROWS, "expected the number of rows, 1 to 26");
    if (rows < 0 || end_of_line(rd, p))
        return -1;
    b->nrows = rows;
    memset(b->at, 0xff, sizeof b->at);
    uint8_t type[TRID_MAX_ROWS][TRID_MAX_COLS + 2] = { { 0 } };
    for (int j = 0; j < rows; j++) {
        if (next_line(rd))
            return fail(rd, rd->line + line_len(rd), "the grid ends early");
        size_t len = line_len(rd);
        if (len > TRID_MAX_COLS)
            return fail(rd, rd->line + TRID_MAX_COLS, "a grid line longer than 99 columns");
        for (size_t i = 0; i < len; i++) {
            char ch = rd->line[i];
            if (ch == ' ')
                continue;
            if (ch != '.' && ch != '#' && ch != '*')
                return fail(rd, rd->line + i, "expected '.', '#', '*' or ' ' in the grid");
            type[rows - 1 - j][i + 1] = ch == '.' ? 1 : ch == '#' ? 2 : 3;
        }
    }
    /* Number the cells in (row, column) order. */
    b->ncells = 0;
    for (int r = 0; r < rows; r++)
        for (int q = 1; q <= TRID_MAX_COLS; q++)
            if (type[r][q]) {
                if (b->ncells == TRID_MAX_CELLS)
                    return fail(rd, rd->line, "more than 254 cells");
                int c = b->ncells++;
                b->r[c] = (uint8_t)r;
                b->q[c] = (uint8_t)q;
                b->type[c] = type[r][q] == 1 ? TRID_ORDINARY : type[r][q] == 2 ? TRID_WALL : TRID_STOP;
                b->up[c] = (r + q) % 2 == 0;
                b->at[r][q] = (int16_t)c;
            }
    if (!b->ncells)
        return fail(rd, rd->line, "a grid without cells");
    return 0;
}

static const char *const fwd_names[] = { "h+", "h-", "s+", "s-", "k+", "k-" };

/* Each cell's row for a seat advancing along strip coordinate which, sign. */
static void seat_rows(trid_board *b, trid_seat *st, int which, bool plus)
{
    int lo = 1 << 20, hi = -(1 << 20);
    for (int c = 0; c < b->ncells; c++) {
        int v = trid_strip(b->r[c], b->q[c], which);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    st->last_row = 0;
    for (int c = 0; c < b->ncells; c++) {
        int v = trid_strip(b->r[c], b->q[c], which);
        st->row[c] = (uint8_t)(plus ? v - lo : hi - v);
        st->last_row = st->row[c] > st->last_row ? st->row[c] : st->last_row;
    }
}

static int parse_seat(reader *rd, trid_board *b)
{
    const char *p = rd->line;
    if (word(rd, &p, "seat", false, "expected 'seat <players> <seat> <fwd> <5 cells>'"))
        return -1;
    int players = number(rd, &p, TRID_MIN_PLAYERS, TRID_MAX_PLAYERS, "expected the players, 2 to 4");
    if (players < 0 || word(rd, &p, "", false, "expected a space"))
        return -1;
    const char *at = p;
    int k = number(rd, &p, 0, players - 1, "expected a seat, 0 to players - 1");
    if (k < 0 || word(rd, &p, "", false, "expected a space"))
        return -1;
    trid_seat *st = &b->seat[players][k];
    if (st->defined)
        return fail(rd, at, "this seat is given twice");
    int f = 0;
    while (f < 6 && strncmp(p, fwd_names[f], 2))
        f++;
    if (f == 6 || p[2] != ' ')
        return fail(rd, p, "expected the forward coordinate: h+, h-, s+, s-, k+ or k-");
    p += 3;
    seat_rows(b, st, f / 2, f % 2 == 0);
    for (int i = 0; i < TRID_PIECES; i++) {
        at = p;
        int c = trid_cell_parse(b, &p);
        if (c < 0)
            return fail(rd, at, "expected a cell of the board");
        if (b->type[c] == TRID_WALL)
            return fail(rd, at, "a start cell on a wall");
        for (int j = 0; j < i; j++)
            if (st->start[j] == c)
                return fail(rd, at, "a start cell given twice");
        st->start[i] = (uint8_t)c;
        if (i < TRID_PIECES - 1 && word(rd, &p, "", false, "expected a space and the next start cell"))
            return -1;
    }
    if (end_of_line(rd, p))
        return -1;
    if (b->up[st->start[3]] == b->up[st->start[4]])
        return fail(rd, rd->line, "the two jumpers start on one colour");
    st->defined = true;
    st->line = rd->lineno;
    return 0;
}

/* A fault in the seat line of (players, k), or the first seat line given. */
static int fail_seat(reader *rd, const trid_board *b, int players, int k, const char *what)
{
    const trid_seat *st = &b->seat[players][k];
    for (int j = 0; !st->defined && j < players; j++)
        st = &b->seat[players][j];
    snprintf(rd->err, rd->n, "line %d, column 1: %s", st->line, what);
    return -1;
}

/* After the last line: every player count given has all its seats, each a
 * rotation of seat 0 (permute() moves pieces by these rotations). */
static int check_seats(reader *rd, trid_board *b)
{
    int counts = 0;
    for (int pl = TRID_MIN_PLAYERS; pl <= TRID_MAX_PLAYERS; pl++) {
        int have = 0;
        for (int k = 0; k < pl; k++)
            have += b->seat[pl][k].defined;
        if (have && have < pl) {
            char what[80];
            snprintf(what, sizeof what, "the %d-player seats are incomplete (%d of %d)", pl, have, pl);
            return fail_seat(rd, b, pl, 0, what);
        }
        for (int k = 0; have && k < pl; k++) {
            int m = trid_seat_rotation(b, pl, k);
            if (m < 0) {
                char what[96];
                snprintf(what, sizeof what, "seat %d %d is no rotation of the board carrying seat 0 onto it", pl, k);
                return fail_seat(rd, b, pl, k, what);
            }
            b->seat[pl][k].rot = (uint8_t)m;
        }
        counts += have > 0;
    }
    return counts ? 0 : fail(rd, rd->line, "no seat lines");
}

int trid_board_parse(trid_board *b, const char *text, char *err, size_t n)
{
    reader rd = { text, text, 1, err, n };
    memset(b, 0, sizeof *b);
    const char *p = text;
    if (word(&rd, &p, "trid-board 1", true, "expected 'trid-board 1'") || next_line(&rd))
        return rd.err[0] ? -1 : fail(&rd, p, "expected 'name <name>'");
    p = rd.line;
    if (word(&rd, &p, "name", false, "expected 'name <name>'"))
        return -1;
    size_t k = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
    if (!k || k >= TRID_NAME_MAX)
        return fail(&rd, p, "expected a name of 1 to 31 letters, digits, '-' or '_'");
    memcpy(b->name, p, k);
    if (end_of_line(&rd, p + k))
        return -1;
    if (next_line(&rd))
        return fail(&rd, rd.line + line_len(&rd), "expected 'grid <rows>'");
    if (parse_grid(&rd, b))
        return -1;
    if (trid_geometry_build(b)) {
        snprintf(err, n, "out of memory for the board's triangles");
        return -1;
    }
    while (!next_line(&rd)) {
        if (!rd.line[0])
            break; /* the final newline */
        if (rd.line[0] == '\n')
            return fail(&rd, rd.line, "a blank line");
        if (parse_seat(&rd, b))
            return -1;
    }
    return check_seats(&rd, b);
}

int trid_board_load(trid_board *b, const char *path, char *err, size_t n)
{
    FILE *f = fio_fopen_read(path, err, n);
    if (!f)
        return -1;
    char *text = malloc(FILE_MAX + 1);
    size_t len = text ? fread(text, 1, FILE_MAX + 1, f) : 0;
    fclose(f);
    if (!text || len > FILE_MAX || memchr(text, 0, len)) {
        snprintf(err, n, "%s: not a board file (a NUL byte, or larger than 64 KiB)", MSG_PATH(path));
        free(text);
        return -1;
    }
    text[len] = 0;
    char why[160];
    int rc = trid_board_parse(b, text, why, sizeof why);
    if (rc)
        snprintf(err, n, "%s: %s", MSG_PATH(path), why);
    free(text);
    return rc;
}

void trid_board_free(trid_board *b)
{
    free(b->by_corner);
    free(b->by_inside);
    free(b->pair_third);
    free(b->pair_tri);
    b->by_corner = b->by_inside = NULL;
    b->pair_third = NULL;
    b->pair_tri = NULL;
}

void trid_cell_name(const trid_board *b, int c, char out[8])
{
    snprintf(out, 8, "%c%d", 'a' + b->r[c], b->q[c]);
}

int trid_cell_parse(const trid_board *b, const char **p)
{
    const char *s = *p;
    if (*s < 'a' || *s > 'z' || s[1] < '1' || s[1] > '9')
        return -1;
    int r = *s++ - 'a', q = 0;
    while (*s >= '0' && *s <= '9' && q <= TRID_MAX_COLS)
        q = q * 10 + (*s++ - '0');
    *p = s;
    if (r >= b->nrows || q > TRID_MAX_COLS)
        return -1;
    return b->at[r][q];
}
