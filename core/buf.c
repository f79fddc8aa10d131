/* buf.c — see buf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"

bool buf_reserve(buf *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->len + extra <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra)
        cap *= 2;
    uint8_t *d = realloc(b->data, cap);
    if (!d) {
        b->failed = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

void buf_put(buf *b, const void *src, size_t n)
{
    if (n && buf_reserve(b, n)) {
        memcpy(b->data + b->len, src, n);
        b->len += n;
    }
}

void buf_byte(buf *b, uint8_t v)
{
    buf_put(b, &v, 1);
}

void put_u32le(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

uint32_t get_u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void buf_u32(buf *b, uint32_t v)
{
    uint8_t t[4];
    put_u32le(t, v);
    buf_put(b, t, 4);
}

void buf_u64(buf *b, uint64_t v)
{
    buf_u32(b, (uint32_t)v);
    buf_u32(b, (uint32_t)(v >> 32));
}

void buf_varint(buf *b, uint64_t v)
{
    uint8_t t[10];
    size_t n = 0;
    while (v >= 0x80) {
        t[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    t[n++] = (uint8_t)v;
    buf_put(b, t, n);
}

void buf_string(buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_varint(b, n);
    buf_put(b, s, n);
}

void buf_free(buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

uint8_t cur_byte(cursor *c)
{
    if (c->p >= c->end) {
        c->bad = true;
        return 0;
    }
    return *c->p++;
}

uint32_t cur_u32(cursor *c)
{
    if (c->end - c->p < 4) {
        c->bad = true;
        c->p = c->end;
        return 0;
    }
    uint32_t v = get_u32le(c->p);
    c->p += 4;
    return v;
}

uint64_t cur_u64(cursor *c)
{
    uint64_t lo = cur_u32(c);
    return lo | (uint64_t)cur_u32(c) << 32;
}

uint64_t cur_varint(cursor *c)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        uint8_t byte = cur_byte(c);
        v |= (uint64_t)(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return v;
    }
    c->bad = true; /* more than 10 bytes: not a varint we wrote */
    return 0;
}

void cur_string(cursor *c, char *out, size_t n)
{
    uint64_t len = cur_varint(c);
    out[0] = 0;
    if (c->bad || len >= n || len > (uint64_t)(c->end - c->p)) {
        c->bad = true;
        return;
    }
    memcpy(out, c->p, len);
    out[len] = 0;
    c->p += len;
}

void buf_vprintf(buf *b, const char *fmt, va_list ap)
{
    char small[512]; /* most pieces fit: one vsnprintf, no second pass */
    va_list again;
    va_copy(again, ap);
    int k = vsnprintf(small, sizeof small, fmt, ap);
    if (k < 0) {
        b->failed = true;
    } else if ((size_t)k < sizeof small) {
        buf_put(b, small, (size_t)k);
    } else if (buf_reserve(b, (size_t)k + 1)) {
        vsnprintf((char *)b->data + b->len, (size_t)k + 1, fmt, again);
        b->len += (size_t)k;
    }
    va_end(again);
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}
