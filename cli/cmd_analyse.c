/* cmd_analyse.c — `triad analyse`: one player's choice in one position, with
 * the search's score, depth, nodes, speed and principal variation. */
#include <stdio.h>
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/player.h"
#include "commands.h"
#include "opts.h"

int pv_to_text(const position *p, const action *pv, int n, bool json, char *out, size_t size)
{
    position q = *p;
    size_t len = 0;
    int i = 0;
    out[0] = 0;
    /* Stop at anything illegal: the PV is only advice. */
    for (; i < n && len + 16 < size && action_is_legal(&q, pv[i]); i++) {
        char name[ACTION_TEXT_MAX];
        undo u;
        action_to_text(pv[i], q.side, name);
        len += (size_t)snprintf(out + len, size - len, json ? "%s\"%s\"" : "%s%s", i ? json ? "," : " " : "", name);
        pos_make(&q, pv[i], &u);
    }
    return i;
}

int cmd_analyse(int argc, char **argv)
{
    const char *text = NULL, *setup = NULL, *spec_text = "ab:depth=4";
    uint64_t seed = 0, player_seed = 0;
    bool seed_given = false, json = false;
    const opt_spec opts[] = {
        { "position", OPT_STR, &text, "STR", "a position string (see docs/formats.md)", 0, 0, NULL },
        { "setup", OPT_STR, &setup, "KIND", "random, fixed (default) or tournament", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "seed of --setup random", 0, 0, &seed_given },
        { "player", OPT_STR, &spec_text, "SPEC", "the player (default ab:depth=4; see docs/players.md)", 0, 0, NULL },
        { "player-seed", OPT_U64, &player_seed, "S", "the player's seed (tie-breaks; default 0)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL,
          "print {\"action\",\"score\",\"depth\",\"nodes\",\"nodes_per_second\",\"pv\"}", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "analyse", "[--position STR | --setup KIND [--seed S]] [--player SPEC] [--player-seed S] [--json]",
        "Prints the player's action, the score (side to act's view; about 100 per stack,\n"
        "above 29000 a won game), the depth in plies (one ply per action), nodes,\n"
        "nodes per second and the principal variation.  A time limit (ab:ms=N) is not\n"
        "reproducible; depth and node limits are.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    position p;
    if ((rc = cli_position("analyse", text, setup, seed, seed_given, &p)))
        return rc;
    if (game_winner(&p, NULL) >= 0)
        return cli_error("analyse", "the game is over in this position");
    char err[512], name[ACTION_TEXT_MAX], pv[PV_MAX * 12];
    player *pl = player_new(spec_text, err, sizeof err);
    if (!pl)
        return cli_error("analyse", "--player: %s", err);
    search_report r;
    action a = player_choose(pl, &p, player_seed, &r);
    player_free(pl);
    action_to_text(a, p.side, name);
    pv_to_text(&p, r.pv, r.pv_len, json, pv, sizeof pv);
    double nps = r.seconds > 0 ? (double)r.nodes / r.seconds : 0;
    if (json)
        printf("{\"action\":\"%s\",\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"nodes_per_second\":%.0f,\"pv\":[%s]}\n",
               name, r.score, r.depth, (unsigned long long)r.nodes, nps, pv);
    else
        printf("action %s\nscore %d\ndepth %d\nnodes %llu\nnodes_per_second %.0f\npv %s\n", name, r.score,
               r.depth, (unsigned long long)r.nodes, nps, pv);
    return 0;
}
