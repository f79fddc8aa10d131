/* geometry.h — the TZAAR board: 60 points as bits of a uint64_t.
 *
 * Points are numbered in LittleGolem order (axial x from -4 to 4, y ascending,
 * the hole (0,0) skipped).  In that order every step along directions
 * (0,+1), (+1,0) and (+1,-1) increases the index and every step along their
 * opposites decreases it.  So along a ray the nearest stack is the lowest set
 * bit of (occupied & ray) for the three "up" directions and the highest set
 * bit for the three "down" ones: no loop over empty points.
 *
 * The tables are filled once by tz_geo_init() (idempotent, thread-safe). */
#ifndef TRIAD_GEOMETRY_H
#define TRIAD_GEOMETRY_H

#include <stdint.h>

#define GEO_POINTS 60
#define GEO_DIRS 6
#define GEO_NONE 255 /* "no point" in neighbour tables */

/* Directions 0..2 increase the point index (use lsb), 3..5 decrease it (msb);
 * direction d+3 is the opposite of d. */
enum { DIR_N_UP = 0, DIR_X_UP = 1, DIR_XY = 2, DIR_N_DOWN = 3, DIR_X_DOWN = 4, DIR_YX = 5 };

typedef uint64_t bitboard;

extern const int8_t tz_geo_dir_dx[GEO_DIRS], tz_geo_dir_dy[GEO_DIRS];
/* geo_ray[p][d]: the points strictly beyond p in direction d, up to the board
 * edge or the hole, whichever comes first. */
extern bitboard tz_geo_ray[GEO_POINTS][GEO_DIRS];
/* geo_next[p][d]: the adjacent point in direction d, or GEO_NONE. */
extern uint8_t tz_geo_next[GEO_POINTS][GEO_DIRS];
extern int8_t tz_geo_x[GEO_POINTS], tz_geo_y[GEO_POINTS];

void tz_geo_init(void);

/* Axial (x, y) -> point index, or -1 off the board or at the hole. */
int tz_geo_from_axial(int x, int y);
/* Column 0..8 (A..I) and row 1..9 -> point index, or -1. */
int tz_geo_from_label(int col, int row);
void tz_geo_label(int p, int *col, int *row);
/* Writes "A1".."I9" (3 bytes with the NUL). */
void tz_geo_label_str(int p, char out[3]);
/* Parses a label such as "c3" or "E6" at s (case-insensitive); returns the point
 * and sets *len to the characters read, or returns -1. */
int tz_geo_parse_label(const char *s, int *len);

static inline int geo_first(bitboard ray_occ, int dir)
{
    return dir < 3 ? __builtin_ctzll(ray_occ) : 63 - __builtin_clzll(ray_occ);
}

#endif
