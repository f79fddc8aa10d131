/* jsonw.c — see jsonw.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jsonw.h"

void jsonw_raw(buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

void jsonw_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

/* The length of the valid UTF-8 character at s (1..4), or 0 when the byte
 * there does not start one (overlong forms and surrogates are invalid). */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    int len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90) ||
        (c == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

/* s as a JSON string; script: '<' and U+2028/U+2029 escaped too. */
static void string_to(buf *b, const char *s, bool script)
{
    static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */
    const unsigned char *p = (const unsigned char *)s;
    buf_byte(b, '"');
    while (*p) {
        int len = utf8_len(p);
        if (!len) {
            buf_put(b, replacement, 3);
            p++;
        } else if (script && (*p == '<' || (len == 3 && p[0] == 0xe2 && p[1] == 0x80 && (p[2] & 0xfe) == 0xa8))) {
            jsonw_printf(b, "\\u%04x", *p == '<' ? '<' : 0x2028 + (p[2] & 1));
            p += len;
        } else if (*p == '"' || *p == '\\') {
            buf_byte(b, '\\');
            buf_byte(b, *p++);
        } else if (*p < 0x20 || *p == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            char e[6] = { '\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15] };
            if (*p == '\n' || *p == '\t' || *p == '\r')
                buf_byte(b, '\\'), buf_byte(b, *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r');
            else
                buf_put(b, e, 6);
            p++;
        } else {
            buf_put(b, p, (size_t)len);
            p += len;
        }
    }
    buf_byte(b, '"');
}

void jsonw_string(buf *b, const char *s)
{
    string_to(b, s, false);
}

void jsonw_script_string(buf *b, const char *s)
{
    string_to(b, s, true);
}

void jsonw_format_double(char *out, size_t n, double x)
{
    if (!isfinite(x)) {
        snprintf(out, n, "null");
        return;
    }
    if (x == 0) { /* -0 too: "0" */
        snprintf(out, n, "0");
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, n, "%.*g", prec, x);
        if (strtod(out, NULL) == x)
            return;
    }
}

void jsonw_double(buf *b, double x)
{
    char text[40];
    jsonw_format_double(text, sizeof text, x);
    jsonw_raw(b, text);
}

void jsonw_key(buf *b, const char *key, int first)
{
    if (!first)
        buf_byte(b, ',');
    jsonw_string(b, key);
    buf_byte(b, ':');
}

void jsonw_fstring(FILE *f, const char *s)
{
    buf b = { 0 };
    jsonw_string(&b, s);
    if (b.failed) /* out of memory: an empty string keeps the document well formed */
        fputs("\"\"", f);
    else
        fwrite(b.data, 1, b.len, f);
    buf_free(&b);
}

void jsonw_fnum(FILE *f, const char *fmt, double x)
{
    if (isfinite(x))
        fprintf(f, fmt, x);
    else
        fputs("null", f);
}

void jsonw_fkey(FILE *f, const char *key, int first)
{
    if (!first)
        fputc(',', f);
    if (!key)
        return; /* an array's element: the comma alone */
    jsonw_fstring(f, key);
    fputc(':', f);
}

void jsonw_fkv_num(FILE *f, const char *key, const char *fmt, double x, int first)
{
    jsonw_fkey(f, key, first);
    jsonw_fnum(f, fmt, x);
}

void jsonw_fkv_int(FILE *f, const char *key, long long v, int first)
{
    jsonw_fkey(f, key, first);
    fprintf(f, "%lld", v);
}

void jsonw_fkv_uint(FILE *f, const char *key, unsigned long long v, int first)
{
    jsonw_fkey(f, key, first);
    fprintf(f, "%llu", v);
}

void jsonw_fkv_str(FILE *f, const char *key, const char *s, int first)
{
    jsonw_fkey(f, key, first);
    jsonw_fstring(f, s);
}

void jsonw_fkv_bool(FILE *f, const char *key, bool v, int first)
{
    jsonw_fkey(f, key, first);
    fputs(v ? "true" : "false", f);
}

void csvw_field(buf *b, const char *s)
{
    size_t len = strlen(s);
    bool quote = len && (s[0] == ' ' || s[len - 1] == ' ');
    for (const char *c = s; *c && !quote; c++)
        quote = *c == ',' || *c == '"' || *c == '\n' || *c == '\r';
    if (quote)
        buf_byte(b, '"');
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int k = utf8_len(p);
        if (!k) {
            buf_put(b, "\xef\xbf\xbd", 3);
            p++;
            continue;
        }
        if (*p == '"')
            buf_byte(b, '"');
        buf_put(b, p, (size_t)k);
        p += k;
    }
    if (quote)
        buf_byte(b, '"');
}
