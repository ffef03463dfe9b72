/* dlx_cells.c: the search for problems beyond the bit-set search's size
 * (the rule: pick_search in search_choice.c), on one sparse bit set of live
 * options. Its tables are built by dlx_cells_build.c (dlx_cells.h).
 *
 * Options are renumbered so that those with the same first primary item
 * are neighbours: most words of the live set then hold options of one
 * primary item only, and striking options there lowers that item's count
 * by a popcount. Each item keeps the words of the set its options are in
 * (a sparse bit set); a colored secondary item also keeps, per color, the
 * words of its options of that color. Taking an option strikes, for each of
 * its other items, that item's words (a primary or plain secondary item),
 * or that item's words but its color's (a colored one: purification), as
 * many words as the item spans, however many of its options are live; an
 * item with few colors for its words has, per color, its words' masks less
 * that color's options (pm), so that purifying walks one list, not two. An
 * item taken (covered, or settled on a color) gets COVERED added to its
 * count and is not looked at again. As in SSXCC the branching item's
 * options are struck once per node, not once per option tried.
 *
 * Undoing: every word changed goes on a trail with its old value. The
 * counts go back by a copy per level when there are few items, else by
 * counting the options the trail gives back (the trail then records the
 * items taken too). All of it is linear in the input.
 *
 * The tree is the linked search's, node for node: the same item chosen
 * (the same scan of the counts), its options tried in index order from the
 * same seeded start, a dead end counted as a node; so statistics, budgets
 * and progress agree whichever search runs (tests/c/test_engine.c).
 */
#include "dlx_cells.h"
#include "random.h"
#include "dlx_scan.h"

#include <stdlib.h>
#include <string.h>

/* In WebAssembly (built for size) the longer steps are called, not
 * inlined at each use. */
#ifdef __wasm__
#define STEP static __attribute__((noinline))
#else
#define STEP INLINE
#endif

/* The arrays the search reads, by value: kept in registers. */
typedef struct {
    uint64_t *live;
    const int32_t *uni, *wat;
    const cells_word *wd;
    const int32_t *wrun, *solo, *pat, *pmat;
    const cells_word *pd;
    const uint64_t *pm;
    const int32_t *eat, *ent, *epair, *nprim;
    int32_t *size;
    cells_word *trail;
    int32_t np;
} rows;

/* Whether a count of those lowered one by one reached 0: in WebAssembly
 * by the or of the counts less one, negative once one is 0 (none goes
 * below 0): V8's loop then has no compare and set, 1.15x on jigsaws (clang's
 * code was 0.9-0.97x with it: natively as before). */
#ifdef __wasm__
#define ZERO_MARK(v) ((v) - 1)
#define ANY_ZERO(z) ((z) < 0)
#else
#define ZERO_MARK(v) ((v) == 0)
#define ANY_ZERO(z) (z)
#endif

/* Add `by` (-1 or 1) to the counts of the primary items of the options
 * in `bits` (word w); the options of a uniform word have one primary item,
 * all the same: a popcount. Returns whether a count reached 0. */
INLINE int recount(const rows *m, int32_t w, uint64_t bits, int32_t by, uint64_t *upd) {
    int32_t p = m->uni[w];
    if (p) {
        int32_t c = __builtin_popcountll(bits);
        *upd += (uint64_t)c;
        return (*UNI_COUNT(m, p) += by * c) == 0;
    }
    int32_t zero = 0;
    for (; bits; bits &= bits - 1) {
        int32_t o = w * 64 + first_bit(bits), e = m->eat[o], end = e + m->nprim[o];
        *upd += (uint64_t)(end - e);
        for (; e < end; e++) zero |= ZERO_MARK(*ENTRY_COUNT(m, e) += by);
    }
    return ANY_ZERO(zero);
}

/* Strike the live options of word w in mask k: on the trail, off the set,
 * out of the counts. Returns whether a count not taken reached 0 (the
 * word is done whole either way: undoing counts what the trail gives back). */
INLINE int strike(const rows *m, int32_t w, uint64_t k, int32_t *nt, uint64_t *upd) {
    uint64_t old = m->live[w], gone = old & k;
    if (!gone) return 0;
    m->trail[*nt] = (cells_word){old, w, 0}, ++*nt;
    m->live[w] = old ^ gone;
    return recount(m, w, gone, -1, upd);
}

/* Strike the live options of the words p .. pend-1 of a run but those of
 * the color's words from *cp, which it moves on, where the run's options
 * have no primary item but their pad (solo: the word rectangles, a word's
 * slot), whose count is `one`: lowered once by the run's popcounts, so the
 * loop reads no word's item and writes no count (1.12-1.21x natively,
 * 1.09-1.12x in WebAssembly; the same updates). Returns whether it
 * reached 0 (the run done whole). */
INLINE int strike_solo(const rows *m, const cells_word *p, const cells_word *pend, const cells_word **cp, int32_t *nt,
                       uint64_t *upd, int32_t *one) {
    uint64_t *live = m->live;
    cells_word *tp = m->trail + *nt;
    const cells_word *c = *cp;
    int32_t k = 0;
    for (; p < pend; p++) {
        int32_t w = p->at, same = c->at == w;
        uint64_t keep = c->bits & (0 - (uint64_t)same), old = live[w], gone = old & p->bits & ~keep;
        c += same;
        if (!gone) continue;
        tp->bits = old, tp->at = w, tp++;
        live[w] = old ^ gone;
        k += __builtin_popcountll(gone);
    }
    *cp = c, *nt = (int32_t)(tp - m->trail), *upd += (uint64_t)k;
    return k && (*one -= k) == 0;
}

/* strike_solo where the color's options are out of the masks already
 * (mk: the run's masks, pm): no walk beside the color's words; a run whose
 * words follow each other reads no word's index. */
INLINE int strike_solo_masked(const rows *m, const cells_word *p, const cells_word *pend, const uint64_t *mk, int32_t *nt,
                              uint64_t *upd, int32_t *one) {
    uint64_t *live = m->live;
    cells_word *tp = m->trail + *nt;
    int32_t k = 0, w = p->at, n = (int32_t)(pend - p);
    if (pend[-1].at - w == n - 1) {
        for (const uint64_t *end = mk + n; mk < end; mk++, w++) {
            uint64_t old = live[w], gone = old & *mk;
            if (!gone) continue;
            tp->bits = old, tp->at = w, tp++;
            live[w] = old ^ gone;
            k += __builtin_popcountll(gone);
        }
    } else {
        for (; p < pend; p++, mk++) {
            w = p->at;
            uint64_t old = live[w], gone = old & *mk;
            if (!gone) continue;
            tp->bits = old, tp->at = w, tp++;
            live[w] = old ^ gone;
            k += __builtin_popcountll(gone);
        }
    }
    *nt = (int32_t)(tp - m->trail), *upd += (uint64_t)k;
    return k && (*one -= k) == 0;
}

/* strike_item for a pair with masks (pm): the item's words, each less the
 * color's options, a taken item's run passed over in one step. */
INLINE int strike_masked(const rows *m, int32_t y, int32_t at, int32_t *nt, uint64_t *upd, int check) {
    const uint64_t *mk = m->pm; /* word i's mask at mk[at + i] */
    for (int32_t i = m->wat[2 * y], end = m->wat[2 * y + 1]; i < end;) {
        int32_t key = m->wd[i].pad, j = m->wrun[i];
        if (key != y && m->size[key] >= COVERED) {
            i = j;
            continue;
        }
        if (m->solo[key]) {
            if (strike_solo_masked(m, m->wd + i, m->wd + j, mk + (at + i), nt, upd, m->size + key) && check) return 0;
            i = j;
            continue;
        }
        for (; i < j; i++)
            if (strike(m, m->wd[i].at, mk[at + i], nt, upd) && check) return 0;
    }
    return 1;
}

#ifdef __wasm__
/* Strike the live options of the words p .. pend-1 of a run but those of
 * the color's words from *cp, which it moves on. Returns whether a count
 * reached 0 (the run done whole: no test a word). In WebAssembly a function
 * of its own, its state in locals: V8 otherwise reloads the tables' bases,
 * the trail's height and the updates from memory at every word (a store
 * may alias them). */
static __attribute__((noinline)) int strike_run(const rows *m, const cells_word *p, const cells_word *pend, const cells_word **cp,
                                                int32_t *nt, uint64_t *upd) {
    uint64_t *live = m->live, u = 0;
    const int32_t *uni = m->uni;
    int32_t zero = 0;
    cells_word *tp = m->trail + *nt;
    const cells_word *c = *cp;
    for (;;) {
        /* the words of one primary item each, in a loop of their own: no
         * inner loop, no call, no flag carried (V8 keeps its values in
         * registers); a mixed word and a count reaching 0 leave it */
        int32_t w, x;
        uint64_t gone;
        for (; p < pend; p++) {
            w = p->at;
            int32_t same = c->at == w;
            uint64_t keep = c->bits & (0 - (uint64_t)same), old = live[w];
            c += same;
            gone = old & p->bits & ~keep;
            if (!gone) continue;
            x = uni[w];
            if (!x) goto mixed;
            tp->bits = old, tp->at = w, tp++;
            live[w] = old ^ gone;
            int32_t n = __builtin_popcountll(gone);
            u += (uint64_t)n;
            if ((*UNI_COUNT(m, x) -= n) == 0) goto zeroed;
        }
        break;
    mixed:
        tp->bits = live[w], tp->at = w, tp++;
        live[w] ^= gone;
        zero |= recount(m, w, gone, -1, &u);
        p++;
        continue;
    zeroed:
        zero = 1;
        p++;
    }
    *cp = c, *nt = (int32_t)(tp - m->trail), *upd += u;
    return zero;
}
#endif

/* Strike the live options of item y but those of color pair q (pair 0:
 * none, every option goes): a walk of y's words beside q's, which are
 * among them (ended by a word INT32_MAX: no test of the end, no branch). With
 * `check`, stop at a count not taken reaching 0 (returns 0: the node below
 * is a dead end). */
INLINE int strike_item(const rows *m, int32_t y, int32_t q, int32_t *nt, uint64_t *upd, int check) {
    if (!q) { /* a loop of its own without the colors (this and the runs below: 1.07-1.12x in WebAssembly too, 0.4 KiB) */
        for (int32_t i = m->wat[2 * y], end = m->wat[2 * y + 1]; i < end; i++)
            if (strike(m, m->wd[i].at, m->wd[i].bits, nt, upd) && check) return 0;
        return 1;
    }
    if (m->pmat[q] != PM_NONE) return strike_masked(m, y, m->pmat[q], nt, upd, check);
    const cells_word *c = m->pd + m->pat[q];
    for (int32_t i = m->wat[2 * y], end = m->wat[2 * y + 1]; i < end;) {
        int32_t key = m->wd[i].pad, j = m->wrun[i];
        if (key != y && m->size[key] >= COVERED) { /* a run of options of a taken item: struck (or to be) */
            if (c->at <= m->wd[j - 1].at) c = m->pd + c->pad; /* its color's words in the run too */
            i = j;
            continue;
        }
        if (m->solo[key]) {
            if (strike_solo(m, m->wd + i, m->wd + j, &c, nt, upd, m->size + key) && check) return 0;
            i = j;
            continue;
        }
#ifdef __wasm__
        if (strike_run(m, m->wd + i, m->wd + j, &c, nt, upd) && check) return 0;
        i = j;
#else
        for (; i < j; i++) { /* the run's item is not taken: no test a word */
            int32_t w = m->wd[i].at, same = c->at == w;
            uint64_t keep = c->bits & (0 - (uint64_t)same);
            c += same;
            if (strike(m, w, m->wd[i].bits & ~keep, nt, upd) && check) return 0;
        }
#endif
    }
    return 1;
}

/* Take item x out of play (covered, or settled on a color). */
INLINE void take_item(const rows *m, int32_t x, int32_t *nt, int32_t *left, const int T) {
    m->size[x] += COVERED;
    if (T) m->trail[(*nt)++] = (cells_word){0, ~x, 0};
    if (x <= m->np) --*left;
}

/* Take option r (renumbered), already struck, whose item b is taken: its
 * other primary items first (so that a count reaching 0 afterwards is an
 * item outside it: a dead end, with `check`), then every item's options
 * that clash with it. Returns 0 at a dead end found on the way, leaving
 * the rest undone: the level above goes back to its state anyway. */
STEP int commit(const rows *m, int32_t r, int32_t b, int32_t *nt, int32_t *left, uint64_t *upd, int check, const int T) {
    int32_t e0 = m->eat[r], e1 = m->eat[r + 1];
    for (int32_t e = e0; e < e0 + m->nprim[r]; e++)
        if (ENTRY_ITEM(m, e) != b) take_item(m, ENTRY_ITEM(m, e), nt, left, T);
    for (int32_t e = e0; e < e1; e++) {
        int32_t y = ENTRY_ITEM(m, e);
        if (y > m->np) {
            if (m->size[y] >= COVERED) continue; /* settled on this color already */
            take_item(m, y, nt, left, T);
        } else if (y == b) {
            continue;
        }
        if (!strike_item(m, y, m->epair[e], nt, upd, check)) return 0;
    }
    return 1;
}

/* Undo the trail down to height `to`: the words, and with T the counts. */
INLINE void undo_to(const rows *m, int32_t *nt, int32_t to, const int T) {
    int32_t t = *nt;
    uint64_t upd = 0; /* counts given back are not updates */
    while (t > to) {
        cells_word u = m->trail[--t];
        int32_t w = u.at;
        if (!T) {
            m->live[w] = u.bits;
        } else if (w >= 0) {
            recount(m, w, u.bits & ~m->live[w], 1, &upd);
            m->live[w] = u.bits;
        } else {
            m->size[~w] -= COVERED;
        }
    }
    *nt = t;
}

/* Sort a[0 .. n-1] (option indices): Shell's sort, small (no qsort in the
 * module) and quick enough for the few long lists near the root. */
INLINE void sort_options(int32_t *a, int32_t n) {
    int32_t gap = 1;
    while (gap < n / 3) gap = 3 * gap + 1;
    for (; gap > 0; gap /= 3)
        for (int32_t i = gap; i < n; i++) {
            int32_t v = a[i], j = i;
            for (; j >= gap && a[j - gap] > v; j -= gap) a[j] = a[j - gap];
            a[j] = v;
        }
}

/* The primary item the linked search would branch on (choose_item in
 * dlx_search.c, on the counts): its count, INT32_MAX-ish when none is left. */
INLINE int32_t choose_item(const dlx_t *d, const int32_t *len, int32_t n, int32_t *best, int32_t n_pref) {
    int32_t t = INT32_MAX, b = 0;
    if (n > ARRAY_SCAN_MAX) { /* the linked search walks its list: the first with 0 or 1 */
        for (int32_t k = 1; k <= n; k++)
            if (len[k] < t) {
                t = len[k], b = k;
                if (t <= 1) break;
            }
    } else {
        t = fewest(len, n, &b);
    }
    *best = n_pref ? prefer(len, d->pref, n_pref, t, b) : b;
    return t;
}

/* Branch on item x: take it, list its live options (indices, into o when
 * given, in index order) and strike them all. Returns their number. */
STEP int32_t branch(const dlx_cells *s, const rows *m, int32_t x, int32_t *o, int32_t *nt, int32_t *left, uint64_t *upd,
                      const int T) {
    take_item(m, x, nt, left, T);
    int32_t t = 0;
    for (int32_t i = m->wat[2 * x], end = m->wat[2 * x + 1]; i < end; i++) {
        int32_t w = m->wd[i].at;
        uint64_t here = m->live[w] & m->wd[i].bits;
        if (!here) continue;
        if (o)
            for (uint64_t b = here; b; b &= b - 1) o[t++] = s->orig[w * 64 + first_bit(b)];
        else
            t += __builtin_popcountll(here);
        strike(m, w, here, nt, upd);
    }
    if (o) sort_options(o, t);
    return t;
}

static rows rows_of(dlx_cells *s, int32_t np) {
    return (rows){s->live, s->uni, s->wat, s->wd, s->wrun, s->solo, s->pat, s->pmat, s->pd, s->pm, s->eat, s->ent, s->epair, s->nprim, s->size, s->trail, np};
}

/* Every option live, the counts full; then the forced options (dlx_force)
 * taken as nodes would take them: a dead end shows at the first node. */
static __attribute__((noinline)) void start_state(dlx_t *d, dlx_cells *s, const int T) {
    memset(s->live, 0xff, (size_t)s->words * sizeof *s->live);
    s->live[s->words - 1] >>= (uint32_t)(-d->n_options & 63); /* no option past the last */
    memcpy(s->size, s->full, ((size_t)d->n_items + 1) * sizeof *s->size);
    s->left = d->n_primary;
    s->ntrail = 0;
    rows m = rows_of(s, d->n_primary);
    uint64_t upd = 0;
    for (int32_t f = 0; f < d->n_forced; f++) {
        int32_t r = s->ren[d->forced[f]], b = ENTRY_ITEM(s, s->eat[r]);
        branch(s, &m, b, NULL, &s->ntrail, &s->left, &upd, T);
        commit(&m, r, b, &s->ntrail, &s->left, &upd, 0, T);
    }
    s->dead = 0;
}

/* dst = src, n ints (a multiple of 16), in fixed-size pieces the compiler
 * inlines: a call to memcpy costs more for so few. */
INLINE void copy_sizes(int32_t *restrict dst, const int32_t *restrict src, int32_t n) {
#if defined(__has_builtin) && __has_builtin(__builtin_memcpy_inline)
    /* clang would turn a loop of plain copies back into a call */
    for (int32_t i = 0; i < n; i += 16) __builtin_memcpy_inline(dst + i, src + i, 16 * sizeof *dst);
#else
    for (int32_t i = 0; i < n; i += 16) __builtin_memcpy(dst + i, src + i, 16 * sizeof *dst);
#endif
}

/* Level l's state after its branch, to go back to before each option:
 * the trail's height, and without T a copy of the counts. */
INLINE void save(dlx_cells *s, int32_t l, int32_t nt, int32_t left, const int T) {
    s->lv[l].tried = nt;
    if (!T) copy_sizes(s->snap + (size_t)l * s->stride, s->size, s->stride);
    s->lv[l].left = left;
}
INLINE void restore(dlx_cells *s, const rows *m, int32_t l, int32_t *nt, int32_t *left, const int T) {
    undo_to(m, nt, s->lv[l].tried, T);
    if (!T) copy_sizes(s->size, s->snap + (size_t)l * s->stride, s->stride);
    *left = s->lv[l].left;
}

/* Search until a solution, the end, or the node counter reaching `stop`;
 * the phases and per-level records as in the linked search. T: the counts
 * go back by the trail, else by copies (few items). A level's branch is
 * never undone by itself: the level above goes back to its own state. */
INLINE int search(dlx_t *d, uint64_t stop, const int T) {
    dlx_cells *s = d->cells;
    rows m = rows_of(s, d->n_primary);
    int32_t *choice = d->choice, *start = d->start, *pos = d->pos, *tot = d->tot;
    int32_t *opts = s->opts;
    cells_level *lv = s->lv;
    const int32_t *ren = s->ren;
    uint64_t nodes = d->nodes, upd = d->updates, found = 0;
    int32_t l = d->level, nt = s->ntrail, left = s->left, x, k;
    const int32_t n_pref = d->n_pref; /* read once: the choice tests a register */
    /* a count without a limit (dlx_count_wide): solutions counted here, not
     * returned one by one (words-3x4-8300: 1.26 M returns and entries) */
    const int counting = d->counting;
    const int check = m.np <= ARRAY_SCAN_MAX;
    int rc;

    switch (d->phase) {
    case PH_DONE: return DLX_DONE;
    case PH_AT_SOLUTION:
        if (d->depth == 0) goto done;
        goto recover;
    case PH_START:
        l = 0;
        start_state(d, s, T);
        nt = s->ntrail, left = s->left;
        lv[0].at = 0;
        if (left == 0) {
            d->depth = 0;
            rc = DLX_SOLUTION;
            goto solution;
        }
        /* fall through */
    case PH_FORWARD:
        break;
    }

forward:
    if (nodes >= stop) {
        d->phase = PH_FORWARD;
        d->depth = l;
        rc = DLX_BUDGET;
        goto out;
    }
    nodes++;
    if (s->dead) {
        s->dead = 0;
        goto backtrack;
    }
    {
        int32_t t = choose_item(d, m.size, m.np, &x, n_pref);
        if (t == 0) goto backtrack;
        if (t > 1) d->guesses++;
        branch(s, &m, x, opts + lv[l].at, &nt, &left, &upd, T);
        lv[l].branch = x;
        if (t > 1) save(s, l, nt, left, T);
        lv[l + 1].at = lv[l].at + t;
        k = 0;
        if (d->rng) k = (int32_t)(rng_next(&d->rng) % (uint64_t)t);
        start[l] = k, pos[l] = 0, tot[l] = t;
    }
try:
    choice[l] = opts[lv[l].at + k];
    /* A dead end found early is the next node's: over ARRAY_SCAN_MAX primary
     * items the links branch on the first item with one option or none,
     * which need not be the one left with none. */
    s->dead = !commit(&m, ren[choice[l]], x, &nt, &left, &upd, check, T);
    if (left == 0) {
        if (counting) {
            found++;
            goto recover;
        }
        d->depth = l + 1;
        rc = DLX_SOLUTION;
        goto solution;
    }
    if (++l > d->max_level) d->max_level = l;
    goto forward;

recover: /* undo level l's option and try the next one */
    if (pos[l] + 1 < tot[l]) {
        restore(s, &m, l, &nt, &left, T);
        k = start[l] + ++pos[l];
        if (k >= tot[l]) k -= tot[l];
        x = lv[l].branch;
        goto try;
    }
backtrack:
    if (l == 0) goto done;
    l--;
    goto recover;

done:
    d->phase = PH_DONE;
    d->depth = 0;
    rc = DLX_DONE;
    goto out;
solution:
    d->phase = PH_AT_SOLUTION;
    d->solutions++;
out:
    d->solutions += found;
    s->ntrail = nt, s->left = left;
    d->level = l;
    d->nodes = nodes;
    d->updates = upd;
    return rc;
}

/* One copy for both ways of undoing in WebAssembly (smaller; DLX_ONE_SEARCH
 * as for the links), a copy each natively. */
int dlx_cells_search(dlx_t *d, uint64_t stop) {
#if defined(__wasm__) || defined(DLX_ONE_SEARCH)
    return search(d, stop, !d->cells->snap);
#else
    return d->cells->snap ? search(d, stop, 0) : search(d, stop, 1);
#endif
}
