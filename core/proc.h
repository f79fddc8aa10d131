/* proc.h — a child process spoken to in lines over pipes, for players that
 * run outside triad (engine/player_engine.c).
 *
 * The child is started with no shell (execv of the file itself, no
 * arguments: a wrapper script gives them), its stdin and stdout on pipes
 * and its stderr appended to a log file (a regular file: it is opened
 * without blocking, and anything else refused) or discarded.  Killing it
 * kills what it started: it runs in a process group of its own under a
 * keeper, a small process of triad's that is the Linux subreaper of all
 * it starts (prctl PR_SET_CHILD_SUBREAPER), so that when the program ends
 * or is killed the keeper kills its group and then every process it left,
 * even one that called setsid() or forked twice to leave the group (the
 * keeper finds them in /proc/self/task/TID/children, Linux's list of a
 * process's children; a kernel without it leaves those alone).  The keeper
 * gets SIGTERM, and does the same, when the thread that started it ends,
 * so a killed triad leaves no engine running.  Reads and writes wait with
 * poll() up to a deadline; writes never raise SIGPIPE (a child that has
 * died is an error, not the end of triad); every child is reaped, so none
 * is left a zombie.
 *
 * Both waits also end, with PROC_STOPPED, within PROC_STOP_SLICE seconds
 * of a long writer's stop request (fio_stop_requested(), core/fileio.h): a
 * SIGTERM stops a self-play run waiting on a program that does not answer,
 * or does not read, at once rather than at the program's deadline.
 *
 * Error convention: -1 (or NULL) with one line in the caller's buffer. */
#ifndef TRIAD_PROC_H
#define TRIAD_PROC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct proc proc;

#define PROC_LINE_MAX 65536 /* a longer line from the child is an error */
#define PROC_STOPPED (-2)   /* a wait ended by a stop request */
#define PROC_STOP_SLICE 0.1 /* seconds between looks at the stop request */

/* Whether path is a file this process may execute: 0, or -1 with "cannot
 * run PATH: REASON". */
int proc_check(const char *path, char *err, size_t n);

/* Starts path.  log: a file the child's stderr is appended to, or NULL to
 * discard it.  NULL with the reason (the file cannot be executed, the log
 * cannot be opened, ...) in err. */
proc *proc_start(const char *path, const char *log, char *err, size_t n);

/* Writes all of text, waiting until deadline (seconds on clock_seconds()'s
 * clock, core/clock.h) while the child's input pipe is full.  1: written;
 * 0: the deadline passed with the child not reading (part of text may have
 * gone: the child is out of step); -1: the child no longer reads (it died
 * or closed its stdin; err says so); PROC_STOPPED. */
int proc_write(proc *p, const char *text, double deadline, char *err, size_t n);

/* Waits until deadline for a line from the child.  1: *line points at it,
 * without its newline (valid until the next call; NUL bytes in it end it
 * early); 0: the deadline passed; -1: the child closed its stdout (it
 * ended) or sent a line longer than PROC_LINE_MAX (err says which);
 * PROC_STOPPED. */
int proc_read_line(proc *p, double deadline, const char **line, char *err, size_t n);

/* Kills the child, its process group and all it left (SIGKILL, by the
 * keeper) and reaps it; its exit status then reads as "killed by signal
 * 9".  Safe to repeat. */
void proc_kill(proc *p);

/* Ends the child gently: closes its stdin, waits up to grace seconds for it
 * to exit, then kills it; reaps it, and what it left is killed, and frees
 * p.  NULL does nothing. */
void proc_close(proc *p, double grace);

/* Whether the child has exited, and how: "exit status 3", "killed by
 * signal 11 (Segmentation fault)"; "running" when it has not. */
bool proc_exited(proc *p, char *how, size_t n);

#endif
