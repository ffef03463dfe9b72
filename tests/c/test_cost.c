/* test_cost.c: option costs (dlx_set_cost) and the search for the k
 * cheapest solutions (dlx_set_best, dlx_cost.c; with bounds Algorithm M,
 * dlx_multi.c) against a brute force over option subsets on random small
 * problems with random costs, secondary items, colors, multiplicity bounds
 * and forced options, under node budgets of every size, on the links and on
 * bit sets (the same tree, node for node); which of the two a start takes;
 * the DLX5 syntax `|n` of the reader and its errors. */
#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h" /* dlx_set_engine, dlx_best_on_bits: both searches */
#include "dlx_text.h"

#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 14
#define MAX_ITEMS 8

typedef struct {
    int32_t primary, secondary, n;
    int32_t lo[MAX_ITEMS], hi[MAX_ITEMS];
    int32_t len[MAX_OPTS], items[MAX_OPTS][MAX_ITEMS], colors[MAX_OPTS][MAX_ITEMS];
    int64_t cost[MAX_OPTS];
} problem;

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

static void random_problem(problem *p) {
    memset(p, 0, sizeof *p);
    p->primary = 1 + (int32_t)rnd(5);
    p->secondary = (int32_t)rnd(3);
    p->n = 1 + (int32_t)rnd(MAX_OPTS);
    uint32_t spread = rnd(3) == 0 ? 3 : 50; /* small spreads: many ties */
    int bounded = rnd(3) == 0;
    for (int32_t i = 0; i < p->primary; i++) {
        p->hi[i] = bounded ? 1 + (int32_t)rnd(3) : 1;
        p->lo[i] = bounded ? (int32_t)rnd((uint32_t)p->hi[i] + 1) : 1;
    }
    for (int32_t k = 0; k < p->n; k++) {
        int32_t n = 0;
        p->items[k][n++] = (int32_t)rnd((uint32_t)p->primary); /* a primary item first */
        for (int32_t i = 0; i < p->primary + p->secondary; i++) {
            if (i == p->items[k][0] || rnd(100) >= 35) continue;
            p->items[k][n] = i;
            p->colors[k][n] = i >= p->primary && rnd(2) ? 1 + (int32_t)rnd(2) : 0;
            n++;
        }
        p->len[k] = n;
        p->cost[k] = rnd(4) == 0 ? 0 : (int64_t)rnd(spread);
    }
}

/* The cost of the options of mask if they form a solution, else -1. */
static int64_t solution_cost(const problem *p, uint32_t mask) {
    int32_t uses[MAX_ITEMS] = {0}, color[MAX_ITEMS] = {0};
    int64_t cost = 0;
    for (int32_t k = 0; k < p->n; k++) {
        if (!(mask >> k & 1)) continue;
        cost += p->cost[k];
        for (int32_t j = 0; j < p->len[k]; j++) {
            int32_t i = p->items[k][j], c = p->colors[k][j];
            if (uses[i] && i >= p->primary && (c == 0 || color[i] != c)) return -1;
            color[i] = c;
            uses[i]++;
        }
    }
    for (int32_t i = 0; i < p->primary; i++)
        if (uses[i] < p->lo[i] || uses[i] > p->hi[i]) return -1;
    return cost;
}

static dlx_t *build(const problem *p) {
    dlx_t *d = dlx_new(p->primary, p->secondary);
    for (int32_t i = 0; i < p->primary; i++) CHECK_EQ(dlx_set_bounds(d, i, p->lo[i], p->hi[i]), DLX_OK);
    for (int32_t k = 0; k < p->n; k++) {
        CHECK_EQ(dlx_add_option(d, p->items[k], p->colors[k], p->len[k]), k);
        CHECK_EQ(dlx_set_cost(d, k, p->cost[k]), DLX_OK);
    }
    return d;
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The k cheapest of problem p (options in `forced` taken) by the engine,
 * in steps of `budget` nodes, checked against the brute force's costs. */
static void check_best(dlx_t *d, const problem *p, uint32_t forced, int32_t k, uint64_t budget) {
    int64_t want[1 << MAX_OPTS];
    int32_t nw = 0;
    for (uint32_t m = 0; m < 1u << p->n; m++) {
        int64_t c = (m & forced) == forced ? solution_cost(p, m) : -1;
        if (c >= 0) want[nw++] = c;
    }
    qsort(want, (size_t)nw, sizeof *want, cmp_i64);
    CHECK_EQ(dlx_set_best(d, k), DLX_OK);
    int rc, calls = 0;
    int64_t last = INT64_MAX, opts_cost;
    int32_t opts[64];
    while ((rc = dlx_search(d, budget)) != DLX_DONE) {
        if (!CHECK(rc == DLX_SOLUTION || rc == DLX_BUDGET) || ++calls > 1000000) break;
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK(st.progress >= 0.0 && st.progress <= 1.0);
        if (rc != DLX_SOLUTION) continue;
        /* An improvement: a solution of the cost it says. */
        int32_t n = dlx_solution(d, opts, 64);
        uint32_t mask = 0;
        for (int32_t j = 0; j < n; j++) mask |= 1u << opts[j];
        CHECK_EQ(dlx_solution_cost(d, &opts_cost), DLX_OK);
        CHECK_EQ(solution_cost(p, mask), opts_cost);
        CHECK((mask & forced) == forced);
        if (k == 1) CHECK(opts_cost < last); /* each improves on the one before */
        last = opts_cost;
    }
    int32_t nb = dlx_best_count(d);
    CHECK_EQ(nb, nw < k ? nw : k);
    uint32_t seen[64];
    for (int32_t j = 0; j < nb && j < 64; j++) {
        int64_t c = -1;
        int32_t n = dlx_best_solution(d, j, opts, 64, &c);
        uint32_t mask = 0;
        for (int32_t q = 0; q < n; q++) mask |= 1u << opts[q];
        CHECK_EQ(c, want[j]); /* the j-th cheapest cost */
        CHECK_EQ(solution_cost(p, mask), c);
        CHECK((mask & forced) == forced);
        for (int32_t q = 0; q < j; q++) CHECK(seen[q] != mask); /* distinct solutions */
        seen[j] = mask;
    }
    CHECK_EQ(dlx_best_solution(d, nb, opts, 64, NULL), DLX_ENOSOLUTION);
}

/* The k cheapest of d on the given engine, all at once: the improvements'
 * costs (up to 64, the rest summed into the last), nodes; whether on bits. */
typedef struct {
    int64_t costs[64];
    int32_t n;
    uint64_t nodes;
    int on_bits;
} run_t;

static run_t run_best(dlx_t *d, int engine, int32_t k) {
    run_t r = {0};
    dlx_set_engine(d, engine);
    CHECK_EQ(dlx_set_best(d, k), DLX_OK);
    int rc;
    while ((rc = dlx_search(d, 0)) == DLX_SOLUTION) {
        int64_t c = 0;
        dlx_solution_cost(d, &c);
        if (!r.n) r.on_bits = dlx_best_on_bits(d);
        r.costs[r.n < 64 ? r.n++ : 63] += c;
    }
    CHECK_EQ(rc, DLX_DONE);
    if (!r.n) r.on_bits = dlx_best_on_bits(d);
    dlx_stats_t st;
    dlx_stats(d, &st);
    r.nodes = st.nodes;
    return r;
}

/* The bit sets walk the links' tree: the same nodes, the same improvements
 * in the same order; and they are what runs where asked and possible. */
static void check_same_tree(dlx_t *d, const problem *p, int32_t k) {
    int colored = 0;
    for (int32_t o = 0; o < p->n; o++)
        for (int32_t j = 0; j < p->len[o]; j++) colored |= p->colors[o][j] != 0;
    run_t links = run_best(d, DLX_ENGINE_LINKS, k), bits = run_best(d, DLX_ENGINE_BITS, k);
    CHECK_EQ(links.on_bits, 0);
    CHECK_EQ(bits.on_bits, !colored);
    CHECK_EQ(bits.nodes, links.nodes);
    CHECK_EQ(bits.n, links.n);
    for (int32_t j = 0; j < links.n && j < 64; j++) CHECK_EQ(bits.costs[j], links.costs[j]);
    dlx_set_engine(d, DLX_ENGINE_AUTO);
}

static void test_random_vs_brute(void) {
    for (int round = 0; round < 1500; round++) {
        problem p;
        random_problem(&p);
        check_context("random problem %d", round);
        dlx_t *d = build(&p);
        int32_t ks[] = {1, 2, 3, 5, 40};
        uint64_t budgets[] = {0, 1, 3};
        int bounded = 0;
        for (int32_t i = 0; i < p.primary; i++) bounded |= p.lo[i] != 1 || p.hi[i] != 1;
        check_best(d, &p, 0, ks[round % 5], budgets[round % 3]);
        check_best(d, &p, 0, 1 + (int32_t)rnd(6), 0);
        dlx_set_engine(d, round % 2 ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS); /* both, against the brute force */
        check_best(d, &p, 0, ks[(round / 2) % 5], budgets[(round / 2) % 3]);
        dlx_set_engine(d, DLX_ENGINE_AUTO);
        if (!bounded) check_same_tree(d, &p, ks[round % 5]);
        /* With a forced option: the cheapest that hold it, its cost counted. */
        int32_t f = (int32_t)rnd((uint32_t)p.n);
        if (dlx_force(d, f) == DLX_OK) {
            check_best(d, &p, 1u << f, 1 + (int32_t)rnd(4), round % 2);
            CHECK_EQ(dlx_unforce(d), DLX_OK);
        }
        /* Off again: every solution, costs or not. */
        CHECK_EQ(dlx_set_best(d, 0), DLX_OK);
        uint64_t count = 0, want = 0;
        for (uint32_t m = 0; m < 1u << p.n; m++) want += solution_cost(&p, m) >= 0;
        CHECK_EQ(dlx_count(d, 0, 0, &count), DLX_DONE);
        CHECK_EQ(count, want);
        dlx_free(d);
    }
    check_context("");
}

static void test_bad_costs(void) {
    dlx_t *d = dlx_new(1, 0);
    int32_t o[] = {0};
    dlx_add_option(d, o, NULL, 1);
    dlx_add_option(d, o, NULL, 1);
    CHECK_EQ(dlx_set_cost(d, 0, -1), DLX_ECOST);
    CHECK_EQ(dlx_set_cost(d, 2, 1), DLX_EOPTION);
    CHECK_EQ(dlx_set_cost(d, 0, INT64_MAX), DLX_OK);
    CHECK_EQ(dlx_set_cost(d, 1, 1), DLX_ECOST); /* the total would pass 2^63 - 1 */
    CHECK_EQ(dlx_option_cost(d, 1), 0);
    CHECK_EQ(dlx_set_cost(d, 0, 5), DLX_OK);
    CHECK_EQ(dlx_set_cost(d, 1, 3), DLX_OK);
    CHECK_EQ(dlx_option_cost(d, 0), 5);
    CHECK_EQ(dlx_set_best(d, -1), DLX_EARG);
    CHECK_EQ(dlx_set_best(d, 1), DLX_OK);
    int64_t c;
    CHECK_EQ(dlx_solution_cost(d, &c), DLX_ENOSOLUTION);
    CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION); /* the first: option 1, the cheaper */
    CHECK_EQ(dlx_solution_cost(d, &c), DLX_OK);
    CHECK_EQ(c, 3);
    CHECK_EQ(dlx_search(d, 0), DLX_DONE);
    /* With multiplicities: item 0 once or twice, {1} 3, {0} 5, {0, 1} 8. */
    CHECK_EQ(dlx_set_bounds(d, 0, 1, 2), DLX_OK);
    CHECK_EQ(dlx_set_best(d, 3), DLX_OK);
    while (dlx_search(d, 0) == DLX_SOLUTION) continue;
    CHECK_EQ(dlx_best_count(d), 3);
    int64_t want[] = {3, 5, 8};
    for (int32_t j = 0; j < 3; j++) {
        CHECK(dlx_best_solution(d, j, NULL, 0, &c) >= 1);
        CHECK_EQ(c, want[j]);
    }
    CHECK(dlx_strerror(DLX_ECOST)[0] != 'u');
    dlx_free(d);
}

/* A problem given as text: its cheapest cost; -1 on an error (code in *err). */
static int64_t text_best(const char *text, dlx_text_error_t *err) {
    dlx_text_t *t = dlx_text_parse(text, strlen(text), err);
    if (!t) return -1;
    dlx_t *d = dlx_text_engine(t);
    dlx_set_best(d, 1);
    while (dlx_search(d, 0) == DLX_SOLUTION) continue;
    int64_t c = -2;
    int32_t opts[8];
    dlx_best_solution(d, 0, opts, 8, &c);
    dlx_text_free(t);
    return c;
}

static void test_text(void) {
    dlx_text_error_t e;
    CHECK_EQ(text_best("a b\na b |7\na |2\nb |1 |2\n", &e), 5); /* |1 |2 add up */
    CHECK_EQ(text_best("a b\na |3 b\na |2\nb\n", &e), 2); /* a cost between items */
    CHECK_EQ(text_best("a b\na b\n", &e), 0);
    CHECK_EQ(text_best("a b | c\na b c:x |9223372036854775807\n", &e), INT64_MAX);
    struct {
        const char *text;
        int32_t line, column;
    } bad[] = {
        {"a\na |x\n", 2, 4},                       /* not a number */
        {"a\na |\n", 2, 3},                        /* nothing after '|' */
        {"a\na |-3\n", 2, 4},                      /* negative */
        {"a\na |12a\n", 2, 6},                     /* a stray character */
        {"a\na |9223372036854775808\n", 2, 4},     /* past 2^63 - 1 */
        {"a\na |9223372036854775807 |1\n", 2, 25}, /* an option's sum past it */
        {"a\na |9223372036854775807\na |1\n", 3, 3}, /* the total past it */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        check_context("bad cost %d", (int)k);
        CHECK_EQ(text_best(bad[k].text, &e), -1);
        CHECK_EQ(e.code, DLX_ECOST);
        CHECK_EQ(e.line, bad[k].line);
        CHECK_EQ(e.column, bad[k].column);
        CHECK(strstr(e.message, "cost") != NULL);
    }
    check_context("");
    /* Options print back with their costs. */
    const char *text = "a b\na b |7\na |0\n";
    dlx_text_t *t = dlx_text_parse(text, strlen(text), &e);
    char buf[64];
    dlx_text_format_option(t, 0, buf, sizeof buf);
    CHECK(strcmp(buf, "a b |7") == 0);
    dlx_text_format_option(t, 1, buf, sizeof buf);
    CHECK(strcmp(buf, "a") == 0);
    dlx_text_free(t);
}

/* The rule between the two: bit sets where the dance is dear (long options,
 * full columns: pentominoes), links where it is cheap (an n x n assignment:
 * options of two items, a 52 x 52 one scans 104 items x 43 words a node);
 * links whenever something is forced. */
static void test_which_search(void) {
    int32_t n = 52, items[2];
    dlx_t *d = dlx_new(2 * n, 0);
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = 0; j < n; j++) {
            items[0] = i, items[1] = n + j;
            int32_t o = dlx_add_option(d, items, NULL, 2);
            dlx_set_cost(d, o, (i * 7 + j * 13) % 17);
        }
    dlx_set_best(d, 1);
    CHECK_EQ(dlx_search(d, 1), DLX_BUDGET);
    CHECK_EQ(dlx_best_on_bits(d), 0);
    dlx_free(d);
    /* Pieces of 4 cells in a row on a 1 x 24 strip and a 2 x 12 one, each
     * its piece item + 4 cells: options of 5, columns of up to 40. */
    int32_t cells = 48, pieces = 12, opt[5];
    d = dlx_new(pieces + cells, 0);
    for (int32_t pc = 0; pc < pieces; pc++)
        for (int32_t row = 0; row < 2; row++)
            for (int32_t x = 0; x + 4 <= 24; x++) {
                opt[0] = pc;
                for (int32_t c = 0; c < 4; c++) opt[1 + c] = pieces + row * 24 + x + c;
                dlx_set_cost(d, dlx_add_option(d, opt, NULL, 5), (pc + 1) * (x / 4));
            }
    dlx_set_best(d, 1);
    CHECK_EQ(dlx_search(d, 1), DLX_BUDGET);
    CHECK_EQ(dlx_best_on_bits(d), 1);
    CHECK_EQ(dlx_force(d, 0), DLX_OK);
    dlx_set_best(d, 1);
    CHECK_EQ(dlx_search(d, 1), DLX_BUDGET);
    CHECK_EQ(dlx_best_on_bits(d), 0);
    dlx_free(d);
    /* Sets past BITS_MAX_BYTES (4096 options, 20,480 items: 4,098 levels of
     * 320 words and the items' sets of 64), even when asked: the links. */
    d = dlx_new(5 * 4096, 0);
    for (int32_t k = 0; k < 4096; k++) {
        for (int32_t j = 0; j < 5; j++) opt[j] = 5 * k + j;
        dlx_set_cost(d, dlx_add_option(d, opt, NULL, 5), k % 3);
    }
    dlx_set_engine(d, DLX_ENGINE_BITS);
    dlx_set_best(d, 1);
    int rc;
    while ((rc = dlx_search(d, 0)) == DLX_SOLUTION) continue;
    CHECK_EQ(rc, DLX_DONE);
    CHECK_EQ(dlx_best_on_bits(d), 0);
    int64_t c = -1;
    CHECK_EQ(dlx_best_solution(d, 0, NULL, 0, &c), 4096);
    CHECK_EQ(c, 1365 * 3); /* 0 + 1 + 2 a turn, 1365 turns and a 0 */
    dlx_free(d);
}

int main(void) {
    check_cpu_limit("test_cost", 60); /* a hang guard in CPU time (check.h) */
    rng_state = 2024;
    test_bad_costs();
    test_text();
    test_random_vs_brute();
    test_which_search();
    return check_report("test_cost");
}
