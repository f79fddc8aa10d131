/* setup.c — random, fixed and tournament starting positions (see setup.h). */
#include <string.h>
#include "notation.h"
#include "core/prng.h"
#include "setup.h"

/* NULL-terminated, so that the game interface takes it as its setup_names. */
const char *const tz_setup_names[SETUP_KINDS + 1] = { "random", "fixed", "tournament", "tournament-black", NULL };

/* The rulebook's Figure 4; data/setups/fixed.pos holds the same line and a
 * test checks the two agree, point by point with the rules page's table. */
const char TZ_SETUP_FIXED_TEXT[] =
    "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0";

int tz_setup_kind(const char *name)
{
    for (int k = 0; k < SETUP_KINDS; k++)
        if (!strcmp(name, tz_setup_names[k]))
            return k;
    return -1;
}

void tz_setup_random(position *p, uint64_t seed)
{
    uint8_t pieces[GEO_POINTS]; /* colour * 3 + type */
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < PIECE_TYPES; t++)
            for (int k = 0; k < tz_piece_supply[t]; k++)
                pieces[n++] = (uint8_t)(c * 3 + t);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int i = GEO_POINTS - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)xoshiro_below(&rng, (uint64_t)i + 1);
        uint8_t tmp = pieces[i];
        pieces[i] = pieces[j];
        pieces[j] = tmp;
    }
    tz_pos_clear(p);
    for (int pt = 0; pt < GEO_POINTS; pt++)
        tz_pos_put(p, pt, pieces[pt] / 3, pieces[pt] % 3, 1);
    tz_pos_finish(p, WHITE, PHASE_OPENING);
}

void tz_setup_fixed(position *p)
{
    char err[160];
    int rc = tz_pos_from_text(p, TZ_SETUP_FIXED_TEXT, err, sizeof err);
    (void)rc; /* a constant that parses: tests/test_setup.c checks it */
}

void tz_setup_tournament(position *p)
{
    tz_pos_clear(p);
    tz_pos_finish(p, WHITE, PHASE_PLACE);
}

void tz_setup_tournament_black(position *p)
{
    tz_pos_clear(p);
    tz_pos_finish(p, BLACK, PHASE_PLACE);
}

void tz_setup_make(position *p, int kind, uint64_t seed)
{
    if (kind == SETUP_FIXED)
        tz_setup_fixed(p);
    else if (kind == SETUP_TOURNAMENT)
        tz_setup_tournament(p);
    else if (kind == SETUP_TOURNAMENT_BLACK)
        tz_setup_tournament_black(p);
    else
        tz_setup_random(p, seed);
}
