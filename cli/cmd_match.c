/* cmd_match.c — `triad match`: games between two players of any game
 * through the self-play machinery, scored as they arrive (eval/match.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/fileio.h"
#include "eval/match.h"
#include "selfplay/run.h"
#include "commands.h"
#include "opts.h"

static void print_elo(double x)
{
    if (isfinite(x))
        printf("%+.1f", x);
    else
        printf(isnan(x) ? "n/a" : x > 0 ? "+inf" : "-inf");
}

static void json_elo(double x)
{
    if (isfinite(x))
        printf("%.3f", x + 0.0); /* + 0.0: no "-0.000" */
    else
        printf("null");
}

/* An interval from fewer than two observations (one setup) is none: "n/a", null. */
static void print_interval(const char *what, double mean, interval ci, double scale, const char *unit)
{
    int prec = scale == 100 ? 1 : 2;
    printf("%s %.*f%s, 95%% interval ", what, prec, mean * scale, unit);
    if (interval_ok(ci))
        printf("[%.*f, %.*f]", prec, ci.lo * scale, prec, ci.hi * scale);
    else
        printf("n/a (one setup)");
}

static void json_interval(const char *name, double mean, interval ci)
{
    printf(",\"%s\":%.6f,\"%s_ci95\":", name, mean + 0.0, name);
    if (interval_ok(ci))
        printf("[%.6f,%.6f]", ci.lo + 0.0, ci.hi + 0.0);
    else
        printf("null");
}

/* N > 2 players: A's share of the points, rank and score over setups. */
static void report_nway(const match_tally *t, const run_opts *o, bool json)
{
    match_nway e = match_nway_estimate(t);
    int n = t->players;
    if (json) {
        printf("{\"game\":");
        cli_json_string(stdout, o->run.game->name);
        printf(",\"players\":%d,\"a\":", n);
        cli_json_string(stdout, o->run.specs[0]);
        printf(",\"b\":");
        cli_json_string(stdout, o->run.specs[1]);
        printf(",\"games\":%llu,\"setups\":%llu,\"fair_share\":%.6f", (unsigned long long)t->games,
               (unsigned long long)e.setups, 1.0 / n);
        json_interval("share", e.share, e.share_ci);
        json_interval("mean_rank", e.rank, e.rank_ci);
        json_interval("mean_score", e.score, e.score_ci);
        printf(",\"ranks\":[");
        for (int r = 0; r < n; r++)
            printf("%s%llu", r ? "," : "", (unsigned long long)t->ranks[r]);
        printf("]}\n");
        return;
    }
    printf("A: %s\nB: %s (in the other %d seats)\n", o->run.specs[0], o->run.specs[1], n - 1);
    printf("%llu games, %llu setups each played with A in every seat\n", (unsigned long long)t->games,
           (unsigned long long)e.setups);
    print_interval("A's share of the points", e.share, e.share_ci, 100, "%");
    printf(" (an equal player's: %.1f%%)\n", 100.0 / n);
    print_interval("A's mean rank", e.rank, e.rank_ci, 1, "");
    printf(" of %d (ties share the better rank)\n", n);
    print_interval("A's mean score", e.score, e.score_ci, 1, "");
    printf("\nA's games by rank, first to last:");
    for (int r = 0; r < n; r++)
        printf(" %llu", (unsigned long long)t->ranks[r]);
    printf("\nintervals: Student t over setups (a setup's %d games are one observation)\n", n);
}

static void report(const match_tally *t, const run_opts *o, bool json)
{
    if (t->players > 2) {
        report_nway(t, o, json);
        return;
    }
    penta_estimate e = penta_estimate_from(t->penta, Z95);
    double score = e.pairs ? e.score : 0; /* over complete pairs, as the Elo */
    static const char *const decisions[3] = { "H0 accepted (not better by elo1)", "continue", "H1 accepted" };
    if (json) {
        printf("{\"a\":");
        cli_json_string(stdout, o->run.specs[0]);
        printf(",\"b\":");
        cli_json_string(stdout, o->run.specs[1]);
        printf(",\"games\":%llu,\"pairs\":%llu,\"score\":%.6f,\"elo\":", (unsigned long long)t->games,
               (unsigned long long)e.pairs, score);
        json_elo(e.elo);
        printf(",\"elo_ci95\":");
        if (interval_ok(e.elo_ci)) {
            printf("[");
            json_elo(e.elo_ci.lo);
            printf(",");
            json_elo(e.elo_ci.hi);
            printf("]");
        } else {
            printf("null");
        }
        printf(",\"pentanomial\":[%llu,%llu,%llu,%llu,%llu]", (unsigned long long)t->penta[0],
               (unsigned long long)t->penta[1], (unsigned long long)t->penta[2], (unsigned long long)t->penta[3],
               (unsigned long long)t->penta[4]);
        if (t->sprt)
            printf(",\"sprt\":{\"model\":\"%s\",\"llr\":%.4f,\"lower\":%.4f,\"upper\":%.4f,\"decision\":\"%s\","
                   "\"interval_corrected\":false}",
                   t->sprt->model == SPRT_LOGISTIC ? "logistic" : "normalized", t->last.llr, t->last.lower,
                   t->last.upper, t->last.decision > 0 ? "H1" : t->last.decision < 0 ? "H0" : "none");
        printf(",\"game\":");
        cli_json_string(stdout, o->run.game->name);
        printf(",\"players\":2}\n");
        return;
    }
    printf("A: %s\nB: %s\n", o->run.specs[0], o->run.specs[1]);
    printf("%llu games (%llu complete pairs): A scores %.1f%% over the complete pairs (%llu wins in all)\n",
           (unsigned long long)t->games, (unsigned long long)e.pairs, 100 * score, (unsigned long long)t->a_wins);
    printf("Elo ");
    print_elo(e.elo);
    if (interval_ok(e.elo_ci)) {
        printf(", 95%% interval [");
        print_elo(e.elo_ci.lo);
        printf(", ");
        print_elo(e.elo_ci.hi);
        printf("]");
    } else {
        printf(", 95%% interval n/a (fewer than two complete pairs)");
    }
    printf(" (pentanomial model, docs/tuning.md)\n");
    printf("pentanomial, pairs by A's points 0 / 0.5 / 1 / 1.5 / 2: %llu %llu %llu %llu %llu\n",
           (unsigned long long)t->penta[0], (unsigned long long)t->penta[1], (unsigned long long)t->penta[2],
           (unsigned long long)t->penta[3], (unsigned long long)t->penta[4]);
    if (!t->sprt)
        return;
    printf("SPRT (exact pentanomial GSPRT, %s Elo) elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f in [%.3f, %.3f]: %s\n",
           t->sprt->model == SPRT_LOGISTIC ? "logistic" : "normalized", t->sprt->elo0, t->sprt->elo1,
           t->sprt->alpha, t->sprt->beta, t->last.llr, t->last.lower, t->last.upper, decisions[t->last.decision + 1]);
    if (t->last.decision)
        printf("the match stopped when the test decided: the Elo interval above is not corrected for that "
               "stopping rule (it is biased away from 0)\n");
}

int cmd_match(int argc, char **argv)
{
    const char *a = NULL, *b = NULL, *setup = NULL, *sprt_text = NULL, *game = NULL;
    uint64_t games = 0, seed = CLI_SEED_DEFAULT;
    int nplayers = 0;
    bool json = false;
    run_opts o = { .threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .flush_seconds = 10 };
    const opt_spec opts[] = {
        { "game", OPT_STR, &game, "NAME", "the game (default tzaar; triad help lists them)", 0, 0, NULL },
        { "nplayers", OPT_INT, &nplayers, "N", "seats (default: the game's); N > 2: A against N-1 copies of B",
          2, GAME_MAX_PLAYERS, NULL },
        { "a", OPT_STR, &a, "SPEC", "player A, e.g. ab:depth=2,weights=tuned.txt", 0, 0, NULL },
        { "b", OPT_STR, &b, "SPEC", "player B", 0, 0, NULL },
        { "games", OPT_U64, &games, "N", "games, a multiple of the seats: N/seats setups, each played once "
                                        "with A in every seat", 0, 0, NULL },
        { "setup", OPT_STR, &setup, "KIND", "the game's setup (default: the game's; TZAAR: random (default), "
                                           "fixed or tournament)", 0, 0, NULL },
        { "seed", OPT_U64, &seed, "S", "the run's seed (default 1)", 0, 0, NULL },
        { "threads", OPT_INT, &o.threads, "T", "worker threads (default: all cores)", 1, 256, NULL },
        { "out", OPT_STR, &o.out, "FILE", "keep the games in this records file (default: a temporary file)", 0, 0,
          NULL },
        { "force", OPT_FLAG, &o.force, NULL, "overwrite --out", 0, 0, NULL },
        { "sprt", OPT_STR, &sprt_text, "SPEC", "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05,"
                                               "model=normalized (or logistic; docs/tuning.md)",
          0, 0, NULL },
        { "quiet", OPT_FLAG, &o.quiet, NULL, "no progress report", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "match", "[--game NAME] [--nplayers N] --a SPEC --b SPEC --games N [--setup KIND] [--seed S]\n"
                 "       [--threads T] [--out FILE] [--sprt SPEC] [--json]",
        "Two players: paired games between A and B, every setup twice from the same\n"
        "position, the players swapping sides.  Reports A's score over complete pairs\n"
        "(a shared first place is half a point), the Elo difference with a 95% interval\n"
        "from the pentanomial counts, and the counts; --sprt stops as soon as the test\n"
        "decides.  Placements (TZAAR's tournament setup) are made in each game by its\n"
        "own players, so there the one who places first alternates.\n"
        "N > 2 players: A against N-1 copies of B, every setup once with A in each seat;\n"
        "reports A's share of the points, mean rank and mean score with 95% intervals\n"
        "over setups.  Reproducible like selfplay (docs/tuning.md).",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!a || !b)
        return cli_error("match", "--a SPEC and --b SPEC are required");
    const game_def *g = cli_game("match", game);
    if (!g)
        return 2;
    int players = nplayers ? nplayers : g->default_players ? g->default_players : g->min_players;
    if (players < 2 || players < g->min_players || players > g->max_players)
        return cli_error("match", "--nplayers: %s is a game for %d to %d players, not %d (a match needs 2 or more)",
                         g->name, g->min_players, g->max_players, players);
    int per_setup = players == 2 ? 2 : players;
    if (games < (uint64_t)per_setup || games % (uint64_t)per_setup)
        return cli_error("match", "--games must be a multiple of %d of at least %d (%s)", per_setup, per_setup,
                         players == 2 ? "pairs of games" : "A in every seat of each setup");
    if (sprt_text && players != 2)
        return cli_error("match", "--sprt is for 2-player matches (pentanomial pairs)");
    rec_run_init(&o.run, g, players);
    o.run.setup = -1;
    if (!setup)
        setup = cli_default_setup(g);
    for (int i = 0; g->setup_names[i]; i++)
        if (!strcmp(g->setup_names[i], setup))
            o.run.setup = i;
    if (o.run.setup < 0)
        return cli_error("match", "unknown setup '%s' for %s", setup, g->name);
    char err[600];
    unsigned char probe[REC_STATE_MAX]; /* a setup the game refuses for this many players */
    if (g->setup(probe, setup, players, 0, err, sizeof err))
        return cli_error("match", "%s", err);
    match_sprt sprt;
    if (sprt_text && match_sprt_parse(sprt_text, &sprt, err, sizeof err))
        return cli_error("match", "%s", err);
    /* A is listed first, B in every other seat. */
    if ((rc = cli_canonical_spec("match", g, a, o.run.specs[0])))
        return rc;
    for (int k = 1; k < players; k++)
        if ((rc = cli_canonical_spec("match", g, b, o.run.specs[k])))
            return rc;
    o.run.games = games;
    o.run.seed = seed;
    o.run.rotations = per_setup;
    /* The same start every time, the players moved a seat on: with two
     * players, the standard pair (same position, players swap sides), which
     * cancels the start's own bias within each pair. */
    o.run.rotate = REC_ROTATE_PLAYERS;

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
    if (match_tally_init(&t, players, games, sprt_text ? &sprt : NULL))
        return cli_error("match", "out of memory");
    o.on_game = match_on_game;
    o.on_game_ctx = &t;
    rc = run_selfplay(&o, err, sizeof err);
    if (o.out == tmp) {
        unlink(tmp);
        fio_cleanup_remove(tmp_slot);
    }
    if (rc == RUN_STOPPED) { /* no figures from a match cut short; its games are kept in --out */
        if (o.out == tmp)
            fprintf(stderr, "triad match: stopped by %s before the end (no --out: its games are not kept)\n",
                    fio_signal_name(fio_stop_requested()));
        else
            fprintf(stderr, "triad match: %s\n", err);
        fio_stop_exit(fio_stop_requested());
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
