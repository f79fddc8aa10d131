/* cmd_bench.c — `triad bench`: over a game's bench positions, perft speed
 * with make/unmake at every node and the perft signature, the speed and
 * node-count signature of the game's fixed-depth search, and the engine
 * signature (engine/signature.h).  Bulk-counting speed (TZAAR has it) is
 * printed apart, labelled, with --bulk.  A full bench takes minutes: its
 * progress goes to stderr (cli/meter.h), one step per timed run. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/jsonw.h"
#include "engine/signature.h"
#include "commands.h"
#include "meter.h"
#include "opts.h"

/* One bench position's figures at its (reduced) depths; times are medians. */
typedef struct figures {
    int perft_depth, search_depth; /* search_depth 0: not searched */
    uint64_t leaves, nodes;
    double perft_s, bulk_s, search_s;
} figures;

/* The median of t[0..runs), with a clock tick as the least time so that tiny
 * --reduce runs print finite rates. */
static double median(double *t, int runs)
{
    return fmax(clock_median(t, runs), 1e-9);
}

/* The progress of the timed runs: the meter, the runs done, and what runs now. */
typedef struct steps {
    meter *m;
    uint64_t done;
} steps;

static void step(steps *st, const char *what, const char *name, int r, int runs)
{
    char label[160];
    snprintf(label, sizeof label, "%s %s, run %d of %d", what, name, r + 1, runs);
    meter_step(st->m, st->done++, label);
}

static void measure_perft(const game_def *g, void *s, int runs, bool bulk, figures *f, steps *st, const char *name)
{
    double t[100], tb[100];
    for (int r = 0; r < runs; r++) {
        step(st, "perft", name, r, runs);
        double t0 = clock_seconds();
        f->leaves = g->bench->perft(s, f->perft_depth);
        t[r] = clock_seconds() - t0;
        if (bulk) { /* the caller checked that the game has it */
            step(st, "bulk perft", name, r, runs);
            t0 = clock_seconds();
            g->bench->perft_bulk(s, f->perft_depth);
            tb[r] = clock_seconds() - t0;
        }
    }
    f->perft_s = median(t, runs);
    f->bulk_s = bulk ? median(tb, runs) : 0;
}

static void measure_search(const game_def *g, const void *s, int runs, figures *f, steps *st, const char *name)
{
    double t[100];
    for (int r = 0; r < runs; r++) {
        step(st, "search", name, r, runs);
        double t0 = clock_seconds();
        /* A fresh searcher every time: the timing includes its table, as it
         * always has. */
        f->nodes = g->bench->search_nodes(NULL, s, f->search_depth);
        t[r] = clock_seconds() - t0;
    }
    f->search_s = median(t, runs);
}

#define EXTRA_MAX 8

static void print_json(const game_def *g, const figures *f, bool bulk, bool search, uint64_t esig, int runs,
                       const game_bench_figure *extra, int nextra)
{
    uint64_t leaves = 0, nodes = 0;
    double ps = 0, bs = 0, ss = 0;
    FILE *o = stdout;
    putchar('{');
    jsonw_fkv_str(o, "game", g->name, 1);
    jsonw_fkey(o, "positions", 0);
    putchar('[');
    for (int i = 0; g->bench->positions[i].name; i++, f++) {
        printf(i ? ",{" : "{");
        jsonw_fkv_str(o, "name", g->bench->positions[i].name, 1);
        jsonw_fkv_int(o, "depth", f->perft_depth, 0);
        jsonw_fkv_uint(o, "nodes", f->leaves, 0);
        jsonw_fkv_num(o, "seconds", "%.6f", f->perft_s, 0);
        jsonw_fkv_num(o, "nodes_per_second", "%.0f", (double)f->leaves / f->perft_s, 0);
        if (bulk)
            jsonw_fkv_num(o, "bulk_nodes_per_second", "%.0f", (double)f->leaves / f->bulk_s, 0);
        if (search && f->search_depth) {
            jsonw_fkv_int(o, "search_depth", f->search_depth, 0);
            jsonw_fkv_uint(o, "search_nodes", f->nodes, 0);
            jsonw_fkv_num(o, "search_seconds", "%.6f", f->search_s, 0);
            jsonw_fkv_num(o, "search_nodes_per_second", "%.0f", (double)f->nodes / f->search_s, 0);
        }
        putchar('}');
        leaves += f->leaves, nodes += f->nodes;
        ps += f->perft_s, bs += f->bulk_s, ss += f->search_s;
    }
    putchar(']');
    jsonw_fkv_uint(o, "signature", leaves, 0);
    jsonw_fkv_num(o, "seconds", "%.6f", ps, 0);
    jsonw_fkv_num(o, "nodes_per_second", "%.0f", (double)leaves / ps, 0);
    if (bulk)
        jsonw_fkv_num(o, "bulk_nodes_per_second", "%.0f", (double)leaves / bs, 0);
    if (search) {
        jsonw_fkv_uint(o, "search_signature", nodes, 0);
        jsonw_fkv_num(o, "search_seconds", "%.6f", ss, 0);
        jsonw_fkv_num(o, "search_nodes_per_second", "%.0f", (double)nodes / fmax(ss, 1e-9), 0);
    } else {
        jsonw_fkey(o, "search_signature", 0);
        printf("null");
    }
    if (nextra) {
        jsonw_fkey(o, "extra", 0);
        putchar('[');
    }
    for (int i = 0; i < nextra; i++) {
        printf(i ? ",{" : "{");
        jsonw_fkv_str(o, "name", extra[i].name, 1);
        jsonw_fkv_num(o, "value", "%.6g", extra[i].value, 0);
        jsonw_fkv_str(o, "unit", extra[i].unit, 0);
        printf("}%s", i + 1 == nextra ? "]" : "");
    }
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, esig);
    jsonw_fkv_str(o, "engine_signature", hex, 0);
    jsonw_fkv_int(o, "runs", runs, 0);
    printf("}\n");
}

/* What the passes share: the game, a state to load positions into, the
 * figures per position and the options. */
typedef struct bench_run {
    const game_def *g;
    void *s;
    figures *f;
    int runs, reduce;
    bool bulk, json;
    steps st;
} bench_run;

/* Loads bench position i into b->s.  0, or 2 after the error line. */
static int load(const bench_run *b, int i)
{
    char err[512];
    if (game_bench_start(b->g, b->s, i, err, sizeof err))
        return cli_error("bench", "suite position '%s': %s", b->g->bench->positions[i].name, err);
    return 0;
}

/* Perft from every position, a line each as soon as it is known (a full
 * bench takes a while), then the signature and the speed. */
static int perft_pass(bench_run *b)
{
    uint64_t leaves = 0;
    double ps = 0, bs = 0;
    for (int i = 0; b->g->bench->positions[i].name; i++) {
        figures *f = &b->f[i];
        if (load(b, i))
            return 2;
        f->perft_depth = game_signature_depth(b->g->bench->positions[i].perft_depth, b->reduce);
        measure_perft(b->g, b->s, b->runs, b->bulk, f, &b->st, b->g->bench->positions[i].name);
        leaves += f->leaves, ps += f->perft_s, bs += f->bulk_s;
        if (b->json)
            continue;
        meter_pause(b->st.m);
        printf("%-22s depth %d %14" PRIu64 " leaves %8.3f s %8.1f M/s", b->g->bench->positions[i].name, f->perft_depth,
               f->leaves, f->perft_s, (double)f->leaves / f->perft_s / 1e6);
        if (b->bulk)
            printf("   bulk %8.1f M/s", (double)f->leaves / f->bulk_s / 1e6);
        putchar('\n');
        fflush(stdout);
        meter_resume(b->st.m);
    }
    if (!b->json) {
        meter_pause(b->st.m);
        printf("\nsignature %" PRIu64 "\nmake/unmake at every node: %.1f M leaves/s (median of %d runs per position)\n",
               leaves, (double)leaves / ps / 1e6, b->runs);
        if (b->bulk)
            printf("bulk counting (last ply not made): %.1f M leaves/s\n", (double)leaves / bs / 1e6);
        fflush(stdout);
        meter_resume(b->st.m);
    }
    return 0;
}

/* The same for the search, on the positions with a search depth. */
static int search_pass(bench_run *b)
{
    uint64_t nodes = 0;
    double ss = 0;
    if (!b->json) {
        meter_pause(b->st.m);
        putchar('\n');
        fflush(stdout);
        meter_resume(b->st.m);
    }
    for (int i = 0; b->g->bench->positions[i].name; i++) {
        figures *f = &b->f[i];
        if (!(f->search_depth = game_signature_depth(b->g->bench->positions[i].search_depth, b->reduce)))
            continue;
        if (load(b, i))
            return 2;
        measure_search(b->g, b->s, b->runs, f, &b->st, b->g->bench->positions[i].name);
        if (f->nodes == UINT64_MAX)
            return cli_error("bench", "suite position '%s': out of memory for the search", b->g->bench->positions[i].name);
        nodes += f->nodes, ss += f->search_s;
        if (b->json)
            continue;
        meter_pause(b->st.m);
        printf("search %-15s depth %d %14" PRIu64 " nodes  %8.3f s %8.2f M/s\n", b->g->bench->positions[i].name,
               f->search_depth, f->nodes, f->search_s, (double)f->nodes / f->search_s / 1e6);
        fflush(stdout);
        meter_resume(b->st.m);
    }
    meter_pause(b->st.m);
    if (!b->json)
        printf("\nsearch signature %" PRIu64 "\nfixed-depth search: %.2f M nodes/s (median of %d runs per position)\n",
               nodes, (double)nodes / fmax(ss, 1e-9) / 1e6, b->runs);
    fflush(stdout);
    meter_resume(b->st.m);
    return 0;
}

/* What bench is told, and its options (the table at file scope, as
 * commands.h's start options are). */
typedef struct bench_args {
    int runs, reduce;
    bool json, bulk, sig_only, quiet;
    const char *game; /* NULL: the default game (game_default) */
} bench_args;

#define BENCH_OPTS(a)                                                                                           \
    { "game", OPT_STR, &(a).game, "NAME", "the game whose bench positions to run (default tzaar)", 0, 0, NULL },  \
    { "runs", OPT_INT, &(a).runs, "R", "time each position R times and report the median (default 3)", 1, 100,  \
      NULL },                                                                                                   \
    { "reduce", OPT_INT, &(a).reduce, "K", "perft and search K plies less than the suite's depths (quick check)", \
      0, 4, NULL },                                                                                             \
    { "bulk", OPT_FLAG, &(a).bulk, NULL, "also time bulk counting (last ply counted, not made), where the game "  \
      "has it", 0, 0, NULL },                                                                                   \
    { "signature", OPT_FLAG, &(a).sig_only, NULL, "print only the engine signature (what records store) and "    \
      "stop", 0, 0, NULL },                                                                                     \
    { "json", OPT_FLAG, &(a).json, NULL, "print the figures as one JSON object", 0, 0, NULL },                  \
    { "quiet", OPT_FLAG, &(a).quiet, NULL, "no progress on stderr", 0, 0, NULL }

static const char bench_usage[] = "[--game NAME] [--runs R] [--reduce K] [--bulk] [--signature] [--json] [--quiet]";
static const char bench_about[] =
    "Runs perft on the game's benchmark positions with make/unmake at every node\n"
    "and prints leaves per second (median of R runs) and the perft signature, the\n"
    "total leaf count; then a fixed-depth search of the game's own searcher from\n"
    "the same positions (TZAAR: ab, default weights, 16 MiB table, seed 1) and\n"
    "prints nodes per second and the search signature, the total node count; then\n"
    "the engine signature, a hash of both at the depths less 3, which records\n"
    "store.  A signature that changes means the games played change: the tests pin\n"
    "them (docs/performance.md, \"Signatures\").  Progress goes to stderr (a bar on a\n"
    "terminal, a status line every few seconds otherwise); --reduce 2 --runs 1 is a\n"
    "quick look.";

/* --signature: the engine signature alone, as text or JSON. */
static int print_signature(const game_def *g, uint64_t esig, bool json)
{
    if (json) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016" PRIx64, esig);
        putchar('{');
        jsonw_fkv_str(stdout, "game", g->name, 1);
        jsonw_fkv_str(stdout, "engine_signature", hex, 0);
        printf("}\n");
    } else
        printf("%016" PRIx64 "\n", esig);
    return 0;
}

/* The timed runs and their report; 0, or 2 after the error line. */
static int run_bench(const game_def *g, const bench_args *a, uint64_t esig)
{
    int npos = 0, rc = 0, runs = a->runs;
    while (g->bench->positions[npos].name)
        npos++;
    bench_run b = { g, malloc(g->state_size), calloc((size_t)npos + 1, sizeof(figures)), runs, a->reduce, a->bulk,
                    a->json, { NULL, 0 } };
    /* One step per timed run: perft (and bulk) from every position, the
     * search from those with a search depth, the game's own figures. */
    uint64_t total = 0;
    for (int i = 0; i < npos; i++)
        total += (uint64_t)runs * ((a->bulk ? 2 : 1) +
                                   (g->bench->search_nodes && game_signature_depth(g->bench->positions[i].search_depth, a->reduce) ? 1 : 0));
    total += g->bench->bench_extra ? 1 : 0;
    char what[64];
    snprintf(what, sizeof what, "bench %s", g->name);
    b.st.m = meter_start(what, total, a->quiet);
    if (!b.s || !b.f)
        rc = cli_error("bench", "out of memory");
    if (!rc)
        rc = perft_pass(&b);
    if (!rc && g->bench->search_nodes)
        rc = search_pass(&b);
    game_bench_figure extra[EXTRA_MAX];
    if (!rc && g->bench->bench_extra)
        meter_step(b.st.m, b.st.done++, "the game's own figures");
    int nextra = !rc && g->bench->bench_extra ? g->bench->bench_extra(runs, extra, EXTRA_MAX) : 0;
    meter_stop(b.st.m);
    for (int i = 0; i < nextra && !a->json; i++)
        printf("%s%s: %.1f %s (median of %d runs)\n", i ? "" : "\n", extra[i].name, extra[i].value, extra[i].unit,
               runs);
    if (!rc && a->json)
        print_json(g, b.f, a->bulk, g->bench->search_nodes != NULL, esig, runs, extra, nextra);
    else if (!rc)
        printf("%sengine signature %016" PRIx64 "\n", nextra ? "\n" : "", esig);
    free(b.f);
    free(b.s);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    bench_args a = { .runs = 3 };
    const opt_spec opts[] = { BENCH_OPTS(a), { 0 } };
    const cmd_spec spec = { "bench", bench_usage, bench_about, opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    char err[512];
    const game_def *g = cli_game("bench", a.game);
    if (!g)
        return 2;
    if (!g->bench)
        return cli_error("bench", "the game '%s' has no bench positions", g->name);
    if (a.bulk && !g->bench->perft_bulk)
        return cli_error("bench", "--bulk: the game '%s' has no bulk counting", g->name);
    uint64_t esig = game_engine_signature(g);
    if (!esig) {
        uint64_t p, s;
        game_signature_sums(g, GAME_SIGNATURE_REDUCE, &p, &s, err, sizeof err);
        return cli_error("bench", "the engine signature: %s", err);
    }
    return a.sig_only ? print_signature(g, esig, a.json) : run_bench(g, &a, esig);
}
