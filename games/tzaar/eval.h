/* eval.h — the static evaluation: a weighted sum of named features.
 *
 * eval_features() maps a position to EVAL_FEATURES numbers, each a
 * White-minus-Black difference (or, for tempo, +1/-1 by who is to act), so
 * the evaluation is always from White's point of view.  eval_position() is
 * exactly the dot product of the weights with that vector, which lets a tuner
 * fit the weights by regression on the same features the search uses.
 *
 * Weights live in a plain text file, one "name value" per line with '#'
 * comments; every feature must appear exactly once (those added later,
 * from EVAL_FEATURES_V1 on, may be left out and weigh 0), and a last line
 * with a checksum says the file is whole (docs/players.md).  Score units are the
 * search's: roughly 100 for an ordinary stack (see docs/players.md). */
#ifndef TRIAD_EVAL_H
#define TRIAD_EVAL_H

#include <stddef.h>
#include <stdio.h>
#include "position.h"

enum {
    F_TZAAR_STACKS, F_TZARRA_STACKS, F_TOTT_STACKS,
    F_TZAAR_HEIGHT, F_TZARRA_HEIGHT, F_TOTT_HEIGHT,
    F_TZAAR_TALLEST, F_TZARRA_TALLEST, F_TOTT_TALLEST,
    F_STACKS, F_ONE_LEFT, F_CAPTURES, F_NO_CAPTURE,
    F_HANGING_TZAAR, F_HANGING_TZARRA, F_HANGING_TOTT, F_HANGING_LAST,
    F_THREATENED, F_THREATENED_LAST, F_SAFE_TYPES, F_SECURE_TYPES,
    F_CENTRE, F_TEMPO,
    EVAL_FEATURES_V1, /* the features every weights file names */
    /* Added with issue 20: a file that does not name them gives them 0,
     * so files written before (data/weights/handset.txt, tuned-ab2.txt)
     * describe the evaluation they always did. */
    F_TARGETS = EVAL_FEATURES_V1, F_IMMUNE_PIECES, F_LAST_ATTACKERS,
    EVAL_FEATURES
};

typedef struct eval_weights {
    double w[EVAL_FEATURES];
} eval_weights;

/* The feature's name as weight files spell it, e.g. "tzaar_stacks". */
const char *eval_feature_name(int i);
/* Index of a feature name, or -1. */
int eval_feature_index(const char *name);

/* Fills out[EVAL_FEATURES], White minus Black. */
void eval_features(const position *p, double *out);
/* weights . features, from White's point of view. */
double eval_position(const eval_weights *w, const position *p);

/* The same value from the incrementally kept capture relation (vis.h),
 * which the searcher maintains: no ray is scanned. */
struct vis;
double eval_position_vis(const eval_weights *w, const position *p, const struct vis *v);

/* The built-in weights (the same as data/weights/default.txt). */
void eval_weights_default(eval_weights *w);
/* Parses weight-file text; source names it in errors ("FILE:LINE: ...").
 * Returns 0, or -1 with one line in err. */
int eval_weights_parse(eval_weights *w, const char *text, const char *source, char *err, size_t errlen);
/* Reads a weights file.  Its last line must be the end line, which says
 * the file is complete: "# end crc32=XXXXXXXX", the CRC-32 of every byte
 * before it; a file without it (cut short) or whose checksum fails is
 * refused, as is anything but a regular file. */
int eval_weights_load(eval_weights *w, const char *path, char *err, size_t errlen);
/* Writes the weight lines that eval_weights_parse() reads back exactly. */
void eval_weights_write(const eval_weights *w, FILE *out);
/* The end line for a file whose content before it is text[0..len). */
#define EVAL_END_LINE_MAX 32
void eval_weights_end_line(const char *text, size_t len, char out[EVAL_END_LINE_MAX]);

#endif
