/* dlx_best.c: the search for the k cheapest solutions (Knuth's DLX5;
 * dlx_set_best, the costs set by dlx_cost.c) and the list of those kept,
 * which Algorithm M (dlx_multi.c) keeps too when it has bounds.
 *
 * The search works on its own copy of the links, made at each start from the
 * handle's matrix (forced options already taken there), so a restart just
 * drops it. At the start every active primary item is taxed with the cost of
 * its cheapest option, which is taken off the net cost of every option holding
 * the item (in item order, so no net cost goes below 0), and each item's
 * column is sorted by net cost (ties: the order the options were added). A
 * solution's cost is the forced options' costs + the taxes + its net cost.
 *
 * Branch and bound: once k solutions are kept, a branch must stay strictly
 * below the worst of them (cutoff). At a node, with budget B = cutoff - the
 * net cost so far, the node is a dead end when some item's cheapest option
 * costs B or more (Knuth's rule), or when the cheapest options of the items
 * of one class add up to B or more. The primary items are put in classes at
 * the start (greedily, in order) so that no option holds two items of one
 * class: each item of a class then needs an option of its own. (Knuth's
 * DLX5 has this bound for items the user names by a first letter, its
 * option Z; here the classes are found. On the pentominoes the pieces make
 * one class, on assignments the workers and the jobs.) The branch item is the
 * one with the fewest options under B (ties: the dearer cheapest option, as
 * DLX5; then the first); its options are tried cheapest first, and the rest
 * of the column is skipped once one costs B or more.
 *
 * Where the dance would be dear (long options, full columns: search_choice.c) and
 * there are at most BITS_MAX_OPTIONS options, the same tree is walked on bit
 * sets of live options instead (bits_search): pento-5x12 5x faster.
 */
#include "dlx_internal.h"

#include <stdlib.h>
#include <string.h>

/* Once a start, not in the search's loop: small over fast (-O2 takes 2 KiB
 * more of the WebAssembly module for them). */
#ifdef __clang__
#define SETUP __attribute__((noinline, minsize))
#else
#define SETUP __attribute__((noinline))
#endif

/* The search on bit sets (up to BITS_MAX_OPTIONS options, no colors,
 * nothing forced): the same tree as on the links, node for node (see
 * bits_search), without the dance. Options are numbered by net cost (ties:
 * the order they were added), so an item's options under a budget are the
 * low bits of its set below one index, and its cheapest is its lowest bit. */
typedef struct {
    int on;
    int32_t nw, iw;        /* words of a set of options, of a set of primary items */
    uint64_t *onc;         /* per option, by net cost: its net cost (onc[m] the largest) */
    int32_t *orig;         /* its number as added */
    int32_t *oit_at, *oit; /* its primary items: oit[oit_at[o] .. oit_at[o + 1] - 1] */
    uint64_t *kill;        /* per option: the options sharing an item with it (itself too) */
    uint64_t *imask;       /* per primary item 1..np: its options */
    uint64_t *live, *unc;  /* per level: the options still possible, the primary items to cover */
    int32_t *left, *bitem; /* per level: how many of those items; the branch item */
    int32_t m;             /* options */
    void *block;           /* all of the above */
    size_t bytes;
} bits_part;

typedef struct {
    uint64_t cost, seq; /* total cost; order found */
    int32_t n, *opts;
} kept_solution;

/* Per node of the search's copy: its vertical links and the net cost of its
 * option, side by side (pick() walks a column reading both: one record a
 * node, not two). A header's net cost is the largest there is: a walk down
 * a sorted column while under a budget stops there without testing for the end. */
typedef struct {
    int32_t up, down;
    uint64_t nc;
} link;

/* Per item of the search's copy: its place in the list of items and, for a
 * primary item, its class (pick() reads both as it walks the list). */
typedef struct {
    int32_t prev, next;
    int32_t cls, spare;
} item_link;

struct dlx_best {
    dlx_node *nd;     /* the copy of the nodes (top and color; up and down are ln's) */
    link *ln;         /* the links and net costs */
    item_link *it;    /* and of the item lists (column lengths are not kept) */
    uint64_t *part;   /* per level: the net cost of the choices above it, */
    uint64_t *th0, *th; /* the thresholds its branch item and its option's other items were covered with */
    uint64_t base;    /* forced options' costs + taxes */
    uint64_t cur;     /* the net cost of the choices so far */
    int32_t n_cls;    /* how many classes of primary items (it[i].cls) */
    uint64_t *crem;      /* per class: the budget its items' cheapest options leave, at a node */
    int32_t resume, cap_nodes;
    kept_solution *kept; /* the best so far, cheapest first (ties: found first) */
    int32_t n_kept, cap_kept;
    uint64_t seq;
    uint64_t at;      /* the total cost of the solution just kept */
    bits_part bits;   /* the bit-set search, when on (bits.on) */
};
typedef struct dlx_best best;

#define NO_CUTOFF UINT64_MAX

static uint64_t option_cost(const dlx_t *d, int32_t k) { return k < d->cap_cost ? (uint64_t)d->cost[k] : 0; }

/* ---- the kept solutions --------------------------------------------------- */

static void drop_kept(best *b) {
    for (int32_t j = 0; j < b->n_kept; j++) free(b->kept[j].opts);
    b->n_kept = 0;
}

void dlx_best_free(dlx_t *d) {
    best *b = d->best;
    if (!b) return;
    drop_kept(b);
    free(b->kept), free(b->nd), free(b->it), free(b->ln), free(b->part); /* th0, th and crem are in part's block */
    free(b->bits.block);
    free(b);
    d->best = NULL;
}

size_t dlx_best_bytes(const dlx_t *d) {
    const best *b = d->best;
    if (!b) return 0;
    size_t s = sizeof *b + (size_t)b->cap_nodes * (sizeof(dlx_node) + sizeof(link)) +
               (size_t)(d->n_items + 2) * sizeof(item_link) + (size_t)(d->n_primary + 1) * 4 * sizeof(uint64_t) +
               (size_t)b->cap_kept * sizeof(kept_solution) + b->bits.bytes;
    for (int32_t j = 0; j < b->n_kept; j++) s += (size_t)b->kept[j].n * sizeof(int32_t);
    return s;
}

/* The net cost a branch must stay under: the worst kept once k are kept. */
static uint64_t cutoff(const dlx_t *d, const best *b) {
    return b->n_kept < d->best_k ? NO_CUTOFF : b->kept[b->n_kept - 1].cost - b->base;
}

/* Keep the solution the search is at (the forced options, then what `read`
 * gives: the search's own reader), of total cost `cost`, under the cutoff:
 * the worst kept goes when k are kept. */
int dlx_best_keep(dlx_t *d, uint64_t cost, dlx_solution_reader *read) {
    best *b = d->best;
    int32_t n = read(d, NULL, 0, d->n_forced);
    int32_t *opts = malloc((size_t)(n > 0 ? n : 1) * sizeof *opts);
    if (!opts) return DLX_ENOMEM;
    for (int32_t f = 0; f < d->n_forced; f++) opts[f] = d->forced[f];
    read(d, opts, n, d->n_forced);
    if (b->n_kept == b->cap_kept && b->n_kept < d->best_k) {
        int32_t cap = b->cap_kept ? b->cap_kept * 2 : 4;
        if (cap > d->best_k) cap = d->best_k;
        kept_solution *k2 = realloc(b->kept, (size_t)cap * sizeof *k2);
        if (!k2) return free(opts), DLX_ENOMEM;
        b->kept = k2, b->cap_kept = cap;
    }
    if (b->n_kept == d->best_k) free(b->kept[--b->n_kept].opts);
    int32_t j = b->n_kept++;
    for (; j > 0 && b->kept[j - 1].cost > cost; j--) b->kept[j] = b->kept[j - 1];
    b->kept[j] = (kept_solution){cost, b->seq++, n, opts};
    b->at = cost;
    return DLX_OK;
}

/* The total cost a solution must stay under (UINT64_MAX until k are kept). */
uint64_t dlx_best_cutoff(const dlx_t *d) {
    const best *b = d->best;
    return b->n_kept < d->best_k ? NO_CUTOFF : b->kept[b->n_kept - 1].cost;
}

/* A fresh list of kept solutions, for a search starting (Algorithm M's too). */
int dlx_best_reset(dlx_t *d) {
    if (!d->best && !(d->best = calloc(1, sizeof *d->best))) return DLX_ENOMEM;
    drop_kept(d->best);
    d->best->seq = 0;
    d->best->bits.on = 0; /* until bits_start says (Algorithm M never does) */
    return DLX_OK;
}

int32_t dlx_best_count(const dlx_t *d) {
    if (!d) return DLX_EARG;
    return d->best && d->best_k && d->phase != PH_START ? d->best->n_kept : 0;
}

int32_t dlx_best_solution(const dlx_t *d, int32_t j, int32_t *options, int32_t cap, int64_t *cost) {
    if (!d || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (j < 0 || j >= dlx_best_count(d)) return DLX_ENOSOLUTION;
    const kept_solution *s = &d->best->kept[j];
    if (cap) memcpy(options, s->opts, (size_t)(s->n < cap ? s->n : cap) * sizeof *options);
    if (cost) *cost = (int64_t)s->cost;
    return s->n;
}

int dlx_solution_cost(const dlx_t *d, int64_t *cost) {
    if (!d || !cost) return DLX_EARG;
    if (d->phase != PH_AT_SOLUTION || !d->best_k) return DLX_ENOSOLUTION;
    *cost = (int64_t)d->best->at;
    return DLX_OK;
}

int32_t dlx_best_solution_now(const dlx_t *d, int32_t *options, int32_t cap, int32_t n) {
    const best *b = d->best;
    for (int32_t l = 0; l < d->depth; l++, n++)
        if (n < cap) options[n] = b->bits.on ? b->bits.orig[d->choice[l]] : option_of(b->nd, d->choice[l]);
    return n;
}

/* ---- the start: copy, taxes, sorted columns -------------------------------- */

/* Sort the nodes p[0 .. m-1] by net cost, ties by node number (the order
 * the options were added): a merge sort through tmp (qsort would bring
 * 2 KiB into the WebAssembly module). */
SETUP static void sort_nodes(int32_t *p, int32_t *tmp, int32_t m, const link *ln) {
    for (int32_t w = 1; w < m; w *= 2) {
        for (int32_t lo = 0; lo < m; lo += 2 * w) {
            int32_t mid = lo + w < m ? lo + w : m, hi = lo + 2 * w < m ? lo + 2 * w : m;
            int32_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                tmp[o++] = ln[p[b]].nc < ln[p[a]].nc || (ln[p[b]].nc == ln[p[a]].nc && p[b] < p[a]) ? p[b++] : p[a++];
            while (a < mid) tmp[o++] = p[a++];
            while (b < hi) tmp[o++] = p[b++];
        }
        memcpy(p, tmp, (size_t)m * sizeof *p);
    }
}

SETUP static int start(dlx_t *d) {
    if (dlx_best_reset(d)) return DLX_ENOMEM;
    best *b = d->best;
    int32_t n = d->n_items, np = d->n_primary;
    if (b->cap_nodes < d->n_nodes) {
        free(b->nd), free(b->ln);
        b->nd = malloc((size_t)d->n_nodes * sizeof *b->nd);
        b->ln = malloc((size_t)d->n_nodes * sizeof *b->ln);
        b->cap_nodes = b->nd && b->ln ? d->n_nodes : 0;
        if (!b->cap_nodes) return DLX_ENOMEM;
    }
    if (!b->it) {
        b->it = malloc((size_t)(n + 2) * sizeof *b->it);
        b->part = malloc((size_t)(np + 1) * 4 * sizeof *b->part);
        if (!b->it || !b->part) return free(b->it), free(b->part), b->it = NULL, b->part = NULL, DLX_ENOMEM;
        b->th0 = b->part + np + 1, b->th = b->th0 + np + 1, b->crem = b->th + np + 1;
    }
    memcpy(b->nd, d->node, (size_t)d->n_nodes * sizeof *b->nd);
    for (int32_t i = 0; i < n + 2; i++) b->it[i] = (item_link){d->item[i].prev, d->item[i].next, 0, 0};
    dlx_node *nd = b->nd;
    link *ln = b->ln;
    b->base = 0, b->cur = 0, b->resume = 0;
    for (int32_t f = 0; f < d->n_forced; f++) b->base += option_cost(d, d->forced[f]);
    for (int32_t q = 0; q < d->n_nodes; q++) ln[q] = (link){nd[q].up, nd[q].down, NO_CUTOFF}; /* the headers' NO_CUTOFF stays */
    for (int32_t k = 0; k < d->n_options; k++)
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) ln[q].nc = option_cost(d, k);
    int32_t *col = malloc(2 * ((size_t)d->n_options + (size_t)np + 2) * sizeof *col);
    if (!col) return DLX_ENOMEM;
    /* The classes: item i takes the first class none of whose items shares an option with it. */
    int32_t *seen = col; /* per class: the last item that found it taken */
    b->n_cls = 0;
    for (int32_t i = 1; i <= np; i++) {
        for (int32_t p = ln[i].down; p != i; p = ln[p].down)
            for (int32_t q = p + 1; q != p; q = nd[q].top <= 0 ? ln[q].up : q + 1)
                if (nd[q].top > 0 && nd[q].top < i) seen[b->it[nd[q].top].cls] = i;
        int32_t c = 0;
        while (c < b->n_cls && seen[c] == i) c++;
        if (c == b->n_cls) seen[b->n_cls++] = 0;
        b->it[i].cls = c;
    }
    for (int32_t i = b->it[0].next; i != 0; i = b->it[i].next) { /* the taxes */
        uint64_t tax = NO_CUTOFF;
        for (int32_t p = ln[i].down; p != i; p = ln[p].down)
            if (ln[p].nc < tax) tax = ln[p].nc;
        if (tax == NO_CUTOFF || !tax) continue;
        b->base += tax;
        for (int32_t p = ln[i].down; p != i; p = ln[p].down) {
            for (int32_t q = p + 1; q != p; q = nd[q].top <= 0 ? ln[q].up : q + 1)
                if (nd[q].top > 0) ln[q].nc -= tax;
            ln[p].nc -= tax;
        }
    }
    for (int32_t i = 1; i <= n; i++) { /* each column by net cost (secondary ones too: cover_th stops early) */
        int32_t m = 0;
        for (int32_t p = ln[i].down; p != i; p = ln[p].down) col[m++] = p;
        sort_nodes(col, col + d->n_options + 1, m, ln);
        for (int32_t j = 0, prev = i; j <= m; j++) {
            int32_t p = j < m ? col[j] : i;
            ln[prev].down = p, ln[p].up = prev, prev = p;
        }
    }
    free(col);
    return DLX_OK;
}

/* ---- the dance, with thresholds --------------------------------------------- */

/* As DLX5 does, covering an item hides only its options that cost less than
 * the threshold th (they come first in its sorted column): the rest can never
 * be chosen below (a branch stays under cutoff - its cost, which only
 * shrinks), so they may stay linked elsewhere. Uncovering walks the same
 * options back (th is kept per level) in the same order, which restores the
 * links as well as the reverse order does (as Knuth notes in DLX5) without
 * a walk to the end first. Column lengths are not kept: pick() counts the
 * options under its budget. */

/* Unlink the other nodes of the option holding p (but those agreeing with
 * a purified color: their column is settled, as in DLX2). */
static void hide_opt(const dlx_node *nd, link *ln, int32_t p, uint64_t *upd) {
    for (int32_t q = p + 1; q != p;) {
        if (nd[q].top <= 0) {
            q = ln[q].up;
            continue;
        }
        if (nd[q].color >= 0) {
            int32_t u = ln[q].up, w = ln[q].down;
            ln[u].down = w, ln[w].up = u;
            (*upd)++;
        }
        q++;
    }
}

static void unhide_opt(const dlx_node *nd, link *ln, int32_t p) {
    for (int32_t q = p - 1; q != p;) {
        if (nd[q].top <= 0) {
            q = ln[q].down;
            continue;
        }
        if (nd[q].color >= 0) ln[ln[q].up].down = q, ln[ln[q].down].up = q;
        q--;
    }
}

/* Cover item i: leave the list of items; hide its options under th. With
 * color c > 0 (at node p), settle secondary item i on c instead: options
 * under th with another color go, those with c are marked as agreeing. */
static void cover_th(best *b, int32_t i, int32_t p, int32_t c, uint64_t th, uint64_t *upd) {
    dlx_node *nd = b->nd;
    link *ln = b->ln;
    if (!c) {
        int32_t l = b->it[i].prev, r = b->it[i].next;
        b->it[l].next = r, b->it[r].prev = l;
    }
    for (int32_t rr = ln[i].down; ln[rr].nc < th; rr = ln[rr].down) { /* the header's stops it */
        if (!c || nd[rr].color != c) hide_opt(nd, ln, rr, upd);
        else if (rr != p) nd[rr].color = -1;
    }
}

static void uncover_th(best *b, int32_t i, int32_t p, int32_t c, uint64_t th) {
    dlx_node *nd = b->nd;
    link *ln = b->ln;
    for (int32_t rr = ln[i].down; ln[rr].nc < th; rr = ln[rr].down) {
        if (!c || (nd[rr].color != c && nd[rr].color >= 0)) unhide_opt(nd, ln, rr);
        else if (nd[rr].color < 0) nd[rr].color = c;
    }
    if (!c) {
        int32_t l = b->it[i].prev, r = b->it[i].next;
        b->it[l].next = i, b->it[r].prev = i;
    }
    (void)p;
}

/* Take the items of p's option but p's own (covered by the caller). */
static void commit_th(best *b, int32_t p, uint64_t th, uint64_t *upd) {
    const dlx_node *nd = b->nd;
    for (int32_t q = p + 1; q != p;) {
        if (nd[q].top <= 0) {
            q = b->ln[q].up;
            continue;
        }
        if (nd[q].color >= 0) cover_th(b, nd[q].top, q, nd[q].color, th, upd);
        q++;
    }
}

static void uncommit_th(best *b, int32_t p, uint64_t th) {
    const dlx_node *nd = b->nd;
    for (int32_t q = p - 1; q != p;) {
        if (nd[q].top <= 0) {
            q = b->ln[q].down;
            continue;
        }
        if (nd[q].color >= 0) uncover_th(b, nd[q].top, q, nd[q].color, th);
        q--;
    }
}

/* ---- the search ------------------------------------------------------------ */

/* The branch item at a node with budget B: returns its number of options
 * under B, 0 at a dead end (the bounds above). */
static int32_t pick(const dlx_t *d, const best *b, uint64_t B, int32_t *bi) {
    const link *ln = b->ln;
    int32_t t = INT32_MAX;
    uint64_t tcost = 0, *crem = b->crem;
    for (int32_t c = 0; c < b->n_cls; c++) crem[c] = B; /* not a memset: that is a call out of the search in WebAssembly */
    for (int32_t k = b->it[0].next; k != 0; k = b->it[k].next) {
        int32_t p = ln[k].down;
        uint64_t c = ln[p].nc, *cr = &crem[b->it[k].cls];
        if (c >= *cr) return *bi = k, 0; /* an empty column too (its header's cost) */
        *cr -= c;
        int32_t s = 1; /* options under B, counted up to t + 1 (more than t) */
        for (p = ln[p].down; s <= t && ln[p].nc < B; p = ln[p].down) s++;
        if (s < t || (s == t && c > tcost)) t = s, tcost = c, *bi = k;
    }
    (void)d;
    return t;
}

/* ---- the search on bit sets ------------------------------------------------ */

/* Number the options of the start's columns (sorted, taxed) by net cost
 * and make the sets. */
SETUP static int bits_start(dlx_t *d) {
    best *b = d->best;
    bits_part *x = &b->bits;
    free(x->block);
    memset(x, 0, sizeof *x);
    if (!d->best_bits) return DLX_OK; /* search_choice.c rules */
    const dlx_node *nd = b->nd;
    const link *ln = b->ln;
    int32_t n = d->n_options, np = d->n_primary, ni = d->n_items;
    int32_t *tmp = malloc((3 * (size_t)n + 2) * sizeof *tmp);
    if (!tmp) return DLX_ENOMEM;
    int32_t *rank = tmp + 2 * (size_t)n + 1, m = 0, n_oit = 0;
    for (int32_t k = 0; k < n; k++) rank[k] = -1;
    for (int32_t i = 1; i <= np; i++) /* the options there are to choose: those of the primary items */
        for (int32_t p = ln[i].down; p != i; p = ln[p].down) {
            int32_t k = option_of(nd, p);
            if (rank[k] < 0) rank[k] = 0, tmp[m++] = d->opt_start[k];
        }
    sort_nodes(tmp, tmp + n + 1, m, ln); /* by net cost, then node (option) order */
    for (int32_t j = 0; j < m; j++) {
        rank[option_of(nd, tmp[j])] = j;
        for (int32_t q = tmp[j]; nd[q].top > 0; q++) n_oit += nd[q].top <= np;
    }
    int32_t nw = (m + 63) / 64 > 0 ? (m + 63) / 64 : 1, iw = (np + 63) / 64 > 0 ? (np + 63) / 64 : 1;
    size_t levels = (size_t)(np < m ? np : m) + 2; /* a level takes an option and an item at least */
    size_t sets = (size_t)m * nw + (size_t)(np + 1) * nw + levels * nw + levels * iw + (size_t)m + 1;
    size_t ints = (size_t)m + (size_t)m + 1 + (size_t)n_oit + 2 * levels;
    x->bytes = sets * sizeof(uint64_t) + ints * sizeof(int32_t);
    if (x->bytes > BITS_MAX_BYTES) return free(tmp), x->bytes = 0, DLX_OK; /* many items: the links */
    if (!(x->block = calloc(x->bytes, 1))) return free(tmp), x->bytes = 0, DLX_ENOMEM;
    uint64_t *w = x->block;
    x->kill = w, w += (size_t)m * nw;
    x->imask = w, w += (size_t)(np + 1) * nw;
    x->live = w, w += levels * nw;
    x->unc = w, w += levels * iw;
    x->onc = w, w += (size_t)m + 1;
    int32_t *v = (int32_t *)w;
    x->orig = v, v += m;
    x->oit_at = v, v += m + 1;
    x->oit = v, v += n_oit;
    x->left = v, v += levels;
    x->bitem = v;
    x->nw = nw, x->iw = iw, x->m = m;
    for (int32_t j = 0, at = 0; j < m; j++) {
        x->orig[j] = option_of(nd, tmp[j]), x->onc[j] = ln[tmp[j]].nc, x->oit_at[j] = at;
        for (int32_t q = tmp[j]; nd[q].top > 0; q++)
            if (nd[q].top <= np) x->oit[at++] = nd[q].top;
        x->oit_at[j + 1] = at;
    }
    x->onc[m] = m ? x->onc[m - 1] : 0;
    /* Each item's set; an option's kill set is the union of its items' sets. */
    uint64_t *set = calloc((size_t)nw, sizeof *set);
    if (!set) return free(tmp), DLX_ENOMEM;
    for (int32_t i = 1; i <= ni; i++) {
        memset(set, 0, (size_t)nw * sizeof *set);
        for (int32_t p = ln[i].down; p != i; p = ln[p].down) {
            int32_t j = rank[option_of(nd, p)];
            if (j >= 0) set[j >> 6] |= 1ull << (j & 63);
        }
        if (i <= np) memcpy(x->imask + (size_t)i * nw, set, (size_t)nw * sizeof *set);
        for (int32_t p = ln[i].down; p != i; p = ln[p].down) {
            int32_t j = rank[option_of(nd, p)];
            if (j >= 0)
                for (int32_t k = 0; k < nw; k++) x->kill[(size_t)j * nw + k] |= set[k];
        }
    }
    free(set), free(tmp);
    for (int32_t j = 0; j < m; j++) x->live[j >> 6] |= 1ull << (j & 63);
    for (int32_t i = b->it[0].next; i != 0; i = b->it[i].next) x->unc[(i - 1) >> 6] |= 1ull << ((i - 1) & 63), x->left[0]++;
    x->on = 1;
    return DLX_OK;
}

int dlx_best_on_bits(const dlx_t *d) {
    return d->best && d->best_k && d->phase != PH_START && d->best->bits.on;
}

/* The first option of item i's set from option `from` on still live at
 * level l, or -1. */
static int32_t bits_next(const bits_part *x, int32_t i, int32_t l, int32_t from) {
    const uint64_t *im = x->imask + (size_t)i * x->nw, *lv = x->live + (size_t)l * x->nw;
    int32_t w = from >> 6;
    if (w >= x->nw) return -1;
    uint64_t y = im[w] & lv[w] & (~0ull << (from & 63));
    while (!y) {
        if (++w == x->nw) return -1;
        y = im[w] & lv[w];
    }
    return w * 64 + __builtin_ctzll(y);
}

/* pick() on the sets: the same item, the same count of options under B. */
static int32_t bits_pick(const best *b, int32_t l, uint64_t B, int32_t *bi) {
    const bits_part *x = &b->bits;
    const int32_t nw = x->nw;
    const uint64_t *lv = x->live + (size_t)l * nw, *un = x->unc + (size_t)l * x->iw, *onc = x->onc;
    int32_t lo = 0, hi = x->m; /* lim: the options under B are those below it */
    while (lo < hi) {
        int32_t mid = (lo + hi) / 2;
        if (onc[mid] < B) lo = mid + 1;
        else hi = mid;
    }
    int32_t lw = (lo + 63) / 64 - 1, t = INT32_MAX; /* the last word under B (-1: none) */
    uint64_t last = lo & 63 ? (1ull << (lo & 63)) - 1 : ~0ull, tcost = 0, *crem = b->crem;
    for (int32_t c = 0; c < b->n_cls; c++) crem[c] = B;
    for (int32_t w = 0; w < x->iw; w++)
        for (uint64_t u = un[w]; u; u &= u - 1) {
            int32_t k = w * 64 + __builtin_ctzll(u) + 1, j = 0;
            const uint64_t *im = x->imask + (size_t)k * nw;
            uint64_t y = 0;
            for (; j <= lw; j++)
                if ((y = im[j] & lv[j] & (j == lw ? last : ~0ull))) break;
            if (j > lw) return *bi = k, 0;
            uint64_t c = onc[j * 64 + __builtin_ctzll(y)], *cr = &crem[b->it[k].cls];
            if (c >= *cr) return *bi = k, 0;
            *cr -= c;
            int32_t s = __builtin_popcountll(y); /* counted up to more than t */
            for (j++; s <= t && j <= lw; j++) s += __builtin_popcountll(im[j] & lv[j] & (j == lw ? last : ~0ull));
            if (s < t || (s == t && c > tcost)) t = s, tcost = c, *bi = k;
        }
    return t;
}

/* Both searches at a solution (every item covered, under the cutoff): the
 * k kept may take it; DLX_SOLUTION (it entered them), or an error. */
static inline int at_solution(dlx_t *d, best *b, int32_t l) {
    d->phase = PH_AT_SOLUTION, d->depth = l;
    int rc = dlx_best_keep(d, b->base + b->cur, dlx_best_solution_now);
    if (rc) {
        d->phase = PH_FORWARD;
        return rc;
    }
    d->solutions++;
    b->resume = 1;
    return DLX_SOLUTION;
}

/* dlx_best_search's loop on the sets. Each level has its own sets, written
 * from the level above on the way down: backtracking undoes nothing. The
 * tree is the links' node for node: a linked option under the budget is
 * always live (one not live went with the cover that killed it, or costs
 * more than that cover's threshold, which no later budget passes). A
 * function of its own: in WebAssembly V8 then compiles with TurboFan only the
 * search that runs (both in dlx_best_search made 4.5 KB to compile). */
__attribute__((noinline)) static int bits_search(dlx_t *d, uint64_t stop) {
    best *b = d->best;
    bits_part *x = &b->bits;
    const int32_t nw = x->nw, iw = x->iw;
    const uint64_t *onc = x->onc;
    int32_t *choice = d->choice, *pos = d->pos, *tot = d->tot;
    uint64_t *part = b->part;
    int32_t l = d->level, o = 0, i = 0;
    int rc;
    d->phase = PH_FORWARD;
    if (b->resume) goto backup;

enter:
    if (!x->left[l]) {
        rc = at_solution(d, b, l);
        goto out;
    }
    if (d->nodes >= stop) {
        b->resume = 0;
        rc = DLX_BUDGET;
        goto out;
    }
    d->nodes++;
    {
        int32_t t = bits_pick(b, l, cutoff(d, b) - b->cur, &i);
        if (t == 0) goto backup;
        if (t > 1) d->guesses++;
        part[l] = b->cur, x->bitem[l] = i, pos[l] = 0, tot[l] = t;
        o = bits_next(x, i, l, 0);
    }
try:
    if (part[l] + onc[o] >= cutoff(d, b)) goto backup; /* it and the rest cost too much */
    choice[l] = o, b->cur = part[l] + onc[o];
    {
        const uint64_t *lv = x->live + (size_t)l * nw, *k = x->kill + (size_t)o * nw;
        uint64_t *nl = x->live + (size_t)(l + 1) * nw, *nu = x->unc + (size_t)(l + 1) * iw;
        for (int32_t w = 0; w < nw; w++) nl[w] = lv[w] & ~k[w];
        memcpy(nu, x->unc + (size_t)l * iw, (size_t)iw * sizeof *nu);
        for (int32_t a = x->oit_at[o]; a < x->oit_at[o + 1]; a++) nu[(x->oit[a] - 1) >> 6] &= ~(1ull << ((x->oit[a] - 1) & 63));
        x->left[l + 1] = x->left[l] - (x->oit_at[o + 1] - x->oit_at[o]);
    }
    if (++l > d->max_level) d->max_level = l;
    goto enter;

backup:
    if (l == 0) {
        d->phase = PH_DONE;
        rc = DLX_DONE;
        goto out;
    }
    o = choice[--l];
    b->cur = part[l];
    if ((o = bits_next(x, x->bitem[l], l, o + 1)) < 0) goto backup;
    if (pos[l] < tot[l] - 1) pos[l]++;
    goto try;

out:
    d->level = l;
    return rc;
}

int dlx_best_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_DONE) return DLX_DONE;
    if (d->phase == PH_START) {
        int rc = start(d);
        if (!rc) rc = bits_start(d);
        if (rc) return rc;
        d->level = d->depth = 0;
    }
    best *b = d->best;
    if (b->bits.on) return bits_search(d, stop);
    dlx_node *nd = b->nd;
    const link *ln = b->ln;
    int32_t *choice = d->choice, *pos = d->pos, *tot = d->tot;
    uint64_t *part = b->part, *th0 = b->th0, *th = b->th, upd = 0;
    int32_t l = d->level, p, i = 0;
    int rc;
    d->phase = PH_FORWARD;
    if (b->resume) goto backup;

enter:
    if (b->it[0].next == 0) {
        rc = at_solution(d, b, l);
        goto out;
    }
    if (d->nodes >= stop) {
        b->resume = 0;
        rc = DLX_BUDGET;
        goto out;
    }
    d->nodes++;
    {
        int32_t t = pick(d, b, cutoff(d, b) - b->cur, &i);
        if (t == 0) goto backup;
        if (t > 1) d->guesses++;
        part[l] = b->cur, choice[l] = p = ln[i].down, pos[l] = 0, tot[l] = t;
        th0[l] = cutoff(d, b) - (b->cur + ln[p].nc); /* > 0: pick saw it under the budget */
        cover_th(b, i, p, 0, th0[l], &upd);
    }
try:
    if (part[l] + ln[p].nc >= cutoff(d, b)) { /* it and the rest of the column cost too much */
        uncover_th(b, nd[p].top, p, 0, th0[l]);
        goto backup;
    }
    b->cur = part[l] + ln[p].nc;
    th[l] = cutoff(d, b) - b->cur;
    commit_th(b, p, th[l], &upd);
    if (++l > d->max_level) d->max_level = l;
    goto enter;

backup:
    if (l == 0) {
        d->phase = PH_DONE;
        rc = DLX_DONE;
        goto out;
    }
    p = choice[--l];
    uncommit_th(b, p, th[l]);
    b->cur = part[l];
    i = nd[p].top, p = ln[p].down;
    if (p == i) {
        uncover_th(b, i, p, 0, th0[l]);
        goto backup;
    }
    choice[l] = p;
    if (pos[l] < tot[l] - 1) pos[l]++;
    goto try;

out:
    d->level = l;
    d->updates += upd;
    return rc;
}
