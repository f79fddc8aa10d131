/* params.h — a game's parameters and its variants (engine/params.c): the
 * functions over game.h's params table ("parameters: a game's rule
 * variants"), which game.h includes, so every driver has them. */
#ifndef TRIAD_PARAMS_H
#define TRIAD_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct game_def game_def;
typedef struct game_param game_param;

/* The registered game g is, or is a variant of. */
const game_def *game_base(const game_def *g);
/* g's parameters (its base's table), and the text of parameter i's value in
 * g (the default in a registered game), written into out. */
int game_param_count(const game_def *g);
const char *game_param_text(const game_def *g, int i, char *out, size_t n);
/* Parameter p's value from its text (a word's index, or the number in units
 * of 1/scale): 0, or -1 with why (a phrase); and back, as a spec writes it. */
int game_param_parse(const game_param *p, const char *text, long *v, char *why, size_t n);
void game_param_format(const game_param *p, long v, char *out, size_t n);
/* g's parameters that are not the default, as "first=full,pie=1" ("" for a
 * registered game): the part of the canonical spec after the ':'. */
const char *game_param_list(const game_def *g);
/* The registered game g and each of its variants that combine the values
 * (every word; a range's minimum, default and maximum), the game first:
 * how many were written (at most max), or -1 with a message.  The
 * conformance suite runs over these. */
int game_variants(const game_def *g, const game_def **out, int max, char *err, size_t n);
/* setup(), from_text() and the start of bench position i, each followed
 * by g's set_params (game.h, "parameters"): what every driver calls, so
 * that a variant's states carry its rules.  0, or -1 with one line in err. */
int game_setup(const game_def *g, void *s, const char *setup, int players, uint64_t seed, char *err, size_t n);
int game_from_text(const game_def *g, void *s, const char *text, char *err, size_t n);
int game_bench_start(const game_def *g, void *s, int i, char *err, size_t n);
/* set_params on s as game_decode_start's last step (start false). */
int game_apply_params(const game_def *g, void *s, bool start, char *err, size_t n);

#endif
