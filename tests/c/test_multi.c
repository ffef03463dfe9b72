/* test_multi.c: multiplicities (dlx_set_bounds, Algorithm M in dlx_multi.c)
 * against a brute force over option subsets on random small problems with
 * bounds, secondary items and colors: every solution found once, none
 * missing, the same under node budgets of every size, with forced options,
 * and counts; bad bounds are refused with DLX_EBOUND and leave the handle
 * usable. The bit-set search and the linked one walk the same tree. Splits
 * (dlx_branch_item, dlx_exclude) partition the solutions, the estimate
 * follows Algorithm M's tree, and seeds reorder without changing a count. */
#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h" /* dlx_set_engine: both searches */

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
        if (round % 2) dlx_set_engine(d, DLX_ENGINE_LINKS); /* else the bit sets */
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

/* An item with no option left and nothing more needed is done: no node is
 * spent on it. Items A (0 to 2 times) and B (once), one option "A B": one
 * node (on B, then the solution), where a "no more A" node made it two. */
static void test_done_item(void) {
    for (int links = 0; links < 2; links++) {
        dlx_t *d = dlx_new(2, 0);
        if (links) dlx_set_engine(d, DLX_ENGINE_LINKS);
        int32_t o[] = {0, 1};
        dlx_add_option(d, o, NULL, 2);
        CHECK_EQ(dlx_set_bounds(d, 0, 0, 2), DLX_OK);
        uint64_t count = 0;
        CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
        CHECK_EQ(count, 1);
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK_EQ(st.nodes, 1);
        dlx_free(d);
    }
}

/* A random problem of up to 200 options and 140 primary items (sets of
 * several words, of options and of items), bounds 0 to 3, some colors;
 * wide: a quarter of the items with an upper bound near INT32_MAX, a few
 * of those with a lower bound as high (the bit sets' choice keys hold the
 * slack and the need in fixed fields); grouped: each option's first item
 * rises with the option, as a packing's pieces do, so that those items'
 * columns hold options in a few words of the sets only (the choice counts
 * a column over those words alone). */
static dlx_t *random_big(int links, int wide, int grouped) {
    int32_t primary = 1 + (int32_t)rnd(140), secondary = (int32_t)rnd(4), n = 1 + (int32_t)rnd(200);
    dlx_t *d = dlx_new(primary, secondary);
    if (links) dlx_set_engine(d, DLX_ENGINE_LINKS);
    for (int32_t i = 0; i < primary; i++) {
        int32_t hi = 1 + (int32_t)rnd(3), lo = (int32_t)rnd((uint32_t)hi + 1);
        if (wide && rnd(4) == 0) hi = INT32_MAX - (int32_t)rnd(3), lo = rnd(8) ? lo : hi - (int32_t)rnd(3);
        dlx_set_bounds(d, i, lo, hi);
    }
    for (int32_t k = 0; k < n; k++) {
        int32_t items[6], colors[6], len = 0;
        for (int32_t t = 1 + (int32_t)rnd(5); t > 0; t--) {
            int32_t i = len == 0 ? grouped ? (int32_t)((int64_t)k * primary / n) : (int32_t)rnd((uint32_t)primary)
                                 : (int32_t)rnd((uint32_t)(primary + secondary)), dup = 0;
            for (int32_t j = 0; j < len; j++) dup |= items[j] == i;
            if (dup) continue;
            colors[len] = i >= primary && rnd(2) ? 1 + (int32_t)rnd(3) : 0;
            items[len++] = i;
        }
        dlx_add_option(d, items, colors, len);
    }
    return d;
}

/* The two searches in lockstep, a node at a time: the same answers, the
 * same solutions in the same order, the same statistics and progress. */
static void test_same_walk(void) {
    for (int round = 0; round < 400; round++) {
        check_context("same walk %d", round);
        uint64_t seed = rng_state;
        dlx_t *bits = random_big(0, round >= 300, round % 4 == 1);
        rng_state = seed;
        dlx_t *links = random_big(1, round >= 300, round % 4 == 1);
        if (round % 3 == 0) { /* a forced option, recorded in both */
            int32_t k = (int32_t)rnd((uint32_t)dlx_option_count(bits));
            CHECK_EQ(dlx_force(bits, k), dlx_force(links, k));
        }
        int32_t a[512], b[512];
        for (int steps = 0; steps < 3000; steps++) {
            int ra = dlx_search(bits, 1), rb = dlx_search(links, 1);
            if (!CHECK_EQ(ra, rb)) break;
            dlx_stats_t sa, sb;
            dlx_stats(bits, &sa), dlx_stats(links, &sb);
            CHECK_EQ(sa.nodes, sb.nodes);
            CHECK_EQ(sa.solutions, sb.solutions);
            CHECK_EQ(sa.guesses, sb.guesses);
            CHECK_EQ(sa.level, sb.level);
            CHECK_EQ(sa.max_level, sb.max_level);
            CHECK(sa.progress == sb.progress);
            if (ra == DLX_SOLUTION) {
                int32_t na = dlx_solution(bits, a, 512), nb = dlx_solution(links, b, 512);
                if (CHECK_EQ(na, nb)) CHECK(memcmp(a, b, (size_t)na * sizeof *a) == 0);
            }
            if (ra == DLX_DONE) break;
        }
        dlx_free(bits), dlx_free(links);
    }
    check_context("");
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
    /* Leaving an option out needs bounds; the last bounds stay while one is. */
    CHECK_EQ(dlx_exclude(d, 0), DLX_EBOUND);
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 2), DLX_OK);
    CHECK_EQ(dlx_exclude(d, 1), DLX_EOPTION);
    CHECK_EQ(dlx_unexclude(d), DLX_ENOFORCED);
    CHECK_EQ(dlx_exclude(d, 0), DLX_OK);
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    CHECK_EQ(count, 0);
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 1), DLX_EBOUND);
    CHECK_EQ(dlx_unexclude(d), DLX_OK);
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    CHECK_EQ(count, 1);
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 1), DLX_OK);
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    CHECK_EQ(count, 1);
    dlx_free(d);
}

/* The solutions of p holding every option of `in` and none of `out`. */
static int32_t brute_count(const problem *p, uint32_t in, uint32_t out) {
    int32_t n = 0;
    for (uint32_t m = 0; m < 1u << p->n; m++) n += (m & in) == in && !(m & out) && is_solution(p, m);
    return n;
}

static int bounded(const problem *p) {
    for (int32_t i = 0; i < p->primary; i++)
        if (p->lo[i] != 1 || p->hi[i] != 1) return 1;
    return 0;
}

static uint64_t count_of(dlx_t *d) {
    uint64_t count = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    return count;
}

/* dlx_branch_item's parts below what is forced and left out (in, out):
 * each counted, and split again `depth` more times; returns their sum. */
static uint64_t split_count(dlx_t *d, const problem *p, uint32_t in, uint32_t out, int depth) {
    int32_t i = dlx_branch_item(d), opts[MAX_OPTS];
    if (i < 0 || depth == 0) {
        uint64_t c = count_of(d);
        CHECK_EQ(c, brute_count(p, in, out));
        return c;
    }
    CHECK(i < p->primary);
    int32_t n = dlx_item_options(d, i, opts, MAX_OPTS), need = dlx_item_need(d, i), last = n - (need > 1 ? need : 1);
    uint64_t sum = 0;
    for (int32_t j = 0; j < n; j++) CHECK(j == 0 || opts[j] > opts[j - 1]);
    for (int32_t j = 0; j <= last + (need <= 0); j++) { /* j = n: none of them */
        uint32_t gone = 0;
        int32_t left = bounded(p) ? j : 0; /* without bounds i's options exclude each other */
        for (int32_t x = 0; x < left && x < n; x++) CHECK_EQ(dlx_exclude(d, opts[x]), DLX_OK), gone |= 1u << opts[x];
        if (j < n) CHECK_EQ(dlx_force(d, opts[j]), DLX_OK);
        sum += split_count(d, p, in | (j < n ? 1u << opts[j] : 0), out | gone, depth - 1);
        if (j < n) CHECK_EQ(dlx_unforce(d), DLX_OK);
        for (int32_t x = 0; x < left && x < n; x++) CHECK_EQ(dlx_unexclude(d), DLX_OK);
    }
    return sum;
}

/* Splits partition the solutions: the parts' counts add up to the whole,
 * each the brute force's count of its solutions, at every depth. */
static void test_split(void) {
    for (int round = 0; round < 600; round++) {
        problem p;
        random_problem(&p);
        check_context("split, random problem %d", round);
        dlx_t *d = build(&p);
        if (round % 2) dlx_set_engine(d, DLX_ENGINE_LINKS);
        uint64_t whole = count_of(d);
        CHECK_EQ(whole, brute_count(&p, 0, 0));
        for (int depth = 1; depth <= 3; depth++) CHECK_EQ(split_count(d, &p, 0, 0, depth), whole);
        CHECK_EQ(dlx_forced_count(d), 0);
        CHECK_EQ(count_of(d), whole); /* nothing left behind */
        dlx_free(d);
    }
    check_context("");
}

/* Knuth's estimate on Algorithm M's tree: finite, exact where the tree has
 * one path (every node one branch), and near the node count on many probes. */
static void test_estimate(void) {
    dlx_t *d = dlx_new(2, 0); /* a: 2 uses, b: 0 to 2: one path of 3 nodes */
    int32_t ab[] = {0, 1};
    dlx_set_bounds(d, 0, 2, 2), dlx_set_bounds(d, 1, 0, 2);
    dlx_add_option(d, ab, NULL, 1), dlx_add_option(d, ab, NULL, 1), dlx_add_option(d, ab + 1, NULL, 1);
    double est = -1;
    uint64_t steps = 0, count = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
    dlx_stats_t st;
    dlx_stats(d, &st);
    CHECK_EQ(dlx_estimate(d, 7, 5, &est, &steps), DLX_OK);
    CHECK(est == (double)st.nodes && steps == 5 * st.nodes);
    dlx_free(d);
    int near = 0, tried = 0;
    for (int round = 0; round < 200; round++) {
        problem p;
        random_problem(&p);
        check_context("estimate, random problem %d", round);
        d = build(&p);
        dlx_count(d, 0, 0, &count);
        dlx_stats(d, &st);
        CHECK_EQ(dlx_estimate(d, (uint64_t)round, 4000, &est, &steps), DLX_OK);
        CHECK(est >= 1.0 && est < 1e9 && steps >= 4000);
        tried++;
        near += est > 0.85 * (double)st.nodes && est < 1.15 * (double)st.nodes;
        dlx_free(d);
    }
    CHECK(near >= tried * 9 / 10);
    check_context("");
}

/* Seeds with bounds: the same solutions (under budgets too), in another order for some. */
static void test_seeds(void) {
    static uint32_t plain[1 << MAX_OPTS], seeded[1 << MAX_OPTS];
    int reordered = 0;
    for (int round = 0; round < 400; round++) {
        problem p;
        random_problem(&p);
        check_context("seeds, random problem %d", round);
        dlx_t *d = build(&p);
        int32_t n = engine_solutions(d, 0, plain, 1 << MAX_OPTS);
        dlx_set_seed(d, 1 + (uint64_t)round);
        int32_t ns = engine_solutions(d, 0, seeded, 1 << MAX_OPTS);
        CHECK_EQ(engine_solutions(d, 3, seeded + ns, 1 << MAX_OPTS), ns); /* steps: the same walk */
        CHECK(memcmp(seeded, seeded + ns, (size_t)ns * sizeof *seeded) == 0);
        if (!CHECK_EQ(ns, n)) {
            dlx_free(d);
            continue;
        }
        reordered += memcmp(plain, seeded, (size_t)n * sizeof *plain) != 0;
        qsort(plain, (size_t)n, sizeof *plain, cmp_u32);
        qsort(seeded, (size_t)n, sizeof *seeded, cmp_u32);
        CHECK(memcmp(plain, seeded, (size_t)n * sizeof *plain) == 0);
        CHECK_EQ(count_of(d), n);
        dlx_free(d);
    }
    CHECK(reordered > 20);
    check_context("");
}

int main(void) {
    check_cpu_limit("test_multi", 60); /* a hang guard in CPU time (check.h) */
    rng_state = 12345;
    test_bad_bounds();
    test_switching();
    test_force_twice();
    test_done_item();
    test_same_walk();
    test_random_vs_brute();
    test_split();
    test_estimate();
    test_seeds();
    return check_report("test_multi");
}
