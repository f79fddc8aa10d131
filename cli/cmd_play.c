/* cmd_play.c — `triad play`: one game between two players, printed turn by
 * turn, then the final board and how it ended.  Each action's seed is
 * seed_mix(--seed, action number), so a game is reproducible from its command
 * line when neither player has a time limit. */
#include <stdio.h>
#include <string.h>
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/player.h"
#include "core/prng.h"
#include "games/tzaar/setup.h"
#include "commands.h"
#include "opts.h"

/* Far above any real game: 60 placements plus at most ~60 turns of two. */
#define MAX_GAME_ACTIONS 400

static const char *const side_names[2] = { "White", "Black" };

/* Prints one line per turn: the actions a player made before the side changed. */
static int run_game(player *pl[2], position *p, uint64_t seed, bool quiet)
{
    char line[128] = "", name[ACTION_TEXT_MAX];
    int turn = 0, actions = 0, ending;
    while (game_winner(p, &ending) < 0) {
        if (actions >= MAX_GAME_ACTIONS)
            return cli_error("play", "no result after %d actions", MAX_GAME_ACTIONS);
        int side = p->side;
        action a = player_choose(pl[side], p, seed_mix(seed, (uint64_t)actions), NULL);
        if (!action_is_legal(p, a))
            return cli_error("play", "%s (%s) chose an illegal action", side_names[side], player_spec(pl[side]));
        action_to_text(a, side, name);
        if (!line[0] && p->phase == PHASE_PLACE) /* placement is not a turn */
            snprintf(line, sizeof line, "      %s places", side_names[side]);
        else if (!line[0])
            snprintf(line, sizeof line, "%4d. %s ", ++turn, side_names[side]);
        strcat(line, " ");
        strcat(line, name);
        undo u;
        pos_make(p, a, &u);
        actions++;
        if (p->side != side || p->winner >= 0) {
            if (!quiet)
                printf("%s\n", line);
            line[0] = 0;
        }
    }
    int w = game_winner(p, &ending);
    if (!quiet) {
        char text[POS_TEXT_MAX];
        pos_to_text(p, text, sizeof text);
        printf("\n");
        pos_draw(p, stdout);
        printf("%s\n", text);
    }
    printf("result: %s (%s wins by %s after %d turns)\n", w == WHITE ? "1-0" : "0-1", side_names[w],
           ending == END_TRINITY ? "trinity" : "no capture", turn);
    return 0;
}

int cmd_play(int argc, char **argv)
{
    const char *white = NULL, *black = NULL, *setup = "fixed", *text = NULL;
    uint64_t seed = 1;
    bool quiet = false, setup_given = false;
    const opt_spec opts[] = {
        { "white", OPT_STR, &white, "SPEC", "White's player, e.g. ab:depth=4, greedy, random", 0, 0, NULL },
        { "black", OPT_STR, &black, "SPEC", "Black's player", 0, 0, NULL },
        { "setup", OPT_STR, &setup, "KIND", "fixed (default), random or tournament", 0, 0, &setup_given },
        { "position", OPT_STR, &text, "STR", "start from this position string instead", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "seeds the random setup and every player's choice (default 1)", 0, 0, NULL },
        { "quiet", OPT_FLAG, &quiet, NULL, "print the result line only", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "play", "--white SPEC --black SPEC [--setup KIND | --position STR] [--seed S] [--quiet]",
        "Plays one game and prints it turn by turn, the final board and the result\n"
        "line 'result: 1-0 (...)' or 'result: 0-1 (...)'.  Player specs: docs/players.md.\n"
        "With depth or node limits the game is a function of the command line; a time\n"
        "limit (ab:ms=N) makes it depend on the machine's speed and load.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!white || !black)
        return cli_error("play", "--white SPEC and --black SPEC are required");
    position p;
    char err[512];
    if (text && setup_given)
        return cli_error("play", "give either --position or --setup, not both");
    if (text) {
        if (pos_from_text(&p, text, err, sizeof err))
            return cli_error("play", "%s", err);
    } else {
        int kind = setup_kind(setup);
        if (kind < 0)
            return cli_error("play", "unknown setup '%s' (expected random, fixed or tournament)", setup);
        setup_make(&p, kind, seed);
    }
    player *pl[2] = { player_new(white, err, sizeof err), NULL };
    if (!pl[0])
        return cli_error("play", "--white: %s", err);
    if (!(pl[1] = player_new(black, err, sizeof err))) {
        player_free(pl[0]);
        return cli_error("play", "--black: %s", err);
    }
    if (!quiet)
        printf("White: %s\nBlack: %s\n\n", white, black);
    rc = run_game(pl, &p, seed, quiet);
    player_free(pl[0]);
    player_free(pl[1]);
    return rc;
}
