/* test_params.c — game parameters and the variants they name (engine/game.h,
 * "parameters"; engine/params.c), on the toy game's rounds= (1 to 4, the
 * default 4): specs and their canonical form, one error line for each
 * mistake, a variant's identity (one pointer, its own name and engine
 * signature), set-up and parsing through the hook, the variants the
 * conformance suite runs over, and the registry's refusals of a bad table.
 * TZAAR's own parameters are tested in test_variants.c. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "engine/game.h"
#include "engine/signature.h"
#include "records/dedup.h"

static const game_def *find(const char *spec)
{
    char err[256];
    return game_find(spec, err, sizeof err);
}

/* A spec that says only defaults is the registered game; any other the one
 * variant, whatever the keys' order or spelling of the numbers. */
static void params_specs_are_canonical(void)
{
    const game_def *race = find("race3"), *two = find("race3:rounds=2");
    REQUIRE(race && two && race != two);
    CHECK(find("race3:rounds=4") == race);
    CHECK(find("race3:rounds=02") == two && find("race3:rounds=2") == two);
    CHECKF(!strcmp(two->name, "race3:rounds=2"), "%s", two->name);
    CHECK(game_base(two) == race && game_base(race) == race && two->base == race && !race->base);
    CHECK(!strcmp(game_param_list(two), "rounds=2") && !strcmp(game_param_list(race), ""));
    char v[16];
    CHECK(game_param_count(two) == 1 && !strcmp(game_param_text(two, 0, v, sizeof v), "2"));
    CHECK(!strcmp(game_param_text(race, 0, v, sizeof v), "4"));
    CHECK(game_find(two->name, v, sizeof v) == two); /* a stored name finds the variant again */
    CHECK(strstr(two->title, "rounds=2") && two->setup == race->setup && two->max_actions == race->max_actions);
    CHECK(game_check(two, v, sizeof v) == 0);
    CHECK(game_param_count(find("connect4")) == 0);
}

/* Each mistake is one line naming what is wrong and what would do. */
static void params_errors_name_the_mistake(void)
{
    static const struct {
        const char *spec, *want;
    } bad[] = {
        { "race3:round=2", "unknown parameter 'round' of race3 (it has rounds" },
        { "race3:rounds=5", "bad value '5' of race3's parameter rounds" },
        { "race3:rounds=0", "from 1 to 4" },
        { "race3:rounds=two", "bad value 'two'" },
        { "race3:rounds=", "bad value ''" },
        { "race3:rounds=2,rounds=3", "given twice" },
        { "race3:", "expected KEY=VALUE" },
        { "race3:rounds", "expected KEY=VALUE" },
        { "race3:=2", "expected KEY=VALUE" },
        { "race3:rounds=2,", "expected KEY=VALUE" },
        { "connect4:komi=3", "connect4 has no parameters" },
        { "chess:x=1", "unknown game 'chess'" },
        { "race3:rounds=\x1b", "\\x1b" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[300] = "";
        CHECKF(!game_find(bad[i].spec, err, sizeof err) && strstr(err, bad[i].want) && !strchr(err, '\n'),
               "%s: '%s'", bad[i].spec, err);
    }
}

/* The hook puts the variant's rules into its states: set up, parsed,
 * decoded; a parsed position the variant cannot reach is refused. */
static void params_states_carry_the_rules(void)
{
    const game_def *race = find("race3"), *one = find("race3:rounds=1");
    REQUIRE(race && one);
    unsigned char s[GAME_STATE_MAX], t[GAME_STATE_MAX];
    char err[256];
    REQUIRE(game_setup(one, s, "fixed", 2, 0, err, sizeof err) == 0);
    game_action a[8];
    int plies = 0;
    while (!one->over(s) && plies < 20) {
        one->legal(s, a);
        one->apply(s, a[0]);
        plies++;
    }
    CHECKF(plies == 2, "race3:rounds=1 with 2 players lasts %d actions", plies);
    REQUIRE(game_setup(race, t, "fixed", 2, 0, err, sizeof err) == 0);
    CHECK(!race->over(t) && memcmp(s, t, race->state_size));
    /* The text does not say the rounds: the game gives them. */
    REQUIRE(game_from_text(one, s, "2 1 1 10203012 1,2 0,0", err, sizeof err) == 0);
    one->legal(s, a);
    one->apply(s, a[0]);
    CHECK(one->over(s));
    CHECKF(game_from_text(one, s, "2 5 1 10203012 1,2 0,0", err, sizeof err) == -1 && strstr(err, "rounds=1"),
           "%s", err);
    CHECK(game_from_text(race, s, "2 5 1 10203012 1,2 0,0", err, sizeof err) == 0);
}

/* A variant is a game of its own to the records: another engine signature,
 * the registered game's kept. */
static void params_variants_have_their_signature(void)
{
    const game_def *race = find("race3"), *one = find("race3:rounds=1");
    REQUIRE(race && one && race->bench);
    uint64_t a = game_engine_signature(race), b = game_engine_signature(one);
    CHECKF(a == race->bench->pins.engine, "race3's signature is %016llx", (unsigned long long)a);
    CHECK(b && b != a && game_engine_signature(one) == b);
}

/* Two variants' games are never one game: game i of a run and of the same
 * run under another variant are both kept; the same run's twice, once. */
static void params_variants_never_dedup(void)
{
    const game_def *race = find("race3"), *two = find("race3:rounds=2");
    rec_game *g = calloc(1, sizeof *g);
    REQUIRE(race && two && g);
    rec_run a, b;
    rec_run_init(&a, race, 3);
    rec_run_init(&b, two, 3);
    for (int k = 0; k < 3; k++) {
        snprintf(a.specs[k], sizeof a.specs[k], "random");
        snprintf(b.specs[k], sizeof b.specs[k], "random");
        snprintf(g->specs[k], sizeof g->specs[k], "random");
    }
    a.games = b.games = 1;
    rec_dedup d = { 0 };
    CHECK(rec_dedup_add(&d, &a, g) == 1 && rec_dedup_add(&d, &b, g) == 1);
    CHECK(rec_dedup_add(&d, &a, g) == 0 && rec_dedup_add(&d, &b, g) == 0 && d.dropped == 2);
    rec_dedup_free(&d);
    free(g);
}

/* The registered game, then each variant: race3 and race3:rounds=1 (a
 * range's minimum; its maximum is the default). */
static void params_variants_are_listed(void)
{
    const game_def *list[8], *race = find("race3");
    char err[200];
    int n = game_variants(race, list, 8, err, sizeof err);
    REQUIRE(n == 2);
    CHECK(list[0] == race && list[1] == find("race3:rounds=1"));
    CHECK(game_variants(list[1], list, 8, err, sizeof err) == 2 && list[0] == race);
    CHECK(game_variants(find("connect4"), list, 8, err, sizeof err) == 1 && list[0] == find("connect4"));
}

/* A number in units of 1/scale (Talat's komi: half points) reads as a
 * decimal, is written as the shortest one, and is refused off its grid or
 * its range with the reason. */
static void params_decimal_numbers(void)
{
    const game_param half = { "k", "h", "0", NULL, 0, 20, 2 }, tenth = { "k", "h", "0", NULL, -5, 5, 10 };
    static const struct {
        const char *text;
        long v;
        const char *canon;
    } good[] = { { "1.5", 3, "1.5" }, { "2", 4, "2" }, { "2.0", 4, "2" }, { "0.50", 1, "0.5" }, { "10", 20, "10" },
                 { "0", 0, "0" }, { "00.5", 1, "0.5" } };
    char why[120], out[32];
    long v;
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        v = -1;
        CHECKF(game_param_parse(&half, good[i].text, &v, why, sizeof why) == 0 && v == good[i].v, "'%s': %ld %s",
               good[i].text, v, why);
        game_param_format(&half, good[i].v, out, sizeof out);
        CHECKF(!strcmp(out, good[i].canon), "%ld is written '%s'", good[i].v, out);
    }
    static const struct {
        const char *text, *want;
    } bad[] = { { "0.25", "not a multiple of 0.5" }, { "10.5", "out of range 0 to 10" }, { "-1", "out of range" },
                { "1.", "expected a number" }, { ".5", "expected a number" }, { "1e1", "expected a number" },
                { "", "expected a number" }, { "+1", "expected a number" }, { "1,5", "expected a number" } };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(game_param_parse(&half, bad[i].text, &v, why, sizeof why) == -1 && strstr(why, bad[i].want),
               "'%s': %s", bad[i].text, why);
    CHECK(game_param_parse(&tenth, "-0.3", &v, why, sizeof why) == 0 && v == -3);
    game_param_format(&tenth, -3, out, sizeof out);
    CHECKF(!strcmp(out, "-0.3"), "%s", out);
    CHECK(game_param_parse(&tenth, "0.05", &v, why, sizeof why) == -1 && strstr(why, "multiple of 0.1"));
    /* Through a spec: Talat's komi (engine/talat/komi.c) */
    const game_def *t = find("talat:komi3=2.50,komi2=1.5");
    REQUIRE(t);
    CHECKF(!strcmp(t->name, "talat:komi2=1.5,komi3=2.5"), "%s", t->name);
    CHECK(find("talat:komi1=0") == find("talat") && find("talat:komi2=1.5,komi3=2.5") == t);
    CHECK(t->param_values[0] == 0 && t->param_values[1] == 3 && t->param_values[2] == 5);
    char err[300];
    CHECKF(!game_find("talat:komi2=1.25", err, sizeof err) &&
           strstr(err, "bad value '1.25' of talat's parameter komi2: not a multiple of 0.5"), "%s", err);
}

/* Registers the one game g as the registry does: its refusal, or "". */
static const char *refusal(const game_def *g, char why[GAME_REFUSAL_MAX])
{
    const game_def *list[1] = { g }, *ready[2];
    char failed[1][GAME_REFUSAL_MAX];
    game_registry_build(list, 1, ready, failed);
    snprintf(why, GAME_REFUSAL_MAX, "%s", failed[0]);
    return why;
}

static int no_params(void *s, const long *values, bool start, char *err, size_t n)
{
    (void)s, (void)values, (void)start, (void)err, (void)n;
    return 0;
}

/* A parameter table comes whole: a hook, a key a spec can write, a help
 * line, a default among the allowed values, each key once. */
static void params_registry_refuses_a_bad_table(void)
{
    const game_def *race = find("race3");
    REQUIRE(race && race->params);
    static const char *const words[] = { "a", "b", NULL }, *const twice[] = { "a", "a", NULL },
                             *const spaced[] = { "a b", NULL };
    static const struct {
        game_param p[3];
        const char *want;
    } bad[] = {
        { { { "Big", "h", "1", NULL, 0, 2, 0 } }, "lowercase letter" },
        { { { "a=b", "h", "1", NULL, 0, 2, 0 } }, "lowercase letter" },
        { { { "k", NULL, "1", NULL, 0, 2, 0 } }, "help or a default" },
        { { { "k", "h", "3", NULL, 0, 2, 0 } }, "not a number in its range" },
        { { { "k", "h", "01", NULL, 0, 2, 0 } }, "canonical" },
        { { { "k", "h", "1", NULL, 2, 0, 0 } }, "range is empty" },
        { { { "k", "h", "c", words, 0, 0, 0 } }, "not one of its values" },
        { { { "k", "h", "a", twice, 0, 0, 0 } }, "twice" },
        { { { "k", "h", "a b", spaced, 0, 0, 0 } }, "a word" },
        { { { "k", "h", "1", NULL, 0, 2, 0 }, { "k", "h", "1", NULL, 0, 2, 0 } }, "one name" },
        { { { "k", "h", "0.25", NULL, 0, 4, 2 } }, "not a number in its range" },
        { { { "k", "h", "1.50", NULL, 0, 4, 2 } }, "canonical" },
        { { { "k", "h", "1", NULL, 0, 4, -1 } }, "scale" },
        { { { NULL, NULL, NULL, NULL, 0, 0, 0 } }, "empty" },
    };
    char why[GAME_REFUSAL_MAX];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        game_def g = *race;
        g.params = bad[i].p;
        g.set_params = no_params;
        CHECKF(strstr(refusal(&g, why), bad[i].want), "table %zu: '%s'", i, why);
    }
    game_def g = *race;
    g.set_params = NULL;
    CHECKF(strstr(refusal(&g, why), "params and set_params go together"), "%s", why);
    g = *race;
    g.base = race;
    CHECKF(strstr(refusal(&g, why), "base and param_values"), "%s", why);
    CHECKF(!refusal(race, why)[0], "race3 itself: %s", why);
}

const test_case tests_params[] = {
    { "params_specs_are_canonical", params_specs_are_canonical },
    { "params_errors_name_the_mistake", params_errors_name_the_mistake },
    { "params_states_carry_the_rules", params_states_carry_the_rules },
    { "params_variants_have_their_signature", params_variants_have_their_signature },
    { "params_variants_are_listed", params_variants_are_listed },
    { "params_variants_never_dedup", params_variants_never_dedup },
    { "params_registry_refuses_a_bad_table", params_registry_refuses_a_bad_table },
    { "params_decimal_numbers", params_decimal_numbers },
    { NULL, NULL },
};
