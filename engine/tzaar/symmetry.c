/* symmetry.c — point and direction maps of the board symmetries, images of
 * positions and actions, and the canonical image (symmetry.h). */
#include <pthread.h>
#include <string.h>
#include "symmetry.h"

uint8_t tz_sym_point[SYM_BOARD][GEO_POINTS];
uint8_t tz_sym_dir[SYM_BOARD][GEO_DIRS];
static uint8_t inverse[SYM_BOARD];

/* Board symmetry g applied to the axial vector (x, y): points and
 * directions alike, since every map is linear and fixes the hole. */
static void map_xy(int g, int *x, int *y)
{
    if (g >= 6) {
        int t = *x;
        *x = *y;
        *y = t;
    }
    for (int k = 0; k < g % 6; k++) {
        int t = *x;
        *x = *x + *y;
        *y = -t;
    }
}

static void build(void)
{
    for (int g = 0; g < SYM_BOARD; g++) {
        for (int p = 0; p < GEO_POINTS; p++) {
            int x = tz_geo_x[p], y = tz_geo_y[p];
            map_xy(g, &x, &y);
            tz_sym_point[g][p] = (uint8_t)tz_geo_from_axial(x, y);
        }
        for (int d = 0; d < GEO_DIRS; d++) {
            int x = tz_geo_dir_dx[d], y = tz_geo_dir_dy[d];
            map_xy(g, &x, &y);
            for (int e = 0; e < GEO_DIRS; e++)
                if (tz_geo_dir_dx[e] == x && tz_geo_dir_dy[e] == y)
                    tz_sym_dir[g][d] = (uint8_t)e;
        }
    }
    for (int g = 0; g < SYM_BOARD; g++)
        for (int h = 0; h < SYM_BOARD; h++)
            if (tz_sym_point[h][tz_sym_point[g][0]] == 0 && tz_sym_point[h][tz_sym_point[g][1]] == 1)
                inverse[g] = (uint8_t)h; /* two points not on one line through the hole fix a map */
}

void tz_sym_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    tz_geo_init();
    pthread_once(&once, build);
}

int tz_sym_inverse(int g)
{
    return inverse[g % SYM_BOARD] + (g >= SYM_BOARD ? SYM_BOARD : 0);
}

bool tz_sym_applies(const position *p, int g)
{
    return g < SYM_BOARD || p->phase == PHASE_FIRST || p->phase == PHASE_SECOND;
}

void tz_sym_position(const position *p, int g, position *out)
{
    const uint8_t *to = tz_sym_point[g % SYM_BOARD];
    int swap = g >= SYM_BOARD;
    *out = *p; /* counts, reserves, side, phase, winner, ending */
    memset(out->occ, 0, sizeof out->occ);
    memset(out->tops, 0, sizeof out->tops);
    memset(out->height, 0, sizeof out->height);
    memset(out->type, 0, sizeof out->type);
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            tz_pos_put(out, to[pt], c ^ swap, p->type[pt], p->height[pt]);
        }
    if (swap) {
        memcpy(out->count[0], p->count[1], sizeof out->count[0]);
        memcpy(out->count[1], p->count[0], sizeof out->count[1]);
        memcpy(out->reserve[0], p->reserve[1], sizeof out->reserve[0]);
        memcpy(out->reserve[1], p->reserve[0], sizeof out->reserve[1]);
        out->side ^= 1;
        if (out->winner >= 0)
            out->winner ^= 1;
    }
    out->hash = tz_pos_hash_full(out);
}

action tz_sym_action(action a, int g)
{
    const uint8_t *to = tz_sym_point[g % SYM_BOARD];
    int kind = act_kind(a);
    if (a == ACTION_NONE || kind == ACT_PASS)
        return a;
    if (kind == ACT_PLACE) /* "from" holds the piece type */
        return act_make(act_from(a), to[act_to(a)], kind);
    return act_make(to[act_from(a)], to[act_to(a)], kind);
}

/* p's contents after symmetry g, one byte per point (0: empty, else colour,
 * top type and height) and the side to act last: what images are compared by. */
static void image_bytes(const position *p, int g, uint8_t out[GEO_POINTS + 1])
{
    const uint8_t *to = tz_sym_point[g % SYM_BOARD];
    int swap = g >= SYM_BOARD;
    memset(out, 0, GEO_POINTS);
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            out[to[pt]] = (uint8_t)(1 + ((c ^ swap) * PIECE_TYPES + p->type[pt]) * 32 + p->height[pt]);
        }
    out[GEO_POINTS] = (uint8_t)(p->side ^ swap);
}

int tz_sym_canonical(const position *p, position *out, uint8_t maps[SYM_ALL])
{
    uint8_t best[GEO_POINTS + 1], cur[GEO_POINTS + 1];
    int n = 0;
    for (int g = 0; g < SYM_ALL && tz_sym_applies(p, g); g++) {
        image_bytes(p, g, cur);
        int c = g ? memcmp(cur, best, sizeof cur) : -1;
        if (c < 0) {
            memcpy(best, cur, sizeof cur);
            n = 0;
        }
        if (c <= 0)
            maps[n++] = (uint8_t)g;
    }
    tz_sym_position(p, maps[0], out);
    return n;
}
