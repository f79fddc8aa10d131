/* cmd_help.c — `triad help players` and `triad help games`: every player
 * kind with every key, its default and meaning, and every game with its
 * seats, setups and endings, printed from the tables that parse them (the
 * kinds' option tables, engine/players.h; game_def's setup and ending
 * names), so the reference cannot drift from what the commands accept.
 * The man page prints the same text (cli/cmd_doc.c). */
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "engine/players.h"
#include "commands.h"

/* text from its column col on, words wrapped before column 100 with the
 * following lines indented to col. */
static void wrapped(FILE *out, const char *text, int col)
{
    int at = col;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (at > col && at + 1 + (int)word > 100) {
            fprintf(out, "\n%*s", col, "");
            at = col;
        } else if (at > col) {
            fputc(' ', out);
            at++;
        }
        fprintf(out, "%.*s", (int)word, text);
        at += (int)word;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

/* One kind: its name and summary, then a line per option. */
static void print_kind(FILE *out, const game_player_kind *k)
{
    char summary[400];
    gplayer_option o;
    gplayer_kind_summary(k, summary, sizeof summary);
    fprintf(out, "  %-8s", k->name);
    wrapped(out, summary, 10);
    if (gplayer_kind_option(k, 0, &o))
        fprintf(out, "%10s(no options)\n", "");
    for (int i = 0; !gplayer_kind_option(k, i, &o); i++) {
        char left[80];
        snprintf(left, sizeof left, "%s=%s", o.key, o.dflt[0] ? o.dflt : "...");
        fprintf(out, "%10s%-18s ", "", left);
        wrapped(out, o.meaning, 29);
    }
}

/* The kinds g adds to the generic ones. */
static void players_of(FILE *out, const game_def *g)
{
    const game_player_kind *k;
    for (int i = 0; (k = gplayer_kind_at(g, i)); i++)
        if (!gplayer_kind_is_generic(k))
            print_kind(out, k);
}

int cli_help_players(FILE *out, const char *game)
{
    const game_def *const *games = game_list();
    const game_def *only = NULL;
    char err[300];
    if (game && !(only = game_find(game, err, sizeof err))) {
        fprintf(stderr, "triad help players: %s\n", MSG_PATH(err));
        return 2;
    }
    only = only ? game_base(only) : NULL; /* a variant's players are its game's */
    fputs("Player specs: KIND[:KEY=VALUE,...] (docs/players.md).  Each kind, what it plays, then each key\n"
          "with its default (KEY=DEFAULT; ... where it has none).  A key the kind does not list is refused.\n"
          "Records store the canonical spec: keys sorted, defaults filled in.\n", out);
    for (int i = 0; games[i]; i++) {
        if (only && games[i] != only)
            continue;
        fprintf(out, "\n%s — %s\n  (analyse and engine play %s by default)\n", games[i]->name, games[i]->title,
                game_default_player(games[i]));
        const game_player_kind *k;
        int own = 0;
        for (int j = 0; (k = gplayer_kind_at(games[i], j)); j++)
            own += !gplayer_kind_is_generic(k);
        if (!own)
            fputs("  (the generic kinds only, below)\n", out);
        players_of(out, games[i]);
    }
    fputs("\nEvery game (the generic kinds; a game's own kind of the same name, as TZAAR's random, comes "
          "first):\n", out);
    for (int i = 0; gplayer_generic_at(i); i++)
        print_kind(out, gplayer_generic_at(i));
    return 0;
}

static void name_list(FILE *out, const char *label, const char *const *names, int from, const char *dflt)
{
    fprintf(out, "    %s:", label);
    for (int i = from; names[i]; i++)
        fprintf(out, "%s %s%s", i > from ? "," : "", names[i], dflt && !strcmp(names[i], dflt) ? " (default)" : "");
    fputs("\n", out);
}

/* Each parameter: its key, its values with the default marked, its help. */
static void params_of(FILE *out, const game_def *g)
{
    if (!g->params)
        return;
    fprintf(out, "    parameters (--game %s:KEY=VALUE,...; each default is the rulebook's):\n", g->name);
    for (const game_param *p = g->params; p->name; p++) {
        char line[600];
        size_t len = 0;
        if (p->values)
            for (int i = 0; p->values[i] && len < sizeof line; i++)
                len += (size_t)snprintf(line + len, sizeof line - len, "%s%s%s", i ? ", " : "", p->values[i],
                                        strcmp(p->values[i], p->dflt) ? "" : " (default)");
        else {
            char lo[32], hi[32], step[40] = "";
            game_param_format(p, p->min, lo, sizeof lo);
            game_param_format(p, p->max, hi, sizeof hi);
            if (p->scale > 1) {
                memcpy(step, " in steps of ", 13);
                game_param_format(p, 1, step + 13, sizeof step - 13);
            }
            len = (size_t)snprintf(line, sizeof line, "%s to %s%s (default %s)", lo, hi, step, p->dflt);
        }
        if (len < sizeof line)
            snprintf(line + len, sizeof line - len, ": %s", p->help);
        fprintf(out, "      %-8s", p->name);
        wrapped(out, line, 14);
    }
}

int cli_help_games(FILE *out)
{
    const game_def *const *games = game_list();
    fputs("Games (--game NAME; tzaar when not told): each one's players, seats, setups (--setup KIND),\n"
          "endings (as records and --select name them), parameters (--game NAME:KEY=VALUE,...: a variant\n"
          "of the rules, a game of its own in records), player kinds and optional capabilities.\n", out);
    for (int i = 0; games[i]; i++) {
        const game_def *g = games[i];
        char caps[200], seat[16];
        fprintf(out, "\n  %s — %s\n", g->name, g->title);
        if (g->min_players == g->max_players)
            fprintf(out, "    players: %d\n", g->min_players);
        else
            fprintf(out, "    players: %d to %d (default %d)\n", g->min_players, g->max_players,
                    game_default_players(g));
        fprintf(out, "    seats:");
        for (int k = 0; k < g->max_players; k++)
            fprintf(out, "%s %s", k ? "," : "", game_seat_name(g, k, seat));
        fputs("\n", out);
        name_list(out, "setups", g->setup_names, 0, game_default_setup(g));
        name_list(out, "endings", g->ending_names, 1, NULL);
        params_of(out, g);
        fprintf(out, "    player kinds:");
        const game_player_kind *k;
        for (int j = 0; (k = gplayer_kind_at(g, j)); j++)
            fprintf(out, "%s %s", j ? "," : "", k->name);
        fprintf(out, " (default %s; triad help players)\n", game_default_player(g));
        game_capabilities(g, caps, sizeof caps);
        fprintf(out, "    capabilities: %s\n", caps[0] ? caps : "none beyond the mandatory hooks");
    }
    return 0;
}
