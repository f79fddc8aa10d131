/* nnue_file.c — network files (nnue.h; docs/formats.md, "Network files").
 *
 * Little-endian, whatever the machine:
 *
 *   magic     8 bytes  "triadnn" and 0x1a
 *   version   u32      1, or 2 when the network has flags
 *   game      48 bytes its name, NUL-padded (the registered game: a variant's network is its game's)
 *   features  48 bytes the feature set's name, NUL-padded
 *   shape     5 x u32  inputs, perspectives, accumulator, hidden, outputs
 *   scale     f32      search units per unit of output (nnue.h)
 *   flags     u32      version 2 only: NN_FLAG_LINEAR (nnue.h); no other bit
 *   about     u32 length, then that many bytes of UTF-8 (what made it)
 *   params    u32 count, then count f32: w1, b1, w2, b2, w3, b3
 *   crc       u32      CRC-32 of every byte before it
 *
 * The file holds the float parameters, not the integer ones: the integer
 * form is a function of them (nn_net_make), training can start from a
 * file, and the tests compare the two forms.  The reader trusts nothing:
 * every length is checked against what is left before it is used, the CRC
 * before anything is parsed, and a non-finite parameter is refused. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/datadir.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "nnue.h"

#define NN_MAGIC "triadnn\x1a"
#define NN_VERSION 1u       /* a network without flags: the bytes of every file made before flags */
#define NN_VERSION_FLAGS 2u /* with the flags word */
#define NN_FILE_MAX (512u << 20) /* far above any shape nn_shape_check allows */

int nn_model_alloc_shape(nn_model *m, const nn_shape *s, char *err, size_t n);

typedef struct reader {
    const unsigned char *p, *end;
} reader;

static bool take(reader *r, void *out, size_t len)
{
    if ((size_t)(r->end - r->p) < len)
        return false;
    memcpy(out, r->p, len);
    r->p += len;
    return true;
}

static bool take_u32(reader *r, uint32_t *v)
{
    unsigned char b[4];
    if (!take(r, b, 4))
        return false;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return true;
}

static bool take_f32(reader *r, float *v)
{
    uint32_t u;
    if (!take_u32(r, &u))
        return false;
    memcpy(v, &u, 4);
    return true;
}

/* A NUL-padded name field: at least one NUL, printable before it. */
static bool take_name(reader *r, char out[NN_NAME_MAX])
{
    if (!take(r, out, NN_NAME_MAX) || !memchr(out, 0, NN_NAME_MAX) || !out[0])
        return false;
    for (const char *c = out; *c; c++)
        if (*c < 0x21 || *c > 0x7e)
            return false;
    return true;
}

static int fail(nn_model *m, char *err, size_t n, const char *name, const char *what)
{
    nn_model_free(m);
    snprintf(err, n, "%s: %s", MSG_PATH(name), what);
    return -1;
}

static uint32_t u32_at(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The part after the name fields: shape, scale, about, parameters. */
static int parse_body(nn_model *m, reader *r, uint32_t version, const char *name, char *err, size_t n)
{
    uint32_t v[5], alen, count;
    for (int i = 0; i < 5; i++)
        if (!take_u32(r, &v[i]))
            return fail(m, err, n, name, "truncated network file (in its shape)");
    nn_shape s = { 0 };
    int *field[5] = { &s.ninputs, &s.persp, &s.h, &s.l2, &s.nout };
    for (int i = 0; i < 5; i++)
        *field[i] = v[i] > 65535 ? -1 : (int)v[i];
    char why[120];
    if (nn_shape_check(&s, why, sizeof why))
        return fail(m, err, n, name, why);
    float scale;
    uint32_t flags = 0; /* version 1 has no flags word */
    if (!take_f32(r, &scale) || (version == NN_VERSION_FLAGS && !take_u32(r, &flags)) || !take_u32(r, &alen))
        return fail(m, err, n, name, "truncated network file (in its header)");
    if (!isfinite(scale) || !(scale > 0))
        return fail(m, err, n, name, "the network's scale is not a positive number");
    if (version == NN_VERSION_FLAGS && (!flags || flags & ~NN_FLAG_LINEAR))
        return fail(m, err, n, name, "unknown flags in a version 2 network file");
    if (alen > NN_ABOUT_MAX || (size_t)(r->end - r->p) < alen)
        return fail(m, err, n, name, "truncated network file (in its description)");
    const unsigned char *about = r->p;
    r->p += alen;
    if (!take_u32(r, &count))
        return fail(m, err, n, name, "truncated network file (before its parameters)");
    if (count != nn_shape_params(&s))
        return fail(m, err, n, name, "the parameter count does not match the shape");
    if ((size_t)(r->end - r->p) != (size_t)count * 4)
        return fail(m, err, n, name, (size_t)(r->end - r->p) < (size_t)count * 4
                                         ? "truncated network file (in its parameters)"
                                         : "bytes after the network's parameters");
    char game[NN_NAME_MAX], features[NN_NAME_MAX];
    memcpy(game, m->game, sizeof game);
    memcpy(features, m->features, sizeof features);
    if (nn_model_alloc_shape(m, &s, why, sizeof why))
        return fail(m, err, n, name, why);
    memcpy(m->game, game, sizeof game);
    memcpy(m->features, features, sizeof features);
    m->scale = scale;
    m->flags = flags;
    for (size_t i = 0; i < count; i++)
        if (!take_f32(r, &m->params[i]) || !isfinite(m->params[i]))
            return fail(m, err, n, name, "a parameter is not a finite number");
    if (alen) {
        if (!(m->about = malloc((size_t)alen + 1)))
            return fail(m, err, n, name, "out of memory");
        memcpy(m->about, about, alen);
        m->about[alen] = 0;
        if (strlen(m->about) != alen)
            return fail(m, err, n, name, "a NUL byte in the network's description");
    }
    return 0;
}

int nn_model_parse(nn_model *m, const unsigned char *data, size_t len, const char *name, const game_def *want,
                   char *err, size_t n)
{
    memset(m, 0, sizeof *m);
    if (len < 8 || memcmp(data, NN_MAGIC, 8))
        return fail(m, err, n, name, "not a triad network file");
    if (len < 16)
        return fail(m, err, n, name, "truncated network file");
    if (fio_crc32(0, data, len - 4) != u32_at(data + len - 4))
        return fail(m, err, n, name, "corrupt network file (its CRC-32 does not match)");
    reader r = { data + 8, data + len - 4 };
    uint32_t version;
    take_u32(&r, &version);
    if (version != NN_VERSION && version != NN_VERSION_FLAGS) {
        char why[80];
        snprintf(why, sizeof why, "network file version %u (this triad reads versions %u and %u)",
                 (unsigned)version, NN_VERSION, NN_VERSION_FLAGS);
        return fail(m, err, n, name, why);
    }
    if (!take_name(&r, m->game) || !take_name(&r, m->features))
        return fail(m, err, n, name, "truncated or bad game or feature set name");
    if (want) {
        char why[200];
        if (strcmp(m->game, game_base(want)->name)) /* a game's network scores its variants too */
            snprintf(why, sizeof why, "a network for %.47s, not %s", m->game, game_base(want)->name);
        else if (!want->nn || strcmp(m->features, want->nn->feature_set))
            snprintf(why, sizeof why, "a network for the feature set '%.47s', and %s's is '%s'", m->features,
                     want->name, want->nn ? want->nn->feature_set : "none");
        else
            why[0] = 0;
        if (why[0])
            return fail(m, err, n, name, why);
    }
    if (parse_body(m, &r, version, name, err, n))
        return -1;
    if (want && m->shape.ninputs != want->nn->ninputs)
        return fail(m, err, n, name, "the network's input count is not its feature set's");
    return 0;
}

int nn_model_read(nn_model *m, const char *path, const game_def *want, uint32_t *crc, char *err, size_t n)
{
    memset(m, 0, sizeof *m);
    char found[DATA_PATH_MAX], why[300];
    if (!strcmp(path, "default")) {
        if (!want || !want->nn || !want->nn->default_net) {
            snprintf(err, n, "net=default: game %s ships no network", want ? want->name : "(none)");
            return -1;
        }
        if (data_find(want->nn->default_net, found, sizeof found)) {
            snprintf(err, n, "net=default: cannot find %s", found);
            return -1;
        }
        path = found;
    }
    FILE *f = fio_fopen_read(path, why, sizeof why);
    if (!f) {
        snprintf(err, n, "%s", why);
        return -1;
    }
    unsigned char *data = NULL;
    size_t len = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (len == cap) {
            size_t grown = cap ? cap * 2 : 1 << 16;
            unsigned char *more = grown <= NN_FILE_MAX ? realloc(data, grown) : NULL;
            if (!more) {
                snprintf(err, n, "%s: %s", MSG_PATH(path), grown > NN_FILE_MAX ? "too large for a network file" : "out of memory");
                rc = -1;
                break;
            }
            data = more;
            cap = grown;
        }
        size_t got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(err, n, "cannot read %s: %s", MSG_PATH(path), strerror(errno));
                rc = -1;
            }
            break;
        }
    }
    fclose(f);
    if (!rc) {
        rc = nn_model_parse(m, data, len, path, want, err, n);
        if (!rc && crc) /* the stored one: a CRC over the file with its own CRC appended is a constant */
            *crc = u32_at(data + len - 4);
    }
    free(data);
    return rc;
}

/* ---- writing ---- */

typedef struct writer {
    unsigned char *p;
    size_t len, cap;
    bool failed;
} writer;

static void put(writer *w, const void *data, size_t len)
{
    if (w->failed)
        return;
    if (w->len + len > w->cap) {
        size_t cap = w->cap ? w->cap : 1 << 16;
        while (cap < w->len + len)
            cap *= 2;
        unsigned char *more = realloc(w->p, cap);
        if (!more) {
            w->failed = true;
            return;
        }
        w->p = more;
        w->cap = cap;
    }
    memcpy(w->p + w->len, data, len);
    w->len += len;
}

static void put_u32(writer *w, uint32_t v)
{
    unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                           (unsigned char)(v >> 24) };
    put(w, b, 4);
}

static void put_f32(writer *w, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put_u32(w, u);
}

int nn_model_serialise(const nn_model *m, unsigned char **out, size_t *len, char *err, size_t n)
{
    writer w = { 0 };
    char name[NN_NAME_MAX];
    size_t alen = m->about ? strlen(m->about) : 0;
    if (alen > NN_ABOUT_MAX) {
        snprintf(err, n, "the network's description is longer than %d bytes", NN_ABOUT_MAX);
        return -1;
    }
    put(&w, NN_MAGIC, 8);
    put_u32(&w, m->flags ? NN_VERSION_FLAGS : NN_VERSION);
    memset(name, 0, sizeof name);
    snprintf(name, sizeof name, "%s", m->game);
    put(&w, name, sizeof name);
    memset(name, 0, sizeof name);
    snprintf(name, sizeof name, "%s", m->features);
    put(&w, name, sizeof name);
    const int v[5] = { m->shape.ninputs, m->shape.persp, m->shape.h, m->shape.l2, m->shape.nout };
    for (int i = 0; i < 5; i++)
        put_u32(&w, (uint32_t)v[i]);
    put_f32(&w, m->scale);
    if (m->flags)
        put_u32(&w, m->flags);
    put_u32(&w, (uint32_t)alen);
    put(&w, m->about ? m->about : "", alen);
    put_u32(&w, (uint32_t)m->nparams);
    for (size_t i = 0; i < m->nparams; i++)
        put_f32(&w, m->params[i]);
    if (!w.failed)
        put_u32(&w, fio_crc32(0, w.p, w.len));
    if (w.failed) {
        free(w.p);
        snprintf(err, n, "out of memory writing a network");
        return -1;
    }
    *out = w.p;
    *len = w.len;
    return 0;
}
