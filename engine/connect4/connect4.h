/* connect4.h — Connect Four (7 columns, 6 rows), the worked example of a
 * game in one folder (docs/architecture.md, "Adding a game"; the rules,
 * the position string and the notation: docs/connect4.md).
 *
 * Two seats: 0 is Red, 1 is Yellow.  A move drops a stone of the seat to
 * act into a column that is not full; four of one colour in a row (across,
 * up, or on either diagonal) win, and a full board with no four is a draw.
 * The standard start is the empty board with Red to act; a rotated start
 * (game_def.permute) has Yellow to act, which the position string says.
 *
 * The state is two bitboards, one per seat: bit c * 7 + r is column c
 * (0 = a, the left), row r (0 = the bottom); bit 6 of each column is never
 * set, so that a shift by 7 (across) or 6 / 8 (the diagonals) never wraps
 * into the next column.  Plain data, every byte defined: states compare
 * with memcmp.  Every function a game_def hook names takes the hook's own
 * signature (the state as void *), so the table needs no wrappers. */
#ifndef TRIAD_CONNECT4_H
#define TRIAD_CONNECT4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

#define C4_COLS 7
#define C4_ROWS 6
#define C4_CELLS (C4_COLS * C4_ROWS)
#define C4_WINDOWS 69 /* the lines of four on the board */

typedef struct c4_state {
    uint64_t stones[2];       /* seat k's stones */
    uint8_t height[C4_COLS];  /* stones in each column */
    uint8_t to_act;           /* the seat whose stone comes next */
    uint8_t winner;           /* 0: none yet; 1 + the seat that made four */
    uint8_t moves;            /* stones on the board */
    uint8_t spare[6];         /* always 0 */
} c4_state;

/* ---- rules.c ---- */
int c4_init(char *err, size_t n);
int c4_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n);
void c4_permute(void *s, const int perm[GAME_MAX_PLAYERS]);
int c4_players(const void *s);
int c4_to_act(const void *s);
int c4_legal(const void *s, game_action *out);  /* the columns 0..6 that are not full */
void c4_apply(void *s, game_action a);
bool c4_over(const void *s);
void c4_outcome(const void *s, double scores[GAME_MAX_PLAYERS]);
void c4_rank(const void *s, int ranks[GAME_MAX_PLAYERS]);
int c4_ending(const void *s);                   /* 0 none, 1 four, 2 full */
int c4_turns(const void *s);
uint64_t c4_symmetry_key(const void *s);
/* Whether the stones b hold four in a row. */
bool c4_four(uint64_t b);
/* The state's stones, the heights and winner derived (text.c's parser). */
void c4_set(c4_state *p, uint64_t red, uint64_t yellow, int to_act);
/* The lines of four as bit masks (c4_init fills them). */
extern uint64_t c4_windows[C4_WINDOWS];
uint64_t c4_perft(void *s, int depth);
uint64_t c4_perft_bulk(void *s, int depth);

/* ---- text.c ---- */
int c4_to_text(const void *s, char *out, size_t n);
int c4_from_text(void *s, const char *text, char *err, size_t n);
void c4_action_to_text(const void *s, game_action a, char *out, size_t n);
int c4_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n);
int c4_board_text(const void *s, char *out, size_t n);

/* ---- player.c: "ab", an alpha-beta searcher ---- */
extern const game_player_kind *const c4_player_kinds[];
/* Nodes of a fixed-depth ab search from s (the bench's search signature). */
uint64_t c4_search_nodes(void **scratch, const void *s, int depth);

/* ---- render.c: the drawing for the viewers ---- */
extern const game_view c4_view;

#endif
