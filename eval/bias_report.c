/* bias_report.c — the bias study's results for people: the text of
 * triad bias and the Markdown report (--report), with the command lines
 * that play a run again (see bias.h; the JSON is in bias_json.c, the charts
 * in bias_plots.c). */
#define _DEFAULT_SOURCE /* realpath() */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/esc.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "bias.h"

/* An interval as text in the caller's out, "n/a" when there is none
 * (fewer than two observations): fmt formats the two bounds, each times
 * scale.  Returns out, so that a printf can take it as an argument; one
 * printf showing two intervals gives each its own buffer. */
#define CI_TEXT_MAX 96
static const char *ci_text(char out[CI_TEXT_MAX], interval i, double scale, const char *fmt)
{
    if (!interval_ok(i))
        snprintf(out, CI_TEXT_MAX, "n/a");
    else
        snprintf(out, CI_TEXT_MAX, fmt, scale * i.lo, scale * i.hi);
    return out;
}

/* See bias.h: the text, the Markdown, the page and the JSON name the joint
 * model's first mover this way. */
const char *bias_first_seat_name(const bias_result *r, int k, char name[16])
{
    int s = k >= 0 && k < BIAS_PLAYERS_KINDS_MAX ? r->pl.kind[k].first_seat : -1;
    return s < 0 ? "either seat" : game_seat_name(r->game, s, name);
}

/* See bias.h: the JSON (bias_json.c) names the rotation this way too. */
const char *bias_rotate_name(int rotate)
{
    return (rotate & REC_ROTATE_PIECES) && (rotate & REC_ROTATE_PLAYERS) ? "pieces,players"
           : rotate & REC_ROTATE_PIECES                                    ? "pieces"
                                                                           : "players";
}

static void print_kind_table(const bias_result *r, FILE *f, bool md)
{
    int name_width = 11; /* the setup column: as wide as the longest name with games */
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].games && (int)strlen(r->game->setup_names[k]) > name_width)
            name_width = (int)strlen(r->game->setup_names[k]);
    const char *const *en = r->game->ending_names;
    if (md) {
        fputs("| setup | games | first seat's share | 95% interval | mean turns (sd) |", f);
        for (int e = 1; e < r->endings; e++)
            fprintf(f, " %s |", en[e]);
        fputs("\n|---|---:|---:|---|---:|", f);
        for (int e = 1; e < r->endings; e++)
            fputs("---:|", f);
        fputc('\n', f);
    } else {
        fprintf(f, "%-*s %8s %8s  %-17s %-14s", name_width, "setup", "games", "seat 0", "95% interval", "turns (sd)");
        for (int e = 1; e < r->endings; e++)
            fprintf(f, " %10s", en[e]);
        fputc('\n', f);
    }
    for (int k = 0; k < r->kinds; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        char ci[CI_TEXT_MAX];
        ci_text(ci, s->share_ci[0], 100, md ? "%.2f%% – %.2f%%" : "%5.2f%% – %5.2f%%");
        int width = interval_ok(s->share_ci[0]) ? 18 : 16; /* the dash is 3 bytes, one column */
        fprintf(f, md ? "| %.*s%s | %llu | %.2f%% | %-*s | %.1f (%.1f) |" : "%-*s%s %8llu %7.2f%%  %-*s %5.1f (%4.1f)   ",
                md ? 64 : name_width, r->game->setup_names[k], "", (unsigned long long)s->games, 100 * s->share[0], md ? 0 : width, ci,
                s->mean_turns, s->sd_turns);
        for (int e = 1; e < r->endings; e++)
            fprintf(f, md ? " %llu |" : " %10llu", (unsigned long long)s->endings[e]);
        fputc('\n', f);
    }
}

static void print_seats(const bias_result *r, int k, FILE *f, bool md)
{
    char cb[2][CI_TEXT_MAX];
    const bias_kind_result *s = &r->kind[k];
    const char *b = md ? "- " : "  ";
    char how[160];
    if (s->clustered)
        snprintf(how, sizeof how, "%s intervals, clustered by setup: %llu setups", s->points ? "Student t" : "Wilson",
                 (unsigned long long)s->clusters);
    else
        snprintf(how, sizeof how, "%s intervals", s->points ? "Student t" : "Wilson");
    fprintf(f, "%sSeats, %s setups (%s)\n%s", md ? "\n## " : "\n", r->game->setup_names[k], how, md ? "\n" : "");
    for (int p = 0; p < r->players; p++) {
        fprintf(f, "%sseat %d: mean score %.4f %s, share %.2f%% %s, ranks", b, p, s->mean[p],
                ci_text(cb[0], s->mean_ci[p], 1, "[%.4f, %.4f]"), 100 * s->share[p],
                ci_text(cb[1], s->share_ci[p], 100, "[%.2f%%, %.2f%%]"));
        for (int q = 0; q < r->players; q++)
            fprintf(f, " %llu", (unsigned long long)s->ranks[p][q]);
        fputc('\n', f);
    }
    fprintf(f, "%sranks are the game's own, first to last (its tie-breaks decide a points tie); first place "
               "shared: %llu games", b, (unsigned long long)s->ties);
    if (s->point_ties != s->ties)
        fprintf(f, " (tied on points: %llu, of which the tie-break decided %llu)", (unsigned long long)s->point_ties,
                (unsigned long long)(s->point_ties - s->ties));
    fputc('\n', f);
    fprintf(f, "%sfirst seat's advantage (its share − 1/%d): %+.2f points\n", b, r->players, 100 * s->first_advantage);
    fprintf(f, "%sshare by turn order (first to act at the start, then on):", b);
    for (int q = 0; q < r->players; q++)
        fprintf(f, " %d: %.2f%% %s%s", q + 1, 100 * s->mover_share[q],
                ci_text(cb[0], s->mover_share_ci[q], 100, "[%.2f%%, %.2f%%]"), q + 1 < r->players ? ";" : "\n");
    fprintf(f, "%sfirst places alone by seat:", b);
    for (int q = 0; q < r->players; q++)
        fprintf(f, " %d: %llu%s", q, (unsigned long long)(s->ranks[q][0] - s->shared_firsts[q]),
                q + 1 < r->players ? ";" : "");
    fprintf(f, "; by turn order:");
    for (int q = 0; q < r->players; q++)
        fprintf(f, " %d: %llu%s", q + 1, (unsigned long long)(s->mover_ranks[q][0] - s->mover_shared_firsts[q]),
                q + 1 < r->players ? ";" : "");
    if (s->ties) {
        fprintf(f, "; shared by seat:");
        for (int q = 0; q < r->players; q++)
            fprintf(f, " %d: %llu%s", q, (unsigned long long)s->shared_firsts[q], q + 1 < r->players ? ";" : "");
    }
    fputc('\n', f);
    for (int p = 0; p < s->nparts; p++) {
        fprintf(f, "%smean points from %s by seat (Student t intervals%s):", b, r->game->scoring->score_part_names[p],
                s->clustered ? ", clustered by setup" : "");
        for (int q = 0; q < r->players; q++)
            fprintf(f, " %d: %.2f %s%s", q, s->part[p][q], ci_text(cb[0], s->part_ci[p][q], 1, "[%.2f, %.2f]"),
                    q + 1 < r->players ? ";" : "\n");
    }
}

static void print_groups(const bias_result *r, int k, FILE *f, bool md)
{
    char cb[1][CI_TEXT_MAX];
    const bias_groups_result *g = &r->kind[k].grp;
    const char *b = md ? "- " : "  ";
    fprintf(f, "%sRotation groups, %s setups (%llu groups of %d games, %s rotated)\n%s", md ? "\n## " : "\n",
            r->game->setup_names[k], (unsigned long long)g->groups, g->rotations, bias_rotate_name(g->rotate),
            md ? "\n" : "");
    if (g->pentanomial) {
        fprintf(f, "%sseat 0's points per pair 0 / 1 / 2: %llu / %llu / %llu\n", b,
                (unsigned long long)g->first_penta[0], (unsigned long long)g->first_penta[2],
                (unsigned long long)g->first_penta[4]);
        fprintf(f, "%sfirst game's seat 0 arrangement, points per pair 0 / 1 / 2: %llu / %llu / %llu\n", b,
                (unsigned long long)g->holder_penta[0], (unsigned long long)g->holder_penta[2],
                (unsigned long long)g->holder_penta[4]);
    }
    fprintf(f, "%sseat 0's share, groups as the observations: %.2f%% %s\n", b, 100 * g->first_share,
            ci_text(cb[0], g->first_share_ci, 100, "[%.2f%%, %.2f%%]"));
    fprintf(f, "%sseat 0's share by rotation:", b);
    for (int q = 0; q < g->rotations; q++)
        fprintf(f, " %d: %.2f%% %s%s", q, 100 * g->rot_first[q], ci_text(cb[0], g->rot_first_ci[q], 100, "[%.2f%%, %.2f%%]"),
                q + 1 < g->rotations ? ";" : "\n");
    fprintf(f, "%srotation 0 minus rotation 1 (paired by setup): %+.2f points %s\n", b, 100 * g->rot_diff,
            ci_text(cb[0], g->rot_diff_ci, 100, "[%+.2f, %+.2f]"));
    if (g->groups_other)
        fprintf(f, "%s%llu groups of runs with other rotations left out\n", b, (unsigned long long)g->groups_other);
    if (g->groups < 2)
        return;
    /* One figure, said as what it is (docs/bias.md): with one game per
     * seating it is the arrangement's strength between setups minus the
     * spread of the setup's own seat effect; replicates separate the two.
     * The one-sided fraction is a function of the same statistic: it stays
     * in the JSON for the readers that know it, not here. */
    fprintf(f, "%show much more alike a setup's games are than chance: %.4f, 95%% %s (%.1f%% of the "
               "outcome variance; the arrangement's strength between setups minus the spread of the setup's own "
               "seat effect: --replicates separates them)\n", b, g->setup_var,
            ci_text(cb[0], g->setup_var_ci, 1, "[%.4f, %.4f]"), 100 * g->setup_share);
}

static void print_components(const bias_result *r, int k, FILE *f, bool md)
{
    char cb[1][CI_TEXT_MAX];
    const bias_components *c = &r->kind[k].comp;
    const char *b = md ? "- " : "  ";
    fprintf(f, "%sVariance components, %s setups (%llu setups x %d rotations x %d replicates; docs/bias.md)\n%s",
            md ? "\n## " : "\n", r->game->setup_names[k], (unsigned long long)c->setups, c->rotations,
            c->replicates, md ? "\n" : "");
    fprintf(f, "%sthe games' own chance (within a setup and rotation): %.4f\n", b, c->game_var);
    fprintf(f, "%sthe arrangement's strength between setups: %.4f, 95%% %s\n", b, c->setup_var,
            ci_text(cb[0], c->setup_var_ci, 1, "[%.4f, %.4f]"));
    if (c->rotations > 1)
        fprintf(f, "%sthe setup's own seat effect (two seats: its first-move effect) between setups: %.4f, "
                   "95%% %s\n", b, c->seat_setup_var, ci_text(cb[0], c->seat_setup_var_ci, 1, "[%.4f, %.4f]"));
    if (c->other)
        fprintf(f, "%s%llu games of runs with other rotations or replicates left out\n", b,
                (unsigned long long)c->other);
}

/* The joint model (bias_players.h), when the records hold two players or
 * more: the first mover's edge between equal players by kind, then every
 * player's strength against its component's reference. */
static void print_players(const bias_result *r, FILE *f, bool md)
{
    char cb[2][CI_TEXT_MAX];
    const bias_players_result *p = &r->pl;
    if (p->nplayers < 2)
        return;
    fprintf(f, "%sThe first mover's edge with the players' strengths (logistic model with a term per player, "
               "every game of two seats: self-play and matches; docs/bias.md)\n%s",
            md ? "\n## " : "\n", md ? "\n" : "");
    if (!p->fitted)
        fprintf(f, "%snot fitted: %s", md ? "" : "  ", *p->err ? p->err : "no games");
    else
        fprintf(f, "%s%d players in %d component%s (players joined by games between them), %llu games in %ld "
                   "setups (the clusters of the standard errors)",
                md ? "" : "  ", p->nplayers, p->components, p->components == 1 ? "" : "s",
                (unsigned long long)p->games, p->clusters);
    if (p->separated)
        fprintf(f, "; %llu games of players who won or lost every game against the others left out",
                (unsigned long long)p->separated);
    if (p->left_out)
        fprintf(f, "; %llu games left out (more than %d players)", (unsigned long long)p->left_out,
                BIAS_PLAYERS_MAX);
    if (p->fitted)
        fputs(md ? ".\n\n| setup | games | first mover between equal players | edge in Elo |\n|---|---:|---:|---:|\n"
                 : "\n",
              f);
    else
        fputs(md ? ".\n" : "\n", f);
    for (int k = 0; p->fitted && k < p->kinds; k++) {
        char seat[16];
        if (p->kind[k].games)
            fprintf(f, md ? "| %s | %llu | %s: %.1f%% %s | %+.1f %s |\n"
                          : "  %-16s %7llu games  first mover (%s) %.1f%% %s  edge %+.1f Elo %s\n",
                    r->game->setup_names[k], (unsigned long long)p->kind[k].games,
                    bias_first_seat_name(r, k, seat), 100 * p->kind[k].score,
                    ci_text(cb[0], p->kind[k].score_ci, 100, "[%.1f, %.1f]"), p->kind[k].elo,
                    ci_text(cb[1], p->kind[k].elo_ci, 1, "[%+.1f, %+.1f]"));
    }
    fputs(md ? "\n| player | engine | component | games | against others | Elo against the reference |\n"
               "|---|---|---:|---:|---:|---|\n"
             : "  players (Elo against the reference of their component):\n",
          f);
    for (int i = 0; i < p->nplayers; i++) {
        const bias_players_strength *s = &p->player[i];
        char what[CI_TEXT_MAX + 64];
        if (s->unbounded)
            snprintf(what, sizeof what, "%s every game against the others", s->unbounded > 0 ? "won" : "lost");
        else if (s->reference)
            snprintf(what, sizeof what, "0 (the reference)");
        else if (!s->against_others)
            snprintf(what, sizeof what, "no games against the others");
        else
            snprintf(what, sizeof what, "%+.1f %s", s->elo, ci_text(cb[0], s->elo_ci, 1, "[%+.1f, %+.1f]"));
        fprintf(f, md ? "| `%s` | `%016llx` | %d | %llu | %llu | %s |\n"
                      : "    %-28s engine %016llx  component %d  games %llu (%llu against others)  %s\n",
                s->who.spec, (unsigned long long)s->who.sig, s->component, (unsigned long long)s->games,
                (unsigned long long)s->against_others, what);
    }
}

/* Whether one edge fits every player (bias_players_het): each self-play
 * player's own edge, the tests, the random-effects pool. */
static void print_het(const bias_result *r, FILE *f, bool md)
{
    char cb[2][CI_TEXT_MAX];
    const bias_players_result *p = &r->pl;
    for (int k = 0; k < p->kinds; k++) {
        const bias_players_het *h = &p->het[k];
        if (h->n < 2)
            continue;
        fprintf(f, md ? "\n**%s: each player's own edge** (its self-play alone; clustered by setup)\n\n"
                        "| player | games | first mover | edge in Elo |\n|---|---:|---:|---:|\n"
                      : "  %s: each player's own edge (its self-play alone; clustered by setup)\n",
                r->game->setup_names[k]);
        for (int i = 0; i < h->n; i++) {
            const bias_players_own *o = &h->own[i];
            fprintf(f, md ? "| `%s` | %llu | %.2f%% %s | %+.1f %s |\n" : "    %-40s %6llu games  %.2f%% %s  %+.1f Elo %s\n",
                    p->player[o->player].who.spec, (unsigned long long)o->games, 100 * o->score,
                    ci_text(cb[0], o->score_ci, 100, "[%.2f, %.2f]"), o->elo,
                    ci_text(cb[1], o->elo_ci, 1, "[%+.1f, %+.1f]"));
        }
        if (!h->ok) {
            fprintf(f, "%sno test: an edge without an error (a share of 0 or 1)\n", md ? "\n" : "    ");
            continue;
        }
        fprintf(f, "%sone edge for all? Cochran's Q %.1f on %d df, p = %.2g; with the setups' covariance "
                   "(Wald) %.1f, p = %.2g; between players tau %.3f (I^2 %.0f%%)\n",
                md ? "\n" : "    ", h->q, h->df, h->q_p, h->wald, h->wald_p, sqrt(h->tau2), 100 * h->i2);
        fprintf(f, "%srandom-effects pool (DerSimonian-Laird): first mover %.1f%% %s, edge %+.1f Elo %s\n",
                md ? "\n" : "    ", 100 * h->score, ci_text(cb[0], h->score_ci, 100, "[%.1f, %.1f]"), h->elo,
                ci_text(cb[1], h->elo_ci, 1, "[%+.1f, %+.1f]"));
    }
}

/* Each component's span: its weakest player to its strongest, the error
 * from the strengths' covariance (not the sum of their variances). */
static void print_spans(const bias_result *r, FILE *f, bool md)
{
    const bias_players_result *p = &r->pl;
    for (int c = 0; p->fitted && c < p->components; c++) {
        int lo, hi;
        double span, se;
        if (!bias_players_component_span(p, c, &lo, &hi, &span, &se))
            continue;
        fprintf(f, "%sthe span of component %d, %s to %s: %+.1f Elo [%+.1f, %+.1f] (se %.1f, from the fit's "
                   "covariance)\n",
                md ? "\n" : "  ", c, p->player[lo].who.spec, p->player[hi].who.spec, span, span - Z95 * se,
                span + Z95 * se, se);
    }
}

static void print_sections(const bias_result *r, FILE *f, bool md)
{
    char cb[1][CI_TEXT_MAX];
    const char *h = md ? "\n## " : "\n";
    fprintf(f, md ? "## The first seat's share of the points by setup (%s, %d players)\n\n"
                  : "%s, %d players: the first seat's share of the points by setup kind\n",
            r->game->name, r->players);
    print_kind_table(r, f, md);
    if (r->ndiffs) {
        fprintf(f, "%sDifferences between setup kinds (%s%s)\n%s", h,
                r->kind[r->diff[0].a].points || r->kind[r->diff[0].b].points
                    ? "normal interval on the difference of mean shares"
                    : "Newcombe interval, pooled z test",
                r->kind[r->diff[0].a].clustered || r->kind[r->diff[0].b].clustered ? ", clustered by setup" : "",
                md ? "\n" : "");
        for (int i = 0; i < r->ndiffs; i++) {
            const proportion_diff *d = &r->diff[i].d;
            fprintf(f, "%s%s − %s: %+.2f points, 95%% %s, z = %.2f, p = %.3g\n", md ? "- " : "  ",
                    r->game->setup_names[r->diff[i].a], r->game->setup_names[r->diff[i].b], 100 * d->diff,
                    ci_text(cb[0], d->ci, 100, "[%+.2f, %+.2f]"), d->z, d->p_value);
        }
    }
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].games)
            print_seats(r, k, f, md);
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].grp.groups)
            print_groups(r, k, f, md);
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].comp.setups)
            print_components(r, k, f, md);
    if (r->reg_ok) {
        fprintf(f, "%sWhat favours the first seat on a varying setup (logistic regression of its share, %zu "
                   "games of %ld setups; standard errors clustered by setup, and as if games were independent)\n%s",
                h, r->reg_rows, r->reg_clusters,
                md ? "\n| feature | coefficient | standard error | z | se, games independent |\n"
                     "|---|---:|---:|---:|---:|\n" : "");
        for (int j = 0; j <= r->game->study->nstart_features; j++)
            if (r->reg_dropped[j])
                fprintf(f, md ? "| %s | not fitted: %s | | | |\n" : "  %-16s not fitted: %s\n",
                        r->game->study->start_feature_names[j - 1],
                        r->reg_dropped[j] == 1 ? "the same in every start"
                                               : "a combination of the features above");
            else
                fprintf(f, md ? "| %s | %.4f | %.4f | %.2f | %.4f |\n"
                              : "  %-16s %9.4f  se %.4f  z %6.2f  (se %.4f if independent)\n",
                        j ? r->game->study->start_feature_names[j - 1] : "intercept", r->beta[j], r->se[j],
                        r->beta[j] / r->se[j], r->se_model[j]);
    }
    print_players(r, f, md);
    if (r->pl.nplayers >= 2) {
        print_spans(r, f, md);
        print_het(r, f, md);
    }
}

void bias_print_text(const bias_result *r, FILE *f)
{
    print_sections(r, f, false);
}

void bias_shell_quote(const char *s, bool path, char *out, size_t n)
{
    buf b = { 0 };
    if (path)
        esc_shell_path(&b, s);
    else
        esc_shell(&b, s);
    if (b.failed || b.len >= n)
        snprintf(out, n, "%s", ""); /* too long to quote here: nothing rather than a wrong word */
    else
        snprintf(out, n, "%.*s", (int)b.len, (const char *)b.data);
    buf_free(&b);
}

/* The `triad selfplay` command that plays run's games again (with an
 * engine of the same signature), into out; "" when no such command exists
 * (an import, a match run that moves the players alone). */
void bias_selfplay_command(const bias_run_info *ri, char *out, size_t n)
{
    const rec_run *run = &ri->run;
    char q[1024], file[600];
    size_t at = 0;
    *out = 0;
    if (run->source != REC_SOURCE_SELFPLAY || run->rotate == REC_ROTATE_PLAYERS)
        return;
#define ADD(...) at += (size_t)snprintf(out + at, at < n ? n - at : 0, __VA_ARGS__)
    ADD("triad selfplay --game %s --nplayers %d", run->game->name, run->players);
    bool same = true;
    for (int s = 1; s < run->players; s++)
        same &= !strcmp(run->specs[s], run->specs[0]);
    for (int s = 0; s < (same ? 1 : run->players); s++) {
        bias_shell_quote(run->specs[s], false, q, sizeof q);
        if (same)
            ADD(" --players %s", q);
        else
            ADD(" --seat %d=%s", s, q);
    }
    ADD(" --setup %s", rec_setup_name(run, run->setup));
    if (run->rotations == 2 && run->rotate == (REC_ROTATE_PIECES | REC_ROTATE_PLAYERS))
        ADD(" --paired");
    else if (run->rotations > 1)
        ADD(" --rotations %d", run->rotations);
    if (run->replicates > 1)
        ADD(" --replicates %d", run->replicates);
    ADD(" --games %llu --seed %llu", (unsigned long long)run->games, (unsigned long long)run->seed);
    if (run->shards > 1)
        ADD(" --shard %u/%u", run->shard, run->shards);
    bias_shell_quote(ri->file, true, file, sizeof file);
    ADD(" --out %s", file);
#undef ADD
    if (at >= n && n)
        *out = 0; /* cut short: better nothing than a wrong command */
}

/* What the figures hold for: the game, every run read (its file, setup,
 * seed, design, players and engine signature) and the commands that make
 * the records and this report again. */
static void print_provenance(const bias_result *r, FILE *f)
{
    char cmd[4096];
    fprintf(f, "## What was measured\n\n- **Game:** %s, %d players (rules %s).\n", r->game->title, r->players,
            r->nruns ? r->runs[0].run.rules_version : r->game->rules_version);
    fprintf(f, "- **Records:** %d run%s%s.\n", r->nruns + r->runs_more, r->nruns + r->runs_more == 1 ? "" : "s",
            r->duplicates ? "" : "");
    for (int i = 0; i < r->nruns; i++) {
        const rec_run *run = &r->runs[i].run;
        fprintf(f, "  - `%s`: %s, setup `%s`, seed %llu, %llu games", r->runs[i].file,
                run->source == REC_SOURCE_IMPORT ? "imported games" : "self-play", rec_setup_name(run, run->setup),
                (unsigned long long)run->seed, (unsigned long long)run->games);
        if (run->rotations > 1)
            fprintf(f, ", %d rotations (%s move)", run->rotations, bias_rotate_name(run->rotate));
        if (run->replicates > 1)
            fprintf(f, ", %d replicates", run->replicates);
        if (run->shards > 1)
            fprintf(f, ", shard %u of %u", run->shard, run->shards);
        fprintf(f, ", engine signature `%016llx`%s; ", (unsigned long long)run->engine_sig,
                run->engine_sig ? "" : " (unknown: a format 1 file)");
        bool same = true;
        for (int s = 1; s < run->players; s++)
            same &= !strcmp(run->specs[s], run->specs[0]);
        if (same)
            fprintf(f, "every seat: `%s`\n", run->specs[0]);
        else
            for (int s = 0; s < run->players; s++)
                fprintf(f, "%sseat %d: `%s`%s", s ? ", " : "", s, run->specs[s], s + 1 < run->players ? "" : "\n");
    }
    if (r->runs_more)
        fprintf(f, "  - and %d more runs\n", r->runs_more);
    if (r->duplicates)
        fprintf(f, "- **Games read twice**, counted once: %llu dropped.\n", (unsigned long long)r->duplicates);
    fprintf(f, "- **Intervals:** 95%%; the games of a setup (its rotations, pair or replicates) are one cluster "
               "(docs/bias.md); bootstrap intervals from %d resamples, seed %llu.\n", r->resamples,
            (unsigned long long)r->seed);
    fputs("\nThe records again (an engine of the same signature plays the same games):\n\n```sh\n", f);
    for (int i = 0; i < r->nruns; i++) {
        bias_selfplay_command(&r->runs[i], cmd, sizeof cmd);
        fprintf(f, "%s\n", *cmd ? cmd : "# (not a self-play run: its games cannot be played again by a command)");
    }
    fputs("```\n", f);
    if (r->command)
        fprintf(f, "\nThis report again:\n\n```sh\n%s\n```\n", r->command);
    fputc('\n', f);
}

/* The path of `to` as seen from the folder `from_dir`, into out: a
 * report's images must be found from the report, wherever the command ran.
 * Both are resolved (they exist); when that fails, `to` as given. */
static void relative_path(const char *from_dir, const char *to, char *out, size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(from_dir, a) || !realpath(to, b)) {
        snprintf(out, n, "%s", to);
        return;
    }
    if (!strcmp(a, "/")) { /* the report at the root */
        snprintf(out, n, "%s", b[1] ? b + 1 : ".");
        return;
    }
    size_t common = 0, i = 0;
    for (; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/')
            common = i;
    if (!a[i] && (b[i] == '/' || !b[i]))
        common = i; /* a is b or a folder above it */
    else if (!b[i] && a[i] == '/')
        common = i;
    size_t at = 0;
    out[0] = 0;
    for (const char *c = a + common; *c; c++) /* one ".." for every folder of a below the common part */
        if (*c == '/')
            at += (size_t)snprintf(out + at, at < n ? n - at : 0, "%s..", at ? "/" : "");
    const char *rest = b + common + (b[common] == '/');
    if (*rest)
        at += (size_t)snprintf(out + at, at < n ? n - at : 0, "%s%s", at ? "/" : "", rest);
    if (!at)
        snprintf(out, n, ".");
}

int bias_write_report(const bias_result *r, const char *path, const char *plots, bool force, char *err,
                      size_t n)
{
    fio_out o;
    if (fio_out_begin(&o, path, force, err, n))
        return -1;
    FILE *f = o.f;
    fprintf(f, "# Opening-setup bias: %s\n\nWritten by `triad bias`; the models behind each figure are in "
               "triad's docs/bias.md.\n\n", r->game->title);
    print_provenance(r, f);
    print_sections(r, f, true);
    if (plots) {
        char dir[PATH_MAX], rel[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *(slash == dir ? slash + 1 : slash) = 0;
        else
            snprintf(dir, sizeof dir, ".");
        relative_path(dir, plots, rel, sizeof rel);
        fprintf(f, "\n## Plots\n\n![%s by setup kind](%s/seat_scores.png)\n\n"
                   "![The share of the points by turn order (1: the seat to act at the start)](%s/turn_order.png)\n\n"
                   "![Game length by setup kind](%s/game_length.png)\n\n",
                r->players > 2 ? "Every seat's share of the points" : "The first seat's score", rel, rel, rel);
        for (int k = 0; k < r->kinds; k++)
            if (r->kind[k].grp.groups >= 2) {
                fprintf(f, "![Per-setup scores](%s/setup_scores.png)\n", rel);
                break;
            }
    }
    return fio_out_commit(&o, err, n);
}
