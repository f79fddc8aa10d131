/* cmd_records_stats.c — `triad records stats`: scores per seat with
 * intervals, ranks and shared firsts, turns and bytes per game, by setup
 * kind and ending, over one or more records files, each game counted once
 * however many files hold it (records/dedup.h).  Only finished games enter
 * the scores; the unfinished are counted beside them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "eval/bias.h"
#include "eval/seat_stats.h"
#include "records/dedup.h"
#include "records/record.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"

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
        return cli_fail("records stats", "out of memory");
    return 0;
}

int records_stats(int argc, char **argv, rec_game *g)
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
                return cli_fail(spec.name, "out of memory");
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
    if (!t.game && (t.game = game_default())) { /* no games: the default game's lines, all zero */
        t.players = game_default_players(t.game);
        seat_stats_init(&t.seats, t.players);
    }
    print_stats(&t, json);
    seat_stats_free(&t.seats);
    return bad ? 1 : 0;
}

