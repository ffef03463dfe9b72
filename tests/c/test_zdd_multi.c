/* test_zdd_multi.c: the ZDD of all solutions of problems with bounds
 * (dlx_memo_multi.c builds it, dlx_zdd.c reads it). On random small
 * problems (bounds, secondary items, colors, forced and left-out options):
 * its count is a brute force's over option subsets; solutions 0 .. count
 * - 1 are distinct and each a solution by the brute force's test (so, as
 * a set, all of them); the paths of its text add up to the count; random
 * draws are solutions; built in steps and in slices, the same ZDD byte for
 * byte. A quota matrix: the memoized count, and drawn matrices keep every
 * bound. Over the memo's 8,192 options: DLX_ETOOBIG. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "zdd_steps.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }
static dlx_wide_t wide(u128 v) { return (dlx_wide_t){ (uint64_t)v, (uint64_t)(v >> 64) }; }

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static uint32_t draw(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

#include "multi_problems.h"

/* The paths from each node of DLX6's text to the node 1, the root's last. */
static u128 paths_in(const char *text) {
    u128 *paths = malloc(sizeof *paths * (strlen(text) / 8 + 3));
    paths[0] = 0, paths[1] = 1;
    u128 root = 0;
    for (const char *s = text; *s;) {
        unsigned long id = strtoul(s, (char **)&s, 16), v, lo, hi;
        CHECK(!strncmp(s, ": (~", 4));
        v = strtoul(s + 4, (char **)&s, 10);
        CHECK(*s == '?');
        lo = strtoul(s + 1, (char **)&s, 16);
        CHECK(*s == ':');
        hi = strtoul(s + 1, (char **)&s, 16);
        CHECK(!strncmp(s, ")\n", 2));
        s += 2;
        CHECK(lo < id && hi < id);
        paths[id] = paths[lo] + paths[hi];
        if (v == 0) root = paths[id];
    }
    free(paths);
    return root;
}

/* The options of a solution as a mask. */
static uint32_t mask_of(const int32_t *options, int32_t n) {
    uint32_t mask = 0;
    for (int32_t k = 0; k < n; k++) {
        CHECK(!(mask >> options[k] & 1)); /* each option once */
        mask |= 1u << options[k];
    }
    return mask;
}

static int by_mask(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The ZDD that d builds now (under some knob of the walk) is z, byte for byte in Knuth's text. */
static void check_same_zdd(dlx_t *d, const dlx_zdd_t *z) {
    dlx_zdd_t *again = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &again), DLX_OK);
    CHECK(again != NULL);
    if (again) check_same_text(z, again);
    dlx_zdd_free(again);
}

static void test_random_small(void) {
    static uint32_t masks[1u << MAX_OPTS];
    int with_solutions = 0;
    for (int32_t t = 0; t < 3000; t++) {
        problem p;
        random_problem(&p);
        check_context("small problem %d", t);
        dlx_t *d = build(&p);
        force_and_leave_out(d, &p);
        u128 brute = 0;
        for (uint32_t mask = 0; mask < 1u << p.n; mask++) brute += is_solution(&p, mask);
        dlx_zdd_t *z = NULL;
        CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
        if (!z) {
            dlx_free(d);
            continue;
        }
        u128 count = value(dlx_zdd_count(z));
        CHECK(count == brute);
        with_solutions += count > 0;
        int32_t opts[MAX_OPTS];
        for (u128 k = 0; k < count; k++) {
            int32_t n = dlx_zdd_nth(z, wide(k), opts, MAX_OPTS);
            CHECK(n >= 0 && n <= p.n);
            masks[k] = mask_of(opts, n);
            CHECK(is_solution(&p, masks[k]));
        }
        qsort(masks, (size_t)count, sizeof *masks, by_mask);
        for (u128 k = 1; k < count; k++) CHECK(masks[k - 1] != masks[k]); /* distinct: all of them */
        CHECK_EQ(dlx_zdd_nth(z, wide(count), opts, MAX_OPTS), DLX_ENOSOLUTION);
        int64_t len;
        char *text = zdd_text_of(z, &len);
        CHECK(text && paths_in(text) == count);
        free(text);
        uint64_t state = (uint64_t)t + 1;
        for (int r = 0; r < 4 && count; r++) {
            int32_t n = dlx_zdd_random(z, &state, opts, MAX_OPTS);
            CHECK(n >= 0 && is_solution(&p, mask_of(opts, n)));
        }
        if (t % 8 == 0) CHECK(check_steps(d, z, 1 + (uint64_t)draw(3)) >= 0); /* in steps: the same ZDD */
        if (t % 8 == 2) { /* on its lists, as past 8,192 options: the same walk, the same ZDD */
            d->memo_sparse = 1;
            check_same_zdd(d, z);
            d->memo_sparse = 0;
        }
        if (t % 8 == 4) { /* the walk in slices of a few nodes, as in WebAssembly: the same ZDD */
            d->memo_slice = 1 + (uint64_t)draw(4);
            check_same_zdd(d, z);
            d->memo_slice = 0;
        }
        dlx_zdd_free(z);
        dlx_free(d);
    }
    check_context("");
    CHECK(with_solutions > 1000); /* the test saw solutions, not only empty ZDDs */
}

/* A 6x6 0/1 matrix, 2 ones a row, 1 to 3 a column: items R (2:2), C (1:3),
 * an option per cell. */
static void test_quota(void) {
    check_context("quota 6x6");
    enum { R = 6, C = 6 };
    dlx_t *d = dlx_new(R + C, 0);
    for (int32_t i = 0; i < R; i++) CHECK_EQ(dlx_set_bounds(d, i, 2, 2), DLX_OK);
    for (int32_t j = 0; j < C; j++) CHECK_EQ(dlx_set_bounds(d, R + j, 1, 3), DLX_OK);
    for (int32_t i = 0; i < R; i++)
        for (int32_t j = 0; j < C; j++) {
            int32_t it[2] = { i, R + j };
            dlx_add_option(d, it, NULL, 2);
        }
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_wide_t w;
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    if (!z) return;
    CHECK(value(dlx_zdd_count(z)) == value(w) && value(w) > 1000000);
    uint64_t state = 7;
    for (int r = 0; r < 200; r++) {
        int32_t opts[R * C], row[R] = { 0 }, col[C] = { 0 };
        int32_t n = dlx_zdd_random(z, &state, opts, R * C);
        CHECK_EQ(n, 2 * R);
        for (int32_t k = 0; k < n; k++) row[opts[k] / C]++, col[opts[k] % C]++;
        for (int32_t i = 0; i < R; i++) CHECK_EQ(row[i], 2);
        for (int32_t j = 0; j < C; j++) CHECK(col[j] >= 1 && col[j] <= 3);
    }
    dlx_zdd_free(z);
    dlx_free(d);
}

/* Over 8,192 options with bounds (the walk on its lists): ten items 0:1
 * of 830 options each, so 831^10 solutions, in the ZDD and in the memo's
 * count; a bound 0:2 on the first makes its factor 1 + 830 + C(830, 2). */
static void test_many_options(void) {
    check_context("8,300 options");
    dlx_t *d = dlx_new(10, 0);
    for (int32_t k = 0; k < 8300; k++) {
        int32_t it[1] = { k % 10 };
        CHECK_EQ(dlx_add_option(d, it, NULL, 1), k);
    }
    for (int32_t i = 0; i < 10; i++) CHECK_EQ(dlx_set_bounds(d, i, 0, 1), DLX_OK);
    for (int round = 0; round < 2; round++) {
        u128 want = round ? 1 + 830 + 830 * 829 / 2 : 831;
        for (int i = 1; i < 10; i++) want *= 831;
        dlx_zdd_t *z = NULL;
        CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
        CHECK(z && value(dlx_zdd_count(z)) == want);
        dlx_zdd_free(z);
        dlx_set_memo(d, DLX_MEMO_ON, 0);
        dlx_wide_t w;
        CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
        CHECK(value(w) == want);
        CHECK_EQ(dlx_set_bounds(d, 0, 0, 2), DLX_OK);
    }
    dlx_free(d);
}

int main(void) {
    test_random_small();
    test_quota();
    test_many_options();
    return check_report("test_zdd_multi");
}
