/* memo_problems.h: problems for the memo and ZDD tests: the domino tilings
 * of a board, and random options. */
#ifndef TEST_MEMO_PROBLEMS_H
#define TEST_MEMO_PROBLEMS_H

#include "dlx.h"

/* The domino tilings of a rows x cols board (cells numbered row by row). */
static dlx_t *dominoes(int rows, int cols) {
    dlx_t *d = dlx_new(rows * cols, 0);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int32_t two[2] = { r * cols + c, 0 };
            if (c + 1 < cols) two[1] = two[0] + 1, dlx_add_option(d, two, NULL, 2);
            if (r + 1 < rows) two[1] = two[0] + cols, dlx_add_option(d, two, NULL, 2);
        }
    return d;
}

/* A random option of 1..4 distinct items, the first primary (of np), the
 * others any of np + ns; `draw(n)` is the test's generator, 0..n-1.
 * Fills it[] and gives the number of items. */
static int32_t random_option(uint32_t (*draw)(uint32_t), int32_t np, int32_t ns, int32_t it[4]) {
    int32_t n = 1 + (int32_t)draw(4), k = 0;
    it[k++] = (int32_t)draw((uint32_t)np);
    while (k < n) {
        int32_t x = (int32_t)draw((uint32_t)(np + ns)), dup = 0;
        for (int j = 0; j < k; j++) dup |= it[j] == x;
        if (dup) break;
        it[k++] = x;
    }
    return k;
}

#endif
