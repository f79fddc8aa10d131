/* test_talat.c — Talat's rules (engine/talat/), each on a constructed
 * position, the rules page's perft figures and the texts; the differential
 * test against the separately written naive engine (talat_naive.c) is in
 * test_talat_diff.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/talat/talat.h"
#include "talat_naive.h"

#define EMPTY5 "...../...../...../...../....."
#define S3 "3 b13b24b36b23b16/...../...../...../w33w14.w26w34 w13w24w36w23w16/...../...../...../g33g14.g26g34 " \
           "g13g24g36g23g16/...../...../...../b33b14.b26b34 m b -/-/-"
#define S2 "2 b13b24b36b23b16/...../...../...../w33w14.w26w34 w13w24w36w23w16/...../...../...../g33..g26g34 " \
           "g13g24g36g23g16/...../...../...../b33b14.b26b34 m w -/-/-"
#define POS_T "3 b16..../..w26.b33/...../..b13../b24w23.w36w14 ...../...../.w13.../...g33./g34...w16 " \
              "g24b14.g13./.g26.../g36.b36../...b23./....b26 m b w24g23/b34g14g16/w33w34"
#define POS_E "3 ...../...../..b23../....w13/..... ...../...../.w14.../...g33./g34..w16w36 " \
              "g24b14.../.g26.../..b36../...../...g13b26 m b w23w24w26g14g36/b13b16g16g23/b24b33b34w33w34"
#define POS_F "3 ..w13../b16...w24/...../...../b34.b14.. ...g24./g16...w36/.w16.../.w34g13../.w33... " \
              "b24g36.../b33..../....g34/....g33/..g26.. m b w26w23w14/b36g23g14b13/b23b26"

static const game_def *game(void)
{
    char err[128];
    return game_find("talat", err, sizeof err);
}

/* Parses text into p; a failure is a test failure. */
static bool load(talat *p, const char *text)
{
    char err[256] = "";
    if (!game()) {
        CHECK(game() != NULL);
        return false;
    }
    int rc = tl_from_text(p, text, err, sizeof err);
    CHECKF(rc == 0, "'%s': %s", text, err);
    return rc == 0;
}

/* Whether the action written `text` is among p's legal actions. */
static bool legal_text(const talat *p, const char *text)
{
    game_action list[TL_MAX_ACTIONS];
    char t[GAME_ACTION_TEXT_MAX];
    int n = tl_legal(p, list);
    for (int i = 0; i < n; i++) {
        tl_action_to_text(p, list[i], t, sizeof t);
        if (!strcmp(t, text))
            return true;
    }
    return false;
}

static void play(talat *p, const char *text)
{
    char err[256] = "";
    game_action a;
    int rc = tl_action_from_text(p, text, &a, err, sizeof err);
    CHECKF(rc == 0, "'%s': %s", text, err);
    if (rc == 0)
        tl_apply(p, a, NULL);
}

static void check_perft(const char *text, const uint64_t *want, int depths)
{
    talat p;
    if (!load(&p, text))
        return;
    tl_fcache *cache = calloc(1, sizeof *cache);
    for (int d = 1; d <= depths; d++) {
        uint64_t got = tl_perft(&p, d, d % 2 ? cache : NULL);
        CHECKF(got == want[d - 1], "perft %d of '%.40s...': %llu, want %llu", d, text, (unsigned long long)got,
               (unsigned long long)want[d - 1]);
    }
    free(cache);
}

static void perft_figures_of_the_page(void)
{
    check_perft("3 " EMPTY5 " " EMPTY5 " " EMPTY5 " p b -/-/-", (const uint64_t[]){ 90, 8100, 729000 }, 3);
    check_perft("2 " EMPTY5 " " EMPTY5 " " EMPTY5 " z b -/-/-", (const uint64_t[]){ 90, 6480, 362880 }, 3);
    check_perft(S3, (const uint64_t[]){ 23, 529, 12167, 262913, 5678861 }, 5);
    check_perft(S2, (const uint64_t[]){ 36, 1080, 37260, 1074050 }, 4);
    check_perft(POS_T, (const uint64_t[]){ 13, 129, 1042, 13227 }, 4);
    check_perft(POS_E, (const uint64_t[]){ 9, 14, 24, 233 }, 4);
    check_perft(POS_F, (const uint64_t[]){ 1, 6, 56, 44, 212 }, 5);
}

/* 28 capturing pairs; large never takes small; equal never; David. */
static void capture_table(void)
{
    REQUIRE(game());
    int pairs = 0;
    for (int a = 0; a < TL_TYPES; a++)
        for (int d = 0; d < TL_TYPES; d++)
            pairs += tl_beats[a] >> d & 1;
    CHECKF(pairs == 28, "%d capturing pairs", pairs);
    for (int a = 6; a < 9; a++)
        for (int d = 0; d < 3; d++)
            CHECKF(!(tl_beats[a] >> d & 1), "large %d takes small %d", a, d);
    for (int t = 0; t < TL_TYPES; t++)
        CHECKF(!(tl_beats[t] >> t & 1), "type %d takes itself", t);
    CHECK(tl_beats[0] >> 8 & 1);            /* 13 takes 36 */
    CHECK(!(tl_beats[8] >> 0 & 1));         /* 36 does not take 13 */
    CHECK(tl_beats[5] >> 0 & 1);            /* 26 takes 13: one height more */
    CHECK(tl_beats[3] >> 2 & 1);            /* 23 takes 16 */
    CHECK(tl_beats[2] >> 1 & 1);            /* 16 takes 14: more sides */
    CHECK(!(tl_beats[1] >> 2 & 1));         /* 14 does not take 16 */
}

/* A Black 23 with White towers it beats ahead, beside and diagonally
 * behind: only ahead and beside are captures. */
static void no_backward_capture(void)
{
    talat p;
    if (!load(&p, "3 ...../.w16.../..b23w13./..w14../..... " EMPTY5 " ....g13/...../...../...../..b14.. m b "
                  "w23w24w26w33w34w36/g14g16g23g24g26g33g34g36/b13b16b24b26b33b34b36"))
        return;
    /* b23 at c3 takes w14 ahead (c4) and w13 beside (d3), not w16
     * diagonally behind (b2) although 23 beats 16 */
    CHECK(legal_text(&p, "0c3xc4") && legal_text(&p, "0c3xd3"));
    CHECK(!legal_text(&p, "0c3xb2"));
    CHECK(legal_text(&p, "0c3-b4") && legal_text(&p, "0c3-d4") && !legal_text(&p, "0c3-c2"));
}

static void sideways_on_a_start_line(void)
{
    talat p;
    if (!load(&p, POS_T))
        return;
    CHECK(legal_text(&p, "0a5xb5")); /* b24 on White's line takes w23 beside it */
    CHECK(legal_text(&p, "0c4xd5")); /* David and Goliath */
    CHECK(legal_text(&p, "2c3xb2"));
    /* the tower on the opponent's line has no moves */
    game_action list[TL_MAX_ACTIONS];
    char t[GAME_ACTION_TEXT_MAX];
    int n = tl_legal(&p, list);
    CHECKF(n == 13, "T has %d actions", n);
    for (int i = 0; i < n; i++) {
        tl_action_to_text(&p, list[i], t, sizeof t);
        CHECKF(strncmp(t, "0a5-", 4), "%s", t);
    }
    int pts[3] = { tl_points(&p, 0), tl_points(&p, 1), tl_points(&p, 2) };
    CHECKF(pts[0] == 16 && pts[1] == 18 && pts[2] == 10, "T points %d/%d/%d", pts[0], pts[1], pts[2]);
    CHECK(p.frozen == 2); /* board 1 frozen */
    /* White, on its own start line (rank 5 of board 0, as seen from rank 1),
     * captures sideways there: w23 at b5 takes b16? no: only what it beats. */
}

/* E: 0c3-b4 freezes board 0 and ends the game 28/26/28; the tie-break
 * puts Black (best capture 36) above Grey (34); 0c3-d4 keeps it live. */
static void freezing_move_and_tie_break(void)
{
    talat p, q;
    if (!load(&p, POS_E))
        return;
    game_action list[TL_MAX_ACTIONS];
    CHECK(tl_legal(&p, list) == 9);
    CHECK(!(p.frozen & 1) && !tl_over(&p));
    q = p;
    play(&q, "0c3-b4");
    CHECK(q.frozen & 1);
    CHECK(tl_over(&q) && tl_legal(&q, list) == 0);
    int pts[3] = { tl_points(&q, 0), tl_points(&q, 1), tl_points(&q, 2) }, rk[GAME_MAX_PLAYERS];
    CHECKF(pts[0] == 28 && pts[1] == 26 && pts[2] == 28, "E points %d/%d/%d", pts[0], pts[1], pts[2]);
    tl_rank(&q, rk);
    CHECKF(rk[0] == 0 && rk[2] == 1 && rk[1] == 2, "ranks %d %d %d", rk[0], rk[1], rk[2]);
    q = p;
    play(&q, "0c3-c4");
    CHECK(tl_over(&q));
    q = p;
    play(&q, "0c3-d4");
    CHECK(!(q.frozen & 1) && !tl_over(&q));
}

/* Equal points and equal best captures share a rank. */
static void shared_rank(void)
{
    talat p;
    int rk[GAME_MAX_PLAYERS];
    /* 45/45/40, Black and White both hold a 36: they share first place */
    if (!load(&p, "3 ...../...../..w34../...../..... " EMPTY5 " " EMPTY5 " m b w36g13g14g16g23g24g26g33g34/"
                  "b13b14b16b23b24b26b33b34g36/b36w13w14w16w23w24w26w33"))
        return;
    CHECK(tl_over(&p));
    tl_rank(&p, rk);
    CHECKF(rk[0] == 0 && rk[1] == 0 && rk[2] == 2, "ranks %d %d %d", rk[0], rk[1], rk[2]);
    if (!load(&p, "3 ...../...../..w34../...../..... " EMPTY5 " " EMPTY5 " m b w33g13g14g16g23g24g26g33g34/"
                  "b13b14b16b23b24b26b33b34g36/b36w13w14w16w23w24w26w36"))
        return;
    tl_rank(&p, rk); /* 45/45/40: White's 36 beats Black's 34 */
    CHECKF(rk[1] == 0 && rk[0] == 1 && rk[2] == 2, "ranks %d %d %d", rk[0], rk[1], rk[2]);
}

/* Two towers that can only meet after several moves keep a board live;
 * two that have passed each other freeze it. */
static void live_and_frozen_boards(void)
{
    REQUIRE(game());
    uint8_t type[TL_SQ] = { 0 };
    /* Black 23 at a1, White 13 at e5: nothing can capture for a while */
    type[0] = 3, type[24] = 0;
    CHECK(tl_board_live(1u << 0, 1u << 24, type, NULL));
    /* Black 23 at a4, White 13 at e2: passed, frozen although 23 takes 13 */
    memset(type, 0, sizeof type);
    type[15] = 3, type[9] = 0;
    CHECK(!tl_board_live(1u << 15, 1u << 9, type, NULL));
    /* Black 23 at a1 behind its own 33 (a2) and 34 (b2); White 13 at a3,
     * blocked by nothing; a capture needs the blockers to move first:
     * 34 b2-c3, then 23 a1-b2 takes a3 diagonally: live */
    memset(type, 0, sizeof type);
    type[0] = 3, type[5] = 6, type[6] = 7, type[10] = 0;
    uint32_t black = 1u << 0 | 1u << 5 | 1u << 6;
    CHECK(tl_board_live(black, 1u << 10, type, NULL));
    /* no capturing pair at all: frozen at once */
    memset(type, 0, sizeof type);
    type[0] = 8, type[24] = 8;
    CHECK(!tl_board_live(1u << 0, 1u << 24, type, NULL));
}

/* Whether some tower of the board can capture now. */
static bool capture_now(const uint32_t o[2], const uint8_t *type)
{
    for (int s = 0; s < 2; s++)
        for (uint32_t m = o[s]; m; m &= m - 1) {
            int a = __builtin_ctz(m);
            for (uint32_t t = (tl_fwd[s][a] | tl_sideways[a]) & o[1 - s]; t; t &= t - 1)
                if (tl_beats[type[a]] >> type[__builtin_ctz(t)] & 1)
                    return true;
        }
    return false;
}

/* The shortcuts that settle most boards (no capturing pair, no pair that
 * can meet, one pair reaching a capture alone) give the exhaustive
 * search's answer, on random boards of 1 to 6 towers a side with no
 * capture at once (those are live before any shortcut). */
static void frozen_shortcuts_agree_with_search(void)
{
    REQUIRE(game());
    xoshiro256 r;
    xoshiro_seed(&r, 11);
    int live = 0, frozen = 0;
    for (int i = 0; i < 4000; i++) {
        uint32_t o[2] = { 0, 0 };
        uint8_t type[TL_SQ] = { 0 };
        for (int s = 0; s < 2; s++)
            for (int k = 1 + (int)xoshiro_below(&r, 6); k > 0;) {
                int sq = (int)xoshiro_below(&r, TL_SQ);
                if ((o[0] | o[1]) >> sq & 1)
                    continue;
                o[s] |= 1u << sq;
                type[sq] = (uint8_t)xoshiro_below(&r, TL_TYPES);
                k--;
            }
        if (capture_now(o, type)) {
            i--;
            continue;
        }
        bool fast = tl_board_live(o[0], o[1], type, NULL), slow = tl_board_live_searched(o[0], o[1], type);
        CHECKF(fast == slow, "board %d (%05x %05x): shortcuts say %s, the search %s", i, (unsigned)o[0],
               (unsigned)o[1], fast ? "live" : "frozen", slow ? "live" : "frozen");
        if (fast != slow)
            return;
        live += slow, frozen += !slow;
    }
    CHECKF(live > 500 && frozen > 500, "%d live, %d frozen: the boards test too little", live, frozen);
}

/* F: Black has nothing to do and passes; White acts next. */
static void forced_pass(void)
{
    talat p;
    if (!load(&p, POS_F))
        return;
    game_action list[TL_MAX_ACTIONS];
    CHECK(tl_legal(&p, list) == 1 && list[0] == TL_PASS);
    play(&p, "pass");
    CHECK(p.side == 1);
    char err[128];
    game_action a;
    CHECK(tl_action_from_text(&p, "pass", &a, err, sizeof err) == -1); /* no voluntary pass */
}

/* The Zihin: Black drives it on board 1, White on board 2; +3 for a driven
 * Zihin tower on the opponent's line, nothing on its own line. */
static void zihin_driving_and_scoring(void)
{
    talat p;
    if (!load(&p, S2))
        return;
    CHECK(legal_text(&p, "2a1-a2"));  /* White drives the Zihin on board 2 */
    CHECK(!legal_text(&p, "1a5-a4")); /* not on board 1 */
    game_action list[TL_MAX_ACTIONS];
    CHECK(tl_legal(&p, list) == 36);
    if (!load(&p, "2 " EMPTY5 " g13..../...../...../...../..g34.w16 ...../...../...../...../g14.... m b "
                  "w13w14w23w24w26w33w34w36g16g23/b13b14b16b23b24b26b33b34b36g24g26g33/-"))
        return;
    CHECK(tl_over(&p));
    /* Black: 10 captures + g13 on White's line (board 1 rank 1) = 53;
     * White: 12 captures + g14 on Black's line + w16 on the Zihin's = 66 */
    CHECKF(tl_points(&p, 0) == 53 && tl_points(&p, 1) == 66, "%d %d", tl_points(&p, 0), tl_points(&p, 1));
}

/* Placement order: three players rotate and seat 0 moves first; in the
 * Zihin game the humans place 8 Zihin towers, then their own, Black first
 * throughout, and White (the last placer) moves first. */
static void placement_order(void)
{
    talat p;
    char err[128];
    REQUIRE(game());
    REQUIRE(tl_setup(&p, "played", 2, 0, err, sizeof err) == 0);
    game_action list[TL_MAX_ACTIONS];
    for (int k = 0; k < 26; k++) {
        CHECKF(p.phase == (k < 8 ? TL_PHASE_ZIHIN : TL_PHASE_PLACE) && p.side == k % 2, "placement %d", k);
        int n = tl_legal(&p, list);
        CHECK(n > 0 && (list[0] & TL_PLACE_BIT));
        tl_apply(&p, list[n - 1], NULL);
    }
    CHECK(p.phase == TL_PHASE_MOVE && p.side == 1 && __builtin_popcount(p.unplaced[2]) == 1);
    REQUIRE(tl_setup(&p, "played", 3, 0, err, sizeof err) == 0);
    for (int k = 0; k < 27; k++) {
        CHECK(p.phase == TL_PHASE_PLACE && p.side == k % 3);
        tl_apply(&p, list[tl_legal(&p, list) / 2], NULL);
    }
    CHECK(p.phase == TL_PHASE_MOVE && p.side == 0);
}

static void texts_and_errors(void)
{
    talat p;
    char out[GAME_TEXT_MAX], err[256];
    const char *texts[] = { S3, S2, POS_T, POS_E, "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " p b -/-/-",
                            "2 " EMPTY5 " " EMPTY5 " " EMPTY5 " z b -/-/-" };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        if (load(&p, texts[i])) {
            CHECK(tl_to_text(&p, out, sizeof out) > 0);
            CHECKF(!strcmp(out, texts[i]), "'%s' prints '%s'", texts[i], out);
        }
    /* capture lists print in colour order b, w, g, then by type */
    if (load(&p, POS_F)) {
        tl_to_text(&p, out, sizeof out);
        CHECKF(strstr(out, " m b w14w23w26/b13b36g14g23/b23b26"), "%s", out);
    }
    static const struct { const char *text, *what; } bad[] = {
        { "4 " EMPTY5, "mode 2, 2h or 3 and a space at offset 0" },
        { "3 b13b13..../...../...../...../..... " EMPTY5 " " EMPTY5 " p w -/-/-", "duplicate tower at offset 5" },
        { "3 ...../b13..../...../...../..... " EMPTY5 " " EMPTY5 " p w -/-/-", "off its start line" },
        { "3 b13..../...../...../...../..... " EMPTY5 " " EMPTY5 " p b -/-/-", "side to act does not follow" },
        { "3 g13..../...../...../...../..... " EMPTY5 " " EMPTY5 " p w -/-/-", "no line on this board at offset 2" },
        { "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " m b -/-/-", "b has 0 towers" },
        { "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " p x -/-/-", "expected the side b, w or g" },
        { "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " q b -/-/-", "phase z, p or m" },
        { "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " p b -/-/- ", "unexpected text" },
        { "2 " EMPTY5 " " EMPTY5 " " EMPTY5 " p b -/-/-", "Zihin's 8 towers" },
        { "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " m b b13/-/-", "own tower in its capture list" },
        { "3 ...../..../...../...../..... " EMPTY5 " " EMPTY5 " p b -/-/-", "expected '.' or a tower like w23 at offset 12" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        CHECKF(tl_from_text(&p, bad[i].text, err, sizeof err) == -1 && strstr(err, bad[i].what) &&
                   strstr(err, "offset") && !strchr(err, '\n'),
               "'%s': '%s'", bad[i].text, err);
    }
    /* actions: case-insensitive, strict, legality checked */
    game_action a;
    if (load(&p, POS_T)) {
        CHECK(tl_action_from_text(&p, "0C4XD5", &a, err, sizeof err) == 0 && a == TL_MOVE(17, 23));
        CHECK(tl_action_from_text(&p, "0c4-d5", &a, err, sizeof err) == -1 && strstr(err, "written with 'x'"));
        CHECK(tl_action_from_text(&p, "0c4xd5 ", &a, err, sizeof err) == -1 && strstr(err, "offset 4"));
        CHECK(tl_action_from_text(&p, "0f4xd5", &a, err, sizeof err) == -1 && strstr(err, "offset 0"));
        CHECK(tl_action_from_text(&p, "0c4+d5", &a, err, sizeof err) == -1 && strstr(err, "offset 3"));
        CHECK(tl_action_from_text(&p, "1b3-b2", &a, err, sizeof err) == -1 && strstr(err, "not legal"));
        CHECK(tl_action_from_text(&p, "36@0c1", &a, err, sizeof err) == -1 && strstr(err, "not legal"));
    }
    if (load(&p, "3 " EMPTY5 " " EMPTY5 " " EMPTY5 " p b -/-/-")) {
        CHECK(tl_action_from_text(&p, "36@0c1", &a, err, sizeof err) == 0 && a == TL_PLACE(8, 2));
        CHECK(tl_action_from_text(&p, "36@0c2", &a, err, sizeof err) == -1); /* off the line */
        CHECK(tl_action_from_text(&p, "36@1c1", &a, err, sizeof err) == -1); /* White's line */
        CHECK(tl_action_from_text(&p, "35@0c1", &a, err, sizeof err) == -1 && strstr(err, "tower type"));
        CHECK(tl_action_from_text(&p, "36@2c5", &a, err, sizeof err) == 0);  /* Black's other line */
    }
}

/* Rotating the seats of S3 (a rotation-symmetric placement) changes only
 * the side to act; a reflection flips the ranks, and both undo. */
static void permute_rotates_seats(void)
{
    talat p, q;
    char a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    if (!load(&p, S3))
        return;
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 2, 0, 3 });
    tl_to_text(&p, a, sizeof a);
    tl_to_text(&q, b, sizeof b);
    a[strlen(a) - 7] = 'w';
    CHECKF(!strcmp(a, b), "'%s' vs '%s'", a, b);
    if (!load(&p, POS_T))
        return;
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 });
    game_action l1[TL_MAX_ACTIONS], l2[TL_MAX_ACTIONS];
    CHECK(tl_legal(&q, l2) == 0 || q.side == 1);
    CHECK(tl_points(&q, 1) == tl_points(&p, 0) && tl_points(&q, 0) == tl_points(&p, 1) &&
          tl_points(&q, 2) == tl_points(&p, 2));
    CHECK(__builtin_popcount(q.frozen) == __builtin_popcount(p.frozen));
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 });
    CHECK(!memcmp(&p, &q, sizeof p) && tl_legal(&p, l1) == 13);
}

/* random: every colour's towers on its own lines, one empty square each
 * (two and a left-out tower for the Zihin), movement begins; reproducible.
 * mirror: a rotation gives back the same boards.  played: empty. */
static void setups(void)
{
    talat p, q;
    char err[128], a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    REQUIRE(game());
    for (int players = 2; players <= 3; players++) {
        REQUIRE(tl_setup(&p, "random", players, 42, err, sizeof err) == 0);
        CHECK(p.phase == TL_PHASE_MOVE && p.side == (players == 3 ? 0 : 1) && p.turns == 0);
        for (int c = 0; c < 3; c++) {
            int on_line = 0, anywhere = 0;
            for (int bd = 0; bd < TL_BOARDS; bd++)
                for (int s = 0; s < 2; s++)
                    if (tl_colour(bd, s) == c) {
                        on_line += __builtin_popcount(p.occ[bd][s] & tl_line(s));
                        anywhere += __builtin_popcount(p.occ[bd][s]);
                    }
            int want = players == 2 && c == 2 ? 8 : 9;
            CHECKF(on_line == want && anywhere == want, "%d players colour %d: %d on lines", players, c, on_line);
        }
        REQUIRE(tl_setup(&q, "random", players, 42, err, sizeof err) == 0);
        CHECK(!memcmp(&p, &q, sizeof p));
        REQUIRE(tl_setup(&q, "random", players, 43, err, sizeof err) == 0);
        CHECK(memcmp(&p, &q, sizeof p) != 0);
        tl_to_text(&p, a, sizeof a);
        CHECK(tl_from_text(&q, a, err, sizeof err) == 0 && !memcmp(&p, &q, sizeof p));
        REQUIRE(tl_setup(&p, "played", players, 42, err, sizeof err) == 0);
        CHECK(p.phase == (players == 3 ? TL_PHASE_PLACE : TL_PHASE_ZIHIN) && !(p.occ[0][0] | p.occ[1][1]));
    }
    REQUIRE(tl_setup(&p, "mirror", 3, 7, err, sizeof err) == 0);
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 2, 0, 3 });
    CHECK(!memcmp(p.occ, q.occ, sizeof p.occ) && !memcmp(p.type, q.type, sizeof p.type));
    REQUIRE(tl_setup(&p, "mirror", 2, 7, err, sizeof err) == 0);
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 });
    tl_to_text(&p, a, sizeof a);
    tl_to_text(&q, b, sizeof b);
    CHECKF(!strncmp(a, b, 40), "'%s' vs '%s'", a, b); /* board 0 maps onto itself */
    CHECK(tl_setup(&p, "random", 4, 7, err, sizeof err) == -1 && strstr(err, "not 4"));
    CHECK(tl_setup(&p, "fixed", 3, 7, err, sizeof err) == -1 && strstr(err, "'fixed'"));
}

/* greedy and ab take the David-and-Goliath capture in T (a 36 for 5
 * points); ab's choice depends on the spec, state and seed alone. */
static void players_take_captures(void)
{
    const game_def *g = game();
    REQUIRE(g && g->player_kinds);
    talat p;
    if (!load(&p, POS_T))
        return;
    for (int k = 0; g->player_kinds[k]; k++) {
        const game_player_kind *kind = g->player_kinds[k];
        char canon[256], err[256];
        void *pl = kind->create(g, !strcmp(kind->name, "ab") ? "depth=2" : NULL, canon, sizeof canon, err, sizeof err);
        CHECKF(pl != NULL, "%s: %s", kind->name, err);
        if (!pl)
            continue;
        game_action a = kind->choose(pl, &p, 1), again = kind->choose(pl, &p, 1);
        char t[GAME_ACTION_TEXT_MAX];
        tl_action_to_text(&p, a, t, sizeof t);
        CHECKF(strchr(t, 'x') && a == again, "%s chose %s", kind->name, t);
        kind->destroy(pl);
    }
}

/* Issue 18, "Also": the Zihin game's line scoring read the other way.  A
 * Black tower on the Zihin's start line (board 2, rank 1) scores 3 under
 * the default reading (the Zihin is an opponent) and nothing under the
 * human-line one (only the human opponent's line scores); the reading is
 * the mode "2h" of the position string and the setups NAME-human-line. */
static void zihin_human_line_reading(void)
{
    static const char *const boards = " b13b24b36b23b16/...../...../...../w33w14.w26w34 "
                                       "w13w24w36w23w16/...../...../...../g33..g26g34 "
                                       "g13g24g36g23b34/...../...../...../b33b14.b26. m w -/g16/-";
    char text[512], out[GAME_TEXT_MAX], err[200];
    talat a, h;
    snprintf(text, sizeof text, "2%s", boards);
    REQUIRE(tl_from_text(&a, text, err, sizeof err) == 0);
    snprintf(text, sizeof text, "2h%s", boards);
    REQUIRE(tl_from_text(&h, text, err, sizeof err) == 0);
    CHECK(a.rules == 0 && h.rules == TL_RULE_HUMAN_LINE);
    CHECKF(tl_line_points(&a, 0) == 3 && tl_line_points(&h, 0) == 0, "%d %d", tl_line_points(&a, 0),
           tl_line_points(&h, 0));
    CHECK(tl_line_points(&a, 1) == tl_line_points(&h, 1) && tl_capture_points(&h, 1) == 5);
    CHECK(tl_to_text(&h, out, sizeof out) > 0 && !strcmp(out, text)); /* the reading round-trips */
    talat q = h;
    int swap[GAME_MAX_PLAYERS] = { 1, 0, 2, 3 };
    tl_permute(&q, swap);
    CHECK(q.rules == TL_RULE_HUMAN_LINE);
    /* setups: the Zihin game only; the same start as the default reading's */
    talat s, d;
    CHECK(tl_setup(&s, "random-human-line", 2, 9, err, sizeof err) == 0 && s.rules == TL_RULE_HUMAN_LINE);
    CHECK(tl_setup(&d, "random", 2, 9, err, sizeof err) == 0 && d.rules == 0);
    d.rules = TL_RULE_HUMAN_LINE;
    CHECK(!memcmp(&s, &d, sizeof s));
    CHECK(tl_setup(&s, "played-human-line", 3, 9, err, sizeof err) == -1 && strstr(err, "2 players"));
    CHECK(tl_from_text(&s, "3h ...", err, sizeof err) == -1);
}

const test_case tests_talat[] = {
    { "talat_perft_figures", perft_figures_of_the_page },
    { "talat_capture_table", capture_table },
    { "talat_no_backward_capture", no_backward_capture },
    { "talat_sideways_on_start_line", sideways_on_a_start_line },
    { "talat_freezing_move_and_tie_break", freezing_move_and_tie_break },
    { "talat_shared_rank", shared_rank },
    { "talat_live_and_frozen_boards", live_and_frozen_boards },
    { "talat_frozen_shortcuts_agree_with_search", frozen_shortcuts_agree_with_search },
    { "talat_forced_pass", forced_pass },
    { "talat_zihin", zihin_driving_and_scoring },
    { "talat_placement_order", placement_order },
    { "talat_texts", texts_and_errors },
    { "talat_permute", permute_rotates_seats },
    { "talat_setups", setups },
    { "talat_players", players_take_captures },
    { "talat_zihin_human_line_reading", zihin_human_line_reading },
    { NULL, NULL },
};
