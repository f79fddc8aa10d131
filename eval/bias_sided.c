/* bias_sided.c — see bias_sided.h. */
#include <stdio.h>
#include <stdlib.h>
#include "bias_sided.h"

typedef struct game_key {
    uint64_t id, seq;
    int winner, turns, setup;
} game_key;

static int by_id(const void *a, const void *b)
{
    const game_key *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int by_turns(const void *a, const void *b)
{
    const bias_one_sided *x = a, *y = b;
    if (x->turns != y->turns)
        return x->turns - y->turns;
    if (x->file != y->file)
        return x->file - y->file;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Appends the one-sided groups of one rotated file to *out; a game read
 * before (seen: in an earlier file, or earlier in this one) is left out,
 * as the view site leaves it out. */
static int scan_file(const char *path, int file, rec_dedup *seen, bias_one_sided **out, size_t *nout, size_t *cap,
                     char *err, size_t n)
{
    rec_reader *r = rec_reader_open(path, err, n);
    if (!r)
        return -1;
    const rec_run *run = rec_reader_run(r);
    int R = run->rotations, N = run->players;
    if (R < 2 || R > GAME_MAX_PLAYERS) {
        rec_reader_close(r);
        return 0;
    }
    /* the arrangement changes seats when the pieces rotate: rotation r
     * puts the arrangement of seat a into seat (a + r) mod N */
    bool moves = run->rotate & REC_ROTATE_PIECES;
    rec_game *g = malloc(sizeof *g);
    game_key *keys = NULL;
    size_t nkeys = 0, capk = 0;
    int rc, status = 0;
    for (uint64_t seq = 0; g && (rc = rec_reader_next(r, g)) != REC_END;) {
        if (rc == REC_BAD)
            continue; /* bias_add_file() has reported it already */
        int added = rec_dedup_add(seen, rec_reader_run(r), g);
        if (added <= 0) {
            seq++;
            if (added < 0)
                break;
            continue;
        }
        if (nkeys == capk) {
            game_key *k = realloc(keys, (capk = capk ? 2 * capk : 1024) * sizeof *k);
            if (!k)
                break;
            keys = k;
        }
        keys[nkeys++] = (game_key){ g->id, seq++, rec_game_winner(g), g->turns, g->setup };
    }
    if (!g || rc == REC_GAME) /* stopped early: out of memory */
        status = -1, snprintf(err, n, "out of memory");
    if (nkeys)
        qsort(keys, nkeys, sizeof *keys, by_id);
    for (size_t i = 0; !status && i + (size_t)R <= nkeys; i++) {
        const game_key *a = &keys[i];
        if (a->id % (uint64_t)R)
            continue;
        bool one = true;
        int arrangement = -1, turns = 0;
        for (int k = 0; k < R && one; k++) {
            const game_key *b = &keys[i + (size_t)k];
            int held = b->winner < 0 ? -1 : moves ? ((b->winner - k) % N + N) % N : b->winner;
            one = b->id == a->id + (uint64_t)k && held >= 0 && (k == 0 || held == arrangement);
            arrangement = held;
            turns += b->turns;
        }
        if (!one)
            continue;
        if (*nout == *cap) {
            bias_one_sided *o = realloc(*out, (*cap = *cap ? 2 * *cap : 256) * sizeof *o);
            if (!o) {
                status = -1, snprintf(err, n, "out of memory");
                break;
            }
            *out = o;
        }
        bias_one_sided *o = &(*out)[(*nout)++];
        *o = (bias_one_sided){ file, R, a->id, { 0 }, turns, a->winner, a->setup };
        for (int k = 0; k < R; k++)
            o->seq[k] = keys[i + (size_t)k].seq;
    }
    free(keys);
    free(g);
    rec_reader_close(r);
    return status;
}

int bias_one_sided_find(const char *const *files, int nfiles, bias_one_sided **out, size_t *nout, char *err,
                        size_t n)
{
    bias_one_sided *o = NULL;
    size_t no = 0, cap = 0;
    rec_dedup seen = { 0 };
    for (int f = 0; f < nfiles; f++)
        if (scan_file(files[f], f, &seen, &o, &no, &cap, err, n))
            return rec_dedup_free(&seen), free(o), -1;
    rec_dedup_free(&seen);
    if (no) /* qsort() takes no NULL, even for 0 elements */
        qsort(o, no, sizeof *o, by_turns);
    *out = o;
    *nout = no;
    return 0;
}
