/* test_variants.c — TZAAR's variants, the game parameters first= and pie=
 * (docs/tzaar-variants.md; engine/tzaar/variants.c), through the game
 * interface as the drivers reach them (game_find, game_setup,
 * game_from_text): the first turns of each on the fixed setup and on
 * positions made for the rule at hand, the swap (with no capture left, it
 * still wins), the position strings each variant reads and refuses, the
 * seat rotation of a start, the codec's swap, perft from the fixed setup
 * at depths 1 to 4 (pinned, and depths 1 to 3 against the naive
 * reference's own model of the variants: tests/naive.c), random games
 * against the naive reference, the players' swap decided by search, the
 * solver, and the engine signatures. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "diff.h"
#include "naive.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/game_codec.h"
#include "engine/players.h"
#include "engine/signature.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/symmetry.h"

/* The six combinations, the rulebook first, with what naive.c calls them. */
static const struct {
    const char *spec;
    int first, pie;
    const char *open; /* the fixed setup's phase */
    uint64_t perft[5];
    /* The engine signature this build gives (docs/tzaar-variants.md): it
     * changes with the rulebook's (engine/tzaar/game_tzaar.c's pin), when
     * the search or the evaluation does; update both together. */
    uint64_t sig;
} variants[] = {
    { "tzaar", 0, 0, "0", { 1, 42, 1797, 260556, 11010135 }, 0x758389fbadf5b055ULL },
    { "tzaar:first=full", 1, 0, "f", { 1, 42, 6315, 263319, 37441218 }, 0x6f525261efc3538dULL },
    { "tzaar:first=both", 2, 0, "d", { 1, 42, 1797, 78045, 11268351 }, 0x9876565d5b4a2affULL },
    { "tzaar:pie=1", 0, 1, "0s", { 1, 42, 1839, 262353, 11270691 }, 0xf008d9e51efad7d0ULL },
    { "tzaar:first=full,pie=1", 1, 1, "fs", { 1, 42, 6315, 269634, 37704537 }, 0xab8692941cf35f66ULL },
    { "tzaar:first=both,pie=1", 2, 1, "ds", { 1, 42, 1839, 79842, 11346396 }, 0xa5ccbfa47cac4647ULL },
};
#define NVARIANTS (int)(sizeof variants / sizeof *variants)

static const game_def *find(const char *spec)
{
    char err[256];
    const game_def *g = game_find(spec, err, sizeof err);
    CHECKF(g, "%s: %s", spec, err);
    return g;
}

/* A position string from "A1=a2,C3=B" (every other point empty). */
static void build(char *out, size_t n, const char *cells, const char *side_phase)
{
    size_t len = 0;
    for (int pt = 0; pt < GEO_POINTS; pt++) {
        char label[3], want[8];
        tz_geo_label_str(pt, label);
        snprintf(want, sizeof want, "%s=", label);
        const char *at = strstr(cells, want);
        while (at && at != cells && at[-1] != ',')
            at = strstr(at + 1, want);
        size_t k = at ? strcspn(at + strlen(want), ",") : 0;
        len += (size_t)snprintf(out + len, n - len, "%.*s", at ? (int)k : 1, at ? at + strlen(want) : ".");
    }
    snprintf(out + len, n - len, " %s", side_phase);
}

/* The phase field of s's text ("x1"), and its side ("b"). */
static const char *tail(const game_def *g, const void *s, char out[16])
{
    char text[GAME_TEXT_MAX];
    g->to_text(s, text, sizeof text);
    const char *sp = strchr(text, ' ');
    snprintf(out, 16, "%s", sp ? sp + 1 : "");
    return out;
}

/* Plays the actions (space-separated texts) on s: the count applied. */
static int play(const game_def *g, void *s, const char *actions)
{
    char copy[256], err[256];
    snprintf(copy, sizeof copy, "%s", actions);
    int k = 0;
    for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
        game_action a;
        if (g->action_from_text(s, w, &a, err, sizeof err)) {
            check_fail(__FILE__, __LINE__, "%s: '%s': %s", g->name, w, err);
            return k;
        }
        g->apply(s, a);
        k++;
    }
    return k;
}

static bool has_action(const game_def *g, const void *s, const char *want)
{
    game_action list[MAX_ACTIONS];
    int n = g->legal(s, list);
    for (int i = 0; i < n; i++) {
        char t[GAME_ACTION_TEXT_MAX];
        g->action_to_text(s, list[i], t, sizeof t);
        if (!strcmp(t, want))
            return true;
    }
    return false;
}

/* Each spec's canonical form, and one error line per mistake. */
static void variants_specs(void)
{
    const game_def *tz = find("tzaar"), *fp = find("tzaar:pie=1,first=full");
    REQUIRE(tz && fp);
    CHECK(find("tzaar:first=capture") == tz && find("tzaar:first=capture,pie=0") == tz);
    CHECKF(!strcmp(fp->name, "tzaar:first=full,pie=1"), "%s", fp->name);
    CHECK(find("tzaar:first=full,pie=1") == fp && game_base(fp) == tz);
    char err[300];
    CHECKF(!game_find("tzaar:first=half", err, sizeof err) && strstr(err, "expected capture, full, both"), "%s", err);
    CHECKF(!game_find("tzaar:pie=2", err, sizeof err) && strstr(err, "from 0 to 1"), "%s", err);
    CHECKF(!game_find("tzaar:komi=1", err, sizeof err) && strstr(err, "it has first, pie"), "%s", err);
    CHECK(fp->formats == NULL && fp->records_v1 == NULL && tz->formats != NULL); /* LittleGolem: the rulebook's */
}

/* From the fixed setup, D8xE8 (White's capture), then each variant's next. */
static void variants_first_turns(void)
{
    char t[16];
    unsigned char s[GAME_STATE_MAX];
    char err[256];
    static const struct {
        const char *spec, *actions, *after; /* the phase after the actions */
    } steps[] = {
        { "tzaar", "D8xE8", "b 1" },
        { "tzaar:first=full", "", "w f" },
        { "tzaar:first=full", "D8xE8", "w 2" },
        { "tzaar:first=full", "D8xE8 pass", "b 1" },
        { "tzaar:first=both", "D8xE8", "b r" },
        { "tzaar:first=both", "D8xE8 E9xC7", "w 1" },
        { "tzaar:pie=1", "D8xE8", "b x1" },
        { "tzaar:pie=1", "D8xE8 E9xC7", "b 2" },
        { "tzaar:pie=1", "D8xE8 swap", "w 1" },
        { "tzaar:first=full,pie=1", "D8xE8", "w 2s" },
        { "tzaar:first=full,pie=1", "D8xE8 pass", "b x1" },
        { "tzaar:first=full,pie=1", "D8xE8 pass swap", "w 1" },
        { "tzaar:first=both,pie=1", "D8xE8", "b xr" },
        { "tzaar:first=both,pie=1", "D8xE8 E9xC7", "w 1" },
        { "tzaar:first=both,pie=1", "D8xE8 swap", "w r" },
    };
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        const game_def *g = find(steps[i].spec);
        REQUIRE(g && game_setup(g, s, "fixed", 2, 0, err, sizeof err) == 0);
        play(g, s, steps[i].actions);
        CHECKF(!strcmp(tail(g, s, t), steps[i].after), "%s after '%s': %s, not %s", g->name, steps[i].actions, t,
               steps[i].after);
    }
    /* first=full's second action takes stacks and pass; first=both's reply only captures. */
    const game_def *full = find("tzaar:first=full"), *both = find("tzaar:first=both");
    REQUIRE(full && both && game_setup(full, s, "fixed", 2, 0, err, sizeof err) == 0);
    play(full, s, "D8xE8");
    CHECK(has_action(full, s, "pass") && has_action(full, s, "D7+E8"));
    REQUIRE(game_setup(both, s, "fixed", 2, 0, err, sizeof err) == 0);
    play(both, s, "D8xE8");
    CHECK(!has_action(both, s, "pass") && has_action(both, s, "E9xC7"));
    /* The swap recolours the board and counts as Black's turn. */
    const game_def *pie = find("tzaar:pie=1");
    unsigned char u[GAME_STATE_MAX];
    REQUIRE(pie && game_setup(pie, s, "fixed", 2, 0, err, sizeof err) == 0);
    play(pie, s, "D8xE8");
    memcpy(u, s, pie->state_size);
    CHECK(has_action(pie, s, "swap") && !has_action(pie, s, "pass") && pie->turns(s) == 1);
    play(pie, s, "swap");
    const position *a = tz_pos_of(u), *b = tz_pos_of(s);
    CHECK(a->occ[WHITE] == b->occ[BLACK] && a->occ[BLACK] == b->occ[WHITE] && pie->turns(s) == 2);
    CHECK(!has_action(pie, s, "swap")); /* once */
}

/* Black's first turn with no capture: the swap, the only action, wins
 * (White then has none); in the rulebook the same board is lost. */
static void variants_swap_without_capture(void)
{
    char text[GAME_TEXT_MAX], err[256], t[16];
    unsigned char s[GAME_STATE_MAX];
    const game_def *pie = find("tzaar:pie=1"), *tz = find("tzaar");
    REQUIRE(pie && tz);
    build(text, sizeof text, "A1=a2,A2=b2,A3=c2,A4=A,A5=B,B6=C", "b x1");
    REQUIRE(game_from_text(pie, s, text, err, sizeof err) == 0);
    game_action list[MAX_ACTIONS];
    CHECK(!pie->over(s) && pie->legal(s, list) == 1 && has_action(pie, s, "swap"));
    play(pie, s, "swap");
    double sc[GAME_MAX_PLAYERS];
    CHECKF(pie->over(s) && !strcmp(tail(pie, s, t), "w 1"), "%s", t);
    pie->outcome(s, sc);
    CHECK(sc[BLACK] == 1 && sc[WHITE] == 0 && !strcmp(pie->ending_names[pie->ending(s)], "no_capture"));
    build(text, sizeof text, "A1=a2,A2=b2,A3=c2,A4=A,A5=B,B6=C", "b 1");
    REQUIRE(game_from_text(tz, s, text, err, sizeof err) == 0);
    tz->outcome(s, sc);
    CHECK(tz->over(s) && sc[WHITE] == 1);
}

/* Every phase reads back in its variants and is refused, naming whose it
 * is, in the others; phase 0 under a variant says which phase it opens in. */
static void variants_position_strings(void)
{
    char err[300], text[GAME_TEXT_MAX], again[GAME_TEXT_MAX];
    unsigned char s[GAME_STATE_MAX];
    for (int i = 0; i < NVARIANTS; i++) {
        const game_def *g = find(variants[i].spec);
        REQUIRE(g);
        for (int k = 0; k < NVARIANTS; k++) {
            snprintf(text, sizeof text, "%.*s w %s", 60, TZ_SETUP_FIXED_TEXT, variants[k].open);
            int rc = game_from_text(g, s, text, err, sizeof err);
            CHECKF((rc == 0) == (i == k), "%s reading phase %s: %d %s", g->name, variants[k].open, rc, err);
            if (rc == 0) {
                g->to_text(s, again, sizeof again);
                CHECKF(!strcmp(text, again), "%s prints back as %s", text, again);
            } else
                CHECKF(strstr(err, "phase ") && strstr(err, variants[i].open) && !strchr(err, '\n'), "%s", err);
        }
        /* The tournament setup opens in the variant's phase after placement. */
        REQUIRE(game_setup(g, s, "tournament", 2, 0, err, sizeof err) == 0);
        g->to_text(s, text, sizeof text);
        const char *ph = strrchr(text, ' ') + 1;
        CHECKF(ph[0] == 'p' && !strcmp(ph + 1, i ? variants[i].open : ""), "%s tournament: %s", g->name, ph);
        CHECK(game_from_text(g, s, text, err, sizeof err) == 0);
        CHECK(i == 0 || game_from_text(find("tzaar"), s, text, err, sizeof err) == -1);
    }
    CHECK(game_from_text(find("tzaar:first=full"), s, TZ_SETUP_FIXED_TEXT, err, sizeof err) == -1 &&
          strstr(err, "first turn is phase f"));
    static const char *const refused[] = {
        "b 0", "b f", "b d", "b 0s", "w x1", "w xr", "b 2s", "w pq", "w 0x", "w q",
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        snprintf(text, sizeof text, "%.*s %s", 60, TZ_SETUP_FIXED_TEXT, refused[i]);
        position p;
        CHECKF(tz_pos_from_text(&p, text, err, sizeof err) == -1 && !strncmp(err, "bad position", 12), "%s: %s",
               refused[i], err);
    }
    /* After one capture: r and xr have the side to act a piece short. */
    build(text, sizeof text, "A1=a,A2=b,A3=c,A4=A,A5=B,B6=C", "b r");
    position p;
    CHECK(tz_pos_from_text(&p, text, err, sizeof err) == -1 && strstr(err, "29 and 30"));
}

/* A rotated start is the same start recoloured, White still to open. */
static void variants_rotated_starts(void)
{
    char err[256], t[16];
    unsigned char s[GAME_STATE_MAX], u[GAME_STATE_MAX];
    const int swap_seats[GAME_MAX_PLAYERS] = { 1, 0, 2, 3 };
    for (int i = 0; i < NVARIANTS; i++) {
        const game_def *g = find(variants[i].spec);
        REQUIRE(g && game_setup(g, s, "random", 2, 5, err, sizeof err) == 0);
        memcpy(u, s, g->state_size);
        g->permute(u, swap_seats);
        char want[16];
        snprintf(want, sizeof want, "w %s", variants[i].open);
        CHECKF(!strcmp(tail(g, u, t), want), "%s: rotated start %s", g->name, t);
        CHECK(tz_pos_of(u)->occ[WHITE] == tz_pos_of(s)->occ[BLACK]);
        g->permute(u, swap_seats);
        CHECK(!memcmp(u, s, g->state_size));
    }
}

/* The swap's code is 254; a variant's start (not packed) decodes to itself. */
static void variants_codec(void)
{
    char err[256];
    unsigned char s[GAME_STATE_MAX], u[GAME_STATE_MAX];
    for (int i = 1; i < NVARIANTS; i++) {
        const game_def *g = find(variants[i].spec);
        REQUIRE(g && game_setup(g, s, "fixed", 2, 0, err, sizeof err) == 0);
        buf b = { 0 };
        game_encode_start(g, s, &b);
        cursor c = { b.data, b.data + b.len, false };
        memset(u, 0, sizeof u);
        CHECKF(game_decode_start(g, u, &c, err, sizeof err) == 0 && !memcmp(s, u, g->state_size), "%s: %s", g->name,
               err);
        c = (cursor){ b.data, b.data + b.len, false };
        CHECK(game_decode_start(find("tzaar"), u, &c, err, sizeof err) == -1); /* not the rulebook's */
        buf_free(&b);
        if (!variants[i].pie)
            continue;
        play(g, s, variants[i].first == 1 ? "D8xE8 pass" : "D8xE8");
        game_action swap, back;
        REQUIRE(g->action_from_text(s, "swap", &swap, err, sizeof err) == 0);
        CHECK(game_encode_action(g, s, swap) == 254 && !game_decode_action(g, s, 254, &back) && back == swap);
        CHECK(game_decode_action(g, s, 253, &back) == -1);
    }
}

/* perft from the fixed setup: the engine's to depth 4 as pinned (the
 * rules page's 42, 1797, 260556 for the rulebook), the naive reference's
 * own model of the variants to depth 3 (TRIAD_NAIVE_DEPTH4=1: to depth 4
 * too, a few seconds more; it agrees). */
static void variants_perft(void)
{
    char err[256];
    unsigned char s[GAME_STATE_MAX];
    for (int i = 0; i < NVARIANTS; i++) {
        const game_def *g = find(variants[i].spec);
        REQUIRE(g && game_setup(g, s, "fixed", 2, 0, err, sizeof err) == 0);
        naive_pos np;
        REQUIRE(naive_parse(&np, TZ_SETUP_FIXED_TEXT) == 0);
        naive_set_variant(&np, variants[i].first, variants[i].pie);
        for (int d = 1; d <= 4; d++) {
            uint64_t got = g->bench->perft(s, d);
            CHECKF(got == variants[i].perft[d], "%s perft %d: %llu, pinned %llu", g->name, d, (unsigned long long)got,
                   (unsigned long long)variants[i].perft[d]);
            if (d <= (getenv("TRIAD_NAIVE_DEPTH4") ? 4 : 3))
                CHECKF(naive_perft(&np, d) == (long)variants[i].perft[d], "%s naive perft %d: %ld", g->name, d,
                       naive_perft(&np, d));
        }
    }
}

/* The engine and the naive reference, side by side through random games
 * of every variant: the legal actions, the board and the side to act, and
 * the end, at every ply. */
static long naive_game(const game_def *g, int first, int pie, const char *setup, uint64_t seed, long *plies)
{
    char err[256], et[GAME_TEXT_MAX], nt[NAIVE_TEXT_MAX];
    unsigned char s[GAME_STATE_MAX];
    if (game_setup(g, s, setup, 2, seed, err, sizeof err))
        return 1;
    naive_pos np;
    char rule[GAME_TEXT_MAX];
    position *p = &((tz_state *)s)->pos;
    tz_pos_to_text(p, rule, sizeof rule); /* the start as the rulebook writes it: phase 0 or p */
    char *ph = strrchr(rule, ' ') + 1;
    ph[0] = ph[0] == 'p' ? 'p' : '0', ph[1] = 0;
    if (naive_parse(&np, rule))
        return 1;
    naive_set_variant(&np, first, pie);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (;; (*plies)++) {
        action acts[MAX_ACTIONS];
        action_text el[MAX_ACTIONS], nl[NAIVE_MAX_ACTIONS];
        int ne = diff_engine_list(p, acts, el), nn = naive_legal(&np, nl, NAIVE_MAX_ACTIONS);
        g->to_text(s, et, sizeof et);
        naive_to_text(&np, nt);
        bool same = ne == nn && !strncmp(et, nt, strcspn(et, " ") + 2);
        for (int i = 0; same && i < ne; i++)
            same = !strcmp(el[i], nl[i]);
        same = same && tz_game_winner(p, NULL) == naive_winner(&np);
        if (!same) {
            check_fail(__FILE__, __LINE__, "%s %s seed %llu ply %ld: engine %s (%d actions), naive %s (%d)", g->name,
                       setup, (unsigned long long)seed, *plies, et, ne, nt, nn);
            return 1;
        }
        if (!ne)
            return 0;
        action a = acts[xoshiro_below(&rng, (uint64_t)ne)];
        char at[ACTION_TEXT_MAX];
        tz_action_to_text(a, p->side, at);
        g->apply(s, a);
        if (naive_apply(&np, at))
            return 1;
    }
}

static void variants_against_naive(void)
{
    static const char *const setups[] = { "random", "fixed", "tournament" };
    long plies = 0, bad = 0;
    for (int i = 0; i < NVARIANTS && bad < 3; i++) {
        const game_def *g = find(variants[i].spec);
        REQUIRE(g);
        for (int k = 0; k < 60 && bad < 3; k++)
            bad += naive_game(g, variants[i].first, variants[i].pie, setups[k % 3], seed_mix(39, (uint64_t)k), &plies);
    }
    CHECKF(plies > 10000, "%ld plies", plies);
}

/* The players decide the swap by search: swap a hopeless side, capture
 * when that wins at once, and (the swap being an action of the tree) play
 * a pie variant's first turn alike from a position and its image. */
static void variants_players_swap_by_search(void)
{
    char text[GAME_TEXT_MAX], err[300];
    unsigned char s[GAME_STATE_MAX];
    const game_def *pie = find("tzaar:pie=1");
    REQUIRE(pie);
    static const struct {
        const char *cells, *spec, *want;
    } cases[] = {
        /* Black's singles against White's towers: better as White. */
        { "A1=a3,A2=b3,A3=c3,C1=c,A4=A,A5=B,B6=C,C2=C", "ab:depth=2", "swap" },
        { "A1=a3,A2=b3,A3=c3,C1=c,A4=A,A5=B,B6=C,C2=C", "ab:depth=3", "swap" },
        { "A1=a3,A2=b3,A3=c3,C1=c,A4=A,A5=B,B6=C,C2=C", "greedy", "swap" },
        /* A4xA3 takes White's last Tzaar. */
        { "A1=c2,A2=b2,A3=a,A4=A,A5=B,B6=C", "ab:depth=2", "A4xA3" },
        /* No capture: the swap, which wins. */
        { "A1=a2,A2=b2,A3=c2,A4=A,A5=B,B6=C", "ab:depth=2", "swap" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        build(text, sizeof text, cases[i].cells, "b x1");
        REQUIRE(game_from_text(pie, s, text, err, sizeof err) == 0);
        gplayer *pl = gplayer_new(pie, cases[i].spec, err, sizeof err);
        REQUIRE(pl);
        char t[GAME_ACTION_TEXT_MAX];
        pie->action_to_text(s, gplayer_choose(pl, s, 1), t, sizeof t);
        CHECKF(!strcmp(t, cases[i].want), "%s in %s: %s, not %s", cases[i].spec, text, t, cases[i].want);
        gplayer_free(pl);
    }
    /* The whole first turn of every pie variant, reproducible and legal. */
    for (int i = 0; i < NVARIANTS; i++) {
        if (!variants[i].pie)
            continue;
        const game_def *g = find(variants[i].spec);
        gplayer *a = gplayer_new(g, "ab:depth=2", err, sizeof err);
        REQUIRE(g && a && game_setup(g, s, "random", 2, 11, err, sizeof err) == 0);
        for (int ply = 0; ply < 4 && !g->over(s); ply++) {
            game_action x = gplayer_choose(a, s, 7), y = gplayer_choose(a, s, 7);
            game_action list[MAX_ACTIONS];
            int n = g->legal(s, list), ok = 0;
            for (int k = 0; k < n; k++)
                ok |= list[k] == x;
            CHECKF(ok && x == y, "%s ply %d", g->name, ply);
            g->apply(s, x);
        }
        gplayer_free(a);
    }
}

/* s's images under the board's symmetries: the same key, and pl's answer
 * the image of its answer in s (a swap is its own image). */
static void same_in_images(const game_def *g, const void *s, gplayer *pl)
{
    unsigned char u[GAME_STATE_MAX];
    game_action a = gplayer_choose(pl, s, 3);
    uint64_t key = g->symmetry_key(s);
    for (int k = 1; k < SYM_BOARD; k++) {
        memcpy(u, s, g->state_size);
        tz_sym_position(tz_pos_of(s), k, &((tz_state *)u)->pos);
        CHECK(g->symmetry_key(u) == key);
        game_action b = gplayer_choose(pl, u, 3);
        CHECKF(b == tz_sym_action((action)a, k), "image %d: %04x against %04x", k, (unsigned)b, (unsigned)a);
    }
}

/* The symmetric search answers alike in every image of a swap position:
 * the fixed setup after White's capture, and one where it swaps. */
static void variants_symmetric_search(void)
{
    char err[256], text[GAME_TEXT_MAX];
    unsigned char s[GAME_STATE_MAX];
    const game_def *g = find("tzaar:pie=1");
    gplayer *pl = g ? gplayer_new(g, "ab:depth=2", err, sizeof err) : NULL;
    REQUIRE(pl && game_setup(g, s, "fixed", 2, 0, err, sizeof err) == 0);
    play(g, s, "D8xE8");
    same_in_images(g, s, pl);
    build(text, sizeof text, "A1=a3,A2=b3,A3=c3,C1=c,A4=A,A5=B,B6=C,C2=C", "b x1");
    REQUIRE(game_from_text(g, s, text, err, sizeof err) == 0);
    CHECK(gplayer_choose(pl, s, 3) == ACTION_SWAP);
    same_in_images(g, s, pl);
    gplayer_free(pl);
}

/* The solver proves the swap's win; every variant's engine signature is
 * its own, and the rulebook's stays. */
static void variants_solver_and_signatures(void)
{
    char text[GAME_TEXT_MAX], err[256];
    unsigned char s[GAME_STATE_MAX];
    const game_def *pie = find("tzaar:pie=1");
    REQUIRE(pie && pie->solver);
    build(text, sizeof text, "A1=a3,A2=b3,A3=c3,C1=c,A4=A,A5=B,B6=C,C2=C", "b x1");
    REQUIRE(game_from_text(pie, s, text, err, sizeof err) == 0);
    void *sv = pie->solver->create(1 << 20, err, sizeof err);
    REQUIRE(sv);
    game_solve_result r;
    CHECK(pie->solver->solve(sv, s, 100000, &r, err, sizeof err) == 0 && r.value == GAME_SOLVE_WIN &&
          r.best == ACTION_SWAP);
    pie->solver->destroy(sv);
    uint64_t sig[NVARIANTS];
    for (int i = 0; i < NVARIANTS; i++) {
        sig[i] = game_engine_signature(find(variants[i].spec));
        CHECKF(sig[i] == variants[i].sig, "%s's engine signature is %016llx, pinned %016llx", variants[i].spec,
               (unsigned long long)sig[i], (unsigned long long)variants[i].sig);
        for (int k = 0; k < i; k++)
            CHECK(sig[i] != sig[k]);
    }
    CHECK(sig[0] == find("tzaar")->bench->pins.engine);
}

const test_case tests_variants[] = {
    { "variants_specs", variants_specs },
    { "variants_first_turns", variants_first_turns },
    { "variants_swap_without_capture", variants_swap_without_capture },
    { "variants_position_strings", variants_position_strings },
    { "variants_rotated_starts", variants_rotated_starts },
    { "variants_codec", variants_codec },
    { "variants_perft", variants_perft },
    { "variants_against_naive", variants_against_naive },
    { "variants_players_swap_by_search", variants_players_swap_by_search },
    { "variants_symmetric_search", variants_symmetric_search },
    { "variants_solver_and_signatures", variants_solver_and_signatures },
    { NULL, NULL },
};
