/* komi.c — Talat's game parameters komi1=, komi2=, komi3= (engine/game.h,
 * "parameters"; docs/talat.md, "Points compensation (komi)"): points added
 * at the end, by turn order, to the seat that acts first, second and third
 * at the start, as komi is in Go.
 *
 * A position keeps its seats' komi (talat.komi, half points), because a
 * position cannot tell who acted first at its start: setup's start gets the
 * variant's komi by turn order from the seat to act; a parsed or decoded
 * position says its komi in its text (the k field) and is refused when they
 * are not the variant's by turn order from some seat.  The rulebook (every
 * komi 0) leaves every byte as it was. */
#include <stdio.h>
#include "talat.h"

#define KOMI_HELP(who) "points added at the end to the seat that acts " who " at the start"
const game_param tl_params[] = {
    { "komi1", KOMI_HELP("first") " (placing first in the played game, moving first on a random setup)", "0", NULL,
      0, 2 * TL_KOMI_MAX, 2 },
    { "komi2", KOMI_HELP("second"), "0", NULL, 0, 2 * TL_KOMI_MAX, 2 },
    { "komi3", KOMI_HELP("third") " (three players; the Zihin game has no third mover)", "0", NULL, 0,
      2 * TL_KOMI_MAX, 2 },
    { NULL, NULL, NULL, NULL, 0, 0, 0 },
};

/* "0/1.5/2.5": komi in half points, as points, for messages. */
static void komi_text(const int *half, int players, char *out, size_t n)
{
    size_t len = 0;
    for (int j = 0; j < players && len < n; j++)
        len += (size_t)snprintf(out + len, n - len, "%s%g", j ? "/" : "", half[j] / 2.0);
}

int tl_set_params(void *s, const long *values, bool start, char *err, size_t n)
{
    talat *p = s;
    /* komi3 has no seat in the Zihin game (two players): it does not apply */
    int np = p->players, want[3] = { (int)values[0], (int)values[1], np == 3 ? (int)values[2] : 0 };
    if (start) { /* by turn order from the seat to act */
        for (int j = 0; j < 3; j++)
            p->komi[j] = 0;
        for (int j = 0; j < np; j++)
            p->komi[(p->side + j) % np] = (uint8_t)want[j];
        return 0;
    }
    for (int f = 0; f < np; f++) { /* some seat first, the others after it */
        bool same = np == 3 || !p->komi[2];
        for (int j = 0; j < np && same; j++)
            same = p->komi[(f + j) % np] == want[j];
        if (same)
            return 0;
    }
    int have[3] = { p->komi[0], p->komi[1], p->komi[2] };
    char h[32], w[32];
    komi_text(have, np, h, sizeof h);
    komi_text(want, np, w, sizeof w);
    snprintf(err, n, "bad talat position: its seats' komi %s (the k field) are not this game's, %s by turn order "
             "from some seat (docs/talat.md, \"Points compensation\")", h, w);
    return -1;
}

double tl_score(const talat *p, int seat)
{
    return tl_points(p, seat) + p->komi[seat] / 2.0;
}

int tl_score_halves(const talat *p, int seat)
{
    return 2 * tl_points(p, seat) + p->komi[seat];
}

void tl_permute_komi(talat *to, const talat *from)
{
    int np = from->players;
    for (int j = 0; j < np; j++)
        to->komi[(to->side + j) % np] = from->komi[(from->side + j) % np];
}
