/* test_bias_players.c — the first mover's edge fitted with the players'
 * strengths (eval/bias_players.h) on games drawn from known parameters,
 * and its bookkeeping: components, references, one-sided records,
 * clusters, players told apart by engine. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/prng.h"
#include "eval/bias_players.h"
#include "check.h"

#define ELO (400 / log(10.0))

static double logistic(double x)
{
    return 1 / (1 + exp(-x));
}

/* n games of kind k between a (first) and b, the first mover winning
 * with probability logistic(edge + sa - sb) (Elo); games 2m and 2m + 1
 * share a setup key and swap who moves first. */
static void play(bias_players_data *d, xoshiro256 *rng, int kind, const char *a, const char *b, double edge,
                 double sa, double sb, int n, uint64_t *key)
{
    for (int i = 0; i < n; i++) {
        const char *first = i & 1 ? b : a, *second = i & 1 ? a : b;
        double s1 = i & 1 ? sb : sa, s2 = i & 1 ? sa : sb;
        double p = logistic((edge + s1 - s2) / ELO);
        double u = (double)(xoshiro_next(rng) >> 11) / 9007199254740992.0;
        CHECK(bias_players_add(d, kind, 0, first, second, 7, u < p ? 1 : 0, *key) == 0);
        if (i & 1)
            ++*key;
    }
    ++*key;
}

static const bias_players_strength *find(const bias_players_result *r, const char *spec)
{
    for (int i = 0; i < r->nplayers; i++)
        if (!strcmp(r->player[i].who.spec, spec))
            return &r->player[i];
    return NULL;
}

/* Three players 0, +100 and +250 Elo, two kinds with edges -60 and +40
 * Elo; self-play at every strength and two matches.  The fit finds every
 * parameter within four robust standard errors (a fixed seed: the same
 * draw every run), and the errors are those of a few thousand games. */
static void recovers_the_model(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    xoshiro256 rng;
    xoshiro_seed(&rng, 20261127);
    uint64_t key = 1;
    const char *p[3] = { "ab:nodes=1000", "ab:nodes=4000", "ab:nodes=16000" };
    double s[3] = { 0, 100, 250 }, edge[2] = { -60, 40 };
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++)
            play(&d, &rng, k, p[i], p[i], edge[k], s[i], s[i], i == 0 ? 4000 : 3000, &key);
    play(&d, &rng, 0, p[1], p[0], edge[0], s[1], s[0], 2000, &key);
    play(&d, &rng, 1, p[2], p[1], edge[1], s[2], s[1], 2000, &key);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 2, &r) == 0);
    REQUIRE(r.fitted);
    CHECK(r.nplayers == 3 && r.components == 1 && r.separated == 0 && r.left_out == 0);
    CHECKF(r.games == 2 * 10000 + 4000 && r.clusters == (long)r.games / 2, "%llu games, %ld clusters",
           (unsigned long long)r.games, r.clusters);
    for (int k = 0; k < 2; k++) {
        const bias_players_kind *q = &r.kind[k];
        CHECKF(q->ok && fabs(q->elo - edge[k]) < 4 * q->se * ELO && q->se * ELO < 10, "kind %d: %.1f se %.1f", k,
               q->elo, q->se * ELO);
        CHECK(q->elo_ci.lo < q->elo && q->elo < q->elo_ci.hi);
        CHECK(fabs(q->score - logistic(q->edge)) < 1e-12 && q->score_ci.lo < q->score && q->score < q->score_ci.hi);
    }
    const bias_players_strength *p0 = find(&r, p[0]), *p1 = find(&r, p[1]), *p2 = find(&r, p[2]);
    REQUIRE(p0 && p1 && p2);
    CHECK(p0->reference && !p1->reference && !p2->reference); /* the most games */
    CHECK(p0->elo == 0 && p0->games == 8000 + 2000 && p1->against_others == 4000);
    CHECKF(fabs(p1->elo - 100) < 4 * p1->se && p1->se < 20, "%.1f se %.1f", p1->elo, p1->se);
    CHECKF(fabs(p2->elo - 250) < 4 * p2->se && p2->se < 30, "%.1f se %.1f", p2->elo, p2->se);
    bias_players_free(&d);
}

/* Which seat the first mover is, per kind: the one of every game of the
 * kind in the model, -1 where games differ in it or the kind has none; a
 * game the model leaves out (a kind out of range) does not count. */
static void first_seat_per_kind(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    for (int i = 0; i < 4; i++) {
        CHECK(bias_players_add(&d, 0, 0, "x", "x", 1, i & 1, (uint64_t)i) == 0);
        CHECK(bias_players_add(&d, 1, 1, "x", "x", 1, i & 1, (uint64_t)i) == 0);
        CHECK(bias_players_add(&d, 2, i & 1, "x", "x", 1, i & 1, (uint64_t)i) == 0);
    }
    CHECK(bias_players_add(&d, BIAS_PLAYERS_KINDS_MAX, 1, "x", "x", 1, 1, 9) == 0); /* left out */
    CHECK(d.left_out == 1);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 4, &r) == 0);
    CHECKF(r.kind[0].first_seat == 0 && r.kind[1].first_seat == 1 && r.kind[2].first_seat == -1 &&
               r.kind[3].first_seat == -1,
           "%d %d %d %d", r.kind[0].first_seat, r.kind[1].first_seat, r.kind[2].first_seat, r.kind[3].first_seat);
    bias_players_free(&d);
}

/* With self-play alone the edge is the first mover's observed share. */
static void self_play_edge_by_hand(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    for (int i = 0; i < 100; i++)
        CHECK(bias_players_add(&d, 1, 0, "x", "x", 1, i < 30 ? 1 : 0, (uint64_t)i) == 0);
    CHECK(bias_players_add(&d, 1, 0, "y", "y", 1, 0.5, 1000) == 0);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 3, &r) == 0);
    REQUIRE(r.fitted);
    CHECK(r.components == 2 && r.kind[0].games == 0 && r.kind[2].games == 0 && r.kind[1].games == 101);
    CHECKF(fabs(r.kind[1].score - 30.5 / 101) < 1e-4, "%f", r.kind[1].score);
    CHECK(r.player[0].reference && r.player[1].reference && !r.player[1].against_others);
    bias_players_free(&d);
}

/* Components, references and one-sided records: a beats b and c always
 * (neither a's nor their games against a can say how much stronger a is),
 * b and c play each other, d and e play each other, f only itself. */
static void components_and_unbounded_players(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    uint64_t key = 1;
    for (int i = 0; i < 10; i++) {
        CHECK(bias_players_add(&d, 0, 0, i & 1 ? "b" : "a", i & 1 ? "a" : "b", 1, i & 1 ? 0 : 1, key++) == 0);
        CHECK(bias_players_add(&d, 0, 0, "a", "c", 1, 1, key++) == 0);
    }
    for (int i = 0; i < 40; i++) {
        CHECK(bias_players_add(&d, 0, 0, i & 1 ? "c" : "b", i & 1 ? "b" : "c", 1, i % 3 ? 1 : 0, key++) == 0);
        CHECK(bias_players_add(&d, 0, 0, i & 1 ? "e" : "d", i & 1 ? "d" : "e", 1, i % 4 ? 0 : 1, key++) == 0);
        CHECK(bias_players_add(&d, 0, 0, "f", "f", 1, i & 1, key++) == 0);
    }
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0);
    REQUIRE(r.fitted);
    const bias_players_strength *a = find(&r, "a"), *b = find(&r, "b"), *c = find(&r, "c"), *dd = find(&r, "d"),
                                *e = find(&r, "e"), *f = find(&r, "f");
    REQUIRE(a && b && c && dd && e && f);
    CHECK(a->unbounded == 1 && r.separated == 20 && r.games == 3 * 40);
    CHECK(isnan(a->elo) && !interval_ok(a->elo_ci)); /* no estimate, not a zero */
    /* every game is counted; b's and c's with a are left out of the fit */
    CHECK(!b->unbounded && !c->unbounded && b->against_others == 50 && a->against_others == 20);
    CHECK(r.components == 4 && b->component == c->component && dd->component == e->component &&
          a->component != b->component && f->component != dd->component);
    /* b and c, d and e: as many games each; the first by spec is the reference */
    CHECK(b->reference && !c->reference && dd->reference && !e->reference && f->reference);
    CHECK(isfinite(c->elo) && isfinite(e->elo) && interval_ok(c->elo_ci));
    bias_players_free(&d);
}

/* The same spec from another engine is another player; past
 * BIAS_PLAYERS_MAX players the games are counted as left out. */
static void players_by_engine_and_the_limit(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    CHECK(bias_players_add(&d, 0, 0, "ab", "ab", 1, 1, 1) == 0);
    CHECK(bias_players_add(&d, 0, 0, "ab", "ab", 2, 0, 2) == 0);
    CHECK(d.n == 2);
    char spec[32];
    for (int i = 0; i < BIAS_PLAYERS_MAX; i++) {
        snprintf(spec, sizeof spec, "p%d", i);
        CHECK(bias_players_add(&d, 0, 0, spec, spec, 1, 0.5, 3) == 0);
    }
    CHECK(d.n == BIAS_PLAYERS_MAX && d.left_out == 2 && d.nrows == BIAS_PLAYERS_MAX);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0);
    CHECK(r.left_out == 2 && r.nplayers == BIAS_PLAYERS_MAX);
    bias_players_free(&d);
}

/* One setup for every game: one cluster, so no robust error and no
 * interval (rather than one from games taken as independent). */
static void one_cluster_has_no_interval(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    for (int i = 0; i < 50; i++)
        CHECK(bias_players_add(&d, 0, 0, "x", "x", 1, i % 3 == 0, 9) == 0);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0);
    CHECK(r.fitted && r.clusters == 1 && !r.kind[0].ok);
    CHECK(!interval_ok(r.player[0].elo_ci) && r.player[0].elo == 0 && r.player[0].reference);
    CHECK(!interval_ok(r.kind[0].score_ci) && !interval_ok(r.kind[0].elo_ci));
    bias_players_free(&d);
}

/* Self-play of three players with shares fixed by hand, each game its own
 * setup: the own edges are the logits of the shares, their errors the
 * delta method's, Cochran's Q and DerSimonian-Laird's pool as computed
 * here, and with no setup shared between players the Wald test is Q. */
static void own_edges_by_hand(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    const char *p[3] = { "a", "b", "c" };
    int wins[3] = { 300, 400, 450 }, n = 1000;
    uint64_t key = 1;
    for (int i = 0; i < 3; i++)
        for (int g = 0; g < n; g++)
            CHECK(bias_players_add(&d, 0, 0, p[i], p[i], 7, g < wins[i] ? 1 : 0, key++) == 0);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0);
    const bias_players_het *h = &r.het[0];
    REQUIRE(h->n == 3 && h->ok && h->df == 2);
    double e[3], v[3], sw = 0, swe = 0, sw2 = 0;
    for (int i = 0; i < 3; i++) {
        double m = wins[i] / (double)n;
        e[i] = log(m / (1 - m));
        /* the clustered variance of a mean over n one-game clusters: n/(n-1) m(1-m)/n */
        v[i] = (double)n / (n - 1) * m * (1 - m) / n / (m * (1 - m) * m * (1 - m));
        CHECKF(fabs(h->own[i].edge - e[i]) < 1e-12 && fabs(h->own[i].se - sqrt(v[i])) < 1e-9 &&
                   h->own[i].games == (uint64_t)n && !strcmp(r.player[h->own[i].player].who.spec, p[i]),
               "%d: %.6f se %.6f", i, h->own[i].edge, h->own[i].se);
        sw += 1 / v[i], swe += e[i] / v[i], sw2 += 1 / (v[i] * v[i]);
    }
    double fixed = swe / sw, q = 0;
    for (int i = 0; i < 3; i++)
        q += (e[i] - fixed) * (e[i] - fixed) / v[i];
    double tau2 = fmax(0, (q - 2) / (sw - sw2 / sw)), rw = 0, rwe = 0;
    for (int i = 0; i < 3; i++)
        rw += 1 / (v[i] + tau2), rwe += e[i] / (v[i] + tau2);
    CHECKF(fabs(h->q - q) < 1e-9 * q && fabs(h->wald - q) < 1e-6 * q && h->q_p < 1e-6, "Q %.4f (%.4f) Wald %.4f",
           h->q, q, h->wald);
    CHECKF(fabs(h->tau2 - tau2) < 1e-12 && tau2 > 0 && fabs(h->pooled - rwe / rw) < 1e-12 &&
               fabs(h->pooled_se - 1 / sqrt(rw)) < 1e-12,
           "tau2 %.6f (%.6f), pool %.6f (%.6f)", h->tau2, tau2, h->pooled, rwe / rw);
    CHECK(h->score_ci.lo < h->score && h->score < h->score_ci.hi && fabs(h->score - logistic(h->pooled)) < 1e-12);
    CHECK(fabs(h->i2 - (q - 2) / q) < 1e-12);
    /* Equal shares: no heterogeneity, and the pool is the fixed-effect mean. */
    static bias_players_data e2;
    memset(&e2, 0, sizeof e2);
    for (int i = 0; i < 3; i++)
        for (int g = 0; g < n; g++)
            CHECK(bias_players_add(&e2, 0, 0, p[i], p[i], 7, g < 400 ? 1 : 0, key++) == 0);
    REQUIRE(bias_players_analyse(&e2, 1, &r) == 0);
    CHECK(r.het[0].ok && fabs(r.het[0].q) < 1e-12 && r.het[0].tau2 == 0 && fabs(r.het[0].score - 0.4) < 1e-12);
    bias_players_free(&d);
    bias_players_free(&e2);
}

/* Two players on the same setups, their results tied setup by setup: the
 * edges' covariance is positive, so the Wald test (which knows it) finds
 * their difference more surely than Cochran's Q (which does not); a
 * player that always wins has no finite edge and no test. */
static void own_edges_share_setups(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    xoshiro256 rng;
    xoshiro_seed(&rng, 39);
    for (uint64_t key = 1; key <= 800; key++) {
        double u = (double)(xoshiro_next(&rng) >> 11) / 9007199254740992.0;
        double w = (double)(xoshiro_next(&rng) >> 11) / 9007199254740992.0;
        CHECK(bias_players_add(&d, 0, 0, "a", "a", 7, u < 0.40 ? 1 : 0, key) == 0);
        CHECK(bias_players_add(&d, 0, 0, "b", "b", 7, u < 0.40 || w < 0.08 ? 1 : 0, key) == 0);
    }
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0);
    const bias_players_het *h = &r.het[0];
    REQUIRE(h->ok && h->n == 2);
    CHECKF(h->wald > 3 * h->q && h->wald_p < h->q_p, "Wald %.2f, Q %.2f", h->wald, h->q);
    CHECK(bias_players_add(&d, 1, 0, "c", "c", 7, 1, 9001) == 0 && bias_players_add(&d, 1, 0, "c", "c", 7, 1, 9002) == 0);
    CHECK(bias_players_add(&d, 1, 0, "a", "a", 7, 0, 9003) == 0 && bias_players_add(&d, 1, 0, "a", "a", 7, 1, 9004) == 0);
    REQUIRE(bias_players_analyse(&d, 2, &r) == 0);
    CHECK(r.het[1].n == 2 && !r.het[1].ok && isinf(r.het[1].own[1].edge) && isnan(r.het[1].own[1].se));
    bias_players_free(&d);
}

/* A span's error is the difference's, from the covariance: against the
 * reference it is the player's own error; between two players it is below
 * the sum of their variances when they are measured through the same
 * games; the covariance's diagonal is the robust errors'. */
static void spans_from_the_covariance(void)
{
    static bias_players_data d;
    memset(&d, 0, sizeof d);
    xoshiro256 rng;
    xoshiro_seed(&rng, 1080);
    uint64_t key = 1;
    const char *p[3] = { "ab:nodes=1000", "ab:nodes=4000", "ab:nodes=16000" };
    play(&d, &rng, 0, p[0], p[0], -50, 0, 0, 4000, &key);
    play(&d, &rng, 0, p[1], p[0], -50, 150, 0, 1000, &key);
    play(&d, &rng, 0, p[2], p[1], -50, 300, 150, 1000, &key);
    static bias_players_result r;
    REQUIRE(bias_players_analyse(&d, 1, &r) == 0 && r.fitted);
    int i0 = (int)(find(&r, p[0]) - r.player), i1 = (int)(find(&r, p[1]) - r.player), i2 = (int)(find(&r, p[2]) - r.player);
    REQUIRE(r.player[i0].reference);
    double se, span = bias_players_span(&r, i0, i2, &se);
    CHECKF(fabs(span - r.player[i2].elo) < 1e-9 && fabs(se - r.player[i2].se) < 1e-9, "%.2f se %.2f (%.2f)", span,
           se, r.player[i2].se);
    double v1 = r.cov[i1 * BIAS_PLAYERS_MAX + i1], v2 = r.cov[i2 * BIAS_PLAYERS_MAX + i2];
    CHECK(fabs(sqrt(v1) - r.player[i1].se) < 1e-9 && r.cov[i1 * BIAS_PLAYERS_MAX + i2] > 0);
    span = bias_players_span(&r, i1, i2, &se);
    CHECKF(fabs(span - (r.player[i2].elo - r.player[i1].elo)) < 1e-9 && se * se < v1 + v2 && se > 0,
           "se %.2f against %.2f", se, sqrt(v1 + v2));
    CHECK(isnan(bias_players_span(&r, i1, 40, &se)) && isnan(se));
    bias_players_free(&d);
}

const test_case tests_bias_players[] = {
    { "bias_players_own_edges_by_hand", own_edges_by_hand },
    { "bias_players_own_edges_share_setups", own_edges_share_setups },
    { "bias_players_spans_from_the_covariance", spans_from_the_covariance },
    { "bias_players_recovers_the_model", recovers_the_model },
    { "bias_players_self_play_edge_by_hand", self_play_edge_by_hand },
    { "bias_players_first_seat_per_kind", first_seat_per_kind },
    { "bias_players_components_and_unbounded", components_and_unbounded_players },
    { "bias_players_by_engine_and_the_limit", players_by_engine_and_the_limit },
    { "bias_players_one_cluster_no_interval", one_cluster_has_no_interval },
    { NULL, NULL },
};
