/* out.c — see out.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "out.h"

void out_printf(buf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (k < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)k < sizeof small) {
        buf_put(b, small, (size_t)k);
        return;
    }
    if (!buf_reserve(b, (size_t)k + 1))
        return;
    va_start(ap, fmt);
    vsnprintf((char *)b->data + b->len, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)k;
}

void out_str(buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

void out_json(buf *b, const char *s)
{
    buf_byte(b, '"');
    for (const char *run = s;; s++) {
        unsigned char c = (unsigned char)*s;
        if (c && c != '"' && c != '\\' && c != '<' && c >= 0x20)
            continue;
        buf_put(b, run, (size_t)(s - run));
        if (!c)
            break;
        if (c == '"' || c == '\\')
            out_printf(b, "\\%c", c);
        else
            out_printf(b, "\\u%04x", c);
        run = s + 1;
    }
    buf_byte(b, '"');
}

void out_html(buf *b, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': out_str(b, "&amp;"); break;
        case '<': out_str(b, "&lt;"); break;
        case '>': out_str(b, "&gt;"); break;
        case '"': out_str(b, "&quot;"); break;
        default: buf_byte(b, (uint8_t)*s);
        }
}

int out_file(const char *dir, const char *name, const buf *b, char *err, size_t n)
{
    char path[4096], tmp[4096];
    if (b->failed)
        return snprintf(err, n, "out of memory while writing %s", name), -1;
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path ||
        snprintf(tmp, sizeof tmp, "%s/.%s.%ld.tmp", dir, name, (long)getpid()) >= (int)sizeof tmp)
        return snprintf(err, n, "path too long: %s/%s", dir, name), -1;
    /* name may hold a folder ("games/3.js"): the temporary file goes beside it. */
    const char *slash = strrchr(name, '/');
    if (slash)
        snprintf(tmp, sizeof tmp, "%s/%.*s/.%s.%ld.tmp", dir, (int)(slash - name), name, slash + 1, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return snprintf(err, n, "cannot create %s: %s", tmp, strerror(errno)), -1;
    size_t done = 0;
    while (done < b->len) {
        ssize_t k = write(fd, b->data + done, b->len - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            snprintf(err, n, "cannot write %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            return -1;
        }
        done += (size_t)k;
    }
    int synced = fsync(fd), closed = close(fd);
    if (synced || closed) {
        snprintf(err, n, "cannot write %s: %s", tmp, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path)) {
        snprintf(err, n, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
