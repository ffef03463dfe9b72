/* fuzz_engine.c: libFuzzer target for sequences of engine calls (include/dlx.h).
 *
 * The input is decoded into a problem size and a list of calls: add options
 * (some of them invalid on purpose), force and unforce, search with budgets,
 * count with limits, reseed, ask for item options and the branch item, on
 * any of the searches (the input's length picks one). Beside the engine runs
 * a model: the options as plain lists, the forced stack, and
 * a brute-force enumeration of the exact covers. Every call is checked
 * against it:
 *   - an invalid call returns one of the documented codes that apply, and
 *     changes nothing;
 *   - every solution reported is an exact cover of the primary items that
 *     includes the forced options, with secondary items used once or shared
 *     by options agreeing on a color;
 *   - the solutions found one by one, with any budget per call, are exactly
 *     the model's (as sets of options), in any seeded order; counts with a
 *     limit stop at the limit;
 *   - after unforce_all the count is the count before forcing.
 * A quarter of the inputs give the primary items multiplicities
 * (dlx_set_bounds, Algorithm M): the model then enumerates sets of options
 * whose cover of each primary item lies within its bounds, and the parts of
 * a split (dlx_branch_item, dlx_exclude) add up to the whole count.
 * At the end the memoized count and the ZDD (check_memo) give the model's
 * solutions too.
 */
#include <string.h>

#include "dlx.h"
#include "../../../src/core/dlx_internal.h" /* dlx_set_engine: every search */
#include "fuzz_bytes.h"

#define MAX_OPTIONS 24 /* a solution is a bit mask of options */
#define MAX_ITEMS 10
#define MAX_LEN 6
#define MAX_BOUNDED_OPTIONS 16 /* the bounded model tries subsets of the options */

/* FUZZ_TRACE=1 in the environment prints the decoded calls (to explain a finding). */
static int tracing = -1;
#define TRACE(...) (tracing ? fprintf(stderr, __VA_ARGS__) : 0)

typedef struct {
    int32_t n, item[MAX_LEN], color[MAX_LEN];
} option;

typedef struct {
    int32_t primary, items, n_options, n_forced;
    int32_t bounded, lo[MAX_ITEMS], hi[MAX_ITEMS]; /* multiplicities, when bounded */
    option opt[MAX_OPTIONS];
    int32_t forced[MAX_OPTIONS];
} model;

/* ---- the model ------------------------------------------------------------------ */

/* Item state while enumerating: -1 free, 0 taken without color, c > 0 taken with color c. */
static int fits(const model *m, const int32_t *state, int32_t k) {
    const option *o = &m->opt[k];
    for (int32_t j = 0; j < o->n; j++) {
        int32_t s = state[o->item[j]];
        if (s >= 0 && (s == 0 || o->color[j] != s)) return 0;
    }
    return 1;
}

static void put(const model *m, int32_t *state, int32_t k) {
    const option *o = &m->opt[k];
    for (int32_t j = 0; j < o->n; j++) state[o->item[j]] = o->color[j];
}

/* The model's solutions: how many, and, when marks is given, each one as a
 * bit in a set of 2^MAX_OPTIONS bits (one per option mask). A list of masks
 * would need room for every count an input can reach (24 one-item options on
 * 6 primary items have 4^6 covers; a fixed list of 2048 overflowed), and
 * looking a solution up in it took time in proportion to its length. */
typedef struct {
    int64_t n;
    uint8_t *marks;
} solution_set;

static int marked(const uint8_t *marks, uint32_t mask) { return marks[mask >> 3] >> (mask & 7) & 1; }

static void enumerate(const model *m, int32_t *state, uint32_t chosen, solution_set *out) {
    int32_t free_item = -1;
    for (int32_t i = 0; i < m->primary && free_item < 0; i++)
        if (state[i] < 0) free_item = i;
    if (free_item < 0) {
        if (out->marks) {
            FUZZ_ASSERT(!marked(out->marks, chosen)); /* each cover is made once */
            out->marks[chosen >> 3] |= (uint8_t)(1u << (chosen & 7));
        }
        out->n++;
        return;
    }
    for (int32_t k = 0; k < m->n_options; k++) {
        if (chosen >> k & 1 || !fits(m, state, k)) continue;
        const option *o = &m->opt[k];
        int32_t has = 0;
        for (int32_t j = 0; j < o->n; j++) has |= o->item[j] == free_item;
        if (!has) continue;
        int32_t saved[MAX_ITEMS];
        memcpy(saved, state, sizeof saved);
        put(m, state, k);
        enumerate(m, state, chosen | 1u << k, out);
        memcpy(state, saved, sizeof saved);
    }
}

/* Item state for the bounded model: secondary items as above; primary ones
 * count how often they are covered. */
static int fits_bounded(const model *m, const int32_t *state, const int32_t *times, int32_t k) {
    const option *o = &m->opt[k];
    for (int32_t j = 0; j < o->n; j++) {
        int32_t i = o->item[j];
        if (i < m->primary ? times[i] >= m->hi[i] : state[i] >= 0 && (state[i] == 0 || o->color[j] != state[i])) return 0;
    }
    return 1;
}

static void mark(solution_set *out, uint32_t chosen) {
    if (out->marks) {
        FUZZ_ASSERT(!marked(out->marks, chosen)); /* each solution is made once */
        out->marks[chosen >> 3] |= (uint8_t)(1u << (chosen & 7));
    }
    out->n++;
}

/* Every set of options from k on, added to `chosen`, that keeps within the bounds. */
static void enumerate_bounded(const model *m, int32_t *state, int32_t *times, uint32_t chosen, int32_t k,
                              solution_set *out) {
    if (k == m->n_options) {
        for (int32_t i = 0; i < m->primary; i++)
            if (times[i] < m->lo[i]) return;
        mark(out, chosen);
        return;
    }
    enumerate_bounded(m, state, times, chosen, k + 1, out);
    if (chosen >> k & 1 || !fits_bounded(m, state, times, k)) return;
    const option *o = &m->opt[k];
    int32_t saved[MAX_ITEMS];
    memcpy(saved, state, sizeof saved);
    for (int32_t j = 0; j < o->n; j++)
        if (o->item[j] < m->primary) times[o->item[j]]++;
        else state[o->item[j]] = o->color[j];
    enumerate_bounded(m, state, times, chosen | 1u << k, k + 1, out);
    for (int32_t j = 0; j < o->n; j++)
        if (o->item[j] < m->primary) times[o->item[j]]--;
    memcpy(state, saved, sizeof saved);
}

/* The forced options as the bounded model starts from them: 0 when they
 * already break a bound or clash on a color (then there is no solution). */
static int forced_bounded(const model *m, int32_t *state, int32_t *times, uint32_t *chosen) {
    for (int32_t i = 0; i < MAX_ITEMS; i++) state[i] = -1, times[i] = 0;
    *chosen = 0;
    for (int32_t f = 0; f < m->n_forced; f++) {
        int32_t k = m->forced[f];
        if (!fits_bounded(m, state, times, k)) return 0;
        const option *o = &m->opt[k];
        for (int32_t j = 0; j < o->n; j++)
            if (o->item[j] < m->primary) times[o->item[j]]++;
            else state[o->item[j]] = o->color[j];
        *chosen |= 1u << k;
    }
    return 1;
}

static void forced_state(const model *m, int32_t *state, uint32_t *chosen) {
    for (int32_t i = 0; i < MAX_ITEMS; i++) state[i] = -1;
    *chosen = 0;
    for (int32_t f = 0; f < m->n_forced; f++) {
        put(m, state, m->forced[f]);
        *chosen |= 1u << m->forced[f];
    }
}

static void model_solutions(const model *m, solution_set *out) {
    int32_t state[MAX_ITEMS], times[MAX_ITEMS];
    uint32_t chosen;
    out->n = 0;
    if (m->bounded) {
        if (forced_bounded(m, state, times, &chosen)) enumerate_bounded(m, state, times, chosen, 0, out);
        return;
    }
    forced_state(m, state, &chosen);
    enumerate(m, state, chosen, out);
}

/* ---- checks against the engine -------------------------------------------------- */

/* The solution the engine is at, checked as an exact cover; returns its mask. */
static uint32_t read_solution(dlx_t *d, const model *m) {
    int32_t sol[MAX_OPTIONS + 1], state[MAX_ITEMS], times[MAX_ITEMS] = {0};
    int32_t n = dlx_solution(d, sol, MAX_OPTIONS + 1);
    FUZZ_ASSERT(n >= m->n_forced && n <= (m->bounded ? m->n_options : m->primary));
    for (int32_t f = 0; f < m->n_forced; f++) FUZZ_ASSERT(sol[f] == m->forced[f]);
    for (int32_t i = 0; i < MAX_ITEMS; i++) state[i] = -1;
    uint32_t mask = 0;
    for (int32_t j = 0; j < n; j++) {
        FUZZ_ASSERT(sol[j] >= 0 && sol[j] < m->n_options && !(mask >> sol[j] & 1));
        if (m->bounded) {
            FUZZ_ASSERT(fits_bounded(m, state, times, sol[j]));
            const option *o = &m->opt[sol[j]];
            for (int32_t q = 0; q < o->n; q++)
                if (o->item[q] < m->primary) times[o->item[q]]++;
                else state[o->item[q]] = o->color[q];
        } else {
            FUZZ_ASSERT(fits(m, state, sol[j]));
            put(m, state, sol[j]);
        }
        mask |= 1u << sol[j];
    }
    for (int32_t i = 0; i < m->primary; i++) FUZZ_ASSERT(m->bounded ? times[i] >= m->lo[i] : state[i] >= 0);
    return mask;
}

/* Run the search to its end in steps of `budget` nodes (dlx_search) or to
 * growing absolute limits (dlx_search_until): the same solutions as the model. */
static void check_all_solutions(dlx_t *d, const model *m, uint64_t budget, int absolute) {
    static uint8_t marks[(1u << MAX_OPTIONS) / 8]; /* all clear between calls */
    solution_set want = {0, marks};
    model_solutions(m, &want);
    int64_t got = 0;
    dlx_restart(d);
    FUZZ_ASSERT(dlx_solution(d, NULL, 0) == DLX_ENOSOLUTION);
    uint64_t limit = 0;
    for (long calls = 0;; calls++) {
        FUZZ_ASSERT(calls < 10000000);
        int rc;
        if (absolute) {
            limit += budget;
            rc = dlx_search_until(d, limit);
        } else {
            rc = dlx_search(d, budget);
        }
        if (rc == DLX_DONE) break;
        FUZZ_ASSERT(rc == DLX_SOLUTION || (rc == DLX_BUDGET && budget));
        if (rc == DLX_BUDGET) continue;
        uint32_t mask = read_solution(d, m);
        FUZZ_ASSERT(marked(marks, mask)); /* the model has it, and it was not found before */
        marks[mask >> 3] &= (uint8_t)~(1u << (mask & 7));
        got++;
    }
    FUZZ_ASSERT(got == want.n); /* so every mark is cleared again */
    FUZZ_ASSERT(dlx_search(d, 0) == DLX_DONE); /* stays done */
    dlx_stats_t st;
    dlx_stats(d, &st);
    FUZZ_ASSERT(st.solutions == (uint64_t)want.n && st.progress == 1.0);
}

static void check_count(dlx_t *d, const model *m, uint64_t limit) {
    solution_set want = {0, NULL};
    model_solutions(m, &want);
    uint64_t count = 99;
    int rc = dlx_count(d, limit, 0, &count);
    if (limit && (uint64_t)want.n >= limit) {
        FUZZ_ASSERT(rc == DLX_LIMIT && count == limit);
    } else {
        FUZZ_ASSERT(rc == DLX_DONE && count == (uint64_t)want.n);
    }
}

/* The memoized count (Algorithm Z; with bounds dlx_memo_multi.c, on its
 * tables or, as past 8,192 options, on its lists) and the ZDD of d: the
 * model's count, and the ZDD's solutions the model's, each once. `how`
 * picks the tables or lists, a tiny cache (states evicted), or a count
 * stopped by small budgets and resumed. */
static void check_memo(dlx_t *d, const model *m, int how) {
    static uint8_t marks[(1u << MAX_OPTIONS) / 8]; /* all clear between calls */
    solution_set want = {0, marks};
    model_solutions(m, &want);
    d->memo_sparse = how == 1;
    FUZZ_ASSERT(dlx_set_memo(d, DLX_MEMO_ON, how == 2 ? 1 : 0) == DLX_OK);
    dlx_wide_t w = {0, 0};
    int rc = dlx_count_wide(d, 0, how == 3 ? 3 : 0, &w);
    for (int steps = 0; rc == DLX_BUDGET && how == 3; steps++) {
        FUZZ_ASSERT(steps < 10000000 && w.hi == 0 && w.lo <= (uint64_t)want.n); /* a lower bound meanwhile */
        rc = dlx_count_resume(d, 3, &w);
    }
    FUZZ_ASSERT(rc == DLX_DONE && w.hi == 0 && w.lo == (uint64_t)want.n);
    dlx_zdd_t *z = NULL;
    FUZZ_ASSERT(dlx_zdd_build(d, 0, &z) == DLX_OK && z);
    dlx_wide_t c = dlx_zdd_count(z);
    FUZZ_ASSERT(c.hi == 0 && c.lo == (uint64_t)want.n);
    for (uint64_t k = 0; k < c.lo; k++) {
        int32_t opts[MAX_OPTIONS];
        int32_t n = dlx_zdd_nth(z, (dlx_wide_t){k, 0}, opts, MAX_OPTIONS);
        FUZZ_ASSERT(n >= m->n_forced && n <= m->n_options);
        uint32_t mask = 0;
        for (int32_t j = 0; j < n; j++) {
            FUZZ_ASSERT(opts[j] >= 0 && opts[j] < m->n_options && !(mask >> opts[j] & 1));
            mask |= 1u << opts[j];
        }
        FUZZ_ASSERT(marked(marks, mask)); /* the model has it, and the ZDD did not list it before */
        marks[mask >> 3] &= (uint8_t)~(1u << (mask & 7));
    }
    dlx_zdd_free(z);
    d->memo_sparse = 0;
    FUZZ_ASSERT(dlx_set_memo(d, DLX_MEMO_AUTO, 0) == DLX_OK);
}

/* Whether option k agrees with every forced one (forced ones excluded). */
static int agrees(const model *m, int32_t k) {
    int32_t state[MAX_ITEMS];
    uint32_t chosen;
    forced_state(m, state, &chosen);
    return !(chosen >> k & 1) && fits(m, state, k);
}

static int holds(const option *o, int32_t i) {
    for (int32_t j = 0; j < o->n; j++)
        if (o->item[j] == i) return 1;
    return 0;
}

static void check_item_options(dlx_t *d, const model *m, int32_t i) {
    int32_t got[MAX_OPTIONS + 1];
    int32_t n = dlx_item_options(d, i, got, MAX_OPTIONS + 1);
    if (i < 0 || i >= m->items) {
        FUZZ_ASSERT(n == DLX_EITEM);
        return;
    }
    if (m->bounded) { /* Algorithm M's column: options holding i, in order (test_multi checks the split) */
        FUZZ_ASSERT(n >= 0 && n <= m->n_options);
        for (int32_t j = 0; j < n; j++) FUZZ_ASSERT(holds(&m->opt[got[j]], i) && (j == 0 || got[j] > got[j - 1]));
        return;
    }
    uint32_t want = 0, seen = 0;
    for (int32_t k = 0; k < m->n_options; k++)
        if (holds(&m->opt[k], i) && agrees(m, k)) want |= 1u << k;
    FUZZ_ASSERT(n == __builtin_popcount(want));
    for (int32_t j = 0; j < n; j++) {
        FUZZ_ASSERT(got[j] >= 0 && got[j] < m->n_options && !(seen >> got[j] & 1));
        seen |= 1u << got[j];
    }
    FUZZ_ASSERT(seen == want);
}

/* With bounds, dlx_branch_item's parts (include/dlx.h) add up to the whole
 * count, and leave the handle as it was. */
static void check_bounded_split(dlx_t *d) {
    int32_t i = dlx_branch_item(d), opts[MAX_OPTIONS], forced = dlx_forced_count(d);
    uint64_t whole, part, sum = 0;
    FUZZ_ASSERT(dlx_count(d, 0, 0, &whole) == DLX_DONE);
    if (i < 0) return;
    int32_t n = dlx_item_options(d, i, opts, MAX_OPTIONS), need = dlx_item_need(d, i);
    FUZZ_ASSERT(n >= 0 && n <= MAX_OPTIONS && need >= 0);
    for (int32_t j = 0; j <= n - (need > 1 ? need : 1) + (need == 0); j++) {
        for (int32_t x = 0; x < j && x < n; x++) FUZZ_ASSERT(dlx_exclude(d, opts[x]) == DLX_OK);
        if (j < n) FUZZ_ASSERT(dlx_force(d, opts[j]) == DLX_OK);
        FUZZ_ASSERT(dlx_count(d, 0, 0, &part) == DLX_DONE);
        sum += part;
        if (j < n) FUZZ_ASSERT(dlx_unforce(d) == DLX_OK);
        for (int32_t x = 0; x < j && x < n; x++) FUZZ_ASSERT(dlx_unexclude(d) == DLX_OK);
    }
    FUZZ_ASSERT(sum == whole && dlx_forced_count(d) == forced && dlx_unexclude(d) == DLX_ENOFORCED);
}

static void check_branch_item(dlx_t *d, const model *m) {
    int32_t state[MAX_ITEMS], fewest = MAX_OPTIONS + 1, len[MAX_ITEMS] = {0};
    uint32_t chosen;
    forced_state(m, state, &chosen);
    for (int32_t i = 0; i < m->primary; i++) {
        if (state[i] >= 0) continue;
        for (int32_t k = 0; k < m->n_options; k++)
            if (holds(&m->opt[k], i) && agrees(m, k)) len[i]++;
        if (len[i] < fewest) fewest = len[i];
    }
    int32_t item = dlx_branch_item(d);
    if (m->bounded) {
        FUZZ_ASSERT(item >= -1 && item < m->primary);
        check_bounded_split(d);
        return;
    }
    if (fewest > MAX_OPTIONS) {
        FUZZ_ASSERT(item == -1);
        return;
    }
    FUZZ_ASSERT(item >= 0 && item < m->primary && state[item] < 0 && len[item] == fewest);
}

/* ---- the calls ----------------------------------------------------------------- */

/* Bits of the error codes that apply to an option (1 << -code). */
static uint32_t option_errors(const model *m, const int32_t *items, const int32_t *colors, int32_t n) {
    uint32_t e = 0;
    int primary = 0;
    if (n == 0) return 1u << -DLX_ENOPRIMARY;
    for (int32_t j = 0; j < n; j++) {
        int32_t i = items[j];
        if (i < 0 || i >= m->items) {
            e |= 1u << -DLX_EITEM;
            continue;
        }
        for (int32_t k = 0; k < j; k++)
            if (items[k] == i) e |= 1u << -DLX_EDUPITEM;
        if (colors && (colors[j] < 0 || (colors[j] > 0 && i < m->primary))) e |= 1u << -DLX_ECOLOR;
        if (i < m->primary) primary = 1;
    }
    if (!primary) e |= 1u << -DLX_ENOPRIMARY;
    return e;
}

static void add_option(dlx_t *d, model *m, fuzz_bytes *b) {
    int32_t n = (int32_t)fuzz_below(b, MAX_LEN + 1), items[MAX_LEN], colors[MAX_LEN];
    uint8_t how = fuzz_u8(b);
    for (int32_t j = 0; j < n; j++) {
        items[j] = (int32_t)fuzz_below(b, (uint32_t)m->items + 2) - 1; /* -1 and items: wrong */
        colors[j] = 0;
    }
    int colored = how & 1;
    if (colored)
        for (int32_t j = 0; j < n; j++) {
            uint8_t c = fuzz_u8(b);
            colors[j] = c == 255 ? -1 : c % 4;
        }
    if (!(how & 2)) /* mostly valid: no colors on primary items */
        for (int32_t j = 0; j < n; j++)
            if (items[j] < m->primary) colors[j] = 0;
    uint32_t errors = option_errors(m, items, colored ? colors : NULL, n);
    int32_t before = dlx_option_count(d);
    int32_t rc = dlx_add_option(d, items, colored ? colors : NULL, n);
    TRACE("add_option(");
    for (int32_t j = 0; j < n; j++) TRACE(colored && colors[j] ? " %d:%d" : " %d", items[j], colors[j]);
    TRACE(" ) = %d\n", rc);
    if (errors) {
        FUZZ_ASSERT(rc < 0 && (errors >> -rc & 1));
        FUZZ_ASSERT(dlx_option_count(d) == before);
        return;
    }
    FUZZ_ASSERT(rc == before && dlx_option_count(d) == before + 1);
    option *o = &m->opt[m->n_options++];
    o->n = n;
    for (int32_t j = 0; j < n; j++) o->item[j] = items[j], o->color[j] = colored ? colors[j] : 0;
    FUZZ_ASSERT(dlx_forced_count(d) == m->n_forced); /* forced options stay forced */
}

static void force(dlx_t *d, model *m, int32_t k) {
    int rc = dlx_force(d, k);
    TRACE("force(%d) = %d\n", k, rc);
    if (k < 0 || k >= m->n_options) {
        FUZZ_ASSERT(rc == DLX_EOPTION);
    } else if (m->bounded) { /* recorded; a clash shows as no solution */
        int again = 0;
        for (int32_t f = 0; f < m->n_forced; f++) again |= m->forced[f] == k;
        FUZZ_ASSERT(again ? rc == DLX_ECONFLICT : rc == DLX_OK);
        if (!again) m->forced[m->n_forced++] = k;
    } else if (!agrees(m, k)) {
        FUZZ_ASSERT(rc == DLX_ECONFLICT);
        int32_t other = -1, item = -1;
        dlx_conflict(d, &other, &item);
        int was_forced = 0;
        for (int32_t f = 0; f < m->n_forced; f++) was_forced |= m->forced[f] == other;
        FUZZ_ASSERT(was_forced);
        FUZZ_ASSERT(holds(&m->opt[k], item) && holds(&m->opt[other], item));
    } else {
        FUZZ_ASSERT(rc == DLX_OK);
        m->forced[m->n_forced++] = k;
    }
    FUZZ_ASSERT(dlx_forced_count(d) == m->n_forced);
}

static void check_option_items(const dlx_t *d, const model *m, int32_t k) {
    int32_t items[MAX_LEN], colors[MAX_LEN];
    int32_t n = dlx_option_items(d, k, items, colors, MAX_LEN);
    if (k < 0 || k >= m->n_options) {
        FUZZ_ASSERT(n == DLX_EOPTION);
        return;
    }
    const option *o = &m->opt[k];
    FUZZ_ASSERT(n == o->n);
    for (int32_t j = 0; j < n; j++) FUZZ_ASSERT(items[j] == o->item[j] && colors[j] == o->color[j]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_bytes b = {data, size, 0};
    if (tracing < 0) tracing = getenv("FUZZ_TRACE") != NULL;
    static model m;
    memset(&m, 0, sizeof m);
    m.primary = (int32_t)fuzz_below(&b, 7);
    m.items = m.primary + (int32_t)fuzz_below(&b, MAX_ITEMS - 6 + 1);
    dlx_t *d = dlx_new(m.primary, m.items - m.primary);
    TRACE("dlx_new(%d, %d)\n", m.primary, m.items - m.primary);
    FUZZ_ASSERT(d);
    /* The search: as the rule picks it (bits here), the links, or the sparse
     * sets, by the input's length, so that the seed corpus decodes as before. */
    static const int engines[] = {DLX_ENGINE_AUTO, DLX_ENGINE_LINKS, DLX_ENGINE_CELLS};
    dlx_set_engine(d, engines[size % 3]);
    TRACE("engine %d\n", engines[size % 3]);
    FUZZ_ASSERT(dlx_new(-1, 0) == NULL && dlx_new(0, -1) == NULL);
    FUZZ_ASSERT(dlx_primary_count(d) == m.primary && dlx_item_count(d) == m.items);
    FUZZ_ASSERT(dlx_unforce(d) == DLX_ENOFORCED);
    int with_bounds = (size / 3) % 4 == 3; /* bounds 1..1 everywhere are exact cover still */
    for (int32_t i = 0; i < m.primary; i++) {
        m.lo[i] = m.hi[i] = 1;
        if (!with_bounds) continue;
        uint8_t c = fuzz_u8(&b);
        m.hi[i] = 1 + c % 3, m.lo[i] = (c / 3) % (m.hi[i] + 1);
        FUZZ_ASSERT(dlx_set_bounds(d, i, m.lo[i], m.hi[i]) == DLX_OK);
        TRACE("bounds %d: %d..%d\n", i, m.lo[i], m.hi[i]);
        m.bounded |= m.lo[i] != 1 || m.hi[i] != 1;
    }
    int32_t max_options = m.bounded ? MAX_BOUNDED_OPTIONS : MAX_OPTIONS;

    for (int calls = 0; calls < 200 && fuzz_more(&b); calls++) {
        uint8_t op = fuzz_u8(&b);
        static const char *names[] = {"add", "add", "add", "add", "force", "force", "unforce",
            "unforce_all+count", "count", "search", "search_until", "seed+search", "item_options+branch_item",
            "option_items+search(1)"};
        if (op % 14 > 5) TRACE("%s\n", names[op % 14]);
        switch (op % 14) {
        case 0: case 1: case 2: case 3:
            if (m.n_options < max_options) add_option(d, &m, &b);
            break;
        case 4: case 5:
            force(d, &m, (int32_t)fuzz_below(&b, (uint32_t)m.n_options + 2) - 1);
            break;
        case 6: {
            int rc = dlx_unforce(d);
            FUZZ_ASSERT(rc == (m.n_forced ? DLX_OK : DLX_ENOFORCED));
            if (m.n_forced) m.n_forced--;
            break;
        }
        case 7: { /* unforcing everything gives back the count without givens */
            model plain = m;
            plain.n_forced = 0;
            solution_set want = {0, NULL};
            model_solutions(&plain, &want);
            dlx_unforce_all(d);
            m.n_forced = 0;
            uint64_t count;
            FUZZ_ASSERT(dlx_count(d, 0, 0, &count) == DLX_DONE && count == (uint64_t)want.n);
            break;
        }
        case 8:
            check_count(d, &m, fuzz_below(&b, 4));
            break;
        case 9:
            check_all_solutions(d, &m, fuzz_below(&b, 8), 0);
            break;
        case 10:
            check_all_solutions(d, &m, 1 + fuzz_below(&b, 5), 1);
            break;
        case 11:
            dlx_set_seed(d, fuzz_u8(&b));
            check_all_solutions(d, &m, fuzz_below(&b, 4), 0);
            break;
        case 12:
            check_item_options(d, &m, (int32_t)fuzz_below(&b, (uint32_t)m.items + 2) - 1);
            check_branch_item(d, &m);
            break;
        case 13:
            check_option_items(d, &m, (int32_t)fuzz_below(&b, (uint32_t)m.n_options + 2) - 1);
            FUZZ_ASSERT(dlx_search(d, 1) >= DLX_SOLUTION); /* then a search half done... */
            break;
        }
    }
    check_all_solutions(d, &m, 0, 0);
    check_memo(d, &m, (int)(size / 12 % 4));
    dlx_free(d);
    return 0;
}
