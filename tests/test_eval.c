/* test_eval.c — the evaluation: names, the exact dot product, weight files
 * and their errors, and the shipped default weights. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "tz_walk.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/movegen.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"
#include "engine/game.h"
#include "engine/weights.h"

static void names_are_unique_and_indexed(void)
{
    CHECK(EVAL_FEATURES >= 15);
    for (int i = 0; i < EVAL_FEATURES; i++) {
        CHECKF(tz_eval_feature_index(tz_eval_feature_name(i)) == i, "feature %d", i);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(tz_eval_feature_name(i), tz_eval_feature_name(j)));
    }
    CHECK(tz_eval_feature_index("no_such_feature") == -1);
    CHECK(tz_eval_feature_name(EVAL_FEATURES) == NULL);
}

/* Positions along a few random games, both sides to act, both phases. */
static void each_game_position(void (*fn)(const position *))
{
    tz_walk_games(4, 11, fn);
}

static void dot_product_check(const position *p)
{
    eval_weights w;
    double x[EVAL_FEATURES], sum = 0;
    tz_eval_weights_default(&w);
    tz_eval_features(p, x);
    for (int i = 0; i < EVAL_FEATURES; i++)
        sum += w.w[i] * x[i];
    CHECKF(sum == tz_eval_position(&w, p), "%.17g != %.17g", sum, tz_eval_position(&w, p));
}

static void evaluation_is_weights_dot_features(void)
{
    each_game_position(dot_product_check);
}

/* Swapping colours (and the side to act) negates every feature. */
static void colour_swap_check(const position *p)
{
    position q;
    tz_copy_stacks(p, &q, 1);
    tz_pos_finish(&q, p->side ^ 1, p->phase == PHASE_OPENING ? PHASE_FIRST : p->phase);
    if (p->phase == PHASE_OPENING)
        return;
    double x[EVAL_FEATURES], y[EVAL_FEATURES];
    tz_eval_features(p, x);
    tz_eval_features(&q, y);
    for (int i = 0; i < EVAL_FEATURES; i++)
        CHECKF(x[i] == -y[i], "%s: %g vs %g", tz_eval_feature_name(i), x[i], y[i]);
}

static void features_are_colour_antisymmetric(void)
{
    each_game_position(colour_swap_check);
}

static void centre_counts_points_near_the_hole(void)
{
    position p;
    double x[EVAL_FEATURES];
    tz_setup_fixed(&p);
    tz_eval_features(&p, x);
    int diff = 0;
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        int ax = tz_geo_x[pt], ay = tz_geo_y[pt], d = abs(ax) > abs(ay) ? abs(ax) : abs(ay);
        if (abs(ax + ay) > d)
            d = abs(ax + ay);
        if (d <= 2)
            diff += pos_colour_at(&p, pt) == WHITE ? 1 : -1;
    }
    CHECKF(x[F_CENTRE] == diff, "%g vs %d", x[F_CENTRE], diff);
}

/* Writes text and its end line to a temporary file and loads it through
 * tz_eval_weights_load() (engine/weights.c underneath, as for every game); the
 * file's path goes to path. */
static int load_text(eval_weights *w, const char *text, char path[32], char *err, size_t n)
{
    strcpy(path, "/tmp/triad-w-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return snprintf(err, n, "mkstemp"), -1;
    char end[GWEIGHTS_END_LINE_MAX];
    gweights_end_line(text, strlen(text), end);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fputs(end, f);
    fclose(f);
    int rc = tz_eval_weights_load(w, path, NULL, err, n);
    unlink(path);
    return rc;
}

static void weights_round_trip(void)
{
    eval_weights w, back;
    char *text = NULL, err[256], path[32];
    size_t len = 0;
    tz_eval_weights_default(&w);
    w.w[0] = 0.1 + 0.2; /* not exactly representable in short decimal */
    w.w[3] = -1e-7;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    const game_def *g = game_find("tzaar", NULL, 0);
    REQUIRE(g);
    gweights_write(g, w.w, f);
    fclose(f);
    REQUIRE(load_text(&back, text, path, err, sizeof err) == 0);
    CHECK(!memcmp(&w, &back, sizeof w));
    free(text);
}

/* Loads text and expects an error containing want ("@" in want: the
 * file's path). */
static void expect_error(const char *text, const char *want)
{
    eval_weights w;
    char err[256] = "", path[32], full[128];
    CHECKF(load_text(&w, text, path, err, sizeof err) == -1, "accepted: %s", text);
    const char *at = strchr(want, '@');
    if (at)
        snprintf(full, sizeof full, "%.*s%s%s", (int)(at - want), want, path, at + 1);
    else
        snprintf(full, sizeof full, "%s", want);
    CHECKF(strstr(err, full) != NULL, "error '%s' lacks '%s'", err, full);
}

static void weight_file_errors_name_the_problem(void)
{
    char *full = NULL;
    size_t len = 0;
    eval_weights w;
    tz_eval_weights_default(&w);
    FILE *f = open_memstream(&full, &len);
    REQUIRE(f);
    const game_def *g = game_find("tzaar", NULL, 0);
    REQUIRE(g);
    gweights_write(g, w.w, f);
    fclose(f);
    char wtext[8192];
    snprintf(wtext, sizeof wtext, "%sbogus 1\n", full);
    expect_error(wtext, "unknown feature 'bogus'");
    char where[32];
    int lines = 1;
    for (const char *c = full; *c; c++)
        lines += *c == '\n';
    snprintf(where, sizeof where, "@:%d:", lines);
    expect_error(wtext, where);
    snprintf(wtext, sizeof wtext, "%stempo 3\n", full);
    expect_error(wtext, "'tempo' given twice");
    snprintf(wtext, sizeof wtext, "# only a comment\ntzaar_stacks 1\n");
    expect_error(wtext, "missing feature 'tzarra_stacks'");
    expect_error("tzaar_stacks x1\n", "@:1: bad value 'x1' for 'tzaar_stacks'");
    expect_error("tzaar_stacks\n", "@:1: expected 'name value'");
    expect_error("tzaar_stacks 1 2\n", "expected 'name value'");
    free(full);
}

static void default_file_matches_builtin_weights(void)
{
    eval_weights file, builtin;
    char err[512];
    tz_eval_weights_default(&builtin);
    int rc = tz_eval_weights_load(&file, "data/weights/default.txt", NULL, err, sizeof err);
    CHECKF(rc == 0, "%s (run the tests from the repository root)", err);
    if (rc == 0)
        for (int i = 0; i < EVAL_FEATURES; i++)
            CHECKF(file.w[i] == builtin.w[i], "%s: %g vs %g", tz_eval_feature_name(i), file.w[i], builtin.w[i]);
}

static void missing_file_is_an_error(void)
{
    eval_weights w;
    char err[512];
    CHECK(tz_eval_weights_load(&w, "no/such/weights.txt", NULL, err, sizeof err) == -1);
    CHECK(strstr(err, "no/such/weights.txt") != NULL);
}

/* Issue 8: a weights file cut short (a full disk) loaded at 94 of its
 * 2,290 cut points with a different weight.  Now every cut is refused, and
 * so is a changed byte. */
static void weights_file_cut_anywhere_is_refused(void)
{
    eval_weights w;
    char err[512], path[] = "/tmp/triad-weights-XXXXXX";
    FILE *in = fopen("data/weights/default.txt", "rb");
    REQUIRE(in);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text, in);
    fclose(in);
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    int loaded = 0, cut_message = 0;
    for (size_t cut = 0; cut < len; cut++) {
        FILE *f = fopen(path, "wb");
        REQUIRE(f);
        fwrite(text, 1, cut, f);
        fclose(f);
        if (!tz_eval_weights_load(&w, path, NULL, err, sizeof err))
            loaded++;
        cut_message += strstr(err, "truncated or incomplete weights file") != NULL;
    }
    CHECKF(loaded == 0, "%d of %zu cut points load", loaded, len);
    CHECKF(cut_message >= (int)len - 20, "only %d of %zu say truncated", cut_message, len);
    char *tempo = strstr(text, "\ntempo ");
    REQUIRE(tempo);
    tempo += strspn(tempo + 6, " ") + 6; /* the value's first digit */
    *tempo = *tempo == '9' ? '8' : (char)(*tempo + 1);
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fwrite(text, 1, len, f);
    fclose(f);
    CHECK(tz_eval_weights_load(&w, path, NULL, err, sizeof err) == -1);
    CHECKF(strstr(err, "damaged weights file") != NULL, "%s", err);
    unlink(path);
}

/* Issue 20 added features after the weight files of before: such a file
 * loads with the later features at 0 (what it meant), through the engine's
 * reader and the generic one (tune --weights); an earlier feature missing
 * is still an error. */
static void older_weight_files_load_with_later_features_zero(void)
{
    const char *old = "data/weights/tuned-ladder4k.txt";
    eval_weights w;
    char err[512] = "";
    CHECKF(tz_eval_weights_load(&w, old, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(w.w[F_TARGETS] == 0 && w.w[F_IMMUNE_PIECES] == 0 && w.w[F_LAST_ATTACKERS] == 0);
    CHECK(w.w[F_TEMPO] != 0);
    const game_def *g = game_find("tzaar", NULL, 0);
    REQUIRE(g);
    double gw[GAME_MAX_FEATURES];
    uint32_t crc;
    for (int i = 0; i < GAME_MAX_FEATURES; i++)
        gw[i] = 99;
    CHECKF(gweights_load(g, old, gw, &crc, err, sizeof err) == 0, "%s", err);
    for (int i = 0; i < EVAL_FEATURES; i++)
        CHECKF(gw[i] == w.w[i], "%s: %g vs %g", tz_eval_feature_name(i), gw[i], w.w[i]);
    expect_error("tzaar_stacks 1\n", "missing feature 'tzarra_stacks'");
}

const test_case tests_eval[] = {
    { "eval_older_weight_files_load_with_later_features_zero", older_weight_files_load_with_later_features_zero },
    { "eval_names_are_unique_and_indexed", names_are_unique_and_indexed },
    { "eval_is_weights_dot_features", evaluation_is_weights_dot_features },
    { "eval_features_are_colour_antisymmetric", features_are_colour_antisymmetric },
    { "eval_centre_counts_points_near_the_hole", centre_counts_points_near_the_hole },
    { "eval_weights_round_trip", weights_round_trip },
    { "eval_weight_file_errors_name_the_problem", weight_file_errors_name_the_problem },
    { "eval_default_file_matches_builtin_weights", default_file_matches_builtin_weights },
    { "eval_missing_file_is_an_error", missing_file_is_an_error },
    { "eval_weights_file_cut_anywhere_is_refused", weights_file_cut_anywhere_is_refused },
    { NULL, NULL },
};
