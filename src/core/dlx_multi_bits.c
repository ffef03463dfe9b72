/* dlx_multi_bits.c: Algorithm M on bit sets (dlx_multi.c has the tree and
 * the links; tests/c/test_multi.c checks both walk it node for node): up to
 * BITS_MAX_OPTIONS options, sets of live options, one per level; a column's
 * length is counted from them (popcount), and backing up undoes only the
 * counts. */
#include "dlx_multi.h"

#include <stdlib.h>
#include <string.h>

/* ---- the bit sets ------------------------------------------------------------ */

/* Beyond this many primary items times words a set, counting every item's
 * options at every node costs more than the links' bookkeeping. */
#define BITS_MAX_SCAN 4096

/* Live options of a column: |a & c|. */
static inline int32_t ones(const uint64_t *a, const uint64_t *c, const int32_t W) {
    int32_t n = 0;
    for (int32_t w = 0; w < W; w++) n += __builtin_popcountll(a[w] & c[w]);
    return n;
}

/* |a & c| when it is at most cap; above, any count above cap. Only the
 * words of span hold options of c (its first, and one past its last << 16:
 * a piece's options are a few words of a pentomino row's 16; 1.1-1.2x
 * there in both builds). In WebAssembly a column is counted a word at a
 * time and left as soon as it has more options than the best item's, as
 * most do (pento-6x6-k2: the count 1.15x faster); natively the whole count
 * is a vectorized loop (with -march=native a few AVX-512 popcounts). */
static inline int32_t ones_upto(const uint64_t *a, const uint64_t *c, const int32_t W, const int32_t cap, const int32_t span) {
#ifdef __wasm__
    int32_t n = 0;
    if (W == 1) return __builtin_popcountll(a[0] & c[0]);
    for (int32_t w = span & 0xffff, e = span >> 16; w < e; w++)
        if ((n += __builtin_popcountll(a[w] & c[w])) > cap) break;
    return n;
#else
    (void)cap;
    int32_t f = span & 0xffff;
    return W == 1 ? ones(a, c, W) : ones(a + f, c + f, (span >> 16) - f);
#endif
}

/* a &= ~c; on one word, returns how many options went (else 0: take
 * counts them once for all its strikes). */
static inline uint64_t strike(uint64_t *a, const uint64_t *c, const int32_t W) {
    if (W == 1) {
        uint64_t n = (uint64_t)__builtin_popcountll(a[0] & c[0]);
        a[0] &= ~c[0];
        return n;
    }
    for (int32_t w = 0; w < W; w++) a[w] &= ~c[w];
    return 0;
}

/* Live options in a: |a|. */
static inline uint64_t live_count(const uint64_t *a, const int32_t W) {
    uint64_t n = 0;
    for (int32_t w = 0; w < W; w++) n += (uint64_t)__builtin_popcountll(a[w]);
    return n;
}

/* The choice's key of an item, least first: (branches, slack, -len) in
 * bits 45.., 13..44 and 0..12, with branches = len + 1 - need, need =
 * lo - count (at least 0; at the root at most NEED_CAP: a count and a
 * length are at most BITS_MAX_OPTIONS, so an item above stays a dead end),
 * slack = hi - max(lo, count). All but len is kept per item in kb (key_base,
 * then stepped by take and untake), so that the choice reads one table an
 * item, not count, lo and hi (in WebAssembly fewer bases for V8 to keep in
 * registers). A key below KEY_ONE: no branch, a dead end. One-word sets
 * (len <= 64, items < 64) hold the item too, (-len, item) in bits 6..12
 * and 0..5, so that the choice is a min over keys (the first of equals). */
#define KEY_ONE ((int64_t)1 << 45)
#define NEED_CAP (4 * BITS_MAX_OPTIONS)
#define LEN_UNIT(one) ((one) ? 64 : 1)
#define KEY(kb, len, one) ((kb) + (int64_t)(len) * (KEY_ONE - LEN_UNIT(one)))
#define KEY_LEN(key, one) ((one) ? 127 - (int32_t)((key) >> 6 & 127) : 8191 - (int32_t)((key) & 8191))
/* An item's count going up from c: one need less while below lo, else one slack less. */
#define KEY_STEP(c, lo) ((c) < (lo) ? KEY_ONE : -((int64_t)1 << 13))

static inline int64_t key_base(int32_t count, int32_t lo, int32_t hi, int32_t k, int one) {
    int64_t need = lo > count ? (int64_t)lo - count : 0;
    need = need < NEED_CAP ? need : NEED_CAP;
    return (1 - need) * KEY_ONE + ((int64_t)hi - (lo > count ? lo : count)) * 8192 + (one ? 127 << 6 | k : 8191);
}

/* The tables the search reads, by value: the inlined loops keep them in
 * registers (through m and d every store to a count would reload them). */
typedef struct {
    const int32_t *prim, *prim_at, *kill, *kill_at, *lo, *hi, *span;
    const uint64_t *mask, *kmask, *pitems; /* kmask: what kill offsets are into; pitems: one-word sets' prim */
    int32_t *count, *item, *cur, *pos, *tot, *blen;
    int64_t *kb;
    uint64_t *live;
} tabs;

static inline tabs tabs_of(const dlx_t *d, const multi *m) {
    return (tabs){m->prim, m->prim_at, m->kill, m->kill_at, d->lo, d->hi, m->span, m->mask, m->mask, NULL,
                  m->count, m->item, m->cur, m->pos, m->tot, m->blen, m->kb, m->live};
}

typedef struct one_block one_block;

static inline tabs tabs_one(one_block *B, const multi *m) {
    return (tabs){m->prim, m->prim_at, m->kill, B->kill_at, B->lo, B->hi, NULL, B->mask, m->mask, B->pitems,
                  B->count, B->item, B->cur, B->pos, B->tot, B->blen, B->kb, B->live};
}

/* Option r's primary items, as j: from its set on one-word sets (one). */
#define FOR_PRIM(t, r, one, j, body)                                                                     \
    if (one)                                                                                              \
        for (uint64_t s_ = (t).pitems[r]; s_; s_ &= s_ - 1) {                                             \
            int32_t j = __builtin_ctzll(s_);                                                              \
            body                                                                                          \
        }                                                                                                 \
    else                                                                                                  \
        for (int32_t p_ = (t).prim_at[r], e_ = (t).prim_at[r + 1]; p_ < e_; p_++) {                       \
            int32_t j = (t).prim[p_];                                                                     \
            body                                                                                          \
        }

/* Take option r in the live set a (r already out of it): count each of its
 * primary items once, covering those that reach hi; rule out what its
 * secondary items forbid. *unmet: items below their lower bound. */
static inline void take(tabs t, uint64_t *a, int32_t r, int32_t *unmet, uint64_t *upd, const int32_t W, const int one) {
    /* the options struck, counted once: a strike's own count was most of
     * its loop on longer sets (pentomino rows 1.07-1.11x); on one word two
     * counts a take are more than a strike's (queens rows 0.96x) */
    uint64_t before = W == 1 ? 0 : live_count(a, W);
    FOR_PRIM(t, r, one, j, {
        int32_t c = ++t.count[j];
        t.kb[j] += KEY_STEP(c - 1, t.lo[j]);
        *unmet -= c == t.lo[j];
        if (c == t.hi[j]) {
            *upd += strike(a, t.mask + (size_t)j * W, W);
            a[W + (uint32_t)j / 64] &= ~(1ull << (j % 64));
        }
    })
    for (int32_t p = t.kill_at[r], e = t.kill_at[r + 1]; p < e; p++) *upd += strike(a, t.kmask + t.kill[p], W);
    if (W != 1) *upd += before - live_count(a, W);
}

static inline void untake(tabs t, int32_t r, int32_t *unmet, const int one) {
    FOR_PRIM(t, r, one, j, {
        int32_t c = --t.count[j];
        t.kb[j] -= KEY_STEP(c, t.lo[j]);
        *unmet += c + 1 == t.lo[j];
    })
}

void dlx_multi_bits_free(multi *m) {
    free(m->mask), free(m->prim), free(m->prim_at), free(m->kill), free(m->kill_at), free(m->live), free(m->blen), free(m->kb), free(m->span);
    free(m->one);
    m->one = NULL;
    m->mask = m->live = NULL;
    m->kb = NULL;
    m->span = NULL;
    m->prim = m->prim_at = m->kill = m->kill_at = m->blen = NULL;
    m->b_options = -1;
}

/* dlx_multi_bits_build's loops, each a function of its own: V8 compiles a
 * loop that runs long with TurboFan, and the build runs once a count; so
 * only such a loop is compiled, never the whole build (1,294 bytes). */

/* The colored entries of secondary items, one slot per (item, color):
 * their number; *entries and *kills count the primary and the other entries. */
COLD static int32_t color_slots(const dlx_t *d, int32_t *head, int32_t *next, int32_t *color, int32_t *entries, int32_t *kills) {
    const dlx_node *nd = d->node;
    int32_t slots = 0, np = d->n_primary;
    for (int32_t k = 0; k < d->n_options; k++)
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) {
            int32_t j = nd[q].top, c = nd[q].color, s = head[j];
            if (j <= np) ++*entries;
            else ++*kills;
            if (j <= np || c == 0) continue;
            while (s && color[s - 1] != c) s = next[s - 1];
            if (!s) color[slots] = c, next[slots] = head[j], head[j] = ++slots;
        }
    return slots;
}

/* Each item's options as a set (W words). */
COLD static void item_masks(const dlx_t *d, uint64_t *mask, int32_t W) {
    const dlx_node *nd = d->node;
    for (int32_t k = 0; k < d->n_options; k++)
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) mask[(size_t)nd[q].top * W + k / 64] |= 1ull << (k % 64);
}

/* Each primary item's words with an option: first, and one past the last << 16 (W <= 64). */
COLD static void spans(const uint64_t *mask, int32_t *span, int32_t np, int32_t W) {
    for (int32_t j = 0; j <= np; j++) {
        int32_t f = 0, e = W;
        while (f < W && !mask[(size_t)j * W + f]) f++;
        while (e > f && !mask[(size_t)j * W + e - 1]) e--;
        span[j] = f | e << 16;
    }
}

/* Each option's primary items and the masks it strikes; its color slots' masks without it. */
COLD static void option_entries(const dlx_t *d, multi *m, const int32_t *head, const int32_t *next, const int32_t *color, int32_t W) {
    const dlx_node *nd = d->node;
    uint64_t *mask = m->mask;
    int32_t e = 0, x = 0, n = d->n_options, ni = d->n_items, np = d->n_primary;
    for (int32_t k = 0; k < n; k++) {
        m->prim_at[k] = e, m->kill_at[k] = x;
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) {
            int32_t j = nd[q].top, c = nd[q].color, s = head[j];
            if (j <= np) {
                m->prim[e++] = j;
                mask[k / 64] |= 1ull << (k % 64);
                continue;
            }
            if (c == 0) {
                m->kill[x++] = j * W;
                continue;
            }
            while (color[s - 1] != c) s = next[s - 1];
            m->kill[x++] = (ni + s) * W;
            mask[(size_t)(ni + s) * W + k / 64] &= ~(1ull << (k % 64));
        }
    }
    m->prim_at[n] = e, m->kill_at[n] = x;
}

/* The one-word search's block: the tables of its np primary items copied in. */
COLD static int one_block_build(multi *m, int32_t np) {
    int32_t n = m->b_options;
    one_block *B = m->one = malloc(sizeof *B);
    if (!B) return 0;
    memcpy(B->mask, m->mask, (size_t)(np + 1) * 8);
    memcpy(B->kill_at, m->kill_at, (size_t)(n + 1) * 4);
    for (int32_t r = 0; r < n; r++) {
        B->pitems[r] = 0;
        for (int32_t p = m->prim_at[r]; p < m->prim_at[r + 1]; p++) B->pitems[r] |= 1ull << m->prim[p];
    }
    return 1;
}

/* The one-word block at the root: the counts, keys, bounds and first live set of m's. */
COLD static void one_root(const dlx_t *d, multi *m) {
    one_block *B = m->one;
    for (int32_t j = 1; j <= d->n_primary; j++) B->count[j] = m->count[j], B->kb[j] = m->kb[j], B->lo[j] = d->lo[j], B->hi[j] = d->hi[j];
    B->live[0] = m->live[0], B->live[1] = m->live[1];
}

/* Builds the tables for d's problem (levels: the search's depth bound);
 * 0 if they would be too big or memory runs out (the links search then). */
COLD int dlx_multi_bits_build(const dlx_t *d, multi *m, int32_t levels) {
    if (m->mask && m->b_options == d->n_options && m->b_nodes == d->n_nodes) return 1;
    dlx_multi_bits_free(m);
    int32_t n = d->n_options, W = (n + 63) / 64, ni = d->n_items, np = d->n_primary;
    if (n <= 0 || n > BITS_MAX_OPTIONS || (int64_t)np * W > BITS_MAX_SCAN) return 0;
    /* The colored entries of secondary items, one slot per (item, color). */
    int32_t *head = calloc((size_t)ni + 1, sizeof *head), *next = malloc((size_t)d->n_nodes * sizeof *next);
    int32_t *color = malloc((size_t)d->n_nodes * sizeof *color), slots = 0, entries = 0, kills = 0;
    if (!head || !next || !color) goto fail;
    slots = color_slots(d, head, next, color, &entries, &kills);
    size_t bytes = ((size_t)ni + 1 + (size_t)slots) * (size_t)W * 8 + ((size_t)levels + 1) * ((size_t)(W + np / 64 + 1) * 8 + 4) +
                   ((size_t)entries + (size_t)kills + 2 * (size_t)n + 2) * 4 + ((size_t)np + 1) * 12;
    if (bytes > BITS_MAX_BYTES) goto fail;
    m->mask = calloc(((size_t)ni + 1 + (size_t)slots) * (size_t)W, 8);
    m->prim = malloc(((size_t)entries + 1) * sizeof *m->prim);
    m->kill = malloc(((size_t)kills + 1) * sizeof *m->kill);
    m->prim_at = malloc(((size_t)n + 1) * sizeof *m->prim_at);
    m->kill_at = malloc(((size_t)n + 1) * sizeof *m->kill_at);
    int32_t OW = np / 64 + 1;
    m->live = malloc(((size_t)levels + 1) * (size_t)(W + OW) * 8);
    m->blen = malloc(((size_t)levels + 1) * sizeof *m->blen);
    m->kb = malloc(((size_t)np + 1) * sizeof *m->kb);
    m->span = malloc(((size_t)np + 1) * sizeof *m->span);
    if (!m->mask || !m->prim || !m->kill || !m->prim_at || !m->kill_at || !m->live || !m->blen || !m->kb || !m->span) goto fail;
    uint64_t *mask = m->mask;
    item_masks(d, mask, W);
    spans(mask, m->span, np, W);
    /* A slot's mask: its item's options but those of its color. */
    for (int32_t j = np + 1; j <= ni; j++)
        for (int32_t s = head[j]; s; s = next[s - 1])
            memcpy(mask + (size_t)(ni + s) * W, mask + (size_t)j * W, (size_t)W * 8);
    option_entries(d, m, head, next, color, W);
    free(head), free(next), free(color);
    m->words = W, m->owords = OW, m->b_options = n, m->b_nodes = d->n_nodes;
    if (multi_one_word(m) && !one_block_build(m, np)) goto fail_tables;
    return 1;
fail:
    free(head), free(next), free(color);
fail_tables:
    dlx_multi_bits_free(m);
    return 0;
}

/* The live set of the root: every option, then the forced ones taken;
 * 0 if a forced option is no longer live (no solution). */
COLD int dlx_multi_bits_root(const dlx_t *d, multi *m, uint64_t *upd) {
    int32_t W = m->words, n = d->n_options;
    uint64_t *a = m->live;
    m->unmet = 0;
    for (int32_t j = 1; j <= d->n_primary; j++) m->unmet += d->lo[j] > 0, m->kb[j] = key_base(0, d->lo[j], d->hi[j], j, multi_one_word(m));
    for (int32_t w = 0; w < W; w++) a[w] = w < n / 64 ? ~0ull : n % 64 ? (1ull << (n % 64)) - 1 : 0;
    for (int32_t x = 0; x < d->n_excluded; x++) a[d->excluded[x] / 64] &= ~(1ull << (d->excluded[x] % 64));
    for (int32_t v = 0, np = d->n_primary; v < m->owords; v++) /* items 1 .. np */
        a[W + v] = (v < np / 64 ? ~0ull : (1ull << (np % 64)) * 2 - 1) & (v ? ~0ull : ~1ull);
    for (int32_t f = 0; f < d->n_forced; f++) {
        int32_t k = d->forced[f];
        if (!(a[k / 64] >> (k % 64) & 1)) return 0;
        a[k / 64] &= ~(1ull << (k % 64));
        take(tabs_of(d, m), a, k, &m->unmet, upd, W, 0);
    }
    if (multi_one_word(m)) one_root(d, m);
    return 1;
}

/* The first preferred item with t branches (the least) in the live set a,
 * else i; *bl its length. Out of the search's loops: rare, and in
 * WebAssembly TurboFan's compile of the search grows with its body. */
COLD static int32_t preferred(const dlx_t *d, const int32_t *count, const uint64_t *mask, int32_t W, const uint64_t *a, int32_t t,
                              int32_t i, int32_t *bl) {
    for (int32_t j = 0; j < d->n_pref; j++) {
        int32_t k = d->pref[j], need = d->lo[k] - count[k];
        if (!(a[W + k / 64] >> (k % 64) & 1)) continue;
        int32_t len = ones(a, mask + (size_t)k * W, W);
        if ((len > 0 || need > 0) && len + 1 - (need > 0 ? need : 0) == t) return *bl = len, k;
    }
    return i;
}

/* The search on bit sets: the links search's loop (below), node for node.
 * W words a set of options, OW a set of items (constants where inlined). */
__attribute__((always_inline)) static inline int bits_search(dlx_t *d, multi *m, uint64_t stop, const int32_t W,
                                                             const int32_t OW, const int one, const tabs tb, struct multi_tally *T) {
    const int32_t S = W + OW, *lo = tb.lo;
    int32_t *count = tb.count, *item = tb.item, *cur = tb.cur, *blen = tb.blen;
    const int64_t *kb = tb.kb;
    const int32_t *span = tb.span;
    const uint64_t *mask = tb.mask;
    uint64_t *live = tb.live;
    uint64_t nodes = d->nodes;
    int32_t l = m->level, i = 0, r, unmet = m->unmet, rc;
    /* Counters changed once a node or less: in locals (T NULL), or where T
     * says, the scratch copy's in WebAssembly: there V8 then keeps the
     * choice's values in registers (queens rows 1.04-1.05x; the node count
     * and unmet too: 1.00-1.02x, left in locals). */
    struct multi_tally own, *tl = T ? T : &own;
    tl->upd = 0, tl->top = d->max_level, tl->guesses = d->guesses, tl->found = 0;
#define UPD (tl->upd)
#define TOP (tl->top)
#define GUESSES (tl->guesses)
#define FOUND (tl->found) /* solutions, added to the 128-bit count on the way out */
    int32_t *pos = tb.pos, *tot = tb.tot;
    const int counting = d->counting;
    if (m->resume) goto backup;

enter: {
    uint64_t *a = live + (size_t)l * S, *open = a + W;
    if (unmet == 0) { /* every lower bound met: a solution unless a live option has a primary item */
        uint64_t any = 0;
        for (int32_t w = 0; w < W; w++) any |= a[w] & mask[w];
        if (!any) {
            FOUND++;
            if (counting) goto backup; /* a count without a limit: nobody reads it (dlx_count_wide) */
            d->phase = PH_AT_SOLUTION, d->depth = l, rc = DLX_SOLUTION;
            goto leave;
        }
    }
    /* The open item with the fewest branches, ties as DLX3: the least key
     * of (branches, slack, -len), the first of equals. An item found done
     * (no option left, nothing more needed) stays so below this node. */
    uint64_t best = UINT64_MAX;
    for (int32_t v = 0; v < OW; v++)
        for (uint64_t set = open[v]; set; set &= set - 1) {
            int32_t k = v * 64 + __builtin_ctzll(set);
            int64_t b = kb[k];
            int32_t len = ones_upto(a, mask + (size_t)k * W, W, (int32_t)(best >> 45) - (int32_t)(b >> 45), W == 1 ? 1 << 16 : span[k]);
            int64_t key = KEY(b, len, one);
            if (key < KEY_ONE) { /* a dead end */
                best = (uint64_t)k, i = k;
                goto chosen;
            }
            if (len == 0) { /* done: nothing more needed (else a dead end) */
                open[v] &= ~(1ull << (k % 64));
                continue;
            }
            if (one) best = (uint64_t)key < best ? (uint64_t)key : best;
            else if ((uint64_t)key < best) best = (uint64_t)key, i = k;
        }
chosen:;
    if (one) i = (int32_t)(best & 63);
    int32_t t = best == UINT64_MAX ? 0 : (int32_t)(best >> 45); /* none left: not met (unmet says) */
    int32_t bl = KEY_LEN(best, one);
    if (d->n_pref && t > 0) i = preferred(d, count, mask, W, a, t, i, &bl);
    if (nodes >= stop) {
        d->phase = PH_FORWARD, rc = DLX_BUDGET;
        goto leave;
    }
    nodes++;
    if (t <= 0) goto backup;
    GUESSES += t > 1;
    item[l] = i, cur[l] = NONE, pos[l] = 0, tot[l] = t, blen[l] = bl;
}

try_next: {
    i = item[l];
    uint64_t *a = live + (size_t)l * S, *down = a + S;
    int32_t need = lo[i] - count[i];
    if (blen[l] > 0 && blen[l] >= need) {
        const uint64_t *col = mask + (size_t)i * W;
        int32_t w = 0;
        while (!(a[w] & col[w])) w++;
        r = cur[l] = w * 64 + __builtin_ctzll(a[w] & col[w]);
        if (S == 2) /* see below */
            down[1] = a[1], down[0] = a[0] & ~(1ull << (r % 64));
        else {
            for (int32_t v = 0; v < S; v++) down[v] = a[v];
            down[w] &= ~(1ull << (r % 64));
        }
        take(tb, down, r, &unmet, &UPD, W, one);
        if (++l > TOP) TOP = l;
        goto enter;
    }
    if (need <= 0 && cur[l] != STOP) { /* no option of i left: go on without it */
        /* One word a set: backing up has just cleared a bit of a's first
         * word, and a 16-byte copy would wait for that store (a load over
         * a narrower store is not forwarded): two 8-byte copies, unlike
         * each other so that they stay so (quota rows 1.03-1.06x in
         * WebAssembly). a holds none of i's options: each was tried. */
        if (S == 2) down[1] = a[1], down[0] = a[0] & ~mask[(size_t)i * W];
        else for (int32_t v = 0; v < S; v++) down[v] = a[v];
        cur[l] = STOP;
        if (++l > TOP) TOP = l;
        goto enter;
    }
}

backup:
    if (l == 0) {
        d->phase = PH_DONE, rc = DLX_DONE;
        goto leave;
    }
    l--;
    r = cur[l];
    if (r == STOP) goto backup;
    untake(tb, r, &unmet, one);
    live[(size_t)l * S + r / 64] &= ~(1ull << (r % 64)); /* it stays out: later branches skip it */
    blen[l]--;
    pos[l]++;
    goto try_next;

leave: /* one way out: the search's body is smaller (TurboFan compiles it in WebAssembly) */
    d->solutions += FOUND;
    m->level = l, m->resume = rc == DLX_SOLUTION, m->unmet = unmet;
    d->level = l, d->nodes = nodes, d->updates += UPD, d->guesses = GUESSES, d->max_level = TOP;
#undef UPD
#undef TOP
#undef GUESSES
#undef FOUND
    if (W == 1 && OW == 1) /* the one-word block's levels, for dlx_multi_solution and the progress */
        for (int32_t v = 0; v < l; v++) m->item[v] = item[v], m->cur[v] = cur[v], m->pos[v] = pos[v], m->tot[v] = tot[v];
    return rc;
}

/* One word a set (up to 64 options, 63 items) has a copy of its own: loops
 * of one turn, unrolled away (queens-8-k2 1.25x faster in WebAssembly).
 * Each copy is a function of its own: V8 compiles with TurboFan only the
 * one that runs (both in one function took 17 ms of CPU time). */
#ifdef __wasm__
/* In WebAssembly the one-word search runs on a copy of the problem's block
 * at a fixed address, the boundary's (src/wasm/scratch.c): an entry's
 * address is then its index scaled plus a constant, with no base in a
 * register (V8 kept most of the sixteen bases spilled) and no add for the
 * table's offset in the block (emcc does not fold it into the access, and
 * V8 adds it apart): queens rows 1.07x in WebAssembly over the block
 * itself. Each call copies in what the search reads and back out what it
 * changed: nothing is kept there between calls. */
extern one_block dlx_wasm_one_scratch;
#define scratch dlx_wasm_one_scratch

/* The levels 0 .. l of the search and its counts; with `tables`, what does not change too. */
__attribute__((noinline)) static void one_copy(one_block *to, const one_block *from, int32_t l, int32_t np, int32_t n, int tables) {
    size_t L = (size_t)l + 1, P = (size_t)np + 1;
    memcpy(to->live, from->live, L * 16);
    memcpy(to->kb, from->kb, P * 8), memcpy(to->count, from->count, P * 4);
    memcpy(to->item, from->item, L * 4), memcpy(to->cur, from->cur, L * 4), memcpy(to->blen, from->blen, L * 4);
    memcpy(to->pos, from->pos, L * 4), memcpy(to->tot, from->tot, L * 4);
    if (!tables) return;
    memcpy(to->lo, from->lo, P * 4), memcpy(to->hi, from->hi, P * 4), memcpy(to->mask, from->mask, P * 8);
    memcpy(to->pitems, from->pitems, (size_t)n * 8), memcpy(to->kill_at, from->kill_at, (size_t)(n + 1) * 4);
}
#endif

__attribute__((noinline)) int dlx_multi_bits_search_one(dlx_t *d, multi *m, uint64_t stop) {
#ifdef __wasm__
    one_copy(&scratch, m->one, m->level, d->n_primary, m->b_options, 1);
    int rc = bits_search(d, m, stop, 1, 1, 1, tabs_one(&scratch, m), &scratch.tally);
    one_copy(m->one, &scratch, m->level, d->n_primary, m->b_options, 0);
    return rc;
#else
    return bits_search(d, m, stop, 1, 1, 1, tabs_one(m->one, m), NULL);
#endif
}
__attribute__((noinline)) int dlx_multi_bits_search_any(dlx_t *d, multi *m, uint64_t stop) {
    return bits_search(d, m, stop, m->words, m->owords, 0, tabs_of(d, m), NULL);
}
