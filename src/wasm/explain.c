/* wasm/explain.c: the dk_explain_* exports, the explainer (sudoku_explain_*,
 * docs/sudoku-logic.md) for JavaScript. A step is a record of int32 slots
 * (records.h, enum dk_step_slot) whose arrays and text point into the
 * explainer's memory, valid until the next step or the free; JS copies them
 * out at once. Errors go into exports.c's last-error record. */
#include <math.h>
#include <stddef.h>

#include "sudoku.h"
#include "../core/sudoku_logic.h" /* how the houses after 3n divide up */
#include "boundary.h"
#include "records.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

_Static_assert(sizeof(sudoku_move_t) == 8, "JS reads a move as two int32: cell, digit");

/* An explainer of `grid` on solver s, or 0 with the error recorded.
 * max_nodes: the solve that proves the solution unique (0: the default). */
EXPORT sudoku_explain_t *dk_explain_begin(sudoku_t *s, const uint8_t *grid, double max_nodes) {
    static sudoku_error_t err; /* static: 240 bytes off the frame, as in exports.c */
    sudoku_explain_opts_t opts = {0};
    opts.max_nodes = max_nodes >= 1 && max_nodes < 1.8e19 ? (uint64_t)max_nodes : 0;
    sudoku_explain_t *e = sudoku_explain_begin(s, grid, &opts, &err);
    if (!e) boundary_sudoku_error(&err);
    return e;
}

/* The next step into out (enum dk_step_slot): 1, or 0 once the grid is full. */
EXPORT int32_t dk_explain_next(sudoku_explain_t *e, int32_t *out) {
    sudoku_step_t st;
    int rc = sudoku_explain_next(e, &st);
    if (rc != 1) return rc;
    out[DK_STEP_TECHNIQUE] = st.technique;
    out[DK_STEP_PLACEMENTS] = (int32_t)(uintptr_t)st.placements;
    out[DK_STEP_PLACEMENT_COUNT] = st.n_placements;
    out[DK_STEP_ELIMINATIONS] = (int32_t)(uintptr_t)st.eliminations;
    out[DK_STEP_ELIMINATION_COUNT] = st.n_eliminations;
    out[DK_STEP_CELLS] = (int32_t)(uintptr_t)st.cells;
    out[DK_STEP_CELL_COUNT] = st.n_cells;
    out[DK_STEP_HOUSES] = (int32_t)(uintptr_t)st.houses;
    out[DK_STEP_HOUSE_COUNT] = st.n_houses;
    out[DK_STEP_TEXT] = (int32_t)(uintptr_t)st.text;
    return 1;
}

/* How many windoku windows come after the X diagonals in the house numbers. */
EXPORT int32_t dk_explain_windows(const sudoku_explain_t *e) { return e->windows; }
EXPORT void dk_explain_free(sudoku_explain_t *e) { sudoku_explain_free(e); }
EXPORT const char *dk_technique_name(int32_t t) { return sudoku_technique_name(t); }
EXPORT int32_t dk_technique_rating(int32_t t) { return sudoku_technique_rating(t); }
