/* sudoku9.h: a dedicated solver for the plain 9x9 Sudoku (internal).
 *
 * The general engines treat Sudoku as exact cover and find singles only;
 * this one knows the 9x9 geometry. Its state is one 27-bit board per digit
 * and band (where the digit may still go in those three rows), and its
 * inference is naked and hidden singles plus locked candidates in both
 * directions (pointing and claiming), so it guesses several times less.
 * It serves only 9x9 grids with 3x3 boxes and no extra regions; every other
 * shape keeps the general engines (src/core/xc_array.c, src/core/dlx.c).
 *
 * Counts keep the meaning the mask engine gives them: a node is a digit
 * placed (a given's excepted) or a dead end reached, a guess is a state
 * with more than one way on. The node budget is never exceeded.
 */
#ifndef SUDOKU9_H
#define SUDOKU9_H

#include <stdint.h>

typedef struct sudoku9 sudoku9_t;

typedef struct sudoku9_result {
    uint64_t count;   /* solutions found, up to the limit */
    uint64_t nodes;   /* digits placed by the search, and dead ends */
    uint64_t guesses; /* states from which more than one way was tried */
    int stopped;      /* the node budget ran out first */
    int complete;     /* the whole tree was searched */
} sudoku9_result_t;

/* NULL when out of memory. */
sudoku9_t *sudoku9_new(void);
void sudoku9_free(sudoku9_t *s);

/* Solve an 81-byte grid (0 empty, 1..9; values were checked by the caller):
 * up to `limit` solutions (0: all), at most max_nodes nodes (0: no budget);
 * the first solution into `solution` (81 bytes, may be NULL). Returns 1
 * when two givens clash (nothing solved: the caller names the clash), else 0. */
int sudoku9_solve(sudoku9_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                  uint8_t *solution, sudoku9_result_t *res);

#endif
