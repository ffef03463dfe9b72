/* sudoku_jigsaw.c: jigsaw maps made to fit a grid.
 *
 * A random map may admit no grid at all (jigsaw + windoku maps mostly do
 * not: a 25x25 of 25 trades was proved so), and the search fill of one that
 * does took past 10 s at 64x64. So the grid comes first and the map second:
 * a grid of the box shape with its variants (built at once where the
 * generator builds one), then its boxes reshaped by moves that keep every
 * piece holding every digit and in one edge-connected piece (reshape).
 * Rows, columns, windows and diagonals keep their digits, so the grid fits
 * the new map. */
#include <stdlib.h>
#include <string.h>

#include "sudoku_internal.h"
#include "sudoku_random.h"

/* Scratch of the connectivity test: a stamp per cell (a new stamp a test,
 * so no clearing) and a stack. */
typedef struct {
    int32_t n, *stamp, *stack, now;
} flood_t;

/* Whether `start`'s piece has n cells reachable edge to edge from it. */
static int whole(flood_t *f, const int32_t *map, int32_t start) {
    int32_t n = f->n, piece = map[start], top = 0, reached = 1;
    f->now++;
    f->stamp[start] = f->now, f->stack[top++] = start;
    while (top) {
        int32_t c = f->stack[--top], r = c / n, k = c % n;
        int32_t next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, k > 0 ? c - 1 : -1, k < n - 1 ? c + 1 : -1};
        for (int q = 0; q < 4; q++) {
            int32_t d = next[q];
            if (d < 0 || map[d] != piece || f->stamp[d] == f->now) continue;
            f->stamp[d] = f->now, f->stack[top++] = d, reached++;
        }
    }
    return reached == n;
}

/* The root of x in the union-find `up`. */
static int32_t root(int32_t *up, int32_t x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
}

/* Change the grid without breaking a region: for two digits u and v, the
 * cells holding them linked whenever they share a region (row, column,
 * piece of `map`, or another region of s); u and v swap in the component of
 * one cell. Returns whether a part (not all) swapped. */
static int kempe(const sudoku_t *s, uint8_t *grid, const int32_t *map, int32_t *pos, uint64_t *rng, int32_t *scratch) {
    int32_t n = s->n, cells = n * n, u = (int32_t)(next_random(rng) % (uint64_t)n) + 1;
    int32_t v = (int32_t)(next_random(rng) % (uint64_t)(n - 1)) + 1;
    v += v >= u;
    int32_t *up = scratch, *first = scratch + cells, *cell = first + s->n_regions + 2 * n, k = 0;
    for (int32_t g = 0; g < s->n_regions + 2 * n; g++) first[g] = -1;
    for (int32_t c = 0; c < cells; c++) {
        if (grid[c] != u && grid[c] != v) continue;
        up[c] = c, cell[k++] = c;
        /* rows and columns as regions 0..2n-1, pieces 2n..3n-1, then s's after its boxes */
        int32_t g[SUDOKU_MAX_SIZE], m = 0;
        g[m++] = c / n, g[m++] = n + c % n, g[m++] = 2 * n + map[c];
        for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++)
            if (s->region_list[j] >= 3 * n && m < SUDOKU_MAX_SIZE) g[m++] = s->region_list[j];
        for (int32_t i = 0; i < m; i++) {
            if (first[g[i]] < 0) first[g[i]] = c;
            else up[root(up, c)] = root(up, first[g[i]]);
        }
    }
    int32_t pick = root(up, cell[next_random(rng) % (uint64_t)k]), part = 0;
    for (int32_t i = 0; i < k; i++) part += root(up, cell[i]) == pick;
    if (part == k) return 0;
    for (int32_t i = 0; i < k; i++) {
        int32_t c = cell[i];
        if (root(up, c) != pick) continue;
        grid[c] = (uint8_t)(grid[c] == u ? v : u);
        pos[map[c] * n + grid[c] - 1] = c;
    }
    return 1;
}

/* Reshape the boxes of `grid` (pieces numbered as the boxes, sudoku.c) into
 * map. A move is a cycle of pieces P0 -> P1 -> ... -> P0 for one digit:
 * each gives its cell of that digit to the next, which it touches, so every
 * piece keeps one of each and its size; a cycle that cuts a piece in two is
 * undone. Cycles are found by short random walks. On a built grid few exist
 * and they undo each other (a 64x64 X grid had none), so between them the
 * grid changes by Kempe swaps, which open new ones. */
enum { CYCLE_MAX = 8, TRIES_PER_CELL = 256, KEMPE_EVERY = 16 };
static int reshape(const sudoku_t *s, uint8_t *grid, uint64_t *rng, int32_t *map) {
    int32_t n = s->n, br = s->box_rows, bc = s->box_cols, cells = n * n;
    int32_t *pos = malloc((size_t)cells * sizeof *pos); /* pos[p n + d]: piece p's cell of digit d + 1 */
    int32_t *scratch = malloc(((size_t)cells + (size_t)s->n_regions + 4 * (size_t)n) * sizeof *scratch);
    flood_t f = {n, calloc((size_t)cells, sizeof(int32_t)), malloc((size_t)cells * sizeof(int32_t)), 0};
    if (!pos || !scratch || !f.stamp || !f.stack) {
        free(pos), free(scratch), free(f.stamp), free(f.stack);
        return DLX_ENOMEM;
    }
    for (int32_t c = 0; c < cells; c++) {
        map[c] = c / n / br * br + c % n / bc;
        pos[map[c] * n + grid[c] - 1] = c;
    }
    for (int64_t t = 0; t < (int64_t)TRIES_PER_CELL * cells && n > 1; t++) {
        if (t % KEMPE_EVERY == 0) kempe(s, grid, map, pos, rng, scratch);
        int32_t d = (int32_t)(next_random(rng) % (uint64_t)n), cycle[CYCLE_MAX], len = 1, closed = 0;
        cycle[0] = (int32_t)(next_random(rng) % (uint64_t)n);
        while (len < CYCLE_MAX && !closed) { /* walk: a piece beside the cell */
            int32_t c = pos[cycle[len - 1] * n + d], r = c / n, k = c % n, to[4], m = 0;
            int32_t next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, k > 0 ? c - 1 : -1, k < n - 1 ? c + 1 : -1};
            for (int q = 0; q < 4; q++) {
                if (next[q] < 0 || map[next[q]] == map[c]) continue;
                int32_t p = map[next[q]], seen = 0;
                for (int32_t i = 1; i < len; i++) seen |= cycle[i] == p;
                if (!seen) to[m++] = p;
            }
            if (!m) break;
            int32_t p = to[next_random(rng) % (uint64_t)m];
            if (p == cycle[0]) closed = len > 1;
            else cycle[len++] = p;
        }
        if (!closed) continue;
        for (int32_t i = 0; i < len; i++) map[pos[cycle[i] * n + d]] = cycle[(i + 1) % len];
        int ok = 1;
        for (int32_t i = 0; i < len && ok; i++) ok = whole(&f, map, pos[cycle[i] * n + d]);
        if (!ok) {
            for (int32_t i = 0; i < len; i++) map[pos[cycle[i] * n + d]] = cycle[i];
            continue;
        }
        int32_t last = pos[cycle[len - 1] * n + d];
        for (int32_t i = len - 1; i > 0; i--) pos[cycle[i] * n + d] = pos[cycle[i - 1] * n + d];
        pos[cycle[0] * n + d] = last;
    }
    free(pos), free(scratch), free(f.stamp), free(f.stack);
    return 0;
}

int sudoku_make_jigsaw(sudoku_t *s, uint64_t seed, uint64_t max_nodes, int32_t *map, uint8_t *grid,
                       sudoku_error_t *err) {
    if (!s || !map || !grid) return sudoku_fail(err, DLX_EARG, "missing handle or output");
    if (s->jigsaw) return sudoku_fail(err, DLX_EARG, "a jigsaw map is made from a shape with boxes, not from another map");
    int rc = sudoku_linked(s); /* the fill may search */
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    uint64_t left = max_nodes ? max_nodes : UINT64_MAX; /* a search fill (16x16 and under, X on other boxes) */
    rc = sudoku_random_grid(s, seed, &left, grid, err);
    if (rc) return rc;
    uint64_t rng = seed ^ 0x6a09e667f3bcc909ull; /* not the fill's own draws */
    rc = reshape(s, grid, &rng, map);
    return rc ? sudoku_fail(err, rc, "out of memory") : 0;
}
