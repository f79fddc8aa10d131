/* test_rules.c — every bullet of the rules page (../shared/rules/tzaar.md),
 * each on positions built by hand.  Properties of random games (make/unmake,
 * the incremental state, how games end) are in test_rules_props.c. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"

/* Builds a position from "E1=a E2=B3 ..." (point, '=', piece letter, optional
 * height) with pos_clear/pos_put/pos_finish.  Returns 0, or -1 on a typo. */
static int build(position *p, const char *spec, int side, int phase)
{
    tz_pos_clear(p);
    const char *s = spec;
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        int len = 0, pt = tz_geo_parse_label(s, &len);
        if (pt < 0 || s[len] != '=')
            return -1;
        s += len + 1;
        char letter = *s++;
        if (!letter || !strchr("abcABC", letter))
            return -1;
        int colour = isupper((unsigned char)letter) ? BLACK : WHITE;
        int type = tolower((unsigned char)letter) - 'a';
        int h = 1;
        if (isdigit((unsigned char)*s)) {
            h = 0;
            while (isdigit((unsigned char)*s))
                h = h * 10 + (*s++ - '0');
        }
        if (pos_colour_at(p, pt) >= 0 || h < 1 || h > 30)
            return -1;
        tz_pos_put(p, pt, colour, type, h);
    }
    tz_pos_finish(p, side, phase);
    return tz_pos_check(p) ? -1 : 0;
}

static int pt(const char *label)
{
    int len = 0;
    return tz_geo_parse_label(label, &len);
}

/* 1 when the action written in rules-page notation is one of tz_gen_actions(p). */
static int legal(const position *p, const char *text)
{
    action a;
    char err[200];
    if (tz_action_from_text(p, text, &a, err, sizeof err))
        return -1; /* a typo in the test: never equal to 0 or 1 */
    return tz_action_is_legal(p, a);
}

/* Applies a legal action given in notation; returns 0, or -1 if it is not legal. */
static int play(position *p, const char *text)
{
    action a;
    char err[200];
    undo u;
    if (tz_action_parse_legal(p, text, &a, err, sizeof err))
        return -1;
    pos_make(p, a, &u);
    return 0;
}

/* Number of legal actions starting at point `from` (any kind but pass). */
static int actions_from(const position *p, int from)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list), k = 0;
    for (int i = 0; i < n; i++)
        if (act_kind(list[i]) != ACT_PASS && act_kind(list[i]) != ACT_PLACE && act_from(list[i]) == from)
            k++;
    return k;
}

static int count_kind(const position *p, int kind)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list), k = 0;
    for (int i = 0; i < n; i++)
        k += act_kind(list[i]) == kind;
    return k;
}

static int pieces(const position *p, int colour)
{
    int n = 0;
    for (bitboard b = p->occ[colour]; b; b &= b - 1)
        n += p->height[__builtin_ctzll(b)];
    return n;
}

/* Fillers give each colour all three types on top, far from the action in
 * columns A-C; White's are single pieces, Black's are height 2, so White's
 * fillers can never capture Black's. */
#define WF " I5=a I4=b I3=c"
#define BF " H6=A2 H5=B2 H4=C2"

static void test_hole_blocks(void)
{
    position p;
    /* E4 and E6 face each other across the hole; D5 and F4 too. */
    REQUIRE(build(&p, "E4=c E6=C E7=A D5=b F4=B" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "E4xE6") == 0);
    CHECK(legal(&p, "E4xE7") == 0);
    CHECK(legal(&p, "D5xF4") == 0);
    /* in the second action not even a stack crosses it */
    REQUIRE(build(&p, "E4=c E6=c D5=b F4=b" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "E4+E6") == 0);
    CHECK(legal(&p, "E6+E4") == 0);
    CHECK(legal(&p, "D5+F4") == 0);
    CHECK(legal(&p, "F4+D5") == 0);
    /* the same pieces one step off the line through the hole do interact */
    REQUIRE(build(&p, "E4=c E3=C" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "E4xE3") == 1);
    /* a capture across the hole is White's only "capture": none exists, so
     * White, to start a turn, loses */
    REQUIRE(build(&p, "E4=c E3=a E2=b E6=C E7=A2 E8=B2", WHITE, PHASE_FIRST) == 0);
    int ending;
    CHECK(!tz_has_capture(&p));
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_NO_CAPTURE);
}

static void test_moves_over_empty_points(void)
{
    position p;
    /* C1 sees C6 over four empty points */
    REQUIRE(build(&p, "C1=c C6=B C7=A" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C1xC6") == 1);
    CHECK(legal(&p, "C1xC7") == 0); /* beyond the first occupied point */
    for (int r = 2; r <= 5; r++) {   /* never lands on an empty point */
        char a[16];
        snprintf(a, sizeof a, "C1xC%d", r);
        CHECK(legal(&p, a) == 0);
    }
    /* the first occupied point is the target, not a later one */
    REQUIRE(build(&p, "C1=c C4=A C6=B" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C1xC4") == 1);
    CHECK(legal(&p, "C1xC6") == 0);
    /* adjacent: zero empty points */
    REQUIRE(build(&p, "C1=c C2=A" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C1xC2") == 1);
    /* along a row, not only a column: A3 over B3 to C3, and A3 over B4 to C5 */
    REQUIRE(build(&p, "A3=c C3=C C5=A" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "A3xC3") == 1);
    CHECK(legal(&p, "A3xC5") == 1);
    /* a lone stack with nothing on any of its lines has no action */
    REQUIRE(build(&p, "A1=c" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(actions_from(&p, pt("A1")) == 0);
}

static void test_never_jumps(void)
{
    position p;
    /* an own stack in between: no capture beyond it; stacking onto it is the
     * only action along that line (second action) */
    REQUIRE(build(&p, "C1=c C3=a C5=B" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "C1xC5") == 0);
    CHECK(legal(&p, "C1+C3") == 1);
    CHECK(legal(&p, "C3xC5") == 1);
    /* an enemy stack too tall to capture still blocks the line */
    REQUIRE(build(&p, "C1=c C3=B2 C5=A" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C1xC3") == 0);
    CHECK(legal(&p, "C1xC5") == 0);
    /* nor can a stack jump over an enemy to reach an own stack */
    REQUIRE(build(&p, "C1=c2 C3=B C5=a" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "C1+C5") == 0);
    CHECK(legal(&p, "C1xC3") == 1);
}

static void test_capture_height(void)
{
    position p;
    char spec[160];
    static const char wl[] = "abc", bl[] = "ABC";
    /* every pair of types, equal heights 1..3: the type never matters */
    for (int h = 1; h <= 3; h++)
        for (int mt = 0; mt < 3; mt++)
            for (int vt = 0; vt < 3; vt++) {
                snprintf(spec, sizeof spec, "C1=%c%d C3=%c%d" WF BF, wl[mt], h, bl[vt], h);
                REQUIRE(build(&p, spec, WHITE, PHASE_FIRST) == 0);
                CHECKF(legal(&p, "C1xC3") == 1, "equal height %d, %c takes %c", h, wl[mt], bl[vt]);
                /* smaller: captured */
                snprintf(spec, sizeof spec, "C1=%c%d C3=%c%d" WF BF, wl[mt], h + 1, bl[vt], h);
                REQUIRE(build(&p, spec, WHITE, PHASE_FIRST) == 0);
                CHECKF(legal(&p, "C1xC3") == 1, "%c%d takes %c%d", wl[mt], h + 1, bl[vt], h);
                /* taller: cannot be captured */
                snprintf(spec, sizeof spec, "C1=%c%d C3=%c%d" WF BF, wl[mt], h, bl[vt], h + 1);
                REQUIRE(build(&p, spec, WHITE, PHASE_FIRST) == 0);
                CHECKF(legal(&p, "C1xC3") == 0, "%c%d must not take %c%d", wl[mt], h, bl[vt], h + 1);
            }
    /* Black captures the same way */
    REQUIRE(build(&p, "C1=c2 C3=A2 C5=b3" WF BF, BLACK, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C3xC1") == 1);
    CHECK(legal(&p, "C3xC5") == 0);
    /* a tall stack captures a single piece: 7 > 1 */
    REQUIRE(build(&p, "C1=c7 C7=A" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(legal(&p, "C1xC7") == 1);
}

static void test_capture_result(void)
{
    position p;
    REQUIRE(build(&p, "C1=b2 C3=A2 C4=C" WF BF, WHITE, PHASE_FIRST) == 0);
    int black_stacks = __builtin_popcountll(p.occ[BLACK]), black_pieces = pieces(&p, BLACK);
    int white_pieces = pieces(&p, WHITE);
    REQUIRE(play(&p, "C1xC3") == 0);
    int c1 = pt("C1"), c3 = pt("C3");
    CHECK(pos_colour_at(&p, c1) == -1 && p.height[c1] == 0);    /* the whole stack moved */
    CHECK(pos_colour_at(&p, c3) == WHITE);                       /* the mover takes the point */
    CHECK(p.height[c3] == 2);                                    /* its height does not change */
    CHECK(p.type[c3] == TZARRA);                                 /* nor its type */
    CHECK(__builtin_popcountll(p.occ[BLACK]) == black_stacks - 1); /* the enemy stack left */
    CHECK(pieces(&p, BLACK) == black_pieces - 2);
    CHECK(pieces(&p, WHITE) == white_pieces);
    CHECK(p.side == WHITE && p.phase == PHASE_SECOND);
    CHECK(tz_pos_check(&p) == NULL);
    /* the captured stack is gone: from C3 the next enemy up the column is C4 */
    CHECK(legal(&p, "C3xC4") == 1);
}

static void test_stacking(void)
{
    position p;
    /* sums heights and takes the mover's type */
    REQUIRE(build(&p, "C1=a2 C3=c3 C5=c" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "C1+C3") == 1);
    REQUIRE(play(&p, "C1+C3") == 0);
    int c1 = pt("C1"), c3 = pt("C3");
    CHECK(p.height[c1] == 0 && pos_colour_at(&p, c1) == -1);
    CHECK(pos_colour_at(&p, c3) == WHITE && p.height[c3] == 5 && p.type[c3] == TZAAR);
    CHECK(p.side == BLACK && p.phase == PHASE_FIRST);
    CHECK(p.winner == -1); /* White still has a Tzaar, a Tzarra and a Tott on top */
    CHECK(tz_pos_check(&p) == NULL);

    /* any height onto any own stack: tall onto short, short onto tall, equal
     * types, and heights beyond any single supply line */
    static const struct { const char *spec, *act; int to_h, to_t; } cases[] = {
        { "C1=c9 C2=b" WF BF, "C1+C2", 10, TOTT },
        { "C1=c C2=b9" WF BF, "C1+C2", 10, TOTT },
        { "C1=c C2=c" WF BF, "C1+C2", 2, TOTT },
        { "C1=b13 C7=c12 A1=c" WF BF, "C1+C7", 25, TZARRA },
        { "C1=a2 C7=b" WF BF, "C7+C1", 3, TZARRA },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        REQUIRE(build(&p, cases[i].spec, WHITE, PHASE_SECOND) == 0);
        int to = pt(cases[i].act + 3);
        CHECKF(play(&p, cases[i].act) == 0, "%s in %s", cases[i].act, cases[i].spec);
        CHECKF(p.height[to] == cases[i].to_h && p.type[to] == cases[i].to_t, "%s: height %d type %d",
               cases[i].act, p.height[to], p.type[to]);
        CHECK(tz_pos_check(&p) == NULL);
    }
    /* Black stacks too */
    REQUIRE(build(&p, "C1=C C2=A3" WF BF, BLACK, PHASE_SECOND) == 0);
    REQUIRE(play(&p, "C2+C1") == 0);
    CHECK(pos_colour_at(&p, pt("C1")) == BLACK && p.height[pt("C1")] == 4 && p.type[pt("C1")] == TZAAR);
    /* onto an enemy stack is a capture, never a stack */
    REQUIRE(build(&p, "C1=c C2=A" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "C1+C2") == 0);
    CHECK(legal(&p, "C1xC2") == 1);
    /* onto an own stack is a stack, never a capture */
    REQUIRE(build(&p, "C1=c C2=a" WF BF, WHITE, PHASE_SECOND) == 0);
    CHECK(legal(&p, "C1xC2") == 0);
}

static void test_opening_turn(void)
{
    position p, q;
    tz_setup_fixed(&p);
    REQUIRE(p.side == WHITE && p.phase == PHASE_OPENING);
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(&p, list);
    CHECKF(n == 42, "opening actions %d", n);
    for (int i = 0; i < n; i++) {
        CHECK(act_kind(list[i]) == ACT_CAPTURE);
        undo u;
        q = p;
        pos_make(&q, list[i], &u);
        /* one action, then Black's first action */
        CHECK(q.side == BLACK && q.phase == PHASE_FIRST);
        CHECK(q.winner == -1);
    }
    /* random setups too: all captures, then Black */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tz_setup_random(&p, seed);
        n = tz_gen_actions(&p, list);
        CHECK(n > 0);
        for (int i = 0; i < n; i++)
            CHECK(act_kind(list[i]) == ACT_CAPTURE);
        undo u;
        pos_make(&p, list[0], &u);
        CHECK(p.side == BLACK && p.phase == PHASE_FIRST);
    }
    /* a pass or a stack is no opening action even where a stack is possible */
    tz_setup_fixed(&p);
    CHECK(!tz_action_is_legal(&p, ACTION_PASS));
    CHECK(legal(&p, "A5+B5") == 0); /* A5 and B5... */
    CHECK(legal(&p, "B1+C1") == 0); /* ...and B1, C1 are White neighbours */
}

static void test_first_action_captures_only(void)
{
    position p;
    /* own neighbours everywhere, so stacks would exist in the second action */
    REQUIRE(build(&p, "C1=c C2=a C3=A C4=b" WF BF, WHITE, PHASE_FIRST) == 0);
    CHECK(count_kind(&p, ACT_STACK) == 0);
    CHECK(count_kind(&p, ACT_PASS) == 0);
    CHECK(count_kind(&p, ACT_CAPTURE) > 0);
    CHECK(legal(&p, "C1+C2") == 0);
    CHECK(legal(&p, "pass") == 0);
    CHECK(legal(&p, "C2xC3") == 1);
    position q = p;
    q.phase = PHASE_SECOND;
    q.hash = tz_pos_hash_full(&q);
    CHECK(legal(&q, "C1+C2") == 1);
    CHECK(legal(&q, "pass") == 1);
    /* a capture starts the turn; the same side then has its second action */
    REQUIRE(play(&p, "C2xC3") == 0);
    CHECK(p.side == WHITE && p.phase == PHASE_SECOND);
}

static void test_second_action(void)
{
    position p;
    REQUIRE(build(&p, "C1=c C2=a C3=A C5=B" WF BF, WHITE, PHASE_SECOND) == 0);
    /* pass, a stack and a second capture are all available */
    CHECK(count_kind(&p, ACT_PASS) == 1);
    CHECK(legal(&p, "pass") == 1);
    CHECK(legal(&p, "C1+C2") == 1);
    CHECK(legal(&p, "C2xC3") == 1);
    position q = p;
    REQUIRE(play(&q, "pass") == 0);
    CHECK(q.side == BLACK && q.phase == PHASE_FIRST);
    CHECK(pieces(&q, WHITE) == pieces(&p, WHITE) && pieces(&q, BLACK) == pieces(&p, BLACK));
    CHECK(q.occ[WHITE] == p.occ[WHITE] && q.occ[BLACK] == p.occ[BLACK]);
    q = p;
    REQUIRE(play(&q, "C2xC3") == 0); /* second capture */
    CHECK(q.side == BLACK && q.phase == PHASE_FIRST);
    q = p;
    REQUIRE(play(&q, "C1+C2") == 0);
    CHECK(q.side == BLACK && q.phase == PHASE_FIRST);
    /* whole turns: Black captures, then acts again, then it is White's turn */
    REQUIRE(build(&p, "C1=c C2=A C4=b A1=B" WF BF, BLACK, PHASE_FIRST) == 0);
    REQUIRE(play(&p, "C2xC1") == 0);
    CHECK(p.side == BLACK && p.phase == PHASE_SECOND);
    REQUIRE(play(&p, "pass") == 0);
    CHECK(p.side == WHITE && p.phase == PHASE_FIRST);
    /* a pass only ever appears as the last action of gen_actions in phase 2 */
    position f;
    tz_setup_fixed(&f);
    CHECK(!tz_action_is_legal(&f, ACTION_PASS));
}

static void test_trinity_after_capture(void)
{
    position p;
    int ending;
    /* C2 is Black's only Tzaar: capturing it as the first action ends the game */
    REQUIRE(build(&p, "C1=c C2=A C3=b C5=B H4=C2" WF, WHITE, PHASE_FIRST) == 0);
    CHECK(p.count[BLACK][TZAAR] == 1);
    CHECK(tz_game_winner(&p, &ending) == -1 && ending == END_NONE);
    REQUIRE(play(&p, "C1xC2") == 0);
    CHECK(tz_game_winner(&p, &ending) == WHITE);
    CHECK(ending == END_TRINITY);
    action list[MAX_ACTIONS];
    CHECK(tz_gen_actions(&p, list) == 0); /* the second action is not played */
    CHECK(legal(&p, "pass") == 0);
    CHECK(legal(&p, "C3xC5") == 0);
    /* a second-action capture ends it the same way */
    REQUIRE(build(&p, "C1=c C2=A C3=b C5=B H4=C2" WF, WHITE, PHASE_SECOND) == 0);
    REQUIRE(play(&p, "C1xC2") == 0);
    CHECK(tz_game_winner(&p, &ending) == WHITE && ending == END_TRINITY);
    CHECK(tz_gen_actions(&p, list) == 0);
    /* a capture that leaves the opponent another stack of the type goes on */
    position f;
    REQUIRE(tz_pos_from_text(&f, "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0", NULL, 0) == 0);
    /* Black loses a Tzaar: the fixed setup has six, so the game goes on */
    undo u;
    pos_make(&f, act_make(pt("C5"), pt("C4"), ACT_CAPTURE), &u);
    CHECK(tz_game_winner(&f, &ending) == -1);
    /* Black's capture of White's last Tott on its first action */
    REQUIRE(build(&p, "C1=c C2=A C3=b I5=a I4=b" BF, BLACK, PHASE_FIRST) == 0);
    REQUIRE(play(&p, "C2xC1") == 0);
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_TRINITY);
    CHECK(p.winner == BLACK);
}

static void test_trinity_tops_only(void)
{
    position p;
    int ending;
    /* Hand-written position string: White a b c on A5 A4 A3; Black has a
     * Tzarra stack of 3 and a Tott stack of 2 (with buried pieces that may be
     * Tzaars) but no Tzaar on top: Black has already lost. */
    static const char s1[] = "abc.." "......" "......." "........" "B3C2......"
                             "........" "......." "......" "..... b 1";
    char err[200];
    REQUIRE(tz_pos_from_text(&p, s1, err, sizeof err) == 0);
    CHECK(tz_game_winner(&p, &ending) == WHITE && ending == END_TRINITY);
    action list[MAX_ACTIONS];
    CHECK(tz_gen_actions(&p, list) == 0);
    /* The same for White: a Tzarra on top of a stack of 5 does not make the
     * Tzaars below it count. */
    static const char s2[] = "b5c..." "......" "......." "........" "ABC....."
                             "........" "......." "......" "..... w 1";
    REQUIRE(tz_pos_from_text(&p, s2, err, sizeof err) == 0);
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_TRINITY);
    CHECK(tz_gen_actions(&p, list) == 0);

    /* In play: Black's D2 is a Tzarra on top of two pieces (say, Tzaars).
     * White takes Black's only Tzaar on top: trinity loss, buried Tzaars
     * notwithstanding. */
    REQUIRE(build(&p, "C1=c C2=A D2=B3 D5=C2" WF, WHITE, PHASE_FIRST) == 0);
    CHECK(tz_game_winner(&p, NULL) == -1);
    REQUIRE(play(&p, "C1xC2") == 0);
    CHECK(tz_game_winner(&p, &ending) == WHITE && ending == END_TRINITY);
    /* Conversely a type that is on top anywhere counts, whatever is below. */
    REQUIRE(build(&p, "C1=c C2=A C7=A5 D2=B3 D5=C2" WF, WHITE, PHASE_FIRST) == 0);
    REQUIRE(play(&p, "C1xC2") == 0);
    CHECK(tz_game_winner(&p, NULL) == -1);
}

static void test_self_burial(void)
{
    position p;
    int ending;
    /* White's only Tzaar is C1, its only Tott C2; Tzarras on C4, I4. */
    static const char spec[] = "C1=a C2=c C4=b I4=b" BF;
    REQUIRE(build(&p, spec, WHITE, PHASE_SECOND) == 0);
    CHECK(tz_game_winner(&p, NULL) == -1);
    /* C2 onto C1 buries the only Tzaar; C1 onto C2 buries the only Tott:
     * both are listed as legal and both lose at once */
    const char *loses[] = { "C2+C1", "C1+C2" };
    for (int i = 0; i < 2; i++) {
        REQUIRE(build(&p, spec, WHITE, PHASE_SECOND) == 0);
        CHECKF(legal(&p, loses[i]) == 1, "%s not listed", loses[i]);
        REQUIRE(play(&p, loses[i]) == 0);
        CHECKF(tz_game_winner(&p, &ending) == BLACK && ending == END_TRINITY, "%s", loses[i]);
        action list[MAX_ACTIONS];
        CHECK(tz_gen_actions(&p, list) == 0);
        CHECK(tz_pos_check(&p) == NULL);
    }
    /* Burying one Tzarra of two does not lose */
    REQUIRE(build(&p, spec, WHITE, PHASE_SECOND) == 0);
    REQUIRE(play(&p, "C2+C4") == 0); /* C2 (Tott) onto C4 (Tzarra): Tott on top, I4 still a Tzarra */
    CHECK(tz_game_winner(&p, NULL) == -1);
    CHECK(p.side == BLACK && p.phase == PHASE_FIRST);
    /* Black's self-burial: Black loses, White wins */
    REQUIRE(build(&p, "C1=A C2=C C4=B" WF, BLACK, PHASE_SECOND) == 0);
    REQUIRE(play(&p, "C1+C2") == 0);
    CHECK(tz_game_winner(&p, &ending) == WHITE && ending == END_TRINITY);
}

static void test_no_capture(void)
{
    position p;
    int ending;
    action list[MAX_ACTIONS];
    /* White's stacks are all single pieces, Black's all height 2: White has
     * no capture at all; stacks are there. */
    static const char spec[] = "C1=c C2=a C3=C2 C4=b A1=A2 A2=B2 I5=a I4=b I3=c H6=C2";
    REQUIRE(build(&p, spec, WHITE, PHASE_FIRST) == 0);
    CHECK(!tz_has_capture(&p));
    CHECK(tz_gen_actions(&p, list) == 0);
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_NO_CAPTURE);
    REQUIRE(build(&p, spec, WHITE, PHASE_OPENING) == 0);
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_NO_CAPTURE);
    /* as the second action it is no loss: pass (and stacks) remain */
    REQUIRE(build(&p, spec, WHITE, PHASE_SECOND) == 0);
    CHECK(tz_game_winner(&p, &ending) == -1 && ending == END_NONE);
    CHECK(count_kind(&p, ACT_CAPTURE) == 0);
    CHECK(count_kind(&p, ACT_PASS) == 1);
    CHECK(count_kind(&p, ACT_STACK) > 0);
    REQUIRE(play(&p, "pass") == 0);
    CHECK(tz_game_winner(&p, NULL) == -1); /* Black has captures */
    /* Black's turn ends leaving White without a capture: White loses */
    REQUIRE(build(&p, spec, BLACK, PHASE_SECOND) == 0);
    CHECK(tz_game_winner(&p, NULL) == -1);
    REQUIRE(play(&p, "pass") == 0);
    CHECK(tz_game_winner(&p, &ending) == BLACK && ending == END_NO_CAPTURE);
    CHECK(tz_gen_actions(&p, list) == 0);
}

static void test_placement(void)
{
    position p;
    action list[MAX_ACTIONS];
    char err[200];
    tz_setup_tournament(&p);
    CHECK(p.side == WHITE && p.phase == PHASE_PLACE); /* White places first */
    int n = tz_gen_actions(&p, list);
    CHECKF(n == 180, "placements on an empty board: %d", n);
    for (int i = 0; i < n; i++)
        CHECK(act_kind(list[i]) == ACT_PLACE);
    action a;
    CHECK(tz_action_from_text(&p, "B@E6", &a, err, sizeof err) == -1); /* Black's piece, White's turn */
    CHECK(tz_action_parse_legal(&p, "b@E6", &a, err, sizeof err) == 0);
    undo u;
    pos_make(&p, a, &u);
    int e6 = pt("E6");
    CHECK(pos_colour_at(&p, e6) == WHITE && p.type[e6] == TZARRA && p.height[e6] == 1);
    CHECK(p.side == BLACK && p.phase == PHASE_PLACE); /* then Black */
    CHECK(p.reserve[WHITE][TZARRA] == 8 && p.reserve[BLACK][TZARRA] == 9);
    CHECK(legal(&p, "B@E6") == 0); /* only empty points */
    CHECK(tz_action_from_text(&p, "b@E7", &a, err, sizeof err) == -1); /* only own pieces */
    n = tz_gen_actions(&p, list);
    CHECKF(n == 59 * 3, "Black's placements %d", n);
    CHECK(legal(&p, "B@E7") == 1 && legal(&p, "A@E7") == 1 && legal(&p, "C@E7") == 1);

    /* a type runs out: White has placed all 6 Tzaars */
    static const char six[] = "aaaaaaBBBBBB" "........................................"
                              "........ w p";
    REQUIRE(tz_pos_from_text(&p, six, err, sizeof err) == 0);
    n = tz_gen_actions(&p, list);
    CHECKF(n == 48 * 2, "placements without Tzaars: %d", n);
    for (int i = 0; i < n; i++)
        CHECK(act_from(list[i]) != TZAAR);
    CHECK(legal(&p, "a@E6") == 0);
    CHECK(legal(&p, "b@E6") == 1);

    /* Random placement games: alternate, own pieces, any remaining type, empty
     * points; after 60 pieces White opens. */
    xoshiro256 rng;
    xoshiro_seed(&rng, 0x91ace);
    for (int game = 0; game < 30; game++) {
        tz_setup_tournament(&p);
        for (int k = 0; k < 60; k++) {
            REQUIRE(p.phase == PHASE_PLACE);
            CHECK(p.side == (k % 2 ? BLACK : WHITE));
            int types = 0;
            for (int t = 0; t < 3; t++)
                types += p.reserve[p.side][t] > 0;
            n = tz_gen_actions(&p, list);
            CHECKF(n == (60 - k) * types, "placement %d: %d actions, %d empty, %d types", k, n, 60 - k, types);
            for (int i = 0; i < n; i++) {
                CHECK(act_kind(list[i]) == ACT_PLACE);
                CHECK(pos_colour_at(&p, act_to(list[i])) == -1);
                CHECK(p.reserve[p.side][act_from(list[i])] > 0);
            }
            REQUIRE(n > 0);
            int side = p.side;
            a = list[xoshiro_below(&rng, (uint64_t)n)];
            pos_make(&p, a, &u);
            CHECK(pos_colour_at(&p, act_to(a)) == side && p.type[act_to(a)] == act_from(a));
            CHECK(p.winner == -1);
        }
        CHECK(p.phase == PHASE_OPENING && p.side == WHITE);
        for (int c = 0; c < 2; c++) {
            CHECK(__builtin_popcountll(p.occ[c]) == 30);
            for (int t = 0; t < 3; t++)
                CHECK(p.count[c][t] == tz_piece_supply[t] && p.reserve[c][t] == 0);
        }
        n = tz_gen_actions(&p, list);
        for (int i = 0; i < n; i++)
            CHECK(act_kind(list[i]) == ACT_CAPTURE);
        CHECK(tz_pos_check(&p) == NULL);
    }
}

const test_case tests_rules[] = {
    { "rules_hole_blocks", test_hole_blocks },
    { "rules_moves_over_empty_points", test_moves_over_empty_points },
    { "rules_never_jumps", test_never_jumps },
    { "rules_capture_height", test_capture_height },
    { "rules_capture_result", test_capture_result },
    { "rules_stacking", test_stacking },
    { "rules_opening_turn", test_opening_turn },
    { "rules_first_action_captures_only", test_first_action_captures_only },
    { "rules_second_action", test_second_action },
    { "rules_trinity_after_capture", test_trinity_after_capture },
    { "rules_trinity_tops_only", test_trinity_tops_only },
    { "rules_self_burial", test_self_burial },
    { "rules_no_capture", test_no_capture },
    { "rules_placement", test_placement },
    { NULL, NULL },
};
