/* cmd_view.c — `triad view`: records files as a static web site (view/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "records/record.h"
#include "view/select.h"
#include "view/site.h"
#include "commands.h"
#include "opts.h"

static void warn_line(const char *msg)
{
    fprintf(stderr, "triad view: %s\n", msg);
}

int cmd_view(int argc, char **argv)
{
    OPT_LIST_OWNED opt_list records = { 0 };
    const char *dir = NULL, *game_name = NULL, *expr = NULL;
    uint64_t limit = 0;
    bool force = false;
    const opt_spec opts[] = {
        { "out", OPT_STR, &dir, "DIR", "the site's folder (index.html, viewer.html, games/)", 0, 0, NULL },
        { "game", OPT_STR, &game_name, "NAME", "the game the records hold (default: the first file's)", 0, 0, NULL },
        { "select", OPT_STR, &expr, "EXPR", "only games matching EXPR, e.g. setup=random,id=100-199 "
                                          "(docs/viewer.md)", 0, 0, NULL },
        { "limit", OPT_U64, &limit, "N", "at most N games (the first selected)", 0, 0, NULL },
        { "force", OPT_FLAG, &force, NULL, "write into a DIR that already has files", 0, 0, NULL },
        { "records", OPT_LIST, &records, "FILE...", "the same as RECORDS... (the records files, given as operands)",
          0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = {
        "view", "RECORDS... --out DIR [--game NAME] [--select EXPR] [--limit N] [--force]",
        "Writes the games as a static web site that opens from file:// (no server, no\n"
        "network): index.html lists them (sortable, filterable, with the runs and\n"
        "per-seat figures); viewer.html?game=N&ply=K steps through game N with the\n"
        "board drawn by triad, for every game (TZAAR, Talat, TRID).  EXPR:\n"
        "comma-separated KEY=VALUE terms, all of which must hold; keys id and turns\n"
        "take N or N-M, setup one of the game's setups, ending one of its endings or\n"
        "unfinished, winner a seat's name (TZAAR white|black; else seat0, seat1, ...)\n"
        "or none, seat a seat's name (games it ranked first in, alone or shared);\n"
        "VALUE may list alternatives with '|'.  Details: docs/viewer.md.",
        opts,
    };
    int rc = opts_parse_operands(&spec, &records, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    const char **files = (const char **)records.items;
    int nfiles = records.n;
    char err[1024];
    selection sel;
    const game_def *game = NULL;
    if (game_name)
        game = game_find(game_name, err, sizeof err);
    else if (nfiles) { /* the game of the first file; the others must hold the same */
        rec_reader *r = rec_reader_open(files[0], err, sizeof err);
        if (r) {
            game = rec_reader_run(r)->game;
            rec_reader_close(r);
        }
    }
    if (!nfiles)
        rc = cli_error("view", "no RECORDS file given (see triad view --help)");
    else if (!dir)
        rc = cli_error("view", "--out DIR is required");
    else if (!game)
        rc = cli_error("view", "%s", err);
    else if (!game->view)
        rc = cli_error("view", "the game '%s' has no drawing (game_def.view)", game->name);
    else if (sel_parse(&sel, game, expr, err, sizeof err))
        rc = cli_error("view", "%s", err);
    if (rc)
        return rc;
    uint64_t dups = 0;
    view_result res;
    view_opts vo = { game, dir, &sel, limit, force, warn_line, NULL, NULL, &dups };
    fio_stop_begin(); /* a signal stops the writer, which removes its partial site */
    rc = view_write_site(&vo, files, nfiles, &res, err, sizeof err);
    fio_stop_end();
    sel_free(&sel);
    if (rc && res.signal) {
        fprintf(stderr, "triad view: %s: %s left as it was\n", err, dir);
        fio_stop_exit(fio_stop_requested());
    }
    if (rc) {
        cli_error("view", "%s", err);
        return res.refused ? 2 : 1;
    }
    if (dups)
        fprintf(stderr, "triad view: %llu duplicate games dropped (the same game read twice: docs/records.md)\n",
                (unsigned long long)dups);
    printf("%llu games: %s/index.html\n", (unsigned long long)res.games, dir);
    return res.damaged ? 1 : 0;
}
