/* fileio.h — careful file handling for every command that reads or writes
 * files: inputs that must be regular files, outputs that may not be an
 * input, exclusive writer locks, outputs that appear whole or not at all,
 * and temporary files that a signal does not leave behind.
 *
 * Every function that can fail returns -1 (or NULL) with one line in a
 * caller-supplied buffer that names the file and the operating system's
 * reason ("cannot write adir: Is a directory"); nothing here prints or
 * exits. */
#ifndef TRIAD_FILEIO_H
#define TRIAD_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* ---- inputs ---- */

/* Opens path with flags (O_RDONLY, O_RDWR | O_CREAT, ...) and refuses
 * anything but a regular file: a FIFO, a directory, a device or a socket
 * ("PATH: not a regular file (a FIFO)").  The open itself never blocks on
 * a FIFO.  Returns the descriptor, or -1. */
int fio_open_regular(const char *path, int flags, mode_t mode, char *err, size_t n);
/* The same as a stdio stream for reading ("rb"). */
FILE *fio_fopen_read(const char *path, char *err, size_t n);

/* True when both paths exist and are the same file (device and inode, so
 * links and other spellings of one file count). */
bool fio_same_file(const char *a, const char *b);

/* ---- the writer lock ---- */

/* Takes an exclusive flock() on fd without waiting.  flock, not fcntl
 * locks: a POSIX lock is dropped when the process closes any descriptor of
 * the file, which a writer that also reads its file would do.  The kernel
 * drops the lock when the process dies, so a kill never leaves it stale.
 * Returns 0; or -1 with "PATH is being written by another triad process
 * (pid N)" when another process holds it (the pid when /proc/locks names
 * one), or the system's reason. */
int fio_lock(int fd, const char *path, char *err, size_t n);
/* The process holding a flock() on fd's file, from /proc/locks; 0 when
 * none is found. */
long fio_lock_holder(int fd);

/* True when dir is a folder holding anything besides "." and "..". */
bool fio_dir_has_files(const char *dir);

/* The folder of path into dir: "." when path names none, "/" for a file in
 * the root ("a/b" -> "a", "b" -> ".", "/b" -> "/"). */
void fio_folder_of(const char *path, char *dir, size_t n);

/* ---- outputs written whole ---- */

/* Checks before any work that path can be written: no existing file
 * without force, not a directory, and a folder that exists and can be
 * written.  0, or -1 with the message. */
int fio_out_check(const char *path, bool force, char *err, size_t n);

/* An output written to a temporary file beside it ("NAME.tmp-XXXXXX"),
 * then fsynced and renamed into place by fio_out_commit(), so a reader
 * sees the old file or the whole new one, never a part.  Without force an
 * existing file is never replaced, even one created while we wrote (the
 * temporary file is linked, not renamed, into place). */
typedef struct fio_out {
    char path[4096], tmp[4096];
    FILE *f;       /* open on tmp; write through it */
    bool force;
    int slot;      /* the temporary file's entry in the cleanup table */
} fio_out;

int fio_out_begin(fio_out *o, const char *path, bool force, char *err, size_t n);
/* Flushes, fsyncs and closes f, puts the file in place and fsyncs the
 * folder.  On failure the temporary file is removed.  0, or -1. */
int fio_out_commit(fio_out *o, char *err, size_t n);
/* Closes and removes the temporary file. */
void fio_out_abort(fio_out *o);

/* Moves the finished file tmp (in path's folder) to path, as
 * fio_out_commit() does: fsync, rename (force) or link + unlink, fsync of
 * the folder.  tmp stays in place on failure.  0, or -1. */
int fio_commit_path(const char *tmp, const char *path, bool force, char *err, size_t n);

/* ---- temporary files and signals ---- */

/* Files to remove if SIGINT, SIGTERM or SIGHUP ends the process (a folder
 * is removed once empty).  fio_cleanup_add() returns a slot for
 * fio_cleanup_remove(), or -1 when the table is full (the file is then not
 * removed on a signal, which loses nothing but tidiness). */
int fio_cleanup_add(const char *path);
void fio_cleanup_remove(int slot);
/* Installs the handler: it removes the registered files, then lets the
 * signal end the process as it would have.  Called once by the program. */
void fio_cleanup_install(void);

/* ---- stopping a long writer cleanly ---- */

/* A long writer (self-play, a match into a records file) holds finished
 * work that a signal would throw away.  Between fio_stop_begin() and
 * fio_stop_end() the first SIGINT, SIGTERM or SIGHUP does not end the
 * process: it is recorded, and the writer, which polls
 * fio_stop_requested(), writes and syncs what is finished and returns.  A
 * second signal ends the process at once, as outside these calls.  Slurm
 * sends SIGTERM at a time limit or a pre-emption, then SIGKILL after its
 * KillWait (30 s by default). */
void fio_stop_begin(void);
void fio_stop_end(void);
/* 0, or the signal that asked to stop (async-signal-safe to read). */
int fio_stop_requested(void);
/* Ends the process by sig as if it had not been caught (the registered
 * temporary files removed first), so that a shell or Slurm sees the
 * signal; for the program's main after a stopped writer has reported.
 * Never returns. */
void fio_stop_exit(int sig) __attribute__((noreturn));
/* "SIGTERM" for SIGTERM, and so on; "a signal" for another. */
const char *fio_signal_name(int sig);

/* ---- checksums ---- */

/* CRC-32, zlib's crc32 (the gzip polynomial) for any length: start with
 * crc 0.  The weights files' end line and the wcrc= of player specs hold
 * it. */
uint32_t fio_crc32(uint32_t crc, const void *data, size_t len);

#endif
