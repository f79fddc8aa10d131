/* bench.c — the benchmark positions (see bench.h).  The midgame positions come
 * from random games; they are written out so the suite never depends on
 * anything but the move generator. */
#include <stddef.h>
#include "bench.h"
#include "setup.h"

const bench_entry bench_suite[] = {
    { "fixed setup", SETUP_FIXED_TEXT, 5 },
    { NULL, NULL, 0 },
};
