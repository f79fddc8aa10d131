/* cmd_match_merge.c — the parts of `triad match` that make it a harness
 * besides playing: `triad match merge` (the report over a match's records
 * files: its shards, or its --out). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "records/dedup.h"
#include "cmd_match.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"

/* Whether run is a match's: A listed first, B in every other seat, the
 * players moved a seat on in each of the setup's games. */
static bool is_match_run(const rec_run *run)
{
    if (run->source != REC_SOURCE_SELFPLAY || run->rotate != REC_ROTATE_PLAYERS || run->rotations != run->players ||
        run->replicates > 1 || run->players < 2)
        return false;
    for (int k = 2; k < run->players; k++)
        if (strcmp(run->specs[k], run->specs[1]))
            return false;
    return true;
}

/* Reads every game of the files into t, checking they hold one match:
 * first gets its run.  0, or 2 after the error line. */
static int read_match(const char *const *files, int nfiles, rec_run *first, match_tally *t)
{
    char err[600], diff[400];
    rec_game *g = malloc(sizeof *g);
    rec_dedup seen = { 0 };
    const char *first_path = NULL;
    bool have = false;
    int rc = g ? 0 : cli_error("match merge", "out of memory");
    for (int i = 0; i < nfiles && !rc; i++) {
        const char *path = files[i];
        rec_reader *r = rec_reader_open(path, err, sizeof err);
        if (!r) {
            rc = cli_error("match merge", "%s", err);
            break;
        }
        int got;
        while (!rc && (got = rec_reader_next(r, g)) != REC_END) {
            const rec_run *run = rec_reader_run(r);
            if (got == REC_BAD) {
                rc = cli_error("match merge", "%s: %s", MSG_PATH(path), rec_reader_error(r));
                break;
            }
            if (!have) {
                if (!is_match_run(run)) {
                    rc = cli_error("match merge", "%s holds no match (a selfplay run?)", MSG_PATH(path));
                    break;
                }
                *first = *run;
                first_path = path;
                have = true;
                if (match_tally_init(t, run->players, run->games, NULL))
                    rc = cli_error("match merge", "out of memory");
            } else if (rec_run_diff(first, run, REC_DIFF_GAMES, first_path, path, diff, sizeof diff)) {
                rc = cli_error("match merge", "%s and %s hold different matches: %s", MSG_PATH(first_path),
                               MSG_PATH(path), diff);
                break;
            }
            int added = rc ? 0 : rec_dedup_add(&seen, run, g);
            if (added < 0)
                rc = cli_error("match merge", "out of memory");
            else if (added && g->id < first->games)
                match_on_game(g, t);
        }
        rec_reader_close(r);
    }
    free(g);
    rec_dedup_free(&seen);
    if (!rc && !have)
        rc = cli_error("match merge", "the files hold no games");
    return rc;
}

/* What match merge is told, and its options (the table at file scope). */
typedef struct merge_args {
    const char *sprt_text;
    bool json, quiet, allow_incomplete;
} merge_args;

#define MERGE_OPTS(a)                                                                                             \
    { "sprt", OPT_STR, &(a).sprt_text, "SPEC", "the SPRT over all the games: elo0=0,elo1=10,alpha=0.05,beta=0.05," \
                                               "model=normalized (or logistic); elo0 < elo1 in "                  \
                                               "[-1000, 1000], alpha, beta in [1e-6, 0.5)", 0, 0, NULL },          \
    { "json", OPT_FLAG, &(a).json, NULL, "print the figures as one JSON object", 0, 0, NULL },                    \
    { "quiet", OPT_FLAG, &(a).quiet, NULL, "no line about missing games", 0, 0, NULL },                            \
    { "allow-incomplete", OPT_FLAG, &(a).allow_incomplete, NULL, "exit 0 when games of the match are missing", 0, 0, \
      NULL }

static const char merge_about[] =
    "The match's report over its records files together: the shards of one match\n"
    "(triad match --shard K/N --out FILE on each machine) or a match's --out.  The\n"
    "files must hold one match run (the same players, games, seed, setup and\n"
    "options; only the shard differs); a game read twice counts once.  --sprt runs\n"
    "the test on all the games (a shard plays all its games and tests nothing).\n"
    "Games of the run that no file holds are counted on stderr, and the exit status\n"
    "is then 3, as records merge's (a partial match is not the whole one), unless\n"
    "--allow-incomplete; to get one records file, use triad records merge.";

/* triad match merge FILE...: the statistics of a match's records files
 * (its shards, or a match's --out) taken together, as the match would
 * report them had it played them all. */
int cmd_match_merge(int argc, char **argv)
{
    merge_args a = { 0 };
    const opt_spec opts[] = { MERGE_OPTS(a), { 0 } };
    const cmd_spec spec = { "match merge", "FILE... [--sprt SPEC] [--json] [--allow-incomplete]", merge_about, opts };
    static const char *files[MAX_FILES];
    int nfiles, rc = parse(&spec, argc, argv, files, &nfiles, true);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[600];
    match_sprt sprt;
    if (a.sprt_text && match_sprt_parse(a.sprt_text, &sprt, err, sizeof err))
        return cli_error("match merge", "%s", err);
    rec_run first = { 0 };
    run_opts o = { 0 };
    match_tally t = { 0 };
    if ((rc = read_match(files, nfiles, &first, &t))) {
        match_tally_free(&t);
        return rc;
    }
    if (a.sprt_text && t.players == 2) {
        t.sprt = &sprt;
        t.last = sprt_penta(t.penta, sprt.model, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta);
    } else if (a.sprt_text)
        fprintf(stderr, "match merge: --sprt is for 2-player matches; ignored\n");
    first.shard = 0;
    first.shards = 1;
    o.run = first;
    if (!a.quiet && t.games < first.games)
        fprintf(stderr, "match merge: %llu of the match's %llu games are in the files (%llu missing: a shard not "
                "given, or not finished)%s\n", (unsigned long long)t.games, (unsigned long long)first.games,
                (unsigned long long)(first.games - t.games), a.allow_incomplete ? "" : ": exit status 3");
    cmd_match_report(&t, &o, a.json, false);
    bool missing = t.games < first.games;
    match_tally_free(&t);
    return missing && !a.allow_incomplete ? EXIT_INCOMPLETE : 0;
}
