/* cmd_solve.c — `triad solve`: proves win or loss of a position with the
 * game's exact solver (game.h's solver hook; TZAAR: df-pn, docs/solver.md),
 * for one position, a file of them (one a line), or, with --records, the
 * positions of finished games for the oracle's split (cmd_solve_records.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/fileio.h"
#include "core/jsonw.h"
#include "cmd_solve.h"
#include "commands.h"
#include "meter.h"
#include "opts.h"

#define LINE_MAX_LEN (GAME_TEXT_MAX + 2)

/* Solves s and prints one line: text or a JSON object (line > 0: the line
 * of --positions it came from). */
static int solve_print(const game_def *g, void *solver, const void *s, const solve_opts *o, long line)
{
    char err[300], text[GAME_TEXT_MAX], best[GAME_ACTION_TEXT_MAX] = "", name[16], wname[16];
    game_solve_result r;
    double t0 = clock_seconds();
    g->solver->clear(solver); /* each result a function of (position, limits) alone */
    if (g->solver->solve(solver, s, o->nodes, &r, err, sizeof err))
        return line > 0 ? cli_error("solve", "line %ld: %s", line, err) : cli_error("solve", "%s", err);
    double secs = clock_seconds() - t0;
    if (g->to_text(s, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    int seat = g->to_act(s);
    bool over = g->over(s);
    if (r.best != GAME_NO_ACTION)
        g->action_to_text(s, r.best, best, sizeof best);
    const char *result = r.value == GAME_SOLVE_WIN ? "win" : r.value == GAME_SOLVE_LOSS ? "loss" : "unknown";
    int winner = r.value == GAME_SOLVE_WIN ? seat : r.value == GAME_SOLVE_LOSS ? seat ^ 1 : -1;
    if (over) { /* no seat acts: the winner is the one that ranks first */
        int ranks[GAME_MAX_PLAYERS];
        g->rank(s, ranks);
        winner = ranks[0] == 0 ? 0 : 1;
        result = "over";
    }
    if (o->json) {
        putchar('{');
        if (line > 0)
            jsonw_fkv_int(stdout, "line", line, 1);
        jsonw_fkv_str(stdout, "position", text, line <= 0);
        jsonw_fkey(stdout, "to_act", 0);
        if (over)
            printf("null");
        else
            jsonw_fstring(stdout, game_seat_name(g, seat, name));
        jsonw_fkv_str(stdout, "result", result, 0);
        jsonw_fkey(stdout, "winner", 0);
        if (winner >= 0)
            jsonw_fstring(stdout, game_seat_name(g, winner, wname));
        else
            printf("null");
        jsonw_fkey(stdout, "best", 0);
        if (*best)
            jsonw_fstring(stdout, best);
        else
            printf("null");
        if (r.distance >= 0)
            jsonw_fkv_int(stdout, "distance", r.distance, 0);
        else {
            jsonw_fkey(stdout, "distance", 0);
            printf("null");
        }
        jsonw_fkv_uint(stdout, "proof_size", r.proof_size, 0);
        jsonw_fkv_uint(stdout, "nodes", r.nodes, 0);
        jsonw_fkv_uint(stdout, "node_limit", o->nodes, 0);
        jsonw_fkv_num(stdout, "seconds", "%.6f", secs, 0);
        printf("}\n");
    } else {
        if (line > 0)
            printf("line %ld: ", line);
        if (over)
            printf("the game is over: %s wins\n", game_seat_name(g, winner, wname));
        else if (r.value == GAME_SOLVE_UNKNOWN)
            printf("%s to act: unknown within %llu nodes (%.3f s)\n", game_seat_name(g, seat, name),
                   (unsigned long long)r.nodes, secs);
        else
            printf("%s to act: %s; %s wins within %d plies; %s %s; proof %llu positions, %llu nodes, %.3f s\n",
                   game_seat_name(g, seat, name), result, game_seat_name(g, winner, wname), r.distance,
                   r.value == GAME_SOLVE_WIN ? "winning action" : "longest resistance", best,
                   (unsigned long long)r.proof_size, (unsigned long long)r.nodes, secs);
    }
    fflush(stdout);
    return 0;
}

/* The positions of FILE, one a line (blank lines and lines starting with
 * '#' skipped), all checked before any is solved: each parses, and the
 * solver takes it (a one-node try: TZAAR's refuses the placement phase). */
typedef struct pos_list {
    int n, cap;
    unsigned char *states;
    long *lines;
} pos_list;

static int read_positions(const game_def *g, void *solver, const char *path, pos_list *pl)
{
    char err[300], text[LINE_MAX_LEN];
    FILE *f = fio_fopen_read(path, err, sizeof err);
    if (!f)
        return cli_error("solve", "--positions: %s", err);
    long line = 0;
    int rc = 0;
    while (!rc && fgets(text, sizeof text, f)) {
        line++;
        size_t len = strlen(text);
        if (len == sizeof text - 1 && text[len - 1] != '\n') {
            rc = cli_error("solve", "%s:%ld: line longer than %d characters", path, line, GAME_TEXT_MAX);
            break;
        }
        while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
            text[--len] = 0;
        if (!len || text[0] == '#')
            continue;
        if (pl->n == pl->cap) {
            int cap = pl->cap ? 2 * pl->cap : 64;
            unsigned char *st = realloc(pl->states, (size_t)cap * g->state_size);
            long *ln = st ? realloc(pl->lines, (size_t)cap * sizeof *ln) : NULL;
            if (st)
                pl->states = st;
            if (!st || !ln) {
                rc = cli_error("solve", "out of memory");
                break;
            }
            pl->lines = ln;
            pl->cap = cap;
        }
        void *s = pl->states + (size_t)pl->n * g->state_size;
        memset(s, 0, g->state_size);
        game_solve_result r;
        if (game_from_text(g, s, text, err, sizeof err) || g->solver->solve(solver, s, 1, &r, err, sizeof err))
            rc = cli_error("solve", "%s:%ld: %s", path, line, err);
        else
            pl->lines[pl->n++] = line;
    }
    if (!rc && ferror(f))
        rc = cli_error("solve", "--positions: cannot read %s", path);
    fclose(f);
    return rc;
}

static int solve_file(const game_def *g, void *solver, const char *path, const solve_opts *o)
{
    pos_list pl = { 0 };
    int rc = read_positions(g, solver, path, &pl);
    meter *m = rc ? NULL : meter_start("solve", (uint64_t)pl.n, o->quiet);
    for (int i = 0; !rc && i < pl.n; i++) {
        char label[64];
        snprintf(label, sizeof label, "line %ld", pl.lines[i]);
        meter_step(m, (uint64_t)i, label);
        meter_pause(m);
        rc = solve_print(g, solver, pl.states + (size_t)i * g->state_size, o, pl.lines[i]);
        meter_resume(m);
    }
    meter_stop(m);
    free(pl.states);
    free(pl.lines);
    return rc;
}

/* What solve is told besides o and the start, and its options (the table
 * at file scope, as commands.h's start options are). */
typedef struct solve_args {
    const char *actions, *positions, *records;
} solve_args;

#define SOLVE_OPTS(st, a, o)                                                                                       \
    CLI_START_OPTS(st),                                                                                            \
    { "actions", OPT_STR, &(a).actions, "\"A B ...\"", "play these actions first (space-separated)", 0, 0, NULL }, \
    { "positions", OPT_STR, &(a).positions, "FILE", "solve every position of FILE, one a line (blank lines and "   \
      "#-lines skipped)", 0, 0, NULL },                                                                            \
    { "records", OPT_STR, &(a).records, "FILE", "the same as FILE (a records file, given as the operand: its "     \
      "games classified, the oracle)", 0, 0, NULL },                                                               \
    { "nodes", OPT_U64, &(o).nodes, "N", "positions the solver may expand, per position (default 1000000; "        \
      "0: no limit, not with --records)", 0, 0, NULL },                                                            \
    { "memory", OPT_INT, &(o).memory_mb, "MB", "the solver's table in MiB (default 256)", 1, 1 << 20, NULL },      \
    { "max-games", OPT_U64, &(o).max_games, "N", "a records FILE: the first N games only", 1, UINT32_MAX, NULL },  \
    { "json", OPT_FLAG, &(o).json, NULL, "one JSON object a line (a records FILE: one a game, then a summary)", 0, \
      0, NULL },                                                                                                   \
    { "quiet", OPT_FLAG, &(o).quiet, NULL, "no progress on stderr (--positions, a records FILE)", 0, 0, NULL }

static const char solve_usage[] =
    "[--game NAME] [--position STR | --setup KIND [--seed S]] [--actions \"A B ...\"] [--nodes N] [--memory MB]\n"
    "       [--json]\n"
    "   or: triad solve [--game NAME] --positions FILE [--nodes N] [--memory MB] [--json] [--quiet]\n"
    "   or: triad solve FILE [--max-games N] [--nodes N] [--memory MB] [--json] [--quiet]";
static const char solve_about[] =
    "Proves who wins a position with perfect play, with the game's exact solver\n"
    "(TZAAR: df-pn, a proof-number search; games without one are refused), within a\n"
    "budget of expanded positions: win or loss for the side to act, a winning\n"
    "action (for a loss the one that holds out longest), the number of plies within\n"
    "which the proof ends the game, and the proof's size; unknown when the budget\n"
    "runs out.  It reaches positions with few stacks (docs/solver.md gives how far).\n"
    "Each position is solved with an empty table, so a result depends on the\n"
    "position and the limits alone.\n"
    "FILE (or --records FILE), a records file: for every game, the turn starts are solved from the last one\n"
    "back until one is not proven; each lost game is then 'already_lost' (the loser\n"
    "was lost at the first solvable position) or 'lost_by_play' (a solvable\n"
    "position after it was won for the eventual loser: the turn that lost it is\n"
    "named); 'unsolved' when not even the last turn was proven.  A line per game,\n"
    "then a summary by the loser's seat.";

/* The options against each other; 0, or 2 after the error line. */
static int check_sources(const cli_start *st, const solve_args *a, const solve_opts *o)
{
    int sources = !!a->positions + !!a->records + !!(st->position || st->setup);
    if (sources > 1)
        return cli_error("solve", "give one of --position/--setup, --positions and a records FILE (--records)");
    if ((a->positions || a->records) && (a->actions || st->seed_given || st->players))
        return cli_error("solve", "--%s applies to one position (--position or --setup)",
                         a->actions ? "actions" : st->seed_given ? "seed" : "nplayers");
    if (o->max_games && !a->records)
        return cli_error("solve", "--max-games applies to a records FILE only");
    if (a->records && !o->nodes) /* the back-walk would reach the opening, which no search ends */
        return cli_error("solve", "a records FILE needs a node limit per position (--nodes N, N > 0)");
    return 0;
}

/* One position (the start and --actions) or a --positions FILE. */
static int solve_positions(const cli_start *st, const solve_args *a, const solve_opts *o)
{
    const game_def *g = cli_game("solve", st->game);
    if (!g)
        return 2;
    if (!g->solver)
        return cli_error("solve", "the game '%s' has no solver (triad help lists the games; TZAAR has one)",
                         g->name);
    void *s = NULL;
    int rc;
    if (!a->positions) {
        if ((rc = cli_start_state("solve", st, &g, &s)))
            return rc;
        if (a->actions && (rc = cli_play_actions("solve", g, s, a->actions))) {
            free(s);
            return rc;
        }
    }
    char err[300];
    void *solver = g->solver->create((size_t)o->memory_mb << 20, err, sizeof err);
    if (!solver) {
        free(s);
        return cli_error("solve", "--memory %d: %s", o->memory_mb, err);
    }
    rc = a->positions ? solve_file(g, solver, a->positions, o) : solve_print(g, solver, s, o, 0);
    g->solver->destroy(solver);
    free(s);
    return rc;
}

int cmd_solve(int argc, char **argv)
{
    cli_start st = { 0 };
    solve_args a = { 0 };
    OPT_LIST_OWNED opt_list files = { 0 };
    solve_opts o = { .nodes = 1000000, .memory_mb = 256 };
    const opt_spec opts[] = { SOLVE_OPTS(st, a, o), { 0 } };
    const cmd_spec spec = { "solve", solve_usage, solve_about, opts };
    int rc = opts_parse_operands(&spec, &files, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (files.n > 1 || (files.n && a.records))
        return cli_error("solve", "give one records FILE (as the operand or --records, not both)");
    if (files.n)
        a.records = files.items[0];
    if ((rc = check_sources(&st, &a, &o)))
        return rc;
    return a.records ? solve_records(a.records, st.game, &o) : solve_positions(&st, &a, &o);
}
