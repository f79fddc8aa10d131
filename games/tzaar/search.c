/* search.c — negamax alpha-beta with iterative deepening (search.h).
 *
 * Layout: budget and scoring helpers, move ordering, the two quiescence
 * functions, the main search, the root and the iterative-deepening driver.
 * Everything a search touches lives in the searcher struct.
 *
 * Symmetry: search_run() searches the canonical image of the position
 * (symmetry.h) and maps the answer back, so the search itself never sees
 * which of the images it was given.  Inside it, whatever an ordering key
 * leaves equal is decided by a seeded permutation of the action codes, and
 * at the root by the seeded order of the actions (or, with lim->ties, by a
 * seeded pick among all the actions that tie for the best score); neither
 * the board's numbering nor a list's order decides. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "movegen.h"
#include "core/prng.h"
#include "search.h"
#include "symmetry.h"
#include "tt.h"

#define MAX_PLY 72            /* depth cap plus quiescence plies */
#define INF 32000
#define HISTORY_MAX (1 << 20)
/* Quiescence looks at this many captures, best-ordered first: a lower bound
 * on the side's turn that costs a few evaluations instead of dozens. */
#define Q_CAPTURES 4
#define FUTILITY_MARGIN 150

#define ACTION_CODES 4096 /* from | to << 6: distinct for the actions of one position */

typedef struct scored {
    action a;
    uint16_t tie; /* the seeded tie-break: the action's place in a permutation */
    int key;      /* ordering key */
} scored;

typedef struct root_entry {
    action a;
    int key;    /* ordering key; after an iteration, its score there */
    int bonus;  /* the seeded noise */
    bool exact; /* key is the score itself, not a bound under the best */
    int pv_len;
    action pv[PV_MAX];
} root_entry;

_Static_assert(SEARCH_TIES_MAX >= MAX_ACTIONS, "a tied set can hold every action");

struct searcher {
    const eval_weights *weights;
    tt table;
    position pos;
    uint64_t nodes, node_limit;
    double deadline; /* 0: none */
    bool stop;
    action killers[MAX_PLY][2];
    int32_t history[2][4096];
    action pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    uint16_t tie[ACTION_CODES]; /* seeded permutation of the action codes */
    root_entry root[MAX_ACTIONS];
    int root_n;
    uint64_t draw;     /* seeded: which of the tied root actions is played */
    int back;          /* the symmetry from the searched image back to the caller's position */
    int nmaps;         /* the symmetries giving the searched image, */
    uint8_t maps[SYM_ALL]; /* which map the tied set back */
    search_progress progress;
    void *progress_ctx;
};

static double clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

searcher *searcher_new(size_t tt_mb, const eval_weights *weights)
{
    searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (tt_init(&s->table, tt_mb)) {
        free(s);
        return NULL;
    }
    s->weights = weights;
    return s;
}

void searcher_free(searcher *s)
{
    if (s) {
        tt_free(&s->table);
        free(s);
    }
}

void searcher_set_progress(searcher *s, search_progress fn, void *ctx)
{
    s->progress = fn;
    s->progress_ctx = ctx;
}

int search_eval(const eval_weights *w, const position *p)
{
    double v = eval_position(w, p);
    v = v > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : v < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : v;
    int score = (int)lround(v);
    return p->side == WHITE ? score : -score;
}

/* Counts a node; true when the node or time budget is spent.  The node limit
 * is checked before counting, so a search never exceeds it; the clock is read
 * every 1024 nodes only. */
static bool budget_spent(searcher *s)
{
    if (s->stop)
        return true;
    if (s->nodes >= s->node_limit) {
        s->stop = true;
        return true;
    }
    s->nodes++;
    if (s->deadline > 0 && !(s->nodes & 1023) && clock_seconds() >= s->deadline)
        s->stop = true;
    return s->stop;
}

/* A finished game, from the side to act's point of view. */
static int terminal(const position *p, int ply)
{
    return p->winner == p->side ? SCORE_WIN - ply : -(SCORE_WIN - ply);
}

static int score_to_tt(int v, int ply)
{
    return v > SCORE_WIN_MIN ? v + ply : v < -SCORE_WIN_MIN ? v - ply : v;
}

static int score_from_tt(int v, int ply)
{
    return v > SCORE_WIN_MIN ? v - ply : v < -SCORE_WIN_MIN ? v + ply : v;
}

/* True when the side to act can capture the opponent's last stack of some
 * type, which wins at once.  Looks outward from each such stack: the first
 * stack on a ray from it is the one that could capture it. */
static bool wins_now(const position *p)
{
    int us = p->side, them = us ^ 1;
    bitboard all = p->occ[0] | p->occ[1];
    for (int t = 0; t < PIECE_TYPES; t++) {
        if (p->count[them][t] != 1)
            continue;
        int pt = __builtin_ctzll(p->tops[t] & p->occ[them]), h = p->height[pt];
        for (int d = 0; d < GEO_DIRS; d++) {
            bitboard r = geo_ray[pt][d] & all;
            if (r) {
                int q = geo_first(r, d);
                if ((p->occ[us] >> q & 1) && p->height[q] >= h)
                    return true;
            }
        }
    }
    return false;
}

static bool capture_wins(const position *p, action a)
{
    return p->count[p->side ^ 1][p->type[act_to(a)]] == 1;
}

/* Captures of the opponent's rarest type first, then of taller stacks. */
static int capture_key(const position *p, action a)
{
    int to = act_to(a);
    return 1000000 + (16 - p->count[p->side ^ 1][p->type[to]]) * 40000 + p->height[to] * 1000;
}

/* Moves the best-keyed entry of list[i..n) to i and returns its action;
 * equal keys go by the seeded tie-break, never by place in the list. */
static action pick(scored *list, int n, int i)
{
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].key > list[b].key || (list[j].key == list[b].key && list[j].tie > list[b].tie))
            b = j;
    scored t = list[i];
    list[i] = list[b];
    list[b] = t;
    return list[i].a;
}

static void update_pv(searcher *s, int ply, action a)
{
    s->pv[ply][0] = a;
    int n = s->pv_len[ply + 1];
    if (n > MAX_PLY - 1 - ply - 1)
        n = MAX_PLY - 1 - ply - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(action));
    s->pv_len[ply] = n + 1;
}

/* A position at a turn boundary, scored statically for the side to act:
 * lost with no capture, won with a capture of a last stack, else eval. */
static int leaf(searcher *s, int ply)
{
    const position *p = &s->pos;
    if (budget_spent(s))
        return 0;
    s->pv_len[ply] = 0;
    if (p->winner >= 0)
        return terminal(p, ply);
    if (!has_capture(p))
        return -(SCORE_WIN - ply);
    if (wins_now(p))
        return SCORE_WIN - ply - 1;
    return search_eval(s->weights, p);
}

/* Makes a, scores the result from the mover's side with fn, unmakes. */
static int after(searcher *s, action a, int ply, int (*fn)(searcher *, int))
{
    undo u;
    int us = s->pos.side;
    pos_make(&s->pos, a, &u);
    int v = s->pos.winner >= 0 ? terminal(&s->pos, ply + 1) : fn(s, ply + 1);
    if (s->pos.side != us)
        v = -v;
    pos_unmake(&s->pos, a, &u);
    return v;
}

/* After pass: the opponent's turn boundary. */
static int pass_leaf(searcher *s, int ply)
{
    return after(s, ACTION_PASS, ply, leaf);
}

/* Collects the captures of the side to act with ordering keys; returns the
 * count, or -1 when one of them wins at once. */
static int scored_captures(const searcher *s, scored *out)
{
    const position *p = &s->pos;
    action caps[MAX_ACTIONS];
    int n = gen_captures(p, caps);
    for (int i = 0; i < n; i++) {
        if (capture_wins(p, caps[i]))
            return -1;
        out[i].a = caps[i];
        out[i].tie = s->tie[caps[i] & (ACTION_CODES - 1)];
        out[i].key = capture_key(p, caps[i]);
    }
    return n;
}

/* Depth exhausted in the middle of a turn: stand pat on pass, or a capture
 * as the second action, each scored at the following turn boundary. */
static int q_second(searcher *s, int ply, int beta)
{
    scored caps[MAX_ACTIONS];
    if (budget_spent(s))
        return 0;
    int n = scored_captures(s, caps);
    if (n < 0)
        return SCORE_WIN - ply - 1;
    int best = after(s, ACTION_PASS, ply, leaf);
    for (int i = 0; i < n && i < Q_CAPTURES && best < beta && !s->stop; i++) {
        int v = after(s, pick(caps, n, i), ply, leaf);
        if (v > best)
            best = v;
    }
    return s->stop ? 0 : best;
}

/* Depth exhausted at a turn boundary: the side to act must capture, so it
 * takes its best first capture and passes (a lower bound on its turn). */
static int q_turn(searcher *s, int ply, int beta)
{
    scored caps[MAX_ACTIONS];
    if (budget_spent(s))
        return 0;
    int n = scored_captures(s, caps);
    if (n < 0)
        return SCORE_WIN - ply - 1;
    if (n == 0)
        return -(SCORE_WIN - ply);
    int best = -INF;
    for (int i = 0; i < n && i < Q_CAPTURES && best < beta && !s->stop; i++) {
        int v = after(s, pick(caps, n, i), ply, pass_leaf);
        if (v > best)
            best = v;
    }
    return s->stop ? 0 : best;
}

static int search(searcher *s, int depth, int ply, int alpha, int beta);

/* Searches the position after a from the mover's side: negated only when the
 * player changes.  Later moves get a null window first (PVS), reduced by
 * `reduction` plies, and are re-searched when they beat alpha. */
static int try_move(searcher *s, action a, int depth, int ply, int alpha, int beta, bool first,
                    int reduction)
{
    undo u;
    int us = s->pos.side, v;
#define CHILD(d, lo, hi) (s->pos.side != us ? -search(s, d, ply + 1, -(hi), -(lo)) : search(s, d, ply + 1, lo, hi))
    pos_make(&s->pos, a, &u);
    if (first) {
        v = CHILD(depth - 1, alpha, beta);
    } else {
        v = CHILD(depth - 1 - reduction, alpha, alpha + 1);
        if (v > alpha && reduction && !s->stop)
            v = CHILD(depth - 1, alpha, alpha + 1);
        if (v > alpha && v < beta && !s->stop)
            v = CHILD(depth - 1, alpha, beta);
    }
#undef CHILD
    pos_unmake(&s->pos, a, &u);
    return v;
}

/* Stage two of generation, only reached when no capture cut off: stacking
 * actions and pass, ordered by killers and history. */
static int add_quiets(searcher *s, scored *list, int n, int ply)
{
    action q[MAX_ACTIONS];
    int m = gen_stacks(&s->pos, q);
    q[m++] = ACTION_PASS;
    for (int i = 0; i < m; i++) {
        action a = q[i];
        list[n].a = a;
        list[n].tie = s->tie[a & (ACTION_CODES - 1)];
        list[n].key = a == s->killers[ply][0] ? 900000 : a == s->killers[ply][1] ? 800000
                                                        : s->history[s->pos.side][a & 4095];
        n++;
    }
    return n;
}

static void reward(searcher *s, action a, int depth, int ply)
{
    int32_t *h = &s->history[s->pos.side][a & 4095];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
        *h = HISTORY_MAX;
    if (s->killers[ply][0] != a) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = a;
    }
}

/* True when a stored result of this depth or deeper settles the node; the
 * score comes back through *v. */
static bool tt_cutoff(const tt_entry *e, int depth, int ply, int alpha, int beta, int *v)
{
    if (!e || e->depth < depth)
        return false;
    *v = score_from_tt(e->score, ply);
    return e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && *v >= beta) ||
           (e->bound == BOUND_UPPER && *v <= alpha);
}

static int search(searcher *s, int depth, int ply, int alpha, int beta)
{
    position *p = &s->pos;
    s->pv_len[ply] = 0; /* first, so no early return leaves a stale line for the parent */
    if (p->winner >= 0)
        return terminal(p, ply);
    if (depth <= 0 || ply >= MAX_PLY - 4)
        return p->phase == PHASE_SECOND ? q_second(s, ply, beta) : q_turn(s, ply, beta);
    if (budget_spent(s))
        return 0;
    bool pv_node = beta - alpha > 1, second = p->phase == PHASE_SECOND, quiets = false;
    const tt_entry *e = tt_probe(&s->table, p->hash);
    action tt_move = e ? e->move : ACTION_NONE;
    int v;
    if (!pv_node && tt_cutoff(e, depth, ply, alpha, beta, &v))
        return v;

    scored list[2 * MAX_ACTIONS];
    int n = scored_captures(s, list);
    if (n < 0)
        return SCORE_WIN - ply - 1;
    if (n == 0 && !second)
        return -(SCORE_WIN - ply);
    if (second && tt_move != ACTION_NONE && act_kind(tt_move) != ACT_CAPTURE) {
        n = add_quiets(s, list, n, ply);
        quiets = true;
    }
    for (int i = 0; i < n; i++)
        if (list[i].a == tt_move)
            list[i].key = INT32_MAX;

    int alpha0 = alpha, best = -INF, futile = INF;
    action best_move = ACTION_NONE;
    for (int i = 0;; i++) {
        if (i == n) {
            if (!second || quiets)
                break;
            n = add_quiets(s, list, n, ply);
            quiets = true;
            /* Futility: near the horizon a stacking action that cannot lift
             * the static value (after a pass) by the margin is not searched.
             * Not against a decided score: a stacking action can win at once
             * (the opponent left without a capture), which no margin covers,
             * so a null window at a winning alpha would miss a tying win. */
            if (!pv_node && depth <= 2 && alpha > -SCORE_WIN_MIN && alpha < SCORE_WIN_MIN)
                futile = after(s, ACTION_PASS, ply, leaf) + FUTILITY_MARGIN * depth;
        }
        action a = pick(list, n, i);
        if (act_kind(a) == ACT_STACK && futile <= alpha && best > -INF && a != tt_move)
            continue;
        bool late = act_kind(a) != ACT_CAPTURE && i >= 3 && depth >= 3 && a != tt_move &&
                    a != s->killers[ply][0] && a != s->killers[ply][1];
        v = try_move(s, a, depth, ply, alpha, beta, i == 0, late ? 1 : 0);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = a;
            if (v > alpha) {
                alpha = v;
                update_pv(s, ply, a);
                if (v >= beta) {
                    reward(s, a, depth, ply);
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&s->table, p->hash, depth, score_to_tt(best, ply), bound, best_move);
    return best;
}

/* Searches root action r with window (lo, hi) (shifted by its bonus) as a
 * full-window search; keeps its line when the score falls inside. */
static int root_full(searcher *s, root_entry *r, int depth, int lo, int hi)
{
    int v = try_move(s, r->a, depth, 0, lo - r->bonus, hi - r->bonus, true, 0) + r->bonus;
    r->key = v;
    r->exact = v > lo && v < hi;
    if (r->exact) {
        int n = s->pv_len[1] < PV_MAX - 1 ? s->pv_len[1] : PV_MAX - 1;
        r->pv[0] = r->a;
        memcpy(&r->pv[1], s->pv[1], (size_t)n * sizeof(action));
        r->pv_len = n + 1;
    }
    return v;
}

/* r's score against the best so far with null windows: above it, or not
 * (a bound).  With ties, first a null window just under it, so that an
 * action that ties is found to (exact, with no line yet): an all-node
 * search of its replies, which is what knowing the tied set costs. */
static int root_null(searcher *s, root_entry *r, int depth, int best, bool ties)
{
    int b = r->bonus, v = best;
    if (ties)
        v = try_move(s, r->a, depth, 0, best - 1 - b, best - b, false, 0) + b;
    if (v == best && !s->stop)
        v = try_move(s, r->a, depth, 0, best - b, best + 1 - b, false, 0) + b;
    r->key = v < best ? v : best;
    r->exact = ties && v == best;
    r->pv_len = 0;
    return v;
}

/* One iteration over the root actions in their current order; each carries
 * its seeded bonus, so the window is shifted by it.  The first gets a full
 * window; every later one a null window just over the best so far, and
 * one that beats it a full window above the old best.  With ties (in an
 * iteration that may be the last), also a null window just under the
 * best, so one that ties is known to (the tied set is known, not just its
 * first member).  Returns the index of the action the seed picks among
 * the tied ones, which then has its line; -1 when stopped. */
static int root_search(searcher *s, int depth, bool ties)
{
    int best = -INF;
    s->pv_len[0] = 0;
    if (budget_spent(s))
        return -1;
    for (int i = 0; i < s->root_n && !s->stop; i++) {
        root_entry *r = &s->root[i];
        int v = i == 0 ? root_full(s, r, depth, -INF, INF) : root_null(s, r, depth, best, ties);
        if (i > 0 && v > best && !s->stop)
            v = root_full(s, r, depth, best, INF);
        if (v > best && r->exact)
            best = v;
    }
    if (s->stop)
        return -1;
    int n = 0, tied[MAX_ACTIONS];
    for (int i = 0; i < s->root_n; i++)
        if (s->root[i].exact && s->root[i].key == best)
            tied[n++] = i;
    /* Sorted by action code, so the pick depends on the set alone. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && s->root[tied[j - 1]].a > s->root[tied[j]].a; j--) {
            int t = tied[j];
            tied[j] = tied[j - 1];
            tied[j - 1] = t;
        }
    root_entry *c = &s->root[tied[s->draw % (uint64_t)n]];
    if (!c->pv_len) /* a tie found by null windows: search it again for its line */
        root_full(s, c, depth, best - 1, best + 1);
    c->key = best; /* whatever that search said: the iteration's answer is this action */
    c->exact = true;
    return s->stop ? -1 : (int)(c - s->root);
}

/* Stable insertion sort by key, best first: equal keys keep the seeded order. */
static void sort_root(root_entry *list, int n)
{
    for (int i = 1; i < n; i++) {
        root_entry t = list[i];
        int j = i;
        for (; j > 0 && list[j - 1].key < t.key; j--)
            list[j] = list[j - 1];
        list[j] = t;
    }
}

/* The position's actions, one per class of actions that its own
 * symmetries exchange (the least code of each): the others lead to
 * images of the same positions and score the same. */
static int root_actions(const position *p, action *list)
{
    position c;
    uint8_t own[SYM_ALL];
    int k = sym_canonical(p, &c, own), n = gen_actions(p, list), m = 0;
    for (int i = 0; i < n; i++) {
        bool least = true;
        for (int g = 0; g < k && least; g++)
            least = sym_action(list[i], own[g]) >= list[i];
        if (least)
            list[m++] = list[i];
    }
    return m;
}

/* Root actions: shuffled by the seed, then ordered like inner nodes (stable). */
static void root_setup(searcher *s, const search_limits *lim, uint64_t seed)
{
    action list[MAX_ACTIONS];
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    int n = root_actions(&s->pos, list);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)xoshiro_below(&rng, (uint64_t)i + 1);
        action t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
    for (int i = 0; i < n; i++) {
        action a = list[i];
        root_entry *r = &s->root[i];
        r->a = a;
        r->key = act_kind(a) == ACT_CAPTURE ? capture_key(&s->pos, a) : act_kind(a) == ACT_STACK;
        r->bonus = lim->noise > 0 ? (int)xoshiro_below(&rng, (uint64_t)lim->noise + 1) : 0;
        r->exact = false;
        r->pv_len = 0;
    }
    s->root_n = n;
    sort_root(s->root, n);
}

/* Draws, from the seed alone: the permutation that breaks ordering ties,
 * which image of the position to answer in (p may have symmetries of its
 * own: each is equally likely) and which tied root action to play. */
static void draw_ties(searcher *s, uint64_t seed)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, seed_mix(seed, 0x746965735f73796dULL)); /* "ties_sym" */
    for (int i = 0; i < ACTION_CODES; i++)
        s->tie[i] = (uint16_t)i;
    for (int i = ACTION_CODES - 1; i > 0; i--) {
        int j = (int)xoshiro_below(&rng, (uint64_t)i + 1);
        uint16_t t = s->tie[i];
        s->tie[i] = s->tie[j];
        s->tie[j] = t;
    }
    s->back = sym_inverse(s->maps[xoshiro_below(&rng, (uint64_t)s->nmaps)]);
    s->draw = xoshiro_next(&rng);
}

static int cmp_action(const void *a, const void *b)
{
    return (int)*(const action *)a - (int)*(const action *)b;
}

/* Fills r, in the caller's frame, with root[chosen] as the action played
 * and the root actions whose exact score is best as the tied set, with all
 * their images under the position's own symmetries, so that the set does
 * not depend on which image was given. */
static void report_choice(searcher *s, int chosen, search_report *r)
{
    const root_entry *c = &s->root[chosen];
    action tied[MAX_ACTIONS];
    int n = 0;
    for (int i = 0; i < s->root_n; i++)
        if (i == chosen || (s->root[i].exact && s->root[i].key == c->key && c->exact))
            tied[n++] = s->root[i].a;
    r->best = sym_action(c->a, s->back);
    r->score = c->key;
    r->pv_len = c->exact ? c->pv_len : 0;
    for (int k = 0; k < r->pv_len; k++)
        r->pv[k] = sym_action(c->pv[k], s->back);
    r->ties = 0;
    for (int m = 0; m < s->nmaps; m++)
        for (int i = 0; i < n; i++) {
            action a = sym_action(tied[i], sym_inverse(s->maps[m]));
            int k = 0;
            while (k < r->ties && r->tied[k] != a)
                k++;
            if (k == r->ties)
                r->tied[r->ties++] = a;
        }
    qsort(r->tied, (size_t)r->ties, sizeof *r->tied, cmp_action);
}

static void reset(searcher *s, const position *p, const search_limits *lim, double t0, uint64_t seed)
{
    s->nmaps = sym_canonical(p, &s->pos, s->maps);
    draw_ties(s, seed);
    tt_new_search(&s->table);
    memset(s->killers, 0xff, sizeof s->killers);
    memset(s->history, 0, sizeof s->history);
    s->nodes = 0;
    s->node_limit = lim->nodes ? lim->nodes : UINT64_MAX;
    s->deadline = lim->ms > 0 ? t0 + lim->ms / 1000 : 0;
    s->stop = false;
}

void search_run(searcher *s, const position *p, const search_limits *lim, uint64_t seed, search_report *r)
{
    double t0 = clock_seconds();
    int max_depth = lim->depth > 0 && lim->depth < SEARCH_MAX_DEPTH ? lim->depth : SEARCH_MAX_DEPTH;
    reset(s, p, lim, t0, seed);
    root_setup(s, lim, seed);
    memset(r, 0, sizeof *r);
    report_choice(s, 0, r); /* until an iteration completes: the first in order */
    r->score = 0;
    int n = 0, wins[MAX_ACTIONS];
    for (int i = 0; i < s->root_n; i++)
        if (act_kind(s->root[i].a) == ACT_CAPTURE && capture_wins(&s->pos, s->root[i].a))
            wins[n++] = i;
    if (n) {
        /* Nothing beats a win on the spot; the seed picks among them. */
        for (int i = 0; i < n; i++) {
            root_entry *e = &s->root[wins[i]];
            e->key = SCORE_WIN - 1;
            e->exact = true;
            e->pv[0] = e->a;
            e->pv_len = 1;
        }
        action codes[MAX_ACTIONS];
        for (int i = 0; i < n; i++)
            codes[i] = s->root[wins[i]].a;
        qsort(codes, (size_t)n, sizeof *codes, cmp_action);
        int chosen = 0;
        while (s->root[chosen].a != codes[s->draw % (uint64_t)n])
            chosen++;
        report_choice(s, chosen, r);
        r->depth = 1;
        r->nodes = s->nodes = 1;
        r->seconds = clock_seconds() - t0;
        return;
    }
    for (int d = 1; d <= max_depth; d++) {
        /* The tied set costs nodes: only on request, and only in the
         * iterations whose answer may be the one played (one that finds
         * the game decided is the last, so it is searched again). */
        bool ties = lim->ties && (d == max_depth || lim->nodes || lim->ms > 0);
        int chosen = root_search(s, d, ties);
        if (chosen >= 0 && lim->ties && !ties && abs(s->root[chosen].key) >= SCORE_WIN - d)
            chosen = root_search(s, d, true);
        if (chosen < 0)
            break;
        report_choice(s, chosen, r);
        int v = r->score;
        r->depth = d;
        r->nodes = s->nodes;
        r->seconds = clock_seconds() - t0;
        if (s->progress)
            s->progress(s->progress_ctx, r);
        sort_root(s->root, s->root_n);
        /* A game decided inside the full-width plies stays decided deeper. */
        if (abs(v) >= SCORE_WIN - d)
            break;
        if (lim->ms > 0 && r->seconds * 1000 > lim->ms / 2)
            break;
    }
    r->nodes = s->nodes;
    r->seconds = clock_seconds() - t0;
}
