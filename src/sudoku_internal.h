/* sudoku_internal.h: the solver handle, shared by sudoku.c (shape, solve)
 * and sudoku_generate.c (generate, rate). Not part of the public API. */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include "sudoku.h"

struct sudoku {
    int32_t n, box_rows, box_cols;
    int32_t n_regions;       /* rows + cols + boxes + extra regions */
    int32_t *region_first;   /* per cell: index into region_list (CSR), n*n+1 entries */
    int32_t *region_list;    /* the regions holding each cell */
    int jigsaw;              /* the boxes were replaced by a jigsaw map */
    dlx_t *dlx;              /* option cell*n + (digit-1) */
    int32_t *options;        /* scratch for dlx_solution: n*n entries */
};

/* Option and cell arithmetic. */
static inline int32_t sudoku_option(const sudoku_t *s, int32_t cell, int32_t digit) {
    return cell * s->n + digit - 1;
}

/* Force the givens; on a clash fill *err and leave nothing forced. */
int sudoku_force_givens(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);

/* Search the forced matrix: up to limit solutions, first one into solution. */
void sudoku_search(sudoku_t *s, uint64_t limit, uint64_t max_nodes, uint8_t *solution,
                   sudoku_result_t *res);

/* Fill *err with code and a formatted message. Returns code. */
int sudoku_fail(sudoku_error_t *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
