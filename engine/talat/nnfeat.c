/* nnfeat.c — Talat's network input features (game.h's game_nn; the
 * network: engine/nnue.h, docs/network.md).
 *
 * Feature set "talat-towers-1", from seat q's perspective, where every
 * colour, seat and board is numbered relative to q ((x - q) mod 3), so
 * that the features mean the same for every seat:
 *   a tower on a cell: board (3) x square (25) x its colour (3) x its type
 *     (9: height and shape)                                   0 .. 2024
 *   a captured tower: the capturing seat (3) x the tower's colour (3) x
 *     its type (9)                                         2025 .. 2105
 *   a tower not yet placed: its colour (3) x type (9)      2106 .. 2132
 *   the phase (Zihin placement, placement, moves)          2133 .. 2135
 *   a frozen board (3)                                     2136 .. 2138
 * At most 27 towers are on the boards, captured or unplaced, so at most
 * 31 features are active.  The changes of an action are the difference of
 * the two positions' sets (game.h's default): Talat's search copies its
 * positions, and an action changes two cells at most.
 *
 * Its one symmetry: every board mirrored left to right (the moves go
 * forward, diagonally forward and sideways; the lines are ranks). */
#include <string.h>
#include "talat.h"

#define F_CELLS 0
#define F_CAPTURED (F_CELLS + TL_BOARDS * TL_SQ * 3 * TL_TYPES)
#define F_UNPLACED (F_CAPTURED + 3 * 3 * TL_TYPES)
#define F_PHASE (F_UNPLACED + 3 * TL_TYPES)
#define F_FROZEN (F_PHASE + 3)
#define F_INPUTS (F_FROZEN + TL_BOARDS)

static int rel(int x, int q)
{
    return (x - q + 3) % 3;
}

static int tl_nn_active(const void *s, int q, uint16_t *out)
{
    const talat *p = s;
    int n = 0;
    for (int b = 0; b < TL_BOARDS; b++)
        for (int side = 0; side < 2; side++)
            for (uint32_t m = p->occ[b][side]; m; m &= m - 1) {
                int sq = __builtin_ctz(m), c = tl_colour(b, side);
                out[n++] = (uint16_t)(F_CELLS + ((rel(b, q) * TL_SQ + sq) * 3 + rel(c, q)) * TL_TYPES + p->type[b][sq]);
            }
    for (int seat = 0; seat < 3; seat++)
        for (uint32_t m = p->captured[seat]; m; m &= m - 1) {
            int id = __builtin_ctz(m), c = id / TL_TYPES, t = id % TL_TYPES;
            out[n++] = (uint16_t)(F_CAPTURED + (rel(seat, q) * 3 + rel(c, q)) * TL_TYPES + t);
        }
    for (int c = 0; c < 3; c++)
        for (unsigned m = p->unplaced[c]; m; m &= m - 1)
            out[n++] = (uint16_t)(F_UNPLACED + rel(c, q) * TL_TYPES + __builtin_ctz(m));
    out[n++] = (uint16_t)(F_PHASE + p->phase);
    for (int b = 0; b < TL_BOARDS; b++)
        if (p->frozen >> b & 1)
            out[n++] = (uint16_t)(F_FROZEN + rel(b, q));
    return n;
}

static uint32_t mirror_mask(uint32_t m)
{
    uint32_t out = 0;
    for (; m; m &= m - 1) {
        int sq = __builtin_ctz(m);
        out |= 1u << (sq / 5 * 5 + 4 - sq % 5);
    }
    return out;
}

static void tl_nn_image(const void *s, int k, void *out)
{
    const talat *p = s;
    talat *o = out;
    *o = *p;
    if (!k)
        return;
    for (int b = 0; b < TL_BOARDS; b++) {
        for (int side = 0; side < 2; side++)
            o->occ[b][side] = mirror_mask(p->occ[b][side]);
        for (int sq = 0; sq < TL_SQ; sq++)
            o->type[b][sq / 5 * 5 + 4 - sq % 5] = p->type[b][sq];
    }
}

static bool tl_nn_sample(const void *s)
{
    return !tl_over(s);
}

const game_nn tl_nn = {
    .feature_set = "talat-towers-1",
    .ninputs = F_INPUTS,
    .max_active = 32,
    .active = tl_nn_active,
    .sample = tl_nn_sample,
    .nsymmetries = 2,
    .image = tl_nn_image,
    .default_net = "nets/talat.nn",
};
