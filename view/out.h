/* out.h — what the site writer needs to produce files: text built in a
 * growable buffer (JSON strings safe inside HTML: core/jsonw.h,
 * jsonw_script_string), and files written whole
 * (a temporary file in the same folder, fsynced, renamed over the name). */
#ifndef TRIAD_VIEW_OUT_H
#define TRIAD_VIEW_OUT_H

#include <stddef.h>
#include "core/buf.h"

void out_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void out_str(buf *b, const char *s);

/* HTML text: core/esc.h's esc_html(), the one escaping for every page. */

/* Writes b into DIR/NAME.  0, or -1 with a message in err (b->failed also
 * fails: the text is incomplete). */
int out_file(const char *dir, const char *name, const buf *b, char *err, size_t n);

#endif
