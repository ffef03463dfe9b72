/* test_memo_multi.c: the memoized count with multiplicities
 * (dlx_memo_multi.c). Random small problems with bounds, secondary items
 * and colors, forced and left-out options: the memo's count is a brute
 * force's over option subsets and Algorithm M's, under every cache size
 * (no slot at all, a few, plenty), in slices and on its lists (as past
 * 8,192 options); bigger random problems
 * (several words of options and of key) against Algorithm M. Quota
 * matrices (row sums fixed, column sums in a range) against a count over
 * the columns computed here, past 2^64; the default rule takes the memo on
 * a quota matrix and Algorithm M on k queens; a budget stops it with a
 * lower bound, and dlx_count_resume goes on from there to the same count. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t draw(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

#include "multi_problems.h"

static u128 count_of(dlx_t *d, int mode, uint64_t cap, int *rc) {
    dlx_set_memo(d, mode, cap);
    dlx_wide_t w = { 0, 0 };
    *rc = dlx_count_wide(d, 0, 0, &w);
    return value(w);
}

static uint64_t nodes_of(const dlx_t *d) {
    dlx_stats_t st;
    dlx_stats(d, &st);
    return st.nodes;
}

static void test_random_small(void) {
    static const uint64_t caps[] = { 1, 2048, 0 }; /* no slot, 64 slots, the default */
    for (int32_t t = 0; t < 4000; t++) {
        problem p;
        random_problem(&p);
        check_context("small problem %d", t);
        dlx_t *d = build(&p);
        force_and_leave_out(d, &p);
        int rc;
        u128 m = count_of(d, DLX_MEMO_OFF, 0, &rc);
        CHECK_EQ(rc, DLX_DONE);
        u128 brute = 0;
        for (uint32_t mask = 0; mask < 1u << p.n; mask++) brute += is_solution(&p, mask);
        CHECK(m == brute);
        for (size_t c = 0; c < sizeof caps / sizeof *caps; c++) {
            d->memo_slice = c == 1 ? 1 + (uint64_t)draw(5) : 0; /* the walk in slices of a few nodes */
            CHECK(count_of(d, DLX_MEMO_ON, caps[c], &rc) == m);
            CHECK_EQ(rc, DLX_DONE);
            CHECK(!d->n_bounded || d->memo_multi != NULL); /* the memo counted, not Algorithm M (all 1:1: dlx_memo.c) */
        }
        d->memo_slice = 0;
        d->memo_sparse = 1; /* on its lists, as past 8,192 options: the same count */
        CHECK(count_of(d, DLX_MEMO_ON, t % 2 ? 2048 : 0, &rc) == m);
        CHECK_EQ(rc, DLX_DONE);
        d->memo_sparse = 0;
        if (t % 4 == 0) { /* stopped by budgets of a few nodes and resumed: the same count */
            dlx_set_memo(d, DLX_MEMO_ON, 0);
            dlx_wide_t w;
            uint64_t step = 1 + (uint64_t)(t / 4 % 4); /* not drawn: the problems after stay the same */
            rc = dlx_count_wide(d, 0, step, &w);
            while (rc == DLX_BUDGET) {
                CHECK(value(w) <= m);
                rc = dlx_count_resume(d, step, &w);
            }
            CHECK_EQ(rc, DLX_DONE);
            CHECK(value(w) == m);
            CHECK_EQ(dlx_count_resume(d, step, &w), DLX_EARG); /* done: nothing to resume */
        }
        CHECK(count_of(d, DLX_MEMO_AUTO, 0, &rc) == m);
        dlx_free(d);
    }
    check_context("");
}

/* Bigger: up to 40 primary items of bounds up to 0:9 (keys of several
 * words), 200 options (sets of several words), colors. */
static void test_random_big(void) {
    for (int32_t t = 0; t < 120; t++) {
        int32_t np = 8 + (int32_t)draw(33), ns = (int32_t)draw(8), no = 20 + (int32_t)draw(181);
        check_context("big problem %d", t);
        dlx_t *d = dlx_new(np, ns);
        for (int32_t i = 0; i < np; i++) {
            int32_t hi = 1 + (int32_t)draw(draw(3) ? 2 : 9);
            CHECK_EQ(dlx_set_bounds(d, i, (int32_t)draw((uint32_t)hi + 1), hi), DLX_OK);
        }
        for (int32_t k = 0; k < no; k++) {
            int32_t it[6], co[6], n = 0, x = (int32_t)draw((uint32_t)np);
            it[n] = x, co[n++] = 0;
            for (int32_t j = 0; j < 2; j++) {
                int32_t y = (int32_t)draw((uint32_t)np);
                if (y != x && (n < 2 || y != it[1])) it[n] = y, co[n++] = 0;
            }
            if (ns && draw(2)) it[n] = np + (int32_t)draw((uint32_t)ns), co[n++] = (int32_t)draw(3);
            CHECK_EQ(dlx_add_option(d, it, co, n), k);
        }
        dlx_wide_t w;
        dlx_set_memo(d, DLX_MEMO_OFF, 0);
        int rc = dlx_count_wide(d, 0, 100000, &w);
        if (rc == DLX_DONE) {
            u128 m = value(w);
            CHECK(count_of(d, DLX_MEMO_ON, 0, &rc) == m);
            CHECK_EQ(rc, DLX_DONE);
            CHECK(count_of(d, DLX_MEMO_ON, 4096, &rc) == m); /* 128 slots of 32 bytes or less */
            d->memo_sparse = 1;
            CHECK(count_of(d, DLX_MEMO_ON, 0, &rc) == m);
            d->memo_sparse = 0;
        }
        dlx_free(d);
    }
    check_context("");
}

/* r x c 0/1 matrices, `a` marks a row, lo to hi a column, as items R (a:a)
 * and C (lo:hi) and an option per cell. */
static dlx_t *quota(int32_t r, int32_t c, int32_t a, int32_t lo, int32_t hi) {
    dlx_t *d = dlx_new(r + c, 0);
    for (int32_t i = 0; i < r; i++) CHECK_EQ(dlx_set_bounds(d, i, a, a), DLX_OK);
    for (int32_t j = 0; j < c; j++) CHECK_EQ(dlx_set_bounds(d, r + j, lo, hi), DLX_OK);
    for (int32_t i = 0; i < r; i++)
        for (int32_t j = 0; j < c; j++) {
            int32_t it[2] = { i, r + j };
            dlx_add_option(d, it, NULL, 2);
        }
    return d;
}

/* The same count column by column: a state is how many rows hold 0 .. a
 * marks (h[v]); a column takes x[v] rows of count v (v < a), lo <= sum x
 * <= hi, in prod C(h[v], x[v]) ways. Rows are alike, so the histogram is
 * the whole state. */
enum { QA = 4, QSTATES = 4096 };
typedef struct {
    int32_t h[QA + 1];
    u128 ways;
} qstate;
static u128 binom(int32_t n, int32_t k) {
    u128 b = 1;
    for (int32_t j = 0; j < k; j++) b = b * (u128)(n - j) / (u128)(j + 1);
    return b;
}
static int32_t qn;
static qstate qnext[QSTATES];
static void qadd(const int32_t *h, int32_t a, u128 ways) {
    for (int32_t s = 0; s < qn; s++)
        if (!memcmp(qnext[s].h, h, (size_t)(a + 1) * 4)) {
            qnext[s].ways += ways;
            return;
        }
    if (!CHECK(qn < QSTATES)) return;
    memcpy(qnext[qn].h, h, (size_t)(a + 1) * 4), qnext[qn++].ways = ways;
}
/* Every x[v] for v >= at, the rows taken so far `taken`, the ways so far. */
static void qcolumn(const qstate *s, int32_t a, int32_t lo, int32_t hi, int32_t *x, int32_t at, int32_t taken, u128 ways) {
    if (at == a) {
        if (taken < lo || taken > hi) return;
        int32_t h[QA + 1];
        for (int32_t v = 0; v <= a; v++) h[v] = s->h[v] - (v < a ? x[v] : 0) + (v > 0 ? x[v - 1] : 0);
        qadd(h, a, ways);
        return;
    }
    for (x[at] = 0; x[at] <= s->h[at] && taken + x[at] <= hi; x[at]++)
        qcolumn(s, a, lo, hi, x, at + 1, taken + x[at], ways * binom(s->h[at], x[at]));
}
static u128 quota_count(int32_t r, int32_t c, int32_t a, int32_t lo, int32_t hi) {
    static qstate cur[QSTATES];
    int32_t n = 1, x[QA + 1];
    memset(cur, 0, sizeof cur[0]);
    cur[0].h[0] = r, cur[0].ways = 1;
    for (int32_t j = 0; j < c; j++) {
        qn = 0;
        for (int32_t s = 0; s < n; s++) qcolumn(&cur[s], a, lo, hi, x, 0, 0, cur[s].ways);
        memcpy(cur, qnext, (size_t)qn * sizeof *cur), n = qn;
    }
    for (int32_t s = 0; s < n; s++)
        if (cur[s].h[a] == r) return cur[s].ways;
    return 0;
}

static void test_quotas(void) {
    static const int32_t rows[][5] = { { 4, 5, 2, 1, 3 }, { 6, 6, 3, 2, 4 }, { 7, 6, 3, 3, 4 }, { 8, 5, 2, 3, 4 }, { 5, 8, 3, 1, 2 },
                                       { 30, 4, 2, 12, 18 } };
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++) {
        const int32_t *q = rows[k];
        check_context("quota %dx%d, %d a row, %d:%d a column", q[0], q[1], q[2], q[3], q[4]);
        u128 want = quota_count(q[0], q[1], q[2], q[3], q[4]);
        CHECK(want > 0);
        dlx_t *d = quota(q[0], q[1], q[2], q[3], q[4]);
        int rc;
        CHECK(count_of(d, DLX_MEMO_ON, 0, &rc) == want);
        CHECK_EQ(rc, DLX_DONE);
        uint64_t memo_nodes = nodes_of(d);
        int small = q[0] * q[1] <= 20;
        CHECK(count_of(d, DLX_MEMO_AUTO, 0, &rc) == want); /* the default rule: the memo, past Algorithm M's first nodes */
        CHECK_EQ(rc, DLX_DONE);
        CHECK(small || nodes_of(d) == memo_nodes);
        if (small) CHECK(count_of(d, DLX_MEMO_ON, 1, &rc) == want); /* no cache at all: slow, right */
        if (q[0] > 20) CHECK(want >> 64 != 0); /* past 2^64 */
        if (small) { /* Algorithm M agrees */
            CHECK(count_of(d, DLX_MEMO_OFF, 0, &rc) == want);
            CHECK(nodes_of(d) > 2 * memo_nodes);
        }
        dlx_free(d);
    }
    check_context("");
}

/* k queens a row and column of n x n, at most k a diagonal (bench/multiplicity.mjs). */
static dlx_t *k_queens(int32_t n, int32_t k) {
    int32_t lines = 2 * n, diags = 2 * (2 * n - 1);
    dlx_t *d = dlx_new(lines + diags, 0);
    for (int32_t i = 0; i < lines; i++) CHECK_EQ(dlx_set_bounds(d, i, k, k), DLX_OK);
    for (int32_t i = 0; i < diags; i++) CHECK_EQ(dlx_set_bounds(d, lines + i, 0, k), DLX_OK);
    for (int32_t r = 0; r < n; r++)
        for (int32_t c = 0; c < n; c++) {
            int32_t it[4] = { r, n + c, lines + r + c, lines + 2 * n - 1 + r - c + n - 1 };
            dlx_add_option(d, it, NULL, 4);
        }
    return d;
}

static void test_rule_queens(void) {
    check_context("queens-6-k2");
    dlx_t *d = k_queens(6, 2);
    int rc;
    u128 m = count_of(d, DLX_MEMO_OFF, 0, &rc);
    uint64_t search_nodes = nodes_of(d);
    CHECK(search_nodes > 8192); /* past the search's first nodes and the memo's probe */
    CHECK(count_of(d, DLX_MEMO_ON, 0, &rc) == m);
    CHECK(count_of(d, DLX_MEMO_AUTO, 0, &rc) == m);
    CHECK_EQ(nodes_of(d), search_nodes); /* Algorithm M counted, from the start */
    dlx_free(d);
    check_context("");
}

/* A budget stops the memo with the branches it finished: a lower bound. */
static void test_budget(void) {
    dlx_t *d = quota(7, 6, 3, 3, 4);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_wide_t w;
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    uint64_t whole = nodes_of(d);
    CHECK(value(w) == (u128)60871300);
    CHECK_EQ(dlx_count_wide(d, 0, 1000, &w), DLX_BUDGET);
    CHECK(value(w) < (u128)60871300 && nodes_of(d) == 1000);
    int rc, steps = 1;
    while ((rc = dlx_count_resume(d, 1000, &w)) == DLX_BUDGET) steps++; /* on from there: as one count */
    CHECK_EQ(rc, DLX_DONE);
    CHECK(value(w) == (u128)60871300);
    CHECK_EQ(nodes_of(d), whole);
    CHECK_EQ(steps + 1, (int)((whole + 999) / 1000)); /* the calls: each 1,000 nodes but the last */
    CHECK_EQ(dlx_count_wide(d, 0, 1000, &w), DLX_BUDGET);
    CHECK_EQ(dlx_search(d, 0), DLX_DONE); /* a search ends the stopped count (it searches after a restart) */
    CHECK_EQ(dlx_count_resume(d, 0, &w), DLX_EARG);
    dlx_free(d);
}

int main(void) {
    check_cpu_limit("test_memo_multi", 120);
    test_random_small();
    test_random_big();
    test_quotas();
    test_rule_queens();
    test_budget();
    return check_report("test_memo_multi");
}
