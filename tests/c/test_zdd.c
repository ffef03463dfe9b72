/* test_zdd.c: the ZDD of all solutions (dlx_zdd.c, built by dlx_memo.c).
 * On random problems (primary and secondary items, forced options): its
 * count is the search's, solutions 0 .. count - 1 are distinct valid
 * exact covers and, as a set, the search's solutions; its text keeps the
 * format's rules and an independent counter of its paths finds the count.
 * Both choices of the memoized search (bit sets, lists). Random solutions: seeded, valid, and uniform by a chi-square test that a
 * planted biased sampler fails. The memory bound: DLX_ENOMEM, nothing
 * leaked, the handle usable. Counts past 2^64 and past 2^128. A dead
 * secondary item keys a state as if covered. Built in slices (as in
 * WebAssembly), the same ZDD; built in steps (dlx_zdd_begin, dlx_zdd_step),
 * the same ZDD, with progress between steps, and a build abandoned by any
 * other move of the problem's search, by freeing either side, or ended by
 * its memory bound. */
#include <stdlib.h>
#include <string.h>

#include "memo_problems.h"
#include "check.h"
#include "zdd_steps.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }
static dlx_wide_t wide(u128 v) { return (dlx_wide_t){ (uint64_t)v, (uint64_t)(v >> 64) }; }

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t draw(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}


/* Whether options[0..n) cover every primary item once and every secondary
 * item at most once, each option at most once. */
static int exact_cover(dlx_t *d, const int32_t *options, int32_t n) {
    int32_t items = dlx_item_count(d), np = dlx_primary_count(d), it[64];
    int *seen = calloc((size_t)items, sizeof *seen);
    int ok = 1;
    for (int32_t k = 0; k < n && ok; k++) {
        for (int32_t j = 0; j < k; j++) ok &= options[j] != options[k];
        int32_t len = dlx_option_items(d, options[k], it, NULL, 64);
        for (int32_t j = 0; ok && j < len; j++) ok &= !seen[it[j]]++;
    }
    for (int32_t i = 0; ok && i < np; i++) ok &= seen[i] == 1;
    free(seen);
    return ok;
}

static int by_int(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Solutions as sorted rows of `width` options (-1 after the last). */
enum { WIDTH = 16 };
static int by_row(const void *a, const void *b) { return memcmp(a, b, WIDTH * sizeof(int32_t)); }
static void as_row(int32_t *row, const int32_t *options, int32_t n) {
    for (int32_t k = 0; k < WIDTH; k++) row[k] = k < n ? options[k] : -1;
    qsort(row, (size_t)n, sizeof *row, by_int);
}

/* The text's lines "ID: (~V?LO:HI)": ids 2, 3, ... in order, children
 * before parents, no HI to 0, V an option's number (1 .. options) but on
 * the last line (the root: V 0, LO 0). The number of paths to 1 from the
 * root, counted here from the text alone (saturating: *bad set on a broken
 * rule). */
static u128 count_paths(const char *text, int32_t options, int *bad) {
    size_t cap = 16, n = 2;
    u128 *paths = malloc(cap * sizeof *paths);
    paths[0] = 0, paths[1] = 1;
    *bad = 0;
    unsigned id, lo, hi;
    int v, used, last = 0;
    for (const char *p = text; *p; p += used) {
        if (sscanf(p, "%x: (~%d?%x:%x)\n%n", &id, &v, &lo, &hi, &used) != 4 || last) {
            *bad = 1;
            break;
        }
        if (id != n || lo >= id || hi >= id) *bad = 1;
        if (v == 0) last = 1, *bad |= lo != 0; /* the root: the last line */
        else *bad |= v < 1 || v > options || hi == 0;
        if (*bad) break;
        if (n == cap) paths = realloc(paths, (cap *= 2) * sizeof *paths);
        paths[n++] = paths[lo] + paths[hi];
    }
    *bad |= !last;
    u128 total = *bad ? 0 : paths[n - 1];
    free(paths);
    return total;
}

/* Everything the ZDD says of d, against the linked search (small problems). */
static void check_against_search(dlx_t *d) {
    int32_t nopt = dlx_option_count(d), sol[WIDTH];
    size_t cap = 64, count = 0;
    int32_t *rows = malloc(cap * WIDTH * sizeof *rows);
    dlx_restart(d);
    while (dlx_search(d, 0) == DLX_SOLUTION) {
        if (count == cap) rows = realloc(rows, (cap *= 2) * WIDTH * sizeof *rows);
        as_row(rows + count++ * WIDTH, sol, dlx_solution(d, sol, WIDTH));
    }
    qsort(rows, count, WIDTH * sizeof *rows, by_row);
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    if (!z) {
        free(rows);
        return;
    }
    CHECK(value(dlx_zdd_count(z)) == count);
    CHECK(count > 0 || dlx_zdd_root(z) == 0);
    /* solutions 0 .. count - 1: valid, and the search's, each once */
    int32_t *mine = malloc((count + 1) * WIDTH * sizeof *mine);
    for (size_t k = 0; k < count; k++) {
        int32_t n = dlx_zdd_nth(z, wide(k), sol, WIDTH);
        CHECK(n >= 0 && n <= WIDTH);
        if (n < 0) n = 0;
        CHECK(exact_cover(d, sol, n));
        as_row(mine + k * WIDTH, sol, n);
    }
    qsort(mine, count, WIDTH * sizeof *mine, by_row);
    CHECK(count == 0 || !memcmp(mine, rows, count * WIDTH * sizeof *rows)); /* equal sorted lists: the same set, no repeat */
    CHECK_EQ(dlx_zdd_nth(z, wide(count), sol, WIDTH), DLX_ENOSOLUTION);
    /* random ones: valid */
    uint64_t state = count;
    for (int k = 0; k < 4; k++) {
        int32_t n = dlx_zdd_random(z, &state, sol, WIDTH);
        if (!count) CHECK_EQ(n, DLX_ENOSOLUTION);
        else CHECK(n >= 0 && exact_cover(d, sol, n));
    }
    /* the text: its rules, its paths */
    int64_t len = dlx_zdd_text(z, NULL, 0);
    char *text = malloc((size_t)len + 1);
    CHECK_EQ(dlx_zdd_text(z, text, (size_t)len), len);
    text[len] = 0;
    int bad;
    CHECK(count_paths(text, nopt, &bad) == count);
    CHECK(!bad);
    char head[8];
    CHECK_EQ(dlx_zdd_text(z, head, sizeof head), len); /* a prefix, the whole length */
    CHECK(!memcmp(head, text, len < 8 ? (size_t)len : 8));
    /* built by a walk in slices of 1 to 5 nodes (WebAssembly's return every
     * 4096): the same ZDD, byte for byte */
    d->memo_slice = 1 + count % 5;
    dlx_zdd_t *sliced = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &sliced), DLX_OK);
    d->memo_slice = 0;
    if (sliced) {
        char *again = malloc((size_t)len + 1);
        CHECK_EQ(dlx_zdd_text(sliced, again, (size_t)len), len);
        CHECK(!memcmp(again, text, (size_t)len));
        free(again);
        dlx_zdd_free(sliced);
    }
    /* built in steps of 1 to 7 nodes: the same ZDD */
    check_steps(d, z, 1 + count % 7);
    free(text);
    free(mine);
    free(rows);
    dlx_zdd_free(z);
}

/* Random problems as test_memo's: P primary, S secondary items, options of
 * 1..4 items with at least one primary; some forced. */
static void test_random(void) {
    for (int t = 0; t < 2000; t++) {
        int32_t np = 1 + (int32_t)draw(9), ns = (int32_t)draw(4), no = (int32_t)draw(26);
        check_context("random %d: %d primary, %d secondary, %d options", t, np, ns, no);
        dlx_t *d = dlx_new(np, ns);
        for (int32_t o = 0; o < no; o++) {
            int32_t it[4], k = random_option(draw, np, ns, it);
            dlx_add_option(d, it, NULL, k);
        }
        if (no && draw(3) == 0) dlx_force(d, (int32_t)draw((uint32_t)no));
        if (t % 2) dlx_set_engine(d, DLX_ENGINE_LINKS); /* the memo's lists, not its bit sets */
        check_against_search(d);
        dlx_free(d);
    }
    check_context("dominoes 4x5");
    dlx_t *d = dominoes(4, 5);
    check_against_search(d);
    dlx_free(d);
}

/* Pearson's chi-square of `draws` solutions over the `n` solutions of z
 * (each known by its sorted row in rows[], sorted), drawn by `sample`. */
typedef int32_t sampler(const dlx_zdd_t *z, uint64_t *state, int32_t *options, int32_t cap);
static double chi_square(const dlx_zdd_t *z, sampler *sample, const int32_t *rows, size_t n, int draws) {
    long *seen = calloc(n, sizeof *seen);
    uint64_t state = 2026;
    int32_t sol[WIDTH], row[WIDTH];
    for (int k = 0; k < draws; k++) {
        int32_t len = sample(z, &state, sol, WIDTH);
        as_row(row, sol, len);
        const int32_t *at = bsearch(row, rows, n, WIDTH * sizeof *rows, by_row);
        CHECK(at != NULL);
        if (at) seen[(at - rows) / WIDTH]++;
    }
    double expect = (double)draws / (double)n, x2 = 0;
    for (size_t j = 0; j < n; j++) x2 += (seen[j] - expect) * (seen[j] - expect) / expect;
    free(seen);
    return x2;
}

/* A biased sampler planted to check the test: at each node HI or LO by a
 * fair coin (where both lead to solutions), whatever their counts. */
static int32_t coin_sampler(const dlx_zdd_t *z, uint64_t *state, int32_t *options, int32_t cap) {
    int32_t n = 0;
    for (uint64_t j = dlx_zdd_root(z); j > 1;) {
        int32_t opt;
        uint64_t lo, hi;
        dlx_zdd_node(z, j, &opt, &lo, &hi);
        *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
        if (lo == 0 || *state >> 63) {
            if (n < cap) options[n] = opt;
            n++, j = hi;
        } else {
            j = lo;
        }
    }
    return n;
}

/* Domino tilings of 4x4: 36 solutions, 18,000 draws. With 35 degrees of
 * freedom the chi-square passes 66.62 with probability 0.001: the ZDD's
 * draws stay below it (the seed is fixed: the test is deterministic, and
 * this seed's statistic is not a borderline one), the coin's do not. */
static void test_uniform(void) {
    check_context("dominoes 4x4: uniform draws");
    dlx_t *d = dominoes(4, 4);
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    if (!z) {
        dlx_free(d);
        return;
    }
    CHECK(value(dlx_zdd_count(z)) == 36);
    int32_t rows[36 * WIDTH], sol[WIDTH];
    for (int k = 0; k < 36; k++) as_row(rows + k * WIDTH, sol, dlx_zdd_nth(z, wide((u128)k), sol, WIDTH));
    qsort(rows, 36, WIDTH * sizeof *rows, by_row);
    const double critical = 66.62; /* chi-square, 35 degrees of freedom, p = 0.001 */
    double fair = chi_square(z, dlx_zdd_random, rows, 36, 18000);
    double coin = chi_square(z, coin_sampler, rows, 36, 18000);
    printf("chi-square over 36 tilings, 18,000 draws: ZDD %.1f, coin %.1f (p = 0.001 at %.2f)\n", fair, coin, critical);
    CHECK(fair < critical);
    CHECK(coin > critical);
    check_context("seeds");
    uint64_t a = 7, b = 7, c = 8;
    int same = 1, differ = 0;
    for (int k = 0; k < 20; k++) {
        int32_t x[WIDTH], y[WIDTH], w[WIDTH];
        int32_t nx = dlx_zdd_random(z, &a, x, WIDTH), ny = dlx_zdd_random(z, &b, y, WIDTH);
        int32_t nw = dlx_zdd_random(z, &c, w, WIDTH);
        same &= nx == ny && !memcmp(x, y, (size_t)nx * sizeof *x);
        differ |= nx != nw || memcmp(x, w, (size_t)nx * sizeof *x);
    }
    CHECK(same);
    CHECK(differ);
    CHECK_EQ(dlx_zdd_random(z, NULL, sol, WIDTH), DLX_EARG);
    dlx_zdd_free(z);
    dlx_free(d);
}

/* The memory bound: too small is DLX_ENOMEM (never a crash, nothing
 * leaked: ASan's leak check), enough builds it; d counts on as before. */
static void test_bound(void) {
    dlx_t *d = dominoes(8, 8);
    dlx_zdd_t *z = (dlx_zdd_t *)&z; /* not NULL: the failure must clear it */
    check_context("8x8 in 3,000 bytes");
    CHECK_EQ(dlx_zdd_build(d, 3000, &z), DLX_ENOMEM);
    CHECK(z == NULL);
    int fails = 0, builds = 0;
    for (uint64_t bytes = 1; bytes < (1u << 20); bytes = bytes * 5 / 4 + 1) {
        check_context("8x8 in %llu bytes", (unsigned long long)bytes);
        int rc = dlx_zdd_build(d, bytes, &z);
        CHECK(rc == DLX_OK || rc == DLX_ENOMEM);
        if (rc == DLX_OK) {
            builds++;
            CHECK(value(dlx_zdd_count(z)) == 12988816);
            CHECK(dlx_zdd_size(z) == 2316); /* DLX6's 2,318 "ZDD nodes", its terminals counted */
            CHECK(dlx_zdd_bytes(z) <= bytes);
            dlx_zdd_free(z);
        } else {
            fails++;
            CHECK(builds == 0); /* more room never fails where less built */
        }
    }
    CHECK(fails > 0 && builds > 0);
    check_context("8x8: the handle after a failed build");
    uint64_t c = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 12988816);
    dlx_free(d);
}

/* Past 2^64: the count, the last solution; past 2^128: DLX_EOVERFLOW. */
static void test_big(void) {
    check_context("dominoes 24x8");
    dlx_t *d = dominoes(24, 8);
    dlx_set_memo(d, DLX_MEMO_ON, 0);
    dlx_wide_t want;
    CHECK_EQ(dlx_count_wide(d, 0, 0, &want), DLX_DONE);
    CHECK(want.hi != 0);
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    if (z) {
        CHECK(value(dlx_zdd_count(z)) == value(want));
        int32_t sol[100];
        u128 k[3] = { 0, value(want) / 3, value(want) - 1 };
        for (int j = 0; j < 3; j++) {
            int32_t n = dlx_zdd_nth(z, wide(k[j]), sol, 100);
            CHECK(n == 96 && exact_cover(d, sol, n));
        }
        CHECK_EQ(dlx_zdd_nth(z, want, sol, 100), DLX_ENOSOLUTION);
        uint64_t state = 1;
        int32_t n = dlx_zdd_random(z, &state, sol, 100);
        CHECK(n == 96 && exact_cover(d, sol, n));
        dlx_zdd_free(z);
    }
    dlx_free(d);
    check_context("dominoes 44x8: past 2^128");
    d = dominoes(44, 8);
    z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_EOVERFLOW);
    CHECK(z == NULL);
    dlx_zdd_free(z); /* none, unless the check failed */
    dlx_free(d);
}

/* A secondary item no possible option holds is as good as covered (as in
 * DLX6's signatures): primary p, x, q, secondary s; options {p x s}, {p x},
 * {x s}, {q}, {q}. Branching on p, {p x s} leaves q with s covered, {p x}
 * leaves q with s uncovered but dead: one state, one chain of two nodes,
 * and the root's chain two more. */
static void test_dead_secondary(void) {
    check_context("a dead secondary item");
    dlx_t *d = dlx_new(3, 1);
    const int32_t pxs[] = { 0, 1, 3 }, px[] = { 0, 1 }, xs[] = { 1, 3 }, q[] = { 2 };
    dlx_add_option(d, pxs, NULL, 3);
    dlx_add_option(d, px, NULL, 2);
    dlx_add_option(d, xs, NULL, 2);
    dlx_add_option(d, q, NULL, 1);
    dlx_add_option(d, q, NULL, 1);
    for (int lists = 0; lists < 2; lists++) {
        dlx_set_engine(d, lists ? DLX_ENGINE_LINKS : DLX_ENGINE_AUTO);
        dlx_zdd_t *z = NULL;
        CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
        CHECK(value(dlx_zdd_count(z)) == 4);
        CHECK_EQ(dlx_zdd_size(z), 4);
        dlx_zdd_free(z);
    }
    dlx_free(d);
}

/* What the ZDD does not take: NULLs, a terminal as a node (colors:
 * test_memo_colors.c; bounds: test_zdd_multi.c). */
static void test_refused(void) {
    check_context("refused");
    dlx_zdd_t *z = NULL;
    dlx_t *d = dominoes(2, 2);
    CHECK_EQ(dlx_zdd_build(NULL, 0, &z), DLX_EARG);
    CHECK_EQ(dlx_zdd_build(d, 0, NULL), DLX_EARG);
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    int32_t opt;
    CHECK_EQ(dlx_zdd_node(z, 0, &opt, NULL, NULL), DLX_EARG); /* a terminal */
    CHECK_EQ(dlx_zdd_node(z, dlx_zdd_size(z) + 2, &opt, NULL, NULL), DLX_EARG);
    CHECK_EQ(dlx_zdd_node(z, dlx_zdd_size(z) + 1, &opt, NULL, NULL), DLX_OK);
    CHECK_EQ(dlx_zdd_nth(z, wide(0), NULL, 4), DLX_EARG);
    dlx_zdd_free(z);
    dlx_free(d);
}

/* The build in steps on dominoes of 8x8 (2,316 nodes; 2,320 search
 * nodes): many steps, the one-call ZDD; what ends a build under way. */
static void test_steps(void) {
    check_context("steps: dominoes 8x8");
    dlx_t *d = dominoes(8, 8), *other = dominoes(2, 2);
    dlx_zdd_t *whole = NULL, *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &whole), DLX_OK);
    if (!whole) return;
    CHECK(check_steps(d, whole, 100) >= 20);
    CHECK(check_steps(d, whole, 1) >= 2000);
    const char *how[] = { "a restart", "a count", "a search", "a change", "another build", "another problem" };
    for (int k = 0; k < 6; k++) {
        check_context("steps: abandoned by %s", how[k]);
        CHECK_EQ(dlx_zdd_begin(d, 0, &z), DLX_OK);
        CHECK_EQ(dlx_zdd_step(d, z, 500), DLX_BUDGET);
        dlx_zdd_t *again = NULL;
        uint64_t c = 0;
        if (k == 0) dlx_restart(d);
        if (k == 1) CHECK_EQ(dlx_count(d, 3, 0, &c), DLX_LIMIT);
        if (k == 2) CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
        if (k == 3) CHECK_EQ(dlx_set_memo(d, DLX_MEMO_AUTO, 0), DLX_OK);
        if (k == 4) CHECK_EQ(dlx_zdd_begin(d, 0, &again), DLX_OK);
        CHECK_EQ(dlx_zdd_step(k == 5 ? other : d, z, 0), DLX_EARG);
        if (k == 4) CHECK_EQ(dlx_zdd_step(d, again, 0), DLX_OK);
        if (k == 5) CHECK_EQ(dlx_zdd_step(d, z, 0), DLX_OK); /* another's handle: refused, this one's goes on */
        dlx_zdd_free(again);
        dlx_zdd_free(z);
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE); /* the problem as before */
        CHECK_EQ(c, 12988816);
    }
    check_context("steps: an unfinished handle freed, then the problem freed first");
    CHECK_EQ(dlx_zdd_begin(d, 0, &z), DLX_OK);
    CHECK_EQ(dlx_zdd_step(d, z, 10), DLX_BUDGET);
    dlx_zdd_free(z); /* d restarts: its search starts afresh */
    uint64_t c = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 12988816);
    CHECK_EQ(dlx_zdd_begin(other, 0, &z), DLX_OK);
    dlx_free(other);
    CHECK_EQ(dlx_zdd_step(d, z, 0), DLX_EARG);
    dlx_zdd_progress_t pr;
    CHECK_EQ(dlx_zdd_progress(z, &pr), DLX_BUDGET);
    CHECK_EQ(dlx_zdd_progress(z, NULL), DLX_EARG);
    dlx_zdd_free(z); /* nothing left to abandon: ASan sees no leak, no use after free */
    check_context("steps: the memory bound mid-build");
    CHECK_EQ(dlx_zdd_begin(d, 40000, &z), DLX_OK);
    int rc, steps = 0;
    while ((rc = dlx_zdd_step(d, z, 50)) == DLX_BUDGET) steps++;
    CHECK_EQ(rc, DLX_ENOMEM);
    CHECK(steps > 0);
    CHECK_EQ(dlx_zdd_step(d, z, 50), DLX_ENOMEM); /* ended: as it ended */
    CHECK_EQ(dlx_zdd_progress(z, &pr), DLX_ENOMEM);
    CHECK(pr.bytes <= 40000);
    dlx_zdd_free(z);
    CHECK_EQ(dlx_zdd_step(d, NULL, 0), DLX_EARG);
    CHECK_EQ(dlx_zdd_begin(d, 0, NULL), DLX_EARG);
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    CHECK_EQ(c, 12988816);
    dlx_zdd_free(whole);
    dlx_free(d);
}

int main(void) {
    check_cpu_limit("test_zdd", 60);
    test_random();
    test_uniform();
    test_bound();
    test_big();
    test_dead_secondary();
    test_refused();
    test_steps();
    return check_report("test_zdd");
}
