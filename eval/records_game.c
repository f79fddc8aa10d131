/* records_game.c — see records_game.h. */
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "records/record.h"
#include "records_game.h"

/* The game of path's first header; NULL with the reader's error in err. */
static const game_def *file_game(const char *path, char *err, size_t n)
{
    rec_reader *r = rec_reader_open(path, err, n);
    if (!r)
        return NULL;
    const game_def *g = rec_reader_run(r)->game;
    rec_reader_close(r);
    return g;
}

/* The refusal of files[i] beside files[0]; -1. */
static int different_games(const char *const *files, int i, const game_def *first, const game_def *gi, char *err,
                           size_t n)
{
    snprintf(err, n, "records of different games: %s holds a %s run, %s a %s run", MSG_PATH(files[0]), first->name,
             MSG_PATH(files[i]), gi->name);
    return -1;
}

int records_game(const char *const *files, int nfiles, const char *want, const game_def **g, char *err,
                 size_t n)
{
    const game_def *asked = NULL, *seen = NULL;
    if (want && !(asked = game_find(want, err, n)))
        return -1;
    for (int i = 0; i < nfiles; i++) {
        const game_def *gi = file_game(files[i], err, n);
        if (!gi)
            return -1;
        if (asked && gi != asked) {
            snprintf(err, n, "--game %s, but %s holds a %s run", asked->name, MSG_PATH(files[i]), gi->name);
            return -1;
        }
        if (seen && gi != seen)
            return different_games(files, i, seen, gi, err, n);
        seen = gi;
    }
    *g = asked ? asked : seen;
    return *g ? 0 : (snprintf(err, n, "no records files"), -1);
}

int records_variants(const char *const *files, int nfiles, const game_def **out, int max, char *err, size_t n)
{
    int k = 0;
    for (int i = 0; i < nfiles; i++) {
        const game_def *gi = file_game(files[i], err, n);
        if (!gi)
            return -1;
        if (k && game_base(gi) != game_base(out[0]))
            return different_games(files, i, out[0], gi, err, n);
        int j = 0;
        while (j < k && out[j] != gi)
            j++;
        if (j == k && k == max) {
            snprintf(err, n, "records of more than %d variants of %s", max, game_base(gi)->name);
            return -1;
        }
        if (j == k)
            out[k++] = gi;
    }
    return k ? k : (snprintf(err, n, "no records files"), -1);
}
