/* test_engine.c: tests of the exact-cover engine (include/dlx.h).
 *
 * The engine is checked against references written here from the definition
 * of XCC, not from the engine: a brute-force enumeration of option subsets for
 * small random instances, plain backtracking (checked against the brute force)
 * for bigger ones, and a bitmask N-queens solver.
 *
 * Each group of tests runs in a child process (fork) under a CPU time limit,
 * so a crash or a hang in one group is reported and the others still run.
 *   build/test_engine              run every group
 *   build/test_engine force seeds  run the named groups only
 *   DLX_TEST_NOFORK=1 build/...    run in-process (for a debugger)
 *
 * Every group runs three times: once as built (small problems search on
 * bit sets, bigger ones on sparse sets), once with every handle on the
 * linked search, once with every handle on the sparse sets (dlx_cells.c);
 * the groups bits-vs-links and cells-vs-links check that they walk the
 * same tree.
 */
#define _POSIX_C_SOURCE 200809L

#include "dlx.h"
#include "../../src/core/dlx_internal.h" /* dlx_set_engine: both searches */
#include "check.h"

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ==== a reproducible PRNG (splitmix64) ==================================== */

typedef struct {
    uint64_t s;
} rng_t;

static uint64_t rng_next(rng_t *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0 .. n-1 (0 when n <= 0); the tiny modulo bias does not matter. */
static int rng_below(rng_t *r, int n) { return n > 0 ? (int)(rng_next(r) % (uint64_t)n) : 0; }

/* ==== instances: the options as the test gave them ========================= */

enum { MAX_ITEMS = 48, MAX_OPTS = 64, MAX_BRUTE_OPTS = 16 };

typedef struct {
    int32_t primary, secondary, n_opts;
    int32_t len[MAX_OPTS];
    int32_t item[MAX_OPTS][MAX_ITEMS];
    int32_t color[MAX_OPTS][MAX_ITEMS];
    int pass_colors[MAX_OPTS]; /* 0: added with colors == NULL (all zero) */
} instance;

static void inst_init(instance *in, int32_t primary, int32_t secondary) {
    memset(in, 0, sizeof *in);
    in->primary = primary;
    in->secondary = secondary;
}

static int32_t inst_items(const instance *in) { return in->primary + in->secondary; }

/* Record an option; colors may be NULL (then it is added with NULL too). */
static void inst_add(instance *in, const int32_t *items, const int32_t *colors, int32_t n) {
    int32_t k = in->n_opts++;
    in->len[k] = n;
    in->pass_colors[k] = colors != NULL;
    for (int32_t j = 0; j < n; j++) {
        in->item[k][j] = items[j];
        in->color[k][j] = colors ? colors[j] : 0;
    }
}

/* Add option k of the instance to an engine; it must get index `expect`. */
static void add_to_engine(dlx_t *d, const instance *in, int32_t k, int32_t expect) {
    const int32_t *colors = in->pass_colors[k] ? in->color[k] : NULL;
    CHECK_EQ(dlx_add_option(d, in->item[k], colors, in->len[k]), expect);
}

/* Set for the second run of the groups: every handle on the linked search;
 * for the third, every handle on the sparse sets. */
static int links_only, cells_only;

/* Set for the third run of some groups: every handle restarts, on Luby
 * units of RESTART_UNIT nodes, so that runs give up often even on small
 * problems; solutions, counts and budgets must not notice. */
static int restarting;
enum { RESTART_UNIT = 3 };

/* Set for the fourth run of those groups: restarting as above, and the
 * search hands over to clause learning (dlx_learn.c) after LEARN_AFTER
 * nodes when no solution is found by then (problems without colors). */
static int learning;
enum { LEARN_AFTER = 4 };

static dlx_t *new_handle(int32_t primary, int32_t secondary) {
    dlx_t *d = dlx_new(primary, secondary);
    if (d && links_only) dlx_set_engine(d, DLX_ENGINE_LINKS);
    if (d && cells_only) dlx_set_engine(d, DLX_ENGINE_CELLS);
    if (d && restarting) {
        dlx_set_restarts(d, 1);
        dlx_set_restart_unit(d, RESTART_UNIT);
        if (learning) dlx_set_learning(d, LEARN_AFTER);
    }
    return d;
}

static dlx_t *build(const instance *in) {
    dlx_t *d = new_handle(in->primary, in->secondary);
    if (!CHECK(d != NULL)) exit(1);
    CHECK_EQ(dlx_primary_count(d), in->primary);
    CHECK_EQ(dlx_item_count(d), inst_items(in));
    for (int32_t k = 0; k < in->n_opts; k++) add_to_engine(d, in, k, k);
    CHECK_EQ(dlx_option_count(d), in->n_opts);
    return d;
}

/* A random option: one primary item for sure, every other item with chance
 * density/100, a secondary item colored 1..3 with chance color_pct/100;
 * shuffled so the engine sees items in any order. */
static int32_t random_option(rng_t *r, const instance *in, int density, int color_pct,
                             int32_t *items, int32_t *colors) {
    int32_t n = 0, must = rng_below(r, in->primary);
    for (int32_t i = 0; i < inst_items(in); i++) {
        if (i != must && rng_below(r, 100) >= density) continue;
        items[n] = i;
        colors[n] = i >= in->primary && rng_below(r, 100) < color_pct ? 1 + rng_below(r, 3) : 0;
        n++;
    }
    for (int32_t j = n - 1; j > 0; j--) {
        int32_t o = rng_below(r, j + 1), ti = items[j], tc = colors[j];
        items[j] = items[o], colors[j] = colors[o];
        items[o] = ti, colors[o] = tc;
    }
    return n;
}

/* Add n_opts random options; uncolored ones are sometimes passed with NULL. */
static void add_random_options(rng_t *r, instance *in, int n_opts, int density, int color_pct) {
    int32_t items[MAX_ITEMS], colors[MAX_ITEMS];
    if (in->primary == 0) return; /* every option needs a primary item */
    for (int k = 0; k < n_opts; k++) {
        int32_t n = random_option(r, in, density, color_pct, items, colors);
        int colored = 0;
        for (int32_t j = 0; j < n; j++) colored |= colors[j] != 0;
        inst_add(in, items, colored || rng_below(r, 2) ? colors : NULL, n);
    }
}

/* Small: 0..6 primary, 0..4 secondary, 0..14 options. Densities vary
 * so that many instances have no solution and some have dozens. */
static void random_small(rng_t *r, instance *in) {
    inst_init(in, rng_below(r, 7), rng_below(r, 5));
    int color_pct = rng_below(r, 3) == 0 ? 0 : 50;
    add_random_options(r, in, rng_below(r, 15), 10 + rng_below(r, 45), color_pct);
}

/* Bigger, for resumption: too many options for brute force. */
static void random_big(rng_t *r, instance *in) {
    inst_init(in, 8 + rng_below(r, 5), rng_below(r, 5));
    add_random_options(r, in, 30 + rng_below(r, 31), 8 + rng_below(r, 10), 50);
}

/* 16..40 primary items in a row, options mostly runs of 1..3 of them (so
 * there are solutions), some with colored or plain secondary items. Too big
 * for brute force; big enough for the engine's blockwise MRV scan. */
static void random_runs(rng_t *r, instance *in) {
    inst_init(in, 16 + rng_below(r, 25), rng_below(r, 7));
    for (int k = 30 + rng_below(r, 35); k > 0; k--) {
        int32_t items[MAX_ITEMS], colors[MAX_ITEMS], n = 0;
        int32_t at = rng_below(r, in->primary), run = 1 + rng_below(r, 3);
        for (int32_t i = at; i < at + run && i < in->primary; i++) items[n] = i, colors[n++] = 0;
        for (int32_t i = in->primary; i < inst_items(in); i++)
            if (rng_below(r, 100) < 15) items[n] = i, colors[n++] = rng_below(r, 3);
        inst_add(in, items, colors, n);
    }
}

/* N-queens as XCC: rows and columns primary, both diagonals secondary.
 * Option i*n+j is the queen on square (i, j). */
static void queens(instance *in, int n) {
    inst_init(in, 2 * n, 2 * (2 * n - 1));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int32_t items[4] = {i, n + j, 2 * n + i + j, 2 * n + (2 * n - 1) + (i - j + n - 1)};
            inst_add(in, items, NULL, 4);
        }
}

/* ==== the reference: XCC straight from its definition ====================== */

/* Color option k gives item x: -1 if k does not contain x. */
static int32_t color_in(const instance *in, int32_t k, int32_t x) {
    for (int32_t j = 0; j < in->len[k]; j++)
        if (in->item[k][j] == x) return in->color[k][j];
    return -1;
}

/* Do options a and b both hold x and so exclude each other? Sharing is only
 * allowed for a secondary item both give the same nonzero color. */
static int clash_on(const instance *in, int32_t a, int32_t b, int32_t x) {
    int32_t ca = color_in(in, a, x), cb = color_in(in, b, x);
    if (ca < 0 || cb < 0) return 0;
    return x < in->primary || ca == 0 || ca != cb;
}

static int options_clash(const instance *in, int32_t a, int32_t b) {
    for (int32_t j = 0; j < in->len[a]; j++)
        if (clash_on(in, a, b, in->item[a][j])) return 1;
    return 0;
}

/* Is opts[0..n-1] a solution: distinct valid options, every primary item
 * covered once, every secondary item unused, used once, or used by options
 * that all give it one nonzero color? */
static int is_solution(const instance *in, const int32_t *opts, int32_t n) {
    int32_t state[MAX_ITEMS]; /* -1 unused, 0 used without color, c > 0 color c */
    char seen[MAX_OPTS] = {0};
    for (int32_t i = 0; i < inst_items(in); i++) state[i] = -1;
    for (int32_t s = 0; s < n; s++) {
        int32_t k = opts[s];
        if (k < 0 || k >= in->n_opts || seen[k]) return 0;
        seen[k] = 1;
        for (int32_t j = 0; j < in->len[k]; j++) {
            int32_t x = in->item[k][j], c = in->color[k][j];
            if (state[x] >= 0 && (x < in->primary || c == 0 || state[x] != c)) return 0;
            state[x] = c;
        }
    }
    for (int32_t i = 0; i < in->primary; i++)
        if (state[i] < 0) return 0;
    return 1;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Every subset of the options, as bit masks in increasing order (so sorted). */
static size_t brute_solutions(const instance *in, uint64_t *out) {
    size_t found = 0;
    if (!CHECK(in->n_opts <= MAX_BRUTE_OPTS)) return 0;
    for (uint64_t m = 0; m < (1ULL << in->n_opts); m++) {
        int32_t opts[MAX_OPTS], n = 0;
        for (int32_t k = 0; k < in->n_opts; k++)
            if (m >> k & 1) opts[n++] = k;
        if (is_solution(in, opts, n)) out[found++] = m;
    }
    return found;
}

/* How many of the given solutions contain every option of `forced`. */
static size_t count_containing(const uint64_t *sols, size_t n, uint64_t forced) {
    size_t c = 0;
    for (size_t s = 0; s < n; s++) c += (sols[s] & forced) == forced;
    return c;
}

/* A second reference for instances too big for subsets: backtracking on the
 * first uncovered primary item, trying every option that holds it and fits
 * the items taken so far. Every solution turns up once, as a mask. */
typedef struct {
    const instance *in;
    int32_t state[MAX_ITEMS]; /* as in is_solution */
    uint64_t chosen, *out;
    size_t found, cap;
} backtracker;

static int fits(const backtracker *b, int32_t k) {
    const instance *in = b->in;
    for (int32_t j = 0; j < in->len[k]; j++) {
        int32_t x = in->item[k][j], c = in->color[k][j];
        if (b->state[x] >= 0 && (x < in->primary || c == 0 || b->state[x] != c)) return 0;
    }
    return 1;
}

static void backtrack(backtracker *b) {
    const instance *in = b->in;
    int32_t i = 0;
    while (i < in->primary && b->state[i] >= 0) i++;
    if (i == in->primary) {
        if (b->found < b->cap) b->out[b->found] = b->chosen;
        b->found++;
        return;
    }
    for (int32_t k = 0; k < in->n_opts; k++) {
        if (color_in(in, k, i) < 0 || !fits(b, k)) continue;
        int32_t saved[MAX_ITEMS];
        for (int32_t j = 0; j < in->len[k]; j++) {
            saved[j] = b->state[in->item[k][j]];
            b->state[in->item[k][j]] = in->color[k][j];
        }
        b->chosen |= 1ULL << k;
        backtrack(b);
        b->chosen &= ~(1ULL << k);
        for (int32_t j = 0; j < in->len[k]; j++) b->state[in->item[k][j]] = saved[j];
    }
}

/* The solutions as sorted masks (at most cap written); returns how many. */
static size_t backtrack_solutions(const instance *in, uint64_t *out, size_t cap) {
    backtracker b = {in, {0}, 0, out, 0, cap};
    for (int32_t i = 0; i < inst_items(in); i++) b.state[i] = -1;
    backtrack(&b);
    qsort(out, b.found < cap ? b.found : cap, sizeof *out, cmp_u64);
    return b.found;
}

/* N-queens by bitmask backtracking: every solution as the mask of its
 * squares (option i*n+j), in increasing order after sorting. */
static void queens_place(int n, int row, uint32_t cols, uint32_t d1, uint32_t d2, uint64_t m,
                         uint64_t *out, size_t *found) {
    if (row == n) {
        out[(*found)++] = m;
        return;
    }
    for (int j = 0; j < n; j++) {
        uint32_t a = 1u << (row + j), b = 1u << (row - j + n - 1);
        if (cols >> j & 1 || d1 & a || d2 & b) continue;
        queens_place(n, row + 1, cols | 1u << j, d1 | a, d2 | b, m | 1ULL << (row * n + j), out,
                     found);
    }
}

static size_t queens_solutions(int n, uint64_t *out) {
    size_t found = 0;
    queens_place(n, 0, 0, 0, 0, 0, out, &found);
    qsort(out, found, sizeof *out, cmp_u64);
    return found;
}

/* ==== running the engine ====================================================== */

/* Solutions in the order found, each stored as its length then its options. */
typedef struct {
    int32_t *v;
    size_t n, cap, count;
} sol_list;

static void sols_push(sol_list *s, const int32_t *opts, int32_t n) {
    if (s->n + (size_t)n + 1 > s->cap) {
        s->cap = 2 * (s->n + (size_t)n + 1) + 64;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v) exit(2);
    }
    s->v[s->n++] = n;
    memcpy(s->v + s->n, opts, (size_t)n * sizeof *opts);
    s->n += (size_t)n;
    s->count++;
}

static void sols_free(sol_list *s) {
    free(s->v);
    memset(s, 0, sizeof *s);
}

static int sols_equal(const sol_list *a, const sol_list *b) {
    return a->count == b->count && a->n == b->n &&
           (a->n == 0 || memcmp(a->v, b->v, a->n * sizeof *a->v) == 0);
}

/* The solutions as sorted option masks: a set of sorted option lists. Each
 * solution must be a valid cover of `in` (which also rules out an option
 * repeated within a solution). Returns how many masks were written. */
static size_t sols_masks(const instance *in, const sol_list *s, uint64_t *out) {
    size_t at = 0;
    for (size_t i = 0; i < s->count; i++) {
        int32_t n = s->v[at];
        const int32_t *opts = s->v + at + 1;
        uint64_t m = 0;
        CHECK(is_solution(in, opts, n));
        for (int32_t j = 0; j < n; j++)
            if (opts[j] >= 0 && opts[j] < 64) m |= 1ULL << opts[j];
        out[i] = m;
        at += (size_t)n + 1;
    }
    qsort(out, s->count, sizeof *out, cmp_u64);
    return s->count;
}

/* Do the engine's solutions form exactly the expected set? */
static void check_same_set(const instance *in, const sol_list *got, const uint64_t *want,
                           size_t n_want) {
    uint64_t *masks = malloc((got->count + 1) * sizeof *masks);
    if (!masks) exit(2);
    size_t n = sols_masks(in, got, masks);
    if (CHECK_EQ(n, n_want)) CHECK(n == 0 || memcmp(masks, want, n * sizeof *masks) == 0);
    free(masks);
}

/* Call dlx_search(d, budget) until DLX_DONE, recording the solutions, and
 * check every call: a DLX_BUDGET call spent exactly its budget (and only
 * happens with one), others spent at most the budget, progress stays in
 * [0, 1] and is 1 at the end, there is no solution to read between
 * solutions, and a finished search stays finished. `end` (optional) gets the
 * final statistics. */
static void enumerate(dlx_t *d, uint64_t budget, sol_list *out, dlx_stats_t *end) {
    int32_t opts[MAX_OPTS + 1];
    dlx_stats_t st;
    dlx_stats(d, &st);
    uint64_t before = st.nodes;
    for (;;) {
        int rc = dlx_search(d, budget);
        dlx_stats(d, &st);
        CHECK(st.progress >= 0.0 && st.progress <= 1.0);
        if (budget) CHECK(st.nodes - before <= budget);
        if (rc == DLX_BUDGET) CHECK_EQ(st.nodes - before, budget);
        before = st.nodes;
        if (rc == DLX_SOLUTION) {
            int32_t n = dlx_solution(d, opts, MAX_OPTS + 1);
            if (!CHECK(n >= 0 && n <= MAX_OPTS)) break;
            sols_push(out, opts, n);
        } else if (rc == DLX_BUDGET && budget) {
            CHECK_EQ(dlx_solution(d, opts, MAX_OPTS), DLX_ENOSOLUTION);
        } else {
            CHECK_EQ(rc, DLX_DONE);
            break;
        }
    }
    CHECK(st.progress == 1.0);
    CHECK_EQ(st.solutions, out->count);
    CHECK_EQ(dlx_solution(d, opts, MAX_OPTS), DLX_ENOSOLUTION);
    CHECK_EQ(dlx_search(d, budget), DLX_DONE);
    if (end) *end = st;
}

static uint64_t count_all(dlx_t *d) {
    uint64_t c = UINT64_MAX;
    CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
    return c;
}

/* Do the items and colors the engine reports for every option match the
 * ones given? (Purifying marks nodes internally; that must not show.) */
static void check_option_items(dlx_t *d, const instance *in) {
    for (int32_t k = 0; k < in->n_opts; k++) {
        int32_t items[MAX_ITEMS], colors[MAX_ITEMS];
        if (!CHECK_EQ(dlx_option_items(d, k, items, colors, MAX_ITEMS), in->len[k])) continue;
        for (int32_t j = 0; j < in->len[k]; j++) {
            CHECK_EQ(items[j], in->item[k][j]);
            CHECK_EQ(colors[j], in->color[k][j]);
        }
    }
}

/* ==== 1. random small instances against brute force =========================== */

/* Enumerate from a fresh start and compare with the brute-force set. */
static void check_enumeration(dlx_t *d, const instance *in, const uint64_t *want, size_t n) {
    sol_list got = {0};
    enumerate(d, 0, &got, NULL);
    CHECK_EQ(got.count, n);
    check_same_set(in, &got, want, n);
    sols_free(&got);
}

/* Stop at the first solution, where the search has purified colored items,
 * and check that dlx_option_items still reports the options as given. */
static void check_items_mid_search(dlx_t *d, const instance *in) {
    dlx_restart(d);
    if (dlx_search(d, 0) == DLX_SOLUTION) check_option_items(d, in);
    dlx_restart(d);
}

static void test_random_vs_brute(void) {
    static instance in;
    static uint64_t want[1 << MAX_BRUTE_OPTS], second[1 << MAX_BRUTE_OPTS];
    rng_t r = {20240601};
    int none = 0, many = 0;
    for (int t = 0; t < 3000; t++) {
        check_context("random instance %d", t);
        random_small(&r, &in);
        size_t n = brute_solutions(&in, want);
        CHECK_EQ(backtrack_solutions(&in, second, 1 << MAX_BRUTE_OPTS), n); /* the references agree */
        CHECK(memcmp(second, want, n * sizeof *want) == 0);
        dlx_t *d = build(&in);
        CHECK_EQ(count_all(d), n);
        dlx_restart(d);
        check_enumeration(d, &in, want, n);
        dlx_set_seed(d, (uint64_t)t + 1); /* another order, the same set */
        check_enumeration(d, &in, want, n);
        check_items_mid_search(d, &in);
        none += n == 0;
        many += n >= 10;
        dlx_free(d);
    }
    check_context("mix of random instances");
    CHECK(none >= 300); /* the generator must exercise dead ends ... */
    CHECK(many >= 30);  /* ... and instances with many solutions */
}

/* ==== 2. resumption ============================================================== */

/* dlx_search_until with one absolute node limit over many calls: returns
 * the solutions of the uninterrupted run up to the limit, then DLX_BUDGET
 * (or DLX_DONE when the limit covers the whole search), and stays put when
 * called again; a search without limit then finishes the rest. */
static void check_search_until(dlx_t *d, const sol_list *ref, uint64_t total_nodes,
                               uint64_t limit) {
    int32_t opts[MAX_OPTS + 1];
    sol_list got = {0};
    dlx_stats_t st;
    int rc;
    dlx_restart(d);
    while ((rc = dlx_search_until(d, limit)) == DLX_SOLUTION) {
        int32_t n = dlx_solution(d, opts, MAX_OPTS + 1);
        if (!CHECK(n >= 0 && n <= MAX_OPTS)) return;
        sols_push(&got, opts, n);
    }
    dlx_stats(d, &st);
    CHECK(st.nodes <= limit);
    CHECK_EQ(rc, limit >= total_nodes ? DLX_DONE : DLX_BUDGET);
    if (rc == DLX_BUDGET) {
        CHECK_EQ(st.nodes, limit);
        CHECK_EQ(dlx_search_until(d, limit), DLX_BUDGET); /* no room: stays put */
        enumerate(d, 0, &got, NULL); /* the rest, without a limit */
    }
    CHECK(sols_equal(&got, ref));
    sols_free(&got);
}

/* Budgets of 1, 7 and 1000 nodes must give the uninterrupted run's solutions
 * in its order and the same statistics, with or without a seed; that run
 * must find what the backtracking reference finds. */
static void check_resumption(const instance *in, uint64_t seed) {
    static const uint64_t budgets[] = {1, 7, 1000};
    static uint64_t want[1 << 16];
    dlx_t *d = build(in);
    sol_list ref = {0};
    dlx_stats_t ref_end;
    dlx_set_seed(d, seed);
    enumerate(d, 0, &ref, &ref_end);
    size_t n_want = backtrack_solutions(in, want, 1 << 16);
    if (CHECK(n_want <= 1 << 16)) check_same_set(in, &ref, want, n_want);
    for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
        sol_list got = {0};
        dlx_stats_t end;
        dlx_set_seed(d, seed);
        enumerate(d, budgets[b], &got, &end); /* checks every call's node spending */
        CHECK(sols_equal(&got, &ref));
        CHECK_EQ(end.nodes, ref_end.nodes);
        CHECK_EQ(end.updates, ref_end.updates);
        CHECK_EQ(end.max_level, ref_end.max_level);
        CHECK_EQ(end.guesses, ref_end.guesses);
        CHECK(end.guesses <= end.nodes);
        sols_free(&got);
    }
    uint64_t limits[] = {ref_end.nodes, ref_end.nodes / 2, ref_end.nodes + 1};
    for (size_t l = 0; l < 3; l++) {
        if (limits[l] == 0) continue; /* 0 would mean no limit */
        dlx_set_seed(d, seed);
        check_search_until(d, &ref, ref_end.nodes, limits[l]);
    }
    sols_free(&ref);
    dlx_free(d);
}

static void test_resumption(void) {
    static instance in;
    rng_t r = {777};
    for (int n = 6; n <= 8; n++) {
        check_context("%d-queens", n);
        queens(&in, n);
        check_resumption(&in, 0);
        check_resumption(&in, 99);
    }
    for (int t = 0; t < 12; t++) {
        check_context("big random instance %d", t);
        random_big(&r, &in);
        check_resumption(&in, t % 2 ? 0 : (uint64_t)t + 5);
    }
    for (int t = 0; t < 6; t++) {
        check_context("random runs instance %d", t);
        random_runs(&r, &in);
        check_resumption(&in, t % 2 ? 0 : (uint64_t)t + 7);
    }
}

/* 16..40 primary items (the engine scans item lengths in blocks of 16):
 * counts and solution sets against the backtracking reference. */
static void test_runs_vs_backtracking(void) {
    static instance in;
    static uint64_t want[1 << 15];
    rng_t r = {2718};
    int none = 0, many = 0;
    for (int t = 0; t < 300; t++) {
        check_context("random runs instance %d", t);
        random_runs(&r, &in);
        size_t n = backtrack_solutions(&in, want, 1 << 15);
        if (n > 1 << 15) continue; /* too many to list */
        dlx_t *d = build(&in);
        CHECK_EQ(count_all(d), n);
        dlx_restart(d);
        check_enumeration(d, &in, want, n);
        dlx_set_seed(d, (uint64_t)t + 1);
        check_enumeration(d, &in, want, n);
        none += n == 0;
        many += n >= 100;
        dlx_free(d);
    }
    check_context("mix of random runs instances");
    CHECK(none >= 20);
    CHECK(many >= 20);
}

/* More primary items than the engine scans as an array (it follows the
 * item list then): a small instance padded with PADS items that have one
 * option each, placed before or after its own items. The solutions are the
 * small instance's (brute force), each with every pad option added. */
enum { PADS = 4200 };

static dlx_t *build_padded(const instance *in, int pads_first) {
    int32_t off = pads_first ? PADS : 0, pad0 = pads_first ? 0 : in->primary;
    dlx_t *d = new_handle(in->primary + PADS, in->secondary);
    for (int32_t k = 0; k < in->n_opts; k++) {
        int32_t items[MAX_ITEMS];
        for (int32_t j = 0; j < in->len[k]; j++)
            items[j] = in->item[k][j] + (in->item[k][j] < in->primary ? off : PADS);
        CHECK_EQ(dlx_add_option(d, items, in->color[k], in->len[k]), k);
    }
    for (int32_t j = 0; j < PADS; j++) {
        int32_t pad = pad0 + j;
        CHECK_EQ(dlx_add_option(d, &pad, NULL, 1), in->n_opts + j);
    }
    return d;
}

/* Strip the pad options off each solution (all PADS must be there) and
 * compare what is left with the brute-force set. */
static void check_padded_solutions(dlx_t *d, const instance *in, const uint64_t *want, size_t n) {
    static int32_t opts[PADS + MAX_OPTS + 1];
    static uint64_t got[1 << MAX_BRUTE_OPTS];
    size_t found = 0;
    int rc;
    dlx_restart(d);
    while ((rc = dlx_search(d, 0)) == DLX_SOLUTION && CHECK(found < n)) {
        int32_t len = dlx_solution(d, opts, PADS + MAX_OPTS + 1), pads = 0, real[MAX_OPTS], n_real = 0;
        if (!CHECK(len >= PADS && len <= PADS + MAX_OPTS)) break;
        uint64_t m = 0;
        for (int32_t j = 0; j < len; j++) {
            if (opts[j] >= in->n_opts) pads++;
            else if (n_real < MAX_OPTS) real[n_real++] = opts[j], m |= 1ULL << opts[j];
        }
        CHECK_EQ(pads, PADS);
        CHECK(is_solution(in, real, n_real));
        got[found++] = m;
    }
    CHECK_EQ(rc, DLX_DONE);
    qsort(got, found, sizeof *got, cmp_u64);
    if (CHECK_EQ(found, n)) CHECK(n == 0 || memcmp(got, want, n * sizeof *got) == 0);
}

static void test_many_items(void) {
    static instance in;
    static uint64_t want[1 << MAX_BRUTE_OPTS];
    rng_t r = {1414};
    for (int t = 0; t < 12; t++) {
        check_context("%d padding items, instance %d, pads %s", PADS, t, t % 2 ? "first" : "last");
        do random_small(&r, &in);
        while (in.primary == 0);
        size_t n = brute_solutions(&in, want);
        dlx_t *d = build_padded(&in, t % 2);
        CHECK_EQ(count_all(d), n);
        check_padded_solutions(d, &in, want, n);
        dlx_free(d);
    }
}

/* The engine's N-queens solutions are exactly the bitmask solver's. */
static void test_queens_reference(void) {
    static instance in;
    static uint64_t want[1000];
    for (int n = 1; n <= 8; n++) {
        check_context("%d-queens", n);
        queens(&in, n);
        size_t c = queens_solutions(n, want);
        dlx_t *d = build(&in);
        CHECK_EQ(count_all(d), c);
        dlx_restart(d);
        check_enumeration(d, &in, want, c);
        dlx_free(d);
    }
}

/* ==== 3. forcing ================================================================= */

/* With `forced` forced (in that order), count and enumerate: the solutions
 * must be those of `all` containing every forced option, each listing the
 * forced options first. */
static void check_forced_solutions(dlx_t *d, const instance *in, const int32_t *forced,
                                   int32_t n_forced, const uint64_t *all, size_t n_all) {
    uint64_t fmask = 0;
    for (int32_t f = 0; f < n_forced; f++) fmask |= 1ULL << forced[f];
    uint64_t *want = malloc((n_all + 1) * sizeof *want);
    size_t n = 0;
    for (size_t s = 0; s < n_all; s++)
        if ((all[s] & fmask) == fmask) want[n++] = all[s];
    CHECK_EQ(dlx_forced_count(d), n_forced);
    CHECK_EQ(count_all(d), n);
    sol_list got = {0};
    dlx_restart(d);
    enumerate(d, 0, &got, NULL);
    check_same_set(in, &got, want, n);
    for (size_t i = 0, at = 0; i < got.count; i++, at += (size_t)got.v[at] + 1) {
        if (!CHECK(got.v[at] >= n_forced)) continue;
        for (int32_t f = 0; f < n_forced; f++) CHECK_EQ(got.v[at + 1 + (size_t)f], forced[f]);
    }
    sols_free(&got);
    free(want);
}

/* Forcing k must clash with the forced set exactly when the reference says
 * so. On a clash dlx_conflict must name a forced option that really clashes
 * with k on the item it names, and the forced stack must be unchanged. */
static int try_force(dlx_t *d, const instance *in, int32_t *forced, int32_t *n_forced, int32_t k) {
    int expect_clash = 0;
    for (int32_t f = 0; f < *n_forced; f++) expect_clash |= options_clash(in, forced[f], k);
    int rc = dlx_force(d, k);
    if (!expect_clash) {
        if (CHECK_EQ(rc, DLX_OK)) forced[(*n_forced)++] = k;
        return rc == DLX_OK;
    }
    CHECK_EQ(rc, DLX_ECONFLICT);
    int32_t o = -100, x = -100, ok = 0;
    dlx_conflict(d, &o, &x);
    for (int32_t f = 0; f < *n_forced; f++) ok |= forced[f] == o;
    CHECK(ok);                            /* o is a forced option ... */
    CHECK(o >= 0 && o < in->n_opts && x >= 0 && x < inst_items(in) && clash_on(in, o, k, x));
    CHECK_EQ(dlx_forced_count(d), *n_forced); /* ... and nothing was forced */
    return 0;
}

/* Force options from a known solution of N-queens one by one (each count is
 * the reference solutions holding those squares), try clashing squares,
 * then unforce one at a time and all at once. */
static void test_force_queens(void) {
    static instance in;
    static uint64_t all[100];
    rng_t r = {31337};
    queens(&in, 8);
    size_t n_all = queens_solutions(8, all);
    dlx_t *d = build(&in);
    for (int round = 0; round < 4; round++) {
        check_context("8-queens forcing, round %d", round);
        uint64_t sol = all[rng_below(&r, (int)n_all)];
        int32_t forced[64], n_forced = 0;
        for (int32_t k = 0; k < 64 && n_forced < 3 + round; k++)
            if (sol >> k & 1 && rng_below(&r, 2)) {
                CHECK(try_force(d, &in, forced, &n_forced, k));
                check_forced_solutions(d, &in, forced, n_forced, all, n_all);
            }
        for (int t = 0; t < 20; t++) { /* random squares: some clash, some do not */
            int32_t before = n_forced;
            if (try_force(d, &in, forced, &n_forced, rng_below(&r, 64)) && n_forced > before) {
                check_forced_solutions(d, &in, forced, n_forced, all, n_all);
                CHECK_EQ(dlx_unforce(d), DLX_OK);
                n_forced--;
            }
            check_forced_solutions(d, &in, forced, n_forced, all, n_all);
        }
        while (round % 2 && n_forced > 0) {
            CHECK_EQ(dlx_unforce(d), DLX_OK);
            n_forced--;
            check_forced_solutions(d, &in, forced, n_forced, all, n_all);
        }
        dlx_unforce_all(d);
        check_forced_solutions(d, &in, forced, 0, all, n_all);
        CHECK_EQ(dlx_unforce(d), DLX_ENOFORCED);
    }
    dlx_free(d);
}

/* Colored secondary items: the same color may be forced twice, another
 * color or no color may not; the engine still reports the options' colors
 * as given while colored items are settled by forcing. */
static void test_force_colors(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    enum { S = 3 }; /* the secondary item */
    static const int32_t o0[] = {0, S}, o1[] = {1, S}, o2[] = {2, S}, o3[] = {S, 2}, o4[] = {2};
    static const int32_t red[] = {0, 1}, blue[] = {0, 2}, uncolored[] = {0, 0};
    check_context("forcing colored options");
    inst_init(&in, 3, 1);
    inst_add(&in, o0, red, 2);         /* 0 */
    inst_add(&in, o1, red, 2);         /* 1: agrees with 0 */
    inst_add(&in, o2, blue, 2);        /* 2: disagrees */
    inst_add(&in, o3, uncolored, 2);   /* 3: S without color */
    inst_add(&in, o4, NULL, 1);        /* 4 */
    size_t n_all = brute_solutions(&in, all);
    dlx_t *d = build(&in);
    int32_t forced[8], n_forced = 0;
    CHECK(try_force(d, &in, forced, &n_forced, 0));
    CHECK(try_force(d, &in, forced, &n_forced, 1));
    check_option_items(d, &in);
    CHECK(!try_force(d, &in, forced, &n_forced, 2));
    CHECK(!try_force(d, &in, forced, &n_forced, 3));
    int32_t o, x;
    dlx_conflict(d, &o, &x);
    CHECK_EQ(x, S);
    check_forced_solutions(d, &in, forced, n_forced, all, n_all);
    CHECK(try_force(d, &in, forced, &n_forced, 4));
    check_forced_solutions(d, &in, forced, n_forced, all, n_all);
    check_option_items(d, &in);
    dlx_unforce_all(d);
    CHECK_EQ(dlx_forced_count(d), 0);
    check_forced_solutions(d, &in, forced, 0, all, n_all);
    check_option_items(d, &in);
    dlx_free(d);
}

/* An item once settled on a color (by a forced option, since unforced, or
 * by a search) and now taken without color by a forced option must clash
 * with every option that uses it, whatever color that one gives it. */
static void test_force_after_settled(void) {
    static instance in;
    enum { S = 3 };
    static const int32_t o0[] = {0, S}, o1[] = {1, S}, o2[] = {S, 2}, o3[] = {2};
    static const int32_t red[] = {0, 1}, uncolored[] = {0, 0};
    inst_init(&in, 3, 1);
    inst_add(&in, o0, red, 2);       /* 0: S red */
    inst_add(&in, o1, red, 2);       /* 1: S red */
    inst_add(&in, o2, uncolored, 2); /* 2: S without color */
    inst_add(&in, o3, NULL, 1);      /* 3 */
    dlx_t *d = build(&in);
    int32_t forced[4], n_forced = 0, o = -1, x = -1;
    check_context("S settled red by a forced option, unforced, then taken plainly");
    CHECK(try_force(d, &in, forced, &n_forced, 0));
    CHECK_EQ(dlx_unforce(d), DLX_OK);
    n_forced = 0;
    CHECK(try_force(d, &in, forced, &n_forced, 2));
    CHECK(!try_force(d, &in, forced, &n_forced, 1));
    dlx_conflict(d, &o, &x);
    CHECK(o == 2 && x == S);
    dlx_unforce_all(d);
    n_forced = 0;
    check_context("S settled red by a search, then taken plainly");
    CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION); /* {0, 1, 3}: S settled red */
    CHECK(try_force(d, &in, forced, &n_forced, 2));
    CHECK(!try_force(d, &in, forced, &n_forced, 0));
    dlx_free(d);
}

/* Forcing every option of a solution leaves nothing to search: exactly one
 * solution, the forced options in the order forced. */
static void check_force_whole_solution(rng_t *r, dlx_t *d, const instance *in, uint64_t sol,
                                       const uint64_t *all, size_t n_all) {
    int32_t order[MAX_OPTS], n = 0, forced[MAX_OPTS], n_forced = 0;
    for (int32_t k = 0; k < in->n_opts; k++)
        if (sol >> k & 1) order[n++] = k;
    for (int32_t j = n - 1; j > 0; j--) {
        int32_t o = rng_below(r, j + 1), t = order[j];
        order[j] = order[o], order[o] = t;
    }
    for (int32_t j = 0; j < n; j++) CHECK(try_force(d, in, forced, &n_forced, order[j]));
    CHECK_EQ(count_containing(all, n_all, sol), 1);
    check_forced_solutions(d, in, forced, n_forced, all, n_all);
    dlx_unforce_all(d);
}

/* Random instances: force random options (some clash, some are forced
 * already), compare with brute force at every step, pop, compare again. */
static void test_force_random(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    rng_t r = {4242};
    for (int t = 0; t < 1500; t++) {
        check_context("forcing on random instance %d", t);
        random_small(&r, &in);
        if (in.n_opts == 0) continue;
        size_t n_all = brute_solutions(&in, all);
        dlx_t *d = build(&in);
        int32_t forced[MAX_OPTS], n_forced = 0;
        for (int step = rng_below(&r, 5); step >= 0; step--) {
            try_force(d, &in, forced, &n_forced, rng_below(&r, in.n_opts));
            check_forced_solutions(d, &in, forced, n_forced, all, n_all);
            check_option_items(d, &in);
        }
        while (n_forced > 0 && rng_below(&r, 3)) {
            CHECK_EQ(dlx_unforce(d), DLX_OK);
            n_forced--;
            check_forced_solutions(d, &in, forced, n_forced, all, n_all);
        }
        dlx_unforce_all(d);
        check_forced_solutions(d, &in, forced, 0, all, n_all);
        if (n_all > 0) check_force_whole_solution(&r, d, &in, all[rng_below(&r, (int)n_all)], all,
                                                  n_all);
        dlx_free(d);
    }
}

/* A forced option makes an option clash with a later forced one twice over:
 * it agrees with forced option 0 on the colored item S (so that is no clash)
 * but shares primary item 2 with forced option 1. dlx_conflict must name
 * option 1 and item 2, not option 0 and S. */
static void test_force_conflict_hidden(void) {
    static instance in;
    enum { S = 3 };
    static const int32_t a[] = {0, S}, a_col[] = {0, 1}, b[] = {2};
    static const int32_t k[] = {S, 1, 2}, k_col[] = {1, 0, 0};
    check_context("conflict report for an option hidden by an earlier force");
    inst_init(&in, 3, 1);
    inst_add(&in, a, a_col, 2);
    inst_add(&in, b, NULL, 1);
    inst_add(&in, k, k_col, 3);
    dlx_t *d = build(&in);
    int32_t forced[4], n_forced = 0;
    CHECK(try_force(d, &in, forced, &n_forced, 1));
    CHECK(try_force(d, &in, forced, &n_forced, 0));
    CHECK(!try_force(d, &in, forced, &n_forced, 2));
    int32_t o = -1, x = -1;
    dlx_conflict(d, &o, &x);
    CHECK_EQ(o, 1);
    CHECK_EQ(x, 2);
    dlx_free(d);
}

/* ==== 4. error paths ============================================================= */

/* Every function must cope with a NULL handle. */
static void test_null_handles(void) {
    int32_t items[2] = {0, 1}, buf[4];
    uint64_t c = 7;
    dlx_stats_t st;
    memset(&st, 0xAB, sizeof st);
    dlx_stats_t untouched = st;
    check_context("NULL handles");
    dlx_free(NULL);
    CHECK_EQ(dlx_primary_count(NULL), DLX_EARG);
    CHECK_EQ(dlx_item_count(NULL), DLX_EARG);
    CHECK_EQ(dlx_option_count(NULL), DLX_EARG);
    CHECK_EQ(dlx_forced_count(NULL), DLX_EARG);
    CHECK_EQ(dlx_reserve(NULL, 1, 1), DLX_EARG);
    CHECK_EQ(dlx_add_option(NULL, items, NULL, 2), DLX_EARG);
    CHECK_EQ(dlx_option_items(NULL, 0, buf, NULL, 4), DLX_EARG);
    CHECK_EQ(dlx_force(NULL, 0), DLX_EARG);
    CHECK_EQ(dlx_unforce(NULL), DLX_EARG);
    dlx_unforce_all(NULL);
    int32_t o = -5, x = -6;
    dlx_conflict(NULL, &o, &x);
    CHECK(o == -5 && x == -6);
    dlx_set_seed(NULL, 1);
    CHECK_EQ(dlx_search(NULL, 0), DLX_EARG);
    dlx_restart(NULL);
    CHECK_EQ(dlx_solution(NULL, buf, 4), DLX_EARG);
    CHECK_EQ(dlx_count(NULL, 0, 0, &c), DLX_EARG);
    dlx_stats(NULL, &st);
    CHECK(memcmp(&st, &untouched, sizeof st) == 0);
    CHECK_EQ(dlx_memory_bytes(NULL), 0);
}

static void test_new_errors(void) {
    check_context("dlx_new with bad counts");
    CHECK(dlx_new(-1, 0) == NULL);
    CHECK(dlx_new(0, -1) == NULL);
    CHECK(dlx_new(INT32_MIN, 3) == NULL);
    CHECK(dlx_new(INT32_MAX, INT32_MAX) == NULL); /* too big, and must not overflow */
}

/* A small colored problem to commit errors against. */
static dlx_t *fixture(instance *in) {
    static const int32_t o0[] = {0, 3}, c0[] = {0, 1}, o1[] = {1, 2}, o2[] = {2, 4};
    static const int32_t c2[] = {0, 2}, o3[] = {0, 1, 3}, c3[] = {0, 0, 1}, o4[] = {2};
    inst_init(in, 3, 2);
    inst_add(in, o0, c0, 2);
    inst_add(in, o1, NULL, 2);
    inst_add(in, o2, c2, 2);
    inst_add(in, o3, c3, 3);
    inst_add(in, o4, NULL, 1);
    return build(in);
}

/* After an error the handle must still take a valid option and count right. */
static void check_still_works(dlx_t *d, instance *in, rng_t *r) {
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    int32_t items[MAX_ITEMS], colors[MAX_ITEMS];
    int32_t n = random_option(r, in, 40, 50, items, colors);
    inst_add(in, items, colors, n);
    add_to_engine(d, in, in->n_opts - 1, in->n_opts - 1);
    CHECK_EQ(count_all(d), brute_solutions(in, all));
    check_option_items(d, in);
}

typedef struct {
    const char *what;
    int32_t items[4], colors[4];
    int32_t n;
    int items_null, colors_null, expect;
} bad_option;

static const bad_option bad_options[] = {
    {"negative length", {0}, {0}, -1, 0, 1, DLX_EARG},
    {"NULL items", {0}, {0}, 2, 1, 1, DLX_EARG},
    {"item -1", {0, -1}, {0}, 2, 0, 1, DLX_EITEM},
    {"item == item count", {5, 0}, {0}, 2, 0, 1, DLX_EITEM},
    {"item far out", {0, INT32_MAX}, {0}, 2, 0, 1, DLX_EITEM},
    {"duplicate primary", {0, 1, 0}, {0}, 3, 0, 1, DLX_EDUPITEM},
    {"duplicate secondary", {3, 0, 3}, {1, 0, 1}, 3, 0, 0, DLX_EDUPITEM},
    {"color on primary", {0, 3}, {1, 0}, 2, 0, 0, DLX_ECOLOR},
    {"negative color", {0, 3}, {0, -1}, 2, 0, 0, DLX_ECOLOR},
    {"negative color on primary", {1}, {-2}, 1, 0, 0, DLX_ECOLOR},
    {"only secondary items", {3, 4}, {0, 2}, 2, 0, 0, DLX_ENOPRIMARY},
    {"empty option", {0}, {0}, 0, 0, 1, DLX_ENOPRIMARY},
    {"empty option, NULL items", {0}, {0}, 0, 1, 1, DLX_ENOPRIMARY},
};

static void test_add_option_errors(void) {
    static instance in;
    rng_t r = {5};
    for (size_t t = 0; t < sizeof bad_options / sizeof *bad_options; t++) {
        const bad_option *b = &bad_options[t];
        check_context("dlx_add_option: %s", b->what);
        dlx_t *d = fixture(&in);
        uint64_t before = count_all(d);
        int32_t rc = dlx_add_option(d, b->items_null ? NULL : b->items,
                                    b->colors_null ? NULL : b->colors, b->n);
        CHECK_EQ(rc, b->expect);
        CHECK_EQ(dlx_option_count(d), in.n_opts);
        CHECK_EQ(count_all(d), before);
        check_still_works(d, &in, &r);
        dlx_free(d);
    }
}

/* Option indices, unforce and size arguments. */
static void test_index_errors(void) {
    static instance in;
    rng_t r = {6};
    int32_t buf[8], colors[8];
    check_context("index errors");
    dlx_t *d = fixture(&in);
    int32_t n = in.n_opts;
    CHECK_EQ(dlx_option_items(d, -1, buf, colors, 8), DLX_EOPTION);
    CHECK_EQ(dlx_option_items(d, n, buf, colors, 8), DLX_EOPTION);
    CHECK_EQ(dlx_option_items(d, 0, buf, colors, -1), DLX_EARG);
    CHECK_EQ(dlx_force(d, -1), DLX_EOPTION);
    CHECK_EQ(dlx_force(d, n), DLX_EOPTION);
    CHECK_EQ(dlx_forced_count(d), 0);
    CHECK_EQ(dlx_unforce(d), DLX_ENOFORCED);
    CHECK_EQ(dlx_reserve(d, -1, 10), DLX_EARG);
    CHECK_EQ(dlx_reserve(d, 10, -1), DLX_EARG);
    CHECK_EQ(dlx_count(d, 0, 0, NULL), DLX_EARG);
    check_still_works(d, &in, &r);
    dlx_free(d);
}

/* dlx_solution away from a solution (fresh, after a budget stop, at the
 * end) and with bad buffers; the fixture needs two levels to any solution,
 * so a budget of one node cannot reach one. */
static void test_solution_errors(void) {
    static instance in;
    rng_t r = {7};
    int32_t buf[8];
    check_context("dlx_solution errors");
    dlx_t *d = fixture(&in);
    CHECK_EQ(dlx_solution(d, buf, 8), DLX_ENOSOLUTION);
    CHECK_EQ(dlx_search(d, 1), DLX_BUDGET);
    CHECK_EQ(dlx_solution(d, buf, 8), DLX_ENOSOLUTION);
    while (dlx_search(d, 0) == DLX_SOLUTION) {
        CHECK_EQ(dlx_solution(d, buf, -1), DLX_EARG);
        CHECK_EQ(dlx_solution(d, NULL, 3), DLX_EARG);
        int32_t len = dlx_solution(d, NULL, 0); /* just the length */
        CHECK(len >= 2);
        CHECK_EQ(dlx_solution(d, buf, 8), len);
        CHECK(is_solution(&in, buf, len));
    }
    CHECK_EQ(dlx_solution(d, buf, 8), DLX_ENOSOLUTION);
    dlx_restart(d);
    CHECK_EQ(dlx_solution(d, buf, 8), DLX_ENOSOLUTION);
    check_still_works(d, &in, &r);
    dlx_free(d);
}

/* A clash leaves the forced stack and the counts as they were. */
static void test_conflict_error(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    rng_t r = {8};
    check_context("dlx_force clash");
    dlx_t *d = fixture(&in);
    size_t n_all = brute_solutions(&in, all);
    int32_t forced[8], n_forced = 0;
    CHECK(try_force(d, &in, forced, &n_forced, 0));   /* 0, 3:1 */
    CHECK(!try_force(d, &in, forced, &n_forced, 0));  /* itself again */
    CHECK(!try_force(d, &in, forced, &n_forced, 3));  /* 0 again */
    CHECK(try_force(d, &in, forced, &n_forced, 1));   /* 1, 2 */
    CHECK(!try_force(d, &in, forced, &n_forced, 4));  /* 2 again */
    check_forced_solutions(d, &in, forced, n_forced, all, n_all);
    dlx_unforce_all(d);
    check_still_works(d, &in, &r);
    dlx_free(d);
}

/* Names for every code -16 .. 4, all different, and one for strangers. */
static void test_strerror(void) {
    check_context("dlx_strerror");
    const char *unknown[] = {dlx_strerror(-17), dlx_strerror(5), dlx_strerror(INT_MIN),
                             dlx_strerror(INT_MAX)};
    for (size_t u = 0; u < 4; u++) CHECK(unknown[u] != NULL && unknown[u][0] != '\0');
    for (int a = -16; a <= 4; a++) {
        const char *sa = dlx_strerror(a);
        if (!CHECK(sa != NULL && sa[0] != '\0')) continue;
        CHECK(strcmp(sa, unknown[0]) != 0);
        for (int b = a + 1; b <= 4; b++) CHECK(strcmp(sa, dlx_strerror(b)) != 0);
    }
}

/* dlx_reserve must keep the handle working, and memory must be accounted. */
static void test_reserve(void) {
    static instance in;
    rng_t r = {9};
    check_context("dlx_reserve");
    dlx_t *d = fixture(&in);
    size_t before = dlx_memory_bytes(d);
    CHECK(before > 0);
    CHECK_EQ(dlx_reserve(d, 1000, 10000), DLX_OK);
    CHECK(dlx_memory_bytes(d) >= before + 10000 * sizeof(int32_t)); /* room for 10000 nodes */
    CHECK_EQ(dlx_reserve(d, 0, 0), DLX_OK);
    check_still_works(d, &in, &r);
    dlx_free(d);
}

/* ==== 5. randomized order ========================================================= */

static void test_seeds(void) {
    static instance in;
    static uint64_t want[100];
    queens(&in, 8);
    size_t n_want = queens_solutions(8, want);
    dlx_t *d = build(&in);
    sol_list natural = {0};
    enumerate(d, 0, &natural, NULL);
    uint64_t firsts[20];
    size_t distinct = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        check_context("8-queens, seed %llu", (unsigned long long)seed);
        sol_list a = {0}, b = {0};
        dlx_set_seed(d, seed);
        enumerate(d, 0, &a, NULL);
        dlx_set_seed(d, seed);
        enumerate(d, 0, &b, NULL);
        CHECK(sols_equal(&a, &b));
        check_same_set(&in, &a, want, n_want);
        dlx_set_seed(d, seed);
        CHECK_EQ(count_all(d), n_want);
        uint64_t first = 0; /* mask of the first solution */
        for (int32_t j = 0; a.count > 0 && j < a.v[0]; j++) first |= 1ULL << a.v[1 + j];
        size_t i = 0;
        while (i < distinct && firsts[i] != first) i++;
        if (i == distinct) firsts[distinct++] = first;
        sols_free(&a);
        sols_free(&b);
    }
    check_context("8-queens, seeds");
    CHECK(distinct >= 2);
    sol_list back = {0}; /* seed 0: the natural order again */
    dlx_set_seed(d, 0);
    enumerate(d, 0, &back, NULL);
    CHECK(sols_equal(&back, &natural));
    sols_free(&back);
    sols_free(&natural);
    dlx_free(d);
}

/* The bit-set search (engine DLX_ENGINE_AUTO, up to 4096 options) or the
 * sparse-set one (DLX_ENGINE_CELLS, or AUTO beyond) and the linked one walk
 * the same tree: the same solutions in the same order, the same statistics
 * at every pause, with forced options, seeds and budgets, on random
 * instances with colors. */
static void check_same_walk(dlx_t *bits, dlx_t *links, int32_t n_opts, rng_t *r, uint64_t node_cap, int engine) {
    dlx_set_engine(links, DLX_ENGINE_LINKS);
    dlx_set_engine(bits, engine);
    for (int f = rng_below(r, 3); f > 0 && n_opts > 0; f--) {
        int32_t k = rng_below(r, n_opts);
        CHECK_EQ(dlx_force(bits, k), dlx_force(links, k));
    }
    uint64_t seed = rng_below(r, 2) ? 0 : rng_next(r);
    dlx_set_seed(bits, seed);
    dlx_set_seed(links, seed);
    uint64_t budget = rng_below(r, 3) ? 0 : 1 + (uint64_t)rng_below(r, 40);
    int32_t a[4096], b[4096];
    for (int rc;;) {
        rc = dlx_search(bits, budget);
        CHECK_EQ(rc, dlx_search(links, budget));
        if (n_opts > 0 && engine == DLX_ENGINE_AUTO) CHECK(n_opts <= BITS_MAX_OPTIONS ? bits->on_bits : bits->on_cells);
        if (n_opts > 0 && engine == DLX_ENGINE_CELLS) CHECK(bits->on_cells && !bits->on_bits);
        CHECK(!links->on_bits);
        dlx_stats_t x, y;
        dlx_stats(bits, &x);
        dlx_stats(links, &y);
        CHECK_EQ(x.nodes, y.nodes);
        CHECK_EQ(x.solutions, y.solutions);
        CHECK_EQ(x.guesses, y.guesses);
        CHECK_EQ(x.level, y.level);
        CHECK_EQ(x.max_level, y.max_level);
        CHECK(x.progress == y.progress);
        int32_t n = dlx_solution(bits, a, 4096);
        CHECK_EQ(n, dlx_solution(links, b, 4096));
        for (int32_t j = 0; j < n && j < 4096; j++) CHECK_EQ(a[j], b[j]);
        if ((rc != DLX_SOLUTION && rc != DLX_BUDGET) || x.nodes >= node_cap) break;
    }
}

static void check_same_walk_instance(const instance *in, rng_t *r, int engine) {
    dlx_t *bits = dlx_new(in->primary, in->secondary), *links = dlx_new(in->primary, in->secondary);
    if (!CHECK(bits && links)) exit(1);
    for (int32_t k = 0; k < in->n_opts; k++) {
        add_to_engine(bits, in, k, k);
        add_to_engine(links, in, k, k);
    }
    check_same_walk(bits, links, in->n_opts, r, UINT64_MAX, engine);
    dlx_free(bits);
    dlx_free(links);
}

/* More options than the instances above hold (over 256, where the bit
 * sets' word loops are not of fixed length): runs of 1..4 primary items
 * with colored secondary items; the first 20000 nodes of each walk. From
 * instance 12 on every run has 2 or 6 items, as long as the rest: the bit
 * sets' unrolled rows (pentomino's options have 6 primary items). */
static void test_bits_wide(void) {
    rng_t r = {9090};
    if (links_only || cells_only) return;
    for (int t = 0; t < 16; t++) {
        check_context("wide random instance %d", t);
        int32_t np = 30 + rng_below(&r, 60), ns = rng_below(&r, 6), n_opts = 257 + rng_below(&r, 1500);
        int32_t same = t < 12 ? 0 : t % 2 ? 6 : 2;
        if (same) n_opts = 257 + rng_below(&r, 100); /* few: each strikes many duplicates */
        dlx_t *bits = dlx_new(np, ns), *links = dlx_new(np, ns);
        if (!CHECK(bits && links)) exit(1);
        for (int32_t k = 0; k < n_opts; k++) {
            int32_t items[12], colors[12], n = 0, at = rng_below(&r, np), run = 1 + rng_below(&r, 4);
            if (same) at = rng_below(&r, np - same + 1), run = same;
            for (int32_t i = at; i < at + run && i < np; i++) items[n] = i, colors[n++] = 0;
            for (int32_t i = np; i < np + ns; i++)
                if (rng_below(&r, 100) < 20) items[n] = i, colors[n++] = rng_below(&r, 3);
            CHECK_EQ(dlx_add_option(bits, items, colors, n), k);
            CHECK_EQ(dlx_add_option(links, items, colors, n), k);
        }
        check_same_walk(bits, links, n_opts, &r, same ? 2000 : 20000, t % 3 ? DLX_ENGINE_AUTO : DLX_ENGINE_CELLS);
        dlx_free(bits);
        dlx_free(links);
    }
}

static void same_walks(uint64_t seed, int engine) {
    static instance in;
    rng_t r = {seed};
    for (int t = 0; t < 3000; t++) {
        check_context("random instance %d", t);
        switch (t % 4) {
        case 0: random_small(&r, &in); break;
        case 1: random_big(&r, &in); break;
        case 2: random_runs(&r, &in); break;
        default: queens(&in, 4 + t % 5); break;
        }
        check_same_walk_instance(&in, &r, engine);
    }
}

static void test_bits_vs_links(void) {
    if (links_only || cells_only) return; /* it sets each handle's search itself */
    same_walks(4242, DLX_ENGINE_AUTO);
}

static void test_cells_vs_links(void) {
    if (links_only || cells_only) return;
    same_walks(4343, DLX_ENGINE_CELLS);
}

/* Beyond BITS_MAX_OPTIONS options the sparse sets run by themselves
 * (pick_search), and walk the links' tree: runs of primary items, colored
 * and plain secondary ones, with and without solutions. Instance 6 has
 * over ARRAY_SCAN_MAX primary items (the links then choose by their list,
 * stopping at the first item with one option); 7 over 1024 items (the
 * sparse sets undo by their trail, not by copies of the sizes). */
static void test_cells_wide(void) {
    rng_t r = {5151};
    if (links_only || cells_only) return;
    for (int t = 0; t < 8; t++) {
        check_context("cells wide instance %d", t);
        int32_t np = 40 + rng_below(&r, 40), ns = 1 + rng_below(&r, 8), n_opts = BITS_MAX_OPTIONS + 1 + rng_below(&r, 3000);
        if (t == 6) np = ARRAY_SCAN_MAX + 100, n_opts = 2 * np;
        if (t == 7) ns = 1100;
        dlx_t *fast = dlx_new(np, ns), *links = dlx_new(np, ns);
        if (!CHECK(fast && links)) exit(1);
        for (int32_t k = 0; k < n_opts; k++) {
            int32_t items[16], colors[16], n = 0, at = rng_below(&r, np), run = 1 + rng_below(&r, 5);
            for (int32_t i = at; i < at + run && i < np; i++) items[n] = i, colors[n++] = 0;
            for (int32_t i = np; i < np + ns && n < 16; i++)
                if (rng_below(&r, 100) < (ns > 8 ? 1 : 25)) items[n] = i, colors[n++] = t % 2 ? rng_below(&r, 4) : 0;
            CHECK_EQ(dlx_add_option(fast, items, colors, n), k);
            CHECK_EQ(dlx_add_option(links, items, colors, n), k);
        }
        check_same_walk(fast, links, n_opts, &r, 20000, DLX_ENGINE_AUTO);
        dlx_free(fast);
        dlx_free(links);
    }
}

/* ==== 6. count limits and budgets, option items =================================== */

/* Limits: stop at the limit (DLX_LIMIT) when there are that many, else the
 * exact count. Node budgets: DLX_BUDGET with no more nodes than allowed and
 * no more solutions than exist, counts growing with the budget. */
static void check_count_limits(dlx_t *d, const instance *in, uint64_t truth) {
    uint64_t c, total_nodes;
    dlx_stats_t st;
    CHECK_EQ(count_all(d), truth);
    dlx_stats(d, &st);
    total_nodes = st.nodes;
    uint64_t limits[] = {1, 2, truth > 1 ? truth - 1 : 1, truth, truth + 1, 3 * truth + 5};
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        uint64_t lim = limits[i] ? limits[i] : 1;
        int rc = dlx_count(d, lim, 0, &c);
        if (lim <= truth) {
            CHECK_EQ(rc, DLX_LIMIT);
            CHECK_EQ(c, lim);
            int32_t opts[MAX_OPTS + 1]; /* the search stopped at a solution */
            int32_t n = dlx_solution(d, opts, MAX_OPTS + 1);
            CHECK(n >= 0 && n <= MAX_OPTS && is_solution(in, opts, n));
        } else {
            CHECK_EQ(rc, DLX_DONE);
            CHECK_EQ(c, truth);
        }
    }
    uint64_t prev = 0;
    for (uint64_t m = 1; m < total_nodes; m = m * 3 + 1) {
        CHECK_EQ(dlx_count(d, 0, m, &c), DLX_BUDGET);
        dlx_stats(d, &st);
        CHECK(st.nodes <= m);
        CHECK(c <= truth && c >= prev);
        prev = c;
    }
    CHECK_EQ(dlx_count(d, 0, total_nodes + 1, &c), DLX_DONE);
    CHECK_EQ(c, truth);
    int rc = dlx_count(d, truth + 1, total_nodes + 1, &c); /* both limits, neither hit */
    CHECK_EQ(rc, DLX_DONE);
    CHECK_EQ(c, truth);
}

static void test_count_limits(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    rng_t r = {10};
    for (int n = 4; n <= 8; n += 2) {
        check_context("%d-queens count limits", n);
        queens(&in, n);
        dlx_t *d = build(&in);
        check_count_limits(d, &in, queens_solutions(n, all));
        dlx_free(d);
    }
    for (int t = 0; t < 200; t++) {
        check_context("random instance %d count limits", t);
        random_small(&r, &in);
        dlx_t *d = build(&in);
        check_count_limits(d, &in, brute_solutions(&in, all));
        dlx_free(d);
    }
}

/* dlx_option_items: short buffers get a prefix, NULL buffers just the length. */
static void test_option_items(void) {
    static instance in;
    check_context("dlx_option_items");
    dlx_t *d = fixture(&in);
    check_option_items(d, &in);
    for (int32_t k = 0; k < in.n_opts; k++) {
        int32_t items[MAX_ITEMS + 1], colors[MAX_ITEMS + 1];
        for (int32_t cap = 0; cap <= in.len[k]; cap++) {
            items[cap] = colors[cap] = -77; /* must stay: beyond cap */
            CHECK_EQ(dlx_option_items(d, k, items, colors, cap), in.len[k]);
            CHECK(items[cap] == -77 && colors[cap] == -77);
            for (int32_t j = 0; j < cap; j++) {
                CHECK_EQ(items[j], in.item[k][j]);
                CHECK_EQ(colors[j], in.color[k][j]);
            }
        }
        CHECK_EQ(dlx_option_items(d, k, NULL, NULL, 0), in.len[k]);
        CHECK_EQ(dlx_option_items(d, k, items, NULL, MAX_ITEMS), in.len[k]);
        CHECK_EQ(dlx_option_items(d, k, NULL, colors, MAX_ITEMS), in.len[k]);
    }
    dlx_free(d);
}

/* dlx_item_options with options forced lists exactly the options holding
 * item i that agree with every forced option (a forced option clashes with
 * itself, so none of those). */
static void check_item_options(dlx_t *d, const instance *in, const int32_t *forced,
                               int32_t n_forced) {
    for (int32_t i = 0; i < inst_items(in); i++) {
        int32_t got[MAX_OPTS];
        int32_t n = dlx_item_options(d, i, got, MAX_OPTS);
        char listed[MAX_OPTS] = {0};
        if (!CHECK(n >= 0 && n <= in->n_opts)) continue;
        for (int32_t j = 0; j < n; j++)
            if (CHECK(got[j] >= 0 && got[j] < in->n_opts && !listed[got[j]])) listed[got[j]] = 1;
        for (int32_t k = 0; k < in->n_opts; k++) {
            int clashes = 0;
            for (int32_t f = 0; f < n_forced; f++) clashes |= options_clash(in, forced[f], k);
            int32_t should_list = color_in(in, k, i) >= 0 && !clashes;
            if (listed[k] != should_list) CHECK_EQ(listed[k] ? k : -1, should_list ? k : -1);
        }
    }
}

static void test_item_options(void) {
    static instance in;
    rng_t r = {13};
    int32_t buf[4];
    check_context("dlx_item_options errors");
    dlx_t *d = fixture(&in);
    CHECK_EQ(dlx_item_options(NULL, 0, buf, 4), DLX_EARG);
    CHECK_EQ(dlx_item_options(d, 0, buf, -1), DLX_EARG);
    CHECK_EQ(dlx_item_options(d, 0, NULL, 4), DLX_EARG);
    CHECK_EQ(dlx_item_options(d, -1, buf, 4), DLX_EITEM);
    CHECK_EQ(dlx_item_options(d, inst_items(&in), buf, 4), DLX_EITEM);
    CHECK_EQ(dlx_item_options(d, 0, NULL, 0), 2); /* options 0 and 3 hold item 0 */
    CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
    CHECK_EQ(dlx_item_options(d, 1, buf, 4), 2); /* the search stopped ... */
    CHECK_EQ(dlx_solution(d, buf, 4), DLX_ENOSOLUTION); /* ... and was abandoned */
    dlx_free(d);
    for (int t = 0; t < 300; t++) {
        check_context("dlx_item_options, random instance %d", t);
        random_small(&r, &in);
        d = build(&in);
        int32_t forced[MAX_OPTS], n_forced = 0;
        check_item_options(d, &in, forced, n_forced);
        for (int step = rng_below(&r, 4); step > 0 && in.n_opts > 0; step--) {
            try_force(d, &in, forced, &n_forced, rng_below(&r, in.n_opts));
            check_item_options(d, &in, forced, n_forced);
        }
        dlx_unforce_all(d);
        check_item_options(d, &in, forced, 0);
        dlx_free(d);
    }
}

/* dlx_count with a node budget exactly as big as the whole search needs
 * (learned from an unlimited count) has counted everything: DLX_DONE. */
static void test_count_exact_budget(void) {
    static instance in;
    static uint64_t all[1000];
    for (int n = 4; n <= 8; n++) {
        check_context("%d-queens, max_nodes = the nodes of the full search", n);
        queens(&in, n);
        dlx_t *d = build(&in);
        uint64_t truth = queens_solutions(n, all), c;
        dlx_stats_t st;
        CHECK_EQ(count_all(d), truth);
        dlx_stats(d, &st);
        CHECK_EQ(dlx_count(d, 0, st.nodes, &c), DLX_DONE);
        CHECK_EQ(c, truth);
        dlx_free(d);
    }
}

/* guesses count the nodes whose item had more than one option: none when
 * every item has one option, one when a single item has two. */
static void test_guesses(void) {
    static instance in;
    static const int32_t i0[] = {0}, i1[] = {1}, i2[] = {2};
    dlx_stats_t st;
    check_context("guesses, no choice anywhere");
    inst_init(&in, 3, 0);
    inst_add(&in, i0, NULL, 1);
    inst_add(&in, i1, NULL, 1);
    inst_add(&in, i2, NULL, 1);
    dlx_t *d = build(&in);
    CHECK_EQ(count_all(d), 1);
    dlx_stats(d, &st);
    CHECK_EQ(st.nodes, 3);
    CHECK_EQ(st.guesses, 0);
    dlx_free(d);
    check_context("guesses, one item with two options");
    inst_add(&in, i1, NULL, 1);
    d = build(&in);
    CHECK_EQ(count_all(d), 2);
    dlx_stats(d, &st);
    CHECK_EQ(st.guesses, 1);
    dlx_free(d);
}

/* ==== 7. edge cases, restart, adding options ======================================= */

/* No primary item: one solution, the empty one. A primary item nobody
 * covers: none. Both counts come from the brute force as well. */
static void test_empty_and_uncoverable(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    static const int32_t opt01[] = {0, 1};
    for (int32_t secondary = 0; secondary <= 3; secondary += 3) {
        check_context("empty problem with %d secondary items", secondary);
        inst_init(&in, 0, secondary);
        size_t n = brute_solutions(&in, all);
        CHECK_EQ(n, 1);
        dlx_t *d = build(&in);
        CHECK_EQ(count_all(d), n);
        sol_list got = {0};
        dlx_restart(d);
        enumerate(d, 0, &got, NULL);
        CHECK_EQ(got.count, 1);
        CHECK(got.count == 1 && got.v[0] == 0);
        sols_free(&got);
        dlx_free(d);
    }
    check_context("a primary item without options");
    inst_init(&in, 3, 1);
    inst_add(&in, opt01, NULL, 2);
    size_t n = brute_solutions(&in, all);
    CHECK_EQ(n, 0);
    dlx_t *d = build(&in);
    CHECK_EQ(count_all(d), n);
    dlx_free(d);
    d = new_handle(1, 0);
    CHECK_EQ(count_all(d), 0);
    dlx_free(d);
}

/* dlx_restart mid-search zeroes the statistics and replays the same order. */
static void test_restart(void) {
    static instance in;
    check_context("restart, 6-queens");
    queens(&in, 6);
    dlx_t *d = build(&in);
    sol_list ref = {0}, again = {0};
    enumerate(d, 0, &ref, NULL);
    for (int stop = 0; stop < 3; stop++) {
        dlx_restart(d);
        for (int s = 0; s <= stop; s++) dlx_search(d, stop == 2 ? 5 : 0);
        dlx_restart(d);
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK(st.nodes == 0 && st.updates == 0 && st.solutions == 0 && st.progress == 0.0);
        CHECK(st.level == 0 && st.max_level == 0);
        enumerate(d, 0, &again, NULL);
        CHECK(sols_equal(&again, &ref));
        sols_free(&again);
    }
    sols_free(&ref);
    dlx_free(d);
}

/* Clause learning (dlx_learn.c, dlx_cdcl.c): random instances without
 * colors, handed over after one node: the solutions are brute force's, each
 * once (counts exact); in budgets of 3 nodes the same solutions in the same
 * order with the same statistics (resumable, deterministic by seed); the
 * hand-over happens on most of them. */
static void test_learning(void) {
    static instance in;
    static uint64_t want[1 << MAX_BRUTE_OPTS];
    rng_t r = {4242};
    int handed = 0, many = 0;
    for (int t = 0; t < 2000; t++) {
        check_context("learning, random instance %d", t);
        inst_init(&in, 1 + rng_below(&r, 6), rng_below(&r, 4));
        add_random_options(&r, &in, rng_below(&r, 15), 10 + rng_below(&r, 45), 0);
        size_t n = brute_solutions(&in, want);
        dlx_t *d = dlx_new(in.primary, in.secondary);
        if (!CHECK(d != NULL)) return;
        for (int32_t k = 0; k < in.n_opts; k++) add_to_engine(d, &in, k, k);
        dlx_set_restarts(d, 1);
        dlx_set_restart_unit(d, 1);
        dlx_set_learning(d, 1);
        dlx_set_seed(d, (uint64_t)t + 1);
        sol_list a = {0}, b = {0};
        dlx_stats_t sa, sb;
        enumerate(d, 0, &a, &sa);
        handed += d->cdcl != NULL;
        many += n >= 5;
        CHECK_EQ(a.count, n);
        check_same_set(&in, &a, want, n);
        dlx_restart(d);
        enumerate(d, 3, &b, &sb);
        CHECK(sols_equal(&a, &b));
        CHECK_EQ(sa.nodes, sb.nodes);
        CHECK_EQ(sa.guesses, sb.guesses);
        CHECK_EQ(sa.restarts, sb.restarts);
        dlx_set_restarts(d, 0); /* off: the plain search, no hand-over */
        CHECK_EQ(count_all(d), n);
        CHECK(d->cdcl == NULL);
        sols_free(&a);
        sols_free(&b);
        dlx_free(d);
    }
    check_context("learning, the mix");
    CHECK(handed >= 1000);
    CHECK(many >= 30);
}

/* Restarts: the first solution is one, found again by the same seed in
 * the same search (nodes, updates, restarts); counts stay exact; another
 * seed searches otherwise; dlx_restart forgets the restarts. */
static void test_restarts(void) {
    static instance in;
    for (int n = 5; n <= 8; n++) {
        check_context("%d-queens with restarts", n);
        queens(&in, n);
        dlx_t *d = build(&in);
        uint64_t plain = count_all(d);
        dlx_set_restarts(d, 1);
        dlx_set_restart_unit(d, 2); /* runs of 2, 2, 4, ... nodes: n levels need restarts */
        int differ = 0;
        dlx_stats_t first = {0};
        for (uint64_t seed = 0; seed < 4; seed++) {
            int32_t a[MAX_OPTS], b[MAX_OPTS];
            dlx_stats_t s1, s2;
            dlx_set_seed(d, seed);
            CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
            dlx_stats(d, &s1);
            int32_t na = dlx_solution(d, a, MAX_OPTS);
            CHECK(na == n && is_solution(&in, a, na));
            CHECK(s1.restarts > 0);
            dlx_set_seed(d, seed);
            CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
            dlx_stats(d, &s2);
            CHECK(dlx_solution(d, b, MAX_OPTS) == na && memcmp(a, b, (size_t)na * sizeof *a) == 0);
            CHECK(s1.nodes == s2.nodes && s1.updates == s2.updates && s1.restarts == s2.restarts);
            if (seed == 0) first = s1;
            else differ += s1.nodes != first.nodes || s1.updates != first.updates;
            CHECK_EQ(count_all(d), plain);
        }
        CHECK(differ > 0);
        dlx_restart(d);
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK_EQ(st.restarts, 0);
        dlx_set_restarts(d, 0); /* off again: Knuth's tree, the plain count */
        CHECK_EQ(count_all(d), plain);
        dlx_stats(d, &st);
        CHECK_EQ(st.restarts, 0);
        dlx_free(d);
    }
}

/* Inference with restarts (locked candidates, pairs) must not change a
 * count: partial Latin squares (items: cell, row-symbol, column-symbol),
 * where cells and lines down to two options, naked and hidden pairs, are
 * common; and the smallest instance where a pair rules an option out (A
 * and A2 share T1 and T2, so {T1, Z} goes). Counts with restarts (several
 * seeds, short runs) must equal the plain search's. */
static void test_inference_counts(void) {
    rng_t r = {1515};
    for (int t = 0; t < 24; t++) {
        int n = 4 + t % 3, blank = 55 + rng_below(&r, 25);
        check_context("partial Latin square of order %d, %d%% blank, instance %d", n, blank, t);
        int sym[8], row[8], col[8], grid[64];
        for (int k = 0; k < n; k++) sym[k] = row[k] = col[k] = k;
        for (int k = n - 1; k > 0; k--) {
            int a = rng_below(&r, k + 1), b = rng_below(&r, k + 1), c = rng_below(&r, k + 1), x;
            x = sym[k], sym[k] = sym[a], sym[a] = x;
            x = row[k], row[k] = row[b], row[b] = x;
            x = col[k], col[k] = col[c], col[c] = x;
        }
        for (int k = 0; k < n * n; k++)
            grid[k] = rng_below(&r, 100) < blank ? -1 : sym[(row[k / n] + col[k % n]) % n];
        dlx_t *d = dlx_new(3 * n * n, 0);
        if (!CHECK(d != NULL)) return;
        for (int k = 0; k < n * n; k++)
            for (int v = 0; v < n; v++) {
                if (grid[k] >= 0 && grid[k] != v) continue;
                int32_t items[3] = {k, n * n + (k / n) * n + v, 2 * n * n + (k % n) * n + v};
                dlx_add_option(d, items, NULL, 3);
            }
        uint64_t plain = count_all(d);
        dlx_set_restarts(d, 1);
        for (uint64_t seed = 0; seed < 3; seed++) {
            dlx_set_seed(d, seed);
            dlx_set_restart_unit(d, 1 + seed * 5);
            CHECK_EQ(count_all(d), plain);
        }
        dlx_free(d);
    }
    check_context("a pair rules out {T1, Z}");
    static const int32_t opts[][2] = {{0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 4}, {4, 5}, {5, -1}};
    dlx_t *d = dlx_new(6, 0);
    if (!CHECK(d != NULL)) return;
    for (int k = 0; k < 7; k++) dlx_add_option(d, opts[k], NULL, opts[k][1] < 0 ? 1 : 2);
    CHECK_EQ(count_all(d), 2);
    dlx_set_restarts(d, 1);
    CHECK_EQ(count_all(d), 2);
    dlx_free(d);
}

/* Adding an option abandons the search in progress; counts then include it. */
static void test_add_mid_search(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    rng_t r = {11};
    int32_t items[MAX_ITEMS], colors[MAX_ITEMS], buf[MAX_OPTS];
    for (int t = 0; t < 200; t++) {
        check_context("adding an option mid-search, instance %d", t);
        random_small(&r, &in);
        if (in.primary == 0 || in.n_opts >= 14) continue;
        dlx_t *d = build(&in);
        dlx_search(d, (uint64_t)rng_below(&r, 4)); /* at a solution, budget stop or end */
        int32_t n = random_option(&r, &in, 30, 50, items, colors);
        inst_add(&in, items, colors, n);
        add_to_engine(d, &in, in.n_opts - 1, in.n_opts - 1);
        CHECK_EQ(dlx_solution(d, buf, MAX_OPTS), DLX_ENOSOLUTION);
        size_t n_all = brute_solutions(&in, all);
        CHECK_EQ(count_all(d), n_all);
        dlx_restart(d);
        check_enumeration(d, &in, all, n_all);
        dlx_free(d);
    }
}

/* Options added while others are forced must be part of the problem like
 * any other: counts with and without the forced options must be right. */
static void test_add_while_forced(void) {
    static instance in;
    static uint64_t all[1 << MAX_BRUTE_OPTS];
    static const int32_t a[] = {0}, b[] = {0, 1}, c[] = {1};
    rng_t r = {12};
    check_context("add while forced: {0} forced, then {0,1} and {1} added");
    inst_init(&in, 2, 0);
    inst_add(&in, a, NULL, 1);
    inst_add(&in, b, NULL, 2);
    inst_add(&in, c, NULL, 1);
    size_t n_all = brute_solutions(&in, all);
    dlx_t *d = new_handle(2, 0);
    int32_t forced[4] = {0}, n_forced = 1;
    add_to_engine(d, &in, 0, 0);
    CHECK_EQ(dlx_force(d, 0), DLX_OK);
    add_to_engine(d, &in, 1, 1);
    add_to_engine(d, &in, 2, 2);
    check_forced_solutions(d, &in, forced, n_forced, all, n_all);
    CHECK_EQ(dlx_unforce(d), DLX_OK);
    check_forced_solutions(d, &in, forced, 0, all, n_all);
    dlx_free(d);

    for (int t = 0; t < 100; t++) { /* the same on random instances */
        check_context("add while forced, random instance %d", t);
        random_small(&r, &in);
        if (in.n_opts < 2) continue;
        n_all = brute_solutions(&in, all);
        d = new_handle(in.primary, in.secondary);
        n_forced = 0;
        for (int32_t k = 0; k < in.n_opts; k++) { /* adds and forces interleaved */
            add_to_engine(d, &in, k, k);
            if (rng_below(&r, 3) == 0) try_force(d, &in, forced, &n_forced, rng_below(&r, k + 1));
        }
        check_forced_solutions(d, &in, forced, n_forced, all, n_all);
        dlx_unforce_all(d);
        check_forced_solutions(d, &in, forced, 0, all, n_all);
        dlx_free(d);
    }
}

/* ==== the driver ===================================================================== */

typedef struct {
    const char *name;
    void (*run)(void);
} test_group;

static const test_group groups[] = {
    {"random-vs-brute", test_random_vs_brute},
    {"bits-vs-links", test_bits_vs_links},
    {"bits-wide", test_bits_wide},
    {"cells-vs-links", test_cells_vs_links},
    {"cells-wide", test_cells_wide},
    {"queens-reference", test_queens_reference},
    {"runs-vs-backtracking", test_runs_vs_backtracking},
    {"many-items", test_many_items},
    {"resumption", test_resumption},
    {"force-queens", test_force_queens},
    {"force-colors", test_force_colors},
    {"force-after-settled", test_force_after_settled},
    {"force-random", test_force_random},
    {"force-conflict-hidden", test_force_conflict_hidden},
    {"null-handles", test_null_handles},
    {"new-errors", test_new_errors},
    {"add-option-errors", test_add_option_errors},
    {"index-errors", test_index_errors},
    {"solution-errors", test_solution_errors},
    {"conflict-error", test_conflict_error},
    {"strerror", test_strerror},
    {"reserve", test_reserve},
    {"seeds", test_seeds},
    {"count-limits", test_count_limits},
    {"option-items", test_option_items},
    {"item-options", test_item_options},
    {"count-exact-budget", test_count_exact_budget},
    {"guesses", test_guesses},
    {"empty-and-uncoverable", test_empty_and_uncoverable},
    {"restart", test_restart},
    {"add-mid-search", test_add_mid_search},
    {"add-while-forced", test_add_while_forced},
    {"restarts", test_restarts},
    {"learning", test_learning},
    {"inference-counts", test_inference_counts},
};

/* The groups run a third time with every handle restarting (the others
 * check Knuth's tree node for node, or the bit-set search). */
static const char *const restarting_groups[] = {
    "random-vs-brute", "runs-vs-backtracking", "many-items", "resumption", "queens-reference",
    "force-random", "force-colors", "count-limits", "count-exact-budget", "restart",
    "add-mid-search", "add-while-forced", "item-options"};

static int restarts_too(const char *name) {
    for (size_t k = 0; k < sizeof restarting_groups / sizeof *restarting_groups; k++)
        if (strcmp(restarting_groups[k], name) == 0) return 1;
    return 0;
}

/* A hang guard in CPU time (check_cpu_limit), far above what any group needs:
 * the longest, many-items [restarts], takes 18 to 32 s of CPU under ASan. */
enum { GROUP_CPU_LIMIT_S = 300 };

/* Run one group in a child; returns 1 if it passed. label: its name and pass. */
static int run_group(const test_group *g, const char *label, int fork_it) {
    if (!fork_it) {
        long before = check_failures();
        g->run();
        return check_failures() == before;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 0;
    }
    if (pid == 0) {
        check_cpu_limit(label, GROUP_CPU_LIMIT_S);
        g->run();
        exit(check_failures() ? 1 : 0);
    }
    int status;
    if (waitpid(pid, &status, 0) != pid) return 0;
    if (WIFSIGNALED(status))
        printf("     %s: killed by signal %d%s\n", label, WTERMSIG(status),
               WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL ? " (CPU time limit)" : "");
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* CPU time used by this process and its finished children (the groups). */
static double cpu_seconds(void) {
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + children.ru_utime.tv_sec +
                    children.ru_stime.tv_sec) +
           (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + children.ru_utime.tv_usec +
                    children.ru_stime.tv_usec) / 1e6;
}

static int wanted(const char *name, int argc, char **argv) {
    if (argc < 2) return 1;
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], name) == 0) return 1;
    return 0;
}

int main(int argc, char **argv) {
    const char *nofork = getenv("DLX_TEST_NOFORK");
    int fork_it = !(nofork && nofork[0] && strcmp(nofork, "0") != 0);
    int run = 0, failed = 0;
    /* as built, then with every handle on the linked search, then restarting,
     * then learning, then on the sparse sets */
    size_t n_groups = sizeof groups / sizeof *groups;
    for (size_t pass = 0; pass < 5 * n_groups; pass++) {
        size_t g = pass % n_groups;
        links_only = pass >= n_groups && pass < 2 * n_groups;
        restarting = pass >= 2 * n_groups && pass < 4 * n_groups;
        learning = pass >= 3 * n_groups && pass < 4 * n_groups;
        cells_only = pass >= 4 * n_groups;
        if (!wanted(groups[g].name, argc, argv) || (restarting && !restarts_too(groups[g].name))) continue;
        /* many-items checks the links' scan over 4,200 items, which its restarting run covers (in 20 s) */
        if (learning && strcmp(groups[g].name, "many-items") == 0) continue;
        char label[80];
        snprintf(label, sizeof label, "%s%s", groups[g].name,
                 links_only ? " [links]" : cells_only ? " [cells]" : learning ? " [learning]" : restarting ? " [restarts]" : "");
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        double cpu0 = cpu_seconds();
        int ok = run_group(&groups[g], label, fork_it);
        double cpu = cpu_seconds() - cpu0;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("%s %s (%.2f s CPU, %.2f s)\n", ok ? "ok  " : "FAIL", label, cpu, secs);
        fflush(stdout);
        run++;
        failed += !ok;
    }
    if (run == 0) {
        fprintf(stderr, "no test group matches\n");
        return 2;
    }
    printf("test_engine: %d of %d groups passed\n", run - failed, run);
    return failed ? 1 : 0;
}
