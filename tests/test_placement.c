/* test_placement.c — the placement policies of greedy and ab (place=,
 * engine/tzaar/placement.h): the default places exactly as before the
 * option existed (sequences pinned from the code before it), every policy
 * completes legal tournament games, seeds reproduce and vary the
 * placements, search is an exact two-ply minimax that sees a reply one ply
 * cannot, soft follows its temperature, symmetric positions are placed
 * alike, and the option's spec text and errors. */
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/placement.h"
#include "engine/tzaar/player.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/symmetry.h"

/* Places a whole tournament start with pl on both sides (placement k gets
 * seed_mix(seed, k), as a game's actions do), every placement checked
 * legal; writes the first `show` placements' text into seq and returns the
 * start's position string in board. */
static void place_all(player *pl, uint64_t seed, int show, char *seq, size_t n, char board[POS_TEXT_MAX])
{
    position p;
    tz_setup_tournament(&p);
    *seq = 0;
    for (int k = 0; p.phase == PHASE_PLACE; k++) {
        action a = tz_player_choose(pl, &p, seed_mix(seed, (uint64_t)k), NULL);
        if (!tz_action_is_legal(&p, a) || act_kind(a) != ACT_PLACE) {
            check_fail(__FILE__, __LINE__, "'%s': placement %d is not a legal placement", tz_player_spec(pl), k);
            return;
        }
        char t[ACTION_TEXT_MAX];
        tz_action_to_text(a, p.side, t);
        if (k < show && strlen(seq) + strlen(t) + 2 < n)
            strcat(strcat(seq, *seq ? " " : ""), t);
        undo u;
        pos_make(&p, a, &u);
    }
    tz_pos_to_text(&p, board, POS_TEXT_MAX);
}

/* Written by the one-ply placement before place= existed (commit f71dd9f),
 * through this same loop: the default must go on placing exactly so. */
static void default_places_as_before(void)
{
    static const struct {
        const char *spec;
        uint64_t seed;
        const char *first, *board;
    } pinned[] = {
        { "greedy:weights=data/weights/handset.txt", 1, "a@F3 A@D5 a@D6 A@C3 b@E4 B@G5 b@G3 B@G4 c@F1 C@I2 c@H3 C@I5",
          "ABCCBbCcAccCaBbACbccaAAaBCCabBbCbccaAbbaCcCcBBbccBcCcCcCCBCc w 0" },
        { "ab:depth=2,weights=data/weights/handset.txt", 2, "a@E4 A@G5 a@E7 A@G3 b@D4 B@F5 b@F6 B@H3 c@C5 C@H5 c@H6 C@I1",
          "cCcbcbCCcBcBbccaCbBCaabbcCbBaBaBCAccbBAacAcCAbACCcCCBBCccACC w 0" },
        { "ab:depth=1,weights=data/weights/tuned-ab2.txt", 1,
          "b@A4 B@C1 b@A1 B@G2 b@D7 B@F2 b@C7 B@D2 b@I5 B@I4 b@E2 B@H1",
          "CbCAbBACAaCbccCCaBabCcccBacbCCCCbBbccCcCBaAAccCBacCccABbBcbB w 0" },
    };
    char err[256], seq[128], board[POS_TEXT_MAX];
    for (size_t i = 0; i < sizeof pinned / sizeof *pinned; i++)
        for (int explicit = 0; explicit < 2; explicit++) {
            char spec[128];
            snprintf(spec, sizeof spec, "%s%s", pinned[i].spec,
                     !explicit ? "" : strchr(pinned[i].spec, ':') ? ",place=eval" : ":place=eval");
            player *pl = tz_player_new(spec, err, sizeof err);
            CHECKF(pl, "'%s': %s", spec, err);
            if (!pl)
                continue;
            place_all(pl, pinned[i].seed, 12, seq, sizeof seq, board);
            CHECKF(!strcmp(seq, pinned[i].first), "'%s': %s", spec, seq);
            CHECKF(!strcmp(board, pinned[i].board), "'%s': %s", spec, board);
            tz_player_free(pl);
        }
}

static void expect_error(const char *spec, const char *want)
{
    char err[512] = "";
    player *pl = tz_player_new(spec, err, sizeof err);
    CHECKF(pl == NULL, "accepted '%s'", spec);
    tz_player_free(pl);
    CHECKF(strstr(err, want) != NULL && !strchr(err, '\n'), "'%s': error '%s' lacks '%s'", spec, err, want);
}

/* place= is written only when not the default, so every spec of before
 * keeps its text; ptemp= always with place=soft. */
static void spec_text_and_errors(void)
{
    static const char *const same[][2] = {
        { "ab", "ab:depth=4,noise=0,tt=16" },
        { "ab:place=eval", "ab:depth=4,noise=0,tt=16" },
        { "greedy:place=eval", "greedy" },
        { "ab:place=search,depth=2", "ab:depth=2,noise=0,place=search,tt=16" },
        { "ab:ties=1,place=random,depth=2", "ab:depth=2,noise=0,place=random,ties=1,tt=16" },
        { "greedy:place=soft", "greedy:place=soft,ptemp=50" },
        { "greedy:ptemp=12.5,place=soft", "greedy:place=soft,ptemp=12.5" },
        { "ab:place=soft,ptemp=0.1,depth=1", "ab:depth=1,noise=0,place=soft,ptemp=0.1,tt=16" },
        { "greedy:place=search,weights=data/weights/handset.txt",
          "greedy:place=search,wcrc=87124ae8,weights=data/weights/handset.txt" },
    };
    char err[256], out[256];
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        player *pl = tz_player_new(same[i][0], err, sizeof err);
        CHECKF(pl && !strcmp(tz_player_spec(pl), same[i][1]), "'%s' -> '%s', want '%s'", same[i][0],
               pl ? tz_player_spec(pl) : err, same[i][1]);
        tz_player_free(pl);
        CHECKF(!tz_player_canonical(same[i][1], true, out, sizeof out, err, sizeof err) && !strcmp(out, same[i][1]),
               "'%s' is not its own canonical form: '%s'", same[i][1], out);
    }
    expect_error("ab:place=foo", "player 'ab': bad value 'foo' for 'place': expected eval, search, soft or random");
    expect_error("greedy:place=", "bad value '' for 'place'");
    expect_error("ab:place=soft,ptemp=-1", "bad value '-1' for 'ptemp'");
    expect_error("ab:place=soft,ptemp=0", "bad value '0' for 'ptemp': must be above 0");
    expect_error("ab:place=soft,ptemp=x", "bad value 'x' for 'ptemp'");
    expect_error("greedy:ptemp=5", "ptemp= is place=soft's temperature, and place is eval");
    expect_error("ab:ptemp=5,place=search", "and place is search");
    expect_error("random:place=eval", "unknown option 'place'");
    expect_error("random:ptemp=1", "unknown option 'ptemp'");
}

static const char *const policy_specs[] = {
    "greedy:place=search", "greedy:place=soft", "greedy:place=random", "ab:depth=1,tt=1,place=search",
    "ab:depth=1,tt=1,place=soft,ptemp=10", "ab:depth=1,tt=1,place=random",
};

/* Every policy's placements are legal (place_all checks each) and the
 * tournament game then plays to its end. */
static void policies_complete_legal_games(void)
{
    char err[256], seq[8], board[POS_TEXT_MAX];
    for (size_t i = 0; i < sizeof policy_specs / sizeof *policy_specs; i++) {
        player *pl = tz_player_new(policy_specs[i], err, sizeof err);
        REQUIRE(pl);
        place_all(pl, 7, 0, seq, sizeof seq, board);
        position p;
        REQUIRE(!tz_pos_from_text(&p, board, err, sizeof err));
        for (int t = 0; t < PIECE_TYPES; t++)
            CHECK(p.count[WHITE][t] == tz_piece_supply[t] && p.count[BLACK][t] == tz_piece_supply[t]);
        for (int k = 0; tz_game_winner(&p, NULL) < 0 && k < 400; k++) {
            action a = tz_player_choose(pl, &p, seed_mix(8, (uint64_t)k), NULL);
            REQUIRE(tz_action_is_legal(&p, a));
            undo u;
            pos_make(&p, a, &u);
        }
        CHECKF(tz_game_winner(&p, NULL) >= 0, "'%s': the game did not end", policy_specs[i]);
        tz_player_free(pl);
    }
}

/* Same seed, same placements (from another player object too); for the
 * drawn policies, other seeds other placements. */
static void seeds_reproduce_and_vary(void)
{
    char err[256], seq[512], again[512], board[POS_TEXT_MAX], board2[POS_TEXT_MAX];
    for (size_t i = 0; i < sizeof policy_specs / sizeof *policy_specs; i++) {
        player *a = tz_player_new(policy_specs[i], err, sizeof err), *b = tz_player_new(policy_specs[i], err, sizeof err);
        REQUIRE(a && b);
        place_all(a, 3, 60, seq, sizeof seq, board);
        place_all(b, 3, 60, again, sizeof again, board2);
        CHECKF(!strcmp(seq, again) && !strcmp(board, board2), "'%s': seed 3 placed two ways", policy_specs[i]);
        if (!strstr(policy_specs[i], "search")) {
            char boards[5][POS_TEXT_MAX];
            for (int s = 0; s < 5; s++) {
                place_all(a, 10 + (uint64_t)s, 0, seq, sizeof seq, boards[s]);
                for (int t = 0; t < s; t++)
                    CHECKF(strcmp(boards[s], boards[t]), "'%s': seeds %d and %d placed alike", policy_specs[i],
                           10 + s, 10 + t);
            }
        }
        tz_player_free(a);
        tz_player_free(b);
    }
}

/* The two-ply value of placing a in p, by brute force: the worst for the
 * placer over the opponent's next actions. */
static double brute_value(const eval_weights *w, position *p, action a)
{
    int us = p->side;
    undo u, u2;
    pos_make(p, a, &u);
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    double worst = n ? 2e9 : tz_place_value(w, p, us);
    for (int i = 0; i < n; i++) {
        pos_make(p, list[i], &u2);
        double v = tz_place_value(w, p, us);
        pos_unmake(p, list[i], &u2);
        if (v < worst)
            worst = v;
    }
    pos_unmake(p, a, &u);
    return worst;
}

/* The best two-ply value in p, by brute force. */
static double brute_best(const eval_weights *w, position *p)
{
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(p, list);
    double best = -2e9;
    for (int i = 0; i < n; i++) {
        double v = brute_value(w, p, list[i]);
        if (v > best)
            best = v;
    }
    return best;
}

static int rounded(double v)
{
    return (int)(v + (v < 0 ? -0.5 : 0.5));
}

/* White has Totts on C2 and G5, Black its only Tzaar on B3 and its only
 * Tzarra on G2; White places.  One ply likes a Tzaar on C5 (180), but
 * Black's answer B@C4 attacks it, White's last Tzaar, and leaves -20.  A
 * Tzaar on C4 looks bad after one ply (-160: Black, to act, could take
 * White's last Tzaar) but attacks both of Black's last stacks, which no
 * reply saves: 365 after Black's best.  search places a@C4 for every seed;
 * eval never does, and every eval placement is worth less after the reply. */
static void search_sees_the_reply(void)
{
    position p;
    char err[256], text[ACTION_TEXT_MAX];
    REQUIRE(!tz_pos_from_text(&p, "........A.......c...........................c..B............ w p", err, sizeof err));
    eval_weights w; /* the values below are the hand-set weights' */
    REQUIRE(!tz_eval_weights_load(&w, "data/weights/handset.txt", NULL, err, sizeof err));
    player *ev = tz_player_new("greedy:weights=data/weights/handset.txt", err, sizeof err),
           *se = tz_player_new("ab:depth=2,place=search,weights=data/weights/handset.txt", err, sizeof err);
    REQUIRE(ev && se);
    action c4;
    REQUIRE(!tz_action_parse_legal(&p, "a@C4", &c4, err, sizeof err));
    CHECK(rounded(brute_value(&w, &p, c4)) == 365 && rounded(brute_best(&w, &p)) == 365);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        search_report re, rs;
        action e = tz_player_choose(ev, &p, seed, &re), s = tz_player_choose(se, &p, seed, &rs);
        tz_action_to_text(s, p.side, text);
        CHECKF(s == c4 && rs.score == 365 && rs.depth == 2, "seed %d: search placed %s (%d)", (int)seed, text,
               rs.score);
        tz_action_to_text(e, p.side, text);
        CHECKF(e != c4 && re.score == 180 && brute_value(&w, &p, e) <= -20, "seed %d: eval placed %s (%d)",
               (int)seed, text, re.score);
    }
    tz_player_free(ev);
    tz_player_free(se);
}

/* search (alpha cuts, killer replies) finds the brute-force two-ply best
 * on positions through the whole placement phase, its last placements
 * included (where the reply is White's opening capture). */
static void search_is_an_exact_minimax(void)
{
    char err[256];
    player *rnd = tz_player_new("random", err, sizeof err), *se = tz_player_new("greedy:place=search", err, sizeof err);
    REQUIRE(rnd && se);
    eval_weights w;
    tz_eval_weights_default(&w);
    static const int depths[] = { 0, 1, 5, 12, 25, 40, 57, 58, 59 };
    for (size_t i = 0; i < sizeof depths / sizeof *depths; i++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            position p;
            tz_setup_tournament(&p);
            for (int k = 0; k < depths[i]; k++) {
                undo u;
                pos_make(&p, tz_player_choose(rnd, &p, seed_mix(seed * 100 + i, (uint64_t)k), NULL), &u);
            }
            search_report r;
            action a = tz_player_choose(se, &p, seed, &r);
            double best = brute_best(&w, &p), mine = brute_value(&w, &p, a);
            CHECKF(mine == best && r.score == rounded(best), "%d placed, seed %d: %g vs best %g (reported %d)",
                   depths[i], (int)seed, mine, best, r.score);
        }
    tz_player_free(rnd);
    tz_player_free(se);
}

/* soft: a tiny temperature plays a one-ply best placement (the seed
 * choosing among the five that tie); a huge one spreads over nearly all
 * placements; the default lies between. */
static void soft_follows_its_temperature(void)
{
    position p;
    char err[256];
    REQUIRE(!tz_pos_from_text(&p, "........A.......c...........................c..B............ w p", err, sizeof err));
    /* the one-ply scores (180 the best) are the hand-set weights' */
    player *cold = tz_player_new("greedy:place=soft,ptemp=0.001,weights=data/weights/handset.txt", err, sizeof err);
    player *hot = tz_player_new("greedy:place=soft,ptemp=1000000,weights=data/weights/handset.txt", err, sizeof err);
    player *mid = tz_player_new("greedy:place=soft,weights=data/weights/handset.txt", err, sizeof err);
    REQUIRE(cold && hot && mid);
    action seen[3][MAX_ACTIONS];
    int distinct[3] = { 0, 0, 0 }, top_mid = 0;
    player *pls[3] = { cold, mid, hot };
    for (uint64_t seed = 0; seed < 300; seed++)
        for (int t = 0; t < 3; t++) {
            search_report r;
            action a = tz_player_choose(pls[t], &p, seed, &r);
            if (t == 0)
                CHECKF(r.score == 180, "cold soft placed a one-ply %d", r.score);
            if (t == 1)
                top_mid += r.score == 180;
            int j = 0;
            while (j < distinct[t] && seen[t][j] != a)
                j++;
            if (j == distinct[t])
                seen[t][distinct[t]++] = a;
        }
    /* 54 empty points x 3 types = 162 placements. */
    CHECKF(distinct[0] >= 2 && distinct[2] > 120 && distinct[1] > distinct[0] && distinct[1] < distinct[2],
           "distinct placements: cold %d, default %d, hot %d", distinct[0], distinct[1], distinct[2]);
    CHECKF(top_mid > 30 && top_mid < 300, "default temperature: %d of 300 one-ply best", top_mid);
    tz_player_free(cold);
    tz_player_free(hot);
    tz_player_free(mid);
}

/* Every policy places an image of a placement position as it places the
 * position, mapped (same seed), on positions without symmetries of their
 * own; the score is the same on every image. */
static void images_are_placed_alike(void)
{
    char err[256];
    player *rnd = tz_player_new("random", err, sizeof err);
    REQUIRE(rnd);
    static const char *const specs[] = { "greedy", "greedy:place=search", "greedy:place=soft",
                                         "greedy:place=random" };
    int compared = 0;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        player *pl = tz_player_new(specs[i], err, sizeof err);
        REQUIRE(pl);
        for (int k = 0; k < 6; k++) {
            position p, q, c;
            tz_setup_tournament(&p);
            for (int j = 0; j < 3 + 7 * k; j++) {
                undo u;
                pos_make(&p, tz_player_choose(rnd, &p, seed_mix(500 + (uint64_t)k, (uint64_t)j), NULL), &u);
            }
            uint8_t maps[SYM_ALL];
            bool alone = tz_sym_canonical(&p, &c, maps) == 1;
            search_report r0, r;
            tz_player_choose(pl, &p, 9, &r0);
            for (int g = 1; g < SYM_BOARD; g++) {
                tz_sym_position(&p, g, &q);
                tz_player_choose(pl, &q, 9, &r);
                CHECKF(r.score == r0.score && (!alone || r.best == tz_sym_action(r0.best, g)),
                       "'%s', position %d, symmetry %d: score %d vs %d", specs[i], k, g, r.score, r0.score);
                compared += alone;
            }
        }
        tz_player_free(pl);
    }
    CHECK(compared > 100);
    tz_player_free(rnd);
}

const test_case tests_placement[] = {
    { "placement_default_places_as_before", default_places_as_before },
    { "placement_spec_text_and_errors", spec_text_and_errors },
    { "placement_policies_complete_legal_games", policies_complete_legal_games },
    { "placement_seeds_reproduce_and_vary", seeds_reproduce_and_vary },
    { "placement_search_sees_the_reply", search_sees_the_reply },
    { "placement_search_is_an_exact_minimax", search_is_an_exact_minimax },
    { "placement_soft_follows_its_temperature", soft_follows_its_temperature },
    { "placement_images_are_placed_alike", images_are_placed_alike },
    { NULL, NULL },
};
