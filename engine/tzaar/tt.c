/* tt.c — allocation and generations of the transposition table (tt.h). */
#include <stdlib.h>
#include <string.h>
#include "tt.h"

int tz_tt_init(tt *t, size_t mb)
{
    size_t n = 1024;
    while (n * 2 * sizeof(tt_entry) <= mb << 20)
        n *= 2;
    /* calloc: generation 0 everywhere, and generation 0 is never searched
     * with, so a fresh table is empty. */
    t->slots = calloc(n, sizeof *t->slots);
    if (!t->slots)
        return -1;
    t->mask = n - 1;
    t->generation = 0;
    return 0;
}

void tz_tt_free(tt *t)
{
    free(t->slots);
    t->slots = NULL;
}

void tz_tt_new_search(tt *t)
{
    if (++t->generation == 0) {
        memset(t->slots, 0, (t->mask + 1) * sizeof *t->slots);
        t->generation = 1;
    }
}
