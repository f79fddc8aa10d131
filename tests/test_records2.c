/* test_records2.c — the records semantics issue 8 found wrong: runs
 * compared with canonical player specs (item 7), a concatenated file read
 * run by run and games read twice told apart (item 8), and imported player
 * names kept whole or refused (item 12).  Random players keep it fast;
 * files live in a fresh directory under /tmp that each test removes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine/signature.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/setup.h"
#include "records/dedup.h"
#include "lg_helpers.h"
#include "records/record.h"
#include "records/record_codec.h"
#include "selfplay/run.h"

#define FIXED_POS "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC"

typedef struct files {
    char dir[64];
    char a[128], b[128], cat[128];
} files;

static bool files_open(files *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/triad-records2-XXXXXX");
    if (!mkdtemp(f->dir))
        return false;
    snprintf(f->a, sizeof f->a, "%s/a.trd", f->dir);
    snprintf(f->b, sizeof f->b, "%s/b.trd", f->dir);
    snprintf(f->cat, sizeof f->cat, "%s/cat.trd", f->dir);
    return true;
}

static void files_close(files *f)
{
    unlink(f->a);
    unlink(f->b);
    unlink(f->cat);
    rmdir(f->dir);
}

static rec_run random_run(uint64_t games, uint64_t seed)
{
    rec_run run;
    char err[200];
    rec_run_init(&run, &game_tzaar, 2);
    if (rec_run_sign(&run, err, sizeof err)) /* as cli_run_selfplay does: --resume compares it */
        run.engine_sig = 0;
    run.games = games, run.seed = seed, run.setup = SETUP_RANDOM;
    snprintf(run.specs[0], REC_SPEC_MAX, "random");
    snprintf(run.specs[1], REC_SPEC_MAX, "random");
    return run;
}

/* run_selfplay's outcome as the CLI maps it: 0, 2 refused, 1 failed. */
static int run_status(const run_opts *o, char *err, size_t n)
{
    run_counts c;
    return run_selfplay(o, &c, err, n) ? (c.refused ? 2 : 1) : 0;
}

static int play_into(const rec_run *run, const char *out)
{
    char err[300];
    run_opts o = { .run = *run, .out = out, .threads = 1, .block_games = 4, .flush_seconds = 1e9 };
    int rc = run_status(&o, err, sizeof err);
    if (rc)
        check_fail(__FILE__, __LINE__, "%s", err);
    return rc;
}

/* out = the bytes of a then of b, as `cat a b > out`; damage flips the
 * byte at that offset of b's part (-1: none). */
static int concatenate(const char *a, const char *b, const char *out, long damage)
{
    FILE *o = fopen(out, "wb");
    const char *in[2] = { a, b };
    int rc = o ? 0 : -1;
    for (int i = 0; i < 2 && !rc; i++) {
        FILE *f = fopen(in[i], "rb");
        int c;
        long at = 0;
        if (!f) {
            rc = -1;
            break;
        }
        while ((c = fgetc(f)) != EOF)
            fputc(i == 1 && at++ == damage ? c ^ 0x55 : c, o);
        fclose(f);
    }
    if (o && fclose(o))
        rc = -1;
    return rc;
}

/* Issue 8 item 8: `cat a.trd b.trd` was read with b's games under a's header. */
static void records_concatenated_runs_are_read_each_under_its_own_header(void)
{
    files f;
    REQUIRE(files_open(&f));
    rec_run ra = random_run(6, 1), rb = random_run(6, 2);
    if (!play_into(&ra, f.a) && !play_into(&rb, f.b) && !concatenate(f.a, f.b, f.cat, -1)) {
        char err[300];
        rec_reader *r = rec_reader_open(f.cat, err, sizeof err);
        REQUIRE(r);
        rec_game *g = malloc(sizeof *g);
        int rc, games[3] = { 0 }, bad = 0;
        while (g && (rc = rec_reader_next(r, g)) != REC_END) {
            if (rc == REC_BAD) {
                bad++;
                continue;
            }
            int run = rec_reader_runs(r);
            const rec_run *want = run == 1 ? &ra : &rb;
            CHECKF(rec_reader_run(r)->seed == want->seed, "game %llu of run %d read under seed %llu",
                   (unsigned long long)g->id, run, (unsigned long long)rec_reader_run(r)->seed);
            CHECK(g->seed == rec_game_seed(want, g->id));
            games[run < 3 ? run : 0]++;
        }
        CHECKF(bad == 0 && games[1] == 6 && games[2] == 6 && games[0] == 0, "bad %d, games %d + %d", bad,
               games[1], games[2]);
        free(g);
        rec_reader_close(r);
    }
    files_close(&f);
}

/* A damaged header of the second run: its games are reported, never served
 * under the first run's header. */
static void records_games_after_a_damaged_run_header_are_not_served(void)
{
    files f;
    REQUIRE(files_open(&f));
    rec_run ra = random_run(6, 1), rb = random_run(6, 2);
    /* offset 30 of b lies in its header block's payload: the CRC fails */
    if (!play_into(&ra, f.a) && !play_into(&rb, f.b) && !concatenate(f.a, f.b, f.cat, 30)) {
        char err[300];
        rec_reader *r = rec_reader_open(f.cat, err, sizeof err);
        REQUIRE(r);
        rec_game *g = malloc(sizeof *g);
        int rc, served = 0, bad = 0;
        while (g && (rc = rec_reader_next(r, g)) != REC_END) {
            if (rc == REC_BAD) {
                bad++;
                continue;
            }
            served++;
            CHECK(rec_reader_runs(r) == 1 && rec_reader_run(r)->seed == 1);
        }
        CHECKF(served == 6 && bad >= 2, "served %d, bad %d", served, bad);
        free(g);
        rec_reader_close(r);
    }
    files_close(&f);
}

/* Issue 8 item 8: games read twice counted twice. */
static void records_dedup_drops_the_same_run_and_id(void)
{
    rec_dedup d = { 0 };
    rec_run run = random_run(10, 1), shard = run, other = random_run(10, 2), typed = run;
    shard.shard = 1;
    shard.shards = 2;
    snprintf(typed.specs[0], REC_SPEC_MAX, "random"); /* the same spec */
    rec_game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    g->id = 3;
    CHECK(rec_dedup_add(&d, &run, g) == 1);
    CHECK(rec_dedup_add(&d, &run, g) == 0);
    CHECK(rec_dedup_add(&d, &shard, g) == 0); /* a shard of the same run */
    CHECK(rec_dedup_add(&d, &other, g) == 1); /* another seed: another run */
    g->id = 4;
    CHECK(rec_dedup_add(&d, &run, g) == 1);
    for (uint64_t id = 0; id < 5000; id++) { /* past several growths */
        g->id = 100 + id;
        CHECK(rec_dedup_add(&d, &run, g) == 1);
    }
    g->id = 4;
    CHECK(rec_dedup_add(&d, &typed, g) == 0);
    /* ab:depth=1 and ab:depth=1,noise=0,tt=16 are the same player, so the same run */
    rec_run a = run, b = run;
    snprintf(a.specs[0], REC_SPEC_MAX, "ab:depth=1");
    snprintf(b.specs[0], REC_SPEC_MAX, "ab:tt=16,depth=1");
    CHECK(rec_dedup_add(&d, &a, g) == 1);
    CHECK(rec_dedup_add(&d, &b, g) == 0);
    CHECK(d.dropped == 4);

    /* Imports: ids restart in each import, so the content decides. */
    rec_run imp;
    rec_run_init(&imp, &game_tzaar, 2);
    imp.source = REC_SOURCE_IMPORT;
    tz_setup_fixed((position *)(void *)g->start);
    g->id = 0;
    snprintf(g->specs[0], REC_SPEC_MAX, "lg:alice");
    snprintf(g->specs[1], REC_SPEC_MAX, "lg:bob");
    CHECK(rec_dedup_add(&d, &imp, g) == 1);
    CHECK(rec_dedup_add(&d, &imp, g) == 0);
    snprintf(g->specs[0], REC_SPEC_MAX, "lg:carol"); /* another game, same id */
    CHECK(rec_dedup_add(&d, &imp, g) == 1);
    CHECK(d.dropped == 5);
    free(g);
    rec_dedup_free(&d);
}

/* Issue 18 item 1: a game's identity is what determines it (seed, id,
 * specs, setup, run options, engine signature), never the run's length:
 * --games 20 and --games 40 with one seed hold the same first 20 games. */
static void records_dedup_identity_is_what_determines_a_game(void)
{
    rec_dedup d = { 0 };
    rec_run run = random_run(20, 5), longer = random_run(40, 5), engine = run, rules = run, reps = random_run(40, 5);
    engine.engine_sig ^= 1;
    snprintf(rules.rules_version, sizeof rules.rules_version, "tzaar-0");
    reps.replicates = 2;
    rec_game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    g->id = 7;
    CHECK(rec_dedup_add(&d, &run, g) == 1);
    CHECK(rec_dedup_add(&d, &longer, g) == 0);  /* the same game in a longer run */
    CHECK(rec_dedup_add(&d, &engine, g) == 1);  /* another engine played another game */
    CHECK(rec_dedup_add(&d, &rules, g) == 1);   /* other rules */
    CHECK(rec_dedup_add(&d, &reps, g) == 1);    /* another design: the id means another game */
    CHECK(d.dropped == 1);
    /* and the runs' parameters agree but for the length */
    char msg[300];
    CHECK(rec_run_diff(&run, &longer, REC_DIFF_SHARD, "A", "B", msg, sizeof msg) == 0);
    CHECK(rec_run_diff(&run, &longer, REC_DIFF_GAMES, "A", "B", msg, sizeof msg) == 1 && strstr(msg, "--games 20"));
    free(g);
    rec_dedup_free(&d);
}

/* Issue 18 item 1: --resume with a larger --games grows the run: the
 * first games are kept byte for byte, the header says the new length, and
 * the result is the games of a run played that long at once. */
static void records_resume_grows_a_run(void)
{
    char dir[] = "/tmp/triad-grow-XXXXXX", a[200], b[200], err[300];
    REQUIRE(mkdtemp(dir));
    snprintf(a, sizeof a, "%s/a.trd", dir);
    snprintf(b, sizeof b, "%s/b.trd", dir);
    rec_run small = random_run(6, 9), big = random_run(14, 9);
    CHECK(play_into(&small, a) == 0);
    run_opts o = { .run = big, .out = a, .threads = 1, .block_games = 4, .flush_seconds = 1e9,
                   .resume = true };
    CHECK(run_status(&o, err, sizeof err) == 0);
    CHECK(play_into(&big, b) == 0);
    rec_reader *ra = rec_reader_open(a, err, sizeof err), *rb = rec_reader_open(b, err, sizeof err);
    REQUIRE(ra && rb);
    CHECK(rec_reader_run(ra)->games == 14 && rec_reader_runs(ra) == 1);
    rec_game *g = malloc(sizeof *g);
    REQUIRE(g);
    uint64_t sum[2][14] = { { 0 } }, n[2] = { 0, 0 };
    rec_reader *rs[2] = { ra, rb };
    for (int f = 0; f < 2; f++) /* each game's actions, by id */
        while (rec_reader_next(rs[f], g) == REC_GAME && g->id < 14) {
            uint64_t h = 1469598103934665603ull ^ (uint64_t)g->nactions;
            for (int j = 0; j < g->nactions; j++)
                h = (h ^ g->actions[j]) * 1099511628211ull;
            sum[f][g->id] = h;
            n[f]++;
        }
    CHECK(n[0] == 14 && n[1] == 14 && !memcmp(sum[0], sum[1], sizeof sum[0]));
    /* shrinking is refused */
    o.run = small;
    CHECK(run_status(&o, err, sizeof err) == 2 && strstr(err, "grow, not shrink"));
    free(g);
    rec_reader_close(ra);
    rec_reader_close(rb);
    unlink(a);
    unlink(b);
    rmdir(dir);
}

/* Issue 8 item 7: specs compared as typed. */
static void records_run_diff_compares_canonical_specs(void)
{
    rec_run a = random_run(10, 1), b = a;
    char msg[300];
    snprintf(a.specs[0], REC_SPEC_MAX, "ab:depth=1");
    snprintf(b.specs[0], REC_SPEC_MAX, "ab:depth=1,tt=16");
    CHECK(rec_run_diff(&a, &b, true, "A", "B", msg, sizeof msg) == 0);
    snprintf(b.specs[0], REC_SPEC_MAX, "ab:noise=0,tt=16,depth=1");
    CHECK(rec_run_diff(&a, &b, true, "A", "B", msg, sizeof msg) == 0);
    snprintf(b.specs[0], REC_SPEC_MAX, "ab:depth=1,tt=32");
    CHECK(rec_run_diff(&a, &b, true, "A", "B", msg, sizeof msg) == 1 && strstr(msg, "White's player"));
    snprintf(a.specs[0], REC_SPEC_MAX, "lg:x");
    snprintf(b.specs[0], REC_SPEC_MAX, "lg:y");
    CHECK(rec_run_diff(&a, &b, true, "A", "B", msg, sizeof msg) == 1);
}

/* Replicates: a run option in the header.  It round-trips, changes which
 * games share a setup, and a header option a reader does not know is
 * refused, since it would change what the ids mean (issue 10 item 4). */
static void records_replicates_round_trip_and_unknown_options_are_refused(void)
{
    rec_run run = random_run(12, 1), back;
    run.rotations = 2;
    run.rotate = REC_ROTATE_PIECES | REC_ROTATE_PLAYERS;
    run.replicates = 3;
    CHECK(rec_games_per_setup(&run) == 6);
    CHECK(rec_setup_index(&run, 5) == 0 && rec_setup_index(&run, 6) == 1);
    CHECK(rec_replicate(&run, 0) == 0 && rec_replicate(&run, 3) == 1 && rec_replicate(&run, 5) == 2 &&
          rec_replicate(&run, 6) == 0);
    CHECK(rec_run_shard_games(&run) == 12);
    buf b = { 0 };
    char err[200];
    rec_encode_run(&b, &run);
    cursor c = { b.data, b.data + b.len, false };
    CHECK(rec_decode_run(&c, &back, err, sizeof err) == 0 && back.replicates == 3 && !c.bad);
    CHECK(rec_run_diff(&run, &back, true, "A", "B", err, sizeof err) == 0);
    back.replicates = 2;
    CHECK(rec_run_diff(&run, &back, true, "A", "B", err, sizeof err) == 1 && strstr(err, "--replicates 3 in A"));
    /* the key's last letter changed: "replicatez" */
    for (size_t i = 0; i + 10 <= b.len; i++)
        if (!memcmp(b.data + i, "replicates", 10))
            b.data[i + 9] = 'z';
    c = (cursor){ b.data, b.data + b.len, false };
    CHECK(rec_decode_run(&c, &back, err, sizeof err) == -1 && strstr(err, "unknown run option 'replicatez'"));
    buf_free(&b);
    /* TRID scores a draw among three survivors 1/3 each: its runs store
     * scores in twelfths, as a header option; a score off that grid is
     * refused by the writer, as a half is for a game of halves. */
    const game_def *trid = game_find("trid", err, sizeof err);
    REQUIRE(trid);
    rec_run tr;
    rec_run_init(&tr, trid, 3);
    CHECK(tr.score_scale == 12);
    buf t = { 0 };
    rec_encode_run(&t, &tr);
    c = (cursor){ t.data, t.data + t.len, false };
    CHECK(rec_decode_run(&c, &back, err, sizeof err) == 0 && back.score_scale == 12 && back.replicates == 1);
    buf_free(&t);
    rec_game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    buf e = { 0 };
    int idx[GAME_MAX_PLAYERS] = { 0 };
    uint64_t prev = 0;
    g->scores[0] = g->scores[1] = g->scores[2] = 1.0 / 3;
    CHECK(rec_encode_game(&e, g, &tr, idx, &prev, err, sizeof err) == 0);
    g->scores[0] = 0.2;
    CHECK(rec_encode_game(&e, g, &tr, idx, &prev, err, sizeof err) == -1 && strstr(err, "not a multiple of 1/12"));
    buf_free(&e);
    free(g);
    /* a run without replicates writes no option: its header is as before */
    rec_run plain = random_run(12, 1);
    buf p1 = { 0 };
    rec_encode_run(&p1, &plain);
    CHECK(p1.len > 0 && p1.data[p1.len - 1] == 0); /* nparams = 0 */
    buf_free(&p1);
}

static int count_game(void *ctx, const rec_game *g)
{
    (void)g;
    ++*(int *)ctx;
    return 0;
}

/* Issue 8 item 12: names kept newlines and tabs, and were cut at 120. */
static void records_littlegolem_names_are_kept_whole_or_refused(void)
{
    static const char *const bad[][2] = {
        { "(;PW[a\nb]POS[" FIXED_POS "];W[kokp])", "PW[a\\nb] holds a control character" },
        { "(;PB[a\tb]POS[" FIXED_POS "];W[kokp])", "PB[a\\tb] holds a control character" },
        { "(;PW[" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
          "xxxxxxxx" "]POS[" FIXED_POS "];W[kokp])", "is 125 bytes" },
    };
    char err[300];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t next = 0;
        int n = 0;
        CHECK(lg_import(bad[i][0], "n.txt", &next, count_game, &n, err, sizeof err) == -1 && n == 0);
        CHECKF(strstr(err, "n.txt: game 1: ") && strstr(err, bad[i][1]) && strstr(err, "(line 1, offset"), "%s",
               err);
    }
}

/* Issue 40 item 15: a NUL byte in a value was taken for the end of the
 * file ("no ']' before the end of the file"); it is a control character,
 * as a tab or a newline is, and so is one between the records. */
static void records_littlegolem_nul_byte_is_a_control_character(void)
{
    static const char name[] = "(;PW[a\0b]POS[" FIXED_POS "];W[kokp])";
    static const char in_action[] = "(;POS[" FIXED_POS "];W[ko\0kp])";
    static const char between[] = "(;POS[" FIXED_POS "];W[kokp])\n\0(;POS[" FIXED_POS "];W[kokp])";
    const struct {
        const char *text;
        size_t len;
        const char *want;
    } bad[] = {
        { name, sizeof name - 1, "PW[a\\x00b] holds a control character (a NUL byte)" },
        { in_action, sizeof in_action - 1, "W[ko\\x00kp] holds a control character (a NUL byte)" },
        { between, sizeof between - 1, "game 2: '(' expected: not a LittleGolem record (a NUL byte stands there" },
    };
    char err[300];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t next = 0;
        int n = 0;
        CHECK(lg_import_len(bad[i].text, bad[i].len, "n.txt", &next, count_game, &n, err, sizeof err) == -1);
        CHECKF(strstr(err, bad[i].want) && !strstr(err, "end of the file"), "%s", err);
    }
}

/* Records v2: --resume refuses a file another engine wrote, naming both
 * signatures, and plays nothing into it. */
static void records_resume_refuses_another_engine_signature(void)
{
    files f;
    REQUIRE(files_open(&f));
    rec_run run = random_run(4, 9), old = run;
    char err[400];
    old.engine_sig = 0x3039;
    rec_writer *w = rec_writer_open(f.a, &old, REC_CREATE, 0, 0, err, sizeof err);
    REQUIRE(w);
    REQUIRE(rec_writer_close(w, err, sizeof err) == 0);
    run_opts o = { .run = run, .out = f.a, .threads = 1, .flush_seconds = 1e9, .resume = true };
    char want[200];
    snprintf(want, sizeof want, "signature 0000000000003039; this triad's is %016llx",
             (unsigned long long)run.engine_sig);
    CHECK(run.engine_sig != 0);
    CHECKF(run_status(&o, err, sizeof err) == 2 && strstr(err, want), "%s", err);
    rec_reader *r = rec_reader_open(f.a, err, sizeof err);
    REQUIRE(r);
    rec_game *g = malloc(sizeof *g);
    CHECK(g && rec_reader_next(r, g) == REC_END && rec_reader_run(r)->engine_sig == 0x3039);
    free(g);
    rec_reader_close(r);
    /* the same signature resumes */
    old.engine_sig = run.engine_sig;
    REQUIRE((w = rec_writer_open(f.a, &old, REC_OVERWRITE, 0, 0, err, sizeof err)));
    REQUIRE(rec_writer_close(w, err, sizeof err) == 0);
    CHECKF(run_status(&o, err, sizeof err) == 0, "%s", err);
    files_close(&f);
}

/* Format 2 stores scores in half points: the writer refuses a score it
 * cannot store and goes on; a 3-player run's header reads back. */
static void records_writer_refuses_a_score_it_cannot_store(void)
{
    files f;
    REQUIRE(files_open(&f));
    char err[300];
    const game_def *gd = game_find("race3", err, sizeof err);
    REQUIRE(gd);
    rec_run run;
    rec_run_init(&run, gd, 3);
    run.source = REC_SOURCE_IMPORT;
    rec_game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    REQUIRE(gd->setup(g->start, gd->setup_names[0], 3, 1, err, sizeof err) == 0);
    for (int i = 0; i < 3; i++)
        snprintf(g->specs[i], REC_SPEC_MAX, "random");
    g->scores[0] = 0.25; /* not a multiple of 0.5 */
    rec_writer *w = rec_writer_open(f.a, &run, REC_CREATE, 0, 0, err, sizeof err);
    REQUIRE(w);
    CHECK(rec_writer_append(w, g) == -1 && strstr(rec_writer_error(w), "not a multiple of 1/2"));
    g->scores[0] = 0;
    CHECK(rec_writer_append(w, g) == 0); /* the writer goes on after a refusal */
    CHECK(run.score_scale == 2);
    CHECK(rec_writer_close(w, err, sizeof err) == 0);
    rec_reader *r = rec_reader_open(f.a, err, sizeof err);
    REQUIRE(r);
    CHECK(rec_reader_run(r)->game == gd && rec_reader_run(r)->players == 3 && rec_reader_version(r) == 2);
    CHECK(rec_reader_next(r, g) == REC_GAME && g->ending == 0 && g->nactions == 0);
    rec_reader_close(r);
    free(g);
    files_close(&f);
}

/* A format 1 file (the sample, written by an older triad) read into format
 * 2's types: TZAAR, 2 players, --paired as two rotations of pieces and
 * players, the swapped game as rotation 1, the winner as scores 1/0, no
 * engine signature; and written again as format 2, the same games. */
static void records_format_1_maps_into_format_2(void)
{
    char err[300];
    rec_reader *r = rec_reader_open("data/records/ab2-random-200.trd", err, sizeof err);
    REQUIRE(r);
    const rec_run *run = rec_reader_run(r);
    CHECK(rec_reader_version(r) == 1 && run->game == &game_tzaar && run->players == 2 && run->rotations == 2 &&
          run->rotate == (REC_ROTATE_PIECES | REC_ROTATE_PLAYERS) && run->engine_sig == 0 &&
          !strcmp(run->rules_version, game_tzaar.rules_version) && !strcmp(run->specs[0], "ab:depth=2"));
    files f;
    REQUIRE(files_open(&f));
    rec_writer *w = rec_writer_open(f.a, run, REC_CREATE, 0, 0, err, sizeof err);
    REQUIRE(w);
    rec_game *g = malloc(sizeof *g), *h = malloc(sizeof *h);
    REQUIRE(g && h);
    int n = 0;
    while (rec_reader_next(r, g) == REC_GAME) {
        n++;
        int w_ = rec_game_winner(g);
        CHECK(g->rotation == (int)(g->id & 1) && g->ending != 0 && w_ >= 0 && g->scores[w_] == 1 &&
              g->scores[!w_] == 0);
        CHECK(rec_writer_append(w, g) == 0);
    }
    CHECK(n == 200);
    CHECK(rec_writer_close(w, err, sizeof err) == 0);
    rec_reader_close(r);
    /* format 2 gives back every game, field by field */
    rec_reader *a = rec_reader_open("data/records/ab2-random-200.trd", err, sizeof err),
               *b = rec_reader_open(f.a, err, sizeof err);
    REQUIRE(a && b);
    CHECK(rec_reader_version(b) == 2);
    int same = 0;
    while (rec_reader_next(a, g) == REC_GAME && rec_reader_next(b, h) == REC_GAME)
        same += g->id == h->id && g->seed == h->seed && g->rotation == h->rotation &&
                !memcmp(g->start, h->start, sizeof g->start) && !memcmp(g->specs, h->specs, sizeof g->specs) &&
                !memcmp(g->scores, h->scores, sizeof g->scores) && g->ending == h->ending && g->turns == h->turns &&
                g->nactions == h->nactions && !memcmp(g->actions, h->actions, (size_t)g->nactions * sizeof *g->actions);
    CHECKF(same == 200, "%d of 200 games the same", same);
    rec_reader_close(a);
    rec_reader_close(b);
    free(g);
    free(h);
    files_close(&f);
}

/* Issue 41 item 4: rec_run_init is a plain initialiser (it used to run the
 * game's perft and search suite); the signature is given where the run is
 * opened (rec_run_sign), and run_selfplay refuses a run without one rather
 * than write a file that says "unknown engine". */
static void records_a_run_is_signed_where_it_is_opened(void)
{
    files f;
    REQUIRE(files_open(&f));
    rec_run run;
    char err[300];
    rec_run_init(&run, &game_tzaar, 2);
    CHECK(run.engine_sig == 0);
    run.games = 2, run.seed = 1, run.setup = SETUP_RANDOM;
    snprintf(run.specs[0], REC_SPEC_MAX, "random");
    snprintf(run.specs[1], REC_SPEC_MAX, "random");
    run_opts o = { .run = run, .out = f.a, .threads = 1, .flush_seconds = 1e9 };
    CHECKF(run_status(&o, err, sizeof err) == 2 && strstr(err, "no engine signature"), "%s", err);
    CHECK(access(f.a, F_OK) != 0); /* nothing written */
    REQUIRE(rec_run_sign(&o.run, err, sizeof err) == 0);
    CHECK(o.run.engine_sig == game_engine_signature(&game_tzaar) && o.run.engine_sig != 0);
    CHECKF(run_status(&o, err, sizeof err) == 0, "%s", err);
    files_close(&f);
}

const test_case tests_records2[] = {
    { "records_a_run_is_signed_where_it_is_opened", records_a_run_is_signed_where_it_is_opened },
    { "records_format_1_maps_into_format_2", records_format_1_maps_into_format_2 },
    { "records_resume_refuses_another_engine_signature", records_resume_refuses_another_engine_signature },
    { "records_writer_refuses_a_score_it_cannot_store", records_writer_refuses_a_score_it_cannot_store },
    { "records_concatenated_runs_are_read_each_under_its_own_header",
      records_concatenated_runs_are_read_each_under_its_own_header },
    { "records_games_after_a_damaged_run_header_are_not_served", records_games_after_a_damaged_run_header_are_not_served },
    { "records_dedup_drops_the_same_run_and_id", records_dedup_drops_the_same_run_and_id },
    { "records_dedup_identity_is_what_determines_a_game", records_dedup_identity_is_what_determines_a_game },
    { "records_resume_grows_a_run", records_resume_grows_a_run },
    { "records_run_diff_compares_canonical_specs", records_run_diff_compares_canonical_specs },
    { "records_replicates_round_trip_and_unknown_options_are_refused",
      records_replicates_round_trip_and_unknown_options_are_refused },
    { "records_littlegolem_names_are_kept_whole_or_refused", records_littlegolem_names_are_kept_whole_or_refused },
    { "records_littlegolem_nul_byte_is_a_control_character", records_littlegolem_nul_byte_is_a_control_character },
    { NULL, NULL },
};
