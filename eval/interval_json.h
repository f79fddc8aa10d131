/* interval_json.h — a 95% interval (stats.h) as a JSON member, the one form
 * every --json output gives it: [lo,hi] in "%.6g", or null when there is
 * none (fewer than two observations).  The commands that print intervals
 * (bias, continuation, solve --records) share it so that an interval reads
 * the same in all of them. */
#ifndef TRIAD_INTERVAL_JSON_H
#define TRIAD_INTERVAL_JSON_H

#include <stdio.h>
#include "stats.h"

/* ,"key":[lo,hi] or ,"key":null on f, without the comma when first; key
 * NULL: the array's element alone (core/jsonw.h's jsonw_fkey). */
void interval_json_write(FILE *f, const char *key, interval ci, int first);
/* ,"key":[ci0,ci1,...] on f (never the first member), each element as
 * interval_json_write writes it. */
void interval_json_array(FILE *f, const char *key, const interval *ci, int n);

#endif
