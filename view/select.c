/* select.c — see select.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "select.h"

static const char *const key_names[SEL_KEYS] = { "id", "turns", "setup", "ending", "winner" };
/* Names a key's values may take, indexed by their number (NULL: numbers). */
static const char *const ending_values[] = { "unfinished", "trinity", "no_capture", NULL };
static const char *const winner_values[] = { "none", "white", "black", NULL };
static const char *const setup_values[] = { "random", "fixed", "tournament", NULL };
static const char *const *const key_values[SEL_KEYS] = { NULL, NULL, setup_values, ending_values, winner_values };

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
static int parse_value(int k, const char *s, size_t len, sel_range *r)
{
    if (key_values[k]) {
        for (int i = 0; key_values[k][i]; i++)
            if (strlen(key_values[k][i]) == len && !strncmp(key_values[k][i], s, len)) {
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

static int parse_term(sel_term *t, const char *expr, const char *s, size_t len, char *err, size_t n)
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
        return bad(err, n, expr, "unknown key (expected id, turns, setup, ending or winner):", s, klen);
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
        if (parse_value(t->key, v, vlen, &t->alt[t->n]))
            return bad(err, n, expr,
                       t->key <= SEL_TURNS        ? "expected a number or a range N-M, got"
                       : t->key == SEL_SETUP  ? "expected random, fixed or tournament, got"
                       : t->key == SEL_ENDING ? "expected trinity, no_capture or unfinished, got"
                                              : "expected white, black or none, got",
                       v, vlen);
        t->n++;
        v += vlen + 1;
    }
    return 0;
}

int sel_parse(selection *s, const char *expr, char *err, size_t n)
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
        if (parse_term(&s->terms[s->n++], expr, t, len, err, n)) {
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
    default:
        return (uint64_t)(rec_game_winner(g) + 1);
    }
}

bool sel_match(const selection *s, const rec_game *g)
{
    for (int i = 0; i < s->n; i++) {
        const sel_term *t = &s->terms[i];
        uint64_t v = game_value(t->key, g);
        bool any = false;
        for (int j = 0; j < t->n && !any; j++)
            any = v >= t->alt[j].lo && v <= t->alt[j].hi;
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
