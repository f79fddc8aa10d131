/* dirs.h — output folders made whole: a folder built beside its target and
 * swapped in at once, so a reader (or a failure part-way) never sees old
 * and new files mixed; trees removed without ever following a link; and the
 * temporary folders of a process that died (kill -9) swept by the next
 * one.
 *
 * A temporary folder is "PARENT/PREFIXxxxxxx" (mkdtemp).  Its maker holds
 * an flock() on it while it lives; the kernel drops the lock when the
 * process dies, so a folder of that name whose lock can be taken is stale
 * and fio_tmpdir_make() removes it.  Nothing else is ever swept: not a
 * link, not a name of another pattern.
 *
 * The same error convention as fileio.h: 0 or -1 with one line in err. */
#ifndef TRIAD_DIRS_H
#define TRIAD_DIRS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fio_tmpdir {
    char path[4096];
    int lock;       /* open on the folder, flock()ed; -1 when none */
} fio_tmpdir;

/* Removes the stale temporary folders PARENT/PREFIX?????? (see above), then
 * makes a fresh one and locks it.  0, or -1. */
int fio_tmpdir_make(fio_tmpdir *t, const char *parent, const char *prefix, char *err, size_t n);
/* fio_tmpdir_make() beside target (PARENT/NAME.tmp-XXXXXX, target's folder
 * and name as fio_split_target() gives them), with target's resolved path
 * in resolved, for fio_tmpdir_commit(): the way an output folder is built
 * whole.  0, or -1. */
int fio_tmpdir_beside(fio_tmpdir *t, const char *target, char *resolved, size_t rn, char *err, size_t n);
/* Removes the folder and all in it (if it is still there) and drops the
 * lock. */
void fio_tmpdir_remove(fio_tmpdir *t);

/* Removes path and everything under it without following a link: a link
 * is removed as a link, its target untouched.  A missing path is not an
 * error.  0, or -1. */
int fio_remove_tree(const char *path, char *err, size_t n);

/* Puts the finished folder t in place of target, at once: renamed to
 * target when that does not exist (or is an empty folder); with replace, an
 * existing target is exchanged with it (renameat2 RENAME_EXCHANGE; where
 * the file system cannot, target is renamed aside first, then t renamed
 * in) and the old folder removed.  Without replace a target with files is
 * refused ("exists and has files").  The parent folder is fsynced.  On
 * success t is emptied (nothing left to remove); on failure target is as
 * it was and t still holds the new folder.  0, or -1. */
int fio_tmpdir_commit(fio_tmpdir *t, const char *target, bool replace, char *err, size_t n);

/* Splits path into its folder and last name, after resolving a path that
 * exists (a link to a folder is followed here, once, to the folder it names)
 * or the folder of one that does not: "/abs/parent" and "name".  0, or -1
 * ("/" and names that end in "." or ".." are refused). */
int fio_split_target(const char *path, char *parent, size_t pn, char *name, size_t nn, char *err, size_t n);

/* True when a and b name the same file: the same file now (fio_same_file),
 * or, for a path that does not exist yet, the same name in the same folder
 * once the folders are resolved ("out.trd" and "./d/../out.trd"), so an
 * output not yet written is told from an input as surely as an old one. */
bool fio_same_path(const char *a, const char *b);

#endif
