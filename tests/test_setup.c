/* test_setup.c — the three starting positions of the rules page
 * (../shared/rules/tzaar.md): the fixed setup against the page's
 * point-by-point table, data/setups/fixed.pos, its symmetries and rings; the
 * random setup's reproducibility, piece counts and unbiased shuffle; the
 * empty tournament board. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "engine/tzaar/make.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "engine/tzaar/setup.h"

/* The rules page's table of the fixed setup (Figure 4), copied verbatim. */
static const char *const fixed_table[2][3] = {
    { /* White */
      "C5 D3 D6 E3 G4 G5",
      "B5 C2 C6 D2 D7 E2 H3 H4 H5",
      "A5 B1 B6 C1 C7 D1 D5 D8 E1 E4 F5 I2 I3 I4 I5" },
    { /* Black */
      "C3 C4 E7 F3 F6 G3",
      "B2 B3 B4 E8 F2 F7 G2 G6 H2",
      "A1 A2 A3 A4 D4 E6 E9 F1 F4 F8 G1 G7 H1 H6 I1" },
};

/* Fills colour[pt] and type[pt] from the table; returns the points named. */
static int table_board(int colour[GEO_POINTS], int type[GEO_POINTS], int *dupes)
{
    int named = 0;
    *dupes = 0;
    for (int i = 0; i < GEO_POINTS; i++)
        colour[i] = type[i] = -1;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 3; t++) {
            const char *s = fixed_table[c][t];
            int k = 0;
            while (*s) {
                int len = 0, p = tz_geo_parse_label(s, &len);
                if (p < 0)
                    return -1;
                if (colour[p] >= 0)
                    ++*dupes;
                colour[p] = c;
                type[p] = t;
                named++;
                k++;
                s += len;
                while (*s == ' ')
                    s++;
            }
            if (k != tz_piece_supply[t])
                return -1;
        }
    return named;
}

static void test_fixed_matches_table(void)
{
    int colour[GEO_POINTS], type[GEO_POINTS], dupes;
    REQUIRE(table_board(colour, type, &dupes) == 60);
    REQUIRE(dupes == 0);
    position p;
    char err[300];
    REQUIRE(tz_pos_from_text(&p, TZ_SETUP_FIXED_TEXT, err, sizeof err) == 0);
    CHECK(p.side == WHITE && p.phase == PHASE_OPENING && p.winner == -1);
    for (int i = 0; i < GEO_POINTS; i++) {
        char l[3];
        tz_geo_label_str(i, l);
        CHECKF(pos_colour_at(&p, i) == colour[i] && p.type[i] == type[i] && p.height[i] == 1,
               "%s: setup has colour %d type %d height %d, the rules page says colour %d type %d", l,
               pos_colour_at(&p, i), p.type[i], p.height[i], colour[i], type[i]);
    }
    /* tz_setup_fixed() and tz_setup_make() give the same position */
    position q;
    tz_setup_fixed(&q);
    CHECK(!memcmp(&p, &q, sizeof p));
    tz_setup_make(&q, SETUP_FIXED, 12345);
    CHECK(!memcmp(&p, &q, sizeof p));
    char t[POS_TEXT_MAX];
    tz_pos_to_text(&q, t, sizeof t);
    CHECK(!strcmp(t, TZ_SETUP_FIXED_TEXT));
    /* the rules page's string is the same constant */
    CHECK(!strcmp(TZ_SETUP_FIXED_TEXT, "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 0"));
    CHECK(tz_pos_check(&p) == NULL);
}

static void test_fixed_file(void)
{
    FILE *f = fopen("data/setups/fixed.pos", "r");
    CHECKF(f != NULL, "data/setups/fixed.pos cannot be opened (tests run from the repository root)");
    if (!f)
        return;
    char line[512], found[512] = "";
    int lines = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
            line[--n] = 0;
        if (!n || line[0] == '#')
            continue;
        if (!lines++)
            strcpy(found, line);
    }
    fclose(f);
    CHECKF(lines == 1, "fixed.pos has %d position lines", lines);
    CHECKF(!strcmp(found, TZ_SETUP_FIXED_TEXT), "fixed.pos holds '%s'", found);
    position a, b;
    char err[300];
    REQUIRE(tz_pos_from_text(&a, found, err, sizeof err) == 0);
    tz_setup_fixed(&b);
    CHECK(a.hash == b.hash && a.occ[0] == b.occ[0] && a.occ[1] == b.occ[1] && a.tops[0] == b.tops[0] &&
          a.tops[1] == b.tops[1] && a.tops[2] == b.tops[2]);
}

/* The 60° rotation of the axial plane: (x, y) -> (-y, x + y). */
static int rotate60(int p)
{
    return tz_geo_from_axial(-tz_geo_y[p], tz_geo_x[p] + tz_geo_y[p]);
}

static void test_fixed_symmetry(void)
{
    position p;
    tz_setup_fixed(&p);
    int moved = 0;
    for (int i = 0; i < GEO_POINTS; i++) {
        int r1 = rotate60(i);
        REQUIRE(r1 >= 0);
        int r2 = rotate60(r1);
        REQUIRE(r2 >= 0);
        moved += r1 != i;
        /* 60°: the colours swap, the types stay */
        CHECKF(pos_colour_at(&p, r1) == (pos_colour_at(&p, i) ^ 1) && p.type[r1] == p.type[i],
               "60 degrees: point %d -> %d", i, r1);
        /* 120°: invariant */
        CHECKF(pos_colour_at(&p, r2) == pos_colour_at(&p, i) && p.type[r2] == p.type[i],
               "120 degrees: point %d -> %d", i, r2);
    }
    CHECK(moved == 60);
    /* six rotations of 60° are the identity */
    for (int i = 0; i < GEO_POINTS; i++) {
        int r = i;
        for (int k = 0; k < 6; k++)
            r = rotate60(r);
        CHECK(r == i);
    }

    /* The rings around the hole, as the rules page describes them: ring k
     * (hex distance k) holds one type, with colours alternating in runs of 1,
     * 2, 3, 4 pieces going round. */
    static const int ring_type[5] = { -1, TOTT, TZAAR, TZARRA, TOTT };
    static const int dx[6] = { 1, 1, 0, -1, -1, 0 }, dy[6] = { 0, -1, -1, 0, 1, 1 };
    for (int k = 1; k <= 4; k++) {
        int seq[24], n = 0, x = -k, y = k; /* start at k steps in direction (-1, 1) */
        for (int side = 0; side < 6; side++)
            for (int j = 0; j < k; j++) {
                int q = tz_geo_from_axial(x, y);
                REQUIRE(q >= 0 && n < 24);
                CHECKF(p.type[q] == ring_type[k], "ring %d: point %d has type %d", k, q, p.type[q]);
                seq[n++] = pos_colour_at(&p, q);
                x += dx[side];
                y += dy[side];
            }
        CHECK(n == 6 * k && x == -k && y == k);
        int any = 0;
        for (int o = 0; o < k; o++) {
            int all = 1;
            for (int i = 0; i < n; i++)
                all &= seq[(o + i) % n] == (seq[o] ^ ((i / k) & 1));
            any |= all;
        }
        CHECKF(any, "ring %d does not alternate colours in runs of %d", k, k);
    }
}

static void test_random_setups(void)
{
    position a, b;
    /* reproducible for a seed */
    for (uint64_t seed = 0; seed < 50; seed++) {
        tz_setup_random(&a, seed);
        tz_setup_random(&b, seed);
        CHECK(!memcmp(&a, &b, sizeof a));
        tz_setup_make(&b, SETUP_RANDOM, seed);
        CHECK(!memcmp(&a, &b, sizeof a));
    }
    /* different across seeds, including neighbouring and huge ones */
    enum { N = 200 };
    static uint64_t hashes[N];
    for (int i = 0; i < N; i++) {
        uint64_t seed = i < N / 2 ? (uint64_t)i : UINT64_MAX - (uint64_t)(i - N / 2);
        tz_setup_random(&a, seed);
        hashes[i] = a.hash;
        for (int j = 0; j < i; j++)
            CHECKF(hashes[j] != hashes[i], "seeds %d and %d give the same setup", j, i);
    }
    /* each one: 60 single pieces, 30 per colour, 6/9/15 per type, White opens */
    char t[POS_TEXT_MAX], err[300];
    for (uint64_t seed = 0; seed < 300; seed++) {
        tz_setup_random(&a, seed * 0x9e3779b97f4a7c15ULL);
        CHECK(a.side == WHITE && a.phase == PHASE_OPENING && a.winner == -1);
        CHECK((a.occ[WHITE] | a.occ[BLACK]) == (1ULL << GEO_POINTS) - 1);
        int pieces[2][3] = { { 0 } };
        for (int i = 0; i < GEO_POINTS; i++) {
            CHECK(a.height[i] == 1);
            pieces[pos_colour_at(&a, i)][a.type[i]]++;
        }
        for (int c = 0; c < 2; c++)
            for (int ty = 0; ty < 3; ty++)
                CHECKF(pieces[c][ty] == tz_piece_supply[ty] && a.count[c][ty] == tz_piece_supply[ty],
                       "seed %llu colour %d type %d: %d", (unsigned long long)seed, c, ty, pieces[c][ty]);
        CHECK(tz_pos_check(&a) == NULL);
        tz_pos_to_text(&a, t, sizeof t);
        CHECKF(tz_pos_from_text(&b, t, err, sizeof err) == 0, "%s", err);
        CHECK(b.hash == a.hash);
    }
}

/* Over 20,000 seeds, each point holds each kind of piece with frequency close
 * to supply / 60.  Bounds are about 7 standard deviations: the seed set is
 * fixed, so this is deterministic, yet a biased shuffle (e.g. "swap with any
 * index") or a shuffle that skips a point would fail it. */
static void test_shuffle_unbiased(void)
{
    enum { SEEDS = 20000 };
    static int freq[6][GEO_POINTS];
    memset(freq, 0, sizeof freq);
    position a;
    for (uint64_t s = 1; s <= SEEDS; s++) {
        tz_setup_random(&a, s);
        for (int i = 0; i < GEO_POINTS; i++)
            freq[pos_colour_at(&a, i) * 3 + a.type[i]][i]++;
    }
    for (int k = 0; k < 6; k++) {
        double q = tz_piece_supply[k % 3] / 60.0, e = SEEDS * q, sd = sqrt(SEEDS * q * (1 - q));
        double chi = 0;
        for (int i = 0; i < GEO_POINTS; i++) {
            double d = freq[k][i] - e;
            chi += d * d / e;
            CHECKF(fabs(d) < 7 * sd, "kind %d at point %d: %d times, expected %.0f", k, i, freq[k][i], e);
        }
        /* 59 degrees of freedom (scaled by 1 - q): mean at most 59, sd about 11 */
        CHECKF(chi < 140, "kind %d: chi-square %.1f over 60 points", k, chi);
    }
    /* the white Tzaar in particular: 6/60 on every point */
    int lo = SEEDS, hi = 0;
    for (int i = 0; i < GEO_POINTS; i++) {
        lo = freq[0][i] < lo ? freq[0][i] : lo;
        hi = freq[0][i] > hi ? freq[0][i] : hi;
    }
    CHECKF(lo > 1700 && hi < 2300, "white Tzaar per point: %d..%d, expected about 2000", lo, hi);
}

static void test_tournament(void)
{
    position p;
    tz_setup_tournament(&p);
    CHECK(p.occ[WHITE] == 0 && p.occ[BLACK] == 0);
    CHECK(p.side == WHITE && p.phase == PHASE_PLACE && p.winner == -1);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 3; t++)
            CHECK(p.reserve[c][t] == tz_piece_supply[t] && p.count[c][t] == 0);
    char t[POS_TEXT_MAX];
    tz_pos_to_text(&p, t, sizeof t);
    CHECK(!strcmp(t, "............................................................ w p"));
    int ending;
    CHECK(tz_game_winner(&p, &ending) == -1 && ending == END_NONE);
    action list[MAX_ACTIONS];
    CHECK(tz_gen_actions(&p, list) == 180);
    position q;
    tz_setup_make(&q, SETUP_TOURNAMENT, 99);
    CHECK(!memcmp(&p, &q, sizeof p));
    CHECK(tz_pos_check(&p) == NULL);
}

/* tournament-black, the other reading of who places first: the empty board
 * with Black to place; the players alternate, every position on the way
 * prints and parses back to itself (the position string has no field for
 * the first placer: the counts and the side say it), and after the 60th
 * piece, placed by White, White opens the game (alternation alone would
 * hand the turn back to Black). */
static void test_tournament_black(void)
{
    position p, q;
    tz_setup_tournament_black(&p);
    CHECK(p.occ[WHITE] == 0 && p.occ[BLACK] == 0);
    CHECK(p.side == BLACK && p.phase == PHASE_PLACE && p.winner == -1);
    CHECK(tz_pos_check(&p) == NULL);
    tz_setup_make(&q, SETUP_TOURNAMENT_BLACK, 7);
    CHECK(!memcmp(&p, &q, sizeof p));
    char t[POS_TEXT_MAX], err[200];
    tz_pos_to_text(&p, t, sizeof t);
    CHECK(!strcmp(t, "............................................................ b p"));
    xoshiro256 rng;
    xoshiro_seed(&rng, 11);
    for (int k = 0; p.phase == PHASE_PLACE; k++) {
        CHECKF(p.side == (k % 2 ? WHITE : BLACK), "placement %d: side %d", k, p.side);
        action list[MAX_ACTIONS];
        int n = tz_gen_actions(&p, list);
        REQUIRE(n > 0);
        undo u;
        pos_make(&p, list[xoshiro_below(&rng, (uint64_t)n)], &u);
        CHECK(tz_pos_check(&p) == NULL);
        tz_pos_to_text(&p, t, sizeof t);
        CHECKF(tz_pos_from_text(&q, t, err, sizeof err) == 0 && q.hash == p.hash && q.side == p.side,
               "placement %d: '%s' does not parse back (%s)", k, t, err);
    }
    CHECK(p.phase == PHASE_OPENING && p.side == WHITE);
    CHECK(__builtin_popcountll(p.occ[WHITE]) == 30 && __builtin_popcountll(p.occ[BLACK]) == 30);
    CHECK(tz_game_winner(&p, NULL) == -1);
}

static void test_setup_names(void)
{
    CHECK(tz_setup_kind("random") == SETUP_RANDOM);
    CHECK(tz_setup_kind("fixed") == SETUP_FIXED);
    CHECK(tz_setup_kind("tournament") == SETUP_TOURNAMENT);
    CHECK(tz_setup_kind("tournament-black") == SETUP_TOURNAMENT_BLACK);
    CHECK(tz_setup_kind("bogus") == -1);
    CHECK(tz_setup_kind("") == -1);
    CHECK(tz_setup_kind("Fixed") == -1 || tz_setup_kind("Fixed") == SETUP_FIXED);
    for (int k = 0; k < SETUP_KINDS; k++)
        CHECK(tz_setup_kind(tz_setup_names[k]) == k);
}

const test_case tests_setup[] = {
    { "setup_fixed_matches_table", test_fixed_matches_table },
    { "setup_fixed_file", test_fixed_file },
    { "setup_fixed_symmetry", test_fixed_symmetry },
    { "setup_random", test_random_setups },
    { "setup_shuffle_unbiased", test_shuffle_unbiased },
    { "setup_tournament", test_tournament },
    { "setup_tournament_black", test_tournament_black },
    { "setup_names", test_setup_names },
    { NULL, NULL },
};
