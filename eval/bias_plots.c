/* bias_plots.c — the bias study's charts, for any game: the first seat's
 * score by setup kind with intervals (every seat's share when there are
 * more than two), game-length histograms, and the distribution of the
 * per-setup scores of paired games (else the share of the outcome
 * variance the setup decides, from the rotation groups); see bias.h. */
#include <errno.h>
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
    "white_score.dat", "game_length.dat", "setup_scores.dat", "bias.gp",
    "white_score.png", "white_score.svg", "game_length.png", "game_length.svg",
    "setup_scores.png", "setup_scores.svg",
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
        if (r->kind[k].grp.pentanomial)
            return true;
    return false;
}

static void write_scores(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    fputs(per_seat(r) ? "# index setup, then per seat: share lo hi\n" : "# index setup first_seat_score lo hi games\n",
          f);
    for (int k = 0, i = 0; k < r->kinds; k++) {
        const bias_kind_result *s = &r->kind[k];
        if (!s->games)
            continue;
        fprintf(f, "%d %s", i++, names[k]);
        for (int p = 0; p < (per_seat(r) ? r->players : 1); p++)
            fprintf(f, " %.6f %.6f %.6f", s->share[p], s->share_ci[p].lo, s->share_ci[p].hi);
        fprintf(f, per_seat(r) ? "\n" : " %llu\n", (unsigned long long)s->games);
    }
}

static void write_setup_scores(const bias_result *r, FILE *f)
{
    if (!paired_chart(r)) {
        fputs("# index setup setup_share lo hi groups (rotation groups: the share of the outcome variance the "
              "setup decides)\n", f);
        for (int k = 0, i = 0; k < r->kinds; k++) {
            const bias_groups_result *g = &r->kind[k].grp;
            if (!r->kind[k].games)
                continue;
            double v = g->groups >= 2 && g->outcome_var > 0 ? g->outcome_var : 0;
            fprintf(f, "%d %s %.6f %.6f %.6f %llu\n", i++, r->game->setup_names[k], v ? g->setup_share : 0,
                    v ? g->setup_var_ci.lo / v : 0, v ? g->setup_var_ci.hi / v : 0, (unsigned long long)g->groups);
        }
        return;
    }
    fputs("# score of game 1's seat 0 arrangement over the pair (0, 0.5, 1), share of pairs per setup kind\n", f);
    for (int s = 0; s <= 4; s += 2) {
        fprintf(f, "%.1f", s / 4.0);
        for (int k = 0; k < r->kinds; k++) {
            const bias_groups_result *g = &r->kind[k].grp;
            fprintf(f, " %.6f", g->pentanomial ? (double)g->holder_penta[s] / (double)g->groups : 0);
        }
        fputc('\n', f);
    }
}

static int write_data(const bias_result *r, const char *dir, char *err, size_t n)
{
    const char *const *names = r->game->setup_names;
    FILE *f = plot_open(dir, "white_score.dat", err, n);
    if (!f)
        return -1;
    write_scores(r, f);
    if (close_checked(f, dir, "white_score.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "game_length.dat", err, n)))
        return -1;
    fputs("# turns, then the share of games of each setup kind (", f);
    for (int k = 0; k < r->kinds; k++)
        fprintf(f, "%s%s", k ? " " : "", names[k]);
    fputs(")\n", f);
    int last = 0;
    for (int k = 0; k < r->kinds; k++)
        for (int t = 0; t < BIAS_TURNS_MAX; t++)
            if (r->kind[k].turns_hist[t] && t > last)
                last = t;
    for (int t = 0; t <= last + 1 && t < BIAS_TURNS_MAX; t++) {
        fprintf(f, "%d", t);
        for (int k = 0; k < r->kinds; k++)
            fprintf(f, " %.6f", r->kind[k].games ? (double)r->kind[k].turns_hist[t] / (double)r->kind[k].games : 0);
        fputc('\n', f);
    }
    if (close_checked(f, dir, "game_length.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "setup_scores.dat", err, n)))
        return -1;
    write_setup_scores(r, f);
    return close_checked(f, dir, "setup_scores.dat", err, n);
}

/* The first chart: the first seat's score with its interval per kind, or
 * with more seats every seat's share side by side around 1/players. */
static void script_scores(const bias_result *r, FILE *f)
{
    fputs("  set output \"white_score.\".fmt\n  set xrange [-0.5:*]\n  set grid ytics\n"
          "  set style fill solid 0.5\n", f);
    if (!per_seat(r)) {
        fputs("  set title \"The first seat's score by setup kind (95% intervals)\"\n"
              "  set ylabel \"first seat's score\"\n  set yrange [*<0.3:0.7<*]\n  set key off\n  set boxwidth 0.5\n"
              "  plot 0.5 with lines lc rgb \"gray\", \"white_score.dat\" using 1:3:xtic(2) with boxes, "
              "\"\" using 1:3:4:5 with yerrorbars lc rgb \"black\" pt 7\n", f);
        return;
    }
    double w = 0.8 / r->players;
    fprintf(f, "  set title \"Every seat's share of the points by setup kind (95%% intervals)\"\n"
               "  set ylabel \"share of the points\"\n  set yrange [*<%.4f:%.4f<*]\n  set key top right\n"
               "  set boxwidth %.3f\n  plot %.6f with lines lc rgb \"gray\" notitle", 1.0 / r->players - 0.1,
            1.0 / r->players + 0.1, w, 1.0 / r->players);
    for (int p = 0; p < r->players; p++) {
        double off = (p - (r->players - 1) / 2.0) * w;
        fprintf(f, ", \"white_score.dat\" using ($1%+.3f):%d%s with boxes lc %d title \"seat %d\", \"\" using "
                   "($1%+.3f):%d:%d:%d with yerrorbars lc rgb \"black\" pt 7 ps 0.5 notitle",
                off, 3 + 3 * p, p ? "" : ":xtic(2)", p + 1, p, off, 3 + 3 * p, 4 + 3 * p, 5 + 3 * p);
    }
    fputc('\n', f);
}

/* The third chart: the pairs' arrangement scores, or the share of the
 * outcome variance the setup decides. */
static void script_setups(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    fputs("  set output \"setup_scores.\".fmt\n  set style fill solid 0.5\n", f);
    if (!paired_chart(r)) {
        fputs("  set xrange [-0.5:*]\n  set yrange [*<0:0.1<*]\n  set key off\n  set boxwidth 0.5\n"
              "  set title \"Share of the outcome variance the setup decides (rotation groups, 95% bootstrap)\"\n"
              "  set ylabel \"setup variance / outcome variance\"\n"
              "  plot 0 with lines lc rgb \"gray\", \"setup_scores.dat\" using 1:3:xtic(2) with boxes, "
              "\"\" using 1:3:4:5 with yerrorbars lc rgb \"black\" pt 7\n", f);
        return;
    }
    double width = 0.18 / (r->kinds > 1 ? r->kinds - 1 : 1);
    fputs("  set xrange [-0.25:1.25]\n  set yrange [0:*]\n"
          "  set title \"Per-setup score of the first game's seat 0 arrangement (paired games)\"\n"
          "  set xlabel \"score over the pair\"\n  set ylabel \"share of setups\"\n  set boxwidth 0.08\n  plot", f);
    for (int k = 0; k < r->kinds; k++)
        fprintf(f, "%s\"%s\" using ($1%+.3f):%d with boxes title \"%s\"", k ? ", " : " ", k ? "" : "setup_scores.dat",
                r->kinds > 1 ? -0.09 + k * width : 0.0, k + 2, names[k]);
    fputc('\n', f);
}

/* One script, drawn twice: PNG then SVG; a line per setup kind of the game. */
static void write_script(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    fputs("do for [fmt in \"png svg\"] {\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n", f);
    script_scores(r, f);
    fputs("  unset yrange\n  set xrange [0:*]\n  set output \"game_length.\".fmt\n"
          "  set title \"Game length (turns, as the game counts them)\"\n"
          "  set xlabel \"turns\"\n  set ylabel \"share of games\"\n  set key top left\n  plot", f);
    for (int k = 0; k < r->kinds; k++)
        fprintf(f, "%s\"%s\" using 1:%d with histeps lw 2 title \"%s\"", k ? ", " : " ", k ? "" : "game_length.dat",
                k + 2, names[k]);
    fputs("\n  unset xlabel\n", f);
    script_setups(r, f);
    fputs("  unset xlabel\n  unset xrange\n  unset yrange\n}\n", f);
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
