/* search_choice.c: which search a problem gets, in one place (docs/engine.md
 * has the rules as tables). Exact cover: every search has one signature,
 * dlx_search_fn (dlx_internal.h), and only this file calls them. Sudoku:
 * its solvers take a grid, not a matrix, so this file rules which one
 * sudoku_solve runs and how the linked one is set up (restarts, learning),
 * and sudoku_solve.c and sudoku_generate.c follow. Every search walks the
 * same tree where it can, so the choice changes speed, never a count. */
#include "dlx_internal.h"
#include "sudoku_internal.h"

/* ---- exact cover ------------------------------------------------------------- */

/* The search a fresh start runs: the first row that holds. Bounds go to
 * Algorithm M before this rule (dlx_search_until). Restarts and learning
 * change the tree: they live on the links, the others keep Knuth's tree.
 * The bit sets where their tables fit (dlx_bits_ready: up to
 * BITS_MAX_OPTIONS options, BITS_MAX_BYTES of tables), the sparse sets
 * beyond, the links when neither's tables can be had (memory). */
enum { ON_LINKS, ON_BITS, ON_CELLS };
static int pick_search(dlx_t *d) {
    if (d->restarts_on) return ON_LINKS;
    if (d->engine_pref == DLX_ENGINE_LINKS) return ON_LINKS; /* the tests' choice */
    if (d->engine_pref != DLX_ENGINE_CELLS && dlx_bits_ready(d)) return ON_BITS;
    if (dlx_cells_ready(d)) return ON_CELLS;
    return ON_LINKS;
}

void dlx_set_engine(dlx_t *d, int engine) {
    dlx_restart(d);
    dlx_bits_free(d);
    dlx_cells_free(d);
    d->engine_pref = engine;
    d->bits_off = engine == DLX_ENGINE_LINKS; /* the memo's and the estimate's bit sets too */
}

/* Memoized counting (dlx_memo.c; with bounds dlx_memo_multi.c): only for
 * a count without a limit (no solution is read), colors or not; DLX_MEMO_ON
 * always, DLX_MEMO_AUTO by the probe below. */
static int memo_fits(const dlx_t *d) { return d->counting; }

/* DLX_MEMO_AUTO: memoizing pays where subproblems repeat (tilings, packings:
 * the search's tree is astronomically bigger than the set of states) and
 * costs a hash and a lookup a node where they do not (queens, Langford,
 * Sudoku). So: the search first, for PLAIN_FIRST nodes (a small count ends
 * there, as before); then the memoized count, for 1/MEMO_SHARE of the nodes
 * Knuth's estimate gives the search (MEMO_PROBES probes), or 1/MEET_SHARE
 * where the probes meet (below); if it has not ended by then, the search
 * from the start. Where it does not pay, the
 * probe costs about 1/MEMO_SHARE of the search (a memo node is dearer than
 * a search node: a few percent at most); where it pays, it ends far within
 * its share. Numbers: docs/engine.md, docs/notes/MEMO.md. */
#ifndef PLAIN_FIRST
#define PLAIN_FIRST (1u << 12)
#endif
#ifndef MEMO_SHARE
#define MEMO_SHARE 1024
#endif
enum { MEMO_PROBES = 64 };
/* Where the probes meet (an eighth of their nodes reached again by other
 * options: tilings), the memo ends in a small part of the search's nodes
 * whatever the tree's size (dominoes 6x6: 365 of 18,967): it gets 1/16 of
 * the estimate, however small, and the probes end after 16 (MEET_EARLY:
 * a rough estimate is enough there; dominoes-6x6 1.08x as a whole). */
#define MEETS_MIN 0.125
enum { MEET_SHARE = 16 };
/* Whether the rule may give a colored problem the memo: only where the
 * estimate can see meets (on bit sets), else it costs its probes for
 * nothing (words-5x5-16500: 0.08 s became 0.13 s). */
static int memo_may_pay(dlx_t *d) {
    if (d->n_bounded) return dlx_memo_multi_dense(d) && !d->best_k; /* its own probe (multi_share): past the tables a node reads every list */
    return !d->has_colors || (!d->bits_off && dlx_bits_ready(d));
}
/* Where they meet the memo gets at least MEET_FLOOR nodes: most probes of
 * a Wang tiling of 3x24 (4.5 * 10^22 tilings) die young, and the estimate
 * (4,800 nodes) gave it 302 where it needs 1,734. Colors: the memo only
 * where the probes meet (Wang tilings at 0.19); word rectangles (no meets,
 * trees of 10^7 nodes and more) lost 5-33% to its 1/1024 share, in which
 * it never ended (docs/notes/MEMO.md). */
enum { MEET_FLOOR = 1 << 16 };
/* Under a node budget (a sheet's count, --max-nodes) the memo gets at most
 * 1/BUDGET_PART of it: a count the memo ends (a tiling far past the budget
 * as a search) comes back done; one it does not costs the budget at most
 * 1/BUDGET_PART more, then the search runs the whole budget as before (and
 * resumes as before: the memo's work is left behind). */
enum { BUDGET_PART = 4 };
/* With bounds Algorithm M's probes see no meets, and its estimate is far
 * off on packings (64 probes: pento-5x6-k2 2,079 nodes for 154,824; 5x8-k2
 * 158,851 for 6.9 M), so the memo probes itself: MULTI_PROBE nodes, and
 * where it stored a new state at under MULTI_STATES_MAX of them (quota
 * rows 0.09-0.14, pentominoes up to k times 0.21-0.25, queens-k 0.53-0.60)
 * it counts to the end (its nodes then 1-40% of Algorithm M's); else
 * Algorithm M. Where it does not pay that costs the probe (a few ms). */
#define MULTI_STATES_MAX 0.375
enum { MULTI_PROBE = 1 << 12 };
static double multi_share(dlx_t *d) {
    dlx_restart(d);
    int rc = dlx_memo_multi_search(d, MULTI_PROBE);
    double nodes = (double)d->nodes, states = (double)d->guesses;
    dlx_memo_multi_free(d);
    dlx_restart(d);
    if (rc == DLX_DONE) return MULTI_PROBE; /* it ends within its probe */
    return rc == DLX_BUDGET && states <= MULTI_STATES_MAX * nodes ? 1.8e19 : 0;
}

double dlx_memo_share(dlx_t *d, uint64_t node_budget) {
    double tree = 0, share = 0;
    if (d->n_bounded) {
        if (memo_may_pay(d)) share = multi_share(d);
    } else if (memo_may_pay(d) && dlx_estimate_meets(d, 1, MEMO_PROBES, MEETS_MIN, &tree, NULL) == DLX_OK) {
        int meet = d->est_meets >= MEETS_MIN;
        share = tree / (meet ? MEET_SHARE : MEMO_SHARE);
        if (meet && share < MEET_FLOOR) share = MEET_FLOOR;
        if (!meet && (share <= PLAIN_FIRST || d->has_colors)) share = 0;
    }
    if (node_budget && share > (double)(node_budget / BUDGET_PART)) share = (double)(node_budget / BUDGET_PART);
    return share;
}

static int plain_search(dlx_t *d, uint64_t stop);
static int multi_search(dlx_t *d, uint64_t stop);
/* Where a search stands in d's own fields (the sparse sets keep the rest in
 * their tables): Knuth's estimate walks the links and restarts d, but leaves
 * the sparse sets alone, so a search there goes on from where it was when the
 * memo does not run, instead of starting over (jigsaw-20x20-small, 21,034
 * nodes of 60 us: its first 4,096 taken twice, 20% of the count). Out of
 * line (once a count): inlined, they moved the search after them in the
 * native build, 3% slower on words-3x4-8300 by its placement alone. */
typedef struct {
    int32_t level, depth, max_level;
    enum phase phase;
    uint64_t nodes, updates, guesses, rng;
    dlx_count_t solutions;
} search_at;
static __attribute__((noinline)) search_at where(const dlx_t *d) {
    return (search_at){d->level, d->depth, d->max_level, d->phase, d->nodes, d->updates, d->guesses, d->rng, d->solutions};
}
static __attribute__((noinline)) void back_to(dlx_t *d, const search_at *a) {
    d->level = a->level, d->depth = a->depth, d->max_level = a->max_level, d->phase = a->phase;
    d->nodes = a->nodes, d->updates = a->updates, d->guesses = a->guesses, d->rng = a->rng, d->solutions = a->solutions;
}
/* With bounds the same rule, between Algorithm M and dlx_memo_multi.c. */
static int memo_auto(dlx_t *d, uint64_t stop) {
    int rc, bounded = d->n_bounded != 0;
    dlx_search_fn *plain = bounded ? multi_search : plain_search;
    uint64_t first = stop < PLAIN_FIRST ? stop : PLAIN_FIRST;
    while ((rc = plain(d, first)) == DLX_SOLUTION) {} /* a search that returns at each (WebAssembly's bit sets) */
    if (rc != DLX_BUDGET || d->nodes >= stop) return rc;
    search_at at = where(d);
    int cells = d->on_cells && !bounded;
    double share = dlx_memo_share(d, stop == UINT64_MAX ? 0 : stop);
    if (share > 0) {
        d->counting = 1; /* the estimate restarted the search, not the count */
        rc = (bounded ? dlx_memo_multi_search : dlx_memo_search)(d, share >= 1.8e19 ? UINT64_MAX : (uint64_t)share);
        if (rc != DLX_BUDGET && rc != DLX_ENOMEM) return rc;
    }
    dlx_memo_free(d);
    dlx_memo_multi_free(d);
    if (cells && share <= 0) {
        back_to(d, &at);
        return plain(d, stop);
    }
    dlx_restart(d);
    return plain(d, stop);
}

/* A memoized count its budget stopped, on from there (dlx_count_resume). */
int dlx_memo_resume(dlx_t *d, uint64_t stop) { return d->n_bounded ? dlx_memo_multi_search(d, stop) : dlx_memo_search(d, stop); }

int dlx_set_memo(dlx_t *d, int mode, uint64_t cache_bytes) {
    if (!d || (mode != DLX_MEMO_AUTO && mode != DLX_MEMO_OFF && mode != DLX_MEMO_ON)) return DLX_EARG;
    dlx_restart(d);
    dlx_memo_free(d);
    d->memo_mode = mode;
    d->memo_cap = cache_bytes ? cache_bytes : DLX_MEMO_DEFAULT_BYTES;
    return DLX_OK;
}

#ifdef __wasm__
/* In WebAssembly a long search returns every SLICE_NODES nodes and is called
 * again (the same tree, as any budget). V8 starts a function in baseline
 * code and runs its optimized code only from its next call: a count without
 * solutions for seconds (words-5x5-16500) stayed in baseline code all along,
 * at 0.6x the optimized speed. A slice is a few milliseconds at least.
 * The links too: a slice ends where a budget would, and a budget changes
 * nothing in their tree (a run's restart waits for the next call). */
enum { SLICE_NODES = 4096 };
static int in_slices(dlx_t *d, uint64_t stop, dlx_search_fn *search) {
    int rc;
    do rc = search(d, d->nodes < stop && stop - d->nodes > SLICE_NODES ? d->nodes + SLICE_NODES : stop);
    while (rc == DLX_BUDGET && d->nodes < stop);
    return rc;
}
#define SLICED(search, d, stop) in_slices(d, stop, search)
#else
#define SLICED(search, d, stop) search(d, stop)
#endif

/* The k cheapest (dlx_best.c): whether its bit sets take this start: few options, no colors (a kill set
 * would depend on them), nothing forced (every item is still to cover), and
 * a dance dearer than the scan. A node on the sets scans each item's set
 * (np x nw words); on the links it walks a few nodes per item, then a
 * choice hides, for each item of the option, the other nodes of the options
 * in its column. So the sets win where options are long and columns full
 * (pentominoes: 5x faster, the estimate below ~6,000 to 2,200 words
 * scanned) and lose where they are short (assignments, Sudoku: 1.7x slower,
 * ~100 to 4,500 and 3,200 words). The estimate: the mean over the options
 * of sum(column lengths of its items) x (its length - 1) against a quarter
 * of np x nw, off the line by more than 8x on every row of bench/costs.mjs. */
static int best_gets_bits(const dlx_t *d) {
    if (d->engine_pref == DLX_ENGINE_LINKS || d->n_options > BITS_MAX_OPTIONS || d->has_colors || d->n_forced || !d->n_options)
        return 0;
    if (d->engine_pref == DLX_ENGINE_BITS) return 1;
    const dlx_node *nd = d->node;
    double work = 0;
    for (int32_t k = 0; k < d->n_options; k++) {
        double len = 0, cols = 0;
        for (int32_t q = d->opt_start[k]; nd[q].top > 0; q++) len++, cols += d->len[nd[q].top]; /* nothing forced: none covered */
        work += cols * (len - 1);
    }
    double scan = (double)d->n_primary * ((d->n_options + 63) / 64);
    return work / d->n_options >= scan / 4;
}

int dlx_search_until(dlx_t *d, uint64_t node_limit) {
    if (!d) return DLX_EARG;
    if (dlx_memo_abandon(d) | dlx_memo_multi_abandon(d)) dlx_restart(d); /* a ZDD built in steps: a search ends it */
    if (d->on_memo) d->on_memo = 0, d->phase = PH_DONE; /* a memoized count stopped by its budget: a search ends it, as before */
    uint64_t stop = node_limit ? node_limit : UINT64_MAX;
    if (d->best_k && !d->n_bounded) { /* the k cheapest: branch and bound on costs */
        if (d->phase == PH_START) d->best_bits = best_gets_bits(d);
        return SLICED(dlx_best_search, d, stop);
    }
    if (d->n_bounded) { /* multiplicities: a memoized count where asked or it pays, else Algorithm M */
        if (d->phase == PH_START && memo_fits(d) && !d->best_k && dlx_memo_multi_fits(d)) {
            if (d->memo_mode == DLX_MEMO_ON) return dlx_memo_multi_search(d, stop);
            if (d->memo_mode == DLX_MEMO_AUTO && memo_may_pay(d)) return memo_auto(d, stop);
        }
        return multi_search(d, stop);
    }
    if (d->phase == PH_START && memo_fits(d)) {
        if (d->memo_mode == DLX_MEMO_ON) return dlx_memo_search(d, stop);
        if (d->memo_mode == DLX_MEMO_AUTO && !d->restarts_on && memo_may_pay(d)) return memo_auto(d, stop);
    }
    return plain_search(d, stop);
}

/* Algorithm M: on its bit sets where they fit. */
static int multi_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_START) /* costs and seeds: on the links */
        d->multi_bits = d->engine_pref != DLX_ENGINE_LINKS && !d->best_k && !d->seed;
    return dlx_multi_search(d, stop);
}

/* Every search of exact cover without bounds or costs but the memoized one. */
static int plain_search(dlx_t *d, uint64_t stop) {
    if (d->phase == PH_START) {
        int on = pick_search(d);
        d->on_bits = on == ON_BITS, d->on_cells = on == ON_CELLS;
        if (d->restarts_on) dlx_trail_room(d);
    }
    if (d->on_bits) return SLICED(dlx_bits_search, d, stop);
    if (d->on_cells) return SLICED(dlx_cells_search, d, stop);
#ifndef DLX_NO_LEARNING
    /* Clause learning takes over a linked search with restarts, no colors
     * and no solution yet at d->learn_at nodes (dlx_set_learning). */
    if (d->cdcl) return dlx_learn_search(d, stop);
    if (d->learn_at && d->restarts_on && !d->has_colors && !d->learn_failed && !d->solutions &&
        d->phase != PH_DONE) {
        if (d->nodes >= d->learn_at) return dlx_learn_search(d, stop);
        if (stop > d->learn_at) { /* the links up to the hand-over, then learning */
            int rc = SLICED(dlx_links_search, d, d->learn_at);
            return rc == DLX_BUDGET && d->nodes >= d->learn_at ? dlx_learn_search(d, stop) : rc;
        }
    }
#endif
    return SLICED(dlx_links_search, d, stop);
}

int dlx_search(dlx_t *d, uint64_t max_nodes) {
    if (!d) return DLX_EARG;
    uint64_t left = UINT64_MAX - d->nodes;
    return dlx_search_until(d, max_nodes && max_nodes < left ? d->nodes + max_nodes : 0);
}

/* ---- Sudoku ------------------------------------------------------------------ */

/* The solvers a shape gets beside the links (sudoku_new builds them): the
 * plain 9x9 (3x3 boxes, no other region) its own solver; every shape up to
 * MASKS_MAX_SIZE the bit masks (an item of Sudoku has N options, a mask
 * holds 16). */
int sudoku_gets_nine(const sudoku_t *s) {
    return s->n == 9 && s->box_rows == 3 && !s->jigsaw && s->n_regions == 27;
}

int sudoku_gets_masks(const sudoku_t *s) { return s->n <= MASKS_MAX_SIZE; }

/* Nodes per cell the bit masks search for a first solution before, with
 * restarts on, the linked engine's restarts take over: a random-hole 16x16
 * at 60% blank takes a few hundred nodes, but about 1 in 100 takes from 10^5
 * to over 2 * 10^6 (one wrong early guess), which restarts solve in a few
 * hundred. */
#define MASKS_NODES_PER_CELL 100

/* sudoku_solve: the 9x9 solver where built, else the masks where built
 * (out of memory, neither), else the links with restarts and learning. */
sudoku_plan sudoku_plan_solve(const sudoku_t *s) {
    uint64_t cells = (uint64_t)s->n * (uint64_t)s->n;
    if (s->nine) return (sudoku_plan){SUDOKU_ON_NINE, 0};
    if (s->masks) return (sudoku_plan){SUDOKU_ON_MASKS, s->restarts ? MASKS_NODES_PER_CELL * cells : 0};
    return (sudoku_plan){SUDOKU_ON_LINKS, 0};
}

/* A solve on the links hands over to clause learning after s->learn_after
 * nodes without a solution (with restarts on); other searches (the
 * generator's fill and proofs) set their own. From 49x49 on, the learning
 * search restarts on Luby units of 200 conflicts, not 100: random-hole
 * 49x49 took 0.40x the nodes (median, 60% blank) and 0.6x (55%); 36x36
 * took 1.0-1.16x, so it keeps 100 (docs/notes/CDCL.md, session 39). */
#define SOLVE_LEARN_UNIT_FROM 49
#define SOLVE_LEARN_UNIT 200
void sudoku_set_learning(const sudoku_t *s, dlx_t *d, int on) {
    dlx_set_learning(d, on ? s->learn_after : 0);
    if (d) d->learn_unit = on && s->n >= SOLVE_LEARN_UNIT_FROM ? SOLVE_LEARN_UNIT : 0;
}

/* The generator's fill: the links with restarts on Luby units of 2 N^2
 * nodes, not the solver's 10,000 (a fill that goes wrong early is better
 * started over soon: 16x16 windoku and disjoint groups median 4x faster,
 * worst 10x; 25x25 jigsaw median 1.7x); then clause learning, which is
 * complete (a 25x25 jigsaw of 50 trades, bench/fill_native.c, took 0.1 s
 * by it, the links none in 10 s; a shape with no grid ends proved so),
 * after FILL_LEARN_RUNS units, or from the first node from
 * FILL_LEARN_AT_ONCE on (the links rarely fill such a jigsaw, and the
 * CDCL's search is the same from either point: 36x36 and 49x49 5-10%
 * faster, docs/notes/CDCL.md). Without restarts, a fixed budget. */
#ifndef FILL_LEARN_RUNS
#define FILL_LEARN_RUNS 4
#endif
#ifndef FILL_LEARN_AT_ONCE
#define FILL_LEARN_AT_ONCE 36
#endif
sudoku_fill_plan sudoku_plan_fill(const sudoku_t *s) {
    uint64_t unit = 2 * (uint64_t)s->n * (uint64_t)s->n;
    if (!s->restarts) return (sudoku_fill_plan){0, 0, 200000 + 50 * (uint64_t)s->n * (uint64_t)s->n};
    return (sudoku_fill_plan){unit, s->n >= FILL_LEARN_AT_ONCE ? 1 : FILL_LEARN_RUNS * unit, 0};
}

/* The generator's proofs of uniqueness: on the links with the clues kept
 * forced (sudoku_generate.c's clue stack) for big grids that need not be
 * minimal, where forcing thousands of clues again for every proof took
 * most of a 64x64's time; else each proof is a sudoku_solve. */
int sudoku_proofs_on_stack(int32_t units, int minimal) { return !minimal && units >= 512; }
