/* test_fileio.c — core/fileio: regular-file opens, same-file test, the
 * writer lock, outputs written whole, signal cleanup, CRC-32. */
#define _DEFAULT_SOURCE /* flock(), mkdtemp() */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "core/dirs.h"
#include "core/fileio.h"

/* A fresh folder for one test; the caller removes what it made. */
static void scratch(char dir[64])
{
    strcpy(dir, "/tmp/triad-fileio-XXXXXX");
    if (!mkdtemp(dir))
        dir[0] = 0;
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static int slurp_equals(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    buf[got] = 0;
    fclose(f);
    return !strcmp(buf, text);
}

static int folder_entries(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p) {
        if (fscanf(p, "%d", &n) != 1)
            n = -1;
        pclose(p);
    }
    return n;
}

static void remove_tree(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd))
        fprintf(stderr, "cannot remove %s\n", dir);
}

static void opening_a_fifo_or_folder_is_refused_without_waiting(void)
{
    char dir[64], fifo[128], err[300];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    REQUIRE(mkfifo(fifo, 0600) == 0);
    alarm(5); /* a blocking open would hang the suite: let the alarm fail it loudly */
    CHECK(fio_open_regular(fifo, O_RDONLY, 0, err, sizeof err) < 0);
    CHECKF(strstr(err, "not a regular file (a FIFO)") != NULL, "%s", err);
    CHECK(fio_open_regular(fifo, O_WRONLY | O_CREAT, 0644, err, sizeof err) < 0);
    CHECKF(strstr(err, "a FIFO") != NULL, "%s", err);
    CHECK(fio_fopen_read(dir, err, sizeof err) == NULL);
    CHECKF(strstr(err, "(a directory)") != NULL, "%s", err);
    CHECK(fio_fopen_read("/dev/null", err, sizeof err) == NULL);
    CHECKF(strstr(err, "character device") != NULL, "%s", err);
    alarm(0);
    char file[128];
    snprintf(file, sizeof file, "%s/plain", dir);
    put(file, "x");
    FILE *f = fio_fopen_read(file, err, sizeof err);
    CHECK(f != NULL);
    if (f) {
        CHECK(fgetc(f) == 'x'); /* blocking mode again, reads as usual */
        CHECK(!(fcntl(fileno(f), F_GETFL) & O_NONBLOCK));
        fclose(f);
    }
    remove_tree(dir);
}

static void same_file_compares_device_and_inode(void)
{
    char dir[64], a[128], b[128], link_a[128], sym_a[128];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(a, sizeof a, "%s/a", dir);
    snprintf(b, sizeof b, "%s/b", dir);
    snprintf(link_a, sizeof link_a, "%s/link", dir);
    snprintf(sym_a, sizeof sym_a, "%s/../%s/./sym", dir, strrchr(dir, '/') + 1);
    put(a, "a");
    put(b, "a");
    REQUIRE(link(a, link_a) == 0);
    REQUIRE(symlink(a, sym_a) == 0);
    CHECK(fio_same_file(a, a));
    CHECK(fio_same_file(a, link_a));
    CHECK(fio_same_file(sym_a, a));
    CHECK(!fio_same_file(a, b));
    CHECK(!fio_same_file(a, "/no/such/file"));
    remove_tree(dir);
}

static void a_second_writer_is_refused_naming_the_holder(void)
{
    char dir[64], path[128], err[300];
    int ready[2];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/c.trd", dir);
    put(path, "");
    REQUIRE(pipe(ready) == 0);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) { /* holds the lock until killed */
        int fd = open(path, O_WRONLY);
        if (fd >= 0 && !fio_lock(fd, path, err, sizeof err) && write(ready[1], "y", 1) == 1)
            pause();
        _exit(1);
    }
    char c = 0;
    CHECK(read(ready[0], &c, 1) == 1 && c == 'y');
    int fd = open(path, O_WRONLY);
    CHECK(fd >= 0 && fio_lock(fd, path, err, sizeof err) == -1);
    char want[200];
    snprintf(want, sizeof want, "%s is being written by another triad process (pid %ld)", path, (long)child);
    CHECKF(!strcmp(err, want), "'%s', expected '%s'", err, want);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    /* The kernel dropped the dead holder's lock: nothing stale is left. */
    CHECKF(fio_lock(fd, path, err, sizeof err) == 0, "%s", err);
    close(fd);
    close(ready[0]);
    close(ready[1]);
    remove_tree(dir);
}

static void the_lock_survives_closing_another_descriptor(void)
{
    char dir[64], path[128], err[300];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/c.trd", dir);
    put(path, "");
    int held = open(path, O_WRONLY);
    REQUIRE(held >= 0 && fio_lock(held, path, err, sizeof err) == 0);
    int reader = open(path, O_RDONLY); /* what the --resume scan does */
    CHECK(reader >= 0);
    close(reader);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        int fd = open(path, O_WRONLY);
        _exit(fd >= 0 && fio_lock(fd, path, err, sizeof err) == -1 && strstr(err, "being written") ? 0 : 1);
    }
    int status;
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(held);
    remove_tree(dir);
}

static void outputs_are_whole_and_never_replace_without_force(void)
{
    char dir[64], path[128], err[300];
    fio_out o;
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/out.txt", dir);
    REQUIRE(fio_out_begin(&o, path, false, err, sizeof err) == 0);
    fputs("new\n", o.f);
    CHECK(access(path, F_OK) != 0); /* nothing under the name until committed */
    CHECK(!strncmp(o.tmp, path, strlen(path)) && strstr(o.tmp, ".tmp-") != NULL);
    CHECKF(fio_out_commit(&o, err, sizeof err) == 0, "%s", err);
    CHECK(slurp_equals(path, "new\n"));
    CHECK(folder_entries(dir) == 1);

    CHECK(fio_out_begin(&o, path, false, err, sizeof err) == -1);
    CHECKF(strstr(err, "exists (give --force to overwrite it)") != NULL, "%s", err);

    /* A file that appears while we write is not replaced either. */
    char late[128];
    snprintf(late, sizeof late, "%s/late.txt", dir);
    REQUIRE(fio_out_begin(&o, late, false, err, sizeof err) == 0);
    fputs("ours\n", o.f);
    put(late, "theirs\n");
    CHECK(fio_out_commit(&o, err, sizeof err) == -1);
    CHECKF(strstr(err, "exists") != NULL, "%s", err);
    CHECK(slurp_equals(late, "theirs\n"));

    REQUIRE(fio_out_begin(&o, path, true, err, sizeof err) == 0);
    fputs("forced\n", o.f);
    CHECK(fio_out_commit(&o, err, sizeof err) == 0);
    CHECK(slurp_equals(path, "forced\n"));

    REQUIRE(fio_out_begin(&o, path, true, err, sizeof err) == 0);
    fputs("abandoned\n", o.f);
    fio_out_abort(&o);
    CHECK(slurp_equals(path, "forced\n"));
    CHECK(folder_entries(dir) == 2); /* out.txt and late.txt: no temporary file left */
    remove_tree(dir);
}

static void output_checks_name_the_reason(void)
{
    char dir[64], err[300], path[128];
    scratch(dir);
    REQUIRE(dir[0]);
    CHECK(fio_out_check(dir, true, err, sizeof err) == -1);
    snprintf(path, sizeof path, "cannot write %s: Is a directory", dir);
    CHECKF(!strcmp(err, path), "%s", err);
    CHECK(fio_out_check("/nonexistent/r.md", false, err, sizeof err) == -1);
    CHECKF(!strcmp(err, "cannot write /nonexistent/r.md: No such file or directory"), "%s", err);
    snprintf(path, sizeof path, "%s/new.md", dir);
    CHECK(fio_out_check(path, false, err, sizeof err) == 0);
    remove_tree(dir);
}

static void a_signal_removes_registered_files(void)
{
    char dir[64], path[128];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/tmp-file", dir);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        put(path, "x");
        fio_cleanup_install();
        fio_cleanup_add(path);
        raise(SIGTERM);
        _exit(0); /* not reached: the handler re-raises with the default action */
    }
    int status;
    waitpid(child, &status, 0);
    CHECKF(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "status %d", status);
    CHECK(access(path, F_OK) != 0);
    remove_tree(dir);
}

/* Issue 18, item 10: a long writer's first signal is recorded, not fatal;
 * the second ends the process at once (its temporary files removed). */
static void a_long_writer_survives_the_first_signal_and_dies_of_the_second(void)
{
    char dir[64], path[128];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/tmp-file", dir);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        put(path, "x");
        /* A script's background job starts with SIGINT ignored, and the
         * handler leaves an ignored signal alone (nohup): `make test &`
         * would test nohup's case, not this one. */
        signal(SIGINT, SIG_DFL);
        fio_cleanup_install();
        fio_cleanup_add(path);
        fio_stop_begin();
        raise(SIGTERM);
        if (fio_stop_requested() != SIGTERM || access(path, F_OK))
            _exit(3); /* the first signal must only be recorded */
        raise(SIGINT);
        _exit(4); /* not reached: the second signal ends the process */
    }
    int status;
    waitpid(child, &status, 0);
    CHECKF(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT, "status %d (exit %d)", status,
           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    CHECK(access(path, F_OK) != 0);
    remove_tree(dir);
}

/* After the writer has stopped, fio_stop_exit() ends the process by the
 * signal that stopped it, as a shell or Slurm expects; outside
 * fio_stop_begin/end a signal is fatal as before. */
static void a_stopped_writer_ends_by_its_signal(void)
{
    char dir[64], path[128];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(path, sizeof path, "%s/tmp-file", dir);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        put(path, "x");
        /* As above: under nohup (or a job started with SIGHUP ignored) the
         * handler leaves SIGHUP alone, and this would test that case. */
        signal(SIGHUP, SIG_DFL);
        fio_cleanup_install();
        fio_cleanup_add(path);
        fio_stop_begin();
        raise(SIGHUP);
        fio_stop_end();
        if (fio_stop_requested() != SIGHUP)
            _exit(3);
        fio_stop_exit(SIGHUP);
    }
    int status;
    waitpid(child, &status, 0);
    CHECKF(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP, "status %d", status);
    CHECK(access(path, F_OK) != 0);
    child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        signal(SIGTERM, SIG_DFL);
        fio_cleanup_install();
        fio_stop_begin();
        fio_stop_end();
        raise(SIGTERM);
        _exit(4);
    }
    waitpid(child, &status, 0);
    CHECKF(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "status %d", status);
    remove_tree(dir);
}

/* core/dirs (issue 18, items 11, 13, 14): a folder built beside its target
 * replaces it whole; a tree is removed without following its links; a
 * temporary folder whose maker is gone is swept by the next maker. */
static void folders_are_swapped_whole_and_links_never_followed(void)
{
    char dir[64], target[128], outside[128], link[160], path[4200], err[300];
    scratch(dir);
    REQUIRE(dir[0]);
    snprintf(target, sizeof target, "%s/site", dir);
    snprintf(outside, sizeof outside, "%s/outside", dir);
    CHECK(mkdir(target, 0755) == 0 && mkdir(outside, 0755) == 0);
    snprintf(path, sizeof path, "%s/old.txt", target);
    put(path, "old");
    snprintf(path, sizeof path, "%s/0.js", outside);
    put(path, "keep");
    snprintf(link, sizeof link, "%s/games", target);
    CHECK(symlink(outside, link) == 0);
    fio_tmpdir t;
    REQUIRE(fio_tmpdir_make(&t, dir, "site.tmp-", err, sizeof err) == 0);
    snprintf(path, sizeof path, "%s/new.txt", t.path);
    put(path, "new");
    CHECK(fio_tmpdir_commit(&t, target, false, err, sizeof err) == -1); /* has files, no replace */
    CHECK(strstr(err, "exists and has files") != NULL);
    CHECKF(fio_tmpdir_commit(&t, target, true, err, sizeof err) == 0, "%s", err);
    fio_tmpdir_remove(&t);
    snprintf(path, sizeof path, "%s/new.txt", target);
    CHECK(slurp_equals(path, "new"));
    snprintf(path, sizeof path, "%s/old.txt", target);
    CHECK(access(path, F_OK) != 0);
    snprintf(path, sizeof path, "%s/0.js", outside);
    CHECK(slurp_equals(path, "keep")); /* the old folder's link was removed, not followed */
    CHECK(folder_entries(dir) == 2);   /* site and outside: nothing left beside */
    /* A stale temporary folder (unlocked) is swept; a locked one is kept. */
    char stale[160], live[160];
    snprintf(stale, sizeof stale, "%s/site.tmp-Stale1", dir);
    snprintf(live, sizeof live, "%s/site.tmp-Live01", dir);
    CHECK(mkdir(stale, 0755) == 0 && mkdir(live, 0755) == 0);
    snprintf(path, sizeof path, "%s/x", stale);
    put(path, "x");
    int fd = open(live, O_RDONLY | O_DIRECTORY);
    CHECK(fd >= 0 && flock(fd, LOCK_EX) == 0);
    REQUIRE(fio_tmpdir_make(&t, dir, "site.tmp-", err, sizeof err) == 0);
    CHECK(access(stale, F_OK) != 0);
    CHECK(access(live, F_OK) == 0);
    fio_tmpdir_remove(&t);
    close(fd);
    /* fio_remove_tree on a link removes the link alone. */
    CHECK(fio_remove_tree(link, err, sizeof err) == 0); /* already gone: not an error */
    snprintf(link, sizeof link, "%s/alias", dir);
    CHECK(symlink(outside, link) == 0);
    CHECK(fio_remove_tree(link, err, sizeof err) == 0);
    snprintf(path, sizeof path, "%s/0.js", outside);
    CHECK(slurp_equals(path, "keep"));
    remove_tree(dir);
}

/* The bitwise CRC-32 triad carried before it took zlib's: the values that
 * weights files and wcrc= in records hold were made by it. */
static uint32_t crc32_bitwise(uint32_t crc, const unsigned char *p, size_t len)
{
    crc = ~crc;
    while (len--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = crc >> 1 ^ (0xEDB88320u & -(crc & 1));
    }
    return ~crc;
}

static void crc32_is_the_zlib_one(void)
{
    CHECK(fio_crc32(0, "123456789", 9) == 0xCBF43926u);
    CHECK(fio_crc32(fio_crc32(0, "1234", 4), "56789", 5) == 0xCBF43926u);
    CHECK(fio_crc32(0, "", 0) == 0);
    /* the same values as before, chained or not, for random bytes of every length to 600 */
    unsigned char data[600];
    uint64_t x = 12345;
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (unsigned char)((x = x * 6364136223846793005ull + 1442695040888963407ull) >> 56);
    for (size_t len = 0; len <= sizeof data; len += 1 + len / 8) {
        uint32_t want = crc32_bitwise(0, data, len);
        CHECKF(fio_crc32(0, data, len) == want, "length %zu", len);
        CHECKF(fio_crc32(fio_crc32(0, data, len / 3), data + len / 3, len - len / 3) == want, "length %zu", len);
    }
    /* (the wcrc= values records hold are pinned by cli_records2.sh: 87124ae8, fcd8bebb) */
}

/* The one folder-of-a-path function both outputs written whole and
 * folders swapped whole use (it was two copies, in fileio.c and dirs.c). */
static void folder_of_a_path(void)
{
    const char *cases[][2] = { { "a/b", "a" }, { "b", "." }, { "/b", "/" }, { "x/y/z.trd", "x/y" }, { "./r", "." } };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char dir[64];
        fio_folder_of(cases[i][0], dir, sizeof dir);
        CHECKF(!strcmp(dir, cases[i][1]), "%s: %s, not %s", cases[i][0], dir, cases[i][1]);
    }
}

const test_case tests_fileio[] = {
    { "fileio_folder_of_a_path", folder_of_a_path },
    { "fileio_opening_a_fifo_or_folder_is_refused_without_waiting", opening_a_fifo_or_folder_is_refused_without_waiting },
    { "fileio_same_file_compares_device_and_inode", same_file_compares_device_and_inode },
    { "fileio_a_second_writer_is_refused_naming_the_holder", a_second_writer_is_refused_naming_the_holder },
    { "fileio_the_lock_survives_closing_another_descriptor", the_lock_survives_closing_another_descriptor },
    { "fileio_outputs_are_whole_and_never_replace_without_force", outputs_are_whole_and_never_replace_without_force },
    { "fileio_output_checks_name_the_reason", output_checks_name_the_reason },
    { "fileio_a_signal_removes_registered_files", a_signal_removes_registered_files },
    { "fileio_a_long_writer_survives_the_first_signal_and_dies_of_the_second",
      a_long_writer_survives_the_first_signal_and_dies_of_the_second },
    { "fileio_a_stopped_writer_ends_by_its_signal", a_stopped_writer_ends_by_its_signal },
    { "fileio_folders_are_swapped_whole_and_links_never_followed", folders_are_swapped_whole_and_links_never_followed },
    { "fileio_crc32_is_the_zlib_one", crc32_is_the_zlib_one },
    { NULL, NULL },
};
