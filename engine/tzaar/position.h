/* position.h — a TZAAR position and the actions that change it.
 *
 * The position keeps, incrementally: a bitboard of stacks per colour, a
 * bitboard of stack tops per piece type, each stack's height and top type,
 * the number of stacks of each top type per colour, the pieces still to place
 * (tournament setup), a Zobrist hash, and whose turn and which action of the
 * turn comes next.  pos_make() applies an action and pos_unmake() reverses it
 * from a small undo record; that measured faster than copying the position.
 * Builds with -DTRIAD_DEBUG re-derive everything after make and unmake (each
 * thread's first 4,096, then one in 61: core/debug.h) and abort on a
 * mismatch (pos_check). */
#ifndef TRIAD_POSITION_H
#define TRIAD_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "geometry.h"

enum { WHITE = 0, BLACK = 1 };
enum { TZAAR = 0, TZARRA = 1, TOTT = 2, PIECE_TYPES = 3 };

/* Phases: which action of the game comes next. */
enum {
    PHASE_OPENING = 0, /* White's single-capture first turn */
    PHASE_FIRST = 1,   /* first action of a normal turn: a capture */
    PHASE_SECOND = 2,  /* second action: capture, stack or pass */
    PHASE_PLACE = 3    /* tournament setup: placing pieces */
};

/* How a game ended. */
enum { END_NONE = 0, END_TRINITY = 1, END_NO_CAPTURE = 2 };

extern const int tz_piece_supply[PIECE_TYPES]; /* 6 Tzaars, 9 Tzarras, 15 Totts */

/* An action in 16 bits: from (6) | to (6) << 6 | kind (2) << 12.
 * A placement keeps the piece type in the "from" field. */
typedef uint16_t action;
enum { ACT_CAPTURE = 0, ACT_STACK = 1, ACT_PASS = 2, ACT_PLACE = 3 };
#define ACTION_PASS ((action)(ACT_PASS << 12))
#define ACTION_NONE ((action)0xffff)
static inline action act_make(int from, int to, int kind) { return (action)(from | to << 6 | kind << 12); }
static inline int act_from(action a) { return a & 63; }
static inline int act_to(action a) { return a >> 6 & 63; }
static inline int act_kind(action a) { return a >> 12 & 3; }

typedef struct position {
    bitboard occ[2];            /* stacks of each colour */
    bitboard tops[PIECE_TYPES]; /* stacks (either colour) whose top is this type */
    uint64_t hash;
    uint8_t height[64];         /* 0 on an empty point */
    uint8_t type[64];           /* top type; meaningless on an empty point */
    uint8_t count[2][PIECE_TYPES];   /* stacks per colour per top type */
    uint8_t reserve[2][PIECE_TYPES]; /* pieces still to place */
    uint8_t side;               /* WHITE or BLACK: who acts next */
    uint8_t phase;
    int8_t winner;              /* -1 while the game goes on, else WHITE/BLACK */
    uint8_t ending;             /* END_* once winner is set by a trinity loss */
} position;

typedef struct undo {
    uint64_t hash;
    uint32_t state;       /* side, phase, winner, ending as they were */
    uint8_t height, type; /* the captured or covered stack */
} undo;

/* One-time table set-up (geometry, Zobrist keys); idempotent and thread-safe. */
void tz_init(void);

/* An empty board in the given phase with the full supply in reserve.  Use
 * tz_pos_put() to add stacks, then tz_pos_finish() to derive hash and counts. */
void tz_pos_clear(position *p);
void tz_pos_put(position *p, int point, int colour, int type, int height);
void tz_pos_finish(position *p, int side, int phase);

/* pos_make(p, a, u) applies a legal action, u receiving what
 * pos_unmake(p, a, u) needs to take it back: see make.h. */

/* Re-derives counts, hash and the bitboard/array agreement from scratch.
 * Returns NULL when consistent, else a static description of the mismatch. */
const char *tz_pos_check(const position *p);

uint64_t tz_pos_hash_full(const position *p);

#include "make.h"

static inline int pos_colour_at(const position *p, int pt)
{
    return p->occ[WHITE] >> pt & 1 ? WHITE : p->occ[BLACK] >> pt & 1 ? BLACK : -1;
}

#endif
