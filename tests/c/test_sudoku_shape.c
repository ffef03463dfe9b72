/* test_sudoku_shape.c: the Sudoku vocabulary written once in C: the default
 * box of every side (SUDOKU_DEFAULT_BOX_ROWS, checked against its rule), the
 * one box spelling (sudoku_parse_box, on the cases of
 * tests/data/box-spellings.txt that every entry point shares) and a shape
 * given one side of its box. */
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
    char line[256], text[128];
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

int main(void) {
    check_cpu_limit("test_sudoku_shape", 60); /* a hang guard in CPU time (check.h) */
    test_default_boxes();
    test_spellings();
    test_one_side();
    return check_report("test_sudoku_shape");
}
