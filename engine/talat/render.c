/* render.c — Talat drawn as SVG for the viewers (game.h: game_view).
 *
 * The three 5x5 boards lie on the sides of a triangle whose corners are
 * the seats: board b runs from seat b's corner (its rank 1, seat b's start
 * line) to seat b+1's (rank 5), files a-e left to right as seat b sees
 * them, so each seat sits between its two boards as at the table.  The
 * boards are turned; the towers are not, so a tower always reads the same:
 *
 *   owner    the fill: Black near-black, White cream, Grey mid-grey (the
 *            Zihin in the two-player game), each with a dark outline;
 *   section  the outline's shape: a triangle, a square or a hexagon for 3,
 *            4 or 6 sides;
 *   height   the figure inside (1-3), and the shape grows with it.
 *
 * Each start line is a bar in its owner's colour along the board's end.
 * Beside each seat's corner: the towers it captured and its points; a
 * frozen board has a dashed outline and says so beside it (nothing covers a
 * tower: a viewer may stack the lines in another order than written); the
 * last action is an arrow (a move or capture) or a ring (a placement). */
#include <math.h>
#include <stdio.h>
#include "engine/svg_out.h"
#include "talat.h"
#include "render.h"

#define CELL 40.0
#define SIDE_LEN 230.0 /* the triangle's side: a board (200) and a little */
#define GAP 6.0        /* between the triangle's side and its board */
#define CAPTURED_AT 178.0
#define TL_PI 3.14159265358979323846

static const char *const fill[3] = { "#2b2b2b", "#f6f1e3", "#a3a3a3" };
static const char *const ink[3] = { "#fff", "#1d1d1d", "#1d1d1d" };
static const char *const colour_name[3] = { "Black", "White", "Grey" };

typedef struct pt {
    double x, y;
} pt;

/* Seat k's corner (the triangle centred on 0, 0; seat 1 at the top). */
static pt corner(int k)
{
    static const double angle[3] = { 210, 90, 330 };
    double r = SIDE_LEN / sqrt(3.0), a = angle[k % 3] * TL_PI / 180;
    return (pt){ r * cos(a), -r * sin(a) };
}

/* Board b's frame: its centre, the rank direction (rank 1 toward 5) and
 * the file direction (a toward e). */
static void frame(int b, pt *centre, pt *rank, pt *file)
{
    pt a = corner(b), c = corner(b + 1), m = { (a.x + c.x) / 2, (a.y + c.y) / 2 };
    double len = hypot(m.x, m.y), out = 2.5 * CELL + GAP;
    *rank = (pt){ (c.x - a.x) / SIDE_LEN, (c.y - a.y) / SIDE_LEN };
    *file = (pt){ -rank->y, rank->x };
    *centre = (pt){ m.x + m.x / len * out, m.y + m.y / len * out };
}

/* A point of board b in cell units from its centre: r along the ranks, f
 * along the files (cell (rank, file) is at r = rank - 2, f = file - 2). */
static pt at(int b, double r, double f)
{
    pt c, dr, df;
    frame(b, &c, &dr, &df);
    return (pt){ c.x + CELL * (r * dr.x + f * df.x), c.y + CELL * (r * dr.y + f * df.y) };
}

static pt cell_pt(int cell)
{
    int b = cell / TL_SQ, sq = cell % TL_SQ;
    return at(b, sq / 5 - 2, sq % 5 - 2);
}

static void polygon(svg_out *o, const char *cls, int b, double r0, double f0, double r1, double f1)
{
    pt p[4] = { at(b, r0, f0), at(b, r0, f1), at(b, r1, f1), at(b, r1, f0) };
    svg_put(o, "<polygon class='%s' points='%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f'/>", cls, p[0].x, p[0].y,
            p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y);
}

/* <defs>: a tower per colour and type, drawn about 0, 0. */
static void tower_defs(svg_out *o)
{
    for (int c = 0; c < 3; c++)
        for (int t = 0; t < TL_TYPES; t++) {
            int sides = tl_sides(t), h = tl_height(t);
            double r = 11 + 3 * h + (sides == 3 ? 3 : 0); /* a triangle looks smaller */
            svg_put(o, "<g id='tl%c%d'><polygon fill='%s' stroke='#111' stroke-width='2' points='", "bwg"[c], t,
                    fill[c]);
            for (int i = 0; i < sides; i++) {
                double a = (sides == 4 ? 45 : sides == 6 ? 0 : -90) + 360.0 * i / sides;
                svg_put(o, "%s%.1f,%.1f", i ? " " : "", r * cos(a * TL_PI / 180),
                        r * sin(a * TL_PI / 180) + (sides == 3 ? 2.5 : 0));
            }
            svg_put(o, "'/><text class='tl-h' y='%d' fill='%s'>%d</text></g>\n", sides == 3 ? 7 : 5, ink[c], h);
        }
}

int tl_svg_board(char *dst, size_t n)
{
    svg_out o = { dst, n, 0, false };
    svg_put(&o, "<defs><style>.tl-bd{fill:#e9dcb8;stroke:#8a7348;stroke-width:2}.tl-sq{fill:none;stroke:#8a7348;"
                "stroke-width:1}.tl-lb{font:600 12px sans-serif;fill:#5a4a2c;text-anchor:middle}"
                ".tl-h{font:700 13px sans-serif;text-anchor:middle}.tl-st{font:600 13px sans-serif;fill:#1d1d1d;"
                "text-anchor:middle}.tl-fz{fill:none;stroke:#0b4f8a;stroke-width:4;stroke-dasharray:10 6}.tl-fzt{font:700 15px sans-serif;fill:#0b4f8a;"
                "text-anchor:middle}.tl-mv{fill:none;stroke:#0072b2;stroke-width:4;stroke-linecap:round;"
                "marker-end:url(#tl-ah)}.tl-pl{fill:none;stroke:#0072b2;stroke-width:4}</style>\n"
                "<marker id='tl-ah' viewBox='0 0 10 10' refX='7' refY='5' markerWidth='14' markerHeight='14' "
                "markerUnits='userSpaceOnUse' orient='auto'><path d='M0 0L10 5L0 10z' fill='#0072b2'/></marker>\n");
    tower_defs(&o);
    svg_put(&o, "</defs>\n");
    for (int b = 0; b < TL_BOARDS; b++) {
        polygon(&o, "tl-bd", b, -2.5, -2.5, 2.5, 2.5);
        for (int r = 0; r < 5; r++)
            for (int f = 0; f < 5; f++)
                polygon(&o, "tl-sq", b, r - 2.5, f - 2.5, r - 1.5, f - 1.5);
        /* The start lines: rank 1 is seat b's (colour b), rank 5 seat b+1's. */
        for (int side = 0; side < 2; side++) {
            double r = side ? 2.62 : -2.62;
            pt p = at(b, r, -2.5), q = at(b, r, 2.5);
            svg_put(&o, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#111' stroke-width='9'/>"
                        "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='%s' stroke-width='6'/>",
                    p.x, p.y, q.x, q.y, p.x, p.y, q.x, q.y, fill[tl_colour(b, side)]);
        }
        /* Ranks along the outer edge, files beyond rank 5, the board's number inside. */
        for (int r = 0; r < 5; r++) {
            pt p = at(b, r - 2.0, -2.85);
            svg_put(&o, "<text class='tl-lb' x='%.1f' y='%.1f'>%d</text>", p.x, p.y + 4, r + 1);
        }
        for (int f = 0; f < 5; f++) {
            pt p = at(b, 3.05, f - 2.0);
            svg_put(&o, "<text class='tl-lb' x='%.1f' y='%.1f'>%c</text>", p.x, p.y + 4, 'a' + f);
        }
        pt p = at(b, 0, 2.85);
        svg_put(&o, "<text class='tl-lb' x='%.1f' y='%.1f'>board %d</text>\n", p.x, p.y + 4, b);
    }
    return svg_finish(&o);
}

/* The towers seat k captured, beside its corner, with its points. */
static void captured(svg_out *o, const talat *p, int k)
{
    pt c = corner(k);
    double len = hypot(c.x, c.y), cx = c.x + c.x / len * CAPTURED_AT, cy = c.y + c.y / len * CAPTURED_AT;
    int colour = k, n = 0;
    const char *name = p->players == 2 && k == 2 ? "Grey (the Zihin)" : colour_name[colour];
    if (p->players == 2 && k == 2) {
        svg_put(o, "<text class='tl-st' x='%.1f' y='%.1f'>%s</text>\n", cx, cy - 34, name);
        return;
    }
    char komi[24] = "";
    if (p->komi[k])
        snprintf(komi, sizeof komi, " and %g komi", p->komi[k] / 2.0);
    svg_put(o, "<text class='tl-st' x='%.1f' y='%.1f'>seat %d %s: %d points%s</text>\n", cx, cy - 34, k, name,
            tl_points(p, k), komi);
    for (int id = 0; id < 27; id++)
        if (p->captured[k] >> id & 1) {
            double x = cx - 108 + 27 * (n % 9), y = cy - 6 + 34 * (n / 9);
            svg_put(o, "<use href='#tl%c%d' transform='translate(%.1f %.1f) scale(.72)'/>\n", "bwg"[id / 9], id % 9,
                    x, y);
            n++;
        }
    if (!n)
        svg_put(o, "<text class='tl-lb' x='%.1f' y='%.1f'>no captures</text>\n", cx, cy);
}

int tl_svg_pieces(const void *s, game_action last, char *dst, size_t n)
{
    const talat *p = s;
    svg_out o = { dst, n, 0, false };
    for (int b = 0; b < TL_BOARDS; b++) {
        if (p->frozen >> b & 1 && p->phase == TL_PHASE_MOVE) {
            /* An outline and a word beside the board, never over its towers
             * (a viewer may stack the lines in another order). */
            pt c = at(b, 0, -3.45);
            polygon(&o, "tl-fz", b, -2.58, -2.58, 2.58, 2.58);
            svg_put(&o, "<text class='tl-fzt' x='%.1f' y='%.1f'>frozen</text>\n", c.x, c.y + 5);
        }
        for (int side = 0; side < 2; side++)
            for (uint32_t m = p->occ[b][side]; m; m &= m - 1) {
                int sq = __builtin_ctz(m);
                pt c = cell_pt(b * TL_SQ + sq);
                svg_put(&o, "<use href='#tl%c%d' x='%.1f' y='%.1f'/>\n", "bwg"[tl_colour(b, side)],
                        p->type[b][sq], c.x, c.y);
            }
    }
    for (int k = 0; k < 3; k++)
        captured(&o, p, k);
    if (last != GAME_NO_ACTION && last != TL_PASS) {
        pt to = cell_pt((int)(last & 0x7f));
        if (last & TL_PLACE_BIT)
            svg_put(&o, "<circle class='tl-pl' cx='%.1f' cy='%.1f' r='19'/>\n", to.x, to.y);
        else {
            pt from = cell_pt((int)(last >> 7 & 0x7f));
            double dx = to.x - from.x, dy = to.y - from.y, len = hypot(dx, dy), k = len > 0 ? (len - 14) / len : 0;
            svg_put(&o, "<path class='tl-mv' d='M%.1f %.1fL%.1f %.1f'/>\n", from.x, from.y, from.x + dx * k,
                    from.y + dy * k);
        }
    }
    return svg_finish(&o);
}

void tl_svg_stage(const void *s, char *text, size_t n)
{
    const talat *p = s;
    snprintf(text, n, "%s", p->phase == TL_PHASE_MOVE ? "move or capture" : "placement");
}

const game_view tl_view = {
    .viewbox = TL_SVG_VIEWBOX,
    .legend = TL_SVG_LEGEND,
    .board = tl_svg_board,
    .pieces = tl_svg_pieces,
    .stage = tl_svg_stage,
    .seat_style = ".s0::before{content:\"\\25CF\\00a0\";color:#2b2b2b}.s1::before{content:\"\\25CB\\00a0\"}"
                  ".s2::before{content:\"\\25CF\\00a0\";color:#8a8a8a}",
};
