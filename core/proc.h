/* proc.h — a child process spoken to in lines over pipes, for players that
 * run outside triad (engine/player_engine.c).
 *
 * The child is started with no shell (execv of the file itself, no
 * arguments: a wrapper script gives them), its stdin and stdout on pipes
 * and its stderr appended to a log file or discarded.  It runs in a process
 * group of its own, so that killing it also kills what it started (a
 * wrapper that did not exec, a `sleep` it waits on), and on Linux it gets
 * SIGKILL when the thread that started it ends, so a killed triad leaves no
 * engine running.  Reads wait with poll() up to a deadline; writes never
 * raise SIGPIPE (a child that has died is an error, not the end of triad);
 * every child is reaped, so none is left a zombie.
 *
 * Error convention: -1 (or NULL) with one line in the caller's buffer. */
#ifndef TRIAD_PROC_H
#define TRIAD_PROC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct proc proc;

#define PROC_LINE_MAX 65536 /* a longer line from the child is an error */

/* Whether path is a file this process may execute: 0, or -1 with "cannot
 * run PATH: REASON". */
int proc_check(const char *path, char *err, size_t n);

/* Starts path.  log: a file the child's stderr is appended to, or NULL to
 * discard it.  NULL with the reason (the file cannot be executed, the log
 * cannot be opened, ...) in err. */
proc *proc_start(const char *path, const char *log, char *err, size_t n);

/* Writes all of text.  0, or -1 when the child no longer reads (it died or
 * closed its stdin; err says so). */
int proc_write(proc *p, const char *text, char *err, size_t n);

/* Waits until deadline (seconds on clock_seconds()'s clock, core/clock.h)
 * for a line from the child.  1: *line points at it, without its newline
 * (valid until the next call; NUL bytes in it end it early); 0: the
 * deadline passed; -1: the child closed its stdout (it ended) or sent a
 * line longer than PROC_LINE_MAX (err says which). */
int proc_read_line(proc *p, double deadline, const char **line, char *err, size_t n);

/* Kills the child's process group at once (SIGKILL) and reaps the child;
 * its exit status then reads as "killed by signal 9".  Safe to repeat. */
void proc_kill(proc *p);

/* Ends the child gently: closes its stdin, waits up to grace seconds for it
 * to exit, then kills it; reaps it, kills what is left of its process
 * group, and frees p.  NULL does nothing. */
void proc_close(proc *p, double grace);

/* Whether the child has exited (reaping it if so), and how: "exit status 3",
 * "killed by signal 11 (Segmentation fault)"; "running" when it has not. */
bool proc_exited(proc *p, char *how, size_t n);

#endif
