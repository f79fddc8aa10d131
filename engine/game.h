/* game.h — the interface through which the drivers (self-play, records,
 * match, tuning, the bias study, the viewer, the command line) drive a game
 * without knowing its rules.
 *
 * A game is a table of functions over an opaque state of state_size bytes
 * that the caller owns and may copy with memcpy.  Nothing assumes two
 * players or win/loss: seats are 0..players-1, outcome() gives every seat a
 * score (1/0 for a TZAAR win, points in Talat) and rank() the final order.
 * A game's own hot paths (TZAAR's perft and alpha-beta search) use its own
 * types directly; this layer is for the drivers, where a call per action
 * costs nothing next to the work around it.
 *
 * Registry: every game registers itself in its own folder with one
 * GAME_REGISTER line (below); the build finds those lines, so nothing
 * outside the folder names the game.  game_find() and game_list() call
 * each game's init() once (thread-safe) before handing it out, so a game's
 * tables can never be used uninitialised.
 *
 * Error convention: functions that can fail return 0 or -1 and write one
 * line into the caller's err buffer (what, and where: an offset in text). */
#ifndef TRIAD_GAME_H
#define TRIAD_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/buf.h"

#define GAME_MAX_PLAYERS 4
#define GAME_MAX_FEATURES 64       /* evaluation or start features */
#define GAME_TEXT_MAX 1024         /* a position string, NUL included */
#define GAME_ACTION_TEXT_MAX 32    /* an action's text, NUL included */

/* An action, meaningful only together with the state it is legal in.  Its
 * value is the game's own encoding; drivers only store, compare and pass
 * it back.  legal() lists actions in ascending numeric order, so "the k-th
 * legal action" is well defined (the records' generic action code). */
typedef uint32_t game_action;
#define GAME_NO_ACTION ((game_action)0xffffffffu)

typedef struct game_def game_def;

/* A kind of player a game adds (TZAAR's "ab", "greedy"), or a generic one
 * (engine/players.h: "random", "mcts").  create() parses the options after
 * "name:" (NULL when there are none), writes the canonical options (keys
 * sorted, defaults filled in; "" for none) into canon, and returns the
 * player's private state, or NULL with one line in err.  choose() picks a
 * legal action for the seat to act in s (which is not over); with no time
 * limit the choice is a function of (spec, s, seed) alone. */
typedef struct game_search_report game_search_report;
typedef void (*game_progress_fn)(void *ctx, const game_search_report *r);

/* Why a player lost without choosing a legal action: the generic "engine"
 * kind (engine/player_engine.c) runs a program outside triad, which can
 * answer an illegal action, crash, run out of time or break the protocol.
 * Records keep the reason and a line of text (docs/records.md). */
enum {
    GAME_FORFEIT_NONE = 0,
    GAME_FORFEIT_ILLEGAL,  /* an action that is not legal, or not an action */
    GAME_FORFEIT_CRASH,    /* the program ended or closed its output */
    GAME_FORFEIT_TIMEOUT,  /* no answer within the limit and its margin */
    GAME_FORFEIT_PROTOCOL, /* an error line or an answer out of place */
    GAME_FORFEITS
};
#define GAME_FORFEIT_TEXT_MAX 96
typedef struct game_forfeit {
    int reason;                       /* GAME_FORFEIT_* */
    char text[GAME_FORFEIT_TEXT_MAX]; /* what happened, escaped: "answered 'Z9xZ9'", "exit status 3" */
} game_forfeit;
/* "none", "illegal", "crash", "timeout", "protocol" (index: the reason). */
extern const char *const game_forfeit_names[GAME_FORFEITS];

typedef struct game_player_kind {
    const char *name;
    const char *help;                 /* one line for `triad help players` */
    void *(*create)(const game_def *g, const char *opts, char *canon, size_t cn, char *err, size_t n);
    game_action (*choose)(void *impl, const void *s, uint64_t seed);
    void (*destroy)(void *impl);
    /* Optional, for searching players (analyse, the engine's info lines):
     * what the last choose() found (false when there is nothing to say),
     * and a callback after every completed iteration of the next choices. */
    bool (*report)(void *impl, game_search_report *out);
    void (*set_progress)(void *impl, game_progress_fn fn, void *ctx);
    /* Optional, for players that can fail or keep a clock (the "engine"
     * kind): begin() says a new game starts from start (the player resets
     * its clock and counters); when choose() returns GAME_NO_ACTION the
     * player forfeits and forfeit() says why; overruns() counts the answers
     * since begin() that came after the time limit but within its margin. */
    void (*begin)(void *impl, const void *start);
    void (*forfeit)(void *impl, game_forfeit *out);
    int (*overruns)(void *impl);
    /* Optional: the canonical options (as create() writes them) without
     * making the player, for a kind whose create() is costly (TZAAR's ab
     * allocates its table).  stored: opts come from a record, so a weights
     * checksum it gives is trusted rather than checked against the file.
     * 0, or -1 with one line in err.  NULL: create() then destroy(). */
    int (*canonical)(const game_def *g, const char *opts, bool stored, char *canon, size_t cn, char *err, size_t n);
} game_player_kind;

/* What a searching player reports: depth in plies (one per action), the
 * score from the acting seat's view in the player's own units, the nodes
 * and seconds spent, the principal variation. */
#define GAME_PV_MAX 64
struct game_search_report {
    int depth, score;
    uint64_t nodes;
    double seconds;
    int pv_len;
    game_action pv[GAME_PV_MAX];
};

/* A speed figure of the game's own for `triad bench` (bench_extra). */
typedef struct game_bench_figure {
    const char *name, *unit;
    double value;
} game_bench_figure;

/* A bench position: a position string and the depths perft and the
 * search signature use from it. */
typedef struct game_bench_pos {
    const char *name;
    const char *position;
    int perft_depth;
    int search_depth;
} game_bench_pos;

/* An exact solver a game may offer (optional: game_def.solver), for games
 * where one seat wins and the other loses.  It proves the result for the
 * seat to act within a budget of expanded positions.  A solver keeps a
 * table of what it proved: results stay valid for any later position of
 * the same game, and clear() forgets them, so that the next result is a
 * function of (position, budget) alone. */
enum { GAME_SOLVE_UNKNOWN = 0, GAME_SOLVE_WIN = 1, GAME_SOLVE_LOSS = 2 };
typedef struct game_solve_result {
    int value;           /* GAME_SOLVE_*, for the seat to act */
    game_action best;    /* WIN: an action of the proof; LOSS: the longest
                            resistance; GAME_NO_ACTION when unknown or over */
    int distance;        /* plies within which the proof ends the game; -1 unknown */
    uint64_t proof_size; /* positions in the proof, counted as a tree */
    uint64_t nodes;      /* positions expanded by this call */
} game_solve_result;

typedef struct game_solver {
    const char *method;  /* one line for --help and reports: "df-pn, ..." */
    /* A solver with a table of at most memory bytes; NULL with a message. */
    void *(*create)(size_t memory, char *err, size_t n);
    void (*clear)(void *solver);
    /* nodes 0: no limit.  0, or -1 with a message for a state it cannot
     * take (s is left as it was either way). */
    int (*solve)(void *solver, const void *s, uint64_t nodes, game_solve_result *out, char *err, size_t n);
    void (*destroy)(void *solver);
} game_solver;

/* ---- optional capabilities ----
 * Each is a sub-table a game gives whole or not at all (NULL): the registry
 * refuses a game whose sub-table lacks one of its required members.  Within
 * a sub-table, members marked "optional" may be NULL/0. */

/* Records codec: a start position in a compact form and an action as a
 * small code.  NULL: the records store to_text() and the generic code (the
 * action's index in the sorted legal list; engine/game_codec.h). */
typedef struct game_codec_hooks {
    void (*encode_start)(const void *s, buf *out);
    int (*decode_start)(void *s, cursor *in, char *err, size_t n); /* 0, or -1 with a message */
    uint32_t (*encode_action)(const void *s, game_action a);
    /* 0 and a LEGAL action of s, or -1: the records reader trusts it and
     * does not look the action up in legal() again. */
    int (*decode_action)(const void *s, uint32_t code, game_action *a);
} game_codec_hooks;

/* What a seat's score is made of, once over (Talat: points for captures,
 * points for towers on lines); the parts sum to the seat's score.  The
 * bias study reports them per seat.  NULL: the score is one number. */
typedef struct game_scoring {
    int nscore_parts;                 /* >= 1 */
    const char *const *score_part_names;
    void (*score_parts)(const void *s, int seat, double *out);
    bool last_part_optional;          /* only variants score the last (Talat's komi): reports drop it if 0 */
} game_scoring;

/* Evaluation features, for tuning (triad tune), weights files
 * (engine/weights.h) and the players that score positions by them (mcts's
 * eval playouts, the games' own searchers).  NULL: the game has none. */
typedef struct game_tuning {
    int nfeatures;                    /* 1 .. GAME_MAX_FEATURES */
    const char *const *feature_names;
    /* Optional: features from this index on were added after weight files
     * existed; a file without them gives them weight 0, which is what it
     * meant (0: every feature is required). */
    int nfeatures_required;
    /* The features of s from seat's point of view (its share of the
     * outcome is what tuning fits them to). */
    void (*features)(const void *s, int seat, double *out);
    /* Optional: whether tuning samples s: true at the start of a turn the
     * evaluation is meant for, in a game not over.  NULL: every position
     * that is not over.  TZAAR leaves out the placement phase and the
     * second action of a turn. */
    bool (*tune_sample)(const void *s);
    /* Optional: whether a position tune_sample() accepts is quiet, i.e. its
     * result is not already decided by the action at hand (tuning leaves
     * out the others unless told to keep them: their features would
     * separate the outcomes perfectly).  NULL: every one is.  TZAAR: the
     * seat to act cannot capture the last stack of a type of the other. */
    bool (*tune_quiet)(const void *s);
    const char *default_weights;      /* optional: path under data/weights/ */
} game_tuning;

/* Start features for the bias study (triad bias): pre-declared features of
 * a start position, before the first action.  NULL: the study fits the
 * intercept alone. */
typedef struct game_study {
    int nstart_features;              /* 1 .. GAME_MAX_FEATURES */
    const char *const *start_feature_names;
    void (*start_features)(const void *s, double *out);
} game_study;

/* The signatures a game's build must give, kept in its own bench table
 * (the tests check every registered game's: tests/test_bench.c), so that a
 * change to its rules, evaluation or search is seen.  `triad bench --reduce
 * 3` prints the perft and search sums the engine signature is built from,
 * `--reduce 2` the next ones, `--reduce 0` the full depths (pinned only
 * where the suite takes under a second; 0: not checked), and `triad
 * --version` the engine signature.  search 0: no search_nodes hook. */
typedef struct game_bench_pins {
    uint64_t engine;
    uint64_t perft_r3, search_r3;
    uint64_t perft_r2, search_r2;
    uint64_t perft_full, search_full;
} game_bench_pins;

/* Speed and signatures (triad bench, triad perft, the engine signature
 * every record carries: engine/signature.h).  NULL: no perft, no bench, and
 * a signature that is the game's name alone. */
typedef struct game_bench {
    const game_bench_pos *positions;  /* terminated by a NULL name */
    uint64_t (*perft)(void *s, int depth);      /* leaves at depth; s unchanged */
    /* Optional: the same count without making the last ply's actions. */
    uint64_t (*perft_bulk)(void *s, int depth);
    /* Optional: nodes of a fixed-depth search of the game's own searcher
     * from s (for the search signature); NULL when the game has only
     * generic players.  With scratch NULL the call makes its searcher and
     * frees it.  Otherwise *scratch (NULL before a run of calls) may keep
     * the searcher for the next call, and search_scratch_free releases it
     * after the run: the engine signature, which nearly every process
     * computes, then allocates one table for the suite's positions, not
     * one each (TZAAR: a fresh 16 MB table per position was 40% of its
     * cost).  The count must be the same either way. */
    uint64_t (*search_nodes)(void **scratch, const void *s, int depth);
    /* Required when search_nodes stores into *scratch. */
    void (*search_scratch_free)(void *scratch);
    /* Optional: figures of the game's own, each the median of runs timings
     * (Talat: the frozen test's cost per call).  How many it wrote. */
    int (*bench_extra)(int runs, game_bench_figure *out, int max);
    /* For the tests: the signatures this build gives (above).  Required of a
     * registered game with a bench table (tests/test_bench.c). */
    game_bench_pins pins;
} game_bench;

/* A game's drawing for viewers (game_def.view; every member required).
 * SVG fragments in one coordinate system whose viewBox is viewbox.  board()
 * writes what never changes (the board, its coordinates, and the <defs>
 * the pieces refer to); pieces() writes the pieces of s, then last (the
 * action that led to s, or GAME_NO_ACTION) on top, one self-contained
 * element per line, so that a viewer can store a game as the lines that
 * change from one position to the next.  Both return the length written,
 * or -1 when n is too small.  stage() names the stage of the turn of the
 * seat to act in s (not over), "" when the game has none ("capture, stack
 * or pass").  seat_style is CSS giving the classes s0 .. s3 (a seat's
 * lines in the pages' lists) a mark in the seat's colour. */
typedef struct game_view {
    const char *viewbox;
    const char *legend;               /* one line of HTML saying what the marks mean */
    int (*board)(char *out, size_t n);
    int (*pieces)(const void *s, game_action last, char *out, size_t n);
    void (*stage)(const void *s, char *out, size_t n);
    const char *seat_style;
} game_view;

/* Network input features (optional: game_def.nn), for the learned
 * evaluation (engine/nnue.h, docs/network.md).  Every seat has a
 * perspective: the position's features as that seat sees it (TZAAR: each
 * stack as its own or the other's, its type, height and whether it can be
 * captured), numbered 0 .. ninputs-1.  The network sums a learned row per
 * active feature into the seat's accumulator; the changes of an action
 * update it instead of summing again.  Features must mean the same for
 * every seat (the network shares their rows between perspectives), and an
 * image under a symmetry must be a position the rules play alike. */
#define GAME_NN_ACTIVE_MAX 128
typedef struct game_nn_delta {
    int nadd, nremove;
    uint16_t add[GAME_NN_ACTIVE_MAX], remove[GAME_NN_ACTIVE_MAX];
} game_nn_delta;

typedef struct game_nn {
    /* Stored in network files and checked when one is read: a change to
     * what the features mean renames the set ("tzaar-stacks-1"). */
    const char *feature_set;
    int ninputs;                      /* 1 .. 65535 */
    int max_active;                   /* 1 .. GAME_NN_ACTIVE_MAX: most active at once for one seat */
    /* The active features of s for seat persp, in any order, each once:
     * how many (at most max_active). */
    int (*active)(const void *s, int persp, uint16_t *out);
    /* Optional: the changes to persp's active features from before to
     * after, which is before with a applied: removed and added, so that
     * before's set minus remove plus add is after's.  NULL: the difference
     * of the two sets, computed (nn_changes_by_diff). */
    void (*changes)(const void *before, game_action a, const void *after, int persp, game_nn_delta *out);
    /* Optional: whether training takes s (NULL: every position not over;
     * TZAAR leaves out the placement phase, which no search evaluates). */
    bool (*sample)(const void *s);
    /* Optional: training's augmentation.  image(s, k, out) writes s's
     * image under symmetry k (0 .. nsymmetries-1; 0 the identity), a
     * position the rules play alike, with every seat's outcome the same. */
    int nsymmetries;
    void (*image)(const void *s, int k, void *out);
    const char *default_net;          /* optional: net=default's file, under data/nets/ */
} game_nn;

/* The largest state_size a game may have: drivers keep states in arrays of
 * this size on the stack and in records; the registry refuses a bigger one. */
#define GAME_STATE_MAX 2048

/* ---- records in other formats (optional) ----
 * A game's records as another program writes them (TZAAR: LittleGolem's
 * SGF-like records), which `triad records import/export --format NAME`
 * read and write.  The format knows only the game: a game as a transcript
 * (the start, who played each seat, the actions).  The records layer
 * (records/formats.h) gives an imported game its id and its result (by
 * replaying it) and hands a stored game's transcript to export. */
#define GAME_RECORD_ACTIONS_MAX 4096  /* actions in one recorded game (TRID's 200 quiet turns) */
#define GAME_PLAYER_NAME_MAX 128      /* a player's spec or name in a record, NUL included */
typedef struct game_transcript {
    uint64_t id;                      /* export: the record's game id; import: 0 (the records layer numbers them) */
    int setup;                        /* index into setup_names */
    int nplayers;                     /* seats */
    unsigned char start[GAME_STATE_MAX];  /* the start state (state_size bytes; the rest 0) */
    char players[GAME_MAX_PLAYERS][GAME_PLAYER_NAME_MAX]; /* seat s's player: "lg:NAME" */
    int nactions;
    game_action actions[GAME_RECORD_ACTIONS_MAX];
} game_transcript;
/* Takes an imported game; non-zero stops the import. */
typedef int (*game_transcript_fn)(void *ctx, const game_transcript *t);

typedef struct game_format {
    const char *name;                 /* --format NAME: "littlegolem" */
    const char *help;                 /* one line for --help: "LittleGolem's TZAAR records (SGF-like)" */
    /* Hands every game in text, the len bytes of the file called file (for
     * messages; text[len] is 0, and a NUL byte before it is the file's own,
     * refused as a control character), to sink in order, each checked
     * legal.  The number of games, or -1 with one line in err ("FILE: game
     * 3: turn 7: ..."). */
    int (*import_text)(const game_def *g, const char *text, size_t len, const char *file, game_transcript_fn sink,
                       void *ctx, char *err, size_t n);
    /* Appends t in the format to out (TZAAR: one line); 0, or -1 with a
     * message when the format cannot hold t. */
    int (*export_game)(const game_def *g, const game_transcript *t, buf *out, char *err, size_t n);
} game_format;

/* Records format 1 (docs/records.md, "Format 1"): the records layer's first
 * format named no game, and its files hold this game's records (TZAAR's;
 * at most one game has this sub-table).  The records layer reads the frame
 * (header, ids, seeds, players); decode_game reads what follows a game's
 * players: its start, stored as start_mode says (0 derived from setup,
 * setup_seed and swapped, the second game of a pair; 1 the game's packing;
 * 2 text), and its actions, which it replays, checking each and the stored
 * result.  0, or -1 with one line in err ("action 3: illegal action"). */
typedef struct game_v1_game {
    int start_mode, setup;            /* in */
    uint64_t setup_seed;
    bool swapped;
    void *start;                      /* out: state_size bytes */
    game_action *actions;             /* out: at most max_actions */
    int max_actions;
    int nactions, turns, ending;      /* out */
    double scores[GAME_MAX_PLAYERS];
} game_v1_game;
typedef struct game_records_v1 {
    int (*decode_game)(const game_def *g, cursor *in, game_v1_game *out, char *err, size_t n);
} game_records_v1;

/* ---- parameters: a game's rule variants (optional) ----
 * A game may take parameters, named in a game spec the way a player's
 * options are: "tzaar:first=full,pie=1" (--game, records headers, the
 * engine protocol's `game`, libtriad's and Python's load_game).  Each has
 * the rulebook's value as its default and its allowed values: a list of
 * words, or a range of integers.  The canonical spec sorts the keys and
 * leaves the defaults out, so "tzaar:first=capture" is "tzaar", the
 * registered game itself.  Any other spec is a variant: game_find() gives a
 * game_def of its own, the game's copied with name set to the canonical
 * spec, base to the registered game and param_values to its values, the
 * same pointer for every call with that spec; so records, dedup, merge,
 * --resume and bias tell variants apart exactly as they tell games apart,
 * and every hook stays a function of the state alone: the game's
 * set_params() hook puts what the variant changes into the state (TZAAR:
 * the phase of its first turn; a rules field of the game's own) when a
 * state is set up, parsed or decoded, through game_setup(),
 * game_from_text() and game_decode_start(), which every driver calls
 * instead of the hooks themselves.  Adding a parameter to a game: a row in
 * its table and a case in its set_params (docs/architecture.md, "Adding a
 * parameter"). */
#define GAME_PARAMS_MAX 8     /* parameters of one game */
#define GAME_SPEC_MAX 64      /* a canonical game spec, NUL included ("tzaar:first=full,pie=1") */
typedef struct game_param {
    const char *name;                 /* the key: a lowercase letter, then lowercase letters, digits or '_' */
    const char *help;                 /* one line for `triad help games` */
    const char *dflt;                 /* the rulebook's value: one of values, or a number in min..max */
    const char *const *values;        /* the words allowed, NULL-terminated; NULL: a number min..max */
    long min, max;                    /* a number's range, in units of 1/scale */
    int scale;                        /* a number in steps of 1/scale, as a decimal (komi 2: "1.5" is 3); 0, 1: whole */
} game_param;

/* A game.  MANDATORY (the registry refuses a game without them):
 *   name, title, rules_version, min_players <= max_players (1 ..
 *   GAME_MAX_PLAYERS), 0 < state_size <= GAME_STATE_MAX, max_actions > 0,
 *   setup_names (at least one), setup, permute, players, to_act, legal,
 *   apply, over, outcome, score_max > 0, rank, ending_names, ending, turns,
 *   to_text, from_text, action_to_text, action_from_text.
 * Checked when given: default_players within the range, default_setup one
 * of setup_names, every optional sub-table complete (game_check()).
 * OPTIONAL: init, default_players, default_setup, score_denominator,
 *   actions_left, seat_names, board_text, default_player, player_kinds,
 *   params with set_params (both or neither), and the sub-tables codec,
 *   scoring, tuning, study, bench, solver, formats, records_v1, nn and the
 *   drawing (view). */
struct game_def {
    const char *name;                 /* "tzaar": --game NAME */
    const char *title;                /* "TZAAR (Kris Burm, 2008)" */
    const char *rules_version;        /* the rules page's version, stored in records */
    bool testing_only;                /* a toy game for the test suite: listed apart */
    int min_players, max_players;
    int default_players;              /* optional: 0 means min_players (game_default_players) */
    size_t state_size;                /* at most GAME_STATE_MAX */
    int max_actions;                  /* bound on legal() of any state */

    /* Optional: called once by the registry before the game is used.  0, or -1. */
    int (*init)(char *err, size_t n);

    /* ---- starting a game ---- */
    const char *const *setup_names;   /* NULL-terminated; the bias study's kinds */
    /* Optional: what every command starts from when not told; NULL:
     * setup_names[0] (game_default_setup). */
    const char *default_setup;
    /* A setup by name for the given number of players; seed drives random
     * setups (ignored by fixed ones).  0, or -1 with a message. */
    int (*setup)(void *s, const char *setup, int players, uint64_t seed, char *err, size_t n);
    /* Moves every seat k's pieces, points and turn to seat perm[k] (a
     * permutation of 0..players-1): the same start played with the seats
     * rotated.  Applying perm then its inverse gives back the state. */
    void (*permute)(void *s, const int perm[GAME_MAX_PLAYERS]);

    /* ---- playing ---- */
    int (*players)(const void *s);
    int (*to_act)(const void *s);     /* the seat to act; -1 once over */
    int (*legal)(const void *s, game_action *out); /* ascending; 0 once over */
    void (*apply)(void *s, game_action a);         /* a must be legal */
    bool (*over)(const void *s);

    /* ---- results (once over) ---- */
    /* Every seat's score: TZAAR 1 for the winner, 0 for the loser; Talat
     * points.  score_max: the most one seat can score (1 for win/loss),
     * so that a score share is comparable across games. */
    void (*outcome)(const void *s, double scores[GAME_MAX_PLAYERS]);
    double score_max;
    /* Scores are multiples of 1 / score_denominator (0 means 2: halves),
     * which is how records store them exactly: TRID's draw among 3 or 4
     * survivors scores 1/3 or 1/4 each, so its denominator is 12. */
    int score_denominator;
    /* Final ranks, 0 = first; seats that tie share a rank (the game's own
     * tie-breaks applied first).  Consistent with outcome(): a higher score
     * never ranks below a lower one. */
    void (*rank)(const void *s, int ranks[GAME_MAX_PLAYERS]);
    const char *const *ending_names;  /* NULL-terminated; index 0 = "none" (not over) */
    int (*ending)(const void *s);     /* index into ending_names */
    int (*turns)(const void *s);      /* turns played so far (the game's own count) */
    /* Optional, for time management (engine/timeman.h): the actions the
     * seat to act in s (not over) expects to take still, this one included.
     * NULL: a default horizon that shrinks with turns(). */
    double (*actions_left)(const void *s);
    /* Optional: names of the seats ("White", "Black"); NULL: "seat 0",
     * "seat 1", ... (game_seat_name) */
    const char *const *seat_names;

    /* ---- text ---- */
    int (*to_text)(const void *s, char *out, size_t n);                    /* length, or -1 */
    int (*from_text)(void *s, const char *text, char *err, size_t n);
    void (*action_to_text)(const void *s, game_action a, char *out, size_t n);
    /* Parses and checks legality in s. */
    int (*action_from_text)(const void *s, const char *text, game_action *a, char *err, size_t n);
    /* Optional: the position drawn as text lines, for a terminal (show,
     * play).  Length written, or -1 when n is too small. */
    int (*board_text)(const void *s, char *out, size_t n);
    /* Optional: a key that s shares with exactly its images under the
     * game's symmetries (TZAAR: the board's 12, and the colour swap where
     * the rules treat the colours alike), so positions group into classes
     * (legal --classes: a fixed setup's openings).  NULL: none. */
    uint64_t (*symmetry_key)(const void *s);

    /* ---- parameters (optional: "parameters" above) ---- */
    const game_param *params;         /* terminated by an entry whose name is NULL */
    /* Required with params: gives s the variant's rules.  values[i] is
     * params[i]'s value: a word's index in its values, or the integer.
     * start: setup() has just dealt s (or s is a bench position, which is
     * written for the rulebook): make it the variant's start (TZAAR: White's
     * single-capture opening becomes the variant's first turn).  Otherwise
     * s was parsed or decoded: check that it is a position of the variant,
     * and fill in what the text does not say.  Idempotent; for the rulebook
     * (every value the default) it must leave every byte of a state it
     * accepts as it was.  0, or -1 with one line in err. */
    int (*set_params)(void *s, const long *values, bool start, char *err, size_t n);
    /* Set in a variant only (game_find): the registered game it is a
     * variant of, and its values (params' order).  NULL in a registered
     * game, whose values are the defaults. */
    const game_def *base;
    const long *param_values;

    /* ---- players the game adds to the generic ones ---- */
    const game_player_kind *const *player_kinds; /* optional: NULL-terminated */
    const char *default_player;       /* optional: analyse's and the engine's; NULL: "mcts" */

    /* ---- optional capabilities (sub-tables above; NULL: none) ---- */
    const game_codec_hooks *codec;    /* records codec */
    const game_scoring *scoring;      /* score parts */
    const game_tuning *tuning;        /* evaluation features */
    const game_study *study;          /* the bias study's start features */
    const game_bench *bench;          /* perft, bench positions, search signature */
    const game_solver *solver;        /* an exact endgame solver (triad solve) */
    const game_format *const *formats; /* other programs' records formats: NULL-terminated, each complete */
    const game_records_v1 *records_v1; /* reading records format 1 (TZAAR's) */
    const game_nn *nn;                /* network input features (engine/nnue.h) */

    /* ---- drawing, for viewers (view/): optional, all or nothing ---- */
    const struct game_view *view;     /* NULL: the game has no drawing */
};

/* ---- registration ----
 * A game registers itself with one line at file scope in a .c file of its
 * own folder (engine/FOLDER/), beginning at the line's first column:
 *
 *     GAME_REGISTER(50, game_connect4);
 *
 * The build (the Makefile, engine/games.sh) finds these lines and writes the
 * registry's list, build/games.c, so that adding a game edits no file
 * outside its folder.  ORDER, a whole number, is the game's place in
 * game_list() and so in every listing (help, --version, "unknown game"),
 * ties by name: TZAAR 10, Talat 20, TRID 30, race3 40; a new game takes
 * one above.  The line itself only declares the game_def. */
#define GAME_REGISTER(order, def) extern const game_def def

/* The game a spec names (initialised): a registered game's name, or
 * "NAME:KEY=VALUE,..." for one with parameters (engine/params.c): the
 * registered game when every value is the default, else the variant.  NULL
 * with one line in err: an unknown game (which names exist), or an unknown
 * parameter or value (which exist). */
const game_def *game_find(const char *spec, char *err, size_t n);
/* The registered game called name (no parameters), or NULL (err says which
 * names exist): the registry's own look-up, which game_find() starts from. */
const game_def *game_find_registered(const char *name, char *err, size_t n);
/* Every registered game, initialised, in a fixed order; NULL-terminated. */
const game_def *const *game_list(void);

/* The contract check the registry runs on every game before its init():
 * 0, or -1 with one line naming the game and what is missing or wrong. */
int game_check(const game_def *g, char *err, size_t n);
/* What the registry does with a list of candidate games (exposed for the
 * tests): checks each (the hooks and the state limit), runs init() on those
 * that pass, checks again what init() filled in (names), and writes into
 * ready (NULL-terminated, at most count + 1 entries) those that passed both;
 * failed[i] gets the reason games[i] was refused, or "". */
#define GAME_REFUSAL_MAX 200
void game_registry_build(const game_def *const *games, size_t count, const game_def **ready,
                         char (*failed)[GAME_REFUSAL_MAX]);

/* Parameters and variants: game_base, game_setup, ... (engine/params.h). */
#include "engine/params.h"

/* The defaults a command uses when not told, one meaning each. */
/* The game every command plays without --game: the first of game_list()
 * that is not testing_only (the lowest ORDER: TZAAR); NULL when none is. */
const game_def *game_default(void);
int game_default_players(const game_def *g);          /* default_players, else min_players */
const char *game_default_setup(const game_def *g);    /* default_setup, else setup_names[0] */
const char *game_default_player(const game_def *g);   /* default_player, else "mcts" */
/* Seat seat's name: seat_names[seat], else "seat K" written into name. */
const char *game_seat_name(const game_def *g, int seat, char name[16]);
/* The game's capabilities as words ("codec tuning study bench solver
 * drawing board players timing formats"), for triad help: length written. */
int game_capabilities(const game_def *g, char *out, size_t n);

#endif
