/* test_talat_diff.c — Talat's engine (engine/talat/) against the separately
 * written naive engine (talat_naive.c): random games from the empty boards,
 * 2 and 3 players, compared at every position (legal actions as text,
 * whether the game is over, points and ranks). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/talat/talat.h"
#include "talat_naive.h"

/* Games per mode in the differential test: the release build looks for a
 * logic difference over 250; the sanitizer build (TRIAD_DEBUG), at about 3
 * times the cost (48 s of its CPU, the longest unit test there), checks
 * the same paths for memory errors over 100. */
#ifdef TRIAD_DEBUG
#define TALAT_DIFF_DEFAULT 100
#else
#define TALAT_DIFF_DEFAULT 250
#endif

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* One random game played by both engines from the empty boards; false
 * after the first disagreement (reported). */
static bool diff_game(int players, uint64_t seed, tl_fcache *cache, int *undecided)
{
    static nv_game ng; /* large-ish; one at a time */
    talat p;
    char err[128];
    tl_setup(&p, "played", players, 0, err, sizeof err);
    nv_start(&ng, players);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    game_action list[TL_MAX_ACTIONS];
    char fast[TL_MAX_ACTIONS][16], naive[NV_MAX_ACTIONS][16];
    for (int ply = 0;; ply++) {
        int n = tl_legal(&p, list), m = nv_legal(&ng, naive);
        for (int i = 0; i < n; i++)
            tl_action_to_text(&p, list[i], fast[i], 16);
        qsort(fast, (size_t)n, 16, cmp_text);
        qsort(naive, (size_t)m, 16, cmp_text);
        bool same = n == m;
        for (int i = 0; same && i < n; i++)
            same = !strcmp(fast[i], naive[i]);
        char text[GAME_TEXT_MAX];
        tl_to_text(&p, text, sizeof text);
        if (!same) {
            CHECKF(0, "%d players seed %llu ply %d: %d actions, naive %d, in '%s'", players, (unsigned long long)seed,
                   ply, n, m, text);
            return false;
        }
        bool flags = p.phase != TL_PHASE_MOVE ||
                     (((p.frozen & 1) != 0) == ng.frozen[0] && ((p.frozen & 2) != 0) == ng.frozen[1] &&
                      ((p.frozen & 4) != 0) == ng.frozen[2]);
        if (!flags || tl_over(&p) != nv_over(&ng)) {
            CHECKF(0, "%d players seed %llu ply %d: frozen %d, naive %d%d%d, in '%s'", players,
                   (unsigned long long)seed, ply, p.frozen, ng.frozen[0], ng.frozen[1], ng.frozen[2], text);
            return false;
        }
        if (!n)
            break;
        int k = (int)xoshiro_below(&rng, (uint64_t)n);
        char chosen[16];
        tl_action_to_text(&p, list[k], chosen, sizeof chosen);
        tl_apply(&p, list[k], cache);
        ng.undecided_board = -1;
        nv_play(&ng, chosen);
        if (ng.undecided_board >= 0) /* too big for brute force: take the fast answer, counted */
            ng.frozen[ng.undecided_board] = p.frozen >> ng.undecided_board & 1;
    }
    int r1[GAME_MAX_PLAYERS], r2[3];
    tl_rank(&p, r1);
    nv_ranks(&ng, r2);
    for (int k = 0; k < players; k++)
        if (tl_points(&p, k) != nv_points(&ng, k) || r1[k] != r2[k]) {
            CHECKF(0, "%d players seed %llu: seat %d scores %d rank %d, naive %d rank %d", players,
                   (unsigned long long)seed, k, tl_points(&p, k), r1[k], nv_points(&ng, k), r2[k]);
            return false;
        }
    *undecided += ng.undecided;
    return true;
}

/* TALAT_DIFF_GAMES sets the games per mode (default below). */
static void differential_against_naive(void)
{
    char err[128];
    REQUIRE(game_find("talat", err, sizeof err));
    const char *env = getenv("TALAT_DIFF_GAMES");
    int games = env && atoi(env) > 0 ? atoi(env) : TALAT_DIFF_DEFAULT;
    tl_fcache *cache = calloc(1, sizeof *cache);
    REQUIRE(cache);
    int undecided = 0;
    clock_t t0 = clock();
    for (int players = 2; players <= 3; players++)
        for (int g = 0; g < games; g++)
            if (!diff_game(players, seed_mix(0x7a1a7, (uint64_t)(players * 1000003 + g)), cache, &undecided))
                break;
    /* Brute force gives up on a board with more than 2,000,000 reachable
     * positions (rare: the count is printed with TALAT_DIFF_GAMES); those
     * take the fast answer, and more than one per 100 games fails. */
    CHECKF(undecided <= games / 100, "the naive frozen test gave up %d times", undecided);
    if (env)
        fprintf(stderr, "talat differential: %d games per mode, %.1f s, %d boards too big for brute force\n",
                games, (double)(clock() - t0) / CLOCKS_PER_SEC, undecided);
    free(cache);
}

const test_case tests_talat_diff[] = {
    { "talat_differential", differential_against_naive },
    { NULL, NULL },
};
