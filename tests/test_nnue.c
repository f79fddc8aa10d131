/* test_nnue.c — the learned evaluation (engine/nnue.h) for every game
 * with network features: the features kept action by action equal the
 * features computed from scratch, the accumulators kept that way equal
 * the ones summed again, the integer network stays within NN_QUANT_BOUND
 * of the float one, and network files that are damaged, cut short or for
 * another game are refused with one line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/nnue.h"

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The players each game is played with here (its default count, and one
 * more where it takes more). */
static int player_counts(const game_def *g, int out[3])
{
    int n = 0, d = game_default_players(g);
    out[n++] = d;
    if (d + 1 <= g->max_players)
        out[n++] = d + 1;
    if (g->min_players < d)
        out[n++] = g->min_players;
    return n;
}

/* Plays random games of g from each setup, calling visit after every
 * action with the state before, the action and the state after. */
typedef void (*visit_fn)(const game_def *g, const void *before, game_action a, const void *after, void *ctx);
static int random_games(const game_def *g, int players, int games, uint64_t seed, visit_fn visit, void *ctx)
{
    unsigned char s[GAME_STATE_MAX], t[GAME_STATE_MAX];
    game_action legal[4096];
    char err[256];
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    int actions = 0;
    for (int k = 0; k < games; k++) {
        int nsetups = 0;
        while (g->setup_names[nsetups])
            nsetups++;
        const char *setup = g->setup_names[k % nsetups];
        if (g->setup(s, setup, players, xoshiro_next(&rng), err, sizeof err))
            continue;
        for (int ply = 0; ply < 400 && !g->over(s); ply++) {
            int n = g->legal(s, legal);
            if (n <= 0)
                break;
            game_action a = legal[xoshiro_below(&rng, (uint64_t)n)];
            memcpy(t, s, g->state_size);
            g->apply(t, a);
            visit(g, s, a, t, ctx);
            memcpy(s, t, g->state_size);
            actions++;
        }
    }
    return actions;
}

typedef struct feat_ctx {
    int bad, checked;
    char first[200];
} feat_ctx;

static void check_changes(const game_def *g, const void *before, game_action a, const void *after, void *ctx)
{
    feat_ctx *c = ctx;
    for (int q = 0; q < g->players(before); q++) {
        uint16_t set[2 * GAME_NN_ACTIVE_MAX + 8], want[GAME_NN_ACTIVE_MAX];
        int n = g->nn->active(before, q, set), m = g->nn->active(after, q, want);
        game_nn_delta d;
        if (g->nn->changes)
            g->nn->changes(before, a, after, q, &d);
        else
            nn_changes_by_diff(g, before, after, q, &d);
        /* before's set minus remove plus add, as a sorted multiset */
        qsort(set, (size_t)n, sizeof *set, cmp_u16);
        bool ok = n <= g->nn->max_active && m <= g->nn->max_active;
        for (int i = 0; i < d.nremove && ok; i++) {
            uint16_t *hit = bsearch(&d.remove[i], set, (size_t)n, sizeof *set, cmp_u16);
            ok = hit != NULL;
            if (ok) {
                memmove(hit, hit + 1, sizeof *set * (size_t)(set + n - hit - 1));
                n--;
            }
        }
        for (int i = 0; i < d.nadd && ok; i++) {
            ok = d.add[i] < g->nn->ninputs;
            set[n++] = d.add[i];
            qsort(set, (size_t)n, sizeof *set, cmp_u16);
        }
        qsort(want, (size_t)m, sizeof *want, cmp_u16);
        ok = ok && n == m && !memcmp(set, want, sizeof *set * (size_t)m);
        for (int i = 0; ok && i < m; i++)
            ok = want[i] < g->nn->ninputs && (i == 0 || want[i] != want[i - 1]);
        c->checked++;
        if (!ok && c->bad++ == 0) {
            char text[64];
            g->action_to_text(before, a, text, sizeof text);
            snprintf(c->first, sizeof c->first, "%s: seat %d's features after %s", g->name, q, text);
        }
    }
}

static void nn_changes_equal_features_from_scratch(void)
{
    int games = 0;
    for (const game_def *const *gp = game_list(); *gp; gp++) {
        const game_def *g = *gp;
        if (!g->nn)
            continue;
        int counts[3], nc = player_counts(g, counts);
        for (int i = 0; i < nc; i++) {
            feat_ctx c = { 0 };
            int n = random_games(g, counts[i], 12, 0x6e6e + (uint64_t)i, check_changes, &c);
            CHECKF(c.bad == 0, "%d of %d wrong; the first: %s", c.bad, c.checked, c.first);
            CHECKF(n > 100, "%s, %d players: only %d actions played", g->name, counts[i], n);
        }
        games++;
    }
    CHECKF(games >= 1, "no game has network features");
}

/* A model with weights of the size training gives them. */
static int random_model(nn_model *m, const game_def *g, int persp, int h, uint64_t seed)
{
    nn_shape s = { g->nn->ninputs, persp, h, 16, nn_outputs(persp) };
    char err[200];
    if (nn_model_init(m, g, &s, err, sizeof err))
        return -1;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    double a1 = 1.0 / g->nn->max_active;
    for (size_t i = 0; i < m->nparams; i++) {
        double u = (double)(xoshiro_next(&rng) >> 11) * 0x1p-53 * 2 - 1;
        float *p = &m->params[i];
        *p = (float)(p < m->b1 ? u * 4 * a1 : p < m->w2 ? 0.3 + 0.2 * u : p < m->w3 ? u * 0.25 : u);
    }
    m->scale = 100;
    return 0;
}

typedef struct acc_ctx {
    const nn_net *net;
    const nn_model *model;
    nn_acc acc;
    nn_frame frame;                   /* kept by nn_frame_child alongside */
    int frame_bad;
    double value_asym;                /* two seats: |value(0) + value(1)| at worst */
    bool fresh;
    int bad, checked;
    double worst;
} acc_ctx;

static void check_acc(const game_def *g, const void *before, game_action a, const void *after, void *ctx)
{
    acc_ctx *c = ctx;
    int p = c->net->shape.persp;
    if (g->players(before) != p)
        return;
    nn_acc want, next;
    nn_acc_from_state(c->net, g, before, &want);
    bool same = true;
    for (int q = 0; q < p; q++)
        same = same && !memcmp(want.v[q], c->acc.v[q], sizeof(int16_t) * (size_t)c->net->shape.h);
    if (c->fresh || !same) {
        if (!c->fresh)
            c->bad++;
        c->acc = want;
        nn_frame_root(c->net, g, before, &c->frame);
    }
    c->fresh = false;
    nn_acc_after(c->net, g, before, a, after, &c->acc, &next);
    nn_frame f;
    nn_frame_child(c->net, g, &c->frame, after, &f);
    for (int q = 0; q < p; q++)
        c->frame_bad += memcmp(f.acc.v[q], next.v[q], sizeof(int16_t) * (size_t)c->net->shape.h) != 0;
    c->frame = f;
    c->acc = next;
    c->checked++;
    if (g->over(after)) {
        c->fresh = true;
        return;
    }
    if (p == 2)
        c->value_asym = fmax(c->value_asym, fabs(nn_value(c->net, g, after, &c->acc, 0) +
                                                 nn_value(c->net, g, after, &c->acc, 1)));
    /* the integer output against the float one */
    int32_t z[NN_PERSP_MAX];
    float zf[NN_PERSP_MAX];
    uint16_t feat[NN_PERSP_MAX][GAME_NN_ACTIVE_MAX];
    const uint16_t *act[NN_PERSP_MAX];
    int count[NN_PERSP_MAX], t = g->to_act(after);
    for (int k = 0; k < p; k++) {
        count[k] = g->nn->active(after, (t + k) % p, feat[k]);
        act[k] = feat[k];
    }
    nn_eval_acc(c->net, g, after, &c->acc, z);
    nn_model_forward(c->model, act, count, zf);
    for (int o = 0; o < c->net->shape.nout; o++)
        c->worst = fmax(c->worst, fabs((double)z[o] / NN_OUT_ONE - zf[o]));
}

static void nn_accumulators_kept_equal_summed_and_float(void)
{
    for (const game_def *const *gp = game_list(); *gp; gp++) {
        const game_def *g = *gp;
        if (!g->nn)
            continue;
        int counts[3], nc = player_counts(g, counts);
        for (int i = 0; i < nc; i++) {
            nn_model m;
            nn_net net;
            char err[300];
            REQUIRE(!random_model(&m, g, counts[i], 32, 7 + (uint64_t)i));
            int rc = nn_net_make(&net, &m, g, err, sizeof err);
            CHECKF(rc == 0, "%s: %s", g->name, err);
            if (rc) {
                nn_model_free(&m);
                continue;
            }
            acc_ctx c = { .net = &net, .model = &m, .fresh = true };
            random_games(g, counts[i], 8, 0x616363 + (uint64_t)i, check_acc, &c);
            CHECKF(c.bad == 0 && c.checked > 50, "%s, %d players: %d of %d accumulators differ", g->name,
                   counts[i], c.bad, c.checked);
            CHECKF(c.worst <= NN_QUANT_BOUND, "%s, %d players: integer output %.4f from the float one (bound %.2f)",
                   g->name, counts[i], c.worst, NN_QUANT_BOUND);
            CHECKF(c.frame_bad == 0, "%s, %d players: %d frames differ from the accumulators", g->name, counts[i],
                   c.frame_bad);
            CHECKF(c.value_asym < 1e-9, "%s: the two seats' values do not sum to 0 (%g)", g->name, c.value_asym);
            nn_net_free(&net);
            nn_model_free(&m);
        }
    }
}

/* ---- files ---- */

static const game_def *first_nn_game(void)
{
    for (const game_def *const *gp = game_list(); *gp; gp++)
        if ((*gp)->nn)
            return *gp;
    return NULL;
}

static const game_def *other_game(const game_def *g)
{
    for (const game_def *const *gp = game_list(); *gp; gp++)
        if (*gp != g)
            return *gp;
    return NULL;
}

static bool refused(const unsigned char *data, size_t len, const game_def *want, const char *expect)
{
    nn_model m;
    char err[300] = "";
    int rc = nn_model_parse(&m, data, len, "x.nn", want, err, sizeof err);
    if (rc == 0) {
        nn_model_free(&m);
        fprintf(stderr, "  accepted, expected '%s'\n", expect);
        return false;
    }
    if (!strstr(err, expect) || !strstr(err, "x.nn") || strchr(err, '\n'))
        fprintf(stderr, "  refused with '%s', expected '%s'\n", err, expect);
    return strstr(err, expect) && strstr(err, "x.nn") && !strchr(err, '\n');
}

/* Rewrites the CRC after a change, so the parser looks past it. */
static void recrc(unsigned char *d, size_t len);

static void nn_files_round_trip_and_hostile_ones_are_refused(void)
{
    const game_def *g = first_nn_game(), *o = other_game(g);
    REQUIRE(g && o);
    nn_model m, back;
    REQUIRE(!random_model(&m, g, game_default_players(g), 16, 3));
    m.about = strdup("triad train ...");
    unsigned char *d;
    size_t len;
    char err[300];
    REQUIRE(!nn_model_serialise(&m, &d, &len, err, sizeof err));
    REQUIRE(!nn_model_parse(&back, d, len, "x.nn", g, err, sizeof err));
    CHECK(back.nparams == m.nparams && !memcmp(back.params, m.params, m.nparams * sizeof *m.params));
    CHECK(back.scale == m.scale && !strcmp(back.about, m.about) && !strcmp(back.game, g->name));
    CHECK(d[8] == 1 && back.flags == 0); /* no flags: version 1, the bytes of every earlier file */
    nn_model_free(&back);

    /* A residual network: version 2 with its flags word, read back; a flag
     * this triad does not know is refused. */
    m.flags = NN_FLAG_LINEAR;
    unsigned char *r;
    size_t rlen;
    REQUIRE(!nn_model_serialise(&m, &r, &rlen, err, sizeof err));
    CHECK(r[8] == 2 && rlen == len + 4);
    REQUIRE(!nn_model_parse(&back, r, rlen, "r.nn", g, err, sizeof err));
    CHECK(back.flags == NN_FLAG_LINEAR && back.nparams == m.nparams &&
          !memcmp(back.params, m.params, m.nparams * sizeof *m.params) && !strcmp(back.about, m.about));
    nn_model_free(&back);
    r[8 + 4 + 2 * NN_NAME_MAX + 20 + 4] = 3; /* flags 3 */
    recrc(r, rlen);
    CHECK(refused(r, rlen, g, "unknown flags"));
    r[8 + 4 + 2 * NN_NAME_MAX + 20 + 4] = 0; /* flags 0 in a version 2 file */
    recrc(r, rlen);
    CHECK(refused(r, rlen, g, "unknown flags"));
    free(r);
    m.flags = 0;

    CHECK(refused(d, len, o, "not "));            /* another game */
    CHECK(refused(d, len - 1, g, "corrupt"));     /* cut short: the CRC no longer fits */
    CHECK(refused(d, 7, g, "not a triad network"));
    unsigned char *c = malloc(len);
    REQUIRE(c);
    for (size_t at = 8; at < len; at += len / 97 + 1) { /* any flipped byte */
        memcpy(c, d, len);
        c[at] ^= 0x5a;
        CHECKF(refused(c, len, g, "corrupt"), "byte %zu flipped", at);
    }
    memcpy(c, d, len);
    c[8] = 9; /* version 9, CRC made good */
    recrc(c, len);
    CHECK(refused(c, len, g, "version 9"));
    memcpy(c, d, len);
    c[8 + 4 + 2 * NN_NAME_MAX + 8] = 7; /* h = 7: not a multiple of 16 */
    recrc(c, len);
    CHECK(refused(c, len, g, "multiple of 16"));
    memcpy(c, d, len);
    memcpy(c + len - 8, "\xff\xff\xff\x7f", 4); /* a NaN parameter */
    recrc(c, len);
    CHECK(refused(c, len, g, "finite"));
    memcpy(c, d, len);
    c[8 + 4 + 2 * NN_NAME_MAX + 20 + 4 + 4 + 5] = 0; /* a NUL inside the description */
    recrc(c, len);
    CHECK(refused(c, len, g, "NUL"));
    /* every cut, its CRC made good: truncated, never read past the end */
    int cuts = 0;
    for (size_t cut = 12; cut < len; cut += (cut < 300 ? 1 : len / 50)) {
        memcpy(c, d, cut);
        recrc(c, cut);
        nn_model t;
        if (!nn_model_parse(&t, c, cut, "x.nn", g, err, sizeof err)) {
            nn_model_free(&t);
            CHECKF(0, "cut at %zu of %zu accepted", cut, len);
        }
        cuts++;
    }
    CHECK(cuts > 100);
    free(c);
    free(d);
    nn_model_free(&m);
}

static void recrc(unsigned char *d, size_t len)
{
    extern uint32_t fio_crc32(uint32_t crc, const void *data, size_t len);
    uint32_t crc = fio_crc32(0, d, len - 4);
    for (int i = 0; i < 4; i++)
        d[len - 4 + (size_t)i] = (unsigned char)(crc >> (8 * i));
}

static void nn_net_refuses_a_model_its_integers_cannot_hold(void)
{
    const game_def *g = first_nn_game();
    REQUIRE(g);
    nn_model m;
    nn_net net;
    char err[300];
    REQUIRE(!random_model(&m, g, game_default_players(g), 16, 5));
    for (int i = 0; i < m.shape.ninputs; i++)
        m.w1[(size_t)i * 16 + 3] = 4.5f; /* max_active of them overflow int16 */
    CHECK(nn_net_make(&net, &m, g, err, sizeof err) == -1 && strstr(err, "overflow"));
    m.w2[0] = 3; /* beyond NN_W2_MAX */
    CHECK(nn_net_make(&net, &m, g, err, sizeof err) == -1 && strstr(err, "hidden layer"));
    nn_model_free(&m);
}

const test_case tests_nnue[] = {
    { "nn_changes_equal_features_from_scratch", nn_changes_equal_features_from_scratch },
    { "nn_accumulators_kept_equal_summed_and_float", nn_accumulators_kept_equal_summed_and_float },
    { "nn_files_round_trip_and_hostile_ones_are_refused", nn_files_round_trip_and_hostile_ones_are_refused },
    { "nn_net_refuses_a_model_its_integers_cannot_hold", nn_net_refuses_a_model_its_integers_cannot_hold },
    { NULL, NULL },
};
