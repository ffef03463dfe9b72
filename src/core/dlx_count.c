/* dlx_count.c: counting solutions, in 64 bits (dlx_count, which refuses a
 * count it cannot hold) and in 128 (dlx_count_wide), and a 128-bit count in
 * decimal: the one printer of counts for the native CLI, the module and the
 * Typst plugin. */
#include "dlx_internal.h"

static dlx_wide_t words(dlx_count_t v) {
    return (dlx_wide_t){ .lo = (uint64_t)v, .hi = (uint64_t)(v >> 64) };
}

int dlx_count_wide(dlx_t *d, uint64_t limit, uint64_t max_nodes, dlx_wide_t *count) {
    if (!d || !count) return DLX_EARG;
    dlx_restart(d);
    int rc;
    uint64_t found = 0; /* this call's solutions (the engine's counter may start elsewhere) */
    d->counting = limit == 0; /* no limit: no solution needs to stop the search */
    while ((rc = dlx_search_until(d, max_nodes)) == DLX_SOLUTION)
        if (++found == limit) { /* limit 0: never */
            rc = DLX_LIMIT;
            break;
        }
    d->counting = 0; /* a search resumed after a budget returns at every solution again */
    *count = words(d->solutions);
    /* past 2^128 - 1: only from a counter started near it (dlx_debug_count_from) */
    return d->solutions < d->count_from ? DLX_EOVERFLOW : rc;
}

int dlx_count_resume(dlx_t *d, uint64_t max_nodes, dlx_wide_t *count) {
    if (!d || !count || !d->on_memo) return DLX_EARG;
    uint64_t left = UINT64_MAX - d->nodes;
    int rc = dlx_memo_resume(d, max_nodes && max_nodes < left ? d->nodes + max_nodes : UINT64_MAX);
    *count = words(d->solutions);
    return rc;
}

int dlx_count(dlx_t *d, uint64_t limit, uint64_t max_nodes, uint64_t *count) {
    if (!count) return DLX_EARG;
    dlx_wide_t wide;
    int rc = dlx_count_wide(d, limit, max_nodes, &wide);
    if (rc < 0 && rc != DLX_EOVERFLOW) return rc;
    *count = wide.hi ? UINT64_MAX : wide.lo;
    return wide.hi ? DLX_EOVERFLOW : rc;
}

void dlx_debug_count_from(dlx_t *d, dlx_wide_t from) {
    if (!d) return;
    d->count_from = (dlx_count_t)from.hi << 64 | from.lo;
    dlx_restart(d);
}

/* Long division by 10^9 on 32-bit limbs: no 128-bit division, which the
 * WebAssembly build has no library routine for. */
int dlx_wide_format(dlx_wide_t v, char *out) {
    uint32_t limb[4] = { (uint32_t)(v.hi >> 32), (uint32_t)v.hi, (uint32_t)(v.lo >> 32), (uint32_t)v.lo };
    char rev[DLX_WIDE_DIGITS];
    int n = 0;
    for (;;) {
        uint64_t rem = 0;
        int zero = 1;
        for (int k = 0; k < 4; k++) {
            uint64_t cur = rem << 32 | limb[k];
            limb[k] = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
            zero &= limb[k] == 0;
        }
        /* nine digits of the remainder, or only its own when nothing is left above */
        for (int j = 0; j < 9 && (!zero || rem || j == 0); j++, rem /= 10) rev[n++] = (char)('0' + rem % 10);
        if (zero) break;
    }
    for (int j = 0; j < n; j++) out[j] = rev[n - 1 - j];
    out[n] = '\0';
    return n;
}
