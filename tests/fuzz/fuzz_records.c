/* fuzz_records.c — libFuzzer harness for the records reader.
 *
 * The reader's input is a file, so each input becomes one: its bytes are
 * written to a temporary regular file (mkstemp in $TMPDIR or /tmp, reused
 * for every input, removed at exit) that the reader opens by name, as the
 * program opens any path.  Two forms:
 *   - an input that starts with the file marker "TRIADRC" is the file, byte
 *     for byte (torn, corrupt and resynchronised blocks);
 *   - any other input is a list of block payloads, each a 2-byte
 *     little-endian length and that many bytes, which the harness frames
 *     (zlib + CRC, rec_frame_block) behind a valid marker: the first is the
 *     header, the rest are games blocks.  This gets past the checksum, so
 *     the fuzzer reaches the decoders of the run, the block table and games.
 * Checks, each a failed one an abort():
 *   - rec_reader_open() fails with a non-empty, one-line message, or yields a
 *     run with shard < shards (when shards > 1) and terminated player specs;
 *   - rec_reader_next() ends within a bounded number of calls (a bad block
 *     moves the reader on); a bad block comes with a one-line message;
 *   - every game served is sound: terminated specs, 0..REC_MAX_ACTIONS
 *     actions, a start that passes tz_pos_check(), ids inside the run when
 *     it has a size; and the first FULL_CHECKS games of an input also: a
 *     replay that agrees with the stored result, lg_export() either works
 *     or fails with a message, its JSON and CSV export
 *     (records/record_export.h) works, one line each;
 *   - rec_reader_good_end() never passes the file's size.
 * Build and run with `make fuzz` (see docs/fuzzing.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/position.h"
#include "engine/tzaar/game_tzaar.h"
#include "../lg_helpers.h"
#include "records/record.h"
#include "records/record_codec.h"
#include "records/record_export.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX (1u << 20)
/* Each of these checks replays the game again (the reader replayed it to
 * decode it).  An 8 KB input holds hundreds of games, mostly alike; full
 * checks on all of them made fuzz-records most of make fuzz-ci's CPU and
 * its time vary 3-fold from run to run with the inputs' size (the 20,000
 * inputs took 181 s in one test run and 528 s in another). */
#define FULL_CHECKS 4

static int fd = -1;
static char path[4096];
static FILE *devnull;

static void remove_file(void)
{
    unlink(path);
}

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_records: %s\n  %s\n", what, detail ? detail : "");
    abort();
}

static int one_line(const char *msg)
{
    return msg[0] && !strchr(msg, '\n');
}

static int terminated(const char *s, size_t n)
{
    return memchr(s, '\0', n) != NULL;
}

/* The file for the framed form: marker, then each payload framed. */
static void put_framed(buf *file, const uint8_t *data, size_t size)
{
    buf framed = { 0 };
    buf_put(file, REC_FILE_MAGIC, REC_FILE_MAGIC_LEN - 1);
    buf_byte(file, REC_FORMAT_VERSION);
    for (int first = 1; size >= 2; first = 0) {
        size_t len = (size_t)data[0] | (size_t)data[1] << 8;
        data += 2, size -= 2;
        if (len > size)
            len = size;
        if (rec_frame_block(&framed, first ? REC_KIND_HEADER : REC_KIND_GAMES, data, len))
            fail("rec_frame_block failed", NULL);
        buf_put(file, framed.data, framed.len);
        data += len, size -= len;
    }
    buf_free(&framed);
}

static void check_game(const rec_run *run, rec_game *g, bool full)
{
    char err[256];
    if (!terminated(g->specs[0], REC_SPEC_MAX) || !terminated(g->specs[1], REC_SPEC_MAX))
        fail("a game's player spec is not terminated", NULL);
    if (g->nactions < 0 || g->nactions > REC_MAX_ACTIONS)
        fail("a game's action count is out of range", NULL);
    if (run->games && g->id >= run->games)
        fail("a game id outside the run", NULL);
    const char *why = run->game == &game_tzaar ? tz_pos_check(tz_pos_of(g->start)) : NULL;
    if (why)
        fail("a game's start fails pos_check", why);
    if (!full)
        return;
    rec_game again = *g;
    if (rec_game_replay(run->game, &again, err, sizeof err))
        fail("a game served by the reader does not replay", err);
    if ((!g->forfeit && memcmp(again.scores, g->scores, sizeof g->scores)) || again.ending != g->ending ||
        again.turns != g->turns)
        fail("a game's stored result is not its replay's", NULL);
    err[0] = '\0';
    if (run->game == &game_tzaar && lg_export(devnull, g, err, sizeof err) && !err[0])
        fail("lg_export failed without a message", NULL);
    buf text = { 0 };
    if (rec_game_json(run, g, true, &text, err, sizeof err) || text.failed || !text.len ||
        memchr(text.data, '\n', text.len) || text.data[0] != '{' || text.data[text.len - 1] != '}')
        fail("a sound game's JSON export failed or is not one object on one line", err);
    text.len = 0;
    if (rec_game_csv(run, g, true, &text, err, sizeof err) || text.failed || text.len < 2 ||
        text.data[text.len - 1] != '\n')
        fail("a sound game's CSV export failed", err);
    buf_free(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        tz_init();
        snprintf(path, sizeof path, "%s/fuzz-records-XXXXXX", dir && *dir ? dir : "/tmp");
        fd = mkstemp(path);
        devnull = fopen("/dev/null", "w");
        if (fd < 0 || !devnull)
            abort();
        atexit(remove_file);
    }
    if (size > INPUT_MAX)
        return -1;

    buf file = { 0 };
    if (size >= REC_FILE_MAGIC_LEN - 1 && !memcmp(data, REC_FILE_MAGIC, REC_FILE_MAGIC_LEN - 1))
        buf_put(&file, data, size);
    else
        put_framed(&file, data, size);
    /* Overwrite, then cut to length: truncating to 0 first would free and
     * reallocate the blocks each time, which on a disk /tmp is slow. */
    if (file.failed || (file.len && pwrite(fd, file.data, file.len, 0) != (ssize_t)file.len) ||
        ftruncate(fd, (off_t)file.len))
        fail("cannot write the temporary file", path);

    char err[512] = "";
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r) {
        if (!one_line(err))
            fail("rec_reader_open failed without a one-line message", err);
        buf_free(&file);
        return 0;
    }
    const rec_run *run = rec_reader_run(r);
    if (run->shards > 1 && run->shard >= run->shards) /* shards 0 or 1: the whole run */
        fail("the header's shard is out of range", NULL);
    if (!terminated(run->specs[0], REC_SPEC_MAX) || !terminated(run->specs[1], REC_SPEC_MAX))
        fail("the header's player spec is not terminated", NULL);

    static rec_game g;
    /* Each call serves a game or moves past at least one byte. */
    uint64_t calls = 0, served = 0, limit = (uint64_t)file.len * 2 + 16 + (uint64_t)REC_BLOCK_GAMES_MAX;
    for (int rc; (rc = rec_reader_next(r, &g)) != REC_END;) {
        if (++calls > limit)
            fail("rec_reader_next does not come to an end", NULL);
        if (rc == REC_GAME)
            check_game(run, &g, served++ < FULL_CHECKS);
        else if (rc == REC_BAD) {
            if (!one_line(rec_reader_error(r)))
                fail("a bad block without a one-line message", rec_reader_error(r));
        } else
            fail("rec_reader_next returned an unknown code", NULL);
    }
    if (rec_reader_good_end(r) > rec_reader_file_size(r) || rec_reader_file_size(r) != file.len)
        fail("good_end or the file size is wrong", NULL);
    rec_reader_close(r);
    buf_free(&file);
    return 0;
}
