/* bias_plots.c — the bias study's charts for two-player win/loss games
 * (bias_charts_apply): the first seat's score by setup kind with
 * intervals, game-length histograms, and the distribution of per-setup
 * scores of paired games (see bias.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

static int write_data(const bias_result *r, const char *dir, char *err, size_t n)
{
    const char *const *names = r->game->setup_names;
    FILE *f = plot_open(dir, "white_score.dat", err, n);
    if (!f)
        return -1;
    fputs("# index setup first_seat_score lo hi games\n", f);
    for (int k = 0, i = 0; k < r->kinds; k++)
        if (r->kind[k].games)
            fprintf(f, "%d %s %.6f %.6f %.6f %llu\n", i++, names[k], r->kind[k].share[0], r->kind[k].share_ci[0].lo,
                    r->kind[k].share_ci[0].hi, (unsigned long long)r->kind[k].games);
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
    fputs("# score of game 1's seat 0 arrangement over the pair (0, 0.5, 1), share of pairs per setup kind\n", f);
    for (int s = 0; s <= 4; s += 2) {
        fprintf(f, "%.1f", s / 4.0);
        for (int k = 0; k < r->kinds; k++) {
            const bias_groups_result *g = &r->kind[k].grp;
            fprintf(f, " %.6f", g->pentanomial ? (double)g->holder_penta[s] / (double)g->groups : 0);
        }
        fputc('\n', f);
    }
    return close_checked(f, dir, "setup_scores.dat", err, n);
}

/* One script, drawn twice: PNG then SVG; a line per setup kind of the game. */
static void write_script(const bias_result *r, FILE *f)
{
    const char *const *names = r->game->setup_names;
    double width = 0.18 / (r->kinds > 1 ? r->kinds - 1 : 1);
    fputs("do for [fmt in \"png svg\"] {\n"
          "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n"
          "  set output \"white_score.\".fmt\n"
          "  set title \"The first seat's score by setup kind (95% Wilson intervals)\"\n"
          "  set ylabel \"first seat's score\"\n"
          "  set yrange [*<0.3:0.7<*]\n  set xrange [-0.5:*]\n  set grid ytics\n  set key off\n"
          "  set style fill solid 0.5\n  set boxwidth 0.5\n"
          "  plot 0.5 with lines lc rgb \"gray\", \"white_score.dat\" using 1:3:xtic(2) with boxes, "
          "\"\" using 1:3:4:5 with yerrorbars lc rgb \"black\" pt 7\n"
          "  unset yrange\n  set xrange [0:*]\n  set output \"game_length.\".fmt\n"
          "  set title \"Game length (turns, as the game counts them)\"\n"
          "  set xlabel \"turns\"\n  set ylabel \"share of games\"\n  set key top left\n  plot", f);
    for (int k = 0; k < r->kinds; k++)
        fprintf(f, "%s\"%s\" using 1:%d with histeps lw 2 title \"%s\"", k ? ", " : " ", k ? "" : "game_length.dat",
                k + 2, names[k]);
    fputs("\n  set output \"setup_scores.\".fmt\n  set xrange [-0.25:1.25]\n  set yrange [0:*]\n"
          "  set title \"Per-setup score of the first game's seat 0 arrangement (paired games)\"\n"
          "  set xlabel \"score over the pair\"\n  set ylabel \"share of setups\"\n  set boxwidth 0.08\n"
          "  set style fill solid 0.5\n  plot", f);
    for (int k = 0; k < r->kinds; k++)
        fprintf(f, "%s\"%s\" using ($1%+.3f):%d with boxes title \"%s\"", k ? ", " : " ", k ? "" : "setup_scores.dat",
                r->kinds > 1 ? -0.09 + k * width : 0.0, k + 2, names[k]);
    fputs("\n  unset xlabel\n  unset xrange\n  unset yrange\n}\n", f);
}

/* Every file is made in a temporary folder inside dir, where gnuplot runs,
 * then fsynced and renamed into dir one by one: a reader never sees a half
 * written chart, and a failure leaves dir as it was but for the files
 * already moved.  A signal removes the temporary folder (core/fileio.h). */
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
    char tmp[4096], path[BIAS_PLOT_FILES][8192];
    int slot[BIAS_PLOT_FILES + 1];
    if (plot_mkdir(dir, err, n))
        return -1;
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.plots.tmp-XXXXXX", dir) >= sizeof tmp || !mkdtemp(tmp)) {
        snprintf(err, n, "cannot write into %s: %s", MSG_PATH(dir), strerror(errno ? errno : ENAMETOOLONG));
        return -1;
    }
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
    rmdir(tmp);
    fio_cleanup_remove(slot[BIAS_PLOT_FILES]);
    return rc;
}
