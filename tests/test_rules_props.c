/* test_rules_props.c — properties every TZAAR game must have, checked over
 * random games from random, fixed and tournament setups: make/unmake
 * restores the position, the incremental hash and counts agree with a full
 * re-derivation, a capture never loses the capturer the game, every game
 * ends with a winner; and tz_pos_check() notices damaged incremental state.
 * The rules themselves, on hand-made positions: test_rules.c. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "engine/tzaar/make.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "engine/tzaar/setup.h"

/* Plays random games from random, fixed and tournament setups; at every
 * position makes and unmakes every legal action and compares. */
static void test_make_unmake(void)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, 0x3a4e);
    long checked = 0;
    int bad = 0;
    for (int game = 0; game < 60 && bad < 3; game++) {
        position p;
        tz_setup_make(&p, game % 3 == 0 ? SETUP_TOURNAMENT : game % 3 == 1 ? SETUP_RANDOM : SETUP_FIXED,
                   (uint64_t)game);
        for (int ply = 0; ply < 400 && bad < 3; ply++) {
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list);
            if (!n)
                break;
            for (int i = 0; i < n && bad < 3; i++) {
                position before = p;
                undo u;
                pos_make(&p, list[i], &u);
                const char *why = tz_pos_check(&p);
                if (why || p.hash != tz_pos_hash_full(&p)) {
                    char t[ACTION_TEXT_MAX];
                    tz_action_to_text(list[i], before.side, t);
                    CHECKF(0, "game %d ply %d after %s: %s", game, ply, t, why ? why : "hash");
                    bad++;
                }
                pos_unmake(&p, list[i], &u);
                /* the whole struct comes back byte for byte, in placement too */
                int same = !memcmp(&p, &before, sizeof p);
                if (!same || p.hash != before.hash) {
                    char t[ACTION_TEXT_MAX];
                    tz_action_to_text(list[i], before.side, t);
                    CHECKF(0, "game %d ply %d: unmake of %s does not restore the position", game, ply, t);
                    bad++;
                    p = before;
                }
                checked++;
            }
            undo u;
            pos_make(&p, list[xoshiro_below(&rng, (uint64_t)n)], &u);
        }
    }
    CHECK(checked > 100000);
}

/* Random games with a bias towards stacking (to reach tall stacks and
 * self-burials).  Checks, action by action:
 *   - the incremental hash and counts agree with a full re-derivation;
 *   - a capture never ends the game against the capturer, a stack never in
 *     the stacker's favour;
 *   - turns alternate as the rules say; an empty point stays empty;
 *   - every completed turn removed at least one enemy stack;
 *   - the game ends (no draws) with a winner, and tz_gen_actions() is empty
 *     exactly when tz_game_winner() names one. */
static void test_random_game_properties(void)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, 0xd1ce);
    int endings[3] = { 0, 0, 0 }, max_height = 0, max_actions = 0;
    for (int game = 0; game < 400; game++) {
        position p;
        tz_setup_make(&p, game % 4 == 3 ? SETUP_TOURNAMENT : SETUP_RANDOM, (uint64_t)game * 7919 + 1);
        int actions = 0, bias = game % 3;
        bitboard emptied = 0;
        int enemy_at_turn_start = -1;
        for (;;) {
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list), ending;
            int w = tz_game_winner(&p, &ending);
            REQUIRE((n == 0) == (w >= 0));
            if (!n) {
                endings[ending]++;
                CHECK(ending == END_TRINITY || ending == END_NO_CAPTURE);
                break;
            }
            REQUIRE(actions < 400); /* no endless games */
            if (p.phase == PHASE_OPENING || p.phase == PHASE_FIRST)
                enemy_at_turn_start = __builtin_popcountll(p.occ[p.side ^ 1]);
            action a = list[xoshiro_below(&rng, (uint64_t)n)];
            if (bias && p.phase == PHASE_SECOND) { /* prefer stacks */
                for (int i = 0; i < n; i++)
                    if (act_kind(list[i]) == ACT_STACK && (bias == 2 || xoshiro_below(&rng, 4) == 0)) {
                        a = list[i];
                        if (bias == 1 || xoshiro_below(&rng, 2))
                            break;
                    }
            }
            int side = p.side, phase = p.phase;
            undo u;
            pos_make(&p, a, &u);
            actions++;
            CHECK(tz_pos_check(&p) == NULL);
            CHECK(p.hash == tz_pos_hash_full(&p));
            if (act_kind(a) == ACT_CAPTURE)
                CHECK(p.winner == -1 || p.winner == side);
            if (act_kind(a) == ACT_STACK)
                CHECK(p.winner == -1 || p.winner == (side ^ 1));
            if (act_kind(a) == ACT_CAPTURE || act_kind(a) == ACT_STACK) {
                emptied |= 1ULL << act_from(a);
                CHECK(!((p.occ[WHITE] | p.occ[BLACK]) & emptied)); /* empty stays empty */
                int h = p.height[act_to(a)];
                max_height = h > max_height ? h : max_height;
            }
            if (p.winner < 0) {
                if (phase == PHASE_PLACE)
                    CHECK(p.phase == PHASE_PLACE ? p.side == (side ^ 1) : (p.phase == PHASE_OPENING && p.side == WHITE));
                else if (phase == PHASE_OPENING)
                    CHECK(p.side == BLACK && p.phase == PHASE_FIRST);
                else if (phase == PHASE_FIRST)
                    CHECK(p.side == side && p.phase == PHASE_SECOND);
                else
                    CHECK(p.side == (side ^ 1) && p.phase == PHASE_FIRST);
            }
            if ((phase == PHASE_OPENING || phase == PHASE_SECOND) && enemy_at_turn_start >= 0)
                CHECK(__builtin_popcountll(p.occ[side ^ 1]) < enemy_at_turn_start);
        }
        max_actions = actions > max_actions ? actions : max_actions;
    }
    /* the games covered both endings and tall stacks */
    CHECKF(endings[END_TRINITY] > 0 && endings[END_NO_CAPTURE] > 0, "endings: trinity %d, no capture %d",
           endings[END_TRINITY], endings[END_NO_CAPTURE]);
    CHECKF(max_height >= 10, "max height %d", max_height);
    CHECK(max_actions > 20);
}

/* pos_check catches what it promises to catch (so the checks above can fail). */
static void test_pos_check_detects(void)
{
    position p, q;
    int len = 0, c3 = tz_geo_parse_label("C3", &len), a5 = tz_geo_parse_label("A5", &len);
    tz_setup_fixed(&p);
    CHECK(tz_pos_check(&p) == NULL);
    q = p;
    q.hash ^= 1;
    CHECK(tz_pos_check(&q) != NULL);
    q = p;
    q.count[WHITE][TOTT]--;
    CHECK(tz_pos_check(&q) != NULL);
    q = p;
    q.height[c3] = 2;
    CHECK(tz_pos_check(&q) != NULL); /* hash no longer matches */
    q = p;
    q.height[c3] = 0;
    CHECK(tz_pos_check(&q) != NULL);
    q = p;
    q.occ[BLACK] |= 1ULL << a5;
    CHECK(tz_pos_check(&q) != NULL);
    CHECK(tz_pos_hash_full(&p) == p.hash);
    q = p;
    q.side = BLACK;
    CHECK(tz_pos_hash_full(&q) != p.hash); /* the side to act is part of the hash */
    q = p;
    q.phase = PHASE_FIRST;
    CHECK(tz_pos_hash_full(&q) != p.hash);
}

const test_case tests_rules_props[] = {
    { "rules_make_unmake", test_make_unmake },
    { "rules_random_game_properties", test_random_game_properties },
    { "rules_pos_check_detects", test_pos_check_detects },
    { NULL, NULL },
};
