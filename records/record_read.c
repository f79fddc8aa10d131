/* record_read.c — the records reader (see record.h).
 *
 * Blocks are read, checked and decoded whole, so a block is either served
 * completely or reported: a game is never handed out from a block that
 * later turns out bad.  After a bad frame the reader searches forward for
 * the next frame signature; the CRC makes a false match harmless. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "record_codec.h"

/* A decoded game kept until it is served.  A rec_game has room for the
 * longest game of any game (about 19 KiB); kept compactly, a block of 1024
 * TZAAR games takes about 0.5 MiB rather than 19, which matters to a merge
 * that holds a block of every shard at once. */
typedef struct kept {
    uint64_t id, seed;
    double scores[GAME_MAX_PLAYERS];
    int setup, rotation, ending, turns, nactions;
    uint8_t spec[GAME_MAX_PLAYERS];   /* indices into the block's specs */
    size_t actions, start;            /* offsets into the block's pools */
    int forfeit, forfeit_seat;        /* rec_game's; rare, so its text is kept whole */
    int overruns[GAME_MAX_PLAYERS];
    char forfeit_text[GAME_FORFEIT_TEXT_MAX];
    int8_t ranks[GAME_MAX_PLAYERS];   /* by the game's rules, from the replay */
} kept;

struct rec_reader {
    FILE *f;
    rec_run run;
    int version;               /* the current run's format: 1 or 2 */
    uint64_t size;
    uint64_t offset;           /* the next frame */
    uint64_t good_end;         /* just past the last intact block */
    bool bad_seen, bad_before_good;
    int runs;                  /* run headers read: more than one in a concatenation */
    bool orphaned;             /* the last run header met was damaged: its games are skipped */
    kept *games;               /* the current block, decoded */
    int ngames, next, cap;
    char specs[REC_BLOCK_SPECS][REC_SPEC_MAX]; /* its spec table */
    game_action *actions;      /* its games' actions, one after another */
    size_t nactions, cap_actions;
    buf starts;                /* its games' start states, one after another */
    rec_game *scratch;         /* a game being decoded */
    buf stored, raw;
    char err[320];
};

static int fail(rec_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(rec_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
    return -1;
}

static int read_at(rec_reader *r, uint64_t at, void *dst, size_t n)
{
    return fseeko(r->f, (off_t)at, SEEK_SET) || fread(dst, 1, n, r->f) != n ? -1 : 0;
}

/* Reads and checks the frame of the given kind at r->offset and inflates
 * its payload into r->raw.  On success r->offset moves past it. */
static int read_frame(rec_reader *r, int kind)
{
    uint64_t at = r->offset, left = r->size - at;
    uint8_t h[REC_FRAME_LEN];
    if (left < REC_FRAME_LEN)
        return fail(r, "torn block at offset %llu: the file ends %llu bytes into its frame",
                    (unsigned long long)at, (unsigned long long)left);
    if (read_at(r, at, h, sizeof h))
        return fail(r, "read error at offset %llu", (unsigned long long)at);
    if (memcmp(h, "TZB", 3) || h[3] != kind)
        return fail(r, "corrupt block at offset %llu: no block signature", (unsigned long long)at);
    uint32_t stored = get_u32le(h + 4), rawlen = get_u32le(h + 8);
    if (rawlen > REC_BLOCK_RAW_MAX || stored > compressBound(REC_BLOCK_RAW_MAX))
        return fail(r, "corrupt block at offset %llu: impossible length", (unsigned long long)at);
    if (stored > left - REC_FRAME_LEN)
        return fail(r, "torn block at offset %llu: %llu of its %llu bytes are in the file",
                    (unsigned long long)at, (unsigned long long)left,
                    (unsigned long long)stored + REC_FRAME_LEN);
    r->stored.len = r->raw.len = 0;
    if (!buf_reserve(&r->stored, stored) || !buf_reserve(&r->raw, rawlen + 1))
        return fail(r, "out of memory");
    if (read_at(r, at + REC_FRAME_LEN, r->stored.data, stored))
        return fail(r, "read error at offset %llu", (unsigned long long)at);
    if (crc32(crc32(0, h, 12), r->stored.data, stored) != get_u32le(h + 12))
        return fail(r, "corrupt block at offset %llu: checksum mismatch", (unsigned long long)at);
    uLongf got = rawlen;
    if (uncompress(r->raw.data, &got, r->stored.data, stored) != Z_OK || got != rawlen)
        return fail(r, "corrupt block at offset %llu: bad compressed data", (unsigned long long)at);
    r->raw.len = rawlen;
    r->offset = at + REC_FRAME_LEN + stored;
    return 0;
}

/* Moves r->offset to the next games-frame signature, or file magic or
 * header-frame signature (a concatenated file's next run), after from, or
 * to the end of the file. */
static void resync(rec_reader *r, uint64_t from)
{
    uint8_t chunk[65536];
    const uint8_t sig[4] = { 'T', 'Z', 'B', REC_KIND_GAMES }, hsig[4] = { 'T', 'Z', 'B', REC_KIND_HEADER };
    for (uint64_t at = from; at < r->size; at += sizeof chunk - (REC_FILE_MAGIC_LEN - 1)) {
        size_t n = sizeof chunk;
        if (n > r->size - at)
            n = (size_t)(r->size - at);
        if (read_at(r, at, chunk, n))
            break;
        for (size_t i = 0; i + 4 <= n; i++)
            if (!memcmp(chunk + i, sig, 4) || !memcmp(chunk + i, hsig, 4) ||
                (i + REC_FILE_MAGIC_LEN - 1 <= n && !memcmp(chunk + i, REC_FILE_MAGIC, REC_FILE_MAGIC_LEN - 1))) {
                r->offset = at + i;
                return;
            }
        if (n < sizeof chunk)
            break;
    }
    r->offset = r->size;
}

/* Keeps the game in r->scratch as the block's i-th. */
static int keep(rec_reader *r, int i, int nspecs)
{
    const rec_game *g = r->scratch;
    kept *k = &r->games[i];
    size_t need = r->nactions + (size_t)g->nactions;
    if (need > r->cap_actions) {
        size_t cap = need > 2 * r->cap_actions ? need : 2 * r->cap_actions;
        game_action *a = realloc(r->actions, cap * sizeof *a);
        if (!a)
            return -1;
        r->actions = a;
        r->cap_actions = cap;
    }
    *k = (kept){ g->id, g->seed, { 0 }, g->setup, g->rotation, g->ending, g->turns, g->nactions, { 0 },
                 r->nactions, r->starts.len, g->forfeit, g->forfeit_seat, { 0 }, "", { 0 } };
    memcpy(k->scores, g->scores, sizeof k->scores);
    memcpy(k->overruns, g->overruns, sizeof k->overruns);
    if (g->forfeit)
        memcpy(k->forfeit_text, g->forfeit_text, sizeof k->forfeit_text);
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        k->ranks[s] = (int8_t)g->ranks[s];
    for (int s = 0; s < r->run.players; s++)
        for (int j = 0; j < nspecs; j++)
            if (!strcmp(r->specs[j], g->specs[s])) {
                k->spec[s] = (uint8_t)j;
                break;
            }
    if (g->nactions) /* r->actions is still NULL before the first action */
        memcpy(r->actions + r->nactions, g->actions, (size_t)g->nactions * sizeof *g->actions);
    r->nactions = need;
    buf_put(&r->starts, g->start, r->run.game->state_size);
    return r->starts.failed ? -1 : 0;
}

/* Decodes every game of the block in r->raw; at is its offset, for messages. */
static int decode_block(rec_reader *r, uint64_t at)
{
    cursor in = { r->raw.data, r->raw.data + r->raw.len, false };
    char err[200];
    uint64_t ngames = cur_varint(&in), nspecs = cur_varint(&in), prev = UINT64_MAX;
    memset(r->specs, 0, sizeof r->specs); /* games copy whole entries: no stale bytes after the NUL */
    if (in.bad || ngames > REC_BLOCK_GAMES_MAX || nspecs > REC_BLOCK_SPECS)
        return fail(r, "bad block at offset %llu: bad block table", (unsigned long long)at);
    for (uint64_t i = 0; i < nspecs; i++)
        cur_string(&in, r->specs[i], REC_SPEC_MAX);
    if ((int)ngames > r->cap) {
        kept *g = realloc(r->games, ngames * sizeof *g);
        if (!g)
            return fail(r, "out of memory");
        r->games = g;
        r->cap = (int)ngames;
    }
    if (!r->scratch && !(r->scratch = malloc(sizeof *r->scratch)))
        return fail(r, "out of memory");
    r->nactions = 0;
    r->starts.len = 0;
    for (uint64_t i = 0; i < ngames; i++) {
        rec_game *sg = r->scratch; /* format 1 has no forfeits: none carried over from a game before */
        sg->forfeit = sg->forfeit_seat = 0;
        sg->forfeit_text[0] = 0;
        memset(sg->overruns, 0, sizeof sg->overruns);
        if (in.bad || (r->version == 1 ? rec_decode_game_v1 : rec_decode_game)(
                          &in, r->scratch, &r->run, (const char (*)[REC_SPEC_MAX])r->specs, (int)nspecs, &prev,
                          err, sizeof err))
            return fail(r, "bad block at offset %llu: %s", (unsigned long long)at,
                        in.bad ? "truncated block table" : err);
        if (keep(r, (int)i, (int)nspecs))
            return fail(r, "out of memory");
    }
    if (in.p != in.end)
        return fail(r, "bad block at offset %llu: trailing bytes", (unsigned long long)at);
    r->ngames = (int)ngames;
    r->next = 0;
    return 0;
}

/* Copies the next kept game into g. */
static void serve(rec_reader *r, rec_game *g)
{
    const kept *k = &r->games[r->next++];
    g->id = k->id;
    g->seed = k->seed;
    g->setup = k->setup;
    g->rotation = k->rotation;
    g->ending = k->ending;
    g->turns = k->turns;
    g->nactions = k->nactions;
    memcpy(g->scores, k->scores, sizeof g->scores);
    g->forfeit = k->forfeit;
    g->forfeit_seat = k->forfeit_seat;
    memcpy(g->overruns, k->overruns, sizeof g->overruns);
    memcpy(g->forfeit_text, k->forfeit_text, sizeof g->forfeit_text);
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        g->ranks[s] = k->ranks[s];
    memset(g->specs, 0, sizeof g->specs);
    for (int s = 0; s < r->run.players; s++)
        memcpy(g->specs[s], r->specs[k->spec[s]], REC_SPEC_MAX);
    memset(g->start, 0, sizeof g->start);
    memcpy(g->start, r->starts.data + k->start, r->run.game->state_size);
    if (k->nactions)
        memcpy(g->actions, r->actions + k->actions, (size_t)k->nactions * sizeof *g->actions);
}

/* What starts at offset at: 2 a file magic, 1 a header frame (a magic
 * lost to damage), 0 anything else. */
static int run_start_at(rec_reader *r, uint64_t at)
{
    uint8_t m[REC_FILE_MAGIC_LEN - 1];
    if (r->size - at < sizeof m || read_at(r, at, m, sizeof m))
        return 0;
    return !memcmp(m, REC_FILE_MAGIC, sizeof m) ? 2 : !memcmp(m, "TZB", 3) && m[3] == REC_KIND_HEADER;
}

/* Decodes the header block in r->raw written in format version. */
static int decode_header(rec_reader *r, int version, rec_run *run, char *err, size_t n)
{
    cursor in = { r->raw.data, r->raw.data + r->raw.len, false };
    return version == 1 ? rec_decode_run_v1(&in, run, err, n) : rec_decode_run(&in, run, err, n);
}

/* Reads the next run's magic (when has_magic) and header block at
 * r->offset, in a file that is a concatenation of records files: the games
 * after it are then decoded under their own header.  A damaged one orphans
 * the games up to the next intact header. */
static int next_run(rec_reader *r, bool has_magic)
{
    uint64_t at = r->offset;
    uint8_t version = (uint8_t)r->version;
    rec_run run;
    char herr[200] = "";
    r->runs++;
    r->err[0] = 0;
    if (has_magic) {
        r->offset = at + REC_FILE_MAGIC_LEN;
        if (read_at(r, at + REC_FILE_MAGIC_LEN - 1, &version, 1))
            version = 0;
    }
    if (version != 1 && version != REC_FORMAT_VERSION)
        fail(r, "run header at offset %llu (a concatenated file): records format version %d",
             (unsigned long long)at, version);
    else if (read_frame(r, REC_KIND_HEADER) || decode_header(r, version, &run, herr, sizeof herr))
        fail(r, "damaged run header at offset %llu (a concatenated file)%s%s", (unsigned long long)at,
             r->err[0] || herr[0] ? ": " : "", r->err[0] ? r->err : herr);
    else {
        r->run = run;
        r->version = version;
        r->orphaned = false;
        return 0;
    }
    r->orphaned = true;
    resync(r, at + 1);
    return -1;
}

int rec_reader_next(rec_reader *r, rec_game *g)
{
    while (r->next >= r->ngames) {
        uint64_t at = r->offset;
        if (at >= r->size)
            return REC_END;
        r->ngames = r->next = 0;
        int start = run_start_at(r, at);
        if (start) {
            if (next_run(r, start == 2)) {
                r->bad_seen = true;
                return REC_BAD;
            }
            continue;
        }
        if (read_frame(r, REC_KIND_GAMES)) {
            resync(r, at + 1);
            r->bad_seen = true;
            return REC_BAD;
        }
        if (r->orphaned) {
            fail(r, "games block at offset %llu skipped: it follows a damaged run header",
                 (unsigned long long)at);
            r->bad_seen = true;
            return REC_BAD;
        }
        if (decode_block(r, at)) {
            r->bad_seen = true;
            return REC_BAD;
        }
        r->good_end = r->offset;
        r->bad_before_good |= r->bad_seen;
    }
    serve(r, g);
    return REC_GAME;
}

bool rec_file_is_records(const char *path)
{
    char err[8];
    uint8_t magic[REC_FILE_MAGIC_LEN - 1];
    int fd = fio_open_regular(path, O_RDONLY, 0, err, sizeof err);
    if (fd < 0)
        return false;
    ssize_t got = read(fd, magic, sizeof magic);
    close(fd);
    return got == (ssize_t)sizeof magic && !memcmp(magic, REC_FILE_MAGIC, sizeof magic);
}

rec_reader *rec_reader_open(const char *path, char *err, size_t n)
{
    rec_reader *r = calloc(1, sizeof *r);
    struct stat st;
    uint8_t magic[REC_FILE_MAGIC_LEN];
    if (!r) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    r->f = fio_fopen_read(path, err, n); /* a FIFO or a directory is refused, without waiting */
    if (!r->f || fstat(fileno(r->f), &st)) {
        if (r->f)
            snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno));
        rec_reader_close(r);
        return NULL;
    }
    r->size = (uint64_t)st.st_size;
    if (S_ISDIR(st.st_mode) || r->size < sizeof magic || read_at(r, 0, magic, sizeof magic) ||
        memcmp(magic, REC_FILE_MAGIC, REC_FILE_MAGIC_LEN - 1)) {
        snprintf(err, n, "%s: not a triad records file", MSG_PATH(path));
        rec_reader_close(r);
        return NULL;
    }
    r->version = magic[REC_FILE_MAGIC_LEN - 1];
    if (r->version != 1 && r->version != REC_FORMAT_VERSION) {
        snprintf(err, n, "%s: records format version %d, this triad reads versions 1 and %d", MSG_PATH(path),
                 r->version, REC_FORMAT_VERSION);
        rec_reader_close(r);
        return NULL;
    }
    r->offset = sizeof magic;
    char herr[200] = "bad run parameters";
    if (read_frame(r, REC_KIND_HEADER) || decode_header(r, r->version, &r->run, herr, sizeof herr)) {
        snprintf(err, n, "%s: damaged header: %s", MSG_PATH(path), r->err[0] ? r->err : herr);
        rec_reader_close(r);
        return NULL;
    }
    r->good_end = r->offset;
    r->runs = 1;
    return r;
}

const rec_run *rec_reader_run(const rec_reader *r)
{
    return &r->run;
}

int rec_reader_version(const rec_reader *r)
{
    return r->version;
}

int rec_reader_runs(const rec_reader *r)
{
    return r->runs;
}

const char *rec_reader_error(const rec_reader *r)
{
    return r->err;
}

uint64_t rec_reader_good_end(const rec_reader *r)
{
    return r->good_end;
}

bool rec_reader_bad_before_good(const rec_reader *r)
{
    return r->bad_before_good;
}

uint64_t rec_reader_file_size(const rec_reader *r)
{
    return r->size;
}

void rec_reader_close(rec_reader *r)
{
    if (r->f)
        fclose(r->f);
    free(r->games);
    free(r->actions);
    free(r->scratch);
    buf_free(&r->starts);
    buf_free(&r->stored);
    buf_free(&r->raw);
    free(r);
}
