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
 * Hand-made positions check both generators against answers worked out by
 * hand from the rules page, and the naive generator alone is checked against
 * the page's geometry facts and perft figures.
 *
 * TRIAD_DIFF_SCALE=N plays N% of the usual number of games;
 * TRIAD_DIFF_VERBOSE=1 prints what each test covered. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "naive.h"
#include "games/tzaar/movegen.h"
#include "games/tzaar/notation.h"
#include "games/tzaar/position.h"
#include "core/prng.h"
#include "games/tzaar/setup.h"

#define REPORT_LIMIT 3
#define DIFF_SEED 0x7a4a52d1ff00ULL

typedef char action_text[8];

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

/* The engine's legal actions as sorted text. */
static int engine_list(const position *p, action *acts, action_text *out)
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

/* All the per-position checks.  tracked is the naive position that followed
 * the game (NULL: none).  Returns 0 when everything agreed; on a mismatch
 * the game should stop (the two sides have drifted apart). */
static int check_position(diff_run *run, const position *p, const naive_pos *tracked,
                          action *acts, action_text *elist, int *ecount)
{
    char text[POS_TEXT_MAX], back[POS_TEXT_MAX], err[160], msg[1400];
    run->positions++;
    tz_pos_to_text(p, text, sizeof text);

    const char *why = tz_pos_check(p);
    if (why) {
        MISMATCH(run, "engine pos_check: %s at [%s]", why, text);
        return -1;
    }

    naive_pos np;
    if (naive_parse(&np, text) != 0) {
        MISMATCH(run, "naive_parse rejects the engine's string [%s]", text);
        return -1;
    }
    naive_to_text(&np, back);
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
    position q;
    if (tz_pos_from_text(&q, text, err, sizeof err) != 0) {
        MISMATCH(run, "engine rejects its own string [%s]: %s", text, err);
        return -1;
    }
    tz_pos_to_text(&q, back, sizeof back);
    if (strcmp(back, text) != 0) {
        MISMATCH(run, "engine round trip: [%s] -> [%s]", text, back);
        return -1;
    }
    if (q.hash != p->hash) {
        MISMATCH(run, "engine hash of the parsed position differs from the played one at [%s]", text);
        return -1;
    }

    /* Action lists. */
    int ne = engine_list(p, acts, elist);
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

    /* Winner. */
    int ending = END_NONE;
    int ew = tz_game_winner(p, &ending), nw = naive_winner(&np), qw = tz_game_winner(&q, NULL);
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

static long naive_perft(const naive_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    action_text list[NAIVE_MAX_ACTIONS];
    int n = naive_legal(p, list, NAIVE_MAX_ACTIONS);
    if (depth == 1)
        return n;
    long total = 0;
    for (int i = 0; i < n; i++) {
        naive_pos q = *p;
        if (naive_apply(&q, list[i]) != 0)
            return -1000000;
        total += naive_perft(&q, depth - 1);
    }
    return total;
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

/* Position strings: both parsers round-trip tall stacks, and both reject
 * strings that are malformed beyond doubt. */
static void test_static_text(void)
{
    char cells[POS_TEXT_MAX], s[POS_TEXT_MAX + 40], back[POS_TEXT_MAX], err[160];
    /* Tall stacks of every height 2..30 on a sparse board (at most 30 pieces
     * a colour). */
    for (int h = 2; h <= 30; h++) {
        int n = 0;
        for (int i = 0; i < 60; i++) {
            if (h <= 27 && i < 6)
                cells[n++] = "abcABC"[i];
            else if (i == 7)
                n += sprintf(cells + n, "b%d", h);
            else if (i == 8)
                n += sprintf(cells + n, "C%d", h <= 27 ? 29 - h : h);
            else
                cells[n++] = '.';
        }
        cells[n] = '\0';
        for (int ph = 1; ph <= 2; ph++) {
            snprintf(s, sizeof s, "%s %c %d", cells, "wb"[h % 2], ph);
            naive_pos np;
            position p;
            CHECKF(naive_parse(&np, s) == 0, "naive rejects [%s]", s);
            naive_to_text(&np, back);
            CHECKF(strcmp(back, s) == 0, "naive round trip [%s] -> [%s]", s, back);
            CHECKF(tz_pos_from_text(&p, s, err, sizeof err) == 0, "engine rejects [%s]: %s", s, err);
            tz_pos_to_text(&p, back, sizeof back);
            CHECKF(strcmp(back, s) == 0, "engine round trip [%s] -> [%s]", s, back);
        }
    }
    /* Malformed for certain: both must refuse. */
    const char *good = TZ_SETUP_FIXED_TEXT;
    size_t len = strlen(good);
    char buf[6][POS_TEXT_MAX + 8];
    snprintf(buf[0], sizeof buf[0], "%.*s %s", (int)(len - 4 - 1), good, "w 0");  /* 59 cells */
    snprintf(buf[1], sizeof buf[1], "c%s", good);                                 /* 61 cells */
    snprintf(buf[2], sizeof buf[2], "%.*s x 1", (int)(len - 4), good);            /* side */
    snprintf(buf[3], sizeof buf[3], "%.*s w 3", (int)(len - 4), good);            /* phase */
    snprintf(buf[4], sizeof buf[4], "d%s", good + 1);                             /* letter */
    snprintf(buf[5], sizeof buf[5], "%s ", good);                                 /* trailing */
    const char *bad[] = {"", "w 0", buf[0], buf[1], buf[2], buf[3], buf[4], buf[5],
                         "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w",
                         "cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC  w 0",
                         "c0CCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC w 1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        naive_pos np;
        position p;
        CHECKF(naive_parse(&np, bad[i]) != 0, "naive accepts malformed [%s]", bad[i]);
        CHECKF(tz_pos_from_text(&p, bad[i], err, sizeof err) != 0, "engine accepts malformed [%s]",
               bad[i]);
    }
}

/* ------------------------------------------- hand-made positions */

/* Builds a position string from "E4=a A1=c2 ..." (label = cell text), the
 * other points empty, and the side and phase text "w 1".  Written here
 * independently of both generators: LittleGolem order is columns A to I,
 * rows from the top of the column down to 1, E5 skipped. */
static void build_position(char *out, const char *pieces, const char *tail)
{
    static const int size[9] = {5, 6, 7, 8, 9, 8, 7, 6, 5};
    int n = 0;
    for (int c = 0; c < 9; c++)
        for (int r = size[c]; r >= 1; r--) {
            if (c == 4 && r == 5)
                continue;
            char lab[3] = {(char)('A' + c), (char)('0' + r), 0};
            const char *hit = NULL;
            for (const char *q = pieces; (q = strstr(q, lab)) != NULL; q++)
                if ((q == pieces || q[-1] == ' ') && q[2] == '=') {
                    hit = q + 3;
                    break;
                }
            if (!hit) {
                out[n++] = '.';
                continue;
            }
            while (*hit && *hit != ' ')
                out[n++] = *hit++;
        }
    n += sprintf(out + n, " %s", tail);
}

/* Both generators on one hand-made position, against the answer worked out
 * by hand from the rules page: the sorted actions joined by spaces, and the
 * winner. */
static void expect_static(const char *pieces, const char *tail, const char *want_actions,
                          int want_winner)
{
    char text[POS_TEXT_MAX], err[160], got[1400];
    build_position(text, pieces, tail);
    naive_pos np;
    position p;
    if (naive_parse(&np, text) != 0 || tz_pos_from_text(&p, text, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "a parser rejects [%s]", text);
        return;
    }
    action_text nlist[NAIVE_MAX_ACTIONS], elist[MAX_ACTIONS];
    action acts[MAX_ACTIONS];
    int nn = naive_legal(&np, nlist, NAIVE_MAX_ACTIONS);
    int ne = engine_list(&p, acts, elist);
    for (int who = 0; who < 2; who++) {
        const action_text *list = who ? (const action_text *)elist : (const action_text *)nlist;
        int count = who ? ne : nn;
        size_t len = 0;
        got[0] = '\0';
        for (int i = 0; i < count && len + 10 < sizeof got; i++)
            len += (size_t)snprintf(got + len, sizeof got - len, "%s%s", i ? " " : "", list[i]);
        CHECKF(strcmp(got, want_actions) == 0, "%s actions at [%s]: got \"%s\", want \"%s\"",
               who ? "engine" : "naive", text, got, want_actions);
    }
    int nw = naive_winner(&np), ew = tz_game_winner(&p, NULL);
    CHECKF(nw == want_winner, "naive winner %d at [%s], want %d", nw, text, want_winner);
    CHECKF(ew == want_winner, "engine winner %d at [%s], want %d", ew, text, want_winner);
}

/* Applies one action in both and compares with the expected result. */
static void expect_apply(const char *pieces, const char *tail, const char *act,
                         const char *want_pieces, const char *want_tail, int want_winner)
{
    char text[POS_TEXT_MAX], want[POS_TEXT_MAX], got[POS_TEXT_MAX], err[160];
    build_position(text, pieces, tail);
    build_position(want, want_pieces, want_tail);
    naive_pos np;
    position p;
    action a;
    undo u;
    if (naive_parse(&np, text) != 0 || tz_pos_from_text(&p, text, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "a parser rejects [%s]", text);
        return;
    }
    CHECKF(naive_apply(&np, act) == 0, "naive refuses %s at [%s]", act, text);
    naive_to_text(&np, got);
    CHECKF(strcmp(got, want) == 0, "naive %s at [%s] gives [%s], want [%s]", act, text, got, want);
    CHECKF(naive_winner(&np) == want_winner, "naive winner %d after %s at [%s], want %d",
           naive_winner(&np), act, text, want_winner);
    if (tz_action_parse_legal(&p, act, &a, err, sizeof err) != 0) {
        check_fail(__FILE__, __LINE__, "engine refuses %s at [%s]: %s", act, text, err);
        return;
    }
    pos_make(&p, a, &u);
    tz_pos_to_text(&p, got, sizeof got);
    CHECKF(strcmp(got, want) == 0, "engine %s at [%s] gives [%s], want [%s]", act, text, got, want);
    CHECKF(tz_game_winner(&p, NULL) == want_winner, "engine winner %d after %s at [%s], want %d",
           tz_game_winner(&p, NULL), act, text, want_winner);
}

static void test_static(void)
{
    /* Lines through the hole are cut: E4 and E6 do not see each other,
     * nor do A1 and the far side along B2-C3-D4, and so on. */
    const char *hole = "E4=a A1=b I1=c E6=A A5=B I5=C";
    expect_static(hole, "w 1", "A1xA5 I1xI5", -1);
    expect_static(hole, "w 2", "A1xA5 I1xI5 pass", -1);
    expect_static(hole, "b 1", "A5xA1 I5xI1", -1);

    /* Height: a single piece cannot take a stack of 3; White has no capture. */
    const char *tall = "A1=a B1=b C1=c A2=A3 B2=B3 C2=C3";
    expect_static(tall, "w 1", "", 1);
    expect_static(tall, "w 2", "A1+B1 B1+A1 B1+C1 C1+B1 pass", -1);
    expect_static(tall, "b 1", "A2xA1 B2xA1 B2xB1 C2xB1 C2xC1", -1);
    expect_static(tall, "b 2", "A2+B2 A2xA1 B2+A2 B2+C2 B2xA1 B2xB1 C2+B2 C2xB1 C2xC1 pass", -1);
    /* Equal heights capture. */
    expect_static("A1=a2 B1=b C1=c A2=A2 B2=B3 C2=C3", "w 1", "A1xA2", -1);

    /* Trinity: White has no Tott on top (one is buried) and has lost. */
    expect_static("A1=a A2=b3 A3=A B1=B C1=C", "w 1", "", 1);
    expect_static("A1=a A2=b3 A3=A B1=B C1=C", "b 2", "", 1);

    /* Every stack here is a self-burial: the winner changes at once. */
    expect_apply(tall, "w 2", "A1+B1", "B1=a2 C1=c A2=A3 B2=B3 C2=C3", "b 1", 1);
    expect_apply(tall, "w 2", "c1+b1", "A1=a B1=c2 A2=A3 B2=B3 C2=C3", "b 1", 1);
    expect_apply(tall, "w 2", "pass", tall, "b 1", -1);
    /* A first-action capture of the last Tzaar ends the game at once. */
    expect_apply(tall, "b 1", "A2xA1", "A1=A3 B1=b C1=c B2=B3 C2=C3", "b 2", 1);
    expect_static("A1=A3 B1=b C1=c B2=B3 C2=C3", "b 2", "", 1);
    /* Captures keep the mover's height; stacks add heights, top = mover. */
    expect_apply("A1=a2 A3=b B1=b C1=c G7=a A2=A2 B2=B3 C2=C3 I1=A", "w 1", "A1xA2",
                 "A2=a2 A3=b B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "w 2", -1);
    expect_apply("A2=a2 A3=b B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "w 2", "A3+A2",
                 "A2=b3 B1=b C1=c G7=a B2=B3 C2=C3 I1=A", "b 1", -1);
    expect_apply("A1=c2 B1=b C1=c D1=a A2=A2 B2=B3 C2=C3", "w 2", "C1+D1",
                 "A1=c2 B1=b D1=c2 A2=A2 B2=B3 C2=C3", "b 1", 1);
    /* The opening single capture hands the turn to Black.  (Phase 0 needs
     * the full board, where White always has a capture.) */
    {
        char want[POS_TEXT_MAX];
        naive_pos np;
        snprintf(want, sizeof want, ".c%s", TZ_SETUP_FIXED_TEXT + 2);
        memcpy(want + strlen(want) - 3, "b 1", 3);
        REQUIRE(naive_parse(&np, TZ_SETUP_FIXED_TEXT) == 0);
        REQUIRE(naive_apply(&np, "A5xA4") == 0);
        char got[NAIVE_TEXT_MAX];
        naive_to_text(&np, got);
        CHECKF(strcmp(got, want) == 0, "naive A5xA4 from the fixed setup gives [%s], want [%s]", got,
               want);
        position p;
        action a;
        undo u;
        char err[160];
        tz_setup_fixed(&p);
        REQUIRE(tz_action_parse_legal(&p, "a5xa4", &a, err, sizeof err) == 0);
        pos_make(&p, a, &u);
        tz_pos_to_text(&p, got, sizeof got);
        CHECKF(strcmp(got, want) == 0, "engine A5xA4 from the fixed setup gives [%s], want [%s]", got,
               want);
    }
    expect_apply(hole, "w 1", "A1xA5", "E4=a A5=b I1=c E6=A I5=C", "w 2", 0);

    /* Placement: never over, own remaining pieces on empty points. */
    {
        char text[POS_TEXT_MAX], err[160];
        naive_pos np;
        position p;
        action acts[MAX_ACTIONS];
        const char *w6b5 = "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A";
        const char *w6b6 = "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A C1=A";
        build_position(text, w6b5, "b p");
        REQUIRE(naive_parse(&np, text) == 0);
        REQUIRE(tz_pos_from_text(&p, text, err, sizeof err) == 0);
        CHECK(naive_winner(&np) == -1 && tz_game_winner(&p, NULL) == -1);
        CHECK(naive_legal(&np, NULL, 0) == 49 * 3 && tz_gen_actions(&p, acts) == 49 * 3);
        build_position(text, w6b6, "w p");
        REQUIRE(naive_parse(&np, text) == 0);
        REQUIRE(tz_pos_from_text(&p, text, err, sizeof err) == 0);
        CHECK(naive_legal(&np, NULL, 0) == 48 * 2 && tz_gen_actions(&p, acts) == 48 * 2);
        expect_apply(w6b6, "w p", "c@i5",
                     "A1=a A2=a A3=a A4=a A5=a B1=a B2=A B3=A B4=A B5=A B6=A C1=A I5=c", "b p", -1);
    }
}

const test_case tests_diff[] = {
    {"diff_naive_geometry", test_naive_geometry},
    {"diff_naive_perft", test_naive_perft},
    {"diff_text_roundtrip", test_static_text},
    {"diff_static_positions", test_static},
    {"diff_random_games", test_random_games},
    {"diff_random_policies", test_random_policies},
    {"diff_tournament_games", test_tournament_games},
    {"diff_fixed_games", test_fixed_games},
    {"diff_trees", test_trees},
    {0, 0},
};
