/* dlx_bits_count.h: a count's last two levels on a tiling, counted by
 * popcounts on the bit-set search's states (dlx_bits.h), without going down:
 * inlined into the search (dlx_bits.c), which includes it once. */
#ifndef DLX_BITS_COUNT_H
#define DLX_BITS_COUNT_H

#include "dlx_bits.h"
#include "random.h"

/* The options of live & ~less. */
INLINE int32_t live_count(const dlx_bits *b, const uint64_t *live, const uint64_t *less, const int32_t W) {
    int32_t n = 0;
    for (int32_t j = 0; j < WORDS; j++) n += __builtin_popcountll(live[j] & ~less[j]);
    return n;
}

/* What count_tail adds to the search's counters. */
typedef struct {
    uint64_t nodes, updates, solutions;
} tally;

/* The last option of L = live & ~less holding item y (there is one). */
INLINE int32_t last_of(const dlx_bits *b, const uint64_t *live, const uint64_t *less, int32_t y, const int32_t W) {
    const uint64_t *m = b->mask + (size_t)y * WORDS;
    int32_t j = WORDS - 1;
    while (!(live[j] & ~less[j] & m[j])) j--;
    return j * 64 + 63 - __builtin_clzll(live[j] & ~less[j] & m[j]);
}

/* How many options the strike of a child left with no option takes (its
 * updates, over R): it takes L = live & ~less (all of them meet option k)
 * in order, and stops after the first that takes the last option of an item
 * k leaves uncovered (that count reaches 0); every option before it has an
 * earlier one's last (last_of is never below the option holding it). */
INLINE uint64_t dead_strike(const dlx_bits *b, const uint64_t *live, const uint64_t *less, int32_t k,
                            const int32_t W) {
    const int32_t R = b->uniform, *pk = prim_of(b, k);
    int32_t stop = INT32_MAX;
    uint64_t n = 0;
    for (int32_t j = 0; j < WORDS; j++)
        for (uint64_t bits = live[j] & ~less[j]; bits; bits &= bits - 1, n++) {
            int32_t o = j * 64 + first_bit(bits);
            if (o > stop) return n;
            for (const int32_t *p = prim_of(b, o); p < prim_of(b, o) + R; p++) {
                int32_t in_k = 0;
                for (int32_t q = 0; q < R; q++) in_k |= pk[q] == *p;
                if (!in_k) {
                    int32_t last = last_of(b, live, less, *p, W);
                    stop = last < stop ? last : stop;
                }
            }
        }
    return n;
}

/* A count's last two levels, where every option has R primary items (R is
 * b->uniform): with R items left every live option covers them all, so each
 * is a solution; with 2R left, option k of the item branched on leads to
 * such a node, whose options are the live ones less k's kill set. Counted
 * without going down, adding the nodes, guesses, updates and random draws
 * the search would have made there: with R items left a node strikes its
 * options once (R each), then finds each a solution; with 2R, the child of
 * k and its own node strike every option live after the item's own went
 * (P of them), unless the child is left with none: then its strike stops
 * early (dead_strike). Returns 0 when level l has neither (or the children
 * would cross the budget): then the search goes on. */
#ifdef __wasm__
__attribute__((noinline, minsize)) /* once, not in each copy of the search; small */
#endif
static int count_tail(dlx_t *d, const dlx_bits *b, int32_t l, int32_t x, int32_t t, uint64_t room, tally *add,
                      const int32_t W) {
    int32_t R = b->uniform, left = b->left[2 * l];
    if (left != R && (left != 2 * R || (uint64_t)t > room)) return 0;
    if (d->rng) rng_next(&d->rng); /* the node's draw */
    if (left == R) {
        add->solutions = (uint64_t)t, add->updates = (uint64_t)R * (uint64_t)t;
        return 1;
    }
    static const uint64_t none[SMALL_WORDS]; /* the tail runs on sets of up to SMALL_WORDS words */
    const uint64_t *live = slot_live(b, 2 * l, W), *mx = b->mask + (size_t)x * WORDS;
    const uint64_t *less = t > 1 ? mx : none; /* what the children's strikes take: live & ~less */
    uint64_t P = (uint64_t)live_count(b, live, less, W), R64 = (uint64_t)R;
    add->updates = t > 1 ? R64 * (uint64_t)t : 0; /* the branching item's options, struck once */
    for (int32_t j = 0; j < WORDS; j++)
        for (uint64_t ways = live[j] & mx[j]; ways; ways &= ways - 1) {
            int32_t k = j * 64 + first_bit(ways), n = live_count(b, live, b->conflict + (size_t)k * WORDS, W);
            if (n > 0) {
                add->solutions += (uint64_t)n, add->updates += R64 * P;
                d->guesses += n > 1;
                if (d->rng) rng_next(&d->rng);
            } else
                add->updates += R64 * dead_strike(b, live, less, k, W);
        }
    add->nodes = (uint64_t)t;
    if (l + 1 > d->max_level) d->max_level = l + 1;
    return 1;
}

#endif
