/* rules.c — Talat's legal actions, their effect, and the score and ranking
 * at the end (the rules page: placement, moving, capturing, the forced pass,
 * frozen boards, scoring and its tie-break, the Zihin game). */
#include <string.h>
#include "talat.h"

void tl_clear(talat *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = (uint8_t)players;
    p->phase = players == 2 ? TL_PHASE_ZIHIN : TL_PHASE_PLACE;
    for (int c = 0; c < 3; c++)
        p->unplaced[c] = (1u << TL_TYPES) - 1;
}

/* Placement squares of seat `who` (or of the Zihin in phase z): cells
 * board*25+square in ascending order; returns the count. */
static int place_cells(const talat *p, int colour, int *cells)
{
    int n = 0;
    for (int b = 0; b < TL_BOARDS; b++) {
        int s = tl_side_of(b, colour);
        if (s < 0)
            continue;
        for (uint32_t m = tl_line(s) & ~(p->occ[b][0] | p->occ[b][1]); m; m &= m - 1)
            cells[n++] = b * TL_SQ + __builtin_ctz(m);
    }
    return n;
}

static int placing_colour(const talat *p)
{
    return p->phase == TL_PHASE_ZIHIN ? 2 : p->side;
}

/* Moves and captures of the towers that seat p->side drives, unsorted. */
static int gen_moves(const talat *p, game_action *out)
{
    int n = 0;
    for (int b = 0; b < TL_BOARDS; b++) {
        if (p->frozen >> b & 1)
            continue;
        uint32_t empty = ~(p->occ[b][0] | p->occ[b][1]) & TL_ALL;
        for (int s = 0; s < 2; s++) {
            if (tl_actor(p, b, s) != p->side)
                continue;
            for (uint32_t m = p->occ[b][s]; m; m &= m - 1) {
                int a = __builtin_ctz(m), from = b * TL_SQ + a;
                for (uint32_t t = tl_fwd[s][a] & empty; t; t &= t - 1)
                    out[n++] = TL_MOVE(from, b * TL_SQ + __builtin_ctz(t));
                for (uint32_t t = (tl_fwd[s][a] | tl_sideways[a]) & p->occ[b][1 - s]; t; t &= t - 1) {
                    int d = __builtin_ctz(t);
                    if (tl_beats[p->type[b][a]] >> p->type[b][d] & 1)
                        out[n++] = TL_MOVE(from, b * TL_SQ + d);
                }
            }
        }
    }
    return n;
}

int tl_legal(const void *state, game_action *out)
{
    const talat *p = state;
    if (tl_over(p))
        return 0;
    if (p->phase != TL_PHASE_MOVE) {
        /* type-major, then cell: ascending by construction */
        int colour = placing_colour(p), cells[2 * 5], nc = place_cells(p, colour, cells), n = 0;
        for (int t = 0; t < TL_TYPES; t++)
            if (p->unplaced[colour] >> t & 1)
                for (int i = 0; i < nc; i++)
                    out[n++] = TL_PLACE(t, cells[i]);
        return n;
    }
    int n = gen_moves(p, out);
    if (!n) {
        out[0] = TL_PASS;
        return 1;
    }
    for (int i = 1; i < n; i++) { /* insertion sort: lists are short */
        game_action a = out[i];
        int j = i;
        for (; j > 0 && out[j - 1] > a; j--)
            out[j] = out[j - 1];
        out[j] = a;
    }
    return n;
}

void tl_refreeze(talat *p, int b, tl_fcache *cache)
{
    if (tl_board_live(p->occ[b][0], p->occ[b][1], p->type[b], cache))
        p->frozen &= (uint8_t)~(1u << b);
    else
        p->frozen |= (uint8_t)(1u << b);
}

void tl_apply(talat *p, game_action a, tl_fcache *cache)
{
    p->turns++;
    if (a & TL_PLACE_BIT) {
        int t = (int)(a >> 7 & 15), cell = (int)(a & 127), b = cell / TL_SQ, sq = cell % TL_SQ;
        int colour = placing_colour(p);
        p->occ[b][tl_side_of(b, colour)] |= 1u << sq;
        p->type[b][sq] = (uint8_t)t;
        p->unplaced[colour] &= (uint16_t)~(1u << t);
        if (p->phase == TL_PHASE_ZIHIN) {
            if (__builtin_popcount(p->unplaced[2]) == 1) /* 8 placed: the 9th leaves */
                p->phase = TL_PHASE_PLACE;
            p->side ^= 1;
        } else if (p->unplaced[0] | p->unplaced[1] | (p->players == 3 ? p->unplaced[2] : 0)) {
            p->side = (uint8_t)((p->side + 1) % p->players);
        } else {
            /* placement over: three players carry on with seat 0; in the
             * Zihin game the last placer (White) moves first */
            p->phase = TL_PHASE_MOVE;
            p->side = p->players == 3 ? 0 : 1;
            for (int k = 0; k < TL_BOARDS; k++)
                tl_refreeze(p, k, cache);
        }
        return;
    }
    if (a & TL_MOVE_BIT) {
        int from = (int)(a >> 7 & 127), to = (int)(a & 127), b = from / TL_SQ, f = from % TL_SQ, q = to % TL_SQ;
        int s = p->occ[b][0] >> f & 1 ? 0 : 1;
        if (p->occ[b][1 - s] >> q & 1) {
            int victim = tl_colour(b, 1 - s) * TL_TYPES + p->type[b][q];
            p->captured[tl_actor(p, b, s)] |= 1u << victim;
            p->occ[b][1 - s] &= ~(1u << q);
        }
        p->occ[b][s] ^= (1u << f) | (1u << q);
        p->type[b][q] = p->type[b][f];
        p->type[b][f] = 0;
        tl_refreeze(p, b, cache);
    }
    p->side = (uint8_t)((p->side + 1) % p->players);
}

int tl_capture_points(const talat *p, int seat)
{
    return 5 * __builtin_popcount(p->captured[seat]);
}

int tl_line_points(const talat *p, int seat)
{
    int pts = 0;
    for (int b = 0; b < TL_BOARDS; b++)
        for (int s = 0; s < 2; s++)
            if (tl_actor(p, b, s) == seat && tl_line_scores(p, b, s))
                pts += 3 * __builtin_popcount(p->occ[b][s] & tl_line(1 - s));
    return pts;
}

/* 5 per captured tower; 3 per own tower on an opponent's start line; in
 * the Zihin game 3 more per driven Zihin tower on the opponent's line. */
int tl_points(const talat *p, int seat)
{
    return tl_capture_points(p, seat) + tl_line_points(p, seat);
}

int tl_best_capture(const talat *p, int seat)
{
    int best = 0;
    for (uint32_t m = p->captured[seat]; m; m &= m - 1) {
        int v = __builtin_ctz(m) % TL_TYPES + 1;
        best = v > best ? v : best;
    }
    return best;
}

/* Ranks by (points and komi, best captured tower), both descending; equal keys
 * share a rank (1, 1, 3 style), counted from 0. */
void tl_rank(const void *state, int ranks[GAME_MAX_PLAYERS])
{
    const talat *p = state;
    int key[3];
    for (int k = 0; k < p->players; k++)
        key[k] = tl_score_halves(p, k) * 16 + tl_best_capture(p, k);
    for (int k = 0; k < p->players; k++) {
        ranks[k] = 0;
        for (int j = 0; j < p->players; j++)
            ranks[k] += key[j] > key[k];
    }
}
