/* bias_report.c — the bias study's results as text, JSON and a Markdown
 * report (see bias.h; plots are in plot.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include "core/fileio.h"
#include <string.h>
#include "core/msg.h"
#include "bias.h"

/* JSON has no infinities: an Elo of +-inf (a 0% or 100% score) is null. */
static void json_num(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, "%.6g", x);
    else
        fputs("null", f);
}

static void json_interval(FILE *f, interval i)
{
    fputc('[', f);
    json_num(f, i.lo);
    fputc(',', f);
    json_num(f, i.hi);
    fputc(']', f);
}

static void json_counts(FILE *f, const uint64_t c[5])
{
    fprintf(f, "[%llu,%llu,%llu,%llu,%llu]", (unsigned long long)c[0], (unsigned long long)c[1],
            (unsigned long long)c[2], (unsigned long long)c[3], (unsigned long long)c[4]);
}

void bias_print_json(const bias_result *r, FILE *f)
{
    fprintf(f, "{\"duplicates\":%llu,\"by_setup\":{", (unsigned long long)r->duplicates);
    int first = 1;
    for (int k = 0; k < SETUP_KINDS; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        fprintf(f, "%s\"%s\":{\"games\":%llu,\"white_score\":", first ? "" : ",", setup_names[k],
                (unsigned long long)s->games);
        first = 0;
        json_num(f, s->white_score);
        fputs(",\"ci95\":", f);
        json_interval(f, s->ci);
        fprintf(f, ",\"mean_turns\":%.4f,\"sd_turns\":%.4f,\"endings\":{\"trinity\":%llu,\"no_capture\":%llu}",
                s->mean_turns, s->sd_turns, (unsigned long long)s->endings[1], (unsigned long long)s->endings[2]);
        if (s->pairs >= 2) { /* the estimates need two pairs at least */
            fprintf(f, ",\"paired\":{\"pairs\":%llu,\"white_pentanomial\":", (unsigned long long)s->pairs);
            json_counts(f, s->white_penta);
            fputs(",\"arrangement_pentanomial\":", f);
            json_counts(f, s->holder_penta);
            fputs(",\"setup_variance\":", f);
            json_num(f, s->setup_var);
            fputs(",\"setup_variance_ci95\":", f);
            json_interval(f, s->setup_var_ci);
            fputs(",\"setup_share\":", f);
            json_num(f, s->setup_share);
            fputs(",\"one_sided_fraction\":", f);
            json_num(f, s->one_sided);
            fputs(",\"one_sided_ci95\":", f);
            json_interval(f, s->one_sided_ci);
            fputs(",\"one_sided_observed\":", f);
            json_num(f, s->one_sided_observed);
            fputs(",\"one_sided_expected\":", f);
            json_num(f, s->one_sided_expected);
            fputc('}', f);
        }
        fputc('}', f);
    }
    fputs("},\"differences\":[", f);
    first = 1;
    for (int i = 0; i < 3; i++) {
        if (!r->has_diff[i])
            continue;
        const proportion_diff *d = &r->diff[i];
        fprintf(f, "%s{\"a\":\"%s\",\"b\":\"%s\",\"diff\":", first ? "" : ",", setup_names[bias_diff_kinds[i][0]],
                setup_names[bias_diff_kinds[i][1]]);
        first = 0;
        json_num(f, d->diff);
        fputs(",\"ci95\":", f);
        json_interval(f, d->ci);
        fputs(",\"z\":", f);
        json_num(f, d->z);
        fputs(",\"p_value\":", f);
        json_num(f, d->p_value);
        fputc('}', f);
    }
    fputc(']', f);
    if (r->reg_ok) {
        fprintf(f, ",\"regression\":{\"games\":%zu,\"coefficients\":{", r->reg_rows);
        for (int j = 0; j <= START_FEATURES; j++) {
            fprintf(f, "%s\"%s\":{\"beta\":", j ? "," : "", j ? start_feature_names[j - 1] : "intercept");
            json_num(f, r->beta[j]);
            fputs(",\"se\":", f);
            json_num(f, r->se[j]);
            fputc('}', f);
        }
        fputs("}}", f);
    }
    fputs("}\n", f);
}

static void print_kind_table(const bias_result *r, FILE *f, bool md)
{
    if (md)
        fputs("| setup | games | White's score | 95% interval | mean turns (sd) | trinity | no capture |\n"
              "|---|---:|---:|---|---:|---:|---:|\n", f);
    else
        fprintf(f, "%-11s %8s %8s  %-17s %-14s %8s %10s\n", "setup", "games", "White", "95% interval",
                "turns (sd)", "trinity", "no capture");
    for (int k = 0; k < SETUP_KINDS; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        fprintf(f, md ? "| %s | %llu | %.2f%% | %.2f%% – %.2f%% | %.1f (%.1f) | %llu | %llu |\n"
                      : "%-11s %8llu %7.2f%%  %5.2f%% – %5.2f%%  %5.1f (%4.1f)    %8llu %10llu\n",
                setup_names[k], (unsigned long long)s->games, 100 * s->white_score, 100 * s->ci.lo,
                100 * s->ci.hi, s->mean_turns, s->sd_turns, (unsigned long long)s->endings[1],
                (unsigned long long)s->endings[2]);
    }
}

static void print_sections(const bias_result *r, FILE *f, bool md)
{
    const char *h = md ? "\n## " : "\n";
    fputs(md ? "## White's score by setup\n\n" : "White's score by setup kind\n", f);
    print_kind_table(r, f, md);
    bool any = r->has_diff[0] || r->has_diff[1] || r->has_diff[2];
    if (any) {
        fprintf(f, "%sDifferences between setup kinds (Newcombe interval, pooled z test)\n%s", h, md ? "\n" : "");
        for (int i = 0; i < 3; i++)
            if (r->has_diff[i])
                fprintf(f, "%s%s − %s: %+.2f points, 95%% [%+.2f, %+.2f], z = %.2f, p = %.3g\n", md ? "- " : "  ",
                        setup_names[bias_diff_kinds[i][0]], setup_names[bias_diff_kinds[i][1]],
                        100 * r->diff[i].diff, 100 * r->diff[i].ci.lo, 100 * r->diff[i].ci.hi, r->diff[i].z,
                        r->diff[i].p_value);
    }
    for (int k = 0; k < SETUP_KINDS; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (s->pairs < 2)
            continue;
        fprintf(f, "%sPaired games, %s setups (%llu pairs)\n%s", h, setup_names[k], (unsigned long long)s->pairs,
                md ? "\n" : "");
        const char *b = md ? "- " : "  ";
        fprintf(f, "%sWhite's points per pair 0 / 1 / 2: %llu / %llu / %llu\n", b,
                (unsigned long long)s->white_penta[0], (unsigned long long)s->white_penta[2],
                (unsigned long long)s->white_penta[4]);
        fprintf(f, "%sfirst game's White arrangement, points per pair 0 / 1 / 2: %llu / %llu / %llu\n", b,
                (unsigned long long)s->holder_penta[0], (unsigned long long)s->holder_penta[2],
                (unsigned long long)s->holder_penta[4]);
        fprintf(f, "%svariance of the per-setup score beyond chance: %.4f, 95%% [%.4f, %.4f] "
                   "(%.1f%% of the outcome variance)\n", b, s->setup_var, s->setup_var_ci.lo, s->setup_var_ci.hi,
                100 * s->setup_share);
        fprintf(f, "%sone-sided setups (the same arrangement wins both games): %.1f%% observed, %.1f%% by "
                   "chance, so %.1f%% 95%% [%.1f%%, %.1f%%] decided by the setup\n", b,
                100 * s->one_sided_observed, 100 * s->one_sided_expected, 100 * s->one_sided,
                100 * s->one_sided_ci.lo, 100 * s->one_sided_ci.hi);
    }
    if (r->reg_ok) {
        fprintf(f, "%sWhat favours White in a random setup (logistic regression, %zu games)\n%s", h, r->reg_rows,
                md ? "\n| feature (White − Black) | coefficient | standard error | z |\n|---|---:|---:|---:|\n" : "");
        for (int j = 0; j <= START_FEATURES; j++)
            fprintf(f, md ? "| %s | %.4f | %.4f | %.2f |\n" : "  %-16s %9.4f  se %.4f  z %6.2f\n",
                    j ? start_feature_names[j - 1] : "intercept", r->beta[j], r->se[j], r->beta[j] / r->se[j]);
    }
}

void bias_print_text(const bias_result *r, FILE *f)
{
    print_sections(r, f, false);
}

int bias_write_report(const bias_result *r, const char *path, const char *plots, bool force, char *err,
                      size_t n)
{
    fio_out o;
    if (fio_out_begin(&o, path, force, err, n))
        return -1;
    FILE *f = o.f;
    fputs("# TZAAR opening-setup bias\n\nWritten by `triad bias`; the models behind each figure are in "
          "triad's docs/bias.md.\n\n", f);
    print_sections(r, f, true);
    if (plots) {
        fprintf(f, "\n## Plots\n\n![White's score by setup kind](%s/white_score.png)\n\n"
                   "![Game length by setup kind](%s/game_length.png)\n\n", plots, plots);
        for (int k = 0; k < SETUP_KINDS; k++)
            if (r->kind[k].pairs >= 2) {
                fprintf(f, "![Per-setup scores](%s/setup_scores.png)\n", plots);
                break;
            }
    }
    return fio_out_commit(&o, err, n);
}
