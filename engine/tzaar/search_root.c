/* search_root.c — the root of TZAAR's alpha-beta search and the
 * iterative-deepening driver (search.h; the tree below the root is in
 * search.c): the root actions, one per class of the position's own
 * symmetries, ordered by the seed then by key; the root's full and null
 * windows; ties (lim->ties: every action tying for the best, then a seeded
 * pick); the answer mapped back from the searched canonical image. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/clock.h"
#include "movegen.h"
#include "core/prng.h"
#include "search_internal.h"

/* Searches root action r with window (lo, hi) (shifted by its bonus) as a
 * full-window search; keeps its line when the score falls inside. */
static int root_full(searcher *s, root_entry *r, int depth, int lo, int hi)
{
    int v = tz_search_try_move(s, r->a, depth, 0, lo - r->bonus, hi - r->bonus, true, 0) + r->bonus;
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
        v = tz_search_try_move(s, r->a, depth, 0, best - 1 - b, best - b, false, 0) + b;
    if (v == best && !s->stop)
        v = tz_search_try_move(s, r->a, depth, 0, best - b, best + 1 - b, false, 0) + b;
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
    int best = -INF, best_i = -1;
    s->pv_len[0] = 0;
    s->partial = false;
    if (tz_search_budget_spent(s))
        return -1;
    for (int i = 0; i < s->root_n && !s->stop; i++) {
        root_entry *r = &s->root[i];
        int v = i == 0 ? root_full(s, r, depth, -INF, INF) : root_null(s, r, depth, best, ties);
        if (i > 0 && v > best && !s->stop)
            v = root_full(s, r, depth, best, INF);
        if (s->stop) {
            for (int j = i; j < s->root_n; j++)
                s->root[j].exact = false; /* not searched to the end at this depth */
            break;
        }
        if (v > best && r->exact) {
            best = v;
            best_i = i;
        }
    }
    if (s->stop) {
        /* Stopped inside the iteration: the actions searched to the end
         * at this depth are known, and the best of them (the previous
         * iteration's best came first) is a better answer than the last
         * complete iteration's (+14 Elo [-19, 47] at 50 ms per action,
         * 400 games; with the time rule below and the capture history,
         * +33 [-1, 68]).  Not with ties: the tied set is only known
         * from a whole iteration. */
        if (best_i < 0 || s->ties_wanted)
            return -1;
        s->partial = true;
        return best_i;
    }
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
    int k = tz_sym_canonical(p, &c, own), n = tz_gen_actions(p, list), m = 0;
    for (int i = 0; i < n; i++) {
        bool least = true;
        for (int g = 0; g < k && least; g++)
            least = tz_sym_action(list[i], own[g]) >= list[i];
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
        r->key = act_kind(a) == ACT_CAPTURE ? tz_search_capture_key(&s->pos, a) : act_kind(a) == ACT_STACK;
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
    s->back = tz_sym_inverse(s->maps[xoshiro_below(&rng, (uint64_t)s->nmaps)]);
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
    r->best = tz_sym_action(c->a, s->back);
    r->score = c->key;
    r->pv_len = c->exact ? c->pv_len : 0;
    for (int k = 0; k < r->pv_len; k++)
        r->pv[k] = tz_sym_action(c->pv[k], s->back);
    r->ties = 0;
    for (int m = 0; m < s->nmaps; m++)
        for (int i = 0; i < n; i++) {
            action a = tz_sym_action(tied[i], tz_sym_inverse(s->maps[m]));
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
    s->nmaps = tz_sym_canonical(p, &s->pos, s->maps);
    tz_vis_init(&s->vis, &s->pos);
    tz_search_nn_reset(s);
    draw_ties(s, seed);
    tz_tt_new_search(&s->table);
    memset(s->killers, 0xff, sizeof s->killers);
    memset(s->history, 0, sizeof s->history);
    s->nodes = 0;
    s->node_limit = lim->nodes ? lim->nodes : UINT64_MAX;
    s->ties_wanted = lim->ties;
    s->deadline = lim->ms > 0 ? t0 + lim->ms / 1000 : 0;
    if (lim->ms > 0) {
        /* A margin for the clock read every 256 nodes and the way out. */
        double margin = lim->ms * 0.04 < 4 ? lim->ms * 0.04 : 4;
        s->deadline = t0 + (lim->ms - margin) / 1000;
    }
    s->stop = false;
}

void tz_search_run(searcher *s, const position *p, const search_limits *lim, uint64_t seed, search_report *r)
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
        if (act_kind(s->root[i].a) == ACT_CAPTURE && tz_search_capture_wins(&s->pos, s->root[i].a))
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
    double t_prev = 0, iter_prev = 0;
    for (int d = 1; d <= max_depth; d++) {
        /* The tied set costs nodes: only on request, and only in the
         * iterations whose answer may be the one played (one that finds
         * the game decided is the last, so it is searched again). */
        bool ties = lim->ties && (d == max_depth || lim->nodes || lim->ms > 0);
        int chosen = root_search(s, d, ties);
        if (chosen >= 0 && !s->partial && lim->ties && !ties && abs(s->root[chosen].key) >= SCORE_WIN - d)
            chosen = root_search(s, d, true);
        if (chosen < 0)
            break;
        report_choice(s, chosen, r);
        if (s->partial)
            break; /* the depth reported stays the last one completed */
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
        double iter = r->seconds - t_prev;
        if (lim->ms > 0 && lim->ties) {
            /* Without ties the search simply goes on until the clock
             * stops it: an interrupted iteration is used, and time left
             * unspent in an action's budget is lost.  With ties only a
             * whole iteration counts, so the next one starts only when
             * its first action, the best so far, can be searched to the
             * end: that part is about a third of an iteration, and an
             * iteration costs the last one times the growth seen so far. */
            /* Iterations under a millisecond time the clock, not the tree. */
            double growth = iter_prev > 0.001 ? iter / iter_prev : 8;
            growth = growth < 2 ? 2 : growth > 30 ? 30 : growth;
            if ((r->seconds + 0.35 * iter * growth) * 1000 > lim->ms)
                break;
        }
        t_prev = r->seconds;
        iter_prev = iter;
    }
    r->nodes = s->nodes;
    r->seconds = clock_seconds() - t0;
}
