/* bias.h — the opening-setup bias study: how much the first player gains,
 * and how that differs between random, fixed and tournament setups.
 *
 * bias_add_file() reads records into a bias_data; bias_analyse() turns it
 * into a bias_result: White's score per setup kind with Wilson intervals,
 * the differences between kinds, the paired-game analysis (how much the
 * setup itself decides), a logistic regression of White's result on features
 * of random starting positions, and game lengths and endings.  The models
 * are explained in docs/bias.md. */
#ifndef TRIAD_BIAS_H
#define TRIAD_BIAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "games/tzaar/setup.h"
#include "games/tzaar/start_features.h" /* the regression's features */
#include "selfplay/dedup.h"
#include "selfplay/record.h"
#include "stats.h"

#define BIAS_TURNS_MAX 128 /* histogram bins of game length, in turns */

typedef struct bias_pair_game {
    uint64_t id;
    int8_t white_won;
    bool swapped;
} bias_pair_game;

typedef struct bias_kind_data {
    uint64_t games, white_wins;
    uint64_t endings[3]; /* by END_* */
    double turns_sum, turns_sq;
    uint64_t turns_hist[BIAS_TURNS_MAX];
    /* paired games of the current file, paired up when the file is done */
    bias_pair_game *pending;
    size_t npending, cap_pending;
    /* one entry per complete pair: White's wins in game 1 and game 2 */
    uint8_t *pairs;
    size_t npairs, cap_pairs;
} bias_kind_data;

typedef struct bias_data {
    bias_kind_data kind[SETUP_KINDS];
    double *x, *y; /* regression rows: 1, start features; label */
    size_t rows, cap_rows;
    uint64_t files, skipped;
    rec_dedup seen;  /* games already read: a game read twice counts once */
} bias_data;

typedef struct bias_kind_result {
    uint64_t games;
    double white_score;
    interval ci;
    double mean_turns, sd_turns;
    uint64_t endings[3];
    uint64_t turns_hist[BIAS_TURNS_MAX];
    /* paired games (pairs > 0) */
    uint64_t pairs;
    uint64_t white_penta[5];  /* pairs by White's points x2: 0, 1 (unused), 2, 3 (unused), 4 */
    uint64_t holder_penta[5]; /* by the points of the side holding game 1's White arrangement */
    double setup_var;         /* variance of the per-setup score beyond chance */
    interval setup_var_ci;
    double setup_share;       /* setup_var / (p (1 - p)): the share of outcome variance */
    double one_sided_observed, one_sided_expected;
    double one_sided;         /* estimated fraction of setups the arrangement decides */
    interval one_sided_ci;
} bias_kind_result;

typedef struct bias_result {
    bias_kind_result kind[SETUP_KINDS];
    /* differences between kinds a - b for (random, fixed), (random, tournament),
     * (fixed, tournament), when both have games */
    bool has_diff[3];
    proportion_diff diff[3];
    /* regression on random setups: intercept then START_FEATURES */
    size_t reg_rows;
    bool reg_ok;
    double beta[START_FEATURES + 1], se[START_FEATURES + 1];
    uint64_t duplicates; /* games read twice (the same run and id), dropped */
} bias_result;

extern const int bias_diff_kinds[3][2];

void bias_init(bias_data *d);
void bias_free(bias_data *d);
/* Reads one records file.  Torn or corrupt blocks are reported through
 * warn (one line each) and skipped; a game already read (the same run and
 * id, rec_dedup) is dropped and counted; each run of a concatenated file is
 * read under its own header.  Returns 0, or -1 with a message in err
 * when the file cannot be read at all. */
int bias_add_file(bias_data *d, const char *path, void (*warn)(const char *msg), char *err, size_t n);
/* The same one game at a time: games of a paired run are paired up (ids 2k
 * and 2k+1) when bias_end_file() closes the file.  0, or -1 out of memory. */
int bias_add_game(bias_data *d, const rec_game *g, bool paired);
int bias_end_file(bias_data *d);
/* Bootstrap intervals use `resamples` draws seeded by seed. */
int bias_analyse(const bias_data *d, int resamples, uint64_t seed, bias_result *r, char *err, size_t n);

/* Output (bias_report.c, plot.c). */
void bias_print_text(const bias_result *r, FILE *f);
void bias_print_json(const bias_result *r, FILE *f);
/* A Markdown report; plots (may be NULL) is the folder of the PNGs, as the
 * report should refer to it.  Written whole (core/fileio.h); an existing
 * file is replaced only with force. */
int bias_write_report(const bias_result *r, const char *path, const char *plots, bool force, char *err,
                      size_t n);
/* PNG and SVG charts with gnuplot into dir (created if missing): the
 * BIAS_PLOT_FILES files named in bias_plot_files, made in a temporary
 * folder inside dir and each renamed into place; an existing one is
 * replaced only with force. */
#define BIAS_PLOT_FILES 10
extern const char *const bias_plot_files[BIAS_PLOT_FILES];
int bias_write_plots(const bias_result *r, const char *dir, bool force, char *err, size_t n);

#endif
