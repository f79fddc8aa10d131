/* main.c — runs every test suite, or those whose test names contain FILTER.
 * Prints one line per failure and a final "N passed, N failed".
 *
 *   triad-tests [FILTER]              the tests, one after another
 *   triad-tests --list [FILTER]       their names, one a line; runs nothing
 *   triad-tests --queue FILE [FILTER] one worker of several: each takes the
 *       next test from a counter kept in FILE (locked while it is read and
 *       bumped), so workers started on the same FILE run every test once
 *       between them, the slow ones spread as they come (the slowest suites
 *       first: slow_suites); each prints its own total (tests/run.sh starts
 *       nproc of them and adds them up).
 * With TRIAD_TEST_TIMES set, each test's CPU seconds go to stderr as
 * "time SECONDS NAME" (to find the tests that set the suite's length). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "engine/tzaar/position.h"

extern const test_case tests_geometry[], tests_rules[], tests_rules_props[], tests_text[], tests_setup[], tests_perft[],
    tests_diff[], tests_diff_static[], tests_records[], tests_eval[], tests_search[], tests_player[], tests_stats[],
    tests_bias[], tests_bias_players[], tests_bias_comp[], tests_tune[], tests_tune_fit[], tests_match[], tests_game[], tests_fileio[], tests_num[],
    tests_records2[], tests_view[], tests_conformance[], tests_bench[], tests_mcts[], tests_trid[], tests_trid_diff[],
    tests_trid_player[], tests_trid_pos[], tests_talat[], tests_talat_diff[], tests_talat_komi[], tests_symmetry[], tests_placement[], tests_engine[],
    tests_vis[], tests_solve[], tests_oracle[], tests_registry[], tests_formats[], tests_player_options[], tests_nnue[],
    tests_continuation[], tests_params[], tests_variants[];

static const test_case *const suites[] = {
    tests_geometry, tests_rules, tests_rules_props, tests_text, tests_setup, tests_perft, tests_diff, tests_diff_static, tests_records,
    tests_eval, tests_search, tests_player, tests_stats, tests_bias, tests_bias_players, tests_bias_comp, tests_tune, tests_tune_fit, tests_match, tests_game,
    tests_fileio, tests_num, tests_records2, tests_view, tests_conformance, tests_bench, tests_mcts,
    tests_symmetry, tests_placement, tests_talat, tests_talat_diff, tests_talat_komi, tests_trid, tests_trid_diff, tests_trid_player, tests_trid_pos,
    tests_engine, tests_vis, tests_solve, tests_oracle, tests_registry, tests_formats, tests_player_options, tests_nnue,
    tests_continuation, tests_params, tests_variants,
};
/* The game folders' own suites (engine/FOLDER/tests/), found by the build
 * (build/game_tests.c, GAME_TESTS in check.h); NULL-terminated. */
extern const test_case *const game_test_suites[];

/* These suites run first: the symmetry suite's two search tests are the
 * longest by far (under SAN=1 about half the unit binary's time), and
 * workers sharing a queue (--queue) should start them at once rather than
 * finish on them with the other cores idle. */
static const test_case *const slow_suites[] = { tests_symmetry };

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

static int is_slow(const test_case *suite)
{
    for (size_t i = 0; i < sizeof slow_suites / sizeof *slow_suites; i++)
        if (slow_suites[i] == suite)
            return 1;
    return 0;
}

/* The selected tests, slow suites first, then the others in suite order;
 * returns their count (and fills out[] up to cap). */
static size_t select_tests(const char *filter, const test_case **out, size_t cap)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t s = 0, fixed = sizeof suites / sizeof *suites; s < fixed || game_test_suites[s - fixed]; s++) {
            const test_case *suite = s < fixed ? suites[s] : game_test_suites[s - fixed];
            if (is_slow(suite) != !pass)
                continue;
            for (const test_case *t = suite; t->name; t++)
                if (!filter || strstr(t->name, filter)) {
                    if (n < cap)
                        out[n] = t;
                    n++;
                }
        }
    return n;
}

/* The next index from the counter in fd (a decimal number, empty = 0),
 * bumped under an fcntl lock; -1 on an I/O error (message printed). */
static long queue_next(int fd, const char *path)
{
    struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    char buf[32];
    long next = -1;
    while (fcntl(fd, F_SETLKW, &lk) < 0)
        if (errno != EINTR)
            goto fail;
    ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
    if (got < 0)
        goto fail;
    buf[got] = 0;
    next = got ? strtol(buf, NULL, 10) : 0;
    int len = snprintf(buf, sizeof buf, "%ld\n", next + 1);
    if (pwrite(fd, buf, (size_t)len, 0) != len)
        goto fail;
    lk.l_type = F_UNLCK;
    fcntl(fd, F_SETLK, &lk);
    return next;
fail:
    fprintf(stderr, "triad-tests: %s: %s\n", path, strerror(errno));
    return -1;
}

static void run_test(const test_case *t, int *passed, int *failed)
{
    static int timed = -1;
    struct timespec t0, t1;
    if (timed < 0)
        timed = getenv("TRIAD_TEST_TIMES") != NULL;
    if (timed)
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    current = t->name;
    failures_in_test = 0;
    t->fn();
    if (timed) {
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        fprintf(stderr, "time %.2f %s\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, t->name);
    }
    if (failures_in_test)
        (*failed)++;
    else
        (*passed)++;
    fflush(stderr);
}

int main(int argc, char **argv)
{
    const char *filter = NULL, *queue = NULL;
    int list = 0, passed = 0, failed = 0;
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        list = 1;
        argc--, argv++;
    } else if (argc > 2 && !strcmp(argv[1], "--queue")) {
        queue = argv[2];
        argc -= 2, argv += 2;
    }
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: triad-tests [--list | --queue FILE] [FILTER]\n");
        return 2;
    }
    filter = argc > 1 ? argv[1] : NULL;

    size_t n = select_tests(filter, NULL, 0);
    const test_case **sel = malloc((n ? n : 1) * sizeof *sel);
    if (!sel) {
        fprintf(stderr, "triad-tests: out of memory\n");
        return 1;
    }
    select_tests(filter, sel, n);
    if (list) {
        for (size_t i = 0; i < n; i++)
            printf("%s\n", sel[i]->name);
        free(sel);
        return 0;
    }
    tz_init();
    int fd = -1, broken = 0;
    if (queue && (fd = open(queue, O_RDWR | O_CREAT, 0644)) < 0) {
        fprintf(stderr, "triad-tests: cannot open %s: %s\n", queue, strerror(errno));
        broken = 1;
    }
    for (long next = 0; !broken;) {
        long i = queue ? queue_next(fd, queue) : next++;
        if (i < 0)
            broken = 1;
        else if ((size_t)i >= n)
            break;
        else
            run_test(sel[i], &passed, &failed);
    }
    if (fd >= 0)
        close(fd);
    free(sel);
    printf("%d passed, %d failed\n", passed, failed + broken);
    return failed || broken ? 1 : 0;
}
