/* tune.c — see tune.h and docs/tuning.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "games/tzaar/game_tzaar.h"
#include "games/tzaar/movegen.h"
#include "core/prng.h"
#include "selfplay/dedup.h"
#include "selfplay/record.h"
#include "core/msg.h"
#include "logistic.h"
#include "tune.h"

/* A uniform sample (reservoir) of feature rows: exactly EVAL_FEATURES
 * doubles per position plus its label. */
typedef struct sample_set {
    size_t n, cap;
    uint64_t seen;
    double *x, *y;
} sample_set;

static int sample_init(sample_set *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->x = malloc(sizeof(double) * EVAL_FEATURES * (cap ? cap : 1));
    s->y = malloc(sizeof(double) * (cap ? cap : 1));
    return s->x && s->y ? 0 : -1;
}

static void sample_free(sample_set *s)
{
    free(s->x);
    free(s->y);
}

/* Offers a position; its features are computed only when it is kept. */
static void sample_offer(sample_set *s, const position *p, double label, xoshiro256 *rng)
{
    size_t row;
    s->seen++;
    if (s->n < s->cap)
        row = s->n++;
    else if ((row = (size_t)xoshiro_below(rng, s->seen)) >= s->cap)
        return;
    eval_features(p, s->x + row * EVAL_FEATURES);
    s->y[row] = label;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Replays one game, offering each position at the start of a turn (not the
 * placement phase, not a finished game) to the train or validation set. */
static uint64_t offer_game(const rec_game *g, sample_set *set, xoshiro256 *rng)
{
    position p = *rec_tz_start(g);
    double label = rec_game_winner(g) == WHITE;
    uint64_t offered = 0;
    for (int j = 0; j <= g->nactions; j++) {
        if ((p.phase == PHASE_OPENING || p.phase == PHASE_FIRST) && game_winner(&p, NULL) < 0) {
            sample_offer(set, &p, label, rng);
            offered++;
        }
        if (j == g->nactions)
            break;
        undo u;
        pos_make(&p, g->actions[j], &u);
    }
    return offered;
}

static int extract(const tune_opts *o, sample_set *train, sample_set *val, tune_result *r, char *err, size_t n)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, o->seed);
    rec_game g; /* about 19 KiB: the main thread's stack has room */
    rec_dedup seen = { 0 };
    for (int f = 0; f < o->nfiles; f++) {
        rec_reader *rd = rec_reader_open(o->files[f], err, n);
        if (!rd) {
            rec_dedup_free(&seen);
            return -1;
        }
        const rec_run *run = rec_reader_run(rd); /* the run of each game read: it changes in a concatenation */
        int rc;
        while ((rc = rec_reader_next(rd, &g)) != REC_END) {
            if (rc == REC_BAD) {
                char msg[512];
                snprintf(msg, sizeof msg, "%s: %s (skipped)", MSG_PATH(o->files[f]), rec_reader_error(rd));
                if (o->warn)
                    o->warn(msg);
                continue;
            }
            if (run->game != &game_tzaar) {
                snprintf(err, n, "only tzaar runs are analysed yet (%s holds a %s run)", MSG_PATH(o->files[f]),
                         run->game->name);
                rec_reader_close(rd);
                rec_dedup_free(&seen);
                return -1;
            }
            if (rec_game_winner(&g) < 0)
                continue; /* an unfinished import has no label */
            int added = rec_dedup_add(&seen, run, &g); /* a game read twice counts once */
            if (added < 0) {
                rec_reader_close(rd);
                rec_dedup_free(&seen);
                snprintf(err, n, "out of memory reading %s", o->files[f]);
                return -1;
            }
            if (!added)
                continue;
            /* The split is by game: a hash of (tune seed, the game's run seed and
             * setup kind, game id) against the share, so it does not depend on
             * the order the files are given in. */
            uint64_t h = seed_mix(seed_mix(o->seed, run->seed ^ (uint64_t)g.setup << 60), g.id);
            bool held_out = (double)(h >> 11) / 9007199254740992.0 < o->validation;
            r->candidates += offer_game(&g, held_out ? val : train, &rng);
            r->games++;
            if (o->progress && r->games % 1024 == 0)
                o->progress(r->games, r->candidates, o->progress_ctx);
        }
        rec_reader_close(rd);
    }
    r->duplicates = seen.dropped;
    rec_dedup_free(&seen);
    if (train->n == 0 || val->n == 0) {
        snprintf(err, n, "too few positions: %zu for training and %zu for validation from %llu games",
                 train->n, val->n, (unsigned long long)r->games);
        return -1;
    }
    return 0;
}

int tune_fit(const logit_data *train, const logit_data *val, const eval_weights *start, double l2,
             tune_result *r, char *err, size_t n)
{
    double t0 = seconds_now();
    r->before = *start;
    r->k = logit_fit_scale(train, start->w, 1e-6, 0.05);
    /* Fit the scaled weights beta = K w: dimensionless, so the optimiser
     * sees a well-conditioned problem whatever the evaluation's units. */
    double beta[EVAL_FEATURES], prior[EVAL_FEATURES], se[EVAL_FEATURES];
    for (int i = 0; i < EVAL_FEATURES; i++)
        beta[i] = prior[i] = r->k * start->w[i];
    logit_opts unit = { .scale = 1 }, fit = { .scale = 1, .l2 = l2, .prior = prior };
    r->train_before = logit_loss(train, &unit, beta);
    r->validation_before = logit_loss(val, &unit, beta);
    if (logit_fit(train, &fit, beta, se, err, n))
        return -1;
    r->train_after = logit_loss(train, &unit, beta);
    r->validation_after = logit_loss(val, &unit, beta);
    /* Back to weights in the search's units: the scale that keeps |w| where
     * the starting weights had it (the fit tends to grow all weights
     * together, which would only change the units). */
    double nb = 0, nw = 0;
    for (int i = 0; i < EVAL_FEATURES; i++) {
        nb += beta[i] * beta[i];
        nw += start->w[i] * start->w[i];
    }
    if (nb > 0 && nw > 0)
        r->k = sqrt(nb / nw);
    for (int i = 0; i < EVAL_FEATURES; i++) {
        r->after.w[i] = beta[i] / r->k;
        r->se[i] = se[i] / r->k;
    }
    r->fit_seconds = seconds_now() - t0;
    return 0;
}

int tune_run(const tune_opts *o, const eval_weights *start, tune_result *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->before = *start;
    size_t val_cap = (size_t)ceil((double)o->positions * o->validation);
    sample_set train, val;
    int rc = -1;
    if (sample_init(&train, o->positions - val_cap) | sample_init(&val, val_cap)) {
        snprintf(err, n, "out of memory for %zu positions", o->positions);
        goto done;
    }
    double t0 = seconds_now();
    if (extract(o, &train, &val, r, err, n))
        goto done;
    r->extract_seconds = seconds_now() - t0;
    r->train_positions = train.n;
    r->validation_positions = val.n;

    logit_data td = { train.n, EVAL_FEATURES, train.x, train.y };
    logit_data vd = { val.n, EVAL_FEATURES, val.x, val.y };
    if (tune_fit(&td, &vd, start, o->l2, r, err, n))
        goto done;
    rc = 0;
done:
    sample_free(&train);
    sample_free(&val);
    return rc;
}
