/* num.h — the one number parser of triad: command-line options, player
 * specs, the engine protocol, SPRT parameters and weights files all read
 * their numbers here, so every number is held to the same rules.
 *
 * A number is the whole string and nothing else: no spaces before or after,
 * no '+', a '-' only where the range allows negative values, decimal digits
 * only (leading zeros are decimal, never octal; no "0x", no "inf" or "nan"),
 * and a value inside the caller's range; overflow is refused, never wrapped
 * or clamped.  Each function returns 0 and stores the value, or returns -1,
 * leaves *out alone and writes to err (when n > 0) why the string was
 * refused, naming the accepted range, e.g. "not an integer from 0 to 64";
 * the caller names the value (quoted with MSG_PATH from core/msg.h). */
#ifndef TRIAD_NUM_H
#define TRIAD_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Decimal digits, min <= value <= max. */
int num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *err, size_t n);

/* An optional '-' and decimal digits, min <= value <= max. */
int num_i64(const char *s, int64_t min, int64_t max, int64_t *out, char *err, size_t n);

/* Hexadecimal digits (either case, no "0x"), value <= max: checksums. */
int num_hex(const char *s, uint64_t max, uint64_t *out, char *err, size_t n);

/* A decimal fraction: an optional '-', digits with an optional '.' (at least
 * one digit on either side), then optionally e or E, a sign and digits.
 * Finite and min <= value <= max; pass -HUGE_VAL and HUGE_VAL for no bound.
 * A value too small to represent becomes 0 or a denormal, as strtod has it. */
int num_double(const char *s, double min, double max, double *out, char *err, size_t n);

#endif
