/* game_trid.c — TRID behind the game interface (engine/game.h).  Every hook
 * calls the module that does the job: board.h (the board file), position.h
 * (the rules), movegen.h, text.h, setup.h, perft.h, features.h, player.h. */
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

static void g_permute(void *s, const int perm[GAME_MAX_PLAYERS])
{
    trid_permute(s, perm);
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

static int g_legal(const void *s, game_action *out)
{
    return trid_legal(s, out);
}

static void g_apply(void *s, game_action a)
{
    trid_apply(s, a);
}

static void g_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    trid_scores(s, scores);
}

static void g_rank(const void *s, int ranks[GAME_MAX_PLAYERS])
{
    trid_ranks(s, ranks);
}

static int g_ending(const void *s)
{
    return ((const trid_state *)s)->ending;
}

static int g_turns(const void *s)
{
    return ((const trid_state *)s)->turns;
}

static int g_to_text(const void *s, char *out, size_t n)
{
    return trid_to_text(s, out, n);
}

static int g_from_text(void *s, const char *text, char *err, size_t n)
{
    return trid_from_text(s, text, err, n);
}

static void g_action_to_text(const void *s, game_action a, char *out, size_t n)
{
    trid_action_to_text(s, a, out, n);
}

static int g_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n)
{
    return trid_action_from_text(s, text, a, err, n);
}

static void g_features(const void *s, int seat, double *out)
{
    trid_features(s, seat, out);
}

static void g_start_features(const void *s, double *out)
{
    trid_start_features(s, out);
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
    .features = g_features,
    .default_weights = "data/weights/trid.txt",
};

static const game_study trid_study = {
    .nstart_features = TRID_START_FEATURES,
    .start_feature_names = trid_start_feature_names,
    .start_features = g_start_features,
};

static const game_bench trid_bench_table = {
    .perft = g_perft,
    .perft_bulk = g_perft_bulk,
    .positions = trid_bench,
    .bench_extra = g_bench_extra,
    .search_nodes = g_search_nodes,
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
    .permute = g_permute,
    .players = g_players,
    .to_act = g_to_act,
    .legal = g_legal,
    .apply = g_apply,
    .over = g_over,
    .outcome = g_outcome,
    .score_max = 1,
    .score_denominator = 12, /* a draw among k = 2, 3 or 4 survivors: 1/k each */
    .rank = g_rank,
    .ending_names = trid_endings,
    .ending = g_ending,
    .turns = g_turns,
    .to_text = g_to_text,
    .from_text = g_from_text,
    .action_to_text = g_action_to_text,
    .action_from_text = g_action_from_text,
    .board_text = trid_board_text,
    .player_kinds = trid_player_kinds,
    .default_player = "ab",
    .tuning = &trid_tuning,
    .study = &trid_study,
    .bench = &trid_bench_table,
    .nn = &trid_nn,
    .view = &trid_view,
};
