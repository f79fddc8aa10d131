/* setup.c — TRID's starts and seat permutation (setup.h). */
#include <stdio.h>
#include <string.h>
#include "setup.h"

int trid_setup(trid_state *s, const char *name, int players, char *err, size_t n)
{
    const trid_board *b = trid_the_board;
    if (strcmp(name, b->name)) {
        snprintf(err, n, "unknown setup '%s' (expected %s, the board)", name, b->name);
        return -1;
    }
    if (players < TRID_MIN_PLAYERS || players > TRID_MAX_PLAYERS || !b->seat[players][0].defined) {
        snprintf(err, n, "TRID on %s is a game for 2 to 4 players (as its seat lines say), not %d", b->name, players);
        return -1;
    }
    memset(s, 0, sizeof *s);
    memset(s->cell, TRID_NONE, sizeof s->cell);
    s->players = (uint8_t)players;
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

void trid_permute(trid_state *s, const int perm[GAME_MAX_PLAYERS])
{
    const trid_board *b = trid_the_board;
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
