/* nnfeat.c — TZAAR's network features (nnfeat.h) and its game_nn hooks. */
#include <string.h>
#include "engine/nnue.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "nnfeat.h"
#include "symmetry.h"

int tz_nn_active_white(const position *p, const vis *v, uint16_t *out)
{
    int n = 0;
    for (int c = 0; c < 2; c++) {
        bitboard att = tz_nn_attacked(p, v, c);
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            out[n++] = tz_nn_stack(pt, c, p->type[pt], p->height[pt], (int)(att >> pt & 1));
        }
    }
    out[n++] = (uint16_t)(TZ_NN_STACK_FEATURES + tz_phase_kinds[p->phase]); /* a variant's phase as the rulebook's */
    return n;
}

void tz_nn_after(const position *p, const vis *v, action a, const tz_nn_pre *pre, game_nn_delta d[2])
{
    game_nn_delta *w = &d[0];
    w->nadd = w->nremove = 0;
    for (int i = 0; i < pre->nold; i++)
        w->remove[w->nremove++] = pre->old[i];
    bitboard natt[2] = { tz_nn_attacked(p, v, WHITE), tz_nn_attacked(p, v, BLACK) };
    bitboard moved = 0;
    int pts[2], np = tz_nn_points(a, pts);
    for (int i = 0; i < np; i++) {
        int pt = pts[i], c = pos_colour_at(p, pt);
        moved |= 1ULL << pt;
        if (c >= 0)
            w->add[w->nadd++] = tz_nn_stack(pt, c, p->type[pt], p->height[pt], (int)(natt[c] >> pt & 1));
    }
    /* Stacks the action did not touch whose flag it changed. */
    for (int c = 0; c < 2; c++)
        for (bitboard b = (pre->att[c] ^ natt[c]) & ~moved; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            w->remove[w->nremove++] = tz_nn_stack(pt, c, p->type[pt], p->height[pt], (int)(pre->att[c] >> pt & 1));
            w->add[w->nadd++] = tz_nn_stack(pt, c, p->type[pt], p->height[pt], (int)(natt[c] >> pt & 1));
        }
    if (pre->phase != p->phase) {
        w->remove[w->nremove++] = (uint16_t)(TZ_NN_STACK_FEATURES + tz_phase_kinds[pre->phase]);
        w->add[w->nadd++] = (uint16_t)(TZ_NN_STACK_FEATURES + tz_phase_kinds[p->phase]);
    }
    game_nn_delta *b = &d[1];
    b->nadd = w->nadd;
    b->nremove = w->nremove;
    for (int i = 0; i < w->nadd; i++)
        b->add[i] = tz_nn_flip(w->add[i]);
    for (int i = 0; i < w->nremove; i++)
        b->remove[i] = tz_nn_flip(w->remove[i]);
}

/* ---- the hooks, over the interface's states ---- */

static int hook_active(const void *s, int persp, uint16_t *out)
{
    const position *p = tz_pos_of(s);
    vis v;
    tz_vis_init(&v, p);
    int n = tz_nn_active_white(p, &v, out);
    if (persp == BLACK)
        for (int i = 0; i < n; i++)
            out[i] = tz_nn_flip(out[i]);
    return n;
}

/* Through the search's own path: the relation of before, the action made
 * on a copy, the changes listed as the search lists them.  (after is what
 * the copy becomes.) */
static void hook_changes(const void *before, game_action a, const void *after, int persp, game_nn_delta *out)
{
    (void)after;
    position p = *tz_pos_of(before);
    vis v;
    tz_vis_init(&v, &p);
    tz_nn_pre pre;
    game_nn_delta d[2];
    undo u;
    tz_nn_before(&p, &v, (action)a, &pre);
    if (act_kind((action)a) == ACT_PLACE) { /* vis.h: placement is not searched */
        pos_make(&p, (action)a, &u);
        tz_vis_init(&v, &p);
    } else {
        tz_vis_make(&v, &p, (action)a, &u);
    }
    tz_nn_after(&p, &v, (action)a, &pre, d);
    *out = d[persp];
}

/* The positions the search evaluates: a turn's start (White's opening
 * capture included) in a game not over, where the side to act has a
 * capture and none of them takes a last stack of a type (search.c's
 * static_value scores those without the evaluation).  Training on the
 * rest too (every ply: second actions, decided positions) gave a lower
 * held-out loss over all of them and a weaker player: capacity spent on
 * positions no search asks about (docs/network.md). */
static bool hook_sample(const void *s)
{
    const position *p = tz_pos_of(s);
    if ((p->phase != PHASE_OPENING && p->phase != PHASE_FIRST) || tz_game_winner(p, NULL) >= 0)
        return false;
    action caps[MAX_ACTIONS];
    int n = tz_gen_captures(p, caps);
    for (int i = 0; i < n; i++)
        if (p->count[p->side ^ 1][p->type[act_to(caps[i])]] == 1)
            return false;
    return n > 0;
}

static void hook_image(const void *s, int k, void *out)
{
    const tz_state *in = s;
    tz_state *o = out;
    *o = *in;
    tz_sym_position(&in->pos, k, &o->pos);
}

const game_nn tz_nn = {
    .feature_set = "tzaar-stacks-1",
    .ninputs = TZ_NN_INPUTS,
    .max_active = TZ_NN_MAX_ACTIVE,
    .active = hook_active,
    .changes = hook_changes,
    .sample = hook_sample,
    .nsymmetries = SYM_BOARD,
    .image = hook_image,
    .default_net = "nets/tzaar.nn",
};
