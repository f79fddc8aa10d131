/* notation.h — the position string and the action notation of the rules page
 * (../shared/rules/tzaar.md), parsed and printed so that text -> position ->
 * text is the identity, plus an ASCII drawing of the board. */
#ifndef TRIAD_NOTATION_H
#define TRIAD_NOTATION_H

#include <stdio.h>
#include "position.h"

/* "<cells> <side> <phase>" is at most 60 * 3 + 4 characters. */
#define POS_TEXT_MAX 200
#define ACTION_TEXT_MAX 8

/* Parses s into p.  On error returns -1 and writes one line to err naming what
 * is wrong and the character offset; p is then unspecified. */
int tz_pos_from_text(position *p, const char *s, char *err, size_t errlen);
/* Writes the position string; returns its length. */
int tz_pos_to_text(const position *p, char *buf, size_t n);
/* The phase field alone ("0", "x1", "pf"); returns its length. */
int tz_phase_text(const position *p, char *out, size_t n);
/* Each phase's token in a position string (docs/formats.md, docs/tzaar-variants.md). */
extern const char *const tz_phase_tokens[PHASES];

/* "C3xD4", "C3+D4", "pass", "swap", "b@E6"; a placement's letter case is the colour,
 * so the side to act is needed. */
void tz_action_to_text(action a, int side, char out[ACTION_TEXT_MAX]);
/* Parses the notation (coordinates case-insensitive).  Checks syntax and, for
 * a placement, that the colour is the side to act in p; legality is
 * tz_action_is_legal().  Returns 0, or -1 with a message in err. */
int tz_action_from_text(const position *p, const char *s, action *a, char *err, size_t errlen);
/* Parses and checks legality in p: the one call a front end needs. */
int tz_action_parse_legal(const position *p, const char *s, action *a, char *err, size_t errlen);

/* The board as ASCII art with coordinates, then side and phase. */
void tz_pos_draw(const position *p, FILE *out);

#endif
