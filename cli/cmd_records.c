/* cmd_records.c — `triad records SUBCOMMAND`: the subcommands that read
 * (stats, cat, verify) and the dispatcher; the ones that write a records
 * file (merge, import, export, upgrade) are in cmd_records_write.c.
 *
 * Every subcommand streams games one at a time, so files of any size work
 * in constant memory (merge and verify add one bit per game id, stats 16
 * bytes per game to drop duplicates).  A damaged block is reported on
 * stderr and skipped; the subcommand then exits 1.  merge and verify exit
 * EXIT_INCOMPLETE when games of the run are missing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/replay.h"
#include "core/idset.h"
#include "core/jsonw.h"
#include "eval/bias.h"
#include "eval/seat_stats.h"
#include "records/dedup.h"
#include "records/record.h"
#include "records/record_export.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"


/* Splits argv into options (for opts_parse) and file operands, using the
 * table to know which options take a value. */
static int split_args(const cmd_spec *c, int argc, char **argv, char **opts, int *nopts,
                      const char **files, int *nfiles)
{
    *nopts = *nfiles = 0;
    opts[(*nopts)++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--records")) /* FILE... as an option, as bias and tune take it */
            continue;
        if (strncmp(argv[i], "--", 2) || !argv[i][2]) {
            if (*nfiles == MAX_FILES)
                return cli_error(c->name, "more than %d files", MAX_FILES);
            files[(*nfiles)++] = argv[i];
            continue;
        }
        opts[(*nopts)++] = argv[i];
        const opt_spec *o = c->opts;
        while (o->name && strcmp(o->name, argv[i] + 2))
            o++;
        if (o->name && o->kind != OPT_FLAG && i + 1 < argc)
            opts[(*nopts)++] = argv[++i];
    }
    opts[*nopts] = NULL;
    return 0;
}

/* Parses the options and file operands of a subcommand; 0 to go on, -1
 * after --help, else the exit status. */
int parse(const cmd_spec *c, int argc, char **argv, const char **files, int *nfiles, bool need_files)
{
    char **opts = malloc(((size_t)argc + 1) * sizeof *opts);
    int nopts, rc;
    if (!opts)
        return cli_error(c->name, "out of memory");
    rc = split_args(c, argc, argv, opts, &nopts, files, nfiles);
    if (!rc)
        rc = opts_parse(c, nopts, opts);
    free(opts);
    if (rc)
        return rc == 1 ? -1 : rc;
    if (need_files && !*nfiles)
        return cli_error(c->name, "no FILE given (see triad %s --help)", c->name);
    return 0;
}

/* Opens a file for reading, reporting failure as bad input. */
rec_reader *open_or_say(const char *cmd, const char *path)
{
    char err[400];
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r)
        cli_error(cmd, "%s", err);
    return r;
}

/* The next game, reporting bad blocks (and counting them in *bad). */
int next_game(const char *cmd, const char *path, rec_reader *r, rec_game *g, int *bad)
{
    int rc;
    while ((rc = rec_reader_next(r, g)) == REC_BAD) {
        cli_error(cmd, "%s: %s", path, rec_reader_error(r));
        ++*bad;
    }
    return rc;
}

#define MAX_SETUPS 16
#define MAX_ENDINGS 16

typedef struct tally {
    const game_def *game;
    int players;
    uint64_t games, turns, bytes, duplicates;
    double points[GAME_MAX_PLAYERS];
    uint64_t setup_games[MAX_SETUPS];
    uint64_t setup_finished[MAX_SETUPS];
    double setup_first[MAX_SETUPS];  /* seat 0's points per setup, over its finished games */
    const char *setup_names[MAX_SETUPS];
    uint64_t endings[MAX_ENDINGS];   /* 0: unfinished */
    seat_stats seats;                /* finished games only */
} tally;

/* Every seat's mean score with its 95% interval, its ranks, and the ties:
 * over the finished games; with none, no figures ("n/a", null). */
static void print_seats(const tally *t, bool json)
{
    const seat_stats *ss = &t->seats;
    bool any = ss->games > 0;
    if (json) {
        jsonw_fkey(stdout, "seats", 0);
        putchar('[');
    }
    for (int i = 0; i < t->players; i++) {
        interval ci = seat_stats_ci95(ss, i);
        if (json) {
            printf(i ? ",{" : "{");
            jsonw_fkv_num(stdout, "mean", "%.6f", any ? seat_stats_mean(ss, i) : NAN, 1);
            jsonw_fkey(stdout, "ci95", 0);
            if (interval_ok(ci)) {
                putchar('[');
                jsonw_fkv_num(stdout, NULL, "%.6f", ci.lo, 1);
                jsonw_fkv_num(stdout, NULL, "%.6f", ci.hi, 0);
                putchar(']');
            } else
                printf("null");
            jsonw_fkey(stdout, "ranks", 0);
            putchar('[');
            for (int r = 0; r < t->players; r++)
                jsonw_fkv_uint(stdout, NULL, ss->ranks[i][r], r == 0);
            printf("]}");
            continue;
        }
        printf("seat %d: mean ", i);
        printf(any ? "%.4f" : "n/a", seat_stats_mean(ss, i));
        printf(interval_ok(ci) ? " ci95 %.4f %.4f ranks" : " ci95 n/a ranks", ci.lo, ci.hi);
        for (int r = 0; r < t->players; r++)
            printf(" %llu", (unsigned long long)ss->ranks[i][r]);
        printf("\n");
    }
    const char *kind = ss->points ? "t" : "wilson";
    if (json) {
        putchar(']');
        jsonw_fkv_uint(stdout, "ties", ss->ties, 0);
        jsonw_fkv_uint(stdout, "point_ties", ss->point_ties, 0);
        jsonw_fkv_str(stdout, "interval", kind, 0);
        jsonw_fkv_uint(stdout, "clusters", seat_stats_clusters(ss), 0);
        return;
    }
    printf("ties %llu (first place shared)\n", (unsigned long long)ss->ties);
    if (ss->point_ties != ss->ties)
        printf("point_ties %llu (first place tied on points; the game's tie-break decided %llu)\n",
               (unsigned long long)ss->point_ties, (unsigned long long)(ss->point_ties - ss->ties));
    printf("intervals: %s%s\n", ss->points ? "Student t on the scores" : "Wilson (scores 0 or 1)",
           any ? "" : " (no finished games)");
    if (seat_stats_clustered(ss))
        printf("clustered by setup: %llu setups (a setup's games, its rotations or pair, are one observation)\n",
               (unsigned long long)seat_stats_clusters(ss));
}

/* Seat 0's mean score over f finished games: "%.4f", or n/a. */
static void print_first(double points, uint64_t f)
{
    if (f)
        printf("%.4f", points / (double)f);
    else
        printf("n/a");
}

/* The same as the members "key": for each of the nkeys keys: null for none. */
static void json_first(char keys[][40], int nkeys, double points, uint64_t f)
{
    for (int i = 0; i < nkeys; i++)
        jsonw_fkv_num(stdout, keys[i], "%.6f", f ? points / (double)f : NAN, 0);
}

/* Seat 0's mean score is "seat0_score" for every game, so that the keys
 * do not change with the game; a game that names its seats also gets the
 * name's key ("white_score" for TZAAR) with the same value. */
static int score_keys(const game_def *g, char keys[2][40])
{
    snprintf(keys[0], sizeof keys[0], "seat0_score");
    if (!g->seat_names)
        return 1;
    snprintf(keys[1], sizeof keys[1], "%.20s_score", g->seat_names[0]);
    for (char *c = keys[1]; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c == ' ' ? '_' : *c);
    return 2;
}

static void print_stats(const tally *t, bool json)
{
    double n = t->games ? (double)t->games : 1;
    uint64_t finished = t->seats.games, unfinished = t->games - finished;
    double first_points = t->seats.sum[0];
    char keys[2][40];
    int nkeys = score_keys(t->game, keys);
    if (!json) {
        printf("games %llu\n", (unsigned long long)t->games);
        for (int i = 0; i < nkeys; i++) {
            printf("%s ", keys[i]);
            print_first(first_points, finished);
            if (!finished)
                printf(" (no finished games)");
            else if (unfinished)
                printf(" (over the %llu finished games; %llu unfinished)", (unsigned long long)finished,
                       (unsigned long long)unfinished);
            printf("\n");
        }
        printf("mean_turns %.2f\nbytes_per_game %.1f\n", (double)t->turns / n, (double)t->bytes / n);
        for (int k = 0; k < MAX_SETUPS; k++)
            if (t->setup_games[k]) {
                printf("setup %s: games %llu %s ", t->setup_names[k], (unsigned long long)t->setup_games[k],
                       keys[nkeys - 1]);
                print_first(t->setup_first[k], t->setup_finished[k]);
                if (t->setup_finished[k] < t->setup_games[k])
                    printf(" (%llu unfinished)", (unsigned long long)(t->setup_games[k] - t->setup_finished[k]));
                printf("\n");
            }
        printf("endings:");
        for (int e = 1; e < MAX_ENDINGS && t->game->ending_names[e]; e++)
            printf(" %s %llu", t->game->ending_names[e], (unsigned long long)t->endings[e]);
        printf(" unfinished %llu\n", (unsigned long long)t->endings[0]);
        print_seats(t, false);
        return;
    }
    putchar('{');
    jsonw_fkv_uint(stdout, "games", t->games, 1);
    json_first(keys, nkeys, first_points, finished);
    jsonw_fkv_uint(stdout, "finished", finished, 0);
    jsonw_fkv_num(stdout, "mean_turns", "%.4f", (double)t->turns / n, 0);
    jsonw_fkv_num(stdout, "bytes_per_game", "%.2f", (double)t->bytes / n, 0);
    jsonw_fkey(stdout, "by_setup", 0);
    putchar('{');
    for (int k = 0, first = 1; k < MAX_SETUPS; k++)
        if (t->setup_games[k]) {
            jsonw_fkey(stdout, t->setup_names[k], first);
            putchar('{');
            jsonw_fkv_uint(stdout, "games", t->setup_games[k], 1);
            jsonw_fkv_uint(stdout, "finished", t->setup_finished[k], 0);
            json_first(keys, nkeys, t->setup_first[k], t->setup_finished[k]);
            putchar('}');
            first = 0;
        }
    putchar('}');
    jsonw_fkey(stdout, "endings", 0);
    putchar('{');
    for (int e = 1; e < MAX_ENDINGS && t->game->ending_names[e]; e++)
        jsonw_fkv_uint(stdout, t->game->ending_names[e], t->endings[e], e == 1);
    jsonw_fkv_uint(stdout, "unfinished", t->endings[0], !t->game->ending_names[1]);
    putchar('}');
    jsonw_fkv_str(stdout, "game", t->game->name, 0);
    jsonw_fkv_int(stdout, "players", t->players, 0);
    print_seats(t, true);
    jsonw_fkv_uint(stdout, "duplicates", t->duplicates, 0);
    printf("}\n");
}

/* Counts g (read under run) into t; 0, or -1 when run is another game's
 * (its message printed), or 1 out of memory. */
static int tally_game(tally *t, const char *path, const rec_run *run, const rec_game *g)
{
    if (!t->game) {
        t->game = run->game;
        t->players = run->players;
        seat_stats_init(&t->seats, run->players);
    }
    if (run->game != t->game || run->players != t->players) {
        cli_error("records stats", "%s holds a %d-player %s run; the files before it, a %d-player %s run", path,
                  run->players, run->game->name, t->players, t->game->name);
        return -1;
    }
    int k = run->npositions ? MAX_SETUPS - 1 : g->setup % (MAX_SETUPS - 1); /* a start list apart */
    t->games++;
    t->turns += (uint64_t)g->turns;
    for (int i = 0; i < run->players; i++)
        t->points[i] += g->scores[i];
    t->setup_games[k]++;
    t->setup_names[k] = rec_start_name(run, g->setup);
    t->endings[g->ending % MAX_ENDINGS]++;
    if (!g->ending) /* unfinished: counted, never scored as a loss */
        return 0;
    t->setup_finished[k]++;
    t->setup_first[k] += g->scores[0];
    int ranks[GAME_MAX_PLAYERS];
    for (int i = 0; i < run->players; i++)
        ranks[i] = rec_game_rank(g, run->players, i);
    /* a setup's games (rotations, pairs, replicates) are one cluster */
    if (seat_stats_add_game(&t->seats, g->scores, ranks, bias_setup_key(run, g)))
        return cli_error("records stats", "out of memory") - 1;
    return 0;
}

static int records_stats(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc, bad = 0;
    bool json = false;
    const opt_spec opts[] = { { "json", OPT_FLAG, &json, NULL, "print one JSON object", 0, 0, NULL }, { 0 } };
    const cmd_spec spec = { "records stats", "FILE... [--json]",
                            "Counts the games of the files (one game, one number of players) together:\n"
                            "seat 0's mean score over the finished games (seat0_score for every game;\n"
                            "TZAAR also white_score), the unfinished beside, mean turns, bytes per game,\n"
                            "and the same by setup and by ending; then per seat the mean score with a 95%\n"
                            "interval (Wilson when every score is 0 or 1, else Student t; clustered by\n"
                            "setup; n/a from fewer than two), how often it ranked 1st, 2nd, ... by the\n"
                            "game's rules (its tie-breaks applied; seats they cannot part share a rank),\n"
                            "and the games whose first place is shared.  A game read twice (the same game\n"
                            "of a run, whatever its --games, or the same imported game) counts once;\n"
                            "stderr says how many were dropped (--json: \"duplicates\").", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    tally t = { 0 };
    rec_dedup seen = { 0 };
    for (int i = 0; i < nfiles; i++) {
        rec_reader *r = open_or_say(spec.name, files[i]);
        if (!r) {
            rec_dedup_free(&seen);
            return 2;
        }
        t.bytes += rec_reader_file_size(r);
        while (next_game(spec.name, files[i], r, g, &bad) == REC_GAME) {
            int added = rec_dedup_add(&seen, rec_reader_run(r), g);
            if (added < 0) {
                rec_reader_close(r);
                rec_dedup_free(&seen);
                return cli_error(spec.name, "out of memory") - 1;
            }
            if (!added)
                continue;
            int trc = tally_game(&t, files[i], rec_reader_run(r), g);
            if (trc) {
                rec_reader_close(r);
                rec_dedup_free(&seen);
                seat_stats_free(&t.seats);
                return trc < 0 ? 2 : 1;
            }
        }
        rec_reader_close(r);
    }
    t.duplicates = seen.dropped;
    rec_dedup_free(&seen);
    if (t.duplicates)
        fprintf(stderr, "records stats: %llu duplicate games dropped (the same game read twice: docs/records.md)\n",
                (unsigned long long)t.duplicates);
    if (!t.game) { /* no games: the default game's lines, all zero */
        char err[200];
        t.game = game_find("tzaar", err, sizeof err), t.players = 2;
        seat_stats_init(&t.seats, 2);
    }
    print_stats(&t, json);
    seat_stats_free(&t.seats);
    return bad ? 1 : 0;
}

/* Prints a player field of records cat: as it is when it is one word of
 * printable text, else in double quotes with \" \\ \t \n \r and \xHH escapes,
 * so that a name with spaces, tabs or line breaks (an import's) cannot
 * break the line or shift the fields after it. */
static void print_field(const char *s)
{
    bool plain = *s != 0;
    for (const unsigned char *c = (const unsigned char *)s; *c && plain; c++)
        plain = *c > ' ' && *c != 0x7f && *c != '"' && *c != '\\';
    if (plain) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if (*c == '\t' || *c == '\n' || *c == '\r')
            printf("\\%c", *c == '\t' ? 't' : *c == '\n' ? 'n' : 'r');
        else if (*c < ' ' || *c == 0x7f)
            printf("\\x%02x", *c);
        else
            putchar(*c);
    putchar('"');
}

/* The scores of a game as "1-0", "0.5-0.5", "3-1-0"; "*" when unfinished. */
static void print_scores(const rec_run *run, const rec_game *g)
{
    if (!g->ending && !g->forfeit) {
        putchar('*');
        return;
    }
    for (int i = 0; i < run->players; i++)
        printf("%s%g", i ? "-" : "", g->scores[i]);
}

/* One action of records cat, as the position it is played from names it. */
typedef struct print_ctx {
    const game_def *gd;
    const rec_game *g;
} print_ctx;

static int print_action(void *ctx, const void *state, int ply)
{
    const print_ctx *p = ctx;
    if (ply < p->g->nactions) {
        char text[GAME_ACTION_TEXT_MAX];
        p->gd->action_to_text(state, p->g->actions[ply], text, sizeof text);
        printf(" %s", text);
    }
    return 0;
}

/* id, setup and rotation, the seats' players, scores, ending, turns, then
 * the actions.  A 2-player game's second rotation is ",swapped" (format
 * 1's word for it); others ",rN". */
static void print_game(const rec_run *run, const rec_game *g)
{
    const game_def *gd = run->game;
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, g->start, gd->state_size);
    printf("%llu %s", (unsigned long long)g->id, rec_start_name(run, g->setup));
    if (g->rotation && run->players == 2)
        printf(",swapped");
    else if (g->rotation)
        printf(",r%d", g->rotation);
    for (int i = 0; i < run->players; i++) {
        putchar(' ');
        print_field(g->specs[i]);
    }
    putchar(' ');
    print_scores(run, g);
    if (g->forfeit) /* "forfeit-timeout": the seat that forfeited is the one to act after the actions */
        printf(" forfeit-%s %d :", game_forfeit_names[g->forfeit], g->turns);
    else
        printf(" %s %d :", rec_ending_name(gd, g->ending), g->turns);
    game_replay(gd, s, g->actions, g->nactions, NULL, print_action, &(print_ctx){ gd, g });
    putchar('\n');
}

static int records_cat(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc, bad = 0;
    bool start = false;
    const opt_spec opts[] = {
        { "start", OPT_FLAG, &start, NULL, "also print each game's starting position", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records cat", "FILE... [--start]",
                            "One line per game: id, setup (\",swapped\" for the second game of a pair,\n"
                            "\",rN\" for rotation N of more players), every seat's player (TZAAR: White's,\n"
                            "then Black's), the scores (\"1-0\"; \"*\" unfinished), ending, turns, then the\n"
                            "actions.  A player\n"
                            "that is not one word of printable text (an imported name with a space) is\n"
                            "printed in double quotes, with \\\" \\\\ \\t \\n \\r and \\xHH escapes.", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    for (int i = 0; i < nfiles; i++) {
        rec_reader *r = open_or_say(spec.name, files[i]);
        if (!r)
            return 2;
        while (next_game(spec.name, files[i], r, g, &bad) == REC_GAME) {
            const rec_run *run = rec_reader_run(r);
            if (start) {
                char text[GAME_TEXT_MAX];
                if (run->game->to_text(g->start, text, sizeof text) < 0)
                    snprintf(text, sizeof text, "?");
                printf("%llu start %s\n", (unsigned long long)g->id, text);
            }
            print_game(run, g);
        }
        rec_reader_close(r);
    }
    return bad ? 1 : 0;
}

/* What verify found in one run of a file (a concatenated file has several). */
typedef struct verified {
    int bad;          /* damaged blocks and bad ids */
    int incomplete;   /* runs with games missing */
} verified;

/* Prints the line of one run of path (run > 1: the run-th of a
 * concatenation) and counts it in v. */
static void end_section(const char *path, int run, const rec_run *rr, uint64_t games, int bad, verified *v)
{
    uint64_t want = rec_run_shard_games(rr);
    bool missing = rr->source == REC_SOURCE_SELFPLAY && games < want;
    if (run > 1)
        printf("%s, run %d: %llu games", path, run, (unsigned long long)games);
    else
        printf("%s: %llu games", path, (unsigned long long)games);
    if (missing)
        printf(" (incomplete: the run%s has %llu)", rr->shards > 1 ? "'s shard" : "", (unsigned long long)want);
    printf(", %s\n", bad ? "FAILED" : missing ? "INCOMPLETE" : "ok");
    v->bad += bad;
    v->incomplete += missing;
}

/* Checks one file: blocks and games (the reader replays each game), ids
 * inside the run and its shard, no id twice, none missing; each run of a
 * concatenated file on its own. */
static void verify_file(const char *path, rec_reader *r, rec_game *g, verified *v)
{
    rec_run run = *rec_reader_run(r);
    idset seen = { 0 };
    uint64_t games = 0;
    int bad = 0, rc, section = 1;
    while ((rc = rec_reader_next(r, g)) != REC_END) {
        const char *what = NULL;
        if (rc == REC_GAME && rec_reader_runs(r) != section) {
            end_section(path, section, &run, games, bad, v);
            idset_free(&seen);
            run = *rec_reader_run(r);
            section = rec_reader_runs(r);
            games = 0;
            bad = 0;
        }
        if (rc == REC_BAD)
            cli_error("records verify", "%s: %s", path, rec_reader_error(r));
        else if (run.source == REC_SOURCE_SELFPLAY && (g->id >= run.games || !rec_in_shard(&run, g->id)))
            what = "is not one of the run's (or of its shard's)";
        else if (idset_add(&seen, g->id) != 1)
            what = "appears twice";
        else
            games++;
        if (what)
            cli_error("records verify", "%s: game %llu %s", path, (unsigned long long)g->id, what);
        bad += rc == REC_BAD || what;
    }
    idset_free(&seen);
    end_section(path, section, &run, games, bad, v);
}

static int records_verify(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc;
    bool allow_incomplete = false;
    const opt_spec opts[] = {
        { "allow-incomplete", OPT_FLAG, &allow_incomplete, NULL, "exit 0 when games of the run are missing", 0, 0,
          NULL },
        { 0 },
    };
    const cmd_spec spec = { "records verify", "FILE... [--allow-incomplete]",
                            "Checks every block's checksum, replays every game (legality, result, ending,\n"
                            "turns) and checks ids; each run of a concatenated file on its own.  Exits 1\n"
                            "naming each bad block or game; else 3 when games of a self-play run (or of\n"
                            "its shard) are missing, unless --allow-incomplete; else 0.", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    verified v = { 0, 0 };
    for (int i = 0; i < nfiles; i++) {
        rec_reader *r = open_or_say(spec.name, files[i]);
        if (!r)
            return 2;
        verify_file(files[i], r, g, &v);
        rec_reader_close(r);
    }
    return v.bad ? 1 : v.incomplete && !allow_incomplete ? EXIT_INCOMPLETE : 0;
}

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv, rec_game *g);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    { "stats", records_stats, "scores per seat, turns, bytes per game, by setup and ending" },
    { "cat", records_cat, "one readable line per game" },
    { "verify", records_verify, "check checksums, replay every game, check ids" },
    { "merge", records_merge, "merge the shards of one run" },
    { "import", records_import, "a game's own format (LittleGolem) to a records file" },
    { "export", records_export, "every game as JSON lines, CSV or LittleGolem records" },
    { "info", records_info, "a file's header: run, players, setup, seed, signature, games present" },
    { "upgrade", records_upgrade, "a format 1 file rewritten as format 2" },
};

int cmd_records(int argc, char **argv)
{
    size_t n = sizeof subcommands / sizeof *subcommands;
    if (opts_capturing()) { /* triad help --man: every subcommand's table */
        rec_game *g = malloc(sizeof *g);
        for (size_t i = 0; g && i < n; i++) {
            char *help[] = { (char *)subcommands[i].name, "--help", NULL };
            subcommands[i].run(2, help, g);
        }
        free(g);
        return 0;
    }
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *out = argc < 2 ? stderr : stdout;
        fputs("usage: triad records SUBCOMMAND ...\n\nsubcommands:\n", out);
        for (size_t i = 0; i < n; i++)
            fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
        fputs("\n'triad records SUBCOMMAND --help' describes one; the format is in docs/records.md.\n", out);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!strcmp(argv[1], subcommands[i].name)) {
            rec_game *g = malloc(sizeof *g);
            if (!g)
                return cli_error("records", "out of memory");
            int rc = subcommands[i].run(argc - 1, argv + 1, g);
            free(g);
            return rc;
        }
    return cli_error("records", "unknown subcommand '%s' (stats, cat, verify, merge, import, export, upgrade, info)", argv[1]);
}
