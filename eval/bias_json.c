/* bias_json.c — the bias study's results as one JSON object (bias_print_json,
 * triad bias --json); the text and Markdown report are in bias_report.c,
 * the charts in bias_plots.c, the web page in bias_html.c. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include "core/jsonw.h"
#include "bias.h"
#include "interval_json.h"

/* The JSON output: every key, string and figure through core/jsonw.h's
 * member writers (a non-finite figure is null: JSON has none). */
static void json_num(FILE *f, const char *key, double x, int first)
{
    jsonw_fkv_num(f, key, "%.6g", x, first);
}

/* The figures of a struct that are written as they are, one row each:
 * the key, how the member is written, and where it lies in the struct.
 * A block of such figures is one table and one call (json_fields). */
typedef enum { JF_U64, JF_INT, JF_LONG, JF_BOOL, JF_NUM, JF_CI } json_field_kind;
typedef struct json_field {
    const char *key;
    json_field_kind kind;
    size_t at;
} json_field;
#define JF(kind, type, member, key) { key, kind, offsetof(type, member) }
#define JF_COUNT(table) (sizeof table / sizeof *table)

/* ,"key":value for every row of t (the first without its comma when first). */
static void json_fields(FILE *f, const void *base, const json_field *t, size_t n, int first)
{
    const char *b = base;
    for (size_t i = 0; i < n; i++, first = 0) {
        const void *at = b + t[i].at;
        switch (t[i].kind) {
        case JF_U64: jsonw_fkv_uint(f, t[i].key, *(const uint64_t *)at, first); break;
        case JF_INT: jsonw_fkv_int(f, t[i].key, *(const int *)at, first); break;
        case JF_LONG: jsonw_fkv_int(f, t[i].key, *(const long *)at, first); break;
        case JF_BOOL: jsonw_fkv_bool(f, t[i].key, *(const bool *)at, first); break;
        case JF_NUM: json_num(f, t[i].key, *(const double *)at, first); break;
        case JF_CI: interval_json_write(f, t[i].key, *(const interval *)at, first); break;
        }
    }
}

/* ,"key":[c0,c1,...] (key NULL: the array alone, after a comma unless first). */
static void json_counts(FILE *f, const char *key, const uint64_t *c, int n, int first)
{
    jsonw_fkey(f, key, first);
    fputc('[', f);
    for (int i = 0; i < n; i++)
        jsonw_fkv_uint(f, NULL, c[i], i == 0);
    fputc(']', f);
}

/* ,"key":[x0,x1,...]. */
static void json_nums(FILE *f, const char *key, const double *x, int n)
{
    jsonw_fkey(f, key, 0);
    fputc('[', f);
    for (int i = 0; i < n; i++)
        json_num(f, NULL, x[i], i == 0);
    fputc(']', f);
}

static const json_field edge_fields[] = {
    JF(JF_NUM, bias_players_kind, score, "first_score"), JF(JF_CI, bias_players_kind, score_ci, "first_score_ci95"),
    JF(JF_NUM, bias_players_kind, elo, "edge_elo"),      JF(JF_CI, bias_players_kind, elo_ci, "edge_elo_ci95"),
    JF(JF_NUM, bias_players_kind, edge, "edge_logit"),   JF(JF_NUM, bias_players_kind, se, "edge_logit_se"),
};

/* ,"kinds":[...] of the players model: each kind's edge between equal players. */
static void json_edges(FILE *f, const bias_result *r)
{
    const bias_players_result *p = &r->pl;
    jsonw_fkey(f, "kinds", 0);
    fputc('[', f);
    for (int k = 0, first = 1; k < p->kinds; k++) {
        const bias_players_kind *q = &p->kind[k];
        if (!q->games)
            continue;
        fputs(first ? "{" : ",{", f);
        first = 0;
        jsonw_fkv_str(f, "setup", r->game->setup_names[k], 1);
        jsonw_fkv_uint(f, "games", q->games, 0);
        jsonw_fkv_num(f, "first_seat", "%.0f", q->first_seat >= 0 ? q->first_seat : NAN, 0); /* null: it varies */
        char seat[16];
        jsonw_fkv_str(f, "first_seat_name", bias_first_seat_name(r, k, seat), 0);
        json_fields(f, q, edge_fields, JF_COUNT(edge_fields), 0);
        fputc('}', f);
    }
    fputc(']', f);
}

static const json_field strength_fields[] = {
    JF(JF_INT, bias_players_strength, component, "component"), JF(JF_BOOL, bias_players_strength, reference, "reference"),
    JF(JF_U64, bias_players_strength, games, "games"), JF(JF_U64, bias_players_strength, against_others, "against_others"),
    JF(JF_INT, bias_players_strength, unbounded, "unbounded"),
};

/* ,"players":[...] of the players model: each player's strength. */
static void json_strengths(FILE *f, const bias_players_result *p)
{
    jsonw_fkey(f, "players", 0);
    fputc('[', f);
    for (int i = 0; i < p->nplayers; i++) {
        const bias_players_strength *s = &p->player[i];
        char sig[24];
        snprintf(sig, sizeof sig, "%016llx", (unsigned long long)s->who.sig);
        fputs(i ? ",{" : "{", f);
        jsonw_fkv_str(f, "spec", s->who.spec, 1);
        jsonw_fkv_str(f, "engine", sig, 0);
        json_fields(f, s, strength_fields, JF_COUNT(strength_fields), 0);
        json_num(f, "elo", s->unbounded ? (double)s->unbounded * INFINITY : s->elo, 0);
        interval_json_write(f, "elo_ci95", s->elo_ci, 0);
        fputc('}', f);
    }
    fputc(']', f);
}

static const json_field own_fields[] = {
    JF(JF_U64, bias_players_own, games, "games"),       JF(JF_NUM, bias_players_own, score, "first_score"),
    JF(JF_CI, bias_players_own, score_ci, "first_score_ci95"), JF(JF_NUM, bias_players_own, elo, "edge_elo"),
    JF(JF_CI, bias_players_own, elo_ci, "edge_elo_ci95"), JF(JF_NUM, bias_players_own, edge, "edge_logit"),
    JF(JF_NUM, bias_players_own, se, "edge_logit_se"),
};
static const json_field het_fields[] = {
    JF(JF_BOOL, bias_players_het, ok, "tested"),        JF(JF_INT, bias_players_het, df, "df"),
    JF(JF_NUM, bias_players_het, q, "cochran_q"),       JF(JF_NUM, bias_players_het, q_p, "cochran_p"),
    JF(JF_NUM, bias_players_het, wald, "wald"),         JF(JF_NUM, bias_players_het, wald_p, "wald_p"),
    JF(JF_NUM, bias_players_het, tau2, "tau2"),         JF(JF_NUM, bias_players_het, i2, "i2"),
    JF(JF_NUM, bias_players_het, score, "pooled_score"), JF(JF_CI, bias_players_het, score_ci, "pooled_score_ci95"),
    JF(JF_NUM, bias_players_het, elo, "pooled_elo"),    JF(JF_CI, bias_players_het, elo_ci, "pooled_elo_ci95"),
    JF(JF_NUM, bias_players_het, pooled, "pooled_logit"), JF(JF_NUM, bias_players_het, pooled_se, "pooled_logit_se"),
};

/* ,"own_edges":[...]: per kind with two or more self-play players, their
 * own edges and whether one edge fits them (bias_players_het). */
static void json_het(FILE *f, const bias_result *r)
{
    const bias_players_result *p = &r->pl;
    jsonw_fkey(f, "own_edges", 0);
    fputc('[', f);
    for (int k = 0, first = 1; k < p->kinds; k++) {
        const bias_players_het *h = &p->het[k];
        if (h->n < 2)
            continue;
        fputs(first ? "{" : ",{", f);
        first = 0;
        jsonw_fkv_str(f, "setup", r->game->setup_names[k], 1);
        json_fields(f, h, het_fields, JF_COUNT(het_fields), 0);
        jsonw_fkey(f, "players", 0);
        fputc('[', f);
        for (int i = 0; i < h->n; i++) {
            fputs(i ? ",{" : "{", f);
            jsonw_fkv_str(f, "spec", p->player[h->own[i].player].who.spec, 1);
            json_fields(f, &h->own[i], own_fields, JF_COUNT(own_fields), 0);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputc(']', f);
}

/* ,"spans":[...]: each component's weakest to strongest player, the error
 * from the strengths' covariance. */
static void json_spans(FILE *f, const bias_players_result *p)
{
    jsonw_fkey(f, "spans", 0);
    fputc('[', f);
    for (int c = 0, first = 1; p->fitted && c < p->components; c++) {
        int lo, hi;
        double span, se;
        if (!bias_players_component_span(p, c, &lo, &hi, &span, &se))
            continue;
        fputs(first ? "{" : ",{", f);
        first = 0;
        jsonw_fkv_int(f, "component", c, 1);
        jsonw_fkv_str(f, "from", p->player[lo].who.spec, 0);
        jsonw_fkv_str(f, "to", p->player[hi].who.spec, 0);
        json_num(f, "elo", span, 0);
        json_num(f, "se", se, 0);
        interval_json_write(f, "elo_ci95", (interval){ span - Z95 * se, span + Z95 * se }, 0);
        fputc('}', f);
    }
    fputc(']', f);
}

/* ,"players_model":{...} (bias_players.h), when the records hold two
 * players or more; a figure that cannot be estimated is null. */
static void json_players(FILE *f, const bias_result *r)
{
    const bias_players_result *p = &r->pl;
    if (p->nplayers < 2)
        return;
    jsonw_fkey(f, "players_model", 0);
    fputc('{', f);
    jsonw_fkv_bool(f, "fitted", p->fitted, 1);
    if (!p->fitted)
        jsonw_fkv_str(f, "error", *p->err ? p->err : "no games", 0);
    static const json_field fields[] = {
        JF(JF_U64, bias_players_result, games, "games"),          JF(JF_LONG, bias_players_result, clusters, "setups"),
        JF(JF_INT, bias_players_result, components, "components"), JF(JF_U64, bias_players_result, separated, "separated_games"),
        JF(JF_U64, bias_players_result, left_out, "left_out"),
    };
    json_fields(f, p, fields, JF_COUNT(fields), 0);
    json_edges(f, r);
    json_strengths(f, p);
    json_spans(f, p);
    json_het(f, r);
    fputc('}', f);
}

static void json_components(FILE *f, const bias_components *c)
{
    if (!c->setups)
        return;
    jsonw_fkey(f, "components", 0);
    fputc('{', f);
    static const json_field fields[] = {
        JF(JF_U64, bias_components, setups, "setups"),
        JF(JF_INT, bias_components, rotations, "rotations"),
        JF(JF_INT, bias_components, replicates, "replicates"),
        JF(JF_U64, bias_components, other, "other_games"),
        JF(JF_NUM, bias_components, game_var, "game_var"),
        JF(JF_NUM, bias_components, setup_var, "setup_var"),
        JF(JF_CI, bias_components, setup_var_ci, "setup_var_ci95"),
        JF(JF_NUM, bias_components, seat_setup_var, "seat_setup_var"),
        JF(JF_CI, bias_components, seat_setup_var_ci, "seat_setup_var_ci95"),
    };
    json_fields(f, c, fields, JF_COUNT(fields), 1);
    fputc('}', f);
}

/* The setup variance and the one-sided fraction (the same figures in the
 * "paired" block that older readers know and in "rotation_groups"). */
static void json_setup_figures(FILE *f, const bias_groups_result *g)
{
    static const json_field fields[] = {
        JF(JF_NUM, bias_groups_result, setup_var, "setup_variance"),
        JF(JF_CI, bias_groups_result, setup_var_ci, "setup_variance_ci95"),
        JF(JF_NUM, bias_groups_result, setup_share, "setup_share"),
        JF(JF_NUM, bias_groups_result, one_sided, "one_sided_fraction"),
        JF(JF_CI, bias_groups_result, one_sided_ci, "one_sided_ci95"),
        JF(JF_NUM, bias_groups_result, one_sided_observed, "one_sided_observed"),
        JF(JF_NUM, bias_groups_result, one_sided_expected, "one_sided_expected"),
    };
    json_fields(f, g, fields, JF_COUNT(fields), 0);
}

/* The first seat's figure under one name for every game, "seat0_KEY" (as
 * records stats has it), and for a game that names its seats also under
 * the name's ("white_KEY" for TZAAR: the key this output always had): a
 * count list (counts, n) or a number (x). */
static void json_first_seat(FILE *f, const game_def *game, const char *key, const uint64_t *counts, int n, double x)
{
    char name[2][64];
    int names = 1;
    snprintf(name[0], sizeof name[0], "seat0_%s", key);
    if (game->seat_names) {
        snprintf(name[1], sizeof name[1], "%.20s_%s", game->seat_names[0], key);
        for (char *c = name[1]; *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c == ' ' ? '_' : *c);
        names = 2;
    }
    for (int i = 0; i < names; i++)
        if (counts)
            json_counts(f, name[i], counts, n, 0);
        else
            json_num(f, name[i], x, 0);
}

static void json_groups(FILE *f, const game_def *game, const bias_groups_result *g)
{
    if (g->pentanomial && g->groups >= 2) { /* TZAAR's pairs; the estimates need two pairs at least */
        jsonw_fkey(f, "paired", 0);
        fputc('{', f);
        jsonw_fkv_uint(f, "pairs", g->groups, 1);
        json_first_seat(f, game, "pentanomial", g->first_penta, 5, NAN);
        json_counts(f, "arrangement_pentanomial", g->holder_penta, 5, 0);
        json_setup_figures(f, g);
        fputc('}', f);
    }
    if (!g->groups)
        return;
    jsonw_fkey(f, "rotation_groups", 0);
    fputc('{', f);
    jsonw_fkv_int(f, "rotations", g->rotations, 1);
    jsonw_fkv_str(f, "rotate", bias_rotate_name(g->rotate), 0);
    static const json_field head[] = {
        JF(JF_U64, bias_groups_result, groups, "groups"),
        JF(JF_U64, bias_groups_result, groups_other, "groups_other"),
        JF(JF_NUM, bias_groups_result, first_share, "first_seat_share"),
        JF(JF_CI, bias_groups_result, first_share_ci, "first_seat_share_ci95"),
    }, variances[] = {
        JF(JF_NUM, bias_groups_result, arrangement_var, "arrangement_variance"),
        JF(JF_NUM, bias_groups_result, outcome_var, "outcome_variance"),
    }, difference[] = {
        JF(JF_NUM, bias_groups_result, rot_diff, "rotation_difference"),
        JF(JF_CI, bias_groups_result, rot_diff_ci, "rotation_difference_ci95"),
    };
    json_fields(f, g, head, JF_COUNT(head), 0);
    if (g->groups >= 2) {
        json_fields(f, g, variances, JF_COUNT(variances), 0);
        json_setup_figures(f, g);
    }
    json_nums(f, "first_seat_share_by_rotation", g->rot_first, g->rotations);
    interval_json_array(f, "first_seat_share_by_rotation_ci95", g->rot_first_ci, g->rotations);
    json_fields(f, g, difference, JF_COUNT(difference), 0);
    fputc('}', f);
}

static void json_kind(const bias_result *r, int k, FILE *f, int first)
{
    const bias_kind_result *s = &r->kind[k];
    jsonw_fkey(f, r->game->setup_names[k], first);
    fputc('{', f);
    jsonw_fkv_uint(f, "games", s->games, 1);
    json_first_seat(f, r->game, "score", NULL, 0, s->share[0]);
    interval_json_write(f, "ci95", s->share_ci[0], 0);
    jsonw_fkv_num(f, "mean_turns", "%.4f", s->mean_turns, 0);
    jsonw_fkv_num(f, "sd_turns", "%.4f", s->sd_turns, 0);
    jsonw_fkey(f, "endings", 0);
    fputc('{', f);
    for (int e = 1; e < r->endings; e++)
        jsonw_fkv_uint(f, r->game->ending_names[e], s->endings[e], e == 1);
    fputc('}', f);
    static const json_field ties[] = {
        JF(JF_NUM, bias_kind_result, first_advantage, "first_seat_advantage"),
        JF(JF_U64, bias_kind_result, ties, "ties"),
        JF(JF_U64, bias_kind_result, point_ties, "point_ties"),
    };
    json_fields(f, s, ties, JF_COUNT(ties), 0);
    jsonw_fkv_str(f, "interval", s->points ? "t" : "wilson", 0);
    jsonw_fkv_uint(f, "clusters", s->clusters, 0);
    jsonw_fkey(f, "seats", 0);
    fputc('[', f);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? ",{" : "{", f);
        json_num(f, "mean", s->mean[p], 1);
        interval_json_write(f, "ci95", s->mean_ci[p], 0);
        json_num(f, "share", s->share[p], 0);
        interval_json_write(f, "share_ci95", s->share_ci[p], 0);
        json_counts(f, "ranks", s->ranks[p], r->players, 0);
        fputc('}', f);
    }
    fputc(']', f);
    json_nums(f, "turn_order_share", s->mover_share, r->players); /* first to act at the start, then on */
    interval_json_array(f, "turn_order_share_ci95", s->mover_share_ci, r->players);
    jsonw_fkey(f, "turn_order_ranks", 0);
    fputc('[', f);
    for (int q = 0; q < r->players; q++)
        json_counts(f, NULL, s->mover_ranks[q], r->players, q == 0);
    fputc(']', f);
    json_counts(f, "shared_firsts", s->shared_firsts, r->players, 0); /* per seat: games whose first place it shares */
    json_counts(f, "turn_order_shared_firsts", s->mover_shared_firsts, r->players, 0);
    if (s->nparts) {
        jsonw_fkey(f, "score_parts", 0);
        fputc('{', f);
        for (int p = 0; p < s->nparts; p++) {
            jsonw_fkey(f, r->game->scoring->score_part_names[p], p == 0);
            fputc('[', f);
            for (int q = 0; q < r->players; q++) {
                fputs(q ? ",{" : "{", f);
                json_num(f, "mean", s->part[p][q], 1);
                interval_json_write(f, "ci95", s->part_ci[p][q], 0);
                fputc('}', f);
            }
            fputc(']', f);
        }
        fputc('}', f);
    }
    json_groups(f, r->game, &s->grp);
    json_components(f, &s->comp);
    fputc('}', f);
}

/* The runs read: what every figure holds for. */
static void json_runs(const bias_result *r, FILE *f)
{
    jsonw_fkey(f, "runs", 0);
    fputc('[', f);
    for (int i = 0; i < r->nruns; i++) {
        const rec_run *run = &r->runs[i].run;
        char shard[32], sig[17];
        snprintf(shard, sizeof shard, "%u/%u", run->shard, run->shards ? run->shards : 1);
        snprintf(sig, sizeof sig, "%016llx", (unsigned long long)run->engine_sig);
        fputs(i ? ",{" : "{", f);
        jsonw_fkv_str(f, "file", r->runs[i].file, 1);
        jsonw_fkv_str(f, "source", run->source == REC_SOURCE_IMPORT ? "import" : "selfplay", 0);
        jsonw_fkv_str(f, "setup", rec_setup_name(run, run->setup), 0);
        jsonw_fkv_uint(f, "seed", run->seed, 0);
        jsonw_fkv_uint(f, "games", run->games, 0);
        jsonw_fkv_int(f, "rotations", run->rotations, 0);
        jsonw_fkv_str(f, "rotate", run->rotations > 1 ? bias_rotate_name(run->rotate) : "none", 0);
        jsonw_fkv_int(f, "replicates", run->replicates, 0);
        jsonw_fkv_str(f, "shard", shard, 0);
        jsonw_fkv_str(f, "engine_signature", sig, 0);
        jsonw_fkey(f, "specs", 0);
        fputc('[', f);
        for (int s = 0; s < run->players; s++)
            jsonw_fkv_str(f, NULL, run->specs[s], s == 0);
        fputs("]}", f);
    }
    fputc(']', f);
    jsonw_fkv_int(f, "runs_not_listed", r->runs_more, 0);
}

static const json_field diff_fields[] = {
    JF(JF_NUM, proportion_diff, diff, "diff"), JF(JF_CI, proportion_diff, ci, "ci95"),
    JF(JF_NUM, proportion_diff, z, "z"),       JF(JF_NUM, proportion_diff, p_value, "p_value"),
};

void bias_print_json(const bias_result *r, FILE *f)
{
    fputc('{', f);
    jsonw_fkv_uint(f, "duplicates", r->duplicates, 1);
    jsonw_fkv_str(f, "game", r->game->name, 0);
    jsonw_fkv_int(f, "players", r->players, 0);
    json_runs(r, f);
    jsonw_fkey(f, "by_setup", 0);
    fputc('{', f);
    for (int k = 0, first = 1; k < r->kinds; k++)
        if (r->kind[k].games) {
            json_kind(r, k, f, first);
            first = 0;
        }
    fputc('}', f);
    jsonw_fkey(f, "differences", 0);
    fputc('[', f);
    for (int i = 0; i < r->ndiffs; i++) {
        const proportion_diff *d = &r->diff[i].d;
        fputs(i ? ",{" : "{", f);
        jsonw_fkv_str(f, "a", r->game->setup_names[r->diff[i].a], 1);
        jsonw_fkv_str(f, "b", r->game->setup_names[r->diff[i].b], 0);
        json_fields(f, d, diff_fields, JF_COUNT(diff_fields), 0);
        fputc('}', f);
    }
    fputc(']', f);
    if (r->reg_ok) {
        jsonw_fkey(f, "regression", 0);
        fputc('{', f);
        jsonw_fkv_uint(f, "games", r->reg_rows, 1);
        jsonw_fkv_int(f, "setups", r->reg_clusters, 0);
        jsonw_fkey(f, "coefficients", 0);
        fputc('{', f);
        for (int j = 0; j <= r->game->study->nstart_features; j++) {
            jsonw_fkey(f, j ? r->game->study->start_feature_names[j - 1] : "intercept", j == 0);
            fputc('{', f);
            if (r->reg_dropped[j]) /* not in the fit */
                jsonw_fkv_str(f, "dropped", r->reg_dropped[j] == 1 ? "constant" : "collinear", 1);
            else {
                json_num(f, "beta", r->beta[j], 1);
                json_num(f, "se", r->se[j], 0);
                json_num(f, "se_model", r->se_model[j], 0);
            }
            fputc('}', f);
        }
        fputc('}', f);
        jsonw_fkey(f, "kinds", 0);
        fputc('[', f);
        for (int k = 0, first = 1; k < r->kinds; k++)
            if (r->kind[k].games && r->kind[k].varies) {
                jsonw_fkv_str(f, NULL, r->game->setup_names[k], first);
                first = 0;
            }
        fputs("]}", f);
    }
    json_players(f, r);
    fputs("}\n", f);
}
