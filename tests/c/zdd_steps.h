/* zdd_steps.h: for the ZDD tests (test_zdd.c, test_memo_colors.c,
 * test_zdd_multi.c): two ZDDs compared byte for byte in DLX6's text, and a
 * build in steps (dlx_zdd_begin, dlx_zdd_step) against the one-call build
 * of the same problem, with its progress between steps. */
#ifndef TEST_ZDD_STEPS_H
#define TEST_ZDD_STEPS_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"

/* DLX6's text of z (malloc'd, NUL-ended; *len its length), or NULL. */
static char *zdd_text_of(const dlx_zdd_t *z, int64_t *len) {
    *len = dlx_zdd_text(z, NULL, 0);
    if (*len < 0) return NULL;
    char *text = malloc((size_t)*len + 1);
    CHECK_EQ(dlx_zdd_text(z, text, (size_t)*len), *len);
    text[*len] = 0;
    return text;
}

/* a and b have the same text, byte for byte. */
static void check_same_text(const dlx_zdd_t *a, const dlx_zdd_t *b) {
    int64_t n, m;
    char *x = zdd_text_of(a, &n), *y = zdd_text_of(b, &m);
    CHECK(x && y && n == m && !memcmp(x, y, (size_t)n));
    free(x), free(y);
}

/* d's ZDD built in steps of `step` nodes: DLX_BUDGET until the end, the
 * progress's nodes growing by at most `step` a step (by at least one),
 * its bytes within the bound, an unfinished handle unreadable; then the
 * same text, count and bytes as `whole` (d's one-call build). Returns
 * the number of steps. */
static int check_steps(dlx_t *d, const dlx_zdd_t *whole, uint64_t step) {
    const uint64_t bound = 64u << 20;
    dlx_zdd_t *z = NULL;
    CHECK_EQ(dlx_zdd_begin(d, bound, &z), DLX_OK);
    if (!z) return 0;
    dlx_zdd_progress_t was = { 0 }, now;
    int rc, steps = 0;
    while ((rc = dlx_zdd_step(d, z, step)) == DLX_BUDGET) {
        steps++;
        CHECK_EQ(dlx_zdd_progress(z, &now), DLX_BUDGET);
        CHECK(now.nodes > was.nodes && now.nodes <= was.nodes + step);
        CHECK(now.size >= was.size && now.states >= was.states && now.bytes <= bound);
        CHECK_EQ(dlx_zdd_text(z, NULL, 0), DLX_EARG); /* unfinished: not read */
        was = now;
    }
    CHECK_EQ(rc, DLX_OK);
    CHECK_EQ(dlx_zdd_step(d, z, step), DLX_OK); /* done: the same again */
    CHECK_EQ(dlx_zdd_progress(z, &now), DLX_OK);
    CHECK(now.size == dlx_zdd_size(whole) && now.bytes == dlx_zdd_bytes(z));
    dlx_wide_t a = dlx_zdd_count(z), b = dlx_zdd_count(whole);
    CHECK(a.lo == b.lo && a.hi == b.hi);
    CHECK_EQ(dlx_zdd_bytes(z), dlx_zdd_bytes(whole));
    check_same_text(z, whole);
    dlx_zdd_free(z);
    return steps;
}

#endif
