/* setup.c — random, fixed and tournament starting positions (see setup.h). */
#include <string.h>
#include "notation.h"
#include "core/prng.h"
#include "setup.h"

const char *const setup_names[SETUP_KINDS] = { "random", "fixed", "tournament" };

/* The rulebook's Figure 4; data/setups/fixed.pos holds the same line and a
 * test checks the two agree, point by point with the rules page's table. */
const char SETUP_FIXED_TEXT[] =
    "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0";

int setup_kind(const char *name)
{
    for (int k = 0; k < SETUP_KINDS; k++)
        if (!strcmp(name, setup_names[k]))
            return k;
    return -1;
}

void setup_random(position *p, uint64_t seed)
{
    uint8_t pieces[GEO_POINTS]; /* colour * 3 + type */
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            for (int k = 0; k < piece_supply[t]; k++)
                pieces[n++] = (uint8_t)(c * 3 + t);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int i = GEO_POINTS - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)xoshiro_below(&rng, (uint64_t)i + 1);
        uint8_t tmp = pieces[i];
        pieces[i] = pieces[j];
        pieces[j] = tmp;
    }
    pos_clear(p);
    for (int pt = 0; pt < GEO_POINTS; pt++)
        pos_put(p, pt, pieces[pt] / 3, pieces[pt] % 3, 1);
    pos_finish(p, WHITE, PHASE_OPENING);
}

void setup_fixed(position *p)
{
    char err[160];
    int rc = pos_from_text(p, SETUP_FIXED_TEXT, err, sizeof err);
    (void)rc; /* a constant that parses: tests/test_setup.c checks it */
}

void setup_tournament(position *p)
{
    pos_clear(p);
    pos_finish(p, WHITE, PHASE_PLACE);
}

void setup_make(position *p, int kind, uint64_t seed)
{
    if (kind == SETUP_FIXED)
        setup_fixed(p);
    else if (kind == SETUP_TOURNAMENT)
        setup_tournament(p);
    else
        setup_random(p, seed);
}
