/* solve_game.c — TZAAR's solver (solve.h) behind game.h's solver hook, for
 * the generic `triad solve` and the records oracle (eval/oracle.h). */
#include <stdio.h>
#include "game_tzaar.h"
#include "solve.h"

static void *tz_solver_create(size_t memory, char *err, size_t n)
{
    tz_solver *s = tz_solve_new(memory);
    if (!s)
        snprintf(err, n, "out of memory for a solver table of %zu bytes", memory);
    return s;
}

static void tz_solver_clear(void *solver)
{
    tz_solve_clear(solver);
}

static int tz_solver_solve(void *solver, const void *s, uint64_t nodes, game_solve_result *out, char *err,
                           size_t n)
{
    position p = ((const tz_state *)s)->pos; /* the solver makes and unmakes on its own copy */
    tz_solve_result r;
    if (tz_solve(solver, &p, nodes, &r, err, n))
        return -1;
    out->value = r.value == TZ_SOLVE_WIN ? GAME_SOLVE_WIN : r.value == TZ_SOLVE_LOSS ? GAME_SOLVE_LOSS
                                                                                      : GAME_SOLVE_UNKNOWN;
    out->best = r.best == ACTION_NONE ? GAME_NO_ACTION : r.best;
    out->distance = r.distance;
    out->proof_size = r.proof_size;
    out->nodes = r.nodes;
    return 0;
}

static void tz_solver_destroy(void *solver)
{
    tz_solve_free(solver);
}

const game_solver tz_game_solver = {
    .method = "df-pn (depth-first proof-number search) with a transposition table",
    .create = tz_solver_create,
    .clear = tz_solver_clear,
    .solve = tz_solver_solve,
    .destroy = tz_solver_destroy,
};
