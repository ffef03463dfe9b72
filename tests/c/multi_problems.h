/* multi_problems.h: random small problems with bounds for the tests of
 * the memoized count with multiplicities and its ZDD (test_memo_multi.c,
 * test_zdd_multi.c): secondary items, colors, forced and left-out
 * options, and a brute force over the subsets of the options (at most
 * MAX_OPTS). The including file defines draw(n), its random numbers. */
#ifndef TEST_MULTI_PROBLEMS_H
#define TEST_MULTI_PROBLEMS_H

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "dlx.h"

enum { MAX_OPTS = 14, MAX_ITEMS = 9 };
typedef struct {
    int32_t np, ns, n, lo[MAX_ITEMS], hi[MAX_ITEMS];
    int32_t len[MAX_OPTS], items[MAX_OPTS][MAX_ITEMS], colors[MAX_OPTS][MAX_ITEMS];
    int32_t forced[MAX_OPTS], nf, left_out[MAX_OPTS], nl;
} problem;

static void random_problem(problem *p) {
    memset(p, 0, sizeof *p);
    p->np = 1 + (int32_t)draw(5), p->ns = (int32_t)draw(4), p->n = 1 + (int32_t)draw(MAX_OPTS);
    for (int32_t i = 0; i < p->np; i++) {
        p->hi[i] = i == 0 && draw(2) ? 2 + (int32_t)draw(3) : 1 + (int32_t)draw(3); /* mostly a bound not 1:1 */
        p->lo[i] = (int32_t)draw((uint32_t)p->hi[i] + 1);
    }
    for (int32_t k = 0; k < p->n; k++) {
        int32_t n = 0;
        for (int32_t i = 0; i < p->np + p->ns; i++) {
            if (draw(100) >= 40) continue;
            p->items[k][n] = i, p->colors[k][n++] = i >= p->np && draw(2) ? 1 + (int32_t)draw(2) : 0;
        }
        if (!n || p->items[k][0] >= p->np) { /* a primary item first */
            memmove(p->items[k] + 1, p->items[k], (size_t)n * 4), memmove(p->colors[k] + 1, p->colors[k], (size_t)n * 4);
            p->items[k][0] = (int32_t)draw((uint32_t)p->np), p->colors[k][0] = 0, n++;
            for (int32_t j = 1; j < n; j++)
                if (p->items[k][j] == p->items[k][0]) {
                    memmove(p->items[k] + j, p->items[k] + j + 1, (size_t)(n - j - 1) * 4);
                    memmove(p->colors[k] + j, p->colors[k] + j + 1, (size_t)(n - j - 1) * 4);
                    n--;
                }
        }
        p->len[k] = n;
    }
    for (int32_t k = 0; k < p->n; k++) {
        uint32_t r = draw(20);
        if (r == 0) p->forced[p->nf++] = k;
        else if (r == 1) p->left_out[p->nl++] = k;
    }
}

/* Whether the options of mask are a solution: bounds met, colors agreeing,
 * the forced ones in, the left-out ones out. */
static int is_solution(const problem *p, uint32_t mask) {
    int32_t uses[MAX_ITEMS] = { 0 }, color[MAX_ITEMS] = { 0 };
    for (int32_t f = 0; f < p->nf; f++)
        if (!(mask >> p->forced[f] & 1)) return 0;
    for (int32_t f = 0; f < p->nl; f++)
        if (mask >> p->left_out[f] & 1) return 0;
    for (int32_t k = 0; k < p->n; k++) {
        if (!(mask >> k & 1)) continue;
        for (int32_t j = 0; j < p->len[k]; j++) {
            int32_t i = p->items[k][j], c = p->colors[k][j];
            if (i >= p->np) {
                if (uses[i] && (c == 0 || color[i] != c)) return 0;
                color[i] = c;
            }
            uses[i]++;
        }
    }
    for (int32_t i = 0; i < p->np; i++)
        if (uses[i] < p->lo[i] || uses[i] > p->hi[i]) return 0;
    return 1;
}

static dlx_t *build(const problem *p) {
    dlx_t *d = dlx_new(p->np, p->ns);
    for (int32_t i = 0; i < p->np; i++) CHECK_EQ(dlx_set_bounds(d, i, p->lo[i], p->hi[i]), DLX_OK);
    for (int32_t k = 0; k < p->n; k++) CHECK_EQ(dlx_add_option(d, p->items[k], p->colors[k], p->len[k]), k);
    return d;
}

/* Forced options that clash are refused by dlx_force: then the brute
 * force must not ask for them either. */
static void force_and_leave_out(dlx_t *d, problem *p) {
    int32_t kept = 0;
    for (int32_t f = 0; f < p->nf; f++)
        if (dlx_force(d, p->forced[f]) == DLX_OK) p->forced[kept++] = p->forced[f];
    p->nf = kept;
    kept = 0;
    for (int32_t f = 0; f < p->nl; f++)
        if (dlx_exclude(d, p->left_out[f]) == DLX_OK) p->left_out[kept++] = p->left_out[f];
    p->nl = kept;
}

#endif
