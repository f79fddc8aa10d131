/* notation.c — position strings, action notation and the ASCII board
 * (formats defined in ../shared/rules/tzaar.md and docs/formats.md). */
#include <ctype.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>
#include "movegen.h"
#include "notation.h"

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
    if (err && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static const char *const type_names[PIECE_TYPES] = { "Tzaar", "Tzarra", "Tott" };

const char *const tz_phase_tokens[PHASES] = { "0", "1", "2", "p", "f", "d", "r", "0s", "fs", "2s", "ds", "x1", "xr" };

/* The variants' phases after the first action of the game, each played by
 * one side with the pieces one capture has left: the side to act first has
 * its stacks and the other one fewer (White in 2s, which is the second
 * action of its own turn), or (r and xr) the other way round. */
static int validate_opening(const position *p, const int stacks[2], char *err, size_t n)
{
    int ph = p->phase, us = p->side;
    if ((ph == PHASE_SECOND_PIE && us != WHITE) || (tz_phase_swaps(ph) && us != BLACK))
        return fail(err, n, "bad position: phase %s is %s's, but side is %c", tz_phase_tokens[ph],
                    ph == PHASE_SECOND_PIE ? "White" : "Black", us == WHITE ? 'w' : 'b');
    if (ph == PHASE_SECOND_PIE && (stacks[WHITE] != 30 || stacks[BLACK] != 29))
        return fail(err, n, "bad position: phase 2s comes after White's first capture (30 and 29 pieces)");
    if ((ph == PHASE_REPLY || ph == PHASE_SWAP_REPLY) && (stacks[us] != 29 || stacks[us ^ 1] != 30))
        return fail(err, n, "bad position: phase %s comes after one capture, of the side to act's pieces "
                            "(29 and 30 pieces)", tz_phase_tokens[ph]);
    return 0;
}

/* Checks what no game can produce; the parser has already bounded heights. */
static int validate(const position *p, char *err, size_t n)
{
    int stacks[2] = { 0, 0 };
    for (int c = 0; c < 2; c++) {
        int pieces = 0;
        for (bitboard b = p->occ[c]; b; b &= b - 1)
            pieces += p->height[__builtin_ctzll(b)];
        if (pieces > 30)
            return fail(err, n, "bad position: %s has %d pieces, at most 30 exist",
                        c ? "Black" : "White", pieces);
        for (int t = 0; t < PIECE_TYPES; t++) {
            int tops = __builtin_popcountll(p->occ[c] & p->tops[t]);
            if (tops > tz_piece_supply[t])
                return fail(err, n, "bad position: %s has %d %s stacks, only %d %ss exist",
                            c ? "Black" : "White", tops, type_names[t], tz_piece_supply[t], type_names[t]);
        }
        stacks[c] = __builtin_popcountll(p->occ[c]);
        /* No stack is built before a turn's second action: not in the
         * opening, in placement, or in a variant's first turns but x1. */
        bool single = p->phase != PHASE_SWAP && !tz_phase_second(p->phase) && p->phase != PHASE_FIRST;
        if (single && pieces != stacks[c] && p->phase <= PHASE_PLACE)
            return fail(err, n, "bad position: stacks taller than 1 before the first capture");
        if (single && pieces != stacks[c])
            return fail(err, n, "bad position: a stack taller than 1 in phase %s, before any could be built",
                        tz_phase_tokens[p->phase]);
    }
    if (tz_phase_opens(p->phase)) {
        const char *ph = tz_phase_tokens[p->phase];
        if (p->side != WHITE)
            return fail(err, n, "bad position: phase %s is White's opening turn, but side is b", ph);
        if (stacks[0] != 30 || stacks[1] != 30)
            return fail(err, n, "bad position: phase %s needs all 60 pieces on the board", ph);
    } else if (p->phase > PHASE_PLACE && validate_opening(p, stacks, err, n))
        return -1;
    if (p->phase == PHASE_PLACE) {
        /* The players alternate from whoever placed first (White by the
         * rules page, Black in tournament-black), so the counts differ by
         * at most one and, when they differ, the one behind places next;
         * when they are equal either may (the first placer). */
        int d = stacks[WHITE] - stacks[BLACK];
        if (d < -1 || d > 1)
            return fail(err, n, "bad position: in placement the players alternate, so their piece counts "
                                "differ by at most one (has %d and %d)", stacks[0], stacks[1]);
        if (d != 0 && (d > 0) != (p->side == BLACK))
            return fail(err, n, "bad position: with %d pieces placed it is %s's turn to place",
                        stacks[0] + stacks[1], d > 0 ? "Black" : "White");
        if (stacks[0] + stacks[1] == 60)
            return fail(err, n, "bad position: all 60 pieces are placed, so the phase is 0, not p");
    }
    return 0;
}

/* The phase a token names, or -1.  Placement may name the phase play opens
 * in after it ("pf": first=full's placement); plain "p" opens in phase 0. */
static int phase_token(const char *t, int *opening)
{
    for (int ph = 0; ph < PHASES; ph++)
        if (!strcmp(t, tz_phase_tokens[ph]))
            return ph;
    if (t[0] != 'p')
        return -1;
    for (int ph = 0; ph < PHASES; ph++)
        if (ph != PHASE_OPENING && tz_phase_opens(ph) && !strcmp(t + 1, tz_phase_tokens[ph])) {
            *opening = ph;
            return PHASE_PLACE;
        }
    return -1;
}

int tz_pos_from_text(position *p, const char *s, char *err, size_t n)
{
    const char *c = s;
    tz_pos_clear(p);
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        if (*c == '\0' || *c == ' ')
            return fail(err, n, "bad position: %d points before offset %d, expected 60",
                        pt, (int)(c - s));
        if (*c == '.') {
            c++;
            continue;
        }
        const char *letter = strchr("abcABC", *c);
        if (!letter)
            return fail(err, n, "bad position: unexpected '%c' at offset %d (expected '.' or a piece "
                                "letter a, b, c, A, B, C)", isprint((unsigned char)*c) ? *c : '?', (int)(c - s));
        int colour = isupper((unsigned char)*c) ? BLACK : WHITE;
        int type = tolower((unsigned char)*c) - 'a';
        c++;
        int height = 1;
        if (isdigit((unsigned char)*c)) {
            const char *start = c;
            height = 0;
            while (isdigit((unsigned char)*c) && height <= 30)
                height = height * 10 + (*c++ - '0');
            if (*start == '0' || height < 2 || height > 30)
                return fail(err, n, "bad position: height '%.*s' at offset %d (write 2 to 30, "
                                    "or nothing for a single piece)", (int)(c - start), start, (int)(start - s));
        }
        tz_pos_put(p, pt, colour, type, height);
    }
    if (*c != ' ')
        return fail(err, n, *c ? "bad position: more than 60 points, at offset %d"
                               : "bad position: missing side at offset %d", (int)(c - s));
    c++;
    if (*c != 'w' && *c != 'b')
        return fail(err, n, "bad position: side at offset %d must be 'w' or 'b'", (int)(c - s));
    int side = *c == 'w' ? WHITE : BLACK;
    c++;
    if (*c != ' ')
        return fail(err, n, "bad position: expected a space and the phase at offset %d", (int)(c - s));
    c++;
    int opening = PHASE_OPENING, phase = phase_token(c, &opening);
    if (phase < 0)
        return fail(err, n, *c == '0' || *c == '1' || *c == '2' || *c == 'p'
                                ? "bad position: unexpected text at offset %d after the phase"
                                : "bad position: phase at offset %d must be 0, 1, 2 or p (or a variant's: "
                                  "f, d, r, 0s, fs, 2s, ds, x1, xr; docs/tzaar-variants.md)",
                    (int)(c - s) + (*c == '0' || *c == '1' || *c == '2' || *c == 'p'));
    p->side = (uint8_t)side;
    p->phase = (uint8_t)phase;
    p->opening = (uint8_t)opening;
    if (validate(p, err, n))
        return -1;
    tz_pos_finish(p, side, phase);
    return 0;
}

int tz_phase_text(const position *p, char *out, size_t n)
{
    return snprintf(out, n, "%s%s", tz_phase_tokens[p->phase],
                    p->phase == PHASE_PLACE && p->opening != PHASE_OPENING ? tz_phase_tokens[p->opening] : "");
}

int tz_pos_to_text(const position *p, char *buf, size_t n)
{
    char tmp[POS_TEXT_MAX];
    int len = 0;
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int c = pos_colour_at(p, pt);
        if (c < 0) {
            tmp[len++] = '.';
            continue;
        }
        tmp[len++] = (char)((c == WHITE ? 'a' : 'A') + p->type[pt]);
        if (p->height[pt] >= 10)
            tmp[len++] = (char)('0' + p->height[pt] / 10);
        if (p->height[pt] >= 2)
            tmp[len++] = (char)('0' + p->height[pt] % 10);
    }
    char phase[8];
    tz_phase_text(p, phase, sizeof phase);
    len += snprintf(tmp + len, sizeof tmp - (size_t)len, " %c %s", p->side == WHITE ? 'w' : 'b', phase);
    return snprintf(buf, n, "%s", tmp);
}

void tz_action_to_text(action a, int side, char out[ACTION_TEXT_MAX])
{
    int kind = act_kind(a);
    if (kind == ACT_PASS) {
        strcpy(out, a == ACTION_SWAP ? "swap" : "pass");
        return;
    }
    char to[3];
    tz_geo_label_str(act_to(a), to);
    if (kind == ACT_PLACE) {
        out[0] = (char)((side == WHITE ? 'a' : 'A') + act_from(a));
        out[1] = '@';
        memcpy(out + 2, to, 3);
        return;
    }
    tz_geo_label_str(act_from(a), out);
    out[2] = kind == ACT_CAPTURE ? 'x' : '+';
    memcpy(out + 3, to, 3);
}

/* The input as an error message may quote it: printable, one line, short. */
static const char *quoted(const char *s, char out[44])
{
    size_t i = 0;
    for (; s[i] && i < 40; i++)
        out[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
    strcpy(out + i, s[i] ? "..." : "");
    return out;
}

int tz_action_from_text(const position *p, const char *s, action *a, char *err, size_t n)
{
    char q[44];
    int len, len2;
    if (!strcasecmp(s, "pass")) {
        *a = ACTION_PASS;
        return 0;
    }
    if (!strcasecmp(s, "swap")) {
        *a = ACTION_SWAP;
        return 0;
    }
    const char *letter = s[0] ? strchr("abcABC", s[0]) : NULL;
    if (letter && s[1] == '@') {
        int to = tz_geo_parse_label(s + 2, &len);
        if (to < 0 || s[2 + len])
            return fail(err, n, "bad action '%s': a placement is a piece letter, '@' and a point, "
                                "e.g. b@E6", quoted(s, q));
        int colour = isupper((unsigned char)s[0]) ? BLACK : WHITE;
        if (p && colour != p->side)
            return fail(err, n, "bad action '%s': it is %s's turn (%s letters)", quoted(s, q),
                        p->side == WHITE ? "White" : "Black", p->side == WHITE ? "lowercase" : "uppercase");
        *a = act_make(tolower((unsigned char)s[0]) - 'a', to, ACT_PLACE);
        return 0;
    }
    int from = tz_geo_parse_label(s, &len);
    if (from < 0 || (s[len] != 'x' && s[len] != 'X' && s[len] != '+'))
        return fail(err, n, "bad action '%s': expected a capture like C3xD4, a stack like C3+D4, "
                            "a placement like b@E6, or pass", quoted(s, q));
    int to = tz_geo_parse_label(s + len + 1, &len2);
    if (to < 0 || s[len + 1 + len2])
        return fail(err, n, "bad action '%s': the target at offset %d is not a point A1..I9", quoted(s, q),
                    len + 1);
    *a = act_make(from, to, s[len] == '+' ? ACT_STACK : ACT_CAPTURE);
    return 0;
}

int tz_action_parse_legal(const position *p, const char *s, action *a, char *err, size_t n)
{
    if (tz_action_from_text(p, s, a, err, n))
        return -1;
    if (!tz_action_is_legal(p, *a)) {
        char pos[POS_TEXT_MAX], q[44];
        tz_pos_to_text(p, pos, sizeof pos);
        return fail(err, n, "illegal action '%s' in position '%s'", quoted(s, q), pos);
    }
    return 0;
}

/* Column c holds n_c points; point (c, r) sits at half-row v = 2r + 9 - n_c,
 * so neighbours are one column and one half-row apart. */
void tz_pos_draw(const position *p, FILE *out)
{
    static const int col_points[9] = { 5, 6, 7, 8, 9, 8, 7, 6, 5 };
    enum { W = 52, LINES = 17 };
    char grid[LINES][W + 1];
    memset(grid, ' ', sizeof grid);
    for (int pt = 0; pt <= GEO_POINTS; pt++) {
        int c, r;
        if (pt < GEO_POINTS)
            tz_geo_label(pt, &c, &r);
        else
            c = 4, r = 5; /* the hole */
        int line = 18 - (2 * r + 9 - col_points[c]); /* v runs 2..18 */
        int x = 4 + 5 * c;
        char tok[8] = ".";
        int colour = pt < GEO_POINTS ? pos_colour_at(p, pt) : -1;
        if (pt == GEO_POINTS)
            strcpy(tok, "()");
        else if (colour >= 0) {
            tok[0] = (char)((colour == WHITE ? 'a' : 'A') + p->type[pt]);
            if (p->height[pt] > 1)
                snprintf(tok + 1, 4, "%d", p->height[pt]);
        }
        memcpy(&grid[line][x], tok, strlen(tok));
        /* Row numbers at both ends of each row line. */
        int leftmost = r <= 5 ? 0 : r - 5, rightmost = r <= 5 ? 8 : 13 - r;
        if (pt < GEO_POINTS && c == leftmost)
            grid[line][x - 2] = (char)('0' + r);
        if (pt < GEO_POINTS && c == rightmost)
            grid[line][x + 4] = (char)('0' + r);
    }
    fputs("    A    B    C    D    E    F    G    H    I\n", out);
    for (int l = 0; l < LINES; l++) {
        int end = W;
        while (end > 0 && grid[l][end - 1] == ' ')
            end--;
        fprintf(out, "%.*s\n", end, grid[l]);
    }
    fputs("    A    B    C    D    E    F    G    H    I\n", out);
    static const char *const phases[PHASES] = {
        "opening capture", "first action (capture)", "second action", "placement",
        "first action of a whole first turn (capture)", "opening capture (then Black's)",
        "single-capture first turn", "opening capture (then Black may swap)",
        "first action of a whole first turn (capture; then Black may swap)",
        "second action (then Black may swap)", "opening capture (then Black's, or a swap)",
        "first action (capture) or swap", "single capture or swap",
    };
    fprintf(out, "%s to act, %s", p->side == WHITE ? "White (a b c)" : "Black (A B C)", phases[p->phase]);
    int ending, w = tz_game_winner(p, &ending);
    if (w >= 0)
        fprintf(out, "; game over: %s wins (%s)", w == WHITE ? "White" : "Black",
                ending == END_TRINITY ? "trinity" : "no capture");
    fputc('\n', out);
}
