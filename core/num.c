/* num.c — see num.h.  The digits are read here rather than by strtoull and
 * strtol, which skip leading spaces, take a '+' and quietly negate "-2" into
 * 2^64 - 2; strtod only converts a string already checked to be decimal. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "num.h"

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The magnitude of the decimal digits s; -1 unless s is one or more digits
 * and nothing else, -2 when the value passes UINT64_MAX. */
static int magnitude(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (!digit(*s))
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -2;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *err, size_t n)
{
    uint64_t v;
    if (magnitude(s, &v) || v < min || v > max) {
        if (n)
            snprintf(err, n, "not an integer from %llu to %llu", (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

int num_i64(const char *s, int64_t min, int64_t max, int64_t *out, char *err, size_t n)
{
    uint64_t m;
    int64_t v = 0;
    int neg = *s == '-', ok = !magnitude(s + neg, &m);
    if (ok && !neg)
        ok = m <= (uint64_t)INT64_MAX && (v = (int64_t)m, 1);
    else if (ok)
        ok = m <= (uint64_t)INT64_MAX + 1 && (v = m ? -(int64_t)(m - 1) - 1 : 0, 1);
    if (!ok || v < min || v > max) {
        if (n)
            snprintf(err, n, "not an integer from %lld to %lld", (long long)min, (long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

int num_hex(const char *s, uint64_t max, uint64_t *out, char *err, size_t n)
{
    uint64_t v = 0;
    int ok = *s != 0;
    for (const char *p = s; ok && *p; p++) {
        int d = digit(*p) ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        ok = d >= 0 && v <= (UINT64_MAX - (uint64_t)d) / 16;
        v = v * 16 + (uint64_t)(ok ? d : 0);
    }
    if (!ok || v > max) {
        if (n)
            snprintf(err, n, "not a hexadecimal number from 0 to %llx", (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

/* Whether s is a decimal fraction as num.h describes it. */
static int decimal(const char *s)
{
    int before = 0, after = 0;
    s += *s == '-';
    while (digit(*s))
        s++, before++;
    if (*s == '.')
        for (s++; digit(*s); s++)
            after++;
    if (!before && !after)
        return 0;
    if (*s == 'e' || *s == 'E') {
        s++;
        s += *s == '-' || *s == '+';
        if (!digit(*s))
            return 0;
        while (digit(*s))
            s++;
    }
    return *s == 0;
}

int num_double(const char *s, double min, double max, double *out, char *err, size_t n)
{
    double v = decimal(s) ? strtod(s, NULL) : NAN;
    if (!isfinite(v) || v < min || v > max) {
        if (!n)
            return -1;
        if (min == -HUGE_VAL && max == HUGE_VAL)
            snprintf(err, n, "not a finite decimal number");
        else
            snprintf(err, n, "not a decimal number from %g to %g", min, max);
        return -1;
    }
    *out = v;
    return 0;
}
