/* dlx_zdd.c: the ZDD of all solutions as a result (Knuth's DLX6, after
 * Nishino et al.'s DXZ): built by the memoized search (dlx_memo.c; with
 * bounds dlx_memo_multi.c, whose subsets are paths of HI links), then
 * read: its size, its exact count, the k-th solution in its order, a
 * uniformly random one, and an export in DLX6's text format.
 *
 * The order: at a node, the solutions holding its option (HI) come before
 * those of its LO, so the k-th solution is found by one walk down, each
 * node's count weighing its HI side. A random solution is the k-th for a k
 * drawn uniformly below the count: uniform because every solution is one
 * path, one k. Forced options sit above the search's root as nodes of
 * their own (LO 0), so every solution lists them first.
 *
 * The build runs in steps (dlx_zdd_begin, dlx_zdd_step: the walk resumes
 * where a step stopped, so the nodes are made in the same order and the
 * ZDD is the one-call build's); only a finished ZDD is read. */
#include "dlx_zdd.h"

#include <string.h>

#include "random.h"

int dlx_zdd_begin(dlx_t *d, uint64_t max_bytes, dlx_zdd_t **out) {
    if (!d || !out) return DLX_EARG;
    *out = NULL;
    dlx_restart(d);
    uint64_t bytes = max_bytes ? max_bytes : DLX_MEMO_DEFAULT_BYTES;
    struct dlx_zdd *z = calloc(1, sizeof *z);
    if (!z) return DLX_ENOMEM;
    z->limit = z->room = bytes > SIZE_MAX ? SIZE_MAX : (size_t)bytes;
    z->status = DLX_BUDGET;
    const size_t first = 64;
    int rc = DLX_ENOMEM;
    if (z->room >= sizeof *z + first * ZDD_NODE_BYTES) {
        z->room -= sizeof *z + first * ZDD_NODE_BYTES;
        z->node = malloc(first * sizeof *z->node);
        z->count = malloc(first * sizeof *z->count);
        if (z->node && z->count) {
            z->cap = first, z->n = 2; /* the terminals: no solution, the empty one */
            z->node[0] = z->node[1] = (struct dlx_zdd_node){ -1, 0, 0 };
            z->count[0] = 0, z->count[1] = 1;
            rc = d->n_bounded ? dlx_memo_multi_zdd_begin(d, z) : dlx_memo_zdd_begin(d, z);
        }
    }
    if (rc != DLX_OK) {
        dlx_zdd_free(z);
        return rc;
    }
    *out = z;
    return DLX_OK;
}

/* The end of a build: the forced options above the search's root, the spare room given back. */
static int finish(const dlx_t *d, struct dlx_zdd *z) {
    for (int32_t j = d->n_forced - 1; j >= 0 && z->root; j--)
        if (!(z->root = dlx_zdd_add(z, d->forced[j], 0, z->root))) return DLX_ENOMEM;
    struct dlx_zdd_node *nd = realloc(z->node, z->n * sizeof *nd); /* shrinking: the spare room goes */
    if (nd) z->node = nd;
    dlx_count_t *c = realloc(z->count, z->n * sizeof *c);
    if (c) z->count = c;
    if (nd && c) z->cap = z->n;
    return DLX_OK;
}

int dlx_zdd_step(dlx_t *d, dlx_zdd_t *z, uint64_t max_nodes) {
    if (!d || !z) return DLX_EARG;
    if (z->status != DLX_BUDGET) return z->status; /* ended: as it ended */
    if (z->building != d) return DLX_EARG;       /* not d's, or abandoned */
    uint64_t left = UINT64_MAX - d->nodes;
    uint64_t stop = max_nodes && max_nodes < left ? d->nodes + max_nodes : UINT64_MAX;
    int rc = d->n_bounded ? dlx_memo_multi_zdd_step(d, z, stop) : dlx_memo_zdd_step(d, z, stop);
    if (rc == DLX_OK) rc = finish(d, z);
    if (rc != DLX_BUDGET) z->status = rc;
    return rc;
}

int dlx_zdd_build(dlx_t *d, uint64_t max_bytes, dlx_zdd_t **out) {
    int rc = dlx_zdd_begin(d, max_bytes, out);
    if (rc == DLX_OK && (rc = dlx_zdd_step(d, *out, 0)) != DLX_OK) {
        dlx_zdd_free(*out);
        *out = NULL;
    }
    return rc;
}

void dlx_zdd_free(dlx_zdd_t *z) {
    if (!z) return;
    if (z->building) dlx_restart(z->building); /* a build under way: d's memo lets it go */
    free(z->node), free(z->count), free(z);
}

int dlx_zdd_progress(const dlx_zdd_t *z, dlx_zdd_progress_t *out) {
    if (!z || !out) return DLX_EARG;
    out->nodes = z->nodes, out->states = z->states, out->size = z->n - 2;
    out->bytes = z->status == DLX_OK ? dlx_zdd_bytes(z) : z->limit - z->room;
    return z->status;
}

uint64_t dlx_zdd_size(const dlx_zdd_t *z) { return z ? z->n - 2 : 0; }

uint64_t dlx_zdd_root(const dlx_zdd_t *z) { return z ? z->root : 0; }

size_t dlx_zdd_bytes(const dlx_zdd_t *z) { return z ? sizeof *z + z->cap * ZDD_NODE_BYTES : 0; }

dlx_wide_t dlx_zdd_count(const dlx_zdd_t *z) {
    dlx_count_t c = z ? z->count[z->root] : 0;
    return (dlx_wide_t){ (uint64_t)c, (uint64_t)(c >> 64) };
}

int dlx_zdd_node(const dlx_zdd_t *z, uint64_t j, int32_t *option, uint64_t *lo, uint64_t *hi) {
    if (!z || z->status != DLX_OK || j < 2 || j >= z->n) return DLX_EARG;
    if (option) *option = z->node[j].opt;
    if (lo) *lo = z->node[j].lo;
    if (hi) *hi = z->node[j].hi;
    return DLX_OK;
}

static int32_t nth(const dlx_zdd_t *z, dlx_count_t k, int32_t *options, int32_t cap) {
    int32_t n = 0;
    for (uint32_t j = z->root; j > 1;) {
        const struct dlx_zdd_node *v = &z->node[j];
        if (k < z->count[v->hi]) {
            if (n < cap) options[n] = v->opt;
            n++, j = v->hi;
        } else {
            k -= z->count[v->hi], j = v->lo;
        }
    }
    return n;
}

int32_t dlx_zdd_nth(const dlx_zdd_t *z, dlx_wide_t k, int32_t *options, int32_t cap) {
    if (!z || z->status != DLX_OK || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    dlx_count_t kk = (dlx_count_t)k.hi << 64 | k.lo;
    if (kk >= z->count[z->root]) return DLX_ENOSOLUTION;
    return nth(z, kk, options, cap);
}

/* A number drawn uniformly below c > 0: 128 random bits, the draws below
 * 2^128 mod c refused, so that every residue has as many draws. */
static dlx_count_t below(dlx_count_t c, uint64_t *state) {
    dlx_count_t refused = -c % c;
    for (;;) {
        dlx_count_t r = (dlx_count_t)next_random(state) << 64;
        r |= next_random(state);
        if (r >= refused) return r % c;
    }
}

int32_t dlx_zdd_random(const dlx_zdd_t *z, uint64_t *state, int32_t *options, int32_t cap) {
    if (!z || z->status != DLX_OK || !state || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (!z->count[z->root]) return DLX_ENOSOLUTION;
    return nth(z, below(z->count[z->root], state), options, cap);
}

/* ---- DLX6's text ------------------------------------------------------------- */

/* Appends s[0..n) to out at *at, within cap; *at counts every byte. */
static void put(char *out, size_t cap, uint64_t *at, const char *s, size_t n) {
    if (*at < cap) memcpy(out + *at, s, n < cap - *at ? n : (size_t)(cap - *at));
    *at += n;
}

static void put_number(char *out, size_t cap, uint64_t *at, uint64_t v, unsigned base) {
    char buf[24];
    size_t k = sizeof buf;
    do buf[--k] = "0123456789abcdef"[v % base], v /= base;
    while (v);
    put(out, cap, at, buf + k, sizeof buf - k);
}

/* One line "ID: (~OPTION?LO:HI)", numbers in hex but the option's. */
static void put_line(char *out, size_t cap, uint64_t *at, uint64_t id, uint64_t opt, uint64_t lo, uint64_t hi) {
    put_number(out, cap, at, id, 16);
    put(out, cap, at, ": (~", 4);
    put_number(out, cap, at, opt, 10);
    put(out, cap, at, "?", 1);
    put_number(out, cap, at, lo, 16);
    put(out, cap, at, ":", 1);
    put_number(out, cap, at, hi, 16);
    put(out, cap, at, ")\n", 2);
}

/* As DLX6 prints it: a line per node, children first, variables numbered
 * from 1 (option k is k + 1), then a root of variable 0 whose HI is the
 * ZDD's root. */
int64_t dlx_zdd_text(const dlx_zdd_t *z, char *out, size_t cap) {
    if (!z || z->status != DLX_OK || (cap && !out)) return DLX_EARG;
    uint64_t at = 0;
    for (size_t j = 2; j < z->n; j++)
        put_line(out, cap, &at, j, (uint64_t)z->node[j].opt + 1, z->node[j].lo, z->node[j].hi);
    put_line(out, cap, &at, z->n, 0, 0, z->root);
    return (int64_t)at;
}
