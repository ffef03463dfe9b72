/* wasm/typst_steps.c: the Typst plugin's `steps(puzzle, options)`, the
 * explainer (sudoku_explain_*, docs/sudoku-logic.md) for drawing a step.
 * The answer is JSON: the board (typst.h's put_board_json), then the steps
 * from number `from` (1-based; default 1), `limit` of them (0: all), each
 * with its technique, rating, sentence, placements and eliminations as
 * [row, col, digit], the pattern's cells as [row, col], its houses as lists
 * of cells, and with candidates=yes the grid and the candidates before it
 * (what a drawing of the step shows). "done" says whether the grid is full
 * after the last step given, "count" how many steps were taken. */
#include <stdlib.h>
#include <string.h>

#include "../core/format.h"
#include "../core/sudoku_logic.h" /* the house cells, to draw a step's houses */
#include "sudoku.h"
#include "typst.h"

static void put_cell(out_t *out, int32_t cell, int32_t n) {
    put(out, "["), put_u64(out, (uint64_t)(cell / n)), put(out, ","), put_u64(out, (uint64_t)(cell % n));
}

static void put_moves(out_t *out, const sudoku_move_t *m, int32_t k, int32_t n) {
    put(out, "[");
    for (int32_t i = 0; i < k; i++) {
        put(out, i ? "," : ""), put_cell(out, m[i].cell, n);
        put(out, ","), put_u64(out, (uint64_t)m[i].digit), put(out, "]");
    }
    put(out, "]");
}

static void put_cells(out_t *out, const int32_t *cells, int32_t k, int32_t n) {
    put(out, "[");
    for (int32_t i = 0; i < k; i++) put(out, i ? "," : ""), put_cell(out, cells[i], n), put(out, "]");
    put(out, "]");
}

/* The grid and the candidates before a step (read before it was applied): placed cells have []. */
static void put_state(out_t *out, const sudoku_explain_t *e, const uint8_t *values, const uint64_t *masks) {
    put(out, ",\"values\":"), put_values(out, values, e->cells);
    put(out, ",\"candidates\":[");
    for (int32_t i = 0; i < e->cells; i++) put(out, i ? "," : ""), put_digits(out, values[i] ? 0 : masks[i], e->n);
    put(out, "]");
}

static void put_step(out_t *out, const sudoku_explain_t *e, const sudoku_step_t *st, uint64_t number) {
    int32_t n = e->n, rating = sudoku_technique_rating(st->technique);
    const char *name = sudoku_technique_name(st->technique);
    char r[16];
    fmt_snprintf(r, sizeof r, "%d.%d", (int)(rating / 10), (int)(rating % 10));
    put(out, "{\"n\":"), put_u64(out, number);
    put(out, ",\"technique\":"), put_json_string(out, name, strlen(name));
    put(out, ",\"rating\":"), put(out, r);
    put(out, ",\"text\":"), put_json_string(out, st->text, strlen(st->text));
    put(out, ",\"placements\":"), put_moves(out, st->placements, st->n_placements, n);
    put(out, ",\"eliminations\":"), put_moves(out, st->eliminations, st->n_eliminations, n);
    put(out, ",\"cells\":"), put_cells(out, st->cells, st->n_cells, n);
    put(out, ",\"houses\":[");
    for (int32_t h = 0; h < st->n_houses; h++)
        put(out, h ? "," : ""), put_cells(out, e->house_cells + (size_t)st->houses[h] * (size_t)n, n, n);
    put(out, "]");
}

static int32_t do_steps(call_t *c) {
    options_t o;
    if (parse_options(c, &o, OPT_SHAPE | OPT_LIMIT | OPT_NODES | OPT_CANDIDATES | OPT_FROM, "steps", 0) ||
        load_board(c, &o))
        return fail(c->error);
    sudoku_explain_opts_t eo = {0};
    eo.max_nodes = o.max_nodes ? o.max_nodes : UINT64_MAX; /* 0: no budget */
    sudoku_explain_t *e = sudoku_explain_begin(board.solver, board.text.cells, &eo, &board.err);
    if (!e && board.err.code == SUDOKU_ESTOPPED)
        return failf(c, "gave up after %llu search nodes proving the solution unique; allow more with max-nodes=N (0: no budget)",
                     (unsigned long long)o.max_nodes);
    if (!e) return fail(board.err.message);
    uint8_t *values = o.candidates ? malloc((size_t)e->cells) : NULL;
    uint64_t *masks = o.candidates ? malloc((size_t)e->cells * sizeof *masks) : NULL;
    if (o.candidates && (!values || !masks)) return fail("out of memory");
    out_t out = {0};
    put(&out, "{"), put_board_json(&out, &o), put(&out, ",\"steps\":[");
    uint64_t number = 0, given = 0;
    int more = 1;
    sudoku_step_t st;
    while (!o.limit || given < o.limit) {
        int wanted = number + 1 >= o.from;
        if (wanted && o.candidates) sudoku_explain_grid(e, values, masks); /* before the step is applied */
        if ((more = sudoku_explain_next(e, &st)) != 1) break;
        if (!wanted) {
            number++;
            continue;
        }
        put(&out, given++ ? "," : ""), put_step(&out, e, &st, ++number);
        if (o.candidates) put_state(&out, e, values, masks);
        put(&out, "}");
    }
    if (more == 1 && o.limit && given == o.limit) more = sudoku_explain_next(e, &st); /* is there a next one? */
    put(&out, "],\"count\":"), put_u64(&out, number);
    put(&out, ",\"done\":"), put(&out, more == 1 ? "false" : "true"), put(&out, "}");
    return answer(&out);
}

EXPORT2(steps, do_steps)
