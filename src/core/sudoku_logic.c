/* sudoku_logic.c: the explainer's driver. Begin solves the puzzle and
 * proves it unique (the guess takes the solution's digit, and a puzzle
 * without exactly one solution is refused), copies the houses out of the
 * handle and places the givens. Next tries the techniques in the table's
 * order, each with a fresh work budget, applies the first step found, and
 * guesses when none applies. */
#include <stdlib.h>
#include <string.h>

#include "sudoku_internal.h"
#include "sudoku_logic.h"

#define EXPLAIN_MAX_NODES 10000000u
#define EXPLAIN_MAX_WORK 4000000u
#define EXPLAIN_MAX_CHAIN 16

static void place(logic_t *e, int32_t c, int32_t d) {
    uint64_t bit = 1ull << (d - 1);
    e->value[c] = (uint8_t)d;
    e->cand[c] = 0;
    e->empty--;
    for (int32_t k = e->cell_first[c]; k < e->cell_first[c + 1]; k++) {
        const int32_t *hc = e->house_cells + (size_t)e->cell_houses[k] * (size_t)e->n;
        for (int32_t i = 0; i < e->n; i++) e->cand[hc[i]] &= ~bit;
    }
}

/* Copy the houses: per house its cells, per cell its houses (ascending,
 * as the handle lists them). */
static int copy_houses(logic_t *e, const sudoku_t *s) {
    int32_t n = s->n, cells = n * n, links = s->region_first[cells];
    e->house_cells = malloc((size_t)s->n_regions * (size_t)n * sizeof *e->house_cells);
    e->cell_first = malloc(((size_t)cells + 1) * sizeof *e->cell_first);
    e->cell_houses = malloc((size_t)links * sizeof *e->cell_houses);
    int32_t *fill = calloc((size_t)s->n_regions, sizeof *fill);
    if (!e->house_cells || !e->cell_first || !e->cell_houses || !fill) {
        free(fill);
        return DLX_ENOMEM;
    }
    memcpy(e->cell_first, s->region_first, ((size_t)cells + 1) * sizeof *e->cell_first);
    memcpy(e->cell_houses, s->region_list, (size_t)links * sizeof *e->cell_houses);
    for (int32_t c = 0; c < cells; c++)
        for (int32_t k = s->region_first[c]; k < s->region_first[c + 1]; k++) {
            int32_t h = s->region_list[k];
            e->house_cells[(size_t)h * (size_t)n + (size_t)fill[h]++] = c;
        }
    free(fill);
    e->n = n, e->cells = cells, e->houses = s->n_regions;
    e->boxes_jigsaw = s->jigsaw;
    e->x_diagonals = (s->variants & SUDOKU_X) ? 2 : 0;
    e->extra = s->extra;
    e->windows = s->n_regions - 3 * n - e->x_diagonals - s->extra;
    return 0;
}

static int alloc_state(logic_t *e) {
    size_t cells = (size_t)e->cells;
    e->cand = calloc(cells, sizeof *e->cand);
    e->value = calloc(cells, 1);
    e->solution = calloc(cells, 1);
    e->placed = calloc(1, sizeof *e->placed);
    e->removed = calloc(cells * (size_t)e->n, sizeof *e->removed);
    e->used_cells = calloc(cells, sizeof *e->used_cells);
    e->used_houses = calloc((size_t)e->houses, sizeof *e->used_houses);
    e->scratch = calloc(4 * cells, sizeof *e->scratch);
    e->scratch2 = calloc(4 * cells, sizeof *e->scratch2);
    e->mark = calloc(cells, 1);
    e->try_cand = calloc(cells, sizeof *e->try_cand);
    e->try_value = calloc(cells, 1);
    e->house_count = calloc((size_t)e->houses, sizeof *e->house_count);
    size_t states = cells * (size_t)(e->n < 2 ? 2 : e->n);
    e->chain_parent = calloc(states, sizeof *e->chain_parent);
    e->chain_dist = calloc(states, sizeof *e->chain_dist);
    e->chain_queue = calloc(states, sizeof *e->chain_queue);
    int ok = e->cand && e->value && e->solution && e->placed && e->removed && e->used_cells &&
             e->used_houses && e->scratch && e->scratch2 && e->mark &&
             e->house_count && e->try_cand && e->try_value && e->chain_parent && e->chain_dist && e->chain_queue;
    return ok ? 0 : DLX_ENOMEM;
}

sudoku_explain_t *sudoku_explain_begin(sudoku_t *s, const uint8_t *grid,
                                       const sudoku_explain_opts_t *opts, sudoku_error_t *err) {
    if (!s || !grid) {
        sudoku_fail(err, DLX_EARG, "missing handle or grid");
        return NULL;
    }
    sudoku_explain_opts_t o = opts ? *opts : (sudoku_explain_opts_t){0};
    logic_t *e = calloc(1, sizeof *e);
    int rc = e ? copy_houses(e, s) : DLX_ENOMEM;
    if (!rc) rc = alloc_state(e);
    if (rc) {
        sudoku_explain_free(e);
        sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
        return NULL;
    }
    sudoku_result_t res;
    rc = sudoku_solve(s, grid, 2, o.max_nodes ? o.max_nodes : EXPLAIN_MAX_NODES, e->solution, &res, err);
    if (!rc && res.status == SUDOKU_NONE)
        rc = sudoku_fail(err, SUDOKU_EUNSOLVABLE, "the givens leave no solution: there is nothing to explain");
    else if (!rc && res.status == SUDOKU_MULTIPLE)
        rc = sudoku_fail(err, SUDOKU_EAMBIGUOUS,
                         "the puzzle has more than one solution: steps a person can follow need "
                         "exactly one to lead to");
    else if (!rc && res.status == SUDOKU_STOPPED)
        rc = sudoku_fail(err, SUDOKU_ESTOPPED,
                         "the node budget (%llu) ran out before the solution was found and proved unique",
                         (unsigned long long)(o.max_nodes ? o.max_nodes : EXPLAIN_MAX_NODES));
    if (rc) {
        sudoku_explain_free(e);
        return NULL;
    }
    e->max_chain = o.max_chain > 0 ? o.max_chain : EXPLAIN_MAX_CHAIN;
    e->max_work = o.max_work ? o.max_work : EXPLAIN_MAX_WORK;
    uint64_t all = e->n == 64 ? ~0ull : (1ull << e->n) - 1;
    for (int32_t c = 0; c < e->cells; c++) e->cand[c] = all;
    e->empty = e->cells;
    for (int32_t c = 0; c < e->cells; c++)
        if (grid[c]) place(e, c, grid[c]);
    if (err) memset(err, 0, sizeof *err);
    return e;
}

/* No technique applies: the solution's digit in an empty cell with the
 * fewest candidates (the first such cell), called a guess. */
static void guess(logic_t *e) {
    int32_t best = -1;
    int fewest = 65;
    for (int32_t c = 0; c < e->cells; c++)
        if (!e->value[c] && logic_bits(e->cand[c]) < fewest) best = c, fewest = logic_bits(e->cand[c]);
    int32_t d = e->solution[best];
    logic_place(e, best, d);
    logic_use_cell(e, best);
    logic_say(e, "Guess: no technique applies, so r%dc%d takes %d from the solution (it has %d candidates).",
              best / e->n + 1, best % e->n + 1, d, fewest);
}

int sudoku_explain_next(sudoku_explain_t *e, sudoku_step_t *step) {
    if (!e || !step) return DLX_EARG;
    memset(step, 0, sizeof *step);
    logic_clear(e);
    if (!e->empty) return 0;
    int t = 0;
    for (; t < SUDOKU_GUESS; t++) {
        e->work = 0, e->budget = e->max_work;
        if (logic_find(e, t)) break;
        logic_clear(e);
    }
    if (t == SUDOKU_GUESS) e->technique = t, e->name = sudoku_technique_name(t), guess(e);
    for (int32_t k = 0; k < e->n_removed; k++)
        e->cand[e->removed[k].cell] &= ~(1ull << (e->removed[k].digit - 1));
    if (e->n_placed) place(e, e->placed[0].cell, e->placed[0].digit);
    step->technique = e->technique;
    step->placements = e->placed, step->n_placements = e->n_placed;
    step->eliminations = e->removed, step->n_eliminations = e->n_removed;
    step->cells = e->used_cells, step->n_cells = e->n_used_cells;
    step->houses = e->used_houses, step->n_houses = e->n_used_houses;
    step->text = e->text;
    return 1;
}

void sudoku_explain_grid(const sudoku_explain_t *e, uint8_t *grid, uint64_t *masks) {
    if (!e) return;
    for (int32_t c = 0; c < e->cells; c++) {
        if (grid) grid[c] = e->value[c];
        if (masks) masks[c] = e->value[c] ? 1ull << (e->value[c] - 1) : e->cand[c];
    }
}

void sudoku_explain_free(sudoku_explain_t *e) {
    if (!e) return;
    free(e->house_cells), free(e->cell_first), free(e->cell_houses);
    free(e->cand), free(e->value), free(e->solution);
    free(e->placed), free(e->removed), free(e->used_cells), free(e->used_houses);
    free(e->scratch), free(e->scratch2), free(e->mark), free(e->house_count);
    free(e->try_cand), free(e->try_value);
    free(e->chain_parent), free(e->chain_dist), free(e->chain_queue);
    free(e);
}
