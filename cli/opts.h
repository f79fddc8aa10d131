/* opts.h — command-line options for triad's subcommands.
 *
 * Each command describes its options in a table; opts_parse() fills the
 * destinations, prints --help from the same table, and turns every mistake
 * (unknown flag, missing or malformed value, value out of range) into one
 * error line and exit status 2. */
#ifndef TRIAD_OPTS_H
#define TRIAD_OPTS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { OPT_FLAG, OPT_INT, OPT_U64, OPT_DOUBLE, OPT_STR, OPT_LIST } opt_kind;

/* OPT_LIST: "--records A B C" (the values up to the next --option), and the
 * option may repeat, as often as the command line allows (a glob can give
 * thousands of files).  The items point into argv; the array holding them is
 * the list's own, on the heap: declare a list with OPT_LIST_OWNED, which
 * frees it when the variable goes out of scope, or call opt_list_free(). */
typedef struct opt_list {
    int n;
    const char **items;
} opt_list;

void opt_list_free(opt_list *l);
#define OPT_LIST_OWNED __attribute__((cleanup(opt_list_free)))

typedef struct opt_spec {
    const char *name;  /* without the leading "--" */
    opt_kind kind;
    void *dest;        /* bool, int, uint64_t, double, const char * or opt_list */
    const char *arg;   /* metavariable shown in --help, e.g. "N" */
    const char *help;
    long min, max;     /* bounds for OPT_INT and OPT_U64 (ignored when min == max) */
    bool *given;       /* optional: set when the option appears */
} opt_spec;

typedef struct cmd_spec {
    const char *name;    /* "perft" */
    const char *usage;   /* "--depth N [--position STR | --setup KIND [--seed S]]" */
    const char *about;   /* a paragraph for --help */
    const opt_spec *opts; /* terminated by a zeroed entry */
} cmd_spec;

/* Returns 0 to go on, 1 when --help was printed (exit 0), 2 after an error
 * line (exit 2).  argv[0] is the command name. */
int opts_parse(const cmd_spec *c, int argc, char **argv);
/* The same for a command with operands: the words that are not options go
 * into operands (a command's FILE...; often also an option's list, kept as
 * an alias: "bias a.trd b.trd" is "bias --records a.trd b.trd"). */
int opts_parse_operands(const cmd_spec *c, opt_list *operands, int argc, char **argv);

/* The man page and the bash completion are generated from the tables
 * themselves (triad help --man, --completion): while a capture function is
 * set, opts_parse() hands it the command's table instead of parsing, and
 * returns 1 as after --help.  The caller runs each command with "--help". */
typedef void (*opts_capture_fn)(void *ctx, const cmd_spec *c);
void opts_capture(opts_capture_fn fn, void *ctx);
bool opts_capturing(void);

/* The exit statuses, the same for every command (README, the man page):
 * 0 done; CLI_EXIT_FAILED the work failed part-way — a write or read that
 * failed (a full disk, an I/O error), a damaged block, a check that did not
 * pass; CLI_EXIT_BAD_INPUT bad input, refused before anything was done; 3
 * (records merge, records verify, match merge) games of the run missing. */
#define CLI_EXIT_FAILED 1
#define CLI_EXIT_BAD_INPUT 2

/* Prints "triad CMD: message" on stderr and returns 2, for `return cli_error(...)`.
 * Control bytes in the message (from a file name, a value) are shown escaped
 * (core/msg.h), so input can neither recolour the terminal nor add lines. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same line, returning CLI_EXIT_FAILED: for a failure while working,
 * above all a write that failed (a full disk is not bad input). */
int cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes prefix, the formatted message with control bytes escaped, and a
 * newline to f: one line whatever the arguments hold. */
void cli_vline(FILE *f, const char *prefix, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

#endif
