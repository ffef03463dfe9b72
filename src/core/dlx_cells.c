/* dlx_cells.c: the search on sparse sets ("dancing cells", after the idea of
 * Knuth's SSXCC; our own code), for problems beyond the bit-set search's
 * size and for colored ones (the rule: pick_search in search_choice.c).
 *
 * Every item keeps the cells (option entries) of its live options in a
 * block of `set`: the first size[x] entries are live, the rest were hidden.
 * Hiding an option swaps each of its cells past the end of its item's live
 * part and shrinks the size; undoing is giving the sizes back (the cells
 * past the end are exactly the ones hidden, in whatever order): from a
 * copy of the sizes per level when there are few items, else from a trail
 * of every size change. Items taken (covered, or settled on a color) get
 * COVERED added to their size and stop being touched, so an option is
 * never hidden twice. As in SSXCC the branching item's options leave the
 * other items once per node, not once per option tried.
 *
 * The tree is the linked search's, node for node: the same item chosen
 * (the same scan of the sizes), its options tried in index order from the
 * same seeded start, a dead end counted as a node; so statistics, budgets
 * and progress agree whichever search runs (tests/c/test_engine.c).
 */
#include "dlx_internal.h"
#include "random.h"
#include "dlx_scan.h"

#include <stdlib.h>
#include <string.h>

/* Up to this many items (rounded up to 16) undo by copies of the sizes. */
#define SNAP_MAX_ITEMS 1024

/* A cell: its item and its place in `set` (its color is in `color`: the
 * walks over options read only these, 8 bytes a cell). The cells of
 * an option are consecutive, followed by a spacer whose item is minus
 * their number (a walk from any cell jumps back to the first) and whose
 * loc is the option's index; as Knuth lays out his nodes. */
typedef struct {
    int32_t item;
    uint32_t loc;
} cell_t;

/* The sets hold refs to cells and a cell's loc is a ref to its slot: in
 * WebAssembly their addresses, natively their byte offsets from the cells
 * (the slots follow them in the same block; 4 bytes either way). An
 * address needs no base: in V8 the hide loop keeps its values in
 * registers instead of spilling them (colored word rectangles 1.2x faster
 * in WebAssembly; docs/notes/WASM.md). */
#ifdef __wasm__
#define CELL(m, r) ((void)(m), (cell_t *)(uintptr_t)(r))
#define SLOT(m, r) ((void)(m), (uint32_t *)(uintptr_t)(r))
#define REF(m, p) ((void)(m), (uint32_t)(uintptr_t)(p))
#else
#define CELL(m, r) ((cell_t *)((char *)(m).cell + (r)))
#define SLOT(m, r) ((uint32_t *)((char *)(m).cell + (r)))
#define REF(m, p) ((uint32_t)((char *)(p) - (char *)(m).cell))
#endif

struct dlx_cells {
    cell_t *cell;      /* the options' cells, option after option */
    int32_t *color;    /* per cell: its color, 0 none */
    int32_t *cell_of;  /* per option: a cell of it on a primary item */
    uint32_t *base;    /* per item 1..N: a ref to its block of `set` */
    int32_t *size;     /* per item 1..N: live options, + COVERED once taken */
    uint32_t *mark;    /* per item: the last option being taken that has it (a ref to its cell) */
    uint32_t *set;     /* the blocks of refs to cells, after the cells */
    int32_t *trail;    /* x: size[x] lost one; -x: item x was taken */
    int32_t ntrail;
    uint32_t *opts;    /* per level, from at[l]: the cells of the item's options, sorted */
    int32_t *at;       /* per level: where its options start in opts */
    int32_t *tried;    /* per level: the trail's height before the options tried (T) */
    int32_t *snap;     /* or per level: the sizes then, `stride` each (few items) */
    int32_t *lefts;    /* per level: `left` then */
    int32_t stride;
    int32_t left;      /* primary items not taken */
    int32_t n_cells, levels;
    int dead;          /* the node about to be entered is a dead end */
};

void dlx_cells_free(dlx_t *d) {
    dlx_cells *s = d->cells;
    if (!s) return;
    free(s->cell), free(s->color), free(s->cell_of), free(s->base), free(s->size), free(s->mark), free(s->trail);
    free(s->opts), free(s->at), free(s->tried), free(s->snap), free(s->lefts);
    free(s);
    d->cells = NULL;
}

size_t dlx_cells_bytes(const dlx_t *d) {
    const dlx_cells *s = d->cells;
    if (!s) return 0;
    size_t n = (size_t)d->n_options, items = (size_t)d->n_items + 1, cells = (size_t)s->n_cells;
    return sizeof *s + cells * (sizeof(cell_t) + 8) + (n + 1) * 8 + items * 12 +
           (s->trail ? (cells + items + 2) * 4 : 0) + (size_t)s->levels * (12 + (s->snap ? (size_t)s->stride * 4 : 0));
}

/* The option's original color at node p (a purified node says -1). */
static int32_t node_color(const dlx_t *d, int32_t p) {
    int32_t c = d->node[p].color;
    return c < 0 ? d->item[d->node[p].top].color : c;
}

/* The tables for the matrix as it stands (forced options are taken at each
 * start). Linear in the input: the cells, the sets, the trail or the
 * copies (at most SNAP_MAX_ITEMS sizes a level). */
static int build(dlx_t *d) {
    int32_t n = d->n_options, ni = d->n_items, cells = 0;
    const dlx_node *nd = d->node;
    for (int32_t k = 0; k < n; k++, cells++) /* and its spacer */
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) cells++;
    if ((uint64_t)cells + 1 > UINT32_MAX / (sizeof(cell_t) + sizeof(uint32_t))) return DLX_ENOMEM; /* refs are 32 bits */
    dlx_cells *s = calloc(1, sizeof *s);
    if (!s) return DLX_ENOMEM;
    d->cells = s;
    s->n_cells = cells;
    s->levels = (d->n_primary < n ? d->n_primary : n) + 2;
    s->cell = malloc(((size_t)cells + 1) * (sizeof *s->cell + sizeof *s->set));
    s->base = calloc((size_t)ni + 2, sizeof *s->base);
    s->size = calloc((size_t)ni + 2 + 64, sizeof *s->size);
    s->mark = calloc((size_t)ni + 2, sizeof *s->mark);
    s->set = s->cell ? (uint32_t *)(s->cell + cells + 1) : NULL;
    s->opts = malloc(((size_t)n + 1) * sizeof *s->opts);
    s->at = malloc((size_t)s->levels * sizeof *s->at);
    s->tried = malloc((size_t)s->levels * sizeof *s->tried);
    s->lefts = malloc((size_t)s->levels * sizeof *s->lefts);
    /* Few items: a copy of the sizes per level, instead of a trail entry
     * per update (the undo costs a copy, not a pass over the trail). */
    s->stride = (ni + 1 + 15) / 16 * 16;
    if (s->stride <= SNAP_MAX_ITEMS) s->snap = malloc((size_t)s->levels * (size_t)s->stride * sizeof *s->snap);
    else s->trail = malloc(((size_t)cells + (size_t)ni + 2) * sizeof *s->trail); /* every cell once, every item once */
    s->cell_of = malloc(((size_t)n + 1) * sizeof *s->cell_of);
    s->color = calloc((size_t)cells + 1, sizeof *s->color);
    if (!s->cell || !s->color || !s->cell_of || !s->base || !s->size || !s->mark || !s->set || (!s->snap && !s->trail) || !s->opts || !s->at ||
        !s->tried || !s->lefts) {
        dlx_cells_free(d);
        return DLX_ENOMEM;
    }
    for (int32_t k = 0, c = 0; k < n; k++, c++) {
        int32_t first = c;
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++, c++) {
            s->cell[c] = (cell_t){nd[p].top, 0};
            s->color[c] = node_color(d, p);
            if (nd[p].top <= d->n_primary) s->cell_of[k] = c;
            s->size[nd[p].top]++;
        }
        s->cell[c] = (cell_t){first - c, k};
    }
    for (int32_t x = 1, b = 0; x <= ni; x++) s->base[x] = REF(*s, s->set + b), b += s->size[x];
    return DLX_OK;
}

/* Every option live, each block in option order: a search from the start
 * does the same work in the same order every time (the updates counted). */
static void fill_sets(dlx_t *d, dlx_cells *s) {
    for (int32_t x = 1; x <= d->n_items; x++) s->size[x] = 0;
    for (int32_t c = 0; c < s->n_cells; c++) {
        int32_t x = s->cell[c].item;
        if (x <= 0) continue; /* a spacer */
        uint32_t *at = SLOT(*s, s->base[x]) + s->size[x]++;
        *at = REF(*s, s->cell + c), s->cell[c].loc = REF(*s, at);
    }
    s->left = d->n_primary;
    s->ntrail = 0;
}

int dlx_cells_ready(dlx_t *d) {
    if (d->cells) return 1;
    if (d->n_options <= 0) return 0;
    return build(d) == DLX_OK;
}

/* The arrays the search touches, by value: kept in registers. */
typedef struct {
    cell_t *cell;
    const int32_t *color;
    const uint32_t *base;
    uint32_t *mark;
    int32_t *size, *trail;
    int32_t np;
} cells;

/* The index of the option holding cell r. */
INLINE int32_t option_at(cells m, uint32_t r) {
    const cell_t *c = CELL(m, r);
    while (c->item > 0) c++;
    return (int32_t)c->loc;
}

/* Hide the option of cell h from its other items still in play (h's item
 * is out of play). With `own` (own_ref: a cell of the option being taken),
 * returns 0 as soon as a primary item outside that option has none left:
 * the node below is a dead end, whatever else is hidden. The updates are
 * counted here with a trail (T), else by the caller (live_sum). */
INLINE int hide_option(cells m, uint32_t h, int32_t *nt, uint64_t *upd, int own, uint32_t own_ref, const int T) {
    int32_t *size = m.size, *trail = m.trail;
    int32_t t = T ? *nt : 0, t0 = t; /* a local: the stores to the sets could alias *nt */
    cell_t *hc = CELL(m, h);
    for (cell_t *c = hc + 1; c != hc; c++) {
        int32_t x = c->item;
        if (x <= 0) {
            c += x - 1; /* the spacer: back to the first cell (c++ follows) */
            continue;
        }
        int32_t n = size[x];
        if (n >= COVERED) continue;
        uint32_t *last = SLOT(m, m.base[x]) + n - 1, *p = SLOT(m, c->loc), o = *last;
        *p = o, CELL(m, o)->loc = REF(m, p);
        *last = REF(m, c), c->loc = REF(m, last);
        size[x] = n - 1;
        if (T) trail[t++] = x;
        if (n == 1 && own && x <= m.np && m.mark[x] != own_ref) {
            if (T) *upd += (uint64_t)(t - t0), *nt = t;
            return 0;
        }
    }
    if (T) *upd += (uint64_t)(t - t0), *nt = t;
    return 1;
}

/* The sizes' live parts added up (mod 2^32): a hide lowers it by one and
 * taking an item leaves it, so without a trail the updates of a step are
 * its fall, and the hide loop keeps no counter (in WebAssembly a register
 * more for the loop: 1.05-1.1x on colored word rectangles). */
INLINE uint32_t live_sum(const int32_t *size, int32_t n) {
    uint32_t sum = 0;
    for (int32_t i = 0; i < n; i++) sum += (uint32_t)size[i] & (COVERED - 1);
    return sum;
}

/* Take item x out of play (it is covered, or settled on color `color`). */
INLINE int32_t take_item(cells m, int32_t x, int32_t *nt, int32_t *left, const int T) {
    int32_t n = m.size[x];
    m.size[x] = n + COVERED;
    if (T) m.trail[(*nt)++] = -x;
    if (x <= m.np) --*left;
    return n;
}

/* Take the option of cell o, hidden already, whose item is out of play:
 * every other item of it still in play goes, with the options that clash
 * with it there (for a colored item, those of another color). Returns 0 at
 * a dead end found on the way (`check`), leaving the rest undone: the
 * level above goes back to its state anyway. */
INLINE int commit_option(cells m, uint32_t o, int32_t *nt, int32_t *left, uint64_t *upd, int check,
                         const int T) {
    cell_t *cell = m.cell;
    int32_t oc = (int32_t)(CELL(m, o) - cell);
    if (check) { /* o's items, for hide_option's test: no loop inside its loop (in V8 1.1x) */
        const cell_t *c = CELL(m, o);
        while (c->item > 0) c++;
        for (c += c->item; c->item > 0; c++) m.mark[c->item] = o;
    }
    for (int32_t c = oc + 1; c != oc; c++) {
        int32_t x = cell[c].item;
        if (x <= 0) {
            c += x - 1;
            continue;
        }
        if (m.size[x] >= COVERED) continue; /* settled on this color already */
        int32_t n = take_item(m, x, nt, left, T), color = m.color[c];
        const uint32_t *blk = SLOT(m, m.base[x]);
        for (int32_t j = 0; j < n; j++) {
            uint32_t r = blk[j];
            if (color && m.color[CELL(m, r) - cell] == color) continue;
            if (!hide_option(m, r, nt, upd, check, o, T)) return 0;
        }
    }
    return 1;
}

/* Undo the trail down to height `to`. */
INLINE void undo_to(cells m, int32_t *nt, int32_t to, int32_t *left) {
    int32_t t = *nt;
    while (t > to) {
        int32_t x = m.trail[--t];
        if (x > 0) m.size[x]++;
        else {
            m.size[-x] -= COVERED;
            if (-x <= m.np) ++*left;
        }
    }
    *nt = t;
}

/* Sort a[0 .. n-1] (cells, hence options, in index order): Shell's sort,
 * small (no qsort in the module) and quick enough for the few long lists
 * near the root; insertion alone for the short ones. */
INLINE void sort_cells(uint32_t *a, int32_t n) {
    int32_t gap = 1;
    while (gap < n / 3) gap = 3 * gap + 1;
    for (; gap > 0; gap /= 3)
        for (int32_t i = gap; i < n; i++) {
            uint32_t v = a[i];
            int32_t j = i;
            for (; j >= gap && a[j - gap] > v; j -= gap) a[j] = a[j - gap];
            a[j] = v;
        }
}

/* The primary item the linked search would branch on (choose_item in
 * dlx_search.c, on the sizes): its size, INT32_MAX-ish when none is left. */
INLINE int32_t choose_item(const dlx_t *d, const int32_t *len, int32_t n, int32_t *best,
                           int32_t n_pref) {
    int32_t t = INT32_MAX, b = 0;
    if (n > ARRAY_SCAN_MAX) { /* the linked search walks its list: the first with 0 or 1 */
        for (int32_t k = 1; k <= n; k++)
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

/* The option of cell r taken as a node takes it: its item goes, with its
 * options (r's too) from the other items; the rest by commit_option.
 * Returns the item's options before, copied to o when o is given. */
INLINE int32_t branch(cells m, int32_t x, uint32_t *o, int32_t *nt, int32_t *left, uint64_t *upd, const int T) {
    int32_t t = take_item(m, x, nt, left, T);
    const uint32_t *blk = SLOT(m, m.base[x]); /* x is out of play: its block stays put */
    for (int32_t j = 0; j < t; j++) {
        if (o) o[j] = blk[j];
        hide_option(m, blk[j], nt, upd, 0, 0, T);
    }
    return t;
}

/* Forced options (dlx_force) taken at the start, as nodes would take them
 * (on a primary item: every option has one); a dead end shows at the first node. */
static void start_state(dlx_t *d, dlx_cells *s) {
    fill_sets(d, s);
    cells m = {s->cell, s->color, s->base, s->mark, s->size, s->trail, d->n_primary};
    uint64_t upd = 0;
    for (int32_t f = 0; f < d->n_forced; f++) {
        int32_t r = s->cell_of[d->forced[f]];
        branch(m, s->cell[r].item, NULL, &s->ntrail, &s->left, &upd, 0);
        commit_option(m, REF(m, m.cell + r), &s->ntrail, &s->left, &upd, 0, 0);
    }
    s->dead = 0;
}

/* Level l's state after its branch, to go back to before each option:
 * the trail's height (T), or a copy of the sizes. */
/* dst = src, n ints (a multiple of 16), in fixed-size pieces the compiler
 * inlines: a call to memcpy costs more for so few. */
INLINE void copy_sizes(int32_t *restrict dst, const int32_t *restrict src, int32_t n) {
#if defined(__has_builtin) && __has_builtin(__builtin_memcpy_inline)
    /* clang would turn a loop of plain copies back into a call */
    for (int32_t i = 0; i < n; i += 16) __builtin_memcpy_inline(dst + i, src + i, 16 * sizeof *dst);
#else
    for (int32_t i = 0; i < n; i += 16) __builtin_memcpy(dst + i, src + i, 16 * sizeof *dst);
#endif
}
INLINE void save(dlx_cells *s, int32_t l, int32_t nt, int32_t left, const int T) {
    if (T) s->tried[l] = nt;
    else copy_sizes(s->snap + (size_t)l * s->stride, s->size, s->stride);
    s->lefts[l] = left;
}
INLINE void restore(dlx_cells *s, cells m, int32_t l, int32_t *nt, int32_t *left, const int T) {
    if (T) undo_to(m, nt, s->tried[l], left);
    else copy_sizes(s->size, s->snap + (size_t)l * s->stride, s->stride);
    *left = s->lefts[l];
}

/* Search until a solution, the end, or the node counter reaching `stop`;
 * the phases and per-level records as in the linked search. T: undo by
 * the trail, else by copies of the sizes (few items). A level's branch
 * is never undone by itself: the level above goes back to its own state. */
INLINE int search(dlx_t *d, uint64_t stop, const int T) {
    dlx_cells *s = d->cells;
    cells m = {s->cell, s->color, s->base, s->mark, s->size, s->trail, d->n_primary};
    int32_t *choice = d->choice, *start = d->start, *pos = d->pos, *tot = d->tot;
    uint32_t *opts = s->opts;
    int32_t *at = s->at;
    uint64_t nodes = d->nodes, upd = d->updates;
    int32_t l = d->level, nt = s->ntrail, left = s->left, x, k;
    const int32_t n_pref = d->n_pref; /* read once: the choice tests a register */
    int rc;

    switch (d->phase) {
    case PH_DONE: return DLX_DONE;
    case PH_AT_SOLUTION:
        if (d->depth == 0) goto done;
        goto recover;
    case PH_START:
        l = 0;
        start_state(d, s);
        nt = s->ntrail, left = s->left;
        at[0] = 0;
        if (left == 0) {
            d->depth = 0;
            rc = DLX_SOLUTION;
            goto solution;
        }
        /* fall through */
    case PH_FORWARD:
        break;
    }

forward:
    if (nodes >= stop) {
        d->phase = PH_FORWARD;
        d->depth = l;
        rc = DLX_BUDGET;
        goto out;
    }
    nodes++;
    if (s->dead) {
        s->dead = 0;
        goto backtrack;
    }
    {
        int32_t t = choose_item(d, m.size, m.np, &x, n_pref);
        if (t == 0) goto backtrack;
        if (t > 1) d->guesses++;
        /* The item goes, and its options leave the other items once for all
         * the options tried here (as in SSXCC). */
        uint32_t *o = opts + at[l];
        uint32_t live = T ? 0 : live_sum(m.size, s->stride);
        branch(m, x, o, &nt, &left, &upd, T);
        if (!T) upd += live - live_sum(m.size, s->stride);
        sort_cells(o, t);
        if (t > 1) save(s, l, nt, left, T);
        at[l + 1] = at[l] + t;
        k = 0;
        if (d->rng) k = (int32_t)(rng_next(&d->rng) % (uint64_t)t);
        start[l] = k, pos[l] = 0, tot[l] = t;
    }
try:
    choice[l] = option_at(m, opts[at[l] + k]);
    /* A dead end found early is the next node's: over ARRAY_SCAN_MAX primary
     * items the links branch on the first item with one option or none,
     * which need not be the one left with none. */
    {
        uint32_t live = T ? 0 : live_sum(m.size, s->stride);
        s->dead = !commit_option(m, opts[at[l] + k], &nt, &left, &upd, m.np <= ARRAY_SCAN_MAX, T);
        if (!T) upd += live - live_sum(m.size, s->stride);
    }
    if (left == 0) {
        d->depth = l + 1;
        rc = DLX_SOLUTION;
        goto solution;
    }
    if (++l > d->max_level) d->max_level = l;
    goto forward;

recover: /* undo level l's option and try the next one */
    if (pos[l] + 1 < tot[l]) {
        restore(s, m, l, &nt, &left, T);
        k = start[l] + ++pos[l];
        if (k >= tot[l]) k -= tot[l];
        goto try;
    }
backtrack:
    if (l == 0) goto done;
    l--;
    goto recover;

done:
    d->phase = PH_DONE;
    d->depth = 0;
    rc = DLX_DONE;
    goto out;
solution:
    d->phase = PH_AT_SOLUTION;
    d->solutions++;
out:
    s->ntrail = nt, s->left = left;
    d->level = l;
    d->nodes = nodes;
    d->updates = upd;
    return rc;
}

/* One copy for both ways of undoing in WebAssembly (smaller; DLX_ONE_SEARCH
 * as for the links), a copy each natively. */
int dlx_cells_search(dlx_t *d, uint64_t stop) {
#if defined(__wasm__) || defined(DLX_ONE_SEARCH)
    return search(d, stop, !d->cells->snap);
#else
    return d->cells->snap ? search(d, stop, 0) : search(d, stop, 1);
#endif
}
