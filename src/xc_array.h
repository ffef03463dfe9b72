/* xc_array.h: exact cover on fixed arrays and counters (internal).
 *
 * The same Algorithm X as src/dlx.c, for small problems whose options are
 * all known up front and that need no colors or secondary items: Sudoku up
 * to 25x25. Instead of unlinking nodes it counts: each item keeps the number
 * of its options still alive, each option the number of covered items that
 * kill it. Covering walks an item's static list of options and touches only
 * those two counter arrays, which stay in the first-level cache; there are no
 * dependent loads as in a linked list. Starting over is two array copies, so
 * a batch resets per puzzle instead of undoing.
 *
 * It picks the same item (fewest live options, the first of equals, a blocked
 * item at once) and tries options in the same order as src/dlx.c, so node and
 * guess counts are those of the linked engine (tests/c/test_sudoku.c checks).
 */
#ifndef XC_ARRAY_H
#define XC_ARRAY_H

#include <stddef.h>
#include <stdint.h>

typedef struct xc_array xc_array_t;

typedef struct xc_array_result {
    uint64_t count;   /* solutions found, up to the limit */
    uint64_t nodes;   /* search nodes, counted as src/dlx.c counts them */
    uint64_t guesses; /* nodes with more than one option to try */
    int stopped;      /* the node budget ran out first */
    int complete;     /* the whole tree was searched */
} xc_array_result_t;

/* Options in CSR form: option o covers items opt_items[opt_first[o] ..
 * opt_first[o + 1] - 1], each item at most once, all items primary. */
xc_array_t *xc_array_new(int32_t n_items, int32_t n_options, const int32_t *opt_first,
                         const int32_t *opt_items);
void xc_array_free(xc_array_t *x);
size_t xc_array_memory_bytes(const xc_array_t *x);

/* Nothing chosen: every item open, every option alive. */
void xc_array_reset(xc_array_t *x);

/* Choose option o before searching. Returns 0, or -1 when o is no longer
 * possible (an item of it is already covered); nothing changes then. */
int xc_array_force(xc_array_t *x, int32_t o);

/* Search from the forced options: up to `limit` solutions (0: all), at most
 * max_nodes nodes (0: no budget). The options of the first solution beyond
 * the forced ones go to first[0 .. *first_len - 1] (first may be NULL).
 * The counters are restored afterwards: the forced state remains. */
void xc_array_search(xc_array_t *x, uint64_t limit, uint64_t max_nodes, int32_t *first,
                     int32_t *first_len, xc_array_result_t *res);

#endif
