/* test_records.c — the records library and the self-play run: round trips
 * of every kind of start, determinism across thread counts, torn and
 * corrupt blocks, resume, and LittleGolem import and export.  Games are
 * random players' (fast, also under the sanitizers); files live in a
 * fresh directory under /tmp that each test removes. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/player.h"
#include "engine/tzaar/setup.h"
#include "core/idset.h"
#include "lg_helpers.h"
#include "selfplay/play.h"
#include "records/record.h"
#include "selfplay/run.h"

typedef struct tmpdir {
    char dir[64];
    char path[400]; /* the last tmp_file() */
} tmpdir;

static void tmp_open(tmpdir *t)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/triad-records-XXXXXX");
    if (!mkdtemp(t->dir))
        check_fail(__FILE__, __LINE__, "mkdtemp failed");
}

static const char *tmp_file(tmpdir *t, const char *name)
{
    snprintf(t->path, sizeof t->path, "%s/%s", t->dir, name);
    return t->path;
}

static void tmp_close(tmpdir *t)
{
    DIR *d = opendir(t->dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.')
            unlink(tmp_file(t, e->d_name));
    if (d)
        closedir(d);
    rmdir(t->dir);
}

static rec_run test_run(int setup, bool paired, uint64_t games, uint64_t seed)
{
    rec_run run;
    char err[200];
    rec_run_init(&run, &game_tzaar, 2);
    if (rec_run_sign(&run, err, sizeof err)) /* as cli_run_selfplay does */
        run.engine_sig = 0;
    run.games = games, run.seed = seed, run.setup = setup;
    if (paired)
        run.rotations = 2, run.rotate = REC_ROTATE_PIECES | REC_ROTATE_PLAYERS;
    snprintf(run.specs[0], REC_SPEC_MAX, "random");
    snprintf(run.specs[1], REC_SPEC_MAX, "random");
    return run;
}

/* Two random players of TZAAR, for play_game(). */
static gplayer **random_pair(void)
{
    static gplayer *pl[2];
    char err[200];
    for (int i = 0; i < 2; i++)
        if (!pl[i])
            pl[i] = gplayer_new(&game_tzaar, "random", err, sizeof err);
    return pl;
}

static int by_id(const void *a, const void *b)
{
    const rec_game *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Reads every game of a file, sorted by id; *bad counts bad blocks. */
static rec_game *read_all(const char *path, int *n, int *bad)
{
    char err[300];
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    static rec_game g;
    rec_game *games = NULL;
    int cap = 0, rc;
    *n = *bad = 0;
    if (!r) {
        check_fail(__FILE__, __LINE__, "%s", err);
        return NULL;
    }
    while ((rc = rec_reader_next(r, &g)) != REC_END) {
        if (rc == REC_BAD) {
            ++*bad;
            continue;
        }
        if (*n == cap)
            games = realloc(games, (size_t)(cap = cap * 2 + 64) * sizeof *games);
        games[(*n)++] = g;
    }
    rec_reader_close(r);
    qsort(games, (size_t)*n, sizeof *games, by_id);
    return games;
}

static bool same_game(const rec_game *a, const rec_game *b)
{
    char ta[POS_TEXT_MAX], tb[POS_TEXT_MAX];
    tz_pos_to_text(tz_pos_of(a->start), ta, sizeof ta);
    tz_pos_to_text(tz_pos_of(b->start), tb, sizeof tb);
    return a->id == b->id && a->seed == b->seed && a->setup == b->setup && a->rotation == b->rotation &&
           !strcmp(ta, tb) && !memcmp(a->specs, b->specs, sizeof a->specs) &&
           !memcmp(a->scores, b->scores, sizeof a->scores) && a->ending == b->ending && a->turns == b->turns &&
           a->nactions == b->nactions && !memcmp(a->actions, b->actions, (size_t)a->nactions * sizeof(game_action));
}

/* What a run told its caller: its notes, joined, and its progress calls. */
typedef struct heard {
    char notes[600];
    int progress_calls;
    uint64_t last_games;
} heard;

static void hear_note(void *ctx, const char *msg)
{
    heard *h = ctx;
    size_t at = strlen(h->notes);
    snprintf(h->notes + at, sizeof h->notes - at, "%s\n", msg);
}

static void hear_progress(void *ctx, const run_counts *c)
{
    heard *h = ctx;
    h->progress_calls++;
    h->last_games = c->games;
}

/* The run's exit status as the CLI maps it: 0, 2 refused, 1 failed. */
static int run_heard(const rec_run *run, const char *out, int threads, bool resume, heard *h, char *err, size_t n)
{
    run_opts o = { .run = *run, .out = out, .threads = threads, .block_games = 16, .flush_seconds = 1e9,
                   .resume = resume, .note = hear_note, .progress = hear_progress, .report_ctx = h };
    run_counts c;
    int rc = run_selfplay(&o, &c, err, n);
    return rc ? (c.refused ? 2 : 1) : 0;
}

static int run_quiet(const rec_run *run, const char *out, int threads, bool resume, char *err, size_t n)
{
    heard h = { .progress_calls = 0 };
    return run_heard(run, out, threads, resume, &h, err, n);
}

/* Every setup kind, paired or not, written and read back field by field. */
static void test_round_trip(void)
{
    tmpdir t;
    char err[300];
    tmp_open(&t);
    gplayer **pl = random_pair();
    REQUIRE(pl[0] && pl[1]);
    static rec_game played[40];
    for (int kind = 0; kind < SETUP_KINDS; kind++)
        for (int paired = 0; paired < 2; paired++) {
            rec_run run = test_run(kind, paired, 40, 11 + (uint64_t)kind);
            const char *path = tmp_file(&t, "rt.rec");
            rec_writer *wr = rec_writer_open(path, &run, REC_OVERWRITE, 0, 7, err, sizeof err);
            REQUIRE(wr);
            for (uint64_t id = 0; id < 40; id++) {
                CHECK(play_game(&run, id, pl, &played[id], err, sizeof err) == 0);
                CHECK(rec_writer_append(wr, &played[id]) == 0);
            }
            CHECK(rec_writer_close(wr, err, sizeof err) == 0);
            int n, bad;
            rec_game *got = read_all(path, &n, &bad);
            CHECKF(n == 40 && bad == 0, "setup %d paired %d: %d games, %d bad", kind, paired, n, bad);
            for (int i = 0; i < n && i < 40; i++)
                CHECKF(same_game(&got[i], &played[i]), "setup %d paired %d game %d differs", kind, paired, i);
            if (paired && n == 40) { /* a pair shares its setup, colours exchanged */
                position p = *tz_pos_of(got[1].start);
                if (kind == SETUP_TOURNAMENT) {
                    /* Under the rules White places first, then moves first:
                     * each game of a pair makes its own placement, played by
                     * its own seats (issue 10: no replayed, recoloured one). */
                    CHECK(tz_pos_of(got[0].start)->phase == PHASE_PLACE && p.phase == PHASE_PLACE);
                    CHECK(got[0].nactions > 60 && got[1].nactions > 60);
                } else {
                    tz_recolour(&p);
                    CHECK(p.hash == tz_pos_of(got[0].start)->hash);
                }
                CHECK(got[1].rotation && !got[0].rotation);
            }
            free(got);
        }
    tmp_close(&t);
}

/* Starts no run derives: a packed full board and a mid-game position. */
static void test_explicit_starts(void)
{
    tmpdir t;
    char err[300];
    tmp_open(&t);
    rec_run run;
    rec_run_init(&run, &game_tzaar, 2);
    run.source = REC_SOURCE_IMPORT;
    static rec_game g[2];
    position *s0 = (position *)(void *)g[0].start, *s1 = (position *)(void *)g[1].start;
    tz_setup_random(s0, 999);
    tz_setup_random(s1, 5);
    action list[MAX_ACTIONS];
    undo u;
    pos_make(s1, list[tz_gen_actions(s1, list) - 1], &u); /* Black to act: text mode */
    for (int i = 0; i < 2; i++) {
        g[i].id = (uint64_t)i * 1000;
        g[i].seed = 0x1234;
        snprintf(g[i].specs[0], REC_SPEC_MAX, "lg:alice");
        snprintf(g[i].specs[1], REC_SPEC_MAX, "lg:bob");
        position p = *tz_pos_of(g[i].start);
        for (int j = 0; j < 3 && tz_gen_actions(&p, list); j++) {
            g[i].actions[g[i].nactions++] = list[0];
            pos_make(&p, list[0], &u);
        }
        CHECK(rec_game_replay(&game_tzaar, &g[i], err, sizeof err) == 0);
    }
    const char *path = tmp_file(&t, "x.rec");
    rec_writer *w = rec_writer_open(path, &run, REC_CREATE, 0, 0, err, sizeof err);
    REQUIRE(w);
    CHECK(rec_writer_append(w, &g[0]) == 0 && rec_writer_append(w, &g[1]) == 0);
    CHECK(rec_writer_close(w, err, sizeof err) == 0);
    int n, bad;
    rec_game *got = read_all(path, &n, &bad);
    REQUIRE(n == 2 && bad == 0);
    CHECK(same_game(&got[0], &g[0]) && same_game(&got[1], &g[1]));
    free(got);
    CHECK(rec_writer_open(path, &run, REC_CREATE, 0, 0, err, sizeof err) == NULL); /* never overwrites */
    CHECK(strstr(err, "exists") != NULL);
    tmp_close(&t);
}

/* The same run with 1 and 3 threads: the same games. */
static void test_threads_agree(void)
{
    tmpdir t;
    char err[300], one[400];
    tmp_open(&t);
    rec_run run = test_run(SETUP_RANDOM, true, 60, 42);
    snprintf(one, sizeof one, "%s", tmp_file(&t, "one.rec"));
    CHECK(run_quiet(&run, one, 1, false, err, sizeof err) == 0);
    CHECK(run_quiet(&run, tmp_file(&t, "three.rec"), 3, false, err, sizeof err) == 0);
    int n1, n3, bad;
    rec_game *a = read_all(one, &n1, &bad), *b = read_all(tmp_file(&t, "three.rec"), &n3, &bad);
    REQUIRE(n1 == 60 && n3 == 60);
    for (int i = 0; i < 60; i++)
        CHECKF(same_game(&a[i], &b[i]) && a[i].id == (uint64_t)i, "game %d differs", i);
    free(a);
    free(b);
    tmp_close(&t);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n = f && !fseek(f, 0, SEEK_END) ? ftell(f) : -1;
    if (f)
        fclose(f);
    return n;
}

/* A torn tail and a corrupt block are reported; every other block reads;
 * resume truncates the torn tail and ends with the uninterrupted games. */
static void test_torn_and_corrupt(void)
{
    tmpdir t;
    char err[300], whole[400], torn[400], bad_path[400];
    tmp_open(&t);
    rec_run run = test_run(SETUP_RANDOM, false, 100, 7);
    snprintf(whole, sizeof whole, "%s", tmp_file(&t, "whole.rec"));
    snprintf(torn, sizeof torn, "%s", tmp_file(&t, "torn.rec"));
    snprintf(bad_path, sizeof bad_path, "%s", tmp_file(&t, "bad.rec"));
    REQUIRE(run_quiet(&run, whole, 1, false, err, sizeof err) == 0);
    int n, bad;
    rec_game *ref = read_all(whole, &n, &bad);
    REQUIRE(n == 100 && bad == 0);

    /* torn: the file ends inside its last block (16 games a block) */
    FILE *in = fopen(whole, "rb"), *out = fopen(torn, "wb");
    long size = file_size(whole);
    REQUIRE(in && out && size > 200);
    for (long i = 0; i < size - 40; i++)
        fputc(fgetc(in), out);
    fclose(out);
    rec_reader *r = rec_reader_open(torn, err, sizeof err);
    REQUIRE(r);
    rec_game g;
    int games = 0, rc, bads = 0;
    while ((rc = rec_reader_next(r, &g)) != REC_END) {
        games += rc == REC_GAME;
        if (rc == REC_BAD && !bads++)
            CHECKF(strstr(rec_reader_error(r), "torn") != NULL, "%s", rec_reader_error(r));
    }
    CHECK(games == 96 && bads == 1 && !rec_reader_bad_before_good(r));
    rec_reader_close(r);
    /* the library prints nothing: the dropped tail is a note to the caller,
     * and the progress callback sees the run start and end */
    heard h = { .progress_calls = 0 };
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    REQUIRE(saved >= 0 && null >= 0);
    dup2(null, 2); /* anything printed would vanish: the callbacks must carry it */
    rc = run_heard(&run, torn, 2, true, &h, err, sizeof err);
    dup2(saved, 2);
    close(saved);
    close(null);
    CHECKF(rc == 0, "%s", err);
    CHECKF(!strncmp(h.notes, "dropping the torn tail of ", 26) && strstr(h.notes, "torn.rec"), "%s", h.notes);
    CHECKF(h.progress_calls >= 2 && h.last_games == 100, "%d calls, %llu games", h.progress_calls,
           (unsigned long long)h.last_games);
    rec_game *resumed = read_all(torn, &n, &bad);
    CHECK(n == 100 && bad == 0);
    for (int i = 0; i < n && i < 100; i++)
        CHECKF(same_game(&resumed[i], &ref[i]), "resumed game %d differs", i);
    free(resumed);

    /* corrupt: one byte of the second games block flipped */
    rewind(in);
    out = fopen(bad_path, "wb");
    for (long i = 0; i < size; i++)
        fputc(fgetc(in) ^ (i == size / 3 ? 0x40 : 0), out);
    fclose(out);
    fclose(in);
    free(read_all(bad_path, &n, &bad));
    CHECKF(bad == 1 && n == 84, "%d games, %d bad blocks", n, bad);
    CHECK(run_quiet(&run, bad_path, 1, true, err, sizeof err) == 2); /* it would lose games */
    CHECKF(strstr(err, "damaged block") != NULL, "%s", err);
    free(ref);
    tmp_close(&t);
}

static void test_resume_refusals(void)
{
    tmpdir t;
    char err[300], path[400];
    tmp_open(&t);
    rec_run run = test_run(SETUP_FIXED, false, 10, 3);
    snprintf(path, sizeof path, "%s", tmp_file(&t, "a.rec"));
    REQUIRE(run_quiet(&run, path, 1, false, err, sizeof err) == 0);
    CHECK(run_quiet(&run, path, 1, false, err, sizeof err) == 2);
    CHECKF(strstr(err, "exists") != NULL, "%s", err);
    run.seed = 4;
    CHECK(run_quiet(&run, path, 1, true, err, sizeof err) == 2);
    CHECKF(strstr(err, "--seed 4") && strstr(err, "3 in"), "%s", err);
    run.seed = 3;
    run.games = 8; /* a larger --games grows the run (issue 18); a smaller one is refused */
    CHECK(run_quiet(&run, path, 1, true, err, sizeof err) == 2);
    CHECKF(strstr(err, "grow, not shrink") != NULL, "%s", err);
    run.games = 10;
    CHECK(run_quiet(&run, path, 1, true, err, sizeof err) == 0); /* complete: nothing to play */
    int n, bad;
    free(read_all(path, &n, &bad));
    CHECK(n == 10 && bad == 0);
    tmp_close(&t);
}

/* Shards split the setups with no overlap; a pair stays in one shard. */
static void test_shards(void)
{
    rec_run run = test_run(SETUP_RANDOM, true, 40, 1);
    run.shards = 3;
    for (uint64_t id = 0; id < 40; id++) {
        int owners = 0;
        for (run.shard = 0; run.shard < 3; run.shard++)
            owners += rec_in_shard(&run, id);
        CHECK(owners == 1);
        run.shard = (uint32_t)(id / 2 % 3);
        CHECK(rec_in_shard(&run, id) && rec_in_shard(&run, id ^ 1));
    }
    idset s = { 0 };
    CHECK(idset_add(&s, 5) == 1 && idset_add(&s, 5) == 0 && idset_has(&s, 5) && !idset_has(&s, 6));
    CHECK(idset_add(&s, 100000) == 1 && idset_has(&s, 100000) && idset_add(&s, IDSET_MAX_ID) == -1);
    idset_free(&s);
}

typedef struct sink {
    rec_game games[8];
    int n;
} sink;

static int collect(void *ctx, const rec_game *g)
{
    sink *s = ctx;
    if (s->n == 8)
        return -1;
    s->games[s->n++] = *g;
    return 0;
}

#define FIXED_POS "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC"

/* Records written by hand from the rules page's description. */
static void test_littlegolem_import(void)
{
    static sink s;
    char err[300];
    uint64_t next = 0;
    const char *text =
        "(;FF[TZAAR]VA[STANDARD]EV[test]PB[bob]PW[alice]POS[" FIXED_POS "]\n"
        ";W[kokp];B[lplo-pass];W[molo-lnlo])\n"
        "(;FF[TZAAR]PW[carol]PB[dave]POS[" FIXED_POS "];W[kokp])\n";
    s.n = 0;
    CHECK(lg_import(text, "hand.txt", &next, collect, &s, err, sizeof err) == 2);
    REQUIRE(s.n == 2);
    rec_game *g = &s.games[0];
    CHECK(g->id == 0 && g->setup == SETUP_FIXED && !strcmp(g->specs[0], "lg:alice") && !strcmp(g->specs[1], "lg:bob"));
    CHECK(g->nactions == 5 && g->turns == 3 && rec_game_winner(g) == -1 && g->ending == END_NONE);
    CHECK(act_kind((action)g->actions[2]) == ACT_PASS && act_kind((action)g->actions[4]) == ACT_STACK);
    position p = *tz_pos_of(g->start);
    const char *want[] = { "A5xA4", "B4xB5", "pass", "C5xB5", "B6+B5" };
    for (int j = 0; j < 5; j++) {
        char a[ACTION_TEXT_MAX];
        undo u;
        tz_action_to_text((action)g->actions[j], p.side, a);
        CHECKF(!strcmp(a, want[j]), "action %d is %s", j, a);
        pos_make(&p, g->actions[j], &u);
    }
    CHECK(s.games[1].id == 1 && s.games[1].nactions == 1);

    const char *bad[][2] = {
        { "(;POS[" FIXED_POS "];W[kokp];B[kokp])", "turn 2: illegal action 'kokp'" },
        { "(;POS[" FIXED_POS "];W[kokp];W[lplo])", "turn 2: W[lplo], but Black" },
        { "(;POS[" FIXED_POS "];W[kokp];B[lplo];W[molo])", "turn 2 has one action" },
        { "(;POS[" FIXED_POS "];W[kokp-lplo])", "turn 1: action 2" },
        { "(;POS[" FIXED_POS "];W[zz])", "turn 1: bad action 'zz'" },
        { "(;POS[abc];W[kokp])", "bad POS" },
        { "(;PW[x];W[kokp])", "no POS" },
        { "hello", "not a LittleGolem record" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        s.n = 0;
        CHECK(lg_import(bad[i][0], "bad.txt", &next, collect, &s, err, sizeof err) == -1);
        CHECKF(strstr(err, "bad.txt: game 1: ") && strstr(err, bad[i][1]), "%s", err);
    }
}

/* Self-play games out to LittleGolem and back, among them games that end
 * on a turn's first action and tournament games (exported after placement). */
static void test_littlegolem_round_trip(void)
{
    char err[300], *text = NULL;
    size_t len = 0;
    gplayer **pl = random_pair();
    REQUIRE(pl[0] && pl[1]);
    static rec_game g[8];
    static sink s;
    int short_end = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    for (int i = 0; i < 8; i++) {
        rec_run run = test_run(i < 6 ? SETUP_RANDOM : SETUP_TOURNAMENT, false, 8, 77);
        CHECK(play_game(&run, (uint64_t)i, pl, &g[i], err, sizeof err) == 0);
        CHECK(lg_export(f, &g[i], err, sizeof err) == 0);
        position p = *tz_pos_of(g[i].start);
        for (int j = 0; j + 1 < g[i].nactions; j++) {
            undo u;
            pos_make(&p, g[i].actions[j], &u);
        }
        short_end += p.phase == PHASE_FIRST;
    }
    fclose(f);
    CHECKF(short_end > 0, "no game ended on a first action");
    uint64_t next = 0;
    s.n = 0;
    CHECK(lg_import(text, "mem", &next, collect, &s, err, sizeof err) == 8);
    for (int i = 0; i < s.n; i++) {
        int skip = g[i].setup == SETUP_TOURNAMENT ? 60 : 0;
        CHECK(rec_game_winner(&s.games[i]) == rec_game_winner(&g[i]) && s.games[i].ending == g[i].ending);
        CHECK(s.games[i].turns == g[i].turns && s.games[i].nactions == g[i].nactions - skip);
        CHECK(!memcmp(s.games[i].actions, g[i].actions + skip, (size_t)s.games[i].nactions * sizeof(game_action)));
    }
    free(text);
}

const test_case tests_records[] = {
    { "records_round_trip", test_round_trip },
    { "records_explicit_starts", test_explicit_starts },
    { "records_threads_agree", test_threads_agree },
    { "records_torn_and_corrupt", test_torn_and_corrupt },
    { "records_resume_refusals", test_resume_refusals },
    { "records_shards", test_shards },
    { "records_littlegolem_import", test_littlegolem_import },
    { "records_littlegolem_round_trip", test_littlegolem_round_trip },
    { NULL, NULL },
};
