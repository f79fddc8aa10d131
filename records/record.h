/* record.h — triad's game records: a library for writing and reading them
 * (records/, the layer below self-play, evaluation and the viewer, which
 * knows games only through engine/game.h).
 *
 * A records file holds the games of one run (self-play, an import or a merge
 * of shards).  It is a header block followed by game blocks; every block is
 * compressed with zlib and checksummed on its own, and written whole with
 * one write() and an fsync(), so a killed writer loses only the block it had
 * not yet written.  The byte layout is in docs/records.md.
 *
 * Ownership is explicit and zlib-like: rec_writer_open() and
 * rec_reader_open() allocate a handle the caller frees with the matching
 * close; every other call borrows it.  Handles are not thread-safe: a
 * multi-threaded writer serialises its calls (selfplay/run.c does). */
#ifndef TRIAD_RECORD_H
#define TRIAD_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

#define REC_FORMAT_VERSION 2  /* what the writer writes; readers take 1 and 2 */
#define REC_SPEC_MAX GAME_PLAYER_NAME_MAX       /* a player spec, NUL included (128) */
#define REC_MAX_ACTIONS GAME_RECORD_ACTIONS_MAX /* long games (TRID's 200 quiet turns: 4096) */
#define REC_REPLICATES_MAX 1000

/* Where a file's games came from. */
enum { REC_SOURCE_SELFPLAY = 0, REC_SOURCE_IMPORT = 1 };
/* What a rotation moves (rec_run.rotate): the start's pieces (the start is
 * permuted by s -> (s + r) mod N), the players (the player listed j sits in
 * seat (j + r) mod N), or both (v1's --paired: each player keeps its
 * arrangement). */
enum { REC_ROTATE_PIECES = 1, REC_ROTATE_PLAYERS = 2 };

/* The run parameters a file's header holds.  Two files belong to one run
 * when they agree on everything but the shard. */
typedef struct rec_run {
    int source;                       /* REC_SOURCE_* */
    const game_def *game;             /* resolved from the stored name */
    char rules_version[32];           /* as stored (v1 files: the game's current one) */
    int players;                      /* seats */
    uint64_t games;                   /* ids 0 .. games-1 (0 for an import: open-ended) */
    uint64_t seed;
    int setup;                        /* index into game->setup_names */
    int rotations;                    /* colour or seat assignments per setup: 1 (none) .. players */
    int replicates;                   /* games per assignment, with other game seeds: 1 .. REC_REPLICATES_MAX */
    int score_scale;                  /* scores are stored as score x score_scale: 2 (halves), or the game's denominator */
    int rotate;                       /* REC_ROTATE_* bits */
    uint32_t shard, shards;           /* setups k with k % shards == shard; 0/1 = all */
    char specs[GAME_MAX_PLAYERS][REC_SPEC_MAX]; /* canonical spec per listed player */
    uint64_t engine_sig;              /* engine/signature.h; 0 in v1 files (unknown) */
    /* Starts from a list of positions (match --positions FILE) instead of
     * the setup's: setup index k starts from position k mod npositions.
     * The header keeps the count and a checksum (FNV-1a of the position
     * strings, each with its newline), not the positions: a game's start is
     * stored with it.  0: the setup's own starts. */
    uint64_t npositions, positions_sum;
    const unsigned char *positions;   /* npositions states for the players; never stored */
} rec_run;

/* One game (big: allocate it on the heap, never on a thread's stack). */
typedef struct rec_game {
    uint64_t id, seed;                /* seed: the players'; 0 for an imported game */
    int setup;                        /* index into setup_names */
    int rotation;                     /* 0 .. rotations-1 */
    unsigned char start[GAME_STATE_MAX];   /* the start state (game->state_size bytes) */
    char specs[GAME_MAX_PLAYERS][REC_SPEC_MAX]; /* spec of the player in seat s */
    double scores[GAME_MAX_PLAYERS];  /* per seat; all 0 and ending 0 when unfinished */
    /* per seat, the final rank by the game's rules (game_def.rank: its
     * tie-breaks applied; 0 = first, tied seats share); filled by the
     * reader and the players, not stored (the replay gives it); all 0
     * when unfinished */
    int ranks[GAME_MAX_PLAYERS];
    int ending, turns, nactions;      /* ending: index into the game's ending_names */
    /* A game lost by forfeit (an external engine's illegal action, crash,
     * timeout or protocol error): the reason (GAME_FORFEIT_*, 0 for a game
     * played to its end), the seat that was to act, and what happened.
     * The actions end there (the position it failed in is the replay's),
     * ending is 0 and the scores are rec_forfeit_scores(). */
    int forfeit, forfeit_seat;
    char forfeit_text[GAME_FORFEIT_TEXT_MAX];
    int overruns[GAME_MAX_PLAYERS];   /* per seat: answers late but within the time margin */
    game_action actions[REC_MAX_ACTIONS];
} rec_game;

/* A run of game g between players, with no rotation, one shard and no
 * engine signature yet (0): the fields every writer fills before its own
 * (source, games, seed, setup, specs, ...).  It computes nothing. */
void rec_run_init(rec_run *run, const game_def *g, int players);
/* Gives the run this triad's engine signature for its game
 * (engine/signature.h: the game's perft and search suite, run once per
 * process, a fraction of a second).  Called once, where a command opens a
 * run it writes (cli_run_selfplay, records import), so that the work is
 * seen there.  0, or -1 with one line in err when it cannot be computed. */
int rec_run_sign(rec_run *run, char *err, size_t n);

/* Game ids: id = (k * replicates + j) * rotations + r for setup k,
 * replicate j, rotation r (docs/records.md), so a setup's games are
 * consecutive and a pair's two games stay 2m and 2m + 1.
 * rec_games_per_setup() is rotations x replicates. */
uint64_t rec_games_per_setup(const rec_run *run);
int rec_replicate(const rec_run *run, uint64_t id);
/* The derived seeds (docs/records.md): the setup index of game id, the seed
 * of its random setup or placement, and the game's own seed. */
uint64_t rec_setup_index(const rec_run *run, uint64_t id);
uint64_t rec_setup_seed(const rec_run *run, uint64_t k);
uint64_t rec_game_seed(const rec_run *run, uint64_t id);
/* True when game id belongs to the run's shard. */
bool rec_in_shard(const rec_run *run, uint64_t id);
/* The number of game ids a complete file of the run holds: those of its
 * shard (all of them for a whole run or a merge); 0 for an import. */
uint64_t rec_run_shard_games(const rec_run *run);

/* The seat that ranks alone first, or -1 (unfinished, or a shared first):
 * in TZAAR, 0 (White) or 1 (Black).  By g->ranks, the game's own tie-breaks. */
int rec_game_winner(const rec_game *g);
/* Fills g->ranks from the final state s (game over) by the game's rank(),
 * or, for a game without one, from the scores; a forfeit's from its scores;
 * all 0 when not over. */
void rec_game_set_ranks(const game_def *gd, const void *s, rec_game *g);
/* The same from the scores alone (win/loss records: format 1, imports). */
void rec_game_ranks_from_scores(rec_game *g, int players);
/* Seat's rank in g: g->ranks[seat] when the ranks agree with the scores
 * (a higher score never ranks below), else the seats that scored more
 * (a game whose ranks were not filled in). */
int rec_game_rank(const rec_game *g, int players, int seat);

/* The scores of a game that seat forfeited: 0 for it, and for every other
 * seat the game's score_max shared among them (TZAAR 1, TRID with 3 seats
 * 1/2 each), rounded down to the run's score grid (1/score_scale). */
void rec_forfeit_scores(const rec_run *run, int seat, double scores[GAME_MAX_PLAYERS]);

/* Fills scores, ending and turns by replaying g's actions from g->start.
 * Returns 0, or -1 with a message in err when an action is illegal. */
int rec_game_replay(const game_def *gd, rec_game *g, char *err, size_t n);

/* Writes into msg the first parameter in which a and b differ, as the
 * command-line option that sets it ("--seed 7 in AN, 5 in BN" where an and
 * bn name the two), and returns 1; returns 0 when they are one run.  The
 * shard is compared only with REC_DIFF_SHARD in flags, the run's length
 * (--games) only with REC_DIFF_GAMES: game i is the same game whatever the
 * length, so runs that differ only in it hold the same games (a merge
 * joins them, --resume grows a run).  Player specs are compared in
 * canonical form, so a spec stored by an older triad, or typed with
 * defaults or in another key order, is the same player.  The engine
 * signature is not compared here (callers say it in their own words). */
enum { REC_DIFF_SHARD = 1, REC_DIFF_GAMES = 2 };
int rec_run_diff(const rec_run *a, const rec_run *b, int flags, const char *an, const char *bn,
                 char *msg, size_t n);
/* The name of a run's setup ("random"). */
const char *rec_setup_name(const rec_run *run, int setup);
/* What a game of run started from, for people and tables: "positions" for a
 * run from a start list (--positions; the setup index then only numbers the
 * starts), else rec_setup_name(). */
const char *rec_start_name(const rec_run *run, int setup);

/* ---- writing ---- */
typedef struct rec_writer rec_writer;

enum {
    REC_CREATE = 0,   /* fail if the file exists */
    REC_OVERWRITE = 1,
    REC_APPEND = 2    /* keep the first keep_bytes (a header and whole blocks) */
};

/* Every writer holds an exclusive lock on its file for as long as it
 * writes (core/fileio.h: flock, dropped by the kernel when the process
 * dies); readers take none.  rec_open_locked() opens path for writing
 * (created if missing; REC_CREATE: only if missing) and locks it, without
 * changing a byte: a file another writer holds is refused with "PATH is
 * being written by another triad process (pid N)".  Returns the descriptor,
 * or -1 with a message in err. */
int rec_open_locked(const char *path, int mode, char *err, size_t n);
/* True when fd's file is only the beginning of a marker and header block,
 * empty included: what a writer killed before its first write completed
 * leaves.  --resume starts such a file afresh. */
bool rec_header_incomplete(int fd);

/* Replaces the header of the records file path (open and locked on fd) by
 * run's, keeping its first keep bytes of games blocks: how --resume grows a
 * run (a larger --games: the games already played are the same games).
 * The new file is written beside path, locked, fsynced and renamed into
 * place, so path is the old file or the new one, never a mix; fd is closed
 * and the new file's descriptor (locked) returned, with its size of intact
 * content in *new_keep.  -1 with a message in err (fd then stays open). */
int rec_rewrite_header(int fd, const char *path, const rec_run *run, uint64_t keep, uint64_t *new_keep, char *err,
                       size_t n);

/* Opens and locks path as rec_open_locked() does, cuts it to keep_bytes
 * when appending (a header and whole blocks; 0 for an empty file) or to
 * nothing otherwise, and writes the header block unless it keeps one.
 * block_games is the number of games after which a block is written (0:
 * the default, 1024).  Returns NULL with a message in err. */
rec_writer *rec_writer_open(const char *path, const rec_run *run, int mode, uint64_t keep_bytes,
                            int block_games, char *err, size_t n);
/* The same on a descriptor from rec_open_locked(), which the writer takes
 * over (and closes, on failure too); path names it in messages. */
rec_writer *rec_writer_open_fd(int fd, const char *path, const rec_run *run, int mode, uint64_t keep_bytes,
                               int block_games, char *err, size_t n);
/* Adds a game (copied); writes a block when block_games are pending.
 * Returns 0, or -1 (see rec_writer_error). */
int rec_writer_append(rec_writer *w, const rec_game *g);
/* Writes the pending games, if any, as one block: write + fsync. */
int rec_writer_flush(rec_writer *w);
int rec_writer_pending(const rec_writer *w);
const char *rec_writer_error(const rec_writer *w);
/* Flushes, closes and frees; returns -1 if the flush or close failed (the
 * message goes to err). */
int rec_writer_close(rec_writer *w, char *err, size_t n);

/* ---- reading ---- */
typedef struct rec_reader rec_reader;

enum { REC_END = 0, REC_GAME = 1, REC_BAD = -1 };

/* Opens a records file and reads its header.  NULL with a message in err
 * when the file is missing, unreadable or not a records file. */
rec_reader *rec_reader_open(const char *path, char *err, size_t n);
/* True when path is a regular file that begins with a records file's
 * magic (any format): a file nothing but a records writer may append to.
 * Never blocks (a FIFO is not opened). */
bool rec_file_is_records(const char *path);
/* The run of the game rec_reader_next() returned last.  A file that is a
 * concatenation of records files (`cat a.trd b.trd`) holds several runs:
 * the reader meets each run's magic and header and decodes the games after
 * it under that header, and rec_reader_runs() counts the headers read so far
 * (1 after open).  A damaged header of a later run is reported, and so is
 * every games block after it, up to the next intact header: such games are
 * never served under another run's header. */
const rec_run *rec_reader_run(const rec_reader *r);
int rec_reader_runs(const rec_reader *r);
/* The format version (1 or 2) of the current run's header. */
int rec_reader_version(const rec_reader *r);
/* REC_GAME with the next game in *g; REC_END; or REC_BAD when a block is
 * torn, fails its checksum or holds a bad game: rec_reader_error() says
 * which, and the next call goes on with the next intact block. */
int rec_reader_next(rec_reader *r, rec_game *g);
const char *rec_reader_error(const rec_reader *r);
/* The offset just past the last intact block read so far, and whether a bad
 * block was met before it (so that truncating there would lose games). */
uint64_t rec_reader_good_end(const rec_reader *r);
bool rec_reader_bad_before_good(const rec_reader *r);
uint64_t rec_reader_file_size(const rec_reader *r);
void rec_reader_close(rec_reader *r);

#endif
