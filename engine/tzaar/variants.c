/* variants.c — TZAAR's game parameters (engine/game.h, "parameters"):
 * first= and pie=, the rules of the first turns (docs/tzaar-variants.md).
 *
 * A variant changes only how the game opens, and each opening is a phase
 * of its own (position.h), so a variant's position carries its rules in its
 * phase: the phase tables do the rest, and every hook stays a function of
 * the state.  What the parameters do here is turn the rulebook's start
 * (setup's phase 0) into the variant's first turn, give a placement the
 * phase it opens in (position.opening), and refuse a position string whose
 * phase belongs to another variant. */
#include <stdio.h>
#include <string.h>
#include "game_tzaar.h"
#include "notation.h"

enum { FIRST_CAPTURE = 0, FIRST_FULL = 1, FIRST_BOTH = 2 }; /* first='s values, in order */

static const char *const first_values[] = { "capture", "full", "both", NULL };

const game_param tz_params[] = {
    { "first",
      "White's first turn: capture, one capture (the rulebook); full, a whole turn (a capture, then a capture, a "
      "stack or a pass); both, one capture for White's first turn and then one for Black's",
      "capture", first_values, 0, 0, 0 },
    { "pie",
      "1: after White's first turn Black may swap (the action swap: Black takes White's pieces, and White plays "
      "on with Black's)",
      "0", NULL, 0, 1, 0 },
    { NULL, NULL, NULL, NULL, 0, 0, 0 },
};

/* The phase a variant opens in: its first turn. */
static int opening_of(const long *values)
{
    static const uint8_t open[3][2] = {
        { PHASE_OPENING, PHASE_PIE },
        { PHASE_FULL, PHASE_FULL_PIE },
        { PHASE_BOTH, PHASE_BOTH_PIE },
    };
    return open[values[0]][values[1] != 0];
}

/* Whether a game that opens in `opening` reaches phase ph: the rulebook's
 * turns (and placement) are every variant's; each first turn's phases are
 * its own. */
static bool reaches(int opening, int ph)
{
    if (ph == PHASE_FIRST || ph == PHASE_SECOND || ph == PHASE_PLACE)
        return true;
    switch (opening) {
    case PHASE_BOTH: return ph == PHASE_BOTH || ph == PHASE_REPLY;
    case PHASE_PIE: return ph == PHASE_PIE || ph == PHASE_SWAP;
    case PHASE_FULL_PIE: return ph == PHASE_FULL_PIE || ph == PHASE_SECOND_PIE || ph == PHASE_SWAP;
    case PHASE_BOTH_PIE: return ph == PHASE_BOTH_PIE || ph == PHASE_SWAP_REPLY || ph == PHASE_REPLY;
    default: return ph == opening; /* the rulebook's 0, first=full's f */
    }
}

/* The parameters of the variants that reach ph, for a message. */
static const char *owner(int ph)
{
    switch (ph) {
    case PHASE_OPENING: return "the rulebook's (first=capture)";
    case PHASE_FULL: return "first=full's";
    case PHASE_BOTH: return "first=both's";
    case PHASE_REPLY: return "first=both's";
    case PHASE_PIE: case PHASE_SWAP: return "pie=1's";
    case PHASE_FULL_PIE: case PHASE_SECOND_PIE: return "first=full,pie=1's";
    default: return "first=both,pie=1's";
    }
}

/* "first=capture,pie=0": the variant, every parameter said. */
static void variant_text(const long *values, char *out, size_t n)
{
    snprintf(out, n, "first=%s,pie=%ld", first_values[values[0]], values[1]);
}

int tz_set_params(void *s, const long *values, bool start, char *err, size_t n)
{
    position *p = &((tz_state *)s)->pos;
    int opening = opening_of(values);
    if (start) { /* setup's start, phase 0 or placement: the variant's */
        if (p->phase == PHASE_OPENING && opening != PHASE_OPENING) {
            p->phase = (uint8_t)opening;
            p->hash = tz_pos_hash_full(p);
        }
        p->opening = (uint8_t)opening;
        return 0;
    }
    int ph = p->phase == PHASE_PLACE ? p->opening : p->phase;
    if (!reaches(opening, ph)) {
        char v[40], t[8];
        variant_text(values, v, sizeof v);
        tz_phase_text(p, t, sizeof t);
        snprintf(err, n, "bad position: phase %s is %s, not one of this game's (%s; its first turn is phase %s: "
                 "docs/tzaar-variants.md)", t, owner(ph), v, tz_phase_tokens[opening]);
        return -1;
    }
    p->opening = (uint8_t)opening;
    return 0;
}
