/* board.c — Talat's fixed tables: which tower type captures which, and each
 * square's forward and sideways neighbours.  Filled once by tl_init(). */
#include "talat.h"

uint16_t tl_beats[TL_TYPES];
uint32_t tl_fwd[2][TL_SQ];
uint32_t tl_sideways[TL_SQ];

/* The page's capture rule: one height more (any sides); equal height and
 * more sides; or David (13) against Goliath (36). */
static bool beats(int a, int d)
{
    return tl_height(a) == tl_height(d) + 1 || (tl_height(a) == tl_height(d) && tl_sides(a) > tl_sides(d)) ||
           (a == 0 && d == 8);
}

static uint32_t bit_at(int rank, int file)
{
    return rank >= 0 && rank < 5 && file >= 0 && file < 5 ? 1u << (rank * 5 + file) : 0;
}

void tl_init(void)
{
    for (int a = 0; a < TL_TYPES; a++) {
        tl_beats[a] = 0;
        for (int d = 0; d < TL_TYPES; d++)
            if (beats(a, d))
                tl_beats[a] |= (uint16_t)(1u << d);
    }
    for (int sq = 0; sq < TL_SQ; sq++) {
        int r = sq / 5, f = sq % 5;
        for (int side = 0; side < 2; side++) {
            int dr = side ? -1 : 1;
            tl_fwd[side][sq] = bit_at(r + dr, f - 1) | bit_at(r + dr, f) | bit_at(r + dr, f + 1);
        }
        tl_sideways[sq] = bit_at(r, f - 1) | bit_at(r, f + 1);
    }
}
