/* player.c — Connect Four's searching player, "ab": negamax alpha-beta with
 * iterative deepening under a depth limit (depth=D) or a node budget
 * (nodes=N), columns tried from the centre out.
 *
 * A position is scored from the side to act's view: every line of four
 * that holds stones of one colour only counts for that colour, 1, 4 or 16
 * for 1, 2 or 3 stones (a line with both colours is dead), plus 3 per stone
 * in the centre column; a four won is worth WIN less the plies it took, so
 * that a quicker win scores higher.  Each root move is searched with the
 * whole window, so the root's scores are exact and ties can be broken
 * fairly: by a random key per move drawn from the seed, after noise=N adds
 * a seeded bonus in [0, N] to each move's score.  Connect Four has one
 * start, so without the seed's part two games between the same players
 * would be the same game.  Under a depth or node limit a choice is a
 * function of (spec, position, seed): an iteration cut short by the node
 * budget is dropped, the last whole one decides (depth 1 always finishes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "core/num.h"
#include "core/prng.h"
#include "engine/players.h"
#include "connect4.h"

#define WIN 1000000
#define MAX_DEPTH C4_CELLS
#define MAX_NOISE 1000
#define DEFAULT_DEPTH 6

static const int order[C4_COLS] = { 3, 2, 4, 1, 5, 0, 6 };

typedef struct c4_player {
    int depth;                /* the deepest iteration */
    uint64_t node_limit;      /* 0: none */
    int noise;
    /* the last choice, for report() */
    bool chosen;
    int last_depth, last_score;
    game_action last;
    uint64_t nodes;
    double seconds;
    bool stop;                /* the budget ran out in this iteration */
} c4_player;

static int evaluate(const c4_state *p)
{
    static const int weight[4] = { 0, 1, 4, 16 };
    uint64_t mine = p->stones[p->to_act], theirs = p->stones[p->to_act ^ 1];
    int v = 0;
    for (int i = 0; i < C4_WINDOWS; i++) {
        uint64_t w = c4_windows[i];
        int a = __builtin_popcountll(mine & w), b = __builtin_popcountll(theirs & w);
        v += !b ? weight[a] : !a ? -weight[b] : 0;
    }
    const uint64_t centre = UINT64_C(0x3f) << (3 * 7);
    return v + 3 * (__builtin_popcountll(mine & centre) - __builtin_popcountll(theirs & centre));
}

/* The value of p for the side to act, ply plies below the root. */
static int negamax(c4_player *pl, const c4_state *p, int depth, int ply, int alpha, int beta)
{
    if (pl->node_limit && pl->nodes >= pl->node_limit) {
        pl->stop = true;
        return 0;
    }
    pl->nodes++;
    if (p->winner) /* the side that just moved made four */
        return -(WIN - ply);
    if (p->moves == C4_CELLS)
        return 0;
    if (depth == 0)
        return evaluate(p);
    int best = -WIN - 1;
    for (int i = 0; i < C4_COLS && !pl->stop; i++) {
        int c = order[i];
        if (p->height[c] >= C4_ROWS)
            continue;
        c4_state q = *p;
        c4_apply(&q, (game_action)c);
        int v = -negamax(pl, &q, depth - 1, ply + 1, -beta, -alpha);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* One iteration: every root move's exact score into v[]; false when the
 * node budget ran out first. */
static bool iteration(c4_player *pl, const c4_state *p, int depth, const game_action *moves, int n, int *v)
{
    for (int i = 0; i < n; i++) {
        c4_state q = *p;
        c4_apply(&q, moves[i]);
        v[i] = -negamax(pl, &q, depth - 1, 1, -WIN - 1, WIN + 1);
        if (pl->stop)
            return false;
    }
    return true;
}

static game_action search(c4_player *pl, const c4_state *p, uint64_t seed)
{
    game_action moves[C4_COLS];
    int n = c4_legal(p, moves), v[C4_COLS] = { 0 }, best_v[C4_COLS] = { 0 };
    double t0 = clock_seconds();
    pl->nodes = 0;
    pl->stop = false;
    pl->last_depth = 0;
    uint64_t limit = pl->node_limit;
    int max_depth = pl->depth < C4_CELLS - p->moves ? pl->depth : C4_CELLS - p->moves;
    for (int d = 1; d <= max_depth; d++) {
        pl->node_limit = d == 1 ? 0 : limit; /* depth 1 always finishes */
        if (!iteration(pl, p, d, moves, n, v))
            break;
        memcpy(best_v, v, sizeof v);
        pl->last_depth = d;
        if (pl->node_limit && pl->nodes >= pl->node_limit)
            break;
    }
    pl->node_limit = limit;
    /* The best score with each move's seeded bonus, ties by a seeded key. */
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    int choice = 0;
    int64_t top = INT64_MIN;
    uint64_t top_key = 0;
    for (int i = 0; i < n; i++) {
        int64_t s = (int64_t)best_v[i] + (pl->noise ? (int64_t)xoshiro_below(&rng, (uint64_t)pl->noise + 1) : 0);
        uint64_t key = xoshiro_next(&rng);
        if (s > top || (s == top && key > top_key))
            top = s, top_key = key, choice = i;
    }
    pl->chosen = true;
    pl->last = moves[choice];
    pl->last_score = best_v[choice];
    pl->seconds = clock_seconds() - t0;
    return moves[choice];
}

/* One option: depth=D, nodes=N, noise=N. */
typedef struct c4_options {
    c4_player *pl;
    bool depth_given;
} c4_options;

static int set_option(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    c4_options *o = ctx;
    uint64_t v;
    char why[160];
    int bad = 0;
    if (!strcmp(key, "depth")) {
        bad = num_u64(value, 1, MAX_DEPTH, &v, why, sizeof why);
        o->pl->depth = (int)v;
        o->depth_given = true;
    } else if (!strcmp(key, "nodes")) {
        bad = num_u64(value, 0, UINT64_C(1) << 40, &v, why, sizeof why);
        o->pl->node_limit = v;
    } else if (!strcmp(key, "noise")) {
        bad = num_u64(value, 0, MAX_NOISE, &v, why, sizeof why);
        o->pl->noise = (int)v;
    } else {
        snprintf(err, n, "player 'ab': unknown option '%.32s' (expected depth, nodes or noise)", key);
        return -1;
    }
    if (bad)
        snprintf(err, n, "player 'ab': bad value for '%s': %s", key, why);
    return bad ? -1 : 0;
}

static void *create(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    (void)g;
    c4_player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    pl->depth = DEFAULT_DEPTH;
    c4_options o = { pl, false };
    if (gplayer_each_option("ab", opts, set_option, &o, err, n)) {
        free(pl);
        return NULL;
    }
    if (pl->node_limit && !o.depth_given) /* a node budget alone: as deep as it reaches */
        pl->depth = MAX_DEPTH;
    int len = snprintf(canon, cn, "depth=%d,nodes=%llu,noise=%d", pl->depth, (unsigned long long)pl->node_limit,
                       pl->noise);
    if (len < 0 || (size_t)len >= cn) {
        snprintf(err, n, "player 'ab': spec too long");
        free(pl);
        return NULL;
    }
    return pl;
}

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    return search(impl, s, seed);
}

static void destroy(void *impl)
{
    free(impl);
}

/* The last search: the depth completed, its score (a won four: 1000000
 * less the plies), the nodes, the move. */
static bool report(void *impl, game_search_report *out)
{
    const c4_player *pl = impl;
    if (!pl->chosen)
        return false;
    memset(out, 0, sizeof *out);
    out->depth = pl->last_depth;
    out->score = pl->last_score;
    out->nodes = pl->nodes;
    out->seconds = pl->seconds;
    out->pv_len = 1;
    out->pv[0] = pl->last;
    return true;
}

static const game_player_kind kind_ab = {
    .name = "ab",
    .help = "alpha-beta, columns from the centre out"
            GPLAYER_OPTION("depth", "6", "plies to search, 1 to 42 (as deep as a node budget reaches when only "
                           "nodes= is given)")
            GPLAYER_OPTION("nodes", "0", "a node budget: the last whole iteration within it decides (0: none)")
            GPLAYER_OPTION("noise", "0", "a seeded bonus in [0, N] added to each root move's score"),
    .create = create,
    .choose = choose,
    .destroy = destroy,
    .report = report,
};

const game_player_kind *const c4_player_kinds[] = { &kind_ab, NULL };

uint64_t c4_search_nodes(void **scratch, const void *s, int depth)
{
    (void)scratch; /* nothing worth keeping between calls */
    if (depth < 1 || c4_over(s))
        return 0;
    c4_player pl = { .depth = depth };
    search(&pl, s, 0);
    return pl.nodes;
}
