/* talat_naive.h — a deliberately plain, separately written Talat rules
 * engine for the differential test (tests/test_talat_diff.c).  It shares no code
 * with engine/talat/: squares are characters in arrays, actions are their
 * texts, and the frozen test is a brute-force breadth-first search over
 * every position reachable by non-capturing moves, with no shortcuts. */
#ifndef TRIAD_TALAT_NAIVE_H
#define TRIAD_TALAT_NAIVE_H

#include <stdbool.h>

#define NV_MAX_ACTIONS 160

typedef struct nv_cell {
    char colour;        /* 'b', 'w', 'g', or 0 for empty */
    char height, sides; /* numbers (1..3, 3/4/6), not digits: no padding bytes */
} nv_cell;

typedef struct nv_game {
    int players;           /* 3, or 2 with the Zihin */
    char phase;            /* 'z', 'p' or 'm' */
    int side;              /* seat to act: 0 Black, 1 White, 2 Grey */
    nv_cell sq[3][5][5];   /* [board][rank-1][file] */
    bool frozen[3];
    bool placed[3][4][7];  /* [colour][height][sides] */
    int ncaptured[3];
    nv_cell captured[3][27];
    int undecided;         /* frozen tests that hit the node cap */
    int undecided_board;   /* the board of the last such test, or -1; its
                              flag is left live: the caller may settle it */
} nv_game;

void nv_start(nv_game *g, int players);
/* The legal actions as texts in the page's notation, any order. */
int nv_legal(const nv_game *g, char out[][16]);
/* Plays a legal action given as text. */
void nv_play(nv_game *g, const char *action);
bool nv_over(const nv_game *g);
int nv_points(const nv_game *g, int seat);
void nv_ranks(const nv_game *g, int ranks[3]);

#endif
