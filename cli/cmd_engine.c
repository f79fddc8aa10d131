/* cmd_engine.c — `triad engine`: the line protocol of docs/protocol.md on
 * stdin/stdout, so a GUI, a referee or another program can drive a player
 * of any game.  Every command line gets an answer; a bad one gets
 * "error ..." and the engine reads on.  End of input or "quit" ends it with
 * status 0. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
#include "engine/players.h"
#include "engine/signature.h"
#include "engine/timeman.h"
#include "commands.h"
#include "opts.h"

#define SPEC_MAX 512

typedef struct engine {
    const game_def *g;
    int players;     /* seats of the setups "position" makes */
    char spec[SPEC_MAX];
    gplayer *pl;
    void *pos, *work; /* the position; scratch for all-or-nothing changes */
    game_action *list;
    uint64_t seed;
    int infos;       /* info lines printed by the current "go" */
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

static void print_info(engine *e, const game_search_report *r)
{
    char pv[GAME_PV_MAX * (GAME_ACTION_TEXT_MAX + 3)];
    cli_pv_text(e->g, e->pos, r->pv, r->pv_len, false, pv, sizeof pv);
    reply("info depth %d score %d nodes %llu nps %.0f time %.0f pv %s", r->depth, r->score,
          (unsigned long long)r->nodes, r->seconds > 0 ? (double)r->nodes / r->seconds : 0, r->seconds * 1000,
          pv);
    e->infos++;
}

static void on_iteration(void *ctx, const game_search_report *r)
{
    print_info(ctx, r);
}

/* Replaces the player with spec; the old one stays on error. */
static int set_player(engine *e, const char *spec)
{
    char err[600];
    gplayer *pl = gplayer_new(e->g, spec, err, sizeof err);
    if (!pl) {
        reply("error %s", err);
        return -1;
    }
    gplayer_free(e->pl);
    e->pl = pl;
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    gplayer_set_progress(pl, on_iteration, e);
    return 0;
}

/* Applies the remaining tokens as actions to q; 0, or -1 after the error. */
static int apply_actions(engine *e, void *q, char **save)
{
    char err[256];
    for (char *t; (t = strtok_r(NULL, " \t\r", save));) {
        game_action a;
        if (e->g->over(q)) {
            reply("error actions: '%.40s' comes after the end of the game", t);
            return -1;
        }
        if (e->g->action_from_text(q, t, &a, err, sizeof err)) {
            reply("error %s", err);
            return -1;
        }
        e->g->apply(q, a);
    }
    return 0;
}

static int setup_index(const game_def *g, const char *name)
{
    for (int i = 0; g->setup_names[i]; i++)
        if (!strcmp(g->setup_names[i], name))
            return i;
    return -1;
}

/* position SETUP [SEED] | POSITION-STRING, then optionally "actions A B ...";
 * SEED for a setup whose start depends on it (TZAAR's random).  The words
 * up to "actions" are a setup when they are exactly a setup's name (and
 * its seed); anything else is a position string, which may begin with a
 * setup's name (TRID's start with the board's, "hex5 2 ..."): every string
 * `show` prints is read back. */
static void eng_position(engine *e, char **save)
{
    const game_def *g = e->g;
    char text[GAME_TEXT_MAX], err[256], *words[3] = { 0 }, *more;
    int nwords = 0;
    size_t len = 0;
    void *q = e->work;
    text[0] = 0;
    while ((more = strtok_r(NULL, " \t\r", save)) && strcmp(more, "actions")) {
        if (nwords < 3)
            words[nwords] = more;
        nwords++;
        if (len < sizeof text) /* a position string may hold spaces */
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", len ? " " : "", more);
    }
    if (!nwords) {
        reply("error position: expected a setup (%s...) or a position string", g->setup_names[0]);
        return;
    }
    bool setup = setup_index(g, words[0]) >= 0;
    bool seeded = setup && cli_setup_is_seeded(g, words[0], e->players);
    if (setup && nwords == (seeded ? 2 : 1)) {
        uint64_t seed = 0;
        if (seeded && num_u64(words[1], 0, UINT64_MAX, &seed, err, sizeof err)) {
            reply("error position %s: bad seed: '%s' is %s", words[0], MSG_PATH(words[1]), err);
            return;
        }
        if (game_setup(g, q, words[0], e->players, seed, err, sizeof err)) {
            reply("error position: %s", err);
            return;
        }
    } else if (setup && seeded && nwords == 1) {
        reply("error position %s: expected a seed", words[0]);
        return;
    } else if (game_from_text(g, q, text, err, sizeof err)) {
        if (setup)
            reply("error position: expected '%s%s' or a position string (%s)", words[0], seeded ? " SEED" : "", err);
        else
            reply("error %s", err);
        return;
    }
    if (more && apply_actions(e, q, save))
        return;
    memcpy(e->pos, q, g->state_size);
    reply("ok");
}

/* The player with limits given to go: all three keys (what is not given
 * is unlimited), or, for a kind without them all, the keys given. */
static gplayer *limited_player(engine *e, const char *const keys[3], const uint64_t limit[3], const bool given[3])
{
    char spec[SPEC_MAX + 128], err[600];
    for (int pass = 0; pass < 2; pass++) {
        size_t len = (size_t)snprintf(spec, sizeof spec, "%s", e->spec);
        char sep = strchr(e->spec, ':') ? ',' : ':';
        for (int i = 0; i < 3; i++)
            if (pass == 0 || given[i]) {
                len += (size_t)snprintf(spec + len, sizeof spec - len, "%c%s=%llu", sep, keys[i],
                                        (unsigned long long)limit[i]);
                sep = ',';
            }
        gplayer *pl = gplayer_new(e->g, spec, err, sizeof err);
        if (pl)
            return pl;
    }
    reply("error go: %s", err);
    return NULL;
}

/* Reads "time<seat> MS" or "inc<seat> MS" of go's clock into clock[0]
 * (remaining) or clock[1] (increments); 1 when key is neither, 0 when
 * read, -1 after an error reply. */
static int clock_key(engine *e, const char *k, const char *v, uint64_t clock[2][GAME_MAX_PLAYERS],
                     bool set[2][GAME_MAX_PLAYERS])
{
    int which = !strncmp(k, "time", 4) ? 0 : !strncmp(k, "inc", 3) ? 1 : -1;
    const char *d = which < 0 ? NULL : k + (which ? 3 : 4);
    if (!d || d[0] < '0' || d[0] > '9' || d[1])
        return 1;
    int seat = d[0] - '0';
    char why[160];
    if (seat >= e->players) {
        reply("error go: %s: no seat %d in a %d-player game", k, seat, e->players);
        return -1;
    }
    if (!v || num_u64(v, 0, 2000000000, &clock[which][seat], why, sizeof why)) {
        reply("error go: bad number for %s: '%s' is %s", k, MSG_PATH(v ? v : ""), v ? why : "missing");
        return -1;
    }
    set[which][seat] = true;
    return 0;
}

/* go [depth N] [nodes N] [ms N] [time<S> MS inc<S> MS ...]: limits given
 * here replace the player's; a clock becomes an ms limit through the time
 * manager (engine/timeman.h), the smaller of the two when ms is given too. */
static void eng_go(engine *e, char **save)
{
    static const char *const keys[3] = { "depth", "nodes", "ms" };
    uint64_t limit[3] = { 0, 0, 0 }, clock[2][GAME_MAX_PLAYERS] = { { 0 } };
    bool given[3] = { false, false, false }, set[2][GAME_MAX_PLAYERS] = { { false } }, limited = false;
    char why[160];
    for (char *k; (k = strtok_r(NULL, " \t\r", save));) {
        char *v = strtok_r(NULL, " \t\r", save);
        int i = 0, c = clock_key(e, k, v, clock, set);
        if (c < 0)
            return;
        if (c == 0)
            continue;
        while (i < 3 && strcmp(k, keys[i]))
            i++;
        if (i == 3 || !v) {
            reply("error go: expected depth N, nodes N, ms N, time<seat> MS or inc<seat> MS, got '%.40s'", k);
            return;
        }
        if (num_u64(v, 0, 2000000000, &limit[i], why, sizeof why)) {
            reply("error go: bad number for %s: '%s' is %s", k, MSG_PATH(v), why);
            return;
        }
        limited = given[i] = true;
    }
    if (e->g->over(e->pos)) {
        char who[200], ending[64];
        cli_result_text(e->g, e->pos, who, sizeof who, ending);
        reply("error go: the game is over (%s by %s)", who, ending);
        return;
    }
    int seat = e->g->to_act(e->pos);
    bool clocked = false;
    for (int k = 0; k < GAME_MAX_PLAYERS; k++)
        clocked |= set[0][k] || set[1][k];
    if (clocked && !set[0][seat]) {
        reply("error go: a clock without time%d, the time of the seat to act", seat);
        return;
    }
    if (clocked) {
        uint64_t budget = timeman_budget(e->g, e->pos, clock[0][seat], clock[1][seat]);
        if (!given[2] || !limit[2] || budget < limit[2])
            limit[2] = budget;
        limited = given[2] = true;
    }
    gplayer *pl = e->pl;
    if (limited && !(pl = limited_player(e, keys, limit, given)))
        return;
    char name[GAME_ACTION_TEXT_MAX];
    e->infos = 0;
    gplayer_set_progress(pl, on_iteration, e);
    game_action a = gplayer_choose(pl, e->pos, e->seed);
    if (a == GAME_NO_ACTION) { /* an engine: player failed */
        game_forfeit f;
        gplayer_forfeit(pl, &f);
        reply("error go: the player forfeits by %s: %s", game_forfeit_names[f.reason], f.text);
        if (pl != e->pl)
            gplayer_free(pl);
        return;
    }
    game_search_report r;
    if (!e->infos && gplayer_report(pl, &r))
        print_info(e, &r);
    if (pl != e->pl)
        gplayer_free(pl);
    e->g->action_to_text(e->pos, a, name, sizeof name);
    reply("bestaction %s", name);
}

static void eng_legal(engine *e)
{
    size_t cap = (size_t)e->g->max_actions * GAME_ACTION_TEXT_MAX + 8, len = 5;
    char *line = malloc(cap);
    if (!line) {
        reply("error legal: out of memory");
        return;
    }
    int n = e->g->legal(e->pos, e->list);
    memcpy(line, "legal", 6);
    for (int i = 0; i < n; i++) {
        char name[GAME_ACTION_TEXT_MAX];
        e->g->action_to_text(e->pos, e->list[i], name, sizeof name);
        len += (size_t)snprintf(line + len, cap - len, " %s", name);
    }
    reply("%s", line);
    free(line);
}

/* "status over white trinity": the seat first alone (or "tie"), lower case,
 * words joined by '-' ("seat-2"), and the ending as records name it
 * ("no_capture"); then the scores for a points game. */
static void eng_status(engine *e)
{
    const game_def *g = e->g;
    char text[GAME_TEXT_MAX], who[32] = "tie", ending[64], scores[128] = "", name[16];
    g->to_text(e->pos, text, sizeof text);
    reply("position %s", text);
    if (!g->over(e->pos)) {
        reply("status running");
        return;
    }
    int ranks[GAME_MAX_PLAYERS], players = g->players(e->pos), firsts = 0;
    g->rank(e->pos, ranks);
    for (int k = 0; k < players; k++)
        if (ranks[k] == 0 && firsts++ == 0)
            snprintf(who, sizeof who, "%s", game_seat_name(g, k, name));
    if (firsts > 1)
        snprintf(who, sizeof who, "tie");
    snprintf(ending, sizeof ending, "%s", g->ending_names[g->ending(e->pos)]);
    for (char *c = who; *c; c++)
        *c = *c == ' ' ? '-' : (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    for (char *c = ending; *c; c++) /* records' own name (no_capture); a space would split the word */
        *c = *c == ' ' ? '_' : *c;
    if (g->score_max != 1) {
        char sc[100];
        cli_scores_text(g, e->pos, sc, sizeof sc);
        snprintf(scores, sizeof scores, " scores %s", sc);
    }
    reply("status over %s %s%s", who, ending, scores);
}

/* game SPEC: the engine plays SPEC from now on (a referee names its game,
 * a variant included: docs/protocol.md), from its default setup, with the
 * current player if the game takes that spec, else its default player;
 * game alone answers "game SPEC", the canonical spec of what it plays.
 * All or nothing: on error the game, position and player stay. */
static void eng_game(engine *e, char **save)
{
    char *arg = strtok_r(NULL, " \t\r", save), err[600];
    if (!arg) {
        reply("game %s", e->g->name);
        return;
    }
    const game_def *g = game_find(arg, err, sizeof err);
    if (!g) {
        reply("error game: %s", err);
        return;
    }
    if (g == e->g) {
        reply("ok");
        return;
    }
    int players = e->players >= g->min_players && e->players <= g->max_players ? e->players : game_default_players(g);
    const char *setup = game_default_setup(g);
    uint64_t seed = cli_setup_is_seeded(g, setup, players) ? CLI_SEED_DEFAULT : 0;
    void *pos = calloc(1, g->state_size), *work = calloc(1, g->state_size);
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    gplayer *pl = NULL;
    char spec[SPEC_MAX];
    snprintf(spec, sizeof spec, "%s", e->spec);
    if (!pos || !work || !list)
        snprintf(err, sizeof err, "out of memory");
    else if (!game_setup(g, pos, setup, players, seed, err, sizeof err) &&
             !(pl = gplayer_new(g, spec, err, sizeof err)))
        pl = gplayer_new(g, strcpy(spec, game_default_player(g)), err, sizeof err);
    if (!pl) {
        reply("error game: %s", err);
        free(pos), free(work), free(list);
        return;
    }
    gplayer_free(e->pl);
    free(e->pos), free(e->work), free(e->list);
    *e = (engine){ .g = g, .players = players, .pl = pl, .pos = pos, .work = work, .list = list, .seed = e->seed };
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    gplayer_set_progress(pl, on_iteration, e);
    reply("ok");
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
        reply("protocol triad 3");
    else if (!strcmp(cmd, "game"))
        eng_game(e, &save);
    else if (!strcmp(cmd, "signature")) /* this program's engine signature for its game (records': triad --version) */
        reply("signature %016llx", (unsigned long long)game_engine_signature(e->g));
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
        memcpy(e->work, e->pos, e->g->state_size);
        if (!apply_actions(e, e->work, &save)) { /* all or nothing */
            memcpy(e->pos, e->work, e->g->state_size);
            reply("ok");
        }
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
    const char *spec_text = NULL, *game = NULL;
    int players = 0;
    const opt_spec opts[] = {
        { "game", OPT_STR, &game, "NAME", "the game (default tzaar; NAME:KEY=VALUE,... a variant: triad help games)", 0, 0, NULL },
        { "nplayers", OPT_INT, &players, "N", "players of the setups 'position' makes (default: the game's)", 1,
          GAME_MAX_PLAYERS, NULL },
        { "player", OPT_STR, &spec_text, "SPEC", "the initial player (default: the game's, TZAAR's ab:depth=4)", 0,
          0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "engine", "[--game NAME] [--nplayers N] [--player SPEC]",
                            "Speaks the line protocol of docs/protocol.md on stdin and stdout.\n"
                            "A time limit (go ms N, ab:ms=N) is not reproducible; depth and node limits are.",
                            opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    engine e = { .seed = 0 };
    if (!(e.g = cli_game("engine", game)))
        return 2;
    /* The game's default setup, seeded as every command's (CLI_SEED_DEFAULT). */
    const char *setup = game_default_setup(e.g);
    int seats = players ? players : game_default_players(e.g);
    cli_start st = { .game = game, .players = players, .seed = CLI_SEED_DEFAULT,
                     .seed_given = cli_setup_is_seeded(e.g, setup, seats) };
    if ((rc = cli_start_state("engine", &st, &e.g, &e.pos)))
        return rc;
    e.players = e.g->players(e.pos);
    e.work = malloc(e.g->state_size);
    e.list = malloc(sizeof *e.list * (size_t)e.g->max_actions);
    char err[600];
    if (!spec_text)
        spec_text = game_default_player(e.g);
    if (!e.work || !e.list)
        rc = cli_error("engine", "out of memory");
    else if (!(e.pl = gplayer_new(e.g, spec_text, err, sizeof err)))
        rc = cli_error("engine", "--player: %s", err);
    if (!rc) {
        snprintf(e.spec, sizeof e.spec, "%s", spec_text);
        gplayer_set_progress(e.pl, on_iteration, &e);
        char *line = NULL;
        size_t cap = 0;
        while (getline(&line, &cap, stdin) >= 0) {
            line[strcspn(line, "\n")] = 0;
            if (!dispatch(&e, line))
                break;
        }
        free(line);
    }
    gplayer_free(e.pl);
    free(e.pos);
    free(e.work);
    free(e.list);
    return rc;
}
