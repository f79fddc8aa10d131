/* setup.c — Talat's starts (the bias study's kinds) and seat permutation.
 *
 *   played  empty boards: the placement phase is part of the game
 *   random  every colour's towers uniformly at random on its two start
 *           lines (its empty square, and for the Zihin its left-out tower
 *           and second empty square, random too), then movement
 *   mirror  seat 0's random pattern copied to every seat (by rotation for
 *           three players, by the Black/White reflection for two, where
 *           the Zihin's towers are random), then movement */
#include <stdio.h>
#include <string.h>
#include "core/prng.h"
#include "talat.h"

/* The start-line cells of colour c: board*25+square, 10 of them. */
static void line_cells(int c, int cells[10])
{
    int n = 0;
    for (int b = 0; b < TL_BOARDS; b++) {
        int s = tl_side_of(b, c);
        if (s >= 0)
            for (uint32_t m = tl_line(s); m; m &= m - 1)
                cells[n++] = b * TL_SQ + __builtin_ctz(m);
    }
}

static void put(talat *p, int c, int cell, int t)
{
    int b = cell / TL_SQ, sq = cell % TL_SQ;
    p->occ[b][tl_side_of(b, c)] |= 1u << sq;
    p->type[b][sq] = (uint8_t)t;
    p->unplaced[c] &= (uint16_t)~(1u << t);
}

/* A random arrangement: slot[i] is the type on line cell i, or -1. */
static void shuffle_slots(xoshiro256 *rng, int towers, int slot[10])
{
    int types[TL_TYPES];
    for (int t = 0; t < TL_TYPES; t++)
        types[t] = t;
    for (int i = TL_TYPES - 1; i > 0; i--) { /* Fisher-Yates over the types */
        int j = (int)xoshiro_below(rng, (uint64_t)i + 1), x = types[i];
        types[i] = types[j];
        types[j] = x;
    }
    for (int i = 0; i < 10; i++)
        slot[i] = i < towers ? types[i] : -1;
    for (int i = 9; i > 0; i--) { /* then over the cells */
        int j = (int)xoshiro_below(rng, (uint64_t)i + 1), x = slot[i];
        slot[i] = slot[j];
        slot[j] = x;
    }
}

/* Where a cell of colour 0's lines goes for colour `to`: the same file
 * and line square on the corresponding board. */
static int mirror_cell(int to, int cell, int players)
{
    int b = cell / TL_SQ, sq = cell % TL_SQ;
    if (players == 3) /* rotation of the boards by `to` */
        return (b + to) % 3 * TL_SQ + sq;
    /* Black <-> White reflection: board 0 <-> board 0 and 2 <-> 1, ranks flipped */
    return (b == 0 ? 0 : 3 - b) * TL_SQ + (4 - sq / 5) * 5 + sq % 5;
}

static void start_movement(talat *p)
{
    p->phase = TL_PHASE_MOVE;
    p->side = p->players == 3 ? 0 : 1;
    for (int b = 0; b < TL_BOARDS; b++)
        tl_refreeze(p, b, NULL);
}

int tl_setup(void *state, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    talat *p = state;
    /* NAME-human-line: the same setup, the Zihin game under the other
     * reading of its line scoring (talat.h, TL_RULE_HUMAN_LINE) */
    size_t len = strlen(name), sl = strlen(TL_HUMAN_LINE_SUFFIX);
    bool human = len > sl && !strcmp(name + len - sl, TL_HUMAN_LINE_SUFFIX);
    size_t base = human ? len - sl : len;
    int kind = base == 6 && !strncmp(name, "played", 6)   ? 0
             : base == 6 && !strncmp(name, "random", 6)   ? 1
             : base == 6 && !strncmp(name, "mirror", 6)   ? 2
                                                          : -1;
    if (kind < 0) {
        snprintf(err, n, "unknown setup '%s' (expected played, random or mirror, or for the Zihin game "
                 "played%s, ...)", name, TL_HUMAN_LINE_SUFFIX);
        return -1;
    }
    if (players < 2 || players > 3) {
        snprintf(err, n, "Talat is a game for 3 players, or 2 with the Zihin, not %d", players);
        return -1;
    }
    if (human && players != 2) {
        snprintf(err, n, "setup '%s' is a reading of the Zihin game's scoring: it needs 2 players, not %d", name,
                 players);
        return -1;
    }
    tl_clear(p, players);
    p->rules = human ? TL_RULE_HUMAN_LINE : 0;
    if (kind == 0)
        return 0;
    xoshiro256 rng;
    xoshiro_seed(&rng, seed);
    int cells[10], slot[10];
    for (int c = 0; c < 3; c++) {
        bool zihin = players == 2 && c == 2;
        line_cells(c, cells);
        if (kind == 2 && c > 0 && !zihin) {
            int src[10];
            line_cells(0, src);
            for (int i = 0; i < 10; i++) {
                int b = src[i] / TL_SQ, sq = src[i] % TL_SQ;
                if ((p->occ[b][0] | p->occ[b][1]) >> sq & 1)
                    put(p, c, mirror_cell(c, src[i], players), p->type[b][sq]);
            }
            continue;
        }
        shuffle_slots(&rng, zihin ? 8 : 9, slot);
        for (int i = 0; i < 10; i++)
            if (slot[i] >= 0)
                put(p, c, cells[i], slot[i]);
    }
    start_movement(p);
    return 0;
}

/* Seat k's towers, captures and turn go to seat perm[k] (the Zihin stays
 * Grey).  Board b, shared by colours b and b+1, goes to the board of their
 * images; when the image of b is not that board's rank-1 colour (a
 * reflection of the seat cycle) the ranks are flipped.  During placement
 * the seat to act follows from the counts, so it stays.  The komi go by turn
 * order from the seat to act (a reflection reverses the order of play, so
 * they cannot simply go with the seats). */
void tl_permute(void *state, const int perm[GAME_MAX_PLAYERS])
{
    talat *p = state;
    int map[3] = { perm[0], perm[1], p->players == 3 ? perm[2] : 2 };
    talat t;
    memset(&t, 0, sizeof t);
    t.players = p->players;
    t.rules = p->rules;
    t.phase = p->phase;
    t.turns = p->turns;
    t.side = p->phase == TL_PHASE_MOVE ? (uint8_t)map[p->side] : p->side;
    for (int b = 0; b < TL_BOARDS; b++) {
        int c0 = map[b], c1 = map[(b + 1) % 3];
        bool flip = c1 != (c0 + 1) % 3;
        int nb = flip ? c1 : c0;
        if (p->frozen >> b & 1)
            t.frozen |= (uint8_t)(1u << nb);
        for (int s = 0; s < 2; s++)
            for (uint32_t m = p->occ[b][s]; m; m &= m - 1) {
                int sq = __builtin_ctz(m), nsq = flip ? (4 - sq / 5) * 5 + sq % 5 : sq;
                t.occ[nb][flip ? 1 - s : s] |= 1u << nsq;
                t.type[nb][nsq] = p->type[b][sq];
            }
    }
    tl_permute_komi(&t, p);
    for (int k = 0; k < 3; k++) {
        t.unplaced[map[k]] = p->unplaced[k];
        for (uint32_t m = p->captured[k]; m; m &= m - 1) {
            int id = __builtin_ctz(m);
            t.captured[map[k]] |= 1u << (map[id / TL_TYPES] * TL_TYPES + id % TL_TYPES);
        }
    }
    *p = t;
}
