/* player.c — players made from spec strings (player.h).
 *
 * "random" draws a legal action; "greedy" plays the turn whose resulting
 * position the evaluation likes best; "ab" runs the alpha-beta searcher.
 * greedy and ab place pieces (tournament setup) by the policy place= names
 * (placement.h; by default the one-action evaluation).
 * Like the searcher, greedy works on the canonical image of the position
 * (symmetry.h) and maps its choice back, so symmetric positions are played
 * alike; random's choice is uniform over the legal actions already. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
#include "engine/weights.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "placement.h"
#include "player.h"
#include "symmetry.h"
#include "core/prng.h"
#include "engine/players.h"
#include "engine/nnue.h"
#include "game_tzaar.h"

enum { KIND_RANDOM, KIND_GREEDY, KIND_AB };
static const char *const kind_names[] = { "random", "greedy", "ab" };

#define DEFAULT_DEPTH 4
#define DEFAULT_TT_MB 16

struct player {
    char spec[256];
    int kind;
    search_limits lim;
    long tt_mb;
    eval_weights weights;
    bool weights_file;      /* weights= was given */
    char weights_path[256]; /* its value, for the canonical spec ("default": the game's file) */
    bool wcrc_given;        /* and wcrc=, the file's CRC-32 (engine/weights.h), as for every game */
    uint32_t wcrc;
    bool wsum_given;        /* or wsum=, the checksum records made before wcrc= store */
    uint32_t wsum;
    place_options place;
    bool ptemp_given;
    /* ab's evaluation: the linear one, or a network (net=FILE|default,
     * checked by ncrc=, the file's CRC-32, as wcrc= checks weights) */
    bool net_given, ncrc_given, linear_given;
    char net_path[256];
    uint32_t ncrc;
    nn_net net;
    searcher *search; /* ab only */
};

/* FNV-1a over the weights' bit patterns: what TZAAR's specs stored as wsum=
 * before they stored the file's CRC-32 as wcrc= like every other game's.
 * Kept to read those specs (an alias: a wsum= that matches the file means
 * the same player as that file's wcrc=). */
static uint32_t weights_checksum(const eval_weights *w)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < EVAL_FEATURES; i++) {
        /* A later feature at 0 is what a file from before it meant: left
         * out, so that file's checksum (in every spec that names it) stays. */
        if (i >= EVAL_FEATURES_V1 && w->w[i] == 0)
            continue;
        const unsigned char *b = (const unsigned char *)&w->w[i];
        for (size_t k = 0; k < sizeof w->w[i]; k++)
            h = (h ^ b[k]) * 16777619u;
    }
    return h;
}

/* An integer option in [min, max] (core/num: the whole string, in range). */
static bool parse_long(const char *s, long min, long max, long *out, char *why, size_t n)
{
    int64_t v;
    if (num_i64(s, min, max, &v, why, n))
        return false;
    *out = (long)v;
    return true;
}

/* Applies one key=value to pl (a gplayer_option_fn).  Returns 0, or -1
 * with err set ("player 'ab': unknown option 'x'"). */
static int set_option(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    player *pl = ctx;
    long v;
    char why[512] = "";
    bool ok = true, known = true;
    if (!strcmp(key, "weights") && pl->kind != KIND_RANDOM) {
        ok = *value && strlen(value) < sizeof pl->weights_path; /* loaded once the spec is parsed */
        snprintf(pl->weights_path, sizeof pl->weights_path, "%s", value);
        pl->weights_file = true;
    } else if (!strcmp(key, "wcrc") && pl->kind != KIND_RANDOM) {
        ok = !gweights_parse_wcrc(value, &pl->wcrc, why, sizeof why);
        pl->wcrc_given = true;
    } else if (!strcmp(key, "wsum") && pl->kind != KIND_RANDOM) {
        uint64_t x = 0;
        ok = !num_hex(value, 0xffffffffu, &x, why, sizeof why);
        pl->wsum = (uint32_t)x;
        pl->wsum_given = true;
    } else if (!strcmp(key, "place") && pl->kind != KIND_RANDOM) {
        pl->place.policy = tz_place_policy_index(value);
        ok = pl->place.policy >= 0;
        if (!ok)
            snprintf(why, sizeof why, "expected eval, search, soft or random");
    } else if (!strcmp(key, "ptemp") && pl->kind != KIND_RANDOM) {
        ok = !num_double(value, 0, PLACE_TEMP_MAX, &pl->place.temp, why, sizeof why);
        if (ok && !(pl->place.temp > 0)) {
            ok = false;
            snprintf(why, sizeof why, "must be above 0");
        }
        pl->ptemp_given = true;
    } else if (pl->kind != KIND_AB) {
        known = false;
    } else if (!strcmp(key, "net")) {
        ok = *value && strlen(value) < sizeof pl->net_path;
        snprintf(pl->net_path, sizeof pl->net_path, "%s", value);
        pl->net_given = true;
    } else if (!strcmp(key, "ncrc")) {
        uint64_t x = 0;
        ok = !num_hex(value, 0xffffffffu, &x, why, sizeof why);
        pl->ncrc = (uint32_t)x;
        pl->ncrc_given = true;
    } else if (!strcmp(key, "eval")) {
        ok = !strcmp(value, "linear") || !strcmp(value, "net");
        if (!ok)
            snprintf(why, sizeof why, "expected linear or net");
        else if (!strcmp(value, "net") && !pl->net_given)
            snprintf(pl->net_path, sizeof pl->net_path, "default"), pl->net_given = true;
        pl->linear_given = !strcmp(value, "linear");
    } else if (!strcmp(key, "depth")) {
        ok = parse_long(value, 0, SEARCH_MAX_DEPTH, &v, why, sizeof why) && ((pl->lim.depth = (int)v), true);
    } else if (!strcmp(key, "nodes")) {
        ok = parse_long(value, 0, 1000000000000000L, &v, why, sizeof why) && ((pl->lim.nodes = (uint64_t)v), true);
    } else if (!strcmp(key, "ms")) {
        ok = !num_double(value, 0, 1e9, &pl->lim.ms, why, sizeof why);
    } else if (!strcmp(key, "tt")) {
        ok = parse_long(value, 1, 4096, &pl->tt_mb, why, sizeof why);
    } else if (!strcmp(key, "noise")) {
        ok = parse_long(value, 0, 1000, &v, why, sizeof why) && ((pl->lim.noise = (int)v), true);
    } else if (!strcmp(key, "ties")) {
        ok = parse_long(value, 0, 1, &v, why, sizeof why) && ((pl->lim.ties = v == 1), true);
    } else {
        known = false;
    }
    if (!known)
        snprintf(err, errlen, "player '%s': unknown option '%s'", kind_names[pl->kind], MSG_PATH(key));
    else if (!ok)
        snprintf(err, errlen, "player '%s': bad value '%s' for '%s': %s", kind_names[pl->kind], MSG_PATH(value), key,
                 why);
    return known && ok ? 0 : -1;
}

/* Appends sep (then ',') and one formatted option at *at; false when the
 * text would not fit before end. */
static bool add_option(char **at, char *end, char *sep, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool add_option(char **at, char *end, char *sep, const char *fmt, ...)
{
    if (end - *at < 2)
        return false;
    *(*at)++ = *sep;
    *sep = ',';
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*at, (size_t)(end - *at), fmt, ap);
    va_end(ap);
    if (k < 0 || k >= end - *at)
        return false;
    *at += k;
    return true;
}

/* x as a spec writes it: a whole number as such, else the shortest text
 * that reads back the same.  Returns buf (40 bytes). */
static const char *number_text(double x, char text[40])
{
    snprintf(text, 40, "%.0f", x);
    for (int prec = 1; prec <= 17 && strtod(text, NULL) != x; prec++)
        snprintf(text, 40, "%.*g", prec, x);
    return text;
}

/* Writes pl's canonical spec into pl->spec: the name, then every option in
 * key order with its effective value, defaults included (ms, nodes, ties
 * and weights only when set; depth only when limited; place only when not
 * eval).  It makes the same
 * player again, so records can store it and --resume compare it. */
static int write_canonical(player *pl, const char *name, char *err, size_t errlen)
{
    char *at = pl->spec, *end = pl->spec + sizeof pl->spec, sep = ':', num[40];
    bool ok = (size_t)snprintf(pl->spec, sizeof pl->spec, "%s", name) < sizeof pl->spec;
    at += strlen(pl->spec);
    if (pl->kind == KIND_AB) {
        if (pl->lim.depth)
            ok = ok && add_option(&at, end, &sep, "depth=%d", pl->lim.depth);
        if (pl->lim.ms > 0)
            ok = ok && add_option(&at, end, &sep, "ms=%s", number_text(pl->lim.ms, num));
        /* net= with its checksum; none for the linear evaluation, so that
         * every spec written before networks keeps its text */
        if (pl->net_given && pl->ncrc_given)
            ok = ok && add_option(&at, end, &sep, "ncrc=%08x", (unsigned)pl->ncrc);
        if (pl->net_given)
            ok = ok && add_option(&at, end, &sep, "net=%s", pl->net_path);
        if (pl->lim.nodes)
            ok = ok && add_option(&at, end, &sep, "nodes=%llu", (unsigned long long)pl->lim.nodes);
        ok = ok && add_option(&at, end, &sep, "noise=%d", pl->lim.noise);
    }
    /* place= only when not the default, so that every spec written before
     * the option existed keeps its text (records, --resume); ptemp= with
     * place=soft, always. */
    if (pl->place.policy != PLACE_EVAL)
        ok = ok && add_option(&at, end, &sep, "place=%s", tz_place_policy_names[pl->place.policy]);
    if (pl->place.policy == PLACE_SOFT)
        ok = ok && add_option(&at, end, &sep, "ptemp=%s", number_text(pl->place.temp, num));
    if (pl->kind == KIND_AB) {
        if (pl->lim.ties)
            ok = ok && add_option(&at, end, &sep, "ties=1");
        ok = ok && add_option(&at, end, &sep, "tt=%ld", pl->tt_mb);
    }
    if (pl->weights_file && pl->wcrc_given) {
        ok = ok && add_option(&at, end, &sep, "wcrc=%08x", (unsigned)pl->wcrc);
        ok = ok && add_option(&at, end, &sep, "weights=%s", pl->weights_path);
    } else if (pl->weights_file) { /* an old record's spec, its file not at hand: as it was written */
        ok = ok && add_option(&at, end, &sep, "weights=%s", pl->weights_path);
        ok = ok && add_option(&at, end, &sep, "wsum=%08x", (unsigned)pl->wsum);
    }
    if (!ok)
        snprintf(err, errlen, "player spec longer than %zu characters", sizeof pl->spec - 1);
    return ok ? 0 : -1;
}

/* Parses spec into pl.  With trust (canonicalising a stored spec), a
 * weights= file whose wcrc= the spec gives is not read, and one with an old
 * record's wsum= is read if it can be (to give its wcrc=) and otherwise
 * left as written; without trust (a player that plays), the file is read
 * and must match the checksum the spec gives. */
static int configure(player *pl, const char *spec, bool trust, char *err, size_t errlen)
{
    char name[sizeof pl->spec];
    if (strlen(spec) >= sizeof name) {
        snprintf(err, errlen, "player spec longer than %zu characters", sizeof name - 1);
        return -1;
    }
    strcpy(name, spec);
    char *opts = strchr(name, ':');
    if (opts)
        *opts++ = 0;
    pl->kind = -1;
    for (int k = 0; k < 3; k++)
        if (!strcmp(name, kind_names[k]))
            pl->kind = k;
    if (pl->kind < 0) {
        snprintf(err, errlen, "unknown player '%s' (expected ab, greedy or random)", name);
        return -1;
    }
    tz_eval_weights_default(&pl->weights);
    pl->tt_mb = DEFAULT_TT_MB;
    pl->place = (place_options){ PLACE_EVAL, PLACE_TEMP_DEFAULT };
    if (opts && gplayer_each_option(name, opts, set_option, pl, err, errlen))
        return -1;
    if (pl->kind == KIND_AB && !pl->lim.depth && !pl->lim.nodes && !(pl->lim.ms > 0))
        pl->lim.depth = DEFAULT_DEPTH;
    if (pl->ptemp_given && pl->place.policy != PLACE_SOFT) {
        snprintf(err, errlen, "player '%s': ptemp= is place=soft's temperature, and place is %s", name,
                 tz_place_policy_names[pl->place.policy]);
        return -1;
    }
    if (pl->linear_given && pl->net_given) {
        snprintf(err, errlen, "player '%s': eval=linear and net= contradict each other", name);
        return -1;
    }
    if (pl->ncrc_given && !pl->net_given) {
        snprintf(err, errlen, "player '%s': ncrc= checks a net= file, and none is given", name);
        return -1;
    }
    if (pl->net_given && !(trust && pl->ncrc_given)) {
        nn_net_free(&pl->net);
        if (nn_pin(&game_tzaar, name, pl->net_path, pl->ncrc_given ? &pl->ncrc : NULL, 2, NN_FLAG_LINEAR, &pl->net, &pl->ncrc, err,
                   errlen))
            return -1;
        pl->ncrc_given = true;
    }
    if ((pl->wcrc_given || pl->wsum_given) && !pl->weights_file) {
        snprintf(err, errlen, "player '%s': %s= checks a weights= file, and none is given", name,
                 pl->wcrc_given ? "wcrc" : "wsum");
        return -1;
    }
    if (pl->weights_file && !(trust && pl->wcrc_given)) {
        uint32_t crc;
        double w[GAME_MAX_FEATURES];
        const game_def *g = tz_game_ready(err, errlen);
        if (!g)
            return -1;
        /* (with trust, wcrc= is not given here: a failure is the file's) */
        if (gweights_pin(g, name, pl->weights_path, pl->wcrc_given ? &pl->wcrc : NULL, w, &crc, err, errlen))
            return trust && pl->wsum_given ? write_canonical(pl, name, err, errlen) /* an old spec as it was */
                                           : -1;
        memcpy(pl->weights.w, w, sizeof pl->weights.w);
        uint32_t sum = weights_checksum(&pl->weights);
        if (pl->wsum_given && sum != pl->wsum) {
            snprintf(err, errlen, "player '%s': the weights file has changed (checksum %08x, wsum= says %08x)", name,
                     (unsigned)sum, (unsigned)pl->wsum);
            return -1;
        }
        pl->wcrc = crc; /* the canonical spec names the file's content too */
        pl->wcrc_given = true;
    }
    return write_canonical(pl, name, err, errlen);
}

int tz_player_canonical(const char *spec, bool stored, char *out, size_t n, char *err, size_t errlen)
{
    player *pl = calloc(1, sizeof *pl);
    int rc = -1;
    if (!pl)
        snprintf(err, errlen, "out of memory");
    else if (!configure(pl, spec, stored, err, errlen)) {
        rc = snprintf(out, n, "%s", pl->spec) >= (int)n ? -1 : 0;
        if (rc)
            snprintf(err, errlen, "player spec longer than %zu characters", n - 1);
    }
    if (pl)
        nn_net_free(&pl->net);
    free(pl);
    return rc;
}

player *tz_player_new(const char *spec, char *err, size_t errlen)
{
    player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (configure(pl, spec, false, err, errlen)) {
        tz_player_free(pl);
        return NULL;
    }
    if (pl->kind == KIND_AB && (!(pl->search = tz_searcher_new((size_t)pl->tt_mb, &pl->weights)) ||
                                (pl->net_given && tz_searcher_set_net(pl->search, &pl->net)))) {
        snprintf(err, errlen, "out of memory for a %ld MiB table", pl->tt_mb);
        tz_player_free(pl);
        return NULL;
    }
    return pl;
}

void tz_player_free(player *pl)
{
    if (pl) {
        tz_searcher_free(pl->search);
        nn_net_free(&pl->net);
        free(pl);
    }
}

const char *tz_player_spec(const player *pl)
{
    return pl->spec;
}

void tz_player_set_progress(player *pl, search_progress fn, void *ctx)
{
    if (pl->search)
        tz_searcher_set_progress(pl->search, fn, ctx);
}

/* The best of p's actions for us by tz_place_value() after it, looking through
 * the rest of us's turn when turn is set (greedy); first among equals in
 * the seeded order.  *count accumulates positions evaluated. */
static action best_by_eval(const player *pl, position *p, xoshiro256 *rng, bool turn, double *score,
                           uint64_t *count)
{
    action list[MAX_ACTIONS], best = ACTION_NONE;
    int us = p->side, n = tz_gen_actions(p, list);
    tz_place_shuffle(list, n, rng);
    *score = -2e9;
    for (int i = 0; i < n; i++) {
        undo u;
        double v;
        pos_make(p, list[i], &u);
        if (turn && p->side == us && p->winner < 0)
            best_by_eval(pl, p, rng, false, &v, count);
        else
            v = tz_place_value(&pl->weights, p, us);
        (*count)++;
        pos_unmake(p, list[i], &u);
        if (v > *score) {
            *score = v;
            best = list[i];
        }
    }
    return best;
}

action tz_player_choose(player *pl, const position *p, uint64_t seed, search_report *report)
{
    search_report local;
    search_report *r = report ? report : &local;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    memset(r, 0, sizeof *r);
    if (pl->kind == KIND_AB && p->phase != PHASE_PLACE) {
        tz_search_run(pl->search, p, &pl->lim, seed, r);
        return r->best;
    }
    if (pl->kind == KIND_RANDOM) {
        action list[MAX_ACTIONS];
        int n = tz_gen_actions(p, list);
        r->best = list[xoshiro_below(&rng, (uint64_t)n)];
    } else if (p->phase == PHASE_PLACE) {
        tz_place_choose(&pl->place, &pl->weights, p, seed, r);
    } else {
        /* The canonical image, and (p may have symmetries of its own) a
         * seeded one of the maps back, from a stream of its own. */
        position work;
        uint8_t maps[SYM_ALL];
        int nmaps = tz_sym_canonical(p, &work, maps);
        xoshiro256 pick;
        xoshiro_seed(&pick, seed_mix(seed, 0x746965735f73796dULL));
        int back = tz_sym_inverse(maps[xoshiro_below(&pick, (uint64_t)nmaps)]);
        double v;
        r->best = tz_sym_action(best_by_eval(pl, &work, &rng, true, &v, &r->nodes), back);
        r->score = v > SCORE_EVAL_MAX ? SCORE_WIN : v < -SCORE_EVAL_MAX ? -SCORE_WIN : (int)(v + (v < 0 ? -0.5 : 0.5));
        r->depth = p->phase == PHASE_FIRST ? 2 : 1;
    }
    r->pv[0] = r->tied[0] = r->best;
    r->pv_len = r->ties = 1;
    return r->best;
}
