/* render.c — TRID drawn as SVG for the viewers (game.h: game_view).
 *
 * Board files differ (docs/trid.md, "Board files"), and board() is told no
 * position, so board() writes only the <defs>; pieces() draws the state's
 * own board first, as one line (the same line at every ply, so a viewer
 * stores it once), scaled into the fixed box TRID_SVG_W x TRID_SVG_H.
 * Cell (r, q) is a triangle: columns step half a side, rows a triangle's
 * height, row a at the bottom, up when r + q is even, as in the file.
 *
 * Cells: the two colours white and light grey (the seed's), walls dark,
 * STOP cells amber with a ring.  A piece is its seat's colour (four colours
 * told apart by lightness as well as hue) with the seat's number in a
 * corner badge, and its kind by shape and letter: C chief (circle with a
 * double outline), S slider (diamond), J jumper (rounded square).  Each
 * piece carries a <title> (seat, kind, cell) for screen readers and hover.
 * The last action: an arrow from its from cell to its to cell, and its
 * swap as a dashed line with heads at both ends. */
#include <math.h>
#include <stdio.h>
#include "engine/svg_out.h"
#include "position.h"
#include "render.h"

static const char *const seat_fill[TRID_MAX_PLAYERS] = { "#d55e00", "#0072b2", "#f0e442", "#6a3d9a" };
static const char *const seat_ink[TRID_MAX_PLAYERS] = { "#fff", "#fff", "#1d1d1d", "#fff" };
static const char *const kind_name[3] = { "chief", "slider", "jumper" };

/* The board's scale and offset in the box. */
typedef struct geom {
    double side, h, x0, y0;
} geom;

static geom fit(const trid_board *b)
{
    int qmin = 1000, qmax = 0;
    for (int c = 0; c < b->ncells; c++) {
        if (b->q[c] < qmin)
            qmin = b->q[c];
        if (b->q[c] > qmax)
            qmax = b->q[c];
    }
    double cols = (qmax - qmin) / 2.0 + 1, rows = b->nrows * sqrt(3.0) / 2;
    double side = fmin((TRID_SVG_W - 20) / cols, (TRID_SVG_H - 20) / rows);
    if (side > 60)
        side = 60;
    geom g = { side, side * sqrt(3.0) / 2, 0, 0 };
    g.x0 = (TRID_SVG_W - cols * side) / 2 + side / 2 - qmin * side / 2;
    g.y0 = (TRID_SVG_H - b->nrows * g.h) / 2;
    return g;
}

/* The triangle of cell c: its three corners. */
static void corners(const trid_board *b, const geom *g, int c, double x[3], double y[3])
{
    double cx = g->x0 + b->q[c] * g->side / 2, top = g->y0 + (b->nrows - 1 - b->r[c]) * g->h, bot = top + g->h;
    if (b->up[c]) {
        x[0] = cx - g->side / 2, y[0] = bot, x[1] = cx + g->side / 2, y[1] = bot, x[2] = cx, y[2] = top;
    } else {
        x[0] = cx - g->side / 2, y[0] = top, x[1] = cx + g->side / 2, y[1] = top, x[2] = cx, y[2] = bot;
    }
}

/* The centre of cell c's inscribed circle. */
static void centre(const trid_board *b, const geom *g, int c, double *x, double *y)
{
    double cx[3], cy[3];
    corners(b, g, c, cx, cy);
    *x = (cx[0] + cx[1] + cx[2]) / 3;
    *y = (cy[0] + cy[1] + cy[2]) / 3;
}

int trid_svg_board(char *dst, size_t n)
{
    svg_out o = { dst, n, 0, false };
    svg_put(&o, "<defs><style>.tr-c0{fill:#fff;stroke:#8c8c8c;stroke-width:1}.tr-c1{fill:#d6d6d6;stroke:#8c8c8c;"
                "stroke-width:1}.tr-w{fill:#3b3b3b;stroke:#222;stroke-width:1}.tr-s{fill:#f2b134;stroke:#8a5a00;"
                "stroke-width:1}.tr-sr{fill:none;stroke:#8a5a00;stroke-width:1.5}.tr-lb{font:600 11px sans-serif;"
                "fill:#555;text-anchor:middle}.tr-k{font:700 10px sans-serif;text-anchor:middle}"
                ".tr-n{font:700 8px sans-serif;text-anchor:middle;fill:#fff}.tr-mv{fill:none;stroke:#111;"
                "stroke-width:3.5;stroke-linecap:round;marker-end:url(#tr-ah)}.tr-sw{fill:none;stroke:#111;"
                "stroke-width:2.5;stroke-dasharray:5 4;marker-start:url(#tr-ah2);marker-end:url(#tr-ah)}"
                ".tr-out{font:600 13px sans-serif;fill:#1d1d1d}</style>\n"
                "<marker id='tr-ah' viewBox='0 0 10 10' refX='8' refY='5' markerWidth='11' markerHeight='11' "
                "markerUnits='userSpaceOnUse' orient='auto'><path d='M0 0L10 5L0 10z' fill='#111'/></marker>"
                "<marker id='tr-ah2' viewBox='0 0 10 10' refX='2' refY='5' markerWidth='11' markerHeight='11' "
                "markerUnits='userSpaceOnUse' orient='auto'><path d='M10 0L0 5L10 10z' fill='#111'/></marker>\n");
    /* A piece of each kind and seat, drawn about 0, 0 with radius about 10
     * (pieces() scales it to the cell). */
    for (int k = 0; k < TRID_MAX_PLAYERS; k++)
        for (int kind = 0; kind < 3; kind++) {
            svg_put(&o, "<g id='tr%d%c'>", k, "CSJ"[kind]);
            if (kind == 0)
                svg_put(&o, "<circle r='10.5' fill='%s' stroke='#111' stroke-width='1.6'/><circle r='7.6' "
                            "fill='none' stroke='%s' stroke-width='1.2'/>", seat_fill[k], seat_ink[k]);
            else if (kind == 1)
                svg_put(&o, "<path d='M0 -11L11 0L0 11L-11 0z' fill='%s' stroke='#111' stroke-width='1.6'/>",
                        seat_fill[k]);
            else
                svg_put(&o, "<rect x='-8.5' y='-8.5' width='17' height='17' rx='4' fill='%s' stroke='#111' "
                            "stroke-width='1.6'/>", seat_fill[k]);
            svg_put(&o, "<text class='tr-k' y='3.6' fill='%s'>%c</text><circle cx='9' cy='-9' r='5' fill='#111'/>"
                        "<text class='tr-n' x='9' y='-6.2'>%d</text></g>\n", seat_ink[k], "CSJ"[kind], k);
        }
    svg_put(&o, "</defs>\n");
    return svg_finish(&o);
}

/* The board of s as one line: every cell, then the row letters. */
static void draw_board(svg_out *o, const trid_board *b, const geom *g)
{
    svg_put(o, "<g class='tr-board'>");
    for (int c = 0; c < b->ncells; c++) {
        double x[3], y[3];
        corners(b, g, c, x, y);
        const char *cls = b->type[c] == TRID_WALL ? "tr-w" : b->type[c] == TRID_STOP ? "tr-s" : b->up[c] ? "tr-c1"
                                                                                                       : "tr-c0";
        svg_put(o, "<polygon class='%s' points='%.1f,%.1f %.1f,%.1f %.1f,%.1f'/>", cls, x[0], y[0], x[1], y[1], x[2],
                y[2]);
        if (b->type[c] == TRID_STOP) {
            double cx, cy;
            centre(b, g, c, &cx, &cy);
            svg_put(o, "<circle class='tr-sr' cx='%.1f' cy='%.1f' r='%.1f'/>", cx, cy, g->side * 0.13);
        }
    }
    for (int r = 0; r < b->nrows; r++) { /* the row letter left of the row's first cell */
        int first = -1;
        for (int c = 0; c < b->ncells; c++)
            if (b->r[c] == r && (first < 0 || b->q[c] < b->q[first]))
                first = c;
        if (first >= 0)
            svg_put(o, "<text class='tr-lb' x='%.1f' y='%.1f'>%c</text>", g->x0 + (b->q[first] - 1.4) * g->side / 2,
                    g->y0 + (b->nrows - r - 0.35) * g->h, 'a' + r);
    }
    svg_put(o, "</g>\n");
}

static void arrow(svg_out *o, const char *cls, const trid_board *b, const geom *g, int from, int to, double cut)
{
    double x1, y1, x2, y2;
    centre(b, g, from, &x1, &y1);
    centre(b, g, to, &x2, &y2);
    double dx = x2 - x1, dy = y2 - y1, len = hypot(dx, dy);
    if (len <= 2 * cut)
        return;
    double k0 = cut / len, k1 = (len - cut) / len;
    svg_put(o, "<path class='%s' d='M%.1f %.1fL%.1f %.1f'/>\n", cls, x1 + dx * k0, y1 + dy * k0, x1 + dx * k1,
            y1 + dy * k1);
}

int trid_svg_pieces(const void *st, game_action last, char *dst, size_t n)
{
    const trid_state *s = st;
    const trid_board *b = trid_board_of(s);
    geom g = fit(b);
    double scale = g.side / 44; /* the pieces' defs are for a side of about 44 */
    svg_out o = { dst, n, 0, false };
    draw_board(&o, b, &g);
    for (int k = 0; k < s->players; k++) {
        if (!trid_alive(s, k)) {
            svg_put(&o, "<text class='tr-out' x='8' y='%d'>seat %d is out (eliminated %d%s)</text>\n",
                    TRID_SVG_H - 8 - 16 * (s->players - 1 - k), k, s->elim[k],
                    s->elim[k] == 1 ? "st" : s->elim[k] == 2 ? "nd" : "rd");
            continue;
        }
        for (int slot = 0; slot < TRID_PIECES; slot++) {
            int c = s->cell[k][slot], kind = slot == 0 ? 0 : slot < 3 ? 1 : 2;
            if (c == TRID_NONE)
                continue;
            double x, y;
            char name[8];
            centre(b, &g, c, &x, &y);
            trid_cell_name(b, c, name);
            svg_put(&o, "<g transform='translate(%.1f %.1f) scale(%.3f)'><title>seat %d %s %s</title>"
                        "<use href='#tr%d%c'/></g>\n", x, y, scale, k, kind_name[kind], name, k, "CSJ"[kind]);
        }
    }
    uint32_t a = last;
    if (last != GAME_NO_ACTION && a != TRID_PASS) {
        arrow(&o, "tr-mv", b, &g, act_from(a), act_to(a), g.side * 0.12);
        if (act_swap_a(a) >= 0)
            arrow(&o, "tr-sw", b, &g, act_swap_a(a), act_swap_b(a), g.side * 0.2);
    }
    return svg_finish(&o);
}

void trid_svg_stage(const void *s, char *text, size_t n)
{
    (void)s;
    if (n)
        text[0] = 0;
}

const game_view trid_view = {
    .viewbox = TRID_SVG_VIEWBOX,
    .legend = TRID_SVG_LEGEND,
    .board = trid_svg_board,
    .pieces = trid_svg_pieces,
    .stage = trid_svg_stage,
    .seat_style = ".s0::before{content:\"\\25CF\\00a0\";color:#d55e00}.s1::before{content:\"\\25CF\\00a0\";"
                  "color:#0072b2}.s2::before{content:\"\\25CF\\00a0\";color:#c9b800}.s3::before{content:"
                  "\"\\25CF\\00a0\";color:#6a3d9a}",
};
