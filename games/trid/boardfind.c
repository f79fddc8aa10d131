/* boardfind.c — finds and loads the default board once (board.h:
 * trid_board_init), for the game's init() hook.
 *
 * The board file is data/boards/hex5.txt.  It is looked for, in order:
 *   1. under $TRIAD_DATA (a data folder), when that is set;
 *   2. under data/ in the working directory (as data/weights/ is found);
 *   3. next to the executable: ../data (bin/triad in a checkout),
 *      ../../data (build/VARIANT/triad), ../share/triad/data (make install's
 *      PREFIX/bin/triad with PREFIX/share/triad/data).
 * The first file that exists is used; a damaged one is an error, not a
 * reason to look further. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "board.h"

#define DEFAULT_BOARD "boards/hex5.txt"

/* The board table: filled once by trid_board_init, then only read. */
static trid_board the_board;
const trid_board *trid_the_board;

/* The folder holding the running executable, or "" when unknown. */
static void exe_dir(char *out, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", out, n - 1);
    out[len > 0 ? len : 0] = 0;
    char *slash = strrchr(out, '/');
    if (slash)
        *slash = 0;
    else
        out[0] = 0;
}

int trid_board_init(char *err, size_t n)
{
    char dir[1024], paths[5][1100];
    const char *env = getenv("TRIAD_DATA");
    int k = 0;
    if (env && env[0])
        snprintf(paths[k++], sizeof paths[0], "%s/" DEFAULT_BOARD, env);
    snprintf(paths[k++], sizeof paths[0], "data/" DEFAULT_BOARD);
    exe_dir(dir, sizeof dir);
    if (dir[0]) {
        snprintf(paths[k++], sizeof paths[0], "%s/../data/" DEFAULT_BOARD, dir);
        snprintf(paths[k++], sizeof paths[0], "%s/../../data/" DEFAULT_BOARD, dir);
        snprintf(paths[k++], sizeof paths[0], "%s/../share/triad/data/" DEFAULT_BOARD, dir);
    }
    for (int i = 0; i < k; i++)
        if (!access(paths[i], F_OK)) {
            if (trid_board_load(&the_board, paths[i], err, n))
                return -1;
            trid_the_board = &the_board;
            return 0;
        }
    snprintf(err, n, "no board file data/" DEFAULT_BOARD " (looked in $TRIAD_DATA, ./data, by the executable)");
    return -1;
}
