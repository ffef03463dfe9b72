/* wasm/lines.c: the one-line puzzles' bytes turned into cell values, for
 * the JS fast path (src/js/dlxkit-sudoku-line.mjs), which copies each line's
 * bytes into module memory at once (TextEncoder.encodeInto) and asks this
 * loop what they mean: in JS, a byte at a time, it cost a clashing puzzle's
 * batch twice its solve. The table is the JS side's, filled once per size
 * and alphabet by probing the C reader (LineTables). With SIMD128 (the
 * module) 16 bytes at a time: the byte-at-a-time loop was a third of a
 * clashing puzzle's batch (docs/notes/SUDOKU9.md, session 43). */
#include <stddef.h>
#include <stdint.h>

#include "boundary.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* The byte-at-a-time form (short lines, and builds without SIMD128). */
static int32_t line_values_bytes(const int8_t *value, const int8_t *kind, uint8_t *line, int32_t n2, int32_t *out) {
    int32_t bad = 0, empties = 0;
    uint32_t marks = 0, blank = 0;
    for (int32_t i = 0; i < n2; i++) { /* no branch: a given or a mark falls at random */
        uint8_t c = line[i];
        int32_t v = value[c & 127];
        bad |= v | -(int32_t)(c >> 7);
        line[i] = (uint8_t)v;
        uint32_t empty = v == 0;
        empties += (int32_t)empty;
        marks |= (1u << (kind[c & 127] & 31)) & -empty;
        blank = blank ? blank : c & -empty;
    }
    out[0] = (int32_t)blank, out[1] = (int32_t)marks, out[2] = n2 - empties;
    return bad < 0;
}

#ifdef __wasm_simd128__
/* The line's 16 bytes c through the table as 16-byte pieces t[k] (a
 * swizzle gives 0 for an index past 15, so each byte finds its piece). The
 * bytes under 0x20 are no symbol and no mark (the JS side probes from 0x21):
 * refused by one compare instead of two pieces. */
#define PIECE(k) wasm_i8x16_swizzle(t[k], wasm_i8x16_sub(c, wasm_i8x16_splat((int8_t)(16 * (k)))))
static inline v128_t look_up(const v128_t *t, v128_t c) { /* written out: this file is built without unrolling */
    v128_t x = wasm_v128_or(wasm_u8x16_lt(c, wasm_i8x16_splat(0x20)), wasm_v128_or(PIECE(2), PIECE(3)));
    if (!wasm_v128_any_true(wasm_u8x16_ge(c, wasm_i8x16_splat(0x40)))) return x; /* digits and the usual marks: a branch that goes one way for a whole set */
    x = wasm_v128_or(x, wasm_v128_or(PIECE(4), PIECE(5)));
    return wasm_v128_or(x, wasm_v128_or(PIECE(6), PIECE(7)));
}

/* Lines of 16 bytes or more, through the table's pieces (sudoku_line_table). Lanes holding a mark
 * (or a refused byte: the line is refused then) are the ones whose top bit
 * is set. The last 16 bytes are read before anything is written, so a
 * length that is no multiple of 16 takes them whole, its lanes already done
 * left out of the counts. */
static int32_t line_values_simd(const line_table_t *lt, uint8_t *line, int32_t n2, int32_t *out) {
    const v128_t *t = (const v128_t *)lt->pieces;
    const v128_t zero = wasm_i8x16_splat(0);
    const v128_t bits = wasm_i8x16_make(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const v128_t low3 = wasm_i8x16_splat(7), refused = wasm_i8x16_splat(-1);
    v128_t bad = zero, marks = zero;
    int32_t empties = 0;
    uint32_t blank = 0;
    int32_t whole = n2 & ~15;
    v128_t tail = wasm_v128_load(line + n2 - 16);
    for (int32_t i = 0; i <= whole; i += 16) {
        int last = i == whole;
        if (last && whole == n2) break;
        v128_t c = last ? tail : wasm_v128_load(line + i);
        uint8_t *at = last ? line + n2 - 16 : line + i;
        v128_t x = look_up(t, c);
        bad = wasm_v128_or(bad, wasm_v128_or(c, wasm_i8x16_eq(x, refused)));
        v128_t m = wasm_i8x16_lt(x, zero);
        uint32_t mb = (uint32_t)wasm_i8x16_bitmask(m);
        if (last) mb &= ~0u << (16 - (n2 - whole)); /* the lanes of the tail not done yet */
        empties += __builtin_popcount(mb);
        marks = wasm_v128_or(marks, wasm_v128_and(wasm_i8x16_swizzle(bits, wasm_v128_and(x, low3)), m));
        if (!blank && mb) blank = at[__builtin_ctz(mb)];
        wasm_v128_store(at, wasm_v128_andnot(x, m));
    }
    marks = wasm_v128_or(marks, wasm_i8x16_shuffle(marks, marks, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0));
    marks = wasm_v128_or(marks, wasm_i8x16_shuffle(marks, marks, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    marks = wasm_v128_or(marks, wasm_i8x16_shuffle(marks, marks, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    marks = wasm_v128_or(marks, wasm_i8x16_shuffle(marks, marks, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    out[0] = (int32_t)blank, out[1] = wasm_u8x16_extract_lane(marks, 0), out[2] = n2 - empties;
    return wasm_i8x16_bitmask(bad) != 0;
}
#endif

/* The line table t (value[128], kind[128]: the JS side's) made ready for
 * sudoku_line_values. With SIMD128, as one byte per entry in 16-byte
 * pieces: the value (1..n), 0x80 | kind for an empty-cell mark (the JS side
 * numbers at most eight), 0xff for a byte it leaves to the C reader; made
 * once for a batch of lines (a fifth of a line's time). */
void sudoku_line_table(const int8_t *value, const int8_t *kind, line_table_t *lt) {
    lt->value = value, lt->kind = kind;
#ifdef __wasm_simd128__
    const v128_t zero = wasm_i8x16_splat(0), top = wasm_i8x16_splat((int8_t)0x80);
    for (int k = 2; k < 8; k++) {
        v128_t v = wasm_v128_load(value + 16 * k), kd = wasm_v128_load(kind + 16 * k);
        wasm_v128_store(lt->pieces[k], wasm_v128_or(v, wasm_v128_and(wasm_i8x16_eq(v, zero), wasm_v128_or(kd, top))));
    }
#endif
}

/* One line of n2 bytes turned in place into value[byte] (0: an empty-cell
 * mark, 1..n a symbol), and into out[0..2]: its first mark's byte (0: none),
 * the set of its marks (bit kind[byte] for each), its givens. Returns
 * nonzero when the line is the C reader's (a byte the table leaves to it:
 * negative, or past 127). dk_sudoku_solve_line's copy too. */
int32_t sudoku_line_values(const line_table_t *lt, uint8_t *line, int32_t n2, int32_t *out) {
#ifdef __wasm_simd128__
    if (n2 >= 16) return line_values_simd(lt, line, n2, out);
#endif
    return line_values_bytes(lt->value, lt->kind, line, n2, out);
}

/* A solution of n2 values (0..n, n at most 64) written in place in its
 * symbols: codes[v] for v, `mark` for 0 (codes: 80 bytes, the line table's
 * from byte 512). */
void sudoku_line_symbols(const uint8_t *codes, uint8_t mark, uint8_t *line, int32_t n2, int32_t n) {
#ifdef __wasm_simd128__
    if (n2 >= 16) {
        v128_t t[5];
        int pieces = n / 16 + 1;
        for (int k = 0; k < pieces; k++) t[k] = wasm_v128_load(codes + 16 * k);
        t[0] = wasm_i8x16_replace_lane(t[0], 0, (int8_t)mark);
        int32_t whole = n2 & ~15;
        v128_t tail = wasm_v128_load(line + n2 - 16);
        for (int32_t i = 0; i <= whole; i += 16) {
            int last = i == whole;
            if (last && whole == n2) break;
            v128_t c = last ? tail : wasm_v128_load(line + i);
            v128_t x = wasm_i8x16_swizzle(t[0], c);
            for (int k = 1; k < pieces; k++) x = wasm_v128_or(x, PIECE(k)); /* one piece for n under 16 */
            wasm_v128_store(last ? line + n2 - 16 : line + i, x);
        }
        return;
    }
#endif
    (void)n;
    for (int32_t i = 0; i < n2; i++) line[i] = line[i] ? codes[line[i]] : mark;
}

/* count lines of n2 bytes at `lines`, each turned in place into values
 * (sudoku_line_values), its [blank, marks, givens] at out[3k]. Returns the
 * first line the table cannot copy, or -1. */
EXPORT int32_t dk_sudoku_lines(const int8_t *value, const int8_t *kind, uint8_t *lines, int32_t count,
                               int32_t n2, int32_t *out) {
    line_table_t lt;
    sudoku_line_table(value, kind, &lt);
    for (int32_t k = 0; k < count; k++)
        if (sudoku_line_values(&lt, lines + (size_t)k * (size_t)n2, n2, out + 3 * k)) return k;
    return -1;
}
