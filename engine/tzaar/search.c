/* search.c — negamax alpha-beta with iterative deepening (search.h).
 *
 * Layout: budget and scoring helpers, move ordering, the quiescence of a
 * turn's second action, the main search; the root and the iterative-deepening driver
 * are in search_root.c.
 * Everything a search touches lives in the searcher struct.
 *
 * Symmetry: tz_search_run() searches the canonical image of the position
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
#include "core/clock.h"
#include "movegen.h"
#include "core/prng.h"
#include "search_internal.h"
#include "nnfeat.h"

searcher *tz_searcher_new(size_t tt_mb, const eval_weights *weights)
{
    searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (tz_tt_init(&s->table, tt_mb)) {
        free(s);
        return NULL;
    }
    s->weights = weights;
    return s;
}

void tz_searcher_free(searcher *s)
{
    if (s) {
        tz_tt_free(&s->table);
        free(s->acc);
        free(s);
    }
}

/* The accumulators' stack: one per ply the search can reach. */
#define ACC_DEPTH (MAX_PLY + 2)

int tz_searcher_set_net(searcher *s, const nn_net *net)
{
    if (net && (net->shape.persp != 2 || net->shape.ninputs != TZ_NN_INPUTS))
        return -1;
    if (net && !s->acc && !(s->acc = aligned_alloc(64, sizeof *s->acc * ACC_DEPTH)))
        return -1;
    s->net = net;
    return 0;
}

void tz_search_nn_reset(searcher *s)
{
    s->acc_top = 0;
    if (!s->net)
        return;
    uint16_t feat[TZ_NN_MAX_ACTIVE];
    int n = tz_nn_active_white(&s->pos, &s->vis, feat);
    nn_acc_refresh(s->net, s->acc[0].v[WHITE], feat, n);
    for (int i = 0; i < n; i++)
        feat[i] = tz_nn_flip(feat[i]);
    nn_acc_refresh(s->net, s->acc[0].v[BLACK], feat, n);
}

#ifdef TRIAD_DEBUG
#include <stdio.h>
#include "core/debug.h"
/* The accumulators kept along the line against ones summed again. */
static void acc_check(const searcher *s)
{
    if (!dbg_due())
        return;
    uint16_t feat[TZ_NN_MAX_ACTIVE];
    int16_t row[NN_H_MAX];
    int n = tz_nn_active_white(&s->pos, &s->vis, feat);
    for (int c = 0; c < 2; c++) {
        nn_acc_refresh(s->net, row, feat, n);
        if (memcmp(row, s->acc[s->acc_top].v[c], sizeof *row * (size_t)s->net->shape.h)) {
            fprintf(stderr, "triad: internal error after search_make: the %s accumulator is wrong\n",
                    c ? "Black" : "White");
            abort();
        }
        for (int i = 0; i < n; i++)
            feat[i] = tz_nn_flip(feat[i]);
    }
}
#else
#define acc_check(s) ((void)0)
#endif

void tz_search_make(searcher *s, action a, undo *u)
{
    if (a == ACTION_SWAP) { /* pie=1: search_pie.c */
        tz_search_make_swap(s, u);
        return;
    }
    if (!s->net) {
        tz_vis_make(&s->vis, &s->pos, a, u);
        return;
    }
    tz_nn_pre pre;
    game_nn_delta d[2];
    tz_nn_before(&s->pos, &s->vis, a, &pre);
    tz_vis_make(&s->vis, &s->pos, a, u);
    tz_nn_after(&s->pos, &s->vis, a, &pre, d);
    const nn_acc *src = &s->acc[s->acc_top];
    nn_acc *dst = &s->acc[++s->acc_top];
    for (int c = 0; c < 2; c++)
        nn_acc_update(s->net, dst->v[c], src->v[c], d[c].add, d[c].nadd, d[c].remove, d[c].nremove);
    acc_check(s);
}

void tz_search_unmake(searcher *s, action a, const undo *u)
{
    tz_vis_unmake(&s->vis, &s->pos, a, u);
    if (s->net)
        s->acc_top--;
}

/* The network's value of s->pos for the side to act, in the linear
 * evaluation's units (nnue.h: the scale fitted with it), unclamped. */
static double net_value(const searcher *s)
{
    const nn_acc *acc = &s->acc[s->acc_top];
    const int16_t *row[2] = { acc->v[s->pos.side], acc->v[s->pos.side ^ 1] };
    int32_t z;
    nn_forward(s->net, row, &z);
    return (double)z * s->net->scale / NN_OUT_ONE;
}

void tz_searcher_set_progress(searcher *s, search_progress fn, void *ctx)
{
    s->progress = fn;
    s->progress_ctx = ctx;
}

/* The evaluation rounded and clamped, from the side to act's point of view. */
static int eval_score(double v, int side)
{
    v = v > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : v < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : v;
    int score = (int)lround(v);
    return side == WHITE ? score : -score;
}

/* Counts a node; true when the node or time budget is spent.  The node limit
 * is checked before counting, so a search never exceeds it; the clock is read
 * every 256 nodes (about 0.1 ms). */
bool tz_search_budget_spent(searcher *s)
{
    if (s->stop)
        return true;
    if (s->nodes >= s->node_limit) {
        s->stop = true;
        return true;
    }
    s->nodes++;
    if (s->deadline > 0 && !(s->nodes & 255) && clock_seconds() >= s->deadline)
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

bool tz_search_capture_wins(const position *p, action a)
{
    return p->count[p->side ^ 1][p->type[act_to(a)]] == 1;
}

/* Captures of the opponent's rarest type first, then of taller stacks. */
int tz_search_capture_key(const position *p, action a)
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
static int static_value(const searcher *s, int ply);

static int leaf(searcher *s, int ply)
{
    if (tz_search_budget_spent(s))
        return 0;
    s->pv_len[ply] = 0;
    int v = static_value(s, ply);
    /* pie=1: the side to act may swap, and the position after the swap is
     * this one's colour image one ply on, which scores as this one does
     * (search_pie.c): the better of the two sides. */
    if (tz_phase_swaps(s->pos.phase)) {
        int swapped = -static_value(s, ply + 1);
        if (swapped > v)
            v = swapped;
    }
    return v;
}

/* leaf()'s value, without counting a node. */
static int static_value(const searcher *s, int ply)
{
    const position *p = &s->pos;
    if (p->winner >= 0)
        return terminal(p, ply);
    if (!s->vis.captures[p->side])
        return -(SCORE_WIN - ply);
    if (vis_wins_now(&s->vis, p, p->side))
        return SCORE_WIN - ply - 1;
    if (!s->net)
        return eval_score(tz_eval_position_vis(s->weights, p, &s->vis), p->side);
    double v = net_value(s); /* already the side to act's */
    if (s->net->flags & NN_FLAG_LINEAR) /* a residual network: its value corrects the linear one */
        v += (p->side == WHITE ? 1 : -1) * tz_eval_position_vis(s->weights, p, &s->vis);
    return eval_score(v, WHITE);
}

/* Makes a, scores the result from the mover's side with fn, unmakes. */
static int after(searcher *s, action a, int ply, int (*fn)(searcher *, int))
{
    undo u;
    int us = s->pos.side;
    tz_search_make(s, a, &u);
    int v = s->pos.winner >= 0 ? terminal(&s->pos, ply + 1) : fn(s, ply + 1);
    if (s->pos.side != us)
        v = -v;
    tz_search_unmake(s, a, &u);
    return v;
}

/* Collects the captures of the side to act with ordering keys; returns the
 * count, or -1 when one of them wins at once.  The key: the rarest victim
 * type first, then taller victims (search_capture_key); inside the tree
 * (ply >= 0; quiescence passes -1) the ply's killer captures go first and
 * the capture history breaks what rarity and height leave equal, which
 * made the first capture tried the one that cuts more often (+26 Elo
 * [-7, 59] at 50 ms per action, 400 games). */
static int scored_captures(const searcher *s, scored *out, int ply)
{
    const position *p = &s->pos;
    action caps[MAX_ACTIONS];
    int n = tz_gen_captures(p, caps);
    for (int i = 0; i < n; i++) {
        if (tz_search_capture_wins(p, caps[i]))
            return -1;
        out[i].a = caps[i];
        out[i].tie = s->tie[caps[i] & (ACTION_CODES - 1)];
        out[i].key = tz_search_capture_key(p, caps[i]);
        if (ply >= 0) {
            action a = caps[i];
            if (a == s->killers[ply][0])
                out[i].key += 2000000;
            else if (a == s->killers[ply][1])
                out[i].key += 1900000;
            else
                out[i].key += s->history[p->side][a & 4095] * 999 / HISTORY_MAX;
        }
    }
    return n;
}

/* Depth exhausted in the middle of a turn: stand pat on pass, or a capture
 * as the second action, each scored at the following turn boundary. */
static int q_second(searcher *s, int ply, int beta)
{
    scored caps[MAX_ACTIONS];
    if (tz_search_budget_spent(s))
        return 0;
    int n = scored_captures(s, caps, -1);
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

static int search(searcher *s, int depth, int ply, int alpha, int beta);

/* Searches the position after a from the mover's side: negated only when the
 * player changes.  Later moves get a null window first (PVS), reduced by
 * `reduction` plies, and are re-searched when they beat alpha. */
int tz_search_try_move(searcher *s, action a, int depth, int ply, int alpha, int beta, bool first,
                    int reduction)
{
    undo u;
    int us = s->pos.side, v;
#define CHILD(d, lo, hi) (s->pos.side != us ? -search(s, d, ply + 1, -(hi), -(lo)) : search(s, d, ply + 1, lo, hi))
    tz_search_make(s, a, &u);
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
    tz_search_unmake(s, a, &u);
    return v;
}

/* Stage two of generation, only reached when no capture cut off: stacking
 * actions and pass, ordered by killers and history. */
static int add_quiets(searcher *s, scored *list, int n, int ply)
{
    action q[MAX_ACTIONS];
    int m = tz_gen_stacks(&s->pos, q);
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
        /* At a turn boundary the evaluation stands for the turn to come:
         * its tempo term is the capture the side to act is about to make,
         * and static_value() sees a capture that wins and a side left
         * without one.  Searching the best first capture there instead
         * (four captures and a pass, each evaluated) cost three of every
         * four nodes of the fourth iteration; the search without it (and
         * with whole-turn reductions) is stronger at equal time
         * (docs/players.md). */
        return tz_phase_second(p->phase) ? q_second(s, ply, beta) : leaf(s, ply);
    if (tz_search_budget_spent(s))
        return 0;
    bool pv_node = beta - alpha > 1, second = tz_phase_second(p->phase), quiets = false;
    const tt_entry *e = tt_probe(&s->table, p->hash);
    action tt_move = e ? e->move : ACTION_NONE;
    int v;
    if (!pv_node && tt_cutoff(e, depth, ply, alpha, beta, &v))
        return v;

    scored list[2 * MAX_ACTIONS];
    int n = scored_captures(s, list, ply);
    if (n < 0)
        return SCORE_WIN - ply - 1;
    n = tz_search_add_swap(s, list, n); /* pie=1: search_pie.c */
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
        bool special = a == tt_move || a == s->killers[ply][0] || a == s->killers[ply][1];
        /* Late stacking actions and passes get a reduced null window first
         * (search_try_move re-searches them at full depth if they beat
         * alpha).  They are reduced by a whole turn, so that the reduced
         * search ends where the full one would, at a turn boundary; one
         * ply ended it inside the opponent's turn, where its first capture
         * alone refuted too little and 44% of these searches were repeated. */
        bool late = act_kind(a) != ACT_CAPTURE && i >= 3 && depth >= 3 && !special;
        int reduction = late ? LATE_REDUCTION : 0;
        v = tz_search_try_move(s, a, depth, ply, alpha, beta, i == 0, reduction);
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

