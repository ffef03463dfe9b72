/* sudoku_text.c: read Sudoku puzzles from the text people paste, print them back.
 *
 * The "puzzle text" half of sudoku.h; it needs nothing else of the library.
 * No I/O, no globals (only constant tables), no abort: every failure is a
 * code, and problems in the text come with their place in sudoku_error_t.
 *
 * One call reads one puzzle from the start of the text:
 *   - Blank lines, comment lines (first non-blank character '#') and title
 *     lines ("Grid 01", "Puzzle 3:", see below) before it are skipped.
 *     Anywhere, '#' ends the content of a line.
 *   - LINE style: the line's first field (ended by a blank, ',', ':', '#' or
 *     the end of the line) is a whole puzzle of N*N symbols. The rest of the
 *     line is ignored: "puzzle:count:solution", "puzzle,solution" (CSV data
 *     sets), "puzzle  # note", "puzzle<TAB>rating".
 *   - GRID style: otherwise the line is a row of cells, one symbol each, with
 *     blanks, '|' and box-drawing characters between them. Lines made only of
 *     '-', '+', '=', '|', box-drawing characters and blanks are borders. The
 *     first row's cell count is N and the grid is N such rows (borders and
 *     comment lines may come between them), or the first line holds all N*N
 *     (a grid squeezed onto one line, as browsers copy it: runs of border
 *     characters with a '+' or '=' in them are borders there too).
 *     A blank line, the end of the text or a complete one-line puzzle (other
 *     than N cells: it cannot be a row) ends a grid early (an error).
 *   - NUMBERS style: the same with each cell a decimal number, separated by
 *     blanks or commas; 0, '.', '_', '-' or an empty field between commas is
 *     an empty cell.
 *   Symbols are 1-9, A-Z, a-z or opts->alphabet (case matters but up to
 *   35x35, where a-z stand for A-Z as no lowercase symbol is needed; a 16x16
 *   with both '0' and '.', '_' or '-' for empty cells and no G is read as 0-F,
 *   as such puzzles are often written, and so is a complete 0-F grid, each
 *   symbol 16 times); the empty
 *   cell is '.', '_', '-', and '0', '*', '?' unless the alphabet has them as digits.
 *
 * Conventions where the text alone is ambiguous (opts->size, when given,
 * settles the size questions):
 *   - A one-field line of m symbols is a whole puzzle when m > 64, or when m
 *     is 16, 25, 36, 49 or 64 and every symbol fits sqrt(m) (a 4x4 one-liner
 *     uses only 1-4). Otherwise it is the first row of an m x m grid, so 9
 *     symbols are a row of a 9x9, not a 3x3 puzzle. The same rule holds for a
 *     line of separated cells: "1 . 3 . . 4 . ." ... with 16 cells fitting 4
 *     is a whole 4x4. With opts->size = N, a first field of N*N symbols is a
 *     whole puzzle, and so is one of more than N*N/2 symbols when no other
 *     cell follows on its line (for a clear count in the error); else the
 *     line is a row, or all N*N cells.
 *   - Numbers style (with the default alphabet only) is chosen when commas
 *     separate the cells, or when a line of numbers has a number of two or
 *     more digits and either its numbers have different widths or all of them
 *     fit the line's size: "16 0 3 12" is numbers, "12 34" is the 4x4 row
 *     1,2,3,4 written in boxes, "534 678 912" a 9x9 row. A grid whose first
 *     rows are single digits turns into numbers at the first row with a
 *     longer number (the rows before read the same either way).
 *   - A trailing comma is an empty last cell (as CSV writes it), unless the
 *     row is complete without it (N known: from opts->size or earlier rows;
 *     on a first line, when the cells before it make a whole puzzle of more
 *     than 64 cells, or when the grid has as many rows as cells before the
 *     comma, each row ending with a comma: "1,,3,4," "...").
 *   - A line of only '-', '|' and blanks is a row of empty cells when '-' is
 *     the empty-cell symbol already used by the puzzle and the line has
 *     exactly N cells; otherwise it is a border.
 *   - A title line is a line before a puzzle whose first word has two or
 *     more letters, one of them a lowercase letter that cannot be a symbol of
 *     the puzzle (with the default alphabet: when opts->size is 0 or below
 *     36; with an alphabet: a letter not in it).
 *   - One border line right after a complete grid (its bottom border) belongs
 *     to the grid. Borders followed by no grid are skipped like blank lines.
 *   - Columns in errors count bytes, not characters.
 *
 * No puzzle left: when the rest of the text holds only blank, comment, title
 * or border lines, sudoku_parse returns 0 with out->size == 0 and
 * out->consumed == len. A reader of many puzzles loops:
 *     while (sudoku_parse(p, n, opts, &t, &e) == 0 && t.size) {
 *         use(&t); p += t.consumed; n -= t.consumed; sudoku_text_release(&t);
 *     }
 * On an error about the text, out->consumed still moves past the problem: to
 * the end of its line, or for a grid row to where the grid would end (after
 * its N rows, or at a blank line or a complete one-line puzzle, which cannot
 * be a row: a bad line never swallows the puzzle after it), so such a loop
 * can report it and go on.
 * It is 0 for errors about the arguments (size, alphabet).
 *
 * sudoku_parse initializes *out whatever it held: release a parsed text
 * before parsing into the same struct again.
 */
#include "sudoku.h"
#include "format.h"
#include "utf8.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
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

static const char default_symbols[] =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
enum { DEFAULT_COUNT = (int)sizeof default_symbols - 1 }; /* 61 */

/* ---- small helpers ---------------------------------------------------------- */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static bool is_letter(char c) { return is_lower(c) || (c >= 'A' && c <= 'Z'); }

/* Empty-cell marks that hold in every alphabet ('0' depends on it). */
static bool is_blank_mark(char c) { return c == '.' || c == '_' || c == '-'; }

/* Empty-cell marks some pages and books use; only where no symbol takes them. */
static bool is_other_blank(char c) { return c == '*' || c == '?'; }

/* floor(sqrt(v)), only as far as sides go (at most 65). */
static int32_t side_floor(size_t v) {
    int32_t s = 0;
    while (s <= MAX_SIDE && (size_t)(s + 1) * (size_t)(s + 1) <= v) s++;
    return s;
}

/* The side of a square number of cells (1..64), or 0. */
static int32_t side_of(size_t cells) {
    int32_t s = side_floor(cells);
    return s >= 1 && s <= MAX_SIDE && (size_t)s * (size_t)s == cells ? s : 0;
}

/* The side whose puzzle comes nearest to `cells`, to name it in a message. */
static int32_t side_nearest(size_t cells) {
    int32_t s = side_floor(cells);
    if (s >= MAX_SIDE) return MAX_SIDE;
    if (s < 1 || cells - (size_t)s * (size_t)s > (size_t)(s + 1) * (size_t)(s + 1) - cells) s++;
    return s;
}

static int32_t clamp32(size_t v) { return v > INT32_MAX ? INT32_MAX : (int32_t)v; }

static int set_error(sudoku_error_t *err, int code, const char *fmt, ...) PRINTF_LIKE(3, 4);
static int set_error(sudoku_error_t *err, int code, const char *fmt, ...) {
    if (err) {
        err->code = code;
        va_list ap;
        va_start(ap, fmt);
        fmt_vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* ---- alphabet --------------------------------------------------------------- */

typedef struct {
    int32_t n;         /* symbols available */
    bool custom;       /* from opts: '0' may be a digit, and there is no numbers style */
    char sym[MAX_SIDE + 1];
    int8_t value[256]; /* byte -> digit 1..n, 0 for an empty cell, NOT_SYMBOL */
} alphabet;

/* Bytes with a meaning of their own in puzzle text, which no alphabet may take. */
static bool reserved_byte(unsigned char c) {
    return c <= ' ' || c >= 0x7f || strchr(".-_|,#:+=", c) != NULL;
}

static int alphabet_check(const char *s, size_t n, int32_t want, sudoku_error_t *err) {
    if (n == 0)
        return set_error(err, SUDOKU_EALPHABET, "the alphabet is empty; give one symbol per digit");
    if (n > MAX_SIDE)
        return set_error(err, SUDOKU_EALPHABET, "the alphabet has more than %d symbols", MAX_SIDE);
    for (int i = 0; i < (int)n; i++) { /* one message for all three: its numbers are a, b, i + 1 */
        int c = (unsigned char)s[i], a = c, b = i + 1;
        const char *dup = memchr(s, c, (size_t)i), *why = NULL;
        if (reserved_byte((unsigned char)c) && c > ' ' && c < 0x7f) {
            why = "the alphabet may not use '%c' (symbol %d): it marks empty cells, separators or comments in "
                  "puzzle text";
        } else if (reserved_byte((unsigned char)c)) {
            why = "the alphabet may only hold printable ASCII symbols; symbol %d is byte 0x%02X";
            a = i + 1, b = c;
        } else if (dup) {
            why = "the alphabet repeats '%c' (symbols %d and %d)";
            b = (int)(dup - s) + 1;
        }
        if (why) return set_error(err, SUDOKU_EALPHABET, why, a, b, i + 1);
    }
    if (want > (int32_t)n)
        return set_error(err, SUDOKU_EALPHABET, "the alphabet has %d symbols; a %dx%d puzzle needs %d",
                         (int)n, want, want, want);
    return 0;
}

/* Set up *a, which is all zeros. */
static int alphabet_init(alphabet *a, const char *given, int32_t want, sudoku_error_t *err) {
    const char *s = given ? given : default_symbols;
    size_t n = 0;
    while (n <= MAX_SIDE && s[n]) n++; /* bounded: a too long alphabet is an error, not a long scan */
    memset(a->value, NOT_SYMBOL, sizeof a->value);
    a->custom = given != NULL;
    if (given) {
        int rc = alphabet_check(given, n, want, err);
        if (rc) return rc;
    }
    memcpy(a->sym, s, n);
    for (size_t i = 0; i < n; i++) a->value[(unsigned char)s[i]] = (int8_t)(i + 1);
    a->n = (int32_t)n;
    a->value['.'] = a->value['_'] = a->value['-'] = 0;
    if (a->value['0'] == NOT_SYMBOL) a->value['0'] = 0;
    if (a->value['*'] == NOT_SYMBOL) a->value['*'] = 0;
    if (a->value['?'] == NOT_SYMBOL) a->value['?'] = 0;
    return 0;
}

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

static unit unit_at(const char *text, size_t i, size_t stop) {
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

static line_t line_at(const char *text, size_t len, size_t pos) {
    line_t ln = {pos, len, len, len};
    const char *nl = memchr(text + pos, '\n', len - pos);
    if (nl) ln.end = (size_t)(nl - text), ln.next = ln.end + 1;
    const char *hash = memchr(text + pos, '#', ln.end - pos);
    ln.stop = hash ? (size_t)(hash - text) : ln.end;
    return ln;
}

/* L_DASHES is a border made of '-' only (and '|', blanks): maybe a row of '-' blanks. */
typedef enum { L_BLANK, L_COMMENT, L_RULE, L_DASHES, L_CONTENT } line_kind;

static line_kind line_kind_of(const char *text, const line_t *ln) {
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
static line_kind line_here(const char *text, size_t len, size_t pos, line_t *ln) {
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

static int fail(parser *p, int code, const char *fmt, ...) PRINTF_LIKE(3, 4);
static int fail(parser *p, int code, const char *fmt, ...) {
    if (p->err) {
        p->err->code = code;
        va_list ap;
        va_start(ap, fmt);
        fmt_vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* Record the place of a problem (and the cell it concerns, if known) in *err and
 * in p->where / p->cell_where for the message. Scans from the text start only
 * once, when failing. */
static void locate(parser *p, size_t at, int32_t cell) {
    size_t line = 1, line_start = 0;
    const char *q = p->text, *end = p->text + at;
    while ((q = memchr(q, '\n', (size_t)(end - q))) != NULL) line++, q++, line_start = (size_t)(q - p->text);
    p->fail_at = at;
    fmt_snprintf(p->where, sizeof p->where, "line %zu, column %zu", line, at - line_start + 1);
    p->cell_where[0] = '\0';
    bool has_cell = cell >= 0 && p->n > 0;
    if (has_cell)
        fmt_snprintf(p->cell_where, sizeof p->cell_where, " (cell row %d, column %d)", (int)(cell / p->n + 1),
                 (int)(cell % p->n + 1));
    if (!p->err) return;
    p->err->line = clamp32(line);
    p->err->column = clamp32(at - line_start + 1);
    p->err->offset = clamp32(at);
    if (has_cell) p->err->row = cell / p->n + 1, p->err->col = cell % p->n + 1;
}

/* "1-9, A-G or . for an empty cell": what may stand where a bad symbol is
 * (at most 95 bytes: buf has 160). */
static void describe_expected(const parser *p, char *buf) {
    int32_t n = p->n ? p->n : MAX_SIDE;
    char *o = buf, blank = p->blank ? p->blank : '.';
    if (p->mode == M_NUMBERS) {
        o += fmt_snprintf(buf, 160, "numbers 1-%d,", (int)n);
        blank = '0';
    } else {
        const char *s = p->al.sym;
        if (n > p->al.n) n = p->al.n;
        for (int32_t i = 0, j, runs = 0; i < n; i = j + 1) {
            for (j = i; j + 1 < n && s[j + 1] == s[j] + 1;) j++;
            if (++runs > 4) { /* a scattered alphabet reads best as it is */
                o = buf + fmt_snprintf(buf, 160, "one of %.*s", (int)n, s);
                break;
            }
            if (i) *o++ = ',', *o++ = ' ';
            *o++ = s[i];
            if (j > i) *o++ = '-', *o++ = s[j];
        }
    }
    fmt_snprintf(o, 40, " or %c for an empty cell", blank);
}

/* How to name the character at `at` in a message. */
static void name_char(const parser *p, size_t at, char *buf, size_t cap) {
    const unsigned char *s = (const unsigned char *)p->text + at;
    int32_t cp = utf8_decode(s, p->len - at);
    const char *how = p->mode == M_NUMBERS ? "unexpected '%c' in a number" : "unknown symbol '%c'";
    if (cp < 0) how = "invalid UTF-8 byte 0x%02X", cp = s[0];
    else if (cp == 0) how = "NUL byte";
    else if (cp < 0x20 || cp == 0x7f) how = "control byte 0x%02X";
    else if (cp >= 0x80) how = "unexpected character U+%04X";
    fmt_snprintf(buf, cap, how, (unsigned)cp);
}

/* ---- cells of a line ---------------------------------------------------------------- */

/* A cell: one symbol, or one number, or an empty field between commas (len 0).
 * `trailing` marks the empty field after a comma that ends a line. */
typedef struct {
    size_t at, len;
    bool trailing;
} cell_ref;

typedef struct {
    size_t pos, stop;
    size_t field; /* where the field after the last ',' starts */
    bool open;    /* that field has no number yet */
    bool comma;   /* the line has a ',' */
    bool ended;
} cursor;

static cursor cursor_on(const line_t *ln) {
    cursor c = {ln->start, ln->stop, ln->start, true, false, false};
    return c;
}

/* Where an empty field [field, end) after a comma is: after one blank that
 * follows the comma, so that a number printed there reads "5, 3" or "5 , 3"
 * like its neighbours. (At a line start it is the field's start.) */
static size_t empty_at(const char *text, size_t field, size_t end) {
    return field < end && text[field] == ' ' ? field + 1 : field;
}

/* A run of border characters inside a row, as a grid squeezed onto one line
 * has them ("5 3 . ------+-------+------ 6 . ."): from `at` to the next blank,
 * only '-', '+', '=', '|' and box drawing, with a '+' or '=' (which no
 * alphabet takes, so no cell is lost). Its length, or 0. Runs of '-' alone
 * stay cells: '-' is an empty cell. */
static size_t border_run(const char *text, size_t at, size_t stop) {
    bool cross = false;
    size_t i = at;
    while (i < stop) {
        unit u = unit_at(text, i, stop);
        if (KIND(u) == U_SPACE) break;
        if (KIND(u) == U_CELL && text[i] != '-' && text[i] != '+' && text[i] != '=') return 0;
        if (text[i] == '+' || text[i] == '=') cross = true;
        i += LENGTH(u);
    }
    return cross ? i - at : 0;
}

/* Whether text[at] starts a run: after a blank, a bar, a line start. (A byte
 * >= 0x80 ends a box-drawing character or a no-break space.) */
static bool run_starts(const char *text, size_t at) {
    unsigned char b = at ? (unsigned char)text[at - 1] : '\n';
    return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\v' || b == '\f' || b == '|' || b >= 0x80;
}

/* The next cell of a line in a mode: symbols are single characters; numbers
 * are runs of cell characters, and commas delimit fields that may be empty. */
static bool next_cell(const char *text, read_mode mode, cursor *c, cell_ref *cell) {
    while (c->pos < c->stop) {
        size_t here = c->pos;
        unit u = unit_at(text, here, c->stop);
        unit_kind k = KIND(u);
        c->pos += LENGTH(u);
        if (k == U_SPACE || k == U_BAR) continue;
        if (k == U_CELL && (text[here] == '-' || text[here] == '+' || text[here] == '=') && run_starts(text, here)) {
            size_t run = border_run(text, here, c->stop);
            if (run) {
                c->pos = here + run;
                continue;
            }
        }
        if (k == U_COMMA) {
            bool empty = mode == M_NUMBERS && c->open, after_comma = c->comma;
            size_t field = c->field;
            c->open = c->comma = true;
            c->field = c->pos;
            if (!empty) continue;
            *cell = (cell_ref){after_comma ? empty_at(text, field, here) : field, 0, false};
            return true;
        }
        c->open = false;
        if (mode == M_NUMBERS)
            while (c->pos < c->stop && KIND(u = unit_at(text, c->pos, c->stop)) == U_CELL) c->pos += LENGTH(u);
        *cell = (cell_ref){here, c->pos - here, false};
        return true;
    }
    if (mode == M_NUMBERS && c->comma && c->open && !c->ended) {
        c->ended = true;
        *cell = (cell_ref){empty_at(text, c->field, c->stop), 0, true};
        return true;
    }
    return false;
}

static size_t count_cells(const char *text, const line_t *ln, read_mode mode, bool *trailing) {
    cursor c = cursor_on(ln);
    cell_ref cell;
    size_t k = 0;
    bool last_trailing = false;
    while (next_cell(text, mode, &c, &cell)) k++, last_trailing = cell.trailing;
    if (trailing) *trailing = last_trailing;
    return k;
}

/* The digit a cell stands for (0: empty), or -1 - i for a bad byte at
 * offset i in the cell. Numbers are capped just above 64: any bigger is too
 * big alike. */
static int32_t cell_digit(const parser *p, read_mode mode, const cell_ref *c, int32_t side) {
    const char *s = p->text + c->at;
    if (mode == M_SYMBOLS) {
        if (c->len != 1) return NOT_SYMBOL;
        int32_t v = p->al.value[(unsigned char)*s];
        /* up to 35x35 no lowercase letter is a digit of its own: 'a' is 'A' */
        if (v > side && side <= 35 && !p->al.custom && is_lower(*s)) {
            int32_t upper = p->al.value[(unsigned char)(*s - 'a' + 'A')];
            if (upper <= side) v = upper;
        }
        return v;
    }
    if (c->len == 0 || (c->len == 1 && (is_blank_mark(*s) || is_other_blank(*s)))) return 0;
    int32_t d = 0;
    for (size_t i = 0; i < c->len; i++) {
        if (!is_digit(s[i])) return -1 - (int32_t)i;
        if (d <= MAX_SIDE) d = d * 10 + (s[i] - '0');
    }
    return d;
}

/* The digit of a cell (0 for an empty one), checked against the side once it
 * is known, or a (negative) error. */
static int32_t cell_value(parser *p, const cell_ref *c, int32_t cell) {
    int32_t d = cell_digit(p, p->mode, c, p->n ? p->n : MAX_SIDE);
    if (d >= 0 && d <= (p->n ? p->n : MAX_SIDE)) return d;
    size_t bad = c->at + (size_t)(d < 0 ? -1 - d : 0); /* where a bad byte is */
    char what[48], expected[160];
    locate(p, bad, cell);
    describe_expected(p, expected);
    if (d < 0) {
        name_char(p, bad, what, sizeof what);
        return fail(p, SUDOKU_ESYMBOL, "%s at %s%s; expected %s", what, p->where, p->cell_where, expected);
    }
    /* too big */
    if (p->err) p->err->value = d;
    if (!p->n || p->mode == M_NUMBERS) /* (the side is unknown only while reading numbers) */
        fmt_snprintf(what, sizeof what, "number %.*s%s", c->len > 20 ? 20 : (int)c->len, p->text + c->at,
                     c->len > 20 ? "..." : "");
    else
        fmt_snprintf(what, sizeof what, "symbol '%c' (%d)", p->text[c->at], (int)d);
    if (!p->n) /* the side is not known yet, but no side goes past 64 */
        return fail(p, SUDOKU_ESYMBOL, "%s at %s is too big: no puzzle goes past 64x64", what, p->where);
    return fail(p, SUDOKU_ESYMBOL, "%s at %s%s is too big for a %dx%d puzzle; expected %s", what, p->where,
                p->cell_where, (int)p->n, (int)p->n, expected);
}

/* For a line with a wrong cell count: the first bad character among its
 * first `limit` cells, reported (it comes first: it is usually the cause);
 * else 0, and *pos is where cell `limit` starts, or (past the last cell)
 * where it would go. */
static int check_cells(parser *p, const line_t *ln, size_t limit, size_t *pos) {
    cursor c = cursor_on(ln);
    cell_ref cell;
    *pos = ln->start;
    for (size_t i = 0; next_cell(p->text, p->mode, &c, &cell); i++) {
        if (i == limit) {
            *pos = cell.at;
            break;
        }
        int32_t rc = cell_value(p, &cell, NO_CELL);
        if (rc < 0) return rc;
        *pos = cell.at + cell.len;
    }
    return 0;
}

/* Whether every cell of a line is valid and at most `side`. */
static bool cells_fit(const parser *p, const line_t *ln, read_mode mode, int32_t side) {
    cursor c = cursor_on(ln);
    cell_ref cell;
    while (next_cell(p->text, mode, &c, &cell)) {
        int32_t d = cell_digit(p, mode, &cell, side);
        if (d < 0 || d > side) return false;
    }
    return true;
}

static int take_cell(parser *p, const cell_ref *c) {
    int32_t v = cell_value(p, c, p->count);
    if (v < 0) return v;
    if (p->count >= MAX_CELLS) return DLX_EARG; /* cannot happen: counts are checked first */
    if (c->at - p->start > INT32_MAX) {
        locate(p, c->at, p->count);
        return fail(p, SUDOKU_ELENGTH, "the puzzle's text is longer than 2 GB at %s", p->where);
    }
    if (v == 0 && !p->blank && c->len) p->blank = is_digit(p->text[c->at]) ? '0' : p->text[c->at];
    if (v == 0 && c->len == 1) {
        if (p->text[c->at] == '0') p->zero_blank = true;
        else if (is_blank_mark(p->text[c->at])) p->mark_blank = true;
    }
    p->out->cells[p->count] = (uint8_t)v;
    if (p->at) p->at[p->count] = (int32_t)(c->at - p->start);
    p->count++;
    p->last_end = c->at + c->len;
    return 0;
}

/* Read one line's cells into the puzzle: exactly `expect` of them. The empty
 * field after a final comma is left out when drop_trailing. */
static int read_cells(parser *p, const line_t *ln, int32_t expect, bool drop_trailing) {
    cursor c = cursor_on(ln);
    cell_ref cell;
    int32_t got = 0;
    bool extra = false;
    while (!extra && next_cell(p->text, p->mode, &c, &cell)) {
        if (cell.trailing && drop_trailing) break;
        if (!(extra = got == expect)) {
            int rc = take_cell(p, &cell);
            if (rc) return rc;
            got++;
        }
    }
    if (got == expect && !extra) return 0;
    if (extra) locate(p, cell.at, NO_CELL);
    else locate(p, got ? p->last_end : ln->start, p->count);
    return fail(p, SUDOKU_ELENGTH, "row %d has %s%d cells%s at %s; a %dx%d puzzle has %d per row",
                (int)p->rows + 1, extra ? "more than " : "", extra ? (int)p->n : (int)got,
                extra ? ": an extra one" : ", ending", p->where, (int)p->n, (int)p->n, (int)p->n);
}

/* "found 80 cells; a 9x9 puzzle needs 81 (they end at ...)". */
static int wrong_count(parser *p, size_t k, size_t target, const char *place) {
    int32_t s = side_of(target);
    return fail(p, SUDOKU_ELENGTH, "found %zu cells; a %dx%d puzzle needs %zu (%s)", k, (int)s, (int)s, target,
                place);
}

/* A line with a cell count that fits no puzzle: name its first bad character
 * if it has one, else the count and the nearest right one (`target` cells). */
static int shape_error(parser *p, const line_t *ln, size_t k, size_t target, bool as_row) {
    size_t pos;
    int rc = check_cells(p, ln, k > target ? target : k, &pos);
    if (rc) return rc;
    locate(p, pos, NO_CELL);
    char place[128];
    if (k > target) fmt_snprintf(place, sizeof place, "cell %zu is at %s", target + 1, p->where);
    else fmt_snprintf(place, sizeof place, "they end at %s", p->where);
    if (as_row) {
        int32_t w = p->want;
        return fail(p, SUDOKU_ELENGTH, "row 1 has %zu cells (%s); a %dx%d puzzle needs %d per row, or %d on one line",
                    k, place, (int)w, (int)w, (int)w, (int)(w * w));
    }
    if (k > MAX_CELLS)
        return fail(p, SUDOKU_ELENGTH, "found %zu cells (%s); the largest puzzle, 64x64, has %d", k, place,
                    MAX_CELLS);
    return wrong_count(p, k, target, place);
}

/* Symbol styles need a symbol per digit; only numbers can go past 61 by default. */
static int check_symbol_count(parser *p) {
    if (p->mode == M_NUMBERS || p->n <= p->al.n) return 0;
    locate(p, p->start, NO_CELL);
    int n = (int)p->n;
    return fail(p, SUDOKU_EALPHABET,
                p->al.custom ? "the alphabet has %d symbols; a %dx%d puzzle needs %d"
                              : "a %dx%d puzzle needs %d symbols and 1-9, A-Z, a-z has %d; give an alphabet or "
                                "write it as numbers",
                p->al.custom ? (int)p->al.n : n, n, n, p->al.custom ? n : DEFAULT_COUNT);
}

/* ---- one-line puzzles ------------------------------------------------------------- */

/* The first field of a line: from its first cell character up to a blank, ',',
 * ':' or the end; a '|' right after it makes it part of a grid row instead. */
static bool first_field(const char *text, const line_t *ln, line_t *field) {
    size_t i = ln->start;
    unit u;
    while (i < ln->stop && KIND(u = unit_at(text, i, ln->stop)) == U_SPACE) i += LENGTH(u);
    size_t begin = i;
    unit_kind k = U_CELL;
    while (i < ln->stop && (k = KIND(u = unit_at(text, i, ln->stop))) == U_CELL && text[i] != ':') i += LENGTH(u);
    *field = (line_t){begin, i, i, ln->next};
    return i > begin && !(i < ln->stop && k == U_BAR);
}

/* See the conventions at the top: long fields are puzzles, short ones rows. */
static bool is_line_puzzle(const parser *p, const line_t *f, const line_t *ln) {
    size_t m = count_cells(p->text, f, M_SYMBOLS, NULL);
    if (p->want) { /* (more cells after the field, as in ".....3......... 2": a grid) */
        size_t whole = (size_t)p->want * (size_t)p->want;
        return m == whole || (2 * m > whole && count_cells(p->text, ln, M_SYMBOLS, NULL) == m);
    }
    if (m > MAX_SIDE) return true;
    int32_t s = side_of(m);
    return s >= 4 && cells_fit(p, f, M_SYMBOLS, s);
}

static int read_line_puzzle(parser *p, const line_t *f, const line_t *ln) {
    p->mode = M_SYMBOLS;
    size_t m = count_cells(p->text, f, M_SYMBOLS, NULL);
    int32_t side = p->want ? p->want : side_of(m);
    int32_t named = side ? side : side_nearest(m);
    size_t target = (size_t)named * (size_t)named;
    if (m != target) return shape_error(p, f, m, target, false);
    p->n = side;
    int rc = check_symbol_count(p);
    if (rc) return rc;
    rc = read_cells(p, f, (int32_t)target, false);
    if (rc) return rc;
    p->out->style = SUDOKU_STYLE_LINE;
    p->out->consumed = ln->next;
    return 0;
}

/* ---- grids ----------------------------------------------------------------------- */

typedef struct {
    size_t cells;
    bool comma, numeric, multi_digit, mixed;
    int32_t max;
} number_stats;

/* How a line reads as numbers, to choose between numbers and symbols. */
static number_stats number_stats_of(const parser *p, const line_t *ln) {
    number_stats s = {0, false, true, false, false, 0};
    cursor c = cursor_on(ln);
    cell_ref cell;
    size_t width = 0;
    while (next_cell(p->text, M_NUMBERS, &c, &cell)) {
        s.cells++;
        if (!cell.len) continue;
        if (!width) width = cell.len;
        else if (cell.len != width) s.mixed = true;
        int32_t d = cell_digit(p, M_NUMBERS, &cell, MAX_SIDE);
        if (d < 0) s.numeric = false;
        if (cell.len > 1) s.multi_digit = true;
        if (d > s.max) s.max = d;
    }
    s.comma = c.comma;
    return s;
}

/* See the conventions at the top: commas, or long numbers that make sense. */
static bool looks_like_numbers(const parser *p, const number_stats *s) {
    if (p->al.custom || !s->numeric || !s->cells) return false;
    if (s->comma) return true;
    if (!s->multi_digit) return false;
    if (s->mixed) return true;
    size_t side = p->want ? (size_t)p->want : s->cells > MAX_SIDE ? (size_t)side_floor(s->cells) : s->cells;
    return (size_t)s->max <= side;
}

/* Whether a comma that closes the first line only ends it (see the top). */
static bool first_comma_ends(const parser *p, const line_t *first, size_t k) {
    size_t w = (size_t)p->want;
    if (w) return k - 1 == w || k - 1 == w * w;
    if (k - 1 > MAX_SIDE) return side_of(k - 1) != 0;
    /* every row of the grid ending with a comma, and k - 1 rows of them: CSV rows */
    size_t rows = 1;
    line_t ln = *first;
    for (size_t pos = first->next; pos < p->len && rows < k; pos = ln.next) {
        line_kind kind = line_here(p->text, p->len, pos, &ln);
        if (kind == L_BLANK) break;
        if (kind != L_CONTENT) continue;
        bool trailing;
        count_cells(p->text, &ln, p->mode, &trailing);
        if (!trailing) return false;
        rows++;
    }
    return k > 2 && rows == k - 1;
}

/* From the first line's k cells: the side, and whether the line is the whole puzzle. */
static int grid_shape(parser *p, const line_t *ln, size_t k, int32_t *side, bool *whole) {
    size_t w = (size_t)p->want;
    *whole = false;
    if (w) {
        *side = p->want;
        if (k == w) return 0;
        *whole = true;
        if (k == w * w) return 0;
        bool as_row = 2 * k <= w * w;
        return shape_error(p, ln, k, as_row ? w : w * w, as_row);
    }
    *side = side_of(k);
    if (k > MAX_SIDE) {
        *whole = true;
        return *side ? 0 : shape_error(p, ln, k, (size_t)side_nearest(k) * (size_t)side_nearest(k), false);
    }
    if (*side >= 4 && cells_fit(p, ln, p->mode, *side)) {
        *whole = true;
        return 0;
    }
    *side = (int32_t)k;
    return 0;
}

/* A grid of single digits turns into numbers at its first longer number. */
static void maybe_numbers(parser *p, const line_t *ln) {
    number_stats s = number_stats_of(p, ln);
    if (s.numeric && (s.multi_digit || s.comma)) {
        p->mode = M_NUMBERS;
        p->out->style = SUDOKU_STYLE_NUMBERS;
        if (s.comma) p->out->separator = ',';
    }
    p->numbers_ok = p->mode == M_SYMBOLS && s.numeric && !s.multi_digit;
}

static int read_row(parser *p, const line_t *ln) {
    if (p->numbers_ok) maybe_numbers(p, ln);
    bool trailing;
    size_t k = count_cells(p->text, ln, p->mode, &trailing);
    return read_cells(p, ln, p->n, trailing && k == (size_t)p->n + 1);
}

/* A line of dashes where '-' is the puzzle's blank may be a row of blanks. */
static bool dash_row(const parser *p, const line_t *ln) {
    return p->blank == '-' && count_cells(p->text, ln, p->mode, NULL) == (size_t)p->n;
}

/* A complete one-line puzzle that cannot be a row of the grid being read (it
 * has other than N cells): the grid ended before it. A bad line or a short
 * grid must not swallow the puzzles after it. */
static bool ends_grid(const parser *p, const line_t *ln) {
    line_t f;
    if (!first_field(p->text, ln, &f) || !is_line_puzzle(p, &f, ln)) return false;
    size_t m = count_cells(p->text, &f, M_SYMBOLS, NULL);
    int32_t side = p->want ? p->want : side_of(m);
    return m != (size_t)p->n && side >= 4 && m == (size_t)side * (size_t)side && cells_fit(p, &f, M_SYMBOLS, side);
}

/* A blank line, a one-line puzzle or the end of the text before the last row. */
static int grid_ended(parser *p, size_t pos, const char *what) {
    p->in_rows = false; /* the place is not a row: resume after it */
    size_t k = (size_t)p->count;
    if (p->rows == 1 && !p->want && !side_of(k)) {
        /* one line that is no puzzle: most likely a one-liner with a wrong count */
        size_t s = (size_t)side_nearest(k);
        char place[100];
        locate(p, p->last_end, NO_CELL);
        fmt_snprintf(place, sizeof place, "they end at %s", p->where);
        return wrong_count(p, k, s * s, place);
    }
    locate(p, pos, p->count);
    return fail(p, SUDOKU_ELENGTH, "the grid ends after %d row%s, at %s (%s); a %dx%d puzzle has %d rows",
                (int)p->rows, p->rows == 1 ? "" : "s", what,
                p->where, (int)p->n, (int)p->n, (int)p->n);
}

/* Keep the grid's text and cell offsets, to print a solution the same way.
 * A NUL byte (in a comment) would cut that text short as a C string. */
static int keep_layout(parser *p, size_t end) {
    size_t n = end - p->start;
    const char *nul = memchr(p->text + p->start, '\0', n);
    if (nul) {
        locate(p, (size_t)(nul - p->text), NO_CELL);
        return fail(p, SUDOKU_ESYMBOL, "NUL byte at %s, in the grid's text; remove it", p->where);
    }
    char *copy = malloc(n ? n : 1);
    if (!copy) return fail(p, DLX_ENOMEM, "out of memory for the grid's layout");
    memcpy(copy, p->text + p->start, n);
    p->out->layout = copy;
    p->out->layout_len = n;
    p->out->cell_at = p->at;
    p->at = NULL;
    p->out->consumed = end;
    return 0;
}

static int finish_grid(parser *p, size_t pos) {
    p->in_rows = false;
    if (pos < p->len) { /* a bottom border belongs to the grid */
        line_t ln;
        line_kind kind = line_here(p->text, p->len, pos, &ln);
        if (kind == L_RULE || kind == L_DASHES) pos = ln.next;
    }
    return keep_layout(p, pos);
}

static int read_rows(parser *p, size_t pos) {
    while (p->rows < p->n) {
        if (pos >= p->len) return grid_ended(p, p->len, "the end of the text");
        line_t ln;
        line_kind kind = line_here(p->text, p->len, pos, &ln);
        if (kind == L_BLANK) return grid_ended(p, pos, "a blank line");
        if (kind == L_CONTENT && ends_grid(p, &ln)) {
            int rc = grid_ended(p, pos, "a one-line puzzle");
            p->resume_at = pos;
            return rc;
        }
        if (kind == L_CONTENT || (kind == L_DASHES && dash_row(p, &ln))) {
            int rc = read_row(p, &ln);
            if (rc) return rc;
            p->rows++;
        }
        pos = ln.next;
    }
    return finish_grid(p, pos);
}

static int start_grid(parser *p, const line_t *ln) {
    number_stats s = number_stats_of(p, ln);
    p->mode = looks_like_numbers(p, &s) ? M_NUMBERS : M_SYMBOLS;
    p->numbers_ok = p->mode == M_SYMBOLS && !p->al.custom && s.numeric && !s.multi_digit;
    bool trailing, whole;
    size_t k = count_cells(p->text, ln, p->mode, &trailing);
    if (k == 0) { /* separators only (',' where the alphabet has no blank for it) */
        locate(p, ln->start, NO_CELL);
        return fail(p, SUDOKU_ELENGTH, "only separators and no cells at %s", p->where);
    }
    bool drop = trailing && first_comma_ends(p, ln, k);
    int32_t side;
    int rc = grid_shape(p, ln, drop ? k - 1 : k, &side, &whole);
    if (rc) return rc;
    p->n = side;
    if ((rc = check_symbol_count(p))) return rc;
    p->at = malloc(sizeof *p->at * (size_t)side * (size_t)side);
    if (!p->at) return fail(p, DLX_ENOMEM, "out of memory for the grid's layout");
    p->out->style = p->mode == M_NUMBERS ? SUDOKU_STYLE_NUMBERS : SUDOKU_STYLE_GRID;
    if (p->mode == M_NUMBERS && s.comma) p->out->separator = ',';
    p->in_rows = !whole;
    if ((rc = read_cells(p, ln, whole ? side * side : side, drop))) return rc;
    p->rows = 1;
    return whole ? finish_grid(p, ln->next) : read_rows(p, ln->next);
}

/* ---- skipping what is no puzzle ---------------------------------------------------- */

/* A label before a puzzle: see the conventions at the top. */
static bool is_title(const parser *p, const line_t *ln) {
    size_t i = ln->start;
    unit u;
    while (i < ln->stop && KIND(u = unit_at(p->text, i, ln->stop)) == U_SPACE) i += LENGTH(u);
    size_t begin = i;
    int32_t bound = p->want ? p->want : p->al.custom ? p->al.n : 35;
    bool foreign = false;
    for (; i < ln->stop && is_letter(p->text[i]); i++) {
        int32_t v = p->al.value[(unsigned char)p->text[i]];
        if (is_lower(p->text[i]) && (v == NOT_SYMBOL || v > bound)) foreign = true;
    }
    char after = i < ln->stop ? p->text[i] : ' ';
    return i - begin >= 2 && foreign && (after == ' ' || after == '\t' || after == '\r' || after == ':');
}

static size_t skip_noise(const parser *p, size_t pos) {
    while (pos < p->len) {
        line_t ln;
        line_kind kind = line_here(p->text, p->len, pos, &ln);
        if (kind == L_RULE || kind == L_DASHES || (kind == L_CONTENT && !is_title(p, &ln))) break;
        pos = ln.next;
    }
    return pos;
}

static int parse_text(parser *p) {
    size_t pos = 0;
    for (;;) {
        pos = skip_noise(p, pos);
        if (pos >= p->len) { /* no puzzle left (see the top) */
            p->out->consumed = p->len;
            return 0;
        }
        size_t start = pos;
        line_t ln;
        line_kind kind;
        do { /* a grid may open with borders, and comments between them */
            kind = line_here(p->text, p->len, pos, &ln);
            if (kind == L_CONTENT || kind == L_BLANK) break;
            pos = ln.next;
        } while (pos < p->len);
        if (kind == L_CONTENT) {
            p->start = start;
            line_t f;
            if (first_field(p->text, &ln, &f) && is_line_puzzle(p, &f, &ln)) return read_line_puzzle(p, &f, &ln);
            return start_grid(p, &ln);
        }
        /* borders with no grid after them: skip them like blank lines */
    }
}

/* After an error: past the line with the problem, and past the rest of its
 * grid (N rows, or up to a blank line or a one-line puzzle) so that the next
 * call starts afresh. */
static size_t resume_point(const parser *p) {
    if (p->fail_at == SIZE_MAX) return 0;
    if (p->resume_at) return p->resume_at;
    size_t pos = line_at(p->text, p->len, p->fail_at).next;
    if (!p->in_rows) return pos;
    int32_t rows = p->rows + 1;
    while (pos < p->len) {
        line_t ln;
        line_kind kind = line_here(p->text, p->len, pos, &ln);
        if (kind == L_BLANK || (kind == L_CONTENT && (rows == p->n || ends_grid(p, &ln)))) break;
        rows += kind == L_CONTENT;
        pos = ln.next;
        if (rows == p->n && kind != L_CONTENT) break; /* the bottom border */
    }
    return pos;
}

/* 16x16 puzzles are often written 0-F: by default '0' is an empty cell, but
 * when '0' and '.', '_' or '-' both stand for empty cells and no G (16) is
 * there, the '0's are digits. So are they in a complete grid of 0-F (each
 * symbol 16 times, no other empty mark): a solution printed in that style
 * reads back as it was written. */
static bool looks_hex(const parser *p) {
    if (p->al.custom || p->n != 16 || p->mode != M_SYMBOLS || !p->zero_blank) return false;
    int count[17] = {0};
    for (int i = 0; i < 256; i++) {
        if (p->out->cells[i] > 15) return false; /* a G, or more */
        count[p->out->cells[i]]++;
    }
    if (p->mark_blank) return true;
    for (int v = 0; v < 16; v++)
        if (count[v] != 16) return false;
    return true;
}

int sudoku_parse(const char *text, size_t len, const sudoku_text_opts_t *opts, sudoku_text_t *out,
                 sudoku_error_t *err) {
    if (err) memset(err, 0, sizeof *err);
    if (!out) return set_error(err, DLX_EARG, "no sudoku_text_t to parse into");
    memset(out, 0, sizeof *out);
    out->blank = '.';
    out->separator = ' ';
    if (!text && len) return set_error(err, DLX_EARG, "the text is NULL");
    int32_t want = opts ? opts->size : 0;
    if (want < 0 || want > MAX_SIDE)
        return set_error(err, SUDOKU_ESIZE, "size %d is out of range: puzzles are 1x1 to 64x64 (0 infers it)",
                         (int)want);
    parser p;
    memset(&p, 0, sizeof p);
    int rc = alphabet_init(&p.al, opts ? opts->alphabet : NULL, want, err);
    if (rc) return rc;
    p.text = text ? text : "";
    p.len = len;
    p.want = want;
    p.out = out;
    p.err = err;
    p.fail_at = SIZE_MAX;
    rc = parse_text(&p);
    free(p.at);
    if (rc) {
        sudoku_text_release(out);
        out->size = 0;
        out->consumed = resume_point(&p);
        out->start = p.start;
        return rc;
    }
    out->size = p.n;
    out->start = p.start;
    if (looks_hex(&p)) { /* read again with 0-F; should that fail, the first reading stands */
        sudoku_text_opts_t hex = {16, "0123456789ABCDEF"};
        sudoku_text_t again;
        if (sudoku_parse(text, out->consumed, &hex, &again, NULL) == 0 && again.size == 16) {
            sudoku_text_release(out);
            *out = again;
            return 0;
        }
        sudoku_text_release(&again);
    }
    int32_t n = p.n < p.al.n ? p.n : p.al.n;
    memcpy(out->alphabet, p.al.sym, (size_t)n);
    out->alphabet[n] = '\0';
    if (p.blank) out->blank = p.blank;
    return 0;
}

void sudoku_text_release(sudoku_text_t *t) {
    if (!t) return;
    free(t->layout);
    free(t->cell_at);
    t->layout = NULL;
    t->cell_at = NULL;
    t->layout_len = 0;
}

/* ---- printing --------------------------------------------------------------------- */

/* snprintf-like output: counts everything, stores what fits before the NUL. */
typedef struct {
    char *buf;
    size_t cap, len;
} sink;

static void put(sink *s, char c) {
    if (s->len + 1 < s->cap) s->buf[s->len] = c;
    s->len++;
}

static void put_bytes(sink *s, const char *b, size_t n) {
    while (n--) put(s, *b++);
}

static void put_number(sink *s, uint8_t v) {
    char d[4];
    put_bytes(s, d, (size_t)fmt_snprintf(d, sizeof d, "%u", (unsigned)v));
}

/* The symbols, blank and separator to print with. */
typedef struct {
    const char *sym;
    int32_t nsym;
    char blank, sep;
} look;

static look look_like(const sudoku_text_t *like, int32_t size) {
    look lk = {default_symbols, DEFAULT_COUNT, '.', ' '};
    if (!like) return lk;
    int32_t n = 0;
    while (n < MAX_SIDE && like->alphabet[n]) n++;
    if (n >= size) lk.sym = like->alphabet, lk.nsym = n;
    char b = like->blank;
    if (b && strchr(".0_-", b) && !memchr(lk.sym, b, (size_t)lk.nsym)) lk.blank = b;
    if (like->separator == ',') lk.sep = ',';
    return lk;
}

/* Whether like's layout can be refilled: same style and size, sane offsets. */
static bool layout_fits(const sudoku_text_t *like, int32_t size, sudoku_style style) {
    if (!like || like->style != style || like->size != size || !like->layout || !like->cell_at) return false;
    size_t cells = (size_t)size * (size_t)size, prev = 0;
    for (size_t i = 0; i < cells; i++) {
        if (like->cell_at[i] < 0) return false;
        size_t a = (size_t)like->cell_at[i];
        if (a > like->layout_len || (i && a <= prev)) return false;
        if (style == SUDOKU_STYLE_GRID && a == like->layout_len) return false;
        prev = a;
    }
    return true;
}

static char symbol(const look *lk, uint8_t v) { return v ? lk->sym[v - 1] : lk->blank; }

/* The input grid again, each changed cell's byte replaced: borders stay put. */
static void put_grid_layout(sink *s, const sudoku_text_t *like, const uint8_t *values, const look *lk) {
    size_t from = 0, cells = (size_t)like->size * (size_t)like->size;
    for (size_t i = 0; i < cells; i++) {
        size_t a = (size_t)like->cell_at[i];
        put_bytes(s, like->layout + from, a - from);
        put(s, values[i] == like->cells[i] ? like->layout[a] : symbol(lk, values[i]));
        from = a + 1;
    }
    put_bytes(s, like->layout + from, like->layout_len - from);
}

/* The input's numbers: changed ones rewritten (widths may change), the rest as typed. */
static void put_numbers_layout(sink *s, const sudoku_text_t *like, const uint8_t *values) {
    size_t from = 0, cells = (size_t)like->size * (size_t)like->size;
    for (size_t i = 0; i < cells; i++) {
        size_t a = (size_t)like->cell_at[i];
        size_t limit = i + 1 < cells ? (size_t)like->cell_at[i + 1] : like->layout_len, e = a;
        if (e < limit && (is_blank_mark(like->layout[e]) || is_other_blank(like->layout[e]))) e++;
        else while (e < limit && is_digit(like->layout[e])) e++;
        put_bytes(s, like->layout + from, a - from);
        if (values[i] == like->cells[i]) put_bytes(s, like->layout + a, e - a);
        else put_number(s, values[i]);
        from = e;
    }
    put_bytes(s, like->layout + from, like->layout_len - from);
}

/* Rows of symbols or numbers with a separator between cells; or one line of
 * symbols and nothing else (the line style). */
static void put_clean(sink *s, int32_t size, const uint8_t *values, sudoku_style style, const look *lk) {
    for (int32_t r = 0; r < size; r++) {
        for (int32_t c = 0; c < size; c++) {
            uint8_t v = values[r * size + c];
            if (c && style != SUDOKU_STYLE_LINE) put(s, style == SUDOKU_STYLE_NUMBERS ? lk->sep : ' ');
            if (style == SUDOKU_STYLE_NUMBERS) put_number(s, v);
            else put(s, symbol(lk, v));
        }
        if (style != SUDOKU_STYLE_LINE) put(s, '\n');
    }
}

int64_t sudoku_format(const sudoku_text_t *like, int32_t size, const uint8_t *values, sudoku_style style, char *buf,
                      size_t cap) {
    if (!buf && cap) return DLX_EARG;
    if (cap) buf[0] = '\0';
    if (size < 1 || size > MAX_SIDE) return SUDOKU_ESIZE;
    if (!values) return DLX_EARG;
    if (style != SUDOKU_STYLE_LINE && style != SUDOKU_STYLE_GRID && style != SUDOKU_STYLE_NUMBERS) return DLX_EARG;
    size_t cells = (size_t)size * (size_t)size;
    int32_t top = 0;
    for (size_t i = 0; i < cells; i++)
        if (values[i] > top) top = values[i];
    if (top > size) return SUDOKU_EVALUE;
    look lk = look_like(like, size);
    if (style != SUDOKU_STYLE_NUMBERS && top > lk.nsym) return SUDOKU_EALPHABET;
    sink s = {buf, cap, 0};
    if (style != SUDOKU_STYLE_LINE && layout_fits(like, size, style)) {
        if (style == SUDOKU_STYLE_GRID) put_grid_layout(&s, like, values, &lk);
        else put_numbers_layout(&s, like, values);
    } else {
        put_clean(&s, size, values, style, &lk);
    }
    if (cap) buf[s.len < cap ? s.len : cap - 1] = '\0';
    return (int64_t)s.len;
}
