/* timeman.c — see timeman.h. */
#include "timeman.h"

double timeman_actions_left(const game_def *g, const void *s)
{
    double left;
    if (g->actions_left)
        left = g->actions_left(s);
    else {
        int players = g->players(s);
        left = TIMEMAN_HORIZON - (double)g->turns(s) / (players > 0 ? players : 1);
        if (left < TIMEMAN_MIN_LEFT)
            left = TIMEMAN_MIN_LEFT;
    }
    return left >= 1 ? left : 1;
}

/* The reserve kept back for the answer's way to the referee: 1/20 of the
 * remaining time, between 5 and 50 ms (a pipe, a scheduler's tick). */
static uint64_t reserve(uint64_t remaining)
{
    uint64_t r = remaining / 20;
    return r < 5 ? 5 : r > 50 ? 50 : r;
}

uint64_t timeman_budget(const game_def *g, const void *s, uint64_t remaining, uint64_t inc)
{
    uint64_t keep = reserve(remaining);
    if (remaining <= keep)
        return 1;
    double usable = (double)(remaining - keep);
    double budget = usable / timeman_actions_left(g, s) + (double)inc;
    if (budget > usable * 0.75) /* a large increment: still keep a quarter */
        budget = usable * 0.75;
    return budget < 1 ? 1 : (uint64_t)budget;
}
