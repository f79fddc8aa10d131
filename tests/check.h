/* check.h — the test suite's minimal harness.
 *
 * A test is a void function; it fails when any CHECK in it fails.  Each test
 * file exports a NULL-terminated array of test_case, listed in tests/main.c,
 * which runs them and prints the final "N passed, N failed" line. */
#ifndef TRIAD_CHECK_H
#define TRIAD_CHECK_H

#include <stdio.h>

typedef struct test_case {
    const char *name;
    void (*fn)(void);
} test_case;

void check_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define CHECKF(cond, ...) ((cond) ? (void)0 : check_fail(__FILE__, __LINE__, __VA_ARGS__))
#define CHECK(cond) CHECKF(cond, "%s", #cond)
/* A game folder's own tests (the C files of engine/FOLDER/tests/) end
 * their table with one line at a line's first column, GAME_TESTS(tests_NAME);
 * the build finds it (engine/games.sh writes build/game_tests.c) and the
 * unit binary runs the table with the others, so a game's tests need no
 * line here or in tests/main.c. */
#define GAME_TESTS(table) extern const test_case table[]

/* Stops the test on failure (when later checks would be meaningless). */
#define REQUIRE(cond) do { if (!(cond)) { check_fail(__FILE__, __LINE__, "%s", #cond); return; } } while (0)

#endif
