/* test_geometry.c — the board of the rules page (../shared/rules/tzaar.md):
 * 60 points, labels, the neighbour rules stated per column, rays that stop
 * at the hole and the edge, and the lsb/msb "nearest stack" property that
 * move generation relies on. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "engine/tzaar/geometry.h"
#include "core/prng.h"

/* Points per column A..I, from the rules page. */
static const int column_points[9] = { 5, 6, 7, 8, 9, 8, 7, 6, 5 };

static int label_point(const char *s)
{
    int len = 0;
    int p = tz_geo_parse_label(s, &len);
    return p >= 0 && len == 2 ? p : -1;
}

/* Rules-page board membership by column and row, independent of the engine. */
static int rules_on_board(int col, int row)
{
    if (col < 0 || col > 8 || row < 1 || row > column_points[col])
        return 0;
    return !(col == 4 && row == 5); /* E5 is the hole */
}

static void test_point_count(void)
{
    tz_geo_init();
    int n = 0;
    for (int x = -6; x <= 6; x++)
        for (int y = -6; y <= 6; y++)
            if (tz_geo_from_axial(x, y) >= 0)
                n++;
    CHECKF(n == 60, "axial points: %d", n);
    CHECK(tz_geo_from_axial(0, 0) == -1);
    CHECK(GEO_POINTS == 60);

    /* Every index 0..59 is used exactly once, in LittleGolem order
     * (x ascending, then y ascending). */
    int seen[GEO_POINTS] = { 0 };
    int prev_x = -100, prev_y = -100;
    for (int x = -4; x <= 4; x++)
        for (int y = -4; y <= 4; y++) {
            int p = tz_geo_from_axial(x, y);
            int want = !(x == 0 && y == 0) && x + y >= -4 && x + y <= 4;
            CHECKF((p >= 0) == want, "(%d,%d) -> %d", x, y, p);
            if (p < 0)
                continue;
            REQUIRE(p < GEO_POINTS);
            seen[p]++;
            CHECKF(x > prev_x || (x == prev_x && y > prev_y), "order at (%d,%d)", x, y);
            prev_x = x;
            prev_y = y;
        }
    for (int p = 0; p < GEO_POINTS; p++)
        CHECKF(seen[p] == 1, "index %d seen %d times", p, seen[p]);
    CHECK(tz_geo_from_axial(-4, 0) == 0);
    CHECK(tz_geo_from_axial(4, 0) == 59);

    /* Columns hold 5, 6, 7, 8, 9, 8, 7, 6, 5 points by label. */
    int total = 0;
    for (int c = 0; c < 9; c++) {
        int k = 0;
        for (int r = 1; r <= 9; r++)
            if (tz_geo_from_label(c, r) >= 0)
                k++;
        int want = c == 4 ? 8 : column_points[c];
        CHECKF(k == want, "column %c has %d points", 'A' + c, k);
        total += k;
    }
    CHECK(total == 60);
}

static void test_label_roundtrip(void)
{
    tz_geo_init();
    for (int p = 0; p < GEO_POINTS; p++) {
        int col, row;
        tz_geo_label(p, &col, &row);
        CHECKF(rules_on_board(col, row), "point %d labelled col %d row %d", p, col, row);
        CHECKF(tz_geo_from_label(col, row) == p, "label of %d does not map back", p);
        /* axial round trip and the rules-page formula */
        int x = tz_geo_x[p], y = tz_geo_y[p];
        CHECKF(tz_geo_from_axial(x, y) == p, "axial of %d does not map back", p);
        CHECKF(col == x + 4, "point %d: column %d, x %d", p, col, x);
        int top = 4 - x < 4 ? 4 - x : 4;
        CHECKF(row == top - y + 1, "point %d: row %d, axial (%d,%d)", p, row, x, y);
        /* text round trip, both cases */
        char s[3];
        tz_geo_label_str(p, s);
        CHECKF(s[0] == 'A' + col && s[1] == '0' + row && s[2] == 0, "label string %s", s);
        CHECKF(label_point(s) == p, "parse %s", s);
        char lower[3] = { (char)(s[0] - 'A' + 'a'), s[1], 0 };
        CHECKF(label_point(lower) == p, "parse %s", lower);
    }
    /* every label maps to a point exactly when the rules page says so */
    for (int c = 0; c < 9; c++)
        for (int r = 0; r <= 10; r++)
            CHECKF((tz_geo_from_label(c, r) >= 0) == rules_on_board(c, r), "label %c%d", 'A' + c, r);
    const char *bad[] = { "E5", "e5", "A6", "A0", "J1", "I6", "E0", "@1", "", "5A", "AA" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(label_point(bad[i]) < 0, "'%s' parsed", bad[i]);
    /* known corner coordinates from the rules page's axial description */
    CHECK(label_point("A1") == tz_geo_from_axial(-4, 4));
    CHECK(label_point("A5") == tz_geo_from_axial(-4, 0));
    CHECK(label_point("E9") == tz_geo_from_axial(0, -4));
    CHECK(label_point("E1") == tz_geo_from_axial(0, 4));
    CHECK(label_point("I5") == tz_geo_from_axial(4, -4));
    CHECK(label_point("I1") == tz_geo_from_axial(4, 0));
    CHECK(label_point("E4") == tz_geo_from_axial(0, 1));
    CHECK(label_point("E6") == tz_geo_from_axial(0, -1));
}

static void test_degrees(void)
{
    tz_geo_init();
    int pairs = 0, hist[7] = { 0 };
    char corners[6][3];
    int nc = 0;
    for (int p = 0; p < GEO_POINTS; p++) {
        int deg = 0;
        for (int d = 0; d < GEO_DIRS; d++)
            if (tz_geo_next[p][d] != GEO_NONE) {
                deg++;
                REQUIRE(tz_geo_next[p][d] < GEO_POINTS);
            }
        pairs += deg;
        hist[deg]++;
        if (deg == 3 && nc < 6)
            tz_geo_label_str(p, corners[nc++]);
    }
    CHECKF(pairs == 300, "pairs %d", pairs);
    CHECKF(hist[6] == 30 && hist[5] == 6 && hist[4] == 18 && hist[3] == 6,
           "degrees 6:%d 5:%d 4:%d 3:%d", hist[6], hist[5], hist[4], hist[3]);
    CHECK(hist[0] == 0 && hist[1] == 0 && hist[2] == 0);
    REQUIRE(nc == 6);
    const char *want[6] = { "A1", "A5", "E1", "E9", "I1", "I5" };
    for (int i = 0; i < 6; i++) {
        int found = 0;
        for (int j = 0; j < 6; j++)
            found |= !strcmp(want[i], corners[j]);
        CHECKF(found, "corner %s", want[i]);
    }
    /* the 6 points next to the hole have 5 neighbours */
    const char *ring[6] = { "D4", "D5", "E4", "E6", "F4", "F5" };
    for (int i = 0; i < 6; i++) {
        int p = label_point(ring[i]), deg = 0;
        REQUIRE(p >= 0);
        for (int d = 0; d < GEO_DIRS; d++)
            deg += tz_geo_next[p][d] != GEO_NONE;
        CHECKF(deg == 5, "%s has %d neighbours", ring[i], deg);
    }
}

/* The neighbours of column c, row r exactly as the rules page states them. */
static int rules_neighbours(int c, int r, int out[6][2])
{
    int cand[6][2], n = 0, k = 0;
    cand[n][0] = c, cand[n++][1] = r + 1;
    cand[n][0] = c, cand[n++][1] = r - 1;
    if (c <= 3) { /* A-D: right (c+1, r), (c+1, r+1) */
        cand[n][0] = c + 1, cand[n++][1] = r;
        cand[n][0] = c + 1, cand[n++][1] = r + 1;
    } else { /* E-H: right (c+1, r-1), (c+1, r) */
        cand[n][0] = c + 1, cand[n++][1] = r - 1;
        cand[n][0] = c + 1, cand[n++][1] = r;
    }
    if (c <= 4) { /* B-E: left (c-1, r-1), (c-1, r) */
        cand[n][0] = c - 1, cand[n++][1] = r - 1;
        cand[n][0] = c - 1, cand[n++][1] = r;
    } else { /* F-I: left (c-1, r), (c-1, r+1) */
        cand[n][0] = c - 1, cand[n++][1] = r;
        cand[n][0] = c - 1, cand[n++][1] = r + 1;
    }
    for (int i = 0; i < n; i++)
        if (rules_on_board(cand[i][0], cand[i][1])) {
            out[k][0] = cand[i][0];
            out[k][1] = cand[i][1];
            k++;
        }
    return k;
}

static void test_neighbour_rules(void)
{
    tz_geo_init();
    for (int p = 0; p < GEO_POINTS; p++) {
        int c, r, nb[6][2];
        tz_geo_label(p, &c, &r);
        int n = rules_neighbours(c, r, nb);
        int engine = 0;
        for (int d = 0; d < GEO_DIRS; d++)
            engine += tz_geo_next[p][d] != GEO_NONE;
        CHECKF(n == engine, "%c%d: rules %d neighbours, engine %d", 'A' + c, r, n, engine);
        for (int i = 0; i < n; i++) {
            int q = tz_geo_from_label(nb[i][0], nb[i][1]), found = 0;
            for (int d = 0; d < GEO_DIRS; d++)
                found |= tz_geo_next[p][d] == q;
            CHECKF(found, "%c%d: neighbour %c%d missing", 'A' + c, r, 'A' + nb[i][0], nb[i][1]);
        }
        for (int d = 0; d < GEO_DIRS; d++) {
            int q = tz_geo_next[p][d];
            if (q == GEO_NONE) {
                CHECKF(tz_geo_from_axial(tz_geo_x[p] + tz_geo_dir_dx[d], tz_geo_y[p] + tz_geo_dir_dy[d]) < 0,
                       "point %d dir %d: no neighbour but axial step is on the board", p, d);
                continue;
            }
            /* directions are the axial ones, and d+3 is the way back */
            CHECK(tz_geo_x[q] == tz_geo_x[p] + tz_geo_dir_dx[d] && tz_geo_y[q] == tz_geo_y[p] + tz_geo_dir_dy[d]);
            CHECKF(tz_geo_next[q][(d + 3) % 6] == p, "point %d dir %d: no way back", p, d);
            /* directions 0..2 increase the index, 3..5 decrease it */
            CHECKF(d < 3 ? q > p : q < p, "point %d dir %d -> %d", p, d, q);
        }
    }
    /* a few spelled out: B3 (A-D rule), F3 (F-I rule), E3 (E rule) */
    struct { const char *p, *nb[6]; } known[] = {
        { "B3", { "B4", "B2", "C3", "C4", "A2", "A3" } },
        { "F3", { "F4", "F2", "G2", "G3", "E3", "E4" } },
        { "E3", { "E4", "E2", "F2", "F3", "D2", "D3" } },
        { "D5", { "D6", "D4", "E6", "C4", "C5", NULL } },
        { "A1", { "A2", "B1", "B2", NULL } },
        { "I5", { "I4", "H5", "H6", NULL } },
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        int p = label_point(known[i].p), n = 0;
        REQUIRE(p >= 0);
        for (int k = 0; k < 6 && known[i].nb[k]; k++, n++) {
            int q = label_point(known[i].nb[k]), found = 0;
            for (int d = 0; d < GEO_DIRS; d++)
                found |= q >= 0 && tz_geo_next[p][d] == q;
            CHECKF(found, "%s should neighbour %s", known[i].p, known[i].nb[k]);
        }
        int deg = 0;
        for (int d = 0; d < GEO_DIRS; d++)
            deg += tz_geo_next[p][d] != GEO_NONE;
        CHECKF(deg == n, "%s has %d neighbours, expected %d", known[i].p, deg, n);
    }
}

static bitboard walk_ray(int p, int d)
{
    bitboard r = 0;
    for (int q = tz_geo_next[p][d]; q != GEO_NONE; q = tz_geo_next[q][d])
        r |= 1ULL << q;
    return r;
}

static bitboard labels(const char *const *s)
{
    bitboard b = 0;
    for (; *s; s++) {
        int p = label_point(*s);
        if (p >= 0)
            b |= 1ULL << p;
    }
    return b;
}

/* The direction whose axial step is (dx, dy). */
static int dir_of(int dx, int dy)
{
    for (int d = 0; d < GEO_DIRS; d++)
        if (tz_geo_dir_dx[d] == dx && tz_geo_dir_dy[d] == dy)
            return d;
    return -1;
}

static void test_rays(void)
{
    tz_geo_init();
    const bitboard board = (1ULL << GEO_POINTS) - 1;
    for (int p = 0; p < GEO_POINTS; p++)
        for (int d = 0; d < GEO_DIRS; d++) {
            bitboard r = tz_geo_ray[p][d];
            CHECKF(r == walk_ray(p, d), "ray %d/%d differs from the neighbour walk", p, d);
            CHECK(!(r & ~board));
            CHECK(!(r >> p & 1));
            /* the opposite ray from the far end of this one covers p */
            if (r) {
                int far = d < 3 ? 63 - __builtin_clzll(r) : __builtin_ctzll(r);
                CHECK(tz_geo_ray[far][(d + 3) % 6] >> p & 1);
            }
        }
    int up = dir_of(0, -1), down = dir_of(0, 1), right = dir_of(1, 0);
    REQUIRE(up >= 0 && down >= 0 && right >= 0);
    int e4 = label_point("E4"), e6 = label_point("E6"), e1 = label_point("E1"), e9 = label_point("E9");
    int d5 = label_point("D5"), a1 = label_point("A1"), a5 = label_point("A5");
    /* from E4 upward nothing lies beyond the hole: the ray is empty */
    CHECK(tz_geo_ray[e4][up] == 0);
    CHECK(!(tz_geo_ray[e4][up] >> e6 & 1));
    CHECK(tz_geo_next[e4][up] == GEO_NONE);
    CHECK(tz_geo_ray[e6][down] == 0);
    /* from E1 upward: E2, E3, E4 and no further */
    static const char *const e1_up[] = { "E2", "E3", "E4", NULL };
    CHECK(tz_geo_ray[e1][up] == labels(e1_up));
    static const char *const e9_down[] = { "E8", "E7", "E6", NULL };
    CHECK(tz_geo_ray[e9][down] == labels(e9_down));
    /* D5 towards F4 crosses the hole: nothing */
    CHECK(tz_geo_ray[d5][right] == 0);
    /* edges: A1 up is A2..A5, A1 right is B1 C1 D1 E1, A5 up is empty */
    static const char *const a1_up[] = { "A2", "A3", "A4", "A5", NULL };
    static const char *const a1_right[] = { "B1", "C1", "D1", "E1", NULL };
    CHECK(tz_geo_ray[a1][up] == labels(a1_up));
    CHECK(tz_geo_ray[a1][right] == labels(a1_right));
    CHECK(tz_geo_ray[a5][up] == 0);
    /* the long row through the middle, cut by the hole on both sides */
    static const char *const a5_right[] = { "B5", "C5", "D5", NULL };
    CHECK(tz_geo_ray[a5][right] == labels(a5_right));
    /* no ray anywhere contains the hole's neighbours on both sides of it */
    int d4 = label_point("D4"), f4 = label_point("F4"), f5 = label_point("F5");
    for (int d = 0; d < GEO_DIRS; d++) {
        CHECK(!((tz_geo_ray[e4][d] >> e6 & 1)));
        CHECK(!((tz_geo_ray[d5][d] >> f4 & 1)));
        CHECK(!((tz_geo_ray[d4][d] >> f5 & 1)));
    }
    /* 300 pairs with a neighbour = 300 non-empty rays */
    int nonempty = 0;
    for (int p = 0; p < GEO_POINTS; p++)
        for (int d = 0; d < GEO_DIRS; d++)
            nonempty += tz_geo_ray[p][d] != 0;
    CHECKF(nonempty == 300, "non-empty rays %d", nonempty);
}

static void test_first_on_ray(void)
{
    tz_geo_init();
    xoshiro256 rng;
    xoshiro_seed(&rng, 0x9e0de7);
    const bitboard board = (1ULL << GEO_POINTS) - 1;
    long checked = 0, hits = 0;
    for (int iter = 0; iter < 2000; iter++) {
        bitboard occ = xoshiro_next(&rng);
        for (int k = iter % 4; k > 0; k--) /* densities 1/2, 1/4, 1/8, 1/16 */
            occ &= xoshiro_next(&rng);
        occ &= board;
        for (int p = 0; p < GEO_POINTS; p++)
            for (int d = 0; d < GEO_DIRS; d++) {
                int want = -1;
                for (int q = tz_geo_next[p][d]; q != GEO_NONE; q = tz_geo_next[q][d])
                    if (occ >> q & 1) {
                        want = q;
                        break;
                    }
                bitboard r = occ & tz_geo_ray[p][d];
                int got = r ? geo_first(r, d) : -1;
                if (got != want) {
                    CHECKF(0, "occ %016llx point %d dir %d: geo_first %d, walk %d",
                           (unsigned long long)occ, p, d, got, want);
                    return;
                }
                checked++;
                hits += want >= 0;
            }
    }
    CHECK(checked == 2000L * 60 * 6);
    CHECK(hits > checked / 4); /* the test exercised real targets */
}

const test_case tests_geometry[] = {
    { "geometry_point_count", test_point_count },
    { "geometry_label_roundtrip", test_label_roundtrip },
    { "geometry_degrees", test_degrees },
    { "geometry_neighbour_rules", test_neighbour_rules },
    { "geometry_rays", test_rays },
    { "geometry_first_on_ray", test_first_on_ray },
    { NULL, NULL },
};
