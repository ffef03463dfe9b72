/* sudoku_random.h: the seeded generator's shuffles (its numbers: next_random, random.h),
 * shared by sudoku_generate.c and sudoku_pattern.c. Not part of the API. */
#ifndef SUDOKU_RANDOM_H
#define SUDOKU_RANDOM_H

#include "random.h"

#include <stdint.h>

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
