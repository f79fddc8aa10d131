/* msg.c — see msg.h. */
#include <stdio.h>
#include <string.h>
#include "msg.h"

/* The length of the valid UTF-8 character at s (2 to 4 bytes), or 0 when s
 * does not start one.  Overlong forms, surrogates, code points past U+10FFFF
 * and the C1 controls U+0080..U+009F are not valid here. */
static size_t utf8_char(const unsigned char *s)
{
    size_t len;
    unsigned lo = 0x80, hi = 0xbf;
    if (s[0] == 0xc2)
        len = 2, lo = 0xa0;
    else if (s[0] >= 0xc3 && s[0] <= 0xdf)
        len = 2;
    else if (s[0] == 0xe0)
        len = 3, lo = 0xa0;
    else if (s[0] == 0xed)
        len = 3, hi = 0x9f;
    else if (s[0] >= 0xe1 && s[0] <= 0xef)
        len = 3;
    else if (s[0] == 0xf0)
        len = 4, lo = 0x90;
    else if (s[0] == 0xf4)
        len = 4, hi = 0x8f;
    else if (s[0] >= 0xf1 && s[0] <= 0xf3)
        len = 4;
    else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return len;
}

/* One unit of output for the text at s: its escaped form in tok (NUL-ended);
 * returns the source bytes it stands for. */
static size_t unit(const char *s, char tok[8])
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len;
    if (*u == '\n' || *u == '\r' || *u == '\t') {
        tok[0] = '\\', tok[1] = *u == '\n' ? 'n' : *u == '\r' ? 'r' : 't', tok[2] = 0;
        return 1;
    }
    if (*u >= 0x20 && *u < 0x7f) {
        tok[0] = (char)*u, tok[1] = 0;
        return 1;
    }
    if (*u >= 0x80 && (len = utf8_char(u))) {
        memcpy(tok, s, len);
        tok[len] = 0;
        return len;
    }
    snprintf(tok, 8, "\\x%02x", *u);
    return 1;
}

size_t msg_escaped_size(const char *s)
{
    size_t total = 1;
    char tok[8];
    while (*s) {
        s += unit(s, tok);
        total += strlen(tok);
    }
    return total;
}

char *msg_escape(char *out, size_t n, const char *s)
{
    char tok[8];
    size_t total = msg_escaped_size(s) - 1, used = 0, k;
    if (total < n) {
        for (; *s; s += k) {
            k = unit(s, tok);
            memcpy(out + used, tok, strlen(tok));
            used += strlen(tok);
        }
        out[used] = 0;
        return out;
    }
    /* Head and tail, each about half of what is left beside the "...". */
    size_t room = n - 4, head = room - room / 2, tail = room / 2;
    const char *p = s;
    for (; *p; p += k) {
        k = unit(p, tok);
        if (used + strlen(tok) > head)
            break;
        memcpy(out + used, tok, strlen(tok));
        used += strlen(tok);
    }
    size_t done = used; /* escaped bytes of s before p */
    memcpy(out + used, "...", 3);
    used += 3;
    /* The tail starts at the first unit from which at most tail bytes remain. */
    for (; *p; p += k) {
        k = unit(p, tok);
        if (total - done <= tail)
            break;
        done += strlen(tok);
    }
    for (; *p; p += k) {
        k = unit(p, tok);
        memcpy(out + used, tok, strlen(tok));
        used += strlen(tok);
    }
    out[used] = 0;
    return out;
}
