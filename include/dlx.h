/* dlx.h: exact cover with primary and secondary items and colors (Knuth's XCC),
 * solved by Dancing Links with a resumable, iterative search.
 *
 * One opaque handle per problem. Items are numbered 0 .. primary+secondary-1:
 * the first `primary` are primary (covered exactly once), the rest secondary
 * (covered at most once; options that give a secondary item the same color may
 * share it). Options are added one by one and numbered from 0 in that order.
 *
 * The search is resumable: dlx_search() runs until it finds a solution, ends,
 * or spends its node budget, and the next call continues where it stopped.
 * Nothing here does I/O, keeps global state or aborts: every failure is a
 * negative return code that dlx_strerror() names.
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dlx dlx_t;

/* Results of dlx_search() and dlx_count() (non-negative). */
enum {
    DLX_OK = 0,       /* success (calls that return no other information) */
    DLX_SOLUTION = 1, /* a solution was found; read it with dlx_solution() */
    DLX_DONE = 2,     /* the search tree is exhausted */
    DLX_BUDGET = 3,   /* the node budget was spent; call again to continue */
    DLX_LIMIT = 4     /* dlx_count() reached its solution limit */
};

/* Errors (negative). The handle stays usable after every one of them. The
 * word before each colon is the error's name in JavaScript (DlxError.code):
 * tools/abi.mjs generates src/js/dlxkit-abi.mjs from these lines, here and
 * in sudoku.h. */
enum {
    DLX_ENOMEM = -1,     /* OUT_OF_MEMORY: out of memory */
    DLX_EARG = -2,       /* BAD_ARGUMENT: a NULL pointer or negative size where one is not allowed */
    DLX_EITEM = -3,      /* BAD_ITEM: an item index outside 0 .. items-1 */
    DLX_EDUPITEM = -4,   /* DUPLICATE_ITEM: the same item twice in one option */
    DLX_ECOLOR = -5,     /* BAD_COLOR: a color on a primary item, or a negative color */
    DLX_ENOPRIMARY = -6, /* NO_PRIMARY_ITEM: an option without a primary item can never be chosen */
    DLX_EOPTION = -7,    /* BAD_OPTION: an option index outside 0 .. options-1 */
    DLX_ECONFLICT = -8,  /* CONFLICT: a forced option clashes with one forced earlier */
    DLX_ENOFORCED = -9,  /* NOTHING_FORCED: dlx_unforce() with nothing forced */
    DLX_ETOOBIG = -10,   /* TOO_BIG: more items or nodes than 32-bit indices allow */
    DLX_ENOSOLUTION = -11, /* NO_SOLUTION: dlx_solution() when the search is not at a solution */
    /* Errors of the DLX text reader (dlx_text.h); they come with a line and column. */
    DLX_EUNKNOWN = -12,  /* UNKNOWN_ITEM: an option names an item the item line does not declare */
    DLX_EDUPNAME = -13,  /* DUPLICATE_NAME: the item line declares a name twice */
    DLX_ENOITEMS = -14,  /* NO_ITEMS: no item line, or no primary item on it */
    DLX_ECHAR = -15,     /* BAD_CHARACTER: a character that may not appear there (control byte, ':' or '|') */
    DLX_ESYNTAX = -16,   /* SYNTAX: malformed line: a second '|', an empty color, a name too long */
    DLX_EBOUND = -17,    /* BAD_BOUND: multiplicity bounds lo:hi with hi 0, lo above hi, on a secondary item, or not a number; or a split or estimate asked of a problem with bounds */
    DLX_ECOST = -18,     /* BAD_COST: an option cost that is negative or not a number, or costs that together pass 2^63 - 1 */
    DLX_EOVERFLOW = -19  /* COUNT_OVERFLOW: more solutions than the count holds: 2^64 - 1 for dlx_count() (dlx_count_wide() has them) */
};

/* Counters of the work done since the last restart. */
typedef struct dlx_stats {
    uint64_t nodes;     /* search tree nodes entered */
    uint64_t updates;   /* links removed (Knuth's "updates") */
    uint64_t solutions; /* solutions found (UINT64_MAX from there on: dlx_count_wide() is exact) */
    double progress;    /* estimated fraction of the search tree explored, 0 .. 1 */
    int32_t level;      /* current depth of the search */
    int32_t max_level;  /* deepest level reached */
    uint64_t guesses;   /* nodes whose item had more than one option to try */
    uint64_t restarts;  /* times the search started over (dlx_set_restarts) */
} dlx_stats_t;

/* A human-readable name for a result or error code. Never NULL. */
const char *dlx_strerror(int code);

/* Create a problem with `primary` primary and `secondary` secondary items.
 * Returns NULL only when memory runs out or the counts are negative or too big. */
dlx_t *dlx_new(int32_t primary, int32_t secondary);
void dlx_free(dlx_t *d);

int32_t dlx_primary_count(const dlx_t *d);
int32_t dlx_item_count(const dlx_t *d);   /* primary + secondary */
int32_t dlx_option_count(const dlx_t *d);

/* Multiplicities (Knuth's DLX3): primary item i must be covered at least lo
 * and at most hi times (1 <= hi, 0 <= lo <= hi; 1:1 is the default). With any
 * bound other than 1:1 the search is Knuth's Algorithm M (dlx_multi.c): a
 * solution is a set of options, each used once, meeting every bound, and
 * forced options count toward the bounds. With bounds dlx_set_restarts
 * changes nothing; seeds, estimates and splits (dlx_branch_item) work on
 * Algorithm M's tree. Returns DLX_OK, DLX_EITEM (i out of range) or
 * DLX_EBOUND (also for a secondary i, and for taking the last bounds off
 * while options are left out: dlx_exclude).
 * Abandons any search in progress. */
int dlx_set_bounds(dlx_t *d, int32_t i, int32_t lo, int32_t hi);
/* The bounds of item i (1:1 for items without; secondary items 0:1). */
int dlx_bounds(const dlx_t *d, int32_t i, int32_t *lo, int32_t *hi);

/* Preferred items (Knuth's DLX2-sharp, whose item names start with '#'):
 * primary item i is preferred (on != 0) or not. Among the items with the
 * fewest options left, the search branches on the first preferred one;
 * without preferred items it takes the first. Counts and solutions do not
 * change, only the tree's shape. Returns DLX_OK, DLX_EITEM (i out of range
 * or secondary) or DLX_ENOMEM. Abandons any search in progress. */
int dlx_set_preferred(dlx_t *d, int32_t i, int on);

/* Costs (Knuth's DLX5): option k costs `cost` (0 .. 2^63 - 1; 0 by
 * default), and a solution costs the sum over its options, forced ones
 * included. The costs of all options together may not pass 2^63 - 1, so no
 * sum overflows. Returns DLX_OK, DLX_EOPTION, DLX_ECOST (a negative cost or
 * that total) or DLX_ENOMEM. Abandons any search in progress. */
int dlx_set_cost(dlx_t *d, int32_t k, int64_t cost);
/* The cost of option k (>= 0), or DLX_EOPTION. */
int64_t dlx_option_cost(const dlx_t *d, int32_t k);

/* The k cheapest solutions: with k >= 1, dlx_search looks for them (branch
 * and bound, dlx_cost.c), with k = 0 for every solution again. The search
 * returns DLX_SOLUTION at each solution that enters the k cheapest found so
 * far (an improvement: dlx_solution and dlx_solution_cost read it), then
 * DLX_DONE; node budgets and dlx_stats work as for any search (dlx_count
 * counts the improvements). The k cheapest are then read with
 * dlx_best_solution, cheapest first; among solutions of equal cost the one
 * the search met first is kept and comes first (the search's order is fixed
 * for a problem, its costs and k). Returns DLX_OK or DLX_EARG (k < 0).
 * With bounds (dlx_set_bounds) the search is Algorithm M cut by the costs
 * (dlx_multi.c). Abandons any search in progress. */
int dlx_set_best(dlx_t *d, int32_t k);
/* After DLX_SOLUTION of a search for the cheapest: its total cost. Returns
 * DLX_OK or DLX_ENOSOLUTION. */
int dlx_solution_cost(const dlx_t *d, int64_t *cost);
/* How many cheapest solutions are kept (at most k; all of them after
 * DLX_DONE), and the j-th of them (0: the cheapest): its options (forced
 * ones first, at most cap written) and cost. dlx_best_solution returns the
 * number of options, or DLX_ENOSOLUTION when j is not below the count. */
int32_t dlx_best_count(const dlx_t *d);
int32_t dlx_best_solution(const dlx_t *d, int32_t j, int32_t *options, int32_t cap, int64_t *cost);

/* Reserve room for `options` more options with `nodes` item entries in all,
 * so that building a big matrix reallocates once. Optional. */
int dlx_reserve(dlx_t *d, int32_t options, int64_t nodes);

/* Add an option covering items[0..n-1]. colors may be NULL; otherwise
 * colors[k] > 0 gives items[k] (a secondary item) that color and 0 means none.
 * Returns the new option's index (>= 0) or an error. Abandons any search in
 * progress (as dlx_restart); forced options stay forced. */
int32_t dlx_add_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n);

/* The items (and colors, if colors != NULL) of option k, at most cap of them.
 * Returns the option's length, or an error. */
int32_t dlx_option_items(const dlx_t *d, int32_t k, int32_t *items, int32_t *colors,
                         int32_t cap);

/* The options holding item i that agree with every forced option (forced
 * ones themselves excluded; with bounds, left-out ones too), in increasing
 * order, at most cap of them written. Returns how many there are. Abandons
 * any search in progress. */
int32_t dlx_item_options(dlx_t *d, int32_t i, int32_t *options, int32_t cap);

/* The primary item the search would branch on first, given the forced
 * options: the one with the fewest options left (the first preferred one
 * on a tie, else the first; with bounds, the fewest branches as Algorithm M
 * counts them). -1 when none is left (with bounds, also when the forced
 * options already rule out every solution).
 * With dlx_item_options it splits a search into independent parts: without
 * bounds, one part per option o of item i, o forced. With bounds, item i's
 * options o_1 < ... < o_n and need = dlx_item_need(d, i): part j (j = 1 ..
 * n - need + 1, at most n) forces o_j and leaves out o_1 .. o_j-1 (o_j is
 * the lowest-numbered option of i the solution uses), and when need is 0
 * one more part leaves out all n (the solution uses none). Each solution
 * lies in exactly one part. Abandons any search in progress. */
int32_t dlx_branch_item(dlx_t *d);
/* How many more options item i needs: its lower bound (1 without bounds, 0
 * for a secondary item) less the forced options holding it, or 0 (it may
 * take none more). DLX_EITEM when i is out of range. */
int32_t dlx_item_need(const dlx_t *d, int32_t i);

/* Knuth's estimate of the search below the forced options: the mean of
 * `probes` random paths down the tree, each scoring the sum over its nodes
 * of the product of the branching degrees above them, which is the node
 * count of dlx_stats() in expectation (a dead end is a node, a solution is
 * not; with bounds, Algorithm M's tree without a seed). The paths follow
 * `seed` (the same seed, the same estimate, on either search); *steps (may be NULL) gets the nodes the probes met, the
 * estimate's cost. Returns DLX_OK, DLX_EARG or DLX_ENOMEM. Abandons any
 * search in progress; the forced options stay as they were. */
int dlx_estimate(dlx_t *d, uint64_t seed, int32_t probes, double *estimate, uint64_t *steps);

/* Force option k into every solution (a puzzle's givens). Forced options are
 * stacked; dlx_unforce() pops the last. On a clash returns DLX_ECONFLICT and
 * nothing changes; dlx_conflict() then tells which forced option and item
 * clashed. Abandons any search in progress. */
int dlx_force(dlx_t *d, int32_t k);
int dlx_unforce(dlx_t *d);
void dlx_unforce_all(dlx_t *d);
int32_t dlx_forced_count(const dlx_t *d);
/* After DLX_ECONFLICT: the earlier forced option and the item they share. */
void dlx_conflict(const dlx_t *d, int32_t *option, int32_t *item);
/* With bounds only: leave option k out of every solution (a split's part,
 * dlx_branch_item). Stacked apart from the forced ones; dlx_unexclude()
 * pops the last (DLX_ENOFORCED when none is left out). Returns DLX_OK,
 * DLX_EOPTION, DLX_EBOUND (a problem without bounds) or DLX_ENOMEM.
 * Abandons any search in progress. */
int dlx_exclude(dlx_t *d, int32_t k);
int dlx_unexclude(dlx_t *d);

/* Randomize the order in which each item's options are tried, reproducibly
 * from `seed`: every restart replays the same order. Seed 0 restores the
 * natural order. With bounds, each item's options are tried round from a
 * random place (the same tree otherwise, so the same count). Restarts the
 * search. */
void dlx_set_seed(dlx_t *d, uint64_t seed);

/* Restarts, for finding a first solution of a hard instance: with them on,
 * a search that finds nothing within its budget of nodes starts over in
 * another order drawn from the seed, on a universal (Luby) schedule, and
 * branches first on the items that failed most often (failure weights kept
 * from one start to the next). Restarts end at the first solution: from
 * there the search goes on to the end without them, so counts stay exact
 * and complete. The same seed always gives the same search. Off by default
 * (the search tree is then Knuth's). Restarts the search. */
void dlx_set_restarts(dlx_t *d, int on);

/* Continue the search for at most max_nodes more nodes (0: no budget).
 * Returns DLX_SOLUTION, DLX_DONE or DLX_BUDGET. */
int dlx_search(dlx_t *d, uint64_t max_nodes);

/* The same with an absolute limit: continue until the node counter of
 * dlx_stats() reaches node_limit (0: no limit). A loop with one budget over
 * many calls uses this: a solution found on the last budgeted node still
 * lets the next call finish the search without entering a node. */
int dlx_search_until(dlx_t *d, uint64_t node_limit);

/* Abandon the search in progress and start over on the next dlx_search();
 * forced options stay forced, statistics start again from zero. */
void dlx_restart(dlx_t *d);

/* After DLX_SOLUTION: the options of the solution, forced ones first, then
 * those chosen by the search in the order chosen; at most cap are written.
 * Returns the number of options in the solution, or DLX_ENOSOLUTION. */
int32_t dlx_solution(const dlx_t *d, int32_t *options, int32_t cap);

/* Count solutions from a fresh start, stopping at `limit` of them (0: no
 * limit) or after max_nodes nodes (0: no budget). *count gets the number
 * found. Returns DLX_DONE (exact count), DLX_LIMIT or DLX_BUDGET; or
 * DLX_EOVERFLOW, with *count UINT64_MAX, when the number found passed
 * 2^64 - 1 (never a wrapped count: dlx_count_wide() is exact). */
int dlx_count(dlx_t *d, uint64_t limit, uint64_t max_nodes, uint64_t *count);

/* A count of up to 128 bits, lo + hi * 2^64: the engine counts solutions in
 * 128 bits, which no search can fill. */
typedef struct dlx_wide {
    uint64_t lo, hi;
} dlx_wide_t;

/* dlx_count() with the count in 128 bits: exact at any size. Returns
 * DLX_DONE, DLX_LIMIT or DLX_BUDGET (DLX_EARG for a NULL pointer;
 * DLX_EOVERFLOW past 2^128 - 1, with *count 2^128 - 1: a memoized count
 * reaches it, a search only from dlx_debug_count_from). */
int dlx_count_wide(dlx_t *d, uint64_t limit, uint64_t max_nodes, dlx_wide_t *count);

/* Memoized counting (Knuth's DLX6, the counting half of his Algorithm Z):
 * a count without a limit keeps the count of each subproblem it finishes,
 * keyed by the items still uncovered, and adds a subproblem met again in
 * one step. Tilings and packings, whose subproblems repeat, count in
 * milliseconds where a search would take years; on other problems it only
 * costs time and memory. DLX_MEMO_ON counts that way (colors too; with
 * bounds dlx_memo_multi.c, keyed by the counts too: DLX_MEMO_AUTO probes it
 * up to 8,192 options, DLX_MEMO_ON takes it at any size),
 * DLX_MEMO_OFF never, DLX_MEMO_AUTO (the default) as the engine rules (docs/engine.md).
 * Its cache holds at most cache_bytes (0: DLX_MEMO_DEFAULT_BYTES); when
 * full, new subproblems replace old ones: slower, never wrong. A node is a
 * subproblem entered (the start, and each option tried, known to the cache
 * or not). A memoized count stopped by its budget (DLX_BUDGET) has counted
 * the branches it finished, and dlx_count_resume goes on with it. Returns
 * DLX_OK or DLX_EARG (an unknown mode).
 * Solutions and listings search as before. Abandons any search in progress. */
enum { DLX_MEMO_AUTO = 0, DLX_MEMO_OFF = 1, DLX_MEMO_ON = 2 };
#define DLX_MEMO_DEFAULT_BYTES ((uint64_t)1 << 30)
int dlx_set_memo(dlx_t *d, int mode, uint64_t cache_bytes);
/* A memoized count that dlx_count_wide (or this) stopped by its budget
 * goes on for up to max_nodes more nodes (0: to the end) from where it
 * stopped, as if it had never stopped: the same nodes in all and the same
 * count. Returns as dlx_count_wide (*count the solutions so far: a lower
 * bound while DLX_BUDGET), or DLX_EARG when d holds no such count (any
 * other move of d's search since ends it: a restart, a search, a change). */
int dlx_count_resume(dlx_t *d, uint64_t max_nodes, dlx_wide_t *count);
/* DLX_MEMO_AUTO's share: the memo nodes its rule gives a count of d (0:
 * none, the search counts), from Knuth's estimate (it restarts the search),
 * within a quarter of node_budget (0: none). For callers that count in
 * rounds of their own (the JS worker). */
double dlx_memo_share(dlx_t *d, uint64_t node_budget);

/* The ZDD of all solutions (Knuth's DLX6, Algorithm Z): the memoized
 * search keeps, for each distinct state (items still uncovered), a chain of
 * nodes, one per option tried at its branch item that leads to solutions
 * (HI: the state after that option; LO: the rest of the chain, the options
 * tried before it). Node 0 is "no solution", node 1 "done". Forced options
 * sit above the search's root as nodes with LO 0. The handle holds the
 * nodes and their counts and nothing of d: it outlives changes to d.
 * dlx_zdd_build: everything it holds while building (tables, cache, nodes)
 * stays within max_bytes (0: DLX_MEMO_DEFAULT_BYTES; the old block while
 * realloc moves an array aside); past it DLX_ENOMEM and no ZDD. Returns DLX_OK (*out set), DLX_EARG,
 * DLX_ENOMEM (colors and bounds are taken: a node's state then closes one
 * item with a subset of its options, a path of HI links),
 * DLX_EOVERFLOW (past 2^128 - 1 solutions). Like a count it ends the search in progress
 * (dlx_stats reads the build's work; dlx_restart starts afresh). */
typedef struct dlx_zdd dlx_zdd_t;
int dlx_zdd_build(dlx_t *d, uint64_t max_bytes, dlx_zdd_t **out);
/* The same build in steps, for a caller that reports progress or stops
 * between them: dlx_zdd_begin starts it (as dlx_zdd_build: DLX_OK with
 * *out an unfinished handle, or its errors), dlx_zdd_step runs it for up
 * to max_nodes more nodes (0: to the end) and returns DLX_BUDGET while it
 * is unfinished, then DLX_OK (the handle is dlx_zdd_build's ZDD, node for
 * node) or the build's error (the build is over: free the handle), and
 * from then on the same again. Between steps, any other call that moves
 * d's search (a search, a count, a restart, a change to d, dlx_free)
 * abandons the build: its step returns DLX_EARG, as for a handle not
 * begun on d. Freeing an unfinished handle abandons its build (d
 * restarts). Only a finished handle is read (DLX_EARG before: size and
 * count say 0 nodes and solutions so far). */
int dlx_zdd_begin(dlx_t *d, uint64_t max_bytes, dlx_zdd_t **out);
int dlx_zdd_step(dlx_t *d, dlx_zdd_t *z, uint64_t max_nodes);
typedef struct dlx_zdd_progress {
    uint64_t nodes;  /* the search's nodes so far (a node as dlx_stats counts them) */
    uint64_t states; /* distinct subproblems cached, each a chain */
    uint64_t size;   /* ZDD nodes made, as dlx_zdd_size */
    uint64_t bytes;  /* held of max_bytes: tables, cache and nodes (built: dlx_zdd_bytes) */
} dlx_zdd_progress_t;
/* A build's progress at its last step. Returns DLX_BUDGET while it is
 * unfinished (or abandoned), DLX_OK once built, or the build's error;
 * DLX_EARG for a NULL pointer. */
int dlx_zdd_progress(const dlx_zdd_t *z, dlx_zdd_progress_t *out);
void dlx_zdd_free(dlx_zdd_t *z);
/* Nodes, the two terminals not counted (DLX6's "ZDD nodes" counts them). */
uint64_t dlx_zdd_size(const dlx_zdd_t *z);
dlx_wide_t dlx_zdd_count(const dlx_zdd_t *z); /* exact, as dlx_count_wide */
size_t dlx_zdd_bytes(const dlx_zdd_t *z);
/* The root (0: no solution; 1: only the empty one), and node j (2 .. size
 * + 1): its option, LO and HI (DLX_EARG for another j). */
uint64_t dlx_zdd_root(const dlx_zdd_t *z);
int dlx_zdd_node(const dlx_zdd_t *z, uint64_t j, int32_t *option, uint64_t *lo, uint64_t *hi);
/* Solution k (0 .. count - 1) in the ZDD's order (at each node the
 * solutions through HI first): its options from the root down (forced ones
 * first), at most cap written. Returns their number, DLX_ENOSOLUTION for k
 * not below the count, or DLX_EARG. */
int32_t dlx_zdd_nth(const dlx_zdd_t *z, dlx_wide_t k, int32_t *options, int32_t cap);
/* A solution drawn uniformly from all of them (solution k, k uniform below
 * the count), from the generator *state (any seed; each draw advances it).
 * Returns as dlx_zdd_nth (DLX_ENOSOLUTION when there is none). */
int32_t dlx_zdd_random(const dlx_zdd_t *z, uint64_t *state, int32_t *options, int32_t cap);
/* The ZDD in DLX6's text format (m1): "ID: (~V?LO:HI)" a line, hex but V,
 * children before parents, V = option + 1, then the root line "ID:
 * (~0?0:ROOT)". Writes the first cap bytes (no NUL) and returns the
 * whole text's length (cap 0: the length only), or DLX_EARG. */
int64_t dlx_zdd_text(const dlx_zdd_t *z, char *out, size_t cap);

/* v in decimal, no sign or separators, into out (DLX_WIDE_DIGITS bytes: up
 * to 39 digits and a NUL). Returns the number of digits. */
#define DLX_WIDE_DIGITS 40
int dlx_wide_format(dlx_wide_t v, char *out);

/* For tests only: every count from now on starts at `from` instead of 0
 * (the engine's counter, so that its overflow paths run without 2^64
 * solutions); dlx_stats()'s solutions too. Restarts the search. */
void dlx_debug_count_from(dlx_t *d, dlx_wide_t from);

void dlx_stats(const dlx_t *d, dlx_stats_t *out);
/* dlx_stats()'s solutions in 128 bits: exact past 2^64 - 1, where
 * dlx_stats() says UINT64_MAX (a memoized count passes it). {0, 0} for NULL. */
dlx_wide_t dlx_stats_solutions(const dlx_t *d);

/* Bytes of memory held by the handle (the matrix, the stacks, the headers). */
size_t dlx_memory_bytes(const dlx_t *d);

#ifdef __cplusplus
}
#endif
#endif
