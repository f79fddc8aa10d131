/* cmd_records_positions.c — `triad records positions`: the position after
 * ply K of every finished game of the files, one position string a line,
 * the list `selfplay --positions` and `match --positions` play from.  It is
 * the first step of the forward continuation (issue 39, docs/results.md):
 * a rung's games cut at ply K and played on by another player, which says
 * when in the game White's deficit arises.  Lines follow the games in file
 * order, so line i is the same game at every K when the same games are
 * chosen (--min-plies: the length every K needs), and `triad
 * continuation` maps the continued games back to their games by it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/replay.h"
#include "records/record.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"

typedef struct positions_opts {
    int ply, min_plies;
    uint64_t max_games;
} positions_opts;

/* The position after the first o->ply actions of g into text; 0, 1 when the
 * game is not chosen (unfinished, shorter than --min-plies, over there), or
 * -1 after the error line (an action that is not legal). */
static int cut(const char *cmd, const char *path, const rec_run *run, const rec_game *g, const positions_opts *o,
               char *text, size_t n)
{
    const game_def *gd = run->game;
    if (!g->ending || g->forfeit || g->nactions < o->min_plies || g->nactions <= o->ply)
        return 1;
    unsigned char s[GAME_STATE_MAX];
    game_action *legal = malloc(sizeof *legal * (size_t)gd->max_actions);
    if (!legal)
        return cli_error(cmd, "out of memory"), -1;
    memcpy(s, g->start, gd->state_size);
    int played = game_replay(gd, s, g->actions, o->ply, legal, NULL, NULL);
    free(legal);
    if (played < o->ply)
        return cli_error(cmd, "%s: game %llu: action %d is not legal", path, (unsigned long long)g->id, played + 1),
               -1;
    if (gd->over(s) || gd->to_text(s, text, n) < 0)
        return 1;
    return 0;
}

static int write_positions(const char *cmd, const char **files, int nfiles, const positions_opts *o, FILE *out,
                           rec_game *g, int *bad)
{
    char text[GAME_TEXT_MAX];
    uint64_t chosen = 0;
    for (int i = 0; i < nfiles; i++) { /* every file readable before a line is written */
        rec_reader *r = open_or_say(cmd, files[i]);
        if (!r)
            return 2;
        rec_reader_close(r);
    }
    for (int i = 0; i < nfiles && (!o->max_games || chosen < o->max_games); i++) {
        rec_reader *r = open_or_say(cmd, files[i]);
        if (!r)
            return 2;
        while ((!o->max_games || chosen < o->max_games) && next_game(cmd, files[i], r, g, bad) == REC_GAME) {
            int rc = cut(cmd, files[i], rec_reader_run(r), g, o, text, sizeof text);
            if (rc < 0) {
                rec_reader_close(r);
                return 2;
            }
            if (!rc && !chosen) { /* the header once a line follows: a refusal writes nothing */
                fprintf(out, "# triad records positions: the position after ply %d of each finished game of at "
                             "least %d plies, in file order (line i: the i-th such game)\n",
                        o->ply, o->min_plies);
                for (int j = 0; j < nfiles; j++)
                    fprintf(out, "# from %s\n", files[j]);
            }
            if (!rc) {
                fprintf(out, "%s\n", text);
                chosen++;
            }
        }
        rec_reader_close(r);
    }
    if (!chosen)
        return cli_error(cmd, "no game of at least %d plies (and more than %d) in the files", o->min_plies, o->ply);
    if (ferror(out))
        return cli_fail(cmd, "cannot write the output: %s", strerror(errno));
    return 0;
}

int records_positions(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES], *out = NULL;
    int nfiles, rc, bad = 0;
    bool force = false;
    positions_opts o = { -1, -1, 0 };
    const opt_spec opts[] = {
        { "ply", OPT_INT, &o.ply, "K", "the position after K actions (plies) of each game (required)", 0, 100000,
          NULL },
        { "min-plies", OPT_INT, &o.min_plies, "M", "only games of at least M plies (default K + 1: give the "
          "same M for every K, so that line i is the same game at each)", 1, 100000, NULL },
        { "max-games", OPT_U64, &o.max_games, "N", "the first N games chosen", 1, UINT32_MAX, NULL },
        { "out", OPT_STR, &out, "OUT", "write OUT (whole, renamed into place) instead of stdout", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "overwrite OUT", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records positions", "FILE... --ply K [--min-plies M] [--max-games N] [--out OUT [--force]]",
                            "Writes the position after ply K of every finished game of the files (games\n"
                            "shorter than M plies, or over by ply K, left out), one position string a\n"
                            "line after '#' comment lines: a start list for selfplay --positions and match\n"
                            "--positions (a setup index k plays line k mod the count).  Line i is the i-th\n"
                            "game chosen, in file order, so lists for several K with the same --min-plies\n"
                            "and --max-games hold the same games line by line: the forward continuation\n"
                            "(triad continuation).",
                            opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    if (o.ply < 0)
        return cli_error(spec.name, "say which ply: --ply K");
    if (o.min_plies < 0)
        o.min_plies = o.ply + 1;
    records_out w;
    if ((rc = records_out_begin(spec.name, out, force, files, nfiles, &w)))
        return rc;
    rc = write_positions(spec.name, files, nfiles, &o, w.f, g, &bad);
    return records_out_end(spec.name, &w, rc, bad, "a block of the input");
}
