/* test_view.c — `triad view`'s parts: the --select grammar, the TZAAR SVG
 * renderer (well-formed, one piece drawn per stack, the last action drawn)
 * and a game's data file (every ply's position string in it). */
#include <stdlib.h>
#include <string.h>
#include "games/game.h"
#include "games/tzaar/game_tzaar.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/setup.h"
#include "view/select.h"
#include "view/site.h"
#include "check.h"
#include "core/esc.h"

static rec_game *game_with(uint64_t id, int setup, int winner, int ending, int turns)
{
    rec_game *g = calloc(1, sizeof *g);
    if (g) {
        g->id = id, g->setup = setup, g->ending = ending, g->turns = turns;
        if (winner >= 0)
            g->scores[winner] = 1;
        setup_make((position *)(void *)g->start, setup, 1);
    }
    return g;
}

static bool selects(const char *expr, const rec_game *g)
{
    selection s;
    char err[200];
    if (sel_parse(&s, expr, err, sizeof err))
        return false;
    bool m = sel_match(&s, g);
    sel_free(&s);
    return m;
}

static void select_expressions_pick_games(void)
{
    rec_game *g = game_with(150, SETUP_RANDOM, BLACK, END_NO_CAPTURE, 17);
    REQUIRE(g);
    CHECK(selects("", g) && selects(NULL, g));
    CHECK(selects("setup=random", g) && !selects("setup=fixed", g) && selects("setup=fixed|random", g));
    CHECK(selects("ending=no_capture", g) && !selects("ending=trinity", g) && !selects("ending=unfinished", g));
    CHECK(selects("winner=black", g) && !selects("winner=white", g) && !selects("winner=none", g));
    CHECK(selects("id=100-199", g) && selects("id=150", g) && !selects("id=151-199", g) && !selects("id=0-149", g));
    CHECK(selects("id=3|150|7", g) && !selects("id=3|7", g));
    CHECK(selects("turns=10-20", g) && !selects("turns=18-40", g));
    CHECK(selects("setup=random,ending=no_capture,id=100-199", g));
    CHECK(!selects("setup=random,ending=no_capture,id=0-99", g)); /* AND: one false term fails */
    free(g);
}

static void select_rejects_bad_expressions(void)
{
    static const char *const bad[] = { "setup", "colour=white", "setup=randm", "id=", "id=5-3", "id=x",
                                       "id=1-", "ending=draw", "winner=red", "setup=random,", ",id=3",
                                       "id=1||2", "id=-3", "id=99999999999999999999999", NULL };
    for (int i = 0; bad[i]; i++) {
        selection s;
        char err[200] = "";
        CHECKF(sel_parse(&s, bad[i], err, sizeof err) == -1, "'%s' was accepted", bad[i]);
        CHECKF(strstr(err, "bad --select") && !strchr(err, '\n'), "'%s': message '%s'", bad[i], err);
        CHECK(s.n == 0 && s.terms == NULL);
    }
}

/* A small XML check: tags nest and close, attribute quotes pair up. */
static bool well_formed(const char *svg)
{
    const char *stack[64];
    size_t lens[64];
    int depth = 0;
    for (const char *p = strchr(svg, '<'); p; p = strchr(p, '<')) {
        const char *end = strchr(p, '>');
        if (!end)
            return false;
        int quotes = 0;
        for (const char *c = p; c < end; c++)
            quotes += *c == '\'' || *c == '"';
        if (quotes % 2)
            return false;
        if (p[1] == '/') {
            size_t len = strcspn(p + 2, " >");
            if (!depth || lens[depth - 1] != len || strncmp(stack[depth - 1], p + 2, len))
                return false;
            depth--;
        } else if (end[-1] != '/') {
            if (depth == 64)
                return false;
            stack[depth] = p + 1;
            lens[depth++] = strcspn(p + 1, " >");
        }
        p = end;
    }
    return depth == 0;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

static void svg_renderer_draws_the_position(void)
{
    const game_def *g = game_find("tzaar", NULL, 0);
    REQUIRE(g && g->svg_board && g->svg_pieces && g->svg_viewbox);
    char *out = malloc(1 << 16), err[200];
    tz_state p; /* the interface's state (game->state_size) */
    REQUIRE(out);
    int n = g->svg_board(out, 1 << 16);
    REQUIRE(n > 0);
    CHECK(well_formed(out) && (size_t)n == strlen(out));
    CHECK(count(out, "<line ") == 150);            /* 300 (point, direction) pairs, each line once */
    CHECK(count(out, "<text class='tz-lb'") == 9 + 18); /* letters under columns, rows at both ends */
    CHECK(g->svg_board(out, 100) == -1);            /* too small: refused, not cut */

    /* The fixed setup: 30 single pieces a side, 6 Tzaars each. */
    REQUIRE(g->from_text(&p, SETUP_FIXED_TEXT, err, sizeof err) == 0);
    REQUIRE(g->svg_pieces(&p, GAME_NO_ACTION, out, 1 << 16) > 0);
    CHECK(well_formed(out));
    CHECK(count(out, "href='#w") == 30 && count(out, "href='#b") == 30 && count(out, "href='#h") == 0);
    CHECK(count(out, "href='#wa'") == 6 && count(out, "href='#bc'") == 15);
    CHECK(count(out, "\n") == 60 && !strstr(out, "tz-mv"));

    /* A known middle game position: stacks of 3 and 2, and the capture that led to it. */
    const char *text = "a3........................................................B2Cc b 1";
    REQUIRE(g->from_text(&p, text, err, sizeof err) == 0);
    action last = act_make(1, 0, ACT_CAPTURE);
    REQUIRE(g->svg_pieces(&p, last, out, 1 << 16) > 0);
    CHECK(well_formed(out));
    CHECK(count(out, "href='#wa'") == 1 && count(out, "href='#bb'") == 1 && count(out, "href='#bc'") == 1 &&
          count(out, "href='#wc'") == 1);
    CHECK(count(out, "href='#h3'") == 1 && count(out, "href='#h2'") == 1);
    CHECK(count(out, "<path class='tz-mv'") == 1 && count(out, "\n") == 5);
    free(out);
}

static void game_data_holds_every_ply(void)
{
    const game_def *g = game_find("tzaar", NULL, 0);
    rec_game *r = game_with(42, SETUP_FIXED, -1, END_NONE, 0);
    REQUIRE(g && r);
    position p = *rec_tz_start(r);
    for (int j = 0; j < 9; j++) {
        action list[MAX_ACTIONS];
        undo u;
        int n = gen_actions(&p, list);
        REQUIRE(n > 0);
        r->actions[r->nactions++] = list[(j * 7) % n];
        pos_make(&p, list[(j * 7) % n], &u);
    }
    buf b = { 0 };
    char err[200];
    REQUIRE(view_game_data(g, r, 3, &b, err, sizeof err) == 0);
    buf_byte(&b, 0);
    const char *s = (const char *)b.data;
    CHECK(!strncmp(s, "triadGame({\"index\":3,\"id\":42,\"setup\":\"fixed\"", 44));
    p = *rec_tz_start(r);
    for (int j = 0; j <= r->nactions; j++) {
        char text[POS_TEXT_MAX + 2] = "\"";
        undo u;
        if (j)
            pos_make(&p, r->actions[j - 1], &u);
        pos_to_text(&p, text + 1, POS_TEXT_MAX);
        strcat(text, "\"");
        CHECKF(strstr(s, text) != NULL, "ply %d's position %s missing", j, text);
    }
    /* The first ply adds all 60 pieces; every later one removes and adds a few. */
    CHECK(strstr(s, "\"plies\":[[[],[0,1,2,3,"));
    CHECK(count(s, "]],[[") == r->nactions);
    buf_free(&b);
    free(r);
}

/* core/esc: the one HTML escaping and the shell quoting (issue 18, item 16). */
static const char *escaped(void (*f)(buf *, const char *), const char *s)
{
    static char out[512];
    buf b = { 0 };
    f(&b, s);
    snprintf(out, sizeof out, "%.*s", b.failed ? 0 : (int)b.len, b.data ? (const char *)b.data : "");
    buf_free(&b);
    return out;
}

#define CHECK_STR(got, want) do { const char *g_ = (got), *w_ = (want); \
    CHECKF(!strcmp(g_, w_), "got [%s], want [%s]", g_, w_); } while (0)

static void esc_html_and_shell_quote_what_inputs_hold(void)
{
    CHECK_STR(escaped(esc_html, "x<img src=x onerror=alert(1)>&'\".trd"),
              "x&lt;img src=x onerror=alert(1)&gt;&amp;&#39;&quot;.trd");
    CHECK_STR(escaped(esc_html, "plain"), "plain");
    CHECK_STR(escaped(esc_shell, "runs/r-1.trd"), "runs/r-1.trd");
    CHECK_STR(escaped(esc_shell, "a;touch PWNED;b.trd"), "'a;touch PWNED;b.trd'");
    CHECK_STR(escaped(esc_shell, "it's $(x) `y`"), "'it'\\''s $(x) `y`'");
    CHECK_STR(escaped(esc_shell, ""), "''");
    CHECK_STR(escaped(esc_shell, "~x"), "'~x'");
    CHECK_STR(escaped(esc_shell_path, "-rf.trd"), "./-rf.trd");
    CHECK_STR(escaped(esc_shell_path, "-a b"), "./'-a b'");
}

const test_case tests_view[] = {
    { "esc_html_and_shell_quote_what_inputs_hold", esc_html_and_shell_quote_what_inputs_hold },
    { "select_expressions_pick_games", select_expressions_pick_games },
    { "select_rejects_bad_expressions", select_rejects_bad_expressions },
    { "svg_renderer_draws_the_position", svg_renderer_draws_the_position },
    { "game_data_holds_every_ply", game_data_holds_every_ply },
    { NULL, NULL },
};
