/* dlx_estimate.c: Knuth's estimate of the size of the search tree below the
 * forced options, by random probes (TAOCP 7.2.2, "estimating the running
 * time"): each probe goes down the tree as the search would, taking one
 * random option of the branching item at each node; the sum, over the
 * nodes met, of the product of the branching degrees above them is an
 * unbiased estimate of the number of nodes. Splitting a search into shards
 * of equal size (dlxkit's balanced shards) rests on it. With bounds the
 * probes walk Algorithm M's tree (its branches: dlx_multi.c).
 */
#include "dlx_internal.h"
#include "random.h"
#include "dlx_scan.h"
#include "dlx_meet.h"

#include <stdlib.h>

/* One probe on the links, by forcing (problems the bit sets do not take). */
static double probe_links(dlx_t *d, uint64_t *rng, uint64_t *steps, int32_t **opts, int32_t *cap) {
    int32_t base = d->n_forced, item;
    double weight = 1, score = 0;
    while ((item = dlx_branch_item(d)) >= 0) {
        score += weight, ++*steps;
        int32_t n = dlx_item_options(d, item, *opts, *cap);
        if (n > *cap) {
            int32_t *more = realloc(*opts, (size_t)n * sizeof *more);
            if (!more) {
                score = -1;
                break;
            }
            *opts = more, *cap = n;
            dlx_item_options(d, item, *opts, *cap);
        }
        if (n == 0) break; /* a dead end */
        weight *= n;
        dlx_force(d, (*opts)[rng_next(rng) % (uint64_t)n]); /* it agrees with the forced ones */
    }
    while (d->n_forced > base) dlx_unforce(d);
    return score;
}

/* One probe down Algorithm M's tree (dlx_multi.c), on its links: the same
 * branches as its search, each drawn with equal chance. */
static double probe_multi(dlx_t *d, uint64_t *rng, uint64_t *steps) {
    int rc = dlx_multi_root(d);
    if (rc) return rc == DLX_DONE ? 0 : -1; /* the forced options clash: no node */
    double weight = 1, score = 0;
    int32_t item = 0, t;
    while ((t = dlx_multi_pick(d, &item)) != INT32_MAX) {
        score += weight, ++*steps;
        if (t <= 0) break; /* a dead end */
        weight *= t;
        dlx_multi_branch(d, item, (int32_t)(rng_next(rng) % (uint64_t)t));
    }
    return score;
}

int dlx_estimate(dlx_t *d, uint64_t seed, int32_t probes, double *estimate, uint64_t *steps) {
    return dlx_estimate_meets(d, seed, probes, 0, estimate, steps);
}

int dlx_estimate_meets(dlx_t *d, uint64_t seed, int32_t probes, double stop, double *estimate, uint64_t *steps) {
    if (!d || probes < 1 || !estimate) return DLX_EARG;
    dlx_restart(d);
    d->est_meets = 0;
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL, spent = 0;
    rng = rng ? rng : 1; /* xorshift's state must not be 0 */
    int32_t *opts = NULL, cap = 0;
    double sum = 0;
    if (d->n_bounded)
        for (int32_t j = 0; j < probes && sum >= 0; j++) {
            double s = probe_multi(d, &rng, &spent);
            sum = s < 0 ? s : sum + s;
        }
    else if (!d->bits_off && dlx_bits_ready(d)) {
        struct dlx_meets meets = { calloc(2 * MEET_SLOTS, sizeof(uint64_t)), 0, 0, 0, stop, 0 };
        sum = dlx_bits_probes(d, &rng, probes, &spent, &meets);
        d->est_meets = meets.states ? (double)meets.meets / (double)meets.states : 0;
        probes = meets.probes;
        free(meets.slot);
    }
    else
        for (int32_t j = 0; j < probes && sum >= 0; j++) {
            double s = probe_links(d, &rng, &spent, &opts, &cap);
            sum = s < 0 ? s : sum + s;
        }
    free(opts);
    dlx_restart(d);
    if (steps) *steps = spent;
    if (sum < 0) return DLX_ENOMEM;
    *estimate = sum / probes;
    return DLX_OK;
}
