/* fill_native.c: one complete grid for a shape (a map file written by
 * bench/fill-cnf.mjs --map), natively, as the generator's fill searches:
 * status, nodes, CPU seconds. For tuning the fill without the WASM build;
 * not part of make bench.
 *   cc -O3 -Iinclude -Isrc/core (each CORE_SRC file) bench/fill_native.c -o /tmp/fill -lm
 *   /tmp/fill MAP SEED [UNIT [LEARN_AFTER [CAP_NODES]]]
 * (UNIT: the Luby unit in nodes, 0: the generator's 2 N^2; LEARN_AFTER:
 * nodes before the hand-over to clause learning, 0: never, -1: the
 * generator's whole generate, fill and clue removal; -2: the generator's
 * fill alone, sudoku_random_grid, with its own plan and hints) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_internal.h"
#include "sudoku_internal.h"
#include "cpu_time.h"

int main(int argc, char **argv) {
    FILE *f = argc > 2 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: fill_native MAP SEED [UNIT [LEARN_AFTER [CAP_NODES]]]\n");
        return 2;
    }
    uint64_t seed = strtoull(argv[2], NULL, 10);
    long long unit = argc > 3 ? atoll(argv[3]) : 0, learn = argc > 4 ? atoll(argv[4]) : -1;
    uint64_t cap = argc > 5 ? strtoull(argv[5], NULL, 10) : 0;
    int n, windoku, x;
    if (fscanf(f, "%d %d %d", &n, &windoku, &x) != 3 || n < 1 || n > 64) return 2;
    int32_t *map = malloc((size_t)n * n * sizeof *map);
    for (int i = 0; i < n * n; i++)
        if (fscanf(f, "%d", &map[i]) != 1) return 2;
    sudoku_shape_t sh;
    memset(&sh, 0, sizeof sh);
    sh.size = n;
    sudoku_default_box(n, &sh.box_rows, &sh.box_cols);
    sh.jigsaw = map[0] >= 0 ? map : NULL;
    sh.variants = (windoku ? SUDOKU_WINDOKU : 0) | (x ? SUDOKU_X : 0);
    sudoku_error_t err;
    double t0 = cpu_seconds();
    sudoku_t *s = sudoku_new(&sh, &err);
    if (!s || sudoku_linked(s)) {
        fprintf(stderr, "%s\n", s ? "out of memory" : err.message);
        return 1;
    }
    uint8_t *empty = calloc((size_t)n * n, 1), *grid = malloc((size_t)n * n);
    sudoku_result_t res;
    memset(&res, 0, sizeof res);
    if (learn >= 0) {
        dlx_set_seed(s->dlx, seed | 1);
        dlx_set_restart_unit(s->dlx, unit ? (uint64_t)unit : 2 * (uint64_t)n * n);
        dlx_set_learning(s->dlx, (uint64_t)learn);
        sudoku_force_givens(s, empty, &err);
        sudoku_search(s, 1, cap, grid, &res);
    } else if (learn == -2) {
        uint64_t left = cap ? cap : UINT64_MAX;
        int rc = sudoku_random_grid(s, seed, &left, grid, &err);
        res.status = rc ? SUDOKU_STOPPED : SUDOKU_FOUND;
        res.nodes = (cap ? cap : UINT64_MAX) - left;
        if (rc) printf("%s: ", err.message);
        if (!rc && sudoku_check_givens(s, grid, &err)) printf("BAD GRID: ");
    } else {
        sudoku_generate_opts_t o = {seed, 0, 0, 0, cap};
        uint8_t *sol = malloc((size_t)n * n);
        int rc = sudoku_generate(s, &o, grid, sol, &err);
        res.status = rc ? SUDOKU_STOPPED : SUDOKU_FOUND;
        if (rc) printf("%s: ", err.message);
    }
    printf("%s nodes %llu s %.2f\n", res.status == SUDOKU_FOUND ? "found" : res.status == SUDOKU_NONE ? "none" : "stopped",
           (unsigned long long)res.nodes, cpu_seconds() - t0);
    return 0;
}
