/* dlx_bits.h: the bit-set search's tables and per-level states (dlx_bits.c
 * builds and searches them; dlx_bits_count.h counts a tiling's last two
 * levels on them). Included by those two only. */
#ifndef DLX_BITS_H
#define DLX_BITS_H

#include "dlx_internal.h"
#include "dlx_scan.h"

/* A set takes TINY_WORDS words up to 128 options, else at least
 * SMALL_WORDS; natively the search has a copy for each of the two, and for
 * MID_WORDS (257-384 options), whose loops over a set's words have a fixed
 * length. Two words, not four: dominoes-8x8 5% faster natively, 6% in
 * WebAssembly. Six: sudoku-less3 (303 options) 15% faster natively. */
enum { SMALL_WORDS = 4, TINY_WORDS = 2, MID_WORDS = 6 };

/* Counts are 16 bits (an item has at most BITS_MAX_OPTIONS options): twice
 * as many to a SIMD register when copied and scanned. A covered item's
 * count has CUT added; padding is INT16_MAX. */
typedef int16_t count_t;
enum { CUT = 1 << 14 };
_Static_assert(BITS_MAX_OPTIONS < CUT, "a count and CUT fit in a count_t");

struct dlx_bits {
    int32_t words;    /* 64-bit words in a set of options */
    int32_t stride;   /* counts per level: primary items rounded up to 16 */
    int32_t levels;   /* slots with room for a state: two per level */
    uint64_t *mask;   /* the masks, `words` each: item j's options first, then color kills */
    int32_t *kill;    /* per option entry: its mask's offset into `mask` */
    int32_t *kill_at; /* per option: where its entries start in `kill` (n_options + 1) */
    int32_t *prim;    /* per option, a row of `row` entries: its primary items, then ~(their number) */
    int32_t row;      /* see prim_row() */
    int32_t same;     /* the number of primary items of every option, for the unrolled rows; else 0 */
    int32_t uniform;  /* the number of primary items of every option when all have the same, else 0 */
    count_t **at;     /* IN_WORK(same): per option, AT_ROW addresses in `work` of its counts */
    uint64_t *conflict; /* per option: its kill set, the union of its masks */
    uint64_t *live;   /* per slot: the live options */
    count_t *count;   /* per slot: live options of each primary item, + CUT once covered */
    int32_t *left;    /* per slot: primary items not yet covered */
    int32_t *branch;  /* per level: the item branched on */
    uint64_t *ways;   /* per level: a bit per word of the sets holding a live option of that item */
    int dead;         /* the node about to be entered is a dead end */
    uint32_t *pair;   /* PACKED(same): per option, its two counts' byte offsets, 16 bits each */
    uint64_t hit;     /* the words the last strike took options from (all when W) */
    count_t *work;    /* IN_WORK(same): the counts being lowered (`at` points into it) */
    uint64_t *gone;   /* GONE_BUF, PACKED(same): per word, the options the strike takes */
    void *scratch;    /* the block holding work and gone, 16-aligned for SIMD */
};

/* States live in slots: slot 2l is level l's, slot 2l + 1 the same less the
 * options of the item branched on, which every option tried there kills:
 * striking them once per node, not once per option tried, saves a share of
 * the work (Knuth's SSXCC hides the branching item's options once too). */
/* W: the number of words when the caller knows it at compile time, else 0. */
#define WORDS (W ? W : b->words)

INLINE uint64_t *slot_live(const dlx_bits *b, int32_t slot, const int32_t W) {
    return b->live + (size_t)slot * WORDS;
}
INLINE count_t *slot_count(const dlx_bits *b, int32_t slot) { return b->count + (size_t)slot * b->stride; }

/* Option k's row of primary items. */
INLINE const int32_t *prim_of(const dlx_bits *b, int32_t k) { return b->prim + (size_t)k * b->row; }

#endif
