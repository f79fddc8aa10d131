/* jsonw.h — triad's one JSON writer: JSON and CSV text appended to a
 * growable buffer, for the data triad hands to other programs (records
 * export and info, libtriad), and the same rules straight to a stream for
 * the commands that print their --json figures as they go (cli/,
 * eval/bias_report.c).  Nothing else writes JSON: every key, string and
 * number of a --json output goes through these functions (only the
 * punctuation { } [ ] and the literals null/true/false are printed as is).
 *
 * Strings are written as valid UTF-8 whatever the input holds: a byte that
 * is not part of a valid UTF-8 character becomes U+FFFD (an imported
 * player's name in another encoding), control characters and DEL are \u
 * escapes.  Numbers read back exactly: the shortest %g form that strtod
 * returns to the same double (1, 0.5, 0.3333333333333333), and null for a
 * value that is not finite (JSON has no inf or NaN).  Errors are the
 * buffer's: b->failed after an allocation failed. */
#ifndef TRIAD_JSONW_H
#define TRIAD_JSONW_H

#include <stdint.h>
#include <stdio.h>
#include "core/buf.h"

void jsonw_raw(buf *b, const char *s);
void jsonw_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s as a JSON string, quotes included. */
void jsonw_string(buf *b, const char *s);
/* As jsonw_string, for a page's script (view/): '<' is \u003c too, so the
 * text can never close a <script> element, and U+2028/U+2029 are escaped
 * (line ends to older JavaScript). */
void jsonw_script_string(buf *b, const char *s);
void jsonw_double(buf *b, double x);
/* "key": — a key and its colon, after a comma unless first. */
void jsonw_key(buf *b, const char *key, int first);
/* The shortest text of x that reads back as x (no NUL beyond n). */
void jsonw_format_double(char *out, size_t n, double x);

/* The stream forms.  jsonw_fstring: s as a JSON string, as jsonw_string.
 * jsonw_fnum: x in the printf format fmt (one double conversion, "%.6g",
 * "%.3f": the figure's own precision), or null when x is not finite.
 * jsonw_fkey: "key": after a comma unless first (key NULL: the comma
 * alone, before an array's element). */
void jsonw_fstring(FILE *f, const char *s);
void jsonw_fnum(FILE *f, const char *fmt, double x);
void jsonw_fkey(FILE *f, const char *key, int first);

/* One member on a stream: "key":value after a comma unless first; with key
 * NULL the value alone after a comma unless first (an array's element).
 * _num: x in fmt, null when not finite, as jsonw_fnum; _int and _uint:
 * integers (uint64 counts and signatures need _uint); _str: s as
 * jsonw_fstring; _bool: true or false. */
void jsonw_fkv_num(FILE *f, const char *key, const char *fmt, double x, int first);
void jsonw_fkv_int(FILE *f, const char *key, long long v, int first);
void jsonw_fkv_uint(FILE *f, const char *key, unsigned long long v, int first);
void jsonw_fkv_str(FILE *f, const char *key, const char *s, int first);
void jsonw_fkv_bool(FILE *f, const char *key, bool v, int first);

/* s as one CSV field (RFC 4180): as it is, or in double quotes (doubled
 * inside) when it holds a comma, a quote, a line break or a leading or
 * trailing space.  Text is made valid UTF-8 as for JSON. */
void csvw_field(buf *b, const char *s);

#endif
