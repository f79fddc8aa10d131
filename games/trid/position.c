/* position.c — the rules that change a TRID state (position.h): a move,
 * its captures, the triangles it forms, the swap, eliminations and the
 * end of the game. */
#include <string.h>
#include "position.h"

void trid_view_build(const trid_state *s, trid_view *v)
{
    const trid_board *b = v->b = trid_board_of(s);
    memset(v->occ, 0, (size_t)b->ncells);
    for (int k = 0; k < s->players; k++)
        for (int i = 0; i < TRID_PIECES; i++)
            if (s->cell[k][i] != TRID_NONE)
                v->occ[s->cell[k][i]] = (uint8_t)(1 + k * TRID_PIECES + i);
    for (int k = 0; k < s->players; k++)
        trid_control(v, k, &v->ctrl[k]);
}

static inline int owner(const trid_view *v, int c)
{
    return v->occ[c] ? (v->occ[c] - 1) / TRID_PIECES : -1;
}

void trid_control(const trid_view *v, int k, cellset *out)
{
    const trid_board *b = v->b;
    memset(out, 0, sizeof *out);
    for (int c = 0; c < b->ncells; c++) {
        if (owner(v, c) != k)
            continue;
        /* Each held triangle once: from its first corner. */
        for (uint32_t i = b->corner_at[c]; i < b->corner_at[c + 1]; i++) {
            const trid_tri *t = &b->tris[b->by_corner[i]];
            if (t->corner[0] == c && owner(v, t->corner[1]) == k && owner(v, t->corner[2]) == k)
                cs_or(out, &t->interior);
        }
    }
}

void trid_sort_slots(trid_state *s, int k)
{
    uint8_t *c = s->cell[k], t;
    for (int i = 1; i < TRID_PIECES; i += 2)
        if (c[i] > c[i + 1])
            t = c[i], c[i] = c[i + 1], c[i + 1] = t;
}

int trid_next_seat(const trid_state *s, int k)
{
    for (int i = 1; i <= s->players; i++) {
        int j = (k + i) % s->players;
        if (trid_alive(s, j))
            return j;
    }
    return k;
}

/* Removes the piece on cell c (another seat's); returns its seat when it
 * was a chief, else -1. */
static int capture(trid_state *s, int c)
{
    for (int k = 0; k < s->players; k++)
        for (int i = 0; i < TRID_PIECES; i++)
            if (s->cell[k][i] == c) {
                s->cell[k][i] = TRID_NONE;
                trid_sort_slots(s, k);
                return i == 0 ? k : -1;
            }
    return -1;
}

/* Winner and ending after a turn by mover (or, with mover -1, of a parsed
 * position: any chief in its last row, which only its own turn can do). */
static void settle_after(trid_state *s, int mover)
{
    const trid_board *b = trid_board_of(s);
    int alive = 0, last = -1;
    for (int k = 0; k < s->players; k++) {
        const trid_seat *st = &b->seat[s->players][k];
        if (!trid_alive(s, k))
            continue;
        alive++;
        last = k;
        if ((mover < 0 || k == mover) && st->row[s->cell[k][0]] == st->last_row) {
            s->winner = (uint8_t)k;
            s->ending = END_LAST_ROW;
            return;
        }
    }
    if (alive == 1) {
        s->winner = (uint8_t)last;
        s->ending = END_CHIEF_CAPTURED;
    } else if (s->quiet >= TRID_DRAW_TURNS) {
        s->ending = END_DRAW;
    }
}

void trid_settle(trid_state *s)
{
    s->winner = TRID_NONE;
    s->ending = END_NONE;
    settle_after(s, -1);
}

void trid_apply(trid_state *s, uint32_t a)
{
    const trid_board *b = trid_board_of(s);
    int me = s->side, captures = 0;
    bool dead[TRID_MAX_PLAYERS] = { false };
    if (a != TRID_PASS) {
        int from = act_from(a), to = act_to(a), sa = act_swap_a(a);
        trid_view v;
        v.b = b;
        memset(v.occ, 0, (size_t)b->ncells);
        for (int k = 0; k < s->players; k++)
            for (int i = 0; i < TRID_PIECES; i++)
                if (s->cell[k][i] != TRID_NONE)
                    v.occ[s->cell[k][i]] = (uint8_t)(1 + k * TRID_PIECES + i);
        if (v.occ[to]) {
            int k = capture(s, to);
            captures++;
            if (k >= 0)
                dead[k] = true;
        }
        int slot = (v.occ[from] - 1) % TRID_PIECES;
        s->cell[me][slot] = (uint8_t)to;
        v.occ[to] = v.occ[from];
        v.occ[from] = 0;
        /* The triangles the move forms: the destination is a corner. */
        for (uint32_t i = b->corner_at[to]; i < b->corner_at[to + 1]; i++) {
            const trid_tri *t = &b->tris[b->by_corner[i]];
            if (owner(&v, t->corner[0]) != me || owner(&v, t->corner[1]) != me || owner(&v, t->corner[2]) != me)
                continue;
            for (int k = 0; k < s->players; k++)
                for (int j = 0; k != me && j < TRID_PIECES; j++) {
                    int c = s->cell[k][j];
                    if (c != TRID_NONE && cs_has(&t->interior, c)) {
                        v.occ[c] = 0;
                        captures++;
                        dead[k] |= capture(s, c) >= 0;
                        j--; /* the slots shifted */
                    }
                }
        }
        if (sa >= 0) {
            int sb = act_swap_b(a), ia = (v.occ[sa] - 1) % TRID_PIECES, ib = (v.occ[sb] - 1) % TRID_PIECES;
            s->cell[me][ia] = (uint8_t)sb;
            s->cell[me][ib] = (uint8_t)sa;
        }
        trid_sort_slots(s, me);
    }
    uint8_t order = 0;
    for (int k = 0; k < s->players; k++)
        order = s->elim[k] > order ? s->elim[k] : order;
    for (int k = 0; k < s->players; k++)
        if (dead[k]) {
            memset(s->cell[k], TRID_NONE, TRID_PIECES);
            s->elim[k] = (uint8_t)(order + 1);
        }
    s->quiet = captures ? 0 : (uint16_t)(s->quiet + 1);
    s->turns++;
    s->side = (uint8_t)trid_next_seat(s, me);
    settle_after(s, me);
}

void trid_scores(const trid_state *s, double *scores)
{
    int alive = 0;
    for (int k = 0; k < s->players; k++)
        alive += trid_alive(s, k);
    for (int k = 0; k < s->players; k++) {
        if (s->ending == END_DRAW)
            scores[k] = trid_alive(s, k) ? 1.0 / alive : 0;
        else
            scores[k] = s->winner == k;
    }
}

/* Winner first (in a draw every survivor), then the other survivors, then
 * the eliminated, the later eliminated higher; equal keys tie. */
void trid_ranks(const trid_state *s, int *ranks)
{
    int key[TRID_MAX_PLAYERS];
    for (int k = 0; k < s->players; k++)
        key[k] = s->winner == k || (s->ending == END_DRAW && trid_alive(s, k)) ? 1000
                 : trid_alive(s, k)                                              ? 500
                                                                                 : s->elim[k];
    for (int k = 0; k < s->players; k++) {
        ranks[k] = 0;
        for (int j = 0; j < s->players; j++)
            ranks[k] += key[j] > key[k];
    }
}
