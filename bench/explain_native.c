/* explain_native.c: the explainer over a file of 9x9 puzzles (one a line,
 * '#' lines skipped): a full explained solution of each, timed in CPU time.
 * Prints one line of markdown table: the set, puzzles, the share solved
 * without a guess, the CPU time per puzzle (median and max, ms), the
 * longest step (ms: a hint), and how
 * many puzzles each technique was the hardest step of. bench/explain-run.mjs
 * makes the table of it.
 *   explain_native FILE [MAX]          the first MAX puzzles (default all)
 *   explain_native FILE MAX TECHNIQUE  print the puzzles where it fires */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_time.h"
#include "sudoku.h"

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: explain_native FILE [MAX [TECHNIQUE]]\n");
        return 2;
    }
    long max = argc > 2 ? atol(argv[2]) : 0;
    int show = argc > 3 ? atoi(argv[3]) : -1;
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, &err);
    char line[1024];
    long puzzles = 0, no_guess = 0, hardest[SUDOKU_TECHNIQUES] = {0}, cap = 1024;
    double *ms = malloc((size_t)cap * sizeof *ms), step_max = 0;
    while ((!max || puzzles < max) && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        uint8_t p[81];
        for (int i = 0; i < 81; i++) p[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
        double t0 = cpu_seconds();
        sudoku_explain_t *e = sudoku_explain_begin(su, p, NULL, &err);
        if (!e) {
            fprintf(stderr, "puzzle %ld: %s\n", puzzles + 1, err.message);
            continue;
        }
        sudoku_step_t st;
        int top = 0, shown = 0;
        for (double s0 = cpu_seconds(), s1; sudoku_explain_next(e, &st) == 1; s0 = s1) {
            s1 = cpu_seconds();
            if ((s1 - s0) * 1e3 > step_max) step_max = (s1 - s0) * 1e3;
            if (st.technique > top) top = st.technique;
            if (st.technique == show && !shown++) printf("%.81s %s\n", line, st.text);
        }
        sudoku_explain_free(e);
        if (puzzles == cap) ms = realloc(ms, (size_t)(cap *= 2) * sizeof *ms);
        ms[puzzles++] = (cpu_seconds() - t0) * 1e3;
        hardest[top]++;
        no_guess += top != SUDOKU_GUESS;
    }
    fclose(f);
    sudoku_free(su);
    if (show >= 0) return 0;
    if (!puzzles) return 1;
    qsort(ms, (size_t)puzzles, sizeof *ms, by_value);
    const char *name = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
    printf("| %s | %ld | %.1f%% | %.2f | %.2f | %.2f | ", name, puzzles, 100.0 * (double)no_guess / (double)puzzles,
           ms[puzzles / 2], ms[puzzles - 1], step_max);
    const char *sep = "";
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++)
        if (hardest[k]) printf("%s%s %ld", sep, sudoku_technique_name(k), hardest[k]), sep = ", ";
    printf(" |\n");
    free(ms);
    return 0;
}
