/* dlx_cells_build.c: the tables of the search beyond the bit-set search's
 * size (dlx_cells.h says what each holds; dlx_cells.c searches). Every
 * table is linear in the input: an item's words are at most its entries,
 * a color's words at most its entries, the trail at most one word change
 * per option struck (each change strikes one) and one entry per item taken.
 */
#include "dlx_cells.h"

#include <stdlib.h>
#include <string.h>

void dlx_cells_free(dlx_t *d) {
    dlx_cells *s = d->cells;
    if (!s) return;
    free(s->block);
    free(s->pm);
    free(s);
    d->cells = NULL;
}

size_t dlx_cells_bytes(const dlx_t *d) {
    const dlx_cells *s = d->cells;
    return s ? sizeof *s + s->bytes : 0;
}

/* Lay the tables out in one block at `base` (NULL: only measure), each
 * on an 8-byte boundary; returns the block's size. */
static size_t carve(dlx_cells *s, char *base, size_t n, size_t items, size_t entries, size_t colored) {
    size_t at = 0, levels = (size_t)s->levels;
#define CARVE(field, count) \
    (s->field = base ? (void *)(base + at) : NULL, at += ((size_t)(count) * sizeof *s->field + 7) & ~(size_t)7)
    CARVE(live, s->words), CARVE(uni, s->words), CARVE(wat, 2 * items), CARVE(wd, entries), CARVE(wrun, entries), CARVE(solo, items);
    CARVE(pat, 2 * colored + 4), CARVE(pmat, colored + 2), CARVE(pd, 2 * colored + 2); /* a pair's words (at most its entries) and an end word each */
    CARVE(eat, n + 1), CARVE(ent, entries), CARVE(epair, entries), CARVE(nprim, n), CARVE(ren, n);
    CARVE(orig, n), CARVE(size, items + 64), CARVE(full, items), CARVE(trail, n + items);
    CARVE(opts, n + 1), CARVE(lv, levels);
    CARVE(snap, s->stride <= SNAP_MAX_ITEMS ? levels * (size_t)s->stride : 0);
#undef CARVE
    if (s->stride > SNAP_MAX_ITEMS) s->snap = NULL;
    return at;
}

/* The number of the pair (item x, color c > 0): an open-addressing table
 * of the pairs seen (linear in the entries, whatever numbers colors are). */
static int32_t pair_of(dlx_cells *s, int64_t *key, int32_t *val, uint32_t mask, int32_t x, int32_t c) {
    int64_t k = (int64_t)x << 32 | c;
    uint32_t i = (uint32_t)((uint64_t)k * 0x9E3779B97F4A7C15ull >> 32) & mask;
    while (key[i] && key[i] != k) i = (i + 1) & mask;
    if (!key[i]) key[i] = k, val[i] = ++s->pairs;
    return val[i];
}

/* Append option o (bit o) to the words at `at` (start, end): a new word,
 * or the last one. */
static inline __attribute__((always_inline)) void add_word(int32_t *at, cells_word *wd, int32_t o, int32_t key) {
    int32_t w = o >> 6;
    if (at[1] == at[0] || wd[at[1] - 1].at != w) wd[at[1]++] = (cells_word){0, w, key};
    wd[at[1] - 1].bits |= 1ull << (o & 63);
    if (wd[at[1] - 1].pad != key) wd[at[1] - 1].pad = 0;
}

/* A loop that runs once stays, in WebAssembly, in the code its call started
 * in: V8 compiles a function with its optimizing compiler only for later
 * calls, so the build's passes over 40,000 options ran in Liftoff's code.
 * An option's part of a pass is a function there (the next calls run
 * optimized; docs/notes/WASM.md, sessions 42 and 44); natively inlined. */
#ifdef __wasm__
#define PER_OPTION static __attribute__((noinline))
#else
#define PER_OPTION static inline __attribute__((always_inline))
#endif

/* Option o (renumbered; k originally) laid out from entry e: its entries,
 * primary items first, colors as pair numbers, the rooms counted; returns
 * its end. */
PER_OPTION int32_t lay_option(dlx_t *d, dlx_cells *s, int32_t o, int32_t e, int64_t *key, int32_t *val, uint32_t mask,
                              int32_t *item) {
    int32_t k = s->orig[o], np = d->n_primary;
    const dlx_node *nd = d->node;
    s->eat[o] = e;
    for (int pass = 0; pass < 2; pass++) /* primary items, then secondary */
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
            int32_t x = nd[p].top, c = nd[p].color;
            if ((x > np) != pass) continue;
            if (c < 0) c = d->item[x].color; /* purified by the links */
            s->ent[e] = x, s->epair[e] = c > 0 ? pair_of(s, key, val, mask, x, c) : 0;
            if (s->epair[e]) item[s->epair[e]] = x, s->pat[2 * s->epair[e] + 1]++; /* pair 0 (none): no words */
            s->wat[2 * x + 1]++, e++;
        }
    s->eat[o + 1] = e;
    s->nprim[o] = 0;
    while (s->nprim[o] < e - s->eat[o] && s->ent[s->eat[o] + s->nprim[o]] <= np) s->nprim[o]++;
    return e;
}

/* Options renumbered by their first primary item (a stable counting sort;
 * `first` per option, counts then starts per item in `from`); each
 * option's entries, primary items first, colors as pair numbers; each
 * item's and pair's room counted in wat and pat (second of each two);
 * per pair its item. */
static void lay_options(dlx_t *d, dlx_cells *s, int32_t *first, int32_t *from, int64_t *key, int32_t *val, uint32_t mask, int32_t *item) {
    int32_t n = d->n_options, np = d->n_primary;
    for (int32_t k = 0; k < n; k++) from[first[k]]++;
    for (int32_t f = 0, at = 0; f <= np + 1; f++) {
        int32_t c = from[f];
        from[f] = at, at += c;
    }
    for (int32_t k = 0; k < n; k++) s->ren[k] = from[first[k]]++, s->orig[s->ren[k]] = k;
    for (int32_t o = 0, e = 0; o < n; o++) e = lay_option(d, s, o, e, key, val, mask, item);
}

/* Rooms 0..m counted in at[2x + 1], and `extra` more each: each starts
 * after the one before, empty (its end at its start). */
static void rooms(int32_t *at, int32_t m, int32_t extra) {
    for (int32_t x = 0, to = 0; x <= m; x++) {
        int32_t c = at[2 * x + 1];
        at[2 * x] = at[2 * x + 1] = to, to += c + extra;
    }
}

/* Option o's bit in the words of its items and pairs; key: its first primary item. */
PER_OPTION void word_option(dlx_cells *s, int32_t o, int32_t key, int32_t np) {
    if (s->nprim[o] != 1) s->solo[key] = 0;
    for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++) {
        int32_t x = s->ent[e];
        add_word(s->wat + 2 * x, s->wd, o, key);
        if (s->epair[e]) add_word(s->pat + 2 * s->epair[e], s->pd, o, 0);
        if (x <= np) s->full[x]++;
    }
}

/* Per item its words, per pair the words of that color; per word the one
 * primary item of all its options, if they have one each and the same. */
static void lay_words(dlx_t *d, dlx_cells *s, const int32_t *first) {
    int32_t n = d->n_options, ni = d->n_items, np = d->n_primary;
    rooms(s->wat, ni + 1, 0);
    rooms(s->pat, s->pairs, 1); /* and a word -1 after each pair's */
    for (int32_t x = 1; x <= np; x++) s->solo[x] = 1;
    for (int32_t o = 0; o < n; o++) word_option(s, o, first[s->orig[o]], np);
    for (int32_t w = 0; w < s->words; w++) {
        int32_t p = -1;
        for (int32_t o = w * 64; o < n && o < w * 64 + 64; o++) {
            int32_t q = s->nprim[o] == 1 ? s->ent[s->eat[o]] : 0;
            p = p < 0 || p == q ? q : 0;
        }
        s->uni[w] = p;
    }
    for (int32_t q = 0; q <= s->pairs; q++) { /* the pairs' starts, one a pair, each's words ended by INT32_MAX */
        s->pd[s->pat[2 * q + 1]] = (cells_word){0, INT32_MAX, 0};
        s->pat[q] = s->pat[2 * q];
    }
}

/* Each item's runs (words of one pad, in a row), and per color word where
 * the color's words go on past the run it is in: a taken item's run is
 * skipped in one step, its colors' words with it (strike_item). `item`:
 * per pair, its item. */
static void lay_runs(dlx_cells *s, int32_t n_items, const int32_t *item) {
    for (int32_t x = 1; x <= n_items; x++)
        for (int32_t i = s->wat[2 * x + 1] - 1, end = i + 1; i >= s->wat[2 * x]; i--)
            s->wrun[i] = end = i + 1 < s->wat[2 * x + 1] && s->wd[i + 1].pad == s->wd[i].pad ? end : i + 1;
    for (int32_t q = 1; q <= s->pairs; q++) {
        int32_t i = s->wat[2 * item[q]];
        for (int32_t j = s->pat[q], k = j; s->pd[j].at != INT32_MAX; j++) {
            while (s->wd[i].at != s->pd[j].at) i++;
            int32_t last = s->wd[s->wrun[i] - 1].at;
            if (k <= j) k = j + 1;
            while (s->pd[k].at <= last) k++;
            s->pd[j].pad = k;
        }
    }
}

/* Per pair, its item's words' masks less the pair's options (pm), for the
 * items with few colors for their words (PM_ROOM); the others keep
 * PM_NONE (strike_item walks the color's words beside the item's). Out of
 * memory, none: pm is a shortcut. `item`: per pair, its item. */
static void lay_masks(dlx_cells *s, int32_t n_items, const int32_t *item) {
    int32_t *colors = calloc((size_t)n_items + 2, sizeof *colors);
    for (int32_t q = 0; q <= s->pairs; q++) s->pmat[q] = PM_NONE;
    if (!colors) return;
    for (int32_t q = 1; q <= s->pairs; q++) colors[item[q]]++;
    size_t room = 0;
    for (int32_t y = 1; y <= n_items; y++) {
        int64_t words = s->wat[2 * y + 1] - s->wat[2 * y], options = 0;
        for (int32_t i = s->wat[2 * y]; i < s->wat[2 * y + 1]; i++) options += __builtin_popcountll(s->wd[i].bits);
        if (colors[y] * words > PM_ROOM * options) colors[y] = 0; /* too many: left out */
        room += (size_t)(colors[y] * words);
    }
    s->pm = room && room <= INT32_MAX / 2 ? malloc(room * sizeof *s->pm) : NULL; /* offsets in int32 (pmat) */
    for (int32_t q = 1, at = 0; s->pm && q <= s->pairs; q++) {
        int32_t y = item[q], i = s->wat[2 * y];
        if (!colors[y]) continue;
        const cells_word *c = s->pd + s->pat[q];
        s->pmat[q] = at - i;
        for (; i < s->wat[2 * y + 1]; i++) {
            uint64_t keep = c->at == s->wd[i].at ? c++->bits : 0;
            s->pm[at++] = s->wd[i].bits & ~keep;
        }
    }
    if (s->pm) s->bytes += room * sizeof *s->pm;
    free(colors);
}

/* Option k's first (lowest) item, np + 1 if it has no primary one; its
 * entries, and those with a color, added to *entries and *colored. */
PER_OPTION int32_t option_first(const dlx_t *d, int32_t k, int64_t *entries, int64_t *colored) {
    const dlx_node *nd = d->node;
    int32_t first = d->n_primary + 1, p = d->opt_start[k], c = 0;
    for (; nd[p].top > 0; p++) {
        if (nd[p].top < first) first = nd[p].top; /* primary items come first */
        c += nd[p].color != 0;
    }
    *entries += p - d->opt_start[k], *colored += c;
    return first;
}

/* The tables for the matrix as it stands (forced options are taken at each start). */
static int build(dlx_t *d) {
    int32_t n = d->n_options, np = d->n_primary;
    dlx_cells *s = calloc(1, sizeof *s);
    if (!s) return DLX_ENOMEM;
    d->cells = s;
    int64_t entries = 0, colored = 0;
    int32_t *first = malloc(((size_t)n + 1) * sizeof *first);
    for (int32_t k = 0; first && k < n; k++) first[k] = option_first(d, k, &entries, &colored);
    uint32_t h = 4;
    while (h < 2 * colored + 2) h *= 2;
    s->words = (n + 63) / 64;
    s->levels = (np < n ? np : n) + 2;
    s->stride = (d->n_items + 1 + 15) / 16 * 16;
    size_t items = (size_t)d->n_items + 2;
    s->bytes = carve(s, NULL, (size_t)n, items, (size_t)entries + 1, (size_t)colored);
    s->block = calloc(s->bytes, 1);
    int32_t *from = calloc((size_t)np + 2, sizeof *from), *val = malloc(h * sizeof *val);
    int32_t *item = malloc(((size_t)colored + 1) * sizeof *item); /* per pair (at most one an entry) */
    int64_t *key = calloc(h, sizeof *key);
    int ok = first && from && key && val && item && s->block;
    if (ok) {
        carve(s, s->block, (size_t)n, items, (size_t)entries + 1, (size_t)colored);
        lay_options(d, s, first, from, key, val, h - 1, item);
        lay_words(d, s, first);
        lay_runs(s, d->n_items, item);
        lay_masks(s, d->n_items, item);
#ifdef __wasm__ /* the entries' and uniform words' counts by address (ENTRY_COUNT, UNI_COUNT: dlx_cells.h) */
        for (int64_t e = 0; e < entries; e++) s->ent[e] = (int32_t)(uint32_t)(uintptr_t)(s->size + s->ent[e]);
        for (int32_t w = 0; w < s->words; w++)
            if (s->uni[w]) s->uni[w] = (int32_t)(uint32_t)(uintptr_t)(s->size + s->uni[w]);
#endif
    } else {
        dlx_cells_free(d);
    }
    free(first), free(from), free(key), free(val), free(item);
    return ok ? DLX_OK : DLX_ENOMEM;
}

int dlx_cells_ready(dlx_t *d) {
    if (d->cells) return 1;
    if (d->n_options <= 0) return 0;
    return build(d) == DLX_OK;
}
