/* test_sudoku_text.c: puzzle text (the second half of sudoku.h): every accepted
 * form read into the right cells, printed back (exactly, for grids), many
 * puzzles in one text, every error with its place, and hostile bytes. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"
#include "check.h"

/* The classic puzzle (Wikipedia's) and its solution, as lines of 1-9 and '.'. */
static const char CLASSIC[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char SOLUTION[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* ---- helpers -------------------------------------------------------------------- */

/* Cells from a line of 1-9 and '.', computed without the parser. */
static void cells_of(const char *line, uint8_t *cells) {
    for (size_t i = 0; line[i]; i++) cells[i] = line[i] == '.' ? 0 : (uint8_t)(line[i] - '0');
}

/* A full grid with br x bc boxes by the shifted-rows pattern (valid Sudoku). */
static void pattern_grid(int br, int bc, uint8_t *g) {
    int n = br * bc;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) g[r * n + c] = (uint8_t)(((r % br) * bc + r / br + c) % n + 1);
}

/* Blank about half of the cells, the same ones for the same seed. */
static void punch(uint8_t *g, int cells, uint32_t seed) {
    for (int i = 0; i < cells; i++) {
        seed = seed * 1664525u + 1013904223u;
        if (seed >> 31) g[i] = 0;
    }
}

/* Whether a 9x9 grid is a solved Sudoku that keeps the givens of `puzzle`. */
static int solves(const uint8_t *g, const uint8_t *puzzle) {
    for (int i = 0; i < 81; i++)
        if (puzzle[i] && puzzle[i] != g[i]) return 0;
    for (int u = 0; u < 9; u++) {
        int row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1 << g[u * 9 + k];
            col |= 1 << g[k * 9 + u];
            box |= 1 << g[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return 0;
    }
    return 1;
}

typedef struct {
    char *s;
    size_t len, cap;
} strbuf;

static void sb_add(strbuf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s) abort();
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}
static void sb_puts(strbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
static void sb_putc(strbuf *b, char c) { sb_add(b, &c, 1); }
static void sb_printf(strbuf *b, const char *fmt, ...) {
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *tmp = malloc((size_t)n + 1);
    if (!tmp) abort();
    vsnprintf(tmp, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    sb_add(b, tmp, (size_t)n);
    free(tmp);
}

static int parse_str(const char *text, int32_t size, const char *alphabet, sudoku_text_t *t,
                     sudoku_error_t *e) {
    sudoku_text_opts_t o = {size, alphabet};
    return sudoku_parse(text, strlen(text), &o, t, e);
}

/* Parse text and compare with n x n cells; style < 0 skips the style check.
 * Returns 1 when it parsed, with *t to release. */
static int expect_cells_t(const char *label, const char *text, int32_t size, const char *alphabet,
                          int32_t n, const uint8_t *cells, int style, sudoku_text_t *t) {
    sudoku_error_t e;
    int rc = parse_str(text, size, alphabet, t, &e);
    long before = check_failures();
    CHECK_EQ(rc, 0);
    if (rc) {
        fprintf(stderr, "  [%s] error %d: %s\n", label, rc, e.message);
        return 0;
    }
    CHECK_EQ(t->size, n);
    if (style >= 0) CHECK_EQ(t->style, style);
    CHECK(t->size == n && memcmp(t->cells, cells, (size_t)n * (size_t)n) == 0);
    CHECK_EQ(t->consumed, strlen(text));
    if (check_failures() != before) fprintf(stderr, "  [%s]\n", label);
    return 1;
}

static void expect_cells(const char *label, const char *text, int32_t size, const char *alphabet, int32_t n,
                         const uint8_t *cells, int style) {
    sudoku_text_t t;
    if (expect_cells_t(label, text, size, alphabet, n, cells, style, &t)) sudoku_text_release(&t);
}

/* sudoku_format into a fresh string (caller frees). */
static char *format_str(const sudoku_text_t *like, int32_t size, const uint8_t *values, sudoku_style style) {
    int64_t n = sudoku_format(like, size, values, style, NULL, 0);
    CHECK(n >= 0);
    if (n < 0) return NULL;
    char *buf = malloc((size_t)n + 1);
    CHECK_EQ(sudoku_format(like, size, values, style, buf, (size_t)n + 1), n);
    CHECK_EQ(strlen(buf), n);
    return buf;
}

static int check_str(const char *label, const char *got, const char *want) {
    int ok = got && strcmp(got, want) == 0;
    CHECK(ok);
    if (!ok) fprintf(stderr, "  [%s]\n  got:\n%s\n  want:\n%s\n", label, got ? got : "(null)", want);
    return ok;
}

/* Parse, print in the parsed style, parse again: the same cells. */
static void round_trip(const char *label, const char *text, int32_t size, const char *alphabet) {
    sudoku_text_t t, u;
    sudoku_error_t e;
    if (parse_str(text, size, alphabet, &t, &e)) {
        CHECK(0);
        fprintf(stderr, "  [%s] %s\n", label, e.message);
        return;
    }
    char *out = format_str(&t, t.size, t.cells, t.style);
    int rc = out ? parse_str(out, size, alphabet, &u, &e) : -1;
    CHECK_EQ(rc, 0);
    if (rc == 0) {
        CHECK_EQ(u.size, t.size);
        int same = u.size == t.size && memcmp(u.cells, t.cells, (size_t)t.size * (size_t)t.size) == 0;
        CHECK(same);
        if (!same) fprintf(stderr, "  [%s] printed:\n%s\n", label, out);
        sudoku_text_release(&u);
    } else {
        fprintf(stderr, "  [%s] reparse: %s\n  printed:\n%s\n", label, e.message, out ? out : "");
    }
    free(out);
    sudoku_text_release(&t);
}

/* ---- grid texts built from cells -------------------------------------------------- */

enum { G_SITE, G_BOXED, G_PLAIN, G_ONE_LINE, G_UNICODE, G_UNSPACED, G_VARIANTS };
static const char *variant_name[] = {"site", "boxed", "plain", "one line", "box drawing", "unspaced"};

static char sym(uint8_t v, char blank) { return v ? SYMBOLS[v - 1] : blank; }

/* One row as "5 3 . | . 7 . | . . ." (spaced) or "53.|.7.|..." (unspaced), with
 * outer bars when `outer`. */
static void row_text(strbuf *b, const uint8_t *row, int n, int bc, int spaced, int outer, int bars, char blank) {
    if (outer) sb_puts(b, spaced ? "| " : "|");
    for (int c = 0; c < n; c++) {
        if (c && c % bc == 0 && bars) sb_puts(b, spaced ? " | " : "|");
        else if (c && spaced) sb_putc(b, ' ');
        sb_putc(b, sym(row[c], blank));
    }
    if (outer) sb_puts(b, spaced ? " |" : "|");
}

/* The border matching a row: '|' becomes `cross`, the rest `dash`. */
static void rule_text(strbuf *b, const char *row, const char *dash, const char *first, const char *cross,
                      const char *last) {
    size_t n = strlen(row);
    for (size_t i = 0; i < n; i++)
        sb_puts(b, row[i] != '|' ? dash : i == 0 ? first : i == n - 1 ? last : cross);
}

static char *grid_text(const uint8_t *cells, int br, int bc, int variant, const char *eol, char blank) {
    int n = br * bc;
    strbuf b = {0}, first = {0};
    int spaced = variant != G_PLAIN && variant != G_UNSPACED && variant != G_ONE_LINE;
    int outer = variant == G_BOXED || variant == G_UNICODE;
    row_text(&first, cells, n, bc, spaced, outer, variant != G_PLAIN, blank);
    if (variant == G_BOXED) rule_text(&b, first.s, "-", "+", "+", "+"), sb_puts(&b, eol);
    if (variant == G_UNICODE) rule_text(&b, first.s, "\u2500", "\u250c", "\u252c", "\u2510"), sb_puts(&b, eol);
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) {
            if (variant == G_SITE || variant == G_BOXED || variant == G_UNSPACED)
                rule_text(&b, first.s, "-", "+", "+", "+"), sb_puts(&b, eol);
            if (variant == G_UNICODE) rule_text(&b, first.s, "\u2500", "\u251c", "\u253c", "\u2524"), sb_puts(&b, eol);
        }
        if (variant == G_ONE_LINE) {
            if (r) sb_putc(&b, ' ');
            for (int c = 0; c < n; c++) sb_putc(&b, sym(cells[r * n + c], blank));
            continue;
        }
        strbuf row = {0};
        row_text(&row, cells + r * n, n, bc, spaced, outer, variant != G_PLAIN, blank);
        if (variant == G_UNICODE)
            for (size_t i = 0; i < row.len; i++) row.s[i] == '|' ? sb_puts(&b, "\u2502") : sb_putc(&b, row.s[i]);
        else sb_puts(&b, row.s);
        sb_puts(&b, eol);
        free(row.s);
    }
    if (variant == G_ONE_LINE) sb_puts(&b, eol);
    if (variant == G_BOXED) rule_text(&b, first.s, "-", "+", "+", "+"), sb_puts(&b, eol);
    if (variant == G_UNICODE) rule_text(&b, first.s, "\u2500", "\u2514", "\u2534", "\u2518"), sb_puts(&b, eol);
    free(first.s);
    return b.s;
}

/* Rows of numbers separated by sep, blanks written as `zero` ("0" or ""). */
static char *numbers_text(const uint8_t *cells, int n, const char *sep, const char *zero, const char *eol,
                          int one_line) {
    strbuf b = {0};
    for (int i = 0; i < n * n; i++) {
        if (i % n == 0 && i && !one_line) sb_puts(&b, eol);
        else if (i) sb_puts(&b, sep);
        if (cells[i]) sb_printf(&b, "%d", cells[i]);
        else sb_puts(&b, zero);
    }
    sb_puts(&b, eol);
    return b.s;
}

/* ---- the tests ------------------------------------------------------------------------ */

static uint8_t classic[81], solution[81];

static void test_reference(void) {
    cells_of(CLASSIC, classic);
    cells_of(SOLUTION, solution);
    CHECK(solves(solution, classic));
    uint8_t g[81];
    pattern_grid(3, 3, g);
    CHECK(solves(g, g));
}

static void test_lines(void) {
    char text[512], line[82];
    expect_cells("line", CLASSIC, 0, NULL, 9, classic, SUDOKU_STYLE_LINE);
    expect_cells("line, size 9", CLASSIC, 9, NULL, 9, classic, SUDOKU_STYLE_LINE);
    const char blanks[] = "0_-";
    for (int k = 0; k < 3; k++) { /* every empty-cell mark, remembered in t.blank */
        strcpy(line, CLASSIC);
        for (int i = 0; i < 81; i++)
            if (line[i] == '.') line[i] = blanks[k];
        sudoku_text_t t;
        if (expect_cells_t("blanks", line, 0, NULL, 9, classic, SUDOKU_STYLE_LINE, &t)) {
            CHECK_EQ(t.blank, blanks[k]);
            char *out = format_str(&t, 9, t.cells, SUDOKU_STYLE_LINE);
            check_str("blank kept", out, line);
            free(out);
            sudoku_text_release(&t);
        }
    }
    /* trailing fields of common data sets, and noise before the puzzle */
    const char *forms[] = {"%s\n", "%s", "%s:1:%s\n", "%s  # 17 clues\n", "%s\t3.5\n", "%s,%s\n",
                           "%s \r\n", "# a comment\n\n   \n#another\n%s\n", "\xEF\xBB\xBF%s\n", "  %s  \n"};
    for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
        snprintf(text, sizeof text, forms[k], CLASSIC, SOLUTION);
        sudoku_text_t t;
        if (expect_cells_t(forms[k], text, 0, NULL, 9, classic, SUDOKU_STYLE_LINE, &t)) {
            CHECK(t.layout == NULL && t.cell_at == NULL);
            CHECK_EQ(t.blank, '.');
            CHECK(strcmp(t.alphabet, "123456789") == 0);
            sudoku_text_release(&t);
        }
    }
    /* line style never reaches into the next line */
    snprintf(text, sizeof text, "%s\n%s\n", CLASSIC, SOLUTION);
    sudoku_text_t t;
    sudoku_error_t e;
    CHECK_EQ(parse_str(text, 0, NULL, &t, &e), 0);
    CHECK_EQ(t.consumed, 82);
    sudoku_text_release(&t);
}

static void test_grids(void) {
    const char *eols[] = {"\n", "\r\n"};
    for (int v = 0; v < G_VARIANTS; v++)
        for (int k = 0; k < 2; k++) {
            char label[64];
            snprintf(label, sizeof label, "grid %s%s", variant_name[v], k ? " CRLF" : "");
            char *text = grid_text(classic, 3, 3, v, eols[k], '.');
            sudoku_text_t t;
            if (expect_cells_t(label, text, 0, NULL, 9, classic, SUDOKU_STYLE_GRID, &t)) {
                /* unchanged cells: the very same text */
                char *same = format_str(&t, 9, t.cells, SUDOKU_STYLE_GRID);
                check_str(label, same, text);
                /* a solution keeps every decoration */
                char *solved = format_str(&t, 9, solution, SUDOKU_STYLE_GRID);
                char *want = grid_text(solution, 3, 3, v, eols[k], '.');
                check_str(label, solved, want);
                expect_cells(label, solved, 0, NULL, 9, solution, SUDOKU_STYLE_GRID);
                free(same), free(solved), free(want);
                sudoku_text_release(&t);
            }
            expect_cells(label, text, 9, NULL, 9, classic, SUDOKU_STYLE_GRID);
            round_trip(label, text, 0, NULL);
            free(text);
        }
    /* the site format exactly as the brief shows it */
    char *site = grid_text(classic, 3, 3, G_SITE, "\n", '.');
    CHECK(strncmp(site, "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
                        "------+-------+------\n8 . .", 93) == 0);
    free(site);
    /* Project Euler's sudoku.txt: a title line, then rows of digits with 0 blanks */
    strbuf pe = {0};
    sb_puts(&pe, "Grid 01\n");
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) sb_putc(&pe, (char)('0' + classic[r * 9 + c]));
        sb_putc(&pe, '\n');
    }
    expect_cells("project euler", pe.s, 0, NULL, 9, classic, SUDOKU_STYLE_GRID);
    {   /* start: where the grid itself begins, after the title */
        sudoku_text_t t;
        CHECK_EQ(sudoku_parse(pe.s, pe.len, NULL, &t, NULL), 0);
        CHECK_EQ(t.start, 8);
        sudoku_text_release(&t);
        pe.s[8 + 3] = 'x'; /* a bad first row: start says where the bad puzzle began */
        CHECK(sudoku_parse(pe.s, pe.len, NULL, &t, NULL) != 0);
        CHECK_EQ(t.start, 8);
        sudoku_text_release(&t);
    }
    free(pe.s);
    /* rows with comments after them, and comment lines within the grid */
    char *plain = grid_text(classic, 3, 3, G_SITE, "   # row\n", '.');
    expect_cells("commented rows", plain, 0, NULL, 9, classic, SUDOKU_STYLE_GRID);
    free(plain);
    /* mixed empty-cell marks: each kept as typed when the cell is unchanged */
    char *mixed = grid_text(classic, 3, 3, G_SITE, "\n", '.');
    for (size_t i = 0, k = 0; mixed[i]; i++)
        if (mixed[i] == '.') mixed[i] = "._0-"[k++ % 4];
    sudoku_text_t m;
    if (expect_cells_t("mixed blanks", mixed, 0, NULL, 9, classic, SUDOKU_STYLE_GRID, &m)) {
        CHECK_EQ(m.blank, '.'); /* the first one */
        char *same = format_str(&m, 9, m.cells, SUDOKU_STYLE_GRID);
        check_str("mixed blanks kept", same, mixed);
        free(same);
        sudoku_text_release(&m);
    }
    free(mixed);
    /* '-' blanks with a row that is all blanks: a row, not a border */
    uint8_t sparse[81];
    memcpy(sparse, classic, 81);
    memset(sparse + 27, 0, 9);
    char *dashes = grid_text(sparse, 3, 3, G_SITE, "\n", '-');
    expect_cells("dash rows", dashes, 0, NULL, 9, sparse, SUDOKU_STYLE_GRID);
    free(dashes);
}

static void test_numbers(void) {
    /* single digits separated by spaces read as a grid of symbols: the same cells */
    char *spaced = numbers_text(classic, 9, " ", "0", "\n", 0);
    expect_cells("spaced digits", spaced, 0, NULL, 9, classic, SUDOKU_STYLE_GRID);
    round_trip("spaced digits", spaced, 0, NULL);
    free(spaced);
    /* commas: numbers, remembered as the separator */
    const char *seps[] = {",", ", ", " , "};
    const char *zeros[] = {"0", ""};
    for (int s = 0; s < 3; s++)
        for (int z = 0; z < 2; z++)
            for (int one = 0; one < 2; one++) {
                char *text = numbers_text(classic, 9, seps[s], zeros[z], one ? "\n" : "\r\n", one);
                sudoku_text_t t;
                if (expect_cells_t(text, text, 0, NULL, 9, classic, SUDOKU_STYLE_NUMBERS, &t)) {
                    CHECK_EQ(t.separator, ',');
                    char *same = format_str(&t, 9, t.cells, SUDOKU_STYLE_NUMBERS);
                    check_str("numbers layout", same, text);
                    char *solved = format_str(&t, 9, solution, SUDOKU_STYLE_NUMBERS);
                    char *want = numbers_text(solution, 9, seps[s], zeros[z], one ? "\n" : "\r\n", one);
                    check_str("numbers solved", solved, want);
                    free(same), free(solved), free(want);
                    sudoku_text_release(&t);
                }
                round_trip(text, text, 0, NULL);
                free(text);
            }
    /* trailing commas close each row when the size is given */
    strbuf b = {0};
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) sb_printf(&b, "%d,", classic[r * 9 + c]);
        sb_putc(&b, '\n');
    }
    expect_cells("trailing commas", b.s, 9, NULL, 9, classic, SUDOKU_STYLE_NUMBERS);
    free(b.s);
    /* one line of 81 numbers and a final comma */
    char *one = numbers_text(classic, 9, ",", "0", ",\n", 1);
    expect_cells("one line, final comma", one, 0, NULL, 9, classic, SUDOKU_STYLE_NUMBERS);
    free(one);

    /* 16x16 as numbers with spaces: "16 0 3 12 ..." */
    uint8_t g16[256];
    pattern_grid(4, 4, g16);
    punch(g16, 256, 7);
    g16[0] = 16;
    char *n16 = numbers_text(g16, 16, " ", "0", "\n", 0);
    sudoku_text_t t;
    if (expect_cells_t("16x16 numbers", n16, 0, NULL, 16, g16, SUDOKU_STYLE_NUMBERS, &t)) {
        CHECK_EQ(t.separator, ' ');
        char *same = format_str(&t, 16, t.cells, SUDOKU_STYLE_NUMBERS);
        check_str("16x16 numbers layout", same, n16);
        free(same);
        uint8_t full[256];
        pattern_grid(4, 4, full);
        char *solved = format_str(&t, 16, full, SUDOKU_STYLE_NUMBERS);
        expect_cells("16x16 numbers solved", solved, 0, NULL, 16, full, SUDOKU_STYLE_NUMBERS);
        free(solved);
        sudoku_text_release(&t);
    }
    expect_cells("16x16 numbers, size", n16, 16, NULL, 16, g16, SUDOKU_STYLE_NUMBERS);
    free(n16);
    /* '.', '_' and '-' are blanks among numbers too */
    char *dotted = numbers_text(g16, 16, " ", ".", "\n", 0);
    expect_cells("16x16 numbers, dots", dotted, 0, NULL, 16, g16, SUDOKU_STYLE_NUMBERS);
    free(dotted);
    /* a first row of single digits only: the grid turns into numbers later */
    for (int c = 0; c < 16; c++)
        if (g16[c] > 9) g16[c] = 0;
    char *late = numbers_text(g16, 16, " ", "0", "\n", 0);
    expect_cells("16x16 numbers, late", late, 0, NULL, 16, g16, SUDOKU_STYLE_NUMBERS);
    round_trip("16x16 numbers, late", late, 0, NULL);
    free(late);
    /* zero-padded numbers */
    char *padded = NULL;
    {
        strbuf p = {0};
        for (int i = 0; i < 256; i++) sb_printf(&p, "%02d%s", g16[i], i % 16 == 15 ? "\n" : " ");
        padded = p.s;
    }
    expect_cells("16x16 zero-padded", padded, 0, NULL, 16, g16, SUDOKU_STYLE_NUMBERS);
    free(padded);
    /* 25x25 as one line of comma-separated numbers */
    uint8_t g25[625];
    pattern_grid(5, 5, g25);
    punch(g25, 625, 11);
    char *n25 = numbers_text(g25, 25, ",", "", "\n", 1);
    expect_cells("25x25 numbers", n25, 0, NULL, 25, g25, SUDOKU_STYLE_NUMBERS);
    round_trip("25x25 numbers", n25, 0, NULL);
    free(n25);
    /* 64x64: only numbers can carry it with the default alphabet */
    static uint8_t g64[4096];
    pattern_grid(8, 8, g64);
    punch(g64, 4096, 3);
    char *n64 = numbers_text(g64, 64, " ", "0", "\n", 0);
    expect_cells("64x64 numbers", n64, 0, NULL, 64, g64, SUDOKU_STYLE_NUMBERS);
    round_trip("64x64 numbers", n64, 0, NULL);
    free(n64);

    /* box-grouped digits are symbols, not numbers */
    uint8_t g4[16];
    pattern_grid(2, 2, g4);
    expect_cells("12 34", "12 34\n34 21\n21 43\n43 12\n", 0, NULL, 4,
                 (const uint8_t[]){1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2}, SUDOKU_STYLE_GRID);
    char *solved9 = grid_text(solution, 3, 3, G_PLAIN, "\n", '.');
    strbuf grouped = {0};
    for (int r = 0; r < 9; r++)
        sb_printf(&grouped, "%.3s %.3s %.3s\n", solved9 + r * 10, solved9 + r * 10 + 3, solved9 + r * 10 + 6);
    expect_cells("534 678 912", grouped.s, 0, NULL, 9, solution, SUDOKU_STYLE_GRID);
    free(grouped.s), free(solved9);
}

static void test_sizes(void) {
    /* 4x4: a one-liner (only 1-4 in 16 symbols) and a grid */
    uint8_t g4[16];
    pattern_grid(2, 2, g4);
    punch(g4, 16, 5);
    char line4[17];
    for (int i = 0; i < 16; i++) line4[i] = sym(g4[i], '.');
    line4[16] = '\0';
    expect_cells("4x4 line", line4, 0, NULL, 4, g4, SUDOKU_STYLE_LINE);
    expect_cells("4x4 line, size", line4, 4, NULL, 4, g4, SUDOKU_STYLE_LINE);
    for (int v = 0; v < G_VARIANTS; v++) {
        char *text = grid_text(g4, 2, 2, v, "\n", '.');
        expect_cells(variant_name[v], text, 0, NULL, 4, g4, SUDOKU_STYLE_GRID);
        round_trip(variant_name[v], text, 0, NULL);
        free(text);
    }
    /* 6x6 with 2x3 boxes */
    uint8_t g6[36];
    pattern_grid(2, 3, g6);
    punch(g6, 36, 9);
    char line6[37];
    for (int i = 0; i < 36; i++) line6[i] = sym(g6[i], '0');
    line6[36] = '\0';
    expect_cells("6x6 line", line6, 0, NULL, 6, g6, SUDOKU_STYLE_LINE);
    char *grid6 = grid_text(g6, 2, 3, G_BOXED, "\n", '.');
    expect_cells("6x6 grid", grid6, 0, NULL, 6, g6, SUDOKU_STYLE_GRID);
    free(grid6);
    /* 16x16 in symbols 1-9A-G: line and grid */
    uint8_t g16[256];
    pattern_grid(4, 4, g16);
    punch(g16, 256, 21);
    char line16[257];
    for (int i = 0; i < 256; i++) line16[i] = sym(g16[i], '.');
    line16[256] = '\0';
    sudoku_text_t t;
    if (expect_cells_t("16x16 line", line16, 0, NULL, 16, g16, SUDOKU_STYLE_LINE, &t)) {
        CHECK(strcmp(t.alphabet, "123456789ABCDEFG") == 0);
        char *out = format_str(&t, 16, t.cells, SUDOKU_STYLE_LINE);
        check_str("16x16 line back", out, line16);
        free(out);
        sudoku_text_release(&t);
    }
    for (int v = 0; v < G_VARIANTS; v++) {
        char *text = grid_text(g16, 4, 4, v, "\n", '.');
        expect_cells(variant_name[v], text, 0, NULL, 16, g16, SUDOKU_STYLE_GRID);
        round_trip(variant_name[v], text, 0, NULL);
        free(text);
    }
    /* hex Sudoku: '0' is the first digit, blanks are '.' */
    const char *hex = "0123456789ABCDEF";
    char linehex[257];
    for (int i = 0; i < 256; i++) linehex[i] = g16[i] ? hex[g16[i] - 1] : '.';
    linehex[256] = '\0';
    if (expect_cells_t("hex line", linehex, 0, hex, 16, g16, SUDOKU_STYLE_LINE, &t)) {
        CHECK(strcmp(t.alphabet, hex) == 0);
        char *out = format_str(&t, 16, t.cells, SUDOKU_STYLE_LINE);
        check_str("hex back", out, linehex);
        free(out);
        sudoku_text_release(&t);
    }
    expect_cells("hex line, size", linehex, 16, hex, 16, g16, SUDOKU_STYLE_LINE);
    strbuf hexgrid = {0};
    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++) sb_printf(&hexgrid, "%s%c", c == 0 ? "" : c % 4 ? " " : " | ", linehex[r * 16 + c]);
        sb_putc(&hexgrid, '\n');
    }
    expect_cells("hex grid", hexgrid.s, 0, hex, 16, g16, SUDOKU_STYLE_GRID);
    for (size_t i = 0; i < hexgrid.len; i++)
        if (hexgrid.s[i] == '|') hexgrid.s[i] = ',';
    expect_cells("hex grid, commas", hexgrid.s, 0, hex, 16, g16, SUDOKU_STYLE_GRID);
    /* with an alphabet, digits and commas are still symbols: '0' is the digit 1 */
    expect_cells("hex digits, commas", "0,1,2,3\n2,3,0,1\n1,2,3,0\n3,0,1,2\n", 0, hex, 4,
                 (const uint8_t[]){1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3}, SUDOKU_STYLE_GRID);
    round_trip("hex grid", hexgrid.s, 0, hex);
    free(hexgrid.s);
    /* 25x25: 625 symbols 1-9A-P */
    uint8_t g25[625];
    pattern_grid(5, 5, g25);
    punch(g25, 625, 33);
    char line25[626];
    for (int i = 0; i < 625; i++) line25[i] = sym(g25[i], '.');
    line25[625] = '\0';
    expect_cells("25x25 line", line25, 0, NULL, 25, g25, SUDOKU_STYLE_LINE);
    round_trip("25x25 line", line25, 0, NULL);
    char *grid25 = grid_text(g25, 5, 5, G_SITE, "\n", '.');
    expect_cells("25x25 grid", grid25, 0, NULL, 25, g25, SUDOKU_STYLE_GRID);
    round_trip("25x25 grid", grid25, 0, NULL);
    free(grid25);
    /* 49x49 (lowercase symbols) as a line */
    static uint8_t g49[2401];
    static char line49[2402];
    pattern_grid(7, 7, g49);
    punch(g49, 2401, 1);
    for (int i = 0; i < 2401; i++) line49[i] = sym(g49[i], '.');
    expect_cells("49x49 line", line49, 0, NULL, 49, g49, SUDOKU_STYLE_LINE);
    /* 1x1 and 2x2 (a size must be given for a 2x2 one-liner) */
    expect_cells("1x1", "1\n", 0, NULL, 1, (const uint8_t[]){1}, -1);
    expect_cells("1x1 blank", ".", 0, NULL, 1, (const uint8_t[]){0}, -1);
    expect_cells("2x2 line", "1.21", 2, NULL, 2, (const uint8_t[]){1, 0, 2, 1}, SUDOKU_STYLE_LINE);
    expect_cells("2x2 grid", "1.\n21\n", 0, NULL, 2, (const uint8_t[]){1, 0, 2, 1}, SUDOKU_STYLE_GRID);
}

/* Read every puzzle of a text through `consumed`; returns how many. */
static int read_all(const char *text, int32_t size, int32_t *sizes, uint8_t (*cells)[81], int max) {
    size_t off = 0, len = strlen(text);
    int n = 0;
    for (int guard = 0; guard < 100; guard++) {
        sudoku_text_t t;
        sudoku_error_t e;
        sudoku_text_opts_t o = {size, NULL};
        int rc = sudoku_parse(text + off, len - off, &o, &t, &e);
        CHECK_EQ(rc, 0);
        if (rc) {
            fprintf(stderr, "  puzzle %d: %s\n", n + 1, e.message);
            return n;
        }
        CHECK(t.consumed <= len - off);
        off += t.consumed;
        if (!t.size) {
            CHECK_EQ(off, len);
            return n;
        }
        if (n < max) {
            sizes[n] = t.size;
            memcpy(cells[n], t.cells, 81);
        }
        n++;
        sudoku_text_release(&t);
    }
    CHECK(0);
    return n;
}

static void test_many(void) {
    int32_t sizes[8];
    uint8_t cells[8][81];
    strbuf b = {0};
    char *grid = grid_text(classic, 3, 3, G_BOXED, "\n", '.');
    char *plain = grid_text(solution, 3, 3, G_PLAIN, "\r\n", '.');
    char *nums = numbers_text(classic, 9, ",", "", "\n", 0);
    sb_printf(&b, "# a file of puzzles\n\n%s\n%s:1\n\n# next: a grid\n", CLASSIC, SOLUTION);
    sb_puts(&b, grid);
    sb_puts(&b, plain); /* right after the grid's bottom border */
    sb_puts(&b, plain); /* and right after the last row of the one before */
    sb_printf(&b, "\n=====================\n%s\n\n", nums);
    sb_puts(&b, "Puzzle 7:\n");
    sb_puts(&b, grid);
    sb_puts(&b, "\n\n# the end\n---------\n\n");
    CHECK_EQ(read_all(b.s, 0, sizes, cells, 8), 7);
    const uint8_t *want[7] = {classic, solution, classic, solution, solution, classic, classic};
    for (int i = 0; i < 7; i++) {
        CHECK_EQ(sizes[i], 9);
        CHECK(memcmp(cells[i], want[i], 81) == 0);
    }
    /* bordered grids back to back, each with its own borders */
    strbuf two = {0};
    sb_puts(&two, grid);
    sb_puts(&two, grid);
    sudoku_text_t t;
    sudoku_error_t e;
    CHECK_EQ(parse_str(two.s, 0, NULL, &t, &e), 0);
    CHECK_EQ(t.consumed, strlen(grid));
    CHECK_EQ(t.layout_len, strlen(grid));
    sudoku_text_release(&t);
    CHECK_EQ(read_all(two.s, 0, sizes, cells, 8), 2);
    /* nothing left: 0 with size 0 and everything consumed */
    const char *empties[] = {"", "\n\n", "# only a comment", "  \r\n# c\n\n", "+---+---+\n|   |   |\n+---+---+\n",
                             "Grid 02\n", "\xEF\xBB\xBF"};
    for (size_t k = 0; k < sizeof empties / sizeof *empties; k++) {
        t.size = 5;
        CHECK_EQ(parse_str(empties[k], 0, NULL, &t, &e), 0);
        CHECK_EQ(t.size, 0);
        CHECK_EQ(t.consumed, strlen(empties[k]));
        CHECK_EQ(e.code, 0);
        sudoku_text_release(&t);
    }
    CHECK_EQ(sudoku_parse(NULL, 0, NULL, &t, &e), 0);
    CHECK_EQ(t.size, 0);
    free(b.s), free(two.s), free(grid), free(plain), free(nums);
}

/* Expect an error with its code, place (line, column, offset; row/col when > 0)
 * and a piece of its message. */
static void expect_error_n(const char *label, const char *text, size_t len, int32_t size, const char *alphabet,
                           int code, int line, int column, int offset, int row, int col, const char *in_message) {
    sudoku_text_t t;
    sudoku_error_t e;
    sudoku_text_opts_t o = {size, alphabet};
    long before = check_failures();
    int rc = sudoku_parse(text, len, &o, &t, &e);
    CHECK_EQ(rc, code);
    CHECK_EQ(e.code, code);
    CHECK_EQ(e.line, line);
    CHECK_EQ(e.column, column);
    CHECK_EQ(e.offset, offset);
    if (row >= 0) CHECK_EQ(e.row, row);
    if (col >= 0) CHECK_EQ(e.col, col);
    CHECK_EQ(t.size, 0);
    CHECK(t.layout == NULL && t.cell_at == NULL);
    CHECK(strlen(e.message) > 0 && strlen(e.message) < sizeof e.message);
    if (in_message && !strstr(e.message, in_message)) {
        CHECK(0);
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", e.message, in_message);
    }
    if (check_failures() != before) fprintf(stderr, "  [%s] got %d at %d:%d (%d) row %d col %d: %s\n", label, rc,
                                          e.line, e.column, e.offset, e.row, e.col, e.message);
    sudoku_text_release(&t);
}
#define EXPECT_ERROR(label, text, size, alpha, code, line, col, off, row, c, msg) \
    expect_error_n(label, text, strlen(text), size, alpha, code, line, col, off, row, c, msg)

static void test_errors(void) {
    char text[1024], line[100];
    /* symbols */
    strcpy(line, CLASSIC);
    line[16] = 'x';
    EXPECT_ERROR("x", line, 0, NULL, SUDOKU_ESYMBOL, 1, 17, 16, 2, 8,
                 "symbol 'x' (59) at line 1, column 17 (cell row 2, column 8) is too big for a 9x9 puzzle; "
                 "expected 1-9 or . for an empty cell");
    sudoku_text_t t0;
    sudoku_error_t e0;
    CHECK_EQ(parse_str(line, 0, NULL, &t0, &e0), SUDOKU_ESYMBOL);
    CHECK_EQ(e0.value, 59); /* the digit 'x' stands for */
    line[16] = '!'; /* ('?' is an empty cell: see test_page_forms) */
    EXPECT_ERROR("!", line, 0, NULL, SUDOKU_ESYMBOL, 1, 17, 16, 2, 8,
                 "unknown symbol '!' at line 1, column 17 (cell row 2, column 8); expected 1-9 or . for an empty cell");
    snprintf(text, sizeof text, "# header\n\n%s\n", line);
    EXPECT_ERROR("! on line 3", text, 0, NULL, SUDOKU_ESYMBOL, 3, 17, 26, 2, 8, "unknown symbol '!'");
    strcpy(line, CLASSIC);
    line[40] = 'A';
    EXPECT_ERROR("A in 9x9", line, 0, NULL, SUDOKU_ESYMBOL, 1, 41, 40, 5, 5, "symbol 'A' (10)");
    /* lengths */
    strcpy(line, CLASSIC);
    line[80] = '\0';
    EXPECT_ERROR("80", line, 0, NULL, SUDOKU_ELENGTH, 1, 81, 80, -1, -1,
                 "found 80 cells; a 9x9 puzzle needs 81 (they end at line 1, column 81)");
    snprintf(text, sizeof text, "%s7\n", CLASSIC);
    EXPECT_ERROR("82", text, 0, NULL, SUDOKU_ELENGTH, 1, 82, 81, -1, -1,
                 "found 82 cells; a 9x9 puzzle needs 81 (cell 82 is at line 1, column 82)");
    EXPECT_ERROR("82, size 9", text, 9, NULL, SUDOKU_ELENGTH, 1, 82, 81, -1, -1, "found 82 cells");
    EXPECT_ERROR("15", "1.3....2.4..3..\n", 0, NULL, SUDOKU_ELENGTH, 1, 16, 15, -1, -1,
                 "found 15 cells; a 4x4 puzzle needs 16");
    EXPECT_ERROR("16 for a 9x9", "1.3....2.4..3...\n", 9, NULL, SUDOKU_ELENGTH, 1, 10, 9, -1, -1,
                 "row 1 has 16 cells (cell 10 is at line 1, column 10); a 9x9 puzzle needs 9 per row");
    /* bad symbol comes first, before the wrong count */
    strcpy(line, CLASSIC);
    line[3] = '!';
    line[80] = '\0';
    EXPECT_ERROR("! and 80", line, 0, NULL, SUDOKU_ESYMBOL, 1, 4, 3, 0, 0, "unknown symbol '!'");
    /* grids */
    char *grid = grid_text(classic, 3, 3, G_SITE, "\n", '.');
    strcpy(text, grid);
    text[22 * 4 + 8] = 'A'; /* line 5 (after a border), cell row 4, column 4 */
    EXPECT_ERROR("A in grid", text, 0, NULL, SUDOKU_ESYMBOL, 5, 9, 96, 4, 4, "symbol 'A' (10) at line 5, column 9");
    strcpy(text, grid);
    text[22 * 2 + 20] = ' '; /* row 3 loses its 9th cell: ". 9 8 | . . . | . 6  " */
    EXPECT_ERROR("8 cells", text, 0, NULL, SUDOKU_ELENGTH, 3, 20, 63, 3, 9,
                 "row 3 has 8 cells, ending at line 3, column 20; a 9x9 puzzle has 9 per row");
    strcpy(text, grid);
    text[22 * 2 + 19] = '4'; /* "... . 64 ." : a tenth cell */
    EXPECT_ERROR("10 cells", text, 0, NULL, SUDOKU_ELENGTH, 3, 21, 64, -1, -1,
                 "row 3 has more than 9 cells: an extra one at line 3, column 21");
    snprintf(text, sizeof text, "%.66s\n%s", grid, grid + 66);
    EXPECT_ERROR("blank line", text, 0, NULL, SUDOKU_ELENGTH, 4, 1, 66, 4, 1,
                 "the grid ends after 3 rows, at a blank line (line 4, column 1); a 9x9 puzzle has 9 rows");
    snprintf(text, sizeof text, "%.66s", grid);
    EXPECT_ERROR("end of text", text, 0, NULL, SUDOKU_ELENGTH, 4, 1, 66, 4, 1, "at the end of the text (line 4, column 1)");
    free(grid);
    /* numbers */
    EXPECT_ERROR("10 in 9x9", "5,3,0,0,7,0,0,0,0\n6,0,0,1,10,5,0,0,0\n", 0, NULL, SUDOKU_ESYMBOL, 2, 9, 26, 2, 5,
                 "number 10 at line 2, column 9 (cell row 2, column 5) is too big for a 9x9 puzzle; "
                 "expected numbers 1-9, or 0 for an empty cell");
    EXPECT_ERROR("10 after digits", "5 3 0 0 7 0 0 0 0\n6 0 0 1 10 5 0 0 0\n", 0, NULL, SUDOKU_ESYMBOL, 2, 9, 26, 2,
                 5, "number 10 at line 2");
    EXPECT_ERROR("10 on the first line", "5 3 0 0 7 0 0 0 10\n6 0 0 1 9 5 0 0 0\n", 0, NULL, SUDOKU_ESYMBOL, 1,
                 17, 16, 1, 9, "number 10 at line 1, column 17 (cell row 1, column 9) is too big for a 9x9");
    EXPECT_ERROR("x in numbers", "1,2,0\n0,x,0\n", 0, NULL, SUDOKU_ESYMBOL, 2, 3, 8, 2, 2,
                 "unexpected 'x' in a number at line 2, column 3");
    EXPECT_ERROR("100", "1,2,100,4\n", 0, NULL, SUDOKU_ESYMBOL, 1, 5, 4, 1, 3, "number 100 at");
    /* hostile bytes: NUL, 0xFF, a control byte, valid but foreign UTF-8 */
    strcpy(line, CLASSIC);
    line[20] = '\0';
    expect_error_n("NUL", line, 81, 0, NULL, SUDOKU_ESYMBOL, 1, 21, 20, 3, 3, "NUL byte at line 1, column 21");
    line[20] = '\xff';
    EXPECT_ERROR("0xFF", line, 0, NULL, SUDOKU_ESYMBOL, 1, 21, 20, 3, 3, "invalid UTF-8 byte 0xFF");
    line[20] = '\x07';
    EXPECT_ERROR("BEL", line, 0, NULL, SUDOKU_ESYMBOL, 1, 21, 20, 3, 3, "control byte 0x07");
    snprintf(text, sizeof text, "%.20s\xc3\xa9%s", CLASSIC, CLASSIC + 21);
    EXPECT_ERROR("e-acute", text, 0, NULL, SUDOKU_ESYMBOL, 1, 21, 20, -1, -1, "unexpected character U+00E9");
    snprintf(text, sizeof text, "%.20s\xed\xa0\x80%s", CLASSIC, CLASSIC + 21); /* a surrogate */
    EXPECT_ERROR("surrogate", text, 0, NULL, SUDOKU_ESYMBOL, 1, 21, 20, -1, -1, "invalid UTF-8 byte 0xED");
    /* alphabets */
    EXPECT_ERROR("G in hex", "0G", 0, "0123456789ABCDEF", SUDOKU_ESYMBOL, 1, 2, 1, 1, 2,
                 "unknown symbol 'G' at line 1, column 2 (cell row 1, column 2); expected 0-1 or . for an empty cell");
    EXPECT_ERROR("repeat", CLASSIC, 0, "1234567891", SUDOKU_EALPHABET, 0, 0, 0, 0, 0, "repeats '1' (symbols 1 and 10)");
    EXPECT_ERROR("short", CLASSIC, 9, "12345678", SUDOKU_EALPHABET, 0, 0, 0, 0, 0, "has 8 symbols; a 9x9");
    EXPECT_ERROR("short, inferred", CLASSIC, 0, "12345678", SUDOKU_EALPHABET, 1, 1, 0, 0, 0, "has 8 symbols; a 9x9");
    EXPECT_ERROR("dot", CLASSIC, 0, "123.56789", SUDOKU_EALPHABET, 0, 0, 0, 0, 0, "may not use '.'");
    EXPECT_ERROR("space", CLASSIC, 0, "123 56789", SUDOKU_EALPHABET, 0, 0, 0, 0, 0, "byte 0x20");
    EXPECT_ERROR("empty", CLASSIC, 0, "", SUDOKU_EALPHABET, 0, 0, 0, 0, 0, "empty");
    static char big[4097 * 2];
    memset(big, '.', 4096);
    big[4096] = '\0';
    EXPECT_ERROR("64x64 in symbols", big, 0, NULL, SUDOKU_EALPHABET, 1, 1, 0, 0, 0, "needs 64 symbols");
    /* sizes and arguments */
    EXPECT_ERROR("size 65", CLASSIC, 65, NULL, SUDOKU_ESIZE, 0, 0, 0, 0, 0, "size 65");
    EXPECT_ERROR("size -1", CLASSIC, -1, NULL, SUDOKU_ESIZE, 0, 0, 0, 0, 0, "out of range");
    sudoku_error_t e;
    CHECK_EQ(sudoku_parse(CLASSIC, 81, NULL, NULL, &e), DLX_EARG);
    sudoku_text_t t;
    CHECK_EQ(sudoku_parse(NULL, 5, NULL, &t, &e), DLX_EARG);
    CHECK_EQ(sudoku_parse(line, 81, NULL, &t, NULL), SUDOKU_ESYMBOL); /* err may be NULL */
    memset(big, '1', 5000);
    big[5000] = '\0';
    EXPECT_ERROR("5000", big, 0, NULL, SUDOKU_ELENGTH, 1, 4097, 4096, -1, -1, "found 5000 cells");
}

/* After an error, consumed moves past the bad puzzle so a reader can go on. */
static void test_resume(void) {
    char *grid = grid_text(classic, 3, 3, G_BOXED, "\n", '.');
    strbuf b = {0};
    char bad_line[100];
    strcpy(bad_line, CLASSIC);
    bad_line[5] = '!';
    sb_printf(&b, "%s\n%s\n", bad_line, CLASSIC); /* a bad line, then a good one */
    char *bad_grid = malloc(strlen(grid) + 1);
    strcpy(bad_grid, grid);
    bad_grid[26 * 6 + 10] = 'Z'; /* line 7: row 5, column 4 */
    sb_puts(&b, bad_grid);
    sb_puts(&b, grid);
    size_t off = 0;
    int ok = 0, bad = 0;
    for (int guard = 0; guard < 20 && off < b.len; guard++) {
        sudoku_text_t t;
        sudoku_error_t e;
        int rc = sudoku_parse(b.s + off, b.len - off, NULL, &t, &e);
        CHECK(t.consumed > 0);
        off += t.consumed;
        if (rc) bad++;
        else if (t.size) {
            ok++;
            CHECK(memcmp(t.cells, classic, 81) == 0);
        }
        sudoku_text_release(&t);
        if (!rc && !t.size) break;
    }
    CHECK_EQ(bad, 2);
    CHECK_EQ(ok, 2);
    free(b.s), free(grid), free(bad_grid);
    /* plain grids back to back, the middle one bad in its last row */
    char *plain = grid_text(classic, 3, 3, G_PLAIN, "\n", '.');
    strbuf three = {0};
    sb_puts(&three, plain);
    sb_puts(&three, plain);
    three.s[strlen(plain) * 2 - 3] = '!';
    sb_puts(&three, plain);
    sudoku_text_t t;
    sudoku_error_t e;
    CHECK_EQ(sudoku_parse(three.s, three.len, NULL, &t, &e), 0);
    off = t.consumed;
    sudoku_text_release(&t);
    CHECK_EQ(sudoku_parse(three.s + off, three.len - off, NULL, &t, &e), SUDOKU_ESYMBOL);
    CHECK_EQ(e.line, 9);
    CHECK_EQ(t.consumed, strlen(plain));
    off += t.consumed;
    CHECK_EQ(sudoku_parse(three.s + off, three.len - off, NULL, &t, &e), 0);
    CHECK(t.size == 9 && memcmp(t.cells, classic, 81) == 0);
    sudoku_text_release(&t);
    free(three.s), free(plain);
}

/* Where each parse of `text` ends, in lines: "1e 2 3e" is an error on
 * line 1, a puzzle on line 2, an error on line 3. */
static void expect_pieces(const char *name, const char *text, const char *want) {
    char got[200] = "";
    size_t off = 0, len = strlen(text), at = 0;
    for (int guard = 0; guard < 20 && off < len; guard++) {
        sudoku_text_t t;
        sudoku_error_t e;
        int rc = sudoku_parse(text + off, len - off, NULL, &t, &e);
        if (!rc && !t.size) break;
        int line = 1;
        for (size_t i = 0; i < off; i++) line += text[i] == '\n';
        at += (size_t)snprintf(got + at, sizeof got - at, "%s%d%s", at ? " " : "", line, rc ? "e" : "");
        CHECK(t.consumed > 0);
        off += t.consumed;
        sudoku_text_release(&t);
    }
    if (strcmp(got, want)) fprintf(stderr, "  %s: pieces start at '%s', expected '%s'\n", name, got, want);
    CHECK(strcmp(got, want) == 0);
}

/* A bad line or a short grid never swallows a one-line puzzle after it. */
static void test_resume_at_puzzle(void) {
    strbuf b = {0};
    sb_printf(&b, "%s\n1 2 3\n%s\n", CLASSIC, CLASSIC); /* junk between puzzles */
    expect_pieces("junk line", b.s, "1 2e 3");
    b.len = 0;
    sb_printf(&b, "%.9sx\n%s\n%s\n", CLASSIC, CLASSIC, CLASSIC); /* a bad first row of a 10x10 */
    expect_pieces("bad first row", b.s, "1e 2 3");
    b.len = 0;
    for (int r = 0; r < 8; r++) sb_printf(&b, "%.9s\n", CLASSIC + 9 * r); /* eight rows, then a puzzle */
    sb_printf(&b, "%s\n", CLASSIC);
    expect_pieces("short grid", b.s, "1e 9");
    sudoku_text_t t;
    sudoku_error_t e;
    CHECK_EQ(sudoku_parse(b.s, b.len, NULL, &t, &e), SUDOKU_ELENGTH);
    CHECK(strstr(e.message, "at a one-line puzzle (line 9, column 1)") != NULL);
    CHECK_EQ(e.line, 9);
    b.len = 0;
    sb_printf(&b, "%s\n1 2 3\n%.80s\n%s\n", CLASSIC, CLASSIC, CLASSIC); /* an incomplete line is no puzzle: a row */
    expect_pieces("short line after junk", b.s, "1 2e 4");
    b.len = 0;
    /* a 16x16 grid's rows of 16 symbols are rows, though each could be a 4x4 */
    sb_puts(&b, "123456789ABCDEFG\n");
    for (int r = 1; r < 16; r++) sb_puts(&b, r == 3 ? "123412341234123!\n" : "1234123412341234\n");
    sb_printf(&b, "%s\n", CLASSIC);
    expect_pieces("16x16 rows", b.s, "1e 17");
    free(b.s);
}

static void test_format(void) {
    char buf[300];
    /* defaults */
    CHECK_EQ(sudoku_format(NULL, 9, classic, SUDOKU_STYLE_LINE, buf, sizeof buf), 81);
    check_str("line", buf, CLASSIC);
    char *grid = format_str(NULL, 9, classic, SUDOKU_STYLE_GRID);
    CHECK(grid && strncmp(grid, "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n", 36) == 0);
    CHECK(grid && strlen(grid) == 9 * 18);
    expect_cells("clean grid", grid, 0, NULL, 9, classic, SUDOKU_STYLE_GRID);
    free(grid);
    char *nums = format_str(NULL, 9, classic, SUDOKU_STYLE_NUMBERS);
    CHECK(nums && strncmp(nums, "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n", 36) == 0);
    free(nums);
    /* a numbers like prints commas; a line like prints a clean grid */
    sudoku_text_t t;
    sudoku_error_t e;
    CHECK_EQ(parse_str("5,3,0,0,7,0,0,0,0\n", 0, NULL, &t, &e), SUDOKU_ELENGTH); /* one row is no puzzle */
    char *csv = numbers_text(classic, 9, ",", "0", "\n", 0);
    CHECK_EQ(parse_str(csv, 0, NULL, &t, &e), 0);
    char *back = format_str(&t, 9, solution, SUDOKU_STYLE_LINE);
    check_str("line from numbers", back, SOLUTION);
    free(back);
    back = format_str(&t, 9, classic, SUDOKU_STYLE_LINE);
    CHECK(back && back[2] == '0'); /* the blank the input used */
    free(back);
    sudoku_text_release(&t);
    free(csv);
    CHECK_EQ(parse_str(CLASSIC, 0, NULL, &t, &e), 0);
    back = format_str(&t, 9, solution, SUDOKU_STYLE_NUMBERS);
    CHECK(back && strncmp(back, "5 3 4 6 7 8 9 1 2\n", 18) == 0);
    free(back);
    /* a layout of another size is not used */
    uint8_t g4[16];
    pattern_grid(2, 2, g4);
    back = format_str(&t, 4, g4, SUDOKU_STYLE_GRID);
    check_str("other size", back, "1 2 3 4\n3 4 1 2\n2 3 4 1\n4 1 2 3\n");
    free(back);
    sudoku_text_release(&t);

    /* truncation: snprintf-like, never past cap */
    char small[32];
    CHECK_EQ(sudoku_format(NULL, 9, classic, SUDOKU_STYLE_LINE, NULL, 0), 81);
    for (size_t cap = 0; cap < 20; cap++) {
        memset(small, '#', sizeof small);
        CHECK_EQ(sudoku_format(NULL, 9, classic, SUDOKU_STYLE_LINE, small, cap), 81);
        if (cap) {
            CHECK_EQ(strlen(small), cap - 1);
            CHECK(strncmp(small, CLASSIC, cap - 1) == 0);
        }
        for (size_t i = cap; i < sizeof small; i++) CHECK_EQ(small[i], '#');
    }
    char *site = grid_text(classic, 3, 3, G_SITE, "\n", '.');
    CHECK_EQ(parse_str(site, 0, NULL, &t, &e), 0);
    int64_t full = sudoku_format(&t, 9, solution, SUDOKU_STYLE_GRID, NULL, 0);
    CHECK_EQ(full, (int64_t)strlen(site));
    for (size_t cap = 1; cap <= (size_t)full + 1; cap += 7) {
        char *b = malloc(cap + 8);
        memset(b, '#', cap + 8);
        CHECK_EQ(sudoku_format(&t, 9, solution, SUDOKU_STYLE_GRID, b, cap), full);
        CHECK_EQ(strlen(b), cap - 1 < (size_t)full ? cap - 1 : (size_t)full);
        for (size_t i = cap; i < cap + 8; i++) CHECK_EQ(b[i], '#');
        free(b);
    }
    sudoku_text_release(&t);
    free(site);
    /* errors, and the buffer left empty */
    uint8_t bad[81];
    memcpy(bad, classic, 81);
    bad[7] = 10;
    strcpy(buf, "x");
    CHECK_EQ(sudoku_format(NULL, 9, bad, SUDOKU_STYLE_LINE, buf, sizeof buf), SUDOKU_EVALUE);
    CHECK_EQ(buf[0], '\0');
    CHECK_EQ(sudoku_format(NULL, 0, classic, SUDOKU_STYLE_LINE, buf, sizeof buf), SUDOKU_ESIZE);
    CHECK_EQ(sudoku_format(NULL, 65, classic, SUDOKU_STYLE_LINE, buf, sizeof buf), SUDOKU_ESIZE);
    CHECK_EQ(sudoku_format(NULL, 9, NULL, SUDOKU_STYLE_LINE, buf, sizeof buf), DLX_EARG);
    CHECK_EQ(sudoku_format(NULL, 9, classic, (sudoku_style)7, buf, sizeof buf), DLX_EARG);
    CHECK_EQ(sudoku_format(NULL, 9, classic, SUDOKU_STYLE_LINE, NULL, 5), DLX_EARG);
    static uint8_t g64[4096];
    pattern_grid(8, 8, g64);
    CHECK_EQ(sudoku_format(NULL, 64, g64, SUDOKU_STYLE_LINE, NULL, 0), SUDOKU_EALPHABET);
    CHECK(sudoku_format(NULL, 64, g64, SUDOKU_STYLE_NUMBERS, NULL, 0) > 4096);
    /* a hand-made like with a short alphabet falls back to the default one */
    sudoku_text_t hand;
    memset(&hand, 0, sizeof hand);
    strcpy(hand.alphabet, "abc");
    hand.blank = '_';
    CHECK_EQ(sudoku_format(&hand, 4, g4, SUDOKU_STYLE_LINE, buf, sizeof buf), 16);
    check_str("hand-made like", buf, "1234341223414123");
    g4[0] = 0;
    CHECK_EQ(sudoku_format(&hand, 4, g4, SUDOKU_STYLE_LINE, buf, sizeof buf), 16);
    CHECK_EQ(buf[0], '_');
    /* a like whose offsets do not fit its layout is not trusted */
    CHECK_EQ(parse_str("12\n21\n", 0, NULL, &hand, &e), 0);
    uint8_t two[4] = {1, 0, 2, 1};
    hand.cell_at[3] = 1000;
    CHECK_EQ(sudoku_format(&hand, 2, two, SUDOKU_STYLE_GRID, buf, sizeof buf), 8);
    check_str("bad offsets", buf, "1 .\n2 1\n");
    hand.cell_at[3] = 4;
    hand.cell_at[1] = 0; /* not increasing */
    CHECK_EQ(sudoku_format(&hand, 2, two, SUDOKU_STYLE_GRID, buf, sizeof buf), 8);
    hand.cell_at[1] = 1;
    CHECK_EQ(sudoku_format(&hand, 2, two, SUDOKU_STYLE_GRID, buf, sizeof buf), 6);
    check_str("good offsets", buf, "1.\n21\n");
    sudoku_text_release(&hand);
    sudoku_text_release(&hand); /* twice is safe */
    sudoku_text_release(NULL);
}

/* No crash, sane places and progress on any bytes. */
static void read_everything(const char *text, size_t len, const sudoku_text_opts_t *o) {
    size_t off = 0;
    for (int guard = 0; off < len && guard < 100000; guard++) {
        sudoku_text_t t;
        sudoku_error_t e;
        int rc = sudoku_parse(text + off, len - off, o, &t, &e);
        CHECK(t.consumed <= len - off);
        if (rc) {
            CHECK(e.offset >= 0 && (size_t)e.offset <= len - off);
            CHECK(e.line >= 1 && e.column >= 1);
            CHECK(memchr(e.message, '\0', sizeof e.message) != NULL);
        } else if (t.size) {
            for (int32_t i = 0; i < t.size * t.size; i++) CHECK(t.cells[i] <= t.size);
            char *out = format_str(&t, t.size, t.cells, t.style);
            free(out);
        }
        sudoku_text_release(&t);
        if (!t.consumed) break;
        off += t.consumed;
    }
}

static void test_hostile(void) {
    static char junk[4096];
    uint32_t seed = 12345;
    const char alphabet[] = "0123456789.-_|+=#:, \n\r\t\xff\xc3\xe2\x94\x80" "AZaz\0";
    for (int round = 0; round < 3000; round++) {
        size_t len = (size_t)(round * 7919u % sizeof junk);
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1664525u + 1013904223u;
            junk[i] = round % 2 ? (char)(seed >> 24) : alphabet[(seed >> 24) % (sizeof alphabet - 1)];
        }
        sudoku_text_opts_t o = {round % 5 == 0 ? 9 : 0, round % 7 == 0 ? "0123456789ABCDEF" : NULL};
        read_everything(junk, len, &o);
    }
    /* mutated real puzzles: each byte of a grid replaced by odd bytes */
    char *grid = grid_text(classic, 3, 3, G_BOXED, "\r\n", '.');
    size_t glen = strlen(grid);
    const char odd[] = {'\0', '\xff', '\n', ' ', '|', ',', '#', '-', 'A', '0'};
    for (size_t i = 0; i < glen; i++)
        for (size_t k = 0; k < sizeof odd; k++) {
            char *m = malloc(glen);
            memcpy(m, grid, glen);
            m[i] = odd[k];
            read_everything(m, glen, NULL);
            free(m);
        }
    free(grid);
    /* 10 MB lines: linear time, an error with its place */
    size_t big = 10u << 20;
    char *huge = malloc(big + 1);
    const char *fills[] = {"1", "1 ", "\n", "|", ",", "\0", "\xff", "-", "1,"};
    for (size_t k = 0; k < sizeof fills / sizeof *fills; k++) {
        size_t flen = k == 5 ? 1 : strlen(fills[k]);
        for (size_t i = 0; i < big; i++) huge[i] = fills[k][i % flen];
        clock_t t0 = clock();
        sudoku_text_t t;
        sudoku_error_t e;
        int rc = sudoku_parse(huge, big, NULL, &t, &e);
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
        CHECK(s < 20);
        CHECK(rc != 0 || t.size == 0);
        if (rc) CHECK(e.offset >= 0);
        sudoku_text_release(&t);
        printf("  10 MB of \"%s\": %s in %.2f s\n", k == 5 ? "\\0" : k == 6 ? "\\xff" : k == 2 ? "\\n" : fills[k],
               rc ? e.message : "no puzzle", s);
    }
    /* and 10 MB of puzzles, one per line: read through in linear time */
    size_t per = 82, count = big / per;
    for (size_t i = 0; i < count; i++) {
        memcpy(huge + i * per, CLASSIC, 81);
        huge[i * per + 81] = '\n';
    }
    clock_t t0 = clock();
    size_t off = 0, n = 0;
    for (;;) {
        sudoku_text_t t;
        sudoku_error_t e;
        if (sudoku_parse(huge + off, count * per - off, NULL, &t, &e) || !t.size) break;
        off += t.consumed;
        n++;
    }
    CHECK_EQ(n, count);
    printf("  %zu one-line puzzles read in %.2f s\n", n, (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(huge);
}

/* Every small shape (each box rows x box columns, sides 1..8): a generated
 * puzzle and its solution, printed in each style, read back with the side
 * known (what a caller with the box shape passes) and solved: the same grid.
 * One-line 2x2 and 3x3 puzzles (4 and 9 cells) are the shapes that failed. */
static void test_small_shapes_round_trip(void) {
    int shapes = 0;
    for (int br = 1; br <= 8; br++)
        for (int bc = 1; br * bc <= 8; bc++) {
            int n = br * bc, cells = n * n;
            sudoku_shape_t sh = {n, br, bc, 0, NULL, NULL, 0};
            sudoku_error_t err;
            sudoku_t *su = sudoku_new(&sh, &err);
            if (!CHECK(su != NULL)) continue;
            uint8_t puzzle[64], sol[64], again[64];
            sudoku_generate_opts_t o = {(uint64_t)(br * 10 + bc), 0, 0, 0, 0};
            CHECK_EQ(sudoku_generate(su, &o, puzzle, sol, &err), 0);
            for (int style = SUDOKU_STYLE_LINE; style <= SUDOKU_STYLE_NUMBERS; style++) {
                check_context("%dx%d boxes, style %d", br, bc, style);
                char *text = format_str(NULL, n, puzzle, (sudoku_style)style);
                sudoku_text_t t;
                if (!CHECK_EQ(parse_str(text, n, NULL, &t, &err), 0)) {
                    fprintf(stderr, "  %s\n  %s\n", text, err.message);
                    free(text);
                    continue;
                }
                CHECK_EQ(t.size, n);
                CHECK(memcmp(t.cells, puzzle, (size_t)cells) == 0);
                sudoku_result_t res;
                CHECK_EQ(sudoku_solve(su, t.cells, 2, 0, again, &res, &err), 0);
                CHECK_EQ(res.status, SUDOKU_UNIQUE);
                CHECK(memcmp(again, sol, (size_t)cells) == 0);
                sudoku_text_release(&t);
                free(text);
                char *solved = format_str(NULL, n, sol, (sudoku_style)style);
                CHECK_EQ(parse_str(solved, n, NULL, &t, &err), 0);
                CHECK(t.size == n && memcmp(t.cells, sol, (size_t)cells) == 0);
                sudoku_text_release(&t);
                free(solved);
            }
            sudoku_free(su);
            shapes++;
        }
    check_context("");
    printf("  %d small shapes: generated, printed in 3 styles, read back, solved\n", shapes);
}

/* Forms the web page read on its own before: '*' and '?' blanks, and a grid
 * squeezed onto one line (as a browser copies a selection), borders and all. */
static void test_page_forms(void) {
    char line[82], alpha_line[82];
    for (const char *b = "*?"; *b; b++) {
        char label[32];
        snprintf(label, sizeof label, "'%c' blanks", *b);
        strcpy(line, CLASSIC);
        for (int i = 0; i < 81; i++)
            if (line[i] == '.') line[i] = *b;
        sudoku_text_t t;
        if (expect_cells_t(label, line, 0, NULL, 9, classic, SUDOKU_STYLE_LINE, &t)) {
            CHECK_EQ(t.blank, *b);
            sudoku_text_release(&t);
        }
        for (int v = 0; v < G_VARIANTS; v++) { /* in every grid form, kept as typed */
            char *text = grid_text(classic, 3, 3, v, "\n", *b);
            if (expect_cells_t(label, text, 0, NULL, 9, classic, SUDOKU_STYLE_GRID, &t)) {
                char *same = format_str(&t, 9, t.cells, SUDOKU_STYLE_GRID);
                check_str(label, same, text);
                free(same);
                sudoku_text_release(&t);
            }
            free(text);
        }
        /* as numbers, too */
        char zero[2] = {*b, 0};
        char *nums = numbers_text(classic, 9, ", ", zero, "\n", 0);
        expect_cells(label, nums, 0, NULL, 9, classic, SUDOKU_STYLE_NUMBERS);
        round_trip(label, nums, 0, NULL);
        free(nums);
    }
    /* an alphabet that takes '*' keeps it a symbol */
    strcpy(alpha_line, SOLUTION);
    for (int i = 0; i < 81; i++)
        if (alpha_line[i] == '9') alpha_line[i] = '*';
    expect_cells("'*' in an alphabet", alpha_line, 0, "12345678*", 9, solution, SUDOKU_STYLE_LINE);
    /* every grid form with its newlines turned into blanks */
    for (int v = 0; v < G_VARIANTS; v++) {
        char label[64];
        snprintf(label, sizeof label, "squeezed %s", variant_name[v]);
        char *text = grid_text(classic, 3, 3, v, "\n", '.');
        size_t n = strlen(text);
        for (size_t i = 0; i + 1 < n; i++)
            if (text[i] == '\n') text[i] = ' ';
        expect_cells(label, text, 0, NULL, 9, classic, SUDOKU_STYLE_GRID);
        expect_cells(label, text, 9, NULL, 9, classic, SUDOKU_STYLE_GRID);
        free(text);
    }
    /* a 16x16 written 0-F: '0' is a digit when '.' (or '_', '-') marks the empty cells and no G is there */
    char hex[300];
    uint8_t hex_cells[256] = {0};
    for (int k = 0; k < 16; k++) hex[k] = "0123456789ABCDEF"[k], hex_cells[k] = (uint8_t)(k + 1);
    memset(hex + 16, '.', 240);
    hex[256] = '\0';
    sudoku_text_t h;
    if (expect_cells_t("0-F", hex, 0, NULL, 16, hex_cells, SUDOKU_STYLE_LINE, &h)) {
        check_str("0-F alphabet", h.alphabet, "0123456789ABCDEF");
        char *back = format_str(&h, 16, h.cells, SUDOKU_STYLE_LINE);
        check_str("0-F written back", back, hex);
        free(back);
        sudoku_text_release(&h);
    }
    strcat(hex, "\n");
    expect_cells("0-F, size 16", hex, 16, NULL, 16, hex_cells, SUDOKU_STYLE_LINE);
    hex[20] = '_';
    expect_cells("0-F with _", hex, 0, NULL, 16, hex_cells, SUDOKU_STYLE_LINE);
    /* else '0' stays an empty cell: with a G, with only '0' blanks, with an alphabet */
    uint8_t zero_blank[256] = {0};
    for (int k = 1; k < 16; k++) zero_blank[k] = (uint8_t)k;
    hex[20] = '.';
    hex[17] = 'G', zero_blank[17] = 16;
    expect_cells("0 blank with a G", hex, 0, NULL, 16, zero_blank, SUDOKU_STYLE_LINE);
    hex[17] = '.', zero_blank[17] = 0;
    for (int k = 16; k < 256; k++) hex[k] = '0';
    expect_cells("only 0 blanks", hex, 0, NULL, 16, zero_blank, SUDOKU_STYLE_LINE);
    hex[16] = '.';
    expect_cells("0 blank with an alphabet", hex, 0, "123456789ABCDEFG", 16, zero_blank, SUDOKU_STYLE_LINE);
    /* lowercase letters up to 35x35 stand for capitals; from 36x36 on they are digits 36.. */
    char lower[300];
    uint8_t lower_cells[256] = {0};
    for (int k = 0; k < 16; k++) lower[k] = "123456789abcdefg"[k], lower_cells[k] = (uint8_t)(k + 1);
    memset(lower + 16, '.', 240);
    lower[256] = '\0';
    expect_cells("lowercase 16x16", lower, 0, NULL, 16, lower_cells, SUDOKU_STYLE_LINE);
    expect_cells("lowercase 16x16, size 16", lower, 16, NULL, 16, lower_cells, SUDOKU_STYLE_LINE);
    lower[3] = 'z';
    EXPECT_ERROR("z in a 16x16", lower, 0, NULL, SUDOKU_ESYMBOL, 1, 4, 3, 1, 4, "symbol 'z' (61)");
    EXPECT_ERROR("lowercase with an alphabet", "abcd............", 4, "ABCD", SUDOKU_ESYMBOL, 1, 1, 0, -1, -1,
                 "unknown symbol 'a'");
    /* CSV rows that each end with a comma: N rows of N cells, not N + 1 */
    char *csv = numbers_text(classic, 9, ",", "", ",\n", 0);
    expect_cells("CSV rows ending with ','", csv, 0, NULL, 9, classic, SUDOKU_STYLE_NUMBERS);
    round_trip("CSV rows ending with ','", csv, 0, NULL);
    free(csv);
    uint8_t last_empty[16] = {1, 2, 3, 0, 3, 4, 1, 0, 2, 1, 4, 0, 4, 3, 2, 0}; /* an empty last column stays */
    expect_cells("CSV, last column empty", "1,2,3,\n3,4,1,\n2,1,4,\n4,3,2,\n", 0, NULL, 4, last_empty,
                 SUDOKU_STYLE_NUMBERS);
    /* '-' runs are still empty cells, not borders; '+' among cells is still an error */
    expect_cells("dash cells", "1 -- 4\n-- 1 -\n-1-- \n4 -- 1\n", 0, NULL, 4,
                 (const uint8_t[]){1, 0, 0, 4, 0, 0, 1, 0, 0, 1, 0, 0, 4, 0, 0, 1}, SUDOKU_STYLE_GRID);
    EXPECT_ERROR("+ in a run", "1 2+ 3 4\n", 0, NULL, SUDOKU_ESYMBOL, 1, 4, 3, -1, -1, "unknown symbol '+'");
}

int main(void) {
    check_cpu_limit("test_sudoku_text", 60); /* a hang guard in CPU time (check.h) */
    test_reference();
    test_small_shapes_round_trip();
    test_lines();
    test_grids();
    test_numbers();
    test_sizes();
    test_many();
    test_errors();
    test_resume();
    test_resume_at_puzzle();
    test_format();
    test_hostile();
    test_page_forms();
    return check_report("sudoku_text");
}
