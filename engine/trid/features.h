/* features.h — TRID's evaluation features from one seat's view (for
 * tuning and feature-scored players) and its start features (for the
 * bias study). */
#ifndef TRIAD_TRID_FEATURES_H
#define TRIAD_TRID_FEATURES_H

#include "engine/game.h"
#include "movegen.h"

#define TRID_FEATURES 12
#define TRID_START_FEATURES 2

extern const char *const trid_feature_names[TRID_FEATURES + 1];
extern const char *const trid_start_feature_names[TRID_START_FEATURES + 1];

void trid_features(const void *s, int seat, double *out);
/* The same on a position (the search's leaves). */
void trid_pos_features(const trid_pos *p, int seat, double *out);
void trid_start_features(const void *s, double *out);

/* The network's input features (nnfeat.c): game_def.nn. */
extern const game_nn trid_nn;

#endif
