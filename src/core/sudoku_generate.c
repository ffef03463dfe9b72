/* sudoku_generate.c: random puzzles with a unique solution, and ratings.
 *
 * A full grid comes from the engine's randomized search on an empty grid,
 * with its restarts and then clause learning (complete: a shape without
 * grids ends proved so), so any shape or variant works (big plain, windoku, X
 * and X + windoku shapes are built at once: sudoku_pattern.c,
 * sudoku_xwindoku.c; a caller's jigsaw map above 16x16 first gets a pattern
 * grid fitted to it, sudoku_jigfill.c). Clues
 * then go in random order while the solution stays unique; big grids try
 * many clues at once and halve the batch when that fails, so a 64x64 needs
 * hundreds of checks, not thousands, each on the clues kept forced
 * (clue_stack).
 */
#include <stdlib.h>
#include <string.h>

#include "dlx_internal.h" /* dlx_set_restart_unit */
#include "sudoku_internal.h"
#include "sudoku_random.h"

/* With opts->max_nodes, one budget for every search of a generation (the fill
 * and each uniqueness proof): *left is what remains of it (UINT64_MAX: none
 * given). A search gets at most its own budget (0: none) and at most *left,
 * and pays for its nodes; nothing left, the generation stops. */
static uint64_t capped(uint64_t budget, uint64_t left) { return budget && budget < left ? budget : left; }
static void pay(uint64_t *left, uint64_t nodes) { *left -= nodes < *left ? nodes : *left; }

/* A complete grid drawn by the randomized search (any regions). Fills have
 * heavy tails (a wrong early choice can cost more than the whole fill): with
 * restarts (sudoku_set_restarts) the engine starts over by itself on a Luby
 * schedule, so one search gets all of *left; without them, one search gets a
 * fixed budget. The search and its settings: sudoku_plan_fill
 * (search_choice.c). */
static int search_grid(sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid, sudoku_error_t *err) {
    uint8_t empty[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE] = {0};
    sudoku_result_t res = {0};
    sudoku_fill_plan plan = sudoku_plan_fill(s);
    dlx_set_seed(s->dlx, next_random(&seed) | 1);
    if (plan.restart_unit) dlx_set_restart_unit(s->dlx, plan.restart_unit);
    if (plan.learn_at) dlx_set_learning(s->dlx, plan.learn_at);
    int rc = sudoku_force_givens(s, empty, err);
    if (!rc) {
        uint64_t budget = capped(plan.budget, *left);
        rc = sudoku_search(s, 1, budget == UINT64_MAX ? 0 : budget, grid, &res);
        pay(left, res.nodes);
        if (rc) sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    }
    dlx_unforce_all(s->dlx);
    dlx_set_learning(s->dlx, 0);
    dlx_set_restart_unit(s->dlx, 0);
    dlx_set_seed(s->dlx, 0); /* solving stays deterministic */
    if (rc) return rc;
    if (res.status == SUDOKU_NONE && s->jigsaw) /* a map of the caller's: the API can make one instead */
        return sudoku_fail(err, DLX_ENOSOLUTION, "this jigsaw map and the other regions admit no complete grid "
                                                 "(a map made by generate always has one)");
    if (res.status == SUDOKU_NONE)
        return sudoku_fail(err, DLX_ENOSOLUTION, "this shape and its regions admit no complete grid");
    if (res.status == SUDOKU_STOPPED)
        return sudoku_fail(err, *left ? DLX_ENOSOLUTION : SUDOKU_ESTOPPED,
                           "no complete %dx%d grid found within the node budget", s->n, s->n);
    return 0;
}

int sudoku_random_grid(sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid, sudoku_error_t *err) {
    /* Up to 16x16 the search samples grids more evenly; beyond, plain,
     * windoku, X and X + windoku (these two with square boxes) take a grid
     * built at once, which cannot get lost in the tree, and so do extra
     * regions that a built grid keeps. */
    if (s->n > 16 && !s->jigsaw && !s->variants && s->extra) {
        /* Extra regions: the pattern shuffled alike in every band and stack
         * keeps the disjoint groups; whatever regions it keeps, it is checked
         * (forcing every cell clashes on a region that misses a digit). */
        sudoku_error_t clash;
        sudoku_pattern_grid(s, seed, 1, grid);
        int rc = sudoku_check_givens(s, grid, &clash);
        if (rc == DLX_ENOMEM) return sudoku_fail(err, rc, "out of memory");
        if (!rc) return 0;
    }
    /* X + windoku from 16x16: the search fill of a 16x16 ran past 5 * 10^6
     * nodes (20 s) for 2 seeds in 3. */
    int built = s->n > 16 || (s->n == 16 && s->variants == (SUDOKU_X | SUDOKU_WINDOKU));
    if (built && !s->jigsaw && !s->extra) {
        if (s->variants == SUDOKU_WINDOKU) sudoku_windoku_grid(s, seed, grid);
        else if (!s->variants) sudoku_pattern_grid(s, seed, 0, grid);
        else if (s->variants == SUDOKU_X && s->box_rows == s->box_cols) sudoku_x_grid(s, seed, grid);
        else if (s->box_rows == s->box_cols) { /* X + windoku */
            int rc = sudoku_x_windoku_grid(s, seed, left, grid);
            if (rc == DLX_ENOMEM) return sudoku_fail(err, rc, "out of memory");
            if (rc && !*left)
                return sudoku_fail(err, SUDOKU_ESTOPPED, "no complete %dx%d grid found within the node budget", s->n, s->n);
            if (rc) return search_grid(s, seed, left, grid, err);
        } else
            return search_grid(s, seed, left, grid, err);
        return 0;
    }
    if (s->n > 16 && s->jigsaw && !s->variants && !s->extra) { /* a caller's map: fitted first */
        int rc = sudoku_jigsaw_fill(s, seed, left, grid);
        if (rc == DLX_ENOMEM) return sudoku_fail(err, rc, "out of memory");
        if (!rc) return 0;
        if (!*left) /* a search given none of the budget would get no budget at all */
            return sudoku_fail(err, SUDOKU_ESTOPPED, "no complete %dx%d grid found within the node budget", s->n, s->n);
    }
    return search_grid(s, seed, left, grid, err);
}

static int is_unique(sudoku_t *s, const uint8_t *puzzle, uint64_t budget, uint64_t *left) {
    sudoku_result_t res;
    if (sudoku_solve(s, puzzle, 2, capped(budget, *left), NULL, &res, NULL)) return 0;
    pay(left, res.nodes);
    return res.status == SUDOKU_UNIQUE;
}

/* Units of removal: single cells, or a cell with its partner under a half turn. */
static int32_t removal_units(int32_t cells, int symmetric, int32_t *unit) {
    int32_t count = 0;
    for (int32_t c = 0; c < cells; c++)
        if (!symmetric || c <= cells - 1 - c) unit[count++] = c;
    return count;
}

/* Clear units unit[0..k-1] of the puzzle (or give their clues back);
 * returns how many cells that changed. */
static int32_t set_units(uint8_t *puzzle, const uint8_t *solution, int32_t cells, int symmetric,
                         const int32_t *unit, int32_t k, int clear) {
    int32_t changed = 0;
    for (int32_t j = 0; j < k; j++) {
        int32_t c = unit[j], partner = cells - 1 - c;
        puzzle[c] = clear ? 0 : solution[c];
        changed++;
        if (symmetric && partner != c) {
            puzzle[partner] = clear ? 0 : solution[partner];
            changed++;
        }
    }
    return changed;
}

/* Big grids prove uniqueness on the matrix with their clues kept forced:
 * forcing thousands of clues again for every proof took most of a 64x64's
 * time. The forced options are a stack: at the bottom the clues that stay,
 * then the units still to try, the next one on top; clues found to stay
 * since then lie above those (`above`, bottom to top), and a proof lifts
 * them off and puts them back. Past lift_max of them, the stack is rebuilt. */
typedef struct {
    sudoku_t *s;
    const uint8_t *solution;
    const int32_t *unit;
    int32_t cells, units, symmetric;
    int32_t *above, n_above, lift_max;
    uint8_t *future; /* rebuild's scratch: the cells of the units still to try */
} clue_stack;

static void push_cell(clue_stack *st, int32_t c) {
    dlx_force(st->s->dlx, sudoku_option(st->s, c, st->solution[c]));
}

/* Force the clues of units unit[from..to-1], the last first (unit[from] on
 * top); with `above`, they are recorded there. */
static void push_units(clue_stack *st, int32_t from, int32_t to, int above) {
    for (int32_t j = to - 1; j >= from; j--) {
        int32_t c = st->unit[j], partner = st->cells - 1 - c;
        int32_t both[2] = {partner, c}, first = st->symmetric && partner != c ? 0 : 1;
        for (int32_t q = first; q < 2; q++) {
            push_cell(st, both[q]);
            if (above) st->above[st->n_above++] = both[q];
        }
    }
}

/* The stack for the puzzle as it is, with units unit[i..] still to try. */
static void rebuild(clue_stack *st, const uint8_t *puzzle, int32_t i) {
    memset(st->future, 0, (size_t)st->cells);
    for (int32_t j = i; j < st->units; j++) {
        st->future[st->unit[j]] = 1;
        if (st->symmetric) st->future[st->cells - 1 - st->unit[j]] = 1;
    }
    dlx_unforce_all(st->s->dlx);
    for (int32_t c = 0; c < st->cells; c++)
        if (puzzle[c] && !st->future[c]) push_cell(st, c);
    st->n_above = 0;
    push_units(st, i, st->units, 0);
}

/* Prove the puzzle without units unit[i..i+k-1] (`removed` cells) unique;
 * returns the proof's status. The stack is then ready for the next step:
 * without those units when they go, else with them back on top of the
 * units to try, or above when they stay (`stay`). */
static int stack_proof(clue_stack *st, int32_t i, int32_t k, int32_t removed, int stay,
                       uint64_t budget, uint64_t *left) {
    dlx_t *d = st->s->dlx;
    for (int32_t j = 0; j < st->n_above + removed; j++) dlx_unforce(d);
    for (int32_t j = 0; j < st->n_above; j++) push_cell(st, st->above[j]);
    sudoku_result_t res;
    dlx_restart(d);
    sudoku_search(st->s, 2, capped(budget, *left), NULL, &res); /* out of memory: stopped, the clue stays */
    pay(left, res.nodes);
    if (res.status == SUDOKU_UNIQUE) return res.status;
    if (stay) {
        push_units(st, i, i + k, 1);
    } else { /* back under the clues above */
        for (int32_t j = 0; j < st->n_above; j++) dlx_unforce(d);
        push_units(st, i, i + k, 0);
        for (int32_t j = 0; j < st->n_above; j++) push_cell(st, st->above[j]);
    }
    return res.status;
}

/* Clues taken from the full grid `solution` into `puzzle` while the
 * solution stays unique, the searches paid from *left. */
static int remove_clues(sudoku_t *s, const sudoku_generate_opts_t *opts, uint64_t *left_nodes,
                        const uint8_t *solution, uint8_t *puzzle, sudoku_error_t *err) {
    int32_t cells = s->n * s->n;
    uint64_t rng = opts->seed, left = *left_nodes;
    memcpy(puzzle, solution, (size_t)cells);

    int32_t *unit = malloc((size_t)cells * sizeof *unit);
    if (!unit) return sudoku_fail(err, DLX_ENOMEM, "out of memory");
    int32_t units = removal_units(cells, opts->symmetric, unit);
    shuffle_in_place(unit, units, &rng);
    int32_t target = opts->minimal ? 0 : opts->target_clues, clues = cells;
    /* A check that runs out of its own budget keeps its clues. Only
     * "minimal" pays for every proof; otherwise the hardest proofs (big grids
     * with few clues left) are skipped, which keeps a 25x25 under a second. */
    uint64_t budget = opts->minimal ? 0 : 1000 + 4 * (uint64_t)cells;
    int32_t batch = units >= 256 ? units / 16 : 1;
    /* Without "minimal", big grids give up on a clue group once a group of
     * units/256 cannot go: single-clue proofs there cost seconds each. */
    int big = sudoku_proofs_on_stack(units, opts->minimal);
    int32_t min_batch = big ? units / 256 : 1;
    /* A proof that fills the empty cells by singles takes about one node per
     * cell; big grids give a proof twice that (the 64x64 spent most of its
     * time on proofs abandoned at the general budget), and stop once
     * MAX_MISSES proofs since the last clue that went ran out of it: clues
     * that could go are then a few, each found at the price of many
     * abandoned proofs. A proof that finds a second solution shows only
     * that its clues stay, so it does not start the count again (when it
     * did, a 64x64 windoku spent half its nodes on 80 proofs that took away
     * 32 clues). */
    enum { MAX_MISSES = 8 };
    int32_t misses = 0;
    clue_stack st = {s, solution, unit, cells, units, opts->symmetric, NULL, 0, cells / 16, NULL};
    if (big) {
        st.above = malloc((size_t)cells * sizeof *st.above);
        st.future = malloc((size_t)cells);
        if (!st.above || !st.future) {
            free(st.above), free(st.future), free(unit);
            return sudoku_fail(err, DLX_ENOMEM, "out of memory");
        }
        rebuild(&st, puzzle, 0);
    }
    int32_t i = 0;
    for (; i < units && clues > target && left && misses < MAX_MISSES;) {
        int32_t k = batch < units - i ? batch : units - i;
        int32_t removed = set_units(puzzle, solution, cells, opts->symmetric, unit + i, k, 1);
        int gone = clues - removed >= target;
        if (gone && big) {
            int status = stack_proof(&st, i, k, removed, k <= min_batch,
                                     2 * (uint64_t)(cells - clues + removed) + 1000, &left);
            misses = status == SUDOKU_UNIQUE ? 0 : status == SUDOKU_STOPPED ? misses + 1 : misses;
            gone = status == SUDOKU_UNIQUE;
        } else if (gone) {
            gone = is_unique(s, puzzle, budget, &left);
        }
        if (gone) {
            clues -= removed;
            i += k;
            if (batch < units / 16) batch *= 2;
            continue;
        }
        set_units(puzzle, solution, cells, opts->symmetric, unit + i, k, 0);
        if (k > min_batch) batch = k / 2;
        else i += k; /* these stay (fewer clues never help them go) */
        if (big && st.n_above > st.lift_max) rebuild(&st, puzzle, i);
    }
    if (big) dlx_unforce_all(s->dlx);
    free(st.above), free(st.future), free(unit);
    *left_nodes = left;
    if (!left && i < units && clues > target) /* work left undone */
        return sudoku_fail(err, SUDOKU_ESTOPPED, "the node budget ran out before the puzzle was done");
    return 0;
}

int sudoku_generate(sudoku_t *s, const sudoku_generate_opts_t *opts, uint8_t *puzzle,
                    uint8_t *solution, sudoku_error_t *err) {
    if (!s || !opts || !puzzle || !solution)
        return sudoku_fail(err, DLX_EARG, "missing handle, options or output");
    uint64_t left = opts->max_nodes ? opts->max_nodes : UINT64_MAX;
    int rc = sudoku_linked(s); /* the fill and the big grids' proofs search on it */
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    rc = sudoku_random_grid(s, opts->seed, &left, solution, err);
    return rc ? rc : remove_clues(s, opts, &left, solution, puzzle, err);
}

int sudoku_generate_from(sudoku_t *s, const sudoku_generate_opts_t *opts, const uint8_t *solution,
                         uint8_t *puzzle, sudoku_error_t *err) {
    if (!s || !opts || !puzzle || !solution)
        return sudoku_fail(err, DLX_EARG, "missing handle, options, grid or output");
    for (int32_t c = 0; c < s->n * s->n; c++)
        if (!solution[c])
            return sudoku_fail(err, DLX_EARG, "the grid to take clues from is not full: row %d, column %d is blank",
                               c / s->n + 1, c % s->n + 1);
    int rc = sudoku_check_givens(s, solution, err); /* a clash names its cells */
    if (rc) return rc;
    uint64_t left = opts->max_nodes ? opts->max_nodes : UINT64_MAX;
    rc = sudoku_linked(s);
    if (rc) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    return remove_clues(s, opts, &left, solution, puzzle, err);
}

/* ---- rating ------------------------------------------------------------------ */

const char *sudoku_level_name(int level) {
    switch (level) {
    case SUDOKU_EASY: return "easy";
    case SUDOKU_MEDIUM: return "medium";
    case SUDOKU_HARD: return "hard";
    case SUDOKU_EXPERT: return "expert";
    default: return "unrated";
    }
}

/* log2(x) for x >= 1, within a few ulps and exact at powers of two (the C
 * library's log2 would add 0.5 KiB to the WebAssembly module). With x = m 2^e,
 * m in [1, 2): ln m = 2 atanh(s), s = (m-1)/(m+1) < 1/3, and the series
 * s + s^3/3 + s^5/5 + ... has converged by its s^37 term. */
static double log2_at_least_1(double x) {
    union { double d; uint64_t u; } v = {x};
    int e = (int)(v.u >> 52) - 1023;
    v.u = (v.u & 0xFFFFFFFFFFFFFull) | 0x3FF0000000000000ull; /* m */
    double s = (v.d - 1.0) / (v.d + 1.0), s2 = s * s, sum = 0.0;
    for (int k = 37; k >= 1; k -= 2) sum = sum * s2 + 1.0 / k; /* Horner, smallest terms first */
    return e + 2.8853900817779268 * s * sum; /* 2 / ln 2 */
}

/* Thresholds on the score, calibrated on the shared 9x9 sets as the 9x9
 * solver (src/core/sudoku9.c, with locked candidates and triads: 3-5x fewer
 * guesses than the bit-mask engine) solves them. Shares easy/medium/hard/
 * expert: 17-clue 91/8/1/0.4% (median 0), top1465 11/27/40/21% (median
 * 4.6), hardest1106 all expert (lowest 6.4). */
static const double level_floor[] = {0.0, 1.5, 4.0, 6.3};

int sudoku_rate(sudoku_t *s, const uint8_t *grid, sudoku_rating_t *rating, sudoku_error_t *err) {
    if (!s || !grid || !rating) return sudoku_fail(err, DLX_EARG, "missing handle, grid or output");
    sudoku_result_t res;
    int rc = sudoku_solve(s, grid, 2, 0, NULL, &res, err);
    if (rc) return rc;
    rating->nodes = res.nodes;
    rating->guesses = res.guesses;
    rating->status = res.status;
    /* Guesses measure how far logic alone falls short; nodes per
     * empty cell add how much work each guess caused. */
    int32_t empty = 0;
    for (int32_t c = 0; c < s->n * s->n; c++) empty += grid[c] == 0;
    double work = (double)res.nodes / (empty ? empty : 1);
    rating->score = log2_at_least_1(1.0 + (double)res.guesses) + log2_at_least_1(work > 1.0 ? work : 1.0);
    rating->level = SUDOKU_EASY;
    for (int l = 3; l >= 1; l--)
        if (rating->score >= level_floor[l]) {
            rating->level = l + 1;
            break;
        }
    return 0;
}
