/* datadir.c — see datadir.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "datadir.h"

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

int data_find(const char *rel, char *out, size_t n)
{
    static const char *const beside[] = { "../data", "../../data", "../share/triad/data" };
    char dir[1024], cand[DATA_PATH_MAX];
    const char *env = getenv("TRIAD_DATA");
    if (env && env[0]) {
        snprintf(cand, sizeof cand, "%.500s/%.500s", env, rel);
        if (!access(cand, F_OK))
            return snprintf(out, n, "%s", cand) < (int)n ? 0 : -1;
    }
    snprintf(cand, sizeof cand, "data/%.1000s", rel);
    if (!access(cand, F_OK))
        return snprintf(out, n, "%s", cand) < (int)n ? 0 : -1;
    exe_dir(dir, sizeof dir);
    for (size_t i = 0; dir[0] && i < sizeof beside / sizeof *beside; i++) {
        snprintf(cand, sizeof cand, "%.600s/%s/%.500s", dir, beside[i], rel);
        if (!access(cand, F_OK))
            return snprintf(out, n, "%s", cand) < (int)n ? 0 : -1;
    }
    snprintf(out, n, "data/%s", rel);
    return -1;
}
