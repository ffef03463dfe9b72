/* test_count.c: counts past 64 bits. The decimal printer against known
 * values and a reference; dlx_count_wide exact and dlx_count refusing with
 * DLX_EOVERFLOW past 2^64 - 1, on both searches and with restarts, through
 * the test knob dlx_debug_count_from (no search can find 2^64 solutions). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "../../src/core/dlx_internal.h"

__extension__ typedef unsigned __int128 u128;

static dlx_wide_t wide(u128 v) { return (dlx_wide_t){ .lo = (uint64_t)v, .hi = (uint64_t)(v >> 64) }; }
static u128 value(dlx_wide_t w) { return (u128)w.hi << 64 | w.lo; }

/* The reference: digits by 128-bit division, natively. */
static void reference(u128 v, char *out) {
    char rev[64];
    int n = 0;
    do rev[n++] = (char)('0' + (int)(v % 10)); while ((v /= 10) != 0);
    for (int j = 0; j < n; j++) out[j] = rev[n - 1 - j];
    out[n] = '\0';
}

static void check_format(u128 v, const char *want) {
    char got[DLX_WIDE_DIGITS], ref[64];
    reference(v, ref);
    int n = dlx_wide_format(wide(v), got);
    if (want) CHECK(strcmp(got, want) == 0);
    CHECK(strcmp(got, ref) == 0);
    CHECK_EQ(n, (int)strlen(ref));
}

static void test_format(void) {
    check_context("dlx_wide_format");
    const u128 two64 = (u128)1 << 64;
    check_format(0, "0");
    check_format(7, "7");
    check_format(999999999, "999999999");
    check_format(1000000000, "1000000000");
    check_format(1000000001, "1000000001");
    check_format((u128)1 << 53, "9007199254740992");
    check_format(((u128)1 << 53) + 1, "9007199254740993");
    check_format(53060477521960000u, "53060477521960000"); /* domino tilings of 12x12 */
    check_format(two64 - 1, "18446744073709551615");
    check_format(two64, "18446744073709551616");
    check_format(6 * two64 + 1003146656507593536u, "111683611098764903232"); /* Langford L(2,27) */
    check_format(~(u128)0, "340282366920938463463374607431768211455");
    check_format((u128)1000000000000000000u * 1000000000000000000u, "1000000000000000000000000000000000000");
    uint64_t s = 88172645463325252u; /* xorshift: random values of every length */
    for (int k = 0; k < 20000; k++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        u128 v = (u128)s << 64 | (s * 0x9E3779B97F4A7C15u);
        check_format(v >> (k % 128), NULL);
    }
}

/* Items a and b, a in 2 options and b in 3: 6 solutions. */
static dlx_t *six(int links, int restarts) {
    dlx_t *d = dlx_new(2, 0);
    int32_t a = 0, b = 1;
    for (int k = 0; k < 2; k++) dlx_add_option(d, &a, NULL, 1);
    for (int k = 0; k < 3; k++) dlx_add_option(d, &b, NULL, 1);
    if (links) dlx_set_engine(d, DLX_ENGINE_LINKS);
    dlx_set_restarts(d, restarts);
    return d;
}

static void test_overflow(void) {
    const u128 two64 = (u128)1 << 64;
    for (int variant = 0; variant < 4; variant++) {
        int links = variant & 1, restarts = variant >> 1;
        check_context("overflow, %s search%s", links ? "linked" : "bit-set", restarts ? ", restarts" : "");
        dlx_t *d = six(links, restarts);
        uint64_t c = 0;
        dlx_wide_t w;
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
        CHECK_EQ(c, 6);
        /* ends on 2^64 - 1 exactly: the largest count dlx_count gives */
        dlx_debug_count_from(d, wide(two64 - 7));
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
        CHECK(c == UINT64_MAX);
        /* one more and it refuses, never wraps to 0 */
        dlx_debug_count_from(d, wide(two64 - 6));
        c = 0;
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_EOVERFLOW);
        CHECK(c == UINT64_MAX);
        CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
        CHECK(value(w) == two64);
        dlx_stats_t st;
        dlx_stats(d, &st);
        CHECK(st.solutions == UINT64_MAX); /* saturated */
        CHECK(value(dlx_stats_solutions(d)) == two64); /* the exact count beside it */
        CHECK(value(dlx_stats_solutions(NULL)) == 0);
        /* a limit counts the solutions found, wherever the counter began */
        dlx_debug_count_from(d, wide(two64 - 3));
        CHECK_EQ(dlx_count_wide(d, 4, 0, &w), DLX_LIMIT);
        CHECK(value(w) == two64 + 1);
        CHECK_EQ(dlx_count(d, 4, 0, &c), DLX_EOVERFLOW);
        /* far past 64 bits: exact */
        u128 big = 6 * two64 + 1003146656507593536u;
        dlx_debug_count_from(d, wide(big));
        CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_DONE);
        CHECK(value(w) == big + 6);
        char text[DLX_WIDE_DIGITS];
        dlx_wide_format(w, text);
        CHECK(strcmp(text, "111683611098764903238") == 0);
        /* past 2^128 - 1 (only the knob gets there): refused too, never wrapped */
        dlx_debug_count_from(d, wide(~(u128)0 - 2));
        CHECK_EQ(dlx_count_wide(d, 0, 0, &w), DLX_EOVERFLOW);
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_EOVERFLOW);
        /* the handle is as before once the knob is back at 0 */
        dlx_debug_count_from(d, wide(0));
        CHECK_EQ(dlx_count(d, 0, 0, &c), DLX_DONE);
        CHECK_EQ(c, 6);
        CHECK_EQ(dlx_count_wide(NULL, 0, 0, &w), DLX_EARG);
        CHECK_EQ(dlx_count_wide(d, 0, 0, NULL), DLX_EARG);
        dlx_free(d);
    }
    check_context("strerror");
    CHECK(strstr(dlx_strerror(DLX_EOVERFLOW), "2^64 - 1") != NULL);
}

int main(void) {
    check_cpu_limit("test_count", 60);
    test_format();
    test_overflow();
    return check_report("test_count");
}
