/* game_connect4.c — Connect Four behind the game interface (engine/game.h):
 * the table, the bench positions and signatures, and the registration line.
 * Everything else is in this folder: rules.c, text.c, player.c, render.c;
 * its own tests in tests/ and fuzz seeds in fuzz/ (docs/architecture.md,
 * "Adding a game"). */
#include <stddef.h>
#include "connect4.h"

_Static_assert(sizeof(c4_state) <= GAME_STATE_MAX, "a game state must fit GAME_STATE_MAX (engine/game.h)");
_Static_assert(sizeof(c4_state) == 32, "c4_state has no padding: states compare with memcmp");

static const char *const setups[] = { "standard", NULL };
static const char *const endings[] = { "none", "four", "full", NULL };
static const char *const seats[] = { "Red", "Yellow", NULL };

/* The empty board (the rules' perft: 117,649 at depth 6, 5,673,234 at
 * depth 8) and a middle game after d d c e e c. */
static const game_bench_pos bench[] = {
    { "start", "......./......./......./......./......./....... r", 8, 8 },
    { "middle", "......./......./......./......./..yyr../..rry.. r", 7, 8 },
    { NULL, NULL, 0, 0 },
};

static const game_bench connect4_bench = {
    .positions = bench,
    .perft = c4_perft,
    .perft_bulk = c4_perft_bulk,
    .search_nodes = c4_search_nodes,
    /* triad --version; triad bench --game connect4 --reduce 3, --reduce 2, --reduce 0 */
    .pins = { .engine = 0xb7d5bb150e5fc0ccULL, .perft_r3 = 19124, .search_r3 = 6524, .perft_r2 = 133865,
              .search_r2 = 21583, .perft_full = 6418680, .search_full = 255202 },
};

const game_def game_connect4 = {
    .name = "connect4",
    .title = "Connect Four (7 x 6)",
    .rules_version = "connect4-1",
    .min_players = 2,
    .max_players = 2,
    .state_size = sizeof(c4_state),
    .max_actions = C4_COLS,
    .init = c4_init,
    .setup_names = setups,
    .setup = c4_setup,
    .permute = c4_permute,
    .players = c4_players,
    .to_act = c4_to_act,
    .legal = c4_legal,
    .apply = c4_apply,
    .over = c4_over,
    .outcome = c4_outcome,
    .score_max = 1,
    .rank = c4_rank,
    .ending_names = endings,
    .ending = c4_ending,
    .turns = c4_turns,
    .seat_names = seats,
    .to_text = c4_to_text,
    .from_text = c4_from_text,
    .action_to_text = c4_action_to_text,
    .action_from_text = c4_action_from_text,
    .board_text = c4_board_text,
    .symmetry_key = c4_symmetry_key,
    .player_kinds = c4_player_kinds,
    .default_player = "ab",
    .bench = &connect4_bench,
    .view = &c4_view,
};

/* Registered: the build finds this line (engine/game.h, GAME_REGISTER). */
GAME_REGISTER(50, game_connect4);
