/* cmd_solve.h — what `triad solve`'s two files share: the options, and the
 * records oracle (cmd_solve_records.c) that cmd_solve.c dispatches to. */
#ifndef TRIAD_CMD_SOLVE_H
#define TRIAD_CMD_SOLVE_H

#include <stdbool.h>
#include <stdint.h>
#include "engine/game.h"

typedef struct solve_opts {
    uint64_t nodes;      /* per position; 0: no limit */
    int memory_mb;       /* the solver's table */
    uint64_t max_games;  /* --records: 0 all */
    bool json, quiet;
} solve_opts;

/* --records FILE: classifies each game with the oracle (eval/oracle.h).
 * want: --game, or NULL.  Returns the exit status (0, 1 after a damaged
 * block, 2 after the error line). */
int solve_records(const char *path, const char *want, const solve_opts *o);

#endif
