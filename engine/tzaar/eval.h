/* eval.h — the static evaluation: a weighted sum of named features.
 *
 * tz_eval_features() maps a position to EVAL_FEATURES numbers, each a
 * White-minus-Black difference (or, for tempo, +1/-1 by who is to act), so
 * the evaluation is always from White's point of view.  tz_eval_position() is
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
const char *tz_eval_feature_name(int i);
/* Index of a feature name, or -1. */
int tz_eval_feature_index(const char *name);

/* Fills out[EVAL_FEATURES], White minus Black. */
void tz_eval_features(const position *p, double *out);
/* weights . features, from White's point of view. */
double tz_eval_position(const eval_weights *w, const position *p);

/* The same value from the incrementally kept capture relation (vis.h),
 * which the searcher maintains: no ray is scanned. */
struct vis;
double tz_eval_position_vis(const eval_weights *w, const position *p, const struct vis *v);

/* The built-in weights (the same as data/weights/default.txt). */
void tz_eval_weights_default(eval_weights *w);
/* Reads a weights file (or "default": data/weights/default.txt) through
 * engine/weights.c (format and checks: engine/weights.h), its CRC-32 into
 * *crc when crc is not NULL.  0, or -1 with one line in err. */
int tz_eval_weights_load(eval_weights *w, const char *path, uint32_t *crc, char *err, size_t errlen);

#endif
