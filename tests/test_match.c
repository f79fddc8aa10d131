/* test_match.c — pairing games into pentanomial counts, the SPRT stop, and
 * the --sprt parser. */
#include <math.h>
#include <string.h>
#include "engine/tzaar/position.h"
#include "eval/match.h"
#include "check.h"

static int feed(match_tally *t, uint64_t id, int winner)
{
    static rec_game g;
    memset(&g, 0, sizeof g);
    g.id = id;
    g.rotation = id & 1;
    g.ending = 1;
    g.scores[winner] = 1;
    return match_on_game(&g, t);
}

static void pairs_become_pentanomial_counts(void)
{
    match_tally t;
    REQUIRE(match_tally_init(&t, 2, 8, NULL) == 0);
    /* Setup 0: A (White in game 0, Black in game 1) wins both. */
    feed(&t, 1, BLACK);
    feed(&t, 0, WHITE);
    /* Setup 1: White wins both: A wins one, loses one. */
    feed(&t, 2, WHITE);
    feed(&t, 3, WHITE);
    /* Setup 2: A loses both. */
    feed(&t, 4, BLACK);
    feed(&t, 5, WHITE);
    /* Setup 3: one game only so far. */
    feed(&t, 7, BLACK);
    CHECK(t.games == 7 && t.a_wins == 4);
    CHECK(t.penta[0] == 1 && t.penta[1] == 0 && t.penta[2] == 1 && t.penta[3] == 0 && t.penta[4] == 1);
    match_tally_free(&t);
}

/* A shared first place is half a point: setup 0 is one draw and one A win
 * (3 half-points: pentanomial index 3). */
static void a_tie_is_half_a_point(void)
{
    match_tally t;
    REQUIRE(match_tally_init(&t, 2, 4, NULL) == 0);
    static rec_game g;
    memset(&g, 0, sizeof g);
    g.scores[0] = g.scores[1] = 1; /* game 0: shared first */
    match_on_game(&g, &t);
    g.id = 1, g.rotation = 1, g.scores[0] = 0; /* game 1: A in seat 1 wins */
    match_on_game(&g, &t);
    CHECK(t.games == 2 && t.a_wins == 1 && t.a_points == 1.5);
    CHECK(t.penta[3] == 1 && t.penta[0] + t.penta[1] + t.penta[2] + t.penta[4] == 0);
    match_tally_free(&t);
}

/* Three players: A in seat r of game 3k + r.  Setup 0: A scores 6 of 12,
 * then 0 of 6, then 3 of 9 (shares 1/2, 0, 1/3; ranks 1, 3, 2).  Setup 1:
 * A scores a third of the points every time (shares 1/3, tied first).  The
 * estimates are over setups: share (5/18 + 1/3) / 2, a t interval from two
 * setup means; setup 2 is incomplete and left out. */
static void three_players_are_scored_by_setup(void)
{
    static const double scores[6][3] = {
        { 6, 4, 2 }, { 3, 0, 3 }, { 4, 2, 3 }, /* A in seat 0, 1, 2 */
        { 2, 2, 2 }, { 1, 1, 1 }, { 5, 5, 5 },
    };
    match_tally t;
    REQUIRE(match_tally_init(&t, 3, 9, NULL) == 0);
    static rec_game g;
    for (int i = 0; i < 7; i++) {
        memset(&g, 0, sizeof g);
        g.id = (uint64_t)i;
        g.rotation = i % 3;
        for (int j = 0; j < 3; j++)
            g.scores[j] = i < 6 ? scores[i][j] : j == 1;
        CHECK(match_on_game(&g, &t) == 0);
    }
    match_nway e = match_nway_estimate(&t);
    double s0 = (0.5 + 0 + 1.0 / 3) / 3, s1 = 1.0 / 3;
    CHECK(t.games == 7 && e.setups == 2);
    CHECKF(fabs(e.share - (s0 + s1) / 2) < 1e-12, "share %g", e.share);
    CHECKF(fabs(e.rank - (2 + 1) / 2.0) < 1e-12, "rank %g", e.rank); /* setup 0: ranks 1, 3, 2 */
    CHECK(e.share_ci.lo < e.share && e.share < e.share_ci.hi);
    /* two setups: half width t(0.975, 1) * |s0 - s1| / 2 = 12.706 * |s0 - s1| / 2 */
    CHECKF(fabs((e.share_ci.hi - e.share_ci.lo) / 2 - 12.7062047 * fabs(s0 - s1) / 2) < 1e-6, "ci [%g, %g]",
           e.share_ci.lo, e.share_ci.hi);
    CHECK(t.ranks[0] == 4 && t.ranks[1] == 2 && t.ranks[2] == 1); /* game 6: A (seat 0) second, 0 of 1 */
    match_tally_free(&t);
}

static void sprt_stops_a_one_sided_match(void)
{
    match_sprt s = { 0, 10, 0.05, 0.05, SPRT_NORMALIZED };
    match_tally t;
    REQUIRE(match_tally_init(&t, 2, 2000, &s) == 0);
    int stopped_at = -1;
    for (uint64_t k = 0; k < 1000 && stopped_at < 0; k++) {
        /* A wins 3 setups of 4 outright and splits the fourth. */
        int a_both = k % 4 != 3;
        feed(&t, 2 * k, a_both ? WHITE : WHITE);
        if (feed(&t, 2 * k + 1, a_both ? BLACK : WHITE))
            stopped_at = (int)k;
    }
    CHECKF(stopped_at > 0 && stopped_at < 100, "stopped at pair %d", stopped_at);
    CHECK(t.last.decision == 1 && t.last.llr >= t.last.upper);
    match_tally_free(&t);
}

static void sprt_spec_parsing(void)
{
    match_sprt s;
    char err[200];
    CHECK(match_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05", &s, err, sizeof err) == 0);
    CHECK(s.elo0 == 0 && s.elo1 == 10 && s.alpha == 0.05 && s.beta == 0.05);
    CHECK(match_sprt_parse("elo1=5", &s, err, sizeof err) == 0 && s.elo1 == 5 && s.elo0 == 0);
    CHECK(match_sprt_parse("elo0=0,elo2=3", &s, err, sizeof err) == -1 && strstr(err, "elo2"));
    CHECK(match_sprt_parse("elo0=5,elo1=5", &s, err, sizeof err) == -1);
    CHECK(match_sprt_parse("elo0=0;elo1=5", &s, err, sizeof err) == -1 && strstr(err, "offset"));
    CHECK(match_sprt_parse("alpha=0.7", &s, err, sizeof err) == -1);
    /* the ranges of sprt.h: no infinite bound, no hypothesis past 1000 Elo */
    CHECK(match_sprt_parse("alpha=1e-310", &s, err, sizeof err) == -1 && strstr(err, "alpha '1e-310'"));
    CHECK(match_sprt_parse("beta=0.5", &s, err, sizeof err) == -1 && strstr(err, "to below 0.5"));
    CHECK(match_sprt_parse("alpha=1e-6,beta=0.4999", &s, err, sizeof err) == 0 && s.alpha == 1e-6);
    CHECK(match_sprt_parse("elo1=1e308", &s, err, sizeof err) == -1 && strstr(err, "from -1000 to 1000"));
    CHECK(match_sprt_parse("elo0=-1000,elo1=1000", &s, err, sizeof err) == 0 && s.elo0 == -1000);
    CHECK(match_sprt_parse("elo0=-10,elo1=-5", &s, err, sizeof err) == 0 && s.elo1 == -5);
    CHECK(match_sprt_parse("elo1=inf", &s, err, sizeof err) == -1);
    CHECK(match_sprt_parse("elo0=nan", &s, err, sizeof err) == -1);
    CHECK(match_sprt_parse("elo0=0,elo1=10,elo1=20", &s, err, sizeof err) == -1 && strstr(err, "elo1 given twice"));
    CHECK(match_sprt_parse("model=logistic,model=logistic", &s, err, sizeof err) == -1 && strstr(err, "twice"));
    CHECK(match_sprt_parse("elo0=20", &s, err, sizeof err) == -1 && strstr(err, "elo0 (20) must be below elo1 (10)"));
}

const test_case tests_match[] = {
    { "match_pentanomial_pairs", pairs_become_pentanomial_counts },
    { "match_a_tie_is_half_a_point", a_tie_is_half_a_point },
    { "match_three_players_by_setup", three_players_are_scored_by_setup },
    { "match_sprt_stops", sprt_stops_a_one_sided_match },
    { "match_sprt_parse", sprt_spec_parsing },
    { NULL, NULL },
};
