/* cmd_bias.c — `triad bias`: the opening-setup bias study over records. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "eval/bias.h"
#include "eval/bias_html.h"
#include "eval/records_game.h"
#include "commands.h"
#include "opts.h"

static void warn_line(const char *msg)
{
    fprintf(stderr, "triad bias: warning: %s\n", msg);
}

/* Checks the outputs before the analysis: none is an input, none exists
 * unless --force, each can be created.  0, or 2 after the error line. */
static int check_outputs(const opt_list *records, const char *report, const char *plots, const char *html,
                         bool force)
{
    char err[600], path[8192];
    struct stat st;
    for (int i = 0; i < records->n; i++) {
        if (report && fio_same_file(report, records->items[i]))
            return cli_error("bias", "refusing to write %s: it is also an input (%s)", report, records->items[i]);
        for (int j = 0; plots && j < BIAS_PLOT_FILES; j++) {
            snprintf(path, sizeof path, "%s/%s", plots, bias_plot_files[j]);
            if (fio_same_file(path, records->items[i]))
                return cli_error("bias", "refusing to write %s: it is also an input", path);
        }
    }
    if (report && fio_out_check(report, force, err, sizeof err))
        return cli_error("bias", "%s", err);
    if (html && bias_html_check(html, force, err, sizeof err))
        return cli_error("bias", "%s", err);
    if (!plots)
        return 0;
    if (stat(plots, &st)) /* a folder to create: where it would go must be writable */
        return fio_out_check(plots, false, err, sizeof err) ? cli_error("bias", "%s", err) : 0;
    if (!S_ISDIR(st.st_mode))
        return cli_error("bias", "cannot write plots into %s: %s", MSG_PATH(plots), strerror(ENOTDIR));
    for (int j = 0; j < BIAS_PLOT_FILES; j++) {
        snprintf(path, sizeof path, "%s/%s", plots, bias_plot_files[j]);
        if (fio_out_check(path, force, err, sizeof err))
            return cli_error("bias", "%s", err);
    }
    return 0;
}

/* What bias is told, and its options (the table at file scope, as
 * commands.h's start options are; the records files are the operands). */
typedef struct bias_args {
    const char *plots, *report, *html, *game;
    bool json, force, compensation;
    int resamples;
    uint64_t seed;
} bias_args;

#define BIAS_OPTS(a, records)                                                                                     \
    { "records", OPT_LIST, &(records), "FILE...", "the same as FILE... (the records files, given as operands)",    \
      0, 0, NULL },                                                                                               \
    { "game", OPT_STR, &(a).game, "NAME", "the game (default: the records' game; a mismatch is refused)", 0, 0,   \
      NULL },                                                                                                     \
    { "json", OPT_FLAG, &(a).json, NULL, "print the figures as one JSON object", 0, 0, NULL },                    \
    { "plots", OPT_STR, &(a).plots, "DIR", "write PNG and SVG charts (gnuplot) into DIR", 0, 0, NULL },           \
    { "report", OPT_STR, &(a).report, "FILE.md", "write a Markdown report (embeds the charts of --plots)", 0, 0,  \
      NULL },                                                                                                     \
    { "force", OPT_FLAG, &(a).force, NULL, "overwrite an existing report, charts or web page", 0, 0, NULL },      \
    { "html", OPT_STR, &(a).html, "DIR", "write the report as a web page with inline charts and the most "        \
                                        "one-sided setups' games (DIR/index.html; needs gnuplot; any game "       \
                                        "the viewer draws: TZAAR, Talat, TRID)", 0, 0, NULL },                    \
    { "resamples", OPT_INT, &(a).resamples, "B", "bootstrap resamples for the rotation-group intervals (default " \
                                                 "1000)",                                                         \
      100, 100000, NULL },                                                                                        \
    { "seed", OPT_U64, &(a).seed, "S", "seed of the bootstrap (default 1)", 0, 0, NULL },                       \
    { "compensation", OPT_FLAG, &(a).compensation, NULL, "print the points by turn order that would level the "  \
                                                         "seats (komi; a game scored in points, docs/bias.md) "    \
                                                         "instead of the study", 0, 0, NULL }

static const char bias_usage[] =
    "FILE... [--game NAME] [--json] [--plots DIR] [--report FILE.md] [--html DIR] [--force] | FILE... --compensation [--json]";
static const char bias_about[] =
    "For each setup kind of the game: every seat's mean score and share of the\n"
    "points with 95% intervals (Wilson for win/loss, t for points), the first seat's\n"
    "advantage, ranks, ties, game lengths and endings; the differences between\n"
    "kinds; the rotation-group analysis of runs with --rotations (how much the setup\n"
    "itself decides; TZAAR's --paired is 2 rotations); a logistic regression of the\n"
    "first seat's share on the start features of varying setups; with two seats and\n"
    "two players or more, the first mover's edge fitted jointly with every player's\n"
    "strength over all games (self-play and matches).  FILE...: records files\n"
    "(self-play runs, matches, imports, merges) of one game; of several variants of\n"
    "one game (tzaar, tzaar:first=full, ...), each variant's report apart.\n"
    "--compensation prints instead, for a game scored in points, the points to add\n"
    "by turn order that would level the seats' shares and their first places, with\n"
    "intervals.  Models: docs/bias.md.";

/* The records of game g read into d (apart: the files hold other variants
 * of it too, left out here); 0, or 2 after the error line. */
static int read_records(const opt_list *records, const bias_args *a, const game_def *g, bool apart, bias_data *d)
{
    char err[512];
    if (a->compensation && !(g->score_max > 1))
        return cli_error("bias", "--compensation needs a game scored in points: %s's games are won, drawn or "
                         "lost, so points added to a seat would change no result (docs/bias.md, \"Points "
                         "compensation\")", g->name);
    bias_init(d, g, 0);
    d->variants_apart = apart;
    d->compensation = a->compensation;
    for (int i = 0; i < records->n; i++)
        if (bias_add_file(d, records->items[i], warn_line, err, sizeof err)) {
            bias_free(d);
            return cli_error("bias", "%s", err);
        }
    if (d->seen.dropped)
        fprintf(stderr, "bias: %llu duplicate games dropped (the same game read twice: docs/records.md)\n",
                (unsigned long long)d->seen.dropped);
    return 0;
}

/* The study of the records of game g into r; 0, or 2 after the error line. */
static int analyse(const opt_list *records, const bias_args *a, const game_def *g, bool apart, bias_result *r)
{
    char err[512];
    bias_data d;
    int rc = read_records(records, a, g, apart, &d);
    if (rc)
        return rc;
    rc = bias_analyse(&d, a->resamples, a->seed, r, err, sizeof err);
    bias_free(&d);
    return rc ? cli_error("bias", "%s", err) : 0;
}

/* --compensation: the komi estimates of every kind of game g (bias_comp.h). */
static int compensate(const opt_list *records, const bias_args *a, const game_def *g, bool apart)
{
    bias_data d;
    int rc = read_records(records, a, g, apart, &d);
    if (rc)
        return rc;
    static bias_comp_result res[BIAS_KINDS_MAX];
    uint64_t games = 0;
    for (int k = 0; k < d.kinds && !rc; k++) {
        rc = bias_comp_analyse(&d.kind[k].comp, a->resamples, a->seed, &res[k]);
        games += res[k].games;
    }
    if (rc) {
        bias_free(&d);
        return cli_fail("bias", "out of memory");
    }
    if (!games) {
        bias_free(&d);
        return cli_error("bias", "no finished game of a setup kind in the records: nothing to compensate");
    }
    if (a->json)
        bias_comp_print_json(d.game, d.players, d.game->setup_names, res, d.kinds, stdout);
    else
        bias_comp_print_text(d.game, d.players, d.game->setup_names, res, d.kinds, stdout);
    bias_free(&d);
    return 0;
}

/* The command that makes the figures again, for the report; NULL when it
 * does not fit in command (n bytes). */
static const char *command_line(const opt_list *records, const bias_args *a, const game_def *g, char *command,
                                size_t n)
{
    char q[2048];
    size_t at = (size_t)snprintf(command, n, "triad bias --game %s --records", g->name);
    for (int i = 0; i < records->n && at < n; i++) {
        bias_shell_quote(records->items[i], true, q, sizeof q);
        at += (size_t)snprintf(command + at, n - at, " %s", q);
    }
    if (a->resamples != 1000 && at < n)
        at += (size_t)snprintf(command + at, n - at, " --resamples %d", a->resamples);
    if (a->seed != 1 && at < n)
        at += (size_t)snprintf(command + at, n - at, " --seed %llu", (unsigned long long)a->seed);
    const char *outs[3][2] = { { "--plots", a->plots }, { "--report", a->report }, { "--html", a->html } };
    for (int i = 0; i < 3 && at < n; i++)
        if (outs[i][1]) {
            bias_shell_quote(outs[i][1], true, q, sizeof q);
            at += (size_t)snprintf(command + at, n - at, " %s %s", outs[i][0], q);
        }
    return at < n ? command : NULL;
}

/* The files' games: the --game asked for, or every variant they hold
 * (of one game), each studied apart.  The count, or -1 after the error line. */
#define BIAS_VARIANTS_MAX 16
static int games_of(const opt_list *records, const bias_args *a, const game_def **games)
{
    char err[512];
    int n = 1;
    if (a->game)
        n = records_game((const char *const *)records->items, records->n, a->game, &games[0], err, sizeof err) ? -1 : 1;
    else
        n = records_variants((const char *const *)records->items, records->n, games, BIAS_VARIANTS_MAX, err,
                             sizeof err);
    if (n < 0)
        cli_error("bias", "%s", err);
    return n;
}

/* Several variants of one game: each one's report apart (text, or one JSON
 * object with the list); the outputs that are one study's are refused. */
static int bias_variants(const opt_list *records, const bias_args *a, const game_def **games, int n)
{
    if (a->plots || a->report || a->html)
        return cli_error("bias", "the records hold %d variants of %s (%s, %s%s): --plots, --report and --html are "
                         "one study's, so give one variant's files (bias reports each variant apart)",
                         n, game_base(games[0])->name, games[0]->name, games[1]->name, n > 2 ? ", ..." : "");
    if (a->json)
        fputs("{\"variants\":[", stdout);
    for (int i = 0; i < n; i++) {
        bias_result r;
        int rc = analyse(records, a, games[i], true, &r);
        if (rc)
            return rc;
        r.command = NULL;
        if (a->json) {
            if (i)
                fputc(',', stdout);
            bias_print_json(&r, stdout);
        } else {
            if (i)
                fputc('\n', stdout);
            bias_print_text(&r, stdout);
        }
    }
    if (a->json)
        fputs("]}\n", stdout);
    return 0;
}

/* --compensation for the files' one game, or for each of their variants
 * apart (text one after another; JSON {"variants":[...]}). */
static int compensate_all(const opt_list *records, const bias_args *a, const game_def **games, int n)
{
    if (n == 1)
        return compensate(records, a, games[0], false);
    if (a->json)
        fputs("{\"variants\":[", stdout);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(a->json ? "," : "\n", stdout);
        int rc = compensate(records, a, games[i], true);
        if (rc)
            return rc;
    }
    if (a->json)
        fputs("]}\n", stdout);
    return 0;
}

int cmd_bias(int argc, char **argv)
{
    OPT_LIST_OWNED opt_list records = { 0 };
    bias_args a = { .resamples = 1000, .seed = CLI_SEED_DEFAULT };
    const opt_spec opts[] = { BIAS_OPTS(a, records), { 0 } };
    const cmd_spec spec = { "bias", bias_usage, bias_about, opts };
    int rc = opts_parse_operands(&spec, &records, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!records.n)
        return cli_error("bias", "no records FILE given (see triad bias --help)");
    if (a.compensation && (a.plots || a.report || a.html))
        return cli_error("bias", "--compensation prints its estimates only: not with --%s",
                         a.plots ? "plots" : a.report ? "report" : "html");
    if (!a.compensation && (rc = check_outputs(&records, a.report, a.plots, a.html, a.force)))
        return rc;
    const game_def *games[BIAS_VARIANTS_MAX];
    int ngames = games_of(&records, &a, games);
    if (ngames < 0)
        return 2;
    if (a.compensation)
        return compensate_all(&records, &a, games, ngames);
    if (ngames > 1)
        return bias_variants(&records, &a, games, ngames);
    bias_result r;
    if ((rc = analyse(&records, &a, games[0], false, &r)))
        return rc;
    char err[512], command[8192];
    r.command = command_line(&records, &a, r.game, command, sizeof command);
    if (a.html && !bias_html_applies(&r, err, sizeof err))
        return cli_error("bias", "%s", err);
    if (a.json)
        bias_print_json(&r, stdout);
    else
        bias_print_text(&r, stdout);
    if (a.plots && bias_write_plots(&r, a.plots, a.force, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    if (!rc && a.report && bias_write_report(&r, a.report, a.plots, a.force, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    if (!rc && a.html && bias_write_html(&r, records.items, records.n, a.html, a.force, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    return rc ? 1 : 0;
}
