/* bias_html.c — see bias_html.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "core/esc.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "view/out.h"
#include "view/site.h"
#include "bias_html.h"
#include "bias_sided.h"
#include "plot.h"

/* The selected games as (file, seq), sorted: a game's rank here is its page
 * number in the view site, which writes games in file order. */
typedef struct picked {
    int file;
    uint64_t seq;
} picked;

static int by_place(const void *a, const void *b)
{
    const picked *x = a, *y = b;
    if (x->file != y->file)
        return x->file - y->file;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

typedef struct picks {
    picked *p;
    size_t n;
} picks;

static bool want_game(void *ctx, int file, uint64_t seq, const rec_game *g)
{
    (void)g;
    const picks *k = ctx;
    picked key = { file, seq };
    return bsearch(&key, k->p, k->n, sizeof *k->p, by_place) != NULL;
}

static long page_of(const picks *k, int file, uint64_t seq)
{
    picked key = { file, seq }, *at = bsearch(&key, k->p, k->n, sizeof *k->p, by_place);
    return at ? (long)(at - k->p) : -1;
}

static void cell(buf *b, const char *cls, const char *fmt, double v)
{
    out_printf(b, "<td%s>", cls);
    out_printf(b, fmt, v);
    out_str(b, "</td>");
}

static const char *seat_name(const bias_result *r, int k, char name[16])
{
    return view_seat_name(r->game, k, name);
}

/* A share with its interval in one cell: "51.20% (49.1 – 53.3)". */
static void share_cell(buf *b, double v, interval ci)
{
    out_printf(b, "<td class=\"num\">%.2f%% <span class=\"sub\">(%.1f – %.1f)</span></td>", 100 * v, 100 * ci.lo,
               100 * ci.hi);
}

/* A numeric column's header cell, its text escaped (a game's seat or ending name). */
static void num_th(buf *b, const char *text)
{
    out_str(b, "<th class=\"num\">");
    esc_html(b, text);
    out_str(b, "</th>");
}

/* The joint model (bias_players.h), as bias_report.c prints it; the specs
 * are the records' text, escaped. */
static void put_players(buf *b, const bias_result *r)
{
    const bias_players_result *p = &r->pl;
    if (p->nplayers < 2)
        return;
    out_printf(b, "<section><h2>The first mover's edge with the players' strengths <span class=\"sub\">(every "
                  "game, self-play and matches: %llu games of %d players in %d component%s, %ld setups; 95%% "
                  "intervals clustered by setup)</span></h2><div class=\"scroll\"><table><thead><tr><th>setup"
                  "</th><th class=\"num\">games</th><th class=\"num\">first mover between equal players</th>"
                  "</tr></thead><tbody>\n",
               (unsigned long long)p->games, p->nplayers, p->components, p->components == 1 ? "" : "s",
               p->clusters);
    for (int k = 0; k < p->kinds; k++)
        if (p->kind[k].games && p->kind[k].ok) {
            char seat[16];
            out_str(b, "<tr><td>");
            esc_html(b, r->game->setup_names[k]);
            out_str(b, " <span class=\"sub\">(first: ");
            esc_html(b, bias_first_seat_name(r, k, seat));
            out_printf(b, ")</span></td><td class=\"num\">%llu</td>", (unsigned long long)p->kind[k].games);
            share_cell(b, p->kind[k].score, p->kind[k].score_ci);
            out_str(b, "</tr>\n");
        }
    out_str(b, "</tbody></table></div><div class=\"scroll\"><table><thead><tr><th>player</th><th>engine</th>"
               "<th class=\"num\">component</th><th class=\"num\">games</th><th class=\"num\">Elo against the "
               "reference</th></tr></thead><tbody>\n");
    for (int i = 0; i < p->nplayers; i++) {
        const bias_players_strength *s = &p->player[i];
        out_str(b, "<tr><td>");
        esc_html(b, s->who.spec);
        out_printf(b, "</td><td>%016llx</td><td class=\"num\">%d</td><td class=\"num\">%llu</td><td class=\"num\">",
                   (unsigned long long)s->who.sig, s->component, (unsigned long long)s->games);
        if (s->unbounded)
            out_str(b, s->unbounded > 0 ? "won every game against the others" : "lost every game against the others");
        else if (s->reference)
            out_str(b, "0 (the reference)");
        else if (!s->against_others || !interval_ok(s->elo_ci))
            out_str(b, "no games against the others");
        else
            out_printf(b, "%+.1f <span class=\"sub\">(%+.1f – %+.1f)</span>", s->elo, s->elo_ci.lo, s->elo_ci.hi);
        out_str(b, "</td></tr>\n");
    }
    out_str(b, "</tbody></table></div></section>\n");
}

/* A table with a row per setup kind that has games: the setup's name, then
 * lead's cells, a cell per seat (cell), then tail's.  Its head: head (HTML
 * after "setup"), a column per seat (by turn order: "mover N", else the
 * seat's name), then tail_head's.  The study's share tables are rows of
 * kind_tables[] below. */
typedef struct kind_table {
    const char *title;                /* HTML before the table */
    const char *head;
    bool movers;
    void (*tail_head)(buf *b, const bias_result *r);
    void (*lead)(buf *b, const bias_kind_result *s);
    void (*cell)(buf *b, const bias_kind_result *s, int seat);
    void (*tail)(buf *b, const bias_result *r, const bias_kind_result *s);
    bool points;                      /* only when some kind's scores are points */
} kind_table;

static void games_cell(buf *b, const bias_kind_result *s)
{
    out_printf(b, "<td class=\"num\">%llu</td>", (unsigned long long)s->games);
}

static void seat_share_cell(buf *b, const bias_kind_result *s, int p)
{
    share_cell(b, s->share[p], s->share_ci[p]);
}

static void mean_points_cell(buf *b, const bias_kind_result *s, int p)
{
    out_printf(b, "<td class=\"num\">%.2f <span class=\"sub\">(%.2f – %.2f)</span></td>", s->mean[p],
               s->mean_ci[p].lo, s->mean_ci[p].hi);
}

static void mover_share_cell(buf *b, const bias_kind_result *s, int p)
{
    share_cell(b, s->mover_share[p], s->mover_share_ci[p]);
}

static void share_tail_head(buf *b, const bias_result *r)
{
    out_str(b, "<th class=\"num\">seat 0 − fair share</th><th class=\"num\">mean turns (sd)</th>");
    for (int e = 1; e < r->endings; e++)
        num_th(b, r->game->ending_names[e]);
}

static void share_tail(buf *b, const bias_result *r, const bias_kind_result *s)
{
    out_printf(b, "<td class=\"num\">%+.2f points</td><td class=\"num\">%.1f (%.1f)</td>", 100 * s->first_advantage,
               s->mean_turns, s->sd_turns);
    for (int e = 1; e < r->endings; e++)
        out_printf(b, "<td class=\"num\">%llu</td>", (unsigned long long)s->endings[e]);
}

static const kind_table kind_tables[] = {
    /* Every seat's share of the points (of the wins, in a win/loss game). */
    { "<section><h2>Every seat's share by setup kind <span class=\"sub\">(95% interval)</span></h2>",
      "<th class=\"num\">games</th>", false, share_tail_head, games_cell, seat_share_cell, share_tail, false },
    { "<h3>Mean points per seat (95% interval)</h3>", "", false, NULL, NULL, mean_points_cell, NULL, true },
    /* By turn order: the seat to act first at the start, second, ... */
    { "<h3>By turn order <span class=\"sub\">(the share of the seat that acts first at the start, second, …)"
      "</span></h3>", "", true, NULL, NULL, mover_share_cell, NULL, false },
};

static void put_kind_table(buf *b, const bias_result *r, const kind_table *t)
{
    char name[16];
    out_printf(b, "%s<div class=\"scroll\"><table><thead><tr><th>setup</th>%s", t->title, t->head);
    for (int p = 0; p < r->players; p++)
        if (t->movers)
            out_printf(b, "<th class=\"num\">mover %d</th>", p + 1);
        else
            num_th(b, seat_name(r, p, name));
    if (t->tail_head)
        t->tail_head(b, r);
    out_str(b, "</tr></thead><tbody>\n");
    for (int k = 0; k < r->kinds; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        out_str(b, "<tr><td>");
        esc_html(b, r->game->setup_names[k]);
        out_str(b, "</td>");
        if (t->lead)
            t->lead(b, s);
        for (int p = 0; p < r->players; p++)
            t->cell(b, s, p);
        if (t->tail)
            t->tail(b, r, s);
        out_str(b, "</tr>\n");
    }
    out_str(b, "</tbody></table></div>\n");
}

/* Every seat's share (and mean points) by setup kind, by turn order, and the
 * differences between kinds. */
static void put_share_tables(buf *b, const bias_result *r)
{
    const char *const *names = r->game->setup_names;
    bool points = false;
    for (int k = 0; k < r->kinds; k++)
        points |= r->kind[k].games && r->kind[k].points;
    for (size_t i = 0; i < sizeof kind_tables / sizeof *kind_tables; i++)
        if (points || !kind_tables[i].points)
            put_kind_table(b, r, &kind_tables[i]);
    if (r->ndiffs) {
        out_str(b, "<h3>Differences of seat 0's share between kinds (Newcombe interval, pooled z test)</h3><ul>\n");
        for (int i = 0; i < r->ndiffs; i++) {
            const proportion_diff *d = &r->diff[i].d;
            out_str(b, "<li>");
            esc_html(b, names[r->diff[i].a]);
            out_str(b, " − ");
            esc_html(b, names[r->diff[i].b]);
            out_printf(b, ": %+.2f points, 95%% [%+.2f, %+.2f], z = %.2f, p = %.3g</li>\n", 100 * d->diff,
                       100 * d->ci.lo, 100 * d->ci.hi, d->z, d->p_value);
        }
        out_str(b, "</ul>\n");
    }
    out_str(b, "</section>\n");
}

/* Per kind of rotated setups: the rotation groups' figures. */
static void put_groups(buf *b, const bias_result *r)
{
    const char *const *names = r->game->setup_names;
    for (int k = 0; k < r->kinds; k++) {
        const bias_groups_result *g = &r->kind[k].grp;
        if (g->groups < 2 || g->rotations < 2)
            continue;
        out_str(b, "<section><h2>Rotation groups, ");
        esc_html(b, names[k]);
        out_printf(b, " setups (%llu groups of %d games: every setup played with the seats rotated)</h2><ul>\n",
                   (unsigned long long)g->groups, g->rotations);
        out_printf(b, "<li>seat 0's mean share over the groups: %.2f%%, 95%% [%.2f%%, %.2f%%]</li>\n",
                   100 * g->first_share, 100 * g->first_share_ci.lo, 100 * g->first_share_ci.hi);
        out_str(b, "<li>seat 0's share by rotation:");
        for (int q = 0; q < g->rotations; q++)
            out_printf(b, "%s %d: %.2f%% [%.2f%%, %.2f%%]", q ? ";" : "", q, 100 * g->rot_first[q],
                       100 * g->rot_first_ci[q].lo, 100 * g->rot_first_ci[q].hi);
        out_str(b, "</li>\n");
        if (g->pentanomial) {
            out_printf(b, "<li>seat 0's points per pair 0 / 1 / 2: %llu / %llu / %llu</li>\n",
                       (unsigned long long)g->first_penta[0], (unsigned long long)g->first_penta[2],
                       (unsigned long long)g->first_penta[4]);
            out_printf(b, "<li>the first game's seat 0 arrangement, points per pair 0 / 1 / 2: %llu / %llu / "
                          "%llu</li>\n", (unsigned long long)g->holder_penta[0],
                       (unsigned long long)g->holder_penta[2], (unsigned long long)g->holder_penta[4]);
        }
        out_printf(b, "<li>variance of the per-setup share beyond chance: %.4f, 95%% [%.4f, %.4f] (%.1f%% of the "
                      "outcome variance)</li>\n", g->setup_var, g->setup_var_ci.lo, g->setup_var_ci.hi,
                   100 * g->setup_share);
        out_printf(b, "<li>one-sided setups (the same arrangement first alone in every game of the group): %.1f%% "
                      "observed, %.1f%% by chance, so %.1f%% 95%% [%.1f%%, %.1f%%] decided by the setup</li></ul>"
                      "</section>\n",
                   100 * g->one_sided_observed, 100 * g->one_sided_expected, 100 * g->one_sided,
                   100 * g->one_sided_ci.lo, 100 * g->one_sided_ci.hi);
    }
}

/* The logistic regression of seat 0's result on the start's features. */
static void put_regression(buf *b, const bias_result *r)
{
    static const char *const num = " class=\"num\"";
    if (r->reg_ok) {
        out_printf(b, "<section><h2>What favours the first seat on a varying setup (logistic regression, %zu "
                      "games of %ld setups; standard errors clustered by setup)</h2><div class=\"scroll\"><table><thead><tr><th>feature</th><th class=\"num\">"
                      "coefficient</th><th class=\"num\">standard error</th><th class=\"num\">z</th></tr></thead>"
                      "<tbody>\n", r->reg_rows, r->reg_clusters);
        for (int j = 0; j <= r->game->study->nstart_features; j++) {
            out_str(b, "<tr><td>");
            esc_html(b, j ? r->game->study->start_feature_names[j - 1] : "intercept");
            out_str(b, "</td>");
            if (r->reg_dropped[j]) {
                out_printf(b, "<td colspan=\"3\">left out (%s)</td></tr>\n",
                           r->reg_dropped[j] == 1 ? "the same in every start" : "collinear with those above");
                continue;
            }
            cell(b, num, "%.4f", r->beta[j]);
            cell(b, num, "%.4f", r->se[j]);
            cell(b, num, "%.2f", r->beta[j] / r->se[j]);
            out_str(b, "</tr>\n");
        }
        out_str(b, "</tbody></table></div></section>\n");
    }
}

static void put_tables(buf *b, const bias_result *r)
{
    put_share_tables(b, r);
    put_groups(b, r);
    put_regression(b, r);
    put_players(b, r);
}

/* Copies dir/plots/NAME.svg into b from its <svg> on; 0, or -1 when missing. */
static int inline_svg(buf *b, const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/plots/%s.svg", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    buf svg = { 0 };
    char chunk[8192];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_put(&svg, chunk, k);
    fclose(f);
    buf_byte(&svg, 0);
    const char *start = svg.failed ? NULL : strstr((const char *)svg.data, "<svg");
    if (start)
        out_printf(b, "<figure class=\"chart\">%s</figure>\n", start);
    buf_free(&svg);
    return start ? 0 : -1;
}

static void put_one_sided(buf *b, buf *ids, const bias_result *r, const bias_one_sided *o, size_t n, const picks *pk,
                          const char *const *files, int nfiles)
{
    char name[16];
    out_printf(b, "<section><h2>The most one-sided setups</h2>\n<p>Rotation groups (the games of one setup with "
                  "the seats rotated; TZAAR's paired games) in which the same arrangement of pieces ranked first "
                  "alone in every game, once in each seat: the setup, not the seat, decided them.  The %zu "
                  "quickest (fewest turns over the group) of these; each game opens in the viewer.</p>\n", n);
    if (!n) {
        out_str(b, "<p>None: the records hold no rotated games (<code>selfplay --rotations R</code>, "
                   "<code>--paired</code>), or no arrangement won every game of a group.</p></section>\n");
        return;
    }
    out_str(b, "<div class=\"scroll\"><table><thead><tr><th class=\"num\">rank</th><th>file</th><th>setup</th>"
               "<th>games (ids)</th><th>won every game</th><th class=\"num\">turns</th></tr></thead><tbody>\n");
    for (size_t i = 0; i < n; i++) {
        out_printf(b, "<tr><td class=\"num\">%zu</td><td>", i + 1);
        esc_html(b, files[o[i].file]);
        out_str(b, "</td><td>");
        esc_html(b, r->game->setup_names[o[i].setup % r->kinds]);
        out_printf(b, ", group %llu</td><td>", (unsigned long long)(o[i].id / (uint64_t)o[i].rotations));
        for (int k = 0; k < o[i].rotations; k++)
            out_printf(b, "%s<a href=\"games/viewer.html?game=%ld\">%llu</a>", k ? ", " : "",
                       page_of(pk, o[i].file, o[i].seq[k]), (unsigned long long)o[i].id + (uint64_t)k);
        out_printf(b, "</td><td>game %llu's ", (unsigned long long)o[i].id);
        esc_html(b, seat_name(r, o[i].holder, name));
        out_printf(b, " arrangement</td><td class=\"num\">%d</td></tr>\n", o[i].turns);
    }
    out_str(b, "</tbody></table></div>\n<p>The same games for <code>triad view</code> "
               "(also in <a href=\"one-sided-ids.txt\">one-sided-ids.txt</a>):</p>\n");
    for (int f = 0; f < nfiles; f++) {
        bool any = false;
        for (size_t i = 0; i < n; i++)
            if (o[i].file == f) {
                if (!any) { /* a line to paste into a shell: the file name quoted */
                    out_str(ids, "triad view ");
                    esc_shell_path(ids, files[f]);
                    out_str(ids, " --out DIR --select 'id=");
                    any = true;
                } else
                    out_str(ids, "|");
                for (int k = 0; k < o[i].rotations; k++)
                    out_printf(ids, "%s%llu", k ? "|" : "", (unsigned long long)o[i].id + (uint64_t)k);
            }
        if (any)
            out_str(ids, "'\n");
    }
    out_str(b, "<pre class=\"pos\">");
    buf_byte(ids, 0);
    if (!ids->failed) {
        esc_html(b, (const char *)ids->data);
        ids->len--;
    }
    out_str(b, "</pre></section>\n");
}

bool bias_html_applies(const bias_result *r, char *why, size_t n)
{
    if (!r->game->view) {
        snprintf(why, n, "--html needs a game the viewer can draw, and %s has no drawing; --report and --plots "
                 "cover every game", r->game->name);
        return false;
    }
    return true;
}

/* What the figures hold for (the Markdown report's "What was measured"):
 * each run's setup, seed, design, players and engine signature, and the
 * commands that make the records and the figures again. */
static void put_provenance(buf *b, const bias_result *r)
{
    char cmd[4096];
    out_str(b, "<section><h2>What was measured</h2><ul>\n");
    for (int i = 0; i < r->nruns; i++) {
        const rec_run *run = &r->runs[i].run;
        out_str(b, "<li><code>");
        esc_html(b, r->runs[i].file);
        out_printf(b, "</code>: setup %s, seed %llu, %llu games, %d rotation%s%s, engine signature %016llx; players: ",
                   rec_setup_name(run, run->setup), (unsigned long long)run->seed, (unsigned long long)run->games,
                   run->rotations, run->rotations == 1 ? "" : "s", run->replicates > 1 ? " with replicates" : "",
                   (unsigned long long)run->engine_sig);
        for (int s = 0; s < run->players; s++) {
            out_str(b, s ? ", <code>" : "<code>");
            esc_html(b, run->specs[s]);
            out_str(b, "</code>");
        }
        bias_selfplay_command(&r->runs[i], cmd, sizeof cmd);
        if (*cmd) {
            out_str(b, "<br>again: <code>");
            esc_html(b, cmd);
            out_str(b, "</code>");
        }
        out_str(b, "</li>\n");
    }
    if (r->runs_more)
        out_printf(b, "<li>and %d more runs</li>\n", r->runs_more);
    if (r->command) {
        out_str(b, "<li>these figures again: <code>");
        esc_html(b, r->command);
        out_str(b, "</code></li>\n");
    }
    out_str(b, "</ul></section>\n");
}

int bias_html_write_page(const bias_result *r, const char *const *files, int nfiles, const char *dir, char *err,
                         size_t n)
{
    char plots[4096], games_dir[4096];
    snprintf(plots, sizeof plots, "%s/plots", dir);
    snprintf(games_dir, sizeof games_dir, "%s/games", dir);
    if (bias_write_plots(r, plots, false, err, n))
        return -1;

    bias_one_sided *o = NULL;
    size_t no = 0;
    if (bias_one_sided_find(files, nfiles, &o, &no, err, n))
        return -1;
    if (no > BIAS_HTML_ONE_SIDED)
        no = BIAS_HTML_ONE_SIDED;
    picks pk = { malloc((GAME_MAX_PLAYERS * no + 1) * sizeof *pk.p), 0 };
    if (!pk.p)
        return free(o), snprintf(err, n, "out of memory"), -1;
    for (size_t i = 0; i < no; i++)
        for (int j = 0; j < o[i].rotations; j++)
            pk.p[pk.n++] = (picked){ o[i].file, o[i].seq[j] };
    qsort(pk.p, pk.n, sizeof *pk.p, by_place);

    /* The viewer site of the listed games. */
    selection all = { 0 };
    view_opts vo = { r->game, games_dir, &all, 0, false, NULL, want_game, &pk, NULL };
    view_result written;
    int rc = view_write_site(&vo, files, nfiles, &written, err, n); /* damaged blocks: warned of, not fatal */

    buf b = { 0 }, ids = { 0 };
    if (!rc) {
        out_str(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<title>Opening-setup bias</title>\n<link rel=\"stylesheet\" href=\"games/style.css\">\n"
                    "<style>.chart{margin:1em 0}.chart svg{max-width:100%;height:auto;background:#fff;"
                    "border:1px solid var(--line)}</style>\n</head>\n<body>\n<header><h1>Opening-setup bias "
                    "<span class=\"sub\">triad bias — models in docs/bias.md</span></h1>"
                    "<nav><a href=\"games/index.html\">the listed games</a></nav></header>\n<main>\n<p>Records: ");
        for (int f = 0; f < nfiles; f++) {
            out_str(&b, f ? ", " : "");
            esc_html(&b, files[f]);
        }
        out_str(&b, "</p>\n");
        put_provenance(&b, r);
        put_tables(&b, r);
        out_str(&b, "<section><h2>Charts</h2>\n");
        inline_svg(&b, dir, "seat_scores");
        inline_svg(&b, dir, "turn_order");
        inline_svg(&b, dir, "game_length");
        inline_svg(&b, dir, "setup_scores");
        out_str(&b, "</section>\n");
        put_one_sided(&b, &ids, r, o, no, &pk, files, nfiles);
        out_str(&b, "</main>\n</body>\n</html>\n");
        if (out_file(dir, "one-sided-ids.txt", &ids, err, n) || out_file(dir, "index.html", &b, err, n))
            rc = -1;
    }
    buf_free(&b);
    buf_free(&ids);
    free(pk.p);
    free(o);
    return rc;
}
