/* fuzz_position.c — libFuzzer harness for the position string parser.
 *
 * Input: any bytes, read as one NUL-terminated string (bytes after an embedded
 * NUL are ignored, as a C caller would).  Checks:
 *   - tz_pos_from_text() never crashes or trips a sanitizer;
 *   - on failure the error message is non-empty and one line (no '\n');
 *   - on success: tz_pos_check() passes; tz_pos_to_text() re-parses to a position
 *     identical byte for byte (memcmp) that prints identically (round trip);
 *     tz_gen_actions() stays within MAX_ACTIONS and pos_make() + pos_unmake() of
 *     every legal action restores the position exactly (memcmp), with
 *     tz_pos_check() passing in between; tz_game_winner() and tz_pos_draw() run.
 * Any violated check calls abort(), which libFuzzer reports as a crash.
 * Build and run with `make fuzz` (see docs/fuzzing.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Longest input worth parsing: a valid string is at most POS_TEXT_MAX. */
#define INPUT_MAX 4096

static FILE *devnull;

static void fail(const char *what, const char *text, const char *detail)
{
    fprintf(stderr, "fuzz_position: %s\n  input: '%s'\n  %s\n", what, text, detail ? detail : "");
    abort();
}

/* Position differences, for the crash report before abort(). */
static void report_diff(const position *a, const position *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < sizeof *a; i++)
        if (x[i] != y[i])
            fprintf(stderr, "  byte %zu differs: %u != %u\n", i, x[i], y[i]);
    for (int pt = 0; pt < 64; pt++) {
        if (a->type[pt] != b->type[pt])
            fprintf(stderr, "  type[%d]: %u != %u (height %u / %u)\n", pt, a->type[pt], b->type[pt],
                    a->height[pt], b->height[pt]);
        if (a->height[pt] != b->height[pt])
            fprintf(stderr, "  height[%d]: %u != %u\n", pt, a->height[pt], b->height[pt]);
    }
}

#ifdef FUZZ_IGNORE_EMPTY_TYPE
/* Optional leniency (-DFUZZ_IGNORE_EMPTY_TYPE): position.h calls the type
 * byte of an empty point "meaningless", so this build ignores it when
 * comparing after make/unmake.  The default build demands an exact restore. */
static void normalise(position *p)
{
    for (int pt = 0; pt < 64; pt++)
        if (!p->height[pt])
            p->type[pt] = 0;
}
#endif

static int same_after_unmake(const position *before, const position *after)
{
#ifdef FUZZ_IGNORE_EMPTY_TYPE
    position a = *before, b = *after;
    normalise(&a);
    normalise(&b);
    return !memcmp(&a, &b, sizeof a);
#else
    return !memcmp(before, after, sizeof *before);
#endif
}

/* Every action of p made and unmade: the incremental state checked after
 * the make, and the position restored by the unmake. */
static void check_actions(position *p, const char *text)
{
    action list[MAX_ACTIONS + 1];
    int n = tz_gen_actions(p, list);
    if (n < 0 || n > MAX_ACTIONS)
        fail("gen_actions count out of range", text, NULL);
    for (int i = 0; i < n; i++) {
        position before = *p;
        undo u;
        pos_make(p, list[i], &u);
        const char *why = tz_pos_check(p);
        if (why) {
            char a[ACTION_TEXT_MAX];
            tz_action_to_text(list[i], before.side, a);
            fprintf(stderr, "  action %s\n", a);
            fail("pos_check after pos_make", text, why);
        }
        tz_game_winner(p, NULL);
        pos_unmake(p, list[i], &u);
        if (!same_after_unmake(&before, p)) {
            char a[ACTION_TEXT_MAX];
            tz_action_to_text(list[i], before.side, a);
            fprintf(stderr, "  action %s\n", a);
            report_diff(&before, p);
            fail("pos_make + pos_unmake did not restore the position", text, a);
        }
        *p = before; /* keep going from the exact original even in lenient builds */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        tz_init();
        devnull = fopen("/dev/null", "w");
        if (!devnull)
            abort();
        ready = 1;
    }
    if (size > INPUT_MAX)
        return -1; /* not added to the corpus */

    char *text = malloc(size + 1); /* exact size, so ASan sees any over-read */
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';

    position p;
    char err[256];
    memset(err, 0, sizeof err);
    if (tz_pos_from_text(&p, text, err, sizeof err)) {
        if (!err[0])
            fail("pos_from_text failed with an empty message", text, NULL);
        if (strchr(err, '\n'))
            fail("pos_from_text's message spans lines", text, err);
        free(text);
        return 0;
    }

    const char *why = tz_pos_check(&p);
    if (why)
        fail("pos_check after parsing", text, why);

    /* Round trip: text -> position -> text -> position -> text. */
    char out[POS_TEXT_MAX], out2[POS_TEXT_MAX];
    int len = tz_pos_to_text(&p, out, sizeof out);
    if (len < 0 || (size_t)len >= sizeof out || (size_t)len != strlen(out))
        fail("pos_to_text length", text, out);
    position q;
    if (tz_pos_from_text(&q, out, err, sizeof err))
        fail("pos_to_text's output does not parse", text, err);
    if (memcmp(&p, &q, sizeof p)) {
        report_diff(&p, &q);
        fail("re-parsed position differs", text, out);
    }
    tz_pos_to_text(&q, out2, sizeof out2);
    if (strcmp(out, out2))
        fail("position prints differently after a round trip", out, out2);

    int ending;
    int w = tz_game_winner(&p, &ending);
    if (w < -1 || w > 1 || (w >= 0 && ending != END_TRINITY && ending != END_NO_CAPTURE) ||
        (w < 0 && ending != END_NONE))
        fail("game_winner out of range", text, NULL);

    check_actions(&p, text);

    tz_pos_draw(&p, devnull);
    free(text);
    return 0;
}
