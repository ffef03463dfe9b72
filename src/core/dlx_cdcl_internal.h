/* dlx_cdcl_internal.h: the CDCL search's state (dlx_cdcl.c), shared with
 * its Hall-set propagator (dlx_cdcl_hall.c) and no one else. Literals: 2v
 * is "option v chosen", 2v+1 "option v not chosen"; reasons as dlx_cdcl.c
 * says. */
#ifndef DLX_CDCL_INTERNAL_H
#define DLX_CDCL_INTERNAL_H

#include "dlx_cdcl.h"

typedef struct cdcl_hall cdcl_hall;

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
    uint32_t *lvstamp, stamp;
    /* schedule */
    uint64_t rng, restart_at, reduce_at, luby_i, reductions;
    int unsat, at_sat;
    cdcl_params p;
    cdcl_stats st;
    cdcl_hall *hall; /* the bipartite blocks (dlx_cdcl_hall.c), or NULL */
};

static inline int8_t lval(const cdcl_t *c, int32_t l) {
    int8_t v = c->val[l >> 1];
    return (l & 1) ? (int8_t)-v : v;
}

static inline void assign(cdcl_t *c, int32_t l, int32_t reason) {
    int32_t v = l >> 1;
    c->val[v] = (l & 1) ? -1 : 1;
    c->level[v] = c->nlev;
    c->reason[v] = reason;
    c->trail[c->tn++] = l;
}

/* dlx_cdcl.c: store lits[0..n-1] (lits[0] free, the others false, the
 * highest level second) as the reason of lits[0] and assign it. 0, or -1
 * out of memory (nothing assigned). */
int cdcl_imply(cdcl_t *c, const int32_t *lits, int32_t n);

/* dlx_cdcl_hall.c: find the blocks at level 0 (none if out of memory);
 * mark option v's blocks for a look (v just went false); run the dirty
 * blocks: 0 nothing to do, 2 something assigned, 1 a conflict (in cbuf),
 * -1 out of memory. */
void cdcl_hall_build(cdcl_t *c);
void cdcl_hall_touch(cdcl_t *c, int32_t v);
int cdcl_hall_run(cdcl_t *c);
void cdcl_hall_free(cdcl_hall *h);

#endif
