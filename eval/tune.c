/* tune.c — see tune.h and docs/tuning.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/replay.h"
#include "core/clock.h"
#include "core/prng.h"
#include "records/dedup.h"
#include "records/record.h"
#include "core/msg.h"
#include "logistic.h"
#include "tune.h"

/* A uniform sample (reservoir) of feature rows: exactly k doubles (the
 * game's features) per position plus its label. */
typedef struct sample_set {
    size_t n, cap, k;
    uint64_t seen;
    double *x, *y;
    uint32_t *game, current; /* each row's game (its cluster), the game being read */
    const game_def *def;
    xoshiro256 *rng;      /* shared by the training and validation sets */
} sample_set;

static int sample_init(sample_set *s, size_t cap, const game_def *g, xoshiro256 *rng)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->def = g;
    s->k = (size_t)g->tuning->nfeatures;
    s->rng = rng;
    s->x = malloc(sizeof(double) * s->k * (cap ? cap : 1));
    s->y = malloc(sizeof(double) * (cap ? cap : 1));
    s->game = malloc(sizeof(uint32_t) * (cap ? cap : 1));
    return s->x && s->y && s->game ? 0 : -1;
}

static void sample_free(sample_set *s)
{
    free(s->x);
    free(s->y);
    free(s->game);
}

double tune_label(const double scores[GAME_MAX_PLAYERS], int players, int seat)
{
    double sum = 0;
    for (int i = 0; i < players; i++)
        sum += scores[i];
    return sum != 0 ? scores[seat] / sum : 1.0 / players;
}

/* Offers a position; its features are computed only when it is kept. */
static void sample_offer(const void *state, int seat, double label, void *ctx)
{
    sample_set *s = ctx;
    size_t row;
    s->seen++;
    if (s->n < s->cap)
        row = s->n++;
    else if ((row = (size_t)xoshiro_below(s->rng, s->seen)) >= s->cap)
        return;
    s->y[row] = label;
    s->game[row] = s->current;
    s->def->tuning->features(state, seat, s->x + row * s->k);
}

typedef struct tune_walk {
    const game_def *g;
    int nactions, players;
    const double *scores;
    tune_filter *f;
    void (*offer)(const void *state, int seat, double label, void *ctx);
    void *ctx;
    uint64_t offered;
} tune_walk;

/* One position of the game: offered unless a filter drops it. */
static int tune_position(void *ctx, const void *state, int j)
{
    tune_walk *w = ctx;
    const game_def *g = w->g;
    tune_filter *f = w->f;
    bool take = g->tuning && g->tuning->tune_sample ? g->tuning->tune_sample(state) : !g->over(state);
    if (take && f && f->skip_last > 0 && w->nactions - j <= f->skip_last) {
        f->last++;
        take = false;
    }
    if (take && g->tuning && g->tuning->tune_quiet && !(f && f->keep_decided) && !g->tuning->tune_quiet(state)) {
        if (f)
            f->decided++;
        take = false;
    }
    if (take) {
        int seat = g->to_act(state);
        w->offer(state, seat, tune_label(w->scores, w->players, seat), w->ctx);
        w->offered++;
    }
    return 0;
}

uint64_t tune_game(const game_def *g, const void *start, const game_action *actions, int nactions,
                   const double scores[GAME_MAX_PLAYERS], tune_filter *f,
                   void (*offer)(const void *state, int seat, double label, void *ctx), void *ctx)
{
    unsigned char state[GAME_STATE_MAX];
    memcpy(state, start, g->state_size);
    tune_walk w = { g, nactions, g->players(state), scores, f, offer, ctx, 0 };
    game_replay(g, state, actions, nactions, NULL, tune_position, &w);
    return w.offered;
}

static int extract(const tune_opts *o, sample_set *train, sample_set *val, tune_result *r, char *err, size_t n)
{
    tune_filter keep = { .skip_last = o->skip_last, .keep_decided = o->keep_decided }, *filter = &keep;
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
            if (run->game != o->game) {
                snprintf(err, n, "records of different games: %s holds a %s run, not %s", MSG_PATH(o->files[f]),
                         run->game->name, o->game->name);
                rec_reader_close(rd);
                rec_dedup_free(&seen);
                return -1;
            }
            if (g.ending == 0)
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
            if (r->games > UINT32_MAX) {
                snprintf(err, n, "more than %u games: too many to tell apart", UINT32_MAX);
                rec_reader_close(rd);
                rec_dedup_free(&seen);
                return -1;
            }
            train->current = val->current = (uint32_t)r->games;
            r->candidates += tune_game(o->game, g.start, g.actions, g.nactions, g.scores, filter, sample_offer,
                                       held_out ? val : train);
            r->games++;
            if (o->progress && r->games % 1024 == 0)
                o->progress(r->games, r->candidates, o->progress_ctx);
        }
        rec_reader_close(rd);
    }
    r->duplicates = seen.dropped;
    r->skipped_decided = keep.decided;
    r->skipped_last = keep.last;
    rec_dedup_free(&seen);
    if (train->n == 0 || val->n == 0) {
        snprintf(err, n, "too few positions: %zu for training and %zu for validation from %llu games",
                 train->n, val->n, (unsigned long long)r->games);
        return -1;
    }
    return 0;
}

int tune_run(const tune_opts *o, const double *start, tune_result *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    const game_def *g = o->game;
    if (!g->tuning) {
        snprintf(err, n, "game %s has no evaluation features to tune", g->name);
        return -1;
    }
    r->nfeatures = g->tuning->nfeatures;
    memcpy(r->before, start, sizeof *start * (size_t)g->tuning->nfeatures);
    size_t val_cap = (size_t)ceil((double)o->positions * o->validation);
    xoshiro256 rng;
    xoshiro_seed(&rng, o->seed);
    sample_set train, val;
    int rc = -1;
    if (sample_init(&train, o->positions - val_cap, g, &rng) | sample_init(&val, val_cap, g, &rng)) {
        snprintf(err, n, "out of memory for %zu positions", o->positions);
        goto done;
    }
    double t0 = clock_seconds();
    if (extract(o, &train, &val, r, err, n))
        goto done;
    r->extract_seconds = clock_seconds() - t0;
    r->train_positions = train.n;
    r->validation_positions = val.n;

    logit_data td = { .n = train.n, .k = train.k, .x = train.x, .y = train.y, .cluster = train.game };
    logit_data vd = { .n = val.n, .k = val.k, .x = val.x, .y = val.y, .cluster = val.game };
    if (tune_fit(&td, &vd, start, &o->fit, r, err, n))
        goto done;
    rc = 0;
done:
    sample_free(&train);
    sample_free(&val);
    return rc;
}
