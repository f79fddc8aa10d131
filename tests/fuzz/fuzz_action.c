/* fuzz_action.c — libFuzzer harness for the action notation parser.
 *
 * Input: any bytes, read as one NUL-terminated string.  The string is parsed
 * against four fixed positions: the fixed setup (White's opening capture), a
 * placement position with Black to place, a first-action position (Black to
 * capture) and a second-action position with stacks and pass legal.  In each:
 *   - tz_action_from_text() never crashes or trips a sanitizer; on failure its
 *     message is non-empty and one printable line;
 *   - on success tz_action_to_text() of the result re-parses to the same action
 *     and prints the same text again (canonical form is a fixed point);
 *   - tz_action_parse_legal() succeeds exactly when tz_action_from_text() succeeds
 *     and tz_action_is_legal() holds, and then yields the same action; when it
 *     fails its message is non-empty and one printable line.
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

#define INPUT_MAX 256 /* a valid action is at most 5 characters */

static const char *const position_texts[] = {
    /* the fixed setup */
    "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0",
    /* placement, Black to place */
    "a...c...a.........C...............A...........B...a......... b p",
    /* first action of a turn, Black to capture */
    "cCCCCcbB.B2ccba.AbccbaACabcCBACcb.cCBAcCA.Cb.a.aBCC.bbC2.c.c2cC b 1",
    /* second action: captures, stacks and pass */
    "cC..Ccb.C2Bc.bB2Aabc.caC..bcCc..c..cC.A..C2..CB2a.Cbacc2bb.C..cBC w 2",
};
#define NPOS (sizeof position_texts / sizeof position_texts[0])

static position positions[NPOS];

static void fail(const char *what, const char *text, int which, const char *detail)
{
    fprintf(stderr, "fuzz_action: %s\n  input: '%s'\n  position: %s\n  %s\n", what, text,
            position_texts[which], detail ? detail : "");
    abort();
}

static int one_printable_line(const char *msg)
{
    for (; *msg; msg++)
        if (*msg < 0x20 || *msg == 0x7f)
            return 0;
    return 1;
}

static void check_in(int which, const char *text)
{
    const position *p = &positions[which];
    char err[512], err2[512];
    action a = ACTION_NONE, b = ACTION_NONE;

    err[0] = '\0';
    int parsed = tz_action_from_text(p, text, &a, err, sizeof err) == 0;
    if (!parsed && !err[0])
        fail("action_from_text failed with an empty message", text, which, NULL);
    if (!parsed && !one_printable_line(err))
        fail("action_from_text's message is not one printable line", text, which, err);

    if (parsed) {
        if (a == ACTION_NONE)
            fail("action_from_text succeeded without an action", text, which, NULL);
        char out[ACTION_TEXT_MAX], out2[ACTION_TEXT_MAX];
        memset(out, 0, sizeof out);
        tz_action_to_text(a, p->side, out);
        if (!memchr(out, '\0', sizeof out))
            fail("action_to_text output is not terminated", text, which, NULL);
        if (tz_action_from_text(p, out, &b, err, sizeof err))
            fail("action_to_text's output does not parse", text, which, err);
        if (b != a)
            fail("action_to_text's output parses to a different action", text, which, out);
        tz_action_to_text(b, p->side, out2);
        if (strcmp(out, out2))
            fail("action prints differently after a round trip", text, which, out2);
    }

    bool legal = parsed && tz_action_is_legal(p, a);
    err2[0] = '\0';
    b = ACTION_NONE;
    int ok = tz_action_parse_legal(p, text, &b, err2, sizeof err2) == 0;
    if (ok != legal)
        fail(ok ? "action_parse_legal accepts an action action_is_legal rejects"
                : "action_parse_legal rejects a legal action", text, which, err2);
    if (ok && b != a)
        fail("action_parse_legal returned a different action", text, which, NULL);
    if (!ok && !err2[0])
        fail("action_parse_legal failed with an empty message", text, which, NULL);
    if (!ok && !one_printable_line(err2))
        fail("action_parse_legal's message is not one printable line", text, which, err2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        char err[256];
        tz_init();
        for (size_t i = 0; i < NPOS; i++)
            if (tz_pos_from_text(&positions[i], position_texts[i], err, sizeof err)) {
                fprintf(stderr, "fuzz_action: built-in position %zu: %s\n", i, err);
                abort();
            }
        ready = 1;
    }
    if (size > INPUT_MAX)
        return -1;

    char *text = malloc(size + 1); /* exact size, so ASan sees any over-read */
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    for (size_t i = 0; i < NPOS; i++)
        check_in((int)i, text);
    free(text);
    return 0;
}
