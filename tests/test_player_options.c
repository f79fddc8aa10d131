/* test_player_options.c — the player kinds' option tables (engine/players.h,
 * GPLAYER_OPTION; issue 40 item 19): the table is what a spec may name and
 * what `triad help players` prints, so every key it lists is taken, every
 * default it gives is the player its key's absence gives, and a key it
 * lacks is refused, naming the ones it has. */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "engine/players.h"

/* A spec of kind that needs no more (engine: a program that exists). */
static const char *base_of(const game_player_kind *k)
{
    return !strcmp(k->name, "engine") ? "engine:cmd=/bin/true" : k->name;
}

/* The option another key must come with for key to be taken at all (the
 * table's meaning says "with ..."); NULL: none. */
static const char *context_of(const char *key)
{
    static const char *const ctx[][2] = { { "ptemp", "place=soft" }, { "eps", "playout=eval" }, { "k", "depth=10" } };
    for (size_t i = 0; i < sizeof ctx / sizeof *ctx; i++)
        if (!strcmp(ctx[i][0], key))
            return ctx[i][1];
    return NULL;
}

static void every_default_is_the_keys_absence(void)
{
    const game_def *const *games = game_list();
    int checked = 0;
    for (int i = 0; games[i]; i++) {
        const game_player_kind *k;
        for (int j = 0; (k = gplayer_kind_at(games[i], j)); j++) {
            gplayer_option o;
            CHECKF(k->help && k->help[0] && k->help[0] != '\n', "%s/%s has a summary line", games[i]->name, k->name);
            for (int m = 0; !gplayer_kind_option(k, m, &o); m++) {
                CHECKF(o.key[0] && o.meaning[0], "%s/%s: option %d has a key and a meaning", games[i]->name, k->name,
                       m);
                if (!o.dflt[0])
                    continue;
                char plain[GPLAYER_SPEC_MAX], with[2 * GPLAYER_SPEC_MAX], a[GPLAYER_SPEC_MAX], b[GPLAYER_SPEC_MAX];
                char err[300];
                const char *ctx = context_of(o.key), *base = base_of(k);
                snprintf(plain, sizeof plain, "%s%s%s", base, ctx ? (strchr(base, ':') ? "," : ":") : "", ctx ? ctx : "");
                snprintf(with, sizeof with, "%s%s%s=%s", plain, strchr(plain, ':') ? "," : ":", o.key, o.dflt);
                if (gplayer_canonical(games[i], plain, false, a, sizeof a, err, sizeof err))
                    continue; /* the context itself does not apply to this game (no features) */
                if (gplayer_canonical(games[i], with, false, b, sizeof b, err, sizeof err) && strstr(err, "no use here"))
                    continue; /* nor the key (mcts's k= needs features to cut off by) */
                CHECKF(!gplayer_canonical(games[i], with, false, b, sizeof b, err, sizeof err) && !strcmp(a, b),
                       "%s: '%s' -> '%s', the default's absence '%s' -> '%s' (%s)", games[i]->name, with, b, plain, a,
                       err);
                checked++;
            }
        }
    }
    CHECKF(checked > 40, "%d defaults checked", checked);
}

static void an_unlisted_key_is_refused_naming_the_listed_ones(void)
{
    char err[400];
    const game_def *tzaar = game_find("tzaar", err, sizeof err), *talat = game_find("talat", err, sizeof err);
    REQUIRE(tzaar && talat);
    gplayer *p = gplayer_new(talat, "ab:depht=3", err, sizeof err);
    CHECK(!p);
    CHECKF(strstr(err, "player 'ab': unknown option 'depht' (expected depth, nodes, ms, tt, eval, net, ncrc, weights or wcrc"), "%s", err);
    CHECK(!gplayer_new(tzaar, "random:place=eval", err, sizeof err) && strstr(err, "(it takes none"));
    char out[GPLAYER_SPEC_MAX];
    CHECK(gplayer_canonical(talat, "mcts:playout=eval,bogus=1", true, out, sizeof out, err, sizeof err) == -1 &&
          strstr(err, "unknown option 'bogus'") && strstr(err, "playouts"));
    /* every listed key of every kind of every game is taken by the table check (the kind may still refuse
     * its value): a key's own error is never "unknown option" */
    const game_def *const *games = game_list();
    for (int i = 0; games[i]; i++) {
        const game_player_kind *k;
        for (int j = 0; (k = gplayer_kind_at(games[i], j)); j++) {
            gplayer_option o;
            for (int m = 0; !gplayer_kind_option(k, m, &o); m++) {
                char opts[64];
                snprintf(opts, sizeof opts, "%s=1", o.key);
                CHECKF(!gplayer_check_keys(k, opts, err, sizeof err), "%s/%s: %s", games[i]->name, k->name, err);
            }
        }
    }
}

const test_case tests_player_options[] = {
    { "player_options_every_default_is_the_keys_absence", every_default_is_the_keys_absence },
    { "player_options_an_unlisted_key_is_refused_naming_the_listed_ones",
      an_unlisted_key_is_refused_naming_the_listed_ones },
    { NULL, NULL },
};
