/* dlx_restarts.c: the parts of the linked search that run once per run or
 * per guess, apart from the hot search (dlx_search.c) so that they can be
 * built for size: the Luby schedule, the start of a run, inference, and
 * undoing the search's choices (for a new run, dlx_restart and the
 * hand-over to learning). The contract is dlx_set_restarts's (dlx.h). */
#include "dlx_internal.h"
#include "random.h"
#include "luby.h"

#include <stdlib.h>

/* The nodes of one Luby unit: a run must be able to reach the bottom of
 * the tree, whose depth grows with the items, and to learn weights on the
 * way. Measured on random-hole Sudoku 25x25 and 36x36 (bench/hard-sudoku.mjs):
 * units of 3,000 nodes took 3x the nodes of 10,000, 100 nodes 10x. Tests
 * set their own (dlx_set_restart_unit). */
static uint64_t restart_unit(const dlx_t *d) {
    return d->restart_unit ? d->restart_unit : 10000;
}

void dlx_trail_room(dlx_t *d) {
    if (d->has_colors || d->cap_trail >= d->n_options) return;
    int32_t *t = realloc(d->trail, (size_t)d->n_options * sizeof *t);
    if (t) d->trail = t, d->cap_trail = d->n_options; /* else no inference */
}

/* Undo the choices of levels depth-1 .. 0, and what their inference ruled out. */
static void unwind(dlx_t *d, const int colored) {
    dance m = {d->node, d->item, d->len};
    for (int32_t l = d->depth - 1; l >= 0; l--) {
        int32_t cur = d->choice[l];
        uncommit_rest(m, cur, colored);
        uncover(m, m.nd[cur].top, colored);
        if (d->ntrail) unelim_to(m, d->trail, &d->ntrail, d->lv[l].trail);
    }
}

void dlx_unwind(dlx_t *d) {
    if (d->has_colors) unwind(d, 1);
    else unwind(d, 0);
}

/* Start run number d->restarts (0: the first): its order, its budget, and
 * the stacks of items already down to 0 or 1 option, and to a few. */
void dlx_begin_run(dlx_t *d, uint64_t nodes) {
    if (d->restarts == 0) /* weights are learnt from one search's runs */
        for (int32_t i = 0; i <= d->n_primary; i++) d->weight[i] = 1;
    d->rng = mix_seed(d->seed ^ d->restarts * 0xD1B54A32D192ED03ULL);
    d->run_stop = nodes + luby(d->restarts + 1) * restart_unit(d);
    int32_t n = 0, f = 0;
    for (int32_t k = 1; k <= d->n_primary; k++) {
        if (d->len[k] <= 1) d->stack[n++] = k;
        else if (d->len[k] <= FEW_MAX) d->few[f++] = k;
    }
    d->sp = n, d->nfew = f, d->ntrail = 0;
}

/* Whether the option holding node p (other than p) covers item x. */
static int option_has(const dlx_node *nd, int32_t p, int32_t x) {
    for (int32_t q = p + 1; q != p; q = nd[q].top <= 0 ? nd[q].up : q + 1)
        if (nd[q].top == x) return 1;
    return 0;
}

/* The node of p's option in item x's column (p itself if x is top(p)), or 0. */
static int32_t node_in(const dlx_node *nd, int32_t p, int32_t x) {
    if (nd[p].top == x) return p;
    for (int32_t q = p + 1; q != p; q = nd[q].top <= 0 ? nd[q].up : q + 1)
        if (nd[q].top == x) return q;
    return 0;
}

/* Rule out the options of item t that cover neither a nor b. */
static void keep_only(dlx_t *d, dance m, int32_t t, int32_t a, int32_t b, pusher push, uint64_t *upd) {
    const dlx_node *nd = m.nd;
    for (int32_t r = nd[t].down; r != t; r = nd[r].down) {
        if (option_has(nd, r, a) || option_has(nd, r, b)) continue;
        elim(m, r, upd, push);
        d->trail[d->ntrail++] = r;
    }
}

/* Pairs (for Sudoku: naked and hidden pairs): item A down to two options,
 * one covering T1, the other T2, and an item A2 whose two options, none of
 * them A's, cover T1 and T2 in the same way. A's option and A2's are two
 * options of the solution, so they cover both T1 and T2: the other options
 * of T1 and T2 go. Returns whether any went. */
static int infer_pair(dlx_t *d, dance m, int32_t a, pusher push, uint64_t *upd) {
    const dlx_node *nd = m.nd;
    int32_t np = d->n_primary, o1 = nd[a].down, o2 = nd[o1].down, n0 = d->ntrail;
    for (int32_t q1 = o1 + 1; q1 != o1; q1 = nd[q1].top <= 0 ? nd[q1].up : q1 + 1) {
        int32_t t1 = nd[q1].top;
        if (t1 <= 0 || t1 > np) continue;
        for (int32_t q2 = o2 + 1; q2 != o2; q2 = nd[q2].top <= 0 ? nd[q2].up : q2 + 1) {
            int32_t t2 = nd[q2].top;
            if (t2 <= 0 || t2 > np || t2 == t1) continue;
            if (m.len[t1] + m.len[t2] <= 4) continue; /* nothing could go */
            /* A2: an item with two options, one in the shorter column of
             * T1 and T2 (u), not A's, the other covering the other (v). */
            int32_t u = t1, v = t2;
            if (m.len[t2] < m.len[t1]) u = t2, v = t1;
            int32_t n1 = node_in(nd, o1, u), n2 = node_in(nd, o2, u); /* A's options there */
            for (int32_t p1 = nd[u].down; p1 != u; p1 = nd[p1].down) {
                if (p1 == n1 || p1 == n2) continue;
                for (int32_t r = p1 + 1; r != p1; r = nd[r].top <= 0 ? nd[r].up : r + 1) {
                    int32_t a2 = nd[r].top;
                    if (a2 <= 0 || a2 > np || m.len[a2] != 2) continue;
                    int32_t r2 = nd[r].down == a2 ? nd[r].up : nd[r].down;
                    if (!option_has(nd, r2, v) || option_has(nd, r2, a)) continue;
                    keep_only(d, m, t1, a, a2, push, upd);
                    keep_only(d, m, t2, a, a2, push, upd);
                    if (d->ntrail > n0) return 1;
                }
            }
        }
    }
    return 0;
}

/* Inference at node l: for every primary item A newly down to a few
 * options (the few stack from where the parent left it), the items B that
 * all of A's options cover: A's option will cover B, so B's options without
 * A go (for Sudoku: locked candidates); for A down to two options, pairs
 * (infer_pair). Returns whether any went. */
int dlx_infer(dlx_t *d, int32_t l, pusher push, uint64_t *upd) {
    dance m = {d->node, d->item, d->len};
    const dlx_node *nd = m.nd;
    int32_t np = d->n_primary, k = l ? d->lv[l - 1].chk : 0, ruled = 0;
    for (; d->few + k < push->few; k++) {
        int32_t a = d->few[k];
        if (a > np || m.len[a] > FEW_MAX || m.len[a] < 2) continue; /* secondary, covered, forced */
        if (m.len[a] == 2 && infer_pair(d, m, a, push, upd)) ruled = 1;
        int32_t common[8], nc = 0;
        int32_t p0 = nd[a].down;
        for (int32_t q = p0 + 1; q != p0; q = nd[q].top <= 0 ? nd[q].up : q + 1)
            if (nd[q].top > 0 && nc < 8) common[nc++] = nd[q].top;
        for (int32_t p = nd[p0].down; p != a && nc; p = nd[p].down) {
            int32_t kept = 0;
            for (int32_t c = 0; c < nc; c++)
                if (option_has(nd, p, common[c])) common[kept++] = common[c];
            nc = kept;
        }
        for (int32_t c = 0; c < nc; c++) {
            int32_t b = common[c];
            for (int32_t r = nd[b].down; r != b; r = nd[r].down) {
                if (option_has(nd, r, a)) continue; /* one of A's options */
                elim(m, r, upd, push);
                d->trail[d->ntrail++] = r;
                ruled = 1;
            }
        }
    }
    d->lv[l].chk = k;
    return ruled;
}

