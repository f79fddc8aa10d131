/* common.c — helpers shared by the commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/msg.h"
#include "core/num.h"
#include "engine/players.h"
#include "commands.h"
#include "opts.h"

const game_def *cli_game(const char *cmd, const char *name)
{
    char err[300] = "no game is registered";
    const game_def *g = name ? game_find(name, err, sizeof err) : game_default();
    if (!g)
        cli_error(cmd, "--game: %s", err);
    return g;
}

/* True when the setup's start depends on its seed (a random setup): two
 * seeds give different states. */
bool cli_setup_is_seeded(const game_def *g, const char *setup, int players)
{
    void *a = calloc(2, g->state_size);
    char err[200];
    bool seeded = a && !game_setup(g, a, setup, players, 1, err, sizeof err) &&
                  !game_setup(g, (char *)a + g->state_size, setup, players, 2, err, sizeof err) &&
                  memcmp(a, (char *)a + g->state_size, g->state_size);
    free(a);
    return seeded;
}

int cli_start_state(const char *cmd, const cli_start *st, const game_def **gp, void **out)
{
    char err[300];
    const game_def *g = cli_game(cmd, st->game);
    if (!g)
        return 2;
    int players = st->players ? st->players : game_default_players(g);
    if (players < g->min_players || players > g->max_players)
        return cli_error(cmd, "--nplayers: %s is a game for %d to %d players, not %d", g->name, g->min_players,
                         g->max_players, players);
    if (st->position && st->setup)
        return cli_error(cmd, "give either --position or --setup, not both");
    void *s = calloc(1, g->state_size);
    if (!s)
        return cli_error(cmd, "out of memory");
    if (st->position) {
        if (st->seed_given || st->players) {
            free(s);
            return cli_error(cmd, "--%s applies to --setup only", st->seed_given ? "seed" : "nplayers");
        }
        if (game_from_text(g, s, st->position, err, sizeof err)) {
            free(s);
            return cli_error(cmd, "%s", err);
        }
    } else {
        const char *setup = st->setup ? st->setup : game_default_setup(g);
        int rc = 0;
        if (game_setup(g, s, setup, players, st->seed_given ? st->seed : CLI_SEED_DEFAULT, err, sizeof err))
            rc = cli_error(cmd, "%s", err);
        else if (st->seed_given && !cli_setup_is_seeded(g, setup, players))
            rc = cli_error(cmd, "--seed applies to a random setup only, not to %s", setup);
        if (rc) {
            free(s);
            return rc;
        }
    }
    *gp = g;
    *out = s;
    return 0;
}

int cli_play_actions(const char *cmd, const game_def *g, void *s, const char *list)
{
    char word[64], err[256];
    int k = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len) {
            game_action a;
            snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
            k++;
            if (g->over(s))
                return cli_error(cmd, "--actions: action %d '%s': the game is over", k, word);
            if (g->action_from_text(s, word, &a, err, sizeof err))
                return cli_error(cmd, "--actions: action %d '%s': %s", k, word, err);
            g->apply(s, a);
        }
        p += len + (p[len] == ' ');
    }
    return 0;
}

void cli_result_text(const game_def *g, const void *s, char *who, size_t wn, char ending[64])
{
    int ranks[GAME_MAX_PLAYERS], players = g->players(s), first = 0, firsts = 0;
    char name[16];
    g->rank(s, ranks);
    snprintf(ending, 64, "%s", g->ending_names[g->ending(s)]);
    for (char *c = ending; *c; c++)
        if (*c == '_')
            *c = ' ';
    for (int k = 0; k < players; k++)
        if (ranks[k] == 0 && firsts++ == 0)
            first = k;
    if (firsts == 1) {
        snprintf(who, wn, "%s wins", game_seat_name(g, first, name));
        return;
    }
    size_t len = 0;
    who[0] = 0;
    for (int k = 0, i = 0; k < players && len < wn; k++)
        if (ranks[k] == 0)
            len += (size_t)snprintf(who + len, wn - len, "%s%s", i++ ? i == firsts ? " and " : ", " : "",
                                    game_seat_name(g, k, name));
    if (len < wn)
        snprintf(who + len, wn - len, " share first place");
}

void cli_scores_text(const game_def *g, const void *s, char *out, size_t n)
{
    double scores[GAME_MAX_PLAYERS];
    g->outcome(s, scores);
    size_t len = 0;
    out[0] = 0;
    for (int k = 0; k < g->players(s) && len < n; k++)
        len += (size_t)snprintf(out + len, n - len, "%s%g", k ? "-" : "", scores[k]);
}

int cli_canonical_spec(const char *cmd, const game_def *g, const char *spec, char out[REC_SPEC_MAX])
{
    char err[300];
    if (gplayer_canonical(g, spec, false, out, REC_SPEC_MAX, err, sizeof err))
        return cli_error(cmd, "%s", err);
    return 0;
}

int cli_seat_specs(const char *cmd, const game_def *g, int players, const cli_seats *so,
                   char specs[GAME_MAX_PLAYERS][REC_SPEC_MAX])
{
    const char *spec[GAME_MAX_PLAYERS] = { 0 };
    int nseat = so->seat ? so->seat->n : 0;
    int ways = !!so->players + !!(so->white || so->black) + !!nseat;
    if (ways > 1)
        return cli_error(cmd, "give --players SPEC, --seat K=SPEC ... or --white SPEC --black SPEC, not both");
    if (!ways)
        return cli_error(cmd, "give --players SPEC, --seat K=SPEC for every seat, or --white and --black");
    if ((so->white || so->black) && (players != 2 || !(so->white && so->black)))
        return cli_error(cmd, "--white and --black go together, and only in a 2-player game (seats 0 and 1)");
    spec[0] = so->white, spec[1] = so->black;
    for (int i = 0; so->players && i < players; i++)
        spec[i] = so->players;
    for (int i = 0; i < nseat; i++) {
        const char *item = so->seat->items[i], *eq = strchr(item, '=');
        int k = eq && eq - item == 1 && item[0] >= '0' && item[0] <= '9' ? item[0] - '0' : -1;
        if (k < 0 || k >= players)
            return cli_error(cmd, "bad --seat '%s' (expected K=SPEC with 0 <= K < %d)", item, players);
        if (spec[k])
            return cli_error(cmd, "--seat %d given twice", k);
        spec[k] = eq + 1;
    }
    int rc;
    for (int i = 0; i < players; i++)
        if (!spec[i])
            return cli_error(cmd, "no player for seat %d (--seat %d=SPEC)", i, i);
        else if ((rc = cli_canonical_spec(cmd, g, spec[i], specs[i])))
            return rc;
    return 0;
}

#define SHARDS_MAX 1000000

/* "K/N", 0 <= K < N <= SHARDS_MAX, each read by core/num (no spaces or signs). */
int cli_parse_shard(const char *cmd, const char *s, rec_run *run)
{
    const char *slash = strchr(s, '/');
    char *k_text = slash ? strndup(s, (size_t)(slash - s)) : NULL, why[160];
    uint64_t k, n;
    int rc = 0;
    if (slash && !k_text)
        rc = cli_error(cmd, "out of memory");
    else if (!slash)
        rc = cli_error(cmd, "bad --shard '%s' (expected K/N with 0 <= K < N <= %d)", MSG_PATH(s), SHARDS_MAX);
    else if (num_u64(slash + 1, 1, SHARDS_MAX, &n, why, sizeof why))
        rc = cli_error(cmd, "bad --shard '%s': N '%s' is %s", MSG_PATH(s), MSG_PATH(slash + 1), why);
    else if (num_u64(k_text, 0, n - 1, &k, why, sizeof why))
        rc = cli_error(cmd, "bad --shard '%s': K '%s' is %s", MSG_PATH(s), MSG_PATH(k_text), why);
    free(k_text);
    if (rc)
        return rc;
    run->shard = (uint32_t)k;
    run->shards = (uint32_t)n;
    return 0;
}
