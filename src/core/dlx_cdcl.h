/* dlx_cdcl.h: conflict-driven clause learning over exact cover (issue 15).
 *
 * Variables are options. Each primary item is an implicit exactly-one
 * constraint and each secondary item an at-most-one, propagated on the
 * items themselves, never expanded into clauses: an option set true sets
 * the other options of its items false (reason: that option); a primary
 * item left with one option not false sets it true (reason: the item);
 * none left, or two true, is a conflict. Only learned clauses are stored
 * (two watched literals). Search: first-UIP learning with recursive
 * minimisation, backjumping, VSIDS on options (the variables of the learned
 * literals' reasons bumped too) with saved and target phases, rephasing
 * (best, first, best, inverted, at growing intervals), Luby restarts,
 * clause database reduction by LBD. Uncolored problems only.
 *
 * Counting stays exact: after a solution, cdcl_block() adds the clause
 * that rules out exactly that solution (the negated decisions), so the
 * search finds each solution once and ends UNSAT when none is left.
 * A node is a decision (so a budget stops exactly at one; conflicts between
 * decisions are bounded by the levels). Everything is seeded: the same
 * seed, the same search. Out of memory returns DLX_ENOMEM with the
 * search back at level 0 and usable. */
#ifndef DLX_CDCL_H
#define DLX_CDCL_H

#include <stdint.h>

typedef struct cdcl cdcl_t;

enum { CDCL_SAT = 1, CDCL_UNSAT = 2, CDCL_BUDGET = 3 };

/* Tunables, for the harness (bench/hard_cdcl.c); cdcl_new sets defaults. */
typedef struct cdcl_params {
    int32_t restart_unit;  /* conflicts per Luby unit (0: glucose restarts) */
    int32_t reduce_first;  /* conflicts before the first reduction */
    int32_t reduce_inc;    /* added to the interval after each one */
    int32_t phase_true;    /* first phase of a decision: 1 true, 0 false */
    int32_t save_phase;    /* later decisions take the variable's last value */
    int32_t minimise;      /* recursive minimisation of learned clauses */
    double decay;          /* VSIDS activity decay */
    int32_t target;        /* 1: decide on the phases of the longest trail without conflict; 2: reset at restarts */
    int32_t rephase;       /* conflicts between rephasings (k-th after k+1 times that; 0: never) */
    double margin;         /* restart_unit 0: glucose restarts when recent LBD > margin x the long average */
    int32_t bump_reason;   /* also bump the variables of the learned literals' reasons */
} cdcl_params;

typedef struct cdcl_stats {
    uint64_t nodes, conflicts, decisions, propagations, restarts, learned, solutions, rephases;
} cdcl_stats;

/* Option k covers items[start[k] .. start[k+1]-1] (0-based items; those
 * below n_primary are primary). The arrays are copied. NULL when memory
 * runs out. Options without a primary item are set false (exact cover
 * never chooses them). */
cdcl_t *cdcl_new(int32_t n_items, int32_t n_primary, int32_t n_options, const int32_t *start,
                 const int32_t *items, uint64_t seed);
void cdcl_free(cdcl_t *c);
cdcl_params *cdcl_params_of(cdcl_t *c);
/* Option k in every solution (a given), before the first solve. Returns
 * 0, or CDCL_UNSAT when it clashes. */
int cdcl_fix(cdcl_t *c, int32_t k);
/* Search until a solution (CDCL_SAT), none left (CDCL_UNSAT), or a decision
 * past node_limit nodes (CDCL_BUDGET; UINT64_MAX: no limit); resumable. Or
 * DLX_ENOMEM. */
int cdcl_solve(cdcl_t *c, uint64_t node_limit);
/* After CDCL_SAT: whether option k is in the solution. */
int cdcl_chosen(const cdcl_t *c, int32_t k);
/* After CDCL_SAT: rule out that solution, so that the next solve finds
 * another. Returns 0, or DLX_ENOMEM (the solution stays, call again). */
int cdcl_block(cdcl_t *c);
void cdcl_get_stats(const cdcl_t *c, cdcl_stats *s);

#endif
