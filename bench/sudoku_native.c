/* sudoku_native.c: native Sudoku throughput, solve and prove unique (limit 2),
 * through one solver handle as a batch would. Prints one line per file:
 *   name puzzles per_second nodes_per_puzzle
 * and last the process's peak resident memory:
 *   peak-rss-kib N
 * Usage: sudoku_native RUNS FILE... (best of RUNS). */
#define _POSIX_C_SOURCE 199309L
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* The 81-character lines of a shared set, as grids. */
static uint8_t *read_set(const char *path, size_t *count) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1024, n = 0;
    uint8_t *grids = malloc(cap * 81);
    char line[1024];
    while (grids && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) {
            uint8_t *g = realloc(grids, (cap *= 2) * 81);
            if (!g) break;
            grids = g;
        }
        for (int k = 0; k < 81; k++)
            grids[n * 81 + k] = line[k] >= '1' && line[k] <= '9' ? (uint8_t)(line[k] - '0') : 0;
        n++;
    }
    fclose(f);
    *count = n;
    return grids;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: sudoku_native RUNS FILE...\n");
        return 2;
    }
    int runs = atoi(argv[1]);
    sudoku_shape_t shape = {9, 0, 0, 0, NULL, NULL, 0};
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&shape, &err);
    if (!s) return 1;
    for (int a = 2; a < argc; a++) {
        size_t n;
        uint8_t *grids = read_set(argv[a], &n), sol[81];
        if (!grids) {
            fprintf(stderr, "cannot read %s\n", argv[a]);
            return 1;
        }
        double best = 1e30;
        uint64_t nodes = 0;
        for (int r = 0; r < runs; r++) {
            nodes = 0;
            double t0 = seconds();
            for (size_t i = 0; i < n; i++) {
                sudoku_result_t res;
                if (sudoku_solve(s, grids + i * 81, 2, 0, sol, &res, &err) ||
                    res.status != SUDOKU_UNIQUE) {
                    fprintf(stderr, "%s: puzzle %zu is not unique\n", argv[a], i + 1);
                    return 1;
                }
                nodes += res.nodes;
            }
            double t = seconds() - t0;
            if (t < best) best = t;
        }
        const char *name = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
        printf("%s %zu %.0f %.1f\n", name, n, n / best, (double)nodes / n);
        free(grids);
    }
    sudoku_free(s);
    struct rusage use;
    if (getrusage(RUSAGE_SELF, &use) == 0) printf("peak-rss-kib %ld\n", use.ru_maxrss); /* KiB on Linux */
    return 0;
}
