/* fuzz_dlx_text.c: libFuzzer target for the DLX text reader (include/dlx_text.h).
 *
 * Any bytes in: the reader either returns a problem or a documented error
 * code with a message and a sane position. A problem it returns is printed
 * back (item line and every option) and read again: the second reading must
 * give the same problem, option by option, bounds and costs too. A short count with a
 * node budget exercises the engine on whatever matrix the text described (and
 * the memoized count the same, the two agreeing where both end), and so does
 * a short search for the two cheapest solutions (costs, DLX5's |n).
 */
#include <string.h>

#include "dlx_text.h"
#include "fuzz_bytes.h"

/* Enough for a fuzz-sized problem; the target skips the round trip beyond it. */
#define TEXT_CAP (1 << 16)

static char printed[TEXT_CAP];
static char line_a[1024], line_b[1024];

static size_t append(size_t at, const char *s) {
    size_t n = strlen(s);
    if (at + n + 1 >= TEXT_CAP) return TEXT_CAP;
    memcpy(printed + at, s, n + 1);
    return at + n;
}

/* The problem as Knuth's format, or 0 when it does not fit the buffer. */
static size_t print_problem(const dlx_text_t *t) {
    dlx_t *d = dlx_text_engine(t);
    int32_t items = dlx_item_count(d), primary = dlx_primary_count(d);
    size_t at = 0;
    for (int32_t i = 0; i < items && at < TEXT_CAP; i++) {
        if (i == primary) at = append(at, " |");
        /* a space before every name, the first too: the reader skips a BOM at the
         * text's start only, and a name may begin with one ("\xef\xbb\xbfb7") */
        if (at < TEXT_CAP) at = append(at, " ");
        int32_t lo, hi;
        dlx_bounds(d, i, &lo, &hi);
        if (at < TEXT_CAP && i < primary && (lo != 1 || hi != 1)) { /* DLX3's lo:hi| */
            snprintf(line_b, sizeof line_b, "%d:%d|", (int)lo, (int)hi);
            at = append(at, line_b);
        }
        if (at < TEXT_CAP) at = append(at, dlx_text_item_name(t, i));
    }
    if (at < TEXT_CAP) at = append(at, "\n");
    for (int32_t k = 0; k < dlx_option_count(d) && at < TEXT_CAP; k++) {
        int64_t n = dlx_text_format_option(t, k, line_a, sizeof line_a);
        FUZZ_ASSERT(n > 0);
        if (n >= (int64_t)sizeof line_a) return 0;
        at = append(at, line_a);
        if (at < TEXT_CAP) at = append(at, "\n");
    }
    return at < TEXT_CAP ? at : 0;
}

static void check_error(const dlx_text_error_t *e, size_t len) {
    FUZZ_ASSERT(e->code <= DLX_ENOMEM && e->code >= DLX_ECOST);
    FUZZ_ASSERT(e->code != DLX_ENOMEM && e->code != DLX_EARG); /* fuzz inputs are small */
    FUZZ_ASSERT(memchr(e->message, 0, sizeof e->message) && e->message[0]);
    FUZZ_ASSERT(e->line >= 0 && e->column >= 0 && (size_t)e->line <= len + 1);
    FUZZ_ASSERT(e->line == 0 || e->column >= 1);
}

static void check_same(const dlx_text_t *a, const dlx_text_t *b) {
    dlx_t *da = dlx_text_engine(a), *db = dlx_text_engine(b);
    FUZZ_ASSERT(dlx_primary_count(da) == dlx_primary_count(db));
    FUZZ_ASSERT(dlx_item_count(da) == dlx_item_count(db));
    FUZZ_ASSERT(dlx_option_count(da) == dlx_option_count(db));
    for (int32_t i = 0; i < dlx_item_count(da); i++) {
        const char *name = dlx_text_item_name(a, i);
        FUZZ_ASSERT(strcmp(name, dlx_text_item_name(b, i)) == 0);
        FUZZ_ASSERT(dlx_text_find_item(a, name, strlen(name)) == i);
        int32_t lo_a, hi_a, lo_b, hi_b;
        dlx_bounds(da, i, &lo_a, &hi_a);
        dlx_bounds(db, i, &lo_b, &hi_b);
        FUZZ_ASSERT(lo_a == lo_b && hi_a == hi_b);
    }
    for (int32_t k = 0; k < dlx_option_count(da); k++) {
        dlx_text_format_option(a, k, line_a, sizeof line_a);
        dlx_text_format_option(b, k, line_b, sizeof line_b);
        FUZZ_ASSERT(strcmp(line_a, line_b) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    dlx_text_error_t err;
    dlx_text_t *t = dlx_text_parse((const char *)data, size, &err);
    if (!t) {
        check_error(&err, size);
        return 0;
    }
    FUZZ_ASSERT(err.code == DLX_OK);
    dlx_t *d = dlx_text_engine(t);
    FUZZ_ASSERT(d && dlx_primary_count(d) >= 1);
    FUZZ_ASSERT(dlx_text_item_name(t, dlx_item_count(d)) == NULL);
    FUZZ_ASSERT(dlx_text_find_item(t, "", 0) == DLX_EUNKNOWN);

    size_t n = print_problem(t);
    if (n) {
        dlx_text_t *again = dlx_text_parse(printed, n, &err);
        if (!again) fprintf(stderr, "re-reading failed: %d:%d: %s\n%s", err.line, err.column, err.message, printed);
        FUZZ_ASSERT(again != NULL);
        check_same(t, again);
        dlx_text_free(again);
    }

    uint64_t count = 0;
    int rc = dlx_count(d, 0, 2000, &count);
    FUZZ_ASSERT(rc == DLX_DONE || rc == DLX_BUDGET);
    /* The memoized count (colors, bounds and all) agrees where both end; then back to the rule. */
    dlx_wide_t memo = {0, 0};
    FUZZ_ASSERT(dlx_set_memo(d, DLX_MEMO_ON, 0) == DLX_OK);
    int memo_rc = dlx_count_wide(d, 0, 2000, &memo);
    FUZZ_ASSERT(memo_rc == DLX_DONE || memo_rc == DLX_BUDGET);
    if (rc == DLX_DONE && memo_rc == DLX_DONE) FUZZ_ASSERT(memo.hi == 0 && memo.lo == count);
    FUZZ_ASSERT(dlx_set_memo(d, DLX_MEMO_AUTO, 0) == DLX_OK);

    /* The two cheapest (with bounds too): each improvement a cost of 0 or more, the kept ones in order. */
    FUZZ_ASSERT(dlx_set_best(d, 2) == DLX_OK);
    while ((rc = dlx_search_until(d, 2000)) == DLX_SOLUTION) {
        int64_t c = -1;
        FUZZ_ASSERT(dlx_solution_cost(d, &c) == DLX_OK && c >= 0);
    }
    FUZZ_ASSERT(rc == DLX_DONE || rc == DLX_BUDGET);
    int64_t prev = 0;
    for (int32_t j = 0; j < dlx_best_count(d); j++) {
        int64_t c = -1;
        FUZZ_ASSERT(dlx_best_solution(d, j, NULL, 0, &c) >= 0 && c >= prev); /* 0:k|a: an empty one */
        prev = c;
    }
    dlx_text_free(t);
    return 0;
}
