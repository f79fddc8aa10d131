/* test_trid_diff.c — TRID's move generator and rules (engine/trid/)
 * against the naive engine (trid_naive.h) over random games: at every ply
 * the same legal actions (as text), the same position after the chosen
 * one (so the same captures, triangle captures and eliminations), and at
 * the end the same ending, scores and ranks.
 *
 * TRID_DIFF_GAMES sets the games per player count: by default 1,000 (about
 * 8 s in all in the release build; 150 in the sanitizer build).  The
 * issue's 10,000 per count take about 80 s:
 *   TRID_DIFF_GAMES=10000 build/release/triad-tests trid_diff
 * which also prints what the games covered (triangle captures, swaps,
 * eliminations, endings).  A fifth as many are played on hex5-open. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "trid_naive.h"

#ifdef TRIAD_DEBUG
#define DEFAULT_GAMES 150 /* the sanitizer build is about 5 times slower */
#else
#define DEFAULT_GAMES 1000
#endif

static int games_per_count(void)
{
    const char *e = getenv("TRID_DIFF_GAMES");
    int n = e ? atoi(e) : DEFAULT_GAMES;
    return n > 0 ? n : DEFAULT_GAMES;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* One random game; false at the first disagreement (reported). */
static bool one_game(const game_def *g, const tn_board *nb, int players, uint64_t seed, void *s, int *plies,
                     int *tri, int *elim, int *swaps, int *endings)
{
    static char fast[TN_ACTIONS][TN_ACTION_LEN], slow[TN_ACTIONS][TN_ACTION_LEN];
    game_action acts[1024];
    char err[256], text[GAME_TEXT_MAX], ntext[GAME_TEXT_MAX];
    tn_pos p;
    xoshiro256 r;
    xoshiro_seed(&r, seed);
    if (g->setup(s, nb->name, players, seed, err, sizeof err)) {
        check_fail(__FILE__, __LINE__, "%s", err);
        return false;
    }
    g->to_text(s, text, sizeof text);
    tn_from_text(&p, nb, text);
    for (;;) {
        int n = g->legal(s, acts), m = tn_actions(&p, slow);
        for (int i = 0; i < n; i++)
            g->action_to_text(s, acts[i], fast[i], TN_ACTION_LEN);
        char sorted[TN_ACTIONS][TN_ACTION_LEN];
        memcpy(sorted, fast, sizeof sorted[0] * (size_t)n);
        qsort(sorted, (size_t)n, TN_ACTION_LEN, by_text);
        bool same = n == m;
        for (int i = 0; same && i < n; i++)
            same = !strcmp(sorted[i], slow[i]);
        if (!same) {
            int i = 0;
            while (i < n && i < m && !strcmp(sorted[i], slow[i]))
                i++;
            check_fail(__FILE__, __LINE__, "%d players seed %llu: '%s': %d actions, naive %d (first difference: '%s' vs '%s')",
                       players, (unsigned long long)seed, text, n, m, i < n ? sorted[i] : "-", i < m ? slow[i] : "-");
            return false;
        }
        if (!n)
            break;
        int k = (int)xoshiro_below(&r, (uint64_t)n);
        *swaps += strchr(fast[k], '(') != NULL;
        g->apply(s, acts[k]);
        tn_play(&p, fast[k], tri, elim);
        (*plies)++;
        g->to_text(s, text, sizeof text);
        tn_to_text(&p, ntext, sizeof ntext);
        if (strcmp(text, ntext) || g->over(s) != (p.ending != 0)) {
            check_fail(__FILE__, __LINE__, "%d players seed %llu after '%s': '%s' (over %d), naive '%s' (over %d)",
                       players, (unsigned long long)seed, fast[k], text, g->over(s), ntext, p.ending != 0);
            return false;
        }
    }
    double sc[GAME_MAX_PLAYERS], nsc[GAME_MAX_PLAYERS];
    int rk[GAME_MAX_PLAYERS], nrk[GAME_MAX_PLAYERS];
    g->outcome(s, sc);
    g->rank(s, rk);
    tn_scores(&p, nsc);
    tn_ranks(&p, nrk);
    bool same = g->ending(s) == p.ending;
    for (int k = 0; k < players; k++)
        same &= sc[k] == nsc[k] && rk[k] == nrk[k];
    CHECKF(same, "%d players seed %llu: results differ (ending %d vs %d)", players, (unsigned long long)seed,
           g->ending(s), p.ending);
    endings[p.ending]++;
    return same;
}

/* games per player count on one board; false after a disagreement. */
static bool board_games(const game_def *g, const char *path, int games, void *s)
{
    static tn_board nb;
    if (tn_board_read(&nb, path)) {
        check_fail(__FILE__, __LINE__, "the naive engine cannot read %s", path);
        return false;
    }
    for (int players = 2; players <= 4; players++) {
        int plies = 0, tri = 0, elim = 0, swaps = 0, endings[4] = { 0, 0, 0, 0 }, done = 0;
        for (int i = 0; i < games; i++, done++)
            if (!one_game(g, &nb, players, (uint64_t)(players * 1000003 + i), s, &plies, &tri, &elim, &swaps, endings))
                return false;
        /* The games reached what they are meant to test. */
        CHECKF(games < 500 || (tri > 0 && elim > 0 && swaps > 0 && endings[1] > 0 && endings[2] > 0),
               "%s, %d players: %d triangle captures, %d eliminations, %d swaps, endings %d/%d/%d", nb.name, players,
               tri, elim, swaps, endings[1], endings[2], endings[3]);
        if (getenv("TRID_DIFF_GAMES"))
            fprintf(stderr, "trid_diff: %s, %d players: %d games, %d plies, %d triangle captures, %d eliminations, "
                            "%d swaps, endings last_row %d chief_captured %d draw %d\n",
                    nb.name, players, done, plies, tri, elim, swaps, endings[1], endings[2], endings[3]);
    }
    return true;
}

static void naive_agrees_over_random_games(void)
{
    char err[256];
    const game_def *g = game_find("trid", err, sizeof err);
    REQUIRE(g);
    void *s = malloc(g->state_size);
    REQUIRE(s);
    int games = games_per_count();
    if (board_games(g, "data/boards/hex5.txt", games, s))
        board_games(g, "data/boards/hex5-open.txt", games / 5 > 0 ? games / 5 : 1, s);
    free(s);
}

const test_case tests_trid_diff[] = {
    { "trid_diff_naive_agrees", naive_agrees_over_random_games },
    { NULL, NULL },
};
