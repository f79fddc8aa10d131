/* record.c — what writers, readers and players of records agree on: the
 * seeds a run derives for each game, the ranks, the replay that recomputes
 * a game's result, and the comparison of two runs' parameters (see
 * record.h, docs/records.md). */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/prng.h"
#include "engine/game_codec.h"
#include "engine/players.h"
#include "engine/replay.h"
#include "engine/signature.h"
#include "record.h"

/* Distinguishes the setup stream from the games' stream of the same run. */
#define SETUP_SALT 0x7365747570ULL /* "setup" */

void rec_run_init(rec_run *run, const game_def *g, int players)
{
    memset(run, 0, sizeof *run);
    run->game = g;
    snprintf(run->rules_version, sizeof run->rules_version, "%s", g->rules_version);
    run->players = players;
    run->rotations = 1;
    run->replicates = 1;
    run->score_scale = g->score_denominator > 0 ? g->score_denominator : 2;
    run->shards = 1;
}

int rec_run_sign(rec_run *run, char *err, size_t n)
{
    run->engine_sig = game_engine_signature(run->game);
    if (!run->engine_sig) {
        snprintf(err, n, "game %s: its engine signature cannot be computed (a bench position of its own fails: "
                 "triad bench --game %s says which)", run->game->name, run->game->name);
        return -1;
    }
    return 0;
}

uint64_t rec_games_per_setup(const rec_run *run)
{
    return (uint64_t)(run->rotations > 1 ? run->rotations : 1) * (uint64_t)(run->replicates > 1 ? run->replicates : 1);
}

int rec_replicate(const rec_run *run, uint64_t id)
{
    uint64_t r = run->rotations > 1 ? (uint64_t)run->rotations : 1;
    return run->replicates > 1 ? (int)(id / r % (uint64_t)run->replicates) : 0;
}

uint64_t rec_setup_index(const rec_run *run, uint64_t id)
{
    return id / rec_games_per_setup(run);
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
    uint64_t r = rec_games_per_setup(run), setups = run->games / r;
    uint64_t n = run->shards > 1 ? run->shards : 1;
    uint64_t k = run->shards > 1 ? run->shard : 0, mine = setups > k ? (setups - k + n - 1) / n : 0;
    return r * mine;
}

int rec_game_winner(const rec_game *g)
{
    if (g->ending == 0)
        return -1;
    int best = 0, shared = 0, first = -1, firsts = 0;
    for (int s = 1; s < GAME_MAX_PLAYERS; s++)
        if (g->scores[s] > g->scores[best])
            best = s, shared = 0;
        else if (g->scores[s] == g->scores[best])
            shared = 1;
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        if (g->ranks[s] == 0) {
            if (g->scores[s] != g->scores[best])
                return shared ? -1 : best; /* ranks not filled in (a game made by hand): the scores decide */
            first = s, firsts++;
        }
    return firsts == 1 ? first : -1;
}

int rec_game_rank(const rec_game *g, int players, int seat)
{
    int above = 0;
    bool ok = g->ranks[seat] >= 0 && g->ranks[seat] < players;
    for (int j = 0; j < players; j++) {
        above += g->scores[j] > g->scores[seat];
        for (int k = 0; ok && k < players; k++)
            ok = !(g->scores[j] > g->scores[k]) || g->ranks[j] < g->ranks[k];
    }
    return ok ? g->ranks[seat] : above;
}

void rec_game_ranks_from_scores(rec_game *g, int players)
{
    memset(g->ranks, 0, sizeof g->ranks);
    for (int s = 0; s < players && (g->ending || g->forfeit); s++) /* a forfeit is decided by its scores */
        for (int t = 0; t < players; t++)
            g->ranks[s] += g->scores[t] > g->scores[s];
    for (int s = players; s < GAME_MAX_PLAYERS; s++)
        g->ranks[s] = GAME_MAX_PLAYERS; /* no seat: never first */
}

void rec_game_set_ranks(const game_def *gd, const void *s, rec_game *g)
{
    int players = gd->players(s);
    if (!gd->over(s) || !gd->rank) {
        rec_game_ranks_from_scores(g, players);
        return;
    }
    int ranks[GAME_MAX_PLAYERS] = { 0 };
    gd->rank(s, ranks);
    for (int k = 0; k < GAME_MAX_PLAYERS; k++)
        g->ranks[k] = k < players ? ranks[k] : GAME_MAX_PLAYERS;
}

void rec_forfeit_scores(const rec_run *run, int seat, double scores[GAME_MAX_PLAYERS])
{
    int scale = run->score_scale > 0 ? run->score_scale : 2;
    double share = floor(run->game->score_max / (run->players - 1) * scale + 1e-9) / scale;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        scores[i] = i < run->players && i != seat ? share : 0;
}

/* rec_game_replay's visitor: stops before an action that is not legal
 * where it stands (none is once the game is over). */
typedef struct legal_walk {
    const game_def *gd;
    const rec_game *g;
} legal_walk;

static int stop_before_illegal(void *ctx, const void *s, int ply)
{
    const legal_walk *w = ctx;
    return ply < w->g->nactions && game_index_encode(w->gd, s, w->g->actions[ply]) == UINT32_MAX;
}

int rec_game_replay(const game_def *gd, rec_game *g, char *err, size_t n)
{
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, g->start, gd->state_size);
    int turns0 = gd->turns(s);
    int played = game_replay(gd, s, g->actions, g->nactions, NULL, stop_before_illegal, &(legal_walk){ gd, g });
    if (played < g->nactions) {
        snprintf(err, n, "action %d (0x%04x) is illegal", played + 1, (unsigned)g->actions[played]);
        return -1;
    }
    memset(g->scores, 0, sizeof g->scores);
    g->ending = gd->over(s) ? gd->ending(s) : 0;
    if (g->ending)
        gd->outcome(s, g->scores);
    rec_game_set_ranks(gd, s, g);
    g->turns = gd->turns(s) - turns0;
    return 0;
}

const char *rec_start_name(const rec_run *run, int setup)
{
    return run->npositions ? "positions" : rec_setup_name(run, setup);
}

const char *rec_setup_name(const rec_run *run, int setup)
{
    const char *const *names = run->game->setup_names;
    for (int i = 0; names[i]; i++)
        if (i == setup)
            return names[i];
    return "?";
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
 * forms agree (so "ab:depth=1" is "ab:tt=16,depth=1", and an old TZAAR
 * record's wsum= is the same file's wcrc=), or, for a spec that is not an
 * engine player's (an import's "lg:NAME"), the texts do. */
static bool same_player(const game_def *gd, const char *a, const char *b)
{
    char ca[GPLAYER_SPEC_MAX], cb[GPLAYER_SPEC_MAX], err[200];
    if (!strcmp(a, b))
        return true;
    return !gplayer_canonical(gd, a, true, ca, sizeof ca, err, sizeof err) &&
           !gplayer_canonical(gd, b, true, cb, sizeof cb, err, sizeof err) && !strcmp(ca, cb);
}

int rec_run_diff(const rec_run *a, const rec_run *b, int flags, const char *an, const char *bn,
                 char *msg, size_t n)
{
    static const char *const sources[] = { "self-play", "import" };
    unsigned long long ag = a->games, bg = b->games, as = a->seed, bs = b->seed;
    if (a->game != b->game)
        return differ(msg, n, "--game %s in %s, %s in %s", a->game->name, an, b->game->name, bn);
    if (a->source != b->source)
        return differ(msg, n, "a %s run in %s, %s in %s", sources[a->source & 1], an, sources[b->source & 1], bn);
    if (a->players != b->players)
        return differ(msg, n, "--nplayers %d in %s, %d in %s", a->players, an, b->players, bn);
    if ((flags & REC_DIFF_GAMES) && ag != bg)
        return differ(msg, n, "--games %llu in %s, %llu in %s", ag, an, bg, bn);
    if (as != bs)
        return differ(msg, n, "--seed %llu in %s, %llu in %s", as, an, bs, bn);
    if (a->setup != b->setup)
        return differ(msg, n, "--setup %s in %s, %s in %s", rec_setup_name(a, a->setup), an,
                      rec_setup_name(b, b->setup), bn);
    /* A game whose records format 1 knew --paired (TZAAR) keeps its word. */
    if (a->game->records_v1 && (a->rotations == 2) != (b->rotations == 2))
        return differ(msg, n, "%s in %s, %s in %s", a->rotations == 2 ? "--paired" : "no --paired", an,
                      b->rotations == 2 ? "--paired" : "no --paired", bn);
    if (a->rotations != b->rotations || a->rotate != b->rotate)
        return differ(msg, n, "--rotations %d in %s, %d in %s", a->rotations, an, b->rotations, bn);
    if (a->replicates != b->replicates)
        return differ(msg, n, "--replicates %d in %s, %d in %s", a->replicates, an, b->replicates, bn);
    if (a->npositions != b->npositions || a->positions_sum != b->positions_sum)
        return differ(msg, n, "--positions: %llu positions (checksum %016llx) in %s, %llu (%016llx) in %s",
                      (unsigned long long)a->npositions, (unsigned long long)a->positions_sum, an,
                      (unsigned long long)b->npositions, (unsigned long long)b->positions_sum, bn);
    for (int s = 0; s < a->players; s++)
        if (!same_player(a->game, a->specs[s], b->specs[s])) {
            char seat[16]; /* the seat's name (TZAAR's White), else "seat K" */
            return differ(msg, n, "%s's player %s in %s, %s in %s", game_seat_name(a->game, s, seat), a->specs[s],
                          an, b->specs[s], bn);
        }
    if ((flags & REC_DIFF_SHARD) && (a->shard != b->shard || a->shards != b->shards))
        return differ(msg, n, "--shard %u/%u in %s, %u/%u in %s", a->shard, a->shards, an, b->shard,
                      b->shards, bn);
    return 0;
}
