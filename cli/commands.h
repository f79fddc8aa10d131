/* commands.h — triad's subcommands, one function each, and the helpers they
 * share.  A command returns the process exit status: 0 done, 1 a check
 * failed, 2 bad input. */
#ifndef TRIAD_COMMANDS_H
#define TRIAD_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "games/tzaar/position.h"
#include "selfplay/record.h"

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
int cmd_match(int argc, char **argv);
int cmd_view(int argc, char **argv);

/* The starting position named by --position STR or --setup KIND [--seed S]
 * (default: the fixed setup).  Returns 0, or 2 after printing the error. */
int cli_position(const char *cmd, const char *text, const char *setup, uint64_t seed,
                 bool seed_given, position *out);

double now_seconds(void);

/* Writes s as a JSON string, quotes and escapes included. */
void cli_json_string(FILE *f, const char *s);

/* Checks a player spec and stores its canonical form (what records hold).
 * 0, or 2 after the error line. */
int cli_canonical_spec(const char *cmd, const char *spec, char out[REC_SPEC_MAX]);

/* Writes the legal prefix of a principal variation from p, space-separated or
 * as JSON strings; returns how many actions were written. */
int pv_to_text(const position *p, const action *pv, int n, bool json, char *out, size_t size);

#endif
