/* cmd_records_write.c — the `triad records` subcommands that write a
 * records file: merge (shards of one run), import (a game's own external
 * format: TZAAR's LittleGolem records) and
 * upgrade (format 1 to 2); export and info are in cmd_records_export.c.
 * Every output is written under a temporary name, locked, and may not be
 * one of the inputs. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "core/fileio.h"
#include "core/idset.h"
#include "records/formats.h"
#include "records/record.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"

/* Opens every input and checks they are shards of one self-play run. */
static int open_shards(const char *cmd, const char **files, int nfiles, rec_reader **r)
{
    char diff[300];
    for (int i = 0; i < nfiles; i++) {
        if (!(r[i] = open_or_say(cmd, files[i])))
            return 2;
        if (rec_reader_run(r[i])->source != REC_SOURCE_SELFPLAY)
            return cli_error(cmd, "%s is an import, not a shard of a self-play run", files[i]);
        if (i && rec_run_diff(rec_reader_run(r[i]), rec_reader_run(r[0]), 0, files[i], files[0], diff,
                              sizeof diff))
            return cli_error(cmd, "refusing to merge shards of different runs: %s", diff);
        if (i && rec_reader_run(r[i])->engine_sig != rec_reader_run(r[0])->engine_sig)
            return cli_error(cmd, "refusing to merge shards of different engines: %s has signature %016llx, %s %016llx",
                             files[i], (unsigned long long)rec_reader_run(r[i])->engine_sig, files[0],
                             (unsigned long long)rec_reader_run(r[0])->engine_sig);
    }
    return 0;
}

/* The output of merge and import is written under a temporary name beside
 * OUT and put in place by finish_output(), so OUT is either whole or as it
 * was.  It may not be one of the inputs (compared as files, not names),
 * and an OUT that --force replaces is locked meanwhile, so that a file a
 * self-play run is writing is refused. */
typedef struct output {
    fio_out tmp;
    rec_writer *w;
    int held;  /* the locked existing OUT, or -1 */
} output;

static int create_output(const char *cmd, const char *out, bool force, const rec_run *run, const char **files,
                         int nfiles, output *o)
{
    char err[600];
    o->w = NULL;
    o->held = -1;
    for (int i = 0; i < nfiles; i++)
        if (fio_same_file(out, files[i]))
            return cli_error(cmd, "refusing to write %s: it is also an input (%s)", out, files[i]);
    if (fio_out_begin(&o->tmp, out, force, err, sizeof err))
        return cli_error(cmd, "%s", err);
    if (force && !access(out, F_OK) &&
        ((o->held = fio_open_regular(out, O_RDONLY, 0, err, sizeof err)) < 0 || fio_lock(o->held, out, err, sizeof err))) {
        fio_out_abort(&o->tmp);
        if (o->held >= 0)
            close(o->held);
        return cli_error(cmd, "%s", err);
    }
    if (!(o->w = rec_writer_open(o->tmp.tmp, run, REC_OVERWRITE, 0, 0, err, sizeof err))) {
        fio_out_abort(&o->tmp);
        if (o->held >= 0)
            close(o->held);
        return cli_fail(cmd, "cannot write %s: %s", out, err); /* the header's write: OUT was checked */
    }
    return 0;
}

/* Closes the writer and, when rc is 0 and all went well, puts OUT in place;
 * otherwise leaves OUT as it was.  Returns the exit status. */
static int finish_output(const char *cmd, output *o, int rc)
{
    char err[600];
    if (rec_writer_close(o->w, err, sizeof err) && !rc)
        rc = cli_fail(cmd, "cannot write %s: %s", o->tmp.path, err);
    if (!rc && fio_out_commit(&o->tmp, err, sizeof err))
        rc = cli_fail(cmd, "%s", err);
    else if (rc)
        fio_out_abort(&o->tmp);
    if (o->held >= 0)
        close(o->held);
    return rc;
}

/* Copies the games of every shard, each id once; 0, or the exit status.
 * A concatenated input's later runs must be shards of the same run too
 * (their --games may differ: *max_games is the largest). */
static int copy_shards(const char **files, int nfiles, rec_reader **r, rec_writer *w, const char *out, rec_game *g,
                       uint64_t *games, uint64_t *dups, int *bad, uint64_t *max_games)
{
    idset seen = { 0 };
    int rc = 0;
    char diff[300];
    rec_run first = *rec_reader_run(r[0]); /* r[0]'s own run changes if it is a concatenation */
    for (int i = 0; i < nfiles && !rc; i++) {
        int runs = 1;
        while (!rc && next_game("records merge", files[i], r[i], g, bad) == REC_GAME) {
            int added;
            if (rec_reader_runs(r[i]) != runs) {
                runs = rec_reader_runs(r[i]);
                if (rec_reader_run(r[i])->games > *max_games)
                    *max_games = rec_reader_run(r[i])->games;
                if (rec_run_diff(rec_reader_run(r[i]), &first, 0, files[i], files[0], diff, sizeof diff)) {
                    rc = cli_error("records merge", "refusing to merge shards of different runs: %s "
                                   "(run %d of the concatenated %s)", diff, runs, files[i]);
                    break;
                }
            }
            if ((added = idset_add(&seen, g->id)) < 0)
                rc = cli_error("records merge", "%s: game id %llu too large", files[i], (unsigned long long)g->id);
            else if (!added)
                ++*dups;
            else if (rec_writer_append(w, g))
                rc = cli_fail("records merge", "cannot write %s: %s", out, rec_writer_error(w));
            else
                ++*games;
        }
    }
    idset_free(&seen);
    return rc;
}

/* Gives the output written so far run's header (a larger --games). */
static int regrow_output(const char *cmd, output *o, const rec_run *run)
{
    char err[600];
    struct stat st;
    uint64_t keep;
    if (rec_writer_flush(o->w))
        return cli_fail(cmd, "cannot write %s: %s", o->tmp.path, rec_writer_error(o->w));
    int fd = open(o->tmp.tmp, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return cli_fail(cmd, "cannot write %s: %s", o->tmp.path, strerror(e));
    }
    int nfd = rec_rewrite_header(fd, o->tmp.tmp, run, (uint64_t)st.st_size, &keep, err, sizeof err);
    if (nfd < 0) {
        close(fd);
        return cli_fail(cmd, "cannot write %s: %s", o->tmp.path, err);
    }
    close(nfd);
    return 0;
}

int records_merge(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES], *out = NULL;
    rec_reader *r[MAX_FILES] = { 0 };
    int nfiles, rc, bad = 0;
    bool force = false, allow_incomplete = false;
    const opt_spec opts[] = {
        { "out", OPT_STR, &out, "OUT", "the merged file", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { "allow-incomplete", OPT_FLAG, &allow_incomplete, NULL, "write OUT and exit 0 when games of the run are "
                                                                 "missing", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records merge", "--out OUT IN... [--force] [--allow-incomplete]",
                            "Merges shards of one self-play run (any number, any order, or concatenated\n"
                            "into one file), keeping each game id once.  Refuses files of different runs;\n"
                            "runs that differ only in --games hold the same games, and merge into the\n"
                            "longer run.\n"
                            "OUT is written whole (a temporary file renamed into place) and may not be\n"
                            "one of the inputs.  When games of the run are missing, OUT is not written\n"
                            "and the exit status is 3 (so a Slurm afterok chain stops, and the rerun\n"
                            "with every shard needs no --force); --allow-incomplete writes it, exit 0.", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    if (!out)
        return cli_error(spec.name, "--out OUT is required");
    uint64_t games = 0, dups = 0;
    output o;
    bool missing = false;
    if (!(rc = open_shards(spec.name, files, nfiles, r))) {
        rec_run run = *rec_reader_run(r[0]);
        run.shard = 0;
        run.shards = 1;
        for (int i = 1; i < nfiles; i++) /* runs that differ in --games hold the same games: the longest */
            if (rec_reader_run(r[i])->games > run.games)
                run.games = rec_reader_run(r[i])->games;
        if (!(rc = create_output(spec.name, out, force, &run, files, nfiles, &o))) {
            /* refused midway (a concatenation of other runs) or failed: OUT stays as it was */
            uint64_t max_games = run.games;
            rc = copy_shards(files, nfiles, r, o.w, out, g, &games, &dups, &bad, &max_games);
            if (!rc && max_games > run.games) { /* a longer run met inside a concatenation */
                run.games = max_games;
                rc = regrow_output(spec.name, &o, &run);
            }
            /* An incomplete merge is not written (unless asked for): an OUT
             * that held part of the run would be taken for the whole, and
             * would make the rerun with every shard need --force. */
            missing = !rc && games < run.games;
            rc = finish_output(spec.name, &o, missing && !allow_incomplete ? EXIT_INCOMPLETE : rc);
        }
        if (rc == EXIT_INCOMPLETE)
            fprintf(stderr, "records merge: %llu of the run's %llu games are in the files, %llu missing (a shard not "
                    "given, or not finished): %s not written (exit 3; --allow-incomplete writes it)\n",
                    (unsigned long long)games, (unsigned long long)run.games,
                    (unsigned long long)(run.games - games), out);
        else if (!rc)
            fprintf(stderr, "records merge: %llu games into %s (%llu duplicates dropped)%s\n",
                    (unsigned long long)games, out, (unsigned long long)dups,
                    missing ? "; some of the run's games are missing (--allow-incomplete)" : "");
    }
    for (int i = 0; i < nfiles; i++)
        if (r[i])
            rec_reader_close(r[i]);
    return bad && (!rc || rc == EXIT_INCOMPLETE) ? 1 : rc; /* a damaged block says more than a missing game */
}

/* The whole of a regular file, NUL-terminated, its length (NUL bytes of
 * its own included) in *size; NULL with a message in err. */
static char *slurp(const char *path, size_t *size, char *err, size_t n)
{
    FILE *f = fio_fopen_read(path, err, n);
    char *text = NULL;
    size_t len = 0, cap = 0, got;
    if (!f)
        return NULL;
    do {
        if (cap - len < 65537) {
            char *t = realloc(text, cap = cap * 2 + 65537);
            if (!t)
                break;
            text = t;
        }
        got = fread(text + len, 1, cap - len - 1, f);
        len += got;
    } while (got);
    if (ferror(f) || cap - len < 1) {
        snprintf(err, n, "%s: %s", path, ferror(f) ? strerror(errno) : "out of memory");
        free(text);
        text = NULL;
    } else {
        text[len] = 0;
        *size = len;
    }
    fclose(f);
    return text;
}

/* The import's sink: the writer, and whether a write failed (a full disk
 * is a failure, exit 1, not the bad input a bad record is). */
typedef struct store {
    rec_writer *w;
    bool failed;
} store;

static int store_game(void *ctx, const rec_game *g)
{
    store *st = ctx;
    st->failed |= rec_writer_append(st->w, g) != 0;
    return st->failed ? -1 : 0;
}

static int import_files(const game_def *gd, const game_format *f, const char **files, int nfiles, const char *out,
                        rec_writer *w, uint64_t *games)
{
    char err[400];
    store st = { w, false };
    for (int i = 0; i < nfiles; i++) {
        size_t len = 0;
        char *text = slurp(files[i], &len, err, sizeof err);
        if (!text)
            return cli_error("records import", "%s", err);
        int got = rec_import(gd, f, text, len, files[i], games, store_game, &st, err, sizeof err);
        free(text);
        if (got < 0 && st.failed)
            return cli_fail("records import", "cannot write %s: %s", out, rec_writer_error(w));
        if (got < 0)
            return cli_error("records import", "%s", err);
    }
    return 0;
}

int records_import(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES], *out = NULL, *format = NULL, *game = NULL;
    int nfiles, rc;
    bool force = false;
    const opt_spec opts[] = {
        { "game", OPT_STR, &game, "NAME", "the game the files hold (default tzaar)", 0, 0, NULL },
        { "format", OPT_STR, &format, "F", "the files' format, one of the game's own: littlegolem (TZAAR)", 0, 0,
          NULL },
        { "out", OPT_STR, &out, "OUT", "the records file to write", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records import", "FILE... [--game NAME] --format F --out OUT [--force]",
                            "Imports records in a format of the game's own (a game without it is\n"
                            "refused): --format littlegolem reads LittleGolem TZAAR records (the rules\n"
                            "page describes them) as games of setup random, or fixed when POS is the\n"
                            "rulebook's.  Stops at the first bad record, naming its file, game and\n"
                            "turn; OUT is then not kept.", opts };
    (void)g;
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    char names[200], err[300];
    rec_format_names(names, sizeof names);
    if (!format)
        return cli_error(spec.name, "say which format: --format %s", names);
    const game_def *gd = cli_game(spec.name, game);
    if (!gd)
        return 2;
    if (!rec_format_known(format))
        return cli_error(spec.name, "unknown --format '%s' (%s)", format, names);
    const game_format *f = rec_format_find(gd, format, err, sizeof err);
    if (!f)
        return cli_error(spec.name, "--format: %s", err);
    if (!out)
        return cli_error(spec.name, "--out OUT is required");
    rec_run run;
    rec_run_init(&run, gd, game_default_players(gd));
    run.source = REC_SOURCE_IMPORT;
    if (rec_run_sign(&run, err, sizeof err)) /* the file's engine signature: the game's bench suite, once */
        return cli_error(spec.name, "%s", err);
    output o;
    if ((rc = create_output(spec.name, out, force, &run, files, nfiles, &o)))
        return rc;
    uint64_t games = 0;
    rc = finish_output(spec.name, &o, import_files(gd, f, files, nfiles, out, o.w, &games));
    if (!rc)
        fprintf(stderr, "records import: %llu games into %s\n", (unsigned long long)games, out);
    return rc;
}

/* Copies every game of a format 1 file into w; 0, or the exit status. */
static int copy_upgraded(const char *in, rec_reader *r, rec_writer *w, const char *out, rec_game *g, uint64_t *games)
{
    int bad = 0;
    while (next_game("records upgrade", in, r, g, &bad) == REC_GAME) {
        if (rec_reader_runs(r) > 1)
            return cli_error("records upgrade", "%s holds %d runs' headers (a concatenation): upgrade each file "
                             "on its own", in, rec_reader_runs(r));
        if (rec_writer_append(w, g))
            return cli_fail("records upgrade", "cannot write %s: %s", out, rec_writer_error(w));
        ++*games;
    }
    return bad ? 1 : 0;
}

int records_upgrade(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES], *out = NULL;
    int nfiles, rc;
    bool force = false;
    const opt_spec opts[] = {
        { "out", OPT_STR, &out, "OUT", "the format 2 file to write", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records upgrade", "IN --out OUT [--force]",
                            "Rewrites a format 1 records file (TZAAR, written before format 2) as format 2:\n"
                            "the same run and the same games.  The engine signature stays unknown (0), so\n"
                            "selfplay --resume still refuses OUT.  OUT is written whole (a temporary file\n"
                            "renamed into place), may not be IN, and is not kept when IN has a bad block.",
                            opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    if (!out)
        return cli_error(spec.name, "--out OUT is required");
    if (nfiles != 1)
        return cli_error(spec.name, "give one input file (%d given)", nfiles);
    rec_reader *r = open_or_say(spec.name, files[0]);
    if (!r)
        return 2;
    if (rec_reader_version(r) != 1) {
        rec_reader_close(r);
        return cli_error(spec.name, "%s is in format %d already", files[0], REC_FORMAT_VERSION);
    }
    output o;
    uint64_t games = 0;
    if (!(rc = create_output(spec.name, out, force, rec_reader_run(r), files, nfiles, &o)))
        rc = finish_output(spec.name, &o, copy_upgraded(files[0], r, o.w, out, g, &games));
    rec_reader_close(r);
    if (!rc)
        fprintf(stderr, "records upgrade: %llu games into %s (format %d)\n", (unsigned long long)games, out,
                REC_FORMAT_VERSION);
    return rc;
}
