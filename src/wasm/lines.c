/* wasm/lines.c: the one-line puzzles' bytes turned into cell values, for
 * the JS fast path (src/js/dlxkit-sudoku-line.mjs), which copies each line's
 * bytes into module memory at once (TextEncoder.encodeInto) and asks this
 * loop what they mean: in JS, a byte at a time, it cost a clashing puzzle's
 * batch twice its solve. The table is the JS side's, filled once per size
 * and alphabet by probing the C reader (LineTables). */
#include <stddef.h>
#include <stdint.h>

#include "boundary.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* One line of n2 bytes turned in place into value[byte] (0: an empty-cell
 * mark, 1..n a symbol), and into out[0..2]: its first mark's byte (0: none),
 * the set of its marks (bit kind[byte] for each), its givens. Returns
 * nonzero when the line is the C reader's (a byte the table leaves to it:
 * negative, or past 127). dk_sudoku_solve_line's copy too. */
int32_t sudoku_line_values(const int8_t *value, const int8_t *kind, uint8_t *line, int32_t n2, int32_t *out) {
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

/* count lines of n2 bytes at `lines`, each turned in place into values
 * (sudoku_line_values), its [blank, marks, givens] at out[3k]. Returns the
 * first line the table cannot copy, or -1. */
EXPORT int32_t dk_sudoku_lines(const int8_t *value, const int8_t *kind, uint8_t *lines, int32_t count,
                               int32_t n2, int32_t *out) {
    for (int32_t k = 0; k < count; k++)
        if (sudoku_line_values(value, kind, lines + (size_t)k * (size_t)n2, n2, out + 3 * k)) return k;
    return -1;
}
