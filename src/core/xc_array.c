/* xc_array.c: exact cover on bit masks, copied per level; see xc_array.h.
 *
 * State: per item, a mask of which of its (at most 16) options are alive,
 * and their number (0xFF once the item is covered). Choosing an option
 * covers its items: every other option on them dies, clearing its bit in
 * each of its items. An option tried while others remain at its level works
 * on a copy of the level's state; the last (or only) one changes it in
 * place. Backtracking steps back to the last copy: no undo is written.
 */
#include "xc_array.h"

#include <stdlib.h>
#include <string.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

typedef uint16_t mask_t;
#define MASK_BITS 16
#define COVERED 0xFF /* a covered item's count: above any live count */
#ifdef __wasm_simd128__
#define BLOCK 16     /* items per step of the minimum scan: one vector */
#else
#define BLOCK 64     /* items per block of the minimum scan */
#endif

/* An option's entry for one of its items: the item in the low half, and in
 * the high half the item's mask without the bit that stands for the option
 * (what removing the option leaves, ready to AND). */
#define ENTRY_ITEM(e) ((int32_t)((e) & 0xFFFF))
#define ENTRY_KEEP(e) ((mask_t)((e) >> 16))
#define ENTRY_BIT(e) ((mask_t)~ENTRY_KEEP(e))

struct xc_array {
    int32_t n_items, n_options, n_padded, depth;
    int32_t width;       /* entries per option: the largest option; shorter ones are */
    uint32_t *entries;   /*   filled up with the sink, an item nobody reads */
    int32_t *item_opts;  /* item i: where its options' entries start (option * width), */
                         /*   ascending, MASK_BITS slots */
    size_t mask_offset;  /* a state: counts (n_padded, then the sink's), then masks */
    size_t state_bytes;
    uint8_t *pristine;   /* the state with nothing chosen */
    uint8_t *states;     /* depth + 1 states: forced ones at 0, then one per level */
    void *states_block;  /* the allocation holding them (states start on 64 bytes) */
    int32_t *level_item, *level_option; /* level_option: where the option's entries start */
};

static inline __attribute__((always_inline)) mask_t *masks_of(const xc_array_t *x, uint8_t *counts) {
    return (mask_t *)(void *)(counts + x->mask_offset);
}

/* Option o's entries, and its bit in each of its items. A function of its
 * own, called once per option: in WebAssembly the loop that calls it runs
 * too few instructions for V8 to compile it again optimized (work wasted on
 * code that runs once per shape). Returns -1 for an item out of range, with
 * too many options, or twice in the option. */
__attribute__((noinline)) static int add_option(xc_array_t *x, int32_t o, const int32_t *items, int32_t size) {
    uint8_t *count = x->pristine;
    mask_t *mask = masks_of(x, count);
    uint32_t *entry = x->entries + (size_t)o * (size_t)x->width;
    int32_t at = o * x->width, k = 0;
    for (; k < size; k++) {
        int32_t i = items[k];
        if ((uint32_t)i >= (uint32_t)x->n_items || count[i] == MASK_BITS ||
            (count[i] && x->item_opts[i * MASK_BITS + count[i] - 1] == at))
            return -1;
        entry[k] = (uint32_t)i | (uint32_t)(mask_t)~(1u << count[i]) << 16;
        x->item_opts[i * MASK_BITS + count[i]] = at;
        mask[i] |= (mask_t)(1u << count[i]);
        count[i]++;
    }
    for (; k < x->width; k++) entry[k] = (uint32_t)x->n_padded; /* the sink */
    return 0;
}

xc_array_t *xc_array_new(int32_t n_items, int32_t n_options, const int32_t *opt_first,
                         const int32_t *opt_items) {
    if (n_items < 1 || n_options < 0 || n_items >= 0xFFFF - BLOCK) return NULL;
    int32_t smallest = n_items, width = 1;
    for (int32_t o = 0; o < n_options; o++) {
        int32_t size = opt_first[o + 1] - opt_first[o];
        if (size < 1) return NULL; /* an empty option covers nothing: not for this engine */
        if (size < smallest) smallest = size;
        if (size > width) width = size;
    }
    if ((int64_t)n_options * width >= INT32_MAX) return NULL;
    xc_array_t *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->n_items = n_items, x->n_options = n_options;
    x->n_padded = (n_items + BLOCK - 1) / BLOCK * BLOCK;
    x->depth = n_items / smallest + 1; /* each level covers at least `smallest` items */
    x->width = width;
    x->mask_offset = (size_t)x->n_padded + 16; /* room for the sink's count */
    x->state_bytes = (x->mask_offset + ((size_t)x->n_padded + 1) * sizeof(mask_t) + 63) / 64 * 64;
    x->entries = malloc(((size_t)n_options * (size_t)width + 1) * sizeof *x->entries);
    x->item_opts = malloc((size_t)n_items * MASK_BITS * sizeof *x->item_opts);
    x->pristine = calloc(1, x->state_bytes);
    /* Aligned so that no vector load of a state straddles a cache line. */
    x->states_block = malloc(((size_t)x->depth + 2) * x->state_bytes + 63);
    x->states = (uint8_t *)(((uintptr_t)x->states_block + 63) & ~(uintptr_t)63);
    x->level_item = malloc(((size_t)x->depth + 1) * sizeof *x->level_item);
    x->level_option = malloc(((size_t)x->depth + 1) * sizeof *x->level_option);
    if (!x->entries || !x->item_opts || !x->pristine ||
        !x->states_block || !x->level_item || !x->level_option)
        goto fail;
    memset(x->pristine + n_items, COVERED, (size_t)(x->n_padded - n_items)); /* padding: never chosen */
    for (int32_t o = 0; o < n_options; o++)
        if (add_option(x, o, opt_items + opt_first[o], opt_first[o + 1] - opt_first[o])) goto fail;
    xc_array_reset(x);
    return x;
fail:
    xc_array_free(x);
    return NULL;
}

void xc_array_free(xc_array_t *x) {
    if (!x) return;
    free(x->entries);
    free(x->item_opts);
    free(x->pristine);
    free(x->states_block);
    free(x->level_item);
    free(x->level_option);
    free(x);
}

void xc_array_reset(xc_array_t *x) {
    memcpy(x->states, x->pristine, x->state_bytes);
}

/* Cover item i: each option still alive on it leaves its other items
 * (what it would leave in i itself is never read again). */
static inline void cover(const xc_array_t *x, uint8_t *count, mask_t *mask, int32_t i) {
    const int32_t *opts = x->item_opts + i * MASK_BITS, width = x->width;
    for (unsigned m = mask[i]; m; m &= m - 1) {
        const uint32_t *entry = x->entries + opts[__builtin_ctz(m)];
        for (int32_t k = 0; k < width; k++) {
            int32_t j = ENTRY_ITEM(entry[k]);
            if (j == i) continue;
            mask[j] &= ENTRY_KEEP(entry[k]);
            count[j]--;
        }
    }
    count[i] = COVERED;
}

/* Choose the live option whose entries start at `at`: take it out of its
 * items (they are all covered next, so their counts need not follow), then
 * cover each. */
static inline void commit(const xc_array_t *x, uint8_t *count, int32_t at) {
    mask_t *mask = masks_of(x, count);
    const uint32_t *entry = x->entries + at;
    for (int32_t k = 0; k < x->width; k++) mask[ENTRY_ITEM(entry[k])] &= ENTRY_KEEP(entry[k]);
    for (int32_t k = 0; k < x->width; k++)
        if (ENTRY_ITEM(entry[k]) != x->n_padded) cover(x, count, mask, ENTRY_ITEM(entry[k]));
}

int xc_array_force(xc_array_t *x, int32_t o) {
    if (o < 0 || o >= x->n_options) return -1;
    uint8_t *count = x->states; /* the forced state */
    mask_t *mask = masks_of(x, count);
    uint32_t e = x->entries[o * x->width];
    if (count[ENTRY_ITEM(e)] == COVERED || !(mask[ENTRY_ITEM(e)] & ENTRY_BIT(e))) return -1;
    commit(x, count, o * x->width);
    return 0;
}

/* The open item with the fewest live options, the first of equals (any
 * item at 0 will do: it ends the branch). Returns that count, COVERED when
 * every item is covered. */
#ifdef __wasm_simd128__
/* WebAssembly: the minimum of 16 counts at a time, then the first equal
 * count found from a lane mask. */
static inline uint32_t choose_item(const uint8_t *count, int32_t n_padded, int32_t *best) {
    v128_t low = wasm_i8x16_splat(-1);
    for (int32_t k = 0; k < n_padded; k += 16)
        low = wasm_u8x16_min(low, wasm_v128_load(count + k));
    low = wasm_u8x16_min(low, wasm_i8x16_shuffle(low, low, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0));
    low = wasm_u8x16_min(low, wasm_i8x16_shuffle(low, low, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    low = wasm_u8x16_min(low, wasm_i8x16_shuffle(low, low, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    low = wasm_u8x16_min(low, wasm_i8x16_shuffle(low, low, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    uint32_t t = wasm_u8x16_extract_lane(low, 0);
    v128_t want = wasm_i8x16_splat((int8_t)t);
    for (int32_t k = 0;; k += 16) {
        uint32_t hit = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(count + k), want));
        if (hit) {
            *best = k + __builtin_ctz(hit);
            return t;
        }
    }
}
#else
/* Blocks of 64, whose minimum the compiler takes without branches (SIMD),
 * stopping at a block holding 0; the item is located in the best block once. */
static inline uint32_t choose_item(const uint8_t *count, int32_t n_padded, int32_t *best) {
    uint32_t t = 0x100;
    int32_t block = 0;
    for (int32_t k = 0; k < n_padded; k += BLOCK) {
        uint8_t low = 0xFF;
        for (int j = 0; j < BLOCK; j++) low = count[k + j] < low ? count[k + j] : low;
        if (low < t) {
            t = low, block = k;
            if (t == 0) break;
        }
    }
    uint64_t hit = 0; /* bit j: count[block + j] == t, found without branches */
    for (int j = 0; j < BLOCK; j++) hit |= (uint64_t)(count[block + j] == t) << j;
    *best = block + __builtin_ctzll(hit);
    return t;
}
#endif

void xc_array_search(xc_array_t *x, uint64_t limit, uint64_t max_nodes, int32_t *first,
                     int32_t *first_len, xc_array_result_t *res) {
    const size_t bytes = x->state_bytes;
    int32_t *level_item = x->level_item, *level_option = x->level_option;
    uint64_t nodes = 0, guesses = 0, found = 0;
    int32_t l = 0, item;
    /* The state of level l. An option tried while others remain works on a
     * copy; the last one (or the only one) changes the state in place, since
     * nothing else will be tried at that level. */
    uint8_t *state = x->states + bytes;
    memcpy(state, x->states, bytes); /* the forced state stays as it is */
    memset(res, 0, sizeof *res);
    if (first_len) *first_len = 0;

forward: {
    uint32_t t = choose_item(state, x->n_padded, &item);
    if (t == COVERED) { /* every item covered: a solution */
        if (++found == 1 && first) {
            for (int32_t k = 0; k < l; k++) first[k] = level_option[k] / x->width;
            if (first_len) *first_len = l;
        }
        if (limit && found >= limit) goto out;
        goto backtrack;
    }
    if (max_nodes && nodes >= max_nodes) {
        res->stopped = 1;
        goto out;
    }
    nodes++;
    if (t == 0) goto backtrack;
    if (t == 1) {
        const mask_t *mask = masks_of(x, state);
        level_item[l] = -1; /* in place: backtracking passes this level by */
        level_option[l] = x->item_opts[item * MASK_BITS + __builtin_ctz(mask[item])];
        commit(x, state, level_option[l]);
        l++;
        goto forward;
    }
    guesses++;
    level_item[l] = item;
    level_option[l] = -1; /* no option of the item tried yet */
}
try: { /* the next live option of level_item[l], after level_option[l] */
    const mask_t *mask = masks_of(x, state);
    item = level_item[l];
    unsigned left = mask[item];
    const int32_t *opts = x->item_opts + item * MASK_BITS;
    while (left && opts[__builtin_ctz(left)] <= level_option[l]) left &= left - 1;
    if (!left) goto backtrack;
    int32_t o = opts[__builtin_ctz(left)];
    level_option[l] = o;
    if (left & (left - 1)) { /* others remain: keep this level's state */
        memcpy(state + bytes, state, bytes);
        state += bytes;
    } else {
        level_item[l] = -1; /* the last one: in place, as a forced move */
    }
    commit(x, state, o);
    l++;
    goto forward;
}
backtrack:
    while (l > 0 && level_item[l - 1] < 0) l--;
    if (l == 0) {
        res->complete = 1;
        goto out;
    }
    l--;
    state -= bytes;
    goto try;

out:
    res->count = found;
    res->nodes = nodes;
    res->guesses = guesses;
}
