/* test_symmetry.c — the board's 12 symmetries and the colour swap
 * (engine/tzaar/symmetry.h), and that the players play symmetric positions
 * alike (issue 10, finding 1): on random positions and every symmetry that
 * applies, ab at fixed depths gives the same score and the same tied set of
 * best actions, mapped, and greedy the same choice, mapped; on the fixed
 * setup the first moves over many seeds cover every action that ties for
 * the best, not one of them in every game. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/prng.h"
#include "engine/tzaar/eval.h"
#include "engine/tzaar/game_tzaar.h"
#include "engine/tzaar/make.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/player.h"
#include "engine/tzaar/search.h"
#include "engine/tzaar/setup.h"
#include "engine/tzaar/symmetry.h"

/* Same contents: stacks, heights, top types, side, phase, winner, counts,
 * reserves and hash (the type of an empty point means nothing). */
static bool same_position(const position *a, const position *b)
{
    if (memcmp(a->occ, b->occ, sizeof a->occ) || memcmp(a->tops, b->tops, sizeof a->tops) ||
        memcmp(a->count, b->count, sizeof a->count) || memcmp(a->reserve, b->reserve, sizeof a->reserve) ||
        a->hash != b->hash || a->side != b->side || a->phase != b->phase || a->winner != b->winner)
        return false;
    for (int pt = 0; pt < GEO_POINTS; pt++)
        if (a->height[pt] != b->height[pt] || (a->height[pt] && a->type[pt] != b->type[pt]))
            return false;
    return true;
}

static bitboard map_bits(bitboard b, int g)
{
    bitboard out = 0;
    for (; b; b &= b - 1)
        out |= 1ULL << tz_sym_point[g][__builtin_ctzll(b)];
    return out;
}

static void test_maps_are_bijections(void)
{
    tz_init();
    for (int g = 0; g < SYM_BOARD; g++) {
        bitboard seen = 0, dirs = 0;
        for (int p = 0; p < GEO_POINTS; p++) {
            REQUIRE(tz_sym_point[g][p] < GEO_POINTS);
            seen |= 1ULL << tz_sym_point[g][p];
        }
        for (int d = 0; d < GEO_DIRS; d++)
            dirs |= 1ULL << tz_sym_dir[g][d];
        CHECKF(seen == (1ULL << GEO_POINTS) - 1, "symmetry %d is not onto the 60 points", g);
        CHECKF(dirs == 63, "symmetry %d is not onto the 6 directions", g);
        int h = tz_sym_inverse(g);
        for (int p = 0; p < GEO_POINTS; p++)
            CHECKF(tz_sym_point[h][tz_sym_point[g][p]] == p, "inverse of %d fails at %d", g, p);
        CHECK(tz_sym_inverse(g + SYM_BOARD) == h + SYM_BOARD);
    }
    for (int p = 0; p < GEO_POINTS; p++)
        CHECK(tz_sym_point[0][p] == p);
    /* 12 different maps; six turns by 60 degrees are the identity. */
    for (int g = 0; g < SYM_BOARD; g++)
        for (int h = 0; h < g; h++)
            CHECKF(memcmp(tz_sym_point[g], tz_sym_point[h], GEO_POINTS), "symmetries %d and %d agree", g, h);
    for (int p = 0; p < GEO_POINTS; p++) {
        int q = p;
        for (int k = 0; k < 6; k++)
            q = tz_sym_point[1][q];
        CHECK(q == p);
    }
}

/* Adjacency and lines are kept: neighbours go to neighbours in the mapped
 * direction, each ray (which stops at the edge and the hole) to the mapped
 * ray, and the reflections reverse the turning sense. */
static void test_maps_keep_lines(void)
{
    tz_init();
    for (int g = 0; g < SYM_BOARD; g++)
        for (int p = 0; p < GEO_POINTS; p++)
            for (int d = 0; d < GEO_DIRS; d++) {
                int q = tz_geo_next[p][d], gp = tz_sym_point[g][p], gd = tz_sym_dir[g][d];
                int gq = tz_geo_next[gp][gd];
                CHECKF(q == GEO_NONE ? gq == GEO_NONE : gq == tz_sym_point[g][q], "g %d p %d d %d", g, p, d);
                CHECK(map_bits(tz_geo_ray[p][d], g) == tz_geo_ray[gp][gd]);
                CHECK(tz_sym_dir[g][(d + 3) % 6] == (gd + 3) % 6);
                int turn = (tz_sym_dir[g][(d + 1) % 6] - gd + 6) % 6;
                CHECKF(turn == (g < 6 ? 1 : 5), "g %d turns direction %d by %d", g, d, turn);
            }
}

/* The claim of issue 10: the fixed setup turned by 60 degrees is its colour
 * swap.  Checked for every board symmetry: which ones give the swap and
 * which leave the setup as it is. */
static void test_fixed_setup_symmetries(void)
{
    tz_init();
    position s, img, swapped;
    tz_setup_fixed(&s);
    swapped = s; /* the colours exchanged, the side to act kept (White opens) */
    swapped.occ[WHITE] = s.occ[BLACK];
    swapped.occ[BLACK] = s.occ[WHITE];
    int to_swap = 0, to_self = 0;
    for (int g = 0; g < SYM_BOARD; g++) {
        tz_sym_position(&s, g, &img);
        bool is_swap = img.occ[WHITE] == swapped.occ[WHITE] && img.occ[BLACK] == swapped.occ[BLACK] &&
                       !memcmp(img.tops, s.tops, sizeof s.tops);
        bool is_self = img.occ[WHITE] == s.occ[WHITE] && !memcmp(img.tops, s.tops, sizeof s.tops);
        to_swap |= is_swap << g;
        to_self |= is_self << g;
    }
    /* Turns by 60, 180 and 300 degrees give the swap; 0, 120 and 240 the
     * setup itself; no reflection gives either. */
    CHECKF(to_swap == (1 << 1 | 1 << 3 | 1 << 5), "swap by 0x%x", (unsigned)to_swap);
    CHECKF(to_self == (1 << 0 | 1 << 2 | 1 << 4), "self by 0x%x", (unsigned)to_self);
}

/* A position after `plies` random actions from a random setup (fewer when
 * the game ends first). */
static void random_position(position *p, uint64_t seed, int plies)
{
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    tz_setup_random(p, seed);
    for (int i = 0; i < plies; i++) {
        action list[MAX_ACTIONS];
        int n = tz_gen_actions(p, list);
        if (!n)
            break;
        position before = *p;
        undo u;
        pos_make(p, list[xoshiro_below(&rng, (uint64_t)n)], &u);
        if (p->winner >= 0 || !tz_gen_actions(p, list)) {
            *p = before;
            break;
        }
    }
}

static int cmp_action(const void *a, const void *b)
{
    return (int)*(const action *)a - (int)*(const action *)b;
}

/* The legal actions of p mapped by g, sorted. */
static int mapped_actions(const position *p, int g, action *out)
{
    int n = tz_gen_actions(p, out);
    for (int i = 0; i < n; i++)
        out[i] = tz_sym_action(out[i], g);
    qsort(out, (size_t)n, sizeof *out, cmp_action);
    return n;
}

/* On positions of every phase: images are consistent positions, the legal
 * actions of g(p) are the images of p's, making an action commutes with
 * the map, the winner and evaluation follow, and g then its inverse is
 * the identity.  The colour swap applies in the play phases only. */
static void test_position_images(void)
{
    tz_init();
    eval_weights w;
    tz_eval_weights_default(&w);
    int checked = 0, swaps = 0;
    for (int k = 0; k < 60; k++) {
        position p, q, back;
        random_position(&p, 1000 + (uint64_t)k, k % 20);
        if (k == 59)
            tz_setup_tournament(&p);
        CHECK(tz_sym_applies(&p, SYM_BOARD) == (p.phase == PHASE_FIRST || p.phase == PHASE_SECOND));
        for (int g = 0; g < SYM_ALL; g++) {
            if (!tz_sym_applies(&p, g))
                continue;
            tz_sym_position(&p, g, &q);
            CHECKF(tz_pos_check(&q) == NULL, "image %d: %s", g, tz_pos_check(&q));
            tz_sym_position(&q, tz_sym_inverse(g), &back);
            CHECK(same_position(&back, &p));
            action a1[MAX_ACTIONS], a2[MAX_ACTIONS];
            int n1 = mapped_actions(&p, g, a1), n2 = mapped_actions(&q, 0, a2);
            CHECK(n1 == n2 && !memcmp(a1, a2, (size_t)n1 * sizeof *a1));
            double e1 = tz_eval_position(&w, &p), e2 = tz_eval_position(&w, &q);
            CHECKF(g >= SYM_BOARD ? e2 == -e1 : e2 == e1, "image %d: eval %g vs %g", g, e1, e2);
            action list[MAX_ACTIONS];
            int n = tz_gen_actions(&p, list);
            for (int i = 0; i < n; i++) {
                position pm = p, qm = q, img;
                undo u;
                pos_make(&pm, list[i], &u);
                pos_make(&qm, tz_sym_action(list[i], g), &u);
                tz_sym_position(&pm, g, &img);
                CHECK(same_position(&img, &qm));
                CHECK(tz_game_winner(&pm, NULL) < 0 ? tz_game_winner(&qm, NULL) < 0
                                                 : tz_game_winner(&qm, NULL) == (tz_game_winner(&pm, NULL) ^ (g >= SYM_BOARD)));
            }
            checked++;
            swaps += g >= SYM_BOARD;
        }
    }
    CHECK(checked > 500 && swaps > 100);
}

/* Every image of a position has the same canonical image, and each listed
 * map produces it. */
static void test_canonical_image(void)
{
    tz_init();
    for (int k = 0; k < 40; k++) {
        position p, c, q, cq, img;
        uint8_t maps[SYM_ALL], maps2[SYM_ALL];
        if (k == 0)
            tz_setup_fixed(&p);
        else
            random_position(&p, 2000 + (uint64_t)k, k % 25);
        int n = tz_sym_canonical(&p, &c, maps);
        REQUIRE(n >= 1);
        for (int i = 0; i < n; i++) {
            tz_sym_position(&p, maps[i], &img);
            CHECK(same_position(&img, &c));
        }
        for (int g = 0; g < SYM_ALL && tz_sym_applies(&p, g); g++) {
            tz_sym_position(&p, g, &q);
            CHECK(tz_sym_canonical(&q, &cq, maps2) == n);
            CHECK(same_position(&cq, &c));
        }
    }
    position s, c;
    uint8_t maps[SYM_ALL];
    tz_setup_fixed(&s);
    CHECK(tz_sym_canonical(&s, &c, maps) == 3); /* turned by 0, 120 and 240 degrees */
}

/* The game interface's symmetry_key (legal --classes): a position and each
 * of its images share the key, and the fixed setup's 42 openings give 14
 * keys, the key equal exactly when the canonical images are. */
static void test_symmetry_key(void)
{
    tz_init();
    REQUIRE(game_tzaar.symmetry_key != NULL);
    for (int k = 0; k < 30; k++) {
        tz_state a = { 0 }, b = { 0 };
        random_position(&a.pos, 7000 + (uint64_t)k, k % 25);
        uint64_t key = game_tzaar.symmetry_key(&a);
        for (int g = 0; g < SYM_ALL; g++)
            if (tz_sym_applies(&a.pos, g)) {
                tz_sym_position(&a.pos, g, &b.pos);
                CHECKF(game_tzaar.symmetry_key(&b) == key, "position %d, symmetry %d", k, g);
            }
    }
    tz_state s = { 0 }, t[MAX_ACTIONS];
    tz_setup_fixed(&s.pos);
    action list[MAX_ACTIONS];
    int n = tz_gen_actions(&s.pos, list), keys = 0;
    REQUIRE(n == 42);
    uint64_t key[MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        undo u;
        t[i] = s;
        pos_make(&t[i].pos, list[i], &u);
        key[i] = game_tzaar.symmetry_key(&t[i]);
        bool first = true;
        for (int j = 0; j < i; j++) {
            position ci, cj;
            uint8_t maps[SYM_ALL];
            tz_sym_canonical(&t[i].pos, &ci, maps);
            tz_sym_canonical(&t[j].pos, &cj, maps);
            CHECKF((key[i] == key[j]) == same_position(&ci, &cj), "openings %d and %d", i, j);
            first = first && key[j] != key[i];
        }
        keys += first;
    }
    CHECKF(keys == 14, "%d classes of opening, expected 14", keys);
}

/* The tied set of r mapped by g, sorted. */
static int mapped_tied(const search_report *r, int g, action *out)
{
    for (int i = 0; i < r->ties; i++)
        out[i] = tz_sym_action(r->tied[i], g);
    qsort(out, (size_t)r->ties, sizeof *out, cmp_action);
    return r->ties;
}

/* How many symmetries of p's game leave p unchanged. */
static int own_symmetries(const position *p)
{
    position c;
    uint8_t maps[SYM_ALL];
    return tz_sym_canonical(p, &c, maps);
}

/* Disagreements between a search of p and of one of its images. */
typedef struct tally {
    int searches, score, nodes, tied, best;
} tally;

/* ab at fixed depth on p and each of its images: the same score, node
 * count and tied set (mapped); the tied set holds the played action, and
 * when p has no symmetry of its own the played action maps too. */
static void check_search(searcher *s, const position *p, int depth, bool ties, uint64_t seed, tally *t)
{
    search_limits lim = { .depth = depth, .ties = ties };
    search_report r0, r;
    tz_search_run(s, p, &lim, seed, &r0);
    bool alone = own_symmetries(p) == 1;
    bool in = false;
    for (int i = 0; i < r0.ties; i++)
        in |= r0.tied[i] == r0.best;
    CHECK(in && r0.ties >= 1);
    for (int g = 1; g < SYM_ALL && tz_sym_applies(p, g); g++) {
        position q;
        tz_sym_position(p, g, &q);
        tz_search_run(s, &q, &lim, seed, &r);
        action t0[SEARCH_TIES_MAX], t1[SEARCH_TIES_MAX];
        int n0 = mapped_tied(&r0, g, t0), n1 = mapped_tied(&r, 0, t1);
        bool tied_ok = n0 == n1 && !memcmp(t0, t1, (size_t)n0 * sizeof *t0);
        t->searches++;
        t->score += r.score != r0.score;
        t->nodes += r.nodes != r0.nodes;
        t->tied += !tied_ok;
        t->best += alone && r.best != tz_sym_action(r0.best, g);
        if (r.score != r0.score && t->score <= 2) {
            char text[POS_TEXT_MAX];
            tz_pos_to_text(p, text, sizeof text);
            check_fail(__FILE__, __LINE__, "depth %d%s symmetry %d: score %d vs %d; %s", depth, ties ? " ties" : "", g,
                       r.score, r0.score, text);
        }
    }
}

/* Depth 3 on every position costs the release build 20 s and the
 * sanitizer build 140 s (7 minutes when TRIAD_DEBUG re-derived the state
 * at every node), more than the rest of its unit binary: there, depth 3
 * runs on the first DEEP_POSITIONS positions (19 s) and depths 1 and 2 on
 * all of them. */
#ifdef TRIAD_DEBUG
#define DEEP_POSITIONS 2
#else
#define DEEP_POSITIONS 1000
#endif

static void search_images(const char *weights_file, int positions)
{
    tz_init();
    eval_weights w;
    char err[256];
    if (weights_file) {
        int rc = tz_eval_weights_load(&w, weights_file, NULL, err, sizeof err);
        CHECKF(rc == 0, "%s", err);
        if (rc)
            return;
    } else {
        tz_eval_weights_default(&w);
    }
    searcher *s = tz_searcher_new(4, &w);
    REQUIRE(s);
    tally t = { 0 };
    for (int k = 0; k < positions; k++) {
        position p;
        if (k == 0)
            tz_setup_fixed(&p);
        else
            random_position(&p, 3000 + (uint64_t)k, (k * 7) % 31);
        for (int depth = 1; depth <= (k < DEEP_POSITIONS ? 3 : 2); depth++) {
            check_search(s, &p, depth, false, 77 + (uint64_t)k, &t);
            if (depth < 3 || k < 3) /* the tied set at depth 3 costs up to 8x the nodes */
                check_search(s, &p, depth, true, 77 + (uint64_t)k, &t);
        }
    }
    CHECKF(t.score + t.nodes + t.tied + t.best == 0,
           "of %d searches of images, %d differ in score, %d in nodes, %d in the tied set, %d in the action played",
           t.searches, t.score, t.nodes, t.tied, t.best);
    CHECKF(t.searches > 500, "%d searches of images", t.searches);
    tz_searcher_free(s);
}

static void test_search_default_weights(void)
{
    search_images(NULL, 14);
}

static void test_search_tuned_weights(void)
{
    search_images("data/weights/tuned-ab2.txt", 8);
}

/* greedy: the same score and, on positions without symmetries of their
 * own, the same choice mapped, for every image and several seeds. */
static void test_greedy(void)
{
    tz_init();
    char err[256];
    player *pl = tz_player_new("greedy", err, sizeof err);
    REQUIRE(pl);
    int failures = 0;
    for (int k = 0; k < 24; k++) {
        position p;
        random_position(&p, 4000 + (uint64_t)k, k % 30);
        bool alone = own_symmetries(&p) == 1;
        for (uint64_t seed = 1; seed <= 2; seed++) {
            search_report r0, r;
            tz_player_choose(pl, &p, seed, &r0);
            for (int g = 1; g < SYM_ALL && tz_sym_applies(&p, g); g++) {
                position q;
                tz_sym_position(&p, g, &q);
                tz_player_choose(pl, &q, seed, &r);
                if ((r.score != r0.score || (alone && r.best != tz_sym_action(r0.best, g))) && failures++ < 3) {
                    char a0[ACTION_TEXT_MAX], a1[ACTION_TEXT_MAX];
                    tz_action_to_text(tz_sym_action(r0.best, g), q.side, a0);
                    tz_action_to_text(r.best, q.side, a1);
                    check_fail(__FILE__, __LINE__, "position %d symmetry %d: score %d vs %d, played %s vs %s mapped", k,
                               g, r.score, r0.score, a1, a0);
                }
            }
        }
    }
    CHECKF(failures == 0, "%d symmetric greedy choices disagreed", failures);
    tz_player_free(pl);
}

/* The class of a first move of the fixed setup (or of its twin, mapped
 * back by symmetry `to_setup`): its orbit under the setup's own turns by
 * 120 and 240 degrees, named by its least member. */
static action first_move_class(action a, int to_setup)
{
    action b = tz_sym_action(a, to_setup), least = b;
    for (int g = 2; g <= 4; g += 2)
        if (tz_sym_action(b, g) < least)
            least = tz_sym_action(b, g);
    return least;
}

/* First moves of the player on s over `games` seeds: the distinct actions
 * played (sorted) with their counts, and the tied set of the first seed;
 * *same_set counts the seeds that reported that same tied set. */
typedef struct openings {
    int kinds, ties, same_set;
    action seen[SEARCH_TIES_MAX], tied[SEARCH_TIES_MAX];
    int count[SEARCH_TIES_MAX];
} openings;

static void first_moves(player *pl, const position *s, int games, openings *o)
{
    memset(o, 0, sizeof *o);
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        search_report r;
        action a = tz_player_choose(pl, s, seed, &r);
        if (seed == 1) {
            o->ties = r.ties;
            memcpy(o->tied, r.tied, sizeof o->tied);
        }
        o->same_set += r.ties == o->ties && !memcmp(r.tied, o->tied, (size_t)o->ties * sizeof *o->tied);
        int i = 0;
        while (i < o->kinds && o->seen[i] != a)
            i++;
        if (i == o->kinds)
            o->seen[o->kinds++] = a;
        o->count[i]++;
    }
}

/* The player (ab, depth 2, tuned weights) on the fixed setup and
 * on its twin (turned by 60 degrees, which is the setup with the colours
 * swapped: the second game of a fixed pair).  Over 200 seeds: no first
 * move takes 2/3 of the games (the setup's own turns make every class at
 * least three actions, each equally likely), and each class of first
 * moves is played equally often from the setup and from the twin. */
static void test_fixed_first_moves(void)
{
    tz_init();
    char err[256];
    player *pl = tz_player_new("ab:depth=2,weights=data/weights/tuned-ab2.txt", err, sizeof err);
    CHECKF(pl != NULL, "%s", err);
    if (!pl)
        return;
    position s[2];
    tz_setup_fixed(&s[0]);
    tz_sym_position(&s[0], 1, &s[1]);
    openings o[2];
    int games = 200;
    for (int k = 0; k < 2; k++) {
        first_moves(pl, &s[k], games, &o[k]);
        for (int i = 0; i < o[k].kinds; i++) {
            char text[ACTION_TEXT_MAX];
            tz_action_to_text(o[k].seen[i], WHITE, text);
            CHECKF(o[k].count[i] < games * 2 / 3, "%s: first move %s in %d of %d games", k ? "twin" : "setup", text,
                   o[k].count[i], games);
        }
    }
    for (int i = 0; i < o[0].kinds; i++) {
        action c = first_move_class(o[0].seen[i], 0);
        bool first = true; /* each class once */
        for (int j = 0; j < i; j++)
            first &= first_move_class(o[0].seen[j], 0) != c;
        if (!first)
            continue;
        int n0 = 0, n1 = 0;
        for (int j = 0; j < o[0].kinds; j++)
            n0 += first_move_class(o[0].seen[j], 0) == c ? o[0].count[j] : 0;
        for (int j = 0; j < o[1].kinds; j++)
            n1 += first_move_class(o[1].seen[j], tz_sym_inverse(1)) == c ? o[1].count[j] : 0;
        CHECKF(n0 == n1, "a class of first moves: %d games from the setup, %d from its twin", n0, n1);
    }
    tz_player_free(pl);
}

/* With ties=1 the tied set is known: over 200 seeds exactly its actions
 * are played, each in fewer than 2/3 of the games; the set is closed under
 * the setup's own turns, and when it spans several classes several are
 * played. */
static void test_fixed_first_moves_ties(void)
{
    tz_init();
    char err[256];
    player *pl = tz_player_new("ab:depth=2,ties=1,weights=data/weights/tuned-ab2.txt", err, sizeof err);
    CHECKF(pl != NULL, "%s", err);
    if (!pl)
        return;
    position s;
    tz_setup_fixed(&s);
    openings o;
    int games = 200;
    first_moves(pl, &s, games, &o);
    CHECK(o.same_set == games);
    for (int i = 0; i < o.kinds; i++)
        CHECKF(o.count[i] < games * 2 / 3, "a first move in %d of %d games", o.count[i], games);
    qsort(o.seen, (size_t)o.kinds, sizeof *o.seen, cmp_action); /* the counts no longer match: done with them */
    CHECKF(o.kinds == o.ties && !memcmp(o.seen, o.tied, (size_t)o.ties * sizeof *o.tied),
           "%d first moves played, %d tied", o.kinds, o.ties);
    int classes = 0;
    for (int i = 0; i < o.ties; i++) {
        for (int g = 2; g <= 4; g += 2) {
            bool found = false;
            for (int j = 0; j < o.ties; j++)
                found |= o.tied[j] == tz_sym_action(o.tied[i], g);
            CHECK(found);
        }
        classes += first_move_class(o.tied[i], 0) == o.tied[i];
    }
    CHECKF(classes >= 1 && o.ties == 3 * classes, "%d tied first moves in %d classes", o.ties, classes);
    tz_player_free(pl);
}

const test_case tests_symmetry[] = {
    { "symmetry maps are bijections", test_maps_are_bijections },
    { "symmetry maps keep adjacency and lines", test_maps_keep_lines },
    { "symmetry fixed setup: turned 60 degrees is its colour swap", test_fixed_setup_symmetries },
    { "symmetry position images", test_position_images },
    { "symmetry canonical image", test_canonical_image },
    { "symmetry key of the game interface (legal --classes)", test_symmetry_key },
    { "symmetry ab default weights: scores and tied sets", test_search_default_weights },
    { "symmetry ab tuned weights: scores and tied sets", test_search_tuned_weights },
    { "symmetry greedy", test_greedy },
    { "symmetry fixed setup first moves", test_fixed_first_moves },
    { "symmetry fixed setup first moves, tied set", test_fixed_first_moves_ties },
    { NULL, NULL },
};
