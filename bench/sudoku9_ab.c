/* sudoku9_ab.c: two builds of src/core/sudoku9.c in one process, paired:
 * A (a base, its symbols renamed base_*) and B (this tree's), plus tdoku
 * for scale. Each round times passes of A, B and tdoku over a set in turn
 * (the order of A and B alternating pass by pass), CPU time, limit 2; a row gives the
 * median of the rounds' ratios B/A, B/tdoku and A/tdoku. Every puzzle's
 * count is checked between A, B and tdoku first.
 * Built by bench/sudoku9-ab.sh BASE_COMMIT (default main).
 *   sudoku9_ab ROUNDS MIN_SECONDS FILE... */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku9.h"
#include "cpu_time.h"

sudoku9_t *base_sudoku9_new(void);
int base_sudoku9_solve(sudoku9_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                       uint8_t *solution, sudoku9_result_t *res);
size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration, char *solution,
                                size_t *num_guesses);

typedef int (*solve_fn)(sudoku9_t *, const uint8_t *, uint64_t, uint64_t, uint8_t *, sudoku9_result_t *);

static uint8_t *read_set(const char *path, char **text, size_t *count) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1024, n = 0;
    uint8_t *g = malloc(cap * 81);
    char *t = malloc(cap * 82), line[1024];
    while (g && t && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) cap *= 2, g = realloc(g, cap * 81), t = realloc(t, cap * 82);
        for (int k = 0; k < 81; k++) {
            int v = line[k] >= '1' && line[k] <= '9' ? line[k] - '0' : 0;
            g[n * 81 + k] = (uint8_t)v, t[n * 82 + k] = v ? line[k] : '.';
        }
        t[n * 82 + 81] = 0;
        n++;
    }
    fclose(f);
    *count = n, *text = t;
    return g;
}

static double pass(solve_fn fn, sudoku9_t *s, const uint8_t *g, size_t n, uint64_t *sum) {
    uint8_t sol[81];
    sudoku9_result_t res;
    double t0 = cpu_seconds();
    for (size_t i = 0; i < n; i++) {
        res.count = 0;
        fn(s, g + 81 * i, 2, 0, sol, &res);
        *sum += res.count;
    }
    return cpu_seconds() - t0;
}

static double pass_td(const char *t, size_t n, uint64_t *sum) {
    char sol[82];
    size_t guesses;
    double t0 = cpu_seconds();
    for (size_t i = 0; i < n; i++) *sum += TdokuSolverDpllTriadSimd(t + 82 * i, 2, 0, sol, &guesses);
    return cpu_seconds() - t0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) { return qsort(v, (size_t)n, sizeof *v, by_value), v[n / 2]; }

int main(int argc, char **argv) {
    if (argc < 4) return fprintf(stderr, "usage: sudoku9_ab ROUNDS MIN_SECONDS FILE...\n"), 2;
    int rounds = atoi(argv[1]);
    double min_seconds = atof(argv[2]);
    sudoku9_t *a = base_sudoku9_new(), *b = sudoku9_new();
    printf("| set | puzzles | guesses A / B / tdoku | B/A (range) | B/tdoku | A/tdoku | B puzzles/s |\n");
    printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (int f = 3; f < argc; f++) {
        size_t n;
        char *t;
        uint8_t *g = read_set(argv[f], &t, &n);
        if (!g || !n) return fprintf(stderr, "cannot read %s\n", argv[f]), 1;
        uint64_t ga = 0, gb = 0, gt_sum = 0, sum = 0;
        for (size_t i = 0; i < n; i++) {
            sudoku9_result_t ra = {0}, rb = {0};
            char sol[82];
            size_t gt;
            int ca = base_sudoku9_solve(a, g + 81 * i, 2, 0, NULL, &ra), cb = sudoku9_solve(b, g + 81 * i, 2, 0, NULL, &rb);
            uint64_t ct = TdokuSolverDpllTriadSimd(t + 82 * i, 2, 0, sol, &gt);
            if (ca) ra.count = 0;
            if (cb) rb.count = 0;
            if (ra.count != ct || rb.count != ct)
                return fprintf(stderr, "%s: puzzle %zu: A %llu, B %llu, tdoku %llu\n", argv[f], i + 1,
                               (unsigned long long)ra.count, (unsigned long long)rb.count, (unsigned long long)ct), 1;
            ga += ra.guesses, gb += rb.guesses, gt_sum += gt;
        }
        size_t reps = 1;
        while (pass_td(t, n, &sum) * (double)reps < min_seconds && reps < 1000000) reps *= 2;
        double *ba = calloc((size_t)rounds, sizeof(double)), *bt = calloc((size_t)rounds, sizeof(double)),
               *at = calloc((size_t)rounds, sizeof(double)), *rate = calloc((size_t)rounds, sizeof(double)), lo = 1e9, hi = 0;
        for (int r = 0; r < rounds; r++) {
            double ta = 0, tb = 0, tt = 0;
            for (size_t k = 0; k < reps; k++) { /* A and B pass by pass, the order alternating */
                int first = (int)((k + (size_t)r) & 1);
                for (int side = 0; side < 2; side++) {
                    if (side == first) ta += pass(base_sudoku9_solve, a, g, n, &sum);
                    else tb += pass(sudoku9_solve, b, g, n, &sum);
                }
                tt += pass_td(t, n, &sum);
            }
            ba[r] = ta / tb, bt[r] = tt / tb, at[r] = tt / ta, rate[r] = (double)(n * reps) / tb;
            if (ba[r] < lo) lo = ba[r];
            if (ba[r] > hi) hi = ba[r];
        }
        const char *name = strrchr(argv[f], '/') ? strrchr(argv[f], '/') + 1 : argv[f];
        printf("| %s | %zu | %.1f / %.1f / %.1f | %.3fx (%.3f-%.3f) | %.2fx | %.2fx | %.0f |%s\n", name, n, (double)ga / (double)n,
               (double)gb / (double)n, (double)gt_sum / (double)n, median(ba, rounds), lo, hi, median(bt, rounds), median(at, rounds),
               median(rate, rounds), sum == 1 ? " " : "");
        fflush(stdout);
        free(ba), free(bt), free(at), free(rate), free(g), free(t);
    }
    return 0;
}
