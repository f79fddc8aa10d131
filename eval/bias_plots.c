/* bias_plots.c — the bias study's charts: White's score by setup kind with
 * intervals, game-length histograms, and the distribution of per-setup
 * scores (see bias.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "../core/msg.h"
#include "bias.h"
#include "plot.h"

/* Closes f, reporting a failed write (a full disk) as an error. */
static int close_checked(FILE *f, const char *dir, const char *name, char *err, size_t n)
{
    int e = ferror(f) ? EIO : 0;
    if (fclose(f) && !e)
        e = errno;
    if (e) {
        snprintf(err, n, "cannot write %s/%s: %s", MSG_PATH(dir), name, strerror(e));
        return -1;
    }
    return 0;
}

static int write_data(const bias_result *r, const char *dir, char *err, size_t n)
{
    FILE *f = plot_open(dir, "white_score.dat", err, n);
    if (!f)
        return -1;
    fputs("# index setup white_score lo hi games\n", f);
    for (int k = 0, i = 0; k < SETUP_KINDS; k++)
        if (r->kind[k].games)
            fprintf(f, "%d %s %.6f %.6f %.6f %llu\n", i++, setup_names[k], r->kind[k].white_score,
                    r->kind[k].ci.lo, r->kind[k].ci.hi, (unsigned long long)r->kind[k].games);
    if (close_checked(f, dir, "white_score.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "game_length.dat", err, n)))
        return -1;
    fputs("# turns, then the share of games of each setup kind (random fixed tournament)\n", f);
    int last = 0;
    for (int k = 0; k < SETUP_KINDS; k++)
        for (int t = 0; t < BIAS_TURNS_MAX; t++)
            if (r->kind[k].turns_hist[t] && t > last)
                last = t;
    for (int t = 0; t <= last + 1 && t < BIAS_TURNS_MAX; t++) {
        fprintf(f, "%d", t);
        for (int k = 0; k < SETUP_KINDS; k++)
            fprintf(f, " %.6f", r->kind[k].games ? (double)r->kind[k].turns_hist[t] / (double)r->kind[k].games : 0);
        fputc('\n', f);
    }
    if (close_checked(f, dir, "game_length.dat", err, n))
        return -1;

    if (!(f = plot_open(dir, "setup_scores.dat", err, n)))
        return -1;
    fputs("# score of game 1's White arrangement over the pair (0, 0.5, 1), share of pairs per setup kind\n", f);
    for (int s = 0; s <= 4; s += 2) {
        fprintf(f, "%.1f", s / 4.0);
        for (int k = 0; k < SETUP_KINDS; k++)
            fprintf(f, " %.6f", r->kind[k].pairs ? (double)r->kind[k].holder_penta[s] / (double)r->kind[k].pairs : 0);
        fputc('\n', f);
    }
    return close_checked(f, dir, "setup_scores.dat", err, n);
}

/* One script, drawn twice: PNG then SVG. */
static const char script[] =
    "do for [fmt in \"png svg\"] {\n"
    "  if (fmt eq \"png\") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }\n"
    "  set output \"white_score.\".fmt\n"
    "  set title \"White's score by setup kind (95% Wilson intervals)\"\n"
    "  set ylabel \"White's score\"\n"
    "  set yrange [*<0.3:0.7<*]\n  set xrange [-0.5:*]\n  set grid ytics\n  set key off\n"
    "  set style fill solid 0.5\n  set boxwidth 0.5\n"
    "  plot 0.5 with lines lc rgb \"gray\", \"white_score.dat\" using 1:3:xtic(2) with boxes, "
    "\"\" using 1:3:4:5 with yerrorbars lc rgb \"black\" pt 7\n"
    "  unset yrange\n  set xrange [0:*]\n  set output \"game_length.\".fmt\n"
    "  set title \"Game length (turns; White's opening capture counts as one)\"\n"
    "  set xlabel \"turns\"\n  set ylabel \"share of games\"\n  set key top left\n"
    "  plot \"game_length.dat\" using 1:2 with histeps lw 2 title \"random\", \"\" using 1:3 with histeps lw 2 "
    "title \"fixed\", \"\" using 1:4 with histeps lw 2 title \"tournament\"\n"
    "  set output \"setup_scores.\".fmt\n  set xrange [-0.25:1.25]\n  set yrange [0:*]\n"
    "  set title \"Per-setup score of the first game's White arrangement (paired games)\"\n"
    "  set xlabel \"score over the pair\"\n  set ylabel \"share of setups\"\n  set boxwidth 0.08\n"
    "  set style fill solid 0.5\n"
    "  plot \"setup_scores.dat\" using ($1-0.09):2 with boxes title \"random\", \"\" using 1:3 with boxes "
    "title \"fixed\", \"\" using ($1+0.09):4 with boxes title \"tournament\"\n"
    "  unset xlabel\n  unset xrange\n  unset yrange\n"
    "}\n";

int bias_write_plots(const bias_result *r, const char *dir, char *err, size_t n)
{
    if (plot_mkdir(dir, err, n) || write_data(r, dir, err, n))
        return -1;
    FILE *f = plot_open(dir, "bias.gp", err, n);
    if (!f)
        return -1;
    fputs(script, f);
    if (close_checked(f, dir, "bias.gp", err, n))
        return -1;
    return plot_run(dir, "bias.gp", err, n);
}
