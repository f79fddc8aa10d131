/* proc_keeper.h — the keeper of a program started by core/proc.c (proc.h
 * says why there is one): internal to proc.c. */
#ifndef TRIAD_PROC_KEEPER_H
#define TRIAD_PROC_KEEPER_H

#include <sys/types.h>

/* Runs in the child of fork(), with every signal blocked, and never
 * returns: starts path with in, out and err_fd as its stdin, stdout and
 * stderr (report: the pipe the exec's errno goes to, closed on a
 * successful exec), waits for it, kills its group and every process it
 * left, then writes the program's wait status (an int) to status_fd and
 * exits.  SIGTERM, SIGINT or SIGHUP (and the death of parent's thread)
 * kill the program at once.  Only async-signal-safe calls: the process it
 * runs in is a copy of a threaded one. */
void proc_keeper_run(const char *path, int in, int out, int err_fd, int report, int status_fd, pid_t parent)
    __attribute__((noreturn));

#endif
