/* player_engine.c — the generic "engine" kind: a program outside triad
 * that speaks the line protocol of docs/protocol.md (what `triad engine`
 * speaks), refereed by triad's rules.
 *
 *   engine:cmd=FILE[,ms=N][,tc=BASE+INC][,margin=MS][,timeout=MS]
 *          [,depth=N][,nodes=N][,log=FILE][,sig=HEX|auto]
 *
 * FILE is started with no shell and no arguments (a wrapper script gives
 * them: `exec /path/triad engine --player ab:depth=3`) the first time the
 * player must act, and again after it crashed, hung or broke the protocol.
 * For each action the player sends the position (`position STRING`), the
 * seed and `go` with the limits, and reads `bestaction A`: an action that
 * is not legal, an error line, an answer out of place, the program ending
 * or no answer within the limit plus margin makes the player forfeit
 * (choose() returns GAME_NO_ACTION; forfeit() says why), and the game is
 * lost and recorded as such.  A late answer within the margin is accepted
 * and counted (overruns()).
 *
 * Time: ms=N allows N ms per action; tc=BASE+INC is a game clock (seconds,
 * as fastchess writes it: tc=10+0.1), reset by begin(), the time each answer
 * took taken off and the increment added after it; with both, the smaller
 * limit holds.  A program that speaks protocol 2 gets the clock
 * (`go time<seat> MS inc<seat> MS`) and manages it itself; one that speaks
 * protocol 1 (triad before clocks) gets `go ms N` with the budget that
 * engine/timeman.h computes.  Without ms or tc, an answer may take up to
 * timeout=MS (default 60 s).  Other answers (the greeting, `ok`) have
 * ENGINE_REPLY_SECONDS.
 *
 * A program that speaks protocol 3 is told the game (`game SPEC`, a variant
 * included; one that speaks an older protocol cannot play a variant) and,
 * with sig=, asked its engine signature (`signature`): sig=HEX is checked
 * at every start (another answer forfeits), and sig=auto becomes sig=HEX
 * in the canonical spec, from the program itself, so records say which
 * build played (engine_canonical starts the program once to ask).
 *
 * Games against such a player are not reproducible: the program and its
 * timing are outside triad (docs/players.md). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "core/clock.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/proc.h"
#include "engine/players.h"
#include "engine/timeman.h"

#define ENGINE_REPLY_SECONDS 10.0 /* starting, `protocol`, `position`, `seed` */
#define ENGINE_DEFAULT_MARGIN 100 /* ms: a loaded machine delays answers by tens of ms */
#define ENGINE_DEFAULT_TIMEOUT 60000
#define ENGINE_QUIT_GRACE 0.5     /* seconds a program gets to exit after quit */
#define ENGINE_PATH_MAX 200

typedef struct engine_player {
    const game_def *g;
    char cmd[ENGINE_PATH_MAX], log[ENGINE_PATH_MAX];
    uint64_t ms, margin, timeout, depth, nodes;
    uint64_t base, inc;     /* the game clock in ms; base 0: none */
    bool margin_given, timeout_given;
    bool sig_given, sig_auto; /* sig=HEX (in sig), sig=auto */
    uint64_t sig, reported; /* the signature asked for; the program's answer (0: none) */
    proc *p;                /* the running program, or NULL */
    int version;            /* the protocol it speaks */
    uint64_t remaining;     /* the clock in this game */
    int overruns;
    game_forfeit why;
    char *text;             /* a position string */
} engine_player;

/* "10", "0.1", "2.005": ms as seconds. */
static void seconds_text(uint64_t ms, char *out, size_t n)
{
    if (ms % 1000 == 0)
        snprintf(out, n, "%" PRIu64, ms / 1000);
    else {
        int len = snprintf(out, n, "%" PRIu64 ".%03" PRIu64, ms / 1000, ms % 1000);
        while (len > 0 && out[len - 1] == '0')
            out[--len] = 0;
    }
}

/* Seconds with at most 3 decimals ("10", "0.1", "2.005") into ms. */
static int parse_seconds(const char *s, uint64_t *ms)
{
    uint64_t whole = 0, frac = 0;
    int digits = 0, fdigits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++)
        if ((whole = whole * 10 + (uint64_t)(*s - '0')) > 100000000)
            return -1;
    if (*s == '.') {
        for (s++; *s >= '0' && *s <= '9'; s++, fdigits++)
            if (fdigits < 3)
                frac = frac * 10 + (uint64_t)(*s - '0');
            else if (*s != '0')
                return -1;
        if (!fdigits)
            return -1;
    }
    if (!digits || *s)
        return -1;
    for (int i = fdigits < 3 ? fdigits : 3; i < 3; i++)
        frac *= 10;
    *ms = whole * 1000 + frac;
    return 0;
}

static int set_option(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    engine_player *e = ctx;
    char why[160] = "";
    int bad = 0;
    if (!strcmp(key, "cmd") || !strcmp(key, "log")) {
        char *dst = key[0] == 'c' ? e->cmd : e->log;
        if (!*value || strlen(value) >= ENGINE_PATH_MAX || strpbrk(value, ",:= \t")) {
            snprintf(err, n, "player 'engine': %s '%s': expected a file name of at most %d characters without ',', "
                     "':', '=' or spaces (a wrapper script can live anywhere)", key, MSG_PATH(value),
                     ENGINE_PATH_MAX - 1);
            return -1;
        }
        snprintf(dst, ENGINE_PATH_MAX, "%s", value);
        return 0;
    }
    if (!strcmp(key, "sig")) {
        e->sig_auto = !strcmp(value, "auto");
        e->sig_given = !e->sig_auto;
        if (!e->sig_auto && (strlen(value) != 16 || num_hex(value, UINT64_MAX, &e->sig, why, sizeof why) || !e->sig)) {
            snprintf(err, n, "player 'engine': sig '%s': expected the engine signature the program reports (16 hex "
                     "digits, as triad bench --signature prints it) or auto", MSG_PATH(value));
            return -1;
        }
        return 0;
    }
    if (!strcmp(key, "tc")) {
        char base[64];
        const char *plus = strchr(value, '+');
        size_t len = plus ? (size_t)(plus - value) : strlen(value);
        e->inc = 0;
        if (len >= sizeof base)
            bad = 1;
        else {
            memcpy(base, value, len);
            base[len] = 0;
            bad = parse_seconds(base, &e->base) || (plus && parse_seconds(plus + 1, &e->inc)) || !e->base;
        }
        if (bad) {
            snprintf(err, n, "player 'engine': tc '%s': expected BASE+INC in seconds, BASE above 0 "
                     "(tc=10+0.1, tc=60), at most 3 decimals", MSG_PATH(value));
            return -1;
        }
        return 0;
    }
    uint64_t *dst = !strcmp(key, "ms") ? &e->ms : !strcmp(key, "margin") ? &e->margin
                  : !strcmp(key, "timeout") ? &e->timeout : !strcmp(key, "depth") ? &e->depth
                  : !strcmp(key, "nodes") ? &e->nodes : NULL;
    if (!dst) {
        snprintf(err, n, "player 'engine': unknown option '%s' (expected cmd, ms, tc, margin, timeout, depth, "
                 "nodes, log or sig)", MSG_PATH(key));
        return -1;
    }
    bool zero_ok = dst == &e->margin;
    bad = num_u64(value, zero_ok ? 0 : 1, 2000000000, dst, why, sizeof why);
    if (bad) {
        snprintf(err, n, "player 'engine': %s '%s' is %s", key, MSG_PATH(value), why);
        return -1;
    }
    e->margin_given |= dst == &e->margin;
    e->timeout_given |= dst == &e->timeout;
    return 0;
}

static void engine_destroy(void *impl)
{
    engine_player *e = impl;
    if (!e)
        return;
    if (e->p) {
        char err[80];
        /* One try, no wait: a program whose input is full would otherwise
         * hold the end of the run; one asked to stop gets no grace. */
        proc_write(e->p, "quit\n", clock_seconds(), err, sizeof err);
        proc_close(e->p, fio_stop_requested() ? 0 : ENGINE_QUIT_GRACE);
    }
    free(e->text);
    free(e);
}

/* log=FILE is appended to for as long as the program runs: refused before
 * any game when it is anything but a regular file or a file to create (a
 * FIFO would block the open until a reader came, for ever; a device or a
 * folder is no log), or the program itself.  The command checks what it
 * knows besides: its outputs, inputs and records files (selfplay/run.h). */
static int check_log(const engine_player *e, char *err, size_t n)
{
    struct stat st;
    if (!stat(e->log, &st) && !S_ISREG(st.st_mode)) {
        snprintf(err, n, "player 'engine': log=%s is %s, not a regular file: give a file to append the program's "
                 "stderr to", MSG_PATH(e->log), S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISDIR(st.st_mode) ? "a folder"
                 : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : S_ISSOCK(st.st_mode) ? "a socket"
                 : "not a plain file");
        return -1;
    }
    if (fio_same_file(e->log, e->cmd)) {
        snprintf(err, n, "player 'engine': log=%s is the program itself (cmd=): its stderr would be appended to it",
                 MSG_PATH(e->log));
        return -1;
    }
    return 0;
}

static void *engine_create(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n)
{
    engine_player *e = calloc(1, sizeof *e);
    if (!e || !(e->text = malloc(GAME_TEXT_MAX))) {
        free(e);
        snprintf(err, n, "player 'engine': out of memory");
        return NULL;
    }
    e->g = g;
    e->margin = ENGINE_DEFAULT_MARGIN;
    e->timeout = ENGINE_DEFAULT_TIMEOUT;
    if (gplayer_each_option("engine", opts, set_option, e, err, n)) {
        engine_destroy(e);
        return NULL;
    }
    e->remaining = e->base; /* for callers that never call begin() */
    if (!e->cmd[0]) {
        snprintf(err, n, "player 'engine': expected cmd=FILE (a program speaking docs/protocol.md)");
        engine_destroy(e);
        return NULL;
    }
    char why[400];
    if (proc_check(e->cmd, why, sizeof why)) {
        snprintf(err, n, "player 'engine': %s", why);
        engine_destroy(e);
        return NULL;
    }
    if (e->log[0] && check_log(e, err, n)) {
        engine_destroy(e);
        return NULL;
    }
    if (e->timeout_given && (e->ms || e->base)) {
        snprintf(err, n, "player 'engine': timeout= is the limit without ms= or tc=; with them the limit is "
                 "theirs plus margin=");
        engine_destroy(e);
        return NULL;
    }
    /* Keys in order, the margin always (it decides what loses on time),
     * the timeout when it is the limit. */
    char tc[64] = "", a[24], b[24];
    if (e->base) {
        seconds_text(e->base, a, sizeof a);
        seconds_text(e->inc, b, sizeof b);
        snprintf(tc, sizeof tc, ",tc=%s%s%s", a, e->inc ? "+" : "", e->inc ? b : "");
    }
    char depth[32] = "", ms[32] = "", nodes[32] = "", timeout[32] = "", sig[32] = "";
    if (e->sig_given || e->sig_auto)
        snprintf(sig, sizeof sig, e->sig_auto ? ",sig=auto" : ",sig=%016" PRIx64, e->sig);
    if (e->depth)
        snprintf(depth, sizeof depth, ",depth=%" PRIu64, e->depth);
    if (e->ms)
        snprintf(ms, sizeof ms, ",ms=%" PRIu64, e->ms);
    if (e->nodes)
        snprintf(nodes, sizeof nodes, ",nodes=%" PRIu64, e->nodes);
    if (!e->ms && !e->base)
        snprintf(timeout, sizeof timeout, ",timeout=%" PRIu64, e->timeout);
    int len = snprintf(canon, cn, "cmd=%s%s%s%s,margin=%" PRIu64 "%s%s%s%s%s", e->cmd, depth, e->log[0] ? ",log=" : "",
                       e->log, e->margin, ms, nodes, sig, tc, timeout);
    if (len < 0 || (size_t)len >= cn) {
        snprintf(err, n, "player 'engine': spec too long");
        engine_destroy(e);
        return NULL;
    }
    return e;
}

/* Ends the game for this player: why, and the program killed when it can
 * no longer be trusted to be in step (anything but an illegal action). */
static game_action forfeit(engine_player *e, int reason, bool kill, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static game_action forfeit(engine_player *e, int reason, bool kill, const char *fmt, ...)
{
    char raw[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    e->why.reason = reason;
    msg_escape(e->why.text, sizeof e->why.text, raw);
    if (kill && e->p) {
        proc_close(e->p, 0);
        e->p = NULL;
    }
    return GAME_NO_ACTION;
}

/* After a failed read: the program's end ("exit status 3"), or the reason. */
static game_action lost_program(engine_player *e, const char *what, const char *err)
{
    char how[96];
    /* A program that closed its output is usually exiting: give it a
     * moment so the record can say how it ended. */
    double until = clock_seconds() + 0.2;
    while (!proc_exited(e->p, how, sizeof how) && clock_seconds() < until) {
        struct timespec t = { 0, 2000000 };
        nanosleep(&t, NULL);
    }
    if (!strcmp(how, "running"))
        return forfeit(e, GAME_FORFEIT_CRASH, true, "%s: %s", what, err);
    return forfeit(e, GAME_FORFEIT_CRASH, true, "%s: %s (%s)", what, err, how);
}

/* A stop request (a SIGTERM to a self-play run) cut a wait short: the
 * program is out of step and killed; the run drops the game (play.c). */
static game_action stopped(engine_player *e, const char *what)
{
    return forfeit(e, GAME_FORFEIT_CRASH, true, "%s: stopped: triad was asked to stop", what);
}

/* Sends cmd before deadline, the deadline of its answer too: a program
 * that does not read its input (its pipe full) forfeits on time, as one
 * that does not answer does.  0, or -1 after a forfeit. */
static int send_line(engine_player *e, const char *cmd, double deadline, const char *what)
{
    char err[160];
    int r = proc_write(e->p, cmd, deadline, err, sizeof err);
    if (r == 1)
        return 0;
    if (r == 0)
        return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "%s: the program did not read its input in time (its input "
                       "pipe stayed full)", what), -1;
    if (r == PROC_STOPPED)
        return stopped(e, what), -1;
    return lost_program(e, what, err), -1;
}

/* Reads the next line that is not an `info` line, a comment or blank,
 * before deadline.  1 with *line; 0 when the deadline passed; else (-1)
 * the player has forfeited. */
static int next_answer(engine_player *e, double deadline, const char *what, const char **line)
{
    char err[160];
    for (;;) {
        int r = proc_read_line(e->p, deadline, line, err, sizeof err);
        if (r == 0)
            return 0;
        if (r == PROC_STOPPED)
            return stopped(e, what), -1;
        if (r < 0)
            return lost_program(e, what, err), -1;
        const char *l = *line;
        while (*l == ' ' || *l == '\t')
            l++;
        if (!*l || *l == '#' || (!strncmp(l, "info", 4) && (!l[4] || l[4] == ' ' || l[4] == '\t')))
            continue;
        *line = l;
        return 1;
    }
}

/* Sends a command and expects `ok`.  0, or -1 after a forfeit. */
static int command_ok(engine_player *e, const char *cmd, const char *what)
{
    const char *line;
    double deadline = clock_seconds() + ENGINE_REPLY_SECONDS;
    if (send_line(e, cmd, deadline, what))
        return -1;
    int r = next_answer(e, deadline, what, &line);
    if (r == 0)
        return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "no answer to %s in %.0f s", what, ENGINE_REPLY_SECONDS), -1;
    if (r < 0)
        return -1;
    if (strcmp(line, "ok"))
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "%s: answered '%.60s'", what, line), -1;
    return 0;
}

/* Asks a protocol 3 program its engine signature into e->reported (0 when
 * it has none: an error line); a sig= it must match.  0, or -1 after a
 * forfeit. */
static int ask_signature(engine_player *e)
{
    const char *line;
    double deadline = clock_seconds() + ENGINE_REPLY_SECONDS;
    if (send_line(e, "signature\n", deadline, "signature"))
        return -1;
    int r = next_answer(e, deadline, "signature", &line);
    if (r == 0)
        return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "no answer to 'signature' in %.0f s", ENGINE_REPLY_SECONDS), -1;
    if (r < 0)
        return -1;
    uint64_t v = 0;
    char why[80];
    if (strncmp(line, "error", 5) && (strncmp(line, "signature ", 10) || num_hex(line + 10, UINT64_MAX, &v, why, sizeof why)))
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "signature: answered '%.60s'", line), -1;
    e->reported = v;
    if (e->sig_given && v != e->sig)
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "the program reports engine signature %016" PRIx64 ", not sig=%016"
                       PRIx64, v, e->sig), -1;
    if ((e->sig_given || e->sig_auto) && !v)
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "the program reports no engine signature for sig= ('%.30s')",
                       line), -1;
    return 0;
}

/* A protocol 3 program is told the game, a variant of it included (an
 * older one cannot be: a variant's game is refused), and with sig= asked
 * its signature.  0, or -1 after a forfeit. */
static int name_the_game(engine_player *e)
{
    if (e->version < 3 && (e->g->base || e->sig_given || e->sig_auto))
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, e->g->base ? "protocol %d cannot name the variant %s (protocol "
                       "3's game)" : "protocol %d reports no engine signature for sig= (protocol 3's signature)%.0s",
                       e->version, e->g->name), -1;
    if (e->version < 3)
        return 0;
    char cmd[GAME_SPEC_MAX + 8];
    snprintf(cmd, sizeof cmd, "game %s\n", e->g->name);
    if (command_ok(e, cmd, "game"))
        return -1;
    return e->sig_given || e->sig_auto ? ask_signature(e) : 0;
}

/* Starts the program and reads its protocol version.  0, or -1 after a
 * forfeit. */
static int start(engine_player *e)
{
    char err[400];
    const char *line;
    if (!(e->p = proc_start(e->cmd, e->log[0] ? e->log : NULL, err, sizeof err)))
        return forfeit(e, GAME_FORFEIT_CRASH, false, "%s", err), -1;
    double deadline = clock_seconds() + ENGINE_REPLY_SECONDS;
    if (send_line(e, "protocol\n", deadline, "start"))
        return -1;
    int r = next_answer(e, deadline, "start", &line);
    if (r == 0)
        return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "no answer to 'protocol' in %.0f s", ENGINE_REPLY_SECONDS), -1;
    if (r < 0)
        return -1;
    unsigned v;
    char tail;
    if (sscanf(line, "protocol triad %u%c", &v, &tail) != 1 || v < 1)
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "start: answered '%.60s' to 'protocol'", line), -1;
    e->version = (int)v;
    return name_the_game(e);
}

/* The canonical options without a game: create()'s, and for sig=auto the
 * signature the program reports, asked once (stored: a record's spec,
 * which is what it says). */
static int engine_canonical(const game_def *g, const char *opts, bool stored, char *canon, size_t cn, char *err,
                            size_t n)
{
    engine_player *e = engine_create(g, opts, canon, cn, err, n);
    char *at = e && e->sig_auto && !stored ? strstr(canon, ",sig=auto") : NULL, rest[GPLAYER_SPEC_MAX];
    int rc = e ? 0 : -1;
    if (at && start(e))
        rc = -1, snprintf(err, n, "player 'engine': sig=auto: %s", e->why.text);
    else if (at) { /* auto becomes the 16 hex digits */
        snprintf(rest, sizeof rest, "%s", at + strlen(",sig=auto"));
        size_t room = cn - (size_t)(at - canon);
        if ((size_t)snprintf(at, room, ",sig=%016" PRIx64 "%s", e->reported, rest) >= room)
            rc = -1, snprintf(err, n, "player 'engine': spec too long");
    }
    engine_destroy(e);
    return rc;
}

static void engine_begin(void *impl, const void *start_state)
{
    engine_player *e = impl;
    (void)start_state;
    e->remaining = e->base;
    e->overruns = 0;
    memset(&e->why, 0, sizeof e->why);
}

/* The go command, and the limit in ms the answer must come within (plus
 * the margin); without ms or tc, the timeout (and *timed false). */
static uint64_t go_command(engine_player *e, const void *s, char *cmd, size_t n, bool *timed)
{
    uint64_t limit = e->ms;
    *timed = e->ms || e->base;
    int len = snprintf(cmd, n, "go");
    if (e->depth)
        len += snprintf(cmd + len, n - (size_t)len, " depth %" PRIu64, e->depth);
    if (e->nodes)
        len += snprintf(cmd + len, n - (size_t)len, " nodes %" PRIu64, e->nodes);
    if (e->base) {
        int seat = e->g->to_act(s);
        if (!e->ms || e->remaining < limit)
            limit = e->remaining;
        if (e->version >= 2)
            len += snprintf(cmd + len, n - (size_t)len, " time%d %" PRIu64 " inc%d %" PRIu64, seat, e->remaining, seat,
                            e->inc);
        else { /* protocol 1 knows no clock: the budget it would have made of it */
            uint64_t budget = timeman_budget(e->g, s, e->remaining, e->inc);
            uint64_t ms = e->ms && e->ms < budget ? e->ms : budget;
            len += snprintf(cmd + len, n - (size_t)len, " ms %" PRIu64, ms);
        }
    }
    if (e->ms && (e->version >= 2 || !e->base))
        len += snprintf(cmd + len, n - (size_t)len, " ms %" PRIu64, e->ms);
    snprintf(cmd + len, n - (size_t)len, "\n");
    return *timed ? limit : e->timeout;
}

static game_action engine_choose(void *impl, const void *s, uint64_t seed)
{
    engine_player *e = impl;
    const game_def *g = e->g;
    char cmd[GAME_TEXT_MAX + 32], err[160];
    const char *line;
    memset(&e->why, 0, sizeof e->why);
    if (e->p && proc_exited(e->p, err, sizeof err)) { /* died between games */
        proc_close(e->p, 0);
        e->p = NULL;
    }
    if (!e->p && start(e))
        return GAME_NO_ACTION;
    if (g->to_text(s, e->text, GAME_TEXT_MAX) < 0)
        return forfeit(e, GAME_FORFEIT_PROTOCOL, false, "the position does not fit a line");
    snprintf(cmd, sizeof cmd, "position %s\n", e->text);
    if (command_ok(e, cmd, "position"))
        return GAME_NO_ACTION;
    snprintf(cmd, sizeof cmd, "seed %" PRIu64 "\n", seed);
    if (command_ok(e, cmd, "seed"))
        return GAME_NO_ACTION;
    bool timed;
    uint64_t limit = go_command(e, s, cmd, sizeof cmd, &timed);
    double t0 = clock_seconds();
    double deadline = t0 + (double)(timed ? limit + e->margin : limit) / 1000;
    if (send_line(e, cmd, deadline, "go"))
        return GAME_NO_ACTION;
    int r = next_answer(e, deadline, "go", &line);
    uint64_t took = (uint64_t)((clock_seconds() - t0) * 1000 + 0.5);
    if (r == 0) {
        if (timed)
            return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "no answer in %" PRIu64 " ms (limit %" PRIu64
                           " ms + margin %" PRIu64 ")", took, limit, e->margin);
        return forfeit(e, GAME_FORFEIT_TIMEOUT, true, "no answer in %" PRIu64 " ms (timeout)", took);
    }
    if (r < 0)
        return GAME_NO_ACTION;
    if (strncmp(line, "bestaction ", 11))
        return forfeit(e, GAME_FORFEIT_PROTOCOL, true, "go: answered '%.60s'", line);
    const char *text = line + 11;
    while (*text == ' ')
        text++;
    game_action a;
    char why[200];
    if (g->action_from_text(s, text, &a, why, sizeof why))
        return forfeit(e, GAME_FORFEIT_ILLEGAL, false, "answered '%.40s', not a legal action here", text);
    if (timed && took > limit)
        e->overruns++;
    if (e->base)
        e->remaining = (took < e->remaining ? e->remaining - took : 0) + e->inc;
    return a;
}

static void engine_forfeit(void *impl, game_forfeit *out)
{
    *out = ((engine_player *)impl)->why;
}

static int engine_overruns(void *impl)
{
    return ((engine_player *)impl)->overruns;
}

const game_player_kind gplayer_engine = {
    .name = "engine",
    .help = "a program outside triad speaking docs/protocol.md, refereed by triad: illegal actions, crashes and "
            "timeouts lose; not reproducible"
            GPLAYER_OPTION("cmd", "", "required: the program (no shell, no ',', ':', '=' or spaces: a wrapper "
                           "script gives arguments)")
            GPLAYER_OPTION("ms", "", "milliseconds per action (go ms N)")
            GPLAYER_OPTION("tc", "", "a game clock BASE+INC in seconds (tc=60+0.5; go time/inc, protocol 2)")
            GPLAYER_OPTION("margin", GPLAYER_STR(ENGINE_DEFAULT_MARGIN), "milliseconds an answer may be late "
                           "past ms= or the clock")
            GPLAYER_OPTION("timeout", GPLAYER_STR(ENGINE_DEFAULT_TIMEOUT), "without ms= or tc=: milliseconds to "
                           "wait for an answer")
            GPLAYER_OPTION("depth", "", "sent as go depth N")
            GPLAYER_OPTION("nodes", "", "sent as go nodes N")
            GPLAYER_OPTION("log", "", "a file the program's stderr is appended to")
            GPLAYER_OPTION("sig", "", "the engine signature the program must report (protocol 3, triad bench "
                           "--signature), checked at each start; auto: what it reports, into the canonical spec"),
    .create = engine_create,
    .canonical = engine_canonical,
    .choose = engine_choose,
    .destroy = engine_destroy,
    .begin = engine_begin,
    .forfeit = engine_forfeit,
    .overruns = engine_overruns,
};
