/* datadir.c — see datadir.h. */
#define _GNU_SOURCE 1 /* dladdr */
#include <dlfcn.h>
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

/* The folder holding the file this code was loaded from: libtriad.so when
 * a program (python3, say) loaded the library, else the executable; "" when
 * unknown. */
static void code_dir(char *out, size_t n)
{
    Dl_info info;
    out[0] = 0;
    if (dladdr((void *)code_dir, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
        snprintf(out, n, "%s", info.dli_fname);
        *strrchr(out, '/') = 0;
    }
}

/* Looks for rel in dir/beside[i]/rel; 0 with the path in out, or -1. */
static int try_beside(const char *dir, const char *rel, char *out, size_t n)
{
    static const char *const beside[] = { "../data", "../../data", "../share/triad/data" };
    char cand[DATA_PATH_MAX];
    for (size_t i = 0; dir[0] && i < sizeof beside / sizeof *beside; i++) {
        snprintf(cand, sizeof cand, "%.600s/%s/%.500s", dir, beside[i], rel);
        if (!access(cand, F_OK))
            return snprintf(out, n, "%s", cand) < (int)n ? 0 : -1;
    }
    return -1;
}

int data_find(const char *rel, char *out, size_t n)
{
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
    if (!try_beside(dir, rel, out, n))
        return 0;
    code_dir(dir, sizeof dir);
    if (!try_beside(dir, rel, out, n))
        return 0;
    snprintf(out, n, "data/%s", rel);
    return -1;
}
