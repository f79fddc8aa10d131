/* player.c — Talat's own players, added to the generic ones through
 * game_def.player_kinds:
 *
 *   greedy  the action whose resulting position the evaluation likes best
 *           (one ply; a finished game counts its real points)
 *   ab      alpha-beta with iterative deepening: paranoid for three players
 *           (the other two together minimise the searcher's value), plain
 *           two-player alpha-beta in the Zihin game; depth=D, nodes=N (stop
 *           deepening once a depth has used N nodes; 0 = no limit), tt=MB
 *           (a transposition table, cleared for every choice; 0 = none)
 *
 * Values are from the searching seat's view: w . features (features.c) for
 * an unfinished position, the points share (own minus the others' mean,
 * komi included, plus a tenth of the best-capture share for the tie-break)
 * for a finished one.  Both kinds take weights=FILE (default data/weights/talat.txt) and
 * wcrc=XXXXXXXX.  Ties between equal values go by the seed: the root's
 * actions are shuffled by it before a stable capture-first ordering, and
 * the first best is kept, so a choice is a function of (spec, state, seed). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/clock.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/prng.h"
#include "engine/nnue.h"
#include "engine/players.h"
#include "engine/weights.h"
#include "features.h"
#include "player.h"

/* A transposition-table entry: value bounds from the root seat's view. */
typedef struct tt_entry {
    uint64_t key;
    double value;
    game_action best;
    uint32_t gen;  /* the choice that wrote it: older entries are ignored */
    int8_t depth;
    uint8_t bound;
} tt_entry;
enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct tl_player {
    const game_def *g;
    bool search;
    uint64_t depth, nodes_max, tt_mb;
    /* ms=: a time limit per action (not reproducible): deepening stops when
     * it is spent, and an iteration it cuts short is not used */
    double ms, deadline;
    bool depth_given, stop;
    tt_entry *tt;
    size_t tt_size; /* a power of two */
    /* The frozen test's answers (frozen.c): exact, keyed by the board, so
     * kept across choices and games; without it the test ran again on
     * every board a search reached, over half of the search's time. */
    tl_fcache *fcache;
    uint32_t gen;   /* of the current choice */
    double w[TL_FEATURES];
    /* ab's network (net=, ncrc=; docs/network.md): the leaves' value when
     * given, the linear evaluation's otherwise */
    bool use_net, ncrc_given, linear_given;
    char net_path[200];
    uint32_t ncrc;
    nn_net net;
    uint32_t wcrc;
    bool wcrc_given;
    char weights[200];
    uint64_t nodes; /* of the current choice */
    int root_seat;
    /* the last choice, for report(): depth completed, its value, time */
    bool chosen;
    int last_depth;
    double last_value, seconds;
    game_action last;
} tl_player;

static double share(const talat *p, int seat, int (*f)(const talat *, int))
{
    double others = 0;
    for (int k = 0; k < p->players; k++)
        others += k == seat ? 0 : f(p, k);
    return f(p, seat) - others / (p->players - 1);
}

/* The seat's komi share in points (its komi less the others' mean; 0 in
 * the rulebook), exact: a multiple of a quarter point. */
static int komi_halves(const talat *p, int seat)
{
    return p->komi[seat];
}

static double komi_share(const talat *p, int seat)
{
    return share(p, seat, komi_halves) / 2;
}

/* The komi share is added last, to a value computed as the rulebook's: a
 * constant per seat, it then moves every leaf of a search alike, so two
 * actions that tie still tie and a komi changes no choice. */
static double value(const tl_player *pl, const talat *p, const nn_frame *fr, int seat)
{
    double k = komi_share(p, seat);
    if (tl_over(p))
        return share(p, seat, tl_points) + 0.1 * share(p, seat, tl_best_capture) + k;
    double f[TL_FEATURES], v = 0;
    if (pl->use_net) {
        v = nn_value(&pl->net, pl->g, p, &fr->acc, seat);
        if (!(pl->net.flags & NN_FLAG_LINEAR)) /* the network knows no komi: its units are the evaluation's points */
            return v + k;
    } /* a residual network corrects the linear value (komi and all): both, summed */
    tl_features(p, seat, f);
    f[0] -= k; /* the points feature without the komi: the rulebook's, exactly */
    for (int i = 0; i < TL_FEATURES; i++)
        v += pl->w[i] * f[i];
    return v + pl->w[0] * k;
}

/* Captures first, by victim type descending; the rest keep their order. */
static void order(const talat *p, game_action *a, int n)
{
    int key[TL_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        key[i] = 0;
        if (a[i] & TL_MOVE_BIT) {
            int to = (int)(a[i] & 127), b = to / TL_SQ, q = to % TL_SQ;
            if ((p->occ[b][0] | p->occ[b][1]) >> q & 1)
                key[i] = 1 + p->type[b][q];
        }
    }
    for (int i = 1; i < n; i++) { /* stable insertion sort, descending key */
        game_action x = a[i];
        int k = key[i], j = i;
        for (; j > 0 && key[j - 1] < k; j--) {
            a[j] = a[j - 1];
            key[j] = key[j - 1];
        }
        a[j] = x;
        key[j] = k;
    }
}

/* The position's key: every byte of the state but the turn counter. */
static uint64_t key_of(const talat *p)
{
    talat c = *p;
    c.turns = 0;
    uint64_t w[sizeof c / 8], h = 0x243f6a8885a308d3ull;
    memcpy(w, &c, sizeof w);
    for (size_t i = 0; i < sizeof w / 8; i++) {
        h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 31;
    }
    return h | 1; /* 0 never occurs: a free slot has key 0 */
}

/* Moves a to the front of the list, the rest keeping their order. */
static void to_front(game_action *list, int n, game_action a)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a) {
            memmove(list + 1, list, sizeof *list * (size_t)i);
            list[0] = a;
            return;
        }
}

/* A child's frame (its accumulators, with a network). */
static void child_frame(const tl_player *pl, const nn_frame *parent, const talat *c, nn_frame *f)
{
    if (pl->use_net)
        nn_frame_child(&pl->net, pl->g, parent, c, f);
}

static double alphabeta(tl_player *pl, const talat *p, const nn_frame *f, int depth, double alpha, double beta)
{
    if (pl->deadline > 0 && !(pl->nodes & 127) && clock_seconds() >= pl->deadline)
        pl->stop = true;
    if (pl->stop)
        return 0;
    pl->nodes++;
    if (depth == 0 || tl_over(p))
        return value(pl, p, f, pl->root_seat);
    uint64_t key = key_of(p);
    tt_entry *e = pl->tt ? &pl->tt[key & (pl->tt_size - 1)] : NULL;
    game_action hint = GAME_NO_ACTION;
    if (e && e->key == key && e->gen == pl->gen) {
        hint = e->best;
        if (e->depth >= depth && (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && e->value >= beta) ||
                                  (e->bound == BOUND_UPPER && e->value <= alpha)))
            return e->value;
    }
    double alpha0 = alpha, beta0 = beta;
    game_action a[TL_MAX_ACTIONS];
    int n = tl_legal(p, a);
    order(p, a, n);
    if (hint != GAME_NO_ACTION)
        to_front(a, n, hint);
    bool maxing = p->side == pl->root_seat;
    double best = maxing ? -INFINITY : INFINITY;
    game_action best_a = a[0];
    for (int i = 0; i < n; i++) {
        talat c = *p;
        nn_frame cf;
        tl_apply(&c, a[i], pl->fcache);
        child_frame(pl, f, &c, &cf);
        double v = alphabeta(pl, &c, &cf, depth - 1, alpha, beta);
        if (maxing ? v > best : v < best) {
            best = v;
            best_a = a[i];
        }
        if (maxing)
            alpha = v > alpha ? v : alpha;
        else
            beta = v < beta ? v : beta;
        if (alpha >= beta)
            break;
    }
    if (e) { /* always replace: the newest search knows the most */
        e->key = key;
        e->gen = pl->gen;
        e->value = best;
        e->best = best_a;
        e->depth = (int8_t)depth;
        e->bound = best <= alpha0 ? BOUND_UPPER : best >= beta0 ? BOUND_LOWER : BOUND_EXACT;
    }
    return best;
}

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    tl_player *pl = impl;
    const talat *p = s;
    game_action a[TL_MAX_ACTIONS];
    int n = tl_legal(p, a);
    if (n <= 0)
        return GAME_NO_ACTION;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)xoshiro_below(&rng, (uint64_t)i + 1);
        game_action x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
    order(p, a, n);
    pl->root_seat = p->side;
    pl->nodes = 0;
    /* a fresh table for each choice (entries of earlier ones are ignored),
     * so that the choice depends on (spec, state, seed) alone */
    if (pl->tt && ++pl->gen == 0) {
        memset(pl->tt, 0, sizeof *pl->tt * pl->tt_size);
        pl->gen = 1;
    }
    uint64_t depth_max = pl->search ? pl->depth : 1;
    game_action chosen = a[0];
    /* A network is for one seat count: in a game of another, the player
     * forfeits and says why (forfeit()), rather than play what it is not. */
    if (pl->use_net && pl->net.shape.persp != p->players)
        return GAME_NO_ACTION;
    /* the root's and a child's frames, on the heap: 5 KB each */
    nn_frame *root = pl->use_net ? malloc(2 * sizeof *root) : NULL, *cf = root ? root + 1 : NULL;
    if (pl->use_net && !root)
        return a[0]; /* out of memory: the first in the seeded order */
    if (root)
        nn_frame_root(&pl->net, pl->g, p, root);
    double t0 = clock_seconds();
    pl->stop = false;
    pl->deadline = pl->ms > 0 ? t0 + pl->ms * 0.96 / 1000 : 0; /* a margin for the way out */
    for (uint64_t d = 1; d <= depth_max; d++) {
        double best = -INFINITY, alpha = -INFINITY;
        int best_i = 0;
        for (int i = 0; i < n && !pl->stop; i++) {
            talat c = *p;
            tl_apply(&c, a[i], pl->fcache);
            child_frame(pl, root, &c, cf);
            double v = alphabeta(pl, &c, cf, (int)d - 1, alpha, INFINITY);
            if (v > best && !pl->stop) {
                best = v;
                best_i = i;
            }
            alpha = best;
        }
        if (pl->stop && d > 1)
            break; /* the last whole iteration decides */
        chosen = a[best_i];
        pl->last_depth = (int)d;
        pl->last_value = best;
        /* the best first in the next iteration, the rest in their order */
        memmove(a + 1, a, sizeof *a * (size_t)best_i);
        a[0] = chosen;
        if (n == 1 || pl->stop || (pl->nodes_max && pl->nodes >= pl->nodes_max))
            break;
    }
    free(root);
    pl->seconds = clock_seconds() - t0;
    pl->chosen = true;
    pl->last = chosen;
    return chosen;
}

/* The last choice: depth completed, the value in hundredths of a point
 * (the evaluation's units: points ahead of the others' mean), nodes. */
static bool report(void *impl, game_search_report *out)
{
    const tl_player *pl = impl;
    if (!pl->chosen)
        return false;
    memset(out, 0, sizeof *out);
    out->depth = pl->last_depth;
    out->score = isfinite(pl->last_value) ? (int)lround(100 * pl->last_value) : 0;
    out->nodes = pl->nodes;
    out->seconds = pl->seconds;
    out->pv_len = 1;
    out->pv[0] = pl->last;
    return true;
}

/* One option for gplayer_each_option(). */
static int set_option(void *ctx, const char *key, const char *val, char *err, size_t n)
{
    tl_player *pl = ctx;
    const char *name = pl->search ? "ab" : "greedy";
    char why[200] = "";
    int bad = 0;
    if (pl->search && !strcmp(key, "depth")) {
        bad = num_u64(val, 1, 64, &pl->depth, why, sizeof why);
        pl->depth_given = true;
    } else if (pl->search && !strcmp(key, "ms")) {
        bad = num_double(val, 0, 1e9, &pl->ms, why, sizeof why);
    } else if (pl->search && !strcmp(key, "tt")) {
        bad = num_u64(val, 0, 4096, &pl->tt_mb, why, sizeof why);
    } else if (pl->search && !strcmp(key, "nodes")) {
        bad = num_u64(val, 0, UINT64_C(1) << 40, &pl->nodes_max, why, sizeof why);
    } else if (!strcmp(key, "wcrc")) {
        bad = gweights_parse_wcrc(val, &pl->wcrc, why, sizeof why);
        pl->wcrc_given = true;
    } else if (pl->search && !strcmp(key, "net")) {
        bad = !*val || strlen(val) >= sizeof pl->net_path;
        snprintf(why, sizeof why, "a file name of 1 to %zu characters", sizeof pl->net_path - 1);
        if (!bad)
            strcpy(pl->net_path, val), pl->use_net = true;
    } else if (pl->search && !strcmp(key, "ncrc")) {
        bad = gweights_parse_wcrc(val, &pl->ncrc, why, sizeof why); /* the same 8 hex digits */
        pl->ncrc_given = true;
    } else if (pl->search && !strcmp(key, "eval")) {
        bad = strcmp(val, "linear") && strcmp(val, "net");
        snprintf(why, sizeof why, "expected linear or net");
        if (!bad && !strcmp(val, "net") && !pl->use_net)
            strcpy(pl->net_path, "default"), pl->use_net = true;
        pl->linear_given = !strcmp(val, "linear");
    } else if (!strcmp(key, "weights")) {
        bad = !*val || strlen(val) >= sizeof pl->weights;
        snprintf(why, sizeof why, "a file name of 1 to %zu characters", sizeof pl->weights - 1);
        if (!bad)
            strcpy(pl->weights, val);
    } else {
        snprintf(err, n, "player '%s': unknown option '%s' (expected %s)", name, MSG_PATH(key),
                 pl->search ? "depth, eval, ms, ncrc, net, nodes, tt, wcrc or weights" : "wcrc or weights");
        return -1;
    }
    if (bad)
        snprintf(err, n, "player '%s': bad value '%s' for '%s': %s", name, MSG_PATH(val), key, why);
    return bad ? -1 : 0;
}

/* net=, ncrc= and eval= checked against each other, and the network
 * loaded and pinned. */
static int net_options(tl_player *pl, const char *name, char *err, size_t n)
{
    if (pl->linear_given && pl->use_net) {
        snprintf(err, n, "player '%s': eval=linear and net= contradict each other", name);
        return -1;
    }
    if (pl->ncrc_given && !pl->use_net) {
        snprintf(err, n, "player '%s': ncrc= checks a net= file, and none is given", name);
        return -1;
    }
    if (pl->use_net && (pl->weights[0] || pl->wcrc_given)) {
        snprintf(err, n, "player '%s': weights= has no use with net= (the network scores the leaves)", name);
        return -1;
    }
    if (!pl->use_net)
        return 0;
    return nn_pin(pl->g, name, pl->net_path, pl->ncrc_given ? &pl->ncrc : NULL, 0, NN_FLAG_LINEAR, &pl->net, &pl->ncrc, err, n);
}

static void *create(const game_def *g, bool search, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    const char *name = search ? "ab" : "greedy";
    tl_player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    pl->g = g;
    pl->search = search;
    if (!(pl->fcache = calloc(1, sizeof *pl->fcache))) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    pl->depth = 4;
    pl->tt_mb = 4;
    if (gplayer_each_option(name, opts, set_option, pl, err, n) || net_options(pl, name, err, n))
        goto fail;
    if (pl->ms > 0 && !pl->depth_given)
        pl->depth = 64; /* a time limit alone: as deep as it reaches */
    if (!pl->weights[0]) /* the game's own, found from anywhere */
        snprintf(pl->weights, sizeof pl->weights, "%s", GWEIGHTS_DEFAULT);
    uint32_t crc;
    if (gweights_pin(g, name, pl->weights, pl->wcrc_given ? &pl->wcrc : NULL, pl->w, &crc, err, n))
        goto fail;
    pl->wcrc = crc;
    if (search && pl->tt_mb) {
        size_t want = (size_t)pl->tt_mb << 20;
        for (pl->tt_size = 1; pl->tt_size * 2 * sizeof *pl->tt <= want; pl->tt_size *= 2)
            ;
        if (!(pl->tt = calloc(pl->tt_size, sizeof *pl->tt))) {
            snprintf(err, n, "player '%s': no memory for a %llu MB table", name, (unsigned long long)pl->tt_mb);
            goto fail;
        }
    }
    /* with a network: ncrc= and net= in key order, and no weights (the
     * leaves are the network's); without, the text every record has */
    char ms[48] = "";
    if (pl->ms > 0) { /* only when set: every spec written before ms= keeps its text */
        snprintf(ms, sizeof ms, ",ms=%.0f", pl->ms);
        for (int prec = 1; prec <= 17 && strtod(ms + 4, NULL) != pl->ms; prec++)
            snprintf(ms, sizeof ms, ",ms=%.*g", prec, pl->ms);
    }
    int len = search && pl->use_net
                  ? snprintf(canon, cn, "depth=%llu%s,ncrc=%08x,net=%s,nodes=%llu,tt=%llu", (unsigned long long)pl->depth,
                             ms, (unsigned)pl->ncrc, pl->net_path, (unsigned long long)pl->nodes_max,
                             (unsigned long long)pl->tt_mb)
              : search ? snprintf(canon, cn, "depth=%llu%s,nodes=%llu,tt=%llu,wcrc=%08x,weights=%s",
                                  (unsigned long long)pl->depth, ms, (unsigned long long)pl->nodes_max,
                                  (unsigned long long)pl->tt_mb, (unsigned)pl->wcrc, pl->weights)
                       : snprintf(canon, cn, "wcrc=%08x,weights=%s", (unsigned)pl->wcrc, pl->weights);
    if (len < 0 || (size_t)len >= cn) {
        snprintf(err, n, "player '%s': options longer than %zu characters", name, cn - 1);
        goto fail;
    }
    return pl;
fail:
    nn_net_free(&pl->net);
    free(pl->fcache);
    free(pl->tt);
    free(pl);
    return NULL;
}

static void *create_greedy(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    return create(g, false, opts, canon, cn, err, n);
}

static void *create_ab(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    return create(g, true, opts, canon, cn, err, n);
}

static void destroy(void *impl)
{
    tl_player *pl = impl;
    nn_net_free(&pl->net);
    free(pl->fcache);
    free(pl->tt);
    free(pl);
}

/* The option tables (engine/players.h, GPLAYER_OPTION); set_option()
 * parses them, create() sets the defaults. */
#define TL_WEIGHT_OPTIONS                                                                                         \
    GPLAYER_OPTION("weights", GWEIGHTS_DEFAULT, "evaluation weights file; default: the data folder's "             \
                   "data/weights/talat.txt")                                                                       \
    GPLAYER_OPTION("wcrc", "", "the CRC-32 the weights file must have (8 hex digits; the canonical spec carries it)")

static void forfeit(void *impl, game_forfeit *out)
{
    const tl_player *pl = impl;
    out->reason = GAME_FORFEIT_PROTOCOL;
    snprintf(out->text, sizeof out->text, "net: a network for %d seats in a game of another seat count",
             pl->net.shape.persp);
}

static const game_player_kind kind_greedy = {
    .name = "greedy",
    .help = "the action whose result the evaluation likes best" TL_WEIGHT_OPTIONS,
    .create = create_greedy,
    .choose = choose,
    .destroy = destroy,
    .report = report,
};
static const game_player_kind kind_ab = {
    .name = "ab",
    .help = "alpha-beta, paranoid for 3 players, iterative deepening"
            GPLAYER_OPTION("depth", "4", "plies to search, 1 to 64")
            GPLAYER_OPTION("nodes", "0", "stop after N nodes, at most 2^40 (0: no node limit)")
            GPLAYER_OPTION("ms", "0", "stop after about N milliseconds; the last whole iteration decides (0: none; "
                           "not reproducible; alone, no depth limit)")
            GPLAYER_OPTION("tt", "4", "transposition table size in MiB, 0 to 4096 (0: none)")
            GPLAYER_OPTION("eval", "linear", "the evaluation: linear (weights=) or net (net=; docs/network.md)")
            GPLAYER_OPTION("net", "", "score the leaves with this network file (default: the game's shipped one, "
                           "data/nets/talat.nn, for eval=net)")
            GPLAYER_OPTION("ncrc", "", "the CRC-32 the network file must have (8 hex digits; the canonical spec "
                           "carries it)")
            TL_WEIGHT_OPTIONS,
    .create = create_ab,
    .choose = choose,
    .destroy = destroy,
    .report = report,
    .forfeit = forfeit,
};

const game_player_kind *const tl_player_kinds[] = { &kind_greedy, &kind_ab, NULL };

/* Nodes of a fixed-depth search from s with the default weights (the
 * search signature); 0 when they cannot be read. */
uint64_t tl_search_nodes(const game_def *g, const void *s, int depth)
{
    char canon[GPLAYER_SPEC_MAX], err[256], opts[32];
    snprintf(opts, sizeof opts, "depth=%d", depth);
    tl_player *pl = create(g, true, opts, canon, sizeof canon, err, sizeof err);
    if (!pl)
        return 0;
    choose(pl, s, 0);
    uint64_t nodes = pl->nodes;
    destroy(pl);
    return nodes;
}
