/* test_trid.c — TRID (engine/trid/): every rule and convention of the rules
 * page on a constructed position, the board file parser's errors, the
 * page's perft figures, and rotations by the board's symmetry.  The
 * differential test against the naive generator is test_trid_diff.c. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/players.h"
#include "engine/trid/board.h"
#include "engine/trid/movegen.h"
#include "engine/trid/perft.h"
#include "engine/trid/setup.h"
#include "engine/trid/text.h"

static const game_def *trid(void)
{
    char err[256];
    const game_def *g = game_find("trid", err, sizeof err);
    if (!g)
        check_fail(__FILE__, __LINE__, "%s", err);
    return g;
}

/* The position text parses (a failed check otherwise). */
static bool load(trid_state *s, const char *text)
{
    char err[256];
    if (!trid() || trid_from_text(s, text, err, sizeof err) == 0)
        return trid() != NULL;
    check_fail(__FILE__, __LINE__, "'%s': %s", text, err);
    return false;
}

static bool legal(const trid_state *s, const char *action)
{
    char err[256];
    uint32_t a;
    return trid_action_from_text(s, action, &a, err, sizeof err) == 0;
}

static void play(trid_state *s, const char *action)
{
    char err[256];
    uint32_t a;
    if (trid_action_from_text(s, action, &a, err, sizeof err)) {
        check_fail(__FILE__, __LINE__, "%s", err);
        return;
    }
    trid_apply(s, a);
}

static bool text_is(const trid_state *s, const char *want)
{
    char t[GAME_TEXT_MAX];
    trid_to_text(s, t, sizeof t);
    if (!strcmp(t, want))
        return true;
    check_fail(__FILE__, __LINE__, "position '%s', expected '%s'", t, want);
    return false;
}

static int count(const trid_state *s)
{
    uint32_t list[TRID_MAX_ACTIONS];
    return trid_legal(s, list);
}

/* A slider stops on the first STOP cell it enters, may leave one, and
 * captures the first piece it meets only with no STOP cell on the way. */
static void slider_and_stop_cells(void)
{
    trid_state s;
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10 0 0"));
    CHECK(legal(&s, "c10-c8") && !legal(&s, "c10-c7") && !legal(&s, "c10-c3"));
    CHECK(legal(&s, "c10-c13") && !legal(&s, "c10-c14")); /* east: STOP c13 */
    CHECK(!legal(&s, "c10-c10") && !legal(&s, "c10-c9"));  /* it cannot stop on its own */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc8/Cj10 0 0"));         /* starting on a STOP cell */
    CHECK(legal(&s, "c8-c6") && legal(&s, "c8-c13") && !legal(&s, "c8-c5"));
    /* No capture past a STOP cell: c7 lies beyond c8. */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10,Sc7 0 0"));
    CHECK(legal(&s, "c10-c8") && !legal(&s, "c10xc7"));
    /* No capture through a wall: c4 lies beyond the wall c5. */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc7/Cj10,Sc4 0 0"));
    CHECK(legal(&s, "c7-c6") && !legal(&s, "c7xc4"));
    /* The first piece met may be captured, or the slide stops before it. */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10,Sc12 0 0"));
    CHECK(legal(&s, "c10xc12") && legal(&s, "c10-c11") && !legal(&s, "c10-c12") && !legal(&s, "c10-c13"));
    play(&s, "c10xc12");
    CHECK(text_is(&s, "hex5 2 Ca10,Sc12/Cj10 1 0"));
    /* Own pieces block without capture. */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10,Sc12/Cj10 0 5"));
    CHECK(legal(&s, "c10-c11") && !legal(&s, "c10xc12") && !legal(&s, "c10-c12"));
}

/* A jumper moves to same-colour corner neighbours, over walls and pieces,
 * never onto a wall. */
static void jumper_over_walls(void)
{
    trid_state s;
    /* f8's edge neighbours: f7 and g8 (own pieces), f9 (a wall). */
    REQUIRE(load(&s, "hex5 2 Ca10,Sf7,Sg8,Jf8/Cj10 0 0"));
    CHECK(legal(&s, "f8-g9") && legal(&s, "f8-g7") && legal(&s, "f8-f6") && legal(&s, "f8-e7"));
    CHECK(!legal(&s, "f8-e9") && !legal(&s, "f8-f10")); /* walls */
    uint32_t list[TRID_MAX_ACTIONS];
    int n = trid_legal(&s, list), jumps = 0;
    const trid_board *b = trid_board_of(&s);
    for (int i = 0; i < n; i++)
        if (act_from(list[i]) == b->at[5][8]) {
            jumps++;
            CHECK(b->up[act_to(list[i])] == b->up[b->at[5][8]]); /* its colour */
        }
    CHECK(jumps == 4);
    /* A capture by a jumper, and no move onto its own piece. */
    REQUIRE(load(&s, "hex5 2 Ca10,Jf8,Jg8/Cj10,Sg9 0 0"));
    CHECK(legal(&s, "f8xg9") && !legal(&s, "f8-g9"));
}

/* The chief: steps not back; straight jumps over runs of own pieces. */
static void chief_moves(void)
{
    trid_state s;
    REQUIRE(load(&s, "hex5 2 Cc10/Cj10 0 0"));
    CHECK(legal(&s, "c10-c9") && legal(&s, "c10-c11") && !legal(&s, "c10-b10")); /* b10 is a lower row */
    CHECK(count(&s) == 2);
    /* Seat 1 advances downwards: h10 -> i10 would go back. */
    REQUIRE(load(&s, "hex5 2 Ca10/Ch10 1 0"));
    CHECK(legal(&s, "h10-h9") && legal(&s, "h10-h11") && !legal(&s, "h10-i10") && count(&s) == 2);
    /* A jump over two own pieces (east, along row c) lands after them, STOP
     * cells do not stop it, and it may capture there. */
    REQUIRE(load(&s, "hex5 2 Cc10,Sc11,Sc12/Cj10 0 0"));
    CHECK(legal(&s, "c10-c13") && !legal(&s, "c10-c14"));
    REQUIRE(load(&s, "hex5 2 Cc10,Sc11,Sc12/Cj10,Sc13 0 0"));
    CHECK(legal(&s, "c10xc13"));
    /* North-east from b10: c10, c11 own, landing on d11; back the same line
     * from d11 would land on b10, a lower row. */
    REQUIRE(load(&s, "hex5 2 Cb10,Sc10,Sc11/Cj10 0 0"));
    CHECK(legal(&s, "b10-d11"));
    REQUIRE(load(&s, "hex5 2 Cd11,Sc10,Sc11/Cj10 0 0"));
    CHECK(!legal(&s, "d11-b10") && !legal(&s, "d11-c11"));
    /* A jump may not land on a wall. */
    REQUIRE(load(&s, "hex5 2 Ce7,Se8/Cj10 0 0"));
    CHECK(!legal(&s, "e7-e9"));
}

/* The T2 triangle on the page, then one built for two captures, a chief
 * among them, with each of its swaps. */
static void triangle_formation_and_swaps(void)
{
    trid_state s;
    REQUIRE(load(&s, "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7"));
    CHECK(count(&s) == 21);
    const char *t2[] = { "c12-d13", "c12-d13(d11:d13)", "c12-d13(d11:e12)", "c12-d13(d13:e12)" };
    for (int i = 0; i < 4; i++)
        CHECK(legal(&s, t2[i]));
    CHECK(!legal(&s, "c12-d13(e12:d11)") && !legal(&s, "c12-d13(d11:c12)"));
    trid_state t = s;
    play(&t, "c12-d13(d11:e12)");
    CHECK(text_is(&t, "hex5 2 Cd11,Se12,Sj13,Jd13,Jh10/Ci11,Si15,Jf7,Jg13 1 0"));
    /* Seat 1's triangle i11 i15 g13 closes its interior to seat 0. */
    CHECK(!legal(&s, "j13-i13") && !legal(&s, "h10-h12"));
    CHECK(legal(&s, "h10xi11"));
    t = s;
    play(&t, "h10xi11");
    CHECK(t.ending == END_CHIEF_CAPTURED && t.winner == 0 && text_is(&t, "hex5 2 Ce12,Sd11,Sj13,Jc12,Ji11/x 0 0"));

    /* 3 players: seat 0 holds c10 (chief) and c14 (jumper); its slider
     * slides e14 -> e12 (the wall e11 stops it) and forms c10 c14 e12,
     * whose interior holds seat 1's chief d12 and slider c12. */
    const char *start = "hex5 3 Cc10,Se14,Jc14/Cd12,Sc12/Ch17 0 0";
    const char *want[] = {
        "hex5 3 Cc10,Se12,Jc14/x/Ch17 2 0",
        "hex5 3 Cc14,Se12,Jc10/x/Ch17 2 0",
        "hex5 3 Ce12,Sc10,Jc14/x/Ch17 2 0",
        "hex5 3 Cc10,Sc14,Je12/x/Ch17 2 0",
    };
    const char *act[] = { "e14-e12", "e14-e12(c10:c14)", "e14-e12(c10:e12)", "e14-e12(c14:e12)" };
    REQUIRE(load(&s, start));
    for (int i = 0; i < 4; i++) {
        t = s;
        CHECK(legal(&t, act[i]));
        play(&t, act[i]);
        CHECK(text_is(&t, want[i]) && t.ending == END_NONE && t.elim[1] == 1);
    }
    CHECK(!legal(&s, "e14-e12(c10:d12)"));
    /* Like kinds are not swapped: with a slider on c14 instead. */
    REQUIRE(load(&s, "hex5 3 Cc10,Sc14,Se14/Cd12,Sc12/Ch17 0 0"));
    CHECK(legal(&s, "e14-e12(c10:e12)") && legal(&s, "e14-e12(c10:c14)") && !legal(&s, "e14-e12(c14:e12)"));
    /* A swap may take the chief to its last row: that wins. */
    REQUIRE(load(&s, "hex5 2 Ci10,Si12,Jj9/Cb9 0 0"));
    CHECK(legal(&s, "j9-j11(i10:j11)"));
    play(&s, "j9-j11(i10:j11)");
    CHECK(s.ending == END_LAST_ROW && s.winner == 0 && text_is(&s, "hex5 2 Cj11,Si12,Ji10/Cb9 1 1"));
}

/* Cells inside a held triangle are closed to the other seats' pieces. */
static void controlled_cells(void)
{
    trid_state s;
    /* Seat 0 holds c10 c14 e12 (interior c11 c12 c13 d11 d12 d13). */
    REQUIRE(load(&s, "hex5 2 Cc10,Se12,Jc14/Cj10,Sd15,Je13 1 0"));
    CHECK(legal(&s, "d15-d14") && !legal(&s, "d15-d13") && !legal(&s, "d15-d12") && !legal(&s, "d15-d2"));
    CHECK(!legal(&s, "e13-d12") && legal(&s, "e13-d14"));
    /* Without the triangle both are open. */
    REQUIRE(load(&s, "hex5 2 Cc10,Se14,Jc14/Cj10,Sd15,Je13 1 0"));
    CHECK(legal(&s, "d15-d2") && legal(&s, "e13-d12"));
    /* A piece inside another seat's triangle is no position. */
    char err[256];
    CHECK(trid_from_text(&s, "hex5 2 Cc10,Se12,Jc14/Cj10,Sd12 1 0", err, sizeof err) == -1 &&
          strstr(err, "controls") && strstr(err, "offset 7"));
}

/* Seat 1 of 3 loses its chief: all its pieces go, and the turn passes
 * from seat 2 straight back to seat 0. */
static void elimination_and_turn_order(void)
{
    trid_state s;
    REQUIRE(load(&s, "hex5 3 Ca10,Sc10/Cc12,Sd5,Jg9/Ch17 0 0"));
    play(&s, "c10xc12");
    CHECK(text_is(&s, "hex5 3 Ca10,Sc12/x/Ch17 2 0") && s.ending == END_NONE && s.elim[1] == 1);
    play(&s, "h17-h16");
    CHECK(s.side == 0);
    play(&s, "a10-a9");
    CHECK(s.side == 2);
    /* A position with seat 1 out: T3 of the page. */
    REQUIRE(load(&s, "hex5 3 Ci11,Sa8,Se6,Ja12,Jb10/x/Ch17,Sg17,Sg18,Jh16,Ji16 2 12"));
    uint32_t list[TRID_MAX_ACTIONS];
    int n = trid_legal(&s, list);
    CHECK(n == 12);
    for (int i = 0; i < n; i++) {
        trid_state t = s;
        trid_apply(&t, list[i]);
        CHECK(t.side == 0);
        uint32_t mine[TRID_MAX_ACTIONS];
        int m = trid_legal(&t, mine), wins = 0;
        for (int j = 0; j < m; j++) {
            trid_state u = t;
            trid_apply(&u, mine[j]);
            if (u.winner == 0) {
                wins++;
                char a[GAME_ACTION_TEXT_MAX];
                trid_action_to_text(&t, mine[j], a, sizeof a);
                CHECK(!strcmp(a, "i11-j11") && u.ending == END_LAST_ROW);
            }
        }
        CHECK(wins == 1);
    }
}

/* 200 quiet turns draw; a capture resets the count; a seat with no move
 * passes, and the pass counts. */
static void draw_counter_and_pass(void)
{
    trid_state s;
    double sc[GAME_MAX_PLAYERS];
    int rk[GAME_MAX_PLAYERS];
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10,Sc12 0 199"));
    trid_state t = s;
    play(&t, "c10-c11");
    CHECK(t.ending == END_DRAW && t.winner == TRID_NONE && count(&t) == 0);
    trid_scores(&t, sc);
    trid_ranks(&t, rk);
    CHECK(sc[0] == 0.5 && sc[1] == 0.5 && rk[0] == 0 && rk[1] == 0);
    play(&s, "c10xc12");
    CHECK(s.ending == END_NONE && s.quiet == 0);
    REQUIRE(load(&s, "hex5 2 Ca10/Cj10 0 198"));
    play(&s, "a10-a9");
    CHECK(s.quiet == 199 && s.ending == END_NONE);
    /* A draw among the survivors of 3: the eliminated seat scores 0, last. */
    REQUIRE(load(&s, "hex5 3 Ca10/x/Ch17 0 199"));
    play(&s, "a10-a11");
    trid_scores(&s, sc);
    trid_ranks(&s, rk);
    CHECK(s.ending == END_DRAW && sc[0] == 0.5 && sc[1] == 0 && sc[2] == 0.5 && rk[0] == 0 && rk[1] == 2 &&
          rk[2] == 0);
    /* Forced pass: e8's only forward cell e7 lies inside seat 1's triangle
     * f4 f8 d6 (e9 is a wall, d8 a lower row). */
    REQUIRE(load(&s, "hex5 2 Ce8/Cf8,Sd6,Sf4 0 3"));
    uint32_t list[TRID_MAX_ACTIONS];
    CHECK(trid_legal(&s, list) == 1 && list[0] == TRID_PASS && legal(&s, "pass"));
    play(&s, "pass");
    CHECK(text_is(&s, "hex5 2 Ce8/Cf8,Sd6,Sf4 1 4"));
    CHECK(!legal(&s, "pass"));
}

/* The ranking: the winner, the other survivors, then the eliminated, the
 * later eliminated higher. */
static void ranks_by_elimination_order(void)
{
    trid_state s;
    int rk[GAME_MAX_PLAYERS];
    REQUIRE(load(&s, "hex5 4 Ca10,Sc10,Sc14/Cc12/Cj10/Cc16 0 0"));
    play(&s, "c10xc12"); /* seat 1 out first */
    play(&s, "j10-j9");
    play(&s, "c16-c15");
    play(&s, "c14xc15"); /* seat 3 out second */
    CHECK(text_is(&s, "hex5 4 Ca10,Sc12,Sc15/x/Cj9/x 2 0") && s.elim[1] == 1 && s.elim[3] == 2);
    trid_ranks(&s, rk);
    CHECK(rk[0] == 0 && rk[2] == 0 && rk[3] == 2 && rk[1] == 3);
    s.winner = 0; /* as if seat 0 had won now */
    s.ending = END_LAST_ROW;
    trid_ranks(&s, rk);
    CHECK(rk[0] == 0 && rk[2] == 1 && rk[3] == 2 && rk[1] == 3);
    double sc[GAME_MAX_PLAYERS];
    trid_scores(&s, sc);
    CHECK(sc[0] == 1 && sc[1] == 0 && sc[2] == 0 && sc[3] == 0);
}

static void position_text_errors(void)
{
    trid_state s;
    char err[256];
    static const struct {
        const char *text, *what;
        int offset;
    } bad[] = {
        { "hex6 2 Ca10/Cj10 0 0", "board", 0 },
        { "hex5 5 Ca10/Cj10 0 0", "players", 5 },
        { "hex5 2 Ca10/Cj10/Ce2 0 0", "more groups", 16 },
        { "hex5 2 Ca10,Ca10/Cj10 0 0", "second chief", 12 },
        { "hex5 2 Ca10,Sa8,Sa9,Sb9/Cj10 0 0", "more than 2 sliders", 20 },
        { "hex5 2 Ca10,Ja8,Ja12/Cj10 0 0", "one colour", 16 },
        { "hex5 2 Ca10,Ja12,Ja11/Cj10 0 0", "out of order", 17 },
        { "hex5 2 Sa8/Cj10 0 0", "without a chief", 7 },
        { "hex5 2 Ca10,Se9/Cj10 0 0", "wall", 13 },
        { "hex5 2 Ca10,Sa11/Cj10,Sa11 0 0", "two pieces on a11", 7 },
        { "hex5 2 Ca10/x 1 0", "out of the game", 14 },
        { "hex5 2 Ca10/Cj10 0 201", "quiet", 19 },
        { "hex5 2 Ca10/Cj10 0 0 ", "unexpected", 20 },
        { "hex5 2 Ca10/Cz10 0 0", "cell", 13 },
        { "hex5 2 Cj11/Ca9 0 0", "two chiefs in their last rows", 7 },
        { "hex5 2 Ca10/Cj10 00 0", "offset", 17 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char off[32];
        snprintf(off, sizeof off, "at offset %d", bad[i].offset);
        CHECKF(trid_from_text(&s, bad[i].text, err, sizeof err) == -1 && strstr(err, bad[i].what) &&
                   strstr(err, off),
               "'%s': %s", bad[i].text, err);
    }
    /* Action text: strict, with offsets. */
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10,Sc12 0 0"));
    CHECK(trid_action_from_text(&s, "c10-c12", &(uint32_t){ 0 }, err, sizeof err) == -1 && strstr(err, "'x'"));
    CHECK(trid_action_from_text(&s, "c10xc11", &(uint32_t){ 0 }, err, sizeof err) == -1 && strstr(err, "'x'"));
    CHECK(trid_action_from_text(&s, "c10+c11", &(uint32_t){ 0 }, err, sizeof err) == -1 && strstr(err, "offset 3"));
    CHECK(trid_action_from_text(&s, "c10-c11 ", &(uint32_t){ 0 }, err, sizeof err) == -1 && strstr(err, "offset 7"));
    CHECK(trid_action_from_text(&s, "pass", &(uint32_t){ 0 }, err, sizeof err) == -1 && strstr(err, "not a legal"));
    /* A finished game: its text says so (one seat left). */
    REQUIRE(load(&s, "hex5 2 Ca10/x 0 0"));
    CHECK(s.ending == END_CHIEF_CAPTURED && s.winner == 0 && count(&s) == 0);
    REQUIRE(load(&s, "hex5 2 Cj10/Cb9 1 0"));
    CHECK(s.ending == END_LAST_ROW && s.winner == 0);
}

/* One board file fault per line and column. */
static void board_file_errors(void)
{
#define HEAD "trid-board 1\nname tiny\ngrid 2\n  .....\n.....\n"
    static const char seats[] = "seat 2 0 h+ a1 a2 a3 a4 a5\nseat 2 1 h- b7 b6 b5 b4 b3\n";
    static const struct {
        const char *text, *where;
    } bad[] = {
        { "trid-board 2\n", "line 1, column 1" },
        { "trid-board 1\nnam tiny\n", "line 2, column 1" },
        { "trid-board 1\nname tiny\ngrid 0\n", "line 3, column 6" },
        { "trid-board 1\nname tiny\ngrid 2\n .x...\n", "line 4, column 3" },
        { "trid-board 1\nname tiny\ngrid 3\n .....\n", "line 5, column 1: the grid ends early" },
        { HEAD "seat 5 0 h+ a1 a2 a3 a4 a5\n", "line 6, column 6" },
        { HEAD "seat 2 0 h* a1 a2 a3 a4 a5\n", "line 6, column 10" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a9\n", "line 6, column 25" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a2\n", "line 6, column 25" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5 x\n", "line 6, column 27" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5\n", "line 6, column 1: the 2-player seats are incomplete" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5\nseat 2 1 h- b6 b7 b5 b4 b3\n", "line 7, column 1: seat 2 1 is no rotation" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5\nseat 2 0 h+ a1 a2 a3 a4 a5\n", "line 7, column 8" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5\n\nseat 2 1 h- b7 b6 b5 b4 b3\n", "line 7, column 1: a blank line" },
        { HEAD "seat 2 0 h+ a1 a2 a3 a4 a5\nseat 2 1 h- b7 b6 b5 b3 b5\n", "line 7, column 25" },
    };
    trid_board *b = calloc(1, sizeof *b);
    REQUIRE(b);
    char err[256], text[512];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = trid_board_parse(b, bad[i].text, err, sizeof err);
        trid_board_free(b);
        CHECKF(rc == -1 && strstr(err, bad[i].where) && !strchr(err, '\n'), "case %zu: '%s' (want %s)", i, err,
               bad[i].where);
    }
    /* A good tiny board: its two seats are rotations of each other. */
    snprintf(text, sizeof text, "%s%s", HEAD, seats);
#undef HEAD
    CHECKF(trid_board_parse(b, text, err, sizeof err) == 0, "%s", err);
    CHECK(b->ncells == 10 && b->seat[2][1].rot == 3 && b->seat[2][0].last_row == 1);
    trid_board_free(b);
    /* The shipped board: 150 cells, 6+6 walls, 6 STOP cells, symmetric. */
    const trid_board *h = trid_boards[0];
    REQUIRE(trid() && h);
    int walls = 0, stops = 0;
    for (int c = 0; c < h->ncells; c++)
        walls += h->type[c] == TRID_WALL, stops += h->type[c] == TRID_STOP;
    CHECK(h->ncells == 150 && walls == 12 && stops == 6 && !strcmp(h->name, "hex5"));
    CHECK(h->ntris == 244); /* counted apart: triples of open cells whose centres make a level equilateral */
    for (int m = 0; m < 6; m++)
        CHECK(h->rot_ok[m]);
    /* Triangles: corners of one colour; by-corner and by-interior indexes. */
    for (int i = 0; i < h->ntris; i++) {
        const trid_tri *t = &h->tris[i];
        CHECK(h->up[t->corner[0]] == h->up[t->corner[1]] && h->up[t->corner[1]] == h->up[t->corner[2]]);
    }
    int c = h->at[3][12]; /* d12: inside c10 c14 e12 */
    bool found = false;
    for (uint32_t i = h->inside_at[c]; i < h->inside_at[c + 1]; i++) {
        const trid_tri *t = &h->tris[h->by_inside[i]];
        found |= t->corner[0] == h->at[2][10] && t->corner[1] == h->at[2][14] && t->corner[2] == h->at[4][12];
    }
    CHECK(found);
    free(b);
}

/* The page's starts and perft figures. */
static void page_perft(void)
{
    static const char *const first[] = { "a10-a7", "a10-a13", "a10-b9", "a11-a13", "a11-b10", "a11-b12",
                                         "a12-a14", "a12-b13", "a8-a5",  "a8-c6",   "a9-c8",   "a9-g15" };
    static const uint64_t want[3][4] = { { 12, 144, 2148, 32044 }, { 12, 145, 1787, 0 }, { 12, 144, 1740, 0 } };
    char err[256], t[GAME_TEXT_MAX];
    trid_state s;
    REQUIRE(trid());
    for (int p = 2; p <= 4; p++) {
        REQUIRE(trid_setup(&s, "hex5", p, err, sizeof err) == 0);
        trid_to_text(&s, t, sizeof t);
        CHECKF(!strcmp(t, trid_bench[p - 2].position), "%s", t); /* the bench positions are the starts */
        for (int d = 1; d <= 4 && want[p - 2][d - 1]; d++)
            CHECKF(trid_perft(&s, d) == want[p - 2][d - 1], "%d players perft %d: %llu", p, d,
                   (unsigned long long)trid_perft(&s, d));
        /* Every seat has the same 12 actions, seen from its edge. */
        for (int k = 0; k < p; k++) {
            trid_state r = s;
            int perm[GAME_MAX_PLAYERS] = { 0, 1, 2, 3 };
            for (int i = 0; i < p; i++)
                perm[i] = (i + k) % p;
            trid_permute(&r, perm);
            CHECK(r.side == k && count(&r) == 12);
        }
    }
    REQUIRE(trid_setup(&s, "hex5", 2, err, sizeof err) == 0);
    CHECK(text_is(&s, "hex5 2 Ca10,Sa8,Sa9,Ja11,Ja12/Cj10,Sj11,Sj12,Jj8,Jj9 0 0"));
    for (int i = 0; i < 12; i++)
        CHECKF(legal(&s, first[i]), "%s", first[i]);
    CHECK(count(&s) == 12);
    REQUIRE(load(&s, "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7"));
    CHECK(trid_perft(&s, 1) == 21 && trid_perft(&s, 2) == 448 && trid_perft(&s, 3) == 9179);
    REQUIRE(load(&s, "hex5 3 Ci11,Sa8,Se6,Ja12,Jb10/x/Ch17,Sg17,Sg18,Jh16,Ji16 2 12"));
    CHECK(trid_perft(&s, 1) == 12 && trid_perft(&s, 2) == 252 && trid_perft(&s, 3) == 3596);
    CHECK(trid_setup(&s, "hex5", 5, err, sizeof err) == -1 && strstr(err, "5"));
}

/* A seat permutation that is a rotation of the board (2 and 3 players:
 * the cyclic ones; 4 players: the half turn) carries every random
 * position to one with as many actions, the same ones rotated. */
static void rotation_keeps_action_counts(void)
{
    const game_def *g = trid();
    REQUIRE(g);
    xoshiro256 r;
    xoshiro_seed(&r, 77);
    int checked = 0;
    for (int p = 2; p <= 4; p++)
        for (int game = 0; game < 30; game++) {
            trid_state s;
            char err[128];
            REQUIRE(trid_setup(&s, "hex5", p, err, sizeof err) == 0);
            for (int ply = 0; ply < 400 && s.ending == END_NONE; ply++) {
                uint32_t list[TRID_MAX_ACTIONS];
                int n = trid_legal(&s, list);
                for (int k = 1; k < p; k++) {
                    int perm[GAME_MAX_PLAYERS] = { 0, 1, 2, 3 };
                    for (int i = 0; i < p; i++)
                        perm[i] = p == 4 ? (i + 2) % 4 : (i + k) % p;
                    trid_state t = s;
                    trid_permute(&t, perm);
                    char text[GAME_TEXT_MAX];
                    trid_to_text(&t, text, sizeof text);
                    trid_state u;
                    CHECKF(trid_from_text(&u, text, err, sizeof err) == 0, "%s: %s", text, err);
                    CHECKF(count(&t) == n, "%d players: %d actions, rotated %d", p, n, count(&t));
                    checked++;
                }
                trid_apply(&s, list[xoshiro_below(&r, (uint64_t)n)]);
            }
        }
    CHECK(checked > 10000);
}

/* TRID's own players take a win when there is one, reproducibly. */
static void players_take_wins(void)
{
    const game_def *g = trid();
    REQUIRE(g);
    static const char *const specs[] = { "greedy", "ab:depth=1", "ab", "ab:depth=3" };
    char err[256], a[GAME_ACTION_TEXT_MAX];
    trid_state s;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        gplayer *p = gplayer_new(g, specs[i], err, sizeof err);
        CHECKF(p != NULL, "%s: %s", specs[i], err);
        if (!p)
            continue;
        REQUIRE(load(&s, "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7"));
        g->action_to_text(&s, gplayer_choose(p, &s, 5), a, sizeof a);
        CHECKF(!strcmp(a, "h10xi11"), "%s chose %s", specs[i], a);
        /* T3 after one of seat 2's actions: seat 0's only win is i11-j11. */
        REQUIRE(load(&s, "hex5 3 Ci11,Sa8,Se6,Ja12,Jb10/x/Ch17,Sg17,Sg18,Jh16,Ji16 2 12"));
        uint32_t list[TRID_MAX_ACTIONS];
        trid_legal(&s, list);
        trid_apply(&s, list[0]);
        g->action_to_text(&s, gplayer_choose(p, &s, 9), a, sizeof a);
        CHECKF(!strcmp(a, "i11-j11"), "%s chose %s", specs[i], a);
        gplayer_free(p);
    }
    CHECK(gplayer_new(g, "ab:depth=0", err, sizeof err) == NULL && strstr(err, "depth"));
    CHECK(gplayer_new(g, "greedy:depth=2", err, sizeof err) == NULL && strstr(err, "depth"));
    gplayer *p = gplayer_new(g, "ab", err, sizeof err);
    REQUIRE(p);
    /* the default weights by name, not a path that depends on the working
     * directory, and pinned by their checksum */
    CHECKF(!strncmp(gplayer_spec(p), "ab:depth=2,wcrc=", 16) && strstr(gplayer_spec(p), ",weights=default"), "%s",
           gplayer_spec(p));
    gplayer *q = gplayer_new(g, gplayer_spec(p), err, sizeof err); /* a canonical spec makes the same player */
    CHECKF(q && !strcmp(gplayer_spec(q), gplayer_spec(p)), "%s", q ? gplayer_spec(q) : err);
    gplayer_free(q);
    gplayer_free(p);
    CHECK(gplayer_new(g, "ab:wcrc=00000000", err, sizeof err) == NULL && strstr(err, "weights file has changed"));
}

/* Every board file of data/boards/ is a setup; hex5-open is hex5 without
 * its STOP cells, so a slide runs on where hex5 stops it. */
static void second_board(void)
{
    const game_def *g = trid();
    REQUIRE(g);
    CHECK(!strcmp(g->setup_names[0], "hex5") && g->setup_names[1] && !strcmp(g->setup_names[1], "hex5-open"));
    char err[256], t[GAME_TEXT_MAX];
    trid_state s;
    REQUIRE(trid_setup(&s, "hex5-open", 3, err, sizeof err) == 0);
    trid_to_text(&s, t, sizeof t);
    CHECKF(!strcmp(t, "hex5-open 3 Ca10,Sa8,Sa9,Ja11,Ja12/Ch3,Sh4,Si4,Jg2,Jg3/Ch17,Sg17,Sg18,Jh16,Ji16 0 0"), "%s", t);
    REQUIRE(load(&s, "hex5-open 2 Ca10,Sc10/Cj10 0 0"));
    CHECK(legal(&s, "c10-c6") && !legal(&s, "c10-c8"));
    REQUIRE(load(&s, "hex5 2 Ca10,Sc10/Cj10 0 0"));
    CHECK(!legal(&s, "c10-c6") && legal(&s, "c10-c8"));
    CHECK(trid_setup(&s, "hex7", 2, err, sizeof err) == -1 && strstr(err, "hex7") && strstr(err, "hex5 hex5-open"));
    CHECK(trid_from_text(&s, "hex7 2 Ca10/Cj10 0 0", err, sizeof err) == -1 && strstr(err, "offset 0"));
}

const test_case tests_trid[] = {
    { "trid_slider_and_stop_cells", slider_and_stop_cells },
    { "trid_jumper_over_walls", jumper_over_walls },
    { "trid_chief_moves", chief_moves },
    { "trid_triangle_formation_and_swaps", triangle_formation_and_swaps },
    { "trid_controlled_cells", controlled_cells },
    { "trid_elimination_and_turn_order", elimination_and_turn_order },
    { "trid_draw_counter_and_pass", draw_counter_and_pass },
    { "trid_ranks_by_elimination_order", ranks_by_elimination_order },
    { "trid_position_text_errors", position_text_errors },
    { "trid_board_file_errors", board_file_errors },
    { "trid_page_perft", page_perft },
    { "trid_rotation_keeps_action_counts", rotation_keeps_action_counts },
    { "trid_players_take_wins", players_take_wins },
    { "trid_second_board", second_board },
    { NULL, NULL },
};
