/* test_vis.c — TZAAR's incremental who-sees-whom (engine/tzaar/vis.h) and
 * the evaluation features of issue 20 that read it, each against a naive
 * re-derivation from the move generator.
 *
 * The search keeps a vis next to its position through make/unmake; if it
 * drifted, every evaluation after the drift would be wrong without any
 * other test noticing (the search would just play worse).  So: random
 * games walked down and back up, the incremental state compared with one
 * built from scratch at every step. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tz_walk.h"
#include "core/prng.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/vis.h"

/* p as it stands with colour c to act at the start of its turn: the
 * captures c has are then exactly tz_gen_captures(). */
static void as_turn_of(const position *p, int c, position *q)
{
    tz_copy_stacks(p, q, 0);
    tz_pos_finish(q, c, PHASE_FIRST);
}

/* Walks `games` random games from random setups to their end with
 * vis_make, checks vis against a fresh one after every action, then takes
 * every action back with vis_unmake, checking again. */
static void vis_follows_make_and_unmake(void)
{
    int checked = 0, bad = 0;
    for (uint64_t g = 0; g < 12; g++) {
        position p;
        xoshiro256 rng;
        tz_setup_random(&p, 100 + g);
        /* vis is for the play phase: the setups start in it. */
        xoshiro_seed(&rng, 7 * g + 1);
        vis v;
        tz_vis_init(&v, &p);
        action line[256];
        undo u[256];
        int n = 0;
        while (n < 256) {
            action list[MAX_ACTIONS];
            int m = tz_gen_actions(&p, list);
            if (!m)
                break;
            line[n] = list[xoshiro_below(&rng, (uint64_t)m)];
            tz_vis_make(&v, &p, line[n], &u[n]);
            n++;
            const char *why = tz_vis_check(&v, &p);
            checked++;
            if (why && bad++ < 3)
                CHECKF(0, "game %d after %d actions: %s", (int)g, n, why);
        }
        while (n > 0) {
            n--;
            tz_vis_unmake(&v, &p, line[n], &u[n]);
            const char *why = tz_vis_check(&v, &p);
            checked++;
            if (why && bad++ < 3)
                CHECKF(0, "game %d undoing to %d actions: %s", (int)g, n, why);
        }
        CHECK(tz_pos_check(&p) == NULL);
    }
    CHECKF(bad == 0, "%d of %d positions differ", bad, checked);
    CHECK(checked > 500);
}

/* vis's capture counts and attacked sets are the move generator's. */
static void vis_counts_are_the_generators(const position *p)
{
    for (int c = 0; c < 2; c++) {
        position q;
        as_turn_of(p, c, &q);
        vis v;
        tz_vis_init(&v, &q);
        action caps[MAX_ACTIONS];
        int n = tz_gen_captures(&q, caps);
        bitboard targets = 0;
        for (int i = 0; i < n; i++)
            targets |= 1ULL << act_to(caps[i]);
        CHECKF(v.captures[c] == n, "colour %d: %d captures, generator %d", c, v.captures[c], n);
        CHECKF(tz_vis_attacks(&v, c) == targets, "colour %d: attacked sets differ", c);
        bool wins = false;
        for (int i = 0; i < n; i++)
            wins |= q.count[c ^ 1][q.type[act_to(caps[i])]] == 1;
        CHECKF(vis_wins_now(&v, &q, c) == wins, "colour %d: wins_now %d, generator %d", c, vis_wins_now(&v, &q, c), wins);
    }
}

/* The three features of issue 20, re-derived naively, White minus Black. */
static void naive_new_features(const position *p, double out[3])
{
    double f[2][3] = { { 0 } };
    int maxh[2] = { 0, 0 };
    for (int c = 0; c < 2; c++)
        for (bitboard b = p->occ[c]; b; b &= b - 1)
            if (p->height[__builtin_ctzll(b)] > maxh[c])
                maxh[c] = p->height[__builtin_ctzll(b)];
    for (int c = 0; c < 2; c++) {
        position q;
        as_turn_of(p, c, &q);
        action caps[MAX_ACTIONS];
        int n = tz_gen_captures(&q, caps);
        bitboard t = 0;
        for (int i = 0; i < n; i++)
            t |= 1ULL << act_to(caps[i]);
        f[c][0] = __builtin_popcountll(t);
        for (bitboard b = p->occ[c]; b; b &= b - 1) {
            int pt = __builtin_ctzll(b);
            if (p->height[pt] > maxh[c ^ 1])
                f[c][1] += p->height[pt];
            if (p->count[c][p->type[pt]] == 1) /* the last stack of its type */
                for (bitboard e = p->occ[c ^ 1]; e; e &= e - 1)
                    f[c][2] += p->height[__builtin_ctzll(e)] >= p->height[pt];
        }
    }
    for (int k = 0; k < 3; k++)
        out[k] = f[WHITE][k] - f[BLACK][k];
}

static int positions_seen;

static void one_position(const position *p)
{
    if (p->phase == PHASE_OPENING || p->winner >= 0)
        return;
    positions_seen++;
    vis_counts_are_the_generators(p);
    double x[EVAL_FEATURES], naive[3];
    tz_eval_features(p, x);
    naive_new_features(p, naive);
    CHECKF(x[F_TARGETS] == naive[0], "targets %g, naive %g", x[F_TARGETS], naive[0]);
    CHECKF(x[F_IMMUNE_PIECES] == naive[1], "immune_pieces %g, naive %g", x[F_IMMUNE_PIECES], naive[1]);
    CHECKF(x[F_LAST_ATTACKERS] == naive[2], "last_attackers %g, naive %g", x[F_LAST_ATTACKERS], naive[2]);
    /* The searcher's evaluation (through vis) is the plain one, exactly. */
    eval_weights w;
    tz_eval_weights_default(&w);
    vis v;
    tz_vis_init(&v, p);
    CHECKF(tz_eval_position_vis(&w, p, &v) == tz_eval_position(&w, p), "%.17g vs %.17g", tz_eval_position_vis(&w, p, &v),
           tz_eval_position(&w, p));
}

static void features_match_naive_and_generator(void)
{
    positions_seen = 0;
    tz_walk_games(6, 900, one_position);
    CHECK(positions_seen > 200);
}

typedef struct stack_at {
    const char *label;
    int colour, type, height;
} stack_at;

/* White to act at the start of its turn with exactly these stacks. */
static void board_of(position *p, const stack_at *stacks, int n)
{
    tz_pos_clear(p);
    for (int i = 0; i < n; i++) {
        int len;
        tz_pos_put(p, tz_geo_parse_label(stacks[i].label, &len), stacks[i].colour, stacks[i].type, stacks[i].height);
    }
    tz_pos_finish(p, WHITE, PHASE_FIRST);
}

/* A constructed endgame: White has one stack of each type (a Tott of height
 * 4, single Tzaar and Tzarra), Black a Tott of height 4, a single Tzaar and
 * two single Tzarras.  immune_pieces: White's Tott is not immune while
 * Black has a stack as tall; last_attackers counts, per last stack, the
 * enemy stacks at least as tall. */
static void constructed_endgame(void)
{
    static const stack_at endgame[] = {
        { "A1", WHITE, TOTT, 4 },   { "A5", WHITE, TZAAR, 1 },  { "B6", WHITE, TZARRA, 1 },
        { "I1", BLACK, TOTT, 4 },   { "I5", BLACK, TZAAR, 1 },  { "H6", BLACK, TZARRA, 1 },
        { "H1", BLACK, TZARRA, 1 },
    };
    position p;
    board_of(&p, endgame, 7);
    double x[EVAL_FEATURES], naive[3];
    tz_eval_features(&p, x);
    naive_new_features(&p, naive);
    CHECKF(x[F_IMMUNE_PIECES] == 0, "immune %g", x[F_IMMUNE_PIECES]);
    /* White's last stacks: Tott (h4: Black's h4 Tott), Tzaar and Tzarra (h1:
     * all 4 Black stacks each) = 9; Black's: Tott (1), Tzaar (3) = 4. */
    CHECKF(x[F_LAST_ATTACKERS] == 9 - 4, "last_attackers %g", x[F_LAST_ATTACKERS]);
    CHECK(x[F_TARGETS] == naive[0]);
    /* Black's Tott cut to height 3 and its second Tzarra gone: White's Tott
     * is now immune (4 pieces). */
    stack_at cut[6];
    memcpy(cut, endgame, sizeof cut);
    cut[3].height = 3;
    board_of(&p, cut, 6);
    tz_eval_features(&p, x);
    CHECKF(x[F_IMMUNE_PIECES] == 4, "immune %g", x[F_IMMUNE_PIECES]);
}

const test_case tests_vis[] = {
    { "vis_follows_make_and_unmake", vis_follows_make_and_unmake },
    { "vis_features_match_naive_and_generator", features_match_naive_and_generator },
    { "vis_constructed_endgame", constructed_endgame },
    { NULL, NULL },
};
