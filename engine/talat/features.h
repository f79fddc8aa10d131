/* features.h — Talat's evaluation and start features (features.c). */
#ifndef TRIAD_TALAT_FEATURES_H
#define TRIAD_TALAT_FEATURES_H

#include "talat.h"

#define TL_FEATURES 9
#define TL_START_FEATURES 7

extern const char *const tl_feature_names[TL_FEATURES + 1];
extern const char *const tl_start_feature_names[TL_START_FEATURES + 1];

void tl_features(const void *p, int seat, double *out);
void tl_start_features(const void *p, double *out);

#endif
