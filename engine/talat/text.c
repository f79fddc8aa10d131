/* text.c — Talat's position string and action notation (the rules page,
 * "Position string" and "Action notation").  The parser is strict: each
 * error names what is wrong and the byte offset where. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "talat.h"

static const char colour_letter[3] = { 'b', 'w', 'g' };
static const char phase_letter[] = "zpm";

/* "36" for type 8 */
static void type_text(int t, char out[3])
{
    out[0] = (char)('0' + tl_height(t));
    out[1] = (char)('0' + tl_sides(t));
    out[2] = 0;
}

/* The type written as height then sides at s, or -1. */
static int type_parse(const char *s)
{
    if (s[0] < '1' || s[0] > '3')
        return -1;
    int sides = s[1] == '3' ? 0 : s[1] == '4' ? 1 : s[1] == '6' ? 2 : -1;
    return sides < 0 ? -1 : (s[0] - '1') * 3 + sides;
}

int tl_to_text(const void *state, char *out, size_t n)
{
    const talat *p = state;
    char t[GAME_TEXT_MAX];
    size_t len = 0;
    t[len++] = (char)('0' + p->players);
    if (p->rules & TL_RULE_HUMAN_LINE)
        t[len++] = 'h'; /* mode "2h": the Zihin game, the human-line reading */
    for (int b = 0; b < TL_BOARDS; b++) {
        t[len++] = ' ';
        for (int sq = 0; sq < TL_SQ; sq++) {
            if (sq && sq % 5 == 0)
                t[len++] = '/';
            int s = p->occ[b][0] >> sq & 1 ? 0 : p->occ[b][1] >> sq & 1 ? 1 : -1;
            if (s < 0) {
                t[len++] = '.';
                continue;
            }
            t[len++] = colour_letter[tl_colour(b, s)];
            type_text(p->type[b][sq], t + len);
            len += 2;
        }
    }
    t[len++] = ' ';
    t[len++] = phase_letter[p->phase];
    t[len++] = ' ';
    t[len++] = colour_letter[p->side];
    t[len++] = ' ';
    for (int k = 0; k < 3; k++) {
        if (k)
            t[len++] = '/';
        if (!p->captured[k])
            t[len++] = '-';
        for (int id = 0; id < 3 * TL_TYPES; id++)
            if (p->captured[k] >> id & 1) {
                t[len++] = colour_letter[id / TL_TYPES];
                type_text(id % TL_TYPES, t + len);
                len += 2;
            }
    }
    if (p->komi[0] | p->komi[1] | p->komi[2]) { /* a variant's (komi.c): " k0/1.5/2.5", by seat */
        t[len++] = ' ';
        t[len++] = 'k';
        for (int k = 0; k < p->players; k++)
            len += (size_t)snprintf(t + len, sizeof t - len, "%s%d%s", k ? "/" : "", p->komi[k] / 2,
                                    p->komi[k] % 2 ? ".5" : "");
    }
    t[len] = 0;
    if (len >= n)
        return -1;
    memcpy(out, t, len + 1);
    return (int)len;
}

static int colour_parse(char c)
{
    return c == 'b' ? 0 : c == 'w' ? 1 : c == 'g' ? 2 : -1;
}

static int bad(const char *text, const char *at, const char *what, char *err, size_t n)
{
    snprintf(err, n, "bad talat position: %s at offset %d", what, (int)(at - text));
    return -1;
}

/* The komi field after " k" at *at: a seat's points (a multiple of 0.5, at
 * most TL_KOMI_MAX) per seat, '/' between; *at moves past it.  0, or -1. */
static int komi_parse(talat *p, const char *text, const char **at, char *err, size_t n)
{
    const char *q = *at;
    for (int k = 0; k < p->players; k++) {
        if (k && *q++ != '/')
            return bad(text, q - 1, "expected '/' between the seats' komi", err, n);
        int v = 0, digits = 0;
        for (; *q >= '0' && *q <= '9' && digits < 3; q++, digits++)
            v = 10 * v + (*q - '0');
        if (!digits || (digits > 1 && q[-digits] == '0'))
            return bad(text, q, "expected a seat's komi like 1.5", err, n);
        v *= 2;
        if (q[0] == '.' && q[1] == '5')
            v++, q += 2;
        if (v > 2 * TL_KOMI_MAX)
            return bad(text, q, "a komi above " TL_KOMI_MAX_TEXT " points", err, n);
        p->komi[k] = (uint8_t)v;
    }
    if (!(p->komi[0] | p->komi[1] | p->komi[2]))
        return bad(text, q, "every komi 0: leave the k field out", err, n);
    *at = q;
    return 0;
}

/* A tower token "w23" at *q: its id, or -1. */
static int tower_token(const char *q)
{
    int c = colour_parse(q[0]), t = c < 0 ? -1 : type_parse(q + 1);
    return t < 0 ? -1 : c * TL_TYPES + t;
}

/* Checks what the grammar cannot: counts, lines, the side to act. */
static int check_position(talat *p, const char *text, const char *end_at, uint32_t on_board, char *err, size_t n)
{
    uint32_t captured = p->captured[0] | p->captured[1] | p->captured[2];
    int placed[3] = { 0, 0, 0 };
    for (int c = 0; c < 3; c++)
        placed[c] = __builtin_popcount(on_board >> (c * TL_TYPES) & 0x1ff);
    if (p->phase != TL_PHASE_MOVE) {
        if (captured)
            return bad(text, end_at, "captures during placement", err, n);
        for (int b = 0; b < TL_BOARDS; b++)
            for (int s = 0; s < 2; s++)
                if (p->occ[b][s] & ~tl_line(s))
                    return bad(text, end_at, "a tower off its start line during placement", err, n);
        int total = placed[0] + placed[1] + (p->players == 3 ? placed[2] : 0), want[3] = { 0, 0, 0 };
        if (p->phase == TL_PHASE_ZIHIN) {
            if (p->players != 2 || placed[0] || placed[1] || placed[2] >= 8)
                return bad(text, end_at, "phase z needs mode 2 and fewer than 8 Zihin towers, no others", err, n);
            total = placed[2];
            want[2] = placed[2];
        } else if (p->players == 2 && placed[2] != 8) {
            return bad(text, end_at, "phase p of mode 2 needs the Zihin's 8 towers placed", err, n);
        }
        if (total >= (p->players == 3 ? 27 : 18))
            return bad(text, end_at, "every tower is placed: the phase is m", err, n);
        for (int c = 0; c < p->players && p->phase == TL_PHASE_PLACE; c++)
            want[c] = (total - c + p->players - 1) / p->players;
        for (int c = p->phase == TL_PHASE_ZIHIN ? 2 : 0; c < (p->phase == TL_PHASE_ZIHIN ? 3 : p->players); c++)
            if (placed[c] != want[c])
                return bad(text, end_at, "tower counts do not follow the placement order", err, n);
        if (p->side != total % p->players)
            return bad(text, end_at, "the side to act does not follow the placement order", err, n);
        for (int c = 0; c < 3; c++)
            p->unplaced[c] = (uint16_t)(~(on_board >> (c * TL_TYPES)) & 0x1ff);
        return 0;
    }
    for (int c = 0; c < 3; c++) {
        int have = __builtin_popcount((on_board | captured) >> (c * TL_TYPES) & 0x1ff);
        int want = p->players == 2 && c == 2 ? 8 : 9;
        if (have != want) {
            char what[96];
            snprintf(what, sizeof what, "%c has %d towers on boards and captured, not %d", colour_letter[c], have, want);
            return bad(text, end_at, what, err, n);
        }
        p->unplaced[c] = (uint16_t)(~((on_board | captured) >> (c * TL_TYPES)) & 0x1ff);
    }
    for (int b = 0; b < TL_BOARDS; b++)
        tl_refreeze(p, b, NULL);
    return 0;
}

int tl_from_text(void *state, const char *text, char *err, size_t n)
{
    talat *p = state;
    const char *q = text;
    memset(p, 0, sizeof *p);
    if (q[0] == '2' && q[1] == 'h') { /* the Zihin game, the human-line reading (docs/talat.md) */
        p->rules = TL_RULE_HUMAN_LINE;
        q++;
        if (q[1] != ' ')
            return bad(text, q, "expected a space after the mode 2h", err, n);
        p->players = 2;
        q += 2;
    } else {
        if ((q[0] != '2' && q[0] != '3') || q[1] != ' ')
            return bad(text, q, "expected the mode 2, 2h or 3 and a space", err, n);
        p->players = (uint8_t)(q[0] - '0');
        q += 2;
    }
    uint32_t on_board = 0;
    for (int b = 0; b < TL_BOARDS; b++) {
        for (int sq = 0; sq < TL_SQ; sq++) {
            if (sq && sq % 5 == 0 && *q++ != '/')
                return bad(text, q - 1, "expected '/' after five squares", err, n);
            if (*q == '.') {
                q++;
                continue;
            }
            int id = tower_token(q);
            if (id < 0)
                return bad(text, q, "expected '.' or a tower like w23", err, n);
            int s = tl_side_of(b, id / TL_TYPES);
            if (s < 0)
                return bad(text, q, "a tower of a colour that has no line on this board", err, n);
            if (on_board >> id & 1)
                return bad(text, q, "a duplicate tower", err, n);
            on_board |= 1u << id;
            p->occ[b][s] |= 1u << sq;
            p->type[b][sq] = (uint8_t)(id % TL_TYPES);
            q += 3;
        }
        if (*q++ != ' ')
            return bad(text, q - 1, b < 2 ? "expected a space and the next board" : "expected a space and the phase", err, n);
    }
    const char *ph = strchr(phase_letter, *q);
    if (!*q || !ph || q[1] != ' ')
        return bad(text, q, "expected the phase z, p or m and a space", err, n);
    p->phase = (uint8_t)(ph - phase_letter);
    q += 2;
    int side = colour_parse(*q);
    if (side < 0 || side >= p->players || q[1] != ' ')
        return bad(text, q, p->players == 2 ? "expected the side b or w and a space" : "expected the side b, w or g and a space", err, n);
    p->side = (uint8_t)side;
    q += 2;
    for (int k = 0; k < 3; k++) {
        if (k && *q++ != '/')
            return bad(text, q - 1, "expected '/' between capture lists", err, n);
        if (*q == '-') {
            q++;
            continue;
        }
        if (k >= p->players)
            return bad(text, q, "the Zihin captures nothing: expected '-'", err, n);
        do {
            int id = tower_token(q);
            if (id < 0)
                return bad(text, q, "expected '-' or captured towers like w23", err, n);
            if (id / TL_TYPES == k)
                return bad(text, q, "a player's own tower in its capture list", err, n);
            if ((on_board | p->captured[0] | p->captured[1] | p->captured[2]) >> id & 1)
                return bad(text, q, "a duplicate tower", err, n);
            p->captured[k] |= 1u << id;
            q += 3;
        } while (*q && *q != '/' && *q != ' ');
    }
    if (q[0] == ' ' && q[1] == 'k' && (q += 2, komi_parse(p, text, &q, err, n)))
        return -1;
    if (*q)
        return bad(text, q, "unexpected text after the capture lists", err, n);
    return check_position(p, text, q, on_board, err, n);
}

static void cell_text(int cell, char *out)
{
    out[0] = (char)('0' + cell / TL_SQ);
    out[1] = (char)('a' + cell % 5);
    out[2] = (char)('1' + cell % TL_SQ / 5);
    out[3] = 0;
}

void tl_action_to_text(const void *state, game_action a, char *out, size_t n)
{
    const talat *p = state;
    char t[GAME_ACTION_TEXT_MAX], from[4], to[4];
    if (a & TL_PLACE_BIT) {
        type_text((int)(a >> 7 & 15), t);
        cell_text((int)(a & 127), from);
        snprintf(out, n, "%s@%s", t, from);
    } else if (a & TL_MOVE_BIT) {
        int f = (int)(a >> 7 & 127), d = (int)(a & 127), b = f / TL_SQ;
        bool capture = ((p->occ[b][0] | p->occ[b][1]) >> (d % TL_SQ)) & 1;
        cell_text(f, from);
        cell_text(d, to);
        snprintf(out, n, "%s%c%s", from, capture ? 'x' : '-', to + 1);
    } else {
        snprintf(out, n, "pass");
    }
}

/* A square "0c1" (with_board) or "c1" at s: cell, or -1. */
static int cell_parse(const char *s, int board)
{
    if (board < 0) {
        if (s[0] < '0' || s[0] > '2')
            return -1;
        board = s[0] - '0';
        s++;
    }
    if (s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5')
        return -1;
    return board * TL_SQ + (s[1] - '1') * 5 + (s[0] - 'a');
}

static int action_bad(const char *text, int at, const char *what, char *err, size_t n)
{
    char esc[64];
    snprintf(err, n, "bad talat action '%s': %s at offset %d", msg_escape(esc, sizeof esc, text), what, at);
    return -1;
}

int tl_action_from_text(const void *state, const char *text, game_action *a, char *err, size_t n)
{
    const talat *p = state;
    char t[16];
    size_t len = strlen(text);
    if (len >= sizeof t)
        return action_bad(text, (int)sizeof t - 1, "too long", err, n);
    for (size_t i = 0; i <= len; i++)
        t[i] = (char)tolower((unsigned char)text[i]);
    game_action x;
    bool capture = false;
    if (!strcmp(t, "pass")) {
        x = TL_PASS;
    } else if (t[0] && t[1] && t[2] == '@') {
        int ty = type_parse(t);
        if (ty < 0)
            return action_bad(text, 0, "expected a tower type like 36", err, n);
        int cell = cell_parse(t + 3, -1);
        if (cell < 0 || t[6])
            return action_bad(text, 3, "expected a square like 0c1 to end the placement", err, n);
        x = TL_PLACE(ty, cell);
    } else {
        int from = cell_parse(t, -1);
        if (from < 0)
            return action_bad(text, 0, "expected pass, a placement like 36@0c1 or a square like 0c1", err, n);
        if (t[3] != '-' && t[3] != 'x')
            return action_bad(text, 3, "expected '-' (move) or 'x' (capture)", err, n);
        capture = t[3] == 'x';
        int to = cell_parse(t + 4, from / TL_SQ);
        if (to < 0 || t[6])
            return action_bad(text, 4, "expected a square like c2 to end the move", err, n);
        x = TL_MOVE(from, to);
    }
    if (tl_over(p))
        return action_bad(text, 0, "the game is over", err, n);
    game_action list[TL_MAX_ACTIONS];
    int k = tl_legal(p, list);
    for (int i = 0; i < k; i++)
        if (list[i] == x) {
            if (x & TL_MOVE_BIT) {
                int b = (int)(x >> 7 & 127) / TL_SQ, d = (int)(x & 127) % TL_SQ;
                bool is_capture = ((p->occ[b][0] | p->occ[b][1]) >> d) & 1;
                if (is_capture != capture)
                    return action_bad(text, 3, is_capture ? "a capture is written with 'x'" : "a move is written with '-'", err, n);
            }
            *a = x;
            return 0;
        }
    return action_bad(text, 0, "not legal in this position", err, n);
}
