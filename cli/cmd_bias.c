/* cmd_bias.c — `triad bias`: the opening-setup bias study over records. */
#include <stdio.h>
#include "../eval/bias.h"
#include "../eval/bias_html.h"
#include "commands.h"
#include "opts.h"

static void warn_line(const char *msg)
{
    fprintf(stderr, "triad bias: warning: %s\n", msg);
}

int cmd_bias(int argc, char **argv)
{
    opt_list records = { 0 };
    const char *plots = NULL, *report = NULL, *html = NULL;
    bool json = false;
    int resamples = 1000;
    uint64_t seed = 1;
    const opt_spec opts[] = {
        { "records", OPT_LIST, &records, "FILE...", "records files (self-play runs, imports, merges)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { "plots", OPT_STR, &plots, "DIR", "write PNG and SVG charts (gnuplot) into DIR", 0, 0, NULL },
        { "report", OPT_STR, &report, "FILE.md", "write a Markdown report (embeds the charts of --plots)", 0, 0, NULL },
        { "html", OPT_STR, &html, "DIR", "write the report as a web page with inline charts and the most "
                                        "one-sided setups' games (DIR/index.html; needs gnuplot)", 0, 0, NULL },
        { "resamples", OPT_INT, &resamples, "B", "bootstrap resamples for the paired intervals (default 1000)",
          100, 100000, NULL },
        { "seed", OPT_U64, &seed, "S", "seed of the bootstrap (default 1)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "bias", "--records FILE... [--json] [--plots DIR] [--report FILE.md] [--html DIR]",
        "White's score for each setup kind with 95% Wilson intervals, the differences\n"
        "between kinds, the paired-game analysis (how much the setup itself decides),\n"
        "a logistic regression of White's result on features of random setups, and\n"
        "game lengths and endings.  Models: docs/bias.md.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!records.n)
        return cli_error("bias", "--records FILE... is required");

    char err[512];
    bias_data d;
    bias_init(&d);
    for (int i = 0; i < records.n; i++)
        if (bias_add_file(&d, records.items[i], warn_line, err, sizeof err)) {
            bias_free(&d);
            return cli_error("bias", "%s", err);
        }
    bias_result r;
    rc = bias_analyse(&d, resamples, seed, &r, err, sizeof err);
    bias_free(&d);
    if (rc)
        return cli_error("bias", "%s", err);
    if (json)
        bias_print_json(&r, stdout);
    else
        bias_print_text(&r, stdout);
    if (plots && bias_write_plots(&r, plots, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    if (!rc && report && bias_write_report(&r, report, plots, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    if (!rc && html && bias_write_html(&r, records.items, records.n, html, false, err, sizeof err))
        rc = cli_error("bias", "%s", err);
    return rc ? 1 : 0;
}
