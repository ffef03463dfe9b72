/* dlx.c: Dancing Links for exact cover with colors (Knuth's Algorithm C):
 * building the matrix, forcing options, solutions, statistics. The layout is
 * described in dlx_internal.h. It calls down to the searches (their state:
 * freed, measured, their solutions) and never up: search_choice.c chooses
 * the search and runs it; the linked one is dlx_search.c, and most problems
 * search on bit sets (dlx_bits.c) or sparse sets (dlx_cells.c) over the same
 * forced options (the links stay the record of what is forced).
 */
#include "dlx_internal.h"
#include "random.h"

#include <stdlib.h>
#include <string.h>

const char *dlx_strerror(int code) {
    switch (code) {
    case DLX_OK: return "ok";
    case DLX_SOLUTION: return "a solution was found";
    case DLX_DONE: return "the search is complete";
    case DLX_BUDGET: return "the node budget was spent before the search ended";
    case DLX_LIMIT: return "the solution limit was reached";
    case DLX_ENOMEM: return "out of memory";
    case DLX_EARG: return "invalid argument (a NULL pointer or a negative size)";
    case DLX_EITEM: return "item index out of range";
    case DLX_EDUPITEM: return "an item appears twice in one option";
    case DLX_ECOLOR: return "a color on a primary item, or a negative color";
    case DLX_ENOPRIMARY: return "an option without a primary item can never be chosen";
    case DLX_EOPTION: return "option index out of range";
    case DLX_ECONFLICT: return "the forced option clashes with one forced earlier";
    case DLX_ENOFORCED: return "no option is forced (or left out)";
    case DLX_ETOOBIG: return "too many items or nodes for 32-bit indices";
    case DLX_ENOSOLUTION: return "the search is not at a solution";
    case DLX_EUNKNOWN: return "unknown item name";
    case DLX_EDUPNAME: return "item name declared twice";
    case DLX_ENOITEMS: return "no primary items declared";
    case DLX_ECHAR: return "a character that is not allowed here";
    case DLX_ESYNTAX: return "malformed line";
    case DLX_ECOST: return "a bad option cost (not a number, negative, or costs that together pass 2^63 - 1)";
    case DLX_EOVERFLOW: return "more solutions than the count holds (dlx_count: 2^64 - 1; dlx_count_wide has them)";
    case DLX_EBOUND: return "bad multiplicity bounds (upper bound 0, lower above upper, on a secondary item, or not a number), or an option left out of a problem without bounds";
    default: return "unknown error code";
    }
}


/* ---- building ------------------------------------------------------------ */

static void reset_search(dlx_t *d);

static int grow(void **buf, int32_t *cap, int64_t need, size_t elem) {
    if (need <= *cap) return DLX_OK;
    if (need > INT32_MAX - 1) return DLX_ETOOBIG;
    int64_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    if (n > INT32_MAX - 1) n = INT32_MAX - 1;
    void *p = realloc(*buf, (size_t)n * elem);
    if (!p) return DLX_ENOMEM;
    *buf = p;
    *cap = (int32_t)n;
    return DLX_OK;
}

dlx_t *dlx_new(int32_t primary, int32_t secondary) {
    if (primary < 0 || secondary < 0 || (int64_t)primary + secondary > INT32_MAX / 4) return NULL;
    dlx_t *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    int32_t n = primary + secondary;
    d->n_primary = primary;
    d->n_items = n;
    d->item = malloc((size_t)(n + 2) * sizeof *d->item);
    d->len = calloc((size_t)n + 1 + 64, sizeof *d->len); /* + room for choose_item's last look */
    d->owner = malloc((size_t)(n + 1) * sizeof *d->owner);
    d->mark = calloc((size_t)n + 1, sizeof *d->mark);
    d->forced = malloc((size_t)(primary + 1) * sizeof *d->forced);
    d->cap_forced = primary + 1;
    d->choice = malloc((size_t)(primary + 1) * sizeof *d->choice);
    d->start = malloc((size_t)(primary + 1) * sizeof *d->start);
    d->pos = malloc((size_t)(primary + 1) * sizeof *d->pos);
    d->tot = malloc((size_t)(primary + 1) * sizeof *d->tot);
    d->weight = malloc((size_t)(primary + 1) * sizeof *d->weight);
    d->stack = malloc(2 * ((size_t)n + 1) * sizeof *d->stack);
    d->few = malloc(FEW_MAX * ((size_t)n + 1) * sizeof *d->few);
    d->lv = malloc((size_t)(primary + 1) * sizeof *d->lv);
    if (!d->item || !d->len || !d->owner || !d->mark || !d->forced || !d->choice || !d->start || !d->pos ||
        !d->tot || !d->weight || !d->stack || !d->few || !d->lv || grow((void **)&d->node, &d->cap_nodes, (int64_t)n + 2, sizeof *d->node)) {
        dlx_free(d);
        return NULL;
    }
    /* Headers: empty columns. */
    for (int32_t i = 0; i <= n; i++) d->node[i] = (dlx_node){i, i, 0, 0};
    /* Two circular item lists: primary around 0, secondary around n+1. */
    int32_t sroot = n + 1;
    for (int32_t i = 0; i <= n + 1; i++) d->item[i] = (dlx_head){i - 1, i + 1, 0, 0};
    d->item[0].prev = primary;
    d->item[primary].next = 0;
    d->item[sroot].next = primary + 1 <= n ? primary + 1 : sroot;
    d->item[sroot].prev = n > primary ? n : sroot;
    if (n > primary) d->item[primary + 1].prev = sroot, d->item[n].next = sroot;
    for (int32_t i = 0; i <= n; i++) d->owner[i] = -1;
    /* The first spacer. */
    d->node[n + 1] = (dlx_node){0, 0, 0, 0};
    d->n_nodes = n + 2;
    reset_search(d);
    return d;
}

void dlx_free(dlx_t *d) {
    if (!d) return;
    free(d->node);
    free(d->item);
    free(d->len);
    free(d->opt_start);
    free(d->forced);
    free(d->excluded);
    free(d->owner);
    free(d->mark);
    free(d->choice);
    free(d->start);
    free(d->pos);
    free(d->tot);
    free(d->weight);
    free(d->stack);
    free(d->few);
    free(d->lv);
    free(d->trail);
    free(d->lo);
    free(d->hi);
    free(d->pref);
    dlx_multi_free(d);
    dlx_best_free(d);
    free(d->cost);
    dlx_bits_free(d);
    dlx_cells_free(d);
    dlx_learn_free(d);
    dlx_memo_free(d);
    dlx_memo_multi_free(d);
    free(d);
}

int32_t dlx_primary_count(const dlx_t *d) { return d ? d->n_primary : DLX_EARG; }
int32_t dlx_item_count(const dlx_t *d) { return d ? d->n_items : DLX_EARG; }
int32_t dlx_option_count(const dlx_t *d) { return d ? d->n_options : DLX_EARG; }
int32_t dlx_forced_count(const dlx_t *d) { return d ? d->n_forced : DLX_EARG; }

int dlx_reserve(dlx_t *d, int32_t options, int64_t nodes) {
    if (!d || options < 0 || nodes < 0) return DLX_EARG;
    int rc = grow((void **)&d->opt_start, &d->cap_options, (int64_t)d->n_options + options,
                  sizeof *d->opt_start);
    if (rc) return rc;
    return grow((void **)&d->node, &d->cap_nodes, d->n_nodes + nodes + options, sizeof *d->node);
}

/* Room for one more option of n items: 0 or DLX_ENOMEM. */
static int room_for_option(dlx_t *d, int32_t n) {
    int rc = grow((void **)&d->opt_start, &d->cap_options, (int64_t)d->n_options + 1,
                  sizeof *d->opt_start);
    return rc ? rc : grow((void **)&d->node, &d->cap_nodes, (int64_t)d->n_nodes + n + 1, sizeof *d->node);
}

/* Option d->n_options from items[0..n-1] (checked: distinct, in range, a
 * primary one, colors only on secondary items; room made), each node at
 * the bottom of its column, has_colors set if it has one; nothing forced and
 * no search under way.
 * Returns its number. */
static int32_t link_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n) {
    dlx_node *nd = d->node;
    int32_t spacer = d->n_nodes - 1, first = d->n_nodes;
    int32_t colored = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t x = items[k] + 1, p = first + k, c = colors ? colors[k] : 0;
        int32_t last = nd[x].up; /* append at the bottom of column x */
        nd[p] = (dlx_node){last, x, x, c};
        nd[last].down = p;
        nd[x].up = p;
        d->len[x]++;
        colored |= c;
    }
    d->has_colors |= colored != 0;
    nd[spacer].down = first + n - 1;
    nd[first + n] = (dlx_node){first, 0, -(d->n_options + 1), 0};
    d->n_nodes = first + n + 1;
    d->opt_start[d->n_options] = first;
    return d->n_options++;
}

int32_t dlx_add_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n) {
    if (!d || n < 0 || (n > 0 && !items)) return DLX_EARG;
    if (n == 0) return DLX_ENOPRIMARY;
    /* Validate everything before touching the matrix. */
    if (++d->stamp == INT32_MAX) {
        memset(d->mark, 0, (size_t)(d->n_items + 1) * sizeof *d->mark);
        d->stamp = 1;
    }
    int has_primary = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t i = items[k];
        if (i < 0 || i >= d->n_items) return DLX_EITEM;
        if (d->mark[i] == d->stamp) return DLX_EDUPITEM;
        d->mark[i] = d->stamp;
        int32_t c = colors ? colors[k] : 0;
        if (c < 0 || (c > 0 && i < d->n_primary)) return DLX_ECOLOR;
        if (i < d->n_primary) has_primary = 1;
    }
    if (!has_primary) return DLX_ENOPRIMARY;
    int rc = room_for_option(d, n);
    if (rc) return rc;
    /* A new option must see the matrix without forced options (or one that
     * clashes with them would stay selectable): take them off, then replay. */
    int32_t forced = d->n_forced;
    dlx_unforce_all(d);
    dlx_restart(d);
    dlx_bits_free(d); /* its tables hold the options */
    dlx_cells_free(d);
    int32_t k = link_option(d, items, colors, n);
    for (int32_t f = 0; f < forced; f++) dlx_force(d, d->forced[f]); /* cannot clash: it did not before */
    return k;
}

int32_t dlx_add_sound_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n) {
    if (d->n_forced || d->phase != PH_START || d->bits || d->cells) return dlx_add_option(d, items, colors, n);
    int rc = room_for_option(d, n);
    return rc ? rc : link_option(d, items, colors, n);
}

int32_t dlx_option_items(const dlx_t *d, int32_t k, int32_t *items, int32_t *colors, int32_t cap) {
    if (!d || cap < 0) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    const dlx_node *nd = d->node;
    int32_t p = d->opt_start[k], n = 0;
    for (; nd[p].top > 0; p++, n++) {
        if (n >= cap) continue;
        if (items) items[n] = nd[p].top - 1;
        if (colors) {
            /* -1 means "agrees with the settled color", kept in the header */
            int32_t c = nd[p].color;
            colors[n] = c < 0 ? d->item[nd[p].top].color : c;
        }
    }
    return n;
}

void dlx_restart(dlx_t *d) {
    if (!d) return;
    if (d->phase != PH_START && !d->on_bits && !d->on_cells && !d->n_bounded && !d->best_k) {
        dlx_unwind(d);
    }
    reset_search(d);
}

/* A fresh search on the matrix as it stands (nothing left to unwind). */
static void reset_search(dlx_t *d) {
    dlx_memo_abandon(d); /* a ZDD built in steps */
    dlx_memo_multi_abandon(d);
    d->on_memo = 0;      /* a memoized count stopped by its budget */
    d->phase = PH_START;
    d->level = d->depth = d->max_level = 0;
    d->nodes = d->updates = d->guesses = d->restarts = 0;
    d->solutions = d->count_from;
    /* Every restart replays the same random order. With restarts on, even
     * seed 0 draws one: the runs need orders of their own. */
    d->rng = d->seed || d->restarts_on ? mix_seed(d->seed) : 0;
    d->run_stop = UINT64_MAX;
    d->sp = d->nfew = d->ntrail = 0;
    dlx_learn_free(d);
    d->learn_failed = 0;
}

int32_t dlx_solution(const dlx_t *d, int32_t *options, int32_t cap) {
    if (!d || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (d->phase != PH_AT_SOLUTION) return DLX_ENOSOLUTION;
    int32_t n = 0;
    for (int32_t k = 0; k < d->n_forced; k++, n++)
        if (n < cap) options[n] = d->forced[k];
    if (d->n_bounded) return dlx_multi_solution(d, options, cap, n); /* with costs too */
    if (d->best_k) return dlx_best_solution_now(d, options, cap, n);
    if (d->cdcl) return dlx_learn_solution(d, options, cap, n);
    for (int32_t l = 0; l < d->depth; l++, n++) {
        if (n < cap) options[n] = d->on_bits || d->on_cells ? d->choice[l] : option_of(d->node, d->choice[l]);
    }
    return n;
}

void dlx_set_seed(dlx_t *d, uint64_t seed) {
    if (!d) return;
    d->seed = seed;
    dlx_restart(d);
}

void dlx_set_restarts(dlx_t *d, int on) {
    if (!d) return;
    d->restarts_on = on != 0;
    dlx_restart(d);
}

void dlx_set_restart_unit(dlx_t *d, uint64_t nodes) {
    if (!d) return;
    dlx_restart(d);
    d->restart_unit = nodes;
}

void dlx_set_learning(dlx_t *d, uint64_t nodes) {
#ifndef DLX_NO_LEARNING
    if (!d) return;
    dlx_restart(d);
    d->learn_at = nodes;
#else
    (void)d, (void)nodes; /* built without learning: nothing to hand over to */
#endif
}

dlx_wide_t dlx_stats_solutions(const dlx_t *d) {
    if (!d) return (dlx_wide_t){0, 0};
    return (dlx_wide_t){(uint64_t)d->solutions, (uint64_t)(d->solutions >> 64)};
}

void dlx_stats(const dlx_t *d, dlx_stats_t *out) {
    if (!d || !out) return;
    out->nodes = d->nodes;
    out->updates = d->updates;
    out->solutions = d->solutions > UINT64_MAX ? UINT64_MAX : (uint64_t)d->solutions;
    out->level = d->level;
    out->max_level = d->max_level;
    out->guesses = d->guesses;
    out->restarts = d->restarts;
    if (d->phase == PH_DONE) {
        out->progress = 1.0;
    } else if (d->phase == PH_START) {
        out->progress = 0.0;
    } else if (d->n_bounded) { /* Algorithm M, the cheapest too */
        out->progress = dlx_multi_progress(d);
    } else { /* Knuth's estimate: the share of each level's choices already done */
        double f = 0.0, w = 1.0;
        int32_t levels = d->phase == PH_AT_SOLUTION ? d->depth : d->level;
        for (int32_t l = 0; l < levels; l++) {
            w /= d->tot[l];
            f += d->pos[l] * w;
        }
        out->progress = f + w / 2;
    }
}

/* The first node of option k that clashes with a forced option, or 0. A
 * clash is an item already taken, unless both settle it on one color. That
 * color is in the item's header; this option's node says -1 if purify saw
 * it, but keeps its own color if it had been hidden before. */
static int32_t clashing_node(const dlx_t *d, int32_t k) {
    const dlx_node *nd = d->node;
    for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
        int32_t i = nd[p].top, c = nd[p].color;
        if (d->owner[i] >= 0 && c >= 0 && (c == 0 || c != d->item[i].color)) return p;
    }
    return 0;
}

int32_t dlx_item_options(dlx_t *d, int32_t i, int32_t *options, int32_t cap) {
    if (!d || cap < 0 || (cap > 0 && !options)) return DLX_EARG;
    if (i < 0 || i >= d->n_items) return DLX_EITEM;
    dlx_restart(d);
    if (d->n_bounded) { /* Algorithm M's root: what is left in i's column */
        int rc = dlx_multi_root(d);
        return rc == DLX_DONE ? 0 : rc ? rc : dlx_multi_column(d, i + 1, options, cap);
    }
    /* Without a search, column i holds every option that agrees with the
     * forced ones, plus (when a forced option took i) some that do not. */
    const dlx_node *nd = d->node;
    int32_t n = 0, x = i + 1;
    for (int32_t p = nd[x].down; p != x; p = nd[p].down) {
        int32_t k = option_of(nd, p);
        if (d->owner[x] >= 0 && clashing_node(d, k)) continue;
        if (n < cap) options[n] = k;
        n++;
    }
    return n;
}


int32_t dlx_branch_item(dlx_t *d) {
    if (!d) return DLX_EARG;
    dlx_restart(d);
    if (d->n_bounded) {
        int32_t i = 0, rc = dlx_multi_root(d);
        if (rc) return rc == DLX_DONE ? -1 : rc;
        return dlx_multi_pick(d, &i) == INT32_MAX ? -1 : i - 1;
    }
    return dlx_links_item(d);
}

int32_t dlx_item_need(const dlx_t *d, int32_t i) {
    if (!d) return DLX_EARG;
    if (i < 0 || i >= d->n_items) return DLX_EITEM;
    int32_t need = i < d->n_primary ? d->lo ? d->lo[i + 1] : 1 : 0;
    for (int32_t f = 0; f < d->n_forced; f++)
        for (int32_t p = d->opt_start[d->forced[f]]; d->node[p].top > 0; p++) need -= d->node[p].top == i + 1;
    return need > 0 ? need : 0;
}


/* ---- forcing ---------------------------------------------------------------- */

/* Take every item of option k for good (forcing), or give them back.
 * Without colors no node is ever marked, so the plain dance serves. */
static void take(dlx_t *d, int32_t k, const int colored) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = m.nd;
    uint64_t upd = 0;
    for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
        int32_t i = nd[p].top;
        if (nd[p].color == 0) {
            cover(m, i, colored, &upd, NULL);
            d->owner[i] = k;
        } else if (nd[p].color > 0) {
            purify(m, p, &upd, NULL);
            d->owner[i] = k;
        }
    }
}

static void give_back(dlx_t *d, int32_t k, const int colored) {
    dance m = {d->node, d->item, d->len};
    dlx_node *nd = m.nd;
    int32_t first = d->opt_start[k], p = first;
    while (nd[p].top > 0) p++;
    for (p--; p >= first; p--) {
        int32_t i = nd[p].top;
        if (nd[p].color == 0) {
            uncover(m, i, colored);
            d->owner[i] = -1;
        } else if (nd[p].color > 0) {
            unpurify(m, p);
            d->owner[i] = -1;
        }
    }
}

/* With bounds a forced option is only recorded: the search takes it. */
static int record_forced(dlx_t *d, int32_t k) {
    for (int32_t f = 0; f < d->n_forced; f++)
        if (d->forced[f] == k) { /* an option is used once: forcing it again clashes with itself */
            d->conflict_option = k;
            d->conflict_item = d->node[d->opt_start[k]].top - 1;
            return DLX_ECONFLICT;
        }
    if (d->n_forced == d->cap_forced) {
        int32_t cap = d->cap_forced * 2;
        int32_t *f = realloc(d->forced, (size_t)cap * sizeof *f);
        if (!f) return DLX_ENOMEM;
        d->forced = f, d->cap_forced = cap;
    }
    d->forced[d->n_forced++] = k;
    return DLX_OK;
}

int dlx_force(dlx_t *d, int32_t k) {
    if (!d) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    dlx_restart(d);
    if (d->n_bounded) return record_forced(d, k);
    int32_t p = clashing_node(d, k);
    if (p) {
        d->conflict_option = d->owner[d->node[p].top];
        d->conflict_item = d->node[p].top - 1;
        return DLX_ECONFLICT;
    }
    if (d->has_colors) take(d, k, 1);
    else take(d, k, 0);
    d->forced[d->n_forced++] = k;
    return DLX_OK;
}

int dlx_unforce(dlx_t *d) {
    if (!d) return DLX_EARG;
    if (d->n_forced == 0) return DLX_ENOFORCED;
    dlx_restart(d);
    int32_t k = d->forced[--d->n_forced];
    if (d->n_bounded) return DLX_OK;
    if (d->has_colors) give_back(d, k, 1);
    else give_back(d, k, 0);
    return DLX_OK;
}

int dlx_exclude(dlx_t *d, int32_t k) {
    if (!d) return DLX_EARG;
    if (k < 0 || k >= d->n_options) return DLX_EOPTION;
    if (!d->n_bounded) return DLX_EBOUND; /* only Algorithm M leaves options out */
    dlx_restart(d);
    if (d->n_excluded == d->cap_excluded) {
        int32_t cap = d->cap_excluded ? d->cap_excluded * 2 : 16;
        int32_t *x = realloc(d->excluded, (size_t)cap * sizeof *x);
        if (!x) return DLX_ENOMEM;
        d->excluded = x, d->cap_excluded = cap;
    }
    d->excluded[d->n_excluded++] = k;
    return DLX_OK;
}

int dlx_unexclude(dlx_t *d) {
    if (!d) return DLX_EARG;
    if (d->n_excluded == 0) return DLX_ENOFORCED;
    dlx_restart(d);
    d->n_excluded--;
    return DLX_OK;
}

void dlx_unforce_all(dlx_t *d) {
    if (!d) return;
    while (d->n_forced) dlx_unforce(d);
}

void dlx_conflict(const dlx_t *d, int32_t *option, int32_t *item) {
    if (!d) return;
    if (option) *option = d->conflict_option;
    if (item) *item = d->conflict_item;
}

int dlx_set_preferred(dlx_t *d, int32_t i, int on) {
    if (!d) return DLX_EARG;
    if (i < 0 || i >= d->n_primary) return DLX_EITEM;
    dlx_restart(d);
    int32_t x = i + 1, j = 0, n = d->n_pref;
    while (j < n && d->pref[j] < x) j++;
    int there = j < n && d->pref[j] == x;
    if (on && !there) {
        if (!d->pref) {
            d->pref = malloc((size_t)d->n_primary * sizeof *d->pref);
            if (!d->pref) return DLX_ENOMEM;
        }
        memmove(d->pref + j + 1, d->pref + j, (size_t)(n - j) * sizeof *d->pref);
        d->pref[j] = x, d->n_pref++;
    } else if (!on && there) {
        memmove(d->pref + j, d->pref + j + 1, (size_t)(n - j - 1) * sizeof *d->pref);
        d->n_pref--;
    }
    return DLX_OK;
}

int dlx_set_bounds(dlx_t *d, int32_t i, int32_t lo, int32_t hi) {
    if (!d) return DLX_EARG;
    if (i < 0 || i >= d->n_items) return DLX_EITEM;
    if (i >= d->n_primary || hi < 1 || lo < 0 || lo > hi) return DLX_EBOUND;
    dlx_restart(d);
    if (!d->lo) {
        d->lo = malloc((size_t)(d->n_primary + 1) * sizeof *d->lo);
        d->hi = malloc((size_t)(d->n_primary + 1) * sizeof *d->hi);
        if (!d->lo || !d->hi) {
            free(d->lo), free(d->hi);
            d->lo = d->hi = NULL;
            return DLX_ENOMEM;
        }
        for (int32_t j = 0; j <= d->n_primary; j++) d->lo[j] = d->hi[j] = 1;
    }
    int was = d->lo[i + 1] != 1 || d->hi[i + 1] != 1, now = lo != 1 || hi != 1;
    if (d->n_excluded && d->n_bounded + now - was == 0) return DLX_EBOUND; /* they need bounds */
    if (was == now) {
        d->lo[i + 1] = lo, d->hi[i + 1] = hi;
        return DLX_OK;
    }
    /* The search changes between the links and Algorithm M: forced options
     * move between being taken on the links and being recorded. */
    int32_t n = d->n_forced, *keep = malloc((size_t)(n + 1) * sizeof *keep);
    if (!keep) return DLX_ENOMEM;
    memcpy(keep, d->forced, (size_t)n * sizeof *keep);
    dlx_unforce_all(d);
    d->lo[i + 1] = lo, d->hi[i + 1] = hi;
    d->n_bounded += now - was;
    int rc = DLX_OK;
    for (int32_t f = 0; f < n && !rc; f++) rc = dlx_force(d, keep[f]);
    free(keep);
    return rc;
}

int dlx_bounds(const dlx_t *d, int32_t i, int32_t *lo, int32_t *hi) {
    if (!d) return DLX_EARG;
    if (i < 0 || i >= d->n_items) return DLX_EITEM;
    int32_t a = i >= d->n_primary ? 0 : d->lo ? d->lo[i + 1] : 1;
    int32_t b = i >= d->n_primary || !d->lo ? 1 : d->hi[i + 1];
    if (lo) *lo = a;
    if (hi) *hi = b;
    return DLX_OK;
}

size_t dlx_memory_bytes(const dlx_t *d) {
    if (!d) return 0;
    size_t per_item = sizeof(dlx_head) + (5 + FEW_MAX) * sizeof(int32_t); /* + the stacks */
    size_t per_level = 5 * sizeof(int32_t) + sizeof(struct rs_level);
    return sizeof *d + (size_t)d->cap_nodes * sizeof(dlx_node) +
           (size_t)(d->n_items + 2) * per_item + (size_t)(d->n_primary + 1) * per_level +
           ((size_t)d->cap_options + (size_t)d->cap_trail) * sizeof(int32_t) + dlx_bits_bytes(d) +
           dlx_cells_bytes(d) + dlx_multi_bytes(d) + dlx_best_bytes(d) + dlx_memo_bytes(d) +
           dlx_memo_multi_bytes(d);
}
