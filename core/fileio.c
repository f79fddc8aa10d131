/* fileio.c — see fileio.h. */
#define _DEFAULT_SOURCE /* flock() */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <zlib.h>
#include "fileio.h"
#include "msg.h"

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a plain file";
}

int fio_open_regular(const char *path, int flags, mode_t mode, char *err, size_t n)
{
    struct stat st;
    /* O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever. */
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, mode);
    if (fd < 0) {
        int e = errno;
        if (e == ENXIO && !stat(path, &st) && !S_ISREG(st.st_mode))
            snprintf(err, n, "%s: not a regular file (%s)", MSG_PATH(path), kind_of(st.st_mode));
        else
            snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(e));
        errno = e; /* for a caller that tells EEXIST apart */
        return -1;
    }
    if (fstat(fd, &st)) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, n, "%s: not a regular file (%s)", MSG_PATH(path), kind_of(st.st_mode));
        close(fd);
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

FILE *fio_fopen_read(const char *path, char *err, size_t n)
{
    int fd = fio_open_regular(path, O_RDONLY, 0, err, n);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno));
        close(fd);
    }
    return f;
}

bool fio_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* ---- the writer lock ---- */

long fio_lock_holder(int fd)
{
    struct stat st;
    FILE *f;
    if (fstat(fd, &st) || !(f = fopen("/proc/locks", "r")))
        return 0;
    /* "1: FLOCK  ADVISORY  WRITE 1234 08:01:56789 0 EOF", the device in hex;
     * waiters' lines have "->" where FLOCK stands, so they never match.  On
     * a file system whose st_dev differs from the kernel's device number
     * (overlayfs), a single lock on the inode is taken as the one. */
    char line[256], type[16];
    long pid, exact = 0, by_inode = 0;
    int inode_matches = 0;
    unsigned maj, min;
    unsigned long long ino;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%*d: %15s %*s %*s %ld %x:%x:%llu", type, &pid, &maj, &min, &ino) == 5 &&
            !strcmp(type, "FLOCK") && ino == (unsigned long long)st.st_ino && pid != (long)getpid()) {
            if (maj == major(st.st_dev) && min == minor(st.st_dev))
                exact = pid;
            by_inode = pid;
            inode_matches++;
        }
    fclose(f);
    return exact ? exact : inode_matches == 1 ? by_inode : 0;
}

int fio_lock(int fd, const char *path, char *err, size_t n)
{
    while (flock(fd, LOCK_EX | LOCK_NB)) {
        if (errno == EINTR)
            continue;
        if (errno != EWOULDBLOCK) {
            snprintf(err, n, "cannot lock %s: %s", MSG_PATH(path), strerror(errno));
            return -1;
        }
        long pid = fio_lock_holder(fd);
        if (pid > 0)
            snprintf(err, n, "%s is being written by another triad process (pid %ld)", MSG_PATH(path), pid);
        else
            snprintf(err, n, "%s is being written by another triad process", MSG_PATH(path));
        return -1;
    }
    return 0;
}

/* ---- outputs written whole ---- */

void fio_folder_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else if (slash == path)
        snprintf(dir, n, "/");
    else
        snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

int fio_out_check(const char *path, bool force, char *err, size_t n)
{
    struct stat st;
    char dir[4096];
    if (!*path) {
        snprintf(err, n, "cannot write '': %s", strerror(ENOENT));
        return -1;
    }
    if (!stat(path, &st)) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(EISDIR));
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, n, "cannot write %s: not a regular file (%s)", MSG_PATH(path), kind_of(st.st_mode));
            return -1;
        }
        if (!force) {
            snprintf(err, n, "%s exists (give --force to overwrite it)", MSG_PATH(path));
            return -1;
        }
    } else if (errno != ENOENT) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    fio_folder_of(path, dir, sizeof dir);
    if (!stat(dir, &st) && !S_ISDIR(st.st_mode)) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(ENOTDIR));
        return -1;
    }
    if (stat(dir, &st) || access(dir, W_OK | X_OK)) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    return 0;
}

/* fsync()s the folder of path so that a rename or link in it is durable;
 * a file system that cannot sync folders (EINVAL) is taken as it is. */
static int sync_folder(const char *path)
{
    char dir[4096];
    fio_folder_of(path, dir, sizeof dir);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd) && errno != EINVAL ? -1 : 0;
    close(fd);
    return rc;
}

int fio_commit_path(const char *tmp, const char *path, bool force, char *err, size_t n)
{
    int fd = open(tmp, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fsync(fd)) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    close(fd);
    if (force) {
        if (rename(tmp, path)) {
            snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
            return -1;
        }
    } else if (link(tmp, path)) {
        /* A file system without hard links: a rename after a last look. */
        struct stat st;
        bool no_links = errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP;
        if (errno == EEXIST || (no_links && !lstat(path, &st))) {
            snprintf(err, n, "%s exists (give --force to overwrite it)", MSG_PATH(path));
            return -1;
        }
        if (!no_links || rename(tmp, path)) {
            snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
            return -1;
        }
    } else {
        unlink(tmp);
    }
    if (sync_folder(path)) {
        snprintf(err, n, "cannot write %s: syncing its folder: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    return 0;
}

int fio_out_begin(fio_out *o, const char *path, bool force, char *err, size_t n)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->force = force;
    if (fio_out_check(path, force, err, n))
        return -1;
    if ((size_t)snprintf(o->path, sizeof o->path, "%s", path) >= sizeof o->path ||
        (size_t)snprintf(o->tmp, sizeof o->tmp, "%s.tmp-XXXXXX", path) >= sizeof o->tmp) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(ENAMETOOLONG));
        return -1;
    }
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    o->slot = fio_cleanup_add(o->tmp);
    /* mkstemp() makes the file private (0600); give the output the usual
     * permissions.  umask() can only be read by setting it, so set it back. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) || !(o->f = fdopen(fd, "w"))) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(path), strerror(errno));
        close(fd);
        fio_out_abort(o);
        return -1;
    }
    return 0;
}

int fio_out_commit(fio_out *o, char *err, size_t n)
{
    int e = 0;
    if (fflush(o->f) || ferror(o->f))
        e = errno ? errno : EIO;
    if (fclose(o->f) && !e)
        e = errno;
    o->f = NULL;
    if (e) {
        snprintf(err, n, "cannot write %s: %s", MSG_PATH(o->path), strerror(e));
        fio_out_abort(o);
        return -1;
    }
    if (fio_commit_path(o->tmp, o->path, o->force, err, n)) {
        fio_out_abort(o);
        return -1;
    }
    fio_cleanup_remove(o->slot);
    o->slot = -1;
    return 0;
}

void fio_out_abort(fio_out *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
    fio_cleanup_remove(o->slot);
    o->slot = -1;
}

/* ---- temporary files and signals ---- */

/* The one global state of the program: a signal handler receives nothing
 * but the signal number, so the names it must remove have to be in static
 * storage.  A name is written before its slot is marked used and the slot
 * unmarked before the name is reused, with signal fences between, so the
 * handler never reads a half-written name.  The mutex orders threads that
 * add and remove; the handler takes no lock. */
#define CLEANUP_SLOTS 32
static char cleanup_path[CLEANUP_SLOTS][4096];
static volatile sig_atomic_t cleanup_used[CLEANUP_SLOTS];
static pthread_mutex_t cleanup_lock = PTHREAD_MUTEX_INITIALIZER;

int fio_cleanup_add(const char *path)
{
    int slot = -1;
    if (strlen(path) >= sizeof cleanup_path[0])
        return -1;
    pthread_mutex_lock(&cleanup_lock);
    for (int i = 0; i < CLEANUP_SLOTS && slot < 0; i++)
        if (!cleanup_used[i]) {
            strcpy(cleanup_path[i], path);
            atomic_signal_fence(memory_order_seq_cst);
            cleanup_used[i] = 1;
            slot = i;
        }
    pthread_mutex_unlock(&cleanup_lock);
    return slot;
}

void fio_cleanup_remove(int slot)
{
    if (slot < 0 || slot >= CLEANUP_SLOTS)
        return;
    pthread_mutex_lock(&cleanup_lock);
    cleanup_used[slot] = 0;
    atomic_signal_fence(memory_order_seq_cst);
    pthread_mutex_unlock(&cleanup_lock);
}

/* A long writer's stop (fio_stop_begin): the mode and the first signal. */
static volatile sig_atomic_t stop_mode, stop_signal;

static void remove_registered(void)
{
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (cleanup_used[i])
            unlink(cleanup_path[i]);
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (cleanup_used[i])
            rmdir(cleanup_path[i]);
}

/* Files first, then folders (rmdir fails on a file, unlink on a folder). */
static void on_signal(int sig)
{
    if (stop_mode && !stop_signal) { /* a long writer finishes its block first */
        stop_signal = sig;
        return;
    }
    remove_registered();
    /* The signal is blocked while this runs: raised again with the default
     * action, it ends the process on return with the status it would have
     * had without the handler. */
    signal(sig, SIG_DFL);
    raise(sig);
}

void fio_cleanup_install(void)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        /* SA_RESTART: a signal that only asks a long writer to stop must not
         * fail the system call it interrupts. */
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        /* A signal ignored by the caller (nohup) stays ignored. */
        if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

void fio_stop_begin(void)
{
    stop_signal = 0;
    stop_mode = 1;
}

void fio_stop_end(void)
{
    stop_mode = 0;
}

int fio_stop_requested(void)
{
    return stop_signal;
}

void fio_stop_exit(int sig)
{
    fflush(NULL);
    remove_registered();
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig); /* a signal the process cannot die of */
}

const char *fio_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

/* ---- checksums ---- */

/* zlib's, the one the records blocks carry: one CRC in triad.  Its length
 * is an unsigned int, so a longer buffer goes in pieces. */
uint32_t fio_crc32(uint32_t crc, const void *data, size_t len)
{
    const unsigned char *p = data;
    while (len > 0) {
        uInt k = len > (1u << 30) ? 1u << 30 : (uInt)len;
        crc = (uint32_t)crc32(crc, p, k);
        p += k;
        len -= k;
    }
    return crc;
}

bool fio_dir_has_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    bool found = false;
    while (!found && (e = readdir(d)))
        found = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return found;
}
