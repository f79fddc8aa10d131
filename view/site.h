/* site.h — `triad view`: games from records files as a static web site.
 *
 * The site opens from file:// with no server and no network: index.html
 * (the games table, from index-data.js), viewer.html (one page for every
 * game: the board drawn by the game's own SVG renderer, game.h) and
 * games/K.js, scripts holding VIEW_CHUNK games each: every game's actions,
 * the position string after every ply and the SVG of its pieces as the
 * lines that change from ply to ply.  Layout and sizes: docs/viewer.md. */
#ifndef TRIAD_VIEW_SITE_H
#define TRIAD_VIEW_SITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"
#include "core/buf.h"
#include "select.h"
#include "records/dedup.h"

/* Games per data file: few files to write and copy, and still a small
 * script to load for one game (about 12 KB a game). */
#define VIEW_CHUNK 32

typedef struct view_opts {
    const game_def *game;
    const char *dir;             /* the site's folder */
    const selection *select;
    uint64_t limit;              /* at most this many games; 0: all */
    bool force;                  /* write into a folder that already has files */
    void (*warn)(const char *);  /* damaged blocks, reported as they are met */
    /* Optional, besides select: keep a game only when want() says so; file
     * is its file's index, seq its place among the file's intact games. */
    bool (*want)(void *ctx, int file, uint64_t seq, const rec_game *g);
    void *want_ctx;
    /* Optional: receives the number of selected games dropped as read
     * before (the same game in two files, or twice in one: records/dedup.h);
     * a game is shown once. */
    uint64_t *duplicates;
} view_opts;

/* What view_write_site did besides its return value. */
typedef struct view_result {
    uint64_t games; /* games written */
    bool damaged;   /* a damaged block was skipped (o->warn saw it): the site lacks its games */
    bool refused;   /* after -1: bad input (a records file that cannot be opened or holds another
                     * game's run, a folder with files and no force, a folder with more than a site
                     * in it), not a failed write */
    int signal;     /* after -1: the signal that stopped it (fio_stop_requested(), when the caller
                     * asked for that with fio_stop_begin()), 0 if none */
} view_result;

/* Writes the site for the selected games of files.  The inputs and the
 * folder are checked before anything is made; the site is built in a
 * temporary folder beside o->dir (DIR.tmp-XXXXXX) and put in place whole,
 * replacing (with force) a folder that holds a site and nothing else; a
 * link in the old folder is never followed, and nothing of a failed run is
 * left (core/dirs.h; a kill -9 leaves its temporary folder, which the
 * next run into o->dir removes).  Returns 0 (res->damaged: with blocks
 * skipped), or -1 with one line in err (res->refused, res->signal say
 * why); res holds the games written either way. */
int view_write_site(const view_opts *o, const char *const *files, int nfiles, view_result *res, char *err,
                    size_t n);

/* Appends game g's data, as game number index of the site, to b: one
 * statement "triadGame({...});" (docs/viewer.md).  0, or -1 with a message
 * in err. */
int view_game_data(const game_def *game, const rec_game *g, uint64_t index, buf *b, char *err, size_t n);

/* What the pages call things, from the game's tables alone: a seat's name
 * (game_def.seat_names, else "seat N"), a setup's name ("?" out of range),
 * an ending's name ("unfinished" for 0), and a game's result as its scores
 * in seat order ("1-0", "23-17-12"; "*" unfinished). */
const char *view_seat_name(const game_def *game, int seat, char name[16]);
const char *view_setup_name(const game_def *game, int setup);
const char *view_ending_name(const game_def *game, int ending);
void view_result_text(const rec_game *g, int players, buf *b);

/* Static files of the site (view/assets.c, generated from view/assets/). */
extern const char view_style_css[], view_index_js[], view_viewer_js[];

#endif
