/* test_game.c — TZAAR behind the game interface: a driver that knows no
 * rules plays whole games and agrees with the engine underneath. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/game_codec.h"
#include "engine/players.h"
#include "engine/replay.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/formats.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/player.h"
#include "engine/tzaar/setup.h"
#include "selfplay/play.h"
#include "records/record.h"

static void interface_drives_whole_games(void)
{
    char err[200], text[256], atext[32];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g && !strcmp(g->name, "tzaar"));
    CHECK(game_find("talot", err, sizeof err) == NULL && strstr(err, "unknown game 'talot'") &&
          strstr(err, "tzaar"));
    CHECK(g->min_players == 2 && g->max_players == 2 && g->max_actions >= MAX_ACTIONS);
    void *s = malloc(g->state_size), *t = malloc(g->state_size);
    game_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
    REQUIRE(s && t && acts);
    xoshiro256 r;
    xoshiro_seed(&r, 5);
    int wins[2] = { 0, 0 };
    for (int game = 0; game < 60; game++) {
        const char *setup = g->setup_names[game % 3];
        REQUIRE(g->setup(s, setup, 2, (uint64_t)game, err, sizeof err) == 0);
        while (!g->over(s)) {
            int who = g->to_act(s), n = g->legal(s, acts);
            REQUIRE(who == 0 || who == 1);
            REQUIRE(n > 0 && n <= g->max_actions);
            /* The text forms round-trip through the interface. */
            g->to_text(s, text, sizeof text);
            REQUIRE(g->from_text(t, text, err, sizeof err) == 0);
            game_action a = acts[xoshiro_below(&r, (uint64_t)n)], back;
            g->action_to_text(s, a, atext, sizeof atext);
            REQUIRE(g->action_from_text(s, atext, &back, err, sizeof err) == 0 && back == a);
            g->apply(s, a);
        }
        CHECK(g->to_act(s) == -1 && g->legal(s, acts) == 0);
        double score[GAME_MAX_PLAYERS];
        g->outcome(s, score);
        CHECK(score[0] + score[1] == 1 && (score[0] == 1 || score[1] == 1));
        wins[score[1] == 1]++;
        const char *how = g->ending_names[g->ending(s)];
        CHECK(!strcmp(how, "trinity") || !strcmp(how, "no_capture"));
        CHECK(tz_game_winner(s, NULL) == (score[0] == 1 ? WHITE : BLACK));
    }
    CHECK(wins[0] > 0 && wins[1] > 0);
    CHECK(g->setup(s, "bogus", 2, 0, err, sizeof err) == -1 && strstr(err, "bogus"));
    CHECK(g->setup(s, "random", 3, 0, err, sizeof err) == -1 && strstr(err, "3"));
    CHECK(g->from_text(s, "nonsense", err, sizeof err) == -1 && err[0]);
    free(s);
    free(t);
    free(acts);
}

/* TZAAR's player kinds are player.h's players: the same spec and seeds
 * give the same game (so records made before the interface are made again
 * by the drivers that use it), and the canonical spec is player.h's. */
static void tzaar_kinds_play_as_before(void)
{
    char err[512];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    static const char *const specs[] = { "random", "greedy", "ab:depth=2", "ab:nodes=300,noise=20" };
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        gplayer *gp = gplayer_new(g, specs[i], err, sizeof err);
        player *pl = tz_player_new(specs[i], err, sizeof err);
        REQUIRE(gp && pl);
        CHECKF(!strcmp(gplayer_spec(gp), tz_player_spec(pl)), "%s: %s", gplayer_spec(gp), tz_player_spec(pl));
        for (int game = 0; game < 2; game++) {
            tz_state st;
            position p;
            REQUIRE(g->setup(&st, game ? "tournament" : "random", 2, 11 + i, err, sizeof err) == 0);
            tz_setup_make(&p, game ? SETUP_TOURNAMENT : SETUP_RANDOM, 11 + i);
            for (int ply = 0; ply < 40 && !g->over(&st); ply++) {
                uint64_t seed = seed_mix(5 + i, (uint64_t)ply);
                game_action a = gplayer_choose(gp, &st, seed);
                action b = tz_player_choose(pl, &p, seed, NULL);
                CHECKF(a == b, "%s ply %d: %04x, player.h %04x", specs[i], ply, a, b);
                if (a != b)
                    break;
                undo u;
                g->apply(&st, a);
                pos_make(&p, b, &u);
            }
        }
        gplayer_free(gp);
        tz_player_free(pl);
    }
}

/* The seat swap of a start is the records' recolouring (seat 0 = White
 * still opens); in play the side to act changes seats with the pieces. */
static void tzaar_permute_recolours(void)
{
    char err[256], a[GAME_TEXT_MAX], b[GAME_TEXT_MAX];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    const int swap[GAME_MAX_PLAYERS] = { 1, 0 };
    tz_state st;
    for (uint64_t seed = 0; seed < 5; seed++) {
        REQUIRE(g->setup(&st, seed ? "random" : "fixed", 2, seed, err, sizeof err) == 0);
        position p = st.pos;
        tz_recolour(&p);
        g->permute(&st, swap);
        tz_pos_to_text(&p, a, sizeof a);
        g->to_text(&st, b, sizeof b);
        CHECKF(!strcmp(a, b), "%s\n%s", a, b);
        CHECK(g->to_act(&st) == 0);
    }
    REQUIRE(g->from_text(&st, "..B2...C3..c3.aac.b..bcb2.BC2.Bcb..bC.CBb.CC..CcAC.c.cAAaBAccb.CB b 2", err,
                         sizeof err) == 0);
    g->permute(&st, swap);
    g->to_text(&st, b, sizeof b);
    CHECKF(!strcmp(b, "..b2...c3..C3.AAC.B..BCB2.bc2.bCB..Bc.cbB.cc..cCac.C.CaaAbaCCB.cb w 2"), "%s", b);
}

/* eval.h's features are White minus Black, tempo too: Black's view is the
 * negation, and the side to act sees tempo +1. */
static void tzaar_features_by_seat(void)
{
    char err[256];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g && g->tuning && g->tuning->nfeatures == EVAL_FEATURES && !strcmp(g->tuning->feature_names[F_TEMPO], "tempo"));
    tz_state st;
    REQUIRE(g->from_text(&st, "..B2...C3..c3.aac.b..bcb2.BC2.Bcb..bC.CBb.CC..CcAC.c.cAAaBAccb.CB b 2", err,
                         sizeof err) == 0);
    double w[EVAL_FEATURES], bl[EVAL_FEATURES], e[EVAL_FEATURES];
    g->tuning->features(&st, WHITE, w);
    g->tuning->features(&st, BLACK, bl);
    tz_eval_features(&st.pos, e);
    for (int i = 0; i < EVAL_FEATURES; i++)
        CHECKF(w[i] == e[i] && bl[i] == -e[i], "%s", g->tuning->feature_names[i]);
    CHECK(bl[F_TEMPO] == 1 && w[F_TEMPO] == -1);
    CHECK(g->tuning->default_weights && !strcmp(g->tuning->default_weights, "data/weights/default.txt"));
}

/* turns() counts as the records do, and the codec is the records' one
 * byte an action and 1 + 23 bytes a packed start. */
static void tzaar_turns_and_codec_as_records(void)
{
    char err[256];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    static rec_game r;
    tz_state st;
    for (uint64_t seed = 0; seed < 6; seed++) {
        REQUIRE(g->setup(&st, seed % 2 ? "random" : "tournament", 2, seed, err, sizeof err) == 0);
        memset(&r, 0, sizeof r);
        memcpy(r.start, &st, sizeof st);
        buf b = { 0 };
        game_encode_start(g, &st, &b);
        CHECK(seed % 2 ? b.len == 24 : b.len < 80);
        buf_free(&b);
        xoshiro256 rng;
        xoshiro_seed(&rng, seed);
        game_action acts[MAX_ACTIONS];
        while (!g->over(&st) && r.nactions < REC_MAX_ACTIONS) {
            game_action a = acts[xoshiro_below(&rng, (uint64_t)g->legal(&st, acts))];
            CHECK(g->codec->encode_action(&st, a) < 256);
            r.actions[r.nactions++] = (action)a;
            g->apply(&st, a);
        }
        REQUIRE(rec_game_replay(g, &r, err, sizeof err) == 0);
        CHECKF(g->turns(&st) == r.turns, "%d turns, records %d", g->turns(&st), r.turns);
        /* An illegal action is refused where it stands: the first action
         * again as the second (its square is empty now), or one more
         * action after the end. */
        rec_game bad = r;
        bad.actions[1] = bad.actions[0];
        CHECKF(rec_game_replay(g, &bad, err, sizeof err) == -1 && !strncmp(err, "action 2 ", 9), "%s", err);
        if (r.nactions < REC_MAX_ACTIONS) {
            bad = r;
            bad.actions[bad.nactions] = bad.actions[bad.nactions - 1];
            bad.nactions++;
            CHECKF(rec_game_replay(g, &bad, err, sizeof err) == -1 && strstr(err, "is illegal"), "%s", err);
        }
        int rank[GAME_MAX_PLAYERS];
        g->rank(&st, rank);
        int w = rec_game_winner(&r);
        CHECK(w >= 0 && rank[w] == 0 && rank[!w] == 1 && g->ending(&st) == r.ending);
    }
}

/* A paired self-play run replayed through the interface alone: setups by
 * name and seed, the second game of a pair by permute(), each seat's player
 * a gplayer, the seeds as selfplay derives them.  Every game is the one
 * selfplay/play.c plays, so the drivers can move onto the interface without
 * changing a TZAAR game. */
static void tzaar_selfplay_through_the_interface(void)
{
    char err[512];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    rec_run run;
    rec_run_init(&run, g, 2);
    run.games = 12, run.seed = 5, run.setup = SETUP_RANDOM;
    run.rotations = 2, run.rotate = REC_ROTATE_PIECES | REC_ROTATE_PLAYERS;
    snprintf(run.specs[0], REC_SPEC_MAX, "ab:depth=1");
    snprintf(run.specs[1], REC_SPEC_MAX, "greedy");
    gplayer *seat_of[2] = { gplayer_new(g, run.specs[0], err, sizeof err), gplayer_new(g, run.specs[1], err, sizeof err) };
    static rec_game rg;
    REQUIRE(seat_of[0] && seat_of[1]);
    for (uint64_t id = 0; id < run.games; id++) {
        REQUIRE(play_game(&run, id, seat_of, &rg, err, sizeof err) == 0);
        tz_state st;
        REQUIRE(g->setup(&st, "random", 2, rec_setup_seed(&run, rec_setup_index(&run, id)), err, sizeof err) == 0);
        bool swapped = id & 1;
        if (swapped)
            g->permute(&st, (const int[GAME_MAX_PLAYERS]){ 1, 0 });
        gplayer *pl[2] = { seat_of[swapped], seat_of[!swapped] };
        int j = 0;
        for (; !g->over(&st) && j < rg.nactions; j++) {
            game_action a = gplayer_choose(pl[g->to_act(&st)], &st, seed_mix(rec_game_seed(&run, id), (uint64_t)j));
            CHECKF(a == rg.actions[j], "game %llu action %d", (unsigned long long)id, j);
            if (a != rg.actions[j])
                break;
            g->apply(&st, a);
        }
        double sc[GAME_MAX_PLAYERS] = { 0 };
        g->outcome(&st, sc);
        CHECKF(j == rg.nactions && g->over(&st) && !memcmp(sc, rg.scores, sizeof sc) && g->turns(&st) == rg.turns,
               "game %llu", (unsigned long long)id);
    }
    gplayer_free(seat_of[0]);
    gplayer_free(seat_of[1]);
}

/* engine/replay.h, the one replay loop, on every game: random games played
 * by hand and replayed see every position once in order, end where the
 * hand-played game ended, stop where the visitor asks, and stop before an
 * action that is not legal when asked to check. */
typedef struct replay_seen {
    const game_def *g;
    const unsigned char *positions; /* the hand-played positions, ply by ply */
    int calls, wrong, stop_at;
} replay_seen;

static int replay_visit(void *ctx, const void *state, int ply)
{
    replay_seen *r = ctx;
    r->wrong += ply != r->calls || memcmp(state, r->positions + (size_t)ply * r->g->state_size, r->g->state_size);
    r->calls++;
    return ply == r->stop_at;
}

static void replay_is_one_loop(void)
{
    enum { PLIES = 40 };
    for (const game_def *const *gp = game_list(); *gp; gp++) {
        const game_def *g = *gp;
        char err[300];
        unsigned char *pos = calloc(PLIES + 1, g->state_size), *s = malloc(g->state_size);
        game_action *legal = malloc(sizeof *legal * (size_t)g->max_actions), acts[PLIES];
        REQUIRE(pos && s && legal);
        CHECKF(g->setup(pos, g->setup_names[0], g->default_players ? g->default_players : g->min_players, 7, err,
                        sizeof err) == 0, "%s: %s", g->name, err);
        uint64_t rng = 99;
        int n = 0;
        for (; n < PLIES && !g->over(pos + (size_t)n * g->state_size); n++) {
            memcpy(pos + (size_t)(n + 1) * g->state_size, pos + (size_t)n * g->state_size, g->state_size);
            int m = g->legal(pos + (size_t)n * g->state_size, legal);
            acts[n] = legal[splitmix64(&rng) % (uint64_t)m];
            g->apply(pos + (size_t)(n + 1) * g->state_size, acts[n]);
        }
        replay_seen r = { g, pos, 0, 0, -1 };
        memcpy(s, pos, g->state_size);
        CHECKF(game_replay(g, s, acts, n, legal, replay_visit, &r) == n && r.calls == n + 1 && !r.wrong, "%s",
               g->name);
        CHECKF(!memcmp(s, pos + (size_t)n * g->state_size, g->state_size), "%s: the final position", g->name);
        memcpy(s, pos, g->state_size);
        CHECK(game_replay(g, s, acts, n, NULL, NULL, NULL) == n &&
              !memcmp(s, pos + (size_t)n * g->state_size, g->state_size));
        r = (replay_seen){ g, pos, 0, 0, n / 2 };
        memcpy(s, pos, g->state_size);
        CHECKF(game_replay(g, s, acts, n, NULL, replay_visit, &r) == n / 2 && r.calls == n / 2 + 1 &&
               !memcmp(s, pos + (size_t)(n / 2) * g->state_size, g->state_size), "%s: stopped", g->name);
        if (n >= 2) { /* no action at ply 1: refused, the replay stops after one */
            game_action bad[PLIES];
            memcpy(bad, acts, sizeof bad);
            bad[1] = GAME_NO_ACTION;
            memcpy(s, pos, g->state_size);
            CHECKF(game_replay(g, s, bad, n, legal, NULL, NULL) == 1, "%s: an illegal action", g->name);
            CHECK(!memcmp(s, pos + g->state_size, g->state_size));
        }
        free(pos);
        free(s);
        free(legal);
    }
}

const test_case tests_game[] = {
    { "game_replay_is_one_loop_for_every_game", replay_is_one_loop },
    { "game_tzaar_selfplay_through_the_interface", tzaar_selfplay_through_the_interface },
    { "game_interface_drives_games", interface_drives_whole_games },
    { "game_tzaar_kinds_play_as_player_h", tzaar_kinds_play_as_before },
    { "game_tzaar_permute_recolours", tzaar_permute_recolours },
    { "game_tzaar_features_by_seat", tzaar_features_by_seat },
    { "game_tzaar_turns_and_codec_as_records", tzaar_turns_and_codec_as_records },
    { NULL, NULL },
};
