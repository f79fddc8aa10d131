/* cmd_selfplay.c — `triad selfplay`: checks the options, fixes the run's
 * parameters and hands them to selfplay/run.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "core/num.h"
#include "selfplay/run.h"
#include "progress.h"
#include "commands.h"
#include "opts.h"

/* The players' options as given. */
typedef struct seats_opts {
    cli_seats seats;
    int nplayers;                    /* 0: the game's default */
    bool paired;
    int rotations;                   /* 0: not given */
    int replicates;                  /* 1: none */
} seats_opts;

/* Fills the run from the options; 0 or 2 after an error line. */
static int make_run(rec_run *run, const game_def *g, uint64_t seed, uint64_t games, bool games_given,
                    const seats_opts *so, const char *setup, const char *shard)
{
    char err[300];
    if (!games_given || games == 0)
        return cli_error("selfplay", "--games N (N >= 1) is required");
    int players = so->nplayers ? so->nplayers : game_default_players(g);
    if (players < g->min_players || players > g->max_players)
        return cli_error("selfplay", "%s is a game for %d to %d players, not %d", g->name, g->min_players,
                         g->max_players, players);
    rec_run_init(run, g, players);
    run->seed = seed;
    run->setup = -1;
    for (int i = 0; g->setup_names[i]; i++)
        if (!strcmp(g->setup_names[i], setup))
            run->setup = i;
    if (run->setup < 0)
        return cli_error("selfplay", "unknown setup '%s' for %s", setup, g->name);
    if (so->paired && so->rotations)
        return cli_error("selfplay", "give --paired or --rotations, not both");
    if (so->paired && players != 2)
        return cli_error("selfplay", "--paired is for 2 players (use --rotations)");
    if (so->rotations > players)
        return cli_error("selfplay", "--rotations %d: at most %d (the seats)", so->rotations, players);
    if (so->paired) { /* format 1's pair: each player keeps its arrangement */
        run->rotations = 2;
        run->rotate = REC_ROTATE_PIECES | REC_ROTATE_PLAYERS;
    } else if (so->rotations > 1) {
        run->rotations = so->rotations;
        run->rotate = REC_ROTATE_PIECES;
    }
    if (so->paired && games % 2)
        return cli_error("selfplay", "--paired needs an even --games (pairs of games)");
    run->replicates = so->replicates;
    uint64_t per_setup = rec_games_per_setup(run);
    if (games % per_setup)
        return cli_error("selfplay", "--games must be a multiple of %llu (%d rotations x %d replicates per setup)",
                         (unsigned long long)per_setup, run->rotations, run->replicates);
    run->games = games;
    if (shard && cli_parse_shard("selfplay", shard, run))
        return 2;
    /* A setup the game refuses for this many players.  The probe is the
     * game's own size (the registry holds every game to GAME_STATE_MAX, but
     * this needs no such promise). */
    void *probe = calloc(1, g->state_size);
    if (!probe)
        return cli_error("selfplay", "out of memory");
    int refused = game_setup(g, probe, setup, players, 0, err, sizeof err);
    free(probe);
    if (refused)
        return cli_error("selfplay", "%s", err);
    return cli_seat_specs("selfplay", g, players, &so->seats, run->specs);
}

/* What selfplay is told besides the seats (so) and the run (o, v), and
 * its options (the table at file scope, as commands.h's start options are). */
typedef struct selfplay_args {
    const char *game, *setup, *shard, *positions;
    uint64_t games, seed;
    bool games_given;
} selfplay_args;

#define SELFPLAY_OPTS(a, so, seat, o, v)                                                                          \
    { "game", OPT_STR, &(a).game, "NAME", "the game (default tzaar; NAME:KEY=VALUE,... a variant: triad help games)", 0, 0, NULL },        \
    { "games", OPT_U64, &(a).games, "N", "games in the run (ids 0 .. N-1)", 0, 0, &(a).games_given },             \
    { "players", OPT_STR, &(so).seats.players, "SPEC", "every seat's player, e.g. random or ab:depth=4", 0, 0, NULL }, \
    { "seat", OPT_LIST, &(seat), "K=SPEC", "seat K's player (repeatable)", 0, 0, NULL },                          \
    { "nplayers", OPT_INT, &(so).nplayers, "N", "seats (default: the game's; triad help lists them)", 1, GAME_MAX_PLAYERS, NULL }, \
    { "white", OPT_STR, &(so).seats.white, "SPEC", "White's player (TZAAR: --seat 0=SPEC)", 0, 0, NULL },          \
    { "black", OPT_STR, &(so).seats.black, "SPEC", "Black's player (TZAAR: --seat 1=SPEC)", 0, 0, NULL },          \
    { "setup", OPT_STR, &(a).setup, "KIND", "the game's setup (default: the game's; TZAAR: random (default), fixed, tournament or tournament-black)", 0, 0, NULL }, \
    { "positions", OPT_STR, &(a).positions, "FILE", "start from these positions, one position string a line: setup k " \
                                                   "from line k mod their count (instead of --setup)", 0, 0, NULL }, \
    { "seed", OPT_U64, &(a).seed, "S", "the run's seed: game i depends on (S, i) alone (default 1)", 0, 0, NULL }, \
    { "threads", OPT_INT, &(o).threads, "T", "worker threads (default: all cores)", 1, 256, NULL },               \
    { "rotations", OPT_INT, &(so).rotations, "R", "play each setup R times, its pieces moved one seat on each time", 1, GAME_MAX_PLAYERS, NULL }, \
    { "replicates", OPT_INT, &(so).replicates, "R", "play each rotation of a setup R times with other game seeds " \
                                                     "(default 1; docs/bias.md)", 1, REC_REPLICATES_MAX, NULL }, \
    { "paired", OPT_FLAG, &(so).paired, NULL, "2 players: each setup twice, colours and players exchanged (ids 2k, 2k+1)", 0, 0, NULL }, \
    { "out", OPT_STR, &(o).out, "FILE", "records file to write", 0, 0, NULL },                                    \
    { "resume", OPT_FLAG, &(o).resume, NULL, "keep FILE's games and play only the missing ones", 0, 0, NULL },    \
    { "force", OPT_FLAG, &(o).force, NULL, "overwrite FILE", 0, 0, NULL },                                       \
    { "shard", OPT_STR, &(a).shard, "K/N", "play only setups k with k % N == K", 0, 0, NULL },                    \
    { "quiet", OPT_FLAG, &(v).quiet, NULL, "no progress report (otherwise a status line every $TRIAD_PROGRESS_SECONDS, default 5, off a terminal)", 0, 0, NULL }, \
    { "block-games", OPT_INT, &(o).block_games, "N", "games per block (default 1024)", 1, 65536, NULL },          \
    { "flush-seconds", OPT_DOUBLE, &(o).flush_seconds, "X", "write a partial block after X s (default 10)", 0, 0, NULL }

static const char selfplay_usage[] =
    "[--game NAME] --games N (--players SPEC | --seat K=SPEC ... | --white SPEC --black SPEC)\n"
    "       [--nplayers N] [--setup KIND | --positions FILE] [--seed S] [--threads T] [--rotations R | --paired]\n"
    "       --out FILE [--resume | --force] [--shard K/N] [--quiet]";
static const char selfplay_about[] =
    "Plays games between players of any registered game and stores them in a\n"
    "records file (docs/records.md).  The games are the same for any --threads;\n"
    "--shard K/N splits a run between machines (merge with triad records merge).\n"
    "--rotations R plays each setup R times, the start's pieces moved one seat on\n"
    "each time; --paired is TZAAR's pair; --replicates R plays each of those R\n"
    "times with other game seeds (game id = (setup * R + replicate) * rotations\n"
    "+ rotation), which separates the setup's effect from the games' own noise.\n"
    "--positions FILE plays given starts (e.g. every opening of a fixed setup):\n"
    "setup k starts from the file's position k mod their count.\n"
    "A program outside triad plays as engine:cmd=FILE (docs/players.md): its games\n"
    "are not reproducible, and its forfeits are recorded (docs/records.md).";

int cmd_selfplay(int argc, char **argv)
{
    selfplay_args a = { .seed = CLI_SEED_DEFAULT };
    OPT_LIST_OWNED opt_list seat = { 0 };
    seats_opts so = { .seats.seat = &seat, .replicates = 1 };
    run_opts o = { .threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .flush_seconds = 10 };
    run_view v = { 0 };
    const opt_spec opts[] = { SELFPLAY_OPTS(a, so, seat, o, v), { 0 } };
    const cmd_spec spec = { "selfplay", selfplay_usage, selfplay_about, opts };
    int rc = opts_parse(&spec, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (a.positions && a.setup)
        return cli_error("selfplay", "give --setup or --positions, not both");
    const game_def *g = cli_game("selfplay", a.game);
    if (!g)
        return 2;
    if ((rc = make_run(&o.run, g, a.seed, a.games, a.games_given, &so, a.setup ? a.setup : game_default_setup(g),
                       a.shard)))
        return rc;
    unsigned char *starts __attribute__((cleanup(cli_free_positions))) = NULL;
    if (a.positions && (rc = cli_load_positions("selfplay", a.positions, o.run.game, &o.run, &starts)))
        return rc;
    o.positions_file = a.positions;
    if (!o.out)
        return cli_error("selfplay", "--out FILE is required");
    if (o.resume && o.force)
        return cli_error("selfplay", "give --resume or --force, not both");
    if (o.flush_seconds <= 0)
        return cli_error("selfplay", "--flush-seconds must be positive");
    char err[700];
    rc = cli_run_selfplay(&o, &v, err, sizeof err);
    if (rc == RUN_STOPPED) { /* the finished games are on disk: end as the signal would have */
        fprintf(stderr, "triad selfplay: %s\n", err);
        fio_stop_exit(fio_stop_requested());
    }
    if (rc)
        cli_error("selfplay", "%s", err);
    return rc;
}
