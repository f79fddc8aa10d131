/* game.h — the interface through which self-play and evaluation drive a game
 * without knowing its rules.
 *
 * A game is a table of functions over an opaque state of state_size bytes
 * that the caller owns.  Nothing assumes two players or win/loss: outcome()
 * gives each player a score (1/0 for a TZAAR win, points in Talat), and the
 * player to act is an index 0..players-1.  TZAAR's own hot path (perft,
 * search) uses position.h directly; this layer is for the drivers. */
#ifndef TRIAD_GAME_H
#define TRIAD_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GAME_MAX_PLAYERS 4

typedef uint32_t game_action;
#define GAME_NO_ACTION ((game_action)0xffffffffu)

typedef struct game_def {
    const char *name;
    int min_players, max_players;
    size_t state_size;
    int max_actions;                  /* bound on legal() of any state */
    const char *const *setup_names;   /* NULL-terminated */

    /* Starts a game: a setup name, the number of players, a seed for random
     * setups.  Returns 0, or -1 with a message in err. */
    int (*setup)(void *s, const char *setup, int players, uint64_t seed, char *err, size_t n);
    int (*players)(const void *s);
    int (*to_act)(const void *s);     /* -1 once the game is over */
    int (*legal)(const void *s, game_action *out);
    void (*apply)(void *s, game_action a); /* a must be legal */
    bool (*over)(const void *s);
    /* Each player's score once over (TZAAR: 1 for the winner, 0 for the loser). */
    void (*outcome)(const void *s, double scores[GAME_MAX_PLAYERS]);
    const char *(*ending)(const void *s); /* how it ended, e.g. "trinity"; "" while running */

    int (*to_text)(const void *s, char *buf, size_t n);
    int (*from_text)(void *s, const char *text, char *err, size_t n);
    void (*action_to_text)(const void *s, game_action a, char *buf, size_t n);
    int (*action_from_text)(const void *s, const char *text, game_action *a, char *err, size_t n);

    /* Drawing, for viewers (view/): SVG fragments in one coordinate system
     * whose viewBox is svg_viewbox.  svg_board writes what never changes
     * (the board, its coordinates, and the <defs> the pieces refer to);
     * svg_pieces writes the pieces of s, then last (the action that led to
     * s, or GAME_NO_ACTION) on top, one self-contained element per line, so
     * that a viewer can store a game as the lines that change from one
     * position to the next.  Both return the length written, or -1 when n
     * is too small. */
    const char *svg_viewbox;
    const char *svg_legend;           /* one line of HTML saying what the marks mean */
    int (*svg_board)(char *buf, size_t n);
    int (*svg_pieces)(const void *s, game_action last, char *buf, size_t n);
} game_def;

extern const game_def game_tzaar;

/* The game called name, or NULL. */
const game_def *game_find(const char *name);

#endif
