/* explain_native.c: the explainer's coverage, checks and speed, natively.
 * Every puzzle is explained to the end and every step checked against the
 * solution found by the solver (a placement is the solution's digit, an
 * elimination never is: "wrong steps"), in CPU time. Prints markdown table
 * rows; bench/explain-run.mjs makes bench/EXPLAIN.md of them.
 *   explain_native FILE [MAX [TECHNIQUE]]  9x9 puzzles, one a line ('#' lines
 *                                          skipped), the first MAX (0: all);
 *                                          with TECHNIQUE, print where it fires
 *   explain_native --generate COUNT        COUNT 9x9 puzzles at each level
 *                                          (sudoku_generate_at, seeds 1..COUNT)
 *   explain_native --shapes COUNT          generated puzzles of 20 shapes and
 *                                          variants (COUNT for a 9x9, fewer
 *                                          for bigger grids) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_time.h"
#include "sudoku.h"

typedef struct {
    long puzzles, no_guess, wrong, cap;
    long hardest[SUDOKU_TECHNIQUES], level[SUDOKU_DIFFICULTIES];
    double *ms, step_max;
} tally;

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Explain one puzzle, checking each step; print the puzzle and the step
 * where technique `show` first fires (when 0 or more). */
static void explain_one(sudoku_t *su, const uint8_t *p, tally *t, int show, const char *line) {
    int32_t n = sudoku_size(su), cells = n * n;
    uint8_t *sol = malloc((size_t)cells);
    sudoku_result_t res;
    sudoku_error_t err;
    if (sudoku_solve(su, p, 2, 0, sol, &res, &err) || res.status != SUDOKU_UNIQUE) {
        fprintf(stderr, "puzzle %ld: no one solution\n", t->puzzles + 1);
        free(sol);
        return;
    }
    double t0 = cpu_seconds();
    sudoku_explain_t *e = sudoku_explain_begin(su, p, NULL, &err);
    if (!e) {
        fprintf(stderr, "puzzle %ld: %s\n", t->puzzles + 1, err.message);
        free(sol);
        return;
    }
    sudoku_step_t st;
    int top = -1, shown = 0;
    for (double s0 = cpu_seconds(), s1; sudoku_explain_next(e, &st) == 1; s0 = s1) {
        s1 = cpu_seconds();
        if ((s1 - s0) * 1e3 > t->step_max) t->step_max = (s1 - s0) * 1e3;
        if (st.technique > top) top = st.technique;
        if (st.technique == show && !shown++) printf("%.81s %s\n", line, st.text);
        for (int32_t k = 0; k < st.n_placements; k++) t->wrong += st.placements[k].digit != sol[st.placements[k].cell];
        for (int32_t k = 0; k < st.n_eliminations; k++) t->wrong += st.eliminations[k].digit == sol[st.eliminations[k].cell];
    }
    sudoku_explain_free(e);
    double ms = (cpu_seconds() - t0) * 1e3;
    free(sol);
    if (t->puzzles == t->cap) t->ms = realloc(t->ms, (size_t)(t->cap = t->cap ? 2 * t->cap : 1024) * sizeof *t->ms);
    t->ms[t->puzzles++] = ms;
    if (top >= 0) t->hardest[top]++;
    t->level[top >= 0 ? sudoku_difficulty_of(sudoku_technique_rating(top)) : SUDOKU_DIFFICULTY_EASY]++;
    t->no_guess += top != SUDOKU_GUESS;
}

/* | name | puzzles | without a guess | wrong steps | per level | CPU ms median, max | longest step | hardest technique | */
static void print_row(const char *name, const char *puzzles, tally *t) {
    if (!t->puzzles) {
        printf("| %s | %s | | | | | | | | | | | |\n", name, puzzles); /* the 11 other columns */
        return;
    }
    qsort(t->ms, (size_t)t->puzzles, sizeof *t->ms, by_value);
    printf("| %s | %s | %.1f%% | %ld |", name, puzzles, 100.0 * (double)t->no_guess / (double)t->puzzles, t->wrong);
    for (int d = SUDOKU_DIFFICULTY_EASY; d < SUDOKU_DIFFICULTIES; d++) printf(" %ld |", t->level[d]);
    printf(" %.2f / %.2f | %.2f | ", t->ms[t->puzzles / 2], t->ms[t->puzzles - 1], t->step_max);
    const char *sep = "";
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++)
        if (t->hardest[k]) printf("%s%s %ld", sep, sudoku_technique_name(k), t->hardest[k]), sep = ", ";
    printf(" |\n");
    free(t->ms);
    memset(t, 0, sizeof *t);
}

static int run_file(const char *path, long max, int show) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, &err);
    char line[1024];
    tally t = {0};
    while ((!max || t.puzzles < max) && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        uint8_t p[81];
        for (int i = 0; i < 81; i++) p[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
        explain_one(su, p, &t, show, line);
    }
    fclose(f);
    sudoku_free(su);
    if (show >= 0) return 0;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char count[32];
    snprintf(count, sizeof count, "%ld", t.puzzles);
    print_row(name, count, &t);
    return 0;
}

/* COUNT 9x9 puzzles at each level: a row each, the puzzles a second in the name's cell. */
static int run_generate(long count) {
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, &err);
    uint8_t p[81], sol[81];
    for (int d = SUDOKU_DIFFICULTY_EASY; d < SUDOKU_DIFFICULTIES; d++) {
        tally t = {0};
        long found = 0, attempts = 0;
        double cpu = 0;
        for (long seed = 1; seed <= count; seed++) {
            sudoku_generate_opts_t o = {.seed = (uint64_t)seed};
            sudoku_logic_rating_t r;
            double t0 = cpu_seconds();
            int k = sudoku_generate_at(su, &o, d, 0, p, sol, &r, &err);
            cpu += cpu_seconds() - t0;
            attempts += k > 0 ? k : 200;
            if (k > 0) found++, explain_one(su, p, &t, -1, "");
        }
        char name[64], puzzles[96];
        snprintf(name, sizeof name, "generated: %s", sudoku_difficulty_name(d));
        snprintf(puzzles, sizeof puzzles, "%ld of %ld (%.1f/s, %.1f attempts each)", found, count, (double)found / cpu,
                 (double)attempts / (double)count);
        print_row(name, puzzles, &t);
    }
    sudoku_free(su);
    return 0;
}

/* A 9x9 jigsaw map: in each band of three rows, piece (band, k) takes the
 * cells whose column plus row, mod 9, falls in k's third. */
static void jigsaw9(int32_t *map) {
    for (int32_t r = 0; r < 9; r++)
        for (int32_t c = 0; c < 9; c++) map[r * 9 + c] = r / 3 * 3 + (c + r) % 9 / 3;
}

static int run_shapes(long count) {
    static int32_t jig[81], extra[2 * 9];
    jigsaw9(jig);
    for (int32_t k = 0; k < 9; k++) extra[k] = k * 9 + (k * 4) % 9, extra[9 + k] = k * 9 + (k * 7 + 1) % 9;
    const struct {
        const char *name;
        sudoku_shape_t shape;
    } shapes[] = {
        {"4x4 (2x2 boxes)", {4, 2, 2, 0, NULL, NULL, 0}},
        {"6x6 (2x3 boxes)", {6, 2, 3, 0, NULL, NULL, 0}},
        {"6x6 (3x2 boxes)", {6, 3, 2, 0, NULL, NULL, 0}},
        {"8x8 (2x4 boxes)", {8, 2, 4, 0, NULL, NULL, 0}},
        {"8x8 (4x2 boxes) X", {8, 4, 2, SUDOKU_X, NULL, NULL, 0}},
        {"9x9", {9, 3, 3, 0, NULL, NULL, 0}},
        {"9x9 X", {9, 3, 3, SUDOKU_X, NULL, NULL, 0}},
        {"9x9 windoku", {9, 3, 3, SUDOKU_WINDOKU, NULL, NULL, 0}},
        {"9x9 X + windoku", {9, 3, 3, SUDOKU_X | SUDOKU_WINDOKU, NULL, NULL, 0}},
        {"9x9 jigsaw", {9, 3, 3, 0, jig, NULL, 0}},
        {"9x9 jigsaw + X", {9, 3, 3, SUDOKU_X, jig, NULL, 0}},
        {"9x9 two extra regions", {9, 3, 3, 0, NULL, extra, 2}},
        {"10x10 (2x5 boxes)", {10, 2, 5, 0, NULL, NULL, 0}},
        {"12x12 (3x4 boxes)", {12, 3, 4, 0, NULL, NULL, 0}},
        {"12x12 (4x3 boxes)", {12, 4, 3, 0, NULL, NULL, 0}},
        {"15x15 (3x5 boxes)", {15, 3, 5, 0, NULL, NULL, 0}},
        {"16x16 (4x4 boxes)", {16, 4, 4, 0, NULL, NULL, 0}},
        {"16x16 X", {16, 4, 4, SUDOKU_X, NULL, NULL, 0}},
        {"20x20 (4x5 boxes)", {20, 4, 5, 0, NULL, NULL, 0}},
        {"25x25 (5x5 boxes)", {25, 5, 5, 0, NULL, NULL, 0}},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
        sudoku_error_t err;
        sudoku_t *su = sudoku_new(&shapes[k].shape, &err);
        if (!su) {
            fprintf(stderr, "%s: %s\n", shapes[k].name, err.message);
            return 1;
        }
        int32_t n = sudoku_size(su), cells = n * n;
        long many = n <= 9 ? count : n <= 12 ? count / 4 : n <= 16 ? count / 10 : count / 40;
        if (many < 2) many = 2;
        uint8_t *p = malloc((size_t)cells), *sol = malloc((size_t)cells);
        tally t = {0};
        for (long seed = 1; seed <= many; seed++) {
            sudoku_generate_opts_t o = {.seed = (uint64_t)seed * 7919u, .minimal = n <= 12};
            if (sudoku_generate(su, &o, p, sol, &err)) {
                fprintf(stderr, "%s seed %ld: %s\n", shapes[k].name, seed, err.message);
                continue;
            }
            explain_one(su, p, &t, -1, "");
        }
        char puzzles[32];
        snprintf(puzzles, sizeof puzzles, "%ld", t.puzzles);
        print_row(shapes[k].name, puzzles, &t);
        fflush(stdout);
        free(p), free(sol);
        sudoku_free(su);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: explain_native FILE [MAX [TECHNIQUE]] | --generate COUNT | --shapes COUNT\n");
        return 2;
    }
    long count = argc > 2 ? atol(argv[2]) : 0;
    if (!strcmp(argv[1], "--generate")) return run_generate(count ? count : 20);
    if (!strcmp(argv[1], "--shapes")) return run_shapes(count ? count : 40);
    return run_file(argv[1], count, argc > 3 ? atoi(argv[3]) : -1);
}
