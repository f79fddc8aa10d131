/* test_diff.c — the fast engine against the naive reference generator.
 *
 * Games are played with the engine (random, tournament and fixed setups, with
 * several play policies).  At every position reached:
 *   - the engine's position string is parsed by the naive generator, printed
 *     back (round trip) and compared with the naive position that has been
 *     following the game action by action;
 *   - the engine re-parses its own string, prints it back, and its parsed
 *     copy must agree with the played one (hash, actions, winner);
 *   - the sorted legal action lists (as rules-page notation) must be equal;
 *   - the winner (-1 / 0 / 1) must be equal, and the engine must have no
 *     actions exactly when its game is over;
 *   - make / unmake of the chosen action must restore the position.
 * Each test reports its first few mismatches in full and then only a count.
 * The naive generator alone is checked against the page's geometry facts
 * and perft figures; hand-made positions, checked in both generators against
 * answers worked out by hand from the rules page, are in test_diff_static.c.
 *
 * TRIAD_DIFF_SCALE=N plays N% of the usual number of games;
 * TRIAD_DIFF_VERBOSE=1 prints what each test covered. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diff.h"
#include "naive.h"
#include "engine/tzaar/movegen.h"
#include "engine/tzaar/notation.h"
#include "engine/tzaar/position.h"
#include "core/prng.h"
#include "engine/tzaar/setup.h"

#define REPORT_LIMIT 3
#define DIFF_SEED 0x7a4a52d1ff00ULL


/* One test's running tally. */
typedef struct diff_run {
    long games, positions, actions, mismatches;
    long endings[3]; /* games ended: [0] unused, trinity, no capture */
    int max_height;
} diff_run;

/* Play policies: which action a game picks among the engine's legal ones. */
enum {
    POL_UNIFORM,  /* uniformly random */
    POL_STACKER,  /* second actions: mostly stacks, sometimes self-burials */
    POL_PASSER,   /* second actions: pass half the time */
    POL_HUNTER,   /* captures aim at the opponent's scarcest top type */
    POL_TOWER,    /* second actions: always the tallest stack available */
    POL_COUNT
};

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int diff_engine_list(const position *p, action *acts, action_text *out)
{
    int n = tz_gen_actions(p, acts);
    for (int i = 0; i < n; i++)
        tz_action_to_text(acts[i], p->side, out[i]);
    qsort(out, (size_t)n, sizeof out[0], cmp_text);
    return n;
}

/* "engine only: ... naive only: ..." for two sorted lists. */
static void describe_diff(char *buf, size_t size, const action_text *e, int ne,
                          const action_text *nv, int nn)
{
    char only_e[600] = "", only_n[600] = "";
    size_t le = 0, ln = 0;
    int i = 0, j = 0;
    while (i < ne || j < nn) {
        int c = i >= ne ? 1 : j >= nn ? -1 : strcmp(e[i], nv[j]);
        if (c == 0) {
            i++;
            j++;
        } else if (c < 0) {
            if (le + 10 < sizeof only_e)
                le += (size_t)snprintf(only_e + le, sizeof only_e - le, " %s", e[i]);
            i++;
        } else {
            if (ln + 10 < sizeof only_n)
                ln += (size_t)snprintf(only_n + ln, sizeof only_n - ln, " %s", nv[j]);
            j++;
        }
    }
    snprintf(buf, size, "engine %d actions, naive %d; engine only:%s; naive only:%s", ne, nn,
             le ? only_e : " (none)", ln ? only_n : " (none)");
}

/* Records a mismatch; the first REPORT_LIMIT of a test are printed in full. */
#define MISMATCH(run, ...)                                                                 \
    do {                                                                                   \
        if ((run)->mismatches++ < REPORT_LIMIT)                                            \
            check_fail(__FILE__, __LINE__, __VA_ARGS__);                                   \
    } while (0)

/* The texts: both parsers take the engine's string and print it back, the
 * naive position followed the game (tracked, may be NULL), and the
 * engine's parse (into q) has the played position's hash.  0, or -1 on a
 * mismatch. */
static int check_texts(diff_run *run, const position *p, const naive_pos *tracked, const char *text,
                       naive_pos *np, position *q)
{
    char back[POS_TEXT_MAX], err[160];
    if (naive_parse(np, text) != 0) {
        MISMATCH(run, "naive_parse rejects the engine's string [%s]", text);
        return -1;
    }
    naive_to_text(np, back);
    if (strcmp(back, text) != 0) {
        MISMATCH(run, "naive round trip: [%s] -> [%s]", text, back);
        return -1;
    }
    if (tracked) {
        naive_to_text(tracked, back);
        if (strcmp(back, text) != 0) {
            MISMATCH(run, "positions drifted apart: engine [%s] naive [%s]", text, back);
            return -1;
        }
    }
    /* The engine's own parse of its string. */
    if (tz_pos_from_text(q, text, err, sizeof err) != 0) {
        MISMATCH(run, "engine rejects its own string [%s]: %s", text, err);
        return -1;
    }
    tz_pos_to_text(q, back, sizeof back);
    if (strcmp(back, text) != 0) {
        MISMATCH(run, "engine round trip: [%s] -> [%s]", text, back);
        return -1;
    }
    if (q->hash != p->hash) {
        MISMATCH(run, "engine hash of the parsed position differs from the played one at [%s]", text);
        return -1;
    }
    return 0;
}

/* The winner and ending, the engine's (of p and of its parse q) against
 * the naive one's; ne is the engine's action count.  0, or -1. */
static int check_winner(diff_run *run, const position *p, const position *q, const naive_pos *np, int ne,
                        const char *text)
{
    int ending = END_NONE;
    int ew = tz_game_winner(p, &ending), nw = naive_winner(np), qw = tz_game_winner(q, NULL);
    if (ew != nw) {
        MISMATCH(run, "winner differs at [%s]: engine %d (ending %d), naive %d", text, ew, ending, nw);
        return -1;
    }
    if (qw != ew) {
        MISMATCH(run, "engine winner of the re-parsed position %d, of the played one %d at [%s]", qw,
                 ew, text);
        return -1;
    }
    if ((ne == 0) != (ew >= 0)) {
        MISMATCH(run, "engine has %d actions but winner %d at [%s]", ne, ew, text);
        return -1;
    }
    if (ew >= 0 && ending != END_TRINITY && ending != END_NO_CAPTURE) {
        MISMATCH(run, "engine game over with ending %d at [%s]", ending, text);
        return -1;
    }
    if (ew >= 0)
        run->endings[ending]++;
    return 0;
}

/* All the per-position checks.  tracked is the naive position that followed
 * the game (NULL: none).  Returns 0 when everything agreed; on a mismatch
 * the game should stop (the two sides have drifted apart). */
static int check_position(diff_run *run, const position *p, const naive_pos *tracked,
                          action *acts, action_text *elist, int *ecount)
{
    char text[POS_TEXT_MAX], msg[1400];
    run->positions++;
    tz_pos_to_text(p, text, sizeof text);

    const char *why = tz_pos_check(p);
    if (why) {
        MISMATCH(run, "engine pos_check: %s at [%s]", why, text);
        return -1;
    }
    naive_pos np;
    position q;
    if (check_texts(run, p, tracked, text, &np, &q))
        return -1;

    /* Action lists. */
    int ne = diff_engine_list(p, acts, elist);
    *ecount = ne;
    action_text nlist[NAIVE_MAX_ACTIONS];
    int nn = naive_legal(&np, nlist, NAIVE_MAX_ACTIONS);
    int same = ne == nn;
    for (int i = 0; same && i < ne; i++)
        same = strcmp(elist[i], nlist[i]) == 0;
    if (!same) {
        describe_diff(msg, sizeof msg, (const action_text *)elist, ne, (const action_text *)nlist, nn);
        MISMATCH(run, "legal actions differ at [%s]: %s", text, msg);
        return -1;
    }
    /* The re-parsed engine position must generate the very same actions in
     * the same order (generation depends on the state alone). */
    action qacts[MAX_ACTIONS];
    int nq = tz_gen_actions(&q, qacts);
    if (nq != ne || memcmp(qacts, acts, (size_t)ne * sizeof *acts) != 0) {
        MISMATCH(run, "engine actions of the re-parsed position (%d) differ from the played one's "
                      "(%d) at [%s]", nq, ne, text);
        return -1;
    }
    if (check_winner(run, p, &q, &np, ne, text))
        return -1;
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++)
            if (np.height[c][r] > run->max_height)
                run->max_height = np.height[c][r];
    return 0;
}

/* Index into acts (the engine's unsorted array) of the action to play. */
static int choose(const position *p, const action *acts, int n, int policy, xoshiro256 *rng)
{
    int pick[MAX_ACTIONS], k = 0;
    int me = p->side, them = p->side ^ 1;
    switch (policy) {
    case POL_STACKER:
        if (p->phase != PHASE_SECOND || xoshiro_below(rng, 4) == 0)
            break;
        /* A quarter of the time prefer self-burials: stacking onto the last
         * own stack of a type with a different type. */
        if (xoshiro_below(rng, 4) == 0)
            for (int i = 0; i < n; i++)
                if (act_kind(acts[i]) == ACT_STACK) {
                    int to = act_to(acts[i]), from = act_from(acts[i]);
                    if (p->count[me][p->type[to]] == 1 && p->type[from] != p->type[to])
                        pick[k++] = i;
                }
        if (!k)
            for (int i = 0; i < n; i++)
                if (act_kind(acts[i]) == ACT_STACK)
                    pick[k++] = i;
        break;
    case POL_PASSER:
        if (p->phase == PHASE_SECOND && xoshiro_below(rng, 2) == 0)
            for (int i = 0; i < n; i++)
                if (act_kind(acts[i]) == ACT_PASS)
                    pick[k++] = i;
        break;
    case POL_HUNTER: {
        if (xoshiro_below(rng, 4) == 0)
            break;
        int best = 1000;
        for (int i = 0; i < n; i++)
            if (act_kind(acts[i]) == ACT_CAPTURE) {
                int scarce = p->count[them][p->type[act_to(acts[i])]];
                if (scarce < best) {
                    best = scarce;
                    k = 0;
                }
                if (scarce == best)
                    pick[k++] = i;
            }
        break;
    }
    case POL_TOWER: {
        if (p->phase != PHASE_SECOND)
            break;
        int best = 0;
        for (int i = 0; i < n; i++)
            if (act_kind(acts[i]) == ACT_STACK) {
                int h = p->height[act_from(acts[i])] + p->height[act_to(acts[i])];
                if (h > best) {
                    best = h;
                    k = 0;
                }
                if (h == best)
                    pick[k++] = i;
            }
        break;
    }
    default:
        break;
    }
    if (k)
        return pick[xoshiro_below(rng, (uint64_t)k)];
    return (int)xoshiro_below(rng, (uint64_t)n);
}

/* Placement policies: uniform over (point, type) actions, or a uniform type
 * first and then a uniform point (so the rarer types are placed early). */
static int choose_placement(const position *p, const action *acts, int n, int variant,
                            xoshiro256 *rng)
{
    if (variant == 0)
        return (int)xoshiro_below(rng, (uint64_t)n);
    int types[PIECE_TYPES], nt = 0;
    for (int t = 0; t < PIECE_TYPES; t++)
        if (p->reserve[p->side][t])
            types[nt++] = t;
    int t = types[xoshiro_below(rng, (uint64_t)nt)];
    int pick[MAX_ACTIONS], k = 0;
    for (int i = 0; i < n; i++)
        if (act_from(acts[i]) == t)
            pick[k++] = i;
    if (!k)
        return (int)xoshiro_below(rng, (uint64_t)n);
    return pick[xoshiro_below(rng, (uint64_t)k)];
}

/* Plays one game from p to its end, checking every position.  Returns 0 when
 * the game ran to its end with no mismatch. */
static int play_game(diff_run *run, position *p, int policy, int place_variant, xoshiro256 *rng)
{
    naive_pos tracked;
    char text[POS_TEXT_MAX], before[POS_TEXT_MAX], after[POS_TEXT_MAX];
    action acts[MAX_ACTIONS];
    action_text elist[MAX_ACTIONS];
    tz_pos_to_text(p, text, sizeof text);
    if (naive_parse(&tracked, text) != 0) {
        MISMATCH(run, "naive_parse rejects the start position [%s]", text);
        return -1;
    }
    run->games++;
    for (int ply = 0; ply < 1000; ply++) {
        int n;
        if (check_position(run, p, &tracked, acts, elist, &n) != 0)
            return -1;
        if (n == 0)
            return 0;
        int i = p->phase == PHASE_PLACE ? choose_placement(p, acts, n, place_variant, rng)
                                        : choose(p, acts, n, policy, rng);
        action a = acts[i];
        action_text at;
        tz_action_to_text(a, p->side, at);

        /* make / unmake / make again */
        tz_pos_to_text(p, before, sizeof before);
        uint64_t hash = p->hash;
        undo u;
        pos_make(p, a, &u);
        tz_pos_to_text(p, after, sizeof after);
        pos_unmake(p, a, &u);
        tz_pos_to_text(p, text, sizeof text);
        if (strcmp(text, before) != 0 || p->hash != hash) {
            MISMATCH(run, "unmake of %s does not restore [%s]: got [%s]", at, before, text);
            return -1;
        }
        pos_make(p, a, &u);
        tz_pos_to_text(p, text, sizeof text);
        if (strcmp(text, after) != 0) {
            MISMATCH(run, "make of %s after unmake differs at [%s]", at, before);
            return -1;
        }
        run->actions++;

        if (naive_apply(&tracked, at) != 0) {
            MISMATCH(run, "naive_apply refuses %s at [%s]", at, before);
            return -1;
        }
    }
    MISMATCH(run, "game did not end within 1000 actions [%s]", text);
    return -1;
}

static void finish(const diff_run *run, const char *what)
{
    CHECKF(run->mismatches == 0, "%s: %ld mismatches in all (first %d shown)", what,
           run->mismatches, REPORT_LIMIT);
    if (getenv("TRIAD_DIFF_VERBOSE"))
        fprintf(stderr,
                "  %s: %ld games, %ld positions, %ld actions, endings trinity %ld no-capture %ld, "
                "tallest stack %d\n",
                what, run->games, run->positions, run->actions, run->endings[END_TRINITY],
                run->endings[END_NO_CAPTURE], run->max_height);
}

/* Games to play: TRIAD_DIFF_SCALE (a percentage) scales them.  The default
 * is 100 in the release build, which is where a logic difference is looked
 * for; the sanitizer build (TRIAD_DEBUG), which looks for memory and
 * undefined-behaviour errors on the same paths at about 4 times the cost,
 * plays 40% of them (diff_random_games: 17 s of its CPU, now about 7). */
#ifdef TRIAD_DEBUG
#define DIFF_SCALE_DEFAULT 40
#else
#define DIFF_SCALE_DEFAULT 100
#endif
static int games(int base)
{
    const char *s = getenv("TRIAD_DIFF_SCALE");
    long pct = s ? strtol(s, NULL, 10) : DIFF_SCALE_DEFAULT;
    if (pct < 1)
        pct = 1;
    long n = base * pct / 100;
    return n < 1 ? 1 : (int)n;
}

/* ------------------------------------------------------------ the tests */

/* The naive geometry against the facts and the axial form of the rules
 * page: a check on the reference itself. */
static void test_naive_geometry(void)
{
    int pairs = 0, points = 0, degree[7] = {0};
    int seen[NAIVE_DIRS][2] = {{0, 0}}, have[NAIVE_DIRS] = {0};
    for (int c = 0; c < 9; c++)
        for (int r = 1; r <= 9; r++) {
            if (!naive_on_board(c, r))
                continue;
            points++;
            int deg = 0;
            /* axial: x = c - 4, row = min(4, 4 - x) - y + 1 */
            int x = c - 4, y = (4 - x < 4 ? 4 - x : 4) - r + 1;
            CHECKF(abs(x) <= 4 && abs(y) <= 4 && abs(x + y) <= 4 && (x || y),
                   "%c%d maps to axial (%d,%d) off the board", 'A' + c, r, x, y);
            for (int d = 0; d < NAIVE_DIRS; d++) {
                int nc, nr, bc, br;
                if (!naive_step(c, r, d, &nc, &nr))
                    continue;
                pairs++;
                deg++;
                CHECKF(naive_step(nc, nr, d ^ 1, &bc, &br) && bc == c && br == r,
                       "step %d from %c%d is not undone by its opposite", d, 'A' + c, r);
                int nx = nc - 4, ny = (4 - nx < 4 ? 4 - nx : 4) - nr + 1;
                int dx = nx - x, dy = ny - y;
                /* each naive direction must be one constant axial step */
                if (!have[d]) {
                    have[d] = 1;
                    seen[d][0] = dx;
                    seen[d][1] = dy;
                }
                CHECKF(seen[d][0] == dx && seen[d][1] == dy,
                       "direction %d is axial (%d,%d) at %c%d but (%d,%d) elsewhere", d, dx, dy,
                       'A' + c, r, seen[d][0], seen[d][1]);
                CHECKF((dx == 0 && abs(dy) == 1) || (dy == 0 && abs(dx) == 1) || (dx == -dy && abs(dx) == 1),
                       "step %d from %c%d is axial (%d,%d), not a neighbour", d, 'A' + c, r, dx, dy);
            }
            /* every axial neighbour on the board is a naive neighbour */
            static const int ax[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};
            int axial_deg = 0;
            for (int k = 0; k < 6; k++) {
                int xx = x + ax[k][0], yy = y + ax[k][1];
                if (abs(xx) <= 4 && abs(yy) <= 4 && abs(xx + yy) <= 4 && (xx || yy))
                    axial_deg++;
            }
            CHECKF(axial_deg == deg, "%c%d has %d naive neighbours, %d axial", 'A' + c, r, deg,
                   axial_deg);
            degree[deg]++;
        }
    CHECKF(points == 60, "%d points", points);
    CHECKF(pairs == 300, "%d (point, direction) pairs", pairs);
    CHECKF(degree[6] == 30 && degree[5] == 6 && degree[4] == 18 && degree[3] == 6,
           "degrees 6:%d 5:%d 4:%d 3:%d", degree[6], degree[5], degree[4], degree[3]);
    /* lines are cut at the hole: E4 up and E6 down have no neighbour */
    int nc, nr;
    CHECK(!naive_step(4, 4, NAIVE_UP, &nc, &nr));
    CHECK(!naive_step(4, 6, NAIVE_DOWN, &nc, &nr));
}

/* The naive generator alone against the rules page's perft figures. */
static void test_naive_perft(void)
{
    naive_pos p;
    REQUIRE(naive_parse(&p, TZ_SETUP_FIXED_TEXT) == 0);
    static const long want[4] = {1, 42, 1797, 260556};
    for (int d = 0; d <= 3; d++) {
        long got = naive_perft(&p, d);
        CHECKF(got == want[d], "naive perft(fixed, %d) = %ld, the rules page says %ld", d, got, want[d]);
    }
}

static void test_random_games(void)
{
    diff_run run = {0};
    xoshiro256 rng;
    xoshiro_seed(&rng, DIFF_SEED);
    int n = games(10000);
    for (int g = 0; g < n && run.mismatches < 100; g++) {
        position p;
        tz_setup_random(&p, seed_mix(DIFF_SEED, (uint64_t)g));
        play_game(&run, &p, POL_UNIFORM, 0, &rng);
    }
    CHECKF(run.games >= n || run.mismatches, "%ld games", run.games);
    finish(&run, "random setups, uniform play");
}

static void test_random_policies(void)
{
    diff_run run = {0};
    xoshiro256 rng;
    xoshiro_seed(&rng, DIFF_SEED + 1);
    int n = games(4000);
    for (int g = 0; g < n && run.mismatches < 100; g++) {
        position p;
        tz_setup_random(&p, seed_mix(DIFF_SEED + 1, (uint64_t)g));
        play_game(&run, &p, 1 + g % (POL_COUNT - 1), 0, &rng);
    }
    finish(&run, "random setups, varied play");
    if (!run.mismatches)
        CHECKF(run.max_height >= 10, "the tower policy never built a stack of height 10 (%d)",
               run.max_height);
}

static void test_tournament_games(void)
{
    diff_run run = {0};
    xoshiro256 rng;
    xoshiro_seed(&rng, DIFF_SEED + 2);
    int n = games(1000);
    for (int g = 0; g < n && run.mismatches < 100; g++) {
        position p;
        tz_setup_tournament(&p);
        play_game(&run, &p, g % POL_COUNT, g / POL_COUNT % 2, &rng);
    }
    finish(&run, "tournament setups");
}

static void test_fixed_games(void)
{
    diff_run run = {0};
    xoshiro256 rng;
    xoshiro_seed(&rng, DIFF_SEED + 3);
    int n = games(500);
    for (int g = 0; g < n && run.mismatches < 100; g++) {
        position p;
        tz_setup_fixed(&p);
        play_game(&run, &p, g % POL_COUNT, 0, &rng);
    }
    finish(&run, "fixed setup");
}

/* Every node of the game tree to a small depth below some positions, not
 * just one line through it: random mid-game positions of each phase. */
static void tree_walk(diff_run *run, position *p, int depth)
{
    action acts[MAX_ACTIONS];
    action_text elist[MAX_ACTIONS];
    int n;
    if (check_position(run, p, NULL, acts, elist, &n) != 0 || depth == 0)
        return;
    for (int i = 0; i < n && run->mismatches < 100; i++) {
        undo u;
        pos_make(p, acts[i], &u);
        tree_walk(run, p, depth - 1);
        pos_unmake(p, acts[i], &u);
    }
}

static void test_trees(void)
{
    diff_run run = {0};
    xoshiro256 rng;
    xoshiro_seed(&rng, DIFF_SEED + 4);
    int n = games(24);
    for (int g = 0; g < n && run.mismatches < 100; g++) {
        position p;
        if (g % 3 == 0)
            tz_setup_random(&p, seed_mix(DIFF_SEED + 4, (uint64_t)g));
        else if (g % 3 == 1)
            tz_setup_fixed(&p);
        else
            tz_setup_tournament(&p);
        /* walk a random distance into the game, then the whole tree below */
        int steps = (int)xoshiro_below(&rng, g % 3 == 2 ? 80 : 40);
        action acts[MAX_ACTIONS];
        for (int s = 0; s < steps; s++) {
            int k = tz_gen_actions(&p, acts);
            if (k == 0)
                break;
            undo u;
            pos_make(&p, acts[choose(&p, acts, k, (int)(g % POL_COUNT), &rng)], &u);
        }
        run.games++;
        tree_walk(&run, &p, p.phase == PHASE_PLACE ? 1 : 2);
    }
    finish(&run, "trees");
}

const test_case tests_diff[] = {
    {"diff_naive_geometry", test_naive_geometry},
    {"diff_naive_perft", test_naive_perft},
    {"diff_random_games", test_random_games},
    {"diff_random_policies", test_random_policies},
    {"diff_tournament_games", test_tournament_games},
    {"diff_fixed_games", test_fixed_games},
    {"diff_trees", test_trees},
    {0, 0},
};
