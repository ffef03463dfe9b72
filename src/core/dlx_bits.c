/* dlx_bits.c: the search for small problems (up to BITS_MAX_OPTIONS
 * options), on bit sets of live options instead of links.
 *
 * Two options are compatible when every item they share is secondary and
 * both give it the same color; a solution is a set of pairwise compatible
 * options covering every primary item. So each option has a "kill" set, the
 * options incompatible with it (itself included), the union of one mask per
 * item of the option: all the item's options, or for a colored secondary
 * item those giving it another color. Choosing an option removes its kill
 * set from the live set and lowers the counts of the primary items of every
 * option removed; the count that reaches 0 ends the branch at once.
 *
 * Every level has its own live set and counts, written from the level
 * above as it goes down: backtracking undoes nothing. The tree is the
 * linked search's, node for node (same item chosen, options tried in the
 * same order, the same seeded order, a dead end counted as a node), so
 * statistics, budgets and progress agree whichever search runs.
 */
#include "dlx_internal.h"
#include "random.h"
#include "dlx_scan.h"
#include "dlx_bits.h"
#include "dlx_bits_count.h"
#include "dlx_bits_ways.h"
#include "dlx_meet.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(__wasm__)
#include <emmintrin.h>
#endif

_Static_assert(BITS_MAX_OPTIONS <= 64 * 64, "strike() keeps one bit per word of a set in a uint64_t");

/* Unrolled rows: when every option has the same number R of primary items
 * (R 2 or 6, natively 4 too: sudoku-dlx's options, 5-11% faster; the
 * problem over SMALL_WORDS words), strike() lowers an
 * option's counts with no loop test per update (pentomino-6x10 14% less CPU
 * time natively and in WebAssembly). Each R costs code (R 3 made queens-13 3%
 * slower in WebAssembly), there in a copy of the search of its own (see
 * ROWS_COPY). In WebAssembly rows of 6
 * are lowered in one array, `work`, through absolute addresses (the
 * table `at`, 8 entries an option), then copied to the slot: V8 adds the
 * count's base to every index, but not to an address; and two options a
 * turn, as V8 puts a stack check on every loop back-edge. Each saved 2-4%
 * in WebAssembly and cost as much natively; for rows of 2 (edge-matching)
 * the copies cost 3% more than they save. Rows of 2 are lowered through the
 * table `pair` instead: an option's two counts' byte offsets in one word
 * (edge-matching-7x7 2% faster in WebAssembly; two options a turn there
 * gained nothing), and the words the strike takes are kept by its first
 * pass in the array `gone` (GONE_BUF): the rows' loop reads one word, not
 * two through bases V8 keeps spilled (edge-matching-7x7 1-2% faster).
 * `work` and `gone` are the problem's (dlx.h: no global state); as static
 * arrays they ran 1% faster on edge-matching-7x7, under the noise
 * (docs/notes/WASM.md). */
#ifdef __wasm__
#define IN_WORK(R) ((R) == 6)
#define GONE_BUF 1
#define PACKED(R) ((R) == 2)
#else
#define IN_WORK(R) 0
#define GONE_BUF 0
#define PACKED(R) 0
#endif
enum { AT_ROW = 8 };
_Static_assert((ARRAY_SCAN_MAX + 16) * sizeof(count_t) <= 1 << 16, "a count's byte offset in a slot fits 16 bits");

/* In WebAssembly the unrolled rows get a copy of the search of their own,
 * so that the other problems run the smaller code: V8 compiles each copy
 * whole, and with the rows in the one copy queens-13 and langford-12 ran
 * 3-5% slower (2.5 KiB). Natively one copy takes both: pentomino-6x10 ran
 * 5% slower with two. */
#ifdef __wasm__
#define ROWS_COPY 1
#else
#define ROWS_COPY 0
#endif

/* The scratch block's size: `work` (a slot's counts), then `gone` (a set). */
static size_t scratch_bytes(const dlx_bits *b) {
    return (IN_WORK(b->same) ? (size_t)b->stride * sizeof(count_t) : 0) +
           (GONE_BUF && PACKED(b->same) ? (size_t)b->words * 8 : 0);
}

void dlx_bits_free(dlx_t *d) {
    dlx_bits *b = d->bits;
    if (!b) return;
    free(b->mask), free(b->conflict), free(b->kill), free(b->kill_at), free(b->prim), free(b->at), free(b->pair), free(b->scratch);
    free(b->live), free(b->count), free(b->left), free(b->branch), free(b->ways);
    free(b);
    d->bits = NULL;
}

size_t dlx_bits_bytes(const dlx_t *d) {
    const dlx_bits *b = d->bits;
    if (!b) return 0;
    int32_t n = d->n_options, entries = b->kill_at[n], masks = 0;
    for (int32_t e = 0; e < entries; e++)
        if (b->kill[e] / b->words + 1 > masks) masks = b->kill[e] / b->words + 1;
    return sizeof *b + ((size_t)masks + (size_t)n + (size_t)b->levels) * (size_t)b->words * 8 +
           ((size_t)entries + (size_t)n * (size_t)b->row + (size_t)n + 1) * 4 +
           (size_t)b->levels * ((size_t)b->stride * sizeof(count_t) + 2 * 4 + 8) +
           (b->at ? (size_t)n * AT_ROW * sizeof *b->at : 0) + (b->pair ? (size_t)n * sizeof *b->pair : 0) +
           (b->scratch ? scratch_bytes(b) + 15 : 0);
}

/* The option's original color at node p (a purified node says -1). */
static int32_t node_color(const dlx_t *d, int32_t p) {
    int32_t c = d->node[p].color;
    return c < 0 ? d->item[d->node[p].top].color : c;
}

/* Levels that can hold a choice: each covers a primary item and takes an option. */
static int32_t max_depth(const dlx_t *d) { return d->n_primary < d->n_options ? d->n_primary : d->n_options; }

/* The building runs once a problem; V8 compiles a function whole once its
 * loops have run about 1.8 MB of its Liftoff code, and a call keeps the code
 * it started in: inlined whole (dlx_bits_ready, 2,577 bytes) it was compiled
 * for nothing, 8-30 ms on V8's threads. In WebAssembly an option's part of a
 * pass is a function (what gets compiled is small, its next calls use it;
 * docs/notes/WASM.md, session 42); natively inlined. */
#ifdef __wasm__
#define PER_OPTION static __attribute__((noinline))
#else
#define PER_OPTION INLINE
#endif

/* Option k's primary items and end mark; its entries, and those with a color, added to *e and *c. */
PER_OPTION int32_t option_counts(const dlx_t *d, int32_t k, int32_t *e, int32_t *c) {
    int32_t r = 1;
    for (int32_t p = d->opt_start[k]; d->node[p].top > 0; p++, ++*e)
        r += d->node[p].top <= d->n_primary, *c += node_color(d, p) != 0;
    return r;
}
/* Entries per option in the table of primary items: the most an option
 * has, and its end mark. A fixed row saves a dependent load per option
 * struck (its start is o * row, not a table's entry). */
static int32_t prim_row(const dlx_t *d, int32_t *entries, int32_t *colored) {
    int32_t row = 1;
    for (int32_t k = 0, r; k < d->n_options; k++) row = (r = option_counts(d, k, entries, colored)) > row ? r : row;
    return row;
}
struct pairs { int32_t *head, *next, *color, n; }; /* (item, color) pairs met, chained per item */
/* Option k's entries from e on (the mask each kills with), its primary items' row; the next entry. */
PER_OPTION int32_t kill_row(const dlx_t *d, dlx_bits *b, int32_t k, int32_t e, struct pairs *pr) {
    const dlx_node *nd = d->node;
    int32_t np = d->n_primary, ni = d->n_items, row = b->row, q = (b->kill_at[k] = e, k * row);
    for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
        int32_t x = nd[p].top, c = node_color(d, p), m = x - 1;
        if (x <= np) b->prim[q++] = x - 1;
        if (c) {
            int32_t r = pr->head[x];
            while (r >= 0 && pr->color[r] != c) r = pr->next[r];
            if (r < 0) r = pr->n++, pr->color[r] = c, pr->next[r] = pr->head[x], pr->head[x] = r;
            m = ni + r;
        }
        b->kill[e++] = m;
    }
    b->prim[q] = ~(q - k * row);
    b->same = k == 0 || b->same == q - k * row ? q - k * row : 0;
    return e;
}
/* Option k's bit in its items' masks and its rows' addresses in `work` (set),
 * or out of its own colors' kill masks (one function: wasm-opt inlines a small one with one caller). */
PER_OPTION void mask_row(const dlx_t *d, dlx_bits *b, int32_t k, int32_t w, int set) {
    uint64_t bit = 1ULL << (k % 64), *m = b->mask + k / 64;
    if (set && b->at)
        for (int32_t i = 0; i < b->same; i++) b->at[k * AT_ROW + i] = b->work + b->prim[k * b->row + i];
    if (set)
        for (int32_t p = d->opt_start[k]; d->node[p].top > 0; p++) m[(size_t)(d->node[p].top - 1) * w] |= bit;
    else
        for (int32_t e = b->kill_at[k]; e < b->kill_at[k + 1]; e++)
            if (b->kill[e] >= d->n_items) m[(size_t)b->kill[e] * w] &= ~bit;
}
/* Option k's conflict set, the union of the masks it kills with (entries made offsets). */
PER_OPTION void conflict_row(dlx_bits *b, int32_t k, int32_t w) {
    uint64_t *c = b->conflict + (size_t)k * w;
    for (int32_t j = 0; j < w; j++) c[j] = 0;
    for (int32_t e = b->kill_at[k]; e < b->kill_at[k + 1]; e++) {
        int32_t m = b->kill[e] *= w;
        for (int32_t j = 0; j < w; j++) c[j] |= b->mask[m + j];
    }
}

/* Build the masks and per-level states for the matrix as it stands. */
static int build(dlx_t *d) {
    int32_t n = d->n_options, np = d->n_primary, ni = d->n_items;
    dlx_bits *b = calloc(1, sizeof *b);
    if (!b) return DLX_ENOMEM;
    d->bits = b;
    b->words = (n + 127) / 128 * 2; /* even: strike() takes them in pairs */
    if (b->words < SMALL_WORDS && n > 64 * TINY_WORDS) b->words = SMALL_WORDS;
    b->stride = (np + 16) / 16 * 16; /* at least one pad, for the scan */
    b->levels = 2 * (max_depth(d) + 2); /* slots */
    int32_t w = b->words;
    /* Colored entries get a mask per (item, color): chained per item. */
    int32_t entries = 0, colored = 0, row = b->row = prim_row(d, &entries, &colored);
    int32_t *pair_head = malloc(((size_t)ni + 1) * sizeof *pair_head);
    int32_t *pair_next = malloc(((size_t)colored + 1) * sizeof *pair_next);
    int32_t *pair_color = malloc(((size_t)colored + 1) * sizeof *pair_color);
    b->kill = malloc(((size_t)entries + 1) * sizeof *b->kill);
    b->kill_at = malloc(((size_t)n + 1) * sizeof *b->kill_at);
    b->prim = malloc(((size_t)n * (size_t)row + 1) * sizeof *b->prim);
    b->left = malloc((size_t)b->levels * sizeof *b->left);
    b->branch = malloc((size_t)b->levels * sizeof *b->branch);
    b->ways = malloc((size_t)b->levels * sizeof *b->ways);
    b->count = malloc((size_t)b->levels * (size_t)b->stride * sizeof *b->count);
    b->live = calloc((size_t)b->levels * (size_t)w, sizeof *b->live);
    int rc = DLX_ENOMEM;
    if (!pair_head || !pair_next || !pair_color || !b->kill || !b->kill_at || !b->prim ||
        !b->left || !b->branch || !b->ways || !b->count || !b->live)
        goto out;
    /* Entries: the mask each one kills with (item masks are 0 .. ni-1). */
    for (int32_t i = 0; i <= ni; i++) pair_head[i] = -1;
    struct pairs pr = { pair_head, pair_next, pair_color, 0 };
    int32_t e = 0;
    for (int32_t k = 0; k < n; k++) e = kill_row(d, b, k, e, &pr);
    int32_t pairs = pr.n;
    b->uniform = b->same;
    if (b->words <= SMALL_WORDS || (b->same != 2 && b->same != 6 && (ROWS_COPY || b->same != 4))) b->same = 0;
    if (scratch_bytes(b)) { /* 16-aligned: malloc gives 8; stride counts fill whole 16 bytes */
        if (!(b->scratch = malloc(scratch_bytes(b) + 15))) goto out;
        char *a = (char *)(((uintptr_t)b->scratch + 15) & ~(uintptr_t)15);
        if (IN_WORK(b->same)) b->work = (count_t *)a, a += (size_t)b->stride * sizeof(count_t);
        if (GONE_BUF && PACKED(b->same)) b->gone = (uint64_t *)a;
    }
    if (IN_WORK(b->same)) {
        b->at = calloc((size_t)n * AT_ROW, sizeof *b->at);
        if (!b->at) goto out;
    }
    if (PACKED(b->same)) {
        b->pair = malloc((size_t)n * sizeof *b->pair);
        if (!b->pair) goto out;
        for (int32_t k = 0; k < n; k++)
            b->pair[k] = (uint32_t)b->prim[k * row] * sizeof(count_t) |
                         (uint32_t)b->prim[k * row + 1] * sizeof(count_t) << 16;
    }
    b->kill_at[n] = e;
    b->mask = calloc(((size_t)ni + (size_t)pairs) * (size_t)w, sizeof *b->mask);
    if (!b->mask) goto out;
    for (int32_t k = 0; k < n; k++) mask_row(d, b, k, w, 1);
    /* A color's kill mask: the item's options, less those of that color. */
    for (int32_t x = 1; x <= ni; x++)
        for (int32_t r = pair_head[x]; r >= 0; r = pair_next[r])
            memcpy(b->mask + (size_t)(ni + r) * w, b->mask + (size_t)(x - 1) * w, (size_t)w * 8);
    for (int32_t k = 0; k < n; k++) mask_row(d, b, k, w, 0);
    b->conflict = malloc((size_t)n * (size_t)w * sizeof *b->conflict);
    if (!b->conflict) goto out;
    for (int32_t k = 0; k < n; k++) conflict_row(b, k, w); /* and the entries made offsets */
    rc = DLX_OK;
out:
    free(pair_head), free(pair_next), free(pair_color);
    if (rc) dlx_bits_free(d);
    return rc;
}


/* dst = src, n ints (a multiple of 16): in fixed-size pieces, inlined (a
 * call to memcpy, or WebAssembly's memory.copy, costs more for so few). */
INLINE void copy_counts(count_t *dst, const count_t *src, int32_t n) {
#ifdef __wasm_simd128__
    for (int32_t i = 0; i < n; i += 16) { /* two a turn: n is a multiple of 16 */
        v128_t a = wasm_v128_load(src + i), c = wasm_v128_load(src + i + 8);
        wasm_v128_store(dst + i, a), wasm_v128_store(dst + i + 8, c);
    }
#else
    for (int32_t i = 0; i < n; i += 16) __builtin_memcpy(dst + i, src + i, 16 * sizeof *dst);
#endif
}

/* Lower option o's R counts (in `work` when IN_WORK(R)); 0 at one reaching 0
 * (the rest of the row left as is), never when `whole`. */
INLINE int lower_row(const int32_t *prim, count_t *const *at, count_t *count, int32_t o, const int R,
                     const int whole) {
    const int32_t *p = prim + o * (R + 1);
    count_t *const *a = IN_WORK(R) ? at + o * AT_ROW : NULL;
#define LOWER(i) if (R > i && --*(IN_WORK(R) ? a[i] : count + p[i]) == 0 && !whole) return 0;
    LOWER(0) LOWER(1) LOWER(2) LOWER(3) LOWER(4) LOWER(5)
#undef LOWER
    return 1;
}

/* Lower the counts of the primary items of the options of src & kill in
 * the words of `hit`; dst is written there when W (else it is already).
 * R: every row's length when all have the same, else 0 (rows end with
 * ~length). Returns 0 at a count reaching 0, after that option's updates;
 * `whole` strikes every option and checks no count (returns 1). */
INLINE int strike_rows(const dlx_bits *b, count_t *count, const uint64_t *src, const uint64_t *kill,
                       uint64_t *dst, uint64_t hit, uint64_t *upd, const int whole, const int32_t W,
                       const int R) {
    const int32_t *prim = b->prim, row = b->row;
    count_t *const *at = b->at;
    const uint32_t *pair = b->pair;
    const uint64_t *gone_at = b->gone;
    uint64_t n_upd = 0;
    while (hit) {
        int32_t j = first_bit(hit);
        hit &= hit - 1;
        uint64_t gone = GONE_BUF && PACKED(R) && !W ? gone_at[j] : src[j] & kill[j];
        if (W) dst[j] = src[j] ^ gone;
        if (R) {
            n_upd += (uint64_t)R * (uint64_t)__builtin_popcountll(gone);
            /* the word's rows: option j * 64 + i is row i there */
            const int32_t *pj = prim + j * 64 * (R + 1);
            count_t *const *aj = IN_WORK(R) ? at + j * 64 * AT_ROW : NULL;
            if (PACKED(R)) { /* one load an option, no index scaled; a branch per count: the
                              * two tests or-ed into one took V8 3 more instructions (edge-matching-7x7 3-5% slower) */
                const uint32_t *qj = pair + j * 64;
                while (gone) {
                    uint32_t v = qj[first_bit(gone)];
                    gone &= gone - 1;
                    count_t *c0 = (count_t *)((char *)count + (v & 0xffff));
                    count_t *c1 = (count_t *)((char *)count + (v >> 16));
                    if (--*c0 == 0 && !whole) goto dead;
                    if (--*c1 == 0 && !whole) goto dead;
                }
                continue;
            }
            while (gone) {
                int32_t o = first_bit(gone);
                gone &= gone - 1;
                if (!lower_row(pj, aj, count, o, R, whole)) goto dead;
                if (IN_WORK(R)) {
                    if (!gone) break;
                    o = first_bit(gone);
                    gone &= gone - 1;
                    if (!lower_row(pj, aj, count, o, R, whole)) goto dead;
                }
            }
            continue;
        dead: /* the options not struck do not count */
            n_upd -= (uint64_t)R * (uint64_t)__builtin_popcountll(gone);
            *upd += n_upd;
            return 0;
        }
        while (gone) {
            int32_t o = j * 64 + first_bit(gone);
            gone &= gone - 1;
            const int32_t *p = prim + o * row;
            int32_t x;
            for (; (x = *p) >= 0; p++)
                if (--count[x] == 0 && !whole) {
                    while (*p >= 0) p++; /* the option's updates count whole */
                    *upd += n_upd + (uint32_t)~*p;
                    return 0;
                }
            n_upd += (uint32_t)~x;
        }
    }
    *upd += n_upd;
    return 1;
}

/* Write slot `to` as slot `from` with the primary items cov[0 .. n-1]
 * covered and the live options in `kill` removed. Returns 0 when a primary
 * item is left without options (a dead end), leaving `to` half written
 * unless `whole`. */
INLINE int strike(dlx_bits *b, int32_t from, int32_t to, const uint64_t *kill, const int32_t *cov,
                  int32_t n, uint64_t *upd, const int whole, const int fast, const int32_t W) {
    int32_t w = WORDS, s = b->stride;
    const uint64_t *src = slot_live(b, from, W);
    uint64_t *dst = slot_live(b, to, W);
    count_t *count = slot_count(b, to);
    const count_t *prev = slot_count(b, from);
    int32_t same = fast ? b->same : 0; /* fast: the unrolled rows where the problem has them */
    count_t *c = IN_WORK(same) ? b->work : count;
    copy_counts(c, prev, s);
    int32_t newly = 0;
    for (int32_t q = 0; q < n; q++) {
        newly += c[cov[q]] < CUT;
        c[cov[q]] |= CUT;
    }
    b->left[to] = b->left[from] - newly;
    uint64_t n_upd = 0;
    int ok = 1;
    /* First the live set, and which words lose options (BITS_MAX_OPTIONS
     * is 64 words: one bit each); then only those words, option by option.
     * The copy for a few words (W) takes every word in one pass: there the
     * first pass cost more than it saved (queens-13 5% slower). */
    uint64_t hit = W ? (1ULL << W) - 1 : 0;
#ifdef __wasm_simd128__
    uint64_t *gone = b->gone;
    if (!W) for (int32_t j = 0; j < w; j += 2) {
        v128_t a = wasm_v128_load(src + j), k = wasm_v128_load(kill + j), g = wasm_v128_and(a, k);
        wasm_v128_store(dst + j, wasm_v128_andnot(a, k));
        if (GONE_BUF && fast && same != 6) wasm_v128_store(gone + j, g);
        hit |= (uint64_t)(~wasm_i64x2_bitmask(wasm_i64x2_eq(g, wasm_i64x2_splat(0))) & 3) << j;
    }
#else
    if (!W) for (int32_t j = 0; j < w; j++) {
        dst[j] = src[j] & ~kill[j];
        hit |= (uint64_t)((src[j] & kill[j]) != 0) << j;
    }
#endif
    b->hit = hit;
    /* The rows' loop with the row length fixed where all have the same
     * (fast): no loop test per update (V8 puts a stack check on every back-edge). */
    switch (ROWS_COPY && fast && same != 6 ? 2 : same) { /* ROWS_COPY: fast is 2 or 6 */
    case 2: ok = strike_rows(b, c, src, kill, dst, hit, &n_upd, whole, W, 2); break;
    case 6: ok = strike_rows(b, c, src, kill, dst, hit, &n_upd, whole, W, 6); break;
#if !ROWS_COPY /* natively rows of 4 too (sudoku-dlx's options) */
    case 4: ok = strike_rows(b, c, src, kill, dst, hit, &n_upd, whole, W, 4); break;
#endif
    default: ok = strike_rows(b, c, src, kill, dst, hit, &n_upd, whole, W, 0); break;
    }
    if (c != count && (ok || whole)) copy_counts(count, c, s);
    *upd += n_upd;
    return ok;
}

/* How many primary items option k has. */
INLINE int32_t n_prims(const dlx_bits *b, int32_t k) {
    if (b->uniform) return b->uniform;
    const int32_t *p = prim_of(b, k);
    int32_t c = 0;
    while (p[c] >= 0) c++;
    return c;
}

/* Choose option k at level l, writing level l + 1 from `from`; `fast`: with
 * the unrolled rows (the probes, which strike far less, go without: smaller). */
INLINE int choose(dlx_bits *b, int32_t from, int32_t l, int32_t k, uint64_t *upd, const int fast,
                  const int32_t W) {
    const int32_t *p = prim_of(b, k);
    int32_t n = fast && b->same ? b->same : n_prims(b, k); /* the unrolled rows' length, not counted */
    return strike(b, from, 2 * (l + 1), b->conflict + (size_t)k * WORDS, p, n, upd, 0, fast, W);
}

/* The primary item with the fewest live options at level l (ties: the
 * first), as the linked search picks it. Returns its count. */
INLINE int32_t fewest_live(const dlx_bits *b, int32_t l, int32_t *best) {
    const count_t *count = slot_count(b, 2 * l);
#ifdef __wasm_simd128__ /* the least of all, then the first 8 holding it */
    v128_t m = wasm_v128_load(count);
    for (int32_t k = 8; k < b->stride; k += 8) m = wasm_i16x8_min(m, wasm_v128_load(count + k));
    m = wasm_i16x8_min(m, wasm_i32x4_shuffle(m, m, 2, 3, 0, 1));
    m = wasm_i16x8_min(m, wasm_i32x4_shuffle(m, m, 1, 0, 3, 2));
    m = wasm_i16x8_min(m, wasm_i16x8_shuffle(m, m, 1, 0, 3, 2, 5, 4, 7, 6));
    int32_t t = wasm_i16x8_extract_lane(m, 0), k = 0;
    v128_t want = wasm_i16x8_splat((int16_t)t);
    uint32_t hit;
    /* a byte's bitmask, two bits a count: V8 takes one instruction for it, three for i16x8's */
    while (!(hit = wasm_i8x16_bitmask(wasm_i16x8_eq(wasm_v128_load(count + k), want)))) k += 8;
    *best = k + first_bit(hit) / 2;
#elif defined(__SSE2__) /* the same natively: the scalar blocks' search took a third of a tiling's time */
    /* 64 counts a turn while more follow, stopping at a count of 1 (0 at level 0): none can be
     * lower (below level 0 a node is entered with no count 0), and the first holding it is in
     * those 64; the rest 8 a turn, untested. sudoku-less3 (248 items) 11% faster */
    __m128i m = _mm_set1_epi16(INT16_MAX), lim = _mm_set1_epi16((int16_t)(l > 0) + 1);
    int32_t k = 0, s = b->stride;
    for (; k + 64 < s; k += 64) { /* while counts follow */
        for (int32_t j = k; j < k + 64; j += 8) m = _mm_min_epi16(m, _mm_loadu_si128((const __m128i *)(count + j)));
        if (_mm_movemask_epi8(_mm_cmplt_epi16(m, lim))) break;
    }
    if (k + 64 >= s)
        for (; k < s; k += 8) m = _mm_min_epi16(m, _mm_loadu_si128((const __m128i *)(count + k)));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4e));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xb1));
    m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, 0xb1));
    int32_t t = (int16_t)_mm_cvtsi128_si32(m);
    __m128i want = _mm_set1_epi16((int16_t)t);
    uint32_t hit; /* 16 counts a turn: two compares packed to bytes, from the 64 that stopped the scan */
    if (k >= s) k = 0;
    while (!(hit = (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(
                 _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(count + k)), want),
                 _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(count + k + 8)), want)))))
        k += 16;
    *best = k + first_bit(hit);
#else
    int32_t t = INT16_MAX, block = 0;
    for (int32_t k = 0; k < b->stride; k += 16) {
        int32_t low = INT16_MAX;
        for (int32_t j = 0; j < 16; j++) low = count[k + j] < low ? count[k + j] : low;
        if (low < t) t = low, block = k;
    }
    int32_t j = block;
    while (count[j] != t) j++;
    *best = j;
#endif
    return t;
}

/* The first preferred item with t live options at level l, else b (prefer()
 * in dlx_scan.h, on the counts of items numbered from 0). */
static __attribute__((noinline)) int32_t prefer_live(const dlx_t *d, const dlx_bits *b, int32_t l,
                                                     int32_t t, int32_t best) {
    const count_t *count = slot_count(b, 2 * l);
    for (int32_t j = 0; j < d->n_pref; j++)
        if (count[d->pref[j] - 1] == t) return d->pref[j] - 1;
    return best;
}

/* The item to branch on at level l: the preference rule over fewest_live. */
INLINE int32_t choose_item(const dlx_t *d, const dlx_bits *b, int32_t l, int32_t *best,
                           int32_t n_pref) {
    int32_t t = fewest_live(b, l, best);
    if (n_pref && t < INT16_MAX) *best = prefer_live(d, b, l, t, *best);
    return t;
}

/* Option k from slot `from` into `to`, the item to branch on: start_state's and the probes', each run once a
 * count, so apart in WebAssembly (V8 compiled them whole, 1,563 and 2,254 bytes, for one call). */
PER_OPTION int strike_option(dlx_bits *b, int32_t from, int32_t to, int32_t k, uint64_t *upd, int whole) {
    return strike(b, from, to, b->conflict + (size_t)k * b->words, prim_of(b, k), n_prims(b, k), upd, whole, 0, 0);
}
PER_OPTION int32_t probe_item(const dlx_t *d, const dlx_bits *b, int32_t l, int32_t *x, int32_t n_pref) {
    return choose_item(d, b, l, x, n_pref);
}
PER_OPTION void force(dlx_bits *b, int32_t k, uint64_t *upd) { /* level 0's state with forced option k taken */
    int32_t w = b->words, s = b->stride;
    strike_option(b, 0, 1, k, upd, 1); /* into slot 1, copied back; a dead end shows at the first node */
    memcpy(b->live, b->live + w, (size_t)w * sizeof *b->live);
    memcpy(b->count, b->count + s, (size_t)s * sizeof *b->count);
    b->left[0] = b->left[1];
}
/* The state at level 0: every option live, less those the forced ones kill.
 * Out of the search in WebAssembly (see dlx_links_search in dlx_search.c): V8
 * compiles the search whole, and this runs once. */
#ifdef __wasm__
__attribute__((noinline))
#endif
static void start_state(dlx_t *d, dlx_bits *b) {
    int32_t w = b->words, s = b->stride, n = d->n_options;
    uint64_t *live = b->live;
    count_t *count = b->count;
    for (int32_t j = 0; j < w; j++) /* options 0 .. n-1; padding words empty */
        live[j] = n - 64 * j >= 64 ? ~0ULL : n > 64 * j ? (1ULL << (n - 64 * j)) - 1 : 0;
    for (int32_t i = 0; i < s; i++) count[i] = i < d->n_primary ? 0 : INT16_MAX;
    for (int32_t k = 0; k < n; k++)
        for (const int32_t *p = prim_of(b, k); *p >= 0; p++) count[*p]++;
    b->left[0] = d->n_primary;
    uint64_t upd = 0;
    for (int32_t f = 0; f < d->n_forced; f++) force(b, d->forced[f], &upd);
    b->dead = 0;
}
int dlx_bits_ready(dlx_t *d) {
    if (d->bits) return 1;
    if (d->n_options > BITS_MAX_OPTIONS || d->n_options <= 0 || d->n_primary > ARRAY_SCAN_MAX)
        return 0;
    /* The tables' size, a little over: the conflict sets, the masks (one per
     * item and at most one per colored entry), the slots, the rows of primary items. */
    size_t words = (size_t)(d->n_options + 63) / 64 + SMALL_WORDS, stride = (size_t)d->n_primary + 16;
    size_t masks = (size_t)d->n_options + (size_t)d->n_items + (d->has_colors ? (size_t)d->n_nodes : 0);
    int32_t entries = 0, colored = 0;
    size_t row = (size_t)prim_row(d, &entries, &colored) * 4 + (IN_WORK(6) ? AT_ROW * sizeof(count_t *) : 0) +
                 (PACKED(2) ? 4 : 0);
    size_t bytes = masks * words * 8 + 2 * ((size_t)max_depth(d) + 2) * (words * 8 + stride * sizeof(count_t)) +
                   (size_t)d->n_options * row;
    if (bytes > BITS_MAX_BYTES) return 0;
    return build(d) == DLX_OK;
}

/* The copies of the search that may meet sets of up to SMALL_WORDS words,
 * the only ones that count without returning and count the tail: not
 * WebAssembly's rows copy (pentominoes-6x10 there 1-2% slower with the
 * test, and leaving the search at a solution costs under 1%), nor the
 * native copy for W 0. */
#if ROWS_COPY
#define COUNT_COPY(W, U) (!(U))
#elif defined(DLX_ONE_SEARCH)
#define COUNT_COPY(W, U) 1
#else
#define COUNT_COPY(W, U) ((W) != 0)
#endif

/* Search until a solution, the end, or the node counter reaching `stop`;
 * the phases and per-level records as in the linked search. U: with the
 * unrolled rows where the problem has them (in WebAssembly only in their
 * copy, ROWS_COPY, where it always has them). */
INLINE int search(dlx_t *d, uint64_t stop, const int32_t W, const int U) {
    dlx_bits *b = d->bits;
    int32_t *choice = d->choice, *start = d->start, *pos = d->pos, *tot = d->tot;
    int32_t *branch = b->branch;
    uint64_t nodes = d->nodes, upd = d->updates, found = 0;
    int32_t l = d->level, cur, x;
    /* a count: solutions are counted, not returned; the last two levels at once where they can be,
     * on sets of a few words (on pentominoes, 34 words, the popcounts cost 3% more than they saved;
     * on sudoku-less3, 6, they saved) */
    const int counting = COUNT_COPY(W, U) && d->counting, tail = counting && b->uniform && b->words <= MID_WORDS;
    const int32_t n_pref = d->n_pref; /* read once: the choice tests a register */
    const int seeded = d->rng != 0; /* xorshift's state, never 0 once seeded */
    int rc;

    switch (d->phase) {
    case PH_DONE: return DLX_DONE;
    case PH_AT_SOLUTION:
        if (d->depth == 0) goto done;
        cur = choice[l];
        goto recover;
    case PH_START:
        l = 0;
        start_state(d, b);
        if (b->left[0] == 0) {
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
    if (b->dead) {
        b->dead = 0;
        goto backtrack;
    }
    {
        int32_t t = choose_item(d, b, l, &x, n_pref);
        if (t == 0) goto backtrack;
        if (t > 1) d->guesses++;
        tally add = { 0, 0, 0 }; /* apart: the search's own counters stay in registers */
        if (tail && b->left[2 * l] <= 2 * b->uniform && count_tail(d, b, l, x, t, stop - nodes, &add, W)) {
            nodes += add.nodes, upd += add.updates, found += add.solutions;
            goto backtrack;
        }
        branch[l] = x;
        /* The branching item's options go once, for every option tried; the
         * words they were struck from are branch_on's, unless W (every word):
         * one pass over the sets less a node (edge-matching-7x7 3% faster in WebAssembly). */
        if (t > 1) {
            strike(b, 2 * l, 2 * l + 1, b->mask + (size_t)x * WORDS, &x, 1, &upd, 1, U, W);
            if (W) branch_on(b, l, x, W);
            else b->ways[l] = b->hit;
        } else
            branch_on_one(b, l, x, W);
        cur = seeded ? seeded_first(d, b, l, x, t, W) : next_option(b, l, x, 0, W);
        start[l] = cur, pos[l] = 0, tot[l] = t;
    }
try:
    choice[l] = cur;
    b->dead = !choose(b, tot[l] > 1 ? 2 * l + 1 : 2 * l, l, cur, &upd, U, W);
    if (b->left[2 * (l + 1)] == 0) {
        if (counting) {
            found++;
            goto recover;
        }
        d->depth = l + 1;
        rc = DLX_SOLUTION;
        goto solution;
    }
    if (++l > d->max_level) d->max_level = l;
    goto forward;

recover: /* try the next option of level l's item */
    x = branch[l];
    cur = next_option(b, l, x, cur + 1, W);
    if (cur < 0) { /* past the item's last option: unseeded, the first was tried first */
        if (!seeded) goto backtrack;
        cur = first_option(b, l, x, W);
    }
    if (cur != start[l]) {
        pos[l]++;
        goto try;
    }
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
    d->solutions += found;
    d->level = l;
    d->nodes = nodes;
    d->updates = upd;
    return rc;
}

#if ROWS_COPY
__attribute__((noinline)) static int search_rows(dlx_t *d, uint64_t stop) { return search(d, stop, 0, 1); }
__attribute__((noinline)) static int search_any(dlx_t *d, uint64_t stop) { return search(d, stop, 0, 0); }
#endif

/* Problems of up to 384 options get a copy of the search whose loops over
 * a set's words have a fixed length: 2, 4 or 6 words (dlx_bits.h). */
int dlx_bits_search(dlx_t *d, uint64_t stop) {
#if ROWS_COPY
    if (d->bits->same) return search_rows(d, stop);
    return search_any(d, stop);
#elif defined(DLX_ONE_SEARCH)
    return search(d, stop, 0, 1);
#else
    switch (d->bits->words) {
    case TINY_WORDS: return search(d, stop, TINY_WORDS, 0);
    case SMALL_WORDS: return search(d, stop, SMALL_WORDS, 0);
    case MID_WORDS: return search(d, stop, MID_WORDS, 1);
    default: return search(d, stop, 0, 1);
    }
#endif
}

/* A hash of level l's state (its live options), for dlx_meet. */
static uint64_t state_hash(const dlx_bits *b, int32_t l) {
    const uint64_t *live = slot_live(b, 2 * l, 0);
    uint64_t h = (uint64_t)l;
    for (int32_t w = 0; w < b->words; w++) h = splitmix64_mix(h ^ live[w]);
    return h;
}

/* Knuth's random probes from the forced options (dlx_estimate): each goes
 * down the tree as the search does, one random option per node, drawn from
 * *rng. Returns the sum of their scores; *steps counts the nodes they met,
 * and `meets` the nodes below the root reached again by other options (and
 * the probes run: fewer where they meet enough, dlx_meets_enough).
 * Level 0's state, written once, is only read: each probe starts there. */
double dlx_bits_probes(dlx_t *d, uint64_t *rng, int32_t probes, uint64_t *steps, struct dlx_meets *meets) {
    dlx_bits *b = d->bits;
    uint64_t upd = 0;
    double score = 0;
    start_state(d, b);
    const int32_t n_pref = d->n_pref;
    for (int32_t j = 0; j < probes && !dlx_meets_enough(meets, j); j++, meets->probes++) {
        double weight = 1;
        uint64_t path = 0; /* a hash of the options taken */
        for (int32_t l = 0, x; b->left[2 * l] > 0; l++) {
            score += weight, ++*steps; /* a node: it has an item to cover */
            if (l) dlx_meet(meets, state_hash(b, l), path);
            int32_t t = probe_item(d, b, l, &x, n_pref);
            if (t == 0) break; /* a dead end */
            weight *= t;
            int32_t k = -1;
            branch_on(b, l, x, 0);
            for (uint64_t r = rng_next(rng) % (uint64_t)t + 1; r; r--) k = next_option(b, l, x, k + 1, 0);
            path = splitmix64_mix(path ^ (uint64_t)k);
            /* k's kill set holds the item's other options: no need to strike them first */
            if (!strike_option(b, 2 * l, 2 * (l + 1), k, &upd, 0) && b->left[2 * (l + 1)] > 0) {
                score += weight, ++*steps; /* the child is a dead end: one node */
                break;
            }
        }
    }
    return score;
}
