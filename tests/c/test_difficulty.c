/* test_difficulty.c: difficulty by technique (src/core/sudoku_difficulty.c
 * and the levels' table in sudoku_logic_table.c). The levels cover the
 * techniques' ratings in order; sudoku_rate_logic agrees with an
 * explanation walked step by step; sudoku_generate_at gives puzzles whose
 * own rating is the level asked for, reproducibly, symmetric when asked,
 * and SUDOKU_ENOTFOUND past its attempts, the handle usable after. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku.h"

static void test_table(void) {
    int held[SUDOKU_DIFFICULTIES] = {0}, last = 0;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        int d = sudoku_difficulty_of(sudoku_technique_rating(t));
        check_context("technique %s", sudoku_technique_name(t));
        CHECK(d >= SUDOKU_DIFFICULTY_EASY && d < SUDOKU_DIFFICULTIES);
        CHECK(d >= last); /* the levels rise with the table's order */
        CHECK(sudoku_technique_rating(t) <= sudoku_difficulty_top(d));
        if (d > SUDOKU_DIFFICULTY_EASY) CHECK(sudoku_technique_rating(t) > sudoku_difficulty_top(d - 1));
        held[d]++, last = d;
    }
    check_context("");
    for (int d = SUDOKU_DIFFICULTY_EASY; d < SUDOKU_DIFFICULTIES; d++) {
        CHECK(held[d] > 0); /* every level can be asked for */
        CHECK(sudoku_difficulty_name(d) != NULL);
        if (d > SUDOKU_DIFFICULTY_EASY) CHECK(sudoku_difficulty_top(d) > sudoku_difficulty_top(d - 1));
    }
    CHECK_EQ(sudoku_difficulty_of(sudoku_technique_rating(SUDOKU_GUESS)), SUDOKU_DIFFICULTY_BEYOND);
    CHECK_EQ(sudoku_difficulty_top(SUDOKU_DIFFICULTY_BEYOND), sudoku_technique_rating(SUDOKU_GUESS));
    CHECK_EQ(sudoku_difficulty_of(0), 0);
    CHECK(sudoku_difficulty_name(0) == NULL && sudoku_difficulty_name(SUDOKU_DIFFICULTIES) == NULL);
    CHECK_EQ(sudoku_difficulty_top(-1), -1);
}

/* The rating an explanation walked here gives. */
static sudoku_logic_rating_t walk(sudoku_t *s, const uint8_t *grid) {
    sudoku_logic_rating_t r = {-1, 0, 0, 0, 0};
    sudoku_error_t err;
    sudoku_explain_t *e = sudoku_explain_begin(s, grid, NULL, &err);
    if (!CHECK(e != NULL)) return r;
    sudoku_step_t st;
    while (sudoku_explain_next(e, &st) == 1) {
        r.steps++, r.guesses += st.technique == SUDOKU_GUESS;
        if (st.technique > r.technique) r.technique = st.technique;
    }
    sudoku_explain_free(e);
    r.rating = r.technique < 0 ? 0 : sudoku_technique_rating(r.technique);
    r.difficulty = r.steps ? sudoku_difficulty_of(r.rating) : SUDOKU_DIFFICULTY_EASY;
    return r;
}

static int same(sudoku_logic_rating_t a, sudoku_logic_rating_t b) {
    return CHECK_EQ(a.technique, b.technique) & CHECK_EQ(a.rating, b.rating) & CHECK_EQ(a.difficulty, b.difficulty) &
           CHECK_EQ(a.steps, b.steps) & CHECK_EQ(a.guesses, b.guesses);
}

static void test_rate(void) {
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&(sudoku_shape_t){.size = 9}, &err);
    const char *sets[] = {"tests/data/sudoku/top1465.txt", "tests/data/sudoku/hardest1106.txt", "tests/data/sudoku/17-clue.txt"};
    for (int k = 0; k < 3; k++) {
        FILE *f = fopen(sets[k], "r");
        if (!CHECK(f != NULL)) continue;
        char line[256];
        for (int count = 0; count < 25 && fgets(line, sizeof line, f);) {
            if (line[0] == '#' || strlen(line) < 81) continue;
            uint8_t p[81];
            for (int i = 0; i < 81; i++) p[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
            sudoku_logic_rating_t r;
            check_context("%s puzzle %d", sets[k], ++count);
            if (CHECK_EQ(sudoku_rate_logic(s, p, NULL, &r, &err), 0)) same(r, walk(s, p));
            if (k == 1) CHECK_EQ(r.difficulty, SUDOKU_DIFFICULTY_BEYOND);
        }
        fclose(f);
    }
    check_context("");
    uint8_t empty[81] = {0}, full[81];
    sudoku_logic_rating_t r;
    CHECK_EQ(sudoku_rate_logic(s, empty, NULL, &r, &err), SUDOKU_EAMBIGUOUS);
    CHECK_EQ(sudoku_rate_logic(s, empty, NULL, NULL, &err), DLX_EARG);
    CHECK_EQ(sudoku_rate_logic(s, empty, NULL, &r, NULL), SUDOKU_EAMBIGUOUS); /* the code without a record */
    sudoku_result_t res;
    CHECK_EQ(sudoku_solve(s, empty, 1, 0, full, &res, &err), 0);
    if (CHECK_EQ(sudoku_rate_logic(s, full, NULL, &r, &err), 0))
        CHECK(r.technique == -1 && r.rating == 0 && r.steps == 0 && r.difficulty == SUDOKU_DIFFICULTY_EASY);
    sudoku_free(s);
}

/* Each level a shape reaches (levels up to `most`), twice, checked. */
static void test_generate_shape(sudoku_shape_t shape, int most, int symmetric) {
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&shape, &err);
    if (!CHECK(s != NULL)) return;
    int32_t cells = shape.size * shape.size;
    uint8_t *p = malloc((size_t)cells), *sol = malloc((size_t)cells), *again = malloc((size_t)cells);
    for (int d = SUDOKU_DIFFICULTY_EASY; d <= most; d++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            check_context("%dx%d (variants %d) %s seed %d", shape.size, shape.size, shape.variants, sudoku_difficulty_name(d), (int)seed);
            sudoku_generate_opts_t o = {.seed = seed, .symmetric = symmetric};
            sudoku_logic_rating_t r, check;
            int k = sudoku_generate_at(s, &o, d, 400, p, sol, &r, &err);
            if (!CHECK(k >= 1)) {
                fprintf(stderr, "  %s\n", err.message);
                continue;
            }
            CHECK_EQ(r.difficulty, d);
            if (CHECK_EQ(sudoku_rate_logic(s, p, NULL, &check, &err), 0)) same(check, r);
            sudoku_result_t res;
            CHECK_EQ(sudoku_solve(s, p, 2, 0, again, &res, &err), 0);
            CHECK_EQ(res.status, SUDOKU_UNIQUE);
            CHECK(!memcmp(again, sol, (size_t)cells));
            for (int32_t c = 0; c < cells; c++) {
                CHECK(!p[c] || p[c] == sol[c]);
                if (symmetric) CHECK_EQ(!p[c], !p[cells - 1 - c]);
            }
            CHECK_EQ(sudoku_generate_at(s, &o, d, 400, again, sol, &check, &err), k); /* reproducible */
            CHECK(!memcmp(again, p, (size_t)cells));
        }
    free(p), free(sol), free(again);
    sudoku_free(s);
}

static void test_errors(void) {
    sudoku_error_t err;
    sudoku_t *s = sudoku_new(&(sudoku_shape_t){.size = 9}, &err);
    uint8_t p[81], sol[81];
    sudoku_logic_rating_t r;
    sudoku_generate_opts_t o = {.seed = 1};
    CHECK_EQ(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTY_BEYOND, 3, p, sol, &r, &err), SUDOKU_ENOTFOUND);
    CHECK(strstr(err.message, "no beyond puzzle in 3 attempts") != NULL);
    CHECK_EQ(sudoku_generate_at(s, &o, 0, 3, p, sol, &r, &err), DLX_EARG);
    CHECK_EQ(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTIES, 3, p, sol, &r, &err), DLX_EARG);
    CHECK_EQ(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTY_EASY, -1, p, sol, &r, &err), DLX_EARG);
    CHECK_EQ(sudoku_generate_at(s, NULL, SUDOKU_DIFFICULTY_EASY, 3, p, sol, &r, &err), DLX_EARG);
    CHECK_EQ(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTY_BEYOND, 2, p, sol, &r, NULL), SUDOKU_ENOTFOUND);
    o.max_nodes = 5; /* generate's own budget still counts */
    CHECK_EQ(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTY_EASY, 3, p, sol, &r, &err), SUDOKU_ESTOPPED);
    o.max_nodes = 0;
    CHECK(sudoku_generate_at(s, &o, SUDOKU_DIFFICULTY_EASY, 3, p, sol, &r, &err) >= 1); /* usable after */
    sudoku_free(s);
}

int main(void) {
    check_cpu_limit("test_difficulty", 300); /* a hang guard in CPU time (check.h) */
    test_table();
    test_rate();
    test_errors();
    test_generate_shape((sudoku_shape_t){.size = 9}, SUDOKU_DIFFICULTY_DIABOLICAL, 0);
    test_generate_shape((sudoku_shape_t){.size = 9}, SUDOKU_DIFFICULTY_FIENDISH, 1);
    test_generate_shape((sudoku_shape_t){.size = 8, .box_rows = 2, .box_cols = 4}, SUDOKU_DIFFICULTY_DIABOLICAL, 0);
    test_generate_shape((sudoku_shape_t){.size = 9, .variants = SUDOKU_X}, SUDOKU_DIFFICULTY_FIENDISH, 0);
    return check_report("test_difficulty");
}
