/* test_oracle.c — the endgame oracle (eval/oracle.h) through TZAAR's solver
 * hook: its split of lost games checked against the exhaustive reference
 * (solve_ref.h) at every turn start of games played at random from small
 * positions, and its budget, unfinished games, illegal actions and games
 * without a solver. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "eval/oracle.h"
#include "eval/oracle_summary.h"
#include "engine/game.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/setup.h"
#include "solve_ref.h"

#define MAX_GAME 256

/* A game played at random from start to its end: its actions, count in *n. */
static void play_random(const game_def *g, xoshiro256 *r, const void *start, game_action *actions, int *n)
{
    unsigned char s[sizeof(tz_state)];
    game_action legal[MAX_ACTIONS];
    memcpy(s, start, g->state_size);
    *n = 0;
    while (!g->over(s) && *n < MAX_GAME) {
        int m = g->legal(s, legal);
        actions[(*n)++] = legal[xoshiro_below(r, (uint64_t)m)];
        g->apply(s, actions[*n - 1]);
    }
}

static void state_of(const position *p, tz_state *st)
{
    memset(st, 0, sizeof *st);
    st->pos = *p;
}

/* The oracle's split computed from the reference: the winner with perfect
 * play at every turn start (ply 0 and every ply whose side to act differs
 * from the previous ply's).  Returns false when a turn start is too big
 * for the reference. */
typedef struct expected {
    int cls, winner, first_winner, blunder_ply, blunder_end, boundaries;
} expected;

static bool reference_split(const position *start, const game_action *actions, int n, expected *e)
{
    position p = *start;
    int plies[MAX_GAME + 1], winners[MAX_GAME + 1], k = 0, prev = -1;
    for (int i = 0; i <= n; i++) {
        if (tz_game_winner(&p, NULL) < 0 && p.side != prev) {
            ref rf = { 0, 200000 };
            int d;
            plies[k] = i;
            winners[k] = ref_solve(&rf, &p, &d);
            if (winners[k] < 0)
                return false;
            k++;
            prev = p.side;
        }
        if (i < n) {
            undo u;
            pos_make(&p, (action)actions[i], &u);
        }
    }
    e->boundaries = k;
    e->winner = tz_game_winner(&p, NULL);
    e->first_winner = k ? winners[0] : e->winner; /* over at the start: lost there */
    e->cls = ORACLE_ALREADY_LOST;
    e->blunder_ply = e->blunder_end = -1;
    for (int b = k - 1; b >= 0; b--)
        if (winners[b] != e->winner) {
            e->cls = ORACLE_LOST_BY_PLAY;
            e->blunder_ply = plies[b];
            e->blunder_end = b + 1 < k ? plies[b + 1] : n;
            break;
        }
    return true;
}

/* Games played at random from small positions, classified with no node
 * limit: every turn start is proven, and the class, the first solvable
 * position's winner and the turn that lost a won position are the
 * reference's. */
static void test_solve_oracle_matches_reference(void)
{
    char err[200];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g && g->solver);
    void *solver = g->solver->create(8u << 20, err, sizeof err);
    REQUIRE(solver);
    xoshiro256 r;
    xoshiro_seed(&r, 321);
    int checked = 0, by_class[2] = { 0 }, by_loser[2] = { 0 };
    for (int i = 0; i < 300; i++) {
        position p;
        random_small(&r, &p, 6, i & 4, i & 1, i & 2 ? PHASE_SECOND : PHASE_FIRST);
        tz_state st;
        state_of(&p, &st);
        game_action actions[MAX_GAME];
        int n;
        play_random(g, &r, &st, actions, &n);
        expected e;
        if (!reference_split(&p, actions, n, &e))
            continue;
        oracle_game og;
        REQUIRE(oracle_classify(g, solver, &st, actions, n, 0, &og, err, sizeof err) == 0);
        checked++;
        CHECKF(og.cls == e.cls && og.winner == e.winner && og.loser == (e.winner ^ 1),
               "game %d: %s, won by %d; the reference: %s, won by %d", i, oracle_class_name(og.cls), og.winner,
               oracle_class_name(e.cls), e.winner);
        CHECKF(og.plies == n && og.boundaries == e.boundaries && og.solved == e.boundaries && og.first_ply == 0,
               "game %d: %d plies, %d of %d turn starts proven (the reference %d), first at %d", i, og.plies,
               og.solved, og.boundaries, e.boundaries, og.first_ply);
        CHECKF(og.first_winner == e.first_winner && og.first_distance >= (n > 0), "game %d: first winner %d, want %d",
               i, og.first_winner, e.first_winner);
        CHECKF(og.blunder_ply == e.blunder_ply && og.blunder_end == e.blunder_end,
               "game %d: the lost turn %d-%d, the reference %d-%d", i, og.blunder_ply, og.blunder_end,
               e.blunder_ply, e.blunder_end);
        if (og.cls <= ORACLE_LOST_BY_PLAY) {
            by_class[og.cls]++;
            by_loser[og.loser]++;
        }
        /* The table is cleared per game: the same game, the same answer. */
        oracle_game again;
        REQUIRE(oracle_classify(g, solver, &st, actions, n, 0, &again, err, sizeof err) == 0);
        CHECKF(!memcmp(&og, &again, sizeof og), "game %d: a second classification differs", i);
    }
    CHECKF(checked >= 250, "only %d games checked", checked);
    CHECKF(by_class[ORACLE_ALREADY_LOST] >= 30 && by_class[ORACLE_LOST_BY_PLAY] >= 30,
           "too one-sided a sample: %d already lost, %d lost by play", by_class[0], by_class[1]);
    CHECKF(by_loser[WHITE] >= 30 && by_loser[BLACK] >= 30, "losers: %d White, %d Black", by_loser[0], by_loser[1]);
    g->solver->destroy(solver);
}

/* Whole games from random setups: a small budget proves the last turn
 * starts only (the first solvable position comes late), a budget of one
 * node sometimes none (unsolved); a game cut short is unfinished; an
 * illegal action and a game without a solver are refused. */
static void test_solve_oracle_budget_and_refusals(void)
{
    char err[200];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g && g->solver);
    void *solver = g->solver->create(8u << 20, err, sizeof err);
    REQUIRE(solver);
    xoshiro256 r;
    xoshiro_seed(&r, 99);
    int late = 0, unsolved = 0;
    for (int i = 0; i < 40; i++) {
        tz_state st;
        position p;
        tz_setup_make(&p, SETUP_RANDOM, xoshiro_next(&r));
        state_of(&p, &st);
        game_action actions[MAX_GAME];
        int n;
        play_random(g, &r, &st, actions, &n);
        REQUIRE(g->over(&st) == false && n < MAX_GAME);
        oracle_game og, one;
        REQUIRE(oracle_classify(g, solver, &st, actions, n, 2000, &og, err, sizeof err) == 0);
        CHECKF(og.cls != ORACLE_UNFINISHED && og.nodes <= (uint64_t)2000 * (uint64_t)og.boundaries,
               "game %d: %s, %llu nodes", i, oracle_class_name(og.cls), (unsigned long long)og.nodes);
        if (og.cls != ORACLE_UNSOLVED) {
            CHECKF(og.solved >= 1 && og.solved < og.boundaries && og.first_ply > 0,
                   "game %d: %d of %d proven from ply %d with 2000 nodes", i, og.solved, og.boundaries,
                   og.first_ply);
            late += og.first_ply > 0;
            /* the seat to act at the first solvable position, as the replay has it */
            unsigned char at[sizeof(tz_state)];
            memcpy(at, &st, g->state_size);
            for (int a = 0; a < og.first_ply; a++)
                g->apply(at, actions[a]);
            CHECKF(og.first_to_act == g->to_act(at), "game %d: first_to_act %d, the replay %d", i, og.first_to_act,
                   g->to_act(at));
        } else
            CHECK(og.first_to_act == -1);
        REQUIRE(oracle_classify(g, solver, &st, actions, n, 1, &one, err, sizeof err) == 0);
        CHECKF(one.solved <= og.solved, "game %d: 1 node proved %d, 2000 nodes %d", i, one.solved, og.solved);
        if (one.cls == ORACLE_UNSOLVED) {
            unsolved++;
            CHECK(one.solved == 0 && one.first_ply == -1 && one.first_winner == -1 && one.blunder_ply == -1);
        }
        if (i == 0) {
            /* Cut short: no winner. */
            REQUIRE(oracle_classify(g, solver, &st, actions, n - 1, 0, &one, err, sizeof err) == 0);
            CHECK(one.cls == ORACLE_UNFINISHED && one.winner == -1 && one.loser == -1);
            /* An action that is not legal where it stands: the second
             * action played again at the first ply. */
            game_action bad[MAX_GAME];
            memcpy(bad, actions, sizeof bad);
            bad[2] = bad[1];
            CHECK(oracle_classify(g, solver, &st, bad, n, 0, &one, err, sizeof err) == -1 &&
                  strstr(err, "action 3"));
        }
    }
    CHECKF(late >= 20 && unsolved >= 1, "%d games first solvable late, %d unsolved with 1 node", late, unsolved);
    g->solver->destroy(solver);
    const game_def *talat = game_find("talat", err, sizeof err);
    REQUIRE(talat && !talat->solver);
    unsigned char s[8192];
    REQUIRE(talat->state_size <= sizeof s);
    oracle_game og;
    CHECK(oracle_classify(talat, (void *)1, s, NULL, 0, 0, &og, err, sizeof err) == -1 && strstr(err, "no solver"));
}

static oracle_game made(int cls, int winner, int first_winner, int first_to_act, int plies, int first_ply, int dist)
{
    oracle_game g = { 0 };
    g.cls = cls, g.winner = winner, g.loser = winner < 0 ? -1 : winner ^ 1, g.plies = plies;
    g.first_ply = first_ply, g.first_winner = first_winner, g.first_to_act = first_to_act, g.first_distance = dist;
    return g;
}

/* The summary's readings on games set by hand: a seat's wins held are the
 * games whose first solvable position it wins (not its losses), the class
 * by who acts there, the spreads (the distance from the end is plies -
 * first_ply, not the proof's bound), unsolved and unfinished games apart. */
static void oracle_summary_by_hand(void)
{
    oracle_summary s;
    oracle_summary_init(&s);
    /* White (0) holds 4 wins at the first solvable position and loses 1 of them; Black holds 3, loses 2 */
    oracle_game g[] = {
        made(ORACLE_ALREADY_LOST, 0, 0, 0, 50, 40, 12), made(ORACLE_ALREADY_LOST, 0, 0, 0, 52, 44, 8),
        made(ORACLE_ALREADY_LOST, 0, 0, 0, 48, 40, 10), made(ORACLE_LOST_BY_PLAY, 1, 0, 0, 51, 41, 14),
        made(ORACLE_ALREADY_LOST, 1, 1, 1, 60, 55, 6), made(ORACLE_LOST_BY_PLAY, 0, 1, 1, 40, 30, 20),
        made(ORACLE_LOST_BY_PLAY, 0, 1, 0, 44, 42, 2), made(ORACLE_UNSOLVED, 1, -1, -1, 30, -1, -1),
        made(ORACLE_UNFINISHED, -1, -1, -1, 10, -1, -1),
    };
    for (size_t i = 0; i < sizeof g / sizeof *g; i++)
        CHECK(oracle_summary_add(&s, &g[i], 100 + i) == 0);
    oracle_summary_result r;
    REQUIRE(oracle_summary_report(&s, &r) == 0);
    CHECK(s.games == 9 && s.unfinished == 1 && s.by_loser[1][ORACLE_ALREADY_LOST] == 3 &&
          s.by_loser[0][ORACLE_LOST_BY_PLAY] == 1 && s.by_loser[1][ORACLE_LOST_BY_PLAY] == 2 &&
          s.by_loser[0][ORACLE_UNSOLVED] == 1);
    CHECK(r.held[0].games == 4 && r.held[0].lost == 1 && fabs(r.held[0].share - 0.25) < 1e-12);
    CHECK(r.held[1].games == 3 && r.held[1].lost == 2 && fabs(r.held[1].share - 2.0 / 3) < 1e-12);
    CHECK(interval_ok(r.held[0].ci) && r.held[0].ci.lo < 0.25 && r.held[0].ci.hi > 0.25 && r.diff_ok);
    CHECK(fabs(r.held_diff.diff - (0.25 - 2.0 / 3)) < 1e-12 && r.held_diff.p_value > 0 && r.held_diff.p_value < 1);
    /* the loser to act at the first solvable position: games 3 (White lost, White to act) and 6 (Black lost, Black to act) */
    CHECK(s.loser_first[ORACLE_LOST_BY_PLAY] == 2 && s.loser_first[ORACLE_ALREADY_LOST] == 0);
    CHECK(s.winner_first[ORACLE_ALREADY_LOST] == 4 && s.winner_first[ORACLE_LOST_BY_PLAY] == 1);
    /* from the end: 10 8 8 10 5 10 2: median 8; the first ply 40 44 40 41 55 30 42: median 41 */
    CHECK(r.from_end.n == 7 && r.from_end.min == 2 && r.from_end.max == 10 && r.from_end.median == 8);
    CHECK(r.first_ply.median == 41 && r.plies.median == 50 && r.distance.min == 2 && r.distance.max == 20 &&
          r.distance.median == 10);
    CHECK(fabs(r.fraction.min - 30.0 / 40) < 1e-12);
    oracle_summary_free(&s);
    /* nothing added: no interval, no spread */
    oracle_summary_init(&s);
    REQUIRE(oracle_summary_report(&s, &r) == 0);
    CHECK(!r.diff_ok && !interval_ok(r.held[0].ci) && r.from_end.n == 0 && isnan(r.from_end.median));
    oracle_summary_free(&s);
}

const test_case tests_oracle[] = {
    { "oracle_summary_by_hand", oracle_summary_by_hand },
    { "solve_oracle_matches_reference", test_solve_oracle_matches_reference },
    { "solve_oracle_budget_and_refusals", test_solve_oracle_budget_and_refusals },
    { NULL, NULL },
};
