/* test_sudoku.c: the Sudoku reduction. Every answer of the solver is checked
 * by an independent checker written here (rows, columns, boxes, regions),
 * never against hard-coded grids. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku.h"
#include "../../src/core/sudoku_internal.h" /* sudoku_solve_linked: the two engines compared */
#include "../../src/core/dlx_internal.h"    /* the hand-over to clause learning seen */
#include "../../src/core/dlx_cdcl.h"        /* and its rephasings */

#define MAXC (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)

/* The puzzle sets the tests read (tests/data/README.md), from the repository's
 * root, where `make test` runs the tests. */
#define TEST_DATA "tests/data"

/* ---- the independent checker -------------------------------------------------- */

typedef struct {
    int n, br, bc;
    int x, windoku;       /* variants */
    const int32_t *jigsaw; /* or NULL */
} shape;

/* Whether the cells listed hold every digit 1..n once. */
static int all_digits(const uint8_t *g, const int *cells, int n) {
    uint64_t seen = 0;
    for (int k = 0; k < n; k++) {
        int v = g[cells[k]];
        if (v < 1 || v > n || (seen >> (v - 1) & 1)) return 0;
        seen |= 1ULL << (v - 1);
    }
    return 1;
}

/* Whether g is a complete grid obeying the shape and keeping the givens. */
static int valid_solution(const shape *sh, const uint8_t *puzzle, const uint8_t *g) {
    int n = sh->n, cells[SUDOKU_MAX_SIZE] = {0};
    for (int c = 0; c < n * n; c++)
        if (puzzle && puzzle[c] && puzzle[c] != g[c]) return 0;
    for (int u = 0; u < n; u++) {
        for (int k = 0; k < n; k++) cells[k] = u * n + k;
        if (!all_digits(g, cells, n)) return 0;
        for (int k = 0; k < n; k++) cells[k] = k * n + u;
        if (!all_digits(g, cells, n)) return 0;
        if (sh->jigsaw) {
            int m = 0;
            for (int c = 0; c < n * n; c++)
                if (sh->jigsaw[c] == u) cells[m++] = c;
            if (m != n || !all_digits(g, cells, n)) return 0;
        } else {
            /* box u: band u / br (br boxes of bc columns side by side) */
            int r0 = u / sh->br * sh->br, c0 = u % sh->br * sh->bc;
            for (int k = 0; k < n; k++) cells[k] = (r0 + k / sh->bc) * n + c0 + k % sh->bc;
            if (!all_digits(g, cells, n)) return 0;
        }
    }
    if (sh->x) {
        for (int k = 0; k < n; k++) cells[k] = k * n + k;
        if (!all_digits(g, cells, n)) return 0;
        for (int k = 0; k < n; k++) cells[k] = k * n + n - 1 - k;
        if (!all_digits(g, cells, n)) return 0;
    }
    if (sh->windoku)
        for (int r0 = 1; r0 + sh->br <= n; r0 += sh->br + 1)
            for (int c0 = 1; c0 + sh->bc <= n; c0 += sh->bc + 1) {
                for (int k = 0; k < n; k++) cells[k] = (r0 + k / sh->bc) * n + c0 + k % sh->bc;
                if (!all_digits(g, cells, n)) return 0;
            }
    return 1;
}

static sudoku_t *make(const shape *sh) {
    sudoku_shape_t s = {sh->n, sh->br, sh->bc,
                        (sh->x ? SUDOKU_X : 0) | (sh->windoku ? SUDOKU_WINDOKU : 0),
                        sh->jigsaw, NULL, 0};
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(&s, &err);
    if (!su) fprintf(stderr, "sudoku_new: %s\n", err.message);
    return su;
}

static int valid_solution(const shape *sh, const uint8_t *puzzle, const uint8_t *g);

/* The plain 9x9 has its own solver (src/core/sudoku9.c), whose tree differs:
 * it must give the linked engine's answers (status, count, the solution
 * when unique, a valid one when not) and stay within a budget. */
static int nine_agrees(sudoku_t *su, const uint8_t *puzzle, uint64_t limit, uint64_t budget) {
    static const shape nine = {9, 3, 3, 0, 0, NULL};
    uint8_t a[81] = {0}, b[81] = {0};
    sudoku_result_t ra, rb;
    int ca = sudoku_solve(su, puzzle, limit, budget, a, &ra, NULL);
    int cb = sudoku_solve_linked(su, puzzle, limit, 0, b, &rb, NULL);
    int bad = !CHECK_EQ(ca, cb);
    if (budget) bad += !CHECK(ra.nodes <= budget);
    if (ra.status == SUDOKU_STOPPED) return bad + !CHECK(budget > 0);
    bad += !CHECK_EQ(ra.status, rb.status) + !CHECK_EQ(ra.count, rb.count);
    if (ra.count) bad += !CHECK(valid_solution(&nine, puzzle, a));
    if (ra.status == SUDOKU_UNIQUE) bad += !CHECK(memcmp(a, b, 81) == 0);
    return bad;
}

/* Other shapes up to 16x16: the bit-mask engine (sudoku_solve) and the
 * linked one must walk the same tree: same status, count, nodes, guesses
 * and first solution, also when a budget or a limit stops them (Knuth's
 * tree: restarts off; with them on the linked search must agree on status
 * and count). Returns the number of mismatches. */
static int engines_agree(sudoku_t *su, const uint8_t *puzzle, uint64_t limit, uint64_t budget) {
    if (su->nine) return nine_agrees(su, puzzle, limit, budget);
    static uint8_t a[MAXC], b[MAXC];
    int cells = sudoku_size(su) * sudoku_size(su);
    sudoku_result_t ra, rb;
    memset(a, 0, (size_t)cells), memset(b, 0, (size_t)cells);
    sudoku_set_restarts(su, 0);
    int ca = sudoku_solve(su, puzzle, limit, budget, a, &ra, NULL);
    int cb = sudoku_solve_linked(su, puzzle, limit, budget, b, &rb, NULL);
    sudoku_set_restarts(su, 1);
    int bad = !CHECK_EQ(ca, cb) + !CHECK_EQ(ra.status, rb.status) + !CHECK_EQ(ra.count, rb.count) +
              !CHECK_EQ(ra.nodes, rb.nodes) + !CHECK_EQ(ra.guesses, rb.guesses);
    if (ra.count && rb.count) bad += !CHECK(memcmp(a, b, (size_t)cells) == 0);
    if (budget) return bad;
    cb = sudoku_solve_linked(su, puzzle, limit, 0, b, &rb, NULL);
    bad += !CHECK_EQ(ca, cb) + !CHECK_EQ(ra.status, rb.status) + !CHECK_EQ(ra.count, rb.count);
    if (rb.status == SUDOKU_UNIQUE) bad += !CHECK(memcmp(a, b, (size_t)cells) == 0);
    return bad;
}

/* ---- the data sets (tests/data) --------------------------------------------------- */

/* Solve every puzzle of a file (at most max): unique, valid, keeps givens. */
static void solve_file(sudoku_t *su, const char *name, int max) {
    char path[512], line[512];
    snprintf(path, sizeof path, TEST_DATA "/sudoku/%s", name);
    FILE *f = fopen(path, "r");
    check_context("%s (run from the repository's root)", path);
    if (!CHECK(f != NULL)) return;
    check_context("");
    shape sh = {9, 3, 3, 0, 0, NULL};
    int count = 0, unique = 0, valid = 0;
    uint64_t guesses = 0;
    while (count < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        uint8_t puzzle[81], sol[81];
        for (int i = 0; i < 81; i++) puzzle[i] = line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0;
        sudoku_result_t res;
        sudoku_error_t err;
        check_context("%s line %d", name, count + 1);
        if (!CHECK_EQ(sudoku_solve(su, puzzle, 2, 0, sol, &res, &err), 0)) continue;
        unique += res.status == SUDOKU_UNIQUE && res.count == 1;
        guesses += res.guesses;
        valid += valid_solution(&sh, puzzle, sol);
        if (count % 7 == 0) { /* a sample: both engines, also cut short */
            engines_agree(su, puzzle, 2, 0);
            engines_agree(su, puzzle, 0, 0);
            engines_agree(su, puzzle, 2, res.nodes / 2 + 1);
            puzzle[0] = 0; /* a clue less when the corner was one: several solutions */
            engines_agree(su, puzzle, 3, 0);
        }
        count++;
    }
    fclose(f);
    check_context("%s", name);
    CHECK(count > 0);
    CHECK_EQ(unique, count);
    CHECK_EQ(valid, count);
    /* Locked candidates and triads at work: singles alone (the bit-mask
     * engine) guessed 4.8, 44.5 and 366 times a puzzle on the first 3,000 of
     * 17-clue, all of top1465 and all of hardest1106; the parts kept in
     * tests/data take 0.22, 8.4 and 110 here (the whole top1465: 8.8). */
    double per = (double)guesses / count;
    if (!strcmp(name, "17-clue.txt")) CHECK(per < 1.0);
    if (!strcmp(name, "top1465.txt")) CHECK(per < 12.0);
    if (!strcmp(name, "hardest1106.txt")) CHECK(per < 150.0);
    printf("  %s: %d puzzles solved, unique, valid, %.2f guesses a puzzle\n", name, count, per);
    check_context("");
}

/* ---- generated puzzles of every shape -------------------------------------------- */

static int clue_count(const uint8_t *g, int cells) {
    int k = 0;
    for (int c = 0; c < cells; c++) k += g[c] != 0;
    return k;
}

/* Generate with the given options, then check everything independently. */
static void generate_and_check(const shape *sh, sudoku_generate_opts_t opts) {
    static uint8_t puzzle[MAXC], sol[MAXC], again[MAXC];
    sudoku_t *su = make(sh);
    if (!CHECK(su != NULL)) return;
    int n = sh->n, cells = n * n;
    check_context("%dx%d (%dx%d boxes)%s%s%s seed %llu", n, n, sh->br, sh->bc, sh->x ? " X" : "",
                  sh->windoku ? " windoku" : "", sh->jigsaw ? " jigsaw" : "",
                  (unsigned long long)opts.seed);
    sudoku_error_t err;
    int rc = sudoku_generate(su, &opts, puzzle, sol, &err);
    if (!CHECK_EQ(rc, 0)) {
        fprintf(stderr, "  generate: %s\n", err.message);
        sudoku_free(su);
        return;
    }
    CHECK(valid_solution(sh, NULL, sol));
    for (int c = 0; c < cells; c++) CHECK(puzzle[c] == 0 || puzzle[c] == sol[c]);
    sudoku_result_t res;
    CHECK_EQ(sudoku_solve(su, puzzle, 2, 0, again, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_UNIQUE);
    CHECK(memcmp(again, sol, (size_t)cells) == 0);
    /* Masks beside links: above MASKS_MAX_SIZE both would be the linked engine, and
     * without restarts a big generated puzzle's proof can fall in a heavy tail. */
    if (n <= MASKS_MAX_SIZE) engines_agree(su, puzzle, 2, 0);
    CHECK(clue_count(puzzle, cells) < cells);
    if (opts.target_clues) CHECK(clue_count(puzzle, cells) >= opts.target_clues);
    if (opts.symmetric)
        for (int c = 0; c < cells; c++) CHECK((puzzle[c] != 0) == (puzzle[cells - 1 - c] != 0));
    if (opts.minimal && !opts.symmetric) /* no single clue can go */
        for (int c = 0; c < cells; c++) {
            if (!puzzle[c]) continue;
            uint8_t keep = puzzle[c];
            puzzle[c] = 0;
            sudoku_solve(su, puzzle, 2, 0, NULL, &res, &err);
            CHECK_EQ(res.status, SUDOKU_MULTIPLE);
            if (n <= 16 && c % 5 == 0) engines_agree(su, puzzle, 5, 0);
            puzzle[c] = keep;
        }
    /* The same seed gives the same puzzle. */
    sudoku_generate(su, &opts, again, sol, &err);
    CHECK(memcmp(again, puzzle, (size_t)cells) == 0);
    check_context("");
    sudoku_free(su);
}

static void test_shapes(void) {
    /* wide and tall boxes both: rows and columns of boxes differ in count */
    static const int boxes[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {2, 4},
                                   {4, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}};
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            shape sh = {boxes[i][0] * boxes[i][1], boxes[i][0], boxes[i][1], 0, 0, NULL};
            sudoku_generate_opts_t o = {seed, sh.n <= 9, seed == 2, 0, 0};
            generate_and_check(&sh, o);
        }
    /* The big ones, with a clue target so the test stays quick. */
    shape s36 = {36, 6, 6, 0, 0, NULL}, s49 = {49, 7, 7, 0, 0, NULL}, s64 = {64, 8, 8, 0, 0, NULL};
    generate_and_check(&s36, (sudoku_generate_opts_t){7, 0, 0, 36 * 36 * 3 / 4, 0});
    generate_and_check(&s49, (sudoku_generate_opts_t){7, 0, 0, 49 * 49 * 4 / 5, 0});
    generate_and_check(&s64, (sudoku_generate_opts_t){7, 0, 0, 64 * 64 * 4 / 5, 0});
    printf("  shapes 1x1 .. 64x64: generated, unique, checked\n");
}

/* max_nodes bounds every search of a generation (the fill and each proof):
 * spent, it ends with SUDOKU_ESTOPPED; a 64x64 used to ignore it for 20 s. */
static void test_generate_budget(void) {
    static uint8_t puzzle[MAXC], sol[MAXC];
    sudoku_error_t err;
    shape s64 = {64, 8, 8, 0, 0, NULL}, s9 = {9, 3, 3, 0, 0, NULL};
    sudoku_t *su = make(&s64);
    if (!CHECK(su != NULL)) return;
    check_context("generate 64x64 with 1000 nodes");
    CHECK_EQ(sudoku_generate(su, &(sudoku_generate_opts_t){1, 0, 0, 0, 1000}, puzzle, sol, &err), SUDOKU_ESTOPPED);
    CHECK_EQ(err.code, SUDOKU_ESTOPPED);
    CHECK(err.message[0] != '\0');
    sudoku_free(su);
    su = make(&s9);
    if (!CHECK(su != NULL)) return;
    for (uint64_t budget = 1; budget <= 1000000; budget *= 10)
        for (int minimal = 0; minimal <= 1; minimal++) {
            check_context("generate 9x9 with %llu nodes%s", (unsigned long long)budget, minimal ? ", minimal" : "");
            sudoku_generate_opts_t o = {3, minimal, 0, 0, budget};
            int rc = sudoku_generate(su, &o, puzzle, sol, &err);
            CHECK(rc == 0 || rc == SUDOKU_ESTOPPED);
            if (budget <= 10) CHECK_EQ(rc, SUDOKU_ESTOPPED); /* the fill alone needs more */
            if (budget == 1000000) CHECK_EQ(rc, 0);
            sudoku_result_t res;
            if (!rc) { /* a finished puzzle is as good as one without a budget */
                CHECK_EQ(sudoku_solve(su, puzzle, 2, 0, NULL, &res, &err), 0);
                CHECK_EQ(res.status, SUDOKU_UNIQUE);
            }
            /* the solver is not left in a searching state */
            CHECK_EQ(sudoku_solve(su, (uint8_t[81]){0}, 1, 0, NULL, &res, &err), 0);
            CHECK_EQ(res.status, SUDOKU_FOUND);
        }
    check_context("");
    sudoku_free(su);
    printf("  generate: max_nodes bounds the fill and the proofs\n");
}

/* ---- variants ----------------------------------------------------------------------- */

/* A jigsaw map for 9x9: the boxes with three cells traded between
 * neighbours (each piece stays connected): 9 pieces of 9 cells. */
static const int32_t jigsaw9[81] = {
    0, 0, 0, 0, 1, 1, 2, 2, 2, /**/ 0, 0, 0, 1, 1, 1, 2, 2, 2, /**/ 0, 0, 1, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 4, 5, 5, /**/ 3, 3, 3, 4, 4, 4, 5, 5, 5, /**/ 3, 3, 3, 4, 4, 5, 5, 5, 5,
    6, 6, 6, 6, 7, 7, 8, 8, 8, /**/ 6, 6, 6, 7, 7, 7, 8, 8, 8, /**/ 6, 6, 7, 7, 7, 7, 8, 8, 8};

static void test_variants(void) {
    for (uint64_t seed = 1; seed <= 4; seed++) {
        shape x = {9, 3, 3, 1, 0, NULL}, w = {9, 3, 3, 0, 1, NULL}, j = {9, 3, 3, 0, 0, jigsaw9};
        shape xw = {9, 3, 3, 1, 1, NULL}, x16 = {16, 4, 4, 1, 0, NULL};
        sudoku_generate_opts_t o = {seed, 1, 0, 0, 0};
        generate_and_check(&x, o);
        generate_and_check(&w, o);
        generate_and_check(&j, o);
        generate_and_check(&xw, o);
        generate_and_check(&x16, (sudoku_generate_opts_t){seed, 0, 0, 0, 0});
    }
    printf("  X, windoku, jigsaw, X+windoku, 16x16 X: generated, unique, checked\n");
}

/* A fill the links cannot end goes on by clause learning, which is
 * complete. 16x16 pieces that admit no grid: piece 0 is row 1 but its last
 * cell, and the last cell of row 2; piece 1 the rest of rows 1 and 2; the
 * others rows 3 to 16. Row 1's last cell and piece 0's cell below it must
 * both hold the digit row 1's first 15 cells miss: proved at once, where
 * the links alone ran 10^6 nodes without an end. Jigsaw + windoku fills by
 * the same search. */
static void test_jigsaw_fills(void) {
    int32_t map[256];
    for (int32_t c = 0; c < 256; c++) map[c] = c / 16;
    for (int32_t k = 0; k < 15; k++) map[k] = 0, map[16 + k] = 1;
    map[15] = 1, map[31] = 0;
    shape none = {16, 4, 4, 0, 0, map};
    sudoku_t *su = make(&none);
    uint8_t puzzle[256], solution[256];
    sudoku_error_t err;
    sudoku_generate_opts_t o = {1, 0, 0, 0, 1000000};
    CHECK_EQ(sudoku_generate(su, &o, puzzle, solution, &err), DLX_ENOSOLUTION);
    CHECK(strstr(err.message, "no complete grid") != NULL);
    sudoku_free(su);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        shape jw = {9, 3, 3, 0, 1, jigsaw9};
        generate_and_check(&jw, (sudoku_generate_opts_t){seed, 1, 0, 0, 0});
    }
    printf("  jigsaw: a map without grids proved so; jigsaw + windoku generated\n");
}

/* Above 16x16 a windoku grid is built, not searched (sudoku_pattern.c): the
 * construction must hold for every box shape, square or not. A clue target
 * near the full grid keeps the proofs quick; the biggest sides are left to
 * tests/generate-big.test.mjs. */
static void test_windoku_patterns(void) {
    int shapes = 0;
    for (int n = 17; n <= 42; n++)
        for (int br = 1; br <= n; br++) {
            if (n % br) continue;
            shape w = {n, br, n / br, 0, 1, NULL};
            generate_and_check(&w, (sudoku_generate_opts_t){(uint64_t)n, 0, 0, n * n - n, 0});
            shapes++;
        }
    shape w64 = {64, 8, 8, 0, 1, NULL}, w56 = {56, 7, 8, 0, 1, NULL};
    generate_and_check(&w64, (sudoku_generate_opts_t){5, 0, 0, 64 * 64 - 64, 0});
    generate_and_check(&w56, (sudoku_generate_opts_t){5, 0, 0, 56 * 56 - 56, 0});
    printf("  windoku 17x17 .. 42x42 (%d box shapes), 56x56, 64x64: built, unique, checked\n", shapes);
}

/* Above 16x16, X and X + windoku with square boxes are built too
 * (sudoku_x_grid; sudoku_xwindoku.c: a small exact cover on labels), for
 * every side up to 64, and X + windoku at 16x16; seeds give different grids. A clue target near the
 * full grid keeps the proofs quick. */
static void test_x_patterns(void) {
    static uint8_t puzzle[MAXC], first[MAXC], sol[MAXC];
    for (int m = 5; m <= 8; m++)
        for (int windoku = 0; windoku <= 1; windoku++) {
            int n = m * m;
            shape sh = {n, m, m, 1, windoku, NULL};
            for (uint64_t seed = 1; seed <= (m <= 6 ? 2u : 1u); seed++)
                generate_and_check(&sh, (sudoku_generate_opts_t){seed, 0, 0, n * n - n, 0});
            sudoku_t *su = make(&sh);
            if (!CHECK(su != NULL)) continue;
            sudoku_error_t err;
            check_context("%dx%d X%s: seeds 1 and 2 give different grids", n, n, windoku ? " windoku" : "");
            CHECK_EQ(sudoku_generate(su, &(sudoku_generate_opts_t){1, 0, 0, n * n, 0}, puzzle, first, &err), 0);
            CHECK_EQ(sudoku_generate(su, &(sudoku_generate_opts_t){2, 0, 0, n * n, 0}, puzzle, sol, &err), 0);
            CHECK(memcmp(first, sol, (size_t)(n * n)) != 0);
            check_context("");
            sudoku_free(su);
        }
    shape xw16 = {16, 4, 4, 1, 1, NULL}; /* built from 16x16 on */
    for (uint64_t seed = 1; seed <= 3; seed++) generate_and_check(&xw16, (sudoku_generate_opts_t){seed, 0, 0, 0, 0});
    printf("  X and X+windoku 25x25 .. 64x64, X+windoku 16x16: built, unique, checked\n");
}

/* ---- errors ------------------------------------------------------------------------------ */

static void expect_clash(sudoku_t *su, const uint8_t *g, int r, int c, int r2, int c2,
                         const char *kind) {
    sudoku_result_t res;
    sudoku_error_t err;
    CHECK_EQ(sudoku_solve(su, g, 2, 0, NULL, &res, &err), SUDOKU_ECLASH);
    CHECK_EQ(err.code, SUDOKU_ECLASH);
    CHECK_EQ(err.row, r);
    CHECK_EQ(err.col, c);
    CHECK_EQ(err.row2, r2);
    CHECK_EQ(err.col2, c2);
    if (!CHECK(strstr(err.message, kind) != NULL)) fprintf(stderr, "  message: %s\n", err.message);
}

static void test_errors(void) {
    sudoku_error_t err;
    sudoku_shape_t bad[] = {
        {65, 0, 0, 0, NULL, NULL, 0}, {0, 0, 0, 0, NULL, NULL, 0}, {9, 2, 5, 0, NULL, NULL, 0},
        {-3, 0, 0, 0, NULL, NULL, 0}, {0, 9, 9, 0, NULL, NULL, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(sudoku_new(&bad[i], &err) == NULL);
        CHECK_EQ(err.code, SUDOKU_ESIZE);
        CHECK(err.message[0] != '\0');
    }
    CHECK(sudoku_new(NULL, &err) == NULL);
    CHECK_EQ(err.code, DLX_EARG);

    /* Jigsaw maps and extra regions are checked. */
    int32_t map[81];
    memcpy(map, jigsaw9, sizeof map);
    map[0] = 1; /* piece 1 gets 10 cells, piece 0 only 8 */
    sudoku_shape_t js = {9, 0, 0, 0, map, NULL, 0};
    CHECK(sudoku_new(&js, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    map[0] = 9;
    CHECK(sudoku_new(&js, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    int32_t region[9] = {0, 1, 2, 3, 4, 5, 6, 7, 7};
    sudoku_shape_t rs = {9, 0, 0, 0, NULL, region, 1};
    CHECK(sudoku_new(&rs, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    region[8] = 81;
    CHECK(sudoku_new(&rs, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    region[8] = 80; /* now a valid extra region: the first row's 8 cells and the last cell */
    sudoku_t *extra = sudoku_new(&rs, &err);
    CHECK(extra != NULL);
    sudoku_free(extra);

    shape nine = {9, 3, 3, 0, 0, NULL};
    sudoku_t *su = make(&nine);
    uint8_t g[81] = {0};
    sudoku_result_t res;
    g[40] = 10;
    CHECK_EQ(sudoku_solve(su, g, 2, 0, NULL, &res, &err), SUDOKU_EVALUE);
    CHECK_EQ(err.row, 5);
    CHECK_EQ(err.col, 5);
    /* the values checked eight bytes at a time: a value past n in each cell
     * (the words' and the tail's), of each kind (n + 1, 127, 128, 255), beside
     * values up to n, for sides whose n * n is a multiple of 8 and not */
    static const int32_t sides[] = {4, 5, 9, 16};
    for (int k = 0; k < 4; k++) {
        int32_t n = sides[k];
        shape sh = {n, 0, 0, 0, 0, NULL};
        sudoku_t *one = make(&sh);
        static const uint8_t past[] = {0, 127, 128, 255};
        for (int32_t c = 0; c < n * n; c++)
            for (int v = 0; v < 4; v++) {
                uint8_t cells[256] = {0};
                for (int32_t i = 0; i < n * n; i++) cells[i] = (uint8_t)((i * 7) % (n + 1) * (i % 3 == 0)); /* 0..n, the end ones too */
                cells[c] = past[v] ? past[v] : (uint8_t)(n + 1);
                memset(&err, 0, sizeof err);
                CHECK_EQ(sudoku_check_values(one, cells, &err), SUDOKU_EVALUE);
                CHECK_EQ(err.row, c / n + 1);
                CHECK_EQ(err.col, c % n + 1);
                cells[c] = (uint8_t)n;
                CHECK_EQ(sudoku_check_values(one, cells, &err), 0);
            }
        sudoku_free(one);
    }
    memset(g, 0, sizeof g);
    g[2] = 5, g[7] = 5; /* row 1, columns 3 and 8 */
    expect_clash(su, g, 1, 8, 1, 3, "row");
    memset(g, 0, sizeof g);
    g[4] = 7, g[7 * 9 + 4] = 7; /* column 5 */
    expect_clash(su, g, 8, 5, 1, 5, "column");
    memset(g, 0, sizeof g);
    g[0] = 2, g[2 * 9 + 1] = 2; /* box 1 */
    expect_clash(su, g, 3, 2, 1, 1, "box");

    /* After errors the handle still solves. */
    memset(g, 0, sizeof g);
    CHECK_EQ(sudoku_solve(su, g, 2, 0, NULL, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_MULTIPLE);
    CHECK_EQ(res.count, 2);
    CHECK_EQ(sudoku_solve(su, g, 1, 0, NULL, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_FOUND);

    /* Well formed but without a solution: not an error. Row 1 holds 1..8 in
     * columns 1..8, and a 9 in column 9's box below: cell (1,9) needs a 9. */
    for (int c = 0; c < 8; c++) g[c] = (uint8_t)(c + 1);
    g[2 * 9 + 7] = 9;
    CHECK_EQ(sudoku_solve(su, g, 2, 0, NULL, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_NONE);
    CHECK_EQ(res.count, 0);

    /* A budget stops a search. */
    memset(g, 0, sizeof g);
    CHECK_EQ(sudoku_solve(su, g, 0, 50, NULL, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_STOPPED);
    CHECK(res.nodes <= 50);
    sudoku_free(su);

    /* Clashes on the variant regions name them. */
    shape x = {9, 3, 3, 1, 0, NULL};
    su = make(&x);
    memset(g, 0, sizeof g);
    g[0] = 4, g[80] = 4;
    expect_clash(su, g, 9, 9, 1, 1, "region");
    sudoku_free(su);
    shape j = {9, 3, 3, 0, 0, jigsaw9};
    su = make(&j);
    memset(g, 0, sizeof g);
    g[3] = 6, g[2 * 9 + 1] = 6; /* both in piece 0, in different standard boxes */
    expect_clash(su, g, 3, 2, 1, 4, "piece");
    sudoku_free(su);
}

/* ---- candidates ------------------------------------------------------------------------- */

static void test_candidates(void) {
    shape nine = {9, 3, 3, 0, 0, NULL};
    sudoku_t *su = make(&nine);
    const char *line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    uint8_t g[81];
    for (int i = 0; i < 81; i++) g[i] = line[i] == '.' ? 0 : (uint8_t)(line[i] - '0');
    uint64_t masks[81];
    sudoku_error_t err;
    CHECK_EQ(sudoku_candidates(su, g, masks, &err), 0);
    for (int c = 0; c < 81; c++) {
        uint64_t expect;
        if (g[c]) {
            expect = 1ULL << (g[c] - 1);
        } else { /* digits not seen in the cell's row, column and box */
            expect = 0x1ff;
            int r = c / 9, col = c % 9, r0 = r / 3 * 3, c0 = col / 3 * 3;
            for (int k = 0; k < 9; k++) {
                int peers[3] = {r * 9 + k, k * 9 + col, (r0 + k / 3) * 9 + c0 + k % 3};
                for (int p = 0; p < 3; p++)
                    if (g[peers[p]]) expect &= ~(1ULL << (g[peers[p]] - 1));
            }
        }
        check_context("cell %d", c);
        CHECK_EQ(masks[c], expect);
    }
    check_context("");
    sudoku_free(su);
}

/* ---- rating --------------------------------------------------------------------------------- */

static void rate_file(sudoku_t *su, const char *name, int max, int *levels) {
    char path[512], line[512];
    snprintf(path, sizeof path, TEST_DATA "/sudoku/%s", name);
    FILE *f = fopen(path, "r");
    check_context("%s (run from the repository's root)", path);
    if (!CHECK(f != NULL)) return;
    check_context("");
    int count = 0;
    while (count < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        uint8_t g[81];
        for (int i = 0; i < 81; i++) g[i] = line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0;
        sudoku_rating_t r;
        sudoku_error_t err;
        CHECK_EQ(sudoku_rate(su, g, &r, &err), 0);
        CHECK_EQ(r.status, SUDOKU_UNIQUE);
        CHECK(r.level >= SUDOKU_EASY && r.level <= SUDOKU_EXPERT);
        levels[r.level]++;
        count++;
    }
    fclose(f);
}

static void test_rating(void) {
    shape nine = {9, 3, 3, 0, 0, NULL};
    sudoku_t *su = make(&nine);
    int easy_set[5] = {0}, hard_set[5] = {0};
    rate_file(su, "17-clue.txt", 1000, easy_set);
    rate_file(su, "hardest1106.txt", 100, hard_set);
    /* The calibration the README states: 17-clue mostly easy, hardest all expert. */
    CHECK(easy_set[SUDOKU_EASY] > 500);
    CHECK_EQ(hard_set[SUDOKU_EXPERT], 100);
    CHECK(!strcmp(sudoku_level_name(SUDOKU_EASY), "easy"));
    CHECK(!strcmp(sudoku_level_name(SUDOKU_EXPERT), "expert"));
    printf("  rating: 17-clue sample %d/%d/%d/%d, hardest sample %d expert\n", easy_set[1],
           easy_set[2], easy_set[3], easy_set[4], hard_set[4]);
    sudoku_free(su);
}

/* ---- hard random-hole grids (issue 15) ------------------------------------- */

static uint64_t hole_random(uint64_t *st) {
    uint64_t z = (*st += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void hole_shuffle(int *v, int n, uint64_t *st) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(hole_random(st) % (uint64_t)(i + 1)), t = v[i];
        v[i] = v[j], v[j] = t;
    }
}

/* A puzzle as bench/hard-sudoku.mjs makes them (not the same ones): a
 * pattern grid of side b*b shuffled by the seed (symbols, lines within
 * bands and stacks, bands, stacks), then blank/100 of its cells emptied. */
static void hole_puzzle(int b, uint64_t seed, int blank, uint8_t *g) {
    int n = b * b, sym[64], row[64], col[64], band[8], cell[4096];
    for (int k = 0; k < n; k++) sym[k] = k + 1;
    hole_shuffle(sym, n, &seed);
    for (int pass = 0; pass < 2; pass++) {
        int *line = pass ? col : row;
        for (int k = 0; k < b; k++) band[k] = k;
        hole_shuffle(band, b, &seed);
        for (int k = 0; k < b; k++) {
            int in[8];
            for (int j = 0; j < b; j++) in[j] = j;
            hole_shuffle(in, b, &seed);
            for (int j = 0; j < b; j++) line[k * b + j] = band[k] * b + in[j];
        }
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) g[r * n + c] = (uint8_t)sym[(b * (row[r] % b) + row[r] / b + col[c]) % n];
    for (int k = 0; k < n * n; k++) cell[k] = k;
    hole_shuffle(cell, n * n, &seed);
    for (int k = 0; k < n * n * blank / 100; k++) g[cell[k]] = 0;
}

/* Random-hole 25x25 grids at the hardest blank fraction: with restarts
 * (the default) every one is solved within a node cap that the plain
 * search (Knuth's tree) overruns on some; one 36x36 too. */
static void test_hard_grids(void) {
    static uint8_t puzzle[4096], sol[4096];
    static const struct { int b, blank, first, last; uint64_t cap; } sets[] = {{5, 58, 1, 12, 400000},
                                                                               {6, 60, 2, 2, 1000000}};
    for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
        int b = sets[k].b, n = b * b, over = 0;
        shape sh = {n, b, b, 0, 0, NULL};
        sudoku_t *su = make(&sh);
        if (!CHECK(su != NULL)) return;
        for (int t = sets[k].first; t <= sets[k].last; t++) {
            check_context("random-hole %dx%d, %d%% blank, seed %d", n, n, sets[k].blank, t);
            hole_puzzle(b, (uint64_t)t, sets[k].blank, puzzle);
            sudoku_result_t res;
            sudoku_set_restarts(su, 1);
            CHECK_EQ(sudoku_solve(su, puzzle, 1, sets[k].cap, sol, &res, NULL), 0);
            CHECK_EQ(res.status, SUDOKU_FOUND);
            CHECK(valid_solution(&sh, puzzle, sol));
            sudoku_set_restarts(su, 0);
            CHECK_EQ(sudoku_solve(su, puzzle, 1, sets[k].cap, sol, &res, NULL), 0);
            over += res.status == SUDOKU_STOPPED;
        }
        check_context("random-hole %dx%d", n, n);
        CHECK(over > 0); /* the cap would fail without restarts */
        sudoku_free(su);
    }
    printf("  random-hole 25x25 and 36x36: solved with restarts within node caps the plain search overruns\n");
}

/* Random-hole 16x16 grids, each on a fresh handle (the linked matrix is
 * built only when first needed): the bit masks and the linked engine agree
 * on counts up to a limit, nodes and first solutions; a clash, candidates and
 * a linked solve on a fresh handle build it on the way. */
static void test_hard16(void) {
    static uint8_t puzzle[256], sol[256], again[256];
    shape sh = {16, 4, 4, 0, 0, NULL};
    for (int t = 1; t <= 12; t++) {
        check_context("random-hole 16x16, seed %d", t);
        hole_puzzle(4, (uint64_t)t, t % 2 ? 60 : 45, puzzle);
        sudoku_t *su = make(&sh);
        if (!CHECK(su != NULL)) return;
        sudoku_result_t res, lin;
        CHECK_EQ(sudoku_solve(su, puzzle, 1, 0, sol, &res, NULL), 0);
        CHECK_EQ(res.status, SUDOKU_FOUND);
        CHECK(valid_solution(&sh, puzzle, sol));
        engines_agree(su, puzzle, 2, 0);
        engines_agree(su, puzzle, 200, 0);
        engines_agree(su, puzzle, 200, res.nodes + 7);
        sudoku_free(su);
        su = make(&sh); /* fresh: the linked engine first */
        CHECK_EQ(sudoku_solve_linked(su, puzzle, 1, 0, again, &lin, NULL), 0);
        CHECK_EQ(lin.status, SUDOKU_FOUND);
        CHECK(valid_solution(&sh, puzzle, again));
        sudoku_free(su);
    }
    check_context("16x16 fresh handles");
    sudoku_t *su = make(&sh);
    uint64_t masks[256];
    sudoku_error_t err;
    memset(puzzle, 0, sizeof puzzle);
    puzzle[0] = 5;
    CHECK_EQ(sudoku_candidates(su, puzzle, masks, &err), 0);
    CHECK_EQ(masks[1], 0xFFFFu & ~(1u << 4)); /* the 5 is gone from its row */
    sudoku_free(su);
    su = make(&sh);
    puzzle[17] = 5; /* same box */
    sudoku_result_t res;
    CHECK_EQ(sudoku_solve(su, puzzle, 1, 0, sol, &res, &err), SUDOKU_ECLASH);
    CHECK_EQ(err.row2 * 100 + err.col2, 101);
    sudoku_free(su);
    check_context("");
    printf("  random-hole 16x16: bit masks and linked engine agree; fresh handles build the linked matrix when needed\n");
}

/* Random-hole 16x16 grids at 60-65% blank: about 1 in 100 sends the plain
 * search on the bit masks into a tree of 10^5 to 10^8 nodes; with restarts
 * on (the default) the linked engine's restarts take over and every one is
 * solved within a node cap the plain search overruns on some. */
static void test_hard16_tails(void) {
    static uint8_t puzzle[256], sol[256];
    shape sh = {16, 4, 4, 0, 0, NULL};
    sudoku_t *su = make(&sh);
    if (!CHECK(su != NULL)) return;
    int over = 0;
    for (int t = 1; t <= 300; t++) {
        check_context("random-hole 16x16, seed %d", t);
        hole_puzzle(4, (uint64_t)t, 60 + t % 2 * 5, puzzle);
        sudoku_result_t res;
        sudoku_set_restarts(su, 1);
        CHECK_EQ(sudoku_solve(su, puzzle, 1, 100000, sol, &res, NULL), 0);
        CHECK_EQ(res.status, SUDOKU_FOUND);
        CHECK(res.nodes <= 100000);
        CHECK(valid_solution(&sh, puzzle, sol));
        sudoku_set_restarts(su, 0);
        CHECK_EQ(sudoku_solve(su, puzzle, 1, 100000, sol, &res, NULL), 0);
        over += res.status == SUDOKU_STOPPED;
    }
    check_context("random-hole 16x16 tails");
    CHECK(over > 0);
    sudoku_free(su);
    printf("  random-hole 16x16: %d of 300 overrun 10^5 nodes without restarts, none with them\n", over);
}

/* Clause learning (dlx_learn.c) from the first node on
 * random-hole 25x25 grids: a search cut into steps of 7 nodes makes the same
 * decisions as one step (a stop on the budget once reordered the decision
 * heap: seed 3 took another path), rephasing included, and finds a valid
 * solution. */
static void test_learning_steps(void) {
    static uint8_t puzzle[625], sol[625], again[625];
    shape sh = {25, 5, 5, 0, 0, NULL};
    int handed = 0;
    uint64_t rephased = 0;
    for (int t = 1; t <= 6; t++) {
        check_context("random-hole 25x25 with learning, seed %d", t);
        hole_puzzle(5, (uint64_t)t, 58, puzzle);
        uint64_t nodes[2] = {0, 0};
        for (int cut = 0; cut < 2; cut++) {
            sudoku_t *su = make(&sh);
            if (!CHECK(su != NULL) || !CHECK_EQ(sudoku_linked(su), 0)) return;
            su->learn_after = 1;
            sudoku_error_t err;
            sudoku_result_t res;
            memset(&res, 0, sizeof res);
            CHECK_EQ(sudoku_begin(su, puzzle, &err), 0);
            uint64_t until = 0;
            int done = 0;
            while (!done) done = sudoku_step(su, 1, until += cut ? 7 : 100000000, cut ? again : sol, &res);
            CHECK_EQ(done, 1);
            CHECK_EQ(res.count, 1);
            CHECK(valid_solution(&sh, puzzle, cut ? again : sol));
            handed += su->dlx->cdcl != NULL;
            if (su->dlx->cdcl) {
                cdcl_stats cs;
                cdcl_get_stats(su->dlx->cdcl, &cs);
                if (cs.rephases > rephased) rephased = cs.rephases;
            }
            dlx_stats_t st;
            dlx_stats(su->dlx, &st);
            nodes[cut] = st.nodes;
            sudoku_end(su);
            sudoku_free(su);
        }
        CHECK_EQ(nodes[0], nodes[1]);
        CHECK_EQ(memcmp(sol, again, sizeof sol), 0);
    }
    check_context("random-hole 25x25 with learning");
    CHECK(handed >= 6);
    CHECK(rephased >= 1); /* the steps cover a rephasing too */
    printf("  random-hole 25x25 with clause learning: the same search in steps of 7 nodes as in one (up to %llu rephasings)\n",
           (unsigned long long)rephased);
}

/* By default a solve with restarts hands over to clause learning once the
 * linked search passes SUDOKU_LEARN_AFTER nodes without a solution, and
 * only then; after the solve learning is off again (the generator's fills
 * search on the same engine), and without restarts there is no hand-over. */
static void test_learning_default(void) {
    static uint8_t puzzle[625], sol[625];
    shape sh = {25, 5, 5, 0, 0, NULL};
    sudoku_t *su = make(&sh);
    if (!CHECK(su != NULL)) return;
    int handed = 0, kept = 0;
    for (int t = 1; t <= 6; t++) {
        check_context("random-hole 25x25 with the default hand-over, seed %d", t);
        hole_puzzle(5, (uint64_t)t, 58, puzzle);
        for (int restarts = 1; restarts >= 0; restarts--) {
            sudoku_set_restarts(su, restarts);
            sudoku_error_t err;
            sudoku_result_t res;
            memset(&res, 0, sizeof res);
            CHECK_EQ(sudoku_begin(su, puzzle, &err), 0);
            int done = 0;
            uint64_t until = 0;
            uint64_t cap = restarts ? 4000000 : 4 * SUDOKU_LEARN_AFTER; /* past the point is enough */
            while (!done && until < cap) done = sudoku_step(su, 1, until += 1000, sol, &res);
            int cdcl = su->dlx->cdcl != NULL;
            if (restarts) {
                CHECK_EQ(done, 1);
                CHECK_EQ(res.count, 1);
                CHECK(valid_solution(&sh, puzzle, sol));
                CHECK(cdcl ? res.nodes >= SUDOKU_LEARN_AFTER : res.nodes <= SUDOKU_LEARN_AFTER);
                handed += cdcl, kept += !cdcl;
            } else {
                CHECK(!cdcl);
            }
            sudoku_end(su);
            CHECK_EQ(su->dlx->learn_at, 0);
            CHECK(su->dlx->cdcl == NULL);
        }
        sudoku_set_restarts(su, 1);
        sudoku_result_t res;
        CHECK_EQ(sudoku_solve(su, puzzle, 1, 0, sol, &res, NULL), 0);
        CHECK_EQ(res.status, SUDOKU_FOUND);
        CHECK(valid_solution(&sh, puzzle, sol));
        CHECK_EQ(su->dlx->learn_at, 0);
    }
    check_context("random-hole 25x25 with the default hand-over");
    CHECK(handed > 0);
    sudoku_free(su);
    printf("  random-hole 25x25: %d of 6 handed over to clause learning by default, %d solved before\n", handed, kept);
}

/* A solve's learning search restarts on Luby units of 200 conflicts from
 * 49x49 on, of 100 (dlx_cdcl.c's own) below (search_choice.c); after the
 * solve the engine forgets it, so the generator's fills keep their own. */
static void test_learning_unit(void) {
    static uint8_t puzzle[49 * 49], sol[49 * 49];
    for (int b = 6; b <= 7; b++) {
        check_context("the learning search's restart unit, %dx%d", b * b, b * b);
        shape sh = {b * b, b, b, 0, 0, NULL};
        sudoku_t *su = make(&sh);
        if (!CHECK(su != NULL) || !CHECK_EQ(sudoku_linked(su), 0)) return;
        hole_puzzle(b, 1, 50, puzzle);
        su->learn_after = 1; /* at once: the unit, not the search, is under test */
        sudoku_error_t err;
        sudoku_result_t res;
        memset(&res, 0, sizeof res);
        CHECK_EQ(sudoku_begin(su, puzzle, &err), 0);
        sudoku_step(su, 1, 10, sol, &res);
        if (CHECK(su->dlx->cdcl != NULL))
            CHECK_EQ(cdcl_params_of(su->dlx->cdcl)->restart_unit, b == 7 ? 200 : 100);
        sudoku_end(su);
        CHECK_EQ(su->dlx->learn_unit, 0);
        sudoku_free(su);
    }
    printf("  the learning search's Luby unit: 100 conflicts at 36x36, 200 at 49x49\n");
}

/* A solve on the links builds a matrix of the puzzle's blanks alone
 * (sudoku_blanks.c); the steps API forces the givens on the full matrix.
 * Both must walk the same tree: status, count, nodes, guesses and the first
 * solution, restarts on and off, also cut short by a budget (STOPPED); a
 * clash named alike. Returns the number of mismatches. */
static int blanks_agree(sudoku_t *su, const uint8_t *puzzle, uint64_t limit, uint64_t budget) {
    static uint8_t a[MAXC], b[MAXC];
    int cells = sudoku_size(su) * sudoku_size(su), bad = 0;
    for (int restarts = 0; restarts < 2; restarts++) {
        sudoku_set_restarts(su, restarts);
        memset(a, 0, (size_t)cells), memset(b, 0, (size_t)cells);
        sudoku_result_t ra, rb;
        sudoku_error_t ea, eb;
        memset(&ra, 0, sizeof ra), memset(&ea, 0, sizeof ea), memset(&eb, 0, sizeof eb);
        int ca = sudoku_begin(su, puzzle, &ea);
        if (!ca && !sudoku_step(su, limit, budget, a, &ra)) ra.status = SUDOKU_STOPPED;
        sudoku_end(su);
        int cb = sudoku_solve_linked(su, puzzle, limit, budget, b, &rb, &eb);
        bad += !CHECK_EQ(ca, cb);
        if (ca || cb) {
            bad += !CHECK_EQ(ea.row * 100 + ea.col, eb.row * 100 + eb.col) +
                   !CHECK_EQ(ea.row2 * 100 + ea.col2, eb.row2 * 100 + eb.col2) + !CHECK(strcmp(ea.message, eb.message) == 0);
            continue;
        }
        bad += !CHECK_EQ(ra.status, rb.status) + !CHECK_EQ(ra.count, rb.count) + !CHECK_EQ(ra.nodes, rb.nodes) +
               !CHECK_EQ(ra.guesses, rb.guesses);
        if (budget) bad += !CHECK(rb.nodes <= budget);
        if (ra.count) bad += !CHECK(memcmp(a, b, (size_t)cells) == 0);
    }
    sudoku_set_restarts(su, 1);
    return bad;
}

/* Random puzzles on 16x16 and 25x25: boxes, a jigsaw map, X with an extra
 * region; holes from 20% to 80% blank (unique, several, none: a digit
 * changed), counts to 2, to 1 and under a budget, and a clash. */
static void test_blanks(void) {
    static uint8_t grid[625], puzzle[625];
    static int32_t map[625], extra[25];
    int checked = 0, stopped = 0, multiple = 0;
    for (int b = 4; b <= 5; b++) {
        int n = b * b, cells = n * n;
        for (int kind = 0; kind < 3; kind++) {
            check_context("%dx%d blanks matrix, kind %d", n, n, kind);
            sudoku_shape_t sh = {n, b, b, 0, NULL, NULL, 0};
            sudoku_error_t err;
            sudoku_t *su = sudoku_new(&sh, &err);
            if (!CHECK(su != NULL)) return;
            if (kind == 1) { /* a jigsaw map with a grid that fits it */
                if (!CHECK_EQ(sudoku_make_jigsaw(su, 7, 0, map, grid, &err), 0)) return;
                sudoku_free(su);
                sh.jigsaw = map;
            } else if (kind == 2) { /* X and one extra region: a cell of each box */
                for (int k = 0; k < n; k++) extra[k] = (k / b * b + 1) * n + k % b * b + 2;
                sudoku_free(su);
                sh.variants = SUDOKU_X, sh.regions = extra, sh.n_regions = 1;
            } else {
                hole_puzzle(b, 3, 0, grid);
                sudoku_free(su);
            }
            su = sudoku_new(&sh, &err);
            if (!CHECK(su != NULL)) return;
            if (kind == 2) {
                memset(puzzle, 0, sizeof puzzle);
                sudoku_result_t res;
                if (!CHECK_EQ(sudoku_solve(su, puzzle, 1, 0, grid, &res, NULL), 0) || !CHECK_EQ(res.count, 1)) return;
            }
            for (int t = 0; t < 12; t++) {
                uint64_t st = (uint64_t)(100 * b + 10 * kind + t);
                memcpy(puzzle, grid, (size_t)cells);
                int blank = 20 + t * 5; /* 20-75% */
                for (int c = 0; c < cells; c++)
                    if ((int)(hole_random(&st) % 100) < blank) puzzle[c] = 0;
                if (t == 5) puzzle[hole_random(&st) % (uint64_t)cells] = (uint8_t)(1 + hole_random(&st) % (uint64_t)n);
                blanks_agree(su, puzzle, 2, 5000); /* (Knuth's tree on a jigsaw can be long) */
                blanks_agree(su, puzzle, 1, 5000);
                blanks_agree(su, puzzle, 2, 50);
                sudoku_result_t res;
                sudoku_solve_linked(su, puzzle, 2, 50, NULL, &res, NULL);
                stopped += res.status == SUDOKU_STOPPED;
                sudoku_solve_linked(su, puzzle, 2, 5000, NULL, &res, NULL);
                multiple += res.status == SUDOKU_MULTIPLE;
                checked++;
            }
            blanks_agree(su, grid, 2, 0); /* no blank */
            memset(puzzle, 0, sizeof puzzle);
            blanks_agree(su, puzzle, 2, 5000); /* no given */
            /* a clash: the digit of cell 0 again in its row */
            memcpy(puzzle, grid, (size_t)cells);
            for (int c = 1; c < n - 1; c++) puzzle[c] = 0;
            puzzle[n - 1] = puzzle[0];
            blanks_agree(su, puzzle, 2, 0);
            sudoku_error_t e;
            sudoku_result_t res;
            CHECK_EQ(sudoku_solve_linked(su, puzzle, 2, 0, NULL, &res, &e), SUDOKU_ECLASH);
            CHECK_EQ(e.row * 100 + e.col, 100 + n);
            CHECK_EQ(e.row2 * 100 + e.col2, 101);
            sudoku_free(su);
        }
    }
    check_context("blanks matrix");
    CHECK(stopped > 0);
    CHECK(multiple > 0);
    printf("  %d random 16x16 and 25x25 puzzles (boxes, jigsaw, X + a region): the blanks' matrix walks the full one's tree"
           " (%d stopped at 50 nodes, %d with several solutions)\n", checked, stopped, multiple);
}

int main(void) {
    check_cpu_limit("test_sudoku", 300); /* a hang guard in CPU time (check.h) */
    shape nine = {9, 3, 3, 0, 0, NULL};
    sudoku_t *su = make(&nine);
    solve_file(su, "top1465.txt", 1 << 30);
    solve_file(su, "hardest1106.txt", 1 << 30);
    solve_file(su, "17-clue.txt", 1 << 30);
    sudoku_free(su);
    test_shapes();
    test_generate_budget();
    test_variants();
    test_jigsaw_fills();
    test_windoku_patterns();
    test_x_patterns();
    test_errors();
    test_candidates();
    test_rating();
    test_hard_grids();
    test_hard16();
    test_hard16_tails();
    test_learning_steps();
    test_learning_default();
    test_learning_unit();
    test_blanks();
    long failed = check_failures();
    printf("test_sudoku: %s\n", failed ? "FAILED" : "ok");
    return failed ? 1 : 0;
}
