/* fuzz_shape.c: libFuzzer target for whole Sudoku shapes (sudoku_new) and
 * what a solver built from one does (solve, count, candidates, generate).
 *
 * Input: option bytes, then a stream of choices (past the end every choice
 * reads 0, so any input decodes to a shape).
 *   byte 0: the side (mostly small; now and then 12..36; 64 with byte 1 0xff), and whether
 *           sudoku_new gets side 0 (to take it from the box)
 *   byte 1: the box: 0 for the default, else rows from it (maybe not a divisor)
 *   byte 2: variants (X, windoku), a jigsaw map, and a high bit of the
 *           number of extra regions
 *   byte 3: the number of extra regions (0..511; over 256 must be refused)
 * Each extra region is one of: a repeat of an earlier one (in another order),
 * a random set of N distinct cells through cell 0 (so that one cell lies in
 * very many regions), a random set anywhere, or a set with one bad cell. The
 * jigsaw map is the box map with cells traded between pieces (still valid),
 * or with one piece number broken.
 *
 * The target predicts whether the shape is valid and checks sudoku_new
 * agrees (SUDOKU_ESIZE / SUDOKU_EREGION with a message when not). A solver is
 * then used with small node budgets: a solution found must fill every row,
 * column, box or piece, diagonal, windoku box and extra region once and keep
 * the givens; candidates contain it; the same call twice gives the same
 * answer (no state leaks between calls); generate either finishes with a
 * unique puzzle or stops with SUDOKU_ESTOPPED / DLX_ENOSOLUTION.
 *
 * The whole input is also read as a box's text (sudoku_parse_box): a box
 * it accepts is in range and reads back the same from its plain spelling;
 * one it refuses comes with SUDOKU_EBOX or SUDOKU_ESIZE and a message.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz_bytes.h"
#include "grid_check.h"
#include "sudoku.h"

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
#define MAX_UNITS (4 * SUDOKU_MAX_SIZE + 2 + SUDOKU_MAX_SIZE + 2 * SUDOKU_MAX_REGIONS)
#define NODE_BUDGET 400

static const int32_t BIG_SIDES[] = {25, 36, 20, 0, 65, -3, 12, 16, 64};

static uint64_t next_random(uint64_t *state) { /* splitmix64 */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* n distinct cells of 0..cells-1 (through cell 0 when `through0`). */
static void random_cells(int32_t *out, int32_t n, int32_t cells, int through0, uint64_t *rng) {
    static int32_t perm[MAX_CELLS];
    for (int32_t i = 0; i < cells; i++) perm[i] = i;
    int32_t from = through0 ? 1 : 0;
    for (int32_t k = from; k < n; k++) { /* partial Fisher-Yates over perm[from..] */
        int32_t j = k + (int32_t)(next_random(rng) % (uint64_t)(cells - k));
        int32_t t = perm[k];
        perm[k] = perm[j], perm[j] = t;
    }
    memcpy(out, perm, (size_t)n * sizeof *out);
    for (int32_t k = n - 1; k > 0; k--) { /* any order */
        int32_t j = (int32_t)(next_random(rng) % (uint64_t)(k + 1)), t = out[k];
        out[k] = out[j], out[j] = t;
    }
}

static int same_set(const int32_t *a, const int32_t *b, int32_t n, int32_t cells) {
    static uint8_t mark[MAX_CELLS];
    memset(mark, 0, (size_t)cells);
    for (int32_t k = 0; k < n; k++) mark[a[k]] = 1;
    for (int32_t k = 0; k < n; k++)
        if (!mark[b[k]]) return 0;
    return 1;
}

static int32_t regions[SUDOKU_MAX_REGIONS * 2 * SUDOKU_MAX_SIZE];
static int32_t jigsaw[MAX_CELLS];
static int32_t units[MAX_UNITS * SUDOKU_MAX_SIZE];

/* Every region of a valid shape, as lists of n cells; returns how many. */
static int32_t all_units(const sudoku_shape_t *sh, int32_t n, int32_t br, int32_t bc) {
    int32_t u = 0, *at = units;
    for (int32_t r = 0; r < n; r++, u++)
        for (int32_t k = 0; k < n; k++) *at++ = r * n + k;
    for (int32_t c = 0; c < n; c++, u++)
        for (int32_t k = 0; k < n; k++) *at++ = k * n + c;
    if (sh->jigsaw) {
        for (int32_t p = 0; p < n; p++, u++)
            for (int32_t c = 0; c < n * n; c++)
                if (jigsaw[c] == p) *at++ = c;
    } else {
        for (int32_t b = 0; b < n; b++, u++)
            for (int32_t k = 0; k < n; k++)
                *at++ = (b / br * br + k / bc) * n + b % br * bc + k % bc;
    }
    if (sh->variants & SUDOKU_X) {
        for (int32_t k = 0; k < n; k++) *at++ = k * n + k;
        for (int32_t k = 0; k < n; k++) *at++ = k * n + n - 1 - k;
        u += 2;
    }
    if (sh->variants & SUDOKU_WINDOKU)
        for (int32_t r0 = 1; r0 + br <= n; r0 += br + 1)
            for (int32_t c0 = 1; c0 + bc <= n; c0 += bc + 1, u++)
                for (int32_t k = 0; k < n; k++) *at++ = (r0 + k / bc) * n + c0 + k % bc;
    memcpy(at, sh->regions, (size_t)sh->n_regions * (size_t)n * sizeof *at);
    return u + sh->n_regions;
}

static void check_solution(const uint8_t *puzzle, const uint8_t *sol, int32_t n, int32_t n_units) {
    for (int32_t i = 0; i < n * n; i++) FUZZ_ASSERT(!puzzle[i] || puzzle[i] == sol[i]);
    for (int32_t u = 0; u < n_units; u++) FUZZ_ASSERT(unit_ok(sol, units + (size_t)u * (size_t)n, n));
}

static void solve_checked(sudoku_t *s, const uint8_t *grid, int32_t n, int32_t n_units, uint64_t limit,
                          uint64_t budget) {
    static uint8_t sol[MAX_CELLS], sol2[MAX_CELLS];
    static uint64_t masks[MAX_CELLS];
    sudoku_result_t res, res2;
    sudoku_error_t err;
    int rc = sudoku_solve(s, grid, limit, budget, sol, &res, &err);
    FUZZ_ASSERT(rc == 0 || rc == SUDOKU_ECLASH || rc == SUDOKU_EVALUE);
    FUZZ_ASSERT(!rc || (err.code == rc && err.message[0]));
    int rc2 = sudoku_solve(s, grid, limit, budget, sol2, &res2, &err);
    FUZZ_ASSERT(rc2 == rc);
    if (rc) return;
    FUZZ_ASSERT(res.status >= SUDOKU_NONE && res.status <= SUDOKU_STOPPED);
    FUZZ_ASSERT(res.status == res2.status && res.count == res2.count && res.nodes == res2.nodes);
    FUZZ_ASSERT(!budget || res.status == SUDOKU_STOPPED || res.nodes <= budget);
    FUZZ_ASSERT(res.status != SUDOKU_NONE || res.count == 0);
    if (!res.count) return;
    FUZZ_ASSERT(memcmp(sol, sol2, (size_t)n * (size_t)n) == 0);
    check_solution(grid, sol, n, n_units);
    if (sudoku_candidates(s, grid, masks, &err) == 0)
        for (int32_t i = 0; i < n * n; i++) FUZZ_ASSERT(masks[i] >> (sol[i] - 1) & 1);
}

/* The input as a box's text. */
static void check_box_text(const uint8_t *data, size_t size) {
    int32_t r = -1, c = -1, r2 = -1, c2 = -1;
    sudoku_error_t err;
    int rc = sudoku_parse_box((const char *)data, size, &r, &c, &err);
    if (rc) {
        FUZZ_ASSERT((rc == SUDOKU_EBOX || rc == SUDOKU_ESIZE) && err.code == rc && err.message[0]);
        return;
    }
    FUZZ_ASSERT(r >= 1 && r <= SUDOKU_MAX_SIZE && c >= 0 && r * (c ? c : 1) <= SUDOKU_MAX_SIZE);
    char plain[16];
    int len = c ? snprintf(plain, sizeof plain, "%dx%d", r, c) : snprintf(plain, sizeof plain, "%d", r);
    FUZZ_ASSERT(sudoku_parse_box(plain, (size_t)len, &r2, &c2, NULL) == 0 && r2 == r && c2 == c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    check_box_text(data, size);
    fuzz_bytes b = {data, size, 0};
    uint8_t b0 = fuzz_u8(&b), b1 = fuzz_u8(&b), b2 = fuzz_u8(&b), b3 = fuzz_u8(&b);
    uint64_t rng = (uint64_t)b0 << 24 | (uint64_t)b1 << 16 | (uint64_t)b2 << 8 | b3;
    /* side 64 only when byte 1 is 0xff too: it is slow to build */
    int32_t n = (b0 & 0x1f) < 28 ? 1 + (b0 & 0x1f) % 16 : BIG_SIDES[b1 == 0xff ? 8 : (b0 >> 5) & 7];
    int side_from_box = b0 >> 7 & 1 && (b0 & 0x1f) >= 16 && (b0 & 0x1f) < 28;
    int32_t br = 0, bc = 0;
    if (b1 && n >= 1) {
        br = 1 + b1 % (n < 8 ? 8 : n);
        bc = n % br == 0 ? n / br : 1 + (b1 >> 4) % 8;
        if (b1 & 0x80) bc = br, br = n / (bc ? bc : 1); /* the other way round */
    }
    int32_t n_regions = b3 | (b2 >> 7) << 8;
    sudoku_shape_t sh = {side_from_box ? 0 : n, br, bc, b2 & 3, NULL, NULL, 0};

    /* What sudoku_new must say about the side and the box. */
    int32_t side = sh.size, rows = br, cols = bc;
    if (!side) side = (int64_t)br * bc >= 1 && (int64_t)br * bc <= SUDOKU_MAX_SIZE ? br * bc : -1;
    int size_ok = side >= 1 && side <= SUDOKU_MAX_SIZE;
    if (size_ok && !rows && !cols) sudoku_default_box(side, &rows, &cols);
    size_ok = size_ok && rows >= 1 && cols >= 1 && (int64_t)rows * cols == side;
    int region_ok = n_regions <= SUDOKU_MAX_REGIONS;
    if (size_ok && region_ok && side > 16 && n_regions > 16) n_regions = 16; /* keep big shapes quick */

    if (size_ok && region_ok) {
        int32_t cells = side * side;
        /* A jigsaw map: pieces as the boxes, then cells traded between pieces. */
        if (b2 >> 2 & 1) {
            for (int32_t c = 0; c < cells; c++)
                jigsaw[c] = (c / side / rows) * rows + (c % side) / cols;
            for (uint32_t k = 0, m = fuzz_below(&b, 16); k < m; k++) {
                int32_t a = (int32_t)(next_random(&rng) % (uint64_t)cells);
                int32_t z = (int32_t)(next_random(&rng) % (uint64_t)cells), t = jigsaw[a];
                jigsaw[a] = jigsaw[z], jigsaw[z] = t;
            }
            if (b2 >> 3 & 1) { /* one broken piece number: the map is refused */
                jigsaw[next_random(&rng) % (uint64_t)cells] = (b2 >> 4 & 1) ? side : -1;
                region_ok = 0;
            }
            sh.jigsaw = jigsaw;
        }
        for (int32_t k = 0; k < n_regions; k++) {
            int32_t *r = regions + (size_t)k * (size_t)side;
            uint8_t kind = fuzz_u8(&b);
            switch (kind & 3) {
            case 0: /* a repeat of an earlier one, shuffled: refused */
                if (k) {
                    int32_t j = (int32_t)(next_random(&rng) % (uint64_t)k);
                    memcpy(r, regions + (size_t)j * (size_t)side, (size_t)side * sizeof *r);
                    for (int32_t q = side - 1; q > 0; q--) {
                        int32_t w = (int32_t)(next_random(&rng) % (uint64_t)(q + 1)), t = r[q];
                        r[q] = r[w], r[w] = t;
                    }
                    break;
                }
                /* fall through */
            case 1: random_cells(r, side, cells, 1, &rng); break;
            case 2: random_cells(r, side, cells, 0, &rng); break;
            case 3: /* one cell off the grid or repeated: refused */
                random_cells(r, side, cells, 0, &rng);
                r[next_random(&rng) % (uint64_t)side] = kind & 4 ? cells + (kind >> 3) : kind & 8 ? -1 : r[0];
                break; /* (r[0] itself may be the cell picked: then it stays valid) */
            }
        }
        /* What the target expects of the regions: every one N distinct cells
         * of the grid, no extra region twice (the same cells in any order). */
        for (int32_t k = 0; k < n_regions && region_ok; k++) {
            const int32_t *r = regions + (size_t)k * (size_t)side;
            static uint8_t seen[MAX_CELLS];
            memset(seen, 0, (size_t)cells);
            for (int32_t q = 0; q < side; q++) {
                if (r[q] < 0 || r[q] >= cells || seen[r[q]]++) region_ok = 0;
            }
            for (int32_t j = 0; j < k && region_ok; j++)
                if (same_set(regions + (size_t)j * (size_t)side, r, side, cells)) region_ok = 0;
        }
    }
    sh.regions = regions, sh.n_regions = n_regions;

    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&sh, &err);
    if (!size_ok || !region_ok) {
        FUZZ_ASSERT(s == NULL);
        FUZZ_ASSERT(err.code == (size_ok ? SUDOKU_EREGION : SUDOKU_ESIZE));
        FUZZ_ASSERT(err.message[0] && memchr(err.message, 0, sizeof err.message));
        return 0;
    }
    if (!s) { /* a valid shape; only memory may fail it */
        FUZZ_ASSERT(err.code == DLX_ENOMEM);
        return 0;
    }
    FUZZ_ASSERT(sudoku_size(s) == side);
    int32_t got_r, got_c;
    sudoku_box(s, &got_r, &got_c);
    FUZZ_ASSERT(got_r == rows && got_c == cols);
    int32_t n_units = all_units(&sh, side, rows, cols);
    int32_t cells = side * side;

    /* Solve the empty grid, then grids with givens from the input. */
    static uint8_t grid[MAX_CELLS];
    memset(grid, 0, (size_t)cells);
    solve_checked(s, grid, side, n_units, 2, NODE_BUDGET);
    /* (a 64x64 matrix has a million nodes: each call on it costs milliseconds) */
    for (int round = 0; round < 3 && side <= 16 && fuzz_more(&b); round++) {
        for (uint32_t k = 0, m = fuzz_below(&b, 24); k < m; k++) {
            int32_t c = (int32_t)(next_random(&rng) % (uint64_t)cells);
            uint8_t v = fuzz_u8(&b);
            grid[c] = v < 240 ? (uint8_t)(v % (side + 1)) : v; /* now and then over N */
        }
        solve_checked(s, grid, side, n_units, round == 2 ? 0 : 2, NODE_BUDGET);
    }
    /* The solver still answers an ordinary question afterwards. */
    memset(grid, 0, (size_t)cells);
    solve_checked(s, grid, side, n_units, 1, NODE_BUDGET);

    /* Generate with a small total budget: done (unique) or a coded stop. */
    if (side <= 16) {
        static uint8_t puzzle[MAX_CELLS], sol[MAX_CELLS];
        sudoku_generate_opts_t o = {rng, b2 >> 5 & 1, b2 >> 6 & 1, 0, 1 + fuzz_u8(&b) * 40};
        int rc = sudoku_generate(s, &o, puzzle, sol, &err);
        FUZZ_ASSERT(rc == 0 || rc == SUDOKU_ESTOPPED || rc == DLX_ENOSOLUTION);
        FUZZ_ASSERT(!rc || (err.code == rc && err.message[0]));
        if (!rc) {
            check_solution(puzzle, sol, side, n_units);
            sudoku_result_t res;
            FUZZ_ASSERT(sudoku_solve(s, puzzle, 2, 0, NULL, &res, &err) == 0);
            FUZZ_ASSERT(res.status == SUDOKU_UNIQUE);
        }
        solve_checked(s, grid, side, n_units, 1, NODE_BUDGET);
    }
    sudoku_free(s);
    return 0;
}
