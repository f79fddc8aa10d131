/* cmd_solve_records.c — `triad solve --records FILE`: the endgame oracle
 * (eval/oracle.h) over every game of a records file, a line per game and a
 * summary of the lost games by the loser's seat and class. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "eval/bias.h"
#include "eval/interval_json.h"
#include "eval/oracle.h"
#include "eval/oracle_summary.h"
#include "eval/records_game.h"
#include "cmd_solve.h"
#include "commands.h"
#include "meter.h"

/* ,"key": and the seat's name, or null for none (-1). */
static void json_seat(const game_def *g, const char *key, int seat)
{
    char name[16];
    jsonw_fkey(stdout, key, 0);
    if (seat < 0)
        printf("null");
    else
        jsonw_fstring(stdout, game_seat_name(g, seat, name));
}

/* ,"key": and v, or null for none (-1). */
static void json_int(const char *key, int v)
{
    if (v < 0) {
        jsonw_fkey(stdout, key, 0);
        printf("null");
    } else
        jsonw_fkv_int(stdout, key, v, 0);
}

static void print_game(const game_def *g, const rec_run *run, const rec_game *rg, const oracle_game *og,
                       const solve_opts *o)
{
    char w[16], l[16], fw[16];
    const char *setup = rec_setup_name(run, rg->setup);
    if (o->json) {
        putchar('{');
        jsonw_fkv_uint(stdout, "game", rg->id, 1);
        jsonw_fkv_str(stdout, "setup", setup, 0);
        jsonw_fkv_str(stdout, "white_spec", rg->specs[0], 0);
        jsonw_fkv_str(stdout, "black_spec", rg->specs[1], 0);
        jsonw_fkv_str(stdout, "class", oracle_class_name(og->cls), 0);
        json_seat(g, "winner", og->winner);
        json_seat(g, "loser", og->loser);
        jsonw_fkv_int(stdout, "plies", og->plies, 0);
        jsonw_fkv_int(stdout, "boundaries", og->boundaries, 0);
        jsonw_fkv_int(stdout, "solved", og->solved, 0);
        json_int("first_ply", og->first_ply);
        json_seat(g, "first_winner", og->first_winner);
        json_int("first_distance", og->first_distance);
        json_seat(g, "first_to_act", og->first_to_act);
        json_int("blunder_ply", og->blunder_ply);
        json_int("blunder_end", og->blunder_end);
        jsonw_fkv_uint(stdout, "nodes", og->nodes, 0);
        printf("}\n");
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

static void json_spread(const char *key, const oracle_spread *sp)
{
    jsonw_fkey(stdout, key, 0);
    putchar('{');
    jsonw_fkv_uint(stdout, "games", sp->n, 1);
    jsonw_fkv_num(stdout, "min", "%.6g", sp->min, 0);
    jsonw_fkv_num(stdout, "median", "%.6g", sp->median, 0);
    jsonw_fkv_num(stdout, "max", "%.6g", sp->max, 0);
    putchar('}');
}

/* The summary's figures beyond the counts (oracle_summary.h): what the
 * class means, per seat the wins held and lost, where the first solvable
 * position lies. */
static void json_readings(const game_def *g, const oracle_summary *sm, const oracle_summary_result *r)
{
    char name[16];
    const char *who[2] = { "loser_to_act_first", "winner_to_act_first" };
    for (int w = 0; w < 2; w++) {
        jsonw_fkey(stdout, who[w], 0);
        putchar('{');
        for (int c = 0; c < ORACLE_UNSOLVED; c++)
            jsonw_fkv_uint(stdout, oracle_class_name(c), w ? sm->winner_first[c] : sm->loser_first[c], c == 0);
        putchar('}');
    }
    jsonw_fkey(stdout, "held", 0);
    putchar('{');
    for (int s = 0; s < 2; s++) {
        const oracle_held *h = &r->held[s];
        jsonw_fkey(stdout, game_seat_name(g, s, name), s == 0);
        putchar('{');
        jsonw_fkv_uint(stdout, "games", h->games, 1);
        jsonw_fkv_uint(stdout, "lost", h->lost, 0);
        jsonw_fkv_num(stdout, "share", "%.6g", h->games ? h->share : NAN, 0);
        interval_json_write(stdout, "ci95", h->ci, 0);
        putchar('}');
    }
    jsonw_fkv_num(stdout, "difference", "%.6g", r->diff_ok ? r->held_diff.diff : NAN, 0);
    interval_json_write(stdout, "difference_ci95", r->diff_ok ? r->held_diff.ci : interval_none(), 0);
    jsonw_fkv_num(stdout, "p_value", "%.6g", r->diff_ok ? r->held_diff.p_value : NAN, 0);
    putchar('}');
    json_spread("from_end", &r->from_end);
    json_spread("first_ply", &r->first_ply);
    json_spread("plies", &r->plies);
    json_spread("first_fraction", &r->fraction);
    json_spread("first_distance", &r->distance);
}

static void text_readings(const game_def *g, const oracle_summary *sm, const oracle_summary_result *r)
{
    char name[16], other[16];
    printf("by who acts at the first solvable position: the loser %llu already lost, %llu lost by play; the winner "
           "%llu already lost, %llu lost by play\n",
           (unsigned long long)sm->loser_first[ORACLE_ALREADY_LOST],
           (unsigned long long)sm->loser_first[ORACLE_LOST_BY_PLAY],
           (unsigned long long)sm->winner_first[ORACLE_ALREADY_LOST],
           (unsigned long long)sm->winner_first[ORACLE_LOST_BY_PLAY]);
    for (int s = 0; s < 2; s++) {
        const oracle_held *h = &r->held[s];
        printf("%s held a proven win at the first solvable position in %llu games and lost %llu: %.2f%%",
               game_seat_name(g, s, name), (unsigned long long)h->games, (unsigned long long)h->lost,
               h->games ? 100 * h->share : 0.0);
        if (interval_ok(h->ci))
            printf(" [%.2f, %.2f] (Wilson, clustered by setup)", 100 * h->ci.lo, 100 * h->ci.hi);
        putchar('\n');
    }
    if (r->diff_ok)
        printf("the difference, %s minus %s: %+.2f points [%+.2f, %+.2f], p = %.2g\n", game_seat_name(g, 0, name),
               game_seat_name(g, 1, other), 100 * r->held_diff.diff, 100 * r->held_diff.ci.lo,
               100 * r->held_diff.ci.hi, r->held_diff.p_value);
    const oracle_spread *sp[] = { &r->from_end, &r->first_ply, &r->plies, &r->distance };
    const char *what[] = { "plies before the end", "its ply", "the game's plies", "the proof's bound (plies)" };
    printf("the first solvable position (%llu games):", (unsigned long long)r->from_end.n);
    for (int i = 0; i < 4 && r->from_end.n; i++)
        printf("%s %s %g-%g, median %g", i ? ";" : "", what[i], sp[i]->min, sp[i]->max, sp[i]->median);
    if (r->from_end.n)
        printf("; at %.0f%% of the game at the earliest, median %.0f%%", 100 * r->fraction.min,
               100 * r->fraction.median);
    putchar('\n');
}

static void print_summary(const game_def *g, const oracle_summary *sm, const oracle_summary_result *r,
                          const solve_opts *o)
{
    char name[16];
    if (o->json) {
        putchar('{');
        jsonw_fkey(stdout, "summary", 1);
        putchar('{');
        jsonw_fkv_uint(stdout, "games", sm->games, 1);
        jsonw_fkv_uint(stdout, "node_limit", o->nodes, 0);
        jsonw_fkv_int(stdout, "memory_mb", o->memory_mb, 0);
        jsonw_fkv_uint(stdout, "unfinished", sm->unfinished, 0);
        jsonw_fkv_uint(stdout, "nodes", sm->nodes, 0);
        jsonw_fkey(stdout, "by_loser", 0);
        putchar('{');
        for (int s = 0; s < 2; s++) {
            jsonw_fkey(stdout, game_seat_name(g, s, name), s == 0);
            putchar('{');
            for (int c = 0; c < ORACLE_UNFINISHED; c++)
                jsonw_fkv_uint(stdout, oracle_class_name(c), sm->by_loser[s][c], c == 0);
            putchar('}');
        }
        putchar('}');
        json_readings(g, sm, r);
        printf("}}\n");
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
    text_readings(g, sm, r);
}

int solve_records(const char *path, const char *want, const solve_opts *o)
{
    char err[400];
    const game_def *g;
    if (records_game(&path, 1, want, &g, err, sizeof err))
        return cli_error("solve", "%s", err);
    if (!g->solver)
        return cli_error("solve", "%s: the game '%s' has no solver (TZAAR has one)", path, g->name);
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r)
        return cli_error("solve", "%s", err);
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
    oracle_summary sm;
    oracle_summary_init(&sm);
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
            rc = cli_error("solve", "%s holds a later run of '%s', not '%s'", path, run->game->name,
                           g->name);
            break;
        }
        char label[64];
        snprintf(label, sizeof label, "game %llu", (unsigned long long)rg->id);
        meter_step(m, sm.games, label);
        oracle_game og;
        if (oracle_classify(g, solver, rg->start, rg->actions, rg->nactions, o->nodes, &og, err, sizeof err)) {
            meter_pause(m);
            rc = cli_error("solve", "%s: game %llu: %s", path, (unsigned long long)rg->id, err);
            break;
        }
        if (oracle_summary_add(&sm, &og, bias_setup_key(run, rg))) {
            meter_pause(m);
            rc = cli_error("solve", "out of memory");
            break;
        }
        meter_pause(m);
        print_game(g, run, rg, &og, o);
        meter_resume(m);
    }
    meter_stop(m);
    oracle_summary_result res;
    if (!rc && oracle_summary_report(&sm, &res))
        rc = cli_error("solve", "out of memory");
    if (!rc)
        print_summary(g, &sm, &res, o);
    oracle_summary_free(&sm);
    g->solver->destroy(solver);
    free(rg);
    rec_reader_close(r);
    return rc ? rc : bad ? 1 : 0;
}
