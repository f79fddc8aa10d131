/* test_num.c — the strict number parser (core/num) and the message escaping
 * (core/msg): the cases of issue 8, exact bounds, and random strings that
 * must never be accepted unless they print back as they were typed; and
 * the JSON writer (core/jsonw): strings escaped and made valid UTF-8,
 * numbers that are not finite written as null. */
#include <math.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/jsonw.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/prng.h"
#include "check.h"

static int u64_ok(const char *s, uint64_t want)
{
    uint64_t v = 12345;
    return num_u64(s, 0, UINT64_MAX, &v, NULL, 0) == 0 && v == want;
}

static int u64_refused(const char *s)
{
    uint64_t v = 12345;
    return num_u64(s, 0, UINT64_MAX, &v, NULL, 0) == -1 && v == 12345;
}

static void num_u64_accepts_decimal_only(void)
{
    CHECK(u64_ok("0", 0));
    CHECK(u64_ok("42", 42));
    CHECK(u64_ok("007", 7)); /* decimal, never octal */
    CHECK(u64_ok("18446744073709551615", UINT64_MAX));
    static const char *const bad[] = {
        "", " -2", " -1", "-1", "-0", "+1", " 1", "1 ", "1\n", "5x", "0x10", "1e3", "1.0",
        "18446744073709551616", "99999999999999999999999", "4294967297/4294967298", "+1/+3", "1,000", "\x1b" "1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(u64_refused(bad[i]), "accepted '%s'", bad[i]);
}

static void num_u64_range_and_message(void)
{
    uint64_t v = 0;
    char err[100];
    CHECK(num_u64("1", 1, 1000000, &v, err, sizeof err) == 0 && v == 1);
    CHECK(num_u64("1000000", 1, 1000000, &v, err, sizeof err) == 0 && v == 1000000);
    CHECK(num_u64("0", 1, 1000000, &v, err, sizeof err) == -1);
    CHECK(num_u64("1000001", 1, 1000000, &v, err, sizeof err) == -1);
    CHECKF(!strcmp(err, "not an integer from 1 to 1000000"), "err '%s'", err);
    CHECK(num_u64("4294967297", 0, 1000000, &v, err, sizeof err) == -1); /* no wrap to 1 */
    CHECK(num_u64(" -2", 0, UINT64_MAX, &v, err, sizeof err) == -1);
    CHECKF(!strcmp(err, "not an integer from 0 to 18446744073709551615"), "err '%s'", err);
}

static void num_i64_signs_and_bounds(void)
{
    int64_t v = 0;
    char err[100];
    CHECK(num_i64("-9223372036854775808", INT64_MIN, INT64_MAX, &v, NULL, 0) == 0 && v == INT64_MIN);
    CHECK(num_i64("9223372036854775807", INT64_MIN, INT64_MAX, &v, NULL, 0) == 0 && v == INT64_MAX);
    CHECK(num_i64("-9223372036854775809", INT64_MIN, INT64_MAX, &v, NULL, 0) == -1);
    CHECK(num_i64("9223372036854775808", INT64_MIN, INT64_MAX, &v, NULL, 0) == -1);
    CHECK(num_i64("-0", -5, 5, &v, NULL, 0) == 0 && v == 0);
    CHECK(num_i64("-5", -5, 5, &v, NULL, 0) == 0 && v == -5);
    CHECK(num_i64("-6", -5, 5, &v, err, sizeof err) == -1);
    CHECKF(!strcmp(err, "not an integer from -5 to 5"), "err '%s'", err);
    static const char *const bad[] = { "", "-", "--1", "+1", " 1", "1 ", "-+1", "- 1", "1-", "0x1", "3.0" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(num_i64(bad[i], INT64_MIN, INT64_MAX, &v, NULL, 0) == -1, "accepted '%s'", bad[i]);
}

static void num_hex_checksums(void)
{
    uint64_t v = 0;
    CHECK(num_hex("0badF00d", 0xffffffffu, &v, NULL, 0) == 0 && v == 0x0badf00d);
    CHECK(num_hex("ffffffff", 0xffffffffu, &v, NULL, 0) == 0 && v == 0xffffffffu);
    CHECK(num_hex("100000000", 0xffffffffu, &v, NULL, 0) == -1);
    CHECK(num_hex("ffffffffffffffffff", UINT64_MAX, &v, NULL, 0) == -1);
    static const char *const bad[] = { "", "0xff", " ff", "ff ", "+ff", "-1", "-ffffffff", "fg" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(num_hex(bad[i], 0xffffffffu, &v, NULL, 0) == -1, "accepted '%s'", bad[i]);
}

static void num_double_decimal_fractions(void)
{
    double v = 0;
    char err[100];
    static const struct { const char *s; double v; } good[] = {
        { "0", 0 }, { "0.5", 0.5 }, { ".5", 0.5 }, { "5.", 5 }, { "-1.25", -1.25 }, { "1e-4", 1e-4 },
        { "-1E+3", -1000 }, { "1e-400", 0 }, /* an underflow is 0, as strtod has it */
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        CHECKF(num_double(good[i].s, -HUGE_VAL, HUGE_VAL, &v, NULL, 0) == 0 && v == good[i].v, "'%s'", good[i].s);
    static const char *const bad[] = {
        "", ".", "-", "e5", "1e", "1e+", "+1", " 1", "1 ", "inf", "-inf", "nan", "infinity", "0x1p3", "0x10",
        "1e400", "-1e400", "1,5", "1.2.3", "--1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(num_double(bad[i], -HUGE_VAL, HUGE_VAL, &v, err, sizeof err) == -1, "accepted '%s'", bad[i]);
    CHECKF(!strcmp(err, "not a finite decimal number"), "err '%s'", err);
    CHECK(num_double("1e9", 0, 1e9, &v, NULL, 0) == 0);
    CHECK(num_double("1000000001", 0, 1e9, &v, err, sizeof err) == -1);
    CHECKF(!strcmp(err, "not a decimal number from 0 to 1e+09"), "err '%s'", err);
    CHECK(num_double("-0.001", 0, 1e9, &v, NULL, 0) == -1);
}

/* The input with leading zeros dropped ("-0..." as "0"): what printing the
 * value back must give. */
static void canonical(const char *s, char *out)
{
    int neg = *s == '-';
    s += neg;
    while (*s == '0' && s[1])
        s++;
    sprintf(out, "%s%s", neg && strcmp(s, "0") ? "-" : "", s);
}

/* Random strings over digits, signs, spaces, points and junk: whatever the
 * parsers accept must print back as typed, and agree with strtoull/strtoll/
 * strtod on the same text; a plain in-range decimal must be accepted. */
static void num_random_strings_round_trip(void)
{
    static const char alphabet[] = "0123456789000111999--+ .eExX\t\n/a\x1b";
    xoshiro256 rng;
    xoshiro_seed(&rng, 8);
    int accepted = 0;
    for (int t = 0; t < 200000; t++) {
        char s[32], back[48], canon[40];
        int len = (int)xoshiro_below(&rng, 26);
        for (int i = 0; i < len; i++)
            s[i] = alphabet[xoshiro_below(&rng, sizeof alphabet - 1)];
        if (t % 3 == 0) /* many plain digit strings, near and past 2^64 */
            for (int i = 0; i < len; i++)
                s[i] = (char)('0' + xoshiro_below(&rng, 10));
        s[len] = 0;
        int digits_only = len > 0 && strspn(s, "0123456789") == (size_t)len;
        uint64_t u;
        if (num_u64(s, 0, UINT64_MAX, &u, NULL, 0) == 0) {
            accepted++;
            canonical(s, canon);
            snprintf(back, sizeof back, "%llu", (unsigned long long)u);
            CHECKF(!strcmp(back, canon), "u64 '%s' read as %s", s, back);
            CHECKF(strtoull(s, NULL, 10) == u, "u64 '%s'", s);
        } else if (digits_only) {
            canonical(s, canon);
            CHECKF(strlen(canon) > 20 || (strlen(canon) == 20 && strcmp(canon, "18446744073709551615") > 0),
                   "u64 refused '%s'", s);
        }
        int64_t i64;
        if (num_i64(s, INT64_MIN, INT64_MAX, &i64, NULL, 0) == 0) {
            canonical(s, canon);
            snprintf(back, sizeof back, "%lld", (long long)i64);
            CHECKF(!strcmp(back, canon), "i64 '%s' read as %s", s, back);
            CHECKF(strtoll(s, NULL, 10) == i64, "i64 '%s'", s);
        }
        double d;
        if (num_double(s, -HUGE_VAL, HUGE_VAL, &d, NULL, 0) == 0) {
            char *end;
            double again = strtod(s, &end);
            CHECKF(*end == 0 && again == d && isfinite(d), "double '%s'", s);
            const char *plus = strchr(s, '+'); /* only an exponent's sign */
            CHECKF(strspn(s, "0123456789-.eE+") == (size_t)len && (!plus || (plus > s && (plus[-1] | 0x20) == 'e')),
                   "double '%s' has other characters", s);
            snprintf(back, sizeof back, "%.17g", d);
            CHECKF(strtod(back, NULL) == d, "double '%s' prints as %s", s, back);
        }
    }
    CHECKF(accepted > 10000, "only %d strings accepted: the test tests little", accepted);
}

static void msg_escape_control_bytes(void)
{
    char out[64];
    CHECK(!strcmp(msg_escape(out, sizeof out, "a\x1b[31mb"), "a\\x1b[31mb"));
    CHECK(!strcmp(msg_escape(out, sizeof out, "x\ny\tz\r"), "x\\ny\\tz\\r"));
    CHECK(!strcmp(msg_escape(out, sizeof out, "del\x7f bell\a"), "del\\x7f bell\\x07"));
    CHECK(!strcmp(msg_escape(out, sizeof out, "caf\xc3\xa9 \xe2\x9c\x93"), "caf\xc3\xa9 \xe2\x9c\x93"));
    CHECK(!strcmp(msg_escape(out, sizeof out, "bad\xff\xc3"), "bad\\xff\\xc3"));
    CHECK(!strcmp(msg_escape(out, sizeof out, "c1\xc2\x9b"), "c1\\xc2\\x9b"));         /* CSI as a C1 */
    CHECK(!strcmp(msg_escape(out, sizeof out, "long\xc0\xaf"), "long\\xc0\\xaf"));       /* overlong '/' */
    CHECK(!strcmp(msg_escape(out, sizeof out, "sur\xed\xa0\x80"), "sur\\xed\\xa0\\x80")); /* a surrogate */
    CHECK(!strcmp(msg_escape(out, sizeof out, "back\\slash"), "back\\slash"));
    char twice[64];
    msg_escape(out, sizeof out, "\x1b\n\\x");
    CHECK(!strcmp(msg_escape(twice, sizeof twice, out), out)); /* escaping twice changes nothing */
    CHECK(msg_escaped_size("\x1b") == 5);
}

static void msg_escape_keeps_head_and_tail(void)
{
    char *path = malloc(5001), out[MSG_PATH_SIZE];
    REQUIRE(path);
    memset(path, 'a', 5000);
    memcpy(path, "/head/", 6);
    memcpy(path + 5000 - 6, "/tail!", 6);
    path[5000] = 0;
    msg_escape(out, sizeof out, path);
    CHECKF(strlen(out) == sizeof out - 1, "length %zu", strlen(out));
    CHECK(!strncmp(out, "/head/", 6));
    CHECK(!strcmp(out + strlen(out) - 6, "/tail!"));
    CHECK(strstr(out, "...") != NULL);
    const char *m = MSG_PATH(path);
    CHECK(strlen(m) < MSG_PATH_SIZE && strstr(m, "..."));
    free(path);
    /* It always fits, and the head and tail are whole escapes and characters:
     * the cut points are boundaries between the escaped pieces. */
    xoshiro256 rng;
    xoshiro_seed(&rng, 3);
    static const char pieces[][4] = { "a", "\x1b", "\n", "\xc3\xa9", "\xe2\x9c\x93", "\xff", "\\" };
    for (int t = 0; t < 2000; t++) {
        char s[200] = "", full[800], small[40];
        bool boundary[800] = { true };
        size_t at = 0;
        int n = (int)xoshiro_below(&rng, 60);
        for (int i = 0; i < n; i++) {
            char piece[24];
            const char *raw = pieces[xoshiro_below(&rng, sizeof pieces / sizeof *pieces)];
            strcat(s, raw);
            at += strlen(msg_escape(piece, sizeof piece, raw));
            boundary[at] = true;
        }
        msg_escape(full, sizeof full, s);
        size_t size = 8 + (size_t)xoshiro_below(&rng, sizeof small - 8);
        msg_escape(small, size, s);
        size_t len = strlen(small);
        CHECKF(len < size, "'%s' in %zu bytes", small, size);
        const char *dots = strstr(small, "...");
        if (!dots) {
            CHECKF(!strcmp(small, full), "'%s' is not '%s'", small, full);
            continue;
        }
        size_t head = (size_t)(dots - small), tail = len - head - 3, flen = strlen(full);
        CHECKF(flen >= size, "'%s' fits in %zu bytes but was cut", full, size);
        CHECKF(!strncmp(small, full, head) && !strcmp(dots + 3, full + flen - tail), "'%s' from '%s'", small, full);
        CHECKF(boundary[head] && boundary[flen - tail], "'%s' cuts '%s' inside an escape or character", small, full);
    }
}

/* core/jsonw: what jsonw_string makes of s, and that the stream form
 * writes the same bytes. */
static bool json_is(const char *s, const char *want)
{
    buf b = { 0 };
    jsonw_string(&b, s);
    bool same = !b.failed && b.len == strlen(want) && !memcmp(b.data, want, b.len);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        jsonw_fstring(f, s);
        fclose(f);
    }
    same = same && text && len == strlen(want) && !memcmp(text, want, len);
    if (!same)
        check_fail(__FILE__, __LINE__, "%s: got %.*s / %s, want %s", s, (int)b.len, (const char *)b.data,
                   text ? text : "(none)", want);
    buf_free(&b);
    free(text);
    return same;
}

/* Quotes, backslashes, control characters and DEL are escaped. */
static void jsonw_escapes_strings(void)
{
    CHECK(json_is("plain", "\"plain\""));
    CHECK(json_is("a\"b\\c", "\"a\\\"b\\\\c\""));
    CHECK(json_is("t\tn\nr\r", "\"t\\tn\\nr\\r\""));
    CHECK(json_is("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\""));
    CHECK(json_is("", "\"\""));
}

/* The page form: '<' and U+2028/U+2029 escaped besides, nothing else changed. */
static void jsonw_script_string_escapes_markup(void)
{
    buf b = { 0 };
    jsonw_script_string(&b, "</script>\xe2\x80\xa8\xe2\x80\xa9\xe2\x80\xaa\"\xff");
    const char *want = "\"\\u003c/script>\\u2028\\u2029\xe2\x80\xaa\\\"\xef\xbf\xbd\"";
    CHECKF(!b.failed && b.len == strlen(want) && !memcmp(b.data, want, b.len), "%.*s", (int)b.len,
           (const char *)b.data);
    buf_free(&b);
}

/* Valid UTF-8 passes as it is; each byte of an invalid sequence (a stray
 * continuation, a cut-short character, an overlong form, a surrogate, past
 * U+10FFFF) becomes U+FFFD, so the output is always valid UTF-8. */
static void jsonw_validates_utf8(void)
{
    CHECK(json_is("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\""));
    CHECK(json_is("a\xff" "b", "\"a\xef\xbf\xbd" "b\""));
    CHECK(json_is("\x80", "\"\xef\xbf\xbd\""));
    CHECK(json_is("\xe2\x82", "\"\xef\xbf\xbd\xef\xbf\xbd\""));          /* cut short */
    CHECK(json_is("\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\""));          /* overlong '/' */
    CHECK(json_is("\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"")); /* a surrogate */
    CHECK(json_is("\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"")); /* > U+10FFFF */
}

/* JSON has no NaN or infinity: every writer of numbers says null. */
static void jsonw_non_finite_numbers_are_null(void)
{
    const double bad[] = { NAN, INFINITY, -INFINITY };
    for (int i = 0; i < 3; i++) {
        char text[40];
        jsonw_format_double(text, sizeof text, bad[i]);
        CHECKF(!strcmp(text, "null"), "%s", text);
        buf b = { 0 };
        jsonw_double(&b, bad[i]);
        CHECK(b.len == 4 && !memcmp(b.data, "null", 4));
        buf_free(&b);
        char *s = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&s, &len);
        REQUIRE(f);
        jsonw_fnum(f, "%.6g", bad[i]);
        fclose(f);
        CHECKF(s && !strcmp(s, "null"), "%s", s ? s : "");
        free(s);
    }
    char text[40];
    jsonw_format_double(text, sizeof text, 1.0 / 3);
    CHECKF(strtod(text, NULL) == 1.0 / 3, "%s", text);
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    REQUIRE(f);
    jsonw_fnum(f, "%.3f", 2.5);
    fclose(f);
    CHECKF(s && !strcmp(s, "2.500"), "%s", s ? s : "");
    free(s);
}

/* The member writers: the comma unless first, the key escaped, the value in
 * its form; key NULL writes an array's element. */
#define STREAM_IS(want, ...)                                                                   \
    do {                                                                                       \
        char *s_ = NULL;                                                                       \
        size_t n_ = 0;                                                                         \
        FILE *f = open_memstream(&s_, &n_);                                                    \
        REQUIRE(f);                                                                            \
        __VA_ARGS__;                                                                           \
        fclose(f);                                                                             \
        CHECKF(s_ && !strcmp(s_, want), "got %s, want %s", s_ ? s_ : "(none)", want);         \
        free(s_);                                                                              \
    } while (0)

static void jsonw_fkv_members(void)
{
    STREAM_IS("\"a\":0.500", jsonw_fkv_num(f, "a", "%.3f", 0.5, 1));
    STREAM_IS(",\"a\":null", jsonw_fkv_num(f, "a", "%.3f", NAN, 0));
    STREAM_IS(",\"a\":null,null", jsonw_fkv_num(f, "a", "%.0f", INFINITY, 0);
              jsonw_fkv_num(f, NULL, "%g", -INFINITY, 0));
    STREAM_IS("[1,2.5]", fputc('[', f); jsonw_fkv_num(f, NULL, "%g", 1, 1); jsonw_fkv_num(f, NULL, "%g", 2.5, 0);
              fputc(']', f));
    STREAM_IS("\"n\":-9223372036854775808", jsonw_fkv_int(f, "n", INT64_MIN, 1));
    STREAM_IS(",\"n\":42,7", jsonw_fkv_int(f, "n", 42, 0); jsonw_fkv_int(f, NULL, 7, 0));
    STREAM_IS("\"u\":18446744073709551615", jsonw_fkv_uint(f, "u", UINT64_MAX, 1));
    STREAM_IS("0,1", jsonw_fkv_uint(f, NULL, 0, 1); jsonw_fkv_uint(f, NULL, 1, 0));
    STREAM_IS(",\"k\\\"\":\"a\\nb\xef\xbf\xbd\"", jsonw_fkv_str(f, "k\"", "a\nb\xff", 0));
    STREAM_IS("\"s\",\"t\"", jsonw_fkv_str(f, NULL, "s", 1); jsonw_fkv_str(f, NULL, "t", 0));
    STREAM_IS("\"b\":true,\"c\":false", jsonw_fkv_bool(f, "b", true, 1); jsonw_fkv_bool(f, "c", false, 0));
    STREAM_IS("\"k\":[,", jsonw_fkey(f, "k", 1); fputc('[', f); jsonw_fkey(f, NULL, 1); jsonw_fkey(f, NULL, 0));
}

const test_case tests_num[] = {
    { "num_u64_accepts_decimal_only", num_u64_accepts_decimal_only },
    { "num_u64_range_and_message", num_u64_range_and_message },
    { "num_i64_signs_and_bounds", num_i64_signs_and_bounds },
    { "num_hex_checksums", num_hex_checksums },
    { "num_double_decimal_fractions", num_double_decimal_fractions },
    { "num_random_strings_round_trip", num_random_strings_round_trip },
    { "msg_escape_control_bytes", msg_escape_control_bytes },
    { "msg_escape_keeps_head_and_tail", msg_escape_keeps_head_and_tail },
    { "jsonw_escapes_strings", jsonw_escapes_strings },
    { "jsonw_validates_utf8", jsonw_validates_utf8 },
    { "jsonw_script_string_escapes_markup", jsonw_script_string_escapes_markup },
    { "jsonw_non_finite_numbers_are_null", jsonw_non_finite_numbers_are_null },
    { "jsonw_fkv_members", jsonw_fkv_members },
    { NULL, NULL },
};
