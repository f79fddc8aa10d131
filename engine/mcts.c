/* mcts.c — the generic Monte-Carlo tree search player "mcts", written only
 * against engine/game.h, so that every game has a sensible player from the
 * day its rules exist.
 *
 * N-player UCT: a node keeps, for every seat, the sum of the rewards of the
 * playouts through it (the seat's score / score_max, in [0, 1]); selection
 * maximises the mean reward of the seat to act at the parent plus
 * c * sqrt(ln N / n).  Each player maximises its own score, so no two-player
 * negamax assumption is built in.  Playouts pick uniformly random actions,
 * or (playout=eval) the action whose resulting position has the best
 * evaluation w . features(position, mover), with probability 1 - eps.
 *
 * Ties (in selection, and in the final choice: most visits, then best mean)
 * are broken by a random key drawn for each child when it is made, never by
 * its place in the legal list, so a position and its mirror image are
 * played alike.  All randomness comes from one xoshiro256** stream seeded
 * by choose()'s seed: with a playout limit and no time limit the action is
 * a function of (spec, state, seed).
 *
 * Nodes live in one pool owned by the player, reused by every choose() and
 * grown by doubling up to tree= MiB; when it is full the search goes on
 * without adding nodes.  States are never stored: each iteration replays
 * the actions from the root into a scratch copy. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/clock.h"
#include "core/detmath.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/prng.h"
#include "engine/nnue.h"
#include "engine/players.h"
#include "engine/weights.h"

/* No fused multiply-adds, which would round differently from one build to
 * another (GCC keeps them apart in ISO C mode; clang needs telling). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#define MCTS_PATH_MAX 256
#define DEFAULT_PLAYOUTS 1000
#define DEFAULT_C 1.4
#define DEFAULT_EPS 0.1
#define DEFAULT_K 0.004 /* suits TZAAR's weight units (about 100 per stack) */
#define DEFAULT_TREE_MB 64
#define LNV_MAX (1 << 20) /* cached logarithms: 8 MiB at most */

/* 64 bytes: one cache line. */
typedef struct node {
    double sum[GAME_MAX_PLAYERS]; /* rewards of the playouts through this node, per seat */
    uint64_t key;                 /* tie-break key, drawn when the node is made */
    game_action action;           /* the action from the parent */
    uint32_t visits;
    uint32_t parent;
    uint32_t first;               /* first child; 0 = not expanded (the root is no one's child) */
    uint32_t nchild;
    int32_t mover;                /* the seat to act here, set on expansion */
} node;

typedef struct mcts {
    const game_def *g;
    /* options */
    uint64_t playouts; /* 0 = no limit (ms must be set) */
    double c, eps, k, ms;
    int eval;          /* playout=eval */
    uint64_t depth;    /* playout cut-off; 0 = to the end */
    uint64_t tree_mb;
    char weights_path[MCTS_PATH_MAX];
    bool wcrc_given;
    uint32_t wcrc;
    double w[GAME_MAX_FEATURES];
    bool use_weights;  /* eval playouts, or a cut-off scored by features */
    /* net=FILE: the cut-off scored by a network's shares (docs/network.md) */
    bool use_net;
    char net_path[MCTS_PATH_MAX];
    uint32_t ncrc;
    nn_net net;
    /* search state, reused by every choose() */
    node *nodes;
    size_t used, cap, bound;
    void *root, *s, *t;   /* the root, the replayed state, a scratch child */
    game_action *acts;
    double *lnv;          /* lnv[n] = det_log(n): the UCT log of a visit count, cached */
    size_t lnv_n;
    xoshiro256 rng;
    /* what the last choose() did, for report() */
    bool searched;
    uint64_t iterations;
    double seconds;
} mcts;

/* ---- options ---- */

/* The shortest text that reads back as v. */
static void fmt_double(char *out, size_t n, double v)
{
    snprintf(out, n, "%.0f", v);
    for (int prec = 1; prec <= 17 && strtod(out, NULL) != v; prec++)
        snprintf(out, n, "%.*g", prec, v);
}

/* One key=value.  0, or -1 with err naming the key. */
static int set_option(mcts *m, const char *key, const char *value, bool given[], char *err, size_t n)
{
    static const char *const keys[] = { "c", "depth", "eps", "k", "ms", "playout", "playouts", "tree",
                                        "wcrc", "weights", "ncrc", "net", NULL };
    int i = 0;
    while (keys[i] && strcmp(keys[i], key))
        i++;
    if (!keys[i]) {
        snprintf(err, n, "player 'mcts': unknown option '%s' (expected c, depth, eps, k, ms, playout, "
                 "playouts, tree, wcrc, weights, ncrc or net)", MSG_PATH(key));
        return -1;
    }
    given[i] = true;
    char why[200] = "";
    int bad = 0;
    switch (i) {
    case 0: bad = num_double(value, 0, 100, &m->c, why, sizeof why); break;
    case 1: bad = num_u64(value, 0, 1000000, &m->depth, why, sizeof why); break;
    case 2: bad = num_double(value, 0, 1, &m->eps, why, sizeof why); break;
    case 3:
        bad = num_double(value, 0, 1e6, &m->k, why, sizeof why) || !(m->k > 0);
        if (bad && !why[0])
            snprintf(why, sizeof why, "not a number above 0");
        break;
    case 4: bad = num_double(value, 0, 1e9, &m->ms, why, sizeof why); break;
    case 5:
        m->eval = !strcmp(value, "eval");
        bad = !m->eval && strcmp(value, "random");
        snprintf(why, sizeof why, "expected random or eval");
        break;
    case 6: bad = num_u64(value, 0, 1000000000, &m->playouts, why, sizeof why); break;
    case 7: bad = num_u64(value, 1, 1 << 16, &m->tree_mb, why, sizeof why); break;
    case 8:
        bad = gweights_parse_wcrc(value, &m->wcrc, why, sizeof why);
        m->wcrc_given = true;
        break;
    case 10: bad = gweights_parse_wcrc(value, &m->ncrc, why, sizeof why); break;
    case 11:
        bad = !*value || strlen(value) >= sizeof m->net_path;
        snprintf(why, sizeof why, "a file name of 1 to %zu characters", sizeof m->net_path - 1);
        if (!bad)
            strcpy(m->net_path, value), m->use_net = true;
        break;
    default:
        bad = !*value || strlen(value) >= sizeof m->weights_path;
        snprintf(why, sizeof why, "a file name of 1 to %zu characters", sizeof m->weights_path - 1);
        if (!bad)
            strcpy(m->weights_path, value);
    }
    if (bad)
        snprintf(err, n, "player 'mcts': bad value '%s' for '%s': %s", MSG_PATH(value), key, why);
    return bad ? -1 : 0;
}

/* One option for gplayer_each_option(); given[] is indexed like
 * set_option's keys. */
typedef struct option_ctx {
    mcts *m;
    bool *given;
} option_ctx;

static int on_option(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    option_ctx *c = ctx;
    return set_option(c->m, key, value, c->given, err, n);
}

/* net= (index 11 of set_option's keys) and ncrc= (10): the cut-off scored
 * by the network, which needs a cut-off; the network loaded and pinned. */
static int net_options(mcts *m, const bool given[], char *err, size_t n)
{
    if (given[10] && !m->use_net) {
        snprintf(err, n, "player 'mcts': ncrc= checks a net= file, and none is given");
        return -1;
    }
    if (!m->use_net)
        return 0;
    if (!m->depth) {
        snprintf(err, n, "player 'mcts': net= scores the playouts' cut-off: give depth=N");
        return -1;
    }
    return nn_pin(m->g, "mcts", m->net_path, given[10] ? &m->ncrc : NULL, 0, &m->net, &m->ncrc, err, n);
}

/* Parses opts, checks the options against each other and the game, and
 * loads the weights where they are used. */
static int configure(mcts *m, const char *opts, char *err, size_t n)
{
    bool given[12] = { false };
    option_ctx ctx = { m, given }; /* a repeated key takes its last value, as for ab */
    if (gplayer_each_option("mcts", opts, on_option, &ctx, err, n))
        return -1;
    const game_def *g = m->g;
    bool has_features = g->tuning != NULL;
    if (!m->playouts && !(m->ms > 0)) {
        snprintf(err, n, "player 'mcts': playouts=0 (no limit) needs a time limit ms=");
        return -1;
    }
    if (m->eval && !has_features) {
        snprintf(err, n, "player 'mcts': bad value 'eval' for 'playout': game %s has no evaluation features",
                 g->name);
        return -1;
    }
    if (net_options(m, given, err, n))
        return -1;
    m->use_weights = m->eval || (m->depth && has_features && !m->use_net);
    const char *unused = given[2] && !m->eval ? "eps" /* only eval playouts are greedy */
                       : given[3] && !(m->depth && has_features && !m->use_net) ? "k" /* only a cut-off scores by features */
                       : given[8] && !m->use_weights ? "wcrc"
                       : given[9] && !m->use_weights ? "weights" : NULL;
    if (unused) {
        snprintf(err, n, "player 'mcts': option '%s' has no use here (eps needs playout=eval; k, weights and "
                 "wcrc need evaluation playouts or a depth= cut-off in a game with features)", unused);
        return -1;
    }
    if (!m->use_weights)
        return 0;
    if (!given[9]) /* the game's own, found from anywhere */
        snprintf(m->weights_path, sizeof m->weights_path, "%s", GWEIGHTS_DEFAULT);
    uint32_t crc;
    if (gweights_pin(g, "mcts", m->weights_path, m->wcrc_given ? &m->wcrc : NULL, m->w, &crc, err, n))
        return -1;
    m->wcrc = crc;
    return 0;
}

/* The canonical options: every key that matters, sorted, defaults filled in
 * (ms only when set; eps, k, weights and wcrc only where they are used). */
static int write_canonical(const mcts *m, char *canon, size_t cn, char *err, size_t n)
{
    char c[40], eps[40], k[40], ms[40], more[400] = "";
    fmt_double(c, sizeof c, m->c);
    fmt_double(eps, sizeof eps, m->eps);
    fmt_double(k, sizeof k, m->k);
    fmt_double(ms, sizeof ms, m->ms);
    char net[MCTS_PATH_MAX + 32] = "";
    bool k_used = m->depth && m->use_weights && !m->use_net;
    if (m->use_net) /* ncrc= and net= between ms and playout, in key order */
        snprintf(net, sizeof net, ",ncrc=%08x,net=%s", (unsigned)m->ncrc, m->net_path);
    int len = snprintf(canon, cn, "c=%s,depth=%llu%s%s%s%s%s%s%s,playout=%s,playouts=%llu,tree=%llu", c,
                       (unsigned long long)m->depth, m->eval ? ",eps=" : "", m->eval ? eps : "",
                       k_used ? ",k=" : "", k_used ? k : "", m->ms > 0 ? ",ms=" : "", m->ms > 0 ? ms : "", net,
                       m->eval ? "eval" : "random", (unsigned long long)m->playouts, (unsigned long long)m->tree_mb);
    if (m->use_weights)
        snprintf(more, sizeof more, ",wcrc=%08x,weights=%s", (unsigned)m->wcrc, m->weights_path);
    if (len < 0 || (size_t)len + strlen(more) >= cn) {
        snprintf(err, n, "player 'mcts': canonical spec longer than %zu characters", cn ? cn - 1 : 0);
        return -1;
    }
    strcat(canon, more);
    return 0;
}

static void mcts_destroy(void *impl)
{
    mcts *m = impl;
    if (!m)
        return;
    nn_net_free(&m->net);
    free(m->nodes);
    free(m->root);
    free(m->s);
    free(m->t);
    free(m->acts);
    free(m->lnv);
    free(m);
}

static void *mcts_create(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    mcts *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, n, "player 'mcts': out of memory");
        return NULL;
    }
    m->g = g;
    m->playouts = DEFAULT_PLAYOUTS;
    m->c = DEFAULT_C;
    m->eps = DEFAULT_EPS;
    m->k = DEFAULT_K;
    m->tree_mb = DEFAULT_TREE_MB;
    if (configure(m, opts, err, n) || write_canonical(m, canon, cn, err, n)) {
        mcts_destroy(m);
        return NULL;
    }
    m->bound = (size_t)(m->tree_mb << 20) / sizeof(node);
    m->root = malloc(g->state_size);
    m->s = malloc(g->state_size);
    m->t = malloc(g->state_size);
    m->acts = malloc(sizeof *m->acts * (size_t)(g->max_actions > 0 ? g->max_actions : 1));
    if (!m->root || !m->s || !m->t || !m->acts) {
        snprintf(err, n, "player 'mcts': out of memory");
        mcts_destroy(m);
        return NULL;
    }
    return m;
}

/* ---- the search ---- */

static double weighted(const mcts *m, const void *s, int seat)
{
    double f[GAME_MAX_FEATURES], v = 0;
    m->g->tuning->features(s, seat, f);
    for (int i = 0; i < m->g->tuning->nfeatures; i++)
        v += m->w[i] * f[i];
    return v;
}

/* The rewards of a finished game: each seat's score as a share of score_max. */
static void final_rewards(const game_def *g, const void *s, int players, double r[])
{
    double sc[GAME_MAX_PLAYERS] = { 0 };
    g->outcome(s, sc);
    for (int k = 0; k < players; k++)
        r[k] = g->score_max > 0 ? sc[k] / g->score_max : sc[k];
}

/* How much the mover likes s, the position after its action: an ended game
 * by the mover's reward against an equal share, far beyond any evaluation
 * (so a win is taken and a loss avoided), else the evaluation. */
static double action_value(mcts *m, const void *s, int mover, int players)
{
    if (!m->g->over(s))
        return weighted(m, s, mover);
    double r[GAME_MAX_PLAYERS];
    final_rewards(m->g, s, players, r);
    return (r[mover] - 1.0 / players) * 1e12;
}

/* A playout action: uniformly random, or (eval) the best-valued one with
 * probability 1 - eps, ties drawn uniformly (reservoir), never list order. */
static game_action playout_action(mcts *m, const void *s, int na, int players)
{
    if (!m->eval || (m->eps > 0 && (double)(xoshiro_next(&m->rng) >> 11) * 0x1p-53 < m->eps))
        return m->acts[xoshiro_below(&m->rng, (uint64_t)na)];
    const game_def *g = m->g;
    int mover = g->to_act(s), ties = 0;
    double best = -HUGE_VAL;
    game_action pick = m->acts[0];
    for (int i = 0; i < na; i++) {
        memcpy(m->t, s, g->state_size);
        g->apply(m->t, m->acts[i]);
        double v = action_value(m, m->t, mover, players);
        if (v > best) {
            best = v;
            pick = m->acts[i];
            ties = 1;
        } else if (v == best && xoshiro_below(&m->rng, (uint64_t)++ties) == 0) {
            pick = m->acts[i];
        }
    }
    return pick;
}

/* Plays s (the replayed state, consumed) out and writes every seat's reward. */
static void playout(mcts *m, void *s, int players, double r[])
{
    const game_def *g = m->g;
    int last = -1; /* the seat that made the last playout action */
    for (uint64_t steps = 0; !g->over(s); steps++) {
        int mover = g->to_act(s);
        /* Cut off at the first change of seat from depth actions on, so a
         * game whose turn has several actions (TZAAR) is scored between
         * turns, where its evaluation means something.  The evaluation
         * goes through a logistic, as tuning fits it; a game without
         * features calls the position a draw. */
        if (m->depth && steps >= m->depth && mover != last) {
            if (m->use_net) {
                nn_acc acc;
                int32_t z[NN_PERSP_MAX];
                nn_acc_from_state(&m->net, g, s, &acc);
                nn_eval_acc(&m->net, g, s, &acc, z);
                nn_shares(&m->net, z, mover, r);
                return;
            }
            for (int k = 0; k < players; k++)
                r[k] = m->use_weights ? det_sigmoid(m->k * weighted(m, s, k)) : 1.0 / players;
            return;
        }
        int na = g->legal(s, m->acts);
        g->apply(s, playout_action(m, s, na, players));
        last = mover;
    }
    final_rewards(g, s, players, r);
}

/* Makes the children of node i (whose state is s); false when the pool is full. */
static bool expand(mcts *m, uint32_t i, const void *s)
{
    int na = m->g->legal(s, m->acts);
    if (m->used + (size_t)na > m->cap) {
        size_t cap = m->cap * 2 > m->used + (size_t)na ? m->cap * 2 : m->used + (size_t)na;
        if (cap > m->bound)
            cap = m->bound;
        node *p = cap >= m->used + (size_t)na ? realloc(m->nodes, cap * sizeof *p) : NULL;
        if (!p)
            return false;
        m->nodes = p;
        m->cap = cap;
    }
    node *nd = &m->nodes[i];
    nd->first = (uint32_t)m->used;
    nd->nchild = (uint32_t)na;
    nd->mover = m->g->to_act(s);
    for (int k = 0; k < na; k++) {
        node *c = &m->nodes[m->used++];
        memset(c, 0, sizeof *c);
        c->action = m->acts[k];
        c->parent = i;
        c->key = xoshiro_next(&m->rng);
    }
    return true;
}

/* ln n for a visit count n >= 1, from a table filled as counts grow (the
 * series costs about as much as a short playout step in a small game). */
static double ln_visits(mcts *m, uint32_t n)
{
    if (n < m->lnv_n)
        return m->lnv[n];
    size_t want = (size_t)n + 1 > m->lnv_n * 2 ? (size_t)n + 1 : m->lnv_n * 2;
    if (want > LNV_MAX)
        want = LNV_MAX;
    double *t = n < want ? realloc(m->lnv, want * sizeof *t) : NULL;
    if (!t)
        return det_log(n);
    for (size_t i = m->lnv_n; i < want; i++)
        t[i] = i ? det_log((double)i) : 0;
    m->lnv = t;
    m->lnv_n = want;
    return t[n];
}

/* UCT: an unvisited child first (the smallest key), else the best mean of
 * the parent's mover plus the exploration term; ties to the smaller key. */
static uint32_t select_child(mcts *m, uint32_t i)
{
    const node *p = &m->nodes[i];
    double logn = ln_visits(m, p->visits), best = -HUGE_VAL;
    uint32_t pick = p->first;
    bool unvisited = false;
    for (uint32_t j = p->first; j < p->first + p->nchild; j++) {
        const node *c = &m->nodes[j];
        if (c->visits == 0) {
            if (!unvisited || c->key < m->nodes[pick].key)
                pick = j;
            unvisited = true;
            continue;
        }
        if (unvisited)
            continue;
        double v = c->sum[p->mover] / c->visits + m->c * sqrt(logn / c->visits);
        if (v > best || (v == best && c->key < m->nodes[pick].key)) {
            best = v;
            pick = j;
        }
    }
    return pick;
}

/* The final choice below node i (expanded): most visits, then the best
 * mean for the mover, then the key.  Its index. */
static uint32_t best_child(const mcts *m, uint32_t i)
{
    const node *parent = &m->nodes[i];
    uint32_t best = parent->first;
    for (uint32_t j = parent->first + 1; j < parent->first + parent->nchild; j++) {
        const node *c = &m->nodes[j], *b = &m->nodes[best];
        double mc = c->visits ? c->sum[parent->mover] / c->visits : 0;
        double mb = b->visits ? b->sum[parent->mover] / b->visits : 0;
        if (c->visits > b->visits || (c->visits == b->visits && (mc > mb || (mc == mb && c->key < b->key))))
            best = j;
    }
    return best;
}

static double now_ms(void)
{
    return clock_seconds() * 1e3;
}

static game_action mcts_choose(void *impl, const void *state, uint64_t seed)
{
    mcts *m = impl;
    const game_def *g = m->g;
    size_t sz = g->state_size;
    int players = g->players(state);
    /* A network is for one seat count: in a game of another the player
     * forfeits and says why (mcts_forfeit), rather than play what it is not. */
    if (m->use_net && m->net.shape.persp != players)
        return GAME_NO_ACTION;
    double t0 = now_ms();
    m->searched = false;
    xoshiro_seed(&m->rng, seed);
    memcpy(m->root, state, sz);
    if (!m->cap && (m->nodes = malloc(sizeof *m->nodes)))
        m->cap = 1;
    if (m->cap)
        memset(&m->nodes[0], 0, sizeof *m->nodes);
    m->used = 1;
    if (!m->cap || !expand(m, 0, m->root)) {
        /* No memory for even the root's children: still a legal action. */
        int na = g->legal(state, m->acts);
        return na > 0 ? m->acts[xoshiro_below(&m->rng, (uint64_t)na)] : GAME_NO_ACTION;
    }
    if (m->nodes[0].nchild == 0)
        return GAME_NO_ACTION; /* over: the caller broke the contract */
    if (m->nodes[0].nchild == 1)
        return m->nodes[1].action;
    double deadline = m->ms > 0 ? now_ms() + m->ms : 0;
    uint64_t it = 0;
    for (; !m->playouts || it < m->playouts; it++) {
        if (deadline && it && now_ms() >= deadline)
            break;
        memcpy(m->s, m->root, sz);
        uint32_t i = 0;
        while (!g->over(m->s)) {
            if (!m->nodes[i].first && !expand(m, i, m->s))
                break; /* the tree is full: play out from here */
            i = select_child(m, i);
            g->apply(m->s, m->nodes[i].action);
            if (m->nodes[i].visits == 0)
                break;
        }
        double r[GAME_MAX_PLAYERS] = { 0 };
        playout(m, m->s, players, r);
        for (;; i = m->nodes[i].parent) {
            node *nd = &m->nodes[i];
            nd->visits++;
            for (int k = 0; k < players; k++)
                nd->sum[k] += r[k];
            if (i == 0)
                break;
        }
    }
    m->searched = true;
    m->iterations = it;
    m->seconds = (now_ms() - t0) / 1e3;
    return m->nodes[best_child(m, 0)].action;
}

/* The last search: playouts as nodes, the most visited line as the
 * principal variation (as deep as it was visited twice), and the score as
 * the mover's mean reward of the chosen action in thousandths of score_max. */
static bool mcts_report(void *impl, game_search_report *out)
{
    const mcts *m = impl;
    if (!m->searched)
        return false;
    memset(out, 0, sizeof *out);
    out->nodes = m->iterations;
    out->seconds = m->seconds;
    for (uint32_t i = 0; m->nodes[i].first && out->pv_len < GAME_PV_MAX;) {
        uint32_t c = best_child(m, i);
        if (m->nodes[c].visits < (out->pv_len ? 2u : 1u))
            break;
        if (out->pv_len == 0)
            out->score = (int)lround(1000 * m->nodes[c].sum[m->nodes[0].mover] / m->nodes[c].visits);
        out->pv[out->pv_len++] = m->nodes[c].action;
        i = c;
    }
    out->depth = out->pv_len;
    return true;
}

static void mcts_forfeit(void *impl, game_forfeit *out)
{
    const mcts *m = impl;
    out->reason = GAME_FORFEIT_PROTOCOL;
    snprintf(out->text, sizeof out->text, "net: a network for %d seats in a game of another seat count",
             m->net.shape.persp);
}

const game_player_kind gplayer_mcts = {
    .name = "mcts",
    .help = "Monte-Carlo tree search (N-player UCT) for any game (docs/players.md)"
        GPLAYER_OPTION("playouts", GPLAYER_STR(DEFAULT_PLAYOUTS), "playouts per action, to 1e9 (0: none, then ms=)")
        GPLAYER_OPTION("ms", "0", "a time limit per action in ms (0: none; not reproducible)")
        GPLAYER_OPTION("c", GPLAYER_STR(DEFAULT_C), "the UCT exploration constant, 0 to 100")
        GPLAYER_OPTION("playout", "random", "random, or eval: the evaluation's best action (a game with features)")
        GPLAYER_OPTION("eps", GPLAYER_STR(DEFAULT_EPS), "with playout=eval: the chance of a random action, 0 to 1")
        GPLAYER_OPTION("depth", "0", "cut playouts after N actions, scored by features where there are (0: none)")
        GPLAYER_OPTION("k", GPLAYER_STR(DEFAULT_K), "with depth= and features: the logistic scale of a cut-off, > 0")
        GPLAYER_OPTION("tree", GPLAYER_STR(DEFAULT_TREE_MB), "the tree's memory in MiB, 1 to 65536")
        GPLAYER_OPTION("weights", "", "with eval playouts or a cut-off: the weights file (default: the game's)")
        GPLAYER_OPTION("wcrc", "", "the CRC-32 the weights file must have (8 hex digits)")
        GPLAYER_OPTION("net", "", "with depth=: score the cut-off by this network's shares (docs/network.md)")
        GPLAYER_OPTION("ncrc", "", "the CRC-32 the network file must have (8 hex digits)"),
    .forfeit = mcts_forfeit,
    .create = mcts_create,
    .choose = mcts_choose,
    .destroy = mcts_destroy,
    .report = mcts_report,
};
