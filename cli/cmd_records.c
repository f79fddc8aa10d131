/* cmd_records.c — `triad records SUBCOMMAND`: the subcommands that read
 * (cat, verify; stats in cmd_records_stats.c) and the dispatcher; the ones
 * that write a records file (merge, import, export, upgrade) are in
 * cmd_records_write.c.
 *
 * Every subcommand streams games one at a time, so files of any size work
 * in constant memory (merge and verify add one bit per game id, stats 16
 * bytes per game to drop duplicates).  A damaged block is reported on
 * stderr and skipped; the subcommand then exits 1.  merge and verify exit
 * EXIT_INCOMPLETE when games of the run are missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/replay.h"
#include "core/idset.h"
#include "eval/records_game.h"
#include "records/record.h"
#include "records/record_export.h"
#include "cmd_records.h"
#include "commands.h"
#include "opts.h"


/* Parses the options and file operands of a subcommand; 0 to go on, -1
 * after --help, else the exit status.  Every subcommand takes its files as
 * operands and --records FILE... as their alias (as bias, tune and view
 * do), and --game NAME, the game the files hold (as every command takes
 * it; a file of another game is refused: each file's first run is checked
 * here, before anything is read), listed in its help, the man page and the
 * completion: the table parsed is the subcommand's with those entries
 * added (--game unless the subcommand has its own: import's). */
int parse(const cmd_spec *c, int argc, char **argv, const char **files, int *nfiles, bool need_files)
{
    enum { MAX_OPTS = 32 };
    OPT_LIST_OWNED opt_list records = { 0 };
    opt_spec table[MAX_OPTS];
    const char *game = NULL;
    bool own_game = false;
    int k = 0;
    for (; c->opts[k].name; k++) {
        if (k + 3 >= MAX_OPTS)
            return cli_error(c->name, "internal: more than %d options", MAX_OPTS - 3);
        table[k] = c->opts[k];
        own_game |= !strcmp(c->opts[k].name, "game");
    }
    table[k++] = (opt_spec){ "records", OPT_LIST, &records, "FILE...",
                             "the same as FILE... (the records files, given as operands)", 0, 0, NULL };
    if (!own_game)
        table[k++] = (opt_spec){ "game", OPT_STR, &game, "NAME", "the game the files hold (default: theirs; a "
                                 "file of another game is refused)", 0, 0, NULL };
    table[k] = (opt_spec){ 0 };
    cmd_spec spec = *c;
    spec.opts = table;
    int rc = opts_parse_operands(&spec, &records, argc, argv);
    if (rc)
        return rc == 1 ? -1 : rc;
    if (records.n > MAX_FILES)
        return cli_error(c->name, "more than %d files", MAX_FILES);
    for (int i = 0; i < records.n; i++)
        files[i] = records.items[i];
    *nfiles = records.n;
    if (need_files && !*nfiles)
        return cli_error(c->name, "no FILE given (see triad %s --help)", c->name);
    const game_def *g;
    char err[700];
    if (game && *nfiles && records_game(files, *nfiles, game, &g, err, sizeof err))
        return cli_error(c->name, "%s", err);
    return 0;
}

/* Opens a file for reading, reporting failure as bad input. */
rec_reader *open_or_say(const char *cmd, const char *path)
{
    char err[400];
    rec_reader *r = rec_reader_open(path, err, sizeof err);
    if (!r)
        cli_error(cmd, "%s", err);
    return r;
}

/* The next game, reporting bad blocks (and counting them in *bad). */
int next_game(const char *cmd, const char *path, rec_reader *r, rec_game *g, int *bad)
{
    int rc;
    while ((rc = rec_reader_next(r, g)) == REC_BAD) {
        cli_error(cmd, "%s: %s", path, rec_reader_error(r));
        ++*bad;
    }
    return rc;
}

/* Prints a player field of records cat: as it is when it is one word of
 * printable text, else in double quotes with \" \\ \t \n \r and \xHH escapes,
 * so that a name with spaces, tabs or line breaks (an import's) cannot
 * break the line or shift the fields after it. */
static void print_field(const char *s)
{
    bool plain = *s != 0;
    for (const unsigned char *c = (const unsigned char *)s; *c && plain; c++)
        plain = *c > ' ' && *c != 0x7f && *c != '"' && *c != '\\';
    if (plain) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if (*c == '\t' || *c == '\n' || *c == '\r')
            printf("\\%c", *c == '\t' ? 't' : *c == '\n' ? 'n' : 'r');
        else if (*c < ' ' || *c == 0x7f)
            printf("\\x%02x", *c);
        else
            putchar(*c);
    putchar('"');
}

/* The scores of a game as "1-0", "0.5-0.5", "3-1-0"; "*" when unfinished. */
static void print_scores(const rec_run *run, const rec_game *g)
{
    if (!g->ending && !g->forfeit) {
        putchar('*');
        return;
    }
    for (int i = 0; i < run->players; i++)
        printf("%s%g", i ? "-" : "", g->scores[i]);
}

/* One action of records cat, as the position it is played from names it. */
typedef struct print_ctx {
    const game_def *gd;
    const rec_game *g;
} print_ctx;

static int print_action(void *ctx, const void *state, int ply)
{
    const print_ctx *p = ctx;
    if (ply < p->g->nactions) {
        char text[GAME_ACTION_TEXT_MAX];
        p->gd->action_to_text(state, p->g->actions[ply], text, sizeof text);
        printf(" %s", text);
    }
    return 0;
}

/* id, setup and rotation, the seats' players, scores, ending, turns, then
 * the actions.  A 2-player game's second rotation is ",swapped" (format
 * 1's word for it); others ",rN". */
static void print_game(const rec_run *run, const rec_game *g)
{
    const game_def *gd = run->game;
    unsigned char s[GAME_STATE_MAX];
    memcpy(s, g->start, gd->state_size);
    printf("%llu %s", (unsigned long long)g->id, rec_start_name(run, g->setup));
    if (g->rotation && run->players == 2)
        printf(",swapped");
    else if (g->rotation)
        printf(",r%d", g->rotation);
    for (int i = 0; i < run->players; i++) {
        putchar(' ');
        print_field(g->specs[i]);
    }
    putchar(' ');
    print_scores(run, g);
    if (g->forfeit) /* "forfeit-timeout": the seat that forfeited is the one to act after the actions */
        printf(" forfeit-%s %d :", game_forfeit_names[g->forfeit], g->turns);
    else
        printf(" %s %d :", rec_ending_name(gd, g->ending), g->turns);
    game_replay(gd, s, g->actions, g->nactions, NULL, print_action, &(print_ctx){ gd, g });
    putchar('\n');
}

static int records_cat(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc, bad = 0;
    bool start = false;
    const opt_spec opts[] = {
        { "start", OPT_FLAG, &start, NULL, "also print each game's starting position", 0, 0, NULL },
        { 0 },
    };
    const cmd_spec spec = { "records cat", "FILE... [--start]",
                            "One line per game: id, setup (\",swapped\" for the second game of a pair,\n"
                            "\",rN\" for rotation N of more players), every seat's player (TZAAR: White's,\n"
                            "then Black's), the scores (\"1-0\"; \"*\" unfinished), ending, turns, then the\n"
                            "actions.  A player\n"
                            "that is not one word of printable text (an imported name with a space) is\n"
                            "printed in double quotes, with \\\" \\\\ \\t \\n \\r and \\xHH escapes.", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    for (int i = 0; i < nfiles; i++) {
        rec_reader *r = open_or_say(spec.name, files[i]);
        if (!r)
            return 2;
        while (next_game(spec.name, files[i], r, g, &bad) == REC_GAME) {
            const rec_run *run = rec_reader_run(r);
            if (start) {
                char text[GAME_TEXT_MAX];
                if (run->game->to_text(g->start, text, sizeof text) < 0)
                    snprintf(text, sizeof text, "?");
                printf("%llu start %s\n", (unsigned long long)g->id, text);
            }
            print_game(run, g);
        }
        rec_reader_close(r);
    }
    return bad ? 1 : 0;
}

/* What verify found in one run of a file (a concatenated file has several). */
typedef struct verified {
    int bad;          /* damaged blocks and bad ids */
    int incomplete;   /* runs with games missing */
} verified;

/* Prints the line of one run of path (run > 1: the run-th of a
 * concatenation) and counts it in v. */
static void end_section(const char *path, int run, const rec_run *rr, uint64_t games, int bad, verified *v)
{
    uint64_t want = rec_run_shard_games(rr);
    bool missing = rr->source == REC_SOURCE_SELFPLAY && games < want;
    if (run > 1)
        printf("%s, run %d: %llu games", path, run, (unsigned long long)games);
    else
        printf("%s: %llu games", path, (unsigned long long)games);
    if (missing)
        printf(" (incomplete: the run%s has %llu)", rr->shards > 1 ? "'s shard" : "", (unsigned long long)want);
    printf(", %s\n", bad ? "FAILED" : missing ? "INCOMPLETE" : "ok");
    v->bad += bad;
    v->incomplete += missing;
}

/* Checks one file: blocks and games (the reader replays each game), ids
 * inside the run and its shard, no id twice, none missing; each run of a
 * concatenated file on its own. */
static void verify_file(const char *path, rec_reader *r, rec_game *g, verified *v)
{
    rec_run run = *rec_reader_run(r);
    idset seen = { 0 };
    uint64_t games = 0;
    int bad = 0, rc, section = 1;
    while ((rc = rec_reader_next(r, g)) != REC_END) {
        const char *what = NULL;
        if (rc == REC_GAME && rec_reader_runs(r) != section) {
            end_section(path, section, &run, games, bad, v);
            idset_free(&seen);
            run = *rec_reader_run(r);
            section = rec_reader_runs(r);
            games = 0;
            bad = 0;
        }
        if (rc == REC_BAD)
            cli_error("records verify", "%s: %s", path, rec_reader_error(r));
        else if (run.source == REC_SOURCE_SELFPLAY && (g->id >= run.games || !rec_in_shard(&run, g->id)))
            what = "is not one of the run's (or of its shard's)";
        else if (idset_add(&seen, g->id) != 1)
            what = "appears twice";
        else
            games++;
        if (what)
            cli_error("records verify", "%s: game %llu %s", path, (unsigned long long)g->id, what);
        bad += rc == REC_BAD || what;
    }
    idset_free(&seen);
    end_section(path, section, &run, games, bad, v);
}

static int records_verify(int argc, char **argv, rec_game *g)
{
    const char *files[MAX_FILES];
    int nfiles, rc;
    bool allow_incomplete = false;
    const opt_spec opts[] = {
        { "allow-incomplete", OPT_FLAG, &allow_incomplete, NULL, "exit 0 when games of the run are missing", 0, 0,
          NULL },
        { 0 },
    };
    const cmd_spec spec = { "records verify", "FILE... [--allow-incomplete]",
                            "Checks every block's checksum, replays every game (legality, result, ending,\n"
                            "turns) and checks ids; each run of a concatenated file on its own.  Exits 1\n"
                            "naming each bad block or game; else 3 when games of a self-play run (or of\n"
                            "its shard) are missing, unless --allow-incomplete; else 0.", opts };
    if ((rc = parse(&spec, argc, argv, files, &nfiles, true)))
        return rc < 0 ? 0 : rc;
    verified v = { 0, 0 };
    for (int i = 0; i < nfiles; i++) {
        rec_reader *r = open_or_say(spec.name, files[i]);
        if (!r)
            return 2;
        verify_file(files[i], r, g, &v);
        rec_reader_close(r);
    }
    return v.bad ? 1 : v.incomplete && !allow_incomplete ? EXIT_INCOMPLETE : 0;
}

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv, rec_game *g);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    { "stats", records_stats, "scores per seat, turns, bytes per game, by setup and ending" },
    { "cat", records_cat, "one readable line per game" },
    { "verify", records_verify, "check checksums, replay every game, check ids" },
    { "merge", records_merge, "merge the shards of one run" },
    { "import", records_import, "a game's own format (LittleGolem) to a records file" },
    { "export", records_export, "every game as JSON lines, CSV or LittleGolem records" },
    { "info", records_info, "a file's header: run, players, setup, seed, signature, games present" },
    { "upgrade", records_upgrade, "a format 1 file rewritten as format 2" },
    { "positions", records_positions, "the position after ply K of every game: a start list (--positions)" },
};

int cmd_records(int argc, char **argv)
{
    size_t n = sizeof subcommands / sizeof *subcommands;
    if (opts_capturing()) { /* triad help --man: every subcommand's table */
        rec_game *g = malloc(sizeof *g);
        for (size_t i = 0; g && i < n; i++) {
            char *help[] = { (char *)subcommands[i].name, "--help", NULL };
            subcommands[i].run(2, help, g);
        }
        free(g);
        return 0;
    }
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *out = argc < 2 ? stderr : stdout;
        fputs("usage: triad records SUBCOMMAND ...\n\nsubcommands:\n", out);
        for (size_t i = 0; i < n; i++)
            fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
        fputs("\nThe records files are operands (FILE...), before, between or after the options;\n"
              "--records FILE... is the same (the alias bias, tune, view and solve take too).\n", out);
        fputs("\n'triad records SUBCOMMAND --help' describes one; the format is in docs/records.md.\n", out);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!strcmp(argv[1], subcommands[i].name)) {
            rec_game *g = malloc(sizeof *g);
            if (!g)
                return cli_error("records", "out of memory");
            int rc = subcommands[i].run(argc - 1, argv + 1, g);
            free(g);
            return rc;
        }
    return cli_error("records", "unknown subcommand '%s' (stats, cat, verify, merge, import, export, upgrade, info, positions)", argv[1]);
}
