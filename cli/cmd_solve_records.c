/* cmd_solve_records.c — `triad solve --records FILE`: the endgame oracle
 * (eval/oracle.h) over every game of a records file, a line per game and a
 * summary of the lost games by the loser's seat and class. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "eval/oracle.h"
#include "eval/records_game.h"
#include "cmd_solve.h"
#include "commands.h"
#include "meter.h"

typedef struct summary {
    uint64_t games;
    uint64_t by_loser[2][ORACLE_CLASSES]; /* finished games: the loser's seat x class */
    uint64_t unfinished, nodes;
} summary;

static void json_seat(const game_def *g, int seat)
{
    char name[16];
    if (seat < 0)
        printf("null");
    else
        jsonw_fstring(stdout, game_seat_name(g, seat, name));
}

static void json_int(const char *key, int v)
{
    if (v < 0)
        printf(",\"%s\":null", key);
    else
        printf(",\"%s\":%d", key, v);
}

static void print_game(const game_def *g, const rec_run *run, const rec_game *rg, const oracle_game *og,
                       const solve_opts *o)
{
    char w[16], l[16], fw[16];
    const char *setup = rec_setup_name(run, rg->setup);
    if (o->json) {
        printf("{\"game\":%llu,\"setup\":", (unsigned long long)rg->id);
        jsonw_fstring(stdout, setup);
        for (int s = 0; s < 2; s++) {
            printf(",\"%s\":", s ? "black_spec" : "white_spec");
            jsonw_fstring(stdout, rg->specs[s]);
        }
        printf(",\"class\":\"%s\",\"winner\":", oracle_class_name(og->cls));
        json_seat(g, og->winner);
        printf(",\"loser\":");
        json_seat(g, og->loser);
        printf(",\"plies\":%d,\"boundaries\":%d,\"solved\":%d", og->plies, og->boundaries, og->solved);
        json_int("first_ply", og->first_ply);
        printf(",\"first_winner\":");
        json_seat(g, og->first_winner);
        json_int("first_distance", og->first_distance);
        json_int("blunder_ply", og->blunder_ply);
        json_int("blunder_end", og->blunder_end);
        printf(",\"nodes\":%llu}\n", (unsigned long long)og->nodes);
        return;
    }
    printf("game %llu (%s): %s", (unsigned long long)rg->id, setup, oracle_class_name(og->cls));
    if (og->cls == ORACLE_UNFINISHED) {
        printf(" (no single winner)\n");
        return;
    }
    printf(": %s beat %s in %d plies", game_seat_name(g, og->winner, w), game_seat_name(g, og->loser, l), og->plies);
    if (og->cls == ORACLE_UNSOLVED) {
        printf("; no turn start proven (%llu nodes)\n", (unsigned long long)og->nodes);
        return;
    }
    printf("; first solvable at ply %d (%s wins within %d plies), %d of %d turn starts proven", og->first_ply,
           game_seat_name(g, og->first_winner, fw), og->first_distance, og->solved, og->boundaries);
    if (og->cls == ORACLE_LOST_BY_PLAY)
        printf("; the loser's last won turn: plies %d-%d", og->blunder_ply + 1, og->blunder_end);
    printf("; %llu nodes\n", (unsigned long long)og->nodes);
}

static void print_summary(const game_def *g, const summary *sm, const solve_opts *o)
{
    char name[16];
    if (o->json) {
        printf("{\"summary\":{\"games\":%llu,\"node_limit\":%llu,\"memory_mb\":%d,\"unfinished\":%llu,"
               "\"nodes\":%llu,\"by_loser\":{",
               (unsigned long long)sm->games, (unsigned long long)o->nodes, o->memory_mb,
               (unsigned long long)sm->unfinished, (unsigned long long)sm->nodes);
        for (int s = 0; s < 2; s++) {
            printf(s ? "," : "");
            jsonw_fstring(stdout, game_seat_name(g, s, name));
            printf(":{");
            for (int c = 0; c < ORACLE_UNFINISHED; c++)
                printf("%s\"%s\":%llu", c ? "," : "", oracle_class_name(c),
                       (unsigned long long)sm->by_loser[s][c]);
            printf("}");
        }
        printf("}}}\n");
        return;
    }
    printf("%llu games (%llu unfinished), %llu nodes per position at most; lost games by the loser:\n",
           (unsigned long long)sm->games, (unsigned long long)sm->unfinished, (unsigned long long)o->nodes);
    printf("%-8s %13s %13s %9s\n", "loser", "already_lost", "lost_by_play", "unsolved");
    for (int s = 0; s < 2; s++)
        printf("%-8s %13llu %13llu %9llu\n", game_seat_name(g, s, name),
               (unsigned long long)sm->by_loser[s][ORACLE_ALREADY_LOST],
               (unsigned long long)sm->by_loser[s][ORACLE_LOST_BY_PLAY],
               (unsigned long long)sm->by_loser[s][ORACLE_UNSOLVED]);
}

int solve_records(const char *path, const char *want, const solve_opts *o)
{
    char err[400];
    const game_def *g;
    if (records_game(&path, 1, want, &g, err, sizeof err))
        return cli_error("solve", "--records: %s", err);
    if (!g->solver)
        return cli_error("solve", "--records: the game '%s' has no solver (TZAAR has one)", g->name);
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r)
        return cli_error("solve", "--records: %s", err);
    void *solver = g->solver->create((size_t)o->memory_mb << 20, err, sizeof err);
    rec_game *rg = malloc(sizeof *rg);
    if (!solver || !rg) {
        rec_reader_close(r);
        free(rg);
        if (solver)
            g->solver->destroy(solver);
        return cli_error("solve", "--memory %d: %s", o->memory_mb, solver ? "out of memory" : err);
    }
    uint64_t total = rec_run_shard_games(rec_reader_run(r));
    if (o->max_games && (!total || o->max_games < total))
        total = o->max_games;
    meter *m = meter_start("solve --records", total, o->quiet);
    summary sm = { 0 };
    int rc = 0, bad = 0, got;
    while (!rc && (!o->max_games || sm.games < o->max_games) && (got = rec_reader_next(r, rg)) != REC_END) {
        if (got == REC_BAD) {
            meter_pause(m);
            cli_error("solve", "%s: %s", path, rec_reader_error(r));
            meter_resume(m);
            bad++;
            continue;
        }
        const rec_run *run = rec_reader_run(r);
        if (run->game != g) {
            rc = cli_error("solve", "--records: %s holds a later run of '%s', not '%s'", path, run->game->name,
                           g->name);
            break;
        }
        char label[64];
        snprintf(label, sizeof label, "game %llu", (unsigned long long)rg->id);
        meter_step(m, sm.games, label);
        oracle_game og;
        if (oracle_classify(g, solver, rg->start, rg->actions, rg->nactions, o->nodes, &og, err, sizeof err)) {
            meter_pause(m);
            rc = cli_error("solve", "--records: %s: game %llu: %s", path, (unsigned long long)rg->id, err);
            break;
        }
        sm.games++;
        sm.nodes += og.nodes;
        if (og.cls == ORACLE_UNFINISHED)
            sm.unfinished++;
        else
            sm.by_loser[og.loser][og.cls]++;
        meter_pause(m);
        print_game(g, run, rg, &og, o);
        meter_resume(m);
    }
    meter_stop(m);
    if (!rc)
        print_summary(g, &sm, o);
    g->solver->destroy(solver);
    free(rg);
    rec_reader_close(r);
    return rc ? rc : bad ? 1 : 0;
}
