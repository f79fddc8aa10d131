/* cmd_match.h — what cmd_match.c and cmd_match_merge.c share. */
#ifndef TRIAD_CMD_MATCH_H
#define TRIAD_CMD_MATCH_H

#include <stdbool.h>
#include "eval/match.h"
#include "selfplay/run.h"

/* `triad match merge FILE...`: the match's report over its records files. */
int cmd_match_merge(int argc, char **argv);
/* The report match prints (text, or one JSON object). */
void cmd_match_report(const match_tally *t, const run_opts *o, bool json, bool quiet);

#endif
