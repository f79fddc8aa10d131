/* test_conformance.c — the game interface's contract (engine/game.h),
 * checked for EVERY registered game by looping over game_list(): a game
 * added to the registry is tested here without a line of new test code.
 *
 * Random playouts from every setup and player count check at each ply that
 * legal/apply/over/to_act agree, that position and action texts and both
 * codecs (the game's own and the generic index) round-trip, that a seat
 * permutation then its inverse gives back the state, and that features are
 * finite; at the end, that scores, ranks and the ending agree.  Then perft
 * of the bench positions, players' reproducibility, and the registry.
 * Every game's variants too (game.h, "parameters"): each combination of
 * its parameters' values (game_variants), set up and parsed through
 * game_setup() and game_from_text() as the drivers do. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/game_codec.h"
#include "engine/players.h"
#include "engine/toy/race3.h"

/* Every registered game, each followed by its variants: what the suite
 * runs over.  The count. */
#define GAMES_AND_VARIANTS_MAX 256
static int games_and_variants(const game_def **out)
{
    int k = 0;
    for (const game_def *const *g = game_list(); *g && k < GAMES_AND_VARIANTS_MAX; g++) {
        char err[200] = "";
        int n = game_variants(*g, out + k, GAMES_AND_VARIANTS_MAX - k, err, sizeof err);
        CHECKF(n >= 1 && out[k] == *g, "%s: game_variants: %s", (*g)->name, err);
        k += n > 0 ? n : 0;
    }
    return k;
}

/* A game's scratch: states and an action list of its sizes. */
typedef struct scratch {
    void *s, *t, *u;
    game_action *acts;
} scratch;

static bool scratch_new(const game_def *g, scratch *x)
{
    x->s = calloc(1, g->state_size);
    x->t = calloc(1, g->state_size);
    x->u = calloc(1, g->state_size);
    x->acts = malloc(sizeof *x->acts * (size_t)g->max_actions);
    return x->s && x->t && x->u && x->acts;
}

static void scratch_free(scratch *x)
{
    free(x->s);
    free(x->t);
    free(x->u);
    free(x->acts);
}

/* Playouts per (setup, player count): enough plies to reach every phase. */
static int playouts(const game_def *g)
{
    return g->max_actions > 16 ? 3 : 20;
}

/* The text of s parses into a state that prints the same. */
static void check_text(const game_def *g, const void *s, scratch *x, const char *where)
{
    char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX], err[256] = "";
    int len = g->to_text(s, text, sizeof text);
    CHECKF(len > 0 && (size_t)len == strlen(text), "%s %s: to_text length %d", g->name, where, len);
    CHECKF(game_from_text(g, x->t, text, err, sizeof err) == 0, "%s %s: '%s' does not parse: %s", g->name, where,
           text, err);
    g->to_text(x->t, again, sizeof again);
    CHECKF(!strcmp(text, again), "%s %s: '%s' prints back as '%s'", g->name, where, text, again);
    CHECKF(g->to_text(s, text, (size_t)len) == -1, "%s %s: to_text into a short buffer", g->name, where);
}

/* Every permutation of the seats that the test tries: all of them for up
 * to 3 players, rotations and one swap for 4. */
static int permutations(int players, int perms[24][GAME_MAX_PLAYERS])
{
    int n = 0;
    int p[GAME_MAX_PLAYERS] = { 0, 1, 2, 3 };
    if (players <= 3) {
        /* Heap's algorithm, iteratively. */
        int c[GAME_MAX_PLAYERS] = { 0 }, i = 0;
        memcpy(perms[n++], p, sizeof p);
        while (i < players) {
            if (c[i] < i) {
                int j = i % 2 ? c[i] : 0, t = p[j];
                p[j] = p[i];
                p[i] = t;
                memcpy(perms[n++], p, sizeof p);
                c[i]++;
                i = 0;
            } else {
                c[i++] = 0;
            }
        }
        return n;
    }
    for (int r = 0; r < players; r++, n++)
        for (int k = 0; k < players; k++)
            perms[n][k] = (k + r) % players;
    memcpy(perms[n], (int[GAME_MAX_PLAYERS]){ 1, 0, 2, 3 }, sizeof p);
    return n + 1;
}

static void check_permute(const game_def *g, const void *s, scratch *x, int players, bool start, const char *where)
{
    int perms[24][GAME_MAX_PLAYERS], n = permutations(players, perms);
    for (int i = 0; i < n; i++) {
        int inv[GAME_MAX_PLAYERS] = { 0 };
        for (int k = 0; k < players; k++)
            inv[perms[i][k]] = k;
        memcpy(x->u, s, g->state_size);
        g->permute(x->u, perms[i]);
        CHECKF(g->players(x->u) == players, "%s %s: permute changed the player count", g->name, where);
        if (start) /* a permuted start is a start that the text can say */
            check_text(g, x->u, x, where);
        g->permute(x->u, inv);
        CHECKF(!memcmp(x->u, s, g->state_size), "%s %s: permutation %d then its inverse changed the state",
               g->name, where, i);
    }
}

/* A game's own codec decodes every code to a legal action or refuses it
 * (engine/game.h): the records reader relies on it.  Every code up to 64
 * past the largest a legal action has, and the largest codes. */
static void check_codec_legal_only(const game_def *g, const void *s, const game_action *acts, int n,
                                   const char *where)
{
    if (!g->codec)
        return;
    uint32_t top = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = game_encode_action(g, s, acts[i]);
        top = c > top ? c : top;
    }
    uint32_t far[] = { 0xffff, 0x10000, UINT32_MAX - 1, UINT32_MAX };
    for (uint32_t k = 0; k <= top + 64 + 4; k++) {
        uint32_t code = k <= top + 64 ? k : far[k - top - 65];
        game_action a;
        if (g->codec->decode_action(s, code, &a))
            continue;
        CHECKF(game_index_encode(g, s, a) != UINT32_MAX, "%s %s: the game's code %u decodes to an action not in legal()",
               g->name, where, (unsigned)code);
    }
}

/* Texts and both codecs of every legal action. */
static void check_actions(const game_def *g, const void *s, const game_action *acts, int n, const char *where)
{
    char text[GAME_ACTION_TEXT_MAX], err[256];
    for (int i = 0; i < n; i++) {
        game_action a = acts[i], back = GAME_NO_ACTION;
        g->action_to_text(s, a, text, sizeof text);
        CHECKF(text[0] && g->action_from_text(s, text, &back, err, sizeof err) == 0 && back == a,
               "%s %s: action '%s' does not round-trip: %s", g->name, where, text, err);
        uint32_t code = game_index_encode(g, s, a);
        CHECKF(code == (uint32_t)i && !game_index_decode(g, s, code, &back) && back == a,
               "%s %s: generic code of '%s'", g->name, where, text);
        code = game_encode_action(g, s, a);
        CHECKF(!game_decode_action(g, s, code, &back) && back == a, "%s %s: the game's code of '%s'", g->name,
               where, text);
    }
    CHECKF(game_index_decode(g, s, (uint32_t)n, &(game_action){ 0 }) == -1, "%s %s: index past the list",
           g->name, where);
    check_codec_legal_only(g, s, acts, n, where);
}

static void check_start_codec(const game_def *g, const void *s, scratch *x, const char *where)
{
    buf b = { 0 };
    char err[256] = "", t1[GAME_TEXT_MAX], t2[GAME_TEXT_MAX];
    game_encode_start(g, s, &b);
    cursor c = { b.data, b.data + b.len, false };
    CHECKF(!b.failed && game_decode_start(g, x->t, &c, err, sizeof err) == 0 && c.p == c.end,
           "%s %s: start codec: %s", g->name, where, err);
    g->to_text(s, t1, sizeof t1);
    g->to_text(x->t, t2, sizeof t2);
    CHECKF(!strcmp(t1, t2), "%s %s: start decodes as '%s', not '%s'", g->name, where, t2, t1);
    buf_free(&b);
}

static void check_features(const game_def *g, const void *s, int players, const char *where)
{
    double f[GAME_MAX_FEATURES];
    for (int k = 0; k < players && g->tuning; k++) {
        g->tuning->features(s, k, f);
        for (int i = 0; i < g->tuning->nfeatures; i++)
            CHECKF(isfinite(f[i]), "%s %s: feature %s of seat %d is %g", g->name, where, g->tuning->feature_names[i], k,
                   f[i]);
    }
}

static void check_result(const game_def *g, const void *s, int players, const char *where)
{
    double score[GAME_MAX_PLAYERS];
    int rank[GAME_MAX_PLAYERS], nend = 0;
    g->outcome(s, score);
    g->rank(s, rank);
    while (g->ending_names[nend])
        nend++;
    int e = g->ending(s);
    CHECKF(e > 0 && e < nend, "%s %s: ending %d of %d names", g->name, where, e, nend);
    for (int k = 0; k < players && g->scoring; k++) { /* the parts make up the score */
        double part[GAME_MAX_FEATURES], sum = 0;
        g->scoring->score_parts(s, k, part);
        for (int i = 0; i < g->scoring->nscore_parts; i++)
            sum += part[i];
        CHECKF(fabs(sum - score[k]) < 1e-9, "%s %s: seat %d's score parts add up to %g, not %g", g->name, where, k,
               sum, score[k]);
    }
    for (int i = 0; i < players; i++) {
        CHECKF(score[i] >= 0 && score[i] <= g->score_max, "%s %s: seat %d scores %g", g->name, where, i, score[i]);
        CHECKF(rank[i] >= 0 && rank[i] < players, "%s %s: seat %d ranks %d", g->name, where, i, rank[i]);
        /* Equal scores may rank apart (a game's tie-break, Talat's best
         * capture), but ranks count the seats placed above: 0, 0, 2. */
        int above = 0;
        for (int j = 0; j < players; j++) {
            CHECKF(!(score[i] > score[j]) || rank[i] < rank[j], "%s %s: seat %d scores more than %d but ranks %d >= %d",
                   g->name, where, i, j, rank[i], rank[j]);
            above += rank[j] < rank[i];
        }
        CHECKF(rank[i] == above, "%s %s: seat %d ranks %d with %d seats above it", g->name, where, i, rank[i], above);
    }
}

/* One random playout from the setup, checking every ply. */
static void playout(const game_def *g, scratch *x, const char *setup, int players, uint64_t seed)
{
    char err[256], where[96];
    snprintf(where, sizeof where, "%s/%d players/seed %llu", setup, players, (unsigned long long)seed);
    if (game_setup(g, x->s, setup, players, seed, err, sizeof err)) {
        check_fail(__FILE__, __LINE__, "%s: setup %s: %s", g->name, where, err);
        return;
    }
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    CHECKF(g->turns(x->s) == 0 && g->players(x->s) == players, "%s %s: a fresh start", g->name, where);
    check_start_codec(g, x->s, x, where);
    double sf[GAME_MAX_FEATURES];
    if (g->study) {
        g->study->start_features(x->s, sf);
        for (int i = 0; i < g->study->nstart_features; i++)
            CHECKF(isfinite(sf[i]), "%s %s: start feature %s", g->name, where, g->study->start_feature_names[i]);
    }
    for (int ply = 0;; ply++) {
        int n = g->legal(x->s, x->acts), who = g->to_act(x->s), turns = g->turns(x->s);
        bool over = g->over(x->s);
        CHECKF(n >= 0 && n <= g->max_actions, "%s %s ply %d: %d legal actions", g->name, where, ply, n);
        CHECKF((n == 0) == over, "%s %s ply %d: %d legal actions, over %d", g->name, where, ply, n, over);
        CHECKF(over ? who == -1 : who >= 0 && who < players, "%s %s ply %d: to_act %d", g->name, where, ply, who);
        for (int i = 1; i < n; i++)
            CHECKF(x->acts[i - 1] < x->acts[i], "%s %s ply %d: legal() not ascending", g->name, where, ply);
        check_text(g, x->s, x, where);
        check_permute(g, x->s, x, players, ply == 0, where);
        check_features(g, x->s, players, where);
        if (over) {
            check_result(g, x->s, players, where);
            return;
        }
        CHECKF(g->ending(x->s) == 0, "%s %s ply %d: an ending before the end", g->name, where, ply);
        check_actions(g, x->s, x->acts, n, where);
        if (ply % 7 == 3)
            check_start_codec(g, x->s, x, where); /* any position, not only starts */
        g->apply(x->s, x->acts[xoshiro_below(&rng, (uint64_t)n)]);
        CHECKF(g->turns(x->s) >= turns, "%s %s ply %d: turns went back", g->name, where, ply);
        if (ply > 100000) {
            check_fail(__FILE__, __LINE__, "%s %s: no end after 100000 actions", g->name, where);
            return;
        }
    }
}

static void every_game_plays_by_the_contract(void)
{
    const game_def *list[GAMES_AND_VARIANTS_MAX];
    int count = games_and_variants(list);
    REQUIRE(count > 0);
    for (int i = 0; i < count; i++) {
        const game_def *g = list[i];
        scratch x;
        REQUIRE(scratch_new(g, &x));
        CHECKF(g->min_players >= 1 && g->min_players <= g->max_players && g->max_players <= GAME_MAX_PLAYERS,
               "%s: players %d..%d", g->name, g->min_players, g->max_players);
        char refusal[GAME_REFUSAL_MAX];
        CHECKF(game_check(g, refusal, sizeof refusal) == 0, "%s: %s", g->name, refusal);
        CHECKF(!strcmp(g->ending_names[0], "none"), "%s: ending 0 is not 'none'", g->name);
        /* A setup may be for some player counts only (Talat's *-human-line
         * setups are the Zihin game's): it refuses the others with a
         * message, and plays at least one. */
        for (int s = 0; g->setup_names[s]; s++) {
            int played = 0;
            for (int p = g->min_players; p <= g->max_players; p++) {
                char why[256] = "";
                if (game_setup(g, x.s, g->setup_names[s], p, 1, why, sizeof why)) {
                    CHECKF(why[0] && !strchr(why, '\n'), "%s: setup %s refuses %d players without a message",
                           g->name, g->setup_names[s], p);
                    continue;
                }
                played++;
                for (int k = 0; k < playouts(g); k++)
                    playout(g, &x, g->setup_names[s], p, (uint64_t)(1000 * s + 10 * p + k));
            }
            CHECKF(played > 0, "%s: setup %s plays for no number of players", g->name, g->setup_names[s]);
        }
        char err[256] = "";
        CHECKF(game_setup(g, x.s, "no-such-setup", g->min_players, 0, err, sizeof err) == -1 &&
               strstr(err, "no-such-setup"), "%s: an unknown setup: %s", g->name, err);
        CHECKF(game_setup(g, x.s, g->setup_names[0], g->max_players + 1, 0, err, sizeof err) == -1 && err[0],
               "%s: too many players", g->name);
        CHECKF(game_from_text(g, x.s, "", err, sizeof err) == -1 && err[0] && !strchr(err, '\n'), "%s: empty text",
               g->name);
        scratch_free(&x);
    }
}

/* perft of every bench position: depth 1 is the legal count, depth 2 the
 * sum over the children, the count is stable and the state unchanged. */
static void bench_positions_perft(void)
{
    const game_def *list[GAMES_AND_VARIANTS_MAX];
    int count = games_and_variants(list);
    for (int i = 0; i < count; i++) {
        const game_def *g = list[i];
        scratch x;
        game_action *kids = malloc(sizeof *kids * (size_t)g->max_actions);
        REQUIRE(kids && scratch_new(g, &x));
        CHECKF(g->bench && g->bench->positions[0].name, "%s: no bench positions", g->name);
        for (const game_bench_pos *b = g->bench ? g->bench->positions : NULL; b && b->name; b++) {
            char err[256];
            if (game_bench_start(g, x.s, (int)(b - g->bench->positions), err, sizeof err)) {
                check_fail(__FILE__, __LINE__, "%s bench '%s': %s", g->name, b->name, err);
                continue;
            }
            CHECKF(b->perft_depth >= 1, "%s bench '%s': perft depth %d", g->name, b->name, b->perft_depth);
            memcpy(x.t, x.s, g->state_size);
            int n = g->legal(x.s, x.acts);
            uint64_t children = 0;
            for (int k = 0; k < n; k++) {
                memcpy(x.u, x.s, g->state_size);
                g->apply(x.u, x.acts[k]);
                children += (uint64_t)g->legal(x.u, kids);
            }
            CHECKF(g->bench->perft(x.s, 1) == (uint64_t)n, "%s bench '%s': perft 1 is not the legal count", g->name, b->name);
            uint64_t p2 = g->bench->perft(x.s, 2);
            CHECKF(p2 == children, "%s bench '%s': perft 2 %llu, children %llu", g->name, b->name,
                   (unsigned long long)p2, (unsigned long long)children);
            int d = b->perft_depth < 3 ? b->perft_depth : 3; /* the full depths are for triad bench */
            CHECKF(g->bench->perft(x.s, d) == g->bench->perft(x.s, d), "%s bench '%s': perft %d unstable", g->name, b->name, d);
            CHECKF(!memcmp(x.s, x.t, g->state_size), "%s bench '%s': perft changed the state", g->name, b->name);
        }
        free(kids);
        scratch_free(&x);
    }
}

/* A small limit for the kinds whose options the suite knows; any other
 * kind is made with its defaults. */
static const char *small_spec(const char *kind, char *out, size_t n)
{
    static const char *const limits[][2] = { { "ab", "depth=1" }, { "mcts", "playouts=64" } };
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
        if (!strcmp(kind, limits[i][0])) {
            snprintf(out, n, "%s:%s", kind, limits[i][1]);
            return out;
        }
    snprintf(out, n, "%s", kind);
    return out;
}

/* Same spec, state and seed: same action, from two players of that spec,
 * at several plies of a game; the action is legal; the canonical spec
 * makes the same player again. */
static void check_kind(const game_def *g, const game_player_kind *kind, scratch *x)
{
    char spec[GPLAYER_SPEC_MAX], err[512] = "";
    small_spec(kind->name, spec, sizeof spec);
    gplayer *a = gplayer_new(g, spec, err, sizeof err), *b = a ? gplayer_new(g, gplayer_spec(a), err, sizeof err) : NULL;
    CHECKF(a && b, "%s: player '%s': %s", g->name, spec, err);
    if (a && b) {
        CHECKF(!strcmp(gplayer_spec(a), gplayer_spec(b)), "%s: '%s' is not canonical", g->name, gplayer_spec(a));
        REQUIRE(game_setup(g, x->s, g->setup_names[0], g->min_players, 7, err, sizeof err) == 0);
        for (int ply = 0; ply < 12 && !g->over(x->s); ply++) {
            uint64_t seed = seed_mix(99, (uint64_t)ply);
            game_action c1 = gplayer_choose(a, x->s, seed), c2 = gplayer_choose(b, x->s, seed),
                        c3 = gplayer_choose(a, x->s, seed);
            CHECKF(c1 == c2 && c1 == c3, "%s: '%s' chose differently at ply %d", g->name, spec, ply);
            int n = g->legal(x->s, x->acts), legal = 0;
            for (int i = 0; i < n; i++)
                legal |= x->acts[i] == c1;
            CHECKF(legal, "%s: '%s' chose an illegal action at ply %d", g->name, spec, ply);
            if (!legal)
                break;
            g->apply(x->s, c1);
        }
    }
    gplayer_free(a);
    gplayer_free(b);
}

static void players_are_reproducible(void)
{
    const game_def *list[GAMES_AND_VARIANTS_MAX];
    int count = games_and_variants(list);
    for (int i = 0; i < count; i++) {
        const game_def *g = list[i];
        scratch x;
        REQUIRE(scratch_new(g, &x));
        for (int k = 0; g->player_kinds && g->player_kinds[k]; k++)
            check_kind(g, g->player_kinds[k], &x);
        check_kind(g, &gplayer_random, &x);
        char err[512] = "";
        gplayer *p = gplayer_new(g, "no-such-kind:x=1", err, sizeof err);
        CHECKF(!p && strstr(err, "unknown player 'no-such-kind'") && strstr(err, "random"), "%s: %s", g->name, err);
        gplayer_free(p);
        scratch_free(&x);
    }
}

static void *look_up_games(void *arg)
{
    (void)arg;
    char err[256];
    for (int k = 0; k < 50; k++)
        if (!game_list()[0] || !game_find("race3", err, sizeof err))
            return (void *)1;
    return NULL;
}

/* game_find() and game_list() agree, the test game is listed apart, an
 * unknown name names the known ones, and init() ran exactly once however
 * many threads asked. */
static void registry_finds_and_initialises_once(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        REQUIRE(pthread_create(&t[i], NULL, look_up_games, NULL) == 0);
    for (int i = 0; i < 4; i++) {
        void *bad = NULL;
        pthread_join(t[i], &bad);
        CHECK(bad == NULL);
    }
    CHECKF(race3_init_calls() == 1, "race3's init ran %d times", race3_init_calls());
    char err[256];
    const game_def *const *list = game_list();
    for (int i = 0; list[i]; i++)
        CHECKF(game_find(list[i]->name, err, sizeof err) == list[i], "%s", list[i]->name);
    const game_def *race = game_find("race3", err, sizeof err);
    CHECK(race && race->testing_only && !game_find("tzaar", err, sizeof err)->testing_only);
    CHECK(game_find("chess", err, sizeof err) == NULL);
    /* The message lists the registry's games, the test games apart, in
     * game_list()'s order: built here from the list, not pinned. */
    char want[256] = "unknown game 'chess' (known:";
    for (int testing = 0; testing < 2; testing++) {
        const char *sep = testing ? "; test games: " : " ";
        for (int i = 0; list[i]; i++)
            if (list[i]->testing_only == testing) {
                snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", sep, list[i]->name);
                sep = ", ";
            }
    }
    snprintf(want + strlen(want), sizeof want - strlen(want), ")");
    CHECKF(!strcmp(err, want), "%s, not %s", err, want);
    CHECK(game_default() == list[0] && !game_default()->testing_only); /* the first listed: TZAAR */
}

/* race3 really is what the drivers must not assume away: three players,
 * points beyond 1, and ties. */
static void toy_game_has_points_and_ties(void)
{
    char err[256];
    const game_def *g = game_find("race3", err, sizeof err);
    REQUIRE(g);
    scratch x;
    REQUIRE(scratch_new(g, &x));
    int ties = 0, big = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        REQUIRE(g->setup(x.s, "random", 3, seed, err, sizeof err) == 0);
        xoshiro256 r;
        xoshiro_seed(&r, seed);
        while (!g->over(x.s))
            g->apply(x.s, x.acts[xoshiro_below(&r, (uint64_t)g->legal(x.s, x.acts))]);
        double sc[GAME_MAX_PLAYERS];
        int rk[GAME_MAX_PLAYERS];
        g->outcome(x.s, sc);
        g->rank(x.s, rk);
        ties += rk[0] == rk[1] || rk[1] == rk[2] || rk[0] == rk[2];
        big += sc[0] > 1 || sc[1] > 1 || sc[2] > 1;
        CHECK(g->turns(x.s) == 12);
    }
    CHECK(ties > 0 && big > 100);
    REQUIRE(g->from_text(x.s, "3 0 0 10203012 0,2,4 0,0,0", err, sizeof err) == 0);
    g->apply(x.s, 2); /* seat 0 lands on square 2 (2 points), which becomes 3 */
    char text[GAME_TEXT_MAX];
    g->to_text(x.s, text, sizeof text);
    CHECKF(!strcmp(text, "3 1 1 10303012 2,2,4 2,0,0"), "%s", text);
    CHECK(g->from_text(x.s, "3 0 0 1020301 0,2,4 0,0,0", err, sizeof err) == -1 && strstr(err, "offset 13"));
    scratch_free(&x);
}

const test_case tests_conformance[] = {
    { "conformance_registry", registry_finds_and_initialises_once },
    { "conformance_playouts", every_game_plays_by_the_contract },
    { "conformance_bench_perft", bench_positions_perft },
    { "conformance_players", players_are_reproducible },
    { "conformance_toy_points_and_ties", toy_game_has_points_and_ties },
    { NULL, NULL },
};
