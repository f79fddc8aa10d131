/* game_talat.c — Talat behind the game interface (engine/game.h).  The
 * rules are in rules.c and frozen.c, the texts in text.c, the starts in
 * setup.c; this file is the table.  The modules' functions that a hook
 * calls take the hook's own signature (the state as void *: talat.h), so
 * the table names them directly; the few functions here do a job of their
 * own (a field, a cache, a default). */
#include <stdlib.h>
#include <string.h>
#include "features.h"
#include "player.h"
#include "render.h"
#include "talat.h"

/* The last three: the Zihin game under the other reading of its line
 * scoring (talat.h, TL_RULE_HUMAN_LINE; docs/talat.md). */
static const char *const setups[] = { "played", "random", "mirror", "played" TL_HUMAN_LINE_SUFFIX,
                                      "random" TL_HUMAN_LINE_SUFFIX, "mirror" TL_HUMAN_LINE_SUFFIX, NULL };
static const char *const endings[] = { "none", "two_frozen", NULL };

static int talat_init(char *err, size_t n)
{
    (void)err, (void)n;
    tl_init();
    return 0;
}

static int g_players(const void *s)
{
    return ((const talat *)s)->players;
}

static int g_to_act(const void *s)
{
    return tl_over(s) ? -1 : ((const talat *)s)->side;
}

static void g_apply(void *s, game_action a)
{
    tl_apply(s, a, NULL);
}

/* komi: the variants' (komi.c), 0 in the rulebook's games, so left out of
 * the reports where no game has it (last_part_optional). */
static const char *const score_parts[] = { "captures", "lines", "komi", NULL };

static void g_score_parts(const void *s, int seat, double *out)
{
    out[0] = tl_capture_points(s, seat);
    out[1] = tl_line_points(s, seat);
    out[2] = ((const talat *)s)->komi[seat] / 2.0;
}

static void g_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    for (int k = 0; k < g_players(s); k++)
        scores[k] = tl_score(s, k);
}

static int g_ending(const void *s)
{
    return tl_over(s) ? 1 : 0;
}

static int g_turns(const void *s)
{
    return ((const talat *)s)->turns;
}

extern const game_def game_talat;

/* scratch unused: a fresh searcher every call (game.h allows it). */
static uint64_t g_search_nodes(void **scratch, const void *s, int depth)
{
    (void)scratch;
    return tl_search_nodes(&game_talat, s, depth);
}

/* One cache for the whole tree (the frozen test's answers repeat). */
static uint64_t g_perft(void *s, int depth)
{
    tl_fcache *cache = calloc(1, sizeof *cache);
    uint64_t leaves = tl_perft(s, depth, cache);
    free(cache);
    return leaves;
}

/* The rules page's positions (talat.md, "perft and test facts"). */
static const game_bench_pos bench[] = {
    { "empty, 3 players", "3 ...../...../...../...../..... ...../...../...../...../..... "
                          "...../...../...../...../..... p b -/-/-", 3, 2 },
    { "S3", "3 b13b24b36b23b16/...../...../...../w33w14.w26w34 w13w24w36w23w16/...../...../...../g33g14.g26g34 "
            "g13g24g36g23g16/...../...../...../b33b14.b26b34 m b -/-/-", 5, 4 },
    { "S2", "2 b13b24b36b23b16/...../...../...../w33w14.w26w34 w13w24w36w23w16/...../...../...../g33..g26g34 "
            "g13g24g36g23g16/...../...../...../b33b14.b26b34 m w -/-/-", 4, 4 },
    { "T", "3 b16..../..w26.b33/...../..b13../b24w23.w36w14 ...../...../.w13.../...g33./g34...w16 "
           "g24b14.g13./.g26.../g36.b36../...b23./....b26 m b w24g23/b34g14g16/w33w34", 4, 4 },
    { "E", "3 ...../...../..b23../....w13/..... ...../...../.w14.../...g33./g34..w16w36 "
           "g24b14.../.g26.../..b36../...../...g13b26 m b w23w24w26g14g36/b13b16g16g23/b24b33b34w33w34", 4, 4 },
    { "F", "3 ..w13../b16...w24/...../...../b34.b14.. ...g24./g16...w36/.w16.../.w34g13../.w33... "
           "b24g36.../b33..../....g34/....g33/..g26.. m b w26w23w14/b36g23g14b13/b23b26", 5, 4 },
    { NULL, NULL, 0, 0 },
};

_Static_assert(sizeof(talat) <= GAME_STATE_MAX, "a game state must fit GAME_STATE_MAX (engine/game.h)");

static const game_scoring talat_scoring = {
    .nscore_parts = 3,
    .last_part_optional = true,
    .score_part_names = score_parts,
    .score_parts = g_score_parts,
};

static const game_tuning talat_tuning = {
    .nfeatures = TL_FEATURES,
    .feature_names = tl_feature_names,
    .features = tl_features,
    .default_weights = "talat.txt",
};

static const game_study talat_study = {
    .nstart_features = TL_START_FEATURES,
    .start_feature_names = tl_start_feature_names,
    .start_features = tl_start_features,
};

static const game_bench talat_bench_table = {
    .perft = g_perft,
    .positions = bench,
    .bench_extra = talat_bench_extra,
    .search_nodes = g_search_nodes,
    .pins = { .engine = 0x9f58bd8ecec07ad6ULL, .perft_r3 = 683, .search_r3 = 172, .perft_r2 = 13536, .search_r2 = 591,
              .perft_full = 7495583, .search_full = 44523 },
};

const game_def game_talat = {
    .name = "talat",
    .title = "Talat (Bruce Whitehill, 2011)",
    .rules_version = "talat-1",
    .min_players = 2,
    .max_players = 3,
    .default_players = 3, /* the rule text's game; 2 is the Zihin variant */
    .state_size = sizeof(talat),
    .max_actions = TL_MAX_ACTIONS,
    .init = talat_init,
    .setup_names = setups,
    .setup = tl_setup,
    .permute = tl_permute,
    .players = g_players,
    .to_act = g_to_act,
    .legal = tl_legal,
    .apply = g_apply,
    .over = tl_over,
    .outcome = g_outcome,
    .score_max = 5 * 18 + 3 * 17, /* every enemy tower captured, 17 towers on lines: a bound */
    .rank = tl_rank,
    .ending_names = endings,
    .ending = g_ending,
    .turns = g_turns,
    .to_text = tl_to_text,
    .from_text = tl_from_text,
    .action_to_text = tl_action_to_text,
    .action_from_text = tl_action_from_text,
    .board_text = tl_board_text,
    .player_kinds = tl_player_kinds,
    .default_player = "ab",
    .scoring = &talat_scoring,
    .tuning = &talat_tuning,
    .study = &talat_study,
    .bench = &talat_bench_table,
    .nn = &tl_nn,
    .view = &tl_view,
    .params = tl_params,
    .set_params = tl_set_params,
};

/* Registered: the build finds this line (engine/game.h, GAME_REGISTER). */
GAME_REGISTER(20, game_talat);
