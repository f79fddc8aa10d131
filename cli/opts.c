/* opts.c — see opts.h. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/num.h"
#include "opts.h"

void cli_vline(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
    char small[1024], *text = small, *shown = NULL;
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    if (len >= (int)sizeof small && (text = malloc((size_t)len + 1)))
        vsnprintf(text, (size_t)len + 1, fmt, again);
    va_end(again);
    if (!text) /* out of memory: the message cut to what fits, still escaped */
        text = small;
    size_t need = msg_escaped_size(text);
    char *out = need <= sizeof small ? NULL : (shown = malloc(need));
    char buf[sizeof small];
    if (!out) {
        out = buf;
        need = need < sizeof buf ? need : sizeof buf;
    }
    fprintf(f, "%s%s\n", prefix, msg_escape(out, need, text));
    free(shown);
    if (text != small)
        free(text);
}

int cli_error(const char *cmd, const char *fmt, ...)
{
    char prefix[64];
    va_list ap;
    snprintf(prefix, sizeof prefix, "triad %s: ", cmd);
    va_start(ap, fmt);
    cli_vline(stderr, prefix, fmt, ap);
    va_end(ap);
    return CLI_EXIT_BAD_INPUT;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
    char prefix[64];
    va_list ap;
    snprintf(prefix, sizeof prefix, "triad %s: ", cmd);
    va_start(ap, fmt);
    cli_vline(stderr, prefix, fmt, ap);
    va_end(ap);
    return CLI_EXIT_FAILED;
}

void opt_list_free(opt_list *l)
{
    free(l->items);
    l->items = NULL;
    l->n = 0;
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
    char why[160];
    switch (o->kind) {
    case OPT_INT: {
        int64_t x, lo = o->min, hi = o->max;
        if (lo == hi)
            lo = INT_MIN + 1, hi = INT_MAX;
        if (num_i64(v, lo, hi, &x, why, sizeof why))
            break;
        *(int *)o->dest = (int)x;
        return 0;
    }
    case OPT_U64: {
        uint64_t lo = 0, hi = UINT64_MAX;
        if (o->min != o->max)
            lo = (uint64_t)o->min, hi = (uint64_t)o->max;
        if (num_u64(v, lo, hi, (uint64_t *)o->dest, why, sizeof why))
            break;
        return 0;
    }
    case OPT_DOUBLE:
        if (num_double(v, -HUGE_VAL, HUGE_VAL, (double *)o->dest, why, sizeof why))
            break;
        return 0;
    default:
        *(const char **)o->dest = v;
        return 0;
    }
    return cli_error(c->name, "bad number for --%s: '%s' is %s", o->name, MSG_PATH(v), why);
}

/* Appends the list's values at argv[*i] ("--name=value", then any words up to
 * the next --option).  The array is sized to argc on first use: a list can
 * never hold more items than the command line has words. */
static int append_list(const cmd_spec *c, const opt_spec *o, const char *eq, int argc, char **argv, int *i)
{
    opt_list *l = o->dest;
    int before = l->n;
    if (!l->items && !(l->items = malloc((size_t)argc * sizeof *l->items)))
        return cli_error(c->name, "out of memory for --%s", o->name);
    if (eq) {
        if (!eq[1]) /* "--records=": an empty name would reach open() as "" */
            return cli_error(c->name, "--%s= needs a value (%s)", o->name, o->arg ? o->arg : "VALUE");
        l->items[l->n++] = eq + 1;
    }
    while (*i + 1 < argc && strncmp(argv[*i + 1], "--", 2))
        l->items[l->n++] = argv[++*i];
    if (l->n == before)
        return cli_error(c->name, "--%s needs at least one value (%s)", o->name, o->arg ? o->arg : "VALUE");
    return 0;
}

/* The command line's one capture (cli/ is the program, not a library). */
static opts_capture_fn capture_fn;
static void *capture_ctx;

void opts_capture(opts_capture_fn fn, void *ctx)
{
    capture_fn = fn;
    capture_ctx = ctx;
}

bool opts_capturing(void)
{
    return capture_fn != NULL;
}

/* Adds an operand (a word that is not an option) to l. */
static int add_operand(const cmd_spec *c, opt_list *l, const char *a, int argc)
{
    if (!l)
        return cli_error(c->name, "unexpected argument '%s' (options start with --; see triad %s --help)", a,
                         c->name);
    if (!l->items && !(l->items = malloc((size_t)argc * sizeof *l->items)))
        return cli_error(c->name, "out of memory");
    l->items[l->n++] = a;
    return 0;
}

int opts_parse(const cmd_spec *c, int argc, char **argv)
{
    return opts_parse_operands(c, NULL, argc, argv);
}

int opts_parse_operands(const cmd_spec *c, opt_list *operands, int argc, char **argv)
{
    if (capture_fn) {
        capture_fn(capture_ctx, c);
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_help(c);
            return 1;
        }
        if (strncmp(a, "--", 2)) {
            if (add_operand(c, operands, a, argc))
                return 2;
            continue;
        }
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
            if (append_list(c, o, eq, argc, argv, &i))
                return 2;
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
