/* test_trid_pos.c — TRID's hot path (engine/trid/pos.h, movegen.h,
 * features.h) against the plain definitions, over random games on every
 * board and player count: make then unmake gives back the position byte
 * for byte, what make keeps up to date is what the state gives, the
 * evaluation's action counts are the lengths of the action lists, the
 * features are those computed from the lists, and the board's tables
 * (triangles by corner pair, lines, slides) agree with its geometry.  The
 * rules themselves are checked against the naive engine in
 * test_trid_diff.c. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "core/prng.h"
#include "engine/game.h"
#include "engine/trid/features.h"
#include "engine/trid/movegen.h"
#include "engine/trid/perft.h"
#include "engine/trid/player.h"
#include "engine/trid/setup.h"
#include "engine/trid/text.h"

#ifdef TRIAD_DEBUG
#define GAMES 6
#else
#define GAMES 30
#endif

static const game_def *trid(void)
{
    char err[256];
    const game_def *g = game_find("trid", err, sizeof err);
    if (!g)
        check_fail(__FILE__, __LINE__, "%s", err);
    return g;
}

/* The bytes of p that make changes and unmake must give back. */
static bool same_pos(const trid_pos *a, const trid_pos *b)
{
    int n = a->b->ncells;
    return !memcmp(&a->s, &b->s, sizeof a->s) && !memcmp(a->occ, b->occ, (size_t)n) &&
           !memcmp(&a->all, &b->all, sizeof a->all) && !memcmp(a->seat, b->seat, sizeof a->seat) &&
           !memcmp(a->line, b->line, sizeof a->line[0] * (size_t)a->b->nlines);
}

/* The features as they were first written: from each seat's action list
 * (trid_legal with that seat to move), counting the listed actions. */
static int actions_of(const trid_state *s, int k, uint32_t *list)
{
    trid_state t = *s;
    t.side = (uint8_t)k;
    t.ending = END_NONE;
    return trid_legal(&t, list);
}

static int ending_on(const uint32_t *list, int n, int c)
{
    int hits = 0;
    for (int i = 0; i < n; i++)
        hits += list[i] != TRID_PASS && act_to(list[i]) == c;
    return hits;
}

static void features_from_lists(const trid_state *s, int seat, double *out)
{
    const trid_board *b = trid_board_of(s);
    uint32_t list[TRID_MAX_ACTIONS];
    trid_pos p;
    trid_pos_build(&p, s);
    memset(out, 0, sizeof *out * TRID_FEATURES);
    const trid_seat *st = &b->seat[s->players][seat];
    bool alive = trid_alive(s, seat);
    int opp = 0, mine = alive ? actions_of(s, seat, list) : 0;
    double opp_mob = 0, opp_ctrl = 0;
    if (alive) {
        out[0] = (double)st->row[s->cell[seat][0]] / st->last_row;
        for (int i = 1; i < TRID_PIECES; i++)
            out[i < 3 ? 2 : 3] += s->cell[seat][i] != TRID_NONE;
        out[8] = mine / 10.0;
        out[9] = cs_count(&p.seat[seat].ctrl);
    }
    for (int k = 0; k < s->players; k++) {
        if (k == seat || !trid_alive(s, k))
            continue;
        const trid_seat *sk = &b->seat[s->players][k];
        opp++;
        double row = (double)sk->row[s->cell[k][0]] / sk->last_row;
        out[1] = row > out[1] ? row : out[1];
        for (int i = 1; i < TRID_PIECES; i++)
            out[i < 3 ? 4 : 5] += s->cell[k][i] != TRID_NONE;
        if (alive)
            out[7] += ending_on(list, mine, s->cell[k][0]);
        uint32_t theirs[TRID_MAX_ACTIONS];
        int nt = actions_of(s, k, theirs);
        if (alive)
            out[6] += ending_on(theirs, nt, s->cell[seat][0]);
        opp_mob += nt / 10.0;
        opp_ctrl += cs_count(&p.seat[k].ctrl);
    }
    if (opp) {
        out[4] /= opp;
        out[5] /= opp;
        out[8] -= opp_mob / opp;
        out[9] -= opp_ctrl / opp;
    }
    out[10] = s->ending == END_NONE && s->side == seat;
    out[11] = opp;
}

/* What one ply of a random game checks; false at the first failure. */
typedef bool ply_check(const trid_pos *p, trid_pos *work);

/* Random games on every board and player count, calling check at every
 * ply; false when it failed (reported by the check). */
static bool random_games(ply_check *check, int games)
{
    const game_def *g = trid();
    if (!g)
        return false;
    trid_pos *p = malloc(sizeof *p), *work = malloc(sizeof *work);
    if (!p || !work) {
        check_fail(__FILE__, __LINE__, "out of memory");
        free(p), free(work);
        return false;
    }
    bool ok = true;
    for (int bd = 0; ok && trid_boards[bd]; bd++)
        for (int players = 2; ok && players <= 4; players++)
            for (int i = 0; ok && i < games; i++) {
                char err[256];
                trid_state s;
                xoshiro256 r;
                xoshiro_seed(&r, (uint64_t)(bd * 100003 + players * 1009 + i));
                ok = trid_setup(&s, trid_boards[bd]->name, players, err, sizeof err) == 0;
                trid_pos_build(p, &s);
                while (ok && p->s.ending == END_NONE) {
                    uint32_t list[TRID_MAX_ACTIONS];
                    ok = check(p, work);
                    int n = trid_pos_legal(p, list);
                    trid_undo u;
                    trid_pos_make(p, list[xoshiro_below(&r, (uint64_t)n)], &u);
                }
            }
    free(p);
    free(work);
    return ok;
}

/* Every action: make keeps what the state gives, unmake gives back every
 * byte, and the state is trid_apply's. */
static bool make_unmake_ply(const trid_pos *p, trid_pos *work)
{
    uint32_t list[TRID_MAX_ACTIONS];
    int n = trid_pos_legal(p, list);
    *work = *p;
    for (int i = 0; i < n; i++) {
        trid_undo u;
        trid_state t = p->s;
        trid_apply(&t, list[i]);
        trid_pos_make(work, list[i], &u);
        const char *why = trid_pos_check(work);
        if (why || memcmp(&t, &work->s, sizeof t)) {
            char text[GAME_TEXT_MAX];
            trid_to_text(&p->s, text, sizeof text);
            check_fail(__FILE__, __LINE__, "'%s' action %d: %s", text, i, why ? why : "state differs from trid_apply's");
            return false;
        }
        trid_pos_unmake(work, list[i], &u);
        if (!same_pos(work, p)) {
            char text[GAME_TEXT_MAX];
            trid_to_text(&p->s, text, sizeof text);
            check_fail(__FILE__, __LINE__, "'%s' action %d: unmake does not give the position back", text, i);
            return false;
        }
    }
    return true;
}

static void make_unmake(void)
{
    CHECK(random_games(make_unmake_ply, GAMES));
}

/* Every seat in the game: the count and hits are the list's. */
static bool count_ply(const trid_pos *p, trid_pos *work)
{
    (void)work;
    const trid_state *s = &p->s;
    for (int k = 0; k < s->players; k++) {
        if (!trid_alive(s, k))
            continue;
        uint32_t list[TRID_MAX_ACTIONS];
        int hits[TRID_MAX_PLAYERS] = { 0 }, n = trid_pos_actions(p, k, list), m = trid_pos_count(p, k, hits);
        bool same = n == m;
        for (int j = 0; j < s->players; j++)
            same &= hits[j] == (j != k && trid_alive(s, j) ? ending_on(list, n, s->cell[j][0]) : 0);
        if (!same) {
            char text[GAME_TEXT_MAX];
            trid_to_text(s, text, sizeof text);
            check_fail(__FILE__, __LINE__, "'%s' seat %d: %d actions listed, %d counted (or the hits differ)", text, k,
                       n, m);
            return false;
        }
    }
    return true;
}

static void count_matches_lists(void)
{
    CHECK(random_games(count_ply, GAMES));
}

static bool features_ply(const trid_pos *p, trid_pos *work)
{
    (void)work;
    for (int k = 0; k < p->s.players; k++) {
        double a[TRID_FEATURES], b[TRID_FEATURES];
        trid_pos_features(p, k, a);
        features_from_lists(&p->s, k, b);
        if (memcmp(a, b, sizeof a)) {
            char text[GAME_TEXT_MAX];
            trid_to_text(&p->s, text, sizeof text);
            check_fail(__FILE__, __LINE__, "'%s' seat %d: the features differ from the lists'", text, k);
            return false;
        }
    }
    return true;
}

static void features_match_lists(void)
{
    CHECK(random_games(features_ply, GAMES));
}

/* The tables the hot path reads, against the board's geometry. */
static void board_tables(void)
{
    REQUIRE(trid());
    for (int bd = 0; trid_boards[bd]; bd++) {
        const trid_board *b = trid_boards[bd];
        size_t n = (size_t)b->ncells;
        int pairs = 0;
        for (size_t i = 0; i < n * n; i++)
            pairs += b->pair_third[i] != TRID_NONE;
        CHECKF(pairs == 6 * b->ntris, "%s: %d pairs, %d triangles", b->name, pairs, b->ntris);
        for (int t = 0; t < b->ntris; t++) {
            const uint8_t *c = b->tris[t].corner;
            CHECK(b->pair_third[c[0] * n + c[1]] == c[2] && b->pair_third[c[2] * n + c[1]] == c[0] &&
                  b->pair_tri[c[1] * n + c[2]] == t);
        }
        CHECK(b->lines_ok);
        for (int c = 0; c < b->ncells; c++) {
            for (int o = 0; o < 3; o++) {
                int l = b->line_of[c][o], i = b->line_at[c][o];
                CHECK(b->line_cell[l][i] == c);
                CHECK(i == 0 ? b->step[c][2 * o + 1] == TRID_NONE : b->line_cell[l][i - 1] == b->step[c][2 * o + 1]);
            }
            for (int i = 0; i < 3 && b->edge[c][i] != TRID_NONE; i++)
                for (int m = 0; m < 2; m++)
                    CHECK(b->step[c][b->edge_dir[c][i][m]] == b->edge[c][i] &&
                          b->edge_dir[c][i][0] != b->edge_dir[c][i][1]);
        }
    }
}

/* A board with a line longer than 64 cells has no line rows: its sliders
 * walk.  And hex5 with its sliders walking plays as it does with rows. */
static void walking_sliders(void)
{
    static char text[1024];
    char err[256], row[80];
    memset(row, '.', 69);
    row[69] = 0;
    snprintf(text, sizeof text,
             "trid-board 1\nname long\ngrid 2\n  %s\n%s\nseat 2 0 h+ a1 a2 a3 a4 a5\nseat 2 1 h- b71 b70 b69 b68 b67\n",
             row, row);
    trid_board *b = calloc(1, sizeof *b);
    REQUIRE(b);
    CHECKF(trid_board_parse(b, text, err, sizeof err) == 0, "%s", err);
    CHECK(b->ncells == 138 && !b->lines_ok);
    trid_board_free(b);
    free(b);

    const game_def *g = trid();
    REQUIRE(g);
    trid_board *h = (trid_board *)trid_boards[0]; /* the test's one write to a loaded board, undone below */
    uint64_t perft[8], nodes[8];
    for (int walk = 0; walk < 2; walk++) {
        h->lines_ok = !walk;
        for (int i = 0; g->bench->positions[i].name; i++) {
            trid_state s;
            REQUIRE(trid_from_text(&s, g->bench->positions[i].position, err, sizeof err) == 0);
            uint64_t pf = trid_perft(&s, g->bench->positions[i].perft_depth > 3 ? 3 : g->bench->positions[i].perft_depth);
            uint64_t sn = trid_search_nodes(g, &s, 3);
            if (!walk)
                perft[i] = pf, nodes[i] = sn;
            else
                CHECKF(perft[i] == pf && nodes[i] == sn, "%s: perft %llu, %llu walking; nodes %llu, %llu",
                       g->bench->positions[i].name, (unsigned long long)perft[i], (unsigned long long)pf,
                       (unsigned long long)nodes[i], (unsigned long long)sn);
        }
    }
    h->lines_ok = true;
}

/* The bulk count (the last ply listed, not made) is the full perft's. */
static void perft_bulk_agrees(void)
{
    const game_def *g = trid();
    REQUIRE(g);
    char err[256];
    for (int i = 0; g->bench->positions[i].name; i++) {
        trid_state s;
        REQUIRE(trid_from_text(&s, g->bench->positions[i].position, err, sizeof err) == 0);
        for (int d = 0; d <= 3; d++)
            CHECK(trid_perft(&s, d) == trid_perft_bulk(&s, d));
    }
}

const test_case tests_trid_pos[] = {
    { "trid_hot_make_unmake", make_unmake },
    { "trid_hot_count_matches_lists", count_matches_lists },
    { "trid_hot_features_match_lists", features_match_lists },
    { "trid_hot_board_tables", board_tables },
    { "trid_hot_walking_sliders", walking_sliders },
    { "trid_hot_perft_bulk_agrees", perft_bulk_agrees },
    { NULL, NULL },
};
