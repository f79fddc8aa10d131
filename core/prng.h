/* prng.h — the toolkit's named random number generators.
 *
 * splitmix64 expands a seed; xoshiro256** is the workhorse.  Both are fully
 * specified, so a seed means the same stream on every machine.  rand() is
 * never used.  State is always the caller's: no hidden globals. */
#ifndef TRIAD_PRNG_H
#define TRIAD_PRNG_H

#include <stdint.h>

typedef struct { uint64_t s[4]; } xoshiro256;

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void xoshiro_seed(xoshiro256 *r, uint64_t seed)
{
    uint64_t sm = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&sm);
}

static inline uint64_t xoshiro_next(xoshiro256 *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [0, n), n >= 1, without modulo bias (Lemire's method
 * with rejection). */
static inline uint64_t xoshiro_below(xoshiro256 *r, uint64_t n)
{
    unsigned __int128 m = (unsigned __int128)xoshiro_next(r) * n;
    uint64_t low = (uint64_t)m;
    if (low < n) {
        uint64_t threshold = -n % n;
        while (low < threshold) {
            m = (unsigned __int128)xoshiro_next(r) * n;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

/* A seed derived from two numbers, e.g. (run seed, game id): independent
 * streams for each pair. */
static inline uint64_t seed_mix(uint64_t a, uint64_t b)
{
    uint64_t s = a ^ (b * 0xd1342543de82ef95ULL);
    splitmix64(&s);
    return splitmix64(&s);
}

#endif
