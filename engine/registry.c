/* registry.c — the games, the contract every game is checked against, and
 * the defaults a command falls back on (game.h).
 *
 * The registry holds no list of its own: the build writes game_registered[]
 * (build/games.c, by engine/games.sh) from the GAME_REGISTER line in each
 * game's folder, so a game is added by adding its folder.  Before a caller
 * sees a game, the registry checks it against the contract (game_check: the
 * mandatory hooks, the state limit, every optional sub-table complete), then
 * runs its init() exactly once, under pthread_once.  A game that fails
 * either is left out of the list, and game_find() reports why. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"

/* build/games.c: every registered game, by ORDER then name; NULL-terminated. */
extern const game_def *const game_registered[];
/* More games than any tree holds (a game past it would be left out). */
#define GAMES_MAX 64

/* ---- the contract ---- */

/* Each check names the member it wants, so that the refusal says what is
 * missing: "game 'x': mandatory hook 'legal' is missing". */
#define NEED(cond, what)                                                                             \
    do {                                                                                             \
        if (!(cond)) {                                                                               \
            snprintf(err, n, "game '%.40s': %s", name, what);                                        \
            return -1;                                                                               \
        }                                                                                            \
    } while (0)
#define HOOK(member) NEED(g->member, "mandatory hook '" #member "' is missing")
#define SUB(table, member) NEED(g->table->member, "sub-table '" #table "' lacks '" #member "'")

static bool names_ok(const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (!names[i] || !names[i][0])
            return false;
    return true;
}

static int check_tables(const game_def *g, bool ready, const char *name, char *err, size_t n);

/* A parameter's key: what a game spec can write and a reader split on
 * (no ':', ',' or '='). */
static bool key_ok(const char *k)
{
    if (!k || !(*k >= 'a' && *k <= 'z'))
        return false;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '_'))
            return false;
    return true;
}

/* A value as a spec writes it: a word of letters, digits, '-', '+', '.'
 * or '_' (what needs no quoting in a spec, a shell or a file name). */
static bool word_ok(const char *w)
{
    if (!w || !*w || strlen(w) > 16)
        return false;
    for (; *w; w++)
        if (!((*w >= 'a' && *w <= 'z') || (*w >= 'A' && *w <= 'Z') || (*w >= '0' && *w <= '9') || strchr("-+._", *w)))
            return false;
    return true;
}

/* One parameter: a key, help, a default among its allowed values. */
static int check_param(const game_param *p, const char *name, char *err, size_t n)
{
    NEED(key_ok(p->name), "a parameter's name must be a lowercase letter, then lowercase letters, digits or '_'");
    NEED(p->help && p->help[0] && p->dflt, "a parameter lacks help or a default");
    if (p->values) {
        NEED(p->values[0], "a parameter's list of values is empty");
        bool found = false;
        for (int i = 0; p->values[i]; i++) {
            NEED(word_ok(p->values[i]), "a parameter's value must be a word of at most 16 letters, digits, '-', '+', "
                                        "'.' or '_'");
            for (int j = 0; j < i; j++)
                NEED(strcmp(p->values[i], p->values[j]), "a parameter lists a value twice");
            found |= !strcmp(p->values[i], p->dflt);
        }
        NEED(found, "a parameter's default is not one of its values");
        return 0;
    }
    NEED(p->min <= p->max, "a parameter's range is empty (min above max)");
    NEED(p->scale >= 0 && p->scale <= 1000, "a parameter's scale must be 0 to 1000");
    long d;
    char why[80], again[32];
    NEED(!game_param_parse(p, p->dflt, &d, why, sizeof why) &&
         (game_param_format(p, d, again, sizeof again), !strcmp(again, p->dflt)),
         "a parameter's default is not a number in its range, written as a canonical spec writes it");
    return 0;
}

/* The parameters and their hook go together, each table entry complete,
 * every key once, at most GAME_PARAMS_MAX; a variant (game_find's copy)
 * has its base's table and values for it. */
static int check_params(const game_def *g, const char *name, char *err, size_t n)
{
    NEED(!g->base == !g->param_values, "base and param_values go together (a variant's, game_find)");
    NEED(!g->base || (!g->base->base && g->base->params == g->params), "a variant's base is a registered game "
                                                                       "with its parameters");
    NEED(!g->params == !g->set_params, "params and set_params go together");
    if (!g->params)
        return 0;
    int count = 0;
    for (const game_param *p = g->params; p->name; p++, count++) {
        NEED(count < GAME_PARAMS_MAX, "more parameters than GAME_PARAMS_MAX");
        if (check_param(p, name, err, n))
            return -1;
        for (const game_param *q = g->params; q < p; q++)
            NEED(strcmp(p->name, q->name), "two parameters have one name");
    }
    NEED(count > 0, "the parameter table is empty");
    return 0;
}

/* ready: the game's init() has run, so the tables it fills (TZAAR's
 * feature names, TRID's setup names) can be checked too. */
static int check(const game_def *g, bool ready, char *err, size_t n)
{
    const char *name = g->name && g->name[0] ? g->name : "(no name)";
    NEED(g->name && g->name[0], "mandatory member 'name' is missing");
    HOOK(title);
    HOOK(rules_version);
    NEED(g->min_players >= 1 && g->min_players <= g->max_players && g->max_players <= GAME_MAX_PLAYERS,
         "min_players..max_players must lie within 1..GAME_MAX_PLAYERS");
    NEED(!g->default_players || (g->default_players >= g->min_players && g->default_players <= g->max_players),
         "default_players lies outside min_players..max_players");
    NEED(g->state_size > 0, "state_size is 0");
    if (g->state_size > GAME_STATE_MAX) {
        snprintf(err, n, "game '%.40s': state_size %zu is over GAME_STATE_MAX (%d)", name, g->state_size,
                 GAME_STATE_MAX);
        return -1;
    }
    NEED(g->max_actions > 0, "max_actions must be positive");
    NEED(g->setup_names, "mandatory member 'setup_names' is missing");
    NEED(!ready || g->setup_names[0], "setup_names is empty");
    if (ready && g->default_setup) {
        bool found = false;
        for (int i = 0; g->setup_names[i]; i++)
            found |= !strcmp(g->setup_names[i], g->default_setup);
        NEED(found, "default_setup is not one of setup_names");
    }
    HOOK(setup);
    HOOK(permute);
    HOOK(players);
    HOOK(to_act);
    HOOK(legal);
    HOOK(apply);
    HOOK(over);
    HOOK(outcome);
    NEED(g->score_max > 0, "score_max must be positive");
    NEED(g->score_denominator >= 0, "score_denominator is negative");
    HOOK(rank);
    NEED(g->ending_names, "mandatory member 'ending_names' is missing");
    NEED(!ready || g->ending_names[0], "ending_names is empty");
    HOOK(ending);
    HOOK(turns);
    HOOK(to_text);
    HOOK(from_text);
    HOOK(action_to_text);
    HOOK(action_from_text);
    if (ready && g->seat_names)
        NEED(names_ok(g->seat_names, g->max_players), "seat_names has fewer names than max_players");
    return check_tables(g, ready, name, err, n);
}

/* The optional sub-tables: a game may leave one out (NULL), but one it
 * declares must be complete, since drivers test only the table's pointer. */
static int check_tables(const game_def *g, bool ready, const char *name, char *err, size_t n)
{
    if (g->codec) {
        SUB(codec, encode_start);
        SUB(codec, decode_start);
        SUB(codec, encode_action);
        SUB(codec, decode_action);
    }
    if (g->scoring) {
        NEED(g->scoring->nscore_parts >= 1, "sub-table 'scoring' lacks 'nscore_parts'");
        SUB(scoring, score_part_names);
        SUB(scoring, score_parts);
        NEED(!ready || names_ok(g->scoring->score_part_names, g->scoring->nscore_parts), "scoring: a score part has no name");
    }
    if (g->tuning) {
        NEED(g->tuning->nfeatures >= 1 && g->tuning->nfeatures <= GAME_MAX_FEATURES,
             "sub-table 'tuning': nfeatures must lie within 1..GAME_MAX_FEATURES");
        NEED(g->tuning->nfeatures_required >= 0 && g->tuning->nfeatures_required <= g->tuning->nfeatures,
             "sub-table 'tuning': nfeatures_required lies outside 0..nfeatures");
        SUB(tuning, feature_names);
        SUB(tuning, features);
        NEED(!ready || names_ok(g->tuning->feature_names, g->tuning->nfeatures), "tuning: a feature has no name");
    }
    if (g->study) {
        NEED(g->study->nstart_features >= 1 && g->study->nstart_features <= GAME_MAX_FEATURES,
             "sub-table 'study': nstart_features must lie within 1..GAME_MAX_FEATURES");
        SUB(study, start_feature_names);
        SUB(study, start_features);
        NEED(!ready || names_ok(g->study->start_feature_names, g->study->nstart_features),
             "study: a start feature has no name");
    }
    if (g->bench) {
        SUB(bench, positions);
        SUB(bench, perft);
    }
    if (g->solver) {
        SUB(solver, method);
        SUB(solver, create);
        SUB(solver, clear);
        SUB(solver, solve);
        SUB(solver, destroy);
    }
    if (g->view) { /* the drawing: every member required (game.h) */
        SUB(view, viewbox);
        SUB(view, legend);
        SUB(view, board);
        SUB(view, pieces);
        SUB(view, stage);
        SUB(view, seat_style);
    }
    if (g->formats) { /* each external format complete, and at least one */
        NEED(g->formats[0], "sub-table 'formats' is empty");
        for (const game_format *const *f = g->formats; *f; f++) {
            NEED((*f)->name && (*f)->name[0], "sub-table 'formats' lacks 'name'");
            NEED((*f)->help, "sub-table 'formats' lacks 'help'");
            NEED((*f)->import_text, "sub-table 'formats' lacks 'import_text'");
            NEED((*f)->export_game, "sub-table 'formats' lacks 'export_game'");
            for (const game_format *const *e = g->formats; e < f; e++)
                NEED(strcmp((*e)->name, (*f)->name), "sub-table 'formats' names a format twice");
        }
    }
    if (g->records_v1)
        SUB(records_v1, decode_game);
    if (g->nn) {
        SUB(nn, feature_set);
        SUB(nn, active);
        NEED(g->nn->ninputs >= 1 && g->nn->ninputs <= 65535, "sub-table 'nn': ninputs must lie within 1..65535");
        NEED(g->nn->max_active >= 1 && g->nn->max_active <= GAME_NN_ACTIVE_MAX,
             "sub-table 'nn': max_active must lie within 1..GAME_NN_ACTIVE_MAX");
        NEED(g->nn->nsymmetries >= 0, "sub-table 'nn': nsymmetries is negative");
        NEED(!g->nn->nsymmetries == !g->nn->image, "sub-table 'nn': nsymmetries and image go together");
        NEED(g->nn->feature_set[0] && strlen(g->nn->feature_set) < 48, "sub-table 'nn': feature_set must be 1..47 characters");
    }
    if (check_params(g, name, err, n))
        return -1;
    if (g->player_kinds)
        for (const game_player_kind *const *k = g->player_kinds; *k; k++)
            NEED((*k)->name && (*k)->create && (*k)->choose && (*k)->destroy,
                 "a player kind lacks name, create, choose or destroy");
    return 0;
}

int game_check(const game_def *g, char *err, size_t n)
{
    return check(g, true, err, n);
}

int game_capabilities(const game_def *g, char *out, size_t n)
{
    const struct {
        bool has;
        const char *word;
    } caps[] = {
        { g->codec != NULL, "codec" },     { g->scoring != NULL, "scoring" },
        { g->tuning != NULL, "tuning" },   { g->study != NULL, "study" },
        { g->bench != NULL, "bench" },     { g->solver != NULL, "solver" },
        { g->view != NULL, "drawing" }, { g->board_text != NULL, "board" },
        { g->player_kinds != NULL, "players" }, { g->actions_left != NULL, "timing" },
        { g->formats != NULL, "formats" }, { g->symmetry_key != NULL, "symmetry" },
        { g->nn != NULL, "network" },
    };
    size_t len = 0;
    if (n)
        out[0] = 0;
    for (size_t i = 0; i < sizeof caps / sizeof *caps; i++)
        if (caps[i].has && len < n)
            len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", caps[i].word);
    return (int)(len < n ? len : n ? n - 1 : 0);
}

/* ---- the defaults ---- */

int game_default_players(const game_def *g)
{
    return g->default_players ? g->default_players : g->min_players;
}

const char *game_default_setup(const game_def *g)
{
    return g->default_setup ? g->default_setup : g->setup_names[0];
}

const char *game_default_player(const game_def *g)
{
    return g->default_player ? g->default_player : "mcts";
}

const char *game_seat_name(const game_def *g, int seat, char name[16])
{
    if (g->seat_names && seat >= 0 && seat < g->max_players)
        return g->seat_names[seat];
    snprintf(name, 16, "seat %d", seat);
    return name;
}

/* ---- the registry ---- */

/* Whether a game before games[i] has its name: the first keeps it. */
static bool named_before(const game_def *const *games, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (games[j]->name && !strcmp(games[j]->name, games[i]->name))
            return true;
    return false;
}

void game_registry_build(const game_def *const *games, size_t count, const game_def **ready,
                         char (*failed)[GAME_REFUSAL_MAX])
{
    size_t k = 0;
    const game_def *v1 = NULL; /* the game whose records format 1 is (one at most) */
    for (size_t i = 0; i < count; i++) {
        const game_def *g = games[i];
        char err[160] = "";
        failed[i][0] = 0;
        if (check(g, false, err, sizeof err)) /* before init(): the hooks and the state limit */
            snprintf(failed[i], GAME_REFUSAL_MAX, "refused at registration: %s", err);
        else if (g->base)
            snprintf(failed[i], GAME_REFUSAL_MAX, "refused at registration: game '%.40s': a registered game is "
                     "no variant (base is game_find()'s)", g->name);
        else if (named_before(games, i))
            snprintf(failed[i], GAME_REFUSAL_MAX, "refused at registration: game '%.40s': another registered game "
                     "has that name (a copied folder whose game_def kept its name?)", g->name);
        else if (g->records_v1 && v1)
            snprintf(failed[i], GAME_REFUSAL_MAX, "refused at registration: game '%.40s': records format 1 is "
                     "already game '%.40s''s (sub-table 'records_v1')", g->name, v1->name);
        else if (g->init && g->init(err, sizeof err))
            snprintf(failed[i], GAME_REFUSAL_MAX, "game '%s' failed to initialise: %s", g->name,
                     err[0] ? err : "no reason given");
        else if (check(g, true, err, sizeof err)) /* what init() filled in */
            snprintf(failed[i], GAME_REFUSAL_MAX, "refused at registration: %s", err);
        else {
            ready[k++] = g;
            if (g->records_v1)
                v1 = g;
        }
    }
    ready[k] = NULL;
}

/* The registry's state is process-wide by nature (the games are static
 * tables the whole program shares); pthread_once makes its one write safe. */
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
static size_t ngames;
static const game_def *ready[GAMES_MAX + 1];
static char failed[GAMES_MAX][GAME_REFUSAL_MAX]; /* why game_registered[i] is not ready, or "" */

static void init_all(void)
{
    while (game_registered[ngames] && ngames < GAMES_MAX)
        ngames++;
    game_registry_build(game_registered, ngames, ready, failed);
}

const game_def *const *game_list(void)
{
    pthread_once(&registry_once, init_all);
    return ready;
}

const game_def *game_default(void)
{
    for (const game_def *const *g = game_list(); *g; g++)
        if (!(*g)->testing_only)
            return *g;
    return NULL;
}

const game_def *game_find_registered(const char *name, char *err, size_t n)
{
    pthread_once(&registry_once, init_all);
    for (size_t i = 0; i < ngames; i++)
        if (!strcmp(name, game_registered[i]->name)) {
            if (failed[i][0]) {
                snprintf(err, n, "%s", failed[i]);
                return NULL;
            }
            return game_registered[i];
        }
    /* "unknown game 'x' (known: tzaar; test games: race3)" */
    size_t len = (size_t)snprintf(err, n, "unknown game '%.64s' (known:", name);
    for (int testing = 0; testing < 2; testing++) {
        const char *sep = testing ? "; test games: " : " ";
        for (size_t i = 0; i < ngames && len < n; i++)
            if (game_registered[i]->testing_only == testing) {
                len += (size_t)snprintf(err + len, n - len, "%s%s", sep, game_registered[i]->name);
                sep = ", ";
            }
    }
    if (len < n)
        snprintf(err + len, n - len, ")");
    return NULL;
}
