/* test_mcts.c — the generic MCTS player (engine/mcts.c) and the generic
 * weights reader (engine/weights.c), on two toy games defined here through
 * game.h alone: 2-player Nim (take 1 to 3, who takes the last wins; one
 * evaluation feature that is perfect play) and a 3-player game tree with
 * points written as a table. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "core/fileio.h"
#include "engine/players.h"
#include "engine/weights.h"

/* ---- Nim ---- */

typedef struct { int heap, mover, winner; } nim;

static int nim_players(const void *s) { (void)s; return 2; }
static bool nim_over(const void *s) { return ((const nim *)s)->heap == 0; }
static int nim_to_act(const void *s) { return nim_over(s) ? -1 : ((const nim *)s)->mover; }

static int nim_legal(const void *s, game_action *out)
{
    int n = 0;
    for (int a = 1; a <= 3 && a <= ((const nim *)s)->heap; a++)
        out[n++] = (game_action)a;
    return n;
}

static void nim_apply(void *v, game_action a)
{
    nim *s = v;
    s->heap -= (int)a;
    if (s->heap == 0)
        s->winner = s->mover;
    s->mover ^= 1;
}

static void nim_outcome(const void *v, double sc[GAME_MAX_PLAYERS])
{
    const nim *s = v;
    sc[0] = s->winner == 0;
    sc[1] = s->winner == 1;
}

/* +1 when seat has left the opponent a multiple of 4 (a lost heap), -1 the
 * other way round: its weight times this is perfect play. */
static void nim_features(const void *v, int seat, double *out)
{
    const nim *s = v;
    int lost_for_mover = s->heap % 4 == 0;
    out[0] = (s->mover == seat) == lost_for_mover ? -1 : 1;
}

static const char *const nim_feature_names[] = { "tempo", NULL };
static const game_tuning nim_tuning = { .nfeatures = 1, .feature_names = nim_feature_names, .features = nim_features };

static const game_def nim_game = {
    .name = "nim", .title = "Nim (test only)", .testing_only = true,
    .min_players = 2, .max_players = 2, .state_size = sizeof(nim), .max_actions = 3,
    .players = nim_players, .to_act = nim_to_act, .legal = nim_legal, .apply = nim_apply, .over = nim_over,
    .outcome = nim_outcome, .score_max = 1,
    .tuning = &nim_tuning,
};

/* ---- a 3-player game tree with points ---- */

typedef struct { int node, pts[3]; } tree3;

/* Node 0 is the end; the others: the seat to act, then per action the next
 * node and the points it gives each seat. */
static const struct { int mover, n, next[3], pts[3][3]; } tnodes[] = {
    [1] = { 0, 3, { 0, 0, 0 }, { { 2, 0, 0 }, { 4, 4, 4 }, { 3, 0, 0 } } },  /* own points: 1 */
    [2] = { 0, 2, { 3, 0 }, { { 0, 0, 0 }, { 3, 0, 0 } } },                 /* trust seat 1: 0 */
    [3] = { 1, 2, { 0, 0 }, { { 5, 5, 0 }, { 0, 1, 0 } } },                 /* seat 1 takes 5: 0 */
    [4] = { 2, 3, { 0, 0, 0 }, { { 0, 0, 1 }, { 3, 3, 0 }, { 0, 0, 2 } } },  /* seat 2: 2 */
    [5] = { 0, 3, { 0, 0, 0 }, { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } } },  /* all alike */
};

static int t3_players(const void *s) { (void)s; return 3; }
static bool t3_over(const void *s) { return ((const tree3 *)s)->node == 0; }
static int t3_to_act(const void *s) { return t3_over(s) ? -1 : tnodes[((const tree3 *)s)->node].mover; }

static int t3_legal(const void *s, game_action *out)
{
    int n = tnodes[((const tree3 *)s)->node].n;
    for (int a = 0; a < n; a++)
        out[a] = (game_action)a;
    return n;
}

static void t3_apply(void *v, game_action a)
{
    tree3 *s = v;
    for (int k = 0; k < 3; k++)
        s->pts[k] += tnodes[s->node].pts[a][k];
    s->node = tnodes[s->node].next[a];
}

static void t3_outcome(const void *v, double sc[GAME_MAX_PLAYERS])
{
    for (int k = 0; k < 3; k++)
        sc[k] = ((const tree3 *)v)->pts[k];
}

static const game_def tree3_game = {
    .name = "tree3", .title = "3-player game tree (test only)", .testing_only = true,
    .min_players = 3, .max_players = 3, .state_size = sizeof(tree3), .max_actions = 3,
    .players = t3_players, .to_act = t3_to_act, .legal = t3_legal, .apply = t3_apply, .over = t3_over,
    .outcome = t3_outcome, .score_max = 5,
};

/* ---- turns of two actions: 2 players, 4 turns, each action 0 or 1 points ---- */

typedef struct { int step, pts[2]; } twostep;

static int mid_turn_evals; /* features() asked between a turn's two actions */

static int ts_players(const void *s) { (void)s; return 2; }
static bool ts_over(const void *s) { return ((const twostep *)s)->step == 8; }
static int ts_to_act(const void *s) { return ts_over(s) ? -1 : ((const twostep *)s)->step / 2 % 2; }

static int ts_legal(const void *s, game_action *out)
{
    if (ts_over(s))
        return 0;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void ts_apply(void *v, game_action a)
{
    twostep *s = v;
    s->pts[s->step / 2 % 2] += (int)a;
    s->step++;
}

static void ts_outcome(const void *v, double sc[GAME_MAX_PLAYERS])
{
    const twostep *s = v;
    sc[0] = s->pts[0] > s->pts[1] ? 1 : s->pts[0] == s->pts[1] ? 0.5 : 0;
    sc[1] = 1 - sc[0];
}

static void ts_features(const void *v, int seat, double *out)
{
    const twostep *s = v;
    mid_turn_evals += s->step % 2;
    out[0] = s->pts[seat] - s->pts[!seat];
}

static const char *const ts_feature_names[] = { "lead", NULL };
static const game_tuning ts_tuning = { .nfeatures = 1, .feature_names = ts_feature_names, .features = ts_features };

static const game_def twostep_game = {
    .name = "twostep", .title = "Two actions a turn (test only)", .testing_only = true,
    .min_players = 2, .max_players = 2, .state_size = sizeof(twostep), .max_actions = 2,
    .players = ts_players, .to_act = ts_to_act, .legal = ts_legal, .apply = ts_apply, .over = ts_over,
    .outcome = ts_outcome, .score_max = 1,
    .tuning = &ts_tuning,
};

/* ---- helpers ---- */

/* The action an mcts player made from opts picks in s with seed. */
static game_action pick(const game_def *g, const char *opts, const void *s, uint64_t seed)
{
    char canon[GPLAYER_SPEC_MAX], err[300] = "";
    void *p = gplayer_mcts.create(g, opts, canon, sizeof canon, err, sizeof err);
    if (!p) {
        check_fail(__FILE__, __LINE__, "mcts:%s refused: %s", opts ? opts : "", err);
        return GAME_NO_ACTION;
    }
    game_action a = gplayer_mcts.choose(p, s, seed);
    gplayer_mcts.destroy(p);
    return a;
}

/* Writes text plus its end line to a fresh file named into path. */
static bool write_weights(char *path, const char *text)
{
    strcpy(path, "/tmp/triad-mcts-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return false;
    char end[40];
    snprintf(end, sizeof end, "# end crc32=%08x\n", (unsigned)fio_crc32(0, text, strlen(text)));
    bool ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text) && write(fd, end, strlen(end)) == (ssize_t)strlen(end);
    close(fd);
    return ok;
}

/* ---- tests ---- */

static void mcts_reproducible(void)
{
    nim s = { 22, 0, -1 };
    game_action seen[4] = { 0 };
    for (uint64_t seed = 1; seed <= 40; seed++) {
        game_action a = pick(&nim_game, "playouts=30", &s, seed);
        REQUIRE(a >= 1 && a <= 3);
        CHECK(pick(&nim_game, "playouts=30", &s, seed) == a);
        seen[a] = 1;
    }
    /* Few playouts from a lost heap: the seed decides. */
    CHECKF(seen[1] + seen[2] + seen[3] >= 2, "every seed picked the same action");
    /* One player, many choices: the pool is reused and the answer unchanged. */
    char canon[GPLAYER_SPEC_MAX], err[300];
    void *p = gplayer_mcts.create(&nim_game, "playouts=200", canon, sizeof canon, err, sizeof err);
    REQUIRE(p);
    game_action first = gplayer_mcts.choose(p, &s, 7);
    nim other = { 9, 1, -1 };
    gplayer_mcts.choose(p, &other, 8);
    CHECK(gplayer_mcts.choose(p, &s, 7) == first);
    gplayer_mcts.destroy(p);
}

/* The choices of fixed searches, pinned: the same on every machine, C
 * library and build (no libm log, no fused multiply-adds).  A change to
 * the search that changes games shows here; update the strings
 * deliberately, saying so in the commit message. */
static void mcts_pinned_choices(void)
{
    static const struct { const char *opts; nim s; const char *want; } cases[] = {
        { "playouts=30", { 22, 0, -1 }, "1323312321213132223223123312231321231223" },
        { "playouts=2000,c=0.9", { 57, 1, -1 }, "31332311233231332212" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char canon[GPLAYER_SPEC_MAX], err[300], got[64] = "";
        void *p = gplayer_mcts.create(&nim_game, cases[i].opts, canon, sizeof canon, err, sizeof err);
        REQUIRE(p);
        size_t n = strlen(cases[i].want);
        for (size_t k = 0; k < n; k++)
            got[k] = (char)('0' + gplayer_mcts.choose(p, &cases[i].s, k + 1));
        gplayer_mcts.destroy(p);
        CHECKF(!strcmp(got, cases[i].want), "mcts:%s from %d, seeds 1..%zu: %s, pinned %s", cases[i].opts,
               cases[i].s.heap, n, got, cases[i].want);
    }
}

static void mcts_ties_by_key_not_list_order(void)
{
    tree3 s = { 5, { 0, 0, 0 } };
    int count[3] = { 0 };
    for (uint64_t seed = 1; seed <= 60; seed++) {
        game_action a = pick(&tree3_game, "playouts=30", &s, seed);
        REQUIRE(a < 3);
        count[a]++;
    }
    CHECKF(count[0] && count[1] && count[2], "equal actions picked %d/%d/%d times", count[0], count[1], count[2]);
}

static void mcts_nim_wins_and_avoids_losses(void)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        nim win = { 3, 0, -1 }, avoid = { 5, 1, -1 }, two = { 6, 0, -1 };
        CHECK(pick(&nim_game, NULL, &win, seed) == 3);    /* take all: won */
        CHECK(pick(&nim_game, NULL, &avoid, seed) == 1);  /* 2 or 3 lets the opponent take the rest */
        CHECK(pick(&nim_game, NULL, &two, seed) == 2);    /* leave 4 */
    }
}

static void mcts_n_player_rewards(void)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tree3 own = { 1, { 0, 0, 0 } }, trust = { 2, { 0, 0, 0 } }, reply = { 3, { 0, 0, 0 } },
              third = { 4, { 1, 2, 0 } };
        CHECK(pick(&tree3_game, NULL, &own, seed) == 1);   /* 4 points, though all get 4 */
        CHECK(pick(&tree3_game, NULL, &trust, seed) == 0); /* seat 1 will take 5, giving 5: not paranoid */
        CHECK(pick(&tree3_game, NULL, &reply, seed) == 0);
        CHECK(pick(&tree3_game, NULL, &third, seed) == 2); /* seat 2 maximises its own points */
    }
}

static void mcts_spec_canonical(void)
{
    static const struct { const char *in, *out; } cases[] = {
        { NULL, "c=1.4,depth=0,playout=random,playouts=1000,tree=64" },
        { "playouts=50,c=2", "c=2,depth=0,playout=random,playouts=50,tree=64" },
        { "tree=8,depth=5,c=0.7,ms=250", "c=0.7,depth=5,ms=250,playout=random,playouts=1000,tree=8" },
        { "ms=20,playouts=0", "c=1.4,depth=0,ms=20,playout=random,playouts=0,tree=64" },
        { "playouts=5,playouts=7", "c=1.4,depth=0,playout=random,playouts=7,tree=64" },
    };
    char canon[GPLAYER_SPEC_MAX], again[GPLAYER_SPEC_MAX], err[300];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        void *p = gplayer_mcts.create(&tree3_game, cases[i].in, canon, sizeof canon, err, sizeof err);
        REQUIRE(p);
        CHECKF(!strcmp(canon, cases[i].out), "%s gave %s", cases[i].in, canon);
        gplayer_mcts.destroy(p);
        /* The canonical options make the same player again. */
        p = gplayer_mcts.create(&tree3_game, cases[i].out, again, sizeof again, err, sizeof err);
        REQUIRE(p);
        CHECK(!strcmp(again, cases[i].out));
        gplayer_mcts.destroy(p);
    }
    static const struct { const char *opts, *says; } bad[] = {
        { "playouts=x", "'playouts'" }, { "c=-1", "'c'" }, { "foo=1", "'foo'" }, { "playout=smart", "'playout'" },
        { "playouts", "key=value" }, { "tree=0", "'tree'" }, { "eps=0.5", "'eps'" }, { "depth=1e3", "'depth'" },
        { "playouts=0", "ms=" }, { "playout=eval", "'playout'" }, { "weights=x.txt", "'weights'" },
        { "wcrc=12", "'wcrc'" }, { "k=0,depth=2", "'k'" }, { "ms=-5", "'ms'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        void *p = gplayer_mcts.create(&tree3_game, bad[i].opts, canon, sizeof canon, err, sizeof err);
        CHECKF(!p && strstr(err, bad[i].says) && !strchr(err, '\n'), "%s: %s", bad[i].opts, err);
        gplayer_mcts.destroy(p);
    }
}

static void mcts_eval_playouts_and_cutoff(void)
{
    char path[64], canon[GPLAYER_SPEC_MAX], err[600], opts[200], want[300];
    REQUIRE(write_weights(path, "# Nim\ntempo 1\n"));
    uint32_t crc = fio_crc32(0, "# Nim\ntempo 1\n", 14);
    /* Greedy playouts are perfect play here: a long heap is solved. */
    snprintf(opts, sizeof opts, "playout=eval,eps=0,weights=%s,playouts=300", path);
    nim s = { 41, 0, -1 };
    for (uint64_t seed = 1; seed <= 5; seed++)
        CHECK(pick(&nim_game, opts, &s, seed) == 1);
    void *p = gplayer_mcts.create(&nim_game, opts, canon, sizeof canon, err, sizeof err);
    REQUIRE(p);
    snprintf(want, sizeof want, "c=1.4,depth=0,eps=0,playout=eval,playouts=300,tree=64,wcrc=%08x,weights=%s",
             (unsigned)crc, path);
    CHECKF(!strcmp(canon, want), "%s", canon);
    gplayer_mcts.destroy(p);
    /* Cut off after one (perfect) playout action and scored by the feature
     * through the logistic: the same answer; a sign error would lose it. */
    snprintf(opts, sizeof opts, "playout=eval,eps=0,depth=1,weights=%s,playouts=300,k=3", path);
    for (uint64_t seed = 1; seed <= 5; seed++)
        CHECK(pick(&nim_game, opts, &s, seed) == 1);
    /* A game without features scores a cut-off as a draw: the tree alone
     * (deep enough here) still sees seat 1's reply. */
    tree3 trust = { 2, { 0, 0, 0 } };
    CHECK(pick(&tree3_game, "depth=1,playouts=200", &trust, 4) == 0);
    /* A changed file is seen. */
    snprintf(opts, sizeof opts, "depth=1,weights=%s,wcrc=%08x", path, (unsigned)crc ^ 1u);
    p = gplayer_mcts.create(&nim_game, opts, canon, sizeof canon, err, sizeof err);
    CHECKF(!p && strstr(err, "has changed"), "%s", err);
    unlink(path);
}

static void weights_file_checked(void)
{
    static const struct { const char *text; bool end; const char *says; } cases[] = {
        { "tempo 2\n", true, NULL },
        { "tempo 2\n", false, "no end line" },
        { "tempo 2\nbogus 1\n", true, "unknown feature 'bogus'" },
        { "# nothing\n", true, "missing feature 'tempo'" },
        { "tempo 2\ntempo 3\n", true, "given twice" },
        { "tempo two\n", true, ":1: bad value 'two'" },
        { "tempo 1 2\n", true, "expected 'name value'" },
    };
    char path[64], err[600];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (cases[i].end)
            REQUIRE(write_weights(path, cases[i].text));
        else {
            strcpy(path, "/tmp/triad-mcts-XXXXXX");
            int fd = mkstemp(path);
            REQUIRE(fd >= 0);
            REQUIRE(write(fd, cases[i].text, strlen(cases[i].text)) > 0);
            close(fd);
        }
        double w[1] = { 0 };
        uint32_t crc = 0;
        err[0] = 0;
        int rc = gweights_load(&nim_game, path, w, &crc, err, sizeof err);
        if (!cases[i].says)
            CHECKF(rc == 0 && w[0] == 2 && crc == fio_crc32(0, cases[i].text, strlen(cases[i].text)), "%s", err);
        else
            CHECKF(rc == -1 && strstr(err, cases[i].says), "case %zu: %s", i, err);
        unlink(path);
    }
    /* A damaged byte breaks the checksum. */
    REQUIRE(write_weights(path, "tempo 2\n"));
    FILE *f = fopen(path, "r+b");
    REQUIRE(f);
    fseek(f, 6, SEEK_SET); /* "tempo 2" becomes "tempo 3" */
    fputc('3', f);
    fclose(f);
    double w[1];
    uint32_t crc;
    CHECK(gweights_load(&nim_game, path, w, &crc, err, sizeof err) == -1 && strstr(err, "damaged"));
    unlink(path);
    CHECK(gweights_load(&tree3_game, path, w, &crc, err, sizeof err) == -1 && strstr(err, "no evaluation features"));
}

static void mcts_cutoff_between_turns(void)
{
    /* A cut-off waits for the seat to act to change: features() is never
     * asked in the middle of a turn. */
    char path[64];
    REQUIRE(write_weights(path, "lead 1\n"));
    char opts[200];
    snprintf(opts, sizeof opts, "depth=1,weights=%s,playouts=300,k=2", path);
    twostep s = { 0, { 0, 0 } };
    mid_turn_evals = 0;
    for (uint64_t seed = 1; seed <= 3; seed++)
        CHECK(pick(&twostep_game, opts, &s, seed) == 1);
    CHECKF(mid_turn_evals == 0, "%d evaluations in the middle of a turn", mid_turn_evals);
    unlink(path);
}

static void mcts_small_tree_bound(void)
{
    /* A 1 MiB pool (16384 nodes) fills up long before 20000 playouts of 3
     * children each; the search goes on without growing it, and stays a
     * function of the seed. */
    nim s = { 501, 0, -1 };
    game_action a = pick(&nim_game, "tree=1,playouts=20000", &s, 3);
    CHECK(a >= 1 && a <= 3);
    CHECK(pick(&nim_game, "tree=1,playouts=20000", &s, 3) == a);
}

static void mcts_time_limit(void)
{
    /* No playout limit: only the clock can stop it.  That it returns at all
     * shows the limit is honoured (an ignored one would never return); its
     * own report says it searched, and for its 30 ms.  The test reads no
     * clock itself: how fast it searched is `make bench`'s business. */
    nim s = { 200, 0, -1 };
    char canon[GPLAYER_SPEC_MAX], err[300] = "";
    void *p = gplayer_mcts.create(&nim_game, "playouts=0,ms=30", canon, sizeof canon, err, sizeof err);
    REQUIRE(p);
    game_action a = gplayer_mcts.choose(p, &s, 1);
    game_search_report r;
    CHECK(gplayer_mcts.report(p, &r));
    CHECKF(a >= 1 && a <= 3 && r.nodes > 1 && r.seconds >= 0.030, "action %u after %llu playouts, %.3f s", a,
           (unsigned long long)r.nodes, r.seconds);
    gplayer_mcts.destroy(p);
}

const test_case tests_mcts[] = {
    { "mcts_reproducible", mcts_reproducible },
    { "mcts_pinned_choices", mcts_pinned_choices },
    { "mcts_ties_by_key_not_list_order", mcts_ties_by_key_not_list_order },
    { "mcts_nim_wins_and_avoids_losses", mcts_nim_wins_and_avoids_losses },
    { "mcts_n_player_rewards", mcts_n_player_rewards },
    { "mcts_spec_canonical", mcts_spec_canonical },
    { "mcts_eval_playouts_and_cutoff", mcts_eval_playouts_and_cutoff },
    { "mcts_weights_file_checked", weights_file_checked },
    { "mcts_cutoff_between_turns", mcts_cutoff_between_turns },
    { "mcts_small_tree_bound", mcts_small_tree_bound },
    { "mcts_time_limit", mcts_time_limit },
    { NULL, NULL },
};
