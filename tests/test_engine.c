/* test_engine.c — players that run outside triad (engine/player_engine.c)
 * and what they rest on: the child-process layer (core/proc.h: reads with
 * a deadline, no SIGPIPE, no zombie, the process group killed), the engine
 * player's forfeits against small scripts that break the protocol, the
 * forfeit and overrun fields of records (written, read back, checked
 * against the replay), and the time manager (engine/timeman.h).  The
 * command-line side, with `triad engine` behind a wrapper for every game,
 * is tests/cli_engines.sh. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <time.h>

#include "check.h"
#include "core/clock.h"
#include "core/proc.h"
#include "engine/players.h"
#include "engine/timeman.h"
#include "selfplay/play.h"
#include "records/record.h"

typedef struct scripts {
    char dir[64];
    char path[8][128];
    int n;
} scripts;

/* An executable sh script in a fresh folder; its path. */
static const char *script(scripts *s, const char *name, const char *body)
{
    if (!s->dir[0]) {
        snprintf(s->dir, sizeof s->dir, "/tmp/triad-engine-XXXXXX");
        if (!mkdtemp(s->dir))
            return "/nonexistent";
    }
    char *p = s->path[s->n++];
    char dir[64];
    memcpy(dir, s->dir, sizeof dir);
    snprintf(p, 128, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    if (!f)
        return "/nonexistent";
    fprintf(f, "#!/bin/sh\n%s", body);
    fclose(f);
    chmod(p, 0755);
    return p;
}

static void scripts_remove(scripts *s)
{
    for (int i = 0; i < s->n; i++)
        unlink(s->path[i]);
    if (s->dir[0])
        rmdir(s->dir);
}

/* Process pid's start time (field 22 of /proc/PID/stat), or 0 when it
 * has ended (a zombie, which a container's init may never reap, counts as
 * ended).  The start time tells a pid reused by another process apart. */
static unsigned long long started_at(long pid)
{
    char path[64], stat[512] = "";
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t got = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[got] = 0;
    const char *p = strrchr(stat, ')');
    if (!p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X')
        return 0;
    for (int field = 2; field < 22 && p; field++) /* p is at the end of field 2 */
        p = strchr(p + 1, ' ');
    return p ? strtoull(p + 1, NULL, 10) : 0;
}

static void pause_ms(int ms)
{
    struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* No child of this process is left, running or a zombie. */
static bool no_children(void)
{
    errno = 0;
    return waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD;
}

static void proc_reads_lines_with_a_deadline_and_leaves_no_child(void)
{
    scripts s = { .n = 0 };
    const char *echo = script(&s, "echo", "while read l; do echo \"got $l\"; done\n");
    char err[300];
    const char *line;
    proc *p = proc_start(echo, NULL, err, sizeof err);
    REQUIRE(p);
    CHECK(proc_write(p, "hello\n", clock_seconds() + 10, err, sizeof err) == 1);
    CHECK(proc_read_line(p, clock_seconds() + 10, &line, err, sizeof err) == 1 && !strcmp(line, "got hello"));
    double t0 = clock_seconds();
    CHECK(proc_read_line(p, t0 + 0.05, &line, err, sizeof err) == 0); /* nothing more: the deadline passes */
    double waited = clock_seconds() - t0;
    CHECKF(waited >= 0.04 && waited < 5, "waited %.3f s for a 0.05 s deadline", waited);
    char how[100];
    CHECK(!proc_exited(p, how, sizeof how) && !strcmp(how, "running"));
    proc_close(p, 1);
    CHECK(no_children());
    scripts_remove(&s);
}

static void proc_survives_a_dead_child_without_sigpipe(void)
{
    scripts s = { .n = 0 };
    const char *quits = script(&s, "quits", "exit 7\n");
    char err[300], how[100];
    const char *line;
    proc *p = proc_start(quits, NULL, err, sizeof err);
    REQUIRE(p);
    CHECK(proc_read_line(p, clock_seconds() + 10, &line, err, sizeof err) == -1 && strstr(err, "closed its output"));
    double until = clock_seconds() + 5;
    while (!proc_exited(p, how, sizeof how) && clock_seconds() < until)
        pause_ms(1);
    CHECKF(!strcmp(how, "exit status 7"), "how: %s", how);
    /* Writing to it raises SIGPIPE, which would end this process. */
    CHECK(proc_write(p, "anyone there?\n", clock_seconds() + 10, err, sizeof err) == -1);
    sigset_t pending;
    sigpending(&pending);
    CHECK(!sigismember(&pending, SIGPIPE));
    proc_close(p, 0);
    CHECK(no_children());
    CHECK(!proc_start("/no/such/engine", NULL, err, sizeof err) && strstr(err, "cannot run /no/such/engine"));
    scripts_remove(&s);
}

/* Issue 40 item 1: a program that never reads its input fills its pipe,
 * and a write to it blocked for ever; it now ends at its deadline. */
static void proc_write_has_a_deadline(void)
{
    scripts s = { .n = 0 };
    const char *deaf = script(&s, "deaf", "exec sleep 30\n");
    char err[300];
    proc *p = proc_start(deaf, NULL, err, sizeof err);
    REQUIRE(p);
    static char big[256 * 1024]; /* far more than a pipe holds */
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    double t0 = clock_seconds();
    CHECK(proc_write(p, big, t0 + 0.3, err, sizeof err) == 0);
    double took = clock_seconds() - t0;
    CHECKF(took >= 0.25 && took < 5, "the write took %.3f s for a 0.3 s deadline", took);
    proc_close(p, 0);
    CHECK(no_children());
    scripts_remove(&s);
}

/* The pid in file, or 0. */
static long pid_in(const char *file)
{
    long pid = 0;
    FILE *f = fopen(file, "r");
    if (f && fscanf(f, "%ld", &pid) != 1)
        pid = 0;
    if (f)
        fclose(f);
    return pid;
}

/* Issue 40 item 11: a child that calls setsid() leaves the program's
 * process group, and one that forks twice (setsid -f) is an orphan at
 * once; both outlived the program.  Killing the program kills them. */
static void proc_kill_ends_what_left_the_group(void)
{
    scripts s = { .n = 0 };
    char one[160], two[160], body[1400], err[300];
    const char *dir = script(&s, "x", "") ? s.dir : "/tmp";
    snprintf(one, sizeof one, "%s/setsid.pid", dir);
    snprintf(two, sizeof two, "%s/forked.pid", dir);
    snprintf(body, sizeof body,
             "setsid sh -c 'echo $$ > %s; exec sleep 30' </dev/null >/dev/null 2>&1 &\n"
             "setsid -f sh -c 'echo $$ > %s; exec sleep 30' </dev/null >/dev/null 2>&1\n"
             "while [ ! -s %s ] || [ ! -s %s ]; do sleep 0.01; done\necho started\nexec sleep 30\n",
             one, two, one, two);
    const char *prog = script(&s, "daemons", body);
    const char *line;
    proc *p = proc_start(prog, NULL, err, sizeof err);
    REQUIRE(p);
    CHECK(proc_read_line(p, clock_seconds() + 10, &line, err, sizeof err) == 1);
    long pid[2] = { pid_in(one), pid_in(two) };
    unsigned long long born[2] = { pid[0] > 0 ? started_at(pid[0]) : 0, pid[1] > 0 ? started_at(pid[1]) : 0 };
    CHECK(born[0] > 0 && born[1] > 0);
    proc_close(p, 0);
    for (int k = 0; k < 2; k++) {
        double until = clock_seconds() + 5;
        while (born[k] && started_at(pid[k]) == born[k] && clock_seconds() < until)
            pause_ms(5);
        CHECKF(born[k] && started_at(pid[k]) != born[k], "%s %ld still runs", k ? "setsid -f's" : "setsid's",
               pid[k]);
    }
    CHECK(no_children());
    unlink(one);
    unlink(two);
    scripts_remove(&s);
}

static void proc_kill_ends_the_whole_process_group(void)
{
    scripts s = { .n = 0 };
    char pidfile[160], err[300];
    const char *dir = script(&s, "x", "") ? s.dir : "/tmp";
    snprintf(pidfile, sizeof pidfile, "%s/child.pid", dir);
    char body[400];
    /* A wrapper that does not exec: the engine is its child, in its group. */
    snprintf(body, sizeof body, "sleep 30 &\necho $! > %s\necho started\nwait\n", pidfile);
    const char *wrapper = script(&s, "wrapper", body);
    const char *line;
    proc *p = proc_start(wrapper, NULL, err, sizeof err);
    REQUIRE(p);
    CHECK(proc_read_line(p, clock_seconds() + 10, &line, err, sizeof err) == 1);
    FILE *f = fopen(pidfile, "r");
    long child = 0;
    CHECK(f && fscanf(f, "%ld", &child) == 1 && child > 0);
    if (f)
        fclose(f);
    unsigned long long born = child > 0 ? started_at(child) : 0;
    CHECK(born > 0);
    proc_close(p, 0);
    double until2 = clock_seconds() + 5;
    while (born && started_at(child) == born && clock_seconds() < until2)
        pause_ms(5);
    CHECKF(born && started_at(child) != born, "the wrapper's child %ld still runs", child);
    CHECK(no_children());
    unlink(pidfile);
    scripts_remove(&s);
}

/* A protocol 1 engine whose `go` does what act says. */
static const char *broken(scripts *s, const char *name, const char *act)
{
    char body[600];
    snprintf(body, sizeof body,
             "while read l; do case \"$l\" in protocol) echo 'protocol triad 1';; position*|seed*) echo ok;; "
             "go*) %s;; esac; done\n", act);
    return script(s, name, body);
}

static void engine_player_forfeits_are_told_apart(void)
{
    scripts s = { .n = 0 };
    char err[400];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    unsigned char st[GAME_STATE_MAX];
    REQUIRE(g->setup(st, "fixed", 2, 0, err, sizeof err) == 0);
    struct {
        const char *name, *act;
        int reason;
        const char *text;
    } cases[] = {
        { "illegal", "echo 'bestaction Z9xZ9'", GAME_FORFEIT_ILLEGAL, "answered 'Z9xZ9', not a legal action here" },
        { "crash", "exit 3", GAME_FORFEIT_CRASH, "(exit status 3)" },
        { "hang", "sleep 30", GAME_FORFEIT_TIMEOUT, "(limit 50 ms + margin 20)" },
        { "garbage", "echo 'I resign'", GAME_FORFEIT_PROTOCOL, "go: answered 'I resign'" },
        { "quiet", "true", GAME_FORFEIT_TIMEOUT, "no answer in" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char spec[300];
        snprintf(spec, sizeof spec, "engine:cmd=%s,ms=50,margin=20", broken(&s, cases[i].name, cases[i].act));
        gplayer *pl = gplayer_new(g, spec, err, sizeof err);
        REQUIRE(pl);
        gplayer_begin(pl, st);
        double t0 = clock_seconds();
        game_action a = gplayer_choose(pl, st, 1);
        double took = clock_seconds() - t0;
        game_forfeit f;
        gplayer_forfeit(pl, &f);
        CHECKF(a == GAME_NO_ACTION && f.reason == cases[i].reason && strstr(f.text, cases[i].text),
               "%s: action %u, reason %d, '%s'", cases[i].name, (unsigned)a, f.reason, f.text);
        CHECKF(took < 5, "%s: took %.2f s", cases[i].name, took);
        gplayer_free(pl);
        CHECKF(no_children(), "%s: a child is left", cases[i].name);
    }
    scripts_remove(&s);
}

/* A forfeit in a self-play game: the game ends there, the seat to act gets
 * 0 and the other the point; written and read back with the reason and
 * text; a forfeit stored for a seat that was not to act is refused. */
static void records_keep_forfeits_and_overruns(void)
{
    scripts s = { .n = 0 };
    char err[400], spec[300], path[200];
    const game_def *g = game_find("tzaar", err, sizeof err);
    REQUIRE(g);
    /* Legal for White's opening capture in the fixed setup; then 'pass',
     * which cannot begin a turn. */
    const char *eng = broken(&s, "half", "if [ -e \"$0.once\" ]; then echo 'bestaction pass'; else : > \"$0.once\"; "
                                         "echo 'bestaction A5xA4'; fi");
    snprintf(spec, sizeof spec, "engine:cmd=%s,ms=2000", eng);
    rec_run run;
    rec_run_init(&run, g, 2);
    run.games = 1;
    run.setup = 1; /* fixed */
    REQUIRE(!strcmp(rec_setup_name(&run, 1), "fixed"));
    gplayer *pl[2] = { gplayer_new(g, spec, err, sizeof err), gplayer_new(g, "random", err, sizeof err) };
    REQUIRE(pl[0] && pl[1]);
    snprintf(run.specs[0], REC_SPEC_MAX, "%s", gplayer_spec(pl[0]));
    snprintf(run.specs[1], REC_SPEC_MAX, "random");
    rec_game *game = calloc(1, sizeof *game), *back = calloc(1, sizeof *back);
    REQUIRE(game && back);
    REQUIRE(play_game(&run, 0, pl, game, err, sizeof err) == 0);
    gplayer_free(pl[0]);
    gplayer_free(pl[1]);
    CHECKF(game->forfeit == GAME_FORFEIT_ILLEGAL && game->forfeit_seat == 0 && game->nactions == 3 &&
           game->ending == 0 && game->scores[0] == 0 && game->scores[1] == 1,
           "forfeit %d seat %d actions %d ending %d scores %g %g", game->forfeit, game->forfeit_seat, game->nactions,
           game->ending, game->scores[0], game->scores[1]);
    CHECK(strstr(game->forfeit_text, "'pass'"));
    game->overruns[1] = 3; /* what a late player would leave */
    snprintf(path, sizeof path, "%s/f.trd", s.dir);
    rec_writer *w = rec_writer_open(path, &run, REC_CREATE, 0, 0, err, sizeof err);
    REQUIRE(w);
    CHECK(rec_writer_append(w, game) == 0);
    CHECK(rec_writer_close(w, err, sizeof err) == 0);
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    REQUIRE(r);
    CHECK(rec_reader_next(r, back) == REC_GAME);
    CHECK(back->forfeit == game->forfeit && back->forfeit_seat == 0 && !strcmp(back->forfeit_text, game->forfeit_text));
    CHECK(back->overruns[0] == 0 && back->overruns[1] == 3 && back->scores[1] == 1 && back->nactions == 3);
    rec_reader_close(r);
    /* The seat that forfeits must be the one to act. */
    game->forfeit_seat = 1;
    REQUIRE((w = rec_writer_open(path, &run, REC_OVERWRITE, 0, 0, err, sizeof err)));
    rec_forfeit_scores(&run, 1, game->scores);
    CHECK(rec_writer_append(w, game) == 0);
    CHECK(rec_writer_close(w, err, sizeof err) == 0);
    REQUIRE((r = rec_reader_open(path, err, sizeof err)));
    CHECK(rec_reader_next(r, back) == REC_BAD && strstr(rec_reader_error(r), "bad forfeit"));
    rec_reader_close(r);
    unlink(path);
    char once[200];
    snprintf(once, sizeof once, "%s.once", eng);
    unlink(once);
    free(game);
    free(back);
    CHECK(no_children());
    scripts_remove(&s);
}

static void forfeit_scores_share_the_win(void)
{
    char err[200];
    rec_run run;
    const game_def *trid = game_find("trid", err, sizeof err), *talat = game_find("talat", err, sizeof err);
    REQUIRE(trid && talat);
    double sc[GAME_MAX_PLAYERS];
    rec_run_init(&run, trid, 3);
    rec_forfeit_scores(&run, 1, sc);
    CHECK(sc[0] == 0.5 && sc[1] == 0 && sc[2] == 0.5 && sc[3] == 0);
    rec_run_init(&run, trid, 4);
    rec_forfeit_scores(&run, 0, sc);
    CHECK(sc[0] == 0 && sc[1] * 12 == 4 && sc[2] == sc[1] && sc[3] == sc[1]);
    rec_run_init(&run, talat, 3); /* 141 points shared: 70.5 each */
    rec_forfeit_scores(&run, 2, sc);
    CHECK(sc[0] == 70.5 && sc[1] == 70.5 && sc[2] == 0);
}

static void timeman_spreads_the_clock_and_never_exceeds_it(void)
{
    char err[200];
    const game_def *tz = game_find("tzaar", err, sizeof err), *race = game_find("race3", err, sizeof err);
    REQUIRE(tz && race);
    unsigned char s[GAME_STATE_MAX];
    REQUIRE(tz->setup(s, "fixed", 2, 0, err, sizeof err) == 0);
    double left = timeman_actions_left(tz, s);
    CHECKF(left >= TIMEMAN_MIN_LEFT && left <= 200, "left %g", left);
    uint64_t b = timeman_budget(tz, s, 60000, 0);
    CHECKF(b > 0 && (double)b <= 60000.0 / left + 1 && (double)b >= 59000.0 / left - 1, "budget %llu, left %g",
           (unsigned long long)b, left);
    CHECK(timeman_budget(tz, s, 60000, 1000) == b + 1000);
    uint64_t prev = 0;
    for (uint64_t rem = 1; rem < 200000; rem = rem * 3 / 2 + 1) {
        for (uint64_t inc = 0; inc <= 100000; inc = inc * 10 + 7) {
            uint64_t x = timeman_budget(tz, s, rem, inc);
            CHECKF(x >= 1 && (x < rem || rem <= 5), "remaining %llu inc %llu: budget %llu",
                   (unsigned long long)rem, (unsigned long long)inc, (unsigned long long)x);
        }
        uint64_t x = timeman_budget(tz, s, rem, 0);
        CHECK(x >= prev); /* more time left, never less to spend */
        prev = x;
    }
    /* A game that declares nothing: the default horizon. */
    REQUIRE(race->setup(s, "fixed", 3, 0, err, sizeof err) == 0);
    CHECK(timeman_actions_left(race, s) == TIMEMAN_HORIZON - race->turns(s) / 3.0);
}

const test_case tests_engine[] = {
    { "proc_reads_lines_with_a_deadline_and_leaves_no_child", proc_reads_lines_with_a_deadline_and_leaves_no_child },
    { "proc_survives_a_dead_child_without_sigpipe", proc_survives_a_dead_child_without_sigpipe },
    { "proc_kill_ends_the_whole_process_group", proc_kill_ends_the_whole_process_group },
    { "proc_write_has_a_deadline", proc_write_has_a_deadline },
    { "proc_kill_ends_what_left_the_group", proc_kill_ends_what_left_the_group },
    { "engine_player_forfeits_are_told_apart", engine_player_forfeits_are_told_apart },
    { "records_keep_forfeits_and_overruns", records_keep_forfeits_and_overruns },
    { "forfeit_scores_share_the_win", forfeit_scores_share_the_win },
    { "timeman_spreads_the_clock_and_never_exceeds_it", timeman_spreads_the_clock_and_never_exceeds_it },
    { NULL, NULL },
};
