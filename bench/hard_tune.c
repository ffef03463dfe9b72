/* hard_tune.c: the hard rows' puzzles (bench/hard-puzzles.mjs) solved
 * natively, one line each: status, nodes, restarts, guesses, CPU seconds
 * and nanoseconds per node, for tuning the restarts without the WASM
 * build. Not part of make bench (whose figures come from the JS API).
 *   node bench/hard-puzzles.mjs 36 > /tmp/p36.txt
 *   cc -O3 -Iinclude -Isrc/core src/core/(each CORE_SRC file) bench/hard_tune.c -o /tmp/hard -lm
 *   /tmp/hard /tmp/p36.txt [CAP_SECONDS [ONLY_LINE [LEARN_AFTER [SEED]]]]
 * (LEARN_AFTER: nodes before the hand-over to clause learning, 0 never;
 * -1 or none: the solver's own, SUDOKU_LEARN_AFTER; SEED: the engine's, 0 unless given).
 * The cap is checked every 20,000 nodes (a search cut into calls makes the
 * same decisions), so a capped run ends within 1-2 s past it (36x36 at 0.50:
 * 20,000 nodes take 1-1.2 s late in a search). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_internal.h"
#include "sudoku_internal.h"
#include "cpu_time.h"

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: hard_tune PUZZLES [CAP_SECONDS [ONLY_LINE [LEARN_AFTER [SEED]]]]\n");
        return 2;
    }
    double cap = argc > 2 ? atof(argv[2]) : 30;
    int only = argc > 3 ? atoi(argv[3]) : 0, line = 0, size;
    long long learn = argc > 4 ? atoll(argv[4]) : -1;
    uint64_t engine_seed = argc > 5 ? strtoull(argv[5], NULL, 10) : 0;
    long seed;
    while (fscanf(f, "%d %ld", &size, &seed) == 2 && size > 0 && size <= 64) {
        uint8_t *grid = malloc((size_t)size * size), *sol = malloc((size_t)size * size);
        for (int i = 0; i < size * size; i++) {
            int v = 0;
            if (fscanf(f, "%d", &v) != 1) v = 0;
            grid[i] = (uint8_t)v;
        }
        if (only && ++line != only) {
            free(grid), free(sol);
            continue;
        }
        sudoku_shape_t sh;
        memset(&sh, 0, sizeof sh);
        sh.size = size;
        sudoku_default_box(size, &sh.box_rows, &sh.box_cols);
        sudoku_error_t err;
        sudoku_result_t res;
        memset(&res, 0, sizeof res);
        double t0 = cpu_seconds();
        sudoku_t *s = sudoku_new(&sh, &err);
        if (s && learn >= 0) s->learn_after = (uint64_t)learn;
        if (s && engine_seed && sudoku_linked(s) == 0) dlx_set_seed(s->dlx, engine_seed);
        if (!s || sudoku_begin(s, grid, &err)) {
            fprintf(stderr, "%d %ld: %s\n", size, seed, err.message);
            return 1;
        }
        uint64_t until = 0;
        int done = 0;
        while (!done && cpu_seconds() - t0 <= cap) done = sudoku_step(s, 1, until += 20000, sol, &res);
        if (done < 0) printf("error %d\n", done);
        double t = cpu_seconds() - t0;
        int ok = 1; /* a solution keeps the givens and fills every row, column and box */
        for (int u = 0; u < 3 * size && done > 0 && res.count; u++) {
            uint64_t seen = 0;
            for (int k = 0; k < size; k++) {
                int r = u < size ? u : u < 2 * size ? k : ((u - 2 * size) / sh.box_rows) * sh.box_rows + k / sh.box_cols;
                int c = u < size ? k : u < 2 * size ? u - size : ((u - 2 * size) % sh.box_rows) * sh.box_cols + k % sh.box_cols;
                int v = sol[r * size + c];
                if (v < 1 || v > size || (seen >> (v - 1) & 1) || (grid[r * size + c] && grid[r * size + c] != v)) ok = 0;
                else seen |= 1ull << (v - 1);
            }
        }
        dlx_stats_t st;
        dlx_stats(s->dlx, &st);
        printf("%d %ld %s nodes %llu restarts %llu guesses %llu secs %.5f ns/node %.0f\n", size, seed,
               done ? (res.count ? (ok ? "found" : "WRONG") : "none") : "capped", (unsigned long long)st.nodes,
               (unsigned long long)st.restarts, (unsigned long long)st.guesses, t, t * 1e9 / (st.nodes ? (double)st.nodes : 1));
        fflush(stdout);
        sudoku_end(s);
        sudoku_free(s);
        free(grid), free(sol);
    }
    fclose(f);
    return 0;
}
