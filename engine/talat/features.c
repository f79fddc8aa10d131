/* features.c — Talat's evaluation features from one seat's point of view
 * (for tuning and the searcher) and the pre-declared features of a start
 * (for the bias study).  A seat's share of a quantity is its own count
 * minus the mean of the other seats' counts, so a feature is zero when all
 * seats stand equal. */
#include <string.h>
#include "features.h"

const char *const tl_feature_names[TL_FEATURES + 1] = {
    "points", "captures", "line_towers", "best_capture", "hanging", "threats", "mobility", "live_boards", "tempo",
    NULL,
};

const char *const tl_start_feature_names[TL_START_FEATURES + 1] = {
    "live_boards", "attack_0", "attack_1", "attack_2", "exposed_0", "exposed_1", "exposed_2", NULL,
};

/* Per seat: towers it drives that an adjacent enemy could capture now,
 * enemy towers it could capture now, and its non-capturing moves (live
 * boards only). */
typedef struct counts {
    int hanging[3], threats[3], mobility[3], live[3], line[3];
} counts;

static void count(const talat *p, counts *c)
{
    memset(c, 0, sizeof *c);
    for (int b = 0; b < TL_BOARDS; b++) {
        bool live = !(p->frozen >> b & 1);
        uint32_t empty = ~(p->occ[b][0] | p->occ[b][1]) & TL_ALL;
        for (int s = 0; s < 2; s++) {
            int k = tl_actor(p, b, s);
            c->live[k] += live;
            c->line[k] += tl_line_scores(p, b, s) ? __builtin_popcount(p->occ[b][s] & tl_line(1 - s)) : 0;
            if (!live)
                continue;
            for (uint32_t m = p->occ[b][s]; m; m &= m - 1) {
                int a = __builtin_ctz(m);
                c->mobility[k] += __builtin_popcount(tl_fwd[s][a] & empty);
                for (uint32_t t = (tl_fwd[s][a] | tl_sideways[a]) & p->occ[b][1 - s]; t; t &= t - 1) {
                    int d = __builtin_ctz(t);
                    if (tl_beats[p->type[b][a]] >> p->type[b][d] & 1) {
                        c->threats[k]++;
                        c->hanging[tl_actor(p, b, 1 - s)]++;
                    }
                }
            }
        }
    }
}

/* own minus the others' mean */
static double share(const int *v, int seat, int players)
{
    double others = 0;
    for (int k = 0; k < players; k++)
        others += k == seat ? 0 : v[k];
    return v[seat] - others / (players - 1);
}

void tl_features(const void *state, int seat, double *out)
{
    const talat *p = state;
    counts c;
    count(p, &c);
    int pts[3], caps[3], best[3];
    for (int k = 0; k < p->players; k++) {
        pts[k] = tl_score_halves(p, k); /* komi included: halved below */
        caps[k] = __builtin_popcount(p->captured[k]);
        best[k] = tl_best_capture(p, k);
    }
    int np = p->players;
    out[0] = share(pts, seat, np) / 2;
    out[1] = share(caps, seat, np);
    out[2] = share(c.line, seat, np);
    out[3] = share(best, seat, np);
    out[4] = share(c.hanging, seat, np);
    out[5] = share(c.threats, seat, np);
    out[6] = share(c.mobility, seat, np);
    out[7] = share(c.live, seat, np);
    out[8] = !tl_over(p) && p->side == seat;
}

/* attack_k: pairs (a tower seat k drives, an enemy tower on the same board)
 * where k's tower captures the other's type and their files differ by at
 * most one; exposed_k: the same pairs the other way round. */
void tl_start_features(const void *state, double *out)
{
    const talat *p = state;
    memset(out, 0, TL_START_FEATURES * sizeof *out);
    for (int b = 0; b < TL_BOARDS; b++) {
        out[0] += !(p->frozen >> b & 1) && p->phase == TL_PHASE_MOVE;
        for (int s = 0; s < 2; s++)
            for (uint32_t m = p->occ[b][s]; m; m &= m - 1) {
                int a = __builtin_ctz(m), k = tl_actor(p, b, s);
                for (uint32_t d = p->occ[b][1 - s]; d; d &= d - 1) {
                    int q = __builtin_ctz(d), df = a % 5 - q % 5;
                    if (df >= -1 && df <= 1 && (tl_beats[p->type[b][a]] >> p->type[b][q] & 1)) {
                        out[1 + k] += 1;
                        out[4 + tl_actor(p, b, 1 - s)] += 1;
                    }
                }
            }
    }
}
