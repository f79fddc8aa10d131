/* render_tzaar.c — the TZAAR board and its stacks as SVG (see game.h).
 *
 * Columns A-I run left to right and rows upward, as in tz_pos_draw(): a point's
 * column gives x and (2 * row - points in its column) gives y, which puts the
 * 60 points on a triangular lattice with 40 units between neighbours.
 *
 * Players are told apart by lightness (cream and near-black pieces), never by
 * hue, and types by a mark as well as a colour: a Tzaar carries a ring and a
 * dot, a Tzarra a dot, a Tott nothing.  A stack of two or more shows its
 * height in a badge.  Pieces are <use> references to <defs> in the board, so
 * a piece costs one short line per position. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include "position.h"
#include "render_tzaar.h"
#include "engine/svg_out.h"

#define ORIGIN_X 40
#define ORIGIN_Y 36
#define COL_STEP 34.641 /* 40 * sqrt(3) / 2 */
#define HALF_ROW 20
#define PIECE_R 15
#define MAX_BADGE 30 /* no colour has more pieces, so no stack is taller */

static const int col_points[9] = { 5, 6, 7, 8, 9, 8, 7, 6, 5 };

/* Centre of column c (0..8), row r (1..9), in whole units. */
static int cell_x(int c)
{
    return ORIGIN_X + (int)(c * COL_STEP + 0.5);
}

static int cell_y(int c, int r)
{
    return ORIGIN_Y + (18 - (2 * r + 9 - col_points[c])) * HALF_ROW;
}

static void point_xy(int pt, int *x, int *y)
{
    int c, r;
    tz_geo_label(pt, &c, &r);
    *x = cell_x(c);
    *y = cell_y(c, r);
}

static void board_defs(svg_out *o)
{
    static const char *const fill[2] = { "#f3ecd9", "#262626" }, *const edge[2] = { "#3a3a3a", "#000" };
    svg_put(o, "<defs><style>.tz-bg{fill:#e4d3a8;stroke:#8a7348;stroke-width:2}"
           ".tz-ln{stroke:#8a7348;stroke-width:1.2}.tz-lb{font:600 13px sans-serif;fill:#5a4a2c;"
           "text-anchor:middle}.tz-hole{fill:#8a7348}.tz-mk{fill:#c78a00}.tz-rg{fill:none;stroke:#c78a00;"
           "stroke-width:3.5}.tz-hb{fill:#0b4f8a;stroke:#fff;stroke-width:1.5}.tz-ht{font:700 11px sans-serif;"
           "fill:#fff;text-anchor:middle}.tz-mv,.tz-st,.tz-pl{fill:none;stroke:#0072b2;stroke-width:4;"
           "stroke-linecap:round}.tz-mv,.tz-st{marker-start:url(#tz-from);marker-end:url(#tz-ah)}"
           ".tz-st{stroke-dasharray:7 6}</style>\n");
    /* Arrow head and a dashed ring on the emptied point, in board units. */
    svg_put(o, "<marker id='tz-ah' viewBox='0 0 10 10' refX='7' refY='5' markerWidth='16' markerHeight='16' "
           "markerUnits='userSpaceOnUse' orient='auto'><path d='M0 0L10 5L0 10z' fill='#0072b2'/></marker>"
           "<marker id='tz-from' viewBox='-13 -13 26 26' markerWidth='26' markerHeight='26' "
           "markerUnits='userSpaceOnUse'><circle r='11' fill='none' stroke='#0072b2' stroke-width='2.5' "
           "stroke-dasharray='4 4'/></marker>\n");
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++) {
            svg_put(o, "<g id='%c%c'><circle r='%d' fill='%s' stroke='%s' stroke-width='2'/>", "wb"[c], 'a' + t,
                PIECE_R, fill[c], edge[c]);
            if (t == TZAAR)
                svg_put(o, "<circle class='tz-rg' r='9'/><circle class='tz-mk' r='3.5'/>");
            else if (t == TZARRA)
                svg_put(o, "<circle class='tz-mk' r='6'/>");
            svg_put(o, "</g>\n");
        }
    for (int h = 2; h <= MAX_BADGE; h++)
        svg_put(o, "<g id='h%d'><circle class='tz-hb' cx='12' cy='-11' r='8'/>"
               "<text class='tz-ht' x='12' y='-7'>%d</text></g>\n", h, h);
    svg_put(o, "</defs>\n");
}

int tz_svg_board(char *dst, size_t n)
{
    svg_out o = { dst, n, 0, false };
    tz_init();
    board_defs(&o);
    /* The hexagon: the six corners pushed out from the hole. */
    static const int corners[6][2] = { { 0, 1 }, { 0, 5 }, { 4, 9 }, { 8, 5 }, { 8, 1 }, { 4, 1 } };
    double cx = cell_x(4), cy = cell_y(4, 5);
    svg_put(&o, "<polygon class='tz-bg' points='");
    for (int i = 0; i < 6; i++) {
        double x = cell_x(corners[i][0]), y = cell_y(corners[i][0], corners[i][1]);
        double k = (160.0 + 24) / 160;
        svg_put(&o, "%s%.1f,%.1f", i ? " " : "", cx + (x - cx) * k, cy + (y - cy) * k);
    }
    svg_put(&o, "'/>\n");
    for (int pt = 0; pt < GEO_POINTS; pt++)
        for (int d = 0; d < 3; d++)
            if (tz_geo_next[pt][d] != GEO_NONE) {
                int x1, y1, x2, y2;
                point_xy(pt, &x1, &y1);
                point_xy(tz_geo_next[pt][d], &x2, &y2);
                svg_put(&o, "<line class='tz-ln' x1='%d' y1='%d' x2='%d' y2='%d'/>", x1, y1, x2, y2);
            }
    svg_put(&o, "\n<circle class='tz-hole' cx='%.0f' cy='%.0f' r='9'/>\n", cx, cy);
    /* Letters under the columns; each row's number beyond both ends of its
     * line, along the line, so that no label meets another. */
    for (int c = 0; c < 9; c++)
        svg_put(&o, "<text class='tz-lb' x='%d' y='%d'>%c</text>", cell_x(c), cell_y(c, 1) + 34, 'A' + c);
    for (int r = 1; r <= 9; r++) {
        int left = r <= 5 ? 0 : r - 5, right = r <= 5 ? 8 : 13 - r;
        svg_put(&o, "<text class='tz-lb' x='%d' y='%d'>%d</text><text class='tz-lb' x='%d' y='%d'>%d</text>",
            cell_x(left) - 27, cell_y(left, r) - 10, r, cell_x(right) + 27, cell_y(right, r) - 10, r);
    }
    svg_put(&o, "\n");
    return svg_finish(&o);
}

/* The last action: an arrow from the emptied point to the mover's stack
 * (dashed for a stack move), a ring on a placed piece, nothing for a pass. */
static void draw_last(svg_out *o, action a)
{
    int kind = act_kind(a), x2, y2;
    if (kind == ACT_PASS)
        return;
    point_xy(act_to(a), &x2, &y2);
    if (kind == ACT_PLACE) {
        svg_put(o, "<circle class='tz-pl' cx='%d' cy='%d' r='%d'/>\n", x2, y2, PIECE_R + 5);
        return;
    }
    int x1, y1;
    point_xy(act_from(a), &x1, &y1);
    /* Stop the shaft at the target piece's edge so the head stays visible. */
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    double k = len > 0 ? (len - PIECE_R - 2) / len : 0;
    svg_put(o, "<path class='tz-%s' d='M%d %dL%.0f %.0f'/>\n", kind == ACT_STACK ? "st" : "mv", x1, y1, x1 + dx * k,
        y1 + dy * k);
}

int tz_svg_pieces(const void *s, game_action last, char *dst, size_t n)
{
    const position *p = s;
    svg_out o = { dst, n, 0, false };
    tz_init();
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int colour = pos_colour_at(p, pt), x, y;
        if (colour < 0)
            continue;
        point_xy(pt, &x, &y);
        svg_put(&o, "<use href='#%c%c' x='%d' y='%d'/>", "wb"[colour], 'a' + p->type[pt], x, y);
        if (p->height[pt] > 1)
            svg_put(&o, "<use href='#h%d' x='%d' y='%d'/>", p->height[pt] < MAX_BADGE ? p->height[pt] : MAX_BADGE,
                x, y);
        svg_put(&o, "\n");
    }
    if (last != GAME_NO_ACTION)
        draw_last(&o, (action)last);
    return svg_finish(&o);
}

void tz_svg_stage(const void *s, char *text, size_t n)
{
    static const char *const stages[4] = { "opening capture", "capture", "capture, stack or pass", "placement" };
    const position *p = s;
    /* A variant's phase by the rulebook's it plays like, and its swap. */
    snprintf(text, n, "%s%s", p->phase < PHASES ? stages[tz_phase_kinds[p->phase]] : "",
             p->phase < PHASES && tz_phase_swaps(p->phase) ? " or swap" : "");
}

const game_view tz_view = {
    .viewbox = TZ_SVG_VIEWBOX,
    .legend = TZ_SVG_LEGEND,
    .board = tz_svg_board,
    .pieces = tz_svg_pieces,
    .stage = tz_svg_stage,
    .seat_style = ".s0::before{content:\"\\25CB\\00a0\"}.s1::before{content:\"\\25CF\\00a0\"}",
};
