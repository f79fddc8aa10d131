/* test_search.c — the alpha-beta searcher: forced wins at one action, one
 * turn and two turns, exact node limits, determinism, the transposition
 * table's generations, and agreement with a plain minimax on small
 * positions. */
#include <ctype.h>
#include <string.h>

#include "check.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/search.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/tt.h"

/* Builds a position from "A1=c A2=C3 ..." (point '=' piece letter [height]). */
static int build(position *p, const char *spec, int side, int phase)
{
    tz_pos_clear(p);
    for (const char *s = spec; *s;) {
        if (*s == ' ') {
            s++;
            continue;
        }
        int len = 0, pt = tz_geo_parse_label(s, &len);
        if (pt < 0 || s[len] != '=' || !s[len + 1] || !strchr("abcABC", s[len + 1]))
            return -1;
        char letter = s[len + 1];
        s += len + 2;
        int h = 0;
        while (isdigit((unsigned char)*s))
            h = h * 10 + *s++ - '0';
        tz_pos_put(p, pt, isupper((unsigned char)letter) ? BLACK : WHITE, tolower((unsigned char)letter) - 'a',
                h ? h : 1);
    }
    tz_pos_finish(p, side, phase);
    return 0;
}

/* Searches p with the default weights and the given limits. */
static action run(const position *p, int depth, uint64_t nodes, uint64_t seed, search_report *r)
{
    eval_weights w;
    tz_eval_weights_default(&w);
    searcher *s = tz_searcher_new(1, &w);
    search_limits lim = { .depth = depth, .nodes = nodes };
    tz_search_run(s, p, &lim, seed, r);
    tz_searcher_free(s);
    return r->best;
}

static void expect_best(const position *p, int depth, const char *want, int score)
{
    search_report r;
    char name[ACTION_TEXT_MAX];
    tz_action_to_text(run(p, depth, 0, 0, &r), p->side, name);
    CHECKF(!strcmp(name, want), "chose %s, want %s", name, want);
    CHECKF(r.score == score, "score %d, want %d", r.score, score);
}

static void finds_win_in_one_action(void)
{
    position p;
    /* Black's only Tzaar stands next to a White Tott. */
    REQUIRE(build(&p, "A1=c A2=A E9=B3 E8=C3 I1=a I2=b", WHITE, PHASE_FIRST) == 0);
    expect_best(&p, 4, "A1xA2", SCORE_WIN - 1);
}

static void finds_win_in_one_turn(void)
{
    position p;
    /* The Tott behind which Black's last Tzaar hides must go first. */
    REQUIRE(build(&p, "A1=c A2=C A3=A E9=B3 E8=C3 I1=a I2=b", WHITE, PHASE_FIRST) == 0);
    expect_best(&p, 4, "A1xA2", SCORE_WIN - 2);
    /* Here the turn wins because Black is left without a capture. */
    char err[128];
    REQUIRE(tz_pos_from_text(&p, "......c.C..b.....b.......a2.....c2..........A2..........B3C2..... w 1", err,
                          sizeof err) == 0);
    /* Two captures of B3 both win the turn: they tie, and the seed picks
     * (with ties=1, between the two). */
    search_report r;
    bool picked[2] = { false, false };
    eval_weights w;
    tz_eval_weights_default(&w);
    searcher *s = tz_searcher_new(1, &w);
    REQUIRE(s);
    search_limits lim = { .depth = 4, .ties = true };
    for (uint64_t seed = 0; seed < 16; seed++) {
        char name[ACTION_TEXT_MAX], t0[ACTION_TEXT_MAX], t1[ACTION_TEXT_MAX];
        tz_search_run(s, &p, &lim, seed, &r);
        tz_action_to_text(r.best, p.side, name);
        CHECKF(r.ties == 2, "seed %llu: %s, %d tied, score %d", (unsigned long long)seed, name, r.ties, r.score);
        if (r.ties != 2)
            break;
        tz_action_to_text(r.tied[0], p.side, t0);
        tz_action_to_text(r.tied[1], p.side, t1);
        CHECKF(!strcmp(t0, "B5xB3") && !strcmp(t1, "E3xB3"), "tied %s %s", t0, t1);
        CHECKF(r.score == SCORE_WIN - 2, "score %d", r.score);
        picked[0] |= !strcmp(name, "B5xB3");
        picked[1] |= !strcmp(name, "E3xB3");
    }
    tz_searcher_free(s);
    CHECK(picked[0] && picked[1]);
}

/* Plain minimax over a few plies: can the side to act at the root force a
 * win within `plies` actions?  (Small positions only.) */
static bool forced_win(position *p, int root_side, int plies)
{
    int w = tz_game_winner(p, NULL);
    if (w >= 0)
        return w == root_side;
    if (plies == 0)
        return false;
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    bool ours = p->side == root_side;
    for (int i = 0; i < n; i++) {
        undo u;
        pos_make(p, list[i], &u);
        bool win = forced_win(p, root_side, plies - 1);
        pos_unmake(p, list[i], &u);
        if (win == ours)
            return ours;
    }
    return !ours;
}

/* White stacks its Totts on A1 (height 4) to take Black's only Tzaar (height
 * 3) on A5 next turn; Black cannot stop it. */
#define TWO_TURNS "A1=c2 A2=c2 I1=b G1=b E1=a3 D1=a A5=A3 I2=C I3=C I4=B3 H6=B F6=C3"

static void finds_win_in_two_turns(void)
{
    position p;
    search_report r;
    REQUIRE(build(&p, TWO_TURNS, WHITE, PHASE_FIRST) == 0);
    CHECK(!forced_win(&p, WHITE, 2)); /* not within one turn */
    CHECK(forced_win(&p, WHITE, 5));  /* but by the next turn's first action */
    run(&p, 6, 0, 0, &r);
    CHECKF(r.score == SCORE_WIN - 5, "score %d", r.score);
    position q = p;
    undo u;
    pos_make(&q, r.best, &u);
    CHECK(forced_win(&q, WHITE, 4)); /* the chosen action keeps the win */
}

static void node_limit_is_exact(void)
{
    position p;
    search_report r;
    tz_setup_fixed(&p);
    for (uint64_t limit = 1; limit <= 100000; limit *= 7) {
        run(&p, 0, limit, 0, &r);
        CHECKF(r.nodes == limit, "limit %llu, visited %llu", (unsigned long long)limit, (unsigned long long)r.nodes);
        CHECK(tz_action_is_legal(&p, r.best));
    }
}

static void search_is_deterministic(void)
{
    position p, q;
    search_report a, b;
    eval_weights w;
    tz_eval_weights_default(&w);
    tz_setup_random(&p, 5);
    tz_setup_random(&q, 6);
    searcher *s = tz_searcher_new(1, &w);
    search_limits lim = { .nodes = 30000 };
    tz_search_run(s, &p, &lim, 9, &a);
    tz_search_run(s, &q, &lim, 9, &b); /* fills the table with other positions */
    tz_search_run(s, &p, &lim, 9, &b);
    tz_searcher_free(s);
    CHECK(a.best == b.best && a.score == b.score && a.nodes == b.nodes && a.depth == b.depth);
    CHECK(a.pv_len == b.pv_len && !memcmp(a.pv, b.pv, (size_t)a.pv_len * sizeof(action)));
    run(&p, 0, 30000, 9, &b); /* a fresh searcher agrees too */
    CHECK(a.best == b.best && a.score == b.score && a.nodes == b.nodes);
}

static void depth_limit_is_reached_and_pv_is_legal(void)
{
    position p;
    search_report r;
    tz_setup_random(&p, 3);
    run(&p, 3, 0, 0, &r);
    CHECK(r.depth == 3);
    CHECK(r.pv_len >= 1 && r.pv[0] == r.best);
    position q = p;
    for (int i = 0; i < r.pv_len; i++) {
        REQUIRE(tz_action_is_legal(&q, r.pv[i]));
        undo u;
        pos_make(&q, r.pv[i], &u);
    }
}

static void table_generations_hide_old_entries(void)
{
    tt t;
    REQUIRE(tz_tt_init(&t, 1) == 0);
    tz_tt_new_search(&t);
    tt_store(&t, 12345, 3, 7, BOUND_EXACT, 42);
    const tt_entry *e = tt_probe(&t, 12345);
    CHECK(e && e->score == 7 && e->move == 42);
    tz_tt_new_search(&t);
    CHECK(tt_probe(&t, 12345) == NULL);
    for (int i = 0; i < 300; i++) /* across the 8-bit wrap */
        tz_tt_new_search(&t);
    CHECK(tt_probe(&t, 12345) == NULL);
    tz_tt_free(&t);
}

static void agrees_with_minimax_on_small_positions(void)
{
    static const char *const specs[] = {
        "A1=c A2=A E9=B3 E8=C3 I1=a I2=b",
        "A1=c A2=C A3=A E9=B3 E8=C3 I1=a I2=b",
        "C3=a2 C4=B D4=c E3=C F3=A2 G3=b H3=c E6=C2",
        "B2=a B3=C2 B4=b C5=A D5=c3 E6=B G5=C F4=c",
        TWO_TURNS,
    };
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        position p;
        search_report r;
        REQUIRE(build(&p, specs[i], WHITE, PHASE_FIRST) == 0);
        bool win = forced_win(&p, WHITE, 4);
        run(&p, 4, 0, 0, &r);
        /* A proven win within 4 plies is found at depth 4, and a reported
         * win is real. */
        CHECKF(win == (r.score >= SCORE_WIN - 4), "%s: minimax %d, search %d", specs[i], win, r.score);
    }
}

const test_case tests_search[] = {
    { "search_finds_win_in_one_action", finds_win_in_one_action },
    { "search_finds_win_in_one_turn", finds_win_in_one_turn },
    { "search_finds_win_in_two_turns", finds_win_in_two_turns },
    { "search_node_limit_is_exact", node_limit_is_exact },
    { "search_is_deterministic", search_is_deterministic },
    { "search_depth_limit_is_reached_and_pv_is_legal", depth_limit_is_reached_and_pv_is_legal },
    { "search_table_generations_hide_old_entries", table_generations_hide_old_entries },
    { "search_agrees_with_minimax_on_small_positions", agrees_with_minimax_on_small_positions },
    { NULL, NULL },
};
