/* game_trid.c — TRID behind the game interface (engine/game.h).  Every hook
 * is the module that does the job: board.h (the board file), position.h
 * (the rules), movegen.h, text.h, setup.h, perft.h, features.h, player.h.
 * Their functions that a hook calls take the hook's own signature (the
 * state as void *), so the table names them directly; the few functions
 * here do a job of their own (a field, a fixed seed, the game's table). */
#include <stdio.h>
#include <string.h>
#include "bench.h"
#include "features.h"
#include "engine/game.h"
#include "movegen.h"
#include "perft.h"
#include "player.h"
#include "render.h"
#include "setup.h"
#include "text.h"

_Static_assert(sizeof(trid_state) <= GAME_STATE_MAX, "a game state must fit GAME_STATE_MAX (engine/game.h)");

static const char *const trid_endings[] = { "none", "last_row", "chief_captured", "draw", NULL }; /* END_* */
/* The setup names are board names: filled by init from the loaded boards. */
static const char *trid_setups[TRID_MAX_BOARDS + 1];

static int trid_init(char *err, size_t n)
{
    if (trid_board_init(err, n))
        return -1;
    for (int i = 0; trid_boards[i]; i++)
        trid_setups[i] = trid_boards[i]->name;
    return 0;
}

static int g_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    (void)seed; /* one fixed start per player count */
    return trid_setup(s, name, players, err, n);
}

static int g_players(const void *s)
{
    return ((const trid_state *)s)->players;
}

static bool g_over(const void *s)
{
    return ((const trid_state *)s)->ending != END_NONE;
}

static int g_to_act(const void *s)
{
    return g_over(s) ? -1 : ((const trid_state *)s)->side;
}

static int g_ending(const void *s)
{
    return ((const trid_state *)s)->ending;
}

static int g_turns(const void *s)
{
    return ((const trid_state *)s)->turns;
}

static uint64_t g_perft(void *s, int depth)
{
    return trid_perft(s, depth);
}

static uint64_t g_perft_bulk(void *s, int depth)
{
    return trid_perft_bulk(s, depth);
}

extern const game_def game_trid;

/* scratch unused: a fresh searcher every call (game.h allows it). */
static uint64_t g_search_nodes(void **scratch, const void *s, int depth)
{
    (void)scratch;
    return trid_search_nodes(&game_trid, s, depth);
}

static int g_bench_extra(int runs, game_bench_figure *out, int max)
{
    return trid_bench_extra(&game_trid, runs, out, max);
}

static const game_tuning trid_tuning = {
    .nfeatures = TRID_FEATURES,
    .feature_names = trid_feature_names,
    .features = trid_features,
    .default_weights = "data/weights/trid.txt",
};

static const game_study trid_study = {
    .nstart_features = TRID_START_FEATURES,
    .start_feature_names = trid_start_feature_names,
    .start_features = trid_start_features,
};

static const game_bench trid_bench_table = {
    .perft = g_perft,
    .perft_bulk = g_perft_bulk,
    .positions = trid_bench,
    .bench_extra = g_bench_extra,
    .search_nodes = g_search_nodes,
    .pins = { .engine = 0xab21e454082ff075ULL, .perft_r3 = 69, .search_r3 = 140, .perft_r2 = 201, .search_r2 = 1570,
              .perft_full = 48346, .search_full = 55073 },
};

const game_def game_trid = {
    .name = "trid",
    .title = "TRID (Rafal Kowalski, 2007; board hex5 reconstructed)",
    .rules_version = "trid-1",
    .min_players = TRID_MIN_PLAYERS,
    .max_players = TRID_MAX_PLAYERS,
    .state_size = sizeof(trid_state),
    .max_actions = TRID_MAX_ACTIONS,
    .init = trid_init,
    .setup_names = trid_setups,
    .setup = g_setup,
    .permute = trid_permute,
    .players = g_players,
    .to_act = g_to_act,
    .legal = trid_legal,
    .apply = trid_apply,
    .over = g_over,
    .outcome = trid_scores,
    .score_max = 1,
    .score_denominator = 12, /* a draw among k = 2, 3 or 4 survivors: 1/k each */
    .rank = trid_ranks,
    .ending_names = trid_endings,
    .ending = g_ending,
    .turns = g_turns,
    .to_text = trid_to_text,
    .from_text = trid_from_text,
    .action_to_text = trid_action_to_text,
    .action_from_text = trid_action_from_text,
    .board_text = trid_board_text,
    .player_kinds = trid_player_kinds,
    .default_player = "ab",
    .tuning = &trid_tuning,
    .study = &trid_study,
    .bench = &trid_bench_table,
    .nn = &trid_nn,
    .view = &trid_view,
};

/* Registered: the build finds this line (engine/game.h, GAME_REGISTER). */
GAME_REGISTER(30, game_trid);
