/* search_pie.c — pie=1's swap in TZAAR's alpha-beta search (the variant's
 * one action that is no capture, stack or pass: docs/tzaar-variants.md),
 * kept out of search.c's hot paths, which call in here only at the one
 * node of a game where the swap is legal.
 *
 * The swap recolours the board and gives the turn to the other side, so
 * the position after it is the colour image of the one before with that
 * side to act: the search takes it as one more action of the node (root
 * or not), and negamax scores it from the other side, which is how "who is
 * better off as White" is decided: by searching the position from both
 * sides. */
#include "movegen.h"
#include "nnfeat.h"
#include "search_internal.h"

void tz_search_make_swap(searcher *s, undo *u)
{
    tz_vis_make(&s->vis, &s->pos, ACTION_SWAP, u);
    if (!s->net)
        return;
    /* Every stack changed colour: the accumulators from scratch (once a
     * game), on the next level of the stack as any action's. */
    nn_acc *dst = &s->acc[++s->acc_top];
    uint16_t feat[TZ_NN_MAX_ACTIVE];
    int n = tz_nn_active_white(&s->pos, &s->vis, feat);
    nn_acc_refresh(s->net, dst->v[WHITE], feat, n);
    for (int i = 0; i < n; i++)
        feat[i] = tz_nn_flip(feat[i]);
    nn_acc_refresh(s->net, dst->v[BLACK], feat, n);
}

int tz_search_add_swap(const searcher *s, scored *list, int n)
{
    if (!tz_phase_swaps(s->pos.phase))
        return n;
    /* After the captures (ordered by their keys, which are far above 0). */
    list[n].a = ACTION_SWAP;
    list[n].tie = s->tie[ACTION_SWAP & (ACTION_CODES - 1)];
    list[n].key = 0;
    return n + 1;
}
