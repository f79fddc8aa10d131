/* race3.c — the toy game of race3.h behind the game interface. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/msg.h"
#include "core/prng.h"
#include "race3.h"

#define SQUARES 8
#define ROUNDS 4
#define MAX_STEP 3
#define SQUARE_MAX 3

/* rounds: the rounds the game lasts, ROUNDS unless the parameter says
 * fewer (race3:rounds=2): a rules field the state carries, as a variant's
 * states must (game.h, "parameters"), set at setup and parse time. */
typedef struct race {
    uint8_t players, turn, to_act, rounds;
    uint8_t board[SQUARES];
    uint8_t at[GAME_MAX_PLAYERS], points[GAME_MAX_PLAYERS];
} race;

/* A counter only the test reads: atomic, since the registry may be reached
 * from several threads at once. */
static atomic_int init_calls;

static int race_init(char *err, size_t n)
{
    (void)err, (void)n;
    atomic_fetch_add(&init_calls, 1);
    return 0;
}

int race3_init_calls(void)
{
    return atomic_load(&init_calls);
}

static const char *const setups[] = { "random", "fixed", NULL };
static const char *const endings[] = { "none", "rounds", NULL };
static const char *const features_names[] = { "lead", "reach", "rounds_left", NULL };
static const char *const start_names[] = { "first_reach", "board_total", NULL };

static int race_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    static const uint8_t fixed[SQUARES] = { 1, 0, 2, 0, 3, 0, 1, 2 };
    race *r = s;
    bool random = !strcmp(name, "random");
    if (!random && strcmp(name, "fixed")) {
        snprintf(err, n, "unknown setup '%s' (expected random or fixed)", name);
        return -1;
    }
    if (players < 2 || players > GAME_MAX_PLAYERS) {
        snprintf(err, n, "race3 is a game for 2 to 4 players, not %d", players);
        return -1;
    }
    memset(r, 0, sizeof *r);
    r->players = (uint8_t)players;
    r->rounds = ROUNDS;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    for (int q = 0; q < SQUARES; q++)
        r->board[q] = random ? (uint8_t)xoshiro_below(&rng, SQUARE_MAX + 1) : fixed[q];
    for (int k = 0; k < players; k++)
        r->at[k] = (uint8_t)(2 * k);
    return 0;
}

static bool race_over(const void *s)
{
    const race *r = s;
    return r->turn >= r->rounds * r->players;
}

static void race_permute(void *s, const int perm[GAME_MAX_PLAYERS])
{
    race *r = s, old = *r;
    for (int k = 0; k < r->players; k++) {
        r->at[perm[k]] = old.at[k];
        r->points[perm[k]] = old.points[k];
    }
    r->to_act = (uint8_t)perm[old.to_act];
}

static int race_players(const void *s)
{
    return ((const race *)s)->players;
}

static int race_to_act(const void *s)
{
    return race_over(s) ? -1 : ((const race *)s)->to_act;
}

static int race_legal(const void *s, game_action *out)
{
    if (race_over(s))
        return 0;
    for (int k = 0; k < MAX_STEP; k++)
        out[k] = (game_action)(k + 1);
    return MAX_STEP;
}

static void race_apply(void *s, game_action a)
{
    race *r = s;
    int k = r->to_act, q = (r->at[k] + (int)a) % SQUARES;
    r->at[k] = (uint8_t)q;
    r->points[k] = (uint8_t)(r->points[k] + r->board[q]);
    r->board[q] = (uint8_t)((r->board[q] + 1) % (SQUARE_MAX + 1));
    r->to_act = (uint8_t)((k + 1) % r->players);
    r->turn++;
}

static void race_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    const race *r = s;
    for (int k = 0; k < r->players; k++)
        scores[k] = r->points[k];
}

/* A seat's rank is the number of seats with more points: ties share. */
static void race_rank(const void *s, int ranks[GAME_MAX_PLAYERS])
{
    const race *r = s;
    for (int k = 0; k < r->players; k++) {
        ranks[k] = 0;
        for (int j = 0; j < r->players; j++)
            ranks[k] += r->points[j] > r->points[k];
    }
}

static int race_ending(const void *s)
{
    return race_over(s) ? 1 : 0;
}

static int race_turns(const void *s)
{
    return ((const race *)s)->turn;
}

static int race_to_text(const void *s, char *out, size_t n)
{
    const race *r = s;
    char t[96];
    int len = snprintf(t, sizeof t, "%d %d %d ", r->players, r->turn, r->to_act);
    for (int q = 0; q < SQUARES; q++)
        t[len++] = (char)('0' + r->board[q]);
    for (int part = 0; part < 2; part++)
        for (int k = 0; k < r->players; k++)
            len += snprintf(t + len, sizeof t - (size_t)len, "%c%d", k ? ',' : ' ', part ? r->points[k] : r->at[k]);
    return (size_t)len < n ? snprintf(out, n, "%s", t) : -1;
}

/* A decimal number in [0, max] at *p (no sign, at most 3 digits). */
static int number(const char **p, int max)
{
    int v = 0, digits = 0;
    for (; **p >= '0' && **p <= '9' && digits < 3; (*p)++, digits++)
        v = v * 10 + (**p - '0');
    return digits && v <= max ? v : -1;
}

static int bad(const char *text, const char *at, const char *what, char *err, size_t n)
{
    snprintf(err, n, "bad race3 position: %s at offset %d", what, (int)(at - text));
    return -1;
}

static int race_from_text(void *s, const char *text, char *err, size_t n)
{
    race *r = s;
    const char *p = text;
    memset(r, 0, sizeof *r);
    r->rounds = ROUNDS;
    int players = number(&p, GAME_MAX_PLAYERS);
    if (players < 2 || *p++ != ' ')
        return bad(text, p, "expected the players (2 to 4) and a space", err, n);
    r->players = (uint8_t)players;
    int turn = number(&p, ROUNDS * players);
    if (turn < 0 || *p++ != ' ')
        return bad(text, p, "expected the turn and a space", err, n);
    int to_act = number(&p, players - 1);
    if (to_act < 0 || *p++ != ' ')
        return bad(text, p, "expected the seat to act and a space", err, n);
    r->turn = (uint8_t)turn;
    r->to_act = (uint8_t)to_act;
    for (int q = 0; q < SQUARES; q++, p++) {
        if (*p < '0' || *p > '0' + SQUARE_MAX)
            return bad(text, p, "expected a square value 0 to 3", err, n);
        r->board[q] = (uint8_t)(*p - '0');
    }
    for (int part = 0; part < 2; part++)
        for (int k = 0; k < players; k++) {
            if (*p++ != (k ? ',' : ' '))
                return bad(text, p - 1, k ? "expected ','" : "expected a space", err, n);
            int v = number(&p, part ? 99 : SQUARES - 1);
            if (v < 0)
                return bad(text, p, part ? "expected points 0 to 99" : "expected a square 0 to 7", err, n);
            (part ? r->points : r->at)[k] = (uint8_t)v;
        }
    return *p ? bad(text, p, "unexpected text after the points", err, n) : 0;
}

static void race_action_to_text(const void *s, game_action a, char *out, size_t n)
{
    (void)s;
    snprintf(out, n, "%u", (unsigned)a);
}

static int race_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n)
{
    if (text[0] < '1' || text[0] > '0' + MAX_STEP || text[1]) {
        snprintf(err, n, "bad race3 action '%s': expected 1, 2 or 3", msg_escape((char[24]){ 0 }, 24, text));
        return -1;
    }
    if (race_over(s)) {
        snprintf(err, n, "race3 action '%s': the game is over", text);
        return -1;
    }
    *a = (game_action)(text[0] - '0');
    return 0;
}

/* The parameter rounds (1 to 4; the default 4 is the game as it was): a
 * start gets it, and a parsed position (whose text does not say it) gets it
 * too, refused when more turns were played than it allows. */
static int race_set_params(void *s, const long *values, bool start, char *err, size_t n)
{
    race *r = s;
    if (!start && r->turn > values[0] * r->players) {
        snprintf(err, n, "bad race3 position: turn %d is past the %ld rounds of race3:rounds=%ld", r->turn, values[0],
                 values[0]);
        return -1;
    }
    r->rounds = (uint8_t)values[0];
    return 0;
}

static const game_param race3_params[] = {
    { "rounds", "the rounds the game lasts (a parameter for the tests' sake)", "4", NULL, 1, ROUNDS, 0 },
    { NULL, NULL, NULL, NULL, 0, 0, 0 },
};

/* The points a seat could reach with its next action (the best square). */
static int reach(const race *r, int seat)
{
    int best = 0;
    for (int step = 1; step <= MAX_STEP; step++) {
        int v = r->board[(r->at[seat] + step) % SQUARES];
        best = v > best ? v : best;
    }
    return best;
}

static void race_features(const void *s, int seat, double *out)
{
    const race *r = s;
    double others = 0;
    for (int k = 0; k < r->players; k++)
        others += k == seat ? 0 : r->points[k];
    out[0] = r->points[seat] - others / (r->players - 1);
    out[1] = reach(r, seat);
    out[2] = r->rounds - r->turn / r->players;
}

/* Every action is a turn: tuning samples every position not over. */
static bool race_tune_sample(const void *s)
{
    return !race_over(s);
}

static void race_start_features(const void *s, double *out)
{
    const race *r = s;
    out[0] = reach(r, 0);
    out[1] = 0;
    for (int q = 0; q < SQUARES; q++)
        out[1] += r->board[q];
}

static uint64_t race_perft(void *s, int depth)
{
    if (depth == 0)
        return 1;
    game_action acts[MAX_STEP];
    int n = race_legal(s, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        race child = *(race *)s;
        race_apply(&child, acts[i]);
        nodes += race_perft(&child, depth - 1);
    }
    return nodes;
}

static const game_bench_pos bench[] = {
    { "fixed start, 3 players", "3 0 0 10203012 0,2,4 0,0,0", 6, 0 },
    { "late, 4 players", "4 11 3 31230102 5,1,7,2 6,4,3,5", 5, 0 },
    { NULL, NULL, 0, 0 },
};

static const game_tuning race3_tuning = {
    .nfeatures = 3,
    .feature_names = features_names,
    .features = race_features,
    .tune_sample = race_tune_sample,
};

static const game_study race3_study = {
    .nstart_features = 2,
    .start_feature_names = start_names,
    .start_features = race_start_features,
};

static const game_bench race3_bench_table = {
    .perft = race_perft,
    .positions = bench,
    .pins = { .engine = 0xa9317aac9541f011ULL, .perft_r3 = 36, .perft_r2 = 108, .perft_full = 972 },
};

const game_def game_race3 = {
    .name = "race3",
    .title = "race3 (a toy game for the test suite)",
    .rules_version = "race3-1",
    .testing_only = true,
    .min_players = 2,
    .max_players = GAME_MAX_PLAYERS,
    .state_size = sizeof(race),
    .max_actions = MAX_STEP,
    .init = race_init,
    .setup_names = setups,
    .setup = race_setup,
    .permute = race_permute,
    .players = race_players,
    .to_act = race_to_act,
    .legal = race_legal,
    .apply = race_apply,
    .over = race_over,
    .outcome = race_outcome,
    .score_max = ROUNDS * SQUARE_MAX, /* from a setup; a parsed position may hold more */
    .rank = race_rank,
    .ending_names = endings,
    .ending = race_ending,
    .turns = race_turns,
    .to_text = race_to_text,
    .from_text = race_from_text,
    .action_to_text = race_action_to_text,
    .action_from_text = race_action_from_text,
    .params = race3_params,
    .set_params = race_set_params,
    .tuning = &race3_tuning,
    .study = &race3_study,
    .bench = &race3_bench_table,
};

/* Registered (engine/game.h, GAME_REGISTER) after the real games; testing_only lists it apart. */
GAME_REGISTER(40, game_race3);
