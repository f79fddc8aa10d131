/* start_features.h — features of a TZAAR starting position that might
 * favour a colour, for the bias study's regression (eval/bias.h) and the
 * game interface's start_features hook.  Each is White minus Black. */
#ifndef TRIAD_START_FEATURES_H
#define TRIAD_START_FEATURES_H

#include "position.h"

enum {
    SF_TZAAR_CONTACT,   /* enemy pieces next to own Tzaars, counted per pair */
    SF_TZAAR_EXPOSED,   /* Tzaars next to an enemy piece */
    SF_TZARRA_EXPOSED,  /* Tzarras next to an enemy piece */
    SF_RIM,             /* pieces on the 24 rim points */
    SF_TZAAR_RIM,       /* Tzaars on the rim */
    SF_INNER,           /* pieces on the 6 points around the hole */
    START_FEATURES
};
extern const char *const tz_start_feature_names[START_FEATURES + 1]; /* NULL-terminated */
void tz_start_features(const position *p, double out[START_FEATURES]);

#endif
