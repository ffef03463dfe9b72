/* dlx_multi.h: what the two searches of Algorithm M share (dlx_multi.c:
 * the links, the start and the entry points; dlx_multi_bits.c: the bit
 * sets). Private to them. */
#ifndef DLX_MULTI_H
#define DLX_MULTI_H

#include "dlx_internal.h"

struct dlx_multi {
    dlx_node *nd;            /* the copy of the links */
    int32_t *len;            /* per item: options left in its column */
    int32_t *prev, *next;    /* the active primary items, a circle through 0 */
    int32_t *count;          /* per item: options of the solution using it */
    int32_t *settled;        /* per secondary item: chosen options giving it its color */
    int32_t *item, *cur, *excl_at, *pos, *tot; /* per level */
    int32_t *excl, nexcl;    /* options skipped by the branches on the path */
    int32_t level, resume;   /* resume: 0 enter a node, 1 back up */
    uint64_t *part, cost;    /* the k cheapest (dlx_set_best): per level the cost before its choice; the cost so far */
    int32_t n_nodes, cap_levels, cap_nodes;
    /* The bit sets (on_bits): `words` 64-bit words a set; the tables are
     * for the problem of n_options options and n_nodes nodes. */
    int on_bits;
    int32_t words, b_options, b_nodes;
    uint64_t *mask;          /* at 0 the options with a primary item; item j's options at j * words;
                                then per (colored item, color) its options of other colors */
    int32_t *prim, *prim_at; /* per option (prim_at, n_options + 1): its primary items */
    int32_t *kill, *kill_at; /* per option: offsets into mask of what its secondary items rule out */
    int32_t owords;          /* 64-bit words in a set of primary items (bit j for item j) */
    uint64_t *live;          /* per level, words + owords: the live options of the node, then its open
                                items (neither covered nor done: those the choice looks at) */
    int32_t unmet;           /* primary items used fewer than lo times */
    int32_t *blen;           /* per level: live options of the item branched on */
    int64_t *kb;             /* per primary item: its choice key but the length's part (kept as its count
                                changes), so that the choice is one multiply-add an item: KEY(kb, len) */
    int32_t *span;           /* per primary item: the first word of its column with an option, and one
                                past the last (<< 16): the choice counts only those */
    struct one_block *one;   /* one-word sets: the search's tables in one block (below) */
};

#define STOP (-1) /* cur[l] of the branch "no more options of item[l]" */
#define NONE (-2) /* cur[l] before the first branch (bit sets: cur[l] is an option) */

typedef struct dlx_multi multi;

/* Sets of one word (up to 64 options, 63 items) have a search of their own. */
static inline int multi_one_word(const multi *m) { return m->words == 1 && m->owords == 1; }

/* Its tables in one block of fixed layout, a primary item's or an option's
 * entry by its number: natively one base register, not sixteen, for the
 * search's loops (queens and quota rows 1.15x with pitems, below); in
 * WebAssembly it runs on a copy at a fixed address (dlx_multi_bits.c). Its
 * depth is at most an option's take or an item's end a level. */
#define ONE_LEVELS (64 + 63 + 1)
struct one_block {
    uint64_t live[(ONE_LEVELS + 1) * 2]; /* per level: its live options, its open items */
    int64_t kb[64];          /* per primary item: as multi's kb */
    int32_t count[64], lo[64], hi[64];
    int32_t kill_at[65];     /* as multi's (the kills themselves are multi's) */
    int32_t item[ONE_LEVELS], cur[ONE_LEVELS], pos[ONE_LEVELS], tot[ONE_LEVELS], blen[ONE_LEVELS];
    uint64_t mask[64];       /* as multi's mask for items 0 .. 63 */
    uint64_t pitems[64];     /* per option: its primary items as a set (no prim_at, prim to load) */
    /* the search's counters, where it keeps them in memory (below) */
    struct multi_tally { uint64_t upd, guesses, found; int32_t top; } tally;
};

/* Once a search or a probe, not at each node: small, not fast (WebAssembly's
 * size budget), and out of the functions that run the bit sets' slices,
 * which V8 compiles with TurboFan on CPU time the user pays
 * (dlx_multi_search with all of it inlined: 70 ms). OUTLINED: out of them
 * too, but fast (the search on the links). */
#define OUTLINED __attribute__((noinline))
#if defined(__clang__)
#define COLD __attribute__((noinline, minsize))
#else
#define COLD __attribute__((noinline, cold))
#endif
#ifdef __wasm__
enum { SLICE_NODES = 4096 };
#endif

/* The bit sets (dlx_multi_bits.c): tables for the problem (0: too big, or
 * out of memory), the root (0: a forced option clashes), the search (one
 * copy for one-word sets, one for any), and freeing the tables. */
int dlx_multi_bits_build(const dlx_t *d, multi *m, int32_t levels);
int dlx_multi_bits_root(const dlx_t *d, multi *m, uint64_t *upd);
int dlx_multi_bits_search_one(dlx_t *d, multi *m, uint64_t stop);
int dlx_multi_bits_search_any(dlx_t *d, multi *m, uint64_t stop);
void dlx_multi_bits_free(multi *m);

#endif
