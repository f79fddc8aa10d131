/* cmd_position.c — commands that look at one position: perft, show, legal. */
#include <stdio.h>
#include <string.h>
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/perft.h"
#include "commands.h"
#include "opts.h"

#define POSITION_OPTS(text, setup, seed, seed_given)                                              \
    { "position", OPT_STR, &text, "STR", "a position string (see docs/formats.md)", 0, 0, NULL }, \
    { "setup", OPT_STR, &setup, "KIND", "random, fixed (default) or tournament", 0, 0, NULL },    \
    { "seed", OPT_U64, &seed, "S", "seed of --setup random", 0, 0, &seed_given }

int cmd_perft(int argc, char **argv)
{
    const char *text = NULL, *setup = NULL;
    uint64_t seed = 0;
    bool seed_given = false, divide = false, json = false, bulk = false;
    int depth = -1;
    const opt_spec opts[] = {
        { "depth", OPT_INT, &depth, "N", "plies to count (every action is one ply)", 0, 30, NULL },
        POSITION_OPTS(text, setup, seed, seed_given),
        { "divide", OPT_FLAG, &divide, NULL, "also print the count below each legal action", 0, 0, NULL },
        { "bulk", OPT_FLAG, &bulk, NULL, "count the last ply without making its actions (faster; "
                                        "not the make/unmake figure)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print {\"depth\",\"nodes\",\"seconds\",\"nodes_per_second\"}", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "perft", "--depth N [--position STR | --setup KIND [--seed S]] [--divide] [--json]",
                            "Counts the leaves of the game tree N plies deep.  Every action (capture, stack,\n"
                            "pass, placement) is one ply and a finished game has no actions.  From the fixed\n"
                            "setup: 42, 1797, 260556, 11010135, 1557472755.",
                            opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (depth < 0)
        return cli_error("perft", "--depth N is required");
    position p;
    if ((rc = cli_position("perft", text, setup, seed, seed_given, &p)))
        return rc;

    uint64_t (*count)(position *, int) = bulk ? perft_bulk : perft;
    double t0 = now_seconds();
    uint64_t nodes = 0;
    if (divide && depth > 0) {
        action list[MAX_ACTIONS];
        int n = gen_actions(&p, list);
        if (json)
            printf("{\"divide\":{");
        for (int i = 0; i < n; i++) {
            char name[ACTION_TEXT_MAX];
            undo u;
            action_to_text(list[i], p.side, name);
            pos_make(&p, list[i], &u);
            uint64_t sub = count(&p, depth - 1);
            pos_unmake(&p, list[i], &u);
            nodes += sub;
            if (json)
                printf("%s\"%s\":%llu", i ? "," : "", name, (unsigned long long)sub);
            else
                printf("%s: %llu\n", name, (unsigned long long)sub);
        }
        if (json)
            printf("},");
    } else {
        nodes = count(&p, depth);
        if (json)
            printf("{");
    }
    double secs = now_seconds() - t0;
    double nps = secs > 0 ? (double)nodes / secs : 0;
    if (json)
        printf("\"depth\":%d,\"nodes\":%llu,\"seconds\":%.6f,\"nodes_per_second\":%.0f}\n",
               depth, (unsigned long long)nodes, secs, nps);
    else
        printf("perft %d: %llu nodes in %.3f s (%.1f M/s%s)\n", depth, (unsigned long long)nodes, secs,
               nps / 1e6, bulk ? ", bulk counting" : "");
    return 0;
}

/* Plays the space-separated actions of list from p; 0, or 2 after naming
 * the first that does not parse or is not legal. */
static int play_actions(const char *cmd, position *p, const char *list)
{
    char word[64], err[256];
    int k = 0;
    for (const char *s = list; *s;) {
        size_t len = strcspn(s, " ");
        if (len) {
            action a;
            undo u;
            snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), s);
            k++;
            if (action_parse_legal(p, word, &a, err, sizeof err))
                return cli_error(cmd, "--actions: action %d '%s': %s", k, word, err);
            pos_make(p, a, &u);
        }
        s += len + (s[len] == ' ');
    }
    return 0;
}

int cmd_show(int argc, char **argv)
{
    const char *text = NULL, *setup = NULL, *actions = NULL;
    uint64_t seed = 0;
    bool seed_given = false;
    const opt_spec opts[] = {
        POSITION_OPTS(text, setup, seed, seed_given),
        { "actions", OPT_STR, &actions, "\"A B ...\"", "play these actions first (space-separated)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "show", "[--position STR | --setup KIND [--seed S]] [--actions \"A B ...\"]",
                            "Draws the board with coordinates, then prints the position string; with\n"
                            "--actions, of the position after those actions.", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    position p;
    if ((rc = cli_position("show", text, setup, seed, seed_given, &p)))
        return rc;
    if (actions && (rc = play_actions("show", &p, actions)))
        return rc;
    char line[POS_TEXT_MAX];
    pos_draw(&p, stdout);
    pos_to_text(&p, line, sizeof line);
    printf("%s\n", line);
    return 0;
}

int cmd_legal(int argc, char **argv)
{
    const char *text = NULL, *setup = NULL;
    uint64_t seed = 0;
    bool seed_given = false, json = false;
    const opt_spec opts[] = {
        POSITION_OPTS(text, setup, seed, seed_given),
        { "json", OPT_FLAG, &json, NULL, "print {\"actions\":[...]}", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "legal", "[--position STR | --setup KIND [--seed S]] [--json]",
                            "Lists the legal actions, one per line (none when the game is over,\n"
                            "which is then said on stderr).", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    position p;
    if ((rc = cli_position("legal", text, setup, seed, seed_given, &p)))
        return rc;
    action list[MAX_ACTIONS];
    int n = gen_actions(&p, list);
    if (json)
        printf("{\"actions\":[");
    for (int i = 0; i < n; i++) {
        char name[ACTION_TEXT_MAX];
        action_to_text(list[i], p.side, name);
        printf(json ? "%s\"%s\"" : "%.0s%s\n", i ? "," : "", name);
    }
    if (json)
        printf("]}\n");
    int ending, w = game_winner(&p, &ending);
    if (w >= 0 && !json)
        fprintf(stderr, "game over: %s wins (%s)\n", w == WHITE ? "White" : "Black",
                ending == END_TRINITY ? "trinity" : "no capture");
    return 0;
}
