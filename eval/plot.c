/* plot.c — see plot.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/msg.h"
#include "plot.h"

int plot_mkdir(const char *dir, char *err, size_t n)
{
    if (mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(err, n, "cannot create folder %s: %s", MSG_PATH(dir), strerror(errno));
        return -1;
    }
    return 0;
}

FILE *plot_open(const char *dir, const char *name, char *err, size_t n)
{
    char path[4096];
    FILE *f = NULL;
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        errno = ENAMETOOLONG; /* never open a cut-short name */
    else
        f = fopen(path, "w");
    if (!f)
        snprintf(err, n, "cannot write %s/%s: %s", MSG_PATH(dir), name, strerror(errno));
    return f;
}

int plot_run(const char *dir, const char *script, char *err, size_t n)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, n, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, STDOUT_FILENO);
        if (chdir(dir) == 0)
            execlp("gnuplot", "gnuplot", script, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        snprintf(err, n, "gnuplot not found: install gnuplot-nox (scripts/setup.sh does)");
        return -1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status)) {
        snprintf(err, n, "gnuplot failed on %s/%s", MSG_PATH(dir), script);
        return -1;
    }
    return 0;
}
