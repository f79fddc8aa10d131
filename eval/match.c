/* match.c — see match.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "match.h"

int match_tally_init(match_tally *t, uint64_t games, const match_sprt *sprt)
{
    memset(t, 0, sizeof *t);
    t->setups = games / 2;
    t->half = calloc(t->setups ? t->setups : 1, 1);
    t->sprt = sprt;
    return t->half ? 0 : -1;
}

void match_tally_free(match_tally *t)
{
    free(t->half);
    t->half = NULL;
}

int match_on_game(const rec_game *g, void *ctx)
{
    match_tally *t = ctx;
    uint64_t k = g->id / 2;
    /* A is White in game 2k and Black in game 2k+1. */
    int a_won = (g->winner == WHITE) != g->swapped;
    t->games++;
    t->a_wins += (uint64_t)a_won;
    if (k >= t->setups)
        return 0;
    if (!t->half[k]) {
        t->half[k] = (uint8_t)(1 + a_won);
        return 0;
    }
    t->penta[2 * (t->half[k] - 1 + a_won)]++;
    if (!t->sprt)
        return 0;
    /* Once decided, the decision stands: the games still in flight are
     * counted, but they do not reopen the test. */
    if (t->last.decision == 0)
        t->last = sprt_penta(t->penta, t->sprt->elo0, t->sprt->elo1, t->sprt->alpha, t->sprt->beta);
    return t->last.decision != 0;
}

int match_sprt_parse(const char *s, match_sprt *out, char *err, size_t n)
{
    *out = (match_sprt){ 0, 10, 0.05, 0.05 };
    const char *p = s;
    while (*p) {
        char key[16];
        double v;
        int used;
        if (sscanf(p, "%15[a-z0-9]=%lf%n", key, &v, &used) != 2) {
            snprintf(err, n, "bad --sprt '%s' at offset %d (expected elo0=X,elo1=X,alpha=X,beta=X)", s,
                     (int)(p - s));
            return -1;
        }
        if (!strcmp(key, "elo0"))
            out->elo0 = v;
        else if (!strcmp(key, "elo1"))
            out->elo1 = v;
        else if (!strcmp(key, "alpha"))
            out->alpha = v;
        else if (!strcmp(key, "beta"))
            out->beta = v;
        else {
            snprintf(err, n, "bad --sprt '%s': unknown key '%s' (elo0, elo1, alpha, beta)", s, key);
            return -1;
        }
        p += used;
        if (*p == ',')
            p++;
        else if (*p) {
            snprintf(err, n, "bad --sprt '%s' at offset %d: expected ','", s, (int)(p - s));
            return -1;
        }
    }
    if (!(out->elo1 > out->elo0) || !(out->alpha > 0 && out->alpha < 0.5) || !(out->beta > 0 && out->beta < 0.5)) {
        snprintf(err, n, "bad --sprt '%s': need elo1 > elo0 and 0 < alpha, beta < 0.5", s);
        return -1;
    }
    return 0;
}
