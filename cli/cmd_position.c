/* cmd_position.c — commands that look at one position of any game: perft,
 * show, legal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/jsonw.h"
#include "commands.h"
#include "meter.h"
#include "opts.h"

/* Perft at depth 5 and more takes seconds to hours: it shows progress
 * (cli/meter.h), counted in the subtrees below the root's actions (below
 * the first two plies from depth 7), whose counts add up to the total.  The
 * game's own perft counts each subtree, so the speed figure is the game's. */
#define PERFT_METER_DEPTH 5

typedef struct split {
    const game_def *g;
    uint64_t (*count)(void *, int);
    meter *m;
    uint64_t done;
} split;

/* The subtrees `levels` plies below s: one when s has no actions. */
static uint64_t subtrees(const game_def *g, const void *s, int levels)
{
    if (!levels)
        return 1;
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    void *child = malloc(g->state_size);
    uint64_t n = 0;
    int k = list && child ? g->legal(s, list) : 0;
    for (int i = 0; i < k; i++) {
        memcpy(child, s, g->state_size);
        g->apply(child, list[i]);
        n += subtrees(g, child, levels - 1);
    }
    free(list);
    free(child);
    return k ? n : 1;
}

/* The leaves depth plies below s, counted subtree by subtree `levels`
 * plies down; path names the actions that lead to s. */
static uint64_t split_count(split *sp, void *s, int depth, int levels, const char *path)
{
    const game_def *g = sp->g;
    game_action *list = levels ? malloc(sizeof *list * (size_t)g->max_actions) : NULL;
    void *child = levels ? malloc(g->state_size) : NULL;
    int k = list && child ? g->legal(s, list) : 0;
    uint64_t total = 0;
    if (!k) {
        char label[200];
        snprintf(label, sizeof label, "below%s", *path ? path : " the root");
        meter_step(sp->m, sp->done, label);
        total = sp->count(s, depth);
        sp->done++;
    }
    for (int i = 0; i < k; i++) {
        char name[GAME_ACTION_TEXT_MAX], sub[200];
        g->action_to_text(s, list[i], name, sizeof name);
        snprintf(sub, sizeof sub, "%s %s", path, name);
        memcpy(child, s, g->state_size);
        g->apply(child, list[i]);
        total += split_count(sp, child, depth - 1, levels - 1, sub);
    }
    free(list);
    free(child);
    return total;
}

/* The leaves below each legal action of s, printed as they come; the total. */
static uint64_t divide(const game_def *g, void *s, int depth, uint64_t (*count)(void *, int), bool json, meter *m)
{
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    void *child = malloc(g->state_size);
    uint64_t total = 0;
    int n = list && child ? g->legal(s, list) : 0;
    if (json) {
        putchar('{');
        jsonw_fkey(stdout, "divide", 1);
        putchar('{');
    }
    for (int i = 0; i < n; i++) {
        char name[GAME_ACTION_TEXT_MAX];
        g->action_to_text(s, list[i], name, sizeof name);
        memcpy(child, s, g->state_size);
        g->apply(child, list[i]);
        char label[200];
        snprintf(label, sizeof label, "below %s", name);
        meter_step(m, (uint64_t)i, label);
        uint64_t sub = count(child, depth - 1);
        total += sub;
        meter_pause(m);
        if (json)
            jsonw_fkv_uint(stdout, name, sub, i == 0);
        else
            printf("%s: %llu\n", name, (unsigned long long)sub);
        fflush(stdout);
        meter_resume(m);
    }
    if (json)
        putchar('}');
    free(list);
    free(child);
    return total;
}

int cmd_perft(int argc, char **argv)
{
    cli_start st = { 0 };
    bool do_divide = false, json = false, bulk = false, quiet = false;
    int depth = -1;
    const opt_spec opts[] = {
        { "depth", OPT_INT, &depth, "N", "plies to count (every action is one ply)", 0, 30, NULL },
        CLI_START_OPTS(st),
        { "divide", OPT_FLAG, &do_divide, NULL, "also print the count below each legal action", 0, 0, NULL },
        { "bulk", OPT_FLAG, &bulk, NULL, "count the last ply without making its actions (faster; "
                                        "not the make/unmake figure; where the game has it)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print {\"depth\",\"nodes\",\"seconds\",\"nodes_per_second\"}", 0, 0, NULL },
        { "quiet", OPT_FLAG, &quiet, NULL, "no progress on stderr (shown from depth 5)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "perft", "--depth N [--game NAME] [--position STR | --setup KIND [--seed S]] [--divide] [--json]\n"
                                     "       [--quiet]",
                            "Counts the leaves of the game tree N plies deep.  Every action is one ply\n"
                            "(TZAAR: capture, stack, pass, placement) and a finished game has no actions.\n"
                            "TZAAR from the fixed setup: 42, 1797, 260556, 11010135, 1557472755.\n"
                            "From depth 5, progress goes to stderr (a bar on a terminal, a status line\n"
                            "every few seconds otherwise), counted in the subtrees below the first ply\n"
                            "(the first two from depth 7).",
                            opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (depth < 0)
        return cli_error("perft", "--depth N is required");
    const game_def *g;
    void *s;
    if ((rc = cli_start_state("perft", &st, &g, &s)))
        return rc;
    if (!g->bench) {
        free(s);
        return cli_error("perft", "the game '%s' has no perft (no bench capability)", g->name);
    }
    if (bulk && !g->bench->perft_bulk) {
        free(s);
        return cli_error("perft", "--bulk: the game '%s' has no bulk counting", g->name);
    }
    uint64_t (*count)(void *, int) = bulk ? g->bench->perft_bulk : g->bench->perft;
    bool metered = depth >= PERFT_METER_DEPTH && !quiet;
    int levels = depth >= PERFT_METER_DEPTH + 2 ? 2 : 1;
    char what[64];
    snprintf(what, sizeof what, "perft %d", depth);
    double t0 = clock_seconds();
    uint64_t nodes;
    if (do_divide && depth > 0) {
        meter *m = metered ? meter_start(what, subtrees(g, s, 1), false) : NULL;
        nodes = divide(g, s, depth, count, json, m);
        meter_stop(m);
    } else {
        if (metered) {
            split sp = { g, count, meter_start(what, subtrees(g, s, levels), false), 0 };
            nodes = split_count(&sp, s, depth, levels, "");
            meter_stop(sp.m);
        } else
            nodes = count(s, depth);
        if (json)
            printf("{");
    }
    double secs = clock_seconds() - t0;
    double nps = secs > 0 ? (double)nodes / secs : 0;
    if (json) { /* after {"divide":{...} or { */
        jsonw_fkv_int(stdout, "depth", depth, !(do_divide && depth > 0));
        jsonw_fkv_uint(stdout, "nodes", nodes, 0);
        jsonw_fkv_num(stdout, "seconds", "%.6f", secs, 0);
        jsonw_fkv_num(stdout, "nodes_per_second", "%.0f", nps, 0);
        printf("}\n");
    } else
        printf("perft %d: %llu nodes in %.3f s (%.1f M/s%s)\n", depth, (unsigned long long)nodes, secs,
               nps / 1e6, bulk ? ", bulk counting" : "");
    free(s);
    return 0;
}

int cmd_show(int argc, char **argv)
{
    cli_start st = { 0 };
    const char *actions = NULL;
    const opt_spec opts[] = {
        CLI_START_OPTS(st),
        { "actions", OPT_STR, &actions, "\"A B ...\"", "play these actions first (space-separated)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "show", "[--game NAME] [--position STR | --setup KIND [--seed S]] [--actions \"A B ...\"]",
                            "Draws the board with coordinates (where the game has a drawing), then prints\n"
                            "the position string; with --actions, of the position after those actions.", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const game_def *g;
    void *s;
    if ((rc = cli_start_state("show", &st, &g, &s)))
        return rc;
    if (actions && (rc = cli_play_actions("show", g, s, actions))) {
        free(s);
        return rc;
    }
    char board[8192], line[GAME_TEXT_MAX];
    if (g->board_text && g->board_text(s, board, sizeof board) >= 0)
        fputs(board, stdout);
    g->to_text(s, line, sizeof line);
    printf("%s\n", line);
    free(s);
    return 0;
}

/* cls[i]: the index of the first action whose result is an image of
 * action i's result (the game's symmetry_key).  Quadratic in the actions,
 * which is nothing next to printing them.  0, or 2 after the error line. */
static int action_classes(const game_def *g, const void *s, const game_action *list, int n, int **cls)
{
    if (!g->symmetry_key)
        return cli_error("legal", "--classes: %s has no symmetry capability (triad help lists each game's)", g->name);
    int *c = malloc(sizeof *c * (size_t)(n ? n : 1));
    uint64_t *key = malloc(sizeof *key * (size_t)(n ? n : 1));
    void *t = malloc(g->state_size);
    if (!c || !key || !t) {
        free(c), free(key), free(t);
        return cli_error("legal", "out of memory");
    }
    for (int i = 0; i < n; i++) {
        memcpy(t, s, g->state_size);
        g->apply(t, list[i]);
        key[i] = g->symmetry_key(t);
        c[i] = i;
        for (int j = 0; j < i; j++)
            if (key[j] == key[i]) {
                c[i] = c[j];
                break;
            }
    }
    free(key);
    free(t);
    *cls = c;
    return 0;
}

int cmd_legal(int argc, char **argv)
{
    cli_start st = { 0 };
    bool json = false, classes = false;
    const opt_spec opts[] = {
        CLI_START_OPTS(st),
        { "classes", OPT_FLAG, &classes, NULL, "after each action, its class: the first action in the game's order "
                                               "whose result is an image of this one's under the game's symmetries", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print {\"actions\":[...]} (with --classes, \"classes\":[...] beside it)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "legal", "[--game NAME] [--position STR | --setup KIND [--seed S]] [--classes] [--json]",
                            "Lists the legal actions, one per line, in the game's order (none when the\n"
                            "game is over, which is then said on stderr).  --classes groups them by\n"
                            "symmetry (games with the 'symmetry' capability): actions whose resulting\n"
                            "positions are images of each other are one class, named by its first action\n"
                            "(e.g. the 14 opening classes of TZAAR's fixed setup).", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const game_def *g;
    void *s;
    if ((rc = cli_start_state("legal", &st, &g, &s)))
        return rc;
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    if (!list) {
        free(s);
        return cli_error("legal", "out of memory");
    }
    int n = g->legal(s, list);
    int *cls = NULL;
    if (classes && (rc = action_classes(g, s, list, n, &cls))) {
        free(list);
        free(s);
        return rc;
    }
    if (json) {
        putchar('{');
        jsonw_fkey(stdout, "actions", 1);
        putchar('[');
    }
    for (int i = 0; i < n; i++) {
        char name[GAME_ACTION_TEXT_MAX], rep[GAME_ACTION_TEXT_MAX];
        g->action_to_text(s, list[i], name, sizeof name);
        if (json)
            jsonw_fkv_str(stdout, NULL, name, i == 0);
        else if (cls) {
            g->action_to_text(s, list[cls[i]], rep, sizeof rep);
            printf("%s %s\n", name, rep);
        } else
            printf("%s\n", name);
    }
    if (json && cls) {
        printf("],");
        jsonw_fkey(stdout, "classes", 1);
        putchar('[');
        for (int i = 0; i < n; i++) {
            char rep[GAME_ACTION_TEXT_MAX];
            g->action_to_text(s, list[cls[i]], rep, sizeof rep);
            jsonw_fkv_str(stdout, NULL, rep, i == 0);
        }
    }
    if (json)
        printf("]}\n");
    free(cls);
    if (g->over(s) && !json) {
        char who[200], ending[64];
        cli_result_text(g, s, who, sizeof who, ending);
        fprintf(stderr, "game over: %s (%s)\n", who, ending);
    }
    free(list);
    free(s);
    return 0;
}
