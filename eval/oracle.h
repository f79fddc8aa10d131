/* oracle.h — an exact solver as an oracle on finished games: was the loser
 * already lost when the game first became solvable, or did it lose a won
 * position by play after that point?  (The study's endgame split, issue 21
 * item 3; docs/solver.md.)
 *
 * For a two-seat game with a solver (game.h, game_def.solver), the
 * positions at turn boundaries (the start, and every position whose seat to
 * act differs from the previous one's) are solved from the last one back,
 * each within a node budget, one table kept for the whole game (what a
 * later position proved helps an earlier one), until one is not proven.
 * The first solvable position is the earliest of that proven run.  The
 * result is a function of (game, budget, table size) alone: the table is
 * cleared before each game.
 *
 * A game is then
 *   - ORACLE_ALREADY_LOST: every proven position is won for the eventual
 *     winner: the loser was lost at the first solvable position;
 *   - ORACLE_LOST_BY_PLAY: some proven position is won for the eventual
 *     loser: it had a win and lost it (the last such position is the
 *     blunder: the loser was to act there, with a winning position, and
 *     the next boundary is lost);
 *   - ORACLE_UNSOLVED: not even the last turn's start was proven;
 *   (a game over at its start, with no turn to solve, is ALREADY_LOST at
 *   ply 0, distance 0);
 *   - ORACLE_UNFINISHED: the game has no single winner (an import cut
 *     short). */
#ifndef TRIAD_ORACLE_H
#define TRIAD_ORACLE_H

#include <stdint.h>
#include "engine/game.h"

enum { ORACLE_ALREADY_LOST = 0, ORACLE_LOST_BY_PLAY = 1, ORACLE_UNSOLVED = 2, ORACLE_UNFINISHED = 3,
       ORACLE_CLASSES = 4 };

/* "already_lost", "lost_by_play", "unsolved", "unfinished". */
const char *oracle_class_name(int cls);

typedef struct oracle_game {
    int cls;              /* ORACLE_* */
    int winner, loser;    /* seats; -1 when unfinished */
    int plies;            /* actions in the game */
    int boundaries;       /* turn boundaries before the end */
    int solved;           /* of them proven (the run back from the end) */
    int first_ply;        /* the first solvable position (ply), -1 when none */
    int first_winner;     /* who wins there with perfect play (seat), -1 when none */
    int first_distance;   /* the proof's distance there, in plies (a bound on the rest of the game with
                             perfect play, not how far the game was from its end: that is plies - first_ply);
                             -1 when none */
    int first_to_act;     /* the seat to act there, -1 when none: at the solver's reach a proof is mostly a
                             win for the side to act, so this seat nearly fixes the class (docs/solver.md) */
    int blunder_ply;      /* ORACLE_LOST_BY_PLAY: the loser's last won turn start, else -1 */
    int blunder_end;      /* and the next boundary (or the end): the turn's actions are [ply, end) */
    uint64_t nodes;       /* the solver's, over the game */
} oracle_game;

/* Classifies the game of n actions from start, with solver (made by
 * g->solver->create) and budget nodes per position (0: no limit).  0, or
 * -1 with a message (a game without a solver or not for two seats, an
 * action that is not legal, the solver's refusal). */
int oracle_classify(const game_def *g, void *solver, const void *start, const game_action *actions, int n,
                    uint64_t budget, oracle_game *out, char *err, size_t en);

#endif
