/* features.c — TRID's evaluation and start features (features.h).  They
 * are defined for any state, finished ones included; opponents' figures
 * are means over the opponents still in the game (0 when none is).  A
 * seat's actions are counted as trid_legal would list them with that seat
 * to move (movegen.h's trid_pos_count), never listed: the search calls this
 * at every leaf. */
#include <string.h>
#include "features.h"

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

void trid_pos_features(const trid_pos *p, int seat, double *out)
{
    const trid_state *s = &p->s;
    const trid_board *b = p->b;
    memset(out, 0, sizeof *out * TRID_FEATURES);
    const trid_seat *st = &b->seat[s->players][seat];
    bool alive = trid_alive(s, seat);
    int hits[TRID_MAX_PLAYERS] = { 0 };
    int opp = 0, mine = alive ? trid_pos_count(p, seat, hits) : 0;
    double opp_mob = 0, opp_ctrl = 0;
    if (alive) {
        out[0] = (double)st->row[s->cell[seat][0]] / st->last_row;
        for (int i = 1; i < TRID_PIECES; i++)
            out[i < 3 ? 2 : 3] += s->cell[seat][i] != TRID_NONE;
        out[8] = mine / 10.0;
        out[9] = cs_count(&p->seat[seat].ctrl);
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
            out[7] += hits[k];
        int theirs[TRID_MAX_PLAYERS] = { 0 };
        int nt = trid_pos_count(p, k, theirs);
        if (alive)
            out[6] += theirs[seat];
        opp_mob += nt / 10.0;
        opp_ctrl += cs_count(&p->seat[k].ctrl);
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

void trid_features(const void *state, int seat, double *out)
{
    const trid_state *s = state;
    trid_pos p;
    trid_pos_build(&p, s);
    trid_pos_features(&p, seat, out);
}

void trid_start_features(const void *state, double *out)
{
    const trid_state *s = state;
    uint32_t list[TRID_MAX_ACTIONS];
    out[0] = s->players;
    out[1] = trid_legal(s, list);
}
