/* setup.c — TRID's starts and seat permutation (setup.h). */
#include <stdio.h>
#include <string.h>
#include "setup.h"

int trid_setup(trid_state *s, const char *name, int players, char *err, size_t n)
{
    int board = trid_board_index(name);
    if (board < 0) {
        size_t len = (size_t)snprintf(err, n, "unknown setup '%.64s' (expected a board:", name);
        for (int i = 0; trid_boards[i] && len < n; i++)
            len += (size_t)snprintf(err + len, n - len, " %s", trid_boards[i]->name);
        if (len < n)
            snprintf(err + len, n - len, ")");
        return -1;
    }
    const trid_board *b = trid_boards[board];
    if (players < TRID_MIN_PLAYERS || players > TRID_MAX_PLAYERS || !b->seat[players][0].defined) {
        /* The counts this board's seat lines define: "2", "2 or 3", "2, 3 or 4". */
        char counts[32] = "none";
        int list[TRID_MAX_PLAYERS + 1], m = 0;
        size_t len = 0;
        for (int p = TRID_MIN_PLAYERS; p <= TRID_MAX_PLAYERS; p++)
            if (b->seat[p][0].defined)
                list[m++] = p;
        for (int i = 0; i < m && len < sizeof counts; i++)
            len += (size_t)snprintf(counts + len, sizeof counts - len, "%s%d", !i ? "" : i == m - 1 ? " or " : ", ",
                                    list[i]);
        snprintf(err, n, "TRID on %s is a game for %s players (as its seat lines say), not %d", b->name, counts,
                 players);
        return -1;
    }
    memset(s, 0, sizeof *s);
    memset(s->cell, TRID_NONE, sizeof s->cell);
    s->players = (uint8_t)players;
    s->board = (uint8_t)board;
    s->winner = TRID_NONE;
    for (int k = 0; k < players; k++) {
        const uint8_t *st = b->seat[players][k].start; /* S S C J J */
        static const int slot[TRID_PIECES] = { 1, 2, 0, 3, 4 };
        for (int i = 0; i < TRID_PIECES; i++)
            s->cell[k][slot[i]] = st[i];
        trid_sort_slots(s, k);
    }
    return 0;
}

void trid_permute(void *state, const int perm[GAME_MAX_PLAYERS])
{
    trid_state *s = state;
    const trid_board *b = trid_board_of(s);
    trid_state old = *s;
    for (int k = 0; k < s->players; k++) {
        int j = perm[k];
        int m = (b->seat[s->players][j].rot - b->seat[s->players][k].rot + 6) % 6;
        for (int i = 0; i < TRID_PIECES; i++) {
            int c = old.cell[k][i];
            s->cell[j][i] = c == TRID_NONE ? TRID_NONE : b->rotate[m][c];
        }
        trid_sort_slots(s, j);
        s->elim[j] = old.elim[k];
    }
    s->side = (uint8_t)perm[old.side];
    if (old.winner != TRID_NONE)
        s->winner = (uint8_t)perm[old.winner];
}
