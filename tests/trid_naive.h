/* trid_naive.h — a deliberately slow, separately written TRID rules
 * engine for the differential test (test_trid_diff.c).  It shares no code
 * with engine/trid/: it reads the board file its own way, keeps the board as
 * a grid of owners and kinds, finds triangles by testing every triple of a
 * seat's pieces geometrically (cell centroids forming an equilateral
 * triangle) and their interiors by point-in-triangle tests, and speaks only
 * the text forms of the rules page. */
#ifndef TRIAD_TRID_NAIVE_H
#define TRIAD_TRID_NAIVE_H

#include <stddef.h>

#define TN_ROWS 26
#define TN_COLS 100
#define TN_ACTIONS 1024
#define TN_ACTION_LEN 32

typedef struct tn_board {
    char name[32];
    int rows, cols;                   /* cols: one past the last column used */
    char cell[TN_ROWS][TN_COLS];      /* 0 no cell, else '.', '#' or '*' */
    struct {
        int defined;
        char coord, sign;             /* 'h' 's' 'k', '+' '-' */
        int start[5][2];              /* (r, q) of S S C J J */
    } seat[5][4];
    int lo[3], hi[3];                 /* h, s, k over the board */
} tn_board;

typedef struct tn_pos {
    const tn_board *b;
    int players, side, quiet, ending, winner; /* ending: 0 on, 1 last row, 2 chief captured, 3 draw */
    int elim[4];                      /* 0 alive, else the elimination order */
    signed char owner[TN_ROWS][TN_COLS], kind[TN_ROWS][TN_COLS]; /* -1 / 'C' 'S' 'J' */
} tn_pos;

/* 0, or -1 when the file cannot be read. */
int tn_board_read(tn_board *b, const char *path);
/* Parses a (valid) position string. 0, or -1. */
int tn_from_text(tn_pos *p, const tn_board *b, const char *text);
void tn_to_text(const tn_pos *p, char *out, size_t n);
/* The legal actions' texts, sorted by strcmp; "pass" alone when there is
 * no move; none once over. */
int tn_actions(const tn_pos *p, char out[][TN_ACTION_LEN]);
/* Plays an action given as text; adds the pieces captured by triangles to
 * *tri_captures and the seats eliminated to *eliminated. */
void tn_play(tn_pos *p, const char *action, int *tri_captures, int *eliminated);
void tn_scores(const tn_pos *p, double *scores);
void tn_ranks(const tn_pos *p, int *ranks);

#endif
