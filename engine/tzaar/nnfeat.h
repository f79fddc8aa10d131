/* nnfeat.h — TZAAR's network input features (game.h's game_nn; the
 * network: engine/nnue.h, docs/network.md).
 *
 * Feature set "tzaar-stacks-1", per perspective (a colour):
 *   one feature per stack: its point (60), whether it is the looking
 *   colour's or the other's (2), its top type (3), its height in buckets
 *   1, 2, 3, 4-5, 6+ (5), and whether the other colour can capture it now
 *   (2): point * 60 + other * 30 + type * 10 + bucket * 2 + attacked;
 *   then one feature for the phase (White's opening capture, a turn's
 *   first action, its second, placement): 3600 + phase (position.h).
 * At most 61 are active.  Which colour is to act is not a feature: the
 * network reads the perspectives in order from the seat to act.
 *
 * "Attacked" is what a linear evaluation cannot see in piece counts and
 * what decides TZAAR's tactics: the search keeps the capture relation (vis.h)
 * anyway, so the flag costs a comparison of two bitboards per action.
 * An action changes the stacks on its two points and the flag of stacks
 * whose attackers it uncovered or blocked; tz_nn_before() notes what the
 * position was, tz_nn_after() lists the changes for both perspectives. */
#ifndef TRIAD_TZ_NNFEAT_H
#define TRIAD_TZ_NNFEAT_H

#include "engine/game.h"
#include "position.h"
#include "vis.h"

#define TZ_NN_STACK_FEATURES (GEO_POINTS * 60)
#define TZ_NN_INPUTS (TZ_NN_STACK_FEATURES + 4)
#define TZ_NN_MAX_ACTIVE (GEO_POINTS + 1)

static inline int tz_nn_bucket(int height)
{
    return height >= 6 ? 4 : height >= 4 ? 3 : height - 1;
}

/* The feature of a stack from White's perspective; Black's is the same
 * with the "other" part flipped (tz_nn_flip). */
static inline uint16_t tz_nn_stack(int pt, int colour, int type, int height, int attacked)
{
    return (uint16_t)(pt * 60 + colour * 30 + type * 10 + tz_nn_bucket(height) * 2 + attacked);
}

static inline uint16_t tz_nn_flip(uint16_t f)
{
    return f >= TZ_NN_STACK_FEATURES ? f : (uint16_t)(f % 60 >= 30 ? f - 30 : f + 30);
}

/* The stacks of colour c that the other colour can capture. */
static inline bitboard tz_nn_attacked(const position *p, const vis *v, int c)
{
    return tz_vis_attacks(v, c ^ 1) & p->occ[c];
}

/* The points an action changes: a placement's "from" is its type. */
static inline int tz_nn_points(action a, int pts[2])
{
    switch (act_kind(a)) {
    case ACT_PASS:
        return 0;
    case ACT_PLACE:
        pts[0] = act_to(a);
        return 1;
    default:
        pts[0] = act_from(a);
        pts[1] = act_to(a);
        return 2;
    }
}

/* What tz_nn_after() needs of the position before the action. */
typedef struct tz_nn_pre {
    bitboard att[2];     /* tz_nn_attacked of each colour */
    int nold;
    uint16_t old[2];     /* White's features of the stacks on the action's points */
    uint8_t phase;
} tz_nn_pre;

/* Every active feature of p from White's perspective (v: p's relation). */
int tz_nn_active_white(const position *p, const vis *v, uint16_t *out);

/* Notes p (before a is made). */
static inline void tz_nn_before(const position *p, const vis *v, action a, tz_nn_pre *pre)
{
    pre->phase = p->phase;
    pre->nold = 0;
    pre->att[WHITE] = tz_nn_attacked(p, v, WHITE);
    pre->att[BLACK] = tz_nn_attacked(p, v, BLACK);
    int pts[2], np = tz_nn_points(a, pts);
    for (int i = 0; i < np; i++) {
        int pt = pts[i], c = pos_colour_at(p, pt);
        if (c >= 0)
            pre->old[pre->nold++] =
                tz_nn_stack(pt, c, p->type[pt], p->height[pt], (int)(pre->att[c] >> pt & 1));
    }
}

/* The changes for White's perspective (d[0]) and Black's (d[1]) from the
 * position pre noted to p, now that a is made. */
void tz_nn_after(const position *p, const vis *v, action a, const tz_nn_pre *pre, game_nn_delta d[2]);

extern const game_nn tz_nn;

#endif
