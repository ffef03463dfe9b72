/* dlx_zdd.h: the ZDD of all solutions as the memoized search builds it
 * (dlx_memo.c fills it, with bounds dlx_memo_multi.c; dlx_zdd.c reads it). Not part of the API.
 *
 * Node 0 is the empty family, node 1 the family of the empty set; a node
 * j >= 2 stands for the solutions holding option opt[j] with a solution of
 * hi[j], and those of lo[j] (without it). A state's chain lists the options
 * tried at its branch item that lead to solutions, the last tried first
 * (DLX6's order), so its head stands for all of that state's solutions.
 * count[j] is the number of solutions of node j. Everything the ZDD and
 * its build hold is taken from `room` (bytes), which never goes below 0:
 * growing past it is an error, not an allocation. The inline adder lets
 * dlx_memo.c build a ZDD without linking dlx_zdd.c (the WebAssembly module
 * compiles the count alone). */
#ifndef DLX_ZDD_H
#define DLX_ZDD_H

#include <stdlib.h>

#include "dlx_internal.h"

struct dlx_zdd_node {
    int32_t opt;
    uint32_t lo, hi;
};

struct dlx_zdd {
    struct dlx_zdd_node *node;
    dlx_count_t *count;
    size_t n, cap; /* nodes made (the two terminals included), room for */
    size_t room;   /* bytes the build may still take */
    size_t limit;  /* of max_bytes: room + what the build took */
    uint32_t root;
    /* A build in steps (dlx_zdd_begin): DLX_BUDGET while under way, then
     * DLX_OK or its error; the problem whose memo holds it (NULL once it
     * ends or is abandoned: dlx_memo_free clears it); the search's nodes
     * and the states cached at its last step. */
    int status;
    dlx_t *building;
    uint64_t nodes, states;
};

enum { ZDD_NODE_BYTES = sizeof(struct dlx_zdd_node) + sizeof(dlx_count_t) };

/* A new node (opt, lo, hi): its number, or 0 when it does not fit in the
 * room left or in 32 bits (as DLX6's). Its count saturates at 2^128 - 1:
 * the build reports the overflow from its own sums. */
static inline uint32_t dlx_zdd_add(struct dlx_zdd *z, int32_t opt, uint32_t lo, uint32_t hi) {
    if (z->n == z->cap) {
        size_t want = z->cap < 1024 ? 1024 : 2 * z->cap, fit = z->cap + z->room / ZDD_NODE_BYTES;
        if (want > fit) want = fit;
        if (want > UINT32_MAX) want = UINT32_MAX;
        if (want <= z->cap) return 0;
        struct dlx_zdd_node *nd = realloc(z->node, want * sizeof *nd);
        if (nd) z->node = nd;
        dlx_count_t *c = nd ? realloc(z->count, want * sizeof *c) : NULL;
        if (!c) return 0;
        z->count = c;
        z->room -= (want - z->cap) * ZDD_NODE_BYTES;
        z->cap = want;
    }
    dlx_count_t s = z->count[lo] + z->count[hi];
    z->node[z->n] = (struct dlx_zdd_node){ opt, lo, hi };
    z->count[z->n] = s < z->count[hi] ? ~(dlx_count_t)0 : s;
    return (uint32_t)z->n++;
}

/* The memoized search from the links as they stand (forced options taken)
 * into z (its terminals made), in steps: begin builds the tables (from z's
 * room; DLX_OK, or DLX_ENOMEM), and sets z->building; each step walks
 * until the node counter reaches stop: DLX_BUDGET, or the end: DLX_OK
 * with z->root set, DLX_ENOMEM when the room runs out, DLX_EOVERFLOW past
 * 2^128 - 1 solutions (the tables go, z->building is cleared). The cache
 * never replaces a state, so each state met is one chain. */
int dlx_memo_zdd_begin(dlx_t *d, struct dlx_zdd *z);
int dlx_memo_zdd_step(dlx_t *d, struct dlx_zdd *z, uint64_t stop);
/* The same with bounds (dlx_memo_multi.c). */
int dlx_memo_multi_zdd_begin(dlx_t *d, struct dlx_zdd *z);
int dlx_memo_multi_zdd_step(dlx_t *d, struct dlx_zdd *z, uint64_t stop);

#endif
