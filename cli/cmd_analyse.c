/* cmd_analyse.c — `triad analyse`: one player's choice in one position of
 * any game, with what a searching player reports: score, depth, nodes,
 * speed and principal variation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/players.h"
#include "commands.h"
#include "opts.h"

int cli_pv_text(const game_def *g, const void *s, const game_action *pv, int n, bool json, char *out, size_t size)
{
    void *q = malloc(g->state_size);
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    size_t len = 0;
    int i = 0;
    out[0] = 0;
    if (q && list) {
        memcpy(q, s, g->state_size);
        /* Stop at anything illegal: the PV is only advice. */
        for (; i < n && len + GAME_ACTION_TEXT_MAX + 4 < size; i++) {
            int m = g->legal(q, list), j = 0;
            while (j < m && list[j] != pv[i])
                j++;
            if (j == m)
                break;
            char name[GAME_ACTION_TEXT_MAX];
            g->action_to_text(q, pv[i], name, sizeof name);
            len += (size_t)snprintf(out + len, size - len, json ? "%s\"%s\"" : "%s%s", i ? json ? "," : " " : "",
                                    name);
            g->apply(q, pv[i]);
        }
    }
    free(q);
    free(list);
    return i;
}

int cmd_analyse(int argc, char **argv)
{
    cli_start st = { 0 };
    const char *spec_text = NULL;
    uint64_t player_seed = 0;
    bool json = false;
    const opt_spec opts[] = {
        CLI_START_OPTS(st),
        { "player", OPT_STR, &spec_text, "SPEC", "the player (TZAAR's default ab:depth=4, other games' mcts; "
                                                "see docs/players.md)", 0, 0, NULL },
        { "player-seed", OPT_U64, &player_seed, "S", "the player's seed (tie-breaks; default 0)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL,
          "print {\"action\",\"score\",\"depth\",\"nodes\",\"nodes_per_second\",\"pv\"}", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "analyse", "[--game NAME] [--position STR | --setup KIND [--seed S]] [--player SPEC] [--player-seed S] [--json]",
        "Prints the player's action and, for a searching player, the score (the acting\n"
        "seat's view; TZAAR's ab: about 100 per stack, above 29000 a won game), the depth\n"
        "in plies (one ply per action), nodes, nodes per second and the principal\n"
        "variation.  A time limit (ab:ms=N) is not reproducible; depth and node limits are.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const game_def *g;
    void *s;
    if ((rc = cli_start_state("analyse", &st, &g, &s)))
        return rc;
    if (g->over(s)) {
        free(s);
        return cli_error("analyse", "the game is over in this position");
    }
    if (!spec_text)
        spec_text = g->default_player ? g->default_player : "mcts";
    char err[512], name[GAME_ACTION_TEXT_MAX], pv[GAME_PV_MAX * (GAME_ACTION_TEXT_MAX + 3)];
    gplayer *pl = gplayer_new(g, spec_text, err, sizeof err);
    if (!pl) {
        free(s);
        return cli_error("analyse", "--player: %s", err);
    }
    game_action a = gplayer_choose(pl, s, player_seed);
    if (a == GAME_NO_ACTION) { /* an engine: player failed */
        game_forfeit f;
        gplayer_forfeit(pl, &f);
        gplayer_free(pl);
        free(s);
        return cli_error("analyse", "--player %s forfeits by %s: %s", spec_text, game_forfeit_names[f.reason], f.text);
    }
    game_search_report r;
    bool searched = gplayer_report(pl, &r);
    gplayer_free(pl);
    g->action_to_text(s, a, name, sizeof name);
    if (!searched) {
        printf(json ? "{\"action\":\"%s\"}\n" : "action %s\n", name);
        free(s);
        return 0;
    }
    cli_pv_text(g, s, r.pv, r.pv_len, json, pv, sizeof pv);
    double nps = r.seconds > 0 ? (double)r.nodes / r.seconds : 0;
    if (json)
        printf("{\"action\":\"%s\",\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"nodes_per_second\":%.0f,\"pv\":[%s]}\n",
               name, r.score, r.depth, (unsigned long long)r.nodes, nps, pv);
    else
        printf("action %s\nscore %d\ndepth %d\nnodes %llu\nnodes_per_second %.0f\npv %s\n", name, r.score,
               r.depth, (unsigned long long)r.nodes, nps, pv);
    free(s);
    return 0;
}
