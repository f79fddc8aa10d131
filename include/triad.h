/* triad.h — libtriad: triad's games, players and records for other
 * programs (C, or any language with a C foreign-function interface; the
 * Python module python/triad/ is one).
 *
 *   #include <triad.h>        cc prog.c $(pkg-config --cflags --libs triad)
 *
 * The games are TZAAR, Talat and TRID (and race3, a toy for tests), with
 * their rules, notation and position strings as `triad` has them; the
 * players are the specs `triad` takes ("ab:depth=2", "mcts:playouts=100",
 * "random"); the records reader reads the files `triad selfplay` writes.
 *
 * Conventions, for every function:
 *  - Ownership is explicit: what a *_new / *_load / *_open / *_clone call
 *    makes, the matching *_free / *_close frees; everything else borrows.
 *    A state or player keeps a pointer to its game, so free the game last.
 *  - A function that can fail returns an int status: TRIAD_OK (0) or one
 *    of the negative TRIAD_E* codes below, and writes one line saying what
 *    and where into the caller's buffer err of n bytes (TRIAD_ERR_MAX is
 *    enough; err may be NULL when n is 0).  Nothing prints or exits.
 *  - A NULL handle (game, state, player, records) is a caller's mistake
 *    that every function survives: one that returns a status returns
 *    TRIAD_EARG (with a line in err where it takes one); an accessor
 *    returns NULL (a name, a game), TRIAD_EARG (-1) for a count, a player
 *    or a flag (triad_state_is_terminal: -1, true, so a playout loop ends),
 *    -1.0 for triad_game_score_max and 0 for a signature or an id.  The
 *    *_free and *_close functions take NULL and do nothing.
 *  - No hidden global state: the only process-wide data are the games'
 *    own read-only tables (move tables, TRID's boards read from the data
 *    folder), built once, thread-safely, by the first triad_game_load().
 *    Different objects may be used from different threads at once; one
 *    object is used by one thread at a time.
 *  - An action (triad_action) means something only in the state it is
 *    legal in: legal actions come in ascending order, so an action's index
 *    in that list is stable too.
 *
 * The data folder (TRID's boards, the default evaluation weights) is
 * found as `triad` finds it: $TRIAD_DATA, ./data, then beside the program
 * or this library (../data, ../../data, ../share/triad/data). */
#ifndef TRIAD_H
#define TRIAD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(TRIAD_BUILDING_LIBRARY)
#define TRIAD_API __attribute__((visibility("default")))
#else
#define TRIAD_API
#endif

/* The version of this interface: raised by changes that break callers
 * (libtriad.so's soname says the same number). */
#define TRIAD_API_VERSION 1
#define TRIAD_ERR_MAX 256
#define TRIAD_MAX_PLAYERS 4

typedef uint32_t triad_action;

enum {
    TRIAD_OK = 0,
    TRIAD_EARG = -1,     /* a bad argument: unknown name, bad text, wrong game, NULL */
    TRIAD_EILLEGAL = -2, /* an action that is not legal in the state */
    TRIAD_EOVER = -3,    /* the game is over (choose, apply) or not yet (ranks) */
    TRIAD_ESPACE = -4,   /* the caller's buffer is too small */
    TRIAD_ENOMEM = -5,
    TRIAD_EIO = -6,      /* a file cannot be read */
    TRIAD_ECORRUPT = -7, /* a records block or game is damaged (the reader goes on after it) */
    TRIAD_EFORFEIT = -8  /* the player forfeited: an "engine" program answered an illegal action,
                            crashed, ran out of time or broke the protocol (err says which) */
};

typedef struct triad_game triad_game;
typedef struct triad_state triad_state;
typedef struct triad_player triad_player;
typedef struct triad_records triad_records;

/* ---- the library ---- */

/* "0.1.0": triad's version (the same as `triad --version`). */
TRIAD_API const char *triad_version(void);
TRIAD_API int triad_api_version(void);
/* The name of the i-th game (0, 1, ...), NULL past the last. */
TRIAD_API const char *triad_game_name_at(int i);

/* ---- games ---- */

/* The game called name (one of triad_game_name_at's: the games the library
 * registers, each from its own folder) for nplayers seats (0: the game's
 * default: 2 for TZAAR, 3 for Talat).  name may carry game parameters, a
 * variant of the rules, as `triad --game` takes them: "tzaar:first=full",
 * "tzaar:first=both,pie=1" (`triad help games` lists each game's);
 * triad_game_name() then says its canonical form (keys sorted, defaults
 * left out: "tzaar:first=capture" is "tzaar"), which records store. */
TRIAD_API int triad_game_load(triad_game **out, const char *name, int nplayers, char *err, size_t n);
TRIAD_API void triad_game_free(triad_game *g);
TRIAD_API const char *triad_game_name(const triad_game *g);
TRIAD_API const char *triad_game_title(const triad_game *g);
TRIAD_API const char *triad_game_rules_version(const triad_game *g);
TRIAD_API int triad_game_num_players(const triad_game *g);
/* The most legal actions any state has: enough for triad_state_legal_actions. */
TRIAD_API int triad_game_max_actions(const triad_game *g);
/* The most one seat can score (1 for a win/loss game). */
TRIAD_API double triad_game_score_max(const triad_game *g);
/* The i-th setup's name, NULL past the last; the default one (setup NULL). */
TRIAD_API const char *triad_game_setup_name(const triad_game *g, int i);
TRIAD_API const char *triad_game_default_setup(const triad_game *g);
/* The engine signature records carry (`triad bench`), as 16 hex digits
 * would show it; 0 when it cannot be computed.  A variant's is its own. */
TRIAD_API uint64_t triad_game_engine_signature(const triad_game *g);
/* The game's parameters: how many (0 for a game without), and the i-th
 * one's name and its value in g as text (the rulebook's value unless the
 * name gave another), NULL past the last; the registered game g is, or is
 * a variant of ("tzaar" for "tzaar:pie=1"). */
TRIAD_API int triad_game_num_params(const triad_game *g);
TRIAD_API const char *triad_game_param_name(const triad_game *g, int i);
TRIAD_API const char *triad_game_param_value(const triad_game *g, int i);
TRIAD_API const char *triad_game_base_name(const triad_game *g);

/* ---- states ---- */

/* A new game's start: setup by name (NULL: the game's default), seed for
 * a random setup (ignored by fixed ones) — the start `triad show --setup
 * SETUP --seed SEED` draws. */
TRIAD_API int triad_state_new(triad_state **out, const triad_game *g, const char *setup, uint64_t seed, char *err,
                              size_t n);
/* The state a position string describes (the game's own; `triad show`
 * prints one).  Its player count must be the game's. */
TRIAD_API int triad_state_from_text(triad_state **out, const triad_game *g, const char *text, char *err, size_t n);
TRIAD_API int triad_state_clone(triad_state **out, const triad_state *s, char *err, size_t n);
TRIAD_API void triad_state_free(triad_state *s);
TRIAD_API const triad_game *triad_state_game(const triad_state *s);

/* The seat to act (0 .. players-1), or -1 once the game is over. */
TRIAD_API int triad_state_current_player(const triad_state *s);
TRIAD_API int triad_state_is_terminal(const triad_state *s);
/* Writes the legal actions in ascending order (none once over) and returns
 * how many there are; writes at most cap (triad_game_max_actions is
 * always enough), so a return above cap means the list was cut. */
TRIAD_API int triad_state_legal_actions(const triad_state *s, triad_action *out, int cap);
/* Plays a, which must be legal (TRIAD_EILLEGAL, state unchanged, if not). */
TRIAD_API int triad_state_apply(triad_state *s, triad_action a, char *err, size_t n);
/* The legal action written as text in the game's notation ("A5xA4"). */
TRIAD_API int triad_state_parse_action(const triad_state *s, const char *text, triad_action *a, char *err,
                                       size_t n);
/* Writes a's text (a legal action) into buf; its length, or a code. */
TRIAD_API int triad_state_action_text(const triad_state *s, triad_action a, char *buf, size_t n);
/* The position string; its length, or TRIAD_ESPACE (1024 bytes suffice). */
TRIAD_API int triad_state_text(const triad_state *s, char *buf, size_t n);
/* The position drawn as lines of text (`triad show`: TZAAR's board, Talat's
 * three boards, TRID's grid; 8192 bytes suffice); length, or a code. */
TRIAD_API int triad_state_board_text(const triad_state *s, char *buf, size_t n);
/* Every seat's score into out[0 .. players-1] (all 0 before the end, as
 * OpenSpiel's returns() are); the number of seats, or a code. */
TRIAD_API int triad_state_returns(const triad_state *s, double *out, int cap);
/* Every seat's final rank (0 first; seats that tie share one, after the
 * game's own tie-breaks); TRIAD_EOVER before the end. */
TRIAD_API int triad_state_ranks(const triad_state *s, int *out, int cap);
/* Turns played (the game's own count) and how the game ended ("none"
 * before the end; TZAAR "trinity", ...). */
TRIAD_API int triad_state_turns(const triad_state *s);
TRIAD_API const char *triad_state_ending(const triad_state *s);

/* ---- players ---- */

/* A player of game g from a spec "kind[:key=value,...]" (`triad help
 * players`; "ab:depth=2", "mcts:playouts=200", "random").  With no time
 * limit a choice is a function of (spec, state, seed) alone. */
TRIAD_API int triad_player_new(triad_player **out, const triad_game *g, const char *spec, char *err, size_t n);
TRIAD_API void triad_player_free(triad_player *p);
/* The canonical spec (keys sorted, defaults filled in): what records store. */
TRIAD_API const char *triad_player_spec(const triad_player *p);
/* The player's action for the seat to act in s (not over) into *a; or
 * TRIAD_EFORFEIT, *a untouched and the forfeit's reason and text in err,
 * when the player loses instead (only the "engine" kind can: a program
 * outside triad). */
TRIAD_API int triad_player_choose(triad_player *p, const triad_state *s, uint64_t seed, triad_action *a, char *err,
                                  size_t n);

/* ---- records ---- */

/* Opens a records file (any game, format 1 or 2, a concatenation too). */
TRIAD_API int triad_records_open(triad_records **out, const char *path, char *err, size_t n);
TRIAD_API void triad_records_close(triad_records *r);
/* Reads the next game: 1, 0 at the end, or TRIAD_ECORRUPT for a damaged
 * block or game (err says which; the next call goes on after it). */
TRIAD_API int triad_records_next(triad_records *r, char *err, size_t n);
/* The game just read as one JSON object: the line `triad records export
 * --format jsonl [--positions]` writes for it (docs/records.md).  *json
 * points into r and lives until the next call on r. */
TRIAD_API int triad_records_json(triad_records *r, int positions, const char **json, char *err, size_t n);
/* The header of the run the last game belongs to (of the file's first run
 * before any game is read) as one JSON object: `records info`'s fields. */
TRIAD_API int triad_records_run_json(triad_records *r, const char **json, char *err, size_t n);
/* The game the file holds, and its start and actions, for replaying the
 * game just read with the state functions.  The game lives as long as r. */
TRIAD_API const triad_game *triad_records_game(const triad_records *r);
TRIAD_API uint64_t triad_records_id(const triad_records *r);
TRIAD_API int triad_records_start(const triad_records *r, triad_state **out, char *err, size_t n);
/* The actions into out (at most cap); how many the game has. */
TRIAD_API int triad_records_actions(const triad_records *r, triad_action *out, int cap);

#ifdef __cplusplus
}
#endif
#endif
