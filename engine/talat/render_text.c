/* render_text.c — Talat drawn in characters for a terminal (game.h's
 * board_text: triad show, triad play), the viewer's layout (render.c) in
 * text: the seats at the triangle's corners, seat 1 at the top, each
 * between its two boards, and every board turned so that its rank 1 lies
 * toward its own seat's corner:
 *
 *   board 0 (left)   seat 0 bottom-left to seat 1 top: rank 5 at the top,
 *                    files a-e left to right;
 *   board 1 (right)  seat 1 to seat 2 bottom-right: rank 1 at the top,
 *                    files e-a left to right (board 0 turned half round);
 *   board 2 (below)  seat 2 to seat 0: ranks 5-1 as columns left to right,
 *                    file e at the top.
 *
 * A tower is its position-string token (colour b/w/g, height, sides:
 * "w24" is White's height-2 square tower), an empty square '.'.  Below
 * the boards: each seat's points and captures, and who acts. */
#include <stdio.h>
#include <string.h>
#include "talat.h"
#include "render.h"

#define ROWS 18
#define COLS 72
#define CELL_W 4 /* "w24" and a space */

static const char colour_letter[3] = { 'b', 'w', 'g' };
static const char *const colour_name[3] = { "Black", "White", "Grey" };

typedef struct canvas {
    char c[ROWS][COLS + 1];
} canvas;

static void put(canvas *cv, int row, int col, const char *text)
{
    for (int i = 0; text[i] && col + i < COLS; i++)
        if (col + i >= 0)
            cv->c[row][col + i] = text[i];
}

/* The square's text: "w24" or " . ". */
static void square_text(const talat *p, int b, int sq, char out[16])
{
    int side = p->occ[b][0] >> sq & 1 ? 0 : p->occ[b][1] >> sq & 1 ? 1 : -1;
    if (side < 0) {
        snprintf(out, 16, " . ");
        return;
    }
    int t = p->type[b][sq];
    out[0] = colour_letter[tl_colour(b, side)];
    out[1] = (char)('0' + tl_height(t));
    out[2] = (char)('0' + tl_sides(t));
    out[3] = 0;
}

static void board_title(canvas *cv, const talat *p, int b, int row, int col)
{
    char title[32];
    snprintf(title, sizeof title, "board %d%s", b, p->phase == TL_PHASE_MOVE && p->frozen >> b & 1 ? " (frozen)" : "");
    put(cv, row, col, title);
}

/* Board b drawn upright (rank 5 on top, files a-e) or turned half round
 * (rank 1 on top, files e-a), its top-left label at (row, col). */
static void upright(canvas *cv, const talat *p, int b, bool turned, int row, int col)
{
    char cell[16], label[16];
    for (int i = 0; i < 5; i++) {
        label[0] = (char)('a' + (turned ? 4 - i : i)), label[1] = 0;
        put(cv, row, col + 4 + CELL_W * i, label);
        put(cv, row + 6, col + 4 + CELL_W * i, label);
    }
    for (int line = 0; line < 5; line++) {
        int rank = turned ? line : 4 - line; /* 0-based */
        snprintf(label, sizeof label, "%d", rank + 1);
        put(cv, row + 1 + line, col, label);
        put(cv, row + 1 + line, col + 4 + CELL_W * 5, label);
        for (int i = 0; i < 5; i++) {
            square_text(p, b, rank * 5 + (turned ? 4 - i : i), cell);
            put(cv, row + 1 + line, col + 3 + CELL_W * i, cell);
        }
    }
}

/* Board b with its ranks as columns (5 to 1 left to right), file e on top. */
static void sideways(canvas *cv, const talat *p, int b, int row, int col)
{
    char cell[16], label[16];
    for (int i = 0; i < 5; i++) {
        snprintf(label, sizeof label, "%d", 5 - i);
        put(cv, row, col + 4 + CELL_W * i, label);
        put(cv, row + 6, col + 4 + CELL_W * i, label);
    }
    for (int line = 0; line < 5; line++) {
        int file = 4 - line;
        label[0] = (char)('a' + file), label[1] = 0;
        put(cv, row + 1 + line, col, label);
        put(cv, row + 1 + line, col + 4 + CELL_W * 5, label);
        for (int i = 0; i < 5; i++) {
            square_text(p, b, (4 - i) * 5 + file, cell);
            put(cv, row + 1 + line, col + 3 + CELL_W * i, cell);
        }
    }
}

static const char *seat_label(const talat *p, int k, char out[40])
{
    if (p->players == 2 && k == 2)
        snprintf(out, 40, "Grey (the Zihin)");
    else
        snprintf(out, 40, "seat %d %s", k, colour_name[k]);
    return out;
}

/* Appends the canvas, right ends trimmed, to out; the length so far. */
static size_t emit(const canvas *cv, char *out, size_t n, size_t len)
{
    for (int r = 0; r < ROWS; r++) {
        int end = COLS;
        while (end > 0 && cv->c[r][end - 1] == ' ')
            end--;
        if (len < n)
            len += (size_t)snprintf(out + len, n - len, "%.*s\n", end, cv->c[r]);
        else
            len += (size_t)end + 1;
    }
    return len;
}

/* The lines below the drawing: points and captures, and who acts. */
static size_t tail(const talat *p, char *out, size_t n, size_t len)
{
    char name[40];
    if (len < n)
        len += (size_t)snprintf(out + len, n - len, "a tower: colour (b Black, w White, g Grey), height, sides; "
                                "board k's rank 1 is seat k's start line\n");
    for (int k = 0; k < 3; k++) {
        if (p->players == 2 && k == 2)
            continue;
        char komi[24] = "";
        if (p->komi[k])
            snprintf(komi, sizeof komi, " and %g komi", p->komi[k] / 2.0);
        int at = len < n ? snprintf(out + len, n - len, "%s: %d points%s, captured", seat_label(p, k, name),
                                    tl_points(p, k), komi) : 0;
        len += (size_t)(at > 0 ? at : 0);
        if (!p->captured[k] && len < n)
            len += (size_t)snprintf(out + len, n - len, " nothing");
        for (int id = 0; id < 3 * TL_TYPES; id++)
            if (p->captured[k] >> id & 1 && len < n)
                len += (size_t)snprintf(out + len, n - len, " %c%d%d", colour_letter[id / TL_TYPES],
                                        tl_height(id % TL_TYPES), tl_sides(id % TL_TYPES));
        if (len < n)
            len += (size_t)snprintf(out + len, n - len, "\n");
    }
    if (len < n) {
        if (tl_over(p))
            len += (size_t)snprintf(out + len, n - len, "the game is over\n");
        else
            len += (size_t)snprintf(out + len, n - len, "%s to act: %s\n", seat_label(p, p->side, name),
                                    p->phase == TL_PHASE_MOVE ? "move, capture or pass"
                                    : p->phase == TL_PHASE_ZIHIN ? "place a Zihin tower" : "place a tower");
    }
    return len;
}

int tl_board_text(const void *s, char *out, size_t n)
{
    const talat *p = s;
    canvas cv;
    char name[40];
    memset(cv.c, ' ', sizeof cv.c);
    for (int r = 0; r < ROWS; r++)
        cv.c[r][COLS] = 0;
    put(&cv, 0, 27, seat_label(p, 1, name));
    board_title(&cv, p, 0, 1, 9);
    board_title(&cv, p, 1, 1, 45);
    upright(&cv, p, 0, false, 2, 2);
    upright(&cv, p, 1, true, 2, 38);
    put(&cv, 9, 0, seat_label(p, 0, name));
    put(&cv, 9, 46, seat_label(p, 2, name));
    board_title(&cv, p, 2, 10, 26);
    sideways(&cv, p, 2, 11, 19);
    size_t len = emit(&cv, out, n, 0);
    len = tail(p, out, n, len);
    return len < n ? (int)len : -1;
}
