/* registry.c — the list of games (game.h: game_find, game_list).
 *
 * Adding a game is one line in all_games[].  Each game's init() runs
 * exactly once, under pthread_once, before any caller sees the game; a game
 * whose init fails is left out of the list, and game_find() reports why. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "games/game.h"

extern const game_def game_tzaar, game_race3, game_talat, game_trid;

static const game_def *const all_games[] = { &game_tzaar, &game_talat, &game_trid, &game_race3, NULL };
#define NGAMES (sizeof all_games / sizeof *all_games - 1)

/* The registry's state is process-wide by nature (the games are static
 * tables the whole program shares); pthread_once makes its one write safe. */
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
static const game_def *ready[NGAMES + 1];
static char failed[NGAMES][160]; /* why all_games[i] is not ready, or "" */

static void init_all(void)
{
    size_t k = 0;
    for (size_t i = 0; i < NGAMES; i++) {
        const game_def *g = all_games[i];
        char err[128] = "";
        if (!g->init || !g->init(err, sizeof err))
            ready[k++] = g;
        else
            snprintf(failed[i], sizeof failed[i], "game '%s' failed to initialise: %s", g->name,
                     err[0] ? err : "no reason given");
    }
    ready[k] = NULL;
}

const game_def *const *game_list(void)
{
    pthread_once(&registry_once, init_all);
    return ready;
}

const game_def *game_find(const char *name, char *err, size_t n)
{
    pthread_once(&registry_once, init_all);
    for (size_t i = 0; i < NGAMES; i++)
        if (!strcmp(name, all_games[i]->name)) {
            if (failed[i][0]) {
                snprintf(err, n, "%s", failed[i]);
                return NULL;
            }
            return all_games[i];
        }
    /* "unknown game 'x' (known: tzaar; test games: race3)" */
    size_t len = (size_t)snprintf(err, n, "unknown game '%.64s' (known:", name);
    for (int testing = 0; testing < 2; testing++) {
        const char *sep = testing ? "; test games: " : " ";
        for (size_t i = 0; i < NGAMES && len < n; i++)
            if (all_games[i]->testing_only == testing) {
                len += (size_t)snprintf(err + len, n - len, "%s%s", sep, all_games[i]->name);
                sep = ", ";
            }
    }
    if (len < n)
        snprintf(err + len, n - len, ")");
    return NULL;
}
