/* dlx_search.c: the linked engine's search (Knuth's Algorithm C), resumable:
 * its state is kept in the handle, the choice made at every level plus a
 * phase telling where to pick up again. Built for speed (see the Makefile);
 * the rest of the engine is in dlx.c. Most problems search on bit sets
 * (dlx_bits.c) or sparse sets (dlx_cells.c) instead: pick_search below
 * chooses at each start. */
#include "dlx_internal.h"
#include "random.h"

#include "dlx_scan.h"

/* The primary item with the fewest options left (ties: the first), stopping
 * early at 0 or 1. Returns its length; INT32_MAX if every item is covered.
 * Small problems scan the length array in blocks of 64, then 16, whose
 * minimum the compiler takes without branches (SIMD where it can), and find
 * the item inside the best block once at the end; big ones follow the list
 * of active items. Both take the first item with the fewest options, but
 * stop early differently: the list at the first item with 0 or 1 (each
 * step of the walk is a dependent load), the blocks only at a 0. A blocked
 * item (0) found at once saves a node: 10-20% fewer on Sudoku, and the full
 * scan costs little in SIMD. */
INLINE int32_t choose_item(const dlx_t *d, int32_t *best, int32_t n_pref) {
    const int32_t *len = d->len;
    int32_t t = INT32_MAX, b = 0, n = d->n_primary;
    if (n > ARRAY_SCAN_MAX) {
        for (int32_t k = d->item[0].next; k != 0; k = d->item[k].next)
            if (len[k] < t) {
                t = len[k], b = k;
                if (t <= 1) break;
            }
    } else {
        t = fewest(len, n, &b);
    }
    *best = n_pref ? prefer(len, d->pref, n_pref, t, b) : b;
    return t;
}

/* ---- restarts (their runs, inference: dlx_restarts.c) ---- */

/* The item to branch on with restarts: one with no option left, else one
 * with one (both found on the stack, no scan), else the one with the fewest
 * options per failure weight (dom/wdeg). Returns its length. */
INLINE int32_t choose_weighted(dlx_t *d, int32_t l, int32_t sp, int32_t *best) {
    const int32_t *len = d->len, *stk = d->stack;
    int32_t np = d->n_primary, lo = l ? d->lv[l - 1].lo : 0, one = 0;
    /* Dead entries (secondary, covered) stay dead below this node. */
    while (lo < sp && (stk[lo] > np || len[stk[lo]] > 1)) lo++;
    d->lv[l].lo = lo;
    for (int32_t k = lo; k < sp; k++) {
        int32_t x = stk[k];
        if (x > np) continue;
        if (len[x] == 0) {
            *best = x;
            return 0;
        }
        if (len[x] == 1 && !one) one = x;
    }
    if (one) {
        *best = one;
        return 1;
    }
    /* The fewest options per weight: len / weight in floats, whose bits
     * compare as integers (all are positive), blocks of 16 at a time;
     * covered items score INT32_MAX. Ties: the first. Rounded quotients of
     * equal ratios are equal, so the order is the exact ratios' (but for
     * ratios closer than a float tells apart). */
    const float *wf = d->weight;
    int32_t low = INT32_MAX, block = 1, k = 1;
    for (; k + 15 <= np; k += 16) {
        int32_t m = block_score_min(len + k, wf + k, COVERED);
        if (m < low) low = m, block = k;
    }
    int32_t b = 0;
    for (int32_t j = block; j < block + 16 && j <= np && low < INT32_MAX; j++)
        if (score_bits(len[j], wf[j], COVERED) == low) {
            b = j;
            break;
        }
    for (; k <= np; k++) {
        int32_t s = score_bits(len[k], wf[k], COVERED);
        if (s < low) low = s, b = k;
    }
    *best = b;
    return b ? len[b] : COVERED;
}

/* With restarts, the first option tried at a guess: the one whose other
 * items have the fewest options left in all, so that taking it rules out
 * the fewest (least constraining value; ties: the first from `from`, the
 * seeded start). On random-hole Sudoku 36x36 it took 20/20 puzzles under
 * 5 s instead of 18/20, in 0.6x the nodes; the most constraining took 2x. */
INLINE int32_t least_constraining(const dlx_node *nd, const int32_t *len, int32_t best, int32_t from) {
    int32_t b = from, p = from;
    int64_t low = INT64_MAX;
    do {
        if (p != best) {
            int64_t sum = 0;
            for (int32_t q = p + 1; q != p; q = nd[q].top <= 0 ? nd[q].up : q + 1)
                if (nd[q].top > 0) sum += len[nd[q].top];
            if (sum < low) low = sum, b = p;
        }
        p = nd[p].down;
    } while (p != from);
    return b;
}

/* Search until a solution, the end, or the node counter reaching `stop`.
 * With rs (restarts on), a run that reaches d->run_stop before a solution
 * unwinds to level 0 and starts over in a new order. */
INLINE int search(dlx_t *d, uint64_t stop, const int colored, const int rs) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = d->node;
    int32_t *choice = d->choice, *start = d->start, *pos = d->pos, *tot = d->tot;
    int32_t *stk = d->stack, *few = d->few;
    stacks st = {stk + d->sp, few + d->nfew};
    pusher push = rs ? &st : NULL;
    const int32_t n_pref = d->n_pref; /* read once: the choice tests a register */
    const int inferring = rs && !colored && d->trail;
    struct rs_level *lv = d->lv;
    uint64_t nodes = d->nodes, upd = d->updates;
    uint64_t lim = stop < d->run_stop ? stop : d->run_stop;
    int32_t l = d->level, cur, best;
    int rc;

    switch (d->phase) {
    case PH_DONE: return DLX_DONE;
    case PH_AT_SOLUTION:
        if (d->depth == 0) goto done; /* the empty solution: nothing left */
        cur = choice[l];
        goto recover;
    case PH_START:
        l = 0;
        if (m.it[0].next == 0) { /* nothing to cover: one (empty) solution */
            d->depth = 0;
            rc = DLX_SOLUTION;
            goto solution;
        }
        if (rs) {
            dlx_begin_run(d, nodes);
            st.one = stk + d->sp, st.few = few + d->nfew;
            lim = stop < d->run_stop ? stop : d->run_stop;
        }
        /* fall through */
    case PH_FORWARD:
        break;
    }

forward:
    if (nodes >= lim) {
        if (rs && nodes < stop) { /* the run's budget is spent: start over */
            d->depth = l, l = 0;
            dlx_unwind(d); /* rare: the slow shared copy serves */
            d->restarts++;
            dlx_begin_run(d, nodes);
            st.one = stk + d->sp, st.few = few + d->nfew;
            lim = stop < d->run_stop ? stop : d->run_stop;
            goto forward;
        }
        d->phase = PH_FORWARD;
        d->depth = l;
        rc = DLX_BUDGET;
        goto out;
    }
    nodes++;
    if (inferring) lv[l].trail = d->ntrail, lv[l].chk = l ? lv[l - 1].chk : 0;
    {
        int32_t t;
    choose:
        t = rs ? choose_weighted(d, l, (int32_t)(st.one - stk), &best) : choose_item(d, &best, n_pref);
        if (inferring && t > 1 && dlx_infer(d, l, push, &upd)) goto choose;
        if (t == 0) { /* dead end: nothing covered at this level */
            if (rs && d->weight[best] < 0x1p24f) d->weight[best] += 1; /* exact up to there */
            goto leave;
        }
        if (t > 1) d->guesses++;
        cover(m, best, colored, &upd, push);
        if (rs) lv[l].sp_try = (int32_t)(st.one - stk), lv[l].few_try = (int32_t)(st.few - few);
        cur = nd[best].down;
        if (d->rng)
            for (uint64_t r = rng_next(&d->rng) % (uint64_t)t; r; r--) cur = nd[cur].down;
        if (rs && t > 1) cur = least_constraining(nd, m.len, best, cur);
        start[l] = cur, pos[l] = 0, tot[l] = t;
    }
try:
    choice[l] = cur;
    commit_rest(m, cur, colored, &upd, push);
    if (m.it[0].next == 0) {
        d->depth = l + 1;
        rc = DLX_SOLUTION;
        goto solution;
    }
    if (++l > d->max_level) d->max_level = l;
    goto forward;

recover: /* undo choice[l] and try the next option of its item */
    best = nd[cur].top;
    uncommit_rest(m, cur, colored);
    if (rs) st.one = stk + lv[l].sp_try, st.few = few + lv[l].few_try;
    cur = nd[cur].down;
    if (cur == best) cur = nd[cur].down;
    if (cur != start[l]) {
        pos[l]++;
        goto try;
    }
    uncover(m, best, colored);
leave: /* node l is done: what its inference ruled out comes back */
    if (inferring) unelim_to(m, d->trail, &d->ntrail, lv[l].trail);
    if (l == 0) goto done;
    cur = choice[--l];
    goto recover;

done:
    d->phase = PH_DONE;
    d->depth = 0;
    rc = DLX_DONE;
    goto out;
solution:
    d->phase = PH_AT_SOLUTION;
    d->solutions++;
    d->run_stop = UINT64_MAX; /* restarts end: this run goes on to the end */
out:
    if (rs) d->sp = (int32_t)(st.one - stk), d->nfew = (int32_t)(st.few - few);
    d->level = l;
    d->nodes = nodes;
    d->updates = upd;
    return rc;
}

/* A function of its own in WebAssembly: V8 compiles a hot function whole
 * with TurboFan (dlx_search_until is called once per solution), and that
 * time counts; the linked search is not hot when the bit-set one runs. */
#ifdef __wasm__
__attribute__((noinline))
#endif
static int links_search(dlx_t *d, uint64_t stop) {
#ifdef DLX_ONE_SEARCH /* one copy that tests for colors and restarts as it goes: smaller, a little slower */
    return search(d, stop, d->has_colors, d->restarts_on);
#else
    if (d->restarts_on) return d->has_colors ? search(d, stop, 1, 1) : search(d, stop, 0, 1);
    return d->has_colors ? search(d, stop, 1, 0) : search(d, stop, 0, 0);
#endif
}

/* Which search a fresh start runs: the one rule (docs/engine.md has it as a
 * table). All three walk the same tree; restarts and learning run on the
 * links only (the others keep Knuth's tree). The bit sets where their
 * tables fit (up to BITS_MAX_OPTIONS options), the sparse sets beyond, the
 * links when the tables cannot be had (memory). */
enum { ON_LINKS, ON_BITS, ON_CELLS };
static int pick_search(dlx_t *d) {
    if (d->restarts_on || d->engine_pref == DLX_ENGINE_LINKS) return ON_LINKS;
    if (d->engine_pref != DLX_ENGINE_CELLS && dlx_bits_ready(d)) return ON_BITS;
    return dlx_cells_ready(d) ? ON_CELLS : ON_LINKS;
}

#ifdef __wasm__
/* In WebAssembly a long search returns every SLICE_NODES nodes and is called
 * again (the same tree, as any budget). V8 starts a function in baseline
 * code and runs its optimized code only from its next call: a count without
 * solutions for seconds (words-5x5-16500) stayed in baseline code all along,
 * at 0.6x the optimized speed. A slice is a few milliseconds at least.
 * The links too: a slice ends where a budget would, and a budget changes
 * nothing in their tree (a run's restart waits for the next call). */
enum { SLICE_NODES = 4096 };
static int in_slices(dlx_t *d, uint64_t stop, int (*search)(dlx_t *, uint64_t)) {
    int rc;
    do rc = search(d, d->nodes < stop && stop - d->nodes > SLICE_NODES ? d->nodes + SLICE_NODES : stop);
    while (rc == DLX_BUDGET && d->nodes < stop);
    return rc;
}
#define SLICED(search, d, stop) in_slices(d, stop, search)
#else
#define SLICED(search, d, stop) search(d, stop)
#endif

int dlx_search_until(dlx_t *d, uint64_t node_limit) {
    if (!d) return DLX_EARG;
    uint64_t stop = node_limit ? node_limit : UINT64_MAX;
    if (d->best_k && !d->n_bounded) return SLICED(dlx_best_search, d, stop); /* the k cheapest: branch and bound on costs */
    if (d->n_bounded) return dlx_multi_search(d, stop); /* multiplicities: Algorithm M, before any other choice */
    if (d->phase == PH_START) {
        int on = pick_search(d);
        d->on_bits = on == ON_BITS, d->on_cells = on == ON_CELLS;
        if (d->restarts_on) dlx_trail_room(d);
    }
    if (d->on_bits) return SLICED(dlx_bits_search, d, stop);
    if (d->on_cells) return SLICED(dlx_cells_search, d, stop);
#ifndef DLX_NO_LEARNING
    if (d->cdcl) return dlx_learn_search(d, stop);
    if (d->learn_at && d->restarts_on && !d->has_colors && !d->learn_failed && !d->solutions &&
        d->phase != PH_DONE) {
        if (d->nodes >= d->learn_at) return dlx_learn_search(d, stop);
        if (stop > d->learn_at) { /* the links up to the hand-over, then learning */
            int rc = SLICED(links_search, d, d->learn_at);
            return rc == DLX_BUDGET && d->nodes >= d->learn_at ? dlx_learn_search(d, stop) : rc;
        }
    }
#endif
    return SLICED(links_search, d, stop);
}

int dlx_search(dlx_t *d, uint64_t max_nodes) {
    if (!d) return DLX_EARG;
    uint64_t left = UINT64_MAX - d->nodes;
    return dlx_search_until(d, max_nodes && max_nodes < left ? d->nodes + max_nodes : 0);
}

int32_t dlx_branch_item(dlx_t *d) {
    if (!d) return DLX_EARG;
    if (d->n_bounded) return DLX_EBOUND; /* a split by options of one item needs exact cover */
    dlx_restart(d);
    int32_t best;
    if (d->item[0].next == 0) return -1; /* the forced options cover every primary item */
    return choose_item(d, &best, d->n_pref) == INT32_MAX ? -1 : best - 1;
}
