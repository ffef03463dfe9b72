/* memo_cache.h: the cache of the memoized counts (dlx_memo.c, and with
 * bounds dlx_memo_multi.c): a state's key (kwords words) to its count, open
 * addressing from the key's hash. A slot is stride = kwords + 2 words: the
 * count (lo, hi), then the key. A state sits at most PROBE slots from its
 * hash; when they are all taken a new state replaces one of them (victim
 * goes round), so a full cache costs time, never a wrong count. The table
 * doubles when half full, up to max_slots (the cap); building a ZDD (room
 * set) its slots hold chain heads, which are never replaced: the table
 * grows within the ZDD's room instead, or the build fails. */
#ifndef MEMO_CACHE_H
#define MEMO_CACHE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_internal.h" /* dlx_count_t */
#include "random.h"

enum { MEMO_PROBE = 8, MEMO_MIN_SLOTS = 64 };
/* A free slot's count (its high word): no cached count is that big, as a
 * count past 2^128 - 2^64 is an overflow and never cached. */
#define MEMO_FREE UINT64_MAX

struct memo_cache {
    uint64_t *slot;
    size_t stride, slots, used, max_slots;
    uint32_t victim; /* which slot of a full probe a new state replaces next */
    int32_t kwords;
    size_t *room;    /* building a ZDD: the bytes it may still take (NULL: a count) */
};

/* An empty cache for keys of kwords words within cap bytes. */
static inline void memo_cache_init(struct memo_cache *c, int32_t kwords, uint64_t cap) {
    c->kwords = kwords, c->stride = (size_t)kwords + 2, c->max_slots = 0;
    size_t fit = cap / (c->stride * sizeof(uint64_t));
    for (size_t s = MEMO_MIN_SLOTS; s <= fit; s *= 2) c->max_slots = s; /* a power of 2 */
}

static inline size_t memo_cache_bytes(const struct memo_cache *c) { return c->slots * c->stride * sizeof(uint64_t); }

/* splitmix64's mix over the words: every bit reaches the slot's low bits. */
static inline uint64_t memo_hash(const uint64_t *key, int32_t words) {
    uint64_t h = 0;
    for (int32_t w = 0; w < words; w++) h = splitmix64_mix(h ^ key[w]);
    return h;
}

/* How far a state may sit from its hash: MEMO_PROBE slots, or (building a
 * ZDD, whose table is never more than half full) up to the first free one. */
static inline size_t memo_probe(const struct memo_cache *c) { return c->room ? c->slots : MEMO_PROBE; }

/* The state's slot (its count, or its chain head), or NULL. */
static inline const uint64_t *memo_lookup(const struct memo_cache *c, uint64_t h, const uint64_t *key) {
    if (!c->slots) return NULL;
    size_t mask = c->slots - 1, bytes = (size_t)c->kwords * sizeof(uint64_t);
    for (size_t j = 0; j < memo_probe(c); j++) {
        const uint64_t *s = c->slot + ((h + j) & mask) * c->stride;
        if (s[1] == MEMO_FREE) return NULL;
        if (!memcmp(s + 2, key, bytes)) return s;
    }
    return NULL;
}

static inline void memo_put(struct memo_cache *c, uint64_t h, const uint64_t *key, uint64_t lo, uint64_t hi) {
    size_t mask = c->slots - 1;
    uint64_t *s = NULL;
    for (size_t j = 0; j < memo_probe(c) && !s; j++) {
        uint64_t *t = c->slot + ((h + j) & mask) * c->stride;
        if (t[1] == MEMO_FREE) s = t, c->used++;
    }
    if (!s) s = c->slot + ((h + c->victim++ % MEMO_PROBE) & mask) * c->stride; /* full: replace one */
    s[0] = lo, s[1] = hi;
    memcpy(s + 2, key, (size_t)c->kwords * sizeof(uint64_t));
}

/* Double the table (below the cap; building a ZDD, within its room); on no
 * memory, stay. -1 when it cannot grow. */
static int memo_grow(struct memo_cache *c) {
    size_t n = c->slots ? 2 * c->slots : MEMO_MIN_SLOTS, row = c->stride * sizeof(uint64_t);
    if (c->room ? n > *c->room / row : n > c->max_slots) return -1;
    uint64_t *old = c->slot, *t = malloc(n * row);
    if (!t) {
        c->max_slots = c->slots;
        return -1;
    }
    if (c->room) *c->room -= (n - c->slots) * row;
    memset(t, 0xff, n * row);
    size_t old_slots = c->slots;
    c->slot = t, c->slots = n, c->used = 0;
    for (size_t j = 0; j < old_slots; j++) {
        const uint64_t *s = old + j * c->stride;
        if (s[1] != MEMO_FREE) memo_put(c, memo_hash(s + 2, c->kwords), s + 2, s[0], s[1]);
    }
    free(old);
    return 0;
}

/* Keeps a state's count (one too big to tell from a free slot is not kept). */
static inline void memo_store_count(struct memo_cache *c, uint64_t h, const uint64_t *key, dlx_count_t v) {
    if (!c->max_slots || (uint64_t)(v >> 64) == MEMO_FREE) return;
    if (2 * (c->used + 1) > c->slots) memo_grow(c);
    if (c->slots) memo_put(c, h, key, (uint64_t)v, (uint64_t)(v >> 64));
}

/* Keeps a state's chain head (building a ZDD); -1 when the table cannot grow to take it. */
static inline int memo_store_chain(struct memo_cache *c, uint64_t h, const uint64_t *key, uint32_t chain) {
    if (2 * (c->used + 1) > c->slots && memo_grow(c)) return -1;
    memo_put(c, h, key, chain, 0);
    return 0;
}

#endif
