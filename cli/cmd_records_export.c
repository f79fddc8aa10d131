/* cmd_records_export.c — `triad records export` (every game as JSON lines,
 * CSV, or a game's own external format such as TZAAR's LittleGolem
 * records, for programs outside triad) and `triad records info` (a file's
 * header: the run, its players and how many of its games are there).  The
 * JSON and CSV text is records/record_export's, the same that libtriad's
 * records reader hands out; the external formats are the games' own
 * (records/formats.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/idset.h"
#include "core/jsonw.h"
#include "core/msg.h"
#include "records/formats.h"
#include "records/record.h"
#include "records/record_export.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"

enum { FMT_JSONL, FMT_CSV, FMT_EXTERNAL };

/* Writes every game of the files to out; 0, or the exit status (1 after a
 * bad block or game, which the caller reports).  FMT_EXTERNAL: the format
 * called name of each run's game, refused for a game without it. */
static int export_games(const char *cmd, const char **files, int nfiles, int format, const char *name,
                        bool positions, FILE *out, rec_game *g, int *bad)
{
    buf line = { 0 };
    char err[300];
    int rc = 0;
    if (format == FMT_CSV)
        rec_csv_header(positions, &line);
    for (int i = 0; i < nfiles && !rc; i++) {
        rec_reader *r = open_or_say(cmd, files[i]);
        if (!r) {
            rc = 2;
            break;
        }
        while (!rc && next_game(cmd, files[i], r, g, bad) == REC_GAME) {
            const rec_run *run = rec_reader_run(r);
            int got = 0;
            if (format == FMT_EXTERNAL) {
                const game_format *f = rec_format_find(run->game, name, err, sizeof err);
                if (!f)
                    rc = cli_error(cmd, "%s holds a %s run: %s", files[i], run->game->name, err);
                else if ((got = rec_export(run->game, f, g, run->players, &line, err, sizeof err)))
                    cli_error(cmd, "%s: %s", files[i], err);
            } else {
                got = format == FMT_CSV ? rec_game_csv(run, g, positions, &line, err, sizeof err)
                                        : rec_game_json(run, g, positions, &line, err, sizeof err);
                if (got)
                    cli_error(cmd, "%s: %s", files[i], err);
                else if (format == FMT_JSONL)
                    buf_byte(&line, '\n');
            }
            *bad += got != 0;
            if (line.failed)
                rc = cli_error(cmd, "out of memory");
            else if (line.len && fwrite(line.data, 1, line.len, out) != line.len)
                rc = cli_fail(cmd, "cannot write the output: %s", strerror(errno));
            line.len = 0;
        }
        rec_reader_close(r);
    }
    if (!rc && line.len && fwrite(line.data, 1, line.len, out) != line.len) /* a CSV header alone */
        rc = cli_fail(cmd, "cannot write the output: %s", strerror(errno));
    buf_free(&line);
    return rc;
}

int records_export(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES], *format_name = NULL, *out = NULL;
    int nfiles, rc, bad = 0, format;
    bool positions = false, force = false;
    const opt_spec opts[] = {
        { "format", OPT_STR, &format_name, "F", "jsonl (one JSON object per game), csv (one line per game), or "
          "a game's own format: littlegolem (TZAAR)", 0, 0, NULL },
        { "positions", OPT_FLAG, &positions, NULL, "jsonl, csv: add the position string after every action", 0, 0,
          NULL },
        { "out", OPT_STR, &out, "OUT", "write OUT (whole, renamed into place) instead of stdout", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records export", "FILE... --format jsonl|csv|littlegolem [--positions] [--out OUT [--force]]",
                            "Writes every game of the files (of any game) for programs outside triad:\n"
                            "jsonl, one JSON object per line; csv, a header line then one line per game.\n"
                            "Each game carries its run's fields (game, rules version, run seed, setup,\n"
                            "players, engine signature), its id, rotation and replicate, every seat's\n"
                            "canonical player spec, the start's position string, every action in the\n"
                            "game's notation, scores, ranks, ending and turns: the same keys for every\n"
                            "game (docs/records.md, \"Exporting\").  A game may have formats of its\n"
                            "own: --format littlegolem writes TZAAR games as LittleGolem records\n"
                            "(tournament games from the position after placement); a run of a game\n"
                            "without the format is refused.  Games are written as records cat lists them (a game read twice\n"
                            "is written twice).  OUT is written whole and not kept when a block is bad.",
                            opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    char names[200];
    rec_format_names(names, sizeof names);
    if (!format_name)
        return cli_error(spec.name, "say which format: --format jsonl, csv or %s", names);
    if (!strcmp(format_name, "jsonl"))
        format = FMT_JSONL;
    else if (!strcmp(format_name, "csv"))
        format = FMT_CSV;
    else if (rec_format_known(format_name))
        format = FMT_EXTERNAL;
    else
        return cli_error(spec.name, "unknown --format '%s' (jsonl, csv or %s)", format_name, names);
    if (positions && format == FMT_EXTERNAL)
        return cli_error(spec.name, "--positions applies to --format jsonl and csv only");
    records_out o;
    if ((rc = records_out_begin(spec.name, out, force, files, nfiles, &o)))
        return rc;
    rc = export_games(spec.name, files, nfiles, format, format_name, positions, o.f, g, &bad);
    return records_out_end(spec.name, &o, rc, bad, "a block or game of the input");
}

/* ---- info ---- */

/* What info found of one run of a file. */
typedef struct run_info {
    rec_run run;
    int format, index;
    uint64_t present, duplicates, outside;
    int bad;
} run_info;

static void text_field(const char *label, const char *value)
{
    char shown[600];
    printf("  %-18s %s\n", label, msg_escape(shown, sizeof shown, value));
}

/* A variant's every parameter, "first=full, pie=0 (the rulebook: first=capture, pie=0)". */
static void params_line(const game_def *g, char *out, size_t n)
{
    size_t len = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass && len < n)
            len += (size_t)snprintf(out + len, n - len, " (the rulebook: ");
        for (int i = 0; i < game_param_count(g) && len < n; i++) {
            char v[32];
            game_param_text(pass ? game_base(g) : g, i, v, sizeof v);
            len += (size_t)snprintf(out + len, n - len, "%s%s=%s", i ? ", " : "", game_base(g)->params[i].name, v);
        }
    }
    if (len < n)
        snprintf(out + len, n - len, ")");
}

static void print_info_text(const char *path, int runs, const run_info *ri)
{
    const rec_run *run = &ri->run;
    char line[700], shown[600];
    if (runs > 1)
        printf("%s, run %d:\n", msg_escape(shown, sizeof shown, path), ri->index);
    else
        printf("%s:\n", msg_escape(shown, sizeof shown, path));
    snprintf(line, sizeof line, "%d", ri->format);
    text_field("format", line);
    text_field("game", run->game->name);
    if (run->game->base) { /* a variant (the rulebook's files say nothing more) */
        params_line(run->game, line, sizeof line);
        text_field("parameters", line);
    }
    text_field("rules_version", run->rules_version);
    text_field("source", run->source == REC_SOURCE_SELFPLAY ? "selfplay" : "import");
    snprintf(line, sizeof line, "%d", run->players);
    text_field("players", line);
    for (int i = 0; i < run->players; i++) {
        char label[32];
        snprintf(label, sizeof label, "player %d", i);
        text_field(label, run->specs[i]);
    }
    if (run->npositions) {
        snprintf(line, sizeof line, "a list of %llu positions (--positions; checksum %016llx)",
                 (unsigned long long)run->npositions, (unsigned long long)run->positions_sum);
        text_field("starts", line);
    } else
        text_field("setup", rec_setup_name(run, run->setup));
    snprintf(line, sizeof line, "%d (rotate: %s)", run->rotations,
             run->rotate == (REC_ROTATE_PIECES | REC_ROTATE_PLAYERS) ? "pieces,players, --paired"
             : run->rotate & REC_ROTATE_PLAYERS                      ? "players"
                                                                     : "pieces");
    text_field("rotations", run->rotations > 1 ? line : "1");
    snprintf(line, sizeof line, "%d", run->replicates);
    text_field("replicates", line);
    snprintf(line, sizeof line, "%llu", (unsigned long long)run->seed);
    text_field("run_seed", line);
    snprintf(line, sizeof line, "%016llx%s", (unsigned long long)run->engine_sig,
             run->engine_sig ? "" : " (unknown: a format 1 file)");
    text_field("engine_signature", line);
    snprintf(line, sizeof line, "%u/%u%s", run->shard, run->shards ? run->shards : 1,
             run->shards > 1 ? "" : " (the whole run)");
    text_field("shard", line);
    if (run->source == REC_SOURCE_SELFPLAY)
        snprintf(line, sizeof line, "%llu present of %llu expected (the run has %llu)", (unsigned long long)ri->present,
                 (unsigned long long)rec_run_shard_games(run), (unsigned long long)run->games);
    else
        snprintf(line, sizeof line, "%llu present (an import: open-ended)", (unsigned long long)ri->present);
    text_field("games", line);
    if (ri->duplicates || ri->outside || ri->bad) {
        snprintf(line, sizeof line, "%llu ids twice, %llu ids outside the run or shard, %d bad blocks",
                 (unsigned long long)ri->duplicates, (unsigned long long)ri->outside, ri->bad);
        text_field("problems", line);
    }
}

static void print_info_json(buf *b, const run_info *ri)
{
    const rec_run *run = &ri->run;
    jsonw_printf(b, "{\"run\":%d,\"format\":%d,", ri->index, ri->format);
    rec_run_json_fields(run, b);
    if (run->game->base) { /* a variant's every parameter, as text */
        jsonw_key(b, "parameters", 0);
        buf_byte(b, '{');
        for (int i = 0; i < game_param_count(run->game); i++) {
            char v[32];
            jsonw_key(b, game_base(run->game)->params[i].name, i == 0);
            jsonw_string(b, game_param_text(run->game, i, v, sizeof v));
        }
        buf_byte(b, '}');
    }
    jsonw_printf(b, ",\"score_scale\":%d,\"games_present\":%llu,\"games_expected\":", run->score_scale,
                 (unsigned long long)ri->present);
    if (run->source == REC_SOURCE_SELFPLAY)
        jsonw_printf(b, "%llu", (unsigned long long)rec_run_shard_games(run));
    else
        jsonw_raw(b, "null");
    jsonw_printf(b, ",\"duplicates\":%llu,\"outside\":%llu,\"bad_blocks\":%d}", (unsigned long long)ri->duplicates,
                 (unsigned long long)ri->outside, ri->bad);
}

/* Reads one file, calling done(ctx, info) at the end of each of its runs. */
static int info_file(const char *path, rec_game *g, void (*done)(void *ctx, const run_info *ri), void *ctx,
                     int *bad_total)
{
    rec_reader *r = open_or_say("records info", path);
    if (!r)
        return 2;
    run_info ri = { .run = *rec_reader_run(r), .format = rec_reader_version(r), .index = 1 };
    idset seen = { 0 };
    int rc;
    while ((rc = rec_reader_next(r, g)) != REC_END) {
        if (rc == REC_GAME && rec_reader_runs(r) != ri.index) {
            done(ctx, &ri);
            idset_free(&seen);
            ri = (run_info){ .run = *rec_reader_run(r), .format = rec_reader_version(r), .index = rec_reader_runs(r) };
        }
        if (rc == REC_BAD) {
            cli_error("records info", "%s: %s", path, rec_reader_error(r));
            ri.bad++;
            ++*bad_total;
        } else if (ri.run.source == REC_SOURCE_SELFPLAY && (g->id >= ri.run.games || !rec_in_shard(&ri.run, g->id))) {
            ri.outside++;
        } else if (ri.run.source == REC_SOURCE_SELFPLAY) {
            int added = idset_add(&seen, g->id);
            if (added < 0) {
                idset_free(&seen);
                rec_reader_close(r);
                return cli_error("records info", "out of memory");
            }
            if (added)
                ri.present++;
            else
                ri.duplicates++;
        } else {
            ri.present++;
        }
    }
    done(ctx, &ri);
    idset_free(&seen);
    rec_reader_close(r);
    return 0;
}

typedef struct info_ctx {
    const char *path;
    bool json;
    buf *b;
    int runs;
    run_info *first; /* text: a run is printed when the next begins, so "run N" is known */
} info_ctx;

static void info_done(void *vctx, const run_info *ri)
{
    info_ctx *c = vctx;
    if (c->json) {
        if (c->runs++)
            buf_byte(c->b, ',');
        print_info_json(c->b, ri);
    } else {
        if (c->runs++ == 1)
            print_info_text(c->path, 2, c->first);
        if (c->runs == 1)
            *c->first = *ri;
        else
            print_info_text(c->path, 2, ri);
    }
}

int records_info(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc, bad = 0;
    bool json = false;
    const opt_spec opts[] = { { "json", OPT_FLAG, &json, NULL, "print one JSON object", 0, 0, NULL }, { 0 } };
    const cmd_spec spec = { "records info", "FILE... [--json]",
                            "Prints each file's header: format, game and rules version, where the games\n"
                            "came from, every seat's canonical player spec, setup, rotations (what a\n"
                            "rotation moves), replicates, run seed, engine signature and shard; then how\n"
                            "many games are present and how many the run (or its shard) has.  A\n"
                            "concatenated file's runs are listed one by one.  Exits 1 when a block is bad.",
                            opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    buf b = { 0 };
    run_info *first = malloc(sizeof *first);
    if (!first)
        return cli_error(spec.name, "out of memory");
    if (json)
        jsonw_raw(&b, "{\"files\":[");
    for (int i = 0; i < nfiles && !rc; i++) {
        info_ctx c = { files[i], json, &b, 0, first };
        if (json) {
            if (i)
                buf_byte(&b, ',');
            jsonw_raw(&b, "{\"file\":");
            jsonw_string(&b, files[i]);
            jsonw_raw(&b, ",\"runs\":[");
        }
        rc = info_file(files[i], g, info_done, &c, &bad);
        if (!rc && !json && c.runs == 1)
            print_info_text(files[i], 1, first);
        if (json)
            jsonw_raw(&b, "]}");
    }
    free(first);
    if (json && !rc) {
        jsonw_raw(&b, "]}\n");
        if (b.failed)
            rc = cli_error(spec.name, "out of memory");
        else
            fwrite(b.data, 1, b.len, stdout);
    }
    buf_free(&b);
    return rc ? rc : bad ? 1 : 0;
}
