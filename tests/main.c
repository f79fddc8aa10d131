/* main.c — runs every test suite, or those whose test names contain argv[1].
 * Prints one line per failure and a final "N passed, N failed". */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "games/tzaar/position.h"

extern const test_case tests_geometry[], tests_rules[], tests_text[], tests_setup[], tests_perft[],
    tests_diff[], tests_records[], tests_eval[], tests_search[], tests_player[], tests_stats[],
    tests_bias[], tests_tune[], tests_tune_fit[], tests_match[], tests_game[], tests_fileio[], tests_num[],
    tests_records2[], tests_view[], tests_conformance[], tests_bench[], tests_mcts[], tests_trid[], tests_trid_diff[],
    tests_trid_player[], tests_trid_pos[], tests_talat[], tests_symmetry[], tests_placement[], tests_engine[],
    tests_vis[], tests_solve[], tests_oracle[], tests_registry[];

static const test_case *const suites[] = {
    tests_geometry, tests_rules, tests_text, tests_setup, tests_perft, tests_diff, tests_records,
    tests_eval, tests_search, tests_player, tests_stats, tests_bias, tests_tune, tests_tune_fit, tests_match, tests_game,
    tests_fileio, tests_num, tests_records2, tests_view, tests_conformance, tests_bench, tests_mcts,
    tests_symmetry, tests_placement, tests_talat, tests_trid, tests_trid_diff, tests_trid_player, tests_trid_pos,
    tests_engine, tests_vis, tests_solve, tests_oracle, tests_registry,
};

static int failures_in_test;
static const char *current;

void check_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "FAIL %s (%s:%d): ", current, file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    failures_in_test++;
}

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    int passed = 0, failed = 0;
    tz_init();
    for (size_t s = 0; s < sizeof suites / sizeof *suites; s++)
        for (const test_case *t = suites[s]; t->name; t++) {
            if (filter && !strstr(t->name, filter))
                continue;
            current = t->name;
            failures_in_test = 0;
            t->fn();
            if (failures_in_test)
                failed++;
            else
                passed++;
            fflush(stderr);
        }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
