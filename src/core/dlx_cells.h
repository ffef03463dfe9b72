/* dlx_cells.h: the tables of the search beyond the bit-set search's size
 * (dlx_cells.c searches, dlx_cells_build.c builds them). Options are
 * renumbered (by their first primary item) for these tables; the search
 * gives the user's indices back. */
#ifndef DLX_CELLS_H
#define DLX_CELLS_H

#include "dlx_internal.h"

/* Up to this many items (rounded up to 16) the counts go back by copies. */
#define SNAP_MAX_ITEMS 1024

struct dlx_cells {
    int32_t words;    /* 64-bit words in the set of options */
    uint64_t *live;   /* the live options (renumbered) */
    uint64_t *all;    /* every option */
    int32_t *uni;     /* per word: the one primary item of each of its options, or 0 */
    int32_t *wat;     /* per item 1..N+1: where its words start in widx/wmask */
    int32_t *widx;    /* the words an item's options are in, increasing */
    uint64_t *wmask;  /* and its options there */
    int32_t *pat;     /* per color pair 1..: where its words start in pidx/pmask */
    int32_t *pidx;    /* the words a colored item's options of one color are in */
    uint64_t *pmask;  /* and those options there */
    int32_t *eat;     /* per option: where its entries start (n + 1) */
    int32_t *ent;     /* per entry: its item; an option's primary items first */
    int32_t *epair;   /* per entry: its (item, color) pair, 0 for none */
    int32_t *nprim;   /* per option: its primary items */
    int32_t *ren;     /* per option index: its number here */
    int32_t *orig;    /* per number: its option index */
    uint8_t *ordered; /* per item: its options' numbers increase with their indices */
    int32_t *size;    /* per item 1..N: live options (primary), + COVERED once taken */
    int32_t *full;    /* the counts with every option live */
    int32_t *tw;      /* the trail: a word changed, or ~x for item x taken */
    uint64_t *told;   /* and the word's old value */
    int32_t ntrail;
    int32_t *opts;    /* per level, from at[l]: the indices of the item's options, sorted */
    int32_t *at;      /* per level: where its options start in opts */
    int32_t *branch;  /* per level: the item branched on */
    int32_t *tried;   /* per level: the trail's height before the options tried */
    int32_t *snap;    /* or per level: the counts then, `stride` each (few items) */
    int32_t *lefts;   /* per level: `left` then */
    int32_t stride;
    int32_t left;     /* primary items not taken */
    int32_t levels;
    int64_t entries, pairs; /* for dlx_cells_bytes */
    int dead;         /* the node about to be entered is a dead end */
};

#endif
