/* placement.c — the placement policies of greedy and ab (placement.h). */
#include <math.h>
#include <string.h>
#include "movegen.h"
#include "placement.h"
#include "symmetry.h"

const char *const tz_place_policy_names[PLACE_POLICIES + 1] = { "eval", "search", "soft", "random", NULL };

int tz_place_policy_index(const char *name)
{
    for (int k = 0; k < PLACE_POLICIES; k++)
        if (!strcmp(name, tz_place_policy_names[k]))
            return k;
    return -1;
}

double tz_place_value(const eval_weights *w, const position *p, int us)
{
    int winner = tz_game_winner(p, NULL);
    if (winner >= 0)
        return winner == us ? 1e9 : -1e9;
    double v = tz_eval_position(w, p);
    return us == WHITE ? v : -v;
}

void tz_place_shuffle(action *list, int n, xoshiro256 *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)xoshiro_below(rng, (uint64_t)i + 1);
        action t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
}

/* A score as the search reports one: rounded, decided games at +-SCORE_WIN. */
static int report_score(double v)
{
    return v > SCORE_EVAL_MAX ? SCORE_WIN : v < -SCORE_EVAL_MAX ? -SCORE_WIN : (int)(v + (v < 0 ? -0.5 : 0.5));
}

/* e^x for x <= 0 with +, -, *, / and exact scalings only, so that a draw
 * is the same on every machine whatever the C library's exp does:
 * x = k ln 2 + r with |r| <= ln 2 / 2, and 18 terms of e^r's series. */
static double det_exp(double x)
{
    if (x < -700)
        return 0;
    const double ln2 = 0.69314718055994530942;
    double k = nearbyint(x / ln2), r = x - k * ln2, sum = 1;
    for (int i = 18; i >= 1; i--)
        sum = 1 + sum * r / i;
    return ldexp(sum, (int)k);
}

/* The worst value for us (who has just placed in p) over the opponent's
 * next actions — placements, or White's opening captures after the last
 * placement — or p's own value when there are none.  It stops at the
 * first reply at or below alpha (the placement cannot then be the best)
 * and tries *killer, the last refutation, first. */
static double worst_reply(const eval_weights *w, position *p, int us, double alpha, action *killer,
                          uint64_t *count)
{
    action list[MAX_ACTIONS];
    int n = p->side == us ? 0 : tz_gen_actions(p, list);
    (*count)++;
    if (!n)
        return tz_place_value(w, p, us);
    for (int i = 1; i < n; i++)
        if (list[i] == *killer) {
            list[i] = list[0];
            list[0] = *killer;
            break;
        }
    double worst = 2e9;
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(p, list[i], &u);
        double v = tz_place_value(w, p, us);
        pos_unmake(p, list[i], &u);
        (*count)++;
        if (v < worst) {
            worst = v;
            *killer = list[i];
            if (v <= alpha)
                break;
        }
    }
    return worst;
}

/* search: list[0..n) in the seeded order with their one-ply scores; the
 * placements are tried best one-ply score first (so that alpha cuts
 * early), and among equal two-ply values the first tried is kept. */
static int search_best(const eval_weights *w, position *p, const action *list, const double *score, int n,
                       double *value, uint64_t *count)
{
    int order[MAX_ACTIONS];
    for (int i = 0; i < n; i++) { /* insertion sort: stable, n <= 180 */
        int j = i;
        for (; j > 0 && score[order[j - 1]] < score[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    int us = p->side, best = 0;
    action killer = ACTION_NONE;
    *value = -2e9;
    for (int k = 0; k < n; k++) {
        undo u;
        pos_make(p, list[order[k]], &u);
        double v = worst_reply(w, p, us, *value, &killer, count);
        pos_unmake(p, list[order[k]], &u);
        if (v > *value) {
            *value = v;
            best = order[k];
        }
    }
    return best;
}

/* soft: index i drawn with probability proportional to
 * exp((score[i] - max) / temp), from rng. */
static int soft_draw(const double *score, int n, double temp, xoshiro256 *rng)
{
    double top = score[0], weight[MAX_ACTIONS], total = 0;
    for (int i = 1; i < n; i++)
        if (score[i] > top)
            top = score[i];
    for (int i = 0; i < n; i++)
        total += weight[i] = det_exp((score[i] - top) / temp);
    double u = (double)(xoshiro_next(rng) >> 11) * 0x1p-53 * total; /* in [0, total) */
    for (int i = 0; i < n - 1; i++) {
        if (u < weight[i])
            return i;
        u -= weight[i];
    }
    return n - 1;
}

action tz_place_choose(const place_options *o, const eval_weights *w, const position *p, uint64_t seed,
                    search_report *r)
{
    /* The same streams as the one-ply placement has always drawn, so the
     * default policy places exactly as before: rng shuffles the actions,
     * pick chooses the map back from the canonical image. */
    xoshiro256 rng, pick;
    xoshiro_seed(&rng, seed);
    position work;
    uint8_t maps[SYM_ALL];
    int nmaps = tz_sym_canonical(p, &work, maps);
    xoshiro_seed(&pick, seed_mix(seed, 0x746965735f73796dULL));
    int back = tz_sym_inverse(maps[xoshiro_below(&pick, (uint64_t)nmaps)]);

    action list[MAX_ACTIONS];
    double score[MAX_ACTIONS], value;
    int n = tz_gen_actions(&work, list), us = work.side, best = 0;
    if (n < 1) /* not in placement, or over: nothing to place */
        return r->best = ACTION_NONE;
    tz_place_shuffle(list, n, &rng);
    if (o->policy == PLACE_RANDOM)
        n = 1; /* the shuffle is uniform: its first placement is a uniform draw */
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(&work, list[i], &u);
        score[i] = tz_place_value(w, &work, us);
        pos_unmake(&work, list[i], &u);
        r->nodes++;
        if (score[i] > score[best])
            best = i;
    }
    value = score[best];
    if (o->policy == PLACE_SEARCH)
        best = search_best(w, &work, list, score, n, &value, &r->nodes);
    else if (o->policy == PLACE_SOFT)
        value = score[best = soft_draw(score, n, o->temp, &rng)];
    r->best = tz_sym_action(list[best], back);
    r->score = report_score(value);
    r->depth = o->policy == PLACE_SEARCH ? 2 : 1;
    return r->best;
}
