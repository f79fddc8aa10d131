/* talat.h — Talat (Bruce Whitehill, 2011): the state and the module's
 * internal interface.  The rules are the rules page (shared/rules/talat.md);
 * docs/talat.md says how this code follows it.
 *
 * Three 5x5 boards.  Board b is shared by seat b, whose start line is rank 1
 * and whose towers move up (+5 in square index), and seat b+1 mod 3, whose
 * start line is rank 5 and whose towers move down.  On a board these two
 * are the board's "sides" 0 and 1.  Square index = (rank-1)*5 + file.
 * A tower type is 0..8 = (height-1)*3 + (0 for 3 sides, 1 for 4, 2 for 6),
 * which is also its value order (13 < 14 < ... < 36); colour c's tower of
 * type t has the id c*9+t.  In the two-player game (players == 2) seats 0
 * and 1 are Black and White, and colour 2 (Grey) is the Zihin, driven by
 * seat 0 on board 1 and by seat 1 on board 2.
 *
 * The state is plain data (no pointers), copied with memcpy; every byte is
 * defined (no padding), so two equal positions compare equal with memcmp.
 * The functions game_talat.c's table names take game.h's hook signatures
 * (a talat as const void * or void *), so no wrapper casts between them. */
#ifndef TRIAD_TALAT_H
#define TRIAD_TALAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

#define TL_BOARDS 3
#define TL_SQ 25
#define TL_TYPES 9
#define TL_ALL ((1u << TL_SQ) - 1)
#define TL_MAX_ACTIONS 128

enum { TL_PHASE_ZIHIN, TL_PHASE_PLACE, TL_PHASE_MOVE };

/* Readings of the rule text the game can be played under (talat.rules).
 * TL_RULE_HUMAN_LINE, the Zihin game only: an own tower scores 3 on the
 * human opponent's start line alone, not on the Zihin's (the seed's
 * "ellenfél", opponent, read as the human opponent; the default reads the
 * Zihin as an opponent too: docs/talat.md).  Chosen by the setups whose
 * names end in TL_HUMAN_LINE_SUFFIX; the position string's mode is "2h". */
#define TL_RULE_HUMAN_LINE 1u
#define TL_HUMAN_LINE_SUFFIX "-human-line"

typedef struct talat {
    uint32_t occ[TL_BOARDS][2];     /* squares held by each side of each board */
    uint32_t captured[3];           /* per seat: ids of the towers it captured */
    uint16_t unplaced[3];           /* per colour: types not yet on a board */
    uint16_t turns;                 /* actions applied since the setup */
    uint8_t type[TL_BOARDS][TL_SQ]; /* type of the tower on each square (0 if empty) */
    uint8_t players;                /* 3, or 2 for the Zihin game */
    uint8_t phase;                  /* TL_PHASE_* */
    uint8_t side;                   /* the seat to act */
    uint8_t frozen;                 /* bit b: board b is frozen (derived, kept) */
    uint8_t rules;                  /* TL_RULE_* bits: a reading of the rule text (0: the default) */
    uint8_t komi[3];                /* per seat: points added at the end, in half points (komi.c; 0: the rulebook) */
    uint8_t pad;                    /* zero: fills the size to a multiple of 4 */
} talat;
_Static_assert(sizeof(talat) == 128, "talat has no padding bytes");

/* ---- actions (game_action) ----
 * pass: 0.  Placement: PLACE_BIT | type << 7 | cell.  Move or capture:
 * MOVE_BIT | from << 7 | to.  A cell is board*25 + square (0..74). */
#define TL_PASS 0u
#define TL_PLACE_BIT 0x4000u
#define TL_MOVE_BIT 0x8000u
#define TL_PLACE(t, cell) (TL_PLACE_BIT | (uint32_t)(t) << 7 | (uint32_t)(cell))
#define TL_MOVE(from, to) (TL_MOVE_BIT | (uint32_t)(from) << 7 | (uint32_t)(to))

/* ---- board.c: tables and geometry (filled by tl_init) ---- */
extern uint16_t tl_beats[TL_TYPES];      /* bit d: type t captures type d */
extern uint32_t tl_fwd[2][TL_SQ];        /* forward and diagonally forward squares, per side */
extern uint32_t tl_sideways[TL_SQ];      /* the same rank, one file away */
void tl_init(void);

static inline int tl_height(int t) { return t / 3 + 1; }
static inline int tl_sides(int t) { return t % 3 == 2 ? 6 : t % 3 + 3; }
static inline int tl_colour(int b, int side) { return side ? (b + 1) % 3 : b; }
/* The side of board b that colour c holds, or -1 if c has no line there. */
static inline int tl_side_of(int b, int c) { return c == b ? 0 : c == (b + 1) % 3 ? 1 : -1; }
/* The seat that moves colour c's towers on board b (side s). */
static inline int tl_actor(const talat *p, int b, int s)
{
    int c = tl_colour(b, s);
    return p->players == 3 || c != 2 ? c : b == 1 ? 0 : 1;
}
static inline bool tl_over(const void *state)
{
    const talat *p = state;
    return p->phase == TL_PHASE_MOVE && __builtin_popcount(p->frozen) >= 2;
}
/* The start-line rank mask (rank 1 for side 0, rank 5 for side 1). */
static inline uint32_t tl_line(int side) { return side ? 0x1f00000u : 0x1fu; }
/* Whether side s's towers on board b score on the start line they face
 * (side 1 - s's): always, but under TL_RULE_HUMAN_LINE not when that line
 * is the Zihin's. */
static inline bool tl_line_scores(const talat *p, int b, int s)
{
    return !(p->players == 2 && (p->rules & TL_RULE_HUMAN_LINE) && tl_colour(b, 1 - s) == 2);
}

/* ---- frozen.c ---- */
/* A caller-owned cache of board answers keyed by the 25 squares. */
#define TL_FCACHE_SIZE 4096
typedef struct tl_fcache {
    uint64_t key[TL_FCACHE_SIZE][2];
    uint8_t live[TL_FCACHE_SIZE]; /* 0 empty, 1 frozen, 2 live */
    uint64_t hits, misses, nodes; /* lookups answered, searched; exact-search nodes */
} tl_fcache;
/* Whether some capture on the board (o0, o1 with types) can still be
 * reached by non-capturing moves.  cache may be NULL. */
bool tl_board_live(uint32_t o0, uint32_t o1, const uint8_t type[TL_SQ], tl_fcache *cache);
/* The same answer from the exhaustive search alone, none of the shortcuts
 * that settle most boards first (for the tests, which compare the two). */
bool tl_board_live_searched(uint32_t o0, uint32_t o1, const uint8_t type[TL_SQ]);

/* ---- rules.c ---- */
int tl_legal(const void *p, game_action *out);
void tl_apply(talat *p, game_action a, tl_fcache *cache);
void tl_refreeze(talat *p, int board, tl_fcache *cache); /* recomputes board's flag */
int tl_points(const talat *p, int seat);
/* Its two parts: 5 per captured tower, and 3 per tower the seat moves that
 * stands on an opponent's start line (driven Zihin towers included). */
int tl_capture_points(const talat *p, int seat);
int tl_line_points(const talat *p, int seat);
int tl_best_capture(const talat *p, int seat); /* 1 + type of the best, 0 if none */
void tl_rank(const void *p, int ranks[GAME_MAX_PLAYERS]);
void tl_clear(talat *p, int players);          /* empty boards, placement start */

/* ---- komi.c: the game parameters komi1=, komi2=, komi3= ---- */
#define TL_KOMI_MAX 10 /* points: a seat scores at most 117, score_max is 141 */
#define TL_KOMI_MAX_TEXT "10"
extern const game_param tl_params[];
int tl_set_params(void *s, const long *values, bool start, char *err, size_t n);
/* The seat's score, points and komi (g_outcome), and twice it (tl_rank). */
double tl_score(const talat *p, int seat);
int tl_score_halves(const talat *p, int seat);
/* to's komi from from's, by turn order from the seat to act (tl_permute). */
void tl_permute_komi(talat *to, const talat *from);

/* ---- text.c ---- */
int tl_to_text(const void *p, char *out, size_t n);
int tl_from_text(void *p, const char *text, char *err, size_t n);
void tl_action_to_text(const void *p, game_action a, char *out, size_t n);
int tl_action_from_text(const void *p, const char *text, game_action *a, char *err, size_t n);

/* ---- setup.c ---- */
int tl_setup(void *p, const char *name, int players, uint64_t seed, char *err, size_t n);
void tl_permute(void *p, const int perm[GAME_MAX_PLAYERS]);

/* ---- nnfeat.c: game_def.nn ---- */
extern const game_nn tl_nn;

/* ---- perft.c ---- */
uint64_t tl_perft(const talat *p, int depth, tl_fcache *cache);
/* ---- bench_frozen.c: game_def.bench_extra ---- */
int talat_bench_extra(int runs, game_bench_figure *out, int max);

#endif
