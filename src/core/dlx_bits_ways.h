/* dlx_bits_ways.h: an item's live options at a level of the bit-set search
 * (dlx_bits.c, which includes it once): which words of the sets hold them,
 * the next one from an option on, and a seeded order's first. */
#ifndef DLX_BITS_WAYS_H
#define DLX_BITS_WAYS_H

#include "dlx_bits.h"
#include "random.h"

/* A bit for each word where a and m meet (w words, an even number). */
INLINE uint64_t meet_words(const uint64_t *a, const uint64_t *m, int32_t w) {
    uint64_t hit = 0;
#ifdef __wasm_simd128__
    for (int32_t j = 0; j < w; j += 2) {
        v128_t g = wasm_v128_and(wasm_v128_load(a + j), wasm_v128_load(m + j));
        hit |= (uint64_t)(~wasm_i64x2_bitmask(wasm_i64x2_eq(g, wasm_i64x2_splat(0))) & 3) << j;
    }
#else
    for (int32_t j = 0; j < w; j++) hit |= (uint64_t)((a[j] & m[j]) != 0) << j;
#endif
    return hit;
}

/* Level l branches on item x: note which words hold its live options, for
 * next_option to go from one to the next without reading the others. */
INLINE void branch_on(dlx_bits *b, int32_t l, int32_t x, const int32_t W) {
    b->ways[l] = meet_words(slot_live(b, 2 * l, W), b->mask + (size_t)x * WORDS, WORDS);
}

/* branch_on for an item x with one live option: the word holding it, by a
 * scan that stops there. In WebAssembly only (2 words an operation):
 * edge-matching-7x7 2% faster; natively, 8 words an operation, the whole
 * pass stays (the scan made edge-matching-7x7 3% faster and
 * pentomino-6x10 3% slower). */
INLINE void branch_on_one(dlx_bits *b, int32_t l, int32_t x, const int32_t W) {
#ifdef __wasm_simd128__
    const uint64_t *a = slot_live(b, 2 * l, W), *m = b->mask + (size_t)x * WORDS;
    int32_t j = 0;
    while (!wasm_v128_any_true(wasm_v128_and(wasm_v128_load(a + j), wasm_v128_load(m + j)))) j += 2;
    j += !(a[j] & m[j]);
    b->ways[l] = 1ULL << j;
#else
    branch_on(b, l, x, W);
#endif
}

/* The first live option of level l's item x from option k on, or -1. */
INLINE int32_t next_option(const dlx_bits *b, int32_t l, int32_t x, int32_t k, const int32_t W) {
    int32_t w = WORDS, j = k / 64;
    const uint64_t *live = slot_live(b, 2 * l, W), *m = b->mask + (size_t)x * w;
    if (j >= w) return -1;
    uint64_t bits = live[j] & m[j] & (~0ULL << (k % 64));
    if (!bits) {
        uint64_t ways = j == 63 ? 0 : b->ways[l] >> (j + 1) << (j + 1);
        if (!ways) return -1;
        j = first_bit(ways);
        bits = live[j] & m[j];
    }
    return j * 64 + first_bit(bits);
}

/* A seeded order's paths, out of the search in WebAssembly: V8 compiles the
 * search whole with TurboFan once it runs hot, on CPU time a fresh run pays
 * (the first count of queens-13 waits for it in baseline code), and an
 * unseeded search never takes them (docs/notes/WASM.md, session 45).
 * seeded_first: a node's first option, drawn; first_option: the item's
 * first live option again after its last (unseeded, the first tried). */
#ifdef __wasm__
#define SEEDED static __attribute__((noinline))
#else
#define SEEDED INLINE
#endif
SEEDED int32_t first_option(const dlx_bits *b, int32_t l, int32_t x, const int32_t W) {
    return next_option(b, l, x, 0, W);
}
SEEDED int32_t seeded_first(dlx_t *d, const dlx_bits *b, int32_t l, int32_t x, int32_t t, const int32_t W) {
    int32_t cur = next_option(b, l, x, 0, W);
    for (uint64_t r = rng_next(&d->rng) % (uint64_t)t; r; r--) {
        cur = next_option(b, l, x, cur + 1, W);
        if (cur < 0) cur = next_option(b, l, x, 0, W);
    }
    return cur;
}

#endif
