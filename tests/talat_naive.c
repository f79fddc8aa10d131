/* talat_naive.c — the plain Talat of talat_naive.h, written from the rules
 * page alone for the differential test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "talat_naive.h"

static const char colours[3] = { 'b', 'w', 'g' };
static const char low_colour[3] = { 'b', 'w', 'g' };  /* rank 1 of each board */
static const char high_colour[3] = { 'w', 'g', 'b' }; /* rank 5 of each board */
static const int heights[3] = { 1, 2, 3 }, side_counts[3] = { 3, 4, 6 };

static int seat_of(char c)
{
    return c == 'b' ? 0 : c == 'w' ? 1 : 2;
}

static int forward(int board, char c)
{
    return low_colour[board] == c ? 1 : -1;
}

/* Who moves colour c on board b. */
static int controller(const nv_game *g, int b, char c)
{
    if (g->players == 3 || c != 'g')
        return seat_of(c);
    return b == 1 ? 0 : 1;
}

static bool beats(nv_cell a, nv_cell d)
{
    if (a.height == 1 && a.sides == 3 && d.height == 3 && d.sides == 6)
        return true;
    if (a.height == d.height + 1)
        return true;
    return a.height == d.height && a.sides > d.sides;
}

static bool on_board(int r, int f)
{
    return r >= 0 && r < 5 && f >= 0 && f < 5;
}

void nv_start(nv_game *g, int players)
{
    memset(g, 0, sizeof *g);
    g->players = players;
    g->phase = players == 2 ? 'z' : 'p';
    g->undecided_board = -1;
}

static bool can_capture(nv_cell b[5][5], int board, int r, int f, int r2, int f2)
{
    if (!on_board(r2, f2) || !b[r2][f2].colour || b[r2][f2].colour == b[r][f].colour)
        return false;
    (void)board;
    return beats(b[r][f], b[r2][f2]);
}

/* Any capture possible on this board? (both colours) */
static bool any_capture(nv_cell b[5][5], int board)
{
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++) {
            if (!b[r][f].colour)
                continue;
            int dir = forward(board, b[r][f].colour);
            for (int df = -1; df <= 1; df++)
                if (can_capture(b, board, r, f, r + dir, f + df))
                    return true;
            if (can_capture(b, board, r, f, r, f - 1) || can_capture(b, board, r, f, r, f + 1))
                return true;
        }
    return false;
}

/* ---- brute-force frozen test ---- */
#define NODE_CAP 2000000

typedef struct node {
    nv_cell b[5][5];
} node;

static unsigned long hash_node(const node *n)
{
    unsigned long h = 1469598103934665603ul;
    const unsigned char *p = (const unsigned char *)n->b;
    for (size_t i = 0; i < sizeof n->b; i++)
        h = (h ^ p[i]) * 1099511628211ul;
    return h;
}

/* The visited table: indices into the queue, -1 for empty; doubled and
 * rebuilt when half full. */
static int *rebuild(const node *queue, int n, size_t cap)
{
    int *table = malloc(cap * sizeof *table);
    if (!table)
        return NULL;
    memset(table, -1, cap * sizeof *table);
    for (int k = 0; k < n; k++) {
        size_t i = hash_node(&queue[k]) & (cap - 1);
        while (table[i] >= 0)
            i = (i + 1) & (cap - 1);
        table[i] = k;
    }
    return table;
}

/* 1 live, 0 frozen, -1 undecided (too many positions, or no memory). */
static int board_live(const nv_game *g, int board)
{
    size_t qcap = 256, tcap = 1024;
    node *queue = malloc(qcap * sizeof *queue);
    int *table = NULL, head = 0, tail = 1, result = 0;
    if (!queue)
        return -1;
    memset(&queue[0], 0, sizeof queue[0]);
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++)
            queue[0].b[r][f] = g->sq[board][r][f];
    if (!(table = rebuild(queue, 1, tcap)))
        result = -1;
    while (result == 0 && head < tail) {
        node cur = queue[head++];
        if (any_capture(cur.b, board)) {
            result = 1;
            break;
        }
        for (int r = 0; r < 5 && result == 0; r++)
            for (int f = 0; f < 5 && result == 0; f++) {
                if (!cur.b[r][f].colour)
                    continue;
                int dir = forward(board, cur.b[r][f].colour);
                for (int df = -1; df <= 1; df++) {
                    int r2 = r + dir, f2 = f + df;
                    if (!on_board(r2, f2) || cur.b[r2][f2].colour)
                        continue;
                    node next = cur;
                    next.b[r2][f2] = cur.b[r][f];
                    memset(&next.b[r][f], 0, sizeof next.b[r][f]);
                    size_t i = hash_node(&next) & (tcap - 1);
                    bool seen = false;
                    for (; table[i] >= 0; i = (i + 1) & (tcap - 1))
                        if (!memcmp(&queue[table[i]], &next, sizeof next)) {
                            seen = true;
                            break;
                        }
                    if (seen)
                        continue;
                    if (tail == NODE_CAP) {
                        result = -1;
                        break;
                    }
                    if ((size_t)tail == qcap) {
                        node *more = realloc(queue, 2 * qcap * sizeof *queue);
                        if (!more) {
                            result = -1;
                            break;
                        }
                        queue = more;
                        qcap *= 2;
                    }
                    queue[tail] = next;
                    table[i] = tail++;
                    if ((size_t)tail * 2 > tcap) {
                        free(table);
                        tcap *= 2;
                        if (!(table = rebuild(queue, tail, tcap))) {
                            result = -1;
                            break;
                        }
                    }
                }
            }
    }
    free(queue);
    free(table);
    return result;
}

/* Whether some tower on the board beats some tower of the other colour
 * on it: towers never change, so without such a pair no capture can ever
 * happen (this only saves the search's time). */
static bool some_pair(const nv_game *g, int board)
{
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++)
            for (int r2 = 0; r2 < 5; r2++)
                for (int f2 = 0; f2 < 5; f2++) {
                    nv_cell a = g->sq[board][r][f], d = g->sq[board][r2][f2];
                    if (a.colour && d.colour && a.colour != d.colour && beats(a, d))
                        return true;
                }
    return false;
}

static void update_frozen(nv_game *g, int board)
{
    int live = some_pair(g, board) ? board_live(g, board) : 0;
    if (live < 0) {
        g->undecided++;
        g->undecided_board = board;
    }
    g->frozen[board] = live == 0;
}

bool nv_over(const nv_game *g)
{
    return g->phase == 'm' && g->frozen[0] + g->frozen[1] + g->frozen[2] >= 2;
}

static void square_name(int board, int r, int f, char *out)
{
    out[0] = (char)('0' + board);
    out[1] = (char)('a' + f);
    out[2] = (char)('1' + r);
    out[3] = 0;
}

int nv_legal(const nv_game *g, char out[][16])
{
    int n = 0;
    if (nv_over(g))
        return 0;
    if (g->phase != 'm') {
        char c = g->phase == 'z' ? 'g' : colours[g->side];
        int ci = seat_of(c);
        for (int b = 0; b < 3; b++) {
            int rank = low_colour[b] == c ? 0 : high_colour[b] == c ? 4 : -1;
            if (rank < 0)
                continue;
            for (int f = 0; f < 5; f++) {
                if (g->sq[b][rank][f].colour)
                    continue;
                for (int h = 0; h < 3; h++)
                    for (int s = 0; s < 3; s++)
                        if (!g->placed[ci][heights[h]][side_counts[s]]) {
                            char sq[8];
                            square_name(b, rank, f, sq);
                            sprintf(out[n++], "%d%d@%s", heights[h], side_counts[s], sq);
                        }
            }
        }
        return n;
    }
    for (int b = 0; b < 3; b++) {
        if (g->frozen[b])
            continue;
        for (int r = 0; r < 5; r++)
            for (int f = 0; f < 5; f++) {
                nv_cell t = g->sq[b][r][f];
                if (!t.colour || controller(g, b, t.colour) != g->side)
                    continue;
                int dir = forward(b, t.colour);
                char from[8];
                square_name(b, r, f, from);
                for (int df = -1; df <= 1; df++) {
                    int r2 = r + dir, f2 = f + df;
                    if (!on_board(r2, f2))
                        continue;
                    if (!g->sq[b][r2][f2].colour)
                        sprintf(out[n++], "%s-%c%d", from, 'a' + f2, r2 + 1);
                    else if (can_capture((nv_cell(*)[5])g->sq[b], b, r, f, r2, f2))
                        sprintf(out[n++], "%sx%c%d", from, 'a' + f2, r2 + 1);
                }
                for (int df = -1; df <= 1; df += 2)
                    if (can_capture((nv_cell(*)[5])g->sq[b], b, r, f, r, f + df))
                        sprintf(out[n++], "%sx%c%d", from, 'a' + f + df, r + 1);
            }
    }
    if (n == 0)
        strcpy(out[n++], "pass");
    return n;
}

static int count_placed(const nv_game *g, int ci)
{
    int k = 0;
    for (int h = 1; h <= 3; h++)
        for (int s = 3; s <= 6; s++)
            k += g->placed[ci][h][s];
    return k;
}

void nv_play(nv_game *g, const char *a)
{
    if (!strcmp(a, "pass")) {
        g->side = (g->side + 1) % g->players;
        return;
    }
    if (a[2] == '@') {
        char c = g->phase == 'z' ? 'g' : colours[g->side];
        int ci = seat_of(c), b = a[3] - '0', f = a[4] - 'a', r = a[5] - '1';
        nv_cell t = { c, (char)(a[0] - '0'), (char)(a[1] - '0') };
        g->sq[b][r][f] = t;
        g->placed[ci][(int)t.height][(int)t.sides] = true;
        g->side = (g->side + 1) % g->players;
        if (g->phase == 'z' && count_placed(g, 2) == 8)
            g->phase = 'p';
        int total = count_placed(g, 0) + count_placed(g, 1) + (g->players == 3 ? count_placed(g, 2) : 0);
        if (g->phase == 'p' && total == 9 * g->players) {
            g->phase = 'm';
            g->side = g->players == 3 ? 0 : 1;
            for (int k = 0; k < 3; k++)
                update_frozen(g, k);
        }
        return;
    }
    int b = a[0] - '0', f = a[1] - 'a', r = a[2] - '1', f2 = a[4] - 'a', r2 = a[5] - '1';
    if (a[3] == 'x') {
        int who = controller(g, b, g->sq[b][r][f].colour);
        g->captured[who][g->ncaptured[who]++] = g->sq[b][r2][f2];
    }
    g->sq[b][r2][f2] = g->sq[b][r][f];
    memset(&g->sq[b][r][f], 0, sizeof g->sq[b][r][f]);
    update_frozen(g, b);
    g->side = (g->side + 1) % g->players;
}

int nv_points(const nv_game *g, int seat)
{
    int pts = 5 * g->ncaptured[seat];
    for (int b = 0; b < 3; b++)
        for (int r = 0; r < 5; r++)
            for (int f = 0; f < 5; f++) {
                nv_cell t = g->sq[b][r][f];
                if (!t.colour || controller(g, b, t.colour) != seat)
                    continue;
                int far = forward(b, t.colour) > 0 ? 4 : 0;
                pts += 3 * (r == far);
            }
    return pts;
}

/* The best captured tower: height first, then sides; 0 for none. */
static int best_value(const nv_game *g, int seat)
{
    int best = 0;
    for (int i = 0; i < g->ncaptured[seat]; i++) {
        int v = g->captured[seat][i].height * 10 + g->captured[seat][i].sides;
        if (v > best)
            best = v;
    }
    return best;
}

void nv_ranks(const nv_game *g, int ranks[3])
{
    for (int k = 0; k < g->players; k++) {
        ranks[k] = 0;
        for (int j = 0; j < g->players; j++) {
            int pj = nv_points(g, j), pk = nv_points(g, k);
            if (pj > pk || (pj == pk && best_value(g, j) > best_value(g, k)))
                ranks[k]++;
        }
    }
}
