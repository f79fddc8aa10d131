/* debug.h — how often a TRIAD_DEBUG build re-derives incremental state.
 *
 * The games keep state incrementally (TZAAR's hash, counts and visibility
 * graph, TRID's cell sets) and, in TRIAD_DEBUG builds (make SAN=1, make
 * DEBUG=1, the fuzzers), re-derive it from scratch after a make or unmake
 * and abort on a difference.  Re-deriving after every one made the
 * sanitizer build 26 times slower than the same build without the check
 * (perft 3: 0.5 M against 13 M nodes a second) and three quarters of the
 * test command's time; so, as Stockfish's quick default check does, the
 * check runs after each of a thread's first DBG_ALWAYS makes and unmakes
 * (every constructed-position test, every short game) and after one in
 * DBG_STRIDE after that (a search's millions of nodes still get tens of
 * thousands of checks).  A wrong incremental update is wrong wherever that
 * update happens, so it is caught all the same; tests/test_vis.c and the
 * move generator's differential tests compare the incremental state with a
 * fresh one at every step.  -DDBG_STRIDE=1 checks every time (the fuzzers
 * do: one process runs many inputs). */
#ifndef TRIAD_CORE_DEBUG_H
#define TRIAD_CORE_DEBUG_H

#include <stdbool.h>

#ifndef DBG_STRIDE
#define DBG_STRIDE 61 /* prime: no period of a search's make/unmake pattern lines up with it */
#endif
#define DBG_ALWAYS 4096

/* Nonzero while this thread runs work whose checks would tell nothing new:
 * dbg_pause() and dbg_resume() (core/debug.c), which nest. */
extern _Thread_local int dbg_paused;

/* Whether this call should check (a counter per thread and per caller's
 * file).  Paused calls neither check nor count: they do not use up the
 * DBG_ALWAYS budget meant for the work that follows. */
static inline bool dbg_due(void)
{
    static _Thread_local unsigned long calls;
    if (dbg_paused)
        return false;
    calls++;
    return calls <= DBG_ALWAYS || calls % DBG_STRIDE == 0;
}

/* The one user: the cached engine signature (engine/signature.c), the same
 * fixed bench searches in every process.  Computed first in nearly every
 * process, it used the thread's DBG_ALWAYS checks on positions that the
 * unit tests and `triad bench` check anyway; in the sanitizer build those
 * checks were 0.13 s of each process's start (`triad --version` 0.51 ->
 * 0.38 s with them paused). */
void dbg_pause(void);
void dbg_resume(void);

#endif
