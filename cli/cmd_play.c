/* cmd_play.c — `triad play`: one game of any game between its players,
 * printed turn by turn, then the final board and how it ended.  Each
 * action's seed is seed_mix(--seed, action number), so a game is
 * reproducible from its command line when no player has a time limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/prng.h"
#include "engine/players.h"
#include <unistd.h>
#include "selfplay/run.h"
#include "commands.h"
#include "meter.h"
#include "opts.h"

typedef struct game_run {
    const game_def *g;
    void *s;
    gplayer *pl[GAME_MAX_PLAYERS];
    game_action *list;
    meter *m; /* who is thinking, on stderr (a terminal, or --progress); NULL: none */
} game_run;

/* A line of the game on stdout, at once: a pipe or a file sees each turn as
 * it is played, not the whole game at its end (and the meter's line on the
 * same terminal is taken off while it is written). */
static void put_line(game_run *r, const char *line)
{
    meter_pause(r->m);
    printf("%s\n", line);
    fflush(stdout);
    meter_resume(r->m);
}

/* The meter's step: the turn and who is to act, before a player chooses. */
static void show_thinking(game_run *r, int k, int actions)
{
    char label[GPLAYER_SPEC_MAX + 64], seat[16];
    if (!r->m)
        return;
    snprintf(label, sizeof label, "action %d, %s (%s) to act", actions + 1, game_seat_name(r->g, k, seat),
             gplayer_spec(r->pl[k]));
    meter_step(r->m, (uint64_t)actions, label);
}

/* The end of a game that seat k forfeited (an engine: player's illegal
 * answer, crash, timeout or protocol error): the position it failed in and
 * the result line, scored as records score it (records/record.h). */
static int forfeited(game_run *r, int k, bool quiet)
{
    const game_def *g = r->g;
    game_forfeit f;
    char text[GAME_TEXT_MAX], seat[16], why[GAME_FORFEIT_TEXT_MAX + 8];
    gplayer_forfeit(r->pl[k], &f);
    rec_run run = { .game = g, .players = g->players(r->s) };
    run.score_scale = g->score_denominator > 0 ? g->score_denominator : 2;
    double scores[GAME_MAX_PLAYERS];
    rec_forfeit_scores(&run, k, scores);
    if (g->to_text(r->s, text, sizeof text) < 0)
        text[0] = 0;
    if (!quiet)
        printf("\n%s (%s) forfeits by %s: %s\nthe position: %s\n", game_seat_name(g, k, seat), gplayer_spec(r->pl[k]),
               game_forfeit_names[f.reason], msg_escape(why, sizeof why, f.text), text);
    printf("result: ");
    for (int i = 0; i < run.players; i++)
        printf("%s%g", i ? "-" : "", scores[i]);
    printf(" (%s forfeits by %s)\n", game_seat_name(g, k, seat), game_forfeit_names[f.reason]);
    return 0;
}

/* Prints one line per turn: the actions a seat made before another acts.
 * Actions that start no turn (a placement phase) are listed as placements.
 * Who is thinking goes to stderr unless hide_progress. */
static int run_game(game_run *r, uint64_t seed, bool quiet, bool hide_progress)
{
    r->m = meter_start("play", 0, hide_progress);
    const game_def *g = r->g;
    char line[1024] = "", name[GAME_ACTION_TEXT_MAX], seat[16];
    int start_turns = g->turns(r->s), actions = 0;
    for (int k = 0; k < g->players(r->s); k++)
        gplayer_begin(r->pl[k], r->s);
    while (!g->over(r->s)) {
        if (actions >= REC_MAX_ACTIONS) {
            meter_stop(r->m);
            return cli_error("play", "no result after %d actions", REC_MAX_ACTIONS);
        }
        int k = g->to_act(r->s), before = g->turns(r->s);
        show_thinking(r, k, actions);
        game_action a = gplayer_choose(r->pl[k], r->s, seed_mix(seed, (uint64_t)actions));
        if (a == GAME_NO_ACTION) { /* a program outside triad failed: it loses here */
            meter_stop(r->m);
            r->m = NULL;
            if (line[0] && !quiet)
                printf("%s\n", line);
            return forfeited(r, k, quiet);
        }
        int n = g->legal(r->s, r->list), i = 0;
        while (i < n && r->list[i] != a)
            i++;
        if (i == n) {
            meter_stop(r->m);
            return cli_error("play", "%s (%s) chose an illegal action", game_seat_name(g, k, seat),
                             gplayer_spec(r->pl[k]));
        }
        g->action_to_text(r->s, a, name, sizeof name);
        g->apply(r->s, a);
        actions++;
        size_t len = strlen(line);
        if (g->turns(r->s) > before) { /* this action opened a turn */
            if (len && !quiet)
                put_line(r, line);
            len = (size_t)snprintf(line, sizeof line, "%4d. %s ", g->turns(r->s) - start_turns,
                                   game_seat_name(g, k, seat));
        } else if (!len)
            len = (size_t)snprintf(line, sizeof line, "      %s places", game_seat_name(g, k, seat));
        if (len < sizeof line)
            snprintf(line + len, sizeof line - len, " %s", name);
        if (g->to_act(r->s) != k) {
            if (!quiet)
                put_line(r, line);
            line[0] = 0;
        }
    }
    meter_stop(r->m);
    r->m = NULL;
    char who[200], ending[64], scores[100];
    if (!quiet) {
        char text[GAME_TEXT_MAX], board[8192];
        printf("\n");
        if (g->board_text && g->board_text(r->s, board, sizeof board) >= 0)
            fputs(board, stdout);
        g->to_text(r->s, text, sizeof text);
        printf("%s\n", text);
    }
    cli_result_text(g, r->s, who, sizeof who, ending);
    cli_scores_text(g, r->s, scores, sizeof scores);
    printf("result: %s (%s by %s after %d turns)\n", scores, who, ending, g->turns(r->s) - start_turns);
    return 0;
}

/* r's start (its state and action list allocated): the position text, or
 * the setup with nplayers seats.  0, or 2 after the error line. */
static int start_state(game_run *r, const char *text, const char *setup, int nplayers, uint64_t seed)
{
    const game_def *g = r->g;
    char err[512];
    r->s = calloc(1, g->state_size);
    r->list = malloc(sizeof *r->list * (size_t)g->max_actions);
    if (!r->s || !r->list)
        return cli_error("play", "out of memory");
    if (text) {
        if (nplayers)
            return cli_error("play", "--nplayers applies to --setup only");
        if (game_from_text(g, r->s, text, err, sizeof err))
            return cli_error("play", "%s", err);
        return 0;
    }
    if (game_setup(g, r->s, setup ? setup : game_default_setup(g), nplayers ? nplayers : game_default_players(g), seed,
                 err, sizeof err))
        return cli_error("play", "%s", err);
    return 0;
}

int cmd_play(int argc, char **argv)
{
    const char *game = NULL, *setup = NULL, *text = NULL;
    OPT_LIST_OWNED opt_list seat = { 0 };
    cli_seats so = { .seat = &seat };
    uint64_t seed = CLI_SEED_DEFAULT;
    int nplayers = 0;
    bool quiet = false, progress = false;
    const opt_spec opts[] = {
        { "game", OPT_STR, &game, "NAME", "the game (default tzaar; NAME:KEY=VALUE,... a variant: triad help games)", 0, 0, NULL },
        { "players", OPT_STR, &so.players, "SPEC", "every seat's player", 0, 0, NULL },
        { "seat", OPT_LIST, &seat, "K=SPEC", "seat K's player (repeatable)", 0, 0, NULL },
        { "white", OPT_STR, &so.white, "SPEC", "seat 0's player (TZAAR's White), e.g. ab:depth=4, greedy, random",
          0, 0, NULL },
        { "black", OPT_STR, &so.black, "SPEC", "seat 1's player (TZAAR's Black)", 0, 0, NULL },
        { "nplayers", OPT_INT, &nplayers, "N", "seats (default: the game's)", 1, GAME_MAX_PLAYERS, NULL },
        { "setup", OPT_STR, &setup, "KIND", "the game's setup (default: the game's; TZAAR: random (default), fixed, tournament or tournament-black)", 0, 0,
          NULL },
        { "position", OPT_STR, &text, "STR", "start from this position string instead", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "seeds a random setup and every player's choice (default 1)", 0, 0, NULL },
        { "quiet", OPT_FLAG, &quiet, NULL, "print the result line only", 0, 0, NULL },
        { "progress", OPT_FLAG, &progress, NULL, "who is thinking, on stderr even when not a terminal", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "play", "[--game NAME] (--white SPEC --black SPEC | --players SPEC | --seat K=SPEC ...)\n"
                "       [--setup KIND | --position STR] [--seed S] [--quiet] [--progress]",
        "Plays one game and prints it turn by turn, the final board and the result\n"
        "line 'result: SCORES (WHO wins by ENDING after N turns)', scores joined by '-'\n"
        "(TZAAR: 1-0 or 0-1).  Player specs: docs/players.md.  With depth, node or\n"
        "playout limits the game is a function of the command line; a time limit\n"
        "(ab:ms=N) makes it depend on the machine's speed and load.  A program outside\n"
        "triad plays as engine:cmd=FILE (docs/players.md); if it forfeits (illegal\n"
        "action, crash, timeout, protocol error), play prints why and the position,\n"
        "and the result line 'result: SCORES (WHO forfeits by REASON)'.  Each turn is\n"
        "written as it is played; stderr shows who is thinking on a terminal (--progress:\n"
        "whatever it is, a line every TRIAD_PROGRESS_SECONDS; --quiet: never).",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    game_run r = { .g = cli_game("play", game) };
    if (!r.g)
        return 2;
    const game_def *g = r.g;
    char err[512], specs[GAME_MAX_PLAYERS][REC_SPEC_MAX];
    if (text && setup)
        return cli_error("play", "give either --position or --setup, not both");
    rc = start_state(&r, text, setup, nplayers, seed);
    int players = rc ? 0 : g->players(r.s);
    if (!rc)
        rc = cli_seat_specs("play", g, players, &so, specs);
    if (!rc && run_check_files(g, (const char (*)[REC_SPEC_MAX])specs, players, NULL, NULL, err, sizeof err))
        rc = cli_error("play", "%s", err); /* a log= that is a records file */
    for (int k = 0; k < players && !rc; k++)
        if (!(r.pl[k] = gplayer_new(g, specs[k], err, sizeof err)))
            rc = cli_error("play", "seat %d: %s", k, err);
    if (!rc && !quiet) {
        char seat_name[16];
        for (int k = 0; k < players; k++)
            printf("%s: %s\n", game_seat_name(g, k, seat_name), specs[k]);
        printf("\n");
    }
    if (!rc)
        rc = run_game(&r, seed, quiet, quiet || !(progress || isatty(STDERR_FILENO)));
    for (int k = 0; k < GAME_MAX_PLAYERS; k++)
        gplayer_free(r.pl[k]);
    free(r.s);
    free(r.list);
    return rc;
}
