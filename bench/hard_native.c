/* hard_native.c: one hard puzzle (issue 15) solved by dlxkit's native build,
 * the whole job in one process as CaDiCaL does it: read the puzzle text,
 * build the solver for its side, find one solution (limit 1), print it in
 * the input's style. bench/run.mjs times the process under build/bench/rusage.
 * Prints the solution on stdout and "status nodes" on stderr; exit 0 when a
 * solution was found, 1 when none (or the text is bad), 2 for usage errors.
 * Usage: hard_native FILE */
#include <stdio.h>
#include <stdlib.h>

#include "sudoku.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: hard_native FILE\n");
        return 2;
    }
    size_t len;
    char *text = read_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    static sudoku_text_t puzzle;
    sudoku_error_t err;
    if (sudoku_parse(text, len, NULL, &puzzle, &err) || !puzzle.size) {
        fprintf(stderr, "%s: %s\n", argv[1], puzzle.size ? err.message : "no puzzle");
        return 1;
    }
    sudoku_shape_t shape = {puzzle.size, 0, 0, 0, NULL, NULL, 0};
    sudoku_t *s = sudoku_new(&shape, &err);
    static uint8_t solution[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    sudoku_result_t res;
    if (!s || sudoku_solve(s, puzzle.cells, 1, 0, solution, &res, &err)) {
        fprintf(stderr, "%s: %s\n", argv[1], err.message);
        return 1;
    }
    fprintf(stderr, "%s %llu\n", res.count ? "found" : "none", (unsigned long long)res.nodes);
    if (!res.count) return 1;
    int64_t need = sudoku_format(&puzzle, puzzle.size, solution, puzzle.style, NULL, 0);
    char *out = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (!out || sudoku_format(&puzzle, puzzle.size, solution, puzzle.style, out, (size_t)need + 1) < 0) {
        fprintf(stderr, "cannot print the solution\n");
        return 1;
    }
    fputs(out, stdout);
    return 0;
}
