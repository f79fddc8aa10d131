/* rules.c — Connect Four's rules on two bitboards (connect4.h). */
#include <stdio.h>
#include <string.h>
#include "connect4.h"

#define H 7 /* bits per column: 6 rows and the empty bit above them */
#define BIT(c, r) (UINT64_C(1) << ((c) * H + (r)))

uint64_t c4_windows[C4_WINDOWS];

/* The 69 lines of four: across, up, and the two diagonals. */
int c4_init(char *err, size_t n)
{
    static const int dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
    int k = 0;
    for (int d = 0; d < 4; d++)
        for (int c = 0; c < C4_COLS; c++)
            for (int r = 0; r < C4_ROWS; r++) {
                int ec = c + 3 * dir[d][0], er = r + 3 * dir[d][1];
                if (ec >= C4_COLS || er < 0 || er >= C4_ROWS)
                    continue;
                uint64_t m = 0;
                for (int i = 0; i < 4; i++)
                    m |= BIT(c + i * dir[d][0], r + i * dir[d][1]);
                if (k < C4_WINDOWS)
                    c4_windows[k] = m;
                k++;
            }
    if (k != C4_WINDOWS) { /* the board's arithmetic, checked once */
        snprintf(err, n, "connect4: %d lines of four, not %d", k, C4_WINDOWS);
        return -1;
    }
    return 0;
}

/* Four in a row of b: two shifts per direction (the empty bit above each
 * column keeps across and the diagonals from wrapping). */
bool c4_four(uint64_t b)
{
    static const int shift[4] = { 1, H, H - 1, H + 1 }; /* up, across, the two diagonals */
    for (int i = 0; i < 4; i++) {
        uint64_t m = b & (b >> shift[i]);
        if (m & (m >> 2 * shift[i]))
            return true;
    }
    return false;
}

void c4_set(c4_state *p, uint64_t red, uint64_t yellow, int to_act)
{
    memset(p, 0, sizeof *p);
    p->stones[0] = red;
    p->stones[1] = yellow;
    p->to_act = (uint8_t)to_act;
    for (int c = 0; c < C4_COLS; c++) {
        uint64_t col = (red | yellow) >> (c * H) & 0x7f;
        p->height[c] = (uint8_t)__builtin_popcountll(col);
    }
    p->moves = (uint8_t)__builtin_popcountll(red | yellow);
    if (c4_four(p->stones[to_act ^ 1])) /* the last stone made it */
        p->winner = (uint8_t)(1 + (to_act ^ 1));
}

int c4_setup(void *s, const char *name, int players, uint64_t seed, char *err, size_t n)
{
    (void)seed; /* one start */
    if (strcmp(name, "standard")) {
        snprintf(err, n, "unknown setup '%s' (expected standard)", name);
        return -1;
    }
    if (players != 2) {
        snprintf(err, n, "connect4 is a game for 2 players, not %d", players);
        return -1;
    }
    c4_set(s, 0, 0, 0);
    return 0;
}

/* Seat k's stones and turn go to seat perm[k]: with perm = {1, 0} Yellow
 * holds Red's stones and acts where Red would. */
void c4_permute(void *s, const int perm[GAME_MAX_PLAYERS])
{
    c4_state *p = s;
    if (perm[0] != 1)
        return;
    uint64_t t = p->stones[0];
    p->stones[0] = p->stones[1];
    p->stones[1] = t;
    p->to_act ^= 1;
    if (p->winner)
        p->winner = (uint8_t)(3 - p->winner);
}

int c4_players(const void *s)
{
    (void)s;
    return 2;
}

bool c4_over(const void *s)
{
    const c4_state *p = s;
    return p->winner || p->moves == C4_CELLS;
}

int c4_to_act(const void *s)
{
    const c4_state *p = s;
    return c4_over(p) ? -1 : p->to_act;
}

int c4_legal(const void *s, game_action *out)
{
    const c4_state *p = s;
    int n = 0;
    if (c4_over(p))
        return 0;
    for (int c = 0; c < C4_COLS; c++)
        if (p->height[c] < C4_ROWS)
            out[n++] = (game_action)c;
    return n;
}

void c4_apply(void *s, game_action a)
{
    c4_state *p = s;
    int me = p->to_act;
    p->stones[me] |= BIT(a, p->height[a]);
    p->height[a]++;
    p->moves++;
    if (c4_four(p->stones[me]))
        p->winner = (uint8_t)(1 + me);
    p->to_act ^= 1;
}

/* 1 for the winner, 0 for the loser, a half each for a draw. */
void c4_outcome(const void *s, double scores[GAME_MAX_PLAYERS])
{
    const c4_state *p = s;
    for (int k = 0; k < 2; k++)
        scores[k] = p->winner ? (p->winner == 1 + k) : 0.5;
}

void c4_rank(const void *s, int ranks[GAME_MAX_PLAYERS])
{
    const c4_state *p = s;
    for (int k = 0; k < 2; k++)
        ranks[k] = p->winner && p->winner != 1 + k;
}

int c4_ending(const void *s)
{
    const c4_state *p = s;
    return p->winner ? 1 : p->moves == C4_CELLS ? 2 : 0;
}

int c4_turns(const void *s)
{
    const c4_state *p = s;
    return p->moves;
}

/* The board seen in a mirror: column c becomes column 6 - c. */
static uint64_t mirror(uint64_t b)
{
    uint64_t m = 0;
    for (int c = 0; c < C4_COLS; c++)
        m |= (b >> (c * H) & 0x7f) << ((C4_COLS - 1 - c) * H);
    return m;
}

static uint64_t mix(uint64_t red, uint64_t yellow, int to_act)
{
    uint64_t h = red * 0x9e3779b97f4a7c15ULL ^ (yellow + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    h ^= (uint64_t)to_act * 0x94d049bb133111ebULL;
    return h ^ h >> 31;
}

/* The left-right mirror is the board's one symmetry (the colours are not
 * alike: the seat to act differs), so a position and its mirror share a key. */
uint64_t c4_symmetry_key(const void *s)
{
    const c4_state *p = s;
    uint64_t a = mix(p->stones[0], p->stones[1], p->to_act);
    uint64_t b = mix(mirror(p->stones[0]), mirror(p->stones[1]), p->to_act);
    return a < b ? a : b;
}

/* Leaves at depth, every ply's drops made (bulk: the last ply counted). */
static uint64_t perft(const c4_state *p, int depth, bool bulk)
{
    game_action a[C4_COLS];
    if (depth == 0)
        return 1;
    int n = c4_legal(p, a);
    if (bulk && depth == 1)
        return (uint64_t)n;
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        c4_state q = *p;
        c4_apply(&q, a[i]);
        leaves += perft(&q, depth - 1, bulk);
    }
    return leaves;
}

uint64_t c4_perft(void *s, int depth)
{
    return perft(s, depth, false);
}

uint64_t c4_perft_bulk(void *s, int depth)
{
    return perft(s, depth, true);
}
