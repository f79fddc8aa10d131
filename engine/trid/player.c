/* player.c — TRID's own players (player.h): "greedy", the action whose
 * result the evaluation likes best, and "ab", a paranoid alpha-beta search
 * (plain alpha-beta for 2 players: every other seat is taken to play
 * against the seat to move).  Both score a position from the searching
 * seat's view as w . features(s, seat) (features.h), and a finished game
 * as its score for that seat, far beyond any evaluation.  Ties at the root
 * are broken by a random key per action drawn from the seed, never by
 * the action's place in the list.  noise=N adds a seeded bonus in [0, N]
 * to each root action's score: TRID has one start, so without it two
 * games between the same players are the same game (up to the seed's
 * rare exact ties), and a seat study would count one game many times. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/prng.h"
#include "features.h"
#include "engine/nnue.h"
#include "engine/players.h"
#include "engine/weights.h"
#include "movegen.h"
#include "player.h"

#define DEFAULT_DEPTH 2
#define MAX_DEPTH 8
#define MAX_NOISE 1000
#define WIN 1e7 /* a won game, far beyond any evaluation */

typedef struct searcher {
    int depth;                /* 1 for greedy */
    int noise;                /* the root bonus's bound (noise=N) */
    uint64_t nodes;           /* positions searched (the bench's search signature) */
    double w[TRID_FEATURES];
    /* ab's network (net=; docs/network.md), when given: its frames along
     * the line searched, frame[k] the position after k actions from the root */
    const game_def *g;
    bool use_net;
    nn_net net;
    nn_frame *frame;
    uint32_t ncrc;
    /* ms=: a time limit per action (not reproducible), by iterative
     * deepening: an iteration it cuts short is not used */
    double ms, deadline;
    bool stop;
    /* the last choice, for report() */
    bool chosen;
    int last_depth;
    double last_value, seconds;
    uint32_t last;
} searcher;

/* A finished game scores its result, sooner wins (more depth left)
 * higher and sooner losses lower. */
static double evaluate(searcher *sp, const trid_pos *p, int depth, int root, int ply)
{
    if (p->s.ending != END_NONE) {
        double sc[TRID_MAX_PLAYERS];
        trid_scores(&p->s, sc);
        double v = (2 * sc[root] - 1) * WIN;
        return v > 0 ? v + depth : v < 0 ? v - depth : v;
    }
    double f[TRID_FEATURES], v = 0;
    if (sp->use_net) {
        v = nn_value(&sp->net, sp->g, &p->s, &sp->frame[ply].acc, root);
        if (!(sp->net.flags & NN_FLAG_LINEAR))
            return v;
    } /* a residual network corrects the linear value: both, summed */
    trid_pos_features(p, root, f);
    for (int i = 0; i < TRID_FEATURES; i++)
        v += sp->w[i] * f[i];
    return v;
}

/* The frame of the position just made at ply (its parent's at ply - 1). */
static void made(searcher *sp, const trid_pos *p, int ply)
{
    if (sp->use_net)
        nn_frame_child(&sp->net, sp->g, &sp->frame[ply - 1], &p->s, &sp->frame[ply]);
}

/* Paranoid alpha-beta: root maximises, every other seat minimises. */
static double search(searcher *sp, trid_pos *p, int depth, double alpha, double beta, int root, int ply)
{
    if (sp->deadline > 0 && !(sp->nodes & 127) && clock_seconds() >= sp->deadline)
        sp->stop = true;
    if (sp->stop)
        return 0;
    sp->nodes++;
    if (depth == 0 || p->s.ending != END_NONE)
        return evaluate(sp, p, depth, root, ply);
    uint32_t list[TRID_MAX_ACTIONS];
    int n = trid_pos_legal(p, list);
    bool max = p->s.side == root;
    double best = max ? -DBL_MAX : DBL_MAX;
    for (int i = 0; i < n && alpha < beta; i++) {
        trid_undo u;
        trid_pos_make(p, list[i], &u);
        made(sp, p, ply + 1);
        double v = search(sp, p, depth - 1, alpha, beta, root, ply + 1);
        trid_pos_unmake(p, list[i], &u);
        if (max ? v > best : v < best)
            best = v;
        if (max && v > alpha)
            alpha = v;
        if (!max && v < beta)
            beta = v;
    }
    return best;
}

/* The best action at the root of a search to depth; equal values go to
 * the largest key. */
static uint32_t best_at_depth(searcher *sp, const trid_state *s, uint64_t seed, int depth)
{
    uint32_t list[TRID_MAX_ACTIONS];
    trid_pos p;
    trid_pos_build(&p, s);
    int n = trid_pos_legal(&p, list);
    if (sp->use_net)
        nn_frame_root(&sp->net, sp->g, s, &sp->frame[0]);
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    double best = -DBL_MAX;
    uint64_t best_key = 0;
    uint32_t choice = n ? list[0] : TRID_PASS;
    for (int i = 0; i < n; i++) {
        uint64_t key = xoshiro_next(&rng);
        double bonus = sp->noise ? (double)xoshiro_below(&rng, (uint64_t)sp->noise + 1) : 0;
        trid_undo u;
        trid_pos_make(&p, list[i], &u);
        made(sp, &p, 1);
        /* A window just below what this action must reach to equal the best
         * so far: an equal total comes back exact. */
        double v = search(sp, &p, depth - 1, best == -DBL_MAX ? -DBL_MAX : best - bonus - 1e-9, DBL_MAX, s->side, 1);
        trid_pos_unmake(&p, list[i], &u);
        v += bonus;
        if (v > best || (v == best && key > best_key)) {
            best = v;
            best_key = key;
            choice = list[i];
        }
    }
    sp->last_value = best;
    return choice;
}

/* The choice: a search to the depth, or with ms= the deepest whole one in
 * the time (each iteration draws the same keys and bonuses from the seed). */
static uint32_t best_action(searcher *sp, const trid_state *s, uint64_t seed)
{
    double t0 = clock_seconds(), value;
    uint32_t choice;
    sp->nodes = 0;
    if (!(sp->ms > 0)) {
        choice = best_at_depth(sp, s, seed, sp->depth);
        sp->last_depth = sp->depth;
        value = sp->last_value;
    } else {
        sp->stop = false;
        sp->deadline = 0; /* depth 1 always whole: there is no earlier depth to fall back on */
        choice = best_at_depth(sp, s, seed, 1);
        sp->deadline = t0 + sp->ms * 0.96 / 1000; /* a margin for the way out */
        sp->last_depth = 1;
        value = sp->last_value;
        for (int d = 2; d <= sp->depth && !sp->stop; d++) {
            uint32_t c = best_at_depth(sp, s, seed, d);
            if (!sp->stop)
                choice = c, sp->last_depth = d, value = sp->last_value;
        }
        sp->deadline = 0;
    }
    sp->chosen = true;
    sp->last = choice;
    sp->last_value = value;
    sp->seconds = clock_seconds() - t0;
    return choice;
}

/* The last choice: the depth completed, its value (the evaluation's units;
 * a won game 10^7), the nodes and seconds. */
static bool report(void *impl, game_search_report *out)
{
    const searcher *sp = impl;
    if (!sp->chosen)
        return false;
    memset(out, 0, sizeof *out);
    out->depth = sp->last_depth;
    out->score = isfinite(sp->last_value) && fabs(sp->last_value) < 2e9 ? (int)lround(sp->last_value) : 0;
    out->nodes = sp->nodes;
    out->seconds = sp->seconds;
    out->pv_len = 1;
    out->pv[0] = sp->last;
    return true;
}

/* The options as parsed, for gplayer_each_option(). */
typedef struct trid_options {
    bool greedy;
    int depth, noise;
    char path[512];           /* weights=FILE; "" for the game's own */
    uint32_t wcrc;
    bool wcrc_given;
    char net[512];            /* ab's net=FILE; "" for the linear evaluation */
    uint32_t ncrc;
    bool ncrc_given, linear_given, depth_given;
    double ms;
} trid_options;

/* One option: depth=D (ab only), noise=N, weights=FILE, wcrc=HEX (the
 * crc32 the file must have: the canonical spec carries it). */
static int set_option(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    trid_options *o = ctx;
    uint64_t v;
    if (!o->greedy && !strcmp(key, "depth") && !num_u64(value, 1, MAX_DEPTH, &v, NULL, 0))
        o->depth = (int)v, o->depth_given = true;
    else if (!o->greedy && !strcmp(key, "ms") && !num_double(value, 0, 1e9, &o->ms, NULL, 0))
        ;
    else if (!strcmp(key, "noise") && !num_u64(value, 0, MAX_NOISE, &v, NULL, 0))
        o->noise = (int)v;
    else if (!strcmp(key, "weights") && *value && strlen(value) < sizeof o->path)
        snprintf(o->path, sizeof o->path, "%s", value);
    else if (!strcmp(key, "wcrc") && !gweights_parse_wcrc(value, &o->wcrc, NULL, 0))
        o->wcrc_given = true;
    else if (!o->greedy && !strcmp(key, "net") && *value && strlen(value) < sizeof o->net)
        snprintf(o->net, sizeof o->net, "%s", value);
    else if (!o->greedy && !strcmp(key, "ncrc") && !gweights_parse_wcrc(value, &o->ncrc, NULL, 0))
        o->ncrc_given = true;
    else if (!o->greedy && !strcmp(key, "eval") && (!strcmp(value, "linear") || !strcmp(value, "net"))) {
        o->linear_given = !strcmp(value, "linear");
        if (!o->linear_given && !o->net[0])
            snprintf(o->net, sizeof o->net, "default");
    } else {
        snprintf(err, n, "player '%s': bad option '%.32s' (%s)", o->greedy ? "greedy" : "ab", key,
                 o->greedy ? "noise=0..1000, weights=FILE, wcrc=HEX"
                           : "depth=1..8, eval=linear|net, ms=N, net=FILE, ncrc=HEX, noise=0..1000, weights=FILE, "
                             "wcrc=HEX");
        return -1;
    }
    return 0;
}

static void destroy(void *impl);

/* net=, ncrc= and eval= against each other; the network loaded and pinned,
 * and its frames allocated. */
static int net_options(searcher *sp, trid_options *o, const char *name, char *err, size_t n)
{
    if (o->linear_given && o->net[0]) {
        snprintf(err, n, "player '%s': eval=linear and net= contradict each other", name);
        return -1;
    }
    if (o->ncrc_given && !o->net[0]) {
        snprintf(err, n, "player '%s': ncrc= checks a net= file, and none is given", name);
        return -1;
    }
    if (!o->net[0])
        return 0;
    if (o->path[0] || o->wcrc_given) {
        snprintf(err, n, "player '%s': weights= has no use with net= (the network scores the leaves)", name);
        return -1;
    }
    if (nn_pin(sp->g, name, o->net, o->ncrc_given ? &o->ncrc : NULL, 0, NN_FLAG_LINEAR, &sp->net, &sp->ncrc, err, n))
        return -1;
    sp->use_net = true;
    if (!(sp->frame = malloc(sizeof *sp->frame * (MAX_DEPTH + 1)))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    return 0;
}

static void *create(const game_def *g, bool greedy, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    const char *name = greedy ? "greedy" : "ab";
    trid_options o = { .greedy = greedy, .depth = greedy ? 1 : DEFAULT_DEPTH };
    if (gplayer_each_option(name, opts, set_option, &o, err, n))
        return NULL;
    searcher *sp = calloc(1, sizeof *sp);
    if (!sp) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    sp->depth = o.ms > 0 && !o.depth_given ? MAX_DEPTH : o.depth; /* a time limit alone: as deep as it reaches */
    sp->noise = o.noise;
    sp->ms = o.ms;
    sp->g = g;
    if (net_options(sp, &o, name, err, n)) {
        destroy(sp);
        return NULL;
    }
    uint32_t crc = 0;
    if (!o.path[0]) /* the game's own, found from anywhere */
        snprintf(o.path, sizeof o.path, "%s", GWEIGHTS_DEFAULT);
    if (gweights_pin(g, name, o.path, o.wcrc_given ? &o.wcrc : NULL, sp->w, &crc, err, n)) {
        destroy(sp);
        return NULL;
    }
    /* wcrc pins the file's contents: a changed file is another player;
     * noise=0 is left out, so specs written before it existed still match;
     * with a network, ncrc= and net= in key order and no weights */
    char depth_text[64] = "", noise_text[24] = "", net_text[600] = "";
    if (!greedy && o.ms > 0) { /* ms= only when set: every older spec keeps its text */
        int k = snprintf(depth_text, sizeof depth_text, "depth=%d,ms=%.0f", sp->depth, o.ms);
        for (int prec = 1; prec <= 17 && strtod(strchr(depth_text, 'm') + 3, NULL) != o.ms; prec++)
            k = snprintf(depth_text, sizeof depth_text, "depth=%d,ms=%.*g", sp->depth, prec, o.ms);
        snprintf(depth_text + k, sizeof depth_text - (size_t)k, ",");
    } else if (!greedy)
        snprintf(depth_text, sizeof depth_text, "depth=%d,", o.depth);
    if (o.noise)
        snprintf(noise_text, sizeof noise_text, "noise=%d,", o.noise);
    if (sp->use_net)
        snprintf(net_text, sizeof net_text, "ncrc=%08x,net=%s", (unsigned)sp->ncrc, o.net);
    int len = sp->use_net ? snprintf(canon, cn, "%s%s%s%.*s", depth_text, net_text, noise_text[0] ? "," : "",
                                     noise_text[0] ? (int)strlen(noise_text) - 1 : 0, noise_text)
                          : snprintf(canon, cn, "%s%swcrc=%08x,weights=%s", depth_text, noise_text, (unsigned)crc,
                                     o.path);
    if (len < 0 || (size_t)len >= cn) {
        snprintf(err, n, "player '%s': spec too long", name);
        destroy(sp);
        return NULL;
    }
    return sp;
}

static void *create_greedy(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    return create(g, true, opts, canon, cn, err, n);
}

static void *create_ab(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    return create(g, false, opts, canon, cn, err, n);
}

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    searcher *sp = impl;
    /* A network is for one seat count: in a game of another, the player
     * forfeits and says why (forfeit()), rather than play what it is not. */
    if (sp->use_net && sp->net.shape.persp != ((const trid_state *)s)->players)
        return GAME_NO_ACTION;
    return best_action(impl, s, seed);
}

static void forfeit(void *impl, game_forfeit *out)
{
    const searcher *sp = impl;
    out->reason = GAME_FORFEIT_PROTOCOL;
    snprintf(out->text, sizeof out->text, "net: a network for %d seats in a game of another seat count",
             sp->net.shape.persp);
}

static void destroy(void *impl)
{
    searcher *sp = impl;
    if (sp) {
        nn_net_free(&sp->net);
        free(sp->frame);
    }
    free(sp);
}

/* The option tables (engine/players.h, GPLAYER_OPTION); create() parses
 * them, with DEFAULT_DEPTH, MAX_DEPTH and MAX_NOISE. */
#define TRID_COMMON_OPTIONS                                                                                      \
    GPLAYER_OPTION("noise", "0", "a seeded bonus in [0, N] added to each root action's score, 0 to "              \
                   GPLAYER_STR(MAX_NOISE))                                                                        \
    GPLAYER_OPTION("weights", GWEIGHTS_DEFAULT, "evaluation weights file; default: the data folder's "            \
                   "data/weights/trid.txt")                                                                       \
    GPLAYER_OPTION("wcrc", "", "the CRC-32 the weights file must have (8 hex digits; the canonical spec carries it)")

static const game_player_kind kind_greedy = {
    .name = "greedy",
    .help = "the action whose result the evaluation likes best (features.h)" TRID_COMMON_OPTIONS,
    .create = create_greedy,
    .choose = choose,
    .destroy = destroy,
};
static const game_player_kind kind_ab = {
    .name = "ab",
    .help = "paranoid alpha-beta (alpha-beta for 2 players)"
            GPLAYER_OPTION("depth", GPLAYER_STR(DEFAULT_DEPTH), "plies to search, 1 to " GPLAYER_STR(MAX_DEPTH))
            GPLAYER_OPTION("ms", "0", "stop deepening after about N milliseconds; the last whole depth decides (0: none; "
                           "not reproducible; alone, no depth limit)")
            GPLAYER_OPTION("eval", "linear", "the evaluation: linear (weights=) or net (net=; docs/network.md)")
            GPLAYER_OPTION("net", "", "score the leaves with this network file (default: the game's shipped one, "
                           "data/nets/trid.nn, for eval=net)")
            GPLAYER_OPTION("ncrc", "", "the CRC-32 the network file must have (8 hex digits; the canonical spec "
                           "carries it)")
            TRID_COMMON_OPTIONS,
    .create = create_ab,
    .choose = choose,
    .destroy = destroy,
    .report = report,
    .forfeit = forfeit,
};

const game_player_kind *const trid_player_kinds[] = { &kind_greedy, &kind_ab, NULL };

/* Nodes of a fixed-depth ab search from s with the default weights (the
 * bench's search signature); 0 when the weights cannot be read. */
uint64_t trid_search_nodes(const game_def *g, const void *s, int depth)
{
    char canon[GPLAYER_SPEC_MAX], err[256], opts[32];
    if (depth < 1 || depth > MAX_DEPTH)
        return 0;
    snprintf(opts, sizeof opts, "depth=%d", depth);
    searcher *sp = create(g, false, opts, canon, sizeof canon, err, sizeof err);
    if (!sp)
        return 0;
    best_action(sp, s, 0);
    uint64_t nodes = sp->nodes;
    destroy(sp);
    return nodes;
}
