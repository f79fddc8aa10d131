/* bench.c — the benchmark positions (see bench.h).  The midgame positions come
 * from random games; they are written out so the suite never depends on
 * anything but the move generator. */
#include <stddef.h>
#include "bench.h"
#include "setup.h"

const bench_entry bench_suite[] = {
    { "fixed setup", SETUP_FIXED_TEXT, 5 }, /* 1,557,472,755 */
    { "random setup 1", "BACCCcBCBCcCAAbacCcBbbBCacbbcaCcCbCbbcccaacCBcABCCcCcabBcAAB w 0", 4 },
    { "random setup 2", "CCaccACcccbaCcCBCaCBBcbBcabBbCACACcccbcaBcCcaCCAcBCAbAbBCbBb w 0", 4 },
    { "random setup 3", "ccBcCbaBCCcCacCcCbbcbcbCCcCCBabBBcAAaBcccCBaaAACACbCCbccAbBB w 0", 4 },
    { "midgame, black", "..B2...C3..c3.aac.b..bcb2.BC2.Bcb..bC.CBb.CC..CcAC.c.cAAaBAccb.CB b 2", 5 },
    { "midgame, white", "c..c3aCC2..C.B...C3cC2CB.CBA.b2..a.B.B.c....cba..B2..Ac.b2bc..a.bc. w 2", 5 },
    { "endgame", "....C5.....c5b...b.c.b2..c2a.c.c...a2c.A2C.....b.BB..c..B.B4BaAA.BC b 2", 6 },
    { NULL, NULL, 0 },
};
