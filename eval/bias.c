/* bias.c — reading records into the bias study and analysing them (see
 * bias.h; rotation groups are in bias_groups.c, the models in
 * docs/bias.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "engine/replay.h"
#include "core/msg.h"
#include "core/prng.h"
#include "records/record.h"
#include "bias.h"
#include "logistic.h"
#include "tune.h"

/* Grows *p (of *cap elements of size sz) to hold need elements. */
static int grow(void *p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap * 2 : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(*(void **)p, n * sz);
    if (!q)
        return -1;
    *(void **)p = q;
    *cap = n;
    return 0;
}

static int count_names(const char *const *names, int max)
{
    int n = 0;
    while (names && names[n] && n < max)
        n++;
    return n;
}

/* Fixes the game and its seats; the kinds' per-seat summaries follow. */
static void set_game(bias_data *d, const game_def *g, int players)
{
    d->game = g;
    d->players = players;
    d->kinds = count_names(g->setup_names, BIAS_KINDS_MAX);
    d->endings = count_names(g->ending_names, BIAS_ENDINGS_MAX);
    for (int k = 0; k < BIAS_KINDS_MAX; k++) {
        seat_stats_init(&d->kind[k].scores, players);
        seat_stats_init(&d->kind[k].shares, players);
        seat_stats_init(&d->kind[k].movers, players);
        for (int p = 0; p < BIAS_PARTS_MAX; p++)
            seat_stats_init(&d->kind[k].parts[p], players);
        bias_comp_init(&d->kind[k].comp, players);
    }
}

void bias_init(bias_data *d, const game_def *g, int players)
{
    memset(d, 0, sizeof *d);
    d->game = g;
    if (g && players)
        set_game(d, g, players);
}

void bias_free(bias_data *d)
{
    for (int k = 0; k < BIAS_KINDS_MAX; k++) {
        seat_stats_free(&d->kind[k].scores);
        seat_stats_free(&d->kind[k].shares);
        seat_stats_free(&d->kind[k].movers);
        for (int p = 0; p < BIAS_PARTS_MAX; p++)
            seat_stats_free(&d->kind[k].parts[p]);
        free(d->kind[k].pending);
        free(d->kind[k].groups);
        free(d->kind[k].x);
        free(d->kind[k].y);
        free(d->kind[k].setup);
        bias_reps_free(&d->kind[k].reps);
        bias_comp_free(&d->kind[k].comp);
    }
    rec_dedup_free(&d->seen);
    bias_players_free(&d->pl);
    memset(d, 0, sizeof *d);
}

/* The regression's row of g: 1, then the game's start features; the label
 * is the first seat's share. */
static int add_row(bias_kind_data *k, const game_def *gd, const rec_game *g, double share0, uint64_t setup)
{
    size_t cols = (size_t)(gd->study ? gd->study->nstart_features : 0) + 1;
    if (k->rows == k->cap_rows) {
        size_t cap = k->cap_rows ? 2 * k->cap_rows : 1024;
        double *x = realloc(k->x, cap * cols * sizeof(double));
        if (!x)
            return -1;
        k->x = x;
        double *y = realloc(k->y, cap * sizeof(double));
        if (!y)
            return -1;
        k->y = y;
        uint64_t *keys = realloc(k->setup, cap * sizeof(uint64_t));
        if (!keys)
            return -1;
        k->setup = keys;
        k->cap_rows = cap;
    }
    double *row = k->x + k->rows * cols;
    row[0] = 1;
    if (gd->study)
        gd->study->start_features(g->start, row + 1);
    k->setup[k->rows] = setup;
    k->y[k->rows++] = share0;
    return 0;
}

/* The seat that acts first in g (seat 0 when its start is already over):
 * the turn order of the movers' shares and the joint model's first mover. */
static int first_mover(const game_def *gd, const rec_game *g)
{
    return gd->over(g->start) ? 0 : gd->to_act(g->start);
}

int bias_add_game(bias_data *d, const rec_game *g, int rotations, int rotate, uint64_t setup)
{
    const game_def *gd = d->game;
    bias_kind_data *k = &d->kind[g->setup];
    int n = d->players;
    double share[GAME_MAX_PLAYERS] = { 0 };
    int first = -1, firsts = 0, ranks[GAME_MAX_PLAYERS] = { 0 };
    for (int s = 0; s < n; s++) { /* ranks by the game's rules: its tie-breaks decide a points tie */
        share[s] = tune_label(g->scores, n, s);
        ranks[s] = rec_game_rank(g, n, s);
        if (ranks[s] == 0)
            first = s, firsts++;
    }
    if (firsts != 1)
        first = -1; /* a shared first place */
    if (g->rotation == 0 && !k->have_start) {
        memcpy(k->first_start, g->start, gd->state_size);
        k->have_start = true;
    } else if (g->rotation == 0 && memcmp(k->first_start, g->start, gd->state_size))
        k->varies = true; /* the setups themselves differ, not only their rotations */
    /* A setup's games (its rotations, replicates, a pair) share its start:
     * one cluster of every interval (seat_stats.h). */
    int oom = seat_stats_add_game(&k->scores, g->scores, ranks, setup);
    oom |= seat_stats_add_game(&k->shares, share, ranks, setup);
    /* by turn order: the seats in the order they act from the start */
    int opener = first_mover(gd, g);
    double order[GAME_MAX_PLAYERS] = { 0 };
    int order_ranks[GAME_MAX_PLAYERS] = { 0 };
    for (int j = 0; j < n; j++)
        order[j] = share[(opener + j) % n], order_ranks[j] = ranks[(opener + j) % n];
    oom |= seat_stats_add_game(&k->movers, order, order_ranks, setup);
    if (d->compensation) { /* the points themselves by turn order (bias_comp.h) */
        for (int j = 0; j < n; j++)
            order[j] = g->scores[(opener + j) % n];
        oom |= bias_comp_add(&k->comp, order, order_ranks, setup);
    }
    if (gd->scoring && gd->scoring->nscore_parts <= BIAS_PARTS_MAX) {
        /* how the points were made: the final position, replayed */
        unsigned char s[GAME_STATE_MAX];
        double part[BIAS_PARTS_MAX], vec[BIAS_PARTS_MAX][GAME_MAX_PLAYERS] = { { 0 } };
        memcpy(s, g->start, gd->state_size);
        game_replay(gd, s, g->actions, g->nactions, NULL, NULL, NULL);
        for (int t = 0; gd->over(s) && t < n; t++) {
            gd->scoring->score_parts(s, t, part);
            for (int p = 0; p < gd->scoring->nscore_parts; p++)
                vec[p][t] = part[p];
        }
        for (int p = 0; gd->over(s) && p < gd->scoring->nscore_parts; p++)
            oom |= seat_stats_add_game(&k->parts[p], vec[p], NULL, setup);
    }
    if (oom)
        return -1;
    k->endings[g->ending < BIAS_ENDINGS_MAX ? g->ending : 0]++;
    k->turns_sum += g->turns;
    k->turns_sq += (double)g->turns * g->turns;
    k->turns_hist[g->turns < BIAS_TURNS_MAX ? g->turns : BIAS_TURNS_MAX - 1]++;
    if (rotations > 1) {
        if (k->npending && (k->pending_rotations != rotations || k->pending_rotate != rotate) &&
            bias_close_groups(k))
            return -1;
        if (grow(&k->pending, &k->cap_pending, k->npending + 1, sizeof *k->pending))
            return -1;
        bias_group_game *p = &k->pending[k->npending++];
        p->id = g->id;
        p->rotation = g->rotation;
        memcpy(p->share, share, sizeof p->share);
        p->first = (int8_t)first;
        k->pending_rotations = rotations;
        k->pending_rotate = rotate;
    }
    return add_row(k, gd, g, share[0], setup);
}

/* g's row of the joint model (bias_players.h), two seats only.  Its
 * cluster is the setup without the players (seed, setup index, kind, start
 * list): runs of one seed play the same random setups at every strength,
 * and those games are not independent either. */
static int add_players_row(bias_data *d, const rec_run *run, const rec_game *g)
{
    if (d->players != 2) {
        d->pl.left_out++;
        return 0;
    }
    int a = first_mover(d->game, g);
    uint64_t key = seed_mix(seed_mix(run->seed, rec_setup_index(run, g->id)), (uint64_t)g->setup);
    key = seed_mix(key, run->positions_sum);
    return bias_players_add(&d->pl, g->setup, a, g->specs[a], g->specs[1 - a], run->engine_sig,
                            tune_label(g->scores, 2, a), key);
}

/* Refuses a run of another game or another number of seats than the first;
 * 1 for a run of another variant when variants are studied apart. */
static int check_run(bias_data *d, const rec_run *run, const char *path, char *err, size_t n)
{
    if (d->variants_apart && d->game && run->game != d->game && game_base(run->game) == game_base(d->game))
        return 1;
    if (!d->players)
        set_game(d, d->game ? d->game : run->game, run->players);
    if (run->game != d->game) {
        snprintf(err, n, "records of different games: %s holds a %s run, not %s", MSG_PATH(path), run->game->name,
                 d->game->name);
        return -1;
    }
    if (run->players != d->players) {
        snprintf(err, n, "%s holds a %d-player run, the other records %d players (one study per number of "
                 "seats)", MSG_PATH(path), run->players, d->players);
        return -1;
    }
    return 0;
}

static int close_all(bias_data *d)
{
    for (int k = 0; k < d->kinds; k++)
        if (bias_close_groups(&d->kind[k]))
            return -1;
    return 0;
}

int bias_add_file(bias_data *d, const char *path, void (*warn)(const char *msg), char *err, size_t n)
{
    rec_reader *r = rec_reader_open(path, err, n);
    if (!r)
        return -1;
    rec_game *g = malloc(sizeof *g);
    int rc, runs = 1, logged = 0;
    uint64_t listed = 0;
    bool oom = !g;
    while (!oom && (rc = rec_reader_next(r, g)) != REC_END) {
        if (rc == REC_BAD) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s: %s (skipped)", MSG_PATH(path), rec_reader_error(r));
            if (warn)
                warn(msg);
            continue;
        }
        const rec_run *run = rec_reader_run(r);
        int checked = check_run(d, run, path, err, n);
        if (checked < 0) {
            free(g);
            rec_reader_close(r);
            return -1;
        }
        if (checked) {
            d->other_variants++;
            continue;
        }
        if (g->ending == 0 || g->setup < 0 || g->setup >= d->kinds) {
            d->skipped++; /* an unfinished import */
            continue;
        }
        if (run->npositions) { /* games from a start list are no setup kind's */
            listed++;
            continue;
        }
        if (rec_reader_runs(r) != logged) { /* the report names every run read */
            logged = rec_reader_runs(r);
            if (d->nruns < BIAS_RUNS_MAX) {
                snprintf(d->runs[d->nruns].file, sizeof d->runs[d->nruns].file, "%s", path);
                d->runs[d->nruns++].run = *run;
            } else {
                d->runs_more++;
            }
        }
        int added = rec_dedup_add(&d->seen, run, g);
        if (added == 0)
            continue;
        if (rec_reader_runs(r) != runs) { /* a concatenated file's next run: its ids start again */
            runs = rec_reader_runs(r);
            if (added > 0 && close_all(d))
                added = -1;
        }
        /* With replicates a setup's games are not one rotation group but
         * R x P: they go to the variance components instead. */
        uint64_t setup = bias_setup_key(run, g);
        if (run->replicates > 1)
            oom = added < 0 || bias_add_game(d, g, 1, 0, setup) || bias_add_replicate(d, run, g);
        else
            oom = added < 0 || bias_add_game(d, g, run->rotations, run->rotate, setup);
        oom = oom || add_players_row(d, run, g);
    }
    free(g);
    rec_reader_close(r);
    if (listed && warn) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s: %llu games start from a position list (--positions), not from a setup kind: "
                 "left out", MSG_PATH(path), (unsigned long long)listed);
        warn(msg);
    }
    d->skipped += listed;
    if (oom) {
        snprintf(err, n, "out of memory reading %s", MSG_PATH(path));
        return -1;
    }
    if (bias_end_file(d)) {
        snprintf(err, n, "out of memory reading %s", MSG_PATH(path));
        return -1;
    }
    return 0;
}

int bias_end_file(bias_data *d)
{
    if (close_all(d))
        return -1;
    d->files++;
    return 0;
}

static void analyse_kind(const bias_data *d, const bias_kind_data *k, bias_kind_result *r)
{
    r->games = k->scores.games;
    if (!r->games)
        return;
    double n = (double)r->games;
    for (int s = 0; s < d->players; s++) {
        r->mean[s] = seat_stats_mean(&k->scores, s);
        r->mean_ci[s] = seat_stats_ci95(&k->scores, s);
        r->share[s] = seat_stats_mean(&k->shares, s);
        r->share_ci[s] = seat_stats_ci95(&k->shares, s);
        memcpy(r->ranks[s], k->scores.ranks[s], sizeof r->ranks[s]);
    }
    r->first_advantage = r->share[0] - 1.0 / d->players;
    for (int s = 0; s < d->players; s++) {
        r->mover_share[s] = seat_stats_mean(&k->movers, s);
        r->mover_share_ci[s] = seat_stats_ci95(&k->movers, s);
    }
    const game_scoring *sc = d->game->scoring;
    r->nparts = sc && sc->nscore_parts <= BIAS_PARTS_MAX ? sc->nscore_parts : 0;
    if (r->nparts && sc->last_part_optional) { /* left out where no game scored it (Talat's komi) */
        double sq = 0;
        for (int s = 0; s < d->players; s++)
            sq += k->parts[r->nparts - 1].sumsq[s];
        r->nparts -= sq == 0;
    }
    for (int p = 0; p < r->nparts; p++)
        for (int s = 0; s < d->players; s++) {
            r->part[p][s] = seat_stats_mean(&k->parts[p], s);
            r->part_ci[p][s] = seat_stats_ci95(&k->parts[p], s);
        }
    r->ties = k->scores.ties;
    r->point_ties = k->scores.point_ties;
    for (int s = 0; s < d->players; s++) {
        memcpy(r->mover_ranks[s], k->movers.ranks[s], sizeof r->mover_ranks[s]);
        r->shared_firsts[s] = k->scores.shared_firsts[s];
        r->mover_shared_firsts[s] = k->movers.shared_firsts[s];
    }
    r->clusters = seat_stats_clusters(&k->scores);
    r->clustered = seat_stats_clustered(&k->scores);
    r->points = k->scores.points;
    r->mean_turns = k->turns_sum / n;
    r->sd_turns = n > 1 ? sqrt(fmax(0, (k->turns_sq - k->turns_sum * k->turns_sum / n) / (n - 1))) : 0;
    memcpy(r->endings, k->endings, sizeof r->endings);
    memcpy(r->turns_hist, k->turns_hist, sizeof r->turns_hist);
    r->varies = k->varies;
}

/* The first seat's share in kind a minus kind b: Newcombe's interval and
 * the pooled z test for win/loss (shares 0 or 1), else a normal interval
 * on the difference of means with each kind's own variance (Welch).  Both
 * clustered by setup, as the kinds' own intervals are: the variance of
 * each mean is the cluster-robust one (Newcombe's at the effective number
 * of games it implies). */
static proportion_diff share_difference(const seat_stats *a, const seat_stats *b)
{
    double na = seat_stats_effective_n(a, 0), nb = seat_stats_effective_n(b, 0);
    double ma = seat_stats_mean(a, 0), mb = seat_stats_mean(b, 0);
    if (!a->points && !b->points)
        return proportion_difference(ma * na, na, mb * nb, nb, Z95);
    double se = sqrt(seat_stats_var_mean(a, 0) + seat_stats_var_mean(b, 0));
    bool few = seat_stats_clusters(a) < 2 || seat_stats_clusters(b) < 2;
    proportion_diff r = { ma - mb, few ? interval_none() : (interval){ ma - mb - Z95 * se, ma - mb + Z95 * se }, 0, 1 };
    if (se > 0 && !few) {
        r.z = r.diff / se;
        r.p_value = 2 * gsl_cdf_ugaussian_Q(fabs(r.z));
    }
    return r;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Each row's setup as a dense cluster number (the rank of its key among
 * the distinct keys), or NULL out of memory. */
static uint32_t *setup_clusters(const uint64_t *setup, size_t rows)
{
    uint64_t *sorted = malloc(rows * sizeof *sorted);
    uint32_t *cluster = malloc(rows * sizeof *cluster);
    if (!sorted || !cluster) {
        free(sorted);
        free(cluster);
        return NULL;
    }
    memcpy(sorted, setup, rows * sizeof *sorted);
    qsort(sorted, rows, sizeof *sorted, by_key);
    size_t distinct = 0;
    for (size_t i = 0; i < rows; i++)
        if (!distinct || sorted[i] != sorted[distinct - 1])
            sorted[distinct++] = sorted[i];
    for (size_t i = 0; i < rows; i++) {
        const uint64_t *at = bsearch(&setup[i], sorted, distinct, sizeof *sorted, by_key);
        cluster[i] = (uint32_t)(at - sorted);
    }
    free(sorted);
    return cluster;
}

/* The first seat's share on the start features, over the kinds whose
 * starts vary (a fixed start has nothing to regress on).  The games of a
 * setup share its start, so their rows are one cluster: the standard
 * errors are cluster-robust (the sandwich, logistic.h), and the
 * model-based ones, which treat every game as independent, are kept for
 * comparison. */
static void regress(const bias_data *d, bias_result *r)
{
    size_t k = (size_t)(d->game->study ? d->game->study->nstart_features : 0) + 1, rows = 0;
    for (int s = 0; s < d->kinds; s++)
        rows += d->kind[s].varies ? d->kind[s].rows : 0;
    r->reg_rows = rows;
    if (k < 2 || rows < 10 * k)
        return; /* no features, or too little data */
    double *x = malloc(rows * k * sizeof *x), *y = malloc(rows * sizeof *y);
    uint64_t *setup = malloc(rows * sizeof *setup);
    size_t at = 0;
    for (int s = 0; x && y && setup && s < d->kinds; s++)
        if (d->kind[s].varies) {
            memcpy(x + at * k, d->kind[s].x, d->kind[s].rows * k * sizeof *x);
            memcpy(y + at, d->kind[s].y, d->kind[s].rows * sizeof *y);
            memcpy(setup + at, d->kind[s].setup, d->kind[s].rows * sizeof *setup);
            at += d->kind[s].rows;
        }
    uint32_t *cluster = setup ? setup_clusters(setup, rows) : NULL;
    free(setup);
    bool one_label = true;
    for (size_t i = 1; x && y && i < rows; i++)
        one_label &= y[i] == y[0];
    /* A feature that is the same in every start (Talat's live boards: 3),
     * or a sum of the others (Talat: every seat's attacks are some seat's
     * exposures), would make the design singular: it leaves the fit, and
     * says so.  Gram-Schmidt over the columns in order keeps the first of
     * a dependent set. */
    size_t keep[GAME_MAX_FEATURES + 1], m = 0;
    double *basis = x ? malloc(rows * k * sizeof *basis) : NULL;
    for (size_t j = 0; basis && j < k; j++) {
        double *v = basis + m * rows, norm0 = 0, norm = 0;
        for (size_t i = 0; i < rows; i++)
            v[i] = x[i * k + j], norm0 += v[i] * v[i];
        for (size_t c = 0; c < m; c++) {
            const double *b = basis + c * rows;
            double dot = 0;
            for (size_t i = 0; i < rows; i++)
                dot += v[i] * b[i];
            for (size_t i = 0; i < rows; i++)
                v[i] -= dot * b[i];
        }
        for (size_t i = 0; i < rows; i++)
            norm += v[i] * v[i];
        bool constant = j > 0;
        for (size_t i = 1; constant && i < rows; i++)
            constant = x[i * k + j] == x[j];
        r->reg_dropped[j] = constant ? 1 : !(norm > 1e-9 * norm0) ? 2 : 0;
        if (r->reg_dropped[j])
            continue;
        for (size_t i = 0; i < rows; i++)
            v[i] /= sqrt(norm);
        keep[m++] = j;
    }
    free(basis);
    for (size_t i = 0; x && m < k && i < rows; i++) /* squeeze the kept columns, in place */
        for (size_t c = 0; c < m; c++)
            x[i * m + c] = x[i * k + keep[c]];
    if (x && y && cluster && !one_label) { /* one outcome only: no finite fit */
        logit_data data = { .n = rows, .k = m, .x = x, .y = y, .cluster = cluster };
        logit_opts o = { .scale = 1 };
        char err[128];
        double beta[GAME_MAX_FEATURES + 1] = { 0 }, se[GAME_MAX_FEATURES + 1] = { 0 };
        double robust[GAME_MAX_FEATURES + 1] = { 0 };
        memset(r->beta, 0, sizeof r->beta);
        memset(r->se, 0, sizeof r->se);
        memset(r->se_model, 0, sizeof r->se_model);
        r->reg_ok = logit_fit(&data, &o, beta, NULL, err, sizeof err) == 0 &&
                    (r->reg_clusters = logit_se(&data, &o, beta, se, robust)) >= 2;
        for (size_t c = 0; c < m; c++)
            r->beta[keep[c]] = beta[c], r->se[keep[c]] = robust[c], r->se_model[keep[c]] = se[c];
    }
    free(x);
    free(y);
    free(cluster);
}

uint64_t bias_setup_key(const rec_run *run, const rec_game *g)
{
    uint64_t key = seed_mix(run->seed, rec_setup_index(run, g->id));
    for (int s = 0; s < run->players; s++)
        for (const char *c = run->specs[s]; *c; c++)
            key = seed_mix(key, (uint64_t)(unsigned char)*c);
    return key;
}

int bias_add_replicate(bias_data *d, const rec_run *run, const rec_game *g)
{
    uint64_t key = bias_setup_key(run, g);
    int seat = run->rotate & REC_ROTATE_PIECES ? g->rotation % d->players : 0; /* where arrangement 0 sits */
    return bias_reps_add(&d->kind[g->setup].reps, key, run->rotations, run->replicates, g->rotation,
                         rec_replicate(run, g->id), tune_label(g->scores, d->players, seat));
}

int bias_analyse(const bias_data *d, int resamples, uint64_t seed, bias_result *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->duplicates = d->seen.dropped;
    memcpy(r->runs, d->runs, sizeof r->runs);
    r->nruns = d->nruns;
    r->runs_more = d->runs_more;
    r->resamples = resamples;
    r->seed = seed;
    r->game = d->game;
    r->players = d->players;
    r->kinds = d->kinds;
    r->endings = d->endings;
    uint64_t total = 0;
    for (int k = 0; k < d->kinds; k++) {
        analyse_kind(d, &d->kind[k], &r->kind[k]);
        if (bias_analyse_groups(&d->kind[k], d->players, resamples, seed_mix(seed, (uint64_t)k),
                                &r->kind[k].grp)) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        if (bias_reps_analyse(&d->kind[k].reps, resamples, seed_mix(seed ^ 0x636f6d70, (uint64_t)k),
                              &r->kind[k].comp)) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        total += d->kind[k].scores.games;
    }
    if (!total) {
        snprintf(err, n, "no finished games in the records");
        return -1;
    }
    for (int a = 0; a < d->kinds; a++)
        for (int b = a + 1; b < d->kinds; b++)
            if (d->kind[a].scores.games && d->kind[b].scores.games)
                r->diff[r->ndiffs++] = (bias_diff){ a, b,
                                                    share_difference(&d->kind[a].shares, &d->kind[b].shares) };
    regress(d, r);
    if (bias_players_analyse(&d->pl, d->kinds, &r->pl)) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    return 0;
}
