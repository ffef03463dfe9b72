/* sudoku_cells.c: reading a puzzle's cells, from a one-line puzzle or a grid
 * of rows (symbols or numbers), with the errors about them and their places.
 * sudoku_read.c finds where a puzzle starts and calls in here; the rules of
 * the text are at the top of that file. */
#include "sudoku_text.h"

#include <stdarg.h>
#include <stdlib.h>

static int fail(parser *p, int code, const char *fmt, ...) PRINTF_LIKE(3, 4);
static int fail(parser *p, int code, const char *fmt, ...) { /* after locate(): keeps the place */
    va_list ap;
    va_start(ap, fmt);
    sudoku_fail_at(p->err, code, fmt, ap);
    va_end(ap);
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
bool text_first_field(const char *text, const line_t *ln, line_t *field) {
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
bool text_is_line_puzzle(const parser *p, const line_t *f, const line_t *ln) {
    size_t m = count_cells(p->text, f, M_SYMBOLS, NULL);
    if (p->want) { /* (more cells after the field, as in ".....3......... 2": a grid) */
        size_t whole = (size_t)p->want * (size_t)p->want;
        return m == whole || (2 * m > whole && count_cells(p->text, ln, M_SYMBOLS, NULL) == m);
    }
    if (m > MAX_SIDE) return true;
    int32_t s = side_of(m);
    return s >= 4 && cells_fit(p, f, M_SYMBOLS, s);
}

int text_read_line_puzzle(parser *p, const line_t *f, const line_t *ln) {
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
bool text_ends_grid(const parser *p, const line_t *ln) {
    line_t f;
    if (!text_first_field(p->text, ln, &f) || !text_is_line_puzzle(p, &f, ln)) return false;
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
        if (kind == L_CONTENT && text_ends_grid(p, &ln)) {
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

int text_start_grid(parser *p, const line_t *ln) {
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

