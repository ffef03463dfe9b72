/* sudoku_random.h: the seeded generator's random numbers and shuffles,
 * shared by sudoku_generate.c and sudoku_pattern.c. Not part of the API. */
#ifndef SUDOKU_RANDOM_H
#define SUDOKU_RANDOM_H

#include <stdint.h>

static inline uint64_t next_random(uint64_t *state) { /* splitmix64: fine for shuffles */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Fisher-Yates on a[0..n-1]; shuffle() fills it with 0..n-1 first. */
static inline void shuffle_in_place(int32_t *a, int32_t n, uint64_t *rng) {
    for (int32_t k = n - 1; k > 0; k--) {
        int32_t j = (int32_t)(next_random(rng) % (uint64_t)(k + 1)), t = a[k];
        a[k] = a[j], a[j] = t;
    }
}

static inline void shuffle(int32_t *a, int32_t n, uint64_t *rng) {
    for (int32_t i = 0; i < n; i++) a[i] = i;
    shuffle_in_place(a, n, rng);
}

#endif
