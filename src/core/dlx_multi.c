/* dlx_multi.c: exact cover with multiplicities (the problems of Knuth's
 * DLX3, his Algorithm M): primary item i is covered lo[i] to hi[i] times,
 * secondary items at most once or by options agreeing on a color.
 *
 * The tree: at a node the search picks the active primary item i with the
 * fewest ways to go on: with len options left in i's column and need =
 * lo - count more uses required, the branches are "the first option of the
 * column (in column order) that the solution uses is the k-th", for k = 1 ..
 * len - need + 1, plus, when need is 0, "the solution uses no more option
 * of i". Each branch removes the options it skipped, so every solution is
 * met exactly once. Taking an option uses each of its items once: a primary
 * item whose count reaches hi is covered (its other options go), an
 * uncolored secondary item is covered, a colored one is settled on that
 * color (options with another one go). An item with no option left and
 * nothing more needed is done: it is never branched on (no node for it).
 *
 * Two searches walk that tree node for node (tests/c/test_multi.c checks):
 * up to BITS_MAX_OPTIONS options (and BITS_MAX_SCAN primary items times
 * words a set), sets of live options, one per level: a column's length is
 * counted from them (popcount), and backing up undoes only the counts
 * (1.5-6x the links on bench/multiplicity-run.mjs's family). Beyond, or on
 * DLX_ENGINE_LINKS, a copy of the links made at each start from the
 * handle's pristine matrix (with bounds, forced options are only recorded
 * in the handle), so a restart just drops it.
 *
 * With costs and dlx_set_best, the same tree on the links (search_choice.c
 * rules so) cut by the cutoff alone (no taxes, no sorting, no bound): a
 * branch whose option would bring the cost to the worst of the k kept, or
 * past it, is skipped as if tried.
 */
#include "dlx_internal.h"

#include <stdlib.h>
#include <string.h>

struct dlx_multi {
    dlx_node *nd;            /* the copy of the links */
    int32_t *len;            /* per item: options left in its column */
    int32_t *prev, *next;    /* the active primary items, a circle through 0 */
    int32_t *count;          /* per item: options of the solution using it */
    int32_t *settled;        /* per secondary item: chosen options giving it its color */
    int32_t *item, *cur, *excl_at, *pos, *tot; /* per level */
    int32_t *excl, nexcl;    /* options skipped by the branches on the path */
    int32_t level, resume;   /* resume: 0 enter a node, 1 back up */
    uint64_t *part, cost;    /* the k cheapest (dlx_set_best): per level the cost before its choice; the cost so far */
    int32_t n_nodes, cap_levels, cap_nodes;
    /* The bit sets (on_bits): `words` 64-bit words a set; the tables are
     * for the problem of n_options options and n_nodes nodes. */
    int on_bits;
    int32_t words, b_options, b_nodes;
    uint64_t *mask;          /* at 0 the options with a primary item; item j's options at j * words;
                                then per (colored item, color) its options of other colors */
    int32_t *prim, *prim_at; /* per option (prim_at, n_options + 1): its primary items */
    int32_t *kill, *kill_at; /* per option: offsets into mask of what its secondary items rule out */
    int32_t owords;          /* 64-bit words in a set of primary items (bit j for item j) */
    uint64_t *live;          /* per level, words + owords: the live options of the node, then its open
                                items (neither covered nor done: those the choice looks at) */
    int32_t unmet;           /* primary items used fewer than lo times */
    int32_t *blen;           /* per level: live options of the item branched on */
};

#define STOP (-1) /* cur[l] of the branch "no more options of item[l]" */
#define NONE (-2) /* cur[l] before the first branch (bit sets: cur[l] is an option) */

typedef struct dlx_multi multi;

/* Code that runs once a search (or on the links): out of the functions
 * that run the bit sets' slices, which V8 compiles with TurboFan on CPU
 * time the user pays (dlx_multi_search with all of it inlined: 70 ms). */
#define COLD __attribute__((noinline))
#ifdef __wasm__
enum { SLICE_NODES = 4096 };
#endif

/* ---- the dance on the copy ---------------------------------------------- */

/* Unlink every node of the option holding p except p itself. */
static void hide_rest(multi *m, int32_t p, uint64_t *upd) {
    dlx_node *nd = m->nd;
    for (int32_t q = p + 1; q != p;) {
        if (nd[q].top <= 0) {
            q = nd[q].up;
            continue;
        }
        int32_t u = nd[q].up, dn = nd[q].down;
        nd[u].down = dn, nd[dn].up = u;
        m->len[nd[q].top]--;
        (*upd)++;
        q++;
    }
}

static void unhide_rest(multi *m, int32_t p) {
    dlx_node *nd = m->nd;
    for (int32_t q = p - 1; q != p;) {
        if (nd[q].top <= 0) {
            q = nd[q].down;
            continue;
        }
        nd[nd[q].up].down = q, nd[nd[q].down].up = q;
        m->len[nd[q].top]++;
        q--;
    }
}

/* Item j takes no more options: hide every option left in its column. */
static void cover_all(multi *m, int32_t j, int32_t primary, uint64_t *upd) {
    dlx_node *nd = m->nd;
    for (int32_t p = nd[j].down; p != j; p = nd[p].down) hide_rest(m, p, upd);
    if (j <= primary) {
        int32_t l = m->prev[j], r = m->next[j];
        m->next[l] = r, m->prev[r] = l;
    }
}

static void uncover_all(multi *m, int32_t j, int32_t primary) {
    dlx_node *nd = m->nd;
    if (j <= primary) {
        int32_t l = m->prev[j], r = m->next[j];
        m->next[l] = j, m->prev[r] = j;
    }
    for (int32_t p = nd[j].up; p != j; p = nd[p].up) unhide_rest(m, p);
}

/* Take option p out of the matrix (all its nodes), or put it back. */
static void remove_option(multi *m, int32_t p, uint64_t *upd) {
    dlx_node *nd = m->nd;
    nd[nd[p].up].down = nd[p].down, nd[nd[p].down].up = nd[p].up;
    m->len[nd[p].top]--;
    hide_rest(m, p, upd);
}

static void restore_option(multi *m, int32_t p) {
    dlx_node *nd = m->nd;
    unhide_rest(m, p);
    nd[nd[p].up].down = p, nd[nd[p].down].up = p;
    m->len[nd[p].top]++;
}

/* One use of the item of node q by a chosen option (already removed). */
static void use(const dlx_t *d, multi *m, int32_t q, uint64_t *upd) {
    dlx_node *nd = m->nd;
    int32_t j = nd[q].top, c = nd[q].color;
    if (j <= d->n_primary) {
        if (++m->count[j] == d->hi[j]) cover_all(m, j, d->n_primary, upd);
    } else if (c == 0) {
        cover_all(m, j, d->n_primary, upd);
    } else if (m->settled[j]++ == 0) { /* settle j on c: other colors go */
        for (int32_t p = nd[j].down; p != j; p = nd[p].down)
            if (nd[p].color != c) hide_rest(m, p, upd);
    }
}

static void unuse(const dlx_t *d, multi *m, int32_t q) {
    dlx_node *nd = m->nd;
    int32_t j = nd[q].top, c = nd[q].color;
    if (j <= d->n_primary) {
        if (m->count[j]-- == d->hi[j]) uncover_all(m, j, d->n_primary);
    } else if (c == 0) {
        uncover_all(m, j, d->n_primary);
    } else if (--m->settled[j] == 0) {
        for (int32_t p = nd[j].up; p != j; p = nd[p].up)
            if (nd[p].color != c) unhide_rest(m, p);
    }
}

/* The first node of the option holding p (the spacer before it says). */
static int32_t first_node(const dlx_node *nd, int32_t p) {
    while (nd[p - 1].top > 0) p--;
    return p;
}

/* Choose the option holding p: take it out, then use each of its items. */
static void choose(const dlx_t *d, multi *m, int32_t p, uint64_t *upd) {
    remove_option(m, p, upd);
    for (int32_t q = first_node(m->nd, p); m->nd[q].top > 0; q++) use(d, m, q, upd);
}

/* Undo the uses of choose (the option stays out of the matrix). */
static void unuse_all(const dlx_t *d, multi *m, int32_t p) {
    int32_t first = first_node(m->nd, p), q = p;
    while (m->nd[q + 1].top > 0) q++;
    for (; q >= first; q--) unuse(d, m, q);
}

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

/* |a & c| when it is at most cap; above, any count above cap. In
 * WebAssembly a column is counted a word at a time and left as soon as it
 * has more options than the best item's, as most do (pento-6x6-k2, 16
 * words a set: the count 1.15x faster); natively the whole count is a
 * vectorized loop (with -march=native a few AVX-512 popcounts). */
static inline int32_t ones_upto(const uint64_t *a, const uint64_t *c, const int32_t W, const int32_t cap) {
#ifdef __wasm__
    int32_t n = 0;
    if (W == 1) return __builtin_popcountll(a[0] & c[0]);
    for (int32_t w = 0; w < W; w++)
        if ((n += __builtin_popcountll(a[w] & c[w])) > cap) break;
    return n;
#else
    (void)cap;
    return ones(a, c, W);
#endif
}

/* a &= ~c; returns how many options went. */
static inline uint64_t strike(uint64_t *a, const uint64_t *c, const int32_t W) {
    uint64_t n = 0;
#pragma clang loop vectorize(disable) /* WebAssembly: lanes taken out for i64.popcnt and put back */
    for (int32_t w = 0; w < W; w++) n += (uint64_t)__builtin_popcountll(a[w] & c[w]), a[w] &= ~c[w];
    return n;
}

/* The tables the dance reads, by value: the inlined loops keep them in
 * registers (through m and d every store to a count would reload them). */
typedef struct {
    const int32_t *prim, *prim_at, *kill, *kill_at, *lo, *hi;
    const uint64_t *mask;
    int32_t *count;
} tabs;

static inline tabs tabs_of(const dlx_t *d, const multi *m) {
    return (tabs){m->prim, m->prim_at, m->kill, m->kill_at, d->lo, d->hi, m->mask, m->count};
}

/* Take option r in the live set a (r already out of it): count each of its
 * primary items once, covering those that reach hi; rule out what its
 * secondary items forbid. *unmet: items below their lower bound. */
static inline void take(tabs t, uint64_t *a, int32_t r, int32_t *unmet, uint64_t *upd, const int32_t W) {
    for (int32_t p = t.prim_at[r], e = t.prim_at[r + 1]; p < e; p++) {
        int32_t j = t.prim[p], c = ++t.count[j];
        *unmet -= c == t.lo[j];
        if (c == t.hi[j]) {
            *upd += strike(a, t.mask + (size_t)j * W, W);
            a[W + j / 64] &= ~(1ull << (j % 64));
        }
    }
    for (int32_t p = t.kill_at[r], e = t.kill_at[r + 1]; p < e; p++) *upd += strike(a, t.mask + t.kill[p], W);
}

static inline void untake(tabs t, int32_t r, int32_t *unmet) {
    for (int32_t p = t.prim_at[r], e = t.prim_at[r + 1]; p < e; p++) {
        int32_t j = t.prim[p];
        *unmet += t.count[j]-- == t.lo[j];
    }
}

static void bits_free(multi *m) {
    free(m->mask), free(m->prim), free(m->prim_at), free(m->kill), free(m->kill_at), free(m->live), free(m->blen);
    m->mask = m->live = NULL;
    m->prim = m->prim_at = m->kill = m->kill_at = m->blen = NULL;
    m->b_options = -1;
}

/* Builds the tables for d's problem (levels: the search's depth bound);
 * 0 if they would be too big or memory runs out (the links search then). */
COLD static int bits_build(const dlx_t *d, multi *m, int32_t levels) {
    if (m->mask && m->b_options == d->n_options && m->b_nodes == d->n_nodes) return 1;
    bits_free(m);
    int32_t n = d->n_options, W = (n + 63) / 64, ni = d->n_items, np = d->n_primary;
    if (n <= 0 || n > BITS_MAX_OPTIONS || (int64_t)np * W > BITS_MAX_SCAN) return 0;
    const dlx_node *nd = d->node;
    /* The colored entries of secondary items, one slot per (item, color). */
    int32_t *head = calloc((size_t)ni + 1, sizeof *head), *next = malloc((size_t)d->n_nodes * sizeof *next);
    int32_t *color = malloc((size_t)d->n_nodes * sizeof *color), slots = 0, entries = 0, kills = 0;
    if (!head || !next || !color) goto fail;
    for (int32_t k = 0; k < n; k++)
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) {
            int32_t j = nd[q].top, c = nd[q].color, s = head[j];
            if (j <= np) entries++;
            else kills++;
            if (j <= np || c == 0) continue;
            while (s && color[s - 1] != c) s = next[s - 1];
            if (!s) color[slots] = c, next[slots] = head[j], head[j] = ++slots;
        }
    size_t bytes = ((size_t)ni + 1 + (size_t)slots) * (size_t)W * 8 + ((size_t)levels + 1) * ((size_t)(W + np / 64 + 1) * 8 + 4) +
                   ((size_t)entries + (size_t)kills + 2 * (size_t)n + 2) * 4;
    if (bytes > BITS_MAX_BYTES) goto fail;
    m->mask = calloc(((size_t)ni + 1 + (size_t)slots) * (size_t)W, 8);
    m->prim = malloc(((size_t)entries + 1) * sizeof *m->prim);
    m->kill = malloc(((size_t)kills + 1) * sizeof *m->kill);
    m->prim_at = malloc(((size_t)n + 1) * sizeof *m->prim_at);
    m->kill_at = malloc(((size_t)n + 1) * sizeof *m->kill_at);
    int32_t OW = np / 64 + 1;
    m->live = malloc(((size_t)levels + 1) * (size_t)(W + OW) * 8);
    m->blen = malloc(((size_t)levels + 1) * sizeof *m->blen);
    if (!m->mask || !m->prim || !m->kill || !m->prim_at || !m->kill_at || !m->live || !m->blen) goto fail;
    uint64_t *mask = m->mask;
    for (int32_t k = 0; k < n; k++)
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) mask[(size_t)nd[q].top * W + k / 64] |= 1ull << (k % 64);
    /* A slot's mask: its item's options but those of its color. */
    for (int32_t j = np + 1; j <= ni; j++)
        for (int32_t s = head[j]; s; s = next[s - 1])
            memcpy(mask + (size_t)(ni + s) * W, mask + (size_t)j * W, (size_t)W * 8);
    int32_t e = 0, x = 0;
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
    free(head), free(next), free(color);
    m->words = W, m->owords = OW, m->b_options = n, m->b_nodes = d->n_nodes;
    return 1;
fail:
    free(head), free(next), free(color);
    bits_free(m);
    return 0;
}

/* The live set of the root: every option, then the forced ones taken;
 * 0 if a forced option is no longer live (no solution). */
COLD static int bits_root(const dlx_t *d, multi *m, uint64_t *upd) {
    int32_t W = m->words, n = d->n_options;
    uint64_t *a = m->live;
    m->unmet = 0;
    for (int32_t j = 1; j <= d->n_primary; j++) m->unmet += d->lo[j] > 0;
    for (int32_t w = 0; w < W; w++) a[w] = w < n / 64 ? ~0ull : n % 64 ? (1ull << (n % 64)) - 1 : 0;
    for (int32_t v = 0, np = d->n_primary; v < m->owords; v++) /* items 1 .. np */
        a[W + v] = (v < np / 64 ? ~0ull : (1ull << (np % 64)) * 2 - 1) & (v ? ~0ull : ~1ull);
    for (int32_t f = 0; f < d->n_forced; f++) {
        int32_t k = d->forced[f];
        if (!(a[k / 64] >> (k % 64) & 1)) return 0;
        a[k / 64] &= ~(1ull << (k % 64));
        take(tabs_of(d, m), a, k, &m->unmet, upd, W);
    }
    return 1;
}

/* The search on bit sets: the links search's loop (below), node for node. */
/* The search on bit sets: the links search's loop (below), node for node.
 * W words a set of options, OW a set of items (constants where inlined). */
__attribute__((always_inline)) static inline int bits_search(dlx_t *d, multi *m, uint64_t stop, const int32_t W,
                                                             const int32_t OW) {
    const int32_t S = W + OW, *lo = d->lo, *hi = d->hi;
    int32_t *count = m->count, *item = m->item, *cur = m->cur, *blen = m->blen;
    const uint64_t *mask = m->mask;
    uint64_t upd = 0, nodes = d->nodes;
    int32_t l = m->level, i = 0, r, unmet = m->unmet, top = d->max_level;
    int32_t *pos = m->pos, *tot = m->tot;
    uint64_t guesses = d->guesses;
    const tabs tb = tabs_of(d, m);
    if (m->resume) goto backup;

enter: {
    uint64_t *a = m->live + (size_t)l * S, *open = a + W;
    if (unmet == 0) { /* every lower bound met: a solution unless a live option has a primary item */
        uint64_t any = 0;
        for (int32_t w = 0; w < W; w++) any |= a[w] & mask[w];
        if (!any) {
            d->solutions++;
            if (d->counting) goto backup; /* a count without a limit: nobody reads it (dlx_count_wide) */
            d->phase = PH_AT_SOLUTION;
            m->level = l, m->resume = 1, m->unmet = unmet;
            d->level = l, d->depth = l;
            d->nodes = nodes, d->updates += upd, d->guesses = guesses, d->max_level = top;
            return DLX_SOLUTION;
        }
    }
    /* The open item with the fewest branches, ties as DLX3: the least key
     * of (branches, slack, -len), the first of equals. An item found done
     * (no option left, nothing more needed) stays so below this node. */
    uint64_t best = UINT64_MAX;
    for (int32_t v = 0; v < OW; v++)
        for (uint64_t set = open[v]; set; set &= set - 1) {
            int32_t k = v * 64 + __builtin_ctzll(set), c = count[k], h = hi[k], need = lo[k] - c;
            int32_t len = ones_upto(a, mask + (size_t)k * W, W, (int32_t)(best >> 45) + (need > 0 ? need : 0) - 1);
            if (len == 0 && need <= 0) {
                open[v] &= ~(1ull << (k % 64));
                continue;
            }
            int32_t score = len + 1 - (need > 0 ? need : 0);
            if (score <= 0) { /* a dead end */
                best = 0, i = k;
                goto chosen;
            }
            uint32_t s = (uint32_t)(need > 0 ? h - lo[k] : h - c);
            uint64_t key = (uint64_t)score << 45 | (uint64_t)s << 13 | (uint64_t)(8191 - len);
            if (key < best) best = key, i = k;
        }
chosen:;
    int32_t t = best == UINT64_MAX ? 0 : (int32_t)(best >> 45); /* none left: not met (unmet says) */
    int32_t bl = 8191 - (int32_t)(best & 8191);
    if (d->n_pref && t > 0)
        for (int32_t j = 0; j < d->n_pref; j++) {
            int32_t k = d->pref[j], need = lo[k] - count[k];
            if (!(open[k / 64] >> (k % 64) & 1)) continue;
            int32_t len = ones(a, mask + (size_t)k * W, W);
            if ((len > 0 || need > 0) && len + 1 - (need > 0 ? need : 0) == t) {
                i = k, bl = len;
                break;
            }
        }
    if (nodes >= stop) {
        m->level = l, m->resume = 0, m->unmet = unmet;
        d->level = l, d->phase = PH_FORWARD;
        d->nodes = nodes, d->updates += upd, d->guesses = guesses, d->max_level = top;
        return DLX_BUDGET;
    }
    nodes++;
    if (t <= 0) goto backup;
    guesses += t > 1;
    item[l] = i, cur[l] = NONE, pos[l] = 0, tot[l] = t, blen[l] = bl;
}

try_next: {
    i = item[l];
    uint64_t *a = m->live + (size_t)l * S, *down = a + S;
    int32_t need = lo[i] - count[i];
    if (blen[l] > 0 && blen[l] >= need) {
        const uint64_t *col = mask + (size_t)i * W;
        int32_t w = 0;
        while (!(a[w] & col[w])) w++;
        r = cur[l] = w * 64 + __builtin_ctzll(a[w] & col[w]);
        for (int32_t v = 0; v < S; v++) down[v] = a[v];
        down[w] &= ~(1ull << (r % 64));
        take(tb, down, r, &unmet, &upd, W);
        if (++l > top) top = l;
        goto enter;
    }
    if (need <= 0 && cur[l] != STOP) { /* no option of i left: go on without it */
        for (int32_t v = 0; v < S; v++) down[v] = a[v];
        cur[l] = STOP;
        if (++l > top) top = l;
        goto enter;
    }
}

backup:
    if (l == 0) {
        d->phase = PH_DONE;
        d->level = 0, m->unmet = unmet;
        d->nodes = nodes, d->updates += upd, d->guesses = guesses, d->max_level = top;
        return DLX_DONE;
    }
    l--;
    r = cur[l];
    if (r == STOP) goto backup;
    untake(tb, r, &unmet);
    m->live[(size_t)l * S + r / 64] &= ~(1ull << (r % 64)); /* it stays out: later branches skip it */
    blen[l]--;
    pos[l]++;
    goto try_next;
}

/* One word a set (up to 64 options, 63 items) has a copy of its own: loops
 * of one turn, unrolled away (queens-8-k2 1.25x faster in WebAssembly).
 * Each copy is a function of its own: V8 compiles with TurboFan only the
 * one that runs (both in one function took 17 ms of CPU time). */
__attribute__((noinline)) static int bits_search_one(dlx_t *d, multi *m, uint64_t stop) {
    return bits_search(d, m, stop, 1, 1);
}
__attribute__((noinline)) static int bits_search_any(dlx_t *d, multi *m, uint64_t stop) {
    return bits_search(d, m, stop, m->words, m->owords);
}

/* ---- the links ---------------------------------------------------------------- */

/* Whether option k is still in the matrix: all its nodes linked, and no
 * item of it covered (a one-item option stays linked in its own column). */
static int available(const dlx_t *d, const multi *m, int32_t k) {
    const dlx_node *nd = m->nd;
    for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) {
        int32_t j = nd[q].top;
        if (nd[nd[q].up].down != q) return 0;
        if (j <= d->n_primary && m->count[j] >= d->hi[j]) return 0;
    }
    return 1;
}

/* Item k's number of branches, and its slack (the tie-breaks); 0 with
 * *slack -1 when k is done (no option left, nothing more needed). */
static inline int32_t branches(const dlx_t *d, const multi *m, int32_t k, int32_t *slack) {
    int32_t b = d->hi[k] - m->count[k], s = d->hi[k] - d->lo[k];
    if (m->len[k] == 0 && d->lo[k] <= m->count[k]) return *slack = -1, 0;
    if (s > b) s = b;
    *slack = s;
    return m->len[k] + s - b + 1;
}

/* The active item with the fewest branches (ties: the first preferred one,
 * dlx_set_preferred; else less slack, then the longer column, as DLX3 does);
 * returns that number, <= 0 at a dead end, INT32_MAX when none is left. */
static int32_t pick(const dlx_t *d, const multi *m, int32_t *best) {
    int32_t t = INT32_MAX, bs = 0, bl = 0;
    for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
        int32_t s, score = branches(d, m, k, &s), l = m->len[k];
        if (s < 0) continue;
        if (score < t || (score == t && (s < bs || (s == bs && l > bl)))) {
            t = score, bs = s, bl = l, *best = k;
            if (t <= 0) break;
        }
    }
    if (d->n_pref && t > 0 && t != INT32_MAX)
        for (int32_t j = 0, s; j < d->n_pref; j++) {
            int32_t k = d->pref[j]; /* active: still linked from its neighbour */
            if (m->next[m->prev[k]] == k && branches(d, m, k, &s) == t && s >= 0) {
                *best = k;
                break;
            }
        }
    return t;
}

/* The cost of the option holding node r (dlx_set_cost). */
static uint64_t cost_of(const dlx_t *d, const dlx_node *nd, int32_t r) {
    int32_t k = option_of(nd, r);
    return k < d->cap_cost ? (uint64_t)d->cost[k] : 0;
}

/* The search on the links (a copy, made by start). */
COLD static int links_search(dlx_t *d, multi *m, uint64_t stop) {
    uint64_t upd = 0;
    dlx_node *nd = m->nd;
    int32_t l = m->level, i = 0, r;
    if (m->resume) goto backup;

enter:
    if (d->best_k && m->cost >= dlx_best_cutoff(d)) goto backup; /* the cutoff fell below the path's cost */
    {
    int32_t t = pick(d, m, &i);
    if (t == INT32_MAX) {
        d->phase = PH_AT_SOLUTION;
        m->level = l, m->resume = 1;
        d->level = l, d->depth = l;
        d->updates += upd;
        if (d->best_k) { /* under the cutoff: the branch's choices were */
            int rc = dlx_best_keep(d, m->cost, dlx_multi_solution);
            if (rc) return d->phase = PH_FORWARD, m->resume = 0, rc;
        }
        d->solutions++;
        return DLX_SOLUTION;
    }
    if (d->nodes >= stop) {
        m->level = l, m->resume = 0;
        d->level = l, d->phase = PH_FORWARD;
        d->updates += upd;
        return DLX_BUDGET;
    }
    d->nodes++;
    if (t <= 0) goto backup;
    if (t > 1) d->guesses++;
    m->item[l] = i, m->cur[l] = NONE, m->excl_at[l] = m->nexcl, m->pos[l] = 0, m->tot[l] = t;
}

try_next:
    i = m->item[l];
    {
        int32_t need = d->lo[i] - m->count[i];
        if (m->len[i] > 0 && m->len[i] >= need) {
            r = m->cur[l] = nd[i].down;
            uint64_t c = d->best_k ? cost_of(d, nd, r) : 0;
            uint64_t cut = d->best_k ? dlx_best_cutoff(d) : 0;
            if (d->best_k && (m->cost >= cut || c >= cut - m->cost)) { /* too dear: as a branch tried */
                remove_option(m, r, &upd);
                m->excl[m->nexcl++] = r;
                m->pos[l]++;
                goto try_next;
            }
            m->part[l] = m->cost, m->cost += c;
            choose(d, m, r, &upd);
            if (++l > d->max_level) d->max_level = l;
            goto enter;
        }
        if (need <= 0 && m->cur[l] != STOP) {
            m->next[m->prev[i]] = m->next[i], m->prev[m->next[i]] = m->prev[i];
            m->cur[l] = STOP;
            if (++l > d->max_level) d->max_level = l;
            goto enter;
        }
    }
    while (m->nexcl > m->excl_at[l]) restore_option(m, m->excl[--m->nexcl]);

backup:
    if (l == 0) {
        d->phase = PH_DONE;
        d->level = 0;
        d->updates += upd;
        return DLX_DONE;
    }
    l--;
    i = m->item[l], r = m->cur[l];
    if (r == STOP) {
        m->next[m->prev[i]] = i, m->prev[m->next[i]] = i;
        while (m->nexcl > m->excl_at[l]) restore_option(m, m->excl[--m->nexcl]);
        goto backup;
    }
    unuse_all(d, m, r);
    m->cost = m->part[l];
    m->excl[m->nexcl++] = r; /* it stays out: later branches skip it */
    m->pos[l]++;
    goto try_next;
}

/* ---- starting, and the entry points ------------------------------------------ */

void dlx_multi_free(dlx_t *d) {
    multi *m = d->multi;
    if (!m) return;
    bits_free(m);
    free(m->nd), free(m->len), free(m->prev), free(m->next), free(m->count), free(m->settled);
    free(m->item), free(m->cur), free(m->excl_at), free(m->pos), free(m->tot), free(m->excl), free(m->part);
    free(m);
    d->multi = NULL;
}

size_t dlx_multi_bytes(const dlx_t *d) {
    const multi *m = d->multi;
    if (!m) return 0;
    size_t bits = 0;
    if (m->mask) {
        size_t W = (size_t)m->words, levels = (size_t)m->cap_levels + 1;
        bits = ((size_t)m->kill_at[m->b_options] + (size_t)d->n_items + 1) * W * 8 + levels * ((W + (size_t)m->owords) * 8 + 4) +
               ((size_t)m->prim_at[m->b_options] + (size_t)m->kill_at[m->b_options] + 2 * (size_t)m->b_options + 2) * 4;
    }
    return sizeof *m + (size_t)m->cap_nodes * sizeof(dlx_node) + (size_t)(d->n_items + 2) * 5 * sizeof(int32_t) +
           (size_t)m->cap_levels * (6 * sizeof(int32_t) + sizeof(uint64_t)) + bits;
}

/* Counters and per-level records for a fresh start, then the bit sets'
 * tables or a copy of the links; DLX_ENOMEM if no room. */
COLD static int start(dlx_t *d) {
    multi *m = d->multi;
    if (!m) {
        if (!(m = d->multi = calloc(1, sizeof *m))) return DLX_ENOMEM;
        m->b_options = -1;
    }
    int32_t n = d->n_items, levels = d->n_options + d->n_primary + 1;
    if (!m->len) {
        m->len = malloc((size_t)(n + 1) * sizeof *m->len);
        m->prev = malloc((size_t)(n + 1) * sizeof *m->prev);
        m->next = malloc((size_t)(n + 1) * sizeof *m->next);
        m->count = malloc((size_t)(n + 1) * sizeof *m->count);
        m->settled = malloc((size_t)(n + 1) * sizeof *m->settled);
        if (!m->len || !m->prev || !m->next || !m->count || !m->settled) return DLX_ENOMEM;
    }
    if (m->cap_levels < levels) {
        int32_t **arr[] = {&m->item, &m->cur, &m->excl_at, &m->pos, &m->tot, &m->excl};
        for (size_t k = 0; k < sizeof arr / sizeof *arr; k++) {
            free(*arr[k]);
            *arr[k] = malloc((size_t)levels * sizeof **arr[k]);
        }
        free(m->part);
        m->part = malloc((size_t)levels * sizeof *m->part);
        bits_free(m); /* its per-level arrays are sized for the old depth */
        for (size_t k = 0; k < sizeof arr / sizeof *arr; k++)
            if (!*arr[k] || !m->part) {
                m->cap_levels = 0;
                return DLX_ENOMEM;
            }
        m->cap_levels = levels;
    }
    for (int32_t i = 0; i <= n; i++) m->count[i] = m->settled[i] = 0;
    m->nexcl = m->level = m->resume = 0;
    m->on_bits = d->multi_bits && bits_build(d, m, m->cap_levels);
    if (m->on_bits) return DLX_OK;
    if (m->cap_nodes < d->n_nodes) {
        free(m->nd);
        if (!(m->nd = malloc((size_t)d->n_nodes * sizeof *m->nd))) {
            m->cap_nodes = 0;
            return DLX_ENOMEM;
        }
        m->cap_nodes = d->n_nodes;
    }
    memcpy(m->nd, d->node, (size_t)d->n_nodes * sizeof *m->nd);
    m->n_nodes = d->n_nodes;
    for (int32_t i = 0; i <= n; i++) m->len[i] = d->len[i];
    int32_t p = d->n_primary;
    for (int32_t i = 0; i <= p; i++) m->prev[i] = i ? i - 1 : p, m->next[i] = i < p ? i + 1 : 0;
    return DLX_OK;
}

int dlx_multi_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_DONE) return DLX_DONE;
    if (d->phase == PH_START) {
        int rc = start(d);
        if (rc) return rc;
        multi *m = d->multi;
        if (d->best_k && dlx_best_reset(d)) return DLX_ENOMEM;
        m->cost = 0;
        uint64_t upd = 0;
        int ok = 1;
        if (m->on_bits) ok = bits_root(d, m, &upd);
        for (int32_t f = 0; f < d->n_forced && ok && !m->on_bits; f++) {
            int32_t k = d->forced[f];
            if ((ok = available(d, m, k))) {
                choose(d, m, d->opt_start[k], &upd);
                m->cost += cost_of(d, m->nd, d->opt_start[k]);
            }
        }
        d->updates += upd;
        if (!ok) {
            d->phase = PH_DONE;
            return DLX_DONE;
        }
    }
    multi *m = d->multi;
    d->phase = PH_FORWARD;
    if (!m->on_bits) return links_search(d, m, stop);
    int (*slice)(dlx_t *, multi *, uint64_t) = m->words == 1 && m->owords == 1 ? bits_search_one : bits_search_any;
#ifdef __wasm__
    /* Called again every SLICE_NODES nodes: V8 runs a function's optimized
     * code only from its next call, and a search without solutions stayed
     * in baseline code all along (pento-6x6-k2 0.74 -> 0.54 s; as
     * dlx_search_until slices the other searches). */
    int rc;
    do rc = slice(d, m, d->nodes < stop && stop - d->nodes > SLICE_NODES ? d->nodes + SLICE_NODES : stop);
    while (rc == DLX_BUDGET && d->nodes < stop);
    return rc;
#else
    return slice(d, m, stop);
#endif
}

int32_t dlx_multi_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n) {
    const multi *m = d->multi;
    for (int32_t l = 0; l < m->level; l++) {
        if (m->cur[l] == STOP) continue;
        if (n < cap) options[n] = m->on_bits ? m->cur[l] : option_of(m->nd, m->cur[l]);
        n++;
    }
    return n;
}

double dlx_multi_progress(const dlx_t *d) {
    const multi *m = d->multi;
    if (!m) return 0.0;
    double f = 0.0, w = 1.0;
    for (int32_t l = 0; l < m->level; l++) {
        w /= m->tot[l];
        f += m->pos[l] * w;
    }
    return f + w / 2;
}
