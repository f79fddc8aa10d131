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
#include <sys/stat.h>
#include "core/fileio.h"
#include "core/msg.h"
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

/* The file marker and the header block go out in one write(), so a writer
 * killed at its start leaves an empty file or a prefix of a header, which
 * rec_header_incomplete() recognises, never a marker alone. */
static int write_header(rec_writer *w)
{
    uint8_t magic[REC_FILE_MAGIC_LEN] = REC_FILE_MAGIC;
    magic[REC_FILE_MAGIC_LEN - 1] = REC_FORMAT_VERSION;
    w->raw.len = 0;
    rec_encode_run(&w->raw, &w->run);
    buf head = { 0 };
    buf_put(&head, magic, sizeof magic);
    if (w->raw.failed || rec_frame_block(&w->framed, REC_KIND_HEADER, w->raw.data, w->raw.len))
        head.failed = true;
    else
        buf_put(&head, w->framed.data, w->framed.len);
    int rc = head.failed ? (snprintf(w->err, sizeof w->err, "out of memory or compression failed"), -1)
           : write_all(w->fd, head.data, head.len) ? fail_errno(w, "write")
           : fsync(w->fd) ? fail_errno(w, "fsync") : 0;
    buf_free(&head);
    w->failed = rc != 0;
    return rc;
}

int rec_open_locked(const char *path, int mode, char *err, size_t n)
{
    int flags = O_RDWR | O_CREAT | (mode == REC_CREATE ? O_EXCL : 0); /* read: rec_header_incomplete() */
    int fd = fio_open_regular(path, flags, 0644, err, n);
    if (fd < 0 && errno == EEXIST)
        snprintf(err, n, "%s exists (give --force to overwrite it)", MSG_PATH(path));
    if (fd >= 0 && fio_lock(fd, path, err, n)) {
        close(fd);
        return -1;
    }
    return fd;
}

bool rec_header_incomplete(int fd)
{
    struct stat st;
    uint8_t head[REC_FILE_MAGIC_LEN + REC_FRAME_LEN], want[REC_FILE_MAGIC_LEN + 4] = REC_FILE_MAGIC;
    want[REC_FILE_MAGIC_LEN - 1] = REC_FORMAT_VERSION;
    memcpy(want + REC_FILE_MAGIC_LEN, "TZB", 3);
    want[REC_FILE_MAGIC_LEN + 3] = REC_KIND_HEADER;
    if (fstat(fd, &st))
        return false;
    size_t size = (size_t)st.st_size, got = size < sizeof head ? size : sizeof head;
    if (pread(fd, head, got, 0) != (ssize_t)got)
        return false;
    /* What is there must be the start of a marker and a header frame ... */
    if (memcmp(head, want, got < sizeof want ? got : sizeof want))
        return false;
    if (got < sizeof head)
        return true;
    /* ... and the file must end before the header block does. */
    return (uint64_t)st.st_size < sizeof head + (uint64_t)get_u32le(head + REC_FILE_MAGIC_LEN + 4);
}

int rec_rewrite_header(int fd, const char *path, const rec_run *run, uint64_t keep, uint64_t *new_keep, char *err,
                       size_t n)
{
    uint8_t head[REC_FILE_MAGIC_LEN + REC_FRAME_LEN], magic[REC_FILE_MAGIC_LEN] = REC_FILE_MAGIC;
    magic[REC_FILE_MAGIC_LEN - 1] = REC_FORMAT_VERSION;
    if (pread(fd, head, sizeof head, 0) != (ssize_t)sizeof head || memcmp(head, magic, sizeof magic)) {
        snprintf(err, n, "cannot read the header of %s", MSG_PATH(path));
        return -1;
    }
    uint64_t head_end = sizeof head + (uint64_t)get_u32le(head + REC_FILE_MAGIC_LEN + 4);
    if (head_end > keep) {
        snprintf(err, n, "%s: its header block is damaged", MSG_PATH(path));
        return -1;
    }
    buf raw = { 0 }, framed = { 0 };
    rec_encode_run(&raw, run);
    fio_out o;
    int nfd = -1, rc = -1;
    if (raw.failed || rec_frame_block(&framed, REC_KIND_HEADER, raw.data, raw.len))
        snprintf(err, n, "out of memory or compression failed");
    else if (!fio_out_begin(&o, path, true, err, n)) {
        /* Locked before it takes path's place, so no other writer can come in between. */
        nfd = rec_open_locked(o.tmp, REC_OVERWRITE, err, n);
        uint8_t chunk[1 << 16];
        uint64_t at = head_end;
        bool ok = nfd >= 0 && fwrite(magic, 1, sizeof magic, o.f) == sizeof magic &&
                  fwrite(framed.data, 1, framed.len, o.f) == framed.len;
        while (ok && at < keep) {
            size_t want = keep - at < sizeof chunk ? (size_t)(keep - at) : sizeof chunk;
            ssize_t got = pread(fd, chunk, want, (off_t)at);
            ok = got > 0 && fwrite(chunk, 1, (size_t)got, o.f) == (size_t)got;
            at += got > 0 ? (uint64_t)got : 0;
        }
        if (!ok) {
            if (nfd >= 0)
                snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno ? errno : EIO));
            fio_out_abort(&o);
        } else if (!fio_out_commit(&o, err, n)) {
            *new_keep = sizeof magic + framed.len + (keep - head_end);
            rc = 0;
        }
    }
    buf_free(&raw);
    buf_free(&framed);
    if (rc) {
        if (nfd >= 0)
            close(nfd);
        return -1;
    }
    close(fd);
    return nfd;
}

rec_writer *rec_writer_open(const char *path, const rec_run *run, int mode, uint64_t keep_bytes,
                            int block_games, char *err, size_t n)
{
    int fd = rec_open_locked(path, mode, err, n);
    return fd < 0 ? NULL : rec_writer_open_fd(fd, path, run, mode, keep_bytes, block_games, err, n);
}

rec_writer *rec_writer_open_fd(int fd, const char *path, const rec_run *run, int mode, uint64_t keep_bytes,
                               int block_games, char *err, size_t n)
{
    rec_writer *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "out of memory");
        close(fd);
        return NULL;
    }
    w->fd = fd;
    w->run = *run;
    w->block_games = block_games > 0 ? block_games : DEFAULT_BLOCK_GAMES;
    w->prev_id = UINT64_MAX;
    /* Cut only now, under the lock: a file another writer holds has been
     * refused before anything in it changed. */
    if (ftruncate(fd, mode == REC_APPEND ? (off_t)keep_bytes : 0) || lseek(fd, 0, SEEK_END) < 0) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno));
        rec_writer_close(w, NULL, 0);
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

/* Every seat's spec index, or false when the table is full. */
static bool spec_indices(rec_writer *w, const rec_game *g, int *idx)
{
    for (int s = 0; s < w->run.players; s++)
        if ((idx[s] = spec_index(w, g->specs[s])) < 0)
            return false;
    return true;
}

int rec_writer_append(rec_writer *w, const rec_game *g)
{
    if (w->failed)
        return -1;
    int idx[GAME_MAX_PLAYERS];
    if (!spec_indices(w, g, idx)) { /* the table is full: start a new block */
        if (rec_writer_flush(w))
            return -1;
        spec_indices(w, g, idx);
    }
    size_t len = w->games.len;
    uint64_t prev = w->prev_id;
    if (rec_encode_game(&w->games, g, &w->run, idx, &w->prev_id, w->err, sizeof w->err)) {
        w->games.len = len; /* refused before anything was kept: the writer goes on */
        w->prev_id = prev;
        return -1;
    }
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
