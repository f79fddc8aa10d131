/* test_diff_static.c — both TZAAR generators, the engine's and the naive
 * reference (naive.h), on hand-made positions: position strings that must
 * round-trip or be refused, and positions whose legal actions, winner and
 * results of an action were worked out by hand from the rules page.  The
 * games played through both generators are in test_diff.c. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "diff.h"
#include "naive.h"
#include "engine/tzaar/make.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "engine/tzaar/setup.h"

/* Position strings: both parsers round-trip tall stacks, and both reject
 * strings that are malformed beyond doubt. */
static void test_static_text(void)
{
    char cells[POS_TEXT_MAX], s[POS_TEXT_MAX + 40], back[POS_TEXT_MAX], err[160];
    /* Tall stacks of every height 2..30 on a sparse board (at most 30 pieces
     * a colour). */
    for (int h = 2; h <= 30; h++) {
        int n = 0;
        for (int i = 0; i < 60; i++) {
            if (h <= 27 && i < 6)
                cells[n++] = "abcABC"[i];
            else if (i == 7)
                n += sprintf(cells + n, "b%d", h);
            else if (i == 8)
                n += sprintf(cells + n, "C%d", h <= 27 ? 29 - h : h);
            else
                cells[n++] = '.';
        }
        cells[n] = '\0';
        for (int ph = 1; ph <= 2; ph++) {
            snprintf(s, sizeof s, "%s %c %d", cells, "wb"[h % 2], ph);
            naive_pos np;
            position p;
            CHECKF(naive_parse(&np, s) == 0, "naive rejects [%s]", s);
            naive_to_text(&np, back);
            CHECKF(strcmp(back, s) == 0, "naive round trip [%s] -> [%s]", s, back);
            CHECKF(tz_pos_from_text(&p, s, err, sizeof err) == 0, "engine rejects [%s]: %s", s, err);
            tz_pos_to_text(&p, back, sizeof back);
            CHECKF(strcmp(back, s) == 0, "engine round trip [%s] -> [%s]", s, back);
        }
    }
    /* Malformed for certain: both must refuse. */
    const char *good = TZ_SETUP_FIXED_TEXT;
    size_t len = strlen(good);
    char buf[6][POS_TEXT_MAX + 8];
    snprintf(buf[0], sizeof buf[0], "%.*s %s", (int)(len - 4 - 1), good, "w 0");  /* 59 cells */
    snprintf(buf[1], sizeof buf[1], "c%s", good);                                 /* 61 cells */
    snprintf(buf[2], sizeof buf[2], "%.*s x 1", (int)(len - 4), good);            /* side */
    snprintf(buf[3], sizeof buf[3], "%.*s w 3", (int)(len - 4), good);            /* phase */
    snprintf(buf[4], sizeof buf[4], "d%s", good + 1);                             /* letter */
    snprintf(buf[5], sizeof buf[5], "%s ", good);                                 /* trailing */
    const char *bad[] = {"", "w 0", buf[0], buf[1], buf[2], buf[3], buf[4], buf[5],
                         "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w",
                         "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC  w 0",
                         "c0CCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        naive_pos np;
        position p;
        CHECKF(naive_parse(&np, bad[i]) != 0, "naive accepts malformed [%s]", bad[i]);
        CHECKF(tz_pos_from_text(&p, bad[i], err, sizeof err) != 0, "engine accepts malformed [%s]",
               bad[i]);
    }
}

/* ------------------------------------------- hand-made positions */

/* Builds a position string from "E4=a A1=c2 ..." (label = cell text), the
 * other points empty, and the side and phase text "w 1".  Written here
 * independently of both generators: LittleGolem order is columns A to I,
 * rows from the top of the column down to 1, E5 skipped. */
static void build_position(char *out, const char *pieces, const char *tail)
{
    static const int size[9] = {5, 6, 7, 8, 9, 8, 7, 6, 5};
    int n = 0;
    for (int c = 0; c < 9; c++)
        for (int r = size[c]; r >= 1; r--) {
            if (c == 4 && r == 5)
                continue;
            char lab[3] = {(char)('A' + c), (char)('0' + r), 0};
            const char *hit = NULL;
            for (const char *q = pieces; (q = strstr(q, lab)) != NULL; q++)
                if ((q == pieces || q[-1] == ' ') && q[2] == '=') {
                    hit = q + 3;
                    break;
                }
            if (!hit) {
                out[n++] = '.';
                continue;
            }
            while (*hit && *hit != ' ')
                out[n++] = *hit++;
        }
    n += sprintf(out + n, " %s", tail);
}

/* Both generators on one hand-made position, against the answer worked out
 * by hand from the rules page: the sorted actions joined by spaces, and the
 * winner. */
static void expect_static(const char *pieces, const char *tail, const char *want_actions,
                          int want_winner)
{
    char text[POS_TEXT_MAX], err[160], got[1400];
    build_position(text, pieces, tail);
    naive_pos np;
    position p;
    if (naive_parse(&np, text) != 0 || tz_pos_from_text(&p, text, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "a parser rejects [%s]", text);
        return;
    }
    action_text nlist[NAIVE_MAX_ACTIONS], elist[MAX_ACTIONS];
    action acts[MAX_ACTIONS];
    int nn = naive_legal(&np, nlist, NAIVE_MAX_ACTIONS);
    int ne = diff_engine_list(&p, acts, elist);
    for (int who = 0; who < 2; who++) {
        const action_text *list = who ? (const action_text *)elist : (const action_text *)nlist;
        int count = who ? ne : nn;
        size_t len = 0;
        got[0] = '\0';
        for (int i = 0; i < count && len + 10 < sizeof got; i++)
            len += (size_t)snprintf(got + len, sizeof got - len, "%s%s", i ? " " : "", list[i]);
        CHECKF(strcmp(got, want_actions) == 0, "%s actions at [%s]: got \"%s\", want \"%s\"",
               who ? "engine" : "naive", text, got, want_actions);
    }
    int nw = naive_winner(&np), ew = tz_game_winner(&p, NULL);
    CHECKF(nw == want_winner, "naive winner %d at [%s], want %d", nw, text, want_winner);
    CHECKF(ew == want_winner, "engine winner %d at [%s], want %d", ew, text, want_winner);
}

/* Applies one action in both and compares with the expected result. */
static void expect_apply(const char *pieces, const char *tail, const char *act,
                         const char *want_pieces, const char *want_tail, int want_winner)
{
    char text[POS_TEXT_MAX], want[POS_TEXT_MAX], got[POS_TEXT_MAX], err[160];
    build_position(text, pieces, tail);
    build_position(want, want_pieces, want_tail);
    naive_pos np;
    position p;
    action a;
    undo u;
    if (naive_parse(&np, text) != 0 || tz_pos_from_text(&p, text, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "a parser rejects [%s]", text);
        return;
    }
    CHECKF(naive_apply(&np, act) == 0, "naive refuses %s at [%s]", act, text);
    naive_to_text(&np, got);
    CHECKF(strcmp(got, want) == 0, "naive %s at [%s] gives [%s], want [%s]", act, text, got, want);
    CHECKF(naive_winner(&np) == want_winner, "naive winner %d after %s at [%s], want %d",
           naive_winner(&np), act, text, want_winner);
    if (tz_action_parse_legal(&p, act, &a, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "engine refuses %s at [%s]: %s", act, text, err);
        return;
    }
    pos_make(&p, a, &u);
    tz_pos_to_text(&p, got, sizeof got);
    CHECKF(strcmp(got, want) == 0, "engine %s at [%s] gives [%s], want [%s]", act, text, got, want);
    CHECKF(tz_game_winner(&p, NULL) == want_winner, "engine winner %d after %s at [%s], want %d",
           tz_game_winner(&p, NULL), act, text, want_winner);
}

static void test_static(void)
{
    /* Lines through the hole are cut: E4 and E6 do not see each other,
     * nor do A1 and the far side along B2-C3-D4, and so on. */
    const char *hole = "E4=a A1=b I1=c E6=A A5=B I5=C";
    expect_static(hole, "w 1", "A1xA5 I1xI5", -1);
    expect_static(hole, "w 2", "A1xA5 I1xI5 pass", -1);
    expect_static(hole, "b 1", "A5xA1 I5xI1", -1);

    /* Height: a single piece cannot take a stack of 3; White has no capture. */
    const char *tall = "A1=a B1=b C1=c A2=A3 B2=B3 C2=C3";
    expect_static(tall, "w 1", "", 1);
    expect_static(tall, "w 2", "A1+B1 B1+A1 B1+C1 C1+B1 pass", -1);
    expect_static(tall, "b 1", "A2xA1 B2xA1 B2xB1 C2xB1 C2xC1", -1);
    expect_static(tall, "b 2", "A2+B2 A2xA1 B2+A2 B2+C2 B2xA1 B2xB1 C2+B2 C2xB1 C2xC1 pass", -1);
    /* Equal heights capture. */
    expect_static("A1=a2 B1=b C1=c A2=A2 B2=B3 C2=C3", "w 1", "A1xA2", -1);

    /* Trinity: White has no Tott on top (one is buried) and has lost. */
    expect_static("A1=a A2=b3 A3=A B1=B C1=C", "w 1", "", 1);
    expect_static("A1=a A2=b3 A3=A B1=B C1=C", "b 2", "", 1);

    /* Every stack here is a self-burial: the winner changes at once. */
    expect_apply(tall, "w 2", "A1+B1", "B1=a2 C1=c A2=A3 B2=B3 C2=C3", "b 1", 1);
    expect_apply(tall, "w 2", "c1+b1", "A1=a B1=c2 A2=A3 B2=B3 C2=C3", "b 1", 1);
    expect_apply(tall, "w 2", "pass", tall, "b 1", -1);
    /* A first-action capture of the last Tzaar ends the game at once. */
    expect_apply(tall, "b 1", "A2xA1", "A1=A3 B1=b C1=c B2=B3 C2=C3", "b 2", 1);
    expect_static("A1=A3 B1=b C1=c B2=B3 C2=C3", "b 2", "", 1);
    /* Captures keep the mover's height; stacks add heights, top = mover. */
    expect_apply("A1=a2 A3=b B1=b C1=c G7=a A2=A2 B2=B3 C2=C3 I1=A", "w 1", "A1xA2",
                 "A2=a2 A3=b B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "w 2", -1);
    expect_apply("A2=a2 A3=b B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "w 2", "A3+A2",
                 "A2=b3 B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "b 1", -1);
    expect_apply("A1=c2 B1=b C1=c D1=a A2=A2 B2=B3 C2=C3", "w 2", "C1+D1",
                 "A1=c2 B1=b D1=c2 A2=A2 B2=B3 C2=C3", "b 1", 1);
    /* The opening single capture hands the turn to Black.  (Phase 0 needs
     * the full board, where White always has a capture.) */
    {
        char want[POS_TEXT_MAX];
        naive_pos np;
        snprintf(want, sizeof want, ".c%s", TZ_SETUP_FIXED_TEXT + 2);
        memcpy(want + strlen(want) - 3, "b 1", 3);
        REQUIRE(naive_parse(&np, TZ_SETUP_FIXED_TEXT) == 0);
        REQUIRE(naive_apply(&np, "A5xA4") == 0);
        char got[NAIVE_TEXT_MAX];
        naive_to_text(&np, got);
        CHECKF(strcmp(got, want) == 0, "naive A5xA4 from the fixed setup gives [%s], want [%s]", got,
               want);
        position p;
        action a;
        undo u;
        char err[160];
        tz_setup_fixed(&p);
        REQUIRE(tz_action_parse_legal(&p, "a5xa4", &a, err, sizeof err) == 0);
        pos_make(&p, a, &u);
        tz_pos_to_text(&p, got, sizeof got);
        CHECKF(strcmp(got, want) == 0, "engine A5xA4 from the fixed setup gives [%s], want [%s]", got,
               want);
    }
    expect_apply(hole, "w 1", "A1xA5", "E4=a A5=b I1=c E6=A I5=C", "w 2", 0);

    /* Placement: never over, own remaining pieces on empty points. */
    {
        char text[POS_TEXT_MAX], err[160];
        naive_pos np;
        position p;
        action acts[MAX_ACTIONS];
        const char *w6b5 = "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A";
        const char *w6b6 = "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A C1=A";
        build_position(text, w6b5, "b p");
        REQUIRE(naive_parse(&np, text) == 0);
        REQUIRE(tz_pos_from_text(&p, text, err, sizeof err) == 0);
        CHECK(naive_winner(&np) == -1 && tz_game_winner(&p, NULL) == -1);
        CHECK(naive_legal(&np, NULL, 0) == 49 * 3 && tz_gen_actions(&p, acts) == 49 * 3);
        build_position(text, w6b6, "w p");
        REQUIRE(naive_parse(&np, text) == 0);
        REQUIRE(tz_pos_from_text(&p, text, err, sizeof err) == 0);
        CHECK(naive_legal(&np, NULL, 0) == 48 * 2 && tz_gen_actions(&p, acts) == 48 * 2);
        expect_apply(w6b6, "w p", "c@i5",
                     "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A C1=A I5=c", "b p", -1);
    }
}

const test_case tests_diff_static[] = {
    {"diff_text_roundtrip", test_static_text},
    {"diff_static_positions", test_static},
    {0, 0},
};
