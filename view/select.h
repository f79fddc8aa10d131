/* select.h — the --select expressions of `triad view`: which games of a
 * records file to show.
 *
 *   EXPR  = TERM ("," TERM)*            every term must hold (AND)
 *   TERM  = KEY "=" VALUE ("|" VALUE)*  any value may match (OR)
 *   id, turns:  VALUE = N | N "-" M     (inclusive range)
 *   setup:      a name of the game's setup_names ("random")
 *   ending:     a name of its ending_names ("trinity"), or unfinished
 *   winner:     a seat's name (the seat that ranked first alone), or none
 *               (unfinished, or first place shared)
 *   seat:       a seat's name: games that seat ranked first in, alone or
 *               shared (a TRID draw, a Talat tie)
 * Seat names are game_def.seat_names ("white"), else "seat 0", "seat 1"...;
 * names match in any case, with spaces and '_' left out ("seat1").
 *
 * e.g. "setup=random,ending=no_capture,id=100-199|400". */
#ifndef TRIAD_VIEW_SELECT_H
#define TRIAD_VIEW_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "records/record.h"

enum { SEL_ID, SEL_TURNS, SEL_SETUP, SEL_ENDING, SEL_WINNER, SEL_SEAT, SEL_KEYS };

typedef struct sel_range {
    uint64_t lo, hi;
} sel_range;

/* One term: the key and its alternatives, as ranges (names become their
 * number: the setup's index, the ending's, winner + 1, or the seat). */
typedef struct sel_term {
    int key;
    int n;
    sel_range *alt;
} sel_term;

typedef struct selection {
    int n;
    sel_term *terms;
} selection;

/* Parses expr for game g's records (NULL or "" selects every game).  Returns 0, or -1 with a
 * message in err naming the bad part; *s is then empty.  Free with
 * sel_free(). */
int sel_parse(selection *s, const game_def *g, const char *expr, char *err, size_t n);
bool sel_match(const selection *s, const rec_game *g);
void sel_free(selection *s);

#endif
