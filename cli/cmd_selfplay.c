/* cmd_selfplay.c — `triad selfplay`: checks the options, fixes the run's
 * parameters and hands them to selfplay/run.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/msg.h"
#include "core/num.h"
#include "games/tzaar/player.h"
#include "games/tzaar/setup.h"
#include "selfplay/run.h"
#include "commands.h"
#include "opts.h"

#define SHARDS_MAX 1000000

/* "K/N", 0 <= K < N <= SHARDS_MAX, each read by core/num (no spaces or signs). */
static int parse_shard(const char *s, rec_run *run)
{
    const char *slash = strchr(s, '/');
    char *k_text = slash ? strndup(s, (size_t)(slash - s)) : NULL, why[160];
    uint64_t k, n;
    int rc = 0;
    if (slash && !k_text)
        rc = cli_error("selfplay", "out of memory");
    else if (!slash)
        rc = cli_error("selfplay", "bad --shard '%s' (expected K/N with 0 <= K < N <= %d)", MSG_PATH(s), SHARDS_MAX);
    else if (num_u64(slash + 1, 1, SHARDS_MAX, &n, why, sizeof why))
        rc = cli_error("selfplay", "bad --shard '%s': N '%s' is %s", MSG_PATH(s), MSG_PATH(slash + 1), why);
    else if (num_u64(k_text, 0, n - 1, &k, why, sizeof why))
        rc = cli_error("selfplay", "bad --shard '%s': K '%s' is %s", MSG_PATH(s), MSG_PATH(k_text), why);
    free(k_text);
    if (rc)
        return rc;
    run->shard = (uint32_t)k;
    run->shards = (uint32_t)n;
    return 0;
}

/* Fills the run from the options; 0 or 2 after an error line. */
static int make_run(rec_run *run, uint64_t games, bool games_given, const char *players, const char *white,
                    const char *black, const char *setup, bool seed_given, const char *shard)
{
    if (!games_given || games == 0)
        return cli_error("selfplay", "--games N (N >= 1) is required");
    if (!seed_given)
        return cli_error("selfplay", "--seed S is required");
    if (players && (white || black))
        return cli_error("selfplay", "give --players SPEC or --white SPEC --black SPEC, not both");
    if (!players && !(white && black))
        return cli_error("selfplay", "give --players SPEC, or both --white SPEC and --black SPEC");
    if ((run->setup = setup_kind(setup)) < 0)
        return cli_error("selfplay", "unknown setup '%s' (expected random, fixed or tournament)", setup);
    if (run->paired && games % 2)
        return cli_error("selfplay", "--paired needs an even --games (pairs of games)");
    run->games = games;
    run->shards = 1;
    if (shard && parse_shard(shard, run))
        return 2;
    if (cli_canonical_spec("selfplay", players ? players : white, run->white) ||
        cli_canonical_spec("selfplay", players ? players : black, run->black))
        return 2;
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    const char *players = NULL, *white = NULL, *black = NULL, *setup = "random", *shard = NULL;
    run_opts o = { .threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .flush_seconds = 10 };
    uint64_t games = 0;
    bool games_given = false, seed_given = false;
    const opt_spec opts[] = {
        { "games", OPT_U64, &games, "N", "games in the run (ids 0 .. N-1)", 0, 0, &games_given },
        { "players", OPT_STR, &players, "SPEC", "both players, e.g. random or ab:depth=4", 0, 0, NULL },
        { "white", OPT_STR, &white, "SPEC", "White's player", 0, 0, NULL },
        { "black", OPT_STR, &black, "SPEC", "Black's player", 0, 0, NULL },
        { "setup", OPT_STR, &setup, "KIND", "random (default), fixed or tournament", 0, 0, NULL },
        { "seed", OPT_U64, &o.run.seed, "S", "the run's seed: game i depends on (S, i) alone", 0, 0, &seed_given },
        { "threads", OPT_INT, &o.threads, "T", "worker threads (default: all cores)", 1, 256, NULL },
        { "paired", OPT_FLAG, &o.run.paired, NULL, "play each setup twice, colours exchanged (ids 2k, 2k+1)", 0, 0, NULL },
        { "out", OPT_STR, &o.out, "FILE", "records file to write", 0, 0, NULL },
        { "resume", OPT_FLAG, &o.resume, NULL, "keep FILE's games and play only the missing ones", 0, 0, NULL },
        { "force", OPT_FLAG, &o.force, NULL, "overwrite FILE", 0, 0, NULL },
        { "shard", OPT_STR, &shard, "K/N", "play only setups k with k % N == K", 0, 0, NULL },
        { "quiet", OPT_FLAG, &o.quiet, NULL, "no progress report", 0, 0, NULL },
        { "block-games", OPT_INT, &o.block_games, "N", "games per block (default 1024)", 1, 65536, NULL },
        { "flush-seconds", OPT_DOUBLE, &o.flush_seconds, "X", "write a partial block after X s (default 10)", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "selfplay",
        "--games N (--players SPEC | --white SPEC --black SPEC) [--setup KIND] --seed S [--threads T]\n"
        "       [--paired] --out FILE [--resume | --force] [--shard K/N] [--quiet]",
        "Plays games between engine players and stores them in a records file\n"
        "(docs/records.md).  The games are the same for any --threads; --shard K/N\n"
        "splits a run between machines (merge with triad records merge).",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if ((rc = make_run(&o.run, games, games_given, players, white, black, setup, seed_given, shard)))
        return rc;
    if (!o.out)
        return cli_error("selfplay", "--out FILE is required");
    if (o.resume && o.force)
        return cli_error("selfplay", "give --resume or --force, not both");
    if (o.flush_seconds <= 0)
        return cli_error("selfplay", "--flush-seconds must be positive");
    char err[700];
    if ((rc = run_selfplay(&o, err, sizeof err)))
        cli_error("selfplay", "%s", err);
    return rc;
}
