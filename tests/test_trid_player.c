/* test_trid_player.c — TRID's players' noise=N (engine/trid/player.c): TRID
 * has one start, so a player without noise plays the same opening in every
 * game, whatever the seed; noise=N spreads the openings, reproducibly, and
 * never trades a win away. */
#include <string.h>
#include "check.h"
#include "engine/game.h"
#include "engine/players.h"
#include "engine/trid/movegen.h"
#include "engine/trid/text.h"

/* Distinct 6-ply openings from the 2-player start over seeds 1..40 (each
 * ply's seed drawn from the game's). */
static int openings(const game_def *g, const char *spec)
{
    char err[256], seen[40][6 * GAME_ACTION_TEXT_MAX];
    int distinct = 0;
    gplayer *p = gplayer_new(g, spec, err, sizeof err);
    CHECKF(p != NULL, "%s: %s", spec, err);
    if (!p)
        return 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        trid_state s[1];
        char line[6 * GAME_ACTION_TEXT_MAX] = "", a[GAME_ACTION_TEXT_MAX];
        CHECKF(g->setup(s, "hex5", 2, 0, err, sizeof err) == 0, "%s", err);
        for (int ply = 0; ply < 6; ply++) {
            game_action x = gplayer_choose(p, s, seed * 1000 + (uint64_t)ply);
            g->action_to_text(s, x, a, sizeof a);
            strcat(strcat(line, a), " ");
            g->apply(s, x);
        }
        int i = 0;
        while (i < distinct && strcmp(seen[i], line))
            i++;
        if (i == distinct)
            strcpy(seen[distinct++], line);
    }
    gplayer_free(p);
    return distinct;
}

static void noise_spreads_the_openings(void)
{
    char err[256];
    const game_def *g = game_find("trid", err, sizeof err);
    REQUIRE(g);
    CHECKF(openings(g, "ab") == 1, "ab without noise: %d openings", openings(g, "ab"));
    CHECKF(openings(g, "greedy") == 1, "greedy without noise: %d openings", openings(g, "greedy"));
    int n = openings(g, "ab:noise=10");
    CHECKF(n >= 3, "ab:noise=10: %d openings", n);
    CHECK(openings(g, "greedy:noise=10") >= 3);

    gplayer *p = gplayer_new(g, "ab:noise=10", err, sizeof err), *q = gplayer_new(g, "ab:noise=10", err, sizeof err);
    REQUIRE(p && q);
    CHECKF(strstr(gplayer_spec(p), "ab:depth=2,noise=10,wcrc=") == gplayer_spec(p), "%s", gplayer_spec(p));
    trid_state s[1];
    REQUIRE(g->setup(s, "hex5", 3, 0, err, sizeof err) == 0);
    for (uint64_t seed = 1; seed <= 20; seed++) /* the same seed, the same choice */
        CHECK(gplayer_choose(p, s, seed) == gplayer_choose(q, s, seed));
    /* a win is still taken: noise is far below a won game's score */
    char a[GAME_ACTION_TEXT_MAX];
    REQUIRE(g->from_text(s, "hex5 2 Ce12,Sd11,Sj13,Jc12,Jh10/Ci11,Sd12,Si15,Jf7,Jg13 0 7", err, sizeof err) == 0);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        g->action_to_text(s, gplayer_choose(p, s, seed), a, sizeof a);
        CHECKF(!strcmp(a, "h10xi11"), "seed %llu chose %s", (unsigned long long)seed, a);
    }
    gplayer_free(p);
    gplayer_free(q);

    /* noise=0 is the player without noise, spec included */
    p = gplayer_new(g, "ab:noise=0", err, sizeof err), q = gplayer_new(g, "ab", err, sizeof err);
    REQUIRE(p && q);
    CHECKF(!strcmp(gplayer_spec(p), gplayer_spec(q)), "%s vs %s", gplayer_spec(p), gplayer_spec(q));
    gplayer_free(p);
    gplayer_free(q);
    CHECK(gplayer_new(g, "ab:noise=-1", err, sizeof err) == NULL && strstr(err, "noise"));
    CHECK(gplayer_new(g, "ab:noise=1001", err, sizeof err) == NULL && strstr(err, "noise"));
}

const test_case tests_trid_player[] = {
    { "trid_player_noise_spreads_the_openings", noise_spreads_the_openings },
    { NULL, NULL },
};
