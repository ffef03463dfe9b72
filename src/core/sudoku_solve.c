/* sudoku_solve.c: solving a puzzle by the solver search_choice.c picks
 * for its shape: the 9x9 solver (sudoku9.c), the bit masks (xc_array.c),
 * which hand a heavy tail over to the links, or the links (sudoku_steps.c)
 * with restarts and clause learning. A clash of givens the others only
 * see is named by a scan of the givens (sudoku_name_clash), as the links
 * would name it. */
#include <string.h>

#include "sudoku_internal.h"

/* The solvers beside the links, one signature: 0 with *res filled, 1 when a
 * given clashes. */
typedef int sudoku_solver_fn(sudoku_t *s, const sudoku_plan *p, const uint8_t *grid, uint64_t limit,
                             uint64_t max_nodes, uint8_t *solution, sudoku_result_t *res);

static void set_status(sudoku_result_t *res, uint64_t count, int stopped, int complete) {
    if (stopped) res->status = SUDOKU_STOPPED;
    else if (count == 0) res->status = SUDOKU_NONE;
    else if (count > 1) res->status = SUDOKU_MULTIPLE;
    else res->status = complete ? SUDOKU_UNIQUE : SUDOKU_FOUND;
}

/* The bit-mask engine: reset, force the givens, search; with a patience
 * (the plan's), the links take over a search without a solution by then.
 * Returns 1 when a given cannot be placed; the linked engine then names the
 * clash. */
static int solve_by_masks(sudoku_t *s, const sudoku_plan *p, const uint8_t *grid, uint64_t limit,
                          uint64_t max_nodes, uint8_t *solution, sudoku_result_t *res) {
    int32_t n = s->n, cells = n * n;
    xc_array_reset(s->masks);
    for (int32_t c = 0; c < cells; c++)
        if (grid[c] && xc_array_force(s->masks, sudoku_option(s, c, grid[c]))) return 1;
    xc_array_result_t r;
    int32_t chosen = 0;
    uint64_t patience = p->patience, spent = 0;
    int done = 0;
    if (patience && (!max_nodes || patience < max_nodes)) {
        xc_array_search(s->masks, limit, patience, solution ? s->options : NULL, &chosen, &r);
        done = !r.stopped;
        spent = r.nodes;
        /* A heavy tail, no solution yet: restarts on the linked engine
         * (counts stay exact there); out of memory, the masks go on. */
        if (!done && !r.count &&
            !sudoku_solve_linked(s, grid, limit, max_nodes ? max_nodes - spent : 0, solution, res, NULL)) {
            res->nodes += spent;
            res->guesses += r.guesses;
            return 0;
        }
    }
    /* A solution found within the patience: its proof stays on the masks, from the start. */
    if (!done) {
        xc_array_search(s->masks, limit, max_nodes ? max_nodes - spent : 0,
                        solution ? s->options : NULL, &chosen, &r);
        r.nodes += spent;
    }
    if (solution && r.count) {
        memcpy(solution, grid, (size_t)cells);
        for (int32_t k = 0; k < chosen; k++)
            solution[s->options[k] / n] = (uint8_t)(s->options[k] % n + 1);
    }
    res->count = r.count;
    res->nodes = r.nodes;
    res->guesses = r.guesses;
    set_status(res, r.count, r.stopped, r.complete);
    return 0;
}

/* The 9x9 solver; 1 when a given clashes, as above. */
static int solve_nine(sudoku_t *s, const sudoku_plan *p, const uint8_t *grid, uint64_t limit,
                      uint64_t max_nodes, uint8_t *solution, sudoku_result_t *res) {
    (void)p;
    sudoku9_result_t r;
    if (sudoku9_solve(s->nine, grid, limit, max_nodes, solution, &r)) return 1;
    res->count = r.count;
    res->nodes = r.nodes;
    res->guesses = r.guesses;
    set_status(res, r.count, r.stopped, r.complete);
    return 0;
}

static sudoku_solver_fn *const solver_of[] = {[SUDOKU_ON_NINE] = solve_nine, [SUDOKU_ON_MASKS] = solve_by_masks};

int sudoku_solve(sudoku_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                 uint8_t *solution, sudoku_result_t *res, sudoku_error_t *err) {
    if (!s || !grid || !res) return sudoku_fail(err, DLX_EARG, "missing handle, grid or result");
    memset(res, 0, sizeof *res);
    sudoku_plan p = sudoku_plan_solve(s);
    if (p.on != SUDOKU_ON_LINKS) {
        int rc = sudoku_check_values(s, grid, err);
        if (rc) return rc;
        if (!solver_of[p.on](s, &p, grid, limit, max_nodes, solution, res)) return 0;
        if (!err) return SUDOKU_ECLASH; /* no one to name it to (a batch): the scan is most of its time */
        rc = sudoku_name_clash(s, grid, err);
        if (rc) return rc;
    }
    return sudoku_solve_linked(s, grid, limit, max_nodes, solution, res, err);
}
