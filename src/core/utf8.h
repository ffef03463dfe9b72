/* utf8.h: reading UTF-8, in one place for the puzzle reader (sudoku_read.c, sudoku_cells.c)
 * and the Typst plugin's messages (wasm/typst.c). Inline: the reader calls it
 * for every character. */
#ifndef DLX_UTF8_H
#define DLX_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The code point at p (avail > 0 bytes there), or -1 for a byte that does
 * not start valid UTF-8: overlong forms, surrogates and anything beyond
 * U+10FFFF are invalid too. */
static inline int32_t utf8_decode(const unsigned char *p, size_t avail) {
    unsigned c = p[0];
    uint32_t cp, min;
    size_t extra;
    if (c < 0x80) return (int32_t)c;
    if (c >= 0xc2 && c <= 0xdf) extra = 1, cp = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) extra = 2, cp = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) extra = 3, cp = c & 0x07, min = 0x10000;
    else return -1;
    if (extra >= avail) return -1;
    for (size_t i = 1; i <= extra; i++) {
        if ((p[i] & 0xc0) != 0x80) return -1;
        cp = cp << 6 | (p[i] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
    return (int32_t)cp;
}

/* The bytes of a code point from utf8_decode (valid UTF-8 has no overlong
 * forms, so the code point says); 1 for an invalid byte (-1). */
static inline size_t utf8_length(int32_t cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

#endif
