/* grid_check.h: the Sudoku fuzz targets' check of a solution, one unit at a
 * time (a row, column, box or region given as its cells). */
#ifndef GRID_CHECK_H
#define GRID_CHECK_H

#include <stdint.h>

/* Whether the cells of a unit hold 1..n exactly once. */
static int unit_ok(const uint8_t *g, const int32_t *cells, int32_t n) {
    uint64_t seen = 0;
    for (int32_t k = 0; k < n; k++) {
        uint8_t v = g[cells[k]];
        if (v < 1 || v > n || (seen >> (v - 1) & 1)) return 0;
        seen |= 1ull << (v - 1);
    }
    return 1;
}

#endif
