/* dlx_cdcl_shrink.c: a learned clause made shorter by all-UIP shrinking
 * (dlx_cdcl.c's analysis calls it between first-UIP and minimising). */
#include "dlx_cdcl_internal.h"

/* The UIP of level L for the learned clause's m literals there (seen bit 1
 * marks the clause): the trail literal that implies them all through reasons
 * whose other literals are of level L, level 0 or in the clause. A lower
 * level's literal outside the clause joins it (appended to learnt, *ln
 * grows) when its level is in the clause already, so the LBD stays; one
 * of a level not there gives up: -1, the clause as it was. */
static int32_t level_uip(cdcl_t *c, int32_t L, int32_t m, int32_t *ln) {
    int32_t ns = 0, open = m, uip = -1, end = L < c->nlev ? c->lim[L] : c->tn, ln0 = *ln;
    for (int32_t k = 1; k < ln0; k++)
        if (c->level[c->learnt[k] >> 1] == L) c->seen[c->learnt[k] >> 1] |= 2;
    for (int32_t t = end - 1; t >= c->lim[L - 1]; t--) {
        int32_t v = c->trail[t] >> 1;
        if (!(c->seen[v] & 2)) continue;
        if (open == 1) {
            uip = c->trail[t];
            break;
        }
        open--;
        const int32_t *q;
        int32_t n = cdcl_reason_lits(c, v, &q), fail = 0;
        for (int32_t j = 0; j < n && !fail; j++) {
            int32_t u = q[j] >> 1, lu = c->level[u];
            if (lu == L) {
                if (!(c->seen[u] & 2)) c->seen[u] |= 2, c->stack[ns++] = u, open++;
            } else if (lu && !(c->seen[u] & 1)) {
                if (c->lvs[lu] <= 0) fail = 1;
                else c->seen[u] |= 1, c->lvs[lu]++, c->learnt[(*ln)++] = q[j];
            }
        }
        if (fail) break;
    }
    for (int32_t k = 1; k < ln0; k++) c->seen[c->learnt[k] >> 1] &= 1;
    while (ns > 0) c->seen[c->stack[--ns]] &= 1;
    if (uip < 0 || *ln - ln0 + 1 >= m) { /* no UIP, or no shorter: the joined literals leave */
        while (*ln > ln0) {
            int32_t u = c->learnt[--*ln] >> 1;
            c->seen[u] = 0, c->lvs[c->level[u]]--;
        }
        return -1;
    }
    return uip;
}

/* All-UIP shrinking, the levels from the highest down: each with several
 * literals in the clause has them replaced by its UIP when that makes the
 * clause shorter (the same levels, so the same LBD and backjump). Exact
 * cover's item reasons make clauses of a hundred literals. The clause's
 * literals stay marked in seen; its new length. */
int32_t cdcl_shrink(cdcl_t *c, int32_t ln) {
    enum { KEEP = INT32_MIN, DONE = INT32_MIN + 1 };
    int32_t nl = 0, *lv = c->toclear; /* the clause's levels */
    for (int32_t k = 1; k < ln; k++) {
        int32_t L = c->level[c->learnt[k] >> 1];
        if (c->lvs[L]++ == 0) lv[nl++] = L;
    }
    for (int32_t a = 1; a < nl; a++) /* descending; a few dozen levels */
        for (int32_t b = a; b > 0 && lv[b - 1] < lv[b]; b--) {
            int32_t t = lv[b];
            lv[b] = lv[b - 1], lv[b - 1] = t;
        }
    for (int32_t a = 0; a < nl; a++) {
        int32_t L = lv[a], m = c->lvs[L];
        if (m < 2) continue;
        int32_t u = level_uip(c, L, m, &ln);
        c->lvs[L] = u < 0 ? KEEP : -2 - u;
    }
    int32_t j = 1;
    for (int32_t k = 1; k < ln; k++) {
        int32_t l = c->learnt[k], L = c->level[l >> 1], s = c->lvs[L];
        c->seen[l >> 1] = 0;
        if (s >= 0 || s == KEEP) c->learnt[j++] = l;
        else if (s != DONE) c->learnt[j++] = (-2 - s) ^ 1, c->lvs[L] = DONE;
    }
    for (int32_t k = 1; k < j; k++) {
        c->seen[c->learnt[k] >> 1] = 1;
        c->lvs[c->level[c->learnt[k] >> 1]] = 0;
    }
    return j;
}
