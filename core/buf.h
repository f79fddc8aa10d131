/* buf.h — growable byte buffers and a bounds-checked reading cursor, with
 * the little-endian integers and LEB128 varints the records format uses.
 *
 * Errors are sticky, like stdio's: a failed allocation sets buf.failed and a
 * read past the end sets cursor.bad, so a codec checks once at the end
 * instead of after every field. */
#ifndef TRIAD_BUF_H
#define TRIAD_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct buf {
    uint8_t *data;
    size_t len, cap;
    bool failed;    /* an allocation failed; the contents are incomplete */
} buf;

/* Makes room for extra more bytes; false (and failed set) when out of memory. */
bool buf_reserve(buf *b, size_t extra);
void buf_put(buf *b, const void *src, size_t n);
void buf_byte(buf *b, uint8_t v);
void buf_u32(buf *b, uint32_t v);
void buf_u64(buf *b, uint64_t v);
void buf_varint(buf *b, uint64_t v);
/* A varint length, then the bytes. */
void buf_string(buf *b, const char *s);
/* Formatted text appended (no NUL); an encoding error sets failed. */
void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void buf_free(buf *b);

typedef struct cursor {
    const uint8_t *p, *end;
    bool bad;       /* a read ran past the end or a value was malformed */
} cursor;

uint8_t cur_byte(cursor *c);
uint32_t cur_u32(cursor *c);
uint64_t cur_u64(cursor *c);
uint64_t cur_varint(cursor *c);
/* Reads a string into out (size n, NUL-terminated); too long is bad. */
void cur_string(cursor *c, char *out, size_t n);

uint32_t get_u32le(const uint8_t *p);
void put_u32le(uint8_t *p, uint32_t v);

#endif
