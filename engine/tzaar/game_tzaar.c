/* game_tzaar.c — TZAAR behind the game interface (see game.h and
 * game_tzaar.h).  Everything here calls the engine's own functions; the
 * codec hooks are in codec.c and the player kinds in kinds.c. */
#include <stdio.h>
#include <string.h>
#include "bench.h"
#include "eval.h"
#include "formats.h"
#include "game_tzaar.h"
#include "movegen.h"
#include "nnfeat.h"
#include "notation.h"
#include "render_tzaar.h"
#include "setup.h"
#include "start_features.h"
#include "symmetry.h"

static const char *const tz_endings[] = { "none", "trinity", "no_capture", NULL }; /* by END_* */
static const char *const tz_seats[] = { "White", "Black", NULL };

/* Filled once by tz_game_init() from the evaluation's feature names, which
 * a constant initialiser cannot reach. */
static const char *tz_feature_names[EVAL_FEATURES + 1];

static int tz_game_init(char *err, size_t n)
{
    (void)err, (void)n; /* nothing here can fail */
    tz_init();
    for (int i = 0; i < EVAL_FEATURES; i++)
        tz_feature_names[i] = tz_eval_feature_name(i);
    return 0;
}

const game_def *tz_game_ready(char *err, size_t n)
{
    for (const game_def *const *g = game_list(); *g; g++)
        if (*g == &game_tzaar)
            return *g;
    return game_find(game_tzaar.name, err, n); /* NULL, and the registry's reason */
}

static const position *pos_of(const void *s)
{
    return &((const tz_state *)s)->pos;
}

static int tz_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    int kind = tz_setup_kind(name);
    if (kind < 0) {
        snprintf(err, n, "unknown setup '%s' (expected random, fixed, tournament or tournament-black)", name);
        return -1;
    }
    if (players != 2) {
        snprintf(err, n, "TZAAR is a game for 2 players, not %d", players);
        return -1;
    }
    memset(s, 0, sizeof(tz_state));
    tz_setup_make(&((tz_state *)s)->pos, kind, seed);
    return 0;
}

/* Seat k's pieces go to seat perm[k]: with two seats, either nothing moves
 * or the colours are exchanged: every stack, the counts, the reserves, the
 * winner, and the side to act.  Except in the game's first action (the
 * opening phase, or a variant's first turn), where White acts by the rules
 * (a position string cannot say otherwise), and in placement: there only
 * the pieces change colour, as records recolour the second game of a pair.
 * So seat 0 (White) always moves first, and the seat rotation of a start is
 * its recolouring.  In place, so that applying it twice gives back every
 * byte of the state. */
static void tz_permute(void *s, const int perm[GAME_MAX_PLAYERS])
{
    position *p = &((tz_state *)s)->pos;
    if (perm[0] == 0)
        return;
    tz_pos_recolour(p);
    if (!tz_phase_opens(p->phase) && p->phase != PHASE_PLACE)
        p->side ^= 1;
    if (p->winner >= 0)
        p->winner ^= 1;
    p->hash = tz_pos_hash_full(p);
}

/* The hash of the canonical image: the images of a position share it, and
 * two positions that are not images of each other share it only by a
 * 64-bit Zobrist collision. */
static uint64_t tz_symmetry_key(const void *s)
{
    position canon;
    uint8_t maps[SYM_ALL];
    tz_sym_canonical(pos_of(s), &canon, maps);
    return canon.hash;
}

static int tz_players(const void *s)
{
    (void)s;
    return 2;
}

static bool tz_over(const void *s)
{
    return tz_game_winner(pos_of(s), NULL) >= 0;
}

static int tz_to_act(const void *s)
{
    return tz_over(s) ? -1 : pos_of(s)->side;
}

/* tz_gen_actions() orders by kind of action; the interface wants ascending.
 * A code fits 14 bits (kind << 12 | to << 6 | from), so two counting passes
 * on 7-bit digits sort it in linear time.  The insertion sort this replaced
 * was quadratic in the ~100 actions of a mid-game position: 40% of a records
 * verify's time under ASan, where every generic replay goes through here. */
_Static_assert((ACT_PLACE << 12 | 4095) < 1 << 14, "an action code fits the two 7-bit digits of tz_legal's sort");
static int tz_legal(const void *s, game_action *out)
{
    action list[MAX_ACTIONS], mid[MAX_ACTIONS];
    int n = tz_gen_actions(pos_of(s), list);
    int count[129];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++)
        count[(list[i] & 127) + 1]++;
    for (int d = 0; d < 128; d++)
        count[d + 1] += count[d];
    for (int i = 0; i < n; i++)
        mid[count[list[i] & 127]++] = list[i];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++)
        count[(mid[i] >> 7) + 1]++;
    for (int d = 0; d < 128; d++)
        count[d + 1] += count[d];
    for (int i = 0; i < n; i++)
        out[count[mid[i] >> 7]++] = mid[i];
    return n;
}

static void tz_apply(void *s, game_action a)
{
    tz_state *st = s;
    undo u;
    st->turns += tz_phase_starts_turn(st->pos.phase); /* a swap is Black's turn */
    pos_make(&st->pos, (action)a, &u);
}

static void tz_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    int w = tz_game_winner(pos_of(s), NULL);
    scores[WHITE] = w == WHITE;
    scores[BLACK] = w == BLACK;
}

static void tz_rank(const void *s, int ranks[GAME_MAX_PLAYERS])
{
    int w = tz_game_winner(pos_of(s), NULL);
    ranks[WHITE] = w == BLACK;
    ranks[BLACK] = w == WHITE;
}

static int tz_ending(const void *s)
{
    int e;
    tz_game_winner(pos_of(s), &e);
    return e;
}

static int tz_turns(const void *s)
{
    return (int)((const tz_state *)s)->turns;
}

/* Time management (engine/timeman.h): the actions the seat to act still
 * expects to take, from the position alone (a position string carries no
 * turn count).  Every capture or stacking action removes a stack, so the
 * stacks left say how far a game has come: over 22,100 games between
 * searching players (data/records/ladder, random and fixed setups), the
 * seat to act's remaining actions average 21.7 with 60 stacks, 13.2 with
 * 40, 5.4 with 20 and 2.5 with 12, about 0.41 per stack less 3.  Never
 * fewer than 4 (a long game must not run the clock down); in the
 * tournament setup's placement, the seat's placements come first. */
static double tz_actions_left(const void *s)
{
    const position *p = pos_of(s);
    int stacks = __builtin_popcountll(p->occ[WHITE] | p->occ[BLACK]);
    double left = p->phase == PHASE_PLACE ? 0.41 * 60 - 3 + (60 - stacks) / 2.0 : 0.41 * stacks - 3;
    return left < 4 ? 4 : left;
}

static int tz_to_text(const void *s, char *out, size_t n)
{
    int len = tz_pos_to_text(pos_of(s), out, n);
    return (size_t)len < n ? len : -1;
}

static int tz_from_text(void *s, const char *text, char *err, size_t n)
{
    memset(s, 0, sizeof(tz_state));
    return tz_pos_from_text(&((tz_state *)s)->pos, text, err, n);
}

static void tz_hook_action_to_text(const void *s, game_action a, char *out, size_t n)
{
    char t[ACTION_TEXT_MAX];
    tz_action_to_text((action)a, pos_of(s)->side, t);
    snprintf(out, n, "%s", t);
}

static int tz_hook_action_from_text(const void *s, const char *text, game_action *a, char *err, size_t n)
{
    action x;
    if (tz_action_parse_legal(pos_of(s), text, &x, err, n))
        return -1;
    *a = x;
    return 0;
}

/* eval.h's features are White minus Black, tempo included (+1 when White is
 * to act, -1 when Black is), so Black's view is the negation of each. */
static void tz_features(const void *s, int seat, double *out)
{
    tz_eval_features(pos_of(s), out);
    if (seat == BLACK)
        for (int i = 0; i < EVAL_FEATURES; i++)
            out[i] = -out[i];
}

/* tz_pos_draw() writes to a stream: here, one over the caller's buffer. */
static int tz_board_text(const void *s, char *out, size_t n)
{
    FILE *f = fmemopen(out, n, "w");
    if (!f)
        return -1;
    tz_pos_draw(pos_of(s), f);
    long len = ftell(f);
    bool whole = !ferror(f) && len >= 0 && (size_t)len + 1 < n;
    fclose(f);
    return whole ? (int)len : -1;
}

/* Tuning samples the start of a turn (White's opening capture included),
 * never the placement phase, the second action or a finished game. */
static bool tz_tune_sample(const void *s)
{
    const position *p = pos_of(s);
    return tz_phase_starts_turn(p->phase) && tz_game_winner(p, NULL) < 0;
}

/* A position is decided when the side to act can capture, with the action
 * at hand, the last stack of a type of the other colour: that wins at
 * once (a trinity loss for the other).  Two captures of a type's last two
 * stacks in one turn are not looked for. */
static bool tz_tune_quiet(const void *s)
{
    const position *p = pos_of(s);
    action list[MAX_ACTIONS];
    int n = tz_gen_captures(p, list);
    for (int i = 0; i < n; i++) {
        int to = act_to(list[i]);
        if (p->count[p->side ^ 1][p->type[to]] == 1)
            return false;
    }
    return true;
}

/* White minus Black, as the bias study has always used them. */
static void tz_hook_start_features(const void *s, double *out)
{
    tz_start_features(pos_of(s), out);
}

_Static_assert(sizeof(tz_state) <= GAME_STATE_MAX, "a game state must fit GAME_STATE_MAX (engine/game.h)");

static const game_format *const tz_formats[] = { &tz_format_littlegolem, NULL };

static const game_codec_hooks tzaar_codec = {
    .encode_start = tz_encode_start,
    .decode_start = tz_decode_start,
    .encode_action = tz_encode_action,
    .decode_action = tz_decode_action,
};

static const game_tuning tzaar_tuning = {
    .nfeatures = EVAL_FEATURES,
    .feature_names = tz_feature_names,
    .nfeatures_required = EVAL_FEATURES_V1,
    .features = tz_features,
    .tune_sample = tz_tune_sample,
    .tune_quiet = tz_tune_quiet,
    .default_weights = "data/weights/default.txt",
};

static const game_study tzaar_study = {
    .nstart_features = START_FEATURES,
    .start_feature_names = tz_start_feature_names,
    .start_features = tz_hook_start_features,
};

static const game_bench tzaar_bench_table = {
    .perft = tz_game_perft, /* bench.c: they take the position, which a tz_state starts with */
    .perft_bulk = tz_game_perft_bulk,
    .positions = tz_bench_positions,
    .search_nodes = tz_game_search_nodes,
    .search_scratch_free = tz_game_search_scratch_free,
    /* bench --reduce 3 and 2; the full perft, 2285253452, takes 25 s (make bench) */
    .pins = { .engine = 0x758389fbadf5b055ULL, .perft_r3 = 23654, .search_r3 = 71526, .perft_r2 = 739938,
              .search_r2 = 278600 },
};

const game_def game_tzaar = {
    .name = "tzaar",
    .title = "TZAAR (Kris Burm, 2008)",
    .rules_version = "tzaar-1",
    .min_players = 2,
    .max_players = 2,
    .state_size = sizeof(tz_state),
    .max_actions = MAX_ACTIONS,
    .init = tz_game_init,
    .setup_names = tz_setup_names,
    .setup = tz_setup,
    .permute = tz_permute,
    .players = tz_players,
    .to_act = tz_to_act,
    .legal = tz_legal,
    .apply = tz_apply,
    .over = tz_over,
    .outcome = tz_outcome,
    .score_max = 1,
    .rank = tz_rank,
    .ending_names = tz_endings,
    .ending = tz_ending,
    .turns = tz_turns,
    .actions_left = tz_actions_left,
    .seat_names = tz_seats,
    .to_text = tz_to_text,
    .from_text = tz_from_text,
    .action_to_text = tz_hook_action_to_text,
    .action_from_text = tz_hook_action_from_text,
    .board_text = tz_board_text,
    .symmetry_key = tz_symmetry_key,
    .params = tz_params,
    .set_params = tz_set_params,
    .player_kinds = tz_player_kinds,
    .default_player = "ab:depth=4",
    .codec = &tzaar_codec,
    .formats = tz_formats,
    .records_v1 = &tz_records_v1,
    .tuning = &tzaar_tuning,
    .study = &tzaar_study,
    .bench = &tzaar_bench_table,
    .solver = &tz_game_solver,
    .nn = &tz_nn,
    .view = &tz_view,
};

/* Registered (engine/game.h, GAME_REGISTER) first: the game every command plays by default. */
GAME_REGISTER(10, game_tzaar);
