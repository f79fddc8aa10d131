/* perft.h — move-generator verification by counting leaves of the game tree.
 * tz_perft() makes and unmakes every action, leaves included, so its speed is the
 * speed of the real make/unmake path; tz_perft_bulk() counts the actions at the
 * last ply without making them (a separate, labelled figure). */
#ifndef TRIAD_PERFT_H
#define TRIAD_PERFT_H

#include <stdint.h>
#include "position.h"

uint64_t tz_perft(position *p, int depth);
uint64_t tz_perft_bulk(position *p, int depth);

#endif
