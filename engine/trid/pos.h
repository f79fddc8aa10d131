/* pos.h — a TRID state with what move generation and evaluation need kept
 * up to date as actions are made and taken back: who stands where (a byte
 * per cell, a cell set per seat, and a bit row per line of the board for
 * the sliders), each seat's held triangles and the cells they control, and
 * each seat's pairs of pieces that are two corners of a triangle, with its
 * third corner (a move to any other cell forms nothing, so the generator
 * looks for triangles only there).
 *
 * This is the search's and perft's hot path (player.c, perft.c, the
 * evaluation in features.c): trid_pos_make() plays an action and
 * trid_pos_unmake() takes it back from a small undo record, instead of
 * copying the state and re-deriving the board from the piece list at
 * every node.  The state inside (p->s) is always what trid_apply() makes
 * of it, byte for byte; trid_apply() itself is built on this.  Builds with
 * -DTRIAD_DEBUG re-derive everything after make and unmake (how often:
 * core/debug.h) and abort
 * on a mismatch (trid_pos_check). */
#ifndef TRIAD_TRID_POS_H
#define TRIAD_TRID_POS_H

#include "position.h"

#define TRID_SEAT_TRIS 10 /* triples of 5 pieces: the triangles one seat can hold */

/* One seat's derived sets. */
typedef struct trid_seatset {
    cellset own;                  /* its pieces */
    cellset ctrl;                 /* interiors of its held triangles */
    uint8_t ntri, npair;
    uint16_t tri[TRID_SEAT_TRIS]; /* its held triangles, in no order */
    /* Its pairs of pieces that are two corners of a triangle: the third
     * corner, then the two pieces' cells, the lower first; in no order. */
    uint8_t pair[TRID_SEAT_TRIS][3];
} trid_seatset;

typedef struct trid_pos {
    trid_state s;
    const trid_board *b;
    uint8_t occ[TRID_MAX_CELLS]; /* 0 empty, else 1 + (seat << 2 | kind) */
    cellset all;                 /* every piece */
    trid_seatset seat[TRID_MAX_PLAYERS];
    uint64_t line[TRID_MAX_LINES]; /* each line's occupied cells (board.h), when b->lines_ok */
} trid_pos;

/* What trid_pos_unmake needs: the state before, the pieces the action took
 * off the board besides the moving one's cell (captures, eliminations), and
 * the derived sets of the seats it changed (bit k of saved). */
typedef struct trid_undo {
    trid_state s;
    cellset all;
    uint8_t saved, nremoved;
    uint8_t removed[TRID_MAX_PLAYERS * TRID_PIECES][2]; /* cell, occ byte */
    trid_seatset seat[TRID_MAX_PLAYERS];
} trid_undo;

static inline int pos_owner(const trid_pos *p, int c)
{
    return p->occ[c] ? (p->occ[c] - 1) >> 2 : -1;
}

static inline int pos_kind(const trid_pos *p, int c)
{
    return (p->occ[c] - 1) & 3;
}

static inline int cs_count(const cellset *c)
{
    return __builtin_popcountll(c->w[0]) + __builtin_popcountll(c->w[1]) + __builtin_popcountll(c->w[2]) +
           __builtin_popcountll(c->w[3]);
}

/* Derives everything from a state (any parsed one: pieces may stand on
 * cells other seats control; the parser rejects those). */
void trid_pos_build(trid_pos *p, const trid_state *s);
/* Plays a legal action (or TRID_PASS when it is the only one), as
 * trid_apply does; u receives what trid_pos_unmake(p, a, u) needs. */
void trid_pos_make(trid_pos *p, uint32_t a, trid_undo *u);
void trid_pos_unmake(trid_pos *p, uint32_t a, const trid_undo *u);
/* NULL when p's derived sets are those its state gives, else what differs. */
const char *trid_pos_check(const trid_pos *p);

#endif
