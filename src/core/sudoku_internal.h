/* sudoku_internal.h: the solver handle, shared by sudoku.c (shape, givens),
 * sudoku_solve.c and sudoku_steps.c (solving), search_choice.c (which
 * solver) and sudoku_generate.c (generate, rate). Not part of the public
 * API. */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include "sudoku.h"
#include "sudoku9.h"
#include "xc_array.h"

#include <stdarg.h>

struct sudoku {
    int32_t n, box_rows, box_cols;
    int32_t n_regions;       /* rows + cols + boxes + extra regions */
    int32_t *region_first;   /* per cell: index into region_list (CSR), n*n+1 entries */
    int32_t *region_list;    /* the regions holding each cell */
    int jigsaw;              /* the boxes were replaced by a jigsaw map */
    uint32_t variants;       /* SUDOKU_X | SUDOKU_WINDOKU */
    int32_t extra;           /* the caller's extra regions */
    dlx_t *dlx;              /* option cell*n + (digit-1); NULL until sudoku_linked() */
    xc_array_t *masks;       /* the same matrix on bit masks, for solving (n <= MASKS_MAX_SIZE) */
    sudoku9_t *nine;         /* the plain 9x9 (3x3 boxes, no other regions): its own solver */
    int32_t *options;        /* scratch for dlx_solution: n*n entries */
    int restarts;            /* sudoku_set_restarts: the linked engine's restarts on */
    uint64_t learn_after;    /* a solve with restarts hands over to clause learning after this many
                              * linked nodes without a solution (0: never; SUDOKU_LEARN_AFTER) */
};

/* Measured on random-hole 25x25 to 49x49 grids (docs/notes/CDCL.md): the linked
 * engine finds most 25x25 in fewer nodes, clause learning solves the
 * heavy tails (49x49: 24 of 24 in 10 s against 11, median 0.5 s). */
#define SUDOKU_LEARN_AFTER 2000

/* Option and cell arithmetic. */
static inline int32_t sudoku_option(const sudoku_t *s, int32_t cell, int32_t digit) {
    return cell * s->n + digit - 1;
}

/* Up to this side, solving uses the bit-mask engine (src/core/xc_array.c): an
 * item of Sudoku has N options, and its masks hold 16. */
#define MASKS_MAX_SIZE 16

/* Which solver runs, and how: search_choice.c's rules, the one place where
 * they are chosen. The solvers share sudoku_solve's contract (the grid in,
 * up to limit solutions, a node budget; counts, nodes, guesses and the
 * status out) and report a clash of givens by leaving it to the links,
 * which name it. */
enum { SUDOKU_ON_NINE, SUDOKU_ON_MASKS, SUDOKU_ON_LINKS };
typedef struct {
    int on;            /* SUDOKU_ON_* */
    uint64_t patience; /* the masks: nodes before the links' restarts take over a search
                        * without a solution yet (0: never) */
} sudoku_plan;
/* The shapes that get the 9x9 solver and the bit masks (sudoku_new). */
int sudoku_gets_nine(const sudoku_t *s);
int sudoku_gets_masks(const sudoku_t *s);
/* The solver sudoku_solve runs (sudoku_solve.c). */
sudoku_plan sudoku_plan_solve(const sudoku_t *s);
/* The generator's fill on the links: the restarts' Luby unit (0: restarts
 * off), the node count at which clause learning takes over (0: never),
 * the fill's own node budget (0: none). */
typedef struct {
    uint64_t restart_unit, learn_at, budget;
} sudoku_fill_plan;
sudoku_fill_plan sudoku_plan_fill(const sudoku_t *s);
/* Whether the generator proves uniqueness on the links with its clues kept
 * forced (else by sudoku_solve): `units` to try, `minimal` asked for. */
int sudoku_proofs_on_stack(int32_t units, int minimal);

/* Build the linked engine's matrix (s->dlx) if it is not built yet: 0 or DLX_ENOMEM. */
int sudoku_linked(sudoku_t *s);

/* Force the givens (the linked matrix built first); on a clash fill *err and leave nothing forced. */
int sudoku_force_givens(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);
/* The clash of givens the links would name, found by a scan: 1 with at[] =
 * {the clashing given's cell, the earlier given's, their region}, 0 if none,
 * DLX_ENOMEM. sudoku_name_clash words it into *err (0: none). */
int sudoku_find_clash(const sudoku_t *s, const uint8_t *grid, int32_t at[3]);
int sudoku_name_clash(const sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);

/* Search the forced matrix (sudoku_steps.c): up to limit solutions, first
 * one into solution. 0, or an error code (out of memory; *res then says
 * stopped). */
int sudoku_search(sudoku_t *s, uint64_t limit, uint64_t max_nodes, uint8_t *solution,
                   sudoku_result_t *res);

/* Clause learning for the search about to start on a linked engine d
 * (s->dlx, or a puzzle's matrix of blanks; search_choice.c): on (after
 * s->learn_after nodes) for solves, off again after them, so that the
 * generator's fills (sudoku_search) keep their own searches. */
void sudoku_set_learning(const sudoku_t *s, dlx_t *d, int on);

/* One puzzle's matrix of its blanks' candidates alone (sudoku_blanks.c):
 * the full matrix with the givens forced, without building or forcing
 * that. Option k is the full matrix's option full[k]. */
typedef struct {
    dlx_t *d;
    int32_t *full;
} sudoku_blanks;
/* Build it for grid: 0, or an error with *err (a bad value, a clash named
 * as sudoku_force_givens names it, out of memory); sudoku_blanks_free
 * after either. */
int sudoku_blanks_build(const sudoku_t *s, const uint8_t *grid, sudoku_blanks *b, sudoku_error_t *err);
void sudoku_blanks_free(sudoku_blanks *b);

/* The givens' values in 1..n (0: blank): 0, or SUDOKU_EVALUE with *err. */
int sudoku_check_values(const sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);

/* sudoku_solve on the linked engine alone (sudoku_steps.c; the tests
 * compare the two). */
int sudoku_solve_linked(sudoku_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                        uint8_t *solution, sudoku_result_t *res, sudoku_error_t *err);

/* The classic pattern's digit (0..n-1) at row r, column c for boxes br x bc:
 * every row, column and box holds each digit once (sudoku_pattern.c shuffles
 * it, sudoku_jigfill.c fits it to a map). */
int32_t sudoku_pattern_digit(int32_t n, int32_t br, int32_t bc, int32_t r, int32_t c);

/* A complete grid at once, shuffled by the seed (sudoku_pattern.c): plain
 * boxes (`same`: every band and stack shuffled alike), boxes and windoku
 * windows, boxes and both diagonals. */
void sudoku_pattern_grid(const sudoku_t *s, uint64_t seed, int same, uint8_t *grid);
void sudoku_windoku_grid(const sudoku_t *s, uint64_t seed, uint8_t *grid);
void sudoku_x_grid(const sudoku_t *s, uint64_t seed, uint8_t *grid);
/* X + windoku, square boxes: 0 with the grid, 1 when no cover turned up
 * within its tries or *left (nodes, paid from it), or DLX_ENOMEM. */
int sudoku_x_windoku_grid(const sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid);

/* A caller's jigsaw map (no other regions, boxes of 2 rows and columns at
 * least) filled from a pattern grid fitted to it, the pieces it leaves wrong
 * completed by the search (sudoku_jigfill.c): 0 with the grid, 1 when its
 * tries end without one (the search fill then runs), or DLX_ENOMEM. Nodes
 * paid from *left. */
int sudoku_jigsaw_fill(sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid);

/* The generator's full grid of the shape (sudoku_generate.c): built at once
 * where a built grid fits, else searched; nodes paid from *left. 0 or an
 * error with *err. */
int sudoku_random_grid(sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid, sudoku_error_t *err);

/* The one error setter: fill *err with code and a formatted message (its
 * place, row and column cleared). Returns code. sudoku_fail_at keeps the
 * place already recorded (the text reader's errors). */
int sudoku_fail_at(sudoku_error_t *err, int code, const char *fmt, va_list ap);
int sudoku_fail(sudoku_error_t *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
