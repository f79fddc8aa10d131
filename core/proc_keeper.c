/* proc_keeper.c — see proc_keeper.h.
 *
 * Why a keeper: the program runs in a process group of its own, so that
 * killing the group kills what it started; but a child that calls setsid()
 * (a daemon, `setsid sleep &`) leaves the group and outlived the game.  A
 * Linux subreaper inherits every orphan among its descendants, so once the
 * program is gone all it left are the keeper's children, which it kills
 * until none is left.  triad itself is not made the subreaper: that would
 * hand it the orphans of every engine of every worker (and of a program
 * that loads libtriad), with no way to tell whose they are. */
#define _GNU_SOURCE /* close_range, prctl */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include "proc_keeper.h"

/* Only ever set in a keeper (a forked copy of triad), for its handler:
 * the program's pid once it is forked, and whether to stop. */
static volatile sig_atomic_t keeper_engine, keeper_stop;

static void on_signal(int sig)
{
    (void)sig;
    keeper_stop = 1;
    pid_t e = (pid_t)keeper_engine;
    if (e > 0) { /* not reaped yet: its pid, its group's id, is still its */
        kill(-e, SIGKILL);
        kill(e, SIGKILL);
    }
}

/* Closes the descriptors from .. last (close_range; one by one, up to
 * 1024, on a kernel without it). */
static void close_span(unsigned from, unsigned last)
{
    if (from > last)
        return;
    if (close_range(from, last, 0))
        for (unsigned fd = from; fd <= last && fd < 1024; fd++)
            close((int)fd);
}

/* The program, between fork and exec: only async-signal-safe calls. */
static void child(const char *path, int in, int out, int err_fd, int report, pid_t keeper)
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the keeper ran with signals blocked */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &dfl, NULL);
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the keeper gone: so is the program */
#endif
    if (getppid() != keeper) { /* the keeper is gone already */
        errno = ESRCH;
        goto fail;
    }
    /* Moved above 2 first, so that one of them being 0, 1 or 2 cannot be
     * overwritten. */
    if ((in = fcntl(in, F_DUPFD, 3)) < 0 || (out = fcntl(out, F_DUPFD, 3)) < 0 ||
        (err_fd = fcntl(err_fd, F_DUPFD, 3)) < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err_fd, 2) < 0)
        goto fail;
    /* Every other descriptor goes: the report pipe closes on exec (which
     * tells triad exec worked), the rest now. */
    if (report > 3)
        close_span(3, (unsigned)report - 1);
    close_span((unsigned)report + 1, ~0U);
    char *argv[2] = { (char *)path, NULL };
    execv(path, argv);
fail:;
    int e = errno;
    ssize_t w = write(report, &e, sizeof e);
    (void)w;
    _exit(127);
}

/* "/proc/self/task/PID/children", the keeper's children by pid. */
static void children_path(char *out, size_t n)
{
    static const char head[] = "/proc/self/task/", tail[] = "/children";
    char digits[24];
    int k = 0;
    for (long pid = (long)getpid(); pid > 0 && k < (int)sizeof digits; pid /= 10)
        digits[k++] = (char)('0' + pid % 10);
    size_t at = 0;
    for (size_t i = 0; head[i] && at + 1 < n; i++)
        out[at++] = head[i];
    while (k > 0 && at + 1 < n)
        out[at++] = digits[--k];
    for (size_t i = 0; tail[i] && at + 1 < n; i++)
        out[at++] = tail[i];
    out[at] = 0;
}

/* Kills the keeper's children (what the program left: orphans come to the
 * subreaper) and reaps them, until none is left; a child's own children
 * come to the keeper as it dies, and go the next round.  At most 5 s (a
 * process that forks as fast as it is killed is left then). */
static void sweep(void)
{
    char path[64], list[4096];
    children_path(path, sizeof path);
    struct timespec t0, now, ms = { 0, 1000000 };
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        pid_t r;
        while ((r = waitpid(-1, NULL, WNOHANG)) > 0)
            ;
        if (r < 0 && errno == ECHILD)
            return;
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return; /* no list of children (an old kernel): they are left alone */
        ssize_t got = read(fd, list, sizeof list - 1);
        close(fd);
        long pid = 0;
        for (ssize_t i = 0; i <= got; i++)
            if (i < got && list[i] >= '0' && list[i] <= '9')
                pid = pid * 10 + (list[i] - '0');
            else if (pid > 0)
                kill((pid_t)pid, SIGKILL), pid = 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - t0.tv_sec > 5)
            return;
        nanosleep(&ms, NULL);
    }
}

/* Puts the five descriptors at 3 to 7, the report and status pipes closed
 * on exec, and closes every other (triad's records files and locks, other
 * programs' pipes: held here, they would keep those open). */
static void own_descriptors(int *fds)
{
    for (int i = 0; i < 5; i++)
        fds[i] = fcntl(fds[i], F_DUPFD, 16);
    for (int i = 0; i < 5; i++)
        if (fds[i] < 0 || dup2(fds[i], 3 + i) < 0)
            _exit(127);
    close_span(8, ~0U);
    fcntl(6, F_SETFD, FD_CLOEXEC);
    fcntl(7, F_SETFD, FD_CLOEXEC);
}

void proc_keeper_run(const char *path, int in, int out, int err_fd, int report, int status_fd, pid_t parent)
{
    int fds[5] = { in, out, err_fd, report, status_fd };
    own_descriptors(fds);
    struct sigaction sa, dfl, ign;
    memset(&sa, 0, sizeof sa);
    memset(&dfl, 0, sizeof dfl);
    memset(&ign, 0, sizeof ign);
    sa.sa_handler = on_signal; /* no SA_RESTART: a wait it interrupts looks again */
    sigfillset(&sa.sa_mask);
    dfl.sa_handler = SIG_DFL;
    ign.sa_handler = SIG_IGN;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGCHLD, &dfl, NULL); /* never SIG_IGN: that would reap the program before waitid sees it */
    sigaction(SIGPIPE, &ign, NULL);
    setpgid(0, 0); /* off the terminal's group: a Ctrl-C goes to triad, which decides */
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
    if (getppid() != parent) /* the thread that started it ended already */
        keeper_stop = 1;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int status = SIGKILL; /* a wait status: killed by signal 9, for a program never started */
    pid_t self = getpid(), e = keeper_stop ? -1 : fork();
    if (e == 0)
        child(path, 3, 4, 5, 6, self);
    if (e < 0 && !keeper_stop) {
        int er = errno;
        ssize_t w = write(6, &er, sizeof er);
        (void)w;
    }
    for (int fd = 3; fd <= 6; fd++)
        close(fd);
    if (e > 0) {
        setpgid(e, e); /* also here: the group exists before any kill */
        keeper_engine = e;
        if (keeper_stop)
            on_signal(SIGTERM);
        siginfo_t info;
        do
            memset(&info, 0, sizeof info);
        while (waitid(P_PID, (id_t)e, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR);
        kill(-e, SIGKILL); /* what is left of its group: e, a zombie, still holds the group's id */
        keeper_engine = 0;
        while (waitpid(e, &status, 0) < 0 && errno == EINTR)
            ;
        sweep();
    }
    ssize_t w = write(7, &status, sizeof status);
    (void)w;
    _exit(0);
}
