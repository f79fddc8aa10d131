/* train_label.c — search labels for training (train.h): every position
 * scored by a searching player, the scores made probabilities by the
 * logistic fitted to the results, blended into the labels; and a cache of
 * the scores, since they cost far more than the fit (about a millisecond a
 * position at 2,000 nodes) and do not change from one training to the next.
 *
 * The cache (--label-cache FILE) is the scores of one set of positions by
 * one player: the marker "triadlbl", the count (u64), the player spec
 * (u32 length and its bytes), one CRC-32 over every position's state in
 * order, the scores (count f32), and a CRC-32 of all before it, all
 * little-endian.  A cache of other positions or another player is not
 * used (and is replaced); a damaged one is refused. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/buf.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "core/prng.h"
#include "engine/players.h"
#include "train.h"

typedef struct label_job {
    const train_opts *o;
    train_set *d;
    int thread, threads;
    uint64_t done;
    char err[300];
    int rc;
    pthread_mutex_t *lock;
} label_job;

static void *label_thread(void *arg)
{
    label_job *j = arg;
    const game_def *g = j->d->g;
    gplayer *pl = gplayer_new(g, j->o->search_spec, j->err, sizeof j->err);
    if (!pl) {
        j->rc = -1;
        return NULL;
    }
    for (size_t i = (size_t)j->thread; i < j->d->n; i += (size_t)j->threads) {
        const void *s = j->d->states + i * g->state_size;
        game_search_report rep;
        gplayer_choose(pl, s, seed_mix(j->o->seed ^ 0x6c6162656cULL, i));
        j->d->search[i] = gplayer_report(pl, &rep) ? (float)rep.score : NAN;
        if (isnan(j->d->search[i])) {
            snprintf(j->err, sizeof j->err, "player '%.200s' reports no score to label positions with",
                     j->o->search_spec);
            j->rc = -1;
            break;
        }
        if (++j->done % 256 == 0 && j->thread == 0 && j->o->progress) {
            pthread_mutex_lock(j->lock);
            j->o->progress(j->o->ctx, "labelling", j->done * (uint64_t)j->threads, j->d->n, NAN);
            pthread_mutex_unlock(j->lock);
        }
    }
    gplayer_free(pl);
    return NULL;
}

/* Every position's score into d->search, on o->threads threads (each
 * position's search is seeded by its index, so the scores do not depend on
 * the thread count). */
static int score_all(const train_opts *o, train_set *d, char *err, size_t n)
{
    int threads = o->threads > 0 ? o->threads : 1;
    label_job jobs[64];
    pthread_t tid[64];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    if (threads > 64)
        threads = 64;
    int started = 0, rc = 0;
    for (int t = 0; t < threads; t++)
        jobs[t] = (label_job){ .o = o, .d = d, .thread = t, .threads = threads, .lock = &lock };
    while (started < threads && !pthread_create(&tid[started], NULL, label_thread, &jobs[started]))
        started++;
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (started < threads) {
        snprintf(err, n, "cannot start %d threads", threads);
        rc = -1;
    }
    for (int t = 0; t < started && !rc; t++)
        if (jobs[t].rc) {
            snprintf(err, n, "%s", jobs[t].err);
            rc = -1;
        }
    return rc;
}

/* ---- the cache ---- */

static uint32_t states_crc(const train_set *d)
{
    return fio_crc32(0, d->states, d->n * d->g->state_size);
}

/* The cache's bytes for d's scores by spec. */
static void cache_bytes(const train_set *d, const char *spec, buf *b)
{
    buf_put(b, "triadlbl", 8);
    uint8_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = (uint8_t)((uint64_t)d->n >> (8 * i));
    buf_put(b, w, 8);
    put_u32le(w, (uint32_t)strlen(spec));
    buf_put(b, w, 4);
    buf_put(b, spec, strlen(spec));
    put_u32le(w, states_crc(d));
    buf_put(b, w, 4);
    for (size_t i = 0; i < d->n; i++) {
        uint32_t u;
        memcpy(&u, &d->search[i], 4);
        put_u32le(w, u);
        buf_put(b, w, 4);
    }
    put_u32le(w, fio_crc32(0, b->data, b->len));
    buf_put(b, w, 4);
}

/* 1 when path holds the scores of d's positions by spec (read into
 * d->search), 0 when it holds others or does not exist, -1 (err) when it
 * cannot be read or is damaged. */
static int cache_load(const char *path, const train_set *d, const char *spec, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    buf want = { 0 };
    size_t len = 8 + 8 + 4 + strlen(spec) + 4 + 4 * d->n + 4;
    unsigned char *got = malloc(len + 1);
    size_t k = got ? fread(got, 1, len + 1, f) : 0;
    fclose(f);
    int rc = 0;
    if (!got) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    if (k < 8 || memcmp(got, "triadlbl", 8)) {
        snprintf(err, n, "%s: not a label cache", MSG_PATH(path));
        rc = -1;
    } else if (k == len && fio_crc32(0, got, len - 4) != get_u32le(got + len - 4)) {
        snprintf(err, n, "%s: corrupt label cache (its CRC-32 does not match)", MSG_PATH(path));
        rc = -1;
    } else if (k == len) {
        cache_bytes(d, spec, &want); /* the header it must have: the scores are what is read */
        size_t head = 8 + 8 + 4 + strlen(spec) + 4;
        if (!want.failed && !memcmp(want.data, got, head)) {
            for (size_t i = 0; i < d->n; i++) {
                uint32_t u = get_u32le(got + head + 4 * i);
                memcpy(&d->search[i], &u, 4);
            }
            rc = 1;
        }
    }
    buf_free(&want);
    free(got);
    return rc;
}

static int cache_save(const char *path, const train_set *d, const char *spec, char *err, size_t n)
{
    buf b = { 0 };
    cache_bytes(d, spec, &b);
    fio_out o;
    int rc = b.failed ? -1 : fio_out_begin(&o, path, true, err, n);
    if (b.failed)
        snprintf(err, n, "out of memory");
    else if (!rc && fwrite(b.data, 1, b.len, o.f) != b.len) {
        snprintf(err, n, "cannot write %s", MSG_PATH(path));
        fio_out_abort(&o);
        rc = -1;
    } else if (!rc)
        rc = fio_out_commit(&o, err, n);
    buf_free(&b);
    return rc;
}

/* ---- the scale and the blend ---- */

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The logistic's scale for the scores, fitted to the results on the
 * training rows whose score is not decisive.  A search that proves a win
 * scores far beyond any evaluation (TZAAR's 30,000 less the plies, Connect
 * Four's 1,000,000), and those, against results that a weak player then
 * lost anyway, pulled the fit to a scale twenty times the evaluation's: a
 * score counts as decisive above half the largest one when at most half
 * the rows are beyond that (the proven ones cluster at the top), else
 * above the 90th percentile.  Decisive rows get 0 or 1 whatever the scale. */
static double search_scale(const train_set *d, char *err, size_t n)
{
    float *absv = malloc(sizeof *absv * (d->n ? d->n : 1)), *kept = malloc(sizeof *kept * (d->n ? d->n : 1));
    if (!absv || !kept) {
        free(absv);
        free(kept);
        snprintf(err, n, "out of memory");
        return NAN;
    }
    size_t m = 0;
    for (size_t i = 0; i < d->n; i++)
        if (!d->held[i])
            absv[m++] = fabsf(d->search[i]);
    qsort(absv, m, sizeof *absv, cmp_float);
    float top = m ? absv[m - 1] : 0, cut = top / 2;
    if (m && absv[(m - 1) / 2] > cut)
        cut = absv[(m - 1) * 9 / 10];
    for (size_t i = 0; i < d->n; i++)
        kept[i] = fabsf(d->search[i]) <= cut ? d->search[i] : NAN;
    double tl, vl, k = train_fit_scale(d, kept, 1, d->result, &tl, &vl);
    free(absv);
    free(kept);
    if (!isfinite(k))
        snprintf(err, n, "the search scores do not fit the results");
    return k;
}

int train_data_label(const train_opts *o, train_set *d, train_result *r, char *err, size_t n)
{
    r->search_scale = NAN;
    if (!o->search_spec[0])
        return 0;
    if (d->persp != 2) {
        snprintf(err, n, "search labels need a game of two seats (a search scores one seat's side; this is %d)",
                 d->persp);
        return -1;
    }
    if (!(d->search = malloc(sizeof *d->search * (d->n ? d->n : 1)))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    int cached = o->label_cache ? cache_load(o->label_cache, d, o->search_spec, err, n) : 0;
    if (cached < 0 || (!cached && score_all(o, d, err, n)))
        return -1;
    r->label_cached = cached == 1;
    if (!cached && o->label_cache && cache_save(o->label_cache, d, o->search_spec, err, n))
        return -1;
    if (!isfinite(r->search_scale = search_scale(d, err, n)))
        return -1;
    for (size_t i = 0; i < d->n; i++) {
        double s = 1 / (1 + exp(-(double)d->search[i] / r->search_scale));
        d->target[i] = (float)((1 - o->blend) * d->result[i] + o->blend * s);
    }
    return 0;
}
