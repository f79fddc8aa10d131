/* test_connect4.c — Connect Four's own tests, found by the build from this
 * folder (GAME_TESTS below; tests/check.h): the rules against a
 * deliberately naive reference (a grid of characters, every line of four
 * looked for cell by cell), the rules page's perft figures, the position
 * string's refusals, and the ab player.  The generic conformance suite
 * (tests/test_conformance.c) runs on the game besides. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/prng.h"
#include "engine/connect4/connect4.h"
#include "engine/players.h"
#include "tests/check.h"

/* ---- the naive reference: rows[r][c], row 0 the bottom ---- */

typedef struct naive {
    char cell[C4_ROWS][C4_COLS];  /* '.', 'r' or 'y' */
    char to_act;
} naive;

static int naive_parse(naive *v, const char *text)
{
    for (int i = 0; i < C4_ROWS; i++)
        for (int c = 0; c < C4_COLS; c++)
            v->cell[C4_ROWS - 1 - i][c] = text[i * (C4_COLS + 1) + c];
    v->to_act = text[C4_ROWS * (C4_COLS + 1)];
    return 0;
}

/* Whether who has four in a row anywhere: every cell, every direction. */
static bool naive_four(const naive *v, char who)
{
    static const int dir[4][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } };
    for (int r = 0; r < C4_ROWS; r++)
        for (int c = 0; c < C4_COLS; c++)
            for (int d = 0; d < 4; d++) {
                int k = 0;
                while (k < 4) {
                    int rr = r + k * dir[d][0], cc = c + k * dir[d][1];
                    if (rr < 0 || rr >= C4_ROWS || cc < 0 || cc >= C4_COLS || v->cell[rr][cc] != who)
                        break;
                    k++;
                }
                if (k == 4)
                    return true;
            }
    return false;
}

static bool naive_full(const naive *v)
{
    for (int c = 0; c < C4_COLS; c++)
        if (v->cell[C4_ROWS - 1][c] == '.')
            return false;
    return true;
}

static bool naive_over(const naive *v)
{
    return naive_four(v, 'r') || naive_four(v, 'y') || naive_full(v);
}

static int naive_legal(const naive *v, int *cols)
{
    int n = 0;
    if (naive_over(v))
        return 0;
    for (int c = 0; c < C4_COLS; c++)
        if (v->cell[C4_ROWS - 1][c] == '.')
            cols[n++] = c;
    return n;
}

static void naive_drop(naive *v, int c)
{
    int r = 0;
    while (v->cell[r][c] != '.')
        r++;
    v->cell[r][c] = v->to_act;
    v->to_act = v->to_act == 'r' ? 'y' : 'r';
}

static uint64_t naive_perft(const naive *v, int depth)
{
    int cols[C4_COLS], n = naive_legal(v, cols);
    if (depth == 0)
        return 1;
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        naive w = *v;
        naive_drop(&w, cols[i]);
        leaves += naive_perft(&w, depth - 1);
    }
    return leaves;
}

static const game_def *game(void)
{
    return game_find("connect4", NULL, 0);
}

/* ---- the tests ---- */

/* Random games from the start, or from a rotated start with Yellow first:
 * at every ply the legal columns, the end, the text and the winner agree
 * with the naive reference. */
static void rules_agree_with_the_naive_reference(void)
{
    const game_def *g = game();
    REQUIRE(g);
    xoshiro256 rng;
    xoshiro_seed(&rng, 41);
    int plies = 0, wins = 0, draws = 0;
    for (int k = 0; k < 3000; k++) {
        c4_state s;
        char err[200], text[GAME_TEXT_MAX];
        REQUIRE(g->setup(&s, "standard", 2, 0, err, sizeof err) == 0);
        if (k % 2) {
            const int swap[GAME_MAX_PLAYERS] = { 1, 0 };
            g->permute(&s, swap);
        }
        naive v;
        for (;;) {
            REQUIRE(g->to_text(&s, text, sizeof text) > 0);
            naive_parse(&v, text);
            game_action a[C4_COLS];
            int cols[C4_COLS], n = g->legal(&s, a), m = naive_legal(&v, cols);
            CHECKF(n == m, "%s: %d legal columns, the reference %d", text, n, m);
            for (int i = 0; i < n && i < m; i++)
                CHECKF(a[i] == (game_action)cols[i], "%s: column %d", text, i);
            CHECKF(g->over(&s) == naive_over(&v), "%s: over", text);
            if (!n || n != m)
                break;
            g->apply(&s, a[xoshiro_below(&rng, (uint64_t)n)]);
            plies++;
        }
        double sc[GAME_MAX_PLAYERS];
        g->outcome(&s, sc);
        bool red = naive_four(&v, 'r'), yellow = naive_four(&v, 'y');
        CHECKF(!(red && yellow), "%s: both have four", text);
        CHECKF(sc[0] == (red ? 1 : yellow ? 0 : 0.5) && sc[0] + sc[1] == 1, "%s: scores %g %g", text, sc[0], sc[1]);
        CHECKF(g->ending(&s) == (red || yellow ? 1 : 2), "%s: ending %d", text, g->ending(&s));
        wins += red || yellow;
        draws += !red && !yellow;
    }
    CHECKF(plies > 50000 && wins > 2000 && draws > 0, "%d plies, %d wins, %d draws", plies, wins, draws);
}

/* The rules page's figures from the empty board, and the reference's. */
static void perft_is_the_rules_pages(void)
{
    const game_def *g = game();
    REQUIRE(g);
    c4_state s;
    char err[200];
    REQUIRE(g->setup(&s, "standard", 2, 0, err, sizeof err) == 0);
    CHECK(g->bench->perft(&s, 6) == 117649);
    CHECK(g->bench->perft(&s, 8) == 5673234);
    CHECK(g->bench->perft_bulk(&s, 8) == 5673234);
    naive v;
    char text[GAME_TEXT_MAX];
    g->to_text(&s, text, sizeof text);
    naive_parse(&v, text);
    CHECK(naive_perft(&v, 6) == 117649);
    /* a middle game: the bench's, against the reference */
    REQUIRE(g->from_text(&s, g->bench->positions[1].position, err, sizeof err) == 0);
    naive_parse(&v, g->bench->positions[1].position);
    CHECK(g->bench->perft(&s, 5) == naive_perft(&v, 5));
}

static void text_refuses_what_no_game_reaches(void)
{
    const game_def *g = game();
    REQUIRE(g);
    static const char *const bad[][2] = {
        { "......./......./......./......./......./....... x", "the seat to act" },
        { "......./......./......./......./......./...... r", "row 1" },
        { "......./......./......./......./...r.../....... y", "above an empty cell" },
        { "......./......./......./......./......./...rr.. y", "no game reaches that" },
        { "......./......./......./......./......./...rrrr r", "no game reaches that" },
        { "......./......./......./......./r....../yyyyrrr y", "four in a row and is to act" },
        { "......./......./......./......./......./....... r ", "and the end" },
    };
    c4_state s;
    char err[200];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        CHECKF(g->from_text(&s, bad[i][0], err, sizeof err) == -1 && strstr(err, bad[i][1]), "'%s': %s",
               bad[i][0], err);
    }
    /* Either seat may be to act at a start (a rotated start: permute). */
    CHECK(g->from_text(&s, "......./......./......./......./......./....... y", err, sizeof err) == 0 &&
          g->to_act(&s) == 1);
    CHECK(g->from_text(&s, "......./......./......./......./r....../yyyyrrr y", err, sizeof err) == -1);
    REQUIRE(g->from_text(&s, "......./......./......./......./yyy..../rrrr... y", err, sizeof err) == 0);
    CHECK(g->over(&s) && g->ending(&s) == 1 && g->to_act(&s) == -1);
    game_action a;
    CHECK(g->action_from_text(&s, "a", &a, err, sizeof err) == -1 && strstr(err, "over"));
    REQUIRE(g->from_text(&s, "r....../y....../r....../y....../r....../y...... r", err, sizeof err) == 0);
    CHECK(g->action_from_text(&s, "a", &a, err, sizeof err) == -1 && strstr(err, "column a is full"));
    CHECK(g->action_from_text(&s, "h", &a, err, sizeof err) == -1 && strstr(err, "a to g"));
    CHECK(g->action_from_text(&s, "g", &a, err, sizeof err) == 0 && a == 6);
}

/* A position and its mirror share a symmetry key; another position not. */
static void mirror_images_share_a_key(void)
{
    const game_def *g = game();
    REQUIRE(g);
    c4_state a, b, c;
    char err[200];
    REQUIRE(g->from_text(&a, "......./......./......./......./y....../rr..... y", err, sizeof err) == 0);
    REQUIRE(g->from_text(&b, "......./......./......./......./......y/.....rr y", err, sizeof err) == 0);
    REQUIRE(g->from_text(&c, "......./......./......./......./.y...../rr..... y", err, sizeof err) == 0);
    CHECK(g->symmetry_key(&a) == g->symmetry_key(&b));
    CHECK(g->symmetry_key(&a) != g->symmetry_key(&c));
}

static game_action choice(const char *spec, const char *position, uint64_t seed)
{
    const game_def *g = game();
    char err[200];
    c4_state s;
    gplayer *p = g ? gplayer_new(g, spec, err, sizeof err) : NULL;
    if (!p || g->from_text(&s, position, err, sizeof err)) {
        check_fail(__FILE__, __LINE__, "%s: %s", spec, err);
        gplayer_free(p);
        return GAME_NO_ACTION;
    }
    game_action a = gplayer_choose(p, &s, seed);
    gplayer_free(p);
    return a;
}

/* ab wins when it can, blocks what would lose, and a choice is a function
 * of (spec, position, seed) under a depth or node limit. */
static void ab_wins_blocks_and_repeats(void)
{
    const char *win = "......./......./......./......./yyy..../rrr.... r";  /* d wins for Red */
    const char *block = "......./......./......./......./.rr..../yyy.... r"; /* d, or Yellow wins */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        CHECK(choice("ab:depth=1", win, seed) == 3);
        CHECK(choice("ab:depth=4", win, seed) == 3);
        CHECK(choice("ab:depth=2", block, seed) == 3);
        CHECK(choice("ab:nodes=500", block, seed) == 3);
    }
    const char *mid = "......./......./......./......./..yyr../..rry.. r";
    CHECK(choice("ab:depth=5,noise=20", mid, 7) == choice("ab:depth=5,noise=20", mid, 7));
    CHECK(choice("ab:nodes=3000", mid, 7) == choice("ab:nodes=3000", mid, 7));
    int differ = 0;
    for (uint64_t seed = 1; seed <= 20; seed++)
        differ += choice("ab:depth=2,noise=50", mid, seed) != choice("ab:depth=2,noise=50", mid, 1);
    CHECKF(differ > 0, "noise=50 chose the same column for 20 seeds");
    const game_def *g = game();
    char canon[GPLAYER_SPEC_MAX], err[200];
    REQUIRE(g);
    CHECK(gplayer_canonical(g, "ab:nodes=1000", false, canon, sizeof canon, err, sizeof err) == 0 &&
          !strcmp(canon, "ab:depth=42,nodes=1000,noise=0"));
    CHECK(gplayer_canonical(g, "ab", false, canon, sizeof canon, err, sizeof err) == 0 &&
          !strcmp(canon, "ab:depth=6,nodes=0,noise=0"));
    CHECK(gplayer_new(g, "ab:depth=0", err, sizeof err) == NULL && strstr(err, "'depth'"));
    CHECK(gplayer_new(g, "ab:weights=x", err, sizeof err) == NULL && strstr(err, "unknown option"));
}

/* The root's score and nodes of one search (report()). */
static bool searched(const char *spec, const char *position, game_search_report *r)
{
    const game_def *g = game();
    char err[200];
    c4_state s;
    gplayer *p = g ? gplayer_new(g, spec, err, sizeof err) : NULL;
    bool ok = p && !g->from_text(&s, position, err, sizeof err) &&
              gplayer_choose(p, &s, 1) != GAME_NO_ACTION && gplayer_report(p, r);
    if (!ok)
        check_fail(__FILE__, __LINE__, "%s: %s", spec, err);
    gplayer_free(p);
    return ok;
}

/* tt=MB (issue 39, item 4): searched to the end of the game, the table
 * gives the plain search's values (a win, a loss, a draw, each with its
 * distance) in far fewer nodes; it plays and repeats as the plain one,
 * and its spec says it (only when given: old specs read as they did). */
static void ab_table_solves_as_the_plain_search(void)
{
    static const char *const ends[] = {
        "..ry.../y.rry../r.yyr.y/y.rry.r/r.yyr.y/y.rry.r r", /* Red wins: 999,987 */
        ".y.yr../.y.ry../.r.yyr./.y.rry./.rryry./yrrryry r", /* Red loses: -999,984 */
        ".ryy.../.yrr.../.ryy.../.yyr.yr/.rryyry/.ryryrr r", /* a draw: 0 */
    };
    for (int i = 0; i < 3; i++) {
        game_search_report plain, table;
        if (!searched("ab:depth=42", ends[i], &plain) || !searched("ab:depth=42,tt=1", ends[i], &table))
            continue;
        CHECKF(plain.score == table.score, "%s: %d with the table, %d without", ends[i], table.score, plain.score);
        CHECKF(table.nodes * 2 < plain.nodes, "%s: %llu nodes with the table, %llu without", ends[i],
               (unsigned long long)table.nodes, (unsigned long long)plain.nodes);
    }
    const char *win = "......./......./......./......./yyy..../rrr.... r";
    const char *block = "......./......./......./......./.rr..../yyy.... r";
    const char *mid = "......./......./......./......./..yyr../..rry.. r";
    for (uint64_t seed = 1; seed <= 3; seed++) {
        CHECK(choice("ab:depth=4,tt=1", win, seed) == 3);
        CHECK(choice("ab:nodes=500,tt=1", block, seed) == 3);
    }
    CHECK(choice("ab:nodes=20000,noise=1,tt=2", mid, 9) == choice("ab:nodes=20000,noise=1,tt=2", mid, 9));
    game_search_report a, b;
    CHECK(searched("ab:nodes=50000", mid, &a) && searched("ab:nodes=50000,tt=2", mid, &b) && b.depth > a.depth);
    const game_def *g = game();
    char canon[GPLAYER_SPEC_MAX], err[200];
    REQUIRE(g);
    CHECK(gplayer_canonical(g, "ab:nodes=1000,tt=4", false, canon, sizeof canon, err, sizeof err) == 0 &&
          !strcmp(canon, "ab:depth=42,nodes=1000,noise=0,tt=4"));
    CHECK(gplayer_canonical(g, "ab:tt=0", false, canon, sizeof canon, err, sizeof err) == 0 &&
          !strcmp(canon, "ab:depth=6,nodes=0,noise=0"));
    CHECK(gplayer_new(g, "ab:tt=2000", err, sizeof err) == NULL && strstr(err, "'tt'"));
}

/* The stronger player wins more as the first player: depth 4 against
 * depth 1, from either seat, over noisy games. */
static void deeper_search_wins_more(void)
{
    const game_def *g = game();
    REQUIRE(g);
    char err[200];
    gplayer *deep = gplayer_new(g, "ab:depth=4,noise=4", err, sizeof err);
    gplayer *shallow = gplayer_new(g, "ab:depth=1,noise=4", err, sizeof err);
    REQUIRE(deep && shallow);
    double deep_points = 0;
    int games = 40;
    for (int k = 0; k < games; k++) {
        c4_state s;
        REQUIRE(g->setup(&s, "standard", 2, 0, err, sizeof err) == 0);
        gplayer *seat[2] = { k % 2 ? shallow : deep, k % 2 ? deep : shallow };
        for (int ply = 0; !g->over(&s); ply++)
            g->apply(&s, gplayer_choose(seat[g->to_act(&s)], &s, seed_mix((uint64_t)k, (uint64_t)ply)));
        double sc[GAME_MAX_PLAYERS];
        g->outcome(&s, sc);
        deep_points += sc[k % 2];
    }
    gplayer_free(deep);
    gplayer_free(shallow);
    CHECKF(deep_points > 0.75 * games, "depth 4 scored %g of %d against depth 1", deep_points, games);
}

const test_case tests_connect4[] = {
    { "connect4_rules_agree_with_the_naive_reference", rules_agree_with_the_naive_reference },
    { "connect4_perft_is_the_rules_pages", perft_is_the_rules_pages },
    { "connect4_text_refuses_what_no_game_reaches", text_refuses_what_no_game_reaches },
    { "connect4_mirror_images_share_a_key", mirror_images_share_a_key },
    { "connect4_ab_wins_blocks_and_repeats", ab_wins_blocks_and_repeats },
    { "connect4_deeper_search_wins_more", deeper_search_wins_more },
    { "connect4_ab_table_solves_as_the_plain_search", ab_table_solves_as_the_plain_search },
    { NULL, NULL },
};
GAME_TESTS(tests_connect4);
