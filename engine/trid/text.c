/* text.c — TRID's position string and action notation (text.h), as the
 * rules page gives them.  The parsers are strict: one canonical spelling,
 * and every error names what is wrong and its offset. */
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "movegen.h"
#include "text.h"

static const char kind_letter[] = { 'C', 'S', 'S', 'J', 'J' };

int trid_to_text(const void *state, char *out, size_t n)
{
    const trid_state *s = state;
    const trid_board *b = trid_board_of(s);
    char t[GAME_TEXT_MAX];
    int len = snprintf(t, sizeof t, "%s %d ", b->name, s->players);
    for (int k = 0; k < s->players; k++) {
        if (k)
            t[len++] = '/';
        if (!trid_alive(s, k)) {
            t[len++] = 'x';
            continue;
        }
        bool first = true;
        for (int i = 0; i < TRID_PIECES; i++) {
            if (s->cell[k][i] == TRID_NONE)
                continue;
            char name[8];
            trid_cell_name(b, s->cell[k][i], name);
            len += snprintf(t + len, sizeof t - (size_t)len, "%s%c%s", first ? "" : ",", kind_letter[i], name);
            first = false;
        }
    }
    len += snprintf(t + len, sizeof t - (size_t)len, " %d %d", s->side, s->quiet);
    return (size_t)len < n ? snprintf(out, n, "%s", t) : -1;
}

static int bad(const char *text, const char *at, const char *what, char *err, size_t n)
{
    snprintf(err, n, "bad trid position: %s at offset %d", what, (int)(at - text));
    return -1;
}

/* A decimal number in [0, max], no sign, no leading zero. */
static int number(const char **p, int max)
{
    const char *s = *p;
    int v = 0;
    if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
        return -1;
    while (*s >= '0' && *s <= '9' && v <= max)
        v = v * 10 + (*s++ - '0');
    if (v > max)
        return -1;
    *p = s;
    return v;
}

/* One seat's group: "x", or the pieces, chief then sliders then jumpers,
 * each kind sorted by cell. */
static int parse_group(trid_state *s, int k, const char *text, const char **pp, char *err, size_t n)
{
    const trid_board *b = trid_board_of(s);
    const char *p = *pp;
    if (*p == 'x' && (p[1] == '/' || p[1] == ' ')) {
        s->elim[k] = 1;
        *pp = p + 1;
        return 0;
    }
    int count[3] = { 0, 0, 0 }, last_kind = -1, last_cell = -1;
    for (bool first = true;; first = false) {
        if (!first) {
            if (*p != ',')
                break;
            p++;
        }
        const char *at = p;
        int kind = *p == 'C' ? KIND_CHIEF : *p == 'S' ? KIND_SLIDER : *p == 'J' ? KIND_JUMPER : -1;
        if (kind < 0)
            return bad(text, p, first ? "expected 'x' or a piece (C, S or J and a cell)" : "expected a piece (C, S or J and a cell)", err, n);
        p++;
        const char *cat = p;
        int c = trid_cell_parse(b, &p);
        if (c < 0)
            return bad(text, cat, "expected a cell of the board", err, n);
        if (kind == KIND_CHIEF && count[0])
            return bad(text, at, "a second chief", err, n);
        if (kind < last_kind || (kind == last_kind && c <= last_cell))
            return bad(text, at, "pieces out of order (the chief, sliders, jumpers, each by cell)", err, n);
        if (kind != KIND_CHIEF && count[kind] == 2)
            return bad(text, at, kind == KIND_SLIDER ? "more than 2 sliders" : "more than 2 jumpers", err, n);
        if (b->type[c] == TRID_WALL)
            return bad(text, cat, "a piece on a wall", err, n);
        if (kind == KIND_JUMPER && count[2] && b->up[c] == b->up[s->cell[k][3]])
            return bad(text, at, "two jumpers on one colour", err, n);
        int slot = kind == KIND_CHIEF ? 0 : kind == KIND_SLIDER ? 1 + count[1] : 3 + count[2];
        if (kind == KIND_CHIEF)
            count[0]++;
        else
            count[kind]++;
        s->cell[k][slot] = (uint8_t)c;
        last_kind = kind;
        last_cell = c;
    }
    if (!count[0])
        return bad(text, *pp, "a seat in the game without a chief", err, n);
    *pp = p;
    return 0;
}

/* No two pieces on one cell, none on a cell another seat controls. */
static int check_cells(const trid_state *s, const char *text, const char *pieces, char *err, size_t n)
{
    const trid_board *b = trid_board_of(s);
    trid_pos v;
    uint8_t seen[TRID_MAX_CELLS] = { 0 };
    char what[96], name[8];
    for (int k = 0; k < s->players; k++)
        for (int i = 0; i < TRID_PIECES; i++) {
            int c = s->cell[k][i];
            if (c == TRID_NONE)
                continue;
            trid_cell_name(b, c, name);
            if (seen[c]) {
                snprintf(what, sizeof what, "two pieces on %s", name);
                return bad(text, pieces, what, err, n);
            }
            seen[c] = 1;
        }
    trid_pos_build(&v, s);
    for (int k = 0; k < s->players; k++)
        for (int i = 0; i < TRID_PIECES; i++)
            for (int j = 0; j < s->players; j++) {
                int c = s->cell[k][i];
                if (j == k || c == TRID_NONE || !cs_has(&v.seat[j].ctrl, c))
                    continue;
                trid_cell_name(b, c, name);
                snprintf(what, sizeof what, "seat %d's piece on %s, a cell seat %d controls", k, name, j);
                return bad(text, pieces, what, err, n);
            }
    return 0;
}

int trid_from_text(void *state, const char *text, char *err, size_t n)
{
    trid_state *s = state;
    memset(s, 0, sizeof *s);
    memset(s->cell, TRID_NONE, sizeof s->cell);
    const char *p = text;
    char name[TRID_NAME_MAX];
    size_t bl = strcspn(p, " ");
    snprintf(name, sizeof name, "%.*s", (int)(bl < sizeof name ? bl : 0), p);
    int board = trid_board_index(name);
    if (board < 0 || p[bl] != ' ')
        return bad(text, p, "expected the name of a board (data/boards/) and a space", err, n);
    s->board = (uint8_t)board;
    const trid_board *b = trid_boards[board];
    p += bl + 1;
    int players = number(&p, TRID_MAX_PLAYERS);
    if (players < TRID_MIN_PLAYERS || !b->seat[players][0].defined)
        return bad(text, p, "expected the players: 2, 3 or 4 (as the board has seats for)", err, n);
    s->players = (uint8_t)players;
    if (*p++ != ' ')
        return bad(text, p - 1, "expected a space", err, n);
    const char *pieces = p;
    for (int k = 0; k < players; k++) {
        if (k && *p++ != '/')
            return bad(text, p - 1, "expected '/' and the next seat's pieces", err, n);
        if (parse_group(s, k, text, &p, err, n))
            return -1;
    }
    if (*p == '/' || *p == ',')
        return bad(text, p, "more groups or pieces than seats", err, n);
    if (*p++ != ' ')
        return bad(text, p - 1, "expected a space after the pieces", err, n);
    const char *at = p;
    int side = number(&p, players - 1);
    if (side < 0)
        return bad(text, at, "expected the seat to move, 0 to players - 1", err, n);
    if (!trid_alive(s, side))
        return bad(text, at, "the seat to move is out of the game", err, n);
    s->side = (uint8_t)side;
    if (*p++ != ' ')
        return bad(text, p - 1, "expected a space", err, n);
    at = p;
    int quiet = number(&p, TRID_DRAW_TURNS);
    if (quiet < 0)
        return bad(text, at, "expected the quiet turns, 0 to 200", err, n);
    s->quiet = (uint16_t)quiet;
    if (*p)
        return bad(text, p, "unexpected text after the quiet turns", err, n);
    int alive = 0, home = 0;
    for (int k = 0; k < players; k++)
        if (trid_alive(s, k)) {
            const trid_seat *st = &b->seat[players][k];
            alive++;
            home += st->row[s->cell[k][0]] == st->last_row;
        }
    if (!alive)
        return bad(text, pieces, "no seat in the game", err, n);
    if (home > 1)
        return bad(text, pieces, "two chiefs in their last rows", err, n);
    if (check_cells(s, text, pieces, err, n))
        return -1;
    trid_settle(s);
    return 0;
}

void trid_action_to_text(const void *state, uint32_t a, char *out, size_t n)
{
    const trid_state *s = state;
    const trid_board *b = trid_board_of(s);
    if (a == TRID_PASS) {
        snprintf(out, n, "pass");
        return;
    }
    char from[8], to[8], sa[8], sb[8];
    int t = act_to(a);
    bool take = false;
    for (int k = 0; k < s->players; k++)
        for (int i = 0; k != s->side && i < TRID_PIECES; i++)
            take |= s->cell[k][i] == t;
    trid_cell_name(b, act_from(a), from);
    trid_cell_name(b, t, to);
    if (act_swap_a(a) < 0) {
        snprintf(out, n, "%s%c%s", from, take ? 'x' : '-', to);
        return;
    }
    trid_cell_name(b, act_swap_a(a), sa);
    trid_cell_name(b, act_swap_b(a), sb);
    snprintf(out, n, "%s%c%s(%s:%s)", from, take ? 'x' : '-', to, sa, sb);
}

static int bad_action(const char *text, const char *at, const char *what, char *err, size_t n)
{
    snprintf(err, n, "bad trid action '%s': %s at offset %d", MSG_PATH(text), what, (int)(at - text));
    return -1;
}

int trid_action_from_text(const void *state, const char *text, uint32_t *a, char *err, size_t n)
{
    const trid_state *s = state;
    const trid_board *b = trid_board_of(s);
    uint32_t list[TRID_MAX_ACTIONS];
    int nl = trid_legal(s, list);
    if (!nl)
        return bad_action(text, text, "the game is over", err, n);
    const char *p = text;
    uint32_t want;
    if (!strcmp(text, "pass")) {
        want = TRID_PASS;
    } else {
        int c[4] = { -1, -1, -1, -1 };
        c[0] = trid_cell_parse(b, &p);
        if (c[0] < 0)
            return bad_action(text, text, "expected 'pass' or a cell", err, n);
        const char *at0 = p;
        char sep = *p;
        if (sep != '-' && sep != 'x')
            return bad_action(text, p, "expected '-' or 'x'", err, n);
        const char *at = ++p;
        c[1] = trid_cell_parse(b, &p);
        if (c[1] < 0)
            return bad_action(text, at, "expected a cell", err, n);
        if (*p == '(') {
            at = ++p;
            c[2] = trid_cell_parse(b, &p);
            if (c[2] < 0 || *p != ':')
                return bad_action(text, at, "expected a swap '(cell:cell)'", err, n);
            at = ++p;
            c[3] = trid_cell_parse(b, &p);
            if (c[3] < 0 || *p != ')')
                return bad_action(text, at, "expected a cell and ')'", err, n);
            p++;
            if (c[2] >= c[3])
                return bad_action(text, at, "the swap's cells out of order (or equal)", err, n);
        }
        if (*p)
            return bad_action(text, p, "unexpected text after the action", err, n);
        want = act_make(c[0], c[1], c[2], c[3]);
        bool take = false;
        for (int k = 0; k < s->players; k++)
            for (int i = 0; k != s->side && i < TRID_PIECES; i++)
                take |= s->cell[k][i] == c[1];
        if (take != (sep == 'x'))
            return bad_action(text, at0, take ? "a capture is written with 'x'" : "'x' where nothing is captured",
                              err, n);
    }
    for (int i = 0; i < nl; i++)
        if (list[i] == want) {
            *a = want;
            return 0;
        }
    return bad_action(text, text, "not a legal action here", err, n);
}
