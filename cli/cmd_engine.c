/* cmd_engine.c — `triad engine`: the line protocol of docs/protocol.md on
 * stdin/stdout, so a GUI, a referee or another program can drive a player.
 * Every command line gets an answer; a bad one gets "error ..." and the
 * engine reads on.  End of input or "quit" ends it with status 0. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/player.h"
#include "games/tzaar/setup.h"
#include "commands.h"
#include "opts.h"

#define SPEC_MAX 512

typedef struct engine {
    char spec[SPEC_MAX];
    player *pl;
    position pos;
    uint64_t seed;
    int infos; /* info lines printed by the current "go" */
} engine;

static void reply(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void reply(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vline(stdout, "", fmt, ap); /* one line, whatever bytes the input held */
    va_end(ap);
    fflush(stdout);
}

static void print_info(engine *e, const search_report *r)
{
    char pv[PV_MAX * 12];
    pv_to_text(&e->pos, r->pv, r->pv_len, false, pv, sizeof pv);
    reply("info depth %d score %d nodes %llu nps %.0f time %.0f pv %s", r->depth, r->score,
          (unsigned long long)r->nodes, r->seconds > 0 ? (double)r->nodes / r->seconds : 0, r->seconds * 1000,
          pv);
    e->infos++;
}

static void on_iteration(void *ctx, const search_report *r)
{
    print_info(ctx, r);
}

/* Replaces the player with spec; the old one stays on error. */
static int set_player(engine *e, const char *spec)
{
    char err[600];
    player *pl = player_new(spec, err, sizeof err);
    if (!pl) {
        reply("error %s", err);
        return -1;
    }
    player_free(e->pl);
    e->pl = pl;
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    player_set_progress(pl, on_iteration, e);
    return 0;
}

/* Applies the remaining tokens as actions to a copy of *p; all or nothing. */
static int apply_actions(position *p, char **save)
{
    position q = *p;
    char err[256];
    for (char *t; (t = strtok_r(NULL, " \t\r", save));) {
        action a;
        if (action_parse_legal(&q, t, &a, err, sizeof err)) {
            reply("error %s", err);
            return -1;
        }
        undo u;
        pos_make(&q, a, &u);
    }
    *p = q;
    return 0;
}

/* position fixed | tournament | random SEED | CELLS SIDE PHASE, then
 * optionally "actions A B ...". */
static void eng_position(engine *e, char **save)
{
    position p;
    char *what = strtok_r(NULL, " \t\r", save), err[256];
    int kind = what ? setup_kind(what) : -1;
    uint64_t seed = 0;
    if (!what) {
        reply("error position: expected fixed, tournament, random SEED or a position string");
        return;
    }
    if (kind == SETUP_RANDOM) {
        char *s = strtok_r(NULL, " \t\r", save);
        if (!s) {
            reply("error position random: expected a seed");
            return;
        }
        if (num_u64(s, 0, UINT64_MAX, &seed, err, sizeof err)) {
            reply("error position random: bad seed: '%s' is %s", MSG_PATH(s), err);
            return;
        }
    }
    if (kind >= 0) {
        setup_make(&p, kind, seed);
    } else {
        char *side = strtok_r(NULL, " \t\r", save), *phase = side ? strtok_r(NULL, " \t\r", save) : NULL, text[400];
        snprintf(text, sizeof text, "%s %s %s", what, side ? side : "", phase ? phase : "");
        if (pos_from_text(&p, text, err, sizeof err)) {
            reply("error %s", err);
            return;
        }
    }
    char *more = strtok_r(NULL, " \t\r", save);
    if (more && strcmp(more, "actions")) {
        reply("error position: unexpected '%s' (expected 'actions')", more);
        return;
    }
    if (more && apply_actions(&p, save))
        return;
    e->pos = p;
    reply("ok");
}

/* go [depth N] [nodes N] [ms N]: limits given here replace the player's. */
static void eng_go(engine *e, char **save)
{
    static const char *const keys[3] = { "depth", "nodes", "ms" };
    uint64_t limit[3] = { 0, 0, 0 };
    char why[160];
    bool limited = false;
    for (char *k; (k = strtok_r(NULL, " \t\r", save));) {
        char *v = strtok_r(NULL, " \t\r", save);
        int i = 0;
        while (i < 3 && strcmp(k, keys[i]))
            i++;
        if (i == 3 || !v) {
            reply("error go: expected depth N, nodes N or ms N, got '%.40s'", k);
            return;
        }
        if (num_u64(v, 0, 2000000000, &limit[i], why, sizeof why)) {
            reply("error go: bad number for %s: '%s' is %s", k, MSG_PATH(v), why);
            return;
        }
        limited = true;
    }
    char spec[SPEC_MAX + 128], err[600];
    snprintf(spec, sizeof spec, "%s%sdepth=%llu,nodes=%llu,ms=%llu", e->spec, strchr(e->spec, ':') ? "," : ":",
             (unsigned long long)limit[0], (unsigned long long)limit[1], (unsigned long long)limit[2]);
    int w = game_winner(&e->pos, NULL);
    if (w >= 0) {
        reply("error go: the game is over (%s won)", w == WHITE ? "White" : "Black");
        return;
    }
    player *pl = e->pl;
    if (limited && strncmp(e->spec, "ab", 2) == 0 && !(pl = player_new(spec, err, sizeof err))) {
        reply("error go: %s", err);
        return;
    }
    search_report r;
    char name[ACTION_TEXT_MAX];
    e->infos = 0;
    player_set_progress(pl, on_iteration, e);
    action a = player_choose(pl, &e->pos, e->seed, &r);
    if (!e->infos)
        print_info(e, &r);
    if (pl != e->pl)
        player_free(pl);
    action_to_text(a, e->pos.side, name);
    reply("bestaction %s", name);
}

static void eng_legal(engine *e)
{
    action list[MAX_ACTIONS];
    char line[MAX_ACTIONS * ACTION_TEXT_MAX + 8] = "legal";
    int n = gen_actions(&e->pos, list);
    for (int i = 0; i < n; i++) {
        char name[ACTION_TEXT_MAX];
        action_to_text(list[i], e->pos.side, name);
        strcat(line, " ");
        strcat(line, name);
    }
    reply("%s", line);
}

static void eng_status(engine *e)
{
    char text[POS_TEXT_MAX];
    int ending, w = game_winner(&e->pos, &ending);
    pos_to_text(&e->pos, text, sizeof text);
    reply("position %s", text);
    if (w < 0)
        reply("status running");
    else
        reply("status over %s %s", w == WHITE ? "white" : "black", ending == END_TRINITY ? "trinity" : "no-capture");
}

/* Returns false on "quit". */
static bool dispatch(engine *e, char *line)
{
    char *save, *cmd = strtok_r(line, " \t\r", &save), *arg;
    if (!cmd || cmd[0] == '#')
        return true;
    if (!strcmp(cmd, "quit"))
        return false;
    if (!strcmp(cmd, "protocol"))
        reply("protocol triad 1");
    else if (!strcmp(cmd, "isready"))
        reply("readyok");
    else if (!strcmp(cmd, "player")) {
        if (!(arg = strtok_r(NULL, " \t\r", &save)))
            reply("error player: expected a spec");
        else if (!set_player(e, arg))
            reply("ok");
    } else if (!strcmp(cmd, "option")) {
        char spec[SPEC_MAX];
        if (!(arg = strtok_r(NULL, " \t\r", &save)) || !strchr(arg, '='))
            reply("error option: expected KEY=VALUE");
        else if (snprintf(spec, sizeof spec, "%s%s%s", e->spec, strchr(e->spec, ':') ? "," : ":", arg) >= SPEC_MAX)
            reply("error option: the spec is too long");
        else if (!set_player(e, spec))
            reply("ok");
    } else if (!strcmp(cmd, "seed")) {
        uint64_t s;
        char why[160];
        if (!(arg = strtok_r(NULL, " \t\r", &save)))
            reply("error seed: expected an unsigned integer");
        else if (num_u64(arg, 0, UINT64_MAX, &s, why, sizeof why))
            reply("error seed: '%s' is %s", MSG_PATH(arg), why);
        else {
            e->seed = s;
            reply("ok");
        }
    } else if (!strcmp(cmd, "position"))
        eng_position(e, &save);
    else if (!strcmp(cmd, "actions")) {
        if (!apply_actions(&e->pos, &save))
            reply("ok");
    } else if (!strcmp(cmd, "go"))
        eng_go(e, &save);
    else if (!strcmp(cmd, "legal"))
        eng_legal(e);
    else if (!strcmp(cmd, "print"))
        eng_status(e);
    else
        reply("error unknown command '%.40s'", cmd);
    return true;
}

int cmd_engine(int argc, char **argv)
{
    const char *spec_text = "ab:depth=4";
    const opt_spec opts[] = {
        { "player", OPT_STR, &spec_text, "SPEC", "the initial player (default ab:depth=4)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "engine", "[--player SPEC]",
                            "Speaks the line protocol of docs/protocol.md on stdin and stdout.\n"
                            "A time limit (go ms N, ab:ms=N) is not reproducible; depth and node limits are.",
                            opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    engine e = { .seed = 0 };
    char err[600];
    if (!(e.pl = player_new(spec_text, err, sizeof err)))
        return cli_error("engine", "--player: %s", err);
    snprintf(e.spec, sizeof e.spec, "%s", spec_text);
    player_set_progress(e.pl, on_iteration, &e);
    setup_fixed(&e.pos);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) >= 0) {
        line[strcspn(line, "\n")] = 0;
        if (!dispatch(&e, line))
            break;
    }
    free(line);
    player_free(e.pl);
    return 0;
}
