/* test_logic.c: the explainer (sudoku_explain_*, src/core/sudoku_logic*.c).
 * Every step of every puzzle is checked against the solution: a placement
 * is the solution's digit, an elimination removes a candidate that is there
 * and is not the solution's digit. Over the sets in tests/data (samples of
 * top1465, hardest1106, 17-clue), puzzles generated for shapes from 1x1 to
 * 36x36 and the variants, and small budgets; each technique must fire
 * somewhere. Prints the share of each set solved without a guess. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudoku.h"

#define TEST_DATA "tests/data"

typedef struct {
    clock_t start; /* CPU time when the tally began */
    long puzzles, no_guess, steps, wrong;
    long fired[SUDOKU_TECHNIQUES];   /* steps of each technique */
    long hardest[SUDOKU_TECHNIQUES]; /* puzzles whose hardest step is it */
} tally;

static tally total; /* every technique over the whole run */

/* Explain one puzzle to the end, checking each step; *found counts the
 * steps whose sentence is `want` (when not NULL). */
static void explain_seeking(sudoku_t *su, const uint8_t *puzzle, const sudoku_explain_opts_t *opts, tally *t,
                            const char *want, int *found) {
    int32_t n = sudoku_size(su), cells = n * n;
    uint8_t *sol = malloc((size_t)cells), *grid = malloc((size_t)cells);
    uint64_t *masks = malloc((size_t)cells * sizeof *masks);
    sudoku_result_t res;
    sudoku_error_t err;
    if (!CHECK_EQ(sudoku_solve(su, puzzle, 2, 0, sol, &res, &err), 0) || !CHECK_EQ(res.status, SUDOKU_UNIQUE)) goto out;
    sudoku_explain_t *e = sudoku_explain_begin(su, puzzle, opts, &err);
    if (!CHECK(e != NULL)) {
        fprintf(stderr, "  %s\n", err.message);
        goto out;
    }
    int hardest = -1, guessed = 0;
    long steps = 0, wrong = 0;
    sudoku_step_t st;
    for (;;) {
        sudoku_explain_grid(e, NULL, masks);
        int rc = sudoku_explain_next(e, &st);
        if (rc != 1) {
            CHECK_EQ(rc, 0);
            CHECK_EQ(sudoku_explain_next(e, &st), 0); /* and again: a full grid stays done */
            break;
        }
        if (!CHECK(st.technique >= 0 && st.technique < SUDOKU_TECHNIQUES) || !CHECK(++steps <= (long)cells * n)) break;
        const char *name = sudoku_technique_name(st.technique);
        int bad = !CHECK(st.n_placements + st.n_eliminations > 0) + !CHECK(st.n_placements <= 1) +
                  !CHECK(st.text && !strncmp(st.text, name, strlen(name))) + !CHECK(st.n_cells > 0);
        for (int32_t k = 0; k < st.n_placements; k++) {
            sudoku_move_t m = st.placements[k];
            bad += !CHECK(m.cell >= 0 && m.cell < cells) || !CHECK_EQ(m.digit, sol[m.cell]);
        }
        for (int32_t k = 0; k < st.n_eliminations; k++) {
            sudoku_move_t m = st.eliminations[k];
            if (!CHECK(m.cell >= 0 && m.cell < cells && m.digit >= 1 && m.digit <= n)) {
                bad++;
                continue;
            }
            bad += !CHECK(m.digit != sol[m.cell]) + !CHECK(masks[m.cell] >> (m.digit - 1) & 1);
        }
        /* The text names the cell placed or first cleared, 1-based ("r3c5"),
         * where the data has it 0-based. */
        if (st.n_placements + st.n_eliminations > 0) {
            int32_t c = st.n_placements ? st.placements[0].cell : st.eliminations[0].cell;
            char at[32];
            snprintf(at, sizeof at, "r%dc%d", c / n + 1, c % n + 1);
            bad += !CHECK(st.text && strstr(st.text, at) != NULL);
        }
        for (int32_t k = 0; k < st.n_cells; k++) bad += !CHECK(st.cells[k] >= 0 && st.cells[k] < cells);
        for (int32_t k = 0; k < st.n_houses; k++) bad += !CHECK(st.houses[k] >= 0);
        if (bad && wrong++ == 0) fprintf(stderr, "  wrong step %ld: %s\n", steps, st.text);
        if (want && !strcmp(st.text, want)) ++*found;
        t->fired[st.technique]++, total.fired[st.technique]++;
        if (st.technique > hardest) hardest = st.technique;
        guessed |= st.technique == SUDOKU_GUESS;
    }
    sudoku_explain_grid(e, grid, NULL);
    CHECK(memcmp(grid, sol, (size_t)cells) == 0);
    sudoku_explain_free(e);
    t->puzzles++, t->steps += steps, t->wrong += wrong, t->no_guess += !guessed;
    if (hardest >= 0) t->hardest[hardest]++;
out:
    free(sol), free(grid), free(masks);
}

static void explain(sudoku_t *su, const uint8_t *puzzle, const sudoku_explain_opts_t *opts, tally *t) {
    explain_seeking(su, puzzle, opts, t, NULL, NULL);
}

static void print_tally(const char *what, const tally *t) {
    printf("  %-28s %5ld puzzles, %4.1f s CPU, %6.1f%% without a guess, %5.1f steps each; hardest:", what, t->puzzles,
           (double)(clock() - t->start) / CLOCKS_PER_SEC,
           t->puzzles ? 100.0 * (double)t->no_guess / (double)t->puzzles : 0.0,
           t->puzzles ? (double)t->steps / (double)t->puzzles : 0.0);
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++)
        if (t->hardest[k]) printf(" %s %ld", sudoku_technique_name(k), t->hardest[k]);
    printf("\n");
}

/* ---- the data sets -------------------------------------------------------- */

static void explain_file(const char *name, int max) {
    char path[512], line[512];
    snprintf(path, sizeof path, TEST_DATA "/sudoku/%s", name);
    FILE *f = fopen(path, "r");
    check_context("%s (run from the repository's root)", path);
    if (!CHECK(f != NULL)) return;
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, NULL);
    tally t = {.start = clock()};
    int count = 0;
    while (count < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        uint8_t puzzle[81];
        for (int i = 0; i < 81; i++) puzzle[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
        check_context("%s puzzle %d", name, ++count);
        explain(su, puzzle, NULL, &t);
    }
    fclose(f);
    check_context("%s", name);
    CHECK(t.puzzles > 0);
    CHECK_EQ(t.wrong, 0);
    print_tally(name, &t);
    sudoku_free(su);
}

/* Each technique's case (tests/data/sudoku/logic-cases.txt): the step it
 * names is taken, and checked against the solution as every step is. */
static void test_cases(void) {
    const char *path = TEST_DATA "/sudoku/logic-cases.txt";
    static char line[16384];
    FILE *f = fopen(path, "r");
    check_context("%s", path);
    if (!CHECK(f != NULL)) return;
    tally t = {.start = clock()};
    int cases = 0, techniques[SUDOKU_TECHNIQUES] = {0};
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab) continue;
        line[strcspn(line, "\r\n")] = 0;
        const char *want = tab + 1;
        check_context("%s: %s", path, want);
        sudoku_text_t text;
        sudoku_error_t err;
        if (!CHECK_EQ(sudoku_parse(line, (size_t)(tab - line), NULL, &text, &err), 0)) continue;
        sudoku_t *su = sudoku_new(&(sudoku_shape_t){text.size, 0, 0, 0, NULL, NULL, 0}, NULL);
        int found = 0;
        explain_seeking(su, text.cells, NULL, &t, want, &found);
        CHECK_EQ(found, 1);
        for (int k = 0; k < SUDOKU_TECHNIQUES; k++)
            if (!strncmp(want, sudoku_technique_name(k), strlen(sudoku_technique_name(k)))) techniques[k]++;
        cases++;
        sudoku_free(su);
        sudoku_text_release(&text);
    }
    fclose(f);
    check_context("%s", path);
    CHECK_EQ(t.wrong, 0);
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++) CHECK(techniques[k] > 0);
    printf("  %d cases, one for each technique at least: found and checked\n", cases);
}

/* ---- generated puzzles of many shapes ------------------------------------- */

/* A jigsaw map for 9x9: in each band of three rows, piece (band, k) takes
 * the cells whose column plus row, mod 9, falls in k's third. */
static void jigsaw_map(int32_t *map) {
    for (int32_t r = 0; r < 9; r++)
        for (int32_t c = 0; c < 9; c++) map[r * 9 + c] = r / 3 * 3 + (c + r) % 9 / 3;
}

static void explain_generated(const char *what, const sudoku_shape_t *sh, int seeds) {
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(sh, &err);
    check_context("%s", what);
    if (!CHECK(su != NULL)) return;
    int32_t n = sudoku_size(su);
    uint8_t *puzzle = malloc((size_t)n * (size_t)n), *sol = malloc((size_t)n * (size_t)n);
    tally t = {.start = clock()};
    for (int seed = 1; seed <= seeds; seed++) {
        sudoku_generate_opts_t o = {(uint64_t)seed * 7919u, n <= 12, 0, 0, 0}; /* minimal: 16x16 costs seconds */
        check_context("%s seed %d", what, seed);
        if (!CHECK_EQ(sudoku_generate(su, &o, puzzle, sol, &err), 0)) continue;
        explain(su, puzzle, NULL, &t);
    }
    check_context("%s", what);
    CHECK_EQ(t.wrong, 0);
    print_tally(what, &t);
    free(puzzle), free(sol);
    sudoku_free(su);
}

/* Many extra regions on a small grid: each cell in a dozen houses (the
 * houses of a cell outnumber the grid's cells). The regions take one cell
 * of each digit of a 4x4 grid, so that grid stays a solution. */
static int32_t many_regions(int32_t *regions) {
    static const uint8_t grid[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    int32_t count = 0, at[5][4], seen[5] = {0};
    for (int32_t c = 0; c < 16; c++) at[grid[c]][seen[grid[c]]++] = c;
    for (int32_t k = 0; k < 256 && count < 48; k += 5) /* a spread of the 4^4 choices */
        for (int32_t d = 1; d <= 4; d++) regions[count * 4 + d - 1] = at[d][(k >> (2 * (d - 1))) & 3], count += d == 4;
    return count;
}

static void test_shapes(void) {
    int32_t jig[81], diag[2 * 9], extra[48 * 4], n_extra = many_regions(extra);
    jigsaw_map(jig);
    for (int32_t k = 0; k < 9; k++) diag[k] = k * 9 + (k * 4) % 9, diag[9 + k] = k * 9 + (k * 7 + 1) % 9;
    explain_generated("1x1", &(sudoku_shape_t){1, 1, 1, 0, NULL, NULL, 0}, 1);
    explain_generated("5x5 (1x5 boxes)", &(sudoku_shape_t){5, 1, 5, 0, NULL, NULL, 0}, 10);
    explain_generated("10x10 (2x5 boxes)", &(sudoku_shape_t){10, 2, 5, 0, NULL, NULL, 0}, 10);
    explain_generated("4x4, 48 extra regions", &(sudoku_shape_t){4, 2, 2, 0, NULL, extra, n_extra}, 10);
    explain_generated("4x4 (2x2 boxes)", &(sudoku_shape_t){4, 2, 2, 0, NULL, NULL, 0}, 20);
    explain_generated("6x6 (2x3 boxes)", &(sudoku_shape_t){6, 2, 3, 0, NULL, NULL, 0}, 20);
    explain_generated("6x6 (3x2 boxes)", &(sudoku_shape_t){6, 3, 2, 0, NULL, NULL, 0}, 10);
    explain_generated("6x6 windoku", &(sudoku_shape_t){6, 2, 3, SUDOKU_WINDOKU, NULL, NULL, 0}, 10);
    explain_generated("8x8 (4x2 boxes) X", &(sudoku_shape_t){8, 4, 2, SUDOKU_X, NULL, NULL, 0}, 10);
    explain_generated("8x8 (2x4 boxes)", &(sudoku_shape_t){8, 2, 4, 0, NULL, NULL, 0}, 20);
    explain_generated("9x9", &(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, 20);
    explain_generated("9x9 X", &(sudoku_shape_t){9, 3, 3, SUDOKU_X, NULL, NULL, 0}, 20);
    explain_generated("9x9 windoku", &(sudoku_shape_t){9, 3, 3, SUDOKU_WINDOKU, NULL, NULL, 0}, 20);
    explain_generated("9x9 X + windoku", &(sudoku_shape_t){9, 3, 3, SUDOKU_X | SUDOKU_WINDOKU, NULL, NULL, 0}, 10);
    explain_generated("9x9 jigsaw", &(sudoku_shape_t){9, 3, 3, 0, jig, NULL, 0}, 20);
    explain_generated("9x9 jigsaw + X", &(sudoku_shape_t){9, 3, 3, SUDOKU_X, jig, NULL, 0}, 4);
    explain_generated("9x9 two extra regions", &(sudoku_shape_t){9, 3, 3, 0, NULL, diag, 2}, 20);
    explain_generated("12x12 (3x4 boxes)", &(sudoku_shape_t){12, 3, 4, 0, NULL, NULL, 0}, 6);
    explain_generated("16x16", &(sudoku_shape_t){16, 4, 4, 0, NULL, NULL, 0}, 6);
    explain_generated("16x16 X", &(sudoku_shape_t){16, 4, 4, SUDOKU_X, NULL, NULL, 0}, 4);
    explain_generated("25x25", &(sudoku_shape_t){25, 5, 5, 0, NULL, NULL, 0}, 1);
    explain_generated("36x36", &(sudoku_shape_t){36, 6, 6, 0, NULL, NULL, 0}, 1);
}

/* ---- budgets, the table, bad input ---------------------------------------- */

static const char *HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

static void parse81(const char *text, uint8_t *p) {
    for (int i = 0; i < 81; i++) p[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t)(text[i] - '0') : 0;
}

static void test_budgets(void) {
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, NULL);
    uint8_t p[81];
    parse81(HARD, p);
    tally t = {.start = clock()};
    check_context("no work budget to speak of: singles, then guesses");
    explain(su, p, &(sudoku_explain_opts_t){0, 1, 0}, &t);
    check_context("chains of 3 links at most");
    explain(su, p, &(sudoku_explain_opts_t){0, 0, 3}, &t);
    CHECK_EQ(t.wrong, 0);
    CHECK(t.fired[SUDOKU_GUESS] > 0);
    sudoku_free(su);
}

static void test_table(void) {
    check_context("the table of techniques");
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++) {
        CHECK(sudoku_technique_name(k) != NULL);
        if (k) CHECK(sudoku_technique_rating(k) >= sudoku_technique_rating(k - 1));
        CHECK(sudoku_technique_rating(k) >= 10 && sudoku_technique_rating(k) <= 110);
    }
    CHECK(sudoku_technique_name(-1) == NULL && sudoku_technique_name(SUDOKU_TECHNIQUES) == NULL);
    CHECK_EQ(sudoku_technique_rating(SUDOKU_TECHNIQUES), -1);
}

static void expect_error(sudoku_t *su, const uint8_t *grid, const sudoku_explain_opts_t *o, int code) {
    sudoku_error_t err;
    sudoku_explain_t *e = sudoku_explain_begin(su, grid, o, &err);
    CHECK(e == NULL);
    CHECK_EQ(err.code, code);
    CHECK(err.message[0] != 0);
    sudoku_explain_free(e);
}

static void test_errors(void) {
    sudoku_t *su = sudoku_new(&(sudoku_shape_t){9, 3, 3, 0, NULL, NULL, 0}, NULL);
    uint8_t p[81], sol[81];
    sudoku_step_t st;
    check_context("bad input");
    expect_error(su, NULL, NULL, DLX_EARG);
    CHECK_EQ(sudoku_explain_next(NULL, &st), DLX_EARG);
    memset(p, 0, sizeof p);
    expect_error(su, p, NULL, SUDOKU_EAMBIGUOUS); /* the empty grid */
    p[0] = p[1] = 5;
    expect_error(su, p, NULL, SUDOKU_ECLASH);
    p[1] = 10;
    expect_error(su, p, NULL, SUDOKU_EVALUE);
    /* No clash among the givens, yet no solution: r1c1..r1c8 hold 1..8 and
     * r2c9 holds 9, so r1c9 has no digit. */
    memset(p, 0, sizeof p);
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(i + 1);
    p[17] = 9;
    expect_error(su, p, NULL, SUDOKU_EUNSOLVABLE);
    parse81(HARD, p);
    expect_error(su, p, &(sudoku_explain_opts_t){1, 0, 0}, SUDOKU_ESTOPPED);
    /* The handle stays usable. */
    sudoku_result_t res;
    CHECK_EQ(sudoku_solve(su, p, 2, 0, sol, &res, NULL), 0);
    CHECK_EQ(res.status, SUDOKU_UNIQUE);
    sudoku_free(su);
}

int main(void) {
    check_cpu_limit("test_logic", 300); /* a hang guard in CPU time (check.h) */
    test_table();
    test_errors();
    test_budgets();
    test_cases();
    explain_file("top1465.txt", 1 << 30);
    explain_file("hardest1106.txt", 1 << 30);
    explain_file("17-clue.txt", 1 << 30);
    test_shapes();
    check_context("every technique fires somewhere");
    for (int k = 0; k < SUDOKU_TECHNIQUES; k++) {
        printf("  %-18s %6ld steps\n", sudoku_technique_name(k), total.fired[k]);
        CHECK(total.fired[k] > 0);
    }
    return check_report("test_logic");
}
