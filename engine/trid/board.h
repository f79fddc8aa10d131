/* board.h — a TRID board: the board file (docs/trid.md, "Board files"),
 * parsed at run time, and everything the move generator needs precomputed
 * from it: neighbours, the 6 line directions, same-colour corner
 * neighbours, every triangle with its corners and interior, the triangles
 * through each cell, each seat's rows, and the board's rotations.
 *
 * Cells are numbered 0..ncells-1 in (row letter, column) order, so sorting
 * cell numbers sorts cells as the position string lists them.  A cell is
 * named by its row letter (a at the bottom) and its column, the 1-based
 * index of its character in the grid line (the page's cell names say so:
 * a10 is the middle up cell of hex5's bottom row). */
#ifndef TRIAD_TRID_BOARD_H
#define TRIAD_TRID_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TRID_MAX_CELLS 254  /* cell + 1 fits a byte of an action */
#define TRID_NONE 0xff      /* no cell */
#define TRID_MAX_ROWS 26    /* row letters a..z */
#define TRID_MAX_COLS 99
#define TRID_MAX_TRIS 8192  /* > cells x largest size: one per (first corner, size) */
#define TRID_MIN_PLAYERS 2
#define TRID_MAX_PLAYERS 4
#define TRID_PIECES 5       /* per seat: chief, 2 sliders, 2 jumpers */
#define TRID_NAME_MAX 32
#define TRID_MAX_LINES (3 * TRID_MAX_CELLS) /* each cell lies on one line per orientation */

enum { TRID_ORDINARY, TRID_WALL, TRID_STOP };
/* Line directions, in the page's order. */
enum { DIR_E, DIR_W, DIR_NE, DIR_SW, DIR_NW, DIR_SE, TRID_DIRS };

/* A set of cells. */
typedef struct cellset {
    uint64_t w[4];
} cellset;

static inline bool cs_has(const cellset *s, int c)
{
    return s->w[c >> 6] >> (c & 63) & 1;
}

static inline void cs_add(cellset *s, int c)
{
    s->w[c >> 6] |= (uint64_t)1 << (c & 63);
}

static inline void cs_or(cellset *a, const cellset *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] |= b->w[i];
}

/* A triangle: its three corners (one colour) and its interior (its board
 * cells other than the corners, walls left out: nothing stands on them). */
typedef struct trid_tri {
    uint8_t corner[3];
    cellset interior;
} trid_tri;

/* A seat for one player count (a `seat` line). */
typedef struct trid_seat {
    bool defined;
    uint8_t start[TRID_PIECES];      /* S S C J J, left to right as the player sees them */
    uint8_t row[TRID_MAX_CELLS];     /* 0 = the start edge */
    uint8_t last_row;
    uint8_t rot;                     /* the rotation carrying seat 0's start onto this seat's */
    int line;                        /* its line in the board file */
} trid_seat;

/* A slide on the empty board (trid_board.slide). */
typedef struct trid_slide {
    uint64_t pass;  /* the places on the line it passes */
    uint16_t line;
    uint8_t end;    /* where it ends, or TRID_NONE */
} trid_slide;

typedef struct trid_board {
    char name[TRID_NAME_MAX];
    int ncells, nrows;
    uint8_t r[TRID_MAX_CELLS], q[TRID_MAX_CELLS], type[TRID_MAX_CELLS], up[TRID_MAX_CELLS];
    int16_t at[TRID_MAX_ROWS][TRID_MAX_COLS + 2];   /* cell at (r, q), or -1 */
    uint8_t step[TRID_MAX_CELLS][TRID_DIRS];        /* next cell along a line, or TRID_NONE */
    uint8_t edge[TRID_MAX_CELLS][3];                /* edge neighbours, TRID_NONE padded */
    uint8_t edge_dir[TRID_MAX_CELLS][3][2];         /* the two line directions through each */
    uint8_t corner_nb[TRID_MAX_CELLS][6];           /* same-colour corner neighbours, padded */
    cellset walls, stops;
    uint8_t rotate[6][TRID_MAX_CELLS];              /* image under a rotation by 60 m degrees */
    bool rot_ok[6];                                 /* rotation m maps the board onto itself */
    trid_seat seat[TRID_MAX_PLAYERS + 1][TRID_MAX_PLAYERS]; /* [players][seat] */
    int ntris;
    trid_tri tris[TRID_MAX_TRIS];
    /* Triangles with cell c as a corner: by_corner[corner_at[c] .. corner_at[c+1]);
     * with c inside: by_inside[inside_at[c] .. inside_at[c+1]).  Heap arrays,
     * filled once with the board and kept for the life of the process. */
    uint32_t corner_at[TRID_MAX_CELLS + 1], inside_at[TRID_MAX_CELLS + 1];
    uint16_t *by_corner, *by_inside;
    /* Triangles by two of their corners, for the move generator's hot path
     * (pos.h): pair_third[a * ncells + b] is the third corner of the
     * triangle with corners a and b (TRID_NONE: none) and pair_tri its
     * index.  Two corners fix the triangle: corners share a colour, the
     * colour fixes which way it points, and that leaves one place for the
     * third (geometry.c checks it while filling the tables).  Heap arrays. */
    uint8_t *pair_third;
    uint16_t *pair_tri;
    cellset corner_set[TRID_MAX_CELLS];             /* corner_nb as a set */
    /* Lines as bit rows, for the sliders (movegen.c): every maximal line of
     * cells in orientation o (0: E-W, 1: NE-SW, 2: NW-SE) is numbered, its
     * cells in order from its W, SW or SE end; line_of[c][o] is the line
     * through c and line_at[c][o] c's place on it.  A position keeps each
     * line's occupied cells as a row of bits (pos.h).  slide[c][d] is a
     * slide from c along direction d on the empty board: the places it
     * passes on its line (up to the first STOP cell, included, the cell
     * before the first wall, or the line's end) and the cell where it ends
     * (TRID_NONE: a wall next to c or the edge).  Pieces only cut it short.
     * lines_ok is false when a line is longer than 64 cells: the sliders
     * then walk their lines cell by cell. */
    bool lines_ok;
    int nlines;
    uint16_t line_of[TRID_MAX_CELLS][3];
    uint8_t line_at[TRID_MAX_CELLS][3];
    uint8_t line_cell[TRID_MAX_LINES][64];
    trid_slide slide[TRID_MAX_CELLS][TRID_DIRS];
} trid_board;

/* Parses a board file's text into b (which holds no arrays: fresh, or
 * freed by trid_board_free).  0, or -1 with "line L, column C: what" in
 * err; b's arrays are allocated either way (free them). */
int trid_board_parse(trid_board *b, const char *text, char *err, size_t n);
/* Reads and parses the file at path; the message starts with the path. */
int trid_board_load(trid_board *b, const char *path, char *err, size_t n);
/* Fills the geometry from the grid (called by the parser before the seat
 * lines, which need rows and rotations). -1 only when memory runs out. */
int trid_geometry_build(trid_board *b);
/* The rotation (0..5) carrying seat 0's start and rows onto seat k's for
 * that player count, or -1. */
int trid_seat_rotation(const trid_board *b, int players, int k);
void trid_board_free(trid_board *b);

/* Strip coordinates of (r, q) (the page: h, s, k). */
int trid_strip(int r, int q, int which);

/* "a10" for a cell. */
void trid_cell_name(const trid_board *b, int c, char out[8]);
/* Parses a cell name at *p (letter then column, no leading zero) and moves
 * *p past it: the cell, or -1 (no such cell on the board; *p unmoved when it
 * is not a cell name at all). */
int trid_cell_parse(const trid_board *b, const char **p);

/* Kinds by slot: slot 0 the chief, 1-2 sliders, 3-4 jumpers. */
enum { KIND_CHIEF, KIND_SLIDER, KIND_JUMPER };
static inline int trid_slot_kind(int slot)
{
    return slot == 0 ? KIND_CHIEF : slot < 3 ? KIND_SLIDER : KIND_JUMPER;
}

/* The boards the game plays on, loaded once by the game's init()
 * (boardfind.c): the default, hex5, first, then the other board files of
 * data/boards/ by file name; NULL-terminated. */
#define TRID_MAX_BOARDS 8
extern const trid_board *trid_boards[TRID_MAX_BOARDS + 1];
int trid_board_init(char *err, size_t n);
/* The index of the board called name, or -1. */
int trid_board_index(const char *name);

#endif
