/* sudoku_print.c: print a Sudoku grid as text (sudoku_format): in the layout
 * of a puzzle read before (its borders and spacing kept), or clean rows, a
 * line, or numbers. */
#include "sudoku_text.h"

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
    look lk = {sudoku_default_symbols, DEFAULT_COUNT, '.', ' '};
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
