/* fuzz_game_text.c — libFuzzer harness for every registered game's text
 * parsers, through the game interface (engine/game.h).
 *
 * Input: any bytes, read as one NUL-terminated string, fed to each game of
 * game_list() in turn.  Checks, per game:
 *   - from_text() never crashes or trips a sanitizer; on failure its
 *     message is non-empty and one line;
 *   - on success: to_text() prints a string that parses into the same state
 *     (memcmp) and prints the same; legal() stays within max_actions, in
 *     ascending order, and empty exactly when over(); every legal action
 *     applies to a copy;
 *   - action_from_text() of the same bytes in the game's first setup (and in
 *     the parsed state) fails with a one-line message or gives a legal
 *     action whose text parses back to it.
 * Any violated check calls abort(), which libFuzzer reports as a crash.
 * Build and run with `make fuzz` (see docs/fuzzing.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX 4096

static void fail(const game_def *g, const char *what, const char *text, const char *detail)
{
    fprintf(stderr, "fuzz_game_text: %s: %s\n  input: '%s'\n  %s\n", g->name, what, text, detail ? detail : "");
    abort();
}

static void check_message(const game_def *g, const char *what, const char *text, const char *err)
{
    if (!err[0])
        fail(g, what, text, "empty message");
    if (strchr(err, '\n'))
        fail(g, what, text, err);
}

static void check_action(const game_def *g, const void *s, const char *text, game_action *acts)
{
    char err[256] = "", out[GAME_ACTION_TEXT_MAX];
    game_action a, back;
    if (g->action_from_text(s, text, &a, err, sizeof err)) {
        check_message(g, "action_from_text failed", text, err);
        return;
    }
    int n = g->legal(s, acts), legal = 0;
    for (int i = 0; i < n; i++)
        legal |= acts[i] == a;
    if (!legal)
        fail(g, "action_from_text accepted an illegal action", text, NULL);
    g->action_to_text(s, a, out, sizeof out);
    if (g->action_from_text(s, out, &back, err, sizeof err) || back != a)
        fail(g, "an action's text does not parse back", text, out);
}

static void one_game(const game_def *g, const char *text)
{
    void *s = calloc(1, g->state_size), *t = calloc(1, g->state_size), *u = calloc(1, g->state_size);
    game_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    char err[256] = "", out[GAME_TEXT_MAX], out2[GAME_TEXT_MAX];
    if (!s || !t || !u || !acts)
        abort();
    if (g->setup(s, g->setup_names[0], g->min_players, 1, err, sizeof err))
        fail(g, "the first setup fails", "", err);
    check_action(g, s, text, acts);
    if (g->from_text(s, text, err, sizeof err)) {
        check_message(g, "from_text failed", text, err);
    } else {
        int len = g->to_text(s, out, sizeof out);
        if (len < 0 || (size_t)len != strlen(out))
            fail(g, "to_text length", text, out);
        if (g->from_text(t, out, err, sizeof err))
            fail(g, "to_text's output does not parse", text, err);
        if (memcmp(s, t, g->state_size))
            fail(g, "the re-parsed state differs", text, out);
        g->to_text(t, out2, sizeof out2);
        if (strcmp(out, out2))
            fail(g, "the state prints differently after a round trip", out, out2);
        int n = g->legal(s, acts);
        if (n < 0 || n > g->max_actions || (n == 0) != g->over(s) || (g->to_act(s) < 0) != g->over(s))
            fail(g, "legal(), over() and to_act() disagree", text, out);
        for (int i = 0; i < n; i++) {
            if (i && acts[i - 1] >= acts[i])
                fail(g, "legal() not ascending", text, out);
            memcpy(u, s, g->state_size);
            g->apply(u, acts[i]);
            g->to_text(u, out2, sizeof out2);
        }
        check_action(g, s, text, acts);
    }
    free(s);
    free(t);
    free(u);
    free(acts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MAX)
        return -1; /* not added to the corpus */
    char *text = malloc(size + 1); /* exact size, so ASan sees any over-read */
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    for (const game_def *const *g = game_list(); *g; g++)
        one_game(*g, text);
    free(text);
    return 0;
}
