/* test_multi.c: multiplicities (dlx_set_bounds, Algorithm M in dlx_multi.c)
 * against a brute force over option subsets on random small problems with
 * bounds, secondary items and colors: every solution found once, none
 * missing, the same under node budgets of every size, with forced options,
 * and counts; bad bounds are refused with DLX_EBOUND and leave the handle
 * usable. */
#include "check.h"
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 14
#define MAX_ITEMS 8

typedef struct {
    int32_t primary, secondary, n;
    int32_t lo[MAX_ITEMS], hi[MAX_ITEMS];
    int32_t len[MAX_OPTS], items[MAX_OPTS][MAX_ITEMS], colors[MAX_OPTS][MAX_ITEMS];
} problem;

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

static void random_problem(problem *p) {
    memset(p, 0, sizeof *p);
    p->primary = 1 + (int32_t)rnd(4);
    p->secondary = (int32_t)rnd(3);
    p->n = 1 + (int32_t)rnd(MAX_OPTS);
    for (int32_t i = 0; i < p->primary; i++) {
        p->hi[i] = 1 + (int32_t)rnd(3);
        p->lo[i] = (int32_t)rnd((uint32_t)p->hi[i] + 1);
    }
    for (int32_t k = 0; k < p->n; k++) {
        int32_t n = 0;
        for (int32_t i = 0; i < p->primary + p->secondary; i++) {
            if (rnd(100) >= 45) continue;
            p->items[k][n] = i;
            p->colors[k][n] = i >= p->primary && rnd(2) ? 1 + (int32_t)rnd(2) : 0;
            n++;
        }
        if (!n || p->items[k][0] >= p->primary) { /* every option needs a primary item */
            memmove(p->items[k] + 1, p->items[k], (size_t)n * sizeof(int32_t));
            memmove(p->colors[k] + 1, p->colors[k], (size_t)n * sizeof(int32_t));
            p->items[k][0] = (int32_t)rnd((uint32_t)p->primary), p->colors[k][0] = 0;
            n++;
            for (int32_t j = 1; j < n; j++) /* no duplicate of the new one */
                if (p->items[k][j] == p->items[k][0]) {
                    memmove(p->items[k] + j, p->items[k] + j + 1, (size_t)(n - j - 1) * sizeof(int32_t));
                    memmove(p->colors[k] + j, p->colors[k] + j + 1, (size_t)(n - j - 1) * sizeof(int32_t));
                    n--;
                }
        }
        p->len[k] = n;
    }
}

/* Whether the options of mask meet every bound and agree on colors. */
static int is_solution(const problem *p, uint32_t mask) {
    int32_t uses[MAX_ITEMS] = {0}, color[MAX_ITEMS] = {0};
    for (int32_t k = 0; k < p->n; k++) {
        if (!(mask >> k & 1)) continue;
        for (int32_t j = 0; j < p->len[k]; j++) {
            int32_t i = p->items[k][j], c = p->colors[k][j];
            if (i >= p->primary) {
                if (uses[i] && (c == 0 || color[i] != c)) return 0;
                color[i] = c;
            }
            uses[i]++;
        }
    }
    for (int32_t i = 0; i < p->primary; i++)
        if (uses[i] < p->lo[i] || uses[i] > p->hi[i]) return 0;
    return 1;
}

static dlx_t *build(const problem *p) {
    dlx_t *d = dlx_new(p->primary, p->secondary);
    for (int32_t i = 0; i < p->primary; i++) CHECK_EQ(dlx_set_bounds(d, i, p->lo[i], p->hi[i]), DLX_OK);
    for (int32_t k = 0; k < p->n; k++) CHECK_EQ(dlx_add_option(d, p->items[k], p->colors[k], p->len[k]), k);
    return d;
}

/* The engine's solutions from a fresh start, as masks, in at most cap; the
 * search goes on in steps of `budget` nodes (0: none). Returns how many. */
static int32_t engine_solutions(dlx_t *d, uint64_t budget, uint32_t *out, int32_t cap) {
    dlx_restart(d);
    int32_t n = 0, rc, opts[64];
    uint64_t calls = 0;
    while ((rc = dlx_search(d, budget)) != DLX_DONE) {
        if (!CHECK(rc == DLX_SOLUTION || rc == DLX_BUDGET) || ++calls > 1000000) break;
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK(st.progress >= 0.0 && st.progress <= 1.0);
        if (rc != DLX_SOLUTION) continue;
        int32_t len = dlx_solution(d, opts, 64);
        uint32_t mask = 0;
        for (int32_t j = 0; j < len; j++) {
            CHECK(!(mask >> opts[j] & 1)); /* an option at most once */
            mask |= 1u << opts[j];
        }
        if (n < cap) out[n] = mask;
        n++;
    }
    return n;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void test_random_vs_brute(void) {
    static uint32_t want[1 << MAX_OPTS], got[1 << MAX_OPTS];
    for (int round = 0; round < 1500; round++) {
        problem p;
        random_problem(&p);
        check_context("random problem %d", round);
        int32_t nw = 0;
        for (uint32_t m = 0; m < 1u << p.n; m++)
            if (is_solution(&p, m)) want[nw++] = m;
        dlx_t *d = build(&p);
        uint64_t budgets[] = {0, 1, 2, 3, 7};
        for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
            int32_t ng = engine_solutions(d, budgets[b], got, 1 << MAX_OPTS);
            if (!CHECK_EQ(ng, nw)) continue;
            qsort(got, (size_t)ng, sizeof *got, cmp_u32);
            CHECK(memcmp(got, want, (size_t)nw * sizeof *got) == 0);
        }
        uint64_t count = 0;
        CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
        CHECK_EQ(count, nw);
        /* Forcing an option: the solutions that hold it. */
        int32_t k = (int32_t)rnd((uint32_t)p.n), nf = 0;
        for (int32_t s = 0; s < nw; s++) nf += (int32_t)(want[s] >> k & 1);
        CHECK_EQ(dlx_force(d, k), DLX_OK);
        CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
        CHECK_EQ(count, nf);
        CHECK_EQ(dlx_unforce(d), DLX_OK);
        CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
        CHECK_EQ(count, nw);
        dlx_free(d);
    }
    check_context("");
}

/* Bounds of 1:1 keep the exact-cover search; changing them mid-search or
 * with options forced switches between the two searches cleanly. */
static void test_switching(void) {
    /* items a b; options: a, a b, b, b  (a twice allowed when bounded) */
    dlx_t *d = dlx_new(2, 0);
    int32_t o1[] = {0}, o2[] = {0, 1}, o3[] = {1};
    dlx_add_option(d, o1, NULL, 1);
    dlx_add_option(d, o2, NULL, 2);
    dlx_add_option(d, o3, NULL, 1);
    dlx_add_option(d, o3, NULL, 1);
    uint64_t count = 0;
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 3); /* {a b}, {a, b}, {a, b'} */
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 1), DLX_OK);
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 3);
    CHECK_EQ(dlx_force(d, 0), DLX_OK); /* on the links */
    int rc = dlx_search(d, 1); /* a search in progress on the links */
    CHECK(rc == DLX_SOLUTION || rc == DLX_BUDGET);
    CHECK_EQ(dlx_set_bounds(d, 0, 2, 2), DLX_OK); /* a twice: {a, a b} only */
    int32_t lo, hi;
    CHECK_EQ(dlx_bounds(d, 0, &lo, &hi), DLX_OK);
    CHECK(lo == 2 && hi == 2);
    CHECK_EQ(dlx_forced_count(d), 1);
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 1);
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 1), DLX_OK); /* back: the forced option on the links */
    CHECK_EQ(dlx_forced_count(d), 1);
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 2);
    dlx_free(d);
}

/* An option is used at most once, bounds or not: forcing it again is a
 * clash with itself (the fuzz target found it recorded twice), and the
 * handle stays as it was. */
static void test_force_twice(void) {
    dlx_t *d = dlx_new(1, 0);
    int32_t o[] = {0};
    dlx_add_option(d, o, NULL, 1);
    dlx_add_option(d, o, NULL, 1);
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 2), DLX_OK);
    uint64_t count = 0;
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 3); /* {0}, {1}, {0, 1} */
    CHECK_EQ(dlx_force(d, 1), DLX_OK);
    CHECK_EQ(dlx_force(d, 1), DLX_ECONFLICT);
    int32_t other = -1, item = -1;
    dlx_conflict(d, &other, &item);
    CHECK(other == 1 && item == 0);
    CHECK_EQ(dlx_forced_count(d), 1);
    dlx_count(d, 0, 0, &count);
    CHECK_EQ(count, 2); /* {1}, {0, 1} */
    dlx_free(d);
}

static void test_bad_bounds(void) {
    dlx_t *d = dlx_new(2, 1);
    int32_t o[] = {0, 1};
    dlx_add_option(d, o, NULL, 2);
    CHECK_EQ(dlx_set_bounds(d, 0, 3, 2), DLX_EBOUND); /* lower above upper */
    CHECK_EQ(dlx_set_bounds(d, 0, 0, 0), DLX_EBOUND); /* upper bound zero */
    CHECK_EQ(dlx_set_bounds(d, 0, -1, 2), DLX_EBOUND);
    CHECK_EQ(dlx_set_bounds(d, 2, 1, 2), DLX_EBOUND); /* secondary */
    CHECK_EQ(dlx_set_bounds(d, 3, 1, 2), DLX_EITEM);
    CHECK_EQ(dlx_set_bounds(NULL, 0, 1, 2), DLX_EARG);
    uint64_t count = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE); /* still usable, still exact */
    CHECK_EQ(count, 1);
    CHECK(dlx_strerror(DLX_EBOUND)[0] != 'u');
    /* With bounds, splits and estimates are refused, not answered wrongly. */
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 2), DLX_OK);
    int32_t opts[4];
    double est;
    CHECK_EQ(dlx_branch_item(d), DLX_EBOUND);
    CHECK_EQ(dlx_item_options(d, 0, opts, 4), DLX_EBOUND);
    CHECK_EQ(dlx_estimate(d, 1, 4, &est, NULL), DLX_EBOUND);
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    CHECK_EQ(count, 1);
    dlx_free(d);
}

int main(void) {
    check_cpu_limit("test_multi", 60); /* a hang guard in CPU time (check.h) */
    rng_state = 12345;
    test_bad_bounds();
    test_switching();
    test_force_twice();
    test_random_vs_brute();
    return check_report("test_multi");
}
