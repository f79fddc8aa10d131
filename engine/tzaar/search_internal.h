/* search_internal.h — what the two halves of TZAAR's alpha-beta search
 * share: search.c (the tree below the root: ordering, quiescence, the
 * negamax with its table) and search_root.c (the root, ties and the
 * iterative-deepening driver).  Not for other modules: search.h is the
 * interface. */
#ifndef TRIAD_TZ_SEARCH_INTERNAL_H
#define TRIAD_TZ_SEARCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "search.h"
#include "symmetry.h"
#include "tt.h"
#include "vis.h"
#include "engine/nnue.h"

#define MAX_PLY 72            /* depth cap plus quiescence plies */
#define INF 32000
#define HISTORY_MAX (1 << 20)
/* Quiescence looks at this many captures, best-ordered first: a lower bound
 * on the side's turn that costs a few evaluations instead of dozens. */
#define Q_CAPTURES 4
#define FUTILITY_MARGIN 150
#define LATE_REDUCTION 2 /* plies: a whole turn (search.c) */

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
    /* The network evaluation (NULL: the linear one), and its accumulators
     * along the line being searched: acc[acc_top] is s->pos's. */
    const nn_net *net;
    nn_acc *acc;
    int acc_top;
    tt table;
    position pos;
    vis vis;    /* who sees whom in pos, kept with it */
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
    bool partial; /* root_search stopped inside its iteration */
    bool ties_wanted; /* search_limits.ties */
};

/* search.c */
/* Makes and takes back an action on the position, its capture relation and
 * (with a network) its accumulators. */
void tz_search_make(searcher *s, action a, undo *u);
void tz_search_unmake(searcher *s, action a, const undo *u);
/* The accumulators of s->pos from scratch, at the bottom of the stack. */
void tz_search_nn_reset(searcher *s);
/* Counts a node; true when the node or time budget is spent. */
bool tz_search_budget_spent(searcher *s);
int tz_search_capture_key(const position *p, action a);
bool tz_search_capture_wins(const position *p, action a);
/* Searches the position after a from the mover's side (PVS; see search.c). */
int tz_search_try_move(searcher *s, action a, int depth, int ply, int alpha, int beta, bool first, int reduction);

/* search_pie.c: pie=1's swap.  Makes it (the capture relation and the
 * accumulators from scratch; tz_search_unmake takes it back), and adds it
 * to a node's list when the side to act may swap: the new count. */
void tz_search_make_swap(searcher *s, undo *u);
int tz_search_add_swap(const searcher *s, scored *list, int n);

#endif
