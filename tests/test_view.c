/* test_view.c — `triad view`'s parts: the --select grammar, the TZAAR SVG
 * renderer (well-formed, one piece drawn per stack, the last action drawn)
 * and a game's data file (every ply's position string in it). */
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/setup.h"
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
        tz_setup_make((position *)(void *)g->start, setup, 1);
    }
    return g;
}

static bool selects(const char *expr, const rec_game *g)
{
    selection s;
    char err[200];
    if (sel_parse(&s, game_find("tzaar", NULL, 0), expr, err, sizeof err))
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
        CHECKF(sel_parse(&s, game_find("tzaar", NULL, 0), bad[i], err, sizeof err) == -1, "'%s' was accepted", bad[i]);
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
    REQUIRE(g && g->view && g->view->board && g->view->pieces && g->view->viewbox);
    char *out = malloc(1 << 16), err[200];
    tz_state p; /* the interface's state (game->state_size) */
    REQUIRE(out);
    int n = g->view->board(out, 1 << 16);
    REQUIRE(n > 0);
    CHECK(well_formed(out) && (size_t)n == strlen(out));
    CHECK(count(out, "<line ") == 150);            /* 300 (point, direction) pairs, each line once */
    CHECK(count(out, "<text class='tz-lb'") == 9 + 18); /* letters under columns, rows at both ends */
    CHECK(g->view->board(out, 100) == -1);            /* too small: refused, not cut */

    /* The fixed setup: 30 single pieces a side, 6 Tzaars each. */
    REQUIRE(g->from_text(&p, TZ_SETUP_FIXED_TEXT, err, sizeof err) == 0);
    REQUIRE(g->view->pieces(&p, GAME_NO_ACTION, out, 1 << 16) > 0);
    CHECK(well_formed(out));
    CHECK(count(out, "href='#w") == 30 && count(out, "href='#b") == 30 && count(out, "href='#h") == 0);
    CHECK(count(out, "href='#wa'") == 6 && count(out, "href='#bc'") == 15);
    CHECK(count(out, "\n") == 60 && !strstr(out, "tz-mv"));

    /* A known middle game position: stacks of 3 and 2, and the capture that led to it. */
    const char *text = "a3........................................................B2Cc b 1";
    REQUIRE(g->from_text(&p, text, err, sizeof err) == 0);
    action last = act_make(1, 0, ACT_CAPTURE);
    REQUIRE(g->view->pieces(&p, last, out, 1 << 16) > 0);
    CHECK(well_formed(out));
    CHECK(count(out, "href='#wa'") == 1 && count(out, "href='#bb'") == 1 && count(out, "href='#bc'") == 1 &&
          count(out, "href='#wc'") == 1);
    CHECK(count(out, "href='#h3'") == 1 && count(out, "href='#h2'") == 1);
    CHECK(count(out, "<path class='tz-mv'") == 1 && count(out, "\n") == 5);
    free(out);
}

/* Talat (issue 19, item 3): the three boards, a tower per tower of the
 * position string, its captures beside the corners, the last move. */
static void talat_drawing_shows_the_position(void)
{
    const game_def *g = game_find("talat", NULL, 0);
    REQUIRE(g && g->view && g->view->board && g->view->pieces && g->view->stage && g->view->viewbox);
    char *out = malloc(1 << 16), err[200], stage[64];
    unsigned char s[2048];
    REQUIRE(out && g->state_size <= sizeof s);
    int n = g->view->board(out, 1 << 16);
    REQUIRE(n > 0);
    CHECK(well_formed(out) && (size_t)n == strlen(out));
    CHECK(count(out, "class='tl-bd'") == 3 && count(out, "class='tl-sq'") == 75);
    CHECK(count(out, "<g id='tl") == 27);                    /* 3 colours x 9 types */
    CHECK(count(out, "stroke-width='6'") == 6);              /* two start lines a board */
    CHECK(g->view->board(out, 100) == -1);

    /* Bench position T: 8 towers on board 0, 4 on 1, 8 on 2; captures 2, 3, 2. */
    const char *t = "3 b16..../..w26.b33/...../..b13../b24w23.w36w14 ...../...../.w13.../...g33./g34...w16 "
                    "g24b14.g13./.g26.../g36.b36../...b23./....b26 m b w24g23/b34g14g16/w33w34";
    REQUIRE(g->from_text(s, t, err, sizeof err) == 0);
    game_action a, legal[512];
    int nl = g->legal(s, legal);
    REQUIRE(nl > 0);
    a = legal[nl - 1]; /* a move (moves sort after placements and the pass) */
    g->apply(s, a);
    REQUIRE(g->view->pieces(s, a, out, 1 << 16) > 0);
    CHECK(well_formed(out));
    int towers = count(out, "<use href='#tl") - count(out, "transform=");
    int captured = count(out, "transform='translate");
    CHECKF(towers == 20 || towers == 19, "%d towers drawn", towers); /* 19 when the move captured */
    CHECKF(towers + captured == 27, "%d towers and %d captured drawn", towers, captured);
    CHECK(count(out, "<path class='tl-mv'") == 1 && strstr(out, "points</text>"));
    g->view->stage(s, stage, sizeof stage);
    CHECK(!strcmp(stage, "move or capture"));
    free(out);
}

/* TRID (issue 19, item 3): the board file's cells, walls and STOP cells,
 * every piece of every seat by kind, the last action and its swap. */
static void trid_drawing_shows_the_position(void)
{
    const game_def *g = game_find("trid", NULL, 0);
    REQUIRE(g && g->view);
    char *out = malloc(1 << 17), err[200];
    unsigned char s[2048];
    REQUIRE(out && g->state_size <= sizeof s);
    REQUIRE(g->view->board(out, 1 << 17) > 0);
    CHECK(well_formed(out) && count(out, "<g id='tr") == 12); /* 4 seats x 3 kinds */
    const char *t = "hex5 3 Ca10,Sa8,Sa9,Ja11,Ja12/Ch3,Sh4,Si4,Jg2,Jg3/Ch17,Sg17,Sg18,Jh16,Ji16 0 0";
    REQUIRE(g->from_text(s, t, err, sizeof err) == 0);
    REQUIRE(g->view->pieces(s, GAME_NO_ACTION, out, 1 << 17) > 0);
    CHECK(well_formed(out));
    CHECK(count(out, "<polygon class='tr-") == 150);          /* hex5's 150 cells */
    CHECK(count(out, "class='tr-w'") == 12 && count(out, "class='tr-s'") == 6); /* '#' and '*' in its grid */
    CHECK(count(out, "href='#tr0C'") == 1 && count(out, "href='#tr1S'") == 2 && count(out, "href='#tr2J'") == 2);
    CHECK(count(out, "<use href='#tr") == 15 && !strstr(out, "tr-mv"));
    CHECK(strstr(out, "<title>seat 0 chief a10</title>") != NULL);
    /* The rules page's T2: c12-d13 with the swap (d11:e12): the arrow and the swap's line. */
    game_action swap;
    REQUIRE(g->from_text(s, "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7", err, sizeof err) == 0);
    REQUIRE(g->action_from_text(s, "c12-d13(d11:e12)", &swap, err, sizeof err) == 0);
    g->apply(s, swap);
    REQUIRE(g->view->pieces(s, swap, out, 1 << 17) > 0);
    CHECK(well_formed(out) && count(out, "<use href='#tr") == 9); /* Sd12 captured */
    CHECK(count(out, "class='tr-mv'") == 1 && count(out, "class='tr-sw'") == 1);
    CHECK(g->view->pieces(s, swap, out, 200) == -1);
    free(out);
}

static void game_data_holds_every_ply(void)
{
    const game_def *g = game_find("tzaar", NULL, 0);
    rec_game *r = game_with(42, SETUP_FIXED, -1, END_NONE, 0);
    REQUIRE(g && r);
    position p = *tz_pos_of(r->start);
    for (int j = 0; j < 9; j++) {
        action list[MAX_ACTIONS];
        undo u;
        int n = tz_gen_actions(&p, list);
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
    p = *tz_pos_of(r->start);
    for (int j = 0; j <= r->nactions; j++) {
        char text[POS_TEXT_MAX + 2] = "\"";
        undo u;
        if (j)
            pos_make(&p, r->actions[j - 1], &u);
        tz_pos_to_text(&p, text + 1, POS_TEXT_MAX);
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
    { "talat_drawing_shows_the_position", talat_drawing_shows_the_position },
    { "trid_drawing_shows_the_position", trid_drawing_shows_the_position },
    { NULL, NULL },
};
