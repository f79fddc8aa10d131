/* select.c — see select.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "select.h"

static const char *const key_names[SEL_KEYS] = { "id", "turns", "setup", "ending", "winner", "seat" };

/* The names a key's values may take, indexed by their number, from the
 * game's tables (none for id and turns: numbers). */
typedef struct value_names {
    const char *name[16];
    char own[GAME_MAX_PLAYERS][24]; /* "seat K" for a game without seat names */
    int n;
} value_names;

static void add_name(value_names *v, const char *name)
{
    if (v->n < 16)
        v->name[v->n++] = name;
}

static void key_value_names(const game_def *g, int key, value_names *v)
{
    v->n = 0;
    if (key == SEL_SETUP)
        for (int i = 0; g->setup_names[i]; i++)
            add_name(v, g->setup_names[i]);
    else if (key == SEL_ENDING) {
        add_name(v, "unfinished");
        for (int i = 1; g->ending_names[i]; i++)
            add_name(v, g->ending_names[i]);
    } else if (key == SEL_WINNER || key == SEL_SEAT) {
        if (key == SEL_WINNER)
            add_name(v, "none");
        for (int k = 0; k < g->max_players && k < GAME_MAX_PLAYERS; k++) {
            if (g->seat_names) {
                add_name(v, g->seat_names[k]);
            } else {
                snprintf(v->own[k], sizeof v->own[k], "seat %d", k);
                add_name(v, v->own[k]);
            }
        }
    }
}

/* Whether s[0..len) names name: letters in any case, spaces, '_' and '-'
 * left out ("white" is White, "seat1" and "seat-1" are "seat 1", and
 * no_capture, the name records store, is also the old no-capture of the
 * engine protocol's print and nocapture). */
static bool is_gap(char c)
{
    return c == ' ' || c == '_' || c == '-';
}

static bool same_name(const char *name, const char *s, size_t len)
{
    size_t i = 0;
    for (const char *c = name;; c++) {
        while (is_gap(*c))
            c++;
        while (i < len && is_gap(s[i]))
            i++;
        if (!*c || i == len)
            return !*c && i == len;
        int a = *c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c, b = s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i];
        if (a != b)
            return false;
        i++;
    }
}

static int bad(char *err, size_t n, const char *expr, const char *what, const char *at, size_t len)
{
    snprintf(err, n, "bad --select '%s': %s '%.*s'", expr, what, (int)len, at);
    return -1;
}

static int parse_number(const char *s, size_t len, uint64_t *v)
{
    char tmp[32], *end;
    if (!len || len >= sizeof tmp || s[0] < '0' || s[0] > '9')
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    errno = 0;
    *v = strtoull(tmp, &end, 10);
    return *end || errno ? -1 : 0;
}

/* One value of key k, s[0..len). */
static int parse_value(const game_def *g, int k, const char *s, size_t len, sel_range *r)
{
    if (k != SEL_ID && k != SEL_TURNS) {
        value_names v;
        key_value_names(g, k, &v);
        for (int i = 0; i < v.n; i++)
            if (len && same_name(v.name[i], s, len)) {
                r->lo = r->hi = (uint64_t)i;
                return 0;
            }
        return -1;
    }
    const char *dash = memchr(s, '-', len);
    if (!dash)
        return parse_number(s, len, &r->lo) ? -1 : (r->hi = r->lo, 0);
    if (parse_number(s, (size_t)(dash - s), &r->lo) || parse_number(dash + 1, len - (size_t)(dash - s) - 1, &r->hi))
        return -1;
    return r->lo <= r->hi ? 0 : -1;
}

static int parse_term(sel_term *t, const game_def *g, const char *expr, const char *s, size_t len, char *err,
                      size_t n)
{
    const char *eq = memchr(s, '=', len);
    if (!eq)
        return bad(err, n, expr, "expected KEY=VALUE, got", s, len);
    size_t klen = (size_t)(eq - s);
    t->key = -1;
    for (int k = 0; k < SEL_KEYS; k++)
        if (strlen(key_names[k]) == klen && !strncmp(key_names[k], s, klen))
            t->key = k;
    if (t->key < 0)
        return bad(err, n, expr, "unknown key (expected id, turns, setup, ending, winner or seat):", s, klen);
    const char *v = eq + 1, *end = s + len;
    int alts = 1;
    for (const char *c = v; c < end; c++)
        alts += *c == '|';
    t->alt = calloc((size_t)alts, sizeof *t->alt);
    if (!t->alt)
        return snprintf(err, n, "out of memory"), -1;
    while (t->n < alts) {
        const char *bar = memchr(v, '|', (size_t)(end - v));
        size_t vlen = (size_t)((bar ? bar : end) - v);
        if (parse_value(g, t->key, v, vlen, &t->alt[t->n])) {
            char what[512] = "expected a number or a range N-M, got";
            if (t->key != SEL_ID && t->key != SEL_TURNS) { /* "expected a, b or c, got" */
                value_names names;
                size_t at = (size_t)snprintf(what, sizeof what, "expected");
                key_value_names(g, t->key, &names);
                for (int i = 0; i < names.n && at < sizeof what; i++)
                    at += (size_t)snprintf(what + at, sizeof what - at, "%s%s", i == 0 ? " " : i + 1 < names.n ? ", "
                                           : " or ", names.name[i]);
                if (at < sizeof what)
                    snprintf(what + at, sizeof what - at, ", got");
            }
            return bad(err, n, expr, what, v, vlen);
        }
        t->n++;
        v += vlen + 1;
    }
    return 0;
}

int sel_parse(selection *s, const game_def *g, const char *expr, char *err, size_t n)
{
    s->n = 0;
    s->terms = NULL;
    if (!expr || !*expr)
        return 0;
    int terms = 1;
    for (const char *c = expr; *c; c++)
        terms += *c == ',';
    s->terms = calloc((size_t)terms, sizeof *s->terms);
    if (!s->terms)
        return snprintf(err, n, "out of memory"), -1;
    for (const char *t = expr;;) {
        const char *comma = strchr(t, ',');
        size_t len = comma ? (size_t)(comma - t) : strlen(t);
        if (parse_term(&s->terms[s->n++], g, expr, t, len, err, n)) {
            sel_free(s);
            return -1;
        }
        if (!comma)
            break;
        t = comma + 1;
    }
    return 0;
}

static uint64_t game_value(int key, const rec_game *g)
{
    switch (key) {
    case SEL_ID:
        return g->id;
    case SEL_TURNS:
        return (uint64_t)g->turns;
    case SEL_SETUP:
        return (uint64_t)g->setup;
    case SEL_ENDING:
        return (uint64_t)g->ending;
    case SEL_WINNER:
        return (uint64_t)(rec_game_winner(g) + 1);
    default:
        return 0;
    }
}

/* Whether seat k of g ranked first, alone or shared, in a game that ended. */
static bool first_place(const rec_game *g, uint64_t k)
{
    return (g->ending || g->forfeit) && k < GAME_MAX_PLAYERS && g->ranks[k] == 0;
}

bool sel_match(const selection *s, const rec_game *g)
{
    for (int i = 0; i < s->n; i++) {
        const sel_term *t = &s->terms[i];
        uint64_t v = game_value(t->key, g);
        bool any = false;
        for (int j = 0; j < t->n && !any; j++)
            any = t->key == SEL_SEAT ? first_place(g, t->alt[j].lo) : v >= t->alt[j].lo && v <= t->alt[j].hi;
        if (!any)
            return false;
    }
    return true;
}

void sel_free(selection *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->terms[i].alt);
    free(s->terms);
    s->n = 0;
    s->terms = NULL;
}
