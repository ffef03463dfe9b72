/* dlx_cells_build.c: the tables of the search beyond the bit-set search's
 * size (dlx_cells.h says what each holds; dlx_cells.c searches). Every
 * table is linear in the input: an item's words are at most its options,
 * a color's words at most its entries, the trail at most one word change
 * per option struck (each change strikes one) and one entry per item taken.
 */
#include "dlx_cells.h"

#include <stdlib.h>
#include <string.h>

/* The option's original color at node p (a purified node says -1). */
static int32_t node_color(const dlx_t *d, int32_t p) {
    int32_t c = d->node[p].color;
    return c < 0 ? d->item[d->node[p].top].color : c;
}

void dlx_cells_free(dlx_t *d) {
    dlx_cells *s = d->cells;
    if (!s) return;
    free(s->live), free(s->all), free(s->uni), free(s->wat), free(s->widx), free(s->wmask), free(s->pat);
    free(s->pidx), free(s->pmask), free(s->eat), free(s->ent), free(s->epair), free(s->nprim), free(s->ren);
    free(s->orig), free(s->ordered), free(s->size), free(s->full), free(s->tw), free(s->told), free(s->opts);
    free(s->at), free(s->branch), free(s->tried), free(s->snap), free(s->lefts);
    free(s);
    d->cells = NULL;
}

size_t dlx_cells_bytes(const dlx_t *d) {
    const dlx_cells *s = d->cells;
    if (!s) return 0;
    size_t n = (size_t)d->n_options, items = (size_t)d->n_items + 2, w = (size_t)s->words, e = (size_t)s->entries;
    return sizeof *s + w * 20 + items * 17 + 64 * 4 + e * 12 * 3 + (size_t)(s->pairs + 2) * 4 + n * 22 + 8 +
           (n + items) * 12 + (size_t)s->levels * (16 + (s->snap ? (size_t)s->stride * 4 : 0));
}

/* Colors as dense numbers 1..: an open-addressing table of the colors
 * seen (linear in the entries, whatever numbers the colors are). */
typedef struct {
    int32_t *key, *val, mask, next;
} color_map;

static int32_t dense_color(color_map *h, int32_t c) {
    uint32_t i = ((uint32_t)c * 2654435761u) & (uint32_t)h->mask;
    while (h->key[i] && h->key[i] != c) i = (i + 1) & (uint32_t)h->mask;
    if (!h->key[i]) h->key[i] = c, h->val[i] = ++h->next;
    return h->val[i];
}

/* Options renumbered by their first primary item (a stable counting sort);
 * each option's entries, primary items first; colors dense in epair. */
static int lay_options(dlx_t *d, dlx_cells *s) {
    int32_t n = d->n_options, np = d->n_primary;
    const dlx_node *nd = d->node;
    int32_t *key = calloc((size_t)np + 2, sizeof *key), *first = malloc(((size_t)n + 1) * sizeof *first);
    color_map h = {0};
    int64_t colored = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t f = np + 1;
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++) {
            int32_t x = nd[p].top;
            s->entries++;
            if (x <= np && x < f) f = x;
            colored += node_color(d, p) > 0;
        }
        first[k] = f;
    }
    int32_t size = 4;
    while (size < 2 * colored + 2) size *= 2;
    h.key = calloc((size_t)size, sizeof *h.key), h.val = malloc((size_t)size * sizeof *h.val), h.mask = size - 1;
    s->ent = malloc(((size_t)s->entries + 1) * sizeof *s->ent);
    s->epair = malloc(((size_t)s->entries + 1) * sizeof *s->epair);
    int rc = DLX_ENOMEM;
    if (!key || !first || !h.key || !h.val || !s->ent || !s->epair) goto out;
    for (int32_t k = 0; k < n; k++) key[first[k]]++;
    for (int32_t f = 0, at = 0; f <= np + 1; f++) {
        int32_t c = key[f];
        key[f] = at, at += c;
    }
    for (int32_t k = 0; k < n; k++) s->ren[k] = key[first[k]]++, s->orig[s->ren[k]] = k;
    for (int32_t o = 0, e = 0; o < n; o++) {
        int32_t k = s->orig[o];
        s->eat[o] = e;
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++)
            if (nd[p].top <= np) s->ent[e] = nd[p].top, s->epair[e++] = 0;
        s->nprim[o] = e - s->eat[o];
        for (int32_t p = d->opt_start[k]; nd[p].top > 0; p++)
            if (nd[p].top > np) {
                int32_t c = node_color(d, p);
                s->ent[e] = nd[p].top, s->epair[e++] = c > 0 ? dense_color(&h, c) : 0;
            }
        s->eat[o + 1] = e;
    }
    rc = DLX_OK;
out:
    free(key), free(first), free(h.key), free(h.val);
    return rc;
}

/* Per item its words (and whether its options' numbers keep their
 * order), per (item, color) pair the words of that color; the entries'
 * dense colors become pair numbers. From the options of each item in
 * increasing number (a counting sort of the entries by item). */
static int lay_items(dlx_t *d, dlx_cells *s) {
    int32_t n = d->n_options, ni = d->n_items, np = d->n_primary;
    int64_t e_all = s->entries;
    int32_t *lat = calloc((size_t)ni + 2, sizeof *lat), *lopt = malloc(((size_t)e_all + 1) * sizeof *lopt);
    int32_t *lent = malloc(((size_t)e_all + 1) * sizeof *lent);
    /* per dense color: the item it was last seen on, its pair there; per pair: words, last word */
    int32_t *seen = calloc((size_t)e_all + 2, sizeof *seen), *pair = malloc(((size_t)e_all + 2) * sizeof *pair);
    int32_t *last = malloc(((size_t)e_all + 2) * sizeof *last);
    int rc = DLX_ENOMEM;
    if (!lat || !lopt || !lent || !seen || !pair || !last) goto out;
    for (int64_t e = 0; e < e_all; e++) lat[s->ent[e]]++;
    for (int32_t x = 0, at = 0; x <= ni + 1; x++) {
        int32_t c = lat[x];
        lat[x] = at, at += c;
    }
    for (int32_t o = 0; o < n; o++)
        for (int32_t e = s->eat[o]; e < s->eat[o + 1]; e++) {
            int32_t at = lat[s->ent[e]]++;
            lopt[at] = o, lent[at] = e;
        }
    for (int32_t x = ni + 1; x > 0; x--) lat[x] = lat[x - 1]; /* back to the starts */
    lat[0] = 0;
    /* Pairs: numbered per item as its colors show up; their words counted. */
    int32_t pairs = 0, words = 0;
    for (int32_t x = 1; x <= ni; x++)
        for (int32_t i = lat[x]; i < lat[x + 1]; i++) {
            int32_t e = lent[i], c = s->epair[e], w = lopt[i] >> 6;
            if (!c) continue;
            if (seen[c] != x) seen[c] = x, pair[c] = ++pairs, last[pairs] = -1, s->pat[pairs] = 0;
            int32_t q = s->epair[e] = pair[c];
            if (last[q] != w) last[q] = w, s->pat[q]++;
        }
    for (int32_t q = 1, at = 0; q <= pairs + 1; q++) {
        int32_t c = q <= pairs ? s->pat[q] : 0;
        s->pat[q] = at, at += c, last[q] = -1;
    }
    s->pairs = pairs;
    /* The words of each item, then of each pair (pat[q] runs as a cursor). */
    for (int32_t x = 1; x <= ni; x++) {
        s->wat[x] = words;
        int ordered = 1;
        for (int32_t i = lat[x]; i < lat[x + 1]; i++) {
            int32_t o = lopt[i], w = o >> 6, q = s->epair[lent[i]];
            if (words == s->wat[x] || s->widx[words - 1] != w) s->widx[words] = w, s->wmask[words++] = 0;
            s->wmask[words - 1] |= 1ull << (o & 63);
            if (i > lat[x] && s->orig[o] < s->orig[lopt[i - 1]]) ordered = 0;
            if (q) {
                if (last[q] != w) last[q] = w, s->pidx[s->pat[q]] = w, s->pmask[s->pat[q]++] = 0;
                s->pmask[s->pat[q] - 1] |= 1ull << (o & 63);
            }
        }
        s->ordered[x] = (uint8_t)ordered;
        if (x <= np) s->full[x] = lat[x + 1] - lat[x];
    }
    s->wat[ni + 1] = words;
    for (int32_t q = pairs + 1; q > 1; q--) s->pat[q] = s->pat[q - 1]; /* the cursors ended at the next start */
    s->pat[1] = 0;
    rc = DLX_OK;
out:
    free(lat), free(lopt), free(lent), free(seen), free(pair), free(last);
    return rc;
}

/* Per word: the one primary item of all its options, if they have one each and the same. */
static void lay_words(dlx_t *d, dlx_cells *s) {
    int32_t n = d->n_options;
    for (int32_t w = 0; w < s->words; w++) {
        int32_t p = -1;
        for (int32_t o = w * 64; o < n && o < w * 64 + 64 && p; o++) {
            int32_t q = s->nprim[o] == 1 ? s->ent[s->eat[o]] : 0;
            p = p < 0 || p == q ? q : 0;
        }
        s->uni[w] = p < 0 ? 0 : p;
        s->all[w] = 0;
        for (int32_t o = w * 64; o < n && o < w * 64 + 64; o++) s->all[w] |= 1ull << (o & 63);
    }
}

/* The tables for the matrix as it stands (forced options are taken at each start). */
static int build(dlx_t *d) {
    int32_t n = d->n_options, ni = d->n_items;
    dlx_cells *s = calloc(1, sizeof *s);
    if (!s) return DLX_ENOMEM;
    d->cells = s;
    size_t w = (size_t)(s->words = (n + 63) / 64), items = (size_t)ni + 2;
    s->levels = (d->n_primary < n ? d->n_primary : n) + 2;
    s->stride = (ni + 1 + 15) / 16 * 16;
    s->live = malloc(w * 8), s->all = malloc(w * 8), s->uni = malloc(w * 4);
    s->wat = calloc(items, 4), s->eat = malloc(((size_t)n + 1) * 4), s->nprim = malloc((size_t)n * 4);
    s->ren = malloc((size_t)n * 4), s->orig = malloc((size_t)n * 4), s->ordered = calloc(items, 1);
    s->size = calloc(items + 64, 4), s->full = calloc(items, 4), s->opts = malloc(((size_t)n + 1) * 4);
    s->at = malloc((size_t)s->levels * 4), s->branch = malloc((size_t)s->levels * 4);
    s->tried = malloc((size_t)s->levels * 4), s->lefts = malloc((size_t)s->levels * 4);
    s->tw = malloc(((size_t)n + items) * 4), s->told = malloc(((size_t)n + items) * 8);
    if (s->stride <= SNAP_MAX_ITEMS) s->snap = malloc((size_t)s->levels * (size_t)s->stride * 4);
    int rc = DLX_ENOMEM;
    if (!s->live || !s->all || !s->uni || !s->wat || !s->eat || !s->nprim || !s->ren || !s->orig || !s->ordered ||
        !s->size || !s->full || !s->opts || !s->at || !s->branch || !s->tried || !s->lefts || !s->tw || !s->told ||
        (s->stride <= SNAP_MAX_ITEMS && !s->snap))
        goto fail;
    if ((rc = lay_options(d, s))) goto fail;
    size_t e = (size_t)s->entries + 1;
    s->widx = malloc(e * 4), s->wmask = malloc(e * 8), s->pat = malloc((e + 2) * 4);
    s->pidx = malloc(e * 4), s->pmask = malloc(e * 8);
    rc = DLX_ENOMEM;
    if (!s->widx || !s->wmask || !s->pat || !s->pidx || !s->pmask) goto fail;
    if ((rc = lay_items(d, s))) goto fail;
    lay_words(d, s);
    return DLX_OK;
fail:
    dlx_cells_free(d);
    return rc;
}

int dlx_cells_ready(dlx_t *d) {
    if (d->cells) return 1;
    if (d->n_options <= 0) return 0;
    return build(d) == DLX_OK;
}
