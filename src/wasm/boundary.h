/* wasm/boundary.h: what the other boundary files (explain.c, zdd.c) need
 * from exports.c, which keeps the one last-error record, and the problem
 * handle they share. */
#ifndef DLXKIT_WASM_BOUNDARY_H
#define DLXKIT_WASM_BOUNDARY_H

#include <stdint.h>
#include "dlx_text.h"
#include "sudoku.h"

/* A problem for JS: the engine, and the names when it came from DLX text. */
typedef struct {
    dlx_t *dlx;
    dlx_text_t *text; /* owns dlx when set */
} dk_problem_t;

/* Record *e as the last error (dk_error()); its code. */
int32_t boundary_sudoku_error(const sudoku_error_t *e);
/* A negative engine code recorded as the last error, with its standard
 * message (others returned as they are). */
int32_t boundary_error(int32_t code);

/* lines.c: a line table (value, kind: 128 entries each) made ready once for
 * many lines; one line of n2 bytes turned in place into cell values by it,
 * out: [first mark, marks, givens]. Nonzero when the line is the C reader's. */
typedef struct {
    const int8_t *value, *kind;
    _Alignas(16) uint8_t pieces[8][16]; /* with SIMD128: the table as one byte an entry */
} line_table_t;
void sudoku_line_table(const int8_t *value, const int8_t *kind, line_table_t *lt);
int32_t sudoku_line_values(const line_table_t *lt, uint8_t *line, int32_t n2, int32_t *out);
/* A solution's n2 values (0..n) written in place as codes[v] (80 bytes), `mark` for 0. */
void sudoku_line_symbols(const uint8_t *codes, uint8_t mark, uint8_t *line, int32_t n2, int32_t n);

#endif
