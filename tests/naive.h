/* naive.h — a deliberately simple, independent TZAAR reference generator.
 *
 * Written straight from the rules page (../shared/rules/tzaar.md) with plain
 * arrays indexed by column (0..8 = A..I) and row (1..9), walking neighbours
 * one step at a time exactly as the page states them.  It shares nothing with
 * engine/tzaar/: it exists only as a second opinion for the differential test
 * (tests/test_diff.c, tests/test_diff_static.c).  Slow on purpose; obviously
 * correct is the goal.
 *
 * Everything goes through text: positions are parsed from and printed to the
 * position string, actions are the rules-page notation ("C3xD4", "C3+D4",
 * "pass", "b@E6"). */
#ifndef TRIAD_NAIVE_H
#define TRIAD_NAIVE_H

#define NAIVE_COLS 9
#define NAIVE_ROWS 10 /* rows are 1..9; index 0 unused */
#define NAIVE_MAX_ACTIONS 256
#define NAIVE_TEXT_MAX 200

/* Directions for naive_step; direction d ^ 1 is the opposite of d. */
enum {
    NAIVE_UP, NAIVE_DOWN,
    NAIVE_RIGHT_UP, NAIVE_LEFT_DOWN,
    NAIVE_RIGHT_DOWN, NAIVE_LEFT_UP,
    NAIVE_DIRS
};

/* Phases as in the position string; placement ('p') is 3. */
enum { NAIVE_PHASE_OPENING = 0, NAIVE_PHASE_FIRST = 1, NAIVE_PHASE_SECOND = 2, NAIVE_PHASE_PLACE = 3 };

typedef struct naive_pos {
    /* owner: -1 empty, 0 White, 1 Black.  kind: 0 Tzaar, 1 Tzarra, 2 Tott
     * (the top piece).  height: 0 when empty. */
    int owner[NAIVE_COLS][NAIVE_ROWS];
    int kind[NAIVE_COLS][NAIVE_ROWS];
    int height[NAIVE_COLS][NAIVE_ROWS];
    int side;  /* 0 White, 1 Black: who acts next */
    int phase; /* NAIVE_PHASE_*: for the variants, OPENING is any turn of one capture */
    /* The variants of docs/tzaar-variants.md, modelled on their own terms
     * (not the engine's phases): first 0 capture, 1 full, 2 both; pie 0/1;
     * turn, the turns begun before this one (0: White's first, 1: Black's
     * first; a position parsed in play counts as 2, past them); swapped,
     * whether a swap was made. */
    int first, pie, turn, swapped;
} naive_pos;

/* Makes p, a start (phase 0 or placement), a start of the variant: White's
 * first turn whole with first=1, and the rest at the turns they reach. */
void naive_set_variant(naive_pos *p, int first, int pie);

/* 1 when column col (0..8) row row (1..9) is one of the 60 points. */
int naive_on_board(int col, int row);
/* The neighbour of (col, row) in direction dir: returns 1 and sets *ncol,
 * *nrow, or returns 0 at the board edge or when the step would land on the
 * hole E5. */
int naive_step(int col, int row, int dir, int *ncol, int *nrow);

/* Parses "<cells> <side> <phase>".  Returns 0, or -1 on any malformed input
 * (p is then unspecified). */
int naive_parse(naive_pos *p, const char *s);

/* Writes the position string (at most NAIVE_TEXT_MAX bytes with the NUL). */
void naive_to_text(const naive_pos *p, char *buf);

/* All legal actions, sorted with strcmp; at most max are written, the total
 * count is returned (0 when the game is over).  NAIVE_MAX_ACTIONS always
 * suffices; max 0 (out may then be NULL) just counts. */
int naive_legal(const naive_pos *p, char out[][8], int max);

/* -1 while the game goes on, else the winner (0 White, 1 Black).
 * Never over in the placement phase.  Otherwise:
 *   1. trinity: a colour without a stack of each type on top has lost.  If
 *      both colours lack a type (unreachable in play) the side to act is the
 *      loser, so the answer is deterministic.
 *   2. no capture: in phase 0 or 1, a side to act with no capture has lost,
 *      unless it may swap (pie=1's Black at its first turn). */
int naive_winner(const naive_pos *p);

/* Applies a legal action ("swap" too; coordinates case-insensitive; a placement's letter
 * case must be the side to act).  Returns 0, or -1 when the text is not one
 * of naive_legal(p) (p is then unchanged). */
int naive_apply(naive_pos *p, const char *action_text);
/* The leaves depth actions below p, by the naive rules alone (a large
 * negative count when an action it listed does not apply). */
long naive_perft(const naive_pos *p, int depth);

#endif
