/* test_api.c — libtriad's C API (include/triad.h), as a program outside
 * triad sees it: this file includes triad.h alone and links libtriad.so
 * (or libtriad.a), so it also checks that every function is exported.
 *
 *   triad-api-test RECORDS_FILE     (tests/run.sh gives a sample file)
 *
 * Prints "ok"/"not ok" lines and "N passed, N failed". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "triad.h"

static int passed, failed;

#define CHECK(cond, ...)                                                                                     \
    do {                                                                                                     \
        if (cond)                                                                                            \
            passed++;                                                                                        \
        else {                                                                                               \
            failed++;                                                                                        \
            printf("not ok - %s:%d: ", __FILE__, __LINE__);                                                  \
            printf(__VA_ARGS__);                                                                             \
            printf("\n");                                                                                    \
        }                                                                                                    \
    } while (0)

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void test_library(void)
{
    int seen = 0;
    CHECK(triad_api_version() == TRIAD_API_VERSION, "api version %d", triad_api_version());
    CHECK(triad_version() && triad_version()[0] >= '0' && triad_version()[0] <= '9', "version '%s'", triad_version());
    for (int i = 0; triad_game_name_at(i); i++)
        seen |= (!strcmp(triad_game_name_at(i), "tzaar")) | (!strcmp(triad_game_name_at(i), "talat")) << 1 |
                (!strcmp(triad_game_name_at(i), "trid")) << 2 | (!strcmp(triad_game_name_at(i), "race3")) << 3;
    CHECK(seen == 15, "the game list names tzaar, talat, trid and race3 (%d)", seen);
    CHECK(triad_game_name_at(-1) == NULL && triad_game_name_at(99) == NULL, "no game outside the list");
}

static void test_errors(void)
{
    char err[TRIAD_ERR_MAX] = "";
    triad_game *g = (triad_game *)1;
    CHECK(triad_game_load(&g, "chess", 0, err, sizeof err) == TRIAD_EARG && g == NULL && strstr(err, "chess") &&
              strstr(err, "tzaar"), "an unknown game is refused, naming the known ones: '%s'", err);
    CHECK(triad_game_load(&g, "tzaar", 3, err, sizeof err) == TRIAD_EARG && strstr(err, "2 to 2"),
          "TZAAR for 3 is refused: '%s'", err);
    CHECK(triad_game_load(&g, "tzaar", 0, NULL, 0) == TRIAD_OK && g, "a NULL error buffer is allowed");
    triad_state *s = NULL;
    CHECK(triad_state_new(&s, g, "nosuch", 1, err, sizeof err) == TRIAD_EARG && !s && err[0],
          "an unknown setup is refused: '%s'", err);
    CHECK(triad_state_from_text(&s, g, "not a position", err, sizeof err) == TRIAD_EARG && !s && err[0],
          "a bad position string is refused: '%s'", err);
    triad_player *p = NULL;
    CHECK(triad_player_new(&p, g, "ab:depth=x", err, sizeof err) == TRIAD_EARG && !p && err[0],
          "a bad player spec is refused: '%s'", err);
    triad_records *r = NULL;
    CHECK(triad_records_open(&r, "/nonexistent/x.trd", err, sizeof err) == TRIAD_EIO && !r && strstr(err, "x.trd"),
          "a missing records file is refused: '%s'", err);
    /* a player of one game cannot play another's state */
    triad_game *t = NULL;
    triad_action a;
    if (triad_game_load(&t, "talat", 3, err, sizeof err) == TRIAD_OK && triad_state_new(&s, t, NULL, 1, err, sizeof err) == TRIAD_OK &&
        triad_player_new(&p, g, "random", err, sizeof err) == TRIAD_OK) {
        CHECK(triad_player_choose(p, s, 1, &a, err, sizeof err) == TRIAD_EARG && strstr(err, "talat"),
              "a TZAAR player refuses a Talat state: '%s'", err);
        triad_player_free(p);
        triad_state_free(s);
    } else {
        CHECK(0, "setup for the wrong-game test failed: %s", err);
    }
    triad_game_free(t);
    triad_game_free(g);
}

/* Every function given a NULL handle (issue 40 item 7): a status
 * function returns TRIAD_EARG and says so in err, an accessor returns
 * NULL, -1 or 0 (triad.h's conventions), and nothing crashes (the SAN=1
 * build runs this under ASan and UBSan). */
static void test_null_handles(void)
{
    char err[TRIAD_ERR_MAX], buf[64];
    triad_action a = 7, acts[4];
    double ret[4];
    int ranks[4];
    const char *json = "x";
    triad_state *s = (triad_state *)1;
    /* games */
    CHECK(triad_game_name(NULL) == NULL && triad_game_title(NULL) == NULL && triad_game_rules_version(NULL) == NULL,
          "a NULL game's names are NULL");
    CHECK(triad_game_num_players(NULL) == TRIAD_EARG && triad_game_max_actions(NULL) == TRIAD_EARG,
          "a NULL game's counts are TRIAD_EARG");
    CHECK(triad_game_score_max(NULL) == -1.0, "a NULL game's score_max is -1");
    CHECK(triad_game_setup_name(NULL, 0) == NULL && triad_game_default_setup(NULL) == NULL, "a NULL game's setups");
    CHECK(triad_game_engine_signature(NULL) == 0, "a NULL game's signature is 0");
    CHECK(triad_game_num_params(NULL) == TRIAD_EARG && triad_game_param_name(NULL, 0) == NULL &&
          triad_game_param_value(NULL, 0) == NULL && triad_game_base_name(NULL) == NULL, "a NULL game's parameters");
    triad_game_free(NULL);
    err[0] = 0;
    CHECK(triad_state_new(&s, NULL, NULL, 1, err, sizeof err) == TRIAD_EARG && err[0], "state_new(NULL game): '%s'", err);
    CHECK(triad_state_from_text(&s, NULL, "x", err, sizeof err) == TRIAD_EARG, "state_from_text(NULL game)");
    CHECK(triad_player_new(NULL, NULL, "random", err, sizeof err) == TRIAD_EARG, "player_new(NULL)");
    /* states */
    CHECK(triad_state_clone(&s, NULL, err, sizeof err) == TRIAD_EARG, "clone(NULL)");
    triad_state_free(NULL);
    CHECK(triad_state_game(NULL) == NULL, "a NULL state's game is NULL");
    CHECK(triad_state_current_player(NULL) == TRIAD_EARG && triad_state_is_terminal(NULL) == TRIAD_EARG,
          "a NULL state's player and end are TRIAD_EARG");
    CHECK(triad_state_legal_actions(NULL, acts, 4) == TRIAD_EARG, "legal_actions(NULL)");
    err[0] = 0;
    CHECK(triad_state_apply(NULL, a, err, sizeof err) == TRIAD_EARG && strstr(err, "NULL"), "apply(NULL): '%s'", err);
    err[0] = 0;
    CHECK(triad_state_parse_action(NULL, "A5xA4", &a, err, sizeof err) == TRIAD_EARG && err[0],
          "parse_action(NULL): '%s'", err);
    CHECK(triad_state_action_text(NULL, a, buf, sizeof buf) == TRIAD_EARG, "action_text(NULL)");
    CHECK(triad_state_text(NULL, buf, sizeof buf) == TRIAD_EARG, "text(NULL)");
    CHECK(triad_state_board_text(NULL, buf, sizeof buf) == TRIAD_EARG, "board_text(NULL)");
    CHECK(triad_state_returns(NULL, ret, 4) == TRIAD_EARG, "returns(NULL)");
    CHECK(triad_state_ranks(NULL, ranks, 4) == TRIAD_EARG, "ranks(NULL)");
    CHECK(triad_state_turns(NULL) == TRIAD_EARG && triad_state_ending(NULL) == NULL, "a NULL state's turns, ending");
    /* players */
    triad_player_free(NULL);
    CHECK(triad_player_spec(NULL) == NULL, "a NULL player's spec is NULL");
    CHECK(triad_player_choose(NULL, NULL, 1, &a, err, sizeof err) == TRIAD_EARG, "choose(NULL)");
    /* records */
    triad_records_close(NULL);
    err[0] = 0;
    CHECK(triad_records_next(NULL, err, sizeof err) == TRIAD_EARG && strstr(err, "NULL"), "records_next(NULL): '%s'", err);
    CHECK(triad_records_json(NULL, 0, &json, err, sizeof err) == TRIAD_EARG, "records_json(NULL)");
    CHECK(triad_records_run_json(NULL, &json, err, sizeof err) == TRIAD_EARG, "records_run_json(NULL)");
    CHECK(triad_records_game(NULL) == NULL && triad_records_id(NULL) == 0, "a NULL reader's game and id");
    s = (triad_state *)1;
    CHECK(triad_records_start(NULL, &s, err, sizeof err) == TRIAD_EARG && s == NULL, "records_start(NULL)");
    CHECK(triad_records_actions(NULL, acts, 4) == TRIAD_EARG, "records_actions(NULL)");
    CHECK(triad_records_open(NULL, NULL, NULL, 0) == TRIAD_EARG, "records_open(NULL) with no error buffer");
}

/* Game parameters: a variant by its spec, its canonical name, its values,
 * its own signature and states; a mistake refused in one line. */
static void test_variants(void)
{
    char err[TRIAD_ERR_MAX] = "", text[256];
    triad_game *g = NULL, *r = NULL;
    CHECK(triad_game_load(&g, "tzaar:pie=1,first=both", 0, err, sizeof err) == TRIAD_OK && g, "a variant: '%s'", err);
    CHECK(g && !strcmp(triad_game_name(g), "tzaar:first=both,pie=1") && !strcmp(triad_game_base_name(g), "tzaar"),
          "its canonical name '%s'", g ? triad_game_name(g) : "");
    CHECK(triad_game_num_params(g) == 2 && !strcmp(triad_game_param_name(g, 0), "first") &&
          !strcmp(triad_game_param_value(g, 0), "both") && !strcmp(triad_game_param_value(g, 1), "1") &&
          triad_game_param_name(g, 2) == NULL && triad_game_param_value(g, -1) == NULL, "its parameters");
    CHECK(triad_game_engine_signature(g) == 0xa5ccbfa47cac4647ULL, "its signature %016" PRIx64,
          triad_game_engine_signature(g));
    triad_state *s = NULL;
    CHECK(triad_state_new(&s, g, "fixed", 0, err, sizeof err) == TRIAD_OK && triad_state_text(s, text, sizeof text) > 0 &&
          !strcmp(text + strlen(text) - 5, " w ds"), "its start '%s'", text);
    triad_state_free(s);
    CHECK(triad_game_load(&r, "tzaar:first=capture", 0, err, sizeof err) == TRIAD_OK && !strcmp(triad_game_name(r), "tzaar")
          && !strcmp(triad_game_param_value(r, 0), "capture"), "the rulebook's values are the game");
    CHECK(triad_state_from_text(&s, r, text, err, sizeof err) == TRIAD_EARG && !s && strstr(err, "first=both,pie=1's"),
          "the rulebook refuses the variant's position: '%s'", err);
    triad_game_free(r);
    r = (triad_game *)1;
    CHECK(triad_game_load(&r, "tzaar:komi=2", 0, err, sizeof err) == TRIAD_EARG && !r && strstr(err, "'komi'") &&
          !strchr(err, '\n'), "an unknown parameter: '%s'", err);
    triad_game_free(g);
}

/* A random playout of game name for players seats, checking every call on
 * the way; returns the number of actions played. */
static int playout(const char *name, int players, const char *setup, uint64_t seed)
{
    char err[TRIAD_ERR_MAX], text[1024], again[1024], atext[64];
    triad_game *g = NULL;
    triad_state *s = NULL, *c = NULL;
    if (triad_game_load(&g, name, players, err, sizeof err) || triad_state_new(&s, g, setup, seed, err, sizeof err)) {
        CHECK(0, "%s/%d: %s", name, players, err);
        triad_game_free(g);
        return 0;
    }
    int max = triad_game_max_actions(g), plies = 0, bad = 0;
    triad_action *legal = malloc((size_t)max * sizeof *legal);
    CHECK(triad_game_num_players(g) == players, "%s: %d players", name, triad_game_num_players(g));
    while (!triad_state_is_terminal(s) && plies < 5000) {
        int k = triad_state_legal_actions(s, legal, max), who = triad_state_current_player(s);
        bad += k < 1 || k > max || who < 0 || who >= players;
        for (int i = 1; i < k; i++)
            bad += legal[i - 1] >= legal[i]; /* ascending */
        triad_action a = legal[splitmix(&seed) % (uint64_t)k], back;
        int len = triad_state_action_text(s, a, atext, sizeof atext);
        bad += len <= 0 || (size_t)len != strlen(atext);
        bad += triad_state_parse_action(s, atext, &back, err, sizeof err) != TRIAD_OK || back != a;
        if (plies % 7 == 0) { /* text round trip and clone */
            bad += triad_state_text(s, text, sizeof text) < 0;
            triad_state *t = NULL;
            bad += triad_state_from_text(&t, g, text, err, sizeof err) != TRIAD_OK ||
                   triad_state_text(t, again, sizeof again) < 0 || strcmp(text, again);
            triad_state_free(t);
            bad += triad_state_text(s, text, 8) != TRIAD_ESPACE;
        }
        /* an action that is not legal is refused and changes nothing */
        triad_action wrong = legal[k - 1] + 1;
        int is_legal = 0;
        for (int i = 0; i < k; i++)
            is_legal |= legal[i] == wrong;
        triad_state_text(s, text, sizeof text);
        if (!is_legal)
            bad += triad_state_apply(s, wrong, err, sizeof err) != TRIAD_EILLEGAL ||
                   triad_state_text(s, again, sizeof again) < 0 || strcmp(text, again);
        bad += triad_state_apply(s, a, err, sizeof err) != TRIAD_OK;
        plies++;
    }
    CHECK(!bad, "%s/%d: %d failed checks during the playout", name, players, bad);
    CHECK(triad_state_is_terminal(s), "%s/%d: the playout ends (%d plies)", name, players, plies);
    double ret[TRIAD_MAX_PLAYERS];
    int ranks[TRIAD_MAX_PLAYERS];
    CHECK(triad_state_current_player(s) == -1 && triad_state_legal_actions(s, legal, max) == 0,
          "%s/%d: nobody acts at the end", name, players);
    CHECK(triad_state_returns(s, ret, TRIAD_MAX_PLAYERS) == players && triad_state_ranks(s, ranks, TRIAD_MAX_PLAYERS) == players,
          "%s/%d: returns and ranks at the end", name, players);
    for (int i = 0; i < players; i++)
        for (int j = 0; j < players; j++)
            CHECK(!(ret[i] > ret[j] && ranks[i] > ranks[j]), "%s/%d: a higher score never ranks lower", name, players);
    CHECK(strcmp(triad_state_ending(s), "none") != 0, "%s/%d: an ending is named (%s)", name, players, triad_state_ending(s));
    CHECK(triad_state_apply(s, legal[0], err, sizeof err) == TRIAD_EOVER, "%s/%d: no action after the end", name, players);
    CHECK(triad_state_clone(&c, s, err, sizeof err) == TRIAD_OK && triad_state_is_terminal(c) &&
              triad_state_text(c, again, sizeof again) > 0 && triad_state_text(s, text, sizeof text) > 0 && !strcmp(text, again),
          "%s/%d: a clone is the same state", name, players);
    char board[8192];
    CHECK(triad_state_board_text(s, board, sizeof board) > 0, "%s/%d: the board drawn", name, players);
    triad_state_free(c);
    triad_state_free(s);
    free(legal);
    triad_game_free(g);
    return plies;
}

static void test_playouts(void)
{
    static const struct { const char *name; int players; const char *setup; } games[] = {
        { "tzaar", 2, "random" }, { "tzaar", 2, "fixed" }, { "tzaar", 2, "tournament" }, { "talat", 3, NULL },
        { "talat", 2, NULL }, { "trid", 2, NULL }, { "trid", 3, NULL }, { "trid", 4, NULL }, { "race3", 2, NULL },
        { "race3", 4, NULL },
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            playout(games[i].name, games[i].players, games[i].setup, seed);
}

/* Before the end returns are all 0 (OpenSpiel's convention) and ranks refused. */
static void test_returns_before_end(void)
{
    char err[TRIAD_ERR_MAX];
    triad_game *g = NULL;
    triad_state *s = NULL;
    double ret[4] = { 9, 9, 9, 9 };
    int ranks[4];
    if (triad_game_load(&g, "talat", 0, err, sizeof err) || triad_state_new(&s, g, NULL, 3, err, sizeof err)) {
        CHECK(0, "%s", err);
        return;
    }
    CHECK(triad_game_num_players(g) == 3, "Talat's default is 3 players");
    CHECK(triad_state_returns(s, ret, 4) == 3 && ret[0] == 0 && ret[1] == 0 && ret[2] == 0, "returns 0 before the end");
    CHECK(triad_state_returns(s, ret, 2) == TRIAD_ESPACE, "returns into too small a buffer is refused");
    CHECK(triad_state_ranks(s, ranks, 4) == TRIAD_EOVER, "no ranks before the end");
    CHECK(!strcmp(triad_state_ending(s), "none"), "ending 'none' before the end");
    triad_state_free(s);
    triad_game_free(g);
}

static void test_players(void)
{
    char err[TRIAD_ERR_MAX];
    triad_game *g = NULL;
    triad_state *s = NULL;
    triad_player *p = NULL, *q = NULL;
    triad_action a = 0, b = 1, legal[4096];
    if (triad_game_load(&g, "tzaar", 2, err, sizeof err) || triad_state_new(&s, g, "random", 5, err, sizeof err) ||
        triad_player_new(&p, g, "ab:depth=2", err, sizeof err) || triad_player_new(&q, g, "ab:depth=2", err, sizeof err)) {
        CHECK(0, "%s", err);
        return;
    }
    CHECK(strstr(triad_player_spec(p), "depth=2") != NULL, "the canonical spec: '%s'", triad_player_spec(p));
    CHECK(triad_player_choose(p, s, 7, &a, err, sizeof err) == TRIAD_OK && triad_player_choose(q, s, 7, &b, err, sizeof err) == TRIAD_OK &&
              a == b, "two players of one spec choose alike for one seed");
    int k = triad_state_legal_actions(s, legal, 4096), found = 0;
    for (int i = 0; i < k; i++)
        found |= legal[i] == a;
    CHECK(found, "the choice is legal");
    /* a whole game between two players of different kinds */
    triad_player_free(q);
    CHECK(triad_player_new(&q, g, "greedy", err, sizeof err) == TRIAD_OK, "greedy: %s", err);
    triad_player *seat[2] = { p, q };
    int plies = 0;
    while (!triad_state_is_terminal(s) && plies < 400) {
        if (triad_player_choose(seat[triad_state_current_player(s)], s, (uint64_t)plies, &a, err, sizeof err) ||
            triad_state_apply(s, a, err, sizeof err))
            break;
        plies++;
    }
    CHECK(triad_state_is_terminal(s), "ab:depth=2 against greedy finishes (%d plies): %s", plies, err);
    CHECK(triad_player_choose(p, s, 1, &a, err, sizeof err) == TRIAD_EOVER, "no choice after the end");
    /* a program that ends at once forfeits: an error with the reason, no action (issue 40 item 8) */
    triad_player *e = NULL;
    triad_state *fresh = NULL;
    a = 12345;
    if (triad_player_new(&e, g, "engine:cmd=/bin/true", err, sizeof err) == TRIAD_OK &&
        triad_state_new(&fresh, g, "random", 5, err, sizeof err) == TRIAD_OK) {
        err[0] = 0;
        int rc = triad_player_choose(e, fresh, 1, &a, err, sizeof err);
        CHECK(rc == TRIAD_EFORFEIT && a == 12345 && strstr(err, "forfeits (crash)"),
              "a forfeit is TRIAD_EFORFEIT with its reason (rc %d, action %u): '%s'", rc, (unsigned)a, err);
    } else {
        CHECK(0, "an engine player of /bin/true: %s", err);
    }
    triad_state_free(fresh);
    triad_player_free(e);
    triad_player_free(p);
    triad_player_free(q);
    triad_state_free(s);
    triad_game_free(g);
}

static void test_records(const char *path)
{
    char err[TRIAD_ERR_MAX];
    triad_records *r = NULL;
    const char *json;
    if (triad_records_open(&r, path, err, sizeof err)) {
        CHECK(0, "%s", err);
        return;
    }
    CHECK(triad_records_json(r, 0, &json, err, sizeof err) == TRIAD_EARG, "no JSON before the first game");
    CHECK(triad_records_run_json(r, &json, err, sizeof err) == TRIAD_OK && strstr(json, "\"game\":\"") &&
              strstr(json, "\"engine_signature\":\""), "the run's header as JSON");
    int games = 0, bad = 0, rc;
    triad_action acts[8192];
    while ((rc = triad_records_next(r, err, sizeof err)) == 1) {
        games++;
        bad += triad_records_json(r, games == 1, &json, err, sizeof err) != TRIAD_OK || json[0] != '{' ||
               !strstr(json, "\"actions\":[") || (games == 1 && !strstr(json, "\"positions\":["));
        triad_state *s = NULL;
        int k = triad_records_actions(r, acts, 8192);
        bad += triad_records_start(r, &s, err, sizeof err) != TRIAD_OK;
        for (int i = 0; s && i < k && i < 8192; i++)
            bad += triad_state_apply(s, acts[i], err, sizeof err) != TRIAD_OK;
        bad += s && strstr(json, "\"finished\":true") && !triad_state_is_terminal(s);
        triad_state_free(s);
    }
    CHECK(rc == 0, "the file reads to its end: %s", rc ? err : "");
    CHECK(games > 0 && !bad, "%d games, each as JSON and replayed from its start (%d failed)", games, bad);
    triad_records_close(r);
}

int main(int argc, char **argv)
{
    test_library();
    test_errors();
    test_null_handles();
    test_variants();
    test_playouts();
    test_returns_before_end();
    test_players();
    if (argc > 1)
        test_records(argv[1]);
    else
        CHECK(0, "no records file given (usage: triad-api-test RECORDS_FILE)");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
