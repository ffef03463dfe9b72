/* dlx_learn.c: the linked engine hands a hard search over to clause
 * learning (dlx_cdcl.c). With restarts on, no colors and a hand-over point
 * set (dlx_set_learning), a search that has found no solution after that
 * many nodes goes on as a CDCL search from the forced options. It keeps the
 * engine's contract: resumable under the same node counter (a CDCL node is
 * a decision), one solution per DLX_SOLUTION, every solution
 * once (so counts stay exact), statistics (guesses: decisions; restarts:
 * both searches'), and out of memory returns DLX_ENOMEM with the handle
 * usable. */
#include "dlx_cdcl.h"
#include "dlx_internal.h"
#include "random.h"

#include <stdlib.h>

#ifndef DLX_NO_LEARNING

/* The CDCL search on what the forced options leave of d's matrix: the
 * options that clash with none of them, the items none of them covers,
 * numbered densely (a Sudoku's givens rule out most of the matrix, and
 * sparse numbers cost 1.5x in cache misses). The linked search abandoned.
 * DLX_OK or DLX_ENOMEM (then nothing changed). */
static int hand_over(dlx_t *d) {
    int32_t no = d->n_options, ni = d->n_items;
    int32_t *start = malloc(((size_t)no + 1) * sizeof *start);
    int32_t *items = malloc(((size_t)d->n_nodes + 1) * sizeof *items);
    int32_t *map = malloc(((size_t)no + 1) * sizeof *map);
    int32_t *inew = malloc(((size_t)ni + 1) * sizeof *inew);
    cdcl_t *c = NULL;
    int32_t nv = 0;
    if (start && items && map && inew) {
        const dlx_node *nd = d->node;
        int32_t n = 0, np = 0, nl = 0;
        for (int32_t i = 1; i <= ni; i++) /* primary items first, as in d */
            if (d->owner[i] < 0) {
                inew[i - 1] = nl++;
                np += i <= d->n_primary;
            }
        for (int32_t k = 0; k < no; k++) {
            int32_t p = d->opt_start[k], at = n, live = 1;
            for (; nd[p].top > 0 && live; p++) {
                live = d->owner[nd[p].top] < 0;
                items[n++] = inew[nd[p].top - 1];
            }
            if (!live) {
                n = at;
                continue;
            }
            start[nv] = at;
            map[nv++] = k;
        }
        start[nv] = n;
        c = cdcl_new(nl, np, nv, start, items, mix_seed(d->seed));
        if (c && d->learn_unit) cdcl_params_of(c)->restart_unit = (int32_t)d->learn_unit;
    }
    free(start);
    free(items);
    free(inew);
    if (!c) {
        free(map);
        return DLX_ENOMEM;
    }
    dlx_unwind(d);
    d->depth = d->level = 0;
    d->sp = d->nfew = d->ntrail = 0;
    d->cdcl = c;
    d->learn_map = map, d->learn_vars = nv;
    d->learn_nodes = d->nodes, d->learn_guesses = d->guesses, d->learn_restarts = d->restarts;
    return DLX_OK;
}

int dlx_learn_search(dlx_t *d, uint64_t stop) {
    if (!d->cdcl) {
        int rc = hand_over(d);
        if (rc) {
            d->learn_failed = 1; /* the linked search goes on at the next call */
            return rc;
        }
    }
    cdcl_stats st;
    int r = cdcl_solve(d->cdcl, stop == UINT64_MAX ? UINT64_MAX : stop > d->learn_nodes ? stop - d->learn_nodes : 0);
    cdcl_get_stats(d->cdcl, &st);
    d->nodes = d->learn_nodes + st.nodes;
    d->guesses = d->learn_guesses + st.decisions;
    d->restarts = d->learn_restarts + st.restarts;
    if (r == CDCL_SAT) {
        d->phase = PH_AT_SOLUTION;
        d->solutions++;
        return DLX_SOLUTION;
    }
    if (r == CDCL_UNSAT) {
        d->phase = PH_DONE;
        return DLX_DONE;
    }
    d->phase = PH_FORWARD;
    return r == CDCL_BUDGET ? DLX_BUDGET : r;
}

int32_t dlx_learn_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n) {
    for (int32_t v = 0; v < d->learn_vars; v++) {
        if (!cdcl_chosen(d->cdcl, v)) continue;
        if (n < cap) options[n] = d->learn_map[v];
        n++;
    }
    return n;
}

void dlx_learn_free(dlx_t *d) {
    cdcl_free(d->cdcl);
    free(d->learn_map);
    d->cdcl = NULL;
    d->learn_map = NULL;
}
#else /* -DDLX_NO_LEARNING: no learning, nothing to free */
void dlx_learn_free(dlx_t *d) { (void)d; }
int32_t dlx_learn_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n) {
    (void)d, (void)options, (void)cap, (void)n;
    return DLX_ENOSOLUTION;
}
int dlx_learn_search(dlx_t *d, uint64_t stop) {
    (void)d, (void)stop;
    return DLX_EARG;
}
#endif
