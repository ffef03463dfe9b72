/* dlx_cost.c: option costs (Knuth's DLX5: dlx_set_cost, dlx_option_cost)
 * and the mode of the k cheapest solutions (dlx_set_best), whose search is
 * dlx_best.c's. Above the handle (dlx.c): setting either restarts. */
#include "dlx_internal.h"

#include <stdlib.h>
#include <string.h>

int dlx_set_cost(dlx_t *d, int32_t k, int64_t cost) {
    if (!d) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    if (cost < 0) return DLX_ECOST;
    int64_t old = k < d->cap_cost ? d->cost[k] : 0;
    if (cost - old > INT64_MAX - d->cost_total) return DLX_ECOST; /* the total would pass 2^63 - 1 */
    if (k >= d->cap_cost) {
        if (!cost) return DLX_OK;
        int32_t cap = d->cap_cost ? d->cap_cost : 16;
        while (cap <= k) cap = cap > INT32_MAX / 2 ? INT32_MAX : cap * 2;
        int64_t *c = realloc(d->cost, (size_t)cap * sizeof *c);
        if (!c) return DLX_ENOMEM;
        memset(c + d->cap_cost, 0, (size_t)(cap - d->cap_cost) * sizeof *c);
        d->cost = c, d->cap_cost = cap;
    }
    dlx_restart(d);
    d->cost[k] = cost;
    d->cost_total += cost - old;
    return DLX_OK;
}

int64_t dlx_option_cost(const dlx_t *d, int32_t k) {
    if (!d) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    return k < d->cap_cost ? d->cost[k] : 0;
}

int dlx_set_best(dlx_t *d, int32_t k) {
    if (!d) return DLX_EARG;
    if (k < 0) return DLX_EARG;
    dlx_restart(d); /* while the old mode rules what there is to unwind */
    d->best_k = k;
    return DLX_OK;
}

