/* test_sudoku_shape.c: the Sudoku vocabulary written once in C: the default
 * box of every side (SUDOKU_DEFAULT_BOX_ROWS, checked against its rule), the
 * one box spelling (sudoku_parse_box, on the cases of
 * tests/data/box-spellings.txt that every entry point shares), a shape
 * given one side of its box, the pattern-grid shortcut, and jigsaw maps
 * made to fit a grid (sudoku_make_jigsaw) with clues taken from that grid
 * (sudoku_generate_from). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku.h"

#define CASES "tests/data/box-spellings.txt"

/* The rule the table states: the largest divisor of N up to sqrt(N). */
static void test_default_boxes(void) {
    for (int32_t n = 1; n <= SUDOKU_MAX_SIZE; n++) {
        int32_t want = 1;
        for (int32_t k = 1; k * k <= n; k++)
            if (n % k == 0) want = k;
        int32_t r = 0, c = 0;
        check_context("side %d", n);
        CHECK_EQ(sudoku_default_box(n, &r, &c), 0);
        CHECK_EQ(r, want);
        CHECK_EQ(c, n / want);
        /* and the solver takes it when no box is given */
        sudoku_shape_t sh = {n, 0, 0, 0, NULL, NULL, 0};
        sudoku_error_t err;
        sudoku_t *s = sudoku_new(&sh, &err);
        CHECK(s != NULL);
        int32_t br = 0, bc = 0;
        if (s) sudoku_box(s, &br, &bc);
        CHECK_EQ(br, want);
        CHECK_EQ(bc, n / want);
        sudoku_free(s);
    }
    check_context("");
    CHECK_EQ(sudoku_default_box(0, NULL, NULL), SUDOKU_ESIZE);
    CHECK_EQ(sudoku_default_box(65, NULL, NULL), SUDOKU_ESIZE);
}

/* The text between the quotes of a case line, its escapes undone. */
static size_t unquote(const char *q, char *out, size_t cap) {
    size_t n = 0;
    for (q++; *q && *q != '"' && n + 1 < cap; q++) {
        if (q[0] == '\\' && (q[1] == 't' || q[1] == 'n')) out[n++] = *++q == 't' ? '\t' : '\n';
        else out[n++] = *q;
    }
    return n;
}

static void test_spellings(void) {
    FILE *f = fopen(CASES, "r");
    CHECK(f != NULL);
    if (!f) return;
    char line[1024], text[512];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *tab = strchr(line, '\t');
        CHECK(tab && tab[1] == '"');
        if (!tab) continue;
        *tab = '\0';
        size_t len = unquote(tab + 1, text, sizeof text);
        check_context("case %s <- \"%.*s\"", line, (int)len, text);
        int32_t r = -1, c = -1;
        sudoku_error_t err;
        int rc = sudoku_parse_box(text, len, &r, &c, &err);
        if (!strcmp(line, "BAD_BOX") || !strcmp(line, "BAD_SIZE")) {
            CHECK_EQ(rc, !strcmp(line, "BAD_BOX") ? SUDOKU_EBOX : SUDOKU_ESIZE);
            CHECK_EQ(err.code, rc);
            CHECK(strstr(err.message, "box") != NULL); /* it says what was wrong */
        } else {
            int32_t want_r = atoi(line), want_c = strchr(line, 'x') ? atoi(strchr(line, 'x') + 1) : 0;
            CHECK_EQ(rc, 0);
            CHECK_EQ(r, want_r);
            CHECK_EQ(c, want_c);
        }
        cases++;
    }
    fclose(f);
    check_context("");
    CHECK(cases >= 30);
    /* A NULL text is an empty one; a text is read to len, not to a NUL. */
    sudoku_error_t err;
    CHECK_EQ(sudoku_parse_box(NULL, 0, NULL, NULL, &err), SUDOKU_EBOX);
    int32_t r = 0, c = 0;
    CHECK_EQ(sudoku_parse_box("2x3junk", 3, &r, &c, NULL), 0);
    CHECK_EQ(r * 10 + c, 23);
}

/* One side of the box given: the other follows from N, or the error says which side. */
static void test_one_side(void) {
    sudoku_error_t err;
    int32_t br = 0, bc = 0;
    sudoku_shape_t rows = {12, 4, 0, 0, NULL, NULL, 0}, cols = {12, 0, 6, 0, NULL, NULL, 0};
    sudoku_t *s = sudoku_new(&rows, &err);
    CHECK(s != NULL);
    if (s) sudoku_box(s, &br, &bc);
    CHECK_EQ(br * 100 + bc, 403);
    sudoku_free(s);
    s = sudoku_new(&cols, &err);
    CHECK(s != NULL);
    if (s) sudoku_box(s, &br, &bc);
    CHECK_EQ(br * 100 + bc, 206);
    sudoku_free(s);
    sudoku_shape_t bad = {9, 4, 0, 0, NULL, NULL, 0};
    CHECK(sudoku_new(&bad, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_ESIZE);
    CHECK(strstr(err.message, "4 rows") != NULL);
}

/* Whether g (n*n, 1..n) holds every digit once in each row, column and br x bc box. */
static int valid_grid(const uint8_t *g, int32_t n, int32_t br, int32_t bc) {
    for (int32_t u = 0; u < n; u++) {
        uint64_t row = 0, col = 0, box = 0;
        for (int32_t k = 0; k < n; k++) {
            int32_t br0 = u / (n / bc) * br, bc0 = u % (n / bc) * bc;
            row |= 1ULL << (g[u * n + k] - 1);
            col |= 1ULL << (g[k * n + u] - 1);
            box |= 1ULL << (g[(br0 + k / bc) * n + bc0 + k % bc] - 1);
        }
        uint64_t all = n == 64 ? ~0ULL : (1ULL << n) - 1;
        if (row != all || col != all || box != all) return 0;
    }
    return 1;
}

/* The pattern-grid shortcut: a valid grid at any size that keeps the givens,
 * the free digits counted, and a refusal (0) when the givens do not fit. */
static void test_pattern_fill(void) {
    static uint8_t grid[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE], out[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    for (int32_t n = 1; n <= SUDOKU_MAX_SIZE; n++) {
        int32_t br, bc, unnamed = -1;
        sudoku_default_box(n, &br, &bc);
        check_context("side %d", n);
        memset(grid, 0, sizeof grid);
        CHECK_EQ(sudoku_pattern_fill(n, 0, 0, grid, out, &unnamed, NULL), 1);
        CHECK(valid_grid(out, n, br, bc));
        CHECK_EQ(unnamed, n);
        /* givens from another valid grid (digits reversed) with a diagonal of clues: they fit */
        for (int32_t c = 0; c < n * n; c++) grid[c] = (uint8_t)(n + 1 - out[c]);
        for (int32_t c = 0; c < n * n; c++)
            if (c / n != c % n) grid[c] = 0;
        CHECK_EQ(sudoku_pattern_fill(n, br, 0, grid, out, &unnamed, NULL), 1);
        CHECK(valid_grid(out, n, br, bc));
        int kept = 1;
        for (int32_t c = 0; c < n * n; c++) kept &= !grid[c] || grid[c] == out[c];
        CHECK(kept);
        if (n >= 2) {
            /* the same digit twice in row 1: no grid has it, nor the pattern */
            memset(grid, 0, sizeof grid);
            grid[0] = grid[1] = 1;
            CHECK_EQ(sudoku_pattern_fill(n, 0, 0, grid, out, &unnamed, NULL), 0);
        }
    }
    check_context("");
    sudoku_error_t err;
    memset(grid, 0, sizeof grid);
    grid[5] = 10;
    CHECK_EQ(sudoku_pattern_fill(9, 0, 0, grid, out, NULL, &err), SUDOKU_EVALUE);
    CHECK_EQ(err.code, SUDOKU_EVALUE);
    CHECK_EQ(sudoku_pattern_fill(9, 2, 0, grid, out, NULL, &err), SUDOKU_ESIZE);
    CHECK_EQ(sudoku_pattern_fill(65, 0, 0, grid, out, NULL, &err), SUDOKU_ESIZE);
    CHECK_EQ(sudoku_pattern_fill(9, 0, 0, NULL, out, NULL, &err), DLX_EARG);
}

/* Whether every piece of the map has n cells, edge-connected. */
static int pieces_whole(const int32_t *map, int32_t n) {
    for (int32_t p = 0; p < n; p++) {
        int32_t stack[64 * 64], top = 0, reached = 0, start = -1, size = 0;
        uint8_t seen[64 * 64] = {0};
        for (int32_t c = 0; c < n * n; c++)
            if (map[c] == p) size++, start = start < 0 ? c : start;
        if (size != n || start < 0) return 0;
        seen[start] = 1, stack[top++] = start, reached = 1;
        while (top) {
            int32_t c = stack[--top], r = c / n, k = c % n;
            int32_t next[4] = {r ? c - n : -1, r < n - 1 ? c + n : -1, k ? c - 1 : -1, k < n - 1 ? c + 1 : -1};
            for (int q = 0; q < 4; q++)
                if (next[q] >= 0 && !seen[next[q]] && map[next[q]] == p) seen[next[q]] = 1, stack[top++] = next[q], reached++;
        }
        if (reached != n) return 0;
    }
    return 1;
}

/* A made map: n connected pieces of n cells, not the boxes, its grid valid
 * for it (rows, columns, pieces and the variants), the same for the same
 * seed; clues taken from the grid leave a puzzle with that one solution. */
static void test_made_jigsaw(void) {
    static const struct {
        int32_t n, br;
        uint32_t variants;
    } shapes[] = {{9, 3, 0}, {12, 3, 0}, {16, 4, SUDOKU_WINDOKU}, {25, 5, SUDOKU_WINDOKU},
                  {25, 5, SUDOKU_X}, {16, 4, SUDOKU_X | SUDOKU_WINDOKU}, {36, 6, 0}};
    static int32_t map[64 * 64], again[64 * 64];
    static uint8_t grid[64 * 64], grid2[64 * 64], puzzle[64 * 64], out[64 * 64];
    sudoku_error_t err;
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        int32_t n = shapes[i].n, br = shapes[i].br, bc = n / br;
        check_context("%dx%d, variants %u", n, n, shapes[i].variants);
        sudoku_shape_t sh = {n, br, bc, shapes[i].variants, NULL, NULL, 0};
        sudoku_t *s = sudoku_new(&sh, &err);
        if (!CHECK(s != NULL)) continue;
        CHECK_EQ(sudoku_make_jigsaw(s, 5, 0, map, grid, &err), 0);
        CHECK(pieces_whole(map, n));
        int32_t moved = 0;
        for (int32_t c = 0; c < n * n; c++) moved += map[c] != c / n / br * br + c % n / bc;
        CHECK(moved > 0);
        CHECK_EQ(sudoku_make_jigsaw(s, 5, 0, again, grid2, &err), 0);
        CHECK(!memcmp(map, again, sizeof(int32_t) * (size_t)(n * n)) && !memcmp(grid, grid2, (size_t)(n * n)));
        CHECK_EQ(sudoku_make_jigsaw(s, 6, 0, again, grid2, &err), 0);
        CHECK(memcmp(map, again, sizeof(int32_t) * (size_t)(n * n)) != 0);
        sh.jigsaw = map;
        sudoku_t *j = sudoku_new(&sh, &err);
        sudoku_free(s);
        if (!CHECK(j != NULL)) continue;
        sudoku_result_t res;
        CHECK_EQ(sudoku_solve(j, grid, 2, 0, NULL, &res, &err), 0); /* the full grid fits the map */
        CHECK_EQ(res.status, SUDOKU_UNIQUE);
        sudoku_generate_opts_t opts = {5, 0, 0, 0, 0};
        CHECK_EQ(sudoku_generate_from(j, &opts, grid, puzzle, &err), 0);
        int32_t clues = 0, kept = 1;
        for (int32_t c = 0; c < n * n; c++) clues += puzzle[c] != 0, kept &= !puzzle[c] || puzzle[c] == grid[c];
        CHECK(kept && clues < n * n);
        CHECK_EQ(sudoku_solve(j, puzzle, 2, 0, out, &res, &err), 0);
        CHECK_EQ(res.status, SUDOKU_UNIQUE);
        CHECK(!memcmp(out, grid, (size_t)(n * n)));
        /* a map is made from boxes, not from a map; clues come from a full valid grid */
        CHECK_EQ(sudoku_make_jigsaw(j, 5, 0, again, grid2, &err), DLX_EARG);
        memcpy(grid2, grid, (size_t)(n * n));
        grid2[n + 1] = 0;
        CHECK_EQ(sudoku_generate_from(j, &opts, grid2, puzzle, &err), DLX_EARG);
        CHECK(strstr(err.message, "row 2, column 2") != NULL);
        grid2[n + 1] = grid[n]; /* the digit of its left neighbour */
        CHECK_EQ(sudoku_generate_from(j, &opts, grid2, puzzle, &err), SUDOKU_ECLASH);
        CHECK_EQ(sudoku_solve(j, puzzle, 2, 0, NULL, &res, &err), 0); /* still usable */
        sudoku_free(j);
    }
    check_context("");
}

int main(void) {
    check_cpu_limit("test_sudoku_shape", 60); /* a hang guard in CPU time (check.h) */
    test_default_boxes();
    test_spellings();
    test_one_side();
    test_pattern_fill();
    test_made_jigsaw();
    return check_report("test_sudoku_shape");
}
