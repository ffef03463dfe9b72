/* sudoku_text.h: what the puzzle text's reader (sudoku_read.c, sudoku_cells.c)
 * and printer (sudoku_print.c) share: the symbols, the kinds of characters and
 * lines, and the reader's state. Internal to the core; the API is sudoku.h.
 * The rules of the text are at the top of sudoku_read.c. */
#ifndef SUDOKU_TEXT_H
#define SUDOKU_TEXT_H

#include "sudoku.h"
#include "sudoku_internal.h" /* sudoku_fail */
#include "format.h"
#include "utf8.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

#define MAX_SIDE SUDOKU_MAX_SIZE
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define NOT_SYMBOL (-1)
#define NO_CELL (-1)

/* 1-9, A-Z, a-z: the symbols when no alphabet is given (sudoku_read.c). */
extern const char sudoku_default_symbols[];
enum { DEFAULT_COUNT = 61 };

/* ---- small helpers ---------------------------------------------------------- */

static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
static inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static inline bool is_letter(char c) { return is_lower(c) || (c >= 'A' && c <= 'Z'); }

/* Empty-cell marks that hold in every alphabet ('0' depends on it). */
static inline bool is_blank_mark(char c) { return c == '.' || c == '_' || c == '-'; }

/* Empty-cell marks some pages and books use; only where no symbol takes them. */
static inline bool is_other_blank(char c) { return c == '*' || c == '?'; }

/* floor(sqrt(v)), only as far as sides go (at most 65). */
static inline int32_t side_floor(size_t v) {
    int32_t s = 0;
    while (s <= MAX_SIDE && (size_t)(s + 1) * (size_t)(s + 1) <= v) s++;
    return s;
}

/* The side of a square number of cells (1..64), or 0. */
static inline int32_t side_of(size_t cells) {
    int32_t s = side_floor(cells);
    return s >= 1 && s <= MAX_SIDE && (size_t)s * (size_t)s == cells ? s : 0;
}

/* The side whose puzzle comes nearest to `cells`, to name it in a message. */
static inline int32_t side_nearest(size_t cells) {
    int32_t s = side_floor(cells);
    if (s >= MAX_SIDE) return MAX_SIDE;
    if (s < 1 || cells - (size_t)s * (size_t)s > (size_t)(s + 1) * (size_t)(s + 1) - cells) s++;
    return s;
}

static inline int32_t clamp32(size_t v) { return v > INT32_MAX ? INT32_MAX : (int32_t)v; }

/* ---- alphabet --------------------------------------------------------------- */

typedef struct {
    int32_t n;         /* symbols available */
    bool custom;       /* from opts: '0' may be a digit, and there is no numbers style */
    char sym[MAX_SIDE + 1];
    int8_t value[256]; /* byte -> digit 1..n, 0 for an empty cell, NOT_SYMBOL */
} alphabet;

/* ---- characters and lines ----------------------------------------------------- */

/* UTF-8: utf8_decode and utf8_length, in utf8.h. */

/* What a character is to a grid line. U_CELL covers everything that must be
 * read as a cell, bad bytes included, so that they are reported in place. */
typedef enum { U_SPACE, U_BAR, U_COMMA, U_CELL } unit_kind;

/* The kind of the character at text[i] in its low 2 bits, its length above. */
typedef size_t unit;
#define UNIT(kind, len) ((unit)(kind) | (unit)(len) << 2)
#define KIND(u) ((unit_kind)((u) & 3))
#define LENGTH(u) ((u) >> 2)

static inline unit unit_at(const char *text, size_t i, size_t stop) {
    unsigned char c = (unsigned char)text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') return UNIT(U_SPACE, 1);
    if (c == '|') return UNIT(U_BAR, 1);
    if (c == ',') return UNIT(U_COMMA, 1);
    if (c < 0x80) return UNIT(U_CELL, 1);
    int32_t cp = utf8_decode((const unsigned char *)text + i, stop - i);
    if (cp < 0) return UNIT(U_CELL, 1);
    size_t n = utf8_length(cp);
    if (cp == 0xa0 || cp == 0x3000 || cp == 0xfeff) return UNIT(U_SPACE, n); /* no-break space, BOM */
    if (cp >= 0x2500 && cp <= 0x257f) return UNIT(U_BAR, n);                /* box drawing */
    return UNIT(U_CELL, n);
}

/* One line: content is [start, stop), which ends before a '#'; end is at its
 * '\n' (or the end of the text), next is where the following line starts. */
typedef struct {
    size_t start, stop, end, next;
} line_t;

static inline line_t line_at(const char *text, size_t len, size_t pos) {
    line_t ln = {pos, len, len, len};
    const char *nl = memchr(text + pos, '\n', len - pos);
    if (nl) ln.end = (size_t)(nl - text), ln.next = ln.end + 1;
    const char *hash = memchr(text + pos, '#', ln.end - pos);
    ln.stop = hash ? (size_t)(hash - text) : ln.end;
    return ln;
}

/* L_DASHES is a border made of '-' only (and '|', blanks): maybe a row of '-' blanks. */
typedef enum { L_BLANK, L_COMMENT, L_RULE, L_DASHES, L_CONTENT } line_kind;

static inline line_kind line_kind_of(const char *text, const line_t *ln) {
    bool any = false, dashes = true;
    for (size_t i = ln->start, n; i < ln->stop; i += n) {
        unit u = unit_at(text, i, ln->stop);
        unit_kind k = KIND(u);
        n = LENGTH(u);
        if (k == U_SPACE) continue;
        any = true;
        if (k == U_BAR) {
            if (text[i] != '|') dashes = false;
        } else if (text[i] == '+' || text[i] == '=') {
            dashes = false;
        } else if (text[i] != '-') {
            return L_CONTENT;
        }
    }
    if (!any) return ln->stop < ln->end ? L_COMMENT : L_BLANK;
    return dashes ? L_DASHES : L_RULE;
}

/* The line at pos into *ln, and its kind. */
static inline line_kind line_here(const char *text, size_t len, size_t pos, line_t *ln) {
    *ln = line_at(text, len, pos);
    return line_kind_of(text, ln);
}

/* ---- the parser ----------------------------------------------------------------- */

typedef enum { M_SYMBOLS, M_NUMBERS } read_mode;

typedef struct {
    const char *text;
    size_t len;
    int32_t want;          /* opts->size, 0 to infer */
    sudoku_text_t *out;
    sudoku_error_t *err;
    read_mode mode;
    int32_t n;             /* the side, once known */
    int32_t count;         /* cells read */
    int32_t rows;          /* grid rows read */
    bool in_rows;          /* reading a grid row by row (for skipping it after an error) */
    size_t resume_at;      /* after the error, go on here (a puzzle starts there); 0: see resume_point */
    bool numbers_ok;       /* single digits so far: the grid may still turn out to be numbers */
    char blank;            /* the first empty-cell symbol seen, 0 before */
    bool zero_blank;       /* a '0' read as an empty cell */
    bool mark_blank;       /* a '.', '_' or '-' read as an empty cell */
    size_t start;          /* the puzzle's first byte: where its layout begins */
    int32_t *at;           /* per cell, its offset from start (becomes out->cell_at) */
    size_t last_end;       /* just after the last cell read: where a missing one would go */
    size_t fail_at;        /* the place of the reported problem, SIZE_MAX before */
    char where[80];        /* "line 2, column 7" */
    char cell_where[48];   /* " (cell row 1, column 7)" or "" */
    alphabet al;
} parser;

/* Reading cells (sudoku_cells.c), for the reader's loop in sudoku_read.c. */
bool text_first_field(const char *text, const line_t *ln, line_t *field);
bool text_is_line_puzzle(const parser *p, const line_t *f, const line_t *ln);
int text_read_line_puzzle(parser *p, const line_t *f, const line_t *ln);
int text_start_grid(parser *p, const line_t *ln);
bool text_ends_grid(const parser *p, const line_t *ln);

#endif
