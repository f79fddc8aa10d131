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

/* Phases: which action of the game comes next, and so what follows it.
 * 0..3 are the rulebook's; the rest are the first turns of the variants
 * (game parameters first= and pie=, docs/tzaar-variants.md), each one row
 * of the tables that say who acts next in which phase (position.c), so
 * that pos_make's path is the rulebook's, and a position string names its
 * phase (notation.c: tz_phase_tokens). */
enum {
    PHASE_OPENING = 0,     /* White's single-capture first turn ("0") */
    PHASE_FIRST = 1,       /* first action of a normal turn: a capture ("1") */
    PHASE_SECOND = 2,      /* second action: capture, stack or pass ("2") */
    PHASE_PLACE = 3,       /* tournament setup: placing pieces ("p"); then p->opening */
    PHASE_FULL = 4,        /* first=full: White's first turn is whole, its first action ("f") */
    PHASE_BOTH = 5,        /* first=both: White's single capture, then Black's ("d") */
    PHASE_REPLY = 6,       /* first=both: the other side's single capture, then a whole turn ("r") */
    PHASE_PIE = 7,         /* pie=1: White's single capture; then Black may swap ("0s") */
    PHASE_FULL_PIE = 8,    /* first=full,pie=1: White's first action ("fs") */
    PHASE_SECOND_PIE = 9,  /* first=full,pie=1: White's second action; then Black may swap ("2s") */
    PHASE_BOTH_PIE = 10,   /* first=both,pie=1: White's single capture; then Black may swap ("ds") */
    PHASE_SWAP = 11,       /* pie=1: Black's first action, or the swap ("x1") */
    PHASE_SWAP_REPLY = 12, /* first=both,pie=1: Black's single capture, or the swap ("xr") */
    PHASES = 13
};

/* What the phases share.  A turn's second action (stacks and pass too). */
static inline bool tz_phase_second(int ph)
{
    return ph == PHASE_SECOND || ph == PHASE_SECOND_PIE;
}
/* The side to act may swap (pie=1): the action ACTION_SWAP. */
static inline bool tz_phase_swaps(int ph)
{
    return ph == PHASE_SWAP || ph == PHASE_SWAP_REPLY;
}
/* A turn's first action: a capture (or a swap), without which a side
 * that cannot swap has lost. */
static inline bool tz_phase_starts_turn(int ph)
{
    return ph != PHASE_PLACE && !tz_phase_second(ph);
}
/* The game's first action, White's by the rules: 60 single pieces on the
 * board, and a seat rotation recolours them but leaves White to act. */
static inline bool tz_phase_opens(int ph)
{
    return ph == PHASE_OPENING || ph == PHASE_FULL || ph == PHASE_BOTH || ph == PHASE_PIE || ph == PHASE_FULL_PIE ||
           ph == PHASE_BOTH_PIE;
}
/* The rulebook phase a phase plays like, for what knows only those (the
 * network's phase feature, a drawing's stage): 0 a single capture, 1 a
 * turn's first action, 2 its second, 3 placement. */
extern const uint8_t tz_phase_kinds[PHASES];

/* How a game ended. */
enum { END_NONE = 0, END_TRINITY = 1, END_NO_CAPTURE = 2 };

extern const int tz_piece_supply[PIECE_TYPES]; /* 6 Tzaars, 9 Tzarras, 15 Totts */

/* An action in 16 bits: from (6) | to (6) << 6 | kind (2) << 12.
 * A placement keeps the piece type in the "from" field. */
typedef uint16_t action;
enum { ACT_CAPTURE = 0, ACT_STACK = 1, ACT_PASS = 2, ACT_PLACE = 3 };
#define ACTION_PASS ((action)(ACT_PASS << 12))
/* pie=1's swap: Black takes White's pieces, and White plays on with
 * Black's.  Stored as the pieces recoloured, with the turn to White (seats
 * stay colours): position.c's tz_pos_make_swap.  A pass by kind, so that
 * what maps actions (symmetries, the codec's kinds) leaves it alone. */
#define ACTION_SWAP ((action)(ACT_PASS << 12 | 1))
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
    uint8_t type[GEO_POINTS];   /* top type; meaningless on an empty point */
    /* The variant's rules field (game parameters, docs/tzaar-variants.md):
     * the phase the game opens in, PHASE_OPENING in the rulebook.  Only the
     * end of placement reads it; the phases say the rest.  In what were
     * type[]'s four unused bytes, always 0 before: so the position keeps
     * its size and layout, and a rulebook state its every byte. */
    uint8_t opening;
    uint8_t spare[3];           /* always 0 */
    uint8_t count[2][PIECE_TYPES];   /* stacks per colour per top type */
    uint8_t reserve[2][PIECE_TYPES]; /* pieces still to place */
    uint8_t side;               /* WHITE or BLACK: who acts next */
    uint8_t phase;
    int8_t winner;              /* -1 while the game goes on, else WHITE/BLACK */
    uint8_t ending;             /* END_* once winner is set by a trinity loss */
} position;
_Static_assert(sizeof(position) == 192, "a position's layout is what states (and label caches' checksums) hold");

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

/* The swap: every stack changes colour and the turn passes to White (in
 * PHASE_FIRST, or PHASE_REPLY after Black's swap of a single capture).
 * Off the hot path (pos_make calls it). */
void tz_pos_make_swap(position *p);
/* The colours exchanged, stacks and counts (the swap's board; its own inverse). */
void tz_pos_recolour(position *p);

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
