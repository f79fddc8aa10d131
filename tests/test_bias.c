/* test_bias.c — the bias study on constructed games with known answers. */
#include <math.h>
#include <string.h>
#include "games/tzaar/geometry.h"
#include "games/tzaar/setup.h"
#include "eval/bias.h"
#include "check.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

/* A finished game as the bias study sees it: only the fields it reads. */
static void add(bias_data *d, int setup, uint64_t id, int winner, int turns, int ending, bool paired)
{
    static rec_game g;
    memset(&g, 0, sizeof g);
    g.id = id;
    g.setup = setup;
    g.rotation = paired && (id & 1);
    setup_make((position *)(void *)g.start, setup, id / 2 + 1);
    if (winner >= 0)
        g.scores[winner] = 1;
    g.ending = ending;
    g.turns = turns;
    CHECK(bias_add_game(d, &g, paired) == 0);
}

/* 100 pairs in which White wins both games: White's score 1, no setup
 * effect at all (every arrangement wins once and loses once). */
static void white_always_wins(void)
{
    bias_data d;
    bias_init(&d);
    for (uint64_t id = 0; id < 200; id++)
        add(&d, SETUP_RANDOM, id, WHITE, 20, END_TRINITY, true);
    REQUIRE(bias_end_file(&d) == 0);
    bias_result r;
    char err[128];
    REQUIRE(bias_analyse(&d, 200, 1, &r, err, sizeof err) == 0);
    const bias_kind_result *k = &r.kind[SETUP_RANDOM];
    CHECK(k->games == 200 && k->white_score == 1);
    CHECK(k->pairs == 100 && k->white_penta[4] == 100 && k->holder_penta[2] == 100);
    CHECKF(NEAR(k->setup_var, 0, 1e-12), "%f", k->setup_var);
    CHECKF(NEAR(k->one_sided, 0, 1e-12), "%f", k->one_sided);
    CHECK(NEAR(k->ci.hi, 1, 1e-12) && k->ci.lo > 0.98 && k->ci.lo < 0.99); /* 200/(200+z^2) */
    CHECK(NEAR(k->mean_turns, 20, 1e-12) && k->sd_turns == 0 && k->endings[END_TRINITY] == 200);
    CHECK(!r.kind[SETUP_FIXED].games && !r.has_diff[0]);
    bias_free(&d);
}

/* The arrangement decides every game: in half the pairs game 1's White
 * arrangement wins both games, in the other half it loses both. */
static void setup_decides_everything(void)
{
    bias_data d;
    bias_init(&d);
    for (uint64_t k = 0; k < 100; k++) {
        int holder_wins = k < 50;
        add(&d, SETUP_RANDOM, 2 * k, holder_wins ? WHITE : BLACK, 30, END_TRINITY, true);
        /* game 2: the holder's pieces are Black's */
        add(&d, SETUP_RANDOM, 2 * k + 1, holder_wins ? BLACK : WHITE, 30, END_TRINITY, true);
    }
    REQUIRE(bias_end_file(&d) == 0);
    bias_result r;
    char err[128];
    REQUIRE(bias_analyse(&d, 500, 7, &r, err, sizeof err) == 0);
    const bias_kind_result *s = &r.kind[SETUP_RANDOM];
    CHECK(NEAR(s->white_score, 0.5, 1e-12));
    CHECK(s->holder_penta[0] == 50 && s->holder_penta[4] == 50 && s->white_penta[2] == 100);
    /* var(a) = .25 * 100/99; setup variance = 2 var(a) - .25 */
    CHECKF(NEAR(s->setup_var, 2 * 0.25 * 100 / 99 - 0.25, 1e-12), "%f", s->setup_var);
    CHECK(NEAR(s->one_sided_observed, 1, 1e-12) && NEAR(s->one_sided_expected, 0.5, 1e-12));
    CHECK(NEAR(s->one_sided, 1, 1e-12));
    CHECK(s->setup_var_ci.lo <= s->setup_var && s->setup_var <= s->setup_var_ci.hi);
    bias_free(&d);
}

/* Two kinds with known scores: the difference and its test. */
static void kinds_compared(void)
{
    bias_data d;
    bias_init(&d);
    for (uint64_t id = 0; id < 80; id++)
        add(&d, SETUP_RANDOM, id, id < 48 ? WHITE : BLACK, 25, id % 4 ? END_TRINITY : END_NO_CAPTURE, false);
    for (uint64_t id = 0; id < 70; id++)
        add(&d, SETUP_FIXED, id, id < 56 ? WHITE : BLACK, 15 + (int)(id % 2) * 10, END_TRINITY, false);
    REQUIRE(bias_end_file(&d) == 0);
    bias_result r;
    char err[128];
    REQUIRE(bias_analyse(&d, 100, 1, &r, err, sizeof err) == 0);
    CHECK(r.kind[SETUP_RANDOM].pairs == 0 && r.kind[SETUP_RANDOM].endings[END_NO_CAPTURE] == 20);
    CHECK(NEAR(r.kind[SETUP_FIXED].mean_turns, 20, 1e-12));
    CHECK(NEAR(r.kind[SETUP_FIXED].sd_turns, sqrt(25.0 * 70 / 69), 1e-9));
    /* fixed - random in Newcombe's example order is 56/70 - 48/80; ours is
     * random - fixed, so the interval is mirrored: [-.3339, -.0524]. */
    REQUIRE(r.has_diff[0]);
    CHECK(NEAR(r.diff[0].diff, -0.2, 1e-12));
    CHECKF(NEAR(r.diff[0].ci.lo, -0.3339, 1e-4) && NEAR(r.diff[0].ci.hi, -0.0524, 1e-4), "[%f, %f]",
           r.diff[0].ci.lo, r.diff[0].ci.hi);
    CHECK(!r.has_diff[1] && !r.has_diff[2]);
    bias_free(&d);
}

static void empty_records_are_an_error(void)
{
    bias_data d;
    bias_init(&d);
    bias_result r;
    char err[128] = "";
    CHECK(bias_analyse(&d, 100, 1, &r, err, sizeof err) == -1 && err[0]);
    bias_free(&d);
}

/* The start features on the fixed setup: the 60-degree rotation swaps the
 * colours, so every White-minus-Black difference is zero. */
static void start_features_of_fixed_setup(void)
{
    position p;
    setup_fixed(&p);
    double f[START_FEATURES];
    start_features(&p, f);
    for (int i = 0; i < START_FEATURES; i++)
        CHECKF(f[i] == 0, "%s = %f", start_feature_names[i], f[i]);
    /* By hand: a White Tzaar on E4 (next to the hole) touching Black Totts on
     * E3 and F4 (F4 also next to the hole); a Black Tzarra on the corner A1
     * touching a White Tott on B2. */
    pos_clear(&p);
    pos_put(&p, geo_from_label(4, 4), WHITE, TZAAR, 1);
    pos_put(&p, geo_from_label(4, 3), BLACK, TOTT, 1);
    pos_put(&p, geo_from_label(5, 4), BLACK, TOTT, 1);
    pos_put(&p, geo_from_label(0, 1), BLACK, TZARRA, 1);
    pos_put(&p, geo_from_label(1, 2), WHITE, TOTT, 1);
    pos_finish(&p, WHITE, PHASE_FIRST);
    start_features(&p, f);
    CHECK(f[SF_TZAAR_CONTACT] == 2 && f[SF_TZAAR_EXPOSED] == 1 && f[SF_TZARRA_EXPOSED] == -1);
    CHECK(f[SF_RIM] == -1 && f[SF_TZAAR_RIM] == 0 && f[SF_INNER] == 0);
}

const test_case tests_bias[] = {
    { "bias_white_always_wins", white_always_wins },
    { "bias_setup_decides", setup_decides_everything },
    { "bias_kinds_compared", kinds_compared },
    { "bias_empty", empty_records_are_an_error },
    { "bias_start_features_fixed", start_features_of_fixed_setup },
    { NULL, NULL },
};
