/* test_memo.c: counting by memoized search (dlx_memo.c, dlx_set_memo).
 * Counts equal the linked search's on random problems (primary and
 * secondary items, forced options, caps from none to plenty); domino
 * tilings equal a transfer-matrix count computed here, past 2^64 and up to
 * the overflow past 2^128; a tiny cache stays within its cap and still
 * counts right; budgets stop; a walk in slices counts as one call, and
 * so does a count stopped by its budget again and again and resumed;
 * solution listings go on as before (colors: test_memo_colors.c).
 * Both choices: on bit sets of live options, and on the lists (the tests'
 * DLX_ENGINE_LINKS), on random problems and domino boards. */
#include <stdlib.h>
#include <string.h>

#include "memo_problems.h"
#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static uint32_t draw(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* Domino tilings of a rows x cols board, cells numbered row by row. */

/* The same count by a transfer matrix (rows <= 10), cell by cell down each
 * column: at cell (r, c), bit q of the profile says cell q of column c + 1
 * (q < r) or of column c (q >= r) is taken already. Saturates at
 * 2^128 - 1 (*over set). */
static u128 tilings(int rows, int cols, int *over) {
    static u128 a[1 << 10], b[1 << 10];
    int full = 1 << rows;
    memset(a, 0, sizeof a);
    a[0] = 1;
    *over = 0;
    for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows; r++) {
            memset(b, 0, sizeof b);
            for (int s = 0; s < full; s++) {
                if (!a[s]) continue;
                int bit = 1 << r;
                u128 v = a[s];
                int to[2], n = 0;
                if (s & bit) to[n++] = s & ~bit; /* taken already */
                else {
                    if (c + 1 < cols) to[n++] = s | bit; /* across: takes cell r of column c + 1 */
                    if (r + 1 < rows && !(s & bit << 1)) to[n++] = s | bit << 1; /* down: takes cell r + 1 */
                }
                for (int k = 0; k < n; k++) {
                    int t = to[k];
                    u128 sum = b[t] + v;
                    if (sum < v) *over = 1, sum = ~(u128)0;
                    b[t] = sum;
                }
            }
            memcpy(a, b, sizeof a);
        }
    return a[0];
}

static void test_dominoes(void) {
    for (int rows = 1; rows <= 8; rows++)
        for (int cols = 1; cols <= 8; cols++) {
            check_context("dominoes %dx%d", rows, cols);
            int over;
            u128 want = tilings(rows, cols, &over);
            dlx_t *d = dominoes(rows, cols);
            CHECK_EQ(dlx_set_memo(d, DLX_MEMO_ON, 0), DLX_OK);
            dlx_wide_t w;
            CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
            CHECK(value(w) == want);
            dlx_set_engine(d, DLX_ENGINE_LINKS); /* the lists */
            CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
            CHECK(value(w) == want);
            dlx_set_engine(d, DLX_ENGINE_AUTO);
            if (rows * cols <= 20) { /* the linked search agrees */
                dlx_set_memo(d, DLX_MEMO_OFF, 0);
                dlx_set_engine(d, DLX_ENGINE_LINKS);
                CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
                CHECK(value(w) == want);
            }
            dlx_free(d);
        }
    check_context("dominoes 8x8");
    dlx_t *d = dominoes(8, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    uint64_t c = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 12988816);
    dlx_stats_t st;
    dlx_stats(d, &st);
    CHECK(st.nodes > 0 && st.nodes < 10000); /* a search enters 37 million */
    CHECK_EQ(st.solutions, 12988816);
    dlx_free(d);
    /* A handle never given dlx_set_memo: DLX_MEMO_AUTO with the default
     * cache, so its rule counts the tilings by memo too (a cap of 0 once
     * left it no cache, and the rule fell back to the search). */
    check_context("dominoes 8x8, the default memo");
    d = dominoes(8, 8);
    c = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 12988816);
    dlx_stats(d, &st);
    CHECK(st.nodes < 100000);
    dlx_free(d);
}

/* Past 2^64 (dlx_count refuses, dlx_count_wide has it), and past 2^128. */
static void test_big(void) {
    check_context("dominoes 8x24");
    int over;
    u128 want = tilings(8, 24, &over);
    CHECK(want >> 64 != 0 && !over);
    dlx_t *d = dominoes(24, 8); /* rows of 8: its states are frontiers of 8 cells */
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_wide_t w;
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    uint64_t c = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_EOVERFLOW);
    CHECK(c == UINT64_MAX);
    dlx_free(d);

    check_context("dominoes 8x44: past 2^128");
    tilings(8, 44, &over);
    CHECK(over);
    d = dominoes(44, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_EOVERFLOW);
    CHECK(w.lo == UINT64_MAX && w.hi == UINT64_MAX);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_EOVERFLOW);
    CHECK(c == UINT64_MAX);
    dlx_free(d);

    check_context("count from near 2^128");
    d = dominoes(4, 4);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_debug_count_from(d, (dlx_wide_t){ .lo = UINT64_MAX - 36, .hi = UINT64_MAX });
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE); /* 36 solutions: 2^128 - 1 exactly */
    CHECK(w.lo == UINT64_MAX && w.hi == UINT64_MAX);
    dlx_debug_count_from(d, (dlx_wide_t){ .lo = UINT64_MAX - 35, .hi = UINT64_MAX });
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_EOVERFLOW);
    dlx_free(d);
}

/* Random problems: P primary, S secondary items, options of 1..4 items with
 * at least one primary; some forced. Memoized (with a cap of none, a few
 * slots, plenty) against the linked search. */
static void test_random(void) {
    const uint64_t caps[] = { 1, 600, 5000, 0 };
    for (int t = 0; t < 3000; t++) {
        int32_t np = 1 + (int32_t)draw(9), ns = (int32_t)draw(5), no = (int32_t)draw(24);
        check_context("random %d: %d primary, %d secondary, %d options", t, np, ns, no);
        dlx_t *a = dlx_new(np, ns), *b = dlx_new(np, ns);
        for (int32_t o = 0; o < no; o++) {
            int32_t it[4], k = random_option(draw, np, ns, it);
            CHECK(dlx_add_option(a, it, NULL, k) >= 0);
            dlx_add_option(b, it, NULL, k);
        }
        if (no && draw(3) == 0) {
            int32_t o = (int32_t)draw((uint32_t)no);
            CHECK_EQ(dlx_force(a, o), dlx_force(b, o));
        }
        dlx_set_engine(b, DLX_ENGINE_LINKS);
        dlx_set_memo(b, DLX_MEMO_OFF, 0);
        dlx_set_memo(a, DLX_MEMO_ON, caps[t % 4]);
        if (t % 3 == 0) dlx_set_engine(a, DLX_ENGINE_LINKS); /* the lists, not the bit sets */
        dlx_wide_t wa, wb;
        CHECK_EQ(dlx_count_wide(a, 0, 0, &wa), DLX_DONE);
        CHECK_EQ(dlx_count_wide(b, 0, 0, &wb), DLX_DONE);
        CHECK(value(wa) == value(wb));
        CHECK(dlx_memo_cache_bytes(a) <= (caps[t % 4] ? caps[t % 4] : DLX_MEMO_DEFAULT_BYTES));
        dlx_free(a);
        dlx_free(b);
    }
}

/* Random problems of 65 to 200 options: the bit sets span several words
 * (an item's options in some of them only). The two choices agree, and
 * agree with the linked search where it ends within 100,000 nodes. */
static void test_wide(void) {
    int searched = 0;
    for (int t = 0; t < 150; t++) {
        int32_t np = 12 + (int32_t)draw(9), ns = (int32_t)draw(6), no = 65 + (int32_t)draw(136);
        check_context("wide %d: %d primary, %d secondary, %d options", t, np, ns, no);
        dlx_t *a = dlx_new(np, ns), *b = dlx_new(np, ns);
        for (int32_t o = 0; o < no; o++) {
            /* options of one region of the items: each column's options in a few words */
            int32_t it[5], n = 2 + (int32_t)draw(4), k = 0, base = (int32_t)draw((uint32_t)np);
            it[k++] = base;
            while (k < n) {
                int32_t x = draw(4) ? (base + 1 + (int32_t)draw(4)) % np : np + (ns ? (int32_t)draw((uint32_t)ns) : 0), dup = 0;
                if (x >= np + ns) break;
                for (int j = 0; j < k; j++) dup |= it[j] == x;
                if (dup) break;
                it[k++] = x;
            }
            dlx_add_option(a, it, NULL, k);
            dlx_add_option(b, it, NULL, k);
        }
        dlx_wide_t w[2], wb;
        for (int lists = 0; lists < 2; lists++) {
            dlx_set_memo(a, DLX_MEMO_ON, 0);
            dlx_set_engine(a, lists ? DLX_ENGINE_LINKS : DLX_ENGINE_AUTO);
            CHECK_EQ(dlx_count_wide(a, 0, 0, &w[lists]), DLX_DONE);
        }
        CHECK(value(w[0]) == value(w[1]));
        dlx_set_engine(b, DLX_ENGINE_LINKS);
        dlx_set_memo(b, DLX_MEMO_OFF, 0);
        if (dlx_count_wide(b, 0, 100000, &wb) == DLX_DONE) { /* else too long a search for a test */
            searched++;
            CHECK(value(w[0]) == value(wb));
        }
        dlx_free(a);
        dlx_free(b);
    }
    check_context("wide: the linked search ended often enough");
    CHECK(searched >= 50);
}

/* A cache of a few slots: within its cap, replacing states, still right. */
static void test_cap(void) {
    int over;
    u128 want = tilings(6, 8, &over);
    dlx_wide_t w;
    dlx_stats_t st;
    check_context("6x8, plenty of cache");
    dlx_t *d = dominoes(6, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    dlx_stats(d, &st);
    uint64_t roomy = st.nodes;
    const uint64_t cap = 4096;
    check_context("6x8, a cache of %llu bytes", (unsigned long long)cap);
    dlx_set_memo(d, DLX_MEMO_ON, cap);
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    dlx_stats(d, &st);
    CHECK(st.nodes > roomy); /* states were replaced and met again */
    CHECK(dlx_memo_cache_bytes(d) > 0 && dlx_memo_cache_bytes(d) <= cap);
    check_context("6x8, no room for a cache");
    dlx_set_memo(d, DLX_MEMO_ON, 100);
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    CHECK_EQ(dlx_memo_cache_bytes(d), 0);
    dlx_free(d);
}

/* A budget stops the count with a lower bound; the next count is whole. */
static void test_budget(void) {
    check_context("budget");
    int over;
    u128 want = tilings(8, 8, &over);
    dlx_t *d = dominoes(8, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_wide_t w;
    dlx_stats_t st;
    for (uint64_t budget = 1; budget < 2000; budget += 97) { /* the whole count takes 2,320 */
        CHECK_EQ(dlx_count_wide(d, 0, budget, &w), DLX_BUDGET);
        dlx_stats(d, &st);
        CHECK(st.nodes <= budget);
        CHECK(value(w) < want);
        CHECK_EQ(dlx_search(d, 0), DLX_DONE); /* a search ends a memoized count stopped by its budget */
        CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_EARG);
    }
    check_context("budget: resumed");
    CHECK_EQ(dlx_count_wide(d, 0, 1000, &w), DLX_BUDGET);
    CHECK_EQ(dlx_count_resume(d, 1000, &w), DLX_BUDGET);
    dlx_stats(d, &st);
    CHECK_EQ(st.nodes, 2000);
    CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_EARG); /* done: nothing to resume */
    CHECK_EQ(dlx_count_wide(d, 0, 10, &w), DLX_BUDGET);
    dlx_restart(d);
    CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_EARG); /* a restart ends it */
    CHECK_EQ(dlx_count_resume(d, 0, NULL), DLX_EARG);
    CHECK_EQ(dlx_count_resume(NULL, 0, &w), DLX_EARG);
    check_context("budget: a lower bound past 2^128 - 1 ends the count");
    dlx_debug_count_from(d, (dlx_wide_t){ UINT64_MAX - 5, UINT64_MAX });
    CHECK_EQ(dlx_count_wide(d, 0, 1000, &w), DLX_EOVERFLOW);
    CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_EARG);
    dlx_debug_count_from(d, (dlx_wide_t){ 0, 0 });
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    CHECK(value(w) == want);
    dlx_free(d);
}

/* One count with the walk in slices of `slice` nodes (0: its default; in
 * WebAssembly 4096, natively one call). */
struct sliced {
    int rc;
    dlx_wide_t w;
    dlx_stats_t st;
};
static struct sliced count_sliced(dlx_t *d, uint64_t slice, uint64_t budget) {
    struct sliced r;
    d->memo_slice = slice;
    r.rc = dlx_count_wide(d, 0, budget, &r.w);
    dlx_stats(d, &r.st);
    return r;
}

/* One count stopped every `step` nodes by its budget and resumed
 * (dlx_count_resume) until it ends: its lower bounds never fall. */
static struct sliced count_resumed(dlx_t *d, uint64_t step) {
    struct sliced r;
    d->memo_slice = 0;
    u128 was = 0;
    for (r.rc = dlx_count_wide(d, 0, step, &r.w); r.rc == DLX_BUDGET; r.rc = dlx_count_resume(d, step, &r.w)) {
        CHECK(value(r.w) >= was);
        was = value(r.w);
    }
    dlx_stats(d, &r.st);
    return r;
}

static void check_slices(dlx_t *d, uint64_t budget) {
    static const uint64_t slices[] = { 1, 2, 5, 64 };
    struct sliced one = count_sliced(d, 0, budget);
    for (size_t k = 0; k < 2 * sizeof slices / sizeof *slices; k++) {
        int resumed = k >= sizeof slices / sizeof *slices; /* in budgets of as many nodes, resumed: the whole count only */
        if (resumed && budget) break;
        uint64_t n = slices[k % (sizeof slices / sizeof *slices)];
        struct sliced r = resumed ? count_resumed(d, n) : count_sliced(d, n, budget);
        CHECK_EQ(r.rc, one.rc);
        CHECK(value(r.w) == value(one.w));
        if (resumed && r.rc == DLX_EOVERFLOW) continue; /* a lower bound past 2^128 - 1 ends it sooner */
        CHECK_EQ(r.st.nodes, one.st.nodes);
        CHECK_EQ(r.st.updates, one.st.updates);
        CHECK_EQ(r.st.guesses, one.st.guesses);
        CHECK_EQ(r.st.max_level, one.st.max_level);
    }
    d->memo_slice = 0;
}

/* The walk returns and goes on where it was (WebAssembly's slices, and
 * dlx_count_resume): the same counts, statistics and budget stops as in one call, on both
 * choices, with the cache roomy or tiny, secondary items and forced
 * options. */
static void test_slices(void) {
    for (int t = 0; t < 400; t++) {
        int32_t np = 1 + (int32_t)draw(9), ns = (int32_t)draw(4), no = (int32_t)draw(24);
        check_context("slices, random %d: %d primary, %d secondary, %d options", t, np, ns, no);
        dlx_t *d = dlx_new(np, ns);
        for (int32_t o = 0; o < no; o++) {
            int32_t it[4], k = random_option(draw, np, ns, it);
            dlx_add_option(d, it, NULL, k);
        }
        if (no && draw(3) == 0) dlx_force(d, (int32_t)draw((uint32_t)no));
        dlx_set_memo(d, DLX_MEMO_ON, t % 4 ? 0 : 600);
        if (t % 3 == 0) dlx_set_engine(d, DLX_ENGINE_LINKS);
        check_slices(d, 0);
        check_slices(d, 1 + draw(20));
        dlx_free(d);
    }
    for (int lists = 0; lists < 2; lists++) {
        check_context("slices, dominoes 6x8%s", lists ? ", the lists" : "");
        dlx_t *d = dominoes(6, 8);
        if (lists) dlx_set_engine(d, DLX_ENGINE_LINKS);
        dlx_set_memo(d, DLX_MEMO_ON, 0);
        check_slices(d, 0);
        check_slices(d, 777);
        dlx_set_memo(d, DLX_MEMO_ON, 4096); /* states replaced and met again */
        check_slices(d, 0);
        dlx_free(d);
    }
    check_context("slices, dominoes 8x44: the overflow past 2^128 kept");
    dlx_t *d = dominoes(44, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    check_slices(d, 0);
    CHECK_EQ(count_sliced(d, 3, 0).rc, DLX_EOVERFLOW);
    dlx_free(d);
}

/* What memoizing leaves alone: a bad mode, a limit, solutions; colors counted. */
static void test_others(void) {
    check_context("modes");
    dlx_t *d = dominoes(4, 4);
    CHECK_EQ(dlx_set_memo(d, 3, 0), DLX_EARG);
    CHECK_EQ(dlx_set_memo(d, -1, 0), DLX_EARG);
    CHECK_EQ(dlx_set_memo(NULL, DLX_MEMO_ON, 0), DLX_EARG);
    CHECK_EQ(dlx_set_memo(d, DLX_MEMO_ON, 0), DLX_OK);
    uint64_t c = 0;
    dlx_stats_t st;
    check_context("a limit: counted one by one");
    CHECK_EQ(dlx_count(d, 5, 0, &c), DLX_LIMIT);
    CHECK_EQ(c, 5);
    check_context("solutions: one by one");
    int n = 0;
    dlx_restart(d);
    while (dlx_search(d, 0) == DLX_SOLUTION) n++;
    CHECK_EQ(n, 36);
    check_context("memo off: the search's nodes");
    dlx_set_memo(d, DLX_MEMO_OFF, 0);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 36);
    dlx_stats(d, &st);
    uint64_t searched = st.nodes;
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 36);
    dlx_stats(d, &st);
    CHECK(st.nodes < searched);
    dlx_free(d);

    check_context("colors: counted by the memo");
    d = dlx_new(2, 1);
    int32_t it[2] = { 0, 2 }, col[2] = { 0, 1 }, col2[2] = { 0, 2 };
    dlx_add_option(d, it, col, 2);
    dlx_add_option(d, it, col2, 2);
    it[0] = 1;
    dlx_add_option(d, it, col, 2);
    dlx_add_option(d, it, col2, 2);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 2); /* both on color 1 or both on 2 */
    dlx_free(d);
}

/* n queens: rows and columns primary, the diagonals secondary. */
static dlx_t *queens(int n) {
    dlx_t *d = dlx_new(2 * n, 4 * n - 2);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int32_t four[4] = { r, n + c, 2 * n + r + c, 5 * n - 2 + r - c };
            dlx_add_option(d, four, NULL, 4);
        }
    return d;
}

/* DLX_MEMO_AUTO on trees under the 4 M nodes that give the memo a share of
 * 1/1024: where the estimate's probes meet (tilings), the memo counts all
 * the same, in a small part of the search's nodes; where they do not
 * (queens), the search counts, node for node as with the memo off. */
static void test_auto_small(void) {
    const int boards[2][2] = { { 6, 6 }, { 7, 8 } };
    const uint64_t tilings_of[2] = { 6728, 1292697 };
    dlx_stats_t st;
    uint64_t c = 0;
    for (int i = 0; i < 2; i++) {
        check_context("dominoes 6x6 and 7x8: the probes meet, the memo counts");
        dlx_t *d = dominoes(boards[i][0], boards[i][1]);
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
        CHECK_EQ(c, tilings_of[i]);
        CHECK(d->est_meets >= 0.125);
        dlx_stats(d, &st);
        uint64_t memo_nodes = st.nodes;
        dlx_set_memo(d, DLX_MEMO_OFF, 0);
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
        CHECK_EQ(c, tilings_of[i]);
        dlx_stats(d, &st);
        CHECK(st.nodes > 4096 && memo_nodes * 10 < st.nodes); /* 365 of 18,967 on 6x6 */
        check_context("dominoes: the rule's probes end after 16 once they meet");
        double all = 0, early = 0;
        uint64_t all_steps = 0, early_steps = 0;
        CHECK_EQ(dlx_estimate(d, 1, 64, &all, &all_steps), DLX_OK);
        CHECK_EQ(dlx_estimate_meets(d, 1, 64, 0.125, &early, &early_steps), DLX_OK);
        CHECK(early_steps * 2 < all_steps && early > 0 && all > 0);
        dlx_free(d);
    }
    check_context("queens 10: the probes do not meet, the search counts");
    dlx_t *d = queens(10);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 724);
    CHECK(d->est_meets < 0.125);
    dlx_stats(d, &st);
    uint64_t auto_nodes = st.nodes;
    dlx_set_memo(d, DLX_MEMO_OFF, 0);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    dlx_stats(d, &st);
    CHECK(st.nodes > 4096 && auto_nodes == st.nodes);
    check_context("queens 10: the rule's probes all run, as dlx_estimate's");
    double all = 0, early = 0;
    uint64_t all_steps = 0, early_steps = 0;
    CHECK_EQ(dlx_estimate(d, 1, 64, &all, &all_steps), DLX_OK);
    CHECK_EQ(dlx_estimate_meets(d, 1, 64, 0.125, &early, &early_steps), DLX_OK);
    CHECK(early_steps == all_steps && early == all);
    dlx_free(d);
}

/* DLX_MEMO_AUTO under a node budget: a tiling whose search would take far
 * more than the budget is counted by the memo within a quarter of it; a
 * problem where memo does not pay (queens) stops at the budget as with the
 * memo off, the same nodes and solutions, and resumes to the same count;
 * a budget under the search's first 4,096 nodes never reaches the rule. */
static void test_auto_budget(void) {
    check_context("dominoes 8x8 within a budget of 100,000 nodes: the memo counts");
    int over;
    u128 want = tilings(8, 8, &over);
    dlx_t *d = dominoes(8, 8);
    dlx_wide_t w;
    dlx_stats_t st;
    CHECK_EQ(dlx_count_wide(d, 0, 100000, &w), DLX_DONE);
    CHECK(value(w) == want);
    CHECK(dlx_memo_share(d, 100000) <= 25000 && dlx_memo_share(d, 100000) > 0);
    CHECK(dlx_memo_share(d, 0) >= dlx_memo_share(d, 100000));
    dlx_set_memo(d, DLX_MEMO_OFF, 0);
    CHECK_EQ(dlx_count_wide(d, 0, 100000, &w), DLX_BUDGET); /* 12,988,816 tilings: not by the search */
    dlx_free(d);
    check_context("queens 11 within a budget: the search, as with the memo off");
    for (uint64_t budget = 1000; budget <= 200000; budget *= 7) {
        uint64_t c[2], nodes[2], total[2];
        for (int off = 0; off < 2; off++) {
            d = queens(11);
            if (off) dlx_set_memo(d, DLX_MEMO_OFF, 0);
            CHECK_EQ(dlx_count(d, 0, budget, &c[off]), DLX_BUDGET);
            dlx_stats(d, &st);
            nodes[off] = st.nodes;
            CHECK_EQ(dlx_count(d, 0, 0, &total[off]), DLX_DONE); /* a fresh count to the end */
            dlx_free(d);
        }
        CHECK_EQ(c[0], c[1]);
        CHECK_EQ(nodes[0], nodes[1]);
        CHECK_EQ(total[0], 2680);
        CHECK_EQ(total[1], 2680);
    }
}

int main(void) {
    check_cpu_limit("test_memo", 60);
    test_dominoes();
    test_big();
    test_random();
    test_wide();
    test_cap();
    test_budget();
    test_slices();
    test_others();
    test_auto_small();
    test_auto_budget();
    return check_report("test_memo");
}
