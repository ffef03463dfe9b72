/* sudoku_read.c: read Sudoku puzzles from the text people paste: find where a
 * puzzle starts (skipping what is no puzzle), check the alphabet, hand the
 * cells to sudoku_cells.c. The printer is sudoku_print.c; what they share is
 * in sudoku_text.h.
 *
 * The "puzzle text" part of sudoku.h; of the rest of the library it needs
 * only the error setter, sudoku_fail (sudoku.c).
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
#include "sudoku_text.h"

#include <stdarg.h>
#include <stdlib.h>

const char sudoku_default_symbols[] =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
_Static_assert(sizeof sudoku_default_symbols - 1 == DEFAULT_COUNT, "DEFAULT_COUNT counts the default symbols");

/* ---- alphabet --------------------------------------------------------------- */


/* Bytes with a meaning of their own in puzzle text, which no alphabet may take. */
static bool reserved_byte(unsigned char c) {
    return c <= ' ' || c >= 0x7f || strchr(".-_|,#:+=", c) != NULL;
}

static int alphabet_check(const char *s, size_t n, int32_t want, sudoku_error_t *err) {
    if (n == 0)
        return sudoku_fail(err, SUDOKU_EALPHABET, "the alphabet is empty; give one symbol per digit");
    if (n > MAX_SIDE)
        return sudoku_fail(err, SUDOKU_EALPHABET, "the alphabet has more than %d symbols", MAX_SIDE);
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
        if (why) return sudoku_fail(err, SUDOKU_EALPHABET, why, a, b, i + 1);
    }
    if (want > (int32_t)n)
        return sudoku_fail(err, SUDOKU_EALPHABET, "the alphabet has %d symbols; a %dx%d puzzle needs %d",
                         (int)n, want, want, want);
    return 0;
}

/* Set up *a, which is all zeros. */
static int alphabet_init(alphabet *a, const char *given, int32_t want, sudoku_error_t *err) {
    const char *s = given ? given : sudoku_default_symbols;
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
            if (text_first_field(p->text, &ln, &f) && text_is_line_puzzle(p, &f, &ln)) return text_read_line_puzzle(p, &f, &ln);
            return text_start_grid(p, &ln);
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
        if (kind == L_BLANK || (kind == L_CONTENT && (rows == p->n || text_ends_grid(p, &ln)))) break;
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
    if (!out) return sudoku_fail(err, DLX_EARG, "no sudoku_text_t to parse into");
    memset(out, 0, sizeof *out);
    out->blank = '.';
    out->separator = ' ';
    if (!text && len) return sudoku_fail(err, DLX_EARG, "the text is NULL");
    int32_t want = opts ? opts->size : 0;
    if (want < 0 || want > MAX_SIDE)
        return sudoku_fail(err, SUDOKU_ESIZE, "size %d is out of range: puzzles are 1x1 to 64x64 (0 infers it)",
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
