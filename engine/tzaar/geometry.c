/* geometry.c — point numbering, labels and the ray tables (see geometry.h). */
#include <ctype.h>
#include <pthread.h>
#include "geometry.h"

const int8_t tz_geo_dir_dx[GEO_DIRS] = { 0, 1, 1, 0, -1, -1 };
const int8_t tz_geo_dir_dy[GEO_DIRS] = { 1, 0, -1, -1, 0, 1 };

bitboard tz_geo_ray[GEO_POINTS][GEO_DIRS];
uint8_t tz_geo_next[GEO_POINTS][GEO_DIRS];
int8_t tz_geo_x[GEO_POINTS], tz_geo_y[GEO_POINTS];
static int8_t index_of[9][9]; /* [x+4][y+4] -> point, or -1 */

static int on_board(int x, int y)
{
    int s = x + y;
    return x >= -4 && x <= 4 && y >= -4 && y <= 4 && s >= -4 && s <= 4 && (x || y);
}

static void build(void)
{
    int n = 0;
    for (int x = -4; x <= 4; x++)
        for (int y = -4; y <= 4; y++) {
            index_of[x + 4][y + 4] = -1;
            if (!on_board(x, y))
                continue;
            tz_geo_x[n] = (int8_t)x;
            tz_geo_y[n] = (int8_t)y;
            index_of[x + 4][y + 4] = (int8_t)n++;
        }
    for (int p = 0; p < GEO_POINTS; p++)
        for (int d = 0; d < GEO_DIRS; d++) {
            int x = tz_geo_x[p] + tz_geo_dir_dx[d], y = tz_geo_y[p] + tz_geo_dir_dy[d];
            tz_geo_next[p][d] = on_board(x, y) ? (uint8_t)index_of[x + 4][y + 4] : GEO_NONE;
            bitboard ray = 0;
            for (; on_board(x, y); x += tz_geo_dir_dx[d], y += tz_geo_dir_dy[d])
                ray |= 1ULL << index_of[x + 4][y + 4];
            tz_geo_ray[p][d] = ray;
        }
}

void tz_geo_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
}

int tz_geo_from_axial(int x, int y)
{
    return on_board(x, y) ? index_of[x + 4][y + 4] : -1;
}

/* Column letter = 'A' + (x + 4); row = min(4, 4 - x) - y + 1. */
int tz_geo_from_label(int col, int row)
{
    int x = col - 4;
    int top = x < 0 ? 4 : 4 - x;
    return tz_geo_from_axial(x, top - row + 1);
}

void tz_geo_label(int p, int *col, int *row)
{
    int x = tz_geo_x[p];
    *col = x + 4;
    *row = (x < 0 ? 4 : 4 - x) - tz_geo_y[p] + 1;
}

void tz_geo_label_str(int p, char out[3])
{
    int col, row;
    tz_geo_label(p, &col, &row);
    out[0] = (char)('A' + col);
    out[1] = (char)('0' + row);
    out[2] = 0;
}

int tz_geo_parse_label(const char *s, int *len)
{
    int c = toupper((unsigned char)s[0]);
    if (c < 'A' || c > 'I' || s[1] < '1' || s[1] > '9')
        return -1;
    *len = 2;
    return tz_geo_from_label(c - 'A', s[1] - '0');
}
