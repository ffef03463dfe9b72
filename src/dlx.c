/* dlx.c: Dancing Links for exact cover with colors (Knuth's Algorithm C).
 *
 * Layout as in Knuth's DLX1/DLX2: one array of 16-byte nodes. Nodes 1..N are
 * the item headers (lengths are kept apart, in `len`), then every option
 * is a run of consecutive nodes, with a spacer node before and after each run.
 * A spacer's `up` is the first node of the option before it and its `down` the
 * last node of the option after it, so an option can be walked in a circle
 * with only vertical links. Items also sit in two circular lists (`item`):
 * active primary items around root 0, secondary items around root N+1.
 *
 * The search is Knuth's loop with its state kept in the handle: the choice
 * made at every level, plus a phase telling where to pick up again.
 */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

typedef struct {
    int32_t up, down;
    int32_t top;   /* item of an option node; 0 in a header; -(k+1) after option k */
    int32_t color; /* 0 none; > 0 a color; < 0 already agrees with a purified item */
} dlx_node;

/* An item's header: its place in the list of active items and the color a
 * purification settled it on. Column lengths live in their own array. */
typedef struct {
    int32_t prev, next;
    int32_t color, pad;
} dlx_head;

/* Covering an item adds this to its length, so a plain scan of the length
 * array skips covered items without following the list. */
#define COVERED (1 << 30)
/* Up to this many primary items the MRV scan reads the length array from
 * end to end (no dependent loads); beyond it, it follows the active list. */
#define ARRAY_SCAN_MAX 4096

enum phase { PH_START, PH_FORWARD, PH_AT_SOLUTION, PH_DONE };

struct dlx {
    int32_t n_primary, n_items;
    dlx_node *node;
    int32_t n_nodes, cap_nodes;
    dlx_head *item; /* n_items + 2 entries: root 0, items 1..N, secondary root N+1 */
    int32_t *len;   /* n_items + 1 entries: column lengths, + COVERED when covered */
    int32_t *opt_start; /* first node of each option */
    int32_t n_options, cap_options;
    int has_colors;

    int32_t *forced; /* stack of forced options (at most n_primary of them) */
    int32_t n_forced;
    int32_t *owner; /* per item: the forced option holding it, or -1 */
    int32_t conflict_option, conflict_item;
    int32_t *mark; /* per item: scratch for duplicate checks */
    int32_t stamp;

    /* Search state: levels 0 .. depth-1 hold a committed choice. */
    int32_t *choice, *start, *pos, *tot;
    int32_t level, depth, max_level;
    enum phase phase;
    uint64_t nodes, updates, solutions, guesses;
    uint64_t seed, rng; /* the seed set, and the generator's state (0: natural order) */
};

const char *dlx_strerror(int code) {
    switch (code) {
    case DLX_OK: return "ok";
    case DLX_SOLUTION: return "a solution was found";
    case DLX_DONE: return "the search is complete";
    case DLX_BUDGET: return "the node budget was spent before the search ended";
    case DLX_LIMIT: return "the solution limit was reached";
    case DLX_ENOMEM: return "out of memory";
    case DLX_EARG: return "invalid argument (a NULL pointer or a negative size)";
    case DLX_EITEM: return "item index out of range";
    case DLX_EDUPITEM: return "an item appears twice in one option";
    case DLX_ECOLOR: return "a color on a primary item, or a negative color";
    case DLX_ENOPRIMARY: return "an option without a primary item can never be chosen";
    case DLX_EOPTION: return "option index out of range";
    case DLX_ECONFLICT: return "the forced option clashes with one forced earlier";
    case DLX_ENOFORCED: return "no option is forced";
    case DLX_ETOOBIG: return "too many items or nodes for 32-bit indices";
    case DLX_ENOSOLUTION: return "the search is not at a solution";
    case DLX_EUNKNOWN: return "unknown item name";
    case DLX_EDUPNAME: return "item name declared twice";
    case DLX_ENOITEMS: return "no primary items declared";
    case DLX_ECHAR: return "a character that is not allowed here";
    case DLX_ESYNTAX: return "malformed line";
    default: return "unknown error code";
    }
}

/* ---- the dance ---------------------------------------------------------- */

/* The arrays the dance touches, passed by value so that the inlined loops
 * keep them in registers. */
typedef struct {
    dlx_node *nd;
    dlx_head *it;
    int32_t *len; /* per item: options left in its column (+ COVERED once covered) */
} dance;

#define INLINE static inline __attribute__((always_inline))

/* Unlink every other node of the option holding p from its column. Nodes
 * marked as agreeing with a purified color stay (as in DLX2): their column
 * is settled and nobody looks at it until it is restored. */
INLINE void hide(dance m, int32_t p, int colored, uint64_t *upd) {
    dlx_node *nd = m.nd;
    for (int32_t q = p + 1; q != p;) {
        int32_t x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) {
            q = u;
        } else if (colored && nd[q].color < 0) {
            q++;
        } else {
            nd[u].down = dn, nd[dn].up = u;
            m.len[x]--;
            (*upd)++;
            q++;
        }
    }
}

INLINE void unhide(dance m, int32_t p, int colored) {
    dlx_node *nd = m.nd;
    for (int32_t q = p - 1; q != p;) {
        int32_t x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) {
            q = dn;
        } else if (colored && nd[q].color < 0) {
            q--;
        } else {
            nd[u].down = q, nd[dn].up = q;
            m.len[x]++;
            q--;
        }
    }
}

INLINE void cover(dance m, int32_t i, int colored, uint64_t *upd) {
    for (int32_t p = m.nd[i].down; p != i; p = m.nd[p].down) hide(m, p, colored, upd);
    int32_t l = m.it[i].prev, r = m.it[i].next;
    m.it[l].next = r, m.it[r].prev = l;
    m.len[i] += COVERED;
}

INLINE void uncover(dance m, int32_t i, int colored) {
    int32_t l = m.it[i].prev, r = m.it[i].next;
    m.it[l].next = i, m.it[r].prev = i;
    m.len[i] -= COVERED;
    for (int32_t p = m.nd[i].up; p != i; p = m.nd[p].up) unhide(m, p, colored);
}

/* Settle secondary item top(p) on p's color: options with another color go,
 * options with the same color stay but are marked so nobody covers it twice. */
static void purify(dance m, int32_t p, uint64_t *upd) {
    dlx_node *nd = m.nd;
    int32_t c = nd[p].color, i = nd[p].top;
    m.it[i].color = c; /* the header remembers the settled color */
    for (int32_t r = nd[i].down; r != i; r = nd[r].down) {
        if (nd[r].color != c) hide(m, r, 1, upd);
        else if (r != p) nd[r].color = -1;
    }
}

static void unpurify(dance m, int32_t p) {
    dlx_node *nd = m.nd;
    int32_t c = nd[p].color, i = nd[p].top;
    m.it[i].color = 0;
    for (int32_t r = nd[i].up; r != i; r = nd[r].up) {
        if (nd[r].color < 0) nd[r].color = c;
        else if (r != p) unhide(m, r, 1);
    }
}

/* Take every item of p's option except top(p), which the caller covered. */
INLINE void commit_rest(dance m, int32_t p, int colored, uint64_t *upd) {
    dlx_node *nd = m.nd;
    for (int32_t q = p + 1; q != p;) {
        int32_t x = nd[q].top;
        if (x <= 0) {
            q = nd[q].up;
        } else {
            if (!colored || nd[q].color == 0) cover(m, x, colored, upd);
            else if (nd[q].color > 0) purify(m, q, upd);
            q++;
        }
    }
}

INLINE void uncommit_rest(dance m, int32_t p, int colored) {
    dlx_node *nd = m.nd;
    for (int32_t q = p - 1; q != p;) {
        int32_t x = nd[q].top;
        if (x <= 0) {
            q = nd[q].down;
        } else {
            if (!colored || nd[q].color == 0) uncover(m, x, colored);
            else if (nd[q].color > 0) unpurify(m, q);
            q--;
        }
    }
}

/* ---- building ------------------------------------------------------------ */

static int grow(void **buf, int32_t *cap, int64_t need, size_t elem) {
    if (need <= *cap) return DLX_OK;
    if (need > INT32_MAX - 1) return DLX_ETOOBIG;
    int64_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    if (n > INT32_MAX - 1) n = INT32_MAX - 1;
    void *p = realloc(*buf, (size_t)n * elem);
    if (!p) return DLX_ENOMEM;
    *buf = p;
    *cap = (int32_t)n;
    return DLX_OK;
}

dlx_t *dlx_new(int32_t primary, int32_t secondary) {
    if (primary < 0 || secondary < 0 || (int64_t)primary + secondary > INT32_MAX / 4) return NULL;
    dlx_t *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    int32_t n = primary + secondary;
    d->n_primary = primary;
    d->n_items = n;
    d->item = malloc((size_t)(n + 2) * sizeof *d->item);
    d->len = calloc((size_t)n + 1 + 64, sizeof *d->len); /* + room for choose_item's last look */
    d->owner = malloc((size_t)(n + 1) * sizeof *d->owner);
    d->mark = calloc((size_t)n + 1, sizeof *d->mark);
    d->forced = malloc((size_t)(primary + 1) * sizeof *d->forced);
    d->choice = malloc((size_t)(primary + 1) * sizeof *d->choice);
    d->start = malloc((size_t)(primary + 1) * sizeof *d->start);
    d->pos = malloc((size_t)(primary + 1) * sizeof *d->pos);
    d->tot = malloc((size_t)(primary + 1) * sizeof *d->tot);
    if (!d->item || !d->len || !d->owner || !d->mark || !d->forced || !d->choice || !d->start || !d->pos ||
        !d->tot || grow((void **)&d->node, &d->cap_nodes, (int64_t)n + 2, sizeof *d->node)) {
        dlx_free(d);
        return NULL;
    }
    /* Headers: empty columns. */
    for (int32_t i = 0; i <= n; i++) d->node[i] = (dlx_node){i, i, 0, 0};
    /* Two circular item lists: primary around 0, secondary around n+1. */
    int32_t sroot = n + 1;
    for (int32_t i = 0; i <= n + 1; i++) d->item[i] = (dlx_head){i - 1, i + 1, 0, 0};
    d->item[0].prev = primary;
    d->item[primary].next = 0;
    d->item[sroot].next = primary + 1 <= n ? primary + 1 : sroot;
    d->item[sroot].prev = n > primary ? n : sroot;
    if (n > primary) d->item[primary + 1].prev = sroot, d->item[n].next = sroot;
    for (int32_t i = 0; i <= n; i++) d->owner[i] = -1;
    /* The first spacer. */
    d->node[n + 1] = (dlx_node){0, 0, 0, 0};
    d->n_nodes = n + 2;
    d->phase = PH_START;
    return d;
}

void dlx_free(dlx_t *d) {
    if (!d) return;
    free(d->node);
    free(d->item);
    free(d->len);
    free(d->opt_start);
    free(d->forced);
    free(d->owner);
    free(d->mark);
    free(d->choice);
    free(d->start);
    free(d->pos);
    free(d->tot);
    free(d);
}

int32_t dlx_primary_count(const dlx_t *d) { return d ? d->n_primary : DLX_EARG; }
int32_t dlx_item_count(const dlx_t *d) { return d ? d->n_items : DLX_EARG; }
int32_t dlx_option_count(const dlx_t *d) { return d ? d->n_options : DLX_EARG; }
int32_t dlx_forced_count(const dlx_t *d) { return d ? d->n_forced : DLX_EARG; }

int dlx_reserve(dlx_t *d, int32_t options, int64_t nodes) {
    if (!d || options < 0 || nodes < 0) return DLX_EARG;
    int rc = grow((void **)&d->opt_start, &d->cap_options, (int64_t)d->n_options + options,
                  sizeof *d->opt_start);
    if (rc) return rc;
    return grow((void **)&d->node, &d->cap_nodes, d->n_nodes + nodes + options, sizeof *d->node);
}

int32_t dlx_add_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n) {
    if (!d || n < 0 || (n > 0 && !items)) return DLX_EARG;
    if (n == 0) return DLX_ENOPRIMARY;
    /* Validate everything before touching the matrix. */
    if (++d->stamp == INT32_MAX) {
        memset(d->mark, 0, (size_t)(d->n_items + 1) * sizeof *d->mark);
        d->stamp = 1;
    }
    int has_primary = 0, colored = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t i = items[k];
        if (i < 0 || i >= d->n_items) return DLX_EITEM;
        if (d->mark[i] == d->stamp) return DLX_EDUPITEM;
        d->mark[i] = d->stamp;
        int32_t c = colors ? colors[k] : 0;
        if (c < 0 || (c > 0 && i < d->n_primary)) return DLX_ECOLOR;
        if (c > 0) colored = 1;
        if (i < d->n_primary) has_primary = 1;
    }
    if (!has_primary) return DLX_ENOPRIMARY;
    int rc = grow((void **)&d->opt_start, &d->cap_options, (int64_t)d->n_options + 1,
                  sizeof *d->opt_start);
    if (!rc) rc = grow((void **)&d->node, &d->cap_nodes, (int64_t)d->n_nodes + n + 1,
                       sizeof *d->node);
    if (rc) return rc;

    /* A new option must see the matrix without forced options (or one that
     * clashes with them would stay selectable): take them off, then replay. */
    int32_t forced = d->n_forced;
    dlx_unforce_all(d);
    dlx_restart(d);
    dlx_node *nd = d->node;
    int32_t spacer = d->n_nodes - 1, first = d->n_nodes;
    for (int32_t k = 0; k < n; k++) {
        int32_t x = items[k] + 1, p = first + k;
        int32_t last = nd[x].up; /* append at the bottom of column x */
        nd[p] = (dlx_node){last, x, x, colors ? colors[k] : 0};
        nd[last].down = p;
        nd[x].up = p;
        d->len[x]++;
    }
    nd[spacer].down = first + n - 1;
    nd[first + n] = (dlx_node){first, 0, -(d->n_options + 1), 0};
    d->n_nodes = first + n + 1;
    d->opt_start[d->n_options] = first;
    d->has_colors |= colored;
    int32_t k = d->n_options++;
    for (int32_t f = 0; f < forced; f++) dlx_force(d, d->forced[f]); /* cannot clash: it did not before */
    return k;
}

int32_t dlx_option_items(const dlx_t *d, int32_t k, int32_t *items, int32_t *colors, int32_t cap) {
    if (!d || cap < 0) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    const dlx_node *nd = d->node;
    int32_t p = d->opt_start[k], n = 0;
    for (; nd[p].top > 0; p++, n++) {
        if (n >= cap) continue;
        if (items) items[n] = nd[p].top - 1;
        if (colors) {
            /* -1 means "agrees with the settled color", kept in the header */
            int32_t c = nd[p].color;
            colors[n] = c < 0 ? d->item[nd[p].top].color : c;
        }
    }
    return n;
}

/* ---- search ---------------------------------------------------------------- */

/* The option holding node p: the spacer after it says. */
static int32_t option_of(const dlx_node *nd, int32_t p) {
    while (nd[p].top > 0) p++;
    return -nd[p].top - 1;
}

static uint64_t rng_next(uint64_t *s) { /* xorshift64* */
    uint64_t x = *s;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* The index of the lowest set bit of x != 0. */
static inline int first_bit(uint64_t x) {
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!(x & 1)) x >>= 1, k++;
    return k;
#endif
}

/* The least of the lengths len[0 .. width-1] (width a multiple of 4), and a
 * mask of which of them equal t. WebAssembly is built for size, where the
 * compiler does not vectorize loops: the SIMD is spelled out there. */
#ifdef __wasm_simd128__
INLINE int32_t block_min(const int32_t *len, int width) {
    v128_t low = wasm_v128_load(len);
    for (int j = 4; j < width; j += 4) low = wasm_i32x4_min(low, wasm_v128_load(len + j));
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 2, 3, 0, 1));
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 1, 0, 3, 2));
    return wasm_i32x4_extract_lane(low, 0);
}
INLINE uint64_t block_hits(const int32_t *len, int width, int32_t t) {
    v128_t want = wasm_i32x4_splat(t);
    uint64_t hit = 0;
    for (int j = 0; j < width; j += 4)
        hit |= (uint64_t)wasm_i32x4_bitmask(wasm_i32x4_eq(wasm_v128_load(len + j), want)) << j;
    return hit;
}
#else
INLINE int32_t block_min(const int32_t *len, int width) {
    int32_t low = INT32_MAX;
    for (int j = 0; j < width; j++) low = len[j] < low ? len[j] : low;
    return low;
}
INLINE uint64_t block_hits(const int32_t *len, int width, int32_t t) {
    uint64_t hit = 0;
    for (int j = 0; j < width; j++) hit |= (uint64_t)(len[j] == t) << j;
    return hit;
}
#endif

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
INLINE int32_t choose_item(const dlx_t *d, int32_t *best) {
    const int32_t *len = d->len;
    int32_t t = INT32_MAX, b = 0, n = d->n_primary, k = 1;
    if (n > ARRAY_SCAN_MAX) {
        for (k = d->item[0].next; k != 0; k = d->item[k].next)
            if (len[k] < t) {
                t = len[k], b = k;
                if (t <= 1) break;
            }
        *best = b;
        return t;
    }
    /* Blocks of 64, then of 16: the first block holding the minimum so far. */
    int32_t block = 0, wide = 0;
    for (; k + 63 <= n; k += 64) {
        int32_t low = block_min(len + k, 64);
        if (low < t) {
            t = low, block = k, wide = 1;
            if (t == 0) goto found;
        }
    }
    for (; k + 15 <= n; k += 16) {
        int32_t low = block_min(len + k, 16);
        if (low < t) {
            t = low, block = k, wide = 0;
            if (t == 0) break;
        }
    }
found:
    if (block) { /* locate the item once, not at every improvement */
        /* bit j: len[block + j] == t (the array has room past n) */
        uint64_t hit = wide ? block_hits(len + block, 64, t) : block_hits(len + block, 16, t);
        b = block + first_bit(hit);
        if (t == 0) {
            *best = b;
            return t;
        }
    }
    for (; k <= n; k++)
        if (len[k] < t) {
            t = len[k], b = k;
            if (t == 0) break;
        }
    *best = b;
    return t;
}

/* Search until a solution, the end, or the node counter reaching `stop`. */
INLINE int search(dlx_t *d, uint64_t stop, const int colored) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = d->node;
    int32_t *choice = d->choice, *start = d->start, *pos = d->pos, *tot = d->tot;
    uint64_t nodes = d->nodes, upd = d->updates;
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
    {
        int32_t t = choose_item(d, &best);
        if (t == 0) goto backtrack; /* dead end: nothing covered at this level */
        if (t > 1) d->guesses++;
        cover(m, best, colored, &upd);
        cur = nd[best].down;
        if (d->rng)
            for (uint64_t r = rng_next(&d->rng) % (uint64_t)t; r; r--) cur = nd[cur].down;
        start[l] = cur, pos[l] = 0, tot[l] = t;
    }
try:
    choice[l] = cur;
    commit_rest(m, cur, colored, &upd);
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
    cur = nd[cur].down;
    if (cur == best) cur = nd[cur].down;
    if (cur != start[l]) {
        pos[l]++;
        goto try;
    }
    uncover(m, best, colored);
backtrack:
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
out:
    d->level = l;
    d->nodes = nodes;
    d->updates = upd;
    return rc;
}

int dlx_search_until(dlx_t *d, uint64_t node_limit) {
    if (!d) return DLX_EARG;
    uint64_t stop = node_limit ? node_limit : UINT64_MAX;
#ifdef DLX_ONE_SEARCH /* one copy that tests for colors as it goes: smaller, a little slower */
    return search(d, stop, d->has_colors);
#else
    return d->has_colors ? search(d, stop, 1) : search(d, stop, 0);
#endif
}

int dlx_search(dlx_t *d, uint64_t max_nodes) {
    if (!d) return DLX_EARG;
    uint64_t left = UINT64_MAX - d->nodes;
    return dlx_search_until(d, max_nodes && max_nodes < left ? d->nodes + max_nodes : 0);
}

static void reset_search(dlx_t *d);

static void unwind(dlx_t *d, const int colored) {
    dance m = {d->node, d->item, d->len};
    for (int32_t l = d->depth - 1; l >= 0; l--) {
        int32_t cur = d->choice[l];
        uncommit_rest(m, cur, colored);
        uncover(m, m.nd[cur].top, colored);
    }
}

void dlx_restart(dlx_t *d) {
    if (!d) return;
    if (d->phase != PH_START) {
        if (d->has_colors) unwind(d, 1);
        else unwind(d, 0);
    }
    reset_search(d);
}

/* A fresh search on the matrix as it stands (nothing left to unwind). */
static void reset_search(dlx_t *d) {
    d->phase = PH_START;
    d->level = d->depth = d->max_level = 0;
    d->nodes = d->updates = d->solutions = d->guesses = 0;
    /* Every restart replays the same random order: splitmix64 spreads any
     * seed (even small ones) over the generator's state. */
    uint64_t z = d->seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    d->rng = d->seed ? (z ? z : 1) : 0;
}

int32_t dlx_solution(const dlx_t *d, int32_t *options, int32_t cap) {
    if (!d || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (d->phase != PH_AT_SOLUTION) return DLX_ENOSOLUTION;
    int32_t n = 0;
    for (int32_t k = 0; k < d->n_forced; k++, n++)
        if (n < cap) options[n] = d->forced[k];
    for (int32_t l = 0; l < d->depth; l++, n++) {
        if (n < cap) options[n] = option_of(d->node, d->choice[l]);
    }
    return n;
}

int dlx_count(dlx_t *d, uint64_t limit, uint64_t max_nodes, uint64_t *count) {
    if (!d || !count) return DLX_EARG;
    dlx_restart(d);
    int rc;
    while ((rc = dlx_search_until(d, max_nodes)) == DLX_SOLUTION)
        if (limit && d->solutions >= limit) {
            rc = DLX_LIMIT;
            break;
        }
    *count = d->solutions;
    return rc;
}

void dlx_set_seed(dlx_t *d, uint64_t seed) {
    if (!d) return;
    d->seed = seed;
    dlx_restart(d);
}

void dlx_stats(const dlx_t *d, dlx_stats_t *out) {
    if (!d || !out) return;
    out->nodes = d->nodes;
    out->updates = d->updates;
    out->solutions = d->solutions;
    out->level = d->level;
    out->max_level = d->max_level;
    out->guesses = d->guesses;
    if (d->phase == PH_DONE) {
        out->progress = 1.0;
    } else if (d->phase == PH_START) {
        out->progress = 0.0;
    } else { /* Knuth's estimate: the share of each level's choices already done */
        double f = 0.0, w = 1.0;
        int32_t levels = d->phase == PH_AT_SOLUTION ? d->depth : d->level;
        for (int32_t l = 0; l < levels; l++) {
            w /= d->tot[l];
            f += d->pos[l] * w;
        }
        out->progress = f + w / 2;
    }
}

/* The first node of option k that clashes with a forced option, or 0. A
 * clash is an item already taken, unless both settle it on one color. That
 * color is in the item's header; this option's node says -1 if purify saw
 * it, but keeps its own color if it had been hidden before. */
static int32_t clashing_node(const dlx_t *d, int32_t k) {
    const dlx_node *nd = d->node;
    for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
        int32_t i = nd[p].top, c = nd[p].color;
        if (d->owner[i] >= 0 && c >= 0 && (c == 0 || c != d->item[i].color)) return p;
    }
    return 0;
}

int32_t dlx_item_options(dlx_t *d, int32_t i, int32_t *options, int32_t cap) {
    if (!d || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (i < 0 || i >= d->n_items) return DLX_EITEM;
    dlx_restart(d);
    /* Without a search, column i holds every option that agrees with the
     * forced ones, plus (when a forced option took i) some that do not. */
    const dlx_node *nd = d->node;
    int32_t n = 0, x = i + 1;
    for (int32_t p = nd[x].down; p != x; p = nd[p].down) {
        int32_t k = option_of(nd, p);
        if (d->owner[x] >= 0 && clashing_node(d, k)) continue;
        if (n < cap) options[n] = k;
        n++;
    }
    return n;
}

int32_t dlx_branch_item(dlx_t *d) {
    if (!d) return DLX_EARG;
    dlx_restart(d);
    int32_t best;
    if (d->item[0].next == 0) return -1; /* the forced options cover every primary item */
    return choose_item(d, &best) == INT32_MAX ? -1 : best - 1;
}

/* ---- forcing ---------------------------------------------------------------- */

/* Take every item of option k for good (forcing), or give them back.
 * Without colors no node is ever marked, so the plain dance serves. */
INLINE void take(dlx_t *d, int32_t k, const int colored) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = m.nd;
    uint64_t upd = 0;
    for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
        int32_t i = nd[p].top;
        if (nd[p].color == 0) {
            cover(m, i, colored, &upd);
            d->owner[i] = k;
        } else if (nd[p].color > 0) {
            purify(m, p, &upd);
            d->owner[i] = k;
        }
    }
}

INLINE void give_back(dlx_t *d, int32_t k, const int colored) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = m.nd;
    int32_t first = d->opt_start[k], p = first;
    while (nd[p].top > 0) p++;
    for (p--; p >= first; p--) {
        int32_t i = nd[p].top;
        if (nd[p].color == 0) {
            uncover(m, i, colored);
            d->owner[i] = -1;
        } else if (nd[p].color > 0) {
            unpurify(m, p);
            d->owner[i] = -1;
        }
    }
}

int dlx_force(dlx_t *d, int32_t k) {
    if (!d) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    dlx_restart(d);
    int32_t p = clashing_node(d, k);
    if (p) {
        d->conflict_option = d->owner[d->node[p].top];
        d->conflict_item = d->node[p].top - 1;
        return DLX_ECONFLICT;
    }
    if (d->has_colors) take(d, k, 1);
    else take(d, k, 0);
    d->forced[d->n_forced++] = k;
    return DLX_OK;
}

int dlx_unforce(dlx_t *d) {
    if (!d) return DLX_EARG;
    if (d->n_forced == 0) return DLX_ENOFORCED;
    dlx_restart(d);
    int32_t k = d->forced[--d->n_forced];
    if (d->has_colors) give_back(d, k, 1);
    else give_back(d, k, 0);
    return DLX_OK;
}

void dlx_unforce_all(dlx_t *d) {
    if (!d) return;
    while (d->n_forced) dlx_unforce(d);
}

void dlx_conflict(const dlx_t *d, int32_t *option, int32_t *item) {
    if (!d) return;
    if (option) *option = d->conflict_option;
    if (item) *item = d->conflict_item;
}

size_t dlx_memory_bytes(const dlx_t *d) {
    if (!d) return 0;
    size_t per_item = sizeof(dlx_head) + 3 * sizeof(int32_t);
    size_t per_level = 5 * sizeof(int32_t);
    return sizeof *d + (size_t)d->cap_nodes * sizeof(dlx_node) +
           (size_t)(d->n_items + 2) * per_item + (size_t)(d->n_primary + 1) * per_level +
           (size_t)d->cap_options * sizeof(int32_t);
}
