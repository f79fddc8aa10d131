/* params.c — game specs with parameters, the variants they name, and the
 * set-up and parse calls that give a variant's states its rules (game.h,
 * "parameters").
 *
 * A spec is NAME or NAME:KEY=VALUE,...; its canonical form sorts the keys
 * and leaves out every default, so a spec that says only the rulebook's
 * values is the registered game itself, and every other names a variant:
 * a copy of the game's table with name set to the canonical spec.  The
 * copies are made once per process and never freed (like the registered
 * tables, they live as long as the program), so a variant is one pointer
 * wherever it is looked up, and the drivers' `run->game != g` tells two
 * variants apart as it tells two games apart. */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
#include "engine/game.h"

typedef struct variant {
    game_def def;
    char name[GAME_SPEC_MAX];
    char title[192];
    long values[GAME_PARAMS_MAX];
    struct variant *next;
} variant;

/* Process-wide by nature, as the registry is: the mutex makes the first
 * look-up of a spec from several threads make one copy. */
static pthread_mutex_t variants_lock = PTHREAD_MUTEX_INITIALIZER;
static variant *variants;

const game_def *game_base(const game_def *g)
{
    return g && g->base ? g->base : g;
}

int game_param_count(const game_def *g)
{
    int n = 0;
    for (const game_param *p = game_base(g)->params; p && p->name; p++)
        n++;
    return n;
}

/* A number in units of 1/scale ([-]digits[.digits], a multiple of the
 * unit) into *v: 0, or -1 with why. */
static int decimal_parse(const game_param *p, const char *text, long *v, char *why, size_t n)
{
    const char *q = text + (*text == '-');
    size_t len = strlen(text);
    bool ok = len > 0 && len < 24 && isdigit((unsigned char)*q);
    while (ok && isdigit((unsigned char)*q))
        q++;
    if (ok && *q == '.') {
        ok = isdigit((unsigned char)q[1]);
        for (q++; ok && isdigit((unsigned char)*q);)
            q++;
    }
    if (!ok || *q) {
        snprintf(why, n, "expected a number such as 1.5");
        return -1;
    }
    double x = strtod(text, NULL) * p->scale;
    long r = lround(x);
    char unit[16], lo[24], hi[24];
    if (fabs(x - (double)r) > 1e-9 * (fabs(x) > 1 ? fabs(x) : 1)) {
        game_param_format(p, 1, unit, sizeof unit);
        snprintf(why, n, "not a multiple of %s", unit);
        return -1;
    }
    if (r < p->min || r > p->max) {
        game_param_format(p, p->min, lo, sizeof lo);
        game_param_format(p, p->max, hi, sizeof hi);
        snprintf(why, n, "out of range %s to %s", lo, hi);
        return -1;
    }
    *v = r;
    return 0;
}

int game_param_parse(const game_param *p, const char *text, long *v, char *why, size_t n)
{
    if (p->values) {
        for (long i = 0; p->values[i]; i++)
            if (!strcmp(p->values[i], text)) {
                *v = i;
                return 0;
            }
        snprintf(why, n, "not one of its words");
        return -1;
    }
    if (p->scale > 1)
        return decimal_parse(p, text, v, why, n);
    int64_t x;
    if (num_i64(text, p->min, p->max, &x, why, n))
        return -1;
    *v = (long)x;
    return 0;
}

void game_param_format(const game_param *p, long v, char *out, size_t n)
{
    if (p->values) {
        snprintf(out, n, "%s", p->values[v]);
        return;
    }
    if (p->scale <= 1 || v % p->scale == 0) {
        snprintf(out, n, "%ld", p->scale > 1 ? v / p->scale : v);
        return;
    }
    for (int d = 1; d <= 9; d++) { /* the shortest decimal that reads back */
        snprintf(out, n, "%.*f", d, (double)v / p->scale);
        if (lround(strtod(out, NULL) * p->scale) == v)
            return;
    }
}

/* A parameter's default as its value: the word's index, or the number. */
static long default_value(const game_param *p)
{
    long v = 0;
    char why[8];
    game_param_parse(p, p->dflt, &v, why, sizeof why); /* checked canonical by the registry */
    return v;
}

const char *game_param_text(const game_def *g, int i, char *out, size_t n)
{
    const game_param *p = &game_base(g)->params[i];
    game_param_format(p, g->param_values ? g->param_values[i] : default_value(p), out, n);
    return out;
}

const char *game_param_list(const game_def *g)
{
    const char *colon = g->base ? strchr(g->name, ':') : NULL;
    return colon ? colon + 1 : "";
}

/* "first, pie": the keys, for messages. */
static void key_list(const game_def *g, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    for (const game_param *p = g->params; p->name && len < n; p++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", p == g->params ? "" : ", ", p->name);
}

/* value's meaning for parameter p, into *v: 0, or -1 with a message. */
static int parse_value(const game_def *g, const game_param *p, const char *value, long *v, char *err, size_t n)
{
    char why[160];
    if (!game_param_parse(p, value, v, why, sizeof why))
        return 0;
    if (p->values) {
        char words[200] = "";
        size_t len = 0;
        for (long i = 0; p->values[i] && len < sizeof words; i++)
            len += (size_t)snprintf(words + len, sizeof words - len, "%s%s", i ? ", " : "", p->values[i]);
        snprintf(err, n, "unknown value '%s' of %s's parameter %s (expected %s)", MSG_PATH(value), g->name, p->name,
                 words);
        return -1;
    }
    snprintf(err, n, "bad value '%s' of %s's parameter %s: %s", MSG_PATH(value), g->name, p->name, why);
    return -1;
}

/* One KEY=VALUE of a spec's list into values (seen marks the keys given). */
static int parse_item(const game_def *g, const char *item, long *values, bool *seen, char *err, size_t n)
{
    const char *eq = strchr(item, '=');
    if (!eq || eq == item) {
        snprintf(err, n, "bad game parameter '%s' of %s (expected KEY=VALUE)", MSG_PATH(item), g->name);
        return -1;
    }
    int i = 0;
    for (; g->params && g->params[i].name; i++)
        if (strlen(g->params[i].name) == (size_t)(eq - item) && !strncmp(g->params[i].name, item, (size_t)(eq - item)))
            break;
    if (!g->params || !g->params[i].name) {
        char key[48], keys[200];
        snprintf(key, sizeof key, "%.*s", (int)(eq - item < 40 ? eq - item : 40), item);
        if (!g->params) {
            snprintf(err, n, "unknown parameter '%s': %s has no parameters", MSG_PATH(key), g->name);
            return -1;
        }
        key_list(g, keys, sizeof keys);
        snprintf(err, n, "unknown parameter '%s' of %s (it has %s: triad help games)", MSG_PATH(key), g->name, keys);
        return -1;
    }
    if (seen[i]) {
        snprintf(err, n, "%s's parameter %s is given twice", g->name, g->params[i].name);
        return -1;
    }
    seen[i] = true;
    return parse_value(g, &g->params[i], eq + 1, &values[i], err, n);
}

/* The canonical list (keys sorted, defaults left out) of values for g. */
static int canonical_list(const game_def *g, const long *values, char *out, size_t n)
{
    int count = game_param_count(g), order[GAME_PARAMS_MAX];
    for (int i = 0; i < count; i++) {
        int j = i;
        for (; j > 0 && strcmp(g->params[order[j - 1]].name, g->params[i].name) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    size_t len = 0;
    out[0] = 0;
    for (int k = 0; k < count; k++) {
        const game_param *p = &g->params[order[k]];
        if (values[order[k]] == default_value(p))
            continue;
        char v[32];
        game_param_format(p, values[order[k]], v, sizeof v);
        len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s=%s", len ? "," : "", p->name, v);
    }
    return len < n ? 0 : -1;
}

/* The variant of g with the canonical list, made on its first look-up. */
static const game_def *intern(const game_def *g, const char *list, const long *values, char *err, size_t n)
{
    char name[GAME_SPEC_MAX];
    if ((size_t)snprintf(name, sizeof name, "%s:%s", g->name, list) >= sizeof name) {
        snprintf(err, n, "the game spec %s:%s is longer than %d characters", g->name, list, GAME_SPEC_MAX - 1);
        return NULL;
    }
    pthread_mutex_lock(&variants_lock);
    variant *v = variants;
    while (v && strcmp(v->name, name))
        v = v->next;
    if (!v && (v = calloc(1, sizeof *v))) {
        snprintf(v->name, sizeof v->name, "%s", name);
        snprintf(v->title, sizeof v->title, "%s, %s", g->title, list);
        memcpy(v->values, values, sizeof v->values);
        v->def = *g;
        v->def.name = v->name;
        v->def.title = v->title;
        v->def.base = g;
        v->def.param_values = v->values;
        /* Other programs' records and records format 1 hold the rulebook's
         * games only (TZAAR's LittleGolem records, format 1). */
        v->def.formats = NULL;
        v->def.records_v1 = NULL;
        v->next = variants;
        variants = v;
    }
    pthread_mutex_unlock(&variants_lock);
    if (!v)
        snprintf(err, n, "out of memory");
    return v ? &v->def : NULL;
}

const game_def *game_find(const char *spec, char *err, size_t n)
{
    const char *colon = strchr(spec, ':');
    if (!colon)
        return game_find_registered(spec, err, n);
    char name[GAME_SPEC_MAX], items[GAME_SPEC_MAX * 4];
    if ((size_t)(colon - spec) >= sizeof name || strlen(colon + 1) >= sizeof items) {
        snprintf(err, n, "game spec '%s' is too long", MSG_PATH(spec));
        return NULL;
    }
    memcpy(name, spec, (size_t)(colon - spec));
    name[colon - spec] = 0;
    const game_def *g = game_find_registered(name, err, n);
    if (!g)
        return NULL;
    long values[GAME_PARAMS_MAX] = { 0 };
    bool seen[GAME_PARAMS_MAX] = { false };
    for (int i = 0; i < game_param_count(g); i++)
        values[i] = default_value(&g->params[i]);
    snprintf(items, sizeof items, "%s", colon + 1);
    char *item = items;
    if (!*item) {
        snprintf(err, n, "game spec '%s': expected KEY=VALUE after ':'", MSG_PATH(spec));
        return NULL;
    }
    for (char *tok = items; tok; tok = item) {
        item = strchr(tok, ',');
        if (item)
            *item++ = 0;
        if (parse_item(g, tok, values, seen, err, n))
            return NULL;
    }
    char list[GAME_SPEC_MAX];
    if (canonical_list(g, values, list, sizeof list)) {
        snprintf(err, n, "game spec '%s' is too long", MSG_PATH(spec));
        return NULL;
    }
    return list[0] ? intern(g, list, values, err, n) : g;
}

int game_variants(const game_def *g, const game_def **out, int max, char *err, size_t n)
{
    g = game_base(g);
    int count = game_param_count(g), k = 0;
    /* Each parameter's candidates: every word, or a range's ends and default. */
    long cand[GAME_PARAMS_MAX][3 + 16];
    int ncand[GAME_PARAMS_MAX], at[GAME_PARAMS_MAX] = { 0 };
    for (int i = 0; i < count; i++) {
        const game_param *p = &g->params[i];
        ncand[i] = 0;
        if (p->values)
            for (long w = 0; p->values[w] && ncand[i] < 19; w++)
                cand[i][ncand[i]++] = w;
        else {
            long d = default_value(p), ends[3] = { d, p->min, p->max };
            for (int e = 0; e < 3; e++)
                if (!e || (ends[e] != d && (e < 2 || p->max != p->min)))
                    cand[i][ncand[i]++] = ends[e];
        }
    }
    for (;;) {
        long values[GAME_PARAMS_MAX] = { 0 };
        for (int i = 0; i < count; i++)
            values[i] = cand[i][at[i]];
        char list[GAME_SPEC_MAX];
        const game_def *v = NULL;
        if (canonical_list(g, values, list, sizeof list))
            snprintf(err, n, "a variant of %s has a spec too long", g->name);
        else
            v = list[0] ? intern(g, list, values, err, n) : g;
        if (!v)
            return -1;
        if (k < max)
            out[k] = v;
        k++;
        int i = 0; /* the next combination, the first parameter fastest */
        while (i < count && ++at[i] == ncand[i])
            at[i++] = 0;
        if (i == count)
            break;
    }
    return k < max ? k : max;
}

int game_apply_params(const game_def *g, void *s, bool start, char *err, size_t n)
{
    const game_def *b = game_base(g);
    if (!b->set_params)
        return 0;
    long defaults[GAME_PARAMS_MAX];
    for (int i = 0; i < game_param_count(b); i++)
        defaults[i] = default_value(&b->params[i]);
    return b->set_params(s, g->param_values ? g->param_values : defaults, start, err, n);
}

int game_setup(const game_def *g, void *s, const char *setup, int players, uint64_t seed, char *err, size_t n)
{
    return g->setup(s, setup, players, seed, err, n) ? -1 : game_apply_params(g, s, true, err, n);
}

int game_from_text(const game_def *g, void *s, const char *text, char *err, size_t n)
{
    return g->from_text(s, text, err, n) ? -1 : game_apply_params(g, s, false, err, n);
}

int game_bench_start(const game_def *g, void *s, int i, char *err, size_t n)
{
    const char *text = g->bench->positions[i].position;
    return g->from_text(s, text, err, n) ? -1 : game_apply_params(g, s, true, err, n);
}
