/* player_options.c — every player kind's option table (players.h,
 * GPLAYER_OPTION): read from the kind's help text, checked against every
 * spec before the kind parses it, and listed by `triad help players`, so
 * that what the help says a kind takes and what it accepts are one table. */
#include <stdio.h>
#include <string.h>
#include "core/msg.h"
#include "engine/players.h"

/* The generic kinds, after the game's own (players.c has the same list). */
static const game_player_kind *const generic_kinds[] = { &gplayer_random, &gplayer_mcts, &gplayer_engine, NULL };

/* Copies the field of the option line at *at up to stop (a tab, a newline
 * or the end) into out, and moves *at past the separator. */
static void field(const char **at, char *out, size_t n)
{
    size_t len = strcspn(*at, "\t\n");
    snprintf(out, n, "%.*s", (int)len, *at);
    *at += len;
    if (**at == '\t')
        (*at)++;
}

int gplayer_kind_option(const game_player_kind *kind, int i, gplayer_option *out)
{
    const char *at = kind->help ? strchr(kind->help, '\n') : NULL;
    for (int k = 0; at && k < i; k++)
        at = strchr(at + 1, '\n');
    if (!at)
        return -1;
    at++;
    field(&at, out->key, sizeof out->key);
    field(&at, out->dflt, sizeof out->dflt);
    field(&at, out->meaning, sizeof out->meaning);
    return 0;
}

void gplayer_kind_summary(const game_player_kind *kind, char *out, size_t n)
{
    const char *help = kind->help ? kind->help : "";
    snprintf(out, n, "%.*s", (int)strcspn(help, "\n"), help);
}

const game_player_kind *gplayer_kind_at(const game_def *g, int i)
{
    int k = 0;
    for (int j = 0; g->player_kinds && g->player_kinds[j]; j++)
        if (k++ == i)
            return g->player_kinds[j];
    for (int j = 0; generic_kinds[j]; j++) {
        bool overridden = false;
        for (int m = 0; g->player_kinds && g->player_kinds[m]; m++)
            overridden |= !strcmp(g->player_kinds[m]->name, generic_kinds[j]->name);
        if (!overridden && k++ == i)
            return generic_kinds[j];
    }
    return NULL;
}

const game_player_kind *gplayer_generic_at(int i)
{
    for (int j = 0; generic_kinds[j]; j++)
        if (j == i)
            return generic_kinds[j];
    return NULL;
}

bool gplayer_kind_is_generic(const game_player_kind *kind)
{
    for (int j = 0; generic_kinds[j]; j++)
        if (generic_kinds[j] == kind)
            return true;
    return false;
}

typedef struct key_check {
    const game_player_kind *kind;
} key_check;

/* A gplayer_option_fn: the key must be one of the kind's table. */
static int known_key(void *ctx, const char *key, const char *value, char *err, size_t n)
{
    const game_player_kind *kind = ((key_check *)ctx)->kind;
    gplayer_option o;
    (void)value;
    for (int i = 0; !gplayer_kind_option(kind, i, &o); i++)
        if (!strcmp(o.key, key))
            return 0;
    size_t len = (size_t)snprintf(err, n, "player '%s': unknown option '%s' (", kind->name, MSG_PATH(key));
    int count = 0;
    while (!gplayer_kind_option(kind, count, &o))
        count++;
    if (!count && len < n)
        len += (size_t)snprintf(err + len, n - len, "it takes none");
    for (int i = 0; i < count && len < n; i++) {
        gplayer_kind_option(kind, i, &o);
        len += (size_t)snprintf(err + len, n - len, "%s%s", i == 0 ? "expected " : i == count - 1 ? " or " : ", ",
                                o.key);
    }
    if (len < n)
        snprintf(err + len, n - len, "; triad help players)");
    return -1;
}

int gplayer_check_keys(const game_player_kind *kind, const char *opts, char *err, size_t n)
{
    key_check c = { kind };
    return opts ? gplayer_each_option(kind->name, opts, known_key, &c, err, n) : 0;
}
