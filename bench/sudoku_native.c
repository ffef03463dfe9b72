/* sudoku_native.c: dlxkit's native 9x9 throughput, solve and prove unique
 * (limit 2), through one solver handle as a batch would, timed as the peers'
 * harness times them: an untimed pass over the first 2,000 puzzles, then
 * whole passes until MIN_SECONDS of process CPU time have gone. Prints
 *   name puzzles per_cpu_second nodes_per_puzzle
 *   peak-rss-kib N
 *   answers DIGITS    (each puzzle's solutions capped at 2, file order; a
 *                      puzzle whose givens clash has none)
 * Usage: sudoku_native MIN_SECONDS FILE */
#define _POSIX_C_SOURCE 199309L
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "cpu_time.h"

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

/* Solves puzzles [0, n), each one's count ('0', '1', '2') into answers[i]:
 * their total nodes, or -1 (after a message) on an error other than a clash. */
static long long pass(sudoku_t *s, const uint8_t *grids, size_t n, char *answers, const char *path) {
    uint8_t sol[81];
    long long nodes = 0;
    for (size_t i = 0; i < n; i++) {
        sudoku_result_t res;
        /* no error record: the code says a clash, as tdoku's count says none
         * (a caller who wants the clash's cells passes one: sudoku.h) */
        int rc = sudoku_solve(s, grids + i * 81, 2, 0, sol, &res, NULL);
        if (rc) {
            if (rc != SUDOKU_ECLASH) {
                sudoku_error_t err;
                sudoku_solve(s, grids + i * 81, 2, 0, sol, &res, &err);
                fprintf(stderr, "%s: puzzle %zu: %s\n", path, i + 1, err.message);
                return -1;
            }
            answers[i] = '0';
            continue;
        }
        answers[i] = res.status == SUDOKU_UNIQUE ? '1' : res.status == SUDOKU_MULTIPLE ? '2' : '0';
        nodes += (long long)res.nodes;
    }
    return nodes;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: sudoku_native MIN_SECONDS FILE\n");
        return 2;
    }
    double min_seconds = atof(argv[1]);
    sudoku_shape_t shape = {9, 0, 0, 0, NULL, NULL, 0};
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&shape, &err);
    size_t n;
    uint8_t *grids = read_set(argv[2], &n);
    char *answers = grids ? malloc(n + 1) : NULL;
    if (!s || !grids || !answers) {
        fprintf(stderr, "cannot read %s\n", argv[2]);
        return 1;
    }
    answers[n] = 0;
    if (pass(s, grids, n < 2000 ? n : 2000, answers, argv[2]) < 0) return 1;
    size_t solved = 0;
    long long nodes = 0;
    double t0 = cpu_seconds(), t;
    do {
        nodes = pass(s, grids, n, answers, argv[2]);
        if (nodes < 0) return 1;
        solved += n;
        t = cpu_seconds() - t0;
    } while (t < min_seconds);
    const char *name = strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2];
    printf("%s %zu %.1f %.1f\n", name, n, solved / t, (double)nodes / (double)n);
    free(grids);
    sudoku_free(s);
    struct rusage use;
    if (getrusage(RUSAGE_SELF, &use) == 0) printf("peak-rss-kib %ld\n", use.ru_maxrss); /* KiB on Linux */
    printf("answers %s\n", answers);
    free(answers);
    return 0;
}
