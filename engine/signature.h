/* signature.h — a game's signatures, for review and for records.
 *
 * Over the game's bench positions (game.h: bench), two sums: the perft
 * signature (leaf counts at each position's perft depth) and the search
 * signature (nodes of the game's own fixed-depth search at each position's
 * search depth, when it has the search_nodes hook).  Both are functions of
 * the rules and the engine only: a change that alters either alters the
 * games played.  `triad bench` prints them at the full depths; the tests
 * pin them at reduced depths (docs/performance.md, "Signatures").
 *
 * The engine signature is a 64-bit hash of the game's name and of every
 * position's count at the depths less GAME_SIGNATURE_REDUCE, cheap enough
 * (a few milliseconds for TZAAR) to compute at each self-play start, so
 * that records can say which engine played them and a resumed run can
 * refuse a different one. */
#ifndef TRIAD_SIGNATURE_H
#define TRIAD_SIGNATURE_H

#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

/* The engine signature's depths: the bench depths less this, at least 1. */
#define GAME_SIGNATURE_REDUCE 3

/* A bench depth less reduce, at least 1; 0 stays 0 (no search there). */
int game_signature_depth(int depth, int reduce);

/* The perft and search signatures of g at its bench depths less reduce.
 * search is 0 when g has no search_nodes hook.  0, or -1 with one line in
 * err (a bench position that does not parse, or a search out of memory). */
int game_signature_sums(const game_def *g, int reduce, uint64_t *perft, uint64_t *search, char *err, size_t n);

/* The engine signature of g, computed on the first call and cached for the
 * process (thread-safe: concurrent first calls compute it once), keyed by
 * g's address: g is a game table that lives as long as the process.  0 only
 * when it cannot be computed (see game_signature_sums), which is not
 * cached. */
uint64_t game_engine_signature(const game_def *g);

#endif
