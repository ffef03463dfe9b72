/* test_hostile.c: hostile inputs for every C entry point, each with the error
 * code it must get (the catalogue in tests/hostile-inputs.md lists the same
 * cases: this test checks that every case below has its row there).
 *
 * A case passes when the call returns that code (never a crash: the test runs
 * under ASan and UBSan), and when the handle it was given still solves a
 * normal problem afterwards. Speed is the job of the test's time limit, not of
 * an assertion here. Huge inputs (10 MB lines, a million options) are built
 * at run time.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx_text.h"
#include "sudoku.h"

#define MB (1024 * 1024)
#define CLASSIC "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

/* ---- the catalogue: every case names its row in tests/hostile-inputs.md -------- */

static const char *catalogue;

static int print_rows; /* HOSTILE_ROWS=1: print the catalogue rows (for tests/hostile-catalogue.mjs) */

static void check_catalogued(const char *entry, const char *name, const char *code) {
    char row[400];
    snprintf(row, sizeof row, "| %s | %s | `%s` |", entry, name, code);
    if (print_rows) printf("%s\n", row);
    if (catalogue && !strstr(catalogue, row)) {
        fprintf(stderr, "tests/hostile-inputs.md lacks the row: %s\n", row);
        CHECK(0);
    }
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

/* ---- generated huge texts ------------------------------------------------------ */

/* n copies of a piece after a head (a malloc'ed text; *len gets its length). */
static char *repeat(const char *head, const char *piece, size_t n, const char *tail, size_t *len) {
    size_t h = strlen(head), p = strlen(piece), t = strlen(tail);
    char *s = malloc(h + p * n + t + 1);
    memcpy(s, head, h);
    for (size_t k = 0; k < n; k++) memcpy(s + h + k * p, piece, p);
    memcpy(s + h + p * n, tail, t + 1);
    *len = h + p * n + t;
    return s;
}

/* ---- DLX text (dlx_text_parse) ----------------------------------------------------- */

typedef struct {
    const char *name;
    const char *text;
    size_t len;        /* 0: strlen(text) */
    int code;          /* DLX_OK: it parses */
    const char *code_name;
} text_case;

#define T(name, text, code) {name, text, sizeof(text) - 1, code, #code}

static const text_case TEXT_CASES[] = {
    T("empty text", "", DLX_ENOITEMS),
    T("only comments and blanks", "| c\n\n  \t\n| d\n", DLX_ENOITEMS),
    T("NUL byte in the item line", "a\0b\na\n", DLX_ECHAR),
    T("NUL byte in an option", "a b\na\0b\n", DLX_ECHAR),
    T("control byte", "a b\na \x1b b\n", DLX_ECHAR),
    T("DEL byte", "a \x7f\n", DLX_ECHAR),
    T("unknown item", "a b\na c\n", DLX_EUNKNOWN),
    T("duplicate item name", "a b a\n", DLX_EDUPNAME),
    T("same item twice in an option", "a b\na a\n", DLX_EDUPITEM),
    T("color on a primary item", "a | x\na:red\n", DLX_ECOLOR),
    T("empty color", "a | x\na x:\n", DLX_ESYNTAX),
    T("empty name before a color", "a | x\na :red\n", DLX_ESYNTAX),
    T("second bar on the item line", "a | b | c\n", DLX_ESYNTAX),
    T("colon in an item name", "a:b c\n", DLX_ECHAR),
    T("no primary item", "| comment\n | x\n", DLX_ENOITEMS),
    T("option of secondary items only", "a | x\nx\n", DLX_ENOPRIMARY),
    T("invalid UTF-8 names (bytes are names)", "\xff\xfe \xc3 | \x80\n\xff\xfe \xc3 \x80:\xc0\n", DLX_OK),
    T("CRLF line ends", "a b\r\na b\r\n", DLX_OK),
    T("CR-only line ends", "a b\ra\rb\r", DLX_OK),
    T("a UTF-8 BOM before the item line", "\xef\xbb\xbf" "a b\na b\n", DLX_OK),
};

typedef struct {
    const char *name;
    int code;
    const char *code_name;
    char *(*make)(size_t *len);
} huge_text_case;

static char *ten_mb_name(size_t *len) { return repeat("a ", "x", 10 * MB, "\na\n", len); }
static char *ten_mb_bad_line(size_t *len) { return repeat("a b\na ", "b ", 5 * MB, "\n", len); }
/* 1000 items of 1000 options each: a search node stays cheap (a node on an
 * item of half a million options would cost half a million updates). */
static char *million_options(size_t *len) {
    char *s = malloc(8 * MB), *at = s;
    for (int i = 0; i < 1000; i++) at += sprintf(at, "i%d ", i);
    at[-1] = '\n';
    for (int k = 0; k < MB; k++) at += sprintf(at, "i%d\n", k % 1000);
    *len = (size_t)(at - s);
    return s;
}
static char *ten_mb_comment(size_t *len) { return repeat("|", "-", 10 * MB, "\na\na\n", len); }
/* One option naming 300,000 items (the reader once searched the option so
 * far for each item it read: 30 s natively). With `repeat_last` it names
 * its last item twice, found as the line ends. */
static char *long_option(size_t *len, int repeat_last) {
    enum { N = 300000 };
    char *s = malloc(16 * (size_t)N + 32), *at = s;
    for (int line = 0; line < 2; line++) {
        for (int i = 0; i < N; i++) at += sprintf(at, "i%d ", i);
        if (line == 1 && repeat_last) at += sprintf(at, "i%d ", N - 1);
        at[-1] = '\n';
    }
    *len = (size_t)(at - s);
    return s;
}
static char *long_option_ok(size_t *len) { return long_option(len, 0); }
static char *long_option_repeat(size_t *len) { return long_option(len, 1); }

static const huge_text_case HUGE_TEXT_CASES[] = {
    {"10 MB item name", DLX_OK, "DLX_OK", ten_mb_name},
    {"10 MB option line naming an item 5 million times", DLX_EDUPITEM, "DLX_EDUPITEM", ten_mb_bad_line},
    {"a million options", DLX_OK, "DLX_OK", million_options},
    {"10 MB comment line", DLX_OK, "DLX_OK", ten_mb_comment},
    {"one option of 300,000 items", DLX_OK, "DLX_OK", long_option_ok},
    {"one option of 300,000 items, its last named twice", DLX_EDUPITEM, "DLX_EDUPITEM", long_option_repeat},
};

static void check_text_case(const char *name, const char *code_name, const char *text, size_t len,
                            int code) {
    check_context("DLX text: %s", name);
    check_catalogued("C dlx_text_parse", name, code_name);
    dlx_text_error_t err;
    dlx_text_t *t = dlx_text_parse(text, len, &err);
    CHECK_EQ(t ? DLX_OK : err.code, code);
    if (!t) {
        CHECK(err.message[0] != '\0');
        CHECK(err.line >= 0 && err.column >= 0);
        return;
    }
    uint64_t count = 0;
    int rc = dlx_count(dlx_text_engine(t), 0, 10000, &count);
    CHECK(rc == DLX_DONE || rc == DLX_BUDGET);
    dlx_text_free(t);
}

static void test_dlx_text(void) {
    for (size_t k = 0; k < sizeof TEXT_CASES / sizeof *TEXT_CASES; k++) {
        const text_case *c = &TEXT_CASES[k];
        check_text_case(c->name, c->code_name, c->text, c->len, c->code);
    }
    for (size_t k = 0; k < sizeof HUGE_TEXT_CASES / sizeof *HUGE_TEXT_CASES; k++) {
        const huge_text_case *c = &HUGE_TEXT_CASES[k];
        size_t len;
        char *text = c->make(&len);
        check_text_case(c->name, c->code_name, text, len, c->code);
        free(text);
    }
    check_context("DLX text: NULL text with a length");
    check_catalogued("C dlx_text_parse", "NULL text with a length", "DLX_EARG");
    dlx_text_error_t err;
    CHECK(dlx_text_parse(NULL, 5, &err) == NULL);
    CHECK_EQ(err.code, DLX_EARG);
    check_context("");
}

/* ---- the engine (dlx.h) --------------------------------------------------------------- */

/* A normal problem on the handle: 2 primary items a b, options {a b}, {a}, {b}
 * added by the case's setup; after any hostile call the count must be 2. */
static void check_still_counts(dlx_t *d) {
    dlx_unforce_all(d);
    uint64_t n = 0;
    CHECK_EQ(dlx_count(d, 0, 0, &n), DLX_DONE);
    CHECK_EQ(n, 2);
}

typedef struct {
    const char *name;
    int code;
    const char *code_name;
    int (*call)(dlx_t *d);
} engine_case;

static const int32_t A_B[] = {0, 1}, X_ONLY[] = {2}, A_X[] = {0, 2};

static int add_negative_length(dlx_t *d) { return dlx_add_option(d, A_B, NULL, -1); }
static int add_null_items(dlx_t *d) { return dlx_add_option(d, NULL, NULL, 2); }
static int add_empty(dlx_t *d) { return dlx_add_option(d, A_B, NULL, 0); }
static int add_unknown_item(dlx_t *d) { return dlx_add_option(d, (int32_t[]){0, 3}, NULL, 2); }
static int add_negative_item(dlx_t *d) { return dlx_add_option(d, (int32_t[]){-1}, NULL, 1); }
static int add_huge_item(dlx_t *d) { return dlx_add_option(d, (int32_t[]){INT32_MAX}, NULL, 1); }
static int add_duplicate(dlx_t *d) { return dlx_add_option(d, (int32_t[]){0, 0}, NULL, 2); }
static int add_primary_color(dlx_t *d) { return dlx_add_option(d, A_X, (int32_t[]){1, 1}, 2); }
static int add_negative_color(dlx_t *d) { return dlx_add_option(d, A_X, (int32_t[]){0, -5}, 2); }
static int add_secondary_only(dlx_t *d) { return dlx_add_option(d, X_ONLY, NULL, 1); }
static int force_negative(dlx_t *d) { return dlx_force(d, -1); }
static int force_past_end(dlx_t *d) { return dlx_force(d, INT32_MAX); }
static int force_clash(dlx_t *d) {
    CHECK_EQ(dlx_force(d, 0), DLX_OK);
    return dlx_force(d, 1);
}
static int force_twice(dlx_t *d) {
    CHECK_EQ(dlx_force(d, 2), DLX_OK);
    return dlx_force(d, 2);
}
static int unforce_nothing(dlx_t *d) { return dlx_unforce(d); }
static int solution_before_search(dlx_t *d) { return dlx_solution(d, (int32_t[4]){0}, 4); }
static int solution_after_done(dlx_t *d) {
    while (dlx_search(d, 0) == DLX_SOLUTION) {}
    return dlx_solution(d, (int32_t[4]){0}, 4);
}
static int item_options_bad_item(dlx_t *d) { return dlx_item_options(d, 99, NULL, 0); }
static int item_options_negative_cap(dlx_t *d) { return dlx_item_options(d, 0, (int32_t[1]){0}, -1); }
static int item_options_null_buffer(dlx_t *d) { return dlx_item_options(d, 0, NULL, 5); }
static int option_items_bad_option(dlx_t *d) { return dlx_option_items(d, 7, NULL, NULL, 0); }
static int count_null_out(dlx_t *d) { return dlx_count(d, 0, 0, NULL); }
static int reserve_absurd(dlx_t *d) { return dlx_reserve(d, INT32_MAX, INT64_MAX); }
static int reserve_negative(dlx_t *d) { return dlx_reserve(d, -1, -1); }
static int absurd_budgets(dlx_t *d) { /* huge limits and budgets are just large numbers */
    uint64_t n = 0;
    int rc = dlx_count(d, UINT64_MAX, UINT64_MAX, &n);
    CHECK_EQ(n, 2);
    dlx_restart(d);
    CHECK_EQ(dlx_search(d, UINT64_MAX), DLX_SOLUTION);
    return rc;
}

static const engine_case ENGINE_CASES[] = {
    {"option of negative length", DLX_EARG, "DLX_EARG", add_negative_length},
    {"option with NULL items", DLX_EARG, "DLX_EARG", add_null_items},
    {"empty option", DLX_ENOPRIMARY, "DLX_ENOPRIMARY", add_empty},
    {"unknown item index", DLX_EITEM, "DLX_EITEM", add_unknown_item},
    {"negative item index", DLX_EITEM, "DLX_EITEM", add_negative_item},
    {"item index INT32_MAX", DLX_EITEM, "DLX_EITEM", add_huge_item},
    {"same item twice", DLX_EDUPITEM, "DLX_EDUPITEM", add_duplicate},
    {"color on a primary item", DLX_ECOLOR, "DLX_ECOLOR", add_primary_color},
    {"negative color", DLX_ECOLOR, "DLX_ECOLOR", add_negative_color},
    {"option of secondary items only", DLX_ENOPRIMARY, "DLX_ENOPRIMARY", add_secondary_only},
    {"force option -1", DLX_EOPTION, "DLX_EOPTION", force_negative},
    {"force option INT32_MAX", DLX_EOPTION, "DLX_EOPTION", force_past_end},
    {"force two clashing options", DLX_ECONFLICT, "DLX_ECONFLICT", force_clash},
    {"force one option twice", DLX_ECONFLICT, "DLX_ECONFLICT", force_twice},
    {"unforce with nothing forced", DLX_ENOFORCED, "DLX_ENOFORCED", unforce_nothing},
    {"solution before any search", DLX_ENOSOLUTION, "DLX_ENOSOLUTION", solution_before_search},
    {"solution after the search ended", DLX_ENOSOLUTION, "DLX_ENOSOLUTION", solution_after_done},
    {"item options of item 99", DLX_EITEM, "DLX_EITEM", item_options_bad_item},
    {"item options with a negative cap", DLX_EARG, "DLX_EARG", item_options_negative_cap},
    {"item options into NULL with a cap", DLX_EARG, "DLX_EARG", item_options_null_buffer},
    {"items of option 7", DLX_EOPTION, "DLX_EOPTION", option_items_bad_option},
    {"count into NULL", DLX_EARG, "DLX_EARG", count_null_out},
    {"reserve INT32_MAX options and INT64_MAX nodes", DLX_ETOOBIG, "DLX_ETOOBIG", reserve_absurd},
    {"reserve negative sizes", DLX_EARG, "DLX_EARG", reserve_negative},
    {"limit and budget UINT64_MAX", DLX_DONE, "DLX_DONE", absurd_budgets},
};

static void test_engine(void) {
    for (size_t k = 0; k < sizeof ENGINE_CASES / sizeof *ENGINE_CASES; k++) {
        const engine_case *c = &ENGINE_CASES[k];
        check_context("engine: %s", c->name);
        check_catalogued("C dlx.h", c->name, c->code_name);
        dlx_t *d = dlx_new(2, 1); /* a b | x */
        CHECK_EQ(dlx_add_option(d, A_B, NULL, 2), 0);
        CHECK_EQ(dlx_add_option(d, A_X, NULL, 2), 1);
        CHECK_EQ(dlx_add_option(d, (int32_t[]){1}, NULL, 1), 2);
        int32_t options = dlx_option_count(d);
        CHECK_EQ(c->call(d), c->code);
        if (c->code < 0) CHECK_EQ(dlx_option_count(d), options);
        check_still_counts(d);
        dlx_free(d);
    }
    /* Calls without a handle, and handles that cannot be made. */
    check_context("engine: NULL handle");
    check_catalogued("C dlx.h", "NULL handle", "DLX_EARG");
    uint64_t n;
    CHECK_EQ(dlx_add_option(NULL, A_B, NULL, 2), DLX_EARG);
    CHECK_EQ(dlx_force(NULL, 0), DLX_EARG);
    CHECK_EQ(dlx_unforce(NULL), DLX_EARG);
    CHECK_EQ(dlx_count(NULL, 0, 0, &n), DLX_EARG);
    CHECK_EQ(dlx_branch_item(NULL), DLX_EARG);
    dlx_unforce_all(NULL);
    dlx_restart(NULL);
    dlx_free(NULL);
    check_context("engine: negative or absurd item counts");
    check_catalogued("C dlx.h", "negative or absurd item counts", "NULL");
    CHECK(dlx_new(-1, 0) == NULL);
    CHECK(dlx_new(0, -1) == NULL);
    CHECK(dlx_new(INT32_MAX, INT32_MAX) == NULL);
    CHECK(dlx_new(INT32_MAX / 2, 0) == NULL);
    check_context("");
}

/* ---- Sudoku solvers (sudoku_new, sudoku_solve) --------------------------------------- */

typedef struct {
    const char *name;
    sudoku_shape_t shape;
    int code;
    const char *code_name;
} shape_case;

static const int32_t BAD_REGION[9] = {0, 1, 2, 3, 4, 5, 6, 7, 81};
static const int32_t REPEATED_CELL[9] = {0, 1, 2, 3, 4, 5, 6, 7, 7};
static const int32_t JIGSAW_PIECE_99[81] = {99};

static const shape_case SHAPE_CASES[] = {
    {"side 0 without a box", {0, 0, 0, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"side 65 (over 64)", {65, 0, 0, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"side -9", {-9, 0, 0, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"side INT32_MAX", {INT32_MAX, 0, 0, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"boxes 2x5 for side 9", {9, 2, 5, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"boxes 65536x65536 (product overflows)", {0, 65536, 65536, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"boxes -3x-3", {9, -3, -3, 0, NULL, NULL, 0}, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
    {"a region with a cell past the grid", {9, 3, 3, 0, NULL, BAD_REGION, 1}, SUDOKU_EREGION, "SUDOKU_EREGION"},
    {"a region with a repeated cell", {9, 3, 3, 0, NULL, REPEATED_CELL, 1}, SUDOKU_EREGION, "SUDOKU_EREGION"},
    {"-1 extra regions", {9, 3, 3, 0, NULL, BAD_REGION, -1}, SUDOKU_EREGION, "SUDOKU_EREGION"},
    {"a million extra regions", {9, 3, 3, 0, NULL, BAD_REGION, 1000000}, SUDOKU_EREGION, "SUDOKU_EREGION"},
    {"extra regions without cells", {9, 3, 3, 0, NULL, NULL, 2}, SUDOKU_EREGION, "SUDOKU_EREGION"},
    {"a jigsaw piece numbered 99", {9, 3, 3, 0, JIGSAW_PIECE_99, NULL, 0}, SUDOKU_EREGION, "SUDOKU_EREGION"},
};

static uint8_t classic[81];

static void check_solves_classic(sudoku_t *s) {
    sudoku_result_t res;
    uint8_t sol[81];
    CHECK_EQ(sudoku_solve(s, classic, 2, 0, sol, &res, NULL), 0);
    CHECK_EQ(res.status, SUDOKU_UNIQUE);
}

/* Regions through one cell: k = 0..count-1 is row 0 without its cell
 * 1 + k % 8, with a cell of rows 1.. in its place (all distinct when
 * `repeat` is 0; otherwise every region is region 0). */
static void regions_through_cell_0(int32_t *cells, int32_t count, int repeat) {
    for (int32_t k = 0; k < count; k++) {
        int32_t r = repeat ? 0 : k;
        for (int32_t j = 0; j < 9; j++) cells[k * 9 + j] = j;
        cells[k * 9 + 1 + r % 8] = 9 + r / 8;
    }
}

/* A cell in as many regions as the API takes (256 extra ones, plus its row,
 * column, box, diagonal and windoku box): the options are that long. */
static void test_many_regions(void) {
    static int32_t cells[SUDOKU_MAX_REGIONS * 9];
    sudoku_error_t err;
    sudoku_result_t res;
    uint8_t sol[81];
    check_context("sudoku_new: a cell in 256 extra regions");
    check_catalogued("C sudoku_new", "a cell in 256 extra regions", "0");
    regions_through_cell_0(cells, SUDOKU_MAX_REGIONS, 0);
    sudoku_shape_t sh = {9, 3, 3, SUDOKU_X | SUDOKU_WINDOKU, NULL, cells, SUDOKU_MAX_REGIONS};
    sudoku_t *s = sudoku_new(&sh, &err);
    CHECK(s != NULL);
    if (s) {
        CHECK_EQ(sudoku_solve(s, (uint8_t[81]){0}, 2, 100000, sol, &res, &err), 0);
        CHECK_EQ(res.status, SUDOKU_NONE); /* 8 cells of row 0 must match cell 0 */
        sudoku_free(s);
    }
    /* 16x16 (the bit-mask engine): cell 0 in 256 regions, each row 0 with
     * one cell moved, solvable only if those regions agree; it must not crash */
    static int32_t wide[SUDOKU_MAX_REGIONS * 16];
    for (int32_t k = 0; k < SUDOKU_MAX_REGIONS; k++) {
        for (int32_t j = 0; j < 16; j++) wide[k * 16 + j] = j;
        wide[k * 16 + 1 + k % 15] = 16 + k / 15;
    }
    sudoku_shape_t sh16 = {16, 4, 4, SUDOKU_X, NULL, wide, SUDOKU_MAX_REGIONS};
    s = sudoku_new(&sh16, &err);
    CHECK(s != NULL);
    if (s) {
        static uint8_t empty[256], sol16[256];
        CHECK_EQ(sudoku_solve(s, empty, 2, 100000, sol16, &res, &err), 0);
        sudoku_free(s);
    }
    check_context("sudoku_new: one extra region 256 times");
    check_catalogued("C sudoku_new", "one extra region 256 times", "SUDOKU_EREGION");
    regions_through_cell_0(cells, SUDOKU_MAX_REGIONS, 1);
    s = sudoku_new(&sh, &err);
    CHECK(s == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    CHECK(strstr(err.message, "extra regions 1 and 2 hold the same cells") != NULL);
    check_context("sudoku_new: an extra region repeated in another order");
    check_catalogued("C sudoku_new", "an extra region repeated in another order", "SUDOKU_EREGION");
    int32_t two[18] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    sudoku_shape_t twice = {9, 3, 3, 0, NULL, two, 2};
    CHECK(sudoku_new(&twice, &err) == NULL);
    CHECK_EQ(err.code, SUDOKU_EREGION);
    /* a repeat of a built-in region (here row 1) is redundant but allowed */
    sudoku_shape_t row = {9, 3, 3, 0, NULL, two, 1};
    s = sudoku_new(&row, &err);
    CHECK(s != NULL);
    if (s) check_solves_classic(s);
    sudoku_free(s);
}

static void test_sudoku_solver(void) {
    for (size_t k = 0; k < sizeof SHAPE_CASES / sizeof *SHAPE_CASES; k++) {
        const shape_case *c = &SHAPE_CASES[k];
        check_context("sudoku_new: %s", c->name);
        check_catalogued("C sudoku_new", c->name, c->code_name);
        sudoku_error_t err;
        sudoku_t *s = sudoku_new(&c->shape, &err);
        CHECK(s == NULL);
        CHECK_EQ(err.code, c->code);
        CHECK(err.message[0] != '\0');
        sudoku_free(s);
    }
    check_context("sudoku_new: no shape");
    check_catalogued("C sudoku_new", "no shape", "DLX_EARG");
    sudoku_error_t err;
    CHECK(sudoku_new(NULL, &err) == NULL);
    CHECK_EQ(err.code, DLX_EARG);

    sudoku_shape_t nine = {9, 0, 0, 0, NULL, NULL, 0};
    sudoku_t *s = sudoku_new(&nine, &err);
    struct {
        const char *name;
        uint8_t cell0, cell1; /* the first two cells of an empty grid */
        int code;
        const char *code_name;
    } grids[] = {
        {"a value over N", 10, 0, SUDOKU_EVALUE, "SUDOKU_EVALUE"},
        {"the value 255", 255, 0, SUDOKU_EVALUE, "SUDOKU_EVALUE"},
        {"two givens clash", 5, 5, SUDOKU_ECLASH, "SUDOKU_ECLASH"},
    };
    for (size_t k = 0; k < sizeof grids / sizeof *grids; k++) {
        check_context("sudoku_solve: %s", grids[k].name);
        check_catalogued("C sudoku_solve", grids[k].name, grids[k].code_name);
        uint8_t grid[81] = {grids[k].cell0, grids[k].cell1};
        sudoku_result_t res;
        CHECK_EQ(sudoku_solve(s, grid, 2, 0, NULL, &res, &err), grids[k].code);
        CHECK_EQ(err.code, grids[k].code);
        CHECK_EQ(sudoku_candidates(s, grid, (uint64_t[81]){0}, &err), grids[k].code);
        check_solves_classic(s);
    }
    check_context("sudoku_solve: NULL grid");
    check_catalogued("C sudoku_solve", "NULL grid", "DLX_EARG");
    sudoku_result_t res;
    CHECK_EQ(sudoku_solve(s, NULL, 2, 0, NULL, &res, &err), DLX_EARG);
    check_solves_classic(s);
    check_context("sudoku_solve: limit and budget UINT64_MAX");
    check_catalogued("C sudoku_solve", "limit and budget UINT64_MAX", "0");
    CHECK_EQ(sudoku_solve(s, classic, UINT64_MAX, UINT64_MAX, NULL, &res, &err), 0);
    CHECK_EQ(res.count, 1);
    check_context("sudoku_solve: an empty grid, 1 node");
    check_catalogued("C sudoku_solve", "an empty grid, 1 node", "0");
    CHECK_EQ(sudoku_solve(s, (uint8_t[81]){0}, 2, 1, NULL, &res, &err), 0);
    CHECK_EQ(res.status, SUDOKU_STOPPED);
    check_solves_classic(s);
    sudoku_free(s);
    test_many_regions();
    check_context("");
}

/* ---- puzzle text (sudoku_parse, sudoku_format) --------------------------------------- */

typedef struct {
    const char *name;
    const char *text;
    size_t len;
    int32_t size;
    const char *alphabet;
    int code;
    const char *code_name;
} puzzle_case;

#define P(name, text, size, alphabet, code) {name, text, sizeof(text) - 1, size, alphabet, code, #code}

static const puzzle_case PUZZLE_CASES[] = {
    P("80 symbols", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7", 0, NULL, SUDOKU_ELENGTH),
    P("82 symbols", CLASSIC "1", 0, NULL, SUDOKU_ELENGTH),
    P("a NUL byte in the line", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\0", 0, NULL, SUDOKU_ESYMBOL),
    P("an unknown symbol", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7!", 0, NULL, SUDOKU_ESYMBOL),
    P("invalid UTF-8", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\xff", 0, NULL, SUDOKU_ESYMBOL),
    P("a digit over N (size 4)", "1234\n3412\n2143\n4325\n", 4, NULL, SUDOKU_ESYMBOL),
    P("number over N in numbers style", "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,17\n", 0, NULL, SUDOKU_ESYMBOL),
    P("a grid cut short", "1234\n3412\n", 0, NULL, SUDOKU_ELENGTH),
    P("rows of different lengths", "1234\n34\n2143\n4321\n", 0, NULL, SUDOKU_ELENGTH),
    P("size 65", CLASSIC, 65, NULL, SUDOKU_ESIZE),
    P("size -1", CLASSIC, -1, NULL, SUDOKU_ESIZE),
    P("alphabet with a repeated symbol", CLASSIC, 0, "123456788", SUDOKU_EALPHABET),
    P("alphabet too short for N", CLASSIC, 0, "1234", SUDOKU_EALPHABET),
    P("empty text", "", 0, NULL, 0),
    P("only comments", "# nothing\n\n# here\n", 0, NULL, 0),
};

static char *ten_mb_line(size_t *len) { return repeat("", "1", 10 * MB, "\n", len); }
static char *ten_mb_dots(size_t *len) { return repeat("", ".", 10 * MB, "\n", len); }
static char *ten_mb_numbers(size_t *len) { return repeat("", "1,", 5 * MB, "\n", len); }
static char *million_lines(size_t *len) { return repeat("", "\n", MB, "# the end\n", len); }

static const huge_text_case HUGE_PUZZLE_CASES[] = {
    {"10 MB line of digits", SUDOKU_ELENGTH, "SUDOKU_ELENGTH", ten_mb_line},
    {"10 MB line of dots", SUDOKU_ELENGTH, "SUDOKU_ELENGTH", ten_mb_dots},
    {"10 MB line of numbers", SUDOKU_ELENGTH, "SUDOKU_ELENGTH", ten_mb_numbers},
    {"a million blank lines", 0, "0", million_lines},
};

static void check_puzzle_case(const char *name, const char *code_name, const char *text, size_t len,
                              int32_t size, const char *alphabet, int code) {
    check_context("sudoku_parse: %s", name);
    check_catalogued("C sudoku_parse", name, code_name);
    sudoku_text_opts_t o = {size, alphabet};
    sudoku_text_t t;
    sudoku_error_t err;
    CHECK_EQ(sudoku_parse(text, len, &o, &t, &err), code);
    CHECK_EQ(err.code, code);
    if (code) CHECK(err.message[0] != '\0');
    else CHECK_EQ(t.size, 0);
    CHECK(t.consumed <= len);
    sudoku_text_release(&t);
    /* the reader keeps no state: a normal puzzle reads right after */
    CHECK_EQ(sudoku_parse(CLASSIC, 81, NULL, &t, &err), 0);
    CHECK_EQ(t.size, 9);
    sudoku_text_release(&t);
}

static void test_puzzle_text(void) {
    for (size_t k = 0; k < sizeof PUZZLE_CASES / sizeof *PUZZLE_CASES; k++) {
        const puzzle_case *c = &PUZZLE_CASES[k];
        check_puzzle_case(c->name, c->code_name, c->text, c->len, c->size, c->alphabet, c->code);
    }
    for (size_t k = 0; k < sizeof HUGE_PUZZLE_CASES / sizeof *HUGE_PUZZLE_CASES; k++) {
        const huge_text_case *c = &HUGE_PUZZLE_CASES[k];
        size_t len;
        char *text = c->make(&len);
        check_puzzle_case(c->name, c->code_name, text, len, 0, NULL, c->code);
        free(text);
    }
    check_context("sudoku_parse: NULL text with a length");
    check_catalogued("C sudoku_parse", "NULL text with a length", "DLX_EARG");
    sudoku_text_t t;
    sudoku_error_t err;
    CHECK_EQ(sudoku_parse(NULL, 10, NULL, &t, &err), DLX_EARG);
    sudoku_text_release(&t);

    struct {
        const char *name;
        int32_t size;
        uint8_t first;
        int style;
        int code;
        const char *code_name;
    } formats[] = {
        {"size 0", 0, 0, SUDOKU_STYLE_LINE, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
        {"size 65", 65, 0, SUDOKU_STYLE_LINE, SUDOKU_ESIZE, "SUDOKU_ESIZE"},
        {"a value over N", 9, 10, SUDOKU_STYLE_LINE, SUDOKU_EVALUE, "SUDOKU_EVALUE"},
        {"style 7", 9, 0, 7, DLX_EARG, "DLX_EARG"},
        {"a 64x64 line (no symbol for 62..64)", 64, 64, SUDOKU_STYLE_LINE, SUDOKU_EALPHABET, "SUDOKU_EALPHABET"},
    };
    static uint8_t values[64 * 64];
    char buf[64];
    for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
        check_context("sudoku_format: %s", formats[k].name);
        check_catalogued("C sudoku_format", formats[k].name, formats[k].code_name);
        values[0] = formats[k].first;
        strcpy(buf, "junk");
        CHECK_EQ(sudoku_format(NULL, formats[k].size, values, formats[k].style, buf, sizeof buf), formats[k].code);
        CHECK_EQ(buf[0], '\0');
    }
    check_context("sudoku_format: NULL values");
    check_catalogued("C sudoku_format", "NULL values", "DLX_EARG");
    CHECK_EQ(sudoku_format(NULL, 9, NULL, SUDOKU_STYLE_LINE, buf, sizeof buf), DLX_EARG);
    check_context("");
}

int main(void) {
    check_cpu_limit("test_hostile", 60); /* a hang guard in CPU time (check.h) */
    print_rows = getenv("HOSTILE_ROWS") != NULL;
    catalogue = read_file("tests/hostile-inputs.md");
    if (!catalogue) fprintf(stderr, "test_hostile: run it from the repository root (tests/hostile-inputs.md)\n");
    CHECK(catalogue != NULL);
    sudoku_text_t t;
    sudoku_parse(CLASSIC, 81, NULL, &t, NULL);
    memcpy(classic, t.cells, 81);
    sudoku_text_release(&t);
    test_dlx_text();
    test_engine();
    test_sudoku_solver();
    test_puzzle_text();
    free((void *)catalogue);
    return check_report("test_hostile");
}
