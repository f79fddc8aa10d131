/* train_data.c — training positions from records, their labels and the
 * linear baseline (train.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/prng.h"
#include "engine/replay.h"
#include "engine/weights.h"
#include "records/dedup.h"
#include "records/record.h"
#include "train.h"
#include "tune.h"

void train_data_free(train_set *d)
{
    free(d->states);
    free(d->target);
    free(d->result);
    free(d->linear);
    free(d->search);
    free(d->game);
    free(d->held);
    memset(d, 0, sizeof *d);
}

static int grow(train_set *d, size_t cap)
{
    size_t ss = d->g->state_size;
#define GROW(field, count)                                                  \
    do {                                                                    \
        void *p = realloc(d->field, sizeof *d->field * (count) * cap);     \
        if (!p)                                                             \
            return -1;                                                      \
        d->field = p;                                                       \
    } while (0)
    GROW(states, ss);
    GROW(target, (size_t)d->nout);
    GROW(result, (size_t)d->nout);
    GROW(linear, (size_t)d->persp);
    GROW(game, 1);
    GROW(held, 1);
#undef GROW
    d->cap = cap;
    return 0;
}

typedef struct reader_ctx {
    const train_opts *o;
    train_set *d;
    const double *scores;
    double weights[GAME_MAX_FEATURES];
    bool linear;
    uint32_t game;
    bool held;
    uint64_t seen;
    xoshiro256 rng;
    bool oom;
} reader_ctx;

/* The row a new position goes to: the next while there is room, else a
 * uniform reservoir draw (SIZE_MAX: not kept). */
static size_t row_for(reader_ctx *c)
{
    train_set *d = c->d;
    size_t max = c->o->max_positions;
    c->seen++;
    if (!max || d->n < max) {
        if (d->n == d->cap && grow(d, d->cap ? d->cap * 2 : 1 << 16)) {
            c->oom = true;
            return SIZE_MAX;
        }
        return d->n++;
    }
    uint64_t k = xoshiro_below(&c->rng, c->seen);
    return k < max ? (size_t)k : SIZE_MAX;
}

static int take_position(void *ctx, const void *state, int ply)
{
    (void)ply;
    reader_ctx *c = ctx;
    train_set *d = c->d;
    const game_def *g = d->g;
    if (g->over(state) || (g->nn->sample && !g->nn->sample(state)))
        return 0;
    size_t row = row_for(c);
    if (row == SIZE_MAX)
        return c->oom;
    int t = g->to_act(state), p = d->persp;
    memcpy(d->states + row * g->state_size, state, g->state_size);
    for (int k = 0; k < d->nout; k++)
        d->result[row * (size_t)d->nout + (size_t)k] = (float)tune_label(c->scores, p, (t + k) % p);
    memcpy(d->target + row * (size_t)d->nout, d->result + row * (size_t)d->nout, sizeof(float) * (size_t)d->nout);
    for (int k = 0; k < p; k++) {
        double v = NAN, f[GAME_MAX_FEATURES];
        if (c->linear) {
            g->tuning->features(state, (t + k) % p, f);
            v = 0;
            for (int i = 0; i < g->tuning->nfeatures; i++)
                v += c->weights[i] * f[i];
        }
        d->linear[row * (size_t)p + (size_t)k] = (float)v;
    }
    d->game[row] = c->game;
    d->held[row] = c->held;
    return 0;
}

/* One file's games into c's set; 0, or -1 with err. */
static int read_file(reader_ctx *c, const char *file, rec_dedup *seen, rec_game *rg, train_result *r, char *err,
                     size_t n)
{
    const train_opts *o = c->o;
    rec_reader *rd = rec_reader_open(file, err, n);
    if (!rd)
        return -1;
    const rec_run *run = rec_reader_run(rd);
    int rc, status = 0;
    while (!status && (rc = rec_reader_next(rd, rg)) != REC_END) {
        if (rc == REC_BAD) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s: %s (skipped)", MSG_PATH(file), rec_reader_error(rd));
            if (o->warn)
                o->warn(o->ctx, msg);
            continue;
        }
        if (run->game != o->game) {
            snprintf(err, n, "records of different games: %s holds a %s run, not %s", MSG_PATH(file),
                     run->game->name, o->game->name);
            status = -1;
            break;
        }
        if (rg->ending == 0) {
            r->unfinished++; /* unfinished, or forfeited: no result to learn */
            continue;
        }
        int players = o->game->players(rg->start);
        if (players != c->d->persp) {
            r->other_players++;
            continue;
        }
        int added = rec_dedup_add(seen, run, rg);
        if (added < 0) {
            snprintf(err, n, "out of memory reading %s", MSG_PATH(file));
            status = -1;
        } else if (added) {
            /* by game: the same hash of (seed, the run's seed and setup, id) as tune's split */
            uint64_t h = seed_mix(seed_mix(o->seed, run->seed ^ (uint64_t)rg->setup << 60), rg->id);
            c->held = (double)(h >> 11) / 9007199254740992.0 < o->validation;
            c->game = (uint32_t)r->games;
            c->scores = rg->scores;
            unsigned char state[GAME_STATE_MAX];
            memcpy(state, rg->start, o->game->state_size);
            game_replay(o->game, state, rg->actions, rg->nactions, NULL, take_position, c);
            if (c->oom) {
                snprintf(err, n, "out of memory for %zu positions", c->d->n);
                status = -1;
            }
            r->games++;
            r->val_games += c->held;
            if (o->progress && r->games % 1024 == 0)
                o->progress(o->ctx, "reading", r->games, 0, NAN);
        }
    }
    rec_reader_close(rd);
    return status;
}

/* The seats of the records' first game, for players = 0. */
static int first_players(const train_opts *o, char *err, size_t n)
{
    rec_reader *rd = rec_reader_open(o->files[0], err, n);
    if (!rd)
        return -1;
    const rec_run *run = rec_reader_run(rd);
    int p = run->players > 0 ? run->players : game_default_players(o->game);
    rec_reader_close(rd);
    return p;
}

int train_data_read(const train_opts *o, train_set *d, train_result *r, char *err, size_t n)
{
    const game_def *g = o->game;
    memset(d, 0, sizeof *d);
    if (!g->nn) {
        snprintf(err, n, "game %s has no network features (game.h's nn)", g->name);
        return -1;
    }
    int p = o->players ? o->players : first_players(o, err, n);
    if (p < 0)
        return -1;
    d->g = g;
    d->persp = p;
    d->nout = nn_outputs(p);
    reader_ctx *c = calloc(1, sizeof *c);
    rec_game *rg = malloc(sizeof *rg);
    int rc = -1;
    if (!c || !rg) {
        snprintf(err, n, "out of memory");
        goto done;
    }
    c->o = o;
    c->d = d;
    xoshiro_seed(&c->rng, seed_mix(o->seed, 0x726573657276ULL));
    if (g->tuning && g->tuning->default_weights) {
        uint32_t crc;
        char why[400];
        c->linear = !gweights_load(g, GWEIGHTS_DEFAULT, c->weights, &crc, why, sizeof why);
        if (!c->linear && o->warn) {
            char msg[500];
            snprintf(msg, sizeof msg, "no linear baseline: %s", why);
            o->warn(o->ctx, msg);
        }
    }
    rec_dedup seen = { 0 };
    rc = 0;
    for (int f = 0; !rc && f < o->nfiles; f++)
        rc = read_file(c, o->files[f], &seen, rg, r, err, n);
    r->duplicates = seen.dropped;
    rec_dedup_free(&seen);
    if (!rc) {
        for (size_t i = 0; i < d->n; i++)
            r->val_positions += d->held[i];
        r->positions = d->n;
        r->train_positions = d->n - r->val_positions;
        if (!r->train_positions || !r->val_positions) {
            snprintf(err, n, "too few positions: %zu for training and %zu held out from %llu games of %d seats",
                     r->train_positions, r->val_positions, (unsigned long long)r->games, p);
            rc = -1;
        }
    }
done:
    free(c);
    free(rg);
    if (rc)
        train_data_free(d);
    return rc;
}

/* ---- losses and scales ---- */

double train_xent(const float *z, const float *target, int nout)
{
    if (nout == 1) {
        double x = z[0], t = target[0];
        /* -(t log s + (1-t) log(1-s)) with s = sigmoid(x), stably */
        return (x > 0 ? x : 0) - x * t + log1p(exp(-fabs(x)));
    }
    double top = -HUGE_VAL, sum = 0, loss = 0;
    for (int k = 0; k < nout; k++)
        top = fmax(top, (double)z[k]);
    for (int k = 0; k < nout; k++)
        sum += exp((double)z[k] - top);
    double lse = top + log(sum);
    for (int k = 0; k < nout; k++)
        loss -= (double)target[k] * ((double)z[k] - lse);
    return loss;
}

/* The mean loss of v / K against target over the rows held (or not),
 * rows whose value is NaN left out. */
static double scale_loss(const train_set *d, const float *v, int stride, const float *target, double k, bool held)
{
    double sum = 0;
    size_t count = 0;
    float z[NN_PERSP_MAX];
    for (size_t i = 0; i < d->n; i++) {
        if (d->held[i] != held)
            continue;
        const float *row = v + i * (size_t)stride;
        if (isnan(row[0]))
            continue;
        if (d->nout == 1)
            z[0] = (float)(row[0] / k);
        else
            for (int q = 0; q < d->nout; q++)
                z[q] = (float)(row[q] / k);
        if (!isfinite(z[0]))
            return NAN;
        sum += train_xent(z, target + i * (size_t)d->nout, d->nout);
        count++;
    }
    return count ? sum / (double)count : NAN;
}

double train_fit_scale(const train_set *d, const float *v, int stride, const float *target, double *train_loss,
                       double *val_loss)
{
    /* golden-section search on log K over [1e-3, 1e6] */
    double lo = log(1e-3), hi = log(1e6), gr = (sqrt(5) - 1) / 2;
    double a = hi - gr * (hi - lo), b = lo + gr * (hi - lo);
    double fa = scale_loss(d, v, stride, target, exp(a), false), fb = scale_loss(d, v, stride, target, exp(b), false);
    if (isnan(fa) || isnan(fb)) {
        *train_loss = *val_loss = NAN;
        return NAN;
    }
    for (int it = 0; it < 80; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - gr * (hi - lo);
            fa = scale_loss(d, v, stride, target, exp(a), false);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + gr * (hi - lo);
            fb = scale_loss(d, v, stride, target, exp(b), false);
        }
    }
    double k = exp((lo + hi) / 2);
    *train_loss = scale_loss(d, v, stride, target, k, false);
    *val_loss = scale_loss(d, v, stride, target, k, true);
    return k;
}
