/* random.h: the core's seeded random numbers, all in one place. Not part
 * of the API.
 *
 * Three generators, each kept exactly as it was: a seed promises the same
 * results in every version (the same generated puzzle, the same seeded
 * search order, the same estimate), and the tests compare such results,
 * so one generator cannot replace another without changing them.
 *   - splitmix64: spreads a seed over a state (mix_seed), and the Sudoku
 *     generator's shuffles (next_random, via sudoku_random.h);
 *   - xorshift64*: the seeded search order, one draw per branching node,
 *     and the estimate's probes (rng_next);
 *   - xorshift64: clause learning's first activities (xorshift64_next). */
#ifndef RANDOM_H
#define RANDOM_H

#include <stdint.h>

/* splitmix64's output function, shared by its two uses below. */
static inline uint64_t splitmix64_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A generator's state from a seed, even a small one; never 0 (the
 * xorshift generators stay at 0 once there). */
static inline uint64_t mix_seed(uint64_t seed) {
    uint64_t z = splitmix64_mix(seed + 0x9E3779B97F4A7C15ULL);
    return z ? z : 1;
}

/* splitmix64 as a stream: fine for shuffles. */
static inline uint64_t next_random(uint64_t *state) {
    return splitmix64_mix(*state += 0x9E3779B97F4A7C15ULL);
}

/* xorshift64*: the seeded order's generator, one draw per branching node. */
static inline uint64_t rng_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* xorshift64 (shifts 13, 7, 17): clause learning's stream. */
static inline uint64_t xorshift64_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return *s = x;
}

#endif
