/* dlx_memo.c: counting by memoized search, the counting half of Knuth's
 * Algorithm Z (DLX6, after Nishino et al.'s DXZ). The solutions of what is
 * left of a problem depend only on the items still uncovered (an option
 * stays possible while all its items are), so the count of each such state
 * is kept in a cache keyed by that set, and a state met again is added in
 * one step instead of searched again. Tilings and packings meet the same
 * states very often; problems whose states never repeat gain nothing.
 *
 * The search works on its own tables, built at each start from the links as
 * they stand (forced options taken): per option its items, per item its
 * options, and the set of covered items as a bit string, which is the key
 * (with the secondary items no possible option holds: key_of). It branches
 * on the primary item with the fewest possible options (the first such), a
 * rule that depends on the state only; those are counted on bit sets of
 * the live options where they pay (bits_pay), else on the lists.
 *
 * Colors: a secondary item is free, covered, or holds a color c (an
 * option giving it another color, or none, is dead; one giving it c leaves
 * it as it is). Its bit in the covered set says "not free"; col[] holds
 * its color (0: covered without one), and the key adds a field per
 * colorable item: its color while options still hold it (DLX6's
 * signature). An option's colored items are apart from its words (cit);
 * taking one colors the free ones, which a stack keeps for the way back.
 *
 * A node is a subproblem entered: the start, and each option tried, whether
 * the cache knows its count or not; an update, a word of the covered set
 * changed by taking an option. A budget stops the count (DLX_BUDGET, the
 * solutions of the finished branches counted) before a node is entered,
 * and the next call goes on from there (d->on_memo: dlx_count_resume). The
 * cache stays within d->memo_cap bytes: it grows by doubling up to that, and
 * then a new state takes the place of an old one (a bounded probe), so a
 * tiny cap costs time, never a wrong count or a failure.
 *
 * The same search builds the ZDD of all solutions (dlx_zdd.h): each option
 * that leads to solutions adds a node to its state's chain, and the cache
 * keeps each state's chain head instead of its count. That cache never
 * replaces a state (it grows within the ZDD's room, or the build fails),
 * so each state met is one chain, as in DLX6. */
#include "dlx_internal.h"
#include "dlx_zdd.h"
#include "memo_cache.h"
#include "random.h"

#include <stdlib.h>
#include <string.h>

struct frame {
    int32_t item, k;  /* the item branched on, the index of the option tried in its list */
    int32_t opt;      /* that option, applied (-1: none yet) */
    int32_t mark;     /* colors: the stack's height before it */
    uint32_t chain;   /* building a ZDD: the chain of the options finished */
    uint64_t hash;    /* the state's hash, to store its count at the end */
    dlx_count_t sum;  /* the counts of the options finished */
};

struct dlx_memo {
    int32_t n_primary, n_items, words; /* words: of the covered set, over every item */
    int32_t *opt_at, *opt_item; /* option o's items (0-based): opt_item[opt_at[o] .. opt_at[o+1]) */
    /* the same as words of the covered set and their bits, one pair per word
     * an option touches (pieces in a box touch one or two), [word_at[o] ..) */
    int32_t *word_at, *word;
    uint64_t *bits;
    int32_t *col_at, *col_opt;  /* item i's options: col_opt[col_at[i] .. col_at[i+1]) */
    /* Colors (NULL without): option o's colored items and their colors
     * (numbered 1.. per item), [cit_at[o] .. cit_at[o+1]); per item its
     * color now (0: free or covered plainly), its field in the key (-1:
     * none); the items colored, stacked; the key's fields, `fbits` bits
     * each, `per` a word, after the covered set's words. */
    int32_t *cit_at, *cit, *cit_color, *col, *field, *colored, n_colored;
    int32_t fbits, per, kwords; /* kwords: the key's words (words without colors) */
    /* The state's key: the covered items, and (as DLX6's signature) the
     * secondary items no possible option holds, which are as good as
     * covered. Without secondary items, the covered set itself. */
    uint64_t *covered, *key;
    struct frame *fr;
    struct memo_cache cache; /* the states met and their counts (memo_cache.h) */
    struct dlx_zdd *zdd; /* building one: slots hold chain heads, never replaced */
    /* Live options as bit sets, where they pay (bits_pay): bw words a set;
     * per primary item its options (col_bits; only words col_w[2i] ..
     * col_w[2i+1] hold any), per option those it rules out (kill: itself
     * and every option sharing an item with it), per depth d the options
     * still possible (live + d * bw). bw 0: the lists alone. */
    int32_t bw, *col_w;
    uint64_t *col_bits, *kill, *live;
    /* the secondary items' columns as sets, and every item's words
     * (span[2x] .. span[2x+1]): key_of's test for a live option */
    uint64_t *sec_bits;
    int32_t *span;
    uint64_t *keys; /* the key of the state at each depth, for its store */
    /* where the walk stands between two calls (WebAssembly's slices) and
     * what it leaves: the depth, an overflow seen, the last count and chain */
    int32_t depth, over;
    uint32_t ref;
    dlx_count_t value;
};

static inline int is_set(const uint64_t *b, int32_t x) { return (int)(b[x >> 6] >> (x & 63) & 1); }

/* In the module, the walk's paths that a row takes all or not at all (the
 * lists, colors, secondary items, the ZDD) are functions of their own:
 * V8 compiles the walk with TurboFan on CPU time the user pays, about 2 ms a
 * KiB of its body, and a path never run is then never compiled. */
#ifdef __wasm__
#define APART __attribute__((noinline))
#else
#define APART inline
#endif

/* The live options at depth d (bit sets only; NULL without them). */
static inline const uint64_t *live_at(const struct dlx_memo *m, int32_t d) {
    return m->bw ? m->live + (size_t)d * m->bw : NULL;
}

static inline int possible(const struct dlx_memo *m, int32_t o) {
    for (int32_t p = m->word_at[o]; p < m->word_at[o + 1]; p++)
        if (m->covered[m->word[p]] & m->bits[p]) return 0;
    if (m->cit) /* a colored item: free, or of its color */
        for (int32_t p = m->cit_at[o]; p < m->cit_at[o + 1]; p++)
            if (is_set(m->covered, m->cit[p]) && m->col[m->cit[p]] != m->cit_color[p]) return 0;
    return 1;
}

/* Option o's colored items: the free ones get its colors, stacked. */
static APART void take_colors(struct dlx_memo *m, int32_t o) {
    for (int32_t p = m->cit_at[o]; p < m->cit_at[o + 1]; p++) {
        int32_t x = m->cit[p];
        if (is_set(m->covered, x)) continue;
        m->covered[x >> 6] |= 1ULL << (x & 63);
        m->col[x] = m->cit_color[p], m->colored[m->n_colored++] = x;
    }
}

/* Takes option o. */
static inline void take(struct dlx_memo *m, int32_t o) {
    for (int32_t p = m->word_at[o]; p < m->word_at[o + 1]; p++) m->covered[m->word[p]] ^= m->bits[p];
    if (m->cit) take_colors(m, o);
}

/* The items colored since mark made free again. */
static APART void untake_colors(struct dlx_memo *m, int32_t mark) {
    while (m->n_colored > mark) {
        int32_t x = m->colored[--m->n_colored];
        m->covered[x >> 6] &= ~(1ULL << (x & 63));
        m->col[x] = 0;
    }
}

/* Gives option o back (the items it colored: those stacked above mark). */
static inline void untake(struct dlx_memo *m, int32_t o, int32_t mark) {
    for (int32_t p = m->word_at[o]; p < m->word_at[o + 1]; p++) m->covered[m->word[p]] ^= m->bits[p];
    if (m->n_colored > mark) untake_colors(m, mark);
}

/* Keeps the current state's count; building a ZDD, its chain head (-1
 * when the table cannot grow to take it). */
static APART int store_chain(struct dlx_memo *m, uint64_t h, const uint64_t *key, uint32_t chain) {
    return memo_store_chain(&m->cache, h, key, chain);
}
static inline int store(struct dlx_memo *m, uint64_t h, const uint64_t *key, dlx_count_t v, uint32_t chain) {
    if (m->zdd) return store_chain(m, h, key, chain);
    memo_store_count(&m->cache, h, key, v);
    return 0;
}

void dlx_memo_free(dlx_t *d) {
    struct dlx_memo *m = d->memo;
    if (!m) return;
    if (m->zdd) m->zdd->building = NULL; /* a build in steps ends here */
    d->on_memo = 0;                           /* and a count stopped by its budget */
    free(m->opt_at), free(m->opt_item), free(m->col_at), free(m->col_opt);
    free(m->word_at), free(m->word), free(m->bits);
    free(m->covered), free(m->key), free(m->fr), free(m->cache.slot);
    free(m->col_w), free(m->col_bits), free(m->kill), free(m->live), free(m->sec_bits), free(m->span), free(m->keys);
    free(m->cit_at), free(m->cit), free(m->cit_color), free(m->col), free(m->field), free(m->colored);
    free(m);
    d->memo = NULL;
}

int dlx_memo_abandon(dlx_t *d) {
    if (!d->memo || !d->memo->zdd) return 0;
    dlx_memo_free(d);
    return 1;
}

size_t dlx_memo_cache_bytes(const dlx_t *d) {
    return d->memo ? memo_cache_bytes(&d->memo->cache) : 0;
}

size_t dlx_memo_bytes(const dlx_t *d) {
    const struct dlx_memo *m = d->memo;
    if (!m) return 0;
    return sizeof *m + memo_cache_bytes(&m->cache) +
           (size_t)m->opt_at[d->n_options] * (sizeof(int32_t) + sizeof(uint64_t)) +
           ((size_t)m->opt_at[d->n_options] + (size_t)m->col_at[m->n_items] + 2 * (size_t)d->n_options +
            (size_t)m->n_items + 2) * sizeof(int32_t) +
           (size_t)(2 + m->n_primary + 1) * m->kwords * sizeof(uint64_t) + (size_t)(m->n_primary + 1) * sizeof(struct frame) +
           (size_t)m->bw * ((size_t)2 * m->n_primary + 2 + (size_t)d->n_options) * sizeof(uint64_t) +
           (m->bw ? (size_t)2 * (m->n_primary + m->n_items) * sizeof(int32_t) + (size_t)m->bw * (m->n_items - m->n_primary) * sizeof(uint64_t) : 0) +
           (m->cit ? ((size_t)d->n_options + 1 + 2 * (size_t)m->cit_at[d->n_options] + 3 * (size_t)m->n_items) * sizeof(int32_t) : 0);
}

/* The choice scans, per node, the options of every uncovered primary item
 * on the lists (an indirect test of one or two words each, about the sum of
 * their columns' lengths), or bw words per item on bit sets (a popcount
 * each, in a row). Measured on the memo family (bench/memo-rows.mjs), the
 * sets won on every row: 7x on pentominoes in a box (27 words an item
 * against 141 options a column), 1.5x on dominoes of 12x12 (5 words
 * against 3.7 options), 1.8x on trominoes of 6x12. So they take any
 * problem up to 4 words an item per option of the average column, and up
 * to BITS_MAX options (the kill table is BITS_MAX^2 / 8 bytes). The
 * tests' DLX_ENGINE_LINKS keeps the lists (d->bits_off). */
enum { BITS_MAX = 8192, BITS_WORDS_PER_OPTION = 4 };
static int bits_pay(const dlx_t *d, const struct dlx_memo *m, int32_t options) {
    size_t bw = ((size_t)options + 63) / 64;
    return !d->bits_off && options <= BITS_MAX && m->n_primary &&
           bw * (size_t)m->n_primary <= BITS_WORDS_PER_OPTION * (size_t)m->col_at[m->n_primary];
}

/* The tables are built once a count: in WebAssembly each loop is a function
 * of its own (ONCE), so that V8 compiles with TurboFan, on CPU time the user
 * pays, at most the loop that runs long enough, never the whole building
 * (tests/start-wasm.test.mjs). */
#define ONCE __attribute__((noinline))

/* Each item's column as a set (sec: the secondary items'), and the words it spans. */
static ONCE void column_sets(struct dlx_memo *m, int32_t n_items, uint64_t *sec, int32_t *span) {
    int32_t np = m->n_primary, bw = m->bw;
    for (int32_t x = 0; x < n_items; x++) {
        uint64_t *c = x < np ? m->col_bits + (size_t)x * bw : sec + (size_t)(x - np) * bw;
        int32_t w0 = bw, w1 = 0;
        for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++) {
            int32_t o = m->col_opt[j];
            c[o >> 6] |= 1ULL << (o & 63);
            if (o >> 6 < w0) w0 = o >> 6;
            if ((o >> 6) + 1 > w1) w1 = (o >> 6) + 1;
        }
        span[2 * x] = w0 < w1 ? w0 : 0, span[2 * x + 1] = w0 < w1 ? w1 : 0;
    }
}

/* Each option's kill set: the union of its items' columns (a colored item:
 * the options giving it another color or none); the live set of the start. */
static ONCE void kill_sets(struct dlx_memo *m, int32_t no, const uint64_t *sec, const int32_t *span,
                           const int32_t *opt_color, const int32_t *col_color) {
    int32_t np = m->n_primary, bw = m->bw;
    for (int32_t o = 0; o < no; o++) {
        uint64_t *k = m->kill + (size_t)o * bw;
        if (m->opt_at[o] < m->opt_at[o + 1]) m->live[o >> 6] |= 1ULL << (o & 63); /* live at the start */
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
            int32_t x = m->opt_item[p];
            if (opt_color && opt_color[p]) {
                for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++)
                    if (col_color[j] != opt_color[p]) k[m->col_opt[j] >> 6] |= 1ULL << (m->col_opt[j] & 63);
                continue;
            }
            const uint64_t *c = x < np ? m->col_bits + (size_t)x * bw : sec + (size_t)(x - np) * bw;
            for (int32_t w = span[2 * x]; w < span[2 * x + 1]; w++) k[w] |= c[w];
        }
    }
}

/* The bit sets from the lists (the options ruled out by each one through
 * every item, secondary ones too); -1 out of memory. An option's kill set
 * is the union of its items' columns as sets, word by word over the words
 * each column spans. In WebAssembly this runs once a count, in baseline
 * code: a bit set per option of each column took 10 ms of a first count
 * on pentominoes-4x15 (1,696 options by 27 words), the words 5.7 ms.
 * Colors (opt_color, col_color: the color of each place of opt_item and
 * col_opt, 0 none; NULL without): an option giving an item color c rules
 * out the options of that item giving it another color or none. */
static int build_bits(struct dlx_memo *m, int32_t n_items, int32_t no, const int32_t *opt_color, const int32_t *col_color) {
    int32_t np = m->n_primary, bw = (no + 63) / 64;
    m->col_w = malloc((size_t)2 * np * sizeof(int32_t));
    m->col_bits = calloc((size_t)np * bw, sizeof(uint64_t));
    m->kill = calloc((size_t)no * bw, sizeof(uint64_t));
    m->live = calloc(((size_t)np + 2) * bw, sizeof(uint64_t));
    /* the secondary items' columns as sets (the primary ones' are col_bits), every item's words */
    uint64_t *sec = m->sec_bits = calloc((size_t)(n_items - np) * bw + 1, sizeof(uint64_t));
    int32_t *span = m->span = malloc((size_t)2 * n_items * sizeof(int32_t) + 1);
    if (!m->col_w || !m->col_bits || !m->kill || !m->live || !sec || !span) return -1;
    m->bw = bw;
    column_sets(m, n_items, sec, span);
    memcpy(m->col_w, span, (size_t)2 * np * sizeof(int32_t));
    kill_sets(m, no, sec, span, opt_color, col_color);
    return 0;
}

/* The color of the option's node p on the links as they stand (a node a
 * forced option's purify saw says -1: the item's header has it). */
static inline int32_t color_at(const dlx_t *d, int32_t p) {
    int32_t c = d->node[p].color;
    return c < 0 ? d->item[d->node[p].top].color : c;
}

/* Colors: each item's colors numbered 1.. in the order its column meets
 * them (col_color: in as given, out as numbers; opt_color the same, through
 * at_col: each place's place in its item's column), the options' colored
 * items, the key's fields, and the items forced options settled on a color. */
static ONCE int build_colors(const dlx_t *d, struct dlx_memo *m, int32_t *opt_color, int32_t *col_color, const int32_t *at_col) {
    int32_t n = m->n_items, no = d->n_options, total = m->opt_at[no], nf = 0, kmax = 0;
    int32_t *seen = malloc(((size_t)total + 1) * sizeof(int32_t)); /* an item's colors so far */
    m->col = calloc((size_t)n + 1, sizeof(int32_t));
    m->field = malloc(((size_t)n + 1) * sizeof(int32_t));
    m->colored = malloc(((size_t)n + 1) * sizeof(int32_t));
    m->cit_at = malloc(((size_t)no + 1) * sizeof(int32_t));
    m->cit = malloc(((size_t)total + 1) * sizeof(int32_t));
    m->cit_color = malloc(((size_t)total + 1) * sizeof(int32_t));
    if (!seen || !m->col || !m->field || !m->colored || !m->cit_at || !m->cit || !m->cit_color) {
        free(seen);
        return -1;
    }
    for (int32_t x = 0; x < n; x++) {
        int32_t k = 0, settled = d->item[x + 1].color, v;
        for (int32_t j = m->col_at[x]; j < m->col_at[x + 1]; j++) {
            if (!col_color[j]) continue;
            for (v = 0; v < k && seen[v] != col_color[j]; v++) {}
            if (v == k) seen[k++] = col_color[j];
            col_color[j] = v + 1;
        }
        if (x >= m->n_primary && settled > 0 && d->len[x + 1] < COVERED) { /* settled by a forced option: not free */
            for (v = 0; v < k && seen[v] != settled; v++) {}
            m->covered[x >> 6] |= 1ULL << (x & 63);
            m->col[x] = v < k ? v + 1 : 0;
        }
        m->field[x] = k ? nf++ : -1;
        if (k > kmax) kmax = k;
    }
    free(seen);
    int32_t c = 0;
    for (int32_t o = 0; o < no; o++) {
        m->cit_at[o] = c;
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++)
            if (opt_color[p]) m->cit[c] = m->opt_item[p], m->cit_color[c++] = opt_color[p] = col_color[at_col[p]];
    }
    m->cit_at[no] = c;
    for (m->fbits = 1; m->fbits < 32 && (1LL << m->fbits) <= kmax; m->fbits++) {}
    m->per = 64 / m->fbits;
    m->kwords = m->words + (nf + m->per - 1) / m->per;
    return 0;
}

/* The items of every option. */
static ONCE size_t entries(const dlx_t *d) { return dlx_entry_count(d); }

/* Each option's items (none for an option that clashes with a forced one),
 * their colors (opt_color, if any), and each item's count in col_at. */
static ONCE void list_options(const dlx_t *d, struct dlx_memo *m, int32_t *opt_color) {
    const dlx_node *nd = d->node;
    int32_t at = 0, no = d->n_options;
    for (int32_t o = 0; o < no; o++) {
        m->opt_at[o] = at;
        int ok = 1;
        for (int32_t p = d->opt_start[o]; nd[p].top > 0; p++) {
            int32_t x = nd[p].top, settled = d->item[x].color;
            ok &= d->len[x] < COVERED && (!d->has_colors || settled <= 0 || color_at(d, p) == settled);
        }
        for (int32_t p = d->opt_start[o]; ok && nd[p].top > 0; p++) {
            int32_t x = nd[p].top - 1;
            if (opt_color) opt_color[at] = color_at(d, p);
            m->opt_item[at++] = x;
            m->col_at[x + 1]++;
        }
    }
    m->opt_at[no] = at;
}

/* Each option's plain items as words of the covered set: the word's index and its bits. */
static ONCE void option_words(struct dlx_memo *m, int32_t no, const int32_t *opt_color) {
    int32_t w = 0;
    for (int32_t o = 0; o < no; o++) {
        m->word_at[o] = w;
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
            int32_t x = m->opt_item[p], q = m->word_at[o];
            if (opt_color && opt_color[p]) continue;
            while (q < w && m->word[q] != x >> 6) q++;
            if (q == w) m->word[w] = x >> 6, m->bits[w++] = 0;
            m->bits[q] |= 1ULL << (x & 63);
        }
    }
    m->word_at[no] = w;
}

/* Each item's options (col_at from the counts to starts, col_opt), their
 * colors (col_color, at_col: each place's place in its item's column, if
 * any); -1 out of memory. */
static ONCE int item_columns(struct dlx_memo *m, int32_t n, int32_t no, const int32_t *opt_color, int32_t *col_color,
                             int32_t *at_col) {
    for (int32_t i = 0; i < n; i++) m->col_at[i + 1] += m->col_at[i];
    int32_t *fill = malloc(((size_t)n + 1) * sizeof *fill); /* each item's next free place */
    if (!fill) return -1;
    memcpy(fill, m->col_at, ((size_t)n + 1) * sizeof *fill);
    for (int32_t o = 0; o < no; o++)
        for (int32_t p = m->opt_at[o]; p < m->opt_at[o + 1]; p++) {
            int32_t j = fill[m->opt_item[p]]++;
            m->col_opt[j] = o;
            if (col_color) col_color[j] = opt_color[p], at_col[p] = j;
        }
    free(fill);
    return 0;
}

/* The tables from the links as they stand: an option that clashes with a
 * forced one (an item covered, or settled on another color) gets no items
 * and sits in no list. Not inlined: in start() it was copied into both
 * dlx_memo_search and dlx_memo_zdd_begin (1.4 KiB), and V8 compiled
 * dlx_memo_search, run once a count, with TurboFan for its loops here. */
static ONCE int build(dlx_t *d) {
    dlx_memo_free(d);
    struct dlx_memo *m = calloc(1, sizeof *m);
    if (!m) return DLX_ENOMEM;
    d->memo = m;
    int32_t n = d->n_items, np = d->n_primary, no = d->n_options;
    m->n_primary = np, m->n_items = n, m->words = n > 64 ? (n + 63) / 64 : 1;
    m->kwords = m->words;
    size_t total = entries(d);
    m->opt_at = malloc(((size_t)no + 1) * sizeof(int32_t));
    m->opt_item = malloc((total + 1) * sizeof(int32_t));
    m->col_at = calloc((size_t)n + 1, sizeof(int32_t));
    m->col_opt = malloc((total + 1) * sizeof(int32_t));
    m->covered = calloc((size_t)m->words, sizeof(uint64_t));
    m->fr = malloc(((size_t)np + 1) * sizeof(struct frame));
    m->word_at = malloc(((size_t)no + 1) * sizeof(int32_t));
    m->word = malloc((total + 1) * sizeof(int32_t));
    m->bits = malloc((total + 1) * sizeof(uint64_t));
    /* colors: those of opt_item's and col_opt's places (built and read here only) */
    int32_t *opt_color = d->has_colors ? malloc((total + 1) * sizeof(int32_t)) : NULL;
    int32_t *col_color = d->has_colors ? malloc((total + 1) * sizeof(int32_t)) : NULL;
    int32_t *at_col = d->has_colors ? malloc((total + 1) * sizeof(int32_t)) : NULL;
    int rc = DLX_ENOMEM;
    if (!m->opt_at || !m->opt_item || !m->col_at || !m->col_opt || !m->covered || !m->fr || !m->word_at || !m->word ||
        !m->bits || (d->has_colors && (!opt_color || !col_color || !at_col)))
        goto out;
    list_options(d, m, opt_color);
    option_words(m, no, opt_color);
    if (item_columns(m, n, no, opt_color, col_color, at_col)) goto out;
    for (int32_t x = 0; x < n; x++)
        if (d->len[x + 1] >= COVERED) m->covered[x >> 6] |= 1ULL << (x & 63);
    if (d->has_colors && build_colors(d, m, opt_color, col_color, at_col)) goto out;
    m->key = calloc((size_t)m->kwords, sizeof(uint64_t));
    m->keys = malloc(((size_t)np + 1) * m->kwords * sizeof(uint64_t));
    if (!m->key || !m->keys || (bits_pay(d, m, no) && build_bits(m, n, no, opt_color, col_color))) goto out;
    /* a handle never given dlx_set_memo has 0: the default cap, as 0 there means */
    memo_cache_init(&m->cache, m->kwords, d->memo_cap ? d->memo_cap : DLX_MEMO_DEFAULT_BYTES);
    rc = DLX_OK;
out:
    free(opt_color), free(col_color), free(at_col);
    return rc;
}

/* The primary item to branch on: fewest possible options, the first of
 * them; -1 when every primary item is covered. *left gets its count.
 * live: the state's live options (bit sets only). On the sets the scan
 * visits only the uncovered items, by their bits (1.11x natively, 1.1x in
 * WebAssembly on the memo rows, against a test of every item's bit). */
static APART int32_t choose_listed(const struct dlx_memo *m, int32_t *left) {
    int32_t best = -1, fewest = INT32_MAX;
    for (int32_t i = 0; i < m->n_primary && fewest > 0; i++) {
        if (is_set(m->covered, i)) continue;
        int32_t c = 0;
        for (int32_t j = m->col_at[i]; j < m->col_at[i + 1] && c < fewest; j++) c += possible(m, m->col_opt[j]);
        if (c < fewest) best = i, fewest = c;
    }
    *left = fewest;
    return best;
}
static int32_t choose(const struct dlx_memo *m, const uint64_t *live, int32_t *left) {
    int32_t best = -1, fewest = INT32_MAX;
    if (m->bw) { /* the uncovered primary items by their bits, a word of them at a time */
        for (int32_t x = 0; x < m->n_primary && fewest > 0; x += 64) {
            uint64_t open = ~m->covered[x >> 6];
            if (m->n_primary - x < 64) open &= (1ULL << (m->n_primary - x)) - 1;
            for (; open && fewest > 0; open &= open - 1) {
                int32_t i = x + __builtin_ctzll(open), n = 0;
                const uint64_t *c = m->col_bits + (size_t)i * m->bw;
                for (int32_t w = m->col_w[2 * i]; w < m->col_w[2 * i + 1] && n < fewest; w++)
                    n += __builtin_popcountll(c[w] & live[w]);
                if (n < fewest) best = i, fewest = n;
            }
        }
        *left = fewest;
        return best;
    }
    return choose_listed(m, left);
}

/* The state's key (live: its live options, bit sets only). A secondary
 * item no possible option holds is as good as covered, whatever its color. */
static APART const uint64_t *key_secondary(struct dlx_memo *m, const uint64_t *live) {
    memcpy(m->key, m->covered, (size_t)m->words * sizeof(uint64_t));
    if (m->kwords > m->words) memset(m->key + m->words, 0, (size_t)(m->kwords - m->words) * sizeof(uint64_t));
    for (int32_t x = m->n_primary; x < m->n_items; x++) {
        int on = is_set(m->covered, x);
        if (on && !(m->col && m->col[x])) continue; /* covered */
        int alive = 0;
        if (m->bw) { /* its column's words against the live options */
            const uint64_t *c = m->sec_bits + (size_t)(x - m->n_primary) * m->bw;
            for (int32_t w = m->span[2 * x]; w < m->span[2 * x + 1] && !alive; w++) alive = (c[w] & live[w]) != 0;
        } else {
            for (int32_t j = m->col_at[x]; j < m->col_at[x + 1] && !alive; j++) alive = possible(m, m->col_opt[j]);
        }
        if (!alive) m->key[x >> 6] |= 1ULL << (x & 63); /* no option left: as if covered */
        else if (on) { /* its color, in its field */
            int32_t f = m->field[x];
            m->key[m->words + f / m->per] |= (uint64_t)m->col[x] << (f % m->per * m->fbits);
        }
    }
    return m->key;
}
static inline const uint64_t *key_of(struct dlx_memo *m, const uint64_t *live) {
    return m->n_items == m->n_primary ? m->covered : key_secondary(m, live);
}

/* The frame's next possible option on the lists (past its item's column: none). */
static APART void next_listed(const struct dlx_memo *m, struct frame *f) {
    while (++f->k < m->col_at[f->item + 1] && !possible(m, m->col_opt[f->k])) {}
}

/* Building a ZDD: a node for option opt on top of the chain (0: no memory). */
static APART uint32_t chain_add(struct dlx_zdd *z, int32_t opt, uint32_t chain, uint32_t ref) {
    return dlx_zdd_add(z, opt, chain, ref);
}

/* Adds v to *sum; 1 when the sum passes 2^128 - 1 (it stays at that). */
static int add(dlx_count_t *sum, dlx_count_t v) {
    dlx_count_t s = *sum + v;
    if (s < v) {
        *sum = ~(dlx_count_t)0;
        return 1;
    }
    *sum = s;
    return 0;
}

/* The walk from where the last one ended (m->depth, m->over; a state is
 * entered first) until every option is done, a slice's end (nodes reach
 * slice: WALK_SLICE, before a node is entered, where the next walk
 * resumes; a budget ends a slice too) or an error. */
enum { WALK_END = 0, WALK_SLICE = 2 };
#ifdef __wasm__ /* one walk for both: the module's size (a second copy at -O2 is 4 KiB) */
#define WALK_INLINE __attribute__((noinline))
#else
#define WALK_INLINE inline __attribute__((always_inline))
#endif
static WALK_INLINE int walk(dlx_t *d, uint64_t slice, struct dlx_zdd *z) {
    struct dlx_memo *m = d->memo;
    struct frame *fr = m->fr;
    int32_t depth = m->depth, over = m->over, out = WALK_END;
    dlx_count_t value = 0; /* the count of the subproblem just finished */
    uint32_t ref = 0;      /* building a ZDD: its chain head (0: no solution, 1: the empty one) */
    /* enter: the current state; leaves its count in value, or pushes a frame */
    for (int entering = 1;;) {
        if (entering) {
            if (d->nodes >= slice) {
                out = WALK_SLICE;
                break;
            }
            entering = 0;
            d->nodes++;
            int32_t left, i = choose(m, live_at(m, depth), &left);
            const uint64_t *hit = NULL, *key;
            uint64_t h = 0;
            if (i < 0) value = 1, ref = 1;
            else if (left == 0) value = 0, ref = 0;
            else if ((key = key_of(m, live_at(m, depth))), (h = memo_hash(key, m->kwords)),
                     (hit = memo_lookup(&m->cache, h, key))) {
                if (z) ref = (uint32_t)hit[0], value = z->count[ref];
                else value = (dlx_count_t)hit[1] << 64 | hit[0];
            } else {
                if (left > 1) d->guesses++;
                memcpy(m->keys + (size_t)depth * m->kwords, key, (size_t)m->kwords * sizeof(uint64_t));
                fr[depth++] = (struct frame){ .item = i, .k = m->col_at[i] - 1, .opt = -1, .hash = h, .sum = 0, .chain = 0 };
                if (depth > d->max_level) d->max_level = depth;
            }
        }
        if (!depth) break;
        struct frame *f = &fr[depth - 1];
        if (f->opt >= 0) { /* back from an option: add its count, take it back */
            if (add(&f->sum, value)) { /* past 2^128 - 1: no state's count could be stored
                                          (memo_cache.h), and the rest would be searched again and again */
                over = 1;
                if (!z) break;
            }
            if (z && ref && !(f->chain = chain_add(z, f->opt, f->chain, ref))) {
                out = DLX_ENOMEM;
                break;
            }
            untake(m, f->opt, f->mark);
            f->opt = -1;
        }
        if (m->bw) { /* the state's live options: a bit each */
            const uint64_t *live = live_at(m, depth - 1);
            while (++f->k < m->col_at[f->item + 1] && !is_set(live, m->col_opt[f->k])) {}
        } else {
            next_listed(m, f);
        }
        if (f->k < m->col_at[f->item + 1]) {
            f->opt = m->col_opt[f->k];
            f->mark = m->n_colored;
            take(m, f->opt);
            if (m->bw) { /* the next state's live options: those the option leaves */
                const uint64_t *a = m->live + (size_t)(depth - 1) * m->bw, *k = m->kill + (size_t)f->opt * m->bw;
                uint64_t *b = m->live + (size_t)depth * m->bw;
                for (int32_t w = 0; w < m->bw; w++) b[w] = a[w] & ~k[w];
            }
            d->updates += (uint64_t)(m->word_at[f->opt + 1] - m->word_at[f->opt]) + (uint64_t)(m->n_colored - f->mark);
            entering = 1;
            continue;
        }
        value = f->sum, ref = f->chain; /* every option done */
        if (store(m, f->hash, m->keys + (size_t)(depth - 1) * m->kwords, value, ref)) {
            out = DLX_ENOMEM;
            break;
        }
        depth--;
    }
    m->depth = depth, m->over = over, m->value = value, m->ref = ref;
    return out;
}

/* In WebAssembly the walk returns every SLICE_NODES nodes and is called
 * again: V8 starts a function in baseline code and runs its optimized code
 * only from its next call (no on-stack replacement), so a count in one
 * call stayed in baseline code all along, 1.4x slower on domino tilings of
 * 12x12 (search_choice.c slices the other searches the same way). Natively
 * one call (0); d->memo_slice for the tests. A function per job, so that
 * each is compiled alone. */
#ifdef __wasm__
enum { SLICE_NODES = 4096 };
#else
enum { SLICE_NODES = 0 };
#endif
static __attribute__((noinline)) int walk_count(dlx_t *d, uint64_t slice) { return walk(d, slice, NULL); }
static __attribute__((noinline)) int walk_zdd(dlx_t *d, uint64_t slice, struct dlx_zdd *z) { return walk(d, slice, z); }
/* Until the node counter reaches stop (WALK_SLICE: the walk resumes there,
 * a count's budget or a ZDD's step) or the end. */
static int walk_all(dlx_t *d, uint64_t stop, struct dlx_zdd *z) {
    uint64_t n = d->memo_slice ? d->memo_slice : SLICE_NODES;
    int out;
    do {
        uint64_t slice = n && d->nodes < UINT64_MAX - n ? d->nodes + n : UINT64_MAX;
        if (slice > stop) slice = stop;
        out = z ? walk_zdd(d, slice, z) : walk_count(d, slice);
    } while (out == WALK_SLICE && d->nodes < stop);
    return out;
}

/* The search's start: its tables (building a ZDD, out of its room). */
static int start(dlx_t *d, struct dlx_zdd *z) {
    int rc = build(d);
    if (!rc && z) { /* the tables come out of the ZDD's room */
        size_t held = dlx_memo_bytes(d);
        if (held > z->room) rc = DLX_ENOMEM;
        else z->room -= held, d->memo->zdd = z, d->memo->cache.room = &z->room;
    }
    if (rc < 0) {
        dlx_memo_free(d);
        return rc;
    }
    d->phase = PH_FORWARD;
    d->on_bits = d->on_cells = 0;
    return DLX_OK;
}

/* A count from the start, or (d->on_memo) from where its budget stopped it. */
int dlx_memo_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_DONE) return DLX_DONE;
    if (!d->on_memo) {
        int rc = start(d, NULL);
        if (rc < 0) return rc;
        d->on_memo = 1;
    }
    struct dlx_memo *m = d->memo;
    int out = walk_all(d, stop, NULL);
    int32_t depth = m->depth, over = m->over;
    dlx_count_t value = m->value;
    if (out == WALK_SLICE) { /* the finished branches, a lower bound; the walk resumes from here */
        value = 0;
        for (int32_t l = 0; l < depth; l++) over |= add(&value, m->fr[l].sum);
    }
    over |= add(&value, d->count_from);
    if (out != WALK_SLICE || over) d->on_memo = 0, d->phase = PH_DONE;
    if (over) {
        d->solutions = ~(dlx_count_t)0;
        return DLX_EOVERFLOW;
    }
    d->solutions = value;
    return out == WALK_SLICE ? DLX_BUDGET : DLX_DONE;
}

int dlx_memo_zdd_begin(dlx_t *d, struct dlx_zdd *z) {
    int rc = start(d, z);
    if (!rc) z->building = d;
    return rc;
}

int dlx_memo_zdd_step(dlx_t *d, struct dlx_zdd *z, uint64_t stop) {
    struct dlx_memo *m = d->memo;
    int out = walk_all(d, stop, z);
    z->nodes = d->nodes, z->states = m->cache.used;
    if (out == WALK_SLICE) return DLX_BUDGET;
    int over = m->over;
    uint32_t ref = m->ref;
    d->level = d->depth = 0;
    d->phase = PH_DONE;
    dlx_memo_free(d); /* the tables go; the ZDD stays */
    if (out < 0) return out;
    z->root = ref;
    return over ? DLX_EOVERFLOW : DLX_OK;
}
