/* start_features.c — features of a starting position that might favour a
 * colour (see start_features.h). */
#include "start_features.h"

const char *const tz_start_feature_names[START_FEATURES + 1] = {
    "tzaar_contact", "tzaar_exposed", "tzarra_exposed", "rim", "tzaar_rim", "inner", NULL,
};

static bool next_to(int pt, bitboard set)
{
    for (int d = 0; d < GEO_DIRS; d++)
        if (tz_geo_next[pt][d] != GEO_NONE && (set >> tz_geo_next[pt][d] & 1))
            return true;
    return false;
}

static int neighbours_in(int pt, bitboard set)
{
    int n = 0;
    for (int d = 0; d < GEO_DIRS; d++)
        n += tz_geo_next[pt][d] != GEO_NONE && (set >> tz_geo_next[pt][d] & 1);
    return n;
}

static int degree(int pt)
{
    int n = 0;
    for (int d = 0; d < GEO_DIRS; d++)
        n += tz_geo_next[pt][d] != GEO_NONE;
    return n;
}

static bool next_to_hole(int pt)
{
    int x = tz_geo_x[pt], y = tz_geo_y[pt];
    return (x == 0 && (y == 1 || y == -1)) || (y == 0 && (x == 1 || x == -1)) ||
           (x == 1 && y == -1) || (x == -1 && y == 1);
}

void tz_start_features(const position *p, double out[START_FEATURES])
{
    for (int f = 0; f < START_FEATURES; f++)
        out[f] = 0;
    for (int c = 0; c < 2; c++) {
        double sign = c == WHITE ? 1 : -1;
        bitboard enemy = p->occ[c ^ 1];
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            bool rim = degree(pt) < 6 && !next_to_hole(pt);
            if (p->type[pt] == TZAAR) {
                out[SF_TZAAR_CONTACT] += sign * neighbours_in(pt, enemy);
                out[SF_TZAAR_EXPOSED] += sign * next_to(pt, enemy);
            }
            if (p->type[pt] == TZARRA && next_to(pt, enemy))
                out[SF_TZARRA_EXPOSED] += sign;
            out[SF_RIM] += sign * rim;
            out[SF_TZAAR_RIM] += sign * (rim && p->type[pt] == TZAAR);
            out[SF_INNER] += sign * next_to_hole(pt);
        }
    }
}
