/* test_match.c — pairing games into pentanomial counts, the SPRT stop, and
 * the --sprt parser. */
#include <string.h>
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
    REQUIRE(match_tally_init(&t, 8, NULL) == 0);
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

static void sprt_stops_a_one_sided_match(void)
{
    match_sprt s = { 0, 10, 0.05, 0.05 };
    match_tally t;
    REQUIRE(match_tally_init(&t, 2000, &s) == 0);
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
}

const test_case tests_match[] = {
    { "match_pentanomial_pairs", pairs_become_pentanomial_counts },
    { "match_sprt_stops", sprt_stops_a_one_sided_match },
    { "match_sprt_parse", sprt_spec_parsing },
    { NULL, NULL },
};
