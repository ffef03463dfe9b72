/* sudoku_logic.h: the explainer's state, shared by its files and no one
 * else: sudoku_logic.c (the driver: begin, next, placing, the guess),
 * sudoku_logic_basic.c (singles, locked candidates, subsets),
 * sudoku_logic_fish.c (fish), sudoku_logic_chains.c (wings, colouring,
 * chains), sudoku_logic_text.c (the sentences) and sudoku_logic_table.c
 * (the one table of techniques), sudoku_logic_forcing.c (the forcing step). Everything is stated on houses: the
 * handle's regions (rows, columns, boxes or jigsaw pieces, the X diagonals,
 * the windoku windows, the caller's extra regions), copied at begin so that
 * the explainer outlives nothing. Candidates are one uint64_t per cell, bit
 * d-1 for digit d (n <= 64). */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "sudoku.h"

#define LOGIC_TEXT_CAP 1024

struct sudoku_explain {
    int32_t n, cells, houses;
    int32_t boxes_jigsaw, x_diagonals, windows, extra; /* how the houses after 3n divide up */
    int32_t *house_cells;  /* houses * n: the cells of each house */
    int32_t *cell_first;   /* per cell, its houses in cell_houses (CSR, cells + 1 entries) */
    int32_t *cell_houses;  /* ascending: its row, column, box, then any others */
    uint64_t *cand;        /* candidates of each empty cell; 0 for a placed one */
    uint8_t *value;        /* placed digits, 0 empty */
    uint8_t *solution;
    int32_t empty;         /* cells still empty */
    uint64_t work, budget; /* a technique's work so far and its ceiling */
    uint64_t max_work;     /* the ceiling each technique starts with (opts.max_work) */
    int32_t max_chain;     /* links in a chain at most */
    /* The step being built: valid until the next call. */
    int technique;
    const char *name;      /* its name, for the text (logic_find sets both from the table) */
    sudoku_move_t *placed, *removed;
    int32_t n_placed, n_removed;
    int32_t *used_cells, n_used_cells;
    int32_t *used_houses, n_used_houses;
    char text[LOGIC_TEXT_CAP];
    size_t text_len;
    /* Scratch for the techniques: 4 * cells entries each. */
    int32_t *scratch, *scratch2;
    uint8_t *mark; /* cells entries */
    int32_t *house_count; /* houses entries */
    uint64_t *try_cand;   /* the forcing steps' trial grid: cells entries */
    uint8_t *try_value;
    /* The chains' breadth-first searches: a state per (cell, digit) or (cell, side). */
    int32_t *chain_parent, *chain_dist, *chain_queue; /* max(cells * n, 2 * cells) entries each */
};
typedef struct sudoku_explain logic_t;

/* Family f of houses (0 rows, 1 columns, 2 boxes or pieces): the house of cell c in it. */
static inline int32_t logic_family_house(const logic_t *e, int32_t c, int f) {
    return e->cell_houses[e->cell_first[c] + f];
}

static inline int logic_in_house(const logic_t *e, int32_t c, int32_t h) {
    for (int32_t k = e->cell_first[c]; k < e->cell_first[c + 1]; k++)
        if (e->cell_houses[k] == h) return 1;
    return 0;
}

/* Whether two different cells share a house (the lists are ascending). */
static inline int logic_sees(const logic_t *e, int32_t a, int32_t b) {
    if (a == b) return 0;
    int32_t i = e->cell_first[a], j = e->cell_first[b];
    while (i < e->cell_first[a + 1] && j < e->cell_first[b + 1]) {
        int32_t x = e->cell_houses[i], y = e->cell_houses[j];
        if (x == y) return 1;
        if (x < y) i++;
        else j++;
    }
    return 0;
}

/* Work accounting: 1 while under the budget, 0 once it ran out (the
 * technique then gives up: a step never hangs). */
static inline int logic_spend(logic_t *e, uint64_t units) {
    e->work += units;
    return e->work <= e->budget;
}

/* Building the step. An elimination is recorded once (a cell losing the
 * same digit twice in one pattern is one removal). */
static inline void logic_remove(logic_t *e, int32_t c, int32_t d) {
    if (!(e->cand[c] >> (d - 1) & 1)) return;
    for (int32_t k = 0; k < e->n_removed; k++)
        if (e->removed[k].cell == c && e->removed[k].digit == d) return;
    e->removed[e->n_removed].cell = c;
    e->removed[e->n_removed].digit = d;
    e->n_removed++;
}
static inline void logic_place(logic_t *e, int32_t c, int32_t d) {
    e->placed[0].cell = c;
    e->placed[0].digit = d;
    e->n_placed = 1;
}
static inline void logic_use_cell(logic_t *e, int32_t c) {
    for (int32_t k = 0; k < e->n_used_cells; k++)
        if (e->used_cells[k] == c) return;
    e->used_cells[e->n_used_cells++] = c;
}
static inline void logic_use_house(logic_t *e, int32_t h) {
    for (int32_t k = 0; k < e->n_used_houses; k++)
        if (e->used_houses[k] == h) return;
    e->used_houses[e->n_used_houses++] = h;
}
/* Record the first house two cells share (none when they share none). */
static inline void logic_use_common_house(logic_t *e, int32_t a, int32_t b) {
    int32_t i = e->cell_first[a], j = e->cell_first[b];
    while (i < e->cell_first[a + 1] && j < e->cell_first[b + 1]) {
        int32_t x = e->cell_houses[i], y = e->cell_houses[j];
        if (x == y) {
            logic_use_house(e, x);
            return;
        }
        if (x < y) i++;
        else j++;
    }
}
/* Forget a half-built step (a pattern that turned out to remove nothing). */
static inline void logic_clear(logic_t *e) {
    e->n_placed = e->n_removed = e->n_used_cells = e->n_used_houses = 0;
    e->text_len = 0;
    e->text[0] = 0;
}

static inline int logic_bits(uint64_t m) { return __builtin_popcountll(m); }
static inline int logic_low_digit(uint64_t m) { return __builtin_ctzll(m) + 1; }

/* Every choice of k of the m masks whose union has exactly k bits, in
 * order (pick[0..k-1] ascending), handed to try until it returns 1 (then
 * 1); 0 when none did or the budget ran out. The subsets and the fish
 * share it. */
typedef int logic_try_fn(logic_t *e, const int32_t *pick, const void *ctx);
static inline int logic_choose(logic_t *e, const uint64_t *masks, int32_t m, int k, int32_t from,
                               int depth, uint64_t in, int32_t *pick, logic_try_fn *try_it,
                               const void *ctx) {
    if (depth == k) return logic_bits(in) == k && try_it(e, pick, ctx);
    for (int32_t i = from; i < m; i++) {
        if (!logic_spend(e, 1)) return 0;
        uint64_t u = in | masks[i];
        if (logic_bits(u) > k) continue;
        pick[depth] = i;
        if (logic_choose(e, masks, m, k, i + 1, depth + 1, u, pick, try_it, ctx)) return 1;
    }
    return 0;
}

/* The techniques: each looks for one instance, fills the step (technique,
 * moves, cells, houses, text) and returns 1, or returns 0 with the step
 * empty. They only read the state; the driver applies the step. One
 * signature for all, so that the table (sudoku_logic_table.c) holds each
 * technique's finder: k is its variant (a subset's or a fish's size;
 * pointing 0 or claiming 1; XY-wing 0 or XYZ-wing 1), else unused. */
typedef int logic_find_fn(logic_t *e, int k);
logic_find_fn logic_full_house, logic_hidden_single, logic_naked_single, logic_locked,
    logic_naked_subset, logic_hidden_subset, logic_fish, logic_wing, logic_colouring,
    logic_x_chain, logic_xy_chain, logic_contradiction;
/* The technique's finder run with its variant (the table's). */
int logic_find(logic_t *e, int technique);

/* The sentence (sudoku_logic_text.c): appends to e->text, cut at its cap. */
void logic_say(logic_t *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void logic_say_cell(logic_t *e, int32_t c);             /* r3c5 */
void logic_say_cells(logic_t *e, const int32_t *c, int32_t k); /* r1c2, r1c7 */
void logic_say_house(logic_t *e, int32_t h);            /* row 3, column 5, box 2, ... */
void logic_say_digits(logic_t *e, uint64_t mask);       /* {3,8} */
void logic_say_effect(logic_t *e);                      /* ": removes 3 from r1c5, r1c6." */

#endif
