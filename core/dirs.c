/* dirs.c — see dirs.h. */
#define _GNU_SOURCE /* renameat2(), RENAME_EXCHANGE; flock() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "dirs.h"
#include "fileio.h"
#include "msg.h"

#define TREE_DEPTH_MAX 64 /* deeper than any folder triad writes */

/* Removes name in the folder dirfd and everything under it; a link is
 * removed as a link (fstatat and openat never follow one, so a folder
 * swapped for a link while this runs is not followed either).  at: the
 * folder name is in (AT_FDCWD: the working directory). */
static int remove_at(int at, const char *name, int depth)
{
    struct stat st;
    if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW))
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlinkat(at, name, 0) && errno != ENOENT ? -1 : 0;
    if (depth >= TREE_DEPTH_MAX) {
        errno = ELOOP;
        return -1;
    }
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int rc = 0, e = 0;
    struct dirent *ent;
    while ((ent = readdir(d)))
        if (strcmp(ent->d_name, ".") && strcmp(ent->d_name, "..") && remove_at(dirfd(d), ent->d_name, depth + 1))
            rc = -1, e = errno;
    closedir(d);
    if (unlinkat(at, name, AT_REMOVEDIR) && errno != ENOENT)
        rc = -1, e = errno;
    errno = e;
    return rc;
}

int fio_remove_tree(const char *path, char *err, size_t n)
{
    if (remove_at(AT_FDCWD, path, 0)) {
        snprintf(err, n, "cannot remove %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    return 0;
}

/* Removes PARENT/PREFIX?????? folders whose maker is gone: their lock can
 * be taken.  Held while removing, so two sweepers never share one. */
static void sweep(const char *parent, const char *prefix)
{
    size_t plen = strlen(prefix);
    DIR *d = opendir(parent);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st;
        if (strncmp(e->d_name, prefix, plen) || strlen(e->d_name) != plen + 6 ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode))
            continue;
        int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (!flock(fd, LOCK_EX | LOCK_NB))
            remove_at(dirfd(d), e->d_name, 0);
        close(fd);
    }
    closedir(d);
}

int fio_tmpdir_make(fio_tmpdir *t, const char *parent, const char *prefix, char *err, size_t n)
{
    t->path[0] = 0;
    t->lock = -1;
    sweep(parent, prefix);
    for (int tries = 0; tries < 3; tries++) {
        struct stat st;
        if ((size_t)snprintf(t->path, sizeof t->path, "%s/%sXXXXXX", parent, prefix) >= sizeof t->path) {
            snprintf(err, n, "cannot make a folder in %s: %s", MSG_PATH(parent), strerror(ENAMETOOLONG));
            t->path[0] = 0;
            return -1;
        }
        if (!mkdtemp(t->path)) {
            snprintf(err, n, "cannot make a folder in %s: %s", MSG_PATH(parent), strerror(errno));
            t->path[0] = 0;
            return -1;
        }
        /* mkdtemp() makes it private (0700); a site folder gets the usual
         * mode.  umask() can only be read by setting it, so set it back. */
        mode_t mask = umask(0);
        umask(mask);
        chmod(t->path, 0777 & ~mask);
        t->lock = open(t->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (t->lock < 0 || flock(t->lock, LOCK_EX)) {
            snprintf(err, n, "cannot lock %s: %s", MSG_PATH(t->path), strerror(errno));
            fio_tmpdir_remove(t);
            return -1;
        }
        /* Another process's sweep may have taken it between mkdtemp and the lock. */
        if (!fstat(t->lock, &st) && st.st_nlink > 0)
            return 0;
        close(t->lock);
        t->lock = -1;
    }
    snprintf(err, n, "cannot make a folder in %s: removed as soon as made", MSG_PATH(parent));
    t->path[0] = 0;
    return -1;
}

void fio_tmpdir_remove(fio_tmpdir *t)
{
    if (t->path[0])
        remove_at(AT_FDCWD, t->path, 0);
    t->path[0] = 0;
    if (t->lock >= 0)
        close(t->lock);
    t->lock = -1;
}

/* fsync()s a folder so that the renames in it are durable; a file system
 * that cannot sync folders (EINVAL) is taken as it is. */
static int sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd) && errno != EINVAL ? -1 : 0;
    close(fd);
    return rc;
}

/* Exchanges the folders a and b; where the file system or the kernel
 * cannot (no renameat2), moves b aside to a fresh name, a to b, and leaves
 * the old b at *aside.  0, or -1 with errno and both as they were. */
static int exchange(const char *a, const char *b, char *aside, size_t an)
{
    aside[0] = 0;
#ifdef RENAME_EXCHANGE
    if (!renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE))
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    /* b's new name: a fresh temporary folder's, which rename() may take (an
     * empty folder is replaced), and which a later sweep would find stale. */
    char parent[4096], prefix[4096];
    const char *slash = strrchr(b, '/');
    fio_folder_of(b, parent, sizeof parent);
    snprintf(prefix, sizeof prefix, "%s.tmp-", slash ? slash + 1 : b);
    if ((size_t)snprintf(aside, an, "%s/%sXXXXXX", parent, prefix) >= an || !mkdtemp(aside)) {
        aside[0] = 0;
        return -1;
    }
    if (rename(b, aside)) {
        int e = errno;
        rmdir(aside);
        aside[0] = 0;
        errno = e;
        return -1;
    }
    if (rename(a, b)) {
        int e = errno;
        rename(aside, b);
        aside[0] = 0;
        errno = e;
        return -1;
    }
    return 0;
}

int fio_tmpdir_commit(fio_tmpdir *t, const char *target, bool replace, char *err, size_t n)
{
    struct stat st;
    char parent[4096], aside[4096] = "";
    bool exists = !lstat(target, &st);
    fio_folder_of(target, parent, sizeof parent);
    if (exists && !S_ISDIR(st.st_mode)) {
        snprintf(err, n, "cannot write %s: not a folder", MSG_PATH(target));
        return -1;
    }
    /* rename() replaces an empty folder and refuses one with files. */
    if (!rename(t->path, target)) {
        t->path[0] = 0;
    } else if (errno != EEXIST && errno != ENOTEMPTY) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(target), strerror(errno));
        return -1;
    } else if (!replace) {
        snprintf(err, n, "%s exists and has files (--force writes over them)", MSG_PATH(target));
        return -1;
    } else if (exchange(t->path, target, aside, sizeof aside)) {
        snprintf(err, n, "cannot replace %s: %s", MSG_PATH(target), strerror(errno));
        return -1;
    }
    /* The old folder now lies at t->path (or aside): the new one is in place. */
    if (t->path[0] && remove_at(AT_FDCWD, t->path, 0)) {
        snprintf(err, n, "%s is in place, but its old files could not all be removed from %s: %s",
                 MSG_PATH(target), MSG_PATH(t->path), strerror(errno));
        t->path[0] = 0; /* the new site is live: never remove it */
        return -1;
    }
    t->path[0] = 0;
    if (aside[0] && remove_at(AT_FDCWD, aside, 0)) {
        snprintf(err, n, "%s is in place, but its old files could not all be removed from %s: %s",
                 MSG_PATH(target), MSG_PATH(aside), strerror(errno));
        return -1;
    }
    if (sync_dir(parent)) {
        snprintf(err, n, "cannot write %s: syncing its folder: %s", MSG_PATH(target), strerror(errno));
        return -1;
    }
    return 0;
}

int fio_split_target(const char *path, char *parent, size_t pn, char *name, size_t nn, char *err, size_t n)
{
    char full[PATH_MAX], dir[4096];
    const char *base;
    if (!*path) {
        snprintf(err, n, "cannot write '': %s", strerror(ENOENT));
        return -1;
    }
    if (realpath(path, full)) {
        const char *slash = strrchr(full, '/');
        if (!slash[1]) {
            snprintf(err, n, "cannot write %s: it is the root folder", MSG_PATH(path));
            return -1;
        }
        snprintf(parent, pn, "%.*s", slash == full ? 1 : (int)(slash - full), full);
        snprintf(name, nn, "%s", slash + 1);
        return 0;
    }
    if (errno != ENOENT) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    /* A path to create: its folder must exist; its name is taken as given. */
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    snprintf(dir, sizeof dir, "%.*s", (int)len, path);
    char *slash = strrchr(dir, '/');
    base = slash ? slash + 1 : dir;
    if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
        snprintf(err, n, "cannot write %s: not a folder name", MSG_PATH(path));
        return -1;
    }
    snprintf(name, nn, "%s", base);
    if (slash)
        *slash = 0;
    if (!realpath(slash ? (*dir ? dir : "/") : ".", full)) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    snprintf(parent, pn, "%s", full);
    return 0;
}

bool fio_same_path(const char *a, const char *b)
{
    if (fio_same_file(a, b))
        return true;
    char pa[4096], na[1024], pb[4096], nb[1024], err[8];
    return !fio_split_target(a, pa, sizeof pa, na, sizeof na, err, sizeof err) &&
           !fio_split_target(b, pb, sizeof pb, nb, sizeof nb, err, sizeof err) && !strcmp(pa, pb) && !strcmp(na, nb);
}

int fio_tmpdir_beside(fio_tmpdir *t, const char *target, char *resolved, size_t rn, char *err, size_t n)
{
    char parent[4096], name[1024], prefix[1100];
    t->path[0] = 0;
    t->lock = -1;
    if (fio_split_target(target, parent, sizeof parent, name, sizeof name, err, n))
        return -1;
    if ((size_t)snprintf(resolved, rn, "%s%s%s", parent, strcmp(parent, "/") ? "/" : "", name) >= rn) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(target), strerror(ENAMETOOLONG));
        return -1;
    }
    snprintf(prefix, sizeof prefix, "%s.tmp-", name);
    return fio_tmpdir_make(t, parent, prefix, err, n);
}
