/* player.c — players made from spec strings (see player.h).
 * Only "random" exists yet; the searcher and greedy player follow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "movegen.h"
#include "player.h"
#include "prng.h"

struct player {
    char spec[128];
};

player *player_new(const char *spec, char *err, size_t errlen)
{
    if (strcmp(spec, "random")) {
        snprintf(err, errlen, "unknown player '%s'", spec);
        return NULL;
    }
    player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(pl->spec, sizeof pl->spec, "%s", spec);
    return pl;
}

void player_free(player *pl)
{
    free(pl);
}

const char *player_spec(const player *pl)
{
    return pl->spec;
}

action player_choose(player *pl, const position *p, uint64_t seed, search_report *report)
{
    (void)pl;
    action list[MAX_ACTIONS];
    int n = gen_actions(p, list);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    action a = list[xoshiro_below(&rng, (uint64_t)n)];
    if (report) {
        memset(report, 0, sizeof *report);
        report->best = a;
    }
    return a;
}
