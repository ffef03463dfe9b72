/* xc_array.h: exact cover on bit masks (internal).
 *
 * The same Algorithm X as src/core/dlx.c, for small problems whose options are
 * all known up front, with no colors or secondary items, and at most 16
 * options per item: Sudoku up to 16x16. Each item keeps a 16-bit mask of its
 * live options and their number; a whole state (about 1.2 KB for 9x9) is
 * small enough to copy, so a guess works on a copy, a forced move in place,
 * and backtracking undoes nothing. Starting a new puzzle is one copy.
 *
 * It picks the same item (fewest live options, the first of equals, a blocked
 * item at once) and tries options in the same order as src/core/dlx.c, so node and
 * guess counts are those of the linked engine (tests/c/test_sudoku.c checks).
 */
#ifndef XC_ARRAY_H
#define XC_ARRAY_H

#include <stddef.h>
#include <stdint.h>

typedef struct xc_array xc_array_t;

typedef struct xc_array_result {
    uint64_t count;   /* solutions found, up to the limit */
    uint64_t nodes;   /* search nodes, counted as src/core/dlx.c counts them */
    uint64_t guesses; /* nodes with more than one option to try */
    int stopped;      /* the node budget ran out first */
    int complete;     /* the whole tree was searched */
} xc_array_result_t;

/* Options in CSR form: option o covers items opt_items[opt_first[o] ..
 * opt_first[o + 1] - 1], each item at most once, all items primary. NULL
 * when out of memory or when the problem does not fit (an item with more
 * than 16 options, an empty option, 65,000 items or more). */
xc_array_t *xc_array_new(int32_t n_items, int32_t n_options, const int32_t *opt_first,
                         const int32_t *opt_items);
void xc_array_free(xc_array_t *x);

/* Nothing chosen: every item open, every option alive. */
void xc_array_reset(xc_array_t *x);

/* Choose option o before searching. Returns 0, or -1 when o is no longer
 * possible (an item of it is already covered); nothing changes then. */
int xc_array_force(xc_array_t *x, int32_t o);

/* Search from the forced options: up to `limit` solutions (0: all), at most
 * max_nodes nodes (0: no budget). The options of the first solution beyond
 * the forced ones go to first[0 .. *first_len - 1] (first may be NULL).
 * The forced state is left as it was. */
void xc_array_search(xc_array_t *x, uint64_t limit, uint64_t max_nodes, int32_t *first,
                     int32_t *first_len, xc_array_result_t *res);

#endif
