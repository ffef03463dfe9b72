/* test_sudoku9.c: the dedicated 9x9 solver (src/core/sudoku9.c) against the
 * linked engine on random puzzles of every kind: unique, with several
 * solutions (few clues), with none (a wrong clue no given clashes with), with
 * two givens that clash; under limits 1, 2, 3 and node budgets. Counts and
 * statuses must agree, every solution is checked here, and a unique one must
 * be the same grid. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku.h"
#include "../../src/core/sudoku_internal.h" /* sudoku_solve_linked */

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static int rnd(int n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (int)(rng % (uint64_t)n);
}

static int peers(int a, int b) {
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

/* Whether g is a full grid with no two peers alike that keeps p's givens. */
static int valid(const uint8_t *p, const uint8_t *g) {
    for (int a = 0; a < 81; a++) {
        if (g[a] < 1 || g[a] > 9 || (p[a] && p[a] != g[a])) return 0;
        for (int b = 0; b < 81; b++)
            if (peers(a, b) && g[a] == g[b]) return 0;
    }
    return 1;
}

/* A random full grid: the pattern grid relabelled, its rows within bands,
 * bands, columns within stacks and stacks shuffled, maybe transposed. */
static void random_grid(uint8_t *g) {
    int lab[9], row[9], col[9], band[3] = {0, 1, 2}, stk[3] = {0, 1, 2}, t = rnd(2);
    for (int d = 0; d < 9; d++) lab[d] = d + 1;
    for (int d = 8; d > 0; d--) { int j = rnd(d + 1), x = lab[d]; lab[d] = lab[j], lab[j] = x; }
    for (int k = 2; k > 0; k--) {
        int j = rnd(k + 1), x = band[k];
        band[k] = band[j], band[j] = x;
        j = rnd(k + 1), x = stk[k], stk[k] = stk[j], stk[j] = x;
    }
    for (int b = 0; b < 3; b++) {
        int a[3] = {0, 1, 2}, c[3] = {0, 1, 2};
        for (int k = 2; k > 0; k--) {
            int j = rnd(k + 1), x = a[k];
            a[k] = a[j], a[j] = x;
            j = rnd(k + 1), x = c[k], c[k] = c[j], c[j] = x;
        }
        for (int k = 0; k < 3; k++) row[3 * b + k] = 3 * band[b] + a[k], col[3 * b + k] = 3 * stk[b] + c[k];
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int rr = t ? col[c] : row[r], cc = t ? row[r] : col[c];
            g[9 * r + c] = (uint8_t)lab[(rr * 3 + rr / 3 + cc) % 9];
        }
}

typedef struct {
    long unique, several, none, stopped, clashes;
} tally;

/* Both engines on one puzzle; the tally counts the nine's statuses. */
static void agree(sudoku_t *su, const uint8_t *p, uint64_t limit, uint64_t budget, tally *t) {
    uint8_t a[81], b[81];
    sudoku_result_t ra, rb;
    sudoku_error_t ea, eb;
    int ca = sudoku_solve(su, p, limit, budget, a, &ra, &ea);
    int cb = sudoku_solve_linked(su, p, limit, 0, b, &rb, &eb);
    CHECK_EQ(ca, cb);
    sudoku_result_t rn;
    CHECK_EQ(sudoku_solve(su, p, limit, budget, NULL, &rn, NULL), ca); /* without an error to fill (a batch) */
    t->clashes += ca != 0;
    if (ca) { /* the same clash named (sudoku_name_clash's scan against the links' forcing) */
        CHECK_EQ(ea.code, eb.code);
        CHECK(!strcmp(ea.message, eb.message));
        CHECK(ea.row == eb.row && ea.col == eb.col && ea.row2 == eb.row2 && ea.col2 == eb.col2 && ea.value == eb.value);
        return;
    }
    if (budget) CHECK(ra.nodes <= budget);
    if (ra.status == SUDOKU_STOPPED) {
        t->stopped++;
        CHECK(budget > 0);
        return;
    }
    CHECK_EQ(ra.status, rb.status);
    CHECK_EQ(ra.count, rb.count);
    if (ra.count) CHECK(valid(p, a));
    if (ra.status == SUDOKU_UNIQUE) CHECK(memcmp(a, b, 81) == 0);
    t->unique += ra.count == 1, t->several += ra.count > 1, t->none += ra.count == 0;
}

/* sudoku_name_clash's scan names the clash the links' forcing names, on
 * every shape (boxes of 2x2 to 4x4, X, windoku, both): random digits in
 * random cells, most of them clashing somewhere. */
static void clash_names(void) {
    static const sudoku_shape_t shapes[] = {{4, 0, 0, 0, NULL, NULL, 0}, {6, 0, 0, SUDOKU_X, NULL, NULL, 0},
                                            {9, 0, 0, SUDOKU_WINDOKU, NULL, NULL, 0},
                                            {9, 0, 0, SUDOKU_X | SUDOKU_WINDOKU, NULL, NULL, 0}, {16, 0, 0, 0, NULL, NULL, 0}};
    long named = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
        sudoku_error_t e;
        sudoku_t *s = sudoku_new(&shapes[k], &e);
        if (!CHECK(s != NULL)) continue;
        int n = shapes[k].size;
        uint8_t g[256];
        for (int t = 0; t < 300; t++) {
            memset(g, 0, sizeof g);
            for (int m = rnd(n * n / 2) + 1; m; m--) g[rnd(n * n)] = (uint8_t)(1 + rnd(n));
            sudoku_error_t ea, eb;
            memset(&ea, 0, sizeof ea), memset(&eb, 0, sizeof eb);
            int ra = sudoku_name_clash(s, g, &ea), rb = sudoku_force_givens(s, g, &eb);
            check_context("shape %d, grid %d", (int)k, t);
            CHECK_EQ(ra, rb);
            CHECK(!strcmp(ea.message, eb.message));
            CHECK(ea.row == eb.row && ea.col == eb.col && ea.row2 == eb.row2 && ea.col2 == eb.col2 && ea.value == eb.value);
            named += ra != 0;
        }
        sudoku_free(s);
    }
    check_context("");
    CHECK(named > 1000); /* clashes met, so that the agreement means something */
}

int main(void) {
    check_cpu_limit("test_sudoku9", 120);
    clash_names();
    sudoku_shape_t nine = {9, 0, 0, 0, NULL, NULL, 0};
    sudoku_error_t err;
    sudoku_t *su = sudoku_new(&nine, &err);
    if (!CHECK(su != NULL && su->nine != NULL)) return 1;
    tally t = {0, 0, 0, 0, 0};
    for (int k = 0; k < 1500; k++) {
        uint8_t g[81], p[81];
        random_grid(g);
        /* 17..56 clues: few leave many solutions, many leave one */
        int clues = 17 + rnd(40);
        memset(p, 0, 81);
        for (int left = clues; left;) {
            int c = rnd(81);
            if (!p[c]) p[c] = g[c], left--;
        }
        check_context("puzzle %d (%d clues)", k, clues);
        agree(su, p, 1 + (uint64_t)(k % 3), 0, &t);
        if (k % 4 == 0) agree(su, p, 2, 1 + (uint64_t)rnd(60), &t);
        /* a wrong digit in an empty cell that no given peer holds: mostly no solution */
        for (int tries = 0; tries < 50 && clues >= 24; tries++) {
            int c = rnd(81), v = 1 + rnd(9), ok = !p[c] && v != g[c];
            for (int j = 0; ok && j < 81; j++) ok = !(peers(c, j) && p[j] == v);
            if (!ok) continue;
            p[c] = (uint8_t)v;
            check_context("puzzle %d (%d clues) with %d at %d", k, clues, v, c);
            agree(su, p, 2, 0, &t);
            break;
        }
        /* a given repeated in its row, column or box: a clash, named by both */
        for (int tries = 0; tries < 50; tries++) {
            int c = rnd(81), j = rnd(81);
            if (p[c] || !p[j] || !peers(c, j)) continue;
            p[c] = p[j];
            check_context("puzzle %d (%d clues) with a clash at %d and %d", k, clues, c, j);
            agree(su, p, 2, 0, &t);
            p[c] = 0;
            break;
        }
    }
    check_context("");
    /* every kind was met, so that the agreement means something */
    CHECK(t.unique > 100);
    CHECK(t.several > 100);
    CHECK(t.none > 100);
    CHECK(t.stopped > 10);
    CHECK(t.clashes > 100);
    printf("  random 9x9: %ld unique, %ld several, %ld none, %ld stopped by a budget, %ld clashes: the engines agree\n",
           t.unique, t.several, t.none, t.stopped, t.clashes);
    sudoku_free(su);
    return check_report("test_sudoku9");
}
