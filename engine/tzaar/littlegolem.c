/* littlegolem.c — LittleGolem's SGF-like TZAAR records (the rules page,
 * ../shared/rules/tzaar.md), TZAAR's external records format behind
 * game_def.formats: `triad records import/export --format littlegolem`
 * (records/formats.h gives the games their ids and results).
 *
 * A record is "(;" root properties, then one node per turn: W[...] or B[...]
 * holding the turn's actions joined by '-'.  An action is four letters,
 * k..s for -4..+4, giving x and y of the source point then of the target
 * (axial form); a declined second action is "pass". */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "formats.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "notation.h"
#include "setup.h"

#define VALUE_MAX 512

typedef struct parser {
    const char *text;   /* the whole file, for line numbers */
    const char *end;    /* its end: a NUL byte before it is the file's own */
    const char *p;
    const char *at;     /* where the property being read starts, for messages */
    const char *name;   /* the file, for messages */
    int game;           /* 1-based within the file */
    char *err;
    size_t n;
} parser;

/* The line (from 1) and byte offset of at in the text. */
static void locate(const parser *ps, const char *at, int *line, long *offset)
{
    *line = 1;
    for (const char *q = ps->text; q < at; q++)
        *line += *q == '\n';
    *offset = (long)(at - ps->text);
}

/* "NAME: game N: what (line L, offset O)", where is the property being
 * read, else the parser's position. */
static int fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(parser *ps, const char *fmt, ...)
{
    int line;
    long offset;
    locate(ps, ps->at ? ps->at : ps->p, &line, &offset);
    int k = snprintf(ps->err, ps->n, "%s: game %d: ", ps->name, ps->game);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < ps->n)
        k += vsnprintf(ps->err + k, ps->n - (size_t)k, fmt, ap);
    va_end(ap);
    if (k >= 0 && (size_t)k < ps->n)
        snprintf(ps->err + k, ps->n - (size_t)k, " (line %d, offset %ld)", line, offset);
    return -1;
}

/* len bytes of the input made safe to print on one line: control bytes
 * (NUL included), quotes and backslashes escaped, cut to fit (with "..."). */
static const char *escaped(const char *s, size_t len, char *out, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char one[8];
        if (c == '\n' || c == '\t' || c == '\r')
            snprintf(one, sizeof one, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else if (c < 0x20 || c == 0x7f)
            snprintf(one, sizeof one, "\\x%02x", c);
        else if (c == '\\' || c == '\'')
            snprintf(one, sizeof one, "\\%c", c);
        else
            snprintf(one, sizeof one, "%c", c);
        if (o + strlen(one) + 4 >= n) {
            snprintf(out + o, n - o, "...");
            return out;
        }
        o += (size_t)snprintf(out + o, n - o, "%s", one);
    }
    out[o] = 0;
    return out;
}

static void skip_space(parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

/* A NUL byte of the file's own at the parser's position (not its end): a
 * control character, said as such rather than taken for the end. */
static bool at_nul(const parser *ps)
{
    return !*ps->p && ps->p < ps->end;
}

/* The message what, saying so when a NUL byte stands there. */
static int expected(parser *ps, const char *what)
{
    return fail(ps, "%s%s", what, at_nul(ps) ? " (a NUL byte stands there: a control character)" : "");
}

/* Whether the text from..to holds a line that starts a game, "(;": a
 * value that runs into the next game lacks its ']'. */
static bool runs_into_next_game(const char *from, const char *to)
{
    for (const char *q = from; q < to; q++)
        if (*q == '\n') {
            const char *r = q + 1;
            while (r < to && isspace((unsigned char)*r))
                r++;
            if (to - r >= 2 && r[0] == '(' && r[1] == ';')
                return true;
        }
    return false;
}

/* Reads one property "KEY[value]" (SGF escapes: \] and \\).  Returns 1, 0
 * at the end of the node, -1 on a syntax error. */
static int property(parser *ps, char key[8], char value[VALUE_MAX])
{
    skip_space(ps);
    ps->at = ps->p;
    int k = 0;
    while (isupper((unsigned char)*ps->p) && k < 7)
        key[k++] = *ps->p++;
    key[k] = 0;
    if (!k)
        return 0;
    skip_space(ps);
    if (*ps->p != '[') {
        char what[32];
        snprintf(what, sizeof what, "'[' expected after %s", key);
        return expected(ps, what);
    }
    size_t v = 0;
    bool cut = false, nul = false;
    const char *open = ps->p + 1;
    for (ps->p++; ps->p < ps->end && *ps->p != ']'; ps->p++) {
        if (*ps->p == '\\' && ps->p + 1 < ps->end)
            ps->p++;
        nul |= !*ps->p;
        if (v + 1 < VALUE_MAX)
            value[v++] = *ps->p;
        else
            cut = true;
    }
    value[v] = 0;
    /* A NUL byte would end the value early as a C string: refused as the
     * control character it is, as a tab or a newline in a name is. */
    if (nul) {
        char text[64];
        return fail(ps, "%s[%s] holds a control character (a NUL byte): no value may hold one", key,
                    escaped(open, (size_t)(ps->p - open), text, sizeof text));
    }
    /* A missing ']' swallows what follows, up to the next one: say so
     * rather than complain about the swallowed text. */
    if (*ps->p != ']' || runs_into_next_game(open, ps->p))
        return fail(ps, "unterminated value %s[...: no ']' before %s", key,
                    *ps->p != ']' ? "the end of the file" : "the next game");
    /* A value the import uses is refused when too long, never cut; any
     * other (a long comment) may be cut, as nothing reads it. */
    static const char *const used[] = { "POS", "PW", "PB", "W", "B" };
    for (size_t i = 0; cut && i < sizeof used / sizeof *used; i++)
        if (!strcmp(key, used[i]))
            return fail(ps, "%s[...] value longer than %d bytes", key, VALUE_MAX - 1);
    ps->p++;
    return 1;
}

/* The point two letters name, or -1 with why in err: letters outside k..s,
 * a point off the board, or the hole at its centre (oo). */
static int lg_point(const char *s, char *why, size_t n)
{
    if (s[0] < 'k' || s[0] > 's' || s[1] < 'k' || s[1] > 's') {
        snprintf(why, n, "expected 4 letters k-s, or pass");
        return -1;
    }
    int pt = tz_geo_from_axial(s[0] - 'o', s[1] - 'o');
    if (pt < 0)
        snprintf(why, n, "%c%c is %s", s[0], s[1], s[0] == 'o' && s[1] == 'o' ? "the hole at the centre of the board"
                                                                                 : "off the board");
    return pt;
}

/* Turns one LittleGolem action into ours in p (legality is checked later);
 * -1 with why in err. */
static int lg_action(const position *p, const char *s, size_t len, action *a, char *why, size_t n)
{
    if (len == 4 && !strncmp(s, "pass", 4)) {
        *a = ACTION_PASS;
        return 0;
    }
    if (len != 4) {
        snprintf(why, n, "expected 4 letters k-s, or pass");
        return -1;
    }
    int from = lg_point(s, why, n), to = from < 0 ? -1 : lg_point(s + 2, why, n);
    if (from < 0 || to < 0)
        return -1;
    *a = act_make(from, to, p->occ[p->side] >> to & 1 ? ACT_STACK : ACT_CAPTURE);
    return 0;
}

static bool turn_starts(const position *p)
{
    return p->phase == PHASE_OPENING || p->phase == PHASE_FIRST;
}

/* Plays the node "W[value]" or "B[value]", the game's turn-th turn.  *short
 * is set when it held one action and the game goes on: only a last node
 * may (a resignation). */
static int play_turn(parser *ps, game_transcript *g, position *p, int colour, const char *value, int turn,
                     bool *short_turn)
{
    if (tz_game_winner(p, NULL) >= 0)
        return fail(ps, "turn %d: the game is already over", turn);
    char text[64];
    if (colour != p->side)
        return fail(ps, "turn %d: %c[%s], but %s is to move", turn, colour == WHITE ? 'W' : 'B',
                    escaped(value, strlen(value), text, sizeof text), p->side == WHITE ? "White" : "Black");
    const char *s = value;
    for (int k = 1;; k++) {
        const char *dash = strchr(s, '-');
        size_t len = dash ? (size_t)(dash - s) : strlen(s);
        action a;
        char shown[64], why[80];
        escaped(s, len, shown, sizeof shown);
        if (k > 2 || (k == 2 && (p->phase != PHASE_SECOND || p->winner >= 0)))
            return fail(ps, "turn %d: action %d '%s' after the turn or the game ended", turn, k, shown);
        if (lg_action(p, s, len, &a, why, sizeof why))
            return fail(ps, "turn %d: bad action '%s': %s", turn, shown, why);
        if (g->nactions == GAME_RECORD_ACTIONS_MAX || !tz_action_is_legal(p, a)) {
            char ours[ACTION_TEXT_MAX];
            tz_action_to_text(a, p->side, ours);
            return fail(ps, "turn %d: illegal action '%s' (%s)", turn, shown, ours);
        }
        g->actions[g->nactions++] = a;
        undo u;
        pos_make(p, a, &u);
        if (!dash)
            break;
        s = dash + 1;
    }
    *short_turn = p->phase == PHASE_SECOND && p->winner < 0;
    return 0;
}

/* Stores PW/PB's name as the player "lg:NAME".  Names are kept whole or
 * refused: one without control characters that fits a records file. */
static int set_name(parser *ps, const char *key, const char *name, char spec[GAME_PLAYER_NAME_MAX])
{
    char text[64];
    for (const char *c = name; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return fail(ps, "%s[%s] holds a control character: a player's name must be one line of text", key,
                        escaped(name, strlen(name), text, sizeof text));
    if (strlen(name) > GAME_PLAYER_NAME_MAX - 4)
        return fail(ps, "%s[%s] is %zu bytes: a records file keeps player names of at most %d", key,
                    escaped(name, strlen(name), text, sizeof text), strlen(name), GAME_PLAYER_NAME_MAX - 4);
    snprintf(spec, GAME_PLAYER_NAME_MAX, "lg:%s", name);
    return 0;
}

/* The root node: the starting position and the players. */
static int read_root(parser *ps, game_transcript *g)
{
    char key[8], value[VALUE_MAX], pos[POS_TEXT_MAX] = "", err[160];
    int rc;
    snprintf(g->players[WHITE], GAME_PLAYER_NAME_MAX, "lg:");
    snprintf(g->players[BLACK], GAME_PLAYER_NAME_MAX, "lg:");
    while ((rc = property(ps, key, value)) == 1) {
        if (!strcmp(key, "POS"))
            snprintf(pos, sizeof pos, "%.180s w 0", value);
        else if (!strcmp(key, "PW") && set_name(ps, key, value, g->players[WHITE]))
            return -1;
        else if (!strcmp(key, "PB") && set_name(ps, key, value, g->players[BLACK]))
            return -1;
    }
    if (rc < 0)
        return -1;
    if (!pos[0])
        return fail(ps, "no POS[...] (the starting position)");
    ps->at = NULL;
    tz_state st;
    memset(&st, 0, sizeof st);
    if (tz_pos_from_text(&st.pos, pos, err, sizeof err))
        return fail(ps, "bad POS: %s", err);
    memcpy(g->start, &st, sizeof st);
    g->setup = !strncmp(pos, TZ_SETUP_FIXED_TEXT, GEO_POINTS) ? SETUP_FIXED : SETUP_RANDOM;
    return 0;
}

/* One game, checked legal; its result is the replay's (records/formats.c). */
static int read_game(parser *ps, game_transcript *g)
{
    char key[8], value[VALUE_MAX];
    int rc, turn = 0;
    bool short_turn = false;
    ps->p++; /* '(' */
    skip_space(ps);
    if (*ps->p != ';')
        return expected(ps, "';' expected after '('");
    ps->p++;
    if (read_root(ps, g))
        return -1;
    position p = *tz_pos_of(g->start);
    for (skip_space(ps); *ps->p == ';'; skip_space(ps)) {
        ps->p++;
        while ((rc = property(ps, key, value)) == 1) {
            if (strcmp(key, "W") && strcmp(key, "B"))
                continue;
            if (short_turn)
                return fail(ps, "turn %d has one action, but the game goes on after it", turn);
            if (play_turn(ps, g, &p, key[0] == 'W' ? WHITE : BLACK, value, ++turn, &short_turn))
                return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (*ps->p != ')')
        return expected(ps, "')' expected at the end of the game");
    ps->p++;
    return 0;
}

/* game_format.import_text: a game stopped before its end (a resignation)
 * is kept, unfinished; setup fixed when POS is the rulebook's, else
 * random; players "lg:NAME". */
static int lg_import(const game_def *gd, const char *text, size_t len, const char *name, game_transcript_fn sink,
                     void *ctx, char *err, size_t n)
{
    parser ps = { text, text + len, text, NULL, name, 0, err, n };
    static const game_transcript blank;
    game_transcript *g = malloc(sizeof *g);
    (void)gd;
    if (!g) {
        snprintf(err, n, "%s: out of memory", name);
        return -1;
    }
    int rc = 0;
    for (skip_space(&ps); ps.p < ps.end && rc == 0; skip_space(&ps)) {
        ps.game++;
        *g = blank;
        if (*ps.p != '(')
            rc = expected(&ps, "'(' expected: not a LittleGolem record");
        else if (read_game(&ps, g))
            rc = -1;
        else {
            g->nplayers = 2;
            if (sink(ctx, g))
                rc = -1, snprintf(err, n, "%s: game %d: could not be stored", name, ps.game);
        }
    }
    free(g);
    return rc ? -1 : ps.game;
}

static void put_name(buf *out, const char *key, const char *spec)
{
    if (!strncmp(spec, "lg:", 3))
        spec += 3;
    buf_printf(out, "%s[", key);
    for (; *spec; spec++) {
        if (*spec == ']' || *spec == '\\')
            buf_byte(out, '\\');
        buf_byte(out, (uint8_t)*spec);
    }
    buf_byte(out, ']');
}

static void put_action(buf *out, action a)
{
    if (act_kind(a) == ACT_PASS) {
        buf_printf(out, "pass");
        return;
    }
    buf_printf(out, "%c%c%c%c", 'o' + tz_geo_x[act_from(a)], 'o' + tz_geo_y[act_from(a)], 'o' + tz_geo_x[act_to(a)],
            'o' + tz_geo_y[act_to(a)]);
}

/* game_format.export_game: one line; refused when the start is not a full
 * board at White's opening, or reached from an empty one by placement. */
static int lg_export(const game_def *gd, const game_transcript *g, buf *out, char *err, size_t n)
{
    (void)gd;
    position p = *tz_pos_of(g->start);
    undo u;
    int j = 0;
    for (; j < g->nactions && p.phase == PHASE_PLACE; j++) /* LittleGolem starts after placement */
        tz_pos_make_place(&p, g->actions[j]);
    if (p.phase != PHASE_OPENING || (p.occ[0] | p.occ[1]) != (1ULL << GEO_POINTS) - 1) {
        snprintf(err, n, "game %llu: its start is not a full board at White's opening",
                 (unsigned long long)g->id);
        return -1;
    }
    char cells[POS_TEXT_MAX];
    tz_pos_to_text(&p, cells, sizeof cells);
    *strchr(cells, ' ') = 0;
    buf_printf(out, "(;FF[TZAAR]VA[%s]EV[triad game %llu]", g->setup == SETUP_FIXED ? "FIXED" : "RANDOM",
            (unsigned long long)g->id);
    put_name(out, "PB", g->players[BLACK]);
    put_name(out, "PW", g->players[WHITE]);
    buf_printf(out, "POS[%s]", cells);
    for (bool open = false; j < g->nactions; j++) {
        if (turn_starts(&p)) {
            buf_printf(out, "%s;%c[", open ? "]" : "", p.side == WHITE ? 'W' : 'B');
            open = true;
        } else {
            buf_byte(out, '-');
        }
        put_action(out, g->actions[j]);
        pos_make(&p, g->actions[j], &u);
        if (j + 1 == g->nactions)
            buf_byte(out, ']');
    }
    buf_printf(out, ")\n");
    return 0;
}

const game_format tz_format_littlegolem = {
    .name = "littlegolem",
    .help = "LittleGolem's TZAAR records (SGF-like, one game a line)",
    .import_text = lg_import,
    .export_game = lg_export,
};
