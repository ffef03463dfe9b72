/* dlx_memo_multi.c: counting by memoized search with multiplicities (the
 * problems of Algorithm M, dlx_multi.c: primary item i covered lo[i] to
 * hi[i] times), as dlx_memo.c counts exact covers.
 *
 * The tree: at a state the search takes one open primary item i and
 * chooses at once the whole set of i's live options the solution uses:
 * every subset (in column order, each once) that brings i's count within
 * [lo, hi] and keeps every other item within its upper bound; then i is
 * closed (none of its options is live any more). So every option taken
 * holds a closed item, and every option a closed item holds is dead: what
 * is left depends only on the closed items, the counts of the open ones
 * and the colors of the secondary items, and that is the key of the
 * cache. An item is dead in the key (its field at hi) when closed, full
 * (count hi) or done (no live option, count at least lo), all the same to
 * what is left; a secondary item when no live option holds it, else its
 * color (0 free). With every bound 1:1 that is DXZ's key, the covered
 * items. Each solution is met once: a state's subsets partition it.
 *
 * The choice, a function of the state: among the open items without slack
 * (hi = max(lo, count): cells of a packing, rows of a quota matrix) if
 * any, else among all, the one with the fewest subsets (the sum over s of
 * C(live, s), s from lo - count to hi - count), the first of them. Slack
 * last: the quota rows then close in order, a DP over the columns' counts
 * (quota-7x6-3-3:4 3,242 states, 99,544 by fewest subsets alone;
 * pentominoes up to twice in 5x8 275 k, 788 k). An item with fewer live
 * options than it needs ends the state (0).
 *
 * Live options as bit sets: per frame the live set; taking option o ANDs
 * out its kill set (itself, the columns of its items of upper bound 1 and
 * of its uncolored secondary items, the options giving its colored items
 * another color or none), and the column of each item its use brings to
 * hi. Up to MM_DENSE_MAX options the kill sets are static tables, and
 * every item's options a set too (options^2 bits: 8 MiB at the most).
 * Past it (sparse) the kill is read off the items' lists, and an item's
 * options are a set over the words they span where those words are no
 * more than its options (a bit test a word, a popcount a word: the same
 * cost; so at most a word an entry), else its list: the tables grow with
 * the entries, and the live sets with the frames times the options. A frame is a state (its
 * item, its sum) or one option of its subset taken (picks stack above
 * their state). A node is a state entered, as in dlx_memo.c; the cache is
 * dlx_memo.c's kind (probe, replace when full, within d->memo_cap).
 *
 * The same walk builds the ZDD of all solutions (dlx_zdd.h), as dlx_memo.c
 * does: a frame's chain holds its subsets' solutions, starting from the
 * state its subset so far closes (when it may close there), each option
 * after it a node (option, LO: the chain so far, HI: the chain of the
 * subsets through it); the state's chain is its frame's, and the cache
 * keeps chain heads, never replaced. A subset's options are then a path
 * of HI links in column order, so every solution is one path. */
#include "dlx_internal.h"
#include "dlx_zdd.h"
#include "memo_cache.h"

#include <stdlib.h>
#include <string.h>

/* Up to this many options the kill sets are tables (MM_DENSE_MAX^2 / 8 bytes). */
enum { MM_DENSE_MAX = 8192 };

enum { FRESH, BACK, PICK }; /* a frame: before its close, after it, picking */

struct mframe {
    int32_t item, owner; /* the item branched on; the frame of its state */
    int32_t next, opt;   /* the next place in item's column to try; the option taken here (-1: a state) */
    int32_t phase;
    uint32_t chain;      /* building a ZDD: the solutions of the subsets through this frame */
    uint64_t hash;       /* a state's: to store its sum */
    dlx_count_t sum;
};

/* A primary item as the walk reads it at every state: its count, closed,
 * bounds, the words its set spans and its field in the key, together (in
 * the module one base and fixed offsets instead of eight tables, whose
 * bases V8 kept spilling in the choice's loop). */
struct prim {
    int32_t cnt, closed, lo, hi, w0, w1, fword, fshift;
};

struct dlx_memo_multi {
    int32_t np, ns, no, bw; /* primary items, secondary ones, options, words of a set */
    int32_t sparse;         /* no tables of sets: the lists instead (over MM_DENSE_MAX options) */
    int64_t *set_at;        /* sparse: where item x's set starts in pack (its span's first word), -1: its list */
    uint64_t *pack;
    int32_t *opt_at, *opt_item, *opt_color; /* option o's items (0-based) and colors (numbered per item) */
    int32_t *col_at, *col_opt, *col_color;  /* item x's options: col_opt[col_at[x] .. col_at[x + 1]), their colors */
    uint64_t *col_bits, *sec_bits;          /* every item's options as a set (col_bits: primary, sec_bits: secondary; dense) */
    int32_t *span;                          /* the words an item's set spans, [2x, 2x+1) */
    uint64_t *kill, *live;                  /* per option its static kill set (dense); per frame the live set */
    struct prim *pr;                        /* per primary item */
    int32_t *users, *color, *ncolors;       /* per secondary item: options using it, its color, its colors */
    int32_t *fword, *fshift, kwords;        /* each item's field in the key (fword -1: none) */
    uint64_t *key, *keys;                   /* the key being built; each state frame's */
    struct mframe *fr;
    int32_t frames, top, entering, over;    /* where the walk stands between calls */
    dlx_count_t value;
    uint32_t ref;                           /* building a ZDD: the chain of the state just left */
    struct dlx_zdd *zdd;                    /* building one (its chains in the cache) */
    uint64_t *block; /* the tables above, in one allocation (set_at and pack apart) */
    size_t block_bytes, pack_bytes;
    struct memo_cache cache; /* the states met and their counts (memo_cache.h) */
};

typedef struct dlx_memo_multi mm;

void dlx_memo_multi_free(dlx_t *d) {
    mm *m = d->memo_multi;
    if (!m) return;
    if (m->zdd) m->zdd->building = NULL; /* a build in steps ends here */
    d->on_memo = 0;                      /* and a count stopped by its budget */
    free(m->block), free(m->set_at), free(m->pack), free(m->pr), free(m->key), free(m->keys), free(m->fr), free(m->cache.slot);
    free(m);
    d->memo_multi = NULL;
}

int dlx_memo_multi_abandon(dlx_t *d) {
    if (!d->memo_multi || !d->memo_multi->zdd) return 0;
    dlx_memo_multi_free(d);
    return 1;
}

size_t dlx_memo_multi_bytes(const dlx_t *d) {
    const mm *m = d->memo_multi;
    if (!m) return 0;
    return sizeof *m + memo_cache_bytes(&m->cache) + m->block_bytes + m->pack_bytes + (size_t)m->np * sizeof(struct prim) + ((size_t)m->frames + 1) * (size_t)m->kwords * 8 +
           (size_t)m->frames * sizeof(struct mframe);
}

/* Which problems it takes: any with bounds. */
int dlx_memo_multi_fits(const dlx_t *d) { return d->n_bounded; }

/* Whether it runs on its tables of sets, where a node costs a few words an item. */
int dlx_memo_multi_dense(const dlx_t *d) { return d->n_options <= MM_DENSE_MAX && !d->memo_sparse; }

/* ---- the tables ------------------------------------------------------------------ */

static int32_t bits_for(int64_t v) { /* bits to hold 0 .. v */
    int32_t b = 1;
    while (b < 63 && (v >> b)) b++;
    return b;
}

static inline void set_bit(uint64_t *s, int32_t o) { s[o >> 6] |= 1ULL << (o & 63); }

/* The tables are built once a count: in WebAssembly each long loop is a
 * function of its own (ONCE), so that V8 compiles with TurboFan, on CPU
 * time the user pays, at most the loop that runs long enough, never the
 * whole building (tests/start-wasm.test.mjs; as dlx_memo.c). */
#define ONCE __attribute__((noinline))

/* How many entries the options have. */
static ONCE size_t entry_count(const dlx_t *d) { return dlx_entry_count(d); }

/* The words each item's options span, and its colors numbered 1.. in the
 * order its column meets them (seen: scratch). */
static ONCE void spans_and_colors(mm *m, int32_t n, int32_t *seen, int32_t *col_color) {
    for (int32_t x = 0; x < n; x++) { /* spans; colors numbered */
        int32_t a = m->col_at[x], b = m->col_at[x + 1], k = 0;
        m->span[2 * x] = a < b ? m->col_opt[a] >> 6 : 0, m->span[2 * x + 1] = a < b ? (m->col_opt[b - 1] >> 6) + 1 : 0;
        for (int32_t j = a; j < b; j++) {
            if (!col_color[j]) continue;
            int32_t v = 0;
            while (v < k && seen[v] != col_color[j]) v++;
            if (v == k) seen[k++] = col_color[j];
            col_color[j] = v + 1;
        }
        m->ncolors[x] = k;
    }
}

/* Each option's items and colors, and each item's count of options. */
static ONCE int32_t entries(const dlx_t *d, mm *m) {
    const dlx_node *nd = d->node;
    int32_t no = m->no;
    int32_t at = 0;
    for (int32_t o = 0; o < no; o++) {
        m->opt_at[o] = at;
        for (int32_t p = d->opt_start[o]; nd[p].top > 0; p++) {
            int32_t x = nd[p].top - 1, c = nd[p].color;
            m->opt_item[at] = x, m->opt_color[at++] = c < 0 ? d->item[x + 1].color : c;
            m->col_at[x + 1]++;
        }
    }
    return at;
}

/* Each item's options (a list, their colors, a set), and where each entry
 * sits in its item's list; seen: each item's next place. */
static ONCE void columns(mm *m, int32_t *seen, int32_t *col_color, int32_t *at_col) {
    int32_t np = m->np, no = m->no, bw = m->bw;
    for (int32_t o = 0; o < no; o++)
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
            int32_t x = m->opt_item[p], j = seen[x]++;
            m->col_opt[j] = o, col_color[j] = m->opt_color[p], at_col[p] = j;
            if (!m->sparse) set_bit(x < np ? m->col_bits + (size_t)x * bw : m->sec_bits + (size_t)(x - np) * bw, o);
        }
}

/* The static kill sets: per option itself, the other options of its
 * items without a count (colored: those of another color or none). */
static ONCE void kill_sets(const dlx_t *d, mm *m, const int32_t *col_color) {
    int32_t np = m->np, no = m->no, bw = m->bw;
    for (int32_t o = 0; o < no; o++) {
        uint64_t *k = m->kill + (size_t)o * bw;
        set_bit(k, o);
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
            int32_t x = m->opt_item[p], c = m->opt_color[p];
            if (x < np && d->hi[x + 1] > 1) continue; /* by its count */
            if (c) { /* x's options of another color or none */
                for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++)
                    if (col_color[j] != c) set_bit(k, m->col_opt[j]);
                continue;
            }
            const uint64_t *col = x < np ? m->col_bits + (size_t)x * bw : m->sec_bits + (size_t)(x - np) * bw;
            for (int32_t j = m->span[2 * x]; j < m->span[2 * x + 1]; j++) k[j] |= col[j];
        }
    }
}

/* Sparse: the sets of the items whose options span no more words than
 * they are (set_at; the rest -1: their lists); -1 out of memory. */
static ONCE int pack_sets(mm *m) {
    int32_t n = m->np + m->ns;
    size_t words = 0;
    if (!(m->set_at = malloc((size_t)n * sizeof *m->set_at))) return -1;
    for (int32_t x = 0; x < n; x++) {
        int32_t span = m->span[2 * x + 1] - m->span[2 * x];
        m->set_at[x] = span > 0 && span <= m->col_at[x + 1] - m->col_at[x] ? (int64_t)words : -1;
        if (m->set_at[x] >= 0) words += (size_t)span;
    }
    m->pack_bytes = (words + 1) * 8 + (size_t)n * sizeof *m->set_at; /* the sets and where each starts */
    if (!(m->pack = calloc(words + 1, 8))) return -1;
    for (int32_t x = 0; x < n; x++)
        if (m->set_at[x] >= 0)
            for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++) {
                int32_t o = m->col_opt[j];
                m->pack[m->set_at[x] + (o >> 6) - m->span[2 * x]] |= 1ULL << (o & 63);
            }
    return 0;
}

/* Options' items and colors (numbered 1.. per item in the order its column
 * meets them), each item's options (a list and a set, and the words the
 * set spans), the static kill sets, the key's fields, the live set of the
 * root (every option not left out); -1 out of memory. */
static ONCE int build(dlx_t *d, mm *m) {
    int32_t np = m->np, n = np + m->ns, no = m->no, bw = m->bw;
    size_t total = entry_count(d);
    /* one block: the sets (64-bit words), then the lists and per-item tables */
    size_t sets = ((m->sparse ? 0 : (size_t)np + (size_t)m->ns + (size_t)no) + (size_t)m->frames) * (size_t)bw;
    size_t ints = (size_t)no + 1 + 6 * (total + 1) + (size_t)n + 2 + 2 * (size_t)n + 1 + 5 * ((size_t)n + 1) + (size_t)n;
    m->block_bytes = (sets + (ints + 1) / 2 + 1) * 8;
    uint64_t *w = m->block = calloc(m->block_bytes, 1);
    if (!w) return -1;
    if (!m->sparse) m->col_bits = w, m->sec_bits = w += (size_t)np * bw, m->kill = w += (size_t)m->ns * bw, w += (size_t)no * bw;
    m->live = w;
    int32_t *q = (int32_t *)(w + (size_t)m->frames * bw);
    m->opt_at = q, m->opt_item = q += no + 1, m->opt_color = q += total + 1, m->col_opt = q += total + 1;
    m->col_at = q += total + 1, m->span = q += n + 2;
    m->users = q += 2 * n + 1, m->color = q += n + 1, m->ncolors = q += n + 1, m->fword = q += n + 1, m->fshift = q += n + 1;
    int32_t *col_color = m->col_color = q += n + 1, *at_col = q += total + 1, *seen = q += total + 1; /* scratch: total + n + 1 */
    int32_t at = entries(d, m);
    m->opt_at[no] = at;
    for (int32_t x = 0; x < n; x++) m->col_at[x + 1] += m->col_at[x];
    memcpy(seen, m->col_at, ((size_t)n + 1) * 4); /* scratch: each item's next place */
    columns(m, seen, col_color, at_col);
    spans_and_colors(m, n, seen, col_color);
    for (int32_t p = 0; p < at; p++) m->opt_color[p] = m->opt_color[p] ? col_color[at_col[p]] : 0;
    if (!m->sparse) kill_sets(d, m, col_color);
    else if (pack_sets(m)) return -1;
    /* the key's fields: a primary item's count 0 .. hi (hi: dead), a
     * secondary item's color 0 .. ncolors (ncolors + 1: dead); none across two words */
    int32_t word = 0, used = 0;
    for (int32_t x = 0; x < n; x++) {
        if (x >= np && m->col_at[x] == m->col_at[x + 1]) {
            m->fword[x] = -1;
            continue;
        }
        int32_t b = bits_for(x < np ? d->hi[x + 1] : m->ncolors[x] + 1);
        if (used + b > 64) word++, used = 0;
        m->fword[x] = word, m->fshift[x] = used, used += b;
    }
    m->kwords = word + 1;
    if (!(m->pr = calloc((size_t)np + 1, sizeof *m->pr))) return -1;
    for (int32_t x = 0; x < np; x++)
        m->pr[x] = (struct prim){ .lo = d->lo[x + 1], .hi = d->hi[x + 1], .w0 = m->span[2 * x], .w1 = m->span[2 * x + 1],
                                  .fword = m->fword[x], .fshift = m->fshift[x] };
    for (int32_t o = 0; o < no; o++) set_bit(m->live, o); /* the root: every option not left out */
    for (int32_t x = 0; x < d->n_excluded; x++) m->live[d->excluded[x] >> 6] &= ~(1ULL << (d->excluded[x] & 63));
    m->key = calloc((size_t)m->kwords, 8), m->keys = malloc((size_t)m->frames * m->kwords * 8 + 8);
    return m->key && m->keys ? 0 : -1;
}

/* ---- the walk ------------------------------------------------------------------- */

static inline int is_live(const uint64_t *s, int32_t o) { return (int)(s[o >> 6] >> (o & 63) & 1); }

/* A column's live options. In the module the loop stays scalar: clang made
 * it two lanes of 64 bits, and V8 takes each lane out for its popcnt and
 * back (a column spans a word or three). */
static inline int32_t ones(const uint64_t *a, const uint64_t *c, int32_t w0, int32_t w1) {
    int32_t k = 0;
#ifdef __wasm__
#pragma clang loop vectorize(disable)
#endif
    for (int32_t w = w0; w < w1; w++) k += __builtin_popcountll(a[w] & c[w]);
    return k;
}

/* In the module, the walk's parts that run once a state at most (a
 * state's subsets of slack, the secondary items' key, a state's store, the
 * sparse tables' paths) are
 * functions apart: V8 compiles the walk with TurboFan on CPU time the user
 * pays, and a smaller walk sooner and with fewer spills (as dlx_memo.c). */
#ifdef __wasm__
#define APART __attribute__((noinline))
#else
#define APART inline
#endif

/* Sparse: item x's live options, and whether it has one (its packed set
 * against the live words it spans, or its list). */
static APART int32_t live_in(const mm *m, const uint64_t *live, int32_t x) {
    int32_t k = 0, w0 = m->span[2 * x], n = m->span[2 * x + 1] - w0;
    if (m->set_at[x] >= 0) {
        const uint64_t *s = m->pack + m->set_at[x], *l = live + w0;
        for (int32_t w = 0; w < n; w++) k += __builtin_popcountll(s[w] & l[w]);
        return k;
    }
    for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++) k += is_live(live, m->col_opt[j]);
    return k;
}
static APART int any_live(const mm *m, const uint64_t *live, int32_t x) {
    int32_t w0 = m->span[2 * x], n = m->span[2 * x + 1] - w0;
    if (m->set_at[x] >= 0) {
        const uint64_t *s = m->pack + m->set_at[x], *l = live + w0;
        for (int32_t w = 0; w < n; w++)
            if (s[w] & l[w]) return 1;
        return 0;
    }
    for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++)
        if (is_live(live, m->col_opt[j])) return 1;
    return 0;
}
static inline void clear_bit(uint64_t *s, int32_t o) { s[o >> 6] &= ~(1ULL << (o & 63)); }

/* Sparse: item x's column out of `to` (its packed set, or its list). */
static APART void clear_sparse(const mm *m, uint64_t *to, int32_t x) {
    int32_t w0 = m->span[2 * x], n = m->span[2 * x + 1] - w0;
    if (m->set_at[x] >= 0) {
        const uint64_t *s = m->pack + m->set_at[x];
        for (int32_t w = 0; w < n; w++) to[w0 + w] &= ~s[w];
    } else {
        for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++) clear_bit(to, m->col_opt[j]);
    }
}

/* Primary item x's column out of `to` (its words from its struct prim, as the walk reads it). */
static inline void clear_column(const mm *m, uint64_t *to, int32_t x) {
    if (m->sparse) {
        clear_sparse(m, to, x);
        return;
    }
    const uint64_t *c = m->col_bits + (size_t)x * m->bw;
    for (int32_t w = m->pr[x].w0; w < m->pr[x].w1; w++) to[w] &= ~c[w];
}

/* Sparse: `from` less option o's kill set, read off its items' lists. */
static APART void kill_by_lists(const mm *m, int32_t o, const uint64_t *from, uint64_t *to) {
    memcpy(to, from, (size_t)m->bw * 8);
    clear_bit(to, o);
    for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
        int32_t x = m->opt_item[p], c = m->opt_color[p];
        if (x < m->np && m->pr[x].hi > 1) continue; /* by its count */
        if (!c) clear_sparse(m, to, x);
        else
            for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++)
                if (m->col_color[j] != c) clear_bit(to, m->col_opt[j]);
    }
}

/* Takes option o into the live set `to` (from `from`): counts, colors, and
 * the columns of the items it fills. */
static void take(mm *m, int32_t o, const uint64_t *from, uint64_t *to) {
    if (m->sparse) kill_by_lists(m, o, from, to);
    else {
        const uint64_t *k = m->kill + (size_t)o * m->bw;
        for (int32_t w = 0; w < m->bw; w++) to[w] = from[w] & ~k[w];
    }
    for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
        int32_t x = m->opt_item[p];
        if (x < m->np) {
            struct prim *q = &m->pr[x];
            if (++q->cnt == q->hi && q->hi > 1) clear_column(m, to, x);
        } else if (m->opt_color[p]) {
            m->users[x]++, m->color[x] = m->opt_color[p];
        }
    }
}

static void untake(mm *m, int32_t o) {
    for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
        int32_t x = m->opt_item[p];
        if (x < m->np) m->pr[x].cnt--;
        else if (m->opt_color[p] && !--m->users[x]) m->color[x] = 0;
    }
}

/* sum over s = a .. b of C(L, s), in doubles (only compared). */
static APART double subsets(int32_t L, int32_t a, int32_t b) {
    if (b == 1) return (double)L + (a == 0);
    double c = 1, sum = 0;
    for (int32_t s = 0; s <= b; s++) {
        if (s >= a) sum += c;
        c = c * (L - s) / (s + 1);
    }
    return sum;
}

/* The secondary items' fields of the key: a color, or dead. */
static APART void key_secondary(const mm *m, const uint64_t *live, uint64_t *key) {
    for (int32_t x = m->np; x < m->np + m->ns; x++) {
        if (m->fword[x] < 0) continue;
        int alive = 0;
        if (m->sparse) alive = any_live(m, live, x);
        else {
            const uint64_t *c = m->sec_bits + (size_t)(x - m->np) * m->bw;
            for (int32_t w = m->span[2 * x]; w < m->span[2 * x + 1] && !alive; w++) alive = (c[w] & live[w]) != 0;
        }
        key[m->fword[x]] |= (uint64_t)(alive ? m->color[x] : m->ncolors[x] + 1) << m->fshift[x];
    }
}

/* The state at frame depth `at` (live set live): its item (-1: every
 * primary item dead, one solution; -2: an item cannot be met, none), its
 * key in m->key. Made twice, for the tables and for the sparse lists
 * (choose): a test a column in the walk cost the module 5%. */
static inline __attribute__((always_inline)) int32_t choose_in(mm *m, const uint64_t *live, const int sparse) {
    uint64_t *key = m->key, word = 0; /* the primary items' fields come in order: a word at a time */
    int32_t best = -1, slacky = 0, at = 0;
    double fewest = 0;
    for (int32_t i = 0; i < m->np; i++) {
        const struct prim *q = &m->pr[i];
        int32_t c = q->cnt, h = q->hi, v = h;
        if (!q->closed && c < h) {
            int32_t L = sparse ? live_in(m, live, i) : ones(live, m->col_bits + (size_t)i * m->bw, q->w0, q->w1);
            int32_t need = q->lo - c;
            if (L < need) return -2;
            if (L > 0) {
                /* items with slack (hi above max(lo, count)) after those without:
                 * an item with slack after one without is not counted (its
                 * subsets, a division each, were most of a quota row's time) */
                int slack = h > (q->lo > c ? q->lo : c);
                if (best < 0 || slack <= slacky) {
                    double s = subsets(L, need > 0 ? need : 0, h - c < L ? h - c : L);
                    if (best < 0 || slack < slacky || s < fewest) best = i, fewest = s, slacky = slack;
                }
                v = c;
            }
        }
        if (q->fword != at) key[at] = word, word = 0, at = q->fword;
        word |= (uint64_t)v << q->fshift;
    }
    key[at] = word;
    for (int32_t w = at + 1; w < m->kwords; w++) key[w] = 0;
    if (m->ns) key_secondary(m, live, key);
    return best;
}
static APART int32_t choose_sparse(mm *m, const uint64_t *live) { return choose_in(m, live, 1); }
static int32_t choose(mm *m, const uint64_t *live) { return m->sparse ? choose_sparse(m, live) : choose_in(m, live, 0); }

/* Adds v to *sum; 1 past 2^128 - 1 (it stays there). */
static int add(dlx_count_t *sum, dlx_count_t v) {
    dlx_count_t s = *sum + v;
    if (s < v) return *sum = ~(dlx_count_t)0, 1;
    *sum = s;
    return 0;
}

static APART void store(mm *m, uint64_t h, const uint64_t *key, dlx_count_t v) { memo_store_count(&m->cache, h, key, v); }
/* Building a ZDD (a row takes these or not): a state's chain head kept (-1
 * when the table cannot grow), an option's node on its frame's chain (0 out of room). */
static APART int store_chain(mm *m, uint64_t h, const uint64_t *key, uint32_t chain) { return memo_store_chain(&m->cache, h, key, chain); }
static APART uint32_t link(struct dlx_zdd *z, int32_t opt, uint32_t lo, uint32_t hi) { return dlx_zdd_add(z, opt, lo, hi); }

/* Live options of i's column at places >= k (the picks still possible). */
static int32_t left_from(const mm *m, int32_t i, int32_t k, const uint64_t *live) {
    int32_t n = 0;
    for (int32_t j = k; j < m->col_at[i + 1]; j++) n += is_live(live, m->col_opt[j]);
    return n;
}

enum { WALK_END = 0, WALK_STOPPED = 1, WALK_SLICE = 2 };

/* The walk from where it stands until the end, the budget (stop) or the
 * slice's end (nodes reach slice); z: building a ZDD (DLX_ENOMEM when its
 * room runs out). One function for both (a copy a job measured no faster
 * natively, and costs the module's size). */
static __attribute__((noinline)) int walk(dlx_t *d, uint64_t stop, uint64_t slice, struct dlx_zdd *z) {
    mm *m = d->memo_multi;
    struct mframe *fr = m->fr;
    int32_t top = m->top, bw = m->bw, over = m->over, entering = m->entering, out = WALK_END;
    dlx_count_t value = m->value;
    uint32_t ref = m->ref;
    for (;;) {
        if (entering) { /* the state above top: its value, or a frame */
            if (d->nodes >= stop || d->nodes >= slice) {
                out = d->nodes >= stop ? WALK_STOPPED : WALK_SLICE;
                break;
            }
            d->nodes++;
            entering = 0;
            const uint64_t *live = m->live + (size_t)(top + 1) * bw, *hit;
            int32_t i = choose(m, live);
            uint64_t h;
            if (i == -1) value = 1, ref = 1;
            else if (i == -2) value = 0, ref = 0;
            else if ((h = memo_hash(m->key, m->kwords)), (hit = memo_lookup(&m->cache, h, m->key))) {
                if (z) ref = (uint32_t)hit[0], value = z->count[ref];
                else value = (dlx_count_t)hit[1] << 64 | hit[0];
            } else {
                d->guesses++;
                top++;
                memcpy(m->keys + (size_t)top * m->kwords, m->key, (size_t)m->kwords * 8);
                fr[top] = (struct mframe){ .item = i, .owner = top, .next = m->col_at[i], .opt = -1, .phase = FRESH, .chain = 0, .hash = h, .sum = 0 };
                if (top + 1 > d->max_level) d->max_level = top + 1;
            }
        }
        if (top < 0) break;
        struct mframe *f = &fr[top];
        int32_t i = f->item;
        const uint64_t *live = m->live + (size_t)top * bw;
        if (f->phase == FRESH) {
            f->phase = PICK;
            if (m->pr[i].cnt >= m->pr[i].lo) { /* the subset so far: close i */
                uint64_t *to = m->live + (size_t)(top + 1) * bw;
                memcpy(to, live, (size_t)bw * 8);
                clear_column(m, to, i);
                m->pr[i].closed = 1;
                f->phase = BACK;
                entering = 1;
                continue;
            }
        } else if (f->phase == BACK) {
            if (add(&fr[f->owner].sum, value)) { /* past 2^128 - 1: as dlx_memo.c's walk, ended here */
                over = 1;
                if (!z) break;
            }
            if (z) f->chain = ref; /* the subset closed here: the chain's first */
            m->pr[i].closed = 0;
            f->phase = PICK;
        }
        /* the next option of i's subset: live, after the last, and enough left to reach lo */
        int32_t k = f->next, end = m->col_at[i + 1], need = m->pr[i].lo - m->pr[i].cnt;
        if (m->pr[i].cnt < m->pr[i].hi) {
            while (k < end && !is_live(live, m->col_opt[k])) k++;
            if (k < end && need > 1 && left_from(m, i, k, live) < need) k = end;
        } else k = end;
        if (k < end) {
            int32_t o = m->col_opt[k];
            f->next = k + 1;
            take(m, o, live, m->live + (size_t)(top + 1) * bw);
            d->updates += (uint64_t)(m->opt_at[o + 1] - m->opt_at[o]);
            top++;
            fr[top] = (struct mframe){ .item = i, .owner = f->owner, .next = k + 1, .opt = o, .phase = FRESH, .chain = 0 };
            if (top + 1 > d->max_level) d->max_level = top + 1;
            continue;
        }
        if (f->opt >= 0) { /* this option's subsets done */
            untake(m, f->opt);
            top--;
            if (z && f->chain && !(fr[top].chain = link(z, f->opt, fr[top].chain, f->chain))) {
                out = DLX_ENOMEM;
                break;
            }
            continue;
        }
        value = f->sum; /* the state done */
        if (!z) store(m, f->hash, m->keys + (size_t)top * m->kwords, value);
        else if (store_chain(m, f->hash, m->keys + (size_t)top * m->kwords, ref = f->chain)) {
            out = DLX_ENOMEM;
            break;
        }
        top--;
    }
    m->top = top, m->over = over, m->entering = entering, m->value = value;
    if (z) m->ref = ref;
    return out;
}

#ifdef __wasm__
enum { SLICE_NODES = 4096 }; /* V8 runs optimized code from a function's next call (dlx_memo.c) */
#else
enum { SLICE_NODES = 0 };
#endif
/* The walk in slices until the budget (WALK_STOPPED), the end or an error:
 * a count's and a ZDD's step alike. */
static int walk_all(dlx_t *d, uint64_t stop, struct dlx_zdd *z) {
    uint64_t n = d->memo_slice ? d->memo_slice : SLICE_NODES;
    int out;
    do {
        uint64_t slice = n && d->nodes < UINT64_MAX - n ? d->nodes + n : UINT64_MAX;
        out = walk(d, stop, slice, z);
    } while (out == WALK_SLICE);
    return out;
}

/* Sets up a count at the root (the forced options taken); -1 out of
 * memory, 1 when a forced option clashes (no solution). */
static ONCE int start(dlx_t *d) {
    dlx_memo_multi_free(d);
    mm *m = d->memo_multi = calloc(1, sizeof *m);
    if (!m) return -1;
    m->np = d->n_primary, m->ns = d->n_items - d->n_primary, m->no = d->n_options;
    m->bw = d->n_options > 64 ? (d->n_options + 63) / 64 : 1;
    m->sparse = !dlx_memo_multi_dense(d);
    int64_t reach = 0; /* options a solution holds: at most the options, at most the sum of hi */
    for (int32_t i = 1; i <= m->np && reach < m->no; i++) reach += d->hi[i];
    m->frames = m->np + (int32_t)(reach < m->no ? reach : m->no) + d->n_forced + 2;
    m->fr = malloc((size_t)m->frames * sizeof *m->fr);
    if (!m->fr || build(d, m)) return -1;
    memo_cache_init(&m->cache, m->kwords, d->memo_cap ? d->memo_cap : DLX_MEMO_DEFAULT_BYTES);
    /* the forced options, taken one above the other: the root is the last */
    m->top = -1, m->entering = 1;
    uint64_t *live = m->live;
    for (int32_t f = 0; f < d->n_forced; f++) {
        int32_t o = d->forced[f];
        if (!is_live(live, o)) return 1;
        take(m, o, live, live + m->bw);
        memcpy(live, live + m->bw, (size_t)m->bw * 8);
    }
    return 0;
}

int dlx_memo_multi_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_DONE) return DLX_DONE;
    if (d->phase == PH_START) {
        int rc = start(d);
        if (rc < 0) {
            dlx_memo_multi_free(d);
            return DLX_ENOMEM;
        }
        d->phase = PH_FORWARD;
        if (rc > 0) {
            d->phase = PH_DONE;
            d->solutions = d->count_from;
            return DLX_DONE;
        }
        d->on_memo = 1; /* a budget's stop: dlx_count_resume goes on from there */
    }
    mm *m = d->memo_multi;
    int out = walk_all(d, stop, NULL);
    dlx_count_t value = m->value;
    int over = m->over;
    if (out == WALK_STOPPED) { /* the finished branches, a lower bound; the walk resumes from here */
        value = 0;
        for (int32_t l = 0; l <= m->top; l++)
            if (m->fr[l].opt < 0) over |= add(&value, m->fr[l].sum);
    }
    over |= add(&value, d->count_from);
    if (out == WALK_STOPPED && !over) {
        d->solutions = value;
        return DLX_BUDGET;
    }
    d->on_memo = 0;
    d->level = d->depth = 0;
    d->phase = PH_DONE;
    if (over) {
        d->solutions = ~(dlx_count_t)0;
        return DLX_EOVERFLOW;
    }
    d->solutions = value;
    return DLX_DONE;
}

/* ---- the ZDD ---------------------------------------------------------------------- */

int dlx_memo_multi_zdd_begin(dlx_t *d, struct dlx_zdd *z) {
    int rc = start(d);
    mm *m = d->memo_multi;
    size_t held = rc < 0 ? 0 : dlx_memo_multi_bytes(d);
    if (rc < 0 || held > z->room) {
        dlx_memo_multi_free(d);
        return DLX_ENOMEM;
    }
    z->room -= held, m->zdd = z, m->cache.room = &z->room, z->building = d;
    if (rc > 0) m->entering = 0; /* a forced option clashes: no solution (the walk ends at once) */
    d->phase = PH_FORWARD;
    return DLX_OK;
}

int dlx_memo_multi_zdd_step(dlx_t *d, struct dlx_zdd *z, uint64_t stop) {
    mm *m = d->memo_multi;
    int out = walk_all(d, stop, z);
    z->nodes = d->nodes, z->states = m->cache.used;
    if (out == WALK_STOPPED) return DLX_BUDGET;
    int over = m->over;
    uint32_t ref = m->ref;
    d->level = d->depth = 0;
    d->phase = PH_DONE;
    dlx_memo_multi_free(d); /* the tables go; the ZDD stays */
    if (out < 0) return out;
    z->root = ref;
    return over ? DLX_EOVERFLOW : DLX_OK;
}
