/* opts.h — command-line options for triad's subcommands.
 *
 * Each command describes its options in a table; opts_parse() fills the
 * destinations, prints --help from the same table, and turns every mistake
 * (unknown flag, missing or malformed value, value out of range) into one
 * error line and exit status 2. */
#ifndef TRIAD_OPTS_H
#define TRIAD_OPTS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { OPT_FLAG, OPT_INT, OPT_U64, OPT_DOUBLE, OPT_STR, OPT_LIST } opt_kind;

/* OPT_LIST: "--records A B C" (the values up to the next --option), and the
 * option may repeat.  items points into argv. */
#define OPT_LIST_MAX 256
typedef struct opt_list {
    int n;
    const char *items[OPT_LIST_MAX];
} opt_list;

typedef struct opt_spec {
    const char *name;  /* without the leading "--" */
    opt_kind kind;
    void *dest;        /* bool, int, uint64_t, double, const char * or opt_list */
    const char *arg;   /* metavariable shown in --help, e.g. "N" */
    const char *help;
    long min, max;     /* bounds for OPT_INT (ignored when min == max) */
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

/* Prints "triad CMD: message" on stderr and returns 2, for `return cli_error(...)`. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parsers shared with other input paths; 0 on success. */
int parse_int(const char *s, long min, long max, long *out);
int parse_u64(const char *s, uint64_t *out);
int parse_double(const char *s, double *out);

#endif
