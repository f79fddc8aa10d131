/* plot.h — running gnuplot on a script written into an output folder.
 * The script and its data files stay there, so a researcher can restyle a
 * chart and re-run gnuplot by hand. */
#ifndef TRIAD_PLOT_H
#define TRIAD_PLOT_H

#include <stddef.h>
#include <stdio.h>

/* Creates dir (one level) if missing.  0, or -1 with a message. */
int plot_mkdir(const char *dir, char *err, size_t n);
/* Opens dir/name for writing; NULL with a message. */
FILE *plot_open(const char *dir, const char *name, char *err, size_t n);
/* Runs `gnuplot script` inside dir.  0, or -1 with a message. */
int plot_run(const char *dir, const char *script, char *err, size_t n);

#endif
