/* proc.c — see proc.h. */
#define _GNU_SOURCE /* pipe2, close_range, prctl */
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
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include "clock.h"
#include "fileio.h"
#include "msg.h"
#include "proc.h"

struct proc {
    pid_t pid;
    int in, out;       /* the child's stdin (we write), stdout (we read); -1 once closed */
    bool reaped;       /* waited for: its pid may be reused */
    bool have_status;  /* it had ended when we looked: status and killed say how */
    bool killed;       /* by a signal: status is 128 + the signal */
    int status;
    char *buf;         /* bytes read and not yet returned as lines */
    size_t len, start, cap;
};

/* The child, between fork and exec: only async-signal-safe calls. */
static void child(const char *path, int in, int out, int err_fd, int report)
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the forking thread may have blocked SIGPIPE */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &dfl, NULL);
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    /* Moved above 2 first, so that one of them being 0, 1 or 2 (triad
     * started with a standard stream closed) cannot be overwritten. */
    if ((in = fcntl(in, F_DUPFD, 3)) < 0 || (out = fcntl(out, F_DUPFD, 3)) < 0 ||
        (err_fd = fcntl(err_fd, F_DUPFD, 3)) < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err_fd, 2) < 0)
        goto fail;
    /* Every other descriptor closes on exec (the pipes are O_CLOEXEC, and
     * so is the report pipe, whose closing tells the parent exec worked);
     * close the rest too, so no records file or its lock leaks into it. */
    if (report > 3 && close_range(3, (unsigned)report - 1, 0))
        for (int fd = 3; fd < report; fd++)
            close(fd);
    if (close_range((unsigned)report + 1, ~0U, 0))
        for (int fd = report + 1; fd < 1024; fd++)
            close(fd);
    char *argv[2] = { (char *)path, NULL };
    execv(path, argv);
fail:;
    int e = errno;
    ssize_t w = write(report, &e, sizeof e);
    (void)w;
    _exit(127);
}

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

proc *proc_start(const char *path, const char *log, char *err, size_t n)
{
    if (proc_check(path, err, n))
        return NULL;
    int to[2] = { -1, -1 }, from[2] = { -1, -1 }, rep[2] = { -1, -1 };
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
    if (!p || pipe2(to, O_CLOEXEC) || pipe2(from, O_CLOEXEC) || pipe2(rep, O_CLOEXEC)) {
        snprintf(err, n, "cannot start %s: %s", MSG_PATH(path), p ? strerror(errno) : "out of memory");
        goto fail;
    }
    p->pid = fork();
    if (p->pid < 0) {
        snprintf(err, n, "cannot start %s: %s", MSG_PATH(path), strerror(errno));
        goto fail;
    }
    if (p->pid == 0)
        child(path, to[0], from[1], err_fd, rep[1]);
    setpgid(p->pid, p->pid); /* also here: no race with a kill before the child ran */
    close(to[0]);
    close(from[1]);
    close(rep[1]);
    close(err_fd);
    to[0] = from[1] = rep[1] = err_fd = -1;
    p->in = to[1];
    p->out = from[0];
    fcntl(p->out, F_SETFL, fcntl(p->out, F_GETFL) | O_NONBLOCK);
    /* The report pipe closes on exec; an errno in it means exec failed. */
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
fail:
    for (int i = 0; i < 2; i++) {
        if (to[i] >= 0)
            close(to[i]);
        if (from[i] >= 0)
            close(from[i]);
        if (rep[i] >= 0)
            close(rep[i]);
    }
    if (err_fd >= 0)
        close(err_fd);
    free(p);
    return NULL;
}

/* A write to a pipe nobody reads raises SIGPIPE, which would end triad:
 * block it in this thread for the write, and take back the one the write
 * raised (it stays pending on the thread otherwise), unless one was
 * already pending before. */
int proc_write(proc *p, const char *text, char *err, size_t n)
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
    int rc = 0;
    while (done < len) {
        ssize_t w = write(p->in, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
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
        done += (size_t)w;
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
        double left = deadline - clock_seconds();
        if (left <= 0)
            return 0;
        struct pollfd pf = { .fd = p->out, .events = POLLIN };
        int ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
        int r = poll(&pf, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, n, "cannot wait for the engine: %s", strerror(errno));
            return -1;
        }
        if (r == 0)
            continue; /* the loop checks the deadline */
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
            continue;
        if (got <= 0) { /* end of file: a last line without newline still counts */
            close(p->out);
            p->out = -1;
            if (p->len > p->start) {
                p->buf[p->len++] = '\n';
                continue;
            }
            snprintf(err, n, got < 0 ? "cannot read from the engine" : "the engine closed its output");
            return -1;
        }
        p->len += (size_t)got;
    }
}

/* Whether the child has exited, without reaping it: while it is a zombie
 * its pid, which is also its process group's id, cannot be reused, so
 * killing the group stays safe until proc_kill() reaps it. */
static bool exited(proc *p)
{
    if (p->reaped)
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
    p->status = info.si_code == CLD_EXITED ? info.si_status : 128 + info.si_status;
    p->killed = info.si_code != CLD_EXITED;
    p->have_status = true;
    return true;
}

void proc_kill(proc *p)
{
    if (!p || p->reaped)
        return;
    kill(-p->pid, SIGKILL); /* the group: the engine and whatever it started */
    kill(p->pid, SIGKILL);
    int st = 0;
    while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
        ;
    p->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    p->killed = !WIFEXITED(st);
    p->have_status = true;
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
    free(p->buf);
    free(p);
}
