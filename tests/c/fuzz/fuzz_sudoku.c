/* fuzz_sudoku.c: libFuzzer target for the Sudoku reader (every format) and solver.
 *
 * Input: three option bytes, then text.
 *   byte 0: the alphabet (none, hex, letters, or one taken from the input),
 *           whether to print puzzles back and read them again
 *   byte 1: the expected side N (0: infer it) from a table with odd values
 *   byte 2: the box shape for solving and the variants (X, windoku, one
 *           extra region read from the input)
 * The text is read puzzle after puzzle as a batch reader does. Every error
 * must be a documented code with its place inside the text; every puzzle read
 * is solved with a small node budget, and what the solver answers is checked:
 * a solution keeps the givens and fills every row, column, box, diagonal and
 * region once; every solution digit is among the cell's candidates; a clash
 * reported by the solver is reported by sudoku_check_givens too. Printing a
 * puzzle (and its solution) in the input's style and reading it back gives
 * the same cells.
 */
#include <string.h>

#include "fuzz_bytes.h"
#include "grid_check.h"
#include "sudoku.h"

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
#define NODE_BUDGET 300

static const int32_t SIZES[] = {0, 0, 0, 0, 9, 4, 16, 1, 6, 25, 8, 2, 64, 65, -1, 12};

/* Solvers are costly to build (a 64x64 matrix has a million nodes): keep the last few. */
typedef struct {
    int32_t n, br, bc;
    uint32_t variants;
    int32_t region[SUDOKU_MAX_SIZE];
    int has_region;
    sudoku_t *s;
} cached_solver;
static cached_solver cache[6];
static int cache_next;

static sudoku_t *solver_for(const sudoku_shape_t *sh) {
    for (int k = 0; k < 6; k++) {
        cached_solver *c = &cache[k];
        if (c->s && c->n == sh->size && c->br == sh->box_rows && c->bc == sh->box_cols &&
            c->variants == sh->variants && c->has_region == sh->n_regions &&
            (!sh->n_regions || !memcmp(c->region, sh->regions, (size_t)sh->size * sizeof(int32_t))))
            return c->s;
    }
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(sh, &err);
    if (!s) {
        FUZZ_ASSERT(err.code == SUDOKU_ESIZE || err.code == SUDOKU_EREGION);
        FUZZ_ASSERT(err.message[0]);
        return NULL;
    }
    cached_solver *c = &cache[cache_next];
    cache_next = (cache_next + 1) % 6;
    sudoku_free(c->s);
    *c = (cached_solver){sh->size, sh->box_rows, sh->box_cols, sh->variants, {0}, sh->n_regions, s};
    if (sh->n_regions) memcpy(c->region, sh->regions, (size_t)sh->size * sizeof(int32_t));
    return s;
}

static void check_solution(const uint8_t *puzzle, const uint8_t *sol, const sudoku_shape_t *sh) {
    int32_t n = sh->size, br = sh->box_rows, bc = sh->box_cols, unit[SUDOKU_MAX_SIZE];
    for (int32_t i = 0; i < n * n; i++) FUZZ_ASSERT(!puzzle[i] || puzzle[i] == sol[i]);
    for (int32_t u = 0; u < n; u++) {
        for (int32_t k = 0; k < n; k++) unit[k] = u * n + k;
        FUZZ_ASSERT(unit_ok(sol, unit, n));
        for (int32_t k = 0; k < n; k++) unit[k] = k * n + u;
        FUZZ_ASSERT(unit_ok(sol, unit, n));
        int32_t r0 = u / (n / bc) * br, c0 = u % (n / bc) * bc;
        for (int32_t k = 0; k < n; k++) unit[k] = (r0 + k / bc) * n + c0 + k % bc;
        FUZZ_ASSERT(unit_ok(sol, unit, n));
    }
    if (sh->variants & SUDOKU_X) {
        for (int32_t k = 0; k < n; k++) unit[k] = k * n + k;
        FUZZ_ASSERT(unit_ok(sol, unit, n));
        for (int32_t k = 0; k < n; k++) unit[k] = k * n + n - 1 - k;
        FUZZ_ASSERT(unit_ok(sol, unit, n));
    }
    if (sh->n_regions) FUZZ_ASSERT(unit_ok(sol, sh->regions, n));
}

static char printed[MAX_CELLS * 8 + 8192];

/* Print values in `style` (the layout of t) and read them back: the same cells. */
static void round_trip_in(const sudoku_text_t *t, const uint8_t *values, const sudoku_text_opts_t *o,
                          sudoku_style style) {
    int64_t len = sudoku_format(t, t->size, values, style, printed, sizeof printed);
    if (len == SUDOKU_EALPHABET) return; /* no one-symbol form for this N */
    FUZZ_ASSERT(len > 0);
    if (len >= (int64_t)sizeof printed) return;
    sudoku_text_t back;
    sudoku_error_t err;
    sudoku_text_opts_t same = {t->size, o->alphabet};
    int rc = sudoku_parse(printed, (size_t)len, &same, &back, &err);
    if (rc || back.size != t->size || memcmp(back.cells, values, (size_t)t->size * (size_t)t->size))
        fprintf(stderr, "printed (style %d, rc %d %s):\n%s\n", style, rc, rc ? err.message : "", printed);
    FUZZ_ASSERT(rc == 0);
    FUZZ_ASSERT(back.size == t->size);
    FUZZ_ASSERT(memcmp(back.cells, values, (size_t)t->size * (size_t)t->size) == 0);
    sudoku_text_release(&back);
}

/* The one-line form always reads back. The input's own layouts are not
 * round-tripped here: a fuzzed layout printed with other digits may read
 * otherwise by the conventions at the top of src/core/sudoku_read.c, which settle
 * ambiguous text for what people paste ("00" is one blank number in a
 * numbers grid but two cells on its own; ". ." printed as "1 2" stays two
 * cells, "..", printed as "12", is the number 12 in a row of numbers).
 * tests/c/test_sudoku_text.c round-trips the layouts people use. */
static void check_round_trip(const sudoku_text_t *t, const uint8_t *values, const sudoku_text_opts_t *o) {
    int32_t cells = t->size * t->size, given = 0;
    for (int32_t i = 0; i < cells; i++) given += values[i] != 0;
    if (!given) return; /* all blanks: "---" is a border line */
    round_trip_in(t, values, o, SUDOKU_STYLE_LINE);
}

static void solve_one(const sudoku_text_t *t, sudoku_shape_t sh, int round_trip,
                      const sudoku_text_opts_t *o) {
    static uint8_t sol[MAX_CELLS];
    static uint64_t masks[MAX_CELLS];
    int32_t n = t->size;
    sh.size = n;
    if (sh.box_rows && n % sh.box_rows == 0) sh.box_cols = n / sh.box_rows;
    else sudoku_default_box(n, &sh.box_rows, &sh.box_cols);
    if (sh.n_regions) for (int32_t k = 0; k < n; k++) ((int32_t *)sh.regions)[k] %= n * n;
    sudoku_t *s = solver_for(&sh);
    if (!s) return;
    sudoku_box(s, &sh.box_rows, &sh.box_cols);
    sudoku_result_t res;
    sudoku_error_t err;
    memset(sol, 0, sizeof sol);
    int rc = sudoku_solve(s, t->cells, 2, NODE_BUDGET, sol, &res, &err);
    int checked = sudoku_check_givens(s, t->cells, &err);
    FUZZ_ASSERT(rc == 0 || rc == SUDOKU_ECLASH);
    FUZZ_ASSERT((rc == SUDOKU_ECLASH) == (checked == SUDOKU_ECLASH));
    if (rc) {
        FUZZ_ASSERT(err.row >= 1 && err.row <= n && err.col >= 1 && err.col <= n);
        return;
    }
    FUZZ_ASSERT(res.status >= SUDOKU_NONE && res.status <= SUDOKU_STOPPED);
    FUZZ_ASSERT(res.status != SUDOKU_UNIQUE || res.count == 1);
    FUZZ_ASSERT(res.status != SUDOKU_MULTIPLE || res.count == 2);
    FUZZ_ASSERT(res.status != SUDOKU_NONE || res.count == 0);
    if (!res.count) return;
    check_solution(t->cells, sol, &sh);
    if (sudoku_candidates(s, t->cells, masks, &err) == 0)
        for (int32_t i = 0; i < n * n; i++) FUZZ_ASSERT(masks[i] >> (sol[i] - 1) & 1);
    if (round_trip) check_round_trip(t, sol, o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_bytes b = {data, size, 0};
    uint8_t a = fuzz_u8(&b), s = fuzz_u8(&b), v = fuzz_u8(&b);
    char alphabet[24] = {0};
    sudoku_text_opts_t o = {SIZES[s % 16], NULL};
    switch (a & 3) {
    case 1: o.alphabet = "0123456789ABCDEF"; break;
    case 2: o.alphabet = "ABCDEFGHI"; break;
    case 3: /* up to 20 bytes of the input, NUL-terminated wherever it stops */
        for (uint32_t k = 0, n = fuzz_below(&b, 21); k < n; k++) alphabet[k] = (char)fuzz_u8(&b);
        o.alphabet = alphabet;
    }
    int round_trip = a >> 2 & 1;
    static int32_t region[SUDOKU_MAX_SIZE];
    sudoku_shape_t sh = {0, v & 7, 0, v >> 3 & 3, NULL, NULL, 0};
    if (v >> 5 & 1) {
        for (int k = 0; k < SUDOKU_MAX_SIZE; k++) region[k] = fuzz_u8(&b);
        sh.regions = region, sh.n_regions = 1;
    }

    const char *text = (const char *)data + b.pos;
    size_t left = size - b.pos;
    for (int puzzles = 0; puzzles < 64; puzzles++) {
        sudoku_text_t t;
        sudoku_error_t err;
        int rc = sudoku_parse(text, left, &o, &t, &err);
        FUZZ_ASSERT(t.consumed <= left);
        if (rc) {
            FUZZ_ASSERT(rc == err.code);
            FUZZ_ASSERT(rc == SUDOKU_ESIZE || rc == SUDOKU_EVALUE || rc == SUDOKU_ELENGTH ||
                        rc == SUDOKU_ESYMBOL || rc == SUDOKU_EALPHABET);
            FUZZ_ASSERT(err.message[0] && memchr(err.message, 0, sizeof err.message));
            FUZZ_ASSERT(err.offset >= 0 && (size_t)err.offset <= left);
            FUZZ_ASSERT(!t.layout && !t.cell_at); /* nothing to release after an error */
            if (!t.consumed) break; /* an error about the options, or no way forward */
        } else {
            if (!t.size) { /* the documented loop stops here without releasing */
                FUZZ_ASSERT(t.consumed == left);
                FUZZ_ASSERT(!t.layout && !t.cell_at);
                break;
            }
            FUZZ_ASSERT(t.size >= 1 && t.size <= SUDOKU_MAX_SIZE);
            FUZZ_ASSERT(!o.size || t.size == o.size);
            FUZZ_ASSERT(t.consumed > 0);
            for (int32_t i = 0; i < t.size * t.size; i++) FUZZ_ASSERT(t.cells[i] <= t.size);
            if (round_trip) check_round_trip(&t, t.cells, &o);
            solve_one(&t, sh, round_trip, &o);
        }
        text += t.consumed;
        left -= t.consumed;
        sudoku_text_release(&t);
    }
    return 0;
}
