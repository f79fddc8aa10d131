/* test_continuation.c — the forward continuation's arithmetic
 * (eval/continuation.h) on games set by hand: each original game once,
 * its continuations averaged; t intervals over the original games; the
 * paired differences from the games as played and from the first ply over
 * the games that both hold; rows in order of ply. */
#include <math.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "check.h"
#include "eval/continuation.h"

static void continuation_by_hand(void)
{
    /* four original games; White won games 0 and 1 as played */
    const double played[4] = { 1, 1, 0, 0 };
    cont_data d;
    REQUIRE(cont_init(&d, 4, played) == 0);
    int late = cont_column(&d, 21), early = cont_column(&d, 1);
    REQUIRE(late == 0 && early == 1 && cont_column(&d, 21) == 0 && d.nk == 2);
    /* ply 1: two continuations each; means 0.5, 1, 0.5, 0 */
    const double e[4][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } };
    for (int i = 0; i < 4; i++)
        for (int r = 0; r < 2; r++)
            cont_add(&d, early, i, e[i][r]);
    /* ply 21: games 0..2 only, once each: 1, 0, 0 */
    cont_add(&d, late, 0, 1);
    cont_add(&d, late, 1, 0);
    cont_add(&d, late, 2, 0);
    cont_row rows[CONT_MAX_K];
    REQUIRE(cont_analyse(&d, rows) == 0);
    const cont_row *a = &rows[0], *b = &rows[1];
    CHECK(a->ply == 1 && b->ply == 21); /* by ply, whatever the order the columns came in */
    CHECK(a->games == 4 && a->continued == 8 && b->games == 3 && b->continued == 3);
    double t3 = gsl_cdf_tdist_Pinv(0.975, 3), t2 = gsl_cdf_tdist_Pinv(0.975, 2);
    /* ply 1: mean 0.5, sd of (0.5, 1, 0.5, 0) = sqrt(1/6) */
    double half = t3 * sqrt(1.0 / 6 / 4);
    CHECKF(fabs(a->white - 0.5) < 1e-12 && fabs(a->ci.lo - (0.5 - half)) < 1e-12 && fabs(a->ci.hi - (0.5 + half)) < 1e-12,
           "%.6f [%.6f, %.6f]", a->white, a->ci.lo, a->ci.hi);
    CHECK(fabs(a->played - 0.5) < 1e-12 && fabs(b->played - 2.0 / 3) < 1e-12); /* as played: the same games */
    /* ply 1 minus as played: -0.5, 0, 0.5, 0 */
    CHECK(a->vs_played.games == 4 && fabs(a->vs_played.diff) < 1e-12);
    CHECK(fabs(a->vs_played.ci.hi - t3 * sqrt((0.25 + 0.25) / 3 / 4)) < 1e-12);
    CHECK(!interval_ok(a->vs_first.ci)); /* the first ply against itself */
    /* ply 21 minus ply 1 over games 0..2: 0.5, -1, -0.5: mean -1/3 */
    double m = -1.0 / 3, v = ((0.5 - m) * (0.5 - m) + (-1 - m) * (-1 - m) + (-0.5 - m) * (-0.5 - m)) / 2;
    CHECKF(b->vs_first.games == 3 && fabs(b->vs_first.diff - m) < 1e-12 &&
               fabs(b->vs_first.ci.lo - (m - t2 * sqrt(v / 3))) < 1e-12,
           "%d games, %.6f", b->vs_first.games, b->vs_first.diff);
    /* ply 21 minus as played: 0, -1, 0 */
    CHECK(b->vs_played.games == 3 && fabs(b->vs_played.diff + 1.0 / 3) < 1e-12);
    cont_free(&d);
    /* one game: no interval */
    REQUIRE(cont_init(&d, 1, played) == 0);
    cont_add(&d, cont_column(&d, 5), 0, 1);
    REQUIRE(cont_analyse(&d, rows) == 0);
    CHECK(rows[0].games == 1 && rows[0].white == 1 && !interval_ok(rows[0].ci) && !interval_ok(rows[0].vs_played.ci));
    for (int k = 1; k < CONT_MAX_K; k++)
        CHECK(cont_column(&d, 5 + k) == k);
    CHECK(cont_column(&d, 999) == -1); /* full */
    cont_free(&d);
}

const test_case tests_continuation[] = {
    { "continuation_by_hand", continuation_by_hand },
    { NULL, NULL },
};
