/* dlx_multi.c: exact cover with multiplicities (the problems of Knuth's
 * DLX3, his Algorithm M): primary item i is covered lo[i] to hi[i] times,
 * secondary items at most once or by options agreeing on a color.
 *
 * The tree: at a node the search picks the active primary item i with the
 * fewest ways to go on: with len options left in i's column and need =
 * lo - count more uses required, the branches are "the first option of the
 * column (in column order) that the solution uses is the k-th", for k = 1 ..
 * len - need + 1, plus, when need is 0, "the solution uses no more option
 * of i". Each branch removes the options it skipped, so every solution is
 * met exactly once. Taking an option uses each of its items once: a primary
 * item whose count reaches hi is covered (its other options go), an
 * uncolored secondary item is covered, a colored one is settled on that
 * color (options with another one go). An item with no option left and
 * nothing more needed is done: it is never branched on (no node for it).
 *
 * Two searches walk that tree node for node (tests/c/test_multi.c checks):
 * up to BITS_MAX_OPTIONS options (and BITS_MAX_SCAN primary items times
 * words a set), sets of live options, one per level: a column's length is
 * counted from them (popcount), and backing up undoes only the counts
 * (1.5-6x the links on bench/multiplicity-run.mjs's family). Beyond, or on
 * DLX_ENGINE_LINKS, a copy of the links made at each start from the
 * handle's pristine matrix (with bounds, forced options are only recorded
 * in the handle), so a restart just drops it.
 *
 * With costs and dlx_set_best, the same tree on the links (search_choice.c
 * rules so) cut by the cutoff alone (no taxes, no sorting, no bound): a
 * branch whose option would bring the cost to the worst of the k kept, or
 * past it, is skipped as if tried.
 */
#include "dlx_multi.h"
#include "random.h"

#include <stdlib.h>
#include <string.h>

/* ---- the dance on the copy ---------------------------------------------- */

/* Unlink every node of the option holding p except p itself. */
static void hide_rest(multi *m, int32_t p, uint64_t *upd) {
    dlx_node *nd = m->nd;
    for (int32_t q = p + 1; q != p;) {
        if (nd[q].top <= 0) {
            q = nd[q].up;
            continue;
        }
        int32_t u = nd[q].up, dn = nd[q].down;
        nd[u].down = dn, nd[dn].up = u;
        m->len[nd[q].top]--;
        (*upd)++;
        q++;
    }
}

static void unhide_rest(multi *m, int32_t p) {
    dlx_node *nd = m->nd;
    for (int32_t q = p - 1; q != p;) {
        if (nd[q].top <= 0) {
            q = nd[q].down;
            continue;
        }
        nd[nd[q].up].down = q, nd[nd[q].down].up = q;
        m->len[nd[q].top]++;
        q--;
    }
}

/* Item j takes no more options: hide every option left in its column. */
static void cover_all(multi *m, int32_t j, int32_t primary, uint64_t *upd) {
    dlx_node *nd = m->nd;
    for (int32_t p = nd[j].down; p != j; p = nd[p].down) hide_rest(m, p, upd);
    if (j <= primary) {
        int32_t l = m->prev[j], r = m->next[j];
        m->next[l] = r, m->prev[r] = l;
    }
}

static void uncover_all(multi *m, int32_t j, int32_t primary) {
    dlx_node *nd = m->nd;
    if (j <= primary) {
        int32_t l = m->prev[j], r = m->next[j];
        m->next[l] = j, m->prev[r] = j;
    }
    for (int32_t p = nd[j].up; p != j; p = nd[p].up) unhide_rest(m, p);
}

/* Take option p out of the matrix (all its nodes), or put it back. */
static void remove_option(multi *m, int32_t p, uint64_t *upd) {
    dlx_node *nd = m->nd;
    nd[nd[p].up].down = nd[p].down, nd[nd[p].down].up = nd[p].up;
    m->len[nd[p].top]--;
    hide_rest(m, p, upd);
}

static void restore_option(multi *m, int32_t p) {
    dlx_node *nd = m->nd;
    unhide_rest(m, p);
    nd[nd[p].up].down = p, nd[nd[p].down].up = p;
    m->len[nd[p].top]++;
}

/* One use of the item of node q by a chosen option (already removed). */
static void use(const dlx_t *d, multi *m, int32_t q, uint64_t *upd) {
    dlx_node *nd = m->nd;
    int32_t j = nd[q].top, c = nd[q].color;
    if (j <= d->n_primary) {
        if (++m->count[j] == d->hi[j]) cover_all(m, j, d->n_primary, upd);
    } else if (c == 0) {
        cover_all(m, j, d->n_primary, upd);
    } else if (m->settled[j]++ == 0) { /* settle j on c: other colors go */
        for (int32_t p = nd[j].down; p != j; p = nd[p].down)
            if (nd[p].color != c) hide_rest(m, p, upd);
    }
}

static void unuse(const dlx_t *d, multi *m, int32_t q) {
    dlx_node *nd = m->nd;
    int32_t j = nd[q].top, c = nd[q].color;
    if (j <= d->n_primary) {
        if (m->count[j]-- == d->hi[j]) uncover_all(m, j, d->n_primary);
    } else if (c == 0) {
        uncover_all(m, j, d->n_primary);
    } else if (--m->settled[j] == 0) {
        for (int32_t p = nd[j].up; p != j; p = nd[p].up)
            if (nd[p].color != c) unhide_rest(m, p);
    }
}

/* The first node of the option holding p (the spacer before it says). */
static int32_t first_node(const dlx_node *nd, int32_t p) {
    while (nd[p - 1].top > 0) p--;
    return p;
}

/* Choose the option holding p: take it out, then use each of its items. */
static void choose(const dlx_t *d, multi *m, int32_t p, uint64_t *upd) {
    remove_option(m, p, upd);
    for (int32_t q = first_node(m->nd, p); m->nd[q].top > 0; q++) use(d, m, q, upd);
}

/* Undo the uses of choose (the option stays out of the matrix). */
static void unuse_all(const dlx_t *d, multi *m, int32_t p) {
    int32_t first = first_node(m->nd, p), q = p;
    while (m->nd[q + 1].top > 0) q++;
    for (; q >= first; q--) unuse(d, m, q);
}

/* ---- the links ---------------------------------------------------------------- */

/* Whether option k is still in the matrix: all its nodes linked, and no
 * item of it covered (a one-item option stays linked in its own column). */
static int available(const dlx_t *d, const multi *m, int32_t k) {
    const dlx_node *nd = m->nd;
    for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) {
        int32_t j = nd[q].top;
        if (nd[nd[q].up].down != q) return 0;
        if (j <= d->n_primary && m->count[j] >= d->hi[j]) return 0;
    }
    return 1;
}

/* Item k's number of branches, and its slack (the tie-breaks); 0 with
 * *slack -1 when k is done (no option left, nothing more needed). */
static inline int32_t branches(const dlx_t *d, const multi *m, int32_t k, int32_t *slack) {
    int32_t b = d->hi[k] - m->count[k], s = d->hi[k] - d->lo[k];
    if (m->len[k] == 0 && d->lo[k] <= m->count[k]) return *slack = -1, 0;
    if (s > b) s = b;
    *slack = s;
    return m->len[k] + (s - b) + 1; /* s - b first: s may be near INT32_MAX (hi) */
}

/* The active item with the fewest branches (ties: the first preferred one,
 * dlx_set_preferred; else less slack, then the longer column, as DLX3 does);
 * returns that number, <= 0 at a dead end, INT32_MAX when none is left. */
static int32_t pick(const dlx_t *d, const multi *m, int32_t *best) {
    int32_t t = INT32_MAX, bs = 0, bl = 0;
    for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
        int32_t s, score = branches(d, m, k, &s), l = m->len[k];
        if (s < 0) continue;
        if (score < t || (score == t && (s < bs || (s == bs && l > bl)))) {
            t = score, bs = s, bl = l, *best = k;
            if (t <= 0) break;
        }
    }
    if (d->n_pref && t > 0 && t != INT32_MAX)
        for (int32_t j = 0, s; j < d->n_pref; j++) {
            int32_t k = d->pref[j]; /* active: still linked from its neighbour */
            if (m->next[m->prev[k]] == k && branches(d, m, k, &s) == t && s >= 0) {
                *best = k;
                break;
            }
        }
    return t;
}

/* The cost of the option holding node r (dlx_set_cost). */
static uint64_t cost_of(const dlx_t *d, const dlx_node *nd, int32_t r) {
    int32_t k = option_of(nd, r);
    return k < d->cap_cost ? (uint64_t)d->cost[k] : 0;
}

/* With a seed (dlx_set_seed) item i's column is tried round from a random
 * place: the first branch takes the option there, each next one the
 * option after the last tried (which stays left out), the header skipped. */
COLD static int32_t seeded_next(dlx_t *d, const multi *m, int32_t i, int32_t last) {
    const dlx_node *nd = m->nd;
    int32_t r = last < 0 ? nd[i].down : nd[last].down;
    if (last < 0)
        for (uint64_t s = rng_next(&d->rng) % (uint64_t)m->len[i]; s; s--) r = nd[r].down;
    return r == i ? nd[i].down : r;
}

/* The search on the links (a copy, made by start). */
OUTLINED static int links_search(dlx_t *d, multi *m, uint64_t stop) {
    uint64_t upd = 0;
    dlx_node *nd = m->nd;
    int32_t l = m->level, i = 0, r;
    if (m->resume) goto backup;

enter:
    if (d->best_k && m->cost >= dlx_best_cutoff(d)) goto backup; /* the cutoff fell below the path's cost */
    {
    int32_t t = pick(d, m, &i);
    if (t == INT32_MAX) {
        d->phase = PH_AT_SOLUTION;
        m->level = l, m->resume = 1;
        d->level = l, d->depth = l;
        d->updates += upd;
        if (d->best_k) { /* under the cutoff: the branch's choices were */
            int rc = dlx_best_keep(d, m->cost, dlx_multi_solution);
            if (rc) return d->phase = PH_FORWARD, m->resume = 0, rc;
        }
        d->solutions++;
        return DLX_SOLUTION;
    }
    if (d->nodes >= stop) {
        m->level = l, m->resume = 0;
        d->level = l, d->phase = PH_FORWARD;
        d->updates += upd;
        return DLX_BUDGET;
    }
    d->nodes++;
    if (t <= 0) goto backup;
    if (t > 1) d->guesses++;
    m->item[l] = i, m->cur[l] = NONE, m->excl_at[l] = m->nexcl, m->pos[l] = 0, m->tot[l] = t;
}

try_next:
    i = m->item[l];
    {
        int32_t need = d->lo[i] - m->count[i];
        if (m->len[i] > 0 && m->len[i] >= need) {
            r = m->cur[l] = d->seed ? seeded_next(d, m, i, m->cur[l]) : nd[i].down;
            uint64_t c = d->best_k ? cost_of(d, nd, r) : 0;
            uint64_t cut = d->best_k ? dlx_best_cutoff(d) : 0;
            if (d->best_k && (m->cost >= cut || c >= cut - m->cost)) { /* too dear: as a branch tried */
                remove_option(m, r, &upd);
                m->excl[m->nexcl++] = r;
                m->pos[l]++;
                goto try_next;
            }
            m->part[l] = m->cost, m->cost += c;
            choose(d, m, r, &upd);
            if (++l > d->max_level) d->max_level = l;
            goto enter;
        }
        if (need <= 0 && m->cur[l] != STOP) {
            m->next[m->prev[i]] = m->next[i], m->prev[m->next[i]] = m->prev[i];
            m->cur[l] = STOP;
            if (++l > d->max_level) d->max_level = l;
            goto enter;
        }
    }
    while (m->nexcl > m->excl_at[l]) restore_option(m, m->excl[--m->nexcl]);

backup:
    if (l == 0) {
        d->phase = PH_DONE;
        d->level = 0;
        d->updates += upd;
        return DLX_DONE;
    }
    l--;
    i = m->item[l], r = m->cur[l];
    if (r == STOP) {
        m->next[m->prev[i]] = i, m->prev[m->next[i]] = i;
        while (m->nexcl > m->excl_at[l]) restore_option(m, m->excl[--m->nexcl]);
        goto backup;
    }
    unuse_all(d, m, r);
    m->cost = m->part[l];
    m->excl[m->nexcl++] = r; /* it stays out: later branches skip it */
    m->pos[l]++;
    goto try_next;
}

/* ---- starting, and the entry points ------------------------------------------ */

void dlx_multi_free(dlx_t *d) {
    multi *m = d->multi;
    if (!m) return;
    dlx_multi_bits_free(m);
    free(m->nd), free(m->len), free(m->prev), free(m->next), free(m->count), free(m->settled);
    free(m->item), free(m->cur), free(m->excl_at), free(m->pos), free(m->tot), free(m->excl), free(m->part);
    free(m);
    d->multi = NULL;
}

size_t dlx_multi_bytes(const dlx_t *d) {
    const multi *m = d->multi;
    if (!m) return 0;
    size_t bits = 0;
    if (m->mask) {
        size_t W = (size_t)m->words, levels = (size_t)m->cap_levels + 1;
        bits = ((size_t)m->kill_at[m->b_options] + (size_t)d->n_items + 1) * W * 8 + levels * ((W + (size_t)m->owords) * 8 + 4) +
               ((size_t)m->prim_at[m->b_options] + (size_t)m->kill_at[m->b_options] + 2 * (size_t)m->b_options + 2) * 4 +
               ((size_t)d->n_primary + 1) * sizeof *m->kb + (m->one ? sizeof *m->one : 0);
    }
    return sizeof *m + (size_t)m->cap_nodes * sizeof(dlx_node) + (size_t)(d->n_items + 2) * 5 * sizeof(int32_t) +
           (size_t)m->cap_levels * (6 * sizeof(int32_t) + sizeof(uint64_t)) + bits;
}

/* Counters and per-level records for a fresh start, then the bit sets'
 * tables or a copy of the links; DLX_ENOMEM if no room. */
COLD static int start(dlx_t *d) {
    multi *m = d->multi;
    if (!m) {
        if (!(m = d->multi = calloc(1, sizeof *m))) return DLX_ENOMEM;
        m->b_options = -1;
    }
    int32_t n = d->n_items, levels = d->n_options + d->n_primary + 1;
    if (!m->len) {
        m->len = malloc((size_t)(n + 1) * sizeof *m->len);
        m->prev = malloc((size_t)(n + 1) * sizeof *m->prev);
        m->next = malloc((size_t)(n + 1) * sizeof *m->next);
        m->count = malloc((size_t)(n + 1) * sizeof *m->count);
        m->settled = malloc((size_t)(n + 1) * sizeof *m->settled);
        if (!m->len || !m->prev || !m->next || !m->count || !m->settled) return DLX_ENOMEM;
    }
    if (m->cap_levels < levels) {
        int32_t **arr[] = {&m->item, &m->cur, &m->excl_at, &m->pos, &m->tot, &m->excl};
        for (size_t k = 0; k < sizeof arr / sizeof *arr; k++) {
            free(*arr[k]);
            *arr[k] = malloc((size_t)levels * sizeof **arr[k]);
        }
        free(m->part);
        m->part = malloc((size_t)levels * sizeof *m->part);
        dlx_multi_bits_free(m); /* its per-level arrays are sized for the old depth */
        for (size_t k = 0; k < sizeof arr / sizeof *arr; k++)
            if (!*arr[k] || !m->part) {
                m->cap_levels = 0;
                return DLX_ENOMEM;
            }
        m->cap_levels = levels;
    }
    for (int32_t i = 0; i <= n; i++) m->count[i] = m->settled[i] = 0;
    m->nexcl = m->level = m->resume = 0;
    m->on_bits = d->multi_bits && dlx_multi_bits_build(d, m, m->cap_levels);
    if (m->on_bits) return DLX_OK;
    if (m->cap_nodes < d->n_nodes) {
        free(m->nd);
        if (!(m->nd = malloc((size_t)d->n_nodes * sizeof *m->nd))) {
            m->cap_nodes = 0;
            return DLX_ENOMEM;
        }
        m->cap_nodes = d->n_nodes;
    }
    memcpy(m->nd, d->node, (size_t)d->n_nodes * sizeof *m->nd);
    m->n_nodes = d->n_nodes;
    for (int32_t i = 0; i <= n; i++) m->len[i] = d->len[i];
    int32_t p = d->n_primary;
    for (int32_t i = 0; i <= p; i++) m->prev[i] = i ? i - 1 : p, m->next[i] = i < p ? i + 1 : 0;
    return DLX_OK;
}

/* A fresh start at the root: the left-out options gone, then the forced
 * ones taken; DLX_DONE if one of those is no longer available. */
COLD static int root(dlx_t *d) {
    int rc = start(d);
    if (rc) return rc;
    multi *m = d->multi;
    m->cost = 0;
    uint64_t upd = 0;
    int ok = 1;
    if (m->on_bits) ok = dlx_multi_bits_root(d, m, &upd);
    for (int32_t x = 0; x < d->n_excluded && !m->on_bits; x++) {
        int32_t p = d->opt_start[d->excluded[x]];
        if (m->nd[m->nd[p].up].down == p) remove_option(m, p, &upd); /* left out twice: once */
    }
    for (int32_t f = 0; f < d->n_forced && ok && !m->on_bits; f++) {
        int32_t k = d->forced[f];
        if ((ok = available(d, m, k))) {
            choose(d, m, d->opt_start[k], &upd);
            m->cost += cost_of(d, m->nd, d->opt_start[k]);
        }
    }
    d->updates += upd;
    return ok ? DLX_OK : DLX_DONE;
}

int dlx_multi_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_DONE) return DLX_DONE;
    if (d->phase == PH_START) {
        if (d->best_k && dlx_best_reset(d)) return DLX_ENOMEM;
        int rc = root(d);
        if (rc == DLX_DONE) d->phase = PH_DONE;
        if (rc) return rc;
    }
    multi *m = d->multi;
    d->phase = PH_FORWARD;
    if (!m->on_bits) return links_search(d, m, stop);
    int (*slice)(dlx_t *, multi *, uint64_t) = multi_one_word(m) ? dlx_multi_bits_search_one : dlx_multi_bits_search_any;
#ifdef __wasm__
    /* Called again every SLICE_NODES nodes: V8 runs a function's optimized
     * code only from its next call, and a search without solutions stayed
     * in baseline code all along (pento-6x6-k2 0.74 -> 0.54 s; as
     * dlx_search_until slices the other searches). */
    int rc;
    do rc = slice(d, m, d->nodes < stop && stop - d->nodes > SLICE_NODES ? d->nodes + SLICE_NODES : stop);
    while (rc == DLX_BUDGET && d->nodes < stop);
    return rc;
#else
    return slice(d, m, stop);
#endif
}

COLD int dlx_multi_root(dlx_t *d) {
    d->multi_bits = 0; /* the links: a branch is taken by leaving options out */
    uint64_t updates = d->updates;
    int rc = root(d);
    d->updates = updates; /* not a search's */
    return rc;
}

COLD int32_t dlx_multi_pick(const dlx_t *d, int32_t *item) { return pick(d, d->multi, item); }

COLD int32_t dlx_multi_column(const dlx_t *d, int32_t i, int32_t *options, int32_t cap) {
    const multi *m = d->multi;
    int32_t n = 0;
    for (int32_t p = m->nd[i].down; p != i; p = m->nd[p].down) {
        int32_t k = option_of(m->nd, p);
        if (!available(d, m, k)) continue; /* hidden by i itself */
        if (n < cap) options[n] = k;
        n++;
    }
    return n;
}

COLD void dlx_multi_branch(dlx_t *d, int32_t i, int32_t b) {
    multi *m = d->multi;
    uint64_t upd = 0;
    for (; b > 0 && m->len[i] > 0; b--) remove_option(m, m->nd[i].down, &upd);
    if (b == 0 && m->len[i] > 0) choose(d, m, m->nd[i].down, &upd);
    else m->next[m->prev[i]] = m->next[i], m->prev[m->next[i]] = m->prev[i];
}

int32_t dlx_multi_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n) {
    const multi *m = d->multi;
    for (int32_t l = 0; l < m->level; l++) {
        if (m->cur[l] == STOP) continue;
        if (n < cap) options[n] = m->on_bits ? m->cur[l] : option_of(m->nd, m->cur[l]);
        n++;
    }
    return n;
}

double dlx_multi_progress(const dlx_t *d) {
    const multi *m = d->multi;
    if (!m) return 0.0;
    double f = 0.0, w = 1.0;
    for (int32_t l = 0; l < m->level; l++) {
        w /= m->tot[l];
        f += m->pos[l] * w;
    }
    return f + w / 2;
}
