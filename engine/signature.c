/* signature.c — perft and search signatures over a game's bench positions,
 * and the cached engine signature (signature.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "signature.h"
#include "core/debug.h"

int game_signature_depth(int depth, int reduce)
{
    if (depth <= 0)
        return 0;
    return depth - reduce > 0 ? depth - reduce : 1;
}

/* FNV-1a, 64 bits: small, fixed forever, and the inputs are not chosen by
 * an adversary. */
static uint64_t fnv_bytes(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* A count as 8 bytes, least significant first, whatever the machine's order. */
static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> 8 * i);
    return fnv_bytes(h, b, sizeof b);
}

/* Runs the suite at the depths less reduce: the sums, and into *hash (when
 * not NULL) the game's name and every count in order. */
static int run_suite(const game_def *g, int reduce, uint64_t *perft, uint64_t *search, uint64_t *hash, char *err,
                     size_t n)
{
    *perft = *search = 0;
    uint64_t h = fnv_bytes(0xcbf29ce484222325ULL, g->name, strlen(g->name) + 1);
    void *s = malloc(g->state_size), *scratch = NULL; /* the searcher, kept from one position to the next */
    if (!s) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    int rc = 0;
    for (const game_bench_pos *b = g->bench ? g->bench->positions : NULL; b && b->name && !rc; b++) {
        char why[256];
        if (game_bench_start(g, s, (int)(b - g->bench->positions), why, sizeof why)) {
            snprintf(err, n, "%s bench position '%s': %s", g->name, b->name, why);
            rc = -1;
            break;
        }
        uint64_t leaves = g->bench->perft(s, game_signature_depth(b->perft_depth, reduce));
        int sd = game_signature_depth(b->search_depth, reduce);
        uint64_t nodes = g->bench->search_nodes && sd ? g->bench->search_nodes(&scratch, s, sd) : 0;
        if (nodes == UINT64_MAX) {
            snprintf(err, n, "%s bench position '%s': out of memory for the search", g->name, b->name);
            rc = -1;
        }
        *perft += leaves;
        *search += nodes;
        h = fnv_u64(fnv_u64(h, leaves), nodes);
    }
    free(s);
    if (scratch && g->bench->search_scratch_free)
        g->bench->search_scratch_free(scratch);
    if (hash)
        *hash = h ? h : 1; /* 0 means "could not compute" */
    return rc;
}

int game_signature_sums(const game_def *g, int reduce, uint64_t *perft, uint64_t *search, char *err, size_t n)
{
    return run_suite(g, reduce, perft, search, NULL, err, n);
}

/* The process-wide cache.  A global because the signature is a property of
 * the program itself, the same for every caller; the mutex makes concurrent
 * first calls (self-play workers) compute it once.  Games past the table's
 * size are computed on every call, still correctly. */
#define CACHE_GAMES 16
static struct {
    const game_def *game;
    uint64_t signature;
} cache[CACHE_GAMES];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t game_engine_signature(const game_def *g)
{
    pthread_mutex_lock(&cache_lock);
    int slot = 0;
    while (slot < CACHE_GAMES && cache[slot].game && cache[slot].game != g)
        slot++;
    uint64_t sig = slot < CACHE_GAMES && cache[slot].game ? cache[slot].signature : 0;
    if (!sig) {
        uint64_t perft, search;
        char err[256];
        /* Unchecked: see dbg_pause() in core/debug.h. */
        dbg_pause();
        int rc = run_suite(g, GAME_SIGNATURE_REDUCE, &perft, &search, &sig, err, sizeof err);
        dbg_resume();
        if (rc)
            sig = 0;
        else if (slot < CACHE_GAMES)
            cache[slot].game = g, cache[slot].signature = sig;
    }
    pthread_mutex_unlock(&cache_lock);
    return sig;
}
