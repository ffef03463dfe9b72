/* sudoku_steps.c: a solve on the linked engine, in steps of nodes for a
 * caller that must stay responsive between them (the worker reports
 * progress and sees an abort there), or at once with the whole budget
 * (sudoku_search). The search state lives in the engine's handle; the
 * count so far lives in the caller's result. */
#include <string.h>

#include "sudoku_internal.h"

int sudoku_begin(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err) {
    if (!s || !grid) return sudoku_fail(err, DLX_EARG, "missing handle or grid");
    int rc = sudoku_force_givens(s, grid, err);
    if (!rc) dlx_set_restarts(s->dlx, s->restarts), sudoku_set_learning(s, s->dlx, 1);
    return rc;
}

/* Search d on from where it stands until `until` nodes (0: no bound):
 * solutions counted into res, the first written to solution (the givens
 * from grid first where d holds the blanks alone, whose option k is full[k];
 * NULL, NULL: s->dlx, its givens forced). 1 when done, 0 at the budget, or
 * an error code. */
static int step_on(sudoku_t *s, dlx_t *d, const int32_t *full, const uint8_t *grid, uint64_t limit,
                   uint64_t until, uint8_t *solution, sudoku_result_t *res) {
    int rc = DLX_DONE;
    int32_t n = s->n;
    while (!(limit && res->count >= limit) && (rc = dlx_search_until(d, until)) == DLX_SOLUTION) {
        if (++res->count == 1 && solution) {
            int32_t k = dlx_solution(d, s->options, n * n);
            if (grid) memcpy(solution, grid, (size_t)n * (size_t)n);
            for (int32_t j = 0; j < k; j++) {
                int32_t o = full ? full[s->options[j]] : s->options[j];
                solution[o / n] = (uint8_t)(o % n + 1);
            }
        }
    }
    if (rc < 0) return rc; /* out of memory handing over to learning: call again */
    dlx_stats_t st;
    dlx_stats(d, &st);
    res->nodes = st.nodes;
    res->guesses = st.guesses;
    if (rc == DLX_BUDGET) return 0;
    if (res->count == 0) res->status = SUDOKU_NONE;
    else if (res->count > 1) res->status = SUDOKU_MULTIPLE;
    else res->status = rc == DLX_DONE ? SUDOKU_UNIQUE : SUDOKU_FOUND;
    return 1;
}

int sudoku_step(sudoku_t *s, uint64_t limit, uint64_t until, uint8_t *solution,
                sudoku_result_t *res) {
    if (!s || !res || !s->dlx) return DLX_EARG; /* no sudoku_begin yet */
    return step_on(s, s->dlx, NULL, NULL, limit, until, solution, res);
}

void sudoku_end(sudoku_t *s) {
    if (s && s->dlx) sudoku_set_learning(s, s->dlx, 0);
    if (s) dlx_unforce_all(s->dlx);
}

int sudoku_search(sudoku_t *s, uint64_t limit, uint64_t max_nodes, uint8_t *solution,
                  sudoku_result_t *res) {
    /* One step with the whole budget; a fresh start either way: the givens
     * were just forced. */
    dlx_set_restarts(s->dlx, s->restarts);
    res->count = 0;
    int rc = step_on(s, s->dlx, NULL, NULL, limit, max_nodes, solution, res);
    if (rc <= 0) res->status = SUDOKU_STOPPED;
    return rc < 0 ? rc : 0;
}

/* A solve on its own matrix of the blanks (sudoku_blanks.c): the same
 * search as on s->dlx with the givens forced, without forcing them and
 * giving them back, and without the full matrix. */
int sudoku_solve_linked(sudoku_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                        uint8_t *solution, sudoku_result_t *res, sudoku_error_t *err) {
    if (!s || !grid || !res) return sudoku_fail(err, DLX_EARG, "missing handle, grid or result");
    memset(res, 0, sizeof *res);
    sudoku_blanks b;
    int rc = sudoku_blanks_build(s, grid, &b, err);
    if (rc) return rc;
    dlx_set_restarts(b.d, s->restarts);
    sudoku_set_learning(s, b.d, 1);
    rc = step_on(s, b.d, b.full, grid, limit, max_nodes, solution, res);
    if (rc <= 0) res->status = SUDOKU_STOPPED;
    sudoku_blanks_free(&b);
    return rc < 0 ? sudoku_fail(err, rc, "%s", sudoku_strerror(rc)) : 0;
}
