/* features.c — TRID's evaluation and start features (features.h).  They
 * are defined for any state, finished ones included; opponents' figures
 * are means over the opponents still in the game (0 when none is). */
#include <string.h>
#include "features.h"
#include "movegen.h"

const char *const trid_feature_names[TRID_FEATURES + 1] = {
    "chief_row",        /* own chief's row / last row: 1 wins */
    "opp_chief_row",    /* the most advanced opponent chief's, the same way */
    "sliders",          /* own sliders */
    "jumpers",          /* own jumpers */
    "opp_sliders",      /* per opponent */
    "opp_jumpers",
    "chief_threats",    /* opponents' actions that would capture the own chief */
    "opp_chief_threats",/* own actions that capture an opponent's chief */
    "mobility",         /* own actions minus an opponent's, / 10 */
    "control",          /* cells own triangles control minus an opponent's */
    "to_move",          /* 1 when the seat is to move */
    "opponents",        /* opponents still in the game */
    NULL,
};

const char *const trid_start_feature_names[TRID_START_FEATURES + 1] = { "players", "first_actions", NULL };

/* Seat k's actions in s as if it were to move (the game not over). */
static int actions_of(const trid_state *s, int k, uint32_t *list)
{
    trid_state t = *s;
    t.side = (uint8_t)k;
    t.ending = END_NONE;
    return trid_legal(&t, list);
}

/* How many of list's actions end on cell c (a capture there). */
static int ending_on(const uint32_t *list, int n, int c)
{
    int hits = 0;
    for (int i = 0; i < n; i++)
        hits += list[i] != TRID_PASS && act_to(list[i]) == c;
    return hits;
}

static int popcount_set(const cellset *c)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        n += __builtin_popcountll(c->w[i]);
    return n;
}

void trid_features(const trid_state *s, int seat, double *out)
{
    const trid_board *b = trid_board_of(s);
    uint32_t list[TRID_MAX_ACTIONS];
    trid_view v;
    trid_view_build(s, &v);
    memset(out, 0, sizeof *out * TRID_FEATURES);
    const trid_seat *st = &b->seat[s->players][seat];
    bool alive = trid_alive(s, seat);
    int opp = 0, mine = alive ? actions_of(s, seat, list) : 0;
    double opp_mob = 0, opp_ctrl = 0;
    if (alive) {
        out[0] = (double)st->row[s->cell[seat][0]] / st->last_row;
        for (int i = 1; i < TRID_PIECES; i++)
            out[i < 3 ? 2 : 3] += s->cell[seat][i] != TRID_NONE;
        out[8] = mine / 10.0;
        out[9] = popcount_set(&v.ctrl[seat]);
    }
    for (int k = 0; k < s->players; k++) {
        if (k == seat || !trid_alive(s, k))
            continue;
        const trid_seat *sk = &b->seat[s->players][k];
        opp++;
        double row = (double)sk->row[s->cell[k][0]] / sk->last_row;
        out[1] = row > out[1] ? row : out[1];
        for (int i = 1; i < TRID_PIECES; i++)
            out[i < 3 ? 4 : 5] += s->cell[k][i] != TRID_NONE;
        if (alive)
            out[7] += ending_on(list, mine, s->cell[k][0]);
        uint32_t theirs[TRID_MAX_ACTIONS];
        int nt = actions_of(s, k, theirs);
        if (alive)
            out[6] += ending_on(theirs, nt, s->cell[seat][0]);
        opp_mob += nt / 10.0;
        opp_ctrl += popcount_set(&v.ctrl[k]);
    }
    if (opp) {
        out[4] /= opp;
        out[5] /= opp;
        out[8] -= opp_mob / opp;
        out[9] -= opp_ctrl / opp;
    }
    out[10] = s->ending == END_NONE && s->side == seat;
    out[11] = opp;
}

void trid_start_features(const trid_state *s, double *out)
{
    uint32_t list[TRID_MAX_ACTIONS];
    out[0] = s->players;
    out[1] = trid_legal(s, list);
}
