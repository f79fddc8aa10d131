/* cmd_match.c — `triad match`: games between two players of any game
 * through the self-play machinery, scored as they arrive (eval/match.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/replay.h"
#include "core/fileio.h"
#include "core/jsonw.h"
#include "core/msg.h"
#include "eval/match.h"
#include "selfplay/run.h"
#include "progress.h"
#include "cmd_match.h"
#include "commands.h"
#include "opts.h"

static void print_elo(double x)
{
    if (isfinite(x))
        printf("%+.1f", x);
    else
        printf(isnan(x) ? "n/a" : x > 0 ? "+inf" : "-inf");
}

/* key NULL: an array's element, as jsonw_fkv_num. */
static void json_elo(const char *key, double x, int first)
{
    jsonw_fkv_num(stdout, key, "%.3f", x + 0.0, first); /* + 0.0: no "-0.000" */
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
    char key[64];
    jsonw_fkv_num(stdout, name, "%.6f", mean + 0.0, 0);
    snprintf(key, sizeof key, "%s_ci95", name);
    jsonw_fkey(stdout, key, 0);
    if (interval_ok(ci)) {
        putchar('[');
        jsonw_fkv_num(stdout, NULL, "%.6f", ci.lo + 0.0, 1);
        jsonw_fkv_num(stdout, NULL, "%.6f", ci.hi + 0.0, 0);
        putchar(']');
    } else
        printf("null");
}

/* Games lost by forfeit and late answers, per player, as fastchess
 * reports timeouts and crashes: printed when either player runs outside
 * triad (an engine: spec) or anything was counted. */
static bool has_failures(const match_tally *t, const run_opts *o)
{
    uint64_t any = t->overruns[0] + t->overruns[1];
    for (int p = 0; p < 2; p++)
        for (int r = 1; r < GAME_FORFEITS; r++)
            any += t->forfeits[p][r];
    return any || !strncmp(o->run.specs[0], "engine:", 7) || !strncmp(o->run.specs[1], "engine:", 7);
}

static void report_failures(const match_tally *t, const run_opts *o, bool json, bool quiet)
{
    if (!has_failures(t, o))
        return;
    uint64_t late = t->forfeits[0][GAME_FORFEIT_TIMEOUT] + t->forfeits[1][GAME_FORFEIT_TIMEOUT];
    /* Answers are timed by the wall clock: on a loaded machine a program
     * that keeps to its own clock still answers late (docs/players.md). */
    if (late && !quiet)
        fprintf(stderr, "match: %llu game%s lost on time: answers are timed by the wall clock, so a loaded machine "
                "makes them late; raise margin=, lower --threads, or limit by depth= or nodes= (docs/players.md)\n",
                (unsigned long long)late, late == 1 ? "" : "s");
    if (json) {
        jsonw_fkey(stdout, "forfeits", 0);
        putchar('{');
        for (int p = 0; p < 2; p++) {
            jsonw_fkey(stdout, p ? "b" : "a", p == 0);
            putchar('{');
            for (int r = 1; r < GAME_FORFEITS; r++)
                jsonw_fkv_uint(stdout, game_forfeit_names[r], t->forfeits[p][r], r == 1);
            putchar('}');
        }
        putchar('}');
        jsonw_fkey(stdout, "overruns", 0);
        putchar('{');
        jsonw_fkv_uint(stdout, "a", t->overruns[0], 1);
        jsonw_fkv_uint(stdout, "b", t->overruns[1], 0);
        putchar('}');
        return;
    }
    for (int p = 0; p < 2; p++)
        printf("%c: games lost on time %llu, by crash %llu, by illegal action %llu, by protocol error %llu; "
               "late answers within the margin %llu\n", "AB"[p],
               (unsigned long long)t->forfeits[p][GAME_FORFEIT_TIMEOUT],
               (unsigned long long)t->forfeits[p][GAME_FORFEIT_CRASH],
               (unsigned long long)t->forfeits[p][GAME_FORFEIT_ILLEGAL],
               (unsigned long long)t->forfeits[p][GAME_FORFEIT_PROTOCOL], (unsigned long long)t->overruns[p]);
}

/* N > 2 players: A's share of the points, rank and score over setups. */
static void report_nway(const match_tally *t, const run_opts *o, bool json, bool quiet)
{
    match_nway e = match_nway_estimate(t);
    int n = t->players;
    if (json) {
        putchar('{');
        jsonw_fkv_str(stdout, "game", o->run.game->name, 1);
        jsonw_fkv_int(stdout, "players", n, 0);
        jsonw_fkv_str(stdout, "a", o->run.specs[0], 0);
        jsonw_fkv_str(stdout, "b", o->run.specs[1], 0);
        jsonw_fkv_uint(stdout, "games", t->games, 0);
        jsonw_fkv_uint(stdout, "setups", e.setups, 0);
        jsonw_fkv_num(stdout, "fair_share", "%.6f", 1.0 / n, 0);
        json_interval("share", e.share, e.share_ci);
        json_interval("mean_rank", e.rank, e.rank_ci);
        json_interval("mean_score", e.score, e.score_ci);
        jsonw_fkey(stdout, "ranks", 0);
        putchar('[');
        for (int r = 0; r < n; r++)
            jsonw_fkv_uint(stdout, NULL, t->ranks[r], r == 0);
        putchar(']');
        report_failures(t, o, true, quiet);
        printf("}\n");
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
    report_failures(t, o, false, quiet);
}

static void report(const match_tally *t, const run_opts *o, bool json, bool quiet)
{
    if (t->players > 2) {
        report_nway(t, o, json, quiet);
        return;
    }
    penta_estimate e = penta_estimate_from(t->penta, Z95);
    double score = e.pairs ? e.score : 0; /* over complete pairs, as the Elo */
    static const char *const decisions[3] = { "H0 accepted (not better by elo1)", "continue", "H1 accepted" };
    if (json) {
        putchar('{');
        jsonw_fkv_str(stdout, "a", o->run.specs[0], 1);
        jsonw_fkv_str(stdout, "b", o->run.specs[1], 0);
        jsonw_fkv_uint(stdout, "games", t->games, 0);
        jsonw_fkv_uint(stdout, "pairs", e.pairs, 0);
        jsonw_fkv_num(stdout, "score", "%.6f", score, 0);
        json_elo("elo", e.elo, 0);
        jsonw_fkey(stdout, "elo_ci95", 0);
        if (interval_ok(e.elo_ci)) {
            putchar('[');
            json_elo(NULL, e.elo_ci.lo, 1);
            json_elo(NULL, e.elo_ci.hi, 0);
            putchar(']');
        } else {
            printf("null");
        }
        jsonw_fkey(stdout, "pentanomial", 0);
        putchar('[');
        for (int k = 0; k < 5; k++)
            jsonw_fkv_uint(stdout, NULL, t->penta[k], k == 0);
        putchar(']');
        if (t->sprt) {
            /* the bounds are not finite for an alpha or beta near 0 (null) */
            jsonw_fkey(stdout, "sprt", 0);
            putchar('{');
            jsonw_fkv_str(stdout, "model", t->sprt->model == SPRT_LOGISTIC ? "logistic" : "normalized", 1);
            jsonw_fkv_num(stdout, "llr", "%.4f", t->last.llr, 0);
            jsonw_fkv_num(stdout, "lower", "%.4f", t->last.lower, 0);
            jsonw_fkv_num(stdout, "upper", "%.4f", t->last.upper, 0);
            jsonw_fkv_str(stdout, "decision", t->last.decision > 0 ? "H1" : t->last.decision < 0 ? "H0" : "none", 0);
            jsonw_fkv_bool(stdout, "interval_corrected", false, 0);
            putchar('}');
        }
        jsonw_fkv_str(stdout, "game", o->run.game->name, 0);
        jsonw_fkv_int(stdout, "players", 2, 0);
        report_failures(t, o, true, quiet);
        printf("}\n");
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
    report_failures(t, o, false, quiet);
    if (!t->sprt)
        return;
    printf("SPRT (exact pentanomial GSPRT, %s Elo) elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f in [%.3f, %.3f]: %s\n",
           t->sprt->model == SPRT_LOGISTIC ? "logistic" : "normalized", t->sprt->elo0, t->sprt->elo1,
           t->sprt->alpha, t->sprt->beta, t->last.llr, t->last.lower, t->last.upper, decisions[t->last.decision + 1]);
    if (t->last.decision)
        printf("the match stopped when the test decided: the Elo interval above is not corrected for that "
               "stopping rule (it is biased away from 0)\n");
}

/* What the run calls for each game: the tally, and a line on stderr for a
 * game lost by forfeit, with the position it was lost in. */
typedef struct match_ctx {
    match_tally *t;
    const run_opts *o;
    bool quiet;
} match_ctx;

static void say_forfeit(const run_opts *o, const rec_game *g)
{
    const game_def *gd = o->run.game;
    unsigned char s[GAME_STATE_MAX];
    char text[GAME_TEXT_MAX], why[GAME_FORFEIT_TEXT_MAX + 8];
    memcpy(s, g->start, gd->state_size);
    game_replay(gd, s, g->actions, g->nactions, NULL, NULL, NULL);
    if (gd->to_text(s, text, sizeof text) < 0)
        text[0] = 0;
    int a_seat = g->rotation % o->run.players;
    fprintf(stderr, "%smatch: game %llu: %c (seat %d, %s) forfeits by %s: %s; the position: %s\n",
            isatty(2) ? "\n" : "", (unsigned long long)g->id, g->forfeit_seat == a_seat ? 'A' : 'B', g->forfeit_seat,
            g->specs[g->forfeit_seat], game_forfeit_names[g->forfeit], msg_escape(why, sizeof why, g->forfeit_text),
            text);
}

static int on_game(const rec_game *g, void *ctx)
{
    match_ctx *m = ctx;
    if (g->forfeit > 0 && g->forfeit < GAME_FORFEITS && !m->quiet)
        say_forfeit(m->o, g);
    return match_on_game(g, m->t);
}

/* The progress line's figures: A's score, the Elo with its interval and
 * the LLR (2 players), or A's share and rank (N); forfeits when any. */
static void match_status(void *ctx, char *out, size_t n)
{
    const match_ctx *m = ctx;
    const match_tally *t = m->t;
    size_t len = 0;
    out[0] = 0;
    if (t->players == 2) {
        penta_estimate e = penta_estimate_from(t->penta, Z95);
        if (!e.pairs)
            len += (size_t)snprintf(out, n, "A: no complete pair yet");
        else {
            char lo[24], hi[24], elo[24];
            if (isfinite(e.elo))
                snprintf(elo, sizeof elo, "%+.1f", e.elo);
            else
                snprintf(elo, sizeof elo, "%sinf", e.elo > 0 ? "+" : "-");
            snprintf(lo, sizeof lo, "%+.1f", e.elo_ci.lo);
            snprintf(hi, sizeof hi, "%+.1f", e.elo_ci.hi);
            if (!isfinite(e.elo_ci.lo))
                snprintf(lo, sizeof lo, "-inf");
            if (!isfinite(e.elo_ci.hi))
                snprintf(hi, sizeof hi, "+inf");
            len += (size_t)snprintf(out, n, "A %.1f%% Elo %s [%s, %s]", 100 * e.score, elo, lo, hi);
        }
        if (t->sprt && len < n)
            len += (size_t)snprintf(out + len, n - len, " LLR %.2f (%.2f, %.2f)%s", t->last.llr, t->last.lower,
                                    t->last.upper, t->last.decision > 0 ? " H1" : t->last.decision < 0 ? " H0" : "");
    } else {
        match_nway e = match_nway_estimate(t);
        len += (size_t)snprintf(out, n, "A's share %.1f%% (fair %.1f%%), mean rank %.2f over %llu setups",
                                100 * e.share, 100.0 / t->players, e.rank, (unsigned long long)e.setups);
    }
    uint64_t f[2] = { 0, 0 };
    for (int p = 0; p < 2; p++)
        for (int r = 1; r < GAME_FORFEITS; r++)
            f[p] += t->forfeits[p][r];
    if ((f[0] || f[1]) && len < n)
        snprintf(out + len, n - len, ", forfeits A %llu B %llu", (unsigned long long)f[0], (unsigned long long)f[1]);
}

/* The options of one `triad match`. */
typedef struct match_args {
    const char *a, *b, *setup, *sprt_text, *game, *shard, *positions;
    uint64_t games, seed;
    int nplayers;
    bool json;
} match_args;

/* Checks the options against each other and the game, and fills the run's
 * header in o (players, specs, setup, seed, shard, start positions); 0, or
 * the exit status after one error line. */
static int prepare(match_args *m, run_opts *o, match_sprt *sprt, unsigned char **starts)
{
    int rc;
    if (!m->a || !m->b)
        return cli_error("match", "--a SPEC and --b SPEC are required");
    const game_def *g = cli_game("match", m->game);
    if (!g)
        return 2;
    int players = m->nplayers ? m->nplayers : game_default_players(g);
    if (players < 2 || players < g->min_players || players > g->max_players)
        return cli_error("match", "--nplayers: %s is a game for %d to %d players, not %d (a match needs 2 or more)",
                         g->name, g->min_players, g->max_players, players);
    int per_setup = players == 2 ? 2 : players;
    if (m->games < (uint64_t)per_setup || m->games % (uint64_t)per_setup)
        return cli_error("match", "--games must be a multiple of %d of at least %d (%s)", per_setup, per_setup,
                         players == 2 ? "pairs of games" : "A in every seat of each setup");
    if (m->sprt_text && players != 2)
        return cli_error("match", "--sprt is for 2-player matches (pentanomial pairs)");
    if (o->resume && !o->out)
        return cli_error("match", "--resume needs --out FILE (the match's records)");
    if (o->resume && o->force)
        return cli_error("match", "give --resume or --force, not both");
    if (m->shard && m->sprt_text)
        return cli_error("match", "--sprt stops a match early, and a shard plays all its games: give --sprt to "
                         "triad match merge");
    if (m->positions && m->setup)
        return cli_error("match", "give --setup or --positions, not both");
    rec_run_init(&o->run, g, players);
    o->run.setup = -1;
    if (!m->setup)
        m->setup = game_default_setup(g);
    for (int i = 0; g->setup_names[i]; i++)
        if (!strcmp(g->setup_names[i], m->setup))
            o->run.setup = i;
    if (o->run.setup < 0)
        return cli_error("match", "unknown setup '%s' for %s", m->setup, g->name);
    char err[600];
    unsigned char probe[GAME_STATE_MAX]; /* a setup the game refuses for this many players */
    if (game_setup(g, probe, m->setup, players, 0, err, sizeof err))
        return cli_error("match", "%s", err);
    if (m->sprt_text && match_sprt_parse(m->sprt_text, sprt, err, sizeof err))
        return cli_error("match", "%s", err);
    /* A is listed first, B in every other seat. */
    if ((rc = cli_canonical_spec("match", g, m->a, o->run.specs[0])))
        return rc;
    for (int k = 1; k < players; k++)
        if ((rc = cli_canonical_spec("match", g, m->b, o->run.specs[k])))
            return rc;
    o->run.games = m->games;
    o->run.seed = m->seed;
    o->run.rotations = per_setup;
    if (m->shard && (rc = cli_parse_shard("match", m->shard, &o->run)))
        return rc;
    if (m->positions && (rc = cli_load_positions("match", m->positions, g, &o->run, starts)))
        return rc;
    o->positions_file = m->positions;
    /* The same start every time, the players moved a seat on: with two
     * players, the standard pair (same position, players swap sides), which
     * cancels the start's own bias within each pair. */
    o->run.rotate = REC_ROTATE_PLAYERS;
    return 0;
}

/* Plays the match prepared in o and reports it; the exit status. */
static int play(const match_args *m, run_opts *o, run_view *v, const match_sprt *sprt)
{
    char err[600];
    o->no_resume = !o->out;
    char tmp[] = "/tmp/triad-match-XXXXXX";
    int tmp_slot = -1;
    if (!o->out) {
        int fd = mkstemp(tmp);
        if (fd < 0)
            return cli_error("match", "cannot create a temporary records file in /tmp: %s", strerror(errno));
        close(fd);
        tmp_slot = fio_cleanup_add(tmp); /* removed on SIGINT or SIGTERM too */
        o->out = tmp;
        o->force = true;
        v->hide_path = true; /* the progress lines never name it */
    }
    match_tally t;
    if (match_tally_init(&t, o->run.players, m->games, sprt))
        return cli_error("match", "out of memory");
    match_ctx mc = { &t, o, v->quiet };
    o->on_game = on_game;
    o->on_game_ctx = &mc;
    v->status = match_status;
    v->status_ctx = &mc;
    int rc = cli_run_selfplay(o, v, err, sizeof err);
    if (o->out == tmp) {
        unlink(tmp);
        fio_cleanup_remove(tmp_slot);
    }
    if (rc == RUN_STOPPED) { /* no figures from a match cut short; its games are kept in --out */
        if (o->out == tmp)
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
    report(&t, o, m->json, v->quiet);
    match_tally_free(&t);
    return 0;
}

/* The report, for triad match merge (cmd_match_merge.c). */
void cmd_match_report(const match_tally *t, const run_opts *o, bool json, bool quiet)
{
    report(t, o, json, quiet);
}

int cmd_match(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "merge"))
        return cmd_match_merge(argc - 1, argv + 1);
    match_args m = { .seed = CLI_SEED_DEFAULT };
    run_opts o = { .threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .flush_seconds = 10 };
    run_view v = { .name = "match" };
    const opt_spec opts[] = {
        { "game", OPT_STR, &m.game, "NAME", "the game (default tzaar; NAME:KEY=VALUE,... a variant: triad help games)", 0, 0, NULL },
        { "nplayers", OPT_INT, &m.nplayers, "N", "seats (default: the game's); N > 2: A against N-1 copies of B",
          2, GAME_MAX_PLAYERS, NULL },
        { "a", OPT_STR, &m.a, "SPEC", "player A, e.g. ab:depth=2,weights=tuned.txt", 0, 0, NULL },
        { "b", OPT_STR, &m.b, "SPEC", "player B", 0, 0, NULL },
        { "games", OPT_U64, &m.games, "N", "games, a multiple of the seats: N/seats setups, each played once "
                                        "with A in every seat", 0, 0, NULL },
        { "setup", OPT_STR, &m.setup, "KIND", "the game's setup (default: the game's; TZAAR: random (default), "
                                           "fixed, tournament or tournament-black)", 0, 0, NULL },
        { "seed", OPT_U64, &m.seed, "S", "the run's seed (default 1)", 0, 0, NULL },
        { "threads", OPT_INT, &o.threads, "T", "worker threads (default: all cores)", 1, 256, NULL },
        { "out", OPT_STR, &o.out, "FILE", "keep the games in this records file (default: a temporary file)", 0, 0,
          NULL },
        { "force", OPT_FLAG, &o.force, NULL, "overwrite --out", 0, 0, NULL },
        { "resume", OPT_FLAG, &o.resume, NULL, "keep --out's games (counted again) and play only the missing ones",
          0, 0, NULL },
        { "shard", OPT_STR, &m.shard, "K/N", "play only setups k with k % N == K (one machine's part; triad match "
                                          "merge reports them together)", 0, 0, NULL },
        { "positions", OPT_STR, &m.positions, "FILE", "start from these positions, one position string a line, "
                                                    "each played with A in every seat (in turn, again from the "
                                                    "first when the games outnumber them)", 0, 0, NULL },
        { "sprt", OPT_STR, &m.sprt_text, "SPEC", "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05,"
                                               "model=normalized (or logistic; docs/tuning.md); "
                                               "elo0 < elo1 in [-1000, 1000], alpha, beta in [1e-6, 0.5)",
          0, 0, NULL },
        { "quiet", OPT_FLAG, &v.quiet, NULL, "no progress report (otherwise a status line every $TRIAD_PROGRESS_SECONDS, default 5, off a terminal)", 0, 0, NULL },
        { "json", OPT_FLAG, &m.json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "match", "[--game NAME] [--nplayers N] --a SPEC --b SPEC --games N [--setup KIND | --positions FILE]\n"
                 "       [--seed S] [--threads T] [--out FILE [--resume | --force]] [--shard K/N] [--sprt SPEC]\n"
                 "       [--json]\n"
                 "       triad match merge FILE... [--sprt SPEC] [--json]   (the report over shards: --help)",
        "Two players: paired games between A and B, every setup twice from the same\n"
        "position, the players swapping sides.  Reports A's score over complete pairs\n"
        "(a shared first place is half a point), the Elo difference with a 95% interval\n"
        "from the pentanomial counts, and the counts; --sprt stops as soon as the test\n"
        "decides.  Placements (TZAAR's tournament setup) are made in each game by its\n"
        "own players, so there the one who places first alternates.\n"
        "N > 2 players: A against N-1 copies of B, every setup once with A in each seat;\n"
        "reports A's share of the points, mean rank and mean score with 95% intervals\n"
        "over setups.  Reproducible like selfplay (docs/tuning.md).\n"
        "A player may be a program outside triad, engine:cmd=FILE[,ms=N][,tc=BASE+INC]\n"
        "(docs/players.md): triad's rules judge it; an illegal action, a crash, a\n"
        "timeout or a protocol error loses the game (printed on stderr with the\n"
        "position), and the report counts them per player with the late answers.\n"
        "Progress on stderr shows A's score, the Elo and the LLR as games finish.\n"
        "--shard K/N plays one part of the match (N machines, K = 0..N-1, each with\n"
        "its own --out); triad match merge FILE... reports the whole.",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    match_sprt sprt;
    unsigned char *starts __attribute__((cleanup(cli_free_positions))) = NULL;
    if ((rc = prepare(&m, &o, &sprt, &starts)))
        return rc;
    return play(&m, &o, &v, m.sprt_text ? &sprt : NULL);
}
