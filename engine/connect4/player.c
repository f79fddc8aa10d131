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
 * budget is dropped, the last whole one decides (depth 1 always finishes).
 *
 * tt=MB adds a transposition table (issue 39, item 4: without one, 102,400
 * nodes complete 7.7 plies mid-game, far from the perfect play under which
 * the first player wins): the search then looks up positions it has seen,
 * tries the column that was best there first, and takes an immediate four
 * without searching.  Its entries carry the number of the search that made
 * them and every other search's are empty, so the table never needs
 * clearing and a choice is still a function of (spec, position, seed).
 * Without tt= the search is the one the engine signature pins, node for
 * node. */
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
#define MAX_TT_MB 1024
#define MATE (WIN - 100) /* above: a four found, plies from the node (below 43) */

static const int order[C4_COLS] = { 3, 2, 4, 1, 5, 0, 6 };

/* A transposition table entry: the position's key (tt_key), its value as
 * a bound (a four's value as plies from this position, not the root), the
 * depth searched below it, the best column, and the search it belongs to. */
enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };
typedef struct c4_tt_entry {
    uint64_t key;
    int32_t value;
    uint16_t search;
    uint8_t depth;
    uint8_t bound_move; /* bound | column << 2 */
} c4_tt_entry;

typedef struct c4_player {
    int depth;                /* the deepest iteration */
    uint64_t node_limit;      /* 0: none */
    int noise;
    int tt_mb;                /* 0: no table */
    c4_tt_entry *tt;
    int tt_shift;             /* an entry's index: the top bits of key times an odd constant */
    uint16_t tt_search;       /* the number of this search (entries of others are empty) */
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

/* The side to act's stones plus every stone: per column, the stones form
 * 2^h - 1 and the side's are below 2^h, so the sum tells h and the side's
 * stones apart, and never carries into the next column (h <= 6 < 7 bits). */
static uint64_t tt_key(const c4_state *p)
{
    return p->stones[p->to_act] + (p->stones[0] | p->stones[1]);
}

/* A four's value counts plies from the root; the table keeps plies from
 * the position, so that an entry holds wherever the position is met. */
static int tt_in(int v, int ply)
{
    return v > MATE ? v + ply : v < -MATE ? v - ply : v;
}

static int tt_out(int v, int ply)
{
    return v > MATE ? v - ply : v < -MATE ? v + ply : v;
}

static void tt_store(c4_player *pl, uint64_t key, int depth, int ply, int v, int alpha0, int beta, int move)
{
    c4_tt_entry *e = &pl->tt[(key * UINT64_C(0x9e3779b97f4a7c15)) >> pl->tt_shift];
    int bound = v <= alpha0 ? TT_UPPER : v >= beta ? TT_LOWER : TT_EXACT;
    *e = (c4_tt_entry){ key, tt_in(v, ply), pl->tt_search, (uint8_t)depth, (uint8_t)(bound | move << 2) };
}

/* negamax with the table.  A four the side to act can make at once is
 * the value the search would give it; an entry searched at least as deep
 * as asked answers, which may be a deeper value than negamax's at this
 * depth; where every line ends in the game (depth as deep as the board is
 * empty) both give the game's value. */
static int negamax_tt(c4_player *pl, const c4_state *p, int depth, int ply, int alpha, int beta)
{
    if (pl->node_limit && pl->nodes >= pl->node_limit) {
        pl->stop = true;
        return 0;
    }
    pl->nodes++;
    if (p->winner)
        return -(WIN - ply);
    if (p->moves == C4_CELLS)
        return 0;
    if (depth == 0)
        return evaluate(p);
    uint64_t mine = p->stones[p->to_act], key = tt_key(p);
    for (int c = 0; c < C4_COLS; c++)
        if (p->height[c] < C4_ROWS && c4_four(mine | UINT64_C(1) << (c * 7 + p->height[c])))
            return WIN - ply - 1;
    const c4_tt_entry *e = &pl->tt[(key * UINT64_C(0x9e3779b97f4a7c15)) >> pl->tt_shift];
    int first = -1, alpha0 = alpha;
    if (e->search == pl->tt_search && e->key == key) {
        int v = tt_out(e->value, ply), bound = e->bound_move & 3;
        if (e->depth >= depth &&
            (bound == TT_EXACT || (bound == TT_LOWER && v >= beta) || (bound == TT_UPPER && v <= alpha)))
            return v;
        first = e->bound_move >> 2;
    }
    int best = -WIN - 1, best_move = 0;
    for (int i = -1; i < C4_COLS && !pl->stop; i++) {
        int c = i < 0 ? first : order[i];
        if (c < 0 || (i >= 0 && c == first) || p->height[c] >= C4_ROWS)
            continue;
        c4_state q = *p;
        c4_apply(&q, (game_action)c);
        int v = -negamax_tt(pl, &q, depth - 1, ply + 1, -beta, -alpha);
        if (v > best)
            best = v, best_move = c;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    if (!pl->stop)
        tt_store(pl, key, depth, ply, best, alpha0, beta, best_move);
    return best;
}

/* One iteration: every root move's exact score into v[]; false when the
 * node budget ran out first. */
static bool iteration(c4_player *pl, const c4_state *p, int depth, const game_action *moves, int n, int *v)
{
    for (int i = 0; i < n; i++) {
        c4_state q = *p;
        c4_apply(&q, moves[i]);
        v[i] = pl->tt ? -negamax_tt(pl, &q, depth - 1, 1, -WIN - 1, WIN + 1)
                      : -negamax(pl, &q, depth - 1, 1, -WIN - 1, WIN + 1);
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
    if (pl->tt && ++pl->tt_search == 0) { /* the numbers wrapped: old entries could match again */
        memset(pl->tt, 0, (size_t)(UINT64_C(1) << (64 - pl->tt_shift)) * sizeof *pl->tt);
        pl->tt_search = 1;
    }
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
    } else if (!strcmp(key, "tt")) {
        bad = num_u64(value, 0, MAX_TT_MB, &v, why, sizeof why);
        o->pl->tt_mb = (int)v;
    } else {
        snprintf(err, n, "player 'ab': unknown option '%.32s' (expected depth, nodes, noise or tt)", key);
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
    /* tt= only when given: the specs of every run before it read as they did */
    int len = snprintf(canon, cn, "depth=%d,nodes=%llu,noise=%d", pl->depth, (unsigned long long)pl->node_limit,
                       pl->noise);
    if (len >= 0 && (size_t)len < cn && pl->tt_mb)
        len += snprintf(canon + len, cn - (size_t)len, ",tt=%d", pl->tt_mb);
    if (len < 0 || (size_t)len >= cn) {
        snprintf(err, n, "player 'ab': spec too long");
        free(pl);
        return NULL;
    }
    if (pl->tt_mb) { /* the most entries (a power of two) in tt_mb MB; calloc'd pages cost nothing until used */
        int bits = 0;
        while ((UINT64_C(2) << bits) * sizeof *pl->tt <= (uint64_t)pl->tt_mb << 20)
            bits++;
        pl->tt_shift = 64 - bits;
        pl->tt = calloc((size_t)1 << bits, sizeof *pl->tt);
        if (!pl->tt) {
            snprintf(err, n, "player 'ab': out of memory for tt=%d", pl->tt_mb);
            free(pl);
            return NULL;
        }
    }
    return pl;
}

static game_action choose(void *impl, const void *s, uint64_t seed)
{
    return search(impl, s, seed);
}

static void destroy(void *impl)
{
    c4_player *pl = impl;
    if (pl)
        free(pl->tt);
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
            GPLAYER_OPTION("noise", "0", "a seeded bonus in [0, N] added to each root move's score")
            GPLAYER_OPTION("tt", "0", "a transposition table of MB megabytes, 0 to 1024 (0: none, the search the "
                           "signature pins)"),
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
