/* svg_out.h — the writer the games' SVG drawings (game_def.view) share:
 * text appended into the caller's fixed buffer, refused whole (never cut)
 * when it does not fit. */
#ifndef TRIAD_SVG_OUT_H
#define TRIAD_SVG_OUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct svg_out {
    char *buf;
    size_t n, len;
    bool full;
} svg_out;

void svg_put(svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The length written, or -1 (buf emptied) when it did not fit. */
int svg_finish(svg_out *o);

#endif
