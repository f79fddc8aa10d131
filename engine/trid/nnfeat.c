/* nnfeat.c — TRID's network input features (game.h's game_nn; the
 * network: engine/nnue.h, docs/network.md).
 *
 * Feature set "trid-pieces-1", from seat q's perspective: one feature per
 * piece on the board, its cell as seat q sees the board (turned by the
 * rotation that carries q's start onto seat 0's, so that every seat looks
 * from the same edge) x its seat relative to q ((k - q) mod players) x
 * its kind (chief, slider, jumper): (cell * 4 + seat) * 3 + kind, for
 * cells below TRID_MAX_CELLS.  At most 20 are active (5 pieces a seat).
 * A network is for one board (the cells are its numbering) and one player
 * count.  The changes of an action are the difference of the two
 * positions' sets (game.h's default): a move changes a few pieces. */
#include "features.h"
#include "position.h"

static int kind_of(int slot)
{
    return slot == 0 ? 0 : slot < 3 ? 1 : 2;
}

static int trid_nn_active(const void *s, int q, uint16_t *out)
{
    const trid_state *p = s;
    const trid_board *b = trid_board_of(p);
    int np = p->players, n = 0;
    const uint8_t *turn = b->rotate[(6 - b->seat[np][q].rot) % 6];
    for (int k = 0; k < np; k++)
        for (int i = 0; i < TRID_PIECES; i++) {
            int c = p->cell[k][i];
            if (c == TRID_NONE)
                continue;
            out[n++] = (uint16_t)((turn[c] * 4 + (k - q + np) % np) * 3 + kind_of(i));
        }
    return n;
}

static bool trid_nn_sample(const void *s)
{
    const trid_state *p = s;
    return p->winner == TRID_NONE;
}

const game_nn trid_nn = {
    .feature_set = "trid-pieces-1",
    .ninputs = TRID_MAX_CELLS * 4 * 3,
    .max_active = TRID_MAX_PLAYERS * TRID_PIECES,
    .active = trid_nn_active,
    .sample = trid_nn_sample,
    .default_net = "nets/trid.nn",
};
