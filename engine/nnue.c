/* nnue.c — the network's two forms and its passes (nnue.h); the file
 * format is nnue_file.c.
 *
 * The integer loops are written for the vectoriser: fixed-width integer
 * arrays behind restrict pointers, unit strides, h a multiple of 16 (the
 * shape check asks it), no branches inside.  gcc -O3 turns the row updates
 * into 8- or 16-lane adds and the W2 product into pmaddwd (SSE2) or
 * vpmaddwd (AVX2). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/detmath.h"
#include "nnue.h"

int nn_outputs(int persp)
{
    return persp == 2 ? 1 : persp;
}

int nn_shape_check(const nn_shape *s, char *err, size_t n)
{
    const char *bad = NULL;
    if (s->ninputs < 1 || s->ninputs > NN_INPUTS_MAX)
        bad = "inputs outside 1..65535";
    else if (s->persp < 1 || s->persp > NN_PERSP_MAX)
        bad = "perspectives outside 1..4";
    else if (s->h < 16 || s->h > NN_H_MAX || s->h % 16)
        bad = "accumulator size not a multiple of 16 within 16..512";
    else if (s->l2 < 1 || s->l2 > NN_L2_MAX)
        bad = "hidden layer outside 1..64";
    else if (s->nout != nn_outputs(s->persp))
        bad = "outputs not 1 for two perspectives or one per perspective";
    if (bad)
        snprintf(err, n, "network shape: %s", bad);
    return bad ? -1 : 0;
}

size_t nn_shape_params(const nn_shape *s)
{
    char err[80];
    if (nn_shape_check(s, err, sizeof err))
        return 0;
    size_t h = (size_t)s->h, l2 = (size_t)s->l2, in = (size_t)s->persp * h;
    return (size_t)s->ninputs * h + h + l2 * in + l2 + (size_t)s->nout * l2 + (size_t)s->nout;
}

static void model_views(nn_model *m)
{
    const nn_shape *s = &m->shape;
    float *p = m->params;
    m->w1 = p;
    p += (size_t)s->ninputs * (size_t)s->h;
    m->b1 = p;
    p += s->h;
    m->w2 = p;
    p += (size_t)s->l2 * (size_t)s->persp * (size_t)s->h;
    m->b2 = p;
    p += s->l2;
    m->w3 = p;
    p += (size_t)s->nout * (size_t)s->l2;
    m->b3 = p;
}

/* The model's memory for its shape; names and scale are the caller's. */
static int model_alloc(nn_model *m, const nn_shape *s, char *err, size_t n)
{
    memset(m, 0, sizeof *m);
    if (nn_shape_check(s, err, n))
        return -1;
    m->shape = *s;
    m->nparams = nn_shape_params(s);
    m->params = calloc(m->nparams, sizeof *m->params);
    if (!m->params) {
        snprintf(err, n, "out of memory for a network of %zu parameters", m->nparams);
        return -1;
    }
    model_views(m);
    return 0;
}

int nn_model_init(nn_model *m, const game_def *g, const nn_shape *s, char *err, size_t n)
{
    if (!g->nn) {
        memset(m, 0, sizeof *m);
        snprintf(err, n, "game %s has no network features", g->name);
        return -1;
    }
    if (s->ninputs != g->nn->ninputs) {
        memset(m, 0, sizeof *m);
        snprintf(err, n, "network shape: %d inputs, and %s's features number %d", s->ninputs, g->name,
                 g->nn->ninputs);
        return -1;
    }
    if (model_alloc(m, s, err, n))
        return -1;
    snprintf(m->game, sizeof m->game, "%s", g->name);
    snprintf(m->features, sizeof m->features, "%s", g->nn->feature_set);
    m->scale = 1;
    return 0;
}

/* Exposed to nnue_file.c through this declaration only. */
int nn_model_alloc_shape(nn_model *m, const nn_shape *s, char *err, size_t n);
int nn_model_alloc_shape(nn_model *m, const nn_shape *s, char *err, size_t n)
{
    return model_alloc(m, s, err, n);
}

void nn_model_free(nn_model *m)
{
    if (m) {
        free(m->params);
        free(m->about);
        memset(m, 0, sizeof *m);
    }
}

int nn_model_copy(nn_model *dst, const nn_model *src, char *err, size_t n)
{
    if (model_alloc(dst, &src->shape, err, n))
        return -1;
    memcpy(dst->game, src->game, sizeof dst->game);
    memcpy(dst->features, src->features, sizeof dst->features);
    dst->scale = src->scale;
    memcpy(dst->params, src->params, src->nparams * sizeof *src->params);
    if (src->about && !(dst->about = strdup(src->about))) {
        nn_model_free(dst);
        snprintf(err, n, "out of memory");
        return -1;
    }
    return 0;
}

static float clip1(float v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

void nn_model_forward(const nn_model *m, const uint16_t *const act[], const int count[], float *z)
{
    const nn_shape *s = &m->shape;
    int h = s->h, in = s->persp * h;
    float x[NN_PERSP_MAX * NN_H_MAX], y[NN_L2_MAX];
    for (int k = 0; k < s->persp; k++) {
        float *row = x + k * h;
        memcpy(row, m->b1, sizeof *row * (size_t)h);
        for (int f = 0; f < count[k]; f++) {
            const float *w = m->w1 + (size_t)act[k][f] * (size_t)h;
            for (int i = 0; i < h; i++)
                row[i] += w[i];
        }
        for (int i = 0; i < h; i++)
            row[i] = clip1(row[i]);
    }
    for (int j = 0; j < s->l2; j++) {
        const float *w = m->w2 + (size_t)j * (size_t)in;
        float sum = m->b2[j];
        for (int i = 0; i < in; i++)
            sum += w[i] * x[i];
        y[j] = clip1(sum);
    }
    for (int o = 0; o < s->nout; o++) {
        float sum = m->b3[o];
        for (int j = 0; j < s->l2; j++)
            sum += m->w3[o * s->l2 + j] * y[j];
        z[o] = sum;
    }
}

/* ---- the integer form ---- */

static bool quantise(const float *src, size_t count, double unit, long lo, long hi, int16_t *dst, float *worst)
{
    for (size_t i = 0; i < count; i++) {
        double v = (double)src[i] * unit;
        if (!(v >= lo - 0.5 && v <= hi + 0.5)) { /* NaN fails too */
            *worst = src[i];
            return false;
        }
        long q = lround(v);
        dst[i] = (int16_t)(q < lo ? lo : q > hi ? hi : q);
    }
    return true;
}

static bool quantise32(const float *src, size_t count, double unit, int32_t *dst, float *worst)
{
    for (size_t i = 0; i < count; i++) {
        double v = (double)src[i] * unit;
        if (!(fabs(v) < 1e9)) {
            *worst = src[i];
            return false;
        }
        dst[i] = (int32_t)lround(v);
    }
    return true;
}

/* 64-byte aligned pieces of one allocation. */
static void *carve(unsigned char **at, size_t bytes)
{
    void *p = *at;
    *at += (bytes + 63) & ~(size_t)63;
    return p;
}

/* Whether no accumulator can leave int16: b1 plus the max_active largest
 * rows' magnitudes, unit by unit. */
static bool accumulator_fits(const nn_net *net, int max_active, int *unit)
{
    const nn_shape *s = &net->shape;
    int top[GAME_NN_ACTIVE_MAX];
    for (int i = 0; i < s->h; i++) {
        int nt = 0;
        for (int f = 0; f < s->ninputs; f++) {
            int v = abs(net->w1[(size_t)f * (size_t)s->h + (size_t)i]);
            /* keep the max_active largest, in descending order */
            if (nt < max_active)
                nt++;
            else if (v <= top[nt - 1])
                continue;
            int k = nt - 1;
            for (; k > 0 && top[k - 1] < v; k--)
                top[k] = top[k - 1];
            top[k] = v;
        }
        long sum = abs(net->b1[i]);
        for (int k = 0; k < nt; k++)
            sum += top[k];
        if (sum > INT16_MAX) {
            *unit = i;
            return false;
        }
    }
    return true;
}

int nn_net_make(nn_net *net, const nn_model *m, const game_def *g, char *err, size_t n)
{
    memset(net, 0, sizeof *net);
    const nn_shape *s = &m->shape;
    if (nn_shape_check(s, err, n))
        return -1;
    if (!g->nn || strcmp(m->game, g->name) || strcmp(m->features, g->nn->feature_set) ||
        s->ninputs != g->nn->ninputs) {
        snprintf(err, n, "the network is for %s's features '%s', not %s's", m->game, m->features, g->name);
        return -1;
    }
    size_t h = (size_t)s->h, in = (size_t)s->persp * h, l2 = (size_t)s->l2, no = (size_t)s->nout;
    size_t sizes[6] = { (size_t)s->ninputs * h * 2, h * 2, l2 * in * 2, l2 * 4, no * l2 * 2, no * 4 }, total = 64;
    for (int i = 0; i < 6; i++)
        total += (sizes[i] + 63) & ~(size_t)63;
    unsigned char *mem = calloc(1, total);
    if (!mem) {
        snprintf(err, n, "out of memory for a network of %zu parameters", m->nparams);
        return -1;
    }
    net->mem = mem;
    unsigned char *at = (unsigned char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
    net->w1 = carve(&at, sizes[0]);
    net->b1 = carve(&at, sizes[1]);
    net->w2 = carve(&at, sizes[2]);
    net->b2 = carve(&at, sizes[3]);
    net->w3 = carve(&at, sizes[4]);
    net->b3 = carve(&at, sizes[5]);
    memcpy(net->game, m->game, sizeof net->game);
    memcpy(net->features, m->features, sizeof net->features);
    net->shape = *s;
    net->scale = m->scale;
    float worst = 0;
    const char *layer = NULL;
    if (!quantise(m->w1, (size_t)s->ninputs * h, NN_QACC, -INT16_MAX, INT16_MAX, net->w1, &worst) ||
        !quantise(m->b1, h, NN_QACC, -INT16_MAX, INT16_MAX, net->b1, &worst))
        layer = "the first layer";
    else if (!quantise(m->w2, l2 * in, NN_QB, -(long)(NN_W2_MAX * NN_QB), (long)(NN_W2_MAX * NN_QB), net->w2,
                       &worst) ||
             !quantise32(m->b2, l2, NN_QA * NN_QB, net->b2, &worst))
        layer = "the hidden layer";
    else if (!quantise(m->w3, no * l2, NN_QC, -INT16_MAX, INT16_MAX, net->w3, &worst) ||
             !quantise32(m->b3, no, NN_OUT_ONE, net->b3, &worst))
        layer = "the output layer";
    int unit = 0;
    bool fits = false;
    if (layer)
        snprintf(err, n, "a weight of %s (%g) is outside what its integer form holds", layer, (double)worst);
    else if (!(fits = accumulator_fits(net, g->nn->max_active, &unit)))
        snprintf(err, n, "accumulator unit %d could overflow 16 bits with %d features active", unit,
                 g->nn->max_active);
    if (!fits) {
        nn_net_free(net);
        return -1;
    }
    return 0;
}

void nn_net_free(nn_net *net)
{
    if (net) {
        free(net->mem);
        memset(net, 0, sizeof *net);
    }
}

int nn_net_load(nn_net *net, const char *path, const game_def *g, char *err, size_t n)
{
    nn_model m;
    uint32_t crc;
    memset(net, 0, sizeof *net);
    if (nn_model_read(&m, path, g, &crc, err, n))
        return -1;
    char why[400];
    int rc = nn_net_make(net, &m, g, why, sizeof why);
    if (rc)
        snprintf(err, n, "%.300s: %s", path, why);
    else
        net->crc = crc;
    nn_model_free(&m);
    return rc;
}

int nn_pin(const game_def *g, const char *kind, const char *path, const uint32_t *want, int players, nn_net *net,
           uint32_t *crc, char *err, size_t n)
{
    char why[600];
    if (nn_net_load(net, path, g, why, sizeof why)) {
        snprintf(err, n, "player '%s': net: %s", kind, why);
        return -1;
    }
    const char *bad = NULL;
    char text[160];
    if (want && net->crc != *want) {
        snprintf(text, sizeof text, "the network file has changed (crc32 %08x, ncrc= says %08x)", (unsigned)net->crc,
                 (unsigned)*want);
        bad = text;
    } else if (players && net->shape.persp != players) {
        snprintf(text, sizeof text, "net: a network for %d seats, and the game has %d", net->shape.persp, players);
        bad = text;
    }
    if (bad) {
        snprintf(err, n, "player '%s': %s", kind, bad);
        nn_net_free(net);
        return -1;
    }
    *crc = net->crc;
    return 0;
}

void nn_acc_refresh(const nn_net *net, int16_t *restrict row, const uint16_t *feat, int count)
{
    int h = net->shape.h;
    memcpy(row, net->b1, sizeof *row * (size_t)h);
    for (int f = 0; f < count; f++) {
        const int16_t *restrict w = net->w1 + (size_t)feat[f] * (size_t)h;
        for (int i = 0; i < h; i++)
            row[i] = (int16_t)(row[i] + w[i]);
    }
}

/* The row in tiles of 64 units, each tile held in registers (8 SSE or 4
 * AVX2 ones) while every changed feature's part of it is added: a loop
 * over the whole row per feature loaded and stored the row each time,
 * and an array tile was spilled to memory; GCC's vector types (which
 * clang has too) keep it in registers on any target.  Rows and tiles are
 * 32-byte aligned: W1's rows are h units, h a multiple of 16, from a
 * 64-byte aligned base, and so are an nn_acc's. */
typedef int16_t v16 __attribute__((vector_size(32), may_alias));
#define TILE 64

void nn_acc_update(const nn_net *net, int16_t *dst, const int16_t *src, const uint16_t *add, int nadd,
                   const uint16_t *rem, int nrem)
{
    int h = net->shape.h;
    const int16_t *w1 = net->w1;
    int c = 0;
    for (; c + TILE <= h; c += TILE) {
        const v16 *s = (const v16 *)(src + c);
        v16 t0 = s[0], t1 = s[1], t2 = s[2], t3 = s[3];
        for (int f = 0; f < nadd; f++) {
            const v16 *w = (const v16 *)(w1 + (size_t)add[f] * (size_t)h + c);
            t0 += w[0], t1 += w[1], t2 += w[2], t3 += w[3];
        }
        for (int f = 0; f < nrem; f++) {
            const v16 *w = (const v16 *)(w1 + (size_t)rem[f] * (size_t)h + c);
            t0 -= w[0], t1 -= w[1], t2 -= w[2], t3 -= w[3];
        }
        v16 *d = (v16 *)(dst + c);
        d[0] = t0, d[1] = t1, d[2] = t2, d[3] = t3;
    }
    for (; c < h; c += 16) { /* h = 16, 32 or 48 past the last whole tile */
        v16 t = *(const v16 *)(src + c);
        for (int f = 0; f < nadd; f++)
            t += *(const v16 *)(w1 + (size_t)add[f] * (size_t)h + c);
        for (int f = 0; f < nrem; f++)
            t -= *(const v16 *)(w1 + (size_t)rem[f] * (size_t)h + c);
        *(v16 *)(dst + c) = t;
    }
}

static int32_t dot16(const int16_t *restrict a, const int16_t *restrict b, int n)
{
    int32_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += (int32_t)a[i] * (int32_t)b[i];
    return sum;
}

void nn_forward(const nn_net *net, const int16_t *const row[], int32_t *z)
{
    const nn_shape *s = &net->shape;
    int h = s->h, in = s->persp * h;
    _Alignas(64) int16_t x[NN_PERSP_MAX * NN_H_MAX];
    _Alignas(64) int16_t y[NN_L2_MAX];
    for (int k = 0; k < s->persp; k++) {
        const int16_t *restrict r = row[k];
        int16_t *restrict out = x + k * h;
        for (int i = 0; i < h; i++) {
            int16_t v = (int16_t)((r[i] + (1 << (NN_QACC_SHIFT - 1))) >> NN_QACC_SHIFT);
            out[i] = v < 0 ? 0 : v > NN_QA ? NN_QA : v;
        }
    }
    /* Four rows at a time: each load of x serves four products. */
    int j = 0;
    for (; j + 4 <= s->l2; j += 4) {
        const int16_t *restrict w0 = net->w2 + (size_t)j * (size_t)in, *restrict w1 = w0 + in,
                                *restrict w2 = w1 + in, *restrict w3 = w2 + in;
        int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        for (int i = 0; i < in; i++) {
            int32_t v = x[i];
            a0 += v * w0[i];
            a1 += v * w1[i];
            a2 += v * w2[i];
            a3 += v * w3[i];
        }
        int32_t acc4[4] = { a0, a1, a2, a3 };
        for (int k = 0; k < 4; k++) {
            int32_t sum = (net->b2[j + k] + acc4[k] + NN_QB / 2) >> NN_QB_SHIFT; /* rounded: NN_QA to the unit */
            y[j + k] = (int16_t)(sum < 0 ? 0 : sum > NN_QA ? NN_QA : sum);
        }
    }
    for (; j < s->l2; j++) {
        int32_t sum = (net->b2[j] + dot16(x, net->w2 + (size_t)j * (size_t)in, in) + NN_QB / 2) >> NN_QB_SHIFT;
        y[j] = (int16_t)(sum < 0 ? 0 : sum > NN_QA ? NN_QA : sum);
    }
    for (int o = 0; o < s->nout; o++)
        z[o] = net->b3[o] + dot16(y, net->w3 + (size_t)o * (size_t)s->l2, s->l2);
}

_Static_assert(NN_QB == 1 << NN_QB_SHIFT && NN_QACC == NN_QA << NN_QACC_SHIFT, "nn_forward's shifts");

/* ---- through game.h ---- */

void nn_acc_from_state(const nn_net *net, const game_def *g, const void *s, nn_acc *acc)
{
    uint16_t feat[GAME_NN_ACTIVE_MAX];
    for (int q = 0; q < net->shape.persp; q++) {
        int count = g->nn->active(s, q, feat);
        nn_acc_refresh(net, acc->v[q], feat, count);
    }
}

/* Insertion sort: a position's features are a few dozen, and qsort's
 * merge sort with its copies was 70% of a Talat search with a network. */
static void sort_u16(uint16_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t x = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > x; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

int nn_changes_by_diff(const game_def *g, const void *before, const void *after, int persp, game_nn_delta *out)
{
    uint16_t a[GAME_NN_ACTIVE_MAX], b[GAME_NN_ACTIVE_MAX];
    int na = g->nn->active(before, persp, a), nb = g->nn->active(after, persp, b);
    sort_u16(a, na);
    sort_u16(b, nb);
    out->nadd = out->nremove = 0;
    int i = 0, j = 0;
    while (i < na || j < nb) {
        if (j == nb || (i < na && a[i] < b[j]))
            out->remove[out->nremove++] = a[i++];
        else if (i == na || b[j] < a[i])
            out->add[out->nadd++] = b[j++];
        else
            i++, j++;
    }
    return out->nadd + out->nremove;
}

void nn_acc_after(const nn_net *net, const game_def *g, const void *before, game_action a, const void *after,
                  const nn_acc *parent, nn_acc *child)
{
    game_nn_delta d;
    for (int q = 0; q < net->shape.persp; q++) {
        if (g->nn->changes)
            g->nn->changes(before, a, after, q, &d);
        else
            nn_changes_by_diff(g, before, after, q, &d);
        nn_acc_update(net, child->v[q], parent->v[q], d.add, d.nadd, d.remove, d.nremove);
    }
}

void nn_eval_acc(const nn_net *net, const game_def *g, const void *s, const nn_acc *acc, int32_t *z)
{
    int p = net->shape.persp, t = g->to_act(s);
    const int16_t *row[NN_PERSP_MAX] = { NULL };
    for (int k = 0; k < p; k++)
        row[k] = acc->v[(t + k) % p];
    nn_forward(net, row, z);
}

/* det_exp, not exp: a share feeds MCTS's choices, which must be the same on
 * every machine (core/detmath.h). */
void nn_shares(const nn_net *net, const int32_t *z, int to_act, double share[GAME_MAX_PLAYERS])
{
    int p = net->shape.persp;
    if (p == 2) {
        double w = 1 / (1 + det_exp(-(double)z[0] / NN_OUT_ONE));
        share[to_act] = w;
        share[to_act ^ 1] = 1 - w;
        return;
    }
    double top = -HUGE_VAL, sum = 0, e[NN_PERSP_MAX];
    for (int k = 0; k < p; k++)
        top = fmax(top, (double)z[k]);
    for (int k = 0; k < p; k++)
        sum += e[k] = det_exp(((double)z[k] - top) / NN_OUT_ONE);
    for (int k = 0; k < p; k++)
        share[(to_act + k) % p] = e[k] / sum;
}

/* ---- frames ---- */

/* Seat q's features of s as a bit set of words words; their list into feat. */
static int active_bits(const game_def *g, const void *s, int q, uint64_t *bits, int words, uint16_t *feat)
{
    int count = g->nn->active(s, q, feat);
    memset(bits, 0, sizeof *bits * (size_t)words);
    for (int i = 0; i < count; i++)
        bits[feat[i] >> 6] |= 1ULL << (feat[i] & 63);
    return count;
}

void nn_frame_root(const nn_net *net, const game_def *g, const void *s, nn_frame *f)
{
    int words = (net->shape.ninputs + 63) / 64;
    uint16_t feat[GAME_NN_ACTIVE_MAX];
    for (int q = 0; q < net->shape.persp; q++) {
        int count = words <= NN_FRAME_INPUTS / 64 ? active_bits(g, s, q, f->bits[q], words, feat)
                                                   : g->nn->active(s, q, feat);
        nn_acc_refresh(net, f->acc.v[q], feat, count);
    }
}

void nn_frame_child(const nn_net *net, const game_def *g, const nn_frame *parent, const void *child, nn_frame *f)
{
    int words = (net->shape.ninputs + 63) / 64;
    uint16_t feat[GAME_NN_ACTIVE_MAX];
    if (words > NN_FRAME_INPUTS / 64) { /* too many inputs for the sets: summed again */
        nn_frame_root(net, g, child, f);
        return;
    }
    for (int q = 0; q < net->shape.persp; q++) {
        active_bits(g, child, q, f->bits[q], words, feat);
        uint16_t add[GAME_NN_ACTIVE_MAX], rem[GAME_NN_ACTIVE_MAX];
        int nadd = 0, nrem = 0;
        for (int w = 0; w < words; w++)
            for (uint64_t x = parent->bits[q][w] ^ f->bits[q][w]; x; x &= x - 1) {
                int b = __builtin_ctzll(x);
                uint16_t feature = (uint16_t)(w * 64 + b);
                if (f->bits[q][w] >> b & 1)
                    add[nadd++] = feature;
                else
                    rem[nrem++] = feature;
            }
        nn_acc_update(net, f->acc.v[q], parent->acc.v[q], add, nadd, rem, nrem);
    }
}

double nn_value(const nn_net *net, const game_def *g, const void *s, const nn_acc *acc, int q)
{
    int32_t z[NN_PERSP_MAX];
    int t = g->to_act(s), p = net->shape.persp;
    nn_eval_acc(net, g, s, acc, z);
    if (p == 2)
        return (q == t ? 1 : -1) * (double)z[0] * net->scale / NN_OUT_ONE;
    double mean = 0;
    for (int k = 0; k < p; k++)
        mean += z[k];
    mean /= p;
    return ((double)z[(q - t + p) % p] - mean) * net->scale / NN_OUT_ONE;
}
