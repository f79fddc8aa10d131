/* boardfind.c — finds and loads the boards once (board.h:
 * trid_board_init), for the game's init() hook.
 *
 * The boards are the files *.txt of a data/boards/ folder, the default
 * data/boards/hex5.txt first.  The data folder is core/datadir.h's: the
 * first that holds boards/hex5.txt.
 * A damaged board file is an error, not a reason to look further. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/datadir.h"
#include "board.h"

#define DEFAULT_BOARD "hex5.txt"
#define PATH_MAX_TRID DATA_PATH_MAX

/* The board tables: filled once by trid_board_init, then only read.  On the
 * heap, one per board file: 420 KB each, and a static array of
 * TRID_MAX_BOARDS of them put 3.4 MB of bss in every process, which
 * LeakSanitizer scans page by page at every exit under make test SAN=1. */
static trid_board *storage[TRID_MAX_BOARDS];
const trid_board *trid_boards[TRID_MAX_BOARDS + 1];

int trid_board_index(const char *name)
{
    for (int i = 0; trid_boards[i]; i++)
        if (!strcmp(trid_boards[i]->name, name))
            return i;
    return -1;
}

/* The boards folder to read, into out (core/datadir.h finds it); -1 when
 * no data folder holds the default board. */
static int find_folder(char *out, size_t n)
{
    char path[DATA_PATH_MAX];
    if (data_find("boards/" DEFAULT_BOARD, path, sizeof path))
        return -1;
    path[strlen(path) - strlen("/" DEFAULT_BOARD)] = 0;
    snprintf(out, n, "%s", path);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The other board files of the folder (*.txt but the default), sorted;
 * their count, or -1 when there are too many. */
static int other_files(const char *folder, char names[TRID_MAX_BOARDS][256])
{
    DIR *d = opendir(folder);
    char *list[TRID_MAX_BOARDS];
    int k = 0;
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        size_t len = strlen(e->d_name);
        if (len < 5 || len >= 256 || strcmp(e->d_name + len - 4, ".txt") || !strcmp(e->d_name, DEFAULT_BOARD))
            continue;
        if (k == TRID_MAX_BOARDS - 1) {
            k = -1;
            break;
        }
        snprintf(names[k], 256, "%s", e->d_name);
        list[k] = names[k];
        k++;
    }
    if (d)
        closedir(d);
    if (k > 1) {
        qsort(list, (size_t)k, sizeof *list, by_name);
        char sorted[TRID_MAX_BOARDS][256];
        for (int i = 0; i < k; i++)
            snprintf(sorted[i], 256, "%s", list[i]);
        memcpy(names, sorted, sizeof sorted[0] * (size_t)k);
    }
    return k;
}

int trid_board_init(char *err, size_t n)
{
    char folder[PATH_MAX_TRID], path[PATH_MAX_TRID + 260], names[TRID_MAX_BOARDS][256];
    if (find_folder(folder, sizeof folder)) {
        snprintf(err, n, "no board file data/boards/" DEFAULT_BOARD " (looked in $TRIAD_DATA, ./data, by the executable)");
        return -1;
    }
    int others = other_files(folder, names);
    if (others < 0) {
        snprintf(err, n, "more than %d board files in %s", TRID_MAX_BOARDS, folder);
        return -1;
    }
    for (int i = 0; i <= others; i++) {
        snprintf(path, sizeof path, "%s/%s", folder, i ? names[i - 1] : DEFAULT_BOARD);
        if (!storage[i] && !(storage[i] = malloc(sizeof *storage[i]))) {
            snprintf(err, n, "%s: out of memory for the board", path);
            return -1;
        }
        if (trid_board_load(storage[i], path, err, n))
            return -1;
        for (int j = 0; j < i; j++)
            if (!strcmp(storage[j]->name, storage[i]->name)) {
                snprintf(err, n, "%s: a second board named '%s'", path, storage[i]->name);
                return -1;
            }
        trid_boards[i] = storage[i];
    }
    return 0;
}
