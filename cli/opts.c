/* opts.c — see opts.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "opts.h"

int cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "triad %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

int parse_int(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno)
        return -1;
    *out = v;
    return 0;
}

int parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static void print_help(const cmd_spec *c)
{
    printf("usage: triad %s %s\n\n%s\n\noptions:\n", c->name, c->usage, c->about);
    for (const opt_spec *o = c->opts; o->name; o++) {
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        printf("  %-22s %s\n", left, o->help);
    }
    printf("  %-22s %s\n", "--help", "show this help");
}

static int set_value(const cmd_spec *c, const opt_spec *o, const char *v)
{
    switch (o->kind) {
    case OPT_INT: {
        long x, lo = o->min, hi = o->max;
        if (lo == hi)
            lo = -2147483647L, hi = 2147483647L;
        if (parse_int(v, lo, hi, &x))
            return cli_error(c->name, "bad number for --%s: '%s' (expected an integer from %ld to %ld)",
                             o->name, v, lo, hi);
        *(int *)o->dest = (int)x;
        return 0;
    }
    case OPT_U64:
        if (parse_u64(v, (uint64_t *)o->dest))
            return cli_error(c->name, "bad number for --%s: '%s' (expected an unsigned integer)", o->name, v);
        return 0;
    case OPT_DOUBLE:
        if (parse_double(v, (double *)o->dest))
            return cli_error(c->name, "bad number for --%s: '%s'", o->name, v);
        return 0;
    default:
        *(const char **)o->dest = v;
        return 0;
    }
}

int opts_parse(const cmd_spec *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_help(c);
            return 1;
        }
        if (strncmp(a, "--", 2))
            return cli_error(c->name, "unexpected argument '%s' (options start with --; see triad %s --help)",
                             a, c->name);
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const opt_spec *o = c->opts;
        while (o->name && !(strlen(o->name) == len && !strncmp(o->name, name, len)))
            o++;
        if (!o->name)
            return cli_error(c->name, "unknown option '%.*s' (see triad %s --help)", (int)len + 2, a, c->name);
        if (o->given)
            *o->given = true;
        if (o->kind == OPT_FLAG) {
            if (eq)
                return cli_error(c->name, "--%s takes no value", o->name);
            *(bool *)o->dest = true;
            continue;
        }
        if (o->kind == OPT_LIST) {
            opt_list *l = o->dest;
            int before = l->n;
            if (eq)
                l->items[l->n++] = eq + 1;
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) && l->n < OPT_LIST_MAX)
                l->items[l->n++] = argv[++i];
            if (i + 1 < argc && strncmp(argv[i + 1], "--", 2))
                return cli_error(c->name, "too many values for --%s (at most %d)", o->name, OPT_LIST_MAX);
            if (l->n == before)
                return cli_error(c->name, "--%s needs at least one value (%s)", o->name, o->arg ? o->arg : "VALUE");
            continue;
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v)
            return cli_error(c->name, "--%s needs a value (%s)", o->name, o->arg ? o->arg : "VALUE");
        if (set_value(c, o, v))
            return 2;
    }
    return 0;
}
