/* out.c — see out.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "out.h"

void out_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void out_str(buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

int out_file(const char *dir, const char *name, const buf *b, char *err, size_t n)
{
    char path[4096];
    fio_out o;
    if (b->failed)
        return snprintf(err, n, "out of memory while writing %s", name), -1;
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return snprintf(err, n, "cannot write %s/%s: %s", MSG_PATH(dir), name, strerror(ENAMETOOLONG)), -1;
    /* The folder was refused or cleared (--force) before: each file replaces its old self. */
    if (fio_out_begin(&o, path, true, err, n))
        return -1;
    if (b->len && fwrite(b->data, 1, b->len, o.f) != b->len) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        fio_out_abort(&o);
        return -1;
    }
    return fio_out_commit(&o, err, n);
}
