/* cmd_bench.c — `triad bench`: perft speed with make/unmake at every node,
 * the node-count signature, and (labelled apart) bulk-counting speed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "games/tzaar/bench.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/perft.h"
#include "commands.h"
#include "opts.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int cmd_bench(int argc, char **argv)
{
    int runs = 3, reduce = 0;
    bool json = false, bulk = false;
    const opt_spec opts[] = {
        { "runs", OPT_INT, &runs, "R", "time each position R times and report the median (default 3)", 1, 100, NULL },
        { "reduce", OPT_INT, &reduce, "K", "search K plies less than the suite's depths (quick check)", 0, 4, NULL },
        { "bulk", OPT_FLAG, &bulk, NULL, "also time bulk counting (last ply counted, not made)", 0, 0, NULL },
        { "json", OPT_FLAG, &json, NULL, "print the figures as one JSON object", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "bench", "[--runs R] [--reduce K] [--bulk] [--json]",
                            "Runs perft on the benchmark positions with make/unmake at every node and\n"
                            "prints leaves per second (median of R runs) and the signature: the total\n"
                            "leaf count, which changes only when move generation changes.", opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;

    uint64_t signature = 0;
    double total_secs = 0, total_bulk = 0;
    if (json)
        printf("{\"positions\":[");
    for (const bench_entry *e = bench_suite; e->name; e++) {
        position p;
        char err[256];
        if (pos_from_text(&p, e->position, err, sizeof err))
            return cli_error("bench", "suite position '%s': %s", e->name, err);
        int depth = e->depth - reduce > 0 ? e->depth - reduce : 1;
        double t[100], tb[100];
        uint64_t nodes = 0;
        for (int r = 0; r < runs; r++) {
            double t0 = now_seconds();
            nodes = perft(&p, depth);
            t[r] = now_seconds() - t0;
            if (bulk) {
                t0 = now_seconds();
                perft_bulk(&p, depth);
                tb[r] = now_seconds() - t0;
            }
        }
        qsort(t, (size_t)runs, sizeof *t, cmp_double);
        qsort(tb, bulk ? (size_t)runs : 0, sizeof *tb, cmp_double);
        /* A clock tick as the least time, so tiny --reduce runs print finite rates. */
        double med = fmax(t[runs / 2], 1e-9), medb = bulk ? fmax(tb[runs / 2], 1e-9) : 0;
        signature += nodes;
        total_secs += med;
        total_bulk += medb;
        if (json)
            printf("%s{\"name\":\"%s\",\"depth\":%d,\"nodes\":%llu,\"seconds\":%.6f,\"nodes_per_second\":%.0f%s",
                   e == bench_suite ? "" : ",", e->name, depth, (unsigned long long)nodes, med,
                   (double)nodes / med, bulk ? "" : "}");
        else
            printf("%-22s depth %d %14llu leaves %8.3f s %8.1f M/s", e->name, depth,
                   (unsigned long long)nodes, med, (double)nodes / med / 1e6);
        if (bulk)
            printf(json ? ",\"bulk_nodes_per_second\":%.0f}" : "   bulk %8.1f M/s",
                   json ? (double)nodes / medb : (double)nodes / medb / 1e6);
        if (!json)
            putchar('\n');
        fflush(stdout);
    }
    if (json) {
        printf("],\"signature\":%llu,\"seconds\":%.6f,\"nodes_per_second\":%.0f", (unsigned long long)signature,
               total_secs, (double)signature / total_secs);
        if (bulk)
            printf(",\"bulk_nodes_per_second\":%.0f", (double)signature / total_bulk);
        printf(",\"runs\":%d}\n", runs);
    } else {
        printf("\nsignature %llu\nmake/unmake at every node: %.1f M leaves/s (median of %d runs per position)\n",
               (unsigned long long)signature, (double)signature / total_secs / 1e6, runs);
        if (bulk)
            printf("bulk counting (last ply not made): %.1f M leaves/s\n", (double)signature / total_bulk / 1e6);
    }
    return 0;
}
