/* main.c — triad's entry point: dispatches to a subcommand. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "engine/game.h"
#include "commands.h"
#include "opts.h"
#include "progress.h"

static const cli_command commands[] = {
    { "perft", cmd_perft, "count the leaves of the game tree (move-generator check)" },
    { "bench", cmd_bench, "perft and search speed, and the signatures" },
    { "show", cmd_show, "draw a position" },
    { "legal", cmd_legal, "list the legal actions of a position" },
    { "selfplay", cmd_selfplay, "play engine games into a records file" },
    { "records", cmd_records, "stats, cat, verify, merge, info, import, export (JSON lines, CSV) records files" },
    { "play", cmd_play, "play one game between players, printed turn by turn" },
    { "analyse", cmd_analyse, "a player's choice in a position, with score and variation" },
    { "engine", cmd_engine, "drive a player through the line protocol on stdin/stdout" },
    { "tune", cmd_tune, "fit evaluation weights to game outcomes (Texel's method, GSL)" },
    { "train", cmd_train, "train a network evaluation from records (NNUE)" },
    { "match", cmd_match, "A against B: paired games, Elo interval, pentanomial, SPRT; N players: share, rank" },
    { "bias", cmd_bias, "the opening-setup bias study: scores, intervals, tests, plots, report" },
    { "continuation", cmd_continuation, "games cut at ply k and played on by another player: White's score against k" },
    { "solve", cmd_solve, "prove who wins an endgame (TZAAR: df-pn); --records: the endgame oracle on games" },
    { "view", cmd_view, "records as a static web site: games table and a board viewer" },
};

const cli_command *cli_commands(int *n)
{
    *n = (int)(sizeof commands / sizeof *commands);
    return commands;
}

static void usage(FILE *out)
{
    fputs("triad — a self-play research toolkit for abstract strategy games\n\nusage: triad COMMAND [OPTIONS]\n\ncommands:\n", out);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("  help       this list; help COMMAND, help players [GAME] (every player kind, key, default),\n"
          "             help games, help --man (the man page), help --completion (bash completion)\n"
          "  --version  version, git commit, build flags and engine signatures\n\ngames (--game NAME):\n", out);
    const game_def *const *games = game_list();
    for (int testing = 0; testing < 2; testing++) {
        if (testing)
            fputs("test games (for the test suite only):\n", out);
        for (int i = 0; games[i]; i++)
            if (games[i]->testing_only == testing)
            {
                const game_def *g = games[i];
                char caps[160];
                game_capabilities(g, caps, sizeof caps);
                if (g->min_players == g->max_players)
                    fprintf(out, "  %-10s %s, %d players\n", g->name, g->title, g->min_players);
                else
                    fprintf(out, "  %-10s %s, %d to %d players\n", g->name, g->title, g->min_players, g->max_players);
                fprintf(out, "  %-10s capabilities: %s\n", "", caps[0] ? caps : "none beyond the mandatory hooks");
            }
    }
    fputs("\n'triad COMMAND --help' describes a command.\n", out);
}

/* triad help TOPIC...: a command's --help, the players, the games; an
 * unknown topic is bad input (the general list would hide the typo). */
static int help_topic(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[0], commands[i].name) && argc == 1) {
            char *help[] = { argv[0], "--help", NULL };
            return commands[i].run(2, help);
        }
    if (!strcmp(argv[0], "players") && argc <= 2)
        return cli_help_players(stdout, argc == 2 ? argv[1] : NULL);
    if (!strcmp(argv[0], "games") && argc == 1)
        return cli_help_games(stdout);
    if (argc > 1)
        fprintf(stderr, "triad help: '%s' takes no more than %s (see triad help)\n", MSG_PATH(argv[0]),
                !strcmp(argv[0], "players") ? "a game's name" : "itself");
    else
        fprintf(stderr, "triad help: unknown topic '%s' (expected a command, players [GAME], games, --man or "
                "--completion)\n", MSG_PATH(argv[0]));
    return 2;
}

/* What a command printed is buffered: a full disk, or a file that cannot
 * take more, under stdout shows only when it is flushed.  A command that
 * had done its work then fails as any write that failed does (exit 1),
 * rather than exit 0 with its output lost. */
static int stdout_checked(const char *cmd, int rc)
{
    errno = 0;
    if ((fflush(stdout) == EOF || ferror(stdout)) && (rc == 0 || rc == 3)) {
        int e = errno ? errno : EIO;
        return cli_fail(cmd, "cannot write the output (standard output): %s", strerror(e));
    }
    return rc;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv)
{
    int rc = run_command(argc, argv);
    return stdout_checked(argc >= 2 ? argv[1] : "help", rc);
}

static int run_command(int argc, char **argv)
{
    game_list(); /* every game initialised before any command can reach one */
    /* GSL's default handler aborts; the toolkit checks every status instead. */
    gsl_set_error_handler_off();
    char err[128];
    if (progress_read_env(err, sizeof err)) {
        fprintf(stderr, "triad: %s\n", err);
        return 2;
    }
    /* A signal removes the temporary files the command registered. */
    fio_cleanup_install();
    if (argc >= 2 && !strcmp(argv[1], "--version"))
        return cmd_version(argc - 1, argv + 1);
    if (argc == 3 && !strcmp(argv[1], "help") && (!strcmp(argv[2], "--man") || !strcmp(argv[2], "--completion")))
        return cli_help_doc(argv[2] + 2);
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        if (argc >= 3)
            return help_topic(argc - 2, argv + 2);
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "triad: unknown command '%s' (see triad help)\n", MSG_PATH(argv[1]));
    return 2;
}
