/* test_estimate.c: Knuth's random-probe estimate (dlx_estimate).
 *
 * It is an unbiased estimate of the search's node count: with many probes
 * it must come near the count a search reports; it is reproducible from its
 * seed and the same on both searches (bit sets and links), since the probes
 * follow the search's own branching; it leaves the forced options as they
 * were; and bad arguments get DLX_EARG.
 */
#include "dlx.h"
#include "../../src/core/dlx_internal.h" /* dlx_set_engine: both searches */
#include "check.h"

#include <math.h>
#include <stdint.h>

/* N queens: rows and columns primary, the diagonals secondary. */
static dlx_t *queens(int n) {
    dlx_t *d = dlx_new(2 * n, 4 * n - 2);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int32_t items[4] = {r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)};
            dlx_add_option(d, items, NULL, 4);
        }
    return d;
}

/* The node count of the whole search below the forced options. */
static uint64_t nodes_of(dlx_t *d) {
    uint64_t count;
    dlx_stats_t st;
    dlx_count(d, 0, 0, &count);
    dlx_stats(d, &st);
    return st.nodes;
}

static double estimate(dlx_t *d, uint64_t seed, int32_t probes, uint64_t *steps) {
    double e = -1;
    CHECK_EQ(dlx_estimate(d, seed, probes, &e, steps), DLX_OK);
    return e;
}

static void test_near_truth(void) {
    for (int n = 5; n <= 9; n++) {
        check_context("queens %d", n);
        dlx_t *d = queens(n);
        for (int forced = 0; forced < 2; forced++) {
            if (forced) CHECK_EQ(dlx_force(d, n / 2), DLX_OK); /* a queen on the first row */
            double truth = (double)nodes_of(d);
            uint64_t steps;
            double e = estimate(d, 7, 40000, &steps);
            CHECK(fabs(e - truth) <= 0.05 * truth);
            CHECK(steps >= 40000);
            CHECK_EQ(dlx_forced_count(d), forced);
        }
        dlx_free(d);
    }
}

static void test_reproducible_on_both_searches(void) {
    dlx_t *d = queens(8), *links = queens(8);
    dlx_set_engine(links, DLX_ENGINE_LINKS);
    for (uint64_t seed = 0; seed < 20; seed++) {
        check_context("seed %llu", (unsigned long long)seed);
        uint64_t s1, s2, s3;
        double a = estimate(d, seed, 50, &s1), b = estimate(d, seed, 50, &s2), c = estimate(links, seed, 50, &s3);
        CHECK(a == b && s1 == s2);
        CHECK(a == c && s1 == s3);
        CHECK(a != estimate(d, seed + 100, 50, NULL)); /* another seed, other paths */
    }
    dlx_free(d);
    dlx_free(links);
}

static void test_edges(void) {
    check_context("edges");
    double e = -1;
    dlx_t *d = queens(4);
    CHECK_EQ(dlx_estimate(d, 1, 0, &e, NULL), DLX_EARG);
    CHECK_EQ(dlx_estimate(d, 1, 5, NULL, NULL), DLX_EARG);
    CHECK_EQ(dlx_estimate(NULL, 1, 5, &e, NULL), DLX_EARG);
    dlx_free(d);
    dlx_t *empty = dlx_new(0, 0); /* one solution, no node */
    CHECK(estimate(empty, 1, 5, NULL) == 0);
    dlx_free(empty);
    dlx_t *stuck = dlx_new(1, 0); /* an item no option covers: one dead node */
    CHECK(estimate(stuck, 1, 5, NULL) == 1);
    dlx_free(stuck);
}

int main(void) {
    check_cpu_limit("test_estimate", 30); /* a hang guard in CPU time (check.h) */
    test_near_truth();
    test_reproducible_on_both_searches();
    test_edges();
    return check_report("test_estimate");
}
