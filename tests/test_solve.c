/* test_solve.c — the endgame solver (engine/tzaar/solve.h): against a plain
 * exhaustive minimax on many random small positions (both sides to act,
 * the first and the second action of a turn), its proofs replayed action by
 * action, positions whose results are known by hand, the board's
 * symmetries and the colour swap, and its limits (nodes, memory, the
 * placement phase). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/solve.h"
#include "engine/tzaar/symmetry.h"
#include "solve_ref.h"

#define MEM (8u << 20)

/* ---- the reference (solve_ref.h): every action tried, no table, no pruning ---- */

int ref_solve(ref *r, position *p, int *dist)
{
    int w = tz_game_winner(p, NULL);
    if (w >= 0) {
        *dist = 0;
        return w;
    }
    if (++r->nodes > r->budget)
        return -1;
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list), us = p->side;
    int win_dist = 1 << 30, loss_dist = -1;
    for (int i = 0; i < n; i++) {
        undo u;
        int d;
        pos_make(p, list[i], &u);
        int cw = ref_solve(r, p, &d);
        pos_unmake(p, list[i], &u);
        if (cw < 0)
            return -1;
        if (cw == us && d + 1 < win_dist)
            win_dist = d + 1;
        if (cw != us && d + 1 > loss_dist)
            loss_dist = d + 1;
    }
    *dist = win_dist < (1 << 30) ? win_dist : loss_dist;
    return win_dist < (1 << 30) ? us : us ^ 1;
}

void random_small(xoshiro256 *r, position *p, int max_stacks, bool spread_types, int side, int phase)
{
    tz_pos_clear(p);
    int k[2], centre = (int)xoshiro_below(r, GEO_POINTS);
    for (int c = 0; c < 2; c++)
        k[c] = 3 + (int)xoshiro_below(r, (uint64_t)max_stacks - 2);
    /* The points within `radius` steps of the centre, widened until the
     * stacks fit (near a corner two steps hold only a few). */
    int radius = xoshiro_below(r, 2) ? 2 : 8, npts;
    uint8_t pts[GEO_POINTS];
    for (;; radius++) {
        npts = 0;
        for (int pt = 0; pt < GEO_POINTS; pt++) {
            int dx = tz_geo_x[pt] - tz_geo_x[centre], dy = tz_geo_y[pt] - tz_geo_y[centre];
            if ((abs(dx) + abs(dy) + abs(dx + dy)) / 2 <= radius)
                pts[npts++] = (uint8_t)pt;
        }
        if (npts >= k[0] + k[1])
            break;
    }
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < k[c]; i++) {
            int j = (int)xoshiro_below(r, (uint64_t)npts);
            int pt = pts[j];
            pts[j] = pts[--npts];
            int type = spread_types ? i % 3 : i < 3 ? i : (int)xoshiro_below(r, 3);
            uint64_t h = xoshiro_below(r, 10);
            tz_pos_put(p, pt, c, type, h < 5 ? 1 : h < 8 ? 2 : 3);
        }
    tz_pos_finish(p, side, phase);
}

/* A position of a game played at random from a random setup, taken when
 * at most `stacks` stacks are left; false when the game ended first. */
static bool played_out(xoshiro256 *r, position *p, int stacks)
{
    tz_setup_make(p, SETUP_RANDOM, xoshiro_next(r));
    while (tz_game_winner(p, NULL) < 0) {
        if (__builtin_popcountll(p->occ[0] | p->occ[1]) <= stacks)
            return true;
        action list[MAX_ACTIONS];
        int n = tz_gen_actions(p, list);
        undo u;
        pos_make(p, list[xoshiro_below(r, (uint64_t)n)], &u);
    }
    return false;
}

static const char *value_name(int v)
{
    return v == TZ_SOLVE_WIN ? "win" : v == TZ_SOLVE_LOSS ? "loss" : "unknown";
}

/* Walks the proof of a proven position: at the winner's nodes the solver's
 * action, at the loser's every action, checking that every line ends with
 * the winner's win within the distance claimed.  Returns false on the
 * first failure (which it reports). */
static bool replay(tz_solver *s, position *p, int winner, int within, int depth)
{
    int w = tz_game_winner(p, NULL);
    if (w >= 0) {
        CHECKF(w == winner, "a line of the proof ends with the other side winning");
        return w == winner;
    }
    if (within <= 0) {
        CHECKF(0, "a line of the proof is longer than its distance");
        return false;
    }
    if (p->side == winner) {
        tz_solve_result res;
        char err[200];
        if (tz_solve(s, p, 0, &res, err, sizeof err) || res.value != TZ_SOLVE_WIN || res.best == ACTION_NONE) {
            CHECKF(0, "the winner's node at depth %d is not proven a win (%s)", depth, value_name(res.value));
            return false;
        }
        if (res.distance > within) {
            CHECKF(0, "a proof node claims %d plies with %d left", res.distance, within);
            return false;
        }
        if (!tz_action_is_legal(p, res.best)) {
            CHECKF(0, "the proof's action is not legal");
            return false;
        }
        undo u;
        pos_make(p, res.best, &u);
        bool ok = replay(s, p, winner, within - 1, depth + 1);
        pos_unmake(p, res.best, &u);
        return ok;
    }
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(p, list[i], &u);
        bool ok = replay(s, p, winner, within - 1, depth + 1);
        pos_unmake(p, list[i], &u);
        if (!ok)
            return false;
    }
    return true;
}

/* What a sample of positions checked against the reference covered. */
typedef struct tally {
    int checked, skipped, wins, losses, exact, deep;
    int by_phase[3], by_side[2];
} tally;

/* Solves p with a fresh table and no limit and checks it against the
 * exhaustive search: the same value, a distance no shorter than perfect
 * play's, a legal action and a proof that replays, p unchanged.  A
 * position too big for the reference (300,000 nodes) is skipped. */
static void check_against_reference(tz_solver *s, const position *start, tally *t)
{
    position p = *start, q = *start;
    ref rf = { 0, 300000 };
    int dist, w = ref_solve(&rf, &q, &dist);
    if (w < 0) {
        t->skipped++;
        return;
    }
    tz_solve_clear(s);
    tz_solve_result res;
    char err[200], text[POS_TEXT_MAX];
    tz_pos_to_text(&p, text, sizeof text);
    if (tz_solve(s, &p, 0, &res, err, sizeof err)) {
        CHECKF(0, "%s: %s", text, err);
        return;
    }
    int want = w == p.side ? TZ_SOLVE_WIN : TZ_SOLVE_LOSS;
    CHECKF(res.value == want, "%s: the solver says %s, exhaustive search %s", text, value_name(res.value),
           value_name(want));
    CHECKF(res.distance >= dist, "%s: the proof's distance %d is shorter than perfect play's %d", text,
           res.distance, dist);
    CHECKF(!memcmp(&p, start, sizeof p), "%s: the solver changed its position", text);
    if (res.value == want && tz_game_winner(&p, NULL) < 0) {
        CHECKF(res.best != ACTION_NONE && tz_action_is_legal(&p, res.best), "%s: no legal best action", text);
        CHECKF(res.proof_size >= 2, "%s: proof size %llu", text, (unsigned long long)res.proof_size);
        /* The best action leads to the proof it names: the position after
         * it is won by the same side, one ply nearer the end. */
        if (res.best != ACTION_NONE && tz_action_is_legal(&p, res.best)) {
            position q2 = p;
            undo u;
            tz_solve_result after;
            pos_make(&q2, res.best, &u);
            tz_solve_clear(s);
            CHECK(tz_solve(s, &q2, 0, &after, err, sizeof err) == 0);
            int aw = after.value == TZ_SOLVE_WIN ? q2.side : after.value == TZ_SOLVE_LOSS ? q2.side ^ 1 : -1;
            CHECKF(aw == w && after.distance == res.distance - 1,
                   "%s: after the best action %s wins within %d, the proof said %s within %d", text,
                   aw == WHITE ? "White" : aw == BLACK ? "Black" : "nobody", after.distance,
                   w == WHITE ? "White" : "Black", res.distance - 1);
            tz_solve_clear(s);
            REQUIRE(tz_solve(s, &p, 0, &res, err, sizeof err) == 0);
        }
        replay(s, &p, w, res.distance, 0);
    }
    t->checked++;
    t->exact += res.distance == dist;
    t->deep += dist >= 3;
    t->wins += want == TZ_SOLVE_WIN;
    t->losses += want == TZ_SOLVE_LOSS;
    t->by_phase[p.phase]++;
    t->by_side[p.side]++;
}

/* Constructed positions of 3 to 6 stacks a side: each of the four
 * (side, phase) pairs in turn, a quarter each. */
static void test_solve_matches_exhaustive_search(void)
{
    tz_solver *s = tz_solve_new(MEM);
    REQUIRE(s);
    xoshiro256 r;
    xoshiro_seed(&r, 21);
    tally t = { 0 };
    for (int i = 0; i < 800; i++) {
        position p;
        random_small(&r, &p, 6, i & 4, i & 1, i & 2 ? PHASE_SECOND : PHASE_FIRST);
        check_against_reference(s, &p, &t);
    }
    CHECKF(t.checked >= 750, "only %d positions checked (%d too big for the reference)", t.checked, t.skipped);
    CHECKF(t.wins >= 100 && t.losses >= 100, "too one-sided a sample: %d wins, %d losses", t.wins, t.losses);
    CHECKF(t.deep >= 60, "only %d positions need 3 plies or more", t.deep);
    for (int k = 0; k < 2; k++)
        CHECKF(t.by_phase[PHASE_FIRST + k] >= 150 && t.by_side[k] >= 150, "phases %d/%d, sides %d/%d",
               t.by_phase[1], t.by_phase[2], t.by_side[0], t.by_side[1]);
    /* The proof is not asked to be the shortest, but mostly is. */
    CHECKF(t.exact * 10 >= t.checked * 9, "the proof's distance is perfect play's in only %d of %d", t.exact,
           t.checked);
    tz_solve_free(s);
}

/* Endgames of random games (random play from random setups, taken when 13
 * stacks or fewer are left): taller stacks and longer fights than the
 * constructed ones. */
static void test_solve_matches_exhaustive_search_on_played_endgames(void)
{
    tz_solver *s = tz_solve_new(MEM);
    REQUIRE(s);
    xoshiro256 r;
    xoshiro_seed(&r, 2021);
    tally t = { 0 };
    for (int i = 0; i < 1500; i++) {
        position p, swapped;
        if (!played_out(&r, &p, 13))
            continue;
        /* Random play reaches 13 stacks mostly with White to act: every
         * other one with the colours swapped. */
        if (i & 1) {
            tz_sym_position(&p, SYM_BOARD, &swapped);
            p = swapped;
        }
        check_against_reference(s, &p, &t);
    }
    CHECKF(t.checked >= 300, "only %d positions checked (%d too big for the reference)", t.checked, t.skipped);
    CHECKF(t.wins >= 50 && t.losses >= 20, "too one-sided a sample: %d wins, %d losses", t.wins, t.losses);
    CHECKF(t.deep >= 80, "only %d positions need 3 plies or more", t.deep);
    CHECKF(t.by_phase[PHASE_FIRST] >= 50 && t.by_phase[PHASE_SECOND] >= 50 && t.by_side[0] >= 50 &&
           t.by_side[1] >= 50, "phases %d/%d, sides %d/%d", t.by_phase[1], t.by_phase[2], t.by_side[0],
           t.by_side[1]);
    tz_solve_free(s);
}

static tz_solve_result solve_text(tz_solver *s, const char *text, uint64_t nodes)
{
    position p;
    char err[200];
    tz_solve_result res = { .value = -1 };
    if (tz_pos_from_text(&p, text, err, sizeof err)) {
        CHECKF(0, "%s: %s", text, err);
        return res;
    }
    tz_solve_clear(s);
    if (tz_solve(s, &p, nodes, &res, err, sizeof err))
        CHECKF(0, "%s: %s", text, err);
    return res;
}

static bool best_is(const tz_solve_result *res, const char *text)
{
    char t[ACTION_TEXT_MAX];
    if (res->best == ACTION_NONE)
        return false;
    tz_action_to_text(res->best, WHITE, t);
    return !strcmp(t, text);
}

/* Positions whose results are known by hand.  White: a Tott of 2 on A1, a
 * Tzaar on F8 and a Tzarra on I2; no two of White's and Black's stacks
 * share a line except those named, so each side has only the actions
 * named. */
static void test_solve_known_positions(void)
{
    tz_solver *s = tz_solve_new(MEM);
    REQUIRE(s);
    /* Black: Totts on B1 and E7, its only Tzaar on C1 behind B1 on the
     * same line, a Tzarra on D8.  White's one capture A1xB1 brings its
     * stack next to the Tzaar, and B1xC1 takes it: a trinity win in two
     * actions (the first alone does not win: Black keeps a Tott). */
    const char *trinity = "....c2.....C......AB.........C.....a.......................b. w 1";
    tz_solve_result res = solve_text(s, trinity, 0);
    CHECK(res.value == TZ_SOLVE_WIN && res.distance == 2 && best_is(&res, "A1xB1"));
    CHECK(res.proof_size == 3);
    /* The same board with Black to begin a turn: its Tott cannot take the
     * taller A1 and nothing else sees White: lost by no capture, over. */
    res = solve_text(s, "....c2.....C......AB.........C.....a.......................b. b 1", 0);
    CHECK(res.value == TZ_SOLVE_LOSS && res.distance == 0 && res.best == ACTION_NONE && res.nodes == 0);
    /* White's second action.  Black's Tott of 2 on B1 sees White's only
     * Tott; its Tzaar (D8), Tzarra (G1) and a second Tott (E7) see
     * nothing.  Passing lets B1xA1 win for Black; A1xB1 leaves Black no
     * capture at all: White wins by Black's no-capture loss, in one. */
    const char *no_capture = "....c2.....C2.......A.........C.....a.............B.........b. w 2";
    res = solve_text(s, no_capture, 0);
    CHECK(res.value == TZ_SOLVE_WIN && res.distance == 1 && best_is(&res, "A1xB1"));
    /* The same with White's Tott a single piece: it cannot take B1, so
     * White can only pass, and B1xA1 ends it: lost in two. */
    res = solve_text(s, "....c.....C2.......A.........C.....a.............B.........b. w 2", 0);
    CHECK(res.value == TZ_SOLVE_LOSS && res.distance == 2 && best_is(&res, "pass"));
    tz_solve_free(s);
}

/* A position and each of its images under the 12 board symmetries and,
 * in play, the colour swap get the same value. */
static void test_solve_symmetric_positions_agree(void)
{
    tz_solver *s = tz_solve_new(MEM);
    REQUIRE(s);
    xoshiro256 r;
    xoshiro_seed(&r, 12);
    int compared = 0, proven = 0;
    for (int i = 0; i < 120; i++) {
        position p;
        if (i % 2)
            random_small(&r, &p, 6, true, (i / 2) & 1, i % 4 == 1 ? PHASE_FIRST : PHASE_SECOND);
        else if (!played_out(&r, &p, 16))
            continue;
        tz_solve_result base;
        char err[200];
        tz_solve_clear(s);
        REQUIRE(tz_solve(s, &p, 200000, &base, err, sizeof err) == 0);
        if (base.value == TZ_SOLVE_UNKNOWN)
            continue;
        proven++;
        for (int g = 1; g < SYM_ALL; g++) {
            if (!tz_sym_applies(&p, g))
                continue;
            position img;
            tz_solve_result res;
            tz_sym_position(&p, g, &img);
            tz_solve_clear(s);
            REQUIRE(tz_solve(s, &img, 0, &res, err, sizeof err) == 0);
            CHECKF(res.value == base.value, "position %d, symmetry %d: %s, the original %s", i, g,
                   value_name(res.value), value_name(base.value));
            compared++;
        }
    }
    CHECKF(proven >= 60 && compared >= 60 * 23, "only %d positions proven, %d images compared", proven, compared);
    tz_solve_free(s);
}

/* A position the solver needs more than 2,000 nodes for: an endgame of a
 * random game with up to 20 stacks. */
static bool find_hard(tz_solver *s, position *out, uint64_t *need, int *value)
{
    xoshiro256 r;
    xoshiro_seed(&r, 77);
    for (int i = 0; i < 3000; i++) {
        if (!played_out(&r, out, 20))
            continue;
        tz_solve_result res;
        char err[200];
        tz_solve_clear(s);
        if (tz_solve(s, out, 0, &res, err, sizeof err) == 0 && res.nodes > 2000 && res.value != TZ_SOLVE_UNKNOWN) {
            *need = res.nodes;
            *value = res.value;
            return true;
        }
    }
    return false;
}

/* The node budget is never exceeded and gives UNKNOWN when too small;
 * the same budget gives the same answer; a table of a few entries still
 * proves (more slowly); what a table holds is bounded by its memory; the
 * placement phase is refused; a proven result kept in the table answers
 * at once. */
static void test_solve_limits(void)
{
    tz_solver *s = tz_solve_new(MEM);
    REQUIRE(s);
    CHECK(tz_solve_capacity(s) == MEM / 32);
    position p;
    uint64_t need;
    int value;
    REQUIRE(find_hard(s, &p, &need, &value));
    position before = p;
    char err[200];
    tz_solve_result res;
    uint64_t limits[] = { 1, 2, 100, need / 2, need - 1 };
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        tz_solve_clear(s);
        REQUIRE(tz_solve(s, &p, limits[i], &res, err, sizeof err) == 0);
        CHECKF(res.nodes <= limits[i], "limit %llu, %llu nodes", (unsigned long long)limits[i],
               (unsigned long long)res.nodes);
        CHECKF(res.value == TZ_SOLVE_UNKNOWN && res.distance == -1 && res.best == ACTION_NONE && !res.proof_size,
               "limit %llu of %llu: %s", (unsigned long long)limits[i], (unsigned long long)need,
               value_name(res.value));
    }
    CHECK(!memcmp(&p, &before, sizeof p));
    tz_solve_clear(s);
    REQUIRE(tz_solve(s, &p, need, &res, err, sizeof err) == 0);
    CHECK(res.value == value && res.nodes == need);
    /* Kept in the table: the next call answers without a node. */
    tz_solve_result again;
    REQUIRE(tz_solve(s, &p, 1, &again, err, sizeof err) == 0);
    CHECK(again.value == value && again.nodes == 0 && again.distance == res.distance && again.best == res.best);
    tz_solve_free(s);

    /* 128 bytes: one bucket of four entries.  What it proves within the
     * budget is right (df-pn with too small a table can go round in
     * circles, so it may not prove everything); 64 KiB proves them all. */
    tz_solver *tiny = tz_solve_new(128), *small = tz_solve_new(64 << 10), *big = tz_solve_new(MEM);
    REQUIRE(tiny && small && big);
    CHECK(tz_solve_capacity(tiny) == 4 && tz_solve_capacity(small) == 2048);
    xoshiro256 r;
    xoshiro_seed(&r, 5);
    int tiny_proved = 0;
    for (int i = 0; i < 100; i++) {
        random_small(&r, &p, 5, true, i & 1, i & 2 ? PHASE_SECOND : PHASE_FIRST);
        tz_solve_result a, b, c;
        tz_solve_clear(tiny);
        tz_solve_clear(small);
        tz_solve_clear(big);
        REQUIRE(tz_solve(tiny, &p, 20000, &a, err, sizeof err) == 0);
        REQUIRE(tz_solve(small, &p, 0, &b, err, sizeof err) == 0);
        REQUIRE(tz_solve(big, &p, 0, &c, err, sizeof err) == 0);
        CHECKF(a.nodes <= 20000, "%llu nodes", (unsigned long long)a.nodes);
        CHECKF(b.value == c.value && c.value != TZ_SOLVE_UNKNOWN && (a.value == c.value || !a.value),
               "position %d: %s with 4 entries, %s with 2048, %s with more", i, value_name(a.value),
               value_name(b.value), value_name(c.value));
        tiny_proved += a.value != TZ_SOLVE_UNKNOWN;
    }
    CHECKF(tiny_proved >= 50, "4 entries proved only %d of 100", tiny_proved);
    /* The placement phase is no endgame. */
    position place;
    REQUIRE(tz_pos_from_text(&place, "c........................................................... b p", err,
                          sizeof err) == 0);
    CHECK(tz_solve(tiny, &place, 0, &res, err, sizeof err) == -1 && strstr(err, "placement"));
    tz_solve_free(tiny);
    tz_solve_free(small);
    tz_solve_free(big);
}

/* TZAAR offers its solver through game.h; the other games none. */
static void test_solve_game_hook(void)
{
    char err[200];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g && g->solver);
    void *solver = g->solver->create(1 << 20, err, sizeof err);
    REQUIRE(solver);
    tz_state st;
    REQUIRE(g->from_text(&st, "....c2.....C2.......A.........C.....a.............B.........b. w 2", err,
                         sizeof err) == 0);
    tz_state copy = st;
    game_solve_result res;
    REQUIRE(g->solver->solve(solver, &st, 0, &res, err, sizeof err) == 0);
    CHECK(!memcmp(&copy, &st, sizeof st));
    char text[GAME_ACTION_TEXT_MAX];
    g->action_to_text(&st, res.best, text, sizeof text);
    CHECK(res.value == GAME_SOLVE_WIN && res.distance == 1 && !strcmp(text, "A1xB1") && res.nodes >= 1);
    g->solver->clear(solver);
    g->solver->destroy(solver);
    const game_def *const *all = game_list();
    for (int i = 0; all[i]; i++)
        CHECKF(!strcmp(all[i]->name, "tzaar") || !all[i]->solver, "%s has a solver", all[i]->name);
}

const test_case tests_solve[] = {
    { "solve_matches_exhaustive_search", test_solve_matches_exhaustive_search },
    { "solve_matches_exhaustive_search_on_played_endgames", test_solve_matches_exhaustive_search_on_played_endgames },
    { "solve_known_positions", test_solve_known_positions },
    { "solve_symmetric_positions_agree", test_solve_symmetric_positions_agree },
    { "solve_limits", test_solve_limits },
    { "solve_game_hook", test_solve_game_hook },
    { NULL, NULL },
};
