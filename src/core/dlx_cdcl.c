/* dlx_cdcl.c: conflict-driven clause learning over exact cover (see
 * dlx_cdcl.h for what it does; this file says how).
 *
 * Literals: 2v is "option v chosen", 2v+1 "option v not chosen". A reason
 * is 0 (a decision or level 0) or a tagged number: a clause (its place in
 * the arena), an option (v went false because that option went true in a
 * shared item) or an item (v went true because the item's other options
 * are false). Analysis reads all three as clauses of false literals.
 * Clauses live in one arena: [size][meta][literals], the implied literal
 * first, the two watched ones first and second. */
#include "dlx_cdcl.h"
#include "dlx.h"
#include "luby.h"
#include "random.h"

#include <stdlib.h>
#include <string.h>

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
};

static inline int8_t lval(const cdcl_t *c, int32_t l) {
    int8_t v = c->val[l >> 1];
    return (l & 1) ? (int8_t)-v : v;
}

/* ---- VSIDS heap ---------------------------------------------------------- */

static void heap_up(cdcl_t *c, int32_t i) {
    int32_t v = c->heap[i];
    while (i > 0) {
        int32_t pa = (i - 1) >> 1;
        if (c->act[c->heap[pa]] >= c->act[v]) break;
        c->heap[i] = c->heap[pa], c->hpos[c->heap[i]] = i, i = pa;
    }
    c->heap[i] = v, c->hpos[v] = i;
}

static void heap_down(cdcl_t *c, int32_t i) {
    int32_t v = c->heap[i];
    for (;;) {
        int32_t ch = 2 * i + 1;
        if (ch >= c->hn) break;
        if (ch + 1 < c->hn && c->act[c->heap[ch + 1]] > c->act[c->heap[ch]]) ch++;
        if (c->act[c->heap[ch]] <= c->act[v]) break;
        c->heap[i] = c->heap[ch], c->hpos[c->heap[i]] = i, i = ch;
    }
    c->heap[i] = v, c->hpos[v] = i;
}

static void heap_insert(cdcl_t *c, int32_t v) {
    if (c->hpos[v] >= 0) return;
    c->heap[c->hn] = v, c->hpos[v] = c->hn;
    heap_up(c, c->hn++);
}

static int32_t heap_pop(cdcl_t *c) {
    int32_t v = c->heap[0];
    c->hpos[v] = -1;
    if (--c->hn > 0) {
        c->heap[0] = c->heap[c->hn], c->hpos[c->heap[0]] = 0;
        heap_down(c, 0);
    }
    return v;
}

static void bump(cdcl_t *c, int32_t v) {
    if ((c->act[v] += c->inc) > 1e100) {
        for (int32_t k = 0; k < c->nv; k++) c->act[k] *= 1e-100;
        c->inc *= 1e-100;
    }
    if (c->hpos[v] >= 0) heap_up(c, c->hpos[v]);
}

/* ---- assignments --------------------------------------------------------- */

static void assign(cdcl_t *c, int32_t l, int32_t reason) {
    int32_t v = l >> 1;
    c->val[v] = (l & 1) ? -1 : 1;
    c->level[v] = c->nlev;
    c->reason[v] = reason;
    c->trail[c->tn++] = l;
}

static void backtrack(cdcl_t *c, int32_t lev) {
    if (c->nlev <= lev) return;
    int32_t to = c->lim[lev];
    if (c->p.target && c->quiet_n > c->target_n) { /* level 0 never changes: from level 1 on */
        int32_t from = c->lim[0];
        c->target_n = c->quiet_n;
        for (int32_t t = from; t < c->quiet_n; t++) c->target[c->trail[t] >> 1] = !(c->trail[t] & 1);
        if (c->quiet_n > c->best_n) {
            c->best_n = c->quiet_n;
            for (int32_t t = from; t < c->quiet_n; t++) c->best[c->trail[t] >> 1] = !(c->trail[t] & 1);
        }
    }
    if (c->quiet_n > to) c->quiet_n = to;
    for (int32_t t = c->tn - 1; t >= to; t--) {
        int32_t l = c->trail[t], v = l >> 1;
        if (t < c->qhead && (l & 1))
            for (int32_t k = c->ostart[v]; k < c->ostart[v + 1]; k++)
                if (c->oitem[k] < c->np) c->cnt[c->oitem[k]]++;
        if (c->p.save_phase) c->phase[v] = c->val[v] > 0;
        c->val[v] = 0;
        heap_insert(c, v);
    }
    c->tn = to;
    if (c->qhead > to) c->qhead = to;
    c->nlev = lev;
}

static int wpush(wlist *w, int32_t cref, int32_t blocker) {
    if (w->n + 2 > w->cap) {
        int32_t cap = w->cap ? 2 * w->cap : 8;
        int32_t *p = realloc(w->w, (size_t)cap * sizeof *p);
        if (!p) return -1;
        w->w = p, w->cap = cap;
    }
    w->w[w->n++] = cref, w->w[w->n++] = blocker;
    return 0;
}

/* Unit propagation of everything on the trail not yet propagated. Returns
 * 0, 1 on a conflict (its false literals in cbuf), or -1 out of memory. */
static int propagate(cdcl_t *c) {
    while (c->qhead < c->tn) {
        int32_t p = c->trail[c->qhead++], v = p >> 1;
        c->st.propagations++;
        if (!(p & 1)) { /* v chosen: the other options of its items go */
            for (int32_t k = c->ostart[v]; k < c->ostart[v + 1]; k++) {
                int32_t i = c->oitem[k], *o = c->iopt + c->istart[i], n = c->ilen[i];
                for (int32_t j = 0; j < n; j++) {
                    int32_t u = o[j];
                    if (u == v || c->val[u] < 0) continue;
                    if (c->val[u] > 0) {
                        c->cbuf[0] = 2 * v + 1, c->cbuf[1] = 2 * u + 1, c->cn = 2;
                        return 1;
                    }
                    assign(c, 2 * u + 1, (v << 2) | R_OPTION);
                }
            }
        } else { /* v out: an item down to one option takes it */
            for (int32_t k = c->ostart[v]; k < c->ostart[v + 1]; k++)
                if (c->oitem[k] < c->np) c->cnt[c->oitem[k]]--;
            for (int32_t k = c->ostart[v]; k < c->ostart[v + 1]; k++) {
                int32_t i = c->oitem[k];
                if (i >= c->np || c->cnt[i] > 1) continue;
                int32_t *o = c->iopt + c->istart[i], n = c->ilen[i], s = -1;
                for (int32_t j = 0; j < n && s < 0; j++)
                    if (c->val[o[j]] >= 0) s = o[j];
                if (s < 0) {
                    for (int32_t j = 0; j < n; j++) c->cbuf[j] = 2 * o[j];
                    c->cn = n;
                    return 1;
                }
                if (!c->val[s]) assign(c, 2 * s, (i << 2) | R_ITEM);
            }
        }
        /* the learned clauses watching the literal that just went false */
        int32_t f = p ^ 1;
        wlist *w = &c->wl[f];
        int32_t *ws = w->w, n = w->n, i = 0, j = 0;
        while (i < n) {
            int32_t cref = ws[i], blk = ws[i + 1];
            i += 2;
            if (lval(c, blk) > 0) {
                ws[j++] = cref, ws[j++] = blk;
                continue;
            }
            int32_t size = c->ar[cref], *cl = c->ar + cref + 2;
            if (cl[0] == f) cl[0] = cl[1], cl[1] = f;
            int32_t first = cl[0];
            if (first != blk && lval(c, first) > 0) {
                ws[j++] = cref, ws[j++] = first;
                continue;
            }
            int moved = 0;
            for (int32_t k = 2; k < size; k++) {
                if (lval(c, cl[k]) >= 0) {
                    cl[1] = cl[k], cl[k] = f;
                    if (wpush(&c->wl[cl[1]], cref, first)) {
                        cl[k] = cl[1], cl[1] = f; /* as it was */
                        ws[j++] = cref, ws[j++] = blk;
                        while (i < n) ws[j++] = ws[i++];
                        w->n = j;
                        return -1;
                    }
                    moved = 1;
                    break;
                }
            }
            if (moved) continue;
            ws[j++] = cref, ws[j++] = first;
            if (lval(c, first) < 0) {
                while (i < n) ws[j++] = ws[i++];
                w->n = j;
                memcpy(c->cbuf, cl, (size_t)size * sizeof *cl);
                c->cn = size;
                return 1;
            }
            assign(c, first, (cref << 2) | R_CLAUSE);
        }
        w->n = j;
    }
    return 0;
}

/* The false literals of v's reason (all but v's own), in *out; their number. */
static int32_t reason_lits(cdcl_t *c, int32_t v, const int32_t **out) {
    int32_t r = c->reason[v], x = r >> 2;
    switch (r & 3) {
    case R_CLAUSE:
        c->ar[x + 1] |= (int32_t)META_USED;
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

/* Whether literal l of the learned clause follows from the others (MiniSat's
 * recursive test; `levels` is the clause's abstract set of levels). */
static int redundant(cdcl_t *c, int32_t l, uint32_t levels, int32_t *nclear) {
    int32_t sp = 0, top = *nclear;
    c->stack[sp++] = l;
    while (sp > 0) {
        int32_t v = c->stack[--sp] >> 1;
        const int32_t *q;
        int32_t n = reason_lits(c, v, &q);
        for (int32_t k = 0; k < n; k++) {
            int32_t u = q[k] >> 1;
            if (c->seen[u] || c->level[u] == 0) continue;
            if (c->reason[u] && (levels >> (c->level[u] & 31) & 1)) {
                c->seen[u] = 1;
                c->stack[sp++] = q[k];
                c->toclear[(*nclear)++] = q[k];
            } else {
                while (*nclear > top) c->seen[c->toclear[--*nclear] >> 1] = 0;
                return 0;
            }
        }
    }
    return 1;
}

/* The variables in the reasons of the learned literals (not the asserting
 * one) get bumped as well, once each; skipped when they would be many. */
static void bump_reasons(cdcl_t *c, int32_t ln) {
    int32_t ns = 0, limit = 10 * ln;
    for (int32_t k = 0; k < ln; k++) c->seen[c->learnt[k] >> 1] = 1;
    for (int32_t k = 1; k < ln && ns <= limit; k++) {
        int32_t v = c->learnt[k] >> 1;
        if (!c->reason[v]) continue;
        const int32_t *q;
        int32_t n = reason_lits(c, v, &q);
        for (int32_t j = 0; j < n && ns <= limit; j++) {
            int32_t u = q[j] >> 1;
            if (c->seen[u] || c->level[u] == 0) continue;
            c->seen[u] = 1;
            c->stack[ns++] = u;
        }
    }
    for (int32_t k = 0; k < ln; k++) c->seen[c->learnt[k] >> 1] = 0;
    for (int32_t k = 0; k < ns; k++) {
        c->seen[c->stack[k]] = 0;
        if (ns <= limit) bump(c, c->stack[k]);
    }
}

/* First-UIP analysis of the conflict in cbuf: the learned clause in learnt
 * (asserting literal first, the highest other level second); its length. */
static int32_t analyze(cdcl_t *c, int32_t *bt, uint32_t *lbd) {
    int32_t ln = 1, path = 0, idx = c->tn - 1, pl = 0;
    const int32_t *q = c->cbuf;
    int32_t n = c->cn;
    for (;;) {
        for (int32_t k = 0; k < n; k++) {
            int32_t u = q[k] >> 1;
            if (c->seen[u] || c->level[u] == 0) continue;
            c->seen[u] = 1;
            bump(c, u);
            if (c->level[u] >= c->nlev) path++;
            else c->learnt[ln++] = q[k];
        }
        while (!c->seen[c->trail[idx] >> 1]) idx--;
        pl = c->trail[idx--];
        c->seen[pl >> 1] = 0;
        if (--path == 0) break;
        n = reason_lits(c, pl >> 1, &q);
    }
    c->learnt[0] = pl ^ 1;
    int32_t nclear = 0;
    if (c->p.minimise) {
        uint32_t levels = 0;
        for (int32_t k = 1; k < ln; k++) levels |= 1u << (c->level[c->learnt[k] >> 1] & 31);
        int32_t j = 1;
        for (int32_t k = 1; k < ln; k++) {
            int32_t l = c->learnt[k];
            if (!c->reason[l >> 1] || !redundant(c, l, levels, &nclear)) c->learnt[j++] = l;
            else c->toclear[nclear++] = l;
        }
        ln = j; /* the dropped ones are in toclear, still seen */
    }
    for (int32_t k = 1; k < ln; k++) c->seen[c->learnt[k] >> 1] = 0;
    while (nclear > 0) c->seen[c->toclear[--nclear] >> 1] = 0;
    int32_t b = 0;
    if (ln > 1) {
        int32_t at = 1;
        for (int32_t k = 2; k < ln; k++)
            if (c->level[c->learnt[k] >> 1] > c->level[c->learnt[at] >> 1]) at = k;
        int32_t t = c->learnt[1];
        c->learnt[1] = c->learnt[at], c->learnt[at] = t;
        b = c->level[c->learnt[1] >> 1];
    }
    *bt = b;
    if (c->p.bump_reason) bump_reasons(c, ln);
    c->stamp++;
    uint32_t d = 0;
    for (int32_t k = 0; k < ln; k++) {
        int32_t lv = c->level[c->learnt[k] >> 1];
        if (c->lvstamp[lv] != c->stamp) c->lvstamp[lv] = c->stamp, d++;
    }
    *lbd = d;
    return ln;
}

/* Room for a clause of n literals and its two watches; 0 or -1. */
static int reserve_clause(cdcl_t *c, int32_t n, int32_t l0, int32_t l1) {
    if (c->an + n + 2 > c->acap) {
        if (c->an + n + 2 > ARENA_MAX) return -1;
        int64_t cap = (int64_t)c->acap * 2 + n + 2;
        if (cap > ARENA_MAX) cap = ARENA_MAX;
        int32_t *a = realloc(c->ar, (size_t)cap * sizeof *a);
        if (!a) return -1;
        c->ar = a, c->acap = (int32_t)cap;
    }
    if (c->ncls == c->capcls) {
        int32_t cap = c->capcls ? 2 * c->capcls : 256;
        int32_t *p = realloc(c->cls, (size_t)cap * sizeof *p);
        if (!p) return -1;
        c->cls = p, c->capcls = cap;
    }
    wlist *w[2] = {&c->wl[l0], &c->wl[l1]};
    for (int k = 0; k < 2; k++) {
        int32_t need = w[k]->n + (k && l0 == l1 ? 4 : 2);
        if (need > w[k]->cap) {
            int32_t cap = w[k]->cap ? 2 * w[k]->cap : 8;
            int32_t *p = realloc(w[k]->w, (size_t)cap * sizeof *p);
            if (!p) return -1;
            w[k]->w = p, w[k]->cap = cap;
        }
    }
    return 0;
}

/* Store lits[0..n-1] (n >= 2; room reserved) watching the first two. */
static int32_t add_clause(cdcl_t *c, const int32_t *lits, int32_t n, uint32_t meta) {
    int32_t cref = c->an;
    c->ar[cref] = n, c->ar[cref + 1] = (int32_t)meta;
    memcpy(c->ar + cref + 2, lits, (size_t)n * sizeof *lits);
    c->an += n + 2;
    c->cls[c->ncls++] = cref;
    wpush(&c->wl[lits[0]], cref, lits[1]);
    wpush(&c->wl[lits[1]], cref, lits[0]);
    c->st.learned++;
    return cref;
}

/* ---- level 0: reduction and rebuilding the watches ----------------------- */

/* At level 0 after propagation: drop satisfied clauses and false literals,
 * the worse half of the learned clauses when `reduce`, then rebuild every
 * watch list. Units found are assigned. 0, or -1 out of memory (rewatch
 * stays set). */
static int rebuild(cdcl_t *c, int reduce) {
    c->rewatch = 1;
    uint32_t limit = 0xffff;
    if (reduce) { /* an LBD limit that removes about half of the unused clauses */
        int32_t hist[64] = {0}, cand = 0;
        for (int32_t k = 0; k < c->ncls; k++) {
            uint32_t m = (uint32_t)c->ar[c->cls[k] + 1];
            if (m & (META_KEEP | META_USED) || (m & META_LBD) <= 2) continue;
            hist[(m & META_LBD) < 63 ? (m & META_LBD) : 63]++, cand++;
        }
        int32_t kept = 0;
        for (limit = 0; limit < 63 && kept + hist[limit] <= cand / 2; limit++) kept += hist[limit];
        if (limit < 3) limit = 3;
    }
    int32_t at = 0, nc = 0;
    for (int32_t k = 0; k < c->ncls; k++) {
        int32_t cref = c->cls[k], size = c->ar[cref];
        uint32_t m = (uint32_t)c->ar[cref + 1];
        int drop = reduce && !(m & (META_KEEP | META_USED)) && (m & META_LBD) > 2 && (m & META_LBD) >= limit;
        int32_t n = 0, *src = c->ar + cref + 2, *dst = c->ar + at + 2;
        for (int32_t j = 0; j < size && !drop; j++) {
            int8_t x = lval(c, src[j]);
            if (x > 0) drop = 1;
            else if (x == 0) dst[n++] = src[j]; /* dst never passes src */
        }
        if (drop) continue;
        if (n == 0) {
            c->unsat = 1;
            continue;
        }
        if (n == 1) {
            if (!lval(c, dst[0])) assign(c, dst[0], 0);
            continue;
        }
        c->ar[at] = n, c->ar[at + 1] = (int32_t)(m & ~META_USED);
        c->cls[nc++] = at;
        at += n + 2;
    }
    c->an = at, c->ncls = nc;
    int32_t nl = 2 * c->nv;
    for (int32_t l = 0; l < nl; l++) c->wl[l].n = 0;
    for (int32_t k = 0; k < nc; k++) {
        int32_t *cl = c->ar + c->cls[k] + 2;
        c->wl[cl[0]].n += 2, c->wl[cl[1]].n += 2;
    }
    for (int32_t l = 0; l < nl; l++) {
        wlist *w = &c->wl[l];
        if (w->n > w->cap) {
            int32_t cap = w->n + w->n / 2 + 8;
            int32_t *p = realloc(w->w, (size_t)cap * sizeof *p);
            if (!p) {
                for (int32_t x = 0; x < nl; x++) c->wl[x].n = 0;
                return -1;
            }
            w->w = p, w->cap = cap;
        }
        w->n = 0;
    }
    for (int32_t k = 0; k < nc; k++) {
        int32_t cref = c->cls[k], *cl = c->ar + cref + 2;
        wpush(&c->wl[cl[0]], cref, cl[1]);
        wpush(&c->wl[cl[1]], cref, cl[0]);
    }
    c->rewatch = 0;
    return 0;
}

/* ---- the search ---------------------------------------------------------- */

static void next_restart(cdcl_t *c) {
    if (c->p.restart_unit <= 0) return;
    c->restart_at = c->st.conflicts + luby(++c->luby_i) * (uint64_t)c->p.restart_unit;
}

/* Back to level 0 after running out of memory: what was learned stays. */
static int out_of_memory(cdcl_t *c) {
    backtrack(c, 0);
    return DLX_ENOMEM;
}

static int block_solution(cdcl_t *c) {
    int32_t n = c->nlev;
    if (n == 0) {
        c->unsat = 1;
        c->at_sat = 0;
        return 0;
    }
    for (int32_t l = 0; l < n; l++) c->learnt[l] = c->trail[c->lim[n - 1 - l]] ^ 1;
    if (n > 1 && reserve_clause(c, n, c->learnt[0], c->learnt[1])) return DLX_ENOMEM;
    c->at_sat = 0;
    backtrack(c, n - 1);
    if (n == 1) assign(c, c->learnt[0], 0);
    else assign(c, c->learnt[0], (add_clause(c, c->learnt, n, META_KEEP | 1) << 2) | R_CLAUSE);
    return 0;
}

/* At level 0, everything propagated: each item's options not false first,
 * the false ones out of its list (the counts are then the lengths). */
static void compact_items(cdcl_t *c) {
    for (int32_t i = 0; i < c->ni; i++) {
        int32_t *o = c->iopt + c->istart[i], n = 0;
        for (int32_t j = 0; j < c->ilen[i]; j++)
            if (c->val[o[j]] >= 0) {
                int32_t t = o[n];
                o[n++] = o[j], o[j] = t;
            }
        c->ilen[i] = n;
    }
}

int cdcl_solve(cdcl_t *c, uint64_t node_limit) {
    if (!c->reduce_at && !c->unsat) { /* the first call: the schedule, the items trimmed */
        next_restart(c);
        c->reduce_at = (uint64_t)c->p.reduce_first;
        c->rephase_at = (uint64_t)c->p.rephase;
        if (c->nlev == 0 && c->qhead == c->tn) compact_items(c);
    }
    if (c->at_sat) {
        int e = block_solution(c);
        if (e) return e;
    }
    if (c->rewatch && c->nlev == 0 && rebuild(c, 0)) return DLX_ENOMEM;
    for (;;) {
        if (c->unsat) return CDCL_UNSAT;
        int r = propagate(c);
        if (r < 0) {
            c->rewatch = 1;
            out_of_memory(c);
            if (rebuild(c, 0)) return DLX_ENOMEM;
            continue;
        }
        if (r > 0) {
            c->st.conflicts++;
            if (c->nlev == 0) {
                c->unsat = 1;
                return CDCL_UNSAT;
            }
            int32_t bt;
            uint32_t lbd;
            int32_t n = analyze(c, &bt, &lbd);
            if (n > 1 && reserve_clause(c, n, c->learnt[0], c->learnt[1])) return out_of_memory(c);
            backtrack(c, bt);
            if (n == 1) assign(c, c->learnt[0], 0);
            else assign(c, c->learnt[0], (add_clause(c, c->learnt, n, lbd < META_LBD ? lbd : META_LBD) << 2) | R_CLAUSE);
            c->inc /= c->p.decay;
            c->ema_fast += ((double)lbd - c->ema_fast) / 32;
            c->ema_slow += ((double)lbd - c->ema_slow) / 4096;
            int restart = c->p.restart_unit > 0
                              ? c->st.conflicts >= c->restart_at
                              : c->st.conflicts - c->run_start >= 50 && c->ema_fast > c->ema_slow * c->p.margin;
            if (restart) {
                c->st.restarts++;
                backtrack(c, 0);
                c->run_start = c->st.conflicts;
                if (c->p.target == 2) c->target_n = 0;
                if (c->p.restart_unit > 0) next_restart(c);
                if (c->st.conflicts >= c->reduce_at) {
                    r = propagate(c);
                    if (r > 0) {
                        c->unsat = 1;
                        continue;
                    }
                    if (r == 0) compact_items(c);
                    if (r == 0 && rebuild(c, 1)) return DLX_ENOMEM;
                    if (r < 0) c->rewatch = 1;
                    c->reduce_at = c->st.conflicts + (uint64_t)c->p.reduce_first +
                                   (uint64_t)c->p.reduce_inc * ++c->reductions;
                }
            }
            continue;
        }
        c->quiet_n = c->tn;
        if (c->p.rephase && c->st.conflicts >= c->rephase_at) { /* best, first, best, inverted ... */
            uint64_t k = c->rephases++;
            for (int32_t x = 0; x < c->nv; x++)
                c->phase[x] = k % 2 == 0 ? c->best[x] : k % 4 == 1 ? (int8_t)c->p.phase_true : (int8_t)!c->p.phase_true;
            c->target_n = 0;
            if (k % 2 == 0) c->best_n = 0;
            c->rephase_at = c->st.conflicts + (uint64_t)c->p.rephase * (c->rephases + 1);
        }
        /* The next decision is the heap's top once the assigned are gone;
         * it is taken off only when the budget allows it, so a search cut
         * into calls makes the same decisions as one in a single call. */
        while (c->hn > 0 && c->val[c->heap[0]]) heap_pop(c);
        if (c->hn == 0) {
            c->at_sat = 1;
            c->st.solutions++;
            return CDCL_SAT;
        }
        if (c->st.nodes >= node_limit) return CDCL_BUDGET;
        int32_t v = heap_pop(c);
        c->st.nodes++, c->st.decisions++;
        c->lim[c->nlev++] = c->tn;
        int ph = c->p.target && c->target[v] >= 0 ? c->target[v] : c->phase[v] < 0 ? c->p.phase_true : c->phase[v];
        assign(c, 2 * v + (ph ? 0 : 1), 0);
    }
}

/* ---- building ------------------------------------------------------------ */

cdcl_params *cdcl_params_of(cdcl_t *c) { return &c->p; }

int cdcl_chosen(const cdcl_t *c, int32_t k) { return c->at_sat && k >= 0 && k < c->nv && c->val[k] > 0; }

int cdcl_block(cdcl_t *c) { return c->at_sat ? block_solution(c) : 0; }

void cdcl_get_stats(const cdcl_t *c, cdcl_stats *s) {
    *s = c->st;
    s->rephases = c->rephases;
}

int cdcl_fix(cdcl_t *c, int32_t k) {
    if (c->unsat || k < 0 || k >= c->nv) return CDCL_UNSAT;
    if (c->val[k] > 0) return 0;
    if (c->val[k] < 0) return c->unsat = 1, CDCL_UNSAT;
    assign(c, 2 * k, 0);
    if (propagate(c)) return c->unsat = 1, CDCL_UNSAT;
    return 0;
}

void cdcl_free(cdcl_t *c) {
    if (!c) return;
    if (c->wl)
        for (int32_t l = 0; l < 2 * c->nv; l++) free(c->wl[l].w);
    free(c->block);
    free(c->ar);
    free(c->cls);
    free(c->wl);
    free(c);
}

cdcl_t *cdcl_new(int32_t n_items, int32_t n_primary, int32_t n_options, const int32_t *start,
                 const int32_t *items, uint64_t seed) {
    if (n_items < 0 || n_primary < 0 || n_primary > n_items || n_options < 0 || n_options > (1 << 28))
        return NULL;
    cdcl_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    int32_t nv = n_options, ni = n_items, nn = start[nv];
    c->nv = nv, c->ni = ni, c->np = n_primary;
    size_t v1 = (size_t)nv + 1, i1 = (size_t)ni + 1, n1 = (size_t)nn + 1;
    /* one block: the doubles first, then the 32-bit arrays, then the bytes */
    size_t words = 2 * v1 + 13 * v1 + 2 * n1 + 3 * i1, bytes = 5 * v1;
    char *m = calloc(1, words * 4 + bytes);
    c->wl = calloc(2 * v1, sizeof(wlist));
    if (!m || !c->wl) {
        free(m);
        cdcl_free(c);
        return NULL;
    }
    c->block = m;
    c->act = (double *)(void *)m;
    int32_t *w = (int32_t *)(void *)(m + 8 * v1);
    int32_t **arr[] = {&c->ostart, &c->level, &c->reason, &c->trail, &c->lim, &c->heap, &c->hpos,
                       &c->learnt, &c->stack, &c->toclear, &c->rbuf, &c->cbuf};
    for (size_t k = 0; k < sizeof arr / sizeof *arr; k++) *arr[k] = w, w += v1;
    c->lvstamp = (uint32_t *)w, w += v1;
    c->oitem = w, w += n1;
    c->iopt = w, w += n1;
    c->istart = w, w += i1;
    c->ilen = w, w += i1;
    c->cnt = w, w += i1;
    int8_t *by = (int8_t *)w;
    c->val = by, c->phase = by + v1, c->target = by + 2 * v1, c->best = by + 3 * v1;
    c->seen = (uint8_t *)by + 4 * v1;
    memcpy(c->ostart, start, v1 * sizeof(int32_t));
    memcpy(c->oitem, items, (size_t)nn * sizeof(int32_t));
    for (int32_t k = 0; k < nn; k++) c->istart[items[k] + 1]++;
    for (int32_t i = 0; i < ni; i++) c->istart[i + 1] += c->istart[i];
    for (int32_t v = 0; v < nv; v++)
        for (int32_t k = start[v]; k < start[v + 1]; k++) {
            int32_t i = items[k];
            c->iopt[c->istart[i] + c->ilen[i]++] = v;
        }
    for (int32_t i = 0; i < n_primary; i++) c->cnt[i] = c->ilen[i];
    c->p = (cdcl_params){.restart_unit = 100, .reduce_first = 2000, .reduce_inc = 300, .phase_true = 1,
                         .save_phase = 1, .minimise = 1, .decay = 0.95, .target = 1, .margin = 1.25,
                         .rephase = 1000, .bump_reason = 1};
    c->rng = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!c->rng) c->rng = 1;
    c->inc = 1;
    for (int32_t v = 0; v < nv; v++) {
        c->act[v] = (double)(xorshift64_next(&c->rng) >> 11) * 0x1p-53 * 1e-6;
        c->phase[v] = c->target[v] = c->best[v] = -1;
        c->hpos[v] = -1;
    }
    for (int32_t v = 0; v < nv; v++) heap_insert(c, v);
    /* an item with no option can never be covered; an option with no
     * primary item is never chosen */
    for (int32_t i = 0; i < n_primary; i++)
        if (!c->ilen[i]) c->unsat = 1;
    for (int32_t v = 0; v < nv && !c->unsat; v++) {
        int prim = 0;
        for (int32_t k = start[v]; k < start[v + 1]; k++) prim |= items[k] < n_primary;
        if (!prim && !c->val[v]) assign(c, 2 * v + 1, 0);
    }
    if (!c->unsat && propagate(c)) c->unsat = 1;
    return c;
}
