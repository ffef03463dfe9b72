/* dlx_cells.h: the tables of the search beyond the bit-set search's size
 * (dlx_cells.c searches, dlx_cells_build.c builds them). Options are
 * renumbered (by their first primary item) for these tables; the search
 * gives the user's indices back. */
#ifndef DLX_CELLS_H
#define DLX_CELLS_H

#include "dlx_internal.h"

/* Up to this many items (rounded up to 16) the counts go back by copies. */
#define SNAP_MAX_ITEMS 1024

/* A colored secondary item y gets, per color, its words' masks less that
 * color's options (pm) where colors(y) x words(y) <= PM_ROOM x options(y):
 * at most PM_ROOM words per entry in all (linear in the input). */
#define PM_ROOM 2
#define PM_NONE INT32_MIN

/* A word of a sparse set (and of the trail): which word of the live set,
 * and its bits (on the trail: the word's old value; `at` ~x for item x
 * taken); in an item's words, `pad` is the first primary item of each of
 * the item's options there if they share it, else 0; in a color's words,
 * where that color's words go on past the run of the item's words that
 * holds this one (wrun). */
typedef struct {
    uint64_t bits;
    int32_t at, pad;
} cells_word;

/* A level's record: where its options start in opts, the item branched
 * on, the trail's height after the branch, and `left` then. */
typedef struct {
    int32_t at, branch, tried, left;
} cells_level;

/* An entry's count and item. In WebAssembly `ent` holds the address of
 * the count (4 bytes, as the index would): the loop that lowers counts
 * then adds no base to each (V8 folds no scaled index into an access);
 * so does `uni`, 0 staying 0. */
#ifdef __wasm__
#define ENTRY_COUNT(s, e) ((int32_t *)(uintptr_t)(uint32_t)(s)->ent[e])
#define ENTRY_ITEM(s, e) ((int32_t)(ENTRY_COUNT(s, e) - (s)->size))
#define UNI_COUNT(s, p) ((int32_t *)(uintptr_t)(uint32_t)(p)) /* p: uni[w], not 0 */
#else
#define ENTRY_COUNT(s, e) ((s)->size + (s)->ent[e])
#define ENTRY_ITEM(s, e) ((s)->ent[e])
#define UNI_COUNT(s, p) ((s)->size + (p))
#endif
struct dlx_cells {
    int32_t words;    /* 64-bit words in the set of options */
    uint64_t *live;   /* the live options (renumbered) */
    int32_t *uni;     /* per word: the one primary item of each of its options, or 0 (in WebAssembly its count's address: UNI_COUNT) */
    int32_t *wat;     /* per item 1..N, two each: where its words start and end in wd */
    cells_word *wd;   /* the words an item's options are in, increasing, and its options there */
    int32_t *wrun;    /* per word of wd: where its run (the item's words of the same pad) ends */
    int32_t *solo;    /* per item 0..N+1: 1 if a primary item whose options first in it have no other primary item (a
                       * run of that pad then lowers that one count: strike_run), else 0 */
    int32_t *pat;     /* per (item, color) pair 0..pairs: where its words start in pd (pair 0: none) */
    int32_t *pmat;    /* per pair: k such that pm[k + i] is word i of wd's (the pair's item's words) less the pair's
                       * options; PM_NONE where its item has too many colors for it (PM_ROOM) */
    uint64_t *pm;     /* those masks, item by item: a purification strikes them with no walk beside the color's words */
    cells_word *pd;   /* the words an item's options of one color are in, and those options; INT32_MAX after each pair's */
    int32_t *eat;     /* per option: where its entries start (n + 1) */
    int32_t *ent;     /* per entry: its item (in WebAssembly its count's address: ENTRY_COUNT); an option's primary items first */
    int32_t *epair;   /* per entry: its (item, color) pair, 0 for none */
    int32_t *nprim;   /* per option: its primary items */
    int32_t *ren;     /* per option index: its number here */
    int32_t *orig;    /* per number: its option index */
    int32_t *size;    /* per item 1..N: live options (primary), + COVERED once taken; 64 of padding */
    int32_t *full;    /* the counts with every option live */
    cells_word *trail; /* the words changed (their old values), and the items taken */
    int32_t ntrail;
    int32_t *opts;    /* per level, from at[l]: the indices of the item's options, sorted */
    cells_level *lv;  /* per level */
    int32_t *snap;    /* per level: the counts after the branch, `stride` each (few items) */
    int32_t stride;
    int32_t left;     /* primary items not taken */
    int32_t levels;
    int32_t pairs;
    void *block;      /* every table above, in one allocation */
    size_t bytes;     /* its size, for dlx_cells_bytes */
    int dead;         /* the node about to be entered is a dead end */
};

#endif
