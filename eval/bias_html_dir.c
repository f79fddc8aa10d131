/* bias_html_dir.c — the folder of `triad bias --html DIR` (bias_html.h):
 * checked before the analysis, built beside DIR and swapped in whole, as
 * `triad view` builds its site (view/site.c), so a failed run leaves
 * nothing behind (before, DIR/plots stayed and the rerun was refused). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/dirs.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "bias_html.h"

/* What a page's folder holds; --force replaces a folder holding nothing
 * else (plus the temporary files an older triad, which wrote in place,
 * left in it). */
static bool page_entry(const char *name, bool dir)
{
    static const char *const files[] = { "index.html", "one-sided-ids.txt", NULL }, *const dirs[] = { "plots", "games",
                                                                                                   NULL };
    const char *const *list = dir ? dirs : files;
    const char *tmp = strstr(name, ".tmp-");
    size_t len = tmp && strlen(tmp) == 11 ? (size_t)(tmp - name) : strlen(name);
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == len && !strncmp(name, list[i], len))
            return true;
    return false;
}

/* Whether dir holds a page and nothing else, plain files and folders
 * only: a link is never a page's, so --force never follows one. */
static int only_page_files(const char *dir, char *err, size_t n)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        snprintf(err, n, "cannot read %s: %s", MSG_PATH(dir), strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (!rc && (e = readdir(d))) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
            snprintf(err, n, "cannot read %s/%s: %s", MSG_PATH(dir), MSG_PATH(e->d_name), strerror(errno));
            rc = -1;
        } else if ((!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) || !page_entry(e->d_name, S_ISDIR(st.st_mode))) {
            snprintf(err, n, "%s holds %s%s, which is not part of a bias --html page: --force replaces a page "
                     "only (move it away, or give another --html)", MSG_PATH(dir), MSG_PATH(e->d_name),
                     S_ISLNK(st.st_mode) ? " (a link)" : "");
            rc = -1;
        }
    }
    closedir(d);
    return rc;
}

int bias_html_check(const char *dir, bool force, char *err, size_t n)
{
    struct stat st;
    if (lstat(dir, &st))
        return 0;
    if (!S_ISDIR(st.st_mode))
        return snprintf(err, n, "cannot write %s: not a folder", MSG_PATH(dir)), -1;
    if (!fio_dir_has_files(dir))
        return 0;
    if (!force)
        return snprintf(err, n, "%s exists and has files (give --force to replace it)", MSG_PATH(dir)), -1;
    return only_page_files(dir, err, n);
}

int bias_write_html(const bias_result *r, const char *const *files, int nfiles, const char *dir, bool force,
                    char *err, size_t n)
{
    char target[8192];
    fio_tmpdir t;
    if (bias_html_check(dir, force, err, n) || fio_tmpdir_beside(&t, dir, target, sizeof target, err, n))
        return -1;
    int rc = bias_html_write_page(r, files, nfiles, t.path, err, n);
    if (!rc)
        rc = fio_tmpdir_commit(&t, target, force, err, n);
    fio_tmpdir_remove(&t); /* what is left of a failed run (nothing after a commit) */
    return rc;
}
