/* position.h — a TRID game state and the rules that change it.
 *
 * The state is a piece list: each seat's 5 slots (the chief, 2 sliders,
 * 2 jumpers) hold a cell or TRID_NONE, sliders and jumpers each sorted by
 * cell, so one position has one byte image.  The occupancy of the board and
 * the controlled cells are derived from it (pos.h, which the search and
 * perft keep up to date on make/unmake), which keeps the state small
 * (memcpy, no pointers) and lets permute() move pieces seat by seat.  Its
 * board is trid_boards[board].
 *
 * An action (game_action) is (from + 1) << 24 | (to + 1) << 16 | swap, where
 * swap is (a + 1) << 8 | (b + 1) for the swapped corner cells a < b, or 0;
 * the pass is 0.  So the actions of a position sort by from cell, to cell,
 * then swap (none first). */
#ifndef TRIAD_TRID_POSITION_H
#define TRIAD_TRID_POSITION_H

#include <stdbool.h>
#include <stdint.h>
#include "board.h"

#define TRID_PASS 0u
#define TRID_DRAW_TURNS 200   /* quiet turns that draw */
#define TRID_MAX_ACTIONS 640  /* 48 moves at most (5 pieces), each with up to 10 swaps */

/* How a game ended (game_def.ending_names). */
enum { END_NONE, END_LAST_ROW, END_CHIEF_CAPTURED, END_DRAW };

typedef struct trid_state {
    uint8_t players, side;            /* side: the seat to move (alive) */
    uint8_t winner, ending;           /* TRID_NONE / END_NONE while on */
    uint16_t quiet, turns;            /* turns since the last capture; turns played */
    uint8_t elim[TRID_MAX_PLAYERS];   /* 0 alive, else the order of elimination (1 = first) */
    uint8_t cell[TRID_MAX_PLAYERS][TRID_PIECES];
    uint8_t board;                    /* index into trid_boards */
} trid_state;


static inline int act_from(uint32_t a) { return (int)(a >> 24) - 1; }
static inline int act_to(uint32_t a) { return (int)(a >> 16 & 0xff) - 1; }
static inline int act_swap_a(uint32_t a) { return (int)(a >> 8 & 0xff) - 1; }
static inline int act_swap_b(uint32_t a) { return (int)(a & 0xff) - 1; }
static inline uint32_t act_make(int from, int to, int sa, int sb)
{
    uint32_t swap = sa < 0 ? 0 : (uint32_t)(sa + 1) << 8 | (uint32_t)(sb + 1);
    return (uint32_t)(from + 1) << 24 | (uint32_t)(to + 1) << 16 | swap;
}

static inline const trid_board *trid_board_of(const trid_state *s)
{
    return trid_boards[s->board];
}

static inline bool trid_alive(const trid_state *s, int k)
{
    return s->elim[k] == 0;
}

/* Sorts seat k's sliders and jumpers by cell (the canonical order). */
void trid_sort_slots(trid_state *s, int k);
/* Plays a legal action (or TRID_PASS when it is the only one): pos.h's
 * make on a position derived from s. */
void trid_apply(void *s, uint32_t a);
/* The end of mover's turn, after its pieces have moved and the captured
 * have left (eliminated seats marked): the quiet count, the turn count,
 * the next seat, then winner and ending. */
void trid_end_turn(trid_state *s, int mover, int captures);
/* Sets winner and ending from the position (a chief in its last row, one
 * seat left, the quiet count), as trid_apply does after a turn. */
void trid_settle(trid_state *s);
/* The seat after k in turn order that is still in the game. */
int trid_next_seat(const trid_state *s, int k);
/* The page's scores and ranks. */
void trid_scores(const void *s, double *scores);
void trid_ranks(const void *s, int *ranks);

#endif
