/* tz_walk.c — see tz_walk.h. */
#include "tz_walk.h"
#include "core/prng.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/setup.h"

void tz_walk_games(int games, uint64_t setup_seed0, void (*fn)(const position *))
{
    for (uint64_t g = 0; g < (uint64_t)games; g++) {
        position p;
        xoshiro256 rng;
        tz_setup_random(&p, setup_seed0 + g);
        xoshiro_seed(&rng, g);
        for (;;) {
            fn(&p);
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list);
            if (!n)
                break;
            undo u;
            pos_make(&p, list[xoshiro_below(&rng, (uint64_t)n)], &u);
        }
    }
}

void tz_copy_stacks(const position *p, position *q, int colour_xor)
{
    tz_pos_clear(q);
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            tz_pos_put(q, pt, c ^ colour_xor, p->type[pt], p->height[pt]);
        }
}
