/* record.c — what writers, readers and players of records agree on: the
 * seeds a run derives for each game, the recolouring of a paired game, the
 * replay that recomputes a game's result, and the comparison of two runs'
 * parameters (see record.h, docs/records.md). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "games/tzaar/movegen.h"
#include "games/tzaar/player.h"
#include "core/prng.h"
#include "games/tzaar/setup.h"
#include "record.h"

/* Distinguishes the setup stream from the games' stream of the same run. */
#define SETUP_SALT 0x7365747570ULL /* "setup" */

uint64_t rec_setup_index(const rec_run *run, uint64_t id)
{
    return run->paired ? id / 2 : id;
}

uint64_t rec_setup_seed(const rec_run *run, uint64_t k)
{
    return seed_mix(run->seed ^ SETUP_SALT, k);
}

uint64_t rec_game_seed(const rec_run *run, uint64_t id)
{
    return seed_mix(run->seed, id);
}

bool rec_in_shard(const rec_run *run, uint64_t id)
{
    return run->shards <= 1 || rec_setup_index(run, id) % run->shards == run->shard;
}

uint64_t rec_run_shard_games(const rec_run *run)
{
    if (run->source != REC_SOURCE_SELFPLAY)
        return 0;
    uint64_t setups = run->paired ? run->games / 2 : run->games, n = run->shards > 1 ? run->shards : 1;
    uint64_t k = run->shards > 1 ? run->shard : 0, mine = setups > k ? (setups - k + n - 1) / n : 0;
    return run->paired ? 2 * mine : mine;
}

void rec_recolour(position *p)
{
    position q;
    pos_clear(&q);
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            pos_put(&q, pt, c ^ 1, p->type[pt], p->height[pt]);
        }
    pos_finish(&q, p->phase == PHASE_PLACE ? p->side : WHITE, p->phase);
    *p = q;
}

int rec_game_replay(rec_game *g, char *err, size_t n)
{
    position p = g->start;
    int turns = 0;
    for (int j = 0; j < g->nactions; j++) {
        action a = g->actions[j];
        if (!action_is_legal(&p, a)) {
            snprintf(err, n, "action %d (0x%04x) is illegal", j + 1, a);
            return -1;
        }
        turns += p.phase == PHASE_OPENING || p.phase == PHASE_FIRST;
        undo u;
        pos_make(&p, a, &u);
    }
    g->winner = game_winner(&p, &g->ending);
    g->turns = turns;
    return 0;
}

static int differ(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int differ(char *msg, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
    return 1;
}

/* Whether two stored player specs name the same player: their canonical
 * forms agree (so "ab:depth=1" is "ab:tt=16,depth=1"), or, for a spec that
 * is not an engine player's (an import's "lg:NAME"), the texts do. */
static bool same_player(const char *a, const char *b)
{
    char ca[512], cb[512], err[8];
    if (!strcmp(a, b))
        return true;
    return !player_canonical(a, ca, sizeof ca, err, sizeof err) &&
           !player_canonical(b, cb, sizeof cb, err, sizeof err) && !strcmp(ca, cb);
}

int rec_run_diff(const rec_run *a, const rec_run *b, bool with_shard, const char *an, const char *bn,
                 char *msg, size_t n)
{
    static const char *const sources[] = { "self-play", "import" };
    unsigned long long ag = a->games, bg = b->games, as = a->seed, bs = b->seed;
    if (a->source != b->source)
        return differ(msg, n, "a %s run in %s, %s in %s", sources[a->source & 1], an, sources[b->source & 1], bn);
    if (ag != bg)
        return differ(msg, n, "--games %llu in %s, %llu in %s", ag, an, bg, bn);
    if (as != bs)
        return differ(msg, n, "--seed %llu in %s, %llu in %s", as, an, bs, bn);
    if (a->setup != b->setup)
        return differ(msg, n, "--setup %s in %s, %s in %s", setup_names[a->setup % SETUP_KINDS], an,
                      setup_names[b->setup % SETUP_KINDS], bn);
    if (a->paired != b->paired)
        return differ(msg, n, "%s in %s, %s in %s", a->paired ? "--paired" : "no --paired", an,
                      b->paired ? "--paired" : "no --paired", bn);
    if (!same_player(a->white, b->white))
        return differ(msg, n, "White's player %s in %s, %s in %s", a->white, an, b->white, bn);
    if (!same_player(a->black, b->black))
        return differ(msg, n, "Black's player %s in %s, %s in %s", a->black, an, b->black, bn);
    if (with_shard && (a->shard != b->shard || a->shards != b->shards))
        return differ(msg, n, "--shard %u/%u in %s, %u/%u in %s", a->shard, a->shards, an, b->shard,
                      b->shards, bn);
    return 0;
}
