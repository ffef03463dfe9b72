/* sudoku9.c: the dedicated 9x9 solver; see sudoku9.h.
 *
 * The board: for digit d and band b (rows 3b..3b+2), a 27-bit mask f[3d+b]
 * of the cells where d may still go; bit 9k+c is row 3b+k, column c. A
 * placed digit keeps its own bit, so each row, column and box of a board
 * always has at least one bit, and exactly one when solved. open[b]: the
 * cells of band b not yet placed.
 *
 * Inference, repeated until nothing changes:
 * - in a band, a digit takes one row of each box and one box of each row: of
 *   the 3x3 (row, box) pairs where it may go, only those on a matching of
 *   rows to boxes stay (locked candidates along rows, both ways, in one
 *   table lookup); a row left with one cell places the digit (a hidden single
 *   of a row, and of a box, whose row the matching then fixes);
 * - across bands, per column: a box whose digit lies in one column removes
 *   that column from the other bands (pointing), and a column whose digit lies
 *   in one band keeps the digit to that column in the box there (claiming);
 * - a cell with one digit left gets it (a naked single).
 * The search then guesses a cell with two digits left (or the fewest), on a
 * copy of the board; a dead end goes back to the copy without that digit.
 */
#include "sudoku9.h"

#include <stdlib.h>
#include <string.h>
#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#define BAND 0x7FFFFFFu /* the 27 cells of a band */
#define AT(d, b) (9 * (b) + (d))
#define DIGIT(d) (0x40201u << (d)) /* bits AT(d, 0..2) */
#define ROW 0x1FFu      /* the 9 cells of a band's first row */
#define MINIROWS 0x1249249u /* the first cell of each minirow of a band */
/* Loops run once a puzzle or less, kept rolled: the WebAssembly build is
 * -O3 for the hot ones, and the module has a size budget. */
#ifdef __clang__
#define ROLLED _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define ROLLED
#endif

typedef struct {
    uint32_t f[27];  /* digit d, band b: f[AT(d, b)] (a band's nine side by side) */
    uint32_t open[3];
    /* per band, the triads whose cuts this board has had (session 43):
     * minirows hx | hf << 1 and minicolumns vx | vf << 9, as in triads() */
    uint32_t cut_h[3], cut_v[3];
} board_t;

/* A guess: cell `at` of band `unit` and the digits left to try (kind 0), or
 * digit `at` and the matchings left to try in band `unit` (kind 1: of its
 * rows to boxes) or stack `unit` (kind 2: of the bands to its columns). */
typedef struct {
    uint8_t kind, unit, at;
    uint16_t left;
} choice_t;

/* A path holds at most one guess per cell and one per digit and band. */
#define DEPTH (81 + 27)

struct sudoku9 {
    uint32_t keep[512];     /* (row, box) pairs (by pairs_key) on a matching -> their cells */
    uint16_t match[512];    /* the same, by the pairs (bit 3 * row + box) themselves */
    uint32_t peers[27];     /* a cell's row and box in its band, without itself */
    uint32_t column[27];    /* a cell's column in a band: three cells */
    uint32_t row[27], minirow[27]; /* a cell's row, and its minirow (its row in its box) */
    uint8_t matchings[512]; /* pairs (by pairs_key) -> the matchings (of six) they hold */
    uint32_t matching[6];   /* a matching's cells */
    board_t stack[DEPTH + 1]; /* the root, and a board per guess on the path */
    choice_t choice[DEPTH];   /* per level: how the next level was made */
    uint32_t seen[9];         /* run_t.seen, kept from puzzle to puzzle */
};

typedef struct {
    const sudoku9_t *t;
    board_t *b;
    uint32_t dirty;   /* bit AT(d, b): that board changed since it was last settled */
    uint32_t touched; /* the same, since the cells of its band were last looked at */
    uint32_t *seen;   /* per digit: its columns in each band when columns() last ran */
    int stopped;    /* the budget ran out: the board is no longer consistent */
    uint64_t nodes, budget;
} run_t;

static inline uint32_t spread(uint32_t cols) { return cols | cols << 9 | cols << 18; }
static inline uint32_t fold(uint32_t m) { return (m | m >> 9 | m >> 18) & ROW; }

/* The (row, box) pairs of a band where mask m has cells, as the index of
 * the tables keep and matchings. Natively the pairs themselves (bit 3 *
 * row + box) by `pext`, one instruction (5% on hardest1106). WebAssembly has
 * none: the minirow flags (bit 9 * row + 3 * box) folded by rows instead,
 * bit 3 * box + row (session 45: three byte loads from a table of a row's
 * boxes were the chain before the load of keep). */
#ifdef __BMI2__
#define KEY_OF_PAIRS(x) (x)
static inline uint32_t pairs_key(uint32_t m) { return _pext_u32(m | m >> 1 | m >> 2, MINIROWS); }
#else
/* pairs x (bit 3 * row + box) -> their key (bit 3 * box + row) */
#define KEY_OF_PAIRS(x) (((x) & 0421) | ((x) >> 2 & 042) | ((x) >> 4 & 04) | ((x) << 2 & 0210) | ((x) << 4 & 0100))
static inline uint32_t pairs_key(uint32_t m) {
    uint32_t h = (m | m >> 1 | m >> 2) & MINIROWS;
    return (h | h >> 8 | h >> 16) & 0x1FF;
}
#endif

sudoku9_t *sudoku9_new(void) {
    sudoku9_t *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    ROLLED
    for (uint32_t x = 0; x < 512; x++) {
        /* x as (row, box) pairs, bit 3 * row + box: each of the six matchings */
        uint32_t key = KEY_OF_PAIRS(x);
        for (int p0 = 0, q = 0; p0 < 3; p0++)
            for (int p1 = 0; p1 < 3; p1++) {
                if (p1 == p0) continue;
                int p2 = 3 - p0 - p1;
                uint32_t need = 1u << p0 | 1u << (3 + p1) | 1u << (6 + p2);
                t->matching[q] = 7u << 3 * p0 | 7u << (9 + 3 * p1) | 7u << (18 + 3 * p2);
                if ((x & need) == need) {
                    t->match[x] |= (uint16_t)need;
                    t->keep[key] |= t->matching[q];
                    t->matchings[key] |= (uint8_t)(1u << q);
                }
                q++;
            }
    }
    for (int d = 0; d < 9; d++) t->seen[d] = ~0u; /* no columns seen */
    ROLLED
    for (int i = 0; i < 27; i++) {
        int col = i % 9, box = col / 3;
        t->peers[i] = ((ROW << (i / 9 * 9)) | spread(7u << 3 * box)) & ~(1u << i);
        t->column[i] = spread(1u << col);
        t->row[i] = ROW << (i - col), t->minirow[i] = 7u << (i - col + 3 * box);
    }
    return t;
}

void sudoku9_free(sudoku9_t *s) { free(s); }

static inline void mark(run_t *r, uint32_t boards) {
    r->dirty |= boards;
    r->touched |= boards;
}

/* A band's nine digits (f + AT(0, b)) as lanes of vectors: 8 with AVX2,
 * else 4 (SSE2, SIMD128 in WebAssembly; a compiler without either runs
 * them lane by lane). The vectors start at digits 0 and 1 (8 lanes) or 0,
 * 4 and 5 (4 lanes): a lane written twice gets the same value twice. */
#ifdef __AVX2__
#define LANES 8
typedef uint32_t lanes_t __attribute__((vector_size(32)));
static const int lane_at[] = {0, 1};
/* two counts side by side (the low and high halves of each), then across */
#define LOW(x, y) __builtin_shufflevector(x, y, 0, 1, 2, 3, 8, 9, 10, 11)
#define HIGH(x, y) __builtin_shufflevector(x, y, 4, 5, 6, 7, 12, 13, 14, 15)
#define ACROSS(x, n) (n == 2 ? __builtin_shufflevector(x, x, 2, 3, 0, 1, 6, 7, 4, 5) : __builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, 7, 6))
#else
#define LANES 4
typedef uint32_t lanes_t __attribute__((vector_size(16)));
static const int lane_at[] = {0, 4, 5};
#define LOW(x, y) __builtin_shufflevector(x, y, 0, 1, 4, 5)
#define HIGH(x, y) __builtin_shufflevector(x, y, 2, 3, 6, 7)
#define ACROSS(x, n) __builtin_shufflevector(x, x, 1, 0, 3, 2)
#endif
#define VECTORS ((int)(sizeof lane_at / sizeof lane_at[0]))

static inline lanes_t lanes_load(const uint32_t *p) {
    lanes_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void lanes_store(uint32_t *p, lanes_t v) { memcpy(p, &v, sizeof v); }

/* Lane k of the comparison c (0 or ~0) at bit k. */
static inline uint32_t lanes_bits(lanes_t c) {
#if defined(__AVX2__)
    return (uint32_t)_mm256_movemask_ps((__m256)c);
#elif defined(__wasm_simd128__)
    return (uint32_t)wasm_i32x4_bitmask((v128_t)c);
#elif defined(__SSE2__)
    return (uint32_t)_mm_movemask_ps((__m128)c);
#else
    uint32_t bits = 0;
    for (int k = 0; k < LANES; k++) bits |= (c[k] & 1) << k;
    return bits;
#endif
}

/* The lanes of v with bit i, as bits. Natively -(v >> i & 1) (Clang makes
 * it a shift of bit i to the top and a movemask); in WebAssembly V8 does
 * each step (a shift by a variable count is three instructions there, the
 * negation two), so a compare with the bit: 1.6% fewer instructions on
 * many (session 45; natively 2.3% more). */
static inline uint32_t lanes_with(lanes_t v, int i) {
#ifdef __wasm_simd128__
    uint32_t bit = 1u << i;
    return lanes_bits((v & bit) == bit);
#else
    return lanes_bits(-(v >> i & 1));
#endif
}

/* Digit d goes to cell i of band b (still possible there). A placement past
 * the budget stops the run instead. Kept out of line in WebAssembly (its
 * five copies inlined were 2.7 KB of the module; session 43). */
#ifdef __wasm__
__attribute__((noinline))
#endif
static void place(run_t *r, int d, int b, int i) {
    if (r->nodes >= r->budget) {
        r->stopped = 1;
        return;
    }
    r->nodes++;
    const sudoku9_t *t = r->t; /* once: the board's stores may alias the run, in memory in WebAssembly */
    uint32_t *f = r->b->f, bit = 1u << i, col = t->column[i], minirow = t->minirow[i], row = t->row[i], peers = t->peers[i];
    uint32_t own = f[AT(d, b)], *band = f + AT(0, b), had = 0, wake = 0;
    lanes_t v[VECTORS];
    for (int j = 0; j < VECTORS; j++) v[j] = lanes_load(band + lane_at[j]);
    for (int j = 0; j < VECTORS; j++) { /* the cell holds no other digit */
        lanes_t n = v[j] & ~bit, w = n & row;
        had |= lanes_with(v[j], i) << lane_at[j];
        /* Of the digits losing the cell, only those left with a minirow or
         * a minicolumn empty, or a row of one cell (or none), can give their
         * band step or columns() anything new (session 43): the others are
         * only touched (for singles and triads), not made dirty. */
        wake |= lanes_bits(((n & minirow) == 0) | ((n & col) == 0) | ((w & (w - 1)) == 0)) << lane_at[j];
        lanes_store(band + lane_at[j], n);
    }
    uint32_t changed = had << 9 * b, woken = (had & wake & ~(1u << d)) << 9 * b;
    f[AT(d, b)] = own;
    for (int k = 0; k < 3; k++) { /* nor does its column, row or box hold d elsewhere */
        uint32_t m = f[AT(d, k)] & ~col;
        if (k == b) m = (m & ~peers) | bit;
        uint32_t now = (uint32_t)(m != f[AT(d, k)]) << AT(d, k);
        changed |= now, woken |= now;
        f[AT(d, k)] = m;
    }
    r->b->open[b] &= ~bit;
    r->dirty |= woken;
    r->touched |= changed;
}

/* Mask m's minirows, as a flag on each one's first cell. */
static inline uint32_t minirows(uint32_t m) { return (m | m >> 1 | m >> 2) & MINIROWS; }

/* Digit d in band b: keep the (row, box) pairs on a matching, place the
 * rows left with one open cell. 0: a contradiction. */
static int band(run_t *r, int d, int b) {
    const sudoku9_t *t = r->t;
    uint32_t *p = r->b->f + AT(d, b), m = *p, open = r->b->open[b];
    m &= t->keep[pairs_key(m)]; /* a row without d leaves no matching */
    if (!m) return 0;
    r->touched |= (uint32_t)(m != *p) << AT(d, b);
    *p = m;
    /* The rows left with one cell: after the matching they lie in three
     * boxes apart, so placing one leaves the others where they are. */
    uint32_t one = 0;
    for (int k = 0; k < 27; k += 9) {
        uint32_t row = m & ROW << k;
        one |= row & (row - 1) ? 0 : row;
    }
    for (one &= open; one; one &= one - 1) place(r, d, b, __builtin_ctz(one));
    return 1;
}

/* Digit d across the bands, by stacks: the same matching, of the bands to
 * the columns of each stack (pointing and claiming along columns, both
 * ways). It depends on the columns a digit has in each band alone, and a
 * second look at the same ones finds nothing new: the columns last seen
 * without a contradiction are kept per digit, and skipped. 0: a contradiction. */
static int columns(run_t *r, int d) {
    const sudoku9_t *t = r->t;
    uint32_t *f = r->b->f + d;
    uint32_t c0 = fold(f[0]), c1 = fold(f[9]), c2 = fold(f[18]), before = c0 | c1 << 9 | c2 << 18;
    if (before == r->seen[d]) return 1;
    uint32_t k0 = 0, k1 = 0, k2 = 0;
    for (int s = 0; s < 9; s += 3) {
        uint32_t pairs = (c0 >> s & 7) | (c1 >> s & 7) << 3 | (c2 >> s & 7) << 6;
        uint32_t keep = t->match[pairs];
        if (!keep) return 0;
        k0 |= (keep & 7) << s, k1 |= (keep >> 3 & 7) << s, k2 |= (keep >> 6) << s;
    }
    uint32_t after = (c0 & k0) | (c1 & k1) << 9 | (c2 & k2) << 18;
    r->seen[d] = after;
    if (after == before) return 1;
    uint32_t m0 = f[0] & spread(k0), m1 = f[9] & spread(k1), m2 = f[18] & spread(k2);
    mark(r, ((uint32_t)(m0 != f[0]) | (uint32_t)(m1 != f[9]) << 9 | (uint32_t)(m2 != f[18]) << 18) << d);
    f[0] = m0, f[9] = m1, f[18] = m2;
    return 1;
}

/* Settle digit d: its bands and its columns until neither changes it, a
 * band only when its board changed (session 42: 1.03-1.04x on the hard
 * sets, paired pass by pass; session 39 had seen no signal). */
static int settle(run_t *r, int d) {
    uint32_t mine = DIGIT(d);
    while (r->dirty & mine) {
        uint32_t now = r->dirty >> d;
        r->dirty &= ~mine;
        if ((now & 1 && !band(r, d, 0)) || (now & 1u << 9 && !band(r, d, 1)) || (now & 1u << 18 && !band(r, d, 2))) return 0;
        if (r->stopped || !columns(r, d)) return 0;
    }
    return 1;
}

/* Naked singles in band b: an open cell with one digit left gets it, one
 * with none is a contradiction (0). */
static int singles(run_t *r, int b) {
    uint32_t *f = r->b->f + AT(0, b), open = r->b->open[b];
    /* the cells with a digit (one) and with two or more (two): the first
     * vectors' lanes (digits 0 to 7) side by side, halved across, then
     * digit 8 (session 43: the nine digits one by one were a chain) */
    lanes_t o = lanes_load(f), t = {0};
#if LANES == 4
    lanes_t o2 = lanes_load(f + 4);
    t = o & o2, o |= o2;
    lanes_t hi = __builtin_shufflevector(o, o, 2, 3, 0, 1), th = __builtin_shufflevector(t, t, 2, 3, 0, 1);
#else
    lanes_t hi = __builtin_shufflevector(o, o, 4, 5, 6, 7, 0, 1, 2, 3), th = __builtin_shufflevector(t, t, 4, 5, 6, 7, 0, 1, 2, 3);
#endif
    t |= th | (o & hi), o |= hi;
    for (int n = LANES / 4; n; n /= 2) {
        lanes_t x = ACROSS(o, n), y = ACROSS(t, n);
        t |= y | (o & x), o |= x;
    }
    uint32_t one = o[0] | f[8], two = t[0] | (o[0] & f[8]);
    if (open & ~one) return 0;
    for (uint32_t s = open & ~two; s; s &= s - 1) {
        int i = __builtin_ctz(s);
        uint32_t digits = 0; /* its digit, as place() finds the digits a cell has */
        for (int j = 0; j < VECTORS; j++) digits |= lanes_with(lanes_load(f + lane_at[j]), i) << lane_at[j];
        if (!digits) return 0; /* an earlier single took its last digit */
        place(r, __builtin_ctz(digits), b, i);
        if (r->stopped) return 0;
    }
    return 1;
}

/* Each minirow (a row's three cells in a box) and each minicolumn of band b
 * holds three digits. Fewer left, or more than three bound to it, is a
 * contradiction (0). Exactly three left: each goes there (out of the rest
 * of its row and box, or of its column and box). Exactly three bound to it
 * (a digit is bound to a minirow when its row in the band has that box
 * alone): no other digit goes there.
 *
 * The nine digits are lanes (the last vector counted for its last digit
 * alone). Minirows are flags on their
 * first cell (bit 9 * row + 3 * box), so a flag widens to its cells as
 * (flag << 3) - flag; the digits on each are counted up to four, bit-sliced
 * (c[k]: at least k + 1), first lane-wise, then across the lanes. */
/* Counts up to four (c[k]: at least k + 1), added: a + b, saturated. */
typedef struct { lanes_t c[4]; } count4_t;
static inline count4_t count4_add(count4_t a, count4_t b) {
    count4_t s;
    s.c[0] = a.c[0] | b.c[0];
    s.c[1] = a.c[1] | b.c[1] | (a.c[0] & b.c[0]);
    s.c[2] = a.c[2] | b.c[2] | (a.c[1] & b.c[0]) | (a.c[0] & b.c[1]);
    s.c[3] = a.c[3] | b.c[3] | (a.c[2] & b.c[0]) | (a.c[1] & b.c[1]) | (a.c[0] & b.c[2]);
    return s;
}
/* The totals of counts a and b over their lanes: a's in lane 0, b's in
 * lane LANES / 2 (the halves of a and b side by side, then added across). */
static inline count4_t count4_across(count4_t a, count4_t b) {
    count4_t x, y;
    for (int k = 0; k < 4; k++) x.c[k] = LOW(a.c[k], b.c[k]), y.c[k] = HIGH(a.c[k], b.c[k]);
    a = count4_add(x, y);
    for (int n = LANES / 4; n; n /= 2) {
        count4_t c = {{ACROSS(a.c[0], n), ACROSS(a.c[1], n), ACROSS(a.c[2], n), ACROSS(a.c[3], n)}};
        a = count4_add(a, c);
    }
    return a;
}

/* A band's digits (m, as lanes or one alone): their minirows h (flags),
 * columns v, and of those the ones alone in their row (hb) and in their
 * stack (vb). */
#define TRIAD_LANES(T, m, h, v, hb, vb)                                                          \
    do {                                                                                         \
        /* a row (stack) with two or more, flagged on its first minirow (column):                \
         * the pairs 0-1, 1-2 and 0-2, each and of the flags turned, with one mask               \
         * (session 45: a mask per box was six constants for V8 to keep) */                     \
        T x_ = ((m) | (m) >> 1 | (m) >> 2) & MINIROWS, y_ = ((m) | (m) >> 9 | (m) >> 18) & ROW; \
        T a_ = x_ & x_ >> 3, b_ = y_ & y_ >> 1;                                                 \
        T two = (a_ | a_ >> 3 | (x_ & x_ >> 6)) & 0x40201u, twos = (b_ | b_ >> 1 | (y_ & y_ >> 2)) & 0x49u; \
        hb = x_ & ~(two | two << 3 | two << 6), vb = y_ & ~(twos | twos << 1 | twos << 2);     \
        h = x_, v = y_;                                                                          \
    } while (0)

static int triads(run_t *r, int b) {
    uint32_t *f = r->b->f, *band = f + AT(0, b);
    lanes_t rows[VECTORS], cols[VECTORS], alone[VECTORS], calone[VECTORS];
    const lanes_t zero = {0};
    count4_t hs = {{zero, zero, zero, zero}}, vs = hs; /* minirows (and bound ones, << 1); columns (and bound ones, << 9) */
    /* With 8 lanes, the second vector's lanes before the last digit were
     * counted already; with 4, the last digit is counted alone, after the
     * lanes (session 45: its vector was more values live than V8 has
     * registers for in WebAssembly), and its vector made for the cuts. */
#if LANES == 4
    const int counted = 2;
#else
    const int counted = VECTORS;
#endif
    for (int j = 0; j < counted; j++) {
        lanes_t m = lanes_load(band + lane_at[j]), z = zero;
        if (LANES == 8 && j == VECTORS - 1)
            for (int k = 0; k < LANES - 1; k++) z[k] = ~0u;
        TRIAD_LANES(lanes_t, m, rows[j], cols[j], alone[j], calone[j]);
        lanes_t x = (rows[j] | alone[j] << 1) & ~z, y = (cols[j] | calone[j] << 9) & ~z;
        count4_t cx = {{x, zero, zero, zero}}, cy = {{y, zero, zero, zero}};
        hs = count4_add(hs, cx), vs = count4_add(vs, cy);
    }
    count4_t all = count4_across(hs, vs);
    uint32_t h3 = all.c[2][0], h4 = all.c[3][0], v3 = all.c[2][LANES / 2], v4 = all.c[3][LANES / 2];
#if LANES == 4
    {
        uint32_t h, v, hb, vb, m = band[8];
        TRIAD_LANES(uint32_t, m, h, v, hb, vb);
        uint32_t x = h | hb << 1, y = v | vb << 9;
        h4 |= all.c[2][0] & x, h3 |= all.c[1][0] & x;
        v4 |= all.c[2][LANES / 2] & y, v3 |= all.c[1][LANES / 2] & y;
    }
#endif
    uint32_t r3 = h3 & MINIROWS, r4 = h4 & MINIROWS, rb3 = h3 >> 1 & MINIROWS, rb4 = h4 >> 1 & MINIROWS;
    uint32_t c3 = v3 & ROW, c4 = v4 & ROW, cb3 = v3 >> 9 & ROW, cb4 = v4 >> 9 & ROW;
    if (r3 != MINIROWS || c3 != ROW || (rb4 | cb4)) return 0;
    uint32_t open = r->b->open[b], oh = minirows(open), ov = fold(open);
    uint32_t hx = r3 & ~r4 & oh, vx = c3 & ~c4 & ov, hf = rb3 & oh, vf = cb3 & ov;
    /* A triad stays one while the band lives (its digits cannot leave it,
     * and cells only go): cuts of triads this board has had change nothing
     * again, so only a new one makes the cuts. */
    uint32_t now_h = hx | hf << 1, now_v = vx | vf << 9;
    if (!(now_h & ~r->b->cut_h[b]) && !(now_v & ~r->b->cut_v[b])) return 1;
    r->b->cut_h[b] |= now_h, r->b->cut_v[b] |= now_v;
    for (int j = counted; j < VECTORS; j++) /* before any store: the vectors share lanes */
        TRIAD_LANES(lanes_t, lanes_load(band + lane_at[j]), rows[j], cols[j], alone[j], calone[j]);
    uint32_t changed = 0;
    for (int j = 0; j < VECTORS; j++) {
        /* a minirow of three digits, d among them: d leaves the rest of
         * its row and box (several at once: a weaker but sound cut) */
        lanes_t x = rows[j] & hx, y = cols[j] & vx, t = (x | x >> 3 | x >> 6) & 0x40201u;
        lanes_t u = (x | x >> 9 | x >> 18) & 0x49u, line = (t << 9) - t, boxes = (u << 3) - u;
        boxes |= boxes << 9 | boxes << 18;
        lanes_t drop = (line | boxes) & ~((x << 3) - x);
        lanes_t g = hf & ~alone[j];
        drop |= (g << 3) - g; /* minirows bound to three others */
        /* a minicolumn of three digits: d leaves the rest of its box, and
         * its column in the other bands */
        lanes_t w = (y | y >> 1 | y >> 2) & 0x49u, stacks = (w << 3) - w;
        lanes_t c = (stacks & ~y) | (vf & ~calone[j]), other = y | y << 9 | y << 18;
        drop |= c | c << 9 | c << 18;
        for (int k = 0; k < 3; k++) {
            uint32_t *p = f + AT(lane_at[j], k);
            lanes_t m = lanes_load(p), n = m & ~(k == b ? drop : other);
            changed |= lanes_bits(n != m) << AT(lane_at[j], k);
            lanes_store(p, n);
        }
    }
    mark(r, changed);
    return 1;
}

/* Infer until nothing changes, the cheaper rules first: triads only once
 * the rest has nothing left. 0: a contradiction, or the budget ran out. */
static int propagate(run_t *r) {
    uint32_t later = 0; /* bands changed since triads last looked */
    for (;;) {
        while (r->dirty)
            if (!settle(r, __builtin_ctz(r->dirty) % 9)) return 0;
        uint32_t touched = r->touched;
        r->touched = 0;
        later |= touched;
        for (int b = 0; b < 3; b++)
            if (touched >> 9 * b & ROW && !singles(r, b)) return 0;
        if (r->dirty) continue;
        for (int b = 0; b < 3; b++)
            if (later >> 9 * b & ROW && !triads(r, b)) return 0;
        later = 0;
        if (!r->dirty) return !r->stopped;
    }
}

/* What to guess. A digit's matchings in every band and every stack fix
 * where it goes, so the guess is a digit's matching: in the band or stack
 * with the fewest matchings left over all digits (but not fixed), the digit
 * with the fewest (two, if any). A cell with the fewest digits only when
 * all are fixed (and the inference missed it). */
static choice_t choose(const sudoku9_t *t, const board_t *bd) {
    choice_t c = {0, 0, 0, 0};
    /* per digit, its matchings in each band (bits 8 * band) and each stack
     * (8 * stack): counted lane by lane without a table, as a sum over the
     * pairs of the first row (or band) of the 2x2 minors' matchings */
    uint32_t in_band[9], in_stack[9], nb = 0, ns = 0;
    const uint32_t q0 = 0x49u;
#ifdef __AVX2__
    const uint32_t p0 = 0x40201u, p1 = p0 << 3, p2 = p0 << 6;
#define BOX1(x) (((x) >> 3 & (p0 | p1)) | ((x) << 6 & p2)) /* box x + 1 */
#define BOX2(x) (((x) >> 6 & p0) | ((x) << 3 & (p1 | p2)))  /* box x + 2 */
#endif
#define COL1(x) (((x) >> 1 & 0xDBu) | ((x) << 2 & 0x124u))  /* column c + 1 of its stack */
#define COL2(x) (((x) >> 2 & q0) | ((x) << 1 & 0x1B6u))    /* column c + 2 */
    for (int j = 0; j < VECTORS; j++) {
        lanes_t cols[3], per_band = {0};
        for (int u = 0; u < 3; u++) {
            lanes_t m = lanes_load(bd->f + AT(lane_at[j], u));
#ifdef __AVX2__
            lanes_t h = (m | m >> 1 | m >> 2) & MINIROWS;
            lanes_t r1 = (h >> 9 | h << 18) & BAND, r2 = (h >> 18 | h << 9) & BAND; /* rows r + 1, r + 2 */
            lanes_t x = (h & BOX1(r1) & BOX2(r2) & q0) + (h & BOX2(r1) & BOX1(r2) & q0);
#else
            /* The same with the minirow flags of rows 0, 1, 2 at bits 0, 3,
             * 6 (box 0, 1, 2), rows 1 and 2 twice (bits 9, 12, 15 again):
             * >> 3 puts box k + 1 at box k, >> 6 box k + 2, and the first
             * row's mask cuts the rest (session 45: in WebAssembly 3.5% fewer
             * instructions on many, as V8 keeps each constant in a register
             * or spills it; natively with AVX2, 1% more). */
            lanes_t h = m | m >> 1 | m >> 2, a = h & q0, b1 = h >> 9 & q0, b2 = h >> 18 & q0;
            b1 |= b1 << 9, b2 |= b2 << 9;
            lanes_t x = (a & b1 >> 3 & b2 >> 6) + (a & b1 >> 6 & b2 >> 3);
#endif
            per_band |= ((x + (x >> 3) + (x >> 6)) & 7) << 8 * u;
            cols[u] = (m | m >> 9 | m >> 18) & ROW;
        }
        /* a stack's matchings, from the columns of its first band */
        lanes_t y = cols[0] & COL1(cols[1]) & COL2(cols[2]), z = cols[0] & COL2(cols[1]) & COL1(cols[2]);
        lanes_t n = (y & q0) + (y >> 1 & q0) + (y >> 2 & q0) + (z & q0) + (z >> 1 & q0) + (z >> 2 & q0);
        lanes_t per_stack = (n & 7) | (n >> 3 & 7) << 8 | (n >> 6 & 7) << 16;
        lanes_store(in_band + lane_at[j], per_band);
        lanes_store(in_stack + lane_at[j], per_stack);
    }
#undef BOX1
#undef BOX2
#undef COL1
#undef COL2
    for (int d = 0; d < 9; d++) nb += in_band[d], ns += in_stack[d];
    /* the smallest count over 9, the first unit on a tie; then the digit
     * with the fewest (two or more), the first on a tie: minima of keys,
     * without a branch taken at random (session 43) */
    uint64_t all = (uint64_t)ns << 24 | nb;
    uint32_t best = ~0u;
    for (uint32_t q = 0; q < 6; q++) {
        uint32_t n = (uint32_t)(all >> 8 * q) & 0xFF, key = n << 3 | q;
        best = ((n > 9) & (key < best)) ? key : best;
    }
    if (best != ~0u) {
        uint32_t kind = (best & 7) >= 3, unit = (best & 7) - 3 * kind, pick = ~0u;
        const uint32_t *per = kind ? in_stack : in_band;
        for (uint32_t d = 0; d < 9; d++) {
            uint32_t n = per[d] >> 8 * unit & 0xFF, key = n << 4 | d;
            pick = ((n >= 2) & (key < pick)) ? key : pick;
        }
        int at = (int)(pick & 15);
        uint32_t pairs; /* by pairs_key */
        if (kind) {
            uint32_t stack = (fold(bd->f[AT(at, 0)]) | fold(bd->f[AT(at, 1)]) << 9 | fold(bd->f[AT(at, 2)]) << 18) >> 3 * unit;
            pairs = KEY_OF_PAIRS((stack & 7) | (stack >> 6 & 070) | (stack >> 12 & 0700));
        } else {
            pairs = pairs_key(bd->f[AT(at, unit)]);
        }
        c.at = (uint8_t)at, c.left = t->matchings[pairs];
        c.kind = (uint8_t)(kind + 1), c.unit = (uint8_t)unit;
        return c;
    }
    int fewest = 10;
    ROLLED
    for (int b = 0; b < 3; b++)
        for (uint32_t s = bd->open[b]; s; s &= s - 1) {
            int i = __builtin_ctz(s), n = 0;
            ROLLED
            for (int d = 0; d < 9; d++) n += bd->f[AT(d, b)] >> i & 1;
            if (n < fewest) {
                fewest = n, c.unit = (uint8_t)b, c.at = (uint8_t)i, c.left = 0;
                ROLLED
                for (int d = 0; d < 9; d++) c.left |= (uint16_t)((bd->f[AT(d, b)] >> i & 1) << d);
            }
        }
    return c;
}

/* Take way `k` of choice c. */
static void take(run_t *r, const choice_t *c, int k) {
    if (!c->kind) {
        place(r, k, c->unit, c->at);
        return;
    }
    if (r->nodes >= r->budget) {
        r->stopped = 1;
        return;
    }
    r->nodes++;
    uint32_t *f = r->b->f + c->at, u = c->unit;
    if (c->kind == 1) {
        f[9 * u] &= r->t->matching[k];
        mark(r, 1u << AT(c->at, u));
        return;
    }
    /* matching k sends band j to column (its box in the band table) */
    uint32_t cells = r->t->matching[k];
    for (int j = 0; j < 3; j++) {
        uint32_t col = cells >> (9 * j + 3 * 0) & 0x1FF; /* 7 << 3 * column */
        uint32_t one = (col & 1) | (col >> 2 & 2) | (col >> 4 & 4);
        f[9 * j] &= ~spread(7u << 3 * u) | spread(one << 3 * u);
    }
    mark(r, DIGIT(c->at));
}

static void write_solution(const board_t *bd, uint8_t *solution) {
    ROLLED
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t m = bd->f[AT(d, b)]; m; m &= m - 1)
                solution[27 * b + __builtin_ctz(m)] = (uint8_t)(d + 1);
}

/* The board of the givens, all at once (placing them one by one was a
 * quarter of an easy puzzle's time). 1 when two givens clash. */
#if defined(__wasm_simd128__) || defined(__SSE2__)
/* The cells of band b holding each digit, by comparing the band's 27 bytes
 * with the digit 16 at a time (bytes 0-15 and 11-26: nothing read past the
 * grid): no read-modify-write at an address the grid decides, whose loads
 * the processor guessed apart from the stores before them and then had to
 * redo (two thirds of a clashing puzzle's time natively). */
static inline void band_owners(const uint8_t *band, uint32_t *own, int b, uint32_t *given) {
#ifdef __wasm_simd128__
    v128_t lo = wasm_v128_load(band), hi = wasm_v128_load(band + 11);
#define OWNERS(v) ((uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(lo, v)) | (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(hi, v)) >> 5 << 16)
#define BYTE(d) wasm_i8x16_splat((int8_t)(d))
#else
    __m128i lo = _mm_loadu_si128((const __m128i *)band), hi = _mm_loadu_si128((const __m128i *)(band + 11));
#define OWNERS(v) ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, v)) | (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, v)) >> 5 << 16)
#define BYTE(d) _mm_set1_epi8((char)(d))
#endif
    *given = BAND & ~OWNERS(BYTE(0));
    ROLLED
    for (int d = 0; d < 9; d++) own[AT(d, b)] = OWNERS(BYTE(d + 1));
#undef OWNERS
#undef BYTE
}
#else
/* The same by a scatter: own10[10 * v]: the cells holding v (v = 0, empty,
 * a sink: no branch per cell, which taken at random was 40% of a clashing
 * puzzle's time). */
static inline void band_owners(const uint8_t *band, uint32_t *own, int b, uint32_t *given) {
    uint32_t own10[10] = {0};
    ROLLED
    for (int i = 0; i < 27; i++) own10[band[i]] |= 1u << i;
    *given = BAND & ~own10[0];
    ROLLED
    for (int d = 0; d < 9; d++) own[AT(d, b)] = own10[d + 1];
}
#endif

static int root_of(const uint8_t *grid, board_t *root) {
    uint32_t own[27], given[3];
    ROLLED
    for (int b = 0; b < 3; b++) band_owners(grid + 27 * b, own, b, &given[b]);
    /* Each digit's boards as lanes (session 43: the checks and masks of one
     * board at a time, with a branch per row, were 7-10% of a puzzle's
     * instructions on many and minimal). Minirow flags h (bit 9 * row + 3 *
     * box) tell a digit twice in a row (two flags of a row, or two bits of a
     * minirow) and twice in a box (two flags of a box); folded columns, twice
     * in a column. */
    const uint32_t p0 = 0x40201u, p3 = p0 << 3;
    lanes_t bad = {0};
    for (int j = 0; j < VECTORS; j++) {
        lanes_t m[3], c[3], cut[3];
        for (int k = 0; k < 3; k++) {
            lanes_t o = lanes_load(own + AT(lane_at[j], k)), x = (o | o >> 1 | o >> 2) & MINIROWS;
            bad |= ((o & (o >> 1 | o >> 2)) | (o >> 1 & o >> 2)) & MINIROWS;
            bad |= x & ((x >> 3 & (p0 | p3)) | (x >> 6 & p0) | x >> 9 | x >> 18);
            lanes_t rows = (x | x >> 3 | x >> 6) & p0, boxes = (x | x >> 9 | x >> 18) & 0x49u;
            boxes = (boxes << 3) - boxes;
            m[k] = o, c[k] = (o | o >> 9 | o >> 18) & ROW;
            cut[k] = ((rows << 9) - rows) | boxes | boxes << 9 | boxes << 18;
        }
        bad |= (c[0] & c[1]) | (c[0] & c[2]) | (c[1] & c[2]);
        lanes_t cols = c[0] | c[1] | c[2];
        cols |= cols << 9 | cols << 18;
        for (int k = 0; k < 3; k++)
            lanes_store(root->f + AT(lane_at[j], k), (BAND & ~given[k] & ~cut[k] & ~cols) | m[k]);
    }
    const lanes_t zero = {0};
    if (lanes_bits(bad != zero)) return 1;
    ROLLED
    for (int b = 0; b < 3; b++) root->open[b] = BAND & ~given[b], root->cut_h[b] = root->cut_v[b] = 0;
    return 0;
}

int sudoku9_solve(sudoku9_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                  uint8_t *solution, sudoku9_result_t *res) {
    run_t r = {s, s->stack, 0, 0, s->seen, 0, 0, UINT64_MAX};
    if (root_of(grid, s->stack)) return 1;
    r.dirty = r.touched = BAND, r.budget = max_nodes ? max_nodes : UINT64_MAX;
    uint64_t found = 0, guesses = 0;
    int level = 0;
    res->stopped = res->complete = 0;
    for (;;) {
        int live = propagate(&r);
        if (r.stopped) {
            res->stopped = 1;
            break;
        }
        if (live && !(r.b->open[0] | r.b->open[1] | r.b->open[2])) {
            if (++found == 1 && solution) write_solution(r.b, solution);
            if (limit && found >= limit) break;
            live = 0;
        } else if (!live) { /* a dead end is a node, as in the other engines */
            if (r.nodes >= r.budget) {
                res->stopped = 1;
                break;
            }
            r.nodes++;
        }
        if (live) { /* guess, on a copy */
            choice_t *c = &s->choice[level];
            *c = choose(s, r.b);
            int k = __builtin_ctz(c->left);
            c->left &= (uint16_t)(c->left - 1);
            s->stack[level + 1] = s->stack[level];
            r.b = &s->stack[++level];
            guesses++;
            take(&r, c, k);
            continue;
        }
        if (level == 0) {
            res->complete = 1;
            break;
        }
        /* the next way of the last guess: on a new copy, or the last one in place */
        choice_t *c = &s->choice[level - 1];
        int k = __builtin_ctz(c->left);
        c->left &= (uint16_t)(c->left - 1);
        if (c->left) s->stack[level] = s->stack[level - 1];
        else level--;
        r.b = &s->stack[level];
        r.dirty = r.touched = 0;
        take(&r, c, k);
    }
    res->count = found;
    res->nodes = r.nodes;
    res->guesses = guesses;
    return 0;
}
