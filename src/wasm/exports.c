/* wasm/exports.c: the dk_* exports of the WebAssembly boundary (its C
 * library and memory cap are in heap.c). A small flat API over the C core:
 * integer handles (pointers into linear memory), flat buffers the caller
 * allocates with dk_alloc, numbers as doubles (exact up to 2^53, no BigInt
 * needed), and negative error codes. Details of the last error (message,
 * line and column, cells of a clash) are kept in one record that
 * dk_error() points at. Nothing here calls back into JavaScript.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_text.h"
#include "sudoku.h"
#include "../core/format.h" /* the core's own printf, not a public header */
#include "../core/sudoku_internal.h" /* sudoku_find_clash */
#include "boundary.h"
#include "heap.h"
#include "records.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* The last error, laid out for JS as records.h says: int32 fields, then the message. */
typedef struct {
    int32_t code, row, col, row2, col2, value, line, column, offset, index, start;
    char message[200];
} dk_error_t;
_Static_assert(offsetof(dk_error_t, index) == 4 * DK_ERROR_INDEX, "dk_error_t follows enum dk_error_slot");
_Static_assert(offsetof(dk_error_t, start) == 4 * DK_ERROR_START, "dk_error_t follows enum dk_error_slot");
_Static_assert(offsetof(dk_error_t, message) == 4 * DK_ERROR_MESSAGE, "dk_error_t follows enum dk_error_slot");

static dk_error_t last_error;

/* The error `code` with message `message` followed by `more` (may be ""). */
static int32_t set_error2(int code, const char *message, const char *more) {
    memset(&last_error, 0, sizeof last_error);
    last_error.code = code;
    fmt_snprintf(last_error.message, sizeof last_error.message, "%s%s", message, more);
    return code;
}

static int32_t set_error(int code, const char *message) { return set_error2(code, message, ""); }

/* An engine result: negative codes become the recorded error. */
static int32_t engine_rc(int32_t rc) { return rc < 0 ? set_error(rc, sudoku_strerror(rc)) : rc; }

/* Where the Sudoku functions report an error: one record does, as calls into
 * the module never overlap (and a static one keeps 240 bytes off each frame). */
static sudoku_error_t err;
static sudoku_result_t res;

static int32_t from_sudoku_error(void) {
    set_error(err.code, err.message);
    last_error.row = err.row, last_error.col = err.col;
    last_error.row2 = err.row2, last_error.col2 = err.col2;
    last_error.value = err.value;
    last_error.line = err.line, last_error.column = err.column, last_error.offset = err.offset;
    return err.code;
}

int32_t boundary_sudoku_error(const sudoku_error_t *e) {
    err = *e;
    return from_sudoku_error();
}

int32_t boundary_error(int32_t code) { return engine_rc(code); }

/* A count or budget from JS must be a whole number >= 0: 0 if it is, else
 * the error code, with an error naming it. */
static int32_t check_number(double v, const char *what) {
    if (v >= 0 && v <= 18446744073709549568.0 && v == floor(v)) return 0;
    return set_error2(DLX_EARG, what, " must be a whole number of 0 or more");
}

#define NUMBER_ARG(v, out, what)                                                                   \
    do {                                                                                           \
        int32_t rc_ = check_number(v, what);                                                       \
        if (rc_) return rc_;                                                                       \
        out = (uint64_t)(v);                                                                       \
    } while (0)

/* Cap the linear memory at `bytes` (rounded to 64 KiB pages; 0: no cap
 * beyond wasm32's 4 GiB). Memory already in use stays. */
EXPORT void dk_set_memory_cap(double bytes) {
    heap_set_cap(bytes >= 4294967296.0 || !(bytes > 0) ? 0 : (uintptr_t)bytes);
}

EXPORT dk_error_t *dk_error(void) { return &last_error; }
EXPORT const char *dk_strerror(int32_t code) { return sudoku_strerror(code); }
EXPORT void *dk_alloc(int32_t size) { return size > 0 ? malloc((size_t)size) : NULL; }
EXPORT void dk_free(void *p) { free(p); }

/* ---- Sudoku -------------------------------------------------------------------- */

EXPORT sudoku_t *dk_sudoku_new(int32_t size, int32_t box_rows, int32_t box_cols,
                               int32_t variants, const int32_t *jigsaw, const int32_t *regions,
                               int32_t n_regions) {
    static sudoku_shape_t shape; /* static: see err */
    shape = (sudoku_shape_t){size, box_rows, box_cols, (uint32_t)variants, jigsaw, regions, n_regions};
    sudoku_t *s = sudoku_new(&shape, &err);
    if (!s) from_sudoku_error();
    return s;
}

EXPORT void dk_sudoku_free(sudoku_t *s) { sudoku_free(s); }
EXPORT int32_t dk_sudoku_size(const sudoku_t *s) { return sudoku_size(s); }

EXPORT int32_t dk_sudoku_box(const sudoku_t *s) { /* rows * 256 + cols */
    static int32_t r, c; /* static: see err */
    r = c = 0;
    sudoku_box(s, &r, &c);
    return r * 256 + c;
}

/* A box as text (sudoku.h: the one spelling): rows * 256 + cols (cols 0:
 * the rows alone), or the error code with the error recorded. */
EXPORT int32_t dk_sudoku_parse_box(const char *text, int32_t len) {
    static int32_t r, c; /* static: see err */
    r = c = 0;
    int rc = sudoku_parse_box(text, len > 0 ? (size_t)len : 0, &r, &c, &err);
    return rc ? from_sudoku_error() : r * 256 + c;
}

/* The box of side n from what a shape gives (0, 0: the default; one side:
 * the other): rows * 256 + cols, or SUDOKU_ESIZE with the error recorded. */
EXPORT int32_t dk_sudoku_box_of(int32_t n, int32_t box_rows, int32_t box_cols) {
    static int32_t r, c; /* static: see err */
    r = box_rows, c = box_cols;
    return sudoku_box_of(n, &r, &c, &err) ? from_sudoku_error() : r * 256 + c;
}

/* The pattern-grid shortcut (sudoku_pattern_fill): 1 + the free digits with
 * the grid in solution, 0 when the givens do not fit, or the error code. */
EXPORT int32_t dk_sudoku_pattern(int32_t size, int32_t box_rows, int32_t box_cols, const uint8_t *grid,
                                 uint8_t *solution) {
    static int32_t unnamed; /* static: see err */
    unnamed = 0;
    int rc = sudoku_pattern_fill(size, box_rows, box_cols, grid, solution, &unnamed, &err);
    return rc < 0 ? from_sudoku_error() : rc ? 1 + unnamed : 0;
}

/* Restarts for the searches that follow (sudoku.h: on unless turned off). */
EXPORT void dk_sudoku_set_restarts(sudoku_t *s, int32_t on) { sudoku_set_restarts(s, on); }

/* Solve one grid (the error, if any, in e: the batch passes none, as no
 * message is read there); out: a dk_solve_slot record. */
static int solve_one(sudoku_t *s, const uint8_t *grid, uint64_t limit, uint64_t budget, uint8_t *solution,
                     double *out, sudoku_error_t *e) {
    int rc = sudoku_solve(s, grid, limit, budget, solution, &res, e);
    if (!rc) {
        out[DK_SOLVE_STATUS] = res.status, out[DK_SOLVE_COUNT] = (double)res.count;
        out[DK_SOLVE_NODES] = (double)res.nodes, out[DK_SOLVE_GUESSES] = (double)res.guesses;
    }
    return rc;
}

EXPORT int32_t dk_sudoku_solve(sudoku_t *s, const uint8_t *grid, double limit, double max_nodes,
                               uint8_t *solution, double *out) {
    uint64_t lim, budget;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    return solve_one(s, grid, lim, budget, solution, out, &err) ? from_sudoku_error() : 0;
}

/* solve()'s one crossing for a one-line puzzle (src/js/dlxkit-sudoku-fast.mjs):
 * the n*n bytes of text at `line` turned into values through the line table
 * t (lines.c; value[128], kind[128], then at 256 the mixes of marks the C
 * reader reads as the table does, one byte each, and at 512 the symbols'
 * bytes by value), solved with restarts as `on` says, the record in out and
 * a solution written in its symbols. 1: the table leaves the line to the C
 * reader (nothing solved). A clash: SUDOKU_ECLASH with the two cells and
 * the digit in the error record and no message (JS words it: the sentence
 * and its reading were a third of a clashing call's time). */
EXPORT int32_t dk_sudoku_solve_line(sudoku_t *s, const uint8_t *t, uint8_t *line, int32_t on, double limit,
                                    double max_nodes, uint8_t *solution, double *out) {
    uint64_t lim, budget;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    int32_t n = sudoku_size(s), info[3];
    if (n < 1) return set_error(DLX_EARG, "no solver");
    int32_t n2 = n * n;
    line_table_t lt;
    sudoku_line_table((const int8_t *)t, (const int8_t *)t + 128, &lt);
    if (sudoku_line_values(&lt, line, n2, info) || !info[2] ||
        (info[1] && t[256 + (info[1] & 255)] != 1))
        return 1;
    sudoku_set_restarts(s, on);
    int rc = solve_one(s, line, lim, budget, solution, out, NULL);
    if (rc == SUDOKU_ECLASH) {
        int32_t at[3];
        if (sudoku_find_clash(s, line, at) == 1) {
            memset(&last_error, 0, sizeof last_error);
            last_error.code = SUDOKU_ECLASH;
            last_error.row = at[0] / n + 1, last_error.col = at[0] % n + 1;
            last_error.row2 = at[1] / n + 1, last_error.col2 = at[1] % n + 1;
            last_error.value = line[at[0]];
            return SUDOKU_ECLASH;
        }
    }
    if (rc) return solve_one(s, line, lim, budget, solution, out, &err) ? from_sudoku_error() : 0; /* rare: asked again for the words */
    if (out[DK_SOLVE_COUNT] > 0) sudoku_line_symbols(t + 512, info[0] ? (uint8_t)info[0] : '.', solution, n2, n); /* '.': as the C printer would */
    return 0;
}

/* solveMany's one crossing for one-line puzzles (src/js/dlxkit-sudoku-fast.mjs):
 * `count` lines of n*n bytes turned into values through the line table t
 * (as dk_sudoku_solve_line: all of them before any is solved), then each
 * solved into its record (a negative status: the solver refused it, a clash
 * say) and, when it has a solution, that written in its symbols (its first
 * mark, else '.', for an empty cell); an answer without one is n*n bytes of
 * '.' (so the answers read as one text). Returns 0, k + 1 when the table
 * leaves line k to the C reader (nothing solved), or a negative error. */
EXPORT int32_t dk_sudoku_solve_lines(sudoku_t *s, const uint8_t *t, uint8_t *lines, int32_t count, double limit,
                                     double max_nodes, uint8_t *solutions, double *out) {
    uint64_t lim, budget;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    int32_t n = sudoku_size(s), info[3];
    if (n < 1 || n > 64 || count < 0) return set_error(DLX_EARG, "no solver, a size past 64, or a negative count");
    size_t n2 = (size_t)n * (size_t)n;
    line_table_t lt;
    sudoku_line_table((const int8_t *)t, (const int8_t *)t + 128, &lt);
    for (int32_t k = 0; k < count; k++) {
        if (sudoku_line_values(&lt, lines + k * n2, (int32_t)n2, info) ||
            !info[2] || (info[1] && t[256 + (info[1] & 255)] != 1))
            return k + 1;
        out[DK_SOLVE_LENGTH * (size_t)k + DK_SOLVE_GUESSES] = info[0]; /* its mark, until it is solved */
    }
    for (int32_t k = 0; k < count; k++) {
        double *o = out + DK_SOLVE_LENGTH * (size_t)k;
        uint8_t mark = o[DK_SOLVE_GUESSES] ? (uint8_t)o[DK_SOLVE_GUESSES] : '.';
        uint8_t *solution = solutions + k * n2;
        memset(o, 0, DK_SOLVE_LENGTH * sizeof *o);
        int rc = solve_one(s, lines + k * n2, lim, budget, solution, o, NULL);
        if (rc) o[DK_SOLVE_STATUS] = rc;
        if (!rc && o[DK_SOLVE_COUNT] > 0) sudoku_line_symbols(t + 512, mark, solution, (int32_t)n2, n);
        else memset(solution, '.', n2);
    }
    return 0;
}

/* A solve in steps (sudoku_begin, sudoku_step, sudoku_end): out is a
 * dk_solve_slot record, whose count goes from one step to the next.
 * Returns 1 when the search has ended, 0 at the mark `until`. */
EXPORT int32_t dk_sudoku_begin(sudoku_t *s, const uint8_t *grid) {
    return sudoku_begin(s, grid, &err) ? from_sudoku_error() : 0;
}

EXPORT int32_t dk_sudoku_step(sudoku_t *s, double limit, double until, uint8_t *solution, double *out) {
    uint64_t lim, mark;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(until, mark, "maxNodes");
    memset(&res, 0, sizeof res);
    res.count = (uint64_t)out[DK_SOLVE_COUNT];
    int rc = sudoku_step(s, lim, mark, solution, &res);
    if (rc < 0) return engine_rc(rc);
    out[DK_SOLVE_STATUS] = res.status, out[DK_SOLVE_COUNT] = (double)res.count;
    out[DK_SOLVE_NODES] = (double)res.nodes, out[DK_SOLVE_GUESSES] = (double)res.guesses;
    return rc;
}

EXPORT void dk_sudoku_end(sudoku_t *s) { sudoku_end(s); }

/* Many puzzles in one call: grids and solutions are count * N*N bytes; out
 * holds a dk_solve_slot record per puzzle (status or a negative error code,
 * count, nodes, guesses). A refused puzzle's message is not made here: JS
 * asks about it alone when its error is read (a clash costs a scan, not a
 * sentence). */
EXPORT int32_t dk_sudoku_solve_many(sudoku_t *s, const uint8_t *grids, int32_t count,
                                    double limit, double max_nodes, uint8_t *solutions,
                                    double *out) {
    uint64_t lim, budget;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    if (!s || count < 0) return set_error(DLX_EARG, "no solver, or a negative count");
    size_t cells = (size_t)sudoku_size(s) * (size_t)sudoku_size(s);
    int32_t failed = 0;
    for (int32_t k = 0; k < count; k++) {
        double *o = out + DK_SOLVE_LENGTH * (size_t)k;
        memset(o, 0, DK_SOLVE_LENGTH * sizeof *o);
        int rc = solve_one(s, grids + k * cells, lim, budget, solutions + k * cells, o, NULL);
        if (rc) o[DK_SOLVE_STATUS] = rc, failed++;
    }
    return failed;
}

/* Candidate masks: 64 bits per cell, which JS reads as pairs of 32-bit words
 * (low, then high: the little-endian layout). */
EXPORT int32_t dk_sudoku_candidates(sudoku_t *s, const uint8_t *grid, uint64_t *out) {
    if (sudoku_size(s) < 0) return set_error(DLX_EARG, "no solver");
    return sudoku_candidates(s, grid, out, &err) ? from_sudoku_error() : 0;
}

/* The generator's options from the caller's numbers, checked (both generate exports). */
static sudoku_generate_opts_t gen_opts; /* static: see err */
static int32_t generate_opts(double seed, int32_t minimal, int32_t symmetric, int32_t target_clues, double max_nodes) {
    uint64_t sd, budget;
    NUMBER_ARG(seed, sd, "seed");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    if (target_clues < 0) return set_error(DLX_EARG, "clues must be 0 or more");
    gen_opts = (sudoku_generate_opts_t){sd, minimal, symmetric, target_clues, budget};
    return 0;
}

EXPORT int32_t dk_sudoku_generate(sudoku_t *s, double seed, int32_t minimal, int32_t symmetric,
                                  int32_t target_clues, double max_nodes, uint8_t *puzzle,
                                  uint8_t *solution) {
    int32_t rc = generate_opts(seed, minimal, symmetric, target_clues, max_nodes);
    if (rc) return rc;
    return sudoku_generate(s, &gen_opts, puzzle, solution, &err) ? from_sudoku_error() : 0;
}

/* sudoku_generate's clue removal from a full grid given (a map's, below). */
EXPORT int32_t dk_sudoku_generate_from(sudoku_t *s, double seed, int32_t minimal, int32_t symmetric,
                                       int32_t target_clues, double max_nodes, const uint8_t *solution,
                                       uint8_t *puzzle) {
    int32_t rc = generate_opts(seed, minimal, symmetric, target_clues, max_nodes);
    if (rc) return rc;
    return sudoku_generate_from(s, &gen_opts, solution, puzzle, &err) ? from_sudoku_error() : 0;
}

/* A jigsaw map (N*N int32) made for s's boxes, and a grid (N*N bytes) that fits it. */
EXPORT int32_t dk_sudoku_make_jigsaw(sudoku_t *s, double seed, double max_nodes, int32_t *map, uint8_t *grid) {
    uint64_t sd, budget;
    NUMBER_ARG(seed, sd, "seed");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    return sudoku_make_jigsaw(s, sd, budget, map, grid, &err) ? from_sudoku_error() : 0;
}

/* out: a dk_rate_slot record. */
EXPORT int32_t dk_sudoku_rate(sudoku_t *s, const uint8_t *grid, double *out) {
    static sudoku_rating_t r; /* static: see err */
    int rc = sudoku_rate(s, grid, &r, &err);
    if (rc) return from_sudoku_error();
    out[DK_RATE_LEVEL] = r.level, out[DK_RATE_SCORE] = r.score, out[DK_RATE_NODES] = (double)r.nodes;
    out[DK_RATE_GUESSES] = (double)r.guesses, out[DK_RATE_STATUS] = r.status;
    return 0;
}

EXPORT const char *dk_sudoku_level_name(int32_t level) { return sudoku_level_name(level); }

/* ---- puzzle text --------------------------------------------------------------- */

/* Parse one puzzle; returns a handle (free with dk_text_free) or 0 with the
 * error recorded. A handle with size 0 means no puzzle was left. */
EXPORT sudoku_text_t *dk_text_parse(const char *text, int32_t len, int32_t size,
                                    const char *alphabet) {
    sudoku_text_t *t = malloc(sizeof *t);
    if (!t) return (void)set_error(DLX_ENOMEM, "out of memory"), NULL;
    static sudoku_text_opts_t opts; /* static: see err */
    opts = (sudoku_text_opts_t){size, alphabet};
    if (sudoku_parse(text, (size_t)len, &opts, t, &err)) {
        from_sudoku_error();
        last_error.index = (int32_t)t->consumed; /* where the next puzzle may start */
        last_error.start = (int32_t)t->start;    /* where the bad puzzle began */
        sudoku_text_release(t);
        free(t);
        return NULL;
    }
    return t;
}

EXPORT void dk_text_free(sudoku_text_t *t) {
    if (!t) return;
    sudoku_text_release(t);
    free(t);
}

/* Fields JS reads: size, style, consumed, start, and the cells. */
EXPORT int32_t dk_text_size(const sudoku_text_t *t) { return t->size; }
EXPORT int32_t dk_text_style(const sudoku_text_t *t) { return t->style; }
EXPORT int32_t dk_text_consumed(const sudoku_text_t *t) { return (int32_t)t->consumed; }
EXPORT int32_t dk_text_start(const sudoku_text_t *t) { return (int32_t)t->start; }
EXPORT const uint8_t *dk_text_cells(const sudoku_text_t *t) { return t->cells; }

/* Print values like `like` (may be 0) in a style; returns the length needed. */
EXPORT int32_t dk_text_format(const sudoku_text_t *like, int32_t size, const uint8_t *values,
                              int32_t style, char *buf, int32_t cap) {
    int64_t n = sudoku_format(like, size, values, (sudoku_style)style, buf, (size_t)cap);
    return n > INT32_MAX ? set_error(DLX_ETOOBIG, "output too long") : engine_rc((int32_t)n);
}

/* ---- exact cover ----------------------------------------------------------------- */

EXPORT dk_problem_t *dk_problem_new(int32_t primary, int32_t secondary) {
    dk_problem_t *p = calloc(1, sizeof *p);
    if (p) p->dlx = dlx_new(primary, secondary);
    if (!p || !p->dlx) {
        free(p);
        set_error(primary < 0 || secondary < 0 ? DLX_EARG : DLX_ENOMEM,
                  primary < 0 || secondary < 0 ? "item counts must be 0 or more" : "out of memory");
        return NULL;
    }
    return p;
}

EXPORT dk_problem_t *dk_problem_parse(const char *text, int32_t len) {
    static dlx_text_error_t text_err; /* static: see err */
    dlx_text_t *t = dlx_text_parse(text, (size_t)len, &text_err);
    if (!t) {
        set_error(text_err.code, text_err.message);
        last_error.line = text_err.line, last_error.column = text_err.column;
        return NULL;
    }
    dk_problem_t *p = calloc(1, sizeof *p);
    if (!p) {
        dlx_text_free(t);
        return (void)set_error(DLX_ENOMEM, "out of memory"), NULL;
    }
    p->text = t;
    p->dlx = dlx_text_engine(t);
    return p;
}

EXPORT void dk_problem_free(dk_problem_t *p) {
    if (!p) return;
    if (p->text) dlx_text_free(p->text);
    else dlx_free(p->dlx);
    free(p);
}

/* Options in one flat int32 buffer: for each, its length n, n items, n colors.
 * Returns the number added; on an error, which option failed is in
 * dk_error()->index and the options before it stay added. */
EXPORT int32_t dk_problem_add_options(dk_problem_t *p, const int32_t *data, int32_t count) {
    if (!p || count < 0) return set_error(DLX_EARG, "no problem, or a negative count");
    const int32_t *at = data;
    for (int32_t k = 0; k < count; k++) {
        int32_t n = *at++;
        int32_t rc = dlx_add_option(p->dlx, at, at + (n > 0 ? n : 0), n);
        if (rc < 0) {
            engine_rc(rc);
            last_error.index = k;
            return rc;
        }
        at += 2 * (size_t)(n > 0 ? n : 0);
    }
    return count;
}

/* Multiplicity bounds of primary item i (dlx_set_bounds). */
EXPORT int32_t dk_problem_set_bounds(dk_problem_t *p, int32_t i, int32_t lo, int32_t hi) {
    return engine_rc(dlx_set_bounds(p->dlx, i, lo, hi));
}

/* Option k's cost (dlx_set_cost): a whole number below 2^53 from JS. */
EXPORT int32_t dk_problem_set_cost(dk_problem_t *p, int32_t k, double cost) {
    uint64_t c;
    NUMBER_ARG(cost, c, "cost");
    return engine_rc(dlx_set_cost(p->dlx, k, (int64_t)c));
}

/* Option k's cost into *out (64 bits: a DLX text's cost may pass 2^53). */
EXPORT int32_t dk_problem_option_cost(const dk_problem_t *p, int32_t k, uint64_t *out) {
    int64_t c = dlx_option_cost(p->dlx, k);
    if (c < 0) return engine_rc((int32_t)c);
    *out = (uint64_t)c;
    return 0;
}

/* The search for the k cheapest solutions (dlx_set_best; 0: every solution). */
EXPORT int32_t dk_problem_set_best(dk_problem_t *p, int32_t k) { return engine_rc(dlx_set_best(p->dlx, k)); }

/* The cost of the solution the search is at, into *out. */
EXPORT int32_t dk_problem_solution_cost(const dk_problem_t *p, uint64_t *out) {
    int64_t c = 0;
    int rc = dlx_solution_cost(p->dlx, &c);
    *out = (uint64_t)c;
    return engine_rc(rc);
}

EXPORT int32_t dk_problem_best_count(const dk_problem_t *p) { return dlx_best_count(p->dlx); }

/* The j-th cheapest kept: its options (at most cap) and its cost into *cost;
 * returns the number of options. */
EXPORT int32_t dk_problem_best_solution(const dk_problem_t *p, int32_t j, int32_t *out, int32_t cap, uint64_t *cost) {
    int64_t c = 0;
    int32_t n = dlx_best_solution(p->dlx, j, out, cap, &c);
    *cost = (uint64_t)c;
    return engine_rc(n);
}

/* Primary item i preferred for branching (dlx_set_preferred; `#` names). */
EXPORT int32_t dk_problem_set_preferred(dk_problem_t *p, int32_t i) {
    return engine_rc(dlx_set_preferred(p->dlx, i, 1));
}

/* out: a dk_shape_slot record (color names are known only from text). */
EXPORT void dk_problem_shape(const dk_problem_t *p, int32_t *out) {
    out[DK_SHAPE_PRIMARY] = dlx_primary_count(p->dlx), out[DK_SHAPE_ITEMS] = dlx_item_count(p->dlx);
    out[DK_SHAPE_OPTIONS] = dlx_option_count(p->dlx), out[DK_SHAPE_FORCED] = dlx_forced_count(p->dlx);
    out[DK_SHAPE_COLORS] = p->text ? dlx_text_color_count(p->text) : 0;
}

EXPORT const char *dk_problem_item_name(const dk_problem_t *p, int32_t i) {
    return p->text ? dlx_text_item_name(p->text, i) : NULL;
}

EXPORT const char *dk_problem_color_name(const dk_problem_t *p, int32_t c) {
    return p->text ? dlx_text_color_name(p->text, c) : NULL;
}

EXPORT int32_t dk_problem_option_items(const dk_problem_t *p, int32_t k, int32_t *items,
                                       int32_t *colors, int32_t cap) {
    return engine_rc(dlx_option_items(p->dlx, k, items, colors, cap));
}

EXPORT int32_t dk_problem_search(dk_problem_t *p, double max_nodes) {
    uint64_t budget;
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    return engine_rc(dlx_search(p->dlx, budget));
}

EXPORT int32_t dk_problem_search_until(dk_problem_t *p, double node_limit) {
    uint64_t limit;
    NUMBER_ARG(node_limit, limit, "maxNodes");
    return engine_rc(dlx_search_until(p->dlx, limit)); /* DLX_ECOST: the cheapest with bounds */
}

EXPORT int32_t dk_problem_solution(const dk_problem_t *p, int32_t *out, int32_t cap) {
    return engine_rc(dlx_solution(p->dlx, out, cap));
}

/* out: a dk_count_slot record, the count's two 64-bit words (a double would
 * round it past 2^53). Returns DLX_DONE, DLX_LIMIT or DLX_BUDGET. */
EXPORT int32_t dk_problem_count(dk_problem_t *p, double limit, double max_nodes, uint64_t *out) {
    static dlx_wide_t count; /* static: see err */
    uint64_t lim, budget;
    NUMBER_ARG(limit, lim, "limit");
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    count.lo = count.hi = 0;
    int rc = dlx_count_wide(p->dlx, lim, budget, &count);
    out[DK_COUNT_LO] = count.lo, out[DK_COUNT_HI] = count.hi;
    return rc;
}

/* A memoized count stopped by its budget, on for max_nodes more nodes
 * (dlx_count_resume: the worker's slices); out as dk_problem_count's. */
EXPORT int32_t dk_problem_count_resume(dk_problem_t *p, double max_nodes, uint64_t *out) {
    static dlx_wide_t count; /* static: see err */
    uint64_t budget;
    NUMBER_ARG(max_nodes, budget, "maxNodes");
    count.lo = count.hi = 0;
    int rc = dlx_count_resume(p->dlx, budget, &count);
    out[DK_COUNT_LO] = count.lo, out[DK_COUNT_HI] = count.hi;
    return engine_rc(rc);
}

/* How counts search (dlx_set_memo): mode a DLX_MEMO_*, the cache's bytes
 * (0: DLX_MEMO_DEFAULT_BYTES) and at most a quarter of the memory cap (of
 * wasm32's 4 GiB without one), so that its growth by doubling leaves room
 * for the rest; the memory running out before that only stops its growth. */
EXPORT int32_t dk_problem_set_memo(dk_problem_t *p, int32_t mode, double bytes) {
    uint64_t b;
    NUMBER_ARG(bytes, b, "memoBytes");
    uint64_t quarter = (heap_cap() ? (uint64_t)heap_cap() : (uint64_t)1 << 32) / 4;
    if (!b) b = DLX_MEMO_DEFAULT_BYTES;
    if (b > quarter) b = quarter;
    return engine_rc(dlx_set_memo(p->dlx, mode, b));
}

/* For tests only (dlx_debug_count_from): counts start at from[DK_COUNT_LO] + from[DK_COUNT_HI] * 2^64. */
EXPORT void dk_problem_debug_count_from(dk_problem_t *p, const uint64_t *from) {
    dlx_debug_count_from(p->dlx, (dlx_wide_t){ .lo = from[DK_COUNT_LO], .hi = from[DK_COUNT_HI] });
}

/* out: a dk_stats_slot record. */
EXPORT void dk_problem_stats(const dk_problem_t *p, double *out) {
    static dlx_stats_t st; /* static: see err */
    static dlx_wide_t found;
    dlx_stats(p->dlx, &st);
    out[DK_STATS_NODES] = (double)st.nodes, out[DK_STATS_UPDATES] = (double)st.updates;
    found = dlx_stats_solutions(p->dlx); /* exact at any size: JS reads a number or, past 2^53 - 1, a bigint */
    memcpy(&out[DK_STATS_SOLUTIONS_LO], &found.lo, 8), memcpy(&out[DK_STATS_SOLUTIONS_HI], &found.hi, 8);
    out[DK_STATS_PROGRESS] = st.progress;
    out[DK_STATS_LEVEL] = st.level, out[DK_STATS_MAX_LEVEL] = st.max_level;
    out[DK_STATS_GUESSES] = (double)st.guesses, out[DK_STATS_RESTARTS] = (double)st.restarts;
}

EXPORT void dk_problem_restart(dk_problem_t *p) { dlx_restart(p->dlx); }

EXPORT int32_t dk_problem_set_seed(dk_problem_t *p, double seed) {
    uint64_t sd;
    NUMBER_ARG(seed, sd, "seed");
    dlx_set_seed(p->dlx, sd);
    return 0;
}

EXPORT void dk_problem_set_restarts(dk_problem_t *p, int32_t on) { dlx_set_restarts(p->dlx, on); }

EXPORT int32_t dk_problem_force(dk_problem_t *p, int32_t k) {
    int rc = dlx_force(p->dlx, k);
    engine_rc(rc);
    if (rc == DLX_ECONFLICT) dlx_conflict(p->dlx, &last_error.index, &last_error.value);
    return rc;
}

EXPORT int32_t dk_problem_unforce(dk_problem_t *p) {
    return engine_rc(dlx_unforce(p->dlx));
}

/* Leave option k out of every solution, or take back the last one left out
 * (dlx_exclude: problems with bounds only, a split's parts). */
EXPORT int32_t dk_problem_exclude(dk_problem_t *p, int32_t k) { return engine_rc(dlx_exclude(p->dlx, k)); }
EXPORT int32_t dk_problem_unexclude(dk_problem_t *p) { return engine_rc(dlx_unexclude(p->dlx)); }

/* How many more options item i needs (dlx_item_need: 0 or more), or an error. */
EXPORT int32_t dk_problem_item_need(dk_problem_t *p, int32_t i) { return engine_rc(dlx_item_need(p->dlx, i)); }

/* 1 when some primary item has bounds other than 1:1 (Algorithm M's splits leave options out). */
EXPORT int32_t dk_problem_bounded(const dk_problem_t *p) {
    for (int32_t i = 0, lo, hi; i < dlx_primary_count(p->dlx); i++)
        if (dlx_bounds(p->dlx, i, &lo, &hi) == DLX_OK && (lo != 1 || hi != 1)) return 1;
    return 0;
}

EXPORT int32_t dk_problem_item_options(dk_problem_t *p, int32_t i, int32_t *out, int32_t cap) {
    return engine_rc(dlx_item_options(p->dlx, i, out, cap));
}

/* The item the search would branch on first (after forced options), for
 * splitting a search into shards; -1 if no primary item is left. */
EXPORT int32_t dk_problem_branch_item(dk_problem_t *p) {
    int32_t item = dlx_branch_item(p->dlx);
    return item < -1 ? engine_rc(item) : item; /* -1: no item left */
}

EXPORT int32_t dk_problem_format_option(const dk_problem_t *p, int32_t k, char *buf, int32_t cap) {
    if (!p->text) return set_error(DLX_EARG, "options have names only in a problem read from text");
    int64_t n = dlx_text_format_option(p->text, k, buf, (size_t)cap);
    return engine_rc((int32_t)n); /* the full length, or an error */
}

/* The memo nodes DLX_MEMO_AUTO gives a count of p within a budget of
 * max_nodes (0: none), as the engine's rule decides it (dlx_memo_share): the
 * worker's memo rounds follow it. */
EXPORT double dk_problem_memo_share(dk_problem_t *p, double max_nodes) {
    return dlx_memo_share(p->dlx, (uint64_t)max_nodes);
}

/* Knuth's estimate of the search below the forced options (dlx_estimate),
 * for balanced shards. out: [estimated nodes, nodes the probes met]. */
EXPORT int32_t dk_problem_estimate(dk_problem_t *p, double seed, int32_t probes, double *out) {
    uint64_t s, steps = 0;
    NUMBER_ARG(seed, s, "seed");
    if (probes < 1) return set_error(DLX_EARG, "probes must be 1 or more");
    int rc = dlx_estimate(p->dlx, s, probes, out, &steps);
    out[1] = (double)steps;
    return engine_rc(rc);
}
