/* test_perft.c — perft from the fixed setup against the rules page's figures,
 * perft against perft_bulk on random positions, and the edge cases (a
 * finished game, depth 0, the placement phase).  Depths stay small: the suite
 * also runs under the sanitizers with the debug re-derivation. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/perft.h"
#include "engine/tzaar/position.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"

static void test_fixed_perft(void)
{
    static const uint64_t want[] = { 1, 42, 1797, 260556, 11010135 };
    position p, start;
    tz_setup_fixed(&p);
    start = p;
    for (int d = 0; d <= 3; d++) {
        uint64_t n = tz_perft(&p, d);
        CHECKF(n == want[d], "perft %d = %llu, expected %llu", d, (unsigned long long)n,
               (unsigned long long)want[d]);
        n = tz_perft_bulk(&p, d);
        CHECKF(n == want[d], "perft_bulk %d = %llu, expected %llu", d, (unsigned long long)n,
               (unsigned long long)want[d]);
    }
    /* Depth 4 with bulk counting makes the 260,556 depth-3 positions only,
     * cheap enough everywhere; the full make/unmake depth 4 (11 M actions)
     * is left to optimised builds, where it takes a fraction of a second. */
    uint64_t n = tz_perft_bulk(&p, 4);
    CHECKF(n == want[4], "perft_bulk 4 = %llu", (unsigned long long)n);
#ifndef TRIAD_DEBUG
    n = tz_perft(&p, 4);
    CHECKF(n == want[4], "perft 4 = %llu", (unsigned long long)n);
#endif
    CHECK(!memcmp(&p, &start, sizeof p)); /* perft leaves the position as it found it */
}

/* tz_perft(d) is the sum over the legal actions of tz_perft(d - 1) of the child. */
static uint64_t divide_sum(position *p, int depth)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(p, list[i], &u);
        sum += tz_perft(p, depth - 1);
        pos_unmake(p, list[i], &u);
    }
    return sum;
}

static void test_perft_vs_bulk(void)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, 0xb01c);
    int compared = 0, deep = 0, phases[4] = { 0 };
    for (int game = 0; game < 24; game++) {
        position p;
        tz_setup_make(&p, game % 4 == 3 ? SETUP_TOURNAMENT : SETUP_RANDOM, (uint64_t)game * 31 + 7);
        /* stop somewhere in the game (or in the placement) */
        int stop = (int)xoshiro_below(&rng, game % 4 == 3 ? 70 : 40);
        for (int ply = 0; ply < stop; ply++) {
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list);
            if (!n)
                break;
            undo u;
            pos_make(&p, list[xoshiro_below(&rng, (uint64_t)n)], &u);
        }
        /* depth 3 where the tree stays small (the suite also runs under
         * the sanitizers), else 2 */
        int depth = tz_perft_bulk(&p, 2) <= 2500 ? 3 : 2;
        position before = p;
        uint64_t a = tz_perft(&p, depth), b = tz_perft_bulk(&p, depth), c = divide_sum(&p, depth);
        char t[POS_TEXT_MAX];
        tz_pos_to_text(&p, t, sizeof t);
        CHECKF(a == b && a == c, "'%s' depth %d: perft %llu, bulk %llu, divide %llu", t, depth,
               (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
        CHECKF(!memcmp(&p, &before, sizeof p), "phase %d: perft changed the position", p.phase);
        action list[MAX_ACTIONS];
        CHECK(tz_perft(&p, 1) == (uint64_t)tz_gen_actions(&p, list));
        CHECK(tz_perft_bulk(&p, 1) == tz_perft(&p, 1));
        compared++;
        deep += depth == 3;
        phases[p.phase]++;
    }
    CHECK(compared == 24);
    CHECKF(deep >= 6, "only %d positions compared at depth 3", deep);
    CHECKF(phases[PHASE_PLACE] > 0 && phases[PHASE_FIRST] + phases[PHASE_SECOND] > 0, "phases %d %d %d %d",
           phases[0], phases[1], phases[2], phases[3]);
}

static void test_perft_placement(void)
{
    /* An empty board: White has 60 points x 3 types, then Black 59 x 3. */
    position p;
    tz_setup_tournament(&p);
    CHECK(tz_perft(&p, 1) == 180);
    CHECK(tz_perft(&p, 2) == 180 * 177);
    CHECK(tz_perft_bulk(&p, 2) == 180 * 177);
    /* Last piece to place: Black has one Tott left and one empty point. */
    char err[300];
    REQUIRE(tz_pos_from_text(&p, "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCcccc. b p", err,
                          sizeof err) == 0);
    CHECK(tz_perft(&p, 1) == 1);
    /* after it, the opening position of the fixed setup: 42 captures */
    CHECK(tz_perft(&p, 2) == 42);
    CHECK(tz_perft_bulk(&p, 3) == 1797);
}

static void test_perft_finished(void)
{
    position p;
    char err[300];
    /* Black has no Tzaar on top: lost by the trinity rule */
    REQUIRE(tz_pos_from_text(&p, "abc.......................................................BC w 1", err,
                          sizeof err) == 0);
    REQUIRE(tz_game_winner(&p, NULL) == WHITE);
    for (int d = 1; d <= 3; d++) {
        CHECKF(tz_perft(&p, d) == 0, "depth %d", d);
        CHECKF(tz_perft_bulk(&p, d) == 0, "bulk depth %d", d);
    }
    CHECK(tz_perft(&p, 0) == 1 && tz_perft_bulk(&p, 0) == 1);
    /* White to start a turn without a capture (singles against pairs) */
    REQUIRE(tz_pos_from_text(&p, "abc......................................................A2B2C2 w 1", err,
                          sizeof err) == 0);
    REQUIRE(tz_game_winner(&p, NULL) == BLACK);
    for (int d = 1; d <= 3; d++) {
        CHECKF(tz_perft(&p, d) == 0, "depth %d", d);
        CHECKF(tz_perft_bulk(&p, d) == 0, "bulk depth %d", d);
    }
    CHECK(tz_perft(&p, 0) == 1 && tz_perft_bulk(&p, 0) == 1);
    /* the same board as a second action is not over: pass and White's stacks */
    REQUIRE(tz_pos_from_text(&p, "abc......................................................A2B2C2 w 2", err,
                          sizeof err) == 0);
    CHECK(tz_game_winner(&p, NULL) == -1);
    /* A5+A4, A4+A5, A4+A3, A3+A4 (nothing else is on their lines) and pass */
    CHECK(tz_perft(&p, 1) == 5);
}

const test_case tests_perft[] = {
    { "perft_fixed", test_fixed_perft },
    { "perft_vs_bulk", test_perft_vs_bulk },
    { "perft_placement", test_perft_placement },
    { "perft_finished", test_perft_finished },
    { NULL, NULL },
};
