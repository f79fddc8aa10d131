/* proc.c — see proc.h.  The keeper that stands between triad and the
 * program, and why, is core/proc_keeper.c. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "clock.h"
#include "fileio.h"
#include "msg.h"
#include "proc.h"
#include "proc_keeper.h"

struct proc {
    pid_t pid;         /* the keeper, triad's child; the program is the keeper's */
    int in, out;       /* the program's stdin (we write), stdout (we read); -1 once closed */
    int status_fd;     /* the keeper writes the program's wait status here as it ends */
    bool reaped;       /* the keeper waited for: its pid may be reused */
    bool have_status;  /* the program had ended when we looked: status and killed say how */
    bool killed;       /* by a signal: status is 128 + the signal */
    int status;
    char *buf;         /* bytes read and not yet returned as lines */
    size_t len, start, cap;
};

int proc_check(const char *path, char *err, size_t n)
{
    struct stat st;
    if (stat(path, &st)) {
        snprintf(err, n, "cannot run %s: %s", MSG_PATH(path), strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode) || access(path, X_OK)) {
        snprintf(err, n, "cannot run %s: not an executable file", MSG_PATH(path));
        return -1;
    }
    return 0;
}

static void close_pair(int fd[2])
{
    for (int i = 0; i < 2; i++)
        if (fd[i] >= 0)
            close(fd[i]);
}

/* Forks the keeper with every signal blocked (so that none of triad's
 * handlers runs in it before it sets its own) and takes the parent's ends
 * of the pipes.  0, or -1 with errno. */
static int fork_keeper(proc *p, const char *path, int to[2], int from[2], int rep[2], int st[2], int err_fd)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pid_t parent = getpid();
    p->pid = fork();
    if (p->pid == 0)
        proc_keeper_run(path, to[0], from[1], err_fd, rep[1], st[1], parent);
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (p->pid < 0) {
        errno = e;
        return -1;
    }
    close(to[0]);
    close(from[1]);
    close(rep[1]);
    close(st[1]);
    to[0] = from[1] = rep[1] = st[1] = -1;
    p->in = to[1];
    p->out = from[0];
    p->status_fd = st[0];
    to[1] = from[0] = st[0] = -1;
    /* Neither waits unbounded: reads and writes poll up to a deadline. */
    fcntl(p->out, F_SETFL, fcntl(p->out, F_GETFL) | O_NONBLOCK);
    fcntl(p->in, F_SETFL, fcntl(p->in, F_GETFL) | O_NONBLOCK);
    fcntl(p->status_fd, F_SETFL, fcntl(p->status_fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

proc *proc_start(const char *path, const char *log, char *err, size_t n)
{
    if (proc_check(path, err, n))
        return NULL;
    int to[2] = { -1, -1 }, from[2] = { -1, -1 }, rep[2] = { -1, -1 }, st[2] = { -1, -1 };
    /* The log a regular file only: a FIFO would block this open until a
     * reader came, for ever. */
    char why[300];
    int err_fd = log ? fio_open_regular(log, O_WRONLY | O_CREAT | O_APPEND, 0644, why, sizeof why)
                     : open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (err_fd < 0) {
        if (log)
            snprintf(err, n, "cannot open the log %s", why);
        else
            snprintf(err, n, "cannot open /dev/null: %s", strerror(errno));
        return NULL;
    }
    proc *p = calloc(1, sizeof *p);
    if (!p || pipe2(to, O_CLOEXEC) || pipe2(from, O_CLOEXEC) || pipe2(rep, O_CLOEXEC) || pipe2(st, O_CLOEXEC) ||
        fork_keeper(p, path, to, from, rep, st, err_fd)) {
        snprintf(err, n, "cannot start %s: %s", MSG_PATH(path), p ? strerror(errno) : "out of memory");
        close_pair(to), close_pair(from), close_pair(rep), close_pair(st);
        close(err_fd);
        free(p);
        return NULL;
    }
    close(err_fd);
    /* The report pipe closes on the program's exec; an errno in it means
     * the exec (or the keeper's fork) failed. */
    int e = 0;
    ssize_t got;
    while ((got = read(rep[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(rep[0]);
    if (got == (ssize_t)sizeof e) {
        snprintf(err, n, "cannot run %s: %s", MSG_PATH(path), strerror(e));
        proc_close(p, 0);
        return NULL;
    }
    return p;
}

/* Waits until fd is ready for events, the deadline passes or a stop is
 * requested, looking at the stop request every PROC_STOP_SLICE seconds
 * (a signal comes to whichever thread the kernel picks, so the poll of
 * this one is not always cut short by it).  1, 0 (the deadline), -1 with
 * err, or PROC_STOPPED. */
static int wait_fd(int fd, short events, double deadline, char *err, size_t n)
{
    for (;;) {
        if (fio_stop_requested())
            return PROC_STOPPED;
        double left = deadline - clock_seconds();
        if (left <= 0)
            return 0;
        if (left > PROC_STOP_SLICE)
            left = PROC_STOP_SLICE;
        struct pollfd pf = { .fd = fd, .events = events };
        int r = poll(&pf, 1, (int)(left * 1000) + 1);
        if (r > 0)
            return 1;
        if (r < 0 && errno != EINTR) {
            snprintf(err, n, "cannot wait for the engine: %s", strerror(errno));
            return -1;
        }
    }
}

/* A write to a pipe nobody reads raises SIGPIPE, which would end triad:
 * block it in this thread for the write, and take back the one the write
 * raised (it stays pending on the thread otherwise), unless one was
 * already pending before.  The pipe is non-blocking: a full one is waited
 * on up to the deadline, never for ever. */
int proc_write(proc *p, const char *text, double deadline, char *err, size_t n)
{
    if (p->in < 0) {
        snprintf(err, n, "the engine's input is closed");
        return -1;
    }
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    size_t len = strlen(text), done = 0;
    int rc = 1;
    while (done < len) {
        ssize_t w = write(p->in, text + done, len - done);
        if (w >= 0) {
            done += (size_t)w;
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN) {
            if ((rc = wait_fd(p->in, POLLOUT, deadline, err, n)) != 1)
                break;
            continue;
        }
        int e = errno;
        snprintf(err, n, e == EPIPE ? "the engine no longer reads its input" : "cannot write to the engine: %s",
                 strerror(e));
        if (e == EPIPE && !was_pending) {
            struct timespec zero = { 0, 0 };
            while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR)
                ;
        }
        rc = -1;
        break;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* The next complete line in the buffer, or NULL. */
static const char *take_line(proc *p)
{
    if (!p->buf)
        return NULL;
    char *s = p->buf + p->start, *nl = memchr(s, '\n', p->len - p->start);
    if (!nl)
        return NULL;
    *nl = 0;
    if (nl > s && nl[-1] == '\r')
        nl[-1] = 0;
    p->start = (size_t)(nl + 1 - p->buf);
    return s;
}

/* Reads what the program sent into the buffer.  1 (bytes, or nothing yet),
 * 0 at the end of its output (a last line without newline still counts:
 * it is given one), -1 with err. */
static int fill(proc *p, char *err, size_t n)
{
    if (p->cap - p->len < 4096) {
        size_t cap = p->cap ? p->cap * 2 : 8192;
        char *b = realloc(p->buf, cap + 1);
        if (!b) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        p->buf = b;
        p->cap = cap;
    }
    ssize_t got = read(p->out, p->buf + p->len, p->cap - p->len);
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return 1;
    if (got <= 0) {
        close(p->out);
        p->out = -1;
        if (p->len > p->start) {
            p->buf[p->len++] = '\n';
            return 1;
        }
        snprintf(err, n, got < 0 ? "cannot read from the engine" : "the engine closed its output");
        return -1;
    }
    p->len += (size_t)got;
    return 1;
}

int proc_read_line(proc *p, double deadline, const char **line, char *err, size_t n)
{
    for (;;) {
        if ((*line = take_line(p)))
            return 1;
        if (p->start) { /* drop what was returned */
            memmove(p->buf, p->buf + p->start, p->len - p->start);
            p->len -= p->start;
            p->start = 0;
        }
        if (p->len >= PROC_LINE_MAX) {
            snprintf(err, n, "the engine sent a line longer than %d bytes", PROC_LINE_MAX);
            return -1;
        }
        if (p->out < 0) {
            snprintf(err, n, "the engine closed its output");
            return -1;
        }
        int r = wait_fd(p->out, POLLIN, deadline, err, n);
        if (r != 1)
            return r;
        if (fill(p, err, n) < 0)
            return -1;
    }
}

/* The program's end from the keeper's report, or, when the keeper itself
 * was killed before it could say (keeper_status, a wait status), the
 * keeper's. */
static void take_status(proc *p, int keeper_status)
{
    int st = keeper_status;
    ssize_t got = p->status_fd >= 0 ? read(p->status_fd, &st, sizeof st) : -1;
    if (got != (ssize_t)sizeof st)
        st = keeper_status;
    p->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    p->killed = !WIFEXITED(st);
    p->have_status = true;
}

/* Whether the program has ended, without reaping the keeper, which ends
 * only once the program and all it left are gone. */
static bool exited(proc *p)
{
    if (p->have_status || p->reaped)
        return true;
    siginfo_t info;
    memset(&info, 0, sizeof info);
    while (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0)
        if (errno != EINTR) { /* not our child any more: nothing to wait for */
            p->have_status = p->reaped = true;
            return true;
        }
    if (info.si_pid != p->pid)
        return false;
    take_status(p, info.si_code == CLD_EXITED ? (info.si_status & 0xff) << 8 : info.si_status & 0x7f);
    return true;
}

void proc_kill(proc *p)
{
    if (!p || p->reaped)
        return;
    /* The keeper kills the program's group at once, then what it left;
     * triad's own child, its pid is safe to signal until reaped here. */
    kill(p->pid, SIGTERM);
    int st = 0;
    while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!p->have_status)
        take_status(p, st);
    p->reaped = true;
}

bool proc_exited(proc *p, char *how, size_t n)
{
    if (!exited(p))
        snprintf(how, n, "running");
    else if (!p->killed)
        snprintf(how, n, "exit status %d", p->status);
    else
        snprintf(how, n, "killed by signal %d (%s)", p->status - 128, sigdescr_np(p->status - 128));
    return p->have_status;
}

void proc_close(proc *p, double grace)
{
    if (!p)
        return;
    if (p->in >= 0)
        close(p->in);
    p->in = -1;
    double until = clock_seconds() + grace;
    while (!exited(p) && clock_seconds() < until) {
        struct timespec t = { 0, 2000000 }; /* 2 ms */
        nanosleep(&t, NULL);
    }
    proc_kill(p);
    if (p->out >= 0)
        close(p->out);
    if (p->status_fd >= 0)
        close(p->status_fd);
    free(p->buf);
    free(p);
}
