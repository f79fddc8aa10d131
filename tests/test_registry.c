/* test_registry.c — the game contract (engine/game.h): the registry refuses
 * a game that lacks a mandatory hook, is over the state limit or gives an
 * optional sub-table in part, and the defaults mean one thing each. */
#include <string.h>
#include "check.h"
#include "engine/game.h"

/* Registers the one game g as the registry does; true when it is refused
 * with a reason that mentions want. */
static bool refused(const game_def *g, const char *want, char why[GAME_REFUSAL_MAX])
{
    const game_def *list[1] = { g }, *ready[2];
    char failed[1][GAME_REFUSAL_MAX];
    game_registry_build(list, 1, ready, failed);
    snprintf(why, GAME_REFUSAL_MAX, "%s", failed[0]);
    return ready[0] == NULL && failed[0][0] && strstr(failed[0], want) != NULL;
}

/* A copy of a good game with one member broken is refused, and says which. */
#define BROKEN(member, value, want)                                                                   \
    do {                                                                                              \
        game_def b = *base;                                                                           \
        b.member = value;                                                                             \
        char bwhy[GAME_REFUSAL_MAX];                                                                  \
        CHECKF(refused(&b, want, bwhy), "%s without '%s' (%s): refusal '%s'", base->name, #member,  \
               #value, bwhy);                                                                         \
    } while (0)

static void registry_refuses_a_missing_mandatory_hook(void)
{
    const game_def *base = game_find("race3", NULL, 0);
    REQUIRE(base);
    char why[GAME_REFUSAL_MAX];
    CHECKF(!refused(base, "", why) && why[0] == 0, "race3 itself is refused: %s", why);
    BROKEN(name, NULL, "name");
    BROKEN(title, NULL, "title");
    BROKEN(rules_version, NULL, "rules_version");
    BROKEN(setup_names, NULL, "setup_names");
    BROKEN(setup, NULL, "'setup'");
    BROKEN(permute, NULL, "permute");
    BROKEN(players, NULL, "'players'");
    BROKEN(to_act, NULL, "to_act");
    BROKEN(legal, NULL, "legal");
    BROKEN(apply, NULL, "apply");
    BROKEN(over, NULL, "over");
    BROKEN(outcome, NULL, "outcome");
    BROKEN(rank, NULL, "rank");
    BROKEN(ending_names, NULL, "ending_names");
    BROKEN(ending, NULL, "'ending'");
    BROKEN(turns, NULL, "turns");
    BROKEN(to_text, NULL, "to_text");
    BROKEN(from_text, NULL, "from_text");
    BROKEN(action_to_text, NULL, "action_to_text");
    BROKEN(action_from_text, NULL, "action_from_text");
    BROKEN(score_max, 0, "score_max");
    BROKEN(max_actions, 0, "max_actions");
    BROKEN(min_players, 0, "players");
    BROKEN(max_players, GAME_MAX_PLAYERS + 1, "players");
    BROKEN(default_players, GAME_MAX_PLAYERS + 1, "default_players");
    BROKEN(default_setup, "no-such-setup", "default_setup");
}

static void registry_refuses_a_state_over_the_limit(void)
{
    const game_def *base = game_find("race3", NULL, 0);
    REQUIRE(base);
    BROKEN(state_size, GAME_STATE_MAX + 1, "GAME_STATE_MAX");
    BROKEN(state_size, 0, "state_size");
    game_def fits = *base;
    fits.state_size = GAME_STATE_MAX; /* the limit itself is allowed */
    char why[GAME_REFUSAL_MAX];
    CHECKF(!refused(&fits, "", why), "a state of exactly GAME_STATE_MAX is refused: %s", why);
}

/* An optional capability comes whole or not at all. */
static void registry_refuses_a_partial_sub_table(void)
{
    const game_def *base = game_find("tzaar", NULL, 0);
    REQUIRE(base && base->tuning && base->study && base->bench && base->codec && base->solver && base->view);
    game_tuning tuning = *base->tuning;
    tuning.features = NULL;
    BROKEN(tuning, &tuning, "features");
    game_tuning unnamed = *base->tuning;
    unnamed.feature_names = NULL;
    BROKEN(tuning, &unnamed, "feature_names");
    game_study study = *base->study;
    study.start_features = NULL;
    BROKEN(study, &study, "start_features");
    game_bench bench = *base->bench;
    bench.perft = NULL;
    BROKEN(bench, &bench, "perft");
    game_codec_hooks codec = *base->codec;
    codec.decode_action = NULL;
    BROKEN(codec, &codec, "decode_action");
    game_solver solver = *base->solver;
    solver.solve = NULL;
    BROKEN(solver, &solver, "solve");
    game_view view = *base->view;
    view.pieces = NULL;
    BROKEN(view, &view, "pieces");
    game_nn nn = *base->nn;
    nn.active = NULL;
    BROKEN(nn, &nn, "active");
    nn = *base->nn;
    nn.max_active = GAME_NN_ACTIVE_MAX + 1;
    BROKEN(nn, &nn, "max_active");
    nn = *base->nn;
    nn.image = NULL;
    BROKEN(nn, &nn, "image");
    /* Without the sub-tables at all, the game is fine: they are optional. */
    game_def bare = *base;
    bare.codec = NULL, bare.tuning = NULL, bare.study = NULL, bare.bench = NULL, bare.solver = NULL;
    bare.scoring = NULL, bare.view = NULL, bare.formats = NULL, bare.records_v1 = NULL;
    bare.board_text = NULL, bare.actions_left = NULL, bare.player_kinds = NULL, bare.seat_names = NULL;
    bare.symmetry_key = NULL, bare.nn = NULL;
    char why[GAME_REFUSAL_MAX], caps[200];
    CHECKF(!refused(&bare, "", why), "tzaar without its optional parts is refused: %s", why);
    CHECK(game_capabilities(&bare, caps, sizeof caps) == 0 && caps[0] == 0);
    CHECK(game_capabilities(base, caps, sizeof caps) > 0 && strstr(caps, "tuning") && strstr(caps, "solver") &&
          strstr(caps, "symmetry"));
}

/* Every registered game passes the contract (the check is not so strict
 * that it leaves a real game out). */
/* A game's external records formats (game_def.formats: TZAAR's
 * LittleGolem records) come whole or not at all: every format with its
 * name, help, import and export, at least one, no name twice; and the
 * records format 1 hook likewise, for one game at most. */
static void registry_refuses_a_partial_format(void)
{
    const game_def *base = game_find("tzaar", NULL, 0);
    REQUIRE(base && base->formats && base->formats[0] && base->records_v1);
    const game_format *lg = base->formats[0];
    game_format no_import = *lg, no_export = *lg, no_name = *lg, no_help = *lg;
    no_import.import_text = NULL, no_export.export_game = NULL, no_name.name = NULL, no_help.help = NULL;
    const game_format *const l_import[] = { &no_import, NULL }, *const l_export[] = { &no_export, NULL };
    const game_format *const l_name[] = { &no_name, NULL }, *const l_help[] = { &no_help, NULL };
    const game_format *const l_empty[] = { NULL }, *const l_twice[] = { lg, lg, NULL };
    const game_format *const l_second_broken[] = { lg, &no_export, NULL };
    BROKEN(formats, l_import, "lacks 'import_text'");
    BROKEN(formats, l_export, "lacks 'export_game'");
    BROKEN(formats, l_name, "lacks 'name'");
    BROKEN(formats, l_help, "lacks 'help'");
    BROKEN(formats, l_empty, "'formats' is empty");
    BROKEN(formats, l_twice, "names a format twice");
    BROKEN(formats, l_second_broken, "lacks 'export_game'");
    game_records_v1 v1 = *base->records_v1;
    v1.decode_game = NULL;
    BROKEN(records_v1, &v1, "decode_game");
    /* Another game gets the format whole: race3 with TZAAR's format is a
     * valid game (the contract is per hook, not per game). */
    const game_def *race3 = game_find("race3", NULL, 0);
    REQUIRE(race3);
    game_def r = *race3;
    r.formats = base->formats;
    char why[GAME_REFUSAL_MAX], caps[200];
    CHECKF(!refused(&r, "", why), "race3 with a complete format is refused: %s", why);
    CHECK(game_capabilities(&r, caps, sizeof caps) > 0 && strstr(caps, "formats"));
    /* Records format 1 belongs to one game: a second claimant is refused. */
    game_def r1 = *race3;
    r1.records_v1 = base->records_v1;
    const game_def *list[2] = { base, &r1 }, *ready[3];
    char failed[2][GAME_REFUSAL_MAX];
    game_registry_build(list, 2, ready, failed);
    CHECKF(ready[0] == base && ready[1] == NULL && strstr(failed[1], "records format 1"), "'%s'", failed[1]);
}

static void registry_lists_every_game(void)
{
    const game_def *const *list = game_list();
    const char *want[] = { "tzaar", "talat", "trid", "race3" };
    for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
        bool found = false;
        for (int i = 0; list[i]; i++)
            found |= !strcmp(list[i]->name, want[w]);
        CHECKF(found, "game %s is not registered", want[w]);
    }
    for (int i = 0; list[i]; i++) {
        char why[GAME_REFUSAL_MAX];
        CHECKF(game_check(list[i], why, sizeof why) == 0, "%s", why);
        CHECKF(list[i]->state_size <= GAME_STATE_MAX, "%s: state_size %zu", list[i]->name, list[i]->state_size);
    }
}

/* A game registered twice under one name (a copied folder whose game_def
 * kept its name) is refused, the first keeping it; and the registry lists
 * the old games first, in their order, whatever folders are added. */
static void registry_refuses_a_name_twice_and_keeps_the_order(void)
{
    const game_def *race3 = game_find("race3", NULL, 0);
    REQUIRE(race3);
    game_def twin = *race3;
    const game_def *list[2] = { race3, &twin }, *ready[3];
    char failed[2][GAME_REFUSAL_MAX];
    game_registry_build(list, 2, ready, failed);
    CHECKF(ready[0] == race3 && ready[1] == NULL && strstr(failed[1], "another registered game has that name"), "'%s'",
           failed[1]);
    const game_def *const *all = game_list();
    const char *first[] = { "tzaar", "talat", "trid", "race3" };
    for (int i = 0; i < 4; i++)
        CHECKF(all[i] && !strcmp(all[i]->name, first[i]), "game_list()[%d] is %s, not %s", i,
               all[i] ? all[i]->name : "(none)", first[i]);
}

static void defaults_mean_one_thing(void)
{
    const game_def *tz = game_find("tzaar", NULL, 0), *tl = game_find("talat", NULL, 0);
    const game_def *tr = game_find("trid", NULL, 0);
    REQUIRE(tz && tl && tr);
    CHECK(game_default_players(tz) == 2 && game_default_players(tl) == 3 && game_default_players(tr) == tr->min_players);
    CHECK(!strcmp(game_default_setup(tz), "random") && !strcmp(game_default_setup(tl), tl->setup_names[0]));
    game_def g = *tz;
    g.default_setup = "fixed";
    CHECK(!strcmp(game_default_setup(&g), "fixed"));
    CHECK(!strcmp(game_default_player(tz), "ab:depth=4"));
    g.default_player = NULL;
    CHECK(!strcmp(game_default_player(&g), "mcts"));
    char name[16];
    CHECK(!strcmp(game_seat_name(tz, 1, name), "Black"));
    CHECK(!strcmp(game_seat_name(tr, 2, name), "seat 2"));
}

const test_case tests_registry[] = {
    { "registry_refuses_a_missing_mandatory_hook", registry_refuses_a_missing_mandatory_hook },
    { "registry_refuses_a_state_over_the_limit", registry_refuses_a_state_over_the_limit },
    { "registry_refuses_a_partial_sub_table", registry_refuses_a_partial_sub_table },
    { "registry_refuses_a_partial_format", registry_refuses_a_partial_format },
    { "registry_lists_every_game", registry_lists_every_game },
    { "registry_refuses_a_name_twice_and_keeps_the_order", registry_refuses_a_name_twice_and_keeps_the_order },
    { "defaults_mean_one_thing", defaults_mean_one_thing },
    { NULL, NULL },
};
