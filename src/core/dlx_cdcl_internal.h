/* dlx_cdcl_internal.h: the CDCL search's state (dlx_cdcl.c), shared with
 * the learned clauses' shrinking (dlx_cdcl_shrink.c). Not an interface. */
#ifndef DLX_CDCL_INTERNAL_H
#define DLX_CDCL_INTERNAL_H

#include "dlx_cdcl.h"

#include <stdint.h>

enum { R_CLAUSE = 1, R_OPTION = 2, R_ITEM = 3 };
#define META_KEEP (1u << 30) /* a blocking clause: never deleted */
#define META_USED (1u << 29) /* met in analysis since the last reduction */
#define META_DEAD (1u << 28)
#define META_LBD 0xffffu
#define ARENA_MAX (1 << 28) /* words: a reference must fit in 30 bits */

typedef struct {
    int32_t *w; /* pairs: clause, blocker */
    int32_t n, cap;
} wlist;

struct cdcl {
    void *block; /* every array below but the clauses and watches */
    int32_t nv, ni, np;
    int32_t *ostart, *oitem;        /* option -> items */
    int32_t *istart, *iopt, *ilen;  /* item -> options (ilen: those not false at level 0) */
    int32_t *cnt;                   /* primary item: options not yet propagated false */
    int8_t *val;                    /* 0 free, 1 chosen, -1 not */
    int8_t *phase, *target, *best; /* saved values; those of the longest trail without conflict
                                    * since the last rephasing, and ever */
    int32_t target_n, best_n;      /* those trails' lengths */
    int32_t quiet_n;               /* the trail is free of conflict up to here */
    uint64_t rephase_at, rephases;
    double ema_fast, ema_slow; /* of learned clauses' LBD, for glucose restarts */
    uint64_t run_start;        /* conflicts at the last restart */
    uint8_t *seen;
    int32_t *level, *reason;
    int32_t *trail, tn, qhead;
    int32_t *lim, nlev; /* lim[l]: where level l+1 starts on the trail */
    /* clauses */
    int32_t *ar;
    int32_t an, acap;
    int32_t *cls, ncls, capcls; /* every stored clause */
    wlist *wl;                  /* per literal: clauses watching it */
    int rewatch;                /* the watch lists need rebuilding (after running out of memory) */
    /* VSIDS */
    double *act, inc;
    int32_t *heap, hn, *hpos;
    /* analysis */
    int32_t *learnt, *stack, *toclear, *rbuf, *cbuf, cn;
    int32_t *lvs; /* per level, while shrinking: the clause's literals there, then what became of them */
    uint32_t *lvstamp, stamp;
    /* schedule */
    uint64_t rng, restart_at, reduce_at, luby_i, reductions;
    int unsat, at_sat;
    cdcl_params p;
    cdcl_stats st;
};

static inline int8_t lval(const cdcl_t *c, int32_t l) {
    int8_t v = c->val[l >> 1];
    return (l & 1) ? (int8_t)-v : v;
}

/* The false literals of v's reason (all but v's own), in *out; their number. */
static inline int32_t cdcl_reason_lits(cdcl_t *c, int32_t v, const int32_t **out) {
    int32_t r = c->reason[v], x = r >> 2;
    switch (r & 3) {
    case R_CLAUSE:
        if (c->p.used_all) c->ar[x + 1] |= (int32_t)META_USED;
        *out = c->ar + x + 3;
        return c->ar[x] - 1;
    case R_OPTION:
        c->rbuf[0] = 2 * x + 1;
        *out = c->rbuf;
        return 1;
    case R_ITEM: {
        int32_t n = 0, *o = c->iopt + c->istart[x];
        for (int32_t j = 0; j < c->ilen[x]; j++)
            if (o[j] != v) c->rbuf[n++] = 2 * o[j];
        *out = c->rbuf;
        return n;
    }
    }
    *out = c->rbuf;
    return 0;
}

/* The first-UIP clause in c->learnt[0..ln-1] shrunk (dlx_cdcl_shrink.c); its new length. */
int32_t cdcl_shrink(cdcl_t *c, int32_t ln);

#endif
