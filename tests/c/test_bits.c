/* test_bits.c: counting on the bit-set search (dlx_bits.c). A count
 * without a limit counts solutions where it finds them, and on a tiling
 * (every option with the same number of primary items) the last two levels
 * by popcounts (count_tail). On domino boards, tilings with secondary items
 * and colors, mixed tilings and random problems, each count must agree with
 * the linked search's (nodes, guesses, deepest level), with the bits' own
 * search returning at every solution (updates too, each solution checked),
 * with and without a seed, with forced and preferred items; a budget stops
 * a count at the same node with the same count, and resuming finishes it. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

enum { MAX_OPTS = 600, MAX_LEN = 8, MAX_ITEMS = 320 };

typedef struct {
    int32_t primary, secondary, n;
    int32_t len[MAX_OPTS], items[MAX_OPTS][MAX_LEN], colors[MAX_OPTS][MAX_LEN];
} instance;

static void add(instance *in, int32_t n, const int32_t *items, const int32_t *colors) {
    if (!CHECK(in->n < MAX_OPTS && n <= MAX_LEN)) exit(1);
    in->len[in->n] = n;
    for (int32_t j = 0; j < n; j++) in->items[in->n][j] = items[j], in->colors[in->n][j] = colors ? colors[j] : 0;
    in->n++;
}

/* Domino tilings of an r x c board, cells primary. style 1: a secondary
 * item per row and per column, a horizontal domino giving its row the
 * color of its first column's parity, a vertical one its column its first
 * row's (so a row's horizontal dominoes all start on one parity); style 2:
 * the same items uncolored (at most one horizontal domino a row, one
 * vertical a column); style 3: monominoes on the first row too (options of
 * 1 and 2 items: no tail). */
static void dominoes(instance *in, int r, int c, int style) {
    memset(in, 0, sizeof *in);
    in->primary = r * c;
    in->secondary = style == 1 || style == 2 ? r + c : 0;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            int32_t cell = i * c + j;
            if (j + 1 < c) {
                int32_t it[3] = { cell, cell + 1, r * c + i }, co[3] = { 0, 0, style == 1 ? 1 + j % 2 : 0 };
                add(in, in->secondary ? 3 : 2, it, co);
            }
            if (i + 1 < r) {
                int32_t it[3] = { cell, cell + c, r * c + r + j }, co[3] = { 0, 0, style == 1 ? 1 + i % 2 : 0 };
                add(in, in->secondary ? 3 : 2, it, co);
            }
            if (style == 3 && i == 0) add(in, 1, &cell, NULL);
        }
}

/* Straight trominoes on an r x c board: options of 3 primary items. */
static void trominoes(instance *in, int r, int c) {
    memset(in, 0, sizeof *in);
    in->primary = r * c;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            int32_t cell = i * c + j;
            if (j + 2 < c) add(in, 3, (int32_t[]){ cell, cell + 1, cell + 2 }, NULL);
            if (i + 2 < r) add(in, 3, (int32_t[]){ cell, cell + c, cell + 2 * c }, NULL);
        }
}

/* A 9x9 sudoku as Knuth's sudoku-dlx writes it: primary items for each
 * empty cell and for each digit missing from a row, column and box; an
 * option per digit a cell may take (4 primary items each: a tiling). */
static void sudoku(instance *in, const char *grid) {
    memset(in, 0, sizeof *in);
    int32_t id[4][81], used[3][9][10] = { { { 0 } } }, n = 0;
    for (int c = 0; c < 81; c++)
        if (grid[c] != '.') used[0][c / 9][grid[c] - '0'] = used[1][c % 9][grid[c] - '0'] = used[2][c / 27 * 3 + c % 9 / 3][grid[c] - '0'] = 1;
    for (int c = 0; c < 81; c++) id[0][c] = grid[c] == '.' ? n++ : -1;
    for (int u = 0; u < 3; u++)
        for (int g = 0; g < 9; g++)
            for (int v = 1; v <= 9; v++) id[u + 1][g * 9 + v - 1] = used[u][g][v] ? -1 : n++;
    in->primary = n;
    for (int c = 0; c < 81; c++)
        for (int v = 1; v <= 9 && grid[c] == '.'; v++) {
            int g[3] = { c / 9, c % 9, c / 27 * 3 + c % 9 / 3 };
            if (used[0][g[0]][v] || used[1][g[1]][v] || used[2][g[2]][v]) continue;
            add(in, 4, (int32_t[]){ id[0][c], id[1][g[0] * 9 + v - 1], id[2][g[1] * 9 + v - 1], id[3][g[2] * 9 + v - 1] }, NULL);
        }
}

/* 80 primary items: the first with one option, the last with none, the
 * others with two: the root is a dead end (the choice must read on past
 * the first 64 counts when level 0 holds a count of 1). */
static void dead_root(instance *in) {
    memset(in, 0, sizeof *in);
    in->primary = 80;
    add(in, 1, (int32_t[]){ 0 }, NULL);
    for (int32_t x = 1; x < 79; x++) add(in, 1, &x, NULL), add(in, 1, &x, NULL);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t below(uint32_t n) {
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Random: p primary items, options of R of them (R 0: 1 to 3 each), up to
 * two colored secondary items of 3. */
static void random_instance(instance *in, int32_t p, int32_t options, int32_t R) {
    memset(in, 0, sizeof *in);
    in->primary = p, in->secondary = 3;
    for (int32_t k = 0; k < options; k++) {
        int32_t it[MAX_LEN], co[MAX_LEN], n = 0, want = R ? R : 1 + (int32_t)below(3);
        while (n < want) {
            int32_t x = (int32_t)below((uint32_t)p), dup = 0;
            for (int32_t j = 0; j < n; j++) dup |= it[j] == x;
            if (!dup) it[n] = x, co[n++] = 0;
        }
        for (int32_t s = 0; s < 3; s++)
            if (below(3) == 0) it[n] = p + s, co[n++] = (int32_t)below(3);
        add(in, n, it, co);
    }
}

static dlx_t *build(const instance *in, int engine) {
    dlx_t *d = dlx_new(in->primary, in->secondary);
    if (!CHECK(d)) exit(1);
    for (int32_t k = 0; k < in->n; k++) CHECK(dlx_add_option(d, in->items[k], in->colors[k], in->len[k]) == k);
    dlx_set_engine(d, engine);
    return d;
}

/* Options o[0..n-1] cover every primary item once, and give each secondary
 * item at most one option or one color. */
static int is_solution(const instance *in, const int32_t *o, int32_t n) {
    int32_t seen[MAX_ITEMS] = { 0 }, color[MAX_ITEMS] = { 0 };
    for (int32_t q = 0; q < n; q++)
        for (int32_t j = 0; j < in->len[o[q]]; j++) {
            int32_t x = in->items[o[q]][j], c = in->colors[o[q]][j];
            if (seen[x]++ && (x < in->primary || c == 0 || c != color[x])) return 0;
            color[x] = c;
        }
    for (int32_t x = 0; x < in->primary; x++)
        if (seen[x] != 1) return 0;
    return 1;
}

/* The solutions of the search as it returns them, up to node_limit (0: all),
 * each checked; *rc the last return. */
static uint64_t enumerate(const instance *in, dlx_t *d, uint64_t node_limit, int *rc) {
    int32_t o[MAX_ITEMS + 1];
    uint64_t n = 0;
    while ((*rc = dlx_search_until(d, node_limit)) == DLX_SOLUTION) {
        int32_t len = dlx_solution(d, o, MAX_ITEMS + 1);
        CHECK(len >= 0 && len <= MAX_ITEMS && is_solution(in, o, len));
        n++;
    }
    return n;
}

/* A handle of `in` on `engine`, with the seed, the forced options and the
 * preferred items of the test. */
typedef struct {
    uint64_t seed;
    int32_t forced, preferred; /* an option to force, an item to prefer; -1: none */
} setup;

static dlx_t *ready(const instance *in, int engine, setup s) {
    dlx_t *d = build(in, engine);
    dlx_set_memo(d, DLX_MEMO_OFF, 0); /* the search itself: the memo's rule takes tilings (test_memo.c) */
    dlx_set_seed(d, s.seed);
    if (s.forced >= 0) dlx_force(d, s.forced);
    if (s.preferred >= 0) CHECK_EQ(dlx_set_preferred(d, s.preferred, 1), DLX_OK);
    return d;
}

static void check_instance(const instance *in, setup s) {
    dlx_t *bits = ready(in, DLX_ENGINE_AUTO, s), *each = ready(in, DLX_ENGINE_AUTO, s),
          *links = ready(in, DLX_ENGINE_LINKS, s);
    uint64_t count = 0, by_links = 0;
    dlx_stats_t sb, se, sl;
    CHECK_EQ(dlx_count(bits, 0, 0, &count), DLX_DONE);
    CHECK(bits->on_bits);
    CHECK(!bits->counting); /* the count is over: a search returns at each solution again */
    dlx_stats(bits, &sb);
    int rc;
    uint64_t listed = enumerate(in, each, 0, &rc);
    CHECK_EQ(rc, DLX_DONE);
    dlx_stats(each, &se);
    CHECK_EQ(dlx_count(links, 0, 0, &by_links), DLX_DONE);
    dlx_stats(links, &sl);
    CHECK_EQ(count, by_links);
    CHECK_EQ(count, listed);
    CHECK_EQ(sb.solutions, count);
    CHECK_EQ(sb.nodes, sl.nodes);
    CHECK_EQ(sb.guesses, sl.guesses);
    CHECK_EQ(sb.max_level, sl.max_level);
    CHECK_EQ(sb.nodes, se.nodes);
    CHECK_EQ(sb.guesses, se.guesses);
    CHECK_EQ(sb.max_level, se.max_level);
    CHECK_EQ(sb.updates, se.updates);
    CHECK(sb.progress == 1.0);
    /* a limit: the count stops at it */
    if (count > 1) {
        uint64_t c = 0;
        CHECK_EQ(dlx_count(bits, count / 2, 0, &c), DLX_LIMIT);
        CHECK_EQ(c, count / 2);
    }
    /* budgets: the count stops where the search returning at each solution
     * stops, with as many solutions and the same statistics; resumed, it
     * ends on the full count */
    uint64_t total = sb.nodes, budgets[] = { 1, 2, 5, total / 3, total / 2, total - 1, total, total + 1 };
    for (size_t j = 0; j < sizeof budgets / sizeof *budgets; j++) {
        uint64_t budget = budgets[j], c = 0;
        if (budget == 0) continue;
        check_context("%d primary, %d options, seed %llu, budget %llu", in->primary, in->n,
                      (unsigned long long)s.seed, (unsigned long long)budget);
        int want = budget < total ? DLX_BUDGET : DLX_DONE;
        CHECK_EQ(dlx_count(bits, 0, budget, &c), want);
        dlx_restart(each);
        uint64_t found = enumerate(in, each, budget, &rc);
        CHECK_EQ(rc, want);
        CHECK_EQ(c, found);
        dlx_stats(bits, &sb);
        dlx_stats(each, &se);
        CHECK_EQ(sb.nodes, budget < total ? budget : total);
        CHECK_EQ(sb.nodes, se.nodes);
        CHECK_EQ(sb.updates, se.updates);
        CHECK_EQ(sb.guesses, se.guesses);
        CHECK(sb.progress == se.progress);
        uint64_t rest = enumerate(in, bits, 0, &rc); /* resumed: returns at each solution again */
        CHECK_EQ(rc, DLX_DONE);
        CHECK_EQ(c + rest, count);
        dlx_stats(bits, &sb);
        CHECK_EQ(sb.nodes, total);
        CHECK_EQ(sb.solutions, count);
    }
    check_context("");
    dlx_free(bits), dlx_free(each), dlx_free(links);
}

static void check_all_setups(const instance *in) {
    setup plain = { 0, -1, -1 }, seeded = { 12345, -1, -1 }, forced = { 0, 0, -1 }, preferred = { 0, -1, 1 };
    check_instance(in, plain);
    check_instance(in, seeded);
    if (in->n > 0) check_instance(in, forced);
    if (in->primary > 1) check_instance(in, preferred);
}

int main(void) {
    check_cpu_limit("test_bits", 120);
    static instance in;
    static const int boards[][2] = { { 1, 2 }, { 2, 2 }, { 2, 3 }, { 3, 4 }, { 4, 4 }, { 4, 7 }, { 5, 6 }, { 3, 3 } };
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++)
        for (int style = 0; style < 4; style++) {
            check_context("dominoes %dx%d style %d", boards[b][0], boards[b][1], style);
            dominoes(&in, boards[b][0], boards[b][1], style);
            check_all_setups(&in);
        }
    check_context("dominoes 6x6");
    dominoes(&in, 6, 6, 0);
    check_instance(&in, (setup){ 0, -1, -1 });
    for (int r = 3; r <= 6; r += 3) {
        check_context("trominoes %dx6", r);
        trominoes(&in, r, 6);
        check_all_setups(&in);
    }
    for (int k = 0; k < 60; k++) {
        int32_t R = k % 4; /* 0: options of 1 to 3 primary items */
        check_context("random %d", k);
        random_instance(&in, 6 + (int32_t)below(10), 10 + (int32_t)below(50), R);
        check_all_setups(&in);
    }
    /* over 256 options: sets of more words, counted without the tail */
    check_context("random, 300 options");
    random_instance(&in, 24, 300, 3);
    check_instance(&in, (setup){ 0, -1, -1 });
    check_context("dead root");
    dead_root(&in);
    check_instance(&in, (setup){ 0, -1, -1 });
    /* a hard sudoku less its last given (Knuth's sudoku-dlx): 266 options, sets of 6 words */
    check_context("sudoku, 266 options");
    sudoku(&in, "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5......");
    CHECK_EQ(in.n, 266);
    check_instance(&in, (setup){ 0, -1, -1 });
    check_instance(&in, (setup){ 12345, -1, -1 });
    return check_report("test_bits");
}
