/* match.c — see match.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
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
    int a_won = (rec_game_winner(g) == WHITE) != (g->rotation != 0);
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

/* One "key=value" of --sprt (the text from p up to the next ',' or the end). */
static int sprt_item(const char *s, const char *p, size_t len, match_sprt *out, char *err, size_t n)
{
    char item[64], why[80];
    double v, *dest = NULL;
    if (len >= sizeof item) {
        snprintf(err, n, "bad --sprt '%s' at offset %d: item too long", MSG_PATH(s), (int)(p - s));
        return -1;
    }
    memcpy(item, p, len);
    item[len] = 0;
    char *eq = strchr(item, '=');
    if (!eq) {
        snprintf(err, n, "bad --sprt '%s' at offset %d (expected elo0=X,elo1=X,alpha=X,beta=X)", MSG_PATH(s),
                 (int)(p - s));
        return -1;
    }
    *eq = 0;
    if (!strcmp(item, "elo0"))
        dest = &out->elo0;
    else if (!strcmp(item, "elo1"))
        dest = &out->elo1;
    else if (!strcmp(item, "alpha"))
        dest = &out->alpha;
    else if (!strcmp(item, "beta"))
        dest = &out->beta;
    if (!dest) {
        snprintf(err, n, "bad --sprt '%s': unknown key '%s' (elo0, elo1, alpha, beta)", MSG_PATH(s), item);
        return -1;
    }
    if (num_double(eq + 1, -HUGE_VAL, HUGE_VAL, &v, why, sizeof why)) {
        snprintf(err, n, "bad --sprt '%s' at offset %d: %s '%s' is %s", MSG_PATH(s), (int)(p - s), item, eq + 1,
                 why);
        return -1;
    }
    *dest = v;
    return 0;
}

int match_sprt_parse(const char *s, match_sprt *out, char *err, size_t n)
{
    *out = (match_sprt){ 0, 10, 0.05, 0.05 };
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, ",");
        if (sprt_item(s, p, len, out, err, n))
            return -1;
        p += len;
        if (*p == ',' && !*++p) {
            snprintf(err, n, "bad --sprt '%s': a ',' ends it", MSG_PATH(s));
            return -1;
        }
    }
    if (!(out->elo1 > out->elo0) || !(out->alpha > 0 && out->alpha < 0.5) || !(out->beta > 0 && out->beta < 0.5)) {
        snprintf(err, n, "bad --sprt '%s': need elo1 > elo0 and 0 < alpha, beta < 0.5", MSG_PATH(s));
        return -1;
    }
    return 0;
}
