/* esc.c — see esc.h. */
#include <string.h>
#include "esc.h"

void esc_html(buf *b, const char *s)
{
    for (const char *run = s;; s++) {
        const char *ent = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;"
                        : *s == '\'' ? "&#39;" : NULL;
        if (!ent && *s)
            continue;
        buf_put(b, run, (size_t)(s - run));
        if (!*s)
            break;
        buf_put(b, ent, strlen(ent));
        run = s + 1;
    }
}

static const char shell_safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+@%-";

void esc_shell(buf *b, const char *s)
{
    if (*s && s[strspn(s, shell_safe)] == 0) {
        buf_put(b, s, strlen(s));
        return;
    }
    buf_byte(b, '\'');
    for (; *s; s++)
        if (*s == '\'')
            buf_put(b, "'\\''", 4);
        else
            buf_byte(b, (uint8_t)*s);
    buf_byte(b, '\'');
}

void esc_shell_path(buf *b, const char *path)
{
    if (path[0] == '-')
        buf_put(b, "./", 2);
    esc_shell(b, path);
}
