/* train_fit.c — fitting the network to the training positions (train.h).
 *
 * Threads: a pool whose every job is run by all threads at once, each
 * taking its own part (thread t of T); the main thread is thread 0.  A
 * batch is three jobs: the TRAIN_SHARDS pieces' gradients (piece s by
 * thread s mod T, each into its own buffers), their sum in piece order
 * (parameters split between threads), and the optimiser's step (the same
 * split).  No sum depends on T, so neither does any bit of the result.
 *
 * The first layer's gradient is sparse: a piece adds only the rows of the
 * features it saw, and marks them; the sum visits the marked rows.  The
 * optimiser's step is dense (Adam's moments decay for every parameter at
 * every step, as Adam is defined). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/prng.h"
#include "train.h"

#define VAL_CHUNKS 64

typedef struct pool pool;
typedef void (*job_fn)(void *arg, int t, int nthreads);
typedef struct worker_arg {
    pool *p;
    int t;
} worker_arg;
struct pool {
    int n;
    pthread_t tid[64];
    worker_arg args[64];
    pthread_mutex_t gate; /* held while the threads are started and n settled */
    pthread_barrier_t start, done;
    job_fn fn;
    void *arg;
    bool quit;
};

static void *pool_worker(void *arg)
{
    worker_arg *w = arg;
    pool *p = w->p;
    pthread_mutex_lock(&p->gate);
    pthread_mutex_unlock(&p->gate);
    for (;;) {
        pthread_barrier_wait(&p->start);
        if (p->quit)
            return NULL;
        p->fn(p->arg, w->t, p->n);
        pthread_barrier_wait(&p->done);
    }
}

/* As many threads as start, up to want (the result does not depend on how
 * many): they wait at the gate until the barriers are made for that count. */
static void pool_start(pool *p, int want)
{
    want = want < 1 ? 1 : want > 64 ? 64 : want;
    pthread_mutex_init(&p->gate, NULL);
    pthread_mutex_lock(&p->gate);
    for (p->n = 1; p->n < want; p->n++) {
        p->args[p->n] = (worker_arg){ p, p->n };
        if (pthread_create(&p->tid[p->n], NULL, pool_worker, &p->args[p->n]))
            break;
    }
    pthread_barrier_init(&p->start, NULL, (unsigned)p->n);
    pthread_barrier_init(&p->done, NULL, (unsigned)p->n);
    pthread_mutex_unlock(&p->gate);
}

static void pool_stop(pool *p)
{
    p->quit = true;
    pthread_barrier_wait(&p->start);
    for (int t = 1; t < p->n; t++)
        pthread_join(p->tid[t], NULL);
    pthread_barrier_destroy(&p->start);
    pthread_barrier_destroy(&p->done);
    pthread_mutex_destroy(&p->gate);
}

static void pool_run(pool *p, job_fn fn, void *arg)
{
    p->fn = fn;
    p->arg = arg;
    pthread_barrier_wait(&p->start);
    fn(arg, 0, p->n);
    pthread_barrier_wait(&p->done);
}

typedef struct fit {
    const train_opts *o;
    const train_set *d;
    nn_model *m;
    const game_def *g;
    size_t w1n;                  /* first-layer weights: ninputs x h */
    size_t rest;                 /* the parameters after them */
    float *gw1[TRAIN_SHARDS];    /* per piece: the first layer's gradient rows */
    uint8_t *mark[TRAIN_SHARDS]; /* per piece: the rows it touched */
    float *grest[TRAIN_SHARDS];  /* per piece: the rest's gradient */
    double loss[TRAIN_SHARDS];
    uint8_t *used;               /* rows of grad's first layer that are not zero */
    float *grad, *m1, *m2;       /* the batch's gradient; the optimiser's moments */
    size_t *order, ntrain, *val, nval;
    size_t start, len;           /* the batch: order[start .. start + len) */
    int epoch;
    long step;
    double lr, clip1;
    double val_part[VAL_CHUNKS];
} fit;

static float clip01(float v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Which image of position i this epoch shows (0: as recorded). */
static int image_of(const fit *f, size_t i)
{
    const game_nn *nn = f->g->nn;
    if (!f->o->augment || nn->nsymmetries < 2 || f->epoch < 0)
        return 0;
    return (int)(seed_mix(seed_mix(f->o->seed, 0x696d616765ULL + (uint64_t)f->epoch), i) %
                 (uint64_t)nn->nsymmetries);
}

/* The scratch of one position's pass. */
typedef struct pass {
    unsigned char img[GAME_STATE_MAX];
    uint16_t feat[NN_PERSP_MAX][GAME_NN_ACTIVE_MAX];
    int count[NN_PERSP_MAX];
    float acc[NN_PERSP_MAX * NN_H_MAX], x[NN_PERSP_MAX * NN_H_MAX], dx[NN_PERSP_MAX * NN_H_MAX];
    float s2[NN_L2_MAX], y[NN_L2_MAX], dy[NN_L2_MAX], z[NN_PERSP_MAX], dz[NN_PERSP_MAX];
} pass;

/* The forward pass of position i; the loss against its label. */
static double forward(const fit *f, size_t i, pass *ps)
{
    const nn_model *m = f->m;
    const nn_shape *sh = &m->shape;
    const train_set *d = f->d;
    const game_def *g = f->g;
    const void *s = d->states + i * g->state_size;
    int k = image_of(f, i);
    if (k) {
        g->nn->image(s, k, ps->img);
        s = ps->img;
    }
    int h = sh->h, in = sh->persp * h, t = g->to_act(s);
    for (int q = 0; q < sh->persp; q++) {
        ps->count[q] = g->nn->active(s, (t + q) % sh->persp, ps->feat[q]);
        float *a = ps->acc + q * h;
        memcpy(a, m->b1, sizeof *a * (size_t)h);
        for (int j = 0; j < ps->count[q]; j++) {
            const float *w = m->w1 + (size_t)ps->feat[q][j] * (size_t)h;
            for (int u = 0; u < h; u++)
                a[u] += w[u];
        }
        for (int u = 0; u < h; u++)
            ps->x[q * h + u] = clip01(a[u]);
    }
    for (int j = 0; j < sh->l2; j++) {
        const float *w = m->w2 + (size_t)j * (size_t)in;
        float sum = m->b2[j];
        for (int u = 0; u < in; u++)
            sum += w[u] * ps->x[u];
        ps->s2[j] = sum;
        ps->y[j] = clip01(sum);
    }
    for (int o = 0; o < sh->nout; o++) {
        float sum = m->b3[o];
        for (int j = 0; j < sh->l2; j++)
            sum += m->w3[o * sh->l2 + j] * ps->y[j];
        ps->z[o] = sum;
    }
    /* A residual network's prediction is the linear evaluation's logit
     * plus its own: the linear value of each seat over the fitted scale. */
    if (m->flags & NN_FLAG_LINEAR)
        for (int o = 0; o < sh->nout; o++)
            ps->z[o] += d->linear[i * (size_t)sh->persp + (size_t)o] / m->scale;
    return train_xent(ps->z, d->target + i * (size_t)d->nout, d->nout);
}

/* The backward pass of the position forward() last saw, into piece p's
 * buffers. */
static void backward(fit *f, size_t i, pass *ps, int p)
{
    const nn_model *m = f->m;
    const nn_shape *sh = &m->shape;
    const float *target = f->d->target + i * (size_t)f->d->nout;
    int h = sh->h, in = sh->persp * h, l2 = sh->l2;
    if (sh->nout == 1) {
        ps->dz[0] = (float)(1 / (1 + exp(-(double)ps->z[0]))) - target[0];
    } else {
        float top = ps->z[0], sum = 0;
        for (int o = 1; o < sh->nout; o++)
            top = fmaxf(top, ps->z[o]);
        for (int o = 0; o < sh->nout; o++)
            sum += ps->dz[o] = expf(ps->z[o] - top);
        for (int o = 0; o < sh->nout; o++)
            ps->dz[o] = ps->dz[o] / sum - target[o];
    }
    /* the rest's gradient: b1 [h], w2 [l2][in], b2 [l2], w3 [nout][l2], b3 [nout] */
    float *gb1 = f->grest[p], *gw2 = gb1 + h, *gb2 = gw2 + (size_t)l2 * (size_t)in, *gw3 = gb2 + l2,
          *gb3 = gw3 + sh->nout * l2;
    for (int j = 0; j < l2; j++)
        ps->dy[j] = 0;
    for (int o = 0; o < sh->nout; o++) {
        gb3[o] += ps->dz[o];
        for (int j = 0; j < l2; j++) {
            gw3[o * l2 + j] += ps->dz[o] * ps->y[j];
            ps->dy[j] += ps->dz[o] * m->w3[o * l2 + j];
        }
    }
    memset(ps->dx, 0, sizeof *ps->dx * (size_t)in);
    for (int j = 0; j < l2; j++) {
        float ds = ps->s2[j] > 0 && ps->s2[j] < 1 ? ps->dy[j] : 0;
        if (ds == 0)
            continue;
        gb2[j] += ds;
        float *gw = gw2 + (size_t)j * (size_t)in;
        const float *w = m->w2 + (size_t)j * (size_t)in;
        for (int u = 0; u < in; u++) {
            gw[u] += ds * ps->x[u];
            ps->dx[u] += ds * w[u];
        }
    }
    for (int q = 0; q < sh->persp; q++) {
        float *da = ps->dx + q * h;
        const float *a = ps->acc + q * h;
        for (int u = 0; u < h; u++) {
            da[u] = a[u] > 0 && a[u] < 1 ? da[u] : 0;
            gb1[u] += da[u];
        }
        for (int j = 0; j < ps->count[q]; j++) {
            uint16_t row = ps->feat[q][j];
            float *gw = f->gw1[p] + (size_t)row * (size_t)h;
            f->mark[p][row] = 1;
            for (int u = 0; u < h; u++)
                gw[u] += da[u];
        }
    }
}

static void job_pieces(void *arg, int t, int nt)
{
    fit *f = arg;
    pass *ps = malloc(sizeof *ps);
    if (!ps)
        abort(); /* a few kilobytes: the machine is out of memory (train_fit checks a large allocation first) */
    for (int p = t; p < TRAIN_SHARDS; p += nt) {
        size_t a = f->start + f->len * (size_t)p / TRAIN_SHARDS, b = f->start + f->len * (size_t)(p + 1) / TRAIN_SHARDS;
        double loss = 0;
        for (size_t k = a; k < b; k++) {
            size_t i = f->order[k];
            loss += forward(f, i, ps);
            backward(f, i, ps, p);
        }
        f->loss[p] = loss;
    }
    free(ps);
}

static void job_sum(void *arg, int t, int nt)
{
    fit *f = arg;
    const nn_shape *sh = &f->m->shape;
    float inv = 1.0f / (float)f->len;
    size_t h = (size_t)sh->h, rows = (size_t)sh->ninputs;
    for (size_t r = rows * (size_t)t / (size_t)nt; r < rows * (size_t)(t + 1) / (size_t)nt; r++) {
        bool any = false;
        for (int p = 0; p < TRAIN_SHARDS; p++)
            any |= f->mark[p][r];
        float *g = f->grad + r * h;
        if (!any) {
            if (f->used[r])
                memset(g, 0, sizeof *g * h);
            f->used[r] = 0;
            continue;
        }
        memset(g, 0, sizeof *g * h);
        for (int p = 0; p < TRAIN_SHARDS; p++) {
            if (!f->mark[p][r])
                continue;
            float *src = f->gw1[p] + r * h;
            for (size_t u = 0; u < h; u++)
                g[u] += src[u];
            memset(src, 0, sizeof *src * h);
            f->mark[p][r] = 0;
        }
        for (size_t u = 0; u < h; u++)
            g[u] *= inv;
        f->used[r] = 1;
    }
    for (size_t j = f->rest * (size_t)t / (size_t)nt; j < f->rest * (size_t)(t + 1) / (size_t)nt; j++) {
        float sum = 0;
        for (int p = 0; p < TRAIN_SHARDS; p++) {
            sum += f->grest[p][j];
            f->grest[p][j] = 0;
        }
        f->grad[f->w1n + j] = sum * inv;
    }
}

/* The bound of parameter j (its integer form: nnue.h). */
static double bound_of(const fit *f, size_t j)
{
    const nn_model *m = f->m;
    const float *p = m->params + j;
    if (p < m->w2)
        return f->clip1;
    if (p < m->b2)
        return NN_W2_MAX * 0.999;
    if (p < m->w3)
        return 1000;
    if (p < m->b3)
        return 15;
    return 1000;
}

static bool is_weight(const nn_model *m, size_t j)
{
    const float *p = m->params + j;
    return p < m->b1 || (p >= m->w2 && p < m->b2) || (p >= m->w3 && p < m->b3);
}

static void job_step(void *arg, int t, int nt)
{
    fit *f = arg;
    const train_opts *o = f->o;
    nn_model *m = f->m;
    size_t n = m->nparams;
    double b1 = 0.9, b2 = 0.999, c1 = 1 - pow(b1, (double)f->step), c2 = 1 - pow(b2, (double)f->step);
    for (size_t j = n * (size_t)t / (size_t)nt; j < n * (size_t)(t + 1) / (size_t)nt; j++) {
        double g = f->grad[j] + (o->l2_penalty > 0 && is_weight(m, j) ? o->l2_penalty * m->params[j] : 0);
        double v;
        if (o->optimizer == TRAIN_SGD) {
            f->m1[j] = (float)(o->momentum * f->m1[j] + g);
            v = m->params[j] - f->lr * f->m1[j];
        } else {
            f->m1[j] = (float)(b1 * f->m1[j] + (1 - b1) * g);
            f->m2[j] = (float)(b2 * f->m2[j] + (1 - b2) * g * g);
            v = m->params[j] - f->lr * (f->m1[j] / c1) / (sqrt(f->m2[j] / c2) + 1e-8);
        }
        double b = bound_of(f, j);
        m->params[j] = (float)(v > b ? b : v < -b ? -b : v);
    }
}

static void job_val(void *arg, int t, int nt)
{
    fit *f = arg;
    pass *ps = malloc(sizeof *ps);
    if (!ps)
        abort();
    for (int c = t; c < VAL_CHUNKS; c += nt) {
        double sum = 0;
        for (size_t k = f->nval * (size_t)c / VAL_CHUNKS; k < f->nval * (size_t)(c + 1) / VAL_CHUNKS; k++)
            sum += forward(f, f->val[k], ps);
        f->val_part[c] = sum;
    }
    free(ps);
}

static double val_loss(fit *f, pool *p)
{
    int epoch = f->epoch;
    f->epoch = -1; /* no images */
    pool_run(p, job_val, f);
    f->epoch = epoch;
    double sum = 0;
    for (int c = 0; c < VAL_CHUNKS; c++)
        sum += f->val_part[c];
    return sum / (double)f->nval;
}

static void seeded_start(nn_model *m, const game_def *g, uint64_t seed)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, seed_mix(seed, 0x696e6974ULL));
    const nn_shape *s = &m->shape;
    double a1 = 0.3 * sqrt(3.0 / (g->nn->max_active * 0.8)), in = s->persp * s->h;
    double a2 = sqrt(6.0 / (in + s->l2)), a3 = sqrt(6.0 / (s->l2 + s->nout));
    for (size_t j = 0; j < m->nparams; j++) {
        double u = (double)(xoshiro_next(&rng) >> 11) * 0x1p-53 * 2 - 1;
        const float *p = m->params + j;
        m->params[j] = (float)(p < m->b1 ? a1 * u : p < m->w2 ? 0.5 : p < m->b2 ? a2 * u : p < m->w3 ? 0.1 : p < m->b3 ? a3 * u : 0);
    }
}

static void shuffle(size_t *a, size_t n, uint64_t seed)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)xoshiro_below(&rng, i);
        size_t x = a[i - 1];
        a[i - 1] = a[j];
        a[j] = x;
    }
}

static void fit_free(fit *f)
{
    for (int p = 0; p < TRAIN_SHARDS; p++) {
        free(f->gw1[p]);
        free(f->mark[p]);
        free(f->grest[p]);
    }
    free(f->used);
    free(f->grad);
    free(f->m1);
    free(f->m2);
    free(f->order);
    free(f->val);
}

static int fit_alloc(fit *f, char *err, size_t n)
{
    const nn_shape *s = &f->m->shape;
    f->w1n = (size_t)s->ninputs * (size_t)s->h;
    f->rest = f->m->nparams - f->w1n;
    bool ok = true;
    for (int p = 0; p < TRAIN_SHARDS; p++) {
        ok &= (f->gw1[p] = calloc(f->w1n, sizeof(float))) != NULL;
        ok &= (f->mark[p] = calloc((size_t)s->ninputs, 1)) != NULL;
        ok &= (f->grest[p] = calloc(f->rest, sizeof(float))) != NULL;
    }
    ok &= (f->used = calloc((size_t)s->ninputs, 1)) != NULL;
    ok &= (f->grad = calloc(f->m->nparams, sizeof(float))) != NULL;
    ok &= (f->m1 = calloc(f->m->nparams, sizeof(float))) != NULL;
    ok &= (f->m2 = calloc(f->m->nparams, sizeof(float))) != NULL;
    ok &= (f->order = malloc(sizeof(size_t) * (f->d->n + 1))) != NULL;
    ok &= (f->val = malloc(sizeof(size_t) * (f->d->n + 1))) != NULL;
    if (!ok)
        snprintf(err, n, "out of memory for the optimiser's buffers");
    return ok ? 0 : -1;
}

/* One epoch over the training positions; its mean loss. */
static double epoch_pass(fit *f, pool *pl)
{
    const train_opts *o = f->o;
    shuffle(f->order, f->ntrain, seed_mix(o->seed, 0x65706f6368ULL + (uint64_t)f->epoch));
    f->lr = o->lr * pow(o->lr_decay, f->epoch);
    double total = 0, t0 = clock_seconds(), shown = t0;
    size_t seen = 0, batch = (size_t)o->batch;
    for (f->start = 0; f->start < f->ntrain; f->start += batch) {
        f->len = f->ntrain - f->start < batch ? f->ntrain - f->start : batch;
        pool_run(pl, job_pieces, f);
        for (int p = 0; p < TRAIN_SHARDS; p++)
            total += f->loss[p];
        seen += f->len;
        pool_run(pl, job_sum, f);
        f->step++;
        pool_run(pl, job_step, f);
        double now = clock_seconds();
        if (o->progress && now - shown >= 0.5) {
            shown = now;
            char stage[64];
            snprintf(stage, sizeof stage, "epoch %d/%d", f->epoch + 1, o->epochs);
            o->progress(o->ctx, stage, seen, f->ntrain, total / (double)seen);
        }
    }
    return total / (double)f->ntrain;
}

int train_fit(const train_opts *o, const train_set *d, nn_model *m, train_result *r, char *err, size_t n)
{
    fit *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    f->o = o;
    f->d = d;
    f->m = m;
    f->g = d->g;
    f->clip1 = (INT16_MAX / (double)NN_QACC) * 0.98 / (d->g->nn->max_active + 1);
    int rc = -1;
    nn_model best = { 0 };
    pool pl = { 0 };
    if (fit_alloc(f, err, n))
        goto done;
    if (!o->init)
        seeded_start(m, d->g, o->seed);
    for (size_t i = 0; i < d->n; i++)
        if (d->held[i])
            f->val[f->nval++] = i;
        else
            f->order[f->ntrain++] = i;
    pool_start(&pl, o->threads);
    double best_val = HUGE_VAL;
    int since = 0;
    r->best_epoch = -1;
    for (f->epoch = 0; f->epoch < o->epochs; f->epoch++) {
        double tl = epoch_pass(f, &pl), vl = val_loss(f, &pl);
        r->epoch_train[f->epoch] = tl;
        r->epoch_val[f->epoch] = vl;
        r->epochs = f->epoch + 1;
        if (o->progress) {
            char stage[64];
            snprintf(stage, sizeof stage, "epoch %d/%d held-out", f->epoch + 1, o->epochs);
            o->progress(o->ctx, stage, f->ntrain, f->ntrain, vl);
        }
        if (vl < best_val) {
            best_val = vl;
            r->best_epoch = f->epoch;
            r->train_loss = tl;
            r->val_loss = vl;
            nn_model_free(&best);
            if (nn_model_copy(&best, m, err, n))
                goto stop;
            since = 0;
        } else if (++since >= o->patience) {
            break;
        }
    }
    if (r->best_epoch < 0) {
        snprintf(err, n, "the held-out loss is not a number (a learning rate too high?)");
        goto stop;
    }
    memcpy(m->params, best.params, sizeof *m->params * m->nparams);
    rc = 0;
stop:
    pool_stop(&pl);
done:
    nn_model_free(&best);
    fit_free(f);
    free(f);
    return rc;
}
