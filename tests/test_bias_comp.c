/* test_bias_comp.c — points compensation (eval/bias_comp.h): a case worked
 * by hand (two seats, four games), the estimates on games drawn with a
 * known edge for the first mover, the clustering, games nobody scored in,
 * and four seats (first places not fitted). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/prng.h"
#include "eval/bias_comp.h"
#include "check.h"

static void add(bias_comp_rows *r, double a, double b, double c, uint64_t setup)
{
    double p[3] = { a, b, c };
    int ranks[3];
    for (int j = 0; j < r->players; j++) {
        ranks[j] = 0;
        for (int i = 0; i < r->players; i++)
            ranks[j] += p[i] > p[j];
    }
    CHECK(bias_comp_add(r, p, ranks, setup) == 0);
}

/* The four games of the case worked by hand (by_hand, below), setups 1 to
 * 4; no_points_and_four_seats adds a fifth to them. */
static void add_by_hand(bias_comp_rows *r)
{
    add(r, 10, 0, 0, 1);
    add(r, 6, 4, 0, 2);
    add(r, 5, 5, 0, 3);
    add(r, 3, 7, 0, 4);
}

/* (10, 0), (6, 4), (5, 5), (3, 7), each its own setup: the first mover's
 * shares 1, .6, .5, .3 (mean .6), every total 10 (mean 1/T .1), so the
 * offsets are -/+1 point and the komi 2; the delta method's variance is
 * 4/3 * .26 / .4^2 (residuals -.4, 0, .1, .3), t(3) = 3.182446: -1 -/+
 * 4.6843.  First places: the margins 10, 2, 0, -4; komi 0.5 and 1.5 both
 * leave two of four to the first mover, 1.5 is nearer the share komi. */
static void by_hand(void)
{
    bias_comp_rows r;
    bias_comp_result res;
    bias_comp_init(&r, 2);
    add_by_hand(&r);
    REQUIRE(bias_comp_analyse(&r, 200, 1, &res) == 0);
    CHECK(res.games == 4 && res.clusters == 4 && res.no_points == 0);
    CHECK(fabs(res.share[0] - 0.6) < 1e-12 && fabs(res.inv_total - 0.1) < 1e-12);
    CHECK(fabs(res.offset[0] + 1) < 1e-12 && fabs(res.offset[1] - 1) < 1e-12);
    CHECK(fabs(res.komi[0]) < 1e-12 && fabs(res.komi[1] - 2) < 1e-12 && res.komi_half[1] == 2.5);
    double half = 3.182446305284263 * sqrt(4.0 / 3 * 0.26 / 0.16);
    CHECKF(fabs(res.offset_ci[0].lo - (-1 - half)) < 1e-6 && fabs(res.offset_ci[0].hi - (-1 + half)) < 1e-6,
           "offset interval [%g, %g], expected -1 -/+ %g", res.offset_ci[0].lo, res.offset_ci[0].hi, half);
    CHECK(fabs(res.firsts[0] - 0.625) < 1e-12); /* 1 + 1 + 1/2 (the tie) + 0 of 4 */
    CHECK(fabs(res.firsts_at_komi_half[0] - 0.25) < 1e-12); /* komi 2.5: only the margin of 10 holds */
    CHECK(res.fitted && res.first_komi[0] == 0 && res.first_komi[1] == 1.5);
    CHECK(fabs(res.firsts_at_first_komi[0] - 0.5) < 1e-12 && res.tied_at_first_komi == 0 && !res.at_edge);
    CHECK(interval_ok(res.first_komi_ci[1]) && !interval_ok(res.first_komi_ci[0]));
    bias_comp_free(&r);
}

/* Three seats, 3,000 setups of three games: each position scores a
 * binomial(20, 1/2) number of points, the first mover 2 more.  The share
 * komi of both later movers is about 2 points, inside its interval; the
 * first-place komi lies within a point of it and levels first places
 * better than no komi; with no edge every interval holds 0. */
static void recovers_a_known_edge(void)
{
    for (int edge = 0; edge <= 2; edge += 2) {
        bias_comp_rows r;
        bias_comp_result res;
        bias_comp_init(&r, 3);
        xoshiro256 rng;
        xoshiro_seed(&rng, 7 + (uint64_t)edge);
        for (uint64_t s = 0; s < 9000; s++) {
            double p[3];
            for (int j = 0; j < 3; j++) {
                p[j] = j == 0 ? edge : 0;
                for (int k = 0; k < 20; k++)
                    p[j] += (double)(xoshiro_next(&rng) & 1);
            }
            add(&r, p[0], p[1], p[2], s / 3);
        }
        REQUIRE(bias_comp_analyse(&r, 100, 1, &res) == 0);
        CHECK(res.clusters == 3000 && res.fitted);
        for (int j = 1; j < 3; j++) {
            CHECKF(res.komi_ci[j].lo < edge && edge < res.komi_ci[j].hi, "edge %d: komi %d %g [%g, %g]", edge, j,
                   res.komi[j], res.komi_ci[j].lo, res.komi_ci[j].hi);
            CHECKF(fabs(res.first_komi[j] - edge) <= 1, "edge %d: first-place komi %d %g", edge, j, res.first_komi[j]);
        }
        double before = 0, after = 0;
        for (int j = 0; j < 3; j++) {
            before += (res.firsts[j] - 1.0 / 3) * (res.firsts[j] - 1.0 / 3);
            after += (res.firsts_at_first_komi[j] - 1.0 / 3) * (res.firsts_at_first_komi[j] - 1.0 / 3);
        }
        CHECKF(edge == 0 || after < before / 4, "edge %d: first places off by %g, %g before", edge, after, before);
        bias_comp_free(&r);
    }
}

/* Four copies of every game in one setup leave the estimates and their
 * intervals as one copy gives them (the setup is the observation); four
 * copies as setups of their own narrow the intervals by half. */
static void intervals_are_clustered_by_setup(void)
{
    bias_comp_rows one, same, apart;
    bias_comp_result a, b, c;
    bias_comp_init(&one, 2);
    bias_comp_init(&same, 2);
    bias_comp_init(&apart, 2);
    xoshiro256 rng;
    xoshiro_seed(&rng, 3);
    for (uint64_t s = 0; s < 400; s++) {
        double x = 5 + (double)xoshiro_below(&rng, 10), y = 4 + (double)xoshiro_below(&rng, 10);
        add(&one, x, y, 0, s);
        for (uint64_t k = 0; k < 4; k++) {
            add(&same, x, y, 0, s);
            add(&apart, x, y, 0, 4 * s + k);
        }
    }
    REQUIRE(bias_comp_analyse(&one, 0, 1, &a) == 0 && bias_comp_analyse(&same, 0, 1, &b) == 0 &&
            bias_comp_analyse(&apart, 0, 1, &c) == 0);
    double wa = a.komi_ci[1].hi - a.komi_ci[1].lo, wb = b.komi_ci[1].hi - b.komi_ci[1].lo;
    double wc = c.komi_ci[1].hi - c.komi_ci[1].lo;
    CHECK(fabs(a.komi[1] - b.komi[1]) < 1e-9 && fabs(a.komi[1] - c.komi[1]) < 1e-9);
    CHECKF(fabs(wb / wa - 1) < 1e-9, "four copies in one setup: width %g against %g", wb, wa);
    CHECKF(fabs(wc / wa - 0.5) < 0.01, "four copies apart: width %g against %g", wc, wa);
    CHECK(!interval_ok(a.first_komi_ci[1])); /* no bootstrap asked */
    bias_comp_free(&one);
    bias_comp_free(&same);
    bias_comp_free(&apart);
}

/* A game nobody scored in has no shares: counted, left out of them (its
 * first place is shared by all); four seats get the share estimates
 * only. */
static void no_points_and_four_seats(void)
{
    bias_comp_rows r;
    bias_comp_result res;
    bias_comp_init(&r, 2);
    add_by_hand(&r);
    add(&r, 0, 0, 0, 5);
    REQUIRE(bias_comp_analyse(&r, 0, 1, &res) == 0);
    CHECK(res.games == 5 && res.no_points == 1 && fabs(res.komi[1] - 2) < 1e-12);
    bias_comp_free(&r);
    bias_comp_init(&r, 4);
    double p[4] = { 3, 2, 1, 0 };
    int ranks[4] = { 0, 1, 2, 3 };
    for (uint64_t s = 0; s < 10; s++)
        CHECK(bias_comp_add(&r, p, ranks, s) == 0);
    REQUIRE(bias_comp_analyse(&r, 50, 1, &res) == 0);
    CHECK(!res.fitted && res.games == 10 && fabs(res.komi[3] - 3) < 1e-12);
    /* komi 1.5, 2.5, 3.5: the later three tie at 3.5, above the first's 3 */
    CHECK(res.firsts_at_komi_half[0] == 0 && fabs(res.firsts_at_komi_half[3] - 1.0 / 3) < 1e-12);
    bias_comp_free(&r);
    bias_comp_init(&r, 2);
    REQUIRE(bias_comp_analyse(&r, 50, 1, &res) == 0);
    CHECK(res.games == 0 && !res.fitted);
    bias_comp_free(&r);
}

const test_case tests_bias_comp[] = {
    { "bias_comp_two_seats_by_hand", by_hand },
    { "bias_comp_recovers_a_known_edge", recovers_a_known_edge },
    { "bias_comp_intervals_are_clustered_by_setup", intervals_are_clustered_by_setup },
    { "bias_comp_no_points_and_four_seats", no_points_and_four_seats },
    { NULL, NULL },
};
