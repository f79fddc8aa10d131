/* record_write.c — the records writer (see record.h).
 *
 * Games accumulate, encoded, in the pending block; a block is written with
 * a single write() followed by fsync(), so after a crash the file is a run
 * of whole blocks plus at most one torn one, which readers report and
 * --resume truncates.  Player specs are stored once per block in a string
 * table, so each game names its players with two one-byte indices. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../core/msg.h"
#include "record_codec.h"

#define DEFAULT_BLOCK_GAMES 1024

struct rec_writer {
    int fd;
    rec_run run;
    int block_games;
    int pending;               /* games in the pending block */
    uint64_t prev_id;          /* id delta coding within the block */
    buf games;                 /* their encodings */
    char specs[REC_BLOCK_SPECS][REC_SPEC_MAX];
    int nspecs;
    buf raw, framed;           /* scratch: the block before and after zlib */
    bool failed;               /* a block could not be written: refuse all further writes */
    char err[256];
};

static int fail_errno(rec_writer *w, const char *what)
{
    snprintf(w->err, sizeof w->err, "%s: %s", what, strerror(errno));
    return -1;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Frames raw as one block and makes it durable.  A failure is final: after
 * a torn write, or an fsync that may or may not have landed, writing more
 * blocks would put intact ones after a bad one, or the same games twice. */
static int write_block(rec_writer *w, int kind, const buf *raw)
{
    if (w->failed)
        return -1;
    w->failed = true;
    if (raw->failed || rec_frame_block(&w->framed, kind, raw->data, raw->len)) {
        snprintf(w->err, sizeof w->err, "out of memory or compression failed");
        return -1;
    }
    if (write_all(w->fd, w->framed.data, w->framed.len))
        return fail_errno(w, "write");
    if (fsync(w->fd))
        return fail_errno(w, "fsync");
    w->failed = false;
    return 0;
}

static int write_header(rec_writer *w)
{
    uint8_t magic[REC_FILE_MAGIC_LEN] = REC_FILE_MAGIC;
    magic[REC_FILE_MAGIC_LEN - 1] = REC_FORMAT_VERSION;
    if (write_all(w->fd, magic, sizeof magic))
        return fail_errno(w, "write");
    w->raw.len = 0;
    rec_encode_run(&w->raw, &w->run);
    return write_block(w, REC_KIND_HEADER, &w->raw);
}

static int open_fd(const char *path, int mode, uint64_t keep_bytes)
{
    if (mode == REC_APPEND && keep_bytes > 0) {
        int fd = open(path, O_WRONLY);
        if (fd >= 0 && (ftruncate(fd, (off_t)keep_bytes) || lseek(fd, 0, SEEK_END) < 0)) {
            close(fd);
            return -1;
        }
        return fd;
    }
    int flags = O_WRONLY | O_CREAT | (mode == REC_CREATE ? O_EXCL : O_TRUNC);
    return open(path, flags, 0644);
}

rec_writer *rec_writer_open(const char *path, const rec_run *run, int mode, uint64_t keep_bytes,
                            int block_games, char *err, size_t n)
{
    rec_writer *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    w->run = *run;
    w->block_games = block_games > 0 ? block_games : DEFAULT_BLOCK_GAMES;
    w->prev_id = UINT64_MAX;
    w->fd = open_fd(path, mode, keep_bytes);
    if (w->fd < 0) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), errno == EEXIST ? "exists" : strerror(errno));
        free(w);
        return NULL;
    }
    if ((mode != REC_APPEND || keep_bytes == 0) && write_header(w)) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), w->err);
        rec_writer_close(w, NULL, 0);
        return NULL;
    }
    return w;
}

static int spec_index(rec_writer *w, const char *spec)
{
    for (int i = 0; i < w->nspecs; i++)
        if (!strcmp(w->specs[i], spec))
            return i;
    if (w->nspecs == REC_BLOCK_SPECS)
        return -1;
    snprintf(w->specs[w->nspecs], REC_SPEC_MAX, "%s", spec);
    return w->nspecs++;
}

int rec_writer_append(rec_writer *w, const rec_game *g)
{
    if (w->failed)
        return -1;
    int ws = spec_index(w, g->white), bs = spec_index(w, g->black);
    if (ws < 0 || bs < 0) { /* the table is full: start a new block */
        if (rec_writer_flush(w))
            return -1;
        ws = spec_index(w, g->white);
        bs = spec_index(w, g->black);
    }
    rec_encode_game(&w->games, g, &w->run, ws, bs, &w->prev_id);
    w->pending++;
    return w->pending >= w->block_games ? rec_writer_flush(w) : 0;
}

int rec_writer_flush(rec_writer *w)
{
    if (!w->pending)
        return 0;
    w->raw.len = 0;
    buf_varint(&w->raw, (uint64_t)w->pending);
    buf_varint(&w->raw, (uint64_t)w->nspecs);
    for (int i = 0; i < w->nspecs; i++)
        buf_string(&w->raw, w->specs[i]);
    if (w->games.failed)
        w->raw.failed = true;
    buf_put(&w->raw, w->games.data, w->games.len);
    if (write_block(w, REC_KIND_GAMES, &w->raw))
        return -1;
    w->pending = 0;
    w->nspecs = 0;
    w->games.len = 0;
    w->prev_id = UINT64_MAX;
    return 0;
}

int rec_writer_pending(const rec_writer *w)
{
    return w->pending;
}

const char *rec_writer_error(const rec_writer *w)
{
    return w->err;
}

int rec_writer_close(rec_writer *w, char *err, size_t n)
{
    int rc = rec_writer_flush(w);
    if (close(w->fd) && !rc)
        rc = fail_errno(w, "close");
    if (rc && err)
        snprintf(err, n, "%s", w->err);
    buf_free(&w->games);
    buf_free(&w->raw);
    buf_free(&w->framed);
    free(w);
    return rc;
}
