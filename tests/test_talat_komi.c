/* test_talat_komi.c — Talat's points compensation, the game parameters
 * komi1=, komi2=, komi3= (engine/talat/komi.c; docs/talat.md, "Points
 * compensation (komi)"), on constructed positions: the komi changes the
 * scores and the ranks as the rule says (a tie on points parted, a lead
 * overturned, a tie on points and komi still parted by the best tower), a
 * start gets the komi by turn order from the seat to act, the position
 * string carries them and a variant refuses a position of another, permute
 * keeps them by turn order, and the players' values count them. */
#include <string.h>
#include "check.h"
#include "engine/game.h"
#include "engine/players.h"
#include "engine/talat/features.h"
#include "engine/talat/talat.h"

#define EMPTY5 "...../...../...../...../....."
/* 45/45/40, Black's best capture a 34, White's a 36: White first */
#define TIE "3 ...../...../..w34../...../..... " EMPTY5 " " EMPTY5 " m b w33g13g14g16g23g24g26g33g34/" \
            "b13b14b16b23b24b26b33b34g36/b36w13w14w16w23w24w26w36"
/* POS_E of test_talat.c: Black to act, 9 actions, none of them ends it */
#define POS_E "3 ...../...../..b23../....w13/..... ...../...../.w14.../...g33./g34..w16w36 " \
              "g24b14.../.g26.../..b36../...../...g13b26 m b w23w24w26g14g36/b13b16g16g23/b24b33b34w33w34"

static const game_def *find(const char *spec)
{
    char err[256] = "";
    const game_def *g = game_find(spec, err, sizeof err);
    CHECKF(g != NULL, "%s: %s", spec, err);
    return g;
}

/* text, with the k field when given, parsed by the game spec; 0 or -1 (err). */
static int parse(const char *spec, const char *text, const char *komi, talat *p, char *err, size_t n)
{
    char t[GAME_TEXT_MAX];
    snprintf(t, sizeof t, "%s%s%s", text, komi ? " " : "", komi ? komi : "");
    const game_def *g = find(spec);
    return g ? game_from_text(g, p, t, err, n) : -1;
}

static void scores_ranks(const game_def *g, const talat *p, double *score, int *rank)
{
    g->outcome(p, score);
    g->rank(p, rank);
}

/* The tie of 45/45/40 under komi: half a point parts it, the tower decides
 * a tie on points and komi, and enough komi lifts the last to first. */
static void talat_komi_changes_scores_and_ranks(void)
{
    static const struct {
        const char *spec, *komi;
        double score[3];
        int rank[3];
    } cases[] = {
        { "talat", NULL, { 45, 45, 40 }, { 1, 0, 2 } },                                /* the tower: White */
        { "talat:komi1=0.5,komi2=0", "k0.5/0/0", { 45.5, 45, 40 }, { 0, 1, 2 } },      /* half a point: Black */
        { "talat:komi1=1,komi2=0.5,komi3=0", "k1/0.5/0", { 46, 45.5, 40 }, { 0, 1, 2 } },
        { "talat:komi1=1,komi2=1", "k1/1/0", { 46, 46, 40 }, { 1, 0, 2 } },            /* tied again: the tower */
        { "talat:komi1=0,komi2=0,komi3=5.5", "k0/0/5.5", { 45, 45, 45.5 }, { 2, 1, 0 } }, /* Grey first */
        { "talat:komi3=5", "k0/0/5", { 45, 45, 45 }, { 2, 0, 0 } }, /* 45 each: White's 36 and Grey's share first */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        talat p;
        char err[256] = "";
        if (parse(cases[i].spec, TIE, cases[i].komi, &p, err, sizeof err)) {
            CHECKF(0, "%s %s: %s", cases[i].spec, cases[i].komi ? cases[i].komi : "", err);
            continue;
        }
        double score[GAME_MAX_PLAYERS];
        int rank[GAME_MAX_PLAYERS];
        scores_ranks(find(cases[i].spec), &p, score, rank);
        for (int k = 0; k < 3; k++)
            CHECKF(score[k] == cases[i].score[k] && rank[k] == cases[i].rank[k], "%s seat %d: %g rank %d, not %g rank %d",
                   cases[i].spec, k, score[k], rank[k], cases[i].score[k], cases[i].rank[k]);
        /* the parts still make up the score: captures, lines, komi */
        double part[4];
        find("talat")->scoring->score_parts(&p, 2, part);
        CHECK(part[0] + part[1] + part[2] == score[2] && part[2] == p.komi[2] / 2.0);
    }
    /* a tie on points and komi goes to the best tower, the komi's size
     * aside: 50 each, White's and Grey's 36 share first, Black's 34 last */
    talat p;
    char err[256];
    REQUIRE(parse("talat:komi1=5,komi2=5,komi3=10", TIE, "k5/5/10", &p, err, sizeof err) == 0);
    CHECK(tl_score(&p, 0) == 50 && tl_score(&p, 2) == 50 && tl_score_halves(&p, 1) == 100);
    int rank[GAME_MAX_PLAYERS];
    tl_rank(&p, rank);
    CHECKF(rank[1] == 0 && rank[2] == 0 && rank[0] == 2, "ranks %d %d %d", rank[0], rank[1], rank[2]);
}

/* A start gets the komi by turn order from the seat to act: the played
 * game's first placer, a random setup's first mover (White in the Zihin
 * game); the rulebook's start keeps every byte. */
static void talat_komi_by_turn_order_at_the_start(void)
{
    const game_def *base = find("talat"), *k3 = find("talat:komi2=1.5,komi3=2.5"), *z = find("talat:komi1=2.5");
    REQUIRE(base && k3 && z);
    talat p, q;
    char err[256], text[GAME_TEXT_MAX];
    REQUIRE(game_setup(k3, &p, "played", 3, 1, err, sizeof err) == 0);
    CHECK(p.side == 0 && p.komi[0] == 0 && p.komi[1] == 3 && p.komi[2] == 5);
    REQUIRE(game_setup(k3, &p, "random", 3, 9, err, sizeof err) == 0);
    REQUIRE(game_setup(base, &q, "random", 3, 9, err, sizeof err) == 0);
    CHECK(p.komi[1] == 3 && p.komi[2] == 5 && !q.komi[0] && !q.komi[1] && !q.komi[2]);
    memcpy(q.komi, p.komi, sizeof q.komi);
    CHECK(!memcmp(&p, &q, sizeof p)); /* nothing else differs */
    REQUIRE(game_setup(z, &p, "random", 2, 9, err, sizeof err) == 0);
    CHECK(p.side == 1 && p.komi[1] == 5 && p.komi[0] == 0); /* White moves first */
    REQUIRE(game_setup(z, &p, "played", 2, 9, err, sizeof err) == 0);
    CHECK(p.side == 0 && p.komi[0] == 5 && p.komi[1] == 0); /* Black places first */
    CHECK(tl_to_text(&p, text, sizeof text) > 0 && strstr(text, " z b -/-/- k2.5/0"));
    /* the Zihin game has no third mover: komi3 does not apply */
    CHECK(game_setup(find("talat:komi3=1"), &p, "random", 2, 9, err, sizeof err) == 0 && !p.komi[0] && !p.komi[1] &&
          !p.komi[2]);
    CHECK(game_setup(find("talat:komi3=1"), &p, "random", 3, 9, err, sizeof err) == 0 && p.komi[2] == 2);
}

/* The k field: by seat, only when some komi is not 0; a variant's position
 * has its komi by turn order from some seat, and another's is refused. */
static void talat_komi_in_the_position_string(void)
{
    talat p;
    char err[256] = "", out[GAME_TEXT_MAX], want[GAME_TEXT_MAX];
    const char *spec = "talat:komi2=1.5,komi3=2.5";
    static const char *const ok[] = { "k0/1.5/2.5", "k2.5/0/1.5", "k1.5/2.5/0" }; /* the first mover any seat */
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        CHECKF(parse(spec, POS_E, ok[i], &p, err, sizeof err) == 0, "%s: %s", ok[i], err);
        snprintf(want, sizeof want, "%s %s", POS_E, ok[i]);
        CHECKF(tl_to_text(&p, out, sizeof out) > 0 && !strcmp(out, want), "%s", out);
    }
    static const struct {
        const char *spec, *komi, *want;
    } bad[] = {
        { "talat:komi2=1.5,komi3=2.5", "k0/2.5/1.5", "not this game's, 0/1.5/2.5 by turn order" }, /* order reversed */
        { "talat:komi2=1.5,komi3=2.5", NULL, "komi 0/0/0" },       /* a variant's position says its komi */
        { "talat", "k0/1.5/2.5", "not this game's, 0/0/0" },       /* and the rulebook's has none */
        { "talat:komi2=1", "k0/0/0", "every komi 0" },
        { "talat:komi2=1", "k0/1", "expected '/'" },
        { "talat:komi2=1", "k0/1/", "expected a seat's komi" },
        { "talat:komi2=1", "k0/1.25/0", "expected '/'" },
        { "talat:komi2=1", "k0/01/0", "expected a seat's komi" },
        { "talat:komi2=10", "k0/10.5/0", "above 10 points" },
        { "talat:komi2=1", "k0/1/0 ", "unexpected text" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        CHECKF(parse(bad[i].spec, POS_E, bad[i].komi, &p, err, sizeof err) == -1 && strstr(err, bad[i].want) &&
                   !strchr(err, '\n'), "%s %s: '%s'", bad[i].spec, bad[i].komi ? bad[i].komi : "", err);
    }
    /* the Zihin game: two seats' komi */
    static const char *const s2 = "2 b13b24b36b23b16/...../...../...../w33w14.w26w34 w13w24w36w23w16/...../...../"
                                  "...../g33..g26g34 g13g24g36g23g16/...../...../...../b33b14.b26b34 m w -/-/-";
    CHECK(parse("talat:komi1=2.5", s2, "k0/2.5", &p, err, sizeof err) == 0 && p.komi[1] == 5 && !p.komi[2]);
    CHECK(parse("talat:komi1=2.5", s2, "k0/2.5/0", &p, err, sizeof err) == -1 && strstr(err, "unexpected text"));
}

/* permute keeps the komi by turn order from the seat to act: a rotation
 * carries them with the seats, a reflection (which reverses the order of
 * play) does not, and either gives a position of the variant; undone, the
 * state is as it was.  In placement the seat to act stays, and so do they. */
static void talat_komi_under_permutation(void)
{
    const game_def *g = find("talat:komi2=1.5,komi3=2.5");
    REQUIRE(g);
    talat p, q, r;
    char err[256], text[GAME_TEXT_MAX];
    REQUIRE(game_setup(g, &p, "random", 3, 5, err, sizeof err) == 0);
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 2, 0, 3 });
    CHECK(q.side == 1 && q.komi[1] == 0 && q.komi[2] == 3 && q.komi[0] == 5);
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 });
    CHECKF(q.side == 1 && q.komi[1] == 0 && q.komi[2] == 3 && q.komi[0] == 5, "side %d komi %d/%d/%d", q.side,
           q.komi[0], q.komi[1], q.komi[2]);
    REQUIRE(tl_to_text(&q, text, sizeof text) > 0);
    CHECKF(game_from_text(g, &r, text, err, sizeof err) == 0 && !memcmp(&q, &r, sizeof q), "%s", err);
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 });
    CHECK(!memcmp(&p, &q, sizeof p));
    REQUIRE(game_setup(g, &p, "played", 3, 5, err, sizeof err) == 0);
    q = p;
    tl_permute(&q, (const int[GAME_MAX_PLAYERS]){ 2, 0, 1, 3 });
    CHECK(q.side == 0 && !memcmp(q.komi, p.komi, sizeof q.komi));
}

/* The searching players' values count the komi: ab's and greedy's value of
 * POS_E for Black rises by Black's komi and falls by half of another's
 * (the share: own points less the others' mean); the points feature too. */
static void talat_komi_in_the_players_values(void)
{
    static const struct {
        const char *spec, *komi;
        int shift; /* in hundredths of a point */
    } cases[] = { { "talat", NULL, 0 }, { "talat:komi1=10", "k10/0/0", 1000 }, { "talat:komi2=10", "k0/10/0", -500 },
                  { "talat:komi2=1.5,komi3=2.5", "k0/1.5/2.5", -200 } };
    static const char *const players[] = { "greedy", "ab:depth=1", "ab:depth=2" };
    for (size_t k = 0; k < sizeof players / sizeof *players; k++) {
        int base = 0;
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            const game_def *g = find(cases[i].spec);
            talat p;
            char err[256] = "";
            REQUIRE(g && parse(cases[i].spec, POS_E, cases[i].komi, &p, err, sizeof err) == 0);
            gplayer *pl = gplayer_new(g, players[k], err, sizeof err);
            CHECKF(pl != NULL, "%s: %s", players[k], err);
            if (!pl)
                continue;
            game_search_report r;
            game_action a = gplayer_choose(pl, &p, 1);
            CHECKF(a != GAME_NO_ACTION && gplayer_report(pl, &r), "%s under %s", players[k], cases[i].spec);
            if (!i)
                base = r.score;
            CHECKF(r.score - base == cases[i].shift, "%s under %s: %d, %d without komi", players[k], cases[i].spec,
                   r.score, base);
            gplayer_free(pl);
        }
    }
    talat p;
    double f0[GAME_MAX_FEATURES], f1[GAME_MAX_FEATURES];
    char err[256];
    REQUIRE(parse("talat", POS_E, NULL, &p, err, sizeof err) == 0);
    tl_features(&p, 0, f0);
    REQUIRE(parse("talat:komi2=1.5,komi3=2.5", POS_E, "k0/1.5/2.5", &p, err, sizeof err) == 0);
    tl_features(&p, 0, f1);
    CHECKF(f1[0] - f0[0] == -2 && f1[1] == f0[1], "points feature %g then %g", f0[0], f1[0]);
}

const test_case tests_talat_komi[] = {
    { "talat_komi_changes_scores_and_ranks", talat_komi_changes_scores_and_ranks },
    { "talat_komi_by_turn_order_at_the_start", talat_komi_by_turn_order_at_the_start },
    { "talat_komi_in_the_position_string", talat_komi_in_the_position_string },
    { "talat_komi_under_permutation", talat_komi_under_permutation },
    { "talat_komi_in_the_players_values", talat_komi_in_the_players_values },
    { NULL, NULL },
};
