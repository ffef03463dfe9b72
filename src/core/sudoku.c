/* sudoku.c: Sudoku as exact cover. Items: one per cell, then one per
 * (region, digit) for every row, column, box (or jigsaw piece) and extra
 * region. Option cell*N + digit-1 covers its cell and its digit in each region
 * holding the cell. Givens are forced options, so one matrix serves the
 * generator's clue stack and the steps API; a solve on the links builds a
 * matrix of the puzzle's blanks alone (sudoku_blanks.c). Solving:
 * sudoku_solve.c (the solver search_choice.c picks) and sudoku_steps.c (on
 * the links).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_internal.h"
#include "format.h"
#include "dlx_internal.h" /* dlx_add_sound_option */

const char *sudoku_strerror(int code) {
    switch (code) {
    case SUDOKU_ESIZE: return "the side must be 1..64 and equal box rows x box columns";
    case SUDOKU_EREGION: return "a region must be N distinct cells of the grid";
    case SUDOKU_EVALUE: return "a grid value is larger than the side";
    case SUDOKU_ECLASH: return "two givens clash";
    case SUDOKU_ELENGTH: return "the number of cells fits no Sudoku side";
    case SUDOKU_ESYMBOL: return "a symbol that is not a digit of this Sudoku";
    case SUDOKU_EALPHABET: return "the alphabet repeats a symbol or is too short";
    case SUDOKU_ESTOPPED: return "the node budget ran out before the puzzle was done";
    case SUDOKU_EBOX: return "a box is ROWSxCOLUMNS of one box (such as 3x3) or its rows";
    case SUDOKU_EUNSOLVABLE: return "the givens leave no solution";
    case SUDOKU_EAMBIGUOUS: return "the puzzle has more than one solution";
    case SUDOKU_ENOTFOUND: return "no puzzle of that difficulty within the attempts";
    default: return dlx_strerror(code);
    }
}

int sudoku_fail_at(sudoku_error_t *err, int code, const char *fmt, va_list ap) {
    if (err) {
        err->code = code;
        fmt_vsnprintf(err->message, sizeof err->message, fmt, ap);
    }
    return code;
}

int sudoku_fail(sudoku_error_t *err, int code, const char *fmt, ...) {
    if (err) memset(err, 0, sizeof *err);
    va_list ap;
    va_start(ap, fmt);
    sudoku_fail_at(err, code, fmt, ap);
    va_end(ap);
    return code;
}

int sudoku_default_box(int32_t size, int32_t *box_rows, int32_t *box_cols) {
    static const uint8_t rows[SUDOKU_MAX_SIZE + 1] = SUDOKU_DEFAULT_BOX_ROWS;
    if (size < 1 || size > SUDOKU_MAX_SIZE) return SUDOKU_ESIZE;
    if (box_rows) *box_rows = rows[size];
    if (box_cols) *box_cols = size / rows[size];
    return 0;
}

/* ---- a box as text (sudoku.h: the one spelling) --------------------------- */

static int box_blank(char c) { return c == ' ' || c == '\t'; }

/* A decimal number at text[*at..len), 999 for any above (out of range
 * anyway, and no overflow); -1 when no digit is there. */
static int32_t box_number(const char *text, size_t len, size_t *at) {
    int32_t v = -1;
    for (; *at < len && text[*at] >= '0' && text[*at] <= '9'; (*at)++) {
        v = (v < 0 ? 0 : v) * 10 + (text[*at] - '0');
        if (v > 999) v = 999;
    }
    return v;
}

/* The sign between rows and columns: x, X, * or U+00D7 in UTF-8; its length or 0. */
static size_t box_sign(const char *text, size_t len, size_t at) {
    if (at < len && (text[at] == 'x' || text[at] == 'X' || text[at] == '*')) return 1;
    if (at + 1 < len && (unsigned char)text[at] == 0xC3 && (unsigned char)text[at + 1] == 0x97) return 2;
    return 0;
}

int sudoku_parse_box(const char *text, size_t len, int32_t *box_rows, int32_t *box_cols,
                     sudoku_error_t *err) {
    if (err) memset(err, 0, sizeof *err);
    if (!text) len = 0;
    int shown = len > 40 ? 40 : (int)len; /* how much of the text a message quotes */
    if (len > SUDOKU_BOX_TEXT_MAX)
        return sudoku_fail(err, SUDOKU_EBOX, "box \"%.*s...\" is no box: over %d bytes", shown, text,
                           SUDOKU_BOX_TEXT_MAX);
    size_t at = 0, sign = 0;
    while (at < len && box_blank(text[at])) at++;
    int32_t r = box_number(text, len, &at), c = 0;
    while (at < len && box_blank(text[at])) at++;
    if (r >= 0 && (sign = box_sign(text, len, at))) {
        at += sign;
        while (at < len && box_blank(text[at])) at++;
        c = box_number(text, len, &at);
        while (at < len && box_blank(text[at])) at++;
    }
    if (r < 0 || (sign && c < 0) || at < len)
        return sudoku_fail(err, SUDOKU_EBOX,
                           "box \"%.*s%s\" is not ROWSxCOLUMNS of one box (such as 3x3 or 2x3) "
                           "or the rows of a box (such as 3)",
                           shown, text ? text : "", len > 40 ? "..." : "");
    if (r < 1 || r > SUDOKU_MAX_SIZE || (sign && (c < 1 || c > SUDOKU_MAX_SIZE || r * c > SUDOKU_MAX_SIZE)))
        return sudoku_fail(err, SUDOKU_ESIZE,
                           "box \"%.*s%s\": rows and columns of a box are 1..%d and make a side "
                           "of at most %d",
                           shown, text, len > 40 ? "..." : "", SUDOKU_MAX_SIZE, SUDOKU_MAX_SIZE);
    if (box_rows) *box_rows = r;
    if (box_cols) *box_cols = c;
    return 0;
}

int sudoku_box_of(int32_t n, int32_t *box_rows, int32_t *box_cols, sudoku_error_t *err) {
    if (n < 1 || n > SUDOKU_MAX_SIZE)
        return sudoku_fail(err, SUDOKU_ESIZE, "side %d is not in 1..%d", n, SUDOKU_MAX_SIZE);
    int32_t br = *box_rows, bc = *box_cols;
    if (!br && !bc) sudoku_default_box(n, &br, &bc);
    if (br > 0 && !bc && n % br == 0) bc = n / br; /* one side given: the other from N */
    if (bc > 0 && !br && n % bc == 0) br = n / bc;
    if ((br > 0 && !bc) || (bc > 0 && !br)) /* the one side given does not divide n */
        return sudoku_fail(err, SUDOKU_ESIZE, "boxes of %d %s do not tile a side of %d", br + bc,
                           br ? "rows" : "columns", n);
    if (br < 1 || bc < 1 || (int64_t)br * bc != n)
        return sudoku_fail(err, SUDOKU_ESIZE, "boxes of %d x %d cells do not tile a side of %d", br, bc, n);
    *box_rows = br, *box_cols = bc;
    return 0;
}

/* ---- building the shape ------------------------------------------------------ */

/* Regions as lists of N cells: rows, columns, boxes or jigsaw pieces, extras. */
typedef struct {
    int32_t count, cap;
    int32_t *cells; /* count * n */
} region_set;

static int add_region(region_set *rs, int32_t n, const int32_t *cells) {
    if (rs->count == rs->cap) {
        int32_t cap = rs->cap ? rs->cap * 2 : 4 * n;
        int32_t *c = realloc(rs->cells, (size_t)cap * (size_t)n * sizeof *c);
        if (!c) return DLX_ENOMEM;
        rs->cells = c, rs->cap = cap;
    }
    memcpy(rs->cells + (size_t)rs->count * (size_t)n, cells, (size_t)n * sizeof *cells);
    rs->count++;
    return 0;
}

/* A block of br x bc cells with its top-left corner at (r0, c0). */
static void block(int32_t n, int32_t r0, int32_t c0, int32_t br, int32_t bc, int32_t *cells) {
    for (int32_t k = 0; k < br * bc; k++) cells[k] = (r0 + k / bc) * n + c0 + k % bc;
}

static int check_region(const int32_t *regions, int32_t n, int32_t index, sudoku_error_t *err) {
    const int32_t *cells = regions + (size_t)index * (size_t)n;
    uint8_t seen[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE] = {0};
    for (int32_t k = 0; k < n; k++) {
        int32_t c = cells[k];
        if (c < 0 || c >= n * n)
            return sudoku_fail(err, SUDOKU_EREGION,
                               "extra region %d: cell index %d is outside the %dx%d grid",
                               index + 1, c, n, n);
        if (seen[c]++)
            return sudoku_fail(err, SUDOKU_EREGION,
                               "extra region %d holds row %d, column %d twice", index + 1,
                               c / n + 1, c % n + 1);
    }
    /* The cells of an earlier extra region again: a slip in the list (a
     * repeat adds no constraint), so it is refused rather than ignored. */
    for (const int32_t *r = regions; r < cells; r += n) {
        int32_t k = 0;
        while (k < n && seen[r[k]]) k++;
        if (k == n)
            return sudoku_fail(err, SUDOKU_EREGION, "extra regions %d and %d hold the same cells",
                               (int32_t)(r - regions) / n + 1, index + 1);
    }
    return 0;
}

/* The jigsaw map: N pieces of N cells each, numbered 0..N-1. */
static int jigsaw_regions(const int32_t *map, int32_t n, region_set *rs, sudoku_error_t *err) {
    int32_t fill[SUDOKU_MAX_SIZE] = {0}, cells[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    for (int32_t c = 0; c < n * n; c++) {
        int32_t p = map[c];
        if (p < 0 || p >= n)
            return sudoku_fail(err, SUDOKU_EREGION,
                               "jigsaw map: row %d, column %d names piece %d; pieces are 0..%d",
                               c / n + 1, c % n + 1, p, n - 1);
        if (fill[p] == n)
            return sudoku_fail(err, SUDOKU_EREGION,
                               "jigsaw map: piece %d has more than %d cells (row %d, column %d)",
                               p, n, c / n + 1, c % n + 1);
        cells[p * n + fill[p]++] = c;
    }
    for (int32_t p = 0; p < n; p++) {
        if (fill[p] != n)
            return sudoku_fail(err, SUDOKU_EREGION, "jigsaw map: piece %d has %d cells, not %d",
                               p, fill[p], n);
        int rc = add_region(rs, n, cells + p * n);
        if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    }
    return 0;
}

static int collect_regions(const sudoku_shape_t *sh, int32_t n, int32_t br, int32_t bc,
                           region_set *rs, sudoku_error_t *err) {
    int32_t cells[SUDOKU_MAX_SIZE];
    int rc = 0;
    for (int32_t r = 0; r < n && !rc; r++) rc = add_region(rs, n, (block(n, r, 0, 1, n, cells), cells));
    for (int32_t c = 0; c < n && !rc; c++) rc = add_region(rs, n, (block(n, 0, c, n, 1, cells), cells));
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    if (sh->jigsaw) {
        rc = jigsaw_regions(sh->jigsaw, n, rs, err);
        if (rc) return rc;
    } else {
        /* br boxes side by side in each band of br rows */
        for (int32_t b = 0; b < n && !rc; b++)
            rc = add_region(rs, n, (block(n, b / br * br, b % br * bc, br, bc, cells), cells));
    }
    if (!rc && (sh->variants & SUDOKU_X)) {
        for (int32_t k = 0; k < n; k++) cells[k] = k * n + k;
        rc = add_region(rs, n, cells);
        for (int32_t k = 0; k < n && !rc; k++) cells[k] = k * n + (n - 1 - k);
        if (!rc) rc = add_region(rs, n, cells);
    }
    if (!rc && (sh->variants & SUDOKU_WINDOKU)) /* boxes one cell in from each box corner */
        for (int32_t r0 = 1; r0 + br <= n && !rc; r0 += br + 1)
            for (int32_t c0 = 1; c0 + bc <= n && !rc; c0 += bc + 1)
                rc = add_region(rs, n, (block(n, r0, c0, br, bc, cells), cells));
    for (int32_t k = 0; k < sh->n_regions && !rc; k++) {
        rc = check_region(sh->regions, n, k, err);
        if (rc) return rc;
        rc = add_region(rs, n, sh->regions + (size_t)k * (size_t)n);
    }
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    return 0;
}

/* Per cell, the regions holding it (CSR), from the region lists. */
static int index_regions(sudoku_t *s, const region_set *rs) {
    int32_t n = s->n, cells = n * n;
    s->region_first = calloc((size_t)cells + 1, sizeof *s->region_first);
    s->region_list = malloc((size_t)rs->count * (size_t)n * sizeof *s->region_list);
    if (!s->region_first || !s->region_list) return DLX_ENOMEM;
    for (int32_t k = 0; k < rs->count * n; k++) s->region_first[rs->cells[k] + 1]++;
    for (int32_t c = 0; c < cells; c++) s->region_first[c + 1] += s->region_first[c];
    int32_t *fill = calloc((size_t)cells, sizeof *fill);
    if (!fill) return DLX_ENOMEM;
    for (int32_t g = 0; g < rs->count; g++)
        for (int32_t k = 0; k < n; k++) {
            int32_t c = rs->cells[g * n + k];
            s->region_list[s->region_first[c] + fill[c]++] = g;
        }
    free(fill);
    s->n_regions = rs->count;
    return 0;
}

/* The options of a cell and digit: the cell and that digit in each region
 * holding the cell (its row, column and box, at most 2 diagonals, 1 windoku
 * box and every extra region). Returns how many items. */
static int32_t option_items(const sudoku_t *s, int32_t c, int32_t d, int32_t *option) {
    int32_t k = 0, cells = s->n * s->n;
    option[k++] = c;
    for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++)
        option[k++] = cells + s->region_list[j] * s->n + d;
    return k;
}

/* The bit-mask engine for sides up to MASKS_MAX_SIZE, from the options in
 * CSR form; s->masks stays NULL when short of memory (the linked engine
 * solves instead). */
static void build_masks(sudoku_t *s) {
    int32_t n = s->n, cells = n * n, n_options = cells * n, at = 0;
    size_t nodes = (size_t)n_options + (size_t)n * (size_t)s->region_first[cells];
    int32_t *first = malloc(((size_t)n_options + 1) * sizeof *first);
    int32_t *items = malloc(nodes * sizeof *items);
    if (first && items) {
        for (int32_t o = 0; o < n_options; o++) {
            first[o] = at;
            at += option_items(s, o / n, o % n, items + at);
        }
        first[n_options] = at;
        s->masks = xc_array_new(cells + s->n_regions * n, n_options, first, items);
    }
    free(first);
    free(items);
}

/* The linked engine's full matrix, built when first needed: by the
 * generator and the steps API (sudoku_blanks.c says why), never by a
 * solve (a puzzle's matrix of blanks), so one process, one puzzle does not
 * pay for it. */
int sudoku_linked(sudoku_t *s) {
    if (s->dlx) return 0;
    int32_t n = s->n, cells = n * n;
    dlx_t *d = dlx_new(cells + s->n_regions * n, 0);
    int rc = d ? dlx_reserve(d, cells * n, (int64_t)cells * n * (1 + s->region_first[cells] / cells + 1))
               : DLX_ENOMEM;
    int32_t option[1 + 6 + SUDOKU_MAX_REGIONS];
    for (int32_t o = 0; o < cells * n && !rc; o++) {
        int32_t opt = dlx_add_sound_option(d, option, NULL, option_items(s, o / n, o % n, option));
        if (opt < 0) rc = opt;
    }
    if (rc) {
        dlx_free(d);
        return rc;
    }
    s->dlx = d;
    return 0;
}

static int build_matrix(sudoku_t *s) {
    s->options = malloc((size_t)s->n * (size_t)s->n * sizeof *s->options);
    if (!s->options) return DLX_ENOMEM;
    if (sudoku_gets_masks(s)) build_masks(s);
    return 0; /* the linked matrix: when first needed (sudoku_linked) */
}

sudoku_t *sudoku_new(const sudoku_shape_t *sh, sudoku_error_t *err) {
    if (err) memset(err, 0, sizeof *err);
    if (!sh) {
        sudoku_fail(err, DLX_EARG, "no shape given");
        return NULL;
    }
    int32_t n = sh->size, br = sh->box_rows, bc = sh->box_cols;
    /* (int64_t: boxes of absurd sizes must not overflow on the way to the error) */
    int64_t box = (int64_t)br * bc;
    if (!n) n = box >= 1 && box <= SUDOKU_MAX_SIZE ? (int32_t)box : -1;
    if (n < 1 || n > SUDOKU_MAX_SIZE) {
        sudoku_fail(err, SUDOKU_ESIZE, "side %d is not in 1..%d", n, SUDOKU_MAX_SIZE);
        return NULL;
    }
    if (sudoku_box_of(n, &br, &bc, err)) return NULL;
    if (sh->n_regions < 0 || (sh->n_regions > 0 && !sh->regions) ||
        sh->n_regions > SUDOKU_MAX_REGIONS) {
        sudoku_fail(err, SUDOKU_EREGION, "%d extra regions: give 0..%d of them", sh->n_regions,
                    SUDOKU_MAX_REGIONS);
        return NULL;
    }
    sudoku_t *s = calloc(1, sizeof *s);
    if (s) s->restarts = 1, s->learn_after = SUDOKU_LEARN_AFTER; /* on unless turned off */
    region_set rs = {0};
    int rc = s ? 0 : DLX_ENOMEM;
    if (!rc) {
        s->n = n, s->box_rows = br, s->box_cols = bc, s->jigsaw = sh->jigsaw != NULL;
        s->variants = sh->variants, s->extra = sh->n_regions;
        rc = collect_regions(sh, n, br, bc, &rs, err);
        if (rc) {
            free(rs.cells);
            sudoku_free(s);
            return NULL;
        }
        rc = index_regions(s, &rs);
    }
    free(rs.cells);
    if (!rc && sudoku_gets_nine(s) && !(s->nine = sudoku9_new()))
        rc = DLX_ENOMEM;
    if (!rc) rc = build_matrix(s);
    if (rc) {
        sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
        sudoku_free(s);
        return NULL;
    }
    return s;
}

void sudoku_free(sudoku_t *s) {
    if (!s) return;
    dlx_free(s->dlx);
    xc_array_free(s->masks);
    sudoku9_free(s->nine);
    free(s->region_first);
    free(s->region_list);
    free(s->options);
    free(s);
}

int32_t sudoku_size(const sudoku_t *s) { return s ? s->n : DLX_EARG; }

void sudoku_box(const sudoku_t *s, int32_t *box_rows, int32_t *box_cols) {
    if (!s) return;
    if (box_rows) *box_rows = s->box_rows;
    if (box_cols) *box_cols = s->box_cols;
}

/* ---- solving -------------------------------------------------------------------- */

static const char *region_kind(const sudoku_t *s, int32_t region) {
    int32_t n = s->n;
    if (region < n) return "row";
    if (region < 2 * n) return "column";
    if (region < 3 * n) return s->jigsaw ? "jigsaw piece" : "box";
    return "region";
}

/* Whether a byte of grid[0..n2) is past n (at most SUDOKU_MAX_SIZE, under
 * 128): eight at a time, a byte b < 128 carrying into its top bit when
 * b + 127 - n > 127 (no carry crosses a byte), one at or past 128 having
 * it already. A byte at a time was 8-12% of a WebAssembly batch of
 * clashing puzzles (docs/notes/SUDOKU9.md, session 43). */
static int any_past(const uint8_t *grid, int32_t n2, int32_t n) {
    const uint64_t top = 0x8080808080808080u, add = 0x0101010101010101u * (uint64_t)(127 - n);
    uint64_t acc = 0;
    int32_t c = 0;
    for (; c + 8 <= n2; c += 8) {
        uint64_t w;
        memcpy(&w, grid + c, 8);
        acc |= ((w & ~top) + add) | w;
    }
    acc &= top;
    for (; c < n2; c++) acc |= grid[c] > n;
    return acc != 0;
}

int sudoku_check_values(const sudoku_t *s, const uint8_t *grid, sudoku_error_t *err) {
    int32_t n = s->n;
    if (!any_past(grid, n * n, n)) return 0;
    for (int32_t c = 0; c < n * n; c++)
        if (grid[c] > n) {
            int rc = sudoku_fail(err, SUDOKU_EVALUE, "row %d, column %d holds %d; digits are 1..%d",
                                 c / n + 1, c % n + 1, grid[c], n);
            if (err) err->row = c / n + 1, err->col = c % n + 1, err->value = grid[c];
            return rc;
        }
    return 0;
}

/* The error of the given at cell c clashing with the one at c2 in region g. */
static int clash_error(const sudoku_t *s, const uint8_t *grid, int32_t c, int32_t c2, int32_t g, sudoku_error_t *err) {
    int32_t n = s->n;
    int rc = sudoku_fail(err, SUDOKU_ECLASH,
                         "the %d at row %d, column %d clashes with the %d at row %d, column %d "
                         "(same %s)",
                         grid[c], c / n + 1, c % n + 1, grid[c2], c2 / n + 1, c2 % n + 1, region_kind(s, g));
    if (err) {
        err->row = c / n + 1, err->col = c % n + 1;
        err->row2 = c2 / n + 1, err->col2 = c2 % n + 1;
        err->value = grid[c];
    }
    return rc;
}

/* The clash the links would name (sudoku_force_givens: the first given, in
 * cell order, whose digit an earlier given already holds in one of its
 * regions, the first such region in its option's order), by a scan of the
 * givens instead of forcing them: a clashing 9x9 took 6 us on the links,
 * 35x tdoku's whole answer. 1 with at[] = {that given's cell, the earlier
 * one's, the region}, 0 if no given clashes; DLX_ENOMEM. */
int sudoku_find_clash(const sudoku_t *s, const uint8_t *grid, int32_t at[3]) {
    int32_t n = s->n, cells = n * n, w = n + 1;
    /* region x (0, digit): its given's cell + 1; 0 is a sink for empty cells,
     * so no branch per cell (taken at random, they and a calloc were most
     * of a 9x9 clash's 790 ns) */
    size_t slots = (size_t)s->n_regions * (size_t)w;
    int32_t near[1024];
    int32_t *first = slots <= 1024 ? near : calloc(slots, sizeof *first);
    if (!first) return DLX_ENOMEM;
    if (first == near) memset(near, 0, slots * sizeof *near);
    int found = 0;
    for (int32_t c = 0; c < cells && !found; c++) {
        int32_t v = grid[c] <= n ? grid[c] : 0;
        for (int32_t j = s->region_first[c]; j < s->region_first[c + 1] && !found; j++) {
            int32_t g = s->region_list[j], other = first[g * w + v];
            if ((other != 0) & (v != 0)) at[0] = c, at[1] = other - 1, at[2] = g, found = 1;
        }
        for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++) first[s->region_list[j] * w + v] = c + 1;
    }
    if (first != near) free(first);
    return found;
}

int sudoku_name_clash(const sudoku_t *s, const uint8_t *grid, sudoku_error_t *err) {
    int32_t at[3];
    int rc = sudoku_find_clash(s, grid, at);
    if (rc < 0) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    return rc ? clash_error(s, grid, at[0], at[1], at[2], err) : 0;
}

int sudoku_force_givens(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err) {
    int32_t n = s->n, cells = n * n;
    int rc = sudoku_linked(s);
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    dlx_unforce_all(s->dlx);
    dlx_restart(s->dlx); /* a puzzle without givens must not continue the last search */
    rc = sudoku_check_values(s, grid, err);
    if (rc) return rc;
    for (int32_t c = 0; c < cells; c++) {
        if (!grid[c]) continue;
        if (dlx_force(s->dlx, sudoku_option(s, c, grid[c])) == DLX_OK) continue;
        int32_t other, item;
        dlx_conflict(s->dlx, &other, &item);
        dlx_unforce_all(s->dlx);
        return clash_error(s, grid, c, other / n, (item - cells) / n, err);
    }
    return 0;
}

void sudoku_set_restarts(sudoku_t *s, int on) {
    if (s) s->restarts = on != 0;
}
