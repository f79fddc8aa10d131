/* dedup.c — see dedup.h.  Keys are 128 bits (two independent 64-bit
 * hashes), so a false "duplicate" needs a 128-bit collision. */
#include <stdlib.h>
#include <string.h>
#include "engine/players.h"
#include "core/prng.h"
#include "dedup.h"

typedef struct hash2 {
    uint64_t a, b;
} hash2;

static void mix(hash2 *h, uint64_t v)
{
    h->a = seed_mix(h->a ^ v, 0x6a09e667f3bcc909ULL);
    h->b = seed_mix(h->b + v, 0xbb67ae8584caa73bULL);
}

static void mix_string(hash2 *h, const char *s)
{
    size_t len = strlen(s);
    mix(h, len);
    for (size_t i = 0; i < len; i += 8) {
        uint64_t v = 0;
        memcpy(&v, s + i, len - i < 8 ? len - i : 8);
        mix(h, v);
    }
}

/* A stored spec in canonical form (records of format 1 store TZAAR specs
 * as given, and old TZAAR records wsum= where new ones have wcrc=); a
 * spec that is not an engine player's (an import's "lg:NAME") as it is. */
static void mix_player(hash2 *h, const rec_run *run, const char *spec)
{
    char canon[GPLAYER_SPEC_MAX], err[200];
    mix_string(h, gplayer_canonical(run->game, spec, true, canon, sizeof canon, err, sizeof err) ? spec : canon);
}

/* The identity of a self-play run: what determines its games (docs/records.md,
 * "Games read twice") — the game and its rules version, the seed, the setup,
 * the rotations and replicates, the players and the engine signature.  Not
 * the shard (it says which ids a file plays, not what they are), nor the
 * run's length (--games): game i is the same game in a run of 20 and of 40,
 * so `--games 20` and `--games 40` with the same seed share their first 20. */
static uint64_t run_identity(const rec_run *run)
{
    hash2 h = { 1, 2 };
    mix(&h, (uint64_t)run->source);
    mix(&h, run->seed);
    mix(&h, run->engine_sig);
    mix_string(&h, run->game->name);
    mix_string(&h, run->rules_version);
    mix(&h, (uint64_t)run->setup << 16 | (uint64_t)run->rotations << 8 | (uint64_t)run->rotate);
    if (run->replicates > 1) /* mixed in only when set: older identities stay */
        mix(&h, (uint64_t)run->replicates);
    if (run->npositions) { /* the same: a start list's count and checksum */
        mix(&h, run->npositions);
        mix(&h, run->positions_sum);
    }
    mix(&h, (uint64_t)run->players);
    for (int s = 0; s < run->players; s++)
        mix_player(&h, run, run->specs[s]);
    return h.a;
}

static hash2 game_key(rec_dedup *d, const rec_run *run, const rec_game *g)
{
    hash2 h = { 3, 4 };
    if (run->source == REC_SOURCE_SELFPLAY) {
        if (!d->have_last || memcmp(&d->last, run, sizeof *run)) {
            d->last = *run;
            d->have_last = true;
            d->run_key = run_identity(run);
        }
        mix(&h, d->run_key);
        mix(&h, g->id);
        return h;
    }
    mix_string(&h, run->game->name);
    for (int s = 0; s < run->players; s++)
        mix_string(&h, g->specs[s]);
    for (size_t i = 0; i + 8 <= run->game->state_size; i += 8) {
        uint64_t w;
        memcpy(&w, g->start + i, 8);
        mix(&h, w);
    }
    for (int j = 0; j < g->nactions; j++)
        mix(&h, (uint64_t)g->actions[j]);
    mix(&h, (uint64_t)g->nactions);
    return h;
}

static int grow(rec_dedup *d)
{
    uint64_t cap = d->cap ? d->cap * 2 : 1024;
    uint64_t (*keys)[2] = calloc(cap, sizeof *keys);
    if (!keys)
        return -1;
    for (uint64_t i = 0; i < d->cap; i++)
        if (d->keys[i][0] | d->keys[i][1]) {
            uint64_t j = d->keys[i][0] & (cap - 1);
            while (keys[j][0] | keys[j][1])
                j = (j + 1) & (cap - 1);
            keys[j][0] = d->keys[i][0];
            keys[j][1] = d->keys[i][1];
        }
    free(d->keys);
    d->keys = keys;
    d->cap = cap;
    return 0;
}

int rec_dedup_add(rec_dedup *d, const rec_run *run, const rec_game *g)
{
    if (2 * (d->n + 1) > d->cap && grow(d))
        return -1;
    hash2 k = game_key(d, run, g);
    if (!(k.a | k.b))
        k.b = 1; /* {0, 0} marks an empty slot */
    uint64_t j = k.a & (d->cap - 1);
    for (; d->keys[j][0] | d->keys[j][1]; j = (j + 1) & (d->cap - 1))
        if (d->keys[j][0] == k.a && d->keys[j][1] == k.b) {
            d->dropped++;
            return 0;
        }
    d->keys[j][0] = k.a;
    d->keys[j][1] = k.b;
    d->n++;
    return 1;
}

void rec_dedup_free(rec_dedup *d)
{
    free(d->keys);
    memset(d, 0, sizeof *d);
}
