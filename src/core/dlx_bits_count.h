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

/* A count's last two levels, where every option has R primary items (R is
 * b->uniform): with R items left every live option covers them all, so each
 * is a solution; with 2R left, option k of the item branched on leads to
 * such a node, whose options are the live ones less k's kill set. Counted
 * without going down, adding the nodes, guesses, updates and random draws
 * the search would have made there: with R items left a node strikes its
 * options once (R each), then finds each a solution; with 2R, the child of
 * k and its own node strike every option live after the item's own went (P
 * of them). Returns 0, having changed nothing, when level l has neither,
 * when the children would cross the budget, or when a child is left with
 * no option (its strike may stop early, and where decides its updates):
 * then the search goes down as usual. */
#ifdef __wasm__
__attribute__((noinline, minsize)) /* once, not in each copy of the search; small */
#endif
static int count_tail(dlx_t *d, const dlx_bits *b, int32_t l, int32_t x, int32_t t, uint64_t room, tally *add,
                      const int32_t W) {
    int32_t R = b->uniform, left = b->left[2 * l];
    uint64_t R64 = (uint64_t)R, draws = 1, guesses = 0; /* the node's draw, then one per child */
    if (left == R) {
        add->solutions = (uint64_t)t, add->updates = R64 * (uint64_t)t;
    } else {
        if (left != 2 * R || (uint64_t)t > room) return 0;
        static const uint64_t none[MID_WORDS]; /* the tail runs on sets of up to MID_WORDS words */
        const uint64_t *live = slot_live(b, 2 * l, W), *mx = b->mask + (size_t)x * WORDS;
        uint64_t P = (uint64_t)live_count(b, live, t > 1 ? mx : none, W);
        add->updates = t > 1 ? R64 * (uint64_t)t : 0; /* the branching item's options, struck once */
        for (int32_t j = 0; j < WORDS; j++)
            for (uint64_t ways = live[j] & mx[j]; ways; ways &= ways - 1) {
                int32_t k = j * 64 + first_bit(ways), n = live_count(b, live, b->conflict + (size_t)k * WORDS, W);
                if (n == 0) return 0;
                add->solutions += (uint64_t)n, add->updates += R64 * P;
                guesses += n > 1, draws++;
            }
        add->nodes = (uint64_t)t;
        if (l + 1 > d->max_level) d->max_level = l + 1;
    }
    d->guesses += guesses;
    if (d->rng)
        while (draws--) rng_next(&d->rng);
    return 1;
}

#endif
