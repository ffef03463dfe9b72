/* sudoku_jigfill.c: a complete grid for a caller's jigsaw map, mostly
 * written down at once (issue 30). Maps near the boxes (pieces reshaped by
 * trading cells) are the common case, and the search fill on them is slow
 * (a 64x64: 8-40 s native). Here:
 *   1. The classic pattern grid (rows, columns and boxes right) with its
 *      rows shuffled inside bands and bands among themselves, columns
 *      inside stacks and stacks: every such shuffle keeps it a Sudoku
 *      grid, and which one is taken decides how many digits the map's
 *      pieces see twice. A hill climb on the shuffles (swaps of two rows,
 *      two columns, two bands, two stacks; kept when the count does not
 *      grow) takes the bench's 64x64 maps from about 43 such digits to 4-8.
 *   2. The pieces still wrong are blanked, with the pieces around them,
 *      and the search (sudoku_solve: links, restarts, learning) completes
 *      the grid under a node budget; a completion that fails or is proved
 *      impossible blanks one ring of pieces more, up to 5/8 of the grid (a
 *      completion of more is no easier than the whole fill).
 * Not complete: when its tries end without a grid the generator's search
 * fill runs as before (it proves a map without grids so). Seeded: the
 * same seed, the same grid. */
#include <stdlib.h>
#include <string.h>

#include "sudoku_internal.h"
#include "sudoku_random.h"

typedef struct {
    int32_t n, br, bc, cost;
    int32_t row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE]; /* the pattern's row and column at each place */
    const uint8_t *piece;                               /* per cell */
    uint8_t *count;                                     /* [piece * n + digit] */
    const uint8_t *pattern;                             /* the classic pattern's digit 0..n-1 per cell */
} fit;

static inline int32_t digit_at(const fit *f, int32_t r, int32_t c) { return f->pattern[f->row[r] * f->n + f->col[c]]; }

/* Count (add = 1) or uncount (add = 0) the cells of row r, or column r (`is_col`), in the pieces. */
static void tally(fit *f, int32_t r, int is_col, int add) {
    int32_t n = f->n;
    for (int32_t k = 0; k < n; k++) {
        int32_t rr = is_col ? k : r, cc = is_col ? r : k;
        uint8_t *at = f->count + f->piece[rr * n + cc] * n + digit_at(f, rr, cc);
        if (add) f->cost += (*at)++ > 0;
        else f->cost -= --*at > 0;
    }
}

/* Swap lines i..i+len-1 with j..j+len-1 (rows, or columns), the counts kept. */
static void swap_lines(fit *f, int is_col, int32_t i, int32_t j, int32_t len) {
    int32_t *line = is_col ? f->col : f->row;
    for (int32_t k = 0; k < len; k++) tally(f, i + k, is_col, 0), tally(f, j + k, is_col, 0);
    for (int32_t k = 0; k < len; k++) {
        int32_t t = line[i + k];
        line[i + k] = line[j + k], line[j + k] = t;
    }
    for (int32_t k = 0; k < len; k++) tally(f, i + k, is_col, 1), tally(f, j + k, is_col, 1);
}

/* The hill climb: `steps` random swaps, each kept unless the cost grows. */
static void climb(fit *f, uint64_t steps, uint64_t *rng) {
    int32_t n = f->n;
    for (uint64_t s = 0; s < steps && f->cost; s++) {
        uint64_t r = next_random(rng);
        int is_col = (int)(r & 1), whole = (int)(r >> 1 & 1);
        /* rows: bc bands of br rows; columns: br stacks of bc columns */
        int32_t per = is_col ? f->bc : f->br, groups = n / per, i, j, len;
        r >>= 2;
        if (whole) {
            i = (int32_t)(r % (uint64_t)groups) * per, j = (int32_t)(r / 64 % (uint64_t)groups) * per, len = per;
        } else {
            int32_t g = (int32_t)(r % (uint64_t)groups) * per;
            i = g + (int32_t)(r / 64 % (uint64_t)per), j = g + (int32_t)(r / 4096 % (uint64_t)per), len = 1;
        }
        if (i == j) continue;
        int32_t before = f->cost;
        swap_lines(f, is_col, i, j, len);
        if (f->cost > before) swap_lines(f, is_col, i, j, len);
    }
}

/* Blank every cell of the marked pieces. */
static int32_t blank_pieces(const fit *f, const uint8_t *marked, uint8_t *puzzle) {
    int32_t blanks = 0;
    for (int32_t x = 0; x < f->n * f->n; x++)
        if (marked[f->piece[x]]) puzzle[x] = 0, blanks++;
    return blanks;
}

/* Mark the pieces edge-next to a marked one. */
static void grow(const fit *f, uint8_t *marked) {
    int32_t n = f->n;
    uint8_t add[SUDOKU_MAX_SIZE] = {0};
    for (int32_t x = 0; x < n * n; x++) {
        if (!marked[f->piece[x]]) continue;
        int32_t r = x / n, c = x % n;
        if (r > 0) add[f->piece[x - n]] = 1;
        if (r + 1 < n) add[f->piece[x + n]] = 1;
        if (c > 0) add[f->piece[x - 1]] = 1;
        if (c + 1 < n) add[f->piece[x + 1]] = 1;
    }
    for (int32_t p = 0; p < n; p++) marked[p] |= add[p];
}

/* Tuning (docs/notes/JIGSAW.md, session 46). */
#ifndef JIGFILL_STEPS
#define JIGFILL_STEPS 5 /* climb steps per cell */
#endif
#ifndef JIGFILL_TRIES
#define JIGFILL_TRIES 3 /* shuffles climbed, each with its completions */
#endif
#ifndef JIGFILL_RINGS
#define JIGFILL_RINGS 2 /* rings of pieces blanked around the wrong ones, at most */
#endif
#ifndef JIGFILL_NODES
#define JIGFILL_NODES 20 /* a completion's node budget per blank cell */
#endif

int sudoku_jigsaw_fill(sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid) {
    int32_t n = s->n, cells = n * n;
    if (!s->jigsaw || s->box_rows * s->box_cols != n || s->box_rows < 2 || s->box_cols < 2) return 1;
    uint8_t *piece = malloc((size_t)cells), *count = malloc((size_t)cells), *puzzle = malloc((size_t)cells);
    uint8_t *pattern = malloc((size_t)cells), *base = malloc((size_t)cells); /* base: a try's fitted grid */
    int rc = piece && count && puzzle && pattern && base ? 1 : DLX_ENOMEM;
    for (int32_t x = 0; x < cells && rc == 1; x++)
        pattern[x] = (uint8_t)sudoku_pattern_digit(n, s->box_rows, s->box_cols, x / n, x % n);
    for (int32_t x = 0; x < cells && rc == 1; x++)
        for (int32_t j = s->region_first[x]; j < s->region_first[x + 1]; j++)
            if (s->region_list[j] >= 2 * n && s->region_list[j] < 3 * n) piece[x] = (uint8_t)(s->region_list[j] - 2 * n);
    uint64_t rng = mix_seed(seed ^ 0x6A16F111ull);
    for (int try = 0; try < JIGFILL_TRIES && rc == 1 && *left; try++) {
        fit f = {n, s->box_rows, s->box_cols, 0, {0}, {0}, piece, count, pattern};
        int32_t digit[SUDOKU_MAX_SIZE];
        shuffle(digit, n, &rng);
        for (int32_t k = 0; k < n; k++) f.row[k] = f.col[k] = k;
        memset(count, 0, (size_t)cells);
        for (int32_t r = 0; r < n; r++) tally(&f, r, 0, 1);
        for (int32_t k = 0; k < 4 * n; k++) { /* a random start: bands, stacks, lines inside */
            uint64_t r = next_random(&rng);
            int is_col = (int)(r & 1);
            int32_t per = is_col ? f.bc : f.br, i = (int32_t)(r / 2 % (uint64_t)n), j = (int32_t)(r / 128 % (uint64_t)n);
            if (i / per == j / per && i != j) swap_lines(&f, is_col, i, j, 1);
        }
        climb(&f, (uint64_t)JIGFILL_STEPS * (uint64_t)cells, &rng);
        for (int32_t r = 0; r < n; r++)
            for (int32_t c = 0; c < n; c++) puzzle[r * n + c] = (uint8_t)(digit[digit_at(&f, r, c)] + 1);
        if (!f.cost) {
            memcpy(grid, puzzle, (size_t)cells);
            rc = 0;
            break;
        }
        uint8_t marked[SUDOKU_MAX_SIZE] = {0}; /* the pieces that see a digit twice */
        for (int32_t p = 0; p < n; p++)
            for (int32_t d = 0; d < n; d++) marked[p] |= count[p * n + d] > 1;
        memcpy(base, puzzle, (size_t)cells);
        for (int ring = 0; ring <= JIGFILL_RINGS && rc == 1 && *left; ring++) {
            if (ring) grow(&f, marked);
            memcpy(puzzle, base, (size_t)cells);
            int32_t blanks = blank_pieces(&f, marked, puzzle);
            if (blanks > cells / 8 * 5) break; /* no easier than the whole fill: the next shuffle */
            uint64_t budget = (uint64_t)JIGFILL_NODES * (uint64_t)blanks;
            sudoku_result_t res = {0};
            int e = sudoku_solve(s, puzzle, 1, budget < *left ? budget : *left, grid, &res, NULL);
            *left -= res.nodes < *left ? res.nodes : *left;
            if (e == DLX_ENOMEM) rc = DLX_ENOMEM;
            else if (!e && (res.status == SUDOKU_FOUND || res.status == SUDOKU_UNIQUE)) rc = 0;
        }
    }
    free(piece), free(count), free(puzzle), free(pattern), free(base);
    return rc;
}
