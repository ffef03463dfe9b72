/* test_text.c: Knuth's DLX format: reading, printing back, and every error
 * with its line and column. */
#include <stdlib.h>
#include <string.h>

#include "dlx_text.h"
#include "check.h"

/* The instances the tests read (tests/data/README.md), from the repository's
 * root, where `make test` runs the tests. */
#define TEST_DATA "tests/data"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static uint64_t count_text(const char *text) {
    dlx_text_t *t = dlx_text_parse(text, strlen(text), NULL);
    if (!t) return (uint64_t)-1;
    uint64_t n = 0;
    dlx_count(dlx_text_engine(t), 0, 0, &n);
    dlx_text_free(t);
    return n;
}

/* Expect a parse error with this code at this line and column. */
static void expect_error(const char *text, size_t len, int code, int line, int column,
                         const char *in_message) {
    dlx_text_error_t err;
    dlx_text_t *t = dlx_text_parse(text, len, &err);
    CHECK(t == NULL);
    dlx_text_free(t);
    CHECK_EQ(err.code, code);
    CHECK_EQ(err.line, line);
    CHECK_EQ(err.column, column);
    CHECK(strlen(err.message) > 0);
    if (in_message && !strstr(err.message, in_message)) {
        fprintf(stderr, "message \"%s\" lacks \"%s\"\n", err.message, in_message);
        CHECK(0);
    }
}
#define EXPECT_ERROR(text, code, line, col, msg) expect_error(text, strlen(text), code, line, col, msg)

static void test_errors(void) {
    EXPECT_ERROR("", DLX_ENOITEMS, 0, 1, "no item line");
    EXPECT_ERROR("| only a comment\n\n   \n", DLX_ENOITEMS, 0, 1, "no item line");
    EXPECT_ERROR("a b a\n", DLX_EDUPNAME, 1, 5, "\"a\"");
    EXPECT_ERROR("a b | c | d\n", DLX_ESYNTAX, 1, 9, "second '|'");
    EXPECT_ERROR("a b:c\n", DLX_ECHAR, 1, 4, "0x3a");
    EXPECT_ERROR("a \x01" "b\n", DLX_ECHAR, 1, 3, "0x01");
    EXPECT_ERROR("| items\na b\na z\n", DLX_EUNKNOWN, 3, 3, "\"z\"");
    EXPECT_ERROR("a b\na a\n", DLX_EDUPITEM, 2, 3, "twice");
    EXPECT_ERROR("a b | x\nb a:red\n", DLX_ECOLOR, 2, 4, "primary item \"a\"");
    EXPECT_ERROR("a | x\na x:\n", DLX_ESYNTAX, 2, 4, "empty color");
    EXPECT_ERROR("a | x\na :red\n", DLX_ESYNTAX, 2, 3, "empty item name");
    EXPECT_ERROR("a | x\na x:r:g\n", DLX_ECHAR, 2, 6, "color");
    EXPECT_ERROR("a | x\nx\n", DLX_ENOPRIMARY, 2, 1, "no primary item");
    EXPECT_ERROR("a b\na | b\n", DLX_ECOST, 2, 3, "no cost after"); /* DLX5: a cost after the bar */
    EXPECT_ERROR("a b\r\na\x7f\r\n", DLX_ECHAR, 2, 2, "0x7f");
    expect_error("a b\na \0b\n", 9, DLX_ECHAR, 2, 3, "0x00");

    /* Multiplicity bounds (DLX3's syntax): every bad bound says where. */
    EXPECT_ERROR("3:2|x\nx\n", DLX_EBOUND, 1, 1, "lower bound 3 is above the upper bound 2");
    EXPECT_ERROR("a | 2|x\na x\n", DLX_EBOUND, 1, 5, "secondary");
    EXPECT_ERROR("a 0|x\n", DLX_EBOUND, 1, 3, "upper bound is 0");
    EXPECT_ERROR("a 1:0|x\n", DLX_EBOUND, 1, 5, "upper bound is 0");
    EXPECT_ERROR("a 1:b|x\n", DLX_EBOUND, 1, 5, "not a number");
    EXPECT_ERROR("a -1|x\n", DLX_EBOUND, 1, 3, "not a number");
    EXPECT_ERROR("a :2|x\n", DLX_EBOUND, 1, 3, "empty lower bound");
    EXPECT_ERROR("a 99999999999|x\n", DLX_EBOUND, 1, 3, "too big");
    EXPECT_ERROR("a 2|\n", DLX_ESYNTAX, 1, 4, "no item name");
    EXPECT_ERROR("a 1:2|x:y\n", DLX_ECHAR, 1, 8, "0x3a");

    /* Long names are shortened in messages, never overflowing them. */
    char text[600] = "a\na ";
    memset(text + 4, 'q', 300);
    text[304] = '\0';
    EXPECT_ERROR(text, DLX_EUNKNOWN, 2, 3, "qqq...");

    /* No state survives an error: the next parse works. */
    CHECK_EQ(count_text("a b\na\nb\na b\n"), 2);
    CHECK(dlx_text_parse(NULL, 5, NULL) == NULL);
}

static void test_syntax(void) {
    /* Comments anywhere, blank lines, tabs, CRLF, leading blanks. */
    CHECK_EQ(count_text("| header\n\n  a\tb c\r\n| mid\n a b\r\n\tc\n\na\nb c\n"), 2);
    /* Every line end (LF, CRLF, a lone CR, mixed) and a UTF-8 BOM in front:
     * the same problem as with LF (a lone CR read as a blank merged lines:
     * "a b\ra\rb" declared a twice; the BOM became part of the first name). */
    const char *ends[] = {"a b c\na b\nc\na\nb c\n", "a b c\r\na b\r\nc\r\na\r\nb c\r\n",
                          "a b c\ra b\rc\ra\rb c\r", "a b c\ra b\r\nc\na\r\rb c",
                          "\xef\xbb\xbf" "a b c\na b\nc\na\nb c\n", "\xef\xbb\xbf" "a b c\ra b\rc\ra\rb c"};
    for (size_t k = 0; k < sizeof ends / sizeof *ends; k++) {
        check_context("line ends, case %d", (int)k);
        CHECK_EQ(count_text(ends[k]), 2);
        dlx_text_t *bom = dlx_text_parse(ends[k], strlen(ends[k]), NULL);
        CHECK(bom != NULL && !strcmp(dlx_text_item_name(bom, 0), "a"));
        dlx_text_free(bom);
    }
    check_context("");
    /* Lines are counted the same way for errors: each CR, LF or CRLF is one. */
    EXPECT_ERROR("a b\ra\rz\r", DLX_EUNKNOWN, 3, 1, "\"z\"");
    EXPECT_ERROR("a b\r\r\na\n\rz", DLX_EUNKNOWN, 5, 1, "\"z\"");
    EXPECT_ERROR("\xef\xbb\xbf" "a b\rz", DLX_EUNKNOWN, 2, 1, "\"z\"");
    /* A BOM elsewhere is still bytes of a name (only the text's start is skipped). */
    CHECK_EQ(count_text("a \xef\xbb\xbf\n\xef\xbb\xbf a\n"), 1);
    /* Items whose names look like numbers or carry UTF-8 bytes. */
    CHECK_EQ(count_text("1 2 \xc3\xa9\n1 \xc3\xa9\n2\n"), 1);
    /* Bounds: b once, a 0 to 2 times, over {a}, {a b}, {a}, {b}: 3 + 4 covers. */
    CHECK_EQ(count_text("0:2|a b\na\na b\na\nb\n"), 7);
    CHECK_EQ(count_text("2|a\na\na\na\n"), 3); /* two of three */
    const char *bounded = "1:3|F 2|G H | x\nF\nG H\n";
    dlx_text_t *bt = dlx_text_parse(bounded, strlen(bounded), NULL);
    int32_t blo = 0, bhi = 0;
    CHECK(bt != NULL);
    if (bt) {
        dlx_bounds(dlx_text_engine(bt), 0, &blo, &bhi);
        CHECK(blo == 1 && bhi == 3 && !strcmp(dlx_text_item_name(bt, 0), "F"));
        dlx_bounds(dlx_text_engine(bt), 1, &blo, &bhi);
        CHECK(blo == 2 && bhi == 2 && !strcmp(dlx_text_item_name(bt, 1), "G"));
        dlx_bounds(dlx_text_engine(bt), 2, &blo, &bhi);
        CHECK(blo == 1 && bhi == 1 && dlx_primary_count(dlx_text_engine(bt)) == 3);
    }
    dlx_text_free(bt);
    /* Knuth's XCC example (TAOCP 7.2.2.1-(49)): exactly one solution. */
    const char *xcc = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    CHECK_EQ(count_text(xcc), 1);
    dlx_text_t *t = dlx_text_parse(xcc, strlen(xcc), NULL);
    CHECK(t != NULL);
    dlx_t *d = dlx_text_engine(t);
    CHECK_EQ(dlx_primary_count(d), 3);
    CHECK_EQ(dlx_item_count(d), 5);
    CHECK_EQ(dlx_option_count(d), 5);
    CHECK_EQ(dlx_text_color_count(t), 2);
    CHECK(!strcmp(dlx_text_color_name(t, 1), "A"));
    CHECK(!strcmp(dlx_text_color_name(t, 2), "B"));
    CHECK(dlx_text_color_name(t, 0) == NULL && dlx_text_color_name(t, 3) == NULL);
    CHECK(!strcmp(dlx_text_item_name(t, 3), "x"));
    CHECK(dlx_text_item_name(t, -1) == NULL && dlx_text_item_name(t, 5) == NULL);
    CHECK_EQ(dlx_text_find_item(t, "y", 1), 4);
    CHECK_EQ(dlx_text_find_item(t, "yy", 2), DLX_EUNKNOWN);
    CHECK_EQ(dlx_text_find_item(NULL, "y", 1), DLX_EARG);

    /* The solution printed back is the two options Knuth names. */
    CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
    int32_t sol[4];
    CHECK_EQ(dlx_solution(d, sol, 4), 2);
    char line[64];
    int got_q = 0, got_p = 0;
    for (int k = 0; k < 2; k++) {
        dlx_text_format_option(t, sol[k], line, sizeof line);
        got_q |= !strcmp(line, "q x:A");
        got_p |= !strcmp(line, "p r x:A y");
    }
    CHECK(got_q && got_p);
    /* Printing is snprintf-like: truncated, NUL-terminated, full length returned. */
    char small[5];
    CHECK_EQ(dlx_text_format_option(t, 1, small, sizeof small), 9);
    CHECK(!strcmp(small, "p r "));
    CHECK_EQ(dlx_text_format_option(t, 1, NULL, 0), 9);
    CHECK_EQ(dlx_text_format_option(t, 5, line, sizeof line), DLX_EOPTION);
    CHECK_EQ(dlx_text_format_option(NULL, 0, line, sizeof line), DLX_EARG);
    dlx_text_free(t);
}

/* An instance of tests/data/exact-cover reads, prints back line for line (blanks
 * normalized), and the printed text reads again into the same problem. */
static void test_round_trip(const char *name, uint64_t solutions) {
    char path[512];
    snprintf(path, sizeof path, TEST_DATA "/exact-cover/%s", name);
    size_t len;
    char *text = read_file(path, &len);
    check_context("%s (run from the repository's root)", path);
    CHECK(text != NULL);
    check_context("");
    if (!text) return;
    dlx_text_t *t = dlx_text_parse(text, len, NULL);
    CHECK(t != NULL);
    dlx_t *d = dlx_text_engine(t);
    /* Rebuild the file from names: the item line, then every option. */
    size_t cap = len * 2 + 1024, n = 0;
    char *out = malloc(cap);
    for (int32_t i = 0; i < dlx_item_count(d); i++) {
        if (i == dlx_primary_count(d)) n += (size_t)snprintf(out + n, cap - n, "| ");
        n += (size_t)snprintf(out + n, cap - n, "%s ", dlx_text_item_name(t, i));
    }
    out[n++] = '\n';
    for (int32_t k = 0; k < dlx_option_count(d); k++) {
        n += (size_t)dlx_text_format_option(t, k, out + n, cap - n);
        out[n++] = '\n';
    }
    dlx_text_t *t2 = dlx_text_parse(out, n, NULL);
    CHECK(t2 != NULL);
    dlx_t *d2 = dlx_text_engine(t2);
    CHECK_EQ(dlx_option_count(d2), dlx_option_count(d));
    CHECK_EQ(dlx_item_count(d2), dlx_item_count(d));
    char a[256], b[256];
    for (int32_t k = 0; k < dlx_option_count(d); k++) {
        dlx_text_format_option(t, k, a, sizeof a);
        dlx_text_format_option(t2, k, b, sizeof b);
        if (strcmp(a, b)) {
            CHECK(!strcmp(a, b));
            break;
        }
    }
    /* A budgeted count is enough to see both behave alike; full counts are
     * the job of tests/c/instances.sh. */
    uint64_t c1 = 0, c2 = 0;
    dlx_count(d, 0, 20000, &c1);
    dlx_count(d2, 0, 20000, &c2);
    CHECK_EQ(c1, c2);
    CHECK(c1 <= solutions);
    free(out);
    free(text);
    dlx_text_free(t);
    dlx_text_free(t2);
}

int main(void) {
    check_cpu_limit("test_text", 30); /* a hang guard in CPU time (check.h) */
    test_errors();
    test_syntax();
    test_round_trip("queens-12.dlx", 14200);
    test_round_trip("langford-11.dlx", 35584);
    test_round_trip("pentomino-5x12.dlx", 4040);
    return check_report("test_text");
}
