/* eval.c — feature extraction, the weighted sum and the weights (eval.h);
 * weight files are read by engine/weights.c, as every game's are.
 *
 * One pass over each colour's stacks gathers counts, heights and the set of
 * enemy stacks it can capture (first occupied point of each ray, as in
 * movegen.c); every feature is then a few bit counts away. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/weights.h"
#include "eval.h"
#include "game_tzaar.h"
#include "vis.h"

typedef struct feature_info {
    const char *name;
    double weight; /* the default: data/weights/default.txt (issue 20's second refit) */
    const char *about;
} feature_info;

static const feature_info features[EVAL_FEATURES] = {
    [F_TZAAR_STACKS] = { "tzaar_stacks", 9.0100474682626999, "Tzaar-topped stacks, diminishing: 1 + 1/2 + ... + 1/n" },
    [F_TZARRA_STACKS] = { "tzarra_stacks", 55.754208942012369, "Tzarra-topped stacks, same curve" },
    [F_TOTT_STACKS] = { "tott_stacks", 163.5908064213252, "Tott-topped stacks, same curve" },
    [F_TZAAR_HEIGHT] = { "tzaar_height", 152.9558409296819, "pieces in Tzaar-topped stacks" },
    [F_TZARRA_HEIGHT] = { "tzarra_height", 173.16986006099663, "pieces in Tzarra-topped stacks" },
    [F_TOTT_HEIGHT] = { "tott_height", 125.77483458984892, "pieces in Tott-topped stacks" },
    [F_TZAAR_TALLEST] = { "tzaar_tallest", 41.276260790089481, "height of the tallest Tzaar stack" },
    [F_TZARRA_TALLEST] = { "tzarra_tallest", 19.2026885335355, "height of the tallest Tzarra stack" },
    [F_TOTT_TALLEST] = { "tott_tallest", 40.985009870271753, "height of the tallest Tott stack" },
    [F_STACKS] = { "stacks", -93.221893270241225, "stacks of any type" },
    [F_ONE_LEFT] = { "one_left", 57.468934162235492, "types with exactly one stack left" },
    [F_CAPTURES] = { "captures", 16.960778024643979, "capture actions available (mobility)" },
    [F_NO_CAPTURE] = { "no_capture", -423.15894699356073, "1 when no capture is available" },
    [F_HANGING_TZAAR] = { "hanging_tzaar", 7.9786627460196851, "Tzaars the side to act can capture, at most 2 (side not to act only)" },
    [F_HANGING_TZARRA] = { "hanging_tzarra", -18.827436729412948, "Tzarras the side to act can capture, at most 2 (side not to act only)" },
    [F_HANGING_TOTT] = { "hanging_tott", -106.61732720937825, "Totts the side to act can capture, at most 2 (side not to act only)" },
    [F_HANGING_LAST] = { "hanging_last", -434.00631167652602, "capturable last stacks of a type (side not to act only)" },
    [F_THREATENED] = { "threatened", -405.99345015938565, "stacks the opponent could capture, at most 2 (side to act only)" },
    [F_THREATENED_LAST] = { "threatened_last", -106.03510961748155, "last stacks of a type the opponent could capture (side to act only)" },
    [F_SAFE_TYPES] = { "safe_types", 286.61855208643044, "types whose tallest stack is taller than every enemy stack" },
    [F_SECURE_TYPES] = { "secure_types", -554.36158695505219, "types whose tallest stack outnumbers all enemy pieces (never capturable)" },
    [F_CENTRE] = { "centre", 1.9078754675444642, "stacks within two steps of the hole" },
    [F_TEMPO] = { "tempo", 731.88192872599336, "+1 for the side to act (it is about to capture), as White minus Black" },
    [F_TARGETS] = { "targets", 44.923596912810879, "enemy stacks it can capture now (each once)" },
    [F_IMMUNE_PIECES] = { "immune_pieces", -67.715636265758064, "pieces in its stacks taller than every enemy stack" },
    [F_LAST_ATTACKERS] = { "last_attackers", -20.317527560943891, "enemy stacks as tall as one of its last stacks of a type, per such stack" },
};

/* The 18 points within two steps of the hole, in point-index bits (the test
 * suite re-derives it from the geometry). */
#define CENTRE_MASK 0x70f0f0f0e000ULL

/* harmonic[n] = 1 + 1/2 + ... + 1/n: the n-th stack of a type adds 1/n, so
 * the last one is worth most.  No type has more than 15 stacks. */
static const double harmonic[16] = {
    0, 1, 1.5, 1.8333333333333333, 2.0833333333333333, 2.2833333333333333,
    2.45, 2.5928571428571429, 2.7178571428571429, 2.8289682539682540,
    2.9289682539682540, 3.0198773448773449, 3.1032106782106782,
    3.1801337551337551, 3.2515623265623266, 3.3182289932289932,
};

const char *tz_eval_feature_name(int i)
{
    return i >= 0 && i < EVAL_FEATURES ? features[i].name : NULL;
}

int tz_eval_feature_index(const char *name)
{
    for (int i = 0; i < EVAL_FEATURES; i++)
        if (!strcmp(name, features[i].name))
            return i;
    return -1;
}

/* What one colour has: per-type counts and heights, and what it attacks. */
typedef struct side_facts {
    int height[PIECE_TYPES], tallest[PIECE_TYPES];
    int pieces, max_height, captures, centre;
    uint8_t by_height[32]; /* stacks of each height (30 is the most a colour has) */
    bitboard attacks; /* enemy stacks it can capture now */
} side_facts;

/* Counts, heights and the tallest stack of each type, per colour. */
static void gather_material(const position *p, side_facts f[2])
{
    memset(f, 0, 2 * sizeof *f);
    for (int c = 0; c < 2; c++) {
        side_facts *me = &f[c];
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b), h = p->height[pt], t = p->type[pt];
            me->height[t] += h;
            me->by_height[h & 31]++;
            if (h > me->tallest[t])
                me->tallest[t] = h;
        }
        me->centre = __builtin_popcountll(p->occ[c] & CENTRE_MASK);
        for (int t = 0; t < PIECE_TYPES; t++) {
            me->pieces += me->height[t];
            if (me->tallest[t] > me->max_height)
                me->max_height = me->tallest[t];
        }
    }
}

/* What each colour can capture.  Two stacks see each other when the line
 * between them is empty, and each such pair is found once, from its
 * lower-numbered end along the three "up" directions (geometry.h): half
 * the rays of looking outward from every stack in all six directions. */
static void gather_attacks(const position *p, side_facts f[2])
{
    bitboard all = p->occ[WHITE] | p->occ[BLACK];
    for (bitboard b = all; b; b &= b - 1) {
        int from = __builtin_ctzll(b), h = p->height[from];
        int c = (int)(p->occ[BLACK] >> from & 1);
        for (int d = 0; d < 3; d++) {
            bitboard r = tz_geo_ray[from][d] & all;
            if (!r)
                continue;
            int to = __builtin_ctzll(r);
            if (!(p->occ[c ^ 1] >> to & 1))
                continue;
            int th = p->height[to];
            if (th <= h) {
                f[c].captures++;
                f[c].attacks |= 1ULL << to;
            }
            if (h <= th) {
                f[c ^ 1].captures++;
                f[c ^ 1].attacks |= 1ULL << from;
            }
        }
    }
}

/* A turn captures at most two stacks, so more targets than two say little
 * more; uncapped counts made the evaluation swing by whole stacks per ply. */
static int at_most_2(int n)
{
    return n < 2 ? n : 2;
}

/* Features of colour c alone; tz_eval_features() subtracts the two colours. */
static void colour_features(const position *p, int c, const side_facts *me, const side_facts *them,
                            double *out)
{
    bool to_act = p->side == c;
    bitboard attacked = them->attacks & p->occ[c];
    int one_left = 0, last_attacked = 0, safe = 0, secure = 0;
    for (int t = 0; t < PIECE_TYPES; t++) {
        int n = p->count[c][t];
        out[F_TZAAR_STACKS + t] = harmonic[n];
        out[F_TZAAR_HEIGHT + t] = me->height[t];
        out[F_TZAAR_TALLEST + t] = me->tallest[t];
        out[F_HANGING_TZAAR + t] = to_act ? 0 : at_most_2(__builtin_popcountll(attacked & p->tops[t]));
        one_left += n == 1;
        last_attacked += n == 1 && (attacked & p->tops[t]);
        safe += n && me->tallest[t] > them->max_height;
        secure += n && me->tallest[t] > them->pieces;
    }
    out[F_STACKS] = __builtin_popcountll(p->occ[c]);
    out[F_ONE_LEFT] = one_left;
    out[F_CAPTURES] = me->captures;
    out[F_NO_CAPTURE] = me->captures == 0;
    out[F_HANGING_LAST] = to_act ? 0 : last_attacked;
    out[F_THREATENED] = to_act ? at_most_2(__builtin_popcountll(attacked)) : 0;
    out[F_THREATENED_LAST] = to_act ? last_attacked : 0;
    out[F_SAFE_TYPES] = safe;
    out[F_SECURE_TYPES] = secure;
    out[F_CENTRE] = me->centre;
    out[F_TEMPO] = to_act;
    out[F_TARGETS] = __builtin_popcountll(me->attacks);
    /* A stack taller than every enemy stack cannot be captured until an
     * enemy stack grows by stacking (which costs the enemy a stack); the
     * fit weighs the pieces in such stacks (immune_pieces) below the
     * height terms: piling on beyond need earns less. */
    int immune = 0, last_attackers = 0;
    for (int h = them->max_height + 1; h < 32; h++)
        immune += h * me->by_height[h];
    for (int t = 0; t < PIECE_TYPES; t++) {
        if (p->count[c][t] != 1)
            continue;
        for (int h = me->tallest[t]; h < 32; h++) /* the type's one stack is its tallest */
            last_attackers += them->by_height[h];
    }
    out[F_IMMUNE_PIECES] = immune;
    out[F_LAST_ATTACKERS] = last_attackers;
}

static void features_of(const position *p, const side_facts f[2], double *out)
{
    double black[EVAL_FEATURES];
    colour_features(p, WHITE, &f[WHITE], &f[BLACK], out);
    colour_features(p, BLACK, &f[BLACK], &f[WHITE], black);
    for (int i = 0; i < EVAL_FEATURES; i++)
        out[i] -= black[i];
}

static double dot(const eval_weights *w, const double *x)
{
    double sum = 0;
    for (int i = 0; i < EVAL_FEATURES; i++)
        sum += w->w[i] * x[i];
    return sum;
}

void tz_eval_features(const position *p, double *out)
{
    side_facts f[2];
    gather_material(p, f);
    gather_attacks(p, f);
    features_of(p, f, out);
}

double tz_eval_position(const eval_weights *w, const position *p)
{
    double x[EVAL_FEATURES];
    tz_eval_features(p, x);
    return dot(w, x);
}

double tz_eval_position_vis(const eval_weights *w, const position *p, const vis *v)
{
    side_facts f[2];
    double x[EVAL_FEATURES];
    gather_material(p, f);
    for (int c = 0; c < 2; c++) {
        f[c].captures = v->captures[c];
        f[c].attacks = tz_vis_attacks(v, c);
    }
    features_of(p, f, x);
    return dot(w, x);
}

void tz_eval_weights_default(eval_weights *w)
{
    for (int i = 0; i < EVAL_FEATURES; i++)
        w->w[i] = features[i].weight;
}

int tz_eval_weights_load(eval_weights *w, const char *path, uint32_t *crc, char *err, size_t errlen)
{
    /* The registry's TZAAR (not looked up by name): its feature names are
     * filled in by its init(). */
    const game_def *g = tz_game_ready(err, errlen);
    double v[GAME_MAX_FEATURES];
    uint32_t sum;
    if (!g || gweights_load(g, path, v, &sum, err, errlen))
        return -1;
    memcpy(w->w, v, sizeof w->w);
    if (crc)
        *crc = sum;
    return 0;
}
