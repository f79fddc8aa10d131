/* cmd_analyse.c — `triad analyse`: one player's choice in one position of
 * any game, with what a searching player reports: score, depth, nodes,
 * speed and principal variation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "core/jsonw.h"
#include "core/msg.h"
#include "engine/players.h"
#include "commands.h"
#include "opts.h"

int cli_pv_text(const game_def *g, const void *s, const game_action *pv, int n, bool json, char *out, size_t size)
{
    void *q = malloc(g->state_size);
    game_action *list = malloc(sizeof *list * (size_t)g->max_actions);
    size_t len = 0;
    int i = 0;
    out[0] = 0;
    if (q && list) {
        memcpy(q, s, g->state_size);
        /* Stop at anything illegal: the PV is only advice. */
        for (; i < n && len + GAME_ACTION_TEXT_MAX + 4 < size; i++) {
            int m = g->legal(q, list), j = 0;
            while (j < m && list[j] != pv[i])
                j++;
            if (j == m)
                break;
            char name[GAME_ACTION_TEXT_MAX];
            g->action_to_text(q, pv[i], name, sizeof name);
            buf b = { 0 };
            if (json)
                jsonw_string(&b, name);
            const char *text = json ? (const char *)b.data : name;
            size_t tlen = json ? b.len : strlen(name);
            bool fits = text && len + tlen + 2 < size;
            if (fits)
                len += (size_t)snprintf(out + len, size - len, "%s%.*s", i ? json ? "," : " " : "", (int)tlen, text);
            buf_free(&b);
            if (!fits)
                break;
            g->apply(q, pv[i]);
        }
    }
    free(q);
    free(list);
    return i;
}

/* One JSON line or text line for the choice in s, with what the player
 * reported; adds to the running sums. */
typedef struct analyse_sums {
    int n, searched;
    double depth, nodes, seconds;
    int *depths; /* every searched position's depth, for the median */
} analyse_sums;

static void report_one(const game_def *g, const void *s, game_action a, const game_search_report *r, bool searched,
                       bool json, long line, analyse_sums *sum)
{
    char name[GAME_ACTION_TEXT_MAX], pv[GAME_PV_MAX * (GAME_ACTION_TEXT_MAX + 3)], at[32] = "";
    g->action_to_text(s, a, name, sizeof name);
    if (line > 0 && !json)
        snprintf(at, sizeof at, "line %ld: ", line);
    if (json) {
        putchar('{');
        if (line > 0)
            jsonw_fkv_int(stdout, "line", line, 1);
        jsonw_fkv_str(stdout, "action", name, line <= 0);
    }
    sum->n++;
    if (!searched) {
        if (!json)
            printf("%saction %s\n", at, name);
        else
            printf("}\n");
        return;
    }
    sum->depths[sum->searched++] = r->depth;
    sum->depth += r->depth;
    sum->nodes += (double)r->nodes;
    sum->seconds += r->seconds;
    cli_pv_text(g, s, r->pv, r->pv_len, json, pv, sizeof pv);
    double nps = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
    if (json) {
        jsonw_fkv_int(stdout, "score", r->score, 0);
        jsonw_fkv_int(stdout, "depth", r->depth, 0);
        jsonw_fkv_uint(stdout, "nodes", r->nodes, 0);
        if (line > 0)
            jsonw_fkv_num(stdout, "seconds", "%.6f", r->seconds, 0);
        jsonw_fkv_num(stdout, "nodes_per_second", "%.0f", nps, 0);
        jsonw_fkey(stdout, "pv", 0);
        printf("[%s]}\n", pv); /* cli_pv_text's JSON strings */
    } else if (line > 0)
        printf("%saction %s score %d depth %d nodes %llu pv %s\n", at, name, r->score, r->depth,
               (unsigned long long)r->nodes, pv);
    else
        printf("action %s\nscore %d\ndepth %d\nnodes %llu\nnodes_per_second %.0f\npv %s\n", name, r->score,
               r->depth, (unsigned long long)r->nodes, nps, pv);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The summary line of --positions: the depths reached (mean, median, range),
 * the nodes and seconds per position. */
static void print_summary(const gplayer *pl, analyse_sums *sum, bool json)
{
    qsort(sum->depths, (size_t)sum->searched, sizeof(int), cmp_int);
    int m = sum->searched;
    double median = m % 2 ? sum->depths[m / 2] : (sum->depths[m / 2 - 1] + sum->depths[m / 2]) / 2.0;
    if (json) {
        putchar('{');
        jsonw_fkv_bool(stdout, "summary", true, 1);
        jsonw_fkv_str(stdout, "player", gplayer_spec(pl), 0);
        jsonw_fkv_int(stdout, "positions", m, 0);
        jsonw_fkv_num(stdout, "depth_mean", "%.3f", sum->depth / m, 0);
        jsonw_fkv_num(stdout, "depth_median", "%g", median, 0);
        jsonw_fkv_int(stdout, "depth_min", sum->depths[0], 0);
        jsonw_fkv_int(stdout, "depth_max", sum->depths[m - 1], 0);
        jsonw_fkv_num(stdout, "nodes_mean", "%.0f", sum->nodes / m, 0);
        jsonw_fkv_num(stdout, "seconds_mean", "%.6f", sum->seconds / m, 0);
        printf("}\n");
    } else
        printf("player %s\npositions %d\ndepth mean %.3f median %g min %d max %d\nnodes mean %.0f\n"
               "seconds mean %.6f\n", gplayer_spec(pl), m, sum->depth / m, median, sum->depths[0],
               sum->depths[m - 1], sum->nodes / m, sum->seconds / m);
}

/* --positions FILE: every line a position string ('#' lines and blank
 * lines skipped), each analysed from scratch with the same player and
 * seed; then one summary line. */
static int analyse_file(const char *path, const game_def *g, const char *spec_text, uint64_t seed, bool json)
{
    char err[512], line[8192];
    FILE *f = fio_fopen_read(path, err, sizeof err);
    if (!f)
        return cli_error("analyse", "--positions: %s", err);
    void *s = calloc(1, g->state_size);
    gplayer *pl = gplayer_new(g, spec_text, err, sizeof err);
    analyse_sums sum = { 0 };
    int cap = 1024, rc = 0;
    sum.depths = malloc(sizeof(int) * (size_t)cap);
    if (!s || !pl || !sum.depths) {
        rc = pl ? cli_error("analyse", "out of memory") : cli_error("analyse", "--player: %s", err);
        goto done;
    }
    /* Two passes: every line is checked before anything is printed, so a
     * bad line is one error, not an error after half the results. */
    for (int pass = 0; pass < 2; pass++) {
        rewind(f);
        for (long n = 1; fgets(line, sizeof line, f); n++) {
            size_t len = strlen(line);
            if (len == sizeof line - 1 && line[len - 1] != '\n') {
                rc = cli_error("analyse", "%s:%ld: line too long", MSG_PATH(path), n);
                goto done;
            }
            line[strcspn(line, "\r\n")] = 0;
            if (!line[strspn(line, " \t")] || line[0] == '#')
                continue;
            if (game_from_text(g, s, line, err, sizeof err)) {
                rc = cli_error("analyse", "%s:%ld: %s", MSG_PATH(path), n, err);
                goto done;
            }
            if (g->over(s)) {
                rc = cli_error("analyse", "%s:%ld: the game is over in this position", MSG_PATH(path), n);
                goto done;
            }
            if (pass == 0)
                continue;
            if (sum.searched == cap) {
                int *d = realloc(sum.depths, sizeof(int) * (size_t)(cap *= 2));
                if (!d) {
                    rc = cli_error("analyse", "out of memory");
                    goto done;
                }
                sum.depths = d;
            }
            game_action a = gplayer_choose(pl, s, seed);
            game_search_report r;
            bool searched = gplayer_report(pl, &r);
            report_one(g, s, a, &r, searched, json, n, &sum);
        }
        if (ferror(f)) {
            rc = cli_error("analyse", "%s: read error", MSG_PATH(path));
            goto done;
        }
    }
    if (sum.searched)
        print_summary(pl, &sum, json);
    else if (!sum.n) {
        rc = cli_error("analyse", "--positions: %s holds no position", MSG_PATH(path));
    }
done:
    fclose(f);
    free(s);
    free(sum.depths);
    gplayer_free(pl);
    return rc;
}

int cmd_analyse(int argc, char **argv)
{
    cli_start st = { 0 };
    const char *spec_text = NULL, *positions = NULL;
    uint64_t player_seed = 0;
    bool json = false;
    const opt_spec opts[] = {
        CLI_START_OPTS(st),
        { "player", OPT_STR, &spec_text, "SPEC", "the player (TZAAR's default ab:depth=4, other games' mcts; "
                                                "see docs/players.md)", 0, 0, NULL },
        { "player-seed", OPT_U64, &player_seed, "S", "the player's seed (tie-breaks; default 0)", 0, 0, NULL },
        { "positions", OPT_STR, &positions, "FILE", "analyse every position of FILE (one position string a "
                                                   "line), then print the mean and median depth", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL,
          "print {\"action\",\"score\",\"depth\",\"nodes\",\"nodes_per_second\",\"pv\"}", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "analyse", "[--game NAME] [--position STR | --setup KIND [--seed S] | --positions FILE] [--player SPEC] [--player-seed S] [--json]",
        "Prints the player's action and, for a searching player, the score (the acting\n"
        "seat's view; TZAAR's ab: about 100 per stack, above 29000 a won game), the depth\n"
        "in plies (one ply per action), nodes, nodes per second and the principal\n"
        "variation.  A time limit (ab:ms=N) is not reproducible; depth and node limits are.\n"
        "--positions FILE analyses every position of a file (one position string a line,\n"
        "'#' comments), one line each (with its line number and the seconds taken), then a\n"
        "summary: the depth's mean, median, minimum and maximum and the mean nodes and\n"
        "seconds (data/positions/tzaar-mid60.txt: 60 mid-game TZAAR positions).",
        opts,
    };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const game_def *g;
    void *s;
    if (positions) {
        if (st.position || st.setup || st.seed_given || st.players)
            return cli_error("analyse", "--positions takes no --position, --setup, --seed or --nplayers");
        if (!(g = cli_game("analyse", st.game)))
            return 2;
        return analyse_file(positions, g, spec_text ? spec_text : game_default_player(g),
                            player_seed, json);
    }
    if ((rc = cli_start_state("analyse", &st, &g, &s)))
        return rc;
    if (g->over(s)) {
        free(s);
        return cli_error("analyse", "the game is over in this position");
    }
    if (!spec_text)
        spec_text = game_default_player(g);
    char err[512];
    gplayer *pl = gplayer_new(g, spec_text, err, sizeof err);
    if (!pl) {
        free(s);
        return cli_error("analyse", "--player: %s", err);
    }
    game_action a = gplayer_choose(pl, s, player_seed);
    if (a == GAME_NO_ACTION) { /* an engine: player failed */
        game_forfeit f;
        gplayer_forfeit(pl, &f);
        gplayer_free(pl);
        free(s);
        return cli_error("analyse", "--player %s forfeits by %s: %s", spec_text, game_forfeit_names[f.reason], f.text);
    }
    game_search_report r;
    bool searched = gplayer_report(pl, &r);
    gplayer_free(pl);
    int depth;
    analyse_sums sum = { .depths = &depth };
    report_one(g, s, a, &r, searched, json, 0, &sum);
    free(s);
    return 0;
}
