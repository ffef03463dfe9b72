/* dlx_scan.h: the minimum of a block of item lengths, and where it is, for
 * the branching scans of both searches (dlx_search.c, dlx_bits.c); the
 * least length per weight of a block, for the restarts' weighted choice.
 * WebAssembly is built for size, where the compiler does not vectorize
 * loops: the SIMD is spelled out there. */
#ifndef DLX_SCAN_H
#define DLX_SCAN_H

#include <stdint.h>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#define INLINE static inline __attribute__((always_inline))

/* The index of the lowest set bit of x != 0. */
INLINE int first_bit(uint64_t x) { return __builtin_ctzll(x); }

/* The least of len[0 .. width-1] (width a multiple of 4). */
#ifdef __wasm_simd128__
INLINE int32_t block_min(const int32_t *len, int width) {
    v128_t low = wasm_v128_load(len);
    for (int j = 4; j < width; j += 4) low = wasm_i32x4_min(low, wasm_v128_load(len + j));
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 2, 3, 0, 1));
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 1, 0, 3, 2));
    return wasm_i32x4_extract_lane(low, 0);
}
/* A mask of which of len[0 .. width-1] equal t (width <= 64). */
INLINE uint64_t block_hits(const int32_t *len, int width, int32_t t) {
    v128_t want = wasm_i32x4_splat(t);
    uint64_t hit = 0;
    for (int j = 0; j < width; j += 4)
        hit |= (uint64_t)wasm_i32x4_bitmask(wasm_i32x4_eq(wasm_v128_load(len + j), want)) << j;
    return hit;
}
#else
INLINE int32_t block_min(const int32_t *len, int width) {
    int32_t low = INT32_MAX;
    for (int j = 0; j < width; j++) low = len[j] < low ? len[j] : low;
    return low;
}
INLINE uint64_t block_hits(const int32_t *len, int width, int32_t t) {
    uint64_t hit = 0;
    for (int j = 0; j < width; j++) hit |= (uint64_t)(len[j] == t) << j;
    return hit;
}
#endif

/* The index of the first of len[0 .. width-1] equal to t, which is there.
 * Natively a plain loop: compilers spell the mask out bit by bit. */
INLINE int block_find(const int32_t *len, int width, int32_t t) {
#ifdef __wasm_simd128__
    return first_bit(block_hits(len, width, t));
#else
    (void)width;
    int j = 0;
    while (len[j] != t) j++;
    return j;
#endif
}

/* The first of len[1 .. n] with the least value, in *best (0 when n is 0),
 * and that value (INT32_MAX when n is 0): the branching scan of both the
 * linked search and the sparse sets' (dlx_cells.c), which must agree. Blocks of
 * 64, then 16, whose minimum the compiler takes without branches (SIMD where
 * it can); the item inside the best block is found once at the end. It
 * stops early only at a 0. */
INLINE int32_t fewest(const int32_t *len, int32_t n, int32_t *best) {
    int32_t t = INT32_MAX, b = 0, k = 1;
    /* Blocks of 64, then of 16: the first block holding the minimum so far. */
    int32_t block = 0, wide = 0;
    for (; k + 63 <= n; k += 64) {
        int32_t low = block_min(len + k, 64);
        if (low < t) {
            t = low, block = k, wide = 1;
            if (t == 0) goto found;
        }
    }
    for (; k + 15 <= n; k += 16) {
        int32_t low = block_min(len + k, 16);
        if (low < t) {
            t = low, block = k, wide = 0;
            if (t == 0) break;
        }
    }
found:
    if (block) { /* locate the item once, not at every improvement */
        b = block + (wide ? block_find(len + block, 64, t) : block_find(len + block, 16, t));
        if (t == 0) {
            *best = b;
            return t;
        }
    }
    for (; k <= n; k++)
        if (len[k] < t) {
            t = len[k], b = k;
            if (t == 0) break;
        }
    *best = b;
    return t;
}

/* The preference rule (Knuth's DLX2-sharp items, dlx_set_preferred): of
 * the items with the least length t, the first preferred one, else b (the
 * first). pref lists the preferred items in increasing order; callers look
 * only when n_pref > 0, so problems without preferred items pay one test
 * (and out of line: the searches' copies of the scan stay small).
 * The bit-set search (dlx_bits.c) applies the same rule to its counts. */
static __attribute__((noinline, unused)) int32_t prefer(const int32_t *len, const int32_t *pref,
                                                         int32_t n_pref, int32_t t, int32_t b) {
    if (len[b] != t) return b; /* no item left (b is 0) */
    for (int32_t j = 0; j < n_pref; j++)
        if (len[pref[j]] == t) return pref[j];
    return b;
}

/* An item's score for the weighted choice, len / w as a float's bits
 * (for positive floats the integer order is the float order); INT32_MAX
 * for a covered item, whose len is `covered` or more. */
INLINE int32_t score_bits(int32_t len, float w, int32_t covered) {
    float f = (float)len / w;
    int32_t b;
    __builtin_memcpy(&b, &f, sizeof b);
    return len >= covered ? INT32_MAX : b;
}

/* The least score of 16 items. */
#ifdef __wasm_simd128__
INLINE int32_t block_score_min(const int32_t *len, const float *w, int32_t covered) {
    v128_t low = wasm_i32x4_splat(INT32_MAX), under = wasm_i32x4_splat(covered);
    for (int j = 0; j < 16; j += 4) {
        v128_t n = wasm_v128_load(len + j);
        v128_t s = wasm_f32x4_div(wasm_f32x4_convert_i32x4(n), wasm_v128_load(w + j));
        low = wasm_i32x4_min(low, wasm_v128_bitselect(s, low, wasm_i32x4_lt(n, under)));
    }
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 2, 3, 0, 1));
    low = wasm_i32x4_min(low, wasm_i32x4_shuffle(low, low, 1, 0, 3, 2));
    return wasm_i32x4_extract_lane(low, 0);
}
#else
INLINE int32_t block_score_min(const int32_t *len, const float *w, int32_t covered) {
    int32_t low = INT32_MAX;
    for (int j = 0; j < 16; j++) {
        int32_t s = score_bits(len[j], w[j], covered);
        low = s < low ? s : low;
    }
    return low;
}
#endif

#endif
