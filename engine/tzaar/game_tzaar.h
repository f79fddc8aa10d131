/* game_tzaar.h — TZAAR behind the game interface (engine/game.h).
 *
 * The interface's state is a tz_state: the engine's position, then the
 * number of turns played since the state was set up or parsed (the
 * position itself does not count them; records and game lengths do).
 * The position comes first, so a tz_state may be read as a position and a
 * hook that only reads (to_text, svg_pieces, ...) accepts a bare position.
 *
 * Seats are colours: seat 0 is White, seat 1 is Black. */
#ifndef TRIAD_GAME_TZAAR_H
#define TRIAD_GAME_TZAAR_H

#include "engine/game.h"
#include "position.h"

typedef struct tz_state {
    position pos;
    uint32_t turns;  /* White's single-capture opening counts as one, and so does a swap */
    uint32_t spare;  /* always 0, so that states compare with memcmp */
} tz_state;

extern const game_def game_tzaar;

/* game_tzaar once the registry has checked and initialised it (its feature
 * names, which weights files are read by, are filled in by its init()), for
 * TZAAR's own code that needs the game (its players' weights files); NULL,
 * with the reason in err, when the registry refused it. */
const game_def *tz_game_ready(char *err, size_t n);

/* A state's position (the drivers' states and records' starts are
 * tz_states): for the code and tests that look at TZAAR's own types. */
static inline const position *tz_pos_of(const void *s)
{
    return &((const tz_state *)s)->pos;
}

/* The game parameters first= and pie= and their hook (variants.c;
 * engine/game.h, "parameters"; docs/tzaar-variants.md). */
extern const game_param tz_params[];
int tz_set_params(void *s, const long *values, bool start, char *err, size_t n);

/* The codec hooks (codec.c). */
void tz_encode_start(const void *s, buf *out);
int tz_decode_start(void *s, cursor *in, char *err, size_t n);
uint32_t tz_encode_action(const void *s, game_action a);
int tz_decode_action(const void *s, uint32_t code, game_action *a);

/* The endgame solver (solve_game.c: solve.h behind game.h's hook). */
extern const game_solver tz_game_solver;

/* The player kinds random, greedy and ab (kinds.c): player.h's players. */
extern const game_player_kind *const tz_player_kinds[];

#endif
