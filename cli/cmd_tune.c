/* cmd_tune.c — `triad tune`: fit evaluation weights to game outcomes. */
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/fileio.h"
#include "eval/records_game.h"
#include "eval/tune.h"
#include "games/weights.h"
#include "commands.h"
#include "opts.h"

static void warn_line(const char *msg)
{
    fprintf(stderr, "triad tune: warning: %s\n", msg);
}

static void progress_line(uint64_t games, uint64_t positions, void *ctx)
{
    double *last = ctx, now = now_seconds();
    if (now - *last < 1)
        return;
    *last = now;
    fprintf(stderr, isatty(STDERR_FILENO) ? "\rtune: %llu games, %llu positions read" : "tune: %llu games, %llu positions read\n",
            (unsigned long long)games, (unsigned long long)positions);
}

/* Writes the weights file whole (core/fileio.h: a temporary file renamed
 * into place), ending with the end line that says it is complete. */
static int write_weights(const char *path, bool force, const game_def *g, const tune_result *r,
                         const opt_list *records, double l2, char *err, size_t n)
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
    fprintf(f, "\n# K = %.6g, L2 = %g; cross-entropy train %.5f -> %.5f, validation %.5f -> %.5f\n", r->k, l2,
            r->train_before, r->train_after, r->validation_before, r->validation_after);
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
        fwrite(text, 1, len, o.f);
        fputs(end, o.f);
        rc = fio_out_commit(&o, err, n);
    }
    free(text);
    return rc;
}

int cmd_tune(int argc, char **argv)
{
    OPT_LIST_OWNED opt_list records = { 0 };
    const char *in = NULL, *out = NULL, *game = NULL;
    int positions = 1000000;
    double l2 = 1e-4, validation = 0.1;
    uint64_t seed = 1;
    bool json = false, quiet = false, force = false;
    const opt_spec opts[] = {
        { "records", OPT_LIST, &records, "FILE...", "records files to learn from (all of one game)", 0, 0, NULL },
        { "game", OPT_STR, &game, "NAME", "the game (default: the records' game; a mismatch is refused)", 0, 0,
          NULL },
        { "weights", OPT_STR, &in, "IN", "starting weights (default: the game's default weights, "
                                         "data/weights/default.txt for tzaar)", 0, 0, NULL },
        { "out", OPT_STR, &out, "OUT", "where to write the tuned weights", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { "positions", OPT_INT, &positions, "N", "positions sampled (default 1000000)", 100, 200000000, NULL },
        { "validation", OPT_DOUBLE, &validation, "F", "share of games held out (default 0.1)", 0, 0, NULL },
        { "l2", OPT_DOUBLE, &l2, "L", "L2 penalty towards the starting weights (default 1e-4)", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "seed of the sampling and the split (default 1)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { "quiet", OPT_FLAG, &quiet, NULL, "no progress report", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "tune", "--records FILE... [--game NAME] [--weights IN] --out OUT [--force] [--positions N] [--l2 L] "
                "[--seed S] [--json]",
        "Fits a game's evaluation weights to the results of the games in the records\n"
        "(Texel's method: logistic regression of the share of the points the seat to act\n"
        "scored on its evaluation, scale K first, then every weight; GSL vector_bfgs2).\n"
        "Training and validation are split by game.  Memory: 8 bytes per feature per\n"
        "position.  See docs/tuning.md.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!records.n || !out)
        return cli_error("tune", "--records and --out are required");
    if (!(validation > 0 && validation < 1))
        return cli_error("tune", "bad --validation %g: a share between 0 and 1", validation);
    if (!(l2 >= 0))
        return cli_error("tune", "bad --l2 %g: must be 0 or more", l2);

    char err[512], def[4096];
    const game_def *g;
    if (records_game((const char *const *)records.items, records.n, game, &g, err, sizeof err))
        return cli_error("tune", "%s", err);
    if (!in) {
        gweights_default_path(g, def, sizeof def);
        if (!def[0])
            return cli_error("tune", "game %s has no default weights: give --weights IN", g->name);
        in = def;
    }
    /* The output is checked before the work: a typo costs nothing, and an
     * input is never replaced by the weights. */
    for (int i = 0; i <= records.n; i++)
        if (fio_same_file(out, i < records.n ? records.items[i] : in))
            return cli_error("tune", "refusing to write %s: it is also an input (%s)", out,
                             i < records.n ? records.items[i] : in);
    if (fio_out_check(out, force, err, sizeof err))
        return cli_error("tune", "%s", err);
    double start[GAME_MAX_FEATURES];
    uint32_t crc;
    if (gweights_load(g, in, start, &crc, err, sizeof err))
        return cli_error("tune", "%s", err);
    double last = now_seconds();
    tune_opts o = { g, (const char *const *)records.items, records.n, (size_t)positions, validation, l2, seed, warn_line,
                    quiet ? NULL : progress_line, &last };
    tune_result r;
    if (tune_run(&o, start, &r, err, sizeof err))
        return cli_error("tune", "%s", err);
    if (!quiet && isatty(STDERR_FILENO))
        fputc('\n', stderr);
    if (r.duplicates)
        fprintf(stderr, "tune: %llu duplicate games dropped (read twice: the same run and id)\n",
                (unsigned long long)r.duplicates);
    if (write_weights(out, force, g, &r, &records, l2, err, sizeof err))
        return cli_error("tune", "%s", err);

    double pps = r.extract_seconds > 0 ? (double)r.candidates / r.extract_seconds : 0;
    if (json) {
        printf("{\"games\":%llu,\"duplicates\":%llu,\"game\":\"%s\",\"positions\":%zu,\"train_positions\":%zu,\"validation_positions\":%zu,"
               "\"k\":%.8g,\"train_loss_before\":%.8g,\"train_loss_after\":%.8g,\"validation_loss_before\":%.8g,"
               "\"validation_loss_after\":%.8g,\"positions_per_second\":%.0f,\"fit_seconds\":%.3f,\"weights\":{",
               (unsigned long long)r.games, (unsigned long long)r.duplicates, g->name, r.train_positions + r.validation_positions, r.train_positions,
               r.validation_positions, r.k, r.train_before, r.train_after, r.validation_before,
               r.validation_after, pps, r.fit_seconds);
        for (int i = 0; i < g->nfeatures; i++) {
            printf("%s\"%s\":{\"before\":%.8g,\"after\":%.8g,\"se\":", i ? "," : "", g->feature_names[i],
                   r.before[i], r.after[i]);
            printf(isfinite(r.se[i]) ? "%.8g}" : "null}", r.se[i]); /* no standard error: a singular fit */
        }
        printf("}}\n");
        return 0;
    }
    printf("%s: %llu games, %zu training and %zu validation positions (split by game)\n", g->name,
           (unsigned long long)r.games, r.train_positions, r.validation_positions);
    printf("extraction %.0f positions/s; fit %.2f s\nK = %.6g\n", pps, r.fit_seconds, r.k);
    printf("cross-entropy   before    after\n  training    %8.5f %8.5f\n  validation  %8.5f %8.5f\n\n",
           r.train_before, r.train_after, r.validation_before, r.validation_after);
    printf("%-18s %10s %10s %10s %8s\n", "weight", "before", "after", "change", "se");
    for (int i = 0; i < g->nfeatures; i++)
        printf("%-18s %10.2f %10.2f %+10.2f %8.2f\n", g->feature_names[i], r.before[i], r.after[i],
               r.after[i] - r.before[i], r.se[i]);
    printf("\nwrote %s\n", out);
    return 0;
}
