/* cmd_continuation.c — `triad continuation`: the forward continuation's
 * report (eval/continuation.h).  The original games (--from) are chosen as
 * `records positions` chose them (finished, at least --min-plies plies, the
 * first --max-games); each continued game (a run of selfplay --positions
 * over such a list) is mapped to its original by its setup index (line k
 * mod the list's count) and checked: its start must be that game's
 * position at some ply, which gives the game's k.  A continued file may
 * hold one k or several (a merge). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "engine/replay.h"
#include "eval/continuation.h"
#include "eval/interval_json.h"
#include "eval/records_game.h"
#include "records/record.h"
#include "commands.h"
#include "opts.h"

typedef struct orig_game {
    uint64_t id;
    unsigned char start[GAME_STATE_MAX];
    game_action *actions;
    int n;
} orig_game;

typedef struct cont_ctx {
    const game_def *g;
    orig_game *orig;
    double *played;
    int n, cap;
    uint64_t unfinished;         /* continued games without a single result, left out */
    char specs[2][REC_SPEC_MAX]; /* the continuing players, or "" when they vary */
    bool specs_set;
    uint64_t sig;
} cont_ctx;

static void free_orig(cont_ctx *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->orig[i].actions);
    free(c->orig);
    free(c->played);
}

static int keep_orig(cont_ctx *c, const rec_game *rg)
{
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        orig_game *o = realloc(c->orig, sizeof *o * (size_t)cap);
        double *p = o ? realloc(c->played, sizeof *p * (size_t)cap) : NULL;
        if (o)
            c->orig = o;
        if (!p)
            return -1;
        c->played = p, c->cap = cap;
    }
    orig_game *o = &c->orig[c->n];
    o->id = rg->id, o->n = rg->nactions;
    memcpy(o->start, rg->start, c->g->state_size);
    o->actions = malloc(sizeof *o->actions * (size_t)(rg->nactions ? rg->nactions : 1));
    if (!o->actions)
        return -1;
    memcpy(o->actions, rg->actions, sizeof *o->actions * (size_t)rg->nactions);
    c->played[c->n++] = rg->scores[0];
    return 0;
}

/* The original games, chosen as records positions chooses them. */
static int read_from(cont_ctx *c, const opt_list *from, int min_plies, uint64_t max_games, rec_game *rg)
{
    for (int f = 0; f < from->n && (!max_games || (uint64_t)c->n < max_games); f++) {
        char err[400];
        rec_reader *r = rec_reader_open(from->items[f], err, sizeof err);
        if (!r)
            return cli_error("continuation", "--from %s", err);
        int got;
        while ((!max_games || (uint64_t)c->n < max_games) && (got = rec_reader_next(r, rg)) != REC_END) {
            int seats = rec_reader_run(r)->players;
            if (got == REC_BAD || seats != 2) {
                if (got == REC_BAD)
                    cli_error("continuation", "%s: %s", from->items[f], rec_reader_error(r));
                else
                    cli_error("continuation", "%s: a run of %d seats: White's score needs two", from->items[f],
                              seats);
                rec_reader_close(r);
                return 2;
            }
            if (rg->ending && !rg->forfeit && rg->nactions >= min_plies && keep_orig(c, rg)) {
                rec_reader_close(r);
                return cli_error("continuation", "out of memory");
            }
        }
        rec_reader_close(r);
    }
    return c->n ? 0 : cli_error("continuation", "no game of the --from files has %d plies or more", min_plies);
}

/* The ply at which original game i reaches start's position, trying hint
 * first; -1 when none. */
static int ply_of(const cont_ctx *c, int i, const void *start, int hint)
{
    const game_def *g = c->g;
    char want[GAME_TEXT_MAX], text[GAME_TEXT_MAX];
    unsigned char s[GAME_STATE_MAX];
    if (g->to_text(start, want, sizeof want) < 0)
        return -1;
    const orig_game *o = &c->orig[i];
    if (hint >= 0 && hint < o->n) {
        memcpy(s, o->start, g->state_size);
        if (game_replay(g, s, o->actions, hint, NULL, NULL, NULL) == hint && g->to_text(s, text, sizeof text) >= 0 &&
            !strcmp(text, want))
            return hint;
    }
    memcpy(s, o->start, g->state_size);
    for (int k = 0; k < o->n; k++) {
        if (g->to_text(s, text, sizeof text) >= 0 && !strcmp(text, want))
            return k;
        g->apply(s, o->actions[k]);
    }
    return -1;
}

static void note_specs(cont_ctx *c, const rec_run *run, const rec_game *rg)
{
    if (!c->specs_set) {
        for (int s = 0; s < 2; s++)
            snprintf(c->specs[s], sizeof c->specs[s], "%s", rg->specs[s]);
        c->sig = run->engine_sig;
        c->specs_set = true;
    }
    for (int s = 0; s < 2; s++)
        if (strcmp(c->specs[s], rg->specs[s]))
            c->specs[s][0] = 0;
}

/* One continued file's games into d. */
static int read_continued(cont_ctx *c, cont_data *d, const char *path, rec_game *rg)
{
    char err[400];
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r)
        return cli_error("continuation", "%s", err);
    int got, rc = 0, hint = -1;
    while (!rc && (got = rec_reader_next(r, rg)) != REC_END) {
        const rec_run *run = rec_reader_run(r);
        if (got == REC_BAD)
            rc = cli_error("continuation", "%s: %s", path, rec_reader_error(r));
        else if (run->game != c->g)
            rc = cli_error("continuation", "%s holds a %s run, the --from games are %s", path, run->game->name,
                           c->g->name);
        else if (run->npositions != (uint64_t)c->n)
            rc = cli_error("continuation", "%s was played from a list of %llu positions, and %d games of --from are "
                           "chosen: give the --min-plies and --max-games the list was made with", path,
                           (unsigned long long)run->npositions, c->n);
        if (rc || !rg->ending || rg->forfeit) {
            c->unfinished += !rc;
            continue;
        }
        int i = (int)(rec_setup_index(run, rg->id) % run->npositions), k = ply_of(c, i, rg->start, hint);
        if (k < 0) {
            rc = cli_error("continuation", "%s: game %llu does not start from a position of game %llu of --from (list"
                           " line %d): another list?", path, (unsigned long long)rg->id,
                           (unsigned long long)c->orig[i].id, i + 1);
            break;
        }
        int col = cont_column(d, k);
        if (col < 0)
            rc = cli_error("continuation", "more than %d plies, or out of memory", CONT_MAX_K);
        else
            cont_add(d, col, i, rg->scores[0]), note_specs(c, run, rg);
        hint = k;
    }
    rec_reader_close(r);
    return rc;
}

static void json_diff(const char *key, const cont_diff *x)
{
    jsonw_fkey(stdout, key, 0);
    putchar('{');
    jsonw_fkv_int(stdout, "games", x->games, 1);
    jsonw_fkv_num(stdout, "difference", "%.6g", x->diff, 0);
    interval_json_write(stdout, "ci95", x->ci, 0);
    putchar('}');
}

static void print_json(const cont_ctx *c, const opt_list *from, const cont_row *rows, int nk)
{
    char sig[24];
    snprintf(sig, sizeof sig, "%016llx", (unsigned long long)c->sig);
    putchar('{');
    jsonw_fkey(stdout, "from", 1);
    putchar('[');
    for (int i = 0; i < from->n; i++)
        jsonw_fkv_str(stdout, NULL, from->items[i], i == 0);
    putchar(']');
    jsonw_fkv_int(stdout, "original_games", c->n, 0);
    jsonw_fkv_str(stdout, "white", c->specs[0], 0);
    jsonw_fkv_str(stdout, "black", c->specs[1], 0);
    jsonw_fkv_str(stdout, "engine", sig, 0);
    jsonw_fkv_uint(stdout, "unfinished", c->unfinished, 0);
    jsonw_fkey(stdout, "plies", 0);
    putchar('[');
    for (int r = 0; r < nk; r++) {
        const cont_row *w = &rows[r];
        printf(r ? ",{" : "{");
        jsonw_fkv_int(stdout, "ply", w->ply, 1);
        jsonw_fkv_int(stdout, "games", w->games, 0);
        jsonw_fkv_uint(stdout, "continued", w->continued, 0);
        jsonw_fkv_num(stdout, "white", "%.6g", w->white, 0);
        interval_json_write(stdout, "ci95", w->ci, 0);
        jsonw_fkv_num(stdout, "as_played", "%.6g", w->played, 0);
        json_diff("vs_played", &w->vs_played);
        json_diff("vs_first", &w->vs_first);
        putchar('}');
    }
    printf("]}\n");
}

/* "+1.23 [-0.50, +2.96]" in points, or "n/a". */
static const char *points(char *out, size_t n, const cont_diff *x)
{
    if (!interval_ok(x->ci))
        snprintf(out, n, "%+.2f (n/a)", 100 * x->diff);
    else
        snprintf(out, n, "%+.2f [%+.2f, %+.2f]", 100 * x->diff, 100 * x->ci.lo, 100 * x->ci.hi);
    return out;
}

static void print_text(const cont_ctx *c, const cont_row *rows, int nk)
{
    printf("forward continuation: %d original games; continued by %s (White) and %s (Black), engine %016llx\n",
           c->n, *c->specs[0] ? c->specs[0] : "several players", *c->specs[1] ? c->specs[1] : "several players",
           (unsigned long long)c->sig);
    printf("White's mean score over the original games (each once, its continuations averaged; 95%% t intervals "
           "over them, the original game the cluster)\n");
    printf("%6s %7s %9s %24s %10s %30s %30s\n", "ply", "games", "continued", "White continued", "as played",
           "continued - as played", nk ? "minus the first ply" : "");
    for (int r = 0; r < nk; r++) {
        const cont_row *w = &rows[r];
        char ci[64], a[64], b[64];
        if (interval_ok(w->ci))
            snprintf(ci, sizeof ci, "%.2f%% [%.2f, %.2f]", 100 * w->white, 100 * w->ci.lo, 100 * w->ci.hi);
        else
            snprintf(ci, sizeof ci, "%.2f%% (n/a)", 100 * w->white);
        printf("%6d %7d %9llu %24s %9.2f%% %30s %30s\n", w->ply, w->games, (unsigned long long)w->continued, ci,
               100 * w->played, points(a, sizeof a, &w->vs_played), r ? points(b, sizeof b, &w->vs_first) : "");
    }
    if (c->unfinished)
        printf("%llu continued games without a single result left out\n", (unsigned long long)c->unfinished);
}

int cmd_continuation(int argc, char **argv)
{
    OPT_LIST_OWNED opt_list files = { 0 }, from = { 0 };
    int min_plies = 1;
    uint64_t max_games = 0;
    bool json = false;
    const opt_spec opts[] = {
        { "from", OPT_LIST, &from, "ORIG...", "the records the positions were cut from (required)", 0, 0, NULL },
        { "min-plies", OPT_INT, &min_plies, "M", "as records positions was given (default 1)", 1, 100000, NULL },
        { "max-games", OPT_U64, &max_games, "N", "as records positions was given", 1, UINT32_MAX, NULL },
        { "records", OPT_LIST, &files, "FILE...", "the same as FILE... (the continued games, given as operands)", 0,
          0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "continuation", "--from ORIG.trd... [--min-plies M] [--max-games N] FILE... [--json]",
        "The forward continuation: games of one player (ORIG) cut at ply k (records\n"
        "positions) and played on from there by another (selfplay --positions, FILE...).\n"
        "For each k: White's mean score over the original games from their position at\n"
        "ply k, with a 95% t interval over the original games (each the cluster of its\n"
        "continuations); the same games as played; the paired differences from them and\n"
        "from the first k.  Each continued game is mapped to its original game by its\n"
        "setup index and checked: its start must be that game's position at some ply,\n"
        "which is its k.  When White's score drops with k, the deficit arises in play;\n"
        "when it is there from ply 1, it comes with the opening.",
        opts };
    int rc = opts_parse_operands(&spec, &files, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!from.n)
        return cli_error(spec.name, "say where the positions were cut from: --from ORIG.trd");
    if (!files.n)
        return cli_error(spec.name, "no FILE given (the continued games; see triad continuation --help)");
    char err[700];
    cont_ctx c = { 0 };
    if (records_game((const char *const *)from.items, from.n, NULL, &c.g, err, sizeof err))
        return cli_error(spec.name, "%s", err);
    rec_game *rg = malloc(sizeof *rg);
    cont_data d = { 0 };
    cont_row rows[CONT_MAX_K];
    rc = !rg ? cli_error(spec.name, "out of memory") : read_from(&c, &from, min_plies, max_games, rg);
    if (!rc && cont_init(&d, c.n, c.played))
        rc = cli_error(spec.name, "out of memory");
    for (int i = 0; !rc && i < files.n; i++)
        rc = read_continued(&c, &d, files.items[i], rg);
    if (!rc && !d.nk)
        rc = cli_error(spec.name, "no finished continued game in the files");
    if (!rc && cont_analyse(&d, rows))
        rc = cli_error(spec.name, "out of memory");
    if (!rc && json)
        print_json(&c, &from, rows, d.nk);
    else if (!rc)
        print_text(&c, rows, d.nk);
    cont_free(&d);
    free_orig(&c);
    free(rg);
    return rc;
}
