/* bias_plots.c — the bias study's charts, for any game: the first seat's
 * score by setup kind with intervals (every seat's share when there are
 * more than two), game-length histograms, and the distribution of the
 * per-setup scores of paired games (else the share of the outcome
 * variance the setup decides, from the rotation groups); see bias.h. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/dirs.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "bias.h"
#include "plot.h"

const char *const bias_plot_files[BIAS_PLOT_FILES] = {
    "seat_scores.dat", "turn_order.dat", "game_length.dat", "setup_scores.dat", "bias.gp",
    "seat_scores.png", "seat_scores.svg", "turn_order.png", "turn_order.svg",
    "game_length.png", "game_length.svg", "setup_scores.png", "setup_scores.svg",
};

/* Closes f, reporting a failed write (a full disk) as an error. */
static int close_checked(FILE *f, const char *dir, const char *name, char *err, size_t n)
{
    int bad = ferror(f), e = errno;
    if (fclose(f) && !bad)
        bad = 1, e = errno;
    if (bad) {
        snprintf(err, n, "cannot write %s/%s: %s", MSG_PATH(dir), name, strerror(e ? e : EIO));
        return -1;
    }
    return 0;
}

/* Two seats: the first seat's score says it all (the second's is its
 * complement); more seats: every seat's share, side by side. */
static bool per_seat(const bias_result *r)
{
    return r->players > 2;
}

/* Pairs of a two-seat win/loss game: the distribution of the arrangement's
 * points; otherwise the share of the outcome variance the setup decides. */
static bool paired_chart(const bias_result *r)
{
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].games && r->kind[k].grp.pentanomial && r->kind[k].grp.groups)
            return true;
    return false;
}

/* gnuplot reads "NaN" as a missing value: an interval that is none draws
 * no bar. */
static void put_ci(FILE *f, double mean, interval ci)
{
    if (interval_ok(ci))
        fprintf(f, " %.6f %.6f %.6f", mean, ci.lo, ci.hi);
    else
        fprintf(f, " %.6f NaN NaN", mean);
}

/* One row per setup kind with games: its index, name, then per seat (or
 * turn position) the share and its interval. */
static void write_shares(const bias_result *r, FILE *f, bool movers)
{
    const char *const *names = r->game->setup_names;
    int cols = per_seat(r) ? r->players : 1;
    fprintf(f, "# index setup, then per %s: share lo hi (95%%), then games\n", movers ? "turn position" : "seat");
    for (int k = 0, i = 0; k < r->kinds; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        fprintf(f, "%d %s", i++, names[k]);
        for (int p = 0; p < cols; p++)
            put_ci(f, movers ? s->mover_share[p] : s->share[p], movers ? s->mover_share_ci[p] : s->share_ci[p]);
        fprintf(f, " %llu\n", (unsigned long long)s->games);
    }
}

static void write_setup_scores(const bias_result *r, FILE *f)
{
    if (!paired_chart(r)) {
        fputs("# index setup setup_share lo hi groups (rotation groups: how much more alike a setup's games are "
              "than chance, as a share of the outcome variance)\n", f);
        for (int k = 0, i = 0; k < r->kinds; k++) {
            const bias_groups_result *g = &r->kind[k].grp;
            if (!r->kind[k].games)
                continue;
            double v = g->groups >= 2 && g->outcome_var > 0 ? g->outcome_var : 0;
            fprintf(f, "%d %s", i++, r->game->setup_names[k]);
            put_ci(f, v ? g->setup_share : 0,
                   v && interval_ok(g->setup_var_ci) ? (interval){ g->setup_var_ci.lo / v, g->setup_var_ci.hi / v }
                                                     : interval_none());
            fprintf(f, " %llu\n", (unsigned long long)g->groups);
        }
        return;
    }
    /* Per paired kind: the share of pairs in which the first game's seat 0
     * arrangement scored 0, 1/2 or 1 over the pair, and what independent
     * games at the kind's own first-seat score w would give (w(1-w) for 0
     * and for 1, the rest for 1/2): a setup effect piles pairs up at the
     * ends. */
    fputs("# category label, then per paired setup kind: observed share of pairs, share with no setup effect\n# kinds:",
          f);
    for (int k = 0; k < r->kinds; k++)
        if (r->kind[k].games && r->kind[k].grp.pentanomial && r->kind[k].grp.groups)
            fprintf(f, " %s", r->game->setup_names[k]);
    fputc('\n', f);
    static const char *const label[3] = { "\"0 (lost both)\"", "\"1/2 (one each)\"", "\"1 (won both)\"" };
    for (int c = 0; c < 3; c++) {
        fprintf(f, "%d %s", c, label[c]);
        for (int k = 0; k < r->kinds; k++) {
            const bias_groups_result *g = &r->kind[k].grp;
            if (!r->kind[k].games || !g->pentanomial || !g->groups)
                continue;
            double w = r->kind[k].share[0], ends = w * (1 - w);
            fprintf(f, " %.6f %.6f", (double)g->holder_penta[2 * c] / (double)g->groups, c == 1 ? 1 - 2 * ends : ends);
        }
        fputc('\n', f);
    }
}

static int write_data(const bias_result *r, const char *dir, char *err, size_t n)
{
    const char *const *names = r->game->setup_names;
    FILE *f = plot_open(dir, "seat_scores.dat", err, n);
    if (!f)
        return -1;
    write_shares(r, f, false);
    if (close_checked(f, dir, "seat_scores.dat", err, n))
        return -1;
    if (!(f = plot_open(dir, "turn_order.dat", err, n)))
        return -1;
    write_shares(r, f, true);
    if (close_checked(f, dir, "turn_order.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "game_length.dat", err, n)))
        return -1;
    fputs("# turns, then the share of games of each setup kind with games (", f);
    for (int k = 0, c = 0; k < r->kinds; k++)
        if (r->kind[k].games)
            fprintf(f, "%s%s", c++ ? " " : "", names[k]);
    fputs(")\n", f);
    int last = 0;
    for (int k = 0; k < r->kinds; k++)
        for (int t = 0; t < BIAS_TURNS_MAX; t++)
            if (r->kind[k].turns_hist[t] && t > last)
                last = t;
    for (int t = 0; t <= last + 1 && t < BIAS_TURNS_MAX; t++) {
        fprintf(f, "%d", t);
        for (int k = 0; k < r->kinds; k++)
            if (r->kind[k].games)
                fprintf(f, " %.6f", (double)r->kind[k].turns_hist[t] / (double)r->kind[k].games);
        fputc('\n', f);
    }
    if (close_checked(f, dir, "game_length.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "setup_scores.dat", err, n)))
        return -1;
    write_setup_scores(r, f);
    return close_checked(f, dir, "setup_scores.dat", err, n);
}

/* The y range of a points-and-intervals chart: the data and the fair
 * share, with a margin.  Points, not bars: a bar would need its baseline
 * at 0 to be read honestly, which would flatten differences of a point or
 * two; a point and its interval are read against the fair-share line. */
static void share_range(const bias_result *r, bool movers, double fair, double *lo, double *hi)
{
    *lo = *hi = fair;
    for (int k = 0; k < r->kinds; k++) {
        const bias_kind_result *s = &r->kind[k];
        for (int p = 0; s->games && p < (per_seat(r) ? r->players : 1); p++) {
            interval ci = movers ? s->mover_share_ci[p] : s->share_ci[p];
            double m = movers ? s->mover_share[p] : s->share[p];
            *lo = fmin(*lo, interval_ok(ci) ? ci.lo : m);
            *hi = fmax(*hi, interval_ok(ci) ? ci.hi : m);
        }
    }
    double pad = fmax(0.15 * (*hi - *lo), 0.01);
    *lo = fmax(0, *lo - pad);
    *hi = fmin(1, *hi + pad);
}

/* The first two charts: the first seat's score with its interval per kind
 * (two seats), or every seat's share side by side around 1/players; by seat
 * index, or by turn order (the seat to act at the start is 1).  A kind whose
 * seat rotation moves the turn (Talat's) looks level by seat while its turn
 * order is not, so both are drawn. */
static void script_shares(const bias_result *r, FILE *f, bool movers)
{
    const char *name = movers ? "turn_order" : "seat_scores";
    double fair = 1.0 / r->players, lo, hi;
    int kinds = 0;
    for (int k = 0; k < r->kinds; k++)
        kinds += r->kind[k].games > 0;
    share_range(r, movers, per_seat(r) ? fair : 0.5, &lo, &hi);
    fprintf(f, "  set output \"%s.\".fmt\n  set xrange [-0.5:%d.5]\n  set yrange [%.4f:%.4f]\n  set grid ytics\n"
               "  set xtics scale 0\n  set bars 2\n", name, kinds - 1, lo, hi);
    bool clustered = false;
    for (int k = 0; k < r->kinds; k++)
        clustered |= r->kind[k].games && r->kind[k].clustered;
    char seat0[64] = "seat 0";
    if (r->game->seat_names)
        snprintf(seat0, sizeof seat0, "seat 0 (%s)", r->game->seat_names[0]);
    if (!per_seat(r)) {
        fprintf(f, "  set title \"%s by setup kind (95%% intervals%s)\"\n"
                   "  set ylabel \"%s\"\n  set key top right\n"
                   "  plot 0.5 with lines dt 2 lc rgb \"gray40\" title \"no advantage (0.5)\", \"%s.dat\" using 1:3:4:5:xtic(2) "
                   "with yerrorbars lc rgb \"#1b7837\" pt 7 ps 1.2 lw 2 title \"%s\"\n",
                movers ? "The first mover's score" : "The first seat's score",
                clustered ? ", clustered by setup" : "", movers ? "first mover's score" : "first seat's score",
                name, movers ? "first to act at the start" : seat0);
        return;
    }
    double w = 0.6 / r->players;
    fprintf(f, "  set title \"Every %s's share of the points by setup kind (95%% intervals%s)\"\n"
               "  set ylabel \"share of the points\"\n  set key below\n"
               "  plot %.6f with lines dt 2 lc rgb \"gray40\" title \"fair share (1/%d)\"",
            movers ? "turn position" : "seat", clustered ? ", clustered by setup" : "", fair, r->players);
    static const char *const nth[GAME_MAX_PLAYERS] = { "1st", "2nd", "3rd", "4th" };
    for (int p = 0; p < r->players; p++) {
        double off = (p - (r->players - 1) / 2.0) * w;
        char title[32];
        if (movers)
            snprintf(title, sizeof title, "%s to act", nth[p]);
        else
            snprintf(title, sizeof title, "seat %d", p);
        fprintf(f, ", \"%s.dat\" using ($1%+.3f):%d:%d:%d%s with yerrorbars lc %d pt %d ps 1.2 lw 2 title \"%s\"",
                name, off, 3 + 3 * p, 4 + 3 * p, 5 + 3 * p, p ? "" : ":xtic(2)", p + 1, 5 + 2 * p, title);
    }
    fputc('\n', f);
}

/* The fourth chart: the pairs' arrangement scores against no setup
 * effect, or how much more alike a setup's games are than chance. */
static void script_setups(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    fputs("  set output \"setup_scores.\".fmt\n  set style fill solid 0.6 border -1\n  set xtics scale 0\n", f);
    if (!paired_chart(r)) {
        int kinds = 0, grouped = 0;
        for (int k = 0; k < r->kinds; k++)
            kinds += r->kind[k].games > 0, grouped += r->kind[k].games > 0 && r->kind[k].grp.groups >= 2;
        if (!grouped) { /* nothing to draw: say so rather than draw empty bars */
            fputs("  set xrange [0:1]\n  set yrange [0:1]\n  unset xtics\n  unset ytics\n  set key off\n"
                  "  set title \"How much more alike a setup's games are than chance\"\n"
                  "  set label \"no setup was played more than once in these records\\n"
                  "(selfplay --rotations R or --paired plays each setup from every seat)\" at 0.5, 0.5 center\n"
                  "  plot NaN notitle\n", f);
            return;
        }
        fprintf(f, "  set xrange [-0.5:%d.5]\n  set yrange [*<0:0.1<*]\n  set key off\n  set boxwidth 0.5\n"
                   "  set title \"How much more alike a setup's games are than chance\\n(share of the outcome "
                   "variance; rotation groups, 95%% bootstrap)\"\n"
                   "  set ylabel \"setup variance / outcome variance\"\n"
                   "  plot 0 with lines lc rgb \"gray\", \"setup_scores.dat\" using 1:3:xtic(2) with boxes, "
                   "\"\" using 1:3:4:5 with yerrorbars lc rgb \"black\" pt 7\n", kinds - 1);
        return;
    }
    int paired = 0;
    for (int k = 0; k < r->kinds; k++)
        paired += r->kind[k].games && r->kind[k].grp.pentanomial && r->kind[k].grp.groups;
    double w = 0.8 / (2 * paired);
    fprintf(f, "  set xrange [-0.5:2.5]\n  set yrange [0:*]\n  set key below\n  set boxwidth %.4f\n"
               "  set xtics (\"0 (lost both)\" 0, \"1/2 (one each)\" 1, \"1 (won both)\" 2)\n"
               "  set title \"The first game's seat 0 arrangement: its score over its two games (paired games)\"\n"
               "  set ylabel \"share of pairs\"\n  plot",
            w);
    for (int k = 0, c = 0; k < r->kinds; k++) {
        if (!r->kind[k].games || !r->kind[k].grp.pentanomial || !r->kind[k].grp.groups)
            continue;
        double off = -0.4 + (2 * c + 0.5) * w;
        fprintf(f, "%s\"setup_scores.dat\" using ($1%+.4f):%d with boxes lc %d title \"%s\", "
                   "\"\" using ($1%+.4f):%d with boxes fs pattern 4 lc %d title \"%s: no setup effect\"",
                c ? ", " : " ", off, 3 + 2 * c, c + 1, names[k], off + w, 4 + 2 * c, c + 1, names[k]);
        c++;
    }
    fputc('\n', f);
}

/* One script, drawn twice: PNG then SVG; a line per setup kind with games. */
static void write_script(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    fputs("do for [fmt in \"png svg\"] {\n"
          "  reset\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n", f);
    script_shares(r, f, false);
    fputs("  reset\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n", f);
    script_shares(r, f, true);
    fputs("  reset\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n"
          "  set grid ytics\n  set xrange [0:*]\n  set yrange [0:*]\n  set output \"game_length.\".fmt\n"
          "  set title \"Game length (turns, as the game counts them)\"\n"
          "  set xlabel \"turns\"\n  set ylabel \"share of games\"\n  set key top right\n  plot", f);
    for (int k = 0, c = 0; k < r->kinds; k++)
        if (r->kind[k].games) {
            fprintf(f, "%s\"%s\" using 1:%d with histeps lw 2 title \"%s\"", c ? ", " : " ", c ? "" : "game_length.dat",
                    c + 2, names[k]);
            c++;
        }
    fputs("\n  reset\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n"
          "  set grid ytics\n", f);
    script_setups(r, f);
    fputs("}\n", f);
}

/* Every file is made in a temporary folder inside dir, where gnuplot runs,
 * then fsynced and renamed into dir one by one: a reader never sees a half
 * written chart, and a failure leaves dir as it was but for the files
 * already moved.  A signal removes the charts made so far (core/fileio.h);
 * the folder itself (DIR/.plots.tmp-XXXXXX, locked while it lives) is
 * removed by the next run into dir when a kill left it (core/dirs.h). */
static int write_all_plots(const bias_result *r, const char *dir, const char *tmp, bool force, char *err, size_t n)
{
    FILE *f;
    if (write_data(r, tmp, err, n) || !(f = plot_open(tmp, "bias.gp", err, n)))
        return -1;
    write_script(r, f);
    if (close_checked(f, tmp, "bias.gp", err, n) || plot_run(tmp, "bias.gp", err, n))
        return -1;
    for (int i = 0; i < BIAS_PLOT_FILES; i++) {
        char from[8192], to[8192];
        snprintf(from, sizeof from, "%s/%s", tmp, bias_plot_files[i]);
        snprintf(to, sizeof to, "%s/%s", dir, bias_plot_files[i]);
        if (fio_commit_path(from, to, force, err, n))
            return -1;
    }
    return 0;
}

int bias_write_plots(const bias_result *r, const char *dir, bool force, char *err, size_t n)
{
    char path[BIAS_PLOT_FILES][8192];
    int slot[BIAS_PLOT_FILES + 1];
    fio_tmpdir t;
    if (plot_mkdir(dir, err, n))
        return -1;
    /* Locked while it lives; a kill -9's leftover is swept here next time. */
    if (fio_tmpdir_make(&t, dir, ".plots.tmp-", err, n))
        return -1;
    const char *tmp = t.path;
    slot[BIAS_PLOT_FILES] = fio_cleanup_add(tmp);
    for (int i = 0; i < BIAS_PLOT_FILES; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", tmp, bias_plot_files[i]);
        slot[i] = fio_cleanup_add(path[i]);
    }
    int rc = write_all_plots(r, dir, tmp, force, err, n);
    for (int i = 0; i < BIAS_PLOT_FILES; i++) {
        unlink(path[i]);
        fio_cleanup_remove(slot[i]);
    }
    fio_cleanup_remove(slot[BIAS_PLOT_FILES]);
    fio_tmpdir_remove(&t); /* gnuplot's script and data files, and the folder */
    return rc;
}
