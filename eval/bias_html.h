/* bias_html.h — the bias study as a web page: `triad bias --html DIR`.
 *
 * DIR/index.html holds the study's tables for any number of seats and for
 * points (every seat's share, by turn order, the rotation groups), its
 * charts inline (the SVGs of bias_write_plots(), drawn by gnuplot into
 * DIR/plots), and a table of the most one-sided setups of rotated runs (the
 * same arrangement first alone in every game of a rotation group; TZAAR's
 * pairs are groups of 2), the quickest first, each linked to its games in
 * a `triad view` site written into DIR/games.  DIR/one-sided-ids.txt gives
 * them as --select expressions for `triad view`. */
#ifndef TRIAD_BIAS_HTML_H
#define TRIAD_BIAS_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include "bias.h"

#define BIAS_HTML_ONE_SIDED 50 /* setups listed */

/* True when the web page can show r: a game the viewer can draw
 * (game_def.view).  Otherwise why says so in one line. */
bool bias_html_applies(const bias_result *r, char *why, size_t n);

/* 0 when DIR is missing or empty, or, with force, a folder holding a page
 * and nothing else (index.html, one-sided-ids.txt, plots/, games/), which
 * --force replaces whole; else -1 with a message in err (so that `triad
 * bias` can refuse before the analysis runs). */
int bias_html_check(const char *dir, bool force, char *err, size_t n);

/* files are the records r was computed from.  The page is built in a
 * folder beside DIR (DIR.tmp-XXXXXX, core/dirs.h) and put in place whole:
 * a failure part-way (gnuplot missing, a full disk) leaves DIR as it was
 * and nothing of the attempt, so the rerun is not refused.  Refuses what
 * bias_html_check() refuses.  0, or -1 with a message in err. */
int bias_write_html(const bias_result *r, const char *const *files, int nfiles, const char *dir, bool force,
                    char *err, size_t n);

/* The page's files written into the folder dir (eval/bias_html.c): the
 * part of bias_write_html() that knows what a page holds.  0, or -1. */
int bias_html_write_page(const bias_result *r, const char *const *files, int nfiles, const char *dir, char *err,
                         size_t n);

#endif
