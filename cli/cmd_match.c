/* cmd_match.c — `triad match`: paired games between two players through the
 * self-play machinery, scored as they arrive. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/fileio.h"
#include "games/tzaar/game_tzaar.h"
#include "games/tzaar/setup.h"
#include "eval/match.h"
#include "selfplay/run.h"
#include "commands.h"
#include "opts.h"

static void print_elo(double x)
{
    if (isfinite(x))
        printf("%+.1f", x);
    else
        printf(x > 0 ? "+inf" : "-inf");
}

static void json_elo(double x)
{
    if (isfinite(x))
        printf("%.3f", x + 0.0); /* + 0.0: no "-0.000" */
    else
        printf("null");
}

static void report(const match_tally *t, const run_opts *o, bool json)
{
    penta_estimate e = penta_estimate_from(t->penta, Z95);
    double score = t->games ? (double)t->a_wins / (double)t->games : 0;
    static const char *const decisions[3] = { "H0 accepted (not better by elo1)", "continue", "H1 accepted" };
    if (json) {
        printf("{\"a\":");
        cli_json_string(stdout, o->run.specs[0]);
        printf(",\"b\":");
        cli_json_string(stdout, o->run.specs[1]);
        printf(",\"games\":%llu,\"pairs\":%llu,\"score\":%.6f,\"elo\":", (unsigned long long)t->games,
               (unsigned long long)e.pairs, score);
        json_elo(e.elo);
        printf(",\"elo_ci95\":[");
        json_elo(e.elo_ci.lo);
        printf(",");
        json_elo(e.elo_ci.hi);
        printf("],\"pentanomial\":[%llu,%llu,%llu,%llu,%llu]", (unsigned long long)t->penta[0],
               (unsigned long long)t->penta[1], (unsigned long long)t->penta[2], (unsigned long long)t->penta[3],
               (unsigned long long)t->penta[4]);
        if (t->sprt)
            printf(",\"sprt\":{\"llr\":%.4f,\"lower\":%.4f,\"upper\":%.4f,\"decision\":\"%s\"}", t->last.llr,
                   t->last.lower, t->last.upper, t->last.decision > 0 ? "H1" : t->last.decision < 0 ? "H0" : "none");
        printf("}\n");
        return;
    }
    printf("A: %s\nB: %s\n", o->run.specs[0], o->run.specs[1]);
    printf("%llu games (%llu complete pairs): A scores %.1f%% (%llu wins)\n", (unsigned long long)t->games,
           (unsigned long long)e.pairs, 100 * score, (unsigned long long)t->a_wins);
    printf("Elo ");
    print_elo(e.elo);
    printf(", 95%% interval [");
    print_elo(e.elo_ci.lo);
    printf(", ");
    print_elo(e.elo_ci.hi);
    printf("] (pentanomial model, docs/tuning.md)\n");
    printf("pentanomial, pairs by A's points 0 / 0.5 / 1 / 1.5 / 2: %llu %llu %llu %llu %llu\n",
           (unsigned long long)t->penta[0], (unsigned long long)t->penta[1], (unsigned long long)t->penta[2],
           (unsigned long long)t->penta[3], (unsigned long long)t->penta[4]);
    if (t->sprt)
        printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f in [%.3f, %.3f]: %s\n", t->sprt->elo0, t->sprt->elo1,
               t->sprt->alpha, t->sprt->beta, t->last.llr, t->last.lower, t->last.upper,
               decisions[t->last.decision + 1]);
}

int cmd_match(int argc, char **argv)
{
    const char *a = NULL, *b = NULL, *setup = "random", *sprt_text = NULL;
    uint64_t games = 0, seed = 1;
    bool json = false;
    run_opts o = { .threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .flush_seconds = 10 };
    const opt_spec opts[] = {
        { "a", OPT_STR, &a, "SPEC", "player A, e.g. ab:depth=2,weights=tuned.txt", 0, 0, NULL },
        { "b", OPT_STR, &b, "SPEC", "player B", 0, 0, NULL },
        { "games", OPT_U64, &games, "N", "games, an even number: N/2 setups played twice", 0, 0, NULL },
        { "setup", OPT_STR, &setup, "KIND", "random (default), fixed or tournament", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "the run's seed (default 1)", 0, 0, NULL },
        { "threads", OPT_INT, &o.threads, "T", "worker threads (default: all cores)", 1, 256, NULL },
        { "out", OPT_STR, &o.out, "FILE", "keep the games in this records file (default: a temporary file)", 0, 0,
          NULL },
        { "force", OPT_FLAG, &o.force, NULL, "overwrite --out", 0, 0, NULL },
        { "sprt", OPT_STR, &sprt_text, "SPEC", "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05",
          0, 0, NULL },
        { "quiet", OPT_FLAG, &o.quiet, NULL, "no progress report", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "match", "--a SPEC --b SPEC --games N [--setup KIND] [--seed S] [--threads T] [--out FILE] [--sprt SPEC] [--json]",
        "Plays paired games between A and B: every setup twice, the second time with\n"
        "every piece recoloured and the players exchanged, so each moves first once on\n"
        "the same arrangement.  Reports A's score, the Elo difference with a 95% interval\n"
        "from the pentanomial counts, and the counts; --sprt stops as soon as the test\n"
        "decides.  Reproducible like selfplay (docs/tuning.md).",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!a || !b)
        return cli_error("match", "--a SPEC and --b SPEC are required");
    if (games < 2 || games % 2)
        return cli_error("match", "--games must be an even number of at least 2 (pairs of games)");
    int setup_k = setup_kind(setup);
    if (setup_k < 0)
        return cli_error("match", "unknown setup '%s' (expected random, fixed or tournament)", setup);
    rec_run_init(&o.run, &game_tzaar, 2);
    o.run.setup = setup_k;
    char err[600];
    match_sprt sprt;
    if (sprt_text && match_sprt_parse(sprt_text, &sprt, err, sizeof err))
        return cli_error("match", "%s", err);
    if ((rc = cli_canonical_spec("match", a, o.run.specs[0])) || (rc = cli_canonical_spec("match", b, o.run.specs[1])))
        return rc;
    o.run.games = games;
    o.run.seed = seed;
    o.run.rotations = 2; /* v1's pair: the same arrangement, pieces and players exchanged */
    o.run.rotate = REC_ROTATE_PIECES | REC_ROTATE_PLAYERS;

    o.no_resume = true;
    char tmp[] = "/tmp/triad-match-XXXXXX";
    int tmp_slot = -1;
    if (!o.out) {
        int fd = mkstemp(tmp);
        if (fd < 0)
            return cli_error("match", "cannot create a temporary records file in /tmp: %s", strerror(errno));
        close(fd);
        tmp_slot = fio_cleanup_add(tmp); /* removed on SIGINT or SIGTERM too */
        o.out = tmp;
        o.force = true;
    }
    match_tally t;
    if (match_tally_init(&t, games, sprt_text ? &sprt : NULL))
        return cli_error("match", "out of memory");
    o.on_game = match_on_game;
    o.on_game_ctx = &t;
    rc = run_selfplay(&o, err, sizeof err);
    if (o.out == tmp) {
        unlink(tmp);
        fio_cleanup_remove(tmp_slot);
    }
    if (rc) {
        match_tally_free(&t);
        cli_error("match", "%s", err);
        return rc; /* 2 refused (bad --out), 1 failed while playing or writing */
    }
    report(&t, &o, json);
    match_tally_free(&t);
    return 0;
}
