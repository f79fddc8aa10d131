/* record.h — triad's game records: a library for writing and reading them.
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
#include "games/tzaar/position.h"

#define REC_FORMAT_VERSION 1
#define REC_SPEC_MAX 128     /* a player spec, NUL included */
#define REC_MAX_ACTIONS 256  /* 60 placements + at most ~61 turns of 2 actions */

/* Where a file's games came from. */
enum { REC_SOURCE_SELFPLAY = 0, REC_SOURCE_IMPORT = 1 };

/* The run parameters a file's header holds.  Two files belong to one run
 * when they agree on everything but the shard. */
typedef struct rec_run {
    int source;              /* REC_SOURCE_* */
    uint64_t games;          /* ids 0 .. games-1 (0 for an import: open-ended) */
    uint64_t seed;
    int setup;               /* SETUP_* */
    bool paired;             /* ids 2k and 2k+1 share setup k, colours exchanged */
    uint32_t shard, shards;  /* setups k with k % shards == shard; 0/1 = all */
    char white[REC_SPEC_MAX], black[REC_SPEC_MAX];
} rec_run;

/* One game.  Actions index j of actions[] (placements included). */
typedef struct rec_game {
    uint64_t id;
    uint64_t seed;           /* players' seed; 0 for an imported game */
    int setup;               /* SETUP_* */
    bool swapped;            /* the second game of a pair: setup recoloured */
    position start;
    char white[REC_SPEC_MAX], black[REC_SPEC_MAX];
    int winner;              /* WHITE, BLACK, or -1: unfinished (imports only) */
    int ending;              /* END_TRINITY, END_NO_CAPTURE, END_NONE if unfinished */
    int turns;               /* White's single-capture opening counts as one */
    int nactions;
    action actions[REC_MAX_ACTIONS];
} rec_game;

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
/* Exchanges the colours of every piece; White still moves first. */
void rec_recolour(position *p);

/* Fills winner, ending and turns by replaying g's actions from g->start.
 * Returns 0, or -1 with a message in err when an action is illegal. */
int rec_game_replay(rec_game *g, char *err, size_t n);

/* Writes into msg the first parameter in which a and b differ, as the
 * command-line option that sets it ("--seed 7 in AN, 5 in BN" where an and
 * bn name the two), and returns 1; returns 0 when they are one run.  The
 * shard is compared only when with_shard is set.  Player specs are compared
 * in canonical form (player_canonical), so a spec stored by an older triad,
 * or typed with defaults or in another key order, is the same player. */
int rec_run_diff(const rec_run *a, const rec_run *b, bool with_shard, const char *an, const char *bn,
                 char *msg, size_t n);

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
/* The run of the game rec_reader_next() returned last.  A file that is a
 * concatenation of records files (`cat a.trd b.trd`) holds several runs:
 * the reader meets each run's magic and header and decodes the games after
 * it under that header, and rec_reader_runs() counts the headers read so far
 * (1 after open).  A damaged header of a later run is reported, and so is
 * every games block after it, up to the next intact header: such games are
 * never served under another run's header. */
const rec_run *rec_reader_run(const rec_reader *r);
int rec_reader_runs(const rec_reader *r);
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
