/* test_memo_colors.c: the memoized count and the ZDD on problems with
 * colors (dlx_memo.c, dlx_zdd.c). Random colored problems (forced options
 * too, caps from a few slots to plenty, bit sets and lists): the count is
 * the linked search's with the memo off; the ZDD's count is the same, and
 * its solutions 0 .. count - 1 are distinct valid colored covers. Wang
 * tilings (edge colors that must match) equal a transfer-matrix count
 * computed here, in a small part of the search's nodes, the same by the
 * default rule, and in slices; de Bruijn sequences equal (k!)^(k^(n-1)); word rectangles
 * equal the search, whose nodes the default rule keeps. The ZDD built in
 * steps is the one-call build's (zdd_steps.h). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "zdd_steps.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }
static dlx_wide_t wide(u128 v) { return (dlx_wide_t){ (uint64_t)v, (uint64_t)(v >> 64) }; }

static uint64_t rng = 0xD1B54A32D192ED03ULL;
static uint32_t draw(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static u128 count_of(dlx_t *d, int mode, uint64_t cap, int engine) {
    dlx_set_memo(d, mode, cap);
    dlx_set_engine(d, engine);
    dlx_wide_t w = { 0, 0 };
    CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
    return value(w);
}

static uint64_t nodes_of(dlx_t *d) {
    dlx_stats_t st;
    dlx_stats(d, &st);
    return st.nodes;
}

/* Whether options[0..n) are a colored cover: each option once, each primary
 * item once, each secondary item at most once without a color or any
 * number of times with one color. */
static int colored_cover(dlx_t *d, const int32_t *options, int32_t n) {
    int32_t items = dlx_item_count(d), np = dlx_primary_count(d), it[8], co[8];
    int32_t *plain = calloc((size_t)items, sizeof *plain), *hue = calloc((size_t)items, sizeof *hue);
    int ok = 1;
    for (int32_t k = 0; k < n && ok; k++) {
        for (int32_t j = 0; j < k; j++) ok &= options[j] != options[k];
        int32_t len = dlx_option_items(d, options[k], it, co, 8);
        for (int32_t j = 0; ok && j < len; j++) {
            int32_t x = it[j];
            if (co[j] == 0) ok &= !plain[x]++ && !hue[x];
            else ok &= !plain[x] && (!hue[x] || hue[x] == co[j]), hue[x] = co[j];
        }
    }
    for (int32_t i = 0; ok && i < np; i++) ok &= plain[i] == 1;
    free(plain), free(hue);
    return ok;
}

static int by_int(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}
enum { WIDTH = 40 };
static int by_row(const void *a, const void *b) { return memcmp(a, b, WIDTH * sizeof(int32_t)); }

/* The ZDD's solutions, all of them: valid, distinct, as many as its count,
 * which is `want`. */
static void check_zdd(dlx_t *d, u128 want) {
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_build(d, 0, &z), DLX_OK);
    if (!z) return;
    CHECK(value(dlx_zdd_count(z)) == want);
    int32_t n = (int32_t)(want < 2000 ? want : 2000);
    int32_t *rows = calloc((size_t)n * WIDTH + 1, sizeof *rows);
    for (int32_t k = 0; k < n; k++) {
        int32_t *row = rows + (size_t)k * WIDTH, len = dlx_zdd_nth(z, wide((u128)k), row, WIDTH);
        CHECK(len >= 0 && len <= WIDTH);
        if (len < 0 || len > WIDTH) break;
        CHECK(colored_cover(d, row, len));
        for (int32_t j = len; j < WIDTH; j++) row[j] = -1;
        qsort(row, (size_t)len, sizeof *row, by_int);
    }
    qsort(rows, (size_t)n, WIDTH * sizeof *rows, by_row);
    for (int32_t k = 1; k < n; k++) CHECK(by_row(rows + (size_t)(k - 1) * WIDTH, rows + (size_t)k * WIDTH) != 0);
    free(rows);
    check_steps(d, z, 1 + (uint64_t)(want % 5)); /* in steps: the same ZDD */
    dlx_zdd_free(z);
}

/* Random problems: options of 1..4 items, the first primary, the others
 * secondary ones with a color of 0..3 (0: none) or primary. */
static void test_random(void) {
    const uint64_t caps[] = { 1, 600, 5000, 0 };
    for (int t = 0; t < 4000; t++) {
        int32_t np = 1 + (int32_t)draw(8), ns = 1 + (int32_t)draw(5), no = (int32_t)draw(26);
        check_context("random %d: %d primary, %d secondary, %d options", t, np, ns, no);
        dlx_t *d = dlx_new(np, ns);
        for (int32_t o = 0; o < no; o++) {
            int32_t it[4], co[4], n = 1 + (int32_t)draw(4), k = 0;
            it[k] = (int32_t)draw((uint32_t)np), co[k++] = 0;
            while (k < n) {
                int32_t x = (int32_t)draw((uint32_t)(np + ns)), dup = 0;
                for (int j = 0; j < k; j++) dup |= it[j] == x;
                if (dup) break;
                it[k] = x, co[k++] = x >= np ? (int32_t)draw(4) : 0;
            }
            CHECK(dlx_add_option(d, it, co, k) >= 0);
        }
        for (int f = 0; no && f < 2 && draw(3) == 0; f++) dlx_force(d, (int32_t)draw((uint32_t)no)); /* a clash is refused: fine */
        u128 want = count_of(d, DLX_MEMO_OFF, 0, DLX_ENGINE_LINKS);
        CHECK(count_of(d, DLX_MEMO_ON, caps[t % 4], DLX_ENGINE_AUTO) == want);
        CHECK(dlx_memo_cache_bytes(d) <= (caps[t % 4] ? caps[t % 4] : DLX_MEMO_DEFAULT_BYTES));
        CHECK(count_of(d, DLX_MEMO_ON, caps[(t + 1) % 4], DLX_ENGINE_LINKS) == want); /* the lists */
        dlx_set_engine(d, t % 2 ? DLX_ENGINE_LINKS : DLX_ENGINE_AUTO);
        check_zdd(d, want);
        dlx_free(d);
    }
}

/* Wang tiles: rows x cols cells, `types` tiles with edge colors N E S W of
 * 1..q (drawn here); a cell's tile must match its neighbours' on every
 * shared edge (a secondary item, colored). */
enum { MAX_TYPES = 16 };
static int32_t tile[MAX_TYPES][4];
static void draw_tiles(int types, int q) {
    for (int t = 0; t < types; t++)
        for (int e = 0; e < 4; e++) tile[t][e] = 1 + (int32_t)draw((uint32_t)q);
}

static dlx_t *wang(int rows, int cols, int types) {
    int32_t across = rows * (cols - 1), cells = rows * cols;
    dlx_t *d = dlx_new(cells, across + (rows - 1) * cols);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            for (int t = 0; t < types; t++) {
                int32_t it[5], co[5], k = 0;
                it[k] = r * cols + c, co[k++] = 0;
                if (r > 0) it[k] = cells + across + (r - 1) * cols + c, co[k++] = tile[t][0];
                if (c + 1 < cols) it[k] = cells + r * (cols - 1) + c, co[k++] = tile[t][1];
                if (r + 1 < rows) it[k] = cells + across + r * cols + c, co[k++] = tile[t][2];
                if (c > 0) it[k] = cells + r * (cols - 1) + c - 1, co[k++] = tile[t][3];
                dlx_add_option(d, it, co, k);
            }
    return d;
}

/* The same count cell by cell, row by row: a state is the S color of the
 * last tile of each column and the E color of the last tile (0: free). */
static u128 wang_count(int rows, int cols, int types, int q) {
    size_t n = 1;
    for (int c = 0; c <= cols; c++) n *= (size_t)q + 1;
    u128 *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    a[0] = 1;
    size_t place[8];
    place[0] = 1;
    for (int c = 1; c <= cols; c++) place[c] = place[c - 1] * ((size_t)q + 1);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            memset(b, 0, n * sizeof *b);
            for (size_t s = 0; s < n; s++) {
                if (!a[s]) continue;
                size_t up = s / place[c] % (q + 1), left = s / place[cols] % (q + 1);
                for (int t = 0; t < types; t++) {
                    if ((r > 0 && (size_t)tile[t][0] != up) || (c > 0 && (size_t)tile[t][3] != left)) continue;
                    size_t down = r + 1 < rows ? (size_t)tile[t][2] : 0, right = c + 1 < cols ? (size_t)tile[t][1] : 0;
                    b[s - up * place[c] + down * place[c] - left * place[cols] + right * place[cols]] += a[s];
                }
            }
            u128 *x = a;
            a = b, b = x;
        }
    u128 sum = 0;
    for (size_t s = 0; s < n; s++) sum += a[s];
    free(a), free(b);
    return sum;
}

static void test_wang(void) {
    for (int k = 0; k < 40; k++) {
        int rows = 1 + (int)draw(5), cols = 1 + (int)draw(5), types = 2 + (int)draw(7), q = 1 + (int)draw(3);
        check_context("wang %d: %dx%d, %d tiles, %d colors", k, rows, cols, types, q);
        draw_tiles(types, q);
        dlx_t *d = wang(rows, cols, types);
        u128 want = wang_count(rows, cols, types, q);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == want);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_LINKS) == want);
        if (want < 200000) CHECK(count_of(d, DLX_MEMO_OFF, 0, DLX_ENGINE_LINKS) == want);
        dlx_free(d);
    }
    /* A board where the search enters a node per partial tiling: the memo
     * enters a few per frontier, and the default rule takes it. */
    check_context("wang 6x6, 8 tiles, 2 colors");
    rng = 12345;
    draw_tiles(8, 2);
    dlx_t *d = wang(6, 6, 8);
    u128 want = wang_count(6, 6, 8, 2);
    CHECK(want > (u128)1 << 60);
    CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == want);
    uint64_t memo = nodes_of(d);
    /* 24,611 nodes for 5.6 x 10^18 tilings; 179,479 when a state stored
     * before the cache grew was hashed without its colors and missed */
    CHECK(memo < 40000);
    CHECK(count_of(d, DLX_MEMO_AUTO, 0, DLX_ENGINE_AUTO) == want);
    CHECK_EQ(nodes_of(d), memo);
    CHECK(d->est_meets >= 0.125);
    d->memo_slice = 7; /* in slices, as in WebAssembly: the color stack kept between calls */
    CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == want);
    CHECK_EQ(nodes_of(d), memo);
    check_zdd(d, want);
    d->memo_slice = 0;
    dlx_free(d);
}

/* B(k, n) as in bench/colored.mjs: words w and start positions p primary,
 * each position's digit x secondary, colored by the digit. */
static dlx_t *de_bruijn(int k, int n) {
    int32_t len = 1;
    for (int j = 0; j < n; j++) len *= k;
    dlx_t *d = dlx_new(2 * len, len);
    for (int32_t w = 0; w < len; w++)
        for (int32_t i = 0; i < len; i++) {
            int32_t it[8], co[8], v = w;
            it[0] = w, co[0] = 0, it[1] = len + i, co[1] = 0;
            for (int j = n - 1; j >= 0; j--, v /= k) it[2 + j] = 2 * len + (i + j) % len, co[2 + j] = 1 + v % k;
            dlx_add_option(d, it, co, 2 + n);
        }
    return d;
}

static void test_de_bruijn(void) {
    const int kn[][2] = { { 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 2 } };
    for (int j = 0; j < 4; j++) {
        int k = kn[j][0], n = kn[j][1];
        check_context("de Bruijn B(%d, %d)", k, n);
        u128 f = 1, want = 1;
        for (int i = 2; i <= k; i++) f *= (u128)i;
        int32_t e = 1;
        for (int i = 1; i < n; i++) e *= k;
        for (int32_t i = 0; i < e; i++) want *= f;
        dlx_t *d = de_bruijn(k, n);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == want);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_LINKS) == want);
        CHECK(count_of(d, DLX_MEMO_AUTO, 0, DLX_ENGINE_AUTO) == want);
        if (want < 5000) check_zdd(d, want);
        dlx_free(d);
    }
}

/* Word rectangles rows x cols over a few letters: rows and columns
 * primary, cells secondary, colored by the letter; `n` words of each
 * length, drawn here. States rarely repeat: the default rule keeps the
 * search, node for node. */
static dlx_t *words(int rows, int cols, int n, int letters) {
    dlx_t *d = dlx_new(rows + cols, rows * cols);
    for (int w = 0; w < n; w++) {
        int32_t word[8];
        for (int j = 0; j < cols; j++) word[j] = 1 + (int32_t)draw((uint32_t)letters);
        for (int r = 0; r < rows; r++) {
            int32_t it[9], co[9];
            it[0] = r, co[0] = 0;
            for (int j = 0; j < cols; j++) it[1 + j] = rows + cols + r * cols + j, co[1 + j] = word[j];
            dlx_add_option(d, it, co, 1 + cols);
        }
        for (int j = 0; j < rows; j++) word[j] = 1 + (int32_t)draw((uint32_t)letters);
        for (int c = 0; c < cols; c++) {
            int32_t it[9], co[9];
            it[0] = rows + c, co[0] = 0;
            for (int j = 0; j < rows; j++) it[1 + j] = rows + cols + j * cols + c, co[1 + j] = word[j];
            dlx_add_option(d, it, co, 1 + rows);
        }
    }
    return d;
}

static void test_words(void) {
    for (int k = 0; k < 30; k++) {
        int rows = 2 + (int)draw(2), cols = 2 + (int)draw(3), n = 5 + (int)draw(40), letters = 2 + (int)draw(3);
        check_context("words %d: %dx%d, %d words, %d letters", k, rows, cols, n, letters);
        dlx_t *d = words(rows, cols, n, letters);
        u128 want = count_of(d, DLX_MEMO_OFF, 0, DLX_ENGINE_LINKS);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == want);
        CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_LINKS) == want);
        if (want < 3000) check_zdd(d, want);
        dlx_free(d);
    }
    check_context("words 4x5, 100 words of 6 letters: the default rule keeps the search");
    rng = 777;
    dlx_t *d = words(4, 5, 100, 6);
    u128 want = count_of(d, DLX_MEMO_OFF, 0, DLX_ENGINE_AUTO);
    uint64_t searched = nodes_of(d);
    CHECK(searched > 4096);
    CHECK(count_of(d, DLX_MEMO_AUTO, 0, DLX_ENGINE_AUTO) == want);
    CHECK(d->est_meets < 0.125);
    CHECK_EQ(nodes_of(d), searched);
    dlx_free(d);
}

/* A forced option settles its colors: the options of another color go. */
static void test_forced(void) {
    check_context("forced colors");
    dlx_t *d = dlx_new(3, 1);
    int32_t it[2] = { 0, 3 }, red[2] = { 0, 1 }, blue[2] = { 0, 2 };
    dlx_add_option(d, it, red, 2);  /* 0 */
    dlx_add_option(d, it, blue, 2); /* 1 */
    it[0] = 1;
    dlx_add_option(d, it, red, 2);  /* 2 */
    dlx_add_option(d, it, blue, 2); /* 3 */
    it[0] = 2;
    dlx_add_option(d, it, NULL, 1); /* 4: item 2 alone */
    CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == 2); /* 0 2 4, 1 3 4 */
    CHECK_EQ(dlx_force(d, 0), DLX_OK);
    CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_AUTO) == 1);
    CHECK(count_of(d, DLX_MEMO_ON, 0, DLX_ENGINE_LINKS) == 1);
    check_zdd(d, 1);
    dlx_free(d);
}

int main(void) {
    check_cpu_limit("test_memo_colors", 60);
    test_random();
    test_wang();
    test_de_bruijn();
    test_words();
    test_forced();
    return check_report("test_memo_colors");
}
