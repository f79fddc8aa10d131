/* test_bench.c — the signatures pinned (engine/signature.h, engine/tzaar/bench.h).
 *
 * The perft and search signatures over every game's bench positions at
 * reduced depths, and the engine signature built from them, are pinned in
 * each game's own bench table (game_bench.pins) and checked here over
 * game_list(): a change to move generation, evaluation or search that
 * changes the games played changes them.  When that change is deliberate,
 * update the game's pins in the same commit and say so in the commit
 * message.  (`triad bench` prints the full-depth signatures; TZAAR's full
 * perft one, 2285253452, takes 25 s optimised, too long for the suite.) */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "engine/signature.h"
#include "engine/tzaar/bench.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/search.h"
#include "engine/tzaar/setup.h"

#define CHANGED "signature changed: if move generation, evaluation or search changed on purpose, " \
                "update the game's pins (its bench table's .pins) in the same commit and say so in the commit message"

static const game_def *tzaar(void)
{
    return game_find("tzaar", NULL, 0);
}

static void check_sums(const game_def *g, int reduce, uint64_t perft_pin, uint64_t search_pin)
{
    uint64_t perft, search;
    char err[256];
    if (game_signature_sums(g, reduce, &perft, &search, err, sizeof err)) {
        check_fail(__FILE__, __LINE__, "%s: %s", g->name, err);
        return;
    }
    CHECKF(perft == perft_pin, "%s: perft signature (reduce %d) %llu, pinned %llu: " CHANGED, g->name, reduce,
           (unsigned long long)perft, (unsigned long long)perft_pin);
    CHECKF(search == search_pin, "%s: search signature (reduce %d) %llu, pinned %llu: " CHANGED, g->name, reduce,
           (unsigned long long)search, (unsigned long long)search_pin);
}

/* Every registered game's signatures against the pins in its own bench
 * table (game_bench.pins, engine/game.h): the engine signature (records
 * name it; a change refuses --resume), the perft and search sums it is
 * built from (the bench depths less GAME_SIGNATURE_REDUCE) and at the
 * depths less 2, and the full-depth sums `triad bench` prints where the
 * game pins them (0: not checked here; TZAAR's full perft, 2285253452,
 * takes 25 s: make bench).  A game with a bench table and no pins fails:
 * a new game is pinned when it is added. */
static void signatures_pinned(void)
{
    int seen = 0;
    for (const game_def *const *gp = game_list(); *gp; gp++) {
        const game_def *g = *gp;
        if (!g->bench) {
            CHECKF(false, "%s has no bench: its engine signature has nothing to hash", g->name);
            continue;
        }
        const game_bench_pins *p = &g->bench->pins;
        CHECKF(p->engine && p->perft_r3, "%s has no pins in its bench table (game_bench.pins: triad --version and "
               "triad bench --reduce 3 / --reduce 2 give them)", g->name);
        if (!p->engine)
            continue;
        seen++;
        uint64_t sig = game_engine_signature(g);
        CHECKF(sig == p->engine, "%s: engine signature %016llx, pinned %016llx: " CHANGED, g->name,
               (unsigned long long)sig, (unsigned long long)p->engine);
        check_sums(g, GAME_SIGNATURE_REDUCE, p->perft_r3, p->search_r3);
        check_sums(g, 2, p->perft_r2, p->search_r2);
        if (p->perft_full)
            check_sums(g, 0, p->perft_full, p->search_full);
    }
    CHECKF(seen >= 4, "%d games pinned", seen);
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
    CHECKF(sig == g->bench->pins.engine, "engine signature %016llx, pinned %016llx: " CHANGED,
           (unsigned long long)sig, (unsigned long long)g->bench->pins.engine);
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
    CHECK(game_signature_sums(&a, 3, &perft, &search, err, sizeof err) == 0 && perft == 1797 && search == 1037);
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
    CHECK(tz_game_search_nodes(NULL, &p, 2) == 1037 && !memcmp(&p, &before, sizeof p));
    CHECK(tz_game_search_nodes(NULL, &p, 2) == 1037); /* a fresh table every call */
    void *scratch = NULL;
    CHECK(tz_game_search_nodes(&scratch, &p, 2) == 1037 && scratch && !memcmp(&p, &before, sizeof p));
    CHECK(tz_game_search_nodes(&scratch, &p, 2) == 1037); /* the kept table's entries read as empty */
    tz_game_search_scratch_free(scratch);
    tz_setup_make(&p, SETUP_TOURNAMENT, 3);
    CHECK(p.phase == PHASE_PLACE && tz_game_search_nodes(NULL, &p, 3) == 0);
    char err[256];
    /* Black has lost its Tzaars: White has won. */
    REQUIRE(tz_pos_from_text(&p, "abc.......................................................BC w 1", err, sizeof err) ==
            0);
    CHECK(tz_game_winner(&p, NULL) == WHITE && tz_game_search_nodes(NULL, &p, 3) == 0);
}

/* A kept searcher (search_nodes' scratch, as the engine signature keeps
 * it) counts what a fresh one counts, whatever searched before it: every
 * game's positions in the suite's order and backwards, at the depths less
 * 2, against fresh searchers. */
static void kept_searcher_counts_as_fresh(void)
{
    int games = 0, compared = 0;
    for (const game_def *const *gp = game_list(); *gp; gp++) {
        const game_def *g = *gp;
        if (!g->bench || !g->bench->search_nodes)
            continue;
        games++;
        int n = 0;
        while (g->bench->positions[n].name)
            n++;
        void *s = malloc(g->state_size);
        REQUIRE(s);
        for (int dir = 0; dir < 2; dir++) {
            void *scratch = NULL;
            for (int k = 0; k < n; k++) {
                const game_bench_pos *b = &g->bench->positions[dir ? n - 1 - k : k];
                char why[256];
                int depth = game_signature_depth(b->search_depth, 2);
                REQUIRE(g->from_text(s, b->position, why, sizeof why) == 0);
                uint64_t kept = g->bench->search_nodes(&scratch, s, depth);
                uint64_t fresh = g->bench->search_nodes(NULL, s, depth);
                CHECKF(kept == fresh, "%s '%s' depth %d%s: %llu nodes with a kept searcher, %llu fresh", g->name,
                       b->name, depth, dir ? " (backwards)" : "", (unsigned long long)kept,
                       (unsigned long long)fresh);
                compared++;
            }
            if (scratch) {
                CHECK(g->bench->search_scratch_free != NULL);
                if (g->bench->search_scratch_free)
                    g->bench->search_scratch_free(scratch);
            }
        }
        free(s);
    }
    CHECKF(games >= 3 && compared >= 20, "%d games, %d positions compared", games, compared);
}

const test_case tests_bench[] = {
    { "bench_kept_searcher_counts_as_fresh", kept_searcher_counts_as_fresh },
    { "bench_signatures_pinned_for_every_game", signatures_pinned },
    { "bench_suite_shape", bench_suite_shape },
    { "bench_engine_signature_pinned_and_stable", engine_signature_pinned_and_stable },
    { "bench_engine_signature_follows_the_suite", engine_signature_follows_the_suite },
    { "bench_hooks_leave_the_position", hooks_leave_the_position },
    { NULL, NULL },
};
