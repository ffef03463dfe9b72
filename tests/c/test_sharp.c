/* test_sharp.c: preferred items (dlx_set_preferred; DLX2-sharp's `#` names
 * in the DLX reader). On a tie of the fewest options each search (links,
 * bit sets, sparse sets, multiplicities) branches on the preferred item,
 * seen in the order of the first solution's options; dlx_branch_item
 * agrees with a count by dlx_item_options on random problems; and counts
 * are the same with and without preferred items on random problems, on
 * every search. */
#include "check.h"
#include "dlx.h"
#include "dlx_text.h"
#include "../../src/core/dlx_internal.h" /* dlx_set_engine: force each search */

#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

enum { LINKS, BITS, CELLS, MULTI, SEARCHES };
static const char *search_name[SEARCHES] = {"links", "bits", "cells", "multi"};

/* Make d run on search s (MULTI: bounds 0:1 on the spare item, which no
 * option has). */
static void use_search(dlx_t *d, int s, int32_t spare) {
    dlx_set_engine(d, s == LINKS ? DLX_ENGINE_LINKS : s == CELLS ? DLX_ENGINE_CELLS : DLX_ENGINE_AUTO);
    if (s == MULTI) CHECK_EQ(dlx_set_bounds(d, spare, 0, 1), DLX_OK);
}

static void check_on(const dlx_t *d, int s) {
    if (s == BITS) CHECK(d->on_bits);
    if (s == CELLS) CHECK(d->on_cells);
    if (s == MULTI) CHECK(d->n_bounded > 0);
    if (s == LINKS) CHECK(!d->on_bits && !d->on_cells && !d->n_bounded);
}

/* Items x, y (and the spare z, MULTI); options 0 "x", 1 "y", 2 "x y": x and y tie at
 * two options. Branching on x finds [0 1] first, on y [1 0]. */
static void test_tie(void) {
    for (int s = 0; s < SEARCHES; s++)
        for (int pref = 0; pref < 2; pref++) {
            check_context("tie, %s, y preferred %d", search_name[s], pref);
            dlx_t *d = dlx_new(2 + (s == MULTI), 0);
            int32_t o0[] = {0}, o1[] = {1}, o2[] = {0, 1};
            CHECK_EQ(dlx_add_option(d, o0, NULL, 1), 0);
            CHECK_EQ(dlx_add_option(d, o1, NULL, 1), 1);
            CHECK_EQ(dlx_add_option(d, o2, NULL, 2), 2);
            CHECK_EQ(dlx_set_preferred(d, 1, pref), DLX_OK);
            use_search(d, s, 2);
            if (s != MULTI) CHECK_EQ(dlx_branch_item(d), pref ? 1 : 0);
            CHECK_EQ(dlx_search(d, 0), DLX_SOLUTION);
            check_on(d, s);
            int32_t sol[4];
            CHECK_EQ(dlx_solution(d, sol, 4), 2);
            CHECK_EQ(sol[0], pref ? 1 : 0);
            CHECK_EQ(sol[1], pref ? 0 : 1);
            dlx_free(d);
        }
    check_context("");
}

/* The reader: `#y` on the item line is preferred, a secondary `#s` or a
 * `#` later in a name is only a name. */
static void test_reader(void) {
    const char *text = "x #y a# | #s\nx\n#y #s\nx #y\n";
    dlx_text_error_t err;
    dlx_text_t *t = dlx_text_parse(text, strlen(text), &err);
    CHECK(t != NULL);
    if (!t) return;
    dlx_t *d = dlx_text_engine(t);
    CHECK_EQ(d->n_pref, 1);
    CHECK_EQ(d->pref[0], 2);
    /* a# has no option: it is chosen (0 options) over any preferred item */
    CHECK_EQ(dlx_branch_item(d), 2);
    dlx_text_free(t);
    const char *text2 = "x #y\nx\n#y\nx #y\n";
    t = dlx_text_parse(text2, strlen(text2), &err);
    CHECK(t != NULL);
    if (!t) return;
    CHECK_EQ(dlx_branch_item(dlx_text_engine(t)), 1);
    uint64_t n = 0;
    CHECK_EQ(dlx_count(dlx_text_engine(t), 0, 0, &n), DLX_DONE);
    CHECK_EQ(n, 2);
    dlx_text_free(t);
}

/* Random problems: counts the same with and without preferred items on
 * every search; the branch item is the first preferred one of the fewest
 * options, else the first of the fewest (counted with dlx_item_options). */
#define MAX_ITEMS 10
#define MAX_OPTS 40
static void test_random(void) {
    int solvable = 0;
    for (int round = 0; round < 400; round++) {
        int32_t np = 1 + (int32_t)rnd(8), nopt = 1 + (int32_t)rnd(MAX_OPTS);
        int32_t items[MAX_OPTS][MAX_ITEMS], len[MAX_OPTS];
        int preferred[MAX_ITEMS] = {0};
        for (int32_t k = 0; k < nopt; k++) {
            len[k] = 0;
            for (int32_t i = 0; i < np; i++)
                if (rnd(100) < 30) items[k][len[k]++] = i;
            if (!len[k]) items[k][len[k]++] = (int32_t)rnd((uint32_t)np);
        }
        for (int32_t i = 0; i < np; i++) preferred[i] = rnd(3) == 0;
        for (int s = 0; s < SEARCHES; s++) {
            uint64_t count[2];
            for (int with = 0; with < 2; with++) {
                check_context("round %d, %s, preferred %d", round, search_name[s], with);
                dlx_t *d = dlx_new(np + (s == MULTI), 0);
                for (int32_t k = 0; k < nopt; k++) dlx_add_option(d, items[k], NULL, len[k]);
                for (int32_t i = 0; with && i < np; i++) CHECK_EQ(dlx_set_preferred(d, i, preferred[i]), DLX_OK);
                use_search(d, s, np);
                if (s == LINKS) { /* the rule, counted apart */
                    int32_t t = INT32_MAX, want = -1, want_pref = -1;
                    for (int32_t i = 0; i < np; i++) {
                        int32_t c = dlx_item_options(d, i, NULL, 0);
                        if (c < t) t = c, want = i, want_pref = -1;
                        if (c == t && with && preferred[i] && want_pref < 0) want_pref = i;
                    }
                    CHECK_EQ(dlx_branch_item(d), want_pref >= 0 ? want_pref : want);
                }
                count[with] = 0;
                CHECK_EQ(dlx_count(d, 0, 0, &count[with]), DLX_DONE);
                check_on(d, s);
                dlx_free(d);
            }
            CHECK_EQ(count[0], count[1]);
            solvable += s == LINKS && count[0] > 1;
        }
    }
    check_context("");
    CHECK(solvable >= 40); /* the rounds do test something */
}

int main(void) {
    check_cpu_limit("test_sharp", 60); /* a hang guard in CPU time (check.h) */
    rng_state = 2029;
    test_tie();
    test_reader();
    test_random();
    CHECK_EQ(dlx_set_preferred(NULL, 0, 1), DLX_EARG);
    dlx_t *d = dlx_new(1, 1);
    CHECK_EQ(dlx_set_preferred(d, 1, 1), DLX_EITEM); /* secondary */
    CHECK_EQ(dlx_set_preferred(d, -1, 1), DLX_EITEM);
    dlx_free(d);
    return check_report("test_sharp");
}
