/* test_game.c — TZAAR behind the game interface: a driver that knows no
 * rules plays whole games and agrees with the engine underneath. */
#include <stdlib.h>
#include <string.h>
#include "games/game.h"
#include "games/tzaar/movegen.h"
#include "core/prng.h"
#include "check.h"

static void interface_drives_whole_games(void)
{
    char err[200];
    const game_def *g = game_find("tzaar", NULL, 0);
    REQUIRE(g && game_find("talat", err, sizeof err) == NULL);
    CHECK(g->min_players == 2 && g->max_players == 2 && g->max_actions >= MAX_ACTIONS);
    void *s = malloc(g->state_size), *t = malloc(g->state_size);
    game_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    REQUIRE(s && t && acts);
    char text[256], atext[32];
    xoshiro256 r;
    xoshiro_seed(&r, 5);
    int wins[2] = { 0, 0 };
    for (int game = 0; game < 60; game++) {
        const char *setup = g->setup_names[game % 3];
        REQUIRE(g->setup(s, setup, 2, (uint64_t)game, err, sizeof err) == 0);
        while (!g->over(s)) {
            int who = g->to_act(s), n = g->legal(s, acts);
            REQUIRE(who == 0 || who == 1);
            REQUIRE(n > 0 && n <= g->max_actions);
            /* The text forms round-trip through the interface. */
            g->to_text(s, text, sizeof text);
            REQUIRE(g->from_text(t, text, err, sizeof err) == 0);
            game_action a = acts[xoshiro_below(&r, (uint64_t)n)], back;
            g->action_to_text(s, a, atext, sizeof atext);
            REQUIRE(g->action_from_text(s, atext, &back, err, sizeof err) == 0 && back == a);
            g->apply(s, a);
        }
        CHECK(g->to_act(s) == -1 && g->legal(s, acts) == 0);
        double score[GAME_MAX_PLAYERS];
        g->outcome(s, score);
        CHECK(score[0] + score[1] == 1 && (score[0] == 1 || score[1] == 1));
        wins[score[1] == 1]++;
        const char *how = g->ending_names[g->ending(s)];
        CHECK(!strcmp(how, "trinity") || !strcmp(how, "no_capture"));
        CHECK(game_winner(s, NULL) == (score[0] == 1 ? WHITE : BLACK));
    }
    CHECK(wins[0] > 0 && wins[1] > 0);
    CHECK(g->setup(s, "bogus", 2, 0, err, sizeof err) == -1 && strstr(err, "bogus"));
    CHECK(g->setup(s, "random", 3, 0, err, sizeof err) == -1 && strstr(err, "3"));
    CHECK(g->from_text(s, "nonsense", err, sizeof err) == -1 && err[0]);
    free(s);
    free(t);
    free(acts);
}

const test_case tests_game[] = {
    { "game_interface_drives_games", interface_drives_whole_games },
    { NULL, NULL },
};
