/* test_cells.c: the search beyond the bit-set search's size (dlx_cells.c)
 * on what its tables make special (dlx_cells_build.c): colors of any
 * number (a table of the (item, color) pairs seen), many colors on one
 * item, words of the live set whose options share one primary item and
 * words where they do not (options with one primary item beside options
 * with several), items spread over many words, over 1024 items (the counts
 * go back by the trail, not by copies), forced options, budgets and
 * seeds. On each the walk is the linked search's: the same solutions in
 * the same order, the same statistics at every pause. And the tables
 * themselves: each item's words hold exactly its options, each color's
 * exactly those of that color, the items whose runs lower one count
 * (solo), each color's masks (pm), and they grow linearly with the input. */
#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_cells.h"

#include <stdlib.h>

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

/* Colors as a user may number them: small, or anywhere up to INT32_MAX. */
static int32_t some_color(int wide, int32_t palette) {
    int32_t c = 1 + (int32_t)rnd((uint32_t)palette);
    return wide ? INT32_MAX - c * 7919 : c;
}

typedef struct {
    int32_t np, ns, n_opts;
    int wide;        /* colors near INT32_MAX */
    int32_t palette; /* colors to choose from */
    int mixed;       /* some options with several primary items */
} shape;

/* Options of 1 primary item (or 2-3 when mixed), in runs of one item so
 * that words of the live set share it, and 1-4 colored secondary items. */
static void fill(dlx_t *a, dlx_t *b, const shape *sh) {
    int32_t x = 0;
    for (int32_t k = 0; k < sh->n_opts; k++) {
        int32_t items[8], colors[8], n = 0;
        if (rnd(40) == 0) x = (int32_t)rnd((uint32_t)sh->np);
        items[n] = x, colors[n++] = 0;
        for (int32_t extra = sh->mixed && rnd(3) == 0 ? 1 + (int32_t)rnd(2) : 0; extra > 0; extra--) {
            int32_t y = (int32_t)rnd((uint32_t)sh->np);
            int dup = 0;
            for (int32_t i = 0; i < n; i++) dup |= items[i] == y;
            if (!dup) items[n] = y, colors[n++] = 0;
        }
        for (int32_t s = 0, m = 1 + (int32_t)rnd(4); s < m; s++) {
            int32_t y = sh->np + (int32_t)rnd((uint32_t)sh->ns);
            int dup = 0;
            for (int32_t i = 0; i < n; i++) dup |= items[i] == y;
            if (!dup) items[n] = y, colors[n++] = rnd(5) == 0 ? 0 : some_color(sh->wide, sh->palette);
        }
        CHECK_EQ(dlx_add_option(a, items, colors, n), k);
        CHECK_EQ(dlx_add_option(b, items, colors, n), k);
    }
}

/* The walks of the sparse sets (cells) and the links agree at every pause
 * of a budget, to the end or `cap` nodes or pauses. */
static void same_walk(dlx_t *cells, dlx_t *links, int32_t n_opts, uint64_t cap) {
    dlx_set_engine(cells, DLX_ENGINE_CELLS);
    dlx_set_engine(links, DLX_ENGINE_LINKS);
    for (int f = (int)rnd(3); f > 0; f--) {
        int32_t k = (int32_t)rnd((uint32_t)n_opts);
        CHECK_EQ(dlx_force(cells, k), dlx_force(links, k));
    }
    uint64_t seed = rnd(2) ? 0 : 1 + rnd(1000000);
    dlx_set_seed(cells, seed);
    dlx_set_seed(links, seed);
    uint64_t budget = rnd(2) ? 0 : 1 + rnd(300);
    static int32_t a[1 << 14], b[1 << 14];
    for (uint64_t pauses = 0;; pauses++) {
        int rc = dlx_search(cells, budget);
        CHECK_EQ(rc, dlx_search(links, budget));
        CHECK(cells->on_cells);
        dlx_stats_t x, y;
        dlx_stats(cells, &x);
        dlx_stats(links, &y);
        CHECK_EQ(x.nodes, y.nodes);
        CHECK_EQ(x.solutions, y.solutions);
        CHECK_EQ(x.guesses, y.guesses);
        CHECK_EQ(x.level, y.level);
        CHECK_EQ(x.max_level, y.max_level);
        CHECK(x.progress == y.progress);
        int32_t n = dlx_solution(cells, a, 1 << 14);
        CHECK_EQ(n, dlx_solution(links, b, 1 << 14));
        for (int32_t j = 0; j < n && j < (1 << 14); j++) CHECK_EQ(a[j], b[j]);
        if ((rc != DLX_SOLUTION && rc != DLX_BUDGET) || x.nodes >= cap || pauses >= cap) break;
    }
}

/* Whether option o (renumbered) has an entry on item y with pair q (any pair: -1). */
static int has_entry(const dlx_cells *s, int32_t o, int32_t y, int32_t q) {
    for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++)
        if (s->ent[e] == y && (q < 0 || s->epair[e] == q)) return 1;
    return 0;
}

static int32_t masked_pairs, walked_pairs; /* pairs with masks (pm) and without, over every check_tables */

/* Each item's words hold exactly its options (renumbered), each color's
 * exactly those giving the item that color; a word named uniform has
 * options of its one primary item only; numbers and indices are inverse;
 * an option's entries are the user's items, primary ones first. */
static void check_tables(dlx_t *d) {
    CHECK_EQ(dlx_cells_ready(d), 1);
    const dlx_cells *s = d->cells;
    int32_t n = d->n_options, ni = d->n_items, items[64], colors[64];
    int32_t *entries = calloc((size_t)ni + 1, sizeof *entries), *in_pairs = calloc((size_t)s->pairs + 1, sizeof *in_pairs);
    for (int32_t k = 0; k < n; k++) CHECK_EQ(s->orig[s->ren[k]], k);
    for (int32_t o = 0; o < n; o++) {
        int32_t m = dlx_option_items(d, s->orig[o], items, colors, 64);
        CHECK_EQ(s->eat[o + 1] - s->eat[o], m);
        for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++) {
            entries[s->ent[e]]++, in_pairs[s->epair[e]]++;
            CHECK_EQ(e - s->eat[o] < s->nprim[o], s->ent[e] <= d->n_primary);
            CHECK_EQ(s->epair[e] != 0, colors[0] >= 0 && s->ent[e] > d->n_primary && s->epair[e] > 0);
        }
        if (s->uni[o >> 6]) CHECK(s->nprim[o] == 1 && s->ent[s->eat[o]] == s->uni[o >> 6]);
    }
    for (int32_t y = 1; y <= ni; y++) { /* the words of y: y's options, each once */
        int32_t bits = 0;
        for (int32_t i = s->wat[2 * y]; i < s->wat[2 * y + 1]; i++) {
            if (i > s->wat[2 * y]) CHECK(s->wd[i].at > s->wd[i - 1].at);
            for (uint64_t b = s->wd[i].bits; b; b &= b - 1, bits++)
                CHECK(has_entry(s, s->wd[i].at * 64 + __builtin_ctzll(b), y, -1));
        }
        CHECK_EQ(bits, entries[y]);
    }
    for (int32_t q = 1; q <= s->pairs; q++) { /* the words of a pair: its options, each once */
        int32_t bits = 0;
        for (const cells_word *c = s->pd + s->pat[q]; c->at != INT32_MAX; c++)
            for (uint64_t b = c->bits; b; b &= b - 1, bits++) {
                int32_t o = c->at * 64 + __builtin_ctzll(b), found = 0;
                for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++) found += s->epair[e] == q;
                CHECK_EQ(found, 1);
            }
        CHECK_EQ(bits, in_pairs[q]);
    }
    /* solo: the primary items whose options first in them have no other
     * (strike_solo lowers their count alone), none else */
    int32_t *solo = calloc((size_t)ni + 2, sizeof *solo);
    for (int32_t x = 1; x <= d->n_primary; x++) solo[x] = 1;
    for (int32_t o = 0; o < n; o++) {
        int32_t first = d->n_primary + 1;
        for (int32_t e = s->eat[o]; e < s->eat[o] + s->nprim[o]; e++)
            if (s->ent[e] < first) first = s->ent[e];
        if (s->nprim[o] != 1) solo[first] = 0;
    }
    for (int32_t x = 0; x <= d->n_primary + 1; x++) CHECK_EQ(s->solo[x], solo[x]);
    free(solo);
    for (int32_t y = 1; y <= ni; y++) /* y's runs: its words of one pad in a row, as long as they go */
        for (int32_t i = s->wat[2 * y], end = s->wat[2 * y + 1]; i < end; i++) {
            int32_t j = s->wrun[i];
            if (!CHECK(j > i && j <= end)) break;
            for (int32_t k = i; k < j; k++) CHECK_EQ(s->wd[k].pad, s->wd[i].pad);
            CHECK(j == end || s->wd[j].pad != s->wd[i].pad);
        }
    for (int32_t q = 1; q <= s->pairs; q++) { /* a color's word: where its words go on past its run */
        const cells_word *c0 = s->pd + s->pat[q];
        int32_t y = 0, o = c0->at * 64 + __builtin_ctzll(c0->bits);
        for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++)
            if (s->epair[e] == q) y = s->ent[e];
        for (const cells_word *c = c0; c->at != INT32_MAX; c++) {
            int32_t i = s->wat[2 * y];
            while (s->wd[i].at != c->at) i++;
            int32_t last = s->wd[s->wrun[i] - 1].at, to = c->pad;
            CHECK(s->pd[to].at > last && to - 1 >= c - s->pd && s->pd[to - 1].at <= last);
        }
    }
    /* a pair's masks (pm): each word of its item less the pair's options;
     * only where its item's colors x words fit PM_ROOM x its options */
    int32_t *colors_of = calloc((size_t)ni + 2, sizeof *colors_of), *item_of = calloc((size_t)s->pairs + 1, sizeof *item_of);
    for (int32_t o = 0; o < n; o++)
        for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++)
            if (s->epair[e]) item_of[s->epair[e]] = s->ent[e];
    for (int32_t q = 1; q <= s->pairs; q++) colors_of[item_of[q]]++;
    for (int32_t q = 1; q <= s->pairs; q++) {
        int32_t y = item_of[q], words = s->wat[2 * y + 1] - s->wat[2 * y];
        CHECK_EQ(s->pmat[q] != PM_NONE, colors_of[y] * words <= PM_ROOM * entries[y]);
        masked_pairs += s->pmat[q] != PM_NONE, walked_pairs += s->pmat[q] == PM_NONE;
        if (s->pmat[q] == PM_NONE) continue;
        for (int32_t i = s->wat[2 * y]; i < s->wat[2 * y + 1]; i++) {
            uint64_t want = 0;
            for (uint64_t b = s->wd[i].bits; b; b &= b - 1)
                if (!has_entry(s, s->wd[i].at * 64 + __builtin_ctzll(b), y, q)) want |= b & -b;
            CHECK_EQ(s->pm[s->pmat[q] + i], want);
        }
    }
    free(colors_of), free(item_of);
    free(entries), free(in_pairs);
}

/* Random problems of each shape: the walks, then the tables. */
static void test_walks(void) {
    const shape shapes[] = {
        {30, 6, 4200, 0, 3, 0},     /* few colors, one primary item an option */
        {30, 6, 4200, 1, 3, 1},     /* colors near INT32_MAX, mixed options */
        {20, 3, 5000, 1, 300, 0},   /* hundreds of colors on one item */
        {60, 10, 4500, 0, 6, 1},    /* more items, mixed */
        {40, 1100, 4300, 1, 5, 1},  /* over 1024 items: the counts go back by the trail */
    };
    for (size_t t = 0; t < sizeof shapes / sizeof *shapes; t++)
        for (int round = 0; round < 4; round++) {
            check_context("shape %d round %d", (int)t, round);
            const shape *sh = &shapes[t];
            dlx_t *a = dlx_new(sh->np, sh->ns), *b = dlx_new(sh->np, sh->ns);
            if (!CHECK(a && b)) exit(1);
            fill(a, b, sh);
            same_walk(a, b, sh->n_opts, 20000);
            check_tables(a);
            dlx_free(a);
            dlx_free(b);
        }
    check_context("");
    CHECK(masked_pairs > 0 && walked_pairs > 0); /* both ways of purifying were walked */
}

/* A colored problem whose count is known: word rectangles in miniature,
 * 2x3 over the letters 1..3 (rows and columns primary, cells secondary
 * colored by their letter; every row and column word once: each of the
 * 3^6 grids is one solution), with over 4096 options from row words that
 * hold a letter no column word has (never in a solution: purified away). */
static void test_count(void) {
    enum { R = 2, C = 3, L = 3, JUNK = 2100 };
    dlx_t *d[2];
    uint64_t count[2];
    for (int s = 0; s < 2; s++) {
        d[s] = dlx_new(R + C, R * C);
        int32_t k = 0, items[4], colors[4];
        for (int32_t r = 0; r < R; r++)
            for (int32_t word = 0; word < 27 + JUNK; word++) { /* a row word: its letters, base L, or junk */
                items[0] = r, colors[0] = 0;
                for (int32_t c = 0, w = word; c < C; c++, w /= L) {
                    items[1 + c] = R + C + r * C + c, colors[1 + c] = 1 + w % L;
                    if (word >= 27 && c == word % C) colors[1 + c] = L + 1 + word % 50;
                }
                CHECK_EQ(dlx_add_option(d[s], items, colors, 1 + C), k++);
            }
        for (int32_t c = 0; c < C; c++)
            for (int32_t word = 0; word < 9; word++) { /* a column word: two letters */
                items[0] = R + c, colors[0] = 0;
                for (int32_t r = 0, w = word; r < R; r++, w /= L) items[1 + r] = R + C + r * C + c, colors[1 + r] = 1 + w % L;
                CHECK_EQ(dlx_add_option(d[s], items, colors, 1 + R), k++);
            }
        CHECK(k > BITS_MAX_OPTIONS);
        dlx_set_engine(d[s], s ? DLX_ENGINE_LINKS : DLX_ENGINE_AUTO);
        CHECK_EQ(dlx_count(d[s], 0, 0, &count[s]), DLX_DONE);
    }
    CHECK(d[0]->on_cells);
    CHECK_EQ(count[0], 729);
    CHECK_EQ(count[1], 729);
    dlx_stats_t x, y;
    dlx_stats(d[0], &x);
    dlx_stats(d[1], &y);
    CHECK_EQ(x.nodes, y.nodes);
    /* a count (dlx_count_wide without a limit) counts where it finds each
     * solution: the search returns at its budgets and its end alone, with
     * the statistics of one that returns at every solution */
    dlx_restart(d[0]);
    int rc;
    uint64_t each = 0;
    while ((rc = dlx_search_until(d[0], 0)) == DLX_SOLUTION) each++;
    CHECK_EQ(rc, DLX_DONE);
    CHECK_EQ(each, 729);
    dlx_stats(d[0], &x);
    dlx_restart(d[0]);
    d[0]->counting = 1;
    int budgets = 0;
    while ((rc = dlx_search_until(d[0], d[0]->nodes + 500)) == DLX_BUDGET) budgets++;
    CHECK_EQ(rc, DLX_DONE);
    CHECK(budgets > 0);
    dlx_stats_t z;
    dlx_stats(d[0], &z);
    CHECK_EQ(z.solutions, 729);
    CHECK_EQ(z.nodes, x.nodes);
    CHECK_EQ(z.updates, x.updates);
    CHECK_EQ(z.max_level, x.max_level);
    d[0]->counting = 0;
    dlx_free(d[0]);
    dlx_free(d[1]);
}

/* The tables grow linearly: 100,000 options over 100,000 items (each a
 * colored secondary item of a few options) take a few dozen bytes an entry. */
static void test_linear(void) {
    enum { N = 100000 };
    dlx_t *d = dlx_new(1000, N);
    if (!CHECK(d != NULL)) return;
    int64_t entries = 0;
    for (int32_t k = 0; k < N; k++) {
        int32_t items[4] = {k % 1000, 1000 + k, 1000 + (k * 7 + 3) % N, 1000 + (k * 13 + 5) % N};
        int32_t colors[4] = {0, 1 + k, 1 + k % 3, 1 + k % 5};
        int32_t m = items[2] == items[1] || items[3] == items[1] || items[3] == items[2] ? 2 : 4;
        CHECK_EQ(dlx_add_option(d, items, colors, m), k);
        entries += m;
    }
    dlx_set_engine(d, DLX_ENGINE_CELLS);
    CHECK_EQ(dlx_search(d, 50), DLX_BUDGET);
    CHECK(d->on_cells);
    size_t bytes = dlx_cells_bytes(d);
    CHECK(bytes > 0 && bytes <= (size_t)entries * 100 + (size_t)(N + 1000) * 100);
    dlx_free(d);
}

/* Without colors no room for colors' words: 20,000 options of 16 primary
 * items (a packing: the jigsaws of bench/family.mjs) take about 30 bytes an
 * entry, not 46 (a color's word, 16 bytes, was kept for every entry). */
static void test_uncolored_room(void) {
    enum { N = 20000, M = 16, ITEMS = 2000 };
    dlx_t *d = dlx_new(ITEMS, 0);
    if (!CHECK(d != NULL)) return;
    for (int32_t k = 0; k < N; k++) {
        int32_t items[M];
        for (int32_t i = 0; i < M; i++) items[i] = (k + i * (ITEMS / M)) % ITEMS;
        CHECK_EQ(dlx_add_option(d, items, NULL, M), k);
    }
    dlx_set_engine(d, DLX_ENGINE_CELLS);
    CHECK_EQ(dlx_search(d, 50), DLX_BUDGET);
    CHECK(d->on_cells);
    CHECK(dlx_cells_bytes(d) <= (size_t)N * M * 36);
    dlx_free(d);
}

/* The memo rule (search_choice.c) searches PLAIN_FIRST nodes, then Knuth's
 * estimate walks the links; where the memo gets no share, the search on the
 * sparse sets goes on from where it stood. Two strips of 100 cells, each
 * covered by one piece or two of 34 cells or more (4,556 options,
 * uncolored: the estimate runs; 20,825 nodes): 34 x 34 ways, and the tree,
 * seeded or not, is the one a count without the memo rule walks. */
static void test_memo_rule_goes_on(void) {
    enum { L = 100, LO = 34 };
    for (uint64_t seed = 0; seed < 2; seed++) {
        dlx_t *d[2];
        dlx_stats_t st[2];
        uint64_t count[2];
        for (int k = 0; k < 2; k++) {
            d[k] = dlx_new(2 * L, 0);
            if (!CHECK(d[k] != NULL)) return;
            for (int32_t strip = 0; strip < 2; strip++)
                for (int32_t len = LO; len <= L; len++)
                    for (int32_t at = 0; at + len <= L; at++) {
                        int32_t items[L];
                        for (int32_t i = 0; i < len; i++) items[i] = strip * L + at + i;
                        CHECK(dlx_add_option(d[k], items, NULL, len) >= 0);
                    }
            dlx_set_seed(d[k], seed);
            if (k) dlx_set_memo(d[k], DLX_MEMO_OFF, 0);
            CHECK_EQ(dlx_count(d[k], 0, 0, &count[k]), DLX_DONE);
            CHECK(d[k]->on_cells);
            dlx_stats(d[k], &st[k]);
        }
        CHECK_EQ(count[0], 34 * 34);
        CHECK_EQ(count[1], 34 * 34);
        CHECK(st[1].nodes > 4 * 4096);
        CHECK_EQ(st[0].nodes, st[1].nodes);
        CHECK_EQ(st[0].updates, st[1].updates);
        CHECK_EQ(st[0].guesses, st[1].guesses);
        CHECK_EQ(st[0].max_level, st[1].max_level);
        d[0]->counting = 1; /* as a count asks it */
        CHECK_EQ(dlx_memo_share(d[0], 0), 0.0); /* the rule gives the memo nothing: the search went on */
        dlx_free(d[0]);
        dlx_free(d[1]);
    }
}

int main(void) {
    check_cpu_limit("test_cells", 120); /* a hang guard in CPU time (check.h) */
    rng_state = 2832;
    test_walks();
    test_count();
    test_linear();
    test_uncolored_room();
    test_memo_rule_goes_on();
    return check_report("test_cells");
}
