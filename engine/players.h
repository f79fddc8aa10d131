/* players.h — a player of any game, made from a spec string
 * "kind[:key=value,...]".
 *
 * The kind is looked up in the game's own kinds first (game_def.player_kinds:
 * TZAAR's "random", "greedy", "ab"), then in the generic ones that work for
 * every game through game.h alone: "random" and "mcts".  gplayer_spec() is
 * the canonical spec (options sorted, defaults filled in): what records
 * store and what --resume compares.  A player is not shared between
 * threads; each worker makes its own. */
#ifndef TRIAD_PLAYERS_H
#define TRIAD_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

#define GPLAYER_SPEC_MAX 256

typedef struct gplayer gplayer;

/* NULL with one line in err naming the bad part of spec. */
gplayer *gplayer_new(const game_def *g, const char *spec, char *err, size_t n);
void gplayer_free(gplayer *p);
const char *gplayer_spec(const gplayer *p);
/* A legal action for the seat to act in s, which must not be over; or
 * GAME_NO_ACTION when the player forfeits (only a player that runs outside
 * triad does: gplayer_forfeit() says why). */
game_action gplayer_choose(gplayer *p, const void *s, uint64_t seed);
/* A new game starts from start: a player with a game clock resets it.
 * Callers that play whole games (self-play, match, play) call it before a
 * game's first choice; a no-op for kinds without a clock. */
void gplayer_begin(gplayer *p, const void *start);
/* Why the last gplayer_choose() returned GAME_NO_ACTION. */
void gplayer_forfeit(gplayer *p, game_forfeit *out);
/* Answers since gplayer_begin() that were late but within the margin. */
int gplayer_overruns(gplayer *p);

/* What the last gplayer_choose() found, for a searching player: true
 * with *out filled, or false (the kind reports nothing). */
bool gplayer_report(const gplayer *p, game_search_report *out);
/* Calls fn after every completed iteration of the next choices (a
 * searching player's; a no-op for others).  fn NULL: no more calls. */
void gplayer_set_progress(gplayer *p, game_progress_fn fn, void *ctx);

/* The canonical spec of spec for g into out (n bytes), without playing:
 * the one canonicaliser of player specs, used by every command that takes
 * one (selfplay, match, ...), by --resume and records merge to compare a
 * run's players, and by duplicate detection (records read).  stored: spec
 * comes from a record (weights checksums in it are trusted; an old TZAAR
 * spec's wsum= becomes the file's wcrc= where the file can be read).
 * 0, or -1 with one line in err. */
int gplayer_canonical(const game_def *g, const char *spec, bool stored, char *out, size_t n, char *err, size_t en);
/* The value of key in a spec's options into out ("" when absent): what a
 * driver needs to know of a spec without knowing its kind (self-play: the
 * weights= file, which it must not overwrite).  0, or -1 when the options
 * do not parse. */
int gplayer_spec_option(const char *spec, const char *key, char *out, size_t n);

/* Walks a kind's options "key=value,...", calling set(ctx, key, value)
 * for each in order (a repeated key is set again: the last one counts).
 * Errors name the player: "player 'KIND': expected key=value, got 'x'".
 * 0, or -1 with set's message or its own in err. */
typedef int (*gplayer_option_fn)(void *ctx, const char *key, const char *value, char *err, size_t n);
int gplayer_each_option(const char *kind, const char *opts, gplayer_option_fn set, void *ctx, char *err, size_t n);

/* ---- option tables (engine/player_options.c) ----
 * A kind's help text (game.h's game_player_kind.help) is its table: the
 * first line says what the kind plays; each GPLAYER_OPTION after it is one
 * key, its default as a spec writes it ("" when it has none: a required
 * key, or one whose default the meaning explains) and its meaning on one
 * line.  gplayer_new() and gplayer_canonical() refuse a key the table
 * lacks before the kind parses the spec, and `triad help players` (and
 * the man page and completion) print the tables: what a kind accepts and
 * what the help says it takes cannot drift apart.  Defaults are written
 * from the parser's own constants where it has them (GPLAYER_STR). */
#define GPLAYER_OPTION(key, dflt, meaning) "\n" key "\t" dflt "\t" meaning
#define GPLAYER_STR(x) GPLAYER_STR_(x)
#define GPLAYER_STR_(x) #x

typedef struct gplayer_option {
    char key[24];
    char dflt[48];
    char meaning[240];
} gplayer_option;
/* The i-th option of kind's table into *out: 0, or -1 past the last. */
int gplayer_kind_option(const game_player_kind *kind, int i, gplayer_option *out);
/* The first line of kind's help: what it plays. */
void gplayer_kind_summary(const game_player_kind *kind, char *out, size_t n);
/* The i-th kind a spec of game g may name (the game's own, then the
 * generic ones it does not override), NULL past the last. */
const game_player_kind *gplayer_kind_at(const game_def *g, int i);
bool gplayer_kind_is_generic(const game_player_kind *kind);
/* The i-th generic kind (random, mcts, engine), NULL past the last. */
const game_player_kind *gplayer_generic_at(int i);
/* 0 when every key of opts ("key=value,...", NULL: none) is in kind's
 * table; else -1 with "player 'ab': unknown option 'x' (expected depth, ...)". */
int gplayer_check_keys(const game_player_kind *kind, const char *opts, char *err, size_t n);

/* The generic kinds (engine/player_random.c, engine/mcts.c,
 * engine/player_engine.c). */
extern const game_player_kind gplayer_random, gplayer_mcts, gplayer_engine;

#endif
