/* render.c — Connect Four drawn as SVG for the viewers (game.h: game_view):
 * the blue frame with its 42 holes and the column letters below, a disc per
 * stone (Red, Yellow), and a ring on the last stone dropped. */
#include <stdio.h>
#include "engine/svg_out.h"
#include "connect4.h"

#define CELL 50
#define X0 10 /* the frame's left and top */
#define Y0 10
#define H 7

static double cx(int c)
{
    return X0 + CELL * (c + 0.5);
}

static double cy(int r)
{
    return Y0 + CELL * (C4_ROWS - r - 0.5);
}

static int board(char *out, size_t n)
{
    svg_out o = { out, n, 0, false };
    svg_put(&o, "<defs><style>.c4-fr{fill:#1f5fbf}.c4-ho{fill:#fff}.c4-r{fill:#d62828;stroke:#7a1010;"
                "stroke-width:2}.c4-y{fill:#f6c90e;stroke:#8a6d00;stroke-width:2}.c4-la{fill:none;stroke:#111;"
                "stroke-width:4}.c4-lb{font:600 16px sans-serif;fill:#333;text-anchor:middle}</style></defs>\n");
    svg_put(&o, "<rect class='c4-fr' x='%d' y='%d' width='%d' height='%d' rx='12'/>\n", X0, Y0, CELL * C4_COLS,
            CELL * C4_ROWS);
    for (int c = 0; c < C4_COLS; c++) {
        for (int r = 0; r < C4_ROWS; r++)
            svg_put(&o, "<circle class='c4-ho' cx='%.0f' cy='%.0f' r='20'/>", cx(c), cy(r));
        svg_put(&o, "<text class='c4-lb' x='%.0f' y='%d'>%c</text>\n", cx(c), Y0 + CELL * C4_ROWS + 22, 'a' + c);
    }
    return svg_finish(&o);
}

static int pieces(const void *s, game_action last, char *out, size_t n)
{
    const c4_state *p = s;
    svg_out o = { out, n, 0, false };
    for (int c = 0; c < C4_COLS; c++)
        for (int r = 0; r < p->height[c]; r++) {
            int k = p->stones[1] >> (c * H + r) & 1;
            svg_put(&o, "<circle class='c4-%c' cx='%.0f' cy='%.0f' r='20'/>\n", "ry"[k], cx(c), cy(r));
        }
    if (last != GAME_NO_ACTION && last < C4_COLS && p->height[last]) /* the top stone of its column */
        svg_put(&o, "<circle class='c4-la' cx='%.0f' cy='%.0f' r='12'/>\n", cx((int)last), cy(p->height[last] - 1));
    return svg_finish(&o);
}

static void stage(const void *s, char *out, size_t n)
{
    (void)s;
    snprintf(out, n, "%s", ""); /* one kind of move */
}

const game_view c4_view = {
    .viewbox = "0 0 370 340",
    .legend = "<b>Red</b> and <b>Yellow</b> discs (Red drops first from the standard start); ring: the last disc "
              "dropped",
    .board = board,
    .pieces = pieces,
    .stage = stage,
    .seat_style = ".s0::before{content:\"\\25CF\\00a0\";color:#d62828}.s1::before{content:\"\\25CF\\00a0\";"
                  "color:#e0b000}",
};
