/* position.c — the rules on a TRID state (position.h): the slot order,
 * turn order, the end of a turn and of the game, scores and ranks.  A
 * move, its captures, the triangles it forms and the swap are pos.c's. */
#include <string.h>
#include "pos.h"

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

void trid_end_turn(trid_state *s, int mover, int captures)
{
    s->quiet = captures ? 0 : (uint16_t)(s->quiet + 1);
    s->turns++;
    s->side = (uint8_t)trid_next_seat(s, mover);
    settle_after(s, mover);
}

void trid_apply(void *state, uint32_t a)
{
    trid_state *s = state;
    trid_pos p;
    trid_undo u;
    trid_pos_build(&p, s);
    trid_pos_make(&p, a, &u);
    *s = p.s;
}

void trid_scores(const void *state, double *scores)
{
    const trid_state *s = state;
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
void trid_ranks(const void *state, int *ranks)
{
    const trid_state *s = state;
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
