/* test_text.c — the position string and the action notation of the rules page
 * (../shared/rules/tzaar.md): round trips on positions from random play,
 * every parse error with its offset, rejection of impossible positions, and
 * the action parser's syntax and legality checks. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"

static const char FIXED_CELLS[] = "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC";

static int pt(const char *label)
{
    int len = 0;
    return tz_geo_parse_label(label, &len);
}

/* A copy without the bytes that mean nothing (the type of an empty point). */
static position normalised(const position *p)
{
    position q = *p;
    for (int i = 0; i < GEO_POINTS; i++)
        if (pos_colour_at(p, i) < 0)
            q.type[i] = 0;
    return q;
}

static int same_position(const position *a, const position *b)
{
    position x = normalised(a), y = normalised(b);
    return !memcmp(&x, &y, sizeof x);
}

/* Checks the text of one action: its shape, and that it parses back (also
 * with lowercase coordinates) to the same action, legal in p. */
static int check_action_text(const position *p, action a)
{
    char t[ACTION_TEXT_MAX], err[300];
    tz_action_to_text(a, p->side, t);
    size_t len = strlen(t);
    int kind = act_kind(a), ok = 1;
    if (kind == ACT_PASS)
        ok &= !strcmp(t, "pass");
    else if (kind == ACT_PLACE)
        ok &= len == 4 && t[0] == (p->side == WHITE ? 'a' : 'A') + act_from(a) && t[1] == '@' &&
              t[2] >= 'A' && t[2] <= 'I' && t[3] >= '1' && t[3] <= '9';
    else
        ok &= len == 5 && t[0] >= 'A' && t[0] <= 'I' && isdigit((unsigned char)t[1]) &&
              t[2] == (kind == ACT_CAPTURE ? 'x' : '+') && t[3] >= 'A' && t[3] <= 'I' &&
              isdigit((unsigned char)t[4]);
    CHECKF(ok, "action text '%s' has the wrong shape", t);
    action b = ACTION_NONE;
    ok &= tz_action_from_text(p, t, &b, err, sizeof err) == 0 && b == a;
    CHECKF(ok, "'%s' does not parse back", t);
    b = ACTION_NONE;
    ok &= tz_action_parse_legal(p, t, &b, err, sizeof err) == 0 && b == a;
    CHECKF(ok, "'%s' is not accepted as legal: %s", t, err);
    /* coordinates in lowercase (and PASS in capitals) mean the same */
    char lower[ACTION_TEXT_MAX];
    strcpy(lower, t);
    for (char *c = lower; *c; c++)
        if (*c >= 'A' && *c <= 'I' && c[1] >= '1' && c[1] <= '9')
            *c = (char)tolower((unsigned char)*c);
    if (kind == ACT_PASS)
        strcpy(lower, "PASS");
    b = ACTION_NONE;
    ok &= tz_action_from_text(p, lower, &b, err, sizeof err) == 0 && b == a;
    CHECKF(ok, "'%s' does not parse", lower);
    return ok;
}

/* Round trip of one position: text -> position -> text is the identity and
 * the parsed position equals the played one.  Returns the text length. */
static int check_roundtrip(const position *p, int *max_height)
{
    char t1[POS_TEXT_MAX], t2[POS_TEXT_MAX], err[300];
    int len = tz_pos_to_text(p, t1, sizeof t1);
    CHECKF(len == (int)strlen(t1) && len < POS_TEXT_MAX, "length %d", len);
    position q;
    int rc = tz_pos_from_text(&q, t1, err, sizeof err);
    CHECKF(rc == 0, "'%s' does not parse: %s", t1, err);
    if (rc)
        return -1;
    tz_pos_to_text(&q, t2, sizeof t2);
    CHECKF(!strcmp(t1, t2), "'%s' came back as '%s'", t1, t2);
    CHECKF(same_position(p, &q), "'%s': parsed position differs from the played one", t1);
    CHECK(q.hash == p->hash);
    CHECK(tz_game_winner(&q, NULL) == tz_game_winner(p, NULL));
    for (int i = 0; i < GEO_POINTS; i++)
        if (p->height[i] > *max_height)
            *max_height = p->height[i];
    return len;
}

static void test_roundtrip_random_play(void)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, 0x7e47);
    long positions = 0, actions = 0;
    int max_height = 0, places = 0, tall_texts = 0, finished = 0;
    for (int game = 0; game < 150; game++) {
        position p;
        tz_setup_make(&p, game % 3 == 0 ? SETUP_TOURNAMENT : SETUP_RANDOM, (uint64_t)game + 1000);
        int tower = game % 2; /* in half the games, stack whenever possible */
        for (int ply = 0; ply < 300; ply++) {
            int len = check_roundtrip(&p, &max_height);
            if (len < 0)
                return;
            positions++;
            places += p.phase == PHASE_PLACE;
            char t[POS_TEXT_MAX];
            tz_pos_to_text(&p, t, sizeof t);
            for (const char *c = t; *c; c++)
                if (isdigit((unsigned char)c[0]) && isdigit((unsigned char)c[1])) {
                    tall_texts++;
                    break;
                }
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list);
            if (!n) {
                finished++;
                break;
            }
            for (int i = 0; i < n; i++) {
                if (!check_action_text(&p, list[i]))
                    return;
                actions++;
            }
            action a = list[xoshiro_below(&rng, (uint64_t)n)];
            if (tower && p.phase == PHASE_SECOND) {
                int best = -1;
                for (int i = 0; i < n; i++)
                    if (act_kind(list[i]) == ACT_STACK) {
                        int h = p.height[act_from(list[i])] + p.height[act_to(list[i])];
                        if (h > best && p.count[p.side][p.type[act_to(list[i])]] > 1) {
                            best = h;
                            a = list[i];
                        }
                    }
            }
            undo u;
            pos_make(&p, a, &u);
        }
    }
    CHECK(positions > 5000 && actions > 50000);
    CHECKF(max_height >= 10, "tallest stack %d", max_height);
    CHECKF(tall_texts > 0, "no two-digit heights written");
    CHECK(places > 1000);
    CHECK(finished > 100);
}

static void test_roundtrip_constructed(void)
{
    /* Heights 2..30 in every letter, every side and phase that allows them;
     * each string is a prefix of cells, N empty points, a suffix of cells. */
    static const struct { const char *head; int dots; const char *tail; } cases[] = {
        { "a30", 56, "B15C14A b 1" },
        { "a10b11c9", 54, "A10B10C10 w 2" },
        { "c2C2b3B3a4A4", 54, " w 1" },
        { "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC", 0, " w 0" },
        { "", 60, " w p" },
        { "a", 58, "A w p" },
        { "aBbAcC", 54, " w p" },
        { "a", 59, " b p" },
        { ".a2", 53, "C12b3B5.. b 2" },
    };
    static const char dots[] = "............................................................";
    char text[POS_TEXT_MAX], buf[POS_TEXT_MAX], err[300];
    int max_height = 0;
    position p;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(text, sizeof text, "%s%.*s%s", cases[i].head, cases[i].dots, dots, cases[i].tail);
        int rc = tz_pos_from_text(&p, text, err, sizeof err);
        CHECKF(rc == 0, "'%s': %s", text, err);
        if (rc)
            continue;
        tz_pos_to_text(&p, buf, sizeof buf);
        CHECKF(!strcmp(buf, text), "'%s' came back as '%s'", text, buf);
        check_roundtrip(&p, &max_height);
        CHECK(tz_pos_check(&p) == NULL);
    }
    CHECK(max_height == 30);
    /* The parse reads what was written */
    snprintf(text, sizeof text, "%s%.*s%s", cases[1].head, cases[1].dots, dots, cases[1].tail);
    REQUIRE(tz_pos_from_text(&p, text, err, sizeof err) == 0);
    CHECK(pos_colour_at(&p, 0) == WHITE && p.type[0] == TZAAR && p.height[0] == 10);
    CHECK(pos_colour_at(&p, 1) == WHITE && p.type[1] == TZARRA && p.height[1] == 11);
    CHECK(pos_colour_at(&p, 2) == WHITE && p.type[2] == TOTT && p.height[2] == 9);
    CHECK(pos_colour_at(&p, 59) == BLACK && p.type[59] == TOTT && p.height[59] == 10);
    CHECK(p.side == WHITE && p.phase == PHASE_SECOND);
    /* LittleGolem order: A5 first, I1 last, E6 then E4 across the hole */
    CHECK(pt("A5") == 0 && pt("A1") == 4 && pt("B6") == 5 && pt("E6") == 29 && pt("E4") == 30 && pt("I1") == 59);
}

/* Expects a parse failure whose message contains `want` (NULL: any). */
static void expect_bad(const char *s, const char *want, int line)
{
    position p;
    char err[300] = "";
    int rc = tz_pos_from_text(&p, s, err, sizeof err);
    if (rc != -1) {
        check_fail(__FILE__, line, "'%s' parsed (rc %d)", s, rc);
        return;
    }
    if (!err[0] || strchr(err, '\n'))
        check_fail(__FILE__, line, "'%s': message '%s' is not one line", s, err);
    if (want && !strstr(err, want))
        check_fail(__FILE__, line, "'%s': message '%s' lacks '%s'", s, err, want);
}
#define BAD(s, want) expect_bad(s, want, __LINE__)

static void test_parse_errors(void)
{
    char s[400];
    char cells[80];
    strcpy(cells, FIXED_CELLS);
    REQUIRE(strlen(cells) == 60);

    /* wrong character */
    snprintf(s, sizeof s, "%s w 0", cells);
    s[10] = 'x';
    BAD(s, "offset 10");
    snprintf(s, sizeof s, "%s w 0", cells);
    s[0] = 'd';
    BAD(s, "offset 0");
    snprintf(s, sizeof s, "%s w 0", cells);
    s[59] = '-';
    BAD(s, "offset 59");
    snprintf(s, sizeof s, "%s w 0", cells);
    s[30] = '\t';
    BAD(s, "offset 30");
    /* too few points */
    snprintf(s, sizeof s, "%.59s w 0", cells);
    BAD(s, "offset 59");
    BAD("", "offset 0");
    BAD(" w 1", "offset 0");
    /* too many points */
    snprintf(s, sizeof s, "%sc w 0", cells);
    BAD(s, "offset 60");
    snprintf(s, sizeof s, "%s. w 1", cells);
    BAD(s, "offset 60");
    /* missing side */
    snprintf(s, sizeof s, "%s", cells);
    BAD(s, "offset 60");
    snprintf(s, sizeof s, "%s ", cells);
    BAD(s, "offset 61");
    /* bad side */
    snprintf(s, sizeof s, "%s x 0", cells);
    BAD(s, "offset 61");
    snprintf(s, sizeof s, "%s W 0", cells);
    BAD(s, "offset 61");
    snprintf(s, sizeof s, "%s  w 0", cells);
    BAD(s, "offset 61");
    /* missing or bad phase */
    snprintf(s, sizeof s, "%s w", cells);
    BAD(s, "offset 62");
    snprintf(s, sizeof s, "%s w ", cells);
    BAD(s, "offset 63");
    snprintf(s, sizeof s, "%s w 3", cells);
    BAD(s, "offset 63");
    snprintf(s, sizeof s, "%s w P", cells);
    BAD(s, "offset 63");
    snprintf(s, sizeof s, "%s w-0", cells);
    BAD(s, "offset 62");
    /* trailing text */
    snprintf(s, sizeof s, "%s w 0 ", cells);
    BAD(s, "offset 64");
    snprintf(s, sizeof s, "%s w 0x", cells);
    BAD(s, "offset 64");
    snprintf(s, sizeof s, "%s w 00", cells);
    BAD(s, "offset 64");
    snprintf(s, sizeof s, "%s w 0\n", cells);
    BAD(s, "offset 64");
}

/* Heights that are not heights, and the strings with the mistake removed. */
static void test_parse_errors_in_heights(void)
{
    char s[400];
    char cells[80];
    strcpy(cells, FIXED_CELLS);
    REQUIRE(strlen(cells) == 60);
    /* heights: "1", "0", "31", a leading zero; the offset is the digits' */
    snprintf(s, sizeof s, "c1%s w 1", cells + 1);
    BAD(s, "offset 1");
    snprintf(s, sizeof s, "c0%s w 1", cells + 1);
    BAD(s, "offset 1");
    snprintf(s, sizeof s, "c31%s w 1", cells + 1);
    BAD(s, "offset 1");
    snprintf(s, sizeof s, "c02%s w 1", cells + 1);
    BAD(s, "offset 1");
    snprintf(s, sizeof s, "c999999999999999999999%s w 1", cells + 1);
    BAD(s, "offset 1");
    snprintf(s, sizeof s, "%.5sc1%s w 1", cells, cells + 6);
    BAD(s, "offset 6");
    snprintf(s, sizeof s, "%.5sA00%s w 1", cells, cells + 6);
    BAD(s, "offset 6");
    /* a height after an empty point is a digit where a point was expected */
    snprintf(s, sizeof s, ".2%s w 1", cells + 2);
    BAD(s, "offset 1");

    /* The same strings with the mistake removed do parse (the checks above
     * are not failing for some other reason). */
    position p;
    char err[300];
    snprintf(s, sizeof s, "%s w 0", cells);
    CHECK(tz_pos_from_text(&p, s, err, sizeof err) == 0);
    snprintf(s, sizeof s, "c2%.59s w 1", "............................................................");
    CHECKF(tz_pos_from_text(&p, s, err, sizeof err) == 0, "%s", err);
    snprintf(s, sizeof s, "c30%.59s w 1", "............................................................");
    CHECKF(tz_pos_from_text(&p, s, err, sizeof err) == 0, "%s", err);
    /* a NULL or zero-size error buffer is allowed */
    CHECK(tz_pos_from_text(&p, "junk", NULL, 0) == -1);
    CHECK(tz_pos_from_text(&p, "junk", err, 0) == -1);
}

static void test_impossible_positions(void)
{
    char s[400];
    const char *dots = "............................................................";
    /* a colour with more than 30 pieces */
    snprintf(s, sizeof s, "a20b10c%.54sABC w 1", dots);
    BAD(s, "31");
    snprintf(s, sizeof s, "a2b2c2%.54sA30BC w 1", dots);
    BAD(s, NULL);
    /* more tops of a type than its supply */
    snprintf(s, sizeof s, "aaaaaaabc%.48sABC w 1", dots);
    BAD(s, "7");
    snprintf(s, sizeof s, "abc%.45sBBBBBBBBBBAC w 2", dots);
    BAD(s, "10");
    snprintf(s, sizeof s, "abcccccccccccccccc%.39sABC w 1", dots);
    BAD(s, "16");
    /* phase 0 is White's: side b is impossible */
    snprintf(s, sizeof s, "%s b 0", FIXED_CELLS);
    BAD(s, NULL);
    /* phase 0 with pieces missing, or with a tall stack */
    snprintf(s, sizeof s, ".%s w 0", FIXED_CELLS + 1);
    BAD(s, NULL);
    /* placement: the players alternate from the first placer (White, or
     * Black in tournament-black), so the counts differ by at most one and
     * the one behind places next */
    snprintf(s, sizeof s, "a%.59s w p", dots);
    BAD(s, NULL);
    snprintf(s, sizeof s, "A%.59s b p", dots);
    BAD(s, NULL);
    snprintf(s, sizeof s, "aa%.58s b p", dots);
    BAD(s, NULL);
    snprintf(s, sizeof s, "AA%.58s w p", dots);
    BAD(s, NULL);
    snprintf(s, sizeof s, "aAAA%.56s w p", dots);
    BAD(s, "differ by at most one");
    snprintf(s, sizeof s, "aaA%.57s w p", dots);
    BAD(s, "Black's turn");
    /* placement with tall stacks */
    snprintf(s, sizeof s, "a2A%.58s w p", dots);
    BAD(s, NULL);
    snprintf(s, sizeof s, "a2%.59s b p", dots);
    BAD(s, NULL);
    /* all 60 placed: the phase is 0, not p */
    snprintf(s, sizeof s, "%s w p", FIXED_CELLS);
    BAD(s, NULL);
    /* placement beyond the supply: 7 White Tzaars */
    snprintf(s, sizeof s, "aaaaaaaAAAAAA%.47s b p", dots);
    BAD(s, NULL);

    /* their valid neighbours parse */
    position p;
    char err[300];
    const char *good[12];
    char g[12][POS_TEXT_MAX];
    int n = 0;
    snprintf(g[n], sizeof g[n], "a20b9c%.54sABC w 1", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "aaaaaabc%.49sABC w 1", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "a%.59s b p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "aA%.58s w p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "%.60s w p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "aaaaaaAAAAAA%.48s w p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "%s w 0", FIXED_CELLS), good[n] = g[n], n++;
    /* Black placing first (tournament-black): Black one ahead with White to
     * place, equal counts with Black to place, the empty board with Black */
    snprintf(g[n], sizeof g[n], "A%.59s w p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "aA%.58s b p", dots), good[n] = g[n], n++;
    snprintf(g[n], sizeof g[n], "%.60s b p", dots), good[n] = g[n], n++;
    for (int i = 0; i < n; i++)
        CHECKF(tz_pos_from_text(&p, good[i], err, sizeof err) == 0, "'%s': %s", good[i], err);
}

static int from_text(const position *p, const char *s, action *a)
{
    char err[300] = "";
    int rc = tz_action_from_text(p, s, a, err, sizeof err);
    if (rc && (!err[0] || strchr(err, '\n')))
        return -2; /* a failure must come with a one-line message */
    return rc;
}

static void test_action_parsing(void)
{
    position fixed, place_w, place_b;
    char err[300];
    tz_setup_fixed(&fixed);
    tz_setup_tournament(&place_w);
    REQUIRE(tz_pos_from_text(&place_b, "a........................................................... b p", err,
                          sizeof err) == 0);
    action a, b;
    int c3 = pt("C3"), d4 = pt("D4"), e6 = pt("E6");

    /* captures and stacks, coordinates in any case */
    const char *cap[] = { "C3xD4", "c3xd4", "C3xd4", "c3xD4", "C3XD4" };
    for (size_t i = 0; i < sizeof cap / sizeof *cap; i++) {
        a = ACTION_NONE;
        CHECKF(from_text(&fixed, cap[i], &a) == 0 && a == act_make(c3, d4, ACT_CAPTURE), "'%s'", cap[i]);
    }
    CHECK(from_text(&fixed, "c3+D4", &a) == 0 && a == act_make(c3, d4, ACT_STACK));
    CHECK(from_text(NULL, "C3+D4", &a) == 0 && a == act_make(c3, d4, ACT_STACK));
    /* pass in any case */
    const char *passes[] = { "pass", "PASS", "Pass" };
    for (int i = 0; i < 3; i++)
        CHECKF(from_text(&fixed, passes[i], &a) == 0 && a == ACTION_PASS, "'%s'", passes[i]);
    /* placements: the letter's case is the colour, checked against the side */
    CHECK(from_text(&place_w, "b@E6", &a) == 0 && a == act_make(TZARRA, e6, ACT_PLACE));
    CHECK(from_text(&place_w, "b@e6", &a) == 0 && a == act_make(TZARRA, e6, ACT_PLACE));
    CHECK(from_text(&place_w, "B@E6", &a) == -1);
    CHECK(from_text(&place_b, "B@E6", &a) == 0 && a == act_make(TZARRA, e6, ACT_PLACE));
    CHECK(from_text(&place_b, "b@E6", &a) == -1);
    CHECK(from_text(&place_w, "a@A5", &a) == 0 && a == act_make(TZAAR, 0, ACT_PLACE));
    CHECK(from_text(&place_b, "C@I1", &a) == 0 && a == act_make(TOTT, 59, ACT_PLACE));
    /* action_to_text writes the rules-page notation */
    char t[ACTION_TEXT_MAX];
    tz_action_to_text(act_make(c3, d4, ACT_CAPTURE), WHITE, t);
    CHECK(!strcmp(t, "C3xD4"));
    tz_action_to_text(act_make(c3, d4, ACT_STACK), BLACK, t);
    CHECK(!strcmp(t, "C3+D4"));
    tz_action_to_text(ACTION_PASS, BLACK, t);
    CHECK(!strcmp(t, "pass"));
    tz_action_to_text(act_make(TZARRA, e6, ACT_PLACE), WHITE, t);
    CHECK(!strcmp(t, "b@E6"));
    tz_action_to_text(act_make(TZARRA, e6, ACT_PLACE), BLACK, t);
    CHECK(!strcmp(t, "B@E6"));

    /* garbage */
    const char *bad[] = {
        "", "C3", "C3x", "C3xZ9", "C3xD4x", "E5xE6", "E6xE5", "C3-D4", " C3xD4", "C3xD4 ", "C3 xD4",
        "xD4", "C3xD", "C10xD4", "C3xD40", "J1xA1", "A6xA5", "A0xA1", "passs", "pas", "pass ", "d@E6",
        "b@E5", "b@", "@E6", "b@E6x", "b@J1", "bb@E6", "b E6", "3CxD4", "C3*D4", "C3x+D4", "C3++D4",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        a = ACTION_NONE;
        int rc = from_text(&place_w, bad[i], &a);
        CHECKF(rc == -1, "'%s' gave %d (action %#x)", bad[i], rc, (unsigned)a);
        rc = from_text(&fixed, bad[i], &a);
        CHECKF(rc == -1, "'%s' gave %d in the fixed setup", bad[i], rc);
    }
    /* the target's offset is named */
    CHECK(tz_action_from_text(&fixed, "C3xZ9", &a, err, sizeof err) == -1 && strstr(err, "offset 3"));

    /* legality: well-formed but illegal actions are refused with a message */
    const char *illegal[] = { "A1xI5", "C5+B5", "pass", "C5xC3", "A5xA3", "b@E6", "C4xC5" };
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        err[0] = 0;
        CHECKF(tz_action_from_text(&fixed, illegal[i], &a, err, sizeof err) == 0, "'%s' is well-formed: %s",
               illegal[i], err);
        err[0] = 0;
        CHECKF(tz_action_parse_legal(&fixed, illegal[i], &b, err, sizeof err) == -1 && err[0],
               "'%s' accepted in the fixed setup", illegal[i]);
    }
    CHECK(tz_action_parse_legal(&fixed, "C5xC4", &a, err, sizeof err) == 0 && a == act_make(pt("C5"), pt("C4"), ACT_CAPTURE));
    CHECK(tz_action_parse_legal(&fixed, "c5xc4", &a, err, sizeof err) == 0);
    CHECK(tz_action_parse_legal(&fixed, "C3xD4x", &a, err, sizeof err) == -1);
    CHECK(tz_action_parse_legal(&place_w, "B@E6", &a, err, sizeof err) == -1);
    CHECK(tz_action_parse_legal(&place_w, "b@E6", &a, err, sizeof err) == 0);
    /* a placement on an occupied point is well-formed but illegal */
    CHECK(tz_action_parse_legal(&place_b, "A@A5", &a, err, sizeof err) == -1);
    CHECK(tz_action_parse_legal(&place_b, "A@A4", &a, err, sizeof err) == 0);
}

const test_case tests_text[] = {
    { "text_roundtrip_random_play", test_roundtrip_random_play },
    { "text_roundtrip_constructed", test_roundtrip_constructed },
    { "text_parse_errors", test_parse_errors },
    { "text_parse_errors_in_heights", test_parse_errors_in_heights },
    { "text_impossible_positions", test_impossible_positions },
    { "text_action_parsing", test_action_parsing },
    { NULL, NULL },
};
