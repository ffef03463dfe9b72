/* dominoes.h: the domino tilings of a rows x cols board as an exact-cover
 * problem (cells numbered row by row), for the memo and ZDD tests. */
#ifndef TEST_DOMINOES_H
#define TEST_DOMINOES_H

#include "dlx.h"

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

#endif
