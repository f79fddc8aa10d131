/* diff.h — what the two halves of the naive-generator comparison share
 * (test_diff.c: games; test_diff_static.c: hand-made positions). */
#ifndef TRIAD_TEST_DIFF_H
#define TRIAD_TEST_DIFF_H

#include "engine/tzaar/position.h"

typedef char action_text[8]; /* an action in the rules page's notation */

/* The engine's legal actions at p as sorted text; acts receives them. */
int diff_engine_list(const position *p, action *acts, action_text *out);

#endif
