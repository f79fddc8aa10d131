/* test_bench.c — the signatures pinned (games/signature.h, games/tzaar/bench.h).
 *
 * The perft and search signatures over TZAAR's bench positions at reduced
 * depths, and the engine signature built from them, are pinned here: a
 * change to move generation, evaluation or search that changes the games
 * played changes them.  When that change is deliberate, update the pinned
 * value in the same commit and say so in the commit message.  (`triad bench`
 * prints the full-depth signatures; the full perft one, 2285253452, takes
 * 25 s optimised, too long for the suite.) */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include "check.h"
#include "games/signature.h"
#include "games/tzaar/bench.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/search.h"
#include "games/tzaar/setup.h"

/* Pinned: TZAAR's signatures at the bench depths less 3 (the engine
 * signature's depths, `triad bench --reduce 3`) and less 2. */
#define PIN_PERFT_R3 23654u
#define PIN_SEARCH_R3 109049u
#define PIN_PERFT_R2 739938u
#define PIN_SEARCH_R2 844942u
#define PIN_ENGINE 0x2613a848b26da39cULL

#define CHANGED "search signature changed: if move generation, evaluation or search changed on purpose, " \
                "update the pinned value in the same commit and say so in the commit message"

static const game_def *tzaar(void)
{
    return game_find("tzaar", NULL, 0);
}

static void signatures_pinned(void)
{
    const game_def *g = tzaar();
    REQUIRE(g && g->bench && g->bench->perft && g->bench->search_nodes);
    uint64_t perft, search;
    char err[256];
    REQUIRE(game_signature_sums(g, 3, &perft, &search, err, sizeof err) == 0);
    CHECKF(perft == PIN_PERFT_R3, "perft signature (reduce 3) %llu, pinned %llu: " CHANGED,
           (unsigned long long)perft, (unsigned long long)PIN_PERFT_R3);
    CHECKF(search == PIN_SEARCH_R3, "%llu (reduce 3), pinned %llu: " CHANGED, (unsigned long long)search,
           (unsigned long long)PIN_SEARCH_R3);
    REQUIRE(game_signature_sums(g, 2, &perft, &search, err, sizeof err) == 0);
    CHECKF(perft == PIN_PERFT_R2, "perft signature (reduce 2) %llu, pinned %llu: " CHANGED,
           (unsigned long long)perft, (unsigned long long)PIN_PERFT_R2);
    CHECKF(search == PIN_SEARCH_R2, "%llu (reduce 2), pinned %llu: " CHANGED, (unsigned long long)search,
           (unsigned long long)PIN_SEARCH_R2);
}

/* The suite's full perft depths are those whose sum `triad bench` prints as
 * 2285253452: the fixed setup's count is the rules page's, the rest are the
 * suite's own (checked at full depth by `make bench` only). */
static void bench_suite_shape(void)
{
    static const int perft_depth[] = { 5, 4, 4, 4, 5, 5, 6 };
    int i = 0;
    for (const game_bench_pos *b = tz_bench_positions; b->name; b++, i++) {
        position p;
        char err[256];
        REQUIRE(i < 7);
        CHECKF(tz_pos_from_text(&p, b->position, err, sizeof err) == 0, "%s: %s", b->name, err);
        CHECKF(b->perft_depth == perft_depth[i], "%s: perft depth %d changes the perft signature: " CHANGED,
               b->name, b->perft_depth);
        CHECK(b->search_depth > 0 && b->search_depth <= SEARCH_MAX_DEPTH);
    }
    CHECK(i == 7);
    CHECK(!strcmp(tz_bench_positions[0].position, TZ_SETUP_FIXED_TEXT));
}

static void *engine_signature_thread(void *arg)
{
    *(uint64_t *)arg = game_engine_signature(tzaar());
    return NULL;
}

static void engine_signature_pinned_and_stable(void)
{
    const game_def *g = tzaar();
    REQUIRE(g);
    /* Concurrent first calls (self-play workers) agree. */
    pthread_t t[4];
    uint64_t got[4] = { 0 };
    for (int i = 0; i < 4; i++)
        REQUIRE(pthread_create(&t[i], NULL, engine_signature_thread, &got[i]) == 0);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    uint64_t sig = game_engine_signature(g);
    CHECKF(sig == PIN_ENGINE, "engine signature %016llx, pinned %016llx: " CHANGED, (unsigned long long)sig,
           (unsigned long long)PIN_ENGINE);
    for (int i = 0; i < 4; i++)
        CHECK(got[i] == sig);
    CHECK(game_engine_signature(g) == sig);
}

/* The engine signature depends on every count, and a broken suite gives 0
 * (not cached) with the sums' error naming the position. */
static void engine_signature_follows_the_suite(void)
{
    const game_def *g = tzaar();
    REQUIRE(g);
    static const game_bench_pos one[] = { { "fixed setup", TZ_SETUP_FIXED_TEXT, 5, 5 }, { NULL, NULL, 0, 0 } };
    static const game_bench_pos deeper[] = { { "fixed setup", TZ_SETUP_FIXED_TEXT, 6, 5 }, { NULL, NULL, 0, 0 } };
    static const game_bench_pos broken[] = { { "fixed setup", TZ_SETUP_FIXED_TEXT, 5, 5 },
                                             { "nonsense", "not a position", 5, 5 },
                                             { NULL, NULL, 0, 0 } };
    /* Static: the cache is keyed by the table's address, which must not be
     * reused by another table later. */
    static game_def a, b, c, d, e;
    static game_bench ba, bb, bc, bd;
    ba = bb = bc = bd = *g->bench;
    ba.positions = one;
    bb.positions = deeper;
    bc.positions = one, bc.search_nodes = NULL;
    bd.positions = broken;
    a = b = c = d = e = *g;
    a.bench = &ba;
    b.bench = &bb;
    c.bench = &bc;
    d.bench = &bd;
    e.bench = &ba, e.name = "tzaar2";
    uint64_t sa = game_engine_signature(&a), sb = game_engine_signature(&b), sc = game_engine_signature(&c);
    uint64_t se = game_engine_signature(&e);
    CHECK(sa && sb && sc && se);
    CHECK(sa != sb && sa != sc && sb != sc && sa != se && sa != game_engine_signature(g));
    uint64_t perft, search;
    char err[256] = "";
    CHECK(game_signature_sums(&c, 3, &perft, &search, err, sizeof err) == 0 && perft == 1797 && search == 0);
    CHECK(game_signature_sums(&a, 3, &perft, &search, err, sizeof err) == 0 && perft == 1797 && search == 456);
    CHECK(game_engine_signature(&d) == 0 && game_engine_signature(&d) == 0);
    CHECK(game_signature_sums(&d, 3, &perft, &search, err, sizeof err) == -1 && strstr(err, "nonsense"));
}

/* The hooks leave the position alone; the searcher never runs on a finished
 * game or in the placement phase. */
static void hooks_leave_the_position(void)
{
    position p, before;
    tz_setup_fixed(&p);
    before = p;
    CHECK(tz_game_perft(&p, 2) == 1797 && !memcmp(&p, &before, sizeof p));
    CHECK(tz_game_search_nodes(&p, 2) == 456 && !memcmp(&p, &before, sizeof p));
    CHECK(tz_game_search_nodes(&p, 2) == 456); /* a fresh table every call */
    tz_setup_make(&p, SETUP_TOURNAMENT, 3);
    CHECK(p.phase == PHASE_PLACE && tz_game_search_nodes(&p, 3) == 0);
    char err[256];
    /* Black has lost its Tzaars: White has won. */
    REQUIRE(tz_pos_from_text(&p, "abc.......................................................BC w 1", err, sizeof err) ==
            0);
    CHECK(tz_game_winner(&p, NULL) == WHITE && tz_game_search_nodes(&p, 3) == 0);
}

const test_case tests_bench[] = {
    { "bench_signatures_pinned", signatures_pinned },
    { "bench_suite_shape", bench_suite_shape },
    { "bench_engine_signature_pinned_and_stable", engine_signature_pinned_and_stable },
    { "bench_engine_signature_follows_the_suite", engine_signature_follows_the_suite },
    { "bench_hooks_leave_the_position", hooks_leave_the_position },
    { NULL, NULL },
};
