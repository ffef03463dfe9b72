/* fuzz_explain.c: libFuzzer target for the explainer (sudoku_explain_*).
 *
 * Input: option bytes, then a stream of choices (past the end every choice
 * reads 0, so any input decodes to a puzzle).
 *   byte 0: the shape, from a short list (4x4 to 16x16, X, windoku, a
 *           jigsaw, extra regions), each with one complete grid made once
 *           by sudoku_generate
 *   byte 1: the work budget a technique gets (tiny to the default) and the
 *           chains' length (1 to the default)
 *   then: which cells of the grid are given (a bit a cell), then edits
 *         (cell, value) that may make the givens clash, leave no solution or
 *         several, or hold a value above N
 * A puzzle begin refuses must come with one of the documented codes and a
 * message; one it takes is explained to the end, every step checked: a
 * placement is the solution's digit, an elimination removes a candidate
 * that is there and is not the solution's digit, the text names the cell,
 * and the grid ends full and equal to the solution.
 */
#include <string.h>

#include "fuzz_bytes.h"
#include "sudoku.h"

#define SHAPES 8
static sudoku_t *solvers[SHAPES];
static uint8_t grids[SHAPES][256];

static int32_t jigsaw9[81], regions9[18];

static sudoku_shape_t shape_of(int k) {
    switch (k) {
    case 0: return (sudoku_shape_t){4, 2, 2, 0, NULL, NULL, 0};
    case 1: return (sudoku_shape_t){6, 2, 3, 0, NULL, NULL, 0};
    case 2: return (sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0};
    case 3: return (sudoku_shape_t){9, 3, 3, SUDOKU_X, NULL, NULL, 0};
    case 4: return (sudoku_shape_t){9, 3, 3, SUDOKU_WINDOKU, NULL, NULL, 0};
    case 5: return (sudoku_shape_t){9, 3, 3, 0, jigsaw9, NULL, 0};
    case 6: return (sudoku_shape_t){9, 3, 3, 0, NULL, regions9, 2};
    default: return (sudoku_shape_t){16, 4, 4, 0, NULL, NULL, 0};
    }
}

static void setup(void) {
    for (int32_t r = 0; r < 9; r++)
        for (int32_t c = 0; c < 9; c++) jigsaw9[r * 9 + c] = r / 3 * 3 + (c + r) % 9 / 3;
    for (int32_t k = 0; k < 9; k++) regions9[k] = k * 9 + (k * 4) % 9, regions9[9 + k] = k * 9 + (k * 7 + 1) % 9;
    for (int k = 0; k < SHAPES; k++) {
        sudoku_shape_t sh = shape_of(k);
        solvers[k] = sudoku_new(&sh, NULL);
        FUZZ_ASSERT(solvers[k]);
        /* Only the full grid is wanted: no clue taken away (removing them
         * from the 16x16 took 5 s of the first input's 10 under ASan). */
        uint8_t puzzle[256];
        int32_t cells = sh.size * sh.size;
        FUZZ_ASSERT(!sudoku_generate(solvers[k], &(sudoku_generate_opts_t){(uint64_t)k + 1, 0, 0, cells, 0}, puzzle,
                                     grids[k], NULL));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!solvers[0]) setup();
    fuzz_bytes b = {data, size, 0};
    int k = fuzz_below(&b, SHAPES);
    uint8_t budget = fuzz_u8(&b);
    static const uint64_t WORK[] = {1, 50, 2000, 100000, 0, 0, 0, 0};
    static const int32_t CHAIN[] = {1, 3, 5, 0};
    sudoku_explain_opts_t opts = {20000, WORK[budget & 7], CHAIN[budget >> 3 & 3]};
    sudoku_t *s = solvers[k];
    int32_t n = sudoku_size(s), cells = n * n;
    uint8_t grid[256], sol[256], now[256];
    uint64_t masks[256];
    for (int32_t c = 0; c < cells; c += 8) {
        uint8_t bits = fuzz_u8(&b);
        for (int32_t i = 0; i < 8 && c + i < cells; i++) grid[c + i] = bits >> i & 1 ? grids[k][c + i] : 0;
    }
    while (fuzz_more(&b)) { /* edits */
        int32_t c = (int32_t)fuzz_u8(&b) % cells;
        grid[c] = fuzz_u8(&b) % (n + 2); /* n + 1: a value above N */
    }
    sudoku_error_t err;
    sudoku_explain_t *e = sudoku_explain_begin(s, grid, &opts, &err);
    if (!e) {
        FUZZ_ASSERT(err.code == SUDOKU_EVALUE || err.code == SUDOKU_ECLASH || err.code == SUDOKU_EUNSOLVABLE ||
                    err.code == SUDOKU_EAMBIGUOUS || err.code == SUDOKU_ESTOPPED);
        FUZZ_ASSERT(err.message[0]);
        return 0;
    }
    sudoku_result_t res;
    FUZZ_ASSERT(!sudoku_solve(s, grid, 2, 0, sol, &res, NULL) && res.status == SUDOKU_UNIQUE);
    sudoku_step_t st;
    long steps = 0;
    for (;;) {
        sudoku_explain_grid(e, NULL, masks);
        int rc = sudoku_explain_next(e, &st);
        if (rc == 0) break;
        FUZZ_ASSERT(rc == 1 && ++steps <= (long)cells * n);
        FUZZ_ASSERT(st.technique >= 0 && st.technique < SUDOKU_TECHNIQUES);
        FUZZ_ASSERT(st.n_placements + st.n_eliminations > 0 && st.n_placements <= 1);
        for (int32_t i = 0; i < st.n_placements; i++) FUZZ_ASSERT(st.placements[i].digit == sol[st.placements[i].cell]);
        for (int32_t i = 0; i < st.n_eliminations; i++) {
            sudoku_move_t m = st.eliminations[i];
            FUZZ_ASSERT(m.cell >= 0 && m.cell < cells && m.digit >= 1 && m.digit <= n);
            FUZZ_ASSERT(m.digit != sol[m.cell] && (masks[m.cell] >> (m.digit - 1) & 1));
        }
        int32_t c = st.n_placements ? st.placements[0].cell : st.eliminations[0].cell;
        char at[32];
        snprintf(at, sizeof at, "r%dc%d", c / n + 1, c % n + 1);
        FUZZ_ASSERT(st.text && strstr(st.text, at));
    }
    sudoku_explain_grid(e, now, NULL);
    FUZZ_ASSERT(!memcmp(now, sol, (size_t)cells));
    sudoku_explain_free(e);
    return 0;
}
