/* dlx_cdcl_hall.c: Hall sets for the CDCL search (dlx_cdcl.c), the
 * inference clause learning on exact cover cannot learn cheaply: Sudoku's
 * naked and hidden subsets of any size, fish, and locked candidates of any
 * width, each with a reason, found by bipartite matching (Regin's all-different
 * filtering), in any exact cover that has the shape.
 *
 * The shape: every option covers m items, and an item sits at the same
 * place in each of its options. For places p < q, join the items at p and
 * q of each option: a component with as many items at p as at q (all
 * primary) is a block. Every item of a block is covered exactly once, each
 * option covering one item on each side, so the chosen options make a
 * perfect matching of the block's sides (Sudoku: the cells and digits of a
 * row, column or box; the rows and columns of a digit; the rows and boxes
 * of a digit in a band). An option in no perfect matching of what is left
 * is out. Reason: the Hall set that rules it out (the side-p items
 * reachable from its side-q item by alternating paths, which only ever
 * reach a side-q set of their own size): the options from those items to
 * side-q items outside that set, all false. No perfect matching: a
 * conflict, with the same kind of reason.
 *
 * A block is looked at again when one of its options goes false; its
 * matching is kept from the last look and repaired. */
#include "dlx_cdcl_internal.h"

#include <stdlib.h>
#include <string.h>

#define HALL_MAX_PLACES 8

struct cdcl_hall {
    int32_t m, pairs;           /* items per option; place pairs */
    int8_t pp[28], pq[28];      /* the places of each pair */
    int32_t nb;                 /* blocks */
    int32_t *vblock;            /* nv * pairs: option v's block under pair j, or -1 */
    int32_t *bstart, *bitem;    /* block b: its side-p items, then as many side-q ones */
    int8_t *bpair;              /* the pair of each block */
    int32_t *mate;              /* per entry of bitem: its matched option, or -1 */
    uint8_t *dirty;
    int32_t *queue, nq;
    int32_t *loc;               /* item -> its index on its side of the block at hand */
    int32_t *seen, stamp;       /* per node (2 * largest side) */
    int32_t *idx, *low, *stk, *comp, *reach; /* Tarjan's, per node */
    int32_t *lits;              /* an explanation (nv + 1) */
};

void cdcl_hall_free(cdcl_hall *h) {
    if (!h) return;
    free(h->vblock), free(h->bstart), free(h->bitem), free(h->bpair), free(h->mate);
    free(h->dirty), free(h->queue), free(h->loc), free(h->seen), free(h->lits);
    free(h);
}

static int32_t find(int32_t *up, int32_t x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
}

/* ---- building (level 0, once) -------------------------------------------- */

void cdcl_hall_build(cdcl_t *c) {
    int32_t nv = c->nv, ni = c->ni, m = nv ? c->ostart[1] - c->ostart[0] : 0;
    if (c->p.hall <= 0 || m < 2 || m > HALL_MAX_PLACES) return;
    int32_t *pos = malloc((size_t)ni * sizeof *pos), *up = malloc((size_t)ni * sizeof *up);
    int32_t *side = malloc((size_t)ni * sizeof *side), *root = malloc((size_t)ni * sizeof *root);
    cdcl_hall *h = calloc(1, sizeof *h);
    int ok = pos && up && side && root && h;
    for (int32_t i = 0; ok && i < ni; i++) pos[i] = -1;
    for (int32_t v = 0; ok && v < nv; v++) { /* every option m items, each item at one place */
        if (c->ostart[v + 1] - c->ostart[v] != m) ok = 0;
        for (int32_t k = 0; ok && k < m; k++) {
            int32_t i = c->oitem[c->ostart[v] + k];
            if (pos[i] == -1) pos[i] = k;
            else if (pos[i] != k) pos[i] = -2;
        }
    }
    if (ok) {
        h->m = m;
        for (int p = 0; p < m; p++)
            for (int q = p + 1; q < m; q++) h->pp[h->pairs] = (int8_t)p, h->pq[h->pairs++] = (int8_t)q;
        h->vblock = malloc((size_t)nv * h->pairs * sizeof *h->vblock);
        h->bstart = malloc(((size_t)ni * h->pairs / 2 + 2) * sizeof *h->bstart);
        h->bitem = malloc((size_t)ni * h->pairs * sizeof *h->bitem);
        h->bpair = malloc((size_t)ni * h->pairs / 2 + 2);
        ok = h->vblock && h->bstart && h->bitem && h->bpair;
    }
    int32_t at = 0, big = 1;
    for (int32_t j = 0; ok && j < h->pairs; j++) {
        int p = h->pp[j], q = h->pq[j];
        for (int32_t i = 0; i < ni; i++) up[i] = i, side[i] = 0, root[i] = -1;
        for (int32_t v = 0; v < nv; v++) {
            int32_t a = c->oitem[c->ostart[v] + p], b = c->oitem[c->ostart[v] + q];
            if (c->val[v] < 0 || pos[a] != p || pos[b] != q || a >= c->np || b >= c->np) continue;
            up[find(up, a)] = find(up, b);
            side[a] = 1, side[b] = 2;
        }
        /* count each component's sides in side[] of its root (p in low half, q high) */
        int32_t *cnt = root; /* reused: per root, (#p << 16) | #q, after the pass below */
        for (int32_t i = 0; i < ni; i++) cnt[i] = 0;
        for (int32_t i = 0; i < ni; i++)
            if (side[i]) cnt[find(up, i)] += side[i] == 1 ? 1 << 16 : 1;
        for (int32_t r = 0; r < ni; r++) {
            int32_t np = cnt[r] >> 16, nq = cnt[r] & 0xffff;
            if (up[r] != r || np != nq || np < 2 || np > 64) continue;
            h->bpair[h->nb] = (int8_t)j;
            h->bstart[h->nb++] = at;
            for (int s = 1; s <= 2; s++)
                for (int32_t i = 0; i < ni; i++)
                    if (side[i] == s && find(up, i) == r) h->bitem[at++] = i;
            if (np > big) big = np;
        }
        for (int32_t r = 0; r < ni; r++) cnt[r] = -1;
        for (int32_t b = 0; b < h->nb; b++)
            if (h->bpair[b] == j) cnt[find(up, h->bitem[h->bstart[b]])] = b;
        for (int32_t v = 0; v < nv; v++) {
            int32_t a = c->oitem[c->ostart[v] + p];
            h->vblock[(size_t)v * h->pairs + j] = side[a] == 1 ? cnt[find(up, a)] : -1;
        }
    }
    if (ok) {
        h->bstart[h->nb] = at;
        h->mate = malloc((size_t)(at + 1) * sizeof *h->mate);
        h->dirty = malloc((size_t)h->nb + 1);
        h->queue = malloc(((size_t)h->nb + 1) * sizeof *h->queue);
        h->loc = malloc((size_t)ni * sizeof *h->loc);
        h->seen = malloc((size_t)2 * big * 7 * sizeof *h->seen);
        h->lits = malloc(((size_t)nv + 1) * sizeof *h->lits);
        ok = h->mate && h->dirty && h->queue && h->loc && h->seen && h->lits && h->nb;
    }
    if (ok) {
        int32_t *w = h->seen + 2 * big;
        h->idx = w, h->low = w + 2 * big, h->stk = w + 4 * big, h->comp = w + 6 * big, h->reach = w + 8 * big;
        for (int32_t k = 0; k < at; k++) h->mate[k] = -1;
        for (int32_t b = 0; b < h->nb; b++) h->dirty[b] = 1, h->queue[b] = b;
        for (int32_t k = 0; k < 2 * big; k++) h->seen[k] = 0;
        h->nq = h->nb;
        c->hall = h;
    } else
        cdcl_hall_free(h);
    free(pos), free(up), free(side), free(root);
}

void cdcl_hall_touch(cdcl_t *c, int32_t v) {
    cdcl_hall *h = c->hall;
    const int32_t *vb = h->vblock + (size_t)v * h->pairs;
    for (int32_t j = 0; j < h->pairs; j++) {
        int32_t b = vb[j];
        if (b >= 0 && !h->dirty[b]) h->dirty[b] = 1, h->queue[h->nq++] = b;
    }
}

/* ---- one block ----------------------------------------------------------- */

typedef struct {
    cdcl_t *c;
    cdcl_hall *h;
    int32_t k, p, q;
    int32_t *P, *Q, *mp, *mq; /* the sides, their mates */
} blk;

static inline int32_t at_place(const cdcl_t *c, int32_t v, int32_t k) { return c->oitem[c->ostart[v] + k]; }

/* Kuhn's augmenting path from side-p node i; seen[] marks the side-q nodes met. */
static int augment(blk *B, int32_t i) {
    cdcl_t *c = B->c;
    cdcl_hall *h = B->h;
    int32_t x = B->P[i], *o = c->iopt + c->istart[x], n = c->ilen[x];
    for (int32_t j = 0; j < n; j++) {
        int32_t v = o[j];
        if (c->val[v] < 0) continue;
        int32_t y = h->loc[at_place(c, v, B->q)];
        if (h->seen[y] == h->stamp) continue;
        h->seen[y] = h->stamp;
        if (B->mq[y] < 0 || augment(B, h->loc[at_place(c, B->mq[y], B->p)])) {
            B->mq[y] = v, B->mp[i] = v;
            return 1;
        }
    }
    return 0;
}

/* The false options from the side-p nodes marked in mark[] (i < k) to side-q
 * nodes not marked (mark[k + y]) appended to lits from n on; the new n. */
static int32_t hall_reason(blk *B, const int32_t *mark, int32_t want, int32_t *lits, int32_t n) {
    cdcl_t *c = B->c;
    for (int32_t i = 0; i < B->k; i++) {
        if (mark[i] != want) continue;
        int32_t x = B->P[i], *o = c->iopt + c->istart[x], no = c->ilen[x];
        for (int32_t j = 0; j < no; j++)
            if (c->val[o[j]] < 0 && c->level[o[j]] > 0 && mark[B->k + B->h->loc[at_place(c, o[j], B->q)]] != want)
                lits[n++] = 2 * o[j];
    }
    return n;
}

/* Tarjan's strongly connected components: side-p node i -> side-q node y
 * for a free option, side-q y -> side-p node of its mate. */
static void tarjan(blk *B, int32_t u, int32_t *counter, int32_t *sp, int32_t *ncomp) {
    cdcl_t *c = B->c;
    cdcl_hall *h = B->h;
    int32_t k = B->k;
    h->idx[u] = h->low[u] = ++*counter;
    h->stk[(*sp)++] = u;
    h->comp[u] = -1;
    if (u < k) {
        int32_t x = B->P[u], *o = c->iopt + c->istart[x], n = c->ilen[x];
        for (int32_t j = 0; j < n; j++) {
            int32_t v = o[j];
            if (c->val[v] < 0 || v == B->mp[u]) continue;
            int32_t w = k + h->loc[at_place(c, v, B->q)];
            if (!h->idx[w]) tarjan(B, w, counter, sp, ncomp);
            if (h->comp[w] < 0 && h->low[w] < h->low[u]) h->low[u] = h->low[w];
        }
    } else {
        int32_t w = h->loc[at_place(c, B->mq[u - k], B->p)];
        if (!h->idx[w]) tarjan(B, w, counter, sp, ncomp);
        if (h->comp[w] < 0 && h->low[w] < h->low[u]) h->low[u] = h->low[w];
    }
    if (h->low[u] == h->idx[u]) {
        int32_t w;
        do h->comp[w = h->stk[--*sp]] = *ncomp;
        while (w != u);
        ++*ncomp;
    }
}

/* Mark (reach[] = want) every node reachable from u in Tarjan's graph. */
static void reach(blk *B, int32_t u, int32_t want) {
    cdcl_t *c = B->c;
    cdcl_hall *h = B->h;
    int32_t k = B->k, sp = 0;
    h->reach[u] = want, h->stk[sp++] = u;
    while (sp > 0) {
        u = h->stk[--sp];
        if (u >= k) {
            int32_t w = h->loc[at_place(c, B->mq[u - k], B->p)];
            if (h->reach[w] != want) h->reach[w] = want, h->stk[sp++] = w;
            continue;
        }
        int32_t x = B->P[u], *o = c->iopt + c->istart[x], n = c->ilen[x];
        for (int32_t j = 0; j < n; j++) {
            if (c->val[o[j]] < 0 || o[j] == B->mp[u]) continue;
            int32_t w = k + h->loc[at_place(c, o[j], B->q)];
            if (h->reach[w] != want) h->reach[w] = want, h->stk[sp++] = w;
        }
    }
}

/* The highest-level literal of lits[1..n-1] to place 1 (watched). */
static void second_watch(const cdcl_t *c, int32_t *lits, int32_t n) {
    for (int32_t k = 2; k < n; k++)
        if (c->level[lits[k] >> 1] > c->level[lits[1] >> 1]) {
            int32_t t = lits[1];
            lits[1] = lits[k], lits[k] = t;
        }
}

/* 0, 2 (options ruled out), 1 (a conflict in cbuf) or -1 (out of memory). */
static int run_block(cdcl_t *c, int32_t b) {
    cdcl_hall *h = c->hall;
    int32_t s = h->bstart[b], k = (h->bstart[b + 1] - s) / 2, j = h->bpair[b];
    blk B = {c, h, k, h->pp[j], h->pq[j], h->bitem + s, h->bitem + s + k, h->mate + s, h->mate + s + k};
    for (int32_t i = 0; i < k; i++) h->loc[B.P[i]] = i, h->loc[B.Q[i]] = i;
    for (int32_t i = 0; i < k; i++) { /* the matching, without the options gone false */
        int32_t v = B.mp[i];
        if (v >= 0 && c->val[v] < 0) B.mp[i] = -1, B.mq[h->loc[at_place(c, v, B.q)]] = -1;
    }
    for (int32_t i = 0; i < k; i++) {
        if (B.mp[i] >= 0) continue;
        h->stamp++;
        if (augment(&B, i)) continue;
        /* no perfect matching: i and the side-p nodes behind the side-q ones met */
        int32_t *mark = h->reach;
        for (int32_t x = 0; x < 2 * k; x++) mark[x] = 0;
        mark[i] = 1;
        for (int32_t y = 0; y < k; y++)
            if (h->seen[y] == h->stamp) mark[k + y] = 1, mark[h->loc[at_place(c, B.mq[y], B.p)]] = 1;
        c->cn = hall_reason(&B, mark, 1, c->cbuf, 0);
        c->st.hall_conflicts++;
        return 1;
    }
    int32_t counter = 0, sp = 0, ncomp = 0, ruled = 0;
    for (int32_t u = 0; u < 2 * k; u++) h->idx[u] = 0, h->reach[u] = 0;
    for (int32_t u = 0; u < 2 * k; u++)
        if (!h->idx[u]) tarjan(&B, u, &counter, &sp, &ncomp);
    for (int32_t i = 0; i < k; i++) {
        int32_t x = B.P[i], *o = c->iopt + c->istart[x], n = c->ilen[x];
        for (int32_t jj = 0; jj < n; jj++) {
            int32_t v = o[jj];
            if (c->val[v] || v == B.mp[i]) continue;
            int32_t y = k + h->loc[at_place(c, v, B.q)];
            if (h->comp[y] == h->comp[i]) continue;
            c->st.hall++;
            ruled = 1;
            if (!c->nlev) {
                assign(c, 2 * v + 1, 0);
                continue;
            }
            reach(&B, y, y + 1); /* the Hall set behind y */
            h->lits[0] = 2 * v + 1;
            int32_t nl = hall_reason(&B, h->reach, y + 1, h->lits, 1);
            if (nl == 1) assign(c, 2 * v + 1, 0);
            else {
                second_watch(c, h->lits, nl);
                if (cdcl_imply(c, h->lits, nl)) return -1;
            }
        }
    }
    return ruled ? 2 : 0;
}

int cdcl_hall_run(cdcl_t *c) {
    cdcl_hall *h = c->hall;
    while (h->nq > 0) {
        int32_t b = h->queue[--h->nq];
        h->dirty[b] = 0;
        int r = run_block(c, b);
        if (r) {
            if (r < 0) h->dirty[b] = 1, h->queue[h->nq++] = b;
            return r;
        }
    }
    return 0;
}
