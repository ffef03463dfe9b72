/* sudoku_pattern.c: complete grids written down at once, then shuffled by
 * moves that keep every region, for the big shapes whose search fill is slow
 * or gets lost: plain boxes, windoku, and diagonals (X) with square boxes. */
#include <string.h>

#include "sudoku_internal.h"
#include "sudoku_random.h"

/* line[g * per + i]: groups of `per` lines, the groups and the lines inside
 * each shuffled (bands of rows, or stacks of columns); with `same`, the
 * lines inside every group alike. */
static void shuffle_lines(int32_t *line, int32_t groups, int32_t per, int same, uint64_t *rng) {
    int32_t group[SUDOKU_MAX_SIZE], inner[SUDOKU_MAX_SIZE];
    shuffle(group, groups, rng);
    shuffle(inner, per, rng);
    for (int32_t g = 0; g < groups; g++) {
        if (g && !same) shuffle(inner, per, rng);
        for (int32_t i = 0; i < per; i++) line[g * per + i] = group[g] * per + inner[i];
    }
}

/* The classic pattern's digit (sudoku_internal.h). */
int32_t sudoku_pattern_digit(int32_t n, int32_t br, int32_t bc, int32_t r, int32_t c) {
    return ((r % br) * bc + r / br + c) % n;
}

/* A standard grid (boxes only) at once: the classic pattern, then shuffled
 * digits, rows within bands, bands, columns within stacks and stacks. Every
 * step maps valid grids to valid grids. With `same`, every band (stack)
 * shuffles its rows (columns) alike: the cells at one position in their
 * box then still hold every digit (the pattern's digit there is i bc + j +
 * band + bc stack, i, j the position), as the disjoint-groups variant asks. */
void sudoku_pattern_grid(const sudoku_t *s, uint64_t seed, int same, uint8_t *grid) {
    int32_t n = s->n, br = s->box_rows, bc = s->box_cols;
    int32_t digit[SUDOKU_MAX_SIZE], row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE];
    shuffle(digit, n, &seed);
    shuffle_lines(row, bc, br, same, &seed); /* n / br = bc bands of br rows */
    shuffle_lines(col, br, bc, same, &seed); /* br stacks of bc columns */
    for (int32_t r = 0; r < n; r++)
        for (int32_t c = 0; c < n; c++) {
            int32_t pr = row[r], pc = col[c];
            grid[r * n + c] = (uint8_t)(digit[sudoku_pattern_digit(n, br, bc, pr, pc)] + 1);
        }
}

/* The shortcut for givens (sudoku.h): the pattern's digits renamed to agree
 * with them, the digits no given names taking the unused values in order. */
int sudoku_pattern_fill(int32_t size, int32_t box_rows, int32_t box_cols, const uint8_t *grid,
                        uint8_t *solution, int32_t *free_digits, sudoku_error_t *err) {
    if (err) memset(err, 0, sizeof *err);
    if (!grid || !solution) return sudoku_fail(err, DLX_EARG, "no grid or no room for the solution");
    int32_t n = size, br = box_rows, bc = box_cols;
    int rc = sudoku_box_of(n, &br, &bc, err);
    if (rc) return rc;
    uint8_t rename[SUDOKU_MAX_SIZE] = {0}, used[SUDOKU_MAX_SIZE + 1] = {0};
    for (int32_t cell = 0; cell < n * n; cell++)
        if (grid[cell] > n)
            return sudoku_fail(err, SUDOKU_EVALUE, "row %d, column %d holds %d, over the side",
                               cell / n + 1, cell % n + 1, grid[cell]);
    for (int32_t r = 0, cell = 0; r < n; r++)
        for (int32_t c = 0, d = sudoku_pattern_digit(n, br, bc, r, 0); c < n; c++, cell++, d = d + 1 < n ? d + 1 : 0) {
            int32_t v = grid[cell];
            solution[cell] = (uint8_t)d; /* the pattern's digit, renamed below */
            if (!v || rename[d] == v) continue;
            if (rename[d] || used[v]) return 0; /* two digits for one, or one for two: no fit */
            rename[d] = (uint8_t)v, used[v] = 1;
        }
    int32_t unnamed = 0;
    for (int32_t d = 0, next = 1; d < n; d++) {
        if (rename[d]) continue;
        while (used[next]) next++;
        rename[d] = (uint8_t)next, used[next] = 1, unnamed++;
    }
    for (int32_t cell = 0; cell < n * n; cell++) solution[cell] = rename[solution[cell]];
    if (free_digits) *free_digits = unnamed;
    return 1;
}

/* ---- windoku ------------------------------------------------------------------ */

/* The window block (0, 1, ...) holding line x, or -1: windows of w lines start
 * at 1, w + 2, 2w + 3, ... while they fit in n (as sudoku.c lays them out). */
static int32_t window_of(int32_t x, int32_t w, int32_t n) {
    if (x < 1 || (x - 1) % (w + 1) == w) return -1;
    int32_t j = (x - 1) / (w + 1);
    return 1 + j * (w + 1) + w <= n ? j : -1;
}

/* Shuffle lines that share their band (or stack: lines / w) and their window
 * block, and reverse them all when that maps the windows onto themselves:
 * moves that keep every region. line[x] is the pattern's line drawn at x. */
static void shuffle_windoku_lines(int32_t *line, int32_t n, int32_t w, uint64_t *rng) {
    int32_t same[SUDOKU_MAX_SIZE], order[SUDOKU_MAX_SIZE], done[SUDOKU_MAX_SIZE] = {0};
    int symmetric = 1;
    for (int32_t x = 0; x < n; x++) symmetric &= (window_of(x, w, n) < 0) == (window_of(n - 1 - x, w, n) < 0);
    int reverse = symmetric && (next_random(rng) & 1);
    for (int32_t x = 0; x < n; x++) {
        if (done[x]) continue;
        int32_t k = 0;
        for (int32_t y = x; y < n; y++)
            if (y / w == x / w && window_of(y, w, n) == window_of(x, w, n)) same[k++] = y, done[y] = 1;
        shuffle(order, k, rng);
        for (int32_t i = 0; i < k; i++) line[reverse ? n - 1 - same[i] : same[i]] = same[order[i]];
    }
}

/* Relabel lines at random, keeping label[x] (0..labels-1) distinct among
 * the lines of each part (band or stack) and of each group (group[x] < 0:
 * none): `moves` times, two labels swap along a whole chain of lines that
 * hold them and each share a part or a group with the next (a Kempe chain:
 * in any part or group, both lines holding them are in the chain, or none). */
static void kempe_shuffle(int32_t *label, const int32_t *part, const int32_t *group, int32_t n,
                          int32_t labels, int32_t moves, uint64_t *rng) {
    int32_t chain[SUDOKU_MAX_SIZE];
    for (int32_t m = 0; m < moves && labels > 1; m++) {
        uint8_t in[SUDOKU_MAX_SIZE] = {0};
        int32_t x0 = (int32_t)(next_random(rng) % (uint64_t)n), u = label[x0];
        int32_t v = (int32_t)(next_random(rng) % (uint64_t)(labels - 1)), k = 0;
        v += v >= u;
        chain[k++] = x0, in[x0] = 1;
        for (int32_t i = 0; i < k; i++) {
            int32_t x = chain[i], other = label[x] == u ? v : u;
            for (int32_t y = 0; y < n; y++)
                if (!in[y] && label[y] == other && (part[y] == part[x] || (group[x] >= 0 && group[y] == group[x])))
                    chain[k++] = y, in[y] = 1;
        }
        for (int32_t i = 0; i < k; i++) label[chain[i]] = label[chain[i]] == u ? v : u;
    }
}

/* A windoku grid at once (the search fill finds none at 25x25 in millions of
 * nodes). Digits are pairs (a, b), a mod br and b mod bc, added pairwise: a
 * cell holds f(row) + h(col).
 * Rows: f(r) = (a(r), g(r)). g(r) is r's window block; the rows in no window
 * (each residue mod br appears there bc - blocks times) are dealt, residue by
 * residue, into the remaining values of g, so each value of g has br rows.
 * a(r) is r mod br, then relabelled by Kempe chains: distinct within each
 * band and each value of g. So f is one to one.
 * Columns: h(c) = (stack of c, b(c)), b(c) is c mod bc, then relabelled:
 * distinct within each stack and each window's columns. One to one too.
 * A row holds h + constant, a column f + constant: every digit. A box: its
 * band's rows run through every a, its stack's columns share one a and run
 * through every b, so each sum comes once. A window: its rows share one g
 * and run through every a, its columns run through every b: each sum once.
 * Any br x bc works. Relabelling a, g, the stacks or b by any permutation,
 * the moves of shuffle_windoku_lines, a transpose of square boxes and a
 * digit map keep all of that. */
void sudoku_windoku_grid(const sudoku_t *s, uint64_t seed, uint8_t *grid) {
    int32_t n = s->n, br = s->box_rows, bc = s->box_cols;
    int32_t digit[SUDOKU_MAX_SIZE], row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE];
    int32_t a[SUDOKU_MAX_SIZE], g[SUDOKU_MAX_SIZE], stack[SUDOKU_MAX_SIZE], b[SUDOKU_MAX_SIZE];
    int32_t row_a[SUDOKU_MAX_SIZE], row_g[SUDOKU_MAX_SIZE] = {0}, col_b[SUDOKU_MAX_SIZE];
    int32_t part[SUDOKU_MAX_SIZE] = {0}, window[SUDOKU_MAX_SIZE], left[SUDOKU_MAX_SIZE] = {0};
    shuffle(digit, n, &seed);
    shuffle(a, br, &seed);
    shuffle(g, bc, &seed);
    shuffle(stack, br, &seed);
    shuffle(b, bc, &seed);
    int32_t blocks = n > br ? (n - 1 - br) / (br + 1) + 1 : 0;
    for (int32_t r = 0; r < n; r++) {
        int32_t j = window_of(r, br, n);
        row_g[r] = j >= 0 ? j : blocks + left[r % br]++;
        row_a[r] = r % br, part[r] = r / br;
    }
    kempe_shuffle(row_a, part, row_g, n, br, n, &seed);
    for (int32_t c = 0; c < n; c++) col_b[c] = c % bc, part[c] = c / bc, window[c] = window_of(c, bc, n);
    kempe_shuffle(col_b, part, window, n, bc, n, &seed);
    shuffle_windoku_lines(row, n, br, &seed);
    shuffle_windoku_lines(col, n, bc, &seed);
    int transpose = br == bc && (next_random(&seed) & 1);
    for (int32_t r = 0; r < n; r++)
        for (int32_t c = 0; c < n; c++) {
            int32_t pr = row[r], pc = col[c];
            int32_t x = (a[row_a[pr]] + stack[pc / bc]) % br, y = (g[row_g[pr]] + b[col_b[pc]]) % bc;
            grid[transpose ? c * n + r : r * n + c] = (uint8_t)(digit[x * bc + y] + 1);
        }
}

/* ---- X (both diagonals), square boxes ------------------------------------------ */

/* A random permutation of 0..m-1 that commutes with x -> m - 1 - x: the
 * pairs {x, m - 1 - x} shuffled, each turned either way (the middle, for m
 * odd, stays). */
static void mirror_shuffle(int32_t *perm, int32_t m, uint64_t *rng) {
    int32_t pair[SUDOKU_MAX_SIZE], h = m / 2;
    shuffle(pair, h, rng);
    for (int32_t x = 0; x < h; x++) {
        int32_t y = next_random(rng) & 1 ? pair[x] : m - 1 - pair[x];
        perm[x] = y, perm[m - 1 - x] = m - 1 - y;
    }
    if (m & 1) perm[h] = h;
}

/* An X grid with m x m boxes at once (the search fill of a 64x64 runs past
 * 10 s). Row r = m r1 + r2 (band, row in band), column c = m c1 + c2; the
 * digit is a pair of Z_m, A1 r1 + A2 r2 + A3 c1 + A4 c2, vectors of Z_m^2.
 * A row is A3 c1 + A4 c2 + constant: every digit when det [A3 A4] is a unit;
 * a column needs det [A1 A2], a box det [A2 A4]. On the main diagonal
 * r = c: (A1 + A3) k1 + (A2 + A4) k2; on the other c = n - 1 - r:
 * (A1 - A3) k1 + (A2 - A4) k2 + constant. A1 = (0,1), A2 = (1,0),
 * A3 = (1,1), A4 = (0,1) make all five determinants +-1 for every m. Then
 * one permutation of the lines for rows and columns alike, keeping bands
 * and commuting with k -> n - 1 - k (so each diagonal maps onto itself), a
 * transpose and a digit map. */
void sudoku_x_grid(const sudoku_t *s, uint64_t seed, uint8_t *grid) {
    int32_t n = s->n, m = s->box_rows;
    static const int32_t a[4][2] = {{0, 1}, {1, 0}, {1, 1}, {0, 1}};
    int32_t digit[SUDOKU_MAX_SIZE], band[SUDOKU_MAX_SIZE], inner[SUDOKU_MAX_SIZE], line[SUDOKU_MAX_SIZE];
    shuffle(digit, n, &seed);
    mirror_shuffle(band, m, &seed);
    for (int32_t p = 0; p <= m - 1 - p; p++) {
        int32_t q = m - 1 - p;
        if (p == q) mirror_shuffle(inner, m, &seed);
        else shuffle(inner, m, &seed);
        for (int32_t i = 0; i < m; i++) {
            line[p * m + i] = band[p] * m + inner[i];
            line[q * m + (m - 1 - i)] = band[q] * m + (m - 1 - inner[i]);
        }
    }
    int transpose = next_random(&seed) & 1;
    for (int32_t r = 0; r < n; r++)
        for (int32_t c = 0; c < n; c++) {
            int32_t r1 = line[r] / m, r2 = line[r] % m, c1 = line[c] / m, c2 = line[c] % m;
            int32_t x = (a[0][0] * r1 + a[1][0] * r2 + a[2][0] * c1 + a[3][0] * c2) % m;
            int32_t y = (a[0][1] * r1 + a[1][1] * r2 + a[2][1] * c1 + a[3][1] * c2) % m;
            grid[transpose ? c * n + r : r * n + c] = (uint8_t)(digit[x * m + y] + 1);
        }
}
