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

/* ---- difficulty by technique (sudoku_rate_logic, sudoku_generate_at) ---- */

static void logic_record(const sudoku_logic_rating_t *r, int32_t attempts, int32_t *out) {
    out[DK_LOGIC_TECHNIQUE] = r->technique, out[DK_LOGIC_RATING] = r->rating;
    out[DK_LOGIC_DIFFICULTY] = r->difficulty, out[DK_LOGIC_STEPS] = r->steps;
    out[DK_LOGIC_GUESSES] = r->guesses, out[DK_LOGIC_ATTEMPTS] = attempts;
}

/* The rating by technique of `grid` into out (enum dk_logic_slot): 0, or
 * the error (recorded). max_nodes: as for dk_explain_begin. */
EXPORT int32_t dk_sudoku_rate_logic(sudoku_t *s, const uint8_t *grid, double max_nodes, int32_t *out) {
    static sudoku_error_t err;
    sudoku_explain_opts_t opts = {0};
    opts.max_nodes = max_nodes >= 1 && max_nodes < 1.8e19 ? (uint64_t)max_nodes : 0;
    sudoku_logic_rating_t r;
    int rc = sudoku_rate_logic(s, grid, &opts, &r, &err);
    if (rc) return boundary_sudoku_error(&err);
    logic_record(&r, 0, out);
    return 0;
}

/* A puzzle of one difficulty (sudoku_generate_at) into puzzle and solution,
 * its rating and attempts into out: 0, or the error (recorded). */
EXPORT int32_t dk_sudoku_generate_at(sudoku_t *s, double seed, int32_t minimal, int32_t symmetric,
                                     int32_t target_clues, double max_nodes, int32_t difficulty,
                                     int32_t attempts, uint8_t *puzzle, uint8_t *solution, int32_t *out) {
    static sudoku_error_t err;
    /* JS checked both (checkCount); out of range here they are taken as 0. */
    sudoku_generate_opts_t opts = {seed >= 0 && seed < 1.8e19 ? (uint64_t)seed : 0, minimal, symmetric,
                                   target_clues > 0 ? target_clues : 0,
                                   max_nodes >= 1 && max_nodes < 1.8e19 ? (uint64_t)max_nodes : 0};
    sudoku_logic_rating_t r;
    int rc = sudoku_generate_at(s, &opts, difficulty, attempts, puzzle, solution, &r, &err);
    if (rc < 0) return boundary_sudoku_error(&err);
    logic_record(&r, rc, out);
    return 0;
}

EXPORT const char *dk_difficulty_name(int32_t d) { return sudoku_difficulty_name(d); }
EXPORT int32_t dk_difficulty_top(int32_t d) { return sudoku_difficulty_top(d); }
