/* commands.h — triad's subcommands, one function each, and the helpers they
 * share.  A command returns the process exit status: 0 done, 1 a check
 * failed, 2 bad input. */
#ifndef TRIAD_COMMANDS_H
#define TRIAD_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/game.h"
#include "records/record.h"
#include "opts.h"

int cmd_perft(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_legal(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_records(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_bias(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_train(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_view(int argc, char **argv);
int cmd_solve(int argc, char **argv);
/* triad --version [--json] (cli/cmd_version.c). */
int cmd_version(int argc, char **argv);

/* The commands main() dispatches to, in `triad help`'s order. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;
const cli_command *cli_commands(int *n);
/* triad help --man | --completion: the man page and the bash completion,
 * generated from the commands' option tables (cli/cmd_doc.c). */
int cli_help_doc(const char *what);
/* triad help players [GAME] and triad help games (cli/cmd_help.c): the
 * player kinds with their keys, and the games, from the tables that parse
 * them.  0, or 2 after the error line. */
int cli_help_players(FILE *out, const char *game);
int cli_help_games(FILE *out);

/* --game NAME (NULL: the default game, game_default(): TZAAR): the game, or
 * NULL after the error line. */
const game_def *cli_game(const char *cmd, const char *name);

/* One vocabulary for every command: when not told, a command starts from
 * the game's default setup (game_default_setup() in engine/game.h: TZAAR
 * random, as the rulebook has it; Talat played; TRID hex5), with the game's
 * default number of players (game_default_players()), and --seed is 1.
 * --seed S seeds everything random the command does (a random setup, the
 * players' tie-breaks, a run's games, a bootstrap, a sample). */
#define CLI_SEED_DEFAULT 1

/* Where a command that looks at one position starts: --game, then
 * --position STR, or --setup KIND (default: the game's) with --seed S
 * (default 1) for a random setup and --nplayers N for a game with a choice. */
typedef struct cli_start {
    const char *game, *position, *setup;
    uint64_t seed;
    bool seed_given;
    int players; /* 0: the game's default */
} cli_start;

#define CLI_START_OPTS(st)                                                                                   \
    { "game", OPT_STR, &(st).game, "NAME", "the game (default tzaar; NAME:KEY=VALUE,... a variant: triad help games)", 0, 0, NULL },  \
    { "position", OPT_STR, &(st).position, "STR", "a position string of the game (docs/formats.md)", 0, 0,  \
      NULL },                                                                                                \
    { "setup", OPT_STR, &(st).setup, "KIND", "a setup of the game (default: the game's; TZAAR: random "    \
      "(default), fixed, tournament or tournament-black)", 0, 0, NULL },                                                      \
    { "seed", OPT_U64, &(st).seed, "S", "seed of a random setup (default 1)", 0, 0, &(st).seed_given },      \
    { "nplayers", OPT_INT, &(st).players, "N", "players, for a game that has a choice (default: the "       \
      "game's)", 1, GAME_MAX_PLAYERS, NULL }

/* The state st names, on the heap (the caller frees it), and its game.
 * Returns 0, or 2 after the error line. */
int cli_start_state(const char *cmd, const cli_start *st, const game_def **g, void **s);

/* True when the setup's start depends on its seed (a random setup). */
bool cli_setup_is_seeded(const game_def *g, const char *setup, int players);

/* Plays the space-separated actions of list from s; 0, or 2 after naming
 * the first that does not parse, is not legal or comes after the end. */
int cli_play_actions(const char *cmd, const game_def *g, void *s, const char *list);

/* How a finished game ended: who ("White wins", "seat 0 and seat 2 share
 * first place") and the ending's name ("trinity", "no capture"). */
void cli_result_text(const game_def *g, const void *s, char *who, size_t wn, char ending[64]);
/* Every seat's score, joined by '-': "1-0", "7-3-3". */
void cli_scores_text(const game_def *g, const void *s, char *out, size_t n);

/* Checks a player spec of game g and stores its canonical form (what
 * records hold).  0, or 2 after the error line. */
int cli_canonical_spec(const char *cmd, const game_def *g, const char *spec, char out[REC_SPEC_MAX]);
/* --shard "K/N" (0 <= K < N <= 1000000) into run's shard and shards; 0, or
 * 2 after the error line. */
int cli_parse_shard(const char *cmd, const char *s, rec_run *run);
/* Reads --positions FILE (one position string a line, blank lines and '#'
 * comments skipped; cli/positions.c) for run's game and players: the states into
 * *states (malloc'ed, the caller frees), their count and checksum into run
 * (run->positions points at them).  0, or 2 after the error line ("FILE:LINE: ...",
 * under cmd's name). */
int cli_load_positions(const char *cmd, const char *path, const game_def *g, rec_run *run, unsigned char **states);
/* Frees *states (cli_load_positions's): the cleanup attribute of the caller's pointer. */
void cli_free_positions(unsigned char **states);

/* Who sits where: --players SPEC (every seat), --seat K=SPEC ..., or
 * --white SPEC --black SPEC (a 2-player game's seats 0 and 1). */
typedef struct cli_seats {
    const char *players, *white, *black;
    const opt_list *seat; /* "K=SPEC" items; may be NULL */
} cli_seats;

/* Every seat's canonical spec; 0, or 2 after the error line. */
int cli_seat_specs(const char *cmd, const game_def *g, int players, const cli_seats *so,
                   char specs[GAME_MAX_PLAYERS][REC_SPEC_MAX]);

/* Writes the legal prefix of a principal variation from s, space-separated
 * or as JSON strings; returns how many actions were written. */
int cli_pv_text(const game_def *g, const void *s, const game_action *pv, int n, bool json, char *out, size_t size);

#endif
