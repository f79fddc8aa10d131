/* svg_out.c — see svg_out.h. */
#include <stdarg.h>
#include <stdio.h>
#include "svg_out.h"

void svg_put(svg_out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= o->n - o->len)
        o->full = true;
    else
        o->len += (size_t)k;
}

int svg_finish(svg_out *o)
{
    if (o->full) {
        if (o->n)
            o->buf[0] = 0;
        return -1;
    }
    return (int)o->len;
}
