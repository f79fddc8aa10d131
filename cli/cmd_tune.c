/* cmd_tune.c — `triad tune`: fit evaluation weights to game outcomes. */
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/clock.h"
#include "core/fileio.h"
#include "core/jsonw.h"
#include "core/num.h"
#include "eval/records_game.h"
#include "eval/tune.h"
#include "engine/weights.h"
#include "commands.h"
#include "opts.h"

static void warn_line(const char *msg)
{
    fprintf(stderr, "triad tune: warning: %s\n", msg);
}

static void progress_line(uint64_t games, uint64_t positions, void *ctx)
{
    double *last = ctx, now = clock_seconds();
    if (now - *last < 1)
        return;
    *last = now;
    fprintf(stderr, isatty(STDERR_FILENO) ? "\rtune: %llu games, %llu positions read" : "tune: %llu games, %llu positions read\n",
            (unsigned long long)games, (unsigned long long)positions);
}

static const char *status_name(int status)
{
    static const char *const names[] = { "fitted", "intercept", "dropped: constant", "dropped: collinear" };
    return names[status];
}

/* A JSON number, or null for NaN and infinity (undefined, or exactly collinear). */
/* ,"key": and v in %.8g, null when not finite (key NULL: an array's element). */
static void json_num(const char *key, double v, int first)
{
    jsonw_fkv_num(stdout, key, "%.8g", v, first);
}

/* --l2-grid L,L,...: at most TUNE_GRID_MAX values, each 0 or more. */
static int parse_grid(const char *text, double *grid, int *n)
{
    char copy[1024], why[80];
    if (strlen(text) >= sizeof copy)
        return cli_error("tune", "bad --l2-grid: longer than %zu characters", sizeof copy - 1);
    strcpy(copy, text);
    *n = 0;
    for (char *save, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (*n == TUNE_GRID_MAX)
            return cli_error("tune", "bad --l2-grid: more than %d values", TUNE_GRID_MAX);
        if (num_double(t, 0, HUGE_VAL, &grid[*n], why, sizeof why))
            return cli_error("tune", "bad number for --l2-grid: '%s' is %s", t, why);
        (*n)++;
    }
    if (!*n)
        return cli_error("tune", "bad --l2-grid: no value");
    return 0;
}

/* Writes the weights file whole (core/fileio.h: a temporary file renamed
 * into place), ending with the end line that says it is complete. */
static int write_weights(const char *path, bool force, const game_def *g, const tune_result *r,
                         const opt_list *records, char *err, size_t n)
{
    char *text = NULL, end[GWEIGHTS_END_LINE_MAX];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    time_t t = time(NULL);
    char when[32];
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime(&t));
    fprintf(f, "# Tuned by 'triad tune' on %s (Texel's method, docs/tuning.md); game %s.\n", when, g->name);
    fprintf(f, "# %zu training and %zu validation positions from %llu games in:", r->train_positions,
            r->validation_positions, (unsigned long long)r->games);
    for (int i = 0; i < records->n; i++)
        fprintf(f, " %s", records->items[i]);
    fprintf(f, "\n# K = %.6g (the starting weights' best: %.6g), L2 = %g%s; cross-entropy train %.5f -> %.5f, "
            "validation %.5f -> %.5f\n", r->k, r->k_start, r->l2, r->cv_folds ? " (cross-validated)" : "",
            r->train_before, r->train_after, r->validation_before, r->validation_after);
    if (r->kept_start)
        fprintf(f, "# The fit did not beat the starting weights on the held-out games: these are the starting "
                "weights, unchanged.\n");
    if (r->design.constant + r->design.collinear) {
        fprintf(f, "# not fitted, kept at their starting weights:");
        for (int i = 0; i < r->nfeatures; i++)
            if (r->design.status[i] >= TUNE_CONSTANT)
                fprintf(f, " %s (%s)", g->tuning->feature_names[i], r->design.status[i] == TUNE_CONSTANT ? "constant" : "collinear");
        fprintf(f, "\n");
    }
    gweights_write(g, r->after, f);
    if (fclose(f)) {
        free(text);
        snprintf(err, n, "out of memory");
        return -1;
    }
    gweights_end_line(text, len, end);
    fio_out o;
    int rc = fio_out_begin(&o, path, force, err, n);
    if (!rc) {
        fwrite(text, 1, len, o.f); /* an error sticks to the stream: fio_out_commit says it */
        fputs(end, o.f);
        rc = fio_out_commit(&o, err, n);
    }
    free(text);
    return rc;
}

static void print_json(const game_def *g, const tune_result *r, double pps)
{
    FILE *o = stdout;
    putchar('{');
    jsonw_fkv_uint(o, "games", r->games, 1);
    jsonw_fkv_uint(o, "duplicates", r->duplicates, 0);
    jsonw_fkv_str(o, "game", g->name, 0);
    jsonw_fkv_uint(o, "positions", r->train_positions + r->validation_positions, 0);
    jsonw_fkv_uint(o, "train_positions", r->train_positions, 0);
    jsonw_fkv_uint(o, "validation_positions", r->validation_positions, 0);
    jsonw_fkv_int(o, "train_games", r->train_games, 0);
    jsonw_fkv_uint(o, "skipped_decided", r->skipped_decided, 0);
    jsonw_fkv_uint(o, "skipped_last", r->skipped_last, 0);
    json_num("k", r->k, 0);
    json_num("k_start", r->k_start, 0);
    jsonw_fkv_bool(o, "anti_predictive", r->anti_predictive, 0);
    json_num("l2", r->l2, 0);
    /* which weights OUT holds: the fit's, or the start's when the fit did
     * not beat them on the held-out games */
    jsonw_fkv_str(o, "kept", r->kept_start ? "start" : "fit", 0);
    jsonw_fkey(o, "cv", 0);
    if (r->cv_folds) {
        const double *lists[3] = { r->grid, r->cv_loss, r->cv_se };
        static const char *const names[3] = { "grid", "loss", "se" };
        putchar('{');
        jsonw_fkv_int(o, "folds", r->cv_folds, 1);
        for (int l = 0; l < 3; l++) {
            jsonw_fkey(o, names[l], 0);
            putchar('[');
            for (int i = 0; i < r->ngrid; i++)
                json_num(NULL, lists[l][i], i == 0);
            putchar(']');
        }
        jsonw_fkv_str(o, "rule", r->cv_rule == TUNE_CV_MIN ? "min" : "1se", 0);
        json_num("min_l2", r->cv_min_l2, 0);
        putchar('}');
    } else
        printf("null");
    json_num("condition_number", r->design.cond, 0);
    json_num("condition_number_kept", r->design.cond_kept, 0);
    jsonw_fkv_int(o, "dropped_constant", r->design.constant, 0);
    jsonw_fkv_int(o, "dropped_collinear", r->design.collinear, 0);
    json_num("train_loss_before", r->train_before, 0);
    json_num("train_loss_prior", r->train_prior, 0);
    json_num("train_loss_after", r->train_after, 0);
    json_num("validation_loss_before", r->validation_before, 0);
    json_num("validation_loss_prior", r->validation_prior, 0);
    json_num("validation_loss_after", r->validation_after, 0);
    json_num("validation_loss_start", r->validation_start, 0);
    jsonw_fkv_num(o, "positions_per_second", "%.0f", pps, 0);
    jsonw_fkv_num(o, "fit_seconds", "%.3f", r->fit_seconds, 0);
    jsonw_fkey(o, "weights", 0);
    putchar('{');
    for (int i = 0; i < g->tuning->nfeatures; i++) {
        jsonw_fkey(o, g->tuning->feature_names[i], i == 0);
        putchar('{');
        json_num("before", r->before[i], 1);
        json_num("after", r->after[i], 0);
        json_num("fitted", r->fitted[i], 0);
        json_num("se", r->se[i], 0);
        json_num("se_model", r->se_model[i], 0);
        json_num("vif", r->design.vif[i], 0);
        json_num("vif_kept", r->design.vif_kept[i], 0);
        jsonw_fkv_str(o, "status", status_name(r->design.status[i]), 0);
        putchar('}');
    }
    printf("}}\n");
}

static void print_text(const game_def *g, const tune_result *r, double pps, const char *out)
{
    printf("%s: %llu games, %zu training and %zu validation positions (split by game)\n", g->name,
           (unsigned long long)r->games, r->train_positions, r->validation_positions);
    printf("left out: %llu decided positions, %llu within the last actions of a game\n",
           (unsigned long long)r->skipped_decided, (unsigned long long)r->skipped_last);
    printf("extraction %.0f positions/s; fit %.2f s\n", pps, r->fit_seconds);
    printf("K of the starting weights = %.6g%s\n", r->k_start,
           r->anti_predictive ? " (negative: they are anti-predictive)" : "");
    printf("K of the prior and the output = %.6g; L2 = %g%s\n", r->k, r->l2,
           r->cv_folds ? " (chosen by cross-validation)" : "");
    if (r->cv_folds) {
        printf("cross-validation, %d folds by game: L2, mean held-out cross-entropy and its standard error%s\n",
               r->cv_folds, r->cv_rule == TUNE_CV_MIN ? " (the least chosen)"
                                                       : " (the largest L2 within one standard error of the least chosen)");
        for (int i = 0; i < r->ngrid; i++)
            printf("  %-10g %.6f  se %.6f%s%s\n", r->grid[i], r->cv_loss[i], r->cv_se[i],
                   r->grid[i] == r->l2 ? "  <- chosen" : "", r->grid[i] == r->cv_min_l2 && r->grid[i] != r->l2 ? "  (least)" : "");
    }
    printf("condition number of the standardized design: %.4g (all that vary), %.4g (kept)\n", r->design.cond,
           r->design.cond_kept);
    printf("cross-entropy   start    prior    after\n  training    %8.5f %8.5f %8.5f\n"
           "  validation  %8.5f %8.5f %8.5f\n\n",
           r->train_before, r->train_prior, r->train_after, r->validation_before, r->validation_prior,
           r->validation_after);
    if (r->kept_start)
        printf("the fit does not beat the starting weights on the held-out games (validation cross-entropy %.5f "
               "-> %.5f):\nkept the starting weights; the fit's weights are shown as 'fitted'\n\n",
               r->validation_start, r->validation_after);
    printf("%-18s %10s %10s %10s %8s %8s %9s  %s\n", "weight", "before", r->kept_start ? "fitted" : "after", "change",
           "se", "se_model", "vif", "status");
    for (int i = 0; i < g->tuning->nfeatures; i++)
        printf("%-18s %10.2f %10.2f %+10.2f %8.2f %8.2f %9.4g  %s\n", g->tuning->feature_names[i], r->before[i],
               r->fitted[i], r->fitted[i] - r->before[i], r->se[i], r->se_model[i], r->design.vif[i],
               status_name(r->design.status[i]));
    printf("\nse: cluster-robust by game; se_model: treating positions as independent; vif: among the\n"
           "features that vary, before any is dropped (docs/tuning.md)\nwrote %s (%s)\n", out,
           r->kept_start ? "the starting weights, unchanged" : "the fitted weights");
}

/* --l2, --cv-rule and --l2-grid into the fit's options (--max-vif and --seed
 * are already in *fo); 0, or the command's exit status after its error line. */
static int fit_opts_parse(const char *l2_text, const char *rule, const char *grid_text, int folds, double *grid,
                          tune_fit_opts *fo)
{
    char err[512];
    int rc;
    if (!strcmp(rule, "min"))
        fo->cv_rule = TUNE_CV_MIN;
    else if (strcmp(rule, "1se"))
        return cli_error("tune", "bad --cv-rule '%s' (expected 1se or min)", rule);
    if (!strcmp(l2_text, "cv"))
        fo->cv_folds = folds;
    else if (num_double(l2_text, -HUGE_VAL, HUGE_VAL, &fo->l2, err, sizeof err))
        return cli_error("tune", "bad number for --l2: '%s' is %s", l2_text, err);
    if (!(fo->l2 >= 0))
        return cli_error("tune", "bad --l2 %g: must be 0 or more", fo->l2);
    if (grid_text) {
        if (!fo->cv_folds)
            return cli_error("tune", "--l2-grid needs --l2 cv");
        if ((rc = parse_grid(grid_text, grid, &fo->ngrid)))
            return rc;
        fo->grid = grid;
    }
    if (!(fo->max_vif >= 0))
        return cli_error("tune", "bad --max-vif %g: must be 0 (never drop) or more", fo->max_vif);
    return 0;
}

/* The output is checked before the work: a typo costs nothing, and an input
 * (a records file or the starting weights) is never replaced by the weights. */
static int output_check(const char *out, bool force, const opt_list *records, const char *in)
{
    char err[512];
    for (int i = 0; i <= records->n; i++)
        if (fio_same_file(out, i < records->n ? records->items[i] : in))
            return cli_error("tune", "refusing to write %s: it is also an input (%s)", out,
                             i < records->n ? records->items[i] : in);
    if (fio_out_check(out, force, err, sizeof err))
        return cli_error("tune", "%s", err);
    return 0;
}

/* What the caller should know about the data and the start, on stderr. */
static void warn_result(const tune_result *r)
{
    if (r->duplicates)
        fprintf(stderr, "tune: %llu duplicate games dropped (the same game read twice: docs/records.md)\n",
                (unsigned long long)r->duplicates);
    if (r->anti_predictive) {
        char msg[256];
        snprintf(msg, sizeof msg, "the starting weights are anti-predictive (their best scale K = %.6g is not "
                 "positive); the penalty still pulls towards them as given", r->k_start);
        warn_line(msg);
    }
}

/* What tune is told, and its options (the table at file scope, as
 * commands.h's start options are; the records files are the operands). */
typedef struct tune_args {
    const char *in, *out, *game, *l2_text, *grid_text, *rule;
    int positions, folds, skip_last;
    double validation, max_vif;
    uint64_t seed;
    bool json, quiet, force, keep_decided;
} tune_args;

#define TUNE_OPTS(a, records)                                                                                     \
    { "records", OPT_LIST, &(records), "FILE...", "the same as FILE... (the records files, given as operands)", 0, \
      0, NULL },                                                                                                  \
    { "game", OPT_STR, &(a).game, "NAME", "the game (default: the records' game; a mismatch is refused)", 0, 0,   \
      NULL },                                                                                                     \
    { "weights", OPT_STR, &(a).in, "IN", "starting weights (default: the game's default weights, "                \
                                         "data/weights/default.txt for tzaar)", 0, 0, NULL },                     \
    { "out", OPT_STR, &(a).out, "OUT", "where to write the tuned weights", 0, 0, NULL },                          \
    { "force", OPT_FLAG, &(a).force, NULL, "overwrite OUT", 0, 0, NULL },                                         \
    { "positions", OPT_INT, &(a).positions, "N", "positions sampled (default 1000000)", 100, 200000000, NULL },   \
    { "validation", OPT_DOUBLE, &(a).validation, "F", "share of games held out (default 0.1)", 0, 0, NULL },      \
    { "l2", OPT_STR, &(a).l2_text, "L|cv", "L2 penalty towards the starting weights (default cv: chosen by "      \
                                          "cross-validation split by game; L: that penalty, for experts)", 0, 0, NULL }, \
    { "cv-folds", OPT_INT, &(a).folds, "K", "folds of --l2 cv (default 5)", 2, 100, NULL },                       \
    { "cv-rule", OPT_STR, &(a).rule, "1se|min", "--l2 cv's choice: the largest L2 within one standard error of the " \
                                              "least held-out loss (default 1se), or the least (min)", 0, 0, NULL }, \
    { "l2-grid", OPT_STR, &(a).grid_text, "L,L,...", "the values --l2 cv tries (default 1e-7,1e-6,...,1)", 0, 0,  \
      NULL },                                                                                                     \
    { "max-vif", OPT_DOUBLE, &(a).max_vif, "V", "drop collinear features until every VIF is at most V "          \
                                                "(default 100; 0: never drop)", 0, 0, NULL },                     \
    { "skip-last", OPT_INT, &(a).skip_last, "N", "leave out the positions within N actions of a game's end "      \
                                                 "(default 0)", 0, 1000000, NULL },                               \
    { "keep-decided", OPT_FLAG, &(a).keep_decided, NULL, "keep the positions the game calls decided "             \
                                                         "(tzaar: a last stack of a type can be captured)", 0, 0, \
      NULL },                                                                                                     \
    { "seed", OPT_U64, &(a).seed, "S", "seed of the sampling, the split and the folds (default 1)", 0, 0, NULL }, \
    { "json", OPT_FLAG, &(a).json, NULL, "print the figures as one JSON object", 0, 0, NULL },                    \
    { "quiet", OPT_FLAG, &(a).quiet, NULL, "no progress report", 0, 0, NULL }

static const char tune_usage[] =
    "FILE... [--game NAME] [--weights IN] --out OUT [--force] [--positions N] [--validation F] "
    "[--l2 L|cv [--cv-folds K] [--cv-rule 1se|min] [--l2-grid L,L,...]] [--max-vif V] [--skip-last N] [--keep-decided] "
    "[--seed S] [--json]";
static const char tune_about[] =
    "Fits a game's evaluation weights to the results of the games in the records\n"
    "(Texel's method: logistic regression of the share of the points the seat to act\n"
    "scored on its evaluation; Newton's method, GSL).  Decided positions are left out;\n"
    "constant and collinear features are kept at their starting weights; the penalty\n"
    "pulls towards the starting weights, its strength chosen by cross-validation by\n"
    "game (one-standard-error rule) unless --l2 L; standard errors are cluster-robust\n"
    "by game.  Training and validation are split by game; when the fit does not beat\n"
    "the starting weights on the held-out games, OUT gets the starting weights and\n"
    "the output says so (--json: \"kept\").  FILE...: the records files to learn\n"
    "from, all of one game (--records FILE... too).  Memory: 8 bytes per feature per\n"
    "position, plus 12.  See docs/tuning.md.";

int cmd_tune(int argc, char **argv)
{
    OPT_LIST_OWNED opt_list records = { 0 };
    tune_args a = { .l2_text = "cv", .rule = "1se", .positions = 1000000, .folds = 5, .validation = 0.1,
                    .max_vif = 100, .seed = CLI_SEED_DEFAULT };
    const opt_spec opts[] = { TUNE_OPTS(a, records), { 0 } };
    const cmd_spec spec = { "tune", tune_usage, tune_about, opts };
    int rc = opts_parse_operands(&spec, &records, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!records.n || !a.out)
        return cli_error("tune", "records FILE... and --out are required");
    if (!(a.validation > 0 && a.validation < 1))
        return cli_error("tune", "bad --validation %g: a share between 0 and 1", a.validation);
    tune_fit_opts fo = { .max_vif = a.max_vif, .seed = a.seed };
    double grid[TUNE_GRID_MAX];
    char err[512], def[4096];
    if ((rc = fit_opts_parse(a.l2_text, a.rule, a.grid_text, a.folds, grid, &fo)))
        return rc;

    const game_def *g;
    if (records_game((const char *const *)records.items, records.n, a.game, &g, err, sizeof err))
        return cli_error("tune", "%s", err);
    if (!g->tuning) /* before any question of weights files: there is nothing to tune */
        return cli_error("tune", "game %s has no evaluation features to tune (game_def.tuning)", g->name);
    if (!a.in) {
        gweights_default_path(g, def, sizeof def);
        if (!def[0])
            return cli_error("tune", "game %s has no default weights: give --weights IN", g->name);
        a.in = def;
    }
    if ((rc = output_check(a.out, a.force, &records, a.in)))
        return rc;
    double start[GAME_MAX_FEATURES];
    uint32_t crc;
    if (gweights_load(g, a.in, start, &crc, err, sizeof err))
        return cli_error("tune", "%s", err);
    double last = clock_seconds();
    tune_opts o = { .game = g, .files = (const char *const *)records.items, .nfiles = records.n,
                    .positions = (size_t)a.positions, .validation = a.validation, .fit = fo, .skip_last = a.skip_last,
                    .keep_decided = a.keep_decided, .seed = a.seed, .warn = warn_line,
                    .progress = a.quiet ? NULL : progress_line, .progress_ctx = &last };
    tune_result r;
    if (tune_run(&o, start, &r, err, sizeof err))
        return cli_error("tune", "%s", err);
    if (!a.quiet && isatty(STDERR_FILENO))
        fputc('\n', stderr);
    warn_result(&r);
    if (write_weights(a.out, a.force, g, &r, &records, err, sizeof err))
        return cli_fail("tune", "%s", err); /* checked before the fit: a write that failed */

    double pps = r.extract_seconds > 0 ? (double)r.candidates / r.extract_seconds : 0;
    if (a.json)
        print_json(g, &r, pps);
    else
        print_text(g, &r, pps, a.out);
    return 0;
}
