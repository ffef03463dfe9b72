/* dlx_internal.h: the linked engine's layout and its dance steps, shared by
 * the building and forcing code (dlx.c) and the search (dlx_search.c). The
 * search has a file of its own because it is built for speed and the rest
 * for size.
 *
 * Layout as in Knuth's DLX1/DLX2: one array of 16-byte nodes. Nodes 1..N are
 * the item headers (lengths are kept apart, in `len`), then every option
 * is a run of consecutive nodes, with a spacer node before and after each run.
 * A spacer's `up` is the first node of the option before it and its `down` the
 * last node of the option after it, so an option can be walked in a circle
 * with only vertical links. Items also sit in two circular lists (`item`):
 * active primary items around root 0, secondary items around root N+1.
 */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include "dlx.h"

/* The engine's solution counter: 128 bits, so that no count wraps (2^64
 * solutions are out of reach of a search today, not of memoized counting
 * tomorrow). `x++` works on it as on a uint64_t. */
__extension__ typedef unsigned __int128 dlx_count_t;

typedef struct {
    int32_t up, down;
    int32_t top;   /* item of an option node; 0 in a header; -(k+1) after option k */
    int32_t color; /* 0 none; > 0 a color; < 0 already agrees with a purified item */
} dlx_node;

/* An item's header: its place in the list of active items and the color a
 * purification settled it on. Column lengths live in their own array. */
typedef struct {
    int32_t prev, next;
    int32_t color, pad;
} dlx_head;

/* Covering an item adds this to its length, so a plain scan of the length
 * array skips covered items without following the list. */
#define COVERED (1 << 30)
/* Up to this many primary items the MRV scan reads the length array from
 * end to end (no dependent loads); beyond it, it follows the active list. */
#define ARRAY_SCAN_MAX 4096
/* Problems with at most this many options search on bit sets (dlx_bits.c),
 * when its tables take at most BITS_MAX_BYTES; bigger ones on the links. */
#define BITS_MAX_OPTIONS 4096
#define BITS_MAX_BYTES (16u << 20)

/* Which search runs: as search_choice.c rules, or always the links, or the
 * sparse sets wherever they can (tests, fuzzing). */
enum { DLX_ENGINE_AUTO, DLX_ENGINE_LINKS, DLX_ENGINE_CELLS, DLX_ENGINE_BITS };
typedef struct dlx_bits dlx_bits;
typedef struct dlx_cells dlx_cells;

enum phase { PH_START, PH_FORWARD, PH_AT_SOLUTION, PH_DONE };

struct dlx {
    int32_t n_primary, n_items;
    dlx_node *node;
    int32_t n_nodes, cap_nodes;
    dlx_head *item; /* n_items + 2 entries: root 0, items 1..N, secondary root N+1 */
    int32_t *len;   /* n_items + 1 entries: column lengths, + COVERED when covered */
    int32_t *opt_start; /* first node of each option */
    int32_t n_options, cap_options;
    int has_colors;

    int32_t *forced; /* stack of forced options (at most n_primary of them) */
    int32_t n_forced;
    int32_t *owner; /* per item: the forced option holding it, or -1 */
    int32_t conflict_option, conflict_item;
    int32_t *mark; /* per item: scratch for duplicate checks */
    int32_t stamp;

    /* Search state: levels 0 .. depth-1 hold a committed choice. */
    int32_t *choice, *start, *pos, *tot;
    int32_t level, depth, max_level;
    enum phase phase;
    uint64_t nodes, updates, guesses;
    uint64_t seed, rng; /* the seed set, and the generator's state (0: natural order) */
    int restarts_on;    /* dlx_set_restarts */
    uint64_t restarts;  /* starts over since the last dlx_restart */
    /* Restarts (dlx_search.c): the node count at which the current run
     * gives up (UINT64_MAX: never, as without restarts or once a solution
     * is found); per primary item its failure weight (1 + dead ends met on
     * it since the last dlx_restart); the items whose length fell to 0 or 1,
     * stacked by hide() so that forced moves are found without a scan:
     * sp entries, of which those below lo_at[l] are dead for the nodes under
     * level l, and sp_try[l] of them were there after level l's cover. */
    uint64_t run_stop, restart_unit; /* the unit: 0 for the default */
    float *weight; /* a float for the SIMD choice; whole numbers up to 2^24 */
    int32_t *stack, sp; /* the items down to 0 or 1 option, sp of them */
    /* Inference (restarts on, no colors): the items down to 2 .. FEW_MAX
     * options, stacked as above (nfew), and the options they ruled out
     * (trail, ntrail of them; room for every option, or NULL). */
    int32_t *few, nfew;
    int32_t *trail, ntrail, cap_trail;
    struct rs_level {
        int32_t sp_try, few_try; /* the stacks' heights after the level's cover */
        int32_t lo;              /* stack entries below it are dead under this node */
        int32_t chk;             /* few entries below it were examined on this path */
        int32_t trail;           /* the trail's height when the node was entered */
    } *lv;

    /* Clause learning (dlx_learn.c): the node count at which a search with
     * restarts and no solution yet hands over (0: never); the CDCL search
     * after the hand-over, the counters then, and whether building it ran
     * out of memory (the linked search goes on until dlx_restart); the
     * learning search's conflicts per Luby unit (0: dlx_cdcl.c's own). */
    uint64_t learn_at;
    uint32_t learn_unit;
    struct cdcl *cdcl;
    int32_t *learn_map, learn_vars; /* its variables' options */
    uint64_t learn_nodes, learn_guesses, learn_restarts;
    int learn_failed;

    /* Multiplicities (dlx_multi.c): per item 1..N its bounds (NULL until
     * dlx_set_bounds), how many primary items have bounds other than 1:1
     * (then the search is Algorithm M, and forced options are only recorded
     * here, never taken on the links), and that search's state. Options
     * left out (dlx_exclude, bounds only): a stack of their own. */
    int32_t *lo, *hi, n_bounded, cap_forced;
    int32_t *excluded, n_excluded, cap_excluded;
    struct dlx_multi *multi;

    /* Preferred items (dlx_set_preferred): their numbers 1..n_primary in
     * increasing order, n_pref of them (0: the plain choice, no extra work). */
    int32_t *pref, n_pref;

    dlx_bits *bits; /* the bit-set search's tables, built on its first search */
    int engine_pref; /* DLX_ENGINE_* */
    int on_bits;     /* the search in progress runs on bits: choice[] holds options */
    int multi_bits;  /* Algorithm M may run on its bit sets (search_choice.c rules) */
    int best_bits;   /* the k cheapest may run on bit sets (search_choice.c rules) */
    int bits_off;    /* no bit sets: the memo keeps its lists, the estimate probes the links (dlx_set_engine: the tests' links) */
    dlx_cells *cells; /* the sparse-set search's tables, built on its first search */
    int on_cells;     /* the search in progress runs on them: choice[] holds options */
    int on_memo;      /* a memoized count stopped by its budget: dlx_count_resume goes on with it */
    /* A count (dlx_count_wide without a limit) is under way: nobody reads the
     * solutions, so a search may count them without returning at each one
     * (the bit-set and sparse-set searches do; the others return at each). */
    int counting;
    /* Memoized counting (dlx_memo.c): DLX_MEMO_*, its cache's cap in bytes,
     * and its tables, kept until the next count or dlx_free. */
    int memo_mode;
    uint64_t memo_cap;
    struct dlx_memo *memo;
    struct dlx_memo_multi *memo_multi; /* its kind with bounds (dlx_memo_multi.c) */
    uint64_t memo_slice; /* nodes per call of its walk (0: its default, dlx_memo.c; the tests' small ones) */
    int memo_sparse;     /* the tests': dlx_memo_multi.c on its lists at any size */
    /* The share of the last estimate's probe nodes reached again by other
     * options (dlx_meet; bit sets only, else 0): the memo's rule reads it. */
    double est_meets;

    /* Costs (dlx_cost.c): per option its cost (cap_cost of them, 0 beyond;
     * NULL until dlx_set_cost), their total (at most INT64_MAX, so no sum
     * of them overflows); best_k > 0 makes the search the one for the k
     * cheapest solutions, on its own copy of the links (best). */
    int64_t *cost, cost_total;
    int32_t cap_cost, best_k;
    struct dlx_best *best;

    /* Solutions found, from count_from (dlx_debug_count_from; 0 but in
     * tests). Last: their 16-byte alignment moves no other field. */
    dlx_count_t solutions, count_from;
};

/* Every exact-cover search has one signature: search until a solution
 * (DLX_SOLUTION), the end (DLX_DONE) or the node counter reaching `stop`
 * (DLX_BUDGET), resumable, with dlx_search_until's contract. Which one runs
 * is search_choice.c's rule, and only it calls them. */
typedef int dlx_search_fn(dlx_t *d, uint64_t stop);

/* dlx_add_option for builders whose options are right by construction
 * (sudoku_linked's 36x36 matrix is 46,656 of them; the DLX reader checks
 * each option as it reads it): distinct items in range, a primary one,
 * colors (NULL: none) 0 or positive and only on secondary items. On a
 * matrix fresh from dlx_new (nothing forced, no search begun, no tables)
 * it skips the checks and the unforcing and restarting that dlx_add_option
 * does for every option (a third of a one-shot 36x36 solve's instructions);
 * else it is dlx_add_option. Returns the option's number or DLX_ENOMEM
 * (DLX_ETOOBIG past 32-bit indices). */
int32_t dlx_add_sound_option(dlx_t *d, const int32_t *items, const int32_t *colors, int32_t n);

/* The linked search (dlx_search.c), and the item it would branch on next
 * (0-based; -1 when every primary item is covered). */
dlx_search_fn dlx_links_search;
int32_t dlx_links_item(const dlx_t *d);
/* The bit-set search (dlx_bits.c): ready says whether it can run (building
 * its tables if needed). */
int dlx_bits_ready(dlx_t *d);
dlx_search_fn dlx_bits_search;
void dlx_bits_free(dlx_t *d);
size_t dlx_bits_bytes(const dlx_t *d);
/* The sparse-set search (dlx_cells.c), the same way. */
int dlx_cells_ready(dlx_t *d);
dlx_search_fn dlx_cells_search;
void dlx_cells_free(dlx_t *d);
size_t dlx_cells_bytes(const dlx_t *d);
/* dlx_estimate, whose probes on bit sets end after MEET_EARLY of them
 * where at least a share `stop` of their nodes meet (dlx_meet.h; 0: never):
 * the memo's rule, which needs no finer estimate there. */
int dlx_estimate_meets(dlx_t *d, uint64_t seed, int32_t probes, double stop, double *estimate, uint64_t *steps);
/* Random probes down the bit-set tree: the sum of their scores
 * (dlx_estimate); their states go to `meets` (dlx_meet.h). */
struct dlx_meets;
double dlx_bits_probes(dlx_t *d, uint64_t *rng, int32_t probes, uint64_t *steps, struct dlx_meets *meets);
/* For the tests: run every search on the links (DLX_ENGINE_LINKS), on the
 * sparse sets where they can (DLX_ENGINE_CELLS), the costs' on bit sets
 * wherever they can (DLX_ENGINE_BITS; else as AUTO), or as search_choice.c
 * rules. Restarts on Luby units of `nodes` (0: the default): the tests make
 * them happen on small problems, the Sudoku fill (sudoku_generate.c) takes
 * short runs. */
void dlx_set_engine(dlx_t *d, int engine);
void dlx_set_restart_unit(dlx_t *d, uint64_t nodes);
/* Clause learning (dlx_learn.c): hand over after `nodes` nodes (0: never;
 * restarts on, no colors). */
void dlx_set_learning(dlx_t *d, uint64_t nodes);
dlx_search_fn dlx_learn_search;
/* After the n forced options dlx_solution wrote: the CDCL's chosen ones. */
int32_t dlx_learn_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n);
void dlx_learn_free(dlx_t *d);
/* How many entries (an item in an option) the options have: the memos'
 * tables are sized by it. */
static inline size_t dlx_entry_count(const dlx_t *d) {
    size_t total = 0;
    for (int32_t o = 0; o < d->n_options; o++)
        for (int32_t p = d->opt_start[o]; d->node[p].top > 0; p++) total++;
    return total;
}
/* Counting by memoized search (dlx_memo.c), for counts without a limit
 * (colors or not; bounds: dlx_memo_multi.c): it ends the search (DLX_DONE, or DLX_BUDGET with
 * a lower bound; DLX_EOVERFLOW past 2^128 - 1); after DLX_BUDGET (d->on_memo)
 * the next call (dlx_count_resume's) goes on from where it stopped. */
dlx_search_fn dlx_memo_search;
int dlx_memo_resume(dlx_t *d, uint64_t stop); /* search_choice.c: the memo's count on from a budget stop */
size_t dlx_memo_bytes(const dlx_t *d);
size_t dlx_memo_cache_bytes(const dlx_t *d); /* the cache alone: at most d->memo_cap */
void dlx_memo_free(dlx_t *d); /* a ZDD build in steps it held ends unfinished */
/* Ends a ZDD build in steps d's memo holds (its tables go; dlx_zdd_step
 * then refuses the handle): any other move of d's search does. Returns
 * whether there was one. */
int dlx_memo_abandon(dlx_t *d);
/* Memoized counting with bounds (dlx_memo_multi.c): the same contract but
 * for resuming (a budget's stop is final); fits says whether it takes the
 * problem (bounds, up to 8,192 options). */
dlx_search_fn dlx_memo_multi_search;
int dlx_memo_multi_fits(const dlx_t *d);
int dlx_memo_multi_dense(const dlx_t *d);
size_t dlx_memo_multi_bytes(const dlx_t *d);
int dlx_memo_multi_abandon(dlx_t *d); /* as dlx_memo_abandon */
void dlx_memo_multi_free(dlx_t *d);
/* Algorithm M (dlx_multi.c), for problems with bounds: it works on a copy
 * of the links made at each start, so a restart has nothing to unwind. */
dlx_search_fn dlx_multi_search;
int32_t dlx_multi_solution(const dlx_t *d, int32_t *options, int32_t cap, int32_t n);
double dlx_multi_progress(const dlx_t *d);
/* Its root (forced options taken, left-out ones gone) on a copy of the
 * links, for a split or a probe: DLX_OK, DLX_DONE (no solution) or
 * DLX_ENOMEM; then the item it branches on (*item) and how many branches
 * (<= 0 a dead end, INT32_MAX none left), the options in item i's column
 * that are still available, and branch b of item i taken (the search's
 * order: the first b options of the column left out, then the next one
 * chosen; b = len: none more of i). */
int dlx_multi_root(dlx_t *d);
int32_t dlx_multi_pick(const dlx_t *d, int32_t *item);
int32_t dlx_multi_column(const dlx_t *d, int32_t i, int32_t *options, int32_t cap);
void dlx_multi_branch(dlx_t *d, int32_t i, int32_t b);
size_t dlx_multi_bytes(const dlx_t *d);
void dlx_multi_free(dlx_t *d);
/* The k cheapest solutions (dlx_best.c): the search's contract is
 * dlx_search_until's; like Algorithm M it works on a copy of the links. */
dlx_search_fn dlx_best_search;
int32_t dlx_best_solution_now(const dlx_t *d, int32_t *options, int32_t cap, int32_t n);
/* Whether the search started is on bit sets (dlx_best.c's rule), not links. */
int dlx_best_on_bits(const dlx_t *d);
/* For Algorithm M with costs: a fresh list of the cheapest; keep the solution
 * the search is at, of total cost `cost`; the total a solution must stay under. */
int dlx_best_reset(dlx_t *d);
typedef int32_t dlx_solution_reader(const dlx_t *d, int32_t *options, int32_t cap, int32_t n);
int dlx_best_keep(dlx_t *d, uint64_t cost, dlx_solution_reader *read);
uint64_t dlx_best_cutoff(const dlx_t *d);
size_t dlx_best_bytes(const dlx_t *d);
void dlx_best_free(dlx_t *d);

/* ---- the dance ---------------------------------------------------------- */

/* The arrays the dance touches, passed by value so that the inlined loops
 * keep them in registers. */
typedef struct {
    dlx_node *nd;
    dlx_head *it;
    int32_t *len; /* per item: options left in its column (+ COVERED once covered) */
} dance;

/* Where hide() stacks the items whose length falls to 0 or 1, and to
 * 2 .. FEW_MAX (restarts), or NULL: a constant NULL compiles it away. Each
 * item goes on a stack at most once per length on a path down the tree. */
#define FEW_MAX 6
typedef struct {
    int32_t *one, *few;
} stacks;
typedef stacks *pusher;


/* Unlink every other node of the option holding p from its column. Nodes
 * marked as agreeing with a purified color stay (as in DLX2): their column
 * is settled and nobody looks at it until it is restored. */
static inline void hide(dance m, int32_t p, int colored, uint64_t *upd, pusher push) {
    dlx_node *nd = m.nd;
    for (int32_t q = p + 1; q != p;) {
        int32_t x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) {
            q = u;
        } else if (colored && nd[q].color < 0) {
            q++;
        } else {
            nd[u].down = dn, nd[dn].up = u;
            int32_t left = --m.len[x];
            if (push && left <= FEW_MAX) {
                if (left <= 1) *push->one++ = x;
                else *push->few++ = x;
            }
            (*upd)++;
            q++;
        }
    }
}

static inline void unhide(dance m, int32_t p, int colored) {
    dlx_node *nd = m.nd;
    for (int32_t q = p - 1; q != p;) {
        int32_t x = nd[q].top, u = nd[q].up, dn = nd[q].down;
        if (x <= 0) {
            q = dn;
        } else if (colored && nd[q].color < 0) {
            q--;
        } else {
            nd[u].down = q, nd[dn].up = q;
            m.len[x]++;
            q--;
        }
    }
}

static inline void cover(dance m, int32_t i, int colored, uint64_t *upd, pusher push) {
    for (int32_t p = m.nd[i].down; p != i; p = m.nd[p].down) hide(m, p, colored, upd, push);
    int32_t l = m.it[i].prev, r = m.it[i].next;
    m.it[l].next = r, m.it[r].prev = l;
    m.len[i] += COVERED;
}

static inline void uncover(dance m, int32_t i, int colored) {
    int32_t l = m.it[i].prev, r = m.it[i].next;
    m.it[l].next = i, m.it[r].prev = i;
    m.len[i] -= COVERED;
    for (int32_t p = m.nd[i].up; p != i; p = m.nd[p].up) unhide(m, p, colored);
}

/* Settle secondary item top(p) on p's color: options with another color go,
 * options with the same color stay but are marked so nobody covers it twice. */
static inline void purify(dance m, int32_t p, uint64_t *upd, pusher push) {
    dlx_node *nd = m.nd;
    int32_t c = nd[p].color, i = nd[p].top;
    m.it[i].color = c; /* the header remembers the settled color */
    for (int32_t r = nd[i].down; r != i; r = nd[r].down) {
        if (nd[r].color != c) hide(m, r, 1, upd, push);
        else if (r != p) nd[r].color = -1;
    }
}

static inline void unpurify(dance m, int32_t p) {
    dlx_node *nd = m.nd;
    int32_t c = nd[p].color, i = nd[p].top;
    m.it[i].color = 0;
    for (int32_t r = nd[i].up; r != i; r = nd[r].up) {
        if (nd[r].color < 0) nd[r].color = c;
        else if (r != p) unhide(m, r, 1);
    }
}

/* Take every item of p's option except top(p), which the caller covered. */
static inline void commit_rest(dance m, int32_t p, int colored, uint64_t *upd, pusher push) {
    dlx_node *nd = m.nd;
    for (int32_t q = p + 1; q != p;) {
        int32_t x = nd[q].top;
        if (x <= 0) {
            q = nd[q].up;
        } else {
            if (!colored || nd[q].color == 0) cover(m, x, colored, upd, push);
            else if (nd[q].color > 0) purify(m, q, upd, push);
            q++;
        }
    }
}

static inline void uncommit_rest(dance m, int32_t p, int colored) {
    dlx_node *nd = m.nd;
    for (int32_t q = p - 1; q != p;) {
        int32_t x = nd[q].top;
        if (x <= 0) {
            q = nd[q].down;
        } else {
            if (!colored || nd[q].color == 0) uncover(m, x, colored);
            else if (nd[q].color > 0) unpurify(m, q);
            q--;
        }
    }
}

/* Rule out the option holding node r: unlink all its nodes, r's too. */
static inline void elim(dance m, int32_t r, uint64_t *upd, pusher push) {
    dlx_node *nd = m.nd;
    int32_t u = nd[r].up, dn = nd[r].down, x = nd[r].top;
    nd[u].down = dn, nd[dn].up = u;
    int32_t left = --m.len[x];
    if (push && left <= FEW_MAX) {
        if (left <= 1) *push->one++ = x;
        else *push->few++ = x;
    }
    hide(m, r, 0, upd, push);
}

static inline void unelim(dance m, int32_t r) {
    dlx_node *nd = m.nd;
    unhide(m, r, 0);
    nd[nd[r].up].down = r, nd[nd[r].down].up = r;
    m.len[nd[r].top]++;
}

/* Bring back the options ruled out since the trail was `to` high. */
static inline void unelim_to(dance m, const int32_t *trail, int32_t *n, int32_t to) {
    while (*n > to) unelim(m, trail[--*n]);
}

/* The option holding node p: the spacer after it says. */
static inline int32_t option_of(const dlx_node *nd, int32_t p) {
    while (nd[p].top > 0) p++;
    return -nd[p].top - 1;
}

/* Restarts (dlx_restarts.c): start run d->restarts at node count `nodes`;
 * inference at node l (the search's stacks in push), 1 if options went. */
void dlx_begin_run(dlx_t *d, uint64_t nodes);
/* Room on the trail for every option (no colors), before a search starts. */
void dlx_trail_room(dlx_t *d);
/* Undo the linked search's choices of levels depth-1 .. 0 (and what their
 * inference ruled out). */
void dlx_unwind(dlx_t *d);
int dlx_infer(dlx_t *d, int32_t l, pusher push, uint64_t *upd);

#endif
