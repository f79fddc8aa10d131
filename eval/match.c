/* match.c — see match.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "core/msg.h"
#include "core/num.h"
#include "match.h"

int match_tally_init(match_tally *t, int players, uint64_t games, const match_sprt *sprt)
{
    memset(t, 0, sizeof *t);
    t->players = players;
    t->setups = games / (uint64_t)(players == 2 ? 2 : players);
    t->sprt = players == 2 ? sprt : NULL;
    size_t n = t->setups ? t->setups : 1;
    if (players == 2)
        t->half = calloc(n, 1);
    else
        t->setup = calloc(n, sizeof *t->setup);
    return t->half || t->setup ? 0 : -1;
}

void match_tally_free(match_tally *t)
{
    free(t->half);
    free(t->setup);
    t->half = NULL;
    t->setup = NULL;
}

/* A's rank in g by the game's rules (its tie-breaks applied; seats still
 * tied share a rank). */
static int rank_of(const rec_game *g, int players, int seat)
{
    return rec_game_rank(g, players, seat);
}

static int on_pair_game(match_tally *t, const rec_game *g, int a_seat)
{
    int rank = rank_of(g, 2, a_seat), other = rank_of(g, 2, 1 - a_seat);
    int twice = rank < other ? 2 : rank == other ? 1 : 0; /* A's points x2 */
    uint64_t k = g->id / 2;
    t->a_points += twice / 2.0;
    t->a_wins += twice == 2;
    if (k >= t->setups)
        return 0;
    if (!t->half[k]) {
        t->half[k] = (uint8_t)(1 + twice);
        return 0;
    }
    t->penta[t->half[k] - 1 + twice]++;
    if (!t->sprt)
        return 0;
    /* Once decided, the decision stands: the games still in flight are
     * counted, but they do not reopen the test. */
    if (t->last.decision == 0)
        t->last = sprt_penta(t->penta, t->sprt->model, t->sprt->elo0, t->sprt->elo1, t->sprt->alpha,
                             t->sprt->beta);
    return t->last.decision != 0;
}

/* Forfeits and late answers, by player (A in a_seat, B elsewhere). */
static void count_failures(match_tally *t, const rec_game *g, int a_seat)
{
    for (int i = 0; i < t->players; i++)
        t->overruns[i != a_seat] += (uint64_t)g->overruns[i];
    if (g->forfeit > 0 && g->forfeit < GAME_FORFEITS)
        t->forfeits[g->forfeit_seat != a_seat][g->forfeit]++;
}

int match_on_game(const rec_game *g, void *ctx)
{
    match_tally *t = ctx;
    /* Rotation r puts the player listed first, A, in seat r. */
    int a_seat = g->rotation % t->players;
    t->games++;
    count_failures(t, g, a_seat);
    t->ranks[rank_of(g, t->players, a_seat)]++;
    if (t->players == 2)
        return on_pair_game(t, g, a_seat);
    uint64_t k = g->id / (uint64_t)t->players;
    if (k >= t->setups)
        return 0;
    double total = 0;
    for (int j = 0; j < t->players; j++)
        total += g->scores[j];
    match_setup *m = &t->setup[k];
    m->games++;
    /* A game where nobody scores gives everyone the fair share. */
    m->share += total > 0 ? g->scores[a_seat] / total : 1.0 / t->players;
    m->rank += rank_of(g, t->players, a_seat) + 1;
    m->score += g->scores[a_seat];
    return 0;
}

/* Mean and 95% t interval of n values given their sum and sum of squares. */
static double mean_ci(double sum, double sq, double n, interval *ci)
{
    double mean = n > 0 ? sum / n : 0;
    double var = n > 1 ? (sq - n * mean * mean) / (n - 1) : 0;
    double half = n > 1 ? gsl_cdf_tdist_Pinv(0.975, n - 1) * sqrt(var > 0 ? var : 0) / sqrt(n) : 0;
    *ci = n > 1 ? (interval){ mean - half, mean + half } : interval_none(); /* one setup: no spread to go on */
    return mean;
}

match_nway match_nway_estimate(const match_tally *t)
{
    match_nway e = { 0 };
    double s[3] = { 0 }, q[3] = { 0 };
    for (uint64_t k = 0; k < t->setups; k++) {
        const match_setup *m = &t->setup[k];
        if (m->games != t->players)
            continue;
        double v[3] = { m->share / m->games, m->rank / m->games, m->score / m->games };
        for (int i = 0; i < 3; i++)
            s[i] += v[i], q[i] += v[i] * v[i];
        e.setups++;
    }
    double n = (double)e.setups;
    e.share = mean_ci(s[0], q[0], n, &e.share_ci);
    e.rank = mean_ci(s[1], q[1], n, &e.rank_ci);
    e.score = mean_ci(s[2], q[2], n, &e.score_ci);
    return e;
}

/* One "key=value" of --sprt (the text from p up to the next ',' or the end);
 * seen: the keys given so far, one bit each, so that none is given twice. */
static int sprt_item(const char *s, const char *p, size_t len, match_sprt *out, unsigned *seen, char *err,
                     size_t n)
{
    static const char *const keys[] = { "elo0", "elo1", "alpha", "beta", "model" };
    char item[64];
    double v, *dest[] = { &out->elo0, &out->elo1, &out->alpha, &out->beta, NULL };
    if (len >= sizeof item) {
        snprintf(err, n, "bad --sprt '%s' at offset %d: item too long", MSG_PATH(s), (int)(p - s));
        return -1;
    }
    memcpy(item, p, len);
    item[len] = 0;
    char *eq = strchr(item, '=');
    if (!eq) {
        snprintf(err, n, "bad --sprt '%s' at offset %d (expected elo0=X,elo1=X,alpha=X,beta=X,model=M)", MSG_PATH(s),
                 (int)(p - s));
        return -1;
    }
    *eq = 0;
    int k = 0, nkeys = (int)(sizeof keys / sizeof *keys);
    while (k < nkeys && strcmp(item, keys[k]))
        k++;
    if (k == nkeys) {
        snprintf(err, n, "bad --sprt '%s': unknown key '%s' (elo0, elo1, alpha, beta, model)", MSG_PATH(s),
                 MSG_PATH(item));
        return -1;
    }
    if (*seen & 1u << k) {
        snprintf(err, n, "bad --sprt '%s': %s given twice", MSG_PATH(s), keys[k]);
        return -1;
    }
    *seen |= 1u << k;
    if (!dest[k]) {
        if (strcmp(eq + 1, "normalized") && strcmp(eq + 1, "logistic")) {
            snprintf(err, n, "bad --sprt '%s': model '%s' (expected normalized or logistic)", MSG_PATH(s),
                     MSG_PATH(eq + 1));
            return -1;
        }
        out->model = strcmp(eq + 1, "logistic") ? SPRT_NORMALIZED : SPRT_LOGISTIC;
        return 0;
    }
    /* The ranges are sprt.h's; an error rate of 1/2 or more is refused
     * below, num_double's range being closed. */
    int elo = k < 2;
    if (num_double(eq + 1, elo ? -SPRT_ELO_MAX : SPRT_ERR_MIN, elo ? SPRT_ELO_MAX : SPRT_ERR_MAX, &v, NULL, 0) ||
        (!elo && v >= SPRT_ERR_MAX)) {
        if (elo)
            snprintf(err, n, "bad --sprt '%s' at offset %d: %s '%s' is not a decimal number from %g to %g",
                     MSG_PATH(s), (int)(p - s), item, MSG_PATH(eq + 1), -SPRT_ELO_MAX, SPRT_ELO_MAX);
        else
            snprintf(err, n, "bad --sprt '%s' at offset %d: %s '%s' is not a decimal number from %g to below %g",
                     MSG_PATH(s), (int)(p - s), item, MSG_PATH(eq + 1), SPRT_ERR_MIN, SPRT_ERR_MAX);
        return -1;
    }
    *dest[k] = v;
    return 0;
}

int match_sprt_parse(const char *s, match_sprt *out, char *err, size_t n)
{
    unsigned seen = 0;
    *out = (match_sprt){ 0, 10, 0.05, 0.05, SPRT_NORMALIZED };
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, ",");
        if (sprt_item(s, p, len, out, &seen, err, n))
            return -1;
        p += len;
        if (*p == ',' && !*++p) {
            snprintf(err, n, "bad --sprt '%s': a ',' ends it", MSG_PATH(s));
            return -1;
        }
    }
    if (!(out->elo1 > out->elo0)) {
        snprintf(err, n, "bad --sprt '%s': elo0 (%g) must be below elo1 (%g)", MSG_PATH(s), out->elo0, out->elo1);
        return -1;
    }
    return 0;
}
