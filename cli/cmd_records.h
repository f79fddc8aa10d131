/* cmd_records.h — what the parts of `triad records` share (cmd_records.c:
 * the dispatcher, cat and verify; cmd_records_stats.c: stats;
 * cmd_records_write.c: the subcommands that write; cmd_records_export.c;
 * cmd_records_positions.c; cmd_records_out.c: where export and positions
 * write). */
#ifndef TRIAD_CMD_RECORDS_H
#define TRIAD_CMD_RECORDS_H

#include <stdbool.h>
#include <stdio.h>
#include "core/fileio.h"
#include "opts.h"
#include "records/record.h"

#define MAX_FILES 4096
/* merge and verify: the files are intact but games of the run are missing
 * (so a Slurm afterok chain stops), unless --allow-incomplete. */
#define EXIT_INCOMPLETE 3

/* Parses the options and file operands of a subcommand; 0 to go on, -1
 * after --help, else the exit status. */
int parse(const cmd_spec *c, int argc, char **argv, const char **files, int *nfiles, bool need_files);
/* Opens a file for reading, reporting failure as bad input. */
rec_reader *open_or_say(const char *cmd, const char *path);
/* The next game, reporting bad blocks (and counting them in *bad). */
int next_game(const char *cmd, const char *path, rec_reader *r, rec_game *g, int *bad);

/* The text output of export and positions (cmd_records_out.c): stdout, or
 * OUT (path, not NULL) written whole.  records_out_begin checks --force and
 * that OUT is none of files, and opens o->f to write to; 0, or the exit
 * status after the error line (nothing to end then).  records_out_end,
 * given the writer's exit status rc and its count of bad blocks, puts OUT
 * in place when both are 0, else leaves OUT as it was, saying
 * "OUT not written: <bad_input> is bad" when only bad is set; on stdout
 * bad makes the exit status 1.  Returns the exit status. */
typedef struct records_out {
    const char *path; /* NULL: stdout */
    fio_out tmp;
    FILE *f;
} records_out;
int records_out_begin(const char *cmd, const char *path, bool force, const char **files, int nfiles,
                      records_out *o);
int records_out_end(const char *cmd, records_out *o, int rc, int bad, const char *bad_input);

int records_stats(int argc, char **argv, rec_game *g);
int records_merge(int argc, char **argv, rec_game *g);
int records_import(int argc, char **argv, rec_game *g);
int records_export(int argc, char **argv, rec_game *g);
int records_upgrade(int argc, char **argv, rec_game *g);
int records_info(int argc, char **argv, rec_game *g);
int records_positions(int argc, char **argv, rec_game *g);

#endif
