/* bias.h — the opening-setup bias study, for any game of engine/game.h: how
 * much the first seat gains, how much the setup itself decides, and how
 * that differs between the game's setup kinds (g->setup_names).
 *
 * bias_add_file() reads records into a bias_data; bias_analyse() turns it
 * into a bias_result.  Per setup kind: every seat's mean score and share of
 * the points with 95% intervals (Wilson for win/loss, Student t for points:
 * seat_stats.h), the first seat's advantage (its share minus 1/players),
 * rank distributions, ties, game lengths and endings by the game's
 * ending_names; the differences of the first seat's share between every
 * two kinds; the rotation-group analysis (a run with rotations R > 1 plays
 * every setup R times: how much the setup decides, bias_groups.c; TZAAR's
 * paired games are R = 2); and a logistic regression of the first seat's
 * share on the game's start features over the kinds whose start varies; and
 * (two seats) the first mover's edge fitted jointly with the players'
 * strengths, so that match games count too (bias_players.h).
 * The models are explained in docs/bias.md. */
#ifndef TRIAD_BIAS_H
#define TRIAD_BIAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/game.h"
#include "records/dedup.h"
#include "records/record.h"
#include "bias_comp.h"
#include "bias_components.h"
#include "bias_players.h"
#include "seat_stats.h"
#include "stats.h"

#define BIAS_TURNS_MAX 128 /* histogram bins of game length, in turns */
#define BIAS_KINDS_MAX BIAS_PLAYERS_KINDS_MAX /* setup kinds of one game (8) */
#define BIAS_ENDINGS_MAX 8 /* ending names of one game, "none" included */
#define BIAS_PARTS_MAX 4   /* score parts of one game (game_def.score_parts) */
#define BIAS_DIFFS_MAX (BIAS_KINDS_MAX * (BIAS_KINDS_MAX - 1) / 2)

/* One game of a rotation group, waiting for its group to be complete. */
typedef struct bias_group_game {
    uint64_t id;
    int rotation;
    double share[GAME_MAX_PLAYERS]; /* every seat's share of the points */
    int8_t first;                  /* the seat ranked first alone, or -1 */
} bias_group_game;

/* A complete group: the R games of one setup, by rotation. */
typedef struct bias_group {
    double share[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS]; /* [rotation][seat] */
    int8_t first[GAME_MAX_PLAYERS];                  /* [rotation] */
} bias_group;

typedef struct bias_kind_data {
    seat_stats scores, shares; /* per seat: the scores, and the shares of the points */
    seat_stats parts[BIAS_PARTS_MAX]; /* per score part, per seat (games whose replay ends) */
    seat_stats movers;         /* shares by turn order: the seat that acts first at the start, then on */
    uint64_t endings[BIAS_ENDINGS_MAX];
    double turns_sum, turns_sq;
    uint64_t turns_hist[BIAS_TURNS_MAX];
    /* the start of the first game, to see whether the kind's starts vary */
    unsigned char first_start[GAME_STATE_MAX];
    bool have_start, varies;
    /* rotation groups: games of the current file, grouped when it is done */
    bias_group_game *pending;
    size_t npending, cap_pending;
    int pending_rotations, pending_rotate; /* the run of the pending games */
    int rotations, rotate;     /* of the groups kept (the first group's run) */
    bias_group *groups;
    size_t ngroups, cap_groups;
    uint64_t groups_other;     /* groups of a run with another R or rotate, left out */
    bias_reps reps;            /* the games of runs with replicates (bias_components.h) */
    bias_comp_rows comp;       /* each game's points by turn order, when asked (bias_comp.h) */
    /* regression rows (1, start features), labels and each row's setup
     * (the cluster of its standard errors), of every game */
    double *x, *y;
    uint64_t *setup;
    size_t rows, cap_rows;
} bias_kind_data;

/* A run read (a file's header, or a later header of a concatenation):
 * what the report names so that every figure can be traced and replayed. */
#define BIAS_RUNS_MAX 16
typedef struct bias_run_info {
    char file[256];
    rec_run run;
} bias_run_info;

typedef struct bias_data {
    const game_def *game;
    int players;
    int kinds, endings;        /* the game's setup kinds and ending names */
    bias_kind_data kind[BIAS_KINDS_MAX];
    uint64_t files, skipped;
    /* Runs of other variants of the game are left out (counted), not
     * refused: a study of several variants reports each apart (cmd_bias). */
    bool variants_apart;
    uint64_t other_variants;
    rec_dedup seen;            /* games already read: a game read twice counts once */
    bias_players_data pl;      /* every game by its players, for the joint model */
    bias_run_info runs[BIAS_RUNS_MAX];
    int nruns, runs_more;      /* runs kept, and those past BIAS_RUNS_MAX */
    bool compensation;         /* keep the points of every game for bias_comp (set after bias_init) */
} bias_data;

/* The rotation-group analysis of one kind (bias_groups.c). */
typedef struct bias_groups_result {
    uint64_t groups, groups_other;
    int rotations, rotate;
    /* the first seat's mean share over the groups' games, with a t interval
     * over the groups' means (clustered by setup) */
    double first_share;
    interval first_share_ci;
    /* seat 0's share in each rotation, and the first rotation's minus the
     * second's with a paired t interval over groups: for TZAAR's fixed pairs,
     * whether a position and its colour-swapped twin (the same position turned
     * 60 degrees) are played alike, as they should be */
    double rot_first[GAME_MAX_PLAYERS];
    interval rot_first_ci[GAME_MAX_PLAYERS];
    double rot_diff;
    interval rot_diff_ci;
    double arrangement_var;  /* the variance over setups of an arrangement's mean share */
    double outcome_var;      /* a seat's share's variance over all games (the chance part) */
    double setup_var;        /* the variance of the per-setup share beyond chance */
    interval setup_var_ci;
    double setup_share;      /* setup_var / outcome_var */
    double one_sided_observed, one_sided_expected;
    double one_sided;        /* estimated fraction of setups the arrangement decides */
    interval one_sided_ci;
    /* two seats, two rotations and win/loss (TZAAR's pairs): pentanomials */
    bool pentanomial;
    uint64_t first_penta[5];  /* pairs by seat 0's points x2: 0, 1 (unused), 2, 3 (unused), 4 */
    uint64_t holder_penta[5]; /* by the points of game 1's seat 0 arrangement */
} bias_groups_result;

typedef struct bias_kind_result {
    uint64_t games;
    double mean[GAME_MAX_PLAYERS];     /* every seat's mean score */
    interval mean_ci[GAME_MAX_PLAYERS];
    double share[GAME_MAX_PLAYERS];    /* every seat's mean share of the points */
    interval share_ci[GAME_MAX_PLAYERS];
    double first_advantage;            /* share[0] - 1 / players */
    /* shares by turn order (index 0: the seat to act at the start; a game
     * whose seat rotation moves the turn, as Talat's does, puts the first
     * move in another seat in each rotation) */
    double mover_share[GAME_MAX_PLAYERS];
    interval mover_share_ci[GAME_MAX_PLAYERS];
    int nparts;                        /* the game's score parts, each per seat with a t interval */
    double part[BIAS_PARTS_MAX][GAME_MAX_PLAYERS];
    interval part_ci[BIAS_PARTS_MAX][GAME_MAX_PLAYERS];
    /* [seat][rank], by the game's rules (game_def.rank: Talat's tie-break
     * by the best captured tower decides a points tie); mover_ranks the
     * same by turn order */
    uint64_t ranks[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS];
    uint64_t mover_ranks[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS];
    /* games in which the seat (the turn position) shares first place:
     * ranks[s][0] minus these are its first places alone */
    uint64_t shared_firsts[GAME_MAX_PLAYERS], mover_shared_firsts[GAME_MAX_PLAYERS];
    uint64_t ties;                     /* first place shared after the tie-breaks */
    uint64_t point_ties;               /* first place shared on points (before them) */
    uint64_t clusters;                 /* setups: every interval above is clustered by them */
    bool clustered;                    /* some setup has more than one game */
    bool points;                       /* a score other than 0 or 1 was seen */
    double mean_turns, sd_turns;
    uint64_t endings[BIAS_ENDINGS_MAX];
    uint64_t turns_hist[BIAS_TURNS_MAX];
    bool varies;                       /* the kind's starts differ */
    bias_groups_result grp;            /* grp.groups > 0 for rotated runs */
    bias_components comp;              /* comp.setups > 0 for runs with replicates */
} bias_kind_result;

typedef struct bias_diff {
    int a, b;                          /* kinds, a before b in setup_names */
    proportion_diff d;                 /* of the first seat's share, a - b */
} bias_diff;

typedef struct bias_result {
    const game_def *game;
    int players, kinds, endings;
    bias_kind_result kind[BIAS_KINDS_MAX];
    int ndiffs;                        /* every two kinds with games */
    bias_diff diff[BIAS_DIFFS_MAX];
    /* regression over the kinds whose start varies: intercept then the
     * game's start features */
    size_t reg_rows;
    bool reg_ok;
    /* se: cluster-robust, the games of a setup one cluster (a setup's
     * rotations and replicates share its start); se_model: games as
     * independent; clusters: the setups */
    double beta[GAME_MAX_FEATURES + 1], se[GAME_MAX_FEATURES + 1], se_model[GAME_MAX_FEATURES + 1];
    long reg_clusters;
    /* left out of the fit: 1 the same in every start, 2 a combination of
     * the features before it (collinear); 0 fitted */
    int reg_dropped[GAME_MAX_FEATURES + 1];
    bias_players_result pl;            /* the first mover's edge with the players' strengths */
    uint64_t duplicates;               /* games read twice (the same run and id), dropped */
    bias_run_info runs[BIAS_RUNS_MAX]; /* the runs read, for the report */
    int nruns, runs_more;
    /* set by the caller: the command line that reproduces the figures
     * (the report prints it); NULL: none */
    const char *command;
    int resamples;
    uint64_t seed;
} bias_result;

/* g and players: the game and number of seats to study; NULL or 0 takes
 * them from the first run read. */
void bias_init(bias_data *d, const game_def *g, int players);
void bias_free(bias_data *d);
/* Reads one records file.  Torn or corrupt blocks are reported through
 * warn (one line each) and skipped; a game already read (the same run and
 * id, rec_dedup) is dropped and counted; each run of a concatenated file is
 * read under its own header.  Returns 0, or -1 with a message in err
 * when the file cannot be read at all, or holds a run of another game or
 * another number of players. */
int bias_add_file(bias_data *d, const char *path, void (*warn)(const char *msg), char *err, size_t n);
/* The same one game at a time (d->game and d->players set): the games of a
 * run with rotations > 1 (rotate: its REC_ROTATE_* bits) are grouped, ids
 * kR .. kR+R-1, when bias_end_file() closes the file; setup names the
 * setup the game was played from (bias_setup_key: games of one setup are
 * one cluster of the regression's errors).  0, or -1 out of memory. */
int bias_add_game(bias_data *d, const rec_game *g, int rotations, int rotate, uint64_t setup);
int bias_end_file(bias_data *d);
/* The key of g's setup: the run (seed and players) and the setup index, so
 * that shards of one run meet and other runs stay apart. */
uint64_t bias_setup_key(const rec_run *run, const rec_game *g);
/* Bootstrap intervals use `resamples` draws seeded by seed. */
int bias_analyse(const bias_data *d, int resamples, uint64_t seed, bias_result *r, char *err, size_t n);

/* A game of a run with replicates (run->replicates > 1), after
 * bias_add_game(d, g, 1, 0): its variance-components row.  0, or -1 out of
 * memory. */
int bias_add_replicate(bias_data *d, const rec_run *run, const rec_game *g);

/* Rotation groups (bias_groups.c): groups the pending games of kind k
 * (0, or -1 out of memory), and analyses its groups into r. */
int bias_close_groups(bias_kind_data *k);
int bias_analyse_groups(const bias_kind_data *k, int players, int resamples, uint64_t seed,
                        bias_groups_result *r);

/* Output (bias_report.c, bias_json.c, bias_plots.c). */
void bias_print_text(const bias_result *r, FILE *f);
void bias_print_json(const bias_result *r, FILE *f);
/* Who the joint model's first mover is in kind k: its seat's name (TZAAR's
 * "White", or "Black" where Black acts first), or "either seat" when the
 * games of the kind differ in it. */
const char *bias_first_seat_name(const bias_result *r, int k, char name[16]);
/* "players", "pieces" or "pieces,players": a run's --rotate (REC_ROTATE_*). */
const char *bias_rotate_name(int rotate);
/* A Markdown report; plots (may be NULL) is the folder of the PNGs, as the
 * report should refer to it.  Written whole (core/fileio.h); an existing
 * file is replaced only with force. */
int bias_write_report(const bias_result *r, const char *path, const char *plots, bool force, char *err,
                      size_t n);
/* s as one shell word (core/esc.h's esc_shell, or esc_shell_path when path
 * is set) into out: file names and specs in printed command lines; "" when
 * it does not fit. */
void bias_shell_quote(const char *s, bool path, char *out, size_t n);
/* The `triad selfplay` command that plays a run's games again, or "". */
void bias_selfplay_command(const bias_run_info *ri, char *out, size_t n);
/* PNG and SVG charts with gnuplot into dir (created if missing): the
 * BIAS_PLOT_FILES files named in bias_plot_files, made in a temporary
 * folder inside dir and each renamed into place; an existing one is
 * replaced only with force. */
#define BIAS_PLOT_FILES 13
extern const char *const bias_plot_files[BIAS_PLOT_FILES];
int bias_write_plots(const bias_result *r, const char *dir, bool force, char *err, size_t n);

#endif
