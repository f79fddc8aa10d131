/* game_tzaar.c — TZAAR behind the game interface (see game.h). */
#include <stdio.h>
#include <string.h>
#include "games/game.h"
#include "bench.h"
#include "movegen.h"
#include "notation.h"
#include "render_tzaar.h"
#include "setup.h"

static const char *const tzaar_setups[] = { "random", "fixed", "tournament", NULL };

static int tz_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    int kind = setup_kind(name);
    if (kind < 0) {
        snprintf(err, n, "unknown setup '%s' (expected random, fixed or tournament)", name);
        return -1;
    }
    if (players != 2) {
        snprintf(err, n, "TZAAR is a game for 2 players, not %d", players);
        return -1;
    }
    setup_make(s, kind, seed);
    return 0;
}

static int tz_players(const void *s)
{
    (void)s;
    return 2;
}

static bool tz_over(const void *s)
{
    return game_winner(s, NULL) >= 0;
}

static int tz_to_act(const void *s)
{
    return tz_over(s) ? -1 : ((const position *)s)->side;
}

static int tz_legal(const void *s, game_action *out)
{
    action list[MAX_ACTIONS];
    int n = gen_actions(s, list);
    for (int i = 0; i < n; i++)
        out[i] = list[i];
    return n;
}

static void tz_apply(void *s, game_action a)
{
    undo u;
    pos_make(s, (action)a, &u);
}

static void tz_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    int w = game_winner(s, NULL);
    scores[WHITE] = w == WHITE ? 1.0 : 0.0;
    scores[BLACK] = w == BLACK ? 1.0 : 0.0;
}

static const char *const tzaar_endings[] = { "none", "trinity", "no_capture", NULL };

static int tz_ending(const void *s)
{
    int e;
    game_winner(s, &e);
    return e == END_TRINITY ? 1 : e == END_NO_CAPTURE ? 2 : 0;
}

static int tz_to_text(const void *s, char *out, size_t n)
{
    return pos_to_text(s, out, n);
}

static int tz_from_text(void *s, const char *text, char *err, size_t n)
{
    return pos_from_text(s, text, err, n);
}

static void tz_action_to_text(const void *s, game_action a, char *out, size_t n)
{
    char t[ACTION_TEXT_MAX];
    action_to_text((action)a, ((const position *)s)->side, t);
    snprintf(out, n, "%s", t);
}

static int tz_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n)
{
    action x;
    if (action_parse_legal(s, text, &x, err, n))
        return -1;
    *a = x;
    return 0;
}

extern const game_def game_tzaar;
const game_def game_tzaar = {
    .name = "tzaar",
    .min_players = 2,
    .max_players = 2,
    .state_size = sizeof(position),
    .max_actions = MAX_ACTIONS,
    .setup_names = tzaar_setups,
    .setup = tz_setup,
    .players = tz_players,
    .to_act = tz_to_act,
    .legal = tz_legal,
    .apply = tz_apply,
    .over = tz_over,
    .outcome = tz_outcome,
    .ending_names = tzaar_endings,
    .ending = tz_ending,
    .to_text = tz_to_text,
    .from_text = tz_from_text,
    .action_to_text = tz_action_to_text,
    .action_from_text = tz_action_from_text,
    .perft = tzaar_perft,
    .bench = tzaar_bench,
    .search_nodes = tzaar_search_nodes,
    .svg_viewbox = TZ_SVG_VIEWBOX,
    .svg_legend = TZ_SVG_LEGEND,
    .svg_board = tz_svg_board,
    .svg_pieces = tz_svg_pieces,
};

const game_def *game_find(const char *name, char *err, size_t n)
{
    if (!strcmp(name, game_tzaar.name))
        return &game_tzaar;
    if (err)
        snprintf(err, n, "unknown game '%s' (expected tzaar)", name);
    return NULL;
}
